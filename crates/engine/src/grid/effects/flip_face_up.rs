//! Turn face-down cards face-up; a hidden one is revealed by its owner.

use super::Resolved;
use crate::card::{Targets, Trigger};
use crate::duel::Duel;
use crate::event::Event;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn flip_face_up(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        events: &mut Vec<Event>,
    ) -> Resolved {
        // Face-down cards are what this effect is for: they join without their identity.
        for cell in self.select(targets, effect, true) {
            if let Some(p) = self.state.piece_mut(cell)
                && !p.face_up
            {
                p.face_up = true;
                let (owner, card_ref, card) = (p.owner, p.card_ref, p.card);
                let p_controller = p.controller;
                match card {
                    Some(id) => {
                        events.push(Event::Flipped {
                            at: cell.into(),
                            card: id,
                        });
                        // Its flip effect, as when its owner flips it.
                        if let Some(def) = self.rules.pool.get(id).filter(|c| c.is_monster()) {
                            let (def, controller) = (def.clone(), p_controller);
                            if !self.is_spellbound(cell) {
                                self.queue_trigger(
                                    &def,
                                    Trigger::Flip,
                                    controller,
                                    Some(cell),
                                    None,
                                    None,
                                );
                            }
                        }
                    }
                    None => {
                        let commitment = self.state.commitment(card_ref);
                        self.state.reveal_due.push((owner, commitment));
                    }
                }
            }
        }
        Resolved::Done
    }
}
