//! Reverse Trap: "Permanent trap that triggers against power-ups involving increases in ATK
//! and DEF, reversing the positive effect to a negative amount." It answers an enemy's
//! power-up (an equip spell joining a monster) that raises ATK or DEF; that power-up then
//! lowers them by as much, for as long as it stays on the monster.

use super::Resolved;
use crate::duel::Duel;
use crate::grid::stats::equip_bonus;
use crate::piece::Piece;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    /// A trap answering a power-up (Reverse Trap, Goblin Fan) turns back the power-up that
    /// just joined the monster that set it off (the last of its equips), if `answers` says
    /// it is one the trap answers.
    pub(super) fn turn_back_last_power_up(
        &mut self,
        effect: &QueuedEffect,
        answers: fn(&Duel, &Piece) -> bool,
    ) -> Resolved {
        let Some(cell) = effect.triggering.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let answered = self
            .state
            .piece(cell)
            .is_some_and(|piece| answers(self, piece));
        if answered
            && let Some(equip) = self
                .state
                .piece_mut(cell)
                .and_then(|piece| piece.attached.last_mut())
        {
            equip.reversed = true;
        }
        Resolved::Done
    }
}

/// Whether the power-up that joined `piece` last raises its ATK or DEF (and is not reversed
/// already): the only power-up a trap that reverses power-ups answers.
pub(in crate::grid) fn last_power_up_raises(duel: &Duel, piece: &Piece) -> bool {
    piece.attached.last().is_some_and(|equip| {
        !equip.reversed
            && duel
                .rules
                .pool
                .get(equip.card)
                .is_some_and(|card| equip_bonus(card).any(|(atk, def)| atk > 0 || def > 0))
    })
}
