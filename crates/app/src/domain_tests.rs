//! Domain Format in the window, driven as a player drives it (egui_kittest): each side's
//! Deck Master Zone says whose Deck Master it is and what its summon costs; once a monster
//! of mine can be its tribute, clicking my zone offers its summons, and choosing one brings
//! it onto the field.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fairduel_engine::player::DeckMasterPlace;
use fairduel_engine::{Action, Decision};

use crate::app::{FairDuelApp, LaunchOptions, Settings};
use crate::app_tests::{
    harness, labels_containing, my_turn_ready, over, settle, step_of, step_until, view, wait_after,
};
use crate::catalog::tests::project_assets;
use crate::field_tests::summon_a_monster;
use crate::home::MatchRequest;

fn domain_app(seed: u64) -> FairDuelApp {
    domain_app_in("domain", seed)
}

fn domain_app_in(format: &str, seed: u64) -> FairDuelApp {
    let options = LaunchOptions {
        assets: project_assets(),
        seed: Some(seed),
        bot_delay: Some(std::time::Duration::ZERO),
        quick_match: Some(MatchRequest {
            format: format.to_owned(),
            // Birdface, Level 5: summoned from its zone with one tribute.
            deck: "sky-domain".to_owned(),
            bot_deck: "dark-magician-domain".to_owned(),
            card_database: None,
        }),
        ..LaunchOptions::default()
    };
    let settings = Settings {
        player_name: "Ada".to_owned(),
        bot_delay_ms: 0,
        ..Settings::default()
    };
    FairDuelApp::new(options, settings)
}

/// Plays the match of `seed` up to my Main Phase with my Deck Master summonable (a monster
/// of mine to tribute on the field); `None` if the bot's attacks end the duel first.
fn up_to_a_deck_master_summon(seed: u64) -> Option<Harness<'static, FairDuelApp>> {
    let mut h = harness(domain_app(seed));
    h.run();
    step_until(&mut h, "the board", |h| view(h).is_some());
    // Both Deck Master Zones, each naming its Deck Master and its cost.
    h.get_by_label_contains("Deck Master Birdface, in the Deck Master Zone");
    h.get_by_label_contains("Deck Master Dark Magician, in the Deck Master Zone");
    // My Main Phase with the Deck Master still summonable; any other question asked of me
    // meanwhile (a response window, an outcome to accept) gets its first answer.
    loop {
        step_until(&mut h, "my decision", |h| my_turn_ready(h) || over(h));
        let ready = view(&h).is_some_and(|v| {
            matches!(v.awaiting().decision(), Some((s, Decision::Main)) if s == v.seat)
                && v.legal
                    .iter()
                    .any(|a| matches!(a, Action::SummonDeckMaster { .. }))
        });
        if ready {
            return Some(h);
        }
        if over(&h) {
            return None;
        }
        let my_main = view(&h).is_some_and(|v| v.awaiting().is_main_of(v.seat));
        if my_main {
            // A monster to tribute first, then the turn ends.
            let no_monster = view(&h).is_some_and(|v| {
                v.duel
                    .state()
                    .cells
                    .iter()
                    .flatten()
                    .all(|p| p.controller != v.seat)
            });
            if no_monster {
                summon_a_monster(&mut h);
                step_until(&mut h, "my decision", |h| my_turn_ready(h) || over(h));
            }
            let before = step_of(&h);
            h.key_press(egui::Key::Enter);
            wait_after(&mut h, before, "the end of my turn");
            continue;
        }
        let before = step_of(&h);
        h.key_press(egui::Key::Num1);
        wait_after(&mut h, before, "my answer");
    }
}

#[test]
fn the_deck_master_is_summoned_by_clicking_its_zone() {
    // The bot may destroy every monster I summon before it can be a tribute: the first of
    // a few seeded matches where one survives to my next turn is played on.
    let mut h = (1..=12)
        .find_map(up_to_a_deck_master_summon)
        .expect("in one of 12 matches a monster of mine survives to be the tribute");
    let zone = labels_containing(&h, "Deck Master Birdface, in the Deck Master Zone")
        .into_iter()
        .next()
        .expect("my Deck Master's zone");
    assert!(
        zone.contains("costs 0 LP") && zone.contains("click to summon it"),
        "{zone}"
    );
    h.get_by_role_and_label(Role::Button, &zone).click();
    settle(&mut h);
    assert!(
        !labels_containing(&h, "Summon your Deck Master from the Deck Master Zone").is_empty(),
        "clicking my Deck Master Zone offers its summons"
    );
    let before = step_of(&h);
    h.key_press(egui::Key::Num1);
    wait_after(&mut h, before, "the Deck Master's summon");
    let v = view(&h).expect("the board");
    assert_eq!(
        v.duel.deck_master_place(v.seat),
        Some(DeckMasterPlace::Field)
    );
    assert!(
        !labels_containing(&h, "Deck Master Birdface, in the field").is_empty(),
        "the zone says where the Deck Master went"
    );
}

/// A match against the bot in `format_name` with the cards of the fixture card database
/// set under Settings, started from the home screen; `None` (skipped, and said so) without
/// ../shared.
fn against_the_bot_with_my_card_database(
    format_name: &str,
) -> Option<Harness<'static, FairDuelApp>> {
    let cdb = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/ygopro/goat-entries.cdb");
    if !cdb.is_file() {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            cdb.display()
        );
        return None;
    }
    let options = LaunchOptions {
        assets: project_assets(),
        seed: Some(3),
        bot_delay: Some(std::time::Duration::ZERO),
        ..LaunchOptions::default()
    };
    let settings = Settings {
        player_name: "Ada".to_owned(),
        bot_delay_ms: 0,
        card_database: cdb.display().to_string(),
        ..Settings::default()
    };
    let mut h = harness(FairDuelApp::new(options, settings));
    h.run();
    crate::app_tests::pick_format(&mut h, format_name);
    h.get_by_label_contains("Play with the cards of my card database")
        .click();
    settle(&mut h);
    crate::app_tests::start_from_home(&mut h);
    Some(h)
}

#[test]
fn domain_against_the_bot_with_the_cards_of_my_card_database() {
    // With a card database in Settings, Domain Format offers to play with its cards: a deck
    // is built for each seat, and both Deck Master Zones hold cards of that database.
    let Some(mut h) = against_the_bot_with_my_card_database("Domain Format") else {
        return;
    };
    step_until(&mut h, "both Deck Master Zones", |h| {
        labels_containing(h, "(GOAT), in the Deck Master Zone").len() == 2
    });
    let pool = view(&h).map(|v| v.duel.pool().name().to_owned());
    assert_eq!(pool.as_deref(), Some(fairduel_carddb::DATABASE_POOL));
}

#[test]
fn dor_modern_against_the_bot_with_the_cards_of_my_card_database() {
    // DOR Modern is played with the card game's cards: with a card database in Settings it
    // offers them too, and each seat's Deck Leader is one of them.
    let Some(mut h) = against_the_bot_with_my_card_database("DOR Modern") else {
        return;
    };
    step_until(&mut h, "the board", |h| view(h).is_some());
    let v = view(&h).expect("the board");
    assert_eq!(v.duel.pool().name(), fairduel_carddb::DATABASE_POOL);
    assert!(
        !labels_containing(&h, "Deck Leader").is_empty(),
        "the Deck Leaders stand on the board"
    );
}

#[test]
fn the_two_players_share_two_extra_monster_zones_drawn_once_and_each_has_a_field_zone() {
    let mut h = harness(domain_app(1));
    h.run();
    step_until(&mut h, "the board", |h| view(h).is_some());
    // One button per shared zone, naming both players of the pair.
    for slot in 1..=2 {
        let zones = labels_containing(&h, &format!("Extra Monster Zone {slot} of "));
        assert_eq!(zones.len(), 1, "{zones:?}");
        assert!(
            zones[0].contains("Ada") && zones[0].ends_with(": empty"),
            "{}",
            zones[0]
        );
    }
    assert_eq!(labels_containing(&h, "Your Field Zone").len(), 1);
    assert_eq!(labels_containing(&h, "'s Field Zone").len(), 1);
}

#[test]
fn at_a_table_of_six_the_rotation_and_who_faces_whom_are_shown() {
    let mut h = harness(domain_app_in("domain-6", 1));
    h.run();
    step_until(&mut h, "the board", |h| view(h).is_some());
    let rotation = labels_containing(&h, "Turn rotation: ");
    assert_eq!(rotation.len(), 1, "{rotation:?}");
    for name in ["you", "Bot 1", "Bot 5"] {
        assert!(rotation[0].contains(name), "{}", rotation[0]);
    }
    // Seat 0 faces seat 1, 2 faces 3, 4 faces 5: every side's header says whom it faces.
    let mine = labels_containing(&h, "Ada (you): ");
    assert_eq!(mine.len(), 1, "{mine:?}");
    assert!(mine[0].contains("faces Bot 1"), "{}", mine[0]);
    let across = labels_containing(&h, "Bot 1: ");
    assert!(across.iter().any(|l| l.contains("faces you")), "{across:?}");
    assert_eq!(labels_containing(&h, " · faces ").len(), 6);
}
