//! Cancel the attack, or the spell, that set the trap off.

use super::Resolved;
use crate::duel::Duel;

impl Duel {
    pub(super) fn negate_attack(&mut self) -> Resolved {
        self.state.attack_negated = true;
        Resolved::Done
    }

    pub(super) fn negate_spell(&mut self) -> Resolved {
        self.state.spell_negated = true;
        Resolved::Done
    }
}
