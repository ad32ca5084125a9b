//! A trusted local referee for play without the fair-play protocol.
//!
//! It knows every card and hands each seat only what that seat may know, so each seat's
//! engine runs on its own knowledge. After every entry all the engines (the referee's and
//! every seat's) must have the same state hash.

use std::sync::Arc;

use fairduel_engine::action::{Action, Entry};
use fairduel_engine::awaiting::Decision;
use fairduel_engine::commitment::{CardRef, Commitment, Reveal, Salt};
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::{Duel, Rules};
use fairduel_engine::error::RuleError;
use fairduel_engine::event::Event;
use fairduel_engine::hash::{Digest32, sha256_of};
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::seat::{PerSeat, Seat};
use fairduel_engine::setup::{DeckSetup, LeaderSetup, PublicSetup, SeatSetup, SetupError};

use crate::rng::SeededRng;

/// Why refereed play stopped before the duel ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    #[error("could not set the duel up: {0}")]
    Setup(#[from] SetupError),
    #[error("{seat} tried an illegal {kind} ({entry}): {error}")]
    Illegal {
        seat: Seat,
        kind: &'static str,
        entry: String,
        error: RuleError,
    },
    #[error(
        "{seat}'s engine disagrees with the referee after entry {step}: {seat_hash} vs {referee_hash}"
    )]
    Divergence {
        seat: Seat,
        step: u64,
        seat_hash: String,
        referee_hash: String,
    },
    #[error("the duel is over")]
    Over,
}

/// The referee: the omniscient engine plus one engine and one knowledge per seat.
#[derive(Debug, Clone)]
pub struct Referee {
    truth: Duel,
    all: Knowledge,
    seats: PerSeat<(Duel, Knowledge)>,
    steps: u64,
    /// No seat engine has refused an entry or ended with another hash yet. While so, the
    /// seat engines hold the referee's state from before each new entry.
    agreed: bool,
    /// What each seat knows while it searches its deck: also every card of its deck. Here
    /// a deck's order is public (the referee's), so a seat that always knew its deck's
    /// cards would know its draws; it is shown them only for the search.
    searching: Knowledge,
}

impl Referee {
    /// Shuffles every deck with `seed`, commits every card with fresh salts, picks the
    /// first player, and starts the duel. Seat `i` plays `decks[i]`.
    pub fn new(
        rules: Arc<Rules>,
        decks: &[&DeckList],
        seed: u64,
    ) -> Result<(Referee, Vec<Event>), RefereeError> {
        let mut rng = SeededRng::new(seed);
        let match_id = sha256_of(&("fairduel/local-match/v1", seed));
        let mut all = Knowledge::new();
        let mut seat_knowledge: Vec<Knowledge> = decks.iter().map(|_| Knowledge::new()).collect();
        let mut setups = Vec::new();
        for (i, deck) in decks.iter().enumerate() {
            let seat = Seat(i as u8);
            let leader = deck.leader.map(|card| {
                let salt = Salt(rng.bytes32());
                let commitment = Commitment::new(&match_id, seat, card, &salt);
                let reveal = Reveal { card, salt };
                all.learn(commitment, reveal);
                if let Some(k) = seat_knowledge.get_mut(i) {
                    k.learn(commitment, reveal);
                }
                LeaderSetup { card, commitment }
            });
            let mut cards = deck.main.clone();
            rng.shuffle(&mut cards);
            let mut order = Vec::with_capacity(cards.len());
            for card in cards {
                // A seat does not know its own deck order: it learns each card as it draws.
                let salt = Salt(rng.bytes32());
                let commitment = Commitment::new(&match_id, seat, card, &salt);
                all.learn(commitment, Reveal { card, salt });
                order.push(commitment);
            }
            // The owner knows its own Extra Deck from the start.
            let mut extra = Vec::with_capacity(deck.extra.len());
            for card in &deck.extra {
                extra.push(commit_known_to_owner(
                    &mut rng,
                    &match_id,
                    seat,
                    *card,
                    &mut all,
                    seat_knowledge.get_mut(i),
                ));
            }
            setups.push(SeatSetup {
                leader,
                field_setup: deck.field_setup.clone(),
                duelist_setup: deck.duelist_setup.clone(),
                deck: order,
                order: DeckSetup::Public,
                extra,
                destiny: Vec::new(),
            });
        }
        let players = decks.len().max(1) as u64;
        let drawn = Seat((rng.next_u64() % players) as u8);
        let first = rules.format.table.first_player(drawn);
        // The destiny piles last, so that everything else is dealt as it is without them.
        for (i, setup) in setups.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            for card in rules.format.destiny_draw.iter().flat_map(|d| &d.cards) {
                setup.destiny.push(commit_known_to_owner(
                    &mut rng,
                    &match_id,
                    seat,
                    *card,
                    &mut all,
                    seat_knowledge.get_mut(i),
                ));
            }
        }
        let setup = PublicSetup {
            match_id,
            first,
            seats: setups,
        };
        let (truth, events) = Duel::new(rules, setup)?;
        let mut referee = Referee {
            seats: PerSeat::new(
                seat_knowledge
                    .into_iter()
                    .map(|k| (truth.clone(), k))
                    .collect(),
            ),
            truth,
            all,
            steps: 0,
            agreed: true,
            searching: Knowledge::new(),
        };
        referee.deliver(&events);
        referee.prepare_search();
        Ok((referee, events))
    }

    /// Hands each drawing seat the opening of the card it drew (or milled, to open it).
    fn deliver(&mut self, events: &[Event]) {
        for event in events {
            if let Event::Drew { seat, commitment } | Event::Milled { seat, commitment } = event
                && let Some(reveal) = self.all.get(commitment).copied()
                && let Some((_, knowledge)) = self.seats.get_mut(*seat)
            {
                knowledge.learn(*commitment, reveal);
            }
        }
    }

    /// The referee's engine (public state identical to every seat's).
    pub fn duel(&self) -> &Duel {
        &self.truth
    }

    /// `seat`'s own engine. Seats outside the match get the referee's.
    pub fn seat_duel(&self, seat: Seat) -> &Duel {
        self.seats.get(seat).map_or(&self.truth, |(duel, _)| duel)
    }

    /// What `seat` knows. Seats outside the match know what the public knows.
    pub fn knowledge(&self, seat: Seat) -> &Knowledge {
        static NOTHING: std::sync::OnceLock<Knowledge> = std::sync::OnceLock::new();
        let searching = matches!(
            self.truth.awaiting().decision(),
            Some((s, Decision::SearchDeck | Decision::StartingSwap)) if s == seat
        );
        if searching {
            return &self.searching;
        }
        self.seats
            .get(seat)
            .map_or_else(|| NOTHING.get_or_init(Knowledge::new), |(_, k)| k)
    }

    pub fn all_knowledge(&self) -> &Knowledge {
        &self.all
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    pub fn steps(&self) -> u64 {
        self.steps
    }

    pub fn state_hash(&self) -> Digest32 {
        self.truth.state_hash()
    }

    /// Applies `entry` by `seat` on every engine and checks they agree. An entry the
    /// referee's engine refuses changes nothing; after any other error (a seat engine
    /// refusing what the referee's took, or different hashes) the engines disagree and play
    /// cannot go on.
    pub fn submit(&mut self, seat: Seat, entry: &Entry) -> Result<Vec<Event>, RefereeError> {
        if self.truth.is_over() {
            return Err(RefereeError::Over);
        }
        let applied = match (self.agreed, self.seats.values().next()) {
            (true, Some((before, _))) => {
                // Seat 0's engine still holds this engine's state from before the entry:
                // undo a refused entry from it rather than copy the state before every one.
                let applied = self
                    .truth
                    .apply_without_rollback(seat, entry, Some(&self.all));
                if applied.is_err() {
                    self.truth.restore_from(before);
                }
                applied
            }
            _ => self.truth.apply_any(seat, entry, Some(&self.all)),
        };
        let illegal = |error| RefereeError::Illegal {
            seat,
            kind: entry.kind(),
            entry: format!("{entry:?}"),
            error,
        };
        let events = applied.map_err(illegal)?;
        self.steps += 1;
        let referee_hash = self.truth.update_state_hash();
        for (other, (duel, knowledge)) in self.seats.values_mut().enumerate() {
            let own = (other == seat.index()).then_some(&*knowledge);
            // The referee's engine took the entry: a seat engine refusing it disagrees
            // with it, which ends refereed play as surely as different hashes do, so the
            // seat engines need not be able to roll back.
            if let Err(error) = duel.apply_without_rollback(seat, entry, own) {
                self.agreed = false;
                return Err(illegal(error));
            }
            let seat_hash = duel.update_state_hash();
            if seat_hash != referee_hash {
                self.agreed = false;
                return Err(RefereeError::Divergence {
                    seat: Seat(other as u8),
                    step: self.steps,
                    seat_hash: seat_hash.to_string(),
                    referee_hash: referee_hash.to_string(),
                });
            }
        }
        self.deliver(&events);
        // The cards a search or a Duelist Setup swap took: their taker keeps their
        // openings, to play them later.
        let taken: &[(CardRef, Reveal)] = match entry {
            Entry::Action(Action::TakeFromDeck { taken: Some(one) }) => std::slice::from_ref(one),
            Entry::Action(Action::SwapStartingCards { take, .. }) => take,
            _ => &[],
        };
        if let Some((_, knowledge)) = self.seats.get_mut(seat) {
            for (card_ref, reveal) in taken {
                knowledge.learn(self.truth.state().commitment(*card_ref), *reveal);
            }
        }
        self.prepare_search();
        Ok(events)
    }

    /// A seat searching its deck (or swapping starting cards with it) sees the deck's
    /// cards, as a peer knows its own. Built only when such a decision begins; `knowledge`
    /// hands it out only during one.
    fn prepare_search(&mut self) {
        let Some((searcher, Decision::SearchDeck | Decision::StartingSwap)) =
            self.truth.awaiting().decision()
        else {
            return;
        };
        let mut knowledge = self
            .seats
            .get(searcher)
            .map(|(_, k)| k.clone())
            .unwrap_or_default();
        let state = self.truth.state();
        for card_ref in &state.player(searcher).deck {
            let commitment = state.commitment(*card_ref);
            if let Some(reveal) = self.all.get(&commitment).copied() {
                knowledge.learn(commitment, reveal);
            }
        }
        self.searching = knowledge;
    }
}

/// Commits `seat`'s `card` under a fresh salt from `rng`, known to the referee (`all`) and
/// to its owner from the start (an Extra Deck or destiny pile card, which nobody draws
/// blind).
fn commit_known_to_owner(
    rng: &mut SeededRng,
    match_id: &Digest32,
    seat: Seat,
    card: fairduel_engine::card::CardId,
    all: &mut Knowledge,
    owner: Option<&mut Knowledge>,
) -> Commitment {
    let salt = Salt(rng.bytes32());
    let commitment = Commitment::new(match_id, seat, card, &salt);
    let reveal = Reveal { card, salt };
    all.learn(commitment, reveal);
    if let Some(knowledge) = owner {
        knowledge.learn(commitment, reveal);
    }
    commitment
}
