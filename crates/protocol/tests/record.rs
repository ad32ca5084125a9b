//! Match record files: round trips, and bad files get an error naming the first bad entry,
//! never a panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../engine/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use fairduel_engine::selfplay::BotKind;
use fairduel_protocol::record::RecordError;
use fairduel_protocol::selfplay::play_protocol_game;
use fairduel_protocol::{MatchRecord, SeatVerdict, audit};

fn a_record() -> (Arc<fairduel_engine::Rules>, MatchRecord) {
    let (rules, decks) = common::load("kairu-dotr");
    let game = play_protocol_game(
        &rules,
        "kairu-dotr",
        common::pairing(&decks, 3),
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
    let (rules, mut record) = a_record();
    // Drop the last entry: the second seat's end reveal.
    record.entries.pop();
    let report = audit(rules, &record).unwrap();
    assert!(!report.complete);
    assert_eq!(
        report
            .verdicts
            .iter()
            .filter(|v| **v == SeatVerdict::Withheld)
            .count(),
        1
    );
}
