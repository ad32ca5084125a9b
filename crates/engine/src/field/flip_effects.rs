//! Kingdom Duels' FLIP effects: "The effect is activated when this card is flipped face-up
//! (either by battle, by an effect or by manually flipping the card face-up)."
//!
//! A monster has a FLIP effect when the players' definitions give it the `flip` keyword.
//! Turned face-up while Hidden — attacked or attacking, by an agreed outcome's `flip` step,
//! or by its player's Flip Summon — it is noted as due, and as soon as nothing else is under
//! way (no chain, no effect being agreed, the battle's aftermath over) its effect is
//! activated by itself: a chain link of its controller, resolved by agreement like every
//! Kingdom Duels effect. Reading (docs/RULES.md): as in the card game, the effect activates
//! after the battle, whatever became of the monster in it, and one flipped while a chain
//! resolves starts a new chain once that one is over.

use serde::{Deserialize, Serialize};

use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::kingdom_card::Keyword;
use crate::place::Place;
use crate::seat::Seat;

/// A FLIP effect waiting to be activated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FlipEffectDue {
    pub controller: Seat,
    pub card: crate::card::CardId,
    pub card_ref: CardRef,
    /// Where the card was flipped face-up.
    pub at: Place,
}

impl Duel {
    /// The monster at `at` was just turned face-up: its FLIP effect, if it has one, is due.
    pub(crate) fn note_flip_effect(&mut self, at: Place) {
        let Some(piece) = self.zone_piece(at) else {
            return;
        };
        let Some(card) = piece.card else {
            return;
        };
        let has_flip = piece.class == crate::piece::Class::Monster
            && self
                .rules
                .pool
                .get(card)
                .and_then(|c| c.kingdom())
                .is_some_and(|k| k.has_keyword(Keyword::Flip));
        if has_flip {
            let due = FlipEffectDue {
                controller: piece.controller,
                card,
                card_ref: piece.card_ref,
                at,
            };
            self.state.flip_effects_due.push(due);
        }
    }

    /// Activates the FLIP effects due, the turn player's first and then in turn order (several
    /// flipped at once make one chain): returns whether it activated any.
    pub(super) fn activate_due_flip_effects(&mut self, events: &mut Vec<Event>) -> bool {
        if self.state.flip_effects_due.is_empty() {
            return false;
        }
        let due = std::mem::take(&mut self.state.flip_effects_due);
        let table = self.state.table;
        let order: Vec<Seat> = table.turn_order_from(self.state.active);
        let mut activated = false;
        for seat in order {
            for effect in due.iter().filter(|d| d.controller == seat) {
                events.push(Event::FlipEffectActivated {
                    seat,
                    at: effect.at,
                    card: effect.card,
                });
                self.add_chain_link(seat, effect.card, effect.card_ref, effect.at, events);
                activated = true;
            }
        }
        activated
    }
}
