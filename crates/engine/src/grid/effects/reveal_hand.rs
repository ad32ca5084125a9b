//! A hand shown to everyone (The Eye of Truth: "Displays opponent's hand face-up"): its
//! owner opens every card of it not yet known, and each stays known while it stays in the
//! hand, as any card shown from a hand does.

use super::Resolved;
use crate::card::Player;
use crate::duel::Duel;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn reveal_hand(&mut self, effect: &QueuedEffect, player: Player) -> Resolved {
        let Some(seat) = self.whose(player, effect) else {
            return Resolved::Done;
        };
        let hidden: Vec<_> = self
            .state
            .player(seat)
            .hand
            .iter()
            .filter(|slot| slot.card.is_none())
            .map(|slot| self.state.commitment(slot.card_ref))
            .collect();
        for commitment in hidden {
            if !self.state.reveal_due.contains(&(seat, commitment)) {
                self.state.reveal_due.push((seat, commitment));
            }
        }
        Resolved::Done
    }
}
