//! Finding and loading the data files: formats, card pools and decks.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::format::DOR_POOL;
use fairduel_engine::{CardPool, DeckList, Format, Rules, SourceError};

/// The asset folder: `--assets`, then `FAIRDUEL_ASSETS`, then the one this binary was built
/// beside.
pub fn asset_dir(explicit: Option<&Path>) -> PathBuf {
    if let Some(dir) = explicit {
        return dir.to_path_buf();
    }
    if let Some(dir) = std::env::var_os("FAIRDUEL_ASSETS") {
        return PathBuf::from(dir);
    }
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
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
    #[error("no format named \"{0}\": give a preset name (see `fairduel formats`) or a .toml path")]
    UnknownFormat(String),
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

/// The card pool `cards/<name>.toml` (`dor` is the Duelists of the Roses pool).
pub fn load_pool(dir: &Path, name: &str) -> Result<CardPool, AssetError> {
    let path = dir.join("cards").join(format!("{name}.toml"));
    Ok(CardPool::from_toml(
        &path.display().to_string(),
        &read(&path)?,
    )?)
}

/// A format and the pool it names.
pub fn load_rules(dir: &Path, format: &str) -> Result<Arc<Rules>, AssetError> {
    let format = load_format(dir, format)?;
    let pool = load_pool(dir, &format.pool)?;
    Ok(Rules::new(format, pool))
}

/// Where the decks of pool `pool` live: `decks/` for Duelists of the Roses (the first
/// pool, whose decks were there before any other), `decks/<pool>/` for any other.
pub fn deck_dir(dir: &Path, pool: &str) -> PathBuf {
    if pool == DOR_POOL {
        dir.join("decks")
    } else {
        dir.join("decks").join(pool)
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
    let decks = deck_dir(dir, &rules.format.pool);
    std::fs::read_dir(&decks).map_err(|source| AssetError::Read {
        path: decks.display().to_string(),
        source,
    })?;
    deck_paths(dir, &rules.format.pool)
        .iter()
        .map(|p| load_deck(p, rules))
        .collect()
}

/// The deck files of pool `pool` in the asset folder, sorted by file name.
pub fn deck_paths(dir: &Path, pool: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(deck_dir(dir, pool))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    paths.sort();
    paths
}
