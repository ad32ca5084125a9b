//! Domain Format with the cards of the player's own card database (a simulator's
//! `cards.cdb`, set under Settings): the format's rules with the database's pool, and the
//! decks of those cards — built from the database for the bots, and for a friend's match
//! the player's `.ydk` file or `ydke://` link, or else one built from it.

use std::path::Path;
use std::sync::Arc;

use fairduel_engine::hash::Digest32;
use fairduel_engine::{DeckList, Rules};
use fairduel_net::store::SavedMatch;
use fairduel_protocol::envelope::Body;

/// The format's rules with the database's pool, my deck and the bots' decks built from it.
pub fn bot_match_with_database(
    rules: &Rules,
    path: &Path,
) -> Result<(Arc<Rules>, DeckList, Vec<DeckList>), String> {
    let rules = fairduel_carddb::database_rules(rules.format.clone(), &[path.to_path_buf()])
        .map_err(|e| e.to_string())?;
    let seats = usize::from(rules.format.table.players).max(2);
    let mut decks = fairduel_carddb::database_decks(&rules, seats)
        .map_err(|e| e.to_string())?
        .into_iter();
    let mine = decks.next().ok_or_else(|| "no deck for you".to_owned())?;
    Ok((rules, mine, decks.collect()))
}

/// The format's rules with the database's pool and my deck for a friend's match:
/// `deck_text` names a `.ydk` file or is a `ydke://` link; empty, a deck is built from the
/// database.
pub fn friend_match_with_database(
    rules: &Rules,
    path: &Path,
    deck_text: &str,
) -> Result<(Arc<Rules>, DeckList), String> {
    let rules = fairduel_carddb::database_rules(rules.format.clone(), &[path.to_path_buf()])
        .map_err(|e| e.to_string())?;
    let deck = if deck_text.trim().is_empty() {
        fairduel_carddb::database_decks(&rules, 1)
            .map_err(|e| e.to_string())?
            .into_iter()
            .next()
            .ok_or("your card database holds no legal deck")?
    } else {
        fairduel_carddb::database_deck(&rules, deck_text.trim())?
    };
    Ok((rules, deck))
}

/// The rules a saved match of `format` was played with: a Domain match may have been
/// played with the cards of a card database, and its set-up's pool hash says which.
pub fn saved_match_rules(
    format: &crate::catalog::FormatEntry,
    saved: &SavedMatch,
    card_database: &str,
) -> Result<Arc<Rules>, String> {
    let pool_hash = saved_pool_hash(saved)
        .ok_or("this match file holds no set-up: it cannot be resumed, only deleted")?;
    crate::records::rules_with_pool(&format.rules, format.name(), pool_hash, card_database)
}

/// The pool hash a saved match's set-up names.
fn saved_pool_hash(saved: &SavedMatch) -> Option<Digest32> {
    saved
        .entries
        .iter()
        .find_map(|entry| match entry.open().ok()?.body {
            Body::Setup(setup) => Some(setup.pool_hash),
            _ => None,
        })
}
