//! Teammates see each other's face-down cards on the field (Kingdom Duels' Tag and Boss
//! Duels: "Teammates can reveal some secret information between them in the shared areas
//! (face-down cards) but not in the private areas (like hand and extra deck cards)").
//!
//! The public state never learns such a card: its owner shows it to each teammate alone,
//! as a signed opening of its commitment that only that teammate receives (the protocol's
//! disclosure). This file says which showings the rules allow at a given moment, so that
//! the owner knows what to show, the teammate what to accept and the audit what to check.

use crate::commitment::Commitment;
use crate::duel::Duel;
use crate::seat::Seat;

/// Why the rules do not let a card be shown to a seat now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DisclosureRefused {
    #[error(
        "this format does not let teammates see each other's face-down cards (its table's teammates_see_face_down is off)"
    )]
    NotInThisFormat,
    #[error("{to} is not a teammate of {owner} still in the duel")]
    NotATeammate { owner: Seat, to: Seat },
    #[error(
        "the card is not one of {owner}'s face-down cards on the field: only those may be shown to a teammate, never a card of the hand or the Extra Deck"
    )]
    NotFaceDownOnField { owner: Seat },
}

impl Duel {
    /// The teammates still in the duel to whom `owner` shows its face-down cards on the
    /// field: none where the format does not say teammates see them.
    pub fn teammates_shown_face_down(&self, owner: Seat) -> Vec<Seat> {
        if !self.rules.format.table.teammates_see_face_down {
            return Vec::new();
        }
        let table = &self.state.table;
        table
            .team(owner)
            .iter()
            .filter(|s| *s != owner && table.in_play(*s))
            .collect()
    }

    /// The commitments of `owner`'s cards lying face-down on the field and unknown to the
    /// public, in board order.
    pub fn face_down_on_field(&self, owner: Seat) -> Vec<Commitment> {
        self.state
            .cells
            .iter()
            .flatten()
            .filter(|piece| piece.owner == owner && piece.card.is_none())
            .map(|piece| self.state.commitment(piece.card_ref))
            .collect()
    }

    /// Whether the rules let `owner` show `to` the card behind `commitment` now: `Ok` for
    /// one of its face-down cards on the field, shown to a teammate, where the format says
    /// teammates see them.
    pub fn check_disclosure(
        &self,
        owner: Seat,
        to: Seat,
        commitment: &Commitment,
    ) -> Result<(), DisclosureRefused> {
        if !self.rules.format.table.teammates_see_face_down {
            return Err(DisclosureRefused::NotInThisFormat);
        }
        if !self.teammates_shown_face_down(owner).contains(&to) {
            return Err(DisclosureRefused::NotATeammate { owner, to });
        }
        if !self.face_down_on_field(owner).contains(commitment) {
            return Err(DisclosureRefused::NotFaceDownOnField { owner });
        }
        Ok(())
    }
}
