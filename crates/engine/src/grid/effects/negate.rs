//! Cancel the attack, the spell, or the trap that set the trap off. Set off by a move instead
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

    /// Royal Decree: the trap that set it off (sprung, its effects waiting behind this one)
    /// does nothing and goes to the graveyard, "permanent" or not.
    pub(super) fn negate_trap(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(at) = effect.triggering.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let Some(card) = self.state.piece(at).and_then(|p| p.card) else {
            return Resolved::Done;
        };
        self.state
            .queue
            .retain(|queued| !(queued.card == card && queued.at == Some(at.into())));
        events.push(Event::TrapNegated {
            at: at.into(),
            card,
        });
        self.destroy(at, Some(effect.controller), events);
        Resolved::Done
    }
}
