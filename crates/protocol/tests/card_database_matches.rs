//! Domain Format played with a card database's own cards: decks built from the real fixture
//! database, games through the referee and through the protocol, every record audited.
//! Skipped, and said so, when ../shared is absent (a fresh clone; CI has it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::path::Path;
use std::sync::Arc;

use fairduel_engine::{DeckList, Rules};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::{BotKind, play_game};

/// Domain Format's rules with the fixture database's cards, and a deck per seat.
fn database_rules(preset: &str) -> Option<(Arc<Rules>, Vec<DeckList>)> {
    let cdb =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/ygopro/goat-entries.cdb");
    if !cdb.is_file() {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            cdb.display()
        );
        return None;
    }
    let loaded = fairduel_carddb::load_cards(&[cdb]).expect("the fixture reads");
    let pool = fairduel_carddb::pool_from_database(&loaded.db)
        .expect("a pool")
        .pool;
    let (preset_rules, _) = common::load(preset);
    let rules = Rules::new(preset_rules.format.clone(), pool);
    let seats = usize::from(rules.format.table.players);
    let decks = fairduel_engine::domain::build_domain_decks(&rules.pool, &rules.format, seats);
    assert_eq!(decks.len(), seats, "a deck per seat");
    Some((rules, decks))
}

#[test]
fn domain_plays_a_card_databases_cards_through_the_referee() {
    for preset in ["domain", "domain-4"] {
        let Some((rules, decks)) = database_rules(preset) else {
            return;
        };
        let seats = decks.len();
        let mut agreed = 0;
        for seed in 0..40 {
            let seating = common::seating(&decks, seed, seats);
            let report = play_game(&rules, &seating, seed, BotKind::Random)
                .unwrap_or_else(|e| panic!("{preset}: {e}"));
            agreed += report.agreements.accepted;
        }
        // Every effect of these cards resolves by agreement: the bots must have used it.
        assert!(agreed > 0, "{preset}: no effect resolved by agreement");
    }
}

#[test]
fn domain_matches_with_a_card_databases_cards_verify_through_the_protocol() {
    let Some((rules, decks)) = database_rules("domain") else {
        return;
    };
    for seed in 0..4 {
        let game = play_protocol_game(
            &rules,
            "domain",
            &common::seating(&decks, seed, 2),
            seed,
            BotKind::Random,
            true,
        )
        .unwrap_or_else(|e| panic!("game {seed}: {e}"));
        assert!(game.outcome.is_some(), "game {seed} did not finish");
        let report = game.audit.expect("audited");
        assert!(report.complete, "game {seed}: end reveals missing");
        assert!(report.all_verified(), "game {seed}: {:?}", report.verdicts);
        let setup = fairduel_protocol::audit::record_setup(&game.record).expect("a set-up");
        assert_eq!(
            setup.pool_hash,
            rules.pool.hash(),
            "the record names the database's pool"
        );
    }
}
