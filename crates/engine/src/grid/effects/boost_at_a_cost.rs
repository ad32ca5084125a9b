//! Hourglass of Courage: "If LP is over 1000 points when this card is destroyed in battle,
//! the strength of your monsters are increased by 1000 points, and your LP is reduced by
//! 1000."

use super::Resolved;
use crate::card::Duration;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::Class;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn boost_at_a_cost(
        &mut self,
        effect: &QueuedEffect,
        boost: i16,
        cost: u16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let seat = effect.controller;
        if self.state.player(seat).life_points <= u32::from(cost) {
            return Resolved::Done;
        }
        self.pay_life_points(seat, u32::from(cost), events);
        let own: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(_, p)| {
                p.controller == seat && p.face_up && !p.leader && p.class == Class::Monster
            })
            .map(|(cell, _)| cell)
            .collect();
        for cell in own {
            self.add_stat_change(cell, boost, boost, Duration::Permanent, events);
        }
        Resolved::Done
    }
}
