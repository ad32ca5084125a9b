//! Finding and loading the data files: formats, card pools and decks. They are built into
//! the binary, so a copy of it anywhere has them; a player adds or replaces files in a
//! folder of their own.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::hash::sha256;
use include_dir::{Dir, include_dir};

use fairduel_engine::format::DOR_POOL;
use fairduel_engine::{CardPool, DeckList, Format, Rules, SourceError};

/// The formats, card pools and decks this binary was built with.
static BUILT_IN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets");

/// The asset folder: `--assets`, then `FAIRDUEL_ASSETS`, then the built-in assets unpacked
/// into `<data_root>/assets/`, with the player's own files from `<data_root>/my-assets/`
/// (the same `formats/`, `cards/` and `decks/` layout) added to them or replacing them.
pub fn asset_dir(explicit: Option<&Path>, data_root: &Path) -> Result<PathBuf, AssetError> {
    if let Some(dir) = explicit {
        return Ok(dir.to_path_buf());
    }
    if let Some(dir) = std::env::var_os("FAIRDUEL_ASSETS") {
        return Ok(PathBuf::from(dir));
    }
    unpack(&own_assets_dir(data_root), &data_root.join("assets"))
}

/// The folder of the player's own asset files, beside the unpacked built-in ones.
pub fn own_assets_dir(data_root: &Path) -> PathBuf {
    data_root.join("my-assets")
}

/// Every built-in file, by its path inside the asset folder.
fn built_in_files(dir: &Dir<'static>, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for file in dir.files() {
        out.insert(file.path().to_path_buf(), file.contents().to_vec());
    }
    for sub in dir.dirs() {
        built_in_files(sub, out);
    }
}

/// The player's `.toml` files under `dir`, by their path inside it.
fn own_files(
    dir: &Path,
    inside: &Path,
    out: &mut BTreeMap<PathBuf, Vec<u8>>,
) -> Result<(), AssetError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        // No folder of one's own: the built-in assets alone.
        return Ok(());
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = inside.join(entry.file_name());
        if path.is_dir() {
            own_files(&path, &name, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            let bytes = std::fs::read(&path).map_err(|source| AssetError::Read {
                path: path.display().to_string(),
                source,
            })?;
            out.insert(name, bytes);
        }
    }
    Ok(())
}

/// Writes the built-in files, with the player's own over them, into a folder of `root`
/// named by the hash of everything in it, and returns that folder. A folder of that name
/// holds exactly these files, so it is written once and reused; it is written under a
/// temporary name first and renamed, so a half-written folder is never used.
fn unpack(own: &Path, root: &Path) -> Result<PathBuf, AssetError> {
    let mut files = BTreeMap::new();
    built_in_files(&BUILT_IN, &mut files);
    own_files(own, Path::new(""), &mut files)?;
    let mut listing = Vec::new();
    for (path, bytes) in &files {
        listing.extend_from_slice(path.to_string_lossy().as_bytes());
        listing.push(0);
        listing.extend_from_slice(sha256(bytes).0.as_slice());
    }
    let name = sha256(&listing).to_string();
    let name = name.get(..16).unwrap_or(&name).to_owned();
    let target = root.join(&name);
    if target.is_dir() {
        return Ok(target);
    }
    let unpack_error = |path: &Path, source| AssetError::Unpack {
        path: path.display().to_string(),
        source,
    };
    let staging = root.join(format!(".{name}.{}.partial", std::process::id()));
    for (path, bytes) in &files {
        let to = staging.join(path);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).map_err(|e| unpack_error(parent, e))?;
        }
        std::fs::write(&to, bytes).map_err(|e| unpack_error(&to, e))?;
    }
    if let Err(error) = std::fs::rename(&staging, &target) {
        // Another FairDuel unpacked the same files first: theirs are these.
        let _ = std::fs::remove_dir_all(&staging);
        if !target.is_dir() {
            return Err(unpack_error(&target, error));
        }
    }
    Ok(target)
}

#[derive(Debug, thiserror::Error)]
pub enum AssetError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Source(#[from] SourceError),
    #[error(
        "cannot unpack FairDuel's built-in formats, cards and decks into {path}: {source}. \
         Free some room there, or choose another folder with --data-dir (or point to an \
         asset folder with --assets)"
    )]
    Unpack {
        path: String,
        source: std::io::Error,
    },
    #[error("no format named \"{0}\": give a preset name (see `fairduel formats`) or a .toml path")]
    UnknownFormat(String),
    #[error(
        "format \"{format}\" lists cards for rulings by agreement that its pool does not hold: \
         {cards}. Remove them from [agreement] rulings, or name cards of pool \"{pool}\""
    )]
    UnknownRulings {
        format: String,
        pool: String,
        cards: String,
    },
}

fn read(path: &Path) -> Result<String, AssetError> {
    std::fs::read_to_string(path).map_err(|source| AssetError::Read {
        path: path.display().to_string(),
        source,
    })
}

/// A format by preset id (`dor-classic`) or by path.
pub fn load_format(dir: &Path, name: &str) -> Result<Format, AssetError> {
    let path = if name.ends_with(".toml") {
        PathBuf::from(name)
    } else {
        dir.join("formats").join(format!("{name}.toml"))
    };
    if !path.exists() {
        return Err(AssetError::UnknownFormat(name.to_owned()));
    }
    Ok(Format::from_toml(
        &path.display().to_string(),
        &read(&path)?,
    )?)
}

pub fn format_ids(dir: &Path) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(dir.join("formats"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            e.path()
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .collect();
    ids.sort();
    ids
}

/// The card pool `cards/<name>.toml` (`dor` is the Duelists of the Roses pool), with the
/// players' own card definitions `cards/<name>-definitions.toml` applied where there are
/// any (every player of a match needs the same: the pool's hash changes with them).
pub fn load_pool(dir: &Path, name: &str) -> Result<CardPool, AssetError> {
    let path = dir.join("cards").join(format!("{name}.toml"));
    let pool = CardPool::from_toml(&path.display().to_string(), &read(&path)?)?;
    let definitions = dir.join("cards").join(format!("{name}-definitions.toml"));
    if !definitions.is_file() {
        return Ok(pool);
    }
    Ok(pool.with_definitions(&definitions.display().to_string(), &read(&definitions)?)?)
}

/// A format and the pool it names.
pub fn load_rules(dir: &Path, format: &str) -> Result<Arc<Rules>, AssetError> {
    let format = load_format(dir, format)?;
    let pool = load_pool(dir, &format.pool)?;
    let unknown = format.agreement.unknown_rulings(&pool);
    if !unknown.is_empty() {
        return Err(AssetError::UnknownRulings {
            format: format.name.clone(),
            pool: format.pool.clone(),
            cards: unknown
                .iter()
                .map(|id| id.to_string())
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    Ok(Rules::new(format, pool))
}

/// A format played with the cards of the player's own card database (`paths`: a
/// `cards.cdb`, or the simulator folder holding it) instead of the pool the format names.
/// Domain Format and the community DOR formats (Classic, Alternate, Modern) play the card
/// game's cards this way.
pub fn load_rules_with_cards(
    dir: &Path,
    format: &str,
    paths: &[PathBuf],
) -> Result<Arc<Rules>, String> {
    if paths.is_empty() {
        return load_rules(dir, format).map_err(|e| e.to_string());
    }
    let format = load_format(dir, format).map_err(|e| e.to_string())?;
    fairduel_carddb::database_rules(format, paths).map_err(|e| e.to_string())
}

/// Where the decks of pool `pool` live: `decks/` for Duelists of the Roses (the first
/// pool, whose decks were there before any other), `decks/<pool>/` for any other.
pub fn deck_dir(dir: &Path, folder: &str) -> PathBuf {
    if folder == DOR_POOL {
        dir.join("decks")
    } else {
        dir.join("decks").join(folder)
    }
}

pub fn load_deck(path: &Path, rules: &Rules) -> Result<DeckList, AssetError> {
    Ok(DeckList::from_toml(
        &path.display().to_string(),
        &read(path)?,
        &rules.pool,
        &rules.format,
    )?)
}

/// Every starter deck of the format's pool, sorted by file name.
pub fn starter_decks(dir: &Path, rules: &Rules) -> Result<Vec<DeckList>, AssetError> {
    let decks = deck_dir(dir, rules.format.deck_folder());
    std::fs::read_dir(&decks).map_err(|source| AssetError::Read {
        path: decks.display().to_string(),
        source,
    })?;
    deck_paths(dir, rules.format.deck_folder())
        .iter()
        .map(|p| load_deck(p, rules))
        .collect()
}

/// The deck files of pool `pool` in the asset folder, sorted by file name.
pub fn deck_paths(dir: &Path, folder: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(deck_dir(dir, folder))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
}
