//! Agreed effects: a card whose effect FairDuel has no definition for still resolves. Its
//! controller proposes the outcome as a list of the engine's own operations; the seats the
//! format names accept or refuse it, each in a signed entry of its own; an accepted outcome
//! is checked operation by operation and applied by the engine, the same on every peer.
//!
//! This is how players of these formats play on tabletop simulators — carrying out an
//! effect by hand, on their honour — made verifiable: the record holds who proposed what
//! and who agreed to it, and the engine refuses an outcome that could not happen (a card
//! that is not where an operation says it is).
//!
//! Hidden cards stay hidden. A proposal names a hidden card by its place (a face-down zone,
//! a slot of someone's hand) without knowing it; when an accepted outcome shows it (sends it
//! to the graveyard, summons it face-up), its owner opens it from their secrets first, and
//! the opening is checked against its commitment like every other reveal.
//!
//! A search shows the searching player only their own deck (they know its cards already;
//! the order is secret from everyone) and reveals the card they take; the deck is then
//! shuffled by the protocol's reshuffle round (see [`crate::reshuffle`]), as are decks an
//! outcome shuffles cards into.
//!
//! Coins and dice the card asks for are tossed before the proposal, by joint randomness
//! (see [`crate::chance`]).
//!
//! Both families resolve by agreement: on the card game's field every spell and trap
//! without a definition, on the grid the effects a card's definition marks
//! [`crate::card::Primitive::ByAgreement`], when their trigger comes.
//!
//! A deck's order is known to nobody, so a card an effect places on top of a deck or at its
//! bottom takes a place of its own, apart from the permuted positions (see
//! [`crate::player::DeckOrder`]); a mill takes the top card as a draw does and its owner
//! opens it in the graveyard.
//!
//! A card leaves an Extra Deck only by its owner's own proposal, which opens it: nobody else
//! can name what is in it.
//!
//! What is not built yet: chains of responses to an agreed effect.

mod card_game_materials;
mod consent;
mod control;
mod deck_places;
mod duel_result;
pub mod extra_deck_summon;
mod flow;
pub(crate) use flow::stays_after_resolving;
mod attached_cards;
mod moves;
mod operations;
mod search;
mod tokens;

use serde::{Deserialize, Serialize};

use crate::card::{CardId, Duration};
use crate::commitment::CardRef;
use crate::place::Place;
use crate::seat::{Seat, SeatSet};

/// The longest declaration an outcome may carry, in bytes.
pub const MAX_DECLARATION_BYTES: usize = 200;

/// The most operations one outcome may hold.
pub const MAX_OPERATIONS: usize = 32;

/// One step of an agreed outcome, in the engine's own terms.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Operation {
    /// Move the card at `from` — a zone of the field, a cell of the grid, or a slot of a
    /// hand, a graveyard or the banished cards (`Place::Zone` with `Zone::Hand`,
    /// `Zone::Graveyard` or `Zone::Banished` and the card's index) — to `to`.
    Move { from: Place, to: Destination },
    /// Change `seat`'s life points by `amount`: negative is damage, positive is gain.
    LifePoints { seat: Seat, amount: i32 },
    /// Add `atk` and `def` (either may be negative) to the face-up monster at `at`.
    Stats {
        at: Place,
        atk: i16,
        def: i16,
        duration: Duration,
    },
    /// Add `change` levels (negative: take them away) to the face-up monster at `at`, for
    /// `duration`; its level stays within 1 and 12.
    Level {
        at: Place,
        change: i8,
        duration: Duration,
    },
    /// Switch the monster at `at` between ATK and DEF Position.
    ChangePosition { at: Place },
    /// `seat` draws `count` cards from the top of their deck.
    Draw { seat: Seat, count: u8 },
    /// Something the outcome declares for everyone to read (a card name, a type, a number
    /// the effect asks for), at most [`MAX_DECLARATION_BYTES`] long.
    Declare { text: String },
    /// `seat` searches their deck (once the rest of the outcome has run): they see their
    /// own deck, take one card into their hand, revealed to everyone, or find nothing.
    Search { seat: Seat },
    /// `seat`'s deck is shuffled (once the rest of the outcome has run).
    Shuffle { seat: Seat },
    /// Destroy the monster at `at` (to its owner's graveyard). With `destruction_damage`
    /// (the card says "apply Destruction Damage") its controller takes half its ATK as effect
    /// damage; the effect's controller inflicts at most [`DESTRUCTION_DAMAGE_PER_TURN`] of it
    /// a turn.
    Destroy { at: Place, destruction_damage: bool },
    /// Battle Lock: the monster at `at` keeps its battle position — its controller cannot
    /// change it — for `turns` turns, this one counted as the first (0: for as long as it
    /// stays on the field).
    BattleLock { at: Place, turns: u8 },
    /// Place counters on the face-up card at `at` (a positive `change`) or remove them (a
    /// negative one); a card holds at most [`MAX_COUNTERS`].
    Counters { at: Place, change: i8 },
    /// Turn the card at `at` over: face-up to face-down (it keeps its position; everyone
    /// saw it, so it stays known), or face-down to face-up (a hidden card is opened by its
    /// owner first; on the grid a monster's flip effects follow, as for any flip by an
    /// effect).
    Flip { at: Place },
    /// Show everyone the hidden card at `at` — a face-down card on the board or a slot of a
    /// hand — opened by its owner; it stays where it is, known from then on.
    Reveal { at: Place },
    /// Send the top `count` cards of `seat`'s deck to their graveyard, each opened by its
    /// owner for everyone (a mill). The deck must hold them.
    Mill { seat: Seat, count: u8 },
    /// Take the card `card_ref` out of the proposer's own Extra Deck, shown to everyone by
    /// its opening `reveal`, to `to` (the field, face-up: a Special Summon; the hand, the
    /// graveyard or the banished cards). Only the proposer can open their Extra Deck, so
    /// only their own is reached.
    FromExtraDeck {
        card_ref: CardRef,
        reveal: crate::commitment::Reveal,
        to: Destination,
    },
    /// Kingdom Duels: summon the proposer's Extra Deck monster `card_ref` (shown by
    /// `reveal`) by its own mechanic onto the zone `to`, face-up, from `materials` — zones
    /// of the field holding monsters the proposer controls, and slots of the proposer's hand.
    /// What becomes of the materials follows the monster's frame (see
    /// [`extra_deck_summon`]): a Fusion or Alter Monster takes them attached beneath it, a
    /// Ritual Monster sends them to the graveyard, an Integration Monster erodes them.
    ExtraDeckSummon {
        card_ref: CardRef,
        reveal: crate::commitment::Reveal,
        to: Place,
        defence: bool,
        materials: Vec<Place>,
    },
    /// The card game's field with terrain: the terrain marker over `at` (a Frontrow zone, or a
    /// Backrow zone's column) becomes terrain number `terrain` of the format's list.
    Terrain { at: Place, terrain: u8 },
    /// The card game's field: the face-up card at `equip` (in a Backrow) is equipped to the
    /// face-up monster at `to`; it is destroyed when that monster leaves the field.
    Equip { equip: Place, to: Place },
    /// `seat` loses the duel (Domain Format's errata: "your opponent wins the Duel" becomes
    /// "you lose the duel"): they are removed, and the duel ends if one side is left.
    LoseDuel { seat: Seat },
    /// `seat` wins the duel ("you win the Duel"): every player not on their side loses.
    WinDuel { seat: Seat },
    /// The card game's field: bring the Token `card` onto the free Frontrow zone `to`,
    /// face-up, in ATK or DEF Position; it belongs to the effect's controller, and the
    /// player whose zone it is controls it. A Token comes from no deck and is removed from
    /// the game when it leaves the field.
    Token {
        card: crate::card::CardId,
        to: Place,
        defence: bool,
    },
    /// "Each player" and "both players" (Domain Format: they "become 'All players'"): `step`
    /// for every player still in the duel, one after another in turn order from the turn
    /// player, as Domain's resource management goes around.
    EachPlayer { step: EachPlayerStep },
    /// Send the `index`th card beneath the face-up card at `at` (counted from 0) to its
    /// owner's graveyard: an Xyz Material detached. On the grid only an Xyz Monster's
    /// materials are detached, never an equip lying beneath it (Classic rule 11).
    Detach { at: Place, index: u8 },
    /// Attach the card at `from` (a zone or cell, or a slot of a hand, a graveyard or the
    /// banished cards; a hidden one is shown) beneath the face-up monster at `to`, with the
    /// cards already beneath it. On the grid only a monster, beneath an Xyz Monster.
    Attach { from: Place, to: Place },
    /// `seat` takes control of the face-up card at `at`, which goes to `to`: on the grid an
    /// unused cell next to `seat`'s Deck Leader where the format follows Classic rule 15
    /// (the resolving spell's own zone counts), else `at` itself; on the card game's field a
    /// free zone of its kind on `seat`'s side. With `for_the_turn` control goes back to the
    /// card's owner at the end of the turn.
    Control {
        at: Place,
        seat: Seat,
        to: Place,
        for_the_turn: bool,
    },
}

/// What an [`Operation::EachPlayer`] does to each player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EachPlayerStep {
    LifePoints { amount: i32 },
    Draw { count: u8 },
    Mill { count: u8 },
    Shuffle,
}

impl EachPlayerStep {
    /// The step for one player, as an operation of its own.
    pub fn for_player(self, seat: Seat) -> Operation {
        match self {
            EachPlayerStep::LifePoints { amount } => Operation::LifePoints { seat, amount },
            EachPlayerStep::Draw { count } => Operation::Draw { seat, count },
            EachPlayerStep::Mill { count } => Operation::Mill { seat, count },
            EachPlayerStep::Shuffle => Operation::Shuffle { seat },
        }
    }
}

/// The most counters one card may hold.
pub const MAX_COUNTERS: u8 = 99;

/// The most Destruction Damage one player's effects may inflict in a turn.
pub const DESTRUCTION_DAMAGE_PER_TURN: u16 = 1000;

impl Operation {
    /// Where the card the operation acts on is (a moved card, where it starts), if it acts
    /// on a card already in play.
    pub fn card_place(&self) -> Option<Place> {
        match self {
            Operation::Move { from, .. } | Operation::Attach { from, .. } => Some(*from),
            Operation::Stats { at, .. }
            | Operation::Detach { at, .. }
            | Operation::Level { at, .. }
            | Operation::ChangePosition { at }
            | Operation::Destroy { at, .. }
            | Operation::BattleLock { at, .. }
            | Operation::Counters { at, .. }
            | Operation::Flip { at }
            | Operation::Reveal { at }
            | Operation::Equip { to: at, .. }
            | Operation::Control { at, .. } => Some(*at),
            _ => None,
        }
    }

    /// The card on the board (a zone of the field or a grid cell) the operation acts on,
    /// if it acts on one.
    pub fn card_on_field(&self) -> Option<Place> {
        let at = self.card_place()?;
        match at {
            Place::Cell(_) => Some(at),
            Place::Zone { zone, .. } if zone.is_on_field() => Some(at),
            Place::Zone { .. } => None,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Operation::Move { .. } => "move",
            Operation::LifePoints { .. } => "life-points",
            Operation::Stats { .. } => "stats",
            Operation::ChangePosition { .. } => "change-position",
            Operation::Draw { .. } => "draw",
            Operation::Declare { .. } => "declare",
            Operation::Search { .. } => "search",
            Operation::Shuffle { .. } => "shuffle",
            Operation::Destroy { .. } => "destroy",
            Operation::BattleLock { .. } => "battle-lock",
            Operation::Counters { .. } => "counters",
            Operation::Flip { .. } => "flip",
            Operation::Reveal { .. } => "reveal",
            Operation::Mill { .. } => "mill",
            Operation::Level { .. } => "level",
            Operation::FromExtraDeck { .. } => "from-extra-deck",
            Operation::ExtraDeckSummon { .. } => "extra-deck-summon",
            Operation::Terrain { .. } => "terrain",
            Operation::Equip { .. } => "equip",
            Operation::LoseDuel { .. } => "lose-duel",
            Operation::WinDuel { .. } => "win-duel",
            Operation::Token { .. } => "token",
            Operation::Control { .. } => "control",
            Operation::Detach { .. } => "detach",
            Operation::Attach { .. } => "attach",
            Operation::EachPlayer { step } => match step {
                EachPlayerStep::LifePoints { .. } => "each-player-life-points",
                EachPlayerStep::Draw { .. } => "each-player-draw",
                EachPlayerStep::Mill { .. } => "each-player-mill",
                EachPlayerStep::Shuffle => "each-player-shuffle",
            },
        }
    }
}

/// Where a moved card goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Destination {
    /// Its owner's hand.
    Hand,
    /// Its owner's graveyard.
    Graveyard,
    /// Out of the game, face-up.
    Banished,
    /// Its owner's deck, which is then shuffled (the card stays hidden if it was).
    Deck,
    /// The top of its owner's deck, without a shuffle: the next card they draw. A hidden
    /// card stays hidden, and a known one is drawn as any card is, into the hand.
    DeckTop,
    /// The bottom of its owner's deck, without a shuffle: drawn after every other card.
    DeckBottom,
    /// A free zone of the field: whoever plays on that side controls it. A card coming from
    /// the hand or a graveyard arrives face-up (a Special Summon, for a monster); one moved
    /// from another zone keeps its face. `defence` sets a monster's position.
    Field { at: Place, defence: bool },
    /// The card game's field: a free Frontrow zone, the monster arriving Hidden (face-down)
    /// in ATK or DEF Position — a summon, where an effect allows one ("you can Hide a
    /// monster (or Summon in Hidden position) ... only if there is an effect that allows you
    /// to do so"). A card from a hand stays hidden: that it is a monster is a claim checked
    /// when it is revealed and by the audit.
    HiddenField { at: Place, defence: bool },
    /// Kingdom Duels: the proposer's Rule Zone, for a Normal Rule card taken out of their
    /// Extra Deck by the effect its RELIANCE condition names (a `FromExtraDeck` step).
    RuleZone,
}

impl Destination {
    /// The zone or cell of the board the card goes to, with its position and whether it
    /// arrives Hidden, when it goes onto the board.
    pub fn on_board(self) -> Option<(Place, bool, bool)> {
        match self {
            Destination::Field { at, defence } => Some((at, defence, false)),
            Destination::HiddenField { at, defence } => Some((at, defence, true)),
            _ => None,
        }
    }
}

/// Who must accept an outcome before it is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Consent {
    /// Every other player still in the duel: what one player's effect does changes the
    /// game of everyone at the table.
    #[default]
    Everyone,
    /// Only the other players whose cards, life points, hands or decks the outcome touches
    /// (an outcome that touches nobody else applies at once).
    Touched,
}

/// A format's rules for agreed effects.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgreementRules {
    /// Who must accept an outcome.
    #[serde(default)]
    pub consent: Consent,
    /// How many outcomes a controller may propose for one activation; once they are all
    /// refused the card resolves with no effect, so that a disagreement cannot stall the
    /// duel.
    #[serde(default = "default_proposals")]
    pub proposals: u8,
    /// Whether a deck is shuffled after a search that took a card from it, as in the card
    /// game. Without it the deck keeps its secret order (which the search did not show) and
    /// a draw that reaches the taken card moves on to the next one: the same odds, one
    /// round of the protocol fewer.
    #[serde(default = "default_shuffle_after_search")]
    pub shuffle_after_search: bool,
    /// Cards whose effects the players of this format resolve by agreement although
    /// FairDuel defines them: a ruling the table prefers to the engine's reading. Their
    /// defined effects are set aside (see [`crate::pool::CardPool::with_rulings`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<CardId>,
}

impl AgreementRules {
    /// The cards `rulings` names that `pool` does not hold, in the order named.
    pub fn unknown_rulings(&self, pool: &crate::pool::CardPool) -> Vec<CardId> {
        self.rulings
            .iter()
            .copied()
            .filter(|id| pool.get(*id).is_none())
            .collect()
    }
}

fn default_shuffle_after_search() -> bool {
    true
}

fn default_proposals() -> u8 {
    3
}

impl Default for AgreementRules {
    fn default() -> AgreementRules {
        AgreementRules {
            consent: Consent::default(),
            proposals: default_proposals(),
            shuffle_after_search: default_shuffle_after_search(),
            rulings: Vec::new(),
        }
    }
}

/// An effect being resolved by agreement.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Agreement {
    /// The activated card, face-up.
    pub card: CardId,
    pub card_ref: CardRef,
    /// Where it was activated.
    pub at: Place,
    pub controller: Seat,
    /// The outcome on the table, once proposed.
    pub proposal: Option<Vec<Operation>>,
    /// Seats still to answer the proposal, the one asked first.
    pub to_answer: Vec<Seat>,
    /// Seats that accepted the proposal on the table.
    pub agreed: SeatSet,
    /// Proposals refused so far for this activation.
    pub refused: u8,
    /// Every seat asked accepted: the outcome is applied once the hidden cards it shows
    /// have been opened.
    pub accepted: bool,
    /// Coins tossed and dice rolled for this activation, in order, for the controller to
    /// propose from and everyone to read.
    pub chances: Vec<crate::chance::ChanceResult>,
    /// On the grid: the queued effect this agreement resolves, finished like any other
    /// effect once the agreement ends (a spell or trap then leaves for the graveyard).
    pub effect: Option<crate::state::QueuedEffect>,
    /// The opponent the effect targets (Domain Format's general errata): the outcome may
    /// affect only the controller and that opponent.
    pub target: Option<Seat>,
}

impl Agreement {
    /// The decision the agreement waits for, and whose it is, unless it waits for reveals
    /// or nothing.
    pub fn waiting_for(&self) -> Option<Seat> {
        match &self.proposal {
            None => Some(self.controller),
            Some(_) if self.accepted => None,
            Some(_) => self.to_answer.first().copied(),
        }
    }
}
