//! Response windows after a summon (`field.summon_windows`). In the card game a summon is an
//! event the other players may answer — Trap Hole is the classic example — and Kingdom
//! Duels' traps may have a summon as their Trigger. After a player summons a monster from
//! their hand, each other player who could answer is asked in the rotation's order from the
//! turn player, exactly as for an attack: one whose Set card could be a trap ready to
//! activate (public facts only, so being asked tells nobody what the card is), whose
//! face-up trap has its Trigger met, whose Symbol is ready, or who could activate a Quick
//! spell from the hand. Answering with a card uses that player's window; the others are
//! still asked once its chain has resolved. Nothing waits for the windows: afterwards the
//! turn player's Main Phase goes on.

use crate::awaiting::TrapEvent;
use crate::duel::Duel;
use crate::place::Place;
use crate::seat::Seat;

impl Duel {
    /// `by` summoned the monster now at `at`: opens a window for each other player who
    /// could answer it, where the format asks for them.
    pub(super) fn open_summon_windows(&mut self, by: Seat, at: Place) {
        if !self.rules.format.field.summon_windows {
            return;
        }
        let event = TrapEvent::Summoned { at, by };
        let table = self.state.table;
        let asked: Vec<Seat> = table
            .turn_order_from(self.state.active)
            .into_iter()
            .filter(|s| *s != by && table.in_play(*s))
            .filter(|s| self.may_answer_event(*s, event))
            .collect();
        self.state
            .windows
            .extend(asked.into_iter().map(|s| (s, event)));
    }

    /// Whether `seat` could answer `event` (an attack or a summon), judged from public facts
    /// only, so that being asked tells nothing: a Set card that could be a ready trap, a
    /// face-up trap whose Trigger `event` meets, a face-up card defined with a Quick Effect,
    /// a ready Symbol, or a hand that could hold a Quick spell.
    pub(super) fn may_answer_event(&self, seat: Seat, event: TrapEvent) -> bool {
        self.may_hold_ready_trap(seat)
            || self.has_face_up_triggered(seat, event)
            || self.has_ready_quick_effect(seat)
            || self.symbol_ready(seat)
            || self.may_answer_from_hand(seat)
    }

    /// Drops the windows of a summon whose monster is no longer there, its summoner's (a
    /// chain took it away), or whose summoner left the duel: nobody is asked about it any
    /// more.
    pub(super) fn drop_summon_windows_if_gone(&mut self) {
        let table = self.state.table;
        let windows = std::mem::take(&mut self.state.windows);
        self.state.windows = windows
            .into_iter()
            .filter(|(_, event)| match *event {
                TrapEvent::Summoned { at, by } => {
                    table.in_play(by) && self.zone_piece(at).is_some_and(|p| p.controller == by)
                }
                _ => true,
            })
            .collect();
    }
}
