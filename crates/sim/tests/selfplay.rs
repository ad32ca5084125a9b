//! Seeded random self-play through the referee: every game must finish, with the three
//! engines' state hashes equal after every action, no panic and no stuck game.
//!
//! The default run plays 300 games per preset. The full 10,000 games per preset are an
//! ignored test; run them in release mode:
//!
//! `cargo test --release -p fairduel-sim --test selfplay -- --ignored`

use std::sync::Arc;

use fairduel_sim::selfplay::{BotKind, GameReport, play_game};
use fairduel_sim::{Bot, RandomBot, Referee};

mod common;

fn play_many(preset: &str, games: u64) -> Vec<GameReport> {
    let (rules, decks) = common::load(preset);
    (1..=games)
        .map(
            |seed| match play_game(&rules, common::pairing(&decks, seed), seed, BotKind::Random) {
                Ok(report) => report,
                Err(e) => panic!("{preset}: {e}"),
            },
        )
        .collect()
}

#[test]
fn three_hundred_random_games_per_preset() {
    for preset in common::PRESETS {
        let reports = play_many(preset, 300);
        assert_eq!(reports.len(), 300);
    }
}

#[test]
#[ignore = "10,000 games per preset: run in release mode (see the file's header)"]
fn ten_thousand_random_games_per_preset() {
    for preset in common::PRESETS {
        let reports = play_many(preset, 10_000);
        assert_eq!(reports.len(), 10_000);
    }
}

/// Self-play is deterministic: the same seed gives the same game.
#[test]
fn same_seed_same_game() {
    for preset in common::PRESETS {
        let (rules, decks) = common::load(preset);
        for seed in [5, 77] {
            let pair = common::pairing(&decks, seed);
            let a = play_game(&rules, pair, seed, BotKind::Random);
            let b = play_game(&rules, pair, seed, BotKind::Random);
            assert_eq!(a, b, "{preset} seed {seed}");
        }
    }
}

/// `Duel::state_hash` hashes the unchanging prefix once and writes the rest by hand each
/// time; it must equal SHA-256 over postcard's encoding of the whole state after every
/// action, on every engine.
#[test]
fn cached_prefix_hash_equals_full_hash() {
    for (preset, seed) in common::PRESETS
        .into_iter()
        .flat_map(|p| [9, 10, 11].map(|s| (p, s)))
    {
        let (rules, decks) = common::load(preset);
        let Ok((mut referee, _)) =
            Referee::new(Arc::clone(&rules), common::pairing(&decks, seed), seed)
        else {
            panic!("{preset}: set-up failed");
        };
        let mut bots = [RandomBot::new(1), RandomBot::new(2)];
        while let Some(seat) = referee.duel().awaiting().seat() {
            for duel in [
                referee.duel(),
                referee.seat_duel(seat),
                referee.seat_duel(seat.other()),
            ] {
                assert_eq!(duel.state_hash(), duel.state().state_hash(), "{preset}");
            }
            let duel = referee.seat_duel(seat);
            let knowledge = referee.knowledge(seat);
            let legal = duel.legal_actions(seat, knowledge);
            let action = legal[bots[seat.index()].choose(duel, seat, knowledge, &legal)].clone();
            if let Err(e) = referee.submit(seat, &action) {
                panic!("{preset}: {e}");
            }
        }
        let duel = referee.duel();
        assert_eq!(duel.state_hash(), duel.state().state_hash(), "{preset}");
    }
}

/// `Duel::update_state_hash` rehashes only from the first changed block of the state's
/// encoding; it must give the full hash after every action, and again after an illegal
/// action left the state as it was.
#[test]
fn incremental_hash_equals_full_hash() {
    use fairduel_engine::Action;
    for (preset, seed) in common::PRESETS
        .into_iter()
        .flat_map(|p| [5, 6, 7].map(|s| (p, s)))
    {
        let (rules, decks) = common::load(preset);
        let Ok((mut referee, _)) =
            Referee::new(Arc::clone(&rules), common::pairing(&decks, seed), seed)
        else {
            panic!("{preset}: set-up failed");
        };
        let mut mirror = referee.duel().clone();
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
        while let Some(seat) = referee.duel().awaiting().seat() {
            assert_eq!(mirror.update_state_hash(), mirror.state().state_hash());
            assert_eq!(mirror.update_state_hash(), referee.state_hash(), "{preset}");
            // Out of turn: refused, nothing changes.
            let refused = mirror.apply(seat.other(), &Action::EndTurn, None);
            assert!(refused.is_err(), "{preset}");
            assert_eq!(mirror.update_state_hash(), referee.state_hash(), "{preset}");
            let duel = referee.seat_duel(seat);
            let knowledge = referee.knowledge(seat);
            let legal = duel.legal_actions(seat, knowledge);
            let action = legal[bots[seat.index()].choose(duel, seat, knowledge, &legal)].clone();
            if let Err(e) = referee.submit(seat, &action) {
                panic!("{preset}: {e}");
            }
            if let Err(e) = mirror.apply(seat, &action, Some(referee.all_knowledge())) {
                panic!("{preset}: {e}");
            }
        }
        assert_eq!(mirror.update_state_hash(), mirror.state().state_hash());
        assert_eq!(mirror.update_state_hash(), referee.state_hash(), "{preset}");
    }
}

/// An action the referee refuses changes no engine (the referee undoes it from a seat
/// engine's copy), and play goes on after it. Among the refusals are reveals of two cards
/// whose second is false: the first card has been revealed by then.
#[test]
fn refused_submissions_change_nothing() {
    use fairduel_engine::{Action, Awaiting, Reveal, Salt};
    let mut halfway = 0;
    for (preset, seed) in common::PRESETS
        .into_iter()
        .flat_map(|p| [6, 8, 10].map(|s| (p, s)))
    {
        let (rules, decks) = common::load(preset);
        let Ok((mut referee, _)) =
            Referee::new(Arc::clone(&rules), common::pairing(&decks, seed), seed)
        else {
            panic!("{preset}: set-up failed");
        };
        let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
        let mut refused = 0;
        while let Some(seat) = referee.duel().awaiting().seat() {
            let before = referee.duel().state().clone();
            let hash = referee.state_hash();
            let knowledge = referee.knowledge(seat);
            let legal = referee.seat_duel(seat).legal_actions(seat, knowledge);
            let mut wrong = vec![Action::EndTurn];
            wrong.extend(legal.iter().filter_map(|action| {
                let mut bad = action.clone();
                match &mut bad {
                    Action::Play {
                        reveal: Some(r), ..
                    }
                    | Action::Flip { reveal: r, .. }
                    | Action::SpringTrap { reveal: r, .. }
                    | Action::Discard { reveal: r, .. } => {
                        *r = Reveal {
                            card: r.card,
                            salt: Salt([9; 32]),
                        };
                        Some(bad)
                    }
                    Action::Reveal { reveals } => {
                        if let Some(last) = reveals.last_mut() {
                            last.salt = Salt([9; 32]);
                        }
                        Some(bad)
                    }
                    _ => None,
                }
            }));
            let mut taken = false;
            for (i, bad) in wrong.iter().enumerate() {
                // The first is an end of turn out of turn.
                let by = if i == 0 { seat.other() } else { seat };
                // A face-up card's reveal is not looked at: such an action may be legal.
                if referee.submit(by, bad).is_ok() {
                    taken = true;
                    break;
                }
                assert_eq!(referee.duel().state(), &before, "{preset}: {bad:?}");
                assert_eq!(referee.state_hash(), hash, "{preset}");
                refused += 1;
                if let Awaiting::Reveal { commitments, .. } = referee.duel().awaiting()
                    && commitments.len() > 1
                    && matches!(bad, Action::Reveal { .. })
                {
                    halfway += 1;
                }
            }
            if taken {
                continue;
            }
            let action = legal[bots[seat.index()].choose(
                referee.seat_duel(seat),
                seat,
                referee.knowledge(seat),
                &legal,
            )]
            .clone();
            if let Err(e) = referee.submit(seat, &action) {
                panic!("{preset}: {e}");
            }
        }
        assert!(refused > 100, "{preset}: {refused}");
    }
    assert!(halfway > 0);
}

/// An illegal action leaves every engine exactly as it was, and play goes on after it.
#[test]
fn illegal_actions_leave_the_state_untouched() {
    use fairduel_engine::{Action, Reveal, Salt};
    for preset in common::PRESETS {
        let (rules, decks) = common::load(preset);
        let seed = 21;
        let Ok((mut referee, _)) =
            Referee::new(Arc::clone(&rules), common::pairing(&decks, seed), seed)
        else {
            panic!("{preset}: set-up failed");
        };
        let mut bots = [RandomBot::new(3), RandomBot::new(4)];
        while let Some(seat) = referee.duel().awaiting().seat() {
            let mut duel = referee.seat_duel(seat).clone();
            let before = duel.state().clone();
            let knowledge = referee.knowledge(seat);
            let legal = duel.legal_actions(seat, knowledge);
            // A reveal that opens nothing, attached to every legal action that shows a card.
            for action in &legal {
                let mut bad = action.clone();
                let forged = Reveal {
                    card: fairduel_engine::CardId(0),
                    salt: Salt([7; 32]),
                };
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
            assert!(duel.apply(seat.other(), &Action::EndTurn, None).is_err());
            assert_eq!(duel.state(), &before, "{preset}");
            let action = legal[bots[seat.index()].choose(&duel, seat, knowledge, &legal)].clone();
            if let Err(e) = referee.submit(seat, &action) {
                panic!("{preset}: {e}");
            }
        }
    }
}
