//! The lockstep session driver: one tokio task per match owning a protocol [`Peer`].
//!
//! The app, the terminal and the bots all talk to a match the same way, through a
//! [`SessionHandle`]: [`Command`]s in, [`Update`]s out. Neither direction ever blocks the
//! caller, so a UI polls without waiting on the network.
//!
//! Every seat is linked to every other (a full mesh), so an entry reaches everyone in one
//! hop and every seat checks every entry itself. The task writes this seat's entries
//! (automatic protocol steps, the player's or the bot's decisions), appends each to the
//! match file *before* sending it to every other seat, checks every received entry (chain,
//! signature, rules and state hash) and appends it before acting on it. Entries inside an
//! author's run travel unsigned; receivers hold them, unapplied and unsaved, until the
//! run's signed entry arrives (see [`fairduel_protocol::MatchLog::receive`]). Before
//! waiting for a person's decision the driver signs its own last entry if it went out
//! unsigned, so the others see the run so far. A state hash that differs starts the desync
//! exchange: every seat sends its public state, each writes a report naming the seats and
//! fields that differ, and the match stops. A link that breaks or goes silent is
//! re-established — the higher seat dials the lower one, which listens — and the two swap
//! what they are missing; play goes on meanwhile among the seats still linked. At the end
//! the driver audits the complete record and saves it.

mod abandon;
mod desync;
mod links;
mod run;
mod view;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::desync::FieldDifference;
use fairduel_engine::state::Outcome;
use fairduel_engine::{Action, Awaiting, Duel, DuelState, Knowledge, Seat};
use fairduel_protocol::{AuditReport, Peer, SeatVerdict, SignedEnvelope};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::EndpointAddr;
use crate::endpoint::PlayerEndpoint;
use crate::handshake::Hello;
use crate::session::{ConnectionInfo, Host, MatchConnection};
use crate::store::MatchStore;

use run::Driver;

pub use abandon::LONG_SILENCE;

/// What the player (or a program acting for one) asks of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Take this action for my seat: one of [`SeatView::legal`].
    Act(Action),
    /// Give up the duel, at once: when the log waits for another seat, this seat's signed
    /// resignation goes to every other seat and the one deciding relays it into the log
    /// before its own decision (the log has one writer at a time).
    Concede,
    /// Let a bot decide for my seat (`true`) or hand the decisions back (`false`).
    Autopilot(bool),
    /// Close the match because the seat it waits for has been silent for the decision
    /// clock ([`SeatView::silent`] says when that is): the record is saved as it stands,
    /// and its audit says that seat abandoned the match. Refused before then.
    CloseAbandoned,
    /// Stop this session now; the match file stays, so `fairduel resume` continues it.
    Leave,
}

/// One line of the match log, in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    pub turn: u16,
    /// Who acted, for action lines; `None` for what followed from it.
    pub actor: Option<Seat>,
    pub text: String,
}

/// What the fairness panel shows about one other seat.
#[derive(Debug, Clone, Default)]
pub struct PeerStatus {
    pub seat: Seat,
    /// The player's key fingerprint.
    pub key: String,
    /// The name the player chose, cleaned for display (`None` in memory, before the first
    /// connection, or when they gave none).
    pub name: Option<String>,
    /// The connection right now (`None` for an in-memory session, or while reconnecting).
    pub connection: Option<ConnectionInfo>,
    /// Whether a link to this seat is up.
    pub linked: bool,
}

/// What the fairness panel shows.
#[derive(Debug, Clone, Default)]
pub struct Fairness {
    /// Every other seat, in seat order.
    pub peers: Vec<PeerStatus>,
    /// Entries received from the other seats whose signature, chain link, rules and state
    /// hash all checked out.
    pub entries_verified: u64,
    /// Of those, how many opened a hidden card (a draw position, a reveal).
    pub reveals_verified: u64,
    /// The number of entries every seat holds and agrees on.
    pub agreed_entries: u64,
    /// The state hash after the last agreed entry, shortened for display.
    pub agreed_state: String,
}

impl Fairness {
    /// What is known about `seat`.
    pub fn peer(&self, seat: Seat) -> Option<&PeerStatus> {
        self.peers.iter().find(|p| p.seat == seat)
    }
}

/// What my seat sees now.
#[derive(Debug, Clone)]
pub struct SeatView {
    /// My seat's engine: the public state (hidden cards are commitments) and the rules.
    pub duel: Duel,
    pub seat: Seat,
    /// The openings of my own commitments: what my hand and face-down cards are.
    pub knowledge: Knowledge,
    /// Everything I may do now; empty when the decision is not mine.
    pub legal: Vec<Action>,
    /// What happened since the previous view, in plain words.
    pub log: Vec<LogLine>,
    /// The latest game action and who took it.
    pub last_action: Option<(Seat, Action)>,
    /// Who must decide next in the duel (`None` once it is over or while the protocol
    /// writes its own steps).
    pub deciding: Option<Seat>,
    pub outcome: Option<Outcome>,
    pub autopilot: bool,
    /// Entries in the log so far.
    pub step: u64,
    pub fairness: Fairness,
    /// The seat the log waits for, when it is another's: since when, and when the match
    /// may be closed without it.
    pub silent: Option<Silence>,
}

/// Another seat the log is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Silence {
    pub seat: Seat,
    /// When the log began waiting for it.
    pub since: std::time::Instant,
    /// From then on [`Command::CloseAbandoned`] closes the match.
    pub may_close_at: std::time::Instant,
}

impl Silence {
    /// Whether the match may be closed now.
    pub fn may_close(&self) -> bool {
        std::time::Instant::now() >= self.may_close_at
    }
}

impl SeatView {
    /// What the duel waits for.
    pub fn awaiting(&self) -> &Awaiting {
        self.duel.awaiting()
    }

    pub fn my_decision(&self) -> bool {
        self.deciding == Some(self.seat) && !self.legal.is_empty()
    }
}

/// The end of a match.
#[derive(Debug, Clone)]
pub struct MatchEnd {
    pub outcome: Option<Outcome>,
    pub my_seat: Seat,
    /// The audit of the complete record: a verdict per seat.
    pub audit: AuditReport,
    /// Where the match record was saved, or why it could not be.
    pub record: Result<PathBuf, String>,
}

/// How one other seat's state compared with ours in a desync.
#[derive(Debug, Clone)]
pub struct SeatComparison {
    pub seat: Seat,
    /// Every field that differs from ours; empty when that seat agrees with us. `None`
    /// when its state never arrived.
    pub differences: Option<Vec<FieldDifference>>,
}

/// A desync: seats computed different states after the same entry.
#[derive(Debug, Clone)]
pub struct DesyncReport {
    /// The entry after which the states differ.
    pub seq: u64,
    /// The seat that wrote that entry, when known.
    pub author: Option<Seat>,
    /// Every other seat's state against ours.
    pub seats: Vec<SeatComparison>,
    /// Where the report was written, or why it could not be.
    pub file: Result<PathBuf, String>,
}

impl DesyncReport {
    /// The seats whose state differs from ours.
    pub fn differing_seats(&self) -> Vec<Seat> {
        self.seats
            .iter()
            .filter(|c| c.differences.as_ref().is_some_and(|d| !d.is_empty()))
            .map(|c| c.seat)
            .collect()
    }

    /// Every differing field, whichever seat it differs with.
    pub fn differences(&self) -> impl Iterator<Item = &FieldDifference> {
        self.seats
            .iter()
            .filter_map(|c| c.differences.as_ref())
            .flatten()
    }

    /// The report as a player reads it.
    pub fn text(&self) -> String {
        let by = self
            .author
            .map_or_else(String::new, |a| format!(" (written by {a})"));
        let differing = self.differing_seats();
        let mut out = format!(
            "Desync after entry {}{by}: {} of {} other seat(s) hold another state than ours{}\n",
            self.seq,
            differing.len(),
            self.seats.len(),
            if differing.is_empty() {
                String::new()
            } else {
                format!(
                    " ({})",
                    differing
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
        for comparison in &self.seats {
            match &comparison.differences {
                None => out.push_str(&format!(
                    "  {}: its state never arrived, so no field can be named\n",
                    comparison.seat
                )),
                Some(differences) if differences.is_empty() => {
                    out.push_str(&format!("  {}: agrees with ours\n", comparison.seat))
                }
                Some(differences) => {
                    out.push_str(&format!(
                        "  {} differs in {} field(s):\n",
                        comparison.seat,
                        differences.len()
                    ));
                    for d in differences {
                        out.push_str(&format!(
                            "    {}: ours {} / theirs {}\n",
                            d.field, d.ours, d.theirs
                        ));
                    }
                }
            }
        }
        out
    }
}

/// The state of the link to one other seat.
#[derive(Debug, Clone)]
pub enum LinkStatus {
    Connected(ConnectionInfo),
    /// The connection broke or went silent; the driver is getting it back.
    Lost {
        reason: String,
    },
    Reconnected(ConnectionInfo),
}

/// What the session tells its user.
#[derive(Debug, Clone)]
pub enum Update {
    View(Box<SeatView>),
    /// A command was refused; nothing changed.
    Refused {
        command: String,
        reason: String,
    },
    /// The link to `seat` changed.
    Link {
        seat: Seat,
        status: LinkStatus,
    },
    /// Another seat sent something wrong that did not stop the match (e.g. a garbled or
    /// forged frame): it was reported and that connection closed.
    Warning(String),
    Finished(Box<MatchEnd>),
    Desync(Box<DesyncReport>),
    /// The session stopped and cannot go on; the message says why and what to do.
    Failed(String),
}

/// Messages between drivers, one per frame.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum PeerMessage {
    /// "I hold this many entries": the other side sends what comes after.
    Sync {
        entries: u64,
    },
    Entry(SignedEnvelope),
    /// Nothing to say, but still here.
    Heartbeat,
    /// My public state after entry `seq`, for a desync report.
    Desync {
        seq: u64,
        state: Box<DuelState>,
    },
    /// I am done with this match (finished, or leaving to resume later).
    Goodbye {
        finished: bool,
    },
    /// A joiner to its host, right after the greeting: where the joiner listens, so that
    /// the seats after it can reach it.
    Arrived {
        listening: EndpointAddr,
    },
    /// The host to the players gathered so far: how full the table is.
    Waiting {
        seated: u8,
        of: u8,
    },
    /// The host to every joiner once the table is full: where each seat listens, by seat
    /// (the set-up entry that follows says which key sits where).
    Table {
        listening: Vec<Option<EndpointAddr>>,
    },
    /// "I concede": the sender's signed resignation, for whichever seat the log waits for to
    /// relay into it (a seat may pass on another's too: the signature is what counts).
    Resign(fairduel_protocol::Resignation),
    /// A face-down card of the sender's shown to the receiver alone, a teammate (see
    /// `fairduel_protocol::disclosure`).
    Disclose(fairduel_protocol::Disclosure),
}

/// Timing of the driver.
#[derive(Debug, Clone)]
pub struct DriverConfig {
    /// A heartbeat goes out after this long without sending anything on a link.
    pub heartbeat: Duration,
    /// A link counts as lost after this long without hearing anything on it.
    pub silence: Duration,
    /// How long to keep trying to get a lost link back before giving up.
    pub reconnect_for: Duration,
    /// Where finished match records go (`None`: not saved).
    pub records_dir: Option<PathBuf>,
    /// Where desync reports go (`None`: not written).
    pub reports_dir: Option<PathBuf>,
    /// A bot that decides for this seat from the start (a bot's seat, or a player who asked
    /// for autopilot).
    pub autopilot: bool,
    /// Seed of the autopilot's bot.
    pub bot_seed: u64,
    /// How long the autopilot waits before a main-phase decision (a third of it before a
    /// response), so a person watching a bot can follow it. Zero for tools and tests.
    pub autopilot_pause: Duration,
    /// The autopilot hands the seat back once this turn begins.
    pub autopilot_until_turn: Option<u16>,
    /// How long the seat the log waits for may stay silent before the others may close
    /// the match ([`Command::CloseAbandoned`]); `None`: only after [`LONG_SILENCE`].
    pub decision_clock: Option<Duration>,
}

impl Default for DriverConfig {
    fn default() -> Self {
        DriverConfig {
            heartbeat: Duration::from_secs(2),
            silence: Duration::from_secs(15),
            reconnect_for: Duration::from_secs(120),
            records_dir: None,
            reports_dir: None,
            autopilot: false,
            bot_seed: 0,
            autopilot_pause: Duration::ZERO,
            autopilot_until_turn: None,
            decision_clock: None,
        }
    }
}

/// How lost links come back: the higher seat of a pair dials the lower one, which listens.
/// An in-memory session has neither, and a lost link ends it.
#[derive(Debug, Clone, Default)]
pub struct Mesh {
    /// Accepts the seats that dial us (every seat above ours), checking their keys.
    pub listener: Option<Arc<Host>>,
    /// Dials the seats below ours.
    pub dialer: Option<Dialer>,
}

impl Mesh {
    /// No way to get a link back: an in-memory session.
    pub fn in_memory() -> Mesh {
        Mesh::default()
    }

    fn reconnects(&self) -> bool {
        self.listener.is_some() || self.dialer.is_some()
    }
}

/// Where and how this seat dials the seats below it.
#[derive(Debug, Clone)]
pub struct Dialer {
    pub endpoint: PlayerEndpoint,
    pub hello: Hello,
    /// Where each seat listens, by seat.
    pub listening: Vec<Option<EndpointAddr>>,
    /// Dial every other seat, not only the ones below: this seat came back on another UDP
    /// port than the others know (its old one was taken), so they cannot reach it.
    pub every_seat: bool,
}

/// A connection to another driver.
#[derive(Debug)]
pub enum Wire {
    Iroh(Box<MatchConnection>),
    Memory(MemoryWire),
}

/// One end of an in-memory link (a local bot match, tests, the in-memory benchmark).
#[derive(Debug)]
pub struct MemoryWire {
    to_other: mpsc::UnboundedSender<Incoming>,
    from_other: mpsc::UnboundedReceiver<Incoming>,
}

impl MemoryWire {
    /// Sends `message` to the other end, as a driver would (tests play a seat by hand
    /// this way); fails when the other end is gone.
    pub fn send(&self, message: PeerMessage) -> Result<(), SessionClosed> {
        self.to_other
            .send(Incoming::Message(Box::new(message)))
            .map_err(|_| SessionClosed)
    }

    /// The next message from the other end, `None` once it is gone.
    pub async fn recv(&mut self) -> Option<Incoming> {
        self.from_other.recv().await
    }
}

/// Two connected in-memory ends.
pub fn memory_wires() -> (Wire, Wire) {
    let (a_tx, a_rx) = mpsc::unbounded_channel();
    let (b_tx, b_rx) = mpsc::unbounded_channel();
    (
        Wire::Memory(MemoryWire {
            to_other: b_tx,
            from_other: a_rx,
        }),
        Wire::Memory(MemoryWire {
            to_other: a_tx,
            from_other: b_rx,
        }),
    )
}

/// In-memory links between every pair of `players` seats: for each seat, its ends of the
/// links to every other seat.
pub fn memory_mesh(players: usize) -> Vec<Vec<(Seat, Wire)>> {
    mesh_of(players, memory_wires)
}

/// For each seat, its ends of links between every pair of seats, each made by `link`.
fn mesh_of(players: usize, mut link: impl FnMut() -> (Wire, Wire)) -> Vec<Vec<(Seat, Wire)>> {
    let mut ends: Vec<Vec<(Seat, Wire)>> = (0..players).map(|_| Vec::new()).collect();
    for a in 0..players {
        for b in a + 1..players {
            let (wa, wb) = link();
            if let Some(list) = ends.get_mut(a) {
                list.push((Seat(b as u8), wa));
            }
            if let Some(list) = ends.get_mut(b) {
                list.push((Seat(a as u8), wb));
            }
        }
    }
    ends
}

/// [`memory_mesh`] whose every message arrives `one_way` after it was sent, in order, as
/// over a network with that latency and no loss: to measure how close a match comes to its
/// bound of one latency per hand-off. Must be called inside a tokio runtime (a task per
/// direction holds the messages in flight).
pub fn memory_mesh_with_latency(players: usize, one_way: Duration) -> Vec<Vec<(Seat, Wire)>> {
    mesh_of(players, || delayed_wires(one_way))
}

fn delayed_wires(one_way: Duration) -> (Wire, Wire) {
    let (a_sends, a_sent) = mpsc::unbounded_channel();
    let (b_sends, b_sent) = mpsc::unbounded_channel();
    let (to_a, a_receives) = mpsc::unbounded_channel();
    let (to_b, b_receives) = mpsc::unbounded_channel();
    tokio::spawn(in_flight(a_sent, to_b, one_way));
    tokio::spawn(in_flight(b_sent, to_a, one_way));
    (
        Wire::Memory(MemoryWire {
            to_other: a_sends,
            from_other: a_receives,
        }),
        Wire::Memory(MemoryWire {
            to_other: b_sends,
            from_other: b_receives,
        }),
    )
}

/// Hands each message on `one_way` after it was sent. It takes every message the moment
/// it is sent (so a burst is not delayed one after another) and keeps them in order.
async fn in_flight(
    mut sent: mpsc::UnboundedReceiver<Incoming>,
    deliver: mpsc::UnboundedSender<Incoming>,
    one_way: Duration,
) {
    let mut flying: std::collections::VecDeque<(tokio::time::Instant, Incoming)> =
        std::collections::VecDeque::new();
    let mut open = true;
    while open || !flying.is_empty() {
        let next_due = flying.front().map(|(due, _)| *due);
        tokio::select! {
            message = sent.recv(), if open => match message {
                Some(message) => {
                    flying.push_back((tokio::time::Instant::now() + one_way, message));
                }
                None => open = false,
            },
            () = async {
                match next_due {
                    Some(due) => tokio::time::sleep_until(due).await,
                    None => std::future::pending().await,
                }
            } => {
                if let Some((_, message)) = flying.pop_front()
                    && deliver.send(message).is_err()
                {
                    return;
                }
            }
        }
    }
}

/// What a link's reader hands the driver.
#[derive(Debug)]
pub enum Incoming {
    Message(Box<PeerMessage>),
    /// The link broke; `misbehaviour` when the other side sent bytes that are not a frame.
    Broken {
        reason: String,
        misbehaviour: bool,
    },
}

/// Called after every update, so a UI can repaint.
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The user's end of a session. Dropping it makes the session leave (as [`Command::Leave`]).
#[derive(Debug)]
pub struct SessionHandle {
    commands: mpsc::UnboundedSender<Command>,
    updates: mpsc::UnboundedReceiver<Update>,
}

/// The session has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the match session has ended")]
pub struct SessionClosed;

impl SessionHandle {
    /// Queues a command; never blocks.
    pub fn send(&self, command: Command) -> Result<(), SessionClosed> {
        self.commands.send(command).map_err(|_| SessionClosed)
    }

    /// The next update if one is waiting; never blocks.
    pub fn try_recv(&mut self) -> Result<Option<Update>, SessionClosed> {
        match self.updates.try_recv() {
            Ok(update) => Ok(Some(update)),
            Err(mpsc::error::TryRecvError::Empty) => Ok(None),
            Err(mpsc::error::TryRecvError::Disconnected) => Err(SessionClosed),
        }
    }

    /// Waits for the next update (async).
    pub async fn recv(&mut self) -> Option<Update> {
        self.updates.recv().await
    }

    /// Waits for the next update from a thread outside the runtime (the terminal).
    pub fn blocking_recv(&mut self) -> Option<Update> {
        self.updates.blocking_recv()
    }
}

/// Starts the driver task for `peer` on the current tokio runtime, with the links already
/// open (`wires`: the other seat at each end) and `mesh` to get lost ones back.
pub fn spawn_session(
    peer: Peer,
    store: Option<MatchStore>,
    wires: Vec<(Seat, Wire)>,
    mesh: Mesh,
    config: DriverConfig,
    waker: Option<Waker>,
) -> SessionHandle {
    let (command_tx, command_rx) = mpsc::unbounded_channel();
    let (update_tx, update_rx) = mpsc::unbounded_channel();
    let driver = Driver::new(
        peer,
        store,
        mesh,
        config,
        command_rx,
        UpdateSink {
            updates: update_tx,
            waker,
        },
    );
    tokio::spawn(driver.run(wires));
    SessionHandle {
        commands: command_tx,
        updates: update_rx,
    }
}

struct UpdateSink {
    updates: mpsc::UnboundedSender<Update>,
    waker: Option<Waker>,
}

impl UpdateSink {
    fn send(&self, update: Update) {
        // A user that dropped its handle no longer reads: nothing to do about it.
        let _ = self.updates.send(update);
        if let Some(wake) = &self.waker {
            wake();
        }
    }
}

/// Why the driver stopped.
enum Stop {
    Finished,
    Left,
    /// Closed without the silent seat (see [`Command::CloseAbandoned`]).
    Closed,
    Failed(String),
}

/// Plain words for a verdict.
pub fn verdict_text(verdict: &SeatVerdict) -> String {
    match verdict {
        SeatVerdict::Verified => "verified: played fairly".to_owned(),
        SeatVerdict::Cheated { seq, what } => format!("CHEATED at entry {seq}: {what}"),
        SeatVerdict::Withheld => "withheld its secrets at the end (counts as a loss)".to_owned(),
        SeatVerdict::Abandoned { seq } => {
            format!("ABANDONED the match: it owed entry {seq}, where the record stops")
        }
        SeatVerdict::CheckedUntilDamage { seq } => format!(
            "no fault before entry {seq}; the record is damaged from there, so the rest is \
             unknown"
        ),
    }
}
