//! Creature Swap: "All cards in play on the Field with the exception of the Leaders are
//! transported to contrasting spaces diagonal to their current positions." Every card but
//! the Deck Leaders moves to the cell opposite it through the centre of the board, face,
//! position and everything else kept; the two cards of each pair of opposite cells trade
//! places. A pair stays put when either card is a Deck Leader or out of the spell's reach
//! (Lord of D.'s Dragons), or when either cell is Labyrinth, which no card is carried onto.
//! Being moved is no movement of the card's own: no trap springs and nothing battles,
//! though Crush terrain still crushes what lands on it.

use super::Resolved;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::state::QueuedEffect;
use crate::terrain::Terrain;

impl Duel {
    pub(super) fn mirror_positions(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        self.finish_spell(effect, events);
        let size = self.grid().size();
        let last = size.saturating_sub(1);
        let opposite = |cell: Cell| Cell::new(last - cell.row, last - cell.col);
        let stays = |duel: &Duel, cell: Cell| {
            duel.state.base_terrain(cell) == Terrain::Labyrinth
                || duel
                    .state
                    .piece(cell)
                    .is_some_and(|p| p.leader || duel.immune_to_spell(effect, p))
        };
        // Each pair once: the first cell of a pair comes before its opposite, row by row.
        let pairs: Vec<(Cell, Cell)> = self
            .grid()
            .cells()
            .map(|cell| (cell, opposite(cell)))
            .filter(|(cell, other)| (cell.row, cell.col) < (other.row, other.col))
            .filter(|(cell, other)| {
                (self.state.piece(*cell).is_some() || self.state.piece(*other).is_some())
                    && !stays(self, *cell)
                    && !stays(self, *other)
            })
            .collect();
        let mut landed = Vec::new();
        for (a, b) in pairs {
            let from_a = self.state.take(a);
            let from_b = self.state.take(b);
            for (from, to, piece) in [(a, b, from_a), (b, a, from_b)] {
                if let Some(piece) = piece {
                    self.state.put(to, piece);
                    events.push(Event::Moved {
                        from: from.into(),
                        to: to.into(),
                    });
                    landed.push(to);
                }
            }
        }
        for cell in landed {
            self.crush_check(cell, events);
        }
        Resolved::Done
    }
}
