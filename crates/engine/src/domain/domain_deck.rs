//! Domain Format's deck building: one Deck Master, exactly 60 Main Deck cards, up to 15
//! Extra Deck cards, one copy of each card across all three (names a card is "always
//! treated as" included), and every monster within the Deck Master's Domain. A check
//! names every card that breaks a rule, and why.

use std::collections::BTreeMap;

use thiserror::Error;

use super::domain_of::{Admission, Domain};
use super::facts::{CardDatabase, CardFacts, Passcode};
use super::mentions::always_treated_as_names;

/// The numbers a Domain deck is built to (the seed's; a format file may change them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DomainDeckRules {
    pub main: usize,
    pub max_extra: usize,
}

impl Default for DomainDeckRules {
    fn default() -> DomainDeckRules {
        DomainDeckRules {
            main: 60,
            max_extra: 15,
        }
    }
}

/// Which part of a deck a card is listed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Section {
    DeckMaster,
    Main,
    Extra,
}

impl Section {
    pub fn label(self) -> &'static str {
        match self {
            Section::DeckMaster => "Deck Master",
            Section::Main => "Main Deck",
            Section::Extra => "Extra Deck",
        }
    }
}

/// A Domain deck by passcode, as a file lists it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DomainDeck {
    pub deck_master: Option<Passcode>,
    pub main: Vec<Passcode>,
    pub extra: Vec<Passcode>,
}

impl DomainDeck {
    fn listed(&self) -> impl Iterator<Item = (Section, Passcode)> + '_ {
        self.deck_master
            .iter()
            .map(|p| (Section::DeckMaster, *p))
            .chain(self.main.iter().map(|p| (Section::Main, *p)))
            .chain(self.extra.iter().map(|p| (Section::Extra, *p)))
    }
}

/// One rule a Domain deck breaks.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DomainDeckProblem {
    #[error("{section}: passcode {passcode} is not in the card database (use the database that has it, or take the card out)", section = .section.label())]
    UnknownCard {
        section: Section,
        passcode: Passcode,
    },
    #[error(
        "no Deck Master: name one monster as the Deck Master (in a YDK file, the one card of the side deck)"
    )]
    NoDeckMaster,
    #[error("Deck Master {card}: a Deck Master must be a monster, this is a {kind}")]
    DeckMasterNotAMonster { card: String, kind: &'static str },
    #[error("the Main Deck holds {count} cards; it must hold exactly {wanted}")]
    MainDeckSize { count: usize, wanted: usize },
    #[error("the Extra Deck holds {count} cards; it may hold at most {max}")]
    ExtraDeckSize { count: usize, max: usize },
    #[error("{card} is a {kind}: it goes in the Extra Deck, not the Main Deck")]
    ExtraMonsterInMain { card: String, kind: &'static str },
    #[error("{card} is a {kind}: only Fusion, Synchro, Xyz and Link Monsters go in the Extra Deck")]
    MainCardInExtra { card: String, kind: &'static str },
    #[error("{section}: {card} is a {kind}, not a card a deck can hold", section = .section.label())]
    NotADeckCard {
        section: Section,
        card: String,
        kind: &'static str,
    },
    #[error("{section}: {card} is a second copy of a card the {first} already holds (one copy of each card across Deck Master, Main and Extra)", section = .section.label(), first = .first.label())]
    SecondCopy {
        section: Section,
        card: String,
        first: Section,
    },
    #[error("{section}: {card} counts as {name}, which {other} in the {first} already is or counts as (one copy of each card, names it is always treated as included)", section = .section.label(), first = .first.label())]
    SameNameCopy {
        section: Section,
        card: String,
        name: String,
        other: String,
        first: Section,
    },
    #[error("{section}: {card} is outside {deck_master}'s Domain (it is {what}); only monsters of the Domain may be played", section = .section.label())]
    OutsideDomain {
        section: Section,
        card: String,
        deck_master: String,
        what: String,
    },
}

/// A legal deck: its Domain, and why each monster is in it.
#[derive(Debug, Clone)]
pub struct DomainDeckReport {
    pub domain: Domain,
    pub deck_master: String,
    /// Main and Extra Deck monsters by what admitted them.
    pub admissions: Vec<(Passcode, Admission)>,
}

/// Checks `deck` against the Domain Format's deck building rules; every problem, or the
/// report of a legal deck.
pub fn check_domain_deck(
    deck: &DomainDeck,
    db: &CardDatabase,
    rules: DomainDeckRules,
) -> Result<DomainDeckReport, Vec<DomainDeckProblem>> {
    let mut problems = Vec::new();
    let known: Vec<(Section, &CardFacts)> = deck
        .listed()
        .filter_map(|(section, passcode)| match db.card(passcode) {
            Some(card) => Some((section, card)),
            None => {
                problems.push(DomainDeckProblem::UnknownCard { section, passcode });
                None
            }
        })
        .collect();

    let deck_master = deck.deck_master.and_then(|p| db.card(p));
    match (deck.deck_master, deck_master) {
        (None, _) => problems.push(DomainDeckProblem::NoDeckMaster),
        (Some(_), Some(card)) if !card.types.is_monster() || card.types.is_token() => {
            problems.push(DomainDeckProblem::DeckMasterNotAMonster {
                card: card.label(),
                kind: card.types.label(),
            });
        }
        _ => {}
    }
    if deck.main.len() != rules.main {
        problems.push(DomainDeckProblem::MainDeckSize {
            count: deck.main.len(),
            wanted: rules.main,
        });
    }
    if deck.extra.len() > rules.max_extra {
        problems.push(DomainDeckProblem::ExtraDeckSize {
            count: deck.extra.len(),
            max: rules.max_extra,
        });
    }
    for (section, card) in &known {
        let kind = card.types.label();
        if card.types.is_token() || card.types.is_outside_the_game() {
            problems.push(DomainDeckProblem::NotADeckCard {
                section: *section,
                card: card.label(),
                kind,
            });
        } else if *section == Section::Main && card.types.is_extra_deck() {
            problems.push(DomainDeckProblem::ExtraMonsterInMain {
                card: card.label(),
                kind,
            });
        } else if *section == Section::Extra && !card.types.is_extra_deck() {
            problems.push(DomainDeckProblem::MainCardInExtra {
                card: card.label(),
                kind,
            });
        }
    }
    problems.extend(copies(&known, db));

    let mut admissions = Vec::new();
    if let Some(master) = deck_master.filter(|c| c.types.is_monster()) {
        let domain = Domain::of(master, db);
        for (section, card) in known.iter().filter(|(s, _)| *s != Section::DeckMaster) {
            match domain.admits(card) {
                Some(why) => {
                    if card.types.is_monster() {
                        admissions.push((card.passcode, why));
                    }
                }
                None => problems.push(DomainDeckProblem::OutsideDomain {
                    section: *section,
                    card: card.label(),
                    deck_master: master.name.clone(),
                    what: what_it_is(card, db),
                }),
            }
        }
        if problems.is_empty() {
            return Ok(DomainDeckReport {
                domain,
                deck_master: master.label(),
                admissions,
            });
        }
    }
    Err(problems)
}

/// What makes two cards copies of each other: one card (two printings), or one name.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum CopyKey {
    Card(Passcode),
    /// A name in lower case: the card's own, or one it is always treated as.
    Name(String),
}

/// One copy of each card: two printings of one card, or two cards one of which is always
/// treated as the other (or both as a third, even one the database does not hold), are
/// copies.
fn copies(known: &[(Section, &CardFacts)], db: &CardDatabase) -> Vec<DomainDeckProblem> {
    let mut first_holder: BTreeMap<CopyKey, (Section, &CardFacts)> = BTreeMap::new();
    let mut problems = Vec::new();
    for (section, card) in known {
        let mut keys = vec![
            CopyKey::Card(card.identity()),
            CopyKey::Name(card.name.trim().to_lowercase()),
        ];
        let treated_as = always_treated_as_names(card);
        keys.extend(
            treated_as
                .iter()
                .map(|name| CopyKey::Name(name.to_lowercase())),
        );
        let clash = keys
            .iter()
            .find_map(|key| first_holder.get(key).map(|holder| (key.clone(), *holder)));
        match clash {
            Some((_, (first, other))) if other.identity() == card.identity() => {
                problems.push(DomainDeckProblem::SecondCopy {
                    section: *section,
                    card: card.label(),
                    first,
                });
            }
            Some((key, (first, other))) => problems.push(DomainDeckProblem::SameNameCopy {
                section: *section,
                card: card.label(),
                name: match key {
                    CopyKey::Card(passcode) => db
                        .card(passcode)
                        .map_or_else(|| passcode.to_string(), |c| format!("\"{}\"", c.name)),
                    CopyKey::Name(name) => match db.card_named(&name) {
                        Some(named) => format!("\"{}\"", named.name),
                        // Not in the database: as the card's text writes it.
                        None => treated_as
                            .iter()
                            .find(|n| n.to_lowercase() == name)
                            .map_or_else(|| format!("\"{name}\""), |n| format!("\"{n}\"")),
                    },
                },
                other: other.label(),
                first,
            }),
            None => {
                for key in keys {
                    first_holder.insert(key, (*section, card));
                }
            }
        }
    }
    problems
}

/// A monster's attribute, type and archetypes in words, for an error.
fn what_it_is(card: &CardFacts, db: &CardDatabase) -> String {
    let mut parts = Vec::new();
    if let Some(a) = card.attribute {
        parts.push(a.word().to_string());
    }
    if let Some(r) = card.race {
        parts.push(r.word().to_string());
    }
    for code in &card.archetypes {
        parts.push(format!("\"{}\"", db.archetype_name(code.base())));
    }
    if parts.is_empty() {
        card.types.label().to_string()
    } else {
        parts.join(" ")
    }
}
