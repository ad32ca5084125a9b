//! Match record files: round trips, and bad files get an error naming the first bad entry,
//! never a panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use fairduel_engine::Seat;
use fairduel_protocol::record::{RECORD_VERSION, RecordError};
use fairduel_protocol::seeded::seeded_peers;
use fairduel_protocol::{MatchRecord, SeatVerdict, Step, audit};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;
use fairduel_sim::{Bot, GreedyBot};

fn a_record() -> (Arc<fairduel_engine::Rules>, MatchRecord) {
    let (rules, decks) = common::load("kairu-dotr");
    let game = play_protocol_game(
        &rules,
        "kairu-dotr",
        &common::pairing(&decks, 3),
        3,
        BotKind::Greedy,
        false,
    )
    .unwrap();
    (rules, game.record)
}

#[test]
fn a_record_round_trips_and_verifies() {
    let (rules, record) = a_record();
    let again = MatchRecord::from_bytes(&record.to_bytes()).unwrap();
    assert_eq!(again, record);
    assert!(audit(rules, &again).unwrap().all_verified());
}

#[test]
fn every_truncation_is_an_error_naming_an_entry_never_a_panic() {
    let (_, record) = a_record();
    let bytes = record.to_bytes();
    for cut in 0..bytes.len() {
        match MatchRecord::from_bytes(&bytes[..cut]) {
            Err(RecordError::NotARecord) => assert!(cut < 18),
            Err(RecordError::Truncated { index, .. }) => assert!(index < record.entries.len()),
            Ok(shorter) => {
                // A cut exactly between entries is a shorter, still well-formed record.
                assert!(shorter.entries.len() < record.entries.len());
            }
            Err(other) => panic!("cut at {cut}: unexpected {other}"),
        }
    }
}

#[test]
fn a_tampered_entry_is_caught() {
    let (rules, record) = a_record();
    let bytes = record.to_bytes();
    // Flip one bit in every 97th byte past the header: each time the file must fail to read
    // or the audit must refuse to call both seats verified.
    for at in (18..bytes.len()).step_by(97) {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        match MatchRecord::from_bytes(&bad) {
            Err(e) => assert!(
                e.to_string().contains("entry") || e.to_string().contains("bytes"),
                "{e}"
            ),
            Ok(tampered) => match audit(Arc::clone(&rules), &tampered) {
                Err(_) => {}
                Ok(report) => assert!(
                    !report.all_verified(),
                    "flipping byte {at} went unnoticed: {:?}",
                    report.verdicts
                ),
            },
        }
    }
}

#[test]
fn a_truncated_log_leaves_the_silent_seat_withheld() {
    // The second seat never sends its end reveal: the first seat's record is its log
    // without that entry.
    let (rules, decks) = common::load("kairu-dotr");
    let mut peers = seeded_peers(&rules, "kairu-dotr", &common::pairing(&decks, 3), 3).unwrap();
    let mut bots = [GreedyBot::new(3 ^ 0xA5A5), GreedyBot::new(3 ^ 0x5A5A)];
    let quitter = loop {
        let (Some(seat), step) = peers[0].awaiting() else {
            panic!("the match completed")
        };
        if matches!(step, Step::EndReveal) && peers[0].log().end_reveal(Seat(0)).is_some() {
            break seat;
        }
        play_one(&mut peers, &mut bots, seat);
    };
    assert_eq!(quitter, Seat(1));
    let record = peers[0].record();
    let report = audit(Arc::clone(&rules), &record).unwrap();
    assert!(!report.complete);
    assert_eq!(report.verdicts[1], SeatVerdict::Withheld);
    assert!(report.verdicts[0].is_verified(), "{:?}", report.verdicts);
    // The whole duel was audited, up to its result.
    assert_eq!(report.outcome, peers[0].duel().unwrap().state().outcome);
    assert!(report.outcome.is_some());

    // The same record cut short by someone else loses the last signatures: it no longer
    // verifies both seats.
    let (rules, mut record) = a_record();
    record.entries.pop();
    let report = audit(rules, &record).unwrap();
    assert!(!report.complete);
    assert!(!report.all_verified(), "{:?}", report.verdicts);
}

#[test]
fn an_old_record_is_refused_by_its_version() {
    let (_, record) = a_record();
    let mut bytes = record.to_bytes();
    bytes[16..18].copy_from_slice(&1u16.to_le_bytes());
    let error = MatchRecord::from_bytes(&bytes).unwrap_err();
    assert_eq!(error, RecordError::OlderVersion(1));
    assert!(error.to_string().contains("older FairDuel"), "{error}");
    // A version from the future.
    let newer = RECORD_VERSION + 1;
    bytes[16..18].copy_from_slice(&newer.to_le_bytes());
    assert_eq!(
        MatchRecord::from_bytes(&bytes).unwrap_err(),
        RecordError::UnsupportedVersion(newer)
    );
}

#[test]
fn a_record_keeps_only_the_signatures_a_verifier_needs() {
    let (rules, record) = a_record();
    let signed = record.entries.iter().filter(|e| e.is_signed()).count();
    let entries = record.entries.len();
    // The set-up, each seat's last signature and about one per 64 entries per seat.
    assert!(signed >= 3, "{signed}");
    assert!(
        signed <= 3 + 2 * (entries / 64 + 1),
        "{signed} signatures kept for {entries} entries"
    );
    assert!(record.entries[0].is_signed());
    assert!(record.entries.last().unwrap().is_signed());
    // Every entry is still covered: the record verifies.
    assert!(audit(Arc::clone(&rules), &record).unwrap().all_verified());
    // Without the last signature, the last seat's tail is no longer its own.
    let mut stripped = record.clone();
    stripped.entries.last_mut().unwrap().signature = None;
    assert!(!audit(rules, &stripped).unwrap().all_verified());
}

#[test]
fn a_record_that_stops_in_the_duel_names_who_abandoned_it_and_where() {
    // Seat 1 stops answering in the middle of the duel: the record seat 0 keeps ends with
    // its own hand-off, every entry verifies, and seat 1 abandoned the match at the entry
    // it owed.
    let (rules, decks) = common::load("kairu-dotr");
    let mut peers = seeded_peers(&rules, "kairu-dotr", &common::pairing(&decks, 3), 3).unwrap();
    let mut bots = [GreedyBot::new(7), GreedyBot::new(8)];
    let mut written = 0;
    loop {
        let (Some(seat), step) = peers[0].awaiting() else {
            panic!("the match completed")
        };
        if written > 60 && seat == Seat(1) && peers[1].needs_decision() {
            break;
        }
        assert!(!matches!(step, Step::EndReveal), "the duel ended first");
        play_one(&mut peers, &mut bots, seat);
        written += 1;
    }
    let record = peers[0].record();
    let report = audit(Arc::clone(&rules), &record).unwrap();
    assert!(!report.complete);
    assert!(report.outcome.is_none());
    assert!(report.verdicts[0].is_verified(), "{:?}", report.verdicts);
    assert_eq!(
        report.verdicts[1],
        SeatVerdict::Abandoned {
            seq: record.entries.len() as u64
        }
    );
}

/// `seat` writes its next entry (a bot's choice where a decision is needed) and the other
/// seat receives it.
fn play_one(peers: &mut [fairduel_protocol::Peer], bots: &mut [GreedyBot; 2], seat: Seat) {
    let i = seat.index();
    let (entry, _) = match peers[i].next_automatic() {
        Some(written) => written.unwrap(),
        None => {
            let legal = peers[i].legal_actions();
            let pick = bots[i].choose(peers[i].duel().unwrap(), seat, peers[i].knowledge(), &legal);
            peers[i].decide(legal[pick].clone()).unwrap()
        }
    };
    peers[1 - i].receive(&entry).unwrap();
}
