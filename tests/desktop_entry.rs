//! `fairduel desktop install` puts FairDuel in the application menu with its icon, in the
//! folder given, starting this very program; `fairduel desktop remove` takes it away.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_fairduel");

#[test]
fn the_desktop_entry_and_icons_are_installed_and_removed_again() {
    let home = std::env::temp_dir().join(format!("fairduel-desktop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let install = Command::new(BIN)
        .args(["desktop", "install", "--data-home"])
        .arg(&home)
        .output()
        .unwrap();
    assert!(install.status.success(), "{install:?}");

    let entry = std::fs::read_to_string(home.join("applications/fairduel.desktop")).unwrap();
    let program = std::fs::canonicalize(BIN).unwrap();
    assert!(
        entry.contains(&format!("Exec=\"{}\" app %f\n", program.display())),
        "{entry}"
    );
    assert!(entry.contains("\nIcon=fairduel\n"), "{entry}");
    assert!(entry.contains("\nStartupWMClass=fairduel\n"), "{entry}");
    for size in [32u32, 48, 64, 128, 256] {
        let png =
            std::fs::read(home.join(format!("icons/hicolor/{size}x{size}/apps/fairduel.png")))
                .unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // The IHDR chunk's width and height, big-endian, right after its name.
        assert_eq!(&png[16..20], &size.to_be_bytes());
        assert_eq!(&png[20..24], &size.to_be_bytes());
    }

    let remove = Command::new(BIN)
        .args(["desktop", "remove", "--data-home"])
        .arg(&home)
        .output()
        .unwrap();
    assert!(remove.status.success(), "{remove:?}");
    assert!(String::from_utf8_lossy(&remove.stdout).contains("(6 files)"));
    assert!(!home.join("applications/fairduel.desktop").exists());
    assert!(
        !home
            .join("icons/hicolor/256x256/apps/fairduel.png")
            .exists()
    );
    let _ = std::fs::remove_dir_all(&home);
}
