//! A card's position: switching between attack and defence, and flipping a face-down card
//! face-up (a flip summon for a monster, activation for a spell). Either uses the card's
//! one move of the turn.

use crate::card::{CardKind, SpellKind, Trigger};
use crate::commitment::Reveal;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::{Cell, RevealCheck, cell_of};
use crate::knowledge::Knowledge;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;

impl Duel {
    /// `knowledge`, where given, is the player's: a class-hidden card (the bluff) changes
    /// position as a monster, which its player must know it is.
    pub(super) fn check_change_position(
        &self,
        seat: Seat,
        at: Cell,
        knowledge: Option<&Knowledge>,
    ) -> Result<(), RuleError> {
        self.expect_main(seat, "change-position")?;
        let piece = self.own_piece(seat, at)?;
        let place = at.into();
        let why = if !self.may_act_as(piece, Class::Monster, knowledge) || piece.leader {
            Some("only monsters other than the Deck Leader change position")
        } else if piece.entered_turn == self.state.turn
            && !self.rules.format.movement.change_position_on_entry
        {
            Some("it entered the field this turn")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(RuleError::CannotChangePosition { at: place, why });
        }
        if self.spellbound(at, piece) {
            return Err(RuleError::Spellbound { at: place });
        }
        if piece.changed_position {
            return Err(RuleError::AlreadyChangedPosition { at: place });
        }
        if piece.moved {
            return Err(RuleError::AlreadyMoved { at: place });
        }
        if piece.attacked {
            return Err(RuleError::AlreadyAttacked { at: place });
        }
        Ok(())
    }

    pub(super) fn do_change_position(
        &mut self,
        seat: Seat,
        at: Place,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let cell = cell_of(at)?;
        self.check_change_position(seat, cell, knowledge)?;
        // Only a monster has a battle position: a class-hidden card shows it is one.
        self.show_class(cell, Class::Monster, events)?;
        if let Some(piece) = self.state.piece_mut(cell) {
            piece.defence = !piece.defence;
            piece.changed_position = true;
            events.push(Event::PositionChanged {
                at,
                defence: piece.defence,
            });
        }
        Ok(())
    }

    /// Kairu: "If a Spell card is flipped face up (Not by you activating it): it is not
    /// activated at this time. It cannot move or be flipped back facedown, however you can
    /// still activate it when you like". A face-up spell on the board that is neither
    /// continuous nor an equip was turned face-up without its activation (an activated one
    /// has resolved and left).
    pub(super) fn face_up_spell_not_activated(&self, at: Cell) -> bool {
        self.kairu()
            && self.state.piece(at).is_some_and(|p| p.face_up && !p.leader)
            && self.public_card(at).is_some_and(|c| {
                matches!(
                    c.spell_kind(),
                    Some(SpellKind::Normal | SpellKind::Field | SpellKind::Ritual)
                )
            })
    }

    pub(super) fn check_flip(
        &self,
        seat: Seat,
        at: Cell,
        reveal: &Reveal,
        reveal_check: RevealCheck,
    ) -> Result<(), RuleError> {
        self.expect_main(seat, "flip")?;
        let piece = self.own_piece(seat, at)?;
        let place = at.into();
        if piece.face_up && !self.face_up_spell_not_activated(at) {
            return Err(RuleError::CannotFlip {
                at: place,
                why: "it is already face-up",
            });
        }
        if self.spellbound(at, piece) {
            return Err(RuleError::Spellbound { at: place });
        }
        // A set spell may still be activated after it moved this turn. Classic rule 8 stops
        // a moved card changing its battle position, which a spell does not have; Kairu:
        // "you can set it face-down and move it around … and activate it … from a new
        // position".
        let moved_spell_may_flip = piece.may_be(Class::SpellTrap);
        if piece.changed_position || (piece.moved && !moved_spell_may_flip) || piece.attacked {
            return Err(RuleError::CannotFlip {
                at: place,
                why: "it has already acted this turn",
            });
        }
        let card = self.check_piece_reveal(reveal_check, piece, reveal)?;
        // A class-hidden card that moved may flip only if it is a spell.
        if piece.class == Class::Unknown && piece.moved && card.is_monster() {
            return Err(RuleError::CannotFlip {
                at: place,
                why: "it has already acted this turn",
            });
        }
        match card.kind {
            CardKind::Trap { .. } => Err(RuleError::CannotFlip {
                at: place,
                why: "traps spring only in answer to an enemy action",
            }),
            CardKind::Spell {
                spell: SpellKind::Equip,
            } => Err(RuleError::CannotFlip {
                at: place,
                why: "a set equip spell is moved onto a monster to equip it",
            }),
            _ => Ok(()),
        }
    }

    pub(super) fn do_flip(
        &mut self,
        seat: Seat,
        at: Place,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let cell = cell_of(at)?;
        self.check_flip(seat, cell, reveal, RevealCheck::Needed)?;
        let card = self.rules.card(reveal.card)?.clone();
        self.reveal_piece(cell, reveal.card, events)?;
        let flip_summon = card.is_monster() && self.rules.format.movement.flip_is_a_summon;
        let turn = self.state.turn;
        if let Some(piece) = self.state.piece_mut(cell) {
            piece.face_up = true;
            // Turned face-up by its controller's own choice: a monster's turns in defence
            // count.
            piece.turns_in_defence = card.is_monster().then_some(0);
            if flip_summon {
                // Summoned this turn (Classic rule 7: "including Flip Summon"): it may change
                // its battle position once more, but it has changed it, so it does not move
                // (rule 8).
                piece.entered_turn = turn;
                piece.flip_summoned = true;
            } else {
                piece.changed_position = true;
            }
        }
        events.push(Event::Flipped { at, card: card.id });
        if card.is_monster() {
            self.queue_trigger(&card, Trigger::Flip, seat, Some(cell), None, None);
        } else {
            self.begin_spell(seat, &card, Some(cell), events);
        }
        Ok(())
    }
}
