//! The public state every peer holds. A card its viewer may not know is a commitment only.

use serde::{Deserialize, Serialize};

use crate::awaiting::{Awaiting, TrapEvent};
use crate::card::CardId;
use crate::commitment::{CardRef, Commitment};
use crate::grid::Cell;
use crate::hash::{
    BlockState, Digest32, SHA256_INITIAL, Sha256State, compress_block, finish_sha256,
    sha256_hasher, sha256_of,
};
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::player::{DrawDue, PlayerState};
use crate::seat::{PerSeat, Seat, SeatSet};
use crate::terrain::Terrain;
use crate::turn_order::TurnOrder;

/// The domain tag hashed in front of the state.
const STATE_HASH_DOMAIN: &str = "fairduel/state/v2";

/// SHA-256 midway through a state's encoding: after the fields that never change in a duel.
#[derive(Clone)]
pub struct StatePrefix {
    hasher: Sha256State,
    /// Bytes hashed.
    len: usize,
    /// The same as `hasher`, split: SHA-256's state after the whole 64-byte blocks, and the
    /// bytes after them.
    blocks: BlockState,
    tail: Vec<u8>,
}

impl StatePrefix {
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn blocks(&self) -> &BlockState {
        &self.blocks
    }

    /// Fewer than 64 bytes.
    pub(crate) fn tail(&self) -> &[u8] {
        &self.tail
    }
}

impl std::fmt::Debug for StatePrefix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StatePrefix")
    }
}

/// The kind of phase the active player is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// The main phase (the card game's Main Phase 1).
    Main,
    End,
    /// The card game's Battle Phase.
    Battle,
    /// The card game's Main Phase 2.
    SecondMain,
    /// The card game's Standby Phase, after the draw: nobody acts in it, but a Trigger on
    /// it opens response windows (Kingdom Duels).
    Standby,
}

impl Phase {
    pub fn label(self) -> &'static str {
        match self {
            Phase::Main => "Main Phase",
            Phase::End => "End Phase",
            Phase::Battle => "Battle Phase",
            Phase::SecondMain => "Main Phase 2",
            Phase::Standby => "Standby Phase",
        }
    }
}

/// Why a duel ended, or why a player was removed from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    LifePoints,
    DeckOut,
    LeaderTrapped,
    Concession,
    TurnLimit,
    /// A second idle End Phase (Kingdom Duels' idleness rule).
    Idleness,
    /// The remaining players agreed to end the duel, all of them winners (Kingdom Duels'
    /// Battle Royale).
    Agreement,
    /// A card's effect said so ("you lose the Duel", "you win the Duel").
    CardEffect,
    /// Kingdom Duels' Hidden Integration Summon: the eroded material set apart for it was
    /// not the proper one.
    ImproperMaterial,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// Every seat on the winning side (a player, or a whole team, removed members
    /// included). Empty for a draw.
    pub winners: SeatSet,
    pub reason: WinReason,
}

impl Outcome {
    pub fn is_draw(&self) -> bool {
        self.winners.is_empty()
    }

    pub fn won(&self, seat: Seat) -> bool {
        self.winners.contains(seat)
    }

    /// The winner when one player alone won.
    pub fn sole_winner(&self) -> Option<Seat> {
        self.winners.single()
    }
}

/// A predicate about a hidden card, recorded when an action depends on it and checked when
/// the card is revealed (and again by the audit).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Predicate {
    /// A monster whose level lies in this range.
    MonsterLevel { min: u8, max: u8 },
    /// A spell or a trap.
    SpellOrTrap,
    /// A spell (activated from a set position).
    Spell,
    /// It does not match the effect being resolved (an owner declaration).
    NotMatching {
        filter: crate::card::Filter,
        viewer: Seat,
    },
    /// It is none of these traps: each would have had to spring in the response window its
    /// owner passed (formats where traps must spring).
    NotObligedTrap { traps: Vec<CardId> },
    /// A monster this equip filter accepts (an equip put onto it while it was face-down).
    FitsEquip { filter: crate::card::Filter },
    /// A monster (a card put on the field Hidden, face-down, as one).
    Monster,
    /// A Field Spell (a card Set in the Field Zone).
    FieldSpell,
    /// A spell or trap other than a Field Spell (a card Set in a Spell & Trap Zone where the
    /// field has a Field Zone).
    SpellOrTrapNotFieldSpell,
    /// A Kingdom Duels Main Deck monster with the FLIP keyword (one summoned Hidden in DEF
    /// Position from the hand).
    FlipMonster,
    /// A monster whose level lies in this range, or a spell or trap: a card set face-down
    /// with its class hidden (the bluff option), where no tribute was paid.
    MonsterLevelOrSpellTrap { min: u8, max: u8 },
    /// A Kingdom Duels Integration Monster (one Integration Summoned Hidden from the Extra
    /// Deck).
    IntegrationMonster,
}

/// Kingdom Duels' Hidden Integration Summon: the Integration Monster summoned face-down
/// from its summoner's Extra Deck and the materials eroded for it, set apart unseen until
/// the monster is revealed or leaves the field; then the materials are opened and judged.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SetApart {
    pub summoner: Seat,
    /// The monster's card (its owner is the summoner).
    pub monster: CardRef,
    /// The eroded materials, each with its owner, in the order they were named.
    pub materials: Vec<(Seat, CardRef)>,
    /// The monster's card once opened, wherever it lay then (an Extra Deck card taken back
    /// unseen included).
    pub shown: Option<CardId>,
    /// Whether the monster was revealed or left the field: the materials are opened.
    pub due: bool,
    /// Once due, the players still to judge whether the materials were the proper ones,
    /// first first.
    pub judges: Vec<Seat>,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendingClaim {
    pub card_ref: CardRef,
    pub owner: Seat,
    pub predicate: Predicate,
    /// The turn the claim was made, for error messages.
    pub turn: u16,
}

/// Where a duel is in a multi-step resolution (an attack waiting for a trap window, an
/// effect waiting for a reveal).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Resume {
    Nothing,
    /// After the defenders' trap windows: reveal the target and fight.
    AttackAfterWindow {
        attacker: Place,
        target: Place,
    },
    /// After the target's reveal: fight.
    AttackAfterReveal {
        attacker: Place,
        target: Place,
    },
    /// After the opponents' windows: resolve the spell.
    SpellAfterWindow {
        spell: QueuedEffect,
    },
    /// After the owner declarations: destroy the declared cards of this effect (or turn
    /// them face-up, for an effect that does), then go on with `then` (an attack waiting
    /// for its defender's flip effect, in Kairu's order).
    EffectDeclared {
        effect: QueuedEffect,
        then: Box<Resume>,
    },
    /// The card game's field: an attack another player redirected onto their own monster,
    /// to be fought with the attacker and its player unharmed.
    RedirectedAttack {
        attacker: Place,
        target: Place,
    },
    /// The grid: a Ritual spell resolved; its controller names the tributes and the Ritual
    /// Monster (`Decision::Ritual`).
    Ritual {
        spell: QueuedEffect,
    },
    /// The grid: a revival resolved (a spell's, or a monster's that sets a spell from a
    /// graveyard); its controller chooses the graveyard card it brings back
    /// (`Decision::Revive`), then `then` goes on.
    Revive {
        effect: QueuedEffect,
        then: Box<Resume>,
    },
    /// The grid: an effect that takes control of a card resolved; its controller chooses
    /// the card (and where it goes, `Decision::TakeControl`), then `then` goes on.
    TakeControl {
        effect: QueuedEffect,
        then: Box<Resume>,
    },
    /// The card game's field: the Setup Phase is over once every Duelist Setup swap is
    /// decided (and its deck shuffled); then `seat`'s first turn begins.
    FirstTurn {
        seat: Seat,
    },
    /// The card game's field: the turn player left the duel while a chain was waiting; the
    /// next turn begins once the chain has resolved.
    TurnPasses,
    /// Kingdom Duels: these monsters were Hidden in ATK Position when their battle began and
    /// are still on the field after damage calculation; their controllers choose, in this
    /// order, whether each hides again (`Decision::HideAgain`).
    HideAgain {
        places: Vec<Place>,
    },
    /// Kingdom Duels: the monster an attack was declared on changed while the attack waited
    /// for its responses; the attacking player chooses a target again (`Decision::Replay`).
    Replay {
        attacker: Place,
    },
    /// Kairu's Destiny Draw: `seat`'s turn waits for them to choose between their regular
    /// draw and their one Destiny Draw (`Decision::DestinyDraw`); the standby follows.
    DrawChoice {
        seat: Seat,
    },
    /// The grid: a monster comes back out of `from`'s graveyard to `owner`'s Summoning Area
    /// by an effect (a destroyed monster by its own, `Primitive::ReviveInSummoningArea`;
    /// Hourglass of Life's, `Primitive::ReviveStrongest`): `owner`, who will control it,
    /// chooses the zone (`Decision::PlaceRevived`), then `then` goes on.
    PlaceRevived {
        effect: QueuedEffect,
        owner: Seat,
        from: Seat,
        card: CardRef,
        revived: CardId,
        then: Box<Resume>,
    },
    /// The grid: a teleport resolved (`Primitive::Teleport`); its controller chooses the
    /// card and the zone it goes to (`Decision::Teleport`), then `then` goes on.
    Teleport {
        effect: QueuedEffect,
        then: Box<Resume>,
    },
    /// The grid: an effect that picks at random resolved and called for a joint draw; once
    /// every share is open it resolves with the seed (`Duel::random_effect_drawn`), then
    /// `then` goes on.
    RandomEffect {
        effect: QueuedEffect,
        then: Box<Resume>,
    },
    /// The grid: an effect makes the monster `made` from nothing
    /// (`Primitive::MakeMonster`); the effect's controller chooses the zone of their
    /// Summoning Area it takes (`Decision::PlaceMade`), then `then` goes on.
    PlaceMade {
        effect: QueuedEffect,
        made: CardId,
        face_down: bool,
        then: Box<Resume>,
    },
}

impl Resume {
    /// What is under way waits under a new step `make` builds around it (a choice an effect
    /// waits for, owner declarations), and goes on when that step unwinds.
    pub(crate) fn hold_up(&mut self, make: impl FnOnce(Box<Resume>) -> Resume) {
        let held = Box::new(std::mem::replace(self, Resume::Nothing));
        *self = make(held);
    }

    /// The grid: a choice that held up what was under way (a revival's zone, a teleport, a
    /// control change, a pick at random) is made or dropped; what it held up goes on. Any
    /// other step stays.
    pub(crate) fn unwind_choice(&mut self) {
        match std::mem::replace(self, Resume::Nothing) {
            Resume::PlaceRevived { then, .. }
            | Resume::PlaceMade { then, .. }
            | Resume::Teleport { then, .. }
            | Resume::TakeControl { then, .. }
            | Resume::RandomEffect { then, .. } => *self = *then,
            other => *self = other,
        }
    }

    /// The grid: the choice of a card or zone an effect that moves a card waits for (a
    /// teleport, a monster coming back, a control change): made before later effects
    /// resolve.
    pub fn placement_choice(&self) -> Option<(Seat, crate::awaiting::Decision)> {
        match self {
            Resume::PlaceRevived { .. }
            | Resume::PlaceMade { .. }
            | Resume::Teleport { .. }
            | Resume::TakeControl { .. } => self.awaited_choice(),
            _ => None,
        }
    }

    /// The grid: the choice a card being resolved waits for (a Ritual's tributes, the card a
    /// revival brings back, the monster a control change takes), and whose it is.
    pub fn awaited_choice(&self) -> Option<(Seat, crate::awaiting::Decision)> {
        use crate::awaiting::Decision;
        match self {
            Resume::Ritual { spell } => {
                Some((spell.controller, Decision::Ritual { card: spell.card }))
            }
            Resume::Revive { effect, .. } => {
                Some((effect.controller, Decision::Revive { card: effect.card }))
            }
            Resume::TakeControl { effect, .. } => Some((
                effect.controller,
                Decision::TakeControl { card: effect.card },
            )),
            Resume::DrawChoice { seat } => Some((*seat, Decision::DestinyDraw)),
            Resume::PlaceRevived {
                effect,
                owner,
                card,
                revived,
                ..
            } => Some((
                *owner,
                Decision::PlaceRevived {
                    card: *revived,
                    by: (effect.card_ref != Some(*card)).then_some(effect.card),
                },
            )),
            Resume::Teleport { effect, .. } => {
                Some((effect.controller, Decision::Teleport { card: effect.card }))
            }
            Resume::PlaceMade { effect, made, .. } => Some((
                effect.controller,
                Decision::PlaceMade {
                    card: *made,
                    by: effect.card,
                },
            )),
            _ => None,
        }
    }
}

/// An effect on its way to resolution.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QueuedEffect {
    pub card: CardId,
    pub index: u8,
    pub controller: Seat,
    /// Where the card is (or was when the effect started).
    pub at: Option<Place>,
    /// The enemy card that set the trap off.
    pub triggering: Option<Place>,
    /// The opponent an effect that says "your opponent" is aimed at: the one who set it off
    /// or, where several could be meant, the one its controller named.
    pub opponent: Option<Seat>,
    /// The spell card goes to the graveyard after resolving.
    pub discard_after: bool,
    /// The card whose effect this is, where nothing else names it: a destroyed card's copy
    /// in its owner's graveyard (a "when destroyed" effect).
    pub card_ref: Option<CardRef>,
}

/// The public state of a duel.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DuelState {
    pub match_id: Digest32,
    pub format_hash: Digest32,
    pub pool_hash: Digest32,
    pub board_size: u8,
    /// Every card of the duel as committed at set-up: each seat's Deck Leader and deck (in
    /// set-up order), seat by seat, then the deck permutations. Never changes during a
    /// duel; the rest of the state names these cards by [`CardRef`].
    pub commitments: std::sync::Arc<[Commitment]>,
    pub turn: u16,
    /// The turn player.
    pub active: Seat,
    pub phase: Phase,
    /// Who sits where, who plays with whom, who is still in the game.
    pub table: TurnOrder,
    pub players: PerSeat<PlayerState>,
    pub terrain: Vec<Terrain>,
    /// The grid's cells; on the card game's field, every player's zones (see
    /// `crate::field::FieldBoard`).
    pub cells: Vec<Option<Piece>>,
    /// The card game's field: the terrain marker on each Frontrow zone, by terrain number,
    /// seat by seat (empty on the grid).
    pub markers: Vec<u8>,
    pub awaiting: Awaiting,
    pub resume: Resume,
    /// Effects waiting to resolve, first first.
    pub queue: Vec<QueuedEffect>,
    pub claims: Vec<PendingClaim>,
    /// Draws from permuted decks waiting for their positions to be opened, first first.
    pub draws_due: Vec<DrawDue>,
    /// Hidden cards the rules have revealed, waiting for their owners to open them.
    pub reveal_due: Vec<(Seat, Commitment)>,
    /// Response windows still to open for the action being answered, in priority order
    /// (clockwise from the turn player); the first is the open one.
    pub windows: Vec<(Seat, TrapEvent)>,
    /// Seats still to answer the owner declaration being collected, with their places.
    pub declarations: Vec<(Seat, Vec<Place>)>,
    /// Seats still to say which of their class-hidden cards at these places are monsters
    /// (the bluff), before the effect at the front of the queue resolves.
    pub class_declarations: Vec<(Seat, Vec<Place>)>,
    /// The effect being resolved by agreement, if one is.
    pub agreement: Option<crate::agreement::Agreement>,
    /// Players an agreed outcome lets search their decks, the first one searching now.
    pub searches_due: Vec<Seat>,
    /// Every reshuffle of a dealt deck so far, the one under way last: the audit checks
    /// each owner's fresh commitments and each permuter's rounds at the end.
    pub reshuffles: Vec<crate::reshuffle::Reshuffle>,
    /// The coin toss or die roll under way, if one is.
    pub joint_draw: Option<crate::chance::JointDraw>,
    /// Coin tosses and die rolls so far in the duel.
    pub joint_draws: u16,
    pub attack_negated: bool,
    pub spell_negated: bool,
    /// The players a trap shielded from the spell being resolved (White Hole against Dark
    /// Hole): its destruction spares their cards. Cleared as every spell begins.
    pub spell_spares: SeatSet,
    /// The players whose life-point gains a trap turned into losses for the spell being
    /// resolved (Bad Reaction to Simochi). Cleared as every spell begins and ends.
    pub gains_reversed: SeatSet,
    pub outcome: Option<Outcome>,
    /// The card game's field: the chain being built or resolved (empty on the grid).
    #[serde(default)]
    pub chain: crate::field::Chain,
    /// The card game's field: which card is equipped to which monster.
    #[serde(default)]
    pub equips: Vec<crate::field::EquipLink>,
    /// Kingdom Duels: FLIP effects of monsters just turned face-up, activated by themselves
    /// once nothing else is under way.
    #[serde(default)]
    pub flip_effects_due: Vec<crate::field::FlipEffectDue>,
    /// Kingdom Duels' Hidden Integration Summons whose materials are still to be judged.
    pub set_apart: Vec<SetApart>,
}

impl DuelState {
    pub fn index(&self, cell: Cell) -> Option<usize> {
        (cell.row < self.board_size && cell.col < self.board_size)
            .then(|| usize::from(cell.row) * usize::from(self.board_size) + usize::from(cell.col))
    }

    pub fn contains(&self, cell: Cell) -> bool {
        self.index(cell).is_some()
    }

    pub fn piece(&self, cell: Cell) -> Option<&Piece> {
        self.index(cell).and_then(|i| self.cells.get(i)?.as_ref())
    }

    pub fn piece_mut(&mut self, cell: Cell) -> Option<&mut Piece> {
        self.index(cell)
            .and_then(|i| self.cells.get_mut(i)?.as_mut())
    }

    /// The piece at a place, if the place is a cell holding one.
    pub fn piece_at(&self, place: Place) -> Option<&Piece> {
        self.piece(place.cell()?)
    }

    pub fn take(&mut self, cell: Cell) -> Option<Piece> {
        self.index(cell).and_then(|i| self.cells.get_mut(i)?.take())
    }

    pub fn put(&mut self, cell: Cell, piece: Piece) {
        if let Some(slot) = self.index(cell).and_then(|i| self.cells.get_mut(i)) {
            *slot = Some(piece);
        }
    }

    pub fn base_terrain(&self, cell: Cell) -> Terrain {
        self.index(cell)
            .and_then(|i| self.terrain.get(i).copied())
            .unwrap_or(Terrain::Normal)
    }

    /// The number of players.
    pub fn seat_count(&self) -> usize {
        self.players.len()
    }

    /// Every seat at the table, in seat order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone + use<> {
        Seat::all(self.players.len())
    }

    /// `seat`'s side of the state. Every seat the rules pass is one of the match's (the
    /// duel refuses entries by seats it does not seat).
    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat]
    }

    /// Every cell of the board, row by row.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let n = self.board_size;
        (0..n).flat_map(move |row| (0..n).map(move |col| Cell::new(row, col)))
    }

    /// Cells holding a piece, with the piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, &Piece)> {
        let n = self.board_size;
        // Row and column counted along rather than divided out of the index: this runs for
        // every cell in most rule checks. Cells past index 255 are not named by a `Cell`.
        let (mut row, mut col) = (0u8, 0u8);
        self.cells.iter().take(256).filter_map(move |p| {
            let cell = Cell::new(row, col);
            col = col.wrapping_add(1);
            if col == n {
                col = 0;
                row = row.wrapping_add(1);
            }
            p.as_ref().map(|p| (cell, p))
        })
    }

    /// The commitment `card_ref` names. An index outside the table (only a hand-built state
    /// can hold one) names the all-zero commitment, which no reveal opens.
    pub fn commitment(&self, card_ref: CardRef) -> Commitment {
        self.commitments
            .get(usize::from(card_ref.0))
            .copied()
            .unwrap_or(Commitment(Digest32::default()))
    }

    /// SHA-256 over the canonical postcard encoding of the whole public state. Equal on every
    /// honest peer after every action: the desync checker compares it.
    pub fn state_hash(&self) -> Digest32 {
        sha256_of(&(STATE_HASH_DOMAIN, self))
    }

    /// The hasher after the part of the state encoding that never changes during a duel
    /// (the domain, the match, format and pool hashes, the board size and the commitment
    /// table); [`DuelState::state_hash_from`] finishes it.
    pub fn state_hash_prefix(&self) -> StatePrefix {
        let buf = Vec::with_capacity(64 + 33 * self.commitments.len());
        let encoded = postcard::to_extend(
            &(
                STATE_HASH_DOMAIN,
                &self.match_id,
                &self.format_hash,
                &self.pool_hash,
                &self.board_size,
                &self.commitments,
            ),
            buf,
        );
        let encoded = encoded.unwrap_or_default();
        let mut blocks = SHA256_INITIAL;
        let mut whole = encoded.chunks_exact(64);
        for block in &mut whole {
            if let Ok(block) = block.try_into() {
                compress_block(&mut blocks, block);
            }
        }
        StatePrefix {
            hasher: sha256_hasher(&encoded),
            len: encoded.len(),
            blocks,
            tail: whole.remainder().to_vec(),
        }
    }

    /// The state hash, given the hasher [`DuelState::state_hash_prefix`] returned for this
    /// state (or one with the same unchanging part). Equal to [`DuelState::state_hash`]: the
    /// postcard encoding of a struct is its fields' encodings one after the other, so
    /// hashing the unchanging fields once and the others each time hashes the same bytes.
    pub fn state_hash_from(&self, prefix: &StatePrefix) -> Digest32 {
        // Every field after `commitments`, in declaration order, as postcard writes them.
        let mut encoded = crate::encoding::Encoded::default();
        encoded.encode(self);
        finish_sha256(prefix.hasher.clone(), encoded.bytes())
    }

    /// How many cards of `class` `controller` has on the board, its Deck Leader aside.
    pub fn count_class(&self, controller: Seat, class: Class) -> usize {
        self.pieces()
            .filter(|(_, p)| p.controller == controller && p.class == class && !p.leader)
            .count()
    }
}

/// `to.clone_from(from)`, with the per-cell loop inlined: most cells are empty on both
/// sides, and `apply` does this for every action.
fn clone_cells_from(to: &mut Vec<Option<Piece>>, from: &[Option<Piece>]) {
    to.truncate(from.len());
    let (shared, tail) = from.split_at(to.len());
    for (to, from) in to.iter_mut().zip(shared) {
        match (to.as_mut(), from) {
            (None, None) => {}
            (Some(to), Some(from)) => to.clone_from(from),
            _ => *to = from.clone(),
        }
    }
    to.extend_from_slice(tail);
}

// Clone by hand so that `clone_from` reuses the target's allocations: `Duel::apply` backs
// the state up before every action this way. The destructuring lists every field, so a
// new field fails to compile until it is added here.

impl Clone for DuelState {
    fn clone(&self) -> DuelState {
        let DuelState {
            match_id,
            format_hash,
            pool_hash,
            board_size,
            commitments,
            turn,
            active,
            phase,
            table,
            players,
            terrain,
            cells,
            markers,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            windows,
            declarations,
            class_declarations,
            agreement,
            searches_due,
            reshuffles,
            joint_draw,
            joint_draws,
            attack_negated,
            spell_negated,
            spell_spares,
            gains_reversed,
            outcome,
            chain,
            equips,
            flip_effects_due,
            set_apart,
        } = self;
        DuelState {
            match_id: *match_id,
            format_hash: *format_hash,
            pool_hash: *pool_hash,
            board_size: *board_size,
            commitments: commitments.clone(),
            turn: *turn,
            active: *active,
            phase: *phase,
            table: *table,
            players: players.clone(),
            terrain: terrain.clone(),
            cells: cells.clone(),
            markers: markers.clone(),
            awaiting: awaiting.clone(),
            resume: resume.clone(),
            queue: queue.clone(),
            claims: claims.clone(),
            draws_due: draws_due.clone(),
            reveal_due: reveal_due.clone(),
            windows: windows.clone(),
            declarations: declarations.clone(),
            class_declarations: class_declarations.clone(),
            set_apart: set_apart.clone(),
            agreement: agreement.clone(),
            searches_due: searches_due.clone(),
            reshuffles: reshuffles.clone(),
            joint_draw: joint_draw.clone(),
            joint_draws: *joint_draws,
            attack_negated: *attack_negated,
            spell_negated: *spell_negated,
            spell_spares: *spell_spares,
            gains_reversed: *gains_reversed,
            outcome: *outcome,
            chain: chain.clone(),
            equips: equips.clone(),
            flip_effects_due: flip_effects_due.clone(),
        }
    }

    fn clone_from(&mut self, source: &DuelState) {
        let DuelState {
            match_id,
            format_hash,
            pool_hash,
            board_size,
            commitments,
            turn,
            active,
            phase,
            table,
            players,
            terrain,
            cells,
            markers,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            windows,
            declarations,
            class_declarations,
            agreement,
            searches_due,
            reshuffles,
            joint_draw,
            joint_draws,
            attack_negated,
            spell_negated,
            spell_spares,
            gains_reversed,
            outcome,
            chain,
            equips,
            flip_effects_due,
            set_apart,
        } = source;
        self.match_id = *match_id;
        self.format_hash = *format_hash;
        self.pool_hash = *pool_hash;
        self.board_size = *board_size;
        if !std::sync::Arc::ptr_eq(&self.commitments, commitments) {
            self.commitments = commitments.clone();
        }
        self.turn = *turn;
        self.active = *active;
        self.phase = *phase;
        self.table = *table;
        if self.players.len() == players.len() {
            for (to, from) in self.players.values_mut().zip(players.values()) {
                to.clone_from(from);
            }
        } else {
            self.players = players.clone();
        }
        self.terrain.clone_from(terrain);
        clone_cells_from(&mut self.cells, cells);
        self.markers.clone_from(markers);
        self.awaiting.clone_from(awaiting);
        self.resume.clone_from(resume);
        self.queue.clone_from(queue);
        self.claims.clone_from(claims);
        self.draws_due.clone_from(draws_due);
        self.reveal_due.clone_from(reveal_due);
        self.windows.clone_from(windows);
        self.declarations.clone_from(declarations);
        self.class_declarations.clone_from(class_declarations);
        self.set_apart.clone_from(set_apart);
        self.agreement.clone_from(agreement);
        self.searches_due.clone_from(searches_due);
        self.reshuffles.clone_from(reshuffles);
        self.joint_draw.clone_from(joint_draw);
        self.joint_draws = *joint_draws;
        self.attack_negated = *attack_negated;
        self.spell_negated = *spell_negated;
        self.spell_spares = *spell_spares;
        self.gains_reversed = *gains_reversed;
        self.outcome = *outcome;
        self.chain.clone_from(chain);
        if !(self.equips.is_empty() && equips.is_empty()) {
            self.equips.clone_from(equips);
        }
        self.flip_effects_due.clone_from(flip_effects_due);
    }
}
