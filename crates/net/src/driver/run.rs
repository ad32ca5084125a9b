//! The driver's task: writing this seat's entries, taking the other seats', keeping every
//! link up, and stopping.

use std::collections::VecDeque;
use std::time::Duration;

use fairduel_engine::{Action, Awaiting, Decision, Duel, Seat};
use fairduel_protocol::{Peer, Rejected, SignedEnvelope, Violation};
use fairduel_sim::{Bot, GreedyBot};
use tokio::sync::mpsc;
use tokio::time::Instant;

use super::links::{Arrival, Link, Slot, Tagged, spawn_acceptor, spawn_dial};
use super::view::Told;
use super::{
    Command, DriverConfig, Fairness, Incoming, LinkStatus, LogLine, Mesh, PeerMessage, Stop,
    Update, UpdateSink, Wire,
};
use crate::session::MatchConnection;
use crate::store::{MatchStore, hex};

pub(super) struct Driver {
    pub(super) peer: Peer,
    pub(super) store: Option<MatchStore>,
    mesh: Mesh,
    pub(super) config: DriverConfig,
    commands: mpsc::UnboundedReceiver<Command>,
    pub(super) updates: UpdateSink,
    bot: GreedyBot,
    pub(super) autopilot: bool,
    conceding: bool,
    pub(super) fairness: Fairness,
    pub(super) pending_log: Vec<LogLine>,
    pub(super) last_action: Option<(Seat, Action)>,
    pub(super) history: VecDeque<(u64, Duel)>,
    /// Our state was already sent for this desync.
    pub(super) desync_sent: Option<u64>,
    /// The links, by seat (this seat's own slot stays empty).
    pub(super) slots: Vec<Option<Slot>>,
    /// What every link's reader hands over.
    pub(super) incoming_tx: mpsc::UnboundedSender<Tagged>,
    pub(super) incoming: mpsc::UnboundedReceiver<Tagged>,
    /// Connections the acceptor took or a dialer made.
    arrivals_tx: mpsc::UnboundedSender<Arrival>,
    arrivals: mpsc::UnboundedReceiver<Arrival>,
    acceptor: Option<tokio::task::JoinHandle<()>>,
    /// The autopilot may decide at this entry count once this instant has passed.
    autopilot_wait: Option<(u64, Instant)>,
    commands_closed: bool,
    /// Which seat the log waits for, since when (see `abandon.rs`).
    pub(super) owed: Option<super::abandon::Owed>,
    /// Other seats' signed concessions, to relay at this seat's next decision.
    resignations: Vec<fairduel_protocol::Resignation>,
}

impl Driver {
    pub(super) fn new(
        peer: Peer,
        store: Option<MatchStore>,
        mesh: Mesh,
        config: DriverConfig,
        commands: mpsc::UnboundedReceiver<Command>,
        updates: UpdateSink,
    ) -> Driver {
        let me = peer.seat();
        let log = peer.log();
        let slots: Vec<Option<Slot>> = (0..log.seats())
            .map(|i| {
                let seat = Seat(i as u8);
                (seat != me)
                    .then(|| log.key(seat).map(|k| Slot::new(k.0)))
                    .flatten()
            })
            .collect();
        let peers = (0..log.seats())
            .map(|i| Seat(i as u8))
            .filter(|s| *s != me)
            .map(|seat| super::PeerStatus {
                seat,
                key: log.key(seat).map(|k| k.fingerprint()).unwrap_or_default(),
                ..super::PeerStatus::default()
            })
            .collect();
        let (incoming_tx, incoming) = mpsc::unbounded_channel();
        let (arrivals_tx, arrivals) = mpsc::unbounded_channel();
        let mut driver = Driver {
            bot: GreedyBot::new(config.bot_seed),
            autopilot: config.autopilot,
            peer,
            store,
            mesh,
            config,
            commands,
            updates,
            conceding: false,
            fairness: Fairness {
                peers,
                ..Fairness::default()
            },
            pending_log: Vec::new(),
            last_action: None,
            history: VecDeque::new(),
            desync_sent: None,
            slots,
            incoming_tx,
            incoming,
            arrivals_tx,
            arrivals,
            acceptor: None,
            autopilot_wait: None,
            commands_closed: false,
            owed: None,
            resignations: Vec::new(),
        };
        driver.remember_state();
        driver.agree();
        driver
    }

    pub(super) async fn run(mut self, wires: Vec<(Seat, Wire)>) {
        for (seat, wire) in wires {
            self.install(seat, wire, false);
        }
        if let Some(host) = self.mesh.listener.clone() {
            let keys: Vec<(Seat, [u8; 32])> = self
                .slots
                .iter()
                .enumerate()
                .filter_map(|(i, slot)| Some((Seat(i as u8), slot.as_ref()?.key)))
                .collect();
            self.acceptor = Some(spawn_acceptor(
                host,
                self.peer.log().match_id().0,
                keys,
                self.arrivals_tx.clone(),
            ));
        }
        self.publish();
        let stop = self.play().await;
        let finished = matches!(stop, Stop::Finished);
        if finished {
            self.linger().await;
        }
        self.send_all(&PeerMessage::Goodbye { finished }).await;
        // Every link is closed at once: each waits (briefly) for what was sent to arrive,
        // and one seat that has already gone must not hold up the others' goodbyes.
        let reason = if finished { "match finished" } else { "left" };
        let mut closing = tokio::task::JoinSet::new();
        for slot in self.slots.iter_mut().flatten() {
            slot.stop_dialing();
            if let Some(link) = slot.link.take() {
                closing.spawn(link.close(reason));
            }
        }
        while closing.join_next().await.is_some() {}
        if let Some(acceptor) = self.acceptor.take() {
            acceptor.abort();
        }
        match stop {
            Stop::Finished | Stop::Left | Stop::Closed => {}
            Stop::Failed(reason) => self.updates.send(Update::Failed(reason)),
        }
    }

    async fn play(&mut self) -> Stop {
        let have = self.entries();
        self.send_all(&PeerMessage::Sync { entries: have }).await;
        for i in 0..self.slots.len() {
            self.show_again(Seat(i as u8)).await;
        }
        loop {
            if self.peer.is_complete() {
                self.finish();
                return Stop::Finished;
            }
            if let Err(stop) = self.check_links() {
                return stop;
            }
            if let Err(stop) = self.show_teammates().await {
                return stop;
            }
            match self.write_own().await {
                Ok(true) => continue,
                Ok(false) => {}
                Err(stop) => return stop,
            }
            if let Err(stop) = self.sign_before_waiting().await {
                return stop;
            }
            self.track_silence();
            let heartbeat_at =
                self.earliest(|s| s.link.as_ref().map(|_| s.last_sent)) + self.config.heartbeat;
            let silent_at =
                self.earliest(|s| s.link.as_ref().map(|_| s.last_heard)) + self.config.silence;
            let give_up_at = self.earliest(|s| s.down_since) + self.config.reconnect_for;
            let entries = self.entries();
            let autopilot_at = self
                .autopilot_wait
                .filter(|(at, _)| self.autopilot && *at == entries)
                .map(|(_, until)| until);
            tokio::select! {
                command = self.commands.recv(), if !self.commands_closed => {
                    match command {
                        Some(Command::Leave) => return Stop::Left,
                        Some(command) => {
                            if let Err(stop) = self.handle_command(command).await {
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
                Some((seat, generation, incoming)) = self.incoming.recv() => {
                    if !self.current(seat, generation) {
                        continue;
                    }
                    let result = match incoming {
                        Incoming::Message(message) => {
                            if let Some(slot) = self.slot_mut(seat) {
                                slot.last_heard = Instant::now();
                            }
                            self.handle_message(seat, *message).await
                        }
                        Incoming::Broken { reason, misbehaviour } => {
                            if misbehaviour {
                                self.updates.send(Update::Warning(format!(
                                    "{seat} sent bytes that are not a valid message ({reason}); that connection was closed and nothing it sent was used"
                                )));
                            }
                            self.link_lost(seat, &reason).await
                        }
                    };
                    if let Err(stop) = result {
                        return stop;
                    }
                }
                Some((seat, connection)) = self.arrivals.recv() => {
                    self.adopt(seat, connection).await;
                }
                () = async {
                    match autopilot_at {
                        Some(until) => tokio::time::sleep_until(until).await,
                        None => std::future::pending().await,
                    }
                } => {
                    // The autopilot's pause is over: the next turn of the loop decides.
                }
                () = tokio::time::sleep_until(heartbeat_at) => self.heartbeats().await,
                () = tokio::time::sleep_until(silent_at) => {
                    if let Err(stop) = self.silent_links().await {
                        return stop;
                    }
                }
                () = tokio::time::sleep_until(give_up_at) => {}
            }
        }
    }

    /// The earliest of a per-slot instant, or far in the future when no slot has one.
    fn earliest(&self, of: impl Fn(&Slot) -> Option<Instant>) -> Instant {
        self.slots
            .iter()
            .flatten()
            .filter_map(of)
            .min()
            .unwrap_or_else(|| Instant::now() + Duration::from_secs(24 * 3600))
    }

    /// Fails the session when a link stayed down too long; starts dialing the lower seats
    /// whose link is down.
    fn check_links(&mut self) -> Result<(), Stop> {
        let now = Instant::now();
        let me = self.peer.seat();
        let match_id = self.peer.log().match_id().0;
        let limit = self.config.reconnect_for;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            let seat = Seat(i as u8);
            let Some(since) = slot.down_since else {
                continue;
            };
            if now.duration_since(since) >= limit {
                let saved = saved_hint(self.store.is_some(), &match_id);
                let lost = if self.mesh.reconnects() {
                    format!(
                        "lost the connection to {seat} and could not get it back within {} seconds.",
                        limit.as_secs()
                    )
                } else {
                    format!("lost the connection to {seat}; this session does not reconnect.")
                };
                return Err(Stop::Failed(format!("{lost} {saved}")));
            }
            if let Some(dialer) = self.mesh.dialer.clone()
                && (seat < me || dialer.every_seat)
                && slot.dialing.as_ref().is_none_or(|task| task.is_finished())
            {
                slot.dialing = spawn_dial(dialer, seat, match_id, self.arrivals_tx.clone());
            }
        }
        Ok(())
    }

    pub(super) fn entries(&self) -> u64 {
        self.peer.log().entries().len() as u64
    }

    /// A person is to decide next for this seat: if our last entry went out unsigned (in
    /// the middle of our run), sign it now, save and send the signed copy, so the others
    /// can take our run so far instead of waiting for its end. Also what a restarted
    /// session does with an unsigned last entry from before the crash.
    /// An autopilot that pauses before deciding (so a person can watch it) signs too: the
    /// people on the other seats then see each move as it is made.
    async fn sign_before_waiting(&mut self) -> Result<(), Stop> {
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
        self.send_all(&PeerMessage::Entry(signed)).await;
        Ok(())
    }

    /// Writes this seat's next entry if it needs no human: a protocol step, a queued
    /// concession, or the autopilot's choice. `Ok(true)` when one was written.
    async fn write_own(&mut self) -> Result<bool, Stop> {
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
        // A removed player's client still answers what the protocol asks of it (draw
        // openings for decks it permuted), on its own.
        let removed = self
            .peer
            .duel()
            .is_some_and(|d| d.state().table.is_removed(seat));
        let relay = self
            .resignations
            .iter()
            .position(|r| self.peer.needs_decision() && self.peer.check_resignation(r).is_ok());
        let written = if self.conceding && duel_running && !removed {
            self.conceding = false;
            Some(self.peer.decide(Action::Concede))
        } else if let Some(index) = relay {
            let resignation = self.resignations.remove(index);
            Some(self.peer.relay_resignation(resignation))
        } else if let Some(written) = self.peer.next_automatic() {
            Some(written)
        } else if (self.autopilot || removed)
            && self.peer.needs_decision()
            && self.autopilot_may_act()
        {
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
                self.send_all(&PeerMessage::Entry(signed)).await;
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

    async fn handle_command(&mut self, command: Command) -> Result<(), Stop> {
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
                        self.send_all(&PeerMessage::Entry(signed)).await;
                        self.publish();
                    }
                    Err(error) => self.refuse(action.kind(), error.to_string()),
                }
            }
            Command::Concede => {
                if self.peer.duel().is_some_and(Duel::is_over) {
                    self.refuse("concede", "the duel is already over".to_owned());
                } else {
                    // Written by this seat if the log comes to it first; relayed by the
                    // seat deciding otherwise, whichever happens sooner.
                    self.conceding = true;
                    if self.peer.awaiting().0 != Some(self.peer.seat()) {
                        let resignation = self.peer.resign();
                        self.send_all(&PeerMessage::Resign(resignation)).await;
                    }
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
            Command::CloseAbandoned => match self.close_abandoned() {
                Ok(()) => return Err(Stop::Closed),
                Err(reason) => self.refuse("close", reason),
            },
            Command::Leave => {}
        }
        Ok(())
    }

    async fn handle_message(&mut self, from: Seat, message: PeerMessage) -> Result<(), Stop> {
        match message {
            PeerMessage::Heartbeat
            | PeerMessage::Arrived { .. }
            | PeerMessage::Waiting { .. }
            | PeerMessage::Table { .. } => Ok(()),
            PeerMessage::Sync { entries } => {
                for entry in self.entries_after(entries) {
                    self.send_to(from, &PeerMessage::Entry(entry)).await;
                }
                Ok(())
            }
            PeerMessage::Entry(signed) => self.receive(from, signed).await,
            PeerMessage::Resign(resignation) => {
                self.take_resignation(resignation);
                Ok(())
            }
            PeerMessage::Disclose(disclosure) => self.shown(from, disclosure),
            PeerMessage::Desync { seq, state } => Err(self.answer_desync(from, seq, state).await),
            PeerMessage::Goodbye { finished } => {
                if let Some(slot) = self.slot_mut(from) {
                    slot.finished = finished;
                }
                if self.peer.is_complete() {
                    return Ok(());
                }
                if finished {
                    // It finished and lingers: it holds what we miss.
                    let have = self.entries();
                    self.send_to(from, &PeerMessage::Sync { entries: have })
                        .await;
                    return Ok(());
                }
                self.link_lost(
                    from,
                    "that player left the match (it is saved on every side and can be resumed)",
                )
                .await
            }
        }
    }

    async fn receive(&mut self, from: Seat, signed: SignedEnvelope) -> Result<(), Stop> {
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
                    self.relay_signed(from, before).await;
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
            ) => Err(self.start_desync(&rejected, &signed).await),
            Err(Rejected {
                violation: Violation::WrongSeq { expected, got },
                ..
            }) if got > expected => {
                // Entries are missing (they are on their way from their author, or a
                // reconnection overlapped): ask the sender, which holds them, from what we
                // hold.
                let have = self.entries();
                self.send_to(from, &PeerMessage::Sync { entries: have })
                    .await;
                Ok(())
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
                        "a player sent a signed entry that breaks the rules ({rejected}). The match is stopped; {where_}; `fairduel verify` on it names the cheater."
                    )));
                }
                self.updates.send(Update::Warning(format!(
                    "refused an entry from {from} ({rejected}); that connection was closed and the log is unchanged"
                )));
                self.link_lost(from, "it sent an entry that could not be accepted")
                    .await
            }
        }
    }

    /// Passes the signed entries that joined the log from index `from_index` on to every
    /// seat other than the one they came from and their author. With more than two seats
    /// this is what makes a split view impossible to keep up: an author who signed one
    /// version for some seats and another for the rest is proven to have equivocated as
    /// soon as a relayed copy meets the other version, and a hand-off signature sent to one
    /// seat only still reaches everyone. (With two seats there is nobody to relay to.)
    async fn relay_signed(&mut self, from: Seat, from_index: usize) {
        let me = self.peer.seat();
        let joined: Vec<(Seat, SignedEnvelope)> = self
            .peer
            .log()
            .entries()
            .get(from_index..)
            .unwrap_or_default()
            .iter()
            .filter(|entry| entry.is_signed())
            .filter_map(|entry| Some((entry.open().ok()?.author, entry.clone())))
            .collect();
        for (author, entry) in joined {
            for i in 0..self.slots.len() {
                let seat = Seat(i as u8);
                if seat != me && seat != from && seat != author {
                    self.send_to(seat, &PeerMessage::Entry(entry.clone())).await;
                }
            }
        }
    }

    /// Shows each teammate the face-down cards of ours it has not seen yet (saved first, like
    /// an entry, so a continued match keeps them for its record).
    async fn show_teammates(&mut self) -> Result<(), Stop> {
        for disclosure in self.peer.disclosures_due() {
            if let Some(store) = &mut self.store {
                store.append_disclosure(&disclosure).map_err(save_failed)?;
            }
            self.send_to(disclosure.to, &PeerMessage::Disclose(disclosure))
                .await;
        }
        Ok(())
    }

    /// Shows `seat` again what we showed it before: after its link came back, or after
    /// this match was continued, it may have missed some.
    async fn show_again(&mut self, seat: Seat) {
        let me = self.peer.seat();
        let ours: Vec<_> = self
            .peer
            .disclosures()
            .iter()
            .filter(|d| d.from == me && d.to == seat)
            .copied()
            .collect();
        for disclosure in ours {
            self.send_to(seat, &PeerMessage::Disclose(disclosure)).await;
        }
    }

    /// A teammate showed us one of its face-down cards. One that breaks the rules is
    /// kept for the record (its signature proves who showed it) and reported.
    fn shown(&mut self, from: Seat, disclosure: fairduel_protocol::Disclosure) -> Result<(), Stop> {
        let known = self.peer.disclosures().len();
        let result = self.peer.receive_disclosure(&disclosure);
        if self.peer.disclosures().len() > known
            && let Some(store) = &mut self.store
        {
            store.append_disclosure(&disclosure).map_err(save_failed)?;
        }
        match result {
            Ok(()) => self.publish(),
            Err(error) => self.updates.send(Update::Warning(format!(
                "{from} sent a card to see that was not used: {error}"
            ))),
        }
        Ok(())
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

    /// Our entries after the first `count`: what a seat asked for with `Sync`.
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

    // ---------------------------------------------------------------- links

    pub(super) fn slot_mut(&mut self, seat: Seat) -> Option<&mut Slot> {
        self.slots.get_mut(seat.index())?.as_mut()
    }

    /// Whether a message tagged `generation` comes from `seat`'s current link.
    fn current(&self, seat: Seat, generation: u64) -> bool {
        self.slots
            .get(seat.index())
            .and_then(Option::as_ref)
            .is_some_and(|slot| slot.link.is_some() && slot.generation == generation)
    }

    /// Puts `wire` in as the link to `seat` (replacing any older one).
    fn install(&mut self, seat: Seat, wire: Wire, again: bool) -> Option<Link> {
        let incoming = self.incoming_tx.clone();
        let slot = self.slot_mut(seat)?;
        slot.generation += 1;
        let link = Link::open(wire, seat, slot.generation, incoming);
        let info = link.connection_info();
        let name = link
            .info
            .as_ref()
            .and_then(|l| crate::handshake::display_name(&l.peer_hello().player_name));
        let now = Instant::now();
        slot.last_heard = now;
        slot.last_sent = now;
        slot.down_since = None;
        slot.stop_dialing();
        let old = slot.link.replace(link);
        if let Some(status) = self.fairness.peers.iter_mut().find(|p| p.seat == seat) {
            status.linked = true;
            status.connection = info.clone();
            if name.is_some() {
                status.name = name;
            }
        }
        if let Some(info) = info {
            let status = if again {
                LinkStatus::Reconnected(info)
            } else {
                LinkStatus::Connected(info)
            };
            self.updates.send(Update::Link { seat, status });
        }
        old
    }

    /// Takes a connection with `seat` (it dialed us, or we it) as that seat's link and asks
    /// it for what we miss.
    async fn adopt(&mut self, seat: Seat, connection: MatchConnection) {
        let old = self.install(seat, Wire::Iroh(Box::new(connection)), true);
        if let Some(old) = old {
            old.close("replaced by a new connection").await;
        }
        let have = self.entries();
        self.send_to(seat, &PeerMessage::Sync { entries: have })
            .await;
        self.show_again(seat).await;
        if self.peer.is_complete() {
            self.send_to(seat, &PeerMessage::Goodbye { finished: true })
                .await;
        }
        self.publish();
    }

    /// The link to `seat` broke: close it and wait for it to come back (we dial the seats
    /// below ours; the ones above dial us). Without any way back, the session stops.
    pub(super) async fn link_lost(&mut self, seat: Seat, reason: &str) -> Result<(), Stop> {
        let Some(slot) = self.slot_mut(seat) else {
            return Ok(());
        };
        let Some(old) = slot.link.take() else {
            return Ok(());
        };
        slot.generation += 1;
        slot.down_since = Some(Instant::now());
        old.close("reconnecting").await;
        // Once our duel is over, a link that closes is most likely the other seat leaving
        // after its own end: the fairness panel keeps showing how the match was played.
        let over = self.peer.is_complete();
        if let Some(status) = self.fairness.peers.iter_mut().find(|p| p.seat == seat)
            && !over
        {
            status.linked = false;
            status.connection = None;
        }
        self.updates.send(Update::Link {
            seat,
            status: LinkStatus::Lost {
                reason: reason.to_owned(),
            },
        });
        if !self.mesh.reconnects() {
            let saved = saved_hint(self.store.is_some(), &self.peer.log().match_id().0);
            return Err(Stop::Failed(format!(
                "lost the connection to {seat} ({reason}); this session does not reconnect. {saved}"
            )));
        }
        self.publish();
        Ok(())
    }

    pub(super) async fn send_to(&mut self, seat: Seat, message: &PeerMessage) {
        let Some(slot) = self.slot_mut(seat) else {
            return;
        };
        let Some(link) = slot.link.as_mut() else {
            // Nothing to send on: the entry is saved and goes out after reconnecting.
            return;
        };
        match link.send(message).await {
            Ok(()) => slot.last_sent = Instant::now(),
            Err(reason) => {
                // The next loop turn sees the link down.
                let _ = self.link_lost(seat, &reason).await;
            }
        }
    }

    pub(super) async fn send_all(&mut self, message: &PeerMessage) {
        for i in 0..self.slots.len() {
            self.send_to(Seat(i as u8), message).await;
        }
    }

    async fn heartbeats(&mut self) {
        let due = Instant::now() - self.config.heartbeat;
        for i in 0..self.slots.len() {
            let seat = Seat(i as u8);
            let quiet = self
                .slots
                .get(i)
                .and_then(Option::as_ref)
                .is_some_and(|s| s.link.is_some() && s.last_sent <= due);
            if quiet {
                self.send_to(seat, &PeerMessage::Heartbeat).await;
            }
        }
    }

    async fn silent_links(&mut self) -> Result<(), Stop> {
        let due = Instant::now() - self.config.silence;
        for i in 0..self.slots.len() {
            let seat = Seat(i as u8);
            let silent = self
                .slots
                .get(i)
                .and_then(Option::as_ref)
                .is_some_and(|s| s.link.is_some() && s.last_heard <= due);
            if silent {
                let reason = format!(
                    "{seat} has been silent for {} seconds",
                    self.config.silence.as_secs()
                );
                self.link_lost(seat, &reason).await?;
            }
        }
        Ok(())
    }

    /// After finishing: our last entries may be what another seat still needs (it may even
    /// have crashed before saving them). Tell everyone we are done and stay, answering
    /// their requests, until each says it is done too or [`DriverConfig::reconnect_for`]
    /// runs out.
    async fn linger(&mut self) {
        let deadline = Instant::now() + self.config.reconnect_for;
        self.send_all(&PeerMessage::Goodbye { finished: true })
            .await;
        loop {
            let everyone_done = self.slots.iter().flatten().all(|s| s.finished);
            let anyone_reachable =
                self.mesh.reconnects() || self.slots.iter().flatten().any(|s| s.link.is_some());
            if everyone_done || !anyone_reachable || Instant::now() >= deadline {
                return;
            }
            // Dial the lower seats whose link is down (the deadline above bounds the wait).
            let _ = self.check_links();
            // A seat that crashed near the end may have missed nothing until now (the others
            // relayed its entries), so its dead link is only found out here: heartbeats and
            // the silence check go on while lingering, and a silent seat is dialed or awaited
            // again like during play.
            let heartbeat_at =
                self.earliest(|s| s.link.as_ref().map(|_| s.last_sent)) + self.config.heartbeat;
            let silent_at = self.earliest(|s| {
                s.link
                    .as_ref()
                    .filter(|_| !s.finished)
                    .map(|_| s.last_heard)
            }) + self.config.silence;
            tokio::select! {
                Some((seat, generation, incoming)) = self.incoming.recv() => {
                    if !self.current(seat, generation) {
                        continue;
                    }
                    if let (Incoming::Message(_), Some(slot)) = (&incoming, self.slot_mut(seat)) {
                        slot.last_heard = Instant::now();
                    }
                    match incoming {
                        Incoming::Message(message) => match *message {
                            PeerMessage::Goodbye { finished: true } => {
                                if let Some(slot) = self.slot_mut(seat) {
                                    slot.finished = true;
                                }
                            }
                            PeerMessage::Sync { entries } => {
                                for entry in self.entries_after(entries) {
                                    self.send_to(seat, &PeerMessage::Entry(entry)).await;
                                }
                                self.send_to(seat, &PeerMessage::Goodbye { finished: true }).await;
                            }
                            _ => {}
                        },
                        Incoming::Broken { reason, .. } => {
                            let _ = self.link_lost(seat, &reason).await;
                        }
                    }
                }
                Some((seat, connection)) = self.arrivals.recv() => {
                    self.adopt(seat, connection).await;
                }
                () = tokio::time::sleep_until(heartbeat_at) => self.heartbeats().await,
                () = tokio::time::sleep_until(silent_at) => {
                    // Lingering never fails the session: the match is already complete here.
                    let _ = self.silent_links().await;
                }
                () = tokio::time::sleep_until(deadline) => return,
            }
        }
    }

    /// Keeps another seat's concession to relay when this seat next decides, if it is
    /// genuine and not kept already; drops the ones whose seat is out by now.
    fn take_resignation(&mut self, resignation: fairduel_protocol::Resignation) {
        let peer = &self.peer;
        self.resignations
            .retain(|r| peer.check_resignation(r).is_ok() && r.seat != resignation.seat);
        let still_in = self
            .peer
            .duel()
            .is_some_and(|d| d.state().table.in_play(resignation.seat));
        match self.peer.check_resignation(&resignation) {
            Ok(()) => self.resignations.push(resignation),
            // Already relayed by another seat: nothing to do.
            Err(_) if !still_in => {}
            Err(why) => self.updates.send(Update::Warning(format!(
                "a concession in {}'s name cannot be used ({why}); it was dropped",
                resignation.seat
            ))),
        }
    }

    pub(super) fn refuse(&self, command: &str, reason: String) {
        self.updates.send(Update::Refused {
            command: command.to_owned(),
            reason,
        });
    }
}

/// A match file that cannot be written stops the match: nothing may be sent that is not
/// saved.
pub(super) fn save_failed(error: crate::store::StoreError) -> Stop {
    Stop::Failed(format!(
        "could not save the match ({error}); it was stopped so nothing is sent that is not saved. Free some disk space, then resume it (Unfinished matches in the app, or `fairduel resume`)"
    ))
}

/// What a player whose session stopped can do about it.
fn saved_hint(saved: bool, match_id: &[u8; 32]) -> String {
    if saved {
        format!(
            "The match is saved: when everyone is back, resume it from Unfinished matches in the app, or with `fairduel resume {}`",
            &hex(match_id)[..12]
        )
    } else {
        "This match was not saved to a file, so it cannot be resumed".to_owned()
    }
}
