//! Shield & Sword: "Swaps the respective ATK and DEF values of each monster on the Field."
//! Each face-up monster's ATK and DEF trade places as they stand now, by a lasting change of
//! the difference: what changes afterwards (its terrain, a power-up) still counts on top of
//! the traded values. A face-down monster shows no values to trade and keeps its own.

use super::Resolved;
use super::modify_stats::saturating_i16;
use crate::card::{Duration, Targets};
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn swap_stats(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        for cell in self.select(targets, effect, false) {
            let Some(piece) = self.state.piece(cell).filter(|p| p.face_up && !p.leader) else {
                continue;
            };
            let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)) else {
                continue;
            };
            // From the values before they are floored at 0, so that the monster shows
            // exactly the other value afterwards.
            let (raw_atk, raw_def) = self.unfloored_stats_of(cell, piece, card);
            let (shown_atk, shown_def) = (raw_atk.max(0), raw_def.max(0));
            let (atk, def) = (
                saturating_i16(shown_def - raw_atk),
                saturating_i16(shown_atk - raw_def),
            );
            if atk == 0 && def == 0 {
                continue;
            }
            self.add_stat_change(cell, atk, def, Duration::Permanent, events);
        }
        Resolved::Done
    }
}
