//! Kingdom Duels' Field Setup: "a Field Setup may define specific Terrains that benefit
//! their strategy", played in the Setup Phase ("the player moves the Setup Rule from their
//! Extra Deck into their Rule Zone"); "If a player didn't play a Field Setup card, they must
//! use 5 'Land' Terrains."
//!
//! The card facts print no "Terrains" list, so the deck file writes the list out, as for a
//! Duelist Setup's Cardlist: on its own (`field_setup = ["Night", ...]`, a player who plays
//! the terrains without naming the card) or with the Field Setup Rule card it comes from
//! (`field_setup = { card = "SOE-001", terrains = [...] }`), which then counts as one of the
//! Extra Deck's cards and lies in its player's Rule Zone from the Setup Phase on. Both are
//! public from the deck commitment on: the printed card shows its list to every player.

use serde::{Deserialize, Serialize};

use crate::card::CardId;

/// The Field Setup a player plays: its starting terrains, left to right by terrain number
/// (empty: none, every Frontrow zone starts on the format's default terrain), and the Field
/// Setup Rule card they come from, when the deck names it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct FieldSetup {
    pub card: Option<CardId>,
    pub terrains: Vec<u8>,
}

impl FieldSetup {
    /// No Field Setup played.
    pub fn is_empty(&self) -> bool {
        self.card.is_none() && self.terrains.is_empty()
    }

    /// How many cards of the Extra Deck it took: its card, when named.
    pub fn extra_deck_cards(&self) -> usize {
        usize::from(self.card.is_some())
    }
}
