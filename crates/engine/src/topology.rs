//! Board geometry behind one type: what lies next to what, how far things reach, where each
//! seat sits and which part of the board is whose. The grid family's square board now; the
//! card game's zones (Kingdom Duels, Domain Format) are the next variant.

use crate::grid::GridTopology;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topology {
    /// A square grid of cells that every player shares.
    Grid(GridTopology),
}

impl Topology {
    /// The grid, if the board is one.
    pub fn grid(&self) -> Option<&GridTopology> {
        match self {
            Topology::Grid(grid) => Some(grid),
        }
    }
}
