//! Desyncs: when a seat's state hash after an entry differs from ours, every seat sends its
//! public state, and each writes a report naming the seats whose state differs from its
//! own and the fields in which it differs. The match then stops: neither side is accused.

use std::time::Duration;

use fairduel_engine::desync::state_differences;
use fairduel_engine::{DuelState, Seat};
use fairduel_protocol::{Rejected, SignedEnvelope};
use tokio::time::Instant;

use super::run::Driver;
use super::{DesyncReport, Incoming, PeerMessage, SeatComparison, Stop, Update};
use crate::store::hex;

/// How long the other seats' states are waited for.
const STATES_WAIT: Duration = Duration::from_secs(10);

impl Driver {
    /// An entry's state hash differs from ours: send our state to everyone, gather theirs,
    /// report, stop.
    pub(super) async fn start_desync(
        &mut self,
        rejected: &Rejected,
        signed: &SignedEnvelope,
    ) -> Stop {
        let seq = rejected.seq.unwrap_or_else(|| self.entries());
        let refused = rejected.signed_run.first().unwrap_or(signed);
        let ours = self
            .peer
            .log()
            .duel_if_applied(refused)
            .map(|duel| duel.state().clone());
        if let Some(ours) = &ours {
            self.desync_sent = Some(seq);
            self.send_all(&PeerMessage::Desync {
                seq,
                state: Box::new(ours.clone()),
            })
            .await;
        }
        let theirs = self.gather_states(seq, Vec::new()).await;
        self.report(seq, rejected.author, ours.as_ref(), theirs)
    }

    /// Another seat found a desync at `seq` and sent its state: answer with ours, gather the
    /// rest, report, stop.
    pub(super) async fn answer_desync(
        &mut self,
        from: Seat,
        seq: u64,
        state: Box<DuelState>,
    ) -> Stop {
        let ours = self.state_after(seq).map(|duel| duel.state().clone());
        if self.desync_sent != Some(seq)
            && let Some(ours) = &ours
        {
            self.desync_sent = Some(seq);
            // Best effort: the report is written whether or not it arrives.
            self.send_all(&PeerMessage::Desync {
                seq,
                state: Box::new(ours.clone()),
            })
            .await;
        }
        let theirs = self.gather_states(seq, vec![(from, state)]).await;
        self.report(seq, None, ours.as_ref(), theirs)
    }

    /// The other seats' states after `seq`, as many as arrive in time (`got`: those in
    /// hand). Everything else that arrives meanwhile is dropped: the match stops anyway.
    async fn gather_states(
        &mut self,
        seq: u64,
        mut got: Vec<(Seat, Box<DuelState>)>,
    ) -> Vec<(Seat, Box<DuelState>)> {
        let linked: Vec<Seat> = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, slot)| slot.as_ref().is_some_and(|s| s.link.is_some()))
            .map(|(i, _)| Seat(i as u8))
            .collect();
        let deadline = Instant::now() + STATES_WAIT;
        while linked.iter().any(|s| got.iter().all(|(g, _)| g != s)) {
            let next = tokio::time::timeout_at(deadline, self.incoming.recv()).await;
            let Ok(Some((seat, _, incoming))) = next else {
                break;
            };
            if let Incoming::Message(message) = incoming
                && let PeerMessage::Desync { seq: theirs, state } = *message
                && theirs == seq
                && got.iter().all(|(g, _)| *g != seat)
            {
                got.push((seat, state));
            }
        }
        got
    }

    fn report(
        &mut self,
        seq: u64,
        author: Option<Seat>,
        ours: Option<&DuelState>,
        theirs: Vec<(Seat, Box<DuelState>)>,
    ) -> Stop {
        let me = self.peer.seat();
        let seats = (0..self.slots.len())
            .map(|i| Seat(i as u8))
            .filter(|s| *s != me)
            .map(|seat| SeatComparison {
                seat,
                differences: match (ours, theirs.iter().find(|(s, _)| *s == seat)) {
                    (Some(ours), Some((_, state))) => Some(state_differences(ours, state)),
                    _ => None,
                },
            })
            .collect();
        let mut report = DesyncReport {
            seq,
            author,
            seats,
            file: Err("no folder for reports was configured".to_owned()),
        };
        if let Some(dir) = &self.config.reports_dir {
            let path = dir.join(format!(
                "desync-{}-seat{}-entry{seq}.txt",
                &hex(&self.peer.log().match_id().0)[..16],
                me.0
            ));
            report.file = std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&path, report.text()))
                .map(|()| path)
                .map_err(|e| e.to_string());
        }
        let mut names: Vec<&str> = report.differences().map(|d| d.field.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        let differing = report.differing_seats();
        let where_ = match &report.file {
            Ok(path) => format!("; the report is at {}", path.display()),
            Err(_) => String::new(),
        };
        let who = if differing.is_empty() {
            "another seat".to_owned()
        } else {
            differing
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let message = format!(
            "The match stopped: after entry {seq} this program and {who} disagree about the state ({}){where_}. Nobody is accused: this is a bug or a modified program. The match file is kept.",
            if names.is_empty() {
                "the differing fields could not be named".to_owned()
            } else {
                format!("differing: {}", names.join(", "))
            }
        );
        self.updates.send(Update::Desync(Box::new(report)));
        Stop::Failed(message)
    }
}
