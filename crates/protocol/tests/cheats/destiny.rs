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
    game.concede_until_end_reveal(cheater);
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

#[test]
fn a_destiny_pile_of_the_wrong_size_is_refused_at_the_deck_commit() {
    let table = Table::load("kairu-dotr");
    let mut game = Game::new(&table, 4);
    let cheater = Seat(0);
    game.advance_until(|g| matches!(g.step(), Step::DeckCommit) && g.awaited() == Some(cheater));
    let written = game.peers[cheater.index()].clone().next_automatic();
    let Body::DeckCommit(mut short) = written.unwrap().unwrap().0.open().unwrap().body else {
        unreachable!("the seat's automatic entry here is its deck commit")
    };
    short.destiny.truncate(2);
    let forged = game.forge(cheater, Body::DeckCommit(short));
    let refused = refused_as(game.honest_receives(cheater, &forged), "bad-deck-commit");
    assert!(refused.contains("destiny pile of 2 cards"), "{refused}");
}

#[test]
fn a_player_who_concedes_during_their_destiny_draw_draws_nothing_and_the_next_turn_is_untouched() {
    use fairduel_engine::chance::Chance;
    use fairduel_engine::{Asked, Awaiting};
    let table = Table::load("kairu-dotr-4p");
    for seed in 0..80 {
        let mut game = Game::new(&table, seed);
        let destiny_share = |g: &Game| match g.step() {
            Step::Game(Awaiting::Answer {
                seat,
                asked: Asked::CommitShare,
            }) => g
                .peer(seat)
                .duel()
                .and_then(|d| d.state().joint_draw.as_ref())
                .and_then(|draw| match draw.chance {
                    Chance::DestinyPile { seat: drawer, .. } if drawer == seat => Some(seat),
                    _ => None,
                }),
            _ => None,
        };
        if !game.advance_until_or_end(|g| destiny_share(g).is_some()) {
            continue;
        }
        let drawer = destiny_share(&game).unwrap();
        let hands_before: Vec<usize> = game
            .seats()
            .map(|s| {
                game.peer(drawer)
                    .duel()
                    .unwrap()
                    .state()
                    .player(s)
                    .hand
                    .len()
            })
            .collect();
        let (envelope, _) = game.peers[drawer.index()].decide(Action::Concede).unwrap();
        game.deliver(drawer, &envelope);
        // Play on until the joint draw is over (it is decided among the seats left) in the
        // log furthest ahead.
        let settled = |g: &Game| {
            g.leader()
                .duel()
                .is_some_and(|d| !d.state().table.in_play(drawer) && d.state().joint_draw.is_none())
        };
        assert!(
            game.advance_until_or_end(settled) || settled(&game),
            "seed {seed}: the match ended before the draw was settled"
        );
        let witness = game.others(drawer).next().unwrap();
        let duel = game.leader().duel().unwrap().clone();
        let state = duel.state();
        assert!(
            !state.table.in_play(drawer),
            "seed {seed}: {drawer} still in play"
        );
        let drawer_pile = state.player(drawer).destiny.as_ref().unwrap();
        assert_eq!(
            drawer_pile.cards.len(),
            7,
            "the conceding player drew nothing"
        );
        for seat in game.others(drawer) {
            let pile = state.player(seat).destiny.as_ref().unwrap();
            assert_eq!(
                pile.cards.len() + usize::from(pile.drawn),
                7,
                "{seat}'s destiny pile was not touched by {drawer}'s draw"
            );
            assert!(state.player(seat).hand.len() <= hands_before[seat.index()] + 1);
        }
        game.finish();
        assert!(game.is_complete());
        assert!(game.audit_by(witness).all_verified());
        return;
    }
    panic!("no Destiny Draw's shares were asked for in 80 four-player games");
}
