//! SQLite card databases in the simulators' schema: `datas(id, ot, alias, setcode, type,
//! atk, def, level, race, attribute, category)` and `texts(id, name, desc, str1..)`.
//! Opened read-only: FairDuel never writes to a player's database.

use std::path::{Path, PathBuf};

use fairduel_engine::domain::{
    ArchetypeCode, Attribute, CardDatabase, CardFacts, CardTypes, Passcode, Race,
};
use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

use crate::strings::{StringsError, read_setnames};

#[derive(Debug, Error)]
pub enum CardDbError {
    #[error("{}: no such file or folder — give the path of a cards.cdb, or of the folder holding it", .0.display())]
    Missing(PathBuf),
    #[error("{}: cannot be read as a card database ({why}) — is it a simulator's .cdb file?", .path.display())]
    NotACardDatabase { path: PathBuf, why: String },
    #[error("{}: holds no .cdb file — give the simulator's folder that holds cards.cdb", .0.display())]
    NoDatabaseIn(PathBuf),
    #[error("{}: cannot be read: {source}", .path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", .path.display())]
    Strings { path: PathBuf, source: StringsError },
}

/// What was read, and from where.
#[derive(Debug)]
pub struct LoadedDatabase {
    pub db: CardDatabase,
    /// Each database file with the number of cards read from it.
    pub databases: Vec<(PathBuf, usize)>,
    /// Each strings file with the number of archetype names read from it.
    pub strings: Vec<(PathBuf, usize)>,
    /// Rows passed over because a value was out of range (counted, not fatal).
    pub skipped_rows: usize,
}

/// Reads card databases and archetype names from `paths`: a `.cdb` file, a `.conf` strings
/// file, or a folder (every `.cdb` in it, `cards.cdb` first, and its `strings.conf`). A
/// later database overrides an earlier one's cards, as in the simulators. When no strings
/// file is given, one beside the first database is read if there is one.
pub fn load_cards(paths: &[PathBuf]) -> Result<LoadedDatabase, CardDbError> {
    let mut databases = Vec::new();
    let mut strings = Vec::new();
    for path in paths {
        if path.is_dir() {
            let found = cdbs_in(path)?;
            if found.is_empty() {
                return Err(CardDbError::NoDatabaseIn(path.clone()));
            }
            databases.extend(found);
            strings.extend(strings_beside(path));
        } else if path.is_file() {
            if path.extension().is_some_and(|e| e == "conf") {
                strings.push(path.clone());
            } else {
                databases.push(path.clone());
            }
        } else {
            return Err(CardDbError::Missing(path.clone()));
        }
    }
    if strings.is_empty() {
        if let Some(dir) = databases.first().and_then(|p| p.parent()) {
            strings.extend(strings_beside(dir));
        }
    }
    let mut loaded = LoadedDatabase {
        db: CardDatabase::new(),
        databases: Vec::new(),
        strings: Vec::new(),
        skipped_rows: 0,
    };
    for path in databases {
        let (read, skipped) = read_cdb(&path, &mut loaded.db)?;
        loaded.skipped_rows += skipped;
        loaded.databases.push((path, read));
    }
    for path in strings {
        let text = std::fs::read_to_string(&path).map_err(|source| CardDbError::Unreadable {
            path: path.clone(),
            source,
        })?;
        let named =
            read_setnames(&text, &mut loaded.db).map_err(|source| CardDbError::Strings {
                path: path.clone(),
                source,
            })?;
        loaded.strings.push((path, named));
    }
    Ok(loaded)
}

fn cdbs_in(dir: &Path) -> Result<Vec<PathBuf>, CardDbError> {
    let entries = std::fs::read_dir(dir).map_err(|source| CardDbError::Unreadable {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "cdb"))
        .collect();
    // The base database first, expansions after it in name order, as the simulators load.
    found.sort_by_key(|p| (p.file_name().is_none_or(|n| n != "cards.cdb"), p.clone()));
    Ok(found)
}

fn strings_beside(dir: &Path) -> Vec<PathBuf> {
    ["strings.conf", "setnames.conf"]
        .into_iter()
        .map(|name| dir.join(name))
        .filter(|p| p.is_file())
        .take(1)
        .collect()
}

/// Adds every card of one database file to `db`: (cards read, rows passed over).
pub fn read_cdb(path: &Path, db: &mut CardDatabase) -> Result<(usize, usize), CardDbError> {
    if !path.is_file() {
        return Err(CardDbError::Missing(path.to_path_buf()));
    }
    let not_cdb = |e: rusqlite::Error| CardDbError::NotACardDatabase {
        path: path.to_path_buf(),
        why: e.to_string(),
    };
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(not_cdb)?;
    let mut statement = conn
        .prepare(
            "SELECT d.id, d.alias, d.setcode, d.type, d.atk, d.def, d.level, d.race, \
             d.attribute, t.name, t.desc FROM datas d JOIN texts t ON d.id = t.id",
        )
        .map_err(not_cdb)?;
    let rows = statement
        .query_map([], |row| {
            Ok(Row {
                id: row.get(0)?,
                alias: row.get::<_, Option<i64>>(1)?.unwrap_or(0),
                setcode: row.get::<_, Option<i64>>(2)?.unwrap_or(0),
                types: row.get::<_, Option<i64>>(3)?.unwrap_or(0),
                atk: row.get::<_, Option<i64>>(4)?.unwrap_or(0),
                def: row.get::<_, Option<i64>>(5)?.unwrap_or(0),
                level: row.get::<_, Option<i64>>(6)?.unwrap_or(0),
                race: row.get::<_, Option<i64>>(7)?.unwrap_or(0),
                attribute: row.get::<_, Option<i64>>(8)?.unwrap_or(0),
                name: row.get::<_, Option<String>>(9)?.unwrap_or_default(),
                text: row.get::<_, Option<String>>(10)?.unwrap_or_default(),
            })
        })
        .map_err(not_cdb)?;
    let (mut read, mut skipped) = (0, 0);
    for row in rows {
        match row.map_err(not_cdb)?.facts() {
            Some(card) => {
                db.add_card(card);
                read += 1;
            }
            None => skipped += 1,
        }
    }
    Ok((read, skipped))
}

struct Row {
    id: i64,
    alias: i64,
    setcode: i64,
    types: i64,
    atk: i64,
    def: i64,
    level: i64,
    race: i64,
    attribute: i64,
    name: String,
    text: String,
}

impl Row {
    /// The row as card facts; `None` for a row whose numbers no card can have.
    fn facts(self) -> Option<CardFacts> {
        let passcode = Passcode(u32::try_from(self.id).ok().filter(|p| *p != 0)?);
        let alias = u32::try_from(self.alias)
            .ok()
            .filter(|a| *a != 0 && *a != passcode.0)
            .map(Passcode);
        let types = CardTypes(u32::try_from(self.types).ok()?);
        let monster = types.is_monster();
        // Link Monsters keep their arrows in `def`; "?" stats are stored as -2.
        let stat = |v: i64| i32::try_from(v).ok().filter(|v| *v >= 0).unwrap_or(0);
        Some(CardFacts {
            passcode,
            alias,
            name: self.name,
            // The setcode is 64 bits of four packed codes; read its bits as they are.
            archetypes: ArchetypeCode::unpack(self.setcode as u64),
            types,
            attribute: monster
                .then(|| Attribute::from_bits(u32::try_from(self.attribute).ok()?))
                .flatten(),
            race: monster
                .then(|| Race::from_bits(u32::try_from(self.race).ok()?))
                .flatten(),
            level: (self.level & 0xff) as u8,
            atk: if monster { stat(self.atk) } else { 0 },
            def: if monster && !types.is_link() {
                stat(self.def)
            } else {
                0
            },
            link_arrows: if monster && types.is_link() {
                u16::try_from(self.def & 0x1ff).unwrap_or(0)
            } else {
                0
            },
            // The Pendulum Scales sit above the Level: left in bits 24-31, right in 16-23.
            pendulum_scale: (monster && types.is_pendulum())
                .then_some(((self.level >> 24) & 0xff) as u8),
            text: self.text,
        })
    }
}
