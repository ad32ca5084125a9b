//! A listing read only in part (`fairduel cards | head -1`) ends quietly: the reader closes
//! the pipe after one line, and `fairduel` exits successfully without a panic message.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");

fn read_one_line_then_close(args: &[&str]) {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut child = Command::new(BIN)
        .args(args)
        .env("FAIRDUEL_ASSETS", &assets)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut first = String::new();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    // The reader is dropped here: the rest of the listing meets a closed pipe.
    assert!(!first.trim().is_empty(), "{args:?}: the first line");
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(
        output.status.success(),
        "{args:?}: {:?} {stderr}",
        output.status
    );
}

#[test]
fn a_card_listing_read_in_part_ends_quietly() {
    // Far more than a pipe's buffer: the writer must meet the closed pipe.
    read_one_line_then_close(&["cards", "--pool", "kingdom-duels"]);
    read_one_line_then_close(&["cards"]);
}

#[test]
fn a_format_listing_read_in_part_ends_quietly() {
    read_one_line_then_close(&["formats"]);
}

#[test]
fn verifying_many_records_read_in_part_ends_quietly_with_the_verdict_in_the_exit_code() {
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let home = std::env::temp_dir().join(format!("fairduel-pipe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let record = home.join("match.fdrec");
    let demo = Command::new(BIN)
        .args(["demo", "--record"])
        .arg(&record)
        .arg("--data-dir")
        .arg(home.join("data"))
        .arg("--key")
        .arg(home.join("identity.key"))
        .env("FAIRDUEL_ASSETS", &assets)
        .output()
        .unwrap();
    assert!(demo.status.success(), "{demo:?}");
    // The same record named 300 times: well over a pipe's buffer of reports.
    let record = record.to_str().unwrap().to_owned();
    let mut args = vec!["verify"];
    args.extend(std::iter::repeat_n(record.as_str(), 300));
    read_one_line_then_close(&args);
    let _ = std::fs::remove_dir_all(&home);
}
