//! What happened, for logs, the app's event list and the protocol's reveal bookkeeping.

use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::state::{Cell, Commitment, Outcome, Seat};
use crate::terrain::Terrain;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    TurnStarted {
        seat: Seat,
        turn: u16,
    },
    /// The top card of the deck went to the hand; only its owner learns what it is.
    Drew {
        seat: Seat,
        commitment: Commitment,
    },
    SummoningPoints {
        seat: Seat,
        now: u8,
    },
    /// A card was played from the hand; `card` is `None` when it went down face-down.
    Played {
        seat: Seat,
        at: Cell,
        card: Option<CardId>,
    },
    Equipped {
        at: Cell,
        card: CardId,
    },
    Moved {
        from: Cell,
        to: Cell,
    },
    Flipped {
        at: Cell,
        card: CardId,
    },
    Revealed {
        owner: Seat,
        commitment: Commitment,
        card: CardId,
    },
    PositionChanged {
        at: Cell,
        defence: bool,
    },
    AttackDeclared {
        from: Cell,
        target: Cell,
    },
    AttackNegated {
        from: Cell,
    },
    Battle {
        attacker: Cell,
        target: Cell,
        attack: i32,
        defence: i32,
    },
    Destroyed {
        owner: Seat,
        card: Option<CardId>,
        at: Cell,
    },
    Discarded {
        seat: Seat,
        card: CardId,
    },
    Damage {
        seat: Seat,
        amount: u32,
        life_points: u32,
    },
    Healed {
        seat: Seat,
        amount: u32,
        life_points: u32,
    },
    TerrainChanged {
        at: Cell,
        terrain: Terrain,
    },
    Spellbound {
        at: Cell,
    },
    Released {
        at: Cell,
    },
    StatsChanged {
        at: Cell,
        atk: i32,
        def: i32,
    },
    EffectResolved {
        card: CardId,
    },
    SpellNegated {
        card: CardId,
    },
    TrapSprung {
        at: Cell,
        card: CardId,
    },
    ResponseWindow {
        seat: Seat,
    },
    ClaimRecorded {
        owner: Seat,
        commitment: Commitment,
    },
    ClaimKept {
        commitment: Commitment,
    },
    LeaderStuck {
        seat: Seat,
        turns: u8,
    },
    Conceded {
        seat: Seat,
    },
    DuelEnded {
        outcome: Outcome,
    },
}
