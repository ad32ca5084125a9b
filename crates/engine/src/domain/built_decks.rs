//! Legal Domain Format decks built from whatever pool a match is played with, so that a
//! demo or a self-play run can use a player's own card database without deck files.
//!
//! Each deck takes one of the pool's Deck Masters with the widest Domains, then the
//! strongest monsters of its Domain (Level 4 and lower first, as they need no tribute)
//! and fills the rest with spells and traps, one copy of each card. The result is checked
//! with the same deck rules as any deck file.

use std::collections::{BTreeMap, BTreeSet};

use crate::card::{CardDef, CardId};
use crate::deck::DeckList;
use crate::format::Format;
use crate::pool::CardPool;

use super::domain_of::Domain;
use super::facts::{Attribute, Race};
use super::pool_cards::{copy_identities, facts_of_pool_card, mentions_of_pool_card};

/// The most monsters a built deck takes, so that it also draws spells and traps.
const MONSTER_SHARE: usize = 2;

/// Up to `wanted` legal decks of the format from `pool`, each with another Deck Master
/// (fewer when the pool does not hold enough different Domains).
pub fn build_domain_decks(pool: &CardPool, format: &Format, wanted: usize) -> Vec<DeckList> {
    // How many monsters of each attribute and type the pool holds: a Domain's width is
    // estimated from them, as measuring every Domain exactly would look at every pair of
    // cards of a database of thousands.
    let mut by_attribute: BTreeMap<Attribute, usize> = BTreeMap::new();
    let mut by_race: BTreeMap<Race, usize> = BTreeMap::new();
    for facts in pool.cards().filter_map(facts_of_pool_card) {
        if let Some(a) = facts.attribute {
            *by_attribute.entry(a).or_default() += 1;
        }
        if let Some(r) = facts.race {
            *by_race.entry(r).or_default() += 1;
        }
    }
    let width = |card: &CardDef| -> usize {
        let Some(facts) = facts_of_pool_card(card) else {
            return 0;
        };
        let domain = Domain::with_mentions(&facts, &mentions_of_pool_card(card));
        let attributes: usize = domain
            .attributes
            .keys()
            .map(|a| by_attribute.get(a).copied().unwrap_or(0))
            .sum();
        let races: usize = domain
            .races
            .keys()
            .map(|r| by_race.get(r).copied().unwrap_or(0))
            .sum();
        attributes + races + domain.archetypes.len() + domain.named.len()
    };
    let mut masters: Vec<(usize, &CardDef)> = pool
        .cards()
        .filter(|c| c.is_normal_summonable())
        .map(|c| (width(c), c))
        .collect();
    // Widest Domain first; the card number breaks ties so every peer builds the same decks.
    masters.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.id.cmp(&b.1.id)));
    let mut decks = Vec::new();
    let mut used_masters = BTreeSet::new();
    for (_, master) in masters {
        if decks.len() >= wanted {
            break;
        }
        // Two decks with one Deck Master would be one deck twice.
        if !used_masters.insert(copy_identities(master)) {
            continue;
        }
        if let Some(deck) = deck_for(pool, format, master)
            && deck.validate(pool, format).is_ok()
        {
            decks.push(deck);
        }
    }
    decks
}

/// The pool's cards within `master`'s Domain, the Deck Master aside.
fn domain_members<'a>(pool: &'a CardPool, master: &CardDef) -> Vec<&'a CardDef> {
    let Some(master_facts) = facts_of_pool_card(master) else {
        return Vec::new();
    };
    let domain = Domain::with_mentions(&master_facts, &mentions_of_pool_card(master));
    pool.cards()
        .filter(|c| c.id != master.id)
        .filter(|c| facts_of_pool_card(c).is_some_and(|f| domain.admits(&f).is_some()))
        .collect()
}

fn deck_for(pool: &CardPool, format: &Format, master: &CardDef) -> Option<DeckList> {
    let members = domain_members(pool, master);
    let mut taken = copy_identities(master);
    let mut take = |card: &CardDef| {
        let names = copy_identities(card);
        if names.iter().any(|n| taken.contains(n)) {
            return false;
        }
        taken.extend(names);
        true
    };
    let size = usize::from(format.deck.min_main.max(1));
    let mut monsters: Vec<&CardDef> = members
        .iter()
        .copied()
        .filter(|c| c.is_normal_summonable())
        .collect();
    monsters.sort_by_key(|c| {
        let (atk, _) = c.printed_stats().unwrap_or((0, 0));
        (c.level() > 4, std::cmp::Reverse(atk), c.id)
    });
    let mut main: Vec<CardId> = Vec::with_capacity(size);
    for card in monsters {
        if main.len() >= size / MONSTER_SHARE {
            break;
        }
        if take(card) {
            main.push(card.id);
        }
    }
    for card in members
        .iter()
        .filter(|c| c.is_field_spell_card() || c.is_field_trap_card())
    {
        if main.len() >= size {
            break;
        }
        if take(card) {
            main.push(card.id);
        }
    }
    // Too few spells and traps in the pool: more monsters fill the deck.
    for card in members.iter().filter(|c| c.is_normal_summonable()) {
        if main.len() >= size {
            break;
        }
        if take(card) {
            main.push(card.id);
        }
    }
    if main.len() < size {
        return None;
    }
    let mut extra = Vec::new();
    for card in members
        .iter()
        .filter(|c| c.is_card_game_extra_deck_monster())
    {
        if extra.len() >= usize::from(format.deck.max_extra) {
            break;
        }
        if take(card) {
            extra.push(card.id);
        }
    }
    Some(DeckList {
        name: format!("{}'s Domain", master.name),
        leader: Some(master.id),
        main,
        extra,
        field_setup: crate::field::FieldSetup::default(),
        duelist_setup: None,
    })
}
