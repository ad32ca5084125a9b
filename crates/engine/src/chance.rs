//! Coins and dice during a duel, by joint randomness: every seat still in the duel commits
//! to a random share, then every seat opens it, and the result comes from the hash of all
//! the shares. Nobody can choose it — the shares are fixed before any is seen — and nobody
//! can predict it unless every other seat colludes with them.
//!
//! The controller of an effect resolving by agreement tosses a coin or rolls a die before it
//! proposes the outcome, as cards that say "toss a coin" ask; the results stay with the
//! activation for everyone to read, and the controller proposes what they lead to.
//!
//! The last seat to open its share sees the others' first and could refuse to open its own:
//! it then owes the next entry and stops the match, which the audit records as abandoned (a
//! loss), never as a result. With a trusted referee (every deck in a public order) a chance
//! is decided at once from the state hash.

use serde::{Deserialize, Serialize};

use crate::action::Answer;
use crate::awaiting::{Asked, Awaiting};
use crate::commitment::Salt;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::hash::{Digest32, sha256_of};
use crate::knowledge::Knowledge;
use crate::player::DeckOrder;
use crate::seat::Seat;

/// The most coins and dice one activation may use.
pub const MAX_CHANCES: usize = 8;

/// A random event a card may call for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Chance {
    /// A coin tossed and called (Kingdom Duels' COIN: "[O] means you were right on your call
    /// while [X] means you were wrong"): heads (0) or tails (1).
    Coin { call: CoinSide },
    /// A six-sided die: 1 to 6.
    Die,
    /// Kairu's Destiny Draw: the place in `seat`'s destiny pile (of `cards` cards) the card
    /// is taken from, 0 to `cards - 1`.
    DestinyPile { cards: u8, seat: crate::seat::Seat },
    /// What a card's effect picks at random (Barrel Dragon's card, Fairy Meteor Crush's
    /// cells): the shares make a seed the effect draws its picks from.
    EffectPick,
}

/// A side of a coin.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CoinSide {
    Heads,
    Tails,
}

impl CoinSide {
    fn number(self) -> u8 {
        match self {
            CoinSide::Heads => 0,
            CoinSide::Tails => 1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            CoinSide::Heads => "heads",
            CoinSide::Tails => "tails",
        }
    }
}

impl Chance {
    /// How many results it has.
    fn outcomes(self) -> u8 {
        match self {
            Chance::Coin { .. } => 2,
            Chance::Die => 6,
            Chance::DestinyPile { cards, .. } => cards.max(1),
            // The effect draws its picks from the seed itself.
            Chance::EffectPick => 1,
        }
    }

    /// The result as players read it: the coin's side and whether the call was right
    /// ("[O]") or wrong ("[X]"), or the die's face.
    pub fn result_words(self, result: u8) -> String {
        match self {
            Chance::Coin { call } => {
                let side = if result == 0 {
                    CoinSide::Heads
                } else {
                    CoinSide::Tails
                };
                let verdict = if call.number() == result {
                    "right [O]"
                } else {
                    "wrong [X]"
                };
                format!("{}, the call ({}) was {verdict}", side.name(), call.name())
            }
            Chance::Die => result.to_string(),
            Chance::DestinyPile { cards, .. } => format!("place {} of {cards}", result + 1),
            Chance::EffectPick => "picked at random".to_owned(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Chance::Coin { .. } => "coin",
            Chance::Die => "die",
            Chance::DestinyPile { .. } => "destiny pile",
            Chance::EffectPick => "random pick",
        }
    }
}

/// A coin toss or die roll and its result (heads 0, tails 1; a die's face 1 to 6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChanceResult {
    pub chance: Chance,
    pub result: u8,
}

/// A joint draw under way.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct JointDraw {
    pub chance: Chance,
    /// Which draw of the duel this is (from 0): it is hashed into every share, so a share of
    /// one draw is worth nothing in another.
    pub number: u16,
    /// The seats taking part, clockwise from the one who called for it.
    pub seats: Vec<Seat>,
    /// The committed shares, in the order of `seats`.
    pub commitments: Vec<ShareCommitment>,
    /// The opened shares, in the order of `seats`.
    pub shares: Vec<[u8; 32]>,
}

/// A commitment to a share of a joint draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ShareCommitment(pub Digest32);

impl ShareCommitment {
    pub fn new(
        match_id: &Digest32,
        seat: Seat,
        number: u16,
        value: &[u8; 32],
        salt: &Salt,
    ) -> Self {
        ShareCommitment(sha256_of(&(
            "fairduel/joint-share/v1",
            match_id,
            seat,
            number,
            value,
            salt,
        )))
    }
}

/// The result below `n` the shares give: the bytes of a hash stream over them are read in
/// turn, and the first one under the largest multiple of `n` a byte holds decides, so no
/// result is likelier than another.
fn unbiased_below(match_id: &Digest32, number: u16, shares: &[[u8; 32]], n: u8) -> u8 {
    crate::hash::unbiased_below(
        joint_seed(match_id, number, shares),
        "fairduel/joint-draw-stream/v1",
        n,
    )
}

/// The seed all the shares of a draw make together.
fn joint_seed(match_id: &Digest32, number: u16, shares: &[[u8; 32]]) -> Digest32 {
    sha256_of(&("fairduel/joint-draw/v1", match_id, number, shares))
}

impl Duel {
    /// Whether the duel is run by a trusted referee (every deck in a public order): chances
    /// and shuffles are then decided from the state hash at once.
    pub(crate) fn refereed(&self) -> bool {
        self.state
            .players
            .values()
            .all(|p| p.deck_order == DeckOrder::Public)
    }

    /// `caller` calls for `chance`: decided at once with a referee, otherwise every seat still
    /// in the duel is asked for a share.
    pub(crate) fn call_chance(&mut self, caller: Seat, chance: Chance, events: &mut Vec<Event>) {
        let number = self.state.joint_draws;
        self.state.joint_draws = number.saturating_add(1);
        if self.refereed() {
            let seed = self.state.state_hash();
            if chance == Chance::EffectPick {
                let seed = joint_seed(&self.state.match_id, number, &[seed.0]);
                self.random_effect_drawn(seed, events);
                return;
            }
            let result = unbiased_below(&self.state.match_id, number, &[seed.0], chance.outcomes());
            self.chance_decided(chance, result, events);
            return;
        }
        let seats = self.state.table.clockwise_from(caller).collect();
        self.state.joint_draw = Some(JointDraw {
            chance,
            number,
            seats,
            commitments: Vec::new(),
            shares: Vec::new(),
        });
    }

    fn chance_decided(&mut self, chance: Chance, raw: u8, events: &mut Vec<Event>) {
        let result = match chance {
            Chance::Coin { .. } => raw,
            Chance::Die => raw + 1,
            // Decided from its seed (`random_effect_drawn`), never here.
            Chance::EffectPick => return,
            Chance::DestinyPile { seat, .. } => {
                self.destiny_card_drawn(seat, usize::from(raw), events);
                return;
            }
        };
        let decided = ChanceResult { chance, result };
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.chances.push(decided);
        }
        events.push(Event::ChanceDecided { chance, result });
    }

    /// Asks for the next share of the joint draw under way; returns whether the duel waits
    /// for one. Seats that left the duel are passed over (their committed share, if any, no
    /// longer counts).
    pub(crate) fn await_joint_draw(&mut self, events: &mut Vec<Event>) -> bool {
        let table = self.state.table;
        let Some(draw) = self.state.joint_draw.as_mut() else {
            return false;
        };
        let mut i = 0;
        while i < draw.seats.len() {
            if table.in_play(draw.seats[i]) {
                i += 1;
                continue;
            }
            draw.seats.remove(i);
            if i < draw.commitments.len() {
                draw.commitments.remove(i);
            }
            if i < draw.shares.len() {
                draw.shares.remove(i);
            }
        }
        if let Some(seat) = draw.seats.get(draw.commitments.len()).copied() {
            self.state.awaiting = Awaiting::Answer {
                seat,
                asked: Asked::CommitShare,
            };
            return true;
        }
        if let Some(seat) = draw.seats.get(draw.shares.len()).copied() {
            self.state.awaiting = Awaiting::Answer {
                seat,
                asked: Asked::OpenShare,
            };
            return true;
        }
        let (chance, number) = (draw.chance, draw.number);
        if chance == Chance::EffectPick {
            let seed = joint_seed(&self.state.match_id, number, &draw.shares);
            self.state.joint_draw = None;
            self.random_effect_drawn(seed, events);
            return false;
        }
        let raw = unbiased_below(
            &self.state.match_id,
            number,
            &draw.shares,
            chance.outcomes(),
        );
        self.state.joint_draw = None;
        self.chance_decided(chance, raw, events);
        false
    }

    /// Applies a seat's commitment to, or opening of, its share.
    pub(crate) fn answer_share(&mut self, seat: Seat, answer: &Answer) -> Result<(), RuleError> {
        let asked = self.state.awaiting.asked().filter(|(s, _)| *s == seat);
        let match_id = self.state.match_id;
        let Some(draw) = self.state.joint_draw.as_mut() else {
            return Err(self.wrong_answer(seat, answer.kind()));
        };
        match (answer, asked) {
            (Answer::CommitShare { commitment }, Some((_, Asked::CommitShare))) => {
                draw.commitments.push(*commitment);
                Ok(())
            }
            (Answer::OpenShare { value, salt }, Some((_, Asked::OpenShare))) => {
                let index = draw.shares.len();
                let committed = draw.commitments.get(index).copied();
                if committed
                    != Some(ShareCommitment::new(
                        &match_id,
                        seat,
                        draw.number,
                        value,
                        salt,
                    ))
                {
                    return Err(RuleError::BadShare { seat });
                }
                draw.shares.push(*value);
                Ok(())
            }
            _ => Err(self.wrong_answer(seat, answer.kind())),
        }
    }

    /// The honest opening of `seat`'s share, from its knowledge.
    pub(crate) fn honest_share_opening(&self, seat: Seat, knowledge: &Knowledge) -> Option<Answer> {
        let draw = self.state.joint_draw.as_ref()?;
        let index = draw.seats.iter().position(|s| *s == seat)?;
        let commitment = draw.commitments.get(index)?;
        let (value, salt) = knowledge.share(commitment)?;
        Some(Answer::OpenShare {
            value: *value,
            salt: *salt,
        })
    }

    /// A fresh share for the joint draw under way, committed.
    pub(crate) fn fresh_share(
        &self,
        seat: Seat,
        entropy: &mut dyn crate::reshuffle::Entropy,
    ) -> Option<(Answer, crate::reshuffle::FreshSecrets)> {
        let draw = self.state.joint_draw.as_ref()?;
        let value = entropy.salt().0;
        let salt = entropy.salt();
        let commitment =
            ShareCommitment::new(&self.state.match_id, seat, draw.number, &value, &salt);
        Some((
            Answer::CommitShare { commitment },
            crate::reshuffle::FreshSecrets::Share {
                commitment,
                value,
                salt,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_comes_up_about_as_often_as_the_others() {
        let match_id = Digest32([3; 32]);
        for chance in [
            Chance::Coin {
                call: CoinSide::Heads,
            },
            Chance::Die,
        ] {
            let n = chance.outcomes();
            let draws = 12_000u32;
            let mut counts = vec![0u32; usize::from(n)];
            for i in 0..draws {
                let share = sha256_of(&("test share", i)).0;
                let result = unbiased_below(&match_id, (i % 7) as u16, &[share], n);
                counts[usize::from(result)] += 1;
            }
            let expected = draws / u32::from(n);
            for (result, count) in counts.iter().enumerate() {
                assert!(
                    count.abs_diff(expected) < expected / 10,
                    "{chance:?} result {result}: {count} of {draws}, expected about {expected}"
                );
            }
        }
    }

    #[test]
    fn a_share_of_one_draw_does_not_open_another() {
        let match_id = Digest32([3; 32]);
        let (value, salt) = ([1; 32], Salt([2; 32]));
        let first = ShareCommitment::new(&match_id, Seat(1), 0, &value, &salt);
        assert_ne!(
            first,
            ShareCommitment::new(&match_id, Seat(1), 1, &value, &salt)
        );
        assert_ne!(
            first,
            ShareCommitment::new(&match_id, Seat(0), 0, &value, &salt)
        );
    }
}
