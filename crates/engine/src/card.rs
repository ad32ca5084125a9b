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

/// When an effect happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    /// A monster is turned face-up (by its owner, by an attack, or by an effect).
    Flip,
    /// Applies in every battle this monster takes part in, while it is face-up.
    Battle,
    /// This monster is destroyed.
    Destroyed,
    /// A static ability that changes how this monster moves.
    Movement,
    /// Applies continuously while the card is face-up on the field.
    Continuous,
    /// A spell's effect when it is activated.
    Activate,
    /// A trap springs on an enemy's move into its range.
    EnemyMovesInRange,
    /// A trap springs when an enemy declares an attack on a card in its range.
    EnemyAttacks,
    /// A trap springs when the enemy activates a spell.
    EnemySpell,
    /// Applies continuously while this monster is face-up in defence position on the field
    /// (the original game's Nature Effects: "while this card is face-up in the defense
    /// position").
    WhileInDefence,
    /// At the start of every turn, whoever's, while this monster is face-up in defence
    /// position and free (the original's "… each turn" Nature Effects).
    EachTurnInDefence,
}

impl Trigger {
    /// An effect that applies for as long as its card stands a certain way on the field,
    /// rather than once when something happens.
    pub fn is_lasting(self) -> bool {
        matches!(self, Trigger::Continuous | Trigger::WhileInDefence)
    }

    /// Whether a lasting effect applies now, its card standing face-up (or not) and in
    /// defence position (or not).
    pub fn lasts_while(self, face_up: bool, defence: bool) -> bool {
        match self {
            Trigger::Continuous => face_up,
            Trigger::WhileInDefence => face_up && defence,
            _ => false,
        }
    }
}

/// Where targets are looked for, relative to the card that owns the effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Area {
    /// The card itself.
    This,
    /// The enemy card that set the trap or the battle off.
    Triggering,
    /// The monster this card battles.
    BattleOpponent,
    /// Every card on the field.
    Field,
    /// Cards in the same row or column as this card.
    Lines,
    /// Cards orthogonally next to this card.
    Adjacent,
    /// Cards within this many orthogonal steps (Manhattan distance).
    Within(u8),
    /// Cards standing on this terrain, wherever they are.
    OnTerrain(Terrain),
}

/// Which of the matching cards are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    #[default]
    All,
    HighestAtk,
    LowestAtk,
}

/// Whose cards count, seen from the controller of the effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Side {
    Own,
    Enemy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KindFilter {
    Monster,
    Spell,
    Trap,
    SpellOrTrap,
}

/// A predicate over a card on the field. Every field is optional: empty means "any". Every
/// field is always serialized: a filter travels inside the state (owner-declaration claims),
/// whose postcard encoding has no field names and so cannot skip any.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Filter {
    #[serde(default)]
    pub side: Option<Side>,
    #[serde(default)]
    pub kind: Option<KindFilter>,
    #[serde(default)]
    pub types: Vec<MonsterType>,
    /// Only monsters of none of these types (Paralyzing Potion: "other than MACHINE").
    #[serde(default)]
    pub not_types: Vec<MonsterType>,
    #[serde(default)]
    pub attributes: Vec<Attribute>,
    /// Only cards whose name contains this (the original's "any Elf" power-ups).
    #[serde(default)]
    pub names: Vec<CardId>,
    #[serde(default)]
    pub max_atk: Option<u16>,
    #[serde(default)]
    pub min_atk: Option<u16>,
    /// Only monsters whose printed DEF is at least this.
    #[serde(default)]
    pub min_def: Option<u16>,
    /// Only face-up cards. Effects that could reach face-down cards without this flag
    /// need their owners to declare which hidden cards match.
    #[serde(default)]
    pub face_up_only: bool,
    /// Only cards in defence position.
    #[serde(default)]
    pub defence_only: bool,
    /// Only monsters in attack position (face-up or face-down).
    #[serde(default)]
    pub attack_only: bool,
}

impl Filter {
    pub fn is_any(&self) -> bool {
        *self == Filter::default()
    }
}

/// Cards an effect reaches.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Targets {
    pub area: Area,
    #[serde(default)]
    pub filter: Filter,
    #[serde(default)]
    pub pick: Pick,
}

/// How long a change lasts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Duration {
    /// Until the card leaves the field.
    #[default]
    Permanent,
    /// Until the end of the current turn.
    EndOfTurn,
    /// For this many of the affected card's controller's end phases.
    Turns(u8),
}

/// Whose life points an effect touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Player {
    Controller,
    Opponent,
}

/// What an effect does.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case")]
pub enum Primitive {
    /// Raise (or lower, when negative) ATK and DEF.
    ModifyStats {
        targets: Targets,
        #[serde(default)]
        atk: i16,
        #[serde(default)]
        def: i16,
        #[serde(default)]
        duration: Duration,
    },
    Destroy {
        targets: Targets,
    },
    /// The monster cannot move, change position, attack or use effects.
    Spellbind {
        targets: Targets,
        /// `None` binds for good.
        #[serde(default)]
        turns: Option<u8>,
    },
    Damage {
        player: Player,
        amount: u16,
    },
    /// Damage per matching card on the field.
    DamagePerCard {
        player: Player,
        amount: u16,
        filter: Filter,
    },
    Heal {
        player: Player,
        amount: u16,
    },
    /// Raise life points to `to` when they are at or below it.
    HealUpTo {
        player: Player,
        to: u16,
    },
    /// Change the terrain of every cell within `radius` steps (0: just the cell).
    ChangeTerrain {
        radius: u8,
        terrain: Terrain,
    },
    FlipFaceUp {
        targets: Targets,
    },
    FlipFaceDown {
        targets: Targets,
    },
    /// Put defence-position monsters into attack position.
    ToAttackPosition {
        targets: Targets,
    },
    /// Cancel the attack or move that triggered this trap.
    NegateAttack,
    /// Halve the ATK of the triggering monster for the rest of the turn.
    HalveAtk {
        targets: Targets,
    },
    /// The player draws cards.
    Draw {
        player: Player,
        count: u8,
    },
    /// In battle against a matching monster, this monster gets a bonus.
    BattleBonus {
        against: Filter,
        atk: i16,
    },
    /// In battle against a matching monster, that monster is destroyed regardless of stats.
    DestroyInBattle {
        against: Filter,
    },
    /// Moving this monster never springs enemy traps.
    IgnoreTraps,
    /// This monster may move over any terrain, even Labyrinth.
    CrossLabyrinth,
    /// Cancel the spell whose activation set this trap off. With a filter, the trap answers
    /// only the spells passing it (Anti Raigeki: Raigeki).
    NegateSpell {
        #[serde(default)]
        only: Filter,
    },
    /// No battle this monster takes part in deals damage to a player's life points.
    NoBattleDamage,
    /// Face-up, this monster moves up to two cells whatever the terrain.
    MovesTwo,
    /// Bring one card passing `filter` out of a graveyard onto this spell's own cell, under
    /// the spell's controller: a monster face-up in attack position, a spell activated there
    /// again. The filter's side names whose graveyard (none: any player's).
    Revive {
        filter: Filter,
    },
    /// Take control of one card `targets` reaches, chosen by the controller, until the end
    /// of the turn (where the format says so, it moves next to its new controller's Deck
    /// Leader, and back next to its owner's when control returns).
    TakeControl {
        targets: Targets,
    },
    /// Put monsters into defence position (face-down ones stay face-down).
    ToDefencePosition {
        targets: Targets,
    },
    /// Free spellbound monsters from their spellbinding counters.
    Unbind {
        targets: Targets,
    },
    /// The player's Summoning Points rise to the format's maximum.
    SummoningPointsToMax {
        player: Player,
    },
    /// This monster gains `atk` ATK and DEF for each card passing `counted` in `counted_in`
    /// (face-up or graveyard cards: the ones every peer can see).
    GainPerCard {
        atk: i16,
        counted: Filter,
        counted_in: CountedIn,
    },
    /// Face-up, every cell this monster moves onto becomes `terrain`, even Labyrinth.
    TerraformOnEntry {
        terrain: Terrain,
    },
    /// The card `targets` picks moves onto this spell's own cell, which the spell leaves.
    BringHere {
        targets: Targets,
    },
    /// Every opponent's Summoning Points go to the controller (up to the maximum).
    DrainSummoningPoints,
    /// Every change to ATK and DEF and every spellbinding counter on the targets ends
    /// (terrain stays what it is).
    ClearChanges {
        targets: Targets,
    },
    /// The player may play one more card from the hand this turn.
    AnotherPlay {
        player: Player,
    },
    /// A power-up that changes its monster into another (Metalmorph, Cocoon of Evolution,
    /// Elegant Egotist): while it is attached to a monster that is the `from` of one of
    /// `pairs`, the monster's controller may, in their main phase, send both to the
    /// graveyard and put the pair's `into` from their Extra Deck in the monster's place.
    Transform {
        pairs: Vec<Transformation>,
    },
    /// An effect FairDuel has no definition for: when it is due, its controller proposes
    /// the outcome as the engine's own operations and the players agree on it
    /// (`crate::agreement`), as the original card would have it.
    ByAgreement,
    /// Change the terrain of every cell in this card's row of the board (the original
    /// game's "all horizontal spaces"), Labyrinth excepted.
    ChangeTerrainOfRow {
        terrain: Terrain,
    },
    /// This monster gains `atk` ATK and `def` DEF while it stays on the field, if its
    /// controller's Deck Leader passes `leader` (the original game's "if the leader is …").
    LeaderBoost {
        leader: Filter,
        #[serde(default)]
        atk: i16,
        #[serde(default)]
        def: i16,
    },
    /// Exodia the Forbidden One: at the start of its controller's turn, if this monster is
    /// face-up and free and every one of `limbs` stands face-up and free on its own cell
    /// next to it (orthogonally), owned and controlled by that player, the player wins.
    VictoryWhenSurrounded {
        limbs: Vec<CardId>,
    },
    /// Every damage to a player's life points is `amount` greater (read where damage is
    /// dealt, while the effect lasts).
    DamageIncrease {
        amount: u16,
    },
    /// Every damage to a player's life points is halved, rounded down.
    DamageHalved,
    /// Every gain of life points is doubled.
    RecoveryDoubled,
    /// In battle, the enemy monster fights with its printed ATK and DEF, its terrain and its
    /// Deck Leader's bonus only: every other increase or decrease is cancelled.
    CancelsChangesInBattle,
    /// A monster this one destroys in battle is removed from the game instead of staying in
    /// the graveyard ("cannot be revived").
    BanishesInBattle,
    /// No card's movement is increased by an effect: every face-up monster moves the format's
    /// face-up steps, and where a Deck Leader's extra steps are a Deck Leader ability, it
    /// moves one (Serpent Marauder).
    NoMovementBonuses,
    /// Face-up monsters passing `filter` move up to two cells (Thunder Nyan Nyan).
    MovesTwoForAll {
        filter: Filter,
    },
    /// No trap can be sprung (Ancient Tree of Enlightenment).
    NoTraps,
    /// Spells and Ritual spells resolve with no effect (Temple of Skulls).
    NoSpells,
    /// Monsters passing `filter` are out of reach of the effects of spells played by the
    /// controller's opponents (Lord of D.).
    ImmuneToEnemySpells {
        filter: Filter,
    },
    /// Spellbinding counters do not count down (Ancient Jar).
    SpellbindCountdownStopped,
    /// Spellbinding counters count down twice as fast (Timeater).
    SpellbindCountdownDoubled,
    /// Every power-up's bonus is `amount` greater (Maha Vailo).
    PowerUpsBoosted {
        amount: u16,
    },
    /// The Deck Leader abilities of the controller's opponents do nothing (Moisture
    /// Creature).
    OpposingLeaderPowersOff,
    /// The controller gains one more Summoning Point at each of their standbys (Servant of
    /// Catabolism).
    ExtraSummoningPoint,
    /// The player's Summoning Points drop to 0 (Sinister Serpent).
    SummoningPointsToZero {
        player: Player,
    },
    /// This monster takes the ATK and DEF of the one monster `from` picks (Greenkappa: the
    /// highest ATK on the field; Change Slime: the monster it battles).
    AdoptStats {
        from: Targets,
    },
    /// The cards `targets` reaches go back into their owners' decks, which are shuffled
    /// (Hane-Hane: itself; Wall of Illusion: the monster it battles).
    ReturnToDeck {
        targets: Targets,
    },
    /// If the controller has more than `cost` life points, they pay `cost` and every face-up
    /// monster they control gains `boost` ATK and DEF (Hourglass of Courage).
    BoostAtACost {
        boost: i16,
        cost: u16,
    },
    /// Every player sends their whole hand to the graveyard (Rigras Leever).
    DiscardHands,
    /// Every monster card in every graveyard is removed from the game, and this monster
    /// gains `per` ATK and DEF for each (Souleater).
    FeedOnGraveyards {
        per: i16,
    },
    /// The controller's opponents gain one Summoning Point fewer at each of their standbys
    /// (Fiend's Mirror).
    FewerSummoningPoints,
}

/// One change a [`Primitive::Transform`] makes: monster `from` becomes monster `into`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transformation {
    pub from: CardId,
    pub into: CardId,
}

/// Where a [`Primitive::GainPerCard`] counts its cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CountedIn {
    /// Face-up cards on the field.
    Field,
    /// The controller's graveyard.
    OwnGraveyard,
    /// Every player's graveyard.
    Graveyards,
}

/// One effect of a card.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EffectDef {
    pub trigger: Trigger,
    #[serde(rename = "effect")]
    pub primitive: Primitive,
}
