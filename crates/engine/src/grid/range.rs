//! "Within N range" on the grid: the cells N orthogonal steps from a cell.

use crate::duel::Duel;
use crate::grid::Cell;
use crate::terrain::Terrain;

impl Duel {
    /// The cells within `radius` orthogonal steps of `centre`, `centre` included, in cell
    /// order. Kairu counts "movement range": the steps are walked over cells that are not
    /// Labyrinth, so a cell behind a Labyrinth wall is out of range; elsewhere the distance
    /// is counted straight.
    pub(crate) fn cells_within_range(&self, centre: Cell, radius: u8) -> Vec<Cell> {
        if !self.kairu() {
            return self
                .state
                .all_cells()
                .filter(|c| c.distance(centre) <= radius)
                .collect();
        }
        let walkable = |c: Cell| self.state.base_terrain(c) != Terrain::Labyrinth;
        let mut reached = vec![centre];
        let mut frontier = vec![centre];
        for _ in 0..radius {
            let mut next = Vec::new();
            for cell in frontier {
                for step in self.grid().neighbours(cell) {
                    if walkable(step) && !reached.contains(&step) {
                        reached.push(step);
                        next.push(step);
                    }
                }
            }
            frontier = next;
        }
        reached.sort_unstable();
        reached
    }
}
