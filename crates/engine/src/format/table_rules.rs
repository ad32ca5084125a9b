//! Who sits at the table: how many players, their teams, who goes first, what teammates
//! share and see, and the seats kept for players who join later.

use serde::{Deserialize, Serialize};

use crate::seat::Seat;

/// Who sits at the table.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableRules {
    /// How many players a match seats.
    pub players: u8,
    /// How many teams they form: seat `i` plays for team `i % teams`, so partners sit
    /// apart and turns alternate between teams (the Rotation goes between teams first, then
    /// between a team's players). `None`: everyone for themselves.
    #[serde(default)]
    pub teams: Option<u8>,
    /// Teammates count as opponents for attacks and card effects (Domain Format's team
    /// battle); otherwise they are allies who never attack or target one another.
    #[serde(default)]
    pub allies_are_opponents: bool,
    /// A player's defeat defeats their whole team (Kingdom Duels' Tag Duel); otherwise the
    /// teammates play on until the last of them is out.
    #[serde(default)]
    pub team_falls_together: bool,
    /// Teammates share one pool of life points (Kingdom Duels' Boss Duel): damage to one is
    /// damage to all, and they fall together at 0.
    #[serde(default)]
    pub team_shares_life_points: bool,
    /// The seat whose turn comes first, where the format's Rotation names who begins
    /// (Kingdom Duels' Boss Duel: "SoloPlayer → TeamPlayer1 → SoloPlayer → TeamPlayer2…").
    /// `None`: the first player is drawn by joint randomness.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_seat: Option<u8>,
    /// Teammates see each other's face-down cards on the field, but not their hands or
    /// Extra Decks (Kingdom Duels' Tag and Boss Duels): each owner shows them to its
    /// teammates alone, through the protocol (`crate::teammate_disclosure`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub teammates_see_face_down: bool,
    /// Whose monsters a player may use, with their consent, as materials of a summon
    /// during their own turn ("Your teammate can allow you to use their cards during your
    /// turn for summoning conditions, but not for attacks, battle position changes or
    /// movement": Kingdom Duels' Tag Duel and Battle Royale).
    #[serde(default, skip_serializing_if = "Lending::is_none")]
    pub lend_for_summons: Lending,
    /// The last `late_seats` seats sit at the table without playing until they join the
    /// duel (Kingdom Duels' Battle Royale: "A player can join a Battle Royale at any point
    /// by taking damage equal to half of its starting LP, and inserting themselves as next
    /// in the rotation"). A free-for-all on the card game's field only.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub late_seats: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Whose field monsters a summoner may borrow as summoning materials.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Lending {
    /// Materials are the summoner's own.
    #[default]
    None,
    /// A teammate's monsters too.
    Teammates,
    /// Any other player's monsters too (a free-for-all's "a player can allow you").
    Everyone,
}

impl Lending {
    pub fn is_none(&self) -> bool {
        *self == Lending::None
    }
}

impl Default for TableRules {
    fn default() -> TableRules {
        TableRules {
            players: 2,
            teams: None,
            allies_are_opponents: false,
            team_falls_together: false,
            team_shares_life_points: false,
            first_seat: None,
            teammates_see_face_down: false,
            lend_for_summons: Lending::None,
            late_seats: 0,
        }
    }
}

impl TableRules {
    /// How many teams there are (as many as players in a free-for-all).
    pub fn team_count(&self) -> u8 {
        self.teams.unwrap_or(self.players)
    }

    /// The first player: the seat the format names, or else `drawn`, the seat drawn by
    /// joint randomness.
    pub fn first_player(&self, drawn: Seat) -> Seat {
        match self.first_seat {
            Some(seat) if seat < self.players => Seat(seat),
            _ => drawn,
        }
    }
}
