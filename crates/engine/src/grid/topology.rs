//! The grid's geometry: which cells exist, what lies next to what, where each seat sits and
//! which part of the board is whose.
//!
//! Two players face each other across the board: seat 0 at the bottom edge, seat 1 at the
//! top. Four players sit at the four edges, clockwise: seat 0 at the bottom, 1 on the left,
//! 2 at the top, 3 on the right. Three leave the top edge empty (bottom, left, right). Each
//! seat's Deck Leader starts at the centre of its edge.

use serde::{Deserialize, Serialize};

use crate::grid::Cell;
use crate::seat::{MAX_SEATS, Seat};

/// An edge of the board, where a seat sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    Bottom,
    Left,
    Top,
    Right,
}

/// Geometry of a square grid of `size` x `size` cells with its players at their edges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GridTopology {
    size: u8,
    players: u8,
    edges: [Edge; MAX_SEATS],
}

/// Why a grid cannot seat a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the grid seats 2 to 4 players, one at each side; {players} cannot sit at it")]
pub struct UnseatableGrid {
    pub players: usize,
}

impl GridTopology {
    /// A board of no cells, seating nobody.
    pub const NONE: GridTopology = GridTopology {
        size: 0,
        players: 0,
        edges: [Edge::Bottom; MAX_SEATS],
    };

    pub fn new(size: u8, players: usize) -> Result<GridTopology, UnseatableGrid> {
        let edges: &[Edge] = match players {
            2 => &[Edge::Bottom, Edge::Top],
            3 => &[Edge::Bottom, Edge::Left, Edge::Right],
            4 => &[Edge::Bottom, Edge::Left, Edge::Top, Edge::Right],
            _ => return Err(UnseatableGrid { players }),
        };
        let mut all = [Edge::Bottom; MAX_SEATS];
        all[..edges.len()].copy_from_slice(edges);
        Ok(GridTopology {
            size,
            players: players as u8,
            edges: all,
        })
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    pub fn contains(&self, cell: Cell) -> bool {
        cell.row < self.size && cell.col < self.size
    }

    /// The cell's position in row-by-row storage.
    pub fn index(&self, cell: Cell) -> Option<usize> {
        self.contains(cell)
            .then(|| usize::from(cell.row) * usize::from(self.size) + usize::from(cell.col))
    }

    /// The cell at a row-by-row position.
    pub fn cell_at(&self, index: usize) -> Cell {
        let n = usize::from(self.size.max(1));
        Cell::new((index / n) as u8, (index % n) as u8)
    }

    /// Every cell, row by row.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let n = self.size;
        (0..n).flat_map(move |row| (0..n).map(move |col| Cell::new(row, col)))
    }

    /// The orthogonal neighbours of a cell that are on the board: up, down, left, right.
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<> {
        let n = self.size;
        let Cell { row, col } = cell;
        [
            (row.checked_sub(1), Some(col)),
            (row.checked_add(1).filter(|r| *r < n), Some(col)),
            (Some(row), col.checked_sub(1)),
            (Some(row), col.checked_add(1).filter(|c| *c < n)),
        ]
        .into_iter()
        .filter_map(|(r, c)| Some(Cell::new(r?, c?)))
    }

    /// The edge `seat` sits at.
    pub fn edge_of(&self, seat: Seat) -> Edge {
        self.edges
            .get(usize::from(seat.0))
            .copied()
            .unwrap_or(Edge::Bottom)
    }

    /// Where `seat`'s Deck Leader starts: the centre of its edge.
    pub fn leader_start(&self, seat: Seat) -> Cell {
        let last = self.size.saturating_sub(1);
        let mid = self.size / 2;
        match self.edge_of(seat) {
            Edge::Bottom => Cell::new(last, mid),
            Edge::Top => Cell::new(0, mid),
            Edge::Left => Cell::new(mid, 0),
            Edge::Right => Cell::new(mid, last),
        }
    }

    /// Whose part of the board a cell lies in: the seat whose edge is strictly nearest.
    /// Cells as near to two edges (the middle row between two players, the diagonals of a
    /// four-player board) belong to nobody.
    pub fn side_of(&self, cell: Cell) -> Option<Seat> {
        let last = self.size.saturating_sub(1);
        let distance = |edge: Edge| match edge {
            Edge::Bottom => last.saturating_sub(cell.row),
            Edge::Top => cell.row,
            Edge::Left => cell.col,
            Edge::Right => last.saturating_sub(cell.col),
        };
        let mut best: Option<(u8, Seat)> = None;
        let mut tied = false;
        for seat in Seat::all(usize::from(self.players)) {
            let d = distance(self.edge_of(seat));
            match best {
                Some((b, _)) if d == b => tied = true,
                Some((b, _)) if d > b => {}
                _ => {
                    best = Some((d, seat));
                    tied = false;
                }
            }
        }
        if tied { None } else { best.map(|(_, s)| s) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_face_each_other_and_share_the_middle_row() {
        let grid = GridTopology::new(7, 2).unwrap();
        assert_eq!(grid.leader_start(Seat(0)), Cell::new(6, 3));
        assert_eq!(grid.leader_start(Seat(1)), Cell::new(0, 3));
        assert_eq!(grid.side_of(Cell::new(4, 0)), Some(Seat(0)));
        assert_eq!(grid.side_of(Cell::new(2, 6)), Some(Seat(1)));
        assert_eq!(grid.side_of(Cell::new(3, 5)), None);
    }

    #[test]
    fn four_players_sit_at_the_four_edges_clockwise() {
        let grid = GridTopology::new(9, 4).unwrap();
        let leaders: Vec<Cell> = Seat::all(4).map(|s| grid.leader_start(s)).collect();
        assert_eq!(
            leaders,
            [
                Cell::new(8, 4),
                Cell::new(4, 0),
                Cell::new(0, 4),
                Cell::new(4, 8)
            ]
        );
        for seat in Seat::all(4) {
            assert_eq!(grid.side_of(grid.leader_start(seat)), Some(seat));
        }
        assert_eq!(grid.side_of(Cell::new(4, 4)), None);
        assert_eq!(grid.side_of(Cell::new(1, 1)), None, "a diagonal cell");
    }

    #[test]
    fn three_players_leave_the_top_edge_empty_and_five_do_not_fit() {
        let grid = GridTopology::new(9, 3).unwrap();
        assert_eq!(grid.edge_of(Seat(2)), Edge::Right);
        assert_eq!(
            grid.side_of(Cell::new(0, 4)),
            None,
            "the empty edge's middle"
        );
        assert_eq!(GridTopology::new(9, 5), Err(UnseatableGrid { players: 5 }));
        assert_eq!(GridTopology::new(9, 1), Err(UnseatableGrid { players: 1 }));
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let grid = GridTopology::new(5, 2).unwrap();
        assert_eq!(grid.neighbours(Cell::new(0, 0)).count(), 2);
        assert_eq!(grid.neighbours(Cell::new(2, 2)).count(), 4);
        assert_eq!(grid.cells().count(), 25);
        assert_eq!(
            grid.cell_at(grid.index(Cell::new(3, 4)).unwrap()),
            Cell::new(3, 4)
        );
    }
}
