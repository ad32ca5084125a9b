//! A Domain Format match with a player's own card database: the format's rules with the
//! database's pool, and a legal deck per seat built from it (for bots and demos).

use std::path::PathBuf;
use std::sync::Arc;

use fairduel_engine::{CardPool, DeckList, Format, Rules};
use thiserror::Error;

use crate::{CardDbError, DatabasePoolError, load_cards, pool_from_database};

#[derive(Debug, Error)]
pub enum DatabaseMatchError {
    #[error(
        "{format} is played with its own cards (pool \"{pool}\"): only Domain Format plays the \
         cards of your card database"
    )]
    NotDomain { format: String, pool: String },
    #[error("your card database: {0}")]
    Database(#[from] CardDbError),
    #[error("your card database: {0}")]
    Pool(#[from] DatabasePoolError),
    #[error(
        "your card database has {found} Deck Masters whose Domain holds a legal {format} deck; \
         {seats} are needed: give it a bigger database (the simulator's cards.cdb)"
    )]
    TooFewDecks {
        found: usize,
        seats: usize,
        format: String,
    },
}

/// The pool of every deck card in the card database at `paths`.
pub fn load_database_pool(paths: &[PathBuf]) -> Result<CardPool, DatabaseMatchError> {
    let loaded = load_cards(paths)?;
    Ok(pool_from_database(&loaded.db)?.pool)
}

/// `format` played with the cards of the database at `paths`.
pub fn database_rules(format: Format, paths: &[PathBuf]) -> Result<Arc<Rules>, DatabaseMatchError> {
    if !format.deck.domain {
        return Err(DatabaseMatchError::NotDomain {
            format: format.name,
            pool: format.pool,
        });
    }
    Ok(Rules::new(format, load_database_pool(paths)?))
}

/// One legal deck per seat from the pool of `rules`, each with another Deck Master.
pub fn database_decks(rules: &Rules, seats: usize) -> Result<Vec<DeckList>, DatabaseMatchError> {
    let decks = fairduel_engine::domain::build_domain_decks(&rules.pool, &rules.format, seats);
    if decks.len() < seats {
        return Err(DatabaseMatchError::TooFewDecks {
            found: decks.len(),
            seats,
            format: rules.format.name.clone(),
        });
    }
    Ok(decks)
}
