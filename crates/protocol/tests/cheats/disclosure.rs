//! Face-down cards shown to a teammate (Kingdom Duels' Tag and Boss Duels): the teammate
//! learns them, nobody else does, and a disclosure that lies about the card or shows what
//! the rules keep hidden is refused at once where the teammate can tell, and always named by
//! the audit.

use fairduel_engine::teammate_disclosure::DisclosureRefused;
use fairduel_engine::{CardId, Commitment, Reveal, Seat};
use fairduel_protocol::{Disclosure, DisclosureError};

use crate::harness::{Game, Table, names_only};

pub const TEAM_TABLES: [&str; 2] = ["kingdom-duels-tag", "kingdom-duels-boss"];

/// Hands every seat's due disclosures to their teammates; how many there were.
pub fn share(game: &mut Game) -> usize {
    let mut shown = 0;
    for i in 0..game.peers.len() {
        for disclosure in game.peers[i].disclosures_due() {
            let to = disclosure.to;
            if let Err(e) = game.peers[to.index()].receive_disclosure(&disclosure) {
                panic!("{}: {to} refused an honest disclosure: {e}", game.name);
            }
            shown += 1;
        }
    }
    shown
}

/// Plays on, sharing after every entry, until every seat's log stands at the same entry
/// and seat 0 or seat 2 (team 0 in both team presets) has a face-down card on the field:
/// that seat and the card's commitment. `None` if the game ends before.
fn synced_with_face_down(game: &mut Game) -> Option<(Seat, Commitment)> {
    loop {
        share(game);
        let lengths: Vec<u64> = game.peers.iter().map(|p| p.log().next_seq()).collect();
        let synced = lengths.windows(2).all(|w| w[0] == w[1]);
        let owners = [Seat(0), Seat(2)]
            .into_iter()
            .filter(|s| s.index() < lengths.len());
        for owner in owners {
            let face_down = game
                .peer(owner)
                .duel()
                .and_then(|d| d.face_down_on_field(owner).first().copied());
            if synced && let Some(commitment) = face_down {
                return Some((owner, commitment));
            }
        }
        if !game.advance() {
            return None;
        }
    }
}

/// A game of `table` from the first seed at or after `seed` (in steps of 100) in which team
/// 0 sets a card: the game at that moment, the card's owner and its commitment. Which
/// seeds set one early depends on the decks and the bots, so the test does not pin one.
fn game_with_face_down(table: &Table, seed: u64) -> (Game, Seat, Commitment) {
    for attempt in 0..20 {
        let mut game = Game::new(table, seed + 100 * attempt);
        if let Some((owner, commitment)) = synced_with_face_down(&mut game) {
            return (game, owner, commitment);
        }
    }
    panic!("{}: no card was set in 20 games", table.name);
}

fn teammate(game: &Game, owner: Seat) -> Option<Seat> {
    let table = &game.rules.format.table;
    game.others(owner)
        .find(|s| s.0 % table.team_count() == owner.0 % table.team_count())
}

fn teammate_of(game: &Game, owner: Seat) -> Seat {
    teammate(game, owner).expect("a team table")
}

fn opponent_of(game: &Game, owner: Seat) -> Seat {
    let table = &game.rules.format.table;
    game.others(owner)
        .find(|s| s.0 % table.team_count() != owner.0 % table.team_count())
        .expect("an opponent")
}

/// A disclosure signed by `owner`'s own key, of whatever the test chooses.
fn signed_by(
    game: &Game,
    owner: Seat,
    to: Seat,
    commitment: Commitment,
    reveal: Reveal,
) -> Disclosure {
    let peer = game.peer(owner);
    Disclosure::sign(
        peer.identity(),
        peer.log().match_id(),
        owner,
        to,
        peer.log().next_seq(),
        commitment,
        reveal,
    )
}

fn finish_sharing(game: &mut Game) {
    loop {
        share(game);
        if !game.advance() {
            break;
        }
    }
}

#[test]
fn teammates_see_each_others_face_down_cards_and_opponents_do_not() {
    for name in TEAM_TABLES {
        let table = Table::load(name);
        let mut shown = 0;
        for seed in 1..=3 {
            let mut game = Game::new(&table, seed);
            loop {
                shown += share(&mut game);
                for viewer in game.seats() {
                    let peer = game.peer(viewer);
                    let Some(duel) = peer.duel() else {
                        continue;
                    };
                    for owner in game.others(viewer) {
                        let owner_caught_up =
                            game.peer(owner).log().next_seq() >= peer.log().next_seq();
                        let teammate = Some(owner) == teammate(&game, viewer);
                        for commitment in duel.face_down_on_field(owner) {
                            let knows = peer.knowledge().get(&commitment).is_some();
                            if teammate && owner_caught_up {
                                assert!(
                                    knows,
                                    "{name} seed {seed}: {viewer} does not see its teammate {owner}'s face-down card"
                                );
                            }
                            if !teammate {
                                assert!(
                                    !knows,
                                    "{name} seed {seed}: {viewer} knows its opponent {owner}'s face-down card"
                                );
                            }
                        }
                    }
                }
                if !game.advance() {
                    break;
                }
            }
            for seat in game.seats() {
                let record = game.peer(seat).record();
                for d in &record.disclosures {
                    assert_eq!(d.to.0 % 2, d.from.0 % 2, "{name}: shown to an opponent");
                    assert!(d.from == seat || d.to == seat);
                }
                let report = game.audit_by(seat);
                assert!(
                    report.all_verified(),
                    "{name} seed {seed}: {:?}",
                    report.verdicts
                );
            }
        }
        assert!(shown > 0, "{name}: no face-down card was ever shown");
    }
}

#[test]
fn a_false_card_shown_to_a_teammate_is_refused_and_named_by_the_audit() {
    for name in TEAM_TABLES {
        let table = Table::load(name);
        let (mut game, owner, commitment) = game_with_face_down(&table, 2);
        let teammate = teammate_of(&game, owner);
        let true_reveal = *game.peer(owner).knowledge().get(&commitment).unwrap();
        let lie = Reveal {
            card: CardId(true_reveal.card.0 ^ 1),
            salt: true_reveal.salt,
        };
        let forged = signed_by(&game, owner, teammate, commitment, lie);
        let refused = game.peers[teammate.index()].receive_disclosure(&forged);
        assert_eq!(refused, Err(DisclosureError::FalseCard { from: owner }));
        assert!(refused.unwrap_err().proves_cheating());
        assert_eq!(
            game.peer(teammate).knowledge().get(&commitment),
            Some(&true_reveal),
            "{name}: the false card replaced the true one"
        );
        finish_sharing(&mut game);
        let (_, what) = names_only(&game.audit_by(teammate), owner);
        assert!(what.contains("not the one its commitment holds"), "{what}");
        // The others never received it: their records verify everyone.
        assert!(game.audit_by(opponent_of(&game, owner)).all_verified());
    }
}

#[test]
fn a_hand_card_shown_to_a_teammate_is_refused_and_named_by_the_audit() {
    for name in TEAM_TABLES {
        let table = Table::load(name);
        let (mut game, owner, _) = game_with_face_down(&table, 3);
        let teammate = teammate_of(&game, owner);
        let (commitment, reveal) = {
            let peer = game.peer(owner);
            let state = peer.duel().unwrap().state();
            let slot = state.player(owner).hand.first().expect("a card in hand");
            let commitment = state.commitment(slot.card_ref);
            (commitment, *peer.knowledge().get(&commitment).unwrap())
        };
        let shown = signed_by(&game, owner, teammate, commitment, reveal);
        assert_eq!(
            game.peers[teammate.index()].receive_disclosure(&shown),
            Err(DisclosureError::NotAllowed {
                from: owner,
                why: DisclosureRefused::NotFaceDownOnField { owner }
            })
        );
        finish_sharing(&mut game);
        let (_, what) = names_only(&game.audit_by(teammate), owner);
        assert!(what.contains("rules keep hidden"), "{what}");
    }
}

#[test]
fn a_face_down_card_shown_to_an_opponent_or_outside_team_duels_is_refused() {
    let table = Table::load("kingdom-duels-tag");
    let (mut game, owner, commitment) = game_with_face_down(&table, 4);
    let opponent = opponent_of(&game, owner);
    let reveal = *game.peer(owner).knowledge().get(&commitment).unwrap();
    let shown = signed_by(&game, owner, opponent, commitment, reveal);
    assert_eq!(
        game.peers[opponent.index()].receive_disclosure(&shown),
        Err(DisclosureError::NotAllowed {
            from: owner,
            why: DisclosureRefused::NotATeammate {
                owner,
                to: opponent
            }
        })
    );
    finish_sharing(&mut game);
    let (_, what) = names_only(&game.audit_by(opponent), owner);
    assert!(what.contains("is not a teammate"), "{what}");

    // Kingdom Duels for two has no teammates: nobody is ever shown anything.
    let table = Table::load("kingdom-duels");
    let (mut game, owner, commitment) = game_with_face_down(&table, 4);
    assert!(game.peers[0].disclosures_due().is_empty());
    let reveal = *game.peer(owner).knowledge().get(&commitment).unwrap();
    let shown = signed_by(&game, owner, Seat(1), commitment, reveal);
    assert_eq!(
        game.peers[1].receive_disclosure(&shown),
        Err(DisclosureError::NotAllowed {
            from: owner,
            why: DisclosureRefused::NotInThisFormat
        })
    );
}

#[test]
fn a_card_shown_in_another_players_name_is_ignored() {
    let table = Table::load("kingdom-duels-tag");
    let (mut game, owner, commitment) = game_with_face_down(&table, 5);
    let teammate = teammate_of(&game, owner);
    let opponent = opponent_of(&game, owner);
    let reveal = *game.peer(owner).knowledge().get(&commitment).unwrap();
    // The opponent signs a "disclosure" in the owner's name, of a card it made up.
    let mut forged = signed_by(&game, opponent, teammate, commitment, reveal);
    forged.from = owner;
    assert_eq!(
        game.peers[teammate.index()].receive_disclosure(&forged),
        Err(DisclosureError::BadSignature { from: owner })
    );
    assert!(
        game.peer(teammate)
            .disclosures()
            .iter()
            .all(|d| *d != forged)
    );
    // A disclosure for another seat is not taken either.
    let honest = signed_by(&game, owner, teammate, commitment, reveal);
    assert_eq!(
        game.peers[opponent.index()].receive_disclosure(&honest),
        Err(DisclosureError::NotForThisSeat { to: teammate })
    );
    finish_sharing(&mut game);
    for seat in game.seats() {
        assert!(game.audit_by(seat).all_verified());
    }
}

#[test]
fn disclosures_survive_the_record_file() {
    let table = Table::load("kingdom-duels-tag");
    let mut game = Game::new(&table, 6);
    finish_sharing(&mut game);
    let record = game.peer(Seat(2)).record();
    assert!(!record.disclosures.is_empty());
    let read = fairduel_protocol::MatchRecord::from_bytes(&record.to_bytes()).unwrap();
    assert_eq!(read, record);
    let report = game.audit_by(Seat(2));
    assert!(report.all_verified());
    assert_eq!(report.disclosures_checked, record.disclosures.len());
}
