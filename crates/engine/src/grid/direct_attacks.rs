//! DOR Classic rule 14: "Effect Monsters whose effect states that they can attack directly
//! instead declare an attack against the Deck Leader only if that monster is in the same
//! column or row as the Deck Leader."
//!
//! Such a monster (a card database's, whose text gives it the power with no condition) may
//! attack an opposing Deck Leader anywhere along its row or column, as well as the
//! adjacent cards any monster may attack. *Reading*: it attacks directly, so cards between
//! it and the Deck Leader do not stand in the way.

use crate::duel::Duel;
use crate::grid::Cell;
use crate::piece::Piece;

impl Duel {
    /// The opposing Deck Leaders a face-up monster that attacks directly can attack from
    /// `from`: those in its row or column. None for any other monster.
    pub(super) fn direct_attack_targets(&self, from: Cell, attacker: &Piece) -> Vec<Cell> {
        let attacks_directly = attacker.face_up
            && attacker
                .card
                .and_then(|id| self.rules.pool.get(id))
                .and_then(|card| card.database.as_ref())
                .is_some_and(|entry| entry.attacks_directly);
        if !attacks_directly {
            return Vec::new();
        }
        let table = self.state.table;
        self.state
            .pieces()
            .filter(|(cell, piece)| {
                piece.leader
                    && table.are_opponents(attacker.controller, piece.controller)
                    && (cell.row == from.row || cell.col == from.col)
            })
            .map(|(cell, _)| cell)
            .collect()
    }
}
