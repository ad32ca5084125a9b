//! Seeded random self-play through the referee: every game must finish, with every seat's
//! engine and the referee's holding equal state hashes after every entry, no panic and no
//! stuck game — for two players and for four.
//!
//! The default run plays 300 games per preset. The full 10,000 games per preset are an
//! ignored test; run them in release mode:
//!
//! `cargo test --release -p fairduel-sim --test selfplay -- --ignored`

use std::sync::Arc;

use fairduel_engine::{Action, Answer, Entry, Reveal, Salt, Seat};
use fairduel_sim::selfplay::{BotKind, GameReport, bots, next_entry, play_game};
use fairduel_sim::{Bot, Referee};

mod common;

/// Every preset: two players, then the tables of four, then the card game's field.
fn all_presets() -> impl Iterator<Item = &'static str> {
    common::PRESETS
        .into_iter()
        .chain(common::TABLE_PRESETS)
        .chain(common::FIELD_PRESETS)
        .chain(common::DOMAIN_PRESETS)
}

fn players(preset: &str) -> usize {
    usize::from(common::load(preset).0.format.table.players)
}

fn play_many(preset: &str, games: u64) -> Vec<GameReport> {
    let (rules, decks) = common::load(preset);
    let players = players(preset);
    (1..=games)
        .map(|seed| {
            match play_game(
                &rules,
                &common::seating(&decks, seed, players),
                seed,
                BotKind::Random,
            ) {
                Ok(report) => report,
                Err(e) => panic!("{preset}: {e}"),
            }
        })
        .collect()
}

fn referee(preset: &str, seed: u64) -> Referee {
    let (rules, decks) = common::load(preset);
    match Referee::new(
        Arc::clone(&rules),
        &common::seating(&decks, seed, players(preset)),
        seed,
    ) {
        Ok((referee, _)) => referee,
        Err(e) => panic!("{preset}: set-up failed: {e}"),
    }
}

/// Plays `seat`'s next entry with its bot.
fn step(referee: &mut Referee, seat: Seat, bots: &mut [Box<dyn Bot>], preset: &str) -> Entry {
    let entry = match next_entry(referee, seat, bots, 0) {
        Ok(entry) => entry,
        Err(e) => panic!("{preset}: {e}"),
    };
    if let Err(e) = referee.submit(seat, &entry) {
        panic!("{preset}: {e}");
    }
    entry
}

/// A seat that is not `seat`.
fn someone_else(referee: &Referee, seat: Seat) -> Seat {
    Seat(((usize::from(seat.0) + 1) % referee.players()) as u8)
}

/// 300 games of every preset in `presets`. One test per family, so the test harness
/// plays the families on every core at once.
fn three_hundred_random_games_of(presets: &[&str]) {
    for preset in presets {
        let reports = play_many(preset, 300);
        assert_eq!(reports.len(), 300);
    }
}

#[test]
fn three_hundred_random_games_per_two_seat_preset() {
    three_hundred_random_games_of(&common::PRESETS);
}

#[test]
fn three_hundred_random_games_per_table_preset() {
    three_hundred_random_games_of(&common::TABLE_PRESETS);
}

#[test]
fn three_hundred_random_games_per_card_game_field_preset() {
    three_hundred_random_games_of(&common::FIELD_PRESETS);
}

#[test]
fn three_hundred_random_games_per_domain_preset() {
    three_hundred_random_games_of(&common::DOMAIN_PRESETS);
}

#[test]
#[ignore = "10,000 games per preset: run in release mode (see the file's header)"]
fn ten_thousand_random_games_per_preset() {
    for preset in all_presets() {
        let reports = play_many(preset, 10_000);
        assert_eq!(reports.len(), 10_000);
    }
}

/// Kingdom Duels with `field.quick_spells_from_hand` (its Normal Spells are Quick): random
/// players answer chains with spells from the hand in their own turn, and every game still
/// ends with every seat agreeing with the referee. (Domain Format's shipped pool, the DOR
/// cards, holds no Quick-Play Spell.)
#[test]
fn quick_spells_from_the_hand_answer_chains_in_random_games() {
    for preset in ["kingdom-duels", "kingdom-duels-tag"] {
        let hand_responses: u64 = play_many(preset, 100)
            .iter()
            .map(|report| report.agreements.hand_responses)
            .sum();
        assert!(
            hand_responses > 0,
            "{preset}: no chain answered from the hand in 100 games"
        );
    }
}

/// Domain Format's Field Zone in random games: every Field Spell on the field lies in its
/// player's Field Zone, the zone never holds anything else, and the bots do play there.
#[test]
fn field_spells_in_random_domain_games_lie_in_the_field_zones() {
    let mut seen_in_zone = 0;
    for seed in 0..30 {
        let mut referee = referee("domain", seed);
        let mut bots = bots(BotKind::Random, seed, referee.players());
        while let Some(seat) = referee.duel().awaiting().seat() {
            let duel = referee.duel();
            let field = *duel.field();
            for place in field.all_zones() {
                let Some(card) = duel.zone_piece(place).and_then(|p| p.card) else {
                    continue;
                };
                let field_spell = duel
                    .pool()
                    .get(card)
                    .is_some_and(|c| c.goes_to_the_field_zone());
                let in_field_zone = matches!(
                    place,
                    fairduel_engine::Place::Zone {
                        zone: fairduel_engine::Zone::FieldSpell,
                        ..
                    }
                );
                assert_eq!(
                    field_spell, in_field_zone,
                    "seed {seed}: card {card} at {place}"
                );
                seen_in_zone += usize::from(in_field_zone);
            }
            step(&mut referee, seat, &mut bots, "domain");
        }
    }
    assert!(
        seen_in_zone > 0,
        "no Field Spell reached a Field Zone in 30 games"
    );
}

/// Self-play is deterministic: the same seed gives the same game.
#[test]
fn same_seed_same_game() {
    for preset in all_presets() {
        let (rules, decks) = common::load(preset);
        for seed in [5, 77] {
            let seating = common::seating(&decks, seed, players(preset));
            let a = play_game(&rules, &seating, seed, BotKind::Random);
            let b = play_game(&rules, &seating, seed, BotKind::Random);
            assert_eq!(a, b, "{preset} seed {seed}");
        }
    }
}

/// `Duel::state_hash` hashes the unchanging prefix once and writes the rest by hand each
/// time; it must equal SHA-256 over postcard's encoding of the whole state after every
/// entry, on every engine.
#[test]
fn cached_prefix_hash_equals_full_hash() {
    for (preset, seed) in all_presets().flat_map(|p| [9, 10, 11].map(|s| (p, s))) {
        let mut referee = referee(preset, seed);
        let mut bots = bots(BotKind::Random, seed, referee.players());
        while let Some(seat) = referee.duel().awaiting().seat() {
            let duel = referee.duel();
            assert_eq!(duel.state_hash(), duel.state().state_hash(), "{preset}");
            for other in duel.state().seats() {
                let duel = referee.seat_duel(other);
                assert_eq!(duel.state_hash(), duel.state().state_hash(), "{preset}");
            }
            step(&mut referee, seat, &mut bots, preset);
        }
        let duel = referee.duel();
        assert_eq!(duel.state_hash(), duel.state().state_hash(), "{preset}");
    }
}

/// `Duel::update_state_hash` rehashes only from the first changed block of the state's
/// encoding; it must give the full hash after every entry, and again after an illegal
/// entry left the state as it was.
#[test]
fn incremental_hash_equals_full_hash() {
    for (preset, seed) in all_presets().flat_map(|p| [5, 6, 7].map(|s| (p, s))) {
        let mut referee = referee(preset, seed);
        let mut mirror = referee.duel().clone();
        let mut bots = bots(BotKind::Random, seed, referee.players());
        while let Some(seat) = referee.duel().awaiting().seat() {
            assert_eq!(mirror.update_state_hash(), mirror.state().state_hash());
            assert_eq!(mirror.update_state_hash(), referee.state_hash(), "{preset}");
            // Out of turn: refused, nothing changes.
            let other = someone_else(&referee, seat);
            let refused = mirror.apply(other, &Action::EndTurn, None);
            assert!(refused.is_err(), "{preset}");
            assert_eq!(mirror.update_state_hash(), referee.state_hash(), "{preset}");
            let entry = step(&mut referee, seat, &mut bots, preset);
            if let Err(e) = mirror.apply_any(seat, &entry, Some(referee.all_knowledge())) {
                panic!("{preset}: {e}");
            }
        }
        assert_eq!(mirror.update_state_hash(), mirror.state().state_hash());
        assert_eq!(mirror.update_state_hash(), referee.state_hash(), "{preset}");
    }
}

/// A false copy of `entry`: every opening it carries (the last of several) given a salt
/// that opens nothing.
fn falsified(entry: &Entry) -> Option<Entry> {
    let mut bad = entry.clone();
    let spoil = |r: &mut Reveal| r.salt = Salt([9; 32]);
    match &mut bad {
        Entry::Action(
            Action::Play {
                reveal: Some(r), ..
            }
            | Action::Flip { reveal: r, .. }
            | Action::SpringTrap { reveal: r, .. }
            | Action::Discard { reveal: r, .. },
        ) => spoil(r),
        Entry::Answer(Answer::Reveal { reveals }) => spoil(reveals.last_mut()?),
        _ => return None,
    }
    Some(bad)
}

/// An entry the referee refuses changes no engine (the referee undoes it from a seat
/// engine's copy), and play goes on after it. Among the refusals are reveals of two cards
/// whose second is false: the first card has been revealed by then.
#[test]
fn refused_submissions_change_nothing() {
    let mut halfway = 0;
    for (preset, seed) in all_presets().flat_map(|p| [6, 8, 10].map(|s| (p, s))) {
        let mut referee = referee(preset, seed);
        let mut bots = bots(BotKind::Random, seed, referee.players());
        let mut refused = 0;
        while let Some(seat) = referee.duel().awaiting().seat() {
            let before = referee.duel().state().clone();
            let hash = referee.state_hash();
            let knowledge = referee.knowledge(seat);
            let duel = referee.seat_duel(seat);
            let honest: Vec<Entry> = match duel.honest_answer(seat, knowledge) {
                Some(answer) => vec![Entry::Answer(answer)],
                None => duel
                    .legal_actions(seat, knowledge)
                    .into_iter()
                    .map(Entry::Action)
                    .collect(),
            };
            let mut wrong = vec![(someone_else(&referee, seat), Entry::Action(Action::EndTurn))];
            wrong.extend(honest.iter().filter_map(falsified).map(|bad| (seat, bad)));
            let mut taken = false;
            for (by, bad) in &wrong {
                // A face-up card's reveal is not looked at: such an action may be legal.
                if referee.submit(*by, bad).is_ok() {
                    taken = true;
                    break;
                }
                assert_eq!(referee.duel().state(), &before, "{preset}: {bad:?}");
                assert_eq!(referee.state_hash(), hash, "{preset}");
                refused += 1;
                if let Entry::Answer(Answer::Reveal { reveals }) = bad
                    && reveals.len() > 1
                {
                    halfway += 1;
                }
            }
            if !taken {
                step(&mut referee, seat, &mut bots, preset);
            }
        }
        assert!(refused > 100, "{preset}: {refused}");
    }
    assert!(halfway > 0);
}

/// An illegal entry leaves every engine exactly as it was, and play goes on after it.
#[test]
fn illegal_actions_leave_the_state_untouched() {
    for preset in all_presets() {
        let seed = 21;
        let mut referee = referee(preset, seed);
        let mut bots = bots(BotKind::Random, 3, referee.players());
        while let Some(seat) = referee.duel().awaiting().seat() {
            let mut duel = referee.seat_duel(seat).clone();
            let before = duel.state().clone();
            let knowledge = referee.knowledge(seat);
            // A reveal that opens nothing, attached to every legal action that shows a card.
            for action in duel.legal_actions(seat, knowledge) {
                let forged = Reveal {
                    card: fairduel_engine::CardId(0),
                    salt: Salt([7; 32]),
                };
                let mut bad = action.clone();
                let touched = match &mut bad {
                    Action::Play {
                        reveal: Some(r), ..
                    }
                    | Action::Flip { reveal: r, .. }
                    | Action::SpringTrap { reveal: r, .. }
                    | Action::Discard { reveal: r, .. } => {
                        *r = forged;
                        true
                    }
                    _ => false,
                };
                if touched {
                    assert!(duel.apply(seat, &bad, Some(knowledge)).is_err(), "{preset}");
                    assert_eq!(duel.state(), &before, "{preset}");
                    assert_eq!(duel.state_hash(), before.state_hash(), "{preset}");
                }
            }
            let other = someone_else(&referee, seat);
            assert!(duel.apply(other, &Action::EndTurn, None).is_err());
            assert_eq!(duel.state(), &before, "{preset}");
            step(&mut referee, seat, &mut bots, preset);
        }
    }
}
