#![allow(clippy::expect_used, clippy::unwrap_used)]
//! Property tests over positions reached by seeded random play: every listed legal action
//! applies, a refused action leaves the state hash unchanged, and postcard round-trips.

use std::path::PathBuf;
use std::sync::Arc;

use fairduel_engine::{
    Action, CardId, CardPool, CardRef, Cell, Commitment, DeckList, DuelState, Entry, Format, Place,
    Rules, Seat, Zone,
};
use fairduel_sim::Referee;
use fairduel_sim::rng::SeededRng;
use proptest::prelude::*;

fn assets() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn rules(format: &str) -> Arc<Rules> {
    let path = assets().join("formats").join(format!("{format}.toml"));
    let text = std::fs::read_to_string(&path).expect("format file");
    let format = Format::from_toml(&path.display().to_string(), &text).expect("valid format");
    let path = assets().join("cards").join(format!("{}.toml", format.pool));
    let text = std::fs::read_to_string(&path).expect("pool file");
    let pool = CardPool::from_toml(&path.display().to_string(), &text).expect("valid pool");
    Rules::new(format, pool)
}

fn decks(rules: &Rules) -> Vec<DeckList> {
    let dir = if rules.format.deck_folder() == fairduel_engine::format::DOR_POOL {
        assets().join("decks")
    } else {
        assets().join("decks").join(rules.format.deck_folder())
    };
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("decks folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).expect("deck file");
            DeckList::from_toml(&p.display().to_string(), &text, &rules.pool, &rules.format)
                .expect("valid deck")
        })
        .collect()
}

/// Plays `steps` random entries from `seed` and returns the referee there.
fn position(format: &str, seed: u64, steps: usize) -> Referee {
    let rules = rules(format);
    let decks = decks(&rules);
    let players = usize::from(rules.format.table.players);
    let seating: Vec<&DeckList> = (0..players)
        .map(|i| &decks[(seed as usize + i) % decks.len()])
        .collect();
    let (mut referee, _) = Referee::new(rules, &seating, seed).expect("setup");
    let mut rng = SeededRng::new(seed);
    for _ in 0..steps {
        let Some(seat) = referee.duel().awaiting().seat() else {
            break;
        };
        let duel = referee.seat_duel(seat);
        let knowledge = referee.knowledge(seat);
        let entry = match duel.honest_answer(seat, knowledge) {
            Some(answer) => Entry::Answer(answer),
            None => {
                let legal = duel.legal_actions(seat, knowledge);
                Entry::Action(legal[rng.below(legal.len())].clone())
            }
        };
        referee
            .submit(seat, &entry)
            .expect("a listed action applies");
    }
    referee
}

const FORMATS: [&str; 7] = [
    "dor-classic",
    "dor-alternate",
    "dor-modern",
    "kairu-dotr",
    "kairu-dotr-4p",
    "kairu-dotr-2v2",
    "kingdom-duels",
];

/// A place from drawn numbers: a grid cell, or on the card game's field a zone of a row.
fn place(referee: &Referee, row: u8, col: u8) -> Place {
    if referee.duel().topology().field().is_some() {
        let zone = if col % 2 == 0 {
            Zone::Frontrow
        } else {
            Zone::Backrow
        };
        Place::Zone {
            side: Seat(row % 3),
            zone,
            slot: col % 6,
        }
    } else {
        Place::Cell(Cell::new(row, col))
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn every_listed_action_applies(format in 0usize..6, seed in 0u64..10_000, steps in 0usize..300) {
        let referee = position(FORMATS[format], seed, steps);
        if let Some(seat) = referee.duel().awaiting().seat() {
            let duel = referee.seat_duel(seat);
            let knowledge = referee.knowledge(seat);
            for action in duel.legal_actions(seat, knowledge) {
                let mut copy = duel.clone();
                prop_assert!(copy.apply(seat, &action, Some(knowledge)).is_ok(), "{action:?} was listed but refused");
            }
        }
    }

    #[test]
    fn a_refused_action_changes_nothing(format in 0usize..6, seed in 0u64..10_000, steps in 0usize..300,
                                        row in 0u8..9, col in 0u8..9, to_row in 0u8..9, to_col in 0u8..9, kind in 0u8..6) {
        let referee = position(FORMATS[format], seed, steps);
        let seat = referee.duel().awaiting().seat().unwrap_or(Seat(0));
        let from = place(&referee, row, col);
        let to = place(&referee, to_row, to_col);
        let action = match kind {
            0 => Action::Move { from, to, flip: None },
            1 => Action::Attack { from, target: to, flip: None },
            2 => Action::ChangePosition { at: from },
            3 => Action::Pass,
            4 => Action::EndTurn,
            _ => Action::NextPhase,
        };
        let players = referee.players() as u8;
        for acting in [seat, Seat((seat.0 + 1) % players)] {
            let mut duel = referee.seat_duel(acting).clone();
            let before = duel.state_hash();
            if duel.apply(acting, &action, Some(referee.knowledge(acting))).is_err() {
                prop_assert_eq!(before, duel.state_hash());
            }
        }
    }

    #[test]
    fn undoing_an_applied_action_restores_the_state_exactly(format in 0usize..6, seed in 0u64..10_000, steps in 0usize..300, pick in 0usize..64) {
        let referee = position(FORMATS[format], seed, steps);
        if let Some(seat) = referee.duel().awaiting().seat() {
            let mut duel = referee.seat_duel(seat).clone();
            let knowledge = referee.knowledge(seat);
            let legal = duel.legal_actions(seat, knowledge);
            if legal.is_empty() {
                return Ok(());
            }
            let action = legal[pick % legal.len()].clone();
            let before = duel.state().clone();
            let hash = duel.update_state_hash();
            prop_assert!(!duel.undo_last_apply(), "nothing to undo before an apply");
            duel.apply(seat, &action, Some(knowledge)).expect("a listed action applies");
            let _ = duel.update_state_hash();
            prop_assert!(duel.undo_last_apply());
            prop_assert_eq!(duel.state(), &before);
            prop_assert_eq!(duel.update_state_hash(), hash);
            prop_assert_eq!(duel.state_hash(), hash);
            prop_assert!(!duel.undo_last_apply(), "an undo happens once");
            // A refused action leaves nothing to undo (the earlier state stays).
            let refused = Action::Move {
                from: Place::Cell(Cell::new(0, 0)),
                to: Place::Cell(Cell::new(8, 8)),
                flip: None,
            };
            if duel.apply(seat, &refused, Some(knowledge)).is_err() {
                prop_assert!(!duel.undo_last_apply());
                prop_assert_eq!(duel.state(), &before);
            }
        }
    }

    #[test]
    fn every_card_is_in_one_place_under_its_own_commitment(format in 0usize..6, seed in 0u64..10_000, steps in 0usize..300) {
        let referee = position(FORMATS[format], seed, steps);
        let state = referee.duel().state();
        let all = referee.all_knowledge();
        let mut places: Vec<(CardRef, Option<CardId>)> = Vec::new();
        for seat in state.seats() {
            let p = state.player(seat);
            places.extend(p.deck.iter().chain(&p.extra_deck).map(|r| (*r, None)));
            places.extend(
                p.hand
                    .iter()
                    .chain(&p.graveyard)
                    .chain(&p.banished)
                    .chain(&p.face_up_extra_deck)
                    .map(|s| (s.card_ref, s.card)),
            );
            places.extend(p.field_spell.map(|f| (f.card_ref, Some(f.card))));
            places.extend(
                p.destiny
                    .iter()
                    .flat_map(|d| &d.cards)
                    .map(|r| (*r, None)),
            );
        }
        for piece in state.cells.iter().flatten() {
            places.push((piece.card_ref, piece.card));
            places.extend(piece.attached.iter().map(|e| (e.card_ref, Some(e.card))));
        }
        let mut refs: Vec<CardRef> = places.iter().map(|(r, _)| *r).collect();
        refs.sort();
        refs.dedup();
        prop_assert_eq!(refs.len(), places.len(), "a card is in two places");
        prop_assert_eq!(refs.len(), state.commitments.len(), "a card went missing");
        for (card_ref, card) in places {
            if let Some(card) = card {
                let commitment = state.commitment(card_ref);
                // A card made from nothing (a Token, a grid monster an effect makes) is under
                // a public commitment no seat holds as a secret.
                let made = state
                    .seats()
                    .any(|seat| commitment == Commitment::of_token(&state.match_id, seat, card));
                match all.card(&commitment) {
                    Some(known) => prop_assert_eq!(known, card),
                    None => prop_assert!(made, "{card} is under a commitment nobody opens"),
                }
            }
        }
    }

    #[test]
    fn state_and_actions_round_trip_through_postcard(format in 0usize..6, seed in 0u64..10_000, steps in 0usize..300) {
        let referee = position(FORMATS[format], seed, steps);
        let state = referee.duel().state();
        let bytes = postcard::to_allocvec(state).expect("encode");
        let back: DuelState = postcard::from_bytes(&bytes).expect("decode");
        prop_assert_eq!(&back, state);
        prop_assert_eq!(back.state_hash(), state.state_hash());
        if let Some(seat) = referee.duel().awaiting().seat() {
            for action in referee.seat_duel(seat).legal_actions(seat, referee.knowledge(seat)) {
                let bytes = postcard::to_allocvec(&action).expect("encode");
                let back: Action = postcard::from_bytes(&bytes).expect("decode");
                prop_assert_eq!(back, action);
            }
        }
    }
}

/// A claim carries a card filter; the state must still decode after encoding (postcard has no
/// field names, so no field of the filter may be left out).
#[test]
fn a_state_holding_a_declaration_claim_round_trips() {
    use fairduel_engine::card::{Filter, KindFilter};
    use fairduel_engine::state::{PendingClaim, Predicate};

    let referee = position("kairu-dotr", 1, 0);
    let mut state = referee.duel().state().clone();
    state.claims.push(PendingClaim {
        card_ref: CardRef(3),
        owner: Seat(1),
        predicate: Predicate::NotMatching {
            filter: Filter {
                kind: Some(KindFilter::Monster),
                ..Filter::default()
            },
            viewer: Seat(0),
        },
        turn: 1,
    });
    let bytes = postcard::to_allocvec(&state).expect("encode");
    let back: DuelState = postcard::from_bytes(&bytes).expect("decode");
    assert_eq!(back, state);
}
