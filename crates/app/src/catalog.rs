//! The data the app offers: format presets, the card pool and the deck files, read from the
//! asset folder the way the command line finds it (`--assets`, `FAIRDUEL_ASSETS`, or the
//! folder the program was built beside).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::format::Family;
use fairduel_engine::{CardPool, DeckList, Format, Rules, SourceError};
use serde::Deserialize;

/// A format preset with the rules (format plus pool) a match under it is played with.
#[derive(Debug, Clone)]
pub struct FormatEntry {
    /// The file stem, e.g. `kairu-dotr`.
    pub id: String,
    pub rules: Arc<Rules>,
}

impl FormatEntry {
    pub fn name(&self) -> &str {
        &self.rules.format.name
    }
}

/// A deck file as written: it is checked against a format only when asked, because a deck
/// can be legal in one format and not in another.
#[derive(Debug, Clone)]
pub struct DeckFile {
    /// The file stem, e.g. `forest-pack`.
    pub id: String,
    pub path: PathBuf,
    pub text: String,
    /// The deck's own `name`, or the file stem when the file has none.
    pub name: String,
    /// One of the player's saved decks (not a starter deck from the asset folder).
    pub saved: bool,
}

impl DeckFile {
    /// Parses the deck and checks it against the format's deck rules and the pool.
    pub fn check(&self, rules: &Rules) -> Result<DeckList, SourceError> {
        DeckList::from_toml(
            &self.path.display().to_string(),
            &self.text,
            &rules.pool,
            &rules.format,
        )
    }
}

/// Everything loaded from one asset folder.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub dir: PathBuf,
    pub pool: CardPool,
    /// Sorted by id.
    pub formats: Vec<FormatEntry>,
    /// Sorted by id.
    pub decks: Vec<DeckFile>,
    /// Files that could not be read or parsed, in words, so the home screen can say so.
    pub problems: Vec<String>,
    /// Formats the window cannot show yet (their board is not the grid), by name: they
    /// play from the command line.
    pub command_line_only: Vec<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(
        "cannot read the card pool {path}: {source}. Point FairDuel at its asset folder with \
         --assets DIR or the FAIRDUEL_ASSETS environment variable"
    )]
    ReadPool {
        path: String,
        source: std::io::Error,
    },
    #[error("the card pool is broken: {0}")]
    Pool(SourceError),
    #[error(
        "no usable format preset in {dir}: the folder needs formats/*.toml (see --assets or \
         FAIRDUEL_ASSETS)"
    )]
    NoFormats { dir: String },
}

#[derive(Deserialize)]
struct DeckName {
    name: Option<String>,
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl Catalog {
    /// Reads `cards/dor.toml`, `formats/*.toml` and `decks/*.toml` under `dir`. A broken
    /// format or deck file is listed in [`Catalog::problems`] rather than failing the load.
    pub fn load(dir: &Path) -> Result<Catalog, CatalogError> {
        let pool_path = dir.join("cards").join("dor.toml");
        let pool_text =
            std::fs::read_to_string(&pool_path).map_err(|source| CatalogError::ReadPool {
                path: pool_path.display().to_string(),
                source,
            })?;
        let pool = CardPool::from_toml(&pool_path.display().to_string(), &pool_text)
            .map_err(CatalogError::Pool)?;
        let mut problems = Vec::new();
        let mut command_line_only = Vec::new();
        let mut formats = Vec::new();
        for path in toml_files(&dir.join("formats")) {
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    problems.push(format!("cannot read {}: {e}", path.display()));
                    continue;
                }
            };
            match Format::from_toml(&path.display().to_string(), &text) {
                // The window draws the grid only; the card game's field has no board view yet.
                Ok(format) if format.family != Family::Grid => {
                    command_line_only.push(format!("{} ({})", format.name, stem(&path)));
                }
                Ok(format) => formats.push(FormatEntry {
                    id: stem(&path),
                    rules: Rules::new(format, pool.clone()),
                }),
                Err(e) => problems.push(e.to_string()),
            }
        }
        if formats.is_empty() {
            return Err(CatalogError::NoFormats {
                dir: dir.display().to_string(),
            });
        }
        let mut decks = Vec::new();
        for path in toml_files(&dir.join("decks")) {
            match std::fs::read_to_string(&path) {
                Ok(text) => {
                    let id = stem(&path);
                    let name = toml::from_str::<DeckName>(&text)
                        .ok()
                        .and_then(|d| d.name)
                        .unwrap_or_else(|| id.clone());
                    decks.push(DeckFile {
                        id,
                        path,
                        text,
                        name,
                        saved: false,
                    });
                }
                Err(e) => problems.push(format!("cannot read {}: {e}", path.display())),
            }
        }
        Ok(Catalog {
            dir: dir.to_path_buf(),
            pool,
            formats,
            decks,
            problems,
            command_line_only,
        })
    }

    pub fn format(&self, id: &str) -> Option<&FormatEntry> {
        self.formats.iter().find(|f| f.id == id)
    }

    /// Replaces the player's saved decks (they come after the starter decks).
    pub fn set_saved_decks(&mut self, saved: Vec<DeckFile>) {
        self.decks.retain(|d| !d.saved);
        self.decks.extend(saved);
    }

    pub fn deck(&self, id: &str) -> Option<&DeckFile> {
        self.decks.iter().find(|d| d.id == id)
    }

    /// The decks that are legal in a format, with their parsed lists.
    pub fn legal_decks(&self, rules: &Rules) -> Vec<(&DeckFile, DeckList)> {
        self.decks
            .iter()
            .filter_map(|d| d.check(rules).ok().map(|list| (d, list)))
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn project_assets() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
    }

    #[test]
    fn loads_the_project_assets() {
        let catalog = Catalog::load(&project_assets()).expect("assets load");
        assert!(catalog.problems.is_empty(), "{:?}", catalog.problems);
        let kairu = catalog.format("kairu-dotr").expect("Kairu preset");
        assert_eq!(kairu.rules.format.board_size, 9);
        assert!(catalog.legal_decks(&kairu.rules).len() >= 2);
        let forest = catalog.deck("forest-pack").expect("starter deck");
        assert_eq!(forest.name, "Forest Pack");
        // Kingdom Duels is on the card game's field, which the window does not draw yet.
        assert!(catalog.format("kingdom-duels").is_none());
        assert!(
            catalog
                .command_line_only
                .contains(&"Kingdom Duels (kingdom-duels)".to_owned()),
            "{:?}",
            catalog.command_line_only
        );
    }

    #[test]
    fn a_missing_folder_says_how_to_point_at_the_assets() {
        let err = Catalog::load(Path::new("/nonexistent/fairduel-assets")).expect_err("missing");
        let text = err.to_string();
        assert!(text.contains("--assets"), "{text}");
        assert!(text.contains("FAIRDUEL_ASSETS"), "{text}");
    }
}
