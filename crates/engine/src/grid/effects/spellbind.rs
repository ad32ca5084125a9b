//! Spellbind monsters for a number of turns, or for good.

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::{Bind, Class};
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn spellbind_targets(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        turns: Option<u8>,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let turn = self.state.turn;
        for cell in self.select(targets, effect, false) {
            if let Some(p) = self.state.piece_mut(cell)
                && p.class == Class::Monster
            {
                p.bind = match turns {
                    Some(n) => Bind::Turns(n),
                    None => Bind::Forever,
                };
                p.bound_turn = turn;
                events.push(Event::Spellbound { at: cell.into() });
            }
        }
        Resolved::Done
    }
}
