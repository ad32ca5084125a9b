//! Outcome steps that decide the duel: "you lose the Duel" (Domain Format's errata reads
//! "your opponent wins the Duel" so) and "you win the Duel", every player not on the
//! winner's side losing.

use super::Operation;
use crate::duel::Duel;
use crate::event::Event;
use crate::format::Family;
use crate::seat::SeatSet;
use crate::state::WinReason;

impl Duel {
    /// Runs a `LoseDuel` or `WinDuel` step whose seat is known to be in the duel.
    pub(super) fn run_duel_result(&mut self, operation: &Operation, events: &mut Vec<Event>) {
        let losers = match operation {
            Operation::LoseDuel { seat } => SeatSet::only(*seat),
            Operation::WinDuel { seat } => {
                let table = self.state.table;
                table
                    .seats()
                    .filter(|s| table.in_play(*s) && table.are_opponents(*seat, *s))
                    .collect()
            }
            _ => return,
        };
        self.remove_by_outcome(losers, WinReason::CardEffect, events);
    }

    /// An outcome takes `losers` out of the duel, by its family's rules for a removal.
    pub(super) fn remove_by_outcome(
        &mut self,
        losers: SeatSet,
        reason: WinReason,
        events: &mut Vec<Event>,
    ) {
        if self.rules.format.family == Family::Grid {
            self.eliminate(losers, reason, events);
        } else {
            self.field_eliminate(losers, reason, events);
        }
    }
}
