#![allow(clippy::expect_used, clippy::unwrap_used)]
//! A peer rebuilt from its saved seed, deck and log prefix is the same peer: it holds the
//! same state, and it writes the same next entry the crashed one would have written.

#[path = "../../sim/tests/common/mod.rs"]
mod common;

use std::sync::Arc;

use fairduel_protocol::seeded::{seeded_identity, seeded_peers, seeded_secrets};
use fairduel_protocol::{Peer, RestoreError, SignedEnvelope};
use fairduel_sim::GreedyBot;

fn step(peers: &mut [Peer], bots: &mut [GreedyBot; 2]) -> Option<SignedEnvelope> {
    common::protocol_step(peers, bots)
}

fn restore(
    seat: usize,
    seed: u64,
    rules: &Arc<fairduel_engine::Rules>,
    deck: &fairduel_engine::DeckList,
    entries: &[SignedEnvelope],
) -> Result<Peer, RestoreError> {
    Peer::restore(
        seeded_identity(seed, seat as u8),
        Arc::clone(rules),
        "kairu-dotr",
        deck,
        seeded_secrets(seed, fairduel_engine::Seat(seat as u8), 2),
        entries,
    )
}

#[test]
fn a_restored_peer_continues_exactly_where_it_stopped() {
    let (rules, decks) = common::load("kairu-dotr");
    let seed = 11;
    let pair = common::pairing(&decks, seed);
    let mut peers = seeded_peers(&rules, "kairu-dotr", &pair, seed).unwrap();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    let mut checked = 0;
    let mut n = 0;
    while step(&mut peers, &mut bots).is_some() {
        n += 1;
        if n % 17 != 0 {
            continue;
        }
        for seat in 0..2 {
            let entries = peers[seat].log().entries().to_vec();
            let restored = restore(seat, seed, &rules, pair[seat], &entries).unwrap();
            assert_eq!(restored.log().state_hash(), peers[seat].log().state_hash());
            assert_eq!(restored.knowledge().len(), peers[seat].knowledge().len());
            // The restored peer writes the very entry the original writes next.
            let mut original = peers[seat].clone();
            let mut restored = restored;
            if let (Some(a), Some(b)) = (original.next_automatic(), restored.next_automatic()) {
                assert_eq!(a.unwrap().0, b.unwrap().0);
            }
            checked += 1;
        }
    }
    assert!(peers[0].is_complete());
    assert!(checked > 10, "only {checked} restores were checked");
}

#[test]
fn a_peer_restored_after_reshuffles_writes_the_same_fresh_commitments() {
    // A reshuffle's fresh commitments and permutations come from the seat's secret seed,
    // like everything else it writes: a restored peer re-authors them byte for byte and
    // knows the new cards of its deck.
    let (rules, decks) = common::load("kingdom-duels");
    for seed in 0..40 {
        let pair = common::pairing(&decks, seed);
        let mut peers = seeded_peers(&rules, "kingdom-duels", &pair, seed).unwrap();
        let mut bots = [
            fairduel_sim::RandomBot::new(seed),
            fairduel_sim::RandomBot::new(seed + 1),
        ];
        let shuffled = |peers: &[Peer]| {
            peers[0]
                .duel()
                .is_some_and(|d| d.state().reshuffles.iter().any(|r| r.finished))
        };
        while !shuffled(&peers) && common::protocol_step(&mut peers, &mut bots).is_some() {}
        if !shuffled(&peers) {
            continue;
        }
        for seat in 0..2 {
            let entries = peers[seat].log().entries().to_vec();
            let restored = Peer::restore(
                seeded_identity(seed, seat as u8),
                Arc::clone(&rules),
                "kingdom-duels",
                pair[seat],
                seeded_secrets(seed, fairduel_engine::Seat(seat as u8), 2),
                &entries,
            )
            .unwrap();
            assert_eq!(restored.log().state_hash(), peers[seat].log().state_hash());
            assert_eq!(restored.knowledge(), peers[seat].knowledge());
            assert_eq!(restored.end_reveal(), peers[seat].end_reveal());
        }
        return;
    }
    panic!("no deck was shuffled in 40 games");
}

#[test]
fn saved_entries_from_another_deck_are_refused_by_name() {
    let (rules, decks) = common::load("kairu-dotr");
    let seed = 12;
    let pair = common::pairing(&decks, seed);
    let mut peers = seeded_peers(&rules, "kairu-dotr", &pair, seed).unwrap();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    for _ in 0..10 {
        step(&mut peers, &mut bots);
    }
    let entries = peers[1].log().entries().to_vec();
    let other_deck = decks.iter().find(|d| d.name != pair[1].name).unwrap();
    let error = restore(1, seed, &rules, other_deck, &entries).unwrap_err();
    assert!(matches!(error, RestoreError::Diverged { .. }), "{error}");
    assert!(restore(1, seed, &rules, pair[1], &[]).is_err());
}

#[test]
fn an_unsigned_last_entry_and_a_signature_added_later_restore_exactly() {
    let (rules, decks) = common::load("kairu-dotr");
    let seed = 13;
    let pair = common::pairing(&decks, seed);
    let mut peers = seeded_peers(&rules, "kairu-dotr", &pair, seed).unwrap();
    let mut bots = [GreedyBot::new(1), GreedyBot::new(2)];
    // Play until some seat's last entry went out unsigned, in the middle of its run.
    let seat = loop {
        let written = step(&mut peers, &mut bots).expect("the match ended first");
        let author = written.open().unwrap().author.index();
        if !written.is_signed() && peers[author].log().duel().is_some() {
            break author;
        }
    };
    let entries = peers[seat].log().entries().to_vec();
    assert!(!entries.last().unwrap().is_signed());
    let mut restored = restore(seat, seed, &rules, pair[seat], &entries).unwrap();
    assert_eq!(restored.log().entries(), entries.as_slice());
    // Signed later (before waiting for a person): the saved signed copy restores too, and
    // it is the very signature the original makes.
    let mut original = peers[seat].clone();
    let signed = original.sign_last().unwrap();
    assert_eq!(restored.sign_last().unwrap(), signed);
    let mut resigned = entries.clone();
    *resigned.last_mut().unwrap() = signed.clone();
    let again = restore(seat, seed, &rules, pair[seat], &resigned).unwrap();
    assert_eq!(again.log().entries().last(), Some(&signed));
    // A signature that is not this seat's, or a hand-off saved without its signature,
    // does not belong to this player's files.
    let mut foreign = resigned.clone();
    let stranger = fairduel_protocol::Identity::from_secret_bytes([77; 32]);
    foreign.last_mut().unwrap().signature = Some(stranger.sign(&signed.bytes));
    assert!(matches!(
        restore(seat, seed, &rules, pair[seat], &foreign),
        Err(RestoreError::Diverged { .. })
    ));
    let hand_off = entries
        .iter()
        .rposition(|e| e.is_signed() && e.open().unwrap().author.index() == seat)
        .unwrap();
    assert!(hand_off > 0);
    let mut stripped = entries[..=hand_off].to_vec();
    *stripped.last_mut().unwrap() = stripped.last().unwrap().without_signature();
    assert!(matches!(
        restore(seat, seed, &rules, pair[seat], &stripped),
        Err(RestoreError::Diverged { .. })
    ));
}
