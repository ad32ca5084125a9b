//! Raise or lower ATK and DEF for a while.

use super::Resolved;
use crate::card::{Area, CardDef, Duration, Targets};
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::Modifier;
use crate::state::QueuedEffect;

impl Duel {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn modify_stats(
        &mut self,
        card: &CardDef,
        effect: &QueuedEffect,
        targets: &Targets,
        atk: i16,
        def: i16,
        duration: Duration,
        events: &mut Vec<Event>,
    ) -> Resolved {
        // An equip's own bonus is read from the equip list where it is attached.
        if card.equip_to.is_some() && targets.area == Area::This {
            return Resolved::Done;
        }
        for cell in self.select(targets, effect, false) {
            if let Some(p) = self.state.piece_mut(cell) {
                p.modifiers.push(Modifier::stats(atk, def, duration));
            }
            if let Some((a, d)) = self.stats_at(cell) {
                events.push(Event::StatsChanged {
                    at: cell.into(),
                    atk: a,
                    def: d,
                });
            }
        }
        Resolved::Done
    }
}
