//! What an effect does: when it triggers, which cards it reaches and its primitive, in
//! FairDuel's own vocabulary modelled on the original game's effect table.

use serde::{Deserialize, Serialize};

use super::{Attribute, CardId, MonsterType};
use crate::terrain::Terrain;

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
    /// A trap springs when the enemy powers up a monster (an equip spell joins it).
    EnemyPowerUp,
    /// A trap springs when the enemy springs a trap.
    EnemyTrap,
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
        /// Every card it reaches, one after another (Electromagnetic Bagworm: "all opposing
        /// MACHINE monsters"), rather than one.
        #[serde(default)]
        every: bool,
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
    /// The face-up monsters `targets` reaches take `monster_type` and `attribute` (where
    /// given) in place of their printed ones while they stay face-up on the field (Tao the
    /// Chanter: LIGHT monsters become DARK; the Zombie transformers).
    Retype {
        targets: Targets,
        #[serde(default, rename = "type")]
        monster_type: Option<MonsterType>,
        #[serde(default)]
        attribute: Option<Attribute>,
    },
    /// The controller's Deck Leader moves onto this spell's own cell, which the spell leaves
    /// (Dimensionhole).
    BringLeaderHere,
    /// Every face-up monster `targets` reaches trades its ATK and DEF (Shield & Sword).
    SwapStats {
        targets: Targets,
    },
    /// Every card on the field but the Deck Leaders moves to the cell opposite it through
    /// the centre of the board (Creature Swap).
    MirrorPositions,
    /// Once `turns` of its controller's turns in a row have begun with this monster face-up
    /// in defence position since they turned it face-up themselves, they may change it into
    /// `into`, shown from their Extra Deck (Yamatano Dragon Scroll, Embryonic Beast, Larva
    /// and Pupa of Moth).
    EvolveAfterTurns {
        turns: u8,
        into: CardId,
    },
    /// While this monster stands face-up on `terrain`, its controller may change it in
    /// their main phase into `into`, shown from their Extra Deck (Shadow Ghoul: "Can move
    /// into LABYRINTH terrain, and transforms into Wall Shadow").
    EvolveOnTerrain {
        terrain: Terrain,
        into: CardId,
    },
    /// Once `turns` of its controller's turns in a row have begun with this monster face-up
    /// in defence position since they turned it face-up themselves, every card in the 3x3
    /// square around it, itself included, is destroyed (Jigen Bakudan).
    DetonateAfterTurns {
        turns: u8,
    },
    /// This monster, face-up, never moves (Larva and Pupa of Moth).
    CannotMove,
    /// The monster this one battles fights without its battle effects: no automatic
    /// destruction, battle bonus, cancelled changes, removal from the game, damage waived or
    /// effect triggered by the battle (Sword of Dragon's Soul: "The opposing enemy's effects
    /// are rendered ineffective").
    NeutralizesInBattle,
    /// When this monster is destroyed, it comes back out of the graveyard onto an unused
    /// zone of its owner's Summoning Area other than the one it left, face-up in attack
    /// position, the owner choosing the zone (Petit Angel, Chakra, Golgoil: "Revives in own
    /// Summoning Area, other than current location").
    ReviveInSummoningArea,
    /// The card `targets` reaches (the controller chooses one where several are) moves to
    /// an unused zone of `to`'s Summoning Area, chosen by the controller (Leghul, Turtle
    /// Raccoon; Horn Imp: an adjacent Jigen Bakudan). A monster that teleports itself when
    /// flipped face-up in battle cancels that battle.
    Teleport {
        targets: Targets,
        to: Player,
    },
    /// The player shows every card of their hand to everyone (The Eye of Truth): each is
    /// opened where it lies, and stays known while it stays in the hand.
    RevealHand {
        player: Player,
    },
    /// The spell this trap answers destroys none of the trap's controller's cards (White
    /// Hole against Dark Hole: "Protects all your cards on the Field from destruction").
    /// With a filter, the trap answers only the spells passing it.
    ShieldFromSpell {
        #[serde(default)]
        only: Filter,
    },
    /// While its controller has more than `above` life points, up to `count` monsters of
    /// every graveyard, the highest ATK first, come back to their Summoning Area under their
    /// control, and they then lose `cost` life points (Hourglass of Life: "a maximum of 4
    /// monsters with the highest ATKs from own as well as opponent's Graveyard are revived
    /// under owning player's control").
    ReviveStrongest {
        count: u8,
        above: u16,
        cost: u16,
    },
    /// The spell this trap answers takes life points from its player where it would give
    /// them (Bad Reaction to Simochi: "triggers against LP recovery and reduces an
    /// opponent's LP by the same amount"). The trap answers only a spell that gives its own
    /// player life points.
    ReverseGains,
    /// As a battle is about to be fought with this monster face-up, its ATK and DEF change
    /// by a jointly random amount from `-up_to` to `+up_to` in steps of 100, for the rest
    /// of the turn (Goddess of Whim: "Own ATK/DEF either increased or decreased by up to
    /// 1500 points when entering battle").
    WhimInBattle {
        up_to: u16,
    },
    /// Every card on the board but the Deck Leaders takes one step toward this monster, the
    /// nearest first (Carat Idol: "all cards are drawn 1 space towards Carat Idol!").
    PullToward,
    /// A power-up's effect as it joins its monster: the opponent loses half their life
    /// points, and the monster gains as much ATK and DEF for as long as it stays on the
    /// field (Riryoku: "Reduces opponent's LP by half and adds the reduced amount to the
    /// powers").
    StealHalfLifePoints,
    /// The power-up this trap answers takes its half of life points from its own player
    /// instead of the trap's (Goblin Fan: "triggers against an opponent's direct
    /// LP-attacking Riryoku and reverses the inflicted damage"). The trap answers only a
    /// power-up that steals life points.
    TurnBackSteal,
    /// The trap this trap answers does nothing and goes to the graveyard (Royal Decree:
    /// "triggers against any activated TRAP card and nullifies the card").
    NegateTrap,
    /// Where the bluff hides classes, the owners of the class-hidden cards `targets`
    /// reaches declare which are monsters, as for an effect that reaches cards by class (The
    /// Inexperienced Spy: "Regardless of facing, Type icons of all opponent's card are
    /// displayed"). Where classes are public, there is nothing to show.
    ShowClasses {
        targets: Targets,
    },
    /// Face-up and free, this monster's printed ATK is an enemy Deck Leader's and its
    /// printed DEF its own Deck Leader's (Shapesnatch: "ATK and DEF copies the enemy
    /// Leader's ATK for attacks and your own Leader's DEF when defending"); terrain and
    /// every other change apply on top. With several enemies, the strongest enemy Leader's.
    CopiesLeaders,
    /// The power-up this trap answers lowers its monster's ATK and DEF by as much as it
    /// would raise them (Reverse Trap: "triggers against power-ups involving increases in ATK
    /// and DEF, reversing the positive effect to a negative amount"). The trap answers only
    /// a power-up that raises ATK or DEF.
    ReversePowerUp,
    /// The last card an opponent played, if it is still face-down on the field, turns
    /// face-up (Monster Eye: "flips the last card played by an opponent face-up").
    FlipLastPlayed,
    /// One card `targets` reaches, picked at random by every seat's joint draw, is destroyed
    /// (Barrel Dragon: "1 card other than own is randomly selected for destruction").
    DestroyOneAtRandom {
        targets: Targets,
    },
    /// `cells` cells of the board, picked at random, lose every card on them but a Deck
    /// Leader (Fairy Meteor Crush: "Randomly selects 10 spaces on the Field, and destroys any
    /// card in-play on that space").
    DestroyCellsAtRandom {
        cells: u8,
    },
    /// One Labyrinth cell, picked at random, becomes Normal terrain, and the cell where this
    /// spell was activated becomes Labyrinth; with no Labyrinth on the board, nothing
    /// happens (Magical Labyrinth).
    LabyrinthMovesHere,
    /// A monster made from nothing, `card`, comes onto an unused zone of the controller's
    /// Summoning Area they choose, other than the cell this card stands on or left: face-up
    /// in attack position, or face-down in defence position (Doron: "adds another Doron
    /// face-up in own Summoning Area"; Spirit of the Books: "add a Boo Koo face-down"; Larva
    /// of Moth, destroyed: "revived as Larvae Moth in own Summoning Area other than current
    /// location"). It comes from no deck, so everyone knows it (`grid/made_monsters.rs`).
    MakeMonster {
        card: CardId,
        #[serde(default)]
        face_down: bool,
    },
    /// Every face-up monster `targets` reaches becomes `into`, made from nothing on its cell:
    /// the monster goes to its owner's graveyard and the new one keeps its place, battle
    /// position and power-ups (Time Wizard: "all DRAGON monsters with ATK less than 2400 are
    /// turned into Thousand Dragon").
    TurnInto {
        targets: Targets,
        into: CardId,
    },
    /// In its controller's own turn, one spell of any graveyard (not a power-up), chosen by
    /// them, comes back face-down onto an unused zone of their Summoning Area they choose,
    /// under their control, its owner keeping it (Magician of Faith: "select 1 spell card
    /// from all graveyards and revive it in own Summoning Area. However, can only be
    /// activated in a turn when 'Magician of Faith' is being controlled"; Mask of Darkness).
    SetSpellFromGraveyard,
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
