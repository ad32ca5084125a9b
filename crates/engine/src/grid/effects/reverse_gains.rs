//! Bad Reaction to Simochi: the spell a trap answers takes life points from its player
//! where it would give them ("triggers against LP recovery and reduces an opponent's LP by
//! the same amount").

use super::Resolved;
use crate::card::{CardDef, Player, Primitive};
use crate::duel::Duel;
use crate::state::QueuedEffect;

impl Duel {
    /// The trap's opponent, who activated the spell, loses what the spell would give them
    /// until that spell has resolved.
    pub(super) fn reverse_gains(&mut self, effect: &QueuedEffect) -> Resolved {
        if let Some(caster) = effect.opponent {
            self.state.gains_reversed = self.state.gains_reversed.with(caster);
        }
        Resolved::Done
    }
}

/// Whether `spell` gives its own player life points: the only spells a trap that reverses
/// gains answers.
pub(in crate::grid) fn gives_its_player_life_points(spell: &CardDef) -> bool {
    spell.effects.iter().any(|e| {
        matches!(
            e.primitive,
            Primitive::Heal {
                player: Player::Controller,
                amount,
            } if amount > 0
        ) || matches!(
            e.primitive,
            Primitive::HealUpTo {
                player: Player::Controller,
                ..
            }
        )
    })
}
