//! Halve a monster's current ATK until the end of the turn.

use super::Resolved;
use crate::card::{Duration, Targets};
use crate::duel::Duel;
use crate::piece::Modifier;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn halve_atk(&mut self, effect: &QueuedEffect, targets: &Targets) -> Resolved {
        for cell in self.select(targets, effect, false) {
            if let Some((atk, _)) = self.stats_at(cell)
                && let Some(p) = self.state.piece_mut(cell)
            {
                let half = (atk / 2).clamp(0, i32::from(i16::MAX)) as i16;
                p.modifiers
                    .push(Modifier::stats(-half, 0, Duration::EndOfTurn));
            }
        }
        Resolved::Done
    }
}
