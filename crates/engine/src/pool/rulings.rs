//! A format's rulings by agreement: cards whose defined effects the format sets aside.

use std::collections::BTreeMap;

use crate::card::{CardDef, CardId, EffectDef, Primitive};

use super::CardPool;

impl CardPool {
    /// This pool with the defined effects of `cards` set aside: each trigger of such a
    /// card resolves by agreement instead (a format's rulings). Cards the pool does not
    /// hold, or that have no effect, are left as they are.
    pub fn with_rulings(&self, cards: &[CardId]) -> CardPool {
        let defs: BTreeMap<CardId, CardDef> = self
            .cards
            .defs
            .iter()
            .map(|card| {
                let mut card = card.clone();
                if cards.contains(&card.id) {
                    let mut triggers = Vec::new();
                    for effect in &card.effects {
                        if !triggers.contains(&effect.trigger) {
                            triggers.push(effect.trigger);
                        }
                    }
                    card.effects = triggers
                        .into_iter()
                        .map(|trigger| EffectDef {
                            trigger,
                            primitive: Primitive::ByAgreement,
                        })
                        .collect();
                }
                (card.id, card)
            })
            .collect();
        self.with_defs(defs)
    }
}
