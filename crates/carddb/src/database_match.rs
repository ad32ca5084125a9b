//! A Domain Format match with a player's own card database: the format's rules with the
//! database's pool, and a legal deck per seat built from it (for bots and demos).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::{CardPool, DeckList, Format, Rules};
use thiserror::Error;

use crate::{CardDbError, DatabasePoolError, load_cards, pool_from_database, read_deck_text};

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

/// A deck of a card database's cards, from a `.ydk` file, a `ydke://` link or a FairDuel
/// Domain deck file naming passcodes: each passcode found in the match's pool.
pub fn database_deck(rules: &Rules, file_or_link: &str) -> Result<DeckList, String> {
    let text = if file_or_link.starts_with("ydke://") {
        file_or_link.to_owned()
    } else {
        std::fs::read_to_string(file_or_link)
            .map_err(|e| format!("{file_or_link}: cannot be read: {e}"))?
    };
    let parsed = read_deck_text(&text).map_err(|e| format!("{file_or_link}: {e}"))?;
    let by_passcode: BTreeMap<u32, fairduel_engine::CardId> = rules
        .pool
        .cards()
        .filter_map(|c| c.database.as_ref().map(|d| (d.passcode, c.id)))
        .collect();
    let find = |passcode: fairduel_engine::domain::Passcode| {
        by_passcode.get(&passcode.0).copied().ok_or_else(|| {
            format!(
                "{file_or_link}: card {passcode} is not in your card database (or is a token): \
                 use the database the deck was built with"
            )
        })
    };
    let deck = &parsed.deck;
    let master = deck.deck_master.ok_or_else(|| {
        format!(
            "{file_or_link}: no Deck Master — put it alone in the side deck, or add a line \
             `#deckmaster PASSCODE`"
        )
    })?;
    let list = DeckList {
        name: parsed.name.clone().unwrap_or_else(|| {
            Path::new(file_or_link)
                .file_stem()
                .filter(|_| !file_or_link.starts_with("ydke://"))
                .map_or_else(|| "deck".to_owned(), |s| s.to_string_lossy().into_owned())
        }),
        leader: Some(find(master)?),
        main: deck
            .main
            .iter()
            .map(|p| find(*p))
            .collect::<Result<_, _>>()?,
        extra: deck
            .extra
            .iter()
            .map(|p| find(*p))
            .collect::<Result<_, _>>()?,
        field_setup: Vec::new(),
        duelist_setup: None,
    };
    list.validate(&rules.pool, &rules.format)
        .map_err(|e| format!("{file_or_link}: {e}"))?;
    Ok(list)
}
