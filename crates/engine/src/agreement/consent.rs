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
        self.seats_reached(operations, true)
    }

    /// The seats an outcome affects: owners and controllers of cards it moves or changes,
    /// the players whose zones cards go to, and players whose life points, hands, decks or
    /// place in the duel change — without the judges `seats_touched` adds (the facing player
    /// of a shared Extra Monster Zone, everyone for a card game's Extra Deck summon).
    pub(crate) fn seats_affected(&self, operations: &[Operation]) -> SeatSet {
        self.seats_reached(operations, false)
    }

    fn seats_reached(&self, operations: &[Operation], with_judges: bool) -> SeatSet {
        let mut touched = SeatSet::EMPTY;
        let add_place = |touched: &mut SeatSet, place: Place| {
            if let Place::Zone {
                side,
                zone: crate::place::Zone::ExtraMonster,
                ..
            } = place
            {
                // Both players of the facing pair share the zone: each judges what enters
                // it, but only the card's owner and controller are affected by it.
                if with_judges {
                    *touched = touched.with(side);
                    if let Some(facing) = self.field().facing(side) {
                        *touched = touched.with(facing);
                    }
                }
            } else if let Some(side) = place.side() {
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
            if let Operation::ExtraDeckSummon {
                materials, reveal, ..
            } = operation
            {
                for at in materials {
                    add_place(&mut touched, *at);
                }
                // What a card game's Fusion, Synchro, Xyz or Link Monster asks of its
                // materials beyond its mechanic is its text: every other player judges it.
                if with_judges
                    && self.summon_method(reveal.card).is_some_and(|m| {
                        m.is_declared_by_the_card_game()
                            || m == super::extra_deck_summon::SummonMethod::CardGameFusion
                    })
                {
                    for seat in self.state.table.seats() {
                        touched = touched.with(seat);
                    }
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
                | Operation::Token { to: at, .. }
                | Operation::Attach { to: at, .. }
                | Operation::Terrain { at, .. } => add_place(&mut touched, *at),
                Operation::Control { seat, to, .. } => {
                    touched = touched.with(*seat);
                    add_place(&mut touched, *to);
                }
                Operation::LifePoints { seat, .. }
                | Operation::Draw { seat, .. }
                | Operation::Mill { seat, .. }
                | Operation::Search { seat }
                | Operation::Shuffle { seat }
                | Operation::LoseDuel { seat } => {
                    touched = touched.with(*seat);
                }
                // Everyone else in the duel loses; "each player" touches everyone.
                Operation::WinDuel { .. } | Operation::EachPlayer { .. } => {
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
