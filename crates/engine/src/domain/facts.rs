//! The card game's printed facts, as the simulators' card databases hold them: a passcode,
//! a name, archetype codes, card-type bits, attribute, monster type, level and stats.
//!
//! FairDuel ships none of these cards. A player's own database (`cards.cdb`, read by the
//! `fairduel-carddb` crate) fills a [`CardDatabase`] at run time; its texts stay in memory
//! only, to find which cards, archetypes, attributes and types a Deck Master mentions.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A card's Konami passcode, the simulators' card id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Passcode(pub u32);

impl fmt::Display for Passcode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// An archetype code: the low 12 bits name the base archetype, the high 4 bits a
/// sub-archetype of it (0x1002 "R-Genex" belongs to 0x2 "Genex").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ArchetypeCode(pub u16);

impl ArchetypeCode {
    /// The base archetype, which a Domain always uses.
    pub fn base(self) -> ArchetypeCode {
        ArchetypeCode(self.0 & 0x0fff)
    }

    /// The up to four archetype codes a database packs into one 64-bit `setcode`.
    pub fn unpack(setcode: u64) -> Vec<ArchetypeCode> {
        (0..4)
            .map(|i| ArchetypeCode(((setcode >> (16 * i)) & 0xffff) as u16))
            .filter(|c| c.0 != 0)
            .collect()
    }
}

impl fmt::Display for ArchetypeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#x}", self.0)
    }
}

/// The card game's seven attributes, with the databases' bit for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Attribute {
    Earth,
    Water,
    Fire,
    Wind,
    Light,
    Dark,
    Divine,
}

impl Attribute {
    pub const ALL: [Attribute; 7] = [
        Attribute::Earth,
        Attribute::Water,
        Attribute::Fire,
        Attribute::Wind,
        Attribute::Light,
        Attribute::Dark,
        Attribute::Divine,
    ];

    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// The attribute as card text prints it (in capitals).
    pub fn word(self) -> &'static str {
        match self {
            Attribute::Earth => "EARTH",
            Attribute::Water => "WATER",
            Attribute::Fire => "FIRE",
            Attribute::Wind => "WIND",
            Attribute::Light => "LIGHT",
            Attribute::Dark => "DARK",
            Attribute::Divine => "DIVINE",
        }
    }

    pub fn from_bits(bits: u32) -> Option<Attribute> {
        Attribute::ALL.into_iter().find(|a| bits & a.bit() != 0)
    }
}

/// The card game's monster types ("races" in the databases), with the databases' bit for
/// each: the official ones, then the Rush Duel ones some databases also hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Race {
    Warrior,
    Spellcaster,
    Fairy,
    Fiend,
    Zombie,
    Machine,
    Aqua,
    Pyro,
    Rock,
    WingedBeast,
    Plant,
    Insect,
    Thunder,
    Dragon,
    Beast,
    BeastWarrior,
    Dinosaur,
    Fish,
    SeaSerpent,
    Reptile,
    Psychic,
    DivineBeast,
    CreatorGod,
    Wyrm,
    Cyberse,
    Illusion,
    Cyborg,
    MagicalKnight,
    HighDragon,
    OmegaPsychic,
    CelestialWarrior,
    Galaxy,
}

impl Race {
    pub const ALL: [Race; 32] = [
        Race::Warrior,
        Race::Spellcaster,
        Race::Fairy,
        Race::Fiend,
        Race::Zombie,
        Race::Machine,
        Race::Aqua,
        Race::Pyro,
        Race::Rock,
        Race::WingedBeast,
        Race::Plant,
        Race::Insect,
        Race::Thunder,
        Race::Dragon,
        Race::Beast,
        Race::BeastWarrior,
        Race::Dinosaur,
        Race::Fish,
        Race::SeaSerpent,
        Race::Reptile,
        Race::Psychic,
        Race::DivineBeast,
        Race::CreatorGod,
        Race::Wyrm,
        Race::Cyberse,
        Race::Illusion,
        Race::Cyborg,
        Race::MagicalKnight,
        Race::HighDragon,
        Race::OmegaPsychic,
        Race::CelestialWarrior,
        Race::Galaxy,
    ];

    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }

    /// The type as card text prints it.
    pub fn word(self) -> &'static str {
        match self {
            Race::Warrior => "Warrior",
            Race::Spellcaster => "Spellcaster",
            Race::Fairy => "Fairy",
            Race::Fiend => "Fiend",
            Race::Zombie => "Zombie",
            Race::Machine => "Machine",
            Race::Aqua => "Aqua",
            Race::Pyro => "Pyro",
            Race::Rock => "Rock",
            Race::WingedBeast => "Winged Beast",
            Race::Plant => "Plant",
            Race::Insect => "Insect",
            Race::Thunder => "Thunder",
            Race::Dragon => "Dragon",
            Race::Beast => "Beast",
            Race::BeastWarrior => "Beast-Warrior",
            Race::Dinosaur => "Dinosaur",
            Race::Fish => "Fish",
            Race::SeaSerpent => "Sea Serpent",
            Race::Reptile => "Reptile",
            Race::Psychic => "Psychic",
            Race::DivineBeast => "Divine-Beast",
            Race::CreatorGod => "Creator God",
            Race::Wyrm => "Wyrm",
            Race::Cyberse => "Cyberse",
            Race::Illusion => "Illusion",
            Race::Cyborg => "Cyborg",
            Race::MagicalKnight => "Magical Knight",
            Race::HighDragon => "High Dragon",
            Race::OmegaPsychic => "Omega Psychic",
            Race::CelestialWarrior => "Celestial Warrior",
            Race::Galaxy => "Galaxy",
        }
    }

    pub fn from_bits(bits: u32) -> Option<Race> {
        Race::ALL.into_iter().find(|r| bits & r.bit() != 0)
    }
}

/// The databases' card-type bit field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardTypes(pub u32);

impl CardTypes {
    pub const MONSTER: u32 = 0x1;
    pub const SPELL: u32 = 0x2;
    pub const TRAP: u32 = 0x4;
    pub const NORMAL: u32 = 0x10;
    pub const EFFECT: u32 = 0x20;
    pub const FUSION: u32 = 0x40;
    pub const RITUAL: u32 = 0x80;
    pub const FLIP: u32 = 0x20_0000;
    pub const TUNER: u32 = 0x1000;
    pub const SYNCHRO: u32 = 0x2000;
    pub const QUICK_PLAY: u32 = 0x1_0000;
    pub const CONTINUOUS: u32 = 0x2_0000;
    pub const EQUIP: u32 = 0x4_0000;
    pub const FIELD: u32 = 0x8_0000;
    pub const COUNTER: u32 = 0x10_0000;
    pub const TOKEN: u32 = 0x4000;
    pub const XYZ: u32 = 0x80_0000;
    pub const PENDULUM: u32 = 0x100_0000;
    pub const LINK: u32 = 0x400_0000;
    pub const SKILL: u32 = 0x800_0000;
    pub const ACTION: u32 = 0x1000_0000;

    fn has(self, bit: u32) -> bool {
        self.0 & bit != 0
    }

    pub fn is_monster(self) -> bool {
        self.has(Self::MONSTER)
    }

    pub fn is_spell(self) -> bool {
        self.has(Self::SPELL)
    }

    pub fn is_trap(self) -> bool {
        self.has(Self::TRAP)
    }

    pub fn is_token(self) -> bool {
        self.has(Self::TOKEN)
    }

    /// Skill and Action cards are not cards of a deck.
    pub fn is_outside_the_game(self) -> bool {
        self.has(Self::SKILL) || self.has(Self::ACTION)
    }

    /// Fusion, Synchro, Xyz and Link monsters start in the Extra Deck.
    pub fn is_extra_deck(self) -> bool {
        self.is_monster() && self.0 & (Self::FUSION | Self::SYNCHRO | Self::XYZ | Self::LINK) != 0
    }

    pub fn is_link(self) -> bool {
        self.has(Self::LINK)
    }

    pub fn is_pendulum(self) -> bool {
        self.has(Self::PENDULUM)
    }

    /// The kind of card in words ("Fusion Monster", "Spell", …).
    pub fn label(self) -> &'static str {
        if self.is_spell() {
            "Spell"
        } else if self.is_trap() {
            "Trap"
        } else if self.is_token() {
            "Token"
        } else if self.has(Self::LINK) {
            "Link Monster"
        } else if self.has(Self::XYZ) {
            "Xyz Monster"
        } else if self.has(Self::SYNCHRO) {
            "Synchro Monster"
        } else if self.has(Self::FUSION) {
            "Fusion Monster"
        } else if self.has(Self::RITUAL) {
            "Ritual Monster"
        } else if self.is_monster() {
            "Monster"
        } else {
            "card of no known kind"
        }
    }
}

/// One card as a database describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFacts {
    pub passcode: Passcode,
    /// The card this entry is another printing of (alternate art, a simulator's copy): the
    /// same card for every rule.
    pub alias: Option<Passcode>,
    pub name: String,
    pub archetypes: Vec<ArchetypeCode>,
    pub types: CardTypes,
    pub attribute: Option<Attribute>,
    pub race: Option<Race>,
    /// Level, Rank or Link Rating.
    pub level: u8,
    pub atk: i32,
    pub def: i32,
    /// A Link Monster's Link arrows (the database's bits: see
    /// [`crate::field::LinkArrows`]); 0 for every other card.
    pub link_arrows: u16,
    /// A Pendulum Monster's Pendulum Scale; none for every other card.
    pub pendulum_scale: Option<u8>,
    /// The card's text from the player's own database: read to find what it mentions,
    /// never stored or shown as FairDuel's.
    pub text: String,
}

impl CardFacts {
    /// The passcode every printing of this card shares.
    pub fn identity(&self) -> Passcode {
        self.alias.unwrap_or(self.passcode)
    }

    pub fn is_divine(&self) -> bool {
        self.attribute == Some(Attribute::Divine) || self.race == Some(Race::DivineBeast)
    }

    /// "Name (passcode)", how an error names the card.
    pub fn label(&self) -> String {
        format!("{} ({})", self.name, self.passcode)
    }
}

/// A card database: every card by passcode, with names and archetype names to look up.
#[derive(Debug, Clone, Default)]
pub struct CardDatabase {
    cards: BTreeMap<Passcode, CardFacts>,
    /// Lower-case names to passcodes (the first printing read keeps the name).
    by_name: BTreeMap<String, Passcode>,
    archetypes: BTreeMap<ArchetypeCode, String>,
    /// Every code a name stands for: the strings file gives some names two codes ("Earthbound"
    /// is 0x21 and 0x151a, "Magician" 0x98 and 0xa2).
    archetype_by_name: BTreeMap<String, BTreeSet<ArchetypeCode>>,
}

impl CardDatabase {
    pub fn new() -> CardDatabase {
        CardDatabase::default()
    }

    /// Adds a card; a later entry with the same passcode replaces the earlier one (as the
    /// simulators let a later database override an earlier one).
    pub fn add_card(&mut self, card: CardFacts) {
        let key = card.name.to_lowercase();
        let canonical = card.alias.is_none();
        match self.by_name.get(&key) {
            // The original printing names the card; an alias only fills a gap.
            Some(existing) if !canonical && self.cards.contains_key(existing) => {}
            _ => {
                self.by_name.insert(key, card.passcode);
            }
        }
        self.cards.insert(card.passcode, card);
    }

    /// Names an archetype code (`!setname 0xCODE Name` in strings.conf).
    pub fn add_archetype(&mut self, code: ArchetypeCode, name: &str) {
        self.archetype_by_name
            .entry(name.trim().to_lowercase())
            .or_default()
            .insert(code);
        self.archetypes.insert(code, name.trim().to_string());
    }

    pub fn card(&self, passcode: Passcode) -> Option<&CardFacts> {
        self.cards.get(&passcode)
    }

    pub fn card_named(&self, name: &str) -> Option<&CardFacts> {
        self.by_name
            .get(&name.trim().to_lowercase())
            .and_then(|p| self.cards.get(p))
    }

    /// The archetypes named `name` (none, one, or several codes sharing the name).
    pub fn archetypes_named(&self, name: &str) -> impl Iterator<Item = ArchetypeCode> + '_ {
        self.archetype_by_name
            .get(&name.trim().to_lowercase())
            .into_iter()
            .flatten()
            .copied()
    }

    /// An archetype's name, or its code in hex when no strings file named it.
    pub fn archetype_name(&self, code: ArchetypeCode) -> String {
        self.archetypes
            .get(&code)
            .cloned()
            .unwrap_or_else(|| format!("archetype {code}"))
    }

    pub fn cards(&self) -> impl Iterator<Item = &CardFacts> {
        self.cards.values()
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn archetype_count(&self) -> usize {
        self.archetypes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setcode_unpacks_into_its_archetypes_and_their_bases() {
        let codes = ArchetypeCode::unpack(0x0111_0041);
        assert_eq!(codes, vec![ArchetypeCode(0x41), ArchetypeCode(0x111)]);
        assert_eq!(ArchetypeCode(0xc008).base(), ArchetypeCode(0x8));
        assert!(ArchetypeCode::unpack(0).is_empty());
    }

    #[test]
    fn bits_name_attributes_types_and_kinds() {
        assert_eq!(Attribute::from_bits(0x20), Some(Attribute::Dark));
        assert_eq!(Attribute::from_bits(0x40), Some(Attribute::Divine));
        assert_eq!(Race::from_bits(0x2000), Some(Race::Dragon));
        assert_eq!(Race::from_bits(0x20_0000), Some(Race::DivineBeast));
        assert_eq!(Race::from_bits(0x100_0000), Some(Race::Cyberse));
        let fusion = CardTypes(CardTypes::MONSTER | CardTypes::FUSION);
        assert!(fusion.is_extra_deck());
        assert_eq!(fusion.label(), "Fusion Monster");
        assert!(!CardTypes(CardTypes::SPELL | CardTypes::FUSION).is_extra_deck());
    }
}
