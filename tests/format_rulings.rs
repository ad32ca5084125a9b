//! A format's rulings by agreement (`[agreement] rulings`) must name cards of its pool: a
//! format file naming one it does not hold is refused with the card and what to do, before
//! any game starts.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");

/// `fairduel selfplay` of `games` games in the format file `file`, its data kept in `dir`.
fn selfplay(dir: &std::path::Path, file: &std::path::Path, games: &str) -> std::process::Output {
    Command::new(BIN)
        .args(["selfplay", "--games", games, "--format"])
        .arg(file)
        .arg("--data-dir")
        .arg(dir.join("data"))
        .current_dir(dir)
        .env("HOME", dir)
        .output()
        .unwrap()
}

#[test]
fn a_ruling_on_a_card_the_pool_lacks_is_refused_by_name() {
    let dir = std::env::temp_dir().join(format!("fairduel-rulings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let preset = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/formats/dor-classic.toml"),
    )
    .unwrap();
    let file = dir.join("house-rules.toml");
    std::fs::write(
        &file,
        format!("{preset}\n[agreement]\nrulings = [710, 9999]\n"),
    )
    .unwrap();
    let output = selfplay(&dir, &file, "1");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(stderr.contains("9999"), "{stderr}");
    assert!(stderr.contains("rulings"), "{stderr}");
    assert!(
        !stderr.contains("#710"),
        "Hinotama is in the pool: {stderr}"
    );

    // Without the unknown card the same format plays.
    std::fs::write(&file, format!("{preset}\n[agreement]\nrulings = [710]\n")).unwrap();
    let output = selfplay(&dir, &file, "3");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
