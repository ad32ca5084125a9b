//! Criterion benchmarks of the engine's hot path: `legal_actions`, `apply` and `state_hash`
//! on a mid-game position of each preset (two seats and four), and one whole refereed random
//! self-play game.
//!
//! `cargo bench -p fairduel-sim --bench engine`

use std::hint::black_box;
use std::sync::Arc;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use fairduel_engine::{DeckList, Rules};
use fairduel_sim::selfplay::{BotKind, bots, next_entry, play_game};
use fairduel_sim::{Bot, RandomBot, Referee};

#[path = "../tests/common/mod.rs"]
mod common;

/// The seed of the game every benchmark position comes from.
const SEED: u64 = 3;

/// Plays game `SEED` with random bots for `actions` entries and returns the referee there.
fn position(rules: &Arc<Rules>, decks: &[&DeckList], actions: u64) -> Referee {
    let (mut referee, _) = match Referee::new(Arc::clone(rules), decks, SEED) {
        Ok(r) => r,
        Err(e) => panic!("set-up: {e}"),
    };
    let mut bots = bots(BotKind::Random, SEED, decks.len());
    while referee.steps() < actions || !referee.duel().awaiting().is_decision_of(seat_of(&referee))
    {
        let seat = seat_of(&referee);
        let entry = match next_entry(&referee, seat, &mut bots, SEED) {
            Ok(entry) => entry,
            Err(e) => panic!("{e}"),
        };
        if let Err(e) = referee.submit(seat, &entry) {
            panic!("{e}");
        }
    }
    referee
}

fn seat_of(referee: &Referee) -> fairduel_engine::Seat {
    match referee.duel().awaiting().seat() {
        Some(seat) => seat,
        None => panic!("game {SEED} ended after {} actions", referee.steps()),
    }
}

fn mid_game(c: &mut Criterion) {
    for (preset, actions) in [
        ("dor-classic", 500),
        ("dor-alternate", 400),
        ("kairu-dotr", 250),
        ("kairu-dotr-4p", 500),
        ("kingdom-duels", 60),
    ] {
        let (rules, decks) = common::load(preset);
        let players = usize::from(rules.format.table.players);
        let seating: Vec<&DeckList> = (0..players).map(|i| &decks[i % decks.len()]).collect();
        let referee = position(&rules, &seating, actions);
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
    for preset in common::PRESETS
        .into_iter()
        .chain(common::TABLE_PRESETS)
        .chain(common::FIELD_PRESETS)
    {
        let (rules, decks) = common::load(preset);
        let players = usize::from(rules.format.table.players);
        let seating = common::seating(&decks, SEED, players);
        group.bench_function(format!("{preset}/random_game"), |b| {
            b.iter(
                || match play_game(&rules, &seating, SEED, BotKind::Random) {
                    Ok(report) => black_box(report),
                    Err(e) => panic!("{e}"),
                },
            )
        });
    }
    group.finish();
}

criterion_group!(benches, mid_game, whole_game);
criterion_main!(benches);
