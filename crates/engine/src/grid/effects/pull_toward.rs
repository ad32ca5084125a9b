//! Carat Idol: "When this card enters a turn face-up and in the defense position, all cards
//! are drawn 1 space towards Carat Idol!" Every card on the board but the Deck Leaders takes
//! one step toward it, the nearest first, so that a line of cards closes up: along the line
//! they share, or else along the longer of the two distances (the rows on a tie). A card
//! stays where the step would land on the Idol, on another card, or on Labyrinth it cannot
//! cross. Being drawn is no move: no trap springs and nothing battles; Crush terrain crushes
//! what lands on it.

use super::Resolved;
use crate::card::Primitive;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::place::Place;
use crate::state::QueuedEffect;
use crate::terrain::Terrain;

impl Duel {
    pub(super) fn pull_toward(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(idol) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        if self.state.piece(idol).and_then(|p| p.card) != Some(effect.card) {
            return Resolved::Done;
        }
        let mut drawn: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(cell, piece)| *cell != idol && !piece.leader)
            .map(|(cell, _)| cell)
            .collect();
        drawn.sort_by_key(|cell| (cell.distance(idol), *cell));
        for from in drawn {
            let to = step_toward(from, idol);
            if to == idol || self.state.piece(to).is_some() {
                continue;
            }
            let Some(piece) = self.state.piece(from) else {
                continue;
            };
            if self.state.base_terrain(to) == Terrain::Labyrinth
                && !self.has_static(from, piece, |p| matches!(p, Primitive::CrossLabyrinth))
            {
                continue;
            }
            let Some(piece) = self.state.take(from) else {
                continue;
            };
            self.state.put(to, piece);
            events.push(Event::Moved {
                from: from.into(),
                to: to.into(),
            });
            self.crush_check(to, events);
        }
        Resolved::Done
    }
}

/// One step from `from` toward `target`: along the longer of the two distances, the rows on
/// a tie.
fn step_toward(from: Cell, target: Cell) -> Cell {
    let rows = from.row.abs_diff(target.row);
    let cols = from.col.abs_diff(target.col);
    let toward = |a: u8, b: u8| if a < b { a + 1 } else { a - 1 };
    if rows >= cols && rows > 0 {
        Cell::new(toward(from.row, target.row), from.col)
    } else if cols > 0 {
        Cell::new(from.row, toward(from.col, target.col))
    } else {
        from
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_goes_along_the_longer_distance_and_the_rows_on_a_tie() {
        let idol = Cell::new(3, 3);
        assert_eq!(step_toward(Cell::new(1, 3), idol), Cell::new(2, 3));
        assert_eq!(step_toward(Cell::new(3, 0), idol), Cell::new(3, 1));
        assert_eq!(step_toward(Cell::new(5, 5), idol), Cell::new(4, 5));
        assert_eq!(step_toward(Cell::new(4, 6), idol), Cell::new(4, 5));
        assert_eq!(step_toward(Cell::new(2, 3), idol), idol);
    }
}
