//! The card game's Tokens in Domain Format, with a pool of the test's own (the shipped
//! Domain pool, the DOR cards, holds none): brought onto another player's field by an
//! agreed outcome, owned by the effect's controller and controlled by the zone's player;
//! and "cards they own will be removed from the game (except to tokens)" when a player is
//! removed.

use std::sync::Arc;

use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, DatabaseEntry, MonsterStats, MonsterType, SpellKind,
};
use fairduel_engine::domain::CardTypes;
use fairduel_engine::{CardPool, Rules};

mod common;

fn monster(id: u16, name: &str, types: u32, atk: u16) -> CardDef {
    CardDef {
        id: CardId(id),
        name: name.into(),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Earth,
            monster_type: MonsterType::Beast,
            level: 1,
            atk,
            def: 0,
            ritual: false,
            strong_in: None,
            extra_deck: None,
        }),
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: Some(Box::new(DatabaseEntry {
            passcode: 2000 + u32::from(id),
            types,
            attribute: 0x1,
            race: 0x4000,
            ..DatabaseEntry::default()
        })),
    }
}

fn rules() -> Arc<Rules> {
    let pool = CardPool::from_cards(
        "card-game-tokens",
        [
            monster(
                0,
                "Test Beast",
                CardTypes::MONSTER | CardTypes::NORMAL,
                1500,
            ),
            monster(
                1,
                "Test Token",
                CardTypes::MONSTER | CardTypes::NORMAL | CardTypes::TOKEN,
                0,
            ),
            CardDef {
                id: CardId(2),
                name: "Test Spell".into(),
                kind: CardKind::Spell {
                    spell: SpellKind::Normal,
                },
                equip_to: None,
                effects: Vec::new(),
                ritual: None,
                database: None,
            },
        ],
    );
    Rules::new(common::format("domain-4"), pool)
}

#[test]
fn a_token_brought_onto_another_players_field_is_theirs_to_control_and_stays_when_its_owner_leaves()
{
    common::scenario_passes(
        &rules(),
        "token-for-another-player",
        r#"
format = "domain-4"
turn = 4
active = 0

[seat0]
hand = [2]
deck = [0, 0]

[seat1]
deck = [0, 0]

[seat2]
deck = [0, 0]

[seat3]
deck = [0, 0]

# Only a Token is brought from outside the game.
[[step]]
seat = 0
do = "play"
card = 2
mode = "activate"
to = "seat0-back1"

# With three opponents the effect names the one it targets: seat 1, whose field the Token
# goes to.
[[step]]
seat = 0
do = "choose-opponent"
opponent = 1

[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "token", card = 0, to = "seat1-front1" }]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "token", card = 1, to = "seat1-front1", position = "defence" },
  { op = "token", card = 1, to = "seat0-front1" },
]

[[step]]
seat = 1
do = "accept-outcome"

# Domain's consent: only the players an outcome touches (seat 1, whose zone takes a Token)
# are asked.
[[assert]]
after = 5
at = "seat1-front1"
card = 1
position = "defence"

# Seat 0 leaves: its own Token on its own field leaves with it; the one it owns on seat 1's
# field stays, seat 1's to control.
[[step]]
seat = 0
do = "concede"

[[assert]]
after = 6
at = "seat0-front1"
empty = true

[[assert]]
after = 6
at = "seat1-front1"
card = 1

[[assert]]
after = 6
seat = 0
removed = true
graveyard_size = 1

# Seat 1 leaves too: the Token it controlled, whose owner is gone, is removed with it.
[[step]]
seat = 1
do = "concede"

[[assert]]
at = "seat1-front1"
empty = true
"#,
    );
}
