//! Shuffling a deck again in the middle of a duel: after a search, when an effect shuffles
//! cards into a deck, or when it just says "shuffle your deck".
//!
//! A deck the protocol dealt ([`DeckOrder::Permuted`]) is shuffled the way it was dealt:
//! its owner commits to the cards it now holds again, with fresh salts and in an order of
//! their own (so the old commitments, some of which others may have followed through
//! draws, say nothing of the new order), and every other seat still in the duel permutes
//! the new commitments in secret, one round each, committed position by position. Draws
//! then open positions of the new rounds exactly as they did the old ones.
//!
//! Nobody can check the owner's new commitments while the duel runs — that is the point of
//! them. The owner's own knowledge checks them as they are written, and so does the audit,
//! which knows every opening once the match is over: the cards behind the new commitments
//! must be the cards behind the deck's old ones, one for one. Re-committing any other cards
//! is a stacked deck, proven by the owner's signature on the commitments.
//!
//! A deck in a public order (the trusted referee's, a scenario's) is shuffled at once, in an
//! order drawn from the state hash: whoever trusts the referee trusts its shuffles.

use serde::{Deserialize, Serialize};

use crate::action::Answer;
use crate::awaiting::{Asked, Awaiting};
use crate::card::CardId;
use crate::commitment::{CardRef, Commitment, PositionOpening, PositionSlot, Reveal, Salt};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::hash::sha256_of;
use crate::knowledge::Knowledge;
use crate::player::{DeckOrder, PermutationRound};
use crate::seat::Seat;

/// One reshuffle of a dealt deck, from the moment it is due until every round is in, and
/// after that as the record the audit checks.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reshuffle {
    pub owner: Seat,
    /// The cards the new deck holds, by the references they had before: the deck's cards
    /// and the cards shuffled into it. Filled in when the owner re-commits.
    pub cards: Vec<CardRef>,
    /// Where the owner's fresh commitments start in the table, once written: the new
    /// commitment `i` is `first_card + i`.
    pub first_card: Option<CardRef>,
    /// The seats that permute the new deck, in order (every other seat still in the duel).
    pub permuters: Vec<Seat>,
    pub rounds: Vec<PermutationRound>,
    /// Every round is in: the deck is the new one.
    pub finished: bool,
}

/// The secret randomness a seat draws fresh salts and orders from (a peer's secret
/// stream). The engine holds none of its own; it only decides what the randomness is for.
pub trait Entropy {
    fn salt(&mut self) -> Salt;
    /// A number uniform in `0..n` (`n` is at least 1).
    fn below(&mut self, n: u64) -> u64;
}

/// The secrets behind a fresh answer: what the seat that wrote it must keep, and open at
/// the end of the match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FreshSecrets {
    /// The openings of a re-committed deck, in committed order.
    Cards(Vec<Reveal>),
    /// The openings of a permutation round of `owner`'s new deck.
    Positions {
        owner: Seat,
        round: u8,
        openings: Vec<PositionOpening>,
    },
    /// A share of a coin toss or die roll, opened once every seat has committed.
    Share {
        commitment: crate::chance::ShareCommitment,
        value: [u8; 32],
        salt: Salt,
    },
}

fn shuffle(items: &mut [impl Sized], entropy: &mut dyn Entropy) {
    for i in (1..items.len()).rev() {
        let j = usize::try_from(entropy.below(i as u64 + 1)).unwrap_or(0);
        items.swap(i, j);
    }
}

impl Duel {
    /// Shuffles `owner`'s deck: at once when its order is public, otherwise by a reshuffle
    /// round, which starts when the duel next settles (one at a time; a deck already due
    /// for one that has not started takes the new cards with it).
    pub(crate) fn shuffle_deck(&mut self, owner: Seat, events: &mut Vec<Event>) {
        if self.state.player(owner).deck_order == DeckOrder::Public {
            self.shuffle_public_deck(owner);
            events.push(Event::DeckShuffled { owner });
            return;
        }
        let waiting = self
            .state
            .reshuffles
            .iter()
            .any(|r| r.owner == owner && r.first_card.is_none());
        if waiting {
            return;
        }
        let permuters = self
            .state
            .table
            .clockwise_from(owner)
            .filter(|s| *s != owner)
            .collect();
        self.state.reshuffles.push(Reshuffle {
            owner,
            cards: Vec::new(),
            first_card: None,
            permuters,
            rounds: Vec::new(),
            finished: false,
        });
    }

    /// Whether a reshuffle of `cards` more cards than `owner`'s deck holds fits in the
    /// commitment table, which a card reference numbers with 16 bits.
    pub(crate) fn reshuffle_fits(&self, owner: Seat, extra_cards: usize) -> bool {
        let cards = self.state.player(owner).deck.len() + extra_cards;
        let rounds = self.state.table.clockwise_from(owner).count();
        let needed = cards.saturating_mul(rounds.max(1));
        self.state.commitments.len().saturating_add(needed) <= usize::from(u16::MAX)
    }

    /// The referee's shuffle of a deck in public order: a Fisher–Yates shuffle driven by
    /// the state hash, so that every engine that trusts the referee gets the same order.
    fn shuffle_public_deck(&mut self, owner: Seat) {
        let seed = self.state.state_hash();
        let deck = &mut self.state.player_mut(owner).deck;
        for i in (1..deck.len()).rev() {
            let draw = sha256_of(&("fairduel/public-reshuffle/v1", &seed, i as u64));
            let value = u64::from_le_bytes([
                draw.0[0], draw.0[1], draw.0[2], draw.0[3], draw.0[4], draw.0[5], draw.0[6],
                draw.0[7],
            ]);
            // The modulo bias over 2^64 is far below anything a shuffle of a deck shows.
            let j = usize::try_from(value % (i as u64 + 1)).unwrap_or(0);
            deck.swap(i, j);
        }
    }

    /// Asks for the next step of the reshuffle under way, if there is one; returns whether
    /// the duel now waits for it. A reshuffle whose owner left the duel is dropped (nobody
    /// draws from that deck again), and a permuter who left is passed over.
    pub(crate) fn await_reshuffle(&mut self, events: &mut Vec<Event>) -> bool {
        while let Some(at) = self.state.reshuffles.iter().position(|r| !r.finished) {
            let table = self.state.table;
            let reshuffle = &mut self.state.reshuffles[at];
            let owner = reshuffle.owner;
            if !table.in_play(owner) {
                if reshuffle.first_card.is_none() {
                    self.state.reshuffles.remove(at);
                } else {
                    reshuffle.finished = true;
                }
                continue;
            }
            if reshuffle.first_card.is_none() {
                let count = u16::try_from(self.state.player(owner).deck.len()).unwrap_or(u16::MAX);
                self.state.awaiting = Awaiting::Answer {
                    seat: owner,
                    asked: Asked::RecommitDeck { count },
                };
                return true;
            }
            let done = reshuffle.rounds.len();
            while reshuffle
                .permuters
                .get(done)
                .is_some_and(|p| !table.in_play(*p))
            {
                reshuffle.permuters.remove(done);
            }
            if let Some(permuter) = reshuffle.permuters.get(done).copied() {
                let count = u16::try_from(reshuffle.cards.len()).unwrap_or(u16::MAX);
                self.state.awaiting = Awaiting::Answer {
                    seat: permuter,
                    asked: Asked::PermuteDeck { owner, count },
                };
                return true;
            }
            self.finish_reshuffle(at, events);
        }
        false
    }

    /// Every round is in: the deck becomes the new commitments, in the order the rounds
    /// make, and draws already due start again from its first position.
    fn finish_reshuffle(&mut self, at: usize, events: &mut Vec<Event>) {
        let Some(reshuffle) = self.state.reshuffles.get_mut(at) else {
            return;
        };
        reshuffle.finished = true;
        let owner = reshuffle.owner;
        let (Some(first_card), Some(last_round)) =
            (reshuffle.first_card, reshuffle.rounds.len().checked_sub(1))
        else {
            // Nobody was left to permute it: the duel is over for everyone but its owner.
            return;
        };
        let size = u16::try_from(reshuffle.cards.len()).unwrap_or(u16::MAX);
        let rounds = reshuffle.rounds.clone();
        let player = self.state.player_mut(owner);
        player.deck = (0..size)
            .map(|i| CardRef(first_card.0.saturating_add(i)))
            .collect();
        let mut next_position = 0u16;
        let last_round = u8::try_from(last_round).unwrap_or(u8::MAX);
        for due in self.state.draws_due.iter_mut().filter(|d| d.owner == owner) {
            due.round = last_round;
            due.pointer = next_position;
            next_position = next_position.saturating_add(1);
        }
        self.state.player_mut(owner).deck_order = DeckOrder::Permuted {
            rounds,
            first_card,
            next_position,
            size,
            taken: Vec::new(),
            top: Vec::new(),
            bottom: Vec::new(),
        };
        events.push(Event::DeckShuffled { owner });
    }

    /// Applies an answer of a reshuffle round. `knowledge`, when given, is the writer's:
    /// with it a re-committed deck is checked card for card against the deck it replaces.
    pub(crate) fn answer_reshuffle(
        &mut self,
        seat: Seat,
        answer: &Answer,
        knowledge: Option<&Knowledge>,
    ) -> Result<(), RuleError> {
        let asked = self.state.awaiting.asked().filter(|(s, _)| *s == seat);
        let Some(at) = self.state.reshuffles.iter().position(|r| !r.finished) else {
            return Err(self.wrong_answer(seat, answer.kind()));
        };
        match (answer, asked) {
            (Answer::RecommitDeck { commitments }, Some((_, Asked::RecommitDeck { count }))) => {
                let count = usize::from(*count);
                if commitments.len() != count {
                    return Err(RuleError::BadReshuffle {
                        owner: seat,
                        why: format!(
                            "it commits {} cards; the deck holds {count}",
                            commitments.len()
                        ),
                    });
                }
                let cards = self.state.player(seat).deck.clone();
                if let Some(knowledge) = knowledge {
                    self.check_recommitted(seat, &cards, commitments, knowledge)?;
                }
                let first_card = self.append_commitments(seat, seat, commitments)?;
                let reshuffle = &mut self.state.reshuffles[at];
                reshuffle.cards = cards;
                reshuffle.first_card = Some(first_card);
                Ok(())
            }
            (Answer::PermuteDeck { positions }, Some((_, Asked::PermuteDeck { owner, count }))) => {
                let (owner, count) = (*owner, usize::from(*count));
                if positions.len() != count {
                    return Err(RuleError::BadReshuffle {
                        owner,
                        why: format!(
                            "{seat}'s permutation has {} positions; the deck holds {count}",
                            positions.len()
                        ),
                    });
                }
                let first = self.append_commitments(owner, seat, positions)?;
                self.state.reshuffles[at].rounds.push(PermutationRound {
                    permuter: seat,
                    first,
                });
                Ok(())
            }
            _ => Err(self.wrong_answer(seat, answer.kind())),
        }
    }

    /// With the writer's knowledge: the new commitments must open to the cards the old ones
    /// stand for, one for one. Where the knowledge cannot open them all (an audit whose
    /// writer withheld its secrets) nothing is judged here; the end reveal is.
    fn check_recommitted(
        &self,
        owner: Seat,
        cards: &[CardRef],
        commitments: &[Commitment],
        knowledge: &Knowledge,
    ) -> Result<(), RuleError> {
        let old: Option<Vec<CardId>> = cards
            .iter()
            .map(|r| knowledge.card(&self.state.commitment(*r)))
            .collect();
        let new: Option<Vec<CardId>> = commitments.iter().map(|c| knowledge.card(c)).collect();
        let (Some(mut old), Some(mut new)) = (old, new) else {
            return Ok(());
        };
        old.sort_unstable();
        new.sort_unstable();
        if old != new {
            return Err(RuleError::BadReshuffle {
                owner,
                why: "the new commitments stand for other cards than the deck held: a stacked deck"
                    .into(),
            });
        }
        Ok(())
    }

    /// Adds commitments to the table; returns the reference of the first.
    fn append_commitments(
        &mut self,
        owner: Seat,
        writer: Seat,
        commitments: &[Commitment],
    ) -> Result<CardRef, RuleError> {
        let first = self.state.commitments.len();
        let full = || RuleError::BadReshuffle {
            owner,
            why: format!("{writer}'s commitments do not fit in the duel's table any more"),
        };
        let end = first.checked_add(commitments.len()).ok_or_else(full)?;
        if end > usize::from(u16::MAX) {
            return Err(full());
        }
        let first = u16::try_from(first).map_err(|_| full())?;
        let mut table = self.state.commitments.to_vec();
        table.extend_from_slice(commitments);
        self.state.commitments = table.into();
        self.commitment_table_changed();
        Ok(CardRef(first))
    }

    /// The answer `seat` writes with fresh randomness to a step that needs it (a reshuffle's
    /// commitments or permutation, a share of a coin toss), and the secrets it must keep;
    /// `None` unless such a step is asked of `seat` (or, re-committing, its knowledge cannot
    /// open a card of its deck).
    pub fn fresh_answer(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        entropy: &mut dyn Entropy,
    ) -> Option<(Answer, FreshSecrets)> {
        let (_, asked) = self.state.awaiting.asked().filter(|(s, _)| *s == seat)?;
        let match_id = self.state.match_id;
        match asked {
            Asked::RecommitDeck { .. } => {
                let mut cards: Vec<CardId> = self
                    .state
                    .player(seat)
                    .deck
                    .iter()
                    .map(|r| knowledge.card(&self.state.commitment(*r)))
                    .collect::<Option<_>>()?;
                // An order of the owner's own: sorted, it would tell a permuter where each
                // card sits.
                shuffle(&mut cards, entropy);
                let reveals: Vec<Reveal> = cards
                    .into_iter()
                    .map(|card| Reveal {
                        card,
                        salt: entropy.salt(),
                    })
                    .collect();
                let commitments = reveals
                    .iter()
                    .map(|r| Commitment::new(&match_id, seat, r.card, &r.salt))
                    .collect();
                Some((
                    Answer::RecommitDeck { commitments },
                    FreshSecrets::Cards(reveals),
                ))
            }
            Asked::PermuteDeck { owner, count } => {
                let reshuffle = self.state.reshuffles.iter().find(|r| !r.finished)?;
                let round = u8::try_from(reshuffle.rounds.len()).ok()?;
                let mut order: Vec<u16> = (0..*count).collect();
                shuffle(&mut order, entropy);
                let mut openings = Vec::with_capacity(order.len());
                let mut positions = Vec::with_capacity(order.len());
                for (position, index) in order.into_iter().enumerate() {
                    let opening = PositionOpening {
                        index,
                        salt: entropy.salt(),
                    };
                    let slot = PositionSlot {
                        owner: *owner,
                        permuter: seat,
                        round,
                        position: u16::try_from(position).ok()?,
                    };
                    positions.push(Commitment::for_position(&match_id, slot, &opening));
                    openings.push(opening);
                }
                Some((
                    Answer::PermuteDeck { positions },
                    FreshSecrets::Positions {
                        owner: *owner,
                        round,
                        openings,
                    },
                ))
            }
            Asked::CommitShare => self.fresh_share(seat, entropy),
            _ => None,
        }
    }

    /// The error for an answer nobody asked of `seat`.
    pub(crate) fn wrong_answer(&self, seat: Seat, kind: &'static str) -> RuleError {
        match self.state.awaiting.seat() {
            None => RuleError::DuelOver,
            Some(expected) if expected != seat => RuleError::NotYourDecision {
                expected,
                actual: seat,
            },
            Some(_) => RuleError::WrongDecision {
                action: kind,
                awaiting: self.state.awaiting.name(),
            },
        }
    }
}
