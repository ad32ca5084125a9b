//! Opening files as on a desktop, driven through egui_kittest: dropped on the window,
//! picked with "Browse…", or named on the command line.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::{FairDuelApp, LaunchOptions, Screen, Settings};
use crate::app_tests::{app, harness, labels_containing, settle};
use crate::catalog::tests::project_assets;
use crate::deckstore::tests::TempDir;
use crate::open_file::{FileKind, FilePicker};
use crate::screens_tests::write_record;

/// A file as the windowing backend hands a drop to egui.
#[derive(Debug)]
struct Dropped(PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}

fn drop_file(h: &mut Harness<'static, FairDuelApp>, path: &Path) {
    h.input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.to_path_buf())));
    settle(h);
}

fn has(h: &Harness<'static, FairDuelApp>, text: &str) -> bool {
    !labels_containing(h, text).is_empty()
}

fn ydk_file(dir: &Path) -> PathBuf {
    let path = dir.join("dropped deck.ydk");
    std::fs::write(
        &path,
        "#main\n89631139\n89631139\n46986414\n#extra\n!side\n",
    )
    .expect("write");
    path
}

#[test]
fn a_record_dropped_on_the_window_opens_on_the_records_screen_with_its_verdicts() {
    let data = TempDir::new("drop-record");
    let (record, _) = write_record(&data.0);
    let mut h = harness(app(1).with_data_dir(Some(data.0.clone())));
    h.run();
    assert_eq!(h.state().screen, Screen::Home);
    drop_file(&mut h, &record);
    assert_eq!(h.state().screen, Screen::Records);
    assert_eq!(labels_containing(&h, "played fairly").len(), 2);
}

#[test]
fn a_ydk_dropped_during_anything_but_hosting_is_imported_into_the_deck_editor() {
    let data = TempDir::new("drop-ydk");
    let deck = ydk_file(&data.0);
    let mut h = harness(app(1).with_data_dir(Some(data.0.clone())));
    h.run();
    h.state_mut().screen = Screen::Records;
    drop_file(&mut h, &deck);
    assert_eq!(h.state().screen, Screen::Decks);
    assert!(
        has(&h, "Imported 3 of 3 main-deck cards"),
        "{:?}",
        labels_containing(&h, "mport")
    );
    assert_eq!(
        h.state().decks.editor.as_ref().map(|d| d.name.as_str()),
        Some("dropped deck")
    );

    // While hosting, a drop would leave the lobby unseen: it is ignored.
    h.state_mut().decks.editor = None;
    h.state_mut().screen = Screen::Lobby;
    drop_file(&mut h, &deck);
    assert_ne!(h.state().screen, Screen::Decks);
    assert!(h.state().decks.editor.is_none());
}

#[test]
fn a_fairduel_deck_file_dropped_opens_in_the_editor_and_a_broken_one_is_named() {
    let data = TempDir::new("drop-toml");
    let mut h = harness(app(1).with_data_dir(Some(data.0.clone())));
    h.run();
    let starter = project_assets().join("decks/forest-pack.toml");
    drop_file(&mut h, &starter);
    assert_eq!(h.state().screen, Screen::Decks);
    assert!(
        has(&h, "Opened Forest Pack (40 main-deck cards)"),
        "{:?}",
        labels_containing(&h, "Opened")
    );
    assert_eq!(
        h.state().decks.editor.as_ref().map(|d| d.main_len()),
        Some(40)
    );

    let broken = data.0.join("broken.toml");
    std::fs::write(&broken, "name = \"Half a deck\"\nleader = 9999\n").expect("write");
    drop_file(&mut h, &broken);
    assert!(
        has(&h, "is not a FairDuel deck this card pool can open"),
        "{:?}",
        labels_containing(&h, "deck")
    );
    // The broken file is left as it was.
    assert!(
        std::fs::read_to_string(&broken)
            .expect("kept")
            .contains("Half a deck")
    );
}

#[test]
fn a_dropped_file_that_is_no_record_says_so_and_a_saved_match_points_to_resuming() {
    let data = TempDir::new("drop-junk");
    let junk = data.0.join("holiday.png");
    std::fs::write(&junk, b"\x89PNG not a record").expect("write");
    let mut h = harness(app(1).with_data_dir(Some(data.0.clone())));
    h.run();
    drop_file(&mut h, &junk);
    assert_eq!(h.state().screen, Screen::Records);
    assert!(
        has(&h, "not a FairDuel match record"),
        "{:?}",
        labels_containing(&h, "record")
    );

    let saved = data.0.join("0123abcd.fdmatch");
    std::fs::write(&saved, b"whatever").expect("write");
    drop_file(&mut h, &saved);
    assert_eq!(h.state().screen, Screen::Home);
    assert!(has(&h, "is a match in progress, not a record"));
    // Nothing was written over or removed.
    assert_eq!(std::fs::read(&saved).expect("still there"), b"whatever");
}

#[test]
fn browse_opens_the_file_dialog_and_the_file_chosen_there_is_opened() {
    let data = TempDir::new("browse");
    let (record, _) = write_record(&data.0);
    let deck = ydk_file(&data.0);
    let (record_pick, deck_pick) = (record.clone(), deck.clone());
    let mut app = app(1).with_data_dir(Some(data.0.clone()));
    app.picker = FilePicker::with(Arc::new(move |kind| match kind {
        FileKind::Record => Some(record_pick.clone()),
        FileKind::YdkDeck => Some(deck_pick.clone()),
        FileKind::FairDuelDeck | FileKind::MatchInProgress => None,
    }));
    let mut h = harness(app);
    h.run();
    h.get_by_role_and_label(Role::Button, "Records").click();
    settle(&mut h);
    h.get_by_role_and_label(Role::Button, "Browse…").click();
    for _ in 0..100 {
        settle(&mut h);
        if h.state().records.open.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert_eq!(
        h.state().records.open.as_ref().map(|o| o.path.clone()),
        Some(record)
    );
    assert_eq!(labels_containing(&h, "played fairly").len(), 2);

    h.get_by_role_and_label(Role::Button, "Decks").click();
    settle(&mut h);
    h.get_by_role_and_label(Role::Button, "Browse…").click();
    for _ in 0..100 {
        settle(&mut h);
        if h.state().decks.editor.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(has(&h, "Imported 3 of 3 main-deck cards"));
    assert_eq!(h.state().decks.ydk_path, deck.display().to_string());
}

#[test]
fn a_file_named_on_the_command_line_is_open_when_the_window_first_shows() {
    let data = TempDir::new("launch-file");
    let (record, _) = write_record(&data.0);
    let options = LaunchOptions {
        assets: project_assets(),
        seed: Some(1),
        open_file: Some(record),
        ..LaunchOptions::default()
    };
    let app = FairDuelApp::new(options, Settings::default()).with_data_dir(Some(data.0.clone()));
    let mut h = harness(app);
    h.run();
    assert_eq!(h.state().screen, Screen::Records);
    assert_eq!(labels_containing(&h, "played fairly").len(), 2);
}
