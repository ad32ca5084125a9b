//! Criterion benchmarks of the engine's hot path: `legal_actions`, `apply` and `state_hash`
//! on a mid-game position of each preset, and one whole refereed random self-play game.
//!
//! `cargo bench -p fairduel-sim --bench engine`

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use fairduel_engine::{DeckList, Rules};
use fairduel_sim::selfplay::{BotKind, play_game};
use fairduel_sim::{Bot, RandomBot, Referee};

#[path = "../tests/common/mod.rs"]
mod common;

/// The seed of the game every benchmark position comes from.
const SEED: u64 = 3;

/// Plays game `SEED` with random bots for `actions` actions and returns the referee there.
fn position(rules: &Arc<Rules>, decks: [&DeckList; 2], actions: u64) -> Referee {
    let (mut referee, _) = match Referee::new(Arc::clone(rules), decks, SEED) {
        Ok(r) => r,
        Err(e) => panic!("set-up: {e}"),
    };
    let mut bots = [RandomBot::new(SEED ^ 0xA5A5), RandomBot::new(SEED ^ 0x5A5A)];
    while referee.steps() < actions {
        let Some(seat) = referee.duel().awaiting().seat() else {
            panic!("game {SEED} ended after {} actions", referee.steps());
        };
        let duel = referee.seat_duel(seat);
        let knowledge = referee.knowledge(seat);
        let legal = duel.legal_actions(seat, knowledge);
        let pick = bots[seat.index()].choose(duel, seat, knowledge, &legal);
        let action = legal[pick].clone();
        if let Err(e) = referee.submit(seat, &action) {
            panic!("{e}");
        }
    }
    referee
}

fn mid_game(c: &mut Criterion) {
    for (preset, actions) in [
        ("dor-classic", 500),
        ("dor-alternate", 400),
        ("kairu-dotr", 250),
    ] {
        let (rules, decks) = common::load(preset);
        let referee = position(&rules, [&decks[0], &decks[1]], actions);
        let Some(seat) = referee.duel().awaiting().seat() else {
            panic!("{preset}: the game is over");
        };
        let seat_duel = referee.seat_duel(seat);
        let knowledge = referee.knowledge(seat);
        let legal = seat_duel.legal_actions(seat, knowledge);
        let mut bot = RandomBot::new(11);
        let action = legal[bot.choose(seat_duel, seat, knowledge, &legal)].clone();

        let mut group = c.benchmark_group(preset);
        group
            .sample_size(20)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        group.bench_function("legal_actions", |b| {
            b.iter(|| black_box(seat_duel.legal_actions(black_box(seat), knowledge)))
        });
        group.bench_function("apply", |b| {
            b.iter_batched(
                || seat_duel.clone(),
                |mut duel| {
                    let events = duel.apply(seat, black_box(&action), Some(knowledge));
                    black_box((events, duel))
                },
                BatchSize::SmallInput,
            )
        });
        group.bench_function("state_hash", |b| {
            b.iter(|| black_box(black_box(seat_duel).state_hash()))
        });
        group.finish();
    }
}

fn whole_game(c: &mut Criterion) {
    let mut group = c.benchmark_group("selfplay");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5));
    for preset in common::PRESETS {
        let (rules, decks) = common::load(preset);
        group.bench_function(format!("{preset}/random_game"), |b| {
            b.iter(|| {
                match play_game(&rules, common::pairing(&decks, SEED), SEED, BotKind::Random) {
                    Ok(report) => black_box(report),
                    Err(e) => panic!("{e}"),
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, mid_game, whole_game);
criterion_main!(benches);
