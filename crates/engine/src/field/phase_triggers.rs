//! Kingdom Duels' Trigger traps on a phase. "Trap Cards have a 'Trigger' condition which
//! indicates that the card effect is automatically activated when that trigger is met": a
//! Trigger may be a moment of the turn rather than an action — an opponent's Standby Phase,
//! the start of an opponent's Battle Phase, an End Phase. The card facts print no Triggers,
//! so the players' card definitions name them (`trigger-opponent-standby-phase`,
//! `trigger-opponent-battle-phase`, `trigger-end-phase`).
//!
//! When such a phase begins, a response window opens, in the rotation from the turn player,
//! for each player who could answer it, judged from public facts only as for an attack or a
//! summon: a face-up trap whose Trigger the phase meets, or a Set card that could be a ready
//! trap — the latter only when some trap of the pool has that phase as its Trigger, so that
//! a pool without one never asks anybody anything at a phase's start. The windows are the
//! Trigger traps' (`trigger_traps.rs`): a triggered trap must be activated or left Set for
//! an Idle Warning, and a pass records a claim that none of the player's Set cards is one.
//! The phase goes on once every window has closed and any chain begun in one has resolved.

use crate::awaiting::TrapEvent;
use crate::duel::Duel;
use crate::seat::Seat;
use crate::state::Phase;
use crate::turn_order::TurnOrder;

impl Duel {
    /// `of`'s `phase` begins: opens a window for each player who could answer a Trigger on
    /// it.
    pub(super) fn open_phase_windows(&mut self, phase: Phase, of: Seat) {
        let event = TrapEvent::PhaseBegins { phase, of };
        let defined = self.rules.phase_triggers.contains(&phase);
        let table = self.state.table;
        let asked: Vec<Seat> = table
            .turn_order_from(of)
            .into_iter()
            .filter(|s| {
                self.has_face_up_triggered(*s, event)
                    || (defined
                        && phase_may_trigger(phase, *s, of, &table)
                        && self.may_hold_ready_trap(*s))
            })
            .collect();
        self.state
            .windows
            .extend(asked.into_iter().map(|s| (s, event)));
    }

    /// Kingdom Duels' Standby Phase: it asks nothing of the turn player, so it begins after
    /// the draw and ends as soon as its windows have closed.
    pub(super) fn begin_standby_phase(&mut self, seat: Seat) {
        self.state.phase = Phase::Standby;
        self.open_phase_windows(Phase::Standby, seat);
    }
}

/// Whether `of`'s `phase` could meet the Trigger of a trap of `seat`'s: an End Phase is
/// anyone's; the Standby and Battle Phases Trigger only their opponents' traps.
pub(super) fn phase_may_trigger(phase: Phase, seat: Seat, of: Seat, table: &TurnOrder) -> bool {
    match phase {
        Phase::End => true,
        Phase::Standby | Phase::Battle => table.are_opponents(seat, of),
        Phase::Main | Phase::SecondMain => false,
    }
}
