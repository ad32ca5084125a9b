//! Seeded self-play through the referee: the engine's broadest test and its benchmark.

use std::sync::Arc;

use crate::bot::{Bot, GreedyBot, RandomBot};
use crate::referee::{Referee, RefereeError};
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::Rules;
use fairduel_engine::state::{Outcome, Seat};

/// Which bots play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameReport {
    pub seed: u64,
    pub actions: u64,
    pub turns: u16,
    pub outcome: Outcome,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelfPlayError {
    #[error("game {seed}: {error}")]
    Referee { seed: u64, error: RefereeError },
    #[error("game {seed}: {seat} had no legal action while the duel waited for it")]
    NoLegalAction { seed: u64, seat: Seat },
    #[error("game {seed}: still running after {actions} actions")]
    Stuck { seed: u64, actions: u64 },
}

/// More actions than any finished game has needed; a game past it is stuck.
pub const MAX_ACTIONS: u64 = 50_000;

/// Plays one game between two bots of `kind`, seeded by `seed`.
pub fn play_game(
    rules: &Arc<Rules>,
    decks: [&DeckList; 2],
    seed: u64,
    kind: BotKind,
) -> Result<GameReport, SelfPlayError> {
    let wrap = |error| SelfPlayError::Referee { seed, error };
    let (mut referee, _) = Referee::new(Arc::clone(rules), decks, seed).map_err(wrap)?;
    let mut bots: [Box<dyn Bot>; 2] = match kind {
        BotKind::Random => [
            Box::new(RandomBot::new(seed ^ 0xA5A5)),
            Box::new(RandomBot::new(seed ^ 0x5A5A)),
        ],
        BotKind::Greedy => [
            Box::new(GreedyBot::new(seed ^ 0xA5A5)),
            Box::new(GreedyBot::new(seed ^ 0x5A5A)),
        ],
    };
    loop {
        if let Some(outcome) = referee.duel().state().outcome {
            return Ok(GameReport {
                seed,
                actions: referee.steps(),
                turns: referee.duel().state().turn,
                outcome,
            });
        }
        if referee.steps() >= MAX_ACTIONS {
            return Err(SelfPlayError::Stuck {
                seed,
                actions: referee.steps(),
            });
        }
        let Some(seat) = referee.duel().awaiting().seat() else {
            return Err(SelfPlayError::Stuck {
                seed,
                actions: referee.steps(),
            });
        };
        let duel = referee.seat_duel(seat);
        let knowledge = referee.knowledge(seat);
        let legal = duel.legal_actions(seat, knowledge);
        if legal.is_empty() {
            return Err(SelfPlayError::NoLegalAction { seed, seat });
        }
        let pick = bots[seat.index()].choose(duel, seat, knowledge, &legal);
        let action = legal[pick.min(legal.len() - 1)].clone();
        referee.submit(seat, &action).map_err(wrap)?;
    }
}
