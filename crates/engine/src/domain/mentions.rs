//! What a card's text mentions, read the way Domain Format reads a Deck Master's effect:
//! quoted names of cards and archetypes, attributes (printed in capitals) and monster types
//! (token definitions included). Abilities, card types, levels and stats are never looked
//! for, so they never count. Reminder text saying the card "is not treated as" something is
//! dropped first (Cyber-Stein is not a "Cyber" card).

use std::collections::BTreeSet;

use super::facts::{ArchetypeCode, Attribute, CardDatabase, CardFacts, Passcode, Race};

/// Everything one card's text mentions that a Domain can hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mentions {
    /// Monsters named in quotes (by the passcode all their printings share).
    pub monsters: BTreeSet<Passcode>,
    /// Archetypes named in quotes, and the archetypes of the monsters named.
    pub archetypes: BTreeSet<ArchetypeCode>,
    pub attributes: BTreeSet<Attribute>,
    pub races: BTreeSet<Race>,
}

impl Mentions {
    /// Reads `card`'s text against the database's names.
    pub fn of(card: &CardFacts, db: &CardDatabase) -> Mentions {
        let text = without_reminders_of_what_it_is_not(&card.text);
        let (quoted, unquoted) = split_quotes(&text);
        let mut mentions = Mentions::default();
        for name in &quoted {
            if let Some(named) = db.card_named(name) {
                // Spells and traps belong to every Domain already; a named monster brings
                // itself and its archetypes (docs/RULES.md).
                if named.types.is_monster() && named.identity() != card.identity() {
                    mentions.monsters.insert(named.identity());
                    mentions.archetypes.extend(named.archetypes.iter().copied());
                }
            }
            mentions.archetypes.extend(db.archetypes_named(name));
        }
        mentions.attributes = Attribute::ALL
            .into_iter()
            .filter(|a| contains_word(&unquoted, a.word(), false))
            .collect();
        mentions.races = races_in(&unquoted);
        mentions
    }
}

/// The cards a card is "always treated as" (A Legendary Ocean is always treated as "Umi"):
/// for the one-copy rule they are the same card. A name that changes only on the field or
/// in the graveyard is not "always". Names with no card in `db` are left out (see
/// [`always_treated_as_names`]).
pub fn always_treated_as(card: &CardFacts, db: &CardDatabase) -> BTreeSet<Passcode> {
    always_treated_as_names(card)
        .iter()
        .filter_map(|name| db.card_named(name))
        .map(CardFacts::identity)
        .filter(|p| *p != card.identity())
        .collect()
}

/// The names a card is "always treated as", as its text writes them, whether or not a card
/// of that name is in the database (two cards both treated as a third are copies even then).
pub fn always_treated_as_names(card: &CardFacts) -> BTreeSet<String> {
    const PHRASE: &str = "always treated as";
    let lower = card.text.to_lowercase();
    let own = card.name.trim().to_lowercase();
    let mut names = BTreeSet::new();
    let mut from = 0;
    while let Some(found) = lower.get(from..).and_then(|rest| rest.find(PHRASE)) {
        let start = from + found + PHRASE.len();
        let end = sentence_end(&card.text, start);
        let (quoted, _) = split_quotes(card.text.get(start..end).unwrap_or(""));
        names.extend(
            quoted
                .iter()
                .map(|name| name.trim().to_string())
                .filter(|name| !name.is_empty() && name.to_lowercase() != own),
        );
        from = end.max(start);
    }
    names
}

/// The text with every "(This card is not treated as …)" reminder, or sentence saying so,
/// taken out.
fn without_reminders_of_what_it_is_not(text: &str) -> String {
    const PHRASE: &str = "not treated as";
    let lower = text.to_lowercase();
    let mut kept = String::with_capacity(text.len());
    let mut from = 0;
    while let Some(found) = lower.get(from..).and_then(|rest| rest.find(PHRASE)) {
        let at = from + found;
        let start = reminder_start(text, at);
        let end = sentence_end(text, at + PHRASE.len());
        kept.push_str(text.get(from..start.max(from)).unwrap_or(""));
        from = end.max(at + PHRASE.len());
    }
    kept.push_str(text.get(from..).unwrap_or(""));
    kept
}

/// Where the reminder around `at` begins: its opening parenthesis, or the sentence start.
fn reminder_start(text: &str, at: usize) -> usize {
    let before = text.get(..at).unwrap_or("");
    let paren = before.rfind('(');
    let closed = before.rfind(')');
    match (paren, closed) {
        (Some(open), Some(close)) if open > close => open,
        (Some(open), None) => open,
        _ => before.rfind(['.', '\n']).map_or(0, |end| end + 1),
    }
}

/// The end of the sentence or parenthesis that goes on at `from`: just after the first
/// '.', ')' or line break outside quotes.
fn sentence_end(text: &str, from: usize) -> usize {
    let mut in_quote = false;
    for (offset, c) in text.get(from..).unwrap_or("").char_indices() {
        match c {
            '"' | '“' | '”' => in_quote = !in_quote,
            '.' | ')' | '\n' if !in_quote => return from + offset + c.len_utf8(),
            _ => {}
        }
    }
    text.len()
}

/// The quoted strings of a text, and the text with them blanked out.
fn split_quotes(text: &str) -> (Vec<String>, String) {
    let mut quoted = Vec::new();
    let mut unquoted = String::with_capacity(text.len());
    let mut current: Option<String> = None;
    for c in text.chars() {
        match (&mut current, c) {
            (None, '"' | '“') => current = Some(String::new()),
            (Some(name), '"' | '”') => {
                quoted.push(std::mem::take(name));
                current = None;
                unquoted.push(' ');
            }
            (Some(name), c) => name.push(c),
            (None, c) => unquoted.push(c),
        }
    }
    (quoted, unquoted)
}

/// Monster types in the text, the longest names first so "Beast-Warrior" is not also read
/// as "Beast" and "Warrior".
fn races_in(text: &str) -> BTreeSet<Race> {
    let mut races: Vec<Race> = Race::ALL.to_vec();
    races.sort_by_key(|r| std::cmp::Reverse(r.word().len()));
    let mut rest = text.to_string();
    let mut found = BTreeSet::new();
    for race in races {
        // "Fairies": the one type whose plural is not the word and an "s".
        let irregular = race
            .word()
            .strip_suffix('y')
            .map(|stem| format!("{stem}ies"));
        for word in std::iter::once(race.word()).chain(irregular.as_deref()) {
            while let Some(at) = find_word(&rest, word, true) {
                found.insert(race);
                let blank = " ".repeat(word.len());
                rest.replace_range(at..at + word.len(), &blank);
            }
        }
    }
    found
}

fn contains_word(text: &str, word: &str, plural_ok: bool) -> bool {
    find_word(text, word, plural_ok).is_some()
}

/// The first place `word` stands alone in `text` (case matters: card text capitalises
/// types and prints attributes in capitals). A hyphen ends a word ("Warrior-Type").
fn find_word(text: &str, word: &str, plural_ok: bool) -> Option<usize> {
    let mut from = 0;
    while let Some(found) = text.get(from..).and_then(|rest| rest.find(word)) {
        let at = from + found;
        let before = text.get(..at).and_then(|b| b.chars().next_back());
        let mut after_at = at + word.len();
        let mut after = text.get(after_at..).and_then(|a| a.chars().next());
        if plural_ok && after == Some('s') {
            after_at += 1;
            after = text.get(after_at..).and_then(|a| a.chars().next());
        }
        let alone = |c: Option<char>| !c.is_some_and(char::is_alphanumeric);
        if alone(before) && alone(after) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::facts::CardTypes;

    fn monster(passcode: u32, name: &str, setcode: u64, text: &str) -> CardFacts {
        CardFacts {
            passcode: Passcode(passcode),
            alias: None,
            name: name.into(),
            archetypes: ArchetypeCode::unpack(setcode),
            types: CardTypes(CardTypes::MONSTER | CardTypes::EFFECT),
            attribute: Some(Attribute::Dark),
            race: Some(Race::Spellcaster),
            level: 4,
            atk: 1000,
            def: 1000,
            link_arrows: 0,
            pendulum_scale: None,
            text: text.into(),
        }
    }

    fn db_with(cards: Vec<CardFacts>) -> CardDatabase {
        let mut db = CardDatabase::new();
        for c in cards {
            db.add_card(c);
        }
        db.add_archetype(ArchetypeCode(0x10a2), "Dark Magician");
        db.add_archetype(ArchetypeCode(0x93), "Cyber");
        db.add_archetype(ArchetypeCode(0xdd), "Blue-Eyes");
        db
    }

    #[test]
    fn quoted_monsters_bring_their_archetypes_and_words_bring_types() {
        let db = db_with(vec![
            monster(1, "Dark Magician", 0x10a2, ""),
            monster(2, "Blue-Eyes White Dragon", 0xdd, ""),
        ]);
        let dm = monster(
            3,
            "Chronicle Magician",
            0,
            "Send 1 \"Dark Magician\" and 1 \"Blue-Eyes White Dragon\" to the GY; \
             Special Summon 1 Beast-Warrior Token (Beast-Warrior/LIGHT/Level 1/ATK 0/DEF 0). \
             Your Dark monsters cannot attack.",
        );
        let m = Mentions::of(&dm, &db);
        assert_eq!(m.monsters, BTreeSet::from([Passcode(1), Passcode(2)]));
        assert_eq!(
            m.archetypes,
            BTreeSet::from([ArchetypeCode(0xdd), ArchetypeCode(0x10a2)])
        );
        // "Dragon" inside a quoted name is not a mention; "Dark" in lower case is not the
        // attribute; Beast-Warrior is neither Beast nor Warrior.
        assert_eq!(m.races, BTreeSet::from([Race::BeastWarrior]));
        assert_eq!(m.attributes, BTreeSet::from([Attribute::Light]));
    }

    #[test]
    fn reminder_text_of_what_a_card_is_not_is_dropped() {
        let db = db_with(vec![]);
        let stein = monster(
            4,
            "Cyber-Stein",
            0,
            "(This card is not treated as a \"Cyber\" card.) Pay 5000 LP: Special Summon 1 \
             Fusion Monster from your Extra Deck in Attack Position.",
        );
        let m = Mentions::of(&stein, &db);
        assert!(m.archetypes.is_empty(), "{m:?}");
    }

    #[test]
    fn always_treated_as_names_the_same_card_but_a_field_only_name_does_not() {
        let umi = CardFacts {
            types: CardTypes(CardTypes::SPELL),
            ..monster(10, "Umi", 0, "")
        };
        let ocean = CardFacts {
            types: CardTypes(CardTypes::SPELL),
            ..monster(
                11,
                "A Legendary Ocean",
                0,
                "(This card is always treated as \"Umi\".)",
            )
        };
        let stealth = monster(
            12,
            "Sea Stealth II",
            0,
            "This card's name becomes \"Umi\" while on the field or in the GY.",
        );
        let db = db_with(vec![umi, ocean.clone(), stealth.clone()]);
        assert_eq!(
            always_treated_as(&ocean, &db),
            BTreeSet::from([Passcode(10)])
        );
        assert!(always_treated_as(&stealth, &db).is_empty());
    }

    #[test]
    fn plural_and_type_suffixed_words_count_but_longer_words_do_not() {
        assert!(contains_word("Warrior-Type monsters", "Warrior", true));
        assert!(contains_word("all Dragons you control", "Dragon", true));
        assert!(!contains_word("Dragonmaid", "Dragon", true));
        assert!(!contains_word("LIGHTS", "LIGHT", false));
        // The irregular plural of a type.
        assert!(races_in("All Fairies you control gain 300 ATK").contains(&Race::Fairy));
        assert!(!races_in("Fairy Tale").contains(&Race::Warrior));
    }
}
