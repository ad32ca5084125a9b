//! Kingdom Duels' idleness rule. In the turn player's End Phase they get an Idle Warning
//! when an opponent has a monster on their field, they had none on theirs at any moment of
//! the turn, and no effect kept them from summoning (no such effect exists in FairDuel yet).
//! A player who already had the format's number of warnings loses the duel instead.

use crate::duel::Duel;
use crate::event::Event;
use crate::seat::SeatSet;
use crate::state::WinReason;

impl Duel {
    pub(super) fn check_idleness(&mut self, events: &mut Vec<Event>) {
        let Some(allowed) = self.rules.format.field.idle_warnings else {
            return;
        };
        let seat = self.state.active;
        let table = self.state.table;
        let opponent_has_monster = table
            .opponents_of(seat)
            .filter(|o| table.in_play(*o))
            .any(|o| self.monsters_of(o).next().is_some());
        let player = self.state.player(seat);
        if !opponent_has_monster || player.fielded_monster {
            return;
        }
        if player.idle_warnings >= allowed {
            self.field_eliminate(SeatSet::only(seat), WinReason::Idleness, events);
            return;
        }
        let player = self.state.player_mut(seat);
        player.idle_warnings += 1;
        events.push(Event::IdleWarning {
            seat,
            warnings: player.idle_warnings,
        });
    }
}
