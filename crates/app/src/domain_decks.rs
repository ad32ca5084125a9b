//! Domain Format decks of the cards of the player's own card database (a simulator's
//! `cards.cdb`, set under Settings): the deck being built by passcode, its Deck Master's
//! Domain, the engine's Domain deck check over it after every change (every problem, in
//! the engine's words), and the deck saved as a `.ydk` file in FairDuel's data folder,
//! imported from a `.ydk` file or `ydke://` link and exported as one.
//!
//! This is the model; `domain_decks_view.rs` draws it.

use std::path::{Path, PathBuf};

use fairduel_engine::domain::{
    CardDatabase, CardFacts, Domain, DomainDeck, DomainDeckProblem, DomainDeckReport,
    DomainDeckRules, Passcode, check_domain_deck,
};

use crate::decks::Report;

/// The folder of FairDuel's data folder that holds Domain decks of a card database.
pub const DOMAIN_DECKS_FOLDER: &str = "domain-decks";

/// A card database read for deck building.
#[derive(Debug)]
pub struct DatabaseCards {
    /// The path under Settings it was read from.
    pub path: String,
    pub db: CardDatabase,
    /// The cards a deck can hold (no tokens, Skills or Actions), in name order.
    pub deck_cards: Vec<Passcode>,
    /// Their names in lower case, in the same order (for the search).
    lower_names: Vec<String>,
}

impl DatabaseCards {
    pub fn new(path: String, db: CardDatabase) -> DatabaseCards {
        let mut deck_cards: Vec<&CardFacts> = db
            .cards()
            .filter(|c| !c.types.is_token() && !c.types.is_outside_the_game())
            .collect();
        deck_cards.sort_by(|a, b| a.name.cmp(&b.name).then(a.passcode.cmp(&b.passcode)));
        let lower_names = deck_cards.iter().map(|c| c.name.to_lowercase()).collect();
        let deck_cards = deck_cards.into_iter().map(|c| c.passcode).collect();
        DatabaseCards {
            path,
            db,
            deck_cards,
            lower_names,
        }
    }

    /// Reads the database at `path` (a `.cdb` file or the folder holding it).
    pub fn load(path: &str) -> Result<DatabaseCards, String> {
        let loaded = fairduel_carddb::load_cards(&[PathBuf::from(path.trim())])
            .map_err(|e| e.to_string())?;
        Ok(DatabaseCards::new(path.trim().to_owned(), loaded.db))
    }
}

/// Which cards of the database the list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DatabaseKind {
    #[default]
    All,
    MainDeckMonsters,
    ExtraDeckMonsters,
    Spells,
    Traps,
}

impl DatabaseKind {
    pub const ALL: [DatabaseKind; 5] = [
        DatabaseKind::All,
        DatabaseKind::MainDeckMonsters,
        DatabaseKind::ExtraDeckMonsters,
        DatabaseKind::Spells,
        DatabaseKind::Traps,
    ];

    pub fn label(self) -> &'static str {
        match self {
            DatabaseKind::All => "All kinds",
            DatabaseKind::MainDeckMonsters => "Main Deck monsters",
            DatabaseKind::ExtraDeckMonsters => "Extra Deck monsters",
            DatabaseKind::Spells => "Spells",
            DatabaseKind::Traps => "Traps",
        }
    }

    fn accepts(self, card: &CardFacts) -> bool {
        let t = card.types;
        match self {
            DatabaseKind::All => true,
            DatabaseKind::MainDeckMonsters => t.is_monster() && !t.is_extra_deck(),
            DatabaseKind::ExtraDeckMonsters => t.is_extra_deck(),
            DatabaseKind::Spells => t.is_spell(),
            DatabaseKind::Traps => t.is_trap(),
        }
    }
}

/// What the card list was last filtered by.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ListQuery {
    search: String,
    kind: DatabaseKind,
    only_domain: bool,
    deck_master: Option<Passcode>,
}

/// The deck check's verdict on the deck as it stands.
#[derive(Debug, Clone)]
pub enum DeckVerdict {
    Legal(DomainDeckReport),
    Problems(Vec<DomainDeckProblem>),
}

/// The Domain decks screen: the database read, the deck being built and what is shown.
#[derive(Debug, Default)]
pub struct DomainDecksState {
    pub cards: Option<DatabaseCards>,
    /// Why the database could not be read.
    pub load_error: Option<String>,
    /// The path last read (or tried), so a frame does not read it again.
    read_from: String,
    pub name: String,
    pub deck: DomainDeck,
    /// The `.ydk` file the deck was opened from or saved to.
    pub file: Option<PathBuf>,
    /// Changed since it was opened or saved.
    pub dirty: bool,
    pub search: String,
    pub kind: DatabaseKind,
    /// List only the cards the Deck Master's Domain admits (spells and traps always).
    pub only_domain: bool,
    pub selected: Option<Passcode>,
    /// A `.ydk` file path or `ydke://` link to import, or the link just exported.
    pub exchange: String,
    /// The last save hit another deck's file: offer to replace it.
    pub offer_replace: bool,
    pub report: Option<Report>,
    /// The Deck Master's Domain and the check of the deck, kept until the deck changes
    /// (reading what a Deck Master mentions walks the whole database).
    domain: Option<Domain>,
    verdict: Option<DeckVerdict>,
    /// The card list for the last filters, kept until they change (the search walks every
    /// card of the database).
    listed: Option<(ListQuery, Vec<Passcode>)>,
    /// The saved decks' files, kept until a save (not read from disk every frame).
    saved: Option<Vec<PathBuf>>,
}

impl DomainDecksState {
    /// A new, empty deck over `cards`.
    pub fn with_cards(cards: DatabaseCards) -> DomainDecksState {
        DomainDecksState {
            read_from: cards.path.clone(),
            cards: Some(cards),
            name: "New Domain deck".into(),
            ..DomainDecksState::default()
        }
    }

    /// Reads the database at `path` unless it is the one read already.
    pub fn use_database(&mut self, path: &str) {
        if path.trim() == self.read_from {
            return;
        }
        if path.trim().is_empty() {
            self.cards = None;
            self.load_error = None;
            self.read_from.clear();
            return;
        }
        self.reload(path);
    }

    /// Reads the database at `path` again (after it changed on disk, or failed).
    pub fn reload(&mut self, path: &str) {
        self.read_from = path.trim().to_owned();
        match DatabaseCards::load(path) {
            Ok(cards) => {
                self.cards = Some(cards);
                self.listed = None;
                self.load_error = None;
                if self.name.is_empty() {
                    self.name = "New Domain deck".into();
                }
                self.changed();
            }
            Err(e) => {
                self.cards = None;
                self.load_error = Some(e);
            }
        }
    }

    /// Forgets the check and the Domain: the deck or the database changed.
    fn changed(&mut self) {
        self.domain = None;
        self.verdict = None;
    }

    fn edited(&mut self) {
        self.dirty = true;
        self.offer_replace = false;
        self.changed();
    }

    /// The Deck Master's Domain, if there is a Deck Master and it is a monster.
    pub fn domain(&mut self) -> Option<&Domain> {
        if self.domain.is_none() {
            let cards = self.cards.as_ref()?;
            let master = self.deck.deck_master.and_then(|p| cards.db.card(p))?;
            if !master.types.is_monster() {
                return None;
            }
            self.domain = Some(Domain::of(master, &cards.db));
        }
        self.domain.as_ref()
    }

    /// The check of the deck as it stands, against `rules`.
    pub fn verdict(&mut self, rules: DomainDeckRules) -> Option<&DeckVerdict> {
        if self.verdict.is_none() {
            let cards = self.cards.as_ref()?;
            self.verdict = Some(match check_domain_deck(&self.deck, &cards.db, rules) {
                Ok(report) => DeckVerdict::Legal(report),
                Err(problems) => DeckVerdict::Problems(problems),
            });
        }
        self.verdict.as_ref()
    }

    /// The cards the list shows, with the search and filters applied.
    pub fn listed(&mut self) -> Vec<Passcode> {
        let query = ListQuery {
            search: self.search.trim().to_lowercase(),
            kind: self.kind,
            only_domain: self.only_domain,
            deck_master: self.deck.deck_master,
        };
        if let Some((last, listed)) = &self.listed
            && *last == query
        {
            return listed.clone();
        }
        let domain = if query.only_domain {
            self.domain().cloned()
        } else {
            None
        };
        let Some(cards) = &self.cards else {
            return Vec::new();
        };
        let number = query.search.parse::<u32>().ok();
        let listed: Vec<Passcode> = cards
            .deck_cards
            .iter()
            .zip(&cards.lower_names)
            .filter(|(p, name)| {
                query.search.is_empty() || number == Some(p.0) || name.contains(&query.search)
            })
            .filter_map(|(p, _)| cards.db.card(*p))
            .filter(|c| query.kind.accepts(c))
            .filter(|c| {
                !query.only_domain || domain.as_ref().is_some_and(|d| d.admits(c).is_some())
            })
            .map(|c| c.passcode)
            .collect();
        self.listed = Some((query, listed.clone()));
        listed
    }

    /// The `.ydk` files in `folder` (this screen's saved decks), read once and again after
    /// a save.
    pub fn saved_decks(&mut self, folder: &Path) -> Vec<PathBuf> {
        self.saved
            .get_or_insert_with(|| saved_decks(folder))
            .clone()
    }

    /// How many times `passcode` is in the deck (the Deck Master counted).
    pub fn copies_in_deck(&self, passcode: Passcode) -> usize {
        usize::from(self.deck.deck_master == Some(passcode))
            + self
                .deck
                .main
                .iter()
                .chain(&self.deck.extra)
                .filter(|p| **p == passcode)
                .count()
    }

    /// Makes `passcode` the Deck Master (taking it out of the deck if it was there).
    pub fn make_deck_master(&mut self, passcode: Passcode) {
        self.deck.main.retain(|p| *p != passcode);
        self.deck.extra.retain(|p| *p != passcode);
        self.deck.deck_master = Some(passcode);
        self.edited();
    }

    /// Adds one `passcode` to the Main or the Extra Deck, as its kind says.
    pub fn add(&mut self, passcode: Passcode) {
        let extra = self
            .cards
            .as_ref()
            .and_then(|c| c.db.card(passcode))
            .is_some_and(|c| c.types.is_extra_deck());
        if extra {
            self.deck.extra.push(passcode);
        } else {
            self.deck.main.push(passcode);
        }
        self.edited();
    }

    /// Takes one `passcode` out of the deck (the Deck Master last).
    pub fn remove(&mut self, passcode: Passcode) {
        if let Some(i) = self.deck.main.iter().rposition(|p| *p == passcode) {
            self.deck.main.remove(i);
        } else if let Some(i) = self.deck.extra.iter().rposition(|p| *p == passcode) {
            self.deck.extra.remove(i);
        } else if self.deck.deck_master == Some(passcode) {
            self.deck.deck_master = None;
        } else {
            return;
        }
        self.edited();
    }

    /// Starts a new, empty deck.
    pub fn new_deck(&mut self) {
        self.name = "New Domain deck".into();
        self.deck = DomainDeck::default();
        self.file = None;
        self.dirty = false;
        self.report = None;
        self.offer_replace = false;
        self.changed();
    }

    /// Replaces the deck with one read from `text` (a `.ydk` file's text or a `ydke://`
    /// link), named `name`.
    fn take_deck(&mut self, text: &str, name: String, file: Option<PathBuf>) -> Result<(), String> {
        let parsed = fairduel_carddb::read_deck_text(text).map_err(|e| e.to_string())?;
        self.deck = parsed.deck;
        self.name = parsed.name.unwrap_or(name);
        self.file = file;
        self.dirty = false;
        self.offer_replace = false;
        self.changed();
        Ok(())
    }

    /// Imports the `.ydk` file or `ydke://` link in the exchange field.
    pub fn import(&mut self) {
        let source = self.exchange.trim().to_owned();
        let result = if source.is_empty() {
            Err("give a .ydk file's path or a ydke:// link first".to_owned())
        } else if source.starts_with("ydke://") {
            self.take_deck(&source, "Imported deck".into(), None)
        } else {
            let path = PathBuf::from(&source);
            std::fs::read_to_string(&path)
                .map_err(|e| format!("{source} cannot be read: {e}"))
                .and_then(|text| self.take_deck(&text, file_stem(&path), None))
        };
        self.report = Some(match result {
            Ok(()) => Report::good(
                format!(
                    "Imported {}: {} Main Deck and {} Extra Deck cards.",
                    self.name,
                    self.deck.main.len(),
                    self.deck.extra.len()
                ),
                Vec::new(),
            ),
            Err(e) => Report::bad(format!("Not imported: {e}.")),
        });
    }

    /// The deck as a `ydke://` link, put in the exchange field.
    pub fn export_link(&mut self) -> String {
        let link = fairduel_carddb::to_ydke(&self.deck);
        self.exchange.clone_from(&link);
        self.report = Some(Report::good(
            "The deck's ydke:// link is in the field below and on the clipboard.".into(),
            Vec::new(),
        ));
        link
    }

    /// Opens a saved deck.
    pub fn open(&mut self, path: &Path) {
        let result = std::fs::read_to_string(path)
            .map_err(|e| format!("{} cannot be read: {e}", path.display()))
            .and_then(|text| self.take_deck(&text, file_stem(path), Some(path.to_path_buf())));
        self.report = match result {
            Ok(()) => None,
            Err(e) => Some(Report::bad(format!("Not opened: {e}."))),
        };
    }

    /// Saves the deck as `<name>.ydk` in `folder`; `replace` overwrites another deck's file
    /// of that name. The file is written beside and renamed over, so a failed save leaves
    /// the saved deck as it was.
    pub fn save(&mut self, folder: &Path, replace: bool) -> Result<PathBuf, String> {
        let stem = file_name_for(&self.name)
            .ok_or("give the deck a name with a letter or a digit in it first")?;
        let path = folder.join(format!("{stem}.ydk"));
        if path.exists() && self.file.as_deref() != Some(&path) && !replace {
            self.offer_replace = true;
            return Err(format!(
                "a deck named {stem} is saved already: rename this one, or replace it"
            ));
        }
        std::fs::create_dir_all(folder)
            .map_err(|e| format!("{} cannot be made: {e}", folder.display()))?;
        let partial = folder.join(format!(".{stem}.ydk.partial"));
        std::fs::write(&partial, fairduel_carddb::to_ydk(&self.deck))
            .and_then(|()| std::fs::rename(&partial, &path))
            .map_err(|e| {
                let _ = std::fs::remove_file(&partial);
                format!("{} cannot be written: {e}", path.display())
            })?;
        self.file = Some(path.clone());
        self.dirty = false;
        self.offer_replace = false;
        self.saved = None;
        Ok(path)
    }
}

/// The `.ydk` files in `folder`, by name.
fn saved_decks(folder: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ydk"))
        .collect();
    found.sort();
    found
}

pub fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "deck".to_owned(), |s| s.to_string_lossy().into_owned())
}

/// A file name for a deck name: letters, digits, spaces, `-` and `_` kept, the rest
/// dropped; none when nothing is left.
fn file_name_for(name: &str) -> Option<String> {
    let kept: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .collect();
    let kept = kept.trim().to_owned();
    kept.chars().any(char::is_alphanumeric).then_some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deck_name_becomes_a_file_name_without_path_characters() {
        assert_eq!(
            file_name_for("My ../Deck: Lo!").as_deref(),
            Some("My Deck Lo")
        );
        assert_eq!(file_name_for(" ../ "), None);
    }
}
