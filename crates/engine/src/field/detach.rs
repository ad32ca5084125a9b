//! Kingdom Duels' DETACH effects: "This effect is activated if you manually detach (send to
//! the graveyard) this card while attached to another card (this is a Quick Effect unless
//! otherwise stated)."
//!
//! The card facts print no effect texts: a card has a DETACH effect when the players'
//! definitions give it the `detach` keyword. Only such a card may be detached by hand (what
//! other attached cards become is up to the effects that say so); it goes to its owner's
//! graveyard and its effect is a chain link resolved by agreement.

use crate::action::Action;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::Keyword;
use crate::place::{Place, Zone};
use crate::seat::Seat;

fn refused(why: impl Into<String>) -> RuleError {
    RuleError::CannotDetach { why: why.into() }
}

impl Duel {
    /// Why `seat` may not detach the `index`th card beneath its card at `at` now, if it may
    /// not.
    fn detach_refused(&self, seat: Seat, at: Place, index: u8) -> Option<RuleError> {
        if self.activation_timing(seat).is_none() {
            return Some(refused(
                "a DETACH effect is a Quick Effect: detach in your Main or Battle Phase, or \
                 when you are asked to respond",
            ));
        }
        let piece = match self.own_zone_piece(seat, at) {
            Ok(piece) => piece,
            Err(error) => return Some(error),
        };
        let Some(attached) = piece.attached.get(usize::from(index)) else {
            return Some(refused(format!(
                "the card at {at} has {} card{} attached beneath it",
                piece.attached.len(),
                if piece.attached.len() == 1 { "" } else { "s" }
            )));
        };
        let has_detach = self
            .rules
            .pool
            .get(attached.card)
            .and_then(|c| c.kingdom())
            .is_some_and(|k| k.has_keyword(Keyword::Detach));
        if !has_detach {
            let name = self
                .rules
                .pool
                .get(attached.card)
                .map_or("that card", |c| c.name.as_str());
            return Some(refused(format!(
                "{name} has no DETACH effect (the `detach` keyword of your card definitions)"
            )));
        }
        None
    }

    /// `seat` detaches the `index`th card beneath its card at `at`: the card goes to its
    /// owner's graveyard and its DETACH effect becomes a link of the chain.
    pub(super) fn field_detach(
        &mut self,
        seat: Seat,
        at: Place,
        index: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(error) = self.detach_refused(seat, at, index) {
            return Err(error);
        }
        let Some(attached) = self
            .zone_piece_mut(at)
            .map(|piece| piece.attached.remove(usize::from(index)))
        else {
            return Err(RuleError::EmptyCell { at });
        };
        let graveyard = self.side_of(attached.owner);
        let pile = &mut self.state.player_mut(graveyard).graveyard;
        pile.push(attached.to_graveyard());
        let slot = u8::try_from(pile.len() - 1).unwrap_or(u8::MAX);
        let in_graveyard = Place::Zone {
            side: graveyard,
            zone: Zone::Graveyard,
            slot,
        };
        self.use_response_window();
        events.push(Event::Detached {
            seat,
            at,
            card: attached.card,
        });
        self.add_chain_link(seat, attached.card, attached.card_ref, in_graveyard, events);
        Ok(())
    }

    /// The attached cards `seat` may detach now.
    pub(super) fn detach_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.activation_timing(seat).is_none() {
            return;
        }
        for at in self.field().zones_of(self.side_of(seat)) {
            let Some(piece) = self.zone_piece(at) else {
                continue;
            };
            for index in 0..piece.attached.len() {
                let Ok(index) = u8::try_from(index) else {
                    break;
                };
                if self.detach_refused(seat, at, index).is_none() {
                    out.push(Action::Detach { at, index });
                }
            }
        }
    }
}
