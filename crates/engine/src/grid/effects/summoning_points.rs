//! Raise a player's Summoning Points to the format's maximum (Kairu's cost; a format that
//! pays with tributes has none to raise).

use super::Resolved;
use crate::card::Player;
use crate::duel::Duel;
use crate::event::Event;
use crate::format::SummonCost;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn summoning_points_to_max(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let SummonCost::SummoningPoints { max, .. } = self.rules.format.play.cost else {
            return Resolved::Done;
        };
        let Some(seat) = self.whose(player, effect) else {
            return Resolved::Done;
        };
        let points = &mut self.state.player_mut(seat).summoning_points;
        if *points < max {
            *points = max;
            events.push(Event::SummoningPoints { seat, now: max });
        }
        Resolved::Done
    }
}
