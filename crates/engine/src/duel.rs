//! The duel: public state plus the rules it is played under, with the chess-library style
//! API (`awaiting`, `legal_actions`, `apply`, `state_hash`).

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::action::Action;
use crate::card::{CardDef, CardId};
use crate::error::RuleError;
use crate::event::Event;
use crate::format::{Format, SummonCost};
use crate::hash::Digest32;
use crate::hash_chain::HashChain;
use crate::pool::CardPool;
use crate::state::{
    Awaiting, CardRef, CardSlot, Cell, Commitment, DeckOrder, DuelState, PermutationRound, Phase,
    Piece, PlayerState, PositionOpening, Resume, Reveal, Seat, StatePrefix,
};

/// The format and card pool a duel is played with. Shared, never changed during a duel.
#[derive(Debug)]
pub struct Rules {
    pub format: Format,
    pub pool: CardPool,
}

impl Rules {
    pub fn new(format: Format, pool: CardPool) -> Arc<Rules> {
        Arc::new(Rules { format, pool })
    }

    pub fn card(&self, id: CardId) -> Result<&CardDef, RuleError> {
        self.pool.get(id).ok_or(RuleError::UnknownCard { card: id })
    }
}

/// What one seat knows beyond the public state: the openings of its own commitments (and,
/// for the audit, everyone's).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Knowledge {
    secrets: BTreeMap<Commitment, Reveal>,
    /// Openings of deck-position commitments this seat made (as a permuter).
    positions: BTreeMap<Commitment, PositionOpening>,
}

impl Knowledge {
    pub fn new() -> Knowledge {
        Knowledge::default()
    }

    pub fn learn(&mut self, commitment: Commitment, reveal: Reveal) {
        self.secrets.insert(commitment, reveal);
    }

    pub fn get(&self, commitment: &Commitment) -> Option<&Reveal> {
        self.secrets.get(commitment)
    }

    pub fn card(&self, commitment: &Commitment) -> Option<CardId> {
        self.secrets.get(commitment).map(|r| r.card)
    }

    pub fn len(&self) -> usize {
        self.secrets.len()
    }

    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty()
    }

    pub fn merge(&mut self, other: &Knowledge) {
        for (c, r) in &other.secrets {
            self.secrets.insert(*c, *r);
        }
        for (c, o) in &other.positions {
            self.positions.insert(*c, *o);
        }
    }

    pub fn learn_position(&mut self, commitment: Commitment, opening: PositionOpening) {
        self.positions.insert(commitment, opening);
    }

    pub fn position(&self, commitment: &Commitment) -> Option<&PositionOpening> {
        self.positions.get(commitment)
    }

    /// Every card opening known, in commitment order.
    pub fn reveals(&self) -> impl Iterator<Item = (&Commitment, &Reveal)> {
        self.secrets.iter()
    }

    /// Every position opening known, in commitment order.
    pub fn position_openings(&self) -> impl Iterator<Item = (&Commitment, &PositionOpening)> {
        self.positions.iter()
    }
}

/// One seat's part of the public set-up: its Deck Leader (public from the start) and its deck
/// as commitments. The opening hand is drawn from the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatSetup {
    pub leader: CardId,
    pub leader_commitment: Commitment,
    /// With [`DeckSetup::Public`], the real order, top card last; with
    /// [`DeckSetup::Permuted`], the owner's committed order (which tells nothing).
    pub deck: Vec<Commitment>,
    pub order: DeckSetup,
}

/// How a deck's order is fixed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeckSetup {
    /// A party every seat trusts shuffled it: `deck` is the real order.
    Public,
    /// Each other seat, in turn, committed a secret permutation, one commitment per deck
    /// position ([`Commitment::for_position`]); draws open them one position at a time.
    Permuted {
        rounds: Vec<(Seat, Vec<Commitment>)>,
    },
}

/// Everything public needed to start a duel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicSetup {
    pub match_id: Digest32,
    pub first: Seat,
    pub seats: [SeatSetup; 2],
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the Deck Leader {card} is not in the card pool")]
    UnknownLeader { card: CardId },
    #[error("the Deck Leader {card} must be a monster of level {max} or lower")]
    BadLeader { card: CardId, max: u8 },
    #[error("{seat}'s deck holds {count} cards; the format needs {min} to {max}")]
    DeckSize {
        seat: Seat,
        count: usize,
        min: u8,
        max: u8,
    },
    #[error("the first player must be seat 0 or seat 1")]
    BadFirstSeat,
    #[error(
        "{permuter}'s permutation of {owner}'s deck has {given} positions; the deck has {expected} cards"
    )]
    PermutationSize {
        owner: Seat,
        permuter: Seat,
        given: usize,
        expected: usize,
    },
    #[error("{owner} may not permute its own deck: every other seat must")]
    BadPermuter { owner: Seat, permuter: Seat },
}

/// A duel in progress: public state and the rules.
#[derive(Debug)]
pub struct Duel {
    pub(crate) rules: Arc<Rules>,
    pub(crate) state: DuelState,
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
            prefix: self.prefix.clone(),
            backup: None,
            undo_ready: false,
            chain: HashChain::default(),
        }
    }
}

impl Duel {
    /// Starts a duel: leaders placed, opening hands drawn, the first turn begun.
    pub fn new(rules: Arc<Rules>, setup: PublicSetup) -> Result<(Duel, Vec<Event>), SetupError> {
        if setup.first.0 > 1 {
            return Err(SetupError::BadFirstSeat);
        }
        let format = &rules.format;
        let n = format.board_size;
        let mid = n / 2;
        let leader_cells = [Cell::new(n - 1, mid), Cell::new(0, mid)];
        let start_sp = match format.play.cost {
            SummonCost::SummoningPoints { start, .. } => start,
            SummonCost::Tributes { .. } => 0,
        };
        let mut cells = vec![None; usize::from(n) * usize::from(n)];
        let mut players = Vec::with_capacity(2);
        let mut commitments = Vec::new();
        let mut first_cards = Vec::with_capacity(2);
        for (i, seat_setup) in setup.seats.iter().enumerate() {
            let seat = Seat(i as u8);
            let leader = rules
                .pool
                .get(seat_setup.leader)
                .ok_or(SetupError::UnknownLeader {
                    card: seat_setup.leader,
                })?;
            let max = format.deck.leader_max_level;
            if !leader.is_monster() || leader.level() > max {
                return Err(SetupError::BadLeader {
                    card: seat_setup.leader,
                    max,
                });
            }
            let count = seat_setup.deck.len();
            if count < usize::from(format.deck.min_main)
                || count > usize::from(format.deck.max_main)
            {
                return Err(SetupError::DeckSize {
                    seat,
                    count,
                    min: format.deck.min_main,
                    max: format.deck.max_main,
                });
            }
            let cell = leader_cells[i];
            // At most 2 x (1 + 255) entries: a deck holds at most `max_main: u8` cards.
            let mut commit = |commitment: Commitment| {
                commitments.push(commitment);
                CardRef(u16::try_from(commitments.len() - 1).unwrap_or(u16::MAX))
            };
            let leader_ref = commit(seat_setup.leader_commitment);
            let deck: Vec<CardRef> = seat_setup.deck.iter().map(|c| commit(*c)).collect();
            first_cards.push(CardRef(leader_ref.0.saturating_add(1)));
            cells[usize::from(cell.row) * usize::from(n) + usize::from(cell.col)] =
                Some(Piece::deck_leader(seat, leader_ref, seat_setup.leader));
            players.push(PlayerState {
                life_points: format.life_points,
                summoning_points: start_sp,
                deck,
                deck_order: DeckOrder::Public,
                hand: Vec::new(),
                graveyard: Vec::new(),
                banished: Vec::new(),
                field_spell: None,
                leader: cell,
                leader_stuck_turns: 0,
                cards_played: 0,
                monsters_played: 0,
            });
        }
        // Permutation rounds go after both seats' cards in the table.
        for (i, seat_setup) in setup.seats.iter().enumerate() {
            let owner = Seat(i as u8);
            let DeckSetup::Permuted { rounds } = &seat_setup.order else {
                continue;
            };
            let mut placed = Vec::with_capacity(rounds.len());
            for (permuter, positions) in rounds {
                if *permuter == owner || permuter.0 > 1 {
                    return Err(SetupError::BadPermuter {
                        owner,
                        permuter: *permuter,
                    });
                }
                if positions.len() != seat_setup.deck.len() {
                    return Err(SetupError::PermutationSize {
                        owner,
                        permuter: *permuter,
                        given: positions.len(),
                        expected: seat_setup.deck.len(),
                    });
                }
                // The table stays well under u16::MAX: two decks of at most 255 cards and one
                // round of positions per deck.
                let first = CardRef(u16::try_from(commitments.len()).unwrap_or(u16::MAX));
                commitments.extend_from_slice(positions);
                placed.push(PermutationRound {
                    permuter: *permuter,
                    first,
                });
            }
            players[i].deck_order = DeckOrder::Permuted {
                rounds: placed,
                first_card: first_cards[i],
                next_position: 0,
            };
        }
        let players: [PlayerState; 2] = match players.try_into() {
            Ok(p) => p,
            // Two seats were pushed above; a different count cannot happen.
            Err(_) => return Err(SetupError::BadFirstSeat),
        };
        let state = DuelState {
            match_id: setup.match_id,
            format_hash: format.hash(),
            pool_hash: rules.pool.hash(),
            board_size: n,
            commitments: commitments.into(),
            turn: 1,
            active: setup.first,
            phase: Phase::Main,
            players,
            terrain: format.starting_terrain(),
            cells,
            awaiting: Awaiting::Main { seat: setup.first },
            resume: Resume::Nothing,
            queue: Vec::new(),
            claims: Vec::new(),
            draws_due: Vec::new(),
            reveal_due: Vec::new(),
            window: None,
            declarations: Vec::new(),
            attack_negated: false,
            spell_negated: false,
            outcome: None,
        };
        let prefix = Some(state.state_hash_prefix());
        let mut duel = Duel {
            rules,
            state,
            prefix,
            backup: None,
            undo_ready: false,
            chain: HashChain::default(),
        };
        let mut events = Vec::new();
        for seat in Seat::BOTH {
            for _ in 0..duel.rules.format.hand.starting {
                duel.draw(seat, &mut events);
            }
        }
        duel.start_turn(setup.first, true, &mut events);
        duel.settle(&mut events);
        Ok((duel, events))
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

    /// Who must decide next, and what kind of decision.
    pub fn awaiting(&self) -> &Awaiting {
        &self.state.awaiting
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

    /// Validates `action` by `seat` and applies it, returning what happened. On error the
    /// duel is untouched. `knowledge`, when given, is the applier's own knowledge: claims
    /// about cards it knows are checked at once instead of waiting for a reveal.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        if self.prefix.is_none() {
            self.prefix = Some(self.state.state_hash_prefix());
            self.chain = HashChain::default();
        }
        // Back the state up (reusing the last backup's allocations), change it in place, and
        // put the backup back if the action turns out illegal.
        let mut backup = match self.backup.take() {
            Some(mut b) => {
                b.as_mut().clone_from(&self.state);
                b
            }
            None => Box::new(self.state.clone()),
        };
        let mut events = Vec::new();
        let result = self.apply_in_place(seat, action, knowledge, &mut events);
        if result.is_err() {
            std::mem::swap(&mut self.state, &mut *backup);
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
        let Some(backup) = self.backup.as_mut() else {
            return false;
        };
        std::mem::swap(&mut self.state, &mut **backup);
        self.undo_ready = false;
        true
    }

    /// [`Duel::apply`] for a duel its caller gives up on at any error: it validates the
    /// action just the same, but an illegal action may leave the state half-changed, which
    /// saves copying the whole state first. The referee's seat engines use it (they only
    /// see actions the referee's own engine accepted, and a refusal ends the game as a
    /// disagreement between engines), as do bots trying actions out on a copy. After an
    /// error the duel must be thrown away or restored with [`Duel::restore_from`].
    pub fn apply_without_rollback(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, RuleError> {
        if self.prefix.is_none() {
            self.prefix = Some(self.state.state_hash_prefix());
            self.chain = HashChain::default();
        }
        self.undo_ready = false;
        let mut events = Vec::new();
        self.apply_in_place(seat, action, knowledge, &mut events)
            .map(|()| events)
    }

    /// Copies `other`'s state over this one's: the referee's way to undo an action its
    /// engine refused, from a seat engine that still holds the state from before it.
    pub fn restore_from(&mut self, other: &Duel) {
        self.undo_ready = false;
        self.state.clone_from(&other.state);
    }

    /// Replaces the public state wholesale (scenario set-ups and tests build positions this
    /// way). The state must come from the same rules.
    pub fn from_state(rules: Arc<Rules>, state: DuelState) -> Duel {
        let prefix = Some(state.state_hash_prefix());
        let mut duel = Duel {
            rules,
            state,
            prefix,
            backup: None,
            undo_ready: false,
            chain: HashChain::default(),
        };
        let mut events = Vec::new();
        duel.settle(&mut events);
        duel
    }

    pub fn state_mut_for_setup(&mut self) -> &mut DuelState {
        // The caller may change anything, the unchanging part included.
        self.prefix = None;
        self.undo_ready = false;
        &mut self.state
    }

    /// A hand card's slot.
    pub fn hand_slot(&self, seat: Seat, index: u8) -> Option<&CardSlot> {
        self.state.player(seat).hand.get(usize::from(index))
    }
}
