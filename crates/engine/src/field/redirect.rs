//! Kingdom Duels' Battle Royale: once per round, a player may redirect an attack that
//! targets a monster controlled by another player onto a monster of their own; the attacking
//! monster then cannot be destroyed by that battle, and its controller takes no damage from
//! it. After an attack is declared, each player who may redirect it is asked in turn, in
//! the rotation's order from the turn player.

use crate::awaiting::{Awaiting, Decision, TrapEvent};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::Resume;

impl Duel {
    /// Whether `seat` may redirect the attack `event` is about: another player's monster is
    /// attacked, `seat` has not redirected this round, and has a monster to take it.
    pub(super) fn may_redirect(&self, seat: Seat, event: TrapEvent) -> bool {
        let TrapEvent::Attack { attacker, target } = event else {
            return false;
        };
        if !self.rules.format.field.redirects {
            return false;
        }
        let (Some(attacking), Some(defending)) = (
            self.zone_piece(attacker).map(|p| p.controller),
            self.zone_piece(target).map(|p| p.controller),
        ) else {
            return false;
        };
        seat != attacking
            && seat != defending
            && self.state.table.in_play(seat)
            && !self.state.player(seat).redirected
            // An attack is redirected once: its new target's windows offer no redirect.
            && !matches!(self.state.resume, Resume::RedirectedAttack { .. })
            && !self.redirect_targets(seat).is_empty()
    }

    /// Opens a response window to the attack from `attacker` on `target` for every player
    /// who may redirect it, holds a Set card that could be a trap ready to activate, or (in
    /// any turn, where the format allows it) a hand card that could be a Quick spell, in
    /// the rotation's order from the turn player; returns whether anyone is asked (the
    /// battle then waits for them).
    pub(super) fn open_attack_windows(&mut self, attacker: Place, target: Place) -> bool {
        self.state.windows = self.attack_windows(attacker, target);
        if self.state.windows.is_empty() {
            return false;
        }
        self.state.resume = Resume::AttackAfterWindow { attacker, target };
        true
    }

    /// The response windows to the attack from `attacker` on `target`, in the rotation's
    /// order from the turn player: every player but the attacking one who may redirect it
    /// or answer it.
    fn attack_windows(&self, attacker: Place, target: Place) -> Vec<(Seat, TrapEvent)> {
        let Some(attacking) = self.zone_piece(attacker).map(|p| p.controller) else {
            return Vec::new();
        };
        let event = TrapEvent::Attack { attacker, target };
        let table = self.state.table;
        table
            .clockwise_from(self.state.active)
            .filter(|s| *s != attacking && table.in_play(*s))
            .filter(|s| self.may_redirect(*s, event) || self.may_answer_event(*s, event))
            .map(|s| (s, event))
            .collect()
    }

    /// `seat`'s monsters an attack may be redirected onto: any monster they control, a
    /// Hidden one included (it is opened for the battle, as any Hidden monster in combat).
    pub(super) fn redirect_targets(&self, seat: Seat) -> Vec<Place> {
        self.monsters_of(seat)
            .filter(|(_, p)| p.class == Class::Monster)
            .map(|(at, _)| at)
            .collect()
    }

    /// The redirect window waiting for `seat`, or the error.
    fn expect_redirect_window(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(Place, Place), RuleError> {
        match &self.state.awaiting {
            Awaiting::Decision {
                seat: s,
                decision:
                    Decision::Respond {
                        event: TrapEvent::Attack { attacker, target },
                    },
            } if *s == seat => Ok((*attacker, *target)),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    /// `seat` lets the chain link or the attack it is asked about go by: refused while one
    /// of its Trigger traps that its peer can see is triggered (`trigger_traps.rs`).
    pub(super) fn field_pass(
        &mut self,
        seat: Seat,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some((s, Decision::Respond { event })) = self.state.awaiting.decision()
            && s == seat
        {
            let event = *event;
            self.check_trigger_pass(seat, event, knowledge)?;
            self.claim_no_trigger_trap(seat, event, events);
        }
        self.let_event_go(seat)
    }

    /// `seat`'s answer to the chain link or the event it is asked about is to let it go
    /// ahead: the chain asks the next player, or the window closes.
    pub(super) fn let_event_go(&mut self, seat: Seat) -> Result<(), RuleError> {
        if self.asked_about_chain(seat) {
            self.pass_on_chain();
            return Ok(());
        }
        let in_window = matches!(
            self.state.awaiting.decision(),
            Some((s, Decision::Respond {
                event: TrapEvent::Attack { .. }
                    | TrapEvent::Summoned { .. }
                    | TrapEvent::PhaseBegins { .. },
            })) if s == seat
        );
        if !in_window {
            return Err(self.wrong_decision(seat, "pass"));
        }
        if !self.state.windows.is_empty() {
            self.state.windows.remove(0);
        }
        Ok(())
    }

    pub(super) fn field_redirect(
        &mut self,
        seat: Seat,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (attacker, target) = self.expect_redirect_window(seat, "redirect")?;
        if !self.may_redirect(seat, TrapEvent::Attack { attacker, target }) {
            return Err(RuleError::BadAttackTarget {
                from: attacker,
                target: to,
                why: "you may redirect an attack on another player's monster once a round",
            });
        }
        if !self.redirect_targets(seat).contains(&to) {
            return Err(RuleError::BadAttackTarget {
                from: attacker,
                target: to,
                why: "an attack is redirected onto a face-up monster of your own",
            });
        }
        self.state.player_mut(seat).redirected = true;
        // "If an attack is redirected then it is now treated as an opponent attack": the
        // attack on the redirecting player's monster is answered anew (a Trigger on an
        // attack on them is met), by everyone but the attacking player, and nobody may
        // redirect it again.
        self.state.resume = Resume::RedirectedAttack {
            attacker,
            target: to,
        };
        // The resume above comes first: with it, `may_redirect` refuses everyone.
        self.state.windows = self.attack_windows(attacker, to);
        events.push(Event::AttackRedirected {
            seat,
            from: attacker,
            to,
        });
        Ok(())
    }
}
