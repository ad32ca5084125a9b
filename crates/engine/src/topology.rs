//! Board geometry behind one type: what lies next to what, how far things reach, where each
//! seat sits and which part of the board is whose. The grid family's square board, or the
//! card game's field of zones (Kingdom Duels).

use crate::field::FieldBoard;
use crate::grid::GridTopology;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topology {
    /// A square grid of cells that every player shares.
    Grid(GridTopology),
    /// Each player's own rows of zones.
    Field(FieldBoard),
}

impl Topology {
    /// The grid, if the board is one.
    pub fn grid(&self) -> Option<&GridTopology> {
        match self {
            Topology::Grid(grid) => Some(grid),
            Topology::Field(_) => None,
        }
    }

    /// The card game's field, if the board is one.
    pub fn field(&self) -> Option<&FieldBoard> {
        match self {
            Topology::Field(field) => Some(field),
            Topology::Grid(_) => None,
        }
    }
}
