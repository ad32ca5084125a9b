//! Typed rule errors. Each says which rule was broken, so a player (or a scenario file) can
//! tell exactly why an action was refused. A refused action leaves the state untouched.

use crate::card::CardId;
use crate::state::{Cell, Seat};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the duel is over")]
    DuelOver,
    #[error(
        "{permuter}'s opening of deck position {position} of {owner}'s deck does not match its commitment"
    )]
    BadPositionOpening {
        owner: Seat,
        permuter: Seat,
        position: u16,
    },
    #[error(
        "{permuter} pointed deck position {position} of {owner}'s deck at card {index}, which is not in the deck (already drawn, or past its end): a permutation never repeats a card"
    )]
    PositionNotInDeck {
        owner: Seat,
        permuter: Seat,
        position: u16,
        index: u16,
    },
    #[error("it is {expected}'s decision, not {actual}'s")]
    NotYourDecision { expected: Seat, actual: Seat },
    #[error("a {action} action cannot answer the decision the duel is waiting for ({awaiting})")]
    WrongDecision {
        action: &'static str,
        awaiting: &'static str,
    },
    #[error("there is no card at position {index} of the hand")]
    NoSuchHandCard { index: u8 },
    #[error("{cell} is not on the board")]
    OffBoard { cell: Cell },
    #[error("there is no card at {cell}")]
    EmptyCell { cell: Cell },
    #[error("the card at {cell} is not yours to use")]
    NotYourCard { cell: Cell },
    #[error("{cell} is taken")]
    Occupied { cell: Cell },
    #[error("{cell} is outside your summoning area")]
    OutsideSummonArea { cell: Cell },
    #[error("cards cannot enter or cross Labyrinth terrain at {cell}")]
    Labyrinth { cell: Cell },
    #[error("you may play only {limit} card(s) from your hand per turn")]
    CardLimit { limit: u8 },
    #[error("you may summon or set only {limit} monster(s) per turn")]
    MonsterPlayLimit { limit: u8 },
    #[error("you already control {limit} monsters")]
    MonsterZonesFull { limit: u8 },
    #[error("you already control {limit} spells and traps")]
    SpellTrapZonesFull { limit: u8 },
    #[error("this monster costs {cost} summoning points and you have {have}")]
    NotEnoughSummoningPoints { cost: u8, have: u8 },
    #[error("the cost given ({given}) does not match the card's level ({level})")]
    WrongCost { given: u8, level: u8 },
    #[error("a level {level} monster needs {needed} tribute(s), {given} given")]
    WrongTributes { level: u8, needed: u8, given: u8 },
    #[error("{cell} cannot be tributed: {why}")]
    BadTribute { cell: Cell, why: &'static str },
    #[error("this card cannot be played that way: {why}")]
    WrongPlayMode { why: &'static str },
    #[error("the card at {cell} has already moved this turn")]
    AlreadyMoved { cell: Cell },
    #[error("the card at {cell} has already attacked this turn")]
    AlreadyAttacked { cell: Cell },
    #[error("the card at {cell} has already changed position this turn")]
    AlreadyChangedPosition { cell: Cell },
    #[error("the card at {cell} is spellbound")]
    Spellbound { cell: Cell },
    #[error("the card at {from} cannot reach {to}")]
    Unreachable { from: Cell, to: Cell },
    #[error("the card at {cell} cannot move: {why}")]
    CannotMove { cell: Cell, why: &'static str },
    #[error("the card at {cell} cannot attack: {why}")]
    CannotAttack { cell: Cell, why: &'static str },
    #[error("{target} cannot be attacked from {from}: {why}")]
    BadAttackTarget {
        from: Cell,
        target: Cell,
        why: &'static str,
    },
    #[error("the card at {cell} cannot change position: {why}")]
    CannotChangePosition { cell: Cell, why: &'static str },
    #[error("the card at {cell} cannot be flipped: {why}")]
    CannotFlip { cell: Cell, why: &'static str },
    #[error("no attack may be declared on the first turn of the duel")]
    FirstTurnAttack,
    #[error("the card at {cell} cannot spring now: {why}")]
    CannotSpring { cell: Cell, why: &'static str },
    #[error("the reveal does not open the commitment it should (card {card})")]
    BadReveal { card: CardId },
    #[error("a reveal is missing: {why}")]
    MissingReveal { why: &'static str },
    #[error("{expected} reveal(s) were asked for, {given} given")]
    WrongRevealCount { expected: usize, given: usize },
    #[error("card {card} contradicts the claim made on turn {turn}: {claim}")]
    ClaimContradicted {
        card: CardId,
        turn: u16,
        claim: String,
    },
    #[error("card {card} is not in the card pool")]
    UnknownCard { card: CardId },
    #[error("the declaration is wrong: {why}")]
    BadDeclaration { why: String },
    #[error("you hold {held} cards and must discard down to {limit}")]
    MustDiscard { held: u8, limit: u8 },
    #[error(
        "the trap at {cell} has been triggered and must spring: in this format traps are not \
         optional, so spring it (or another triggered trap) instead of passing"
    )]
    MustSpring { cell: Cell },
}

impl RuleError {
    /// A stable kebab-case name for the error kind, used by scenario files.
    pub fn kind(&self) -> &'static str {
        match self {
            RuleError::DuelOver => "duel-over",
            RuleError::NotYourDecision { .. } => "not-your-decision",
            RuleError::BadPositionOpening { .. } => "bad-position-opening",
            RuleError::PositionNotInDeck { .. } => "position-not-in-deck",
            RuleError::WrongDecision { .. } => "wrong-decision",
            RuleError::NoSuchHandCard { .. } => "no-such-hand-card",
            RuleError::OffBoard { .. } => "off-board",
            RuleError::EmptyCell { .. } => "empty-cell",
            RuleError::NotYourCard { .. } => "not-your-card",
            RuleError::Occupied { .. } => "occupied",
            RuleError::OutsideSummonArea { .. } => "outside-summon-area",
            RuleError::Labyrinth { .. } => "labyrinth",
            RuleError::CardLimit { .. } => "card-limit",
            RuleError::MonsterPlayLimit { .. } => "monster-play-limit",
            RuleError::MonsterZonesFull { .. } => "monster-zones-full",
            RuleError::SpellTrapZonesFull { .. } => "spell-trap-zones-full",
            RuleError::NotEnoughSummoningPoints { .. } => "not-enough-summoning-points",
            RuleError::WrongCost { .. } => "wrong-cost",
            RuleError::WrongTributes { .. } => "wrong-tributes",
            RuleError::BadTribute { .. } => "bad-tribute",
            RuleError::WrongPlayMode { .. } => "wrong-play-mode",
            RuleError::AlreadyMoved { .. } => "already-moved",
            RuleError::AlreadyAttacked { .. } => "already-attacked",
            RuleError::AlreadyChangedPosition { .. } => "already-changed-position",
            RuleError::Spellbound { .. } => "spellbound",
            RuleError::Unreachable { .. } => "unreachable",
            RuleError::CannotMove { .. } => "cannot-move",
            RuleError::CannotAttack { .. } => "cannot-attack",
            RuleError::BadAttackTarget { .. } => "bad-attack-target",
            RuleError::CannotChangePosition { .. } => "cannot-change-position",
            RuleError::CannotFlip { .. } => "cannot-flip",
            RuleError::FirstTurnAttack => "first-turn-attack",
            RuleError::CannotSpring { .. } => "cannot-spring",
            RuleError::BadReveal { .. } => "bad-reveal",
            RuleError::MissingReveal { .. } => "missing-reveal",
            RuleError::WrongRevealCount { .. } => "wrong-reveal-count",
            RuleError::ClaimContradicted { .. } => "claim-contradicted",
            RuleError::UnknownCard { .. } => "unknown-card",
            RuleError::BadDeclaration { .. } => "bad-declaration",
            RuleError::MustDiscard { .. } => "must-discard",
            RuleError::MustSpring { .. } => "must-spring",
        }
    }
}
