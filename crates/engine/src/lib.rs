//! FairDuel's rules engine.
//!
//! Pure and deterministic: no I/O, no clock, no threads, no floats, no global randomness.
//! Every peer runs the same engine over the same public state, in which a card the viewer
//! may not know is only a commitment. Randomness (shuffles, the first player) enters only as
//! values handed in from outside.

pub mod action;
pub mod card;
pub mod deck;
pub mod describe;
pub mod desync;
pub mod duel;
mod encoding;
pub mod error;
pub mod event;
pub mod format;
pub mod hash;
mod hash_chain;
pub mod pool;
mod rules;
pub mod source;
pub mod state;
pub mod terrain;
pub mod text;

pub use action::{Action, PlayMode};
pub use card::{CardDef, CardId};
pub use deck::DeckList;
pub use duel::{DeckSetup, Duel, Knowledge, PublicSetup, Rules, SeatSetup, SetupError};
pub use error::RuleError;
pub use event::Event;
pub use format::Format;
pub use hash::Digest32;
pub use pool::CardPool;
pub use rules::Reach;
pub use source::SourceError;
pub use state::{
    Awaiting, Cell, Commitment, DuelState, PositionOpening, PositionSlot, Reveal, Salt, Seat,
};
pub use terrain::Terrain;
