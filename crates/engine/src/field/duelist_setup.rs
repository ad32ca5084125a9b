//! Kingdom Duels' Duelist Setup: a Setup Rule card played in the Setup Phase, whose
//! "Cardlist" lets its player replace up to 2 cards of their starting hand with cards of
//! that list, each shown as it is added, and then shuffle their deck.
//!
//! The card facts print no Cardlist, so a deck file writes it out, and the list is public
//! from the moment the deck is committed (as printed on the card, every player could read
//! it). The cards come out of the player's own deck: the seed swaps hand cards "with" the
//! listed cards and then shuffles the deck, which only means something if the hand cards go
//! back into it. The swap is a search in everything but name — the player sees their own
//! deck, whose order nobody knows — and the shuffle is the protocol's reshuffle round.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::awaiting::{Awaiting, Decision};
use crate::card::CardId;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::player::{CardSlot, DeckOrder};
use crate::seat::Seat;
use crate::state::Resume;

/// The most starting cards a Duelist Setup replaces.
pub const MAX_STARTING_SWAPS: usize = 2;

/// A Duelist Setup a player plays: the Setup Rule card, in its owner's Rule Zone from the
/// Setup Phase on, and its Cardlist.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DuelistSetup {
    pub card: CardId,
    /// The Cardlist, one entry per copy it allows beyond the Restricted List ("in the
    /// quantity it specifies if it's more than one").
    pub cardlist: Vec<CardId>,
}

impl DuelistSetup {
    pub fn lists(&self, card: CardId) -> bool {
        self.cardlist.contains(&card)
    }
}

impl Duel {
    /// The first player, clockwise from the one who goes first, who still has to decide on
    /// their Duelist Setup swap; the duel waits for them. Returns whether it does.
    pub(crate) fn await_starting_swap(&mut self) -> bool {
        // At the Setup Phase, from the first player; for a player who joined a Battle
        // Royale later, from the turn player.
        let first = match self.state.resume {
            Resume::FirstTurn { seat } => seat,
            _ => self.state.active,
        };
        let next = self
            .state
            .table
            .clockwise_from(first)
            .find(|s| self.state.player(*s).starting_swap_due);
        let Some(seat) = next else {
            return false;
        };
        self.state.awaiting = Awaiting::Decision {
            seat,
            decision: Decision::StartingSwap,
        };
        true
    }

    /// `seat`'s choices: keep the hand, or give back 1 or 2 of its cards for as many
    /// different Cardlist cards of their deck. Copies are one choice to the player, on both
    /// sides.
    pub(crate) fn starting_swap_choices(&self, seat: Seat, knowledge: &Knowledge) -> Vec<Action> {
        let keep = Action::SwapStartingCards {
            give: Vec::new(),
            take: Vec::new(),
        };
        let player = self.state.player(seat);
        let Some(setup) = &player.duelist_setup else {
            return vec![keep];
        };
        let mut listed: Vec<(CardRef, Reveal)> = Vec::new();
        for card_ref in &player.deck {
            let Some(reveal) = knowledge.get(&self.state.commitment(*card_ref)) else {
                continue;
            };
            if setup.lists(reveal.card) && !listed.iter().any(|(_, r)| r.card == reveal.card) {
                listed.push((*card_ref, *reveal));
            }
        }
        // Copies in the hand are one choice too: a card is told apart by what it is where
        // the player knows that, by its reference otherwise.
        let key = |slot: &CardSlot| {
            let known = slot
                .card
                .or_else(|| knowledge.card(&self.state.commitment(slot.card_ref)));
            (known, known.is_none().then_some(slot.card_ref))
        };
        let mut hand: Vec<CardRef> = Vec::new();
        let mut singles = Vec::new();
        let mut pairs_of_hand: Vec<[CardRef; 2]> = Vec::new();
        let mut pair_keys = Vec::new();
        for (i, slot) in player.hand.iter().enumerate() {
            if !singles.contains(&key(slot)) {
                singles.push(key(slot));
                hand.push(slot.card_ref);
            }
            for other in player.hand.iter().skip(i + 1) {
                let mut pair = [key(slot), key(other)];
                pair.sort();
                if !pair_keys.contains(&pair) {
                    pair_keys.push(pair);
                    pairs_of_hand.push([slot.card_ref, other.card_ref]);
                }
            }
        }
        let mut out = vec![keep];
        for give in &hand {
            for take in &listed {
                out.push(Action::SwapStartingCards {
                    give: vec![*give],
                    take: vec![*take],
                });
            }
        }
        for give in &pairs_of_hand {
            for (i, first) in listed.iter().enumerate() {
                for second in listed.iter().skip(i + 1) {
                    out.push(Action::SwapStartingCards {
                        give: give.to_vec(),
                        take: vec![*first, *second],
                    });
                }
            }
        }
        out
    }

    pub(crate) fn swap_starting_cards(
        &mut self,
        seat: Seat,
        give: &[CardRef],
        take: &[(CardRef, Reveal)],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_this_decision(seat, &Decision::StartingSwap, "swap-starting-cards")?;
        let bad = |why: String| RuleError::BadStartingSwap { why };
        let player = self.state.player(seat);
        let Some(setup) = player.duelist_setup.clone() else {
            return Err(bad("you played no Duelist Setup".into()));
        };
        if give.len() != take.len() {
            return Err(bad(format!(
                "{} cards given back for {} taken: each card of the hand is replaced by one \
                 card of the Cardlist",
                give.len(),
                take.len()
            )));
        }
        if take.len() > MAX_STARTING_SWAPS {
            return Err(bad(format!(
                "{} cards swapped; a Duelist Setup replaces up to {MAX_STARTING_SWAPS}",
                take.len()
            )));
        }
        for (i, card_ref) in give.iter().enumerate() {
            if !player.hand.iter().any(|s| s.card_ref == *card_ref) {
                return Err(bad("a card given back is not in your hand".into()));
            }
            if give[..i].contains(card_ref) {
                return Err(bad("the same hand card is given back twice".into()));
            }
        }
        for (i, (card_ref, reveal)) in take.iter().enumerate() {
            if !player.deck.contains(card_ref) || take[..i].iter().any(|(r, _)| r == card_ref) {
                return Err(RuleError::NotInDeck { seat });
            }
            let commitment = self.state.commitment(*card_ref);
            self.check_reveal(seat, &commitment, reveal)?;
            let name = || {
                self.rules
                    .pool
                    .get(reveal.card)
                    .map_or_else(|| reveal.card.to_string(), |d| d.name.clone())
            };
            if !setup.lists(reveal.card) {
                return Err(bad(format!(
                    "{} is not in your Duelist Setup's Cardlist",
                    name()
                )));
            }
            if take[..i].iter().any(|(_, r)| r.card == reveal.card) {
                return Err(bad(format!(
                    "{} is taken twice: the Cardlist adds one copy of each different card",
                    name()
                )));
            }
        }
        self.state.player_mut(seat).starting_swap_due = false;
        if take.is_empty() {
            events.push(Event::StartingHandKept { seat });
            return Ok(());
        }
        for (card_ref, reveal) in take {
            let commitment = self.state.commitment(*card_ref);
            let player = self.state.player_mut(seat);
            player.deck.retain(|r| r != card_ref);
            if let DeckOrder::Permuted {
                taken, top, bottom, ..
            } = &mut player.deck_order
            {
                taken.push(*card_ref);
                top.retain(|r| r != card_ref);
                bottom.retain(|r| r != card_ref);
            }
            player.hand.push(CardSlot {
                card_ref: *card_ref,
                card: Some(reveal.card),
            });
            self.learn(seat, commitment, reveal.card, events)?;
        }
        let player = self.state.player_mut(seat);
        for card_ref in give {
            player.hand.retain(|s| s.card_ref != *card_ref);
            player.deck.push(*card_ref);
        }
        events.push(Event::StartingCardsSwapped {
            seat,
            taken: take.iter().map(|(_, r)| r.card).collect(),
        });
        // The seed: "and then shuffle their deck".
        self.shuffle_deck(seat, events);
        Ok(())
    }
}
