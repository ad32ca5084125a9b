//! The player's own decks: a deck being built ([`DeckDraft`], pure model) and the folder
//! they are saved in ([`DeckStore`]), `<data dir>/fairduel/decks/NAME.toml`, in the same
//! schema as the starter decks in `assets/decks`.
//!
//! Saving writes a temporary file beside the target and renames it over, so a crash never
//! leaves half a deck. A file that FairDuel cannot read is listed as a problem and never
//! overwritten; a readable file of another deck is replaced only when the player says so.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use fairduel_engine::card::CardId;
use fairduel_engine::{CardPool, DeckList, Format};
use serde::Deserialize;

use crate::catalog::DeckFile;

/// A deck as the player builds it: possibly incomplete, possibly illegal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckDraft {
    pub name: String,
    pub leader: Option<CardId>,
    /// Copies of each main-deck card.
    pub cards: BTreeMap<CardId, u8>,
    /// The Extra Deck (Ritual and Fusion Monsters), one entry per copy, in the order the
    /// file or the editor put them.
    pub extra: Vec<CardId>,
    /// The saved file this draft was opened from or last saved to: saving there again
    /// replaces it without asking.
    pub file: Option<PathBuf>,
    /// Changed since it was opened or saved.
    pub dirty: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    name: String,
    leader: u16,
    main: Vec<RawEntry>,
    #[serde(default)]
    extra: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    card: u16,
    #[serde(default = "one")]
    copies: u8,
}

fn one() -> u8 {
    1
}

impl DeckDraft {
    pub fn new(name: &str) -> DeckDraft {
        DeckDraft {
            name: name.to_owned(),
            dirty: true,
            ..DeckDraft::default()
        }
    }

    /// A copy of a deck list, under a new name, not yet saved.
    pub fn from_list(list: &DeckList, name: &str) -> DeckDraft {
        let mut draft = DeckDraft::new(name);
        draft.leader = list.leader;
        draft.extra = list.extra.clone();
        for id in &list.main {
            let n = draft.cards.entry(*id).or_default();
            *n = n.saturating_add(1);
        }
        draft
    }

    /// Reads a deck file's text without judging it against a format: it must have the
    /// schema of `assets/decks/*.toml` and name only cards of the pool.
    pub fn from_toml(text: &str, pool: &CardPool) -> Result<DeckDraft, String> {
        let raw: RawDeck = toml::from_str(text).map_err(|e| e.message().trim().to_owned())?;
        let known = |id: u16| {
            pool.get(CardId(id))
                .map(|_| CardId(id))
                .ok_or_else(|| format!("card {} is not in the card pool", CardId(id)))
        };
        let mut draft = DeckDraft {
            name: raw.name,
            leader: Some(known(raw.leader)?),
            ..DeckDraft::default()
        };
        for entry in raw.main {
            let id = known(entry.card)?;
            if entry.copies == 0 {
                return Err(format!("card {id} is listed with 0 copies"));
            }
            let n = draft.cards.entry(id).or_default();
            *n = n.saturating_add(entry.copies);
        }
        for entry in raw.extra {
            let id = known(entry.card)?;
            if entry.copies == 0 {
                return Err(format!("card {id} is listed with 0 copies"));
            }
            draft
                .extra
                .extend(std::iter::repeat_n(id, usize::from(entry.copies)));
        }
        Ok(draft)
    }

    /// Main-deck cards, one entry per copy.
    pub fn main(&self) -> Vec<CardId> {
        self.cards
            .iter()
            .flat_map(|(id, n)| std::iter::repeat_n(*id, usize::from(*n)))
            .collect()
    }

    pub fn main_len(&self) -> usize {
        self.cards.values().map(|n| usize::from(*n)).sum()
    }

    pub fn copies(&self, id: CardId) -> u8 {
        self.cards.get(&id).copied().unwrap_or(0)
    }

    pub fn add(&mut self, id: CardId) {
        let n = self.cards.entry(id).or_default();
        *n = n.saturating_add(1);
        self.dirty = true;
    }

    /// Takes one copy out; returns whether there was one.
    pub fn remove(&mut self, id: CardId) -> bool {
        match self.cards.get_mut(&id) {
            Some(n) if *n > 1 => *n -= 1,
            Some(_) => {
                self.cards.remove(&id);
            }
            None => return false,
        }
        self.dirty = true;
        true
    }

    /// Copies of `id` in the Extra Deck.
    pub fn extra_copies(&self, id: CardId) -> u8 {
        let n = self.extra.iter().filter(|e| **e == id).count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Adds a copy to the Extra Deck, next to the copies already there.
    pub fn add_extra(&mut self, id: CardId) {
        let at = self
            .extra
            .iter()
            .rposition(|e| *e == id)
            .map_or(self.extra.len(), |i| i + 1);
        self.extra.insert(at, id);
        self.dirty = true;
    }

    /// Takes one copy out of the Extra Deck; returns whether there was one.
    pub fn remove_extra(&mut self, id: CardId) -> bool {
        let Some(at) = self.extra.iter().rposition(|e| *e == id) else {
            return false;
        };
        self.extra.remove(at);
        self.dirty = true;
        true
    }

    pub fn set_leader(&mut self, id: CardId) {
        self.leader = Some(id);
        self.dirty = true;
    }

    /// The deck list, once it has a Deck Leader.
    pub fn to_list(&self) -> Option<DeckList> {
        Some(DeckList {
            name: self.name.clone(),
            leader: Some(self.leader?),
            main: self.main(),
            extra: self.extra.clone(),
            field_setup: fairduel_engine::field::FieldSetup::default(),
            duelist_setup: None,
        })
    }

    /// Why the deck may not be played in this format, in plain words; empty when it may.
    /// The rules are the engine's own (`DeckList::validate`).
    pub fn problems(&self, pool: &CardPool, format: &Format) -> Vec<String> {
        let mut problems = Vec::new();
        if self.name.trim().is_empty() {
            problems.push("The deck has no name: type one above.".to_owned());
        }
        match self.to_list() {
            None => {
                problems.push(format!(
                    "There is no Deck Leader yet: pick a monster of level {} or lower and \
                     press \"Make Deck Leader\".",
                    format.deck.leader_max_level
                ));
                // Still say what is wrong with the main deck, judged with any leader
                // the format allows.
                let stand_in = pool
                    .cards()
                    .find(|c| c.is_monster() && c.level() <= format.deck.leader_max_level);
                if let Some(stand_in) = stand_in {
                    let list = DeckList {
                        name: self.name.clone(),
                        leader: Some(stand_in.id),
                        main: self.main(),
                        extra: self.extra.clone(),
                        field_setup: fairduel_engine::field::FieldSetup::default(),
                        duelist_setup: None,
                    };
                    if let Err(e) = list.validate(pool, format) {
                        problems.push(sentence(&e));
                    }
                }
            }
            Some(list) => {
                if let Err(e) = list.validate(pool, format) {
                    problems.push(sentence(&e));
                }
            }
        }
        problems
    }

    /// The deck file's text: the schema of `assets/decks/*.toml`, with card names as
    /// comments.
    pub fn to_toml(&self, pool: &CardPool) -> Result<String, String> {
        let leader = self
            .leader
            .ok_or("the deck has no Deck Leader yet; pick one before saving")?;
        let name_of = |id: CardId| pool.get(id).map_or("?", |c| c.name.as_str()).to_owned();
        let mut out = String::new();
        out.push_str(&format!(
            "name = {}\n",
            toml::Value::String(self.name.trim().to_owned())
        ));
        out.push_str("# Built in the FairDuel app.\n");
        out.push_str(&format!("# Deck Leader: {}\n", name_of(leader)));
        out.push_str(&format!("leader = {}\n", leader.0));
        out.push_str("main = [\n");
        for (id, n) in &self.cards {
            out.push_str(&format!(
                "  {{ card = {}, copies = {} }},  # {}\n",
                id.0,
                n,
                name_of(*id)
            ));
        }
        out.push_str("]\n");
        if !self.extra.is_empty() {
            out.push_str("extra = [\n");
            for id in &self.extra {
                out.push_str(&format!("  {{ card = {} }},  # {}\n", id.0, name_of(*id)));
            }
            out.push_str("]\n");
        }
        Ok(out)
    }
}

/// The engine's messages start in lower case; the app shows them as sentences.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    out.push_str(chars.as_str());
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

/// The file name a deck is saved under: its name in lower case, letters and digits kept,
/// everything else a dash.
pub fn file_stem_for(name: &str) -> String {
    let mut stem = String::new();
    for c in name.trim().chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            stem.push(c);
        } else if !stem.ends_with('-') && !stem.is_empty() {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-').to_owned();
    if stem.is_empty() {
        "deck".to_owned()
    } else {
        stem
    }
}

/// The saved decks folder's contents.
#[derive(Debug, Clone, Default)]
pub struct StoreListing {
    /// Readable deck files (legal or not in any format), sorted by file name.
    pub decks: Vec<DeckFile>,
    /// Files that could not be read, in plain words.
    pub problems: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("{0}")]
    NotReady(String),
    #[error(
        "a saved deck already uses the file {path}; press \"Replace it\" to overwrite it, or \
         give this deck another name"
    )]
    Exists { path: String },
    #[error(
        "{path} is there but FairDuel cannot read it ({why}), so it is left untouched: give \
         this deck another name, or fix or delete that file"
    )]
    Broken { path: String, why: String },
    #[error("cannot save the deck to {path}: {why}. Check that the folder is writable")]
    Write { path: String, why: String },
}

/// The folder the player's decks are saved in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeckStore {
    dir: PathBuf,
}

/// Saved decks get ids of their own so they never clash with a starter deck's.
pub const SAVED_PREFIX: &str = "saved:";

impl DeckStore {
    /// The decks folder inside FairDuel's data folder (`<data dir>/fairduel`).
    pub fn in_data_dir(data_dir: &Path) -> DeckStore {
        DeckStore {
            dir: data_dir.join("decks"),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn path_for(&self, name: &str) -> PathBuf {
        self.dir.join(format!("{}.toml", file_stem_for(name)))
    }

    /// Reads every `*.toml` in the folder. A missing folder is simply empty.
    pub fn list(&self, pool: &CardPool) -> StoreListing {
        let mut listing = StoreListing::default();
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .collect();
        paths.sort();
        for path in paths {
            let stem = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            match read_deck(&path, pool) {
                Ok((text, draft)) => listing.decks.push(DeckFile {
                    id: format!("{SAVED_PREFIX}{stem}"),
                    path,
                    text,
                    name: draft.name,
                    saved: true,
                    // The deck builder builds from Duelists of the Roses' pool only.
                    pool: crate::catalog::DOR_POOL.to_owned(),
                }),
                Err(why) => listing.problems.push(format!(
                    "{} cannot be read: {why}. Fix it in a text editor or delete it; FairDuel \
                     will not overwrite it.",
                    path.display()
                )),
            }
        }
        listing
    }

    /// Saves a draft as `NAME.toml` (temporary file, then rename). Replaces another readable
    /// deck's file only with `replace`; never replaces a file it cannot read. Returns the
    /// path written.
    pub fn save(
        &self,
        draft: &DeckDraft,
        pool: &CardPool,
        replace: bool,
    ) -> Result<PathBuf, StoreError> {
        if draft.name.trim().is_empty() {
            return Err(StoreError::NotReady(
                "the deck needs a name before it can be saved".into(),
            ));
        }
        let text = draft.to_toml(pool).map_err(StoreError::NotReady)?;
        let path = self.path_for(&draft.name);
        let shown = path.display().to_string();
        if path.exists() {
            if let Err(why) = read_deck(&path, pool) {
                return Err(StoreError::Broken { path: shown, why });
            }
            if !replace && draft.file.as_deref() != Some(path.as_path()) {
                return Err(StoreError::Exists { path: shown });
            }
        }
        let write_err = |e: std::io::Error| StoreError::Write {
            path: shown.clone(),
            why: e.to_string(),
        };
        std::fs::create_dir_all(&self.dir).map_err(write_err)?;
        let temp = self.dir.join(format!(
            ".{}.saving-{}",
            file_stem_for(&draft.name),
            std::process::id()
        ));
        let written = (|| {
            let mut file = std::fs::File::create(&temp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            std::fs::rename(&temp, &path)
        })();
        if let Err(e) = written {
            // Best effort: the temporary file is ours and useless now.
            let _ = std::fs::remove_file(&temp);
            return Err(write_err(e));
        }
        Ok(path)
    }
}

fn read_deck(path: &Path, pool: &CardPool) -> Result<(String, DeckDraft), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let draft = DeckDraft::from_toml(&text, pool)?;
    Ok((text, draft))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::catalog::tests::project_assets;

    /// A fresh folder under the system's temporary folder, removed when dropped.
    #[derive(Debug)]
    pub(crate) struct TempDir(pub PathBuf);

    impl TempDir {
        pub(crate) fn new(what: &str) -> TempDir {
            use std::sync::atomic::{AtomicU32, Ordering};
            static N: AtomicU32 = AtomicU32::new(0);
            let dir = std::env::temp_dir().join(format!(
                "fairduel-test-{what}-{}-{}",
                std::process::id(),
                N.fetch_add(1, Ordering::Relaxed)
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).expect("temp dir");
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn catalog() -> Catalog {
        Catalog::load(&project_assets()).expect("assets")
    }

    fn forest(catalog: &Catalog) -> DeckList {
        let kairu = catalog.format("kairu-dotr").expect("kairu");
        catalog
            .deck("forest-pack")
            .expect("forest")
            .check(&kairu.rules)
            .expect("legal")
    }

    #[test]
    fn a_copied_starter_deck_saves_and_reads_back_the_same() {
        let catalog = catalog();
        let tmp = TempDir::new("store-roundtrip");
        let store = DeckStore::in_data_dir(&tmp.0);
        let draft = DeckDraft::from_list(&forest(&catalog), "My \"Forest\" Pack!");
        let path = store.save(&draft, &catalog.pool, false).expect("saved");
        assert_eq!(path, tmp.0.join("decks").join("my-forest-pack.toml"));
        let listing = store.list(&catalog.pool);
        assert!(listing.problems.is_empty(), "{:?}", listing.problems);
        assert_eq!(listing.decks.len(), 1);
        let saved = &listing.decks[0];
        assert_eq!(saved.name, "My \"Forest\" Pack!");
        assert_eq!(saved.id, "saved:my-forest-pack");
        // The starter decks' own parser accepts it, so it is legal wherever Forest Pack is.
        let kairu = catalog.format("kairu-dotr").expect("kairu");
        let list = saved.check(&kairu.rules).expect("legal");
        assert_eq!(list.main.len(), forest(&catalog).main.len());
        let mut a = list.main.clone();
        let mut b = forest(&catalog).main;
        a.sort();
        b.sort();
        assert_eq!(a, b);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(tmp.0.join("decks"))
            .expect("dir")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    /// A deck with an Extra Deck keeps it through the editor: copied, saved, read back.
    #[test]
    fn an_extra_deck_survives_the_editor() {
        let catalog = catalog();
        let tmp = TempDir::new("store-extra");
        let store = DeckStore::in_data_dir(&tmp.0);
        let mut list = forest(&catalog);
        list.extra = vec![CardId(13), CardId(13)];
        let mut draft = DeckDraft::from_list(&list, "Rites");
        draft.add(CardId(8));
        assert!(draft.remove(CardId(8)));
        let path = store.save(&draft, &catalog.pool, false).expect("saved");
        let text = std::fs::read_to_string(&path).expect("read");
        let back = DeckDraft::from_toml(&text, &catalog.pool).expect("reads back");
        assert_eq!(back.extra, vec![CardId(13), CardId(13)]);
        let kairu = catalog.format("kairu-dotr").expect("kairu");
        assert!(
            back.problems(&kairu.rules.pool, &kairu.rules.format)
                .is_empty()
        );
    }

    /// Fusion Monsters go into the Extra Deck from the editor, and the format's check sees
    /// them there.
    #[test]
    fn the_editor_adds_and_removes_extra_deck_copies() {
        let catalog = catalog();
        let mut draft = DeckDraft::from_list(&forest(&catalog), "Fusions");
        draft.dirty = false;
        draft.add_extra(CardId(667));
        draft.add_extra(CardId(221));
        draft.add_extra(CardId(667));
        assert!(draft.dirty);
        assert_eq!(draft.extra, vec![CardId(667), CardId(667), CardId(221)]);
        assert_eq!(draft.extra_copies(CardId(667)), 2);
        let classic = catalog.format("dor-classic").expect("classic");
        assert!(
            draft
                .problems(&classic.rules.pool, &classic.rules.format)
                .is_empty(),
            "Fusion Monsters belong in the Extra Deck"
        );
        // A monster no fusion makes and no Ritual summons does not.
        draft.add_extra(CardId(8));
        let problems = draft.problems(&classic.rules.pool, &classic.rules.format);
        assert!(
            problems
                .iter()
                .any(|p| p.contains("Darkfire Dragon is not an Extra Deck monster")),
            "{problems:?}"
        );
        assert!(draft.remove_extra(CardId(8)));
        assert!(!draft.remove_extra(CardId(8)));
        assert!(draft.remove_extra(CardId(667)));
        assert_eq!(draft.extra, vec![CardId(667), CardId(221)]);
    }

    #[test]
    fn a_broken_file_is_listed_and_never_overwritten() {
        let catalog = catalog();
        let tmp = TempDir::new("store-broken");
        let store = DeckStore::in_data_dir(&tmp.0);
        std::fs::create_dir_all(store.dir()).expect("dir");
        let broken = store.dir().join("forest.toml");
        std::fs::write(&broken, "name = \"Forest\"\nleader = 265\nmain = [ oops").expect("write");
        std::fs::write(
            store.dir().join("ghost.toml"),
            "name = \"Ghost\"\nleader = 9999\nmain = []\n",
        )
        .expect("write");
        let listing = store.list(&catalog.pool);
        assert!(listing.decks.is_empty());
        assert_eq!(listing.problems.len(), 2, "{:?}", listing.problems);
        assert!(listing.problems[0].contains("forest.toml"));
        assert!(listing.problems[1].contains("not in the card pool"));
        let draft = DeckDraft::from_list(&forest(&catalog), "Forest");
        for replace in [false, true] {
            let err = store
                .save(&draft, &catalog.pool, replace)
                .expect_err("refused");
            assert!(matches!(err, StoreError::Broken { .. }), "{err}");
            assert!(err.to_string().contains("left untouched"), "{err}");
        }
        let text = std::fs::read_to_string(&broken).expect("still there");
        assert!(text.ends_with("oops"), "the broken file is unchanged");
    }

    #[test]
    fn another_decks_file_is_replaced_only_when_asked() {
        let catalog = catalog();
        let tmp = TempDir::new("store-replace");
        let store = DeckStore::in_data_dir(&tmp.0);
        let mut first = DeckDraft::from_list(&forest(&catalog), "Twin");
        let path = store.save(&first, &catalog.pool, false).expect("saved");
        first.file = Some(path.clone());
        // The same draft saves over its own file without asking.
        first.remove(*first.cards.keys().next().expect("a card"));
        store
            .save(&first, &catalog.pool, false)
            .expect("saved again");
        // A different draft with the same name must ask.
        let other = DeckDraft::from_list(&forest(&catalog), "twin");
        let err = store.save(&other, &catalog.pool, false).expect_err("asks");
        assert!(matches!(err, StoreError::Exists { .. }), "{err}");
        store.save(&other, &catalog.pool, true).expect("replaced");
        let listing = store.list(&catalog.pool);
        assert_eq!(listing.decks.len(), 1);
        assert_eq!(listing.decks[0].name, "twin");
    }

    #[test]
    fn a_draft_says_what_keeps_it_from_being_legal() {
        let catalog = catalog();
        let kairu = &catalog.format("kairu-dotr").expect("kairu").rules;
        let mut draft = DeckDraft::new("Work in progress");
        let problems = draft.problems(&kairu.pool, &kairu.format);
        assert!(
            problems.iter().any(|p| p.contains("no Deck Leader")),
            "{problems:?}"
        );
        assert!(
            problems.iter().any(|p| p.contains("holds 0 cards")),
            "{problems:?}"
        );
        let legal = DeckDraft::from_list(&forest(&catalog), "Copy");
        assert!(legal.problems(&kairu.pool, &kairu.format).is_empty());
        let mut four = legal.clone();
        let id = *four.cards.keys().next().expect("card");
        while four.copies(id) < 4 {
            four.add(id);
        }
        let problems = four.problems(&kairu.pool, &kairu.format);
        assert!(problems[0].contains("copies of"), "{problems:?}");
        draft.name.clear();
        assert!(
            draft
                .problems(&kairu.pool, &kairu.format)
                .iter()
                .any(|p| p.contains("no name"))
        );
        assert!(draft.to_toml(&kairu.pool).is_err());
    }

    #[test]
    fn file_names_come_from_deck_names() {
        assert_eq!(file_stem_for("  Dragons' Hoard  "), "dragons-hoard");
        assert_eq!(file_stem_for("../../etc/passwd"), "etc-passwd");
        assert_eq!(file_stem_for("???"), "deck");
    }
}
