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

/// SHA-256's state between 64-byte blocks: what [`crate::hash_chain`] keeps at every block
/// boundary of a state's encoding (32 bytes, where a whole hasher carries its buffer too).
pub(crate) type BlockState = [u32; 8];

/// SHA-256's initial state (FIPS 180-4, 5.3.3).
pub(crate) const SHA256_INITIAL: BlockState = [
    0x6a09_e667,
    0xbb67_ae85,
    0x3c6e_f372,
    0xa54f_f53a,
    0x510e_527f,
    0x9b05_688c,
    0x1f83_d9ab,
    0x5be0_cd19,
];

/// Runs one 64-byte block through SHA-256's compression function.
pub(crate) fn compress_block(state: &mut BlockState, block: &[u8; 64]) {
    sha2::block_api::compress256(state, std::slice::from_ref(block));
}

/// The digest of a message whose first `total_len - last.len()` bytes (a whole number of
/// blocks) left SHA-256 in `state`, and whose last bytes are `last` (fewer than 64): pads
/// as FIPS 180-4 (5.1.1) says (a one bit, zeros, the message length in bits) and
/// compresses the last one or two blocks.
pub(crate) fn finish_blocks(mut state: BlockState, last: &[u8], total_len: u64) -> Digest32 {
    let mut blocks = [[0u8; 64]; 2];
    let used = last.len().min(63);
    blocks[0][..used].copy_from_slice(&last[..used]);
    blocks[0][used] = 0x80;
    // The length takes the last 8 bytes; past 55 message bytes it needs a second block.
    let count = if used < 56 { 1 } else { 2 };
    blocks[count - 1][56..].copy_from_slice(&total_len.wrapping_mul(8).to_be_bytes());
    sha2::block_api::compress256(&mut state, &blocks[..count]);
    let mut digest = [0u8; 32];
    for (bytes, word) in digest.chunks_exact_mut(4).zip(state) {
        bytes.copy_from_slice(&word.to_be_bytes());
    }
    Digest32(digest)
}

/// A number below `n` (1 to 256) read from `seed` without bias: its bytes are taken in turn
/// (then those of further blocks hashed from it under `stream`), and a byte counts only when
/// it falls below the largest multiple of `n` a byte holds. Joint random draws end here.
pub fn unbiased_below(seed: Digest32, stream: &str, n: u8) -> u8 {
    let n = u16::from(n.max(1));
    let limit = 256 - 256 % n;
    let mut block = seed;
    for round in 0u32..64 {
        if let Some(byte) = block.0.iter().find(|b| u16::from(**b) < limit) {
            return (u16::from(*byte) % n) as u8;
        }
        block = sha256_of(&(stream, &block, round));
    }
    // 64 blocks of 32 bytes hold a usable byte with overwhelming odds.
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Block by block with our own padding gives SHA-256, for every length around the
    /// block and padding boundaries.
    #[test]
    fn block_by_block_hashing_is_sha256() {
        let message: Vec<u8> = (0..300u32).map(|i| (i * 7 + 3) as u8).collect();
        for len in 0..message.len() {
            let bytes = &message[..len];
            let mut state = SHA256_INITIAL;
            let mut blocks = bytes.chunks_exact(64);
            for block in &mut blocks {
                let block: &[u8; 64] = match block.try_into() {
                    Ok(b) => b,
                    Err(_) => panic!("chunks_exact gives 64 bytes"),
                };
                compress_block(&mut state, block);
            }
            let last = blocks.remainder();
            assert_eq!(
                finish_blocks(state, last, len as u64),
                sha256(bytes),
                "{len}"
            );
        }
    }

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
