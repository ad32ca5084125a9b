//! Replaying a record entry by entry: one step per entry, the public duel after each, plain
//! words for each, and a damaged record stops at the bad entry, showing what the record's
//! signatures before the damage authenticate.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use fairduel_protocol::matchlog::RECORD_SIGNATURE_SPACING;
use fairduel_protocol::{MatchRecord, replay};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;

fn a_record() -> (
    Arc<fairduel_engine::Rules>,
    MatchRecord,
    Option<fairduel_engine::state::Outcome>,
) {
    let (rules, decks) = common::load("kairu-dotr");
    let game = play_protocol_game(
        &rules,
        "kairu-dotr",
        &common::pairing(&decks, 4),
        4,
        BotKind::Greedy,
        false,
    )
    .unwrap();
    (rules, game.record, game.outcome)
}

#[test]
fn every_entry_becomes_one_step_and_the_last_shows_the_result() {
    let (rules, record, outcome) = a_record();
    let replay = replay(rules, &record).unwrap();
    assert!(replay.stopped.is_none());
    assert_eq!(replay.steps.len(), record.entries.len());
    for (i, step) in replay.steps.iter().enumerate() {
        assert_eq!(step.seq, i as u64);
        assert!(
            step.description.starts_with("seat "),
            "{}",
            step.description
        );
    }
    assert!(replay.steps[0].duel.is_none(), "nothing is dealt at set-up");
    let last = replay.steps.last().unwrap();
    assert_eq!(last.kind, "end-reveal");
    let duel = last.duel.as_ref().expect("the duel after the last entry");
    assert_eq!(duel.state().outcome, outcome);
    assert!(
        replay
            .steps
            .iter()
            .any(|s| s.description.contains("ends the turn")),
        "actions are described in words"
    );
}

#[test]
fn a_tampered_entry_stops_the_replay_there() {
    let (rules, mut record, _) = a_record();
    let bad = record.entries.len() / 2;
    record.entries.swap(bad, bad + 1);
    let replay = replay(rules, &record).unwrap();
    let stopped = replay.stopped.expect("the swapped entry is refused");
    // Every step shown is an entry before the damage, in order, covered by a signature the
    // record keeps before the damage: each seat signs at least every few dozen entries.
    assert!(replay.steps.len() <= bad, "{} steps", replay.steps.len());
    assert!(
        replay.steps.len() + 2 * RECORD_SIGNATURE_SPACING as usize >= bad,
        "only {} of the {bad} entries before the damage were shown",
        replay.steps.len()
    );
    for (i, step) in replay.steps.iter().enumerate() {
        assert_eq!(step.seq, i as u64);
    }
    assert!(
        stopped.to_string().contains(&format!("entry {}", bad + 1)),
        "{stopped}"
    );
}
