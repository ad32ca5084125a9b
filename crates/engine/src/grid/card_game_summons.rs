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
use crate::card::CardId;
use crate::duel::Duel;
use crate::grid::{Cell, Unfit};
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

impl Duel {
    /// Why `seat` may not summon a monster from its Extra Deck onto `to` with the materials
    /// at `materials`, by the grid's rules (the mechanic itself is checked apart), if it may
    /// not.
    pub(crate) fn grid_extra_deck_summon_refused(
        &self,
        seat: Seat,
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
        self.monster_room(seat, true, &cells, Some(to_cell))
            .err()
            .map(|no_room| no_room.words(seat, Some(to_cell)))
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
            let to = set
                .iter()
                .copied()
                .find(|to| self.monster_room(seat, true, &set, Some(*to)).is_ok())?;
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
        // Only a declared summon: a Synchro, Xyz or Link Monster on the board activating an
        // effect at will is not summoning itself.
        if agreement.controller != seat || !self.agreeing_on_declared_summon() {
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
}
