//! An effect the card's definition leaves to agreement: its controller proposes the outcome
//! as the engine's operations and the players accept or refuse it (`crate::agreement`).
//! The effect waits for the agreement; once it ends, the card finishes like any other
//! effect's (a spell or trap that resolved leaves for the graveyard).

use crate::card::{CardDef, Primitive, Trigger};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::grid::effects::Resolved;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn begin_agreed_effect(
        &mut self,
        card: &CardDef,
        effect: &QueuedEffect,
    ) -> Resolved {
        // Where the card is, or was (a monster destroyed, a spell activated from the hand
        // names its controller): where the players look for it while they agree.
        let at = effect.at.unwrap_or(Place::player(effect.controller));
        let card_ref = self.agreed_card_ref(card, effect);
        self.begin_agreement(effect.controller, card.id, card_ref, at);
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.effect = Some(effect.clone());
        }
        Resolved::Stopped
    }

    /// Queues the effects of the face-up `card` at `at` that `trigger` sets off and that
    /// resolve by agreement (the grid reads its other effects of that trigger where they
    /// apply, as with movement).
    pub(in crate::grid) fn queue_agreed(
        &mut self,
        card: &CardDef,
        trigger: Trigger,
        controller: crate::seat::Seat,
        at: crate::grid::Cell,
    ) {
        self.queue_effects_where(card, trigger, controller, at, |p| {
            *p == Primitive::ByAgreement
        });
    }

    /// Queues the effects of `card` at `at` that `trigger` sets off and whose primitive
    /// passes `wanted`.
    fn queue_effects_where(
        &mut self,
        card: &CardDef,
        trigger: Trigger,
        controller: crate::seat::Seat,
        at: crate::grid::Cell,
        wanted: fn(&Primitive) -> bool,
    ) {
        for (index, effect) in card.effects.iter().enumerate() {
            if effect.trigger == trigger && wanted(&effect.primitive) {
                self.state.queue.push(QueuedEffect {
                    card: card.id,
                    index: index as u8,
                    controller,
                    at: Some(Place::Cell(at)),
                    triggering: None,
                    opponent: None,
                    discard_after: false,
                    card_ref: None,
                });
            }
        }
    }

    /// A power-up just joined the monster at `at`: its effect left to agreement is due now,
    /// and Riryoku's theft (the grid reads a defined power-up's ATK/DEF where it applies
    /// instead).
    pub(in crate::grid) fn queue_agreed_equip(
        &mut self,
        equip: crate::card::CardId,
        controller: crate::seat::Seat,
        at: crate::grid::Cell,
    ) {
        if let Some(card) = self.rules.pool.get(equip).cloned() {
            // Riryoku's theft happens once, as the power-up joins.
            self.queue_effects_where(&card, Trigger::Activate, controller, at, |p| {
                matches!(p, Primitive::ByAgreement | Primitive::StealHalfLifePoints)
            });
        }
    }

    /// The commitment of the card whose effect is agreed: on its cell, or (destroyed) the
    /// latest copy of it in a graveyard.
    fn agreed_card_ref(&self, card: &CardDef, effect: &QueuedEffect) -> CardRef {
        let on_board = effect
            .at
            .and_then(Place::cell)
            .and_then(|cell| self.state.piece(cell))
            .filter(|p| p.card == Some(card.id))
            .map(|p| p.card_ref);
        let in_graveyard = || {
            self.state
                .players
                .iter()
                .flat_map(|(_, p)| p.graveyard.iter().rev())
                .find(|slot| slot.card == Some(card.id))
                .map(|slot| slot.card_ref)
        };
        on_board.or_else(in_graveyard).unwrap_or_default()
    }
}
