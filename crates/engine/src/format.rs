//! Format presets: which rule family and which parameters a match is played with.
//!
//! A format is data (`assets/formats/*.toml`). Both peers compare its content hash before a
//! match starts, so every number that changes play lives here and nowhere else.

use serde::{Deserialize, Serialize};

use crate::hash::{Digest32, sha256_of};
use crate::source::SourceError;
use crate::terrain::Terrain;

mod field_rules;
mod table_rules;

pub use field_rules::{DeckMasterRules, DivineHierarchy, FieldRules, RemovedPlayerCards};
pub use table_rules::{Lending, TableRules};

/// The rule family: what the board is and which module of rules plays on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Duelists of the Roses on a square grid of cells with Deck Leaders (`crate::grid`).
    Grid,
    /// The card game's field: each player's own rows of zones (Kingdom Duels, with a
    /// terrain marker on each monster zone; `crate::field`).
    Field,
}

/// Which of the grid family's rule books a format follows. What sets them apart beyond
/// the options below is how cards meet on the board, which is one design, not a set of
/// independent choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Rulebook {
    #[default]
    /// The community DOR formats (Classic, Alternate): attacks are declared against an
    /// adjacent card, cards never move onto one another.
    Dor,
    /// Kairu's rebalanced DOTR rules: moving into an enemy card is how it is attacked,
    /// moving or playing onto your own card replaces it, a card may flip face-up as part
    /// of its move, and a card that moved ends its turn in attack position.
    Kairu,
}

/// Where a player may put cards from the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum SummonArea {
    #[default]
    /// Unused zones orthogonally next to the Deck Leader (Classic rule 3).
    LeaderAdjacent,
    /// The 3x3 square around the Deck Leader (Kairu's Summoning Area).
    LeaderSquare,
}

/// What a monster costs to bring out.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum SummonCost {
    /// The card game's tributes: each entry is `[from_level, tributes]`.
    Tributes { table: Vec<[u8; 2]> },
    /// Kairu's Summoning Points: cost = level.
    SummoningPoints { start: u8, per_turn: u8, max: u8 },
}

/// How the hand is refilled at the start of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// Draw until the hand holds this many cards (Classic rule 2).
    UpTo(u8),
    /// Draw exactly this many cards.
    Count(u8),
}

/// Which traps may answer an enemy action, and from how far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum TrapReach {
    #[default]
    /// Each trap card says whether it is limited (orthogonal neighbours) or full range.
    ByCard,
    /// Every trap reaches the whole field (Alternate rule 1).
    AllFull,
    /// Every trap needs the enemy next to it or attacking it (Kairu's normal traps).
    AllLimited,
}

/// How a field spell changes the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum FieldSpellMode {
    #[default]
    /// The field spell sits in its own zone and sets the terrain of its controller's half
    /// (Classic rule 4).
    ControllerHalf,
    /// The field spell terraforms every cell within its radius of where it was activated
    /// (Kairu).
    Terraform,
    /// The field spell sits in its own zone and its terrain is full-range: both halves of the
    /// board (DOR Modern rule 4). Where both players control one, each half keeps its own
    /// controller's.
    FullRange,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckRules {
    pub min_main: u8,
    pub max_main: u8,
    /// Copies of one card (by number; by code in Kingdom Duels) a deck may hold, unless a
    /// surplus entry says more.
    pub max_copies: u8,
    /// The highest level a Deck Leader may have (Kairu: it must be normal-summonable).
    /// Formats without Deck Leaders leave it out.
    #[serde(default)]
    pub leader_max_level: u8,
    /// The most cards the Extra Deck may hold (0: the format has none).
    #[serde(default)]
    pub max_extra: u8,
    /// Groups of cards a deck may hold only so many of in all (Kingdom Duels' "Limited").
    #[serde(default)]
    pub limited: Vec<LimitedGroup>,
    /// Cards a deck may hold more copies of than `max_copies` (Kingdom Duels' "Surplus").
    #[serde(default)]
    pub surplus: Vec<Surplus>,
    /// Cards no deck may hold.
    #[serde(default)]
    pub forbidden: Vec<String>,
    /// Domain Format: the deck's leader is its Deck Master (any monster, not counted in
    /// the Main Deck), and every monster of the deck lies within its Domain.
    #[serde(default)]
    pub domain: bool,
}

/// At most `at_most` cards of this group in one deck (Main and Extra together).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LimitedGroup {
    pub name: String,
    pub at_most: u8,
    /// Card codes.
    pub cards: Vec<String>,
}

/// A card of which a deck may hold `copies`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Surplus {
    /// The card code.
    pub card: String,
    pub copies: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandRules {
    pub starting: u8,
    pub draw: DrawRule,
    /// Whether the first player draws on the very first turn.
    pub first_turn_draw: bool,
    /// Cards above this are discarded in the end phase.
    #[serde(default)]
    pub limit: Option<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRules {
    pub area: SummonArea,
    pub cost: SummonCost,
    /// Cards of any kind played from the hand per turn (Kairu: 1). `None`: no limit.
    #[serde(default)]
    pub cards_per_turn: Option<u8>,
    /// Monsters normal-summoned or set per turn (Classic: 1).
    #[serde(default)]
    pub monsters_per_turn: Option<u8>,
    /// A monster may be summoned face-up straight from the hand (Classic); otherwise every
    /// card enters face-down (Kairu).
    pub face_up_summon: bool,
    pub max_monsters: u8,
    pub max_spells_traps: u8,
    /// Monsters from the Extra Deck a player may control beyond `max_monsters` (Kairu: "1
    /// additional monster from their Extra Deck which does not count towards the summoning
    /// limit").
    #[serde(default)]
    pub extra_deck_slots: u8,
    /// DOR Modern rule 2: beyond the first `extra_deck_slots`, an Extra Deck monster is
    /// summoned only onto a zone a Link Marker points to next to its player's Deck Leader,
    /// and none of them counts towards `max_monsters`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub link_marker_slots: bool,
    /// DOR Modern rule 3: the most monsters a player controls, those from the Extra Deck
    /// included (7); one fewer while an opponent controls that many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_monsters_in_all: Option<u8>,
    /// DOR Modern rule 5: a Pendulum Monster may be activated from the hand as a spell in a
    /// Pendulum Zone, a corner of its player's edge of the board, where it never moves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pendulum_corners: bool,
    /// Ritual Monsters cannot be destroyed by card effects (Kairu: "All Ritual Monster
    /// cards are unable to be destroyed or removed from the field by card effects").
    #[serde(default)]
    pub ritual_monsters_immune: bool,
    /// What happens to a monster played when its player already controls `max_monsters`.
    #[serde(default)]
    pub over_limit: OverLimit,
    /// A monster whose control changes moves to an unused zone next to its new
    /// controller's Deck Leader (Classic rule 15); otherwise it stays where it is.
    #[serde(default)]
    pub control_change_to_leader: bool,
    /// A monster an agreed outcome Special Summons onto the grid appears where Classic rule
    /// 10 says: the zone where the card was activated, next to a card that stays on the
    /// field, or next to the Deck Leader for a monster's own effect or a Field Spell's.
    /// Otherwise the outcome names any free cell.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub special_summon_placement: bool,
    /// An equip spell from the hand may go onto its player's own face-down monster (Kairu:
    /// "You can equip an Equip Spell to a face-down monster, however its effects are not
    /// activated until the monster is flipped face up"); the monster's fit is a claim.
    #[serde(default)]
    pub equip_face_down: bool,
    /// An equip spell may join the monster played from the hand this turn in the same play,
    /// not counting as another card (Kairu: "you may play a monster and equip an Equip Spell
    /// at the same time").
    #[serde(default)]
    pub equip_with_monster: bool,
    /// Equip spells attached to monsters count among their owner's spells and traps (DOR
    /// Classic rule 6: "up to 5 Monsters and 5 Spells/Traps ... at any time"; an equip is
    /// a spell its player controls, as in the card game's Spell & Trap Zones). Kairu: "Equip
    /// spell cards equipped to a monster do not count towards the spell / trap card limit".
    #[serde(default)]
    pub attached_equips_count: bool,
    /// Which monsters may fuse without a fusion spell, by the pool's fusion table, into a
    /// Fusion Monster from the Extra Deck.
    #[serde(default)]
    pub fusion: HandFusion,
    /// The original game's bluff: a card may be set face-down without saying whether it is a
    /// monster or a spell/trap (`set-card`); the limits and per-turn rules its class decides
    /// are checked by its owner at once, by everyone when it shows what it is, and by the
    /// audit (docs/RULES.md, "The bluff").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bluff: bool,
}

/// Fusions without a fusion spell: two monsters from the hand or face-up on the field
/// that the pool's fusion table pairs become the Fusion Monster it names, shown from the
/// Extra Deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum HandFusion {
    /// No fusion without a fusion spell (Kairu: "To summon a fusion monster you must
    /// activate an appropriate fusion spell card").
    #[default]
    Off,
    /// Classic rule 9: "Fusion Summon can be conducted without Polymerization if the Fusion
    /// Materials listed for the Fusion Monster are all Normal Monsters" — monsters with no
    /// effect.
    NormalMonsters,
    /// The original game: any two monsters its table lists fuse from the hand.
    AnyListed,
}

/// A monster played beyond the monster limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum OverLimit {
    /// The play is refused (`monster-zones-full`).
    #[default]
    Refuse,
    /// Kairu: "the new monster is immediately destroyed and sent to the Shadow Realm (the
    /// totally banished never coming back pile)". The play shows the card.
    Banish,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct MoveRules {
    /// Steps for a monster.
    pub monster_steps: u8,
    /// Steps for a face-up monster (Classic rule 8: two).
    pub face_up_steps: u8,
    /// Steps for a face-up monster powered up by its terrain.
    pub powered_up_steps: u8,
    /// Steps for a face-down spell or trap (and a face-up one, where it may move).
    pub spell_trap_steps: u8,
    /// Steps the Deck Leader may move (0: it never moves).
    pub leader_steps: u8,
    /// Face-up continuous spells and traps may still move (Alternate rule 2).
    pub continuous_may_move: bool,
    /// A monster may change its battle position on the turn it entered the field.
    pub change_position_on_entry: bool,
    /// A flip summon is a summon: the monster may still change its battle position (or
    /// move) that turn (Classic rule 7: "including Flip Summon"). Otherwise flipping counts
    /// as the card's position change of the turn.
    #[serde(default)]
    pub flip_is_a_summon: bool,
    /// DOR Modern rule 6: the turn has the card game's phases. Cards are played and move to
    /// unused zones in Main Phase 1 and Main Phase 2, and attack (move into occupied zones)
    /// only in the Battle Phase between them. Otherwise the turn is one main phase where
    /// every card moves and attacks.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub battle_phase: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TrapRules {
    pub reach: TrapReach,
    /// A face-down trap that is attacked springs by itself when it can (Classic rule 12);
    /// otherwise its owner chooses (Alternate rule 4, Kairu).
    pub attacked_trap_springs: bool,
    /// Whole turns a trap must have been set before it may spring.
    pub set_turns_before_use: u8,
    /// The owner of an attacked face-down spell may activate it in the response window to
    /// the attack (Alternate rule 4: "the activation of that Spell or Trap card is
    /// optional"); otherwise an attacked spell activates by itself where traps do, and is
    /// destroyed where they do not.
    #[serde(default)]
    pub attacked_spell_may_activate: bool,
    /// Equip spells reach any monster on the field (Alternate rule 3) rather than only the
    /// monster they are played onto or meet.
    pub equips_full_range: bool,
    /// A trap whose trigger has come must spring: its owner may not pass (Kairu: "all
    /// Vanilla DOTR traps MUST trigger"; the pool holds only original DOR traps). See
    /// docs/RULES.md for when a trap counts as triggered.
    #[serde(default)]
    pub must_spring: bool,
    /// A trap that springs on an enemy's approach also springs on an attack declared
    /// against a card next to it (Kairu's Normal Traps: "an Opponent's card declares an
    /// attack against an adjacent card to this card"). An attack on the trap itself always
    /// meets its approach: the attacker stands next to it.
    #[serde(default)]
    pub approach_traps_answer_attacks: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct TerrainRules {
    pub field_spells: FieldSpellMode,
    /// Rows of the board, top (seat 1's side) to bottom (seat 0's side), one terrain code per
    /// cell (see [`Terrain::code`]). Missing: every cell is Normal.
    #[serde(default)]
    pub board: Vec<String>,
}

impl Default for PlayRules {
    /// Unused: only grid formats play cards by these rules, and each of them says how.
    fn default() -> PlayRules {
        PlayRules {
            area: SummonArea::default(),
            cost: SummonCost::Tributes { table: Vec::new() },
            cards_per_turn: None,
            monsters_per_turn: None,
            face_up_summon: true,
            max_monsters: 0,
            max_spells_traps: 0,
            extra_deck_slots: 0,
            link_marker_slots: false,
            max_monsters_in_all: None,
            pendulum_corners: false,
            ritual_monsters_immune: false,
            over_limit: OverLimit::Refuse,
            control_change_to_leader: false,
            special_summon_placement: false,
            equip_face_down: false,
            equip_with_monster: false,
            attached_equips_count: false,
            fusion: HandFusion::Off,
            bluff: false,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinRules {
    /// A player who must draw from an empty deck loses.
    pub deck_out_loses: bool,
    /// A player whose Deck Leader cannot move for this many of their own turns loses.
    #[serde(default)]
    pub leader_stuck_turns: Option<u8>,
    /// After this many turns the duel ends: the higher LP wins, equal LP is a draw. A guard
    /// against endless stalling that neither seed rules out.
    pub turn_limit: u16,
}

fn dor_pool() -> String {
    DOR_POOL.to_owned()
}

/// The Duelists of the Roses pool, which formats that name none play with.
pub const DOR_POOL: &str = "dor";

/// The most players the card game's field seats.
pub const MAX_FIELD_PLAYERS: u8 = 6;
/// The most zones in one row of the card game's field.
pub const MAX_ZONES: u8 = 5;

/// A validated format preset.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Format {
    pub id: String,
    pub name: String,
    pub family: Family,
    /// The card pool the format is played with: `assets/cards/<pool>.toml`, its decks in
    /// `assets/decks/` for the Duelists of the Roses pool and `assets/decks/<pool>/` for
    /// any other.
    #[serde(default = "dor_pool")]
    pub pool: String,
    /// The folder of `assets/decks/` its starter decks are in, when not the pool's (Domain
    /// Format builds other decks from the same pool).
    #[serde(default)]
    pub decks: Option<String>,
    /// The grid family's rule book (grid formats only).
    #[serde(default)]
    pub rulebook: Rulebook,
    /// Players and teams; two players facing each other when left out.
    #[serde(default)]
    pub table: TableRules,
    /// The grid's width and height (grid formats only).
    #[serde(default)]
    pub board_size: u8,
    pub life_points: u32,
    /// Monsters may attack on the very first turn of the duel. Otherwise nobody attacks
    /// before the last player of the first round has begun their turn (with two players,
    /// from the second turn on).
    pub first_turn_attacks: bool,
    pub deck: DeckRules,
    pub hand: HandRules,
    /// How cards are played onto the grid (grid formats only).
    #[serde(default)]
    pub play: PlayRules,
    /// How cards move on the grid (grid formats only).
    #[serde(default)]
    pub movement: MoveRules,
    /// The grid's traps (grid formats only).
    #[serde(default)]
    pub traps: TrapRules,
    /// The grid's terrain (grid formats only).
    #[serde(default)]
    pub terrain: TerrainRules,
    /// The card game's field (field formats only).
    #[serde(default)]
    pub field: FieldRules,
    /// Who agrees to the outcome of an effect FairDuel does not define, and how often it
    /// may be proposed.
    #[serde(default)]
    pub agreement: crate::agreement::AgreementRules,
    pub win: WinRules,
    /// Minutes the player a match waits for may stay silent before the others may close
    /// the match without them (the decision clock, docs/PROTOCOL.md). `None`: each player's
    /// own setting (off, 2 or 5 minutes; off waits 10). Left out of the format's hash when
    /// unset, so the formats without one keep the hash they always had.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision_clock_minutes: Option<u16>,
    /// Kairu's Destiny Draw (grid formats only). Left out of the format's hash when unset,
    /// as the decision clock is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destiny_draw: Option<DestinyDrawRules>,
    /// Deck Leader abilities (grid formats only). Left out of the format's hash when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader_abilities: Option<LeaderAbilities>,
}

/// The most cards a destiny list may have: a joint draw picks among at most 255 places.
pub const MAX_DESTINY_CARDS: usize = 60;

/// Kairu's Destiny Draw: "To 'Destiny Draw' you must have at least 3000 Lifepoints fewer
/// than your opponent and you may conduct a Destiny Draw once per duel instead of your
/// regular draw phase." Every player has a destiny pile of the destiny list's cards, hidden
/// in an order of their own; the card drawn is taken at a jointly random place.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestinyDrawRules {
    /// The destiny list, one entry per card of the pile: "you may only draw these cards
    /// from a destiny draw", and none of them may be in a main deck.
    pub cards: Vec<crate::card::CardId>,
    /// How many life points fewer than an opponent still in the duel a player must have.
    pub behind: u32,
}

/// Deck Leader abilities, an option of the grid formats. Kairu's seed has "no deck leader
/// abilities in the game (unlike the original)" and suggests "small buffs for monsters that
/// share a type within 2 range, or the 2 movement spaces per turn buff" (the second is
/// `movement.leader_steps`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderAbilities {
    /// ATK and DEF a face-up monster gains while it shares its controller's Deck Leader's
    /// type and stands within `kin_range` of it.
    pub kin_bonus: u16,
    /// Steps from the Deck Leader: walked over the board, never through Labyrinth, on
    /// Kairu's board; counted orthogonally elsewhere.
    pub kin_range: u8,
}

impl Format {
    /// The decision clock: the format's, else `player_setting`.
    pub fn decision_clock(
        &self,
        player_setting: Option<core::time::Duration>,
    ) -> Option<core::time::Duration> {
        self.decision_clock_minutes
            .map(|minutes| core::time::Duration::from_secs(u64::from(minutes) * 60))
            .or(player_setting)
    }
}

impl Format {
    /// Whether a player's card database may be the format's pool: Domain Format, and the
    /// community DOR formats, played with the card game's own cards ("Classic Format Rules
    /// (Can be Generation DM/GX or without post GX-era cards)", "Modern Format (Includes all
    /// the latest cards and Master Rules)"). Kairu's DOTR and Kingdom Duels have cards of
    /// their own.
    pub fn plays_card_databases(&self) -> bool {
        self.deck.domain || (self.family == Family::Grid && self.rulebook == Rulebook::Dor)
    }

    /// The folder of `assets/decks/` holding this format's starter decks (`dor`: the
    /// folder itself).
    pub fn deck_folder(&self) -> &str {
        self.decks.as_deref().unwrap_or(&self.pool)
    }

    /// Parses and validates a format file; errors name the file and line.
    pub fn from_toml(file: &str, text: &str) -> Result<Format, SourceError> {
        let format: Format =
            toml::from_str(text).map_err(|e| SourceError::from_toml(file, text, &e))?;
        format.validate().map_err(|message| {
            let line = text
                .lines()
                .position(|l| l.trim_start().starts_with(message.0))
                .map_or(1, |i| i + 1);
            SourceError::new(file, line, message.1)
        })?;
        Ok(format)
    }

    /// Returns the first problem as (field name for locating the line, message).
    fn validate(&self) -> Result<(), (&'static str, String)> {
        match self.family {
            Family::Grid => self.validate_grid()?,
            Family::Field => self.validate_field()?,
        }
        let plain = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
        if self.pool.is_empty() || !self.pool.chars().all(plain) {
            return Err((
                "pool",
                format!(
                    "pool = \"{}\": name a file of assets/cards/ without its .toml \
                     (letters, digits, - and _)",
                    self.pool
                ),
            ));
        }
        let table = &self.table;
        // Teams of equal size, except where one team shares a side of the field and its life
        // points (a Boss Duel's "one vs many": seat i still plays for team i % teams).
        let uneven_allowed = table.team_shares_life_points && self.field.team_shares_side;
        if let Some(teams) = table.teams
            && (teams < 2
                || teams > table.players
                || (table.players % teams != 0 && !uneven_allowed))
        {
            return Err((
                "teams",
                format!(
                    "teams = {teams}: {} players split into 2 or more teams of equal size \
                     (teams of different sizes only where a team shares its side and life \
                     points, as in a Boss Duel)",
                    table.players
                ),
            ));
        }
        if table.teammates_see_face_down && table.teams.is_none() {
            return Err((
                "teammates_see_face_down",
                "teammates_see_face_down = true needs teams: set [table] teams".into(),
            ));
        }
        if table.lend_for_summons == Lending::Teammates && table.teams.is_none() {
            return Err((
                "lend_for_summons",
                "lend_for_summons = \"teammates\" needs teams: set [table] teams, or lend to \
                 \"everyone\""
                    .into(),
            ));
        }
        if table.late_seats > 0
            && (table.teams.is_some()
                || self.family != Family::Field
                || usize::from(table.late_seats) + 2 > usize::from(table.players))
        {
            return Err((
                "late_seats",
                format!(
                    "late_seats = {}: players who join later sit at a free-for-all on the card \
                     game's field (no teams), and at least 2 of the {} players start the duel",
                    table.late_seats, table.players
                ),
            ));
        }
        if self.life_points == 0 {
            return Err(("life_points", "life_points must be above 0".into()));
        }
        if self.deck.min_main == 0 || self.deck.min_main > self.deck.max_main {
            return Err((
                "min_main",
                "min_main must be at least 1 and at most max_main".into(),
            ));
        }
        Ok(())
    }

    fn validate_field(&self) -> Result<(), (&'static str, String)> {
        if self.leader_abilities.is_some() {
            return Err((
                "[leader_abilities]",
                "Deck Leader abilities are a rule of the grid formats: leave \
                 [leader_abilities] out"
                    .into(),
            ));
        }
        if self.destiny_draw.is_some() {
            return Err((
                "[destiny_draw]",
                "the Destiny Draw is a rule of the grid formats: leave [destiny_draw] out".into(),
            ));
        }
        if self.board_size != 0 {
            return Err((
                "board_size",
                "board_size is a grid setting; a field format leaves it out".into(),
            ));
        }
        let players = self.table.players;
        if !(2..=MAX_FIELD_PLAYERS).contains(&players) {
            return Err((
                "players",
                format!("players = {players}: the field seats 2 to {MAX_FIELD_PLAYERS} players"),
            ));
        }
        let field = &self.field;
        if !(1..=MAX_ZONES).contains(&field.monster_zones)
            || !(1..=MAX_ZONES).contains(&field.spell_trap_zones)
        {
            return Err((
                "monster_zones",
                format!("each row holds 1 to {MAX_ZONES} zones"),
            ));
        }
        if field
            .default_terrain
            .as_ref()
            .is_some_and(|t| t.trim().is_empty())
        {
            return Err((
                "default_terrain",
                "default_terrain names a terrain of the pool (leave it out for no terrain)".into(),
            ));
        }
        if field
            .tributes
            .iter()
            .any(|[from, n]| *from == 0 || *n > field.monster_zones)
        {
            return Err((
                "tributes",
                "tributes = [[from_level, tributes], ...]: levels from 1, and no more \
                 tributes than monster zones"
                    .into(),
            ));
        }
        if field.deck_master.is_some() && !self.deck.domain {
            return Err((
                "deck_master",
                "a Deck Master is the deck's Domain leader: set deck.domain = true too".into(),
            ));
        }
        Ok(())
    }

    fn validate_grid(&self) -> Result<(), (&'static str, String)> {
        if !(5..=11).contains(&self.board_size) || self.board_size % 2 == 0 {
            return Err((
                "board_size",
                format!(
                    "board_size {} must be odd and between 5 and 11",
                    self.board_size
                ),
            ));
        }
        let table = &self.table;
        if !(2..=4).contains(&table.players) {
            return Err((
                "players",
                format!(
                    "players = {}: the grid seats 2 to 4 players, one at each side",
                    table.players
                ),
            ));
        }
        if !self.terrain.board.is_empty() {
            let n = usize::from(self.board_size);
            if self.terrain.board.len() != n {
                return Err((
                    "board",
                    format!(
                        "the board has {} rows but board_size is {n}",
                        self.terrain.board.len()
                    ),
                ));
            }
            for (row, text) in self.terrain.board.iter().enumerate() {
                let codes: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                if codes.len() != n {
                    return Err((
                        "board",
                        format!(
                            "board row {} has {} cells, expected {n}",
                            row + 1,
                            codes.len()
                        ),
                    ));
                }
                if let Some(bad) = codes.iter().find(|c| Terrain::from_code(**c).is_none()) {
                    return Err((
                        "board",
                        format!("board row {} has unknown terrain code '{bad}'", row + 1),
                    ));
                }
            }
        }
        if let SummonCost::SummoningPoints { start, max, .. } = self.play.cost
            && start > max
        {
            return Err(("cost", "summoning points start above their maximum".into()));
        }
        if self.play.bluff {
            // Summoning points paid in public would tell which cards are monsters, and a
            // step count of its own would tell as soon as a card moved.
            if !matches!(self.play.cost, SummonCost::Tributes { .. }) {
                return Err((
                    "bluff",
                    "the bluff needs tribute costs: summoning points paid in public show \
                     which set cards are monsters"
                        .into(),
                ));
            }
            if self.movement.monster_steps != self.movement.spell_trap_steps {
                return Err((
                    "bluff",
                    "the bluff needs face-down monsters and spells/traps to move alike \
                     (monster_steps = spell_trap_steps)"
                        .into(),
                ));
            }
        }
        if let Some(destiny) = &self.destiny_draw
            && (destiny.cards.is_empty() || destiny.cards.len() > MAX_DESTINY_CARDS)
        {
            return Err((
                "cards",
                format!(
                    "the destiny list has {} cards: list 1 to {MAX_DESTINY_CARDS}",
                    destiny.cards.len()
                ),
            ));
        }
        Ok(())
    }

    /// SHA-256 over the canonical encoding: peers refuse to play on different formats.
    pub fn hash(&self) -> Digest32 {
        sha256_of(&("fairduel/format/v2", self))
    }

    /// The board in words: "9x9 board", "the card game's field (5 + 5 zones each)".
    pub fn board_description(&self) -> String {
        match self.family {
            Family::Grid => format!("{0}x{0} board", self.board_size),
            Family::Field => format!(
                "the card game's field ({} + {} zones each)",
                self.field.monster_zones, self.field.spell_trap_zones
            ),
        }
    }

    /// The first turn on which an attack may be declared: with `first_turn_attacks` off,
    /// the turn of the last player in the first round of the Rotation. The Rotation goes
    /// between teams, then between a team's players, so a round is as many turns as teams
    /// times the largest team (a Boss Duel's solo player, S → T1 → S → T2, plays twice in
    /// it).
    pub fn first_attack_turn(&self) -> u16 {
        if self.first_turn_attacks {
            return 1;
        }
        let players = u16::from(self.table.players);
        let teams = u16::from(self.table.team_count()).max(1);
        teams * players.div_ceil(teams)
    }

    /// The starting terrain of every cell, row-major.
    pub fn starting_terrain(&self) -> Vec<Terrain> {
        let n = usize::from(self.board_size);
        if self.terrain.board.is_empty() {
            return vec![Terrain::Normal; n * n];
        }
        self.terrain
            .board
            .iter()
            .flat_map(|row| {
                row.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| Terrain::from_code(c).unwrap_or_default())
            })
            .collect()
    }

    /// Tributes needed to summon a monster of this level (0 without a tribute table).
    pub fn tributes_for(&self, level: u8) -> u8 {
        match &self.play.cost {
            SummonCost::Tributes { table } => table
                .iter()
                .filter(|[from, _]| level >= *from)
                .map(|[_, n]| *n)
                .max()
                .unwrap_or(0),
            SummonCost::SummoningPoints { .. } => 0,
        }
    }

    /// The lowest and highest level that need exactly `tributes` tributes, if any does.
    pub fn levels_for_tributes(&self, tributes: u8) -> Option<(u8, u8)> {
        let mut levels = (1..=12).filter(|l| self.tributes_for(*l) == tributes);
        let lo = levels.next()?;
        Some((lo, levels.next_back().unwrap_or(lo)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;

    #[test]
    fn divine_hierarchy_compares_as_each_reading_says() {
        use DivineHierarchy::*;
        // A Divine card of Hierarchy 2 against effects of Hierarchy 1, 2, 3 and a non-Divine one.
        let two = Some(2);
        assert!(EveryLowerEffect.unaffected(two, Some(1)));
        assert!(EveryLowerEffect.unaffected(two, None));
        assert!(!EveryLowerEffect.unaffected(two, Some(2)));
        assert!(!EveryLowerEffect.unaffected(two, Some(3)));
        assert!(LowerDivineEffects.unaffected(two, Some(1)));
        assert!(!LowerDivineEffects.unaffected(two, None));
        // A non-Divine card is affected by everything; without the rule, so is every card.
        assert!(!EveryLowerEffect.unaffected(None, None));
        assert!(!Off.unaffected(two, None));
    }

    fn text(name: &str) -> &'static str {
        match name {
            "dor-classic" => include_str!("../../../assets/formats/dor-classic.toml"),
            "dor-alternate" => include_str!("../../../assets/formats/dor-alternate.toml"),
            "kairu-dotr" => include_str!("../../../assets/formats/kairu-dotr.toml"),
            "kairu-dotr-4p" => include_str!("../../../assets/formats/kairu-dotr-4p.toml"),
            "kairu-dotr-2v2" => include_str!("../../../assets/formats/kairu-dotr-2v2.toml"),
            "kingdom-duels-boss" => {
                include_str!("../../../assets/formats/kingdom-duels-boss.toml")
            }
            "kingdom-duels-royale" => {
                include_str!("../../../assets/formats/kingdom-duels-royale.toml")
            }
            other => panic!("no preset {other} in this test"),
        }
    }

    fn load(name: &str) -> Format {
        Format::from_toml(&format!("{name}.toml"), text(name)).expect("format is valid")
    }

    #[test]
    fn presets_load_and_differ() {
        let classic = load("dor-classic");
        let alternate = load("dor-alternate");
        let kairu = load("kairu-dotr");
        assert_eq!(classic.board_size, 7);
        assert_eq!(kairu.board_size, 9);
        assert_ne!(classic.hash(), alternate.hash());
        assert_eq!(alternate.traps.reach, TrapReach::AllFull);
        assert_eq!(kairu.starting_terrain().len(), 81);
        assert_eq!(kairu.first_attack_turn(), 2);
    }

    #[test]
    fn a_decision_clock_is_part_of_the_format_only_where_a_format_sets_one() {
        let kairu = load("kairu-dotr");
        assert_eq!(kairu.decision_clock_minutes, None);
        let mine = Some(core::time::Duration::from_secs(120));
        assert_eq!(kairu.decision_clock(mine), mine, "unset: the player's own");
        let timed = Format::from_toml(
            "timed.toml",
            &format!("decision_clock_minutes = 5\n{}", text("kairu-dotr")),
        )
        .expect("valid");
        assert_eq!(
            timed.decision_clock(mine),
            Some(core::time::Duration::from_secs(300)),
            "the format's clock is everyone's"
        );
        // Players agree on it with the rest of the format.
        assert_ne!(timed.hash(), kairu.hash());
        // Unset, it leaves the hash as it was: the same text without the key hashes alike.
        let again = Format::from_toml("again.toml", text("kairu-dotr")).expect("valid");
        assert_eq!(again.hash(), kairu.hash());
    }

    #[test]
    fn four_player_presets_seat_four_and_attack_after_the_first_round() {
        let free_for_all = load("kairu-dotr-4p");
        let pairs = load("kairu-dotr-2v2");
        assert_eq!(free_for_all.table.players, 4);
        assert_eq!(free_for_all.table.team_count(), 4);
        assert_eq!(pairs.table.team_count(), 2);
        assert_eq!(free_for_all.first_attack_turn(), 4);
        assert_eq!(pairs.first_attack_turn(), 4);
        assert_ne!(free_for_all.hash(), pairs.hash());
    }

    /// A Boss Duel's Rotation is S → T1 → S → T2: its last player, the team's second, plays
    /// turn 4, so three players attack first on turn 4, not 3.
    #[test]
    fn a_boss_duel_attacks_after_its_whole_first_rotation() {
        let boss = load("kingdom-duels-boss");
        assert_eq!(boss.table.players, 3);
        assert_eq!(boss.first_attack_turn(), 4);
    }

    /// "The Rotation is: SoloPlayer → TeamPlayer1 → SoloPlayer → TeamPlayer2": the solo seat
    /// (seat 1) begins whatever the joint draw says; other formats take the draw.
    #[test]
    fn a_boss_duel_begins_with_the_solo_player() {
        let boss = load("kingdom-duels-boss");
        for drawn in 0..3 {
            assert_eq!(boss.table.first_player(Seat(drawn)), Seat(1));
        }
        let royale = load("kingdom-duels-royale");
        for drawn in 0..3 {
            assert_eq!(royale.table.first_player(Seat(drawn)), Seat(drawn));
        }
    }

    #[test]
    fn an_odd_table_is_refused_with_its_line() {
        let broken = text("kairu-dotr-4p").replacen("players = 4", "players = 5", 1);
        let err = Format::from_toml("kairu-dotr-4p.toml", &broken).expect_err("must fail");
        assert!(err.message.contains("2 to 4 players"), "{err}");
        assert!(err.line > 1, "{err}");
    }

    #[test]
    fn leader_abilities_are_a_grid_option_left_out_of_the_hash_when_unset() {
        let kairu = load("kairu-dotr");
        assert_eq!(kairu.leader_abilities, None, "the seed plays without them");
        let with = format!(
            "{}\n[leader_abilities]\nkin_bonus = 300\nkin_range = 2\n",
            text("kairu-dotr")
        );
        let abilities = Format::from_toml("abilities.toml", &with).expect("valid");
        assert_ne!(abilities.hash(), kairu.hash(), "players agree on them");
        let field = format!(
            "{}\n[leader_abilities]\nkin_bonus = 300\nkin_range = 2\n",
            text("kingdom-duels-royale")
        );
        let err = Format::from_toml("field.toml", &field).expect_err("no leader on the field");
        assert!(err.message.contains("grid formats"), "{err}");
    }

    #[test]
    fn classic_tributes_follow_the_card_game() {
        let classic = load("dor-classic");
        assert_eq!(classic.tributes_for(4), 0);
        assert_eq!(classic.tributes_for(6), 1);
        assert_eq!(classic.tributes_for(8), 2);
        assert_eq!(classic.levels_for_tributes(1), Some((5, 6)));
    }

    #[test]
    fn a_bad_board_row_names_its_line() {
        let broken = text("kairu-dotr").replacen("board_size = 9", "board_size = 7", 1);
        let err = Format::from_toml("kairu-dotr.toml", &broken).expect_err("must fail");
        assert!(err.message.contains("rows"), "{err}");
        assert!(err.line > 1, "{err}");
    }
}
