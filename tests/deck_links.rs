//! `fairduel deck link` and `fairduel deck import`: a Duelists of the Roses deck goes out as
//! a ydke:// link and comes back as the same deck file, the Deck Leader included; cards
//! without a known passcode are named, never dropped silently.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

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
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("xdg-data"))
        .env_remove("FAIRDUEL_CARDS")
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    output
}

#[test]
fn a_deck_goes_out_as_a_ydke_link_and_comes_back_whole() {
    let home = scratch("deck-links");
    // Cards whose passcodes FairDuel ships: Blue-Eyes White Dragon, Dark Magician, Battle Ox.
    let deck = home.join("mine.toml");
    std::fs::write(
        &deck,
        "name = \"Mine\"\nleader = 211\nmain = [\n  { card = 0, copies = 2 },\n  { card = 60 },\n]\n",
    )
    .unwrap();
    let out = fairduel(&home, &["deck", "link", deck.to_str().unwrap()]);
    assert!(out.status.success());
    let link = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    assert!(link.starts_with("ydke://"), "{link}");

    let back = fairduel(&home, &["deck", "import", &link, "--name", "Mine again"]);
    let text = String::from_utf8_lossy(&back.stdout);
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    assert!(text.contains("name = \"Mine again\""), "{text}");
    assert!(text.contains("leader = 211"), "{text}");
    assert!(text.contains("card = 0, copies = 2"), "{text}");
    assert!(text.contains("card = 60"), "{text}");

    // A card without a known passcode is named on stderr.
    std::fs::write(
        &deck,
        "name = \"Mine\"\nleader = 211\nmain = [\n  { card = 0 },\n  { card = 223 },\n]\n",
    )
    .unwrap();
    let out = fairduel(&home, &["deck", "link", deck.to_str().unwrap()]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Wolf Axwielder"));
    std::fs::remove_dir_all(&home).ok();
}
