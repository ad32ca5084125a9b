//! Raise or lower ATK and DEF for a while.

use super::Resolved;
use crate::card::{Area, CardDef, Duration, Targets};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
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
            self.add_stat_change(cell, atk, def, duration, events);
        }
        Resolved::Done
    }

    /// Adds a change of `atk` and `def` lasting `duration` to the card at `cell`, and tells
    /// everyone its new ATK and DEF.
    pub(super) fn add_stat_change(
        &mut self,
        cell: Cell,
        atk: i16,
        def: i16,
        duration: Duration,
        events: &mut Vec<Event>,
    ) {
        if let Some(p) = self.state.piece_mut(cell) {
            p.modifiers.push(Modifier::stats(atk, def, duration));
        }
        if let Some((atk, def)) = self.stats_at(cell) {
            events.push(Event::StatsChanged {
                at: cell.into(),
                atk,
                def,
            });
        }
    }
}

/// A change of ATK or DEF computed in `i32`, kept within what a stat change holds.
pub(super) fn saturating_i16(value: i32) -> i16 {
    i16::try_from(value).unwrap_or(if value < 0 { i16::MIN } else { i16::MAX })
}
