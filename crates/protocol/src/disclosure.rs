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
    fn message(
        match_id: &Digest32,
        from: Seat,
        to: Seat,
        after_entries: u64,
        commitment: &Commitment,
        reveal: &Reveal,
    ) -> Vec<u8> {
        postcard::to_stdvec(&Signed {
            domain: DISCLOSURE_DOMAIN,
            match_id,
            from,
            to,
            after_entries,
            commitment,
            reveal,
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
        let message = Disclosure::message(&match_id, from, to, after_entries, &commitment, &reveal);
        Disclosure {
            match_id,
            from,
            to,
            after_entries,
            commitment,
            reveal,
            signature: identity.sign(&message),
        }
    }

    /// Whether `key` (the owner's) signed this disclosure.
    pub fn verifies(&self, key: &PlayerKey) -> bool {
        let message = Disclosure::message(
            &self.match_id,
            self.from,
            self.to,
            self.after_entries,
            &self.commitment,
            &self.reveal,
        );
        key.verifies(&message, &self.signature)
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
