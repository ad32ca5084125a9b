//! The card game's Synchro, Xyz and Link Summons on the grid, for a card database's Extra
//! Deck monsters (DOR Classic, Alternate and Modern played with the player's own cards).
//!
//! - Classic rule 8: "Monsters must be in adjacent Card Zones when used as materials for a
//!   Synchro, Xyz, Link, or Contact Fusion Summon … The Special Summoned Monster is Summoned
//!   in a Card Zone that a material previously occupied."
//! - Modern rule 1: "To Link Summon, send the appropriate materials in adjacent Card Zones
//!   from the field. The Link Summoned Monster is placed in one of the Card Zones that a
//!   material previously occupied."
//! - Modern rule 2: "Each Player can initially control only 1 Extra Deck monster. Either
//!   Player can summon additional Extra Deck monsters in Card Zones that Link Markers point
//!   to and is adjacent to the Deck Leader. Link Markers from Link Monsters which are treated
//!   as Xyz materials or Equip Spell Cards, do not affect the Card Zones they point to."
//! - Modern rule 3: "A Player can control up to a maximum of 5 non-Extra Deck monsters and 7
//!   monsters total … If a Player controls 7 monsters including Extra deck monsters, then the
//!   opponent can only control a maximum of 6."
//!
//! *Reading*: "adjacent Card Zones" asks that the materials form one group, each next to
//! another (not diagonally, as everywhere in these rules). As on the card game's field the
//! summon is declared in the Main Phase and resolves by agreement: its player proposes the
//! materials and the zone in one `extra-deck-summon` step, the engine holds it to the
//! mechanic (a Tuner and the Levels, the Rank, the Link Rating) and to the rules above, and
//! the others judge what the monster's text asks beyond them.

use crate::agreement::extra_deck_summon::SummonMethod;
use crate::card::{CardId, ExtraDeckSummon};
use crate::duel::Duel;
use crate::field::LinkArrows;
use crate::grid::{Cell, Edge, Unfit};
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;

/// The most face-up monsters a search for materials tries together (the grid holds at most
/// seven of a player's own).
const MOST_MATERIALS_TRIED: usize = 7;

/// Whether `cells` form one group, each orthogonally next to another of them.
pub(crate) fn one_adjacent_group(cells: &[Cell]) -> bool {
    let Some(first) = cells.first() else {
        return false;
    };
    let mut reached = vec![*first];
    let mut grew = true;
    while grew {
        grew = false;
        for cell in cells {
            if !reached.contains(cell) && reached.iter().any(|r| r.is_orthogonal_neighbour(*cell)) {
                reached.push(*cell);
                grew = true;
            }
        }
    }
    cells.iter().all(|c| reached.contains(c))
}

/// The cell one step from `from` by a Link Marker's step (`right`, `up` as its controller
/// sees them, "up" towards the far side of the board), if it is on a board of `size`.
fn pointed_cell(from: Cell, edge: Edge, right: i8, up: i8, size: u8) -> Option<Cell> {
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
    /// Whether `piece` is a face-up Link Monster on the board as a monster: its Link
    /// Markers point (an Xyz Material or an equip lies beneath another card, not here).
    fn link_markers_of(&self, piece: &Piece) -> Option<LinkArrows> {
        if piece.class != Class::Monster || !piece.face_up {
            return None;
        }
        let card = self.rules.pool.get(piece.card?)?;
        (card.monster()?.extra_deck == Some(ExtraDeckSummon::Link))
            .then(|| LinkArrows(card.database.as_ref().map_or(0, |d| d.link_arrows)))
    }

    /// Every cell a face-up Link Monster's Link Marker points to, whoever controls it
    /// (Modern rule 2: "Either Player can summon … in Card Zones that Link Markers point
    /// to").
    pub fn grid_linked_cells(&self) -> Vec<Cell> {
        let size = self.grid().size();
        let mut out = Vec::new();
        for (at, piece) in self.state.pieces() {
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
    /// one fewer while another player in the duel controls that many; `None` where the
    /// format sets no such cap.
    pub(super) fn most_monsters_in_all(&self, seat: Seat) -> Option<usize> {
        let most = usize::from(self.rules.format.play.max_monsters_in_all?);
        let table = self.state.table;
        let another_full = table
            .seats()
            .filter(|s| *s != seat && table.in_play(*s))
            .any(|s| self.state.count_class(s, Class::Monster) >= most);
        Some(if another_full {
            most.saturating_sub(1)
        } else {
            most
        })
    }

    /// Why `seat` may not summon `card` from its Extra Deck onto `to` with the materials at
    /// `materials`, by the grid's rules (the mechanic itself is checked apart), if it may
    /// not.
    pub(crate) fn grid_extra_deck_summon_refused(
        &self,
        seat: Seat,
        card: CardId,
        materials: &[Place],
        to: Place,
    ) -> Option<String> {
        let cells: Vec<Cell> = materials.iter().filter_map(|p| p.cell()).collect();
        if cells.len() != materials.len() {
            return Some(
                "on the grid the materials of a Synchro, Xyz or Link Summon are monsters on the \
                 board"
                    .into(),
            );
        }
        if !one_adjacent_group(&cells) {
            return Some(
                "the materials must stand in adjacent zones, each next to another (not \
                 diagonally)"
                    .into(),
            );
        }
        let Some(to_cell) = to.cell().filter(|c| cells.contains(c)) else {
            return Some(format!(
                "the summoned monster takes a zone one of its materials held, and {to} is none \
                 of them"
            ));
        };
        self.grid_extra_deck_room_refused(seat, card, &cells, to_cell)
    }

    /// Whether `seat` has room for one more Extra Deck monster at `to` once the monsters at
    /// `leaving` have left: the five besides the Extra Deck's, the Extra Deck slots and
    /// Modern's Link Markers and cap in all.
    fn grid_extra_deck_room_refused(
        &self,
        seat: Seat,
        card: CardId,
        leaving: &[Cell],
        to: Cell,
    ) -> Option<String> {
        let play = &self.rules.format.play;
        let name = self
            .rules
            .pool
            .get(card)
            .map_or("that monster", |c| c.name.as_str());
        let (all, from_extra_deck) = self.grid_monster_counts(seat, leaving);
        let (all, from_extra_deck) = (all + 1, from_extra_deck + 1);
        if let Some(most) = self.most_monsters_in_all(seat)
            && all > most
        {
            return Some(format!(
                "{seat} would control {all} monsters, and {most} is the most (7 in all, 6 \
                 while an opponent controls 7)"
            ));
        }
        let slots = usize::from(play.extra_deck_slots);
        if play.link_marker_slots {
            if from_extra_deck <= slots {
                return None;
            }
            let leader = self.state.player(seat).leader;
            if to.is_orthogonal_neighbour(leader) && self.grid_linked_cells().contains(&to) {
                return None;
            }
            return Some(format!(
                "{seat} already controls {} Extra Deck monster(s): {name} may join them only on \
                 a zone a Link Marker points to, next to their Deck Leader, and {} is not one",
                from_extra_deck - 1,
                to.name()
            ));
        }
        let counted = all - from_extra_deck.min(slots);
        let limit = usize::from(play.max_monsters);
        (counted > limit).then(|| format!("{seat} would control more than {limit} monsters"))
    }

    /// Why the card at `cell` may not be one of `seat`'s materials, if it may not.
    pub(crate) fn grid_material_refused(&self, seat: Seat, cell: Cell) -> Option<String> {
        let at = cell.name();
        match self.own_free_face_up_monster(seat, cell) {
            Ok(Ok(_)) => None,
            Ok(Err(Unfit::NotYourMonster)) => Some(format!(
                "the card at {at} is not a monster of {seat}'s: materials are your own \
                 monsters, never your Deck Leader"
            )),
            Ok(Err(Unfit::FaceDown)) => Some(format!(
                "the monster at {at} is face-down: a Synchro, Xyz or Link Summon takes face-up \
                 monsters"
            )),
            Ok(Err(Unfit::Spellbound)) => Some(format!(
                "the monster at {at} is spellbound: it cannot be a material"
            )),
            Err(error) => Some(error.to_string()),
        }
    }

    /// Materials on the grid for a Synchro, Xyz or Link Summon of `card` by `seat` that the
    /// mechanic and the grid accept, with the zone the monster may take: the fewest of
    /// `seat`'s face-up monsters standing together, `None` when there are none.
    pub(crate) fn grid_card_game_materials_for(
        &self,
        seat: Seat,
        method: SummonMethod,
        card: CardId,
    ) -> Option<(Vec<Place>, Place)> {
        let free: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(at, _)| {
                self.own_free_face_up_monster(seat, *at)
                    .is_ok_and(|fit| fit.is_ok())
            })
            .map(|(at, _)| at)
            .take(MOST_MATERIALS_TRIED)
            .collect();
        let fewest = if method == SummonMethod::Link { 1 } else { 2 };
        let mut sets: Vec<Vec<Cell>> = (1u32..(1 << free.len()))
            .map(|mask| {
                free.iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, at)| *at)
                    .collect::<Vec<Cell>>()
            })
            .filter(|set| set.len() >= fewest && one_adjacent_group(set))
            .collect();
        sets.sort_by_key(Vec::len);
        sets.into_iter().find_map(|set| {
            let places: Vec<Place> = set.iter().copied().map(Place::Cell).collect();
            self.check_card_game_materials(method, card, &places).ok()?;
            let to = set.iter().copied().find(|to| {
                self.grid_extra_deck_room_refused(seat, card, &set, *to)
                    .is_none()
            })?;
            Some((places, Place::Cell(to)))
        })
    }

    /// Outcomes that carry out the Synchro, Xyz or Link Summon `seat` declared: the first
    /// materials the grid accepts, onto the first of their zones that may take it.
    pub(super) fn grid_declared_summon_proposals(
        &self,
        seat: Seat,
        knowledge: &crate::knowledge::Knowledge,
        out: &mut Vec<crate::action::Action>,
    ) {
        let Some(agreement) = self.state.agreement.as_ref() else {
            return;
        };
        if agreement.controller != seat {
            return;
        }
        let Some(method) = self
            .summon_method(agreement.card)
            .filter(|m| m.is_declared_by_the_card_game())
        else {
            return;
        };
        let card_ref = agreement.card_ref;
        let Some(reveal) = knowledge.get(&self.state.commitment(card_ref)).copied() else {
            return;
        };
        let Some((materials, to)) = self.grid_card_game_materials_for(seat, method, reveal.card)
        else {
            return;
        };
        let operations = vec![crate::agreement::Operation::ExtraDeckSummon {
            card_ref,
            reveal,
            to,
            defence: false,
            materials,
        }];
        if self.preview_outcome(&operations).is_ok() {
            out.push(crate::action::Action::ProposeOutcome { operations });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn materials_in_a_line_or_an_l_are_one_group_and_a_diagonal_pair_is_not() {
        let c = Cell::new;
        assert!(one_adjacent_group(&[c(3, 3), c(3, 4), c(2, 4)]));
        assert!(one_adjacent_group(&[c(5, 1)]));
        assert!(!one_adjacent_group(&[c(3, 3), c(2, 4)]));
        assert!(!one_adjacent_group(&[c(3, 3), c(3, 4), c(3, 6)]));
        assert!(!one_adjacent_group(&[]));
    }

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
