//! Starting a duel from its public set-up: every seat's Deck Leader and committed deck, who
//! permutes whose deck, and who goes first.

use std::sync::Arc;

use crate::awaiting::Awaiting;
use crate::card::CardId;
use crate::commitment::{CardRef, Commitment};
use crate::duel::{Duel, Rules};
use crate::event::Event;
use crate::format::{Family, Format, SummonCost};
use crate::grid::{Cell, GridTopology, UnseatableGrid};
use crate::hash::Digest32;
use crate::piece::Piece;
use crate::player::{DeckOrder, PermutationRound, PlayerState};
use crate::seat::{PerSeat, Seat};
use crate::state::{DuelState, Phase, Resume};
use crate::terrain::Terrain;
use crate::topology::Topology;
use crate::turn_order::TurnOrder;

/// One seat's part of the public set-up: its Deck Leader (public from the start) where the
/// format has them, and its deck as commitments. The opening hand is drawn from the top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatSetup {
    pub leader: Option<LeaderSetup>,
    /// The card game's field: the Field Setup played, in the open: the starting terrains of
    /// the seat's Frontrow, left to right, by terrain number (empty for the format's default
    /// terrain), and the Field Setup Rule card, when named.
    pub field_setup: crate::field::FieldSetup,
    /// Kingdom Duels: the Duelist Setup played, with its Cardlist, in the open.
    pub duelist_setup: Option<crate::field::DuelistSetup>,
    /// With [`DeckSetup::Public`], the real order, top card last; with
    /// [`DeckSetup::Permuted`], the owner's committed order (which tells nothing).
    pub deck: Vec<Commitment>,
    pub order: DeckSetup,
    /// The Extra Deck, one commitment per card in an order of the owner's own; hidden, and
    /// never drawn or shuffled: a card leaves it only when its owner shows it.
    pub extra: Vec<Commitment>,
    /// Kairu's Destiny Draw: the destiny pile, one commitment per card of the format's
    /// destiny list, in an order of the owner's own (empty where the format has none).
    pub destiny: Vec<Commitment>,
}

/// A Deck Leader, public from the start, and the commitment it was dealt under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LeaderSetup {
    pub card: CardId,
    pub commitment: Commitment,
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

/// Everything public needed to start a duel. Seat `i` is `seats[i]`; there are as many
/// seats as the format's table has players.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicSetup {
    pub match_id: Digest32,
    pub first: Seat,
    pub seats: Vec<SeatSetup>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the format seats {expected} players, but the set-up has {given}")]
    SeatCount { expected: usize, given: usize },
    #[error("{0}")]
    Unseatable(#[from] UnseatableGrid),
    #[error("the Deck Leader {card} is not in the card pool")]
    UnknownLeader { card: CardId },
    #[error("the Deck Leader {card} must be a monster of level {max} or lower")]
    BadLeader { card: CardId, max: u8 },
    #[error("the Deck Master {card} is not a monster")]
    BadDeckMaster { card: CardId },
    #[error("{seat} has no Deck Leader; every player of this format needs one")]
    MissingLeader { seat: Seat },
    #[error("{seat} brought a Deck Leader ({card}); this format has none")]
    UnexpectedLeader { seat: Seat, card: CardId },
    #[error("the format's starting terrain \"{name}\" is not among the pool's terrains")]
    UnknownTerrain { name: String },
    #[error("{seat}'s Field Setup cannot be played: {why}")]
    BadFieldSetup { seat: Seat, why: String },
    #[error("{seat}'s Duelist Setup cannot be played: {why}")]
    BadDuelistSetup { seat: Seat, why: String },
    #[error("{seat}'s deck holds {count} cards; the format needs {min} to {max}")]
    DeckSize {
        seat: Seat,
        count: usize,
        min: u8,
        max: u8,
    },
    #[error("{seat}'s Extra Deck holds {count} cards; the format allows {max}")]
    ExtraDeckSize { seat: Seat, count: usize, max: u8 },
    #[error("the first player must be one of the match's {players} seats, not {seat}")]
    BadFirstSeat { seat: Seat, players: usize },
    #[error(
        "{permuter}'s permutation of {owner}'s deck has {given} positions; the deck has {expected} cards"
    )]
    PermutationSize {
        owner: Seat,
        permuter: Seat,
        given: usize,
        expected: usize,
    },
    #[error("{permuter} may not permute {owner}'s deck: every other seat of the match must")]
    BadPermuter { owner: Seat, permuter: Seat },
    #[error("{seat}'s destiny pile holds {count} cards; the format's destiny list has {expected}")]
    DestinyPileSize {
        seat: Seat,
        count: usize,
        expected: usize,
    },
}

impl Duel {
    /// Starts a duel: leaders placed, opening hands drawn, the first turn begun.
    pub fn new(rules: Arc<Rules>, setup: PublicSetup) -> Result<(Duel, Vec<Event>), SetupError> {
        check_table(&rules.format, &setup)?;
        match rules.format.family {
            Family::Grid => grid_duel(rules, setup),
            Family::Field => Duel::field_duel(rules, setup),
        }
    }
}

/// The seat count and the first seat fit the format.
fn check_table(format: &Format, setup: &PublicSetup) -> Result<(), SetupError> {
    let players = setup.seats.len();
    if players != usize::from(format.table.players) {
        return Err(SetupError::SeatCount {
            expected: usize::from(format.table.players),
            given: players,
        });
    }
    if usize::from(setup.first.0) >= players {
        return Err(SetupError::BadFirstSeat {
            seat: setup.first,
            players,
        });
    }
    Ok(())
}

/// A deck's size fits the format.
pub(crate) fn check_deck_size(
    format: &Format,
    seat: Seat,
    seat_setup: &SeatSetup,
) -> Result<(), SetupError> {
    let count = seat_setup.deck.len();
    if count < usize::from(format.deck.min_main) || count > usize::from(format.deck.max_main) {
        return Err(SetupError::DeckSize {
            seat,
            count,
            min: format.deck.min_main,
            max: format.deck.max_main,
        });
    }
    // The Duelist Setup played came out of the Extra Deck.
    let extra = seat_setup.extra.len()
        + usize::from(seat_setup.duelist_setup.is_some())
        + seat_setup.field_setup.extra_deck_cards();
    if extra > usize::from(format.deck.max_extra) {
        return Err(SetupError::ExtraDeckSize {
            seat,
            count: extra,
            max: format.deck.max_extra,
        });
    }
    let expected = format.destiny_draw.as_ref().map_or(0, |d| d.cards.len());
    if seat_setup.destiny.len() != expected {
        return Err(SetupError::DestinyPileSize {
            seat,
            count: seat_setup.destiny.len(),
            expected,
        });
    }
    Ok(())
}

/// Puts a seat's Extra Deck in the table after its deck; the deck's cards keep the places
/// the permutation rounds count them from.
pub(crate) fn commit_extra_deck(
    commitments: &mut Vec<Commitment>,
    seat_setup: &SeatSetup,
) -> Vec<CardRef> {
    seat_setup
        .extra
        .iter()
        .map(|c| commit(commitments, *c))
        .collect()
}

/// Appends a commitment to the table and names it. The table stays under `u16::MAX`: six
/// decks of at most 255 cards, their leaders, and five rounds of positions per deck.
pub(crate) fn commit(commitments: &mut Vec<Commitment>, commitment: Commitment) -> CardRef {
    commitments.push(commitment);
    CardRef(u16::try_from(commitments.len() - 1).unwrap_or(u16::MAX))
}

/// A player as a duel starts: the format's life points, nothing in hand yet.
pub(crate) fn new_player(format: &Format, deck: Vec<CardRef>) -> PlayerState {
    let start_sp = match format.play.cost {
        SummonCost::SummoningPoints { start, .. } => start,
        SummonCost::Tributes { .. } => 0,
    };
    PlayerState {
        life_points: format.life_points,
        summoning_points: start_sp,
        deck,
        deck_order: DeckOrder::Public,
        hand: Vec::new(),
        graveyard: Vec::new(),
        banished: Vec::new(),
        field_spell: None,
        leader: Cell::default(),
        leader_stuck_turns: 0,
        cards_played: 0,
        monsters_played: 0,
        idle_warnings: 0,
        idle_warnings_this_turn: 0,
        fielded_monster: false,
        attacks_declared: 0,
        redirected: false,
        proposed_end: false,
        destruction_damage: 0,
        duelist_setup: None,
        field_setup_card: None,
        starting_swap_due: false,
        symbol: None,
        deck_master: None,
        extra_deck: Vec::new(),
        destiny: None,
        face_up_extra_deck: Vec::new(),
        pendulum_summoned: false,
        rule_cards: Vec::new(),
        effects_used: Vec::new(),
        side: None,
        join_offered_turn: 0,
        last_played: None,
    }
}

/// Puts every permuted deck's rounds after every seat's cards in the table and tells each
/// player whose deck is permuted where its cards and rounds are. `first_cards[i]` names
/// seat `i`'s first committed deck card.
pub(crate) fn place_permutation_rounds(
    setup: &PublicSetup,
    commitments: &mut Vec<Commitment>,
    player_states: &mut [PlayerState],
    first_cards: &[CardRef],
) -> Result<(), SetupError> {
    let players = setup.seats.len();
    for (i, seat_setup) in setup.seats.iter().enumerate() {
        let owner = Seat(i as u8);
        let DeckSetup::Permuted { rounds } = &seat_setup.order else {
            continue;
        };
        let mut placed = Vec::with_capacity(rounds.len());
        for (permuter, positions) in rounds {
            if *permuter == owner || usize::from(permuter.0) >= players {
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
            let first = CardRef(u16::try_from(commitments.len()).unwrap_or(u16::MAX));
            commitments.extend_from_slice(positions);
            placed.push(PermutationRound {
                permuter: *permuter,
                first,
            });
        }
        if let (Some(player), Some(first_card)) =
            (player_states.get_mut(i), first_cards.get(i).copied())
        {
            player.deck_order = DeckOrder::Permuted {
                rounds: placed,
                first_card,
                next_position: 0,
                size: u16::try_from(player.deck.len()).unwrap_or(u16::MAX),
                taken: Vec::new(),
                top: Vec::new(),
                bottom: Vec::new(),
            };
        }
    }
    Ok(())
}

/// How a family lays its board out at the start of a duel.
pub(crate) struct StartingBoard {
    pub board_size: u8,
    pub terrain: Vec<Terrain>,
    pub cells: Vec<Option<Piece>>,
    pub markers: Vec<u8>,
}

/// The state a duel starts from once every seat's cards are committed: the first player's
/// main phase, on `board`, with the table's turn order.
pub(crate) fn starting_state(
    rules: &Rules,
    setup: &PublicSetup,
    commitments: Vec<Commitment>,
    player_states: Vec<PlayerState>,
    board: StartingBoard,
) -> DuelState {
    let format = &rules.format;
    let table = TurnOrder::new(
        format.table.players,
        format.table.team_count(),
        format.table.allies_are_opponents,
        setup.first,
        format.first_attack_turn(),
    );
    DuelState {
        match_id: setup.match_id,
        format_hash: format.hash(),
        pool_hash: rules.pool.hash(),
        board_size: board.board_size,
        commitments: commitments.into(),
        turn: 1,
        active: setup.first,
        phase: Phase::Main,
        table,
        players: PerSeat::new(player_states),
        terrain: board.terrain,
        cells: board.cells,
        markers: board.markers,
        awaiting: Awaiting::main(setup.first),
        resume: Resume::Nothing,
        queue: Vec::new(),
        claims: Vec::new(),
        draws_due: Vec::new(),
        reveal_due: Vec::new(),
        windows: Vec::new(),
        chain: crate::field::Chain::default(),
        equips: Vec::new(),
        flip_effects_due: Vec::new(),
        declarations: Vec::new(),
        class_declarations: Vec::new(),
        set_apart: Vec::new(),
        agreement: None,
        searches_due: Vec::new(),
        reshuffles: Vec::new(),
        joint_draw: None,
        joint_draws: 0,
        attack_negated: false,
        spell_negated: false,
        spell_spares: crate::seat::SeatSet::EMPTY,
        gains_reversed: crate::seat::SeatSet::EMPTY,
        outcome: None,
    }
}

impl Duel {
    /// Every seat draws its opening hand.
    pub(crate) fn draw_opening_hands(&mut self, events: &mut Vec<Event>) {
        // A player who joins later draws theirs when they join.
        let table = self.state.table;
        for seat in self.state.seats().filter(|s| table.in_play(*s)) {
            for _ in 0..self.rules.format.hand.starting {
                self.draw(seat, events);
            }
        }
    }
}

/// A duel on the grid: Deck Leaders at the centre of their edges.
fn grid_duel(rules: Arc<Rules>, setup: PublicSetup) -> Result<(Duel, Vec<Event>), SetupError> {
    let format = &rules.format;
    let players = setup.seats.len();
    let grid = GridTopology::new(format.board_size, players)?;
    let n = format.board_size;
    let mut cells = vec![None; usize::from(n) * usize::from(n)];
    let mut player_states = Vec::with_capacity(players);
    let mut commitments = Vec::new();
    let mut first_cards = Vec::with_capacity(players);
    for (i, seat_setup) in setup.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let leader = seat_setup
            .leader
            .ok_or(SetupError::MissingLeader { seat })?;
        let leader_card = rules
            .pool
            .get(leader.card)
            .ok_or(SetupError::UnknownLeader { card: leader.card })?;
        let max = format.deck.leader_max_level;
        if !leader_card.is_monster() || leader_card.level() > max {
            return Err(SetupError::BadLeader {
                card: leader.card,
                max,
            });
        }
        check_deck_size(format, seat, seat_setup)?;
        if !seat_setup.field_setup.is_empty() {
            return Err(SetupError::BadFieldSetup {
                seat,
                why: "the grid has no Field Setups".into(),
            });
        }
        if seat_setup.duelist_setup.is_some() {
            return Err(SetupError::BadDuelistSetup {
                seat,
                why: "the grid has no Duelist Setups".into(),
            });
        }
        let cell = grid.leader_start(seat);
        let leader_ref = commit(&mut commitments, leader.commitment);
        let deck: Vec<CardRef> = seat_setup
            .deck
            .iter()
            .map(|c| commit(&mut commitments, *c))
            .collect();
        first_cards.push(CardRef(leader_ref.0.saturating_add(1)));
        if let Some(slot) = grid.index(cell).and_then(|i| cells.get_mut(i)) {
            *slot = Some(Piece::deck_leader(seat, leader_ref, leader.card));
        }
        let mut player = new_player(format, deck);
        player.extra_deck = commit_extra_deck(&mut commitments, seat_setup);
        if format.destiny_draw.is_some() {
            player.destiny = Some(crate::player::DestinyPile {
                cards: seat_setup
                    .destiny
                    .iter()
                    .map(|c| commit(&mut commitments, *c))
                    .collect(),
                drawn: false,
            });
        }
        player.leader = cell;
        player_states.push(player);
    }
    place_permutation_rounds(&setup, &mut commitments, &mut player_states, &first_cards)?;
    let state = starting_state(
        &rules,
        &setup,
        commitments,
        player_states,
        StartingBoard {
            board_size: n,
            terrain: format.starting_terrain(),
            cells,
            markers: Vec::new(),
        },
    );
    let mut duel = Duel::with_state(rules, state, Topology::Grid(grid));
    let mut events = Vec::new();
    duel.draw_opening_hands(&mut events);
    duel.start_turn(setup.first, true, &mut events);
    duel.settle(&mut events);
    Ok((duel, events))
}
