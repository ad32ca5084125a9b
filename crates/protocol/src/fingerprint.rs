//! The rules engine's fingerprint: what tells two FairDuel builds apart when their engines
//! would replay a match differently, so that a record made by another engine is refused as
//! "cannot judge it" instead of showing a state hash that differs — which would read as a
//! seat's cheating.
//!
//! It is the state hash of a duel the engine starts from a fixed set-up in the match's own
//! format (decks of stand-in commitments, the first player drawing its opening hand): any
//! change to what the public state holds or how it is encoded, or to how a duel starts,
//! changes it. A change of a rule deeper in play does not, by itself; such a change also
//! raises the record version (docs/PROTOCOL.md), and the kept records of every preset
//! (tests/fixtures/records/) catch one that forgot to.

use std::sync::Arc;

use fairduel_engine::Rules;
use fairduel_engine::commitment::Commitment;
use fairduel_engine::duel::Duel;
use fairduel_engine::format::Family;
use fairduel_engine::hash::{Digest32, sha256_of};
use fairduel_engine::seat::Seat;
use fairduel_engine::setup::{DeckSetup, LeaderSetup, PublicSetup, SeatSetup};

/// The fingerprint of this build's rules engine for `rules`.
pub fn engine_fingerprint(rules: &Arc<Rules>) -> Digest32 {
    let format = &rules.format;
    let players = usize::from(format.table.players);
    let leader = (format.family == Family::Grid)
        .then(|| {
            rules
                .pool
                .cards()
                .find(|c| c.is_monster() && c.level() <= format.deck.leader_max_level)
        })
        .flatten();
    let seats = (0..players)
        .map(|seat| SeatSetup {
            leader: leader.map(|card| LeaderSetup {
                card: card.id,
                commitment: Commitment(sha256_of(&("fairduel/fingerprint-leader/v1", seat))),
            }),
            field_setup: fairduel_engine::field::FieldSetup::default(),
            duelist_setup: None,
            deck: (0..format.deck.min_main)
                .map(|i| Commitment(sha256_of(&("fairduel/fingerprint-card/v1", seat, i))))
                .collect(),
            order: DeckSetup::Public,
            extra: Vec::new(),
            destiny: format
                .destiny_draw
                .iter()
                .flat_map(|d| &d.cards)
                .enumerate()
                .map(|(i, _)| Commitment(sha256_of(&("fairduel/fingerprint-destiny/v1", seat, i))))
                .collect(),
        })
        .collect();
    let setup = PublicSetup {
        match_id: sha256_of(&"fairduel/fingerprint-match/v1"),
        first: Seat(0),
        seats,
    };
    let started = Duel::new(Arc::clone(rules), setup)
        .map(|(duel, _)| duel.state_hash())
        .unwrap_or_default();
    sha256_of(&("fairduel/engine-fingerprint/v1", &started))
}
