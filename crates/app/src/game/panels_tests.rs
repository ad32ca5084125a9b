//! The card inspector beside the board: what it tells a player about the card they point
//! at.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use fairduel_engine::card::CardId;
use fairduel_engine::grid::Cell;
use fairduel_engine::{Place, Seat};

use super::panels::inspector_ui;
use crate::session::SeatView;

/// Tao the Chanter flipped face-up with the enemy's Blue-Eyes White Dragon (LIGHT) and my
/// Axe Raider (EARTH) on the board.
const TAO_FLIPPED: &str = r#"
name = "Tao the Chanter turns LIGHT monsters DARK"
format = "dor-classic"
turn = 3

[[cells]]
at = "c5"
card = 90
seat = 0
face = "down"
[[cells]]
at = "c3"
card = 0
seat = 1
face = "up"
[[cells]]
at = "e3"
card = 159
seat = 0
face = "up"

[[step]]
seat = 0
do = "flip"
at = "c5"
"#;

fn inspector(card: u16, at: Cell) -> Harness<'static, SeatView> {
    let view = crate::game::tests::scenario_view("dor-classic", TAO_FLIPPED, Seat(0));
    Harness::new_ui_state(
        move |ui, view: &mut SeatView| {
            inspector_ui(ui, view, Some((CardId(card), Some(Place::Cell(at)))));
        },
        view,
    )
}

#[test]
fn the_inspector_says_when_an_effect_changed_a_monsters_attribute() {
    let mut h = inspector(0, Cell::new(2, 2));
    h.run();
    h.get_by_label_contains("Now DARK Dragon monster (changed by an effect)");
}

#[test]
fn the_inspector_says_nothing_of_a_change_where_there_is_none() {
    let mut h = inspector(159, Cell::new(2, 4));
    h.run();
    assert!(h.query_by_label_contains("changed by an effect").is_none());
    h.get_by_label_contains("At e3");
}
