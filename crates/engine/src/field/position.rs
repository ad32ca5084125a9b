//! Battle position changes on the card game's field, as in the card game: once per turn,
//! in a Main Phase, for a face-up monster that was not summoned this turn, has not attacked
//! this turn, and is not under a Battle Lock.

use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::Phase;

impl Duel {
    /// Why the monster at `at` cannot change position now, if it cannot.
    pub(super) fn position_change_refused(&self, seat: Seat, at: Place) -> Option<RuleError> {
        let piece = match self.own_zone_piece(seat, at) {
            Ok(piece) => piece,
            Err(e) => return Some(e),
        };
        let why = if piece.class != Class::Monster {
            "only monsters have a battle position"
        } else if !piece.face_up {
            "a Hidden monster is turned face-up by an effect, not by a position change"
        } else if piece.entered_turn == self.state.turn {
            "a monster keeps its position on the turn it was summoned"
        } else if piece.changed_position {
            return Some(RuleError::AlreadyChangedPosition { at });
        } else if piece.attacked {
            "a monster that attacked this turn keeps its position"
        } else if piece.locked_until >= self.state.turn {
            "a Battle Lock holds its position"
        } else {
            return None;
        };
        Some(RuleError::CannotChangePosition { at, why })
    }

    pub(super) fn field_change_position(
        &mut self,
        seat: Seat,
        at: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let phase = self.expect_turn_decision(seat, "change-position")?;
        if !matches!(phase, Phase::Main | Phase::SecondMain) {
            return Err(RuleError::WrongPhase {
                action: "change-position",
                phase: phase.label(),
            });
        }
        if let Some(refused) = self.position_change_refused(seat, at) {
            return Err(refused);
        }
        let Some(piece) = self.zone_piece_mut(at) else {
            return Err(RuleError::EmptyCell { at });
        };
        piece.defence = !piece.defence;
        piece.changed_position = true;
        let defence = piece.defence;
        events.push(Event::PositionChanged { at, defence });
        Ok(())
    }
}
