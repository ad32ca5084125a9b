//! Card definitions: stats plus effects in FairDuel's own declarative vocabulary.
//!
//! The vocabulary is modelled on the original game's effect table: every effect has a
//! trigger (flip, attack, destruction, movement, nature/continuous, activation, trap
//! condition), targets described by a board range and a filter, a primitive, and a
//! duration. Card text shown to players is generated from these definitions (see
//! [`crate::text`]).

use serde::{Deserialize, Serialize};

use crate::kingdom_card::KingdomCard;
use crate::terrain::Terrain;

mod effects;
pub use effects::*;

/// A card's number in the pool. For the DOR pool this is the original game's card number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

impl std::fmt::Display for CardId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{:03}", self.0)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Attribute {
    Light,
    Dark,
    Fire,
    Water,
    Earth,
    Wind,
    /// The card game's gods; no card of the original game's pool has it (a card database's
    /// pool can).
    Divine,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MonsterType {
    Dragon,
    Spellcaster,
    Zombie,
    Warrior,
    BeastWarrior,
    Beast,
    WingedBeast,
    Fiend,
    Fairy,
    Insect,
    Dinosaur,
    Reptile,
    Fish,
    SeaSerpent,
    Machine,
    Thunder,
    Aqua,
    Pyro,
    Rock,
    Plant,
    Toon,
    /// The original game's Immortals: Crush terrain powers them up instead of crushing them.
    Immortal,
    // The card game's types the original game never had: cards of a player's card database
    // (Domain Format) carry them. No terrain powers them up or weakens them.
    Psychic,
    DivineBeast,
    CreatorGod,
    Wyrm,
    Cyberse,
    Illusion,
}

impl MonsterType {
    /// The original game's types (a card database's cards add the card game's others).
    pub const ALL: [MonsterType; 22] = [
        MonsterType::Dragon,
        MonsterType::Spellcaster,
        MonsterType::Zombie,
        MonsterType::Warrior,
        MonsterType::BeastWarrior,
        MonsterType::Beast,
        MonsterType::WingedBeast,
        MonsterType::Fiend,
        MonsterType::Fairy,
        MonsterType::Insect,
        MonsterType::Dinosaur,
        MonsterType::Reptile,
        MonsterType::Fish,
        MonsterType::SeaSerpent,
        MonsterType::Machine,
        MonsterType::Thunder,
        MonsterType::Aqua,
        MonsterType::Pyro,
        MonsterType::Rock,
        MonsterType::Plant,
        MonsterType::Toon,
        MonsterType::Immortal,
    ];

    pub fn label(self) -> &'static str {
        match self {
            MonsterType::Dragon => "Dragon",
            MonsterType::Spellcaster => "Spellcaster",
            MonsterType::Zombie => "Zombie",
            MonsterType::Warrior => "Warrior",
            MonsterType::BeastWarrior => "Beast-Warrior",
            MonsterType::Beast => "Beast",
            MonsterType::WingedBeast => "Winged Beast",
            MonsterType::Fiend => "Fiend",
            MonsterType::Fairy => "Fairy",
            MonsterType::Insect => "Insect",
            MonsterType::Dinosaur => "Dinosaur",
            MonsterType::Reptile => "Reptile",
            MonsterType::Fish => "Fish",
            MonsterType::SeaSerpent => "Sea Serpent",
            MonsterType::Machine => "Machine",
            MonsterType::Thunder => "Thunder",
            MonsterType::Aqua => "Aqua",
            MonsterType::Pyro => "Pyro",
            MonsterType::Rock => "Rock",
            MonsterType::Plant => "Plant",
            MonsterType::Toon => "Toon",
            MonsterType::Immortal => "Immortal",
            MonsterType::Psychic => "Psychic",
            MonsterType::DivineBeast => "Divine-Beast",
            MonsterType::CreatorGod => "Creator God",
            MonsterType::Wyrm => "Wyrm",
            MonsterType::Cyberse => "Cyberse",
            MonsterType::Illusion => "Illusion",
        }
    }
}

impl Attribute {
    pub fn label(self) -> &'static str {
        match self {
            Attribute::Light => "LIGHT",
            Attribute::Dark => "DARK",
            Attribute::Fire => "FIRE",
            Attribute::Water => "WATER",
            Attribute::Earth => "EARTH",
            Attribute::Wind => "WIND",
            Attribute::Divine => "DIVINE",
        }
    }
}

/// The stats printed on a monster card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MonsterStats {
    pub attribute: Attribute,
    #[serde(rename = "type")]
    pub monster_type: MonsterType,
    pub level: u8,
    pub atk: u16,
    pub def: u16,
    /// A Ritual Monster: summoned only by its Ritual card, so it never goes in a main deck
    /// nor is played from the hand (Kairu: "Ritual Monster cards go in your Extra Deck and
    /// NOT your main deck").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ritual: bool,
    /// A terrain that powers this monster up whatever its type (the original's "Strong in
    /// TOON terrain").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strong_in: Option<Terrain>,
    /// How a card game's Extra Deck monster is summoned (a card database's cards): it waits
    /// in the Extra Deck and never comes from the hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_deck: Option<ExtraDeckSummon>,
}

/// The summon mechanic of a card game's Extra Deck monster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExtraDeckSummon {
    Fusion,
    Synchro,
    Xyz,
    Link,
}

impl ExtraDeckSummon {
    pub fn label(self) -> &'static str {
        match self {
            ExtraDeckSummon::Fusion => "Fusion",
            ExtraDeckSummon::Synchro => "Synchro",
            ExtraDeckSummon::Xyz => "Xyz",
            ExtraDeckSummon::Link => "Link",
        }
    }
}

impl MonsterStats {
    /// What the terrain `terrain` adds to this monster's ATK and DEF.
    pub fn terrain_bonus(&self, terrain: Terrain) -> i32 {
        if self.strong_in == Some(terrain) {
            return crate::terrain::TERRAIN_BONUS;
        }
        terrain.stat_bonus(self.monster_type)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SpellKind {
    /// Resolves once and goes to the graveyard.
    Normal,
    /// A power-up: attaches to a monster that its `equip` filter accepts.
    Equip,
    /// Terraforms (Kairu) or sets the controller's field (Classic).
    Field,
    /// Stays on the field while its effect lasts.
    Continuous,
    /// Summons its Ritual Monster from the Extra Deck onto the spell's own cell, for the
    /// tributes its `ritual` names.
    Ritual,
    /// The card game's Quick-Play Spell (a card database's cards): Quick on the card game's
    /// field.
    QuickPlay,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrapKind {
    /// The original game's "disposable" trap: resolves once.
    Normal,
    /// The original game's "permanent" trap: stays face-up after it triggers.
    Continuous,
    /// The card game's Counter Trap (a card database's cards).
    Counter,
}

/// Whether a trap reaches only the zones orthogonally next to it, or the whole field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrapRange {
    Limited,
    Full,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum CardKind {
    Monster(MonsterStats),
    Spell {
        spell: SpellKind,
    },
    Trap {
        trap: TrapKind,
        range: TrapRange,
    },
    /// A Kingdom Duels card: the card game's field, with its own frames and types.
    Kingdom(Box<KingdomCard>),
}

/// One card of a pool.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardDef {
    pub id: CardId,
    pub name: String,
    pub kind: CardKind,
    /// For equip spells: which monsters accept it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equip_to: Option<Filter>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<EffectDef>,
    /// For Ritual spells: the monster they summon and what each tribute must be.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ritual: Option<RitualDef>,
    /// Where the card came from a player's card database (Domain Format): its passcode and
    /// the facts a Domain is built from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub database: Option<Box<DatabaseEntry>>,
}

/// A card database's facts about a card that the card itself does not carry: its passcode,
/// archetypes, the card game's type and attribute, and what its text mentions (read from the
/// player's own database when the pool is built; the text itself is never kept).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct DatabaseEntry {
    pub passcode: u32,
    /// The passcode of the card this entry is another printing of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alias: Option<u32>,
    /// Archetype codes (as the database packs them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub archetypes: Vec<u16>,
    /// The card game's type-line bits (monster, spell, trap, effect, Extra Deck kinds …).
    pub types: u32,
    /// The card game's attribute and race bits (0 for spells and traps).
    #[serde(default)]
    pub attribute: u32,
    #[serde(default)]
    pub race: u32,
    /// What the card's text mentions, for a Domain: monsters by passcode, archetype codes,
    /// attribute bits and race bits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentions_monsters: Vec<u32>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mentions_archetypes: Vec<u16>,
    #[serde(default)]
    pub mentions_attributes: u32,
    #[serde(default)]
    pub mentions_races: u32,
    /// Cards it is "always treated as", for the one-copy rule.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub treated_as: Vec<u32>,
    /// A Link Monster's Link arrows (see [`crate::field::LinkArrows`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub link_arrows: u16,
    /// A Pendulum Monster's Pendulum Scale (the database's left scale: every printed card
    /// has the same scale on both sides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pendulum_scale: Option<u8>,
    /// Its text gives it, with no condition, the power to attack the opponent directly
    /// (DOR Classic rule 14: on the grid it may then attack the Deck Leader in its row or
    /// column).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub attacks_directly: bool,
}

fn is_zero(value: &u16) -> bool {
    *value == 0
}

impl DatabaseEntry {
    /// The passcode every printing of the card shares.
    pub fn identity(&self) -> u32 {
        self.alias.unwrap_or(self.passcode)
    }
}

/// What a Ritual spell asks and gives: one face-up monster of the caster's per entry of
/// `tributes`, each passing its own filter, for the Ritual Monster `summons`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RitualDef {
    pub summons: CardId,
    pub tributes: Vec<Filter>,
}

impl CardDef {
    pub fn monster(&self) -> Option<&MonsterStats> {
        match &self.kind {
            CardKind::Monster(stats) => Some(stats),
            _ => None,
        }
    }

    pub fn is_monster(&self) -> bool {
        matches!(self.kind, CardKind::Monster(_))
    }

    pub fn is_spell(&self) -> bool {
        matches!(self.kind, CardKind::Spell { .. })
    }

    pub fn is_trap(&self) -> bool {
        matches!(self.kind, CardKind::Trap { .. })
    }

    /// A Field Spell: on a field with a Field Zone, it is played there and nowhere else.
    pub fn goes_to_the_field_zone(&self) -> bool {
        self.spell_kind() == Some(SpellKind::Field)
    }

    pub fn spell_kind(&self) -> Option<SpellKind> {
        match self.kind {
            CardKind::Spell { spell } => Some(spell),
            _ => None,
        }
    }

    pub fn level(&self) -> u8 {
        match &self.kind {
            CardKind::Monster(m) => m.level,
            CardKind::Kingdom(k) => k.level.unwrap_or(0),
            _ => 0,
        }
    }

    /// On the card game's field: a monster a Normal Summon or Set may bring from the hand
    /// (a Kingdom Duels Main Deck monster; a pool monster that is not a Ritual Monster).
    pub fn is_normal_summonable(&self) -> bool {
        match &self.kind {
            CardKind::Kingdom(k) => k.is_main_deck_monster(),
            CardKind::Monster(m) => {
                !m.ritual && m.extra_deck.is_none() && !self.is_database_ritual_monster()
            }
            _ => false,
        }
    }

    /// A card game's Fusion, Synchro, Xyz or Link Monster (a card database's): it starts in
    /// the Extra Deck. The original game's fusions and Ritual Monsters are not this: Domain
    /// Format plays them as the card game's Main Deck monsters they were printed as.
    pub fn is_card_game_extra_deck_monster(&self) -> bool {
        self.monster().is_some_and(|m| m.extra_deck.is_some())
    }

    /// A monster whose place off the field is its owner's Extra Deck: a card game's Fusion,
    /// Synchro, Xyz or Link Monster, or a Kingdom Duels Extra Deck monster (a Fusion,
    /// Ritual, Alter or Integration Monster: "play them from the Extra Deck"). Sent to the
    /// hand or the deck, it returns there instead.
    pub fn returns_to_extra_deck(&self) -> bool {
        self.is_card_game_extra_deck_monster()
            || self.kingdom().is_some_and(|k| {
                k.deck == crate::kingdom_card::DeckZone::Extra
                    && k.is(crate::kingdom_card::MainType::Monster)
            })
    }

    /// A Kingdom Duels card with the FLIP keyword (the players' own definitions say so).
    pub fn has_flip(&self) -> bool {
        self.kingdom()
            .is_some_and(|k| k.has_keyword(crate::kingdom_card::Keyword::Flip))
    }

    /// A Kingdom Duels card whose effect is Unstoppable (the players' own definitions).
    pub fn is_unstoppable(&self) -> bool {
        self.kingdom()
            .is_some_and(|k| k.has_keyword(crate::kingdom_card::Keyword::Unstoppable))
    }

    /// The Pendulum Scale of a card game's Pendulum Monster (a card database's): it may be
    /// activated as a spell in a Pendulum Zone.
    pub fn pendulum_scale(&self) -> Option<u8> {
        if !self.is_monster() {
            return None;
        }
        self.database.as_ref().and_then(|d| d.pendulum_scale)
    }

    /// A card game's Ritual Monster from a card database: in the Main Deck (unlike a
    /// Duelists of the Roses one), yet never Normal Summoned.
    pub fn is_database_ritual_monster(&self) -> bool {
        use crate::domain::CardTypes;
        const MONSTER_AND_RITUAL: u32 = CardTypes::MONSTER | CardTypes::RITUAL;
        self.database
            .as_ref()
            .is_some_and(|d| d.types & MONSTER_AND_RITUAL == MONSTER_AND_RITUAL)
    }

    /// On the card game's field: a spell card (Kingdom Duels: one of its types is Spell).
    pub fn is_field_spell_card(&self) -> bool {
        match &self.kind {
            CardKind::Kingdom(k) => k.is(crate::kingdom_card::MainType::Spell),
            kind => matches!(kind, CardKind::Spell { .. }),
        }
    }

    /// On the card game's field: a trap card (Kingdom Duels: one of its types is Trap).
    pub fn is_field_trap_card(&self) -> bool {
        match &self.kind {
            CardKind::Kingdom(k) => k.is(crate::kingdom_card::MainType::Trap),
            kind => matches!(kind, CardKind::Trap { .. }),
        }
    }

    /// The printed ATK and DEF of a monster, of either kind of pool.
    pub fn printed_stats(&self) -> Option<(u16, u16)> {
        match &self.kind {
            CardKind::Monster(m) => Some((m.atk, m.def)),
            CardKind::Kingdom(k) if k.level.is_some() || k.atk.is_some() => {
                Some((k.base_atk(), k.base_def()))
            }
            _ => None,
        }
    }

    /// The Kingdom Duels facts, for a Kingdom Duels card.
    /// A Token: Kingdom Duels' gray-frame Token cards, the card game's Tokens of a card
    /// database. Never in a deck; brought onto the field by an effect, and removed from the
    /// game when it leaves the field.
    pub fn is_token(&self) -> bool {
        self.kingdom()
            .is_some_and(|k| k.is(crate::kingdom_card::MainType::Token))
            || self
                .database
                .as_ref()
                .is_some_and(|d| crate::domain::CardTypes(d.types).is_token())
    }

    pub fn kingdom(&self) -> Option<&KingdomCard> {
        match &self.kind {
            CardKind::Kingdom(k) => Some(k),
            _ => None,
        }
    }

    pub fn has_effect(&self) -> bool {
        !self.effects.is_empty()
    }
}
