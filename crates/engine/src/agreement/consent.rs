//! Who must accept an agreed outcome: with `Consent::Touched`, only the other players
//! whose cards, life points, hands, decks or place in the duel it touches.

use super::{Destination, Operation};
use crate::duel::Duel;
use crate::place::Place;
use crate::seat::SeatSet;

impl Duel {
    /// The seats other than the controller an outcome touches: owners and controllers of
    /// cards it moves or changes, and players whose life points, hands or decks change.
    pub(super) fn seats_touched(&self, operations: &[Operation]) -> SeatSet {
        let mut touched = SeatSet::EMPTY;
        let add_place = |touched: &mut SeatSet, place: Place| {
            if let Some(side) = place.side() {
                *touched = touched.with(side);
            }
            if let Some(piece) = self.piece_at(place) {
                *touched = touched.with(piece.owner).with(piece.controller);
            }
        };
        for operation in operations {
            if let Some(at) = operation.card_place() {
                add_place(&mut touched, at);
            }
            if let Operation::ExtraDeckSummon { materials, .. } = operation {
                for at in materials {
                    add_place(&mut touched, *at);
                }
            }
            match operation {
                Operation::Move {
                    to: Destination::Field { at, .. } | Destination::HiddenField { at, .. },
                    ..
                }
                | Operation::FromExtraDeck {
                    to: Destination::Field { at, .. },
                    ..
                }
                | Operation::ExtraDeckSummon { to: at, .. }
                | Operation::Terrain { at, .. } => add_place(&mut touched, *at),
                Operation::LifePoints { seat, .. }
                | Operation::Draw { seat, .. }
                | Operation::Mill { seat, .. }
                | Operation::Search { seat }
                | Operation::Shuffle { seat }
                | Operation::LoseDuel { seat } => {
                    touched = touched.with(*seat);
                }
                // Everyone else in the duel loses.
                Operation::WinDuel { .. } => {
                    for seat in self.state.table.seats() {
                        touched = touched.with(seat);
                    }
                }
                _ => {}
            }
        }
        touched
    }
}
