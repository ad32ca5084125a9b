//! Kingdom Duels' Battle Royale: "A player can join a Battle Royale at any point by taking
//! damage equal to half of its starting LP, and inserting themselves as next in the
//! rotation."
//!
//! A peer-to-peer match seats everyone who will ever play in it when it starts (every peer
//! checks every deck commitment and permutes every deck), so a player who joins later takes
//! a seat kept for them (`table.late_seats`): at the table from the start, their deck
//! committed and shuffled with everyone else's, but out of the duel — no starting hand, no
//! turns, never attacked or asked to respond — until they join.
//!
//! FairDuel's reading of "at any point": a turn passes between players at the end of each
//! End Phase, so that is when a waiting player is asked, once a turn, whether to join now
//! (after the hand size and Deck Master checks, before the idleness check). Joining then
//! makes them, exactly, "next in the rotation": the turn that follows is theirs, and the
//! rotation goes on from there as before. The joiner takes damage of half the format's
//! starting life points, draws their starting hand (and, with a Duelist Setup, may swap as
//! at the Setup Phase); they chose their side, Blue or Red, with everyone at the start.

use crate::action::Action;
use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::seat::Seat;

impl Duel {
    /// At the end of the turn player's End Phase: waits for the first waiting player (in
    /// seat order) not yet asked this turn whether to join. Returns whether it waits.
    pub(crate) fn await_join_offer(&mut self) -> bool {
        let turn = self.state.turn;
        let table = self.state.table;
        let next = table
            .waiting()
            .iter()
            .find(|s| !table.is_removed(*s) && self.state.player(*s).join_offered_turn != turn);
        let Some(seat) = next else {
            return false;
        };
        self.state.awaiting = Awaiting::Decision {
            seat,
            decision: Decision::JoinDuel,
        };
        true
    }

    /// A waiting player's choices: join now, or not yet.
    pub(crate) fn join_choices(&self) -> Vec<Action> {
        vec![
            Action::JoinDuel { join: true },
            Action::JoinDuel { join: false },
        ]
    }

    pub(crate) fn join_duel(
        &mut self,
        seat: Seat,
        join: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_this_decision(seat, &Decision::JoinDuel, "join-duel")?;
        let turn = self.state.turn;
        self.state.player_mut(seat).join_offered_turn = turn;
        if !join {
            return Ok(());
        }
        let active = self.state.active;
        self.state.table.join(seat, active);
        let damage = self.rules.format.life_points / 2;
        let player = self.state.player_mut(seat);
        player.life_points = player.life_points.saturating_sub(damage);
        player.starting_swap_due = player.duelist_setup.is_some();
        let life_points = player.life_points;
        events.push(Event::JoinedDuel {
            seat,
            after: active,
        });
        events.push(Event::Damage {
            seat,
            amount: damage,
            life_points,
        });
        for _ in 0..self.rules.format.hand.starting {
            if !self.draw(seat, events) {
                break;
            }
        }
        Ok(())
    }
}
