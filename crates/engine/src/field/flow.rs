//! The flow of play on the card game's field between decisions: removals, draws waiting for
//! their openings, the End Phase and the next turn; then the turn player's decision for
//! the phase they are in.

use super::chain::ChainStep;
use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;
use crate::event::Event;
use crate::seat::SeatSet;
use crate::state::{Phase, Resume, WinReason};

impl Duel {
    pub(crate) fn field_settle(&mut self, events: &mut Vec<Event>) {
        // Each pass either stops at a decision or moves the game on by a turn; a duel ends
        // by its turn limit long before this runs out.
        for _ in 0..10_000 {
            if self.state.outcome.is_none() {
                self.field_check_life_points(events);
            }
            if self.state.outcome.is_some() {
                self.state.awaiting = Awaiting::Finished;
                return;
            }
            // "If the card that activated it leaves the field then this card also leaves the
            // field", whatever took it away.
            self.return_rule_cards_without_reliance(events);
            // A deck being shuffled is shuffled before anyone draws from it.
            if self.await_reshuffle(events) || self.await_draw_opening() || self.await_reveals() {
                return;
            }
            let resolving = self.state.agreement.is_some();
            if self.await_joint_draw(events) || self.settle_agreement(events) {
                return;
            }
            if resolving && self.state.agreement.is_none() {
                // An outcome just ran: whoever it took to 0 LP leaves the duel (and their
                // links the chain) before anything else is asked of anyone.
                continue;
            }
            if self.await_search() {
                return;
            }
            // What an outcome just applied left to open (a milled card, a draw from a dealt
            // deck) is opened before play goes on.
            if !self.state.reveal_due.is_empty() || !self.state.draws_due.is_empty() {
                continue;
            }
            // A Hidden Integration Summon come to light: its materials are opened, then
            // judged, before play goes on (a battle that revealed it is fought first).
            if !self.attack_under_way() && self.set_apart_comes_due(events) {
                continue;
            }
            if self.await_material_judgement() {
                return;
            }

            // A chain asks for responses, then resolves its newest link, before anything
            // it interrupted goes on.
            match self.settle_chain(events) {
                ChainStep::Asking => return,
                ChainStep::Moved => continue,
                ChainStep::Idle => {}
            }
            // The Setup Phase's last steps, before the first turn: the sides, then the
            // Duelist Setup swaps.
            if self.await_side_choice(events) || self.await_starting_swap() {
                return;
            }
            // A chain in an attack's windows may have taken its monster or target away.
            self.drop_attack_if_gone();
            self.drop_summon_windows_if_gone();
            if let Some((seat, event)) = self.state.windows.first().copied() {
                self.state.awaiting = Awaiting::Decision {
                    seat,
                    decision: Decision::Respond { event },
                };
                return;
            }
            match std::mem::replace(&mut self.state.resume, Resume::Nothing) {
                Resume::AttackAfterWindow { attacker, target } => {
                    self.resolve_attack(attacker, target, events);
                    continue;
                }
                Resume::AttackAfterReveal { attacker, target } => {
                    self.fight_after_reveal(attacker, target, events);
                    continue;
                }
                Resume::RedirectedAttack { attacker, target } => {
                    if self.battle_waits_for_openings(&[attacker, target]) {
                        self.state.resume = Resume::RedirectedAttack { attacker, target };
                        continue;
                    }
                    let hidden_in_attack =
                        self.turn_face_up_for_battle(&[attacker, target], events);
                    self.fight(attacker, target, true, events);
                    self.offer_to_hide_again(hidden_in_attack);
                    continue;
                }
                Resume::Replay { attacker } => {
                    if self.ask_for_replay(attacker) {
                        return;
                    }
                    continue;
                }
                Resume::HideAgain { places } => {
                    if self.ask_to_hide_again(places) {
                        return;
                    }
                    continue;
                }
                Resume::FirstTurn { seat } => {
                    self.field_start_turn(seat, events);
                    continue;
                }
                Resume::TurnPasses => {
                    self.advance_turn(events);
                    continue;
                }
                _ => {}
            }
            // FLIP effects of monsters turned face-up, once the battle or chain that turned
            // them is over.
            if self.activate_due_flip_effects(events) {
                continue;
            }
            // Right before the game state is open: Deck Masters that changed zones. (In the
            // End Phase, once the hand size limit is met: a discard may move one.)
            if self.state.phase != Phase::End && self.await_deck_master_return() {
                return;
            }
            let active = self.state.active;
            if self.monsters_of(active).next().is_some() {
                self.state.player_mut(active).fielded_monster = true;
            }
            match self.state.phase {
                Phase::End => {
                    if self.await_hand_limit()
                        || self.await_deck_master_return()
                        || self.await_join_offer()
                    {
                        return;
                    }
                    self.check_idleness(events);
                    if self.state.outcome.is_none() && self.state.phase == Phase::End {
                        self.end_persist_times(events);
                        self.return_lent_field_cards(events);
                        self.advance_turn(events);
                    }
                    continue;
                }
                // Its windows have closed: the turn goes on to Main Phase 1.
                Phase::Standby => {
                    self.state.phase = Phase::Main;
                    continue;
                }
                Phase::Battle => {
                    self.state.awaiting = Awaiting::Decision {
                        seat: active,
                        decision: Decision::Battle,
                    };
                }
                Phase::Main | Phase::SecondMain => {
                    self.state.awaiting = Awaiting::main(active);
                }
            }
            return;
        }
        self.finish(SeatSet::EMPTY, WinReason::TurnLimit, events);
        self.state.awaiting = Awaiting::Finished;
    }
}
