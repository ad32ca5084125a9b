//! The card game's Synchro, Xyz and Link Summons in Domain Format, with cards the shipped
//! pool does not hold (a player's card database brings them): declared in the Main Phase,
//! agreed, and held to their mechanic (one Tuner and the Levels' sum; materials of the
//! Rank; materials counting for the Link Rating). The positions are scenario files written
//! here, played with a pool of the test's own. What the monster's text asks beyond its
//! mechanic is for every other player to judge: each is asked, even under Domain's
//! `touched` consent.

use std::sync::Arc;

use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, DatabaseEntry, ExtraDeckSummon, MonsterStats, MonsterType,
};
use fairduel_engine::domain::CardTypes;
use fairduel_engine::{CardPool, Rules};

mod common;

fn monster(id: u16, name: &str, level: u8, extra: Option<ExtraDeckSummon>, tuner: bool) -> CardDef {
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
            ..DatabaseEntry::default()
        })),
    }
}

fn rules() -> Arc<Rules> {
    let format = common::format("domain");
    let pool = CardPool::from_cards(
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
        ],
    );
    Rules::new(format, pool)
}

fn passes(name: &str, body: &str) {
    passes_on(name, BOARD, body);
}

fn passes_on(name: &str, board: &str, body: &str) {
    common::scenario_passes(&rules(), name, &format!("{board}{body}"));
}

/// Seat 0's turn: a face-up Tuner (Level 2) and two face-up Level 4 monsters, and one of
/// each kind in the Extra Deck.
const BOARD: &str = r#"
format = "domain"
turn = 5

[seat0]
extra = [4, 5, 6, 7, 8, 9]
deck = [0, 0]

[seat1]
deck = [0, 0]

[[cells]]
at = "seat0-front1"
card = 1
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-front2"
card = 2
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-front3"
card = 3
seat = 0
face = "up"
entered_turn = 3
"#;

#[test]
fn a_synchro_summon_takes_one_tuner_and_the_levels_sum() {
    passes(
        "synchro",
        r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 4

# Two non-Tuners (4 + 4) are no Synchro Summon; nor is a Tuner with both (2 + 4 + 4).
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "seat0-front4", materials = ["seat0-front2", "seat0-front3"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "seat0-front4", materials = ["seat0-front1", "seat0-front2", "seat0-front3"] },
]
expect = "bad-outcome"

# The Tuner (2) and one Level 4 make Level 6.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "seat0-front4", materials = ["seat0-front1", "seat0-front2"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-front4"
card = 4
face = "up"

[[assert]]
seat = 0
graveyard_contains = 1
extra_deck_size = 5
"#,
    );
}

#[test]
fn an_xyz_summon_takes_monsters_of_its_rank_and_keeps_them_attached() {
    passes(
        "xyz",
        r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5

# The Level 2 Tuner is not Level 4.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "seat0-front4", materials = ["seat0-front1", "seat0-front2"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "seat0-front4", materials = ["seat0-front2", "seat0-front3"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-front4"
card = 5
attached = [2, 3]

[[assert]]
seat = 0
graveyard_size = 0
"#,
    );
}

#[test]
fn a_link_summon_takes_as_many_materials_as_its_rating() {
    passes(
        "link",
        r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 6

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-front4", materials = ["seat0-front1", "seat0-front2", "seat0-front3"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-front4", materials = ["seat0-front2", "seat0-front3"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-front4"
card = 6

[[assert]]
seat = 0
graveyard_size = 2
"#,
    );
}

#[test]
fn a_summon_is_declared_only_in_the_main_phase_and_only_for_its_kinds() {
    passes(
        "declared",
        r#"
# A Level 8 Synchro has no materials on this field (2 + 4 + 4 is 10), and a Fusion is
# summoned by the effect that Fusion Summons it.
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 7
expect = "cannot-summon-from-extra-deck"

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 9
expect = "cannot-summon-from-extra-deck"

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 4

# While that summon is being agreed, nothing else is declared; and its outcome is that
# summon, not another monster's nor anything else.
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5
expect = "cannot-summon-from-extra-deck"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "seat0-front4", materials = ["seat0-front2", "seat0-front3"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "draw", seat = 0, count = 1 },
]
expect = "bad-outcome"

# Given up: the Synchro stays in the Extra Deck.
[[step]]
seat = 0
do = "propose-outcome"
operations = []

[[assert]]
seat = 0
extra_deck_size = 6
"#,
    );
}

#[test]
fn a_link_monster_material_counts_one_or_its_rating_and_links_stay_in_attack_position() {
    let board_with_link = r#"
[[cells]]
at = "seat0-front4"
card = 6
seat = 0
face = "up"
entered_turn = 3
"#;
    passes(
        "link-materials",
        &format!(
            "{board_with_link}{}",
            r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 8

# Two Level 4 monsters count for 2, not 3.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 8, to = "seat0-front5", materials = ["seat0-front2", "seat0-front3"] },
]
expect = "bad-outcome"

# The Link-2 counts 2 and a Level 4 counts 1: Link-3, but never in DEF Position.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 8, to = "seat0-front5", position = "defence", materials = ["seat0-front4", "seat0-front2"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 8, to = "seat0-front5", materials = ["seat0-front4", "seat0-front2"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-front5"
card = 8
position = "attack"

[[assert]]
seat = 0
graveyard_size = 2
"#
        ),
    );
}

#[test]
fn an_extra_deck_monster_sent_to_the_hand_returns_to_the_extra_deck() {
    let xyz_on_the_field = r#"
[[cells]]
at = "seat0-front4"
card = 5
seat = 0
face = "up"
entered_turn = 3
"#;
    let text = format!(
        "{xyz_on_the_field}{}",
        r#"
[[step]]
seat = 0
do = "play"
card = 10
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "move", from = "seat0-front4", to = "hand" },
]

[[assert]]
seat = 0
hand_size = 0
extra_deck_size = 7

[[assert]]
at = "seat0-front4"
empty = true
"#
    );
    let board = BOARD.replace("[seat0]\n", "[seat0]\nhand = [10]\n");
    passes_on("extra-deck-return", &board, &text);
}
