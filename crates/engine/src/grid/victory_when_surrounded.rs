//! Exodia the Forbidden One's victory: "As Leader, summon the four limbs from your own deck
//! to adjacent Summoning Areas, and enter your next turn face-up without being spellbound
//! and victory is yours." At the start of a player's turn, a face-up, free monster of theirs
//! with [`Primitive::VictoryWhenSurrounded`] whose limbs all stand face-up and free next to
//! it, each their own card under their control, wins them the duel (docs/RULES.md, "Agreed
//! effects on the grid" and Exodia).

use crate::card::{CardId, Primitive, Trigger};
use crate::duel::Duel;
use crate::grid::Cell;
use crate::seat::Seat;

impl Duel {
    /// Whether `seat` starts its turn with a Forbidden One unleashed.
    pub(super) fn forbidden_one_unleashed(&self, seat: Seat) -> bool {
        self.state.pieces().any(|(cell, piece)| {
            piece.controller == seat
                && piece.face_up
                && !self.spellbound(cell, piece)
                && piece
                    .card
                    .and_then(|id| self.rules.pool.get(id))
                    .is_some_and(|card| {
                        card.effects.iter().any(|effect| match &effect.primitive {
                            Primitive::VictoryWhenSurrounded { limbs }
                                if effect.trigger == Trigger::Continuous =>
                            {
                                self.surrounded_by(cell, seat, limbs)
                            }
                            _ => false,
                        })
                    })
        })
    }

    /// Every one of `limbs` stands on its own cell next to `centre`, face-up, free, owned
    /// and controlled by `seat` ("from your own deck").
    fn surrounded_by(&self, centre: Cell, seat: Seat, limbs: &[CardId]) -> bool {
        let mut standing: Vec<CardId> = self
            .grid()
            .neighbours(centre)
            .filter_map(|cell| {
                let piece = self.state.piece(cell)?;
                let free = piece.face_up
                    && !piece.leader
                    && piece.owner == seat
                    && piece.controller == seat
                    && !self.spellbound(cell, piece);
                piece.card.filter(|_| free)
            })
            .collect();
        limbs
            .iter()
            .all(|limb| match standing.iter().position(|c| c == limb) {
                Some(i) => {
                    standing.swap_remove(i);
                    true
                }
                None => false,
            })
    }
}
