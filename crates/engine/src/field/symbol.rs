//! Kingdom Duels' Symbol Rule cards: objects and powers from the anime, optional to the
//! duel ("all players must unanimously agree if they want to play with them or not before
//! the duel starts": the format's `field.symbols`). A player plays at most one, from their
//! Extra Deck to their Rule Zone in their Main Phase ("as a Slow Effect"); its effects are
//! Quick and "consume a certain amount of charges that the card must have or they cannot be
//! activated", and "a player can only activate one of their Symbol effects per round".
//! The card facts print each Symbol's charges but not its effects, so the player names the
//! charges an effect costs and the effect resolves by agreement, on the chain.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::awaiting::Decision;
use crate::card::CardId;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::Subtype;
use crate::knowledge::Knowledge;
use crate::place::{Place, Zone};
use crate::seat::Seat;

/// A Symbol Rule card in its player's Rule Zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SymbolInPlay {
    pub card: CardId,
    pub card_ref: CardRef,
    /// Charges still on the card.
    pub charges: u8,
    /// Whether one of its effects was activated since its player's last turn began (once
    /// per round).
    pub used_this_round: bool,
}

/// The Rule Zone of `seat`, where a Symbol's effect is activated from.
pub fn rule_zone(seat: Seat) -> Place {
    Place::Zone {
        side: seat,
        zone: Zone::Rule,
        slot: 0,
    }
}

fn refused(what: &'static str, why: &'static str) -> RuleError {
    RuleError::CannotUseSymbol { what, why }
}

impl Duel {
    /// The printed charges of `card` if it is a Symbol Rule card.
    fn symbol_charges(&self, card: CardId) -> Option<u8> {
        let kingdom = self.rules.pool.get(card)?.kingdom()?;
        kingdom
            .has_subtype(Subtype::Symbol)
            .then_some(kingdom.charges.unwrap_or(0))
    }

    /// Why `seat` may not play a Symbol card now, if it may not.
    fn symbol_play_refused(&self, seat: Seat) -> Option<RuleError> {
        let why = if !self.rules.format.field.symbols {
            "this format plays without Symbol cards (every player must agree to them before \
             the duel: choose a format with Symbols)"
        } else if !matches!(self.state.awaiting.decision(), Some((s, Decision::Main)) if s == seat)
        {
            "a Symbol card is played in your Main Phase, with nothing else going on"
        } else if self.state.player(seat).symbol.is_some() {
            "you may only play one Symbol card per duel"
        } else {
            return None;
        };
        Some(refused("played", why))
    }

    /// `seat` plays the Symbol card `card_ref` of its Extra Deck to its Rule Zone.
    pub(super) fn play_symbol(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.symbol_play_refused(seat) {
            return Err(refused);
        }
        let card =
            self.shown_from_extra_deck(seat, card_ref, reveal, |why| refused("played", why))?;
        let commitment = self.state.commitment(card_ref);
        let Some(charges) = self.symbol_charges(card) else {
            return Err(refused("played", "that card is not a Symbol Rule card"));
        };
        self.state
            .player_mut(seat)
            .extra_deck
            .retain(|r| *r != card_ref);
        self.learn(seat, commitment, card, events)?;
        self.state.player_mut(seat).symbol = Some(SymbolInPlay {
            card,
            card_ref,
            charges,
            used_this_round: false,
        });
        events.push(Event::SymbolPlayed {
            seat,
            card,
            charges,
        });
        Ok(())
    }

    /// Whether `seat` has a Symbol card with charges it has not used this round: a response
    /// window opens for it (public facts only).
    pub(super) fn symbol_ready(&self, seat: Seat) -> bool {
        self.rules.format.field.symbols
            && self
                .state
                .player(seat)
                .symbol
                .is_some_and(|s| s.charges > 0 && !s.used_this_round)
    }

    /// Why `seat` may not spend `charges` on a Symbol effect now, if it may not.
    fn symbol_use_refused(&self, seat: Seat, charges: u8) -> Option<RuleError> {
        let symbol = self.state.player(seat).symbol;
        let why = match symbol {
            _ if !self.rules.format.field.symbols => "this format plays without Symbol cards",
            None => "you have no Symbol card in your Rule Zone",
            // A Quick effect: whenever a Quick card could be activated.
            Some(_) if self.activation_timing(seat).is_none() => {
                "a Symbol effect is Quick: activate it in your Main or Battle Phase, or when \
                 you are asked to respond"
            }
            Some(s) if s.used_this_round => {
                "you may activate only one of your Symbol effects per round"
            }
            Some(_) if charges == 0 => "a Symbol effect spends at least one charge",
            Some(s) if charges > s.charges => "the card does not have that many charges left",
            Some(_) => return None,
        };
        Some(refused("activated", why))
    }

    /// `seat` activates an effect of its Symbol card for `charges` charges.
    pub(super) fn use_symbol(
        &mut self,
        seat: Seat,
        charges: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.symbol_use_refused(seat, charges) {
            return Err(refused);
        }
        self.use_response_window();
        let Some(symbol) = self.state.player_mut(seat).symbol.as_mut() else {
            return Err(refused("activated", "no Symbol card"));
        };
        symbol.charges -= charges;
        symbol.used_this_round = true;
        let (card, card_ref, left) = (symbol.card, symbol.card_ref, symbol.charges);
        events.push(Event::SymbolUsed {
            seat,
            card,
            charges,
            left,
        });
        self.add_chain_link(seat, card, card_ref, rule_zone(seat), events);
        Ok(())
    }

    /// The Symbol actions open to `seat` now: playing one from its Extra Deck (those its
    /// knowledge opens), and each number of charges an effect may spend.
    pub(super) fn symbol_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        if self.symbol_play_refused(seat).is_none() {
            for card_ref in &self.state.player(seat).extra_deck {
                let Some(reveal) = knowledge.get(&self.state.commitment(*card_ref)) else {
                    continue;
                };
                if self.symbol_charges(reveal.card).is_some() {
                    out.push(Action::PlaySymbol {
                        card_ref: *card_ref,
                        reveal: *reveal,
                    });
                }
            }
        }
        let left = self.state.player(seat).symbol.map_or(0, |s| s.charges);
        for charges in 1..=left {
            if self.symbol_use_refused(seat, charges).is_none() {
                out.push(Action::UseSymbol { charges });
            }
        }
    }
}
