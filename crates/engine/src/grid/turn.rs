//! The turn: it begins with the draw (up to five, or one card; the first player may skip
//! the first turn's draw) and the Summoning Points of the standby phase, goes through the
//! main phase (or, where the format has them, Main Phase 1, the Battle Phase and Main Phase
//! 2: `phases.rs`), and ends when its player ends it. The next turn is the turn order's to
//! say.

use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::{DrawRule, SummonCost};
use crate::seat::{Seat, SeatSet};
use crate::state::{Phase, WinReason};

impl Duel {
    pub(crate) fn start_turn(&mut self, seat: Seat, first: bool, events: &mut Vec<Event>) {
        // Shares the rules rather than cloning the whole format every turn.
        let rules = std::sync::Arc::clone(&self.rules);
        let format = &rules.format;
        self.state.active = seat;
        self.state.phase = Phase::Main;
        self.state.table.begin_turn(seat);
        events.push(Event::TurnStarted {
            seat,
            turn: self.state.turn,
        });
        let player = self.state.player_mut(seat);
        player.cards_played = 0;
        player.monsters_played = 0;
        let to_draw = match format.hand.draw {
            _ if first && !format.hand.first_turn_draw => 0,
            DrawRule::UpTo(n) => usize::from(n).saturating_sub(player.hand.len()),
            DrawRule::Count(n) => usize::from(n),
        };
        for _ in 0..to_draw {
            if !self.draw(seat, events) {
                if format.win.deck_out_loses {
                    self.eliminate(SeatSet::only(seat), WinReason::DeckOut, events);
                }
                return;
            }
        }
        if let SummonCost::SummoningPoints { per_turn, max, .. } = format.play.cost {
            let player = self.state.player_mut(seat);
            player.summoning_points = player.summoning_points.saturating_add(per_turn).min(max);
            events.push(Event::SummoningPoints {
                seat,
                now: player.summoning_points,
            });
        }
    }

    /// The turn player ends the main phase; the end phase follows when the duel settles.
    pub(super) fn do_end_turn(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.expect_main(seat, "end-turn")?;
        self.state.phase = Phase::End;
        Ok(())
    }
}
