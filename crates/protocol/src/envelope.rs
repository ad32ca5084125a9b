//! Envelopes: the signed, hash-chained entries of a match log.
//!
//! An envelope is `{match id, seq, previous envelope hash, author seat, body, state hash
//! after}`; its author signs its exact postcard bytes. The log is one total order: the
//! protocol's `awaiting()` names the single seat allowed to write the next entry.

use fairduel_engine::action::Action;
use fairduel_engine::card::CardId;
use fairduel_engine::hash::{Digest32, sha256_of};
use fairduel_engine::state::{Commitment, PositionOpening, Reveal, Salt, Seat};
use serde::{Deserialize, Serialize};

use crate::identity::{Identity, KeyVerifier, PlayerKey, SignatureBytes};

/// Bumped whenever an envelope or body changes shape. Peers with different versions refuse
/// to play; a record names the version it was written with.
pub const PROTOCOL_VERSION: u16 = 1;

/// Everything both seats agree to before any card is committed. Its hash is the match id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    pub protocol_version: u16,
    /// The format preset's name, for people (the hash is what binds).
    pub format_name: String,
    pub format_hash: Digest32,
    pub pool_hash: Digest32,
    /// Seat `i` is `players[i]`.
    pub players: Vec<PlayerKey>,
    /// Fresh randomness from the host, so no two matches share an id.
    pub nonce: [u8; 32],
}

impl MatchSetup {
    pub fn match_id(&self) -> Digest32 {
        sha256_of(&("fairduel/match/v1", self))
    }
}

/// A seat's deck, committed: the Deck Leader in the open, every main-deck card as a salted
/// commitment (in an order of the owner's choosing, which the permutations make
/// meaningless), and its commitment to its share of the joint random values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckCommit {
    pub leader: CardId,
    pub leader_commitment: Commitment,
    pub deck: Vec<Commitment>,
    pub random: Commitment,
}

/// One seat's secret permutation of another seat's deck, one commitment per position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PermutationCommit {
    pub owner: Seat,
    pub positions: Vec<Commitment>,
}

/// The opening of a seat's share of the joint random values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomReveal {
    pub value: [u8; 32],
    pub salt: Salt,
}

/// Everything a seat kept secret, opened once the duel is over: the Deck Leader's and every
/// main-deck card's opening in committed order, and every permutation it made.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndReveal {
    pub leader: Reveal,
    pub deck: Vec<Reveal>,
    /// For each deck this seat permuted: the owner and the opening of every position.
    pub permutations: Vec<(Seat, Vec<PositionOpening>)>,
}

/// What an envelope says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// Seq 0, by seat 0 (the host): the match set-up.
    Setup(MatchSetup),
    DeckCommit(DeckCommit),
    Permutation(PermutationCommit),
    RandomReveal(RandomReveal),
    /// A game action: a decision, an opened draw position, a reveal, a declaration, a
    /// discard or a concession.
    Action(Action),
    /// A seat other than the one whose envelope began turn `turn` confirms the state hash.
    Checkpoint {
        turn: u16,
    },
    EndReveal(EndReveal),
}

impl Body {
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Setup(_) => "setup",
            Body::DeckCommit(_) => "deck-commit",
            Body::Permutation(_) => "permutation",
            Body::RandomReveal(_) => "random-reveal",
            Body::Action(_) => "action",
            Body::Checkpoint { .. } => "checkpoint",
            Body::EndReveal(_) => "end-reveal",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    pub match_id: Digest32,
    pub seq: u64,
    /// The hash of the envelope before (all zero for seq 0).
    pub previous: Digest32,
    pub author: Seat,
    pub body: Body,
    /// The author's state hash after applying `body`.
    pub state_after: Digest32,
}

/// An envelope as it travels and is stored: its exact bytes and the author's signature over
/// them. Decoding is separate from receiving so that bad bytes never touch a log.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedEnvelope {
    pub bytes: Vec<u8>,
    pub signature: SignatureBytes,
}

impl std::fmt::Debug for SignedEnvelope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.open() {
            Ok(e) => write!(
                f,
                "SignedEnvelope(seq {}, {}, {})",
                e.seq,
                e.author,
                e.body.kind()
            ),
            Err(_) => write!(f, "SignedEnvelope(undecodable, {} bytes)", self.bytes.len()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the envelope's bytes do not decode: {0}")]
    Malformed(String),
    #[error("the envelope's bytes are not in canonical form")]
    NotCanonical,
}

impl SignedEnvelope {
    /// Encodes and signs `envelope`.
    pub fn seal(envelope: &Envelope, identity: &Identity) -> SignedEnvelope {
        // Encoding into a Vec cannot fail for these plain data types.
        let bytes = postcard::to_stdvec(envelope).unwrap_or_default();
        let signature = identity.sign(&bytes);
        SignedEnvelope { bytes, signature }
    }

    /// Decodes the envelope, insisting on the one canonical encoding so that the signed bytes
    /// and the meaning cannot drift apart.
    pub fn open(&self) -> Result<Envelope, DecodeError> {
        let envelope: Envelope =
            postcard::from_bytes(&self.bytes).map_err(|e| DecodeError::Malformed(e.to_string()))?;
        if postcard::to_stdvec(&envelope).ok().as_deref() != Some(self.bytes.as_slice()) {
            return Err(DecodeError::NotCanonical);
        }
        Ok(envelope)
    }

    pub fn signed_by(&self, key: &PlayerKey) -> bool {
        key.verifies(&self.bytes, &self.signature)
    }

    pub fn verified_by(&self, verifier: &KeyVerifier) -> bool {
        verifier.verifies(&self.bytes, &self.signature)
    }

    /// What the next envelope's `previous` must be.
    pub fn hash(&self) -> Digest32 {
        sha256_of(&("fairduel/envelope/v1", &self.bytes, &self.signature))
    }

    /// The wire and file form.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_stdvec(self).unwrap_or_default()
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<SignedEnvelope, DecodeError> {
        postcard::from_bytes(bytes).map_err(|e| DecodeError::Malformed(e.to_string()))
    }
}

/// The commitment to a seat's share of the joint random values.
pub fn random_commitment(match_id: &Digest32, seat: Seat, reveal: &RandomReveal) -> Commitment {
    Commitment(sha256_of(&(
        "fairduel/random/v1",
        match_id,
        seat,
        &reveal.value,
        &reveal.salt,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(identity: &Identity) -> SignedEnvelope {
        SignedEnvelope::seal(
            &Envelope {
                match_id: Digest32([7; 32]),
                seq: 3,
                previous: Digest32([1; 32]),
                author: Seat(1),
                body: Body::Checkpoint { turn: 4 },
                state_after: Digest32([9; 32]),
            },
            identity,
        )
    }

    #[test]
    fn sealed_envelopes_round_trip_and_verify() {
        let id = Identity::from_secret_bytes([5; 32]);
        let signed = sample(&id);
        let again = SignedEnvelope::from_bytes(&signed.to_bytes()).unwrap();
        assert_eq!(again, signed);
        assert_eq!(again.open().unwrap().seq, 3);
        assert!(again.signed_by(&id.public()));
    }

    #[test]
    fn any_flipped_bit_breaks_the_signature_or_the_decoding() {
        let id = Identity::from_secret_bytes([5; 32]);
        let signed = sample(&id);
        for i in 0..signed.bytes.len() {
            let mut bad = signed.clone();
            bad.bytes[i] ^= 0x01;
            assert!(
                !bad.signed_by(&id.public()) || bad.open().is_err(),
                "byte {i} flipped and still accepted"
            );
        }
    }
}
