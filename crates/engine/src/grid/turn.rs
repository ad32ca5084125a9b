//! The turn: it begins with the draw (up to five, or one card; the first player may skip
//! the first turn's draw; Kairu's Destiny Draw in its place: `destiny_draw.rs`) and the
//! Summoning Points of the standby phase, goes through the
//! main phase (or, where the format has them, Main Phase 1, the Battle Phase and Main Phase
//! 2: `phases.rs`), and ends when its player ends it. The next turn is the turn order's to
//! say.

use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::{DrawRule, SummonCost};
use crate::seat::{Seat, SeatSet};
use crate::state::{Phase, Resume, WinReason};

impl Duel {
    pub(crate) fn start_turn(&mut self, seat: Seat, first: bool, events: &mut Vec<Event>) {
        self.state.active = seat;
        self.state.phase = Phase::Main;
        self.state.table.begin_turn(seat);
        events.push(Event::TurnStarted {
            seat,
            turn: self.state.turn,
        });
        if self.forbidden_one_unleashed(seat) {
            let table = self.state.table;
            let team = table.team_of(seat);
            let winners = table
                .seats()
                .filter(|s| table.team_of(*s) == team)
                .collect();
            self.finish(winners, WinReason::CardEffect, events);
            return;
        }
        self.count_turns_in_defence(seat);
        self.queue_each_turn_effects();
        let player = self.state.player_mut(seat);
        player.cards_played = 0;
        player.monsters_played = 0;
        player.pendulum_summoned = false;
        let to_draw = self.cards_to_draw(seat, first);
        if to_draw > 0 && self.destiny_draw_open(seat) {
            // The draw waits for the player's choice; the standby follows it.
            self.state.resume = Resume::DrawChoice { seat };
            return;
        }
        if self.draw_cards(seat, to_draw, events) {
            self.standby(seat, events);
        }
    }

    /// How many cards `seat` draws at the start of its turn.
    pub(super) fn cards_to_draw(&self, seat: Seat, first: bool) -> usize {
        let hand = &self.rules.format.hand;
        match hand.draw {
            _ if first && !hand.first_turn_draw => 0,
            // Cards drawn but still waiting for their deck positions to be opened (the
            // opening hand, in a match played through the protocol) are in the hand already.
            DrawRule::UpTo(n) => usize::from(n)
                .saturating_sub(self.state.player(seat).hand.len() + self.draws_waiting(seat)),
            DrawRule::Count(n) => usize::from(n),
        }
    }

    /// The turn's regular draw; false when the deck ran out (and the player lost, where the
    /// format says so).
    pub(super) fn draw_cards(&mut self, seat: Seat, count: usize, events: &mut Vec<Event>) -> bool {
        for _ in 0..count {
            if !self.draw(seat, events) {
                if self.rules.format.win.deck_out_loses {
                    self.eliminate(SeatSet::only(seat), WinReason::DeckOut, events);
                }
                return false;
            }
        }
        true
    }

    /// The standby: Summoning Points where the format has them.
    pub(super) fn standby(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let SummonCost::SummoningPoints { per_turn, max, .. } = self.rules.format.play.cost {
            let gained = per_turn
                .saturating_add(self.extra_summoning_points(seat))
                .saturating_sub(self.fewer_summoning_points(seat));
            let player = self.state.player_mut(seat);
            player.summoning_points = player.summoning_points.saturating_add(gained).min(max);
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
