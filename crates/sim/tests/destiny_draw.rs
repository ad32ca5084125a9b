//! Kairu's Destiny Draw in whole games: seeded games of the Kairu presets through the
//! referee and through the protocol, where players who fall 3000 life points behind make
//! their Destiny Draw, and every record's audit checks the destiny piles; and the deck check
//! that keeps the destiny list's cards out of every deck.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::{BotKind, play_game};

mod common;

#[test]
fn players_far_enough_behind_make_their_destiny_draw_in_referee_games() {
    for preset in ["kairu-dotr", "kairu-dotr-8000", "kairu-dotr-4p"] {
        let (rules, decks) = common::load(preset);
        let seats = usize::from(rules.format.table.players);
        let mut draws = 0;
        for seed in 0..150 {
            let seating = common::seating(&decks, seed, seats);
            let report = play_game(&rules, &seating, seed, BotKind::Random)
                .unwrap_or_else(|e| panic!("{preset}: {e}"));
            // Once per duel and player.
            assert!(
                report.agreements.destiny_draws <= seats as u64,
                "{preset} game {seed}: {} Destiny Draws for {seats} players",
                report.agreements.destiny_draws
            );
            draws += report.agreements.destiny_draws;
        }
        assert!(
            draws > 0,
            "{preset}: nobody made a Destiny Draw in 150 games"
        );
    }
}

/// The greedy bot (the demo's and the network driver's) makes Destiny Draws too: 14 in these
/// 30 games when this test was written.
#[test]
fn the_greedy_bot_takes_its_destiny_draw() {
    let (rules, decks) = common::load("kairu-dotr");
    let mut draws = 0;
    for seed in 0..30 {
        let seating = common::seating(&decks, seed, 2);
        let report = play_game(&rules, &seating, seed, BotKind::Greedy)
            .unwrap_or_else(|e| panic!("kairu-dotr game {seed}: {e}"));
        draws += report.agreements.destiny_draws;
    }
    assert!(draws > 0, "no greedy Kairu game of 30 had a Destiny Draw");
}

#[test]
fn matches_with_destiny_draws_verify_through_the_protocol() {
    let (rules, decks) = common::load("kairu-dotr");
    let mut with_a_destiny_draw = 0;
    for seed in 0..40 {
        let game = play_protocol_game(
            &rules,
            "kairu-dotr",
            &common::seating(&decks, seed, 2),
            seed,
            BotKind::Random,
            true,
        )
        .unwrap_or_else(|e| panic!("game {seed}: {e}"));
        let report = game.audit.expect("audited");
        assert!(report.complete, "game {seed}: end reveals missing");
        assert!(report.all_verified(), "game {seed}: {:?}", report.verdicts);
        if game.agreements.destiny_draws > 0 {
            with_a_destiny_draw += 1;
            if with_a_destiny_draw == 3 {
                return;
            }
        }
    }
    assert!(
        with_a_destiny_draw > 0,
        "no protocol game of 40 had a Destiny Draw"
    );
}

#[test]
fn a_deck_holding_a_destiny_card_is_refused_with_the_card_named() {
    let (rules, decks) = common::load("kairu-dotr");
    let destiny = rules.format.destiny_draw.as_ref().expect("a destiny list");
    // Every starter deck stays legal with the list.
    for deck in &decks {
        deck.validate(&rules.pool, &rules.format)
            .unwrap_or_else(|e| panic!("{}: {e}", deck.name));
    }
    let mut stuffed = decks[0].clone();
    stuffed.main[0] = destiny.cards[0];
    let refused = stuffed
        .validate(&rules.pool, &rules.format)
        .expect_err("a destiny card in the main deck");
    let name = &rules.pool.get(destiny.cards[0]).unwrap().name;
    assert!(refused.contains(name.as_str()), "{refused}");
    assert!(refused.contains("destiny list"), "{refused}");
    // The same deck is legal where the format has no Destiny Draw.
    let (classic, _) = common::load("dor-classic");
    assert!(classic.format.destiny_draw.is_none());
    stuffed
        .validate(&classic.pool, &classic.format)
        .unwrap_or_else(|e| panic!("Classic has no destiny list: {e}"));
}
