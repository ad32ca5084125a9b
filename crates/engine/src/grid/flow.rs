//! The flow of play between decisions: after every entry the duel runs everything that
//! needs nobody's choice — removals, draws waiting for their openings, reveals, owner
//! declarations, effects resolving by agreement, response windows, effects (asking the opponent an effect is aimed at
//! where several are meant), the rest of an attack or a spell, the end phase — and stops
//! at the next decision or protocol step, which it records in `awaiting`.

use crate::awaiting::{Asked, Awaiting, Decision};
use crate::duel::Duel;
use crate::event::Event;
use crate::seat::SeatSet;
use crate::state::{Phase, Resume, WinReason};

impl Duel {
    /// Runs everything that needs no decision, then sets who must decide next.
    pub(crate) fn grid_settle(&mut self, events: &mut Vec<Event>) {
        for _ in 0..10_000 {
            if self.state.outcome.is_none() {
                self.check_life_points(events);
            }
            if self.state.outcome.is_some() {
                self.state.awaiting = Awaiting::Finished;
                return;
            }
            // A deck being shuffled is shuffled before anyone draws from it.
            if self.await_reshuffle(events) || self.await_draw_opening() {
                return;
            }
            if self.await_reveals() {
                return;
            }
            if let Some((seat, places)) = self.state.declarations.first().cloned() {
                self.state.awaiting = Awaiting::Answer {
                    seat,
                    asked: Asked::Declare { places },
                };
                return;
            }
            if let Some((seat, places)) = self.state.class_declarations.first().cloned() {
                self.state.awaiting = Awaiting::Answer {
                    seat,
                    asked: Asked::DeclareClass { places },
                };
                return;
            }
            // An effect resolving by agreement, the coins and dice it tossed, the searches
            // its outcome left.
            if self.await_joint_draw(events) || self.settle_agreement(events) || self.await_search()
            {
                return;
            }
            // What an outcome just applied left to open (a milled card, a draw from a dealt
            // deck) is opened before play goes on.
            if !self.state.reveal_due.is_empty() || !self.state.draws_due.is_empty() {
                continue;
            }
            if let Some((seat, event)) = self.state.windows.first().copied() {
                self.state.awaiting = Awaiting::Decision {
                    seat,
                    decision: Decision::Respond { event },
                };
                return;
            }
            // A choice an effect waits for (a teleport's zone, a revival's, the monster a
            // control change takes) is made before later effects resolve, which then see
            // the board it leaves; one that can no longer be made is dropped.
            while self.drop_stale_revival()
                || self.drop_stale_spell_setting()
                || self.drop_stale_made_monster()
                || self.drop_stale_teleport()
                || self.drop_stale_take_control()
            {}
            if let Some((seat, decision)) = self
                .state
                .resume
                .placement_choice()
                .or_else(|| self.spell_setting_choice())
            {
                self.state.awaiting = Awaiting::Decision { seat, decision };
                return;
            }
            if !self.state.queue.is_empty() {
                if let Some((seat, among)) = self.opponent_to_choose() {
                    self.state.awaiting = Awaiting::Decision {
                        seat,
                        decision: Decision::ChooseOpponent { among },
                    };
                    return;
                }
                let effect = self.state.queue.remove(0);
                self.resolve(effect, events);
                continue;
            }
            if let Some((seat, decision)) = self.state.resume.awaited_choice() {
                self.state.awaiting = Awaiting::Decision { seat, decision };
                return;
            }
            match std::mem::replace(&mut self.state.resume, Resume::Nothing) {
                // Owner declarations are waited for above; with none left, what they held
                // goes on.
                Resume::EffectDeclared { then, .. } => {
                    self.state.resume = *then;
                    continue;
                }
                // The card game's field's own step; never set on the grid.
                Resume::Nothing
                | Resume::RedirectedAttack { .. }
                | Resume::FirstTurn { .. }
                | Resume::TurnPasses
                | Resume::HideAgain { .. }
                | Resume::Replay { .. } => {}
                // Waited for above.
                Resume::DrawChoice { .. } => {}
                // Waited for above.
                Resume::Ritual { .. }
                | Resume::Revive { .. }
                | Resume::TakeControl { .. }
                | Resume::PlaceRevived { .. }
                | Resume::PlaceMade { .. }
                | Resume::Teleport { .. } => {}
                // Its joint draw is waited for above; with none left (its seats gone), what
                // it held up goes on.
                Resume::RandomEffect { then, .. } => {
                    self.state.resume = *then;
                    continue;
                }
                Resume::AttackAfterWindow { attacker, target } => {
                    if let (Some(a), Some(t)) = (attacker.cell(), target.cell()) {
                        self.after_attack_window(a, t, events);
                    }
                    continue;
                }
                Resume::AttackAfterReveal { attacker, target } => {
                    if let (Some(a), Some(t)) = (attacker.cell(), target.cell()) {
                        self.battle(a, t, events);
                    }
                    continue;
                }
                Resume::SpellAfterWindow { spell } => {
                    self.after_spell_window(spell, events);
                    continue;
                }
            }
            if self.state.phase == Phase::End {
                if self.end_phase(events) {
                    return;
                }
                continue;
            }
            self.state.awaiting = Awaiting::main(self.state.active);
            return;
        }
        // Effects that keep re-queueing each other forever are a card-data bug; end the duel
        // as a draw rather than hang a peer.
        self.finish(SeatSet::EMPTY, WinReason::TurnLimit, events);
        self.state.awaiting = Awaiting::Finished;
    }
}
