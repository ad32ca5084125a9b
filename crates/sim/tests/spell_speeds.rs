//! The card game's three spell speeds in Domain Format, with cards the shipped pool does not
//! hold (a player's card database brings them): a Quick-Play Spell is Quick, and a Counter
//! Trap (spell speed 3) answers anything while only another Counter Trap answers it; a
//! Quick-Play Spell also answers from the hand in its player's own turn. The
//! positions are scenario files written here, played with a pool of the test's own.

use std::sync::Arc;

use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, MonsterStats, MonsterType, SpellKind, TrapKind, TrapRange,
};
use fairduel_engine::{CardPool, Rules};

mod common;

fn card(id: u16, name: &str, kind: CardKind) -> CardDef {
    CardDef {
        id: CardId(id),
        name: name.into(),
        kind,
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: None,
    }
}

fn trap(trap: TrapKind) -> CardKind {
    CardKind::Trap {
        trap,
        range: TrapRange::Full,
    }
}

/// A monster to be the Deck Masters, two Normal Traps, two Counter Traps and a Quick-Play
/// Spell.
fn rules() -> Arc<Rules> {
    let format = common::format("domain");
    let monster = CardKind::Monster(MonsterStats {
        attribute: Attribute::Light,
        monster_type: MonsterType::Warrior,
        level: 4,
        atk: 1500,
        def: 1000,
        ritual: false,
        strong_in: None,
        extra_deck: None,
    });
    let pool = CardPool::from_cards(
        "spell-speeds",
        [
            card(0, "Test Warrior", monster),
            card(1, "Test Normal Trap", trap(TrapKind::Normal)),
            card(2, "Test Counter Trap", trap(TrapKind::Counter)),
            card(3, "Another Normal Trap", trap(TrapKind::Normal)),
            card(4, "Another Counter Trap", trap(TrapKind::Counter)),
            card(
                5,
                "Test Quick-Play Spell",
                CardKind::Spell {
                    spell: SpellKind::QuickPlay,
                },
            ),
        ],
    );
    Rules::new(format, pool)
}

fn passes(name: &str, text: &str) {
    common::scenario_passes(&rules(), name, text);
}

const BOARD: &str = r#"
format = "domain"
turn = 5
first = 0
active = 0

[seat0]
deck = [0, 0]

[seat1]
deck = [0, 0]

[[cells]]
at = "seat0-back1"
card = 1
seat = 0
face = "down"
entered_turn = 1

[[cells]]
at = "seat0-back2"
card = 4
seat = 0
face = "down"
entered_turn = 1

[[cells]]
at = "seat0-back3"
card = 5
seat = 0
face = "down"
entered_turn = 1

[[cells]]
at = "seat1-back1"
card = 2
seat = 1
face = "down"
entered_turn = 2

[[cells]]
at = "seat1-back2"
card = 3
seat = 1
face = "down"
entered_turn = 2
"#;

#[test]
fn only_a_counter_trap_answers_a_counter_trap() {
    let steps = r#"

# A Normal Trap (speed 2) starts a chain; a Counter Trap (speed 3) answers it.
[[step]]
seat = 0
do = "activate"
at = "seat0-back1"

[[step]]
seat = 1
do = "activate"
at = "seat1-back1"

[[assert]]
after = 2
awaiting = "respond"
seat = 0
chain_links = 2

# A Quick-Play Spell is speed 2: it cannot answer the Counter Trap; a Counter Trap can.
[[step]]
seat = 0
do = "activate"
at = "seat0-back3"
expect = "cannot-activate"

[[step]]
seat = 0
do = "activate"
at = "seat0-back2"

# Nor can a Normal Trap answer that one.
[[step]]
seat = 1
do = "activate"
at = "seat1-back2"
expect = "cannot-activate"

[[step]]
seat = 1
do = "pass"

# Its controller is asked last, and only a Counter Trap could answer there too.
[[assert]]
after = 6
awaiting = "respond"
seat = 0

[[step]]
seat = 0
do = "pass"

[[assert]]
after = 7
awaiting = "propose-outcome"
seat = 0
chain_links = 2
"#;
    passes("counter-answers-counter", &format!("{BOARD}{steps}"));
}

#[test]
fn a_quick_play_spell_answers_a_trap_and_a_counter_trap_answers_it() {
    let steps = r#"

[[step]]
seat = 0
do = "activate"
at = "seat0-back1"

# A Normal Trap answers a Normal Trap (speed 2 on speed 2).
[[step]]
seat = 1
do = "activate"
at = "seat1-back2"

# A Set Quick-Play Spell is speed 2 too.
[[step]]
seat = 0
do = "activate"
at = "seat0-back3"

[[step]]
seat = 1
do = "activate"
at = "seat1-back1"

[[assert]]
after = 4
awaiting = "respond"
seat = 0
chain_links = 4
"#;
    passes("quick-play-and-counter", &format!("{BOARD}{steps}"));
}

#[test]
fn a_quick_play_spell_set_this_turn_waits_a_turn() {
    let set_this_turn = BOARD.replace(
        "card = 5\nseat = 0\nface = \"down\"\nentered_turn = 1",
        "card = 5\nseat = 0\nface = \"down\"\nentered_turn = 5",
    );
    let steps = r#"

[[step]]
seat = 0
do = "activate"
at = "seat0-back3"
expect = "cannot-activate"
"#;
    passes(
        "quick-play-set-this-turn",
        &format!("{set_this_turn}{steps}"),
    );
}

/// The card game: a Quick-Play Spell may be activated from the hand in its player's own
/// turn, in answer to a chain link too (`field.quick_spells_from_hand`), never in another
/// player's turn.
#[test]
fn a_quick_play_spell_from_the_hand_answers_in_its_players_own_turn() {
    let board = BOARD
        .replace(
            "[seat0]\ndeck = [0, 0]",
            "[seat0]\nhand = [5]\ndeck = [0, 0]",
        )
        .replace(
            "[seat1]\ndeck = [0, 0]",
            "[seat1]\nhand = [5]\ndeck = [0, 0]",
        );
    let steps = r#"

[[step]]
seat = 0
do = "activate"
at = "seat0-back1"

# Not seat 1's turn: its Quick-Play Spell stays in the hand.
[[step]]
seat = 1
do = "play"
card = 5
mode = "activate"
to = "seat1-back3"
expect = "wrong-decision"

[[step]]
seat = 1
do = "activate"
at = "seat1-back2"

[[assert]]
after = 3
awaiting = "respond"
seat = 0
chain_links = 2

# Seat 0's own turn: the Quick-Play Spell answers from the hand.
[[step]]
seat = 0
do = "play"
card = 5
mode = "activate"
to = "seat0-back4"

[[assert]]
after = 4
seat = 0
hand_size = 0
chain_links = 3

[[assert]]
after = 4
at = "seat0-back4"
face = "up"

[[assert]]
after = 4
awaiting = "respond"
seat = 1
"#;
    passes("quick-play-from-the-hand", &format!("{board}{steps}"));
}
