//! FairDuel's rules engine for the Duelists of the Roses grid formats.
//!
//! Pure and deterministic: no I/O, no clock, no threads, no floats, no global randomness.
//! Every peer runs the same engine over the same public state, in which a card the viewer
//! may not know is only a commitment.

pub mod card;
pub mod hash;
pub mod pool;
pub mod source;
pub mod terrain;
pub mod text;

pub use card::{CardDef, CardId};
pub use hash::Digest32;
pub use pool::CardPool;
pub use source::SourceError;
pub use terrain::Terrain;
