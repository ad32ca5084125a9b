//! Seeded identities and peers: reproducible matches for tests, benchmarks and self-play.

use std::sync::Arc;

use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::Rules;
use fairduel_engine::hash::sha256_of;
use fairduel_engine::state::Seat;

use crate::identity::Identity;
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

/// Sets up a match between two seeded peers, returning both and the set-up entry already
/// delivered.
pub fn seeded_peers(
    rules: &Arc<Rules>,
    format_name: &str,
    decks: [&DeckList; 2],
    seed: u64,
) -> Result<[Peer; 2], SeededSetupError> {
    let host_id = seeded_identity(seed, 0);
    let guest_id = seeded_identity(seed, 1);
    let guest_key = guest_id.public();
    let (host, first) = Peer::host(
        host_id,
        Arc::clone(rules),
        format_name,
        decks[0],
        guest_key,
        SecretStream::from_number(seed.wrapping_mul(2)),
    )
    .map_err(|error| SeededSetupError {
        seat: Seat(0),
        error,
    })?;
    let guest = Peer::join(
        guest_id,
        Arc::clone(rules),
        decks[1],
        &first,
        SecretStream::from_number(seed.wrapping_mul(2) + 1),
    )
    .map_err(|error| SeededSetupError {
        seat: Seat(1),
        error,
    })?;
    Ok([host, guest])
}
