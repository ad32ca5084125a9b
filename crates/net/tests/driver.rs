//! The lockstep session driver over real iroh endpoints on loopback and in memory: full bot
//! matches, a deliberate desync, and a peer that sends garbage.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::{DeckList, Rules};
use fairduel_net::driver::{
    Command, DriverConfig, MatchEnd, Reconnect, Redial, SeatView, SessionHandle, Update, Wire,
    memory_wires, spawn_session,
};
use fairduel_net::play::{
    MatchSettings, StartedMatch, start_hosted, start_in_memory, start_joined,
};
use fairduel_net::store::Durability;
use fairduel_net::{EndpointOptions, Hello, Host, HostOptions, PlayerEndpoint, join};
use fairduel_protocol::seeded::seeded_peers;
use fairduel_protocol::{Identity, SecretStream};

const FORMAT: &str = "kairu-dotr";
const WAIT: Duration = Duration::from_secs(120);

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-driver-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn settings(rules: &Arc<Rules>, deck: &DeckList, seat: u8, dir: &std::path::Path) -> MatchSettings {
    MatchSettings {
        rules: Arc::clone(rules),
        format_name: FORMAT.to_owned(),
        deck: deck.clone(),
        identity: Identity::from_secret_bytes([seat + 40; 32]),
        matches_dir: Some(dir.join(format!("matches{seat}"))),
        durability: Durability::Flush,
        driver: DriverConfig {
            autopilot: true,
            bot_seed: u64::from(seat) + 7,
            records_dir: Some(dir.join("records")),
            reports_dir: Some(dir.join("reports")),
            ..DriverConfig::default()
        },
        waker: None,
    }
}

fn hello(rules: &Rules) -> Hello {
    Hello::new(
        u32::from(fairduel_protocol::PROTOCOL_VERSION),
        "test",
        rules.format.hash().0,
        rules.pool.hash().0,
    )
}

/// Reads a session's updates until it finishes or fails.
async fn play_out(mut session: SessionHandle) -> (Option<SeatView>, Vec<Update>) {
    let mut last_view = None;
    let mut others = Vec::new();
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let update = tokio::time::timeout_at(deadline, session.recv())
            .await
            .expect("the session ended in time");
        match update {
            Some(Update::View(view)) => last_view = Some(*view),
            Some(update @ (Update::Finished(_) | Update::Failed(_) | Update::Desync(_))) => {
                let done = !matches!(update, Update::Desync(_));
                others.push(update);
                if done {
                    // Keep reading until the task ends, so the goodbye goes out.
                    while let Ok(Some(more)) =
                        tokio::time::timeout(Duration::from_secs(10), session.recv()).await
                    {
                        if let Update::View(view) = more {
                            last_view = Some(*view);
                        } else {
                            others.push(more);
                        }
                    }
                    return (last_view, others);
                }
            }
            Some(other) => others.push(other),
            None => return (last_view, others),
        }
    }
}

fn finished(updates: &[Update]) -> &MatchEnd {
    updates
        .iter()
        .find_map(|u| match u {
            Update::Finished(end) => Some(end.as_ref()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no Finished update in {updates:#?}"))
}

async fn loopback_endpoint(seed: u8) -> PlayerEndpoint {
    PlayerEndpoint::bind([seed + 40; 32], EndpointOptions::loopback())
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_a_whole_match_over_loopback_and_both_records_verify() {
    let (rules, decks) = common::load(FORMAT);
    let dir = temp_dir("loopback");
    let pair = common::pairing(&decks, 5);
    let host_endpoint = loopback_endpoint(0).await;
    let joiner_endpoint = loopback_endpoint(1).await;
    let (ticket, host) = Host::bind(&host_endpoint, hello(&rules), HostOptions::default())
        .await
        .unwrap();
    let host = Arc::new(host);
    let (accepted, joined) = tokio::join!(
        host.accept(),
        join(&joiner_endpoint, &ticket, hello(&rules))
    );
    let redial = Redial {
        endpoint: joiner_endpoint.clone(),
        host: ticket.host_addr().clone(),
        hello: hello(&rules),
    };
    let (hosted, joined): (StartedMatch, StartedMatch) = {
        let (a, b) = tokio::join!(
            start_hosted(
                settings(&rules, pair[0], 0, &dir),
                Arc::clone(&host),
                accepted.unwrap()
            ),
            start_joined(
                settings(&rules, pair[1], 1, &dir),
                &ticket,
                redial,
                joined.unwrap()
            )
        );
        (a.unwrap(), b.unwrap())
    };
    assert_eq!(hosted.match_id, joined.match_id);
    let ((host_view, host_updates), (join_view, join_updates)) =
        tokio::join!(play_out(hosted.session), play_out(joined.session));
    for updates in [&host_updates, &join_updates] {
        let end = finished(updates);
        assert!(end.audit.all_verified(), "{:?}", end.audit.verdicts);
        let record = end.record.as_ref().unwrap();
        assert!(record.exists(), "record saved at {}", record.display());
    }
    let (host_view, join_view) = (host_view.unwrap(), join_view.unwrap());
    assert!(host_view.outcome.is_some());
    assert_eq!(host_view.step, join_view.step);
    assert_eq!(host_view.duel.state_hash(), join_view.duel.state_hash());
    assert!(join_view.fairness.entries_verified > 50);
    assert!(join_view.fairness.connection.is_some());
    // Both match files hold the whole log.
    let saved = fairduel_net::store::MatchStore::read(hosted.file.as_ref().unwrap()).unwrap();
    assert_eq!(saved.entries.len() as u64, host_view.step);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_in_memory_bot_match_finishes_verified() {
    let (rules, decks) = common::load(FORMAT);
    let dir = temp_dir("memory");
    let pair = common::pairing(&decks, 6);
    let mut a = settings(&rules, pair[0], 0, &dir);
    let mut b = settings(&rules, pair[1], 1, &dir);
    a.matches_dir = None;
    b.matches_dir = None;
    let (hosted, joined) = start_in_memory(
        a,
        b,
        [SecretStream::from_number(1), SecretStream::from_number(2)],
    )
    .unwrap();
    let ((view, updates), (_, other)) =
        tokio::join!(play_out(hosted.session), play_out(joined.session));
    assert!(finished(&updates).audit.all_verified());
    assert!(finished(&other).audit.all_verified());
    assert!(view.unwrap().outcome.is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Peers set up in memory up to the first decision, one of them then perturbed.
fn perturbed_pair(seed: u64) -> Vec<fairduel_protocol::Peer> {
    let (rules, decks) = common::load(FORMAT);
    let mut peers = seeded_peers(&rules, FORMAT, &common::pairing(&decks, seed), seed).unwrap();
    while peers.iter().all(|p| p.duel().is_none()) || !peers.iter().any(|p| p.needs_decision()) {
        let seat = peers[0].awaiting().0.unwrap().index();
        let (entry, _) = peers[seat].next_automatic().unwrap().unwrap();
        peers[1 - seat].receive(&entry).unwrap();
    }
    // The deciding seat signs its run so far, as before a person's decision: both logs
    // are then the same.
    for seat in 0..2 {
        if let Some(signed) = peers[seat].sign_last() {
            peers[1 - seat].receive(&signed).unwrap();
        }
    }
    assert_eq!(peers[0].log().entries(), peers[1].log().entries());
    let duel = peers[1].log_mut_for_tests().duel_mut_for_tests().unwrap();
    duel.state_mut_for_setup().players[fairduel_engine::Seat(0)].life_points += 1;
    peers
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deliberate_desync_over_loopback_is_caught_at_the_next_entry_and_named() {
    let dir = temp_dir("desync");
    let (rules, _) = common::load(FORMAT);
    let [a, b]: [fairduel_protocol::Peer; 2] = perturbed_pair(3).try_into().unwrap();
    let entries_before = a.log().entries().len() as u64;
    let host_endpoint = loopback_endpoint(0).await;
    let joiner_endpoint = loopback_endpoint(1).await;
    let (ticket, host) = Host::bind(&host_endpoint, hello(&rules), HostOptions::default())
        .await
        .unwrap();
    let (accepted, joined) = tokio::join!(
        host.accept(),
        join(&joiner_endpoint, &ticket, hello(&rules))
    );
    let config = |seat: u64| DriverConfig {
        autopilot: true,
        bot_seed: seat,
        reports_dir: Some(dir.join(format!("reports{seat}"))),
        ..DriverConfig::default()
    };
    let sa = spawn_session(
        a,
        None,
        Some(Wire::Iroh(Box::new(accepted.unwrap()))),
        Reconnect::Never,
        config(0),
        None,
    );
    let sb = spawn_session(
        b,
        None,
        Some(Wire::Iroh(Box::new(joined.unwrap()))),
        Reconnect::Never,
        config(1),
        None,
    );
    let ((_, ua), (_, ub)) = tokio::join!(play_out(sa), play_out(sb));
    for updates in [&ua, &ub] {
        let report = updates
            .iter()
            .find_map(|u| match u {
                Update::Desync(report) => Some(report),
                _ => None,
            })
            .unwrap_or_else(|| panic!("no desync report in {updates:#?}"));
        assert_eq!(
            report.seq, entries_before,
            "caught at the first entry after the change"
        );
        let fields: Vec<&str> = report
            .differences
            .iter()
            .map(|d| d.field.as_str())
            .collect();
        assert!(fields.contains(&"players[0].life_points"), "{fields:?}");
        let file = report.file.as_ref().unwrap();
        assert!(
            std::fs::read_to_string(file)
                .unwrap()
                .contains("players[0].life_points")
        );
        assert!(
            updates
                .iter()
                .any(|u| matches!(u, Update::Failed(m) if m.contains("disagree")))
        );
        assert!(!updates.iter().any(|u| matches!(u, Update::Finished(_))));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn an_in_memory_desync_is_reported_on_both_sides() {
    let [a, b]: [fairduel_protocol::Peer; 2] = perturbed_pair(4).try_into().unwrap();
    let (wa, wb) = memory_wires();
    let config = |seat: u64| DriverConfig {
        autopilot: true,
        bot_seed: seat,
        ..DriverConfig::default()
    };
    let sa = spawn_session(a, None, Some(wa), Reconnect::Never, config(0), None);
    let sb = spawn_session(b, None, Some(wb), Reconnect::Never, config(1), None);
    let ((_, ua), (_, ub)) = tokio::join!(play_out(sa), play_out(sb));
    for updates in [ua, ub] {
        assert!(
            updates.iter().any(|u| matches!(u, Update::Desync(r) if r.differences.iter().any(|d| d.field == "players[0].life_points"))),
            "{updates:#?}"
        );
    }
}

#[tokio::test]
async fn an_illegal_command_is_refused_and_a_concession_ends_the_duel() {
    let (rules, decks) = common::load(FORMAT);
    let dir = temp_dir("concede");
    let pair = common::pairing(&decks, 8);
    let mut a = settings(&rules, pair[0], 0, &dir);
    let mut b = settings(&rules, pair[1], 1, &dir);
    a.matches_dir = None;
    b.matches_dir = None;
    a.driver.autopilot = false;
    let (mut hosted, joined) = start_in_memory(
        a,
        b,
        [SecretStream::from_number(3), SecretStream::from_number(4)],
    )
    .unwrap();
    let guest = tokio::spawn(play_out(joined.session));
    // Wait until the host must decide: nothing moves until it does.
    loop {
        if let Update::View(view) = hosted.session.recv().await.unwrap()
            && view.my_decision()
        {
            break;
        }
    }
    // A move from a square with nothing on it is refused with the rule's reason.
    let empty = fairduel_engine::Cell::new(4, 0);
    hosted
        .session
        .send(Command::Act(fairduel_engine::Action::ChangePosition {
            at: empty.into(),
        }))
        .unwrap();
    let refused = loop {
        match hosted.session.recv().await {
            Some(Update::Refused { reason, .. }) => break reason,
            Some(_) => continue,
            None => panic!("the session ended instead of refusing"),
        }
    };
    assert!(!refused.is_empty());
    hosted.session.send(Command::Concede).unwrap();
    let (_, updates) = play_out(hosted.session).await;
    let end = finished(&updates);
    assert_eq!(
        end.outcome.unwrap().sole_winner(),
        Some(fairduel_engine::Seat(1))
    );
    assert!(end.audit.all_verified());
    let (_, guest_updates) = guest.await.unwrap();
    assert!(finished(&guest_updates).audit.all_verified());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_persons_move_inside_a_run_reaches_the_other_side_at_once() {
    // A person's move after which the same person decides again is not a hand-off, so it
    // goes out unsigned; the driver signs it before waiting for the next decision, and the
    // other side takes it right away instead of at the end of the turn.
    let (rules, decks) = common::load(FORMAT);
    let dir = temp_dir("person");
    let pair = common::pairing(&decks, 9);
    let mut a = settings(&rules, pair[0], 0, &dir);
    let mut b = settings(&rules, pair[1], 1, &dir);
    a.matches_dir = None;
    b.matches_dir = None;
    a.driver.autopilot = false;
    let (mut hosted, mut joined) = start_in_memory(
        a,
        b,
        [SecretStream::from_number(5), SecretStream::from_number(6)],
    )
    .unwrap();
    let mut moved = None;
    for _ in 0..20 {
        let view = loop {
            if let Update::View(view) = hosted.session.recv().await.unwrap()
                && view.my_decision()
            {
                break view;
            }
        };
        let Some(action) = view.legal.iter().find(|a| {
            !matches!(
                a,
                fairduel_engine::Action::EndTurn | fairduel_engine::Action::Pass
            )
        }) else {
            hosted
                .session
                .send(Command::Act(view.legal[0].clone()))
                .unwrap();
            continue;
        };
        hosted.session.send(Command::Act(action.clone())).unwrap();
        // Our next view: if we decide again, the move was inside our run.
        let after = loop {
            if let Update::View(after) = hosted.session.recv().await.unwrap()
                && after.step > view.step
            {
                break after;
            }
        };
        if after.my_decision() {
            moved = Some(after.step);
            break;
        }
    }
    let step = moved.expect("the host never moved inside its run");
    let seen = tokio::time::timeout(WAIT, async {
        loop {
            if let Some(Update::View(view)) = joined.session.recv().await
                && view.step >= step
            {
                return view.step;
            }
        }
    })
    .await
    .expect("the other side never saw the move");
    assert!(seen >= step);
    hosted.session.send(Command::Concede).unwrap();
    let (host_end, guest_end) = tokio::join!(play_out(hosted.session), play_out(joined.session));
    assert!(finished(&host_end.1).audit.all_verified());
    assert!(finished(&guest_end.1).audit.all_verified());
    let _ = std::fs::remove_dir_all(&dir);
}
