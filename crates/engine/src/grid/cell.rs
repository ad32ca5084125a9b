//! A cell of the grid.

use serde::{Deserialize, Serialize};

/// A zone on the grid. Row 0 is the top row of the board as the format file draws it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// Orthogonal steps between two cells.
    pub fn distance(self, other: Cell) -> u8 {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }

    pub fn is_orthogonal_neighbour(self, other: Cell) -> bool {
        self.distance(other) == 1
    }

    /// In the 3x3 square around `centre` (excluding `centre` itself).
    pub fn is_in_square_around(self, centre: Cell) -> bool {
        self != centre && self.row.abs_diff(centre.row) <= 1 && self.col.abs_diff(centre.col) <= 1
    }

    pub fn shares_line(self, other: Cell) -> bool {
        self != other && (self.row == other.row || self.col == other.col)
    }

    /// Name used everywhere players see cells: column letter from the left, row number from
    /// the top ("a1" is the top-left corner as the format file draws the board).
    pub fn name(self) -> String {
        format!(
            "{}{}",
            char::from(b'a' + self.col.min(25)),
            u16::from(self.row) + 1
        )
    }

    /// Parses a name like "d7" on a board of the given size.
    pub fn parse(text: &str, board_size: u8) -> Option<Cell> {
        let text = text.trim();
        let mut chars = text.chars();
        let col = chars.next()?.to_ascii_lowercase();
        if !col.is_ascii_lowercase() {
            return None;
        }
        let col = col as u8 - b'a';
        let row: u8 = chars.as_str().parse().ok()?;
        if col >= board_size || row == 0 || row > board_size {
            return None;
        }
        Some(Cell::new(row - 1, col))
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}
