//! Souleater: "When this card enters a turn face-up and in the defense position, all
//! MONSTER cards are removed from the respective Graveyards, and the number of these removed
//! cards are multiplied by 200 points. The result is added to the power of this card."

use super::Resolved;
use crate::agreement::Destination;
use crate::card::Duration;
use crate::duel::Duel;
use crate::event::Event;
use crate::place::{Place, Zone};
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn feed_on_graveyards(
        &mut self,
        effect: &QueuedEffect,
        per: i16,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(at) = effect.at.and_then(Place::cell) else {
            return Resolved::Done;
        };
        let table = self.state.table;
        let mut removed: i16 = 0;
        for seat in table.seats() {
            let graveyard = std::mem::take(&mut self.state.player_mut(seat).graveyard);
            let mut kept = Vec::with_capacity(graveyard.len());
            for (index, slot) in graveyard.into_iter().enumerate() {
                // A graveyard card still unopened is not known to be a monster: it stays.
                let is_monster = slot
                    .card
                    .and_then(|id| self.rules.pool.get(id))
                    .is_some_and(|c| c.is_monster());
                if !is_monster {
                    kept.push(slot);
                    continue;
                }
                removed = removed.saturating_add(1);
                events.push(Event::CardMoved {
                    from: Place::slot_of(seat, Zone::Graveyard, index),
                    to: Destination::Banished,
                    card: slot.card,
                });
                self.state.player_mut(seat).banished.push(slot);
            }
            self.state.player_mut(seat).graveyard = kept;
        }
        let gain = removed.saturating_mul(per);
        let still_here = self
            .state
            .piece(at)
            .is_some_and(|p| p.card == Some(effect.card) && p.face_up);
        if gain != 0 && still_here {
            self.add_stat_change(at, gain, gain, Duration::Permanent, events);
        }
        Resolved::Done
    }
}
