//! Response windows: after a move, an attack or a spell, each opponent of the player who
//! acted gets a window to spring a trap, in priority order — clockwise from the turn player.
//! A window opens whenever a face-down card of that opponent could be a trap in reach, judged
//! from public facts only, so its opening tells nothing. Every window of an action is asked
//! before any trap sprung in them resolves.

use crate::awaiting::{Decision, TrapEvent};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::seat::Seat;

impl Duel {
    /// Opens a window for every opponent of `actor` who could answer `event`.
    pub(super) fn open_windows(&mut self, actor: Seat, event: TrapEvent, events: &mut Vec<Event>) {
        let table = self.state.table;
        for seat in table.clockwise_from(self.state.active) {
            if !table.are_opponents(actor, seat) {
                continue;
            }
            let any = self
                .state
                .pieces()
                .any(|(at, piece)| self.could_spring(seat, at, piece, event));
            if any {
                self.state.windows.push((seat, event));
                events.push(Event::ResponseWindow { seat });
            }
        }
    }

    /// The event of the window open for `seat`, or the error for an entry out of place.
    pub(super) fn expect_window(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<TrapEvent, RuleError> {
        match self.expect_decision(seat, action)? {
            Decision::Respond { event } => Ok(*event),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    /// Closes the open window: the next one (if any) opens when the duel settles.
    pub(super) fn close_window(&mut self) {
        if !self.state.windows.is_empty() {
            self.state.windows.remove(0);
        }
    }

    pub(super) fn do_pass(
        &mut self,
        seat: Seat,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let event = self.expect_window(seat, "pass")?;
        self.check_pass(seat, event, knowledge)?;
        self.claim_no_obliged_trap(seat, event, events);
        self.close_window();
        Ok(())
    }
}
