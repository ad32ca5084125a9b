//! End every change to ATK and DEF and every spellbinding counter on the targets
//! (Cursebreaker: "Cancels all spellbind and power increase/decrease effects. Does not cancel
//! any bonus effects involving terrain"). Equips stay attached; a monster held by a face-up
//! continuous card stays held while that card stays.

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::Bind;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn clear_changes(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        for cell in self.select(targets, effect, true) {
            let Some(p) = self.state.piece_mut(cell) else {
                continue;
            };
            let had_changes = !p.modifiers.is_empty();
            p.modifiers.clear();
            if p.bind != Bind::Free {
                p.bind = Bind::Free;
                events.push(Event::Released { at: cell.into() });
            }
            if had_changes && let Some((atk, def)) = self.stats_at(cell) {
                events.push(Event::StatsChanged {
                    at: cell.into(),
                    atk,
                    def,
                });
            }
        }
        Resolved::Done
    }
}
