//! The card game's Synchro, Xyz and Link Summons on the grid (a card database's Extra Deck
//! monsters in DOR Modern and Classic): Classic rule 8 and Modern rule 1 (materials in
//! adjacent zones, the monster on a material's zone), Modern rule 2 (one Extra Deck monster,
//! then only where a Link Marker points next to the Deck Leader) and Modern rule 3 (7 in
//! all, 6 while the opponent controls 7). The positions are scenario files written here,
//! played with a pool of the test's own.

use std::sync::Arc;

use fairduel_engine::Rules;

mod common;

fn rules(preset: &str) -> Arc<Rules> {
    Rules::new(common::format(preset), common::card_game::pool())
}

fn passes(preset: &str, name: &str, body: &str) {
    let text = format!("format = \"{preset}\"\n{body}");
    common::scenario_passes(&rules(preset), name, &text);
}

/// Seat 0's turn (its Deck Leader on d7): a face-up Tuner (Level 2) on c6 and face-up
/// Level 4 monsters on d6 and f6, and one of each kind in the Extra Deck.
const BOARD: &str = r#"
turn = 3

[seat0]
leader = 0
extra = [4, 5, 6, 7, 8]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "c6"
card = 1
seat = 0

[[cells]]
at = "d6"
card = 2
seat = 0

[[cells]]
at = "f6"
card = 3
seat = 0
"#;

#[test]
fn a_synchro_summon_takes_adjacent_materials_and_one_of_their_zones() {
    passes(
        "dor-modern",
        "grid synchro",
        &format!(
            "{BOARD}{}",
            r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 4

# The Tuner (c6) and d6 stand side by side; the Synchro Monster goes to one of their zones,
# not to another zone next to the Deck Leader.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "e7", materials = ["c6", "d6"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "d6", materials = ["c6", "d6"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "d6"
card = 4
face = "up"

[[assert]]
at = "c6"
empty = true

[[assert]]
seat = 0
graveyard_contains = 1
extra_deck_size = 4
"#
        ),
    );
}

#[test]
fn materials_apart_from_each_other_are_refused() {
    passes(
        "dor-modern",
        "grid materials apart",
        &format!(
            "{BOARD}{}",
            r#"
# The Tuner on c6 and the Level 4 on f6 are not next to each other.
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 4

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 4, to = "c6", materials = ["c6", "f6"] },
]
expect = "bad-outcome"

[[assert]]
at = "f6"
card = 3
"#
        ),
    );
}

#[test]
fn an_xyz_summon_keeps_its_materials_beneath_it_on_the_grid() {
    passes(
        "dor-modern",
        "grid xyz",
        &format!(
            "{BOARD}{}",
            r#"
[[cells]]
at = "e6"
card = 3
seat = 0

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "e6", materials = ["d6", "e6"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "e6"
card = 5
attached = [2, 3]

[[assert]]
at = "d6"
empty = true
"#
        ),
    );
}

/// Seat 0's turn: Rank Four Xyz on e6 with two Level 4 materials and an equip beneath it,
/// a spell activated that resolves by agreement, and Rank Five Xyz in the Extra Deck.
const XYZ_ON_E6: &str = r#"
turn = 3

[seat0]
leader = 0
extra = [15]
hand = [17]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "e6"
card = 5
seat = 0
from_extra_deck = true
equips = [2, 16, 3]

[[step]]
seat = 0
do = "play"
card = 17
to = "c7"
mode = "activate"
"#;

#[test]
fn an_xyz_monster_detaches_its_materials_but_never_an_equip_beneath_it() {
    // Classic rule 11 of the second list: an equip attached beneath a monster "does not
    // count as an Xyz Material. An Xyz Monster cannot detach an Equip Spell Card."
    for preset in ["dor-modern", "dor-classic"] {
        passes(
            preset,
            "grid detach",
            &format!(
                "{XYZ_ON_E6}{}",
                r#"
[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "detach", at = "e6", index = 1 }]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "detach", at = "e6", index = 0 }]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "e6"
card = 5
attached = [16, 3]

[[assert]]
seat = 0
graveyard_contains = 2
"#
            ),
        );
    }
}

#[test]
fn a_rank_up_stacks_the_new_xyz_monster_on_top_of_the_old() {
    // Classic rule 13 of the second list: materials stand in adjacent zones, "The only
    // exception is when Ranking up an Xyz Monster in which case the new monster is stacked
    // on top." The old monster and its materials lie beneath the new one; its equip, no
    // Xyz Material, goes to the graveyard.
    passes(
        "dor-modern",
        "grid rank-up",
        &format!(
            "{XYZ_ON_E6}{}",
            r#"
[[step]]
seat = 0
do = "propose-outcome"
operations = [{ op = "from-extra-deck", card = 15, to = "e6" }]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "e6"
card = 15
face = "up"
attached = [2, 3, 5]

[[assert]]
seat = 0
graveyard_contains = 16
extra_deck_size = 0
"#
        ),
    );
}

/// Seat 0's turn: the Extra Deck monster `card` on c6 (from the Extra Deck), face-up
/// Level 4 monsters on b7 and c7 next to the Deck Leader on d7, and Rank Four Xyz in the
/// Extra Deck.
fn beside_an_extra_deck_monster_on_c6(card: u16) -> String {
    format!(
        r#"
turn = 3

[seat0]
leader = 0
extra = [5]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "c6"
card = {card}
seat = 0
from_extra_deck = true

[[cells]]
at = "b7"
card = 2
seat = 0

[[cells]]
at = "c7"
card = 3
seat = 0
"#
    )
}

#[test]
fn a_second_extra_deck_monster_goes_only_where_a_link_marker_points_next_to_the_leader() {
    // Link Two on c6 points up (c5) and down (c7, next to the Deck Leader on d7).
    passes(
        "dor-modern",
        "grid link markers",
        &format!(
            "{}{}",
            beside_an_extra_deck_monster_on_c6(6),
            r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5

# b7 is no zone a Link Marker points to.
[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "b7", materials = ["b7", "c7"] },
]
expect = "bad-outcome"

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 5, to = "c7", materials = ["b7", "c7"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "c7"
card = 5
"#
        ),
    );
}

#[test]
fn without_a_link_marker_a_second_extra_deck_monster_is_refused() {
    // A Synchro Monster on c6, where the Link Monster stood before, points nowhere.
    passes(
        "dor-modern",
        "grid no link marker",
        &format!(
            "{}{}",
            beside_an_extra_deck_monster_on_c6(4),
            r#"
# No zone of the materials may take a second Extra Deck monster: the summon cannot even be
# declared.
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5
expect = "cannot-summon-from-extra-deck"

[[assert]]
seat = 0
extra_deck_size = 1
"#
        ),
    );
}

/// Seat 0 controls four monsters and two from the Extra Deck (six); seat 1 five and
/// `seat1_extra` from the Extra Deck.
fn seven_in_all(seat1_extra: usize) -> String {
    let mut text = String::from(
        r#"
turn = 3

[seat0]
leader = 0
hand = [0]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]
"#,
    );
    let cell = |at: &str, card: u8, seat: u8, extra: bool| {
        format!(
            "\n[[cells]]\nat = \"{at}\"\ncard = {card}\nseat = {seat}\nfrom_extra_deck = {extra}\n"
        )
    };
    for at in ["a6", "b6", "f6", "g6"] {
        text.push_str(&cell(at, 2, 0, false));
    }
    text.push_str(&cell("c5", 6, 0, true));
    text.push_str(&cell("e5", 8, 0, true));
    for at in ["a2", "b2", "c2", "e2", "f2"] {
        text.push_str(&cell(at, 2, 1, false));
    }
    for at in ["a3", "b3"].iter().take(seat1_extra) {
        text.push_str(&cell(at, 6, 1, true));
    }
    text
}

#[test]
fn seven_monsters_in_all_leave_the_opponent_six() {
    // Seat 1 controls seven: seat 0, at six, may not summon a seventh.
    passes(
        "dor-modern",
        "grid six beside seven",
        &format!(
            "{}{}",
            seven_in_all(2),
            r#"
[[step]]
seat = 0
do = "play"
hand = 0
to = "c7"
mode = "summon"
expect = "monster-zones-full"
"#
        ),
    );
    // With six of seat 1's, seat 0's seventh is allowed.
    passes(
        "dor-modern",
        "grid seven",
        &format!(
            "{}{}",
            seven_in_all(1),
            r#"
[[step]]
seat = 0
do = "play"
hand = 0
to = "c7"
mode = "summon"

[[assert]]
at = "c7"
card = 0
"#
        ),
    );
}

#[test]
fn classic_summons_on_a_materials_zone_and_counts_the_monster_among_the_five() {
    passes(
        "dor-classic",
        "classic link",
        &format!(
            "{BOARD}{}",
            r#"
[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 6

[[step]]
seat = 0
do = "propose-outcome"
operations = [
  { op = "extra-deck-summon", card = 6, to = "c6", materials = ["c6", "d6"] },
]

[[step]]
seat = 1
do = "accept-outcome"

[[assert]]
at = "c6"
card = 6

[[assert]]
seat = 0
graveyard_size = 2
"#
        ),
    );
}

#[test]
fn a_summon_from_the_extra_deck_waits_for_a_main_phase_in_modern() {
    passes(
        "dor-modern",
        "grid battle phase",
        &format!(
            "{BOARD}{}",
            r#"
[[step]]
seat = 0
do = "next-phase"

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 4
expect = "wrong-phase"
"#
        ),
    );
}

/// A card-game pool large enough for 40-card decks: Level 1 to 4 monsters (every fifth a
/// Tuner), Synchro, Xyz and Link Monsters, and three Level 4 Pendulum Monsters.
fn self_play_pool() -> fairduel_engine::CardPool {
    use fairduel_engine::card::ExtraDeckSummon;
    let mut cards = Vec::new();
    for id in 0..40u16 {
        let level = (id % 4 + 1) as u8;
        let name = format!("Monster {id}");
        cards.push(common::card_game::monster(
            id,
            &name,
            level,
            None,
            id % 5 == 0,
        ));
    }
    let extra = [
        (ExtraDeckSummon::Link, 1),
        (ExtraDeckSummon::Link, 2),
        (ExtraDeckSummon::Link, 3),
        (ExtraDeckSummon::Synchro, 4),
        (ExtraDeckSummon::Synchro, 5),
        (ExtraDeckSummon::Xyz, 2),
        (ExtraDeckSummon::Xyz, 4),
    ];
    for (i, (summon, level)) in extra.into_iter().enumerate() {
        let id = 40 + i as u16;
        let name = format!("{summon:?} {level}");
        cards.push(common::card_game::monster(
            id,
            &name,
            level,
            Some(summon),
            false,
        ));
    }
    for (i, scale) in [1u8, 4, 8].into_iter().enumerate() {
        let id = 47 + i as u16;
        let name = format!("Pendulum {scale}");
        cards.push(common::card_game::pendulum(id, &name, 4, scale));
    }
    fairduel_engine::CardPool::from_cards("grid-card-game-self-play", cards)
}

#[test]
fn self_play_on_the_grid_summons_from_the_extra_deck_and_every_game_ends() {
    let rules = Rules::new(common::format("dor-modern"), self_play_pool());
    let decks = fairduel_engine::grid::build_grid_decks(&rules.pool, &rules.format, 4);
    assert_eq!(decks.len(), 4, "four legal decks from the pool");
    let mut summoned = 0;
    let mut pendulum_summons = 0;
    for seed in 0..60 {
        let pair = common::pairing(&decks, seed);
        let report = fairduel_sim::selfplay::play_game(
            &rules,
            &pair,
            seed,
            fairduel_sim::selfplay::BotKind::Random,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        summoned += report.agreements.extra_deck_summons;
        pendulum_summons += report.agreements.pendulum_summons;
    }
    assert!(
        summoned > 0,
        "the bots summoned no Synchro, Xyz or Link Monster in 60 games"
    );
    assert!(
        pendulum_summons > 0,
        "the bots made no Pendulum Summon in 60 games"
    );
}

#[test]
fn protocol_games_on_the_grid_with_extra_deck_summons_pass_their_audits() {
    let rules = Rules::new(common::format("dor-modern"), self_play_pool());
    let decks = fairduel_engine::grid::build_grid_decks(&rules.pool, &rules.format, 4);
    let mut summoned = 0;
    for seed in 0..12 {
        let pair = common::pairing(&decks, seed);
        let game = fairduel_sim::protocol_selfplay::play_protocol_game(
            &rules,
            "dor-modern",
            &pair,
            seed,
            fairduel_sim::selfplay::BotKind::Random,
            true,
        )
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(
            game.audit.as_ref().is_some_and(|a| a.all_verified()),
            "seed {seed}: the audit found something"
        );
        summoned += game.agreements.extra_deck_summons;
    }
    assert!(summoned > 0, "no Extra Deck summon in 12 protocol games");
}

#[test]
fn a_deck_leader_points_no_link_marker_and_a_material_points_none_once_it_leaves() {
    // A Link Monster as Deck Leader (no deck may have one: see below) has its effects
    // negated: its Link Marker up onto d6 lets nothing in. With a Synchro on a5 already,
    // an Xyz on d6 would be the second Extra Deck monster.
    passes(
        "dor-modern",
        "grid leader markers",
        r#"
turn = 3

[seat0]
leader = 6
extra = [5]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "a5"
card = 4
seat = 0
from_extra_deck = true

[[cells]]
at = "c6"
card = 2
seat = 0

[[cells]]
at = "d6"
card = 3
seat = 0

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 5
expect = "cannot-summon-from-extra-deck"
"#,
    );
    // Link Two on c6 points down onto c7, next to the Deck Leader; used as a material of
    // Link Three with the monster on c7, it leaves, and then nothing points there.
    passes(
        "dor-modern",
        "grid material markers",
        r#"
turn = 3

[seat0]
leader = 0
extra = [8]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "a5"
card = 4
seat = 0
from_extra_deck = true

[[cells]]
at = "c6"
card = 6
seat = 0
from_extra_deck = true

[[cells]]
at = "c7"
card = 2
seat = 0

[[step]]
seat = 0
do = "summon-from-extra-deck"
card = 8
expect = "cannot-summon-from-extra-deck"
"#,
    );
}

#[test]
fn extra_deck_monsters_stay_out_of_the_main_deck_and_never_lead() {
    use fairduel_engine::{CardId, DeckList};
    let rules = rules("dor-modern");
    let deck = |leader: u16, main: Vec<u16>| DeckList {
        name: "test".into(),
        leader: Some(CardId(leader)),
        main: main.into_iter().map(CardId).collect(),
        extra: Vec::new(),
        field_setup: fairduel_engine::field::FieldSetup::default(),
        duelist_setup: None,
    };
    let forty = |extra_card: Option<u16>| {
        let mut main: Vec<u16> = [0, 1, 2, 3]
            .iter()
            .flat_map(|c| std::iter::repeat_n(*c, 3))
            .collect();
        main.extend(std::iter::repeat_n(10, 3));
        main.extend(extra_card);
        main.resize(40, 10);
        main
    };
    let refused = |deck: DeckList| match deck.validate(&rules.pool, &rules.format) {
        Ok(()) => panic!("{:?} was accepted", deck.main),
        Err(problem) => problem.to_string(),
    };
    // The pool is too small for 40 cards of 3 copies each: only the refusal asked about is
    // looked for in the error.
    let leading_link = refused(deck(6, forty(None)));
    assert!(
        leading_link.contains("Deck Leader") && leading_link.contains("Link"),
        "{leading_link}"
    );
    // The leader is one of the deck's copies of its card: the main deck holds no other.
    let mut main = forty(Some(4));
    main.retain(|c| *c != 0);
    main.resize(40, 10);
    let synchro_in_main = refused(deck(0, main));
    assert!(
        synchro_in_main.contains("Level Six Synchro") && synchro_in_main.contains("Extra Deck"),
        "{synchro_in_main}"
    );
}

#[test]
fn a_pendulum_monster_is_activated_in_a_corner_of_its_players_edge_and_stays_there() {
    // DOR Modern rule 5. Seat 0's edge is row 7: its Pendulum Zones are a7 and g7.
    passes(
        "dor-modern",
        "grid pendulum zones",
        r#"
turn = 3

[seat0]
leader = 0
hand = [11, 11]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

# Not in a corner of seat 0's edge, nor in seat 1's corner.
[[step]]
seat = 0
do = "play"
hand = 0
to = "c7"
mode = "activate"
expect = "wrong-play-mode"

[[step]]
seat = 0
do = "play"
hand = 0
to = "a1"
mode = "activate"
expect = "wrong-play-mode"

[[step]]
seat = 0
do = "play"
hand = 0
to = "g7"
mode = "activate"

[[assert]]
at = "g7"
card = 11
face = "up"

# A Pendulum card in its zone never moves.
[[step]]
seat = 0
do = "move"
from = "g7"
to = "g6"
expect = "cannot-move"

# The other copy may still be summoned as a monster next to the Deck Leader.
[[step]]
seat = 0
do = "play"
hand = 0
to = "c7"
mode = "summon"

[[assert]]
at = "c7"
card = 11
"#,
    );
}

#[test]
fn pendulum_cards_count_among_the_five_spells_and_traps() {
    passes(
        "dor-modern",
        "grid pendulum limit",
        r#"
turn = 3

[seat0]
leader = 0
hand = [11]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[cells]]
at = "a6"
card = 10
seat = 0

[[cells]]
at = "b6"
card = 10
seat = 0

[[cells]]
at = "c6"
card = 10
seat = 0

[[cells]]
at = "e6"
card = 10
seat = 0

[[cells]]
at = "f6"
card = 10
seat = 0

[[step]]
seat = 0
do = "play"
hand = 0
to = "a7"
mode = "activate"
expect = "spell-trap-zones-full"
"#,
    );
}

#[test]
fn a_pendulum_summon_brings_monsters_between_the_scales_next_to_the_deck_leader_once_a_turn() {
    passes(
        "dor-modern",
        "grid pendulum summon",
        r#"
turn = 3

[seat0]
leader = 0
hand = [2, 3, 1, 13, 12]
deck = [0, 0, 0]

[seat1]
leader = 0
deck = [0, 0, 0]

[[step]]
seat = 0
do = "play"
hand = 4
to = "g7"
mode = "activate"

# One Scale is no Pendulum Summon.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand0 c7"]
expect = "cannot-pendulum-summon"

[[step]]
seat = 0
do = "play"
hand = 3
to = "a7"
mode = "activate"

# Scales 1 and 8: Levels 2 to 7. Next to the Deck Leader on d7 only.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand0 b6"]
expect = "outside-summon-area"

[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand0 c7", "hand1 e7"]

[[assert]]
at = "c7"
card = 2
face = "up"

[[assert]]
at = "e7"
card = 3
face = "up"

[[assert]]
seat = 0
hand_size = 1

# Once per turn: the Level 2 left in the hand waits for the next.
[[step]]
seat = 0
do = "pendulum-summon"
summons = ["hand0 d6"]
expect = "cannot-pendulum-summon"
"#,
    );
}
