//! A damaged or edited record never accuses anyone: 10,000 random mutations (bit flips,
//! runs of random bytes, cuts, swapped, duplicated and dropped entries) of honest records
//! from every preset give no "cheated" verdict and no panic. Bytes that no valid signature
//! covers make the record damaged from an entry, where what precedes still verifies.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use fairduel_engine::Rules;
use fairduel_protocol::{MatchRecord, SeatVerdict, audit};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;

/// Every preset, two-seat, four-seat and the card game's field.
fn presets() -> Vec<&'static str> {
    common::PRESETS
        .iter()
        .chain(&common::TABLE_PRESETS)
        .chain(&common::FIELD_PRESETS)
        .chain(&common::DOMAIN_PRESETS)
        .copied()
        .collect()
}

/// An honest, complete record of a seeded game of `preset` with greedy bots.
fn honest_record(preset: &str, seed: u64) -> (Arc<Rules>, MatchRecord) {
    let (rules, decks) = common::load(preset);
    let players = rules.format.table.players;
    let seating = common::seating(&decks, seed, usize::from(players));
    let game = play_protocol_game(&rules, preset, &seating, seed, BotKind::Greedy, false)
        .unwrap_or_else(|e| panic!("{preset}: {e}"));
    let report = audit(Arc::clone(&rules), &game.record).unwrap();
    assert!(report.all_verified(), "{preset}: {report:?}");
    (rules, game.record)
}

/// A small deterministic generator (SplitMix64), so a failure names a reproducible case.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[derive(Debug, Clone, Copy)]
enum Mutation {
    FlipBit,
    RandomRun,
    Cut,
    SwapEntries,
    DuplicateEntry,
    DropEntry,
}

const MUTATIONS: [Mutation; 6] = [
    Mutation::FlipBit,
    Mutation::RandomRun,
    Mutation::Cut,
    Mutation::SwapEntries,
    Mutation::DuplicateEntry,
    Mutation::DropEntry,
];

/// The mutated record, or `None` when the file no longer reads as a record at all (which
/// the reader reports as an error naming the bad entry; that is its own test's business).
fn mutate(
    record: &MatchRecord,
    bytes: &[u8],
    kind: Mutation,
    mix: &mut Mix,
) -> Option<MatchRecord> {
    match kind {
        Mutation::FlipBit => {
            let mut bad = bytes.to_vec();
            let at = mix.below(bad.len());
            bad[at] ^= 1 << mix.below(8);
            MatchRecord::from_bytes(&bad).ok()
        }
        Mutation::RandomRun => {
            let mut bad = bytes.to_vec();
            let len = 1 + mix.below(64);
            let at = mix.below(bad.len().saturating_sub(len).max(1));
            for byte in bad.iter_mut().skip(at).take(len) {
                *byte = mix.next() as u8;
            }
            MatchRecord::from_bytes(&bad).ok()
        }
        Mutation::Cut => MatchRecord::from_bytes(&bytes[..mix.below(bytes.len())]).ok(),
        Mutation::SwapEntries => {
            let mut bad = record.clone();
            let (a, b) = (mix.below(bad.entries.len()), mix.below(bad.entries.len()));
            bad.entries.swap(a, b);
            Some(bad)
        }
        Mutation::DuplicateEntry => {
            let mut bad = record.clone();
            let copy = bad.entries[mix.below(bad.entries.len())].clone();
            let at = mix.below(bad.entries.len() + 1);
            bad.entries.insert(at, copy);
            Some(bad)
        }
        Mutation::DropEntry => {
            let mut bad = record.clone();
            bad.entries.remove(mix.below(bad.entries.len()));
            Some(bad)
        }
    }
}

#[test]
fn ten_thousand_mutations_of_honest_records_accuse_nobody() {
    let presets = presets();
    let per_preset = 10_000 / presets.len() + 1;
    let mut audited = 0;
    let mut damaged = 0;
    for (p, preset) in presets.iter().enumerate() {
        let (rules, record) = honest_record(preset, 5 + p as u64);
        let bytes = record.to_bytes();
        let mut mix = Mix(0x0FA1_D0E1 ^ p as u64);
        for case in 0..per_preset {
            let kind = MUTATIONS[case % MUTATIONS.len()];
            let Some(bad) = mutate(&record, &bytes, kind, &mut mix) else {
                continue;
            };
            let Ok(report) = audit(Arc::clone(&rules), &bad) else {
                continue;
            };
            audited += 1;
            damaged += usize::from(report.damaged.is_some());
            for (seat, verdict) in report.verdicts.iter().enumerate() {
                assert!(
                    !matches!(verdict, SeatVerdict::Cheated { .. }),
                    "{preset}, case {case} ({kind:?}): an honest seat {seat} was accused: \
                     {verdict:?} (damage: {:?})",
                    report.damaged
                );
            }
        }
    }
    eprintln!("{audited} mutated records audited, {damaged} of them damaged");
    // Most mutations leave a readable record; a good share of those are damaged.
    assert!(audited > 5_000, "{audited}");
    assert!(damaged > 2_000, "{damaged}");
}

#[test]
fn a_flipped_bit_makes_the_record_damaged_from_an_entry_where_what_precedes_verifies() {
    let (rules, record) = honest_record("dor-classic", 3);
    // A flipped bit in the signature of the last entry: the run it closes is no longer
    // authenticated.
    let mut bad = record.clone();
    let last = bad.entries.len() - 1;
    let signature = bad.entries[last]
        .signature
        .as_mut()
        .expect("the last entry is signed");
    signature.1[7] ^= 0x04;
    let report = audit(Arc::clone(&rules), &bad).unwrap();
    let damage = report.damaged.clone().expect("damaged");
    assert!(damage.seq as usize <= last, "{damage:?}");
    assert!(damage.what.contains("signature"), "{damage:?}");
    assert!(!report.all_verified());
    for verdict in &report.verdicts {
        assert_eq!(
            *verdict,
            SeatVerdict::CheckedUntilDamage { seq: damage.seq },
            "{:?}",
            report.verdicts
        );
    }
    // An entry in the middle swapped with its neighbour: damaged from there, not before.
    let mut swapped = record.clone();
    let middle = record.entries.len() / 2;
    swapped.entries.swap(middle, middle + 1);
    let report = audit(rules, &swapped).unwrap();
    let damage = report.damaged.expect("damaged");
    assert!(damage.seq as usize <= middle, "{damage:?}");
    assert!(damage.seq > 0);
}
