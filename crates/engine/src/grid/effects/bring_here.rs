//! Move a card onto the cell where this spell was activated (Shift: "Your monster with the
//! highest ATK on the Field is transported to the space where this card is activated").
//! The spell leaves the cell first; the moved card keeps everything else about it.
//! Dimensionhole brings its controller's Deck Leader the same way ("Transports your Leader
//! to the space where this card is activated").

use super::Resolved;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn bring_here(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(here) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let Some(from) = self
            .select(targets, effect, false)
            .into_iter()
            .find(|cell| *cell != here)
        else {
            return Resolved::Done;
        };
        self.finish_spell(effect, events);
        if self.state.piece(here).is_some() {
            return Resolved::Done;
        }
        if let Some(piece) = self.state.take(from) {
            self.state.put(here, piece);
            events.push(Event::Moved {
                from: from.into(),
                to: here.into(),
            });
            self.crush_check(here, events);
        }
        Resolved::Done
    }

    /// Dimensionhole: the controller's Deck Leader moves onto the spell's cell, wherever it
    /// stands, spellbound or not.
    pub(super) fn bring_leader_here(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(here) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let seat = effect.controller;
        let from = self.state.player(seat).leader;
        if from == here || !self.state.piece(from).is_some_and(|p| p.leader) {
            return Resolved::Done;
        }
        self.finish_spell(effect, events);
        if self.state.piece(here).is_some() {
            return Resolved::Done;
        }
        if let Some(leader) = self.state.take(from) {
            self.state.put(here, leader);
            self.state.player_mut(seat).leader = here;
            events.push(Event::Moved {
                from: from.into(),
                to: here.into(),
            });
            self.crush_check(here, events);
        }
        Resolved::Done
    }
}
