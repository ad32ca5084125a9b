//! The lockstep session driver catching desyncs: a peer whose state was changed behind the
//! protocol's back is named at the next entry, over loopback and in memory, at tables of two
//! and four.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod driver_support;

use driver_support::*;
use fairduel_engine::Seat;
use fairduel_net::driver::{
    DriverConfig, Mesh, SessionHandle, Update, Wire, memory_mesh, memory_wires, spawn_session,
};
use fairduel_net::play::match_hello;
use fairduel_net::{Host, HostOptions, join};
use fairduel_protocol::seeded::seeded_peers;

fn perturbed(
    format: &str,
    players: usize,
    seed: u64,
    changed: usize,
) -> Vec<fairduel_protocol::Peer> {
    let (rules, decks) = common::load(format);
    let mut peers = seeded_peers(
        &rules,
        format,
        &common::seating(&decks, seed, players),
        seed,
    )
    .unwrap();
    while peers.iter().all(|p| p.duel().is_none()) || !peers.iter().any(|p| p.needs_decision()) {
        let seat = peers[0].awaiting().0.unwrap().index();
        let (entry, _) = peers[seat].next_automatic().unwrap().unwrap();
        for (i, peer) in peers.iter_mut().enumerate() {
            if i != seat {
                peer.receive(&entry).unwrap();
            }
        }
    }
    // The deciding seat signs its run so far, as before a person's decision: every log is
    // then the same.
    for seat in 0..players {
        if let Some(signed) = peers[seat].sign_last() {
            for (i, peer) in peers.iter_mut().enumerate() {
                if i != seat {
                    peer.receive(&signed).unwrap();
                }
            }
        }
    }
    for peer in &peers[1..] {
        assert_eq!(peers[0].log().entries(), peer.log().entries());
    }
    let duel = peers[changed]
        .log_mut_for_tests()
        .duel_mut_for_tests()
        .unwrap();
    duel.state_mut_for_setup().players[Seat(0)].life_points += 1;
    peers
}

fn desync_report(updates: &[Update]) -> &fairduel_net::driver::DesyncReport {
    updates
        .iter()
        .find_map(|u| match u {
            Update::Desync(report) => Some(report.as_ref()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no desync report in {updates:#?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deliberate_desync_over_loopback_is_caught_at_the_next_entry_and_named() {
    let dir = temp_dir("desync");
    let (rules, _) = common::load(FORMAT);
    let [a, b]: [fairduel_protocol::Peer; 2] = perturbed(FORMAT, 2, 3, 1).try_into().unwrap();
    let entries_before = a.log().entries().len() as u64;
    let host_endpoint = loopback_endpoint(0).await;
    let joiner_endpoint = loopback_endpoint(1).await;
    let (ticket, host) = Host::bind(&host_endpoint, match_hello(&rules), HostOptions::default())
        .await
        .unwrap();
    let (accepted, joined) = tokio::join!(
        host.accept(),
        join(&joiner_endpoint, &ticket, match_hello(&rules))
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
        vec![(Seat(1), Wire::Iroh(Box::new(accepted.unwrap())))],
        Mesh::in_memory(),
        config(0),
        None,
    );
    let sb = spawn_session(
        b,
        None,
        vec![(Seat(0), Wire::Iroh(Box::new(joined.unwrap())))],
        Mesh::in_memory(),
        config(1),
        None,
    );
    let ((_, ua), (_, ub)) = tokio::join!(play_out(sa), play_out(sb));
    for (updates, other) in [(&ua, Seat(1)), (&ub, Seat(0))] {
        let report = desync_report(updates);
        assert_eq!(
            report.seq, entries_before,
            "caught at the first entry after the change"
        );
        assert_eq!(report.differing_seats(), vec![other]);
        let fields: Vec<&str> = report.differences().map(|d| d.field.as_str()).collect();
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
    let [a, b]: [fairduel_protocol::Peer; 2] = perturbed(FORMAT, 2, 4, 1).try_into().unwrap();
    let (wa, wb) = memory_wires();
    let config = |seat: u64| DriverConfig {
        autopilot: true,
        bot_seed: seat,
        ..DriverConfig::default()
    };
    let sa = spawn_session(
        a,
        None,
        vec![(Seat(1), wa)],
        Mesh::in_memory(),
        config(0),
        None,
    );
    let sb = spawn_session(
        b,
        None,
        vec![(Seat(0), wb)],
        Mesh::in_memory(),
        config(1),
        None,
    );
    let ((_, ua), (_, ub)) = tokio::join!(play_out(sa), play_out(sb));
    for updates in [ua, ub] {
        assert!(
            desync_report(&updates)
                .differences()
                .any(|d| d.field == "players[0].life_points"),
            "{updates:#?}"
        );
    }
}

#[tokio::test]
async fn at_a_table_of_four_a_desync_names_the_one_seat_that_differs() {
    // Seat 2 computes another state than the rest: everyone stops, the three who agree
    // name seat 2 alone, and seat 2 names the three others.
    let peers = perturbed(FOUR, 4, 5, 2);
    let config = |seat: u64| DriverConfig {
        autopilot: true,
        bot_seed: seat,
        ..DriverConfig::default()
    };
    let sessions: Vec<SessionHandle> = peers
        .into_iter()
        .zip(memory_mesh(4))
        .enumerate()
        .map(|(i, (peer, wires))| {
            spawn_session(peer, None, wires, Mesh::in_memory(), config(i as u64), None)
        })
        .collect();
    let tasks: Vec<_> = sessions
        .into_iter()
        .map(|s| tokio::spawn(play_out(s)))
        .collect();
    for (i, task) in tasks.into_iter().enumerate() {
        let (_, updates) = task.await.unwrap();
        let report = desync_report(&updates);
        let expected: Vec<Seat> = if i == 2 {
            vec![Seat(0), Seat(1), Seat(3)]
        } else {
            vec![Seat(2)]
        };
        assert_eq!(
            report.differing_seats(),
            expected,
            "seat {i}: {}",
            report.text()
        );
        assert!(!updates.iter().any(|u| matches!(u, Update::Finished(_))));
    }
}
