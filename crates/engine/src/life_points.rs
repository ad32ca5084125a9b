//! Life points: damage and healing, the same in every family.

use crate::duel::Duel;
use crate::event::Event;
use crate::seat::Seat;

impl Duel {
    pub(crate) fn damage(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let player = self.state.player_mut(seat);
        player.life_points = player.life_points.saturating_sub(amount);
        events.push(Event::Damage {
            seat,
            amount,
            life_points: player.life_points,
        });
    }

    pub(crate) fn heal(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        let player = self.state.player_mut(seat);
        player.life_points = player.life_points.saturating_add(amount);
        events.push(Event::Healed {
            seat,
            amount,
            life_points: player.life_points,
        });
    }
}
