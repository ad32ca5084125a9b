//! A monster grows by a fixed amount for each card of a kind that every peer can see: the
//! face-up cards on the field, or the cards in one or every graveyard.

use super::Resolved;
use super::modify_stats::saturating_i16;
use crate::card::{CountedIn, Duration, Filter};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::filters::{identity_matches, piece_identity_matches};
use crate::place::Place;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn gain_per_card(
        &mut self,
        effect: &QueuedEffect,
        atk: i16,
        counted: &Filter,
        counted_in: CountedIn,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(at) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let count = self.count_seen(effect, counted, counted_in);
        let gain = i32::from(atk).saturating_mul(count);
        let gain = saturating_i16(gain);
        if gain == 0 {
            return Resolved::Done;
        }
        self.add_stat_change(at, gain, gain, Duration::Permanent, events);
        Resolved::Done
    }

    /// How many cards passing `filter` every peer can see in `counted_in`.
    fn count_seen(&self, effect: &QueuedEffect, filter: &Filter, counted_in: CountedIn) -> i32 {
        let matches = |id| {
            self.rules
                .pool
                .get(id)
                .is_some_and(|card| identity_matches(filter, card, None))
        };
        let count = match counted_in {
            CountedIn::Field => self
                .state
                .pieces()
                .filter(|(_, p)| p.face_up && !p.leader)
                .filter(|(_, p)| self.public_filter(filter, effect.controller, None, p))
                .filter(|(_, p)| {
                    p.card
                        .and_then(|id| self.rules.pool.get(id))
                        .is_some_and(|card| piece_identity_matches(filter, card, p, None))
                })
                .count(),
            CountedIn::OwnGraveyard => self
                .state
                .player(effect.controller)
                .graveyard
                .iter()
                .filter(|slot| slot.card.is_some_and(matches))
                .count(),
            CountedIn::Graveyards => self
                .state
                .table
                .seats()
                .flat_map(|seat| self.state.player(seat).graveyard.iter())
                .filter(|slot| slot.card.is_some_and(matches))
                .count(),
        };
        i32::try_from(count).unwrap_or(i32::MAX)
    }
}
