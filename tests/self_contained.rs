//! The binary carries its formats, card pools and decks: run from an empty folder with no
//! asset folder named (`FAIRDUEL_ASSETS` unset, no `--assets`), it lists the presets, checks
//! a deck, plays the demo match, and takes the player's own files from `my-assets/` in its
//! data folder. The source tree's `assets/` is never read: the built-in files are unpacked
//! into the data folder, and the test checks that the formats listed are read from there.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");

/// A fresh empty folder under the system's temporary folder.
fn empty_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `fairduel ARGS` run in `cwd` with `data` as its data folder and its key there too.
fn fairduel(cwd: &Path, data: &Path, args: &[&str]) -> Output {
    let output = Command::new(BIN)
        .args(args)
        .arg("--data-dir")
        .arg(data)
        .arg("--key")
        .arg(data.join("identity.key"))
        .current_dir(cwd)
        .env_remove("FAIRDUEL_ASSETS")
        .env("HOME", cwd)
        .env("XDG_DATA_HOME", cwd.join("xdg-data"))
        .env("XDG_CONFIG_HOME", cwd.join("xdg-config"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    output
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn the_binary_plays_from_an_empty_folder_with_its_own_assets() {
    let cwd = empty_dir("self-contained");
    let data = cwd.join("data");
    // The player's own format, beside the built-in ones.
    let own = data.join("my-assets").join("formats");
    std::fs::create_dir_all(&own).unwrap();
    let built_in = include_str!("../assets/formats/kingdom-duels.toml");
    let mine = built_in
        .replace("id = \"kingdom-duels\"", "id = \"our-kingdom\"")
        .replace("name = \"Kingdom Duels\"", "name = \"Our Kingdom Duels\"")
        .replace("life_points = 2000", "life_points = 4000");
    std::fs::write(own.join("our-kingdom.toml"), mine).unwrap();

    let formats = fairduel(&cwd, &data, &["formats"]);
    assert!(formats.status.success(), "{formats:?}");
    let listing = stdout(&formats);
    for preset in ["dor-classic", "kairu-dotr", "kingdom-duels", "our-kingdom"] {
        assert!(listing.contains(preset), "{preset} is missing:\n{listing}");
    }
    assert!(listing.contains("Our Kingdom Duels") && listing.contains("4000 LP"));

    // They were read from the unpacked copy in the data folder.
    let unpacked: Vec<PathBuf> = std::fs::read_dir(data.join("assets"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    assert_eq!(unpacked.len(), 1, "{unpacked:?}");
    let assets = &unpacked[0];
    assert!(assets.join("formats/our-kingdom.toml").is_file());
    assert!(assets.join("cards/kingdom-duels.toml").is_file());

    // A starter deck checks out against its format.
    let deck = std::fs::read_dir(assets.join("decks"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "toml"))
        .expect("a starter deck");
    let check = fairduel(
        &cwd,
        &data,
        &[
            "deck",
            "check",
            deck.to_str().unwrap(),
            "--format",
            "dor-classic",
        ],
    );
    assert!(check.status.success(), "{check:?}");

    // A real match between two local peers, audited.
    let demo = fairduel(&cwd, &data, &["demo"]);
    let text = stdout(&demo);
    assert!(
        demo.status.success(),
        "{text}\n{}",
        String::from_utf8_lossy(&demo.stderr)
    );
    assert!(text.contains("verified"), "{text}");

    // A second run reuses the unpacked folder.
    let again = fairduel(&cwd, &data, &["formats"]);
    assert!(again.status.success());
    let count = std::fs::read_dir(data.join("assets"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .count();
    assert_eq!(count, 1);
    let _ = std::fs::remove_dir_all(&cwd);
}
