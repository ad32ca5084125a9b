//! A monster that grows stronger when its controller's Deck Leader is of a kind (the
//! original game's "if the leader is a Mysterious Puppeteer", "if an INSECT monster is
//! Leader").

use super::Resolved;
use crate::card::Duration;
use crate::card::Filter;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::filters::identity_matches;
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn leader_boost(
        &mut self,
        effect: &QueuedEffect,
        leader: &Filter,
        atk: i16,
        def: i16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(cell) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let leader_cell = self.state.player(effect.controller).leader;
        // A Deck Leader is always face-up and known to everyone.
        let leader_passes = self
            .state
            .piece(leader_cell)
            .filter(|p| p.leader)
            .and_then(|p| p.card)
            .and_then(|id| self.rules.pool.get(id))
            .is_some_and(|card| identity_matches(leader, card, None));
        let still_here = self
            .state
            .piece(cell)
            .is_some_and(|p| p.card == Some(effect.card) && p.face_up);
        if !leader_passes || !still_here {
            return Resolved::Done;
        }
        self.add_stat_change(cell, atk, def, Duration::Permanent, events);
        Resolved::Done
    }
}
