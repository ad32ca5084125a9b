//! Honest matches through the protocol always verify.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;

fn games_per_preset() -> u64 {
    std::env::var("FAIRDUEL_PROTOCOL_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20)
}

#[test]
fn honest_protocol_matches_verify_in_every_preset() {
    let presets = common::PRESETS
        .into_iter()
        .chain(common::FIELD_PRESETS)
        .chain(["domain"]);
    for preset in presets {
        let (rules, decks) = common::load(preset);
        let players = usize::from(rules.format.table.players);
        for seed in 0..games_per_preset() {
            let game = play_protocol_game(
                &rules,
                preset,
                &common::seating(&decks, seed, players),
                seed,
                BotKind::Random,
                true,
            )
            .unwrap_or_else(|e| panic!("{preset}: {e}"));
            assert!(
                game.outcome.is_some(),
                "{preset} game {seed} did not finish"
            );
            let report = game.audit.expect("audited");
            assert!(report.complete, "{preset} game {seed}: end reveals missing");
            assert!(
                report.all_verified(),
                "{preset} game {seed}: {:?}",
                report.verdicts
            );
        }
    }
}

#[test]
fn agreed_effects_and_searches_verify_through_the_protocol() {
    // Random bots activate spells and traps, propose outcomes from the engine's menu,
    // accept or refuse them, search their permuted decks and shuffle cards into them (each
    // such deck goes through the protocol's reshuffle round), and toss coins and roll dice
    // by joint randomness, mill their decks and place hand cards on top of them or at
    // their bottom (a place of its own above or below the permuted positions). Every
    // record must verify.
    let (rules, decks) = common::load("kingdom-duels");
    let tally = agreed_games(&rules, &decks, 40);
    assert!(tally.accepted > 0 && tally.refused > 0, "{tally:?}");
    assert!(tally.searched > 0, "no search in 40 games: {tally:?}");
    assert!(tally.shuffled > tally.searched, "{tally:?}");
    assert!(tally.chances > 0, "no coin tossed in 40 games: {tally:?}");
    assert!(tally.milled > 0, "no card milled in 40 games: {tally:?}");
    assert!(
        tally.placed_in_deck > 0,
        "no card placed on top of or under a deck in 40 games: {tally:?}"
    );
    assert_eq!(
        tally.positions_passed, 0,
        "a deck shuffled after each search has no taken card left to pass over: {tally:?}"
    );
    // Two starter decks play a Duelist Setup: their players swap starting cards for
    // Cardlist cards, shown, and their decks go through a reshuffle round before turn 1.
    assert!(
        tally.starting_swaps > 0 && tally.cardlist_cards_taken >= tally.starting_swaps,
        "no Duelist Setup swap in 40 games: {tally:?}"
    );
}

#[test]
fn searches_without_a_shuffle_pass_over_taken_cards_and_verify() {
    // With `shuffle_after_search = false` a searched deck keeps its secret order: draws
    // that reach a taken card's position move on to the next one.
    let (rules, decks) = common::load("kingdom-duels");
    let mut format = rules.format.clone();
    format.agreement.shuffle_after_search = false;
    let rules = fairduel_engine::duel::Rules::new(format, rules.pool.clone());
    let tally = agreed_games(&rules, &decks, 40);
    assert!(tally.searched > 0, "no search in 40 games: {tally:?}");
    assert!(
        tally.positions_passed > 0,
        "no draw reached a searched card's position in 40 games: {tally:?}"
    );
}

fn agreed_games(
    rules: &std::sync::Arc<fairduel_engine::duel::Rules>,
    decks: &[fairduel_engine::deck::DeckList],
    games: u64,
) -> fairduel_sim::selfplay::AgreementTally {
    let mut tally = fairduel_sim::selfplay::AgreementTally::default();
    for seed in 0..games {
        let game = play_protocol_game(
            rules,
            "kingdom-duels",
            &common::seating(decks, seed, 2),
            seed,
            BotKind::Random,
            true,
        )
        .unwrap_or_else(|e| panic!("kingdom-duels: {e}"));
        let report = game.audit.expect("audited");
        assert!(report.all_verified(), "game {seed}: {:?}", report.verdicts);
        tally.add(&game.agreements);
    }
    tally
}
