//! Goddess of Whim: "Own ATK/DEF either increased or decreased by up to 1500 points when
//! entering battle." As a battle is about to be fought with such a monster face-up and free
//! on either side, every seat draws jointly (`Chance::EffectPick`, as for the other picks at
//! random); the seed gives each such monster in the battle a change of -1500 to +1500 in
//! steps of 100, for the rest of the turn, and the battle goes on.

use crate::card::{CardDef, Duration, Primitive};
use crate::chance::Chance;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::hash::{Digest32, sha256_of, unbiased_below};
use crate::piece::Modifier;
use crate::place::Place;
use crate::state::{QueuedEffect, Resume};

/// The steps a whim moves in.
const WHIM_STEP: u16 = 100;

impl Duel {
    /// The whim of the monster at `cell` battling the one at `foe`, if it is face-up and free,
    /// has one, and its foe does not neutralize its battle effects (Sword of Dragon's Soul):
    /// its effect (index) and how far it goes.
    fn whim_of(&self, cell: Cell, foe: Cell) -> Option<(u8, u16)> {
        let piece = self.state.piece(cell)?;
        let card = self.rules.pool.get(piece.card?)?;
        if piece.leader || !piece.face_up || self.is_spellbound(cell) {
            return None;
        }
        let neutralized = self.state.piece(foe).is_some_and(|foe_piece| {
            foe_piece
                .card
                .and_then(|id| self.rules.pool.get(id))
                .is_some_and(|foe_card| self.neutralized_by((foe, foe_piece, foe_card)))
        });
        if neutralized {
            return None;
        }
        whim_effect(card)
    }

    /// Before the battle between `attacker` and `target`: with a whim on either side, the
    /// battle waits for the joint draw (`then` goes on once it is done). Returns whether it
    /// waits.
    pub(super) fn whim_before_battle(
        &mut self,
        attacker: Cell,
        target: Cell,
        then: Resume,
        events: &mut Vec<Event>,
    ) -> bool {
        let whim = [(attacker, target), (target, attacker)]
            .into_iter()
            .find_map(|(cell, other)| Some((cell, other, self.whim_of(cell, other)?)));
        let Some((cell, other, (index, _))) = whim else {
            return false;
        };
        let (Some(card), Some(controller)) = (
            self.state.piece(cell).and_then(|p| p.card),
            self.state.piece(cell).map(|p| p.controller),
        ) else {
            return false;
        };
        self.state.resume = Resume::RandomEffect {
            effect: QueuedEffect {
                card,
                index,
                controller,
                at: Some(cell.into()),
                triggering: Some(other.into()),
                opponent: None,
                discard_after: false,
                card_ref: None,
            },
            then: Box::new(then),
        };
        // Set before the call: a referee decides the draw at once.
        self.call_chance(controller, Chance::EffectPick, events);
        true
    }

    /// The joint draw for the whims of a battle is done: each monster in it with a whim
    /// gets its change from `seed`.
    pub(super) fn whims_drawn(
        &mut self,
        effect: &QueuedEffect,
        seed: Digest32,
        events: &mut Vec<Event>,
    ) {
        let (Some(first), Some(second)) = (
            effect.at.and_then(Place::cell),
            effect.triggering.and_then(Place::cell),
        ) else {
            return;
        };
        for (cell, foe) in [(first, second), (second, first)] {
            let Some((_, up_to)) = self.whim_of(cell, foe) else {
                continue;
            };
            let steps = up_to / WHIM_STEP;
            let choices = u8::try_from(steps * 2 + 1).unwrap_or(u8::MAX);
            let drawn = unbiased_below(
                sha256_of(&("fairduel/whim/v1", &seed, cell.row, cell.col)),
                "fairduel/whim-stream/v1",
                choices,
            );
            let change = (i32::from(drawn) - i32::from(steps)) * i32::from(WHIM_STEP);
            let change = i16::try_from(change).unwrap_or(0);
            let Some(piece) = self.state.piece_mut(cell) else {
                continue;
            };
            piece
                .modifiers
                .push(Modifier::stats(change, change, Duration::EndOfTurn));
            if let Some(card) = piece.card {
                events.push(Event::Whim {
                    at: cell.into(),
                    card,
                    change,
                });
            }
        }
    }
}

/// The whim among `card`'s effects: the effect's index and how far it goes.
fn whim_effect(card: &CardDef) -> Option<(u8, u16)> {
    card.effects
        .iter()
        .enumerate()
        .find_map(|(index, e)| match e.primitive {
            Primitive::WhimInBattle { up_to } => Some((u8::try_from(index).ok()?, up_to)),
            _ => None,
        })
}
