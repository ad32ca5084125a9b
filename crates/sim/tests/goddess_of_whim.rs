#![allow(clippy::expect_used, clippy::unwrap_used)]
//! Goddess of Whim: "Own ATK/DEF either increased or decreased by up to 1500 points when
//! entering battle." Before each battle it fights face-up, every seat draws jointly; the
//! change is a multiple of 100 from -1500 to +1500, the battle is fought with it, and
//! different positions draw different changes.

use std::collections::BTreeSet;

use fairduel_engine::action::Action;
use fairduel_engine::event::Event;
use fairduel_engine::grid::Cell;
use fairduel_engine::place::Place;
use fairduel_engine::seat::Seat;
use fairduel_sim::scenario::Scenario;

mod common;

const GODDESS_ATK: i32 = 950;
const AXE_RAIDER_ATK: i32 = 1700;

/// Goddess of Whim (seat 0, d5) attacks Axe Raider (seat 1, d4) at `turn`: the change drawn,
/// and which of the two were destroyed.
fn whim_battle(turn: u16) -> (i16, bool, bool) {
    let rules = common::load("dor-classic").0;
    let text = format!(
        "format = \"dor-classic\"\nturn = {turn}\n\n\
         [[cells]]\nat = \"d5\"\ncard = 382\nseat = 0\nface = \"up\"\n\n\
         [[cells]]\nat = \"d4\"\ncard = 159\nseat = 1\nface = \"up\"\n"
    );
    let scenario = Scenario::parse("goddess_of_whim.rs", &text).unwrap();
    let (mut duel, knowledge) = scenario.position(&rules).unwrap();
    let (goddess, axe_raider) = (Cell::new(4, 3), Cell::new(3, 3));
    let attack = duel
        .legal_actions(Seat(0), &knowledge)
        .into_iter()
        .find(|a| {
            matches!(a, Action::Attack { from, target, .. }
                if *from == Place::Cell(goddess) && *target == Place::Cell(axe_raider))
        })
        .expect("Goddess of Whim can attack Axe Raider");
    let mut events = duel.apply(Seat(0), &attack, Some(&knowledge)).unwrap();
    for _ in 0..50 {
        let awaiting = duel.awaiting().clone();
        if awaiting.is_main_of(Seat(0)) {
            break;
        }
        if let Some((seat, _)) = awaiting.asked() {
            let answer = duel.honest_answer(seat, &knowledge).unwrap();
            events.extend(duel.answer(seat, &answer, Some(&knowledge)).unwrap());
        } else if let Some((seat, _)) = awaiting.decision() {
            events.extend(duel.apply(seat, &Action::Pass, Some(&knowledge)).unwrap());
        }
    }
    let changes: Vec<i16> = events
        .iter()
        .filter_map(|e| match e {
            Event::Whim { change, .. } => Some(*change),
            _ => None,
        })
        .collect();
    assert_eq!(
        changes.len(),
        1,
        "turn {turn}: one whim per battle: {events:?}"
    );
    let destroyed = |cell: Cell| {
        events
            .iter()
            .any(|e| matches!(e, Event::Destroyed { at, .. } if at.cell() == Some(cell)))
    };
    (changes[0], destroyed(goddess), destroyed(axe_raider))
}

#[test]
fn goddess_of_whim_fights_with_a_change_drawn_jointly() {
    let mut seen = BTreeSet::new();
    for turn in [3, 5, 7, 9, 11, 13, 15, 17] {
        let (change, goddess_gone, axe_raider_gone) = whim_battle(turn);
        assert!(
            (-1500..=1500).contains(&change) && change % 100 == 0,
            "turn {turn}: change {change}"
        );
        let atk = (GODDESS_ATK + i32::from(change)).max(0);
        assert_eq!(
            (goddess_gone, axe_raider_gone),
            (atk <= AXE_RAIDER_ATK, atk >= AXE_RAIDER_ATK),
            "turn {turn}: Goddess at {atk} ATK against 1700"
        );
        seen.insert(change);
    }
    assert!(
        seen.len() > 1,
        "every position drew the same change: {seen:?}"
    );
}
