//! Owner declarations: an effect that reaches face-down cards by what they are asks their
//! owners which match. Declaring a card that does not match is refused at once; keeping
//! quiet about one that does is named by the audit, or refused when the rules reveal it.

use fairduel_engine::{Answer, Asked, Awaiting, Seat};
use fairduel_protocol::envelope::Body;
use fairduel_protocol::matchlog::Step;

use crate::harness::{
    FOUR_SEATS, Game, THREE_SEATS, TWO_SEATS, names_only, play_on_after_lie, tables,
    until_declaration, with_destroy_traps, with_three_of_each,
};

#[test]
fn a_lying_owner_declaration_is_refused_at_once_or_named_by_the_audit() {
    // An effect that depends on hidden cards ("destroy every face-down trap") asks their
    // owner to declare which of its hidden cards at the named places match, revealing those.
    // Two lies are possible: declaring a card that does not match (its own reveal shows
    // it, refused at once), and keeping quiet about one that does (nobody else can see it;
    // the declaration becomes a claim that the card does not match, which the audit proves
    // false at the very entry, or the honest seats at once when the rules reveal the card
    // during the duel).
    // Decks with three copies of each trap that destroys a monster moving near it make
    // declarations common: a face-down monster may or may not be weak enough.
    let groups: [&[&'static str]; 4] = [
        &TWO_SEATS,
        &[THREE_SEATS],
        &[FOUR_SEATS[0]],
        &[FOUR_SEATS[1]],
    ];
    for names in groups {
        let (mut overclaimed, mut hid) = (false, false);
        'search: for table in tables(names) {
            let table = with_destroy_traps(table);
            for seed in 20..300u64 {
                let mut game = Game::new(&table, seed);
                while !(overclaimed && hid) && until_declaration(&mut game) {
                    declaration_lies(&mut game.clone(), &mut overclaimed, &mut hid);
                    game.advance();
                }
                if overclaimed && hid {
                    break 'search;
                }
            }
        }
        assert!(
            overclaimed,
            "{names:?}: no seed gave a declaration with only non-matching cards"
        );
        assert!(
            hid,
            "{names:?}: no seed gave a declaration with a matching card to hide"
        );
    }
}

#[test]
fn a_lying_declaration_of_set_spells_is_refused_at_once_or_named_by_the_audit() {
    // Patrol Robo turns every set spell of its opponents face-up. Nobody else can tell a set
    // spell from a set trap, so each owner declares which of theirs are spells; the same two
    // lies as above are caught the same way. Decks with three Patrol Robos and three Negate
    // Attacks each make such declarations common.
    let patrol_robo = fairduel_engine::CardId(523);
    let asked_by_patrol_robo = |game: &Game| {
        let state = game
            .peer(Seat(0))
            .duel()
            .map(|duel| duel.state().resume.clone());
        matches!(
            state,
            Some(fairduel_engine::state::Resume::EffectDeclared { effect, .. })
                if effect.card == patrol_robo
        )
    };
    let (mut overclaimed, mut hid) = (false, false);
    'search: for table in tables(&TWO_SEATS) {
        let table = with_three_of_each(table, &[523, 828]);
        for seed in 20..400u64 {
            let mut game = Game::new(&table, seed);
            while !(overclaimed && hid) && until_declaration(&mut game) {
                if asked_by_patrol_robo(&game) {
                    declaration_lies(&mut game.clone(), &mut overclaimed, &mut hid);
                }
                game.advance();
            }
            if overclaimed && hid {
                break 'search;
            }
        }
    }
    assert!(overclaimed, "no seed gave a declaration with only traps");
    assert!(hid, "no seed gave a declaration with a set spell to hide");
}

/// At an owner declaration: tells the lie that is still missing, if this one allows it.
fn declaration_lies(game: &mut Game, overclaimed: &mut bool, hid: &mut bool) {
    let Step::Game(Awaiting::Answer {
        seat: liar,
        asked: Asked::Declare { places },
    }) = game.step()
    else {
        unreachable!()
    };
    let owner = game.peer(liar);
    let duel = owner.duel().unwrap();
    let Some(Answer::Declare { matching }) = duel.honest_answer(liar, owner.knowledge()) else {
        panic!("the owner's software has no declaration to give")
    };
    if matching.is_empty() && !*overclaimed {
        // Lie 1: declare a hidden card that does not match, to get rid of it.
        let place = places[0];
        let piece = duel.state().piece_at(place).unwrap();
        let reveal = *owner
            .knowledge()
            .get(&duel.state().commitment(piece.card_ref))
            .unwrap();
        let lie = game.forge(
            liar,
            Body::Answer(Answer::Declare {
                matching: vec![(place, reveal)],
            }),
        );
        let refused = game.honest_receives(liar, &lie).unwrap_err();
        assert!(
            refused.starts_with("illegal-action") && refused.contains("does not match"),
            "{}: {refused}",
            game.name
        );
        *overclaimed = true;
    } else if !matching.is_empty() && !*hid {
        // Lie 2: keep quiet about a card that matches (declare none).
        let lie = game.forge_applied(liar, Body::Answer(Answer::Declare { matching: vec![] }));
        let lie_seq = lie.open().unwrap().seq;
        game.honest_receives(liar, &lie)
            .expect("the honest seats cannot see through a hidden card at once");
        // (a) The liar gives up at its next decision, so the duel never reveals the card:
        // the audit, knowing it from the end reveal, names the declaration.
        let mut quiet = game.clone();
        if let Some(refused) = play_on_after_lie(&mut quiet, liar, true) {
            // The rules revealed the card before the liar could concede; try another.
            assert!(refused.contains("claim"), "{refused}");
            return;
        }
        for seat in quiet.others(liar) {
            let (seq, what) = names_only(&quiet.audit_by(seat), liar);
            assert_eq!(seq, lie_seq, "the audit names the declaration: {what}");
        }
        // (b) The match goes on: where the rules reveal the card, the liar's own software
        // cannot write the reveal and a tampered client's is refused at once; otherwise the
        // audit names the declaration as above.
        match play_on_after_lie(game, liar, false) {
            Some(refused) => assert!(refused.contains("claim"), "{refused}"),
            None => {
                for seat in game.others(liar) {
                    let (seq, _) = names_only(&game.audit_by(seat), liar);
                    assert_eq!(seq, lie_seq);
                }
            }
        }
        *hid = true;
    }
}
