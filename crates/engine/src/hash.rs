//! SHA-256 helpers: content hashes, state hashes and card commitments.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A SHA-256 digest.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default)]
pub struct Digest32(pub [u8; 32]);

impl std::fmt::Debug for Digest32 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Digest32({})", self.short())
    }
}

impl std::fmt::Display for Digest32 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

impl Digest32 {
    /// The first eight hex digits: enough for a person to compare two hashes at a glance.
    pub fn short(&self) -> String {
        self.0[..4].iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// SHA-256 over the postcard encoding of `value`.
pub fn sha256_of<T: Serialize + ?Sized>(value: &T) -> Digest32 {
    // Encoding into a buffer and hashing it in one go is several times faster than feeding
    // the hasher field by field. postcard fails only on maps of unknown length, which our
    // types do not have.
    let encoded = postcard::to_extend(value, Vec::with_capacity(256)).unwrap_or_default();
    sha256(&encoded)
}

/// A SHA-256 computation in progress.
pub type Sha256State = Sha256;

/// A SHA-256 computation that has taken in `bytes`.
pub fn sha256_hasher(bytes: &[u8]) -> Sha256State {
    let mut hasher = Sha256::new();
    hasher.update(bytes);
    hasher
}

/// Feeds `bytes` to `hasher` and returns the digest.
pub fn finish_sha256(mut hasher: Sha256State, bytes: &[u8]) -> Digest32 {
    hasher.update(bytes);
    Digest32(hasher.finalize().into())
}

pub fn sha256(bytes: &[u8]) -> Digest32 {
    Digest32(Sha256::digest(bytes).into())
}
