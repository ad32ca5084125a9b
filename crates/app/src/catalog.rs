//! The data the app offers: format presets, the card pool and the deck files, read from the
//! asset folder the way the command line finds it (`--assets`, `FAIRDUEL_ASSETS`, or the
//! folder the program was built beside).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// The card pool the deck is built from (`dor`, `kingdom-duels`): it is offered only
    /// for formats played with that pool.
    pub pool: String,
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

/// The card pool the deck builder works with, and whose decks sit directly in `decks/`.
pub const DOR_POOL: &str = "dor";

/// Everything loaded from one asset folder.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub dir: PathBuf,
    /// Duelists of the Roses' pool: the deck builder's.
    pub pool: CardPool,
    /// Sorted by id.
    pub formats: Vec<FormatEntry>,
    /// Sorted by id.
    pub decks: Vec<DeckFile>,
    /// Files that could not be read or parsed, in words, so the home screen can say so.
    pub problems: Vec<String>,
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

/// Why a card pool file could not be used.
#[derive(Debug, thiserror::Error)]
enum PoolProblem {
    #[error("cannot read the card pool {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("the card pool is broken: {0}")]
    Broken(SourceError),
}

fn read_pool(dir: &Path, name: &str) -> Result<CardPool, PoolProblem> {
    let path = dir.join("cards").join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).map_err(|source| PoolProblem::Read {
        path: path.display().to_string(),
        source,
    })?;
    let pool =
        CardPool::from_toml(&path.display().to_string(), &text).map_err(PoolProblem::Broken)?;
    // The players' own card definitions, where there are any (see the command line's
    // `load_pool`): every player of a match needs the same.
    let definitions = dir.join("cards").join(format!("{name}-definitions.toml"));
    if !definitions.is_file() {
        return Ok(pool);
    }
    let text = std::fs::read_to_string(&definitions).map_err(|source| PoolProblem::Read {
        path: definitions.display().to_string(),
        source,
    })?;
    pool.with_definitions(&definitions.display().to_string(), &text)
        .map_err(PoolProblem::Broken)
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
    /// Reads `cards/dor.toml`, `formats/*.toml` with the pool each names
    /// (`cards/<pool>.toml`), and the decks: `decks/*.toml` for Duelists of the Roses,
    /// `decks/<pool>/*.toml` for any other pool. A broken format, pool or deck file is
    /// listed in [`Catalog::problems`] rather than failing the load.
    pub fn load(dir: &Path) -> Result<Catalog, CatalogError> {
        let pool = read_pool(dir, DOR_POOL).map_err(|e| match e {
            PoolProblem::Read { path, source } => CatalogError::ReadPool { path, source },
            PoolProblem::Broken(e) => CatalogError::Pool(e),
        })?;
        let mut pools = BTreeMap::from([(DOR_POOL.to_owned(), pool.clone())]);
        let mut problems = Vec::new();
        let mut formats = Vec::new();
        for path in toml_files(&dir.join("formats")) {
            let text = match std::fs::read_to_string(&path) {
                Ok(t) => t,
                Err(e) => {
                    problems.push(format!("cannot read {}: {e}", path.display()));
                    continue;
                }
            };
            let format = match Format::from_toml(&path.display().to_string(), &text) {
                Ok(format) => format,
                Err(e) => {
                    problems.push(e.to_string());
                    continue;
                }
            };
            if !pools.contains_key(&format.pool) {
                match read_pool(dir, &format.pool) {
                    Ok(loaded) => {
                        pools.insert(format.pool.clone(), loaded);
                    }
                    Err(e) => {
                        problems.push(format!("{} ({}): {e}", format.name, stem(&path)));
                        continue;
                    }
                }
            }
            let Some(format_pool) = pools.get(&format.pool) else {
                continue;
            };
            let unknown = format.agreement.unknown_rulings(format_pool);
            if !unknown.is_empty() {
                let cards: Vec<String> = unknown.iter().map(|id| id.to_string()).collect();
                problems.push(format!(
                    "{} ({}): its rulings by agreement name cards its pool does not hold: {}",
                    format.name,
                    stem(&path),
                    cards.join(", ")
                ));
                continue;
            }
            formats.push(FormatEntry {
                id: stem(&path),
                rules: Rules::new(format, format_pool.clone()),
            });
        }
        if formats.is_empty() {
            return Err(CatalogError::NoFormats {
                dir: dir.display().to_string(),
            });
        }
        let mut decks = Vec::new();
        // Each format's deck folder once, with the pool its decks are built from; a pool's
        // own folder before the folders of formats that build other decks from it.
        let mut folders: Vec<(String, String)> = formats
            .iter()
            .map(|f| {
                let format = &f.rules.format;
                (format.pool.clone(), format.deck_folder().to_owned())
            })
            .chain(std::iter::once((DOR_POOL.to_owned(), DOR_POOL.to_owned())))
            .collect();
        folders.sort_by(|(pool_a, a), (pool_b, b)| {
            (pool_a, a != pool_a, a).cmp(&(pool_b, b != pool_b, b))
        });
        folders.dedup();
        for (pool_name, folder_name) in &folders {
            let folder = if folder_name == DOR_POOL {
                dir.join("decks")
            } else {
                dir.join("decks").join(folder_name)
            };
            for path in toml_files(&folder) {
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
                            pool: pool_name.clone(),
                        });
                    }
                    Err(e) => problems.push(format!("cannot read {}: {e}", path.display())),
                }
            }
        }
        Ok(Catalog {
            dir: dir.to_path_buf(),
            pool,
            formats,
            decks,
            problems,
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

    /// The deck `id`, checked against the format `rules` (named `format_name` in errors).
    pub fn checked_deck(
        &self,
        id: &str,
        rules: &Rules,
        format_name: &str,
    ) -> Result<DeckList, String> {
        let deck = self
            .deck(id)
            .ok_or_else(|| format!("there is no deck \"{id}\" in the asset folder"))?;
        deck.check(rules)
            .map_err(|e| format!("{} is not legal in {format_name}: {e}", deck.name))
    }

    /// The decks that are legal in a format, with their parsed lists: only decks of the
    /// format's card pool are tried.
    pub fn legal_decks(&self, rules: &Rules) -> Vec<(&DeckFile, DeckList)> {
        self.decks
            .iter()
            .filter(|d| d.pool == rules.format.pool)
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
        // Kingdom Duels plays on its own pool, with its own starter decks; no DOR deck is
        // offered for it, and no Kingdom Duels deck for a DOR format.
        let kingdom = catalog
            .format("kingdom-duels")
            .expect("Kingdom Duels preset");
        assert_eq!(kingdom.rules.pool.name(), "Kingdom Duels");
        let kingdom_decks = catalog.legal_decks(&kingdom.rules);
        assert!(kingdom_decks.len() >= 4, "{}", kingdom_decks.len());
        assert!(kingdom_decks.iter().all(|(d, _)| d.pool == "kingdom-duels"));
        assert!(
            catalog
                .legal_decks(&kairu.rules)
                .iter()
                .all(|(d, _)| d.pool == DOR_POOL)
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
