//! The public state every peer holds. A card its viewer may not know is a commitment only.

use serde::{Deserialize, Serialize};

use crate::card::{CardId, Duration};
use crate::hash::{Digest32, Sha256State, finish_sha256, sha256_hasher, sha256_of};

/// The domain tag hashed in front of the state.
const STATE_HASH_DOMAIN: &str = "fairduel/state/v1";

/// SHA-256 midway through a state's encoding: after the fields that never change in a duel.
#[derive(Clone)]
pub struct StatePrefix {
    hasher: Sha256State,
}

impl std::fmt::Debug for StatePrefix {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StatePrefix")
    }
}
use crate::terrain::Terrain;

/// A player's place at the table. Seat 0's home row is the bottom of the board.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct Seat(pub u8);

impl Seat {
    pub const BOTH: [Seat; 2] = [Seat(0), Seat(1)];

    pub fn other(self) -> Seat {
        Seat(1 - self.0.min(1))
    }

    pub fn index(self) -> usize {
        usize::from(self.0.min(1))
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A zone on the grid. Row 0 is the top (seat 1's home row).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct Cell {
    pub row: u8,
    pub col: u8,
}

impl Cell {
    pub const fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// Orthogonal steps between two cells.
    pub fn distance(self, other: Cell) -> u8 {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }

    pub fn is_orthogonal_neighbour(self, other: Cell) -> bool {
        self.distance(other) == 1
    }

    /// In the 3x3 square around `centre` (excluding `centre` itself).
    pub fn is_in_square_around(self, centre: Cell) -> bool {
        self != centre && self.row.abs_diff(centre.row) <= 1 && self.col.abs_diff(centre.col) <= 1
    }

    pub fn shares_line(self, other: Cell) -> bool {
        self != other && (self.row == other.row || self.col == other.col)
    }

    /// Name used everywhere players see cells: column letter from the left, row number from
    /// the top ("a1" is the top-left corner, seat 1's side).
    pub fn name(self) -> String {
        format!(
            "{}{}",
            char::from(b'a' + self.col.min(25)),
            u16::from(self.row) + 1
        )
    }

    /// Parses a name like "d7" on a board of the given size.
    pub fn parse(text: &str, board_size: u8) -> Option<Cell> {
        let text = text.trim();
        let mut chars = text.chars();
        let col = chars.next()?.to_ascii_lowercase();
        if !col.is_ascii_lowercase() {
            return None;
        }
        let col = col as u8 - b'a';
        let row: u8 = chars.as_str().parse().ok()?;
        if col >= board_size || row == 0 || row > board_size {
            return None;
        }
        Some(Cell::new(row - 1, col))
    }
}

impl std::fmt::Display for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// A 32-byte commitment `H(domain | match | seat | card | salt)` standing for a hidden card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Commitment(pub Digest32);

/// A commitment named by its place in [`DuelState::commitments`], the table every card of the
/// duel was committed to at set-up. The state refers to hidden cards this way so that its
/// canonical encoding (and so the state hash) carries each 32-byte commitment once, in the
/// table, rather than again wherever the card goes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct CardRef(pub u16);

/// The random salt that makes a commitment unguessable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Salt(pub [u8; 32]);

/// Opening of a commitment: the card behind it and the salt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reveal {
    pub card: CardId,
    pub salt: Salt,
}

impl Commitment {
    pub fn new(match_id: &Digest32, owner: Seat, card: CardId, salt: &Salt) -> Commitment {
        Commitment(sha256_of(&(
            "fairduel/card/v1",
            match_id,
            owner,
            card,
            salt,
        )))
    }

    pub fn opens_to(&self, match_id: &Digest32, owner: Seat, reveal: &Reveal) -> bool {
        Commitment::new(match_id, owner, reveal.card, &reveal.salt) == *self
    }

    /// The commitment of one position of a secret deck permutation: position `position` of
    /// `owner`'s deck, in `permuter`'s round `round`, points at `index` of the round before
    /// (or, for the first round, at the owner's committed order).
    pub fn for_position(
        match_id: &Digest32,
        slot: PositionSlot,
        opening: &PositionOpening,
    ) -> Commitment {
        Commitment(sha256_of(&(
            "fairduel/deck-position/v1",
            match_id,
            slot,
            opening.index,
            &opening.salt,
        )))
    }
}

/// Which position commitment: whose deck, which permutation round, which position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PositionSlot {
    pub owner: Seat,
    pub permuter: Seat,
    pub round: u8,
    pub position: u16,
}

/// Opening of a deck-position commitment: where the position points, and the salt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PositionOpening {
    pub index: u16,
    pub salt: Salt,
}

/// How a player's deck is ordered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeckOrder {
    /// `deck` is in its real order, top card last, fixed at set-up by a party every seat
    /// trusts (the local referee, a scenario file). A draw takes the top card.
    Public,
    /// `deck` holds the undrawn cards in the owner's committed order, which says nothing
    /// about the real order: that is the composition of secret permutations, one round per
    /// other seat, each committed position by position in the commitment table. A draw of
    /// position `p` waits for each permuter (the last round first) to open where `p` points.
    Permuted {
        rounds: Vec<PermutationRound>,
        /// The table entry of the owner's first committed deck card; committed index `i`
        /// is `first_card + i`.
        first_card: CardRef,
        /// Deck positions handed out so far, top first: the next draw is this position.
        next_position: u16,
    },
}

/// One seat's secret permutation of another seat's deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PermutationRound {
    pub permuter: Seat,
    /// The table entry of the commitment for position 0; position `p` is `first + p`.
    pub first: CardRef,
}

/// A draw waiting for permuters to open where its deck position points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawDue {
    pub owner: Seat,
    /// The round whose permuter must answer next (counting down to 0).
    pub round: u8,
    /// The position in that round's order being asked about.
    pub pointer: u16,
}

/// Whether a card on the grid is a monster or a spell/trap. This is public even for
/// face-down cards: see docs/RULES.md ("What a face-down card shows").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    Monster,
    SpellTrap,
}

/// How long a monster stays spellbound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Bind {
    #[default]
    Free,
    /// Counters left; one comes off in each of its controller's end phases.
    Turns(u8),
    Forever,
}

/// A temporary or lasting change to a card's stats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    pub atk: i16,
    pub def: i16,
    pub duration: Duration,
}

/// A card on the grid.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub owner: Seat,
    pub controller: Seat,
    pub card_ref: CardRef,
    /// `None` while the card is hidden from the public.
    pub card: Option<CardId>,
    pub class: Class,
    pub face_up: bool,
    pub defence: bool,
    pub leader: bool,
    /// The turn it entered the field (for trap delays and same-turn position changes).
    pub entered_turn: u16,
    pub moved: bool,
    pub changed_position: bool,
    pub attacked: bool,
    pub bind: Bind,
    /// The turn the current spellbind began: no counter comes off in that turn.
    pub bound_turn: u16,
    pub modifiers: Vec<Modifier>,
    /// Equip spells attached to this monster, in order.
    pub equips: Vec<Attached>,
}

/// A face-up card in play but off the grid's cells: an equip spell under its monster, or a
/// Classic field spell in its zone. It keeps the commitment it entered play under, so every
/// peer can tell which card it is and it leaves for its owner's graveyard as itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attached {
    pub owner: Seat,
    pub card_ref: CardRef,
    pub card: CardId,
}

impl Attached {
    /// The graveyard entry this card becomes.
    pub fn to_graveyard(self) -> CardSlot {
        CardSlot {
            card_ref: self.card_ref,
            card: Some(self.card),
        }
    }
}

impl Piece {
    /// A card entering the field this turn, with no per-turn flags, binds or changes.
    pub fn entering(owner: Seat, card_ref: CardRef, class: Class, turn: u16) -> Piece {
        Piece {
            owner,
            controller: owner,
            card_ref,
            card: None,
            class,
            face_up: false,
            defence: false,
            leader: false,
            entered_turn: turn,
            moved: false,
            changed_position: false,
            attacked: false,
            bind: Bind::Free,
            bound_turn: 0,
            modifiers: Vec::new(),
            equips: Vec::new(),
        }
    }

    /// A Deck Leader: public and face-up from the start.
    pub fn deck_leader(owner: Seat, card_ref: CardRef, card: CardId) -> Piece {
        Piece {
            card: Some(card),
            face_up: true,
            leader: true,
            ..Piece::entering(owner, card_ref, Class::Monster, 0)
        }
    }

    pub fn is_bound(&self) -> bool {
        self.bind != Bind::Free
    }

    pub fn is_hidden(&self) -> bool {
        self.card.is_none()
    }
}

/// A card off the grid (hand or graveyard): hidden from the public until revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSlot {
    pub card_ref: CardRef,
    pub card: Option<CardId>,
}

#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerState {
    pub life_points: u32,
    pub summoning_points: u8,
    /// Top of the deck is the last element when the order is public; see [`DeckOrder`].
    pub deck: Vec<CardRef>,
    pub deck_order: DeckOrder,
    pub hand: Vec<CardSlot>,
    /// Oldest first. A card destroyed while hidden waits here for its owner's reveal.
    pub graveyard: Vec<CardSlot>,
    /// Removed from play for good (Kairu's "Shadow Realm").
    pub banished: Vec<CardId>,
    /// Classic: the face-up field spell in this player's Field Spell Zone.
    pub field_spell: Option<Attached>,
    pub leader: Cell,
    /// Consecutive own turns the Deck Leader ended unable to move.
    pub leader_stuck_turns: u8,
    pub cards_played: u8,
    pub monsters_played: u8,
}

/// The kind of phase the active player is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    Main,
    End,
}

/// Why a duel ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WinReason {
    LifePoints,
    DeckOut,
    LeaderTrapped,
    Concession,
    TurnLimit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// `None` is a draw.
    pub winner: Option<Seat>,
    pub reason: WinReason,
}

/// What happened that a trap may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrapEvent {
    /// An enemy card ended a move on `at`.
    Moved { at: Cell },
    /// An enemy monster at `attacker` declared an attack on `target`.
    Attack { attacker: Cell, target: Cell },
    /// The enemy activated a spell (at `at` if it is on the grid).
    Spell { at: Option<Cell> },
}

/// The decision the duel waits for. Exactly one seat may act.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Awaiting {
    /// The active player's main phase: play, move, attack, flip, or end the turn.
    Main {
        seat: Seat,
    },
    /// A response window: `seat` may spring a trap or pass. It opens whenever a face-down
    /// card of `seat` could be a trap in reach, so its opening tells nothing.
    Respond {
        seat: Seat,
        event: TrapEvent,
    },
    /// `seat`, a permuter of `owner`'s deck, must open where the drawn position points.
    OpenDraw {
        seat: Seat,
        owner: Seat,
    },
    /// `seat` must open these commitments, in this order.
    Reveal {
        seat: Seat,
        commitments: Vec<Commitment>,
    },
    /// `seat` must declare which of its hidden cards on these cells match the effect
    /// being resolved, revealing those that do; the rest become pending claims.
    Declare {
        seat: Seat,
        cells: Vec<Cell>,
    },
    /// `seat` must discard down to its hand limit.
    Discard {
        seat: Seat,
        count: u8,
    },
    Finished,
}

impl Awaiting {
    /// The only seat allowed to act next, if any.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Awaiting::Main { seat }
            | Awaiting::OpenDraw { seat, .. }
            | Awaiting::Respond { seat, .. }
            | Awaiting::Reveal { seat, .. }
            | Awaiting::Declare { seat, .. }
            | Awaiting::Discard { seat, .. } => Some(*seat),
            Awaiting::Finished => None,
        }
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
    /// After the defender's trap window: reveal the target and fight.
    AttackAfterWindow {
        attacker: Cell,
        target: Cell,
    },
    /// After the target's reveal: fight.
    AttackAfterReveal {
        attacker: Cell,
        target: Cell,
    },
    /// After the enemy's window: resolve the spell.
    SpellAfterWindow {
        spell: QueuedEffect,
    },
    /// After an owner declaration: destroy the declared cards of this effect.
    DestroyDeclared {
        effect: QueuedEffect,
    },
}

/// An effect on its way to resolution.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct QueuedEffect {
    pub card: CardId,
    pub index: u8,
    pub controller: Seat,
    /// Where the card is (or was when the effect started).
    pub at: Option<Cell>,
    /// The enemy card that set the trap off.
    pub triggering: Option<Cell>,
    /// The spell card goes to the graveyard after resolving.
    pub discard_after: bool,
}

/// The public state of a duel.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DuelState {
    pub match_id: Digest32,
    pub format_hash: Digest32,
    pub pool_hash: Digest32,
    pub board_size: u8,
    /// Every card of the duel as committed at set-up: seat 0's Deck Leader and deck (in
    /// set-up order), then seat 1's. Never changes during a duel; the rest of the state
    /// names these cards by [`CardRef`].
    pub commitments: std::sync::Arc<[Commitment]>,
    pub turn: u16,
    pub active: Seat,
    pub phase: Phase,
    pub players: [PlayerState; 2],
    pub terrain: Vec<Terrain>,
    pub cells: Vec<Option<Piece>>,
    pub awaiting: Awaiting,
    pub resume: Resume,
    /// Effects waiting to resolve, first first.
    pub queue: Vec<QueuedEffect>,
    pub claims: Vec<PendingClaim>,
    /// Draws from permuted decks waiting for their positions to be opened, first first.
    pub draws_due: Vec<DrawDue>,
    /// Hidden cards the rules have revealed, waiting for their owners to open them.
    pub reveal_due: Vec<(Seat, Commitment)>,
    /// An open response window.
    pub window: Option<(Seat, TrapEvent)>,
    /// Seats still to answer the owner declaration being collected, with their cells.
    pub declarations: Vec<(Seat, Vec<Cell>)>,
    pub attack_negated: bool,
    pub spell_negated: bool,
    pub outcome: Option<Outcome>,
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
        self.index(cell).and_then(|i| self.cells[i].as_ref())
    }

    pub fn piece_mut(&mut self, cell: Cell) -> Option<&mut Piece> {
        self.index(cell).and_then(|i| self.cells[i].as_mut())
    }

    pub fn take(&mut self, cell: Cell) -> Option<Piece> {
        self.index(cell).and_then(|i| self.cells[i].take())
    }

    pub fn put(&mut self, cell: Cell, piece: Piece) {
        if let Some(i) = self.index(cell) {
            self.cells[i] = Some(piece);
        }
    }

    pub fn base_terrain(&self, cell: Cell) -> Terrain {
        self.index(cell)
            .map_or(Terrain::Normal, |i| self.terrain[i])
    }

    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }

    pub fn player_mut(&mut self, seat: Seat) -> &mut PlayerState {
        &mut self.players[seat.index()]
    }

    /// Every cell of the board, row by row.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + use<> {
        let n = self.board_size;
        (0..n).flat_map(move |row| (0..n).map(move |col| Cell::new(row, col)))
    }

    /// Cells holding a piece, with the piece.
    pub fn pieces(&self) -> impl Iterator<Item = (Cell, &Piece)> {
        let n = self.board_size;
        self.cells.iter().enumerate().filter_map(move |(i, p)| {
            let i = u8::try_from(i).ok()?;
            p.as_ref().map(|p| (Cell::new(i / n, i % n), p))
        })
    }

    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + use<> {
        let n = self.board_size;
        let Cell { row, col } = cell;
        [
            (row.checked_sub(1), Some(col)),
            (row.checked_add(1).filter(|r| *r < n), Some(col)),
            (Some(row), col.checked_sub(1)),
            (Some(row), col.checked_add(1).filter(|c| *c < n)),
        ]
        .into_iter()
        .filter_map(|(r, c)| Some(Cell::new(r?, c?)))
    }

    /// Which player's half a row belongs to; the middle row belongs to nobody.
    pub fn half_of(&self, cell: Cell) -> Option<Seat> {
        let mid = self.board_size / 2;
        match cell.row.cmp(&mid) {
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Equal => None,
        }
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
        StatePrefix {
            hasher: sha256_hasher(&encoded.unwrap_or_default()),
        }
    }

    /// The state hash, given the hasher [`DuelState::state_hash_prefix`] returned for this
    /// state (or one with the same unchanging part). Equal to [`DuelState::state_hash`]: the
    /// postcard encoding of a struct is its fields' encodings one after the other, so
    /// hashing the unchanging fields once and the others each time hashes the same bytes.
    pub fn state_hash_from(&self, prefix: &StatePrefix) -> Digest32 {
        // Every field after `commitments`, in declaration order, as postcard writes them.
        let mut encoded = Vec::with_capacity(1024);
        crate::encoding::encode_changing_part(self, &mut encoded);
        finish_sha256(prefix.hasher.clone(), &encoded)
    }

    pub fn count_class(&self, controller: Seat, class: Class) -> usize {
        self.pieces()
            .filter(|(_, p)| p.controller == controller && p.class == class && !p.leader)
            .count()
    }
}

// Clone by hand so that `clone_from` reuses the target's allocations: `Duel::apply` backs
// the state up before every action this way. The destructuring lists every field, so a
// new field fails to compile until it is added here.

impl Clone for Piece {
    fn clone(&self) -> Piece {
        let Piece {
            owner,
            controller,
            card_ref,
            card,
            class,
            face_up,
            defence,
            leader,
            entered_turn,
            moved,
            changed_position,
            attacked,
            bind,
            bound_turn,
            modifiers,
            equips,
        } = self;
        Piece {
            owner: *owner,
            controller: *controller,
            card_ref: *card_ref,
            card: *card,
            class: *class,
            face_up: *face_up,
            defence: *defence,
            leader: *leader,
            entered_turn: *entered_turn,
            moved: *moved,
            changed_position: *changed_position,
            attacked: *attacked,
            bind: *bind,
            bound_turn: *bound_turn,
            modifiers: modifiers.clone(),
            equips: equips.clone(),
        }
    }

    fn clone_from(&mut self, source: &Piece) {
        let Piece {
            owner,
            controller,
            card_ref,
            card,
            class,
            face_up,
            defence,
            leader,
            entered_turn,
            moved,
            changed_position,
            attacked,
            bind,
            bound_turn,
            modifiers,
            equips,
        } = source;
        self.owner = *owner;
        self.controller = *controller;
        self.card_ref = *card_ref;
        self.card = *card;
        self.class = *class;
        self.face_up = *face_up;
        self.defence = *defence;
        self.leader = *leader;
        self.entered_turn = *entered_turn;
        self.moved = *moved;
        self.changed_position = *changed_position;
        self.attacked = *attacked;
        self.bind = *bind;
        self.bound_turn = *bound_turn;
        self.modifiers.clone_from(modifiers);
        self.equips.clone_from(equips);
    }
}

impl Clone for PlayerState {
    fn clone(&self) -> PlayerState {
        let PlayerState {
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
        } = self;
        PlayerState {
            life_points: *life_points,
            summoning_points: *summoning_points,
            deck: deck.clone(),
            deck_order: deck_order.clone(),
            hand: hand.clone(),
            graveyard: graveyard.clone(),
            banished: banished.clone(),
            field_spell: *field_spell,
            leader: *leader,
            leader_stuck_turns: *leader_stuck_turns,
            cards_played: *cards_played,
            monsters_played: *monsters_played,
        }
    }

    fn clone_from(&mut self, source: &PlayerState) {
        let PlayerState {
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
        } = source;
        self.life_points = *life_points;
        self.summoning_points = *summoning_points;
        self.deck.clone_from(deck);
        self.deck_order.clone_from(deck_order);
        self.hand.clone_from(hand);
        self.graveyard.clone_from(graveyard);
        self.banished.clone_from(banished);
        self.field_spell = *field_spell;
        self.leader = *leader;
        self.leader_stuck_turns = *leader_stuck_turns;
        self.cards_played = *cards_played;
        self.monsters_played = *monsters_played;
    }
}

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
            players,
            terrain,
            cells,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            window,
            declarations,
            attack_negated,
            spell_negated,
            outcome,
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
            players: players.clone(),
            terrain: terrain.clone(),
            cells: cells.clone(),
            awaiting: awaiting.clone(),
            resume: resume.clone(),
            queue: queue.clone(),
            claims: claims.clone(),
            draws_due: draws_due.clone(),
            reveal_due: reveal_due.clone(),
            window: *window,
            declarations: declarations.clone(),
            attack_negated: *attack_negated,
            spell_negated: *spell_negated,
            outcome: *outcome,
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
            players,
            terrain,
            cells,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            window,
            declarations,
            attack_negated,
            spell_negated,
            outcome,
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
        for (to, from) in self.players.iter_mut().zip(players) {
            to.clone_from(from);
        }
        self.terrain.clone_from(terrain);
        self.cells.clone_from(cells);
        self.awaiting.clone_from(awaiting);
        self.resume.clone_from(resume);
        self.queue.clone_from(queue);
        self.claims.clone_from(claims);
        self.draws_due.clone_from(draws_due);
        self.reveal_due.clone_from(reveal_due);
        self.window = *window;
        self.declarations.clone_from(declarations);
        self.attack_negated = *attack_negated;
        self.spell_negated = *spell_negated;
        self.outcome = *outcome;
    }
}
