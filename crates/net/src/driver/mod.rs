//! The lockstep session driver: one tokio task per match owning a protocol [`Peer`].
//!
//! The app, the terminal and the bots all talk to a match the same way, through a
//! [`SessionHandle`]: [`Command`]s in, [`Update`]s out. Neither direction ever blocks the
//! caller, so a UI polls without waiting on the network.
//!
//! The task writes this seat's entries (automatic protocol steps, the player's or the
//! bot's decisions), appends each to the match file *before* sending it, checks every
//! received entry (chain, signature, rules and state hash) and appends it before acting
//! on it. Entries inside an author's run travel unsigned; the receiving side holds them,
//! unapplied and unsaved, until the run's signed entry arrives (see
//! [`fairduel_protocol::MatchLog::receive`]). Before waiting for a person's decision the
//! driver signs its own last entry if it went out unsigned, so the other side sees the run
//! so far. A state hash that differs starts the desync exchange: both sides swap their
//! public state, write a report naming the differing fields, and stop. A connection that
//! breaks or goes silent is re-established (the host waits, the joiner dials again) and
//! both sides swap what they are missing. At the end the driver audits the complete record
//! and saves it.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::describe::{describe_action, describe_event};
use fairduel_engine::desync::{FieldDifference, state_differences};
use fairduel_engine::state::Outcome;
use fairduel_engine::{
    Action, Answer, Awaiting, Decision, Duel, DuelState, Event, Knowledge, Seat,
};
use fairduel_protocol::envelope::{Body, Envelope};
use fairduel_protocol::{
    AuditReport, CommitObserver, MatchLog, Peer, Rejected, SeatVerdict, SignedEnvelope, Violation,
};
use fairduel_sim::{Bot, GreedyBot};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use tokio::time::Instant;

use crate::EndpointAddr;
use crate::endpoint::PlayerEndpoint;
use crate::frame::FrameSender;
use crate::handshake::{Hello, display_name};
use crate::session::{ConnectionInfo, Host, MatchConnection, MatchLink, rejoin};
use crate::store::{MatchStore, hex};

/// What the player (or a program acting for one) asks of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Take this action for my seat: one of [`SeatView::legal`].
    Act(Action),
    /// Give up the duel. Written as soon as the log next waits for this seat (the log has
    /// one writer at a time), which in a two-player duel is at most one opponent decision.
    Concede,
    /// Let a bot decide for my seat (`true`) or hand the decisions back (`false`).
    Autopilot(bool),
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

/// What the fairness panel shows.
#[derive(Debug, Clone, Default)]
pub struct Fairness {
    /// The other player's key fingerprint.
    pub opponent: String,
    /// The name the other player chose, cleaned for display (`None` in memory, before the
    /// first connection, or when they gave none).
    pub opponent_name: Option<String>,
    /// The connection right now (`None` for an in-memory session, or while reconnecting).
    pub connection: Option<ConnectionInfo>,
    /// Entries received from the other side whose signature, chain link, rules and state
    /// hash all checked out.
    pub entries_verified: u64,
    /// Of those, how many opened a hidden card (a draw position, a reveal).
    pub reveals_verified: u64,
    /// The number of entries both sides hold and agree on.
    pub agreed_entries: u64,
    /// The state hash after the last agreed entry, shortened for display.
    pub agreed_state: String,
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

/// A desync: both sides computed different states after the same entry.
#[derive(Debug, Clone)]
pub struct DesyncReport {
    /// The entry after which the states differ.
    pub seq: u64,
    pub differences: Vec<FieldDifference>,
    /// Where the report was written, or why it could not be.
    pub file: Result<PathBuf, String>,
}

impl DesyncReport {
    /// The report as a player reads it.
    pub fn text(&self) -> String {
        let mut out = format!(
            "Desync after entry {}: the two copies of the duel differ in {} field(s):\n",
            self.seq,
            self.differences.len()
        );
        for d in &self.differences {
            out.push_str(&format!(
                "  {}: ours {} / theirs {}\n",
                d.field, d.ours, d.theirs
            ));
        }
        if self.differences.is_empty() {
            out.push_str("  (the other side's state never arrived, so no field can be named)\n");
        }
        out
    }
}

/// The state of the link to the other player.
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
    Link(LinkStatus),
    /// The other side sent something wrong that did not stop the match (e.g. a garbled or
    /// forged frame): it was reported and that connection closed.
    Warning(String),
    Finished(Box<MatchEnd>),
    Desync(Box<DesyncReport>),
    /// The session stopped and cannot go on; the message says why and what to do.
    Failed(String),
}

/// Messages between two drivers, one per frame.
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
}

/// Timing of the driver.
#[derive(Debug, Clone)]
pub struct DriverConfig {
    /// A heartbeat goes out after this long without sending anything.
    pub heartbeat: Duration,
    /// The link counts as lost after this long without hearing anything.
    pub silence: Duration,
    /// How long to keep trying to get a lost link back before giving up.
    pub reconnect_for: Duration,
    /// Where finished match records go (`None`: not saved).
    pub records_dir: Option<PathBuf>,
    /// Where desync reports go (`None`: not written).
    pub reports_dir: Option<PathBuf>,
    /// A bot that decides for this seat from the start (the other side of a bot match, or
    /// a player who asked for autopilot).
    pub autopilot: bool,
    /// Seed of the autopilot's bot.
    pub bot_seed: u64,
    /// How long the autopilot waits before a main-phase decision (a third of it before a
    /// response), so a person watching a bot can follow it. Zero for tools and tests.
    pub autopilot_pause: Duration,
    /// The autopilot hands the seat back once this turn begins.
    pub autopilot_until_turn: Option<u16>,
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
        }
    }
}

/// How to get the link back after it is lost.
#[derive(Debug, Clone)]
pub enum Reconnect {
    /// An in-memory link: losing it ends the session.
    Never,
    /// The host waits for the seated opponent to connect again.
    Accept(Arc<Host>),
    /// The joiner dials the host again.
    Dial(Box<Redial>),
}

/// Where and how a joiner dials its host again.
#[derive(Debug, Clone)]
pub struct Redial {
    pub endpoint: PlayerEndpoint,
    pub host: EndpointAddr,
    pub hello: Hello,
}

/// A connection to the other driver.
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

/// Starts the driver task for `peer` on the current tokio runtime.
pub fn spawn_session(
    peer: Peer,
    store: Option<MatchStore>,
    wire: Option<Wire>,
    reconnect: Reconnect,
    config: DriverConfig,
    waker: Option<Waker>,
) -> SessionHandle {
    let (command_tx, command_rx) = mpsc::unbounded_channel();
    let (update_tx, update_rx) = mpsc::unbounded_channel();
    let driver = Driver::new(
        peer,
        store,
        reconnect,
        config,
        command_rx,
        UpdateSink {
            updates: update_tx,
            waker,
        },
    );
    tokio::spawn(driver.run(wire));
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

/// An established link: where to send, and what arrives.
struct Link {
    sender: LinkSender,
    incoming: mpsc::UnboundedReceiver<Incoming>,
    info: Option<MatchLink>,
}

enum LinkSender {
    Frames(FrameSender),
    Memory(mpsc::UnboundedSender<Incoming>),
}

impl Link {
    fn open(wire: Wire) -> Link {
        match wire {
            Wire::Memory(memory) => Link {
                sender: LinkSender::Memory(memory.to_other),
                incoming: memory.from_other,
                info: None,
            },
            Wire::Iroh(connection) => {
                let (info, sender, mut receiver) = connection.split();
                let (tx, rx) = mpsc::unbounded_channel();
                // Reading frames is not cancel-safe, so a task of its own reads them and the
                // driver selects on the channel.
                tokio::spawn(async move {
                    loop {
                        match receiver.recv::<PeerMessage>().await {
                            Ok(message) => {
                                if tx.send(Incoming::Message(Box::new(message))).is_err() {
                                    break;
                                }
                            }
                            Err(error) => {
                                let misbehaviour = error.is_peer_misbehaviour();
                                let _ = tx.send(Incoming::Broken {
                                    reason: error.to_string(),
                                    misbehaviour,
                                });
                                break;
                            }
                        }
                    }
                });
                Link {
                    sender: LinkSender::Frames(sender),
                    incoming: rx,
                    info: Some(info),
                }
            }
        }
    }

    async fn send(&mut self, message: &PeerMessage) -> Result<(), String> {
        match &mut self.sender {
            LinkSender::Frames(sender) => sender.send(message).await.map_err(|e| e.to_string()),
            LinkSender::Memory(sender) => sender
                .send(Incoming::Message(Box::new(message.clone())))
                .map_err(|_| "the other side is gone".to_owned()),
        }
    }

    fn connection_info(&self) -> Option<ConnectionInfo> {
        self.info.as_ref().map(MatchLink::info)
    }

    /// Closes the link, after letting what was sent arrive (briefly).
    async fn close(mut self, reason: &str) {
        if let LinkSender::Frames(sender) = &mut self.sender {
            sender.finish_and_flush(Duration::from_secs(2)).await;
        }
        if let Some(info) = &self.info {
            info.close_now(reason);
        }
    }
}

/// Why the driver stopped.
enum Stop {
    Finished,
    Left,
    Failed(String),
}

/// Recent states, by the number of entries they follow, for desync reports. The other
/// side checks our entries when our run's signature arrives, so a desync can be found a
/// whole run back.
const HISTORY: usize = 64;

/// Keeps the driver's history and log lines as the other side's entries join the log.
struct Told<'a> {
    history: &'a mut VecDeque<(u64, Duel)>,
    lines: &'a mut Vec<LogLine>,
    last_action: &'a mut Option<(Seat, Action)>,
    /// Entries that joined, and how many of them opened a hidden card.
    verified: u64,
    reveals: u64,
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
        if matches!(envelope.body, Body::Action(_)) {
            for event in events {
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

struct Driver {
    peer: Peer,
    store: Option<MatchStore>,
    reconnect: Reconnect,
    config: DriverConfig,
    commands: mpsc::UnboundedReceiver<Command>,
    updates: UpdateSink,
    bot: GreedyBot,
    autopilot: bool,
    conceding: bool,
    fairness: Fairness,
    pending_log: Vec<LogLine>,
    last_action: Option<(Seat, Action)>,
    history: VecDeque<(u64, Duel)>,
    /// Our state was already sent for this desync.
    desync_sent: Option<u64>,
    /// The current connection, read again for every view: the path and the round-trip
    /// estimate change while a match goes on.
    live_link: Option<MatchLink>,
    /// The autopilot may decide at this entry count once this instant has passed.
    autopilot_wait: Option<(u64, Instant)>,
    last_sent: Instant,
    last_heard: Instant,
    commands_closed: bool,
}

impl Driver {
    fn new(
        peer: Peer,
        store: Option<MatchStore>,
        reconnect: Reconnect,
        config: DriverConfig,
        commands: mpsc::UnboundedReceiver<Command>,
        updates: UpdateSink,
    ) -> Driver {
        let opponent = peer
            .log()
            .key(first_other_seat(peer.seat()))
            .map(|k| k.fingerprint())
            .unwrap_or_default();
        let now = Instant::now();
        let mut driver = Driver {
            bot: GreedyBot::new(config.bot_seed),
            autopilot: config.autopilot,
            peer,
            store,
            reconnect,
            config,
            commands,
            updates,
            conceding: false,
            fairness: Fairness {
                opponent,
                ..Fairness::default()
            },
            pending_log: Vec::new(),
            last_action: None,
            history: VecDeque::new(),
            desync_sent: None,
            autopilot_wait: None,
            live_link: None,
            last_sent: now,
            last_heard: now,
            commands_closed: false,
        };
        driver.remember_state();
        driver.agree();
        driver
    }

    async fn run(mut self, wire: Option<Wire>) {
        let mut link = wire.map(Link::open);
        self.live_link = link.as_ref().and_then(|l| l.info.clone());
        self.learn_opponent_name();
        if let Some(info) = link.as_ref().and_then(Link::connection_info) {
            self.fairness.connection = Some(info.clone());
            self.updates.send(Update::Link(LinkStatus::Connected(info)));
        }
        self.publish();
        let stop = self.play(&mut link).await;
        let finished = matches!(stop, Stop::Finished);
        if finished {
            self.linger(&mut link).await;
        }
        if let Some(mut link) = link {
            let _ = link.send(&PeerMessage::Goodbye { finished }).await;
            link.close(if finished { "match finished" } else { "left" })
                .await;
        }
        match stop {
            Stop::Finished | Stop::Left => {}
            Stop::Failed(reason) => self.updates.send(Update::Failed(reason)),
        }
    }

    async fn play(&mut self, link: &mut Option<Link>) -> Stop {
        if let Some(active) = link.as_mut() {
            let have = self.entries();
            if active
                .send(&PeerMessage::Sync { entries: have })
                .await
                .is_err()
                && let Err(stop) = self.relink(link, "the connection broke at the start").await
            {
                return stop;
            }
        }
        loop {
            if self.peer.is_complete() {
                self.finish();
                return Stop::Finished;
            }
            match self.write_own(link).await {
                Ok(true) => continue,
                Ok(false) => {}
                Err(stop) => return stop,
            }
            if let Err(stop) = self.sign_before_waiting(link).await {
                return stop;
            }
            let heartbeat_at = self.last_sent + self.config.heartbeat;
            let silent_at = self.last_heard + self.config.silence;
            let entries = self.entries();
            let autopilot_at = self
                .autopilot_wait
                .filter(|(at, _)| self.autopilot && *at == entries)
                .map(|(_, until)| until);
            let Some(active) = link.as_mut() else {
                if let Err(stop) = self.relink(link, "the connection is gone").await {
                    return stop;
                }
                continue;
            };
            let host = match &self.reconnect {
                Reconnect::Accept(host) => Some(Arc::clone(host)),
                _ => None,
            };
            let match_id = self.peer.log().match_id().0;
            let opponent = self.opponent_key();
            // The host keeps listening while the link is up: a joiner that crashed comes
            // back before this side notices the old link is dead.
            let returning = async {
                match &host {
                    Some(host) => {
                        host.allow_resume(match_id, opponent);
                        host.accept().await
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                accepted = returning => {
                    if let Ok(connection) = accepted {
                        if connection.link().remote_key_bytes() == opponent {
                            if let Some(old) = link.take() {
                                old.close("replaced by a new connection").await;
                            }
                            if let Err(stop) = self.adopt(link, connection).await {
                                return stop;
                            }
                        } else {
                            connection.close("this match is in progress with someone else").await;
                        }
                    }
                }
                command = self.commands.recv(), if !self.commands_closed => {
                    match command {
                        Some(Command::Leave) => return Stop::Left,
                        Some(command) => {
                            if let Err(stop) = self.handle_command(command, link).await {
                                return stop;
                            }
                        }
                        None => {
                            // The user dropped its handle: nobody plays this seat any more.
                            self.commands_closed = true;
                            return Stop::Left;
                        }
                    }
                }
                incoming = active.incoming.recv() => {
                    let result = match incoming {
                        Some(Incoming::Message(message)) => {
                            self.last_heard = Instant::now();
                            self.handle_message(*message, link).await
                        }
                        Some(Incoming::Broken { reason, misbehaviour }) => {
                            if misbehaviour {
                                self.updates.send(Update::Warning(format!(
                                    "the other side sent bytes that are not a valid message ({reason}); that connection was closed and nothing it sent was used"
                                )));
                            }
                            self.relink(link, &reason).await
                        }
                        None => self.relink(link, "the connection closed").await,
                    };
                    if let Err(stop) = result {
                        return stop;
                    }
                }
                () = async {
                    match autopilot_at {
                        Some(until) => tokio::time::sleep_until(until).await,
                        None => std::future::pending().await,
                    }
                } => {
                    // The autopilot's pause is over: the next turn of the loop decides.
                }
                () = tokio::time::sleep_until(heartbeat_at) => {
                    if let Err(stop) = self.send(link, &PeerMessage::Heartbeat).await {
                        return stop;
                    }
                }
                () = tokio::time::sleep_until(silent_at) => {
                    let reason = format!(
                        "the other player has been silent for {} seconds",
                        self.config.silence.as_secs()
                    );
                    if let Err(stop) = self.relink(link, &reason).await {
                        return stop;
                    }
                }
            }
        }
    }

    /// After finishing: our last entries may be what the other side still needs (it may
    /// even have crashed before saving them). Tell it we are done and stay, answering its
    /// requests, until it says it is done too or [`DriverConfig::reconnect_for`] runs out.
    async fn linger(&mut self, link: &mut Option<Link>) {
        let deadline = Instant::now() + self.config.reconnect_for;
        if let Some(active) = link.as_mut() {
            let _ = active.send(&PeerMessage::Goodbye { finished: true }).await;
        }
        while Instant::now() < deadline {
            let Some(active) = link.as_mut() else {
                if matches!(self.reconnect, Reconnect::Never)
                    || self
                        .relink_until(link, "the other player is finishing", deadline)
                        .await
                        .is_err()
                {
                    return;
                }
                if let Some(active) = link.as_mut() {
                    let _ = active.send(&PeerMessage::Goodbye { finished: true }).await;
                }
                continue;
            };
            let incoming = tokio::select! {
                incoming = active.incoming.recv() => incoming,
                () = tokio::time::sleep_until(deadline) => return,
            };
            match incoming {
                Some(Incoming::Message(message)) => match *message {
                    PeerMessage::Goodbye { finished: true } => return,
                    PeerMessage::Sync { entries } => {
                        for entry in self.entries_after(entries) {
                            if active.send(&PeerMessage::Entry(entry)).await.is_err() {
                                break;
                            }
                        }
                        let _ = active.send(&PeerMessage::Goodbye { finished: true }).await;
                    }
                    _ => {}
                },
                Some(Incoming::Broken { .. }) | None => {
                    if let Some(old) = link.take() {
                        old.close("reconnecting").await;
                    }
                }
            }
        }
    }

    /// Our entries after the first `count`: what the other side asked for with `Sync`.
    fn entries_after(&self, count: u64) -> Vec<SignedEnvelope> {
        let entries = self.peer.log().entries();
        entries
            .get(
                usize::try_from(count)
                    .unwrap_or(usize::MAX)
                    .min(entries.len())..,
            )
            .unwrap_or_default()
            .to_vec()
    }

    fn entries(&self) -> u64 {
        self.peer.log().entries().len() as u64
    }

    /// A person is to decide next for this seat: if our last entry went out unsigned (in
    /// the middle of our run), sign it now, save and send the signed copy, so the other
    /// side can take our run so far instead of waiting for its end. Also what a restarted
    /// session does with an unsigned last entry from before the crash.
    /// An autopilot that pauses before deciding (so a person can watch it) signs too: the
    /// person on the other side then sees each move as it is made.
    async fn sign_before_waiting(&mut self, link: &mut Option<Link>) -> Result<(), Stop> {
        let instant_autopilot = self.autopilot && self.config.autopilot_pause.is_zero();
        if instant_autopilot || !self.peer.needs_decision() {
            return Ok(());
        }
        let Some(signed) = self.peer.sign_last() else {
            return Ok(());
        };
        if let Some(store) = &mut self.store {
            store.append(&signed).map_err(save_failed)?;
        }
        self.send(link, &PeerMessage::Entry(signed)).await
    }

    /// Writes this seat's next entry if it needs no human: a protocol step, a queued
    /// concession, or the autopilot's choice. `Ok(true)` when one was written.
    async fn write_own(&mut self, link: &mut Option<Link>) -> Result<bool, Stop> {
        let seat = self.peer.seat();
        if self.peer.awaiting().0 != Some(seat) {
            return Ok(false);
        }
        let duel_running = self.peer.duel().is_some_and(|d| !d.is_over());
        if let Some(until) = self.config.autopilot_until_turn
            && self.autopilot
            && self.peer.duel().is_some_and(|d| d.state().turn >= until)
        {
            self.autopilot = false;
            self.autopilot_wait = None;
            self.config.autopilot_until_turn = None;
            self.publish();
        }
        let written = if self.conceding && duel_running {
            self.conceding = false;
            Some(self.peer.decide(Action::Concede))
        } else if let Some(written) = self.peer.next_automatic() {
            Some(written)
        } else if self.autopilot && self.peer.needs_decision() && self.autopilot_may_act() {
            self.autopilot_wait = None;
            let legal = self.peer.legal_actions();
            match self.peer.duel() {
                Some(duel) if !legal.is_empty() => {
                    let pick = self.bot.choose(duel, seat, self.peer.knowledge(), &legal);
                    let action = legal[pick.min(legal.len() - 1)].clone();
                    Some(self.peer.decide(action))
                }
                _ => None,
            }
        } else {
            None
        };
        match written {
            None => Ok(false),
            Some(Ok((signed, events))) => {
                self.accepted(&signed, &events)?;
                self.send(link, &PeerMessage::Entry(signed)).await?;
                self.publish();
                Ok(true)
            }
            Some(Err(error)) => Err(Stop::Failed(format!(
                "this program could not write its own entry ({error}); this is a bug in FairDuel — the match is saved and can be resumed"
            ))),
        }
    }

    /// Whether the autopilot's pause before the current decision is over; starts the pause
    /// when this decision is new.
    fn autopilot_may_act(&mut self) -> bool {
        let full = self.config.autopilot_pause;
        let pause = match self.peer.duel().map(Duel::awaiting) {
            Some(Awaiting::Decision {
                decision: Decision::Main,
                ..
            }) => full,
            _ => full / 3,
        };
        if pause.is_zero() {
            return true;
        }
        let entries = self.entries();
        match self.autopilot_wait {
            Some((at, until)) if at == entries => Instant::now() >= until,
            _ => {
                self.autopilot_wait = Some((entries, Instant::now() + pause));
                false
            }
        }
    }

    async fn handle_command(
        &mut self,
        command: Command,
        link: &mut Option<Link>,
    ) -> Result<(), Stop> {
        match command {
            Command::Act(action) => {
                if self.autopilot {
                    self.refuse(
                        action.kind(),
                        "the autopilot is playing your seat; switch it off to play yourself"
                            .to_owned(),
                    );
                    return Ok(());
                }
                if !self.peer.needs_decision() {
                    let reason = if self.peer.duel().is_some_and(Duel::is_over) {
                        "the duel is over"
                    } else {
                        "it is not your decision"
                    };
                    self.refuse(action.kind(), reason.to_owned());
                    return Ok(());
                }
                match self.peer.decide(action.clone()) {
                    Ok((signed, events)) => {
                        self.accepted(&signed, &events)?;
                        self.send(link, &PeerMessage::Entry(signed)).await?;
                        self.publish();
                    }
                    Err(error) => self.refuse(action.kind(), error.to_string()),
                }
            }
            Command::Concede => {
                if self.peer.duel().is_some_and(Duel::is_over) {
                    self.refuse("concede", "the duel is already over".to_owned());
                } else {
                    self.conceding = true;
                }
            }
            Command::Autopilot(on) => {
                self.autopilot = on;
                if !on {
                    self.config.autopilot_until_turn = None;
                    self.autopilot_wait = None;
                }
                self.publish();
            }
            Command::Leave => {}
        }
        Ok(())
    }

    async fn handle_message(
        &mut self,
        message: PeerMessage,
        link: &mut Option<Link>,
    ) -> Result<(), Stop> {
        match message {
            PeerMessage::Heartbeat => Ok(()),
            PeerMessage::Sync { entries } => {
                for entry in self.entries_after(entries) {
                    self.send(link, &PeerMessage::Entry(entry)).await?;
                }
                Ok(())
            }
            PeerMessage::Entry(signed) => self.receive(signed, link).await,
            PeerMessage::Desync { seq, state } => {
                let ours = self.state_after(seq);
                if self.desync_sent != Some(seq)
                    && let Some(ours) = &ours
                {
                    let message = PeerMessage::Desync {
                        seq,
                        state: Box::new(ours.state().clone()),
                    };
                    // Best effort: the report is written whether or not it arrives.
                    let _ = self.send(link, &message).await;
                }
                let differences = ours
                    .map(|ours| state_differences(ours.state(), &state))
                    .unwrap_or_default();
                Err(self.desync(seq, differences))
            }
            PeerMessage::Goodbye { finished } => {
                if self.peer.is_complete() {
                    return Ok(());
                }
                let reason = if finished {
                    "the other player's program says the match is over, but this log is not complete"
                } else {
                    "the other player left the match (it is saved on both sides and can be resumed)"
                };
                self.relink(link, reason).await
            }
        }
    }

    async fn receive(
        &mut self,
        signed: SignedEnvelope,
        link: &mut Option<Link>,
    ) -> Result<(), Stop> {
        let before = self.peer.log().entries().len();
        let mut told = Told {
            history: &mut self.history,
            lines: &mut self.pending_log,
            last_action: &mut self.last_action,
            verified: 0,
            reveals: 0,
        };
        let result = self.peer.receive_observed(&signed, &mut told);
        let (verified, reveals) = (told.verified, told.reveals);
        // What joined the log (a whole run once its signature came; on a refusal, the part
        // of the run before the refused entry) is saved before anything acts on it.
        self.save_joined(before)?;
        self.fairness.entries_verified += verified;
        self.fairness.reveals_verified += reveals;
        if verified > 0 {
            self.agree();
        }
        match result {
            Ok(committed) => {
                if !committed.is_empty() {
                    self.publish();
                }
                Ok(())
            }
            Err(Rejected {
                violation: Violation::Replayed { .. },
                ..
            }) => Ok(()),
            Err(
                rejected @ Rejected {
                    violation: Violation::StateHashMismatch { .. },
                    ..
                },
            ) => {
                let seq = rejected.seq.unwrap_or_else(|| self.entries());
                let refused = rejected.signed_run.first().unwrap_or(&signed);
                let ours = self.peer.log().duel_if_applied(refused);
                if let Some(ours) = &ours {
                    let message = PeerMessage::Desync {
                        seq,
                        state: Box::new(ours.state().clone()),
                    };
                    self.desync_sent = Some(seq);
                    let _ = self.send(link, &message).await;
                }
                // Wait (briefly) for theirs, to name the fields.
                let theirs = self.await_desync_state(link, seq).await;
                let differences = match (&ours, &theirs) {
                    (Some(ours), Some(theirs)) => state_differences(ours.state(), theirs),
                    _ => Vec::new(),
                };
                Err(self.desync(seq, differences))
            }
            Err(Rejected {
                violation: Violation::WrongSeq { expected, got },
                ..
            }) if got > expected => {
                // Entries are missing (a reconnection overlapped): ask again from what we
                // hold.
                let have = self.entries();
                self.send(link, &PeerMessage::Sync { entries: have }).await
            }
            Err(rejected) => {
                if rejected.is_proven() {
                    let saved = self.save_record();
                    let where_ = match &saved {
                        Ok(path) => format!(
                            "the record with the signed evidence is saved at {}",
                            path.display()
                        ),
                        Err(error) => format!("the record could not be saved: {error}"),
                    };
                    return Err(Stop::Failed(format!(
                        "the other player sent a signed entry that breaks the rules ({rejected}). The match is stopped; {where_}; `fairduel verify` on it names the cheater."
                    )));
                }
                self.updates.send(Update::Warning(format!(
                    "refused an entry from the other side ({rejected}); that connection was closed and the log is unchanged"
                )));
                self.relink(
                    link,
                    "the other side sent an entry that could not be accepted",
                )
                .await
            }
        }
    }

    /// Appends the log's entries from `from` on to the match file.
    fn save_joined(&mut self, from: usize) -> Result<(), Stop> {
        let Some(store) = &mut self.store else {
            return Ok(());
        };
        for entry in self.peer.log().entries().get(from..).unwrap_or_default() {
            store.append(entry).map_err(save_failed)?;
        }
        Ok(())
    }

    async fn await_desync_state(
        &mut self,
        link: &mut Option<Link>,
        seq: u64,
    ) -> Option<Box<DuelState>> {
        let active = link.as_mut()?;
        tokio::time::timeout(Duration::from_secs(10), async {
            while let Some(incoming) = active.incoming.recv().await {
                if let Incoming::Message(message) = incoming
                    && let PeerMessage::Desync { seq: theirs, state } = *message
                    && theirs == seq
                {
                    return Some(state);
                }
            }
            None
        })
        .await
        .ok()
        .flatten()
    }

    fn desync(&mut self, seq: u64, differences: Vec<FieldDifference>) -> Stop {
        let mut report = DesyncReport {
            seq,
            differences,
            file: Err("no folder for reports was configured".to_owned()),
        };
        if let Some(dir) = &self.config.reports_dir {
            let path = dir.join(format!(
                "desync-{}-seat{}-entry{seq}.txt",
                &hex(&self.peer.log().match_id().0)[..16],
                self.peer.seat().0
            ));
            report.file = std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&path, report.text()))
                .map(|()| path)
                .map_err(|e| e.to_string());
        }
        let names: Vec<&str> = report
            .differences
            .iter()
            .map(|d| d.field.as_str())
            .collect();
        let where_ = match &report.file {
            Ok(path) => format!("; the report is at {}", path.display()),
            Err(_) => String::new(),
        };
        let message = format!(
            "The match stopped: after entry {seq} the two programs disagree about the state ({}){where_}. Neither side is accused: this is a bug or a modified program. The match file is kept.",
            if names.is_empty() {
                "the differing fields could not be named".to_owned()
            } else {
                format!("differing: {}", names.join(", "))
            }
        );
        self.updates.send(Update::Desync(Box::new(report)));
        Stop::Failed(message)
    }

    /// Bookkeeping for an entry of ours now in the log: save it, remember the state,
    /// describe it. (The other side's entries get theirs from [`Told`] as they join.) An
    /// entry of ours is agreed once the other side writes on top of it.
    fn accepted(&mut self, signed: &SignedEnvelope, events: &[Event]) -> Result<(), Stop> {
        if let Some(store) = &mut self.store {
            store.append(signed).map_err(save_failed)?;
        }
        let envelope = signed.open().ok();
        let before = self.history.back().map(|(_, duel)| duel.clone());
        self.remember_state();
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

    fn agree(&mut self) {
        self.fairness.agreed_entries = self.entries();
        self.fairness.agreed_state = self.peer.log().state_hash().short();
    }

    fn remember_state(&mut self) {
        if let Some(duel) = self.peer.duel() {
            if self.history.len() == HISTORY {
                self.history.pop_front();
            }
            self.history.push_back((self.entries(), duel.clone()));
        }
    }

    /// Our duel after entry `seq` (counting from 0), if still remembered.
    fn state_after(&self, seq: u64) -> Option<Duel> {
        self.history
            .iter()
            .find(|(entries, _)| *entries == seq + 1)
            .map(|(_, duel)| duel.clone())
    }

    async fn send(&mut self, link: &mut Option<Link>, message: &PeerMessage) -> Result<(), Stop> {
        let Some(active) = link.as_mut() else {
            // Nothing to send on: the entry is saved and goes out after reconnecting.
            return Ok(());
        };
        match active.send(message).await {
            Ok(()) => {
                self.last_sent = Instant::now();
                Ok(())
            }
            Err(reason) => self.relink(link, &reason).await,
        }
    }

    /// Gets the link back after it broke: the host waits for the opponent, the joiner
    /// dials again, until [`DriverConfig::reconnect_for`] runs out.
    async fn relink(&mut self, link: &mut Option<Link>, reason: &str) -> Result<(), Stop> {
        let deadline = Instant::now() + self.config.reconnect_for;
        self.relink_until(link, reason, deadline).await
    }

    async fn relink_until(
        &mut self,
        link: &mut Option<Link>,
        reason: &str,
        deadline: Instant,
    ) -> Result<(), Stop> {
        if let Some(old) = link.take() {
            old.close("reconnecting").await;
        }
        self.fairness.connection = None;
        self.live_link = None;
        self.updates.send(Update::Link(LinkStatus::Lost {
            reason: reason.to_owned(),
        }));
        let match_id = self.peer.log().match_id().0;
        let opponent = self.opponent_key();
        let connection = loop {
            let attempt = async {
                match &self.reconnect {
                    Reconnect::Never => None,
                    Reconnect::Accept(host) => {
                        host.allow_resume(match_id, opponent);
                        match host.accept().await {
                            Ok(connection) if connection.link().remote_key_bytes() == opponent => {
                                Some(Ok(connection))
                            }
                            Ok(other) => {
                                other
                                    .close("this match is in progress with someone else")
                                    .await;
                                Some(Err("someone else connected".to_owned()))
                            }
                            Err(error) => Some(Err(error.to_string())),
                        }
                    }
                    Reconnect::Dial(redial) => Some(
                        rejoin(
                            &redial.endpoint,
                            &redial.host,
                            match_id,
                            redial.hello.clone(),
                        )
                        .await
                        .map_err(|e| e.to_string()),
                    ),
                }
            };
            let outcome = tokio::select! {
                outcome = attempt => outcome,
                () = tokio::time::sleep_until(deadline) => None,
                command = self.commands.recv(), if !self.commands_closed => {
                    match command {
                        Some(Command::Leave) | None => return Err(Stop::Left),
                        Some(Command::Concede) => { self.conceding = true; continue; }
                        Some(Command::Autopilot(on)) => { self.autopilot = on; continue; }
                        Some(Command::Act(action)) => {
                            self.refuse(action.kind(), "the connection to the other player is being restored".to_owned());
                            continue;
                        }
                    }
                }
            };
            match outcome {
                Some(Ok(connection)) => break connection,
                Some(Err(_)) if Instant::now() < deadline => {
                    tokio::time::sleep(Duration::from_millis(500)).await;
                }
                _ => {
                    // Say only what happened: a session without reconnection did not
                    // try, and one without a match file cannot be resumed.
                    let lost = if matches!(self.reconnect, Reconnect::Never) {
                        format!(
                            "lost the connection to the other player ({reason}); this session does not reconnect."
                        )
                    } else {
                        format!(
                            "lost the connection to the other player ({reason}) and could not get it back within {} seconds.",
                            self.config.reconnect_for.as_secs()
                        )
                    };
                    let saved = if self.store.is_some() {
                        format!(
                            "The match is saved: when you are both back, resume it from Unfinished matches in the app, or with `fairduel resume {}`",
                            &hex(&match_id)[..12]
                        )
                    } else {
                        "This match was not saved to a file, so it cannot be resumed".to_owned()
                    };
                    return Err(Stop::Failed(format!("{lost} {saved}")));
                }
            }
        };
        self.adopt(link, connection).await
    }

    fn opponent_key(&self) -> [u8; 32] {
        self.peer
            .log()
            .key(first_other_seat(self.peer.seat()))
            .map(|k| k.0)
            .unwrap_or_default()
    }

    /// Takes a new connection as the link and asks for what we missed.
    async fn adopt(
        &mut self,
        link: &mut Option<Link>,
        connection: MatchConnection,
    ) -> Result<(), Stop> {
        let mut fresh = Link::open(Wire::Iroh(Box::new(connection)));
        let info = fresh.connection_info();
        self.live_link = fresh.info.clone();
        self.learn_opponent_name();
        if fresh
            .send(&PeerMessage::Sync {
                entries: self.entries(),
            })
            .await
            .is_err()
        {
            // Broke again at once: the next loop turn sees it and tries again.
        }
        self.last_heard = Instant::now();
        self.last_sent = Instant::now();
        *link = Some(fresh);
        if let Some(info) = info {
            self.fairness.connection = Some(info.clone());
            self.updates
                .send(Update::Link(LinkStatus::Reconnected(info)));
        }
        self.publish();
        Ok(())
    }

    /// The other player's chosen name from the current connection's greeting, cleaned once.
    fn learn_opponent_name(&mut self) {
        if let Some(live) = &self.live_link {
            self.fairness.opponent_name = display_name(&live.peer_hello().player_name);
        }
    }

    fn refuse(&self, command: &str, reason: String) {
        self.updates.send(Update::Refused {
            command: command.to_owned(),
            reason,
        });
    }

    fn publish(&mut self) {
        let Some(duel) = self.peer.duel() else {
            return;
        };
        let deciding = duel.awaiting().seat();
        if let Some(live) = &self.live_link {
            self.fairness.connection = Some(live.info());
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
        };
        self.updates.send(Update::View(Box::new(view)));
    }

    fn save_record(&self) -> Result<PathBuf, String> {
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

    fn finish(&mut self) {
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

/// A match file that cannot be written stops the match: nothing may be sent that is not
/// saved.
fn save_failed(error: crate::store::StoreError) -> Stop {
    Stop::Failed(format!(
        "could not save the match ({error}); it was stopped so nothing is sent that is not saved. Free some disk space, then resume it (Unfinished matches in the app, or `fairduel resume`)"
    ))
}

/// Plain words for a verdict.
/// The other seat of a two-seat match.
fn first_other_seat(seat: Seat) -> Seat {
    Seat(u8::from(seat.0 == 0))
}

pub fn verdict_text(verdict: &SeatVerdict) -> String {
    match verdict {
        SeatVerdict::Verified => "verified: played fairly".to_owned(),
        SeatVerdict::Cheated { seq, what } => format!("CHEATED at entry {seq}: {what}"),
        SeatVerdict::Withheld => "withheld its secrets at the end (counts as a loss)".to_owned(),
    }
}
