//! A peer's private randomness: salts, its deck's committed order, its permutations and its
//! share of joint random values all come from one 32-byte seed. In play the seed comes from
//! the operating system; in self-play and tests from a number, so games replay exactly.

use fairduel_engine::hash::sha256_of;

/// A deterministic stream of secret bytes: SHA-256 of the seed and a counter.
#[derive(Clone)]
pub struct SecretStream {
    seed: [u8; 32],
    counter: u64,
}

impl std::fmt::Debug for SecretStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never print the seed.
        write!(f, "SecretStream(#{})", self.counter)
    }
}

impl SecretStream {
    pub fn new(seed: [u8; 32]) -> SecretStream {
        SecretStream { seed, counter: 0 }
    }

    /// A stream for tests and self-play, derived from a number.
    pub fn from_number(n: u64) -> SecretStream {
        SecretStream::new(sha256_of(&("fairduel/seeded-secrets/v1", n)).0)
    }

    pub fn bytes32(&mut self) -> [u8; 32] {
        let out = sha256_of(&("fairduel/secret-stream/v1", &self.seed, self.counter)).0;
        self.counter += 1;
        out
    }

    pub fn next_u64(&mut self) -> u64 {
        let b = self.bytes32();
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    }

    /// Uniform in `0..n` (rejection sampling, so no modulo bias). `n` must be non-zero.
    pub fn below(&mut self, n: u64) -> u64 {
        let n = n.max(1);
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

impl fairduel_engine::reshuffle::Entropy for SecretStream {
    fn salt(&mut self) -> fairduel_engine::commitment::Salt {
        fairduel_engine::commitment::Salt(self.bytes32())
    }

    fn below(&mut self, n: u64) -> u64 {
        SecretStream::below(self, n)
    }
}
