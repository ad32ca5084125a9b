//! Typed rule errors. Each says which rule was broken, so a player (or a scenario file) can
//! tell exactly why an action was refused. A refused action leaves the state untouched.

use crate::card::CardId;
use crate::place::Place;
use crate::seat::Seat;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the duel is over")]
    DuelOver,
    #[error("a {action} action has no place in this format's game")]
    NotInThisFamily { action: &'static str },
    #[error("{phase} does not allow a {action} action")]
    WrongPhase {
        action: &'static str,
        phase: &'static str,
    },
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
    #[error("{seat} is not at this table: the match seats {players} players")]
    NoSuchSeat { seat: Seat, players: usize },
    #[error("{seat} cannot be chosen: the effect may be aimed only at one of {among}")]
    NotAnOpponent {
        seat: Seat,
        among: crate::seat::SeatSet,
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
    #[error("{at} is not on the board")]
    OffBoard { at: Place },
    #[error("there is no card at {at}")]
    EmptyCell { at: Place },
    #[error("the card at {at} is not yours to use")]
    NotYourCard { at: Place },
    #[error("{at} is taken")]
    Occupied { at: Place },
    #[error("{at} is outside your summoning area")]
    OutsideSummonArea { at: Place },
    #[error("cards cannot enter or cross Labyrinth terrain at {at}")]
    Labyrinth { at: Place },
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
    #[error("{at} cannot be tributed: {why}")]
    BadTribute { at: Place, why: &'static str },
    #[error("card {card} is not a Ritual spell")]
    NotARitual { card: CardId },
    #[error("a Ritual spell activated off the board has no zone for its monster")]
    RitualWithoutZone,
    #[error(
        "Temple of Skulls renders Ritual cards ineffective: let the Ritual spell resolve with no \
         effect"
    )]
    RitualSealed,
    #[error("that card is not in your Extra Deck")]
    NotInExtraDeck,
    #[error("the Ritual spell summons card {summons}, not card {named}")]
    WrongRitualMonster { named: CardId, summons: CardId },
    #[error("the Ritual spell takes {needed} tributes, not {given}")]
    RitualTributeCount { needed: u8, given: u8 },
    #[error("this monster cannot transform: {why}")]
    CannotTransform { why: &'static str },
    #[error("it changes into card {makes}, not card {named}")]
    WrongTransformation { named: CardId, makes: CardId },
    #[error("this fusion is not allowed: {why}")]
    CannotFuse { why: &'static str },
    #[error("cards {first} and {second} do not fuse (the fusion table lists no such pair)")]
    NoSuchFusion { first: CardId, second: CardId },
    #[error("cards {first} and {second} fuse into card {makes}, not card {named}")]
    WrongFusionMonster {
        first: CardId,
        second: CardId,
        makes: CardId,
        named: CardId,
    },
    #[error("you cannot take control that way: {why}")]
    CannotTakeControl { why: &'static str },
    #[error("nothing comes back that way: {why}")]
    CannotRevive { why: &'static str },
    #[error("the card cannot teleport that way: {why}")]
    CannotTeleport { why: &'static str },
    #[error("the monster made from nothing cannot go there: {why}")]
    CannotPlaceMade { why: &'static str },
    #[error("this card cannot be played that way: {why}")]
    WrongPlayMode { why: &'static str },
    #[error("the Deck Master cannot be summoned now: {why}")]
    CannotSummonDeckMaster { why: &'static str },
    #[error("{seat} cannot return their Deck Master that way: {why}")]
    DeckMasterNotShown { seat: Seat, why: &'static str },
    #[error("the card at {at} has already moved this turn")]
    AlreadyMoved { at: Place },
    #[error("the card at {at} has already attacked this turn")]
    AlreadyAttacked { at: Place },
    #[error("the card at {at} has already changed position this turn")]
    AlreadyChangedPosition { at: Place },
    #[error("the card at {at} is spellbound")]
    Spellbound { at: Place },
    #[error("the card at {from} cannot reach {to}")]
    Unreachable { from: Place, to: Place },
    #[error("the card at {at} cannot move: {why}")]
    CannotMove { at: Place, why: &'static str },
    #[error("the card at {at} cannot attack: {why}")]
    CannotAttack { at: Place, why: &'static str },
    #[error("{target} cannot be attacked from {from}: {why}")]
    BadAttackTarget {
        from: Place,
        target: Place,
        why: &'static str,
    },
    #[error("the card at {at} cannot change position: {why}")]
    CannotChangePosition { at: Place, why: &'static str },
    #[error("the card at {at} cannot be flipped: {why}")]
    CannotFlip { at: Place, why: &'static str },
    #[error(
        "no attack may be declared before turn {first_attack_turn}: the last player of the first round attacks first"
    )]
    FirstTurnAttack { first_attack_turn: u16 },
    #[error("the card at {at} cannot spring now: {why}")]
    CannotSpring { at: Place, why: &'static str },
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
        "the trap at {at} has been triggered and must spring: in this format traps are not \
         optional, so spring it (or another triggered trap) instead of passing"
    )]
    MustSpring { at: Place },
    #[error(
        "the trap at {at} has its Trigger met: activate it (or another triggered trap) \
         first, or leave it Set and take an Idle Warning (leave-triggered); passing or \
         answering with another card would leave it unactivated"
    )]
    TriggerMet { at: Place },
    #[error("you cannot leave a triggered trap Set now: {why}")]
    CannotLeaveTriggered { why: &'static str },
    #[error("the duel cannot be ended by agreement now: {why}")]
    CannotProposeEnd { why: &'static str },
    #[error("step {} of the proposed outcome cannot be done: {why}; propose another", index + 1)]
    BadOutcome { index: usize, why: String },
    #[error("the card at {at} cannot be activated now: {why}")]
    CannotActivate { at: Place, why: &'static str },
    #[error("{seat} has no such card in their deck: take one of its cards, or nothing")]
    NotInDeck { seat: Seat },
    #[error("this Duelist Setup swap cannot be made: {why}")]
    BadStartingSwap { why: String },
    #[error("the Symbol card cannot be {what} now: {why}")]
    CannotUseSymbol {
        what: &'static str,
        why: &'static str,
    },
    #[error("{at} cannot STRIKE now: {why}")]
    CannotStrike { at: Place, why: &'static str },
    #[error("the monster at {at} cannot hide now: {why}")]
    CannotHide { at: Place, why: &'static str },
    #[error("an Integration Summon cannot be declared: {why}")]
    CannotIntegrationSummon { why: &'static str },
    #[error("that Extra Deck summon cannot be declared: {why}")]
    CannotSummonFromExtraDeck { why: &'static str },
    #[error("the reshuffle of {owner}'s deck cannot go on: {why}")]
    BadReshuffle { owner: Seat, why: String },
    #[error("{seat}'s opening of its share does not match its commitment")]
    BadShare { seat: Seat },
    #[error("an effect may call for at most {max} coin tosses and die rolls")]
    TooManyChances { max: usize },
    #[error("no Destiny Draw now: {why}")]
    CannotDestinyDraw { why: &'static str },
    #[error("an agreed outcome tosses coins and rolls dice; it cannot call for a random pick")]
    NotAnAgreedChance,
    #[error("that Pendulum Summon cannot be made: {why}")]
    CannotPendulumSummon { why: String },
    #[error("that Rule card cannot be activated: {why}")]
    CannotActivateRuleCard { why: String },
    #[error("that card cannot be detached: {why}")]
    CannotDetach { why: String },
}

impl RuleError {
    /// A stable kebab-case name for the error kind, used by scenario files.
    pub fn kind(&self) -> &'static str {
        match self {
            RuleError::DuelOver => "duel-over",
            RuleError::NotInThisFamily { .. } => "not-in-this-family",
            RuleError::WrongPhase { .. } => "wrong-phase",
            RuleError::NoSuchSeat { .. } => "no-such-seat",
            RuleError::NotAnOpponent { .. } => "not-an-opponent",
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
            RuleError::NotARitual { .. } => "not-a-ritual",
            RuleError::RitualWithoutZone => "ritual-without-zone",
            RuleError::RitualSealed => "ritual-sealed",
            RuleError::NotInExtraDeck => "not-in-extra-deck",
            RuleError::WrongRitualMonster { .. } => "wrong-ritual-monster",
            RuleError::RitualTributeCount { .. } => "ritual-tribute-count",
            RuleError::CannotFuse { .. } => "cannot-fuse",
            RuleError::CannotTransform { .. } => "cannot-transform",
            RuleError::WrongTransformation { .. } => "wrong-transformation",
            RuleError::NoSuchFusion { .. } => "no-such-fusion",
            RuleError::WrongFusionMonster { .. } => "wrong-fusion-monster",
            RuleError::CannotRevive { .. } => "cannot-revive",
            RuleError::CannotTakeControl { .. } => "cannot-take-control",
            RuleError::CannotTeleport { .. } => "cannot-teleport",
            RuleError::CannotPlaceMade { .. } => "cannot-place-made",
            RuleError::WrongPlayMode { .. } => "wrong-play-mode",
            RuleError::CannotSummonDeckMaster { .. } => "cannot-summon-deck-master",
            RuleError::DeckMasterNotShown { .. } => "deck-master-not-shown",
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
            RuleError::FirstTurnAttack { .. } => "first-turn-attack",
            RuleError::CannotSpring { .. } => "cannot-spring",
            RuleError::BadReveal { .. } => "bad-reveal",
            RuleError::MissingReveal { .. } => "missing-reveal",
            RuleError::WrongRevealCount { .. } => "wrong-reveal-count",
            RuleError::ClaimContradicted { .. } => "claim-contradicted",
            RuleError::UnknownCard { .. } => "unknown-card",
            RuleError::BadDeclaration { .. } => "bad-declaration",
            RuleError::MustDiscard { .. } => "must-discard",
            RuleError::MustSpring { .. } | RuleError::TriggerMet { .. } => "must-spring",
            RuleError::CannotLeaveTriggered { .. } => "cannot-leave-triggered",
            RuleError::CannotProposeEnd { .. } => "cannot-propose-end",
            RuleError::BadOutcome { .. } => "bad-outcome",
            RuleError::CannotActivate { .. } => "cannot-activate",
            RuleError::NotInDeck { .. } => "not-in-deck",
            RuleError::BadStartingSwap { .. } => "bad-starting-swap",
            RuleError::CannotUseSymbol { .. } => "cannot-use-symbol",
            RuleError::BadReshuffle { .. } => "bad-reshuffle",
            RuleError::BadShare { .. } => "bad-share",
            RuleError::TooManyChances { .. } => "too-many-chances",
            RuleError::CannotIntegrationSummon { .. } => "cannot-integration-summon",
            RuleError::CannotStrike { .. } => "cannot-strike",
            RuleError::CannotHide { .. } => "cannot-hide",
            RuleError::CannotSummonFromExtraDeck { .. } => "cannot-summon-from-extra-deck",
            RuleError::CannotDestinyDraw { .. } => "cannot-destiny-draw",
            RuleError::NotAnAgreedChance => "not-an-agreed-chance",
            RuleError::CannotPendulumSummon { .. } => "cannot-pendulum-summon",
            RuleError::CannotActivateRuleCard { .. } => "cannot-activate-rule-card",
            RuleError::CannotDetach { .. } => "cannot-detach",
        }
    }
}
