//! Cheats around reshuffles (a deck shuffled after a search or by an agreed outcome): an
//! owner who re-commits other cards than its deck held (a stacked deck), and reshuffle
//! answers by the wrong seat or of the wrong size.

use fairduel_engine::commitment::Commitment;
use fairduel_engine::{Answer, Asked, Awaiting, Seat};
use fairduel_protocol::SecretStream;
use fairduel_protocol::envelope::{Body, EndReveal, SignedEnvelope};
use fairduel_protocol::matchlog::Step;

use crate::harness::{Game, Table, names_only, refused_as};

/// Plays until a seat is asked to re-commit its deck; returns that seat.
fn until_recommit(game: &mut Game) -> Option<Seat> {
    let asked = |g: &Game| match g.step() {
        Step::Game(Awaiting::Answer {
            seat,
            asked: Asked::RecommitDeck { .. },
        }) => Some(seat),
        _ => None,
    };
    game.advance_until_or_end(|g| asked(g).is_some())
        .then(|| asked(game))
        .flatten()
}

#[test]
fn a_reshuffle_that_stacks_the_deck_is_caught() {
    // Nobody can look behind an owner's fresh commitments while the duel runs: that is what
    // keeps the deck secret. The owner's end reveal must open them to the very cards the
    // deck held; a cheater who re-committed a better card in place of one of its own is
    // refused at its end reveal, and the audit names it.
    let table = Table::load("kingdom-duels");
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let Some(cheater) = until_recommit(&mut game) else {
            continue;
        };
        let duel = game.peer(cheater).duel().unwrap().clone();
        let match_id = duel.state().match_id;
        let mut entropy = SecretStream::from_number(7_000 + seed);
        let (_, fresh) = duel
            .fresh_answer(cheater, game.peer(cheater).knowledge(), &mut entropy)
            .unwrap();
        let fairduel_engine::reshuffle::FreshSecrets::Cards(mut reveals) = fresh else {
            panic!("a re-commit keeps card openings");
        };
        // One card of the deck swapped for another card of the pool.
        reveals[0].card.0 = if reveals[0].card.0 == 53 { 54 } else { 53 };
        let commitments: Vec<Commitment> = reveals
            .iter()
            .map(|r| Commitment::new(&match_id, cheater, r.card, &r.salt))
            .collect();
        // The other seats cannot tell: they accept it, and the duel goes on.
        let stacked =
            game.forge_applied(cheater, Body::Answer(Answer::RecommitDeck { commitments }));
        game.deliver(cheater, &stacked);
        // The cheater concedes at its next decision, and the match moves to its end
        // reveals; honest seats reveal as they should.
        game.concede_until_end_reveal(cheater);
        // Its end reveal opens the stacked commitments: refused by every honest seat.
        let honest_reveal = game.peer(cheater).end_reveal();
        let lie = game.forge(
            cheater,
            Body::EndReveal(EndReveal {
                recommitted: reveals,
                ..honest_reveal
            }),
        );
        let refused = refused_as(game.honest_receives(cheater, &lie), "bad-end-reveal");
        assert!(refused.contains("a stacked deck"), "{refused}");
        // The honest seats keep it as evidence: the audit names the cheater alone.
        let witness = game.others(cheater).next().unwrap();
        let (_, what) = names_only(&game.audit_by(witness), cheater);
        assert!(what.contains("a stacked deck"), "{what}");
        return;
    }
    panic!("no deck was shuffled in 60 games");
}

#[test]
fn reshuffle_answers_come_only_from_the_seat_asked_and_fit_the_deck() {
    let table = Table::load("kingdom-duels");
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let Some(owner) = until_recommit(&mut game) else {
            continue;
        };
        let other = game.others(owner).next().unwrap();
        let deck_size = game
            .peer(owner)
            .duel()
            .unwrap()
            .state()
            .player(owner)
            .deck
            .len();
        let any = Commitment(fairduel_engine::Digest32([9; 32]));
        // Another seat may not commit to the owner's deck (its entry numbered where the
        // owner's log stands: the owner's run so far has not reached the others yet).
        let mut in_turn = game
            .forge(
                owner,
                Body::Answer(Answer::RecommitDeck {
                    commitments: vec![any; deck_size],
                }),
            )
            .open()
            .unwrap();
        in_turn.author = other;
        let stranger = SignedEnvelope::seal(&in_turn, game.peer(other).identity());
        refused_as(game.honest_receives(other, &stranger), "wrong-author");
        // The owner may not commit to a card more or less than the deck holds.
        for size in [deck_size + 1, deck_size.saturating_sub(1)] {
            let wrong = game.forge(
                owner,
                Body::Answer(Answer::RecommitDeck {
                    commitments: vec![any; size],
                }),
            );
            let refused = refused_as(game.honest_receives(owner, &wrong), "illegal-action");
            assert!(refused.contains("the deck holds"), "{refused}");
        }
        // Nor answer with a permutation before anyone asked for one.
        let early = game.forge(
            owner,
            Body::Answer(Answer::PermuteDeck {
                positions: vec![any; deck_size],
            }),
        );
        refused_as(game.honest_receives(owner, &early), "illegal-action");
        // The honest re-commit goes through, and then only the first permuter may answer,
        // with a round of the deck's size.
        assert!(game.advance());
        let Step::Game(Awaiting::Answer {
            seat: permuter,
            asked: Asked::PermuteDeck { count, .. },
        }) = game.step()
        else {
            panic!(
                "no permutation was asked after the re-commit: {:?}",
                game.step()
            );
        };
        let short = game.forge(
            permuter,
            Body::Answer(Answer::PermuteDeck {
                positions: vec![any; usize::from(count) - 1],
            }),
        );
        let refused = refused_as(game.honest_receives(permuter, &short), "illegal-action");
        assert!(refused.contains("positions"), "{refused}");
        // The match goes on from the honest answers to its end.
        game.finish();
        assert!(game.is_complete());
        return;
    }
    panic!("no deck was shuffled in 60 games");
}

/// Where `seat`'s Deck Master lies on the field, if it is there.
fn deck_master_on_field(game: &Game, seat: Seat) -> Option<fairduel_engine::Place> {
    let duel = game.peer(seat).duel()?;
    let master = duel.state().player(seat).deck_master.as_ref()?;
    duel.field().all_zones().find(|at| {
        duel.zone_piece(*at)
            .is_some_and(|p| p.card_ref == master.card_ref)
    })
}

/// Plays until a seat whose Deck Master is on the field proposes an agreed outcome, and has
/// it propose sending the Deck Master into its deck; returns that seat, or `None` if the
/// match never got there.
fn deck_master_proposed_into_deck(game: &mut Game) -> Option<Seat> {
    use fairduel_engine::Decision;
    use fairduel_engine::agreement::{Destination, Operation};
    let proposing = |g: &Game| -> Option<(Seat, fairduel_engine::Place)> {
        let seat = g.awaited()?;
        let asked = matches!(
            g.step(),
            Step::Game(Awaiting::Decision {
                decision: Decision::ProposeOutcome { .. },
                ..
            })
        );
        asked.then(|| deck_master_on_field(g, seat).map(|at| (seat, at)))?
    };
    if !game.advance_until_or_end(|g| proposing(g).is_some()) {
        return None;
    }
    let (owner, at) = proposing(game)?;
    let into_deck = fairduel_engine::Action::ProposeOutcome {
        operations: vec![Operation::Move {
            from: at,
            to: Destination::Deck,
        }],
    };
    let (envelope, _) = game.peers[owner.index()].decide(into_deck).ok()?;
    game.deliver(owner, &envelope);
    Some(owner)
}

#[test]
fn an_honest_end_reveal_counts_a_deck_master_shuffled_into_the_deck() {
    // Regression: an agreed outcome sends a summoned Deck Master into its owner's deck, which
    // is then reshuffled; the owner's end reveal must open the Deck Master among the deck's
    // fresh commitments (it was refused as a deck that did not match its re-commitment).
    use fairduel_engine::{Action, Decision};
    let table = Table::load("domain");
    let mut shuffled_in = false;
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let Some(owner) = deck_master_proposed_into_deck(&mut game) else {
            continue;
        };
        // Everyone accepts, and the owner keeps the Deck Master in the deck rather than
        // returning it to its zone; then the match plays on to its end reveals.
        while let Some(seat) = game.awaited() {
            let forced = match game.step() {
                Step::Game(Awaiting::Decision {
                    decision: Decision::ConsiderOutcome { .. },
                    ..
                }) if !shuffled_in => Some(Action::AcceptOutcome),
                Step::Game(Awaiting::Decision {
                    decision: Decision::ReturnDeckMaster { .. },
                    ..
                }) if seat == owner && !shuffled_in => Some(Action::ReturnDeckMaster {
                    back: false,
                    shown: None,
                }),
                _ => None,
            };
            match forced {
                Some(action) => {
                    let (envelope, _) = game.peers[seat.index()].decide(action).unwrap();
                    game.deliver(seat, &envelope);
                }
                None => {
                    if !game.advance() {
                        break;
                    }
                }
            }
            let duel = game.peer(owner).duel();
            if let Some(duel) = duel
                && let Some(master) = &duel.state().player(owner).deck_master
                && duel.state().player(owner).deck.contains(&master.card_ref)
            {
                shuffled_in = true;
            }
        }
        if !shuffled_in {
            continue;
        }
        assert!(
            game.is_complete(),
            "seed {seed}: the match did not complete"
        );
        for seat in game.seats() {
            assert!(
                game.audit_by(seat).all_verified(),
                "seed {seed}: the audit by {seat} did not verify every seat"
            );
        }
        break;
    }
    assert!(shuffled_in, "no seed put a Deck Master into its deck");
}

#[test]
fn a_deck_master_shuffled_into_the_deck_returns_only_shown_as_itself() {
    // An agreed outcome shuffles a summoned Deck Master into its owner's deck. Once the deck
    // is committed again only the owner knows which card holds it: returning it must open
    // that very card. A genuine opening of another deck card is refused by every peer; the
    // honest return, showing the Deck Master, goes through and the match plays to its end.
    use fairduel_engine::{Action, Decision};
    let table = Table::load("domain");
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let Some(owner) = deck_master_proposed_into_deck(&mut game) else {
            continue;
        };
        let asked_to_return = |g: &Game| {
            g.awaited() == Some(owner)
                && matches!(
                    g.step(),
                    Step::Game(Awaiting::Decision {
                        decision: Decision::ReturnDeckMaster { .. },
                        ..
                    })
                )
        };
        let mut refused_one = false;
        while !asked_to_return(&game) {
            let accept = game.awaited().filter(|_| {
                matches!(
                    game.step(),
                    Step::Game(Awaiting::Decision {
                        decision: Decision::ConsiderOutcome { .. },
                        ..
                    })
                )
            });
            if let Some(seat) = accept {
                let (envelope, _) = game.peers[seat.index()]
                    .decide(Action::AcceptOutcome)
                    .unwrap();
                game.deliver(seat, &envelope);
            } else if !game.advance() {
                break;
            }
        }
        if !asked_to_return(&game) {
            continue;
        }
        let peer = game.peer(owner);
        let duel = peer.duel().unwrap();
        assert!(
            duel.deck_master_out_of_sight(owner),
            "seed {seed}: the reshuffled deck should hide the Deck Master"
        );
        let master = duel.state().player(owner).deck_master.clone().unwrap();
        let other = duel.state().player(owner).deck.iter().find_map(|r| {
            let reveal = peer.knowledge().get(&duel.state().commitment(*r))?;
            (reveal.card != master.card).then_some((*r, *reveal))
        });
        if let Some(other) = other {
            let forged = game.forge(
                owner,
                Body::Action(Action::ReturnDeckMaster {
                    back: true,
                    shown: Some(other),
                }),
            );
            let refused = refused_as(game.honest_receives(owner, &forged), "illegal-action");
            assert!(refused.contains("not the Deck Master"), "{refused}");
            refused_one = true;
        }
        let honest = game
            .peer(owner)
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::ReturnDeckMaster { back: true, .. }))
            .expect("the owner may show and return its Deck Master");
        assert!(
            matches!(honest, Action::ReturnDeckMaster { shown: Some(_), .. }),
            "seed {seed}: the return shows the card"
        );
        let (envelope, _) = game.peers[owner.index()].decide(honest).unwrap();
        game.deliver(owner, &envelope);
        // The others apply it once the owner's signature covers it.
        let back_for_everyone = |g: &Game| {
            g.seats().all(|seat| {
                g.peer(seat).duel().and_then(|d| d.deck_master_place(owner))
                    == Some(fairduel_engine::player::DeckMasterPlace::Zone)
            })
        };
        assert!(
            game.advance_until_or_end(back_for_everyone),
            "seed {seed}: not every seat saw the Deck Master return"
        );
        if !refused_one {
            continue;
        }
        game.finish();
        assert!(
            game.is_complete(),
            "seed {seed}: the match did not complete"
        );
        // The other seats kept the refused entry: their records name its author alone, for
        // signing two entries of one number. The owner's own record verifies everyone: the
        // Deck Master it showed opened as itself.
        for seat in game.others(owner) {
            let (_, what) = names_only(&game.audit_by(seat), owner);
            assert!(what.contains("equivocation"), "seed {seed}: {what}");
        }
        assert!(
            game.audit_by(owner).all_verified(),
            "seed {seed}: the owner's record did not verify"
        );
        return;
    }
    panic!("no seed shuffled a Deck Master into a deck holding another card");
}
