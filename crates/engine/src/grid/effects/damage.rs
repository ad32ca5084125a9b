//! Damage to a player's life points: a fixed amount, or an amount per matching card on the
//! field (counted on the chosen opponent's side when the filter says "enemy").

use super::Resolved;
use crate::card::{Filter, Player};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::filters::{needs_identity_of, piece_identity_matches};
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn damage_effect(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        amount: u16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        if let Some(seat) = self.whose(player, effect) {
            self.damage(seat, u32::from(amount), events);
        }
        Resolved::Done
    }

    pub(super) fn damage_per_card(
        &mut self,
        effect: &QueuedEffect,
        player: Player,
        amount: u16,
        filter: &Filter,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(seat) = self.whose(player, effect) else {
            return Resolved::Done;
        };
        // "Enemy" cards are the aimed-at opponent's, where the effect names one.
        let target = (player == Player::Opponent).then_some(seat);
        let count = self
            .state
            .pieces()
            .filter(|(_, p)| !p.leader && self.public_filter(filter, effect.controller, target, p))
            .filter(|(_, p)| {
                !needs_identity_of(filter, p)
                    || p.card
                        .and_then(|id| self.rules.pool.get(id))
                        .is_some_and(|c| piece_identity_matches(filter, c, p, None))
            })
            .count() as u32;
        self.damage(seat, count * u32::from(amount), events);
        Resolved::Done
    }

    /// A face-up monster's movement effect that deals damage follows each move it makes
    /// (Mucus Yolk: "Each time Mucus Yolk moves, an opponent's LP is reduced by 50 points").
    pub(in crate::grid) fn queue_movement_damage(
        &mut self,
        card: &crate::card::CardDef,
        controller: crate::seat::Seat,
        at: crate::grid::Cell,
    ) {
        for (index, effect) in card.effects.iter().enumerate() {
            if effect.trigger == crate::card::Trigger::Movement
                && matches!(effect.primitive, crate::card::Primitive::Damage { .. })
            {
                self.state.queue.push(QueuedEffect {
                    card: card.id,
                    index: index as u8,
                    controller,
                    at: Some(crate::place::Place::Cell(at)),
                    triggering: None,
                    opponent: None,
                    discard_after: false,
                    card_ref: None,
                });
            }
        }
    }
}
