//! A player's card database as a FairDuel card pool, so that Domain Format is played with
//! the whole card game's cards the player already has.
//!
//! Every card of a deck becomes one pool card: its passcode, name, archetypes, the card
//! game's type line, attribute, type, level (Rank or Link Rating), ATK and DEF, and what
//! its text mentions for a Domain. Its effect is not defined: in a match it resolves by
//! agreement. The text is read to find mentions and is not kept.
//!
//! Card numbers follow passcode order, so two players with the same database build the
//! same pool and the same pool hash; a different database gives a different hash, and a
//! match between them is refused before it starts.

use fairduel_engine::CardPool;
use fairduel_engine::card::{
    Attribute as PoolAttribute, CardDef, CardId, CardKind, DatabaseEntry, ExtraDeckSummon,
    MonsterStats, MonsterType, SpellKind, TrapKind, TrapRange,
};
use fairduel_engine::domain::{
    Attribute, CardDatabase, CardFacts, CardTypes, Mentions, Race, always_treated_as,
};
use thiserror::Error;

/// The name every pool built from a card database carries (part of its hash).
pub const DATABASE_POOL: &str = "card-database";

#[derive(Debug, Error, PartialEq, Eq)]
pub enum DatabasePoolError {
    #[error(
        "the card database holds {count} deck cards, more than FairDuel numbers in one pool \
         ({max}): give it one database file instead of a folder of them"
    )]
    TooManyCards { count: usize, max: usize },
    #[error(
        "the card database holds no card a deck can hold (tokens, Skills and monsters of \
         Rush Duel's own types are left out): give it the simulator's cards.cdb"
    )]
    NoDeckCards,
}

/// What became of a database's cards.
#[derive(Debug)]
pub struct DatabasePool {
    pub pool: CardPool,
    /// Tokens, Skills, Actions and monsters of a type the card game does not print (Rush
    /// Duel's): no deck holds them.
    pub left_out: usize,
}

/// Builds the pool of every deck card in `db`.
pub fn pool_from_database(db: &CardDatabase) -> Result<DatabasePool, DatabasePoolError> {
    let mut defs = Vec::new();
    let mut left_out = 0;
    for facts in db.cards() {
        let Some(kind) = kind_of(facts) else {
            left_out += 1;
            continue;
        };
        defs.push((facts, kind));
    }
    let max = usize::from(u16::MAX);
    if defs.len() > max {
        return Err(DatabasePoolError::TooManyCards {
            count: defs.len(),
            max,
        });
    }
    let defs: Vec<CardDef> = defs
        .into_iter()
        .zip(0u16..)
        .map(|((facts, kind), number)| CardDef {
            id: CardId(number),
            name: facts.name.clone(),
            kind,
            equip_to: None,
            effects: Vec::new(),
            ritual: None,
            database: Some(Box::new(entry_of(facts, db))),
        })
        .collect();
    if defs.is_empty() {
        return Err(DatabasePoolError::NoDeckCards);
    }
    Ok(DatabasePool {
        pool: CardPool::from_cards(DATABASE_POOL, defs),
        left_out,
    })
}

/// The pool's kind of card, or `None` for a card no deck holds.
fn kind_of(facts: &CardFacts) -> Option<CardKind> {
    let types = facts.types;
    if types.is_token() || types.is_outside_the_game() {
        return None;
    }
    if types.is_spell() {
        let spell = if types.0 & CardTypes::QUICK_PLAY != 0 {
            SpellKind::QuickPlay
        } else if types.0 & CardTypes::EQUIP != 0 {
            SpellKind::Equip
        } else if types.0 & CardTypes::FIELD != 0 {
            SpellKind::Field
        } else if types.0 & CardTypes::CONTINUOUS != 0 {
            SpellKind::Continuous
        } else {
            // A Ritual Spell too: its Ritual Summon resolves by agreement like any effect.
            SpellKind::Normal
        };
        return Some(CardKind::Spell { spell });
    }
    if types.is_trap() {
        let trap = if types.0 & CardTypes::COUNTER != 0 {
            TrapKind::Counter
        } else if types.0 & CardTypes::CONTINUOUS != 0 {
            TrapKind::Continuous
        } else {
            TrapKind::Normal
        };
        return Some(CardKind::Trap {
            trap,
            range: trap_range_of(&facts.text),
        });
    }
    if !types.is_monster() {
        return None;
    }
    let stat = |value: i32| u16::try_from(value.max(0)).unwrap_or(u16::MAX);
    Some(CardKind::Monster(MonsterStats {
        attribute: attribute_of(facts.attribute?),
        monster_type: type_of(facts.race?)?,
        level: facts.level,
        atk: stat(facts.atk),
        // A Link Monster's DEF column holds its arrows: it has no DEF.
        def: if types.is_link() { 0 } else { stat(facts.def) },
        ritual: false,
        strong_in: None,
        extra_deck: extra_deck_summon(types),
    }))
}

/// A trap's range on the grid by DOR Classic rule 5, read from its text as the pool is
/// built (the text itself is not kept): "If a Trap Card has the words 'target' or similar in
/// its card text, it will be a 'Limited Range' Trap Card … if a Trap Card states 'a card',
/// '1 card', 'a monster', 'a spell/trap card', etc, it will also be considered as a 'Limited
/// Range' Trap Card … All other Trap Cards are treated as Full Range" (older texts "select"
/// and name "a face-up" card as the same). Formats whose traps
/// are all Full Range (Alternate) ignore it.
fn trap_range_of(text: &str) -> TrapRange {
    const LIMITED: [&str; 12] = [
        "target",
        "select",
        "a card",
        "1 card",
        "a monster",
        "1 monster",
        "a face-up",
        "1 face-up",
        "a spell",
        "1 spell",
        "a trap",
        "1 trap",
    ];
    let text = text.to_lowercase();
    let says = |words: &str| {
        text.match_indices(words).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + words.len()..].chars().next();
            // Whole words only: "a card" but not "a cards" nor "data card"; "target" also
            // as "targets" and "targeted".
            let starts_a_word = !before.is_some_and(char::is_alphanumeric);
            let ends_a_word = words == "target" || !after.is_some_and(char::is_alphanumeric);
            starts_a_word && ends_a_word
        })
    };
    if LIMITED.iter().any(|words| says(words)) {
        TrapRange::Limited
    } else {
        TrapRange::Full
    }
}

fn extra_deck_summon(types: CardTypes) -> Option<ExtraDeckSummon> {
    [
        (CardTypes::LINK, ExtraDeckSummon::Link),
        (CardTypes::XYZ, ExtraDeckSummon::Xyz),
        (CardTypes::SYNCHRO, ExtraDeckSummon::Synchro),
        (CardTypes::FUSION, ExtraDeckSummon::Fusion),
    ]
    .into_iter()
    .find(|(bit, _)| types.0 & bit != 0)
    .map(|(_, summon)| summon)
}

fn attribute_of(attribute: Attribute) -> PoolAttribute {
    match attribute {
        Attribute::Earth => PoolAttribute::Earth,
        Attribute::Water => PoolAttribute::Water,
        Attribute::Fire => PoolAttribute::Fire,
        Attribute::Wind => PoolAttribute::Wind,
        Attribute::Light => PoolAttribute::Light,
        Attribute::Dark => PoolAttribute::Dark,
        Attribute::Divine => PoolAttribute::Divine,
    }
}

/// The pool's type of a card game monster; `None` for Rush Duel's own types.
fn type_of(race: Race) -> Option<MonsterType> {
    Some(match race {
        Race::Warrior => MonsterType::Warrior,
        Race::Spellcaster => MonsterType::Spellcaster,
        Race::Fairy => MonsterType::Fairy,
        Race::Fiend => MonsterType::Fiend,
        Race::Zombie => MonsterType::Zombie,
        Race::Machine => MonsterType::Machine,
        Race::Aqua => MonsterType::Aqua,
        Race::Pyro => MonsterType::Pyro,
        Race::Rock => MonsterType::Rock,
        Race::WingedBeast => MonsterType::WingedBeast,
        Race::Plant => MonsterType::Plant,
        Race::Insect => MonsterType::Insect,
        Race::Thunder => MonsterType::Thunder,
        Race::Dragon => MonsterType::Dragon,
        Race::Beast => MonsterType::Beast,
        Race::BeastWarrior => MonsterType::BeastWarrior,
        Race::Dinosaur => MonsterType::Dinosaur,
        Race::Fish => MonsterType::Fish,
        Race::SeaSerpent => MonsterType::SeaSerpent,
        Race::Reptile => MonsterType::Reptile,
        Race::Psychic => MonsterType::Psychic,
        Race::DivineBeast => MonsterType::DivineBeast,
        Race::CreatorGod => MonsterType::CreatorGod,
        Race::Wyrm => MonsterType::Wyrm,
        Race::Cyberse => MonsterType::Cyberse,
        Race::Illusion => MonsterType::Illusion,
        Race::Cyborg
        | Race::MagicalKnight
        | Race::HighDragon
        | Race::OmegaPsychic
        | Race::CelestialWarrior
        | Race::Galaxy => return None,
    })
}

/// The database's facts a Domain needs, with what the text mentions read now. Only a
/// monster can be a Deck Master, so only a monster's mentions are read.
fn entry_of(facts: &CardFacts, db: &CardDatabase) -> DatabaseEntry {
    let mentions = if facts.types.is_monster() {
        Mentions::of(facts, db)
    } else {
        Mentions::default()
    };
    DatabaseEntry {
        passcode: facts.passcode.0,
        alias: facts.alias.map(|p| p.0),
        archetypes: facts.archetypes.iter().map(|a| a.0).collect(),
        types: facts.types.0,
        attribute: facts.attribute.map_or(0, Attribute::bit),
        race: facts.race.map_or(0, Race::bit),
        mentions_monsters: mentions.monsters.iter().map(|p| p.0).collect(),
        mentions_archetypes: mentions.archetypes.iter().map(|a| a.0).collect(),
        mentions_attributes: mentions.attributes.iter().fold(0, |bits, a| bits | a.bit()),
        mentions_races: mentions.races.iter().fold(0, |bits, r| bits | r.bit()),
        treated_as: always_treated_as(facts, db).iter().map(|p| p.0).collect(),
        link_arrows: facts.link_arrows,
        pendulum_scale: facts.pendulum_scale,
        attacks_directly: facts.types.is_monster() && attacks_directly_by(&facts.text),
    }
}

/// Whether a monster's text gives it the power to attack directly with no condition (DOR
/// Classic rule 14: "Effect Monsters whose effect states that they can attack directly").
/// A sentence that sets a condition ("If your opponent doesn't control a Toon Monster, this
/// card can attack …", "During the turn …", "… while …") does not count: the engine cannot
/// judge the condition, so such a monster attacks as any other (docs/RULES.md, rule 14).
fn attacks_directly_by(text: &str) -> bool {
    const GRANTS: [&str; 3] = [
        "can attack your opponent directly",
        "can attack your opponent's life points directly",
        "can attack directly",
    ];
    const CONDITIONS: [&str; 6] = [
        "if ",
        "while ",
        "unless ",
        "during ",
        "when ",
        "as long as ",
    ];
    let text = text.to_lowercase();
    text.split(['.', '\n', ':', ';']).any(|sentence| {
        let sentence = sentence.trim();
        GRANTS.iter().any(|grant| sentence.contains(grant))
            && !sentence.contains("cannot attack")
            && !CONDITIONS.iter().any(|condition| {
                sentence.starts_with(condition) || sentence.contains(&format!(" {condition}"))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_unconditional_power_to_attack_directly_counts() {
        assert!(attacks_directly_by(
            "This card can attack your opponent's Life Points directly."
        ));
        assert!(attacks_directly_by(
            "Cannot be Special Summoned. This card can attack directly."
        ));
        // Toons: the condition is text the engine does not judge.
        assert!(!attacks_directly_by(
            "If your opponent doesn't control a Toon Monster, this card can attack your \
             opponent's Life Points directly."
        ));
        assert!(!attacks_directly_by(
            "While you control \"Toon World\" and your opponent controls no Toon monsters, \
             this card can attack your opponent directly."
        ));
        assert!(!attacks_directly_by(
            "This card cannot attack a player directly."
        ));
        assert!(!attacks_directly_by(
            "If this card successfully attacks your opponent's Life Points directly, your \
             opponent discards 1 card randomly from his/her hand."
        ));
    }

    #[test]
    fn a_trap_that_targets_or_names_one_card_is_limited_range_and_any_other_full() {
        assert_eq!(
            trap_range_of("Target 1 face-up monster."),
            TrapRange::Limited
        );
        assert_eq!(
            trap_range_of("When a monster declares an attack"),
            TrapRange::Limited
        );
        assert_eq!(
            trap_range_of("Destroy 1 card on the field."),
            TrapRange::Limited
        );
        assert_eq!(
            trap_range_of("When it targets this card"),
            TrapRange::Limited
        );
        assert_eq!(
            trap_range_of("Destroy all monsters your opponent controls."),
            TrapRange::Full
        );
        assert_eq!(trap_range_of("Each player draws 2 cards."), TrapRange::Full);
    }
}
