//! Bad Reaction to Simochi: the spell a trap answers takes life points from its player
//! where it would give them ("triggers against LP recovery and reduces an opponent's LP by
//! the same amount").

use super::Resolved;
use crate::card::{CardDef, CardKind, Player, Primitive, SpellKind};
use crate::duel::Duel;
use crate::place::Place;
use crate::state::{QueuedEffect, Resume};

impl Duel {
    /// The spell's player (the one who activated the spell waiting for this trap, the turn
    /// player or, in Alternate, a defender activating an attacked spell) loses what the
    /// spell would give them until that spell has resolved.
    pub(super) fn reverse_gains(&mut self, effect: &QueuedEffect) -> Resolved {
        let caster = match &self.state.resume {
            Resume::SpellAfterWindow { spell } => Some(spell.controller),
            _ => effect
                .triggering
                .and_then(Place::cell)
                .and_then(|c| self.state.piece(c))
                .map(|p| p.controller),
        };
        if let Some(caster) = caster.filter(|c| *c != effect.controller) {
            self.state.gains_reversed = self.state.gains_reversed.with(caster);
        }
        Resolved::Done
    }
}

/// Whether `spell` is a normal spell that gives its own player life points: the only spells
/// a trap that reverses gains answers (a normal spell resolves and goes, which ends the
/// reversal with it).
pub(in crate::grid) fn gives_its_player_life_points(spell: &CardDef) -> bool {
    let normal = matches!(
        spell.kind,
        CardKind::Spell {
            spell: SpellKind::Normal
        }
    );
    normal
        && spell.effects.iter().any(|e| {
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
