//! Cheats on coins and dice ("a biased coin or die"): every seat commits to its share before
//! any is opened, so a seat can only bias the result by opening a share other than the one
//! it committed to, which is refused at once; answering in another seat's place is refused
//! too.

use fairduel_engine::commitment::Salt;
use fairduel_engine::{Answer, Asked, Awaiting};
use fairduel_protocol::envelope::Body;
use fairduel_protocol::matchlog::Step;

use crate::harness::{FIELD, Game, refused_as, tables};

#[test]
fn a_share_opened_other_than_committed_is_refused() {
    let mut caught = 0;
    for table in tables(&FIELD) {
        for seed in 0..40 {
            let mut game = Game::new(&table, seed);
            let opening = |g: &Game| match g.step() {
                Step::Game(Awaiting::Answer {
                    seat,
                    asked: Asked::OpenShare,
                }) => Some(seat),
                _ => None,
            };
            if !game.advance_until_or_end(|g| opening(g).is_some()) {
                continue;
            }
            let seat = opening(&game).unwrap();
            // Any other value than the one committed: the result it would give is the
            // cheater's choice, so it must not count.
            let biased = game.forge(
                seat,
                Body::Answer(Answer::OpenShare {
                    value: [0x5A; 32],
                    salt: Salt([0xA5; 32]),
                }),
            );
            let refused = refused_as(game.honest_receives(seat, &biased), "illegal-action");
            assert!(
                refused.contains("does not match its commitment"),
                "{refused}"
            );
            // Nor may another seat open a share in its place (refused as not its turn, or as
            // out of sequence where its own log has not yet seen the run so far).
            let other = game.others(seat).next().unwrap();
            let stranger = game.forge(
                other,
                Body::Answer(Answer::OpenShare {
                    value: [0x5A; 32],
                    salt: Salt([0xA5; 32]),
                }),
            );
            assert!(game.honest_receives(other, &stranger).is_err());
            // The honest opening goes through and the match plays on to its end.
            game.finish();
            assert!(game.is_complete());
            caught += 1;
            break;
        }
    }
    assert!(caught > 0, "no coin was ever tossed");
}
