//! The simulators' files that players of the card game already have, read into FairDuel's
//! [`CardDatabase`]: SQLite card databases (`cards.cdb` and expansions), archetype names
//! (`!setname` lines of `strings.conf`), and decks as `.ydk` files and `ydke://` links.
//!
//! FairDuel ships none of these cards: a player points it at their own install. Texts are
//! read into memory to see what a Deck Master mentions, and never written anywhere.
//!
//! [`CardDatabase`]: fairduel_engine::domain::CardDatabase

mod cdb;
mod database_match;
mod deck_file;
mod pool;
mod strings;

pub use cdb::{CardDbError, LoadedDatabase, load_cards, read_cdb};
pub use database_match::{
    DatabaseMatchError, database_deck, database_decks, database_rules, load_database_pool,
    pool_as_played,
};
pub use deck_file::{
    DECK_MASTER_TAG, DeckFileError, ParsedDeck, YdkeLists, parse_ydke, read_deck_text, to_ydk,
    to_ydke,
};
pub use pool::{DATABASE_POOL, DatabasePool, DatabasePoolError, pool_from_database};
pub use strings::{StringsError, read_setnames};
