//! The match file: everything a peer needs to continue a match after a crash.
//!
//! One append-only file per match, readable by its owner only (it holds the secret seed):
//!
//! ```text
//! "FAIRDUEL MATCH\n"  u16 LE format version
//! record*             kind: u8, length: u32 LE, payload, check: first 8 bytes of
//!                     SHA-256(kind, payload)
//! ```
//!
//! The first record is the [`MatchMeta`] (kind 1); every other record is one log entry
//! (kind 2, a postcard [`SignedEnvelope`]), appended and flushed **before** the entry is
//! sent or acted on. An entry of ours that went out unsigned inside our run and was signed
//! later (before waiting for a person) is appended again with its signature: on reading,
//! an entry with the same bytes as the one before it replaces it. The other side's entries
//! are appended when the signature that covers them arrived. So after a crash the file holds every entry the other side can have
//! seen from us. A write cut short by the crash leaves a torn last record: it was never
//! sent, so opening the file drops it (and says so). Damage anywhere else is an error that
//! names the record, and the file is left untouched.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use fairduel_engine::{CardId, Seat};
use fairduel_protocol::{Disclosure, SignedEnvelope};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::handshake::Role;

const MAGIC: &[u8] = b"FAIRDUEL MATCH\n";
/// Version of the match file layout; bump when [`MatchMeta`] or the records change.
/// Version 2: entries of protocol version 2 (optional signatures).
/// Version 3: entries of protocol version 3, and a meta for any number of seats (this
/// seat, where every seat listens, the port this seat listens on).
/// Version 4: entries of protocol version 4, and saved decks with an optional Deck Leader
/// and an Extra Deck.
/// Version 5: entries of protocol version 5 (agreed effects).
/// Versions 6 to 8 follow protocols 6 to 8.
/// Version 9: entries of protocol version 9, and saved decks with a Duelist Setup.
/// Version 10: entries of protocol version 10 (chains on the card game's field).
/// Version 11: entries of protocol version 11 (Kingdom Duels' Extra Deck summons).
/// Version 12: entries of protocol version 12 (Kingdom Duels' Hidden monsters).
/// Version 13: entries of protocol version 13 (the card game's Extra Deck summons).
/// Version 14: entries of protocol version 14 (Kairu's Destiny Draw).
/// Version 15: entries of protocol version 15 (Quick spells from the hand).
/// Version 16: entries of protocol version 16 (Domain Format's Extra Monster and Field Zones).
/// Version 17: entries of protocol version 17 (Domain Format's Pendulum Zones).
/// Version 18: entries of protocol version 18 (Kingdom Duels' KEYWORD Rule cards).
/// Version 19: entries of protocol version 19 (RELIANCE Rule cards, Persist, DETACH).
/// Version 20: entries of protocol version 20 (windows after summons, Trigger traps).
/// Version 21: entries of protocol version 21 (a triggered trap left Set for an Idle Warning,
/// the opponent an effect targets).
/// Version 22: entries of protocol version 22, and face-down cards shown between teammates
/// (kind 3, a postcard [`Disclosure`]), saved as they are made or received.
/// Version 23: entries of protocol version 23 (Blue and Red, Triggers on a phase, joining
/// later).
/// Version 24: entries of protocol version 24 (rule fixes from the seeds' sentences; new
/// turn-order and piece fields in every state hash).
/// Version 25: entries of protocol version 25 (a Deck Master shown to return from the deck).
/// Version 26: entries of protocol version 26 (an agreed outcome's control change; priority
/// in turn order).
/// Version 27: entries of protocol version 27 (the bluff: cards set with their class
/// hidden).
/// Version 28: entries of protocol version 28 (the bluff's class declarations).
/// Version 29: entries of protocol version 29 (Kingdom Duels' Hidden Integration Summon).
/// Version 30: entries of protocol version 30 (Duelists of the Roses effects read again).
/// Version 31: entries of protocol version 31 (types changed and turns counted on the grid;
/// more DOR cards).
/// Versions 32 to 34: entries of the protocol version of the same number (34: monsters made
/// from nothing on the grid).
pub const MATCH_FILE_VERSION: u16 = 34;
const KIND_META: u8 = 1;
const KIND_ENTRY: u8 = 2;
const KIND_DISCLOSURE: u8 = 3;
const CHECK_BYTES: usize = 8;
/// No record comes near this; a larger length means a damaged file, not a big entry.
const MAX_RECORD_BYTES: u32 = 4 * 1024 * 1024;

/// How hard an append tries to reach the disk before the entry goes out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Durability {
    /// Written to the operating system: survives the program crashing or being killed.
    Flush,
    /// Also forced to the disk (fsync): survives a power cut. The default, because an
    /// entry sent but lost would have to be written again after the restart, and a
    /// different second choice would look like cheating.
    #[default]
    Sync,
}

/// A deck as the match file keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedDeck {
    pub name: String,
    pub leader: Option<CardId>,
    pub main: Vec<CardId>,
    pub extra: Vec<CardId>,
    pub field_setup: fairduel_engine::field::FieldSetup,
    pub duelist_setup: Option<fairduel_engine::field::DuelistSetup>,
}

impl From<&fairduel_engine::DeckList> for SavedDeck {
    fn from(deck: &fairduel_engine::DeckList) -> SavedDeck {
        SavedDeck {
            name: deck.name.clone(),
            leader: deck.leader,
            main: deck.main.clone(),
            extra: deck.extra.clone(),
            field_setup: deck.field_setup.clone(),
            duelist_setup: deck.duelist_setup.clone(),
        }
    }
}

impl From<&SavedDeck> for fairduel_engine::DeckList {
    fn from(deck: &SavedDeck) -> fairduel_engine::DeckList {
        fairduel_engine::DeckList {
            name: deck.name.clone(),
            leader: deck.leader,
            main: deck.main.clone(),
            extra: deck.extra.clone(),
            field_setup: deck.field_setup.clone(),
            duelist_setup: deck.duelist_setup.clone(),
        }
    }
}

/// What a peer keeps about a match besides the log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchMeta {
    pub match_id: [u8; 32],
    pub format_name: String,
    /// Whether this player hosted or joined (for people: the seats come from the log).
    pub role: Role,
    pub seat: Seat,
    pub deck: SavedDeck,
    /// The seed of this peer's [`fairduel_protocol::SecretStream`]: every salt, its deck's
    /// committed order, its permutations and random shares derive from it.
    pub secret_seed: [u8; 32],
    pub own_key: [u8; 32],
    /// Where each seat listens, by seat (`None` where unknown, and for this seat): how a
    /// seat finds the lower seats again after a lost connection or a restart.
    pub listening: Vec<Option<iroh::EndpointAddr>>,
    /// The UDP port this seat listened on, to listen on again when it resumes (the other
    /// seats know this address).
    pub listen_port: u16,
}

/// The contents of a match file.
#[derive(Debug, Clone)]
pub struct SavedMatch {
    pub meta: MatchMeta,
    pub entries: Vec<SignedEnvelope>,
    /// Face-down cards this seat showed its teammates or was shown, in the order saved.
    pub disclosures: Vec<Disclosure>,
    /// A torn last record (from a crash while writing) was dropped.
    pub dropped_torn_tail: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("could not {action} the match file {}: {source}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    #[error("{} is not a FairDuel match file", .0.display())]
    NotAMatchFile(PathBuf),
    #[error(
        "{} was written by a newer FairDuel (match file version {found}, this one reads {MATCH_FILE_VERSION}): update FairDuel to continue that match",
        path.display()
    )]
    NewerVersion { path: PathBuf, found: u16 },
    #[error(
        "{} was written by an older FairDuel (match file version {found}, protocol version {found}); this one reads version {MATCH_FILE_VERSION} only: finish that match with the FairDuel version that started it",
        path.display()
    )]
    OlderVersion { path: PathBuf, found: u16 },
    #[error(
        "record {index} of the match file {} is damaged ({what}); the file was left as it is. The match cannot be continued from it, but its record may still be verified",
        path.display()
    )]
    Damaged {
        path: PathBuf,
        index: usize,
        what: String,
    },
    #[error("a match file for this match already exists at {}: resume it instead", .0.display())]
    Exists(PathBuf),
    #[error("could not encode a record for the match file: {0}")]
    Encode(String),
}

/// An open match file, appended to as the match goes on.
#[derive(Debug)]
pub struct MatchStore {
    file: File,
    path: PathBuf,
    durability: Durability,
}

/// The file name of a match: its id in hex.
pub fn match_file_name(match_id: &[u8; 32]) -> String {
    format!("{}.fdmatch", hex(match_id))
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl MatchStore {
    /// Creates the match file in `dir` with its meta record and first entry, flushed.
    pub fn create(
        dir: &Path,
        meta: &MatchMeta,
        first: &SignedEnvelope,
        durability: Durability,
    ) -> Result<MatchStore, StoreError> {
        fs::create_dir_all(dir).map_err(|source| StoreError::Io {
            action: "create the folder for",
            path: dir.to_owned(),
            source,
        })?;
        let path = dir.join(match_file_name(&meta.match_id));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let file = options.open(&path).map_err(|source| {
            if source.kind() == io::ErrorKind::AlreadyExists {
                StoreError::Exists(path.clone())
            } else {
                StoreError::Io {
                    action: "create",
                    path: path.clone(),
                    source,
                }
            }
        })?;
        let mut store = MatchStore {
            file,
            path,
            durability,
        };
        let mut header = MAGIC.to_vec();
        header.extend_from_slice(&MATCH_FILE_VERSION.to_le_bytes());
        let meta_bytes =
            postcard::to_stdvec(meta).map_err(|e| StoreError::Encode(e.to_string()))?;
        header.extend_from_slice(&record_bytes(KIND_META, &meta_bytes));
        header.extend_from_slice(&record_bytes(KIND_ENTRY, &entry_bytes(first)?));
        store.write(&header)?;
        Ok(store)
    }

    /// Opens a match file to continue it: reads everything, drops a torn last record, and
    /// positions for appending.
    pub fn open(
        path: &Path,
        durability: Durability,
    ) -> Result<(MatchStore, SavedMatch), StoreError> {
        let io_error = |action, source| StoreError::Io {
            action,
            path: path.to_owned(),
            source,
        };
        let mut bytes = Vec::new();
        File::open(path)
            .and_then(|mut f| f.read_to_end(&mut bytes))
            .map_err(|e| io_error("read", e))?;
        let (saved, good_len) = parse(path, &bytes)?;
        let file = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| io_error("open", e))?;
        if saved.dropped_torn_tail {
            file.set_len(good_len as u64)
                .map_err(|e| io_error("repair", e))?;
        }
        let mut store = MatchStore {
            file,
            path: path.to_owned(),
            durability,
        };
        use std::io::Seek;
        store
            .file
            .seek(io::SeekFrom::End(0))
            .map_err(|e| io_error("open", e))?;
        Ok((store, saved))
    }

    /// Reads a match file's bytes (as read from `path`, which errors name) without
    /// touching any file.
    pub fn from_bytes(path: &Path, bytes: &[u8]) -> Result<SavedMatch, StoreError> {
        Ok(parse(path, bytes)?.0)
    }

    /// Reads a match file without changing it.
    pub fn read(path: &Path) -> Result<SavedMatch, StoreError> {
        let bytes = fs::read(path).map_err(|source| StoreError::Io {
            action: "read",
            path: path.to_owned(),
            source,
        })?;
        Ok(parse(path, &bytes)?.0)
    }

    /// Appends one entry and pushes it to the disk as [`Durability`] says. Call before the
    /// entry is sent or acted on.
    pub fn append(&mut self, entry: &SignedEnvelope) -> Result<(), StoreError> {
        let bytes = record_bytes(KIND_ENTRY, &entry_bytes(entry)?);
        self.write(&bytes)
    }

    /// Appends a face-down card shown to or by a teammate, so that a match continued after
    /// a crash still has it for its record.
    pub fn append_disclosure(&mut self, disclosure: &Disclosure) -> Result<(), StoreError> {
        let payload =
            postcard::to_stdvec(disclosure).map_err(|e| StoreError::Encode(e.to_string()))?;
        self.write(&record_bytes(KIND_DISCLOSURE, &payload))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), StoreError> {
        let io_error = |source| StoreError::Io {
            action: "write to",
            path: self.path.clone(),
            source,
        };
        self.file.write_all(bytes).map_err(io_error)?;
        self.file.flush().map_err(io_error)?;
        if self.durability == Durability::Sync {
            let file = &self.file;
            off_the_runtime(|| file.sync_data()).map_err(io_error)?;
        }
        Ok(())
    }
}

/// Runs a blocking disk call so it does not hold up the other tasks of a multi-threaded
/// tokio runtime (an fsync can take milliseconds, and the connection's tasks must keep
/// answering meanwhile). The caller still waits for it: an entry is on disk before it is
/// sent. Outside a runtime, or on a single-threaded one, where moving off the thread is not
/// possible, it runs in place.
fn off_the_runtime<T>(work: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|handle| handle.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

fn entry_bytes(entry: &SignedEnvelope) -> Result<Vec<u8>, StoreError> {
    postcard::to_stdvec(entry).map_err(|e| StoreError::Encode(e.to_string()))
}

fn check(kind: u8, payload: &[u8]) -> [u8; CHECK_BYTES] {
    let digest = Sha256::new()
        .chain_update([kind])
        .chain_update(payload)
        .finalize();
    let mut out = [0; CHECK_BYTES];
    out.copy_from_slice(&digest[..CHECK_BYTES]);
    out
}

fn record_bytes(kind: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(payload.len() + 5 + CHECK_BYTES);
    out.push(kind);
    out.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&check(kind, payload));
    out
}

/// Parses a whole match file; returns it and the length of its good part.
fn parse(path: &Path, bytes: &[u8]) -> Result<(SavedMatch, usize), StoreError> {
    let header = MAGIC.len() + 2;
    if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
        return Err(StoreError::NotAMatchFile(path.to_owned()));
    }
    let version = u16::from_le_bytes([bytes[MAGIC.len()], bytes[MAGIC.len() + 1]]);
    if version > MATCH_FILE_VERSION {
        return Err(StoreError::NewerVersion {
            path: path.to_owned(),
            found: version,
        });
    }
    if version < MATCH_FILE_VERSION {
        return Err(StoreError::OlderVersion {
            path: path.to_owned(),
            found: version,
        });
    }
    let damaged = |index: usize, what: String| StoreError::Damaged {
        path: path.to_owned(),
        index,
        what,
    };
    let mut at = header;
    let mut meta = None;
    let mut entries: Vec<SignedEnvelope> = Vec::new();
    let mut disclosures: Vec<Disclosure> = Vec::new();
    let mut dropped_torn_tail = false;
    let mut index = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        let torn = |what: &str| -> Result<(), StoreError> {
            // Only a cut-short *last* record is a crash mid-write; the meta must survive.
            if index == 0 {
                Err(damaged(0, what.to_owned()))
            } else {
                Ok(())
            }
        };
        if rest.len() < 5 {
            torn("cut short")?;
            dropped_torn_tail = true;
            break;
        }
        let kind = rest[0];
        let len = u32::from_le_bytes([rest[1], rest[2], rest[3], rest[4]]);
        if len > MAX_RECORD_BYTES {
            return Err(damaged(index, format!("impossible length {len}")));
        }
        let total = 5 + len as usize + CHECK_BYTES;
        if rest.len() < total {
            torn("cut short")?;
            dropped_torn_tail = true;
            break;
        }
        let payload = &rest[5..5 + len as usize];
        if rest[5 + len as usize..total] != check(kind, payload) {
            if at + total == bytes.len() && index > 0 {
                // A torn last write can leave garbage of the right length too.
                dropped_torn_tail = true;
                break;
            }
            return Err(damaged(index, "its check does not match".to_owned()));
        }
        match (index, kind) {
            (0, KIND_META) => {
                meta = Some(
                    postcard::from_bytes::<MatchMeta>(payload)
                        .map_err(|e| damaged(0, format!("unreadable match details: {e}")))?,
                );
            }
            (0, other) => return Err(damaged(0, format!("kind {other} where the details belong"))),
            (_, KIND_ENTRY) => {
                let entry = postcard::from_bytes::<SignedEnvelope>(payload)
                    .map_err(|e| damaged(index, format!("unreadable entry: {e}")))?;
                match entries.last_mut() {
                    // The same entry again, signed after it was first saved.
                    Some(last) if last.bytes == entry.bytes => *last = entry,
                    _ => entries.push(entry),
                }
            }
            (_, KIND_DISCLOSURE) => disclosures.push(
                postcard::from_bytes::<Disclosure>(payload)
                    .map_err(|e| damaged(index, format!("unreadable shown card: {e}")))?,
            ),
            (_, other) => return Err(damaged(index, format!("unknown record kind {other}"))),
        }
        at += total;
        index += 1;
    }
    let meta = meta.ok_or_else(|| damaged(0, "the match details are missing".to_owned()))?;
    Ok((
        SavedMatch {
            meta,
            entries,
            disclosures,
            dropped_torn_tail,
        },
        at,
    ))
}

/// Finds a saved match in `dir` by a file path, or by the start of its id in hex.
pub fn find_match(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let direct = Path::new(name);
    if direct.is_file() {
        return Ok(direct.to_owned());
    }
    let wanted = name.trim().to_ascii_lowercase();
    let mut found = Vec::new();
    if let Ok(listing) = fs::read_dir(dir) {
        for entry in listing.flatten() {
            let file_name = entry.file_name().to_string_lossy().into_owned();
            if file_name.ends_with(".fdmatch") && file_name.starts_with(&wanted) {
                found.push(entry.path());
            }
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        0 => Err(format!(
            "no saved match called {name:?} in {}: give the match id printed when it started (or its file)",
            dir.display()
        )),
        n => Err(format!(
            "{n} saved matches start with {name:?}: give more of the match id"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fairduel_protocol::Identity;
    use fairduel_protocol::envelope::{Body, Envelope};

    fn meta() -> MatchMeta {
        MatchMeta {
            match_id: [7; 32],
            format_name: "kairu-dotr".to_owned(),
            role: Role::Host,
            seat: Seat(0),
            deck: SavedDeck {
                name: "test".to_owned(),
                leader: Some(CardId(1)),
                main: vec![CardId(2), CardId(3)],
                extra: Vec::new(),
                field_setup: fairduel_engine::field::FieldSetup::default(),
                duelist_setup: None,
            },
            secret_seed: [9; 32],
            own_key: [1; 32],
            listening: vec![None, None, None],
            listen_port: 4000,
        }
    }

    fn entry(seq: u64) -> SignedEnvelope {
        let identity = Identity::from_secret_bytes([5; 32]);
        let envelope = Envelope {
            match_id: Default::default(),
            seq,
            previous: Default::default(),
            author: Seat(0),
            body: Body::Checkpoint { turn: seq as u16 },
            state_after: Default::default(),
        };
        SignedEnvelope::seal(&envelope, &identity)
    }

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("fairduel-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn entries_survive_reopening_and_appending_continues() {
        let dir = temp_dir("reopen");
        let mut store = MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush).unwrap();
        store.append(&entry(1)).unwrap();
        let path = store.path().to_owned();
        drop(store);
        let (mut store, saved) = MatchStore::open(&path, Durability::Flush).unwrap();
        assert_eq!(saved.meta, meta());
        assert_eq!(saved.entries, vec![entry(0), entry(1)]);
        assert!(!saved.dropped_torn_tail);
        store.append(&entry(2)).unwrap();
        assert_eq!(MatchStore::read(&path).unwrap().entries.len(), 3);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(
                mode & 0o777,
                0o600,
                "the seed must be readable by its owner only"
            );
        }
        assert!(matches!(
            MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush),
            Err(StoreError::Exists(_))
        ));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_entry_signed_after_it_was_saved_replaces_its_unsigned_copy() {
        let dir = temp_dir("resigned");
        let mut store = MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush).unwrap();
        let signed = entry(1);
        store.append(&signed.without_signature()).unwrap();
        store.append(&signed).unwrap();
        // A different entry after it is kept as a new one.
        store.append(&entry(2).without_signature()).unwrap();
        let path = store.path().to_owned();
        drop(store);
        let saved = MatchStore::read(&path).unwrap();
        assert_eq!(
            saved.entries,
            vec![entry(0), signed, entry(2).without_signature()]
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_match_file_of_an_older_version_is_refused_by_name() {
        let dir = temp_dir("old-version");
        let store = MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush).unwrap();
        let path = store.path().to_owned();
        drop(store);
        let mut bytes = fs::read(&path).unwrap();
        bytes[MAGIC.len()..MAGIC.len() + 2].copy_from_slice(&2u16.to_le_bytes());
        fs::write(&path, &bytes).unwrap();
        let error = MatchStore::open(&path, Durability::Flush).unwrap_err();
        assert!(
            matches!(error, StoreError::OlderVersion { found: 2, .. }),
            "{error}"
        );
        assert!(error.to_string().contains("older FairDuel"), "{error}");
        assert_eq!(fs::read(&path).unwrap(), bytes, "nothing was changed");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_torn_last_write_is_dropped_at_every_cut() {
        let dir = temp_dir("torn");
        let mut store = MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush).unwrap();
        store.append(&entry(1)).unwrap();
        let path = store.path().to_owned();
        let two = fs::read(&path).unwrap();
        store.append(&entry(2)).unwrap();
        let three = fs::read(&path).unwrap();
        drop(store);
        for cut in two.len() + 1..three.len() {
            fs::write(&path, &three[..cut]).unwrap();
            let (_, saved) = MatchStore::open(&path, Durability::Flush).unwrap();
            assert_eq!(saved.entries.len(), 2, "cut at {cut}");
            assert!(saved.dropped_torn_tail);
            assert_eq!(
                fs::read(&path).unwrap(),
                two,
                "the file is repaired to its good part"
            );
        }
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damage_before_the_end_names_the_record_and_leaves_the_file_alone() {
        let dir = temp_dir("damage");
        let mut store = MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush).unwrap();
        store.append(&entry(1)).unwrap();
        store.append(&entry(2)).unwrap();
        let path = store.path().to_owned();
        drop(store);
        let mut bytes = fs::read(&path).unwrap();
        // Flip a byte inside record 1 (the first entry): just past the meta record.
        let meta_len = u32::from_le_bytes(bytes[18..22].try_into().unwrap()) as usize;
        let inside_first_entry = 17 + 5 + meta_len + CHECK_BYTES + 10;
        bytes[inside_first_entry] ^= 0x40;
        fs::write(&path, &bytes).unwrap();
        let error = MatchStore::open(&path, Durability::Flush).unwrap_err();
        assert!(
            matches!(error, StoreError::Damaged { index: 1, .. }),
            "{error}"
        );
        assert_eq!(fs::read(&path).unwrap(), bytes, "nothing was changed");
        fs::write(&path, b"hello").unwrap();
        assert!(matches!(
            MatchStore::read(&path),
            Err(StoreError::NotAMatchFile(_))
        ));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn matches_are_found_by_the_start_of_their_id() {
        let dir = temp_dir("find");
        let store = MatchStore::create(&dir, &meta(), &entry(0), Durability::Flush).unwrap();
        assert_eq!(find_match(&dir, "0707").unwrap(), store.path());
        assert!(find_match(&dir, "ffff").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }
}
