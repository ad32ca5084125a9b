//! Put monsters into defence position. A face-down monster's position is public, so a
//! face-down one turns too, without showing what it is.

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::Class;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn put_in_defence_position(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        for cell in self.select(targets, effect, true) {
            if let Some(p) = self.state.piece_mut(cell)
                && p.class == Class::Monster
                && !p.defence
            {
                p.defence = true;
                events.push(Event::PositionChanged {
                    at: cell.into(),
                    defence: true,
                });
            }
        }
        Resolved::Done
    }
}
