//! Concessions at any moment: a player who gives up while another decides signs a
//! resignation; the seat deciding relays it into the log in place of its decision. Forging
//! one in another seat's name, relaying it outside a decision or for a seat already out, and
//! relaying one's own are refused, and the audit names the relayer.

use fairduel_engine::state::WinReason;
use fairduel_protocol::envelope::Resignation;

use super::*;

/// Plays until some seat has a main-phase decision; that seat, and another still in play.
fn decider_and_other(game: &mut Game) -> (Seat, Seat) {
    game.advance_until(|g| g.seats().any(|s| g.in_main(s)));
    let decider = game.awaited().unwrap();
    let table = game.leader().log().duel().unwrap().state().table;
    let other = game
        .others(decider)
        .find(|s| table.in_play(*s))
        .expect("another seat in play");
    (decider, other)
}

#[test]
fn a_concession_out_of_turn_is_relayed_by_the_seat_deciding_and_takes_effect_at_once() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 3);
        let (decider, quitter) = decider_and_other(&mut game);
        let resignation = game.peer(quitter).resign();
        // Every seat can check it before anyone relays it.
        for seat in game.others(quitter) {
            game.peer(seat).check_resignation(&resignation).unwrap();
        }
        let (relayed, events) = game.peers[decider.index()]
            .relay_resignation(resignation)
            .unwrap();
        assert!(
            events.iter().any(|e| matches!(
                e,
                fairduel_engine::Event::Conceded { seat } if *seat == quitter
            )),
            "{}: {events:?}",
            table.name
        );
        game.deliver(decider, &relayed);
        let duel = game.leader().log().duel().unwrap();
        assert!(!duel.state().table.in_play(quitter), "{}", table.name);
        if table.players == 2 {
            let outcome = duel.state().outcome.expect("two seats: the duel is over");
            assert_eq!(outcome.sole_winner(), Some(decider));
            assert_eq!(outcome.reason, WinReason::Concession);
        }
        game.finish();
        for seat in game.seats() {
            let report = game.audit_by(seat);
            assert!(
                report.all_verified(),
                "{}: {:?}",
                table.name,
                report.verdicts
            );
        }
    }
}

#[test]
fn a_concession_forged_in_another_seats_name_is_refused_and_the_relayer_named() {
    for table in tables(&ALL) {
        let mut game = Game::new(&table, 3);
        let (cheater, victim) = decider_and_other(&mut game);
        // Signed with the cheater's own key, in the victim's name.
        let cheater_identity = game.peer(cheater).identity().clone();
        let match_id = game.peer(cheater).log().match_id();
        let forged = Resignation::sign(&cheater_identity, &match_id, victim);
        assert!(game.peer(victim).check_resignation(&forged).is_err());
        let entry = game.forge(cheater, Body::Resigned(forged));
        refused_as(game.honest_receives(cheater, &entry), "bad-resignation");
        // Another match's genuine resignation does not carry over either.
        let elsewhere = Resignation::sign(game.peer(victim).identity(), &Digest32([7; 32]), victim);
        let entry = game.forge(cheater, Body::Resigned(elsewhere));
        refused_as(game.honest_receives(cheater, &entry), "bad-resignation");
        // The refused entries are the cheater's signed evidence.
        let honest = game.others(cheater).next().unwrap();
        let (_, what) = names_only(&game.audit_by(honest), cheater);
        assert!(what.contains("concession"), "{}: {what}", table.name);
    }
}

#[test]
fn a_concession_is_relayed_only_in_place_of_the_relayers_own_decision() {
    for table in tables(&TWO_SEATS) {
        let mut game = Game::new(&table, 3);
        let (decider, other) = decider_and_other(&mut game);
        // The seat not deciding cannot slip the decider's resignation in.
        let resignation = game.peer(decider).resign();
        assert!(matches!(
            game.peers[other.index()].relay_resignation(resignation),
            Err(PeerError::NotOurTurn)
        ));
        // Written where the match stands (the decider's log may run ahead of what it has
        // handed off), in the other seat's name and with its key.
        let log = game.peer(decider).log();
        let envelope = Envelope {
            match_id: log.match_id(),
            seq: log.next_seq(),
            previous: log.last_hash(),
            author: other,
            body: Body::Resigned(resignation),
            state_after: log.state_hash(),
        };
        let entry = SignedEnvelope::seal(&envelope, game.peer(other).identity());
        let refusal = game
            .peer(decider)
            .clone()
            .receive(&entry)
            .map_err(|e| e.violation.kind().to_owned())
            .unwrap_err();
        assert!(refusal.starts_with("wrong-author"), "{refusal}");
        // Nor does a seat relay its own (it concedes with a decision).
        let own = game.peer(decider).resign();
        let entry = game.forge(decider, Body::Resigned(own));
        refused_as(game.honest_receives(decider, &entry), "bad-resignation");
    }
}
