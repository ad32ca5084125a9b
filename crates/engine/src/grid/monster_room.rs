//! How many monsters a player may control on the grid: the five of Classic rule 6 ("Each
//! Player can only control up to 5 Monsters"), the monster from the Extra Deck that Kairu's
//! extra slot and DOR Modern leave out of them, and Modern's rules 2 and 3:
//!
//! - "Each Player can initially control only 1 Extra Deck monster. Either Player can summon
//!   additional Extra Deck monsters in Card Zones that Link Markers point to and is adjacent
//!   to the Deck Leader. Link Markers from Link Monsters which are treated as Xyz materials
//!   or Equip Spell Cards, do not affect the Card Zones they point to."
//! - "A Player can control up to a maximum of 5 non-Extra Deck monsters and 7 monsters total
//!   if including Extra Deck monsters. If a Player controls 7 monsters including Extra deck
//!   monsters, then the opponent can only control a maximum of 6 monsters including Extra
//!   deck monsters."
//!
//! Every way a monster comes onto the board asks here: a play from the hand, a Ritual, a
//! fusion, a transformation, a Synchro, Xyz or Link Summon, a Pendulum Summon, a revival, a
//! control change and an agreed outcome. A revival and a control change are judged as for a
//! Main Deck monster whatever the card (rule 2 speaks of summoning from the Extra Deck); a
//! control change by the counts after it.

use crate::card::ExtraDeckSummon;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::field::LinkArrows;
use crate::grid::{Cell, Edge};
use crate::piece::{Class, Piece};
use crate::seat::Seat;

/// Why one more monster does not fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoRoom {
    /// Past the monsters that count (the five).
    Full { limit: u8 },
    /// Past Modern's cap on all monsters (7, or 6 while an opponent controls 7).
    InAll { most: usize },
    /// Modern: one more Extra Deck monster, away from the zones Link Markers point to next
    /// to the Deck Leader.
    NeedsLinkMarker { already: usize },
}

const NEEDS_LINK_MARKER: &str = "an Extra Deck monster beyond the first goes only onto a zone a \
                                 Link Marker points to, next to your Deck Leader";

impl NoRoom {
    /// The refusal of the action that would have brought the monster.
    pub(crate) fn rule_error(self) -> RuleError {
        match self {
            NoRoom::Full { limit } => RuleError::MonsterZonesFull { limit },
            NoRoom::InAll { most } => RuleError::MonsterZonesFull {
                limit: u8::try_from(most).unwrap_or(u8::MAX),
            },
            NoRoom::NeedsLinkMarker { .. } => RuleError::CannotSummonFromExtraDeck {
                why: NEEDS_LINK_MARKER,
            },
        }
    }

    /// The refusal in words, for `seat` bringing a monster onto `to`.
    pub(crate) fn words(self, seat: Seat, to: Option<Cell>) -> String {
        match self {
            NoRoom::Full { limit } => format!(
                "{seat} would control more than {limit} monsters (those from the Extra Deck \
                 the format leaves out aside)"
            ),
            NoRoom::InAll { most } => format!(
                "{seat} would control more than {most} monsters in all (7, and 6 while an \
                 opponent controls 7)"
            ),
            NoRoom::NeedsLinkMarker { already } => format!(
                "{seat} already controls {already} Extra Deck monster(s): {NEEDS_LINK_MARKER}, \
                 and {} is not one",
                to.map_or_else(|| "that zone".to_owned(), Cell::name)
            ),
        }
    }
}

/// The cell one step from `from` by a Link Marker's step (`right`, `up` as its controller
/// sees them, "up" towards the far side of the board), if it is on a board of `size`.
pub(crate) fn pointed_cell(from: Cell, edge: Edge, right: i8, up: i8, size: u8) -> Option<Cell> {
    let (row_step, col_step) = match edge {
        // Seat at the bottom faces the top: up is a lower row, right a higher column.
        Edge::Bottom => (-up, right),
        Edge::Top => (up, -right),
        // At the left edge facing right, the right hand points down the board.
        Edge::Left => (right, up),
        Edge::Right => (-right, -up),
    };
    let row = i16::from(from.row) + i16::from(row_step);
    let col = i16::from(from.col) + i16::from(col_step);
    let size = i16::from(size);
    ((0..size).contains(&row) && (0..size).contains(&col)).then(|| Cell::new(row as u8, col as u8))
}

impl Duel {
    /// The Link Markers of `piece`, if it is a face-up Link Monster on the board as a
    /// monster: an Xyz Material or an equip lies beneath another card, not here, and a Deck
    /// Leader's effects are negated (Classic rule 1).
    fn link_markers_of(&self, piece: &Piece) -> Option<LinkArrows> {
        if piece.class != Class::Monster || !piece.face_up || piece.leader {
            return None;
        }
        let card = self.rules.pool.get(piece.card?)?;
        (card.monster()?.extra_deck == Some(ExtraDeckSummon::Link))
            .then(|| LinkArrows(card.database.as_ref().map_or(0, |d| d.link_arrows)))
    }

    /// Every cell a face-up Link Monster's Link Marker points to, whoever controls it
    /// ("Either Player can summon … in Card Zones that Link Markers point to"), the Link
    /// Monsters at `leaving` (materials about to leave) aside.
    pub(crate) fn grid_linked_cells(&self, leaving: &[Cell]) -> Vec<Cell> {
        let size = self.grid().size();
        let mut out = Vec::new();
        for (at, piece) in self.state.pieces() {
            if leaving.contains(&at) {
                continue;
            }
            let Some(arrows) = self.link_markers_of(piece) else {
                continue;
            };
            let edge = self.grid().edge_of(piece.controller);
            for (right, up) in arrows.steps() {
                if let Some(cell) = pointed_cell(at, edge, right, up, size)
                    && !out.contains(&cell)
                {
                    out.push(cell);
                }
            }
        }
        out
    }

    /// Whether `piece` is a monster from the Extra Deck (summoned from it, a Ritual Monster
    /// however it came back, or a card game's Fusion, Synchro, Xyz or Link Monster wherever
    /// it came from), which Kairu's extra slot and Modern leave out of the five.
    pub(super) fn is_extra_deck_monster(&self, piece: &Piece) -> bool {
        piece.class == Class::Monster
            && (piece.from_extra_deck
                || piece
                    .card
                    .and_then(|id| self.rules.pool.get(id))
                    .is_some_and(|c| {
                        c.monster().is_some_and(|m| m.ritual) || c.is_card_game_extra_deck_monster()
                    }))
    }

    /// How many monsters `seat` controls, its Deck Leader aside, and how many of them came
    /// from the Extra Deck, leaving out those at `leaving`.
    fn grid_monster_counts(&self, seat: Seat, leaving: &[Cell]) -> (usize, usize) {
        let mut all = 0;
        let mut from_extra_deck = 0;
        for (at, piece) in self.state.pieces() {
            if piece.controller != seat
                || piece.class != Class::Monster
                || piece.leader
                || leaving.contains(&at)
            {
                continue;
            }
            all += 1;
            if self.is_extra_deck_monster(piece) {
                from_extra_deck += 1;
            }
        }
        (all, from_extra_deck)
    }

    /// Modern rule 3: the most monsters `seat` may control in all (its Deck Leader aside),
    /// one fewer while an opponent in the duel controls that many — `giving`, one monster
    /// fewer, as it will have after a control change; `None` where the format sets no such
    /// cap.
    fn most_monsters_in_all(&self, seat: Seat, giving: Option<Seat>) -> Option<usize> {
        let most = usize::from(self.rules.format.play.max_monsters_in_all?);
        let table = self.state.table;
        let opponent_full = table
            .seats()
            .filter(|s| table.in_play(*s) && self.are_opponents(seat, *s))
            .any(|s| {
                let gives = usize::from(Some(s) == giving);
                self.state
                    .count_class(s, Class::Monster)
                    .saturating_sub(gives)
                    >= most
            });
        Some(if opponent_full {
            most.saturating_sub(1)
        } else {
            most
        })
    }

    /// Whether `seat` may control `all` monsters in all (`giving`: see
    /// [`Duel::most_monsters_in_all`]).
    pub(super) fn within_most_in_all(
        &self,
        seat: Seat,
        all: usize,
        giving: Option<Seat>,
    ) -> Result<(), NoRoom> {
        match self.most_monsters_in_all(seat, giving) {
            Some(most) if all > most => Err(NoRoom::InAll { most }),
            _ => Ok(()),
        }
    }

    /// Whether `all` monsters, `uncounted` of them from the Extra Deck beside the five, fit
    /// the format's monster limit.
    fn within_the_five(&self, all: usize, uncounted: usize) -> Result<(), NoRoom> {
        let limit = self.rules.format.play.max_monsters;
        if all.saturating_sub(uncounted) > usize::from(limit) {
            return Err(NoRoom::Full { limit });
        }
        Ok(())
    }

    /// How many of `seat`'s monsters from the Extra Deck (the monsters at `leaving` aside)
    /// the five leave out: Kairu's one; every one in Modern, where each beyond the first
    /// came in by a Link Marker.
    pub(super) fn uncounted_extra_deck_monsters(&self, seat: Seat, leaving: &[Cell]) -> usize {
        let play = &self.rules.format.play;
        let slots = usize::from(play.extra_deck_slots);
        if slots == 0 && !play.link_marker_slots {
            return 0;
        }
        let (_, from_extra_deck) = self.grid_monster_counts(seat, leaving);
        if play.link_marker_slots {
            from_extra_deck
        } else {
            from_extra_deck.min(slots)
        }
    }

    /// Whether `seat` has room for one more monster — one from the Extra Deck if
    /// `from_extra_deck` — onto `to` once the monsters at `leaving` have left.
    pub(crate) fn monster_room(
        &self,
        seat: Seat,
        from_extra_deck: bool,
        leaving: &[Cell],
        to: Option<Cell>,
    ) -> Result<(), NoRoom> {
        let play = &self.rules.format.play;
        let (all, extra) = self.grid_monster_counts(seat, leaving);
        let (all, extra) = (all + 1, extra + usize::from(from_extra_deck));
        self.within_most_in_all(seat, all, None)?;
        let slots = usize::from(play.extra_deck_slots);
        let uncounted = if play.link_marker_slots {
            if from_extra_deck && extra > slots.max(1) {
                let leader = self.state.player(seat).leader;
                let linked = to.is_some_and(|to| {
                    to.is_orthogonal_neighbour(leader)
                        && self.grid_linked_cells(leaving).contains(&to)
                });
                if !linked {
                    return Err(NoRoom::NeedsLinkMarker { already: extra - 1 });
                }
            }
            extra
        } else {
            extra.min(slots)
        };
        self.within_the_five(all, uncounted)
    }

    /// Whether `seat` has room for `count` more monsters, none from the Extra Deck (a
    /// Pendulum Summon's).
    pub(crate) fn room_for_main_deck_monsters(
        &self,
        seat: Seat,
        count: usize,
    ) -> Result<(), NoRoom> {
        let (all, _) = self.grid_monster_counts(seat, &[]);
        let all = all + count;
        self.within_most_in_all(seat, all, None)?;
        self.within_the_five(all, self.uncounted_extra_deck_monsters(seat, &[]))
    }

    /// Whether `seat` may take one more monster onto the field (a revival) without going
    /// past the monster limits.
    pub(super) fn has_monster_room(&self, seat: Seat) -> bool {
        self.room_for_main_deck_monsters(seat, 1).is_ok()
    }

    /// Whether `seat` has room for the monster at `taken`, which it takes from another
    /// player (a control change): judged by the counts as they will be, that player one
    /// monster fewer (Modern: taking the seventh of an opponent's seven leaves them six, and
    /// the taker may then hold seven).
    pub(super) fn has_room_to_take(&self, seat: Seat, taken: Cell) -> bool {
        let giving = self.state.piece(taken).map(|p| p.controller);
        let (all, _) = self.grid_monster_counts(seat, &[]);
        let all = all + 1;
        self.within_most_in_all(seat, all, giving).is_ok()
            && self
                .within_the_five(all, self.uncounted_extra_deck_monsters(seat, &[]))
                .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_marker_points_up_the_board_as_its_controller_sees_it() {
        let from = Cell::new(3, 3);
        // "Up": towards the far side of the board for each seat.
        assert_eq!(
            pointed_cell(from, Edge::Bottom, 0, 1, 7),
            Some(Cell::new(2, 3))
        );
        assert_eq!(
            pointed_cell(from, Edge::Top, 0, 1, 7),
            Some(Cell::new(4, 3))
        );
        assert_eq!(
            pointed_cell(from, Edge::Left, 0, 1, 7),
            Some(Cell::new(3, 4))
        );
        assert_eq!(
            pointed_cell(from, Edge::Right, 0, 1, 7),
            Some(Cell::new(3, 2))
        );
        // Right, and a diagonal, for the player at the bottom and the one facing them.
        assert_eq!(
            pointed_cell(from, Edge::Bottom, 1, 0, 7),
            Some(Cell::new(3, 4))
        );
        assert_eq!(
            pointed_cell(from, Edge::Top, 1, 0, 7),
            Some(Cell::new(3, 2))
        );
        assert_eq!(
            pointed_cell(from, Edge::Bottom, -1, 1, 7),
            Some(Cell::new(2, 2))
        );
        // Off the board.
        assert_eq!(pointed_cell(Cell::new(0, 0), Edge::Bottom, 0, 1, 7), None);
    }
}
