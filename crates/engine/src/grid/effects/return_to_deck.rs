//! Cards sent back into their owners' decks, which are then shuffled (Hane-Hane, Wall of
//! Illusion; The Wicked Worm Beast, destroyed, from the graveyard; Monster Recovery, every
//! monster of its controller's). A Deck Leader never leaves the board, nor a monster immune
//! to removal by effects; what was equipped to a monster goes to its owner's graveyard.

use super::Resolved;
use crate::agreement::Destination;
use crate::card::{Area, Targets, Trigger};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::seat::Seat;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn return_to_deck(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        // A card that goes back into the deck when destroyed went there instead of the
        // graveyard (`Duel::destroy`).
        let destroyed = self
            .effect_def(effect)
            .is_some_and(|d| d.trigger == Trigger::Destroyed);
        if destroyed {
            return Resolved::Done;
        }
        // Across the field (Monster Recovery: "All your monsters on the Field") a face-down
        // monster goes too, since which card goes back changes no rule; one card named by
        // its place (the monster battled) goes only once it shows what it is.
        let include_hidden = targets.area == Area::Field;
        for cell in self.select(targets, effect, include_hidden) {
            let Some(piece) = self.state.piece(cell) else {
                continue;
            };
            // A hidden card out of the Extra Deck may be a Ritual Monster immune to effects.
            let may_be_immune = piece.card.is_none()
                && piece.from_extra_deck
                && self.rules.format.play.ritual_monsters_immune;
            // "Itself": only while it is still the card on its cell.
            if targets.area == Area::This && piece.card != Some(effect.card) {
                continue;
            }
            if piece.leader
                || may_be_immune
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
            if self.removed_if_made(piece.owner, piece.card_ref, piece.card, cell.into(), events) {
                continue;
            }
            events.push(Event::CardMoved {
                from: cell.into(),
                to: Destination::Deck,
                card: piece.card,
            });
            self.put_back_in_deck(piece.owner, piece.card_ref, piece.from_extra_deck, events);
        }
        Resolved::Done
    }

    /// `card_ref` goes back into `owner`'s deck, which is shuffled — or, for a monster that
    /// came out of the Extra Deck (a Ritual or Fusion Monster), back into the Extra Deck.
    pub(in crate::grid) fn put_back_in_deck(
        &mut self,
        owner: Seat,
        card_ref: CardRef,
        from_extra_deck: bool,
        events: &mut Vec<Event>,
    ) {
        if from_extra_deck {
            self.state.player_mut(owner).extra_deck.push(card_ref);
            return;
        }
        self.state.player_mut(owner).deck.push(card_ref);
        self.shuffle_deck(owner, events);
    }
}
