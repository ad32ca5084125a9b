//! Card game monsters of a test's own, as a card database would bring them: a Level, an
//! Extra Deck mechanic, a Tuner, Link Markers.

use fairduel_engine::CardPool;
use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, DatabaseEntry, ExtraDeckSummon, MonsterStats, MonsterType,
};
use fairduel_engine::domain::CardTypes;
use fairduel_engine::field::LinkArrows;

/// A LIGHT Warrior of `level` (a Rank or a Link Rating for an Xyz or Link Monster) with
/// 1000 + 100 x level ATK and 1000 DEF.
pub fn monster(
    id: u16,
    name: &str,
    level: u8,
    extra: Option<ExtraDeckSummon>,
    tuner: bool,
) -> CardDef {
    let kind_bit = match extra {
        None => 0,
        Some(ExtraDeckSummon::Fusion) => CardTypes::FUSION,
        Some(ExtraDeckSummon::Synchro) => CardTypes::SYNCHRO,
        Some(ExtraDeckSummon::Xyz) => CardTypes::XYZ,
        Some(ExtraDeckSummon::Link) => CardTypes::LINK,
    };
    let tuner_bit = if tuner { CardTypes::TUNER } else { 0 };
    CardDef {
        id: CardId(id),
        name: name.into(),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Light,
            monster_type: MonsterType::Warrior,
            level,
            atk: 1000 + u16::from(level) * 100,
            def: 1000,
            ritual: false,
            strong_in: None,
            extra_deck: extra,
        }),
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: Some(Box::new(DatabaseEntry {
            passcode: 1000 + u32::from(id),
            types: CardTypes::MONSTER | CardTypes::EFFECT | kind_bit | tuner_bit,
            attribute: 0x10,
            race: 0x1,
            link_arrows: link_arrows_of(extra, level),
            ..DatabaseEntry::default()
        })),
    }
}

/// A Link-2 points up and down (towards the facing player and back); a Link-3 left, right
/// and up.
fn link_arrows_of(extra: Option<ExtraDeckSummon>, rating: u8) -> u16 {
    match (extra, rating) {
        (Some(ExtraDeckSummon::Link), 2) => LinkArrows::TOP | LinkArrows::BOTTOM,
        (Some(ExtraDeckSummon::Link), _) => LinkArrows::LEFT | LinkArrows::RIGHT | LinkArrows::TOP,
        _ => 0,
    }
}

/// A Level 4 monster (1400 ATK) whose text gives it the power to attack directly.
pub fn direct_attacker(id: u16, name: &str) -> CardDef {
    let mut card = monster(id, name, 4, None, false);
    if let Some(entry) = card.database.as_mut() {
        entry.attacks_directly = true;
    }
    card
}

/// A Normal Monster (no effect) of `level`.
pub fn normal(id: u16, name: &str, level: u8) -> CardDef {
    let mut card = monster(id, name, level, None, false);
    if let Some(entry) = card.database.as_mut() {
        entry.types = CardTypes::MONSTER | CardTypes::NORMAL;
    }
    card
}

/// A Pendulum Monster of `level` with the Pendulum Scale `scale`.
pub fn pendulum(id: u16, name: &str, level: u8, scale: u8) -> CardDef {
    let mut card = monster(id, name, level, None, false);
    if let Some(entry) = card.database.as_mut() {
        entry.types |= CardTypes::PENDULUM;
        entry.pendulum_scale = Some(scale);
    }
    card
}

/// A Tuner, Level 4 monsters, and one Extra Deck monster of each mechanic:
/// 0 Test Warrior (4), 1 Test Tuner (2, Tuner), 2 and 3 Level Four A and B, 4 Level Six
/// Synchro, 5 Rank Four Xyz, 6 Link Two (up, down), 7 Level Eight Synchro, 8 Link Three
/// (left, right, up), 9 Test Fusion, 10 Test Spell, 11 Scale Four Pendulum (Level 4,
/// Scale 4), 12 Scale One Pendulum (Level 3), 13 Scale Eight Pendulum (Level 5), 14 Direct
/// Attacker, 15 Rank Five Xyz, 16 Test Equip, 17 Test Agreed Spell, 18 Test Normal Monster
/// (Level 4, no effect).
pub fn pool() -> CardPool {
    CardPool::from_cards(
        "card-game-summons",
        [
            monster(0, "Test Warrior", 4, None, false),
            monster(1, "Test Tuner", 2, None, true),
            monster(2, "Level Four A", 4, None, false),
            monster(3, "Level Four B", 4, None, false),
            monster(
                4,
                "Level Six Synchro",
                6,
                Some(ExtraDeckSummon::Synchro),
                false,
            ),
            monster(5, "Rank Four Xyz", 4, Some(ExtraDeckSummon::Xyz), false),
            monster(6, "Link Two", 2, Some(ExtraDeckSummon::Link), false),
            monster(
                7,
                "Level Eight Synchro",
                8,
                Some(ExtraDeckSummon::Synchro),
                false,
            ),
            monster(8, "Link Three", 3, Some(ExtraDeckSummon::Link), false),
            monster(9, "Test Fusion", 6, Some(ExtraDeckSummon::Fusion), false),
            CardDef {
                id: CardId(10),
                name: "Test Spell".into(),
                kind: CardKind::Spell {
                    spell: fairduel_engine::card::SpellKind::Normal,
                },
                equip_to: None,
                effects: Vec::new(),
                ritual: None,
                database: None,
            },
            pendulum(11, "Scale Four Pendulum", 4, 4),
            pendulum(12, "Scale One Pendulum", 3, 1),
            pendulum(13, "Scale Eight Pendulum", 5, 8),
            direct_attacker(14, "Direct Attacker"),
            monster(15, "Rank Five Xyz", 5, Some(ExtraDeckSummon::Xyz), false),
            CardDef {
                id: CardId(16),
                name: "Test Equip".into(),
                kind: CardKind::Spell {
                    spell: fairduel_engine::card::SpellKind::Equip,
                },
                equip_to: Some(fairduel_engine::card::Filter::default()),
                effects: Vec::new(),
                ritual: None,
                database: None,
            },
            CardDef {
                id: CardId(17),
                name: "Test Agreed Spell".into(),
                kind: CardKind::Spell {
                    spell: fairduel_engine::card::SpellKind::Normal,
                },
                equip_to: None,
                effects: vec![fairduel_engine::card::EffectDef {
                    trigger: fairduel_engine::card::Trigger::Activate,
                    primitive: fairduel_engine::card::Primitive::ByAgreement,
                }],
                ritual: None,
                database: None,
            },
            normal(18, "Test Normal Monster", 4),
        ],
    )
}
