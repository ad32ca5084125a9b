//! The card game's Synchro, Xyz and Link Summons in Domain Format, with cards the shipped
//! pool does not hold (a player's card database brings them): declared in the Main Phase,
//! agreed, and held to their mechanic (one Tuner and the Levels' sum; materials of the
//! Rank; materials counting for the Link Rating). The positions are scenario files written
//! here, played with a pool of the test's own. What the monster's text asks beyond its
//! mechanic is for every other player to judge: each is asked, even under Domain's
//! `touched` consent.

use std::sync::Arc;

use fairduel_engine::Rules;

mod common;

fn rules() -> Arc<Rules> {
    rules_for("domain")
}

fn rules_for(preset: &str) -> Arc<Rules> {
    Rules::new(common::format(preset), common::card_game::pool())
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
  { op = "extra-deck-summon", card = 6, to = "seat0-emz1", materials = ["seat0-front1", "seat0-front2", "seat0-front3"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-emz1", materials = ["seat0-front2", "seat0-front3"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-emz1"
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
  { op = "extra-deck-summon", card = 8, to = "seat0-emz2", position = "defence", materials = ["seat0-front4", "seat0-front2"] },
]
expect = "bad-outcome"

# A Link Monster goes to a Main Monster Zone only where a Link arrow points, and the Link-2
# points nowhere once it is a material.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 8, to = "seat0-front5", materials = ["seat0-front4", "seat0-front2"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 8, to = "seat0-emz2", materials = ["seat0-front4", "seat0-front2"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-emz2"
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

/// Seat 0's turn with a Link-2 of its own in the Extra Monster Zone on its left, pointing
/// down at its second Main Monster Zone and up at the facing seat's fourth.
const LINKED_BOARD: &str = r#"
format = "domain"
turn = 5

[seat0]
extra = [6, 4]
deck = [0, 0]

[seat1]
extra = [6]
deck = [0, 0]

[[cells]]
at = "seat0-emz1"
card = 6
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-front4"
card = 2
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-front5"
card = 3
seat = 0
face = "up"
entered_turn = 3
"#;

#[test]
fn a_link_monster_takes_a_main_monster_zone_only_where_a_link_arrow_points() {
    passes_on(
        "linked-zone",
        LINKED_BOARD,
        r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 6

# Seat 0 already uses an Extra Monster Zone: the other is not for it.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-emz2", materials = ["seat0-front4", "seat0-front5"] },
]
expect = "bad-outcome"

# No Link arrow points to the first Main Monster Zone.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-front1", materials = ["seat0-front4", "seat0-front5"] },
]
expect = "bad-outcome"

# The Link-2 in the Extra Monster Zone points down at the second.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-front2", materials = ["seat0-front4", "seat0-front5"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-front2"
card = 6

[[assert]]
at = "seat0-emz1"
card = 6
"#,
    );
}

#[test]
fn a_non_link_extra_deck_monster_takes_either_kind_of_zone_but_one_extra_zone_at_a_time() {
    passes_on(
        "one-extra-zone",
        LINKED_BOARD,
        r#"
[[cells]]
at = "seat0-front1"
card = 1
seat = 0
face = "up"
entered_turn = 3

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 4

# A Synchro Monster may not go to the second Extra Monster Zone while seat 0 holds the
# first ...
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "seat0-emz2", materials = ["seat0-front1", "seat0-front4"] },
]
expect = "bad-outcome"

# ... and may go to a Main Monster Zone no arrow points to.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "seat0-front3", materials = ["seat0-front1", "seat0-front4"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat0-front3"
card = 4
"#,
    );
}

#[test]
fn the_facing_player_shares_the_zones_and_sees_the_arrows_turned_round() {
    // Seat 1's turn: seat 0's Link-2 sits in the Extra Monster Zone on seat 0's left (on
    // seat 1's right) and points up, from seat 0, at seat 1's fourth Main Monster Zone.
    passes_on(
        "facing-pair",
        &LINKED_BOARD.replace("turn = 5", "turn = 6\nactive = 1"),
        r#"
[[cells]]
at = "seat1-front1"
card = 2
seat = 1
face = "up"
entered_turn = 3

[[cells]]
at = "seat1-front2"
card = 3
seat = 1
face = "up"
entered_turn = 3

[[step]]
seat = 1
do = "summon-from-extra-deck"
card = 6

# The Extra Monster Zone seat 0 holds is taken.
[[step]]
seat = 1
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-emz1", materials = ["seat1-front1", "seat1-front2"] },
]
expect = "bad-outcome"

# Seat 0's arrow points at seat 1's fourth zone, not its third.
[[step]]
seat = 1
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat1-front3", materials = ["seat1-front1", "seat1-front2"] },
]
expect = "bad-outcome"

[[step]]
seat = 1
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat1-front4", materials = ["seat1-front1", "seat1-front2"] },
]

[[step]]
seat = 0
do = "accept-outcome"

[[assert]]
at = "seat1-front4"
card = 6
"#,
    );
}

#[test]
fn a_monster_in_an_extra_monster_zone_is_its_controllers_in_battle() {
    // Seat 0's only monster is in the shared zone: seat 1 cannot attack seat 0 directly,
    // and attacks the monster there.
    passes_on(
        "extra-zone-battle",
        &LINKED_BOARD.replace("turn = 5", "turn = 6\nactive = 1"),
        r#"
[[cells]]
at = "seat1-front1"
card = 7
seat = 1
face = "up"
entered_turn = 3

[[step]]
seat = 1
do = "next-phase"

[[step]]
seat = 1
do = "attack"
from = "seat1-front1"
to = "seat0-player"
expect = "bad-attack-target"

[[step]]
seat = 1
do = "attack"
from = "seat1-front1"
to = "seat0-emz1"
"#,
    );
}

#[test]
fn with_an_odd_count_the_player_facing_nobody_has_extra_monster_zones_of_their_own() {
    let board = r#"
format = "domain-3"
turn = 6
active = 2

[seat0]
deck = [0, 0]

[seat1]
deck = [0, 0]

[seat2]
extra = [6]
deck = [0, 0]

[[cells]]
at = "seat2-front1"
card = 2
seat = 2
face = "up"
entered_turn = 3

[[cells]]
at = "seat2-front2"
card = 3
seat = 2
face = "up"
entered_turn = 3
"#;
    common::scenario_passes(
        &rules_for("domain-3"),
        "facing-nobody",
        &format!(
            "{board}{}",
            r#"
[[step]]
seat = 2
do = "summon-from-extra-deck"
card = 6

# Seats 0 and 1 share theirs; seat 2 is not at that pair.
[[step]]
seat = 2
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat0-emz1", materials = ["seat2-front1", "seat2-front2"] },
]
expect = "bad-outcome"

[[step]]
seat = 2
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "seat2-emz2", materials = ["seat2-front1", "seat2-front2"] },
]

[[step]]
seat = 0
do = "accept-outcome"

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "seat2-emz2"
card = 6
"#
        ),
    );
}

/// Domain Format, "Returning to the DMZ": "If your DM is attached as material or placed in
/// the S/T Zone from the Monster Zone, this is not considered to have moved zones since
/// they are still on the field." A Deck Master used as an Xyz Material is not offered back;
/// once the Xyz Monster leaves the field and its materials go to the graveyard, it has
/// changed zones, and it is.
#[test]
fn a_deck_master_attached_as_an_xyz_material_is_still_on_the_field() {
    common::scenario_passes(
        &rules(),
        "deck master as material",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 3
extra = [5]
hand = [10]
deck = [0, 0]

[seat1]
deck = [0, 0]

[[cells]]
at = "seat0-front2"
card = 2
seat = 0
face = "up"
entered_turn = 3

[[step]]
seat = 0
do = "summon-deck-master"
to = "seat0-front3"

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "seat0-front3", materials = ["seat0-front2", "seat0-front3"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
after = 4
at = "seat0-front3"
card = 5
attached = [2, 3]

# Beneath the Xyz Monster it is still on the field: nothing to decide.
[[assert]]
after = 4
seat = 0
deck_master = "field"
awaiting = "main"

# A spell whose effect is agreed destroys the Xyz Monster (only seat 0's cards are touched,
# so nobody else is asked); its materials go with it.
[[step]]
seat = 0
do = "play"
card = 10
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "destroy", at = "seat0-front3" }]

[[assert]]
seat = 0
deck_master = "graveyard"
awaiting = "return-deck-master"
"#,
    );
}

/// Domain Format, "Returning to the DMZ": a Deck Master that is an Extra Deck monster and is
/// sent to the hand goes back to the Extra Deck, as in the card game; it has changed zones,
/// so its owner is offered its return, and it returns from the Extra Deck.
#[test]
fn an_extra_deck_deck_master_sent_to_the_hand_is_offered_back_from_the_extra_deck() {
    common::scenario_passes(
        &rules(),
        "extra deck deck master",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 4
hand = [10, 10]
deck = [0, 0]

[seat1]
deck = [0, 0]

# An effect of seat 0's own card summons the Deck Master from its zone (agreed).
[[step]]
seat = 0
do = "play"
hand = 0
mode = "activate"
to = "seat0-back1"

[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "move", from = "seat0-dmz", to = "seat0-front3" }]

[[assert]]
after = 2
seat = 0
deck_master = "field"

# Another returns it to the hand: it goes to the Extra Deck instead.
[[step]]
seat = 0
do = "play"
hand = 0
mode = "activate"
to = "seat0-back2"

[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "move", from = "seat0-front3", to = "hand" }]

[[assert]]
after = 4
seat = 0
deck_master = "extra-deck"
awaiting = "return-deck-master"
hand_size = 0
extra_deck_size = 1

[[step]]
seat = 0
do = "return-deck-master"

[[assert]]
seat = 0
deck_master = "zone"
extra_deck_size = 0
"#,
    );
}

/// Domain Format, "Removing players from the game": "cards they own will be removed from
/// the game" — a card of the removed player's attached beneath another player's Xyz
/// Monster (the seed's own Number 101 example takes one there) goes with them; the Xyz
/// Monster stays.
#[test]
fn a_removed_players_card_attached_beneath_another_players_monster_goes_with_them() {
    common::scenario_passes(
        &rules_for("domain-4"),
        "removed material",
        r#"
format = "domain-4"
turn = 5

[seat0]
deck = [0, 0]

[seat1]
deck = [0, 0]

[seat2]
deck = [0, 0]

[seat3]
deck = [0, 0]

[[cells]]
at = "seat1-front1"
card = 5
seat = 1
equips = [2]
equips_owner = 0

[[step]]
seat = 0
do = "concede"

[[assert]]
at = "seat1-front1"
card = 5
attached = []
"#,
    );
}

/// Domain Format, "Summoning from the DMZ": a Deck Master leaves its zone by "Using its
/// proper summon mechanic (fusion, synchro, xyz, link)". An Xyz Deck Master is Xyz Summoned
/// straight from the Deck Master Zone with materials of its Rank, paying 500 LP for its one
/// earlier return; without the materials, or the life points, it stays.
#[test]
fn an_xyz_deck_master_is_xyz_summoned_from_its_zone_at_its_cost() {
    common::scenario_passes(
        &rules(),
        "xyz deck master",
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 5
deck_master_returns = 1
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
deck_master = "field"
life_points = 7500
awaiting = "main"
"#,
    );
}
