//! FairDuel's fair-play protocol: no trusted party, no sockets.
//!
//! Each player has an ed25519 identity ([`identity`]). A match is one totally ordered log of
//! signed, hash-chained envelopes ([`envelope`], [`matchlog`]); the engine's `awaiting()`
//! names the only seat allowed to write the next one. Decks are committed card by card with
//! salts and permuted by every other seat in secret, so nobody controls their own draws;
//! hands and face-down cards stay commitments until the rules reveal them; random values
//! are committed before they are revealed. A [`peer::Peer`] holds one seat's engine,
//! knowledge and secrets. After the match every seat reveals its secrets and
//! [`audit::audit`] replays the whole record, so anyone can check offline that both sides
//! played fairly ([`record`] is the file format).

pub mod audit;
pub mod disclosure;
pub mod envelope;
pub mod fingerprint;
pub mod identity;
pub mod matchlog;
pub mod peer;
pub mod record;
pub mod replay;
pub mod secret;
pub mod seeded;

pub use audit::{
    AuditReport, RecordDamage, SeatVerdict, UnjudgedIntegration, audit, revealed_knowledge,
};
pub use disclosure::{Disclosure, DisclosureError};
pub use envelope::{Body, Envelope, PROTOCOL_VERSION, Resignation, SignedEnvelope};
pub use identity::{Identity, PlayerKey};
pub use matchlog::{CommitObserver, Committed, MatchLog, Rejected, Step, Violation};
pub use peer::{Peer, PeerError, RestoreError};
pub use record::{MatchRecord, RecordError};
pub use replay::{Replay, ReplayStep, Replayer, replay};
pub use secret::SecretStream;
