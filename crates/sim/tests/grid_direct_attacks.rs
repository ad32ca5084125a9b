//! DOR Classic rule 14 with a card database's monsters: "Effect Monsters whose effect
//! states that they can attack directly instead declare an attack against the Deck Leader
//! only if that monster is in the same column or row as the Deck Leader." Played with a
//! pool of the test's own (the fixture databases' direct attackers all set a condition).

use std::sync::Arc;

use fairduel_engine::Rules;

mod common;

fn rules(preset: &str) -> Arc<Rules> {
    Rules::new(common::format(preset), common::card_game::pool())
}

/// Seat 0's turn. Its Deck Leader on d7, seat 1's on d1. Seat 0: a monster that attacks
/// directly on d4 (the leader's column, a card of seat 1's between them on d2) and another
/// on c5 (neither its row nor its column); a plain monster on b1, in the leader's row.
const BOARD: &str = r#"
turn = 3

[seat0]
leader = 0
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "d4"
card = 14
seat = 0

[[cells]]
at = "c5"
card = 14
seat = 0

[[cells]]
at = "b1"
card = 2
seat = 0

[[cells]]
at = "d2"
card = 0
seat = 1
"#;

#[test]
fn a_monster_that_attacks_directly_reaches_the_deck_leader_along_its_row_or_column() {
    for preset in ["dor-classic", "dor-alternate", "dor-modern"] {
        let body = r#"
# Not in the Deck Leader's row or column.
[[step]]
seat = 0
do = "attack"
from = "c5"
to = "d1"
expect = "bad-attack-target"

# In its row, but it cannot attack directly: only adjacent cards.
[[step]]
seat = 0
do = "attack"
from = "b1"
to = "d1"
expect = "bad-attack-target"

# In its column, over the card between them: 1400 damage.
[[step]]
seat = 0
do = "attack"
from = "d4"
to = "d1"

[[assert]]
seat = 1
life_points = 6600
"#;
        let text = format!("format = \"{preset}\"\n{BOARD}{body}");
        let text = if preset == "dor-modern" {
            // Modern's attacks come in the Battle Phase.
            text.replacen(
                "[[step]]",
                "[[step]]\nseat = 0\ndo = \"next-phase\"\n\n[[step]]",
                1,
            )
        } else {
            text
        };
        common::scenario_passes(&rules(preset), preset, &text);
    }
}
