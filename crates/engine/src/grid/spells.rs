//! Spells: an activated spell first gives every opponent a window to answer it, then
//! resolves (or is negated); a continuous spell stays on the board, any other goes to the
//! graveyard once it has resolved.

use crate::awaiting::TrapEvent;
use crate::card::{CardDef, CardKind, SpellKind, Trigger};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

impl Duel {
    pub(super) fn begin_spell(
        &mut self,
        seat: Seat,
        card: &CardDef,
        at: Option<Cell>,
        events: &mut Vec<Event>,
    ) {
        self.state.spell_negated = false;
        self.state.spell_spares = crate::seat::SeatSet::EMPTY;
        self.state.gains_reversed = crate::seat::SeatSet::EMPTY;
        let spell = QueuedEffect {
            card: card.id,
            index: 0,
            controller: seat,
            at: at.map(Place::Cell),
            triggering: None,
            opponent: None,
            discard_after: true,
            card_ref: None,
        };
        self.state.resume = Resume::SpellAfterWindow { spell };
        self.open_windows(
            seat,
            TrapEvent::Spell {
                at: at.map(Place::Cell),
            },
            events,
        );
    }

    pub(super) fn after_spell_window(&mut self, spell: QueuedEffect, events: &mut Vec<Event>) {
        let Some(card) = self.rules.pool.get(spell.card).cloned() else {
            return;
        };
        let at = spell.at.and_then(Place::cell);
        let stays = matches!(
            card.kind,
            CardKind::Spell {
                spell: SpellKind::Continuous
            }
        );
        if self.state.spell_negated {
            self.state.spell_negated = false;
            // A negated spell resolves nothing: a trap's answer to it ends here.
            self.state.spell_spares = crate::seat::SeatSet::EMPTY;
            self.state.gains_reversed = crate::seat::SeatSet::EMPTY;
            events.push(Event::SpellNegated { card: card.id });
            if let Some(at) = at {
                self.destroy(at, None, events);
            }
            return;
        }
        if card.ritual.is_some() {
            self.begin_ritual(spell);
            return;
        }
        let start = self.state.queue.len();
        self.queue_trigger(&card, Trigger::Activate, spell.controller, at, None, None);
        if !stays {
            match self.state.queue.get_mut(start..).and_then(|q| q.last_mut()) {
                Some(last) => last.discard_after = true,
                None => {
                    if let Some(at) = at {
                        self.destroy(at, Some(spell.controller), events);
                    }
                }
            }
        }
    }
}
