//! Deck Leader abilities (`[leader_abilities]`, an option): Kairu's suggested "small buffs
//! for monsters that share a type within 2 range". The seed's other suggestion, "the 2
//! movement spaces per turn buff", is `movement.leader_steps`.

use crate::card::MonsterStats;
use crate::duel::Duel;
use crate::grid::Cell;
use crate::piece::Piece;

impl Duel {
    /// What a face-up monster at `cell` gains from its controller's Deck Leader: the kin
    /// bonus while it shares the leader's type and stands within range of it.
    pub(super) fn leader_kin_bonus(&self, cell: Cell, piece: &Piece, stats: &MonsterStats) -> i32 {
        let Some(abilities) = &self.rules.format.leader_abilities else {
            return 0;
        };
        if abilities.kin_bonus == 0
            || piece.leader
            || !piece.face_up
            || self.leader_powers_off_for(piece.controller)
        {
            return 0;
        }
        let leader_cell = self.state.player(piece.controller).leader;
        let Some(leader) = self.state.piece(leader_cell).filter(|p| p.leader) else {
            return 0;
        };
        let shares_type = leader
            .card
            .and_then(|id| self.rules.pool.get(id))
            .and_then(|card| card.monster())
            .is_some_and(|m| m.monster_type == stats.monster_type);
        // A walk is never shorter than the straight distance: most monsters are ruled out
        // before walking.
        if shares_type
            && cell.distance(leader_cell) <= abilities.kin_range
            && self
                .cells_within_range(leader_cell, abilities.kin_range)
                .contains(&cell)
        {
            i32::from(abilities.kin_bonus)
        } else {
            0
        }
    }
}
