//! Records kept from earlier versions (tests/fixtures/records/v<N>/, one per preset) must
//! keep their verdicts: a record of the current version verifies exactly as it did when it
//! was written (same outcome, every seat verified), and one of an older version is refused
//! by name — "written by an older FairDuel ... cannot judge it" — never judged as a cheat.
//! docs/PROTOCOL.md states the promise.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::path::{Path, PathBuf};

use fairduel_protocol::record::{RECORD_VERSION, RecordError};
use fairduel_protocol::{MatchRecord, audit};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::BotKind;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/records")
}

/// Every preset, by the file name its fixture has.
fn presets() -> Vec<&'static str> {
    common::PRESETS
        .iter()
        .chain(&common::TABLE_PRESETS)
        .chain(&common::FIELD_PRESETS)
        .chain(&common::DOMAIN_PRESETS)
        .copied()
        .collect()
}

#[test]
fn kept_records_keep_their_verdicts() {
    let mut checked = 0;
    let mut versions = std::fs::read_dir(fixtures())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect::<Vec<_>>();
    versions.sort();
    for dir in versions {
        let version: u16 = dir
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_prefix('v'))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{} is not named v<version>", dir.display()));
        for preset in presets() {
            let path = dir.join(format!("{preset}.fdrec"));
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            match MatchRecord::from_bytes(&bytes) {
                Ok(record) => {
                    assert_eq!(version, RECORD_VERSION, "{}", path.display());
                    let (rules, _) = common::load(preset);
                    let report = audit(rules, &record).unwrap();
                    assert!(
                        report.all_verified(),
                        "{}: {:?}",
                        path.display(),
                        report.verdicts
                    );
                    assert!(report.complete, "{}", path.display());
                    let expected =
                        std::fs::read_to_string(path.with_extension("outcome")).unwrap_or_default();
                    assert_eq!(
                        format!("{:?}", report.outcome).trim(),
                        expected.trim(),
                        "{}: another result than when it was recorded",
                        path.display()
                    );
                }
                Err(RecordError::OlderVersion(found)) => {
                    assert_eq!(found, version, "{}", path.display());
                    assert!(version < RECORD_VERSION);
                    let message = RecordError::OlderVersion(found).to_string();
                    assert!(message.contains("cannot judge it"), "{message}");
                }
                Err(other) => panic!("{}: {other}", path.display()),
            }
            checked += 1;
        }
    }
    assert!(checked >= presets().len(), "only {checked} kept records");
}

/// Keeps a record of every preset for the current version:
/// `cargo test -p fairduel-protocol --test record_fixtures -- --ignored`.
#[test]
#[ignore = "writes the fixtures of a new record version; run once per version"]
fn keep_records_of_this_version() {
    let dir = fixtures().join(format!("v{RECORD_VERSION}"));
    std::fs::create_dir_all(&dir).unwrap();
    for preset in presets() {
        let (rules, decks) = common::load(preset);
        let players = usize::from(rules.format.table.players);
        let game = play_protocol_game(
            &rules,
            preset,
            &common::seating(&decks, 1, players),
            1,
            BotKind::Greedy,
            true,
        )
        .unwrap();
        let report = game.audit.expect("audited");
        assert!(report.all_verified());
        std::fs::write(dir.join(format!("{preset}.fdrec")), game.record.to_bytes()).unwrap();
        std::fs::write(
            dir.join(format!("{preset}.outcome")),
            format!("{:?}\n", report.outcome),
        )
        .unwrap();
    }
}

#[test]
fn a_record_of_another_rules_engine_is_not_judged() {
    // The same format and pool, but made by a build whose engine starts a duel differently:
    // the set-up names that engine's fingerprint, and the audit refuses to judge the record
    // (an error, no verdict about any seat) instead of finding state hashes that differ.
    use fairduel_protocol::envelope::{Body, Envelope, MatchSetup, PROTOCOL_VERSION};
    use fairduel_protocol::seeded::seeded_identity;
    use fairduel_protocol::{MatchLog, SignedEnvelope};

    let (rules, _) = common::load("kingdom-duels");
    let host = seeded_identity(1, 0);
    let mut setup = MatchSetup {
        protocol_version: PROTOCOL_VERSION,
        format_name: "kingdom-duels".into(),
        format_hash: rules.format.hash(),
        pool_hash: rules.pool.hash(),
        engine: fairduel_protocol::fingerprint::engine_fingerprint(&rules),
        players: vec![host.public(), seeded_identity(1, 1).public()],
        nonce: [4; 32],
    };
    let sealed = |setup: &MatchSetup| {
        let envelope = Envelope {
            match_id: setup.match_id(),
            seq: 0,
            previous: Default::default(),
            author: fairduel_engine::Seat(0),
            body: Body::Setup(setup.clone()),
            state_after: MatchLog::initial_state_hash(setup),
        };
        MatchRecord {
            entries: vec![SignedEnvelope::seal(&envelope, &host)],
            ..MatchRecord::default()
        }
    };
    assert!(audit(rules.clone(), &sealed(&setup)).is_ok());
    setup.engine.0[0] ^= 1;
    let refused = audit(rules, &sealed(&setup)).unwrap_err().to_string();
    assert!(refused.contains("rules engine differs"), "{refused}");
    assert!(refused.contains("cannot judge it"), "{refused}");
}
