//! Searching a deck, as an agreed outcome allows: the searching player sees their own deck
//! (they know its cards; nobody, them included, knows its order) and takes one card into
//! their hand, opened for everyone, or finds nothing. The deck is then shuffled, as in the
//! card game (format option `agreement.shuffle_after_search`); without that it keeps its
//! secret order, and a draw that later reaches the taken card's position moves on to the
//! next one.

use crate::action::Action;
use crate::awaiting::{Awaiting, Decision};
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::player::{CardSlot, DeckOrder};
use crate::seat::Seat;

impl Duel {
    /// Asks the first player due to search; returns whether the duel now waits for that.
    pub(crate) fn await_search(&mut self) -> bool {
        let Some(seat) = self.state.searches_due.first().copied() else {
            return false;
        };
        self.state.awaiting = Awaiting::Decision {
            seat,
            decision: Decision::SearchDeck,
        };
        true
    }

    /// `seat`'s choices in a search: each card of their deck, or nothing.
    pub(crate) fn search_choices(&self, seat: Seat, knowledge: &Knowledge) -> Vec<Action> {
        let mut out = vec![Action::TakeFromDeck { taken: None }];
        let mut seen = Vec::new();
        for card_ref in &self.state.player(seat).deck {
            let Some(reveal) = knowledge.get(&self.state.commitment(*card_ref)) else {
                continue;
            };
            // One choice per different card: copies are the same choice to the player.
            if seen.contains(&reveal.card) {
                continue;
            }
            seen.push(reveal.card);
            out.push(Action::TakeFromDeck {
                taken: Some((*card_ref, *reveal)),
            });
        }
        out
    }

    pub(crate) fn take_from_deck(
        &mut self,
        seat: Seat,
        taken: Option<(CardRef, Reveal)>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_this_decision(seat, &Decision::SearchDeck, "take-from-deck")?;
        self.state.searches_due.remove(0);
        let Some((card_ref, reveal)) = taken else {
            events.push(Event::SearchedDeck { seat, card: None });
            return Ok(());
        };
        let player = self.state.player(seat);
        if !player.deck.contains(&card_ref) {
            return Err(RuleError::NotInDeck { seat });
        }
        let commitment = self.state.commitment(card_ref);
        self.check_reveal(seat, &commitment, &reveal)?;
        self.take_out_of_deck(seat, card_ref);
        let player = self.state.player_mut(seat);
        player.hand.push(CardSlot {
            card_ref,
            card: Some(reveal.card),
        });
        self.learn(seat, commitment, reveal.card, events)?;
        events.push(Event::SearchedDeck {
            seat,
            card: Some(reveal.card),
        });
        if self.rules.format.agreement.shuffle_after_search && self.reshuffle_fits(seat, 0) {
            self.shuffle_deck(seat, events);
        }
        Ok(())
    }

    /// Takes `card_ref` out of `seat`'s deck, wherever it lies there. In a permuted deck a
    /// draw that later reaches its position moves on to the next one.
    pub(crate) fn take_out_of_deck(&mut self, seat: Seat, card_ref: CardRef) {
        let player = self.state.player_mut(seat);
        player.deck.retain(|r| *r != card_ref);
        if let DeckOrder::Permuted {
            taken, top, bottom, ..
        } = &mut player.deck_order
        {
            taken.push(card_ref);
            top.retain(|r| *r != card_ref);
            bottom.retain(|r| *r != card_ref);
        }
    }
}
