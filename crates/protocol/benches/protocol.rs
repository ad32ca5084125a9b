//! Criterion benchmarks of the protocol: signing and verifying one envelope (our strict
//! check and ed25519-dalek's `verify_strict`), its chain hash and decoding, a deck's
//! commit-and-permute set-up for 40 and 60 cards (and for four seats), one draw, the audit of
//! a whole match, and a whole protocol self-play game per preset (two and four seats).
//!
//! `cargo bench -p fairduel-protocol --bench protocol`

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use fairduel_engine::hash::Digest32;
use fairduel_engine::{Action, Asked, Awaiting, DeckList, Rules, Seat};
use fairduel_protocol::envelope::{Body, Envelope, SignedEnvelope};
use fairduel_protocol::seeded::seeded_peers;
use fairduel_protocol::{Identity, Peer, Step, audit};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;

#[path = "../../sim/tests/common/mod.rs"]
mod common;

fn sign_and_verify(c: &mut Criterion) {
    let identity = Identity::from_secret_bytes([3; 32]);
    let key = identity.public();
    let verifier = key.verifier().unwrap();
    let envelope = Envelope {
        match_id: Digest32([1; 32]),
        seq: 100,
        previous: Digest32([2; 32]),
        author: Seat(0),
        body: Body::Action(Action::EndTurn),
        state_after: Digest32([4; 32]),
    };
    c.bench_function("envelope/sign", |b| {
        b.iter(|| SignedEnvelope::seal(black_box(&envelope), &identity))
    });
    let signed = SignedEnvelope::seal(&envelope, &identity);
    c.bench_function("envelope/verify", |b| {
        b.iter(|| black_box(&signed).verified_by(&verifier))
    });
    let signature = signed.signature.unwrap();
    c.bench_function("envelope/verify-with-dalek-verify_strict", |b| {
        b.iter(|| verifier.verifies_with_dalek_strict(black_box(&signed.bytes), &signature))
    });
    c.bench_function("envelope/chain-hash", |b| {
        b.iter(|| black_box(&signed).hash())
    });
    c.bench_function("envelope/open", |b| b.iter(|| black_box(&signed).open()));
    c.bench_function("envelope/sign+verify", |b| {
        b.iter(|| SignedEnvelope::seal(black_box(&envelope), &identity).verified_by(&verifier))
    });
}

/// Delivers `entry` by seat `from` to every other peer.
fn deliver(peers: &mut [Peer], from: usize, entry: &SignedEnvelope) -> usize {
    let mut joined = 0;
    for (j, peer) in peers.iter_mut().enumerate() {
        if j != from {
            joined += peer.receive(entry).unwrap().len();
        }
    }
    joined
}

/// Every peer through the whole set-up (deck commitments, permutations, coin), entries
/// exchanged: the price of shuffling fairly.
fn setup_round(rules: &Arc<Rules>, preset: &str, decks: &[&DeckList]) -> Vec<Peer> {
    let mut peers = seeded_peers(rules, preset, decks, 1).unwrap();
    loop {
        let (seat, step) = peers[0].awaiting();
        if matches!(step, Step::Game(_)) {
            return peers;
        }
        let i = seat.unwrap().index();
        let (e, _) = peers[i].next_automatic().unwrap().unwrap();
        deliver(&mut peers, i, &e);
    }
}

fn shuffles(c: &mut Criterion) {
    let (rules, decks) = common::load("dor-classic");
    c.bench_function("setup/commit-and-permute/40-cards", |b| {
        b.iter(|| setup_round(&rules, "dor-classic", &[&decks[0], &decks[1]]))
    });
    let (rules4, decks4) = common::load("kairu-dotr-4p");
    c.bench_function("setup/commit-and-permute/40-cards-4-seats", |b| {
        b.iter(|| setup_round(&rules4, "kairu-dotr-4p", &common::seating(&decks4, 1, 4)))
    });
    // A 60-card variant of the same format, same pool.
    let mut format = rules.format.clone();
    format.deck.max_main = 60;
    let rules60 = Rules::new(format, rules.pool.clone());
    let mut big: Vec<DeckList> = decks.clone();
    for deck in &mut big {
        let extra: Vec<_> = deck.main.iter().take(20).copied().collect();
        deck.main.extend(extra);
    }
    let mut loose = rules60.format.clone();
    loose.deck.max_copies = 6;
    let rules60 = Rules::new(loose, rules60.pool.clone());
    c.bench_function("setup/commit-and-permute/60-cards", |b| {
        b.iter(|| setup_round(&rules60, "dor-classic-60", &[&big[0], &big[1]]))
    });
    // One draw: the permuter opens a position, the owner's peer receives it.
    let peers = setup_round(&rules, "dor-classic", &[&decks[0], &decks[1]]);
    let drawing = {
        let mut p = peers.clone();
        // Advance to the first draw opening.
        loop {
            let (seat, step) = p[0].awaiting();
            let i = seat.unwrap().index();
            if matches!(
                step,
                Step::Game(Awaiting::Answer {
                    asked: Asked::OpenDraw { .. },
                    ..
                })
            ) {
                break p;
            }
            let (e, _) = match p[i].next_automatic() {
                Some(r) => r.unwrap(),
                None => {
                    let legal = p[i].legal_actions();
                    p[i].decide(legal[0].clone()).unwrap()
                }
            };
            deliver(&mut p, i, &e);
        }
    };
    // Signed as if it ended the permuter's run, so the owner's peer checks and applies it
    // (an opening inside a run waits unapplied for the run's signature).
    c.bench_function("draw/open-sign-and-receive", |b| {
        b.iter_batched(
            || drawing.clone(),
            |mut p| {
                let i = p[0].awaiting().0.unwrap().index();
                let (e, _) = p[i].next_automatic().unwrap().unwrap();
                let e = p[i].sign_last().unwrap_or(e);
                assert_eq!(deliver(&mut p, i, &e), 1);
                p
            },
            BatchSize::LargeInput,
        )
    });
}

fn audits(c: &mut Criterion) {
    let mut group = c.benchmark_group("audit");
    group.measurement_time(Duration::from_secs(10));
    for preset in common::PRESETS {
        let (rules, decks) = common::load(preset);
        let game = play_protocol_game(
            &rules,
            preset,
            &[&decks[0], &decks[1]],
            3,
            BotKind::Greedy,
            false,
        )
        .unwrap();
        let entries = game.record.entries.len();
        group.bench_function(format!("{preset}/greedy-match-{entries}-entries"), |b| {
            b.iter(|| audit(Arc::clone(&rules), black_box(&game.record)).unwrap())
        });
    }
    group.finish();
}

fn whole_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("protocol-selfplay");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for preset in common::PRESETS.into_iter().chain(common::TABLE_PRESETS) {
        let (rules, decks) = common::load(preset);
        let players = usize::from(rules.format.table.players);
        let seating: Vec<&DeckList> = (0..players).map(|i| &decks[i % decks.len()]).collect();
        group.bench_function(format!("{preset}/random_game"), |b| {
            b.iter(|| {
                play_protocol_game(&rules, preset, &seating, 3, BotKind::Random, false).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, sign_and_verify, shuffles, audits, whole_games);
criterion_main!(benches);
