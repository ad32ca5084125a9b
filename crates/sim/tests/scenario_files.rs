//! Runs every rule scenario in `tests/scenarios/` and fails on any unexpected failure.
//! Known failures (engine bugs the scenario documents) are reported, not failed on.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::path::PathBuf;

use fairduel_sim::scenario::{Verdict, run_file};

#[test]
fn every_scenario_runs_as_expected() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let assets = root.join("assets");
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests/scenarios"))
        .expect("tests/scenarios exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenario files found");
    let mut bad = Vec::new();
    for file in &files {
        match run_file(file, &assets) {
            Ok(report) => {
                println!("{}", report.summary());
                if report.verdict() == Verdict::Fail {
                    bad.push(report.summary());
                }
            }
            Err(e) => bad.push(format!("ERROR {}: {e}", file.display())),
        }
    }
    assert!(
        bad.is_empty(),
        "unexpected scenario failures:\n{}",
        bad.join("\n")
    );
}

fn classic_rules() -> std::sync::Arc<fairduel_engine::Rules> {
    let assets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets");
    let read = |p: PathBuf| std::fs::read_to_string(&p).expect("asset readable");
    let format = fairduel_engine::Format::from_toml(
        "dor-classic.toml",
        &read(assets.join("formats/dor-classic.toml")),
    )
    .expect("format loads");
    let pool =
        fairduel_engine::CardPool::from_toml("dor.toml", &read(assets.join("cards/dor.toml")))
            .expect("pool loads");
    fairduel_engine::Rules::new(format, pool)
}

#[test]
fn a_wrong_expectation_is_reported_with_its_line() {
    use fairduel_sim::scenario::Scenario;
    // The Deck Leader moves at most two zones: three is refused, unexpectedly here.
    let text = "format = \"dor-classic\"\nturn = 3\n\n[[step]]\nseat = 0\ndo = \"move\"\nfrom = \"d7\"\nto = \"d4\"\n\n[[assert]]\nseat = 0\nlife_points = 1\n";
    let scenario = Scenario::parse("inline.toml", text).expect("parses");
    let report = scenario.run(&classic_rules()).expect("runs");
    assert_eq!(report.verdict(), Verdict::Fail);
    assert_eq!(report.failures[0].line, 4, "{:?}", report.failures);
    assert!(
        report.failures[0].message.contains("unreachable"),
        "{:?}",
        report.failures
    );
}

#[test]
fn a_bad_cell_name_is_a_file_error_with_its_line() {
    use fairduel_sim::scenario::Scenario;
    let text = "format = \"dor-classic\"\n\n[[cells]]\nat = \"q9\"\ncard = 159\nseat = 0\n";
    let scenario = Scenario::parse("inline.toml", text).expect("parses");
    let err = scenario.run(&classic_rules()).expect_err("bad cell");
    assert_eq!(err.line, 3, "{err}");
    assert!(err.message.contains("q9"), "{err}");
}
