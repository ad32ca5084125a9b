//! The state hash's encoding of what a grid duel holds under way (see the parent module for
//! postcard's rules): `Resume` in its variants' declaration order, and the queued effects.

use super::Writer;
use crate::state::{QueuedEffect, Resume};

impl Writer<'_> {
    #[inline(always)]
    pub(super) fn resume(&mut self, resume: &Resume) {
        match resume {
            Resume::Nothing => self.variant(0),
            Resume::AttackAfterWindow { attacker, target } => {
                self.variant(1);
                self.place(*attacker);
                self.place(*target);
            }
            Resume::AttackAfterReveal { attacker, target } => {
                self.variant(2);
                self.place(*attacker);
                self.place(*target);
            }
            Resume::SpellAfterWindow { spell } => {
                self.variant(3);
                self.queued_effect(spell);
            }
            Resume::EffectDeclared { effect, then } => {
                self.variant(4);
                self.queued_effect(effect);
                self.resume(then);
            }
            Resume::RedirectedAttack { attacker, target } => {
                self.variant(5);
                self.place(*attacker);
                self.place(*target);
            }
            Resume::Ritual { spell } => {
                self.variant(6);
                self.queued_effect(spell);
            }
            Resume::Revive { effect, then } => {
                self.variant(7);
                self.queued_effect(effect);
                self.resume(then);
            }
            Resume::TakeControl { effect, then } => {
                self.variant(8);
                self.queued_effect(effect);
                self.resume(then);
            }
            Resume::FirstTurn { seat } => {
                self.variant(9);
                self.seat(*seat);
            }
            Resume::TurnPasses => self.variant(10),
            Resume::HideAgain { places } => {
                self.variant(11);
                self.places(places);
            }
            Resume::Replay { attacker } => {
                self.variant(12);
                self.place(*attacker);
            }
            Resume::DrawChoice { seat } => {
                self.variant(13);
                self.seat(*seat);
            }
            Resume::PlaceRevived {
                effect,
                owner,
                from,
                card,
                revived,
                then,
            } => {
                self.variant(14);
                self.queued_effect(effect);
                self.seat(*owner);
                self.seat(*from);
                self.card_ref(*card);
                self.card_id(*revived);
                self.resume(then);
            }
            Resume::Teleport { effect, then } => {
                self.variant(15);
                self.queued_effect(effect);
                self.resume(then);
            }
            Resume::RandomEffect { effect, then } => {
                self.variant(16);
                self.queued_effect(effect);
                self.resume(then);
            }
            Resume::PlaceMade {
                effect,
                made,
                face_down,
                then,
            } => {
                self.variant(17);
                self.queued_effect(effect);
                self.card_id(*made);
                self.bool(*face_down);
                self.resume(then);
            }
        }
    }

    #[inline(always)]
    pub(super) fn queued_effect(&mut self, effect: &QueuedEffect) {
        let QueuedEffect {
            card,
            index,
            controller,
            at,
            triggering,
            opponent,
            discard_after,
            card_ref,
        } = effect;
        self.card_id(*card);
        self.byte(*index);
        self.seat(*controller);
        self.option_place(*at);
        self.option_place(*triggering);
        self.option_seat(*opponent);
        self.bool(*discard_after);
        match card_ref {
            None => self.byte(0),
            Some(r) => {
                self.byte(1);
                self.card_ref(*r);
            }
        }
    }
}
