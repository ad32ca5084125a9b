#![allow(clippy::expect_used, clippy::unwrap_used)]
//! The desync report names the fields in which two copies of a duel differ.

mod common;

use fairduel_engine::desync::state_differences;
use fairduel_sim::Referee;

fn started_state() -> fairduel_engine::DuelState {
    let (rules, decks) = common::load("kairu-dotr");
    let (referee, _) = Referee::new(rules, &common::pairing(&decks, 3), 3).unwrap();
    referee.duel().state().clone()
}

#[test]
fn equal_states_have_no_differences() {
    let state = started_state();
    assert!(state_differences(&state, &state.clone()).is_empty());
}

#[test]
fn names_a_players_life_points_and_a_pieces_position() {
    let ours = started_state();
    let mut theirs = ours.clone();
    theirs.players[fairduel_engine::Seat(1)].life_points += 100;
    let leader = theirs.players[fairduel_engine::Seat(0)].leader;
    let index = theirs.index(leader).unwrap();
    let piece = theirs.cells[index].as_mut().unwrap();
    piece.defence = !piece.defence;

    let differences = state_differences(&ours, &theirs);
    let fields: Vec<&str> = differences.iter().map(|d| d.field.as_str()).collect();
    let cell = format!("cells[r{}c{}].defence", leader.row, leader.col);
    assert_eq!(fields, ["players[1].life_points", cell.as_str()]);
    assert_eq!(
        differences[0].ours,
        ours.players[fairduel_engine::Seat(1)]
            .life_points
            .to_string()
    );
    assert_eq!(
        differences[0].theirs,
        (ours.players[fairduel_engine::Seat(1)].life_points + 100).to_string()
    );
}

#[test]
fn a_card_missing_from_one_board_is_named_by_its_cell() {
    let ours = started_state();
    let mut theirs = ours.clone();
    let leader = theirs.players[fairduel_engine::Seat(1)].leader;
    let index = theirs.index(leader).unwrap();
    theirs.cells[index] = None;
    let differences = state_differences(&ours, &theirs);
    assert_eq!(differences.len(), 1);
    assert_eq!(
        differences[0].field,
        format!("cells[r{}c{}]", leader.row, leader.col)
    );
    assert_eq!(differences[0].theirs, "None");
}
