//! Summons the board does not answer, on the match screen, driven as a player drives it
//! (egui_kittest), with a pool of the test's own (the shipped pool holds no Pendulum or Xyz
//! Monster; a player's card database brings them): Domain Format's end Spell & Trap Zones
//! say they are Pendulum Zones, a face-up Extra Deck is listed for everyone, and buttons
//! open the Pendulum Summons and the Synchro, Xyz and Link Summons on offer; on the grid, a
//! database's face-up Effect Monster offers its effect, resolved by agreement.

use std::sync::Arc;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fairduel_engine::card::{
    Attribute, CardDef, CardId, CardKind, DatabaseEntry, ExtraDeckSummon, MonsterStats, MonsterType,
};
use fairduel_engine::domain::CardTypes;
use fairduel_engine::{Action, CardPool, PendulumSource, Rules, Seat};

use super::tests::scenario_view_with;
use super::{MatchModel, MatchUi, match_ui};
use crate::catalog::Catalog;
use crate::catalog::tests::project_assets;

fn monster(id: u16, name: &str, level: u8, scale: Option<u8>) -> CardDef {
    CardDef {
        id: CardId(id),
        name: name.into(),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Dark,
            monster_type: MonsterType::Spellcaster,
            level,
            atk: 1500,
            def: 1000,
            ritual: false,
            strong_in: None,
            extra_deck: None,
        }),
        equip_to: None,
        effects: Vec::new(),
        ritual: None,
        database: Some(Box::new(DatabaseEntry {
            passcode: 3000 + u32::from(id),
            types: CardTypes::MONSTER
                | CardTypes::EFFECT
                | if scale.is_some() {
                    CardTypes::PENDULUM
                } else {
                    0
                },
            attribute: 0x20,
            race: 0x2,
            pendulum_scale: scale,
            ..DatabaseEntry::default()
        })),
    }
}

fn rank_four_xyz(id: u16) -> CardDef {
    let mut card = monster(id, "Rank Four Xyz", 4, None);
    if let CardKind::Monster(stats) = &mut card.kind {
        stats.extra_deck = Some(ExtraDeckSummon::Xyz);
    }
    if let Some(entry) = card.database.as_mut() {
        entry.types |= CardTypes::XYZ;
    }
    card
}

fn rules() -> Arc<Rules> {
    rules_for("domain")
}

fn rules_for(format_id: &str) -> Arc<Rules> {
    let catalog = Catalog::load(&project_assets()).expect("assets");
    let format = catalog
        .format(format_id)
        .expect("format")
        .rules
        .format
        .clone();
    Rules::new(
        format,
        CardPool::from_cards(
            "app-pendulums",
            [
                monster(0, "Scale One Magician", 4, Some(1)),
                monster(1, "Scale Eight Magician", 5, Some(8)),
                monster(2, "Level Three Monster", 3, None),
                monster(3, "Fallen Scale Magician", 6, Some(4)),
                rank_four_xyz(4),
            ],
        ),
    )
}

/// My Main Phase with both Scales set and a Level 3 monster in hand; the bot has a
/// Pendulum Monster face-up in its Extra Deck.
const BOTH_SCALES: &str = r#"
format = "domain"
turn = 5

[seat0]
deck_master = 2
hand = [2]
deck = [2, 2]

[seat1]
deck_master = 2
face_up_extra_deck = [3]
deck = [2, 2]

[[cells]]
at = "seat0-back1"
card = 0
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-back5"
card = 1
seat = 0
face = "up"
entered_turn = 3
"#;

struct Screen {
    model: MatchModel,
    state: MatchUi,
}

fn screen() -> Harness<'static, Screen> {
    screen_of(BOTH_SCALES)
}

fn screen_of(position: &str) -> Harness<'static, Screen> {
    screen_with(&rules(), position)
}

fn screen_with(rules: &Arc<Rules>, position: &str) -> Harness<'static, Screen> {
    let view = scenario_view_with(rules, position, Seat(0));
    let mut model = MatchModel::showing(
        vec!["Ada".to_owned(), "Bot".to_owned()],
        "Domain Format".to_owned(),
    );
    model.view = Some(view);
    Harness::builder()
        .with_size(egui::vec2(1400.0, 1000.0))
        .build_ui_state(
            |ui, screen: &mut Screen| {
                match_ui(ui, &mut screen.model, &mut screen.state);
            },
            Screen {
                model,
                state: MatchUi::default(),
            },
        )
}

#[test]
fn pendulum_zones_are_named_and_the_face_up_extra_deck_is_listed_for_everyone() {
    let mut h = screen();
    h.run();
    let zones: Vec<String> = h
        .query_all_by_label_contains("(Pendulum Zone)")
        .map(|n| crate::app_tests::text_of(&n))
        .collect();
    assert_eq!(zones.len(), 4, "two per player: {zones:?}");
    assert!(
        zones
            .iter()
            .any(|z| z.starts_with("Your") && z.contains("Scale One Magician")),
        "{zones:?}"
    );
    h.get_by_label_contains("Face-up in the Extra Deck: Fallen Scale Magician");
}

#[test]
fn the_pendulum_summon_button_offers_the_summons_between_my_scales() {
    let mut h = screen();
    h.run();
    h.get_by_role_and_label(Role::Button, "Pendulum Summon…")
        .click();
    h.run();
    h.get_by_label_contains("Pendulum Summon between your Scales:");
    let choice = h.state().state.choice.clone().expect("a choice is open");
    let (offer, action) = choice
        .options
        .iter()
        .find(|(label, _)| label.contains("Pendulum Summons Level Three Monster from the hand"))
        .cloned()
        .expect("the hand's Level 3 monster is offered");
    let Action::PendulumSummon { monsters } = &action else {
        panic!("offered {action:?}");
    };
    assert!(matches!(
        monsters.as_slice(),
        [m] if matches!(m.from, PendulumSource::Hand { hand_index: 0, .. }) && !m.defence
    ));
    // Choosing it sends it (this board has no match behind it, which the notice says).
    h.get_by_role_and_label(Role::Button, &format!("1 {offer}"))
        .click();
    h.run();
    assert!(
        h.state().state.choice.is_none(),
        "the choice closes once sent"
    );
    assert!(h.state().model.notice.is_some());
}

#[test]
fn the_extra_deck_button_declares_an_xyz_summon_from_two_monsters_of_its_rank() {
    let mut h = screen_of(
        r#"
format = "domain"
turn = 5

[seat0]
deck_master = 2
extra = [4]
deck = [2, 2]

[seat1]
deck_master = 2
deck = [2, 2]

[[cells]]
at = "seat0-front1"
card = 0
seat = 0
face = "up"
entered_turn = 3

[[cells]]
at = "seat0-front2"
card = 0
seat = 0
face = "up"
entered_turn = 3
"#,
    );
    h.run();
    assert!(
        h.query_by_label("Pendulum Summon…").is_none(),
        "no Scales set: no Pendulum Summon"
    );
    h.get_by_role_and_label(Role::Button, "Summon from the Extra Deck…")
        .click();
    h.run();
    h.get_by_label_contains("Declare a Synchro, Xyz or Link Summon");
    h.get_by_label_contains("Xyz Summon Rank Four Xyz (materials agreed)");
}

#[test]
fn on_the_grid_the_extra_deck_button_declares_an_xyz_summon_of_two_monsters_side_by_side() {
    let mut h = screen_with(
        &rules_for("dor-modern"),
        r#"
format = "dor-modern"
turn = 3

[seat0]
leader = 2
extra = [4]
deck = [2, 2]

[seat1]
leader = 2
deck = [2, 2]

[[cells]]
at = "c6"
card = 0
seat = 0

[[cells]]
at = "d6"
card = 0
seat = 0
"#,
    );
    h.run();
    h.get_by_role_and_label(Role::Button, "Summon from the Extra Deck…")
        .click();
    h.run();
    h.get_by_label_contains("Xyz Summon Rank Four Xyz (materials agreed)");
}

#[test]
fn on_the_grid_a_pendulum_scale_in_a_corner_says_so_and_the_pendulum_summon_is_offered() {
    let mut h = screen_with(
        &rules_for("dor-modern"),
        r#"
format = "dor-modern"
turn = 3

[seat0]
leader = 2
hand = [0, 1, 2]
deck = [2, 2]

[seat1]
leader = 2
deck = [2, 2]

[[step]]
seat = 0
do = "play"
hand = 0
to = "a7"
mode = "activate"

[[step]]
seat = 0
do = "play"
hand = 0
to = "g7"
mode = "activate"
"#,
    );
    h.run();
    h.get_by_label_contains("Scale One Magician, Pendulum Scale 1");
    assert!(
        h.query_by_label_contains("Scale One Magician, Pendulum Scale 1, ATK")
            .is_none(),
        "a Scale shows no ATK"
    );
    h.get_by_role_and_label(Role::Button, "Pendulum Summon…")
        .click();
    h.run();
    h.get_by_label_contains("Pendulum Summon between your Scales");
}

#[test]
fn on_the_grid_a_face_up_effect_monster_of_a_card_database_offers_its_effect_by_agreement() {
    // DOR Modern with a card database: my face-up Effect Monster on c6 may activate an effect
    // (the players agree on what it does); the Deck Leader on d7 may not.
    let view = scenario_view_with(
        &rules_for("dor-modern"),
        r#"
format = "dor-modern"
turn = 3

[seat0]
leader = 2
deck = [2, 2]

[seat1]
leader = 2
deck = [2, 2]

[[cells]]
at = "c6"
card = 2
seat = 0
"#,
        Seat(0),
    );
    let cell = |name: &str| {
        fairduel_engine::Place::Cell(fairduel_engine::Cell::parse(name, 7).expect("a cell"))
    };
    let labels = |at: &str| -> Vec<String> {
        super::actions::untargeted(&view, super::Selection::Board(cell(at)))
            .into_iter()
            .map(|a| super::action_label(&view, a))
            .collect()
    };
    let mine = labels("c6");
    assert!(
        mine.iter()
            .any(|l| l.starts_with("Activate the effect of") && l.contains("Level Three Monster")),
        "{mine:?}"
    );
    let leader = labels("d7");
    assert!(
        !leader.iter().any(|l| l.starts_with("Activate the effect")),
        "{leader:?}"
    );
}
