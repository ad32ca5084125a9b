//! FairDuel's rules engine.
//!
//! Pure and deterministic: no I/O, no clock, no threads, no floats, no global randomness.
//! Every peer runs the same engine over the same public state, in which a card the viewer
//! may not know is only a commitment. Randomness (shuffles, the first player) enters only as
//! values handed in from outside.
//!
//! The shape of a match is data: seats at a table (2 to 6, in teams or not) with a turn
//! order, places named the same way by every family, a topology for the board's geometry,
//! and a rule family (`grid`: Duelists of the Roses on a square board) whose rules each live
//! in a file named after them.

pub mod action;
pub mod agreement;
pub mod awaiting;
pub mod card;
pub mod card_definitions;
pub mod chance;
mod claims;
pub mod commitment;
pub mod deck;
pub mod describe;
pub mod desync;
pub mod domain;
mod draws;
pub mod duel;
mod encoding;
pub mod error;
pub mod event;
pub mod field;
pub mod format;
pub mod fusion_table;
pub mod grid;
pub mod hash;
mod hash_chain;
pub mod kingdom_card;
pub mod knowledge;
pub mod level;
mod life_points;
pub mod piece;
pub mod place;
pub mod player;
pub mod pool;
pub mod reshuffle;
pub mod seat;
pub mod setup;
pub mod source;
pub mod state;
pub mod teammate_disclosure;
pub mod terrain;
pub mod text;
pub mod topology;
pub mod turn_order;

pub use action::{
    Action, Answer, Entry, FusionMaterial, PendulumSource, PendulumSummoned, PlayMode,
};
pub use awaiting::{Asked, Awaiting, Decision, TrapEvent};
pub use card::{CardDef, CardId};
pub use commitment::{CardRef, Commitment, PositionOpening, PositionSlot, Reveal, Salt};
pub use deck::DeckList;
pub use duel::{Duel, Rules};
pub use error::RuleError;
pub use event::Event;
pub use format::Format;
pub use grid::{Cell, Edge, GridTopology, Reach};
pub use hash::Digest32;
pub use knowledge::Knowledge;
pub use place::{Place, Zone};
pub use pool::CardPool;
pub use seat::{MAX_SEATS, PerSeat, Seat, SeatSet};
pub use setup::{DeckSetup, LeaderSetup, PublicSetup, SeatSetup, SetupError};
pub use source::SourceError;
pub use state::{DuelState, Outcome, Phase, WinReason};
pub use terrain::Terrain;
pub use topology::Topology;
pub use turn_order::TurnOrder;
