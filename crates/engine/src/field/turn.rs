//! The turn on the card game's field: Draw Phase (one card, the first turn's included, and
//! a player who cannot draw loses), Standby Phase, Main Phase 1, Battle Phase, Main Phase 2,
//! End Phase. The draw and the standby phase ask nothing of the turn player (a Trigger on
//! the Standby Phase asks its trap's player, `phase_triggers.rs`); the turn player moves on
//! from Main Phase 1 to the Battle Phase and on to Main Phase 2, or ends the turn from any
//! of them.

use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::DrawRule;
use crate::seat::{Seat, SeatSet};
use crate::state::{Phase, WinReason};

impl Duel {
    pub(crate) fn field_start_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let rules = std::sync::Arc::clone(&self.rules);
        let format = &rules.format;
        // The turn that just ended (none before the first one): "for N turns" changes count
        // their controller's turns, as on the grid.
        let ended = (self.state.turn > 1).then_some(self.state.active);
        self.state.active = seat;
        self.state.phase = Phase::Main;
        self.state.table.begin_turn(seat);
        if self.state.table.begin_round_if_due(self.state.turn) {
            // A new round of the Rotation: "once per round" again for everyone (a Battle
            // Royale's redirect, a Symbol's effect).
            for player in self.state.players.values_mut() {
                player.redirected = false;
                if let Some(symbol) = player.symbol.as_mut() {
                    symbol.used_this_round = false;
                }
            }
        }
        events.push(Event::TurnStarted {
            seat,
            turn: self.state.turn,
        });
        for piece in self.state.cells.iter_mut().flatten() {
            piece.attacked = false;
            piece.changed_position = false;
            piece.activated = false;
            let controller = piece.controller;
            piece.modifiers.retain_mut(|m| match m.duration {
                crate::card::Duration::EndOfTurn => false,
                crate::card::Duration::Turns(n) if Some(controller) == ended => {
                    m.duration = crate::card::Duration::Turns(n.saturating_sub(1));
                    n > 1
                }
                _ => true,
            });
        }
        // The cap on Destruction Damage is per turn, and so is "prior to this turn" for Idle
        // Warnings.
        for player in self.state.players.values_mut() {
            player.destruction_damage = 0;
            player.idle_warnings_this_turn = 0;
            player.effects_used.clear();
        }
        let fielded = self.monsters_of(seat).next().is_some();
        let first = self.state.turn == 1;
        let player = self.state.player_mut(seat);
        player.cards_played = 0;
        player.monsters_played = 0;
        player.attacks_declared = 0;
        player.pendulum_summoned = false;
        player.proposed_end = false;
        player.fielded_monster = fielded;
        let in_hand = player.hand.len() + self.draws_waiting(seat);
        let to_draw = match format.hand.draw {
            _ if first && !format.hand.first_turn_draw => 0,
            // Draws still waiting for their openings count as in the hand already.
            DrawRule::UpTo(n) => usize::from(n).saturating_sub(in_hand),
            DrawRule::Count(n) => usize::from(n),
        };
        for _ in 0..to_draw {
            if !self.draw(seat, events) {
                if format.win.deck_out_loses {
                    self.field_eliminate(SeatSet::only(seat), WinReason::DeckOut, events);
                }
                return;
            }
        }
        self.begin_standby_phase(seat);
    }

    /// The turn player's decision in one of the phases where they act, or the error.
    pub(super) fn expect_turn_decision(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<Phase, RuleError> {
        match &self.state.awaiting {
            Awaiting::Decision {
                seat: s,
                decision: Decision::Main | Decision::Battle,
            } if *s == seat => Ok(self.state.phase),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    pub(super) fn field_next_phase(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let next = match self.expect_turn_decision(seat, "next-phase")? {
            // A STRIKE in Main Phase 1: "you skip the Battle Phase that turn".
            Phase::Main if self.battle_phase_skipped(seat) => Phase::SecondMain,
            Phase::Main => {
                let first_attack_turn = self.state.table.first_attack_turn();
                if !self.state.table.may_attack_on(self.state.turn) {
                    return Err(RuleError::FirstTurnAttack { first_attack_turn });
                }
                Phase::Battle
            }
            Phase::Battle => Phase::SecondMain,
            phase => {
                return Err(RuleError::WrongPhase {
                    action: "next-phase",
                    phase: phase.label(),
                });
            }
        };
        self.state.phase = next;
        events.push(Event::PhaseChanged { seat, phase: next });
        if next == Phase::Battle {
            self.open_phase_windows(Phase::Battle, seat);
        }
        Ok(())
    }

    /// The turn player ends the turn; the End Phase follows when the duel settles.
    pub(super) fn field_end_turn(&mut self, seat: Seat) -> Result<(), RuleError> {
        self.expect_turn_decision(seat, "end-turn")?;
        self.state.phase = Phase::End;
        self.open_phase_windows(Phase::End, seat);
        Ok(())
    }
}
