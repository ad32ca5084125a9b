//! Life points gained: a fixed amount, or up to a level.

use super::Resolved;
use crate::card::Player;
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn heal_effect(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        amount: u16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        if let Some(seat) = self.whose(player, effect) {
            self.heal(seat, u32::from(amount), events);
        }
        Resolved::Done
    }

    pub(super) fn heal_up_to(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        to: u16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        if let Some(seat) = self.whose(player, effect) {
            let lp = self.state.player(seat).life_points;
            if lp < u32::from(to) {
                // "Up to" a figure: nothing doubles it past that.
                self.gain_exactly(seat, u32::from(to) - lp, events);
            }
        }
        Resolved::Done
    }
}
