//! Kingdom Duels' Persist: "Spell and Trap cards can have the auxiliary 'Persist' type that
//! indicates that the card remains a certain amount of time in the field after its
//! activation (how long it stays on the field is specified in parentheses alongside the
//! Persist type)."
//!
//! The card facts print the type without the time: the players' definitions give it
//! (`persist_turns`). Reading (docs/RULES.md): the time counts turns of the duel, whoever's
//! they are, the turn of the activation being the first; the card goes to the graveyard as
//! the last of them ends. A Persist card whose time nobody defined stays until an agreed
//! outcome takes it away, as before.

use crate::duel::Duel;
use crate::event::Event;
use crate::place::Place;

impl Duel {
    /// The card at `at` (`card_ref`) stays on the field after its activation resolved: if
    /// it Persists for a defined time, that time starts now. A card already counting down
    /// keeps its time (only its activation starts it).
    pub(crate) fn start_persisting(&mut self, at: Place) {
        let Some(turns) = self
            .zone_piece(at)
            .and_then(|p| p.card)
            .and_then(|id| self.rules.pool.get(id))
            .and_then(|c| c.kingdom())
            .and_then(|k| k.persist_turns)
        else {
            return;
        };
        let until = self
            .state
            .turn
            .saturating_add(u16::from(turns))
            .saturating_sub(1);
        if let Some(piece) = self.zone_piece_mut(at)
            && piece.persist_until == 0
        {
            piece.persist_until = until.max(1);
        }
    }

    /// As a turn ends: every card whose Persist time ends with it goes to the graveyard.
    pub(super) fn end_persist_times(&mut self, events: &mut Vec<Event>) {
        let field = *self.field();
        let turn = self.state.turn;
        let ending: Vec<Place> = (0..field.slot_count())
            .filter_map(|index| field.place_at(index))
            .filter(|place| {
                self.zone_piece(*place)
                    .is_some_and(|p| p.persist_until != 0 && p.persist_until <= turn)
            })
            .collect();
        for at in ending {
            if let Some(card) = self.zone_piece(at).and_then(|p| p.card) {
                events.push(Event::PersistEnded { at, card });
            }
            self.resolved_to_graveyard(at, events);
        }
    }
}
