//! Monster Eye: "flips the last card played by an opponent face-up". The card is found by
//! its commitment wherever it now stands; one that left the field (even to come back), or
//! already shows its face, stays as it is.

use super::Resolved;
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn flip_last_played(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        // Only the player whose turn it is plays cards on the grid, so of the opponents' last
        // plays the one of the latest turn is the last of all.
        let last = self
            .state
            .table
            .seats()
            .filter(|s| *s != effect.controller && self.are_opponents(effect.controller, *s))
            .filter_map(|s| self.state.player(s).last_played)
            .max_by_key(|play| play.turn);
        let Some(last) = last else {
            return Resolved::Done;
        };
        let Some(cell) = self
            .state
            .pieces()
            // Still the card as it was played: one that left and came back by an effect
            // (a revival) entered the field again, in another turn, and was not played.
            .find(|(_, p)| {
                p.card_ref == last.card_ref
                    && p.entered_turn == last.turn
                    && !p.face_up
                    && !p.leader
            })
            .map(|(c, _)| c)
        else {
            return Resolved::Done;
        };
        self.turn_face_up_by_effect(cell, events);
        Resolved::Done
    }
}
