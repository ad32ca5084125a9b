//! The cheat catalogue (DESIGN.md): every cheat is made to happen by a simulated cheating
//! peer, and the honest side must refuse it at once where the rules allow, or the audit must
//! name the cheater and the entry that proves it.
//!
//! Entries inside an author's run travel unsigned and wait at the receiver until the run's
//! signed entry (the hand-off) covers them; the honest side acts on nothing before that.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use fairduel_engine::DeckList;
use fairduel_engine::action::{Action, PlayMode};
use fairduel_engine::duel::Rules;
use fairduel_engine::hash::Digest32;
use fairduel_engine::state::{Awaiting, PositionOpening, Reveal, Salt, Seat};
use fairduel_protocol::envelope::{Body, Envelope, RandomReveal, SignedEnvelope};
use fairduel_protocol::identity::Identity;
use fairduel_protocol::matchlog::Step;
use fairduel_protocol::peer::{Peer, PeerError};
use fairduel_protocol::record::MatchRecord;
use fairduel_protocol::seeded::{seeded_identity, seeded_peers};
use fairduel_protocol::{SeatVerdict, audit};
use fairduel_sim::bot::{Bot, RandomBot};

#[derive(Clone)]
struct Game {
    rules: Arc<Rules>,
    peers: [Peer; 2],
    bots: [RandomBot; 2],
}

impl Game {
    fn new(preset: &str, seed: u64) -> Game {
        let (rules, decks) = common::load(preset);
        let peers = seeded_peers(&rules, preset, &common::pairing(&decks, seed), seed).unwrap();
        Game {
            rules,
            peers,
            bots: [RandomBot::new(seed), RandomBot::new(seed + 1)],
        }
    }

    /// The peer whose log is furthest along: the author of a run holds entries the other
    /// side keeps waiting until the run's signature arrives.
    fn leader(&self) -> &Peer {
        if self.peers[1].log().next_seq() > self.peers[0].log().next_seq() {
            &self.peers[1]
        } else {
            &self.peers[0]
        }
    }

    fn awaited(&self) -> Option<Seat> {
        self.leader().awaiting().0
    }

    fn step(&self) -> Step {
        self.leader().awaiting().1
    }

    /// The honest next entry of the awaited seat, not yet delivered.
    fn honest_next(&mut self) -> Option<(Seat, SignedEnvelope)> {
        self.try_next()
            .map(|r| r.unwrap_or_else(|(_, _, e)| panic!("{e}")))
    }

    /// The next entry, or the action the awaited seat's own software refused to write.
    #[allow(clippy::type_complexity)]
    fn try_next(&mut self) -> Option<Result<(Seat, SignedEnvelope), (Seat, Action, PeerError)>> {
        let seat = self.awaited()?;
        let i = seat.index();
        let (action, written) = match self.peers[i].next_automatic() {
            Some(r) => {
                let action = self.peers[i]
                    .duel()
                    .and_then(|d| {
                        d.legal_actions(seat, self.peers[i].knowledge())
                            .into_iter()
                            .next()
                    })
                    .unwrap_or(Action::Pass);
                (action, r)
            }
            None => {
                let legal = self.peers[i].legal_actions();
                assert!(!legal.is_empty(), "{seat} has nothing to do");
                let duel = self.peers[i].duel().unwrap();
                let pick = self.bots[i].choose(duel, seat, self.peers[i].knowledge(), &legal);
                (
                    legal[pick].clone(),
                    self.peers[i].decide(legal[pick].clone()),
                )
            }
        };
        Some(match written {
            Ok((e, _)) => Ok((seat, e)),
            Err(e) => Err((seat, action, e)),
        })
    }

    /// Plays one honest entry; false when the match is complete.
    fn advance(&mut self) -> bool {
        let Some((seat, envelope)) = self.honest_next() else {
            return false;
        };
        self.peers[1 - seat.index()].receive(&envelope).unwrap();
        true
    }

    fn advance_until(&mut self, mut done: impl FnMut(&Game) -> bool) {
        for _ in 0..200_000 {
            if done(self) {
                return;
            }
            assert!(self.advance(), "the match ended before the wanted moment");
        }
        panic!("the wanted moment never came");
    }

    fn finish(&mut self) {
        while self.advance() {}
    }

    /// An entry by `seat` that its own engine would never write, sealed with its key.
    fn forge(&self, seat: Seat, body: Body) -> SignedEnvelope {
        let log = self.peers[seat.index()].log();
        let envelope = Envelope {
            match_id: log.match_id(),
            seq: log.next_seq(),
            previous: log.last_hash(),
            author: seat,
            body,
            state_after: log.state_hash(),
        };
        SignedEnvelope::seal(&envelope, self.peers[seat.index()].identity())
    }

    /// Like `forge`, but the cheater applies the body to its own log first without checking
    /// its own secrets, so the state hash is right and only hidden facts are false.
    fn forge_applied(&mut self, seat: Seat, body: Body) -> SignedEnvelope {
        let identity = self.peers[seat.index()].identity().clone();
        let (signed, _) = self.peers[seat.index()]
            .log_mut_for_tests()
            .author(seat, body, None, &identity)
            .unwrap();
        signed
    }

    fn honest_receives(&mut self, cheater: Seat, envelope: &SignedEnvelope) -> Result<(), String> {
        let honest = &mut self.peers[1 - cheater.index()];
        let before = honest.log().entries().len();
        let waiting = honest.log().pending_len();
        let hash = honest.log().state_hash();
        let result = honest.receive(envelope);
        if let Err(e) = &result {
            if waiting == 0 {
                // A refused entry leaves the honest log and state exactly as they were.
                assert_eq!(honest.log().entries().len(), before);
                assert_eq!(honest.log().state_hash(), hash);
            } else {
                // Entries of the cheater's run before the refused one, which its signature
                // covers, may have joined; the refused one never does.
                let refused = e.seq.expect("a refused entry names its number");
                assert!(honest.log().next_seq() <= refused, "{e}");
            }
            return Err(e.violation.kind().to_owned() + ": " + &e.to_string());
        }
        Ok(())
    }

    fn in_main(&self, seat: Seat) -> bool {
        matches!(self.step(), Step::Game(Awaiting::Main { seat: s }) if s == seat)
    }
}

fn refused_as(result: Result<(), String>, kind: &str) {
    match result {
        Ok(()) => panic!("the honest peer accepted a cheat that should be refused as {kind}"),
        Err(e) => assert!(e.starts_with(kind), "refused, but as {e}, expected {kind}"),
    }
}

/// Plays on from seat 1's first decision until seat 1 writes a signed entry (the one after
/// which seat 0 must act), delivering the unsigned ones before it, and returns that entry
/// undelivered.
fn seat_1_hand_off(game: &mut Game) -> SignedEnvelope {
    game.advance_until(|g| g.in_main(Seat(1)));
    loop {
        let (seat, envelope) = game.honest_next().unwrap();
        if seat == Seat(1) && envelope.is_signed() {
            return envelope;
        }
        game.peers[1 - seat.index()].receive(&envelope).unwrap();
    }
}

#[test]
fn forged_signature_is_refused() {
    let mut game = Game::new("kairu-dotr", 1);
    let hand_off = seat_1_hand_off(&mut game);
    // An envelope signed by a key that is not seated (impersonation) is refused.
    let stranger = Identity::from_secret_bytes([42; 32]);
    let impostor = SignedEnvelope::seal(&hand_off.open().unwrap(), &stranger);
    refused_as(game.honest_receives(Seat(1), &impostor), "bad-signature");
    // So is the hand-off with one bit of its signature flipped.
    let mut forged = hand_off.clone();
    forged.signature.as_mut().unwrap().0[5] ^= 0x40;
    refused_as(game.honest_receives(Seat(1), &forged), "bad-signature");
    // Neither changed what the honest side waits for: still seat 1.
    assert_eq!(game.peers[0].awaiting().0, Some(Seat(1)));
    assert!(!game.peers[0].needs_decision());
    // The genuine hand-off closes seat 1's run and seat 0 may act.
    game.honest_receives(Seat(1), &hand_off).unwrap();
    assert_eq!(game.peers[0].log().pending_len(), 0);
    assert_eq!(
        game.peers[0].log().next_seq(),
        game.peers[1].log().next_seq()
    );
}

#[test]
fn a_hand_off_without_its_signature_is_never_acted_on() {
    let mut game = Game::new("dor-classic", 1);
    let hand_off = seat_1_hand_off(&mut game);
    let committed = game.peers[0].log().next_seq();
    let waiting = game.peers[0].log().pending_len();
    // The same entry with its signature stripped: held, unapplied, and the honest side does
    // not act — the log still waits for seat 1, seat 0 has no decision and writes nothing.
    let unsigned = hand_off.without_signature();
    game.honest_receives(Seat(1), &unsigned).unwrap();
    assert_eq!(game.peers[0].log().next_seq(), committed);
    assert_eq!(game.peers[0].log().pending_len(), waiting + 1);
    assert_eq!(game.peers[0].awaiting().0, Some(Seat(1)));
    assert!(!game.peers[0].needs_decision());
    assert!(game.peers[0].legal_actions().is_empty());
    assert!(game.peers[0].next_automatic().is_none());
    // A record made now holds none of the unclosed run, and blames seat 1 for stopping.
    let record = game.peers[0].record();
    assert_eq!(record.entries.len() as u64, committed);
    let report = audit(Arc::clone(&game.rules), &record).unwrap();
    assert_eq!(report.verdicts[1], SeatVerdict::Withheld, "{report:?}");
    // A signature by someone else does not close the run either.
    let stranger = Identity::from_secret_bytes([43; 32]);
    let mut wrong = hand_off.clone();
    wrong.signature = Some(stranger.sign(&hand_off.bytes));
    refused_as(game.honest_receives(Seat(1), &wrong), "bad-signature");
    assert_eq!(game.peers[0].log().next_seq(), committed);
    // The signature, when it comes, closes the whole run at once.
    game.honest_receives(Seat(1), &hand_off).unwrap();
    assert_eq!(game.peers[0].log().pending_len(), 0);
    assert_eq!(
        game.peers[0].log().next_seq(),
        game.peers[1].log().next_seq()
    );
    game.finish();
    assert!(
        audit(Arc::clone(&game.rules), &game.peers[0].record())
            .unwrap()
            .all_verified()
    );
}

#[test]
fn a_stranger_cannot_join_a_match_set_up_for_someone_else() {
    let (rules, decks) = common::load("dor-classic");
    let host = seeded_identity(5, 0);
    let invited = seeded_identity(5, 1);
    let (_, first) = Peer::host(
        host,
        Arc::clone(&rules),
        "dor-classic",
        &decks[0],
        invited.public(),
        fairduel_protocol::SecretStream::from_number(1),
    )
    .unwrap();
    let stranger = Identity::from_secret_bytes([9; 32]);
    let err = Peer::join(
        stranger,
        rules,
        &decks[1],
        &first,
        fairduel_protocol::SecretStream::from_number(2),
    )
    .unwrap_err();
    assert!(matches!(err, PeerError::NotSeated(_)), "{err}");
}

#[test]
fn replayed_reordered_and_foreign_envelopes_are_refused() {
    let mut game = Game::new("dor-classic", 2);
    game.advance_until(|g| g.in_main(Seat(0)) || g.in_main(Seat(1)));
    let (seat, first) = game.honest_next().unwrap();
    game.peers[1 - seat.index()].receive(&first).unwrap();
    refused_as(game.honest_receives(seat, &first), "replayed");

    // Two entries ahead: the second arrives first.
    let mut seen = Vec::new();
    while seen.len() < 2 {
        let (s, e) = game.honest_next().unwrap();
        if s == seat {
            seen.push(e);
        } else {
            game.peers[1 - s.index()].receive(&e).unwrap();
            seen.clear();
        }
        if seen.len() == 1 && game.awaited() != Some(seat) {
            seen.clear();
            // Our first entry went unsent: deliver it to keep both logs in step, try again.
            let log_len = game.peers[seat.index()].log().entries().len();
            let e = game.peers[seat.index()].log().entries()[log_len - 1].clone();
            game.peers[1 - seat.index()].receive(&e).unwrap();
        }
    }
    refused_as(game.honest_receives(seat, &seen[1]), "wrong-seq");

    let mut other = Game::new("dor-classic", 3);
    other.advance_until(|g| g.in_main(seat));
    let (_, foreign) = other.honest_next().unwrap();
    refused_as(game.honest_receives(seat, &foreign), "wrong-match");
}

#[test]
fn equivocation_is_proven_and_kept() {
    let mut game = Game::new("kairu-dotr", 4);
    game.advance_until(|g| g.in_main(Seat(0)) && g.peers[0].legal_actions().len() > 2);
    let legal = game.peers[0].legal_actions();
    let mut twin = game.peers[0].clone();
    let mut unsigned_twin = game.peers[0].clone();
    // Both versions signed by seat 0 (a cheater signs whatever it sends).
    let (a, _) = game.peers[0].decide(legal[0].clone()).unwrap();
    let a = game.peers[0].sign_last().unwrap_or(a);
    let (b, _) = twin.decide(legal[1].clone()).unwrap();
    let b = twin.sign_last().unwrap_or(b);
    assert!(a.is_signed() && b.is_signed());
    game.peers[1].receive(&a).unwrap();
    // An unsigned different entry with that number proves nothing: refused, not kept.
    let (c, _) = unsigned_twin.decide(legal[2].clone()).unwrap();
    let c = c.without_signature();
    refused_as(game.honest_receives(Seat(0), &c), "unsigned-conflict");
    assert!(game.peers[1].evidence().is_empty());
    refused_as(game.honest_receives(Seat(0), &b), "equivocation");
    assert_eq!(game.peers[1].log().equivocation_proofs().len(), 1);
    assert_eq!(game.peers[1].evidence(), std::slice::from_ref(&b));
    // The record carries the proof, and the audit names the equivocator.
    game.finish();
    let record = game.peers[1].record();
    let report = audit(Arc::clone(&game.rules), &record).unwrap();
    assert!(
        matches!(report.verdicts[0], SeatVerdict::Cheated { .. }),
        "{:?}",
        report.verdicts
    );
    assert!(report.verdicts[1].is_verified());
}

#[test]
fn an_illegal_public_action_is_refused() {
    let mut game = Game::new("kairu-dotr", 5);
    game.advance_until(|g| g.in_main(Seat(1)));
    let bogus = game.forge(
        Seat(1),
        Body::Action(Action::Move {
            from: fairduel_engine::Cell::new(0, 0),
            to: fairduel_engine::Cell::new(8, 8),
            flip: None,
        }),
    );
    refused_as(game.honest_receives(Seat(1), &bogus), "illegal-action");
}

/// A hand card of `seat` that it can summon face-up (cost and area permitting), with where.
fn summon_from_hand(game: &Game, seat: Seat) -> Option<Action> {
    game.peers[seat.index()]
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::Play {
                    mode: PlayMode::Summon,
                    ..
                }
            )
        })
}

#[test]
fn a_false_reveal_and_a_card_never_drawn_are_refused() {
    for seed in 6..40 {
        let mut game = Game::new("dor-classic", seed);
        game.advance_until(|g| g.in_main(Seat(0)) || g.peers[0].is_complete());
        let Some(Action::Play {
            hand_index,
            to,
            cost,
            tributes,
            reveal: Some(reveal),
            ..
        }) = summon_from_hand(&game, Seat(0))
        else {
            continue;
        };
        // The same summon, but claiming a different salt: the reveal does not open.
        let mut false_reveal = reveal;
        false_reveal.salt = Salt([7; 32]);
        let lie = game.forge(
            Seat(0),
            Body::Action(Action::Play {
                hand_index,
                to,
                mode: PlayMode::Summon,
                cost,
                tributes: tributes.clone(),
                reveal: Some(false_reveal),
            }),
        );
        refused_as(game.honest_receives(Seat(0), &lie), "illegal-action");
        // A card still in the deck, with its true opening: it was never drawn into this hand
        // slot, so it does not open the slot's commitment.
        let duel = game.peers[0].duel().unwrap();
        let in_deck = duel.state().player(Seat(0)).deck.first().copied().unwrap();
        let commitment = duel.state().commitment(in_deck);
        let undrawn: Reveal = *game.peers[0].knowledge().get(&commitment).unwrap();
        let never_drawn = game.forge(
            Seat(0),
            Body::Action(Action::Play {
                hand_index,
                to,
                mode: PlayMode::Summon,
                cost: game
                    .rules
                    .pool
                    .get(undrawn.card)
                    .map_or(cost, |c| c.level()),
                tributes,
                reveal: Some(undrawn),
            }),
        );
        refused_as(
            game.honest_receives(Seat(0), &never_drawn),
            "illegal-action",
        );
        return;
    }
    panic!("no seed gave seat 0 a summon to tamper with");
}

#[test]
fn a_stacked_draw_is_refused() {
    let mut game = Game::new("dor-classic", 7);
    // Set-up done; the permuter of seat 0's deck (seat 1) must open the first draw.
    game.advance_until(|g| matches!(g.step(), Step::Game(Awaiting::OpenDraw { .. })));
    let Step::Game(Awaiting::OpenDraw {
        seat: permuter,
        owner,
    }) = game.step()
    else {
        unreachable!()
    };
    let peer = &game.peers[permuter.index()];
    let honest = peer
        .duel()
        .unwrap()
        .legal_actions(permuter, peer.knowledge())
        .remove(0);
    let Action::OpenDraw { opening } = honest else {
        panic!("no opening")
    };
    // Point the draw somewhere else (a card the cheater would rather the owner drew).
    let stacked = PositionOpening {
        index: (opening.index + 1) % 40,
        salt: opening.salt,
    };
    let forged = game.forge(
        permuter,
        Body::Action(Action::OpenDraw { opening: stacked }),
    );
    refused_as(game.honest_receives(permuter, &forged), "illegal-action");
    let _ = owner;
}

#[test]
fn a_biased_coin_is_refused() {
    let mut game = Game::new("dor-alternate", 8);
    game.advance_until(|g| matches!(g.step(), Step::RandomReveal) && g.awaited() == Some(Seat(1)));
    // Seat 1 reveals last and would like to pick the first player.
    let forged = game.forge(
        Seat(1),
        Body::RandomReveal(RandomReveal {
            value: [0; 32],
            salt: Salt([0; 32]),
        }),
    );
    refused_as(game.honest_receives(Seat(1), &forged), "bad-random-reveal");
}

#[test]
fn a_wrong_state_hash_is_refused() {
    let mut game = Game::new("kairu-dotr", 9);
    game.advance_until(|g| g.in_main(Seat(0)));
    let (_, honest) = game.honest_next().unwrap();
    let mut envelope: Envelope = honest.open().unwrap();
    envelope.state_after = Digest32([0xEE; 32]);
    let tampered = SignedEnvelope::seal(&envelope, game.peers[0].identity());
    refused_as(
        game.honest_receives(Seat(0), &tampered),
        "state-hash-mismatch",
    );
}

#[test]
fn a_short_deck_is_refused_at_commit_and_an_illegal_one_at_the_audit() {
    // Too few cards: visible at once.
    let mut game = Game::new("dor-classic", 10);
    assert!(matches!(game.step(), Step::DeckCommit));
    let mut short = match game.peers[0]
        .clone()
        .next_automatic()
        .unwrap()
        .unwrap()
        .0
        .open()
        .unwrap()
        .body
    {
        Body::DeckCommit(d) => d,
        _ => unreachable!(),
    };
    short.deck.truncate(10);
    let forged = game.forge(Seat(0), Body::DeckCommit(short));
    refused_as(game.honest_receives(Seat(0), &forged), "bad-deck-commit");

    // Too many copies of one card: hidden until the end reveal, where it is caught.
    let (rules, decks) = common::load("dor-classic");
    let mut stuffed: DeckList = decks[0].clone();
    let first = stuffed.main[0];
    for card in stuffed.main.iter_mut().take(5) {
        *card = first;
    }
    assert!(stuffed.validate(&rules.pool, &rules.format).is_err());
    let report = play_with_cheating_deck(&rules, &stuffed, &decks[1]);
    match &report.verdicts[0] {
        SeatVerdict::Cheated { what, .. } => assert!(what.contains("not legal"), "{what}"),
        other => panic!("the stuffed deck was not caught: {other:?}"),
    }
    assert!(report.verdicts[1].is_verified());
}

/// Plays a match in which seat 0 commits `deck` even though it is not legal (a cheater's
/// client skips its own deck check).
fn play_with_cheating_deck(
    rules: &Arc<Rules>,
    deck: &DeckList,
    other: &DeckList,
) -> fairduel_protocol::AuditReport {
    let mut loose_format = rules.format.clone();
    loose_format.deck.max_copies = 40;
    let loose_rules = Rules::new(loose_format, rules.pool.clone());
    let cheater_id = seeded_identity(11, 0);
    let honest_id = seeded_identity(11, 1);
    let honest_key = honest_id.public();
    // The cheater hosts under the real format's hashes but checks its deck against loose rules.
    assert!(
        deck.validate(&loose_rules.pool, &loose_rules.format)
            .is_ok()
    );
    let (mut cheater, first) = Peer::host_without_deck_check(
        cheater_id,
        Arc::clone(rules),
        "dor-classic",
        deck,
        honest_key,
        fairduel_protocol::SecretStream::from_number(11),
    )
    .unwrap();
    let mut honest = Peer::join(
        honest_id,
        Arc::clone(rules),
        other,
        &first,
        fairduel_protocol::SecretStream::from_number(12),
    )
    .unwrap();
    let mut bots = [RandomBot::new(1), RandomBot::new(2)];
    while let Some(seat) = honest.awaiting().0 {
        let peer = if seat == Seat(0) {
            &mut cheater
        } else {
            &mut honest
        };
        let (envelope, _) = match peer.next_automatic() {
            Some(Ok(r)) => r,
            // The cheater's own log refuses its false end reveal; a tampered client sends it
            // anyway.
            Some(Err(_)) if seat == Seat(0) => {
                let log = peer.log();
                let envelope = Envelope {
                    match_id: log.match_id(),
                    seq: log.next_seq(),
                    previous: log.last_hash(),
                    author: seat,
                    body: Body::EndReveal(peer.end_reveal()),
                    state_after: log.state_hash(),
                };
                (SignedEnvelope::seal(&envelope, peer.identity()), Vec::new())
            }
            Some(Err(e)) => panic!("{e}"),
            None => {
                let legal = peer.legal_actions();
                let pick =
                    bots[seat.index()].choose(peer.duel().unwrap(), seat, peer.knowledge(), &legal);
                peer.decide(legal[pick].clone()).unwrap()
            }
        };
        let receiver = if seat == Seat(0) {
            &mut honest
        } else {
            &mut cheater
        };
        if receiver.receive(&envelope).is_err() {
            break;
        }
    }
    let mut record: MatchRecord = honest.record();
    // The honest peer refused the false end reveal; the record keeps it as evidence.
    assert!(
        !record.evidence.is_empty(),
        "the cheating end reveal was not kept as evidence"
    );
    record.entries.truncate(record.entries.len());
    audit(Arc::clone(rules), &record).unwrap()
}

#[test]
fn a_lying_claim_is_named_by_the_audit() {
    // Seat 0 sets a spell face-down as if it were a monster: the honest side cannot see it
    // and records a pending claim; the audit finds it false and names the entry.
    for seed in 20..80 {
        let mut game = Game::new("kairu-dotr", seed);
        game.advance_until(|g| g.in_main(Seat(0)) || g.peers[0].is_complete());
        if game.peers[0].is_complete() {
            continue;
        }
        let sets_spell = game.peers[0]
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
            });
        let Some((hand_index, to)) = sets_spell else {
            continue;
        };
        let lie = game.forge_applied(
            Seat(0),
            Body::Action(Action::Play {
                hand_index,
                to,
                mode: PlayMode::SetMonsterAttack,
                cost: 1,
                tributes: Vec::new(),
                reveal: None,
            }),
        );
        if game.peers[1].receive(&lie).is_err() {
            continue;
        }
        let lie_seq = lie.open().unwrap().seq;
        // Play on. If the rules reveal the card during the duel, the cheater's own software
        // cannot write the reveal (it contradicts the claim); a tampered client sends it
        // anyway and the honest side refuses it at once.
        while let Some(next) = game.try_next() {
            match next {
                Ok((seat, envelope)) => {
                    game.peers[1 - seat.index()].receive(&envelope).unwrap();
                }
                Err((seat, action, error)) => {
                    assert_eq!(seat, Seat(0), "the honest seat failed: {error}");
                    let forced = game.forge(Seat(0), Body::Action(action));
                    let refused = game.honest_receives(Seat(0), &forced).unwrap_err();
                    assert!(refused.contains("claim"), "{refused}");
                    return;
                }
            }
        }
        let report = audit(Arc::clone(&game.rules), &game.peers[1].record()).unwrap();
        match &report.verdicts[0] {
            SeatVerdict::Cheated { seq, what } => {
                assert!(
                    *seq >= lie_seq,
                    "blamed entry {seq}, before the lie at {lie_seq}: {what}"
                );
                assert!(what.contains("claim") || what.contains("level"), "{what}");
            }
            other => panic!("the false claim was not caught: {other:?}"),
        }
        assert!(report.verdicts[1].is_verified(), "{:?}", report.verdicts);
        return;
    }
    panic!("no seed let seat 0 set a spell");
}

#[test]
fn refusing_to_reveal_at_the_end_is_withheld() {
    let mut game = Game::new("kairu-dotr", 12);
    game.advance_until(|g| matches!(g.step(), Step::EndReveal));
    let quitter = game.awaited().unwrap();
    // The quitter never sends its end reveal; the other side's record is all there is.
    let report = audit(
        Arc::clone(&game.rules),
        &game.peers[1 - quitter.index()].record(),
    )
    .unwrap();
    assert_eq!(report.verdicts[quitter.index()], SeatVerdict::Withheld);
    assert!(!report.complete);
}

#[test]
fn an_honest_peer_never_sends_a_hidden_card_before_the_rules_reveal_it() {
    // Every byte each honest peer sends during a full match is scanned for the salt of each
    // of its cards: without the salt nobody can open a commitment (or test a guess against
    // it), so a salt may appear only inside an opening the rules call for — a reveal the
    // engine accepted as public — or in the end-of-match reveal.
    for preset in common::PRESETS {
        let mut game = Game::new(preset, 13);
        let mut sent: [Vec<SignedEnvelope>; 2] = [Vec::new(), Vec::new()];
        while let Some((seat, envelope)) = game.honest_next() {
            game.peers[1 - seat.index()].receive(&envelope).unwrap();
            sent[seat.index()].push(envelope);
        }
        let mut openings_seen = 0;
        for seat in [Seat(0), Seat(1)] {
            let salts = game.peers[seat.index()].own_openings();
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
                            opened.contains(salt),
                            "{preset}: {seat} sent a card's salt outside a reveal the rules call for: {body:?}"
                        );
                        openings_seen += 1;
                    }
                }
                // No card id travels except inside such an opening (or a Deck Leader, public
                // from the start).
                if let Body::Action(action) = &body {
                    assert!(
                        !matches!(action, Action::Play { mode, reveal: Some(_), .. } if !mode.reveals()),
                        "{preset}: a face-down play carried its card"
                    );
                }
            }
        }
        assert!(
            openings_seen > 0,
            "{preset}: the scan saw no legitimate reveal at all"
        );
    }
}

/// The salts an action opens in public.
fn openings_in(body: &Body) -> Vec<Salt> {
    let Body::Action(action) = body else {
        return Vec::new();
    };
    match action {
        Action::Play { reveal, .. } => reveal.iter().map(|r| r.salt).collect(),
        Action::Move { flip, .. } | Action::Attack { flip, .. } => {
            flip.iter().map(|r| r.salt).collect()
        }
        Action::Flip { reveal, .. }
        | Action::SpringTrap { reveal, .. }
        | Action::Discard { reveal, .. } => vec![reveal.salt],
        Action::Reveal { reveals } => reveals.iter().map(|r| r.salt).collect(),
        Action::Declare { matching } => matching.iter().map(|(_, r)| r.salt).collect(),
        _ => Vec::new(),
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Plays `preset` game `seed` until an owner declaration is awaited; `None` if the match
/// ends first.
fn until_declaration(preset: &str, seed: u64) -> Option<Game> {
    let mut game = Game::new(preset, seed);
    game.advance_until(|g| {
        matches!(g.step(), Step::Game(Awaiting::Declare { .. })) || g.leader().is_complete()
    });
    matches!(game.step(), Step::Game(Awaiting::Declare { .. })).then_some(game)
}

#[test]
fn a_lying_owner_declaration_is_refused_at_once_or_named_by_the_audit() {
    // An effect that depends on hidden cards ("destroy every face-down trap") asks their
    // owner to declare which of its hidden cards on the named cells match, revealing those.
    // Two lies are possible: declaring a card that does not match (its own reveal shows
    // it, refused at once), and keeping quiet about one that does (the honest side cannot
    // see it; the declaration becomes a claim that the card does not match, which the
    // audit proves false at the very entry, or the honest side at once when the rules
    // reveal the card during the duel).
    let (mut overclaimed, mut hid) = (false, false);
    for (preset, seed) in ["kairu-dotr", "dor-classic"]
        .into_iter()
        .flat_map(|p| (20..300u64).map(move |s| (p, s)))
    {
        if overclaimed && hid {
            break;
        }
        let Some(mut game) = until_declaration(preset, seed) else {
            continue;
        };
        let Step::Game(Awaiting::Declare { seat: liar, cells }) = game.step() else {
            unreachable!()
        };
        let owner = &game.peers[liar.index()];
        let truthful = owner
            .duel()
            .unwrap()
            .legal_actions(liar, owner.knowledge())
            .remove(0);
        let Action::Declare { matching } = truthful else {
            panic!("the owner's software offers no declaration: {truthful:?}")
        };
        if matching.is_empty() && !overclaimed {
            // Lie 1: declare a hidden card that does not match, to get rid of it.
            let duel = owner.duel().unwrap();
            let cell = cells[0];
            let piece = duel.state().piece(cell).unwrap();
            let reveal = *owner
                .knowledge()
                .get(&duel.state().commitment(piece.card_ref))
                .unwrap();
            let lie = game.forge(
                liar,
                Body::Action(Action::Declare {
                    matching: vec![(cell, reveal)],
                }),
            );
            let refused = game.honest_receives(liar, &lie).unwrap_err();
            assert!(
                refused.starts_with("illegal-action") && refused.contains("does not match"),
                "{preset} seed {seed}: {refused}"
            );
            overclaimed = true;
        } else if !matching.is_empty() && !hid {
            // Lie 2: keep quiet about a card that matches (declare none).
            let lie = game.forge_applied(liar, Body::Action(Action::Declare { matching: vec![] }));
            let lie_seq = lie.open().unwrap().seq;
            game.peers[1 - liar.index()]
                .receive(&lie)
                .expect("the honest side cannot see through a hidden card at once");
            // (a) The liar gives up at its next decision, so the duel never reveals the
            // card: the audit, knowing it from the end reveal, names the declaration.
            let mut quiet = game.clone();
            if let Some(refused) = play_on_after_lie(&mut quiet, liar, true) {
                // The rules revealed the card before the liar could concede; try another.
                assert!(refused.contains("claim"), "{refused}");
                continue;
            }
            let honest = &quiet.peers[1 - liar.index()];
            let report = audit(Arc::clone(&quiet.rules), &honest.record()).unwrap();
            match &report.verdicts[liar.index()] {
                SeatVerdict::Cheated { seq, what } => {
                    assert_eq!(*seq, lie_seq, "the audit names the declaration: {what}");
                }
                other => panic!("the lying declaration was not caught: {other:?}"),
            }
            assert!(
                report.verdicts[1 - liar.index()].is_verified(),
                "{:?}",
                report.verdicts
            );
            // (b) The match goes on: where the rules reveal the card, the liar's own
            // software cannot write the reveal and a tampered client's is refused at once;
            // otherwise the audit names the declaration as above.
            match play_on_after_lie(&mut game, liar, false) {
                Some(refused) => assert!(refused.contains("claim"), "{refused}"),
                None => {
                    let honest = &game.peers[1 - liar.index()];
                    let report = audit(Arc::clone(&game.rules), &honest.record()).unwrap();
                    assert!(
                        matches!(&report.verdicts[liar.index()], SeatVerdict::Cheated { seq, .. } if *seq == lie_seq),
                        "{:?}",
                        report.verdicts
                    );
                }
            }
            hid = true;
        }
    }
    assert!(
        overclaimed,
        "no seed gave a declaration with only non-matching cards"
    );
    assert!(
        hid,
        "no seed gave a declaration with a matching card to hide"
    );
}

/// Plays a match on after `liar`'s false declaration (conceding at its first decision if
/// `concede`). Returns the honest side's refusal if the liar's software could not go on
/// (the rules revealed the card) and a tampered client sent the entry anyway.
fn play_on_after_lie(game: &mut Game, liar: Seat, concede: bool) -> Option<String> {
    loop {
        if concede && game.awaited() == Some(liar) && game.peers[liar.index()].needs_decision() {
            let (envelope, _) = game.peers[liar.index()].decide(Action::Concede).unwrap();
            game.peers[1 - liar.index()].receive(&envelope).unwrap();
            continue;
        }
        match game.try_next()? {
            Ok((seat, envelope)) => {
                game.peers[1 - seat.index()].receive(&envelope).unwrap();
            }
            Err((seat, action, error)) => {
                assert_eq!(seat, liar, "the honest seat failed: {error}");
                let forced = game.forge(liar, Body::Action(action));
                return Some(game.honest_receives(liar, &forced).unwrap_err());
            }
        }
    }
}

#[test]
fn a_flood_of_unsigned_entries_is_cut_off_and_never_applied() {
    let mut game = Game::new("kairu-dotr", 3);
    game.advance_until(|g| g.in_main(Seat(1)));
    let honest = &mut game.peers[0];
    let committed = honest.log().next_seq();
    let mut previous = honest.log().last_hash();
    let mut cut_off = false;
    for i in 0..=fairduel_protocol::matchlog::MAX_PENDING as u64 {
        let junk = SignedEnvelope::unsigned(&Envelope {
            match_id: honest.log().match_id(),
            seq: committed + i,
            previous,
            author: Seat(1),
            body: Body::Checkpoint { turn: 0 },
            state_after: Digest32::default(),
        });
        previous = junk.hash();
        match honest.receive(&junk) {
            Ok(joined) => assert!(joined.is_empty()),
            Err(e) => {
                assert_eq!(i, fairduel_protocol::matchlog::MAX_PENDING as u64);
                assert_eq!(e.violation.kind(), "too-many-unsigned");
                assert!(!e.is_proven());
                cut_off = true;
            }
        }
    }
    assert!(cut_off, "the flood was never cut off");
    assert_eq!(
        honest.log().pending_len(),
        fairduel_protocol::matchlog::MAX_PENDING
    );
    assert_eq!(honest.log().next_seq(), committed, "nothing was applied");
    assert!(honest.evidence().is_empty());
}
