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
    let mut hasher = HashWriter(Sha256::new());
    // Feeding the hasher directly avoids a buffer. postcard fails only on maps of unknown
    // length or a failing sink; our types have no such maps and this sink never fails.
    let _ = postcard::to_io(value, &mut hasher);
    Digest32(hasher.0.finalize().into())
}

struct HashWriter(Sha256);

impl std::io::Write for HashWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.update(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub fn sha256(bytes: &[u8]) -> Digest32 {
    Digest32(Sha256::digest(bytes).into())
}
