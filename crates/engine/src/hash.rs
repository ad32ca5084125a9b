//! SHA-256 helpers: content hashes, state hashes and card commitments.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// A SHA-256 digest.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Digest32(pub [u8; 32]);

/// The bytes' lexicographic order, compared eight at a time: digests key the maps of
/// commitments every seat looks its cards up in, and a byte-wise comparison calls out to
/// `memcmp` at every step of a lookup.
impl Ord for Digest32 {
    fn cmp(&self, other: &Digest32) -> std::cmp::Ordering {
        let words = |d: &Digest32| {
            let mut words = [0u64; 4];
            for (word, bytes) in words.iter_mut().zip(d.0.chunks_exact(8)) {
                let mut eight = [0u8; 8];
                eight.copy_from_slice(bytes);
                // Big-endian: the first byte is the most significant, as in byte order.
                *word = u64::from_be_bytes(eight);
            }
            words
        };
        words(self).cmp(&words(other))
    }
}

impl PartialOrd for Digest32 {
    fn partial_cmp(&self, other: &Digest32) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// Comparing eight bytes at a time orders digests as their bytes do.
    #[test]
    fn digests_order_as_their_bytes() {
        let mut digests: Vec<Digest32> = (0u8..=255)
            .map(|i| {
                let mut d = [0u8; 32];
                d[usize::from(i % 32)] = i;
                d[31 - usize::from(i % 32)] ^= i.wrapping_mul(37);
                d[usize::from(i / 8)] ^= 0x80;
                Digest32(d)
            })
            .collect();
        digests.push(Digest32([0xFF; 32]));
        digests.push(Digest32::default());
        for a in &digests {
            for b in &digests {
                assert_eq!(a.cmp(b), a.0.cmp(&b.0), "{a:?} {b:?}");
            }
        }
    }
}
