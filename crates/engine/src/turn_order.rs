//! Turn order as data: who sits at the table, who plays with whom, who plays next, who may
//! attack first, and how all of that changes when a player is removed.
//!
//! Seats sit clockwise in number order. Players are split into teams by seat: seat `i` is on
//! team `i % teams` (partners sit apart, so that turns alternate between teams, the order
//! Domain Format's team battle describes). A free-for-all has as many teams as players.
//! Turns go from team to team in team order; within a team, its members take the team's
//! turns in seat order. With nobody removed this is plain clockwise order. When a player is
//! removed the others keep their seats and the team that lost a member plays it with the
//! members it has left (Domain Format: "A1 → B1 → A2 → B2"; with A1 removed, "B1 → A2 → B2 →
//! A2 → …").

use serde::{Deserialize, Serialize};

use crate::seat::{MAX_SEATS, Seat, SeatSet};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TurnOrder {
    /// Players at the table: seats `0..players`.
    players: u8,
    /// Teams: seat `i` is on team `i % teams`.
    teams: u8,
    /// Whether a player's teammates count as its opponents for attacks and effects (Domain
    /// Format's team battle says they do; a two-against-two game of the grid formats says
    /// they do not).
    allies_are_opponents: bool,
    /// The first turn on which an attack may be declared.
    first_attack_turn: u16,
    /// Players removed from the game.
    removed: SeatSet,
    /// For each team, the member who played its last turn (or, before the team's first
    /// turn, the member before the one who plays it first).
    last_played: [Seat; MAX_SEATS],
    /// Players at the table who have not joined the duel yet (Kingdom Duels' Battle
    /// Royale): not in play until they join.
    waiting: SeatSet,
    /// A free-for-all's rotation (its first `players` entries): seat order, until a player
    /// who joins mid-duel is inserted as next in it.
    rotation: [Seat; MAX_SEATS],
    /// The turn the current round of the Rotation began on (Kingdom Duels' "once per
    /// round": a round is one turn for each place in the Rotation).
    #[serde(default = "first_turn")]
    round_began: u16,
}

fn first_turn() -> u16 {
    1
}

impl TurnOrder {
    /// A table of `players` split into `teams` teams (`teams == players` for a
    /// free-for-all) whose first turn is `first`'s. Attacks may be declared from
    /// `first_attack_turn` on.
    pub fn new(
        players: u8,
        teams: u8,
        allies_are_opponents: bool,
        first: Seat,
        first_attack_turn: u16,
    ) -> TurnOrder {
        let players = players.clamp(1, MAX_SEATS as u8);
        let teams = teams.clamp(1, players);
        let mut order = TurnOrder {
            players,
            teams,
            allies_are_opponents,
            first_attack_turn,
            removed: SeatSet::EMPTY,
            last_played: [Seat(0); MAX_SEATS],
            waiting: SeatSet::EMPTY,
            rotation: std::array::from_fn(|i| Seat(i as u8)),
            round_began: 1,
        };
        // So that, with nobody removed, turns go clockwise from `first`: each team's
        // "last player" is its member met first going anticlockwise from `first` (for
        // `first`'s own team, the member before `first`).
        for team in 0..teams {
            let before = (1..=players)
                .map(|back| Seat((first.0 + players * 2 - back) % players))
                .find(|s| order.team_of(*s) == team);
            if let Some(seat) = before {
                order.last_played[usize::from(team)] = seat;
            }
        }
        order
    }

    /// Two players, each on its own side.
    pub fn two_players(first: Seat, first_attack_turn: u16) -> TurnOrder {
        TurnOrder::new(2, 2, false, first, first_attack_turn)
    }

    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// Every seat at the table, removed ones included, in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone + use<> {
        Seat::all(self.players())
    }

    pub fn team_of(&self, seat: Seat) -> u8 {
        seat.0 % self.teams
    }

    /// Whether the match is played in teams of more than one player.
    pub fn has_teams(&self) -> bool {
        self.teams < self.players
    }

    pub fn team_count(&self) -> u8 {
        self.teams
    }

    /// The members of `seat`'s team, `seat` included.
    pub fn team(&self, seat: Seat) -> SeatSet {
        self.seats()
            .filter(|s| self.team_of(*s) == self.team_of(seat))
            .collect()
    }

    pub fn is_removed(&self, seat: Seat) -> bool {
        self.removed.contains(seat)
    }

    pub fn in_play(&self, seat: Seat) -> bool {
        usize::from(seat.0) < self.players()
            && !self.removed.contains(seat)
            && !self.waiting.contains(seat)
    }

    /// Whether `seat` sits at the table without having joined the duel yet.
    pub fn is_waiting(&self, seat: Seat) -> bool {
        self.waiting.contains(seat)
    }

    /// The players who have not joined the duel yet.
    pub fn waiting(&self) -> SeatSet {
        self.waiting
    }

    /// `seat` sits at the table but joins the duel later (set-up only).
    pub fn wait(&mut self, seat: Seat) {
        self.waiting = self.waiting.with(seat);
    }

    /// `seat` joins the duel, "inserting themselves as next in the rotation": right after
    /// `after` (the player whose turn is ending). Only a free-for-all has players who join.
    pub fn join(&mut self, seat: Seat, after: Seat) {
        self.waiting = self.waiting.without(seat);
        let players = self.players();
        let mut order: Vec<Seat> = self.rotation[..players]
            .iter()
            .copied()
            .filter(|s| *s != seat)
            .collect();
        let at = order.iter().position(|s| *s == after).map_or(0, |i| i + 1);
        order.insert(at, seat);
        self.rotation[..players].copy_from_slice(&order);
    }

    pub fn removed(&self) -> SeatSet {
        self.removed
    }

    /// Whether `other` is one of `seat`'s opponents: a different player who is not a
    /// teammate (unless teammates count as opponents).
    pub fn are_opponents(&self, seat: Seat, other: Seat) -> bool {
        seat != other && (self.allies_are_opponents || self.team_of(seat) != self.team_of(other))
    }

    /// Whether `other` plays on `seat`'s side: `seat` itself or a teammate who is not an
    /// opponent.
    pub fn are_allies(&self, seat: Seat, other: Seat) -> bool {
        !self.are_opponents(seat, other)
    }

    /// `seat`'s opponents still in play, clockwise from `seat`.
    pub fn opponents_of(&self, seat: Seat) -> impl Iterator<Item = Seat> + Clone + use<> {
        let order = *self;
        (1..self.players)
            .map(move |k| Seat((seat.0 + k) % order.players))
            .filter(move |s| order.in_play(*s) && order.are_opponents(seat, *s))
    }

    /// The seats still in play, clockwise starting with `from` (which comes first if it is
    /// still in play): the order in which players get to respond (priority walks the
    /// rotation from the turn player).
    pub fn clockwise_from(&self, from: Seat) -> impl Iterator<Item = Seat> + Clone + use<> {
        let order = *self;
        (0..self.players)
            .map(move |k| Seat((from.0 + k) % order.players))
            .filter(move |s| order.in_play(*s))
    }

    /// Whose turn comes after `current`'s (the next team's next member still in play), or
    /// `None` when nobody is left to play.
    pub fn next_turn(&self, current: Seat) -> Option<Seat> {
        if !self.has_teams() {
            // A free-for-all walks its rotation (seat order, or changed by players who
            // joined).
            let players = self.players();
            let rotation = &self.rotation[..players];
            let at = rotation.iter().position(|s| *s == current)?;
            return (1..=players)
                .map(|k| rotation[(at + k) % players])
                .find(|s| self.in_play(*s));
        }
        let current_team = self.team_of(current);
        (1..=self.teams)
            .map(|k| (current_team + k) % self.teams)
            .find_map(|team| self.next_member(team))
    }

    /// The players still in the duel in turn order from `from` (the turn player): the
    /// rotation's next turns as they would come (with teams, alternating between them),
    /// then anyone the rotation would not reach before `from` plays again, clockwise.
    pub fn turn_order_from(&self, from: Seat) -> Vec<Seat> {
        let mut order = *self;
        let mut out: Vec<Seat> = Vec::new();
        let mut current = from;
        if self.in_play(from) {
            out.push(from);
        }
        while out.len() < self.players() {
            order.begin_turn(current);
            match order.next_turn(current) {
                Some(next) if !out.contains(&next) => {
                    out.push(next);
                    current = next;
                }
                _ => break,
            }
        }
        for seat in self.clockwise_from(from) {
            if !out.contains(&seat) {
                out.push(seat);
            }
        }
        out
    }

    /// Who may respond to `seat`'s chain link, in priority order: the turn order from
    /// `turn_player`, starting with the player after `seat` and ending with `seat` itself
    /// (Domain Format: "If C activates another effect, then D is the first to be able to
    /// respond to it, then A, then B"; a player may chain to their own card). A `seat` no
    /// longer in the duel leaves the turn order as it is.
    pub fn priority_after(&self, turn_player: Seat, seat: Seat) -> Vec<Seat> {
        let mut order = self.turn_order_from(turn_player);
        if let Some(at) = order.iter().position(|s| *s == seat) {
            order.rotate_left(at + 1);
        }
        order
    }

    /// The member of `team` who plays its next turn.
    fn next_member(&self, team: u8) -> Option<Seat> {
        let last = self.last_played[usize::from(team)];
        (1..=self.players)
            .map(|k| Seat((last.0 + k) % self.players))
            .find(|s| self.team_of(*s) == team && self.in_play(*s))
    }

    /// Records that `seat` begins a turn.
    pub fn begin_turn(&mut self, seat: Seat) {
        let team = usize::from(self.team_of(seat));
        if let Some(slot) = self.last_played.get_mut(team) {
            *slot = seat;
        }
    }

    /// Removes `seat` from the game; the others keep their seats.
    pub fn remove(&mut self, seat: Seat) {
        self.removed = self.removed.with(seat);
    }

    /// The teams that still have a player in play.
    pub fn teams_in_play(&self) -> Vec<u8> {
        let mut teams: Vec<u8> = self
            .seats()
            .filter(|s| self.in_play(*s))
            .map(|s| self.team_of(s))
            .collect();
        teams.sort_unstable();
        teams.dedup();
        teams
    }

    /// Whether an attack may be declared on turn `turn`.
    pub fn may_attack_on(&self, turn: u16) -> bool {
        turn >= self.first_attack_turn
    }

    pub fn first_attack_turn(&self) -> u16 {
        self.first_attack_turn
    }

    /// `seat` leaves the table during turn `turn`, played by `active`. In the first round of
    /// a free-for-all, a player who leaves before their first turn shortens it by that turn,
    /// so that "the player going last in turn rotation" still in play gets the first Battle
    /// Phase.
    pub fn remove_during_turn(&mut self, seat: Seat, turn: u16, active: Seat) {
        if self.has_teams() {
            // With teams the first round stays teams in play times the largest team still
            // in play (the Rotation takes a team's turns with the members it has left), so
            // its last turn is still the last team's.
            self.remove(seat);
            if turn >= 1 && turn < self.first_attack_turn {
                let before = self.first_attack_turn;
                self.shorten_first_round();
                self.first_attack_turn = self.first_attack_turn.min(before);
            }
            return;
        }
        if turn >= 1 && turn < self.first_attack_turn && seat != active {
            let mut ahead = *self;
            let mut current = active;
            let mut plays_in_first_round = false;
            for _ in turn..self.first_attack_turn {
                let Some(next) = ahead.next_turn(current) else {
                    break;
                };
                if next == seat {
                    plays_in_first_round = true;
                    break;
                }
                ahead.begin_turn(next);
                current = next;
            }
            if plays_in_first_round {
                self.first_attack_turn -= 1;
            }
        }
        self.remove(seat);
    }

    /// Turns in a round of the Rotation as the table stands: the teams in play times the
    /// largest of them (a player each in a free-for-all; a team's turns taken by the members
    /// it has left).
    pub fn round_length(&self) -> u16 {
        let mut members = [0u16; MAX_SEATS];
        for seat in self.seats().filter(|s| self.in_play(*s)) {
            if let Some(count) = members.get_mut(usize::from(self.team_of(seat))) {
                *count += 1;
            }
        }
        let teams = members.iter().filter(|n| **n > 0).count() as u16;
        let largest = members.iter().copied().max().unwrap_or(0);
        (teams * largest).max(1)
    }

    /// The turn the current round began on.
    pub fn round_began(&self) -> u16 {
        self.round_began
    }

    /// Turn `turn` begins: whether it begins a new round of the Rotation (the turns of the
    /// round before it all played).
    pub fn begin_round_if_due(&mut self, turn: u16) -> bool {
        if turn >= self.round_began.saturating_add(self.round_length()) {
            self.round_began = turn;
            true
        } else {
            false
        }
    }

    /// A duel set up at turn `turn` (a scenario, a resumed position): the round it falls in,
    /// counting rounds of today's length from turn 1.
    pub fn set_round_for_turn(&mut self, turn: u16) {
        let length = self.round_length();
        self.round_began = turn.max(1) - (turn.max(1) - 1) % length;
    }

    /// A player left before the first turn: the first round is the one the players still
    /// in play make (teams in play times the largest of them), and "only the last player in
    /// the Rotation" attacks in it. Attacks allowed from turn 1 stay allowed.
    pub fn shorten_first_round(&mut self) {
        if self.first_attack_turn <= 1 {
            return;
        }
        self.first_attack_turn = self.round_length();
    }

    /// Every field, in declaration order, for the state hash's hand-written encoding.
    pub(crate) fn encoding_parts(&self) -> TurnOrderParts<'_> {
        TurnOrderParts {
            players: self.players,
            teams: self.teams,
            allies_are_opponents: self.allies_are_opponents,
            first_attack_turn: self.first_attack_turn,
            removed: self.removed,
            last_played: &self.last_played,
            waiting: self.waiting,
            rotation: &self.rotation,
            round_began: self.round_began,
        }
    }
}

/// [`TurnOrder`]'s fields, for the state hash's encoding.
pub(crate) struct TurnOrderParts<'a> {
    pub players: u8,
    pub teams: u8,
    pub allies_are_opponents: bool,
    pub first_attack_turn: u16,
    pub removed: SeatSet,
    pub last_played: &'a [Seat; MAX_SEATS],
    pub waiting: SeatSet,
    pub rotation: &'a [Seat; MAX_SEATS],
    pub round_began: u16,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_is_one_turn_for_each_place_in_the_rotation() {
        let mut order = TurnOrder::new(3, 3, false, Seat(0), 3);
        let began: Vec<bool> = (1..=7).map(|turn| order.begin_round_if_due(turn)).collect();
        assert_eq!(began, [false, false, false, true, false, false, true]);
        assert_eq!(order.round_began(), 7);
        // A player leaves: rounds of two from then on.
        order.remove(Seat(2));
        assert!(!order.begin_round_if_due(8));
        assert!(order.begin_round_if_due(9));
        // Tag teams (2 v 2): four turns a round.
        let mut tag = TurnOrder::new(4, 2, false, Seat(0), 4);
        tag.set_round_for_turn(6);
        assert_eq!(tag.round_began(), 5);
        assert!(!tag.begin_round_if_due(8));
        assert!(tag.begin_round_if_due(9));
    }

    #[test]
    fn a_player_who_joins_is_next_in_the_rotation_and_the_rest_follow_as_before() {
        let mut order = TurnOrder::new(4, 4, false, Seat(0), 4);
        order.wait(Seat(1));
        assert!(!order.in_play(Seat(1)));
        assert_eq!(turns(&mut order, Seat(0), 4), [0, 2, 3, 0]);
        // Seat 1 joins as seat 2's turn ends: it plays next, then seat 3 as before.
        order.join(Seat(1), Seat(2));
        assert!(order.in_play(Seat(1)));
        assert_eq!(turns(&mut order, Seat(2), 6), [2, 1, 3, 0, 2, 1]);
    }

    fn turns(order: &mut TurnOrder, from: Seat, count: usize) -> Vec<u8> {
        let mut seat = from;
        order.begin_turn(seat);
        let mut out = vec![seat.0];
        for _ in 1..count {
            match order.next_turn(seat) {
                Some(next) => {
                    order.begin_turn(next);
                    out.push(next.0);
                    seat = next;
                }
                None => break,
            }
        }
        out
    }

    #[test]
    fn two_players_alternate() {
        let mut order = TurnOrder::two_players(Seat(1), 2);
        assert_eq!(turns(&mut order, Seat(1), 5), [1, 0, 1, 0, 1]);
        assert!(order.are_opponents(Seat(0), Seat(1)));
        assert_eq!(order.opponents_of(Seat(0)).collect::<Vec<_>>(), [Seat(1)]);
    }

    #[test]
    fn a_free_for_all_goes_clockwise_and_skips_removed_players() {
        let mut order = TurnOrder::new(4, 4, false, Seat(2), 4);
        assert_eq!(turns(&mut order, Seat(2), 6), [2, 3, 0, 1, 2, 3]);
        order.remove(Seat(0));
        assert_eq!(turns(&mut order, Seat(3), 4), [3, 1, 2, 3]);
        assert_eq!(
            order.opponents_of(Seat(1)).collect::<Vec<_>>(),
            [Seat(2), Seat(3)]
        );
        assert_eq!(
            order.clockwise_from(Seat(3)).collect::<Vec<_>>(),
            [Seat(3), Seat(1), Seat(2)]
        );
    }

    /// Domain Format's example: A1 → B1 → A2 → B2; with A1 removed, B1 → A2 → B2 → A2 → B1.
    #[test]
    fn teams_alternate_and_a_team_plays_on_with_the_members_it_has_left() {
        let (a1, b1, a2, b2) = (Seat(0), Seat(1), Seat(2), Seat(3));
        let mut order = TurnOrder::new(4, 2, false, a1, 4);
        assert_eq!(turns(&mut order, a1, 5), [0, 1, 2, 3, 0]);
        assert!(order.are_allies(a1, a2) && order.are_opponents(a1, b1));
        assert_eq!(order.opponents_of(a1).collect::<Vec<_>>(), [b1, b2]);
        order.remove(a1);
        assert_eq!(turns(&mut order, b1, 6), [1, 2, 3, 2, 1, 2]);
        assert_eq!(order.teams_in_play(), [0, 1]);
        order.remove(a2);
        assert_eq!(order.teams_in_play(), [1]);
    }

    /// Domain Format: "each player will apply the required action on the next player
    /// following turn order" — the rotation's order, alternating between teams.
    #[test]
    fn turn_order_from_the_turn_player_follows_the_rotation() {
        let (a1, b1, a2, b2) = (Seat(0), Seat(1), Seat(2), Seat(3));
        let mut order = TurnOrder::new(4, 2, false, a1, 4);
        order.begin_turn(a1);
        assert_eq!(order.turn_order_from(a1), [a1, b1, a2, b2]);
        order.remove(a1);
        order.begin_turn(b1);
        assert_eq!(order.turn_order_from(b1), [b1, a2, b2]);
        // One against three: the rotation comes back to the lone player after each of the
        // others' turns; the turn order still names every player once.
        let mut lopsided = TurnOrder::new(4, 4, false, Seat(2), 4);
        lopsided.begin_turn(Seat(2));
        assert_eq!(
            lopsided.turn_order_from(Seat(2)),
            [Seat(2), Seat(3), Seat(0), Seat(1)]
        );
    }

    /// Domain Format: "Player A activates a chainable effect. Player B is the first that can
    /// respond to it ... If C activates another effect, then D is the first to be able to
    /// respond to it, then A, then B" — and in a team battle the order is the rotation's,
    /// which after a removal is no longer the seats' order.
    #[test]
    fn priority_after_a_link_follows_the_turn_order_from_the_next_player() {
        let (a, b, c, d) = (Seat(0), Seat(1), Seat(2), Seat(3));
        let mut free_for_all = TurnOrder::new(4, 4, false, a, 4);
        free_for_all.begin_turn(a);
        assert_eq!(free_for_all.priority_after(a, a), [b, c, d, a]);
        assert_eq!(free_for_all.priority_after(a, c), [d, a, b, c]);
        // Three teams of two seated A1 B1 C1 A2 B2 C2; B1 is removed. On A2's turn the
        // rotation goes A2, B2, C2, A1, C1 (B's next member is B2 again, listed once).
        let mut teams = TurnOrder::new(6, 3, false, Seat(0), 6);
        for seat in [0, 1, 2] {
            teams.begin_turn(Seat(seat));
        }
        teams.remove(Seat(1));
        teams.begin_turn(Seat(3));
        let rotation = teams.turn_order_from(Seat(3));
        assert_eq!(rotation, [Seat(3), Seat(4), Seat(5), Seat(0), Seat(2)]);
        assert_eq!(
            teams.priority_after(Seat(3), Seat(5)),
            [Seat(0), Seat(2), Seat(3), Seat(4), Seat(5)]
        );
    }

    #[test]
    fn the_first_turn_may_fall_to_any_seat_of_a_team_game() {
        let mut order = TurnOrder::new(4, 2, false, Seat(3), 4);
        assert_eq!(turns(&mut order, Seat(3), 5), [3, 0, 1, 2, 3]);
    }

    #[test]
    fn teammates_count_as_opponents_where_the_format_says_so() {
        let order = TurnOrder::new(4, 2, true, Seat(0), 4);
        assert!(order.are_opponents(Seat(0), Seat(2)));
        assert_eq!(order.opponents_of(Seat(0)).count(), 3);
    }

    #[test]
    fn nobody_attacks_before_the_first_attack_turn() {
        let order = TurnOrder::new(4, 4, false, Seat(0), 4);
        assert!(!order.may_attack_on(3));
        assert!(order.may_attack_on(4));
    }
}
