//! The lockstep session driver over real iroh endpoints on loopback and in memory: full bot
//! matches, and a peer that sends garbage. Desyncs are in `driver_desync.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod driver_support;

use std::path::PathBuf;
use std::time::Duration;

use driver_support::*;
use fairduel_engine::Seat;
use fairduel_net::driver::{
    Command, DriverConfig, Mesh, SessionHandle, Silence, Update, Wire, memory_mesh, spawn_session,
};
use fairduel_net::play::start_in_memory;
use fairduel_protocol::seeded::seeded_peers;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_play_a_whole_match_over_loopback_and_both_records_verify() {
    let dir = temp_dir("loopback");
    let table = loopback_table(FORMAT, 2, 5, &dir).await;
    assert_eq!(table[0].match_id, table[1].match_id);
    let files: Vec<PathBuf> = table.iter().map(|t| t.file.clone().unwrap()).collect();
    let results = play_all(table).await;
    assert_table_agrees(&results, 2);
    for (view, updates) in &results {
        let record = finished(updates).record.as_ref().unwrap();
        assert!(record.exists(), "record saved at {}", record.display());
        let view = view.as_ref().unwrap();
        assert!(view.fairness.entries_verified > 50);
        let peer = &view.fairness.peers[0];
        assert!(peer.connection.is_some(), "{peer:?}");
        assert!(
            peer.name.as_deref().is_some_and(|n| n.starts_with("Bot ")),
            "{peer:?}"
        );
    }
    // Both match files hold the whole log.
    let step = results[0].0.as_ref().unwrap().step;
    for file in files {
        let saved = fairduel_net::store::MatchStore::read(&file).unwrap();
        assert_eq!(saved.entries.len() as u64, step);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_bots_form_a_table_over_loopback_and_every_record_verifies() {
    let dir = temp_dir("loopback4");
    let table = loopback_table(FOUR, 4, 21, &dir).await;
    assert!(table.windows(2).all(|w| w[0].match_id == w[1].match_id));
    let results = play_all(table).await;
    assert_table_agrees(&results, 4);
    for (view, _) in &results {
        let view = view.as_ref().unwrap();
        // Every seat linked to every other directly.
        for peer in &view.fairness.peers {
            assert!(
                peer.connection.is_some(),
                "seat {} never linked to {peer:?}",
                view.seat
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Kingdom Duels' Tag Duel over real endpoints: each player shows its face-down cards to its
/// partner alone, on their link; both match files and both records keep what was shown, and
/// every record verifies every seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tag_duel_over_loopback_shows_partners_their_face_down_cards_and_verifies() {
    // Whether a bot ever sets a card face-down depends on the match (its id, drawn from the
    // host's fresh randomness, seeds every shuffle): several matches are played until one
    // shows a card, each checked in full.
    let mut shown = 0;
    for seed in 3..9 {
        let dir = temp_dir(&format!("loopback-tag-{seed}"));
        let table = loopback_table("kingdom-duels-tag", 4, seed, &dir).await;
        let files: Vec<PathBuf> = table.iter().map(|t| t.file.clone().unwrap()).collect();
        let results = play_all(table).await;
        assert_table_agrees(&results, 4);
        for (seat, (_, updates)) in results.iter().enumerate() {
            let path = finished(updates).record.as_ref().unwrap();
            let record =
                fairduel_protocol::MatchRecord::from_bytes(&std::fs::read(path).unwrap()).unwrap();
            let saved = fairduel_net::store::MatchStore::read(&files[seat]).unwrap();
            assert_eq!(saved.disclosures.len(), record.disclosures.len());
            for d in &record.disclosures {
                assert!(d.from.index() == seat || d.to.index() == seat);
                assert_eq!(d.from.0 % 2, d.to.0 % 2, "shown to an opponent: {d:?}");
                assert!(saved.disclosures.contains(d));
            }
            shown += record.disclosures.len();
        }
        let _ = std::fs::remove_dir_all(&dir);
        if shown > 0 {
            return;
        }
    }
    panic!("no face-down card was shown to a partner in 6 matches");
}

#[tokio::test]
async fn an_in_memory_bot_match_finishes_verified() {
    let dir = temp_dir("memory");
    let table = start_in_memory(memory_table(FORMAT, 2, 6, &dir), secrets(2, 1)).unwrap();
    let results = play_all(table).await;
    assert_table_agrees(&results, 2);
}

#[tokio::test]
async fn in_memory_tables_of_four_free_for_all_and_two_against_two_finish_verified() {
    let dir = temp_dir("memory-n");
    let table = start_in_memory(memory_table(FOUR, 4, 7, &dir), secrets(4, 10)).unwrap();
    let results = play_all(table).await;
    assert_table_agrees(&results, 4);
    let table =
        start_in_memory(memory_table("kairu-dotr-2v2", 4, 8, &dir), secrets(4, 20)).unwrap();
    let results = play_all(table).await;
    assert_table_agrees(&results, 4);
    let outcome = results[0].0.as_ref().unwrap().outcome.unwrap();
    // Teams win together: partners sit two apart.
    let winners: Vec<Seat> = outcome.winners.iter().collect();
    assert!(
        winners.is_empty() || winners.iter().all(|s| s.0 % 2 == winners[0].0 % 2),
        "{winners:?}"
    );
}

/// Peers set up in memory up to the first decision, one of them then perturbed: `changed`
/// holds one more life point for seat 0 than everyone else.

#[tokio::test]
async fn an_illegal_command_is_refused_and_a_concession_ends_the_duel() {
    let dir = temp_dir("concede");
    let mut seats = memory_table(FORMAT, 2, 8, &dir);
    seats[0].driver.autopilot = false;
    let mut table = start_in_memory(seats, secrets(2, 3)).unwrap();
    let joined = table.pop().unwrap();
    let mut hosted = table.pop().unwrap();
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
    let dir = temp_dir("person");
    let mut seats = memory_table(FORMAT, 2, 9, &dir);
    seats[0].driver.autopilot = false;
    let mut table = start_in_memory(seats, secrets(2, 5)).unwrap();
    let mut joined = table.pop().unwrap();
    let mut hosted = table.pop().unwrap();
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

fn cheapest(legal: &[fairduel_engine::Action]) -> fairduel_engine::Action {
    legal
        .iter()
        .find(|a| {
            matches!(
                a,
                fairduel_engine::Action::EndTurn | fairduel_engine::Action::Pass
            )
        })
        .unwrap_or(&legal[0])
        .clone()
}

/// `peer`'s run after deciding `action`, up to the signed entry that closes it.
fn run_after(
    peer: &mut fairduel_protocol::Peer,
    action: fairduel_engine::Action,
) -> Vec<fairduel_protocol::SignedEnvelope> {
    let (first, _) = peer.decide(action).unwrap();
    let mut run = vec![first];
    while !run.last().unwrap().is_signed() {
        match peer.next_automatic() {
            Some(written) => run.push(written.unwrap().0),
            None => {
                let signed = peer.sign_last().unwrap();
                *run.last_mut().unwrap() = signed;
            }
        }
    }
    run
}

#[tokio::test]
async fn a_split_view_is_proven_as_equivocation_by_the_relayed_copy() {
    // Seat 3 cheats: it signs one decision for seat 0 and another for seats 1 and 2. Each
    // honest seat passes on the signed entries it takes, so the two versions meet and
    // every honest seat holds the proof.
    let (rules, decks) = common::load(FOUR);
    let mut peers = seeded_peers(&rules, FOUR, &common::seating(&decks, 31, 4), 31).unwrap();
    let cheater = Seat(3);
    loop {
        let seat = peers[0].awaiting().0.unwrap();
        if seat == cheater && peers[3].needs_decision() {
            break;
        }
        let i = seat.index();
        let (entry, _) = match peers[i].next_automatic() {
            Some(written) => written.unwrap(),
            None => {
                let action = cheapest(&peers[i].legal_actions());
                peers[i].decide(action).unwrap()
            }
        };
        for (j, peer) in peers.iter_mut().enumerate() {
            if j != i {
                peer.receive(&entry).unwrap();
            }
        }
    }
    // The cheater signs what it wrote so far, so every honest log is the same.
    if let Some(signed) = peers[3].sign_last() {
        for peer in &mut peers[..3] {
            peer.receive(&signed).unwrap();
        }
    }
    let legal = peers[3].legal_actions();
    assert!(legal.len() >= 2, "the cheater needs two choices: {legal:?}");
    let version_a = run_after(&mut peers[3].clone(), legal[0].clone());
    let version_b = run_after(&mut peers[3].clone(), legal[1].clone());
    assert_ne!(version_a.last(), version_b.last());

    let mut mesh = memory_mesh(4);
    let mut cheater_ends = mesh.pop().unwrap();
    let config = |seat: u64| DriverConfig {
        autopilot: true,
        bot_seed: seat,
        ..DriverConfig::default()
    };
    let sessions: Vec<SessionHandle> = peers
        .into_iter()
        .take(3)
        .zip(mesh)
        .enumerate()
        // Seat 3's end of each honest seat's link is held by the test.
        .map(|(i, (peer, wires))| {
            spawn_session(peer, None, wires, Mesh::in_memory(), config(i as u64), None)
        })
        .collect();
    for (seat, wire) in &mut cheater_ends {
        let Wire::Memory(wire) = wire else {
            unreachable!("an in-memory mesh")
        };
        let version = if *seat == Seat(0) {
            &version_a
        } else {
            &version_b
        };
        for entry in version {
            wire.send(fairduel_net::driver::PeerMessage::Entry(entry.clone()))
                .unwrap();
        }
    }
    let tasks: Vec<_> = sessions
        .into_iter()
        .map(|s| tokio::spawn(play_out(s)))
        .collect();
    for (i, task) in tasks.into_iter().enumerate() {
        let (_, updates) = task.await.unwrap();
        assert!(
            updates.iter().any(
                |u| matches!(u, Update::Failed(m) if m.contains("equivocation") && m.contains("names the cheater"))
            ),
            "seat {i} did not prove the equivocation: {updates:#?}"
        );
    }
    drop(cheater_ends);
}

/// Reads updates until seat 1 is the silent seat deciding: its silence and the entry it
/// owes then.
async fn silence_of_seat_1(session: &mut SessionHandle) -> (Silence, u64) {
    loop {
        match session.recv().await {
            Some(Update::View(view)) => {
                if let Some(silence) = view.silent
                    && silence.seat == Seat(1)
                    && view.deciding == Some(Seat(1))
                {
                    return (silence, view.step);
                }
            }
            Some(_) => {}
            None => panic!("the session ended while waiting for seat 1"),
        }
    }
}

#[tokio::test]
async fn a_silent_player_is_closed_out_after_the_decision_clock_and_the_record_says_it_abandoned() {
    let dir = temp_dir("abandon");
    let mut seats = memory_table(FORMAT, 2, 8, &dir);
    // Seat 1's player never decides anything; its connection stays up.
    seats[1].driver.autopilot = false;
    seats[0].driver.decision_clock = Some(Duration::from_millis(300));
    let mut table = start_in_memory(seats, secrets(2, 3)).unwrap();
    let silent_player = table.pop().unwrap();
    let mut waiting = table.pop().unwrap();
    let (silence, owed_at) = silence_of_seat_1(&mut waiting.session).await;
    assert!(silence.may_close_at > silence.since);

    // Too early: refused, and the match goes on waiting.
    if !silence.may_close() {
        waiting.session.send(Command::CloseAbandoned).unwrap();
        let refused = loop {
            match waiting.session.recv().await {
                Some(Update::Refused { reason, .. }) => break reason,
                Some(_) => {}
                None => panic!("the session ended instead of refusing"),
            }
        };
        assert!(refused.contains("seat 1 has been silent for"), "{refused}");
    }

    // Closed once the clock has run out. Should seat 1's client answer something by itself
    // meanwhile (a response window it passes on its own, as a busy machine may let it), its
    // silence starts again and the close is refused: wait out the new silence, then close.
    let mut may_close_at = silence.may_close_at;
    let updates = loop {
        tokio::time::sleep_until(may_close_at.into()).await;
        waiting.session.send(Command::CloseAbandoned).unwrap();
        let answer = tokio::time::timeout(WAIT, async {
            loop {
                match waiting.session.recv().await {
                    Some(Update::Refused { reason, .. }) => break Err(reason),
                    Some(update @ Update::Finished(_)) => break Ok(update),
                    Some(_) => {}
                    None => panic!("the session ended without closing"),
                }
            }
        })
        .await
        .expect("the close was answered in time");
        match answer {
            Ok(finished) => {
                let mut updates = vec![finished];
                read_to_the_end(&mut waiting.session, &mut None, &mut updates).await;
                break updates;
            }
            Err(reason) => {
                assert!(reason.contains("has been silent for"), "{reason}");
                may_close_at = silence_of_seat_1(&mut waiting.session).await.0.may_close_at;
            }
        }
    };
    let end = finished(&updates);
    assert_eq!(end.outcome, None, "nobody won: the match was closed");
    // Seat 1 owes the entry the record stops at: the one it owed when the silence was
    // seen, or a later one if its client passed a response window by itself meanwhile.
    assert_eq!(
        end.audit.verdicts[0],
        fairduel_protocol::SeatVerdict::Verified
    );
    assert!(
        matches!(end.audit.verdicts[1], fairduel_protocol::SeatVerdict::Abandoned { seq } if seq >= owed_at),
        "{:?}, silent from entry {owed_at}",
        end.audit.verdicts
    );
    // The saved record says the same to anyone who audits it later.
    let path = end.record.as_ref().expect("the record was saved");
    let record = fairduel_protocol::MatchRecord::from_bytes(&std::fs::read(path).unwrap()).unwrap();
    let (rules, _) = common::load(FORMAT);
    let audit = fairduel_protocol::audit(rules, &record).unwrap();
    assert_eq!(audit.verdicts, end.audit.verdicts);
    drop(silent_player);
    let _ = std::fs::remove_dir_all(&dir);
}

/// What the process holds now: resident memory in KiB, open file descriptors, and how many
/// of them are sockets (Linux's /proc; `None` elsewhere).
fn process_footprint() -> Option<(u64, usize, usize)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let rss_kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let mut files = 0;
    let mut sockets = 0;
    for fd in std::fs::read_dir("/proc/self/fd").ok()?.flatten() {
        files += 1;
        if std::fs::read_link(fd.path())
            .is_ok_and(|target| target.to_string_lossy().starts_with("socket:"))
        {
            sockets += 1;
        }
    }
    Some((rss_kib, files, sockets))
}

/// Network bot matches back to back in one process, each over fresh iroh endpoints on
/// loopback, the way a long-running app plays match after match: resident memory, open files
/// and sockets stay flat. 200 matches by default (`FAIRDUEL_SOAK_MATCHES` sets another
/// count); `--nocapture` prints the figures recorded in docs/BENCHMARKS.md. CI runs a short
/// pass of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a soak run of minutes: run it by name (see docs/BENCHMARKS.md)"]
async fn soak_network_matches_back_to_back_keep_memory_files_and_sockets_flat() {
    let matches: usize = std::env::var("FAIRDUEL_SOAK_MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let Some(start) = process_footprint() else {
        eprintln!("skipped: this system has no /proc to read memory and open files from");
        return;
    };
    let every = (matches / 10).max(1);
    let mut samples = Vec::new();
    let started = std::time::Instant::now();
    for game in 0..matches {
        let dir = temp_dir("soak");
        let table = loopback_table(FORMAT, 2, game as u64, &dir).await;
        let results = play_all(table).await;
        assert_table_agrees(&results, 2);
        drop(results);
        let _ = std::fs::remove_dir_all(&dir);
        if (game + 1) % every == 0 {
            // Closed endpoints release their sockets in the background: give them a moment.
            tokio::time::sleep(Duration::from_millis(200)).await;
            let (rss, files, sockets) = process_footprint().unwrap();
            println!(
                "after {:>4} matches ({:>5.1} s): resident {:>7} KiB, open files {files:>3}, sockets {sockets:>3}",
                game + 1,
                started.elapsed().as_secs_f64(),
                rss
            );
            samples.push((rss, files, sockets));
        }
    }
    println!(
        "before the first match: resident {} KiB, open files {}, sockets {}",
        start.0, start.1, start.2
    );
    // The first sample is after warm-up (the runtime's threads, iroh's lazily made state).
    let (first, last) = (samples[0], samples[samples.len() - 1]);
    assert!(
        last.1 <= first.1 + 2 && last.2 <= first.2 + 2,
        "open files or sockets grew from {first:?} to {last:?}: something is not closed"
    );
    // Allocators keep some memory; a leak per match would grow with the count.
    assert!(
        last.0 <= first.0 + first.0 / 4 + 16 * 1024,
        "resident memory grew from {} KiB to {} KiB over {matches} matches",
        first.0,
        last.0
    );
}

#[tokio::test]
async fn a_concession_while_another_player_decides_ends_the_duel_at_once() {
    let dir = temp_dir("concede-out-of-turn");
    let mut seats = memory_table(FORMAT, 2, 8, &dir);
    // Both seats are people; seat 0 takes its time over its decision.
    seats[0].driver.autopilot = false;
    seats[1].driver.autopilot = false;
    let mut table = start_in_memory(seats, secrets(2, 3)).unwrap();
    let mut quitter = table.pop().unwrap();
    let thinker = table.pop().unwrap();
    loop {
        if let Update::View(view) = quitter.session.recv().await.unwrap()
            && view.deciding == Some(Seat(0))
        {
            break;
        }
    }
    quitter.session.send(Command::Concede).unwrap();
    let thinking = tokio::spawn(play_out(thinker.session));
    let (_, updates) = play_out(quitter.session).await;
    let end = finished(&updates);
    let outcome = end.outcome.expect("the duel has a result");
    assert_eq!(outcome.sole_winner(), Some(Seat(0)));
    assert_eq!(
        outcome.reason,
        fairduel_engine::state::WinReason::Concession
    );
    assert!(end.audit.all_verified(), "{:?}", end.audit.verdicts);
    let (_, thinker_updates) = thinking.await.unwrap();
    assert!(finished(&thinker_updates).audit.all_verified());
    let _ = std::fs::remove_dir_all(&dir);
}

/// How a match over slow links compares with its bound: every hand-off (the log's writer
/// changing) waits one one-way latency before the next writer can write, so a match can
/// take no less than hand-offs x latency. Bot matches over in-memory links that deliver each
/// message `one_way` late; prints each preset's hand-offs, wall time, bound and ratio for
/// docs/BENCHMARKS.md (`--ignored latency --nocapture`). A measurement, not a timed test:
/// it checks only what physics says (never under the bound) and that every record verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement of seconds per match: run it by name (see docs/BENCHMARKS.md)"]
async fn latency_bound_of_bot_matches_over_slow_links() {
    let one_way = Duration::from_millis(
        std::env::var("FAIRDUEL_ONE_WAY_MS")
            .ok()
            .and_then(|ms| ms.parse().ok())
            .unwrap_or(20),
    );
    for (format, players) in [
        ("kairu-dotr", 2),
        ("dor-classic", 2),
        ("kingdom-duels", 2),
        ("domain", 2),
        ("kairu-dotr-4p", 4),
    ] {
        let dir = temp_dir(&format!("latency-{format}"));
        let seats = memory_table(format, players, 4, &dir);
        let started = std::time::Instant::now();
        let table =
            fairduel_net::play::start_in_memory_with_latency(seats, secrets(players, 9), one_way)
                .unwrap();
        let results = play_all(table).await;
        let wall = started.elapsed();
        let end = finished(&results[0].1);
        assert!(end.audit.all_verified(), "{:?}", end.audit.verdicts);
        let view = results[0].0.as_ref().unwrap();
        // The record's authors, entry by entry: a hand-off wherever the writer changes.
        let entries = view.step;
        let record = end.record.as_ref().ok().map(|p| {
            fairduel_protocol::MatchRecord::from_bytes(&std::fs::read(p).unwrap()).unwrap()
        });
        let authors: Vec<Seat> = record
            .expect("records are saved in this test")
            .entries
            .iter()
            .map(|e| e.open().unwrap().author)
            .collect();
        let hand_offs = authors.windows(2).filter(|w| w[0] != w[1]).count() as u32;
        let bound = one_way * hand_offs;
        let ratio = wall.as_secs_f64() / bound.as_secs_f64();
        println!(
            "{format:>14}: {entries:>5} entries, {hand_offs:>4} hand-offs x {} ms = {:>6.2} s bound; wall {:>6.2} s; ratio {ratio:.2}",
            one_way.as_millis(),
            bound.as_secs_f64(),
            wall.as_secs_f64()
        );
        assert!(wall >= bound, "{format}: faster than light");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
