//! What the session driver adds on top of the transport, on 127.0.0.1:
//!
//! 1. the round trip of a raw echo on a match connection (a small frame, and a frame the
//!    size of a real log entry), p50 / p99;
//! 2. one action's latency: from `SessionHandle::send(Command::Act)` on one side to the
//!    moment the other side's handle yields the view holding that entry (signed, saved,
//!    sent, received, verified, applied, saved, published), with match files flushed to the
//!    operating system (`Durability::Flush`) and forced to disk (`Durability::Sync`), and
//!    the same in memory (no network, no files) as the protocol's own share;
//! 3. a whole bot match's wall time over loopback against the same match (same seeds,
//!    same secrets, same bots: the logs end identical) in memory.
//!
//! Run with `cargo bench -p fairduel-net --bench session`. Both seats run in this process
//! on one multi-threaded tokio runtime, as they would not in play: the two drivers share
//! the machine's cores.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairduel_engine::{DeckList, Digest32, Rules, Seat};
use fairduel_net::driver::{
    Command, DriverConfig, Mesh, PeerMessage, SessionHandle, Update, Wire, memory_wires,
    spawn_session,
};
use fairduel_net::store::{Durability, MatchMeta, MatchStore, SavedDeck};
use fairduel_net::{
    EndpointOptions, Hello, Host, HostOptions, MatchConnection, PlayerEndpoint, Role, join,
};
use fairduel_protocol::seeded::seeded_peers;
use fairduel_protocol::{Peer, SignedEnvelope};
use fairduel_sim::{Bot, GreedyBot};

const FORMAT: &str = "kairu-dotr";
const ECHOES: usize = 1_000;
/// At least this many timed actions per latency row.
const ACTIONS: usize = 300;
/// Give up adding matches to a latency row after this many.
const MAX_MATCHES: u64 = 60;
const MATCH_SEEDS: [u64; 7] = [1, 2, 3, 4, 5, 6, 7];
/// Each seed's match is played this many times each way (alternating); its row shows the
/// medians.
const MATCH_REPEATS: usize = 5;
const WAIT: Duration = Duration::from_secs(60);

fn hello(rules: &Rules) -> Hello {
    Hello::new(
        u32::from(fairduel_protocol::PROTOCOL_VERSION),
        "bench",
        rules.format.hash().0,
        rules.pool.hash().0,
    )
}

#[derive(Clone, Copy)]
struct Stats {
    n: usize,
    p50: Duration,
    p90: Duration,
    p99: Duration,
    max: Duration,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    let at = |fraction: f64| samples[((samples.len() - 1) as f64 * fraction).round() as usize];
    Stats {
        n: samples.len(),
        p50: at(0.50),
        p90: at(0.90),
        p99: at(0.99),
        max: samples[samples.len() - 1],
    }
}

fn micros(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us >= 10_000.0 {
        format!("{:.1} ms", us / 1000.0)
    } else {
        format!("{us:.0} µs")
    }
}

fn row(name: &str, s: &Stats) {
    println!(
        "| {name:<52} | {:>5} | {:>9} | {:>9} | {:>9} | {:>9} |",
        s.n,
        micros(s.p50),
        micros(s.p90),
        micros(s.p99),
        micros(s.max)
    );
}

/// The two endpoints every connection of the bench runs on.
struct Loopback {
    host: Host,
    joiner: PlayerEndpoint,
    hello: Hello,
    _host_endpoint: PlayerEndpoint,
}

impl Loopback {
    async fn new(rules: &Rules) -> Loopback {
        let host_endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
            .await
            .unwrap();
        let joiner = PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
            .await
            .unwrap();
        let (_, host) = Host::bind(&host_endpoint, hello(rules), HostOptions::default())
            .await
            .unwrap();
        Loopback {
            host,
            joiner,
            hello: hello(rules),
            _host_endpoint: host_endpoint,
        }
    }

    async fn connect(&self) -> (MatchConnection, MatchConnection) {
        let ticket = self.host.new_ticket().await.unwrap();
        let (accepted, joined) = tokio::join!(
            self.host.accept(),
            join(&self.joiner, &ticket, self.hello.clone())
        );
        (accepted.unwrap(), joined.unwrap())
    }
}

/// Where the two seats' match files go, or none.
#[derive(Clone, Copy, PartialEq)]
enum Files {
    None,
    Kept(Durability),
}

struct Matches {
    rules: Arc<Rules>,
    decks: Vec<DeckList>,
    dir: PathBuf,
    runs: u64,
}

impl Matches {
    /// Both seats of seeded match `seed`, set up to the first entry, each as a session on
    /// its end of `wires`.
    fn spawn(
        &mut self,
        seed: u64,
        wires: (Wire, Wire),
        autopilot: [bool; 2],
        files: Files,
    ) -> [SessionHandle; 2] {
        let pair = common::pairing(&self.decks, seed);
        let peers = seeded_peers(&self.rules, FORMAT, &pair, seed).unwrap();
        self.runs += 1;
        let (wa, wb) = wires;
        let mut handles = Vec::new();
        for (peer, (other, wire)) in peers.into_iter().zip([(Seat(1), wa), (Seat(0), wb)]) {
            let seat = peer.seat();
            let store = match files {
                Files::None => None,
                Files::Kept(durability) => Some(self.store(&peer, pair[seat.index()], durability)),
            };
            let config = DriverConfig {
                autopilot: autopilot[seat.index()],
                bot_seed: seed * 10 + u64::from(seat.0),
                ..DriverConfig::default()
            };
            handles.push(spawn_session(
                peer,
                store,
                vec![(other, wire)],
                Mesh::in_memory(),
                config,
                None,
            ));
        }
        let [a, b]: [SessionHandle; 2] = handles.try_into().unwrap();
        [a, b]
    }

    fn store(&self, peer: &Peer, deck: &DeckList, durability: Durability) -> MatchStore {
        let seat = peer.seat();
        let log = peer.log();
        let meta = MatchMeta {
            match_id: log.match_id().0,
            format_name: FORMAT.to_owned(),
            role: if seat == Seat(0) {
                Role::Host
            } else {
                Role::Joiner
            },
            seat,
            deck: SavedDeck::from(deck),
            secret_seed: [0; 32],
            own_key: log.key(seat).unwrap().0,
            listening: vec![None; log.seats()],
            listen_port: 0,
        };
        let dir = self.dir.join(format!("run{}-seat{}", self.runs, seat.0));
        MatchStore::create(&dir, &meta, &log.entries()[0], durability).unwrap()
    }
}

async fn wires(over: Option<&Loopback>) -> (Wire, Wire) {
    match over {
        Some(loopback) => {
            let (a, b) = loopback.connect().await;
            (Wire::Iroh(Box::new(a)), Wire::Iroh(Box::new(b)))
        }
        None => memory_wires(),
    }
}

/// Reads until the session task ends (so the next match does not share the cores with
/// this one's goodbye).
async fn drain(handle: &mut SessionHandle) {
    while let Ok(Some(_)) = tokio::time::timeout(WAIT, handle.recv()).await {}
}

/// The end of a match on one side: its step count and state hash.
async fn until_finished(handle: &mut SessionHandle) -> (u64, Digest32) {
    let mut last = None;
    loop {
        match tokio::time::timeout(WAIT, handle.recv())
            .await
            .expect("the match ends in time")
        {
            Some(Update::View(view)) => last = Some((view.step, view.duel.state_hash())),
            Some(Update::Finished(_)) => {
                // The final view comes just before Finished.
                return last.unwrap();
            }
            Some(Update::Failed(why)) => panic!("the match failed: {why}"),
            Some(_) => {}
            None => panic!("the session ended without finishing"),
        }
    }
}

async fn echo_round_trips(loopback: &Loopback, payload: &PeerMessage) -> Stats {
    let (mut hosted, mut joined) = loopback.connect().await;
    let mut samples = Vec::with_capacity(ECHOES);
    for i in 0..ECHOES + 50 {
        let start = Instant::now();
        joined.send(payload).await.unwrap();
        let echoed: PeerMessage = hosted.recv().await.unwrap();
        hosted.send(&echoed).await.unwrap();
        let _back: PeerMessage = joined.recv().await.unwrap();
        if i >= 50 {
            samples.push(start.elapsed());
        }
    }
    hosted.link().close_now("bench");
    joined.link().close_now("bench");
    stats(samples)
}

/// Seat 0 is the "human": the bench decides for it (a greedy bot, outside the timing) and
/// times each decision from `send(Command::Act)` until seat 1's handle shows the entry.
async fn action_latency(matches: &mut Matches, over: Option<&Loopback>, files: Files) -> Stats {
    let mut samples = Vec::new();
    let mut seed = 100;
    while samples.len() < ACTIONS && seed < 100 + MAX_MATCHES {
        seed += 1;
        let wires = wires(over).await;
        let [mut human, mut other] = matches.spawn(seed, wires, [false, true], files);
        let mut bot = GreedyBot::new(seed);
        'game: loop {
            let view = loop {
                match tokio::time::timeout(WAIT, human.recv())
                    .await
                    .expect("an update in time")
                {
                    Some(Update::View(view)) if view.my_decision() => break view,
                    Some(Update::Finished(_)) => break 'game,
                    Some(Update::Failed(why)) => panic!("the match failed: {why}"),
                    Some(_) => {}
                    None => panic!("the human's session ended"),
                }
            };
            let pick = bot.choose(&view.duel, view.seat, &view.knowledge, &view.legal);
            let action = view.legal[pick.min(view.legal.len() - 1)].clone();
            let target = view.step + 1;
            // Whatever seat 1 reported before this decision is old news.
            while let Ok(Some(_)) = other.try_recv() {}
            let start = Instant::now();
            human.send(Command::Act(action)).unwrap();
            loop {
                match tokio::time::timeout(WAIT, other.recv())
                    .await
                    .expect("the other side sees the action in time")
                {
                    Some(Update::View(view)) if view.step >= target => break,
                    Some(Update::Failed(why)) => panic!("the match failed: {why}"),
                    Some(_) => {}
                    None => panic!("the other session ended"),
                }
            }
            samples.push(start.elapsed());
        }
        drain(&mut other).await;
        drain(&mut human).await;
    }
    stats(samples)
}

/// One whole bot match, both seats on autopilot, from spawning the sessions (connection
/// already up) to both having finished.
async fn bot_match(
    matches: &mut Matches,
    seed: u64,
    over: Option<&Loopback>,
) -> (Duration, (u64, Digest32)) {
    let wires = wires(over).await;
    let start = Instant::now();
    let [mut a, mut b] = matches.spawn(seed, wires, [true, true], Files::None);
    let (end_a, end_b) = tokio::join!(until_finished(&mut a), until_finished(&mut b));
    let elapsed = start.elapsed();
    assert_eq!(end_a, end_b, "both seats end with the same log");
    tokio::join!(drain(&mut a), drain(&mut b));
    (elapsed, end_a)
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn main() {
    // `cargo bench` passes "--bench"; `cargo test --benches` passes nothing and should not
    // spend time here.
    if !std::env::args().any(|argument| argument == "--bench") {
        return;
    }
    let (rules, decks) = common::load(FORMAT);
    let dir = std::env::temp_dir().join(format!("fairduel-session-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut matches = Matches {
        rules: Arc::clone(&rules),
        decks,
        dir: dir.clone(),
        runs: 0,
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let loopback = Loopback::new(&rules).await;

        // A real entry, for an echo of the size the drivers send.
        let entry: SignedEnvelope = {
            let pair = common::pairing(&matches.decks, 1);
            let mut peers = seeded_peers(&rules, FORMAT, &pair, 1).unwrap();
            // Deck commitments and permutations are the largest entries; play on to an
            // ordinary one.
            loop {
                let seat = peers[0].awaiting().0.unwrap().index();
                let (entry, _) = match peers[seat].next_automatic() {
                    Some(written) => written.unwrap(),
                    None => {
                        let action = peers[seat].legal_actions()[0].clone();
                        peers[seat].decide(action).unwrap()
                    }
                };
                peers[1 - seat].receive(&entry).unwrap();
                if entry.bytes.len() < 400 {
                    break entry;
                }
            }
        };
        let entry_bytes = fairduel_net::frame::encode_frame(&PeerMessage::Entry(entry.clone()))
            .unwrap()
            .len();
        let small_bytes = fairduel_net::frame::encode_frame(&PeerMessage::Sync { entries: 1 })
            .unwrap()
            .len();

        let echo_small = echo_round_trips(&loopback, &PeerMessage::Sync { entries: 1 }).await;
        let echo_entry = echo_round_trips(&loopback, &PeerMessage::Entry(entry)).await;
        let memory = action_latency(&mut matches, None, Files::None).await;
        let flush = action_latency(&mut matches, Some(&loopback), Files::Kept(Durability::Flush))
            .await;
        let sync =
            action_latency(&mut matches, Some(&loopback), Files::Kept(Durability::Sync)).await;
        let no_files = action_latency(&mut matches, Some(&loopback), Files::None).await;

        println!("\nLatency on 127.0.0.1 ({FORMAT}), both seats in one process:\n");
        println!(
            "| {:<52} | {:>5} | {:>9} | {:>9} | {:>9} | {:>9} |",
            "measurement", "n", "p50", "p90", "p99", "max"
        );
        println!("|{:-<54}|{:->7}|{:->11}|{:->11}|{:->11}|{:->11}|", "", "", "", "", "", "");
        row(
            &format!("raw echo round trip, {small_bytes}-byte frame"),
            &echo_small,
        );
        row(
            &format!("raw echo round trip, {entry_bytes}-byte entry frame"),
            &echo_entry,
        );
        row("action, submit -> other side's view: in memory", &memory);
        row("action, loopback, no match files", &no_files);
        row("action, loopback, match files Flush", &flush);
        row("action, loopback, match files Sync (fsync)", &sync);

        let half_rtt = echo_entry.p50 / 2;
        println!();
        for (name, s) in [
            ("no files", &no_files),
            ("Flush", &flush),
            ("Sync", &sync),
        ] {
            let added = s.p50.saturating_sub(half_rtt);
            println!(
                "protocol's addition at p50 ({name}): {} - {} (one way, half the entry echo) = {} = {:.1} RTTs -> {}",
                micros(s.p50),
                micros(half_rtt),
                micros(added),
                added.as_secs_f64() / echo_entry.p50.as_secs_f64(),
                if added < half_rtt {
                    "under half an RTT"
                } else {
                    "NOT under half an RTT"
                }
            );
        }

        println!(
            "\nWhole bot match (connection already up; no match files; median of {MATCH_REPEATS} runs each way), {FORMAT}:\n"
        );
        println!(
            "| seed | entries | loopback | in memory | loopback / memory |\n|-----:|--------:|---------:|----------:|------------------:|"
        );
        let (mut over_net, mut in_memory) = (Vec::new(), Vec::new());
        for seed in MATCH_SEEDS {
            let (mut nets, mut mems) = (Vec::new(), Vec::new());
            let mut entries = 0;
            for _ in 0..MATCH_REPEATS {
                let (net, end) = bot_match(&mut matches, seed, Some(&loopback)).await;
                let (mem, same) = bot_match(&mut matches, seed, None).await;
                assert_eq!(end, same, "the same match both ways");
                entries = end.0;
                nets.push(net);
                mems.push(mem);
            }
            let (net, mem) = (median(nets), median(mems));
            println!(
                "| {seed:>4} | {entries:>7} | {:>8} | {:>9} | {:>17.2} |",
                micros(net),
                micros(mem),
                net.as_secs_f64() / mem.as_secs_f64()
            );
            over_net.push(net);
            in_memory.push(mem);
        }
        let (net, mem) = (median(over_net), median(in_memory));
        println!(
            "| median of seeds |  | {:>8} | {:>9} | {:>17.2} |",
            micros(net),
            micros(mem),
            net.as_secs_f64() / mem.as_secs_f64()
        );
    });
    let _ = std::fs::remove_dir_all(&dir);
}
