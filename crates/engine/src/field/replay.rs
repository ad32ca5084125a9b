//! Kingdom Duels' replay: "During regular combat if the attacked monster changed somehow (it
//! went into hiding, changed control, moved, fused, etc.) a replay occurs (meaning the
//! attacking player must choose an attack target again after that first attack was
//! declared)."
//!
//! Reading (docs/RULES.md): the attacked monster "changed" when an effect resolved while
//! the attack waited for its responses moved it (to another zone, to another player's side,
//! or off the field), turned it over, or took it as a material — except an Alter Summon's,
//! whose monster takes the material's zone and the attack with it ("Any attack or effect
//! targeting the material monster now targets the new monster"). A change of its ATK, DEF
//! or position is not listed and makes no replay. The attacking player then chooses a target
//! again for the same monster, among those it could be declared on; the replay is not a
//! second attack declaration, and the response windows open again for it. With no target
//! left, the attack ends. Where the format has no replays (`field.replays`), the attack goes
//! on against the zone, or ends if it is empty.

use crate::agreement::Operation;
use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::Resume;

impl Duel {
    /// After an outcome's step ran: if it changed the monster an attack waiting for its
    /// responses was declared on, that attack becomes a replay.
    pub(crate) fn replay_if_target_changed(&mut self, operation: &Operation) {
        if !self.rules.format.field.replays {
            return;
        }
        let Resume::AttackAfterWindow { attacker, target } = self.state.resume else {
            return;
        };
        if target.as_player().is_some() {
            return;
        }
        let changed = match operation {
            Operation::Move { from, .. } => *from == target,
            Operation::Flip { at } | Operation::Destroy { at, .. } => *at == target,
            // "Any attack or effect targeting the material monster now targets the new
            // monster": an Alter Monster takes its material's zone, and the attack goes on
            // against it there.
            Operation::ExtraDeckSummon {
                materials, reveal, ..
            } => materials.contains(&target) && !self.is_alter_monster(reveal.card),
            _ => false,
        };
        if changed {
            self.state.resume = Resume::Replay { attacker };
        }
    }

    fn is_alter_monster(&self, card: crate::card::CardId) -> bool {
        self.rules
            .pool
            .get(card)
            .and_then(|c| c.kingdom())
            .is_some_and(|k| k.frame == crate::kingdom_card::Frame::Alter)
    }

    /// The targets `attacker` may be given again in a replay.
    pub(super) fn replay_targets(&self, seat: Seat, attacker: Place) -> Vec<Place> {
        let mut targets = self.attack_target_candidates(seat);
        targets.retain(|target| {
            self.attack_target_refused(seat, attacker, *target)
                .is_none()
        });
        targets
    }

    /// Asks the attacking player to choose the target again; false when the attack is over
    /// instead (its monster left the field, or nothing is left to attack).
    pub(super) fn ask_for_replay(&mut self, attacker: Place) -> bool {
        // A monster no longer in ATK Position (or gone) attacks nothing.
        let Some(seat) = self
            .zone_piece(attacker)
            .filter(|p| !p.defence)
            .map(|p| p.controller)
        else {
            return false;
        };
        if !self.state.table.in_play(seat) || self.replay_targets(seat, attacker).is_empty() {
            return false;
        }
        self.state.awaiting = Awaiting::Decision {
            seat,
            decision: Decision::Replay { attacker },
        };
        self.state.resume = Resume::Replay { attacker };
        true
    }

    /// The monster whose target `seat` is asked to choose again, if they are asked.
    pub(super) fn asked_to_replay(&self, seat: Seat) -> Option<Place> {
        match self.state.awaiting.decision() {
            Some((s, Decision::Replay { attacker })) if s == seat => Some(*attacker),
            _ => None,
        }
    }

    /// `Action::Attack` in a replay: the same monster, a new target; the responses are asked
    /// again before the battle.
    pub(super) fn field_replay(
        &mut self,
        seat: Seat,
        attacker: Place,
        from: Place,
        target: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if from != attacker {
            return Err(RuleError::CannotAttack {
                at: from,
                why: "in a replay the monster that declared the attack chooses its target again",
            });
        }
        if let Some(refused) = self.attack_target_refused(seat, from, target) {
            return Err(refused);
        }
        self.state.resume = Resume::Nothing;
        events.push(Event::AttackDeclared { from, target });
        if !self.open_attack_windows(from, target) {
            self.resolve_attack(from, target, events);
        }
        Ok(())
    }
}
