//! Destruction: a card leaves the board for its owner's graveyard (a hidden one is revealed
//! there by its owner), its equips go to their own owners' graveyards, and a face-up monster
//! that is not spellbound sets off its "when destroyed" effects. Deck Leaders are never
//! destroyed.

use crate::card::{CardId, Trigger};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::player::CardSlot;
use crate::seat::Seat;

impl Duel {
    pub(super) fn send_to_graveyard(
        &mut self,
        owner: Seat,
        card_ref: CardRef,
        card: Option<CardId>,
    ) {
        self.state
            .player_mut(owner)
            .graveyard
            .push(CardSlot { card_ref, card });
        if card.is_none() {
            let commitment = self.state.commitment(card_ref);
            self.state.reveal_due.push((owner, commitment));
        }
    }

    /// Destroys the card at `cell`. `cause` is the player whose card or effect destroyed it,
    /// if any: an effect of the destroyed card aimed at "your opponent" is aimed at them.
    pub(crate) fn destroy(&mut self, cell: Cell, cause: Option<Seat>, events: &mut Vec<Event>) {
        if self.state.piece(cell).is_none_or(|p| p.leader) {
            return;
        }
        // A spellbound card's "when destroyed" effect does not activate.
        let bound = self.is_spellbound(cell);
        let Some(piece) = self.state.take(cell) else {
            return;
        };
        for equip in &piece.attached {
            self.state
                .player_mut(equip.owner)
                .graveyard
                .push(equip.to_graveyard());
        }
        let card = piece.card.and_then(|id| self.rules.pool.get(id));
        if piece.face_up
            && !bound
            && card.is_some_and(returns_to_deck_when_destroyed)
            && self.reshuffle_fits(piece.owner, 1)
        {
            // The Wicked Worm Beast: "When destroyed in battle, this card is returned to the
            // deck, and the deck is re-shuffled" — instead of the graveyard.
            if !self.removed_if_made(piece.owner, piece.card_ref, piece.card, cell.into(), events) {
                self.put_back_in_deck(piece.owner, piece.card_ref, piece.from_extra_deck, events);
            }
        } else {
            self.send_to_graveyard(piece.owner, piece.card_ref, piece.card);
        }
        events.push(Event::Destroyed {
            owner: piece.owner,
            card: piece.card,
            at: cell.into(),
        });
        if piece.face_up
            && !bound
            && let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)).cloned()
        {
            let opponent = cause.filter(|c| self.are_opponents(piece.controller, *c));
            let queued = self.state.queue.len();
            self.queue_trigger(
                &card,
                Trigger::Destroyed,
                piece.controller,
                Some(cell),
                None,
                opponent,
            );
            // The effect knows which graveyard copy is its card (one that comes back).
            for effect in self.state.queue.iter_mut().skip(queued) {
                effect.card_ref = Some(piece.card_ref);
            }
        }
    }
}

/// A card whose effect, when it is destroyed, returns it to its owner's deck.
fn returns_to_deck_when_destroyed(card: &crate::card::CardDef) -> bool {
    card.effects.iter().any(|e| {
        e.trigger == Trigger::Destroyed
            && matches!(
                &e.primitive,
                crate::card::Primitive::ReturnToDeck { targets }
                    if targets.area == crate::card::Area::This
            )
    })
}
