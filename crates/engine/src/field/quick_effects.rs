//! Response windows for face-up cards' Quick Effects. Any face-up card may try its effect as
//! a Quick Effect when its player is asked (the card facts carry no effect texts), but who is
//! asked depends on public facts, and a face-up card alone says nothing about its text. The
//! players' definitions can: a card defined with `quick-effect` ("Quick Speed can respond
//! to Slow or Quick effects") is public knowledge, so its player is asked about every chain
//! link, attack and summon it could answer while it is face-up on the field and its effect
//! has not been activated this turn (once per turn, as every face-up effect).

use crate::duel::Duel;
use crate::kingdom_card::Keyword;
use crate::seat::Seat;

impl Duel {
    /// Whether `seat` controls a face-up card defined with a Quick Effect it has not used
    /// this turn: a window opens for it.
    pub(super) fn has_ready_quick_effect(&self, seat: Seat) -> bool {
        let field = *self.field();
        field.zones_of(self.side_of(seat)).any(|at| {
            self.zone_piece(at).is_some_and(|p| {
                p.face_up
                    && !p.activated
                    && self.controls(seat, p)
                    && p.card
                        .and_then(|id| self.rules.pool.get(id))
                        .and_then(|card| card.kingdom())
                        .is_some_and(|k| k.has_keyword(Keyword::QuickEffect))
            })
        })
    }
}
