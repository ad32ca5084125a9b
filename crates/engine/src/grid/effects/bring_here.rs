//! Move a card onto the cell where this spell was activated (Shift: "Your monster with the
//! highest ATK on the Field is transported to the space where this card is activated").
//! The spell leaves the cell first; the moved card keeps everything else about it.

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn bring_here(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(here) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let Some(from) = self
            .select(targets, effect, false)
            .into_iter()
            .find(|cell| *cell != here)
        else {
            return Resolved::Done;
        };
        self.finish_spell(effect, events);
        if self.state.piece(here).is_some() {
            return Resolved::Done;
        }
        if let Some(piece) = self.state.take(from) {
            self.state.put(here, piece);
            events.push(Event::Moved {
                from: from.into(),
                to: here.into(),
            });
            self.crush_check(here, events);
        }
        Resolved::Done
    }
}
