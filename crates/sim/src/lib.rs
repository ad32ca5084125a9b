//! FairDuel without a network: computer players, the trusted local referee, seeded
//! self-play through the referee and through the protocol, and rule scenario files.
//!
//! The engine itself reads no files and makes no choices; this crate is where matches are
//! played for tests, benchmarks, the terminal's `selfplay` and `scenario` commands and the
//! app's computer opponents.

pub mod bot;
pub mod protocol_selfplay;
pub mod referee;
pub mod rng;
pub mod scenario;
pub mod selfplay;

pub use bot::{Bot, GreedyBot, RandomBot};
pub use referee::{Referee, RefereeError};
