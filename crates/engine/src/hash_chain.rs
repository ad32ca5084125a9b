//! Hashing a duel's state again after each action without hashing it all again.
//!
//! SHA-256 takes its input in 64-byte blocks, one after another, and its state after a
//! block (the midstate) depends only on the bytes so far. Two states one action apart
//! usually share a long beginning of their encoding (a move changes the grid, not the
//! players' hands in front of it), so keeping the midstate at every block boundary of the
//! last encoding lets the next hash start at the block holding the first changed byte. The
//! digest is the same as hashing everything; only the work differs.

use sha2::Digest as _;

use crate::encoding::Encoded;
use crate::hash::{Digest32, Sha256State, finish_sha256};
use crate::state::{DuelState, StatePrefix};

const BLOCK: usize = 64;

/// The last state hash of a duel and what it took to compute it.
#[derive(Clone, Default)]
pub(crate) struct HashChain {
    /// The changing part's encoding, as last hashed.
    encoded: Encoded,
    /// The hasher after the prefix and `encoded[..boundary(k)]`, for each block boundary
    /// `k` up to the end of `encoded` (`midstates[0]` is the prefix's hasher itself).
    midstates: Vec<Sha256State>,
    digest: Digest32,
    /// The next encoding is written here (kept to reuse its allocation).
    spare: Encoded,
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
        // Bytes of the changing part that complete the prefix's last, partial block.
        let head = (BLOCK - prefix.len() % BLOCK) % BLOCK;
        let boundary = |k: usize| if k == 0 { 0 } else { head + BLOCK * (k - 1) };
        if self.midstates.is_empty() {
            self.midstates.push(prefix.hasher().clone());
        } else if fresh == last {
            return self.digest;
        }
        // The last kept midstate whose bytes are all unchanged.
        let mut keep = 0;
        while keep + 1 < self.midstates.len() {
            let end = boundary(keep + 1);
            let start = boundary(keep);
            if fresh.get(start..end) != last.get(start..end) {
                break;
            }
            keep += 1;
        }
        self.midstates.truncate(keep + 1);
        let mut hasher = match self.midstates.last() {
            Some(midstate) => midstate.clone(),
            None => prefix.hasher().clone(),
        };
        let mut at = boundary(keep);
        loop {
            let end = boundary(self.midstates.len());
            let Some(block) = fresh.get(at..end) else {
                break;
            };
            hasher.update(block);
            self.midstates.push(hasher.clone());
            at = end;
        }
        self.digest = finish_sha256(hasher, fresh.get(at..).unwrap_or_default());
        std::mem::swap(&mut self.encoded, &mut self.spare);
        self.digest
    }
}
