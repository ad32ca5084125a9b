//! The fuzz targets survive a short seeded run each (CI's bounded pass; the documented
//! command runs a million inputs per target), every crash found so far is replayed, and the
//! binary seed corpus can be written again from real inputs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::path::Path;

use fairduel_engine::{Action, Seat};
use fairduel_fuzz::{Context, TARGETS, assets_dir, corpus_dir, files_in, fuzz, seeds};
use fairduel_net::driver::PeerMessage;
use fairduel_net::store::{Durability, MatchMeta, MatchStore, SavedDeck};
use fairduel_net::{Hello, HostTicket, InviteSecret, Role, Verdict};
use fairduel_protocol::seeded::seeded_peers;
use fairduel_sim::GreedyBot;

/// Inputs per target in the bounded pass.
fn bounded_inputs() -> u64 {
    std::env::var("FAIRDUEL_FUZZ_INPUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

#[test]
fn every_target_survives_a_short_seeded_run() {
    let context = Context::load(&assets_dir()).unwrap();
    for target in TARGETS {
        let corpus = seeds(target).unwrap();
        assert!(
            corpus.iter().any(|s| !s.is_empty()),
            "{}: the seed corpus is empty",
            target.name
        );
        let run = fuzz(target, &context, &corpus, bounded_inputs(), 1)
            .unwrap_or_else(|crash| panic!("{} crashed: {}", crash.target, crash.message));
        // The seeds are real inputs: each target accepts some of what it is given, so the
        // mutations start from inputs that reach deep into the reader.
        assert!(run.accepted > 0, "{}: no input accepted", target.name);
    }
}

#[test]
fn crashes_found_before_do_not_come_back() {
    // Each file of crates/fuzz/regressions/<target>/ made that target panic once.
    let context = Context::load(&assets_dir()).unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("regressions");
    for target in TARGETS {
        for file in files_in(&dir.join(target.name), "bin") {
            let input = std::fs::read(&file).unwrap();
            fuzz(target, &context, &[input], 0, 0)
                .unwrap_or_else(|crash| panic!("{}: {}", file.display(), crash.message));
        }
    }
}

/// Writes the binary seeds of crates/fuzz/corpus/ from real inputs:
/// `cargo test -p fairduel-fuzz --test seed_corpus -- --ignored`.
#[test]
#[ignore = "writes the seed corpus; run by hand when an input format changes"]
fn write_the_seed_corpus() {
    let (rules, decks) = common::load("dor-classic");
    let pair = common::pairing(&decks, 3);
    let mut peers = seeded_peers(&rules, "dor-classic", &pair, 3).unwrap();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    // A short match: about forty entries, then the seat to move concedes.
    for _ in 0..40 {
        common::protocol_step(&mut peers, &mut bots).unwrap();
    }
    let concede = loop {
        let seat = peers[0].awaiting().0.unwrap();
        if peers[seat.index()].needs_decision() {
            break seat;
        }
        common::protocol_step(&mut peers, &mut bots).unwrap();
    };
    let (entry, _) = peers[concede.index()].decide(Action::Concede).unwrap();
    for (i, peer) in peers.iter_mut().enumerate() {
        if i != concede.index() {
            peer.receive(&entry).unwrap();
        }
    }
    while common::protocol_step(&mut peers, &mut bots).is_some() {}
    assert!(peers[0].is_complete());
    let record = peers[0].record();
    let corpus = corpus_dir();
    let write = |target: &str, name: &str, bytes: &[u8]| {
        let dir = corpus.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), bytes).unwrap();
    };
    write("record", "dor-classic-conceded.bin", &record.to_bytes());

    let entries = peers[0].log().entries().to_vec();
    let frame = |message: &PeerMessage| fairduel_net::frame::encode_frame(message).unwrap();
    write(
        "frame",
        "entry.bin",
        &frame(&PeerMessage::Entry(entries[5].clone())),
    );
    write(
        "frame",
        "sync.bin",
        &frame(&PeerMessage::Sync { entries: 12 }),
    );
    write("frame", "heartbeat.bin", &frame(&PeerMessage::Heartbeat));
    let state = peers[0].duel().unwrap().state().clone();
    write(
        "frame",
        "desync.bin",
        &frame(&PeerMessage::Desync {
            seq: 30,
            state: Box::new(state),
        }),
    );

    let hello = Hello::new(
        u32::from(fairduel_protocol::PROTOCOL_VERSION),
        "0.1.0",
        rules.format.hash().0,
        rules.pool.hash().0,
    );
    write(
        "greeting",
        "hello.bin",
        &postcard::to_stdvec(&hello).unwrap(),
    );
    write(
        "greeting",
        "accepted.bin",
        &postcard::to_stdvec(&Verdict::Accepted).unwrap(),
    );

    let host = iroh::EndpointAddr::new(iroh::SecretKey::from_bytes(&[7; 32]).public())
        .with_ip_addr("192.168.1.20:40123".parse().unwrap());
    let ticket = HostTicket::new(host, InviteSecret::from_bytes([9; 16]));
    write("ticket", "lan-host.txt", ticket.to_string().as_bytes());

    let dir = std::env::temp_dir().join(format!("fairduel-fuzz-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let meta = MatchMeta {
        match_id: peers[1].log().match_id().0,
        format_name: "dor-classic".into(),
        role: Role::Joiner,
        seat: Seat(1),
        deck: SavedDeck::from(pair[1]),
        secret_seed: [5; 32],
        own_key: [6; 32],
        listening: vec![None, None],
        listen_port: 40124,
    };
    let entries = peers[1].log().entries().to_vec();
    let mut store = MatchStore::create(&dir, &meta, &entries[0], Durability::Flush).unwrap();
    for entry in &entries[1..12] {
        store.append(entry).unwrap();
    }
    let bytes = std::fs::read(store.path()).unwrap();
    write("match-file", "joiner-12-entries.bin", &bytes);
    let _ = std::fs::remove_dir_all(&dir);

    write(
        "ydk",
        "classic-deck.txt",
        b"#created by a simulator\n#main\n46986414\n46986414\n89631139\n38033121\n#extra\n!side\n40640057\n",
    );
}
