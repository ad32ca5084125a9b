//! Kingdom Duels' Blue and Red: "Every duel has two opposing sides: Blue and Red. Players
//! must choose which color they belong to at the beginning of the duel in the Setup Phase.
//! Some cards reference Blue/Red Side, in which case they refer to the side controlled by
//! the player(s) of that color. This is applicable to multiplayer rules too."
//!
//! FairDuel's reading (docs/RULES.md, "Blue and Red"):
//! - The players choose once the first player is known, one at a time in the rotation from
//!   the first player, before any Duelist Setup swap: a choice made in the open, like the
//!   swap, and one the next player may want to answer.
//! - Teammates belong to one side: the first of a team to choose chooses for the team.
//! - The two sides oppose each other, so neither stays empty: with two teams (or two
//!   players) the second takes the colour the first did not choose, and in a Battle Royale
//!   the last player to choose takes the missing colour when everyone before them chose
//!   the same one. Everyone else chooses freely.
//!
//! The side is public and never changes; what a card does to a side is its text, agreed
//! by the players like the rest of its effect.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::seat::Seat;
use crate::state::Resume;

/// One of the duel's two opposing sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Blue,
    Red,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Blue, Side::Red];

    pub fn name(self) -> &'static str {
        match self {
            Side::Blue => "Blue",
            Side::Red => "Red",
        }
    }
}

impl Duel {
    /// During the Setup Phase, with the format's Blue and Red on: gives every player whose
    /// side the earlier choices settle that side, and waits for the first player, in the
    /// rotation from the first player, who has a real choice. Returns whether it waits.
    pub(crate) fn await_side_choice(&mut self, events: &mut Vec<Event>) -> bool {
        if !self.rules.format.field.blue_and_red {
            return false;
        }
        let Resume::FirstTurn { seat: first } = self.state.resume else {
            return false;
        };
        // Players still at the table (those waiting to join a Battle Royale too: they
        // choose with everyone), clockwise from the first player.
        let table = self.state.table;
        let players = table.players() as u8;
        let order: Vec<Seat> = (0..players)
            .map(|k| Seat((first.0 + k) % players))
            .filter(|s| !table.is_removed(*s))
            .collect();
        for seat in order {
            if self.state.player(seat).side.is_some() {
                continue;
            }
            match self.settled_side(seat) {
                Some(side) => {
                    self.state.player_mut(seat).side = Some(side);
                    events.push(Event::SideTaken {
                        seat,
                        side,
                        chosen: false,
                    });
                }
                None => {
                    self.state.awaiting = Awaiting::Decision {
                        seat,
                        decision: Decision::ChooseSide,
                    };
                    return true;
                }
            }
        }
        false
    }

    /// The side `seat` belongs to without choosing, when the choices made so far settle it.
    fn settled_side(&self, seat: Seat) -> Option<Side> {
        let table = &self.state.table;
        let side_of = |s: Seat| self.state.player(s).side;
        // A teammate's choice was the team's.
        if let Some(side) = table.team(seat).iter().find_map(side_of) {
            return Some(side);
        }
        // A player out of the duel before choosing belongs to no side; one waiting to join a
        // Battle Royale chooses with everyone.
        let seated: Vec<Seat> = table.seats().filter(|s| !table.is_removed(*s)).collect();
        let taken: Vec<Side> = seated.iter().filter_map(|s| side_of(*s)).collect();
        let mut teams_without_a_side: Vec<u8> = Vec::new();
        for &s in &seated {
            let team = table.team_of(s);
            if !teams_without_a_side.contains(&team)
                && table.team(s).iter().all(|m| side_of(m).is_none())
            {
                teams_without_a_side.push(team);
            }
        }
        // The last team to choose takes the colour nobody has, if one is missing.
        let missing = Side::BOTH.into_iter().find(|side| !taken.contains(side));
        match (teams_without_a_side.len(), missing) {
            (1, Some(side)) if !taken.is_empty() => Some(side),
            _ => None,
        }
    }

    /// `seat`'s choices: either colour.
    pub(crate) fn side_choices(&self) -> Vec<Action> {
        Side::BOTH
            .into_iter()
            .map(|side| Action::ChooseSide { side })
            .collect()
    }

    pub(crate) fn choose_side(
        &mut self,
        seat: Seat,
        side: Side,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_this_decision(seat, &Decision::ChooseSide, "choose-side")?;
        self.state.player_mut(seat).side = Some(side);
        events.push(Event::SideTaken {
            seat,
            side,
            chosen: true,
        });
        Ok(())
    }
}
