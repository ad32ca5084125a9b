//! Deck lists (`assets/decks/*.toml`) and their validation against a format and a pool.

use serde::Deserialize;

use crate::card::CardId;
use crate::format::Format;
use crate::pool::CardPool;
use crate::source::{SourceError, line_of};

/// A deck: the Deck Leader and the main deck, one entry per copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckList {
    pub name: String,
    pub leader: CardId,
    pub main: Vec<CardId>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    name: String,
    leader: toml::Spanned<u16>,
    main: Vec<toml::Spanned<RawEntry>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    card: u16,
    #[serde(default = "one")]
    copies: u8,
}

fn one() -> u8 {
    1
}

impl DeckList {
    /// Parses a deck file and checks it against the pool and the format's deck rules.
    pub fn from_toml(
        file: &str,
        text: &str,
        pool: &CardPool,
        format: &Format,
    ) -> Result<DeckList, SourceError> {
        let raw: RawDeck =
            toml::from_str(text).map_err(|e| SourceError::from_toml(file, text, &e))?;
        let leader_line = line_of(text, raw.leader.span().start);
        let leader = CardId(*raw.leader.get_ref());
        let err = |line: usize, message: String| SourceError::new(file, line, message);
        let leader_card = pool.get(leader).ok_or_else(|| {
            err(
                leader_line,
                format!(
                    "the Deck Leader {leader} is not in the pool \"{}\"",
                    pool.name()
                ),
            )
        })?;
        if !leader_card.is_monster() || leader_card.level() > format.deck.leader_max_level {
            return Err(err(
                leader_line,
                format!(
                    "the Deck Leader {} must be a monster of level {} or lower",
                    leader_card.name, format.deck.leader_max_level
                ),
            ));
        }
        let mut main = Vec::new();
        for entry in &raw.main {
            let line = line_of(text, entry.span().start);
            let RawEntry { card, copies } = *entry.get_ref();
            let id = CardId(card);
            let def = pool.get(id).ok_or_else(|| {
                err(
                    line,
                    format!("card {id} is not in the pool \"{}\"", pool.name()),
                )
            })?;
            let total = main.iter().filter(|c| **c == id).count() + usize::from(copies);
            if copies == 0 || total > usize::from(format.deck.max_copies) {
                return Err(err(
                    line,
                    format!(
                        "{} copies of {} — a deck may hold 1 to {} copies of a card",
                        total, def.name, format.deck.max_copies
                    ),
                ));
            }
            main.extend(std::iter::repeat_n(id, usize::from(copies)));
        }
        let deck = DeckList {
            name: raw.name,
            leader,
            main,
        };
        deck.check_size(format).map_err(|m| err(1, m))?;
        Ok(deck)
    }

    /// Checks a deck list that did not come from a file (one rebuilt from revealed
    /// commitments, say) against the pool and the format's deck rules.
    pub fn validate(&self, pool: &CardPool, format: &Format) -> Result<(), String> {
        let leader = pool
            .get(self.leader)
            .ok_or_else(|| format!("the Deck Leader {} is not in the pool", self.leader))?;
        if !leader.is_monster() || leader.level() > format.deck.leader_max_level {
            return Err(format!(
                "the Deck Leader {} must be a monster of level {} or lower",
                leader.name, format.deck.leader_max_level
            ));
        }
        let mut counted: Vec<CardId> = self.main.clone();
        counted.sort();
        for run in counted.chunk_by(|a, b| a == b) {
            let id = run[0];
            let def = pool
                .get(id)
                .ok_or_else(|| format!("card {id} is not in the pool"))?;
            if run.len() > usize::from(format.deck.max_copies) {
                return Err(format!(
                    "{} copies of {} — a deck may hold 1 to {} copies of a card",
                    run.len(),
                    def.name,
                    format.deck.max_copies
                ));
            }
        }
        self.check_size(format)
    }

    fn check_size(&self, format: &Format) -> Result<(), String> {
        let (min, max) = (format.deck.min_main, format.deck.max_main);
        let n = self.main.len();
        if n < usize::from(min) || n > usize::from(max) {
            return Err(if min == max {
                format!(
                    "the main deck holds {n} cards; {} needs exactly {min}",
                    format.name
                )
            } else {
                format!(
                    "the main deck holds {n} cards; {} needs {min} to {max}",
                    format.name
                )
            });
        }
        Ok(())
    }
}
