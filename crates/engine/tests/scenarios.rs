//! Runs every rule scenario in `tests/scenarios/` and fails on any unexpected failure.
//! Known failures (engine bugs the scenario documents) are reported, not failed on.

use std::path::PathBuf;

use fairduel_engine::scenario::{Verdict, run_file};

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
    assert!(bad.is_empty(), "unexpected scenario failures:\n{}", bad.join("\n"));
}
