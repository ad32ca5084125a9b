//! Turn face-down cards face-up; a hidden one is revealed by its owner.

use super::Resolved;
use crate::card::{CardId, Targets, Trigger};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::grid::filters::needs_identity_of;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

impl Duel {
    /// The card at `cell`, known to be `card`, was just turned face-up by an effect: it is
    /// flipped, and a monster's flip effect activates ("Flip effects are activated WHENEVER
    /// the monster is flipped face up") unless it is spellbound.
    pub(crate) fn flipped_by_effect(&mut self, cell: Cell, card: CardId, events: &mut Vec<Event>) {
        events.push(Event::Flipped {
            at: cell.into(),
            card,
        });
        let Some(controller) = self.state.piece(cell).map(|p| p.controller) else {
            return;
        };
        if let Some(def) = self
            .rules
            .pool
            .get(card)
            .filter(|c| c.is_monster())
            .cloned()
            && !self.is_spellbound(cell)
        {
            self.queue_trigger(&def, Trigger::Flip, controller, Some(cell), None, None);
        }
    }

    /// The face-down card at `cell` turns face-up by an effect: a known card is flipped at
    /// once, a hidden one waits for its owner to reveal it.
    pub(super) fn turn_face_up_by_effect(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let Some(piece) = self.state.piece_mut(cell).filter(|p| !p.face_up) else {
            return;
        };
        piece.face_up = true;
        let (owner, card_ref, card) = (piece.owner, piece.card_ref, piece.card);
        match card {
            Some(id) => self.flipped_by_effect(cell, id, events),
            None => {
                let due = (owner, self.state.commitment(card_ref));
                if !self.state.reveal_due.contains(&due) {
                    self.state.reveal_due.push(due);
                }
            }
        }
    }

    pub(super) fn flip_face_up(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        // A face-down card the effect reaches only by what it is (a spell, not a trap) is
        // declared by its owner, as for destruction (`reveals.rs`).
        let hidden: Vec<(Seat, Place)> = self
            .candidates(targets.area, effect)
            .into_iter()
            .filter_map(|cell| {
                let piece = self.state.piece(cell)?;
                (targets.pick == crate::card::Pick::All
                    && piece.card.is_none()
                    && !piece.face_up
                    && needs_identity_of(&targets.filter, piece)
                    && self.public_filter(&targets.filter, effect.controller, None, piece))
                .then_some((piece.owner, cell.into()))
            })
            .collect();
        // Face-down cards are what this effect is for: they join without their identity.
        for cell in self.select(targets, effect, true) {
            self.turn_face_up_by_effect(cell, events);
        }
        if !hidden.is_empty() {
            self.state.declarations = self.owners_in_turn(effect.controller, &hidden);
            // What was under way (an attack waiting for this flip effect) goes on after.
            self.state.resume.hold_up(|then| Resume::EffectDeclared {
                effect: effect.clone(),
                then,
            });
        }
        Resolved::Done
    }
}
