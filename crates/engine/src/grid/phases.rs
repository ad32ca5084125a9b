//! DOR Modern rule 6: "Phases: Draw Phase, Standby Phase, Main Phase 1, Battle Phase, Main
//! Phase 2, and End Phase are applied. Cards can move to unoccupied adjacent Card Zones
//! during Main Phase 1 or Main Phase 2. Cards can only move in occupied adjacent Card Zones
//! during the Battle Phase."
//!
//! Where the format has a Battle Phase (`movement.battle_phase`), the turn's draw and
//! Summoning Points are its Draw and Standby Phases; cards are played, moved to unused zones,
//! flipped and turned in Main Phase 1 and Main Phase 2; a move into an occupied zone — an
//! attack, or an equip carried onto a monster — happens only in the Battle Phase between
//! them. The turn player goes on to the
//! next phase (`Action::NextPhase`) or ends the turn from any phase. A card still moves
//! once per turn, whichever Main Phase it moves in.

use crate::action::Action;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::seat::Seat;
use crate::state::Phase;

impl Duel {
    /// Whether the format's turn has a Battle Phase.
    pub(super) fn has_battle_phase(&self) -> bool {
        self.rules.format.movement.battle_phase
    }

    /// Why the phase the turn is in does not allow `action`, if it does not.
    pub(super) fn grid_phase_refuses(&self, action: &Action) -> Option<RuleError> {
        if !self.has_battle_phase() {
            return None;
        }
        let phase = self.state.phase;
        let battle = phase == Phase::Battle;
        let wrong = |action| {
            Some(RuleError::WrongPhase {
                action,
                phase: phase.label(),
            })
        };
        match action {
            Action::Attack { .. } if !battle => wrong("attack"),
            // "Cards can move to unoccupied adjacent Card Zones during Main Phase 1 or Main
            // Phase 2. Cards can only move in occupied adjacent Card Zones during the Battle
            // Phase": an equip carried onto a monster moves into an occupied zone.
            Action::Move { to, .. } => {
                let occupied = to.cell().is_some_and(|c| self.state.piece(c).is_some());
                if occupied != battle {
                    wrong("move")
                } else {
                    None
                }
            }
            Action::Play { .. }
            | Action::ChangePosition { .. }
            | Action::Flip { .. }
            | Action::Fuse { .. }
            | Action::Transform { .. }
            | Action::SummonFromExtraDeck { .. }
            | Action::PendulumSummon { .. }
                if battle =>
            {
                wrong(action.kind())
            }
            _ => None,
        }
    }

    /// `Action::NextPhase`: Main Phase 1 to the Battle Phase, the Battle Phase to Main Phase 2.
    pub(super) fn grid_next_phase(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if !self.has_battle_phase() {
            return Err(RuleError::NotInThisFamily {
                action: "next-phase",
            });
        }
        self.expect_main(seat, "next-phase")?;
        let next = match self.state.phase {
            Phase::Main => Phase::Battle,
            Phase::Battle => Phase::SecondMain,
            other => {
                return Err(RuleError::WrongPhase {
                    action: "next-phase",
                    phase: other.label(),
                });
            }
        };
        self.state.phase = next;
        events.push(Event::PhaseChanged { seat, phase: next });
        Ok(())
    }

    /// Whether the turn player may go on to another phase now.
    pub(super) fn may_change_phase(&self) -> bool {
        self.has_battle_phase() && matches!(self.state.phase, Phase::Main | Phase::Battle)
    }
}
