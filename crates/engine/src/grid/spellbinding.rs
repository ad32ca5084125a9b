//! Spellbinding: a spellbound monster cannot move, change position, attack or use its
//! effects. It is bound by counters (one comes off in each of its controller's end phases,
//! not the turn it was bound; see `end_of_turn.rs`) or held by a face-up card's continuous
//! spellbind for as long as that card stays face-up and free.

use crate::card::Primitive;
use crate::duel::Duel;
use crate::grid::Cell;
use crate::grid::filters::{in_area, needs_identity_of, piece_identity_matches};
use crate::piece::{Class, Piece};

impl Duel {
    /// Whether the monster at `cell` is spellbound: by counters, or held by a face-up card's
    /// continuous spellbind.
    pub fn is_spellbound(&self, cell: Cell) -> bool {
        self.state
            .piece(cell)
            .is_some_and(|p| self.spellbound(cell, p))
    }

    /// [`Duel::is_spellbound`] for `piece`, which is at `cell` or was just taken from it.
    pub(super) fn spellbound(&self, cell: Cell, piece: &Piece) -> bool {
        piece.is_bound() || self.held_by_continuous_bind(cell, piece)
    }

    /// Held by the continuous spellbind of a face-up, unbound card ("while this monster is
    /// face-up on the field: ... are spellbound"). Only counters switch a holder off, not
    /// another holder's spellbind, so holders never depend on one another (no card of the
    /// pool can hold a holder anyway).
    pub(super) fn held_by_continuous_bind(&self, cell: Cell, piece: &Piece) -> bool {
        if piece.class != Class::Monster || piece.leader || !self.rules.pool.may_be_held(piece.card)
        {
            return false;
        }
        let card = piece.card.and_then(|id| self.rules.pool.get(id));
        self.state.pieces().any(|(source_cell, source)| {
            source_cell != cell
                && source.face_up
                && !source.leader
                && !source.is_bound()
                && source
                    .card
                    .filter(|id| self.rules.pool.is_binder(*id))
                    .and_then(|id| self.rules.pool.get(id))
                    .is_some_and(|source_card| {
                        source_card
                            .effects
                            .iter()
                            .any(|effect| match &effect.primitive {
                                Primitive::Spellbind { targets, .. }
                                    if effect
                                        .trigger
                                        .lasts_while(source.face_up, source.defence) =>
                                {
                                    in_area(targets.area, source_cell, cell, None)
                                        && self.public_filter(
                                            &targets.filter,
                                            source.controller,
                                            None,
                                            piece,
                                        )
                                        && (!needs_identity_of(&targets.filter, piece)
                                            || card.is_some_and(|c| {
                                                piece_identity_matches(
                                                    &targets.filter,
                                                    c,
                                                    piece,
                                                    None,
                                                )
                                            }))
                                }
                                _ => false,
                            })
                    })
        })
    }
}
