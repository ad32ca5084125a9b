//! The card game's hand size limit (Domain Format; `hand.limit`): in the turn player's
//! End Phase, a hand over the limit is discarded down to it, the player choosing which
//! cards (each shown as it goes to the graveyard). Kingdom Duels has no hand limit.

use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;

impl Duel {
    /// In the End Phase: asks the turn player to discard while the hand is over the limit.
    /// Returns whether a discard is now awaited.
    pub(super) fn await_hand_limit(&mut self) -> bool {
        let Some(limit) = self.rules.format.hand.limit else {
            return false;
        };
        let seat = self.state.active;
        let held = self.state.player(seat).hand.len();
        let Some(over) = held.checked_sub(usize::from(limit)).filter(|n| *n > 0) else {
            return false;
        };
        self.state.awaiting = Awaiting::Decision {
            seat,
            decision: Decision::Discard {
                count: u8::try_from(over).unwrap_or(u8::MAX),
            },
        };
        true
    }
}
