//! Riryoku: "Reduces opponent's LP by half and adds the reduced amount to the powers of all
//! monsters" — a power-up, so the monster it powers up gains the amount — and Goblin Fan,
//! the trap that "triggers against an opponent's direct LP-attacking Riryoku and reverses
//! the inflicted damage": the half is then taken from Riryoku's own player.

use super::Resolved;
use crate::card::{Player, Primitive};
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::{Modifier, Piece};
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    /// Whether the Riryoku whose effect this is was turned back (Goblin Fan) on the monster it
    /// powers up. `None` once the monster or the power-up has left.
    fn riryoku_turned_back(&self, effect: &QueuedEffect) -> Option<bool> {
        let cell = effect.at.and_then(Place::cell)?;
        self.state.piece(cell).and_then(|piece| {
            piece
                .attached
                .iter()
                .rev()
                .find(|equip| equip.card == effect.card)
                .map(|equip| equip.reversed)
        })
    }

    /// Whether `effect` steals from its own player, its power-up having been turned back.
    pub(in crate::grid) fn stolen_life_points_turned_back(&self, effect: &QueuedEffect) -> bool {
        self.riryoku_turned_back(effect) == Some(true)
    }

    pub(super) fn steal_half_life_points(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(cell) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let Some(turned_back) = self.riryoku_turned_back(effect) else {
            // The monster left before the power-up's effect came: nothing is taken.
            return Resolved::Done;
        };
        let victim = if turned_back {
            Some(effect.controller)
        } else {
            self.whose(Player::Opponent, effect)
        };
        let Some(victim) = victim else {
            return Resolved::Done;
        };
        let taken = self.state.player(victim).life_points / 2;
        self.lose_exactly(victim, taken, events);
        let gain = i16::try_from(taken).unwrap_or(i16::MAX);
        if let Some(piece) = self.state.piece_mut(cell) {
            piece.modifiers.push(Modifier::stats(
                gain,
                gain,
                crate::card::Duration::Permanent,
            ));
        }
        Resolved::Done
    }
}

/// Whether the power-up that joined `piece` last steals life points (Riryoku) and has not
/// been turned back already: the only power-up Goblin Fan answers.
pub(in crate::grid) fn last_power_up_steals(duel: &Duel, piece: &Piece) -> bool {
    piece.attached.last().is_some_and(|equip| {
        !equip.reversed
            && duel.rules.pool.get(equip.card).is_some_and(|card| {
                card.effects
                    .iter()
                    .any(|e| e.primitive == Primitive::StealHalfLifePoints)
            })
    })
}
