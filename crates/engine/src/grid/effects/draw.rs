//! A player draws cards.

use super::Resolved;
use crate::card::Player;
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn draw_effect(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        count: u8,
        events: &mut Vec<Event>,
    ) -> Resolved {
        if let Some(seat) = self.whose(player, effect) {
            for _ in 0..count {
                if !self.draw(seat, events) {
                    break;
                }
            }
        }
        Resolved::Done
    }
}
