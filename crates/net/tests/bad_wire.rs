//! Bad input on the wire, over real iroh endpoints on loopback: one side is an honest
//! session driver, the other is this test holding the raw match connection (and the real
//! protocol peer of that seat, so it can also sign). Each case checks what the honest
//! player would notice — a warning or a stop with a plain message, the connection closed —
//! and that the honest log did not change (its match file, and the view after the link is
//! back).
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::{Action, Cell, Digest32, Rules, Seat};
use fairduel_net::driver::{
    Command, DriverConfig, LinkStatus, Mesh, PeerMessage, SeatView, SessionHandle, Update, Wire,
    spawn_session,
};
use fairduel_net::store::{Durability, MatchMeta, MatchStore, SavedDeck};
use fairduel_net::{
    EndpointAddr, EndpointOptions, FrameError, FrameReceiver, FrameSender, Hello, Host,
    HostOptions, MAX_FRAME_BYTES, MatchConnection, PlayerEndpoint, Role, join, rejoin,
};
use fairduel_protocol::{
    Body, Envelope, Identity, MatchRecord, Peer, SeatVerdict, SecretStream, SignedEnvelope,
};

const FORMAT: &str = "kairu-dotr";
/// How long the honest side waits for the other to come back before it gives up.
const RECONNECT_FOR: Duration = Duration::from_secs(3);
/// How long any one expected thing may take on loopback.
const PROMPT: Duration = Duration::from_secs(10);

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-badwire-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn hello(rules: &Rules) -> Hello {
    Hello::new(
        u32::from(fairduel_protocol::PROTOCOL_VERSION),
        "test",
        rules.format.hash().0,
        rules.pool.hash().0,
    )
}

/// The endpoint keys are the players' signing keys, as in play.
fn secret(seat: u8, seed: u64) -> [u8; 32] {
    let mut bytes = [seat + 90; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes
}

/// How the honest side gets a lost link back.
#[derive(Clone, Copy)]
enum Back {
    /// The honest host waits (for [`RECONNECT_FOR`]) for the same opponent to rejoin.
    Accept,
    /// No reconnection: losing the link ends the honest session.
    Never,
}

/// An honest host driving seat 0 over loopback, and the raw other end.
struct Rig {
    dir: PathBuf,
    rules: Arc<Rules>,
    honest: SessionHandle,
    /// The honest side's match file.
    file: PathBuf,
    /// Seat 1's real peer, held by the test: it signs with the key the honest side expects.
    opponent: Peer,
    tx: FrameSender,
    rx: FrameReceiver,
    /// Entries in the log when the bad input starts, and the state hash after them.
    entries: u64,
    state: Digest32,
    match_id: [u8; 32],
    joiner_endpoint: PlayerEndpoint,
    host_addr: EndpointAddr,
    _host_endpoint: PlayerEndpoint,
}

impl Rig {
    async fn new(name: &str, seed: u64, back: Back) -> Rig {
        let (rules, decks) = common::load(FORMAT);
        let dir = temp_dir(name);
        let pair = common::pairing(&decks, seed);
        let host_id = Identity::from_secret_bytes(secret(0, seed));
        let guest_id = Identity::from_secret_bytes(secret(1, seed));
        let (mut host_peer, first) = Peer::host(
            host_id.clone(),
            Arc::clone(&rules),
            FORMAT,
            pair[0],
            &[guest_id.public()],
            SecretStream::from_number(seed * 2),
        )
        .unwrap();
        let mut guest_peer = Peer::join(
            guest_id.clone(),
            Arc::clone(&rules),
            pair[1],
            &first,
            SecretStream::from_number(seed * 2 + 1),
        )
        .unwrap();
        // Set up in memory until seat 1 (the test's seat) must decide in the duel: from
        // then on the honest side waits for what arrives on the wire.
        {
            let peers = [&mut host_peer, &mut guest_peer];
            loop {
                let seat = peers[0].awaiting().0.unwrap();
                if seat == Seat(1) && peers[1].needs_decision() {
                    break;
                }
                let i = seat.index();
                let (entry, _) = match peers[i].next_automatic() {
                    Some(written) => written.unwrap(),
                    None => {
                        let action = cheapest(&peers[i].legal_actions());
                        peers[i].decide(action).unwrap()
                    }
                };
                peers[1 - i].receive(&entry).unwrap();
            }
        }
        // Seat 1 is about to decide as a person would: it signs what it wrote of its run so
        // far (its checkpoint), so the honest side holds the same log.
        if let Some(signed) = guest_peer.sign_last() {
            host_peer.receive(&signed).unwrap();
        }
        assert_eq!(host_peer.log().entries(), guest_peer.log().entries());
        let match_id = host_peer.log().match_id().0;
        let meta = MatchMeta {
            match_id,
            format_name: FORMAT.to_owned(),
            role: Role::Host,
            seat: Seat(0),
            deck: SavedDeck::from(pair[0]),
            secret_seed: [0; 32],
            own_key: host_id.public().0,
            listening: vec![None, None],
            listen_port: 0,
        };
        let mut store =
            MatchStore::create(&dir.join("matches"), &meta, &first, Durability::Flush).unwrap();
        for entry in &host_peer.log().entries()[1..] {
            store.append(entry).unwrap();
        }
        let file = store.path().to_owned();

        let host_endpoint = PlayerEndpoint::bind(secret(0, seed), EndpointOptions::loopback())
            .await
            .unwrap();
        let joiner_endpoint = PlayerEndpoint::bind(secret(1, seed), EndpointOptions::loopback())
            .await
            .unwrap();
        let (ticket, host) = Host::bind(&host_endpoint, hello(&rules), HostOptions::default())
            .await
            .unwrap();
        let host = Arc::new(host);
        let (accepted, joined) = tokio::join!(
            host.accept(),
            join(&joiner_endpoint, &ticket, hello(&rules))
        );
        let mesh = match back {
            Back::Accept => Mesh {
                listener: Some(Arc::clone(&host)),
                dialer: None,
            },
            Back::Never => Mesh::in_memory(),
        };
        let config = DriverConfig {
            autopilot: true,
            bot_seed: seed,
            reconnect_for: RECONNECT_FOR,
            records_dir: Some(dir.join("records")),
            reports_dir: Some(dir.join("reports")),
            ..DriverConfig::default()
        };
        let entries = host_peer.log().entries().len() as u64;
        let mut honest = spawn_session(
            host_peer,
            Some(store),
            vec![(Seat(1), Wire::Iroh(Box::new(accepted.unwrap())))],
            mesh,
            config,
            None,
        );
        let view = next_view(&mut honest).await;
        assert_eq!(view.step, entries);
        assert_eq!(view.deciding, Some(Seat(1)), "the honest side waits for us");
        let (_, tx, mut rx) = joined.unwrap().split();
        // The honest driver opens with "I hold this many entries".
        match recv_message(&mut rx).await {
            PeerMessage::Sync { entries: theirs } => assert_eq!(theirs, entries),
            other => panic!("expected a sync first, got {other:?}"),
        }
        Rig {
            dir,
            rules,
            honest,
            file,
            opponent: guest_peer,
            tx,
            rx,
            entries,
            state: view.duel.state_hash(),
            match_id,
            joiner_endpoint,
            host_addr: ticket.host_addr().clone(),
            _host_endpoint: host_endpoint,
        }
    }

    /// Seat 1's genuine next decision and what its software writes after it up to the
    /// signed entry that closes the run (the hand-off, or the decision itself signed if
    /// seat 1 decides again next), not yet sent, and the peer that wrote them.
    fn genuine_run(&self) -> (Vec<SignedEnvelope>, Peer) {
        let mut peer = self.opponent.clone();
        let action = cheapest(&peer.legal_actions());
        let (first, _) = peer.decide(action).unwrap();
        let mut run = vec![first];
        while !run.last().unwrap().is_signed() {
            match peer.next_automatic() {
                Some(written) => run.push(written.unwrap().0),
                None => {
                    let signed = peer.sign_last().unwrap();
                    *run.last_mut().unwrap() = signed;
                }
            }
        }
        (run, peer)
    }

    /// The first entry of seat 1's genuine next run, signed by seat 1 (as it would be if it
    /// closed the run), not yet sent.
    fn genuine_signed(&self) -> SignedEnvelope {
        let (run, _) = self.genuine_run();
        run[0].clone().signed_with(self.opponent.identity())
    }

    async fn send(&mut self, message: &PeerMessage) {
        self.tx.send(message).await.unwrap();
    }

    /// The honest match file still holds exactly the log from before the bad input.
    fn assert_file_unchanged(&self) {
        let saved = MatchStore::read(&self.file).unwrap();
        assert_eq!(
            saved.entries.len() as u64,
            self.entries,
            "the match file grew"
        );
        assert_eq!(
            saved.entries.as_slice(),
            self.opponent.log().entries(),
            "the match file's entries changed"
        );
    }

    /// The test's connection was closed by the honest side: reading ends in an error
    /// (after whatever was already on the way).
    async fn assert_closed(&mut self) -> FrameError {
        let deadline = tokio::time::Instant::now() + PROMPT;
        loop {
            match tokio::time::timeout_at(deadline, self.rx.recv::<PeerMessage>())
                .await
                .expect("the honest side closed the connection in time")
            {
                Ok(PeerMessage::Heartbeat | PeerMessage::Sync { .. }) => {}
                Ok(PeerMessage::Goodbye { .. }) => {}
                Ok(other) => panic!("unexpected message before the close: {other:?}"),
                Err(error) => return error,
            }
        }
    }

    /// Comes back as seat 1 on a new connection, as a player's program would.
    async fn rejoin(&mut self) {
        let connection: MatchConnection = rejoin(
            &self.joiner_endpoint,
            &self.host_addr,
            self.match_id,
            hello(&self.rules),
        )
        .await
        .unwrap();
        let (_, tx, mut rx) = connection.split();
        match recv_message(&mut rx).await {
            PeerMessage::Sync { entries } => {
                assert_eq!(
                    entries, self.entries,
                    "the honest log lost or gained entries"
                )
            }
            other => panic!("expected a sync after rejoining, got {other:?}"),
        }
        self.tx = tx;
        self.rx = rx;
    }

    /// After the bad input: the match goes on. Seat 1 sends its genuine decision and the
    /// honest side takes it as the next entry.
    async fn play_on(&mut self, seen: &mut Vec<Update>) {
        let (run, after) = self.genuine_run();
        for entry in &run {
            self.send(&PeerMessage::Entry(entry.clone())).await;
        }
        let genuine = run[0].clone();
        let view = until_view(&mut self.honest, seen, |v| v.step > self.entries).await;
        assert!(view.fairness.entries_verified >= 1);
        assert_eq!(
            view.log.first().and_then(|line| line.actor),
            Some(Seat(1)),
            "the genuine decision is in the honest log: {:?}",
            view.log
        );
        let saved = MatchStore::read(&self.file).unwrap();
        assert_eq!(
            saved.entries[self.entries as usize], genuine,
            "the next saved entry is the genuine one"
        );
        self.opponent = after;
    }

    fn cleanup(self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The action the test plays when it must: ending the turn if it can, else the first.
fn cheapest(legal: &[Action]) -> Action {
    legal
        .iter()
        .find(|a| matches!(a, Action::EndTurn | Action::Pass))
        .unwrap_or(&legal[0])
        .clone()
}

async fn recv_message(rx: &mut FrameReceiver) -> PeerMessage {
    loop {
        let message = tokio::time::timeout(PROMPT, rx.recv::<PeerMessage>())
            .await
            .expect("a message in time")
            .expect("a readable message");
        if !matches!(message, PeerMessage::Heartbeat) {
            return message;
        }
    }
}

async fn next_update(session: &mut SessionHandle) -> Update {
    tokio::time::timeout(PROMPT, session.recv())
        .await
        .expect("an update in time")
        .expect("the session is still there")
}

async fn next_view(session: &mut SessionHandle) -> SeatView {
    let mut seen = Vec::new();
    until_view(session, &mut seen, |_| true).await
}

/// Reads updates until a view passes `accept`; everything else read is kept in `seen`.
async fn until_view(
    session: &mut SessionHandle,
    seen: &mut Vec<Update>,
    accept: impl Fn(&SeatView) -> bool,
) -> SeatView {
    loop {
        match next_update(session).await {
            Update::View(view) if accept(&view) => return *view,
            Update::View(_) => {}
            update @ (Update::Failed(_) | Update::Finished(_) | Update::Desync(_)) => {
                panic!("the honest session ended: {update:?} (after {seen:#?})")
            }
            other => seen.push(other),
        }
    }
}

/// Reads updates until one matches `pick`; fails on a stop that does not match.
async fn until<T>(
    session: &mut SessionHandle,
    seen: &mut Vec<Update>,
    pick: impl Fn(&Update) -> Option<T>,
) -> T {
    loop {
        let update = next_update(session).await;
        if let Some(found) = pick(&update) {
            seen.push(update);
            return found;
        }
        if matches!(update, Update::Failed(_) | Update::Finished(_)) {
            panic!("the honest session ended unexpectedly: {update:?} (after {seen:#?})");
        }
        seen.push(update);
    }
}

fn warning(update: &Update) -> Option<String> {
    match update {
        Update::Warning(message) => Some(message.clone()),
        _ => None,
    }
}

fn link_lost(update: &Update) -> Option<String> {
    match update {
        Update::Link {
            status: LinkStatus::Lost { reason },
            ..
        } => Some(reason.clone()),
        _ => None,
    }
}

/// What every unattributable case must show: a warning in plain words, the connection
/// closed (with `close_code` when the frame layer closed it), the log unchanged, and the
/// match going on once the other side is back.
async fn expect_warned_and_recovered(
    rig: &mut Rig,
    says: &[&str],
    frame_close: bool,
) -> Vec<Update> {
    let mut seen = Vec::new();
    let message = until(&mut rig.honest, &mut seen, warning).await;
    for words in says {
        assert!(
            message.contains(words),
            "the warning {message:?} should say {words:?}"
        );
    }
    assert!(
        message.contains("connection was closed"),
        "the warning tells the player the connection was closed: {message:?}"
    );
    until(&mut rig.honest, &mut seen, link_lost).await;
    let closed = rig.assert_closed().await;
    if frame_close {
        assert!(
            matches!(&closed, FrameError::PeerClosed { code: 1, reason } if reason.contains("bad frame")),
            "closed as a bad frame: {closed:?}"
        );
    }
    rig.assert_file_unchanged();
    // The same opponent comes back: the honest side still holds the same log and plays on.
    rig.rejoin().await;
    until(&mut rig.honest, &mut seen, |u| {
        matches!(
            u,
            Update::Link {
                status: LinkStatus::Reconnected(_),
                ..
            }
        )
        .then_some(())
    })
    .await;
    let view = until_view(&mut rig.honest, &mut seen, |_| true).await;
    assert_eq!(view.step, rig.entries, "no entry was added or lost");
    assert_eq!(
        view.duel.state_hash(),
        rig.state,
        "the state did not change"
    );
    rig.play_on(&mut seen).await;
    assert_eq!(
        seen.iter()
            .filter(|u| matches!(u, Update::Warning(_)))
            .count(),
        1,
        "exactly one warning: {seen:#?}"
    );
    seen
}

/// Deterministic junk.
fn junk(seed: u64, length: usize) -> Vec<u8> {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..length)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 24) as u8
        })
        .collect()
}

fn prefix(length: usize) -> Vec<u8> {
    u32::try_from(length).unwrap().to_be_bytes().to_vec()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_after_a_valid_length_prefix_is_reported_and_the_match_goes_on() {
    let mut rig = Rig::new("garbage-frame", 11, Back::Accept).await;
    // A frame of the right shape whose payload is no message: an enum variant that does
    // not exist, then noise.
    let mut payload = vec![0xFF, 0xFF, 0xFF, 0xFF, 0x0F];
    payload.extend(junk(1, 59));
    let mut frame = prefix(payload.len());
    frame.extend(&payload);
    rig.tx.send_encoded(&frame).await.unwrap();
    expect_warned_and_recovered(&mut rig, &["not a valid message", "cannot read"], true).await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bare_stream_of_random_bytes_is_reported_and_the_match_goes_on() {
    let mut rig = Rig::new("garbage-stream", 12, Back::Accept).await;
    rig.tx.send_encoded(&junk(2, 3000)).await.unwrap();
    rig.tx.finish();
    expect_warned_and_recovered(&mut rig, &["not a valid message"], true).await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_frame_is_refused_from_its_length_alone() {
    let mut rig = Rig::new("oversized", 13, Back::Accept).await;
    let announced = MAX_FRAME_BYTES + 1;
    // Only the prefix and a little: the honest side must not wait for the megabyte.
    let mut frame = prefix(announced);
    frame.extend(junk(3, 100));
    rig.tx.send_encoded(&frame).await.unwrap();
    expect_warned_and_recovered(
        &mut rig,
        &[&format!("{announced} bytes"), "more than the"],
        true,
    )
    .await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_truncated_frame_is_reported_when_the_stream_ends() {
    let mut rig = Rig::new("truncated", 14, Back::Accept).await;
    // A real entry's frame, cut off after 20 of its bytes, then the stream ends.
    let genuine = rig.genuine_signed();
    let frame = fairduel_net::frame::encode_frame(&PeerMessage::Entry(genuine)).unwrap();
    assert!(frame.len() > 24);
    rig.tx.send_encoded(&frame[..24]).await.unwrap();
    rig.tx.finish();
    expect_warned_and_recovered(&mut rig, &["cut off"], true).await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_entry_signed_by_another_key_is_refused_and_the_match_goes_on() {
    let mut rig = Rig::new("forged-key", 15, Back::Accept).await;
    let genuine = rig.genuine_signed();
    // The same envelope, signed by someone who is not seat 1.
    let forger = Identity::from_secret_bytes([7; 32]);
    let forged = SignedEnvelope::seal(&genuine.open().unwrap(), &forger);
    rig.send(&PeerMessage::Entry(forged)).await;
    let seen =
        expect_warned_and_recovered(&mut rig, &["refused an entry", "signature"], false).await;
    assert!(
        !seen.iter().any(|u| matches!(u, Update::Desync(_))),
        "a forgery is not a desync"
    );
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_entry_is_refused_and_the_match_goes_on() {
    let mut rig = Rig::new("tampered", 16, Back::Accept).await;
    let genuine = rig.genuine_signed();
    // Seat 1 signed it, then a byte of the signed body changed on the way (the last byte
    // of the state hash, so it still decodes).
    let mut tampered = genuine.clone();
    let last = tampered.bytes.len() - 1;
    tampered.bytes[last] ^= 0x01;
    assert!(tampered.open().is_ok(), "the tampered entry still decodes");
    rig.send(&PeerMessage::Entry(tampered)).await;
    expect_warned_and_recovered(&mut rig, &["refused an entry", "signature"], false).await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_future_entry_asks_again_and_a_replay_is_ignored_without_a_word() {
    let mut rig = Rig::new("out-of-order", 17, Back::Accept).await;
    let genuine = rig.genuine_signed();
    // Correctly signed by seat 1, but numbered three past the next entry.
    let mut ahead = genuine.open().unwrap();
    ahead.seq += 3;
    let ahead = SignedEnvelope::seal(&ahead, rig.opponent.identity());
    rig.send(&PeerMessage::Entry(ahead)).await;
    // The honest side says where it is, so the missing entries can come.
    match recv_message(&mut rig.rx).await {
        PeerMessage::Sync { entries } => assert_eq!(entries, rig.entries),
        other => panic!("expected the honest side to ask again, got {other:?}"),
    }
    // Replays of entries already in the log: seat 1's own latest one and seat 0's.
    let log = rig.opponent.log().entries().to_vec();
    let by = |seat: u8| {
        log.iter()
            .rev()
            .find(|e| e.open().unwrap().author == Seat(seat))
            .unwrap()
            .clone()
    };
    rig.send(&PeerMessage::Entry(by(1))).await;
    rig.send(&PeerMessage::Entry(by(0))).await;
    rig.send(&PeerMessage::Entry(log[0].clone())).await;
    rig.assert_file_unchanged();
    // The connection is still open and the genuine entry is taken as the next one.
    let mut seen = Vec::new();
    rig.play_on(&mut seen).await;
    assert!(
        !seen.iter().any(|u| matches!(
            u,
            Update::Warning(_)
                | Update::Link {
                    status: LinkStatus::Lost { .. },
                    ..
                }
                | Update::Refused { .. }
        )),
        "nothing to tell the player: {seen:#?}"
    );
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_reconnection_a_forged_entry_stops_the_session_with_the_log_kept() {
    let mut rig = Rig::new("forged-never", 18, Back::Never).await;
    let genuine = rig.genuine_signed();
    let forged = SignedEnvelope::seal(
        &genuine.open().unwrap(),
        &Identity::from_secret_bytes([8; 32]),
    );
    rig.send(&PeerMessage::Entry(forged)).await;
    let mut seen = Vec::new();
    let warned = until(&mut rig.honest, &mut seen, warning).await;
    assert!(warned.contains("signature"), "{warned}");
    let failed = until(&mut rig.honest, &mut seen, |u| match u {
        Update::Failed(message) => Some(message.clone()),
        _ => None,
    })
    .await;
    assert!(
        failed.contains("does not reconnect") && !failed.contains("within"),
        "says that it did not try to reconnect: {failed}"
    );
    assert!(
        failed.contains("fairduel resume"),
        "the player is told how to go on: {failed}"
    );
    rig.assert_closed().await;
    rig.assert_file_unchanged();
    rig.cleanup();
}

/// Stops the honest side with a signed `cheat` from seat 1 and checks the message, the
/// saved record with its evidence, and the audit's verdict.
async fn expect_caught(rig: &mut Rig, cheat: SignedEnvelope, says: &str) {
    rig.send(&PeerMessage::Entry(cheat.clone())).await;
    let mut seen = Vec::new();
    let failed = until(&mut rig.honest, &mut seen, |u| match u {
        Update::Failed(message) => Some(message.clone()),
        _ => None,
    })
    .await;
    assert!(failed.contains("breaks the rules"), "{failed}");
    assert!(
        failed.contains(says),
        "the message names the violation: {failed}"
    );
    assert!(failed.contains("fairduel verify"), "{failed}");
    assert!(
        !seen.iter().any(|u| matches!(u, Update::Warning(_))),
        "a cheat is not a mere warning: {seen:#?}"
    );
    // The honest side said goodbye and closed.
    rig.assert_closed().await;
    // The record with the evidence, where the message says.
    let records = rig.dir.join("records");
    let saved: Vec<PathBuf> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "fdrec"))
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(failed.contains(&saved[0].display().to_string()), "{failed}");
    let record = MatchRecord::from_bytes(&std::fs::read(&saved[0]).unwrap()).unwrap();
    assert_eq!(
        record.entries.len() as u64,
        rig.entries,
        "the log is unchanged"
    );
    assert_eq!(record.evidence, vec![cheat]);
    let audit = fairduel_protocol::audit(Arc::clone(&rig.rules), &record).unwrap();
    assert!(
        matches!(&audit.verdicts[1], SeatVerdict::Cheated { what, .. } if what.contains(says)),
        "the audit names seat 1: {:?}",
        audit.verdicts
    );
    assert!(
        !matches!(audit.verdicts[0], SeatVerdict::Cheated { .. }),
        "{:?}",
        audit.verdicts
    );
    rig.assert_file_unchanged();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_illegal_action_stops_the_match_and_saves_the_evidence() {
    let mut rig = Rig::new("illegal", 19, Back::Accept).await;
    // Seat 1, on its turn, turns round a card on a square where it has none.
    let empty = (0..9)
        .flat_map(|row| (0..9).map(move |col| Cell::new(row, col)))
        .find(|&at| {
            rig.opponent
                .clone()
                .decide(Action::ChangePosition { at: at.into() })
                .is_err()
        })
        .unwrap();
    let mut forged = rig.opponent.clone();
    let log = forged.log_mut_for_tests();
    let envelope = Envelope {
        match_id: log.match_id(),
        seq: log.next_seq(),
        previous: log.last_hash(),
        author: Seat(1),
        body: Body::Action(Action::ChangePosition { at: empty.into() }),
        state_after: log.state_hash(),
    };
    let cheat = SignedEnvelope::seal(&envelope, rig.opponent.identity());
    expect_caught(&mut rig, cheat, "illegal action").await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_signed_entries_with_one_number_stop_the_match_as_equivocation() {
    let mut rig = Rig::new("equivocation", 20, Back::Accept).await;
    // Seat 1 signs a different entry under the number of one it already wrote.
    let log = rig.opponent.log().entries().to_vec();
    let mut earlier = log
        .iter()
        .rev()
        .find_map(|e| e.open().ok().filter(|e| e.author == Seat(1)))
        .unwrap();
    earlier.state_after = Digest32([0xAB; 32]);
    let cheat = SignedEnvelope::seal(&earlier, rig.opponent.identity());
    expect_caught(&mut rig, cheat, "equivocation").await;
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_command_during_bad_input_does_not_reach_the_log() {
    // The honest player takes over from the autopilot and keeps clicking while the
    // connection is being restored: it is still seat 1's decision, so every click is
    // refused and nothing is written.
    let mut rig = Rig::new("click", 21, Back::Accept).await;
    rig.tx
        .send_encoded(&prefix(MAX_FRAME_BYTES * 4))
        .await
        .unwrap();
    let mut seen = Vec::new();
    until(&mut rig.honest, &mut seen, warning).await;
    rig.honest.send(Command::Autopilot(false)).unwrap();
    rig.honest.send(Command::Act(Action::EndTurn)).unwrap();
    let refused = until(&mut rig.honest, &mut seen, |u| match u {
        Update::Refused { reason, .. } => Some(reason.clone()),
        _ => None,
    })
    .await;
    assert!(refused.contains("not your decision"), "{refused}");
    rig.assert_file_unchanged();
    rig.cleanup();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_without_its_closing_signature_is_held_unsaved_and_not_acted_on() {
    let mut rig = Rig::new("unsigned-run", 22, Back::Accept).await;
    let (run, after) = rig.genuine_run();
    // The whole run, its closing entry stripped of its signature.
    for entry in &run[..run.len() - 1] {
        rig.send(&PeerMessage::Entry(entry.clone())).await;
    }
    let closer = run.last().unwrap().clone();
    rig.send(&PeerMessage::Entry(closer.without_signature()))
        .await;
    // The honest side neither applies, saves nor answers anything: no view with more
    // entries, no warning, and the link stays up (heartbeats only).
    let mut seen = Vec::new();
    let waited = tokio::time::timeout(Duration::from_millis(1500), async {
        loop {
            let update = next_update(&mut rig.honest).await;
            seen.push(update);
        }
    })
    .await;
    assert!(waited.is_err());
    assert!(
        !seen
            .iter()
            .any(|u| matches!(u, Update::View(v) if v.step > rig.entries)
                || matches!(
                    u,
                    Update::Warning(_)
                        | Update::Link {
                            status: LinkStatus::Lost { .. },
                            ..
                        }
                )),
        "{seen:#?}"
    );
    rig.assert_file_unchanged();
    // The signature arrives: the whole run joins, is saved, and the honest side plays on.
    rig.send(&PeerMessage::Entry(closer)).await;
    let view = until_view(&mut rig.honest, &mut seen, |v| v.step > rig.entries).await;
    assert_eq!(view.step, rig.entries + run.len() as u64);
    let saved = MatchStore::read(&rig.file).unwrap();
    let from = rig.entries as usize;
    assert_eq!(&saved.entries[from..from + run.len()], run.as_slice());
    rig.opponent = after;
    rig.cleanup();
}
