//! The cheat catalogue (DESIGN.md): every cheat is made to happen by a simulated cheating
//! peer, and the honest side must refuse it at once where the rules allow, or the audit must
//! name the cheater and the entry that proves it.
//!
//! Every case runs at two seats (the DOR presets) and, where the cheat does not need a
//! particular format, at three (a test format, Kairu's DOTR for three) and four (free-for-all
//! and two teams), and on the card game's field (Kingdom Duels for two, its Tag Duel and its
//! Battle Royale). Every entry reaches every other seat; "the honest side" is every seat but
//! the cheater, and all of them must refuse, change nothing, and be verified by the audit.
//!
//! Entries inside an author's run travel unsigned and wait at the receivers until the run's
//! signed entry (the hand-off) covers them; the honest side acts on nothing before that.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "cheats/agreed.rs"]
mod agreed;
#[path = "cheats/bluff.rs"]
mod bluff;
#[path = "cheats/chance.rs"]
mod chance;
#[path = "cheats/collusion.rs"]
mod collusion;
#[path = "../../sim/tests/common/mod.rs"]
mod common;
#[path = "cheats/declarations.rs"]
mod declarations;
#[path = "cheats/destiny.rs"]
mod destiny;
#[path = "cheats/disclosure.rs"]
mod disclosure;
#[path = "cheats/field.rs"]
mod field;
#[path = "cheats/harness.rs"]
mod harness;
#[path = "cheats/pendulum.rs"]
mod pendulum;
#[path = "cheats/reshuffle.rs"]
mod reshuffle;
#[path = "cheats/resignation.rs"]
mod resignation;

use std::sync::Arc;

use fairduel_engine::{
    Action, Answer, Asked, Awaiting, Cell, DeckList, Digest32, Place, PlayMode, PositionOpening,
    Reveal, Salt, Seat,
};
use fairduel_protocol::audit;
use fairduel_protocol::envelope::{Body, Envelope, RandomReveal, SignedEnvelope};
use fairduel_protocol::identity::{Identity, PlayerKey};
use fairduel_protocol::matchlog::{MAX_PENDING, Step};
use fairduel_protocol::peer::{Peer, PeerError};
use fairduel_protocol::seeded::{seeded_identity, seeded_secrets};

use harness::{
    ALL, BY_SEATS, FOUR_SEATS, Game, THREE_SEATS, TWO_SEATS, Table, abandoned_only, contains,
    hand_off_of, last, names_only, openings_in, play_on_after_lie, refused_as, tables,
    with_cheating_host, withheld_only,
};

#[test]
fn forged_signature_is_refused() {
    for table in tables(&ALL) {
        for cheater in Seat::all(table.players) {
            let mut game = Game::new(&table, 1);
            let hand_off = hand_off_of(&mut game, cheater);
            // An envelope signed by a key that is not seated (impersonation) is refused.
            let stranger = Identity::from_secret_bytes([42; 32]);
            let impostor = SignedEnvelope::seal(&hand_off.open().unwrap(), &stranger);
            refused_as(game.honest_receives(cheater, &impostor), "bad-signature");
            // So is the hand-off with one bit of its signature flipped.
            let mut forged = hand_off.clone();
            forged.signature.as_mut().unwrap().0[5] ^= 0x40;
            refused_as(game.honest_receives(cheater, &forged), "bad-signature");
            // Neither changed what the honest seats wait for: still the cheater.
            for seat in game.others(cheater) {
                assert_eq!(game.peer(seat).awaiting().0, Some(cheater));
                assert!(!game.peer(seat).needs_decision());
            }
            // The genuine hand-off closes the run and the next seat may act.
            game.honest_receives(cheater, &hand_off).unwrap();
            let next = game.peer(cheater).log().next_seq();
            for seat in game.others(cheater) {
                assert_eq!(game.peer(seat).log().pending_len(), 0);
                assert_eq!(game.peer(seat).log().next_seq(), next);
            }
        }
    }
}

#[test]
fn a_hand_off_without_its_signature_is_never_acted_on() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 1);
        let cheater = last(&game);
        let hand_off = hand_off_of(&mut game, cheater);
        let committed = game.peer(Seat(0)).log().next_seq();
        let waiting = game.peer(Seat(0)).log().pending_len();
        // The same entry with its signature stripped: held, unapplied, and no honest seat
        // acts — the log still waits for the cheater; nobody has a decision or writes.
        let unsigned = hand_off.without_signature();
        game.honest_receives(cheater, &unsigned).unwrap();
        for seat in game.others(cheater) {
            let peer = &mut game.peers[seat.index()];
            assert_eq!(peer.log().next_seq(), committed);
            assert_eq!(peer.log().pending_len(), waiting + 1);
            assert_eq!(peer.awaiting().0, Some(cheater));
            assert!(!peer.needs_decision());
            assert!(peer.legal_actions().is_empty());
            assert!(peer.next_automatic().is_none());
            // A record made now holds none of the unclosed run, and blames the cheater
            // alone for stopping.
            let record = peer.record();
            assert_eq!(record.entries.len() as u64, committed);
            abandoned_only(&audit(Arc::clone(&game.rules), &record).unwrap(), cheater);
        }
        // A signature by someone else does not close the run either.
        let stranger = Identity::from_secret_bytes([43; 32]);
        let mut wrong = hand_off.clone();
        wrong.signature = Some(stranger.sign(&hand_off.bytes));
        refused_as(game.honest_receives(cheater, &wrong), "bad-signature");
        // The signature, when it comes, closes the whole run at once.
        game.honest_receives(cheater, &hand_off).unwrap();
        for seat in game.others(cheater) {
            assert_eq!(game.peer(seat).log().pending_len(), 0);
            assert_eq!(
                game.peer(seat).log().next_seq(),
                game.peer(cheater).log().next_seq()
            );
        }
        game.finish();
        for seat in game.seats() {
            assert!(game.audit_by(seat).all_verified(), "{}", table.name);
        }
    }
}

#[test]
fn a_hand_off_signed_for_one_seat_only_is_held_by_the_rest_until_relayed() {
    // At three seats or more the cheater may send its signature to the seat that acts next
    // and withhold it from the others. They go on holding its run, and every entry built on
    // it, unapplied: nothing they did not see signed is acted on. The signed copy any seat
    // relays (the same bytes) closes it all at once.
    for table in tables(&ALL).into_iter().filter(|t| t.players >= 3) {
        let mut game = Game::new(&table, 1);
        let cheater = last(&game);
        let hand_off = hand_off_of(&mut game, cheater);
        let next = game.peer(cheater).awaiting().0.unwrap();
        let starved: Vec<Seat> = game.others(cheater).filter(|s| *s != next).collect();
        let committed = game.peer(starved[0]).log().next_seq();
        game.peers[next.index()].receive(&hand_off).unwrap();
        for seat in &starved {
            game.peers[seat.index()]
                .receive(&hand_off.without_signature())
                .unwrap();
        }
        // The next seat plays on to its own hand-off; the starved seats take it all in and
        // act on none of it.
        loop {
            let (author, envelope) = game.honest_next().unwrap();
            assert_eq!(author, next);
            game.deliver(author, &envelope);
            if envelope.is_signed() {
                break;
            }
        }
        for seat in &starved {
            let peer = &mut game.peers[seat.index()];
            assert_eq!(peer.log().next_seq(), committed);
            assert_eq!(peer.awaiting().0, Some(cheater));
            assert!(peer.legal_actions().is_empty() && peer.next_automatic().is_none());
        }
        for seat in &starved {
            let joined = game.peers[seat.index()].receive(&hand_off).unwrap();
            assert!(joined.len() > 1, "{}: {joined:?}", table.name);
        }
        let caught_up = game.peer(next).log().next_seq();
        for seat in game.seats() {
            assert_eq!(
                game.peer(seat).log().next_seq(),
                caught_up,
                "{}",
                table.name
            );
            assert_eq!(game.peer(seat).log().pending_len(), 0);
        }
        game.finish();
        assert!(game.audit_by(starved[0]).all_verified(), "{}", table.name);
    }
}

#[test]
fn a_stranger_cannot_join_a_match_set_up_for_someone_else() {
    for table in tables(&BY_SEATS) {
        let n = table.players;
        let decks = table.seating(5);
        let others: Vec<PlayerKey> = (1..n)
            .map(|i| seeded_identity(5, i as u8).public())
            .collect();
        let (_, first) = Peer::host(
            seeded_identity(5, 0),
            Arc::clone(&table.rules),
            table.name,
            decks[0],
            &others,
            seeded_secrets(5, Seat(0), n),
        )
        .unwrap();
        // Every invited key joins, in the seat the set-up gives it.
        for (i, deck) in decks.iter().enumerate().skip(1) {
            let peer = Peer::join(
                seeded_identity(5, i as u8),
                Arc::clone(&table.rules),
                deck,
                &first,
                seeded_secrets(5, Seat(i as u8), n),
            )
            .unwrap();
            assert_eq!(peer.seat(), Seat(i as u8));
        }
        // Anyone else is refused.
        let stranger = Identity::from_secret_bytes([9; 32]);
        let err = Peer::join(
            stranger,
            Arc::clone(&table.rules),
            decks[1],
            &first,
            seeded_secrets(5, Seat(1), n),
        )
        .unwrap_err();
        assert!(matches!(err, PeerError::NotSeated(_)), "{err}");
    }
}

#[test]
fn replayed_reordered_and_foreign_envelopes_are_refused() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 2);
        game.advance_until(|g| g.seats().any(|s| g.in_main(s)));
        let (seat, first) = game.honest_next().unwrap();
        game.deliver(seat, &first);
        refused_as(game.honest_receives(seat, &first), "replayed");

        // Two entries of one author in a row: the second arrives first.
        loop {
            let (author, one) = game.honest_next().unwrap();
            if game.awaited() != Some(author) {
                game.deliver(author, &one);
                continue;
            }
            let (again, two) = game.honest_next().unwrap();
            assert_eq!(again, author);
            refused_as(game.honest_receives(author, &two), "wrong-seq");
            // Nothing was harmed: in order, both are taken.
            game.honest_receives(author, &one).unwrap();
            game.honest_receives(author, &two).unwrap();
            break;
        }

        let mut other = Game::new(&table, 3);
        other.advance_until(|g| g.seats().any(|s| g.in_main(s)));
        let (author, foreign) = other.honest_next().unwrap();
        refused_as(game.honest_receives(author, &foreign), "wrong-match");
    }
}

#[test]
fn equivocation_is_proven_and_kept() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 4);
        let cheater = last(&game);
        game.advance_until(|g| g.in_main(cheater) && g.peer(cheater).legal_actions().len() > 2);
        let legal = game.peer(cheater).legal_actions();
        let mut twin = game.peer(cheater).clone();
        let mut unsigned_twin = game.peer(cheater).clone();
        // Both versions signed by the cheater (a cheater signs whatever it sends).
        let peer = &mut game.peers[cheater.index()];
        let (a, _) = peer.decide(legal[0].clone()).unwrap();
        let a = peer.sign_last().unwrap_or(a);
        let (b, _) = twin.decide(legal[1].clone()).unwrap();
        let b = twin.sign_last().unwrap_or(b);
        assert!(a.is_signed() && b.is_signed());
        game.deliver(cheater, &a);
        // An unsigned different entry with that number proves nothing: refused, not kept.
        let (c, _) = unsigned_twin.decide(legal[2].clone()).unwrap();
        let c = c.without_signature();
        refused_as(game.honest_receives(cheater, &c), "unsigned-conflict");
        refused_as(game.honest_receives(cheater, &b), "equivocation");
        for seat in game.others(cheater) {
            assert_eq!(game.peer(seat).log().equivocation_proofs().len(), 1);
            assert_eq!(game.peer(seat).evidence(), std::slice::from_ref(&b));
        }
        // Every honest record carries the proof, and its audit names the equivocator alone.
        game.finish();
        for seat in game.others(cheater) {
            let (seq, _) = names_only(&game.audit_by(seat), cheater);
            assert_eq!(seq, a.open().unwrap().seq, "{}", table.name);
        }
    }
}

#[test]
fn a_split_view_equivocation_is_proven_once_a_seat_shows_the_other_version() {
    // With more than two seats an equivocator can send one signed version to one seat and
    // another to the rest. Each honest seat's log is whole by itself; the split shows when a
    // seat that got the other version writes on top of it: its entry does not follow, and as
    // nobody can tell who broke the chain it is refused without blame. Once that seat shows
    // the version it got (signed by the equivocator), the proof is kept and the audit names
    // the equivocator alone.
    for table in tables(&BY_SEATS[1..]) {
        let mut game = Game::new(&table, 4);
        let cheater = Seat(0);
        game.advance_until(|g| g.in_main(cheater) && g.peer(cheater).legal_actions().len() > 1);
        let legal = game.peer(cheater).legal_actions();
        let mut twin = game.peer(cheater).clone();
        let peer = &mut game.peers[cheater.index()];
        let (a, _) = peer.decide(legal[0].clone()).unwrap();
        let a = peer.sign_last().unwrap_or(a);
        let (b, _) = twin.decide(legal[1].clone()).unwrap();
        let b = twin.sign_last().unwrap_or(b);
        // On top of b the equivocator writes on until another seat must act: that seat alone
        // is shown b and the rest; every other seat gets a.
        let mut run = vec![b.clone()];
        while twin.awaiting().0 == Some(cheater) {
            let (next, _) = match twin.next_automatic() {
                Some(written) => written.unwrap(),
                None => twin.decide(twin.legal_actions()[0].clone()).unwrap(),
            };
            run.push(next);
        }
        let fooled = twin.awaiting().0.unwrap();
        for envelope in &run {
            game.peers[fooled.index()].receive(envelope).unwrap();
        }
        let rest: Vec<Seat> = game.others(cheater).filter(|s| *s != fooled).collect();
        for seat in &rest {
            game.peers[seat.index()].receive(&a).unwrap();
        }
        game.peers[cheater.index()] = twin;
        // The fooled seat writes on top of b.
        let (author, written) = game.honest_next().unwrap();
        assert_eq!(author, fooled);
        for seat in rest {
            let honest = &mut game.peers[seat.index()];
            let refused = honest.receive(&written).unwrap_err();
            let kind = refused.violation.kind();
            assert!(kind == "broken-chain" || kind == "wrong-seq", "{refused}");
            assert!(!refused.is_proven(), "{refused}");
            assert!(honest.evidence().is_empty());
            // The fooled seat shows the version it got: the proof.
            let shown = honest.receive(&b).unwrap_err();
            assert_eq!(shown.violation.kind(), "equivocation", "{shown}");
            assert_eq!(honest.evidence(), std::slice::from_ref(&b));
            let report = audit(Arc::clone(&game.rules), &honest.record()).unwrap();
            let (seq, _) = names_only(&report, cheater);
            assert_eq!(seq, a.open().unwrap().seq, "{}", table.name);
        }
    }
}

#[test]
fn an_illegal_public_action_is_refused() {
    for table in tables(&ALL) {
        for cheater in Seat::all(table.players) {
            let mut game = Game::new(&table, 5);
            game.advance_until(|g| g.in_main(cheater));
            let bogus = Body::Action(Action::Move {
                from: Place::Cell(Cell::new(0, 0)),
                to: Place::Cell(Cell::new(8, 8)),
                flip: None,
            });
            let forged = game.forge(cheater, bogus);
            refused_as(game.honest_receives(cheater, &forged), "illegal-action");
            // A seat that is not awaited cannot write at all, legal move or not.
            let other = game.others(cheater).next().unwrap();
            let out_of_turn = game.forge(other, Body::Action(Action::EndTurn));
            refused_as(game.honest_receives(other, &out_of_turn), "wrong-author");
        }
    }
}

/// A play of `seat`'s that shows its card from the hand (a summon, a spell activated or
/// an equip), if it has one now.
fn revealing_play(game: &Game, seat: Seat) -> Option<Action> {
    if !game.in_main(seat) {
        return None;
    }
    game.peer(seat).legal_actions().into_iter().find(|a| {
        matches!(
            a,
            Action::Play {
                reveal: Some(_),
                ..
            }
        )
    })
}

#[test]
fn a_false_reveal_and_a_card_never_drawn_are_refused() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 6);
        let cheater = last(&game);
        assert!(
            game.advance_until_or_end(|g| revealing_play(g, cheater).is_some()),
            "{}: {cheater} never had a play that shows its card",
            table.name
        );
        let Some(Action::Play {
            hand_index,
            to,
            mode,
            cost,
            tributes,
            reveal: Some(reveal),
        }) = revealing_play(&game, cheater)
        else {
            unreachable!()
        };
        // The same play, but claiming a different salt: the reveal does not open.
        let mut false_reveal = reveal;
        false_reveal.salt = Salt([7; 32]);
        let play = |cost, reveal| {
            Body::Action(Action::Play {
                hand_index,
                to,
                mode,
                cost,
                tributes: tributes.clone(),
                reveal: Some(reveal),
            })
        };
        let lie = game.forge(cheater, play(cost, false_reveal));
        let refused = refused_as(game.honest_receives(cheater, &lie), "illegal-action");
        assert!(
            refused.contains("does not open"),
            "{}: {refused}",
            table.name
        );
        // A card still in the deck, with its true opening: it was never drawn into this hand
        // slot, so it does not open the slot's commitment.
        let duel = game.peer(cheater).duel().unwrap();
        let in_deck = duel.state().player(cheater).deck.first().copied().unwrap();
        let commitment = duel.state().commitment(in_deck);
        let undrawn: Reveal = *game.peer(cheater).knowledge().get(&commitment).unwrap();
        let cost = match mode {
            PlayMode::Summon => game
                .rules
                .pool
                .get(undrawn.card)
                .map_or(cost, |c| c.level()),
            _ => cost,
        };
        let never_drawn = game.forge(cheater, play(cost, undrawn));
        let refused = refused_as(
            game.honest_receives(cheater, &never_drawn),
            "illegal-action",
        );
        assert!(
            refused.contains("does not open"),
            "{}: {refused}",
            table.name
        );
    }
}

#[test]
fn a_stacked_draw_is_refused() {
    // A permuter points a draw elsewhere (at a card it would rather the owner drew). With
    // more than two seats a draw passes through one opening per permuter, last round
    // first: each round's opening is checked on its own.
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 7);
        for _ in 0..3 * (table.players - 1) {
            game.advance_until(|g| {
                matches!(
                    g.step(),
                    Step::Game(Awaiting::Answer {
                        asked: Asked::OpenDraw { .. },
                        ..
                    })
                )
            });
            let Step::Game(Awaiting::Answer {
                seat: permuter,
                asked: Asked::OpenDraw { owner },
            }) = game.step()
            else {
                unreachable!()
            };
            let peer = game.peer(permuter);
            let Some(Answer::OpenDraw { opening }) = peer
                .duel()
                .unwrap()
                .honest_answer(permuter, peer.knowledge())
            else {
                panic!("no opening")
            };
            let size = peer.log().deck_commit(owner).unwrap().deck.len() as u16;
            let stacked = PositionOpening {
                index: (opening.index + 1) % size,
                salt: opening.salt,
            };
            let forged = game.forge(
                permuter,
                Body::Answer(Answer::OpenDraw { opening: stacked }),
            );
            let refused = refused_as(game.honest_receives(permuter, &forged), "illegal-action");
            assert!(
                refused.contains("does not match its commitment"),
                "{refused}"
            );
            assert!(game.advance());
        }
    }
}

#[test]
fn a_biased_coin_is_refused() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 8);
        // Every seat would like to pick the first player, the last to reveal most of all.
        for cheater in Seat::all(table.players) {
            game.advance_until(|g| {
                matches!(g.step(), Step::RandomReveal) && g.awaited() == Some(cheater)
            });
            let forged = game.forge(
                cheater,
                Body::RandomReveal(RandomReveal {
                    value: [0; 32],
                    salt: Salt([0; 32]),
                }),
            );
            refused_as(game.honest_receives(cheater, &forged), "bad-random-reveal");
        }
    }
}

/// The cheater's next honest entry with `state_after` replaced: every other seat refuses
/// it as a state hash mismatch and changes nothing; the honest entry is then delivered.
fn tamper_state_hash(game: &mut Game) {
    let (cheater, honest) = game.honest_next().unwrap();
    let mut envelope: Envelope = honest.open().unwrap();
    envelope.state_after = Digest32([0xEE; 32]);
    let tampered = SignedEnvelope::seal(&envelope, game.peer(cheater).identity());
    refused_as(
        game.honest_receives(cheater, &tampered),
        "state-hash-mismatch",
    );
    game.honest_receives(cheater, &honest).unwrap();
}

#[test]
fn a_wrong_state_hash_is_refused() {
    for table in tables(&ALL) {
        for cheater in Seat::all(table.players) {
            let mut game = Game::new(&table, 9);
            game.advance_until(|g| g.in_main(cheater));
            tamper_state_hash(&mut game);
        }
    }
}

#[test]
fn a_wrong_state_hash_on_a_protocol_answer_is_refused_and_changes_nothing() {
    // The same for an answer (a draw opening, a reveal): refused, and every honest state is
    // as it was before the entry.
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 9);
        for _ in 0..4 {
            game.advance_until(|g| matches!(g.step(), Step::Game(Awaiting::Answer { .. })));
            tamper_state_hash(&mut game);
        }
    }
}

#[test]
fn a_short_deck_is_refused_at_commit_and_an_illegal_one_at_the_audit() {
    for table in tables(&ALL) {
        // Too few cards: visible at once, whoever commits it.
        let mut game = Game::new(&table, 10);
        for cheater in Seat::all(table.players) {
            game.advance_until(|g| {
                matches!(g.step(), Step::DeckCommit) && g.awaited() == Some(cheater)
            });
            let written = game.peers[cheater.index()].clone().next_automatic();
            let Body::DeckCommit(mut short) = written.unwrap().unwrap().0.open().unwrap().body
            else {
                unreachable!()
            };
            short.deck.truncate(10);
            let forged = game.forge(cheater, Body::DeckCommit(short));
            refused_as(game.honest_receives(cheater, &forged), "bad-deck-commit");
        }
    }
    // Too many copies of one card: hidden until the end reveal, where it is caught.
    for table in tables(&[TWO_SEATS[0], THREE_SEATS, FOUR_SEATS[0], FOUR_SEATS[1]]) {
        let mut stuffed: DeckList = table.decks[0].clone();
        let first = stuffed.main[0];
        for card in stuffed.main.iter_mut().take(5) {
            *card = first;
        }
        assert!(
            stuffed
                .validate(&table.rules.pool, &table.rules.format)
                .is_err()
        );
        let mut game = with_cheating_host(&table, &stuffed);
        let cheater = Seat(0);
        loop {
            match game
                .try_next()
                .expect("the match ended without the cheater's end reveal")
            {
                Ok((seat, envelope)) => game.deliver(seat, &envelope),
                Err((seat, body, error)) => {
                    // The cheater's own log refuses its end reveal; a tampered client sends
                    // it anyway, and every honest seat refuses it and keeps it as evidence.
                    assert_eq!(seat, cheater, "an honest seat failed: {error}");
                    assert!(matches!(body, Body::EndReveal(_)), "{body:?}: {error}");
                    let forged = game.forge(cheater, body);
                    refused_as(game.honest_receives(cheater, &forged), "bad-end-reveal");
                    break;
                }
            }
        }
        for seat in game.others(cheater) {
            assert!(!game.peer(seat).evidence().is_empty());
            let (_, what) = names_only(&game.audit_by(seat), cheater);
            assert!(what.contains("not legal"), "{}: {what}", table.name);
        }
    }
}

#[test]
fn a_lying_claim_is_named_by_the_audit() {
    // The cheater sets a spell face-down as if it were a monster: the others cannot see it
    // and record a pending claim. Where the rules reveal the card, the cheater's own
    // software cannot write the reveal and a tampered client's is refused at once; where
    // they never do, the audit finds the claim false and names the entry.
    let mut by_audit = false;
    for table in tables(&[TWO_SEATS[2], THREE_SEATS, FOUR_SEATS[0], FOUR_SEATS[1]]) {
        let mut lied = false;
        for seed in 20..80 {
            match lying_claim(&table, seed) {
                Some(audited) => (lied, by_audit) = (true, by_audit || audited),
                None => continue,
            }
            if by_audit {
                break;
            }
        }
        assert!(lied, "{}: no seed let the cheater set a spell", table.name);
    }
    assert!(by_audit, "the audit never had to catch the lie");
}

/// Plays `table` game `seed` with the lie: `None` if the cheater never had a spell to set,
/// else whether the audit (not a refusal during play) caught it at least once.
fn lying_claim(table: &Table, seed: u64) -> Option<bool> {
    let mut game = Game::new(table, seed);
    let cheater = last(&game);
    let sets_spell = |g: &Game| {
        if !g.in_main(cheater) {
            return None;
        }
        g.peer(cheater)
            .legal_actions()
            .into_iter()
            .find_map(|a| match a {
                Action::Play {
                    hand_index,
                    to,
                    mode: PlayMode::SetSpellTrap,
                    ..
                } => Some((hand_index, to)),
                _ => None,
            })
    };
    if !game.advance_until_or_end(|g| sets_spell(g).is_some()) {
        return None;
    }
    let (hand_index, to) = sets_spell(&game).unwrap();
    let lie = game.forge_applied(
        cheater,
        Body::Action(Action::Play {
            hand_index,
            to,
            mode: PlayMode::SetMonsterAttack,
            cost: 1,
            tributes: Vec::new(),
            reveal: None,
        }),
    );
    game.honest_receives(cheater, &lie).ok()?;
    let lie_seq = lie.open().unwrap().seq;
    let mut audited = false;
    // (a) The cheater gives up at its next decision, and (b) it plays on.
    for concede in [true, false] {
        let mut run = game.clone();
        if let Some(refused) = play_on_after_lie(&mut run, cheater, concede) {
            assert!(refused.contains("claim"), "{}: {refused}", table.name);
            continue;
        }
        audited = true;
        for seat in run.others(cheater) {
            // Replayed with the cheater's own secrets, the lie is illegal where it was told.
            let (seq, what) = names_only(&run.audit_by(seat), cheater);
            assert_eq!(seq, lie_seq, "{}: {what}", table.name);
            assert!(
                what.contains("claim") || what.contains("cannot be played"),
                "{}: {what}",
                table.name
            );
        }
    }
    Some(audited)
}

#[test]
fn refusing_to_reveal_at_the_end_is_withheld() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 12);
        // The first seat to reveal stops, and so (in another run) does the last, after every
        // other seat revealed.
        for quitter in [Seat(0), last(&game)] {
            game.advance_until(|g| {
                matches!(g.step(), Step::EndReveal) && g.awaited() == Some(quitter)
            });
            for seat in game.others(quitter) {
                let report = game.audit_by(seat);
                withheld_only(&report, quitter);
                assert!(!report.complete, "{}", table.name);
            }
        }
    }
}

#[test]
fn an_honest_peer_never_sends_a_hidden_card_before_the_rules_reveal_it() {
    // Every byte each honest peer sends during a full match is scanned for the salt of each
    // of its cards: without the salt nobody can open a commitment (or test a guess against
    // it), so a salt may appear only inside an opening the rules call for — a reveal the
    // engine accepted as public — or in the end-of-match reveal.
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 13);
        let mut sent: Vec<Vec<SignedEnvelope>> = vec![Vec::new(); table.players];
        while let Some((seat, envelope)) = game.honest_next() {
            game.deliver(seat, &envelope);
            sent[seat.index()].push(envelope);
        }
        let mut openings_seen = 0;
        for seat in game.seats() {
            let salts = game.peer(seat).own_openings();
            for envelope in &sent[seat.index()] {
                let bytes = envelope.to_bytes();
                let body = envelope.open().unwrap().body;
                if matches!(body, Body::EndReveal(_)) {
                    continue;
                }
                let opened = openings_in(&body);
                for (_, salt) in &salts {
                    if contains(&bytes, &salt.0) {
                        assert!(
                            opened.iter().any(|r| r.salt == *salt),
                            "{}: {seat} sent a card's salt outside a reveal the rules call for: {body:?}",
                            table.name
                        );
                        openings_seen += 1;
                    }
                }
                // No card id travels except inside such an opening (or a Deck Leader, public
                // from the start). A face-down play shows its card only when the rules
                // banish it at once (Kairu: a monster played beyond the limit).
                if let Body::Action(Action::Play {
                    mode,
                    reveal: Some(reveal),
                    ..
                }) = &body
                    && !mode.reveals()
                {
                    let duel = game.leader().log().duel().unwrap();
                    let shown = fairduel_engine::Commitment::new(
                        &duel.state().match_id,
                        seat,
                        reveal.card,
                        &reveal.salt,
                    );
                    let banished = duel
                        .state()
                        .player(seat)
                        .banished
                        .iter()
                        .any(|slot| duel.state().commitment(slot.card_ref) == shown);
                    assert!(
                        banished,
                        "{}: a face-down play carried its card",
                        table.name
                    );
                }
            }
        }
        assert!(
            openings_seen > 0,
            "{}: the scan saw no legitimate reveal at all",
            table.name
        );
    }
}

#[test]
fn two_seats_that_pool_their_secrets_still_learn_nothing_of_a_third_seats_hidden_cards() {
    for table in tables(&[THREE_SEATS, FOUR_SEATS[0], FOUR_SEATS[1]]) {
        for seed in 30..33 {
            collusion::check_match(&table, seed);
        }
    }
}

#[test]
fn a_flood_of_unsigned_entries_is_cut_off_and_never_applied() {
    for table in tables(&BY_SEATS) {
        let mut game = Game::new(&table, 3);
        let cheater = last(&game);
        game.advance_until(|g| g.in_main(cheater));
        for seat in game.others(cheater) {
            let honest = &mut game.peers[seat.index()];
            let committed = honest.log().next_seq();
            let mut previous = honest.log().last_hash();
            let mut cut_off = false;
            for i in 0..=MAX_PENDING as u64 {
                let junk = SignedEnvelope::unsigned(&Envelope {
                    match_id: honest.log().match_id(),
                    seq: committed + i,
                    previous,
                    author: cheater,
                    body: Body::Checkpoint { turn: 0 },
                    state_after: Digest32::default(),
                });
                previous = junk.hash();
                match honest.receive(&junk) {
                    Ok(joined) => assert!(joined.is_empty()),
                    Err(e) => {
                        assert_eq!(i, MAX_PENDING as u64);
                        assert_eq!(e.violation.kind(), "too-many-unsigned");
                        assert!(!e.is_proven());
                        cut_off = true;
                    }
                }
            }
            assert!(cut_off, "the flood was never cut off");
            assert_eq!(honest.log().pending_len(), MAX_PENDING);
            assert_eq!(honest.log().next_seq(), committed, "nothing was applied");
            assert!(honest.evidence().is_empty());
        }
    }
}
