//! Turn cards face-down.

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::piece::Retyped;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn flip_face_down(&mut self, effect: &QueuedEffect, targets: &Targets) -> Resolved {
        for cell in self.select(targets, effect, false) {
            if let Some(p) = self.state.piece_mut(cell) {
                p.face_up = false;
                // Face-down it shows nothing of its card, a changed type included.
                p.retyped = Retyped::NONE;
                p.turns_in_defence = None;
            }
        }
        Resolved::Done
    }
}
