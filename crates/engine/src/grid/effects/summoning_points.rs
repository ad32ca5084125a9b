//! Summoning Points raised to the format's maximum, or taken from the opponents (Kairu's
//! cost; a format that pays with tributes has none to raise or take).

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

    /// The player's Summoning Points drop to 0 (Sinister Serpent: "Reduces opponent's
    /// Summoning Power to 0").
    pub(super) fn summoning_points_to_zero(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        events: &mut Vec<Event>,
    ) -> Resolved {
        if let Some(seat) = self.whose(player, effect) {
            let points = &mut self.state.player_mut(seat).summoning_points;
            if *points > 0 {
                *points = 0;
                events.push(Event::SummoningPoints { seat, now: 0 });
            }
        }
        Resolved::Done
    }

    /// Every opponent's Summoning Points go to the effect's controller, up to the maximum
    /// (Magic Drain: "Absorbs all of your opponent's Summoning Power").
    pub(super) fn drain_summoning_points(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let SummonCost::SummoningPoints { max, .. } = self.rules.format.play.cost else {
            return Resolved::Done;
        };
        let seat = effect.controller;
        let opponents: Vec<_> = self.state.table.opponents_of(seat).collect();
        let mut drained: u16 = 0;
        for opponent in opponents {
            let points = &mut self.state.player_mut(opponent).summoning_points;
            if *points > 0 {
                drained += u16::from(*points);
                *points = 0;
                events.push(Event::SummoningPoints {
                    seat: opponent,
                    now: 0,
                });
            }
        }
        if drained > 0 {
            let points = &mut self.state.player_mut(seat).summoning_points;
            let now = (u16::from(*points) + drained).min(u16::from(max));
            *points = u8::try_from(now).unwrap_or(max);
            events.push(Event::SummoningPoints { seat, now: *points });
        }
        Resolved::Done
    }
}
