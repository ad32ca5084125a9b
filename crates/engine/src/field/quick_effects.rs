//! Response windows for face-up cards' Quick Effects. Any face-up card may try its effect as
//! a Quick Effect when its player is asked (the card facts carry no effect texts), but who is
//! asked depends on public facts, and a face-up card alone says nothing about its text. The
//! players' definitions can: a card defined with `quick-effect` ("Quick Speed can respond
//! to Slow or Quick effects") is public knowledge, so its player is asked about every chain
//! link, attack and summon it could answer while it is face-up on the field and its effect
//! has not been activated this turn (once per turn, as every face-up effect). A group that
//! takes "Normal Monster cards ... have effects" to mean any face-up card may hold one sets
//! `field.quick_windows_for_every_face_up_card`.

use super::activation::field_speed;
use super::trigger_traps::has_trigger;
use crate::card::CardDef;
use crate::duel::Duel;
use crate::kingdom_card::{Keyword, Speed};
use crate::seat::Seat;

impl Duel {
    /// Whether `seat` controls a face-up card with a Quick Effect it has not used this turn
    /// (one its definition says has one, or with `field.quick_windows_for_every_face_up_card`
    /// any it could still activate at Quick speed): a window opens for it.
    pub(super) fn has_ready_quick_effect(&self, seat: Seat) -> bool {
        let field = *self.field();
        field.zones_of(self.side_of(seat)).any(|at| {
            self.zone_piece(at).is_some_and(|p| {
                p.face_up
                    && !p.activated
                    && self.controls(seat, p)
                    && p.card
                        .and_then(|id| self.rules.pool.get(id))
                        .is_some_and(|card| self.may_hold_a_quick_effect(seat, card))
            })
        })
    }

    fn may_hold_a_quick_effect(&self, seat: Seat, card: &CardDef) -> bool {
        if card
            .kingdom()
            .is_some_and(|k| k.has_keyword(Keyword::QuickEffect))
        {
            return true;
        }
        // A Trigger's card answers its own windows (`trigger_traps.rs`).
        self.rules.format.field.quick_windows_for_every_face_up_card
            && field_speed(card) != Speed::Slow
            && !has_trigger(card)
            && !self.hard_once_per_turn_used(seat, Some(card))
    }
}
