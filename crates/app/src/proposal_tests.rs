//! The proposal editor on the grid: a Duelists of the Roses card whose effect resolves by
//! agreement, its outcome written in the editor, checked by the engine as it is written,
//! and sent.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fairduel_engine::agreement::{Destination, Operation};
use fairduel_engine::grid::Cell;
use fairduel_engine::{Action, Place, Seat, Zone};

use super::{DestinationKind, ProposalDraft, proposal_ui};
use crate::session::SeatView;

/// Earthshaker activated in DOR Classic, its outcome now up to its controller.
const EYE_OF_TRUTH: &str = r#"
name = "Earthshaker waits for its outcome"
format = "dor-classic"
turn = 3

[seat0]
hand = [750]
graveyard = [155]

[[step]]
seat = 0
do = "play"
hand = 0
to = "d6"
mode = "activate"
"#;

struct Editor {
    view: SeatView,
    draft: ProposalDraft,
    sent: Option<Action>,
}

fn editor() -> Harness<'static, Editor> {
    editor_of(EYE_OF_TRUTH)
}

fn editor_of(scenario: &str) -> Harness<'static, Editor> {
    editor_in("dor-classic", scenario)
}

fn editor_in(format: &str, scenario: &str) -> Harness<'static, Editor> {
    editor_on(crate::game::tests::scenario_view(format, scenario, Seat(0)))
}

fn editor_on(view: SeatView) -> Harness<'static, Editor> {
    Harness::new_ui_state(
        |ui, editor: &mut Editor| {
            let names = ["Ada".to_owned(), "Bot".to_owned()];
            if let Some(action) = proposal_ui(
                ui,
                &mut editor.draft,
                &editor.view,
                &names,
                "Earthshaker",
                true,
            ) {
                editor.sent = Some(action);
            }
        },
        Editor {
            view,
            draft: ProposalDraft::default(),
            sent: None,
        },
    )
}

#[test]
fn a_grid_card_outcome_is_written_checked_and_sent() {
    let mut h = editor();
    h.run();
    h.get_by_label_contains("FairDuel does not know what Earthshaker does");
    // The grid has no Battle Lock and no counters: the editor does not offer them.
    h.get_by_role_and_label(Role::ComboBox, "Step").click();
    h.run();
    assert!(h.query_by_label("Destroy a monster").is_some());
    assert!(h.query_by_label("Battle Lock").is_none());
    assert!(h.query_by_label("Counters").is_none());
    h.get_by_role_and_label(Role::ComboBox, "Step").click();
    h.run();

    let gaia = Place::Zone {
        side: Seat(0),
        zone: Zone::Graveyard,
        slot: 0,
    };
    // Onto a free zone of Ada's choosing: Classic rule 10 puts it where the spell was
    // activated, and the engine says so before anything is sent.
    let elsewhere = Place::Cell(Cell::new(5, 2));
    {
        let draft = &mut h.state_mut().draft;
        draft.card = Some(gaia);
        draft.destination = DestinationKind::Zone;
        draft.zone = Some(elsewhere);
    }
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("takes the zone where it was activated, d6");
    assert!(
        h.query_by_label("Send the proposal")
            .is_some_and(|send| send.accesskit_node().is_disabled()),
        "an impossible outcome cannot be sent"
    );
    h.get_by_label("Remove").click();
    h.run();

    let free = Place::Cell(Cell::new(5, 3));
    h.state_mut().draft.zone = Some(free);
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("The engine can carry this outcome out");
    h.get_by_label("Send the proposal").click();
    h.run();
    assert_eq!(
        h.state().sent,
        Some(Action::ProposeOutcome {
            operations: vec![Operation::Move {
                from: gaia,
                to: Destination::Field {
                    at: free,
                    defence: false,
                },
            }],
        })
    );
}

#[test]
fn a_card_of_my_extra_deck_is_chosen_by_name_and_sent_opened() {
    let with_extra_deck =
        EYE_OF_TRUTH.replace("graveyard = [155]", "graveyard = [155]\nextra = [501]");
    let mut h = editor_of(&with_extra_deck);
    h.state_mut().draft.kind = super::StepKind::FromExtraDeck;
    h.run();
    // Only I know what my Extra Deck holds: the editor names it from my own knowledge.
    h.get_by_role_and_label(Role::ComboBox, "Card").click();
    h.run();
    h.get_by_label("Red-Eyes Black Metal Dragon").click();
    h.run();
    // The spell's own zone (Classic rule 10).
    let to = Place::Cell(Cell::new(5, 3));
    {
        let draft = &mut h.state_mut().draft;
        draft.destination = DestinationKind::Zone;
        draft.zone = Some(to);
    }
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("Summon Red-Eyes Black Metal Dragon from the Extra Deck on");
    h.get_by_label("Send the proposal").click();
    h.run();
    let Some(Action::ProposeOutcome { operations }) = &h.state().sent else {
        panic!("nothing sent: {:?}", h.state().sent);
    };
    match operations.as_slice() {
        [
            Operation::FromExtraDeck {
                reveal, to: dest, ..
            },
        ] => {
            assert_eq!(reveal.card.0, 501);
            assert_eq!(
                *dest,
                Destination::Field {
                    at: to,
                    defence: false
                }
            );
        }
        other => panic!("sent {other:?}"),
    }
}

/// Kingdom Duels' Fusion in play: the card named Fusion resolving by agreement.
const FUSION_RESOLVING: &str = r#"
name = "Fusion waits for its outcome"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [112, 56]
extra = [113]
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat0-front1"
card = 108
seat = 0

[[step]]
seat = 0
do = "play"
card = 112
mode = "activate"
to = "seat0-back1"

# Holding a card, the turn player could answer their own spell from the hand: they pass.
[[step]]
seat = 0
do = "pass"
"#;

#[test]
fn a_fusion_summon_is_written_with_its_materials_and_sent() {
    let mut h = editor_in("kingdom-duels", FUSION_RESOLVING);
    h.state_mut().draft.kind = super::StepKind::ExtraDeckSummon;
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Card").click();
    h.run();
    h.get_by_label("Gaia the Dragon Knight").click();
    h.run();
    let front = |slot| Place::Zone {
        side: Seat(0),
        zone: Zone::Frontrow,
        slot,
    };
    let hand_card = Place::Zone {
        side: Seat(0),
        zone: Zone::Hand,
        slot: 0,
    };
    h.state_mut().draft.zone = Some(front(1));
    h.run();
    h.get_by_label("no materials yet");
    for material in [front(0), hand_card] {
        h.state_mut().draft.card = Some(material);
        h.run();
        h.get_by_label("Add material").click();
        h.run();
    }
    // The materials are named as the player knows them: their own hand card by name.
    h.get_by_label_contains("Gaia the Fierce Knight");
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("Fusion Summon Gaia the Dragon Knight from the Extra Deck on");
    h.get_by_label("The engine can carry this outcome out.");
    h.get_by_label("Send the proposal").click();
    h.run();
    let Some(Action::ProposeOutcome { operations }) = &h.state().sent else {
        panic!("nothing sent: {:?}", h.state().sent);
    };
    match operations.as_slice() {
        [
            Operation::ExtraDeckSummon {
                reveal,
                to,
                materials,
                ..
            },
        ] => {
            assert_eq!(reveal.card.0, 113);
            assert_eq!(*to, front(1));
            assert_eq!(materials, &vec![front(0), hand_card]);
        }
        other => panic!("sent {other:?}"),
    }
}

/// Kingdom Duels: Gaia the Fierce Knight's effect resolving; my Extra Deck holds Rolvak's
/// Master Plan, a Normal Rule card the players' definitions make rely on Gaia, and Ceres'
/// Golden Cross, active in my Rule Zone already by its KEYWORD.
const RELIANCE: &str = r#"
name = "Gaia's effect waits for its outcome"
format = "kingdom-duels"
turn = 3

[seat0]
extra = [20, 21]
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat0-front1"
card = 56
seat = 0

[[step]]
seat = 0
do = "activate-rule-card"
card = 21

[[step]]
seat = 0
do = "propose-outcome"

[[step]]
seat = 0
do = "activate-effect"
at = "seat0-front1"
"#;

#[test]
fn a_rule_card_goes_to_my_rule_zone_by_the_card_it_relies_on_and_one_leaves_it() {
    let catalog =
        crate::catalog::Catalog::load(&crate::catalog::tests::project_assets()).expect("assets");
    let format = catalog.format("kingdom-duels").expect("the format");
    let pool = format
        .rules
        .pool
        .with_definitions(
            "mine.toml",
            "[[card]]\ncode = \"PROMO-001\"\nreliance = [\"SOE-016\"]\n\n\
             [[card]]\ncode = \"PROMO-002\"\nkeyword_condition = [\"Warrior\"]\n",
        )
        .expect("the definitions apply");
    let rules = fairduel_engine::Rules::new(format.rules.format.clone(), pool);
    let view = crate::game::tests::scenario_view_with(&rules, RELIANCE, Seat(0));
    let mut h = editor_on(view);
    h.state_mut().draft.kind = super::StepKind::FromExtraDeck;
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Card").click();
    h.run();
    h.get_by_label("Rolvak's Master Plan").click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "to").click();
    h.run();
    h.get_by_label("to my Rule Zone (a Rule card relying on this card)")
        .click();
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("ctivate the Rule card Rolvak's Master Plan from the Extra Deck");

    // A move names the Rule card already in my Rule Zone, which goes back to my Extra Deck.
    h.state_mut().draft.kind = super::StepKind::Move;
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Card").click();
    h.run();
    h.get_by_label_contains("Ceres' Golden Cross in").click();
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label("Send the proposal").click();
    h.run();
    let Some(Action::ProposeOutcome { operations }) = &h.state().sent else {
        panic!("nothing sent: {:?}", h.state().sent);
    };
    match operations.as_slice() {
        [
            Operation::FromExtraDeck {
                reveal, to: dest, ..
            },
            Operation::Move { from, .. },
        ] => {
            assert_eq!(reveal.card.0, 20);
            assert_eq!(*dest, Destination::RuleZone);
            assert_eq!(*from, fairduel_engine::field::rule_card_place(Seat(0), 0));
        }
        other => panic!("sent {other:?}"),
    }
}

/// Kingdom Duels: Magic Removal resolving, its outcome up to seat 0; Axe Raider holds seat
/// 0's first Frontrow zone.
const TOKEN_MAKER: &str = r#"
name = "Magic Removal waits for its outcome"
format = "kingdom-duels"
turn = 3

[seat0]
hand = [274]
deck = [53]

[seat1]
deck = [53]

[[cells]]
at = "seat0-front1"
card = 151
seat = 0

[[step]]
seat = 0
do = "play"
card = 274
mode = "activate"
to = "seat0-back1"
"#;

#[test]
fn a_token_is_chosen_by_name_for_a_free_zone_and_sent() {
    let mut h = editor_in("kingdom-duels", TOKEN_MAKER);
    h.state_mut().draft.kind = super::StepKind::Token;
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "Token").click();
    h.run();
    // Only Tokens are offered: Silk Hat Token is, Axe Raider is not.
    assert!(h.query_by_label("Axe Raider").is_none());
    h.get_by_label("Silk Hat Token").click();
    h.run();
    h.get_by_role_and_label(Role::ComboBox, "onto").click();
    h.run();
    // The occupied zone, Axe Raider's, is not offered; the free one next to it is.
    assert!(h.query_by_label_contains("your Frontrow zone 1").is_none());
    h.get_by_label_contains("your Frontrow zone 2");
    let second = Place::Zone {
        side: Seat(0),
        zone: Zone::Frontrow,
        slot: 1,
    };
    h.state_mut().draft.zone = Some(second);
    h.state_mut().draft.defence = true;
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("the Token Silk Hat Token onto");
    h.get_by_label("The engine can carry this outcome out.");
    h.get_by_label("Send the proposal").click();
    h.run();
    let Some(Action::ProposeOutcome { operations }) = &h.state().sent else {
        panic!("nothing sent: {:?}", h.state().sent);
    };
    match operations.as_slice() {
        [Operation::Token { card, to, defence }] => {
            assert_eq!(card.0, 141);
            assert_eq!(*to, second);
            assert!(*defence);
        }
        other => panic!("sent {other:?}"),
    }
}

/// Domain Format's "each player": one step for every player still in the duel, written by
/// ticking "every player" beside the player picker.
#[test]
fn an_each_player_step_is_written_for_every_player() {
    let mut h = editor();
    h.state_mut().draft.kind = super::StepKind::Draw;
    h.run();
    h.get_by_label("every player").click();
    h.run();
    {
        let draft = &mut h.state_mut().draft;
        draft.count = 2;
    }
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    assert_eq!(
        h.state().draft.operations,
        vec![Operation::EachPlayer {
            step: fairduel_engine::agreement::EachPlayerStep::Draw { count: 2 },
        }]
    );
    h.get_by_label_contains("The engine can carry this outcome out");
}

/// Earthshaker activated with one of the enemy's face-up monsters on the board.
const CALL_WITH_AN_ENEMY_MONSTER: &str = r#"
name = "Earthshaker waits for its outcome, an enemy monster in sight"
format = "dor-classic"
turn = 3

[seat0]
hand = [750]

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
"#;

#[test]
fn a_control_change_is_written_for_the_turn_next_to_my_leader() {
    let mut h = editor_of(CALL_WITH_AN_ENEMY_MONSTER);
    h.state_mut().draft.kind = super::StepKind::Control;
    h.run();
    h.get_by_label("until the end of the turn").click();
    h.run();
    let enemy = Place::Cell(Cell::new(1, 3)); // d2
    let next_to_my_leader = Place::Cell(Cell::new(6, 2)); // c7, beside the leader on d7
    {
        let draft = &mut h.state_mut().draft;
        draft.card = Some(enemy);
        draft.seat = Some(Seat(0));
        draft.zone = Some(Place::Cell(Cell::new(4, 1))); // b5
    }
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    // Rule 15: not next to my Deck Leader, so the engine says so as the step is written.
    h.get_by_label_contains("Classic rule 15");
    assert!(
        h.query_by_label("Send the proposal")
            .is_some_and(|send| send.accesskit_node().is_disabled()),
        "an impossible outcome cannot be sent"
    );
    h.get_by_label("Remove").click();
    h.run();
    h.state_mut().draft.zone = Some(next_to_my_leader);
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    assert_eq!(
        h.state().draft.operations,
        vec![Operation::Control {
            at: enemy,
            seat: Seat(0),
            to: next_to_my_leader,
            for_the_turn: true,
        }]
    );
    h.get_by_label_contains("The engine can carry this outcome out");
}

/// Earthshaker activated, with Ada's Gaia on b6 holding a Legendary Sword beneath it.
const CALL_WITH_AN_EQUIPPED_MONSTER: &str = r#"
name = "Earthshaker beside an equipped monster"
format = "dor-classic"
turn = 3

[seat0]
hand = [750]

[[cells]]
at = "b6"
card = 155
seat = 0
equips = [752]

[[step]]
seat = 0
do = "play"
hand = 0
to = "d6"
mode = "activate"
"#;

#[test]
fn a_detach_names_the_cards_beneath_and_the_grid_keeps_equips_on() {
    let mut h = editor_of(CALL_WITH_AN_EQUIPPED_MONSTER);
    h.state_mut().draft.kind = super::StepKind::Detach;
    h.state_mut().draft.card = Some(Place::Cell(Cell::new(5, 1))); // b6
    h.run();
    // The card beneath is offered by its name.
    h.get_by_role_and_label(Role::ComboBox, "detach").click();
    h.run();
    h.get_by_label("Legendary Sword").click();
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    assert_eq!(
        h.state().draft.operations,
        vec![Operation::Detach {
            at: Place::Cell(Cell::new(5, 1)),
            index: 0,
        }]
    );
    // Classic rule 11: on the grid an equip beneath a monster is no Xyz Material, and the
    // engine says so before anything is sent.
    h.get_by_label_contains("no Xyz Monster");
    assert!(
        h.query_by_label("Send the proposal")
            .is_some_and(|send| send.accesskit_node().is_disabled()),
        "an impossible outcome cannot be sent"
    );
}

#[test]
fn an_attach_takes_a_card_of_my_hand_beneath_a_face_up_monster() {
    // Kingdom Duels: Dark Generator resolving by agreement; Axe Raider face-up on my first
    // Frontrow zone, a Hidden Critter on my third.
    let scenario =
        include_str!("../../../tests/scenarios/kingdom-attach-01-an-effect-attaches-a-card.toml")
            .split("# Beneath a Hidden monster")
            .next()
            .expect("the set-up");
    let mut h = editor_in("kingdom-duels", scenario);
    let front = |slot: u8| Place::Zone {
        side: Seat(0),
        zone: Zone::Frontrow,
        slot,
    };
    let critter_in_hand = Place::Zone {
        side: Seat(0),
        zone: Zone::Hand,
        slot: 0,
    };
    h.state_mut().draft.kind = super::StepKind::Attach;
    h.state_mut().draft.card = Some(critter_in_hand);
    h.run();
    // The face-up monsters are offered by name.
    h.get_by_role_and_label(Role::ComboBox, "beneath").click();
    h.run();
    assert!(h.query_by_label_contains("Axe Raider").is_some());
    h.get_by_role_and_label(Role::ComboBox, "beneath").click();
    h.run();
    // A Hidden monster (picked on the board) is refused as the step is written.
    h.state_mut().draft.zone = Some(front(2));
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    h.get_by_label_contains("nothing is attached to a Hidden");
    h.get_by_label("Remove").click();
    h.run();
    h.state_mut().draft.zone = Some(front(0));
    h.run();
    h.get_by_label("Add step").click();
    h.run();
    assert_eq!(
        h.state().draft.operations,
        vec![Operation::Attach {
            from: critter_in_hand,
            to: front(0),
        }]
    );
    h.get_by_label_contains("The engine can carry this outcome out");
}
