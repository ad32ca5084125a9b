//! Free spellbound monsters: their spellbinding counters come off at once. A monster held by
//! a face-up continuous card stays held while that card stays.

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::Bind;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn unbind_targets(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        for cell in self.select(targets, effect, true) {
            if let Some(p) = self.state.piece_mut(cell)
                && p.bind != Bind::Free
            {
                p.bind = Bind::Free;
                events.push(Event::Released { at: cell.into() });
            }
        }
        Resolved::Done
    }
}
