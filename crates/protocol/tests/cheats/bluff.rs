//! The bluff (DOR Classic and Alternate): a card set with its class hidden is accepted by
//! every peer that cannot see it; a breach of the rules its class decides is caught at the
//! reveal or named by the audit.

use fairduel_engine::{Action, Place, PlayMode};
use fairduel_protocol::envelope::Body;

use crate::harness::{Game, TWO_SEATS, last, names_only, play_on_after_lie, tables};

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
