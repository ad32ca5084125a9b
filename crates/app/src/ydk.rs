//! YDK, the plain-text deck format other deck tools read and write:
//!
//! ```text
//! #created by ...
//! #main
//! 89631139
//! #extra
//! !side
//! ```
//!
//! One card per line, named by its Konami passcode. FairDuel's cards have numbers of their
//! own and the card data carries no passcodes, so YDK cards are mapped through a
//! [`PasscodeTable`]: `assets/cards/passcodes.toml` (only entries checked against public
//! card databases) plus the player's own `<data dir>/fairduel/passcodes.toml`. Whatever does
//! not map is listed, never silently dropped.
//!
//! Duelists of the Roses has no extra or side deck; their cards are reported as left out.
//! The Deck Leader has no place in YDK either: FairDuel writes it as a comment line
//! (`#fairduel-leader PASSCODE`) that other tools ignore and FairDuel reads back.

use std::collections::BTreeMap;
use std::path::Path;

use fairduel_engine::CardPool;
use fairduel_engine::card::CardId;
use fairduel_engine::domain::CardDatabase;
use serde::Deserialize;

use crate::deckstore::DeckDraft;

/// The comment line FairDuel writes the Deck Leader in.
pub const LEADER_TAG: &str = "#fairduel-leader";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Main,
    Extra,
    Side,
}

/// A passcode line, where it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YdkCard {
    pub line: usize,
    pub passcode: u64,
}

/// A line that was not a card of a known section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedLine {
    pub line: usize,
    pub text: String,
    pub why: String,
}

/// A YDK file as written, before any mapping.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct YdkFile {
    pub main: Vec<YdkCard>,
    pub extra: Vec<YdkCard>,
    pub side: Vec<YdkCard>,
    /// The Deck Leader from a `#fairduel-leader` line.
    pub leader: Option<YdkCard>,
    pub skipped: Vec<SkippedLine>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum YdkError {
    #[error("the file is empty: a YDK deck lists passcodes under a #main line")]
    Empty,
    #[error(
        "the file has no card lines at all (no passcodes under #main, #extra or !side), so it \
         is not a YDK deck"
    )]
    NoCards,
}

/// Reads a YDK file. Lenient about what other tools add (comments, blank lines, CRLF line
/// ends, a byte-order mark) and explicit about everything it does not use.
pub fn parse_ydk(text: &str) -> Result<YdkFile, YdkError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(YdkError::Empty);
    }
    let mut file = YdkFile::default();
    // None before the first section header, or under a header this reader does not know.
    let mut section: Result<Section, Option<String>> = Err(None);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            continue;
        }
        let skip = |why: String| SkippedLine {
            line,
            text: trimmed.to_owned(),
            why,
        };
        if let Some(rest) = trimmed.strip_prefix(LEADER_TAG) {
            match rest.trim().parse::<u64>() {
                Ok(passcode) => file.leader = Some(YdkCard { line, passcode }),
                Err(_) => file
                    .skipped
                    .push(skip("the Deck Leader line has no passcode".into())),
            }
            continue;
        }
        if trimmed.starts_with('#') || trimmed.starts_with('!') {
            match trimmed.to_ascii_lowercase().as_str() {
                "#main" => section = Ok(Section::Main),
                "#extra" => section = Ok(Section::Extra),
                "!side" => section = Ok(Section::Side),
                // A one-word header this reader does not know starts a section whose
                // cards are skipped; anything else after '#' is a comment.
                header if !header.contains(char::is_whitespace) => {
                    section = Err(Some(trimmed.to_owned()));
                    file.skipped.push(skip(format!(
                        "unknown section \"{trimmed}\": the cards under it are skipped"
                    )));
                }
                _ => {}
            }
            continue;
        }
        let Ok(passcode) = trimmed.parse::<u64>() else {
            file.skipped
                .push(skip("not a passcode (a passcode is a number)".into()));
            continue;
        };
        let card = YdkCard { line, passcode };
        match &section {
            Ok(Section::Main) => file.main.push(card),
            Ok(Section::Extra) => file.extra.push(card),
            Ok(Section::Side) => file.side.push(card),
            Err(None) => file
                .skipped
                .push(skip("a card before the #main line, in no section".into())),
            Err(Some(header)) => file
                .skipped
                .push(skip(format!("a card in the unknown section \"{header}\""))),
        }
    }
    if file.main.is_empty() && file.extra.is_empty() && file.side.is_empty() {
        return Err(YdkError::NoCards);
    }
    Ok(file)
}

/// A `ydke://` link (the deck links of the simulators' deck sites) read as a YDK file: its
/// cards numbered 1, 2, … within each list in place of lines. A link has no place for the
/// Deck Leader: FairDuel writes it as the side deck's one card, and a side deck of exactly
/// one card is read back as the Deck Leader.
pub fn parse_ydke(link: &str) -> Result<YdkFile, String> {
    let lists = fairduel_carddb::parse_ydke(link).map_err(|e| e.to_string())?;
    let cards = |list: &[fairduel_engine::domain::Passcode]| -> Vec<YdkCard> {
        list.iter()
            .enumerate()
            .map(|(i, p)| YdkCard {
                line: i + 1,
                passcode: u64::from(p.0),
            })
            .collect()
    };
    let mut file = YdkFile {
        main: cards(&lists.main),
        extra: cards(&lists.extra),
        side: cards(&lists.side),
        ..YdkFile::default()
    };
    if let [leader] = file.side.as_slice() {
        file.leader = Some(*leader);
        file.side.clear();
    }
    if file.main.is_empty() && file.extra.is_empty() && file.leader.is_none() {
        return Err("the link holds no cards".into());
    }
    Ok(file)
}

/// The deck as a `ydke://` link (the Deck Leader alone in the side deck), and what could
/// not be written.
pub fn export_ydke(draft: &DeckDraft, table: &PasscodeTable, pool: &CardPool) -> Exported {
    let ydk = export(draft, table, pool);
    let passcodes = |cards: &[YdkCard]| -> Vec<fairduel_engine::domain::Passcode> {
        cards
            .iter()
            .filter_map(|c| u32::try_from(c.passcode).ok())
            .map(fairduel_engine::domain::Passcode)
            .collect()
    };
    let file = parse_ydk(&ydk.text).unwrap_or_default();
    let leader: Vec<YdkCard> = file.leader.into_iter().collect();
    let text = fairduel_carddb::YdkeLists {
        main: passcodes(&file.main),
        extra: Vec::new(),
        side: passcodes(&leader),
    }
    .to_link();
    Exported { text, ..ydk }
}

/// Passcodes of FairDuel's cards, where known.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PasscodeTable {
    to_card: BTreeMap<u64, CardId>,
    to_passcode: BTreeMap<CardId, u64>,
    /// Entries that were refused (unknown card, wrong name, a passcode given twice).
    pub problems: Vec<String>,
    /// Where the entries came from, for the screen to name.
    pub sources: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTable {
    #[serde(default)]
    entry: Vec<RawPasscode>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPasscode {
    passcode: u64,
    card: u16,
    /// The card's name, checked against the pool so a wrong number is caught.
    name: Option<String>,
}

impl PasscodeTable {
    pub fn len(&self) -> usize {
        self.to_card.len()
    }

    pub fn is_empty(&self) -> bool {
        self.to_card.is_empty()
    }

    pub fn card(&self, passcode: u64) -> Option<CardId> {
        self.to_card.get(&passcode).copied()
    }

    pub fn passcode(&self, card: CardId) -> Option<u64> {
        self.to_passcode.get(&card).copied()
    }

    /// How many cards have a passcode.
    pub fn mapped_cards(&self) -> usize {
        self.to_passcode.len()
    }

    /// Adds the entries of a table file's text (schema: `[[entry]] passcode = N, card = N,
    /// name = "..."`). Later entries for a passcode or card already mapped replace it.
    pub fn add_toml(&mut self, source: &str, text: &str, pool: &CardPool) {
        let raw: RawTable = match toml::from_str(text) {
            Ok(raw) => raw,
            Err(e) => {
                self.problems.push(format!(
                    "{source} is not a passcode table: {}",
                    e.message().trim()
                ));
                return;
            }
        };
        self.sources.push(source.to_owned());
        for entry in raw.entry {
            let id = CardId(entry.card);
            let Some(card) = pool.get(id) else {
                self.problems.push(format!(
                    "{source}: passcode {} names card {id}, which is not in the pool",
                    entry.passcode
                ));
                continue;
            };
            if let Some(name) = &entry.name
                && !name.trim().eq_ignore_ascii_case(&card.name)
            {
                self.problems.push(format!(
                    "{source}: passcode {} says \"{name}\" but card {id} is {}; entry ignored",
                    entry.passcode, card.name
                ));
                continue;
            }
            if let Some(old) = self.to_card.insert(entry.passcode, id)
                && old != id
            {
                self.to_passcode.remove(&old);
            }
            if let Some(old) = self.to_passcode.insert(id, entry.passcode)
                && old != entry.passcode
            {
                self.to_card.remove(&old);
            }
        }
    }

    /// Adds passcodes by name from a simulator's card database (the player's own
    /// `cards.cdb`): every pool card not yet mapped whose name the database has gets that
    /// card's passcode, and every other printing of it (a simulator's alternate art or
    /// GOAT entry, named "Name (GOAT)") is read as the same card. The checked table keeps
    /// its entries. Returns how many pool cards were mapped.
    pub fn add_database(&mut self, source: &str, db: &CardDatabase, pool: &CardPool) -> usize {
        let mut by_name: BTreeMap<String, u64> = BTreeMap::new();
        let mut printings: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
        for card in db.cards() {
            let identity = u64::from(card.identity().0);
            printings
                .entry(identity)
                .or_default()
                .push(u64::from(card.passcode.0));
            let name = card.name.trim();
            // A printing's name may carry the simulator's tag for it: "Fenrir (GOAT)".
            let plain = match (card.alias, name.rsplit_once(" (")) {
                (Some(_), Some((base, tag))) if tag.ends_with(')') => base,
                _ => name,
            };
            by_name.entry(plain.to_lowercase()).or_insert(identity);
        }
        let mut mapped = 0;
        for card in pool.cards() {
            if self.to_passcode.contains_key(&card.id) {
                continue;
            }
            let Some(&passcode) = by_name.get(&card.name.trim().to_lowercase()) else {
                continue;
            };
            if self.to_card.contains_key(&passcode) {
                continue;
            }
            self.to_passcode.insert(card.id, passcode);
            for printing in printings.get(&passcode).into_iter().flatten() {
                self.to_card.entry(*printing).or_insert(card.id);
            }
            self.to_card.insert(passcode, card.id);
            mapped += 1;
        }
        self.sources
            .push(format!("{source} ({mapped} cards by name)"));
        mapped
    }

    /// Adds a table file if it exists; a missing file is not a problem.
    pub fn add_file(&mut self, path: &Path, pool: &CardPool) {
        match std::fs::read_to_string(path) {
            Ok(text) => self.add_toml(&path.display().to_string(), &text, pool),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => self
                .problems
                .push(format!("cannot read {}: {e}", path.display())),
        }
    }
}

/// A YDK file mapped to FairDuel cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub draft: DeckDraft,
    /// Every line that did not become a card of the deck, in plain words.
    pub left_out: Vec<String>,
    /// Main-deck cards that mapped.
    pub mapped: usize,
}

/// Maps a parsed YDK file through the table into an unsaved deck named `name`.
pub fn import(file: &YdkFile, table: &PasscodeTable, pool: &CardPool, name: &str) -> Imported {
    let mut draft = DeckDraft::new(name);
    let mut left_out = Vec::new();
    let mut mapped = 0;
    let card_name = |id: CardId| pool.get(id).map_or("?", |c| c.name.as_str()).to_owned();
    for card in &file.main {
        match table.card(card.passcode) {
            Some(id) => {
                draft.add(id);
                mapped += 1;
            }
            None => left_out.push(format!(
                "line {}: passcode {} is not in the passcode table",
                card.line, card.passcode
            )),
        }
    }
    if let Some(leader) = file.leader {
        match table.card(leader.passcode) {
            Some(id) => draft.set_leader(id),
            None => left_out.push(format!(
                "line {}: the Deck Leader's passcode {} is not in the passcode table",
                leader.line, leader.passcode
            )),
        }
    }
    for (cards, what) in [(&file.extra, "extra deck"), (&file.side, "side deck")] {
        for card in cards.iter() {
            let known = table
                .card(card.passcode)
                .map_or_else(String::new, |id| format!(" ({})", card_name(id)));
            left_out.push(format!(
                "line {}: passcode {}{known} is in the {what}, which Duelists of the Roses \
                 formats do not have",
                card.line, card.passcode
            ));
        }
    }
    for skipped in &file.skipped {
        left_out.push(format!(
            "line {}: \"{}\" — {}",
            skipped.line, skipped.text, skipped.why
        ));
    }
    Imported {
        draft,
        left_out,
        mapped,
    }
}

/// A deck written as YDK, and what could not be written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exported {
    pub text: String,
    pub written: usize,
    /// Cards with no known passcode, in plain words ("2x Battle Ox").
    pub left_out: Vec<String>,
}

/// Writes the cards that have passcodes; lists the ones that do not.
pub fn export(draft: &DeckDraft, table: &PasscodeTable, pool: &CardPool) -> Exported {
    let name = |id: CardId| pool.get(id).map_or("?", |c| c.name.as_str()).to_owned();
    let mut text = String::from("#created by FairDuel\n");
    let mut left_out = Vec::new();
    if let Some(leader) = draft.leader {
        match table.passcode(leader) {
            Some(code) => text.push_str(&format!("{LEADER_TAG} {code}\n")),
            None => left_out.push(format!("the Deck Leader, {}", name(leader))),
        }
    }
    text.push_str("#main\n");
    let mut written = 0;
    for (id, n) in &draft.cards {
        match table.passcode(*id) {
            Some(code) => {
                for _ in 0..*n {
                    text.push_str(&format!("{code}\n"));
                    written += 1;
                }
            }
            None => left_out.push(format!("{n}x {}", name(*id))),
        }
    }
    text.push_str("#extra\n!side\n");
    Exported {
        text,
        written,
        left_out,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::catalog::tests::project_assets;

    fn pool() -> CardPool {
        Catalog::load(&project_assets()).expect("assets").pool
    }

    fn table(pool: &CardPool) -> PasscodeTable {
        let mut t = PasscodeTable::default();
        t.add_toml(
            "test",
            "[[entry]]\npasscode = 111\ncard = 0\nname = \"Blue-Eyes White Dragon\"\n\
             [[entry]]\npasscode = 222\ncard = 1\n",
            pool,
        );
        assert!(t.problems.is_empty(), "{:?}", t.problems);
        t
    }

    fn facts(passcode: u32, alias: Option<u32>, name: &str) -> fairduel_engine::domain::CardFacts {
        use fairduel_engine::domain::{CardFacts, CardTypes, Passcode};
        CardFacts {
            passcode: Passcode(passcode),
            alias: alias.map(Passcode),
            name: name.into(),
            archetypes: vec![],
            types: CardTypes(CardTypes::MONSTER),
            attribute: None,
            race: None,
            level: 4,
            atk: 0,
            def: 0,
            link_arrows: 0,
            pendulum_scale: None,
            text: String::new(),
        }
    }

    #[test]
    fn a_card_database_maps_cards_by_name_and_reads_other_printings_as_the_card() {
        let pool = pool();
        let mut table = table(&pool);
        let battle_ox = pool.find_by_name("Battle Ox").expect("in the pool").id;
        let mut db = CardDatabase::new();
        db.add_card(facts(5_053_103, None, "Battle Ox"));
        db.add_card(facts(505_000_001, Some(5_053_103), "Battle Ox (GOAT)"));
        // Blue-Eyes is mapped by the checked table already: the database does not move it.
        db.add_card(facts(89_631_139, None, "Blue-Eyes White Dragon"));
        db.add_card(facts(77, None, "Not A FairDuel Card"));
        assert_eq!(table.add_database("cards.cdb", &db, &pool), 1);
        assert_eq!(table.passcode(battle_ox), Some(5_053_103));
        assert_eq!(
            table.card(505_000_001),
            Some(battle_ox),
            "the GOAT printing imports"
        );
        assert_eq!(
            table.passcode(CardId(0)),
            Some(111),
            "the checked entry stays"
        );
        assert!(
            table
                .sources
                .last()
                .is_some_and(|s| s.contains("1 cards by name"))
        );
    }

    #[test]
    fn a_deck_goes_out_as_a_ydke_link_and_comes_back_with_its_leader() {
        let pool = pool();
        let table = table(&pool);
        let mut draft = DeckDraft::new("Linked");
        draft.add(CardId(0));
        draft.add(CardId(0));
        draft.add(CardId(1));
        draft.set_leader(CardId(1));
        let out = export_ydke(&draft, &table, &pool);
        assert!(out.text.starts_with("ydke://"), "{}", out.text);
        assert_eq!(out.written, 3);
        let file = parse_ydke(&out.text).expect("reads back");
        let imported = import(&file, &table, &pool, "Back");
        assert_eq!(imported.draft.cards, draft.cards);
        assert_eq!(imported.draft.leader, Some(CardId(1)));
        assert!(imported.left_out.is_empty(), "{:?}", imported.left_out);
        assert!(parse_ydke("ydke://!!!").is_err());
        assert!(parse_ydke("https://example.invalid").is_err());
    }

    #[test]
    fn reads_sections_comments_and_crlf() {
        let text = "#created by Someone\r\n#main\r\n111\r\n 222 \r\n\r\n111\r\n#extra\r\n333\r\n!side\r\n444\r\n";
        let file = parse_ydk(text).expect("parses");
        let codes = |v: &[YdkCard]| v.iter().map(|c| c.passcode).collect::<Vec<_>>();
        assert_eq!(codes(&file.main), [111, 222, 111]);
        assert_eq!(codes(&file.extra), [333]);
        assert_eq!(codes(&file.side), [444]);
        assert_eq!(file.main[1].line, 4);
        assert!(file.skipped.is_empty(), "{:?}", file.skipped);
    }

    #[test]
    fn an_empty_file_or_one_without_cards_is_an_error() {
        assert_eq!(parse_ydk(""), Err(YdkError::Empty));
        assert_eq!(parse_ydk(" \r\n\n"), Err(YdkError::Empty));
        assert_eq!(parse_ydk("#main\n#extra\n!side\n"), Err(YdkError::NoCards));
        assert!(parse_ydk("").unwrap_err().to_string().contains("#main"));
    }

    #[test]
    fn non_numeric_lines_and_unknown_sections_are_listed_not_dropped() {
        let text = "#main\n111\nBlue-Eyes\n12ab\n#weird\n222\n!pile\n333\n#main\n222\n";
        let file = parse_ydk(text).expect("parses");
        assert_eq!(
            file.main.iter().map(|c| c.passcode).collect::<Vec<_>>(),
            [111, 222]
        );
        let lines: Vec<usize> = file.skipped.iter().map(|s| s.line).collect();
        assert_eq!(lines, [3, 4, 5, 6, 7, 8]);
        assert!(file.skipped[0].why.contains("not a passcode"));
        assert!(file.skipped[2].why.contains("unknown section \"#weird\""));
        assert!(file.skipped[3].why.contains("#weird"));
    }

    #[test]
    fn cards_before_main_are_listed() {
        let file = parse_ydk("111\n#main\n222\n").expect("parses");
        assert_eq!(file.main.len(), 1);
        assert_eq!(file.skipped[0].line, 1);
        assert!(file.skipped[0].why.contains("before the #main"));
    }

    #[test]
    fn import_maps_what_it_can_and_lists_the_rest() {
        let pool = pool();
        let table = table(&pool);
        let file =
            parse_ydk("#main\n111\n111\n999\nabc\n#extra\n222\n!side\n555\n").expect("parses");
        let imported = import(&file, &table, &pool, "Imported");
        assert_eq!(imported.mapped, 2);
        assert_eq!(imported.draft.copies(CardId(0)), 2);
        assert_eq!(imported.draft.main_len(), 2);
        assert_eq!(imported.draft.leader, None);
        let text = imported.left_out.join("\n");
        assert!(
            text.contains("line 4: passcode 999 is not in the passcode table"),
            "{text}"
        );
        assert!(
            text.contains("line 7: passcode 222 (Seiyaryu) is in the extra deck"),
            "{text}"
        );
        assert!(text.contains("line 9: passcode 555"), "{text}");
        assert!(text.contains("line 5: \"abc\""), "{text}");
    }

    #[test]
    fn export_then_import_keeps_what_maps_and_says_what_did_not() {
        let pool = pool();
        let table = table(&pool);
        let mut draft = DeckDraft::new("Round trip");
        draft.set_leader(CardId(1));
        draft.add(CardId(0));
        draft.add(CardId(0));
        draft.add(CardId(4));
        let out = export(&draft, &table, &pool);
        assert_eq!(out.written, 2);
        assert_eq!(out.left_out.len(), 1);
        assert!(out.left_out[0].starts_with("1x "), "{:?}", out.left_out);
        assert!(out.text.contains("#fairduel-leader 222\n"), "{}", out.text);
        let back = import(&parse_ydk(&out.text).expect("parses"), &table, &pool, "x");
        assert!(back.left_out.is_empty(), "{:?}", back.left_out);
        assert_eq!(back.draft.leader, Some(CardId(1)));
        assert_eq!(back.draft.copies(CardId(0)), 2);
    }

    #[test]
    fn a_table_entry_with_the_wrong_name_or_card_is_refused() {
        let pool = pool();
        let mut t = PasscodeTable::default();
        t.add_toml(
            "mine.toml",
            "[[entry]]\npasscode = 1\ncard = 0\nname = \"Dark Magician\"\n\
             [[entry]]\npasscode = 2\ncard = 9999\n",
            &pool,
        );
        assert!(t.is_empty());
        assert_eq!(t.problems.len(), 2, "{:?}", t.problems);
        t.add_toml("bad.toml", "entry = 3", &pool);
        assert!(t.problems[2].contains("bad.toml is not a passcode table"));
    }

    #[test]
    fn the_shipped_table_matches_the_pool() {
        let pool = pool();
        let mut t = PasscodeTable::default();
        t.add_file(
            &project_assets().join("cards").join("passcodes.toml"),
            &pool,
        );
        assert!(t.problems.is_empty(), "{:?}", t.problems);
        assert_eq!(t.sources.len(), 1, "the project ships a table");
    }
}
