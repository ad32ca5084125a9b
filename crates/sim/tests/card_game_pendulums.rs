//! The card game's Pendulum Zones and Pendulum Summons in Domain Format, with cards the
//! shipped pool does not hold (a player's card database brings them): a Pendulum Monster
//! activated as a spell in the leftmost or rightmost Spell & Trap Zone, the Pendulum Summon
//! of monsters whose Levels lie between the two Scales, from the hand, the face-up Extra
//! Deck and the Deck Master Zone, and a Pendulum Monster leaving the field going face-up to
//! the Extra Deck instead of the graveyard. The positions are scenario files written here,
//! played with a pool of the test's own.

use std::sync::Arc;

use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, DatabaseEntry, ExtraDeckSummon, MonsterStats, MonsterType,
};
use fairduel_engine::domain::CardTypes;
use fairduel_engine::field::LinkArrows;
use fairduel_engine::{CardPool, Rules};

mod common;

fn monster(id: u16, name: &str, level: u8, scale: Option<u8>) -> CardDef {
    let pendulum_bit = if scale.is_some() {
        CardTypes::PENDULUM
    } else {
        0
    };
    CardDef {
        id: CardId(id),
        name: name.into(),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Dark,
            monster_type: MonsterType::Spellcaster,
            level,
            atk: 1000 + u16::from(level) * 100,
            def: 1000,
            ritual: false,
            strong_in: None,
            extra_deck: None,
        }),
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: Some(Box::new(DatabaseEntry {
            passcode: 2000 + u32::from(id),
            types: CardTypes::MONSTER | CardTypes::EFFECT | pendulum_bit,
            attribute: 0x20,
            race: 0x2,
            pendulum_scale: scale,
            ..DatabaseEntry::default()
        })),
    }
}

fn link_two(id: u16) -> CardDef {
    CardDef {
        id: CardId(id),
        name: "Test Link Two".into(),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Dark,
            monster_type: MonsterType::Spellcaster,
            level: 2,
            atk: 1500,
            def: 0,
            ritual: false,
            strong_in: None,
            extra_deck: Some(ExtraDeckSummon::Link),
        }),
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: Some(Box::new(DatabaseEntry {
            passcode: 2000 + u32::from(id),
            types: CardTypes::MONSTER | CardTypes::EFFECT | CardTypes::LINK,
            attribute: 0x20,
            race: 0x2,
            // Up, towards the facing player, and down, over its own Main Monster Zone.
            link_arrows: LinkArrows::TOP | LinkArrows::BOTTOM,
            ..DatabaseEntry::default()
        })),
    }
}

fn rules() -> Arc<Rules> {
    let format = common::format("domain");
    let pool = CardPool::from_cards(
        "card-game-pendulums",
        [
            monster(0, "Scale One Magician", 4, Some(1)),
            monster(1, "Scale Eight Magician", 5, Some(8)),
            monster(2, "Level Three Monster", 3, None),
            monster(3, "Level Seven Monster", 7, None),
            monster(4, "Level Four Monster", 4, None),
            monster(5, "Scale Four Magician", 6, Some(4)),
            link_two(6),
            CardDef {
                id: CardId(7),
                name: "Test Spell".into(),
                kind: CardKind::Spell {
                    spell: fairduel_engine::card::SpellKind::Normal,
                },
                equip_to: None,
                effects: Vec::new(),
                ritual: None,
                database: None,
            },
            monster(8, "Scale Two Magician", 4, Some(2)),
        ],
    );
    Rules::new(format, pool)
}

fn passes(name: &str, body: &str) {
    common::scenario_passes(&rules(), name, body);
}

/// Seat 0's turn with both Scales in hand: 1 and 8.
const SCALES_IN_HAND: &str = r#"
format = "domain"
turn = 5

[seat0]
deck_master = 4
hand = [0, 1, 2, 3, 4, 7]
deck = [2, 2]

[seat1]
deck = [2, 2]
"#;

#[test]
fn a_pendulum_monster_is_activated_in_a_pendulum_zone_stays_and_leaves_for_the_extra_deck() {
    passes(
        "activation",
        &format!(
            r#"{SCALES_IN_HAND}
# Only the leftmost and rightmost Spell & Trap Zones are Pendulum Zones.
[[step]]
seat = 0
do = "play"
card = 0
mode = "activate"
to = "seat0-back3"
expect = "wrong-play-mode"

# A monster that is no Pendulum Monster is not activated at all.
[[step]]
seat = 0
do = "play"
card = 4
mode = "activate"
to = "seat0-back1"
expect = "wrong-play-mode"

[[step]]
seat = 0
do = "play"
card = 0
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"

# A spell still goes to a Pendulum Zone as to any Spell & Trap Zone; this one's effect
# sends the Pendulum Scale to the graveyard, and it goes face-up to the Extra Deck instead.
[[step]]
seat = 0
do = "play"
card = 7
mode = "activate"
to = "seat0-back5"

[[assert]]
after = 5
at = "seat0-back1"
card = 0
face = "up"

[[step]]
seat = 0
do = "propose-outcome"
operations = [{{ op = "move", from = "seat0-back1", to = "graveyard" }}]

[[assert]]
seat = 0
face_up_extra_deck_contains = 0
graveyard_contains = 7
graveyard_lacks = 0

[[assert]]
at = "seat0-back1"
empty = true
"#
        ),
    );
}

#[test]
fn a_pendulum_summon_brings_every_monster_between_the_scales_once_per_turn() {
    passes(
        "summon",
        &format!(
            r#"{SCALES_IN_HAND}
[[step]]
seat = 0
do = "play"
card = 0
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"

# One Scale is no Pendulum Summon.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand1 seat0-front1"]
expect = "cannot-pendulum-summon"

[[step]]
seat = 0
do = "play"
card = 1
mode = "activate"
to = "seat0-back5"

[[step]]
seat = 0
do = "propose-outcome"

# The hand now holds Level 3, Level 7, Level 4 and a spell: the spell is no monster.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand3 seat0-front1"]
expect = "cannot-pendulum-summon"

# Level 3, Level 7 and Level 4 at once, one in DEF Position; the turn's Normal Summon
# stays unused.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand0 seat0-front1", "hand1 seat0-front2 def", "hand2 seat0-front3"]

[[assert]]
at = "seat0-front2"
card = 3
face = "up"
position = "defence"

[[assert]]
at = "seat0-front3"
card = 4
face = "up"
position = "attack"

[[assert]]
seat = 0
hand_size = 1

# Once per turn.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["deck-master seat0-front4"]
expect = "cannot-pendulum-summon"
"#
        ),
    );
}

#[test]
fn levels_must_lie_strictly_between_the_scales() {
    passes(
        "levels",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 2
hand = [4, 3, 2]
deck = [2, 2]

[seat1]
deck = [2, 2]

# Scales 2 and 8: Level 4 and 7 fit, Level 3 fits; a Scale 4 Level 6 is in a zone.
[[cells]]
at = "seat0-back1"
card = 8
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-back5"
card = 5
seat = 0
face = "up"
entered_turn = 3

# Scales 2 and 4: only Level 3 lies strictly between.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand0 seat0-front1"]
expect = "cannot-pendulum-summon"

[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand1 seat0-front1"]
expect = "cannot-pendulum-summon"

[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand2 seat0-front1"]

[[assert]]
at = "seat0-front1"
card = 2
face = "up"
"#,
    );
}

#[test]
fn a_pendulum_monster_destroyed_in_battle_goes_face_up_to_the_extra_deck() {
    passes(
        "face-up extra deck",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 2
hand = [4]
deck = [2, 2]

[seat1]
deck = [2, 2]

# Seat 0's Scales 1 and 8; seat 1's face-up Pendulum Monster Scale Four Magician (Level 6)
# faces seat 0's stronger Level 7.
[[cells]]
at = "seat0-back1"
card = 0
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-back5"
card = 1
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-front1"
card = 3
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat1-front1"
card = 5
seat = 1
face = "up"
entered_turn = 2

[[step]]
seat = 0
do = "next-phase"

[[step]]
seat = 0
do = "attack"
from = "seat0-front1"
to = "seat1-front1"

[[assert]]
after = 2
seat = 1
face_up_extra_deck_contains = 5
graveyard_size = 0
"#,
    );
}

#[test]
fn a_face_up_extra_deck_monster_goes_to_an_extra_monster_zone_or_a_linked_zone() {
    passes(
        "from the extra deck",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 2
face_up_extra_deck = [8, 5]
hand = [4]
deck = [2, 2]

[seat1]
deck = [2, 2]

[[cells]]
at = "seat0-back1"
card = 0
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-back5"
card = 1
seat = 0
face = "up"
entered_turn = 3

# From the face-up Extra Deck, not to a Main Monster Zone no Link arrow points to ...
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["extra-up:8 seat0-front2"]
expect = "cannot-pendulum-summon"

# ... nor two of them into the Extra Monster Zones (one at a time).
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["extra-up:8 seat0-emz1", "extra-up:5 seat0-emz2"]
expect = "cannot-pendulum-summon"

# One into an Extra Monster Zone, and the hand's Level 4 with it into a Main Monster Zone.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["extra-up:8 seat0-emz1", "hand0 seat0-front3"]

[[assert]]
at = "seat0-emz1"
card = 8
face = "up"
controller = 0

[[assert]]
at = "seat0-front3"
card = 4
"#,
    );
}

#[test]
fn a_link_arrow_opens_a_main_monster_zone_to_the_face_up_extra_deck() {
    passes(
        "linked zone",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 2
face_up_extra_deck = [8]
deck = [2, 2]

[seat1]
deck = [2, 2]

[[cells]]
at = "seat0-back1"
card = 0
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-back5"
card = 1
seat = 0
face = "up"
entered_turn = 3

# A Link-2 in the left Extra Monster Zone points down at seat 0's Main Monster Zone 2.
[[cells]]
at = "seat0-emz1"
card = 6
seat = 0
face = "up"
entered_turn = 3

[[step]]
seat = 0
do = "pendulum-summon"
summons = ["extra-up:8 seat0-front2"]

[[assert]]
at = "seat0-front2"
card = 8
"#,
    );
}

#[test]
fn a_pendulum_deck_master_is_activated_as_a_scale_or_pendulum_summoned_from_its_zone() {
    passes(
        "deck master",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 8
deck_master_returns = 1
hand = [1]
deck = [2, 2]

[seat1]
deck = [2, 2]

# The Deck Master (Scale 2) leaves its zone activated as a Pendulum Scale, paying 500 LP
# for its one return.
[[step]]
seat = 0
do = "summon-deck-master"
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"

[[assert]]
at = "seat0-back1"
card = 8
face = "up"

[[assert]]
seat = 0
life_points = 7500
deck_master = "field"
"#,
    );
    passes(
        "deck master summoned",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 8
deck = [2, 2]

[seat1]
deck = [2, 2]

[[cells]]
at = "seat0-back1"
card = 0
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-back5"
card = 1
seat = 0
face = "up"
entered_turn = 3

[[step]]
seat = 0
do = "pendulum-summon"
summons = ["deck-master seat0-front3"]

[[assert]]
at = "seat0-front3"
card = 8
face = "up"

[[assert]]
seat = 0
deck_master = "field"
"#,
    );
}

/// A pool for random games: Pendulum Monsters of every Scale and Level, monsters without
/// a Scale and spells enough for two legal Domain decks (one copy of each card), all DARK
/// Spellcasters so that every Deck Master's Domain holds them.
fn random_game_rules() -> Arc<Rules> {
    let mut cards = Vec::new();
    let mut id = 0u16;
    for level in 1..=8u8 {
        for scale in [1u8, 2, 5, 8, 9, 12] {
            cards.push(monster(
                id,
                &format!("Pendulum L{level} S{scale}"),
                level,
                Some(scale),
            ));
            id += 1;
        }
    }
    for level in 1..=8u8 {
        cards.push(monster(id, &format!("Plain L{level}"), level, None));
        id += 1;
    }
    for n in 0..80 {
        cards.push(CardDef {
            id: CardId(id),
            name: format!("Filler Spell {n}"),
            kind: CardKind::Spell {
                spell: fairduel_engine::card::SpellKind::Normal,
            },
            equip_to: None,
            effects: Vec::new(),
            ritual: None,
            database: Some(Box::new(DatabaseEntry {
                passcode: 5000 + u32::from(id),
                types: CardTypes::SPELL,
                ..DatabaseEntry::default()
            })),
        });
        id += 1;
    }
    Rules::new(
        common::format("domain"),
        CardPool::from_cards("card-game-pendulum-games", cards),
    )
}

#[test]
fn random_domain_games_pendulum_summon_and_their_audits_verify() {
    use fairduel_sim::protocol_selfplay::play_protocol_game;
    use fairduel_sim::selfplay::{BotKind, play_game};

    let rules = random_game_rules();
    let decks = fairduel_engine::domain::build_domain_decks(&rules.pool, &rules.format, 2);
    assert_eq!(decks.len(), 2, "two legal decks from the pool");
    let seating: Vec<_> = decks.iter().collect();
    let (mut summons, mut to_extra_deck) = (0, 0);
    for seed in 0..40 {
        let report = play_game(&rules, &seating, seed, BotKind::Random)
            .unwrap_or_else(|e| panic!("referee game {seed}: {e}"));
        summons += report.agreements.pendulum_summons;
        to_extra_deck += report.agreements.to_face_up_extra_deck;
    }
    assert!(summons > 0, "no Pendulum Summon in 40 random games");
    assert!(
        to_extra_deck > 0,
        "no Pendulum Monster went face-up to an Extra Deck in 40 random games"
    );
    let mut audited_summons = 0;
    for seed in 0..10 {
        let game = play_protocol_game(&rules, "domain", &seating, seed, BotKind::Random, true)
            .unwrap_or_else(|e| panic!("protocol game {seed}: {e}"));
        let report = game.audit.expect("audited");
        assert!(report.complete, "game {seed}: end reveals missing");
        assert!(report.all_verified(), "game {seed}: {:?}", report.verdicts);
        audited_summons += game.agreements.pendulum_summons;
    }
    assert!(
        audited_summons > 0,
        "no Pendulum Summon in 10 audited protocol games"
    );
}
