//! Showing a teammate a face-down card without the others learning it.
//!
//! Where the format says teammates see each other's face-down cards on the field (Kingdom
//! Duels' Tag and Boss Duels), the owner of such a card sends each teammate, over their
//! link alone, a [`Disclosure`]: the opening of the card's commitment, signed. It is not a
//! log entry: the opponents never receive it, and nothing in the public state changes. The
//! teammate checks it before learning the card; both keep it for the match record, whose
//! audit checks every disclosure against the rules at the moment it was made (a face-down
//! card of its signer's on the field, shown to a teammate) and against the card the end
//! reveal opens. A disclosure that fails those checks is signed proof against its signer.

use fairduel_engine::commitment::{Commitment, Reveal};
use fairduel_engine::hash::Digest32;
use fairduel_engine::seat::Seat;
use fairduel_engine::teammate_disclosure::DisclosureRefused;
use serde::{Deserialize, Serialize};

use crate::identity::{Identity, PlayerKey, SignatureBytes};

/// A face-down card's opening, shown by its owner `from` to the teammate `to` alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Disclosure {
    pub match_id: Digest32,
    pub from: Seat,
    pub to: Seat,
    /// How many log entries the owner held when it showed the card: after them, the card
    /// lay face-down on the owner's field.
    pub after_entries: u64,
    pub commitment: Commitment,
    pub reveal: Reveal,
    pub signature: SignatureBytes,
}

/// The part of a disclosure its signature covers.
#[derive(Serialize)]
struct Signed<'a> {
    domain: &'static str,
    match_id: &'a Digest32,
    from: Seat,
    to: Seat,
    after_entries: u64,
    commitment: &'a Commitment,
    reveal: &'a Reveal,
}

const DISCLOSURE_DOMAIN: &str = "fairduel/disclosure/v1";

impl Disclosure {
    /// The bytes its signature covers: every field but the signature.
    fn signed_bytes(&self) -> Vec<u8> {
        postcard::to_stdvec(&Signed {
            domain: DISCLOSURE_DOMAIN,
            match_id: &self.match_id,
            from: self.from,
            to: self.to,
            after_entries: self.after_entries,
            commitment: &self.commitment,
            reveal: &self.reveal,
        })
        .unwrap_or_default()
    }

    /// `identity` (seated at `from`) shows `to` the card behind `commitment`.
    pub fn sign(
        identity: &Identity,
        match_id: Digest32,
        from: Seat,
        to: Seat,
        after_entries: u64,
        commitment: Commitment,
        reveal: Reveal,
    ) -> Disclosure {
        let mut disclosure = Disclosure {
            match_id,
            from,
            to,
            after_entries,
            commitment,
            reveal,
            signature: SignatureBytes::from_array([0; 64]),
        };
        disclosure.signature = identity.sign(&disclosure.signed_bytes());
        disclosure
    }

    /// Whether `key` (the owner's) signed this disclosure.
    pub fn verifies(&self, key: &PlayerKey) -> bool {
        key.verifies(&self.signed_bytes(), &self.signature)
    }

    /// Whether the card shown is the one its owner committed to.
    pub fn opens_commitment(&self) -> bool {
        self.commitment
            .opens_to(&self.match_id, self.from, &self.reveal)
    }
}

/// Why a disclosure was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DisclosureError {
    #[error("a card was shown for another match; it was ignored")]
    OtherMatch,
    #[error("a card meant for {to} reached this seat; it was ignored")]
    NotForThisSeat { to: Seat },
    #[error("a card was shown in the name of {from}, who is not seated at this match")]
    UnknownSeat { from: Seat },
    #[error(
        "a card shown in the name of {from} does not carry that player's signature; it was ignored"
    )]
    BadSignature { from: Seat },
    #[error(
        "{from} showed a card that is not the one it committed to: this signed disclosure is proof of cheating and goes into the match record"
    )]
    FalseCard { from: Seat },
    #[error("{from} showed a card the rules keep hidden from this seat: {why}")]
    NotAllowed { from: Seat, why: DisclosureRefused },
    #[error("the match has not begun its duel; no card can be shown yet")]
    NoDuelYet,
}

impl DisclosureError {
    /// Whether the disclosure is signed proof against its signer, to keep for the record.
    pub fn proves_cheating(&self) -> bool {
        matches!(
            self,
            DisclosureError::FalseCard { .. } | DisclosureError::NotAllowed { .. }
        )
    }
}

/// The audit's check of a record's disclosures, made as the log is replayed: each one its
/// owner signed must open its commitment and, against the log as it stood when it was
/// made, show a face-down card of the owner's on the field to a teammate the format lets
/// see it. What a disclosure beyond the entries the record covers showed is not judged.
pub(crate) struct DisclosureAudit {
    /// Signed by their owners, by the number of entries after which they were made.
    waiting: Vec<Disclosure>,
    /// Signers of disclosures that broke the rules: the entries they came after and what
    /// was wrong.
    pub(crate) broken: Vec<(Seat, u64, String)>,
    /// How many were judged, broken ones included.
    pub(crate) checked: usize,
}

impl DisclosureAudit {
    pub(crate) fn new(log: &crate::matchlog::MatchLog, disclosures: &[Disclosure]) -> Self {
        let mut waiting = Vec::new();
        let mut broken = Vec::new();
        for d in disclosures {
            let signed =
                d.match_id == log.match_id() && log.key(d.from).is_some_and(|key| d.verifies(key));
            if !signed {
                // Bytes no valid signature covers prove nothing about anyone.
                continue;
            }
            if !d.opens_commitment() {
                broken.push((
                    d.from,
                    d.after_entries,
                    format!(
                        "showed {} a card that is not the one its commitment holds",
                        d.to
                    ),
                ));
            } else if d.after_entries <= 1 {
                broken.push((
                    d.from,
                    d.after_entries,
                    format!("showed {} a card before the duel began", d.to),
                ));
            } else {
                waiting.push(*d);
            }
        }
        waiting.sort_by_key(|d| std::cmp::Reverse(d.after_entries));
        let checked = broken.len();
        DisclosureAudit {
            waiting,
            broken,
            checked,
        }
    }
}

impl crate::matchlog::CommitObserver for DisclosureAudit {
    fn after(
        &mut self,
        log: &crate::matchlog::MatchLog,
        _envelope: &crate::envelope::Envelope,
        _events: &[fairduel_engine::event::Event],
    ) {
        let entries = log.entries().len() as u64;
        while self
            .waiting
            .last()
            .is_some_and(|d| d.after_entries <= entries)
        {
            let Some(d) = self.waiting.pop() else {
                break;
            };
            self.checked += 1;
            let refused = match log.duel() {
                None => Some("the duel had not begun".to_owned()),
                Some(duel) => duel
                    .check_disclosure(d.from, d.to, &d.commitment)
                    .err()
                    .map(|why| why.to_string()),
            };
            if let Some(why) = refused {
                self.broken.push((
                    d.from,
                    d.after_entries,
                    format!(
                        "showed {} a card the rules keep hidden from it: {why}",
                        d.to
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use fairduel_engine::card::CardId;
    use fairduel_engine::commitment::Salt;

    use super::*;

    fn shown(identity: &Identity) -> Disclosure {
        let match_id = Digest32([7; 32]);
        let reveal = Reveal {
            card: CardId(42),
            salt: Salt([9; 32]),
        };
        let commitment = Commitment::new(&match_id, Seat(0), reveal.card, &reveal.salt);
        Disclosure::sign(identity, match_id, Seat(0), Seat(2), 12, commitment, reveal)
    }

    #[test]
    fn the_signature_covers_every_field_and_the_opening_is_checked() {
        let owner = Identity::from_secret_bytes([1; 32]);
        let other = Identity::from_secret_bytes([2; 32]);
        let honest = shown(&owner);
        assert!(honest.verifies(&owner.public()));
        assert!(!honest.verifies(&other.public()));
        assert!(honest.opens_commitment());
        let changes: [fn(&mut Disclosure); 6] = [
            |d| d.match_id = Digest32([8; 32]),
            |d| d.from = Seat(1),
            |d| d.to = Seat(3),
            |d| d.after_entries = 13,
            |d| d.commitment = Commitment(Digest32([0; 32])),
            |d| d.reveal.card = CardId(43),
        ];
        for change in changes {
            let mut tampered = honest;
            change(&mut tampered);
            assert!(!tampered.verifies(&owner.public()), "{tampered:?}");
        }
        // A card other than the committed one, signed by its owner: signed, and false.
        let mut lie = honest;
        lie.reveal.card = CardId(43);
        lie = Disclosure::sign(
            &owner,
            lie.match_id,
            lie.from,
            lie.to,
            lie.after_entries,
            lie.commitment,
            lie.reveal,
        );
        assert!(lie.verifies(&owner.public()));
        assert!(!lie.opens_commitment());
    }
}
