//! Cancel the attack, or the spell, that set the trap off. Set off by a move instead
//! (Block Attack: "triggers when an enemy card completes its move … Cancels the card's
//! actions and ends further movement"), the card that moved does nothing more this turn: it
//! neither attacks nor changes position.

use super::Resolved;
use crate::card::Trigger;
use crate::duel::Duel;
use crate::event::Event;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn negate_attack(
        &mut self,
        effect: &QueuedEffect,
        trigger: Trigger,
        events: &mut Vec<Event>,
    ) -> Resolved {
        if trigger != Trigger::EnemyMovesInRange {
            self.state.attack_negated = true;
            return Resolved::Done;
        }
        let Some(at) = effect.triggering.and_then(Place::cell) else {
            return Resolved::Done;
        };
        if let Some(piece) = self.state.piece_mut(at) {
            piece.moved = true;
            piece.attacked = true;
            piece.changed_position = true;
            events.push(Event::AttackNegated { from: at.into() });
        }
        Resolved::Done
    }

    pub(super) fn negate_spell(&mut self) -> Resolved {
        self.state.spell_negated = true;
        Resolved::Done
    }
}
