//! Domain Format's general errata on "your opponent": "Ignition / Trigger effects need to
//! target an opponent on activation. Triggers have to target the opponent(s) that met its
//! requirements", and "Other players other than the target one will not be affected."
//!
//! FairDuel does not read card texts, so it cannot tell which effects say "your opponent":
//! with the format option `field.target_an_opponent` and more than one opponent in the
//! duel, the controller of every activated card names the opponent its effect targets, or
//! none, as soon as it is on the chain and before anyone responds (the others respond
//! knowing it). A card activated in answer to an opponent's attack, summon or activation
//! is read as triggered by it: it may target that opponent only. The agreed outcome of a
//! targeted effect may affect only its controller and that opponent (their cards, life
//! points, hands, decks and place in the duel); nothing is targeted where the controller
//! has one opponent left, since "your opponent" is then that player.

use super::chain::OpponentTarget;
use crate::agreement::Operation;
use crate::awaiting::{Decision, TrapEvent};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::seat::{Seat, SeatSet};

impl Duel {
    /// What a new chain link of `controller`'s asks about its target, judged while the
    /// decision it answers (an event's window, or none) is still the current one.
    pub(super) fn opponent_target_to_ask(&self, controller: Seat) -> OpponentTarget {
        if !self.rules.format.field.target_an_opponent {
            return OpponentTarget::NotAsked;
        }
        let table = self.state.table;
        if table.opponents_of(controller).count() < 2 {
            return OpponentTarget::NotAsked;
        }
        let met_by = self
            .event_answered_by(controller)
            .and_then(|event| self.event_author(event))
            .filter(|by| table.in_play(*by) && table.are_opponents(controller, *by));
        OpponentTarget::Undecided { met_by }
    }

    /// The player whose attack, summon or activation `event` is.
    fn event_author(&self, event: TrapEvent) -> Option<Seat> {
        match event {
            TrapEvent::Attack { attacker, .. } => self.zone_piece(attacker).map(|p| p.controller),
            TrapEvent::Summoned { by, .. } | TrapEvent::Chained { by, .. } => Some(by),
            // The turn player, whose phase met the Trigger.
            TrapEvent::PhaseBegins { of, .. } => Some(of),
            _ => None,
        }
    }

    /// The opponents `controller`'s effect may target: the one who met its Trigger while
    /// they are still in the duel, or else any opponent still in it.
    pub(super) fn targetable_opponents(&self, controller: Seat, met_by: Option<Seat>) -> SeatSet {
        match met_by.filter(|seat| self.state.table.in_play(*seat)) {
            Some(seat) => SeatSet::only(seat),
            None => self.state.table.opponents_of(controller).collect(),
        }
    }

    /// Whether `seat` is asked which opponent its newest chain link targets.
    pub(super) fn asked_to_target(&self, seat: Seat) -> bool {
        matches!(
            self.state.awaiting.decision(),
            Some((s, Decision::ChooseOpponent { .. })) if s == seat
        ) && self.state.chain.newest().is_some_and(|link| {
            matches!(link.target, OpponentTarget::Undecided { .. }) && link.controller == seat
        })
    }

    /// `seat` names the opponent its newest chain link targets (`None`: no opponent).
    pub(super) fn choose_link_target(
        &mut self,
        seat: Seat,
        opponent: Option<Seat>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some((_, Decision::ChooseOpponent { among })) = self.state.awaiting.decision() else {
            return Err(self.wrong_decision(seat, "choose-opponent"));
        };
        let among = *among;
        if !self.asked_to_target(seat) {
            return Err(self.wrong_decision(seat, "choose-opponent"));
        }
        // The question is asked again at every settle, so `among` names only opponents
        // still in the duel.
        if let Some(opponent) = opponent
            && !among.contains(opponent)
        {
            return Err(RuleError::NotAnOpponent {
                seat: opponent,
                among,
            });
        }
        let Some(link) = self.state.chain.links.last_mut() else {
            return Err(self.wrong_decision(seat, "choose-opponent"));
        };
        link.target = match opponent {
            Some(opponent) => OpponentTarget::Opponent(opponent),
            None => OpponentTarget::Nobody,
        };
        let card = link.card;
        events.push(Event::OpponentTargeted {
            seat,
            card,
            target: opponent,
        });
        Ok(())
    }

    /// Refuses an outcome that affects a player other than its controller and the opponent
    /// its effect targets.
    pub(crate) fn check_outcome_target(&self, operations: &[Operation]) -> Result<(), RuleError> {
        let Some(agreement) = &self.state.agreement else {
            return Ok(());
        };
        let Some(target) = agreement.target else {
            return Ok(());
        };
        let allowed = SeatSet::only(agreement.controller).with(target);
        for (index, operation) in operations.iter().enumerate() {
            let affected = self.seats_affected(std::slice::from_ref(operation));
            if let Some(other) = affected.iter().find(|s| !allowed.contains(*s)) {
                return Err(RuleError::BadOutcome {
                    index,
                    why: format!(
                        "the effect targets {target}, so it cannot affect {other}: only its \
                         controller and the opponent it targets"
                    ),
                });
            }
        }
        Ok(())
    }
}
