//! The course of an agreed effect: the controller proposes an outcome; the seats asked
//! accept or refuse it in turn order from the controller; an accepted outcome waits for the
//! hidden cards it shows to be opened, then runs; a refused one changes nothing, and the
//! controller may propose again until the format's number of proposals is spent, when the
//! card resolves with no effect.

use crate::agreement::operations::Run;
use crate::agreement::{Agreement, Consent, Operation};
use crate::awaiting::{Awaiting, Decision};
use crate::card::CardId;
use crate::commitment::{CardRef, Commitment};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::{Glyph, Subtype};
use crate::place::Place;
use crate::seat::{Seat, SeatSet};

impl Duel {
    /// The effect being resolved by agreement, if one is.
    pub fn agreement(&self) -> Option<&Agreement> {
        self.state.agreement.as_ref()
    }

    /// `controller` activated `card` at `at`, whose effect FairDuel does not define: its
    /// outcome is now up to agreement.
    pub(crate) fn begin_agreement(
        &mut self,
        controller: Seat,
        card: CardId,
        card_ref: CardRef,
        at: Place,
    ) {
        self.state.agreement = Some(Agreement {
            card,
            card_ref,
            at,
            controller,
            proposal: None,
            to_answer: Vec::new(),
            agreed: SeatSet::EMPTY,
            refused: 0,
            accepted: false,
            chances: Vec::new(),
            effect: None,
            target: None,
        });
    }

    fn expect_agreement_turn(
        &self,
        seat: Seat,
        action: &'static str,
        proposing: bool,
    ) -> Result<Agreement, RuleError> {
        let asked = match self.state.awaiting.decision() {
            Some((s, Decision::ProposeOutcome { .. })) => proposing && s == seat,
            Some((s, Decision::ConsiderOutcome { .. })) => !proposing && s == seat,
            _ => false,
        };
        match &self.state.agreement {
            Some(agreement) if asked => Ok(agreement.clone()),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    /// Runs `operations` on a scratch copy of the duel: checks that each is possible in
    /// turn, and returns the copy and the hidden cards the outcome would show, with their
    /// owners.
    fn run_on_copy(
        &self,
        operations: &[Operation],
    ) -> Result<(Duel, Vec<(Seat, Commitment)>), RuleError> {
        self.check_outcome_shape(operations)?;
        self.check_outcome_target(operations)?;
        let mut scratch = self.clone();
        let mut shown = Vec::new();
        let mut scratch_events = Vec::new();
        for (index, operation) in operations.iter().enumerate() {
            let mut run = Run::Check { shown: &mut shown };
            scratch.run_operation(index, operation, &mut run, &mut scratch_events)?;
        }
        Ok((scratch, shown))
    }

    pub(super) fn check_outcome(
        &self,
        operations: &[Operation],
    ) -> Result<Vec<(Seat, Commitment)>, RuleError> {
        self.run_on_copy(operations).map(|(_, shown)| shown)
    }

    /// The duel as it would be after `operations` (hidden cards the outcome would show
    /// still hidden), or why the outcome cannot be carried out: for previews of a proposal
    /// being written or considered.
    pub fn preview_outcome(&self, operations: &[Operation]) -> Result<Duel, RuleError> {
        self.run_on_copy(operations).map(|(duel, _)| duel)
    }

    /// Proposes each of `steps` as an outcome of its own, for a bot to choose from: only
    /// those the engine would carry out now.
    pub(crate) fn propose_possible_steps(
        &self,
        steps: Vec<Operation>,
        out: &mut Vec<crate::action::Action>,
    ) {
        for step in steps {
            let operations = vec![step];
            if self.preview_outcome(&operations).is_ok() {
                out.push(crate::action::Action::ProposeOutcome { operations });
            }
        }
    }

    /// The coin and the die the controller may still call for before proposing (a call of
    /// heads stands for either call: the odds are the same).
    pub(crate) fn chance_calls(&self) -> Vec<crate::action::Action> {
        let tossed = self.state.agreement.as_ref().map_or(0, |a| a.chances.len());
        if tossed >= crate::chance::MAX_CHANCES {
            return Vec::new();
        }
        let heads = crate::chance::Chance::Coin {
            call: crate::chance::CoinSide::Heads,
        };
        [heads, crate::chance::Chance::Die]
            .into_iter()
            .map(|chance| crate::action::Action::CallChance { chance })
            .collect()
    }

    /// The controller tosses a coin or rolls a die before proposing.
    pub(crate) fn call_chance_for_agreement(
        &mut self,
        seat: Seat,
        chance: crate::chance::Chance,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let agreement = self.expect_agreement_turn(seat, "call-chance", true)?;
        if let crate::chance::Chance::DestinyPile { .. } = chance {
            return Err(RuleError::CannotDestinyDraw {
                why: "a card's effect tosses coins and rolls dice; the destiny pile is drawn \
                      from only at the start of its player's turn",
            });
        }
        if chance == crate::chance::Chance::EffectPick {
            return Err(RuleError::NotAnAgreedChance);
        }
        if agreement.chances.len() >= crate::chance::MAX_CHANCES {
            return Err(RuleError::TooManyChances {
                max: crate::chance::MAX_CHANCES,
            });
        }
        self.call_chance(seat, chance, events);
        Ok(())
    }

    pub(crate) fn propose_outcome(
        &mut self,
        seat: Seat,
        operations: &[Operation],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let agreement = self.expect_agreement_turn(seat, "propose-outcome", true)?;
        if operations.is_empty() {
            // Nothing to agree to: the card resolves with no effect.
            events.push(Event::OutcomeProposed {
                seat,
                card: agreement.card,
                operations: Vec::new(),
            });
            self.finish_agreement(false, events);
            return Ok(());
        }
        self.check_declared_summon_outcome(operations)?;
        self.check_outcome(operations)?;
        let asked: Vec<Seat> = match self.rules.format.agreement.consent {
            Consent::Everyone => self
                .state
                .table
                .clockwise_from(seat)
                .filter(|s| *s != seat && self.state.table.in_play(*s))
                .collect(),
            Consent::Touched => {
                let touched = self.seats_touched(operations);
                self.state
                    .table
                    .clockwise_from(seat)
                    .filter(|s| *s != seat && self.state.table.in_play(*s))
                    .filter(|s| touched.contains(*s))
                    .collect()
            }
        };
        events.push(Event::OutcomeProposed {
            seat,
            card: agreement.card,
            operations: operations.to_vec(),
        });
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.proposal = Some(operations.to_vec());
            agreement.to_answer = asked;
            agreement.agreed = SeatSet::EMPTY;
        }
        self.accept_if_everyone_agreed()
    }

    pub(crate) fn accept_outcome(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_agreement_turn(seat, "accept-outcome", false)?;
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.to_answer.retain(|s| *s != seat);
            agreement.agreed = agreement.agreed.with(seat);
        }
        events.push(Event::OutcomeAccepted { seat });
        self.accept_if_everyone_agreed()
    }

    pub(crate) fn refuse_outcome(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let agreement = self.expect_agreement_turn(seat, "refuse-outcome", false)?;
        events.push(Event::OutcomeRefused { seat });
        let refused = agreement.refused.saturating_add(1);
        if refused >= self.rules.format.agreement.proposals {
            self.finish_agreement(false, events);
            return Ok(());
        }
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.refused = refused;
            agreement.proposal = None;
            agreement.to_answer.clear();
            agreement.agreed = SeatSet::EMPTY;
        }
        Ok(())
    }

    /// Once nobody is left to ask: the hidden cards the outcome shows are due to be opened
    /// by their owners, and the outcome runs after that.
    fn accept_if_everyone_agreed(&mut self) -> Result<(), RuleError> {
        let Some(agreement) = self.state.agreement.as_ref() else {
            return Ok(());
        };
        if !agreement.to_answer.is_empty() {
            return Ok(());
        }
        let operations = agreement.proposal.clone().unwrap_or_default();
        let shown = self.check_outcome(&operations)?;
        for due in shown {
            if !self.state.reveal_due.contains(&due) {
                self.state.reveal_due.push(due);
            }
        }
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.accepted = true;
        }
        Ok(())
    }

    /// Moves an agreement on where nobody needs to decide; returns whether the duel now
    /// waits for a decision about it (recorded in `awaiting`).
    pub(crate) fn settle_agreement(&mut self, events: &mut Vec<Event>) -> bool {
        let table = self.state.table;
        // Players who left the duel (a concession, or an outcome that took their last life
        // points) are asked nothing more; a card whose controller left resolves with no
        // effect.
        self.state.searches_due.retain(|s| table.in_play(*s));
        let Some(agreement) = self.state.agreement.as_mut() else {
            return false;
        };
        agreement.to_answer.retain(|s| table.in_play(*s));
        if !table.in_play(agreement.controller) {
            self.finish_agreement(false, events);
            return false;
        }
        // Everyone left to ask has left the duel: the outcome is accepted by the rest.
        let nobody_left =
            agreement.proposal.is_some() && agreement.to_answer.is_empty() && !agreement.accepted;
        if nobody_left && self.accept_if_everyone_agreed().is_err() {
            self.finish_agreement(false, events);
            return false;
        }
        let Some(agreement) = self.state.agreement.as_ref() else {
            return false;
        };
        if let Some(seat) = agreement.waiting_for() {
            let decision = match agreement.proposal {
                None => Decision::ProposeOutcome {
                    card: agreement.card,
                },
                Some(_) => Decision::ConsiderOutcome {
                    by: agreement.controller,
                },
            };
            self.state.awaiting = Awaiting::Decision { seat, decision };
            return true;
        }
        if !agreement.accepted || !self.state.reveal_due.is_empty() {
            return false;
        }
        let operations = agreement.proposal.clone().unwrap_or_default();
        for (index, operation) in operations.iter().enumerate() {
            // A step found impossible now (a card opened as something the step cannot do
            // with) is skipped and said so; the rest of the outcome still runs.
            let mut attempt = self.clone();
            let mut attempt_events = Vec::new();
            match attempt.run_operation(index, operation, &mut Run::Apply, &mut attempt_events) {
                Ok(()) => {
                    // A Token grows the commitment table: swapping rehashes the prefix.
                    self.swap_state(&mut attempt.state);
                    events.extend(attempt_events);
                    self.replay_if_target_changed(operation);
                }
                Err(error) => events.push(Event::OperationSkipped {
                    index: u8::try_from(index).unwrap_or(u8::MAX),
                    why: error.to_string(),
                }),
            }
            if self.state.outcome.is_some() {
                break;
            }
        }
        self.finish_agreement(true, events);
        false
    }

    /// Ends the agreement; a Normal spell or trap goes to the graveyard once resolved, while
    /// Equip, Continuous and Persist cards stay on the field.
    fn finish_agreement(&mut self, agreed: bool, events: &mut Vec<Event>) {
        let Some(agreement) = self.state.agreement.take() else {
            return;
        };
        if agreed {
            events.push(Event::ResolvedByAgreement {
                card: agreement.card,
                agreed: agreement.agreed,
            });
        } else {
            events.push(Event::ResolvedWithoutEffect {
                card: agreement.card,
            });
        }
        if let Some(effect) = &agreement.effect {
            // The grid: the effect ends as every effect does, its spell or trap leaving for
            // the graveyard if it was to go.
            self.finish_spell(effect, events);
            return;
        }
        // The grid: a card whose effect was activated at will, or a declared summon, stays
        // where it is.
        if self.rules.format.family == crate::format::Family::Grid {
            return;
        }
        let still_there = self
            .zone_piece(agreement.at)
            .is_some_and(|p| p.card_ref == agreement.card_ref);
        let stays = self
            .rules
            .pool
            .get(agreement.card)
            .is_none_or(stays_after_resolving);
        if still_there && !stays {
            self.resolved_to_graveyard(agreement.at, events);
        } else if still_there {
            self.start_persisting(agreement.at);
        }
    }
}

/// Whether a card stays on the field once its effect has resolved: a monster, and a spell or
/// trap that lasts (Kingdom Duels: Equip, Continuous and Persist; the DOR pool's cards as the
/// card game's: Equip, Field and Continuous spells and Continuous traps). Every other spell
/// and trap goes to the graveyard.
pub(crate) fn stays_after_resolving(card: &crate::card::CardDef) -> bool {
    use crate::card::{CardKind, SpellKind, TrapKind};
    match &card.kind {
        CardKind::Kingdom(k) => {
            k.is(crate::kingdom_card::MainType::Monster)
                || matches!(k.glyph, Some(Glyph::Equip | Glyph::Continuous))
                || k.has_subtype(Subtype::Equip)
                || k.has_subtype(Subtype::Continuous)
                || k.has_subtype(Subtype::Persist)
                || k.persist_turns.is_some()
        }
        CardKind::Monster(_) => true,
        CardKind::Spell { spell } => {
            matches!(
                spell,
                SpellKind::Equip | SpellKind::Field | SpellKind::Continuous
            )
        }
        CardKind::Trap { trap, .. } => *trap == TrapKind::Continuous,
    }
}
