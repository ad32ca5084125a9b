//! `fairduel desktop install|remove`: FairDuel in the desktop's application menu, with its
//! icon, following the freedesktop.org specifications (a `.desktop` entry under
//! `applications/` and the icon in the `hicolor` theme, both in the user's data folder, so
//! nothing needs root).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cli::CmdResult;

/// The sizes desktops ask for most; each is drawn at its size, not scaled.
const ICON_SIZES: [u32; 5] = [32, 48, 64, 128, 256];
const ENTRY_FILE: &str = "fairduel.desktop";

/// Where the entry and icons go: `--data-home`, else the user's data folder
/// (`$XDG_DATA_HOME`, usually `~/.local/share`).
fn data_home(chosen: Option<&Path>) -> Result<PathBuf, String> {
    chosen
        .map(Path::to_path_buf)
        .or_else(dirs::data_dir)
        .ok_or_else(|| {
            "cannot tell where your data folder is (no home folder?): give one with --data-home"
                .to_owned()
        })
}

fn icon_path(home: &Path, size: u32) -> PathBuf {
    home.join("icons/hicolor")
        .join(format!("{size}x{size}"))
        .join("apps/fairduel.png")
}

/// The `Exec` key's program, quoted as the Desktop Entry Specification asks: inside double
/// quotes, a backslash before `"`, `` ` ``, `$` and `\`.
fn exec_quoted(program: &Path) -> String {
    let mut quoted = String::from('"');
    for c in program.display().to_string().chars() {
        if matches!(c, '"' | '`' | '$' | '\\') {
            quoted.push('\\');
        }
        quoted.push(c);
    }
    quoted.push('"');
    // The key's own escape rules apply on top: each backslash written is doubled.
    quoted.replace('\\', "\\\\")
}

fn entry_text(program: &Path) -> String {
    format!(
        "[Desktop Entry]\n\
         Type=Application\n\
         Version=1.4\n\
         Name=FairDuel\n\
         GenericName=Card duels with friends\n\
         Comment=Duelists of the Roses, Kingdom Duels and Domain Format with friends, peer to \
         peer, every rule enforced and every match verifiable\n\
         Exec={} app %f\n\
         Icon=fairduel\n\
         Terminal=false\n\
         Categories=Game;CardGame;\n\
         Keywords=duel;cards;peer-to-peer;\n\
         StartupWMClass=fairduel\n",
        exec_quoted(program)
    )
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

pub fn install(chosen_home: Option<&Path>) -> CmdResult {
    let home = data_home(chosen_home)?;
    let program = std::env::current_exe()
        .and_then(std::fs::canonicalize)
        .map_err(|e| format!("cannot tell where this fairduel program is: {e}"))?;
    for size in ICON_SIZES {
        let png = fairduel_app::icon::icon_png(size)
            .map_err(|e| format!("cannot draw the {size}px icon: {e}"))?;
        write(&icon_path(&home, size), &png)?;
    }
    let entry = home.join("applications").join(ENTRY_FILE);
    write(&entry, entry_text(&program).as_bytes())?;
    say!("installed {}", entry.display());
    say!(
        "installed the icon in {} sizes under {}",
        ICON_SIZES.len(),
        home.join("icons/hicolor").display()
    );
    say!(
        "FairDuel is in your application menu (it starts {}). If you move that program, run \
         `fairduel desktop install` again; `fairduel desktop remove` takes the entry away.",
        program.display()
    );
    Ok(ExitCode::SUCCESS)
}

pub fn remove(chosen_home: Option<&Path>) -> CmdResult {
    let home = data_home(chosen_home)?;
    let mut removed = 0;
    let files = std::iter::once(home.join("applications").join(ENTRY_FILE))
        .chain(ICON_SIZES.iter().map(|size| icon_path(&home, *size)));
    for file in files {
        match std::fs::remove_file(&file) {
            Ok(()) => removed += 1,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(format!("cannot remove {}: {e}", file.display())),
        }
    }
    say!(
        "{}",
        if removed == 0 {
            "FairDuel had no desktop entry here; nothing to remove".to_owned()
        } else {
            format!("removed FairDuel's desktop entry and icons ({removed} files)")
        }
    );
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_path_with_spaces_and_dollars_is_quoted_for_the_exec_key() {
        assert_eq!(
            exec_quoted(Path::new("/opt/Fair Duel/$bin/fairduel")),
            "\"/opt/Fair Duel/\\\\$bin/fairduel\""
        );
        let entry = entry_text(Path::new("/usr/bin/fairduel"));
        assert!(
            entry.contains("Exec=\"/usr/bin/fairduel\" app %f\n"),
            "{entry}"
        );
        assert!(entry.starts_with("[Desktop Entry]\n"));
    }
}
