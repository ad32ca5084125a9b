//! `fairduel deck check FILE --format domain --cards PATH`: a Domain Format deck (YDK,
//! ydke link or FairDuel file) checked against the player's own card database.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fairduel_carddb::{load_cards, read_deck_text};
use fairduel_engine::domain::{DomainDeckRules, check_domain_deck};

use crate::cli::CmdResult;
use crate::output::Listing;

/// The environment variable naming the card database when `--cards` is not given.
const CARDS_VAR: &str = "FAIRDUEL_CARDS";

/// Domain Format's presets all build decks the same way.
pub(crate) fn is_domain(format: &str) -> bool {
    format == "domain" || format.starts_with("domain-")
}

/// Whether a Domain deck check reads the player's card database: when one is given, or
/// the deck is a YDK file or ydke link (passcodes only a database knows). A FairDuel deck
/// of the shipped pool is checked against the pool like any other.
pub(crate) fn wants_card_database(file: &Path, cards: &[PathBuf]) -> bool {
    let named = file.to_string_lossy();
    !cards.is_empty()
        || std::env::var_os(CARDS_VAR).is_some()
        || named.starts_with("ydke://")
        || file
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("ydk"))
}

pub(crate) fn check(file: &Path, format: &str, cards: &[PathBuf]) -> CmdResult {
    let paths: Vec<PathBuf> = if cards.is_empty() {
        std::env::var_os(CARDS_VAR)
            .map(|v| std::env::split_paths(&v).collect())
            .unwrap_or_default()
    } else {
        cards.to_vec()
    };
    if paths.is_empty() {
        return Err(format!(
            "{format} decks are checked against your own card database: pass --cards PATH \
             (a cards.cdb, or the simulator folder holding it and strings.conf), or set \
             {CARDS_VAR}"
        ));
    }
    let loaded = load_cards(&paths).map_err(|e| e.to_string())?;
    let link = file.to_string_lossy();
    let text = if link.starts_with("ydke://") {
        link.into_owned()
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| format!("{}: cannot be read: {e}", file.display()))?
    };
    let parsed = read_deck_text(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    let name = parsed.name.clone().unwrap_or_else(|| {
        file.file_stem()
            .filter(|_| !text.starts_with("ydke://"))
            .map_or_else(|| "the deck".into(), |s| s.to_string_lossy().into_owned())
    });
    let mut out = Listing::new();
    out.line(format_args!(
        "cards: {} from {} database(s), {} archetype names{}",
        loaded.db.len(),
        loaded.databases.len(),
        loaded.db.archetype_count(),
        if loaded.skipped_rows > 0 {
            format!(
                " ({} rows with impossible values passed over)",
                loaded.skipped_rows
            )
        } else {
            String::new()
        }
    ));
    match check_domain_deck(&parsed.deck, &loaded.db, DomainDeckRules::default()) {
        Ok(report) => {
            out.line(format_args!(
                "{name}: legal in Domain Format — Deck Master {}, {} main cards, {} in the Extra Deck",
                report.deck_master,
                parsed.deck.main.len(),
                parsed.deck.extra.len()
            ));
            out.line(format_args!(
                "Domain: {}",
                report.domain.describe(&loaded.db)
            ));
            Ok(ExitCode::SUCCESS)
        }
        Err(problems) => {
            out.line(format_args!(
                "{name}: NOT legal in Domain Format — {} problem(s):",
                problems.len()
            ));
            for problem in &problems {
                out.line(format_args!("  - {problem}"));
            }
            Ok(ExitCode::FAILURE)
        }
    }
}
