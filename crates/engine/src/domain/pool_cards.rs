//! A pool's cards as Domain Format cards: the card game's facts of each card (attribute,
//! type, level, ATK/DEF, spell or trap). FairDuel's own Duelists of the Roses pool has no
//! archetypes and no texts, so a Deck Master of it brings its own attribute and type only;
//! a pool read from a player's card database carries its archetypes and what each text
//! mentions.

use std::collections::BTreeSet;

use crate::card::{Attribute as PoolAttribute, CardDef, CardKind, DatabaseEntry, MonsterType};

use super::facts::{ArchetypeCode, Attribute, CardFacts, CardTypes, Passcode, Race};
use super::mentions::Mentions;

/// The card game's facts of a pool card; `None` for a Kingdom Duels card (another game's
/// frames and types). The passcode is the database's, or else the pool's card number.
pub fn facts_of_pool_card(card: &CardDef) -> Option<CardFacts> {
    if let Some(entry) = &card.database {
        return Some(facts_of_database_card(card, entry));
    }
    let (types, attribute, race, level, atk, def) = match &card.kind {
        CardKind::Monster(m) => {
            let ritual = if m.ritual { CardTypes::RITUAL } else { 0 };
            (
                CardTypes::MONSTER | CardTypes::EFFECT | ritual,
                Some(attribute_of(m.attribute)),
                race_of(m.monster_type),
                m.level,
                i32::from(m.atk),
                i32::from(m.def),
            )
        }
        CardKind::Spell { .. } => (CardTypes::SPELL, None, None, 0, 0, 0),
        CardKind::Trap { .. } => (CardTypes::TRAP, None, None, 0, 0, 0),
        CardKind::Kingdom(_) => return None,
    };
    Some(CardFacts {
        passcode: Passcode(u32::from(card.id.0)),
        alias: None,
        name: card.name.clone(),
        archetypes: Vec::new(),
        types: CardTypes(types),
        attribute,
        race,
        level,
        atk,
        def,
        link_arrows: 0,
        pendulum_scale: None,
        text: String::new(),
    })
}

fn attribute_of(attribute: PoolAttribute) -> Attribute {
    match attribute {
        PoolAttribute::Light => Attribute::Light,
        PoolAttribute::Dark => Attribute::Dark,
        PoolAttribute::Fire => Attribute::Fire,
        PoolAttribute::Water => Attribute::Water,
        PoolAttribute::Earth => Attribute::Earth,
        PoolAttribute::Wind => Attribute::Wind,
        PoolAttribute::Divine => Attribute::Divine,
    }
}

/// The card game's type of a pool monster. The original game's Immortals and Toons have
/// no type of the card game: a Deck Master of them brings its attribute only
/// (docs/RULES.md).
fn race_of(monster_type: MonsterType) -> Option<Race> {
    Some(match monster_type {
        MonsterType::Dragon => Race::Dragon,
        MonsterType::Spellcaster => Race::Spellcaster,
        MonsterType::Zombie => Race::Zombie,
        MonsterType::Warrior => Race::Warrior,
        MonsterType::BeastWarrior => Race::BeastWarrior,
        MonsterType::Beast => Race::Beast,
        MonsterType::WingedBeast => Race::WingedBeast,
        MonsterType::Fiend => Race::Fiend,
        MonsterType::Fairy => Race::Fairy,
        MonsterType::Insect => Race::Insect,
        MonsterType::Dinosaur => Race::Dinosaur,
        MonsterType::Reptile => Race::Reptile,
        MonsterType::Fish => Race::Fish,
        MonsterType::SeaSerpent => Race::SeaSerpent,
        MonsterType::Machine => Race::Machine,
        MonsterType::Thunder => Race::Thunder,
        MonsterType::Aqua => Race::Aqua,
        MonsterType::Pyro => Race::Pyro,
        MonsterType::Rock => Race::Rock,
        MonsterType::Plant => Race::Plant,
        MonsterType::Psychic => Race::Psychic,
        MonsterType::DivineBeast => Race::DivineBeast,
        MonsterType::CreatorGod => Race::CreatorGod,
        MonsterType::Wyrm => Race::Wyrm,
        MonsterType::Cyberse => Race::Cyberse,
        MonsterType::Illusion => Race::Illusion,
        MonsterType::Toon | MonsterType::Immortal => return None,
    })
}

fn facts_of_database_card(card: &CardDef, entry: &DatabaseEntry) -> CardFacts {
    let (level, atk, def) = card
        .monster()
        .map_or((0, 0, 0), |m| (m.level, i32::from(m.atk), i32::from(m.def)));
    CardFacts {
        passcode: Passcode(entry.passcode),
        alias: entry.alias.map(Passcode),
        name: card.name.clone(),
        archetypes: entry
            .archetypes
            .iter()
            .copied()
            .map(ArchetypeCode)
            .collect(),
        types: CardTypes(entry.types),
        attribute: Attribute::from_bits(entry.attribute),
        race: Race::from_bits(entry.race),
        level,
        atk,
        def,
        link_arrows: entry.link_arrows,
        pendulum_scale: entry.pendulum_scale,
        text: String::new(),
    }
}

/// What a pool card's text mentions, as its card database read it when the pool was built
/// (empty for a card of FairDuel's own pools, which print no such text).
pub fn mentions_of_pool_card(card: &CardDef) -> Mentions {
    let Some(entry) = &card.database else {
        return Mentions::default();
    };
    Mentions {
        monsters: entry
            .mentions_monsters
            .iter()
            .copied()
            .map(Passcode)
            .collect(),
        archetypes: entry
            .mentions_archetypes
            .iter()
            .copied()
            .map(ArchetypeCode)
            .collect(),
        attributes: Attribute::ALL
            .into_iter()
            .filter(|a| entry.mentions_attributes & a.bit() != 0)
            .collect(),
        races: Race::ALL
            .into_iter()
            .filter(|r| entry.mentions_races & r.bit() != 0)
            .collect(),
    }
}

/// The names a pool card counts as for the one-copy rule: every printing's shared passcode
/// and the cards it is always treated as.
pub fn copy_identities(card: &CardDef) -> BTreeSet<u32> {
    match &card.database {
        Some(entry) => std::iter::once(entry.identity())
            .chain(entry.treated_as.iter().copied())
            .collect(),
        None => BTreeSet::from([u32::from(card.id.0)]),
    }
}
