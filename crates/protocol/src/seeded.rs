//! Seeded identities and peers: reproducible matches for tests, benchmarks and self-play.

use std::sync::Arc;

use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::Rules;
use fairduel_engine::hash::sha256_of;
use fairduel_engine::seat::Seat;

use crate::identity::{Identity, PlayerKey};
use crate::peer::{Peer, PeerError};
use crate::secret::SecretStream;

/// Why seeded peers could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{seat} could not set up the match: {error}")]
pub struct SeededSetupError {
    pub seat: Seat,
    pub error: PeerError,
}

/// The identity of `seat` in seeded game `seed`.
pub fn seeded_identity(seed: u64, seat: u8) -> Identity {
    Identity::from_secret_bytes(sha256_of(&("fairduel/selfplay-identity/v1", seed, seat)).0)
}

/// The secret stream of `seat` in seeded game `seed` among `players`.
pub fn seeded_secrets(seed: u64, seat: Seat, players: usize) -> SecretStream {
    SecretStream::from_number(
        seed.wrapping_mul(players as u64)
            .wrapping_add(u64::from(seat.0)),
    )
}

/// Sets up a match between seeded peers, one per deck (seat `i` plays `decks[i]`), returning
/// them all with the set-up entry already delivered.
pub fn seeded_peers(
    rules: &Arc<Rules>,
    format_name: &str,
    decks: &[&DeckList],
    seed: u64,
) -> Result<Vec<Peer>, SeededSetupError> {
    let players = decks.len();
    let identities: Vec<Identity> = (0..players)
        .map(|i| seeded_identity(seed, i as u8))
        .collect();
    let others: Vec<PlayerKey> = identities.iter().skip(1).map(Identity::public).collect();
    let mut identities = identities.into_iter();
    let host_id = identities.next().ok_or(SeededSetupError {
        seat: Seat(0),
        error: PeerError::NotOurTurn,
    })?;
    let host_deck = decks.first().copied().ok_or(SeededSetupError {
        seat: Seat(0),
        error: PeerError::NotOurTurn,
    })?;
    let (host, first) = Peer::host(
        host_id,
        Arc::clone(rules),
        format_name,
        host_deck,
        &others,
        seeded_secrets(seed, Seat(0), players),
    )
    .map_err(|error| SeededSetupError {
        seat: Seat(0),
        error,
    })?;
    let mut peers = vec![host];
    for (i, (identity, deck)) in identities.zip(decks.iter().skip(1)).enumerate() {
        let seat = Seat(i as u8 + 1);
        let peer = Peer::join(
            identity,
            Arc::clone(rules),
            deck,
            &first,
            seeded_secrets(seed, seat, players),
        )
        .map_err(|error| SeededSetupError { seat, error })?;
        peers.push(peer);
    }
    Ok(peers)
}
