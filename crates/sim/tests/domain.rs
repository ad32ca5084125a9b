//! Domain Format's set-up and deck building, beyond what one scenario file can show: the
//! first turn's draw depends on how many play, and a deck of the shipped pool is held to
//! its Deck Master's Domain.

use std::sync::Arc;

use fairduel_engine::DeckList;
use fairduel_sim::Referee;

mod common;

/// The first player's hand when their first Main Phase begins.
fn first_hand(preset: &str) -> usize {
    let (rules, decks) = common::load(preset);
    let players = usize::from(rules.format.table.players);
    let seating = common::seating(&decks, 1, players);
    let (referee, _) = match Referee::new(Arc::clone(&rules), &seating, 1) {
        Ok(r) => r,
        Err(e) => panic!("{preset}: {e}"),
    };
    let state = referee.duel().state();
    assert_eq!(state.turn, 1);
    state.player(state.active).hand.len()
}

#[test]
fn the_first_player_skips_the_first_draw_only_in_a_two_player_game() {
    // "Each player draws on their first turn; if it's a two player game, the first player
    // doesn't draw on their first turn."
    assert_eq!(first_hand("domain"), 5);
    assert_eq!(first_hand("domain-4"), 6);
    assert_eq!(first_hand("domain-teams-2v2"), 6);
}

#[test]
fn a_monster_outside_the_deck_masters_domain_is_named_with_its_line() {
    let (rules, _) = common::load("domain");
    let path = common::asset_dir().join("decks/domain/dark-magician-domain.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    // Swap the first monster for Mammoth Graveyard (EARTH Dinosaur): outside a DARK
    // Spellcaster's Domain.
    let first = text
        .lines()
        .position(|l| l.trim_start().starts_with("{ card = "))
        .unwrap_or_else(|| panic!("a card line"));
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    lines[first] = "  { card = 435 },  # Mammoth Graveyard".to_owned();
    let broken = lines.join("\n");
    let err = DeckList::from_toml("broken.toml", &broken, &rules.pool, &rules.format)
        .expect_err("outside the Domain");
    let words = err.to_string();
    assert!(words.contains("Mammoth Graveyard"), "{words}");
    assert!(words.contains("outside Dark Magician's Domain"), "{words}");
    assert!(
        words.contains(&format!(":{}:", first + 1)),
        "names the line: {words}"
    );

    // The Deck Master in the deck as well is a second copy.
    lines[first] = "  { card = 60 },  # Dark Magician".to_owned();
    let twice = lines.join("\n");
    let err = DeckList::from_toml("twice.toml", &twice, &rules.pool, &rules.format)
        .expect_err("the Deck Master twice");
    assert!(err.to_string().contains("is the Deck Master"), "{err}");
}
