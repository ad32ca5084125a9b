#![allow(clippy::expect_used, clippy::unwrap_used)]
//! Fairy Meteor Crush picks ten cells at random: on a crowded board, exactly the cards on
//! the ten cells it picks are destroyed, Deck Leaders excepted, and different positions
//! pick different cells.

use std::collections::BTreeSet;

use fairduel_engine::action::{Action, PlayMode};
use fairduel_engine::event::Event;
use fairduel_engine::grid::Cell;
use fairduel_engine::place::Place;
use fairduel_engine::seat::Seat;
use fairduel_sim::scenario::Scenario;

mod common;

/// DOR Classic at `turn` with Fairy Meteor Crush in seat 0's hand and a monster on every
/// cell of rows 2 to 5 (b to f), seats alternating.
fn crowded_board(turn: u16) -> String {
    let mut text = format!(
        "format = \"dor-classic\"\nturn = {turn}\n\n[seat0]\nhand = [731]\n\
         deck = [159, 159, 159, 159, 159, 159]\n\n[seat1]\ndeck = [159, 159, 159, 159, 159, 159]\n"
    );
    // Every seat of the preset in turn owns one of the cells.
    let seats = common::load("dor-classic").0.format.table.players;
    let cells = (2..=5).flat_map(|row| ['b', 'c', 'd', 'e', 'f'].map(|col| format!("{col}{row}")));
    for (i, at) in cells.enumerate() {
        let seat = i % usize::from(seats);
        text.push_str(&format!(
            "\n[[cells]]\nat = \"{at}\"\ncard = 159\nseat = {seat}\nface = \"up\"\n"
        ));
    }
    text
}

/// Plays Fairy Meteor Crush from seat 0's zone d6 and returns the cells it picked, the cells
/// whose cards were destroyed, and the cells that held a card before.
fn crush(turn: u16) -> (Vec<Cell>, BTreeSet<Cell>, BTreeSet<Cell>) {
    let rules = common::load("dor-classic").0;
    let scenario = Scenario::parse("random_picks.rs", &crowded_board(turn)).unwrap();
    let (mut duel, knowledge) = scenario.position(&rules).unwrap();
    let occupied: BTreeSet<Cell> = duel
        .state()
        .all_cells()
        .filter(|c| duel.state().piece(*c).is_some())
        .collect();
    let play = duel
        .legal_actions(Seat(0), &knowledge)
        .into_iter()
        .find(|a| {
            matches!(a, Action::Play { to, mode: PlayMode::ActivateSpell, .. }
                if *to == Place::Cell(Cell::new(5, 3)))
        })
        .expect("Fairy Meteor Crush can be activated on d6");
    let mut events = duel.apply(Seat(0), &play, Some(&knowledge)).unwrap();
    // Windows and joint draws, answered honestly, until the main phase is back.
    for _ in 0..50 {
        let awaiting = duel.awaiting().clone();
        if awaiting.is_main_of(Seat(0)) {
            break;
        }
        if let Some((seat, _)) = awaiting.asked() {
            let answer = duel
                .honest_answer(seat, &knowledge)
                .expect("an honest answer");
            events.extend(duel.answer(seat, &answer, Some(&knowledge)).unwrap());
        } else if let Some((seat, _)) = awaiting.decision() {
            events.extend(duel.apply(seat, &Action::Pass, Some(&knowledge)).unwrap());
        }
    }
    let picked: Vec<Cell> = events
        .iter()
        .filter_map(|e| match e {
            Event::PickedAtRandom { at, .. } => at.cell(),
            _ => None,
        })
        .collect();
    let destroyed: BTreeSet<Cell> = events
        .iter()
        .filter_map(|e| match e {
            Event::Destroyed { at, .. } => at.cell(),
            _ => None,
        })
        .collect();
    (picked, destroyed, occupied)
}

#[test]
fn fairy_meteor_crush_destroys_exactly_the_cards_on_ten_cells_it_picks() {
    let mut picks = BTreeSet::new();
    for turn in [3, 5, 7, 9] {
        let (picked, destroyed, occupied) = crush(turn);
        assert_eq!(picked.len(), 10, "turn {turn}: {picked:?}");
        let unique: BTreeSet<Cell> = picked.iter().copied().collect();
        assert_eq!(unique.len(), 10, "turn {turn}: a cell picked twice");
        let spell = Cell::new(5, 3);
        let leaders = [Cell::new(6, 3), Cell::new(0, 3)];
        let expected: BTreeSet<Cell> = unique
            .iter()
            .copied()
            .filter(|c| (occupied.contains(c) && !leaders.contains(c)) || *c == spell)
            .collect();
        // The spell's own zone empties as it goes to the graveyard, picked or not.
        let destroyed_on_board: BTreeSet<Cell> =
            destroyed.iter().copied().filter(|c| *c != spell).collect();
        let expected_on_board: BTreeSet<Cell> =
            expected.iter().copied().filter(|c| *c != spell).collect();
        assert_eq!(destroyed_on_board, expected_on_board, "turn {turn}");
        picks.insert(picked);
    }
    assert!(picks.len() > 1, "every position picked the same cells");
}
