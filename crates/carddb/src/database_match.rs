//! A Domain Format match with a player's own card database: the format's rules with the
//! database's pool, and a legal deck per seat built from it (for bots and demos).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::card::{CardDef, EffectDef, Primitive, Trigger};
use fairduel_engine::domain::CardTypes;
use fairduel_engine::format::Family;
use fairduel_engine::{CardPool, DeckList, Format, Rules};
use thiserror::Error;

use crate::{CardDbError, DatabasePoolError, load_cards, pool_from_database, read_deck_text};

#[derive(Debug, Error)]
pub enum DatabaseMatchError {
    #[error(
        "{format} is played with its own cards (pool \"{pool}\"): only Domain Format and the \
         community DOR formats (Classic, Alternate, Modern) play the cards of your card database"
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
    if !format.plays_card_databases() {
        return Err(DatabaseMatchError::NotDomain {
            format: format.name,
            pool: format.pool,
        });
    }
    let pool = pool_as_played(&format, load_database_pool(paths)?);
    Ok(Rules::new(format, pool))
}

/// A card database's pool as `format` plays it. On the grid every spell, trap and FLIP
/// monster resolves by agreement when it would take effect (the grid runs only the effects a
/// card defines, and a database defines none); the card game's field resolves every card by
/// agreement already.
pub fn pool_as_played(format: &Format, pool: CardPool) -> CardPool {
    if format.family != Family::Grid {
        return pool;
    }
    let name = pool.name().to_owned();
    let cards: Vec<CardDef> = pool
        .cards()
        .cloned()
        .map(|mut card| {
            card.effects = effects_by_agreement_on_the_grid(&card);
            card
        })
        .collect();
    CardPool::from_cards(name, cards)
}

/// The effects a card database's card has on the grid, each resolved by agreement: a spell's
/// on activation; a trap's on each event the grid lets a trap answer (the card's text says
/// which it answers, and the players judge the outcome); a FLIP monster's when it is turned
/// face-up.
fn effects_by_agreement_on_the_grid(card: &CardDef) -> Vec<EffectDef> {
    let agreed = |trigger| EffectDef {
        trigger,
        primitive: Primitive::ByAgreement,
    };
    let flip = card
        .database
        .as_ref()
        .is_some_and(|d| d.types & CardTypes::FLIP != 0);
    if card.is_spell() {
        vec![agreed(Trigger::Activate)]
    } else if card.is_trap() {
        vec![
            agreed(Trigger::EnemyAttacks),
            agreed(Trigger::EnemyMovesInRange),
            agreed(Trigger::EnemySpell),
        ]
    } else if flip {
        vec![agreed(Trigger::Flip)]
    } else {
        Vec::new()
    }
}

/// One legal deck per seat from the pool of `rules`, each with another Deck Master (Deck
/// Leader, on the grid).
pub fn database_decks(rules: &Rules, seats: usize) -> Result<Vec<DeckList>, DatabaseMatchError> {
    let decks = if rules.format.deck.domain {
        fairduel_engine::domain::build_domain_decks(&rules.pool, &rules.format, seats)
    } else {
        fairduel_engine::grid::build_grid_decks(&rules.pool, &rules.format, seats)
    };
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
/// Domain deck file naming passcodes: each passcode found in the match's pool. The Deck
/// Master (on the grid, the Deck Leader) stands alone in the side deck.
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
    let role = if rules.format.deck.domain {
        "Deck Master"
    } else {
        "Deck Leader"
    };
    let master = deck.deck_master.ok_or_else(|| {
        format!(
            "{file_or_link}: no {role} — put it alone in the side deck, or add a line \
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
        field_setup: fairduel_engine::field::FieldSetup::default(),
        duelist_setup: None,
    };
    list.validate(&rules.pool, &rules.format)
        .map_err(|e| format!("{file_or_link}: {e}"))?;
    Ok(list)
}
