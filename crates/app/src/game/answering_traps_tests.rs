//! Response windows for a trap's answers, on the match screen: a trap the enemy springs and
//! a power-up the enemy plays are offered in words, with the traps that may answer them, and
//! a monster brought back from another player's graveyard names the card that brings it.

use fairduel_engine::Seat;

use super::MatchUi;
use super::actions::current_options;
use super::tests::{option_labels, scenario_view};

#[test]
fn a_trap_the_enemy_springs_may_be_answered_by_royal_decree() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Spellbinding Circle springs beside Royal Decree's player"
format = "dor-classic"
turn = 3
[[cells]]
at = "c3"
card = 801
seat = 1
face = "down"
entered_turn = 1
[[cells]]
at = "b6"
card = 825
seat = 0
face = "down"
entered_turn = 1
[[cells]]
at = "c5"
card = 156
seat = 0
face = "up"
entered_turn = 1
[[step]]
seat = 0
do = "move"
from = "c5"
to = "c4"
[[step]]
seat = 1
do = "spring-trap"
at = "c3"
"#,
        Seat(0),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .starts_with("The enemy sprang Spellbinding Circle at c3."),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert!(labels.contains(&"Spring Royal Decree at b6"), "{labels:?}");
}

#[test]
fn a_power_up_the_enemy_plays_names_the_monster_it_joins() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Legendary Sword onto Celtic Guardian, Reverse Trap set"
format = "dor-classic"
turn = 3
[seat0]
hand = [752]
[[cells]]
at = "c2"
card = 816
seat = 1
face = "down"
entered_turn = 1
[[cells]]
at = "c7"
card = 156
seat = 0
face = "up"
[[step]]
seat = 0
do = "play"
card = 752
to = "c7"
mode = "equip"
"#,
        Seat(1),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .starts_with("The enemy powered up Celtic Guardian at c7."),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert!(labels.contains(&"Spring Reverse Trap at c2"), "{labels:?}");
}

#[test]
fn a_monster_from_another_graveyard_names_the_card_that_brings_it() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Hourglass of Life destroyed in battle"
format = "dor-classic"
turn = 3
[seat1]
graveyard = [0]
[[cells]]
at = "d6"
card = 377
seat = 0
face = "up"
[[cells]]
at = "d5"
card = 159
seat = 1
face = "up"
[[step]]
seat = 0
do = "attack"
from = "d6"
to = "d5"
"#,
        Seat(0),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.starts_with(
            "Hourglass of Life brings Blue-Eyes White Dragon back from a graveyard under your \
             control"
        ),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    // Seat 0's Deck Leader is at d7: all three zones next to it are free.
    assert_eq!(
        labels,
        [
            "Bring it back onto d6",
            "Bring it back onto c7",
            "Bring it back onto e7"
        ]
    );
}
