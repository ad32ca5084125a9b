//! Replaying a match record entry by entry, the way a spectator would see it: the public
//! duel after each entry (hidden cards stay commitments) and what the entry did, in plain
//! words. Entries are checked with the same validator the live peers used, without anyone's
//! secrets, and each is shown once a signature of its author covers it (in a record that
//! keeps only each seat's last signature, that is near the end, so the first step may take
//! the whole record's checking); a record that breaks the protocol stops the replay at the
//! bad entry, which [`Replayer::stopped`] names. Judging who cheated is
//! [`crate::audit::audit`]'s job.

use std::collections::VecDeque;
use std::sync::Arc;

use fairduel_engine::action::Answer;
use fairduel_engine::describe::{describe_action, describe_answer, describe_event};
use fairduel_engine::duel::{Duel, Rules};
use fairduel_engine::event::Event;
use fairduel_engine::seat::Seat;

use crate::audit::AuditError;
use crate::envelope::{Body, Envelope};
use crate::matchlog::{CommitObserver, MatchLog, Rejected};
use crate::record::MatchRecord;

/// One entry of the record, replayed.
#[derive(Debug, Clone)]
pub struct ReplayStep {
    /// The entry's number in the log (0 is the set-up).
    pub seq: u64,
    pub author: Seat,
    /// The kind of entry (`setup`, `deck-commit`, `action`, ...).
    pub kind: &'static str,
    /// What the entry did, in plain words, naming the author ("seat 1 attacks d5 from d6").
    pub description: String,
    /// What followed from it (battles, damage, the end of the duel), in plain words.
    pub consequences: Vec<String>,
    /// The public duel after the entry; `None` until the set-up has dealt the cards.
    pub duel: Option<Duel>,
}

/// Replays a record one entry at a time. The first item is the set-up entry.
#[derive(Debug)]
pub struct Replayer<'a> {
    record: &'a MatchRecord,
    log: MatchLog,
    next: usize,
    stopped: Option<Rejected>,
    steps: StepMaker,
}

/// Builds the replay's steps as entries join the log.
#[derive(Debug, Default)]
struct StepMaker {
    ready: VecDeque<ReplayStep>,
    description: String,
}

impl CommitObserver for StepMaker {
    fn before(&mut self, log: &MatchLog, envelope: &Envelope) {
        self.description = describe_entry(log, envelope);
    }

    fn after(&mut self, log: &MatchLog, envelope: &Envelope, events: &[Event]) {
        let seat = envelope.author;
        let after = log.duel().cloned();
        let description = match (&envelope.body, &after) {
            (Body::RandomReveal(_), Some(duel)) => format!(
                "{seat} opens its share of the coin: {} goes first",
                duel.state().active
            ),
            _ => std::mem::take(&mut self.description),
        };
        let consequences = after.as_ref().map_or_else(Vec::new, |duel| {
            events
                .iter()
                .filter_map(|e| describe_event(duel, e))
                .collect()
        });
        self.ready.push_back(ReplayStep {
            seq: envelope.seq,
            author: seat,
            kind: envelope.body.kind(),
            description,
            consequences,
            duel: after,
        });
    }
}

/// What an entry does, in plain words, described on the duel before it.
fn describe_entry(log: &MatchLog, envelope: &Envelope) -> String {
    let seat = envelope.author;
    let pool = &log.rules().pool;
    match &envelope.body {
        Body::Setup(_) => format!("{seat} sends a second set-up"),
        Body::DeckCommit(d) => match d.leader {
            Some(leader) => format!(
                "{seat} commits its deck: Deck Leader {} and {} sealed cards",
                pool.get(leader.card)
                    .map_or("an unknown card", |c| c.name.as_str()),
                d.deck.len()
            ),
            None => format!("{seat} commits its deck: {} sealed cards", d.deck.len()),
        },
        Body::Permutation(p) => format!(
            "{seat} shuffles {}'s deck with a secret order ({} sealed positions)",
            p.owner,
            p.positions.len()
        ),
        Body::RandomReveal(_) => format!("{seat} opens its share of the coin"),
        Body::Action(action) => match log.duel() {
            Some(duel) => format!("{seat} {}", describe_action(duel, action)),
            None => format!("{seat} acts before the duel has begun"),
        },
        Body::Answer(answer) => match (log.duel(), answer) {
            (Some(_), Answer::OpenDraw { .. }) => {
                format!("{seat} opens a sealed deck position so a card can be drawn")
            }
            (Some(duel), answer) => format!("{seat} {}", describe_answer(duel, answer)),
            (None, _) => format!("{seat} answers before the duel has begun"),
        },
        Body::Checkpoint { turn } => {
            format!("{seat} confirms the state at the start of turn {turn}")
        }
        Body::EndReveal(r) => format!(
            "{seat} reveals its secrets: {} card openings and {} shuffle(s)",
            r.deck.len() + 1,
            r.permutations.len()
        ),
        Body::Resigned(r) => format!(
            "{seat} relays {}'s signed concession: {} concedes",
            r.seat, r.seat
        ),
    }
}

impl<'a> Replayer<'a> {
    /// Starts a replay; fails only when the record has no valid set-up entry for these
    /// rules.
    pub fn new(rules: Arc<Rules>, record: &'a MatchRecord) -> Result<Replayer<'a>, AuditError> {
        let first = record.entries.first().ok_or(AuditError::Empty)?;
        let log = MatchLog::start(rules, first).map_err(|e| AuditError::BadSetup(e.to_string()))?;
        Ok(Replayer {
            record,
            log,
            next: 0,
            stopped: None,
            steps: StepMaker::default(),
        })
    }

    /// The entry the replay stopped at because it broke the protocol, if any.
    pub fn stopped(&self) -> Option<&Rejected> {
        self.stopped.as_ref()
    }

    fn setup_step(&self) -> ReplayStep {
        let setup = self.log.setup();
        ReplayStep {
            seq: 0,
            author: Seat(0),
            kind: "setup",
            description: format!(
                "seat 0 sets up a match of {} for {} players",
                self.log.rules().format.name,
                setup.players.len()
            ),
            consequences: Vec::new(),
            duel: None,
        }
    }
}

impl Iterator for Replayer<'_> {
    type Item = ReplayStep;

    fn next(&mut self) -> Option<ReplayStep> {
        if self.next == 0 {
            self.next = 1;
            return Some(self.setup_step());
        }
        loop {
            if let Some(step) = self.steps.ready.pop_front() {
                return Some(step);
            }
            if self.stopped.is_some() {
                return None;
            }
            let signed = self.record.entries.get(self.next)?;
            self.next += 1;
            if let Err(rejected) = self.log.receive_observed(signed, None, &mut self.steps) {
                // Entries of the run before the bad one still joined the log: their steps
                // come first.
                self.stopped = Some(rejected);
            }
        }
    }
}

/// A whole record replayed: every entry that checks, then where it stopped if it did.
#[derive(Debug, Clone)]
pub struct Replay {
    pub steps: Vec<ReplayStep>,
    /// The entry that broke the protocol (the replay holds everything before it).
    pub stopped: Option<Rejected>,
}

/// Replays the whole record (see [`Replayer`]).
pub fn replay(rules: Arc<Rules>, record: &MatchRecord) -> Result<Replay, AuditError> {
    let mut replayer = Replayer::new(rules, record)?;
    let steps: Vec<ReplayStep> = replayer.by_ref().collect();
    Ok(Replay {
        steps,
        stopped: replayer.stopped,
    })
}
