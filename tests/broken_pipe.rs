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
