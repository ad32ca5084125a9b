//! Activated effects of a card database's cards on the grid (DOR Classic, Alternate and
//! Modern played with the player's own cards): "other monsters' effects are the players' to
//! agree on". The database prints facts, not effects, so which effects a card has and when
//! they may be used is its text, which FairDuel never keeps. A face-up card that could carry
//! one — an Effect Monster, a Pendulum Monster in its Pendulum Zone (its Pendulum Effect), a
//! face-up Continuous Spell or Trap — may activate an effect in its controller's Main Phase,
//! once per turn per card; it resolves by agreement, and the others refuse what the text
//! does not allow. The Deck Leader's effects are negated (Classic rule 1), and a spellbound
//! card uses none.
//!
//! The original game's cards (the DOR pool) carry their own definitions, and the table
//! gives none of them an effect used at will, so they are never offered this.

use crate::action::Action;
use crate::card::CardDef;
use crate::domain::CardTypes;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;

/// Whether `card`, face-up on the grid as `piece`, could carry an effect used at will.
fn could_carry_an_activated_effect(card: &CardDef, piece: &Piece) -> bool {
    let Some(database) = card.database.as_ref() else {
        return false;
    };
    let types = CardTypes(database.types);
    match piece.class {
        Class::Monster => types.0 & CardTypes::EFFECT != 0,
        // A Pendulum Monster activated in its Pendulum Zone lies there as a spell.
        Class::SpellTrap => card.pendulum_scale().is_some() || types.0 & CardTypes::CONTINUOUS != 0,
        Class::Unknown => false,
    }
}

impl Duel {
    /// Why `seat` may not activate an effect of the card at `at` now, if it may not.
    fn grid_effect_activation_refused(&self, seat: Seat, at: Cell) -> Option<RuleError> {
        if let Err(e) = self.expect_main(seat, "activate-effect") {
            return Some(e);
        }
        let piece = match self.own_piece(seat, at) {
            Ok(piece) => piece,
            Err(e) => return Some(e),
        };
        let card = piece.card.and_then(|id| self.rules.pool.get(id));
        let why = if !piece.face_up {
            "only a face-up card's effect is activated this way"
        } else if piece.leader {
            "the Deck Leader's effects are negated"
        } else if !card.is_some_and(|c| could_carry_an_activated_effect(c, piece)) {
            "only a card database's Effect Monster, Pendulum Monster in its Pendulum Zone or \
             Continuous Spell or Trap has an effect activated this way (the original game's \
             cards use theirs when their definitions say)"
        } else if self.spellbound(at, piece) {
            return Some(RuleError::Spellbound { at: at.into() });
        } else if piece.activated {
            "a card's effect is activated once per turn"
        } else {
            return None;
        };
        Some(RuleError::CannotActivate { at: at.into(), why })
    }

    /// `seat` activates an effect of its face-up card at `at`: the players agree on what
    /// it does.
    pub(super) fn do_activate_grid_effect(
        &mut self,
        seat: Seat,
        at: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let cell = at.cell().ok_or(RuleError::EmptyCell { at })?;
        if let Some(refused) = self.grid_effect_activation_refused(seat, cell) {
            return Err(refused);
        }
        let piece = self
            .state
            .piece_mut(cell)
            .ok_or(RuleError::EmptyCell { at })?;
        piece.activated = true;
        let card_ref = piece.card_ref;
        let card = piece.card.ok_or(RuleError::EmptyCell { at })?;
        events.push(Event::Activated { seat, at, card });
        self.begin_agreement(seat, card, card_ref, at);
        Ok(())
    }

    /// The effects `seat` may activate now, one per face-up card of a card database.
    pub(super) fn grid_activatable_effects(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.state.awaiting.is_main_of(seat) {
            return;
        }
        for (cell, piece) in self.state.pieces() {
            if piece.controller == seat
                && piece.face_up
                && self.grid_effect_activation_refused(seat, cell).is_none()
            {
                out.push(Action::ActivateEffect { at: cell.into() });
            }
        }
    }
}
