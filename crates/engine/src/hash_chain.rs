//! Hashing a duel's state again after each action without hashing it all again.
//!
//! SHA-256 takes its input in 64-byte blocks, one after another, and its state after a
//! block (the midstate) depends only on the bytes so far. Two states one action apart
//! usually share a long beginning of their encoding (a move changes the grid, not the
//! players' hands in front of it), so keeping the midstate at every block boundary of the
//! last encoding lets the next hash start at the block holding the first changed byte. The
//! digest is the same as hashing everything; only the work differs.

use crate::encoding::Encoded;
use crate::hash::{BlockState, Digest32, compress_block, finish_blocks};
use crate::state::{DuelState, StatePrefix};

const BLOCK: usize = 64;

/// The last state hash of a duel and what it took to compute it.
#[derive(Clone, Default)]
pub(crate) struct HashChain {
    /// The changing part's encoding, as last hashed.
    encoded: Encoded,
    /// The next encoding is written here (kept to reuse its allocation).
    spare: Encoded,
    /// `midstates[k]`: SHA-256's state before block `k` of the stream that follows the
    /// prefix's whole blocks (the prefix's last bytes, then the encoding), for each block
    /// that `encoded` fills (`midstates[0]` is the prefix's own).
    midstates: Vec<BlockState>,
    digest: Digest32,
}

impl std::fmt::Debug for HashChain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "HashChain({} bytes, {})",
            self.encoded.bytes().len(),
            self.digest
        )
    }
}

impl HashChain {
    /// The state hash of `state`, whose unchanging part `prefix` hashed. Every call must
    /// pass the same prefix (a new one needs a new chain).
    pub(crate) fn hash(&mut self, prefix: &StatePrefix, state: &DuelState) -> Digest32 {
        self.spare.encode(state);
        let fresh = self.spare.bytes();
        let last = self.encoded.bytes();
        let tail = prefix.tail();
        // Block `k` holds the encoding's bytes `start(k)..start(k + 1)`; the first block
        // begins with the prefix's last bytes.
        let head = BLOCK - tail.len() % BLOCK;
        let start = |k: usize| if k == 0 { 0 } else { head + BLOCK * (k - 1) };
        if self.midstates.is_empty() {
            self.midstates.push(*prefix.blocks());
        } else if fresh == last {
            return self.digest;
        }
        // The last kept midstate whose blocks before it are all unchanged.
        let mut keep = 0;
        while keep + 1 < self.midstates.len() {
            let bytes = start(keep)..start(keep + 1);
            if fresh.get(bytes.clone()) != last.get(bytes) {
                break;
            }
            keep += 1;
        }
        self.midstates.truncate(keep + 1);
        let mut state = self.midstates.last().copied().unwrap_or(*prefix.blocks());
        let mut k = keep;
        while let Some(bytes) = fresh.get(start(k)..start(k + 1)) {
            let mut block = [0u8; BLOCK];
            if k == 0 {
                block[..tail.len()].copy_from_slice(tail);
                block[tail.len()..].copy_from_slice(bytes);
            } else {
                block.copy_from_slice(bytes);
            }
            compress_block(&mut state, &block);
            self.midstates.push(state);
            k += 1;
        }
        // Fewer than 64 bytes are left: with the prefix's tail when no block was whole.
        let rest = fresh.get(start(k)..).unwrap_or_default();
        let mut last_bytes = [0u8; BLOCK];
        let last_len = if k == 0 {
            last_bytes[..tail.len()].copy_from_slice(tail);
            last_bytes[tail.len()..tail.len() + rest.len()].copy_from_slice(rest);
            tail.len() + rest.len()
        } else {
            last_bytes[..rest.len()].copy_from_slice(rest);
            rest.len()
        };
        let total = (prefix.len() + fresh.len()) as u64;
        self.digest = finish_blocks(state, &last_bytes[..last_len], total);
        std::mem::swap(&mut self.encoded, &mut self.spare);
        self.digest
    }
}
