//! What tools and CI read from the command line: `verify --json` and `selfplay --json`
//! print one JSON object whose fields say what the words say, with the same exit codes;
//! `completions` prints a script for the shell named.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fairduel(home: &Path, args: &[&str]) -> Output {
    let output = Command::new(BIN)
        .args(args)
        .arg("--data-dir")
        .arg(home.join("data"))
        .arg("--key")
        .arg(home.join("identity.key"))
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("xdg-data"))
        .env("XDG_CONFIG_HOME", home.join("xdg-config"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    output
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "not one JSON object ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

#[test]
fn verify_json_gives_every_seats_verdict_and_the_exit_code_agrees() {
    let home = scratch("verify-json");
    let record = home.join("match.fdr");
    let demo = fairduel(
        &home,
        &[
            "demo",
            "--format",
            "kingdom-duels",
            "--record",
            record.to_str().unwrap(),
        ],
    );
    assert!(demo.status.success(), "{demo:?}");

    let fair = fairduel(&home, &["verify", record.to_str().unwrap(), "--json"]);
    assert!(fair.status.success(), "{fair:?}");
    let report = json(&fair);
    assert_eq!(report["format"], "kingdom-duels");
    assert_eq!(report["all_verified"], true);
    assert_eq!(report["complete"], true);
    // Hand-offs: where the writer changes, fewer than the entries and more than none.
    let hand_offs = report["hand_offs"].as_u64().unwrap();
    assert!(hand_offs > 0 && hand_offs < report["entries"].as_u64().unwrap());
    let seats = report["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert!(
        seats.iter().all(|s| s["verdict"] == "verified"),
        "{seats:?}"
    );
    let winners = report["outcome"]["winners"].as_array().unwrap();
    assert_eq!(winners.len(), 1, "{report}");

    // Cut short, the record no longer shows a complete match: the exit code says so, and
    // the JSON says why, accusing nobody.
    let bytes = std::fs::read(&record).unwrap();
    let cut = home.join("cut.fdr");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let damaged = fairduel(&home, &["verify", cut.to_str().unwrap(), "--json"]);
    assert!(!damaged.status.success());
    let report = json(&damaged);
    let text = report.to_string();
    assert!(!text.contains("\"cheated\""), "{text}");
    assert!(
        report.get("error").is_some() || report["all_verified"] == false,
        "{text}"
    );

    // Not a record at all: an error object, and failure.
    let junk = home.join("junk.fdr");
    std::fs::write(&junk, b"not a record").unwrap();
    let unreadable = fairduel(&home, &["verify", junk.to_str().unwrap(), "--json"]);
    assert!(!unreadable.status.success());
    let report = json(&unreadable);
    assert!(
        report["error"]
            .as_str()
            .unwrap()
            .contains("not a FairDuel match record"),
        "{report}"
    );
}

#[test]
fn selfplay_json_sums_up_the_games() {
    let home = scratch("selfplay-json");
    let run = fairduel(
        &home,
        &[
            "selfplay",
            "--format",
            "kingdom-duels",
            "--games",
            "4",
            "--protocol",
            "--json",
        ],
    );
    assert!(run.status.success(), "{run:?}");
    let summary = json(&run);
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["protocol"], true);
    assert!(summary["failures"].as_array().unwrap().is_empty());
    let won: u64 = summary["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["won"].as_u64().unwrap())
        .sum();
    let ended: u64 = summary["endings"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(ended, 4, "{summary}");
    assert_eq!(
        won + summary["draws"].as_u64().unwrap() + summary["shared_wins"].as_u64().unwrap(),
        4
    );
    assert!(
        summary["agreed"]["proposed"].as_u64().unwrap() > 0,
        "{summary}"
    );
}

#[test]
fn completions_are_printed_for_each_shell() {
    let home = scratch("completions");
    for (shell, mark) in [
        ("bash", "_fairduel"),
        ("zsh", "#compdef fairduel"),
        ("fish", "complete -c fairduel"),
    ] {
        let out = fairduel(&home, &["completions", shell]);
        assert!(out.status.success(), "{shell}: {out:?}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains(mark), "{shell}: {script}");
        assert!(
            script.contains("selfplay"),
            "{shell} completes the subcommands"
        );
    }
}

#[test]
fn verify_audits_many_records_in_one_run_and_fails_if_any_seat_of_any_record_is_not_verified() {
    let home = scratch("verify-many");
    let mut records = Vec::new();
    for (format, seed) in [("dor-classic", "2"), ("domain", "3")] {
        let record = home.join(format!("{format}.fdrec"));
        let demo = fairduel(
            &home,
            &[
                "demo",
                "--format",
                format,
                "--seed",
                seed,
                "--record",
                record.to_str().unwrap(),
            ],
        );
        assert!(demo.status.success(), "{demo:?}");
        records.push(record.to_str().unwrap().to_owned());
    }
    let mut args = vec!["verify"];
    args.extend(records.iter().map(String::as_str));
    let fair = fairduel(&home, &args);
    assert!(fair.status.success(), "{fair:?}");
    let words = String::from_utf8_lossy(&fair.stdout);
    for record in &records {
        assert!(words.contains(record.as_str()), "{words}");
    }
    assert!(
        words.contains("2 records: every seat of every record verified"),
        "{words}"
    );
    // Off a terminal the progress bar draws nothing: no escape codes in what CI logs.
    assert!(!String::from_utf8_lossy(&fair.stderr).contains('\u{1b}'));

    let junk = home.join("junk.fdrec");
    std::fs::write(&junk, b"not a record").unwrap();
    args.push(junk.to_str().unwrap());
    args.push("--json");
    let mixed = fairduel(&home, &args);
    assert!(
        !mixed.status.success(),
        "one unreadable record fails the run"
    );
    let reports = json(&mixed);
    let reports = reports.as_array().expect("several records print an array");
    assert_eq!(reports.len(), 3);
    assert_eq!(reports[0]["format"], "dor-classic");
    assert_eq!(reports[1]["format"], "domain");
    assert!(reports[..2].iter().all(|r| r["all_verified"] == true));
    assert!(reports[2]["error"].is_string(), "{:?}", reports[2]);
}
