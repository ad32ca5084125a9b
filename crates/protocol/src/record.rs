//! The match record file: the whole signed log plus evidence, in a versioned format that can
//! be appended to entry by entry (so a live match can write it as it goes).
//!
//! ```text
//! magic    16 bytes  "FAIRDUEL RECORD\n"
//! version   2 bytes  little-endian, RECORD_VERSION
//! then, until the end of the file, entries:
//!   kind    1 byte   1 = log entry, 2 = evidence (an entry the writer refused),
//!                    3 = disclosure (a face-down card shown to a teammate)
//!   length  4 bytes  little-endian, at most MAX_ENTRY_BYTES
//!   bytes   length   kinds 1 and 2: a postcard-encoded SignedEnvelope (its bytes, then an
//!                    optional signature); kind 3: a postcard-encoded Disclosure
//! ```
//!
//! Log entries appear in sequence order. The end-of-match reveals are log entries too, so the
//! file alone is enough to verify the match offline (with the format and card pool the set-up
//! names by hash).
//!
//! Version 2 (protocol version 2) made the signature optional: a record keeps only the
//! signatures a verifier needs — the set-up's and each seat's last one, which covers every
//! earlier entry of that seat through the hash chain, plus one per seat about every 64
//! entries so that a damaged or cut-short record still authenticates what precedes the
//! damage — and evidence entries as they came.
//! Version 3 (protocol version 3) has the same layout; its entries are protocol version 3's
//! (2 to 6 seats, places instead of grid cells, decisions and protocol answers apart), which
//! an older FairDuel cannot read, nor this one theirs.
//! Version 4 (protocol version 4) and version 5 (protocol version 5, agreed effects) keep
//! the layout; their entries and state hashes are their protocol's.
//! Version 22 (protocol version 22) adds disclosures: the writer's face-down cards it showed
//! its teammates and theirs it was shown, each signed by the card's owner. Version 23 keeps
//! the layout; its entries and state hashes are protocol version 23's, and so does version
//! 24 with protocol version 24's, version 25 with protocol version 25's, version 26
//! with protocol version 26's, version 27 with protocol version 27's, version 28 with
//! protocol version 28's, version 29 with protocol version 29's, version 30 with protocol
//! version 30's, version 31 with protocol version 31's, and so on to version 34 with
//! protocol version 34's (monsters made from nothing on the grid).
//! Older files are refused by name, with the version that wrote them.

use crate::disclosure::Disclosure;
use crate::envelope::{DecodeError, SignedEnvelope};

pub const RECORD_MAGIC: &[u8; 16] = b"FAIRDUEL RECORD\n";
pub const RECORD_VERSION: u16 = 34;
/// No honest entry comes near this; a bigger length means a damaged file.
pub const MAX_ENTRY_BYTES: u32 = 1 << 20;

const KIND_ENTRY: u8 = 1;
const KIND_EVIDENCE: u8 = 2;
const KIND_DISCLOSURE: u8 = 3;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MatchRecord {
    pub entries: Vec<SignedEnvelope>,
    pub evidence: Vec<SignedEnvelope>,
    /// Face-down cards shown between teammates, as the writer made or received them.
    pub disclosures: Vec<Disclosure>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("this is not a FairDuel match record (its first bytes are wrong)")]
    NotARecord,
    #[error(
        "this record was written in format version {0}; this program reads version {RECORD_VERSION}: use the FairDuel version that wrote it"
    )]
    UnsupportedVersion(u16),
    #[error(
        "this record was written in format version {0} by an older FairDuel (protocol version {0}); this program reads version {RECORD_VERSION} only and cannot judge it: verify it with the FairDuel version that wrote it"
    )]
    OlderVersion(u16),
    #[error("entry {index} (at byte {offset}) is cut short: the file is truncated")]
    Truncated { index: usize, offset: usize },
    #[error("entry {index} (at byte {offset}) has an unknown kind {kind}: the file is damaged")]
    UnknownKind {
        index: usize,
        offset: usize,
        kind: u8,
    },
    #[error(
        "entry {index} (at byte {offset}) claims {length} bytes, more than any entry can be: the file is damaged"
    )]
    TooLong {
        index: usize,
        offset: usize,
        length: u32,
    },
    #[error(
        "entry {index} (at byte {offset}), a card shown to a teammate, does not decode ({reason}): the file is damaged"
    )]
    MalformedDisclosure {
        index: usize,
        offset: usize,
        reason: String,
    },
    #[error("entry {index} (at byte {offset}) does not decode: {error}")]
    Malformed {
        index: usize,
        offset: usize,
        error: DecodeError,
    },
}

impl MatchRecord {
    /// A record of `entries` (a log, in order) and `evidence`, keeping of the log's
    /// signatures only those on the entries numbered in `keep` (sorted; see
    /// `MatchLog::record_signatures`): each seat's last signature covers all of that seat's
    /// earlier entries through the chain. Evidence keeps its signatures.
    pub fn from_log(
        mut entries: Vec<SignedEnvelope>,
        keep: &[u64],
        evidence: Vec<SignedEnvelope>,
    ) -> MatchRecord {
        for (seq, entry) in entries.iter_mut().enumerate() {
            if keep.binary_search(&(seq as u64)).is_err() {
                entry.signature = None;
            }
        }
        MatchRecord {
            entries,
            evidence,
            disclosures: Vec::new(),
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = record_header();
        for e in &self.entries {
            out.extend(encode_entry(KIND_ENTRY, e));
        }
        for e in &self.evidence {
            out.extend(encode_entry(KIND_EVIDENCE, e));
        }
        for d in &self.disclosures {
            out.extend(encode_payload(
                KIND_DISCLOSURE,
                &postcard::to_stdvec(d).unwrap_or_default(),
            ));
        }
        out
    }

    /// Reads a record, naming the first bad entry if any. Never panics on any input.
    pub fn from_bytes(bytes: &[u8]) -> Result<MatchRecord, RecordError> {
        let header = record_header();
        if bytes.len() < RECORD_MAGIC.len() || &bytes[..RECORD_MAGIC.len()] != RECORD_MAGIC {
            return Err(RecordError::NotARecord);
        }
        let version = bytes
            .get(16..18)
            .map(|v| u16::from_le_bytes([v[0], v[1]]))
            .ok_or(RecordError::NotARecord)?;
        if version < RECORD_VERSION {
            return Err(RecordError::OlderVersion(version));
        }
        if version != RECORD_VERSION {
            return Err(RecordError::UnsupportedVersion(version));
        }
        let mut record = MatchRecord::default();
        let mut offset = header.len();
        let mut index = 0;
        while offset < bytes.len() {
            let truncated = RecordError::Truncated { index, offset };
            let head = bytes.get(offset..offset + 5).ok_or(truncated.clone())?;
            let kind = head[0];
            let length = u32::from_le_bytes([head[1], head[2], head[3], head[4]]);
            if ![KIND_ENTRY, KIND_EVIDENCE, KIND_DISCLOSURE].contains(&kind) {
                return Err(RecordError::UnknownKind {
                    index,
                    offset,
                    kind,
                });
            }
            if length > MAX_ENTRY_BYTES {
                return Err(RecordError::TooLong {
                    index,
                    offset,
                    length,
                });
            }
            let start = offset + 5;
            let body = bytes.get(start..start + length as usize).ok_or(truncated)?;
            if kind == KIND_DISCLOSURE {
                let disclosure = postcard::from_bytes::<Disclosure>(body).map_err(|e| {
                    RecordError::MalformedDisclosure {
                        index,
                        offset,
                        reason: e.to_string(),
                    }
                })?;
                record.disclosures.push(disclosure);
                offset = start + length as usize;
                index += 1;
                continue;
            }
            let envelope =
                SignedEnvelope::from_bytes(body).map_err(|error| RecordError::Malformed {
                    index,
                    offset,
                    error,
                })?;
            if kind == KIND_ENTRY {
                record.entries.push(envelope);
            } else {
                record.evidence.push(envelope);
            }
            offset = start + length as usize;
            index += 1;
        }
        Ok(record)
    }
}

/// The bytes a record file starts with.
pub fn record_header() -> Vec<u8> {
    let mut out = RECORD_MAGIC.to_vec();
    out.extend(RECORD_VERSION.to_le_bytes());
    out
}

/// One log entry as appended to a record file.
pub fn encode_log_entry(envelope: &SignedEnvelope) -> Vec<u8> {
    encode_entry(KIND_ENTRY, envelope)
}

fn encode_entry(kind: u8, envelope: &SignedEnvelope) -> Vec<u8> {
    encode_payload(kind, &envelope.to_bytes())
}

fn encode_payload(kind: u8, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() + 5);
    out.push(kind);
    out.extend((body.len() as u32).to_le_bytes());
    out.extend(body);
    out
}
