//! The decks and records screens driven as a player drives them (egui_kittest), with the
//! data folder in a temporary directory so the player's real folder is never touched.

use std::path::Path;
use std::sync::Arc;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;

use crate::app::{FairDuelApp, Screen};
use crate::app_tests::{app, harness, labels_containing, settle};
use crate::deckstore::tests::TempDir;

fn app_with_data(dir: &Path) -> FairDuelApp {
    app(1).with_data_dir(Some(dir.to_path_buf()))
}

fn click_button(h: &mut Harness<'static, FairDuelApp>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).click();
    settle(h);
}

fn has(h: &Harness<'static, FairDuelApp>, text: &str) -> bool {
    !labels_containing(h, text).is_empty()
}

/// Replaces the text of the field labelled `label`.
fn type_into(h: &mut Harness<'static, FairDuelApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run();
    h.key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    h.get_by_label(label).type_text(text);
    settle(h);
}

/// Searches the pool and selects the row of card `number`.
fn select_pool_card(h: &mut Harness<'static, FairDuelApp>, number: u16) {
    type_into(h, "Search by name or number", &format!("#{number}"));
    let prefix = format!("#{number:03} ");
    h.get_by(|n| {
        n.label().is_some_and(|l| l.starts_with(&prefix)) || {
            n.value().is_some_and(|v| v.starts_with(&prefix))
        }
    })
    .click();
    settle(h);
}

#[test]
fn a_copied_deck_is_edited_checked_saved_and_offered_for_a_match() {
    let data = TempDir::new("app-build");
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Decks");
    // The first deck shown is Dragon's Hoard; copy it into the editor.
    click_button(&mut h, "Copy this deck");
    assert!(
        has(&h, "Legal in Kairu's DOTR."),
        "a copy of a legal deck is legal"
    );

    // Take one Blackland Fire Dragon (#004) out: the deck is one card short, and says so.
    select_pool_card(&mut h, 4);
    assert!(has(&h, "In the deck: 3"));
    click_button(&mut h, "Remove one");
    assert!(has(&h, "Not legal in Kairu's DOTR yet:"));
    assert!(
        has(
            &h,
            "The main deck holds 39 cards; Kairu's DOTR needs exactly 40."
        ),
        "{:?}",
        labels_containing(&h, "main deck")
    );
    // A fourth copy is too many.
    click_button(&mut h, "Add to deck");
    click_button(&mut h, "Add to deck");
    assert!(has(&h, "4 copies of Blackland Fire Dragon"));
    click_button(&mut h, "Remove one");
    assert!(has(&h, "Legal in Kairu's DOTR."));

    // A new Deck Leader, a name, and save.
    select_pool_card(&mut h, 21);
    click_button(&mut h, "Make Deck Leader");
    assert!(has(&h, "Deck Leader: Baby Dragon"));
    // The leader comes from the deck: with three more Baby Dragons it is a fourth copy.
    assert!(
        has(
            &h,
            "4 copies of Baby Dragon (the Deck Leader counts: it comes from the deck)"
        ),
        "{:?}",
        labels_containing(&h, "copies")
    );
    click_button(&mut h, "Remove one");
    select_pool_card(&mut h, 32);
    click_button(&mut h, "Add to deck");
    assert!(has(&h, "Legal in Kairu's DOTR."));
    type_into(&mut h, "Deck name", "My Hoard");
    click_button(&mut h, "Save deck");
    let file = data.0.join("decks").join("my-hoard.toml");
    assert!(
        has(&h, "Saved My Hoard to"),
        "{:?}",
        labels_containing(&h, "ave")
    );
    let text = std::fs::read_to_string(&file).expect("the deck file is written");
    assert!(
        text.contains("name = \"My Hoard\"") && text.contains("leader = 21"),
        "{text}"
    );
    click_button(&mut h, "Close the editor");

    // A fresh start reads it back, and it is offered as a deck for the bot match.
    let mut h = harness(app_with_data(&data.0));
    h.run();
    let catalog = h.state().catalog().expect("catalog");
    let saved = catalog
        .deck("saved:my-hoard")
        .expect("the saved deck is loaded");
    assert_eq!(saved.name, "My Hoard");
    h.get_by_label("Your deck").click();
    h.run();
    h.get_by_label("My Hoard (saved)").click();
    settle(&mut h);
    assert_eq!(h.state().home.deck, "saved:my-hoard");
    click_button(&mut h, "Start match");
    for _ in 0..200 {
        if h.state().screen == Screen::Match {
            break;
        }
        h.step();
    }
    assert_eq!(
        h.state().screen,
        Screen::Match,
        "the saved deck starts a match"
    );
}

#[test]
fn fusion_monsters_go_into_the_extra_deck_from_the_editor() {
    let data = TempDir::new("app-extra");
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Decks");
    click_button(&mut h, "Copy this deck");
    // Queen of Autumn Leaves (#667): a plant and almost anything fuse into it.
    select_pool_card(&mut h, 667);
    assert!(has(&h, "In the Extra Deck: 0"));
    click_button(&mut h, "Add to Extra Deck");
    click_button(&mut h, "Add to Extra Deck");
    assert!(has(&h, "In the Extra Deck: 2"));
    assert!(
        has(&h, "2x Queen of Autumn Leaves"),
        "the deck's list shows it"
    );
    // Beside Dragon's Hoard's own Red-Eyes Black Metal Dragon.
    assert!(has(&h, "Extra Deck (3)"));
    click_button(&mut h, "Remove one from Extra Deck");
    assert!(has(&h, "In the Extra Deck: 1"));
    assert!(has(&h, "Legal in Kairu's DOTR."));
    // A monster no fusion makes is offered no Extra Deck button.
    select_pool_card(&mut h, 8);
    assert!(!has(&h, "In the Extra Deck:"));
    assert!(
        h.query_by_role_and_label(Role::Button, "Add to Extra Deck")
            .is_none()
    );
}

#[test]
fn a_new_deck_asks_for_a_leader_and_a_broken_saved_file_is_listed_untouched() {
    let data = TempDir::new("app-broken");
    let decks = data.0.join("decks");
    std::fs::create_dir_all(&decks).expect("dir");
    let broken = decks.join("new-deck.toml");
    std::fs::write(&broken, "name = \"New deck\"\nleader = [").expect("write");
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Decks");
    assert!(has(&h, "Some saved deck files could not be read:"));
    assert!(has(&h, "new-deck.toml cannot be read"));
    click_button(&mut h, "New deck");
    assert!(has(&h, "There is no Deck Leader yet"));
    assert!(has(&h, "The main deck holds 0 cards"));
    select_pool_card(&mut h, 21);
    click_button(&mut h, "Make Deck Leader");
    click_button(&mut h, "Save deck");
    assert!(
        has(&h, "Not saved:"),
        "saving over a broken file is refused"
    );
    assert!(has(&h, "left untouched"));
    let text = std::fs::read_to_string(&broken).expect("still there");
    assert!(text.ends_with("leader = ["), "the broken file is unchanged");
}

#[test]
fn a_ydk_file_is_imported_with_what_did_not_map_listed_and_exported_back() {
    let data = TempDir::new("app-ydk");
    let input = data.0.join("blue.ydk");
    std::fs::write(
        &input,
        "#created by another tool\r\n#main\r\n89631139\r\n89631139\r\n46986414\r\n\
         12345678\r\nhello\r\n#extra\r\n5053103\r\n!side\r\n",
    )
    .expect("write");
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Decks");
    type_into(
        &mut h,
        "YDK file path or ydke:// link",
        &input.display().to_string(),
    );
    click_button(&mut h, "Import YDK");
    assert!(
        has(&h, "Imported 3 of 4 main-deck cards"),
        "{:?}",
        labels_containing(&h, "mport")
    );
    assert!(has(&h, "YDK has no Deck Leader: pick one."));
    assert!(has(
        &h,
        "line 6: passcode 12345678 is not in the passcode table"
    ));
    assert!(has(&h, "line 7: \"hello\""));
    assert!(has(
        &h,
        "line 9: passcode 5053103 (Battle Ox) is in the extra deck"
    ));
    assert!(has(&h, "There is no Deck Leader yet"));
    assert_eq!(
        h.state()
            .decks
            .editor
            .as_ref()
            .map(|d| (d.name.as_str(), d.main_len())),
        Some(("blue", 3))
    );

    // Export the imported deck: everything in it has a passcode.
    let output = data.0.join("out").join("blue-again.ydk");
    type_into(
        &mut h,
        "YDK file path or ydke:// link",
        &output.display().to_string(),
    );
    click_button(&mut h, "Export YDK");
    assert!(
        has(&h, "Wrote 3 of 3 main-deck cards of blue"),
        "{:?}",
        labels_containing(&h, "rote")
    );
    let text = std::fs::read_to_string(&output).expect("written");
    assert_eq!(text.matches("89631139").count(), 2, "{text}");

    // A starter deck mostly has no known passcodes: export says what it left out.
    click_button(&mut h, "Close without saving");
    click_button(&mut h, "Export YDK");
    assert!(has(&h, "Left out, for want of a known passcode:"));
    assert!(has(&h, "the Deck Leader, Koumori Dragon"));
}

/// A finished, honest match record written where `fairduel demo` writes them.
pub(crate) fn write_record(data: &Path) -> (std::path::PathBuf, usize) {
    write_record_of(data, "kairu-dotr")
}

fn write_record_of(data: &Path, format_id: &str) -> (std::path::PathBuf, usize) {
    let app = app(1);
    let catalog = app.catalog().expect("catalog");
    let format = catalog.format(format_id).expect("format");
    let rules = Arc::clone(&format.rules);
    let decks: Vec<_> = catalog
        .legal_decks(&rules)
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    let game = play_protocol_game(
        &rules,
        format_id,
        &[&decks[0], &decks[1]],
        11,
        BotKind::Greedy,
        true,
    )
    .expect("a game");
    let dir = data.join("records");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("test-match.fdrec");
    std::fs::write(&path, game.record.to_bytes()).expect("write");
    (path, game.record.entries.len())
}

#[test]
fn a_record_shows_both_verdicts_and_replays_to_the_end() {
    let data = TempDir::new("app-record");
    let (_, entries) = write_record(&data.0);
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Records");
    click_button(&mut h, "Open test-match.fdrec");
    for seat in 0..2 {
        assert!(
            has(&h, &format!("Seat {seat} (")) && has(&h, "played fairly"),
            "{:?}",
            labels_containing(&h, "Seat")
        );
    }
    assert_eq!(labels_containing(&h, "played fairly").len(), 2);
    assert!(has(&h, "Result: "));
    let last = entries - 1;
    assert!(
        has(
            &h,
            &format!("Entry 0 of {last}: seat 0 sets up a match of Kairu's DOTR")
        ),
        "{:?}",
        labels_containing(&h, "Entry")
    );
    assert!(has(&h, "No cards are dealt yet"));

    // Step forward until the cards are dealt and the board shows.
    let mut steps = 0;
    while !has(&h, "Turn 1") {
        click_button(&mut h, "Next");
        steps += 1;
        assert!(steps < 20, "the duel begins within the set-up entries");
    }
    assert!(has(&h, &format!("Entry {steps} of {last}")));
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("e9: ")));
    // The arrow keys step too.
    h.key_press(egui::Key::ArrowLeft);
    settle(&mut h);
    assert!(has(&h, &format!("Entry {} of {last}", steps - 1)));
    h.key_press(egui::Key::ArrowRight);
    settle(&mut h);

    // To the end: the last entry is the second reveal, and nothing is past it.
    click_button(&mut h, "Last");
    assert!(
        has(
            &h,
            &format!("Entry {last} of {last}: seat 1 reveals its secrets")
        ),
        "{:?}",
        labels_containing(&h, "Entry")
    );
    assert!(
        h.get_by_role_and_label(Role::Button, "Next")
            .accesskit_node()
            .is_disabled()
    );
    assert!(has(&h, "LP"));
    click_button(&mut h, "Back to the records");
    assert!(h.state().records.open.is_none());
}

/// A Kingdom Duels record replays on the card game's field, seen from either seat.
#[test]
fn a_kingdom_duels_record_replays_on_the_field() {
    let data = TempDir::new("app-record-kd");
    write_record_of(&data.0, "kingdom-duels");
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Records");
    click_button(&mut h, "Open test-match.fdrec");
    assert_eq!(labels_containing(&h, "played fairly").len(), 2);
    let mut steps = 0;
    while !has(&h, "Turn 1") {
        click_button(&mut h, "Next");
        steps += 1;
        assert!(steps < 20, "the duel begins within the set-up entries");
    }
    // Seen from seat 0: my zones under their markers, and seat 1's across.
    assert_eq!(labels_containing(&h, "Your Frontrow ").len(), 5);
    assert_eq!(labels_containing(&h, "Seat 1's Frontrow ").len(), 5);
    assert!(
        labels_containing(&h, "Your Frontrow 1 under ")
            .iter()
            .all(|l| l.contains("(boosts "))
    );
    click_button(&mut h, "Last");
    // By the end of a whole duel, battles have sent cards to a graveyard.
    let graveyards = labels_containing(&h, "'s graveyard: ");
    assert_eq!(graveyards.len(), 2, "{graveyards:?}");
    assert!(
        graveyards.iter().any(|l| !l.ends_with(": 0 cards")),
        "{graveyards:?}"
    );
}

#[test]
fn a_damaged_record_names_the_bad_entry_and_the_app_carries_on() {
    let data = TempDir::new("app-damaged");
    let (path, _) = write_record(&data.0);
    let bytes = std::fs::read(&path).expect("read");
    let cut = data.0.join("cut.fdrec");
    // Cut inside an entry, not between two (where the record would only stop early).
    let inside_an_entry = (bytes.len() / 2..bytes.len())
        .find(|n| {
            fairduel_protocol::MatchRecord::from_bytes(&bytes[..*n])
                .is_err_and(|e| e.to_string().contains("truncated"))
        })
        .expect("a cut inside an entry");
    std::fs::write(&cut, &bytes[..inside_an_entry]).expect("write");
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Records");
    type_into(&mut h, "Record file path", &cut.display().to_string());
    click_button(&mut h, "Open file");
    let message = labels_containing(&h, "record is damaged");
    assert_eq!(message.len(), 1, "{message:?}");
    assert!(
        message[0].contains("entry") && message[0].contains("truncated"),
        "{}",
        message[0]
    );

    // A file that is not a record at all.
    click_button(&mut h, "Back to the records");
    type_into(
        &mut h,
        "Record file path",
        &data.0.join("nothing-here.fdrec").display().to_string(),
    );
    click_button(&mut h, "Open file");
    assert!(has(&h, "Cannot read"));
}

#[test]
fn a_folder_of_card_pictures_is_used_on_the_cards() {
    let dir = std::env::temp_dir().join(format!("fairduel-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let app = crate::app_tests::app(3);
    let pool_ids: Vec<u16> = app
        .catalog()
        .and_then(|c| c.formats.first())
        .map(|f| f.rules.pool.cards().map(|c| c.id.0).collect())
        .unwrap_or_default();
    for id in &pool_ids {
        let picture =
            image::RgbImage::from_fn(12, 16, |x, y| image::Rgb([x as u8 * 20, y as u8 * 15, 90]));
        picture.save(dir.join(format!("{id}.png"))).expect("png");
    }
    let mut h = crate::app_tests::harness(app);
    h.run();
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("Folder").focus();
    h.run();
    h.get_by_label("Folder")
        .type_text(&dir.display().to_string());
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Use this folder")
        .click();
    h.run();
    h.get_by_label(&format!("{} card pictures in use.", pool_ids.len()));

    // The pictures decode and are ready for the cards that show them.
    let ctx = h.ctx.clone();
    let card = fairduel_engine::card::CardId(pool_ids[0]);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let texture = loop {
        if let Some(texture) = crate::images::card_texture(&ctx, card) {
            break texture;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the picture never loaded"
        );
        h.step();
    };
    assert_eq!(texture.size, egui::vec2(12.0, 16.0));

    // A folder that is not there says so, and the cards go back to being drawn.
    h.get_by_label("Folder").focus();
    h.run();
    h.key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    h.get_by_label("Folder").type_text("/no/such/folder");
    h.run();
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Use this folder")
        .click();
    h.run();
    h.get_by_label_contains("cannot read the card picture folder");
    assert!(crate::images::card_texture(&ctx, card).is_none());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_replay_can_show_the_cards_that_were_hidden_once_the_players_revealed_them() {
    let data = TempDir::new("app-record-hidden");
    write_record(&data.0);
    let mut h = harness(app_with_data(&data.0));
    h.run();
    click_button(&mut h, "Records");
    click_button(&mut h, "Open test-match.fdrec");
    let unknown_cells = |h: &Harness<'static, FairDuelApp>| {
        h.query_all(egui_kittest::kittest::By::new().predicate(|n| {
            n.role() == Role::Button
                && n.label().is_some_and(|l| {
                    l.contains("face-down monster") || l.contains("face-down spell or trap")
                })
        }))
        .count()
    };
    // Forward to a position with hidden cards on the board, as a spectator sees it.
    let mut steps = 0;
    while unknown_cells(&h) == 0 {
        click_button(&mut h, "Next");
        steps += 1;
        assert!(steps < 400, "some card is set face-down during the match");
    }
    let hidden = unknown_cells(&h);
    let hand_cards = |h: &Harness<'static, FairDuelApp>, hidden: bool| {
        h.query_all(egui_kittest::kittest::By::new().predicate(move |n| {
            n.label().is_some_and(|l| {
                l.starts_with("Seat ")
                    && l.contains("'s hand ")
                    && l.ends_with(": hidden card") == hidden
            })
        }))
        .count()
    };
    // A spectator sees both hands as backs, none by name.
    assert!(hand_cards(&h, true) > 0, "the hands are shown, face-down");
    assert_eq!(hand_cards(&h, false), 0);
    h.get_by_label("Show the hidden cards (opened by the players' reveals at the end)")
        .click();
    settle(&mut h);
    assert_eq!(unknown_cells(&h), 0, "every hidden card is named");
    assert_eq!(hand_cards(&h, true), 0, "every card in hand is named");
    assert!(hand_cards(&h, false) > 0);
    let named = h
        .query_all(egui_kittest::kittest::By::new().predicate(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.contains("(face-down)"))
        }))
        .count();
    assert!(named >= hidden, "{named} named of {hidden} hidden");
}
