//! Rigras Leever: "When this card is flipped face-up, all players must discard their
//! current hand to their respective Graveyards." Each hidden card is opened by its owner
//! there.

use super::Resolved;
use crate::agreement::Destination;
use crate::duel::Duel;
use crate::event::Event;
use crate::place::{Place, Zone};

impl Duel {
    pub(super) fn discard_hands(&mut self, events: &mut Vec<Event>) -> Resolved {
        let table = self.state.table;
        for seat in table.seats().filter(|s| table.in_play(*s)) {
            let hand = std::mem::take(&mut self.state.player_mut(seat).hand);
            for (index, slot) in hand.into_iter().enumerate() {
                events.push(Event::CardMoved {
                    from: Place::slot_of(seat, Zone::Hand, index),
                    to: Destination::Graveyard,
                    card: slot.card,
                });
                self.send_to_graveyard(seat, slot.card_ref, slot.card);
            }
        }
        Resolved::Done
    }
}
