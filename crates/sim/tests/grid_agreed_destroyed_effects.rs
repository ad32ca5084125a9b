//! "When destroyed" effects a table leaves to agreement on the grid. The DOR pool now
//! defines every Destruction effect of the original effect table, so these positions play a
//! pool the test writes, as a table would: the DOR pool with Larva of Moth's revival ("the
//! card is revived as Larvae Moth in own Summoning Area") left to agreement.

use std::sync::Arc;

use fairduel_engine::{CardPool, Rules};

mod common;

/// The DOR pool with Larva of Moth's when-destroyed effect resolving by agreement.
fn classic_with_larva_of_moth_agreed() -> Arc<Rules> {
    let path = common::asset_dir().join("cards").join("dor.toml");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => panic!("{}: {e}", path.display()),
    };
    let defined = "effect = { do = \"make-monster\", card = 401 }";
    assert_eq!(
        text.matches(defined).count(),
        1,
        "Larva of Moth's revival is defined once in the DOR pool"
    );
    let agreed = text.replace(defined, "effect = { do = \"by-agreement\" }");
    let pool = match CardPool::from_toml("DOR with Larva of Moth agreed", &agreed) {
        Ok(pool) => pool,
        Err(e) => panic!("the edited pool loads: {e}"),
    };
    Rules::new(common::format("dor-classic"), pool)
}

/// Seat 0's turn: Gaia The Fierce Knight (2300 ATK) on c6 destroys seat 1's face-up Larva of
/// Moth on c5 in step 1; `rest` goes on from there, under the rule `rule`.
fn larva_of_moth_falls(name: &str, rule: &str, rest: &str) {
    let text = format!("rule = \"{rule}\"\n{LARVA_OF_MOTH_FALLS}{rest}");
    common::scenario_passes(&classic_with_larva_of_moth_agreed(), name, &text);
}

const LARVA_OF_MOTH_FALLS: &str = r#"
format = "dor-classic"
turn = 5

[[cells]]
at = "c6"
card = 155                 # Gaia The Fierce Knight, 2300 ATK
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "c5"
card = 427                 # Larva of Moth, 0 ATK
seat = 1
face = "up"
entered_turn = 4

[[step]]
seat = 0
do = "attack"
from = "c6"
to = "c5"
"#;

/// Issue 18: a "when destroyed" effect without a definition (the original effect table's
/// Destruction class) resolves by agreement after the battle that destroyed it. Its
/// controller proposes taking the Larva back to the hand, and the attacker's player accepts.
/// The refusal path is the same as a spell's: a refused proposal changes nothing and the
/// controller may propose again.
#[test]
fn a_when_destroyed_effect_without_a_definition_resolves_by_agreement_after_the_battle() {
    larva_of_moth_falls(
        "agreed when-destroyed effect",
        "agreed-effects",
        r#"
[[assert]]
after = 1
awaiting = "propose-outcome"
seat = 1

[[step]]
seat = 1
do = "propose-outcome"
operations = [{ op = "move", from = "seat1-grave1", to = "hand" }, { op = "life-points", seat = 0, amount = -500 }]

[[step]]
seat = 0
do = "refuse-outcome"

[[assert]]
after = 3
awaiting = "propose-outcome"
seat = 1

[[step]]
seat = 1
do = "propose-outcome"
operations = [{ op = "move", from = "seat1-grave1", to = "hand" }]

[[step]]
seat = 0
do = "accept-outcome"

[[assert]]
seat = 1
hand_contains = 427
graveyard_lacks = 427

[[assert]]
seat = 0
life_points = 8000

[[assert]]
awaiting = "main"
seat = 0
"#,
    );
}

/// Classic rule 10: "Monsters Special Summoned using their own effects ... are Summoned to an
/// unused Card Zone adjacent to your Deck Leader." An agreed outcome that brings the
/// destroyed Larva back from the graveyard puts it next to its controller's Deck Leader (d1),
/// not where it fell.
#[test]
fn a_monster_special_summoned_by_its_own_agreed_effect_appears_next_to_the_deck_leader() {
    larva_of_moth_falls(
        "agreed summon of itself next to the leader",
        "classic-10",
        r#"
[[step]]
seat = 1
do = "propose-outcome"
operations = [{ op = "move", from = "seat1-grave1", to = "c4" }]
expect = "bad-outcome"

[[step]]
seat = 1
do = "propose-outcome"
operations = [{ op = "move", from = "seat1-grave1", to = "d2" }]

[[step]]
seat = 0
do = "accept-outcome"

[[assert]]
at = "d2"
card = 427
controller = 1
face = "up"

[[assert]]
at = "c4"
empty = true
"#,
    );
}
