//! The players' own card definitions for Kingdom Duels (`crate::card_definitions` of the
//! engine): the FLIP keyword lets a monster be summoned Hidden in DEF Position from the
//! hand, and an Unstoppable card is answered by nobody. The card facts carry no effect
//! texts, so the test writes its own definitions for two real cards of the pool.

use std::sync::Arc;

use fairduel_engine::Rules;

mod common;

/// Kingdom Duels with Axe Raider (SOE-111) defined as a FLIP monster and Breath of God
/// (the card game's Normal Spell, Quick) as Unstoppable.
fn rules() -> Arc<Rules> {
    let (rules, _) = common::load("kingdom-duels");
    let breath = rules
        .pool
        .get(fairduel_engine::CardId(73))
        .and_then(|c| c.kingdom())
        .map(|k| k.code.clone())
        .unwrap_or_else(|| panic!("card 73 (Breath of God) is a Kingdom Duels card"));
    let pool = rules
        .pool
        .with_definitions(
            "my-definitions.toml",
            &format!(
                "[[card]]\ncode = \"SOE-111\"\nkeywords = [\"flip\"]\n\n\
                 [[card]]\ncode = \"{breath}\"\nkeywords = [\"unstoppable\"]\n"
            ),
        )
        .unwrap_or_else(|e| panic!("the definitions apply: {e}"));
    Rules::new(rules.format.clone(), pool)
}

#[test]
fn a_flip_monster_is_summoned_hidden_in_def_position_and_no_other_is() {
    common::scenario_passes(
        &rules(),
        "flip",
        r#"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [53, 151]           # Critter; Axe Raider, defined with the FLIP keyword
deck = [53]

[seat1]
deck = [53]

[[step]]
seat = 0
do = "play"
card = 53
mode = "set-defence"
to = "seat0-front1"
expect = "wrong-play-mode"

[[step]]
seat = 0
do = "play"
card = 151
mode = "set-defence"
to = "seat0-front2"

[[assert]]
at = "seat0-front2"
face = "down"
position = "defence"

[[assert]]
at = "seat0-front1"
empty = true
"#,
    );
}

#[test]
fn an_unstoppable_card_is_answered_by_nobody() {
    let position = |unstoppable: bool| {
        format!(
            r#"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [{card}]
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat1-back1"
card = 387                 # Arrival of the Harpie Lady (trap), Set last turn
seat = 1
face = "down"
entered_turn = 2

[[step]]
seat = 0
do = "play"
card = {card}
mode = "activate"
to = "seat0-back3"

[[assert]]
awaiting = "{awaiting}"
"#,
            card = if unstoppable { 73 } else { 274 },
            awaiting = if unstoppable {
                "propose-outcome"
            } else {
                "respond"
            },
        )
    };
    // Breath of God is Unstoppable: the chain resolves at once. Magic Removal is not: seat
    // 1, with a card Set last turn, is asked.
    common::scenario_passes(&rules(), "unstoppable", &position(true));
    common::scenario_passes(&rules(), "stoppable", &position(false));
}
