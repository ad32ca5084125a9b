//! What the driver tells its user: log lines in plain words, the seat's view after every
//! change, and at the end the audited, saved record.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use fairduel_engine::describe::{describe_action, describe_event};
use fairduel_engine::{Action, Answer, Duel, Event, Seat};
use fairduel_protocol::envelope::{Body, Envelope};
use fairduel_protocol::{CommitObserver, MatchLog, SignedEnvelope};

use super::run::{Driver, save_failed};
use super::{LogLine, MatchEnd, SeatView, Stop, Update};
use crate::store::hex;

/// Recent states, by the number of entries they follow, for desync reports. The others
/// check our entries when our run's signature arrives, so a desync can be found a whole
/// run back.
pub(super) const HISTORY: usize = 64;

/// Keeps the driver's history and log lines as the other seats' entries join the log.
pub(super) struct Told<'a> {
    pub(super) history: &'a mut VecDeque<(u64, Duel)>,
    pub(super) lines: &'a mut Vec<LogLine>,
    pub(super) last_action: &'a mut Option<(Seat, Action)>,
    /// Entries that joined, and how many of them opened a hidden card.
    pub(super) verified: u64,
    pub(super) reveals: u64,
}

impl CommitObserver for Told<'_> {
    fn before(&mut self, log: &MatchLog, envelope: &Envelope) {
        let (Some(duel), Body::Action(action)) = (log.duel(), &envelope.body) else {
            return;
        };
        self.lines.push(LogLine {
            turn: duel.state().turn,
            actor: Some(envelope.author),
            text: format!("{} {}", envelope.author, describe_action(duel, action)),
        });
        *self.last_action = Some((envelope.author, action.clone()));
    }

    fn after(&mut self, log: &MatchLog, envelope: &Envelope, events: &[Event]) {
        self.verified += 1;
        if let Body::Answer(Answer::OpenDraw { .. } | Answer::Reveal { .. }) = &envelope.body {
            self.reveals += 1;
        }
        let Some(duel) = log.duel() else {
            return;
        };
        let turn = self
            .history
            .back()
            .map_or(duel.state().turn, |(_, d)| d.state().turn);
        let action = matches!(envelope.body, Body::Action(_));
        if action || matches!(envelope.body, Body::Answer(_)) {
            for event in events.iter().filter(|e| action || follows_an_answer(e)) {
                if let Some(text) = describe_event(duel, event) {
                    self.lines.push(LogLine {
                        turn,
                        actor: None,
                        text,
                    });
                }
            }
        }
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back((log.next_seq(), duel.clone()));
    }
}

impl Driver {
    /// Bookkeeping for an entry of ours now in the log: save it, remember the state,
    /// describe it. (The other seats' entries get theirs from [`Told`] as they join.) An
    /// entry of ours is agreed once the others write on top of it.
    pub(super) fn accepted(
        &mut self,
        signed: &SignedEnvelope,
        events: &[Event],
    ) -> Result<(), Stop> {
        if let Some(store) = &mut self.store {
            store.append(signed).map_err(save_failed)?;
        }
        let envelope = signed.open().ok();
        let before = self.history.back().map(|(_, duel)| duel.clone());
        self.remember_state();
        if let (Some(envelope), Some(after)) = (&envelope, self.peer.duel())
            && let Body::Answer(_) = &envelope.body
        {
            let turn = after.state().turn;
            for event in events.iter().filter(|e| follows_an_answer(e)) {
                if let Some(text) = describe_event(after, event) {
                    self.pending_log.push(LogLine {
                        turn,
                        actor: None,
                        text,
                    });
                }
            }
        }
        if let (Some(envelope), Some(before)) = (envelope, before)
            && let Body::Action(action) = &envelope.body
        {
            let turn = before.state().turn;
            self.pending_log.push(LogLine {
                turn,
                actor: Some(envelope.author),
                text: format!("{} {}", envelope.author, describe_action(&before, action)),
            });
            self.last_action = Some((envelope.author, action.clone()));
            if let Some(after) = self.peer.duel() {
                for event in events {
                    if let Some(text) = describe_event(after, event) {
                        self.pending_log.push(LogLine {
                            turn,
                            actor: None,
                            text,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    pub(super) fn agree(&mut self) {
        self.fairness.agreed_entries = self.entries();
        self.fairness.agreed_state = self.peer.log().state_hash().short();
    }

    pub(super) fn remember_state(&mut self) {
        if let Some(duel) = self.peer.duel() {
            if self.history.len() == HISTORY {
                self.history.pop_front();
            }
            self.history.push_back((self.entries(), duel.clone()));
        }
    }

    /// Our duel after entry `seq` (counting from 0), if still remembered.
    pub(super) fn state_after(&self, seq: u64) -> Option<Duel> {
        self.history
            .iter()
            .find(|(entries, _)| *entries == seq + 1)
            .map(|(_, duel)| duel.clone())
    }

    pub(super) fn publish(&mut self) {
        self.track_silence();
        let silent = self.silence();
        let Some(duel) = self.peer.duel() else {
            return;
        };
        let deciding = duel.awaiting().seat();
        for status in &mut self.fairness.peers {
            let live = self
                .slots
                .get(status.seat.index())
                .and_then(Option::as_ref)
                .and_then(|slot| slot.link.as_ref())
                .and_then(|link| link.connection_info());
            if live.is_some() {
                status.connection = live;
            }
        }
        let view = SeatView {
            duel: duel.clone(),
            seat: self.peer.seat(),
            knowledge: self.peer.knowledge().clone(),
            legal: self.peer.legal_actions(),
            log: std::mem::take(&mut self.pending_log),
            last_action: self.last_action.clone(),
            deciding,
            outcome: duel.state().outcome,
            autopilot: self.autopilot,
            step: self.entries(),
            fairness: self.fairness.clone(),
            silent,
        };
        self.updates.send(Update::View(Box::new(view)));
    }

    pub(super) fn save_record(&self) -> Result<PathBuf, String> {
        let dir = self
            .config
            .records_dir
            .as_ref()
            .ok_or_else(|| "no folder for records was configured".to_owned())?;
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let path = dir.join(format!(
            "match-{}-seat{}.fdrec",
            &hex(&self.peer.log().match_id().0)[..16],
            self.peer.seat().0
        ));
        let tmp = path.with_extension("fdrec.tmp");
        std::fs::write(&tmp, self.peer.record().to_bytes())
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| format!("cannot save {}: {e}", path.display()))?;
        Ok(path)
    }

    pub(super) fn finish(&mut self) {
        self.agree();
        let record = self.peer.record();
        let rules = Arc::clone(self.peer.log().rules());
        let audit = match fairduel_protocol::audit(rules, &record) {
            Ok(report) => report,
            Err(error) => {
                self.updates.send(Update::Failed(format!(
                    "the finished match could not be audited: {error}"
                )));
                return;
            }
        };
        let end = MatchEnd {
            outcome: self.peer.duel().and_then(|d| d.state().outcome),
            my_seat: self.peer.seat(),
            record: self.save_record(),
            audit,
        };
        self.publish();
        self.updates.send(Update::Finished(Box::new(end)));
    }
}

/// Whether the log tells `event` when a protocol answer (not a player's action) caused it:
/// what an effect resolving by agreement does once the hidden cards it shows are opened,
/// a deck's reshuffle ending, a coin's or die's result. Draws and reveals are not told.
fn follows_an_answer(event: &Event) -> bool {
    matches!(
        event,
        Event::ChanceDecided { .. }
            | Event::DeckShuffled { .. }
            | Event::ResolvedByAgreement { .. }
            | Event::ResolvedWithoutEffect { .. }
            | Event::OperationSkipped { .. }
            | Event::CardMoved { .. }
    )
}
