//! Kingdom Duels' Trigger traps: "Trap Cards have a 'Trigger' condition which indicates that
//! the card effect is automatically activated when that trigger is met (the player has no
//! control over this activation)", and "if there are multiple of your traps on the field
//! whose conditions are met at the same time: you can choose how many of them to activate
//! (min. 1)".
//!
//! The card facts print no Triggers; the players' card definitions name them
//! (`trigger-attack`, `trigger-attack-on-you`, `trigger-opponent-activation`). A trap whose
//! Trigger is met is activated by its owner in the response window the event opens: a
//! plain pass is refused while its owner's peer can see one of its own triggered traps,
//! ready to activate, among its Set cards; the other peers cannot see the Set cards, so the
//! pass records a claim on each of them — "none of the traps this event triggers" — checked
//! when the card is revealed and in the audit, exactly as Kairu's traps that must spring.
//! Answering with one triggered trap closes that player's window, so the others may stay
//! Set ("min. 1"). "If the player does not activate a trap card when its Trigger is met
//! then the player gets an Idle Warning": the player may instead say so
//! (`Action::LeaveTriggered`) and take the warning, unless the format makes Triggers
//! compulsory (`field.compulsory_triggers`).
//!
//! "The player has no control over this activation" also works the other way: a trap with a
//! Trigger is activated only when its Trigger is met. "Continuous Trap Cards with 'Triggers'
//! can be flipped face-up at any time their effect speed allows it, but the effect only
//! activates when the Trigger is met": such a card flipped early starts no chain link, and
//! its effect is activated (as a face-up card's, `activate-effect`) in the response window
//! of each event that meets its Trigger, where its controller may not pass until it is.

use super::IdleOutcome;
use crate::awaiting::{Decision, TrapEvent};
use crate::card::{CardDef, CardId};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::{Glyph, Keyword, KingdomCard, MainType, Subtype};
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;
use crate::seat::SeatSet;
use crate::state::{PendingClaim, Predicate, WinReason};

/// Whether `card` is a Kingdom Duels trap whose definition gives it a Trigger.
pub(super) fn has_trigger(card: &CardDef) -> bool {
    card.kingdom()
        .is_some_and(|k| k.is(MainType::Trap) && k.keywords.iter().any(|w| w.is_trigger()))
}

fn is_continuous(card: &KingdomCard) -> bool {
    card.glyph == Some(Glyph::Continuous) || card.has_subtype(Subtype::Continuous)
}

/// What activating a trap with a Trigger does now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TriggerActivation {
    /// The card has no Trigger, or the event being answered meets it: activated as usual.
    Activated,
    /// A Continuous Trap whose Trigger is not met: flipped face-up, its effect waiting.
    FlippedOnly,
    /// Any other trap whose Trigger is not met: refused.
    Refused,
}

pub(super) const TRIGGER_NOT_MET: &str =
    "a trap with a Trigger is activated only when its Trigger is met (by itself, then)";

impl Duel {
    /// The event `seat` is asked to respond to now, if any.
    pub(super) fn event_answered_by(&self, seat: Seat) -> Option<TrapEvent> {
        match self.state.awaiting.decision() {
            Some((s, Decision::Respond { event })) if s == seat => Some(*event),
            _ => None,
        }
    }

    /// Whether the event `seat` is answering now meets the Trigger of its card `card`.
    pub(super) fn trigger_met_now(&self, seat: Seat, card: &CardDef) -> bool {
        self.event_answered_by(seat)
            .is_some_and(|event| self.trigger_met(seat, card, event))
    }

    /// What activating `seat`'s Set card `card` would do now (see [`TriggerActivation`]).
    pub(super) fn trigger_activation(&self, seat: Seat, card: &CardDef) -> TriggerActivation {
        if !has_trigger(card) || self.trigger_met_now(seat, card) {
            return TriggerActivation::Activated;
        }
        if card.kingdom().is_some_and(is_continuous) {
            TriggerActivation::FlippedOnly
        } else {
            TriggerActivation::Refused
        }
    }

    /// `seat`'s face-up cards with a Trigger that `event` meets and whose effect may be
    /// activated now: public facts, so a window opens for them and a pass is refused.
    fn face_up_triggered(&self, seat: Seat, event: TrapEvent) -> Vec<Place> {
        self.field()
            .backrow(self.side_of(seat))
            .filter(|at| {
                self.zone_piece(*at).is_some_and(|p| {
                    p.face_up
                        && !p.activated
                        && p.controller == seat
                        && p.card
                            .and_then(|id| self.rules.pool.get(id))
                            .is_some_and(|card| {
                                has_trigger(card) && self.trigger_met(seat, card, event)
                            })
                })
            })
            // Asked about this very event, the card must also be one whose effect may be
            // activated now (a Slow one never answers): nobody is held up by a card that
            // cannot answer.
            .filter(|at| {
                self.event_answered_by(seat) != Some(event)
                    || self.effect_activation_refused(seat, *at).is_none()
            })
            .collect()
    }

    /// Whether `seat` has a face-up card whose Trigger `event` meets (a window opens for it).
    pub(super) fn has_face_up_triggered(&self, seat: Seat, event: TrapEvent) -> bool {
        !self.face_up_triggered(seat, event).is_empty()
    }

    /// Whether `event` meets the Trigger of `seat`'s trap `card` (as its definition gives
    /// it): an attack an opponent declared; an opponent's attack on a monster `seat`
    /// controls; a card an opponent activated; a monster an opponent summoned, still there;
    /// the beginning of a phase its definition names.
    fn trigger_met(&self, seat: Seat, card: &CardDef, event: TrapEvent) -> bool {
        let Some(kingdom) = card.kingdom().filter(|k| k.is(MainType::Trap)) else {
            return false;
        };
        let controller = |at: Place| self.zone_piece(at).map(|p| p.controller);
        // A Trigger answers an opponent: a teammate's attack or card meets none.
        let opponent = |by: Seat| self.state.table.are_opponents(seat, by);
        match event {
            TrapEvent::Attack { attacker, target } => {
                let by_an_opponent = controller(attacker).is_some_and(opponent);
                by_an_opponent
                    && (kingdom.has_keyword(Keyword::TriggerAttack)
                        || (kingdom.has_keyword(Keyword::TriggerAttackOnYou)
                            && controller(target) == Some(seat)))
            }
            TrapEvent::Chained { by, .. } => {
                opponent(by) && kingdom.has_keyword(Keyword::TriggerOpponentActivation)
            }
            // The summoned monster must still be there, its summoner's.
            TrapEvent::Summoned { at, by } => {
                opponent(by)
                    && controller(at) == Some(by)
                    && kingdom.has_keyword(Keyword::TriggerSummon)
            }
            // The phase is the Trigger (`phase_triggers.rs`).
            TrapEvent::PhaseBegins { phase, of } => {
                super::phase_triggers::phase_may_trigger(phase, seat, of, &self.state.table)
                    && kingdom
                        .keywords
                        .iter()
                        .any(|w| w.trigger_phase() == Some(phase))
            }
            _ => false,
        }
    }

    /// `seat`'s Set cards that could be traps ready to activate: face-down in its Backrow,
    /// Set before this turn.
    fn ready_set_cards(&self, seat: Seat) -> Vec<(Place, &Piece)> {
        let turn = self.state.turn;
        self.field()
            .backrow(self.side_of(seat))
            .filter_map(|at| self.zone_piece(at).map(|p| (at, p)))
            .filter(|(_, p)| {
                p.controller == seat
                    && !p.face_up
                    && p.class == Class::SpellTrap
                    && p.entered_turn < turn
            })
            .collect()
    }

    /// Refuses `seat`'s pass on `event` while one of its own Set traps that it can see
    /// (through `knowledge`) has its Trigger met. Cards the applier cannot see are left to
    /// the claims [`Duel::claim_no_trigger_trap`] records.
    pub(super) fn check_trigger_pass(
        &self,
        seat: Seat,
        event: TrapEvent,
        knowledge: Option<&Knowledge>,
    ) -> Result<(), RuleError> {
        match self.seen_triggered(seat, event, knowledge) {
            None => Ok(()),
            Some(at) if self.rules.format.field.triggers_may_be_left() => {
                Err(RuleError::TriggerMet { at })
            }
            Some(at) => Err(RuleError::MustSpring { at }),
        }
    }

    /// The first of `seat`'s cards whose Trigger `event` meets that can be seen through
    /// `knowledge` (a face-up one is seen by everyone).
    fn seen_triggered(
        &self,
        seat: Seat,
        event: TrapEvent,
        knowledge: Option<&Knowledge>,
    ) -> Option<Place> {
        if let Some(at) = self.face_up_triggered(seat, event).first() {
            return Some(*at);
        }
        self.ready_set_cards(seat)
            .into_iter()
            .find(|(_, piece)| {
                piece
                    .card
                    .or_else(|| {
                        knowledge.and_then(|k| k.card(&self.state.commitment(piece.card_ref)))
                    })
                    .and_then(|id| self.rules.pool.get(id))
                    .is_some_and(|card| self.trigger_met(seat, card, event))
            })
            .map(|(at, _)| at)
    }

    /// The pool's traps whose Trigger `event` meets for `seat`.
    fn traps_triggered_by(&self, seat: Seat, event: TrapEvent) -> Vec<CardId> {
        self.rules
            .pool
            .cards()
            .filter(|card| self.trigger_met(seat, card, event))
            .map(|card| card.id)
            .collect()
    }

    /// `seat` lets the event it is asked about go by, leaving a trap whose Trigger it meets
    /// Set (or a face-up one's effect unused), and takes an Idle Warning — or, holding the
    /// format's warnings already, loses the duel. Its own peer (through `knowledge`) must
    /// see such a trap; the other peers accept it wherever one could be there, since a
    /// player only harms themselves by it.
    pub(super) fn leave_triggered(
        &mut self,
        seat: Seat,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let event = match self.event_answered_by(seat) {
            Some(event) if !self.asked_about_end(seat) => event,
            _ => return Err(self.wrong_decision(seat, "leave-triggered")),
        };
        let field = &self.rules.format.field;
        if !field.triggers_may_be_left() {
            return Err(RuleError::CannotLeaveTriggered {
                why: "in this format a trap whose Trigger is met must be activated",
            });
        }
        let allowed = field.idle_warnings.unwrap_or(0);
        let seen = self.seen_triggered(seat, event, knowledge).is_some();
        let could_be_there = seen
            || (!self.ready_set_cards(seat).is_empty()
                && !self.traps_triggered_by(seat, event).is_empty());
        let applier_sees_none = knowledge.is_some() && !seen;
        if !could_be_there || applier_sees_none {
            return Err(RuleError::CannotLeaveTriggered {
                why: "none of your traps has its Trigger met by this: pass instead",
            });
        }
        let IdleOutcome::Warning { warnings } = self.next_idle_warning(seat, allowed) else {
            events.push(Event::TriggeredTrapLeft {
                seat,
                warnings: None,
            });
            self.field_eliminate(SeatSet::only(seat), WinReason::Idleness, events);
            return Ok(());
        };
        self.take_idle_warning(seat, warnings);
        events.push(Event::TriggeredTrapLeft {
            seat,
            warnings: Some(warnings),
        });
        self.let_event_go(seat)
    }

    /// `seat` answers the event it is asked about with `action` (another card, a redirect):
    /// unless `action` activates a card whose Trigger the event meets, it leaves every
    /// triggered trap of its own unactivated, which a pass may not do either ("min. 1"). So
    /// its own peer refuses it while it can see such a trap (activate that one first, or
    /// leave it for an Idle Warning), and the others record the same claims as for a pass.
    pub(super) fn check_answer_spares_no_trigger(
        &mut self,
        seat: Seat,
        action: &crate::action::Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        use crate::action::Action;
        let Some(event) = self
            .event_answered_by(seat)
            .filter(|event| !matches!(event, TrapEvent::EndProposed { .. }))
        else {
            return Ok(());
        };
        if matches!(
            action,
            Action::Pass | Action::LeaveTriggered | Action::Concede | Action::AgreeToEnd
        ) || self.activates_triggered(seat, action, event)
        {
            return Ok(());
        }
        self.check_trigger_pass(seat, event, knowledge)?;
        self.claim_no_trigger_trap(seat, event, events);
        Ok(())
    }

    /// Whether `action` activates a card of `seat`'s whose Trigger `event` meets.
    pub(super) fn activates_triggered(
        &self,
        seat: Seat,
        action: &crate::action::Action,
        event: TrapEvent,
    ) -> bool {
        use crate::action::Action;
        let activated = match action {
            Action::Activate { reveal, .. } => Some(reveal.card),
            Action::ActivateEffect { at } => self.zone_piece(*at).and_then(|p| p.card),
            _ => None,
        };
        activated
            .and_then(|id| self.rules.pool.get(id))
            .is_some_and(|card| has_trigger(card) && self.trigger_met(seat, card, event))
    }

    /// On `seat`'s pass on `event`, each of its Set cards that could be a trap ready to
    /// activate is claimed to be none of the traps `event` triggers.
    pub(super) fn claim_no_trigger_trap(
        &mut self,
        seat: Seat,
        event: TrapEvent,
        events: &mut Vec<Event>,
    ) {
        let ready: Vec<(crate::commitment::CardRef, Seat)> = self
            .ready_set_cards(seat)
            .into_iter()
            .map(|(_, piece)| (piece.card_ref, piece.owner))
            .collect();
        if ready.is_empty() {
            // Nothing could be a trap: no need to look through the pool.
            return;
        }
        let triggered = self.traps_triggered_by(seat, event);
        if triggered.is_empty() {
            return;
        }
        let claims: Vec<PendingClaim> = ready
            .into_iter()
            .map(|(card_ref, owner)| PendingClaim {
                card_ref,
                owner,
                predicate: Predicate::NotObligedTrap {
                    traps: triggered.clone(),
                },
                turn: self.state.turn,
            })
            .collect();
        self.record_new_claims(claims, events);
    }
}
