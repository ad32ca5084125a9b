//! One more card from the hand this turn (Solomon's Lawbook: "If a card has already been
//! played from your hand, you can play another card"): the cards played so far count one
//! fewer against the format's limit.

use super::Resolved;
use crate::card::Player;
use crate::duel::Duel;
use crate::state::QueuedEffect;

impl Duel {
    pub(super) fn another_play(&mut self, effect: &QueuedEffect, player: Player) -> Resolved {
        if let Some(seat) = self.whose(player, effect) {
            let played = &mut self.state.player_mut(seat).cards_played;
            *played = played.saturating_sub(1);
        }
        Resolved::Done
    }
}
