//! Domain decks as players write them: `.ydk` files, `ydke://` links and FairDuel's own
//! deck files.
//!
//! Neither YDK nor ydke has a place for a Deck Master. FairDuel reads it from a
//! `#deckmaster PASSCODE` comment line (other tools ignore comments), or else from a side
//! deck of exactly one card, the way Domain players keep it in the simulators.
//!
//! ```text
//! #main
//! 89631139
//! #extra
//! !side
//! 46986414
//! ```

use fairduel_engine::domain::{DomainDeck, Passcode};
use serde::Deserialize;
use thiserror::Error;

/// The comment line FairDuel writes the Deck Master in.
pub const DECK_MASTER_TAG: &str = "#deckmaster";
const YDKE_PREFIX: &str = "ydke://";

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DeckFileError {
    #[error("line {line}: `{text}` is not a passcode (a YDK card line is the card's number alone)")]
    BadLine { line: usize, text: String },
    #[error("line {line}: a card before any #main, #extra or !side line — add `#main` above it")]
    NoSection { line: usize },
    #[error(
        "the side deck holds {count} cards and no `#deckmaster PASSCODE` line says which is the Deck Master — keep the Deck Master alone in the side deck, or add that line"
    )]
    UnclearDeckMaster { count: usize },
    #[error("the ydke link is not `ydke://MAIN!EXTRA!SIDE!` ({why})")]
    BadYdke { why: String },
    #[error("the deck file is not valid: {0}")]
    BadToml(String),
}

/// A deck file's name, if it has one, and its cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedDeck {
    pub name: Option<String>,
    pub deck: DomainDeck,
}

/// Reads a deck from a file's text or a link: `ydke://…`, a YDK file, or a FairDuel Domain
/// deck (`deck_master = …`, `main = […]`, `extra = […]`).
pub fn read_deck_text(text: &str) -> Result<ParsedDeck, DeckFileError> {
    let trimmed = text.trim();
    if trimmed.starts_with(YDKE_PREFIX) {
        read_ydke(trimmed)
    } else if looks_like_ydk(trimmed) {
        read_ydk(text)
    } else {
        read_toml(text)
    }
}

fn looks_like_ydk(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|first| first.starts_with('#') || first.starts_with('!'))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Main,
    Extra,
    Side,
}

fn read_ydk(text: &str) -> Result<ParsedDeck, DeckFileError> {
    let mut deck = DomainDeck::default();
    let mut side = Vec::new();
    let mut tagged = None;
    let mut part = None;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let bad = || DeckFileError::BadLine {
            line: index + 1,
            text: line.to_string(),
        };
        if let Some(rest) = line.strip_prefix(DECK_MASTER_TAG) {
            tagged = Some(Passcode(rest.trim().parse().map_err(|_| bad())?));
            continue;
        }
        match line {
            "" => continue,
            "#main" => part = Some(Part::Main),
            "#extra" => part = Some(Part::Extra),
            "!side" => part = Some(Part::Side),
            comment if comment.starts_with('#') => {}
            card => {
                let passcode = Passcode(card.parse().map_err(|_| bad())?);
                match part.ok_or(DeckFileError::NoSection { line: index + 1 })? {
                    Part::Main => deck.main.push(passcode),
                    Part::Extra => deck.extra.push(passcode),
                    Part::Side => side.push(passcode),
                }
            }
        }
    }
    deck.deck_master = deck_master(tagged, &side)?;
    Ok(ParsedDeck { name: None, deck })
}

fn deck_master(
    tagged: Option<Passcode>,
    side: &[Passcode],
) -> Result<Option<Passcode>, DeckFileError> {
    match (tagged, side) {
        (Some(master), _) => Ok(Some(master)),
        (None, []) => Ok(None),
        (None, [one]) => Ok(Some(*one)),
        (None, many) => Err(DeckFileError::UnclearDeckMaster { count: many.len() }),
    }
}

/// A `ydke://` link's three lists of passcodes: main, extra and side deck.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct YdkeLists {
    pub main: Vec<Passcode>,
    pub extra: Vec<Passcode>,
    pub side: Vec<Passcode>,
}

impl YdkeLists {
    /// The lists as a `ydke://` link: each deck's passcodes as little-endian 32-bit
    /// numbers in base64, separated by `!`.
    pub fn to_link(&self) -> String {
        let encode = |cards: &[Passcode]| {
            let bytes: Vec<u8> = cards.iter().flat_map(|p| p.0.to_le_bytes()).collect();
            data_encoding::BASE64.encode(&bytes)
        };
        format!(
            "{YDKE_PREFIX}{}!{}!{}!",
            encode(&self.main),
            encode(&self.extra),
            encode(&self.side)
        )
    }
}

fn read_ydke(link: &str) -> Result<ParsedDeck, DeckFileError> {
    let lists = parse_ydke(link)?;
    Ok(ParsedDeck {
        name: None,
        deck: DomainDeck {
            deck_master: deck_master(None, &lists.side)?,
            main: lists.main,
            extra: lists.extra,
        },
    })
}

/// Reads a `ydke://` link into its three lists of passcodes.
pub fn parse_ydke(link: &str) -> Result<YdkeLists, DeckFileError> {
    let link = link.trim();
    let body = link
        .strip_prefix(YDKE_PREFIX)
        .ok_or_else(|| DeckFileError::BadYdke {
            why: "it does not start with ydke://".into(),
        })?;
    let parts: Vec<&str> = body.split('!').collect();
    let bad = |why: String| DeckFileError::BadYdke { why };
    if parts.len() < 3 {
        return Err(bad(format!("{} parts, three are needed", parts.len())));
    }
    let mut lists = Vec::with_capacity(3);
    for (name, part) in ["main", "extra", "side"].into_iter().zip(&parts) {
        let bytes = data_encoding::BASE64
            .decode(part.as_bytes())
            .map_err(|e| bad(format!("the {name} deck is not base64: {e}")))?;
        if bytes.len() % 4 != 0 {
            return Err(bad(format!(
                "the {name} deck is {} bytes, not whole passcodes",
                bytes.len()
            )));
        }
        lists.push(
            bytes
                .chunks_exact(4)
                .map(|b| Passcode(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
                .collect::<Vec<_>>(),
        );
    }
    let side = lists.pop().unwrap_or_default();
    let extra = lists.pop().unwrap_or_default();
    let main = lists.pop().unwrap_or_default();
    Ok(YdkeLists { main, extra, side })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TomlDeck {
    name: Option<String>,
    deck_master: Option<u32>,
    #[serde(default)]
    main: Vec<u32>,
    #[serde(default)]
    extra: Vec<u32>,
}

fn read_toml(text: &str) -> Result<ParsedDeck, DeckFileError> {
    let raw: TomlDeck = toml::from_str(text).map_err(|e| DeckFileError::BadToml(e.to_string()))?;
    Ok(ParsedDeck {
        name: raw.name,
        deck: DomainDeck {
            deck_master: raw.deck_master.map(Passcode),
            main: raw.main.into_iter().map(Passcode).collect(),
            extra: raw.extra.into_iter().map(Passcode).collect(),
        },
    })
}

/// The deck as a YDK file, the Deck Master alone in the side deck and named by a tag line.
pub fn to_ydk(deck: &DomainDeck) -> String {
    let mut out = String::from("#created by FairDuel\n");
    if let Some(master) = deck.deck_master {
        out.push_str(&format!("{DECK_MASTER_TAG} {master}\n"));
    }
    out.push_str("#main\n");
    for p in &deck.main {
        out.push_str(&format!("{p}\n"));
    }
    out.push_str("#extra\n");
    for p in &deck.extra {
        out.push_str(&format!("{p}\n"));
    }
    out.push_str("!side\n");
    if let Some(master) = deck.deck_master {
        out.push_str(&format!("{master}\n"));
    }
    out
}

/// The deck as a `ydke://` link, the Deck Master alone in the side deck.
pub fn to_ydke(deck: &DomainDeck) -> String {
    YdkeLists {
        main: deck.main.clone(),
        extra: deck.extra.clone(),
        side: deck.deck_master.into_iter().collect(),
    }
    .to_link()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> DomainDeck {
        DomainDeck {
            deck_master: Some(Passcode(46_986_414)),
            main: vec![Passcode(89_631_139), Passcode(5)],
            extra: vec![Passcode(23_995_346)],
        }
    }

    #[test]
    fn ydk_and_ydke_round_trip_with_the_deck_master() {
        let deck = sample();
        assert_eq!(
            read_deck_text(&to_ydk(&deck)).map(|p| p.deck),
            Ok(deck.clone())
        );
        assert_eq!(read_deck_text(&to_ydke(&deck)).map(|p| p.deck), Ok(deck));
    }

    #[test]
    fn the_one_side_card_is_the_deck_master_and_a_crowded_side_needs_the_tag() {
        let one = read_deck_text("#main\n1\n2\n#extra\n3\n!side\n4\n").expect("reads");
        assert_eq!(one.deck.deck_master, Some(Passcode(4)));
        let two = read_deck_text("#main\n1\n!side\n4\n5\n");
        assert_eq!(two, Err(DeckFileError::UnclearDeckMaster { count: 2 }));
        let tagged = read_deck_text("#deckmaster 5\n#main\n1\n!side\n4\n5\n").expect("reads");
        assert_eq!(tagged.deck.deck_master, Some(Passcode(5)));
    }

    #[test]
    fn broken_files_say_where() {
        assert_eq!(
            read_deck_text("#main\n12x\n"),
            Err(DeckFileError::BadLine {
                line: 2,
                text: "12x".into()
            })
        );
        assert!(matches!(
            read_deck_text("ydke://AAA!!!"),
            Err(DeckFileError::BadYdke { .. })
        ));
        assert!(matches!(
            read_deck_text("ydke://AAAA"),
            Err(DeckFileError::BadYdke { .. })
        ));
        assert!(matches!(
            read_deck_text("deck_master = \"x\""),
            Err(DeckFileError::BadToml(_))
        ));
    }

    #[test]
    fn a_fairduel_domain_deck_reads() {
        let parsed =
            read_deck_text("name = \"Dragons\"\ndeck_master = 7\nmain = [1, 2]\nextra = [3]\n")
                .expect("reads");
        assert_eq!(parsed.name.as_deref(), Some("Dragons"));
        assert_eq!(parsed.deck.main, vec![Passcode(1), Passcode(2)]);
    }
}
