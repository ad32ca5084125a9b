//! Cheats around agreed effects (the card game's field, and the grid's cards without a
//! definition): an outcome applied without the consent of every seat asked, consent given in another seat's name, a false opening of a
//! hidden card the outcome shows, a replayed agreement, and a search reaching beyond the
//! searcher's own deck. A reshuffle that stacks the deck is in `reshuffle.rs`.

use fairduel_engine::{Action, Answer, Asked, Awaiting, Decision, Reveal, Seat};
use fairduel_protocol::envelope::{Body, Envelope, SignedEnvelope};
use fairduel_protocol::matchlog::Step;

use crate::harness::{FIELD, Game, TWO_SEATS, Table, refused_as, tables};

/// Plays until a proposed outcome waits for a seat's answer: (proposer, the seat asked).
fn until_outcome_considered(game: &mut Game) -> Option<(Seat, Seat)> {
    let considered = |g: &Game| match g.step() {
        Step::Game(Awaiting::Decision {
            seat,
            decision: Decision::ConsiderOutcome { by },
        }) => Some((by, seat)),
        _ => None,
    };
    game.advance_until_or_end(|g| considered(g).is_some())
        .then(|| considered(game))
        .flatten()
}

#[test]
fn an_outcome_nobody_agreed_to_is_refused() {
    let field = tables(&FIELD).into_iter().map(|t| (t, 20));
    // On the grid only a few cards of the starter decks resolve by agreement.
    let grid = tables(&TWO_SEATS).into_iter().map(|t| (t, 60));
    for (table, seeds) in field.chain(grid) {
        let mut tried = 0;
        for seed in 0..seeds {
            let mut game = Game::new(&table, seed);
            let Some((proposer, asked)) = until_outcome_considered(&mut game) else {
                continue;
            };
            // The proposer accepts its own outcome, as if the seat asked had: the log waits
            // for the seat asked alone.
            let own = game.forge(proposer, Body::Action(Action::AcceptOutcome));
            refused_as(game.honest_receives(proposer, &own), "wrong-author");
            // Nor may it write the acceptance in that seat's name: the signature is not
            // that seat's.
            let mut in_their_name: Envelope = own.open().unwrap();
            in_their_name.author = asked;
            let forged = SignedEnvelope::seal(&in_their_name, game.peer(proposer).identity());
            refused_as(game.honest_receives(proposer, &forged), "bad-signature");
            // A third seat (at a bigger table) may not answer for the seat asked either.
            if let Some(third) = game.others(proposer).find(|s| *s != asked) {
                let stranger = game.forge(third, Body::Action(Action::AcceptOutcome));
                refused_as(game.honest_receives(third, &stranger), "wrong-author");
            }
            // The match goes on from the honest answer.
            assert!(game.advance());
            tried += 1;
            if tried == 3 {
                break;
            }
        }
        assert!(tried > 0, "{}: no outcome was ever proposed", table.name);
    }
}

#[test]
fn a_replayed_agreement_is_refused() {
    let table = Table::load("kingdom-duels");
    for seed in 0..20 {
        let mut game = Game::new(&table, seed);
        if until_outcome_considered(&mut game).is_none() {
            continue;
        }
        let (asked, answer) = game.honest_next().unwrap();
        game.deliver(asked, &answer);
        refused_as(game.honest_receives(asked, &answer), "replayed");
        // Later, when the same seat must decide again, the old answer is still refused.
        game.advance_until_or_end(|g| g.awaited() == Some(asked));
        if !game.is_complete() {
            refused_as(game.honest_receives(asked, &answer), "replayed");
        }
        return;
    }
    panic!("no outcome was ever proposed");
}

#[test]
fn a_false_opening_inside_an_agreed_effect_is_refused() {
    // An accepted outcome sends a hidden card (a Set card, a hand card) to the graveyard:
    // its owner must open it first, and an opening its commitment does not match is
    // refused by every other seat at once.
    for (family, seeds) in [(&FIELD[..], 40), (&TWO_SEATS[..], 120)] {
        let mut caught = 0;
        for table in tables(family) {
            caught += false_opening_caught(&table, seeds);
        }
        assert!(
            caught > 0,
            "{family:?}: no accepted outcome ever showed a hidden card"
        );
    }
}

/// Whether a lie about a hidden card an accepted outcome shows was refused in one of the
/// first `seeds` games at `table` (0 or 1).
fn false_opening_caught(table: &Table, seeds: u64) -> usize {
    for seed in 0..seeds {
        let mut game = Game::new(table, seed);
        let revealing = |g: &Game| match g.step() {
            Step::Game(Awaiting::Answer {
                seat,
                asked: Asked::Reveal { commitments },
            }) if g.leader().duel().and_then(|d| d.agreement()).is_some() => {
                Some((seat, commitments))
            }
            _ => None,
        };
        if !game.advance_until_or_end(|g| revealing(g).is_some()) {
            continue;
        }
        let (owner, commitments) = revealing(&game).unwrap();
        let knowledge = game.peer(owner).knowledge();
        let mut reveals: Vec<Reveal> = commitments
            .iter()
            .map(|c| *knowledge.get(c).unwrap())
            .collect();
        // Claim the first card is another one of the pool.
        reveals[0].card.0 = if reveals[0].card.0 == 53 { 54 } else { 53 };
        let lie = game.forge(owner, Body::Answer(Answer::Reveal { reveals }));
        let refused = refused_as(game.honest_receives(owner, &lie), "illegal-action");
        assert!(refused.contains("does not"), "{}: {refused}", table.name);
        return 1;
    }
    0
}

#[test]
fn a_search_reaches_only_the_searchers_own_deck() {
    // Impossible by construction: only the searching seat may write the search's answer,
    // and only a card of its own deck, opened from its own commitment, is accepted. Taking
    // a card of another seat's deck is refused at once, and so is a false opening of one's
    // own.
    let table = Table::load("kingdom-duels");
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let searching = |g: &Game| match g.step() {
            Step::Game(Awaiting::Decision {
                seat,
                decision: Decision::SearchDeck,
            }) => Some(seat),
            _ => None,
        };
        if !game.advance_until_or_end(|g| searching(g).is_some()) {
            continue;
        }
        let searcher = searching(&game).unwrap();
        let other = game.others(searcher).next().unwrap();
        let duel = game.peer(searcher).duel().unwrap();
        let theirs = duel.state().player(other).deck[0];
        let Some(mine) = duel.state().player(searcher).deck.first().copied() else {
            continue;
        };
        let knowledge = game.peer(searcher).knowledge();
        let my_reveal = *knowledge.get(&duel.state().commitment(mine)).unwrap();
        // Another seat's card, with any opening.
        let foreign = game.forge(
            searcher,
            Body::Action(Action::TakeFromDeck {
                taken: Some((theirs, my_reveal)),
            }),
        );
        let refused = refused_as(game.honest_receives(searcher, &foreign), "illegal-action");
        assert!(refused.contains("no such card in their deck"), "{refused}");
        // One's own card, opened as another card.
        let mut false_opening = my_reveal;
        false_opening.card.0 = if my_reveal.card.0 == 53 { 54 } else { 53 };
        let lie = game.forge(
            searcher,
            Body::Action(Action::TakeFromDeck {
                taken: Some((mine, false_opening)),
            }),
        );
        refused_as(game.honest_receives(searcher, &lie), "illegal-action");
        // Nobody else may answer the search.
        let stranger = game.forge(other, Body::Action(Action::TakeFromDeck { taken: None }));
        refused_as(game.honest_receives(other, &stranger), "wrong-author");
        assert!(game.advance());
        return;
    }
    panic!("no search came up in 60 games");
}

#[test]
fn a_card_claimed_out_of_an_extra_deck_must_be_there_and_open_as_committed() {
    // An outcome may take a card out of its proposer's own Extra Deck, opened in the outcome
    // itself. A card that is not in that Extra Deck (a main-deck card, opened honestly), or
    // an opening that does not match an Extra Deck card's commitment (a card the proposer
    // never committed to), is refused before anyone is asked.
    let mut tried = 0;
    for table in tables(&FIELD).into_iter().chain(tables(&TWO_SEATS)) {
        for seed in 0..40 {
            let mut game = Game::new(&table, seed);
            let proposing = |g: &Game| match g.step() {
                Step::Game(Awaiting::Decision {
                    seat,
                    decision: Decision::ProposeOutcome { .. },
                }) => Some(seat),
                _ => None,
            };
            if !game.advance_until_or_end(|g| proposing(g).is_some()) {
                continue;
            }
            let seat = proposing(&game).unwrap();
            let duel = game.leader().duel().unwrap();
            let player = duel.state().player(seat);
            let knowledge = game.peer(seat).knowledge();
            let (card_ref, reveal) = if let Some(card_ref) = player.extra_deck.first().copied() {
                // The same salt, another card.
                let honest = *knowledge.get(&duel.state().commitment(card_ref)).unwrap();
                let other = if honest.card.0 == 1 { 2 } else { 1 };
                let lie = Reveal {
                    card: fairduel_engine::CardId(other),
                    salt: honest.salt,
                };
                (card_ref, lie)
            } else {
                // A card of the hand, opened honestly, is not in the Extra Deck.
                let Some(slot) = player.hand.first() else {
                    continue;
                };
                let honest = *knowledge
                    .get(&duel.state().commitment(slot.card_ref))
                    .unwrap();
                (slot.card_ref, honest)
            };
            let operations = vec![fairduel_engine::agreement::Operation::FromExtraDeck {
                card_ref,
                reveal,
                to: fairduel_engine::agreement::Destination::Hand,
            }];
            let forged = game.forge(seat, Body::Action(Action::ProposeOutcome { operations }));
            let why = refused_as(game.honest_receives(seat, &forged), "illegal-action");
            assert!(why.contains("Extra Deck"), "{why}");
            tried += 1;
            break;
        }
    }
    assert!(tried > 0, "no outcome was ever proposed");
}

#[test]
fn an_extra_deck_summon_opens_its_monster_as_committed_and_takes_only_the_summoners_materials() {
    // Kingdom Duels: a Fusion, Ritual, Alter or Integration Summon is a step of an agreed
    // outcome. Its monster opened as another card than committed, or a material taken out
    // of another player's hand, is refused by every honest peer before anyone is asked.
    use fairduel_engine::agreement::Operation;
    use fairduel_engine::{Place, Zone};
    let summon_offered = |g: &Game| -> Option<(Seat, Operation)> {
        let Step::Game(Awaiting::Decision {
            seat,
            decision: Decision::ProposeOutcome { .. },
        }) = g.step()
        else {
            return None;
        };
        let duel = g.leader().duel()?;
        duel.legal_actions(seat, g.peer(seat).knowledge())
            .into_iter()
            .find_map(|action| match action {
                Action::ProposeOutcome { operations } => operations
                    .into_iter()
                    .find(|o| matches!(o, Operation::ExtraDeckSummon { .. })),
                _ => None,
            })
            .map(|operation| (seat, operation))
    };
    let mut tried = 0;
    for table in tables(&FIELD) {
        for seed in 0..30 {
            let mut game = Game::new(&table, seed);
            if !game.advance_until_or_end(|g| summon_offered(g).is_some()) {
                continue;
            }
            let (seat, honest) = summon_offered(&game).unwrap();
            let Operation::ExtraDeckSummon {
                card_ref,
                reveal,
                to,
                defence,
                materials,
            } = honest.clone()
            else {
                unreachable!("found as an Extra Deck summon");
            };
            // The same salt, another card.
            let lie = Reveal {
                card: fairduel_engine::CardId(if reveal.card.0 == 1 { 2 } else { 1 }),
                salt: reveal.salt,
            };
            let forged_monster = Operation::ExtraDeckSummon {
                card_ref,
                reveal: lie,
                to,
                defence,
                materials: materials.clone(),
            };
            let forged = game.forge(
                seat,
                Body::Action(Action::ProposeOutcome {
                    operations: vec![forged_monster],
                }),
            );
            let why = refused_as(game.honest_receives(seat, &forged), "illegal-action");
            assert!(why.contains("opening"), "{why}");
            // Another player's hand card as one more material.
            let duel = game.leader().duel().unwrap();
            let Some(other) = game
                .others(seat)
                .find(|s| !duel.state().player(*s).hand.is_empty())
            else {
                continue;
            };
            let mut taking = materials;
            taking.push(Place::Zone {
                side: other,
                zone: Zone::Hand,
                slot: 0,
            });
            let forged = game.forge(
                seat,
                Body::Action(Action::ProposeOutcome {
                    operations: vec![Operation::ExtraDeckSummon {
                        card_ref,
                        reveal,
                        to,
                        defence,
                        materials: taking,
                    }],
                }),
            );
            let why = refused_as(game.honest_receives(seat, &forged), "illegal-action");
            assert!(why.contains("another player's hand"), "{why}");
            // The honest summon is taken.
            let honest = game.forge_applied(
                seat,
                Body::Action(Action::ProposeOutcome {
                    operations: vec![honest],
                }),
            );
            game.honest_receives(seat, &honest)
                .unwrap_or_else(|e| panic!("the honest summon was refused: {e}"));
            tried += 1;
            break;
        }
    }
    assert!(tried > 0, "no Extra Deck summon was ever offered");
}
