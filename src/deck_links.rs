//! `fairduel deck link FILE` and `fairduel deck import YDK-OR-LINK`: Duelists of the Roses
//! decks to and from the simulators' formats, through the passcode table (the shipped one,
//! the player's own `passcodes.toml`, and a card database given with `--cards`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairduel_app::deckstore::DeckDraft;
use fairduel_app::ydk::{self, PasscodeTable};
use fairduel_engine::CardPool;

use crate::cli::CmdResult;
use crate::output::Listing;

/// The passcode table for `pool`: the shipped entries, the player's own, and names found in
/// the card databases at `cards` (or `$FAIRDUEL_CARDS`).
fn passcodes(
    dir: &Path,
    data_dir: Option<&Path>,
    pool: &CardPool,
    cards: &[PathBuf],
) -> Result<PasscodeTable, String> {
    let mut table = PasscodeTable::default();
    table.add_file(&dir.join("cards").join("passcodes.toml"), pool);
    if let Some(data) = data_dir {
        table.add_file(&data.join("passcodes.toml"), pool);
    }
    let databases: Vec<PathBuf> = if cards.is_empty() {
        std::env::var_os("FAIRDUEL_CARDS")
            .map(|v| std::env::split_paths(&v).collect())
            .unwrap_or_default()
    } else {
        cards.to_vec()
    };
    if !databases.is_empty() {
        let loaded = fairduel_carddb::load_cards(&databases).map_err(|e| e.to_string())?;
        table.add_database("card database", &loaded.db, pool);
    }
    Ok(table)
}

/// Prints a FairDuel deck file as a `ydke://` link; what has no passcode goes to stderr.
pub(crate) fn link(
    dir: &Path,
    data_dir: Option<&Path>,
    file: &Path,
    cards: &[PathBuf],
) -> CmdResult {
    let pool = crate::assets::load_pool(dir, fairduel_engine::format::DOR_POOL)
        .map_err(|e| e.to_string())?;
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("{}: cannot be read: {e}", file.display()))?;
    let draft =
        DeckDraft::from_toml(&text, &pool).map_err(|e| format!("{}: {e}", file.display()))?;
    let table = passcodes(dir, data_dir, &pool, cards)?;
    let out = ydk::export_ydke(&draft, &table, &pool);
    Listing::new().line(format_args!("{}", out.text));
    if !out.left_out.is_empty() {
        eprintln!(
            "{} of {} cards written; left out, for want of a known passcode (give --cards PATH):",
            out.written,
            draft.main_len() + usize::from(draft.leader.is_some())
        );
        for what in &out.left_out {
            eprintln!("  - {what}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints a YDK file or `ydke://` link as a FairDuel deck file; what cannot be mapped goes
/// to stderr. Exits 1 when nothing could be.
pub(crate) fn import(
    dir: &Path,
    data_dir: Option<&Path>,
    source: &str,
    name: Option<&str>,
    cards: &[PathBuf],
) -> CmdResult {
    let pool = crate::assets::load_pool(dir, fairduel_engine::format::DOR_POOL)
        .map_err(|e| e.to_string())?;
    let (file, default_name) = if source.trim().starts_with("ydke://") {
        (ydk::parse_ydke(source)?, "Linked deck".to_owned())
    } else {
        let path = Path::new(source);
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("{source}: cannot be read: {e}"))?;
        let stem = path.file_stem().map_or_else(
            || "Imported deck".to_owned(),
            |s| s.to_string_lossy().into_owned(),
        );
        (
            ydk::parse_ydk(&text).map_err(|e| format!("{source}: {e}"))?,
            stem,
        )
    };
    let table = passcodes(dir, data_dir, &pool, cards)?;
    let imported = ydk::import(&file, &table, &pool, name.unwrap_or(&default_name));
    for what in &imported.left_out {
        eprintln!("left out: {what}");
    }
    if imported.mapped == 0 {
        return Err(
            "no card of it has a known passcode: give your simulator's card database with \
             --cards PATH"
                .into(),
        );
    }
    let toml = imported.draft.to_toml(&pool).map_err(|e| {
        format!(
            "{e}: it names no Deck Leader FairDuel knows (in a .ydk file a \
             `#fairduel-leader PASSCODE` line, in a link the side deck's one card)"
        )
    })?;
    Listing::new().line(format_args!("{}", toml.trim_end()));
    Ok(ExitCode::SUCCESS)
}
