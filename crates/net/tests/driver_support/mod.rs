//! What the driver's tests share: settings, tables of bots over loopback and in memory,
//! and reading a session to its end.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

#[path = "../../../sim/tests/common/mod.rs"]
pub mod common;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::{DeckList, Rules};
use fairduel_net::driver::{DriverConfig, MatchEnd, SeatView, SessionHandle, Update};
use fairduel_net::play::{
    MatchSettings, StartedMatch, gather_table, match_hello, start_hosted, start_joined,
};
use fairduel_net::store::Durability;
use fairduel_net::{EndpointOptions, Host, HostOptions, PlayerEndpoint, join};
use fairduel_protocol::{Identity, SecretStream};

pub const FORMAT: &str = "kairu-dotr";
pub const FOUR: &str = "kairu-dotr-4p";
pub const WAIT: Duration = Duration::from_secs(180);

pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-driver-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub fn settings(
    format: &str,
    rules: &Arc<Rules>,
    deck: &DeckList,
    seat: u8,
    dir: &std::path::Path,
) -> MatchSettings {
    MatchSettings {
        rules: Arc::clone(rules),
        format_name: format.to_owned(),
        deck: deck.clone(),
        identity: Identity::from_secret_bytes([seat + 40; 32]),
        player_name: format!("Bot {seat}"),
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

/// Settings for every seat of an in-memory table (nothing saved).
pub fn memory_table(
    format: &str,
    players: usize,
    seed: u64,
    dir: &std::path::Path,
) -> Vec<MatchSettings> {
    let (rules, decks) = common::load(format);
    common::seating(&decks, seed, players)
        .into_iter()
        .enumerate()
        .map(|(i, deck)| {
            let mut seat = settings(format, &rules, deck, i as u8, dir);
            seat.matches_dir = None;
            seat
        })
        .collect()
}

pub fn secrets(players: usize, base: u64) -> Vec<SecretStream> {
    (0..players as u64)
        .map(|i| SecretStream::from_number(base + i))
        .collect()
}

/// Reads a session's updates until it finishes or fails.
pub async fn play_out(mut session: SessionHandle) -> (Option<SeatView>, Vec<Update>) {
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
                    read_to_the_end(&mut session, &mut last_view, &mut others).await;
                    return (last_view, others);
                }
            }
            Some(other) => others.push(other),
            None => return (last_view, others),
        }
    }
}

/// Keeps reading a finished session until its task ends, so the goodbye goes out.
pub async fn read_to_the_end(
    session: &mut SessionHandle,
    last_view: &mut Option<SeatView>,
    others: &mut Vec<Update>,
) {
    while let Ok(Some(more)) = tokio::time::timeout(Duration::from_secs(10), session.recv()).await {
        match more {
            Update::View(view) => *last_view = Some(*view),
            other => others.push(other),
        }
    }
}

pub fn finished(updates: &[Update]) -> &MatchEnd {
    updates
        .iter()
        .find_map(|u| match u {
            Update::Finished(end) => Some(end.as_ref()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no Finished update in {updates:#?}"))
}

pub async fn loopback_endpoint(seed: u8) -> PlayerEndpoint {
    PlayerEndpoint::bind([seed + 40; 32], EndpointOptions::loopback())
        .await
        .unwrap()
}

/// A whole table over loopback, formed as players form it: the host (seat 0) hands out
/// one ticket, every other seat joins with it, the host gathers the table, and each joiner
/// then links to the seats below its own.
pub async fn loopback_table(
    format: &str,
    players: usize,
    seed: u64,
    dir: &std::path::Path,
) -> Vec<StartedMatch> {
    let (rules, decks) = common::load(format);
    let seating = common::seating(&decks, seed, players);
    let mut endpoints = Vec::new();
    for seat in 0..players {
        endpoints.push(loopback_endpoint(seat as u8).await);
    }
    let all: Vec<MatchSettings> = seating
        .iter()
        .enumerate()
        .map(|(i, deck)| settings(format, &rules, deck, i as u8, dir))
        .collect();
    let hello = |seat: &MatchSettings| match_hello(&rules).with_name(seat.player_name.clone());
    let (ticket, host) = Host::bind(
        &endpoints[0],
        hello(&all[0]),
        HostOptions {
            lan_advert: None,
            players_wanted: (players - 1) as u8,
        },
    )
    .await
    .unwrap();
    let host = Arc::new(host);
    let gathering = {
        let host = Arc::clone(&host);
        tokio::spawn(async move { gather_table(&host, players - 1, |_, _| {}).await.unwrap() })
    };
    // Joiners arrive one after another, so the seats follow the seating.
    let mut joining = Vec::new();
    for seat in 1..players {
        let connection = join(&endpoints[seat], &ticket, hello(&all[seat]))
            .await
            .unwrap();
        let settings = all[seat].clone();
        let endpoint = endpoints[seat].clone();
        joining.push(tokio::spawn(async move {
            start_joined(settings, endpoint, connection, |_, _| {}).await
        }));
        // The host reads the arrival before the next joiner greets it.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let arrivals = gathering.await.unwrap();
    let hosted = start_hosted(all[0].clone(), host, arrivals).await.unwrap();
    let mut started = vec![hosted];
    for joined in joining {
        started.push(joined.await.unwrap().unwrap());
    }
    started
}

/// Plays every seat's session to its end.
pub async fn play_all(table: Vec<StartedMatch>) -> Vec<(Option<SeatView>, Vec<Update>)> {
    let tasks: Vec<_> = table
        .into_iter()
        .map(|started| tokio::spawn(play_out(started.session)))
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.push(task.await.unwrap());
    }
    results
}

/// Every seat finished with the same state, every record verifies every seat, and every
/// seat saw the others linked.
pub fn assert_table_agrees(results: &[(Option<SeatView>, Vec<Update>)], players: usize) {
    let mut hashes = Vec::new();
    let mut steps = Vec::new();
    for (view, updates) in results {
        let end = finished(updates);
        assert_eq!(end.audit.verdicts.len(), players);
        assert!(end.audit.all_verified(), "{:?}", end.audit.verdicts);
        let view = view.as_ref().unwrap();
        assert!(view.outcome.is_some());
        assert_eq!(view.fairness.peers.len(), players - 1);
        hashes.push(view.duel.state_hash());
        steps.push(view.step);
    }
    assert!(hashes.windows(2).all(|w| w[0] == w[1]), "{hashes:?}");
    assert!(steps.windows(2).all(|w| w[0] == w[1]), "{steps:?}");
}
