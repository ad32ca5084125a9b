//! A trusted local referee for play without the fair-play protocol.
//!
//! It knows every card and hands each seat only what that seat may know, so each seat's
//! engine runs on its own knowledge. After every action all three engines (the referee's and
//! the two seats') must have the same state hash.

use std::sync::Arc;

use crate::rng::SeededRng;
use fairduel_engine::action::Action;
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::{
    DeckSetup, Duel, Knowledge, PublicSetup, Rules, SeatSetup, SetupError,
};
use fairduel_engine::error::RuleError;
use fairduel_engine::event::Event;
use fairduel_engine::hash::{Digest32, sha256_of};
use fairduel_engine::state::{Commitment, Reveal, Salt, Seat};

/// Why refereed play stopped before the duel ended.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RefereeError {
    #[error("could not set the duel up: {0}")]
    Setup(#[from] SetupError),
    #[error("{seat} tried an illegal action ({action}): {error}")]
    Illegal {
        seat: Seat,
        action: String,
        error: RuleError,
    },
    #[error(
        "{seat}'s engine disagrees with the referee after action {step}: {seat_hash} vs {referee_hash}"
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
    seats: [(Duel, Knowledge); 2],
    steps: u64,
    /// No seat engine has refused an action or ended with another hash yet. While so, the
    /// seat engines hold the referee's state from before each new action.
    agreed: bool,
}

impl Referee {
    /// Shuffles both decks with `seed`, commits every card with fresh salts, picks the first
    /// player, and starts the duel.
    pub fn new(
        rules: Arc<Rules>,
        decks: [&DeckList; 2],
        seed: u64,
    ) -> Result<(Referee, Vec<Event>), RefereeError> {
        let mut rng = SeededRng::new(seed);
        let match_id = sha256_of(&("fairduel/local-match/v1", seed));
        let mut all = Knowledge::new();
        let mut seat_knowledge = [Knowledge::new(), Knowledge::new()];
        let mut setups = Vec::new();
        for (i, deck) in decks.iter().enumerate() {
            let seat = Seat(i as u8);
            let commit = |card, rng: &mut SeededRng, k: &mut Knowledge, all: &mut Knowledge| {
                let salt = Salt(rng.bytes32());
                let commitment = Commitment::new(&match_id, seat, card, &salt);
                let reveal = Reveal { card, salt };
                all.learn(commitment, reveal);
                k.learn(commitment, reveal);
                commitment
            };
            let leader_commitment = commit(deck.leader, &mut rng, &mut seat_knowledge[i], &mut all);
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
            setups.push(SeatSetup {
                leader: deck.leader,
                leader_commitment,
                deck: order,
                order: DeckSetup::Public,
            });
        }
        let first = Seat((rng.next_u64() & 1) as u8);
        let seats = match <[SeatSetup; 2]>::try_from(setups) {
            Ok(s) => s,
            Err(_) => return Err(RefereeError::Over),
        };
        let setup = PublicSetup {
            match_id,
            first,
            seats,
        };
        let (truth, events) = Duel::new(rules, setup)?;
        let [k0, k1] = seat_knowledge;
        let mut referee = Referee {
            seats: [(truth.clone(), k0), (truth.clone(), k1)],
            truth,
            all,
            steps: 0,
            agreed: true,
        };
        referee.deliver(&events);
        Ok((referee, events))
    }

    /// Hands each drawing seat the opening of the card it drew.
    fn deliver(&mut self, events: &[Event]) {
        for event in events {
            if let Event::Drew { seat, commitment } = event
                && let Some(reveal) = self.all.get(commitment).copied()
            {
                self.seats[seat.index()].1.learn(*commitment, reveal);
            }
        }
    }

    /// The referee's engine (public state identical to every seat's).
    pub fn duel(&self) -> &Duel {
        &self.truth
    }

    pub fn seat_duel(&self, seat: Seat) -> &Duel {
        &self.seats[seat.index()].0
    }

    pub fn knowledge(&self, seat: Seat) -> &Knowledge {
        &self.seats[seat.index()].1
    }

    pub fn all_knowledge(&self) -> &Knowledge {
        &self.all
    }

    pub fn steps(&self) -> u64 {
        self.steps
    }

    pub fn state_hash(&self) -> Digest32 {
        self.truth.state_hash()
    }

    /// Applies `action` by `seat` on every engine and checks they agree. An action the
    /// referee's engine refuses changes nothing; after any other error (a seat engine
    /// refusing what the referee's took, or different hashes) the engines disagree and play
    /// cannot go on.
    pub fn submit(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RefereeError> {
        if self.truth.is_over() {
            return Err(RefereeError::Over);
        }
        let applied = if self.agreed {
            // Seat 0's engine still holds this engine's state from before the action: undo a
            // refused action from it rather than copy the state before every action.
            let applied = self
                .truth
                .apply_without_rollback(seat, action, Some(&self.all));
            if applied.is_err() {
                self.truth.restore_from(&self.seats[0].0);
            }
            applied
        } else {
            self.truth.apply(seat, action, Some(&self.all))
        };
        let events = applied.map_err(|error| RefereeError::Illegal {
            seat,
            action: format!("{action:?}"),
            error,
        })?;
        self.steps += 1;
        let referee_hash = self.truth.update_state_hash();
        for (i, (duel, knowledge)) in self.seats.iter_mut().enumerate() {
            let own = (i == seat.index()).then_some(&*knowledge);
            // The referee's engine took the action: a seat engine refusing it disagrees
            // with it, which ends refereed play as surely as different hashes do, so the
            // seat engines need not be able to roll back.
            if let Err(error) = duel.apply_without_rollback(seat, action, own) {
                self.agreed = false;
                return Err(RefereeError::Illegal {
                    seat,
                    action: format!("{action:?}"),
                    error,
                });
            }
            let seat_hash = duel.update_state_hash();
            if seat_hash != referee_hash {
                self.agreed = false;
                return Err(RefereeError::Divergence {
                    seat: Seat(i as u8),
                    step: self.steps,
                    seat_hash: seat_hash.to_string(),
                    referee_hash: referee_hash.to_string(),
                });
            }
        }
        self.deliver(&events);
        Ok(events)
    }
}
