//! What one seat knows beyond the public state.

use std::collections::BTreeMap;

use crate::card::CardId;
use crate::chance::ShareCommitment;
use crate::commitment::{Commitment, PositionOpening, Reveal, Salt};

/// What one seat knows beyond the public state: the openings of its own commitments (and,
/// for the audit, everyone's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Knowledge {
    secrets: BTreeMap<Commitment, Reveal>,
    /// Openings of deck-position commitments this seat made (as a permuter).
    positions: BTreeMap<Commitment, PositionOpening>,
    /// This seat's shares of coin tosses and die rolls, by their commitments.
    shares: BTreeMap<ShareCommitment, ([u8; 32], Salt)>,
}

impl Knowledge {
    pub fn new() -> Knowledge {
        Knowledge::default()
    }

    pub fn learn(&mut self, commitment: Commitment, reveal: Reveal) {
        self.secrets.insert(commitment, reveal);
    }

    pub fn get(&self, commitment: &Commitment) -> Option<&Reveal> {
        self.secrets.get(commitment)
    }

    pub fn card(&self, commitment: &Commitment) -> Option<CardId> {
        self.secrets.get(commitment).map(|r| r.card)
    }

    pub fn len(&self) -> usize {
        self.secrets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    pub fn merge(&mut self, other: &Knowledge) {
        for (c, r) in &other.secrets {
            self.secrets.insert(*c, *r);
        }
        for (c, o) in &other.positions {
            self.positions.insert(*c, *o);
        }
        for (c, s) in &other.shares {
            self.shares.insert(*c, *s);
        }
    }

    pub fn learn_position(&mut self, commitment: Commitment, opening: PositionOpening) {
        self.positions.insert(commitment, opening);
    }

    pub fn position(&self, commitment: &Commitment) -> Option<&PositionOpening> {
        self.positions.get(commitment)
    }

    pub fn learn_share(&mut self, commitment: ShareCommitment, value: [u8; 32], salt: Salt) {
        self.shares.insert(commitment, (value, salt));
    }

    pub fn share(&self, commitment: &ShareCommitment) -> Option<&([u8; 32], Salt)> {
        self.shares.get(commitment)
    }

    /// Every card opening known, in commitment order.
    pub fn reveals(&self) -> impl Iterator<Item = (&Commitment, &Reveal)> {
        self.secrets.iter()
    }

    /// Every position opening known, in commitment order.
    pub fn position_openings(&self) -> impl Iterator<Item = (&Commitment, &PositionOpening)> {
        self.positions.iter()
    }
}
