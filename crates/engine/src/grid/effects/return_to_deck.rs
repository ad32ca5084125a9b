//! Cards sent back into their owners' decks, which are then shuffled (Hane-Hane, Wall of
//! Illusion). A Deck Leader never leaves the board, nor a monster immune to removal by
//! effects; what was equipped to a monster goes to its owner's graveyard.

use super::Resolved;
use crate::agreement::Destination;
use crate::card::Targets;
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn return_to_deck(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
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
}
