//! A card database's effects used at will on the grid (DOR Modern and Classic played with
//! the player's own cards): a face-up Effect Monster, a Pendulum Monster in its Pendulum
//! Zone (its Pendulum Effect) or a face-up Continuous Spell or Trap activates an effect in
//! its controller's Main Phase, once per turn per card, and the players agree on what it
//! does. A Normal Monster, the Deck Leader and a spellbound card do not. The positions are
//! scenario files written here, played with a pool of the test's own.

use std::sync::Arc;

use fairduel_engine::Rules;

mod common;

fn passes(preset: &str, name: &str, body: &str) {
    let rules: Arc<Rules> = Rules::new(common::format(preset), common::card_game::pool());
    let text = format!("format = \"{preset}\"\n{body}");
    common::scenario_passes(&rules, name, &text);
}

/// Seat 0's turn (its Deck Leader, an Effect Monster, on d7): a face-up Effect Monster on c6,
/// a face-up Normal Monster on e6, a spellbound Effect Monster on f6, and a Pendulum Monster
/// in the hand.
const BOARD: &str = r#"
turn = 3

[seat0]
leader = 0
hand = [11]
deck = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

[[cells]]
at = "c6"
card = 2
seat = 0

[[cells]]
at = "e6"
card = 18
seat = 0

[[cells]]
at = "f6"
card = 3
seat = 0
spellbound = 2
"#;

#[test]
fn a_face_up_effect_monster_activates_an_effect_once_per_turn_by_agreement() {
    passes(
        "dor-modern",
        "grid activated effect",
        &format!(
            "{BOARD}{}",
            r#"
# A Normal Monster has no effect; the Deck Leader's are negated; a spellbound monster uses
# none.
[[step]]
seat = 0
do = "activate-effect"
at = "e6"
expect = "cannot-activate"

[[step]]
seat = 0
do = "activate-effect"
at = "d7"
expect = "cannot-activate"

[[step]]
seat = 0
do = "activate-effect"
at = "f6"
expect = "spellbound"

# The other player cannot use seat 0's card.
[[step]]
seat = 1
do = "activate-effect"
at = "c6"
expect = "not-your-decision"

[[step]]
seat = 0
do = "activate-effect"
at = "c6"

[[assert]]
after = 5
awaiting = "propose-outcome"
seat = 0

# Its controller proposes what the text does (here: 500 damage to the opponent), and the
# opponent agrees.
[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "life-points", seat = 1, amount = -500 }]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
after = 7
seat = 1
life_points = 7500

[[assert]]
after = 7
awaiting = "main"
seat = 0

# Once per turn.
[[step]]
seat = 0
do = "activate-effect"
at = "c6"
expect = "cannot-activate"

# Next turn it may again.
[[step]]
seat = 0
do = "end-turn"

[[step]]
seat = 1
do = "end-turn"

[[step]]
seat = 0
do = "activate-effect"
at = "c6"

[[assert]]
after = 11
awaiting = "propose-outcome"
seat = 0
"#
        ),
    );
}

#[test]
fn a_pendulum_scale_activates_its_pendulum_effect_and_an_effect_monster_tries_one_in_the_battle_phase()
 {
    passes(
        "dor-modern",
        "grid pendulum effect",
        &format!(
            "{BOARD}{}",
            r#"
[[step]]
seat = 0
do = "play"
hand = 0
to = "g7"
mode = "activate"

[[step]]
seat = 0
do = "activate-effect"
at = "g7"

[[assert]]
after = 2
awaiting = "propose-outcome"
seat = 0

# Refused by the opponent, the effect does nothing, and the card has still used its turn.
[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "life-points", seat = 1, amount = -500 }]

[[step]]
seat = 1
do = "refuse-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = []

[[assert]]
after = 5
seat = 1
life_points = 8000

[[step]]
seat = 0
do = "activate-effect"
at = "g7"
expect = "cannot-activate"

# Modern's Battle Phase: an effect may be tried there too ("cards that state specific
# Phases in the card text", a Quick effect); whether its text allows it is agreed.
[[step]]
seat = 0
do = "next-phase"

[[step]]
seat = 0
do = "activate-effect"
at = "c6"

[[assert]]
after = 8
awaiting = "propose-outcome"
seat = 0
"#
        ),
    );
}
