//! A Deck Master's Domain: the monsters a Domain Format deck may hold.
//!
//! From the Deck Master itself and from what its effect mentions: named monsters (only
//! themselves), archetypes (always the base archetype: Destiny HERO brings every HERO),
//! attributes and monster types. Spells, traps, DIVINE and Divine-Beast monsters belong to
//! every Domain.

use std::collections::{BTreeMap, BTreeSet};

use super::facts::{ArchetypeCode, Attribute, CardDatabase, CardFacts, Passcode, Race};
use super::mentions::Mentions;

/// Where a part of a Domain comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Origin {
    /// The Deck Master is of it.
    DeckMaster,
    /// The Deck Master's effect mentions it (or a monster of it).
    Mentioned,
}

/// Why a card is within a Domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    SpellOrTrap,
    Divine,
    Named,
    Archetype(ArchetypeCode),
    Attribute(Attribute),
    Race(Race),
}

/// The Domain of one Deck Master.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Domain {
    pub deck_master: Passcode,
    pub named: BTreeSet<Passcode>,
    /// Base archetype codes.
    pub archetypes: BTreeMap<ArchetypeCode, Origin>,
    pub attributes: BTreeMap<Attribute, Origin>,
    pub races: BTreeMap<Race, Origin>,
}

impl Domain {
    pub fn of(deck_master: &CardFacts, db: &CardDatabase) -> Domain {
        Domain::with_mentions(deck_master, &Mentions::of(deck_master, db))
    }

    /// The Domain of a Deck Master whose text was read already (`mentions`).
    pub fn with_mentions(deck_master: &CardFacts, mentions: &Mentions) -> Domain {
        let mut archetypes = BTreeMap::new();
        for code in &mentions.archetypes {
            archetypes.insert(code.base(), Origin::Mentioned);
        }
        for code in &deck_master.archetypes {
            archetypes.insert(code.base(), Origin::DeckMaster);
        }
        let mut attributes: BTreeMap<Attribute, Origin> = mentions
            .attributes
            .iter()
            .map(|a| (*a, Origin::Mentioned))
            .collect();
        if let Some(own) = deck_master.attribute {
            attributes.insert(own, Origin::DeckMaster);
        }
        let mut races: BTreeMap<Race, Origin> = mentions
            .races
            .iter()
            .map(|r| (*r, Origin::Mentioned))
            .collect();
        if let Some(own) = deck_master.race {
            races.insert(own, Origin::DeckMaster);
        }
        Domain {
            deck_master: deck_master.identity(),
            named: mentions.monsters.clone(),
            archetypes,
            attributes,
            races,
        }
    }

    /// Why `card` is within this Domain, or `None` when it is not.
    pub fn admits(&self, card: &CardFacts) -> Option<Admission> {
        if card.types.is_spell() || card.types.is_trap() {
            return Some(Admission::SpellOrTrap);
        }
        if card.is_divine() {
            return Some(Admission::Divine);
        }
        if self.named.contains(&card.identity()) {
            return Some(Admission::Named);
        }
        if let Some(code) = card
            .archetypes
            .iter()
            .map(|c| c.base())
            .find(|c| self.archetypes.contains_key(c))
        {
            return Some(Admission::Archetype(code));
        }
        if let Some(a) = card.attribute.filter(|a| self.attributes.contains_key(a)) {
            return Some(Admission::Attribute(a));
        }
        card.race
            .filter(|r| self.races.contains_key(r))
            .map(Admission::Race)
    }

    /// The Domain in words, as a deck check prints it.
    pub fn describe(&self, db: &CardDatabase) -> String {
        let mut parts = Vec::new();
        let attrs: Vec<&str> = self.attributes.keys().map(|a| a.word()).collect();
        if !attrs.is_empty() {
            parts.push(attrs.join(", "));
        }
        let races: Vec<&str> = self.races.keys().map(|r| r.word()).collect();
        if !races.is_empty() {
            parts.push(races.join(", "));
        }
        let mut archetypes: Vec<String> = self
            .archetypes
            .keys()
            .map(|c| format!("\"{}\"", db.archetype_name(*c)))
            .collect();
        // Two codes may share a name ("Magician" is 0x98 and 0xa2): named once.
        archetypes.sort();
        archetypes.dedup();
        if !archetypes.is_empty() {
            parts.push(format!("archetypes {}", archetypes.join(", ")));
        }
        let named: Vec<String> = self
            .named
            .iter()
            .map(|p| {
                db.card(*p)
                    .map_or_else(|| p.to_string(), |c| c.name.clone())
            })
            .collect();
        if !named.is_empty() {
            parts.push(format!("named {}", named.join(", ")));
        }
        parts.push("DIVINE and Divine-Beast monsters, every spell and trap".into());
        parts.join("; ")
    }
}

impl Admission {
    pub fn describe(self, db: &CardDatabase) -> String {
        match self {
            Admission::SpellOrTrap => "spells and traps belong to every Domain".into(),
            Admission::Divine => "DIVINE and Divine-Beast belong to every Domain".into(),
            Admission::Named => "named by the Deck Master".into(),
            Admission::Archetype(code) => format!("a \"{}\" card", db.archetype_name(code)),
            Admission::Attribute(a) => a.word().into(),
            Admission::Race(r) => r.word().into(),
        }
    }
}
