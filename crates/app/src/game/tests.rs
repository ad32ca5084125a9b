//! The match screen's model and helpers against real local matches.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::*;
use crate::board::Mark;
use crate::catalog::Catalog;
use crate::catalog::tests::project_assets;
use crate::session::{BotMatch, NetRuntime, start_bot_match};

#[test]
fn seat_numbers_become_names_even_when_a_name_reads_like_a_seat() {
    let names = ["Eve seat 1".to_owned(), "Bob".to_owned()];
    assert_eq!(
        with_seat_names("seat 0 attacks seat 1's Deck Leader", &names),
        "Eve seat 1 attacks Bob's Deck Leader"
    );
    assert_eq!(
        with_seat_names("seat one, seat 2, seat", &names),
        "seat one, seat 2, seat"
    );
    let four: Vec<String> = ["Ada", "Bot 1", "Partner bot", "Bot 2"]
        .map(str::to_owned)
        .to_vec();
    assert_eq!(
        with_seat_names(
            "seat 3 attacks seat 1; seat 2 draws; seat 12 is not here",
            &four
        ),
        "Bot 2 attacks Bot 1; Partner bot draws; seat 12 is not here"
    );
}

/// The first main-phase view of my seat in a local match.
fn my_main_view(format: &str, seed: u64) -> SeatView {
    let catalog = Catalog::load(&project_assets()).expect("assets");
    let rules = Arc::clone(&catalog.format(format).expect("format").rules);
    let decks = catalog.legal_decks(&rules);
    let runtime = NetRuntime::start().expect("runtime");
    let mut session = start_bot_match(
        &runtime,
        BotMatch {
            rules,
            format_name: format.to_owned(),
            my_deck: decks[0].1.clone(),
            bot_decks: vec![decks[1].1.clone()],
            seed,
            identity: None,
            bot_delay: Duration::ZERO,
            autopilot: false,
            autopilot_until_turn: None,
            records_dir: None,
        },
        Arc::new(|| {}),
    )
    .expect("match starts");
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Ok(Some(Update::View(view))) = session.next_timeout(Duration::from_millis(100))
            && view.my_decision()
        {
            if view.awaiting().is_main_of(view.seat) {
                return *view;
            }
            // Something of the bot's to answer first (an outcome to accept, a response
            // window): answer it the first way offered.
            if let Some(action) = view.legal.first() {
                session.send(Command::Act(action.clone())).expect("send");
            }
        }
    }
    panic!("{format}: no main-phase decision of mine");
}

#[test]
fn a_selected_hand_card_marks_exactly_where_the_rules_let_it_go() {
    for format in ["kairu-dotr", "dor-classic", "kingdom-duels"] {
        let view = my_main_view(format, 21);
        let nothing = board_marks(&view, Selection::None);
        assert!(
            nothing
                .values()
                .all(|m| !matches!(m, Mark::Play | Mark::Move | Mark::Attack)),
            "{format}: no targets before a selection"
        );
        let hand = view.duel.state().player(view.seat).hand.len() as u8;
        let mut checked = 0;
        for index in 0..hand {
            let expected: BTreeSet<Place> = view
                .legal
                .iter()
                .filter_map(|a| match a {
                    Action::Play { hand_index, to, .. } if *hand_index == index => Some(*to),
                    _ => None,
                })
                .collect();
            let marked: BTreeSet<Place> = board_marks(&view, Selection::Hand(index))
                .into_iter()
                .filter(|(_, m)| *m == Mark::Play)
                .map(|(c, _)| c)
                .collect();
            assert_eq!(marked, expected, "{format}: hand card {index}");
            checked += usize::from(!expected.is_empty());
        }
        assert!(checked > 0, "{format}: some card could be played");
    }
}

#[test]
fn every_legal_action_reads_as_words_without_seat_numbers() {
    for format in ["dor-classic", "kingdom-duels"] {
        let view = my_main_view(format, 8);
        for action in &view.legal {
            let label = action_label(&view, action);
            assert!(!label.is_empty(), "{action:?}");
            assert!(!label.contains("seat"), "{format}: {label}");
        }
        assert!(
            view.legal
                .iter()
                .any(|a| action_label(&view, a) == "End turn")
        );
    }
}

/// My view of a position played from a scenario file: my seat's decision with what it
/// offers.
pub(crate) fn scenario_view(format: &str, text: &str, seat: Seat) -> SeatView {
    let catalog = Catalog::load(&project_assets()).expect("assets");
    let rules = Arc::clone(&catalog.format(format).expect("format").rules);
    scenario_view_with(&rules, text, seat)
}

/// As [`scenario_view`], with rules of the test's own (a pool it built).
pub(crate) fn scenario_view_with(
    rules: &Arc<fairduel_engine::Rules>,
    text: &str,
    seat: Seat,
) -> SeatView {
    let scenario =
        fairduel_sim::scenario::Scenario::parse("position.toml", text).expect("scenario parses");
    let (duel, knowledge) = scenario.position(rules).expect("the steps play");
    let legal = duel.legal_actions(seat, &knowledge);
    SeatView {
        duel,
        seat,
        knowledge,
        legal,
        log: Vec::new(),
        last_action: None,
        deciding: Some(seat),
        outcome: None,
        autopilot: false,
        step: 0,
        fairness: crate::session::Fairness::default(),
        silent: None,
    }
}

/// The Kingdom Duels rules with a scenario file's own `definitions` laid over the pool.
fn kingdom_rules_with_definitions_of(file: &str) -> Arc<fairduel_engine::Rules> {
    let definitions = file
        .split("definitions = \"\"\"")
        .nth(1)
        .and_then(|rest| rest.split("\"\"\"").next())
        .expect("the file's definitions");
    let catalog = Catalog::load(&project_assets()).expect("assets");
    let format = catalog.format("kingdom-duels").expect("the format");
    let pool = format
        .rules
        .pool
        .with_definitions("the scenario's definitions", definitions)
        .expect("the definitions apply");
    fairduel_engine::Rules::new(format.rules.format.clone(), pool)
}

/// A scenario file's text before `marker`: the position up to a decision it leaves open.
fn up_to<'a>(full: &'a str, marker: &str) -> &'a str {
    full.split(marker).next().unwrap_or(full)
}

pub(super) fn option_labels(choice: &Choice) -> Vec<&str> {
    choice.options.iter().map(|(l, _)| l.as_str()).collect()
}

#[test]
fn a_revival_asks_which_card_and_offers_only_monsters_in_words() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Monster Reborn resolving"
format = "dor-classic"
turn = 3
[seat0]
hand = [685]
graveyard = [159]
[seat1]
graveyard = [710, 155]
[[step]]
seat = 0
do = "play"
hand = 0
to = "d6"
mode = "activate"
"#,
        Seat(0),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert_eq!(
        choice.title,
        "Monster Reborn resolves: choose the card it brings back from a graveyard onto its zone."
    );
    let labels = option_labels(&choice);
    assert!(
        labels.contains(&"Bring back Axe Raider from your graveyard"),
        "{labels:?}"
    );
    assert!(
        labels.contains(&"Bring back Gaia The Fierce Knight from seat 1's graveyard"),
        "{labels:?}"
    );
    assert!(
        !labels.iter().any(|l| l.contains("Hinotama")),
        "a spell is never brought back: {labels:?}"
    );
}

#[test]
fn a_control_change_asks_for_the_monster_and_a_zone_next_to_my_leader() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Change of Heart resolving"
format = "dor-classic"
turn = 3
[seat0]
hand = [732]
[[cells]]
at = "d2"
card = 155
seat = 1
face = "up"
[[step]]
seat = 0
do = "play"
hand = 0
to = "d6"
mode = "activate"
"#,
        Seat(0),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .starts_with("Change of Heart resolves: choose the monster"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    // The zones next to my Deck Leader at d7: c7, e7 and d6 (the spell's own, which it
    // leaves).
    for to in ["c7", "e7", "d6"] {
        assert!(
            labels.contains(
                &format!("Take control of Gaia The Fierce Knight and move it to {to}").as_str()
            ),
            "{to}: {labels:?}"
        );
    }
    assert_eq!(labels.len(), 3, "{labels:?}");
}

#[test]
fn a_fusion_starts_from_either_material_and_is_offered_in_words_at_its_zone() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Two Normal Monsters that fuse, the Fusion Monster in the Extra Deck"
format = "dor-classic"
turn = 3
[seat0]
hand = [21, 292]
extra = [5]
"#,
        Seat(0),
    );
    let fuse_label = "Fuse Baby Dragon from your hand and Ryu-Kishin from your hand into \
                      Koumori Dragon";
    // Ryu-Kishin is the second material: picking it offers the fusion too.
    let mut state = MatchUi {
        selection: Selection::Hand(1),
        ..MatchUi::default()
    };
    let d6 = Place::Cell(fairduel_engine::Cell::new(5, 3));
    assert_eq!(
        board_marks(&view, state.selection).get(&d6),
        Some(&Mark::Play)
    );
    let mut command = None;
    board_click(&view, &mut state, d6, &mut command);
    assert!(
        command.is_none(),
        "several plays reach d6: a choice, not an action"
    );
    let choice = state.choice.as_ref().expect("a choice at d6");
    let labels = option_labels(choice);
    assert!(labels.contains(&fuse_label), "{labels:?}");
    assert!(labels.contains(&"Summon face-up"), "{labels:?}");
    // A cell no fusion reaches (c6 is not next to the Deck Leader at d7).
    let c6 = Place::Cell(fairduel_engine::Cell::new(5, 2));
    assert_eq!(board_marks(&view, state.selection).get(&c6), None);
}

#[test]
fn a_monster_its_power_up_changes_offers_the_change_in_words() {
    let view = scenario_view(
        "dor-classic",
        r#"
name = "Red-Eyes with Metalmorph, Red-Eyes Black Metal Dragon in the Extra Deck"
format = "dor-classic"
turn = 3
[seat0]
extra = [501]
[[cells]]
at = "d6"
card = 7
seat = 0
face = "up"
equips = [799]
"#,
        Seat(0),
    );
    let d6 = Place::Cell(fairduel_engine::Cell::new(5, 3));
    assert_eq!(
        board_marks(&view, Selection::None).get(&d6),
        Some(&Mark::Ready),
        "the monster is marked as having something to do"
    );
    let labels: Vec<String> = actions::untargeted(&view, Selection::Board(d6))
        .into_iter()
        .map(|a| action_label(&view, a))
        .collect();
    assert!(
        labels.contains(
            &"Transform into Red-Eyes Black Metal Dragon (from your Extra Deck)".to_owned()
        ),
        "{labels:?}"
    );
}

#[test]
fn a_selected_monster_offers_a_strike_at_each_opponent_terrain_by_its_name() {
    let view = scenario_view(
        "kingdom-duels",
        r#"
name = "Axe Raider may STRIKE"
format = "kingdom-duels"
turn = 3

[seat0]
deck = [53]

[seat1]
deck = [53]

[[terrain]]
at = "seat1-front2"
marker = "Forest"

[[cells]]
at = "seat0-front1"
card = 151
seat = 0
"#,
        Seat(0),
    );
    let axe_raider = Place::Zone {
        side: Seat(0),
        zone: fairduel_engine::Zone::Frontrow,
        slot: 0,
    };
    let labels: Vec<String> = actions::untargeted(&view, Selection::Board(axe_raider))
        .into_iter()
        .map(|a| action_label(&view, a))
        .collect();
    let strikes: Vec<&String> = labels.iter().filter(|l| l.starts_with("STRIKE ")).collect();
    // One per zone of the opponent's Frontrow, named by the terrain over it.
    assert_eq!(strikes.len(), 5, "{labels:?}");
    assert!(
        strikes
            .iter()
            .any(|l| l.starts_with("STRIKE the Forest terrain over")
                && l.ends_with("(no Battle Phase this turn)")),
        "{labels:?}"
    );
}

#[test]
fn a_changed_level_is_named_on_the_field_until_it_lapses() {
    // Axe Raider gained 2 levels until the end of the turn; Critter lost 2 for good.
    let view = scenario_view(
        "kingdom-duels",
        include_str!("../../../../tests/scenarios/kingdom-agreed-19-level.toml"),
        Seat(1),
    );
    let names = ["Ada".to_owned(), "Bea".to_owned()];
    let zone = |side: u8| Place::Zone {
        side: Seat(side),
        zone: fairduel_engine::Zone::Frontrow,
        slot: 0,
    };
    let critter = crate::field_board::zone_label(&names, &view, zone(1), None);
    assert!(critter.contains("Critter, now level 1"), "{critter}");
    let axe_raider = crate::field_board::zone_label(&names, &view, zone(0), None);
    assert!(axe_raider.contains("Axe Raider"), "{axe_raider}");
    assert!(!axe_raider.contains("now level"), "{axe_raider}");
}

#[test]
fn a_monster_revealed_from_hidden_atk_position_asks_to_hide_again() {
    // The attack of the scenario file, up to the decision it leaves to seat 1.
    let full = include_str!(
        "../../../../tests/scenarios/kingdom-hidden-01-attacked-in-atk-hides-again.toml"
    );
    let up_to_the_decision = up_to(full, "# Only the monster the decision is about");
    let view = scenario_view("kingdom-duels", up_to_the_decision, Seat(1));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.contains("Hidden in ATK Position") && choice.title.contains("Hide it again"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert_eq!(
        labels,
        ["Hide Axe Raider again in ATK Position", "Leave it face-up"],
        "{labels:?}"
    );
}

#[test]
fn a_replay_asks_the_attacker_for_a_new_target_among_those_left() {
    // The attack of the scenario file, up to the replay it leaves to seat 0: the attacked
    // Critter went back to its owner's hand, the other Critter is left.
    let full = include_str!("../../../../tests/scenarios/kingdom-replay-01-target-moved.toml");
    let up_to_the_replay = up_to(full, "# The empty zone is no target");
    let view = scenario_view("kingdom-duels", up_to_the_replay, Seat(0));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.contains("a replay") && choice.title.contains("attack target again"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert_eq!(labels.len(), 1, "{labels:?}");
    assert!(labels[0].contains("Critter"), "{labels:?}");
}

#[test]
fn a_hidden_monster_is_named_with_its_position() {
    let zone = |side: u8, slot: u8| Place::Zone {
        side: Seat(side),
        zone: fairduel_engine::Zone::Frontrow,
        slot,
    };
    let names = ["Ada".to_owned(), "Bea".to_owned()];
    // Hidden again after its battle: everyone saw it, so the attacker still reads its name.
    let after = scenario_view(
        "kingdom-duels",
        include_str!(
            "../../../../tests/scenarios/kingdom-hidden-01-attacked-in-atk-hides-again.toml"
        ),
        Seat(0),
    );
    let label = crate::field_board::zone_label(&names, &after, zone(1, 0), None);
    assert!(
        label.contains("Axe Raider (Hidden in ATK Position)"),
        "{label}"
    );
    // Its position shows, ATK or DEF (a scenario's view knows every card, so the names
    // show too).
    let before = scenario_view(
        "kingdom-duels",
        include_str!("../../../../tests/scenarios/kingdom-hidden-02-hidden-attacker.toml")
            .split("[[step]]")
            .next()
            .expect("the set-up"),
        Seat(1),
    );
    let label = crate::field_board::zone_label(&names, &before, zone(0, 0), None);
    assert!(label.contains("(Hidden in ATK Position)"), "{label}");
    let label = crate::field_board::zone_label(&names, &before, zone(0, 1), None);
    assert!(label.contains("(Hidden in DEF Position)"), "{label}");
    // A player who knows none of the cards reads the position alone.
    let mut unseen = before;
    unseen.knowledge = fairduel_engine::Knowledge::default();
    let label = crate::field_board::zone_label(&names, &unseen, zone(0, 0), None);
    assert!(
        label.ends_with(": a monster Hidden in ATK Position"),
        "{label}"
    );
}

#[test]
fn a_player_far_behind_is_asked_in_words_for_their_destiny_draw() {
    let view = scenario_view(
        "kairu-dotr",
        r#"
name = "Seat 1 begins its turn 3000 life points behind"
format = "kairu-dotr"
turn = 3
[seat0]
life_points = 4000
[seat1]
life_points = 1000
deck = [5, 5]
[[step]]
seat = 0
do = "end-turn"
"#,
        Seat(1),
    );
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.contains("Destiny Draw"),
        "the prompt names the rule: {}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert_eq!(
        labels,
        [
            "Destiny Draw: draw from your destiny pile instead",
            "Draw as usual"
        ]
    );
    assert!(choice.options.iter().all(|(_, a)| view.legal.contains(a)));
}

#[test]
fn a_hidden_monster_of_mine_offers_to_flip_it_face_up_in_either_position() {
    // Axe Raider, Hidden in DEF Position since turn 1, selected in my Main Phase.
    let position = include_str!(
        "../../../../tests/scenarios/kingdom-hidden-05-flipped-face-up-by-its-player.toml"
    )
    .split("[[step]]")
    .next()
    .expect("the file's position");
    let view = scenario_view("kingdom-duels", position, Seat(0));
    let axe_raider = Place::Zone {
        side: Seat(0),
        zone: fairduel_engine::Zone::Frontrow,
        slot: 0,
    };
    let labels: Vec<String> = actions::untargeted(&view, Selection::Board(axe_raider))
        .into_iter()
        .map(|a| action_label(&view, a))
        .collect();
    assert!(
        labels.contains(&"Flip face-up in ATK Position".to_owned())
            && labels.contains(&"Flip face-up in DEF Position".to_owned()),
        "{labels:?}"
    );
    // Gaia came to the field Hidden this turn: nothing to flip yet.
    let gaia = Place::Zone {
        side: Seat(0),
        zone: fairduel_engine::Zone::Frontrow,
        slot: 1,
    };
    assert!(
        actions::untargeted(&view, Selection::Board(gaia))
            .iter()
            .all(|a| !matches!(a, Action::FlipFaceUp { .. })),
        "Gaia offers a flip"
    );
}

#[test]
fn a_card_with_a_detach_effect_beneath_my_monster_offers_to_detach_it() {
    let text = include_str!(
        "../../../../tests/scenarios/kingdom-detach-01-a-detach-effect-is-activated-by-detaching.toml"
    );
    let rules = kingdom_rules_with_definitions_of(text);
    let position = up_to(text, "[[step]]");
    let view = scenario_view_with(&rules, position, Seat(0));
    let axe_raider = Place::Zone {
        side: Seat(0),
        zone: fairduel_engine::Zone::Frontrow,
        slot: 0,
    };
    let labels: Vec<String> = actions::untargeted(&view, Selection::Board(axe_raider))
        .into_iter()
        .map(|a| action_label(&view, a))
        .collect();
    // Critter has a DETACH effect; Gaia, beneath it too, has none.
    assert!(
        labels.contains(&"Detach Critter (its DETACH effect)".to_owned()),
        "{labels:?}"
    );
    assert!(!labels.iter().any(|l| l.contains("Gaia")), "{labels:?}");
}

#[test]
fn a_summon_asks_me_in_words_whether_i_answer_it() {
    // The scenario file up to the Normal Summon it leaves to seat 1's window.
    let full = include_str!("../../../../tests/scenarios/domain-25-summon-opens-a-window.toml");
    let up_to_the_window = up_to(full, "[[step]]\nseat = 1\ndo = \"activate\"");
    let view = scenario_view("domain", up_to_the_window, Seat(1));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.contains("summoned") && choice.title.contains("Celtic Guardian"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert!(
        labels.iter().any(|l| l.contains("Acid Trap Hole")),
        "{labels:?}"
    );
    assert!(labels.contains(&"Let it go ahead"), "{labels:?}");
}

#[test]
fn a_triggered_trap_may_be_left_set_for_an_idle_warning_in_words() {
    // The scenario file up to the attack that meets the Trigger of seat 1's Set trap.
    let full = include_str!(
        "../../../../tests/scenarios/kingdom-trigger-06-left-for-an-idle-warning.toml"
    );
    let up_to_the_window = up_to(full, "[[step]]\nseat = 1\ndo = \"pass\"");
    // The file's own definitions give the trap its Trigger.
    let rules = kingdom_rules_with_definitions_of(full);
    let view = scenario_view_with(&rules, up_to_the_window, Seat(1));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.contains("Trigger met") && choice.title.contains("Idle Warning"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert!(
        labels.contains(&"Leave the trap Set (Idle Warning)"),
        "{labels:?}"
    );
    // A plain pass would say no trap is triggered: it is not offered.
    assert!(!labels.contains(&"Let it go ahead"), "{labels:?}");
    assert!(
        labels.iter().any(|l| l.contains("Mirror Force")),
        "{labels:?}"
    );
}

#[test]
fn an_activated_card_asks_which_opponent_it_targets_or_none() {
    let full =
        include_str!("../../../../tests/scenarios/domain-27-an-effect-targets-one-opponent.toml");
    let up_to_the_choice = up_to(full, "[[step]]\nseat = 0\ndo = \"choose-opponent\"");
    let view = scenario_view("domain-3", up_to_the_choice, Seat(0));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice.title.contains("target an opponent"),
        "{}",
        choice.title
    );
    let labels = option_labels(&choice);
    assert!(labels.contains(&"Target no opponent"), "{labels:?}");
    assert_eq!(
        labels.iter().filter(|l| l.starts_with("Aim it at")).count(),
        2,
        "{labels:?}"
    );
}

#[test]
fn a_chain_link_says_which_opponent_it_targets() {
    // domain-27b up to the target's choice, then the choice: seat 1 is asked about the
    // trap's link and told it is the target.
    let full =
        include_str!("../../../../tests/scenarios/domain-27b-a-trigger-targets-who-met-it.toml");
    let up_to_the_choice = up_to(
        full,
        "[[step]]\nseat = 0\ndo = \"choose-opponent\"\nopponent = 2",
    );
    // Seat 1 holds a Set card of its own, so it is asked about the link.
    let (cells, steps) = up_to_the_choice
        .split_once("[[step]]")
        .expect("the file's steps");
    let chosen = format!(
        "{cells}[[cells]]\nat = \"seat1-back1\"\ncard = 811\nseat = 1\nface = \"down\"\n\
         entered_turn = 3\n\n[[step]]{steps}[[step]]\nseat = 0\ndo = \"choose-opponent\"\n\
         opponent = 1\n"
    );
    let view = scenario_view("domain-3", &chosen, Seat(1));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(choice.title.contains("targeting you"), "{}", choice.title);
}

#[test]
fn a_card_set_with_its_kind_hidden_reads_as_either_to_the_others() {
    // The bluff (DOR Classic): seat 1's cards at c3 and e3 were set without showing whether
    // they are monsters or spells/traps.
    let text = include_str!("../../../../tests/scenarios/bluff-03-a-hidden-card-shows-itself.toml")
        .split("[[step]]")
        .next()
        .expect("the set-up");
    let mut mine = scenario_view("dor-classic", text, Seat(1));
    let cell = |name: &str| fairduel_engine::Cell::parse(name, 7).expect("a cell");
    // Its owner knows each card, and is reminded the others do not.
    let label = crate::board::cell_label(&mine, cell("c3"), None);
    assert!(
        label.contains("Raigeki (face-down), its kind hidden"),
        "{label}"
    );
    // Seat 0 knows neither card nor kind.
    mine.seat = Seat(0);
    mine.knowledge = fairduel_engine::Knowledge::default();
    let label = crate::board::cell_label(&mine, cell("e3"), None);
    assert!(
        label.contains("enemy face-down card, monster or spell/trap"),
        "{label}"
    );
    // And my own play offers the bluff in words.
    let view = my_main_view("dor-classic", 21);
    assert!(
        view.legal
            .iter()
            .any(|a| action_label(&view, a).contains("keeping its kind hidden")),
        "no bluff offered"
    );
}

#[test]
fn a_class_declared_to_an_effect_reads_as_monster_or_spell_to_the_others() {
    // bluff-05 up to seat 1's truthful answer to Just Desserts: the set Celtic Guardian (c3)
    // is a monster and the set Raigeki (e3) a spell or trap, for everyone, both still
    // face-down and unknown.
    let full =
        include_str!("../../../../tests/scenarios/bluff-05-an-effect-by-class-asks-the-owner.toml");
    let declared = up_to(full, "# Stop Defense now knows");
    let mut view = scenario_view("dor-classic", declared, Seat(0));
    view.knowledge = fairduel_engine::Knowledge::default();
    let cell = |name: &str| fairduel_engine::Cell::parse(name, 7).expect("a cell");
    let monster = crate::board::cell_label(&view, cell("c3"), None);
    assert!(monster.contains("enemy face-down monster"), "{monster}");
    let spell = crate::board::cell_label(&view, cell("e3"), None);
    assert!(spell.contains("enemy face-down spell or trap"), "{spell}");
    assert!(!spell.contains("Raigeki"), "{spell}");
    // Before the answer, the card was either.
    let asked = up_to(full, "# An answer naming a place");
    let mut view = scenario_view("dor-classic", asked, Seat(0));
    view.knowledge = fairduel_engine::Knowledge::default();
    let either = crate::board::cell_label(&view, cell("e3"), None);
    assert!(either.contains("monster or spell/trap"), "{either}");
}

#[test]
fn a_hidden_integration_summon_is_offered_by_the_rule_zone_and_judged_in_words() {
    let full = include_str!(
        "../../../../tests/scenarios/kingdom-extra-10-hidden-integration-improper-material.toml"
    );
    // Before the summon: my Duelist Setup's Rule Zone offers it, naming the monster and the
    // material set apart.
    let start = up_to(full, "# A material is named once.");
    let view = scenario_view("kingdom-duels", start, Seat(0));
    let menu = crate::rule_zone_menu::rule_zone_choice(&view).expect("the Rule Zone offers it");
    let labels = option_labels(&menu);
    assert!(
        labels.contains(
            &"Integration Summon Yugi, the Dark Magician unseen, Hidden in ATK Position, eroding \
              Critter, set apart"
        ),
        "{labels:?}"
    );
    // After its battle: the opponent is asked, with the monster and the material opened.
    let judged = up_to(full, "# Seat 1 finds Critter improper");
    let view = scenario_view("kingdom-duels", judged, Seat(1));
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .contains("Integration Summoned Yugi, the Dark Magician unseen, eroding Critter"),
        "{}",
        choice.title
    );
    assert!(
        choice.title.contains("seat 0 loses the duel"),
        "{}",
        choice.title
    );
    assert_eq!(
        option_labels(&choice),
        [
            "Proper: play on",
            "Not the proper material: they lose the duel"
        ]
    );
}

#[test]
fn a_hidden_integration_monster_that_left_the_field_unseen_is_named_to_its_judge() {
    let full = include_str!(
        "../../../../tests/scenarios/kingdom-extra-12-hidden-integration-leaves-the-field-unseen.toml"
    );
    let judged = up_to(full, "[[step]]\nseat = 1\ndo = \"judge-materials\"");
    let mut view = scenario_view("kingdom-duels", judged, Seat(1));
    // The judge knows only what was opened in public.
    view.knowledge = fairduel_engine::Knowledge::default();
    let choice = current_options(&view, &MatchUi::default()).expect("a prompt");
    assert!(
        choice
            .title
            .contains("Integration Summoned Yugi, the Dark Magician unseen, eroding Dark Magician"),
        "{}",
        choice.title
    );
}
