//! Kingdom Duels' idleness rule. In the turn player's End Phase they get an Idle Warning
//! when an opponent has a monster on their field, they had none on theirs at any moment of
//! the turn, and no effect kept them from summoning (no such effect exists in FairDuel yet).
//! A player who already had the format's number of warnings before this turn loses the
//! duel instead.

use crate::duel::Duel;
use crate::event::Event;
use crate::seat::{Seat, SeatSet};
use crate::state::WinReason;

/// What the idleness rule would do to a player whose turn ended now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdleOutcome {
    /// An Idle Warning; `warnings` is how many they would then have.
    Warning { warnings: u8 },
    /// They already had every warning the format allows: they lose the duel.
    Loss,
}

impl Duel {
    /// What the idleness rule would do to `seat` if its turn's End Phase came now (so a
    /// client can warn a player before they end an idle turn). `None` when the format has
    /// no idleness rule or the turn is not idle.
    pub fn idleness_due(&self, seat: Seat) -> Option<IdleOutcome> {
        let allowed = self.rules.format.field.idle_warnings?;
        let table = self.state.table;
        let opponent_has_monster = table
            .opponents_of(seat)
            .filter(|o| table.in_play(*o))
            .any(|o| self.monsters_of(o).next().is_some());
        let player = self.state.player(seat);
        if !opponent_has_monster || player.fielded_monster {
            return None;
        }
        Some(self.next_idle_warning(seat, allowed))
    }

    /// What one more Idle Warning would do to `seat` now (`None`: the format has no
    /// idleness rule), for a client to say before the player takes one.
    pub fn idle_warning_outcome(&self, seat: Seat) -> Option<IdleOutcome> {
        let allowed = self.rules.format.field.idle_warnings?;
        Some(self.next_idle_warning(seat, allowed))
    }

    /// What one more Idle Warning does to `seat` now: "If you already had an 'Idle Warning'
    /// prior to this turn then you lose the Duel by game mechanics instead" — warnings
    /// taken earlier in this same turn do not count.
    pub(super) fn next_idle_warning(&self, seat: Seat, allowed: u8) -> IdleOutcome {
        let player = self.state.player(seat);
        let prior = player
            .idle_warnings
            .saturating_sub(player.idle_warnings_this_turn);
        if prior >= allowed {
            IdleOutcome::Loss
        } else {
            IdleOutcome::Warning {
                warnings: player.idle_warnings.saturating_add(1),
            }
        }
    }

    /// Records `seat`'s new Idle Warning count `warnings`.
    pub(super) fn take_idle_warning(&mut self, seat: Seat, warnings: u8) {
        let player = self.state.player_mut(seat);
        player.idle_warnings = warnings;
        player.idle_warnings_this_turn = player.idle_warnings_this_turn.saturating_add(1);
    }

    pub(super) fn check_idleness(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.active;
        match self.idleness_due(seat) {
            None => {}
            Some(IdleOutcome::Loss) => {
                self.field_eliminate(SeatSet::only(seat), WinReason::Idleness, events);
            }
            Some(IdleOutcome::Warning { warnings }) => {
                self.take_idle_warning(seat, warnings);
                events.push(Event::IdleWarning { seat, warnings });
            }
        }
    }
}
