//! A monster that takes another's ATK and DEF (Greenkappa, Eyearmor: "adopts the ATK/DEF of
//! the monster with the highest attack power on the field"; Change Slime: of the monster it
//! battles). The change is made once and lasts while it stays on the field.

use super::Resolved;
use super::modify_stats::saturating_i16;
use crate::card::{Duration, Targets};
use crate::duel::Duel;
use crate::event::Event;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn adopt_stats(
        &mut self,
        effect: &QueuedEffect,
        from: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(at) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        // Only a face-up monster's stats can be read by everyone.
        let source = self
            .select(from, effect, false)
            .into_iter()
            .find_map(|cell| self.stats_at(cell));
        let still_here = self
            .state
            .piece(at)
            .is_some_and(|p| p.card == Some(effect.card) && p.face_up);
        let (Some((atk, def)), Some((own_atk, own_def)), true) =
            (source, self.stats_at(at), still_here)
        else {
            return Resolved::Done;
        };
        let (atk, def) = (saturating_i16(atk - own_atk), saturating_i16(def - own_def));
        self.add_stat_change(at, atk, def, Duration::Permanent, events);
        Resolved::Done
    }
}
