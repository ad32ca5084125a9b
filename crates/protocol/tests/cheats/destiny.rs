//! Cheats on Kairu's Destiny Draw: the destiny pile is committed card by card at set-up and
//! nobody can look behind it while the duel runs, so a seat could commit a pile of better
//! cards than the destiny list. Its end reveal must open the pile to exactly the list: a
//! pile of other cards is refused there, and the audit names the seat that committed it.

use fairduel_engine::commitment::{Commitment, Reveal, Salt};
use fairduel_engine::{Action, Seat};
use fairduel_protocol::envelope::{Body, EndReveal};
use fairduel_protocol::matchlog::Step;

use crate::harness::{Game, Table, names_only, refused_as};

#[test]
fn a_destiny_pile_of_other_cards_than_the_list_is_caught_at_the_end() {
    let table = Table::load("kairu-dotr");
    let listed = table
        .rules
        .format
        .destiny_draw
        .as_ref()
        .expect("Kairu's presets have a destiny list")
        .cards
        .clone();
    let mut game = Game::new(&table, 3);
    let cheater = Seat(1);
    game.advance_until(|g| matches!(g.step(), Step::DeckCommit) && g.awaited() == Some(cheater));
    let written = game.peers[cheater.index()].clone().next_automatic();
    let Body::DeckCommit(mut commit) = written.unwrap().unwrap().0.open().unwrap().body else {
        unreachable!("the seat's automatic entry here is its deck commit")
    };
    // Every card of the pile the strongest of the list: nobody can tell from commitments.
    let match_id = game.peer(cheater).log().match_id();
    let stuffed: Vec<Reveal> = (0..listed.len())
        .map(|i| Reveal {
            card: listed[0],
            salt: Salt([i as u8 + 1; 32]),
        })
        .collect();
    commit.destiny = stuffed
        .iter()
        .map(|r| Commitment::new(&match_id, cheater, r.card, &r.salt))
        .collect();
    let forged = game.forge_applied(cheater, Body::DeckCommit(commit));
    game.deliver(cheater, &forged);
    // The cheater concedes at its first decision; the match moves to its end reveals.
    loop {
        if game.awaited() == Some(cheater) && game.peer(cheater).needs_decision() {
            let (envelope, _) = game.peers[cheater.index()].decide(Action::Concede).unwrap();
            game.deliver(cheater, &envelope);
            continue;
        }
        if game.awaited() == Some(cheater) && game.step() == Step::EndReveal {
            break;
        }
        assert!(
            game.advance(),
            "the match ended without the cheater's end reveal"
        );
    }
    // Its end reveal opens the stuffed pile as committed: refused by every honest seat.
    let honest_reveal = game.peer(cheater).end_reveal();
    let lie = game.forge(
        cheater,
        Body::EndReveal(EndReveal {
            destiny: stuffed,
            ..honest_reveal
        }),
    );
    let refused = refused_as(game.honest_receives(cheater, &lie), "bad-end-reveal");
    assert!(refused.contains("destiny list"), "{refused}");
    let witness = game.others(cheater).next().unwrap();
    let (_, what) = names_only(&game.audit_by(witness), cheater);
    assert!(what.contains("destiny list"), "{what}");
}
