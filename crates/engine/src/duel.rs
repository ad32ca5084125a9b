//! The duel: public state plus the rules it is played under, with the chess-library style
//! API — [`Duel::awaiting`] says who writes next, [`Duel::legal_actions`] lists a player's
//! decisions, [`Duel::honest_answer`] gives a protocol step's answer, and [`Duel::apply`]
//! / [`Duel::answer`] validate and apply, or refuse with a typed error and change nothing.

use std::sync::Arc;

use crate::action::{Action, Answer, Entry};
use crate::awaiting::Awaiting;
use crate::card::{CardDef, CardId};
use crate::error::RuleError;
use crate::event::Event;
use crate::field::FieldBoard;
use crate::format::{Family, Format};
use crate::grid::GridTopology;
use crate::hash::Digest32;
use crate::hash_chain::HashChain;
use crate::knowledge::Knowledge;
use crate::piece::Piece;
use crate::place::Place;
use crate::player::CardSlot;
use crate::pool::CardPool;
use crate::seat::Seat;
use crate::setup::SetupError;
use crate::state::{DuelState, StatePrefix};
use crate::topology::Topology;

/// The format and card pool a duel is played with. Shared, never changed during a duel.
#[derive(Debug)]
pub struct Rules {
    pub format: Format,
    pub pool: CardPool,
    /// The phases some trap of the pool has as its Trigger (Kingdom Duels' definitions):
    /// only these open response windows when they begin.
    pub(crate) phase_triggers: Vec<crate::state::Phase>,
}

impl Rules {
    /// The rules of `format` with `pool`, the format's rulings applied to it (cards whose
    /// effects its players resolve by agreement).
    pub fn new(format: Format, pool: CardPool) -> Arc<Rules> {
        let pool = match format.agreement.rulings.as_slice() {
            [] => pool,
            rulings => pool.with_rulings(rulings),
        };
        let mut phase_triggers: Vec<crate::state::Phase> = pool
            .cards()
            .filter_map(|card| card.kingdom())
            .filter(|k| k.is(crate::kingdom_card::MainType::Trap))
            .flat_map(|k| k.keywords.iter().filter_map(|w| w.trigger_phase()))
            .collect();
        phase_triggers.sort_by_key(|p| *p as u8);
        phase_triggers.dedup();
        Arc::new(Rules {
            format,
            pool,
            phase_triggers,
        })
    }

    pub fn card(&self, id: CardId) -> Result<&CardDef, RuleError> {
        self.pool.get(id).ok_or(RuleError::UnknownCard { card: id })
    }
}

/// A duel in progress: public state and the rules.
#[derive(Debug)]
pub struct Duel {
    pub(crate) rules: Arc<Rules>,
    pub(crate) state: DuelState,
    /// The board's geometry, fixed by the format and the number of players.
    pub(crate) topology: Topology,
    /// The state hash's unchanging prefix, hashed once (`None` after outside changes to the
    /// state, until the next `apply`).
    prefix: Option<StatePrefix>,
    /// Scratch space `apply` backs the state up into (kept to reuse its allocations; not
    /// part of the duel, not cloned).
    backup: Option<Box<DuelState>>,
    /// `backup` holds the state from before the last `apply`, which succeeded, and nothing
    /// has changed the state since: [`Duel::undo_last_apply`] may put it back.
    undo_ready: bool,
    /// What [`Duel::update_state_hash`] needs to hash the next state from where it differs
    /// (for the current prefix only; not cloned).
    chain: HashChain,
}

impl Clone for Duel {
    fn clone(&self) -> Duel {
        Duel {
            rules: Arc::clone(&self.rules),
            state: self.state.clone(),
            topology: self.topology,
            prefix: self.prefix.clone(),
            backup: None,
            undo_ready: false,
            chain: HashChain::default(),
        }
    }
}

impl Duel {
    /// A duel over `state`, which the caller built for these rules and this topology.
    pub(crate) fn with_state(rules: Arc<Rules>, state: DuelState, topology: Topology) -> Duel {
        let prefix = Some(state.state_hash_prefix());
        Duel {
            rules,
            state,
            topology,
            prefix,
            backup: None,
            undo_ready: false,
            chain: HashChain::default(),
        }
    }

    /// Replaces the public state wholesale (scenario set-ups and tests build positions this
    /// way). The state must come from the same rules; its number of players must be one
    /// the board seats.
    pub fn from_state(rules: Arc<Rules>, state: DuelState) -> Result<Duel, SetupError> {
        let topology = topology_for(&rules.format, state.seat_count())?;
        let mut duel = Duel::with_state(rules, state, topology);
        let mut events = Vec::new();
        duel.settle(&mut events);
        Ok(duel)
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub fn format(&self) -> &Format {
        &self.rules.format
    }

    pub fn pool(&self) -> &CardPool {
        &self.rules.pool
    }

    /// The public state.
    pub fn state(&self) -> &DuelState {
        &self.state
    }

    /// The board's geometry.
    pub fn topology(&self) -> &Topology {
        &self.topology
    }

    /// The card at `place`, whichever family's board it is on: a grid cell or one of the
    /// card game's zones.
    pub fn piece_at(&self, place: Place) -> Option<&Piece> {
        match place {
            Place::Cell(cell) => self.state.piece(cell),
            Place::Zone { .. } => self.zone_piece(place),
        }
    }

    /// Takes the card at `place` off the board or out of its zone.
    pub(crate) fn take_piece_at(&mut self, place: Place) -> Option<Piece> {
        match place {
            Place::Cell(cell) => self.state.take(cell),
            Place::Zone { .. } => self.take_from_zone(place),
        }
    }

    /// Puts `piece` on the cell or into the zone `place` names.
    pub(crate) fn put_piece_at(&mut self, place: Place, piece: Piece) {
        match place {
            Place::Cell(cell) => self.state.put(cell, piece),
            Place::Zone { .. } => self.put_in_zone(place, piece),
        }
    }

    pub(crate) fn piece_at_mut(&mut self, place: Place) -> Option<&mut Piece> {
        match place {
            Place::Cell(cell) => self.state.piece_mut(cell),
            Place::Zone { .. } => self.zone_piece_mut(place),
        }
    }

    /// The grid's geometry; a board of no cells for a duel on the card game's field (the
    /// grid family's rules never run there).
    pub fn grid(&self) -> &GridTopology {
        self.topology.grid().unwrap_or(&GridTopology::NONE)
    }

    /// Who must write next, and what kind of entry: the one place that knows.
    pub fn awaiting(&self) -> &Awaiting {
        &self.state.awaiting
    }

    /// The card game's field: still in the Setup Phase (the Duelist Setup swaps), before
    /// the first turn.
    pub fn in_setup_phase(&self) -> bool {
        self.state.outcome.is_none()
            && matches!(self.state.resume, crate::state::Resume::FirstTurn { .. })
    }

    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// SHA-256 over the canonical postcard encoding of the whole public state (see
    /// [`DuelState::state_hash`]), reusing the hash of its unchanging prefix.
    pub fn state_hash(&self) -> Digest32 {
        match &self.prefix {
            Some(prefix) => self.state.state_hash_from(prefix),
            None => self.state.state_hash(),
        }
    }

    /// The same hash as [`Duel::state_hash`], computed from where the state's encoding
    /// first differs from the last one this method hashed (it keeps that encoding and the
    /// SHA-256 midstate at each 64-byte block). For callers that hash after every action,
    /// like the referee and a peer checking for desyncs.
    pub fn update_state_hash(&mut self) -> Digest32 {
        if self.prefix.is_none() {
            self.prefix = Some(self.state.state_hash_prefix());
            self.chain = HashChain::default();
        }
        match &self.prefix {
            Some(prefix) => self.chain.hash(prefix, &self.state),
            None => self.state.state_hash(),
        }
    }

    /// Every decision `seat` may take now, given what it knows; empty unless the duel
    /// waits for a decision of `seat`. (Conceding is always allowed and not listed.)
    pub fn legal_actions(&self, seat: Seat, knowledge: &Knowledge) -> Vec<Action> {
        match self.rules.format.family {
            Family::Grid => self.grid_legal_actions(seat, knowledge),
            Family::Field => self.field_legal_actions(seat, knowledge),
        }
    }

    /// The one honest answer `seat` gives, from its knowledge, to the protocol step the
    /// duel asks of it; `None` when nothing is asked of `seat` or it lacks a secret the
    /// answer needs.
    pub fn honest_answer(&self, seat: Seat, knowledge: &Knowledge) -> Option<Answer> {
        match self.rules.format.family {
            Family::Grid => self.grid_honest_answer(seat, knowledge),
            Family::Field => self.field_honest_answer(seat, knowledge),
        }
    }

    /// Validates the decision `action` by `seat` and applies it, returning what happened.
    /// On error the duel is untouched. `knowledge`, when given, is the applier's own
    /// knowledge: claims about cards it knows are checked at once instead of waiting for a
    /// reveal.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        self.apply_entry(seat, &EntryRef::Action(action), knowledge)
    }

    /// Validates `seat`'s answer to a protocol step and applies it, like [`Duel::apply`].
    pub fn answer(
        &mut self,
        seat: Seat,
        answer: &Answer,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        self.apply_entry(seat, &EntryRef::Answer(answer), knowledge)
    }

    /// [`Duel::apply`] or [`Duel::answer`], whichever `entry` is.
    pub fn apply_any(
        &mut self,
        seat: Seat,
        entry: &Entry,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        self.apply_entry(seat, &EntryRef::from(entry), knowledge)
    }

    fn apply_entry(
        &mut self,
        seat: Seat,
        entry: &EntryRef<'_>,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        if self.prefix.is_none() {
            self.prefix = Some(self.state.state_hash_prefix());
            self.chain = HashChain::default();
        }
        // Back the state up (reusing the last backup's allocations), change it in place, and
        // put the backup back if the entry turns out illegal.
        let mut backup = match self.backup.take() {
            Some(mut b) => {
                b.as_mut().clone_from(&self.state);
                b
            }
            None => Box::new(self.state.clone()),
        };
        let mut events = Vec::new();
        let result = self.apply_in_place(seat, entry, knowledge, &mut events);
        if result.is_err() {
            self.swap_state(&mut backup);
        }
        self.backup = Some(backup);
        self.undo_ready = result.is_ok();
        result.map(|()| events)
    }

    /// Puts back the state from before the last [`Duel::apply`], if that apply succeeded
    /// and nothing changed the duel since; returns whether it did. A protocol peer uses it
    /// to refuse an entry whose author's state hash turns out different from its own after
    /// applying, without copying the whole state before every entry.
    pub fn undo_last_apply(&mut self) -> bool {
        if !self.undo_ready {
            return false;
        }
        let Some(mut backup) = self.backup.take() else {
            return false;
        };
        self.swap_state(&mut backup);
        self.backup = Some(backup);
        self.undo_ready = false;
        true
    }

    /// Puts `other` in place of the state (and the state in `other`), hashing the prefix
    /// again if their commitment tables differ (a reshuffle or a Token grew one).
    pub(crate) fn swap_state(&mut self, other: &mut DuelState) {
        let table_changed = other.commitments.len() != self.state.commitments.len();
        std::mem::swap(&mut self.state, other);
        if table_changed {
            self.commitment_table_changed();
        }
    }

    /// The commitment table grew (a reshuffle): the state hash's unchanging prefix must be
    /// hashed again.
    pub(crate) fn commitment_table_changed(&mut self) {
        self.prefix = None;
        self.chain = HashChain::default();
    }

    /// [`Duel::apply_any`] for a duel its caller gives up on at any error: it validates the
    /// entry just the same, but an illegal one may leave the state half-changed, which
    /// saves copying the whole state first. The referee's seat engines use it (they only
    /// see entries the referee's own engine accepted, and a refusal ends the game as a
    /// disagreement between engines), as do bots trying actions out on a copy. After an
    /// error the duel must be thrown away or restored with [`Duel::restore_from`].
    pub fn apply_without_rollback(
        &mut self,
        seat: Seat,
        entry: &Entry,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        self.action_without_rollback(seat, EntryRef::from(entry), knowledge)
    }

    /// [`Duel::apply_without_rollback`] for a decision (bots try theirs out this way).
    pub fn try_action_without_rollback(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        self.action_without_rollback(seat, EntryRef::Action(action), knowledge)
    }

    fn action_without_rollback(
        &mut self,
        seat: Seat,
        entry: EntryRef<'_>,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        if self.prefix.is_none() {
            self.prefix = Some(self.state.state_hash_prefix());
            self.chain = HashChain::default();
        }
        self.undo_ready = false;
        let mut events = Vec::new();
        self.apply_in_place(seat, &entry, knowledge, &mut events)
            .map(|()| events)
    }

    /// Copies `other`'s state over this one's: the referee's way to undo an entry its
    /// engine refused, from a seat engine that still holds the state from before it.
    pub fn restore_from(&mut self, other: &Duel) {
        self.undo_ready = false;
        self.state.clone_from(&other.state);
    }

    fn apply_in_place(
        &mut self,
        seat: Seat,
        entry: &EntryRef<'_>,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.state.outcome.is_some() {
            return Err(RuleError::DuelOver);
        }
        if self.state.players.get(seat).is_none() {
            return Err(RuleError::NoSuchSeat {
                seat,
                players: self.state.seat_count(),
            });
        }
        // Reshuffles and joint draws belong to no family: decks and randomness are the
        // protocol's.
        if let EntryRef::Answer(answer) = entry {
            let protocol_step = match answer {
                Answer::RecommitDeck { .. } | Answer::PermuteDeck { .. } => {
                    Some(self.answer_reshuffle(seat, answer, knowledge))
                }
                Answer::CommitShare { .. } | Answer::OpenShare { .. } => {
                    Some(self.answer_share(seat, answer))
                }
                _ => None,
            };
            if let Some(applied) = protocol_step {
                applied?;
                self.settle(events);
                return Ok(());
            }
        }
        match self.rules.format.family {
            Family::Grid => match entry {
                EntryRef::Action(action) => self.grid_apply(seat, action, knowledge, events),
                EntryRef::Answer(answer) => self.grid_answer(seat, answer, knowledge, events),
            },
            Family::Field => match entry {
                EntryRef::Action(action) => self.field_apply(seat, action, knowledge, events),
                EntryRef::Answer(answer) => self.field_answer(seat, answer, events),
            },
        }
    }

    /// Runs everything that needs no decision, then sets who must decide next: each
    /// family's flow of play.
    pub(crate) fn settle(&mut self, events: &mut Vec<Event>) {
        match self.rules.format.family {
            Family::Grid => self.grid_settle(events),
            Family::Field => self.field_settle(events),
        }
    }

    /// Hands the game to the next turn in the rotation (or ends it at the turn limit).
    pub(crate) fn advance_turn(&mut self, events: &mut Vec<Event>) {
        if self.state.turn >= self.rules.format.win.turn_limit {
            self.finish_by_turn_limit(events);
            return;
        }
        let Some(next) = self.state.table.next_turn(self.state.active) else {
            return;
        };
        self.state.turn += 1;
        match self.rules.format.family {
            Family::Grid => self.start_turn(next, false, events),
            Family::Field => self.field_start_turn(next, events),
        }
    }

    pub fn state_mut_for_setup(&mut self) -> &mut DuelState {
        // The caller may change anything, the unchanging part included.
        self.prefix = None;
        self.undo_ready = false;
        &mut self.state
    }

    /// A hand card's slot.
    pub fn hand_slot(&self, seat: Seat, index: u8) -> Option<&CardSlot> {
        self.state.players.get(seat)?.hand.get(usize::from(index))
    }
}

/// An entry by reference, so that [`Duel::apply`] need not clone its action.
enum EntryRef<'a> {
    Action(&'a Action),
    Answer(&'a Answer),
}

impl<'a> From<&'a Entry> for EntryRef<'a> {
    fn from(entry: &'a Entry) -> EntryRef<'a> {
        match entry {
            Entry::Action(action) => EntryRef::Action(action),
            Entry::Answer(answer) => EntryRef::Answer(answer),
        }
    }
}

/// The board geometry of `format` for `players` players.
pub(crate) fn topology_for(format: &Format, players: usize) -> Result<Topology, SetupError> {
    match format.family {
        Family::Grid => Ok(Topology::Grid(GridTopology::new(
            format.board_size,
            players,
        )?)),
        Family::Field => Ok(Topology::Field(FieldBoard::for_format(format, players))),
    }
}
