//! Battle position changes on the card game's field, as in the card game: once per turn,
//! in a Main Phase, for a face-up monster that was not summoned this turn, has not attacked
//! this turn, and is not under a Battle Lock. Where monsters may be Set, a Set monster is
//! Flip Summoned face-up in ATK Position instead, on a later turn; that is its position
//! change of the turn.

use crate::commitment::Reveal;
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
        } else if !piece.face_up && self.rules.format.field.set_monsters {
            "a Set monster is turned face-up by a Flip Summon"
        } else if !piece.face_up {
            "a Hidden monster is turned face-up by an effect, not by a position change"
        } else if piece.entered_turn == self.state.turn {
            "a monster keeps its position on the turn it was summoned"
        } else if piece.changed_position {
            return Some(RuleError::AlreadyChangedPosition { at });
        } else if piece.attacked {
            "a monster that attacked this turn keeps its position"
        } else if self.battle_locked(piece) {
            "a Battle Lock holds its position"
        } else if piece
            .card
            .and_then(|id| self.rules.pool.get(id))
            .and_then(|c| c.monster())
            .is_some_and(|m| m.extra_deck == Some(crate::card::ExtraDeckSummon::Link))
        {
            "a Link Monster has no DEF: it is always in ATK Position"
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

impl Duel {
    /// Why `seat` may not Flip Summon the monster at `at` now, if it may not.
    pub(super) fn flip_summon_refused(&self, seat: Seat, at: Place) -> Option<RuleError> {
        if !self.rules.format.field.set_monsters {
            return Some(RuleError::NotInThisFamily { action: "flip" });
        }
        self.face_down_flip_refused(
            seat,
            at,
            "only a face-down monster is Flip Summoned",
            "a monster Set this turn is Flip Summoned on a later turn",
        )
    }

    /// Why `seat` may not turn its face-down monster at `at` face-up by itself now, if it
    /// may not: the card game's rule for a face-down monster — not on the turn it came to
    /// the field, and as its one change of position in the turn. `not_face_down` and
    /// `first_turn` say why in the format's words.
    pub(super) fn face_down_flip_refused(
        &self,
        seat: Seat,
        at: Place,
        not_face_down: &'static str,
        first_turn: &'static str,
    ) -> Option<RuleError> {
        let piece = match self.own_zone_piece(seat, at) {
            Ok(piece) => piece,
            Err(e) => return Some(e),
        };
        let why = if piece.class != Class::Monster || piece.face_up {
            not_face_down
        } else if piece.entered_turn == self.state.turn {
            first_turn
        } else if piece.changed_position {
            return Some(RuleError::AlreadyChangedPosition { at });
        } else {
            return None;
        };
        Some(RuleError::CannotChangePosition { at, why })
    }

    /// Whether a Battle Lock holds `piece`'s position now: for its turns, or, held by a card
    /// that stays on the field, while that card is there.
    pub fn battle_locked(&self, piece: &crate::piece::Piece) -> bool {
        piece.locked_until >= self.state.turn
            && piece.locked_by.is_none_or(|source| {
                self.state
                    .cells
                    .iter()
                    .flatten()
                    .any(|p| p.card_ref == source)
            })
    }

    /// Why a face-down monster at `at` may not turn face-up in ATK (or, with `defence`, DEF)
    /// Position now: a Battle Lock "Its controller cannot change its battle position
    /// normally", so a locked monster turns face-up only in the position it holds.
    pub(super) fn locked_flip_refused(&self, at: Place, defence: bool) -> Option<RuleError> {
        let piece = self.zone_piece(at)?;
        (self.battle_locked(piece) && piece.defence != defence).then_some(
            RuleError::CannotChangePosition {
                at,
                why: "a Battle Lock holds its position: it turns face-up only in the position it holds",
            },
        )
    }

    /// Flip Summons `seat`'s Set monster at `at`, opened by `reveal`: face-up in ATK
    /// Position.
    pub(super) fn field_flip_summon(
        &mut self,
        seat: Seat,
        at: Place,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_main_phase(seat, "flip")?;
        if let Some(refused) = self
            .flip_summon_refused(seat, at)
            .or_else(|| self.locked_flip_refused(at, false))
        {
            return Err(refused);
        }
        self.flip_face_up_by_its_player(at, reveal, false, events)?;
        self.open_summon_windows(seat, at);
        Ok(())
    }

    /// Turns the face-down monster at `at` face-up in ATK or DEF Position, opened by its
    /// owner's `reveal`, as its position change of the turn; a FLIP effect follows.
    pub(super) fn flip_face_up_by_its_player(
        &mut self,
        at: Place,
        reveal: &Reveal,
        defence: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(piece) = self.zone_piece(at) else {
            return Err(RuleError::EmptyCell { at });
        };
        let (owner, commitment) = (piece.owner, self.state.commitment(piece.card_ref));
        self.check_reveal(owner, &commitment, reveal)?;
        self.learn(owner, commitment, reveal.card, events)?;
        if let Some(piece) = self.zone_piece_mut(at) {
            piece.face_up = true;
            piece.defence = defence;
            piece.changed_position = true;
        }
        events.push(Event::Flipped {
            at,
            card: reveal.card,
        });
        self.note_flip_effect(at);
        Ok(())
    }
}
