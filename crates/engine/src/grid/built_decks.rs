//! Legal grid decks built from whatever pool a match is played with (a player's card
//! database for DOR Classic, Alternate and Modern), so that a demo or a self-play run needs
//! no deck files.
//!
//! Deck `i` takes the `i`-th strongest monster the format lets lead as its Deck Leader, then
//! monsters that need no tribute (the strongest first, each deck starting further down the
//! list so that the decks differ), the pool's spells and traps, and as many of the pool's
//! Extra Deck monsters as the Extra Deck holds. Copies are added only when the pool is too
//! small for one of each. The result is checked with the same deck rules as any deck file.

use crate::card::{CardDef, CardId};
use crate::deck::DeckList;
use crate::format::Format;
use crate::pool::CardPool;

/// The share of a built deck that is monsters (one in two), so that it also draws spells
/// and traps.
const MONSTER_SHARE: usize = 2;

/// Up to `wanted` legal decks of the format from `pool`, each with another Deck Leader
/// (fewer when the pool cannot fill them).
pub fn build_grid_decks(pool: &CardPool, format: &Format, wanted: usize) -> Vec<DeckList> {
    let mut monsters: Vec<&CardDef> = pool.cards().filter(|c| c.is_normal_summonable()).collect();
    monsters.sort_by_key(|c| {
        let (atk, _) = c.printed_stats().unwrap_or((0, 0));
        (std::cmp::Reverse(atk), c.id)
    });
    let leaders: Vec<&CardDef> = monsters
        .iter()
        .copied()
        .filter(|c| c.level() <= format.deck.leader_max_level)
        .collect();
    let mut light: Vec<&CardDef> = monsters
        .iter()
        .copied()
        .filter(|c| c.level() <= 4)
        .collect();
    light.extend(monsters.iter().copied().filter(|c| c.level() > 4));
    let spells_traps: Vec<&CardDef> = pool
        .cards()
        .filter(|c| c.is_spell() || c.is_trap())
        .collect();
    let extra: Vec<CardId> = pool
        .cards()
        .filter(|c| c.is_card_game_extra_deck_monster())
        .map(|c| c.id)
        .take(usize::from(format.deck.max_extra))
        .collect();
    let mut decks = Vec::new();
    for (index, leader) in leaders.iter().enumerate() {
        if decks.len() >= wanted {
            break;
        }
        let offset = if light.is_empty() {
            0
        } else {
            (index * 3) % light.len()
        };
        let rotated: Vec<&CardDef> = light[offset..]
            .iter()
            .chain(&light[..offset])
            .copied()
            .filter(|c| c.id != leader.id)
            .collect();
        let Some(main) = main_deck(format, &rotated, &spells_traps) else {
            continue;
        };
        let deck = DeckList {
            name: format!("{} leads", leader.name),
            leader: Some(leader.id),
            main,
            extra: extra.clone(),
            field_setup: crate::field::FieldSetup::default(),
            duelist_setup: None,
        };
        if deck.validate(pool, format).is_ok() {
            decks.push(deck);
        }
    }
    decks
}

/// A main deck of the format's least size: monsters up to half of it, then spells and
/// traps, then monsters again; one copy of each card first, more only when the pool is too
/// small.
fn main_deck(
    format: &Format,
    monsters: &[&CardDef],
    spells_traps: &[&CardDef],
) -> Option<Vec<CardId>> {
    let size = usize::from(format.deck.min_main.max(1));
    let mut main: Vec<CardId> = Vec::with_capacity(size);
    for copies in 1..=usize::from(format.deck.max_copies.max(1)) {
        let add = |card: &CardDef, up_to: usize, main: &mut Vec<CardId>| {
            if main.len() < up_to && main.iter().filter(|id| **id == card.id).count() < copies {
                main.push(card.id);
            }
        };
        for card in monsters {
            add(card, size / MONSTER_SHARE, &mut main);
        }
        for card in spells_traps {
            add(card, size, &mut main);
        }
        for card in monsters {
            add(card, size, &mut main);
        }
        if main.len() >= size {
            return Some(main);
        }
    }
    None
}
