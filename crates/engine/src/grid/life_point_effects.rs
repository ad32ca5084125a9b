//! Nature Effects that change every life-point change while they last (Midnight Fiend,
//! Kryuel: damage increased; Tenderness: damage halved; Niwatori, Frog The Jam: recovery
//! doubled), and the ones that act at the start of every turn (Great Moth, Pumpking,
//! Injection Fairy Lily …).

use crate::card::{Primitive, Trigger};
use crate::duel::Duel;
use crate::format::Family;
use crate::grid::Cell;

/// The lasting life-point effects on the grid at one moment.
#[derive(Default)]
struct LifePointEffects {
    damage_increase: u32,
    damage_halvings: u32,
    recovery_doublings: u32,
}

impl Duel {
    /// `amount` of damage as the lasting effects on the grid make it: increases first, then
    /// each halving (rounded down).
    pub(crate) fn damage_after_lasting_effects(&self, amount: u32) -> u32 {
        let effects = self.life_point_effects();
        let increased = amount.saturating_add(effects.damage_increase);
        increased.checked_shr(effects.damage_halvings).unwrap_or(0)
    }

    /// `amount` of recovery doubled once for each lasting doubling on the grid.
    pub(crate) fn recovery_after_lasting_effects(&self, amount: u32) -> u32 {
        let doublings = self.life_point_effects().recovery_doublings;
        (0..doublings).fold(amount, |a, _| a.saturating_mul(2))
    }

    fn life_point_effects(&self) -> LifePointEffects {
        let mut effects = LifePointEffects::default();
        if self.rules.format.family != Family::Grid {
            return effects;
        }
        let changes_life_points = |p: &Primitive| {
            matches!(
                p,
                Primitive::DamageIncrease { .. }
                    | Primitive::DamageHalved
                    | Primitive::RecoveryDoubled
            )
        };
        for (_, _, primitive) in self.lasting_holders(changes_life_points) {
            match primitive {
                Primitive::DamageIncrease { amount } => {
                    effects.damage_increase += u32::from(*amount);
                }
                Primitive::DamageHalved => effects.damage_halvings += 1,
                Primitive::RecoveryDoubled => effects.recovery_doublings += 1,
                _ => {}
            }
        }
        effects
    }

    /// A face-up monster's lasting effects work unless it is spellbound (by counters or
    /// held by a continuous spellbind).
    pub(super) fn lasting_effects_work(&self, cell: Cell) -> bool {
        self.state
            .piece(cell)
            .is_some_and(|piece| piece.face_up && !self.spellbound(cell, piece))
    }

    /// At the start of a turn: every face-up, free monster in defence position with an
    /// effect "each turn" has it queued, in board order.
    pub(super) fn queue_each_turn_effects(&mut self) {
        let due: Vec<(Cell, crate::card::CardDef, crate::seat::Seat)> = self
            .state
            .pieces()
            .filter(|(cell, piece)| {
                !piece.leader && piece.defence && self.lasting_effects_work(*cell)
            })
            .filter_map(|(cell, piece)| {
                let card = piece.card.and_then(|id| self.rules.pool.get(id))?;
                (card
                    .effects
                    .iter()
                    .any(|e| e.trigger == Trigger::EachTurnInDefence)
                    && Duel::detonation_ready(piece, card))
                .then(|| (cell, card.clone(), piece.controller))
            })
            .collect();
        for (cell, card, controller) in due {
            self.queue_trigger(
                &card,
                Trigger::EachTurnInDefence,
                controller,
                Some(cell),
                None,
                None,
            );
        }
    }
}
