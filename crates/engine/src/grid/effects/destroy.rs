//! Destroy cards. Cards whose identity the effect needs but the public does not know are
//! not destroyed blindly: each owner declares which of theirs match (see `reveals.rs`).

use super::Resolved;
use crate::card::{Pick, Targets};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::filters::{filter_needs_identity, needs_identity_of};
use crate::piece::Piece;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

impl Duel {
    /// Kairu's Ritual Monsters: "unable to be destroyed or removed from the field by card
    /// effects".
    pub(crate) fn immune_to_destruction(&self, piece: &Piece) -> bool {
        self.rules.format.play.ritual_monsters_immune
            && piece
                .card
                .and_then(|id| self.rules.pool.get(id))
                .and_then(|c| c.monster())
                .is_some_and(|m| m.ritual)
    }

    /// The players whose cards a spell's destruction spares, a trap having shielded them
    /// (White Hole); nobody for any other effect.
    fn spared_by_trap(&self, effect: &QueuedEffect) -> crate::seat::SeatSet {
        let spell = self.rules.pool.get(effect.card).is_some_and(|card| {
            card.is_spell()
                && self
                    .effect_def(effect)
                    .is_some_and(|def| def.trigger == crate::card::Trigger::Activate)
        });
        if spell {
            self.state.spell_spares
        } else {
            crate::seat::SeatSet::EMPTY
        }
    }

    pub(super) fn destroy_targets(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let controller = effect.controller;
        let needs_identity = filter_needs_identity(&targets.filter) || targets.pick != Pick::All;
        let mut hidden: Vec<(Seat, Place)> = Vec::new();
        let mut known = Vec::new();
        let spared = self.spared_by_trap(effect);
        for cell in self.candidates(targets.area, effect) {
            let Some(piece) = self.state.piece(cell) else {
                continue;
            };
            if spared.contains(piece.controller) {
                continue;
            }
            if piece.card.is_none() && (needs_identity || needs_identity_of(&targets.filter, piece))
            {
                if self.public_filter(&targets.filter, controller, None, piece)
                    && targets.pick == Pick::All
                {
                    hidden.push((piece.owner, cell.into()));
                }
            } else {
                known.push(cell);
            }
        }
        let chosen = self.select(targets, effect, true);
        for cell in chosen {
            if self
                .state
                .piece(cell)
                .is_some_and(|p| spared.contains(p.controller))
            {
                continue;
            }
            // Immunity needs the card, so an immune monster is never among the hidden ones.
            if self
                .state
                .piece(cell)
                .is_some_and(|p| self.immune_to_destruction(p))
            {
                continue;
            }
            if known.contains(&cell) || !needs_identity {
                self.destroy(cell, Some(controller), events);
            }
        }
        if !hidden.is_empty() {
            self.state.declarations = self.owners_in_turn(controller, &hidden);
            // What was under way (an attack waiting for this flip effect) goes on after.
            self.state.resume.hold_up(|then| Resume::EffectDeclared {
                effect: effect.clone(),
                then,
            });
        }
        Resolved::Done
    }
}
