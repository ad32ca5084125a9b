//! Classic rule 2, "At the start of the turn, the Player may draw cards until they have 5
//! cards in their hand": the first player's first turn draws nothing on top of the opening
//! five, through the fair-play protocol too, where the opening hand waits for its deck
//! positions to be opened when the first turn begins (it once drew five more). Kairu's
//! first player draws its one card on the first turn as on every other.

use fairduel_engine::format::DrawRule;
use fairduel_protocol::seeded::seeded_peers;

mod common;

#[test]
fn the_first_player_begins_with_five_cards_through_the_protocol_as_with_the_referee() {
    for preset in ["dor-classic", "dor-modern", "kairu-dotr"] {
        let (rules, decks) = common::load(preset);
        let pair = common::pairing(&decks, 1);
        let mut peers = match seeded_peers(&rules, preset, &pair, 1) {
            Ok(p) => p,
            Err(e) => panic!("{preset}: {e:?}"),
        };
        // Every protocol step up to the first decision (the openings, the first draw).
        loop {
            let Some(seat) = peers[0].awaiting().0 else {
                panic!("{preset}: nobody awaited");
            };
            let Some(written) = peers[seat.index()].next_automatic() else {
                break;
            };
            let (envelope, _) = written.unwrap_or_else(|e| panic!("{preset}: {e}"));
            for (i, other) in peers.iter_mut().enumerate() {
                if i != seat.index() {
                    other
                        .receive(&envelope)
                        .unwrap_or_else(|e| panic!("{preset}: {e}"));
                }
            }
        }
        let duel = peers[0].duel().expect("the duel has begun");
        let first = duel.state().active;
        let starting = rules.format.hand.starting;
        for (seat, player) in duel.state().players.iter() {
            // Kairu: "During the draw phase you draw 1 card", the first turn too.
            let expected = match rules.format.hand.draw {
                DrawRule::Count(n) if seat == first && rules.format.hand.first_turn_draw => {
                    starting + n
                }
                _ => starting,
            };
            assert_eq!(
                player.hand.len(),
                usize::from(expected),
                "{preset}: {seat} (first: {first}) holds {} cards when the first turn begins",
                player.hand.len()
            );
        }
    }
}
