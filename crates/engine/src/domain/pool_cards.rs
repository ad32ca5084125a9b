//! FairDuel's own Duelists of the Roses pool as Domain Format cards: the card game's facts
//! of each card (attribute, type, level, ATK/DEF, spell or trap). The pool has no
//! archetypes and no texts, so a Deck Master of it brings its own attribute and type only.

use crate::card::{Attribute as PoolAttribute, CardDef, CardKind, MonsterType};

use super::facts::{Attribute, CardFacts, CardTypes, Passcode, Race};

/// The card game's facts of a pool card; `None` for a Kingdom Duels card (another game's
/// frames and types). The passcode is the pool's card number.
pub fn facts_of_pool_card(card: &CardDef) -> Option<CardFacts> {
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
        MonsterType::Toon | MonsterType::Immortal => return None,
    })
}
