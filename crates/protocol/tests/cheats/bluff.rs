//! The bluff (DOR Classic and Alternate): a card set with its class hidden is accepted by
//! every peer that cannot see it; a breach of the rules its class decides is caught at the
//! reveal or named by the audit.

use fairduel_engine::{Action, Answer, Asked, Awaiting, Place, PlayMode};
use fairduel_protocol::envelope::Body;
use fairduel_protocol::matchlog::Step;

use crate::harness::{
    Game, TWO_SEATS, last, names_only, play_on_after_lie, tables, with_three_of_each,
};

#[test]
fn a_second_monster_set_with_its_class_hidden_is_named_by_the_audit() {
    // The bluff (DOR Classic and Alternate): nobody but its owner knows whether a card set
    // with `SetCardAttack` is a monster, so a second monster set that way in one turn is
    // accepted by every other peer. It breaks Classic rule 3's one Normal Set per turn, and
    // the audit, replaying with the cheater's secrets, names the entry.
    for table in tables(&TWO_SEATS[..2]) {
        let mut caught = false;
        for seed in 0..40 {
            let mut game = Game::new(&table, seed);
            let cheater = last(&game);
            // Two monsters in the hand that need no tribute, while the turn's is unplayed.
            let two_sets = |g: &Game| -> Option<Vec<(u8, Place)>> {
                if !g.in_main(cheater) {
                    return None;
                }
                let mut sets: Vec<(u8, Place)> = Vec::new();
                for action in g.peer(cheater).legal_actions() {
                    if let Action::Play {
                        hand_index,
                        to,
                        mode: PlayMode::SetMonsterAttack,
                        tributes,
                        ..
                    } = action
                        && tributes.is_empty()
                        && sets.iter().all(|(h, t)| *h != hand_index && *t != to)
                    {
                        sets.push((hand_index, to));
                    }
                }
                (sets.len() >= 2).then_some(sets)
            };
            if !game.advance_until_or_end(|g| two_sets(g).is_some()) {
                continue;
            }
            let sets = two_sets(&game).unwrap();
            let ((first, to_first), (second, to_second)) = (sets[0], sets[1]);
            let honest = Action::Play {
                hand_index: first,
                to: to_first,
                mode: PlayMode::SetCardAttack,
                cost: 0,
                tributes: Vec::new(),
                reveal: None,
            };
            let (envelope, _) = game.peers[cheater.index()].decide(honest).unwrap();
            game.deliver(cheater, &envelope);
            let second = if second > first { second - 1 } else { second };
            let lie = game.forge_applied(
                cheater,
                Body::Action(Action::Play {
                    hand_index: second,
                    to: to_second,
                    mode: PlayMode::SetCardAttack,
                    cost: 0,
                    tributes: Vec::new(),
                    reveal: None,
                }),
            );
            assert_eq!(
                game.honest_receives(cheater, &lie),
                Ok(()),
                "{}",
                table.name
            );
            let lie_seq = lie.open().unwrap().seq;
            if play_on_after_lie(&mut game, cheater, true).is_some() {
                continue;
            }
            for seat in game.others(cheater) {
                let (seq, what) = names_only(&game.audit_by(seat), cheater);
                assert_eq!(seq, lie_seq, "{}: {what}", table.name);
                assert!(what.contains("monster"), "{}: {what}", table.name);
            }
            caught = true;
            break;
        }
        assert!(
            caught,
            "{}: no seed let the cheater set two monsters",
            table.name
        );
    }
}

#[test]
fn a_false_class_declaration_is_named_by_the_audit() {
    // An effect that reaches enemy monsters over an area (Just Desserts, Stop Defense) asks
    // the owner of class-hidden cards which are monsters. Its own software answers truly; a
    // tampered client that swaps one card's class is believed by every other peer (they
    // cannot see the card). Caught at the card's reveal, or named by the audit.
    const JUST_DESSERTS: u16 = 714;
    const STOP_DEFENSE: u16 = 743;
    for table in tables(&TWO_SEATS[..2]) {
        let table = with_three_of_each(table, &[JUST_DESSERTS, STOP_DEFENSE]);
        let mut named = false;
        for seed in 0..60 {
            let mut game = Game::new(&table, seed);
            let asked = |g: &Game| {
                matches!(
                    g.step(),
                    Step::Game(Awaiting::Answer {
                        asked: Asked::DeclareClass { .. },
                        ..
                    })
                )
            };
            if !game.advance_until_or_end(asked) {
                continue;
            }
            let Step::Game(Awaiting::Answer {
                seat: liar,
                asked: Asked::DeclareClass { places },
            }) = game.step()
            else {
                unreachable!()
            };
            let owner = game.peer(liar);
            let duel = owner.duel().unwrap();
            let Some(Answer::DeclareClass { monsters }) =
                duel.honest_answer(liar, owner.knowledge())
            else {
                panic!("the owner's software has no class declaration to give")
            };
            // Swap the first card's class.
            let swapped = places[0];
            let mut lie: Vec<Place> = monsters.iter().copied().filter(|p| *p != swapped).collect();
            if !monsters.contains(&swapped) {
                lie.push(swapped);
            }
            // The liar's own software would never write it: it knows the card.
            assert!(
                game.peer(liar)
                    .duel()
                    .unwrap()
                    .clone()
                    .answer(
                        liar,
                        &Answer::DeclareClass {
                            monsters: lie.clone()
                        },
                        Some(game.peer(liar).knowledge())
                    )
                    .is_err(),
                "{}",
                table.name
            );
            let lie =
                game.forge_applied(liar, Body::Answer(Answer::DeclareClass { monsters: lie }));
            assert_eq!(game.honest_receives(liar, &lie), Ok(()), "{}", table.name);
            let lie_seq = lie.open().unwrap().seq;
            if let Some(refused) = play_on_after_lie(&mut game, liar, true) {
                // The rules revealed the card before the liar could concede.
                assert!(refused.contains("claim"), "{}: {refused}", table.name);
                continue;
            }
            for seat in game.others(liar) {
                let (seq, what) = names_only(&game.audit_by(seat), liar);
                assert_eq!(seq, lie_seq, "{}: {what}", table.name);
                assert!(what.contains("not"), "{}: {what}", table.name);
            }
            named = true;
            break;
        }
        assert!(
            named,
            "{}: no seed brought a class declaration the audit had to name",
            table.name
        );
    }
}
