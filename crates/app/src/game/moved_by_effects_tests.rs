//! Cards an effect moves, on the match screen: a monster coming back when destroyed asks its
//! owner for a zone of their Summoning Area, as does a monster made from nothing, and a
//! teleport asks which card and which zone,
//! each offered in words a player reads.

use fairduel_engine::Seat;

use super::MatchUi;
use super::actions::current_options;
use super::tests::{option_labels, scenario_view};

#[test]
fn a_monster_coming_back_asks_its_owner_for_a_zone_other_than_the_one_it_left() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Petit Angel destroyed in battle"
format = "dor-classic"
turn = 3
[[cells]]
at = "d2"
card = 376
seat = 1
face = "up"
[[cells]]
at = "d3"
card = 155
seat = 0
face = "up"
[[step]]
seat = 0
do = "attack"
from = "d3"
to = "d2"
"#,
        Seat(1),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .starts_with("Petit Angel was destroyed and comes back"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    // Seat 1's Deck Leader is at d1: c1 and e1 are free, d2 is the zone it left.
    assert_eq!(labels, ["Bring it back onto c1", "Bring it back onto e1"]);
}

#[test]
fn a_teleport_offers_every_jigen_bakudan_in_reach_and_every_free_enemy_zone() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Horn Imp flipped beside two Jigen Bakudan"
format = "dor-classic"
turn = 3
auto_pass = true
[[cells]]
at = "f4"
card = 295
seat = 0
face = "down"
position = "defence"
[[cells]]
at = "f3"
card = 621
seat = 0
face = "up"
position = "defence"
[[cells]]
at = "g4"
card = 621
seat = 0
face = "up"
position = "defence"
[[step]]
seat = 0
do = "flip"
at = "f4"
"#,
        Seat(0),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.starts_with("Horn Imp teleports a card"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    // Two bombs, each to the three free zones next to the enemy's Deck Leader (d1).
    assert_eq!(labels.len(), 6, "{labels:?}");
    // Two cards of one name: each option says which one goes.
    for from in ["f3", "g4"] {
        assert!(
            labels.contains(&format!("Teleport Jigen Bakudan from {from} to c1").as_str()),
            "{labels:?}"
        );
    }
}

#[test]
fn a_monster_made_from_nothing_asks_its_player_for_a_zone_and_names_both_cards() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Spirit of the Books flipped"
format = "dor-classic"
turn = 3
[[cells]]
at = "d6"
card = 274
seat = 0
face = "down"
[[step]]
seat = 0
do = "flip"
at = "d6"
"#,
        Seat(0),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .starts_with("Spirit of the Books makes Boo Koo from nothing for you"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    // Seat 0's Deck Leader is at d7: c7 and e7 are free, d6 is Spirit of the Books' own.
    assert_eq!(labels, ["Put it onto c7", "Put it onto e7"]);
}
