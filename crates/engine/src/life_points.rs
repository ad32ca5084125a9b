//! Life points: damage and healing, the same in every family. Where a team shares its life
//! points (Kingdom Duels' Boss Duel) every member's count moves together.

use crate::duel::Duel;
use crate::event::Event;
use crate::seat::Seat;

impl Duel {
    pub(crate) fn damage(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let amount = self.damage_after_lasting_effects(amount);
        let life_points = self.state.player(seat).life_points.saturating_sub(amount);
        self.set_life_points(seat, life_points);
        events.push(Event::Damage {
            seat,
            amount,
            life_points,
        });
    }

    /// `seat` gains `amount` life points, as the lasting effects on the board make it.
    pub(crate) fn heal(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        let amount = self.recovery_after_lasting_effects(amount);
        self.gain_exactly(seat, amount, events);
    }

    /// `seat` gains exactly `amount` life points (an effect that sets them to a figure).
    pub(crate) fn gain_exactly(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        if self.state.gains_reversed.contains(seat) {
            // Bad Reaction to Simochi answered the spell: "the same amount" is lost instead,
            // which no lasting change to damage alters.
            self.lose_exactly(seat, amount, events);
            return;
        }
        let life_points = self.state.player(seat).life_points.saturating_add(amount);
        self.set_life_points(seat, life_points);
        events.push(Event::Healed {
            seat,
            amount,
            life_points,
        });
    }

    /// `seat` loses exactly `amount` life points, which no lasting change to damage alters
    /// (an effect that takes "the same amount", or half of them).
    pub(crate) fn lose_exactly(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let life_points = self.state.player(seat).life_points.saturating_sub(amount);
        self.set_life_points(seat, life_points);
        events.push(Event::Damage {
            seat,
            amount,
            life_points,
        });
    }

    /// `seat` pays `amount` life points as a cost (never more than it has: the caller
    /// checks).
    pub(crate) fn pay_life_points(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let life_points = self.state.player(seat).life_points.saturating_sub(amount);
        self.set_life_points(seat, life_points);
        events.push(Event::LifePointsPaid {
            seat,
            amount,
            life_points,
        });
    }

    /// Sets `seat`'s life points, and its teammates' where the team shares them.
    fn set_life_points(&mut self, seat: Seat, life_points: u32) {
        let sharing = if self.rules.format.table.team_shares_life_points {
            self.state.table.team(seat)
        } else {
            crate::seat::SeatSet::only(seat)
        };
        for member in sharing.iter() {
            self.state.player_mut(member).life_points = life_points;
        }
    }
}
