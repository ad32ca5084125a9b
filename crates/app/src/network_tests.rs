//! Two app instances in one test, playing each other through real iroh endpoints on
//! loopback: one hosts and shows its ticket, the other pastes it and joins, both play on
//! their boards, and both end on the result screen with the audit verdict and a saved
//! record.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::app::{FairDuelApp, LaunchOptions, Screen, Settings};
use crate::app_tests::{harness, labels_containing};
use crate::catalog::tests::project_assets;
use crate::lobby::Connectivity;

type App = Harness<'static, FairDuelApp>;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// An app of a player with their own data folder and key, playing on this computer only.
fn player(name: &str, dir: &std::path::Path) -> App {
    player_with(name, dir, None)
}

/// The same, with the autopilot playing this player's seat until the given turn begins
/// (`fairduel app --autopilot --autopilot-until-turn N`).
fn player_with(name: &str, dir: &std::path::Path, autopilot_until_turn: Option<u16>) -> App {
    let options = LaunchOptions {
        assets: project_assets(),
        connectivity: Some(Connectivity::Loopback),
        autopilot: autopilot_until_turn.is_some(),
        autopilot_until_turn,
        ..LaunchOptions::default()
    };
    let settings = Settings {
        player_name: name.to_owned(),
        ..Settings::default()
    };
    let app = FairDuelApp::new(options, settings)
        .with_data_dir(Some(dir.to_owned()))
        .with_key_file(Some(dir.join("identity.key")));
    let mut h = harness(app);
    h.run();
    h
}

/// Steps both apps until `done` holds for the pair.
fn step_both(a: &mut App, b: &mut App, what: &str, mut done: impl FnMut(&App, &App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        a.step();
        b.step();
        if done(a, b) {
            a.step();
            b.step();
            return;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn on_board(h: &App) -> bool {
    h.state().screen == Screen::Match
        && h.state()
            .game
            .as_ref()
            .is_some_and(|g| g.model.view.is_some())
}

fn my_main_phase(h: &App) -> bool {
    h.state().game.as_ref().is_some_and(|g| {
        !g.model.waiting
            && g.model
                .view
                .as_ref()
                .is_some_and(|v| v.awaiting().is_main_of(v.seat))
    })
}

fn log_has(h: &App, text: &str) -> bool {
    h.state()
        .game
        .as_ref()
        .is_some_and(|g| g.model.log.iter().any(|l| l.text.contains(text)))
}

/// The host clicks "Host a match"; the joiner pastes the ticket shown and joins. Returns
/// the ticket once both boards show the match.
fn host_and_join(host: &mut App, joiner: &mut App) -> String {
    host.get_by_role_and_label(Role::Button, "Host a match")
        .click();
    step_both(host, joiner, "the host's ticket", |h, _| {
        h.state()
            .pending
            .as_ref()
            .is_some_and(|p| p.ticket.is_some())
    });
    let ticket = host
        .state()
        .pending
        .as_ref()
        .and_then(|p| p.ticket.as_ref())
        .map(ToString::to_string)
        .unwrap_or_default();
    joiner.get_by_label("Ticket").focus();
    joiner.run();
    joiner.get_by_label("Ticket").type_text(&ticket);
    joiner.run();
    joiner.get_by_role_and_label(Role::Button, "Join").click();
    step_both(host, joiner, "both boards", |h, j| {
        on_board(h) && on_board(j)
    });
    ticket
}

fn entries(h: &App) -> u64 {
    h.state()
        .game
        .as_ref()
        .and_then(|g| g.model.view.as_ref())
        .map_or(0, |v| v.step)
}

#[test]
fn a_joiner_that_closed_the_app_resumes_from_the_home_screen_and_the_match_finishes() {
    let host_dir = temp_dir("app-resume-host");
    let join_dir = temp_dir("app-resume-join");
    let mut host = player("Ada", &host_dir);
    // The joiner's autopilot hands the seat back when turn 6 begins: a fixed point to stop
    // at, however fast the bots play.
    let mut joiner = player_with("Grace", &join_dir, Some(6));
    host_and_join(&mut host, &mut joiner);
    host.get_by_label("Autopilot").click();
    step_both(
        &mut host,
        &mut joiner,
        "turn 6, the joiner's to decide",
        |_, j| {
            j.state().game.as_ref().is_some_and(|g| {
                g.model
                    .view
                    .as_ref()
                    .is_some_and(|v| v.duel.state().turn >= 6 && !v.autopilot && v.my_decision())
            })
        },
    );
    let played = entries(&joiner);
    // The joiner's app goes away mid-match.
    drop(joiner);

    // Reopened, the app lists the unfinished match; Resume continues it.
    let mut joiner = player("Grace", &join_dir);
    joiner.get_by_label("Unfinished matches");
    joiner.get_by_label_contains("you joined");
    let saved = joiner.state().unfinished.first().map_or(0, |u| u.entries);
    assert!(
        saved as u64 >= played,
        "every entry seen was saved: {saved} of {played}"
    );
    joiner.get_by_role_and_label(Role::Button, "Resume").click();
    step_both(&mut host, &mut joiner, "the board again", |_, j| {
        on_board(j)
    });
    joiner.get_by_label("Autopilot").click();
    step_both(&mut host, &mut joiner, "both audits", |h, j| {
        [h, j].iter().all(|x| {
            x.state()
                .game
                .as_ref()
                .is_some_and(|g| g.model.end.as_ref().is_some_and(|e| e.audit.all_verified()))
        })
    });
    // Finished: it is no longer offered for resuming.
    joiner
        .get_by_role_and_label(Role::Button, "Back to home")
        .click();
    joiner.run();
    joiner.run();
    assert!(joiner.state().unfinished.is_empty());
    drop(host);
    drop(joiner);
    let _ = std::fs::remove_dir_all(&host_dir);
    let _ = std::fs::remove_dir_all(&join_dir);
}

#[test]
fn two_apps_host_and_join_over_loopback_play_and_both_see_the_verdict() {
    let host_dir = temp_dir("app-host");
    let join_dir = temp_dir("app-join");
    let mut host = player("Ada", &host_dir);
    let mut joiner = player("Grace", &join_dir);

    // The host shows a ticket, with a copy button and its QR code.
    host.get_by_role_and_label(Role::Button, "Host a match")
        .click();
    step_both(&mut host, &mut joiner, "the host's ticket", |h, _| {
        h.state()
            .pending
            .as_ref()
            .is_some_and(|p| p.ticket.is_some())
    });
    assert_eq!(host.state().screen, Screen::Lobby);
    let ticket = host
        .state()
        .pending
        .as_ref()
        .and_then(|p| p.ticket.as_ref())
        .map(ToString::to_string)
        .unwrap_or_default();
    host.get_by_label(&ticket);
    host.get_by_role_and_label(Role::Button, "Copy ticket");
    host.get_by_label_contains("Waiting for the other player");

    // The joiner pastes it and joins.
    joiner.get_by_label("Ticket").focus();
    joiner.run();
    joiner.get_by_label("Ticket").type_text(&ticket);
    joiner.run();
    joiner.get_by_role_and_label(Role::Button, "Join").click();
    step_both(&mut host, &mut joiner, "both boards", |h, j| {
        on_board(h) && on_board(j)
    });

    // Each fairness panel names the other's key and a direct loopback connection.
    let fingerprint = |h: &App| {
        let game = h.state().game.as_ref()?;
        let peers = &game.model.view.as_ref()?.fairness.peers;
        assert_eq!(peers.len(), 1, "two seats: one other player");
        let peer = &peers[0];
        Some((
            peer.key.clone(),
            format!("{}'s key: {}", game.model.name(peer.seat), peer.key),
        ))
    };
    let (host_sees, host_label) = fingerprint(&host).expect("the host's board");
    let (joiner_sees, joiner_label) = fingerprint(&joiner).expect("the joiner's board");
    assert!(!host_sees.is_empty() && host_sees != joiner_sees);
    host.get_by_label(&host_label);
    joiner.get_by_label(&joiner_label);
    step_both(
        &mut host,
        &mut joiner,
        "a direct connection shown",
        |h, j| {
            [h, j]
                .iter()
                .all(|x| !labels_containing(x, "Connection: direct").is_empty())
        },
    );

    // Whoever moves first ends the turn with Enter; the other side sees it in its log and
    // its verified-entry count grows.
    step_both(&mut host, &mut joiner, "someone's main phase", |h, j| {
        my_main_phase(h) || my_main_phase(j)
    });
    let (first, second) = if my_main_phase(&host) {
        (&mut host, &mut joiner)
    } else {
        (&mut joiner, &mut host)
    };
    let name = first.state().settings.player_name.clone();
    first.key_press(egui::Key::Enter);
    step_both(
        first,
        second,
        "the end of the turn on the other board",
        |f, s| {
            let line = format!("{name} ends the turn");
            log_has(f, &line) && log_has(s, &line)
        },
    );
    let verified = second
        .state()
        .game
        .as_ref()
        .and_then(|g| g.model.view.as_ref())
        .map_or(0, |v| v.fairness.entries_verified);
    assert!(verified > 0, "the other side's entries were checked");

    // Both hand their seats to the autopilot and play to the end.
    host.get_by_label("Autopilot").click();
    joiner.get_by_label("Autopilot").click();
    step_both(&mut host, &mut joiner, "both audits", |h, j| {
        [h, j].iter().all(|x| {
            x.state()
                .game
                .as_ref()
                .is_some_and(|g| g.model.end.is_some())
        })
    });
    step_both(&mut host, &mut joiner, "both result screens", |h, j| {
        h.state().screen == Screen::Result && j.state().screen == Screen::Result
    });
    for (h, dir, me, them) in [
        (&host, &host_dir, "Ada", "Grace"),
        (&joiner, &join_dir, "Grace", "Ada"),
    ] {
        h.get_by_label("The duel is over");
        h.get_by_label_contains("Every seat verified");
        h.get_by_label(&format!("{me} (you): verified: played fairly"));
        h.get_by_label(&format!("{them}: verified: played fairly"));
        let saved = labels_containing(h, "Match record saved: ");
        assert_eq!(saved.len(), 1, "{saved:?}");
        let path = PathBuf::from(saved[0].trim_start_matches("Match record saved: "));
        assert!(path.starts_with(dir.join("records")), "{}", path.display());
        assert!(path.is_file());
        // The match file was kept as it went, for a resume after a crash.
        let matches = std::fs::read_dir(dir.join("matches")).map_or(0, Iterator::count);
        assert_eq!(matches, 1);
    }

    // Opening the record from the result screen shows it on the records screen.
    host.get_by_role_and_label(Role::Button, "Open the record")
        .click();
    host.run();
    assert_eq!(host.state().screen, Screen::Records);
    drop(host);
    drop(joiner);
    let _ = std::fs::remove_dir_all(&host_dir);
    let _ = std::fs::remove_dir_all(&join_dir);
}

#[test]
fn cancelling_a_hosted_match_goes_home_and_stops_hosting() {
    let dir = temp_dir("app-cancel");
    let mut host = player("Ada", &dir);
    host.get_by_role_and_label(Role::Button, "Host a match")
        .click();
    let deadline = Instant::now() + Duration::from_secs(30);
    while host
        .state()
        .pending
        .as_ref()
        .is_none_or(|p| p.ticket.is_none())
    {
        assert!(Instant::now() < deadline, "no ticket");
        host.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    let ticket = host
        .state()
        .pending
        .as_ref()
        .and_then(|p| p.ticket.as_ref())
        .map(ToString::to_string)
        .unwrap_or_default();
    host.get_by_role_and_label(Role::Button, "Cancel").click();
    // Stopping the endpoint takes a moment on a busy machine (a whole workspace's tests run
    // beside it: 30 s was once not enough): the spinner keeps repainting until it is done,
    // so step instead of waiting for the window to settle.
    let deadline = Instant::now() + Duration::from_secs(90);
    while host.state().screen != Screen::Home || host.state().pending.is_some() {
        assert!(
            Instant::now() < deadline,
            "the cancelled match never went home"
        );
        host.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(host.state().screen, Screen::Home);
    assert!(host.state().pending.is_none());

    // Nobody is there any more: a player with the old ticket is told so.
    let other = temp_dir("app-cancel-other");
    let mut joiner = player("Grace", &other);
    joiner.get_by_label("Ticket").focus();
    joiner.run();
    joiner.get_by_label("Ticket").type_text(&ticket);
    joiner.run();
    joiner.get_by_role_and_label(Role::Button, "Join").click();
    step_both(&mut host, &mut joiner, "the join to fail", |_, j| {
        j.state()
            .pending
            .as_ref()
            .is_some_and(|p| p.error.is_some())
    });
    assert!(
        host.state().game.is_none(),
        "the cancelled host started nothing"
    );
    joiner.get_by_role_and_label(Role::Button, "Back").click();
    joiner.run();
    assert_eq!(joiner.state().screen, Screen::Home);
    drop(host);
    drop(joiner);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&other);
}

#[test]
fn a_domain_match_with_my_card_database_is_hosted_joined_played_and_its_record_reopened() {
    // Both players set the same simulator database under Settings and tick "Play with the
    // cards of my card database"; each plays a deck built from it (no deck file given).
    let cdb = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/ygopro/goat-entries.cdb");
    if !cdb.is_file() {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            cdb.display()
        );
        return;
    }
    let host_dir = temp_dir("app-db-host");
    let join_dir = temp_dir("app-db-join");
    let mut host = player("Ada", &host_dir);
    let mut joiner = player("Grace", &join_dir);
    for h in [&mut host, &mut joiner] {
        h.state_mut().settings.card_database = cdb.display().to_string();
        h.run();
        crate::app_tests::pick_format(h, "Domain Format");
        h.get_by_label_contains("Play with the cards of my card database")
            .click();
        h.run();
        h.get_by_label("Your deck against a friend");
    }
    host_and_join(&mut host, &mut joiner);
    for h in [&host, &joiner] {
        let pool = h
            .state()
            .game
            .as_ref()
            .and_then(|g| g.model.view.as_ref())
            .map(|v| v.duel.pool().name().to_owned());
        assert_eq!(pool.as_deref(), Some(fairduel_carddb::DATABASE_POOL));
        assert_eq!(
            labels_containing(h, "(GOAT), in the Deck Master Zone").len(),
            2
        );
    }
    host.get_by_label("Autopilot").click();
    joiner.get_by_label("Autopilot").click();
    step_both(&mut host, &mut joiner, "both audits", |h, j| {
        [h, j].iter().all(|x| {
            x.state()
                .game
                .as_ref()
                .is_some_and(|g| g.model.end.is_some())
        })
    });
    step_both(&mut host, &mut joiner, "both result screens", |h, j| {
        h.state().screen == Screen::Result && j.state().screen == Screen::Result
    });
    host.get_by_label_contains("Every seat verified");
    joiner.get_by_label_contains("Every seat verified");

    // The record replays with the database in the settings; without it, the records screen
    // says which database to set.
    host.get_by_role_and_label(Role::Button, "Open the record")
        .click();
    host.run();
    assert_eq!(host.state().screen, Screen::Records);
    let opened = host
        .state()
        .records
        .open
        .as_ref()
        .map(|o| o.content.is_ok());
    assert_eq!(opened, Some(true), "the record opens with the database");
    let path = host
        .state()
        .records
        .open
        .as_ref()
        .map(|o| o.path.clone())
        .expect("a record");
    host.state_mut().settings.card_database.clear();
    host.state_mut().open_path(&path);
    host.run();
    let refused = host
        .state()
        .records
        .open
        .as_ref()
        .and_then(|o| o.content.as_ref().err().cloned())
        .expect("refused without the database");
    assert!(
        refused.contains("Set that database under Settings"),
        "{refused}"
    );
    drop(host);
    drop(joiner);
    let _ = std::fs::remove_dir_all(&host_dir);
    let _ = std::fs::remove_dir_all(&join_dir);
}
