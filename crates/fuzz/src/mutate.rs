//! Seeded byte mutations: what damaged files, careless edits and hostile peers make of a
//! real input.

/// The most bytes an input may grow to (bigger inputs only slow the run down).
const MAX_INPUT: usize = 1 << 20;

/// A seeded source of mutated inputs (SplitMix64: small, fast, reproducible).
#[derive(Debug, Clone)]
pub struct Mutator {
    state: u64,
}

impl Mutator {
    pub fn new(seed: u64) -> Mutator {
        Mutator {
            state: seed ^ 0x6A09_E667_F3BC_C908,
        }
    }

    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`0` when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next() % n as u64) as usize
    }

    /// A range of `len` bytes: where it starts and how long it is (a short run, mostly).
    fn span(&mut self, len: usize) -> (usize, usize) {
        let start = self.below(len + 1);
        let longest = (len - start).min(if self.below(4) == 0 { 4096 } else { 16 });
        (start, self.below(longest + 1))
    }

    /// One mutated input: a seed with one to eight mutations.
    pub fn mutate(&mut self, seeds: &[Vec<u8>]) -> Vec<u8> {
        let mut input = seeds
            .get(self.below(seeds.len()))
            .cloned()
            .unwrap_or_default();
        for _ in 0..=self.below(8) {
            self.mutate_once(&mut input, seeds);
        }
        input.truncate(MAX_INPUT);
        input
    }

    fn mutate_once(&mut self, input: &mut Vec<u8>, seeds: &[Vec<u8>]) {
        let len = input.len();
        match self.below(10) {
            0 | 1 if len > 0 => {
                let at = self.below(len);
                input[at] ^= 1 << self.below(8);
            }
            2 if len > 0 => {
                let at = self.below(len);
                input[at] = self.next() as u8;
            }
            3 if len > 0 => {
                // Boundary values: where lengths, counts and indices go wrong.
                const EDGES: [u8; 8] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF, b'"', b'\n'];
                let at = self.below(len);
                input[at] = EDGES[self.below(EDGES.len())];
            }
            4 => {
                let (at, _) = self.span(len);
                let count = 1 + self.below(16);
                let bytes: Vec<u8> = (0..count).map(|_| self.next() as u8).collect();
                input.splice(at..at, bytes);
            }
            5 if len > 0 => {
                let (at, count) = self.span(len);
                input.drain(at..at + count);
            }
            6 if len > 0 => {
                // A run repeated: duplicated entries, repeated fields.
                let (at, count) = self.span(len);
                let run = input[at..at + count].to_vec();
                let to = self.below(input.len() + 1);
                input.splice(to..to, run);
            }
            7 if len > 0 => {
                input.truncate(self.below(len));
            }
            8 => {
                // Splice in a run of another seed.
                let Some(other) = seeds.get(self.below(seeds.len())) else {
                    return;
                };
                let (from, count) = self.span(other.len());
                let run = other[from..from + count].to_vec();
                let to = self.below(len + 1);
                let end = (to + run.len()).min(len);
                input.splice(to..end, run);
            }
            9 if len > 1 => {
                // Two runs swapped: entries out of order.
                let a = self.below(len);
                let b = self.below(len);
                input.swap(a, b);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_inputs() {
        let seeds = vec![b"hello world".to_vec(), vec![0u8; 40]];
        let a: Vec<Vec<u8>> = {
            let mut m = Mutator::new(9);
            (0..200).map(|_| m.mutate(&seeds)).collect()
        };
        let mut m = Mutator::new(9);
        let b: Vec<Vec<u8>> = (0..200).map(|_| m.mutate(&seeds)).collect();
        assert_eq!(a, b);
        let mut other = Mutator::new(10);
        assert_ne!(
            a[..20],
            (0..20).map(|_| other.mutate(&seeds)).collect::<Vec<_>>()[..]
        );
        // The mutations change inputs, not always leave them as they were.
        assert!(a.iter().filter(|i| seeds.contains(i)).count() < 20);
    }
}
