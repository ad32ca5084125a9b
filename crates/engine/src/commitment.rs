//! Commitments: the hashes that stand for hidden cards and secret deck positions, and their
//! openings.

use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::hash::{Digest32, sha256, sha256_of};
use crate::seat::Seat;

/// A 32-byte commitment `H(domain | match | seat | card | salt)` standing for a hidden card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Commitment(pub Digest32);

/// A commitment named by its place in [`crate::state::DuelState::commitments`], the table every card of the
/// duel was committed to at set-up. The state refers to hidden cards this way so that its
/// canonical encoding (and so the state hash) carries each 32-byte commitment once, in the
/// table, rather than again wherever the card goes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct CardRef(pub u16);

/// The random salt that makes a commitment unguessable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Salt(pub [u8; 32]);

/// Opening of a commitment: the card behind it and the salt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reveal {
    pub card: CardId,
    pub salt: Salt,
}

/// The domain tag hashed in front of a card commitment.
const CARD_COMMITMENT_DOMAIN: &str = "fairduel/card/v1";

impl Commitment {
    /// SHA-256 over postcard's encoding of `(domain, match_id, owner, card, salt)`.
    pub fn new(match_id: &Digest32, owner: Seat, card: CardId, salt: &Salt) -> Commitment {
        // Written by hand (the legal-action listing opens reveals often): the domain's
        // length as a one-byte varint and its bytes, the 32 match bytes, the seat's byte,
        // the card number as a varint, and the 32 salt bytes.
        const DOMAIN: &[u8] = CARD_COMMITMENT_DOMAIN.as_bytes();
        let mut bytes = [0u8; 1 + DOMAIN.len() + 32 + 1 + 3 + 32];
        bytes[0] = DOMAIN.len() as u8;
        let mut at = 1;
        for part in [DOMAIN, &match_id.0, &[owner.0]] {
            bytes[at..at + part.len()].copy_from_slice(part);
            at += part.len();
        }
        let mut id = card.0;
        while id >= 0x80 {
            bytes[at] = (id as u8) | 0x80;
            id >>= 7;
            at += 1;
        }
        bytes[at] = id as u8;
        at += 1;
        bytes[at..at + 32].copy_from_slice(&salt.0);
        Commitment(sha256(&bytes[..at + 32]))
    }

    /// The public opening of a Token's commitment: a Token comes from no deck and hides
    /// nothing, so its salt is all zeros and anyone can compute it.
    pub fn token_opening(card: CardId) -> Reveal {
        Reveal {
            card,
            salt: Salt([0; 32]),
        }
    }

    /// The commitment of `owner`'s Token `card` (see [`Commitment::token_opening`]).
    pub fn of_token(match_id: &Digest32, owner: Seat, card: CardId) -> Commitment {
        Commitment::new(match_id, owner, card, &Commitment::token_opening(card).salt)
    }

    pub fn opens_to(&self, match_id: &Digest32, owner: Seat, reveal: &Reveal) -> bool {
        Commitment::new(match_id, owner, reveal.card, &reveal.salt) == *self
    }

    /// The commitment of one position of a secret deck permutation: position `position` of
    /// `owner`'s deck, in `permuter`'s round `round`, points at `index` of the round before
    /// (or, for the first round, at the owner's committed order).
    pub fn for_position(
        match_id: &Digest32,
        slot: PositionSlot,
        opening: &PositionOpening,
    ) -> Commitment {
        Commitment(sha256_of(&(
            "fairduel/deck-position/v1",
            match_id,
            slot,
            opening.index,
            &opening.salt,
        )))
    }
}

/// Which position commitment: whose deck, which permutation round, which position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PositionSlot {
    pub owner: Seat,
    pub permuter: Seat,
    pub round: u8,
    pub position: u16,
}

/// Opening of a deck-position commitment: where the position points, and the salt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PositionOpening {
    pub index: u16,
    pub salt: Salt,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-written encoding hashes what postcard writes for the same tuple.
    #[test]
    fn commitments_hash_postcards_encoding() {
        let match_id = Digest32([0x5C; 32]);
        let salt = Salt([0xE1; 32]);
        for card in [0, 1, 127, 128, 300, 16_383, 16_384, u16::MAX] {
            for owner in [Seat(0), Seat(1), Seat(5)] {
                let by_postcard = sha256_of(&(
                    CARD_COMMITMENT_DOMAIN,
                    &match_id,
                    owner,
                    CardId(card),
                    &salt,
                ));
                let commitment = Commitment::new(&match_id, owner, CardId(card), &salt);
                assert_eq!(commitment.0, by_postcard, "card {card}, {owner}");
            }
        }
    }
}
