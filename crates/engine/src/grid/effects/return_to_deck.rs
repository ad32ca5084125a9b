//! Cards sent back into their owners' decks, which are then shuffled (Hane-Hane, Wall of
//! Illusion; The Wicked Worm Beast, destroyed, from the graveyard). A Deck Leader never
//! leaves the board, nor a monster immune to removal by effects; what was equipped to a
//! monster goes to its owner's graveyard.

use super::Resolved;
use crate::agreement::Destination;
use crate::card::{Area, Targets, Trigger};
use crate::duel::Duel;
use crate::event::Event;
use crate::place::{Place, Zone};
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn return_to_deck(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let destroyed = self
            .effect_def(effect)
            .is_some_and(|d| d.trigger == Trigger::Destroyed);
        if destroyed && targets.area == Area::This {
            self.return_destroyed_to_deck(effect, events);
            return Resolved::Done;
        }
        for cell in self.select(targets, effect, false) {
            let Some(piece) = self.state.piece(cell) else {
                continue;
            };
            if piece.leader
                || self.immune_to_destruction(piece)
                || !self.reshuffle_fits(piece.owner, 1)
            {
                continue;
            }
            let Some(mut piece) = self.state.take(cell) else {
                continue;
            };
            for equip in std::mem::take(&mut piece.attached) {
                self.state
                    .player_mut(equip.owner)
                    .graveyard
                    .push(equip.to_graveyard());
            }
            self.state.player_mut(piece.owner).deck.push(piece.card_ref);
            events.push(Event::CardMoved {
                from: cell.into(),
                to: Destination::Deck,
                card: piece.card,
            });
            self.shuffle_deck(piece.owner, events);
        }
        Resolved::Done
    }

    /// The card of `effect`, just destroyed, goes from its owner's graveyard back into
    /// their deck.
    fn return_destroyed_to_deck(&mut self, effect: &QueuedEffect, events: &mut Vec<Event>) {
        let found = self.state.seats().find_map(|seat| {
            let graveyard = &self.state.player(seat).graveyard;
            graveyard
                .iter()
                .rposition(|slot| slot.card == Some(effect.card))
                .map(|index| (seat, index))
        });
        let Some((owner, index)) = found else {
            return;
        };
        if !self.reshuffle_fits(owner, 1) {
            return;
        }
        let slot = self.state.player_mut(owner).graveyard.remove(index);
        self.state.player_mut(owner).deck.push(slot.card_ref);
        events.push(Event::CardMoved {
            from: Place::Zone {
                side: owner,
                zone: Zone::Graveyard,
                slot: u8::try_from(index).unwrap_or(u8::MAX),
            },
            to: Destination::Deck,
            card: slot.card,
        });
        self.shuffle_deck(owner, events);
    }
}
