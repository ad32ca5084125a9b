//! Seeded self-play through the referee: the engine's broadest test and its benchmark.

use std::sync::Arc;

use fairduel_engine::action::Entry;
use fairduel_engine::agreement::Destination;
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::Rules;
use fairduel_engine::event::Event;
use fairduel_engine::seat::Seat;
use fairduel_engine::state::Outcome;

use crate::bot::{Bot, GreedyBot, RandomBot};
use crate::referee::{Referee, RefereeError};

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
    pub agreements: AgreementTally,
}

/// How the game's agreed effects went.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
pub struct AgreementTally {
    /// Outcomes proposed (an empty one, "no effect", is not a proposal anyone answers).
    pub proposed: u64,
    /// Outcomes every seat asked accepted, and the engine applied.
    pub accepted: u64,
    /// Outcomes a seat refused.
    pub refused: u64,
    /// Cards that resolved with no effect.
    pub without_effect: u64,
    /// Cards taken from a deck by a search.
    pub searched: u64,
    /// Draws that passed over the position of a card a search took.
    pub positions_passed: u64,
    /// Decks shuffled in the middle of the duel (after a search, or by an outcome).
    pub shuffled: u64,
    /// Coins tossed and dice rolled.
    pub chances: u64,
    /// Cards milled from the top of a deck to the graveyard.
    pub milled: u64,
    /// Cards placed on top of a deck or at its bottom.
    pub placed_in_deck: u64,
    /// Ritual Monsters summoned by their Ritual spells (the grid; counted here with the
    /// other card mechanics self-play reports).
    pub ritual_summons: u64,
    /// Fusion Monsters summoned by fusions (the grid).
    pub fusion_summons: u64,
    /// Monsters changed by their power-ups (the grid).
    pub transformations: u64,
    /// Cards brought back from a graveyard by a revival spell or by their own effect (the
    /// grid).
    pub revivals: u64,
    /// Monsters made from nothing, or turned into one, by an effect (the grid: Doron, Time
    /// Wizard …).
    pub made_from_nothing: u64,
    /// Cells an effect picked at random by a joint draw (the grid: Barrel Dragon, Fairy
    /// Meteor Crush, Magical Labyrinth).
    pub random_picks: u64,
    /// Cards whose control an effect changed (a defined control change on the grid, or an
    /// agreed outcome's `control` step in any family).
    pub controls_taken: u64,
    /// Cards set face-down with their class hidden (the bluff).
    pub class_hidden_sets: u64,
    /// Class-hidden cards whose class an owner declared to an effect (the bluff).
    pub classes_declared: u64,
    /// Duelist Setup swaps in the Setup Phase (the card game's field), and the Cardlist
    /// cards they took.
    pub starting_swaps: u64,
    /// Kingdom Duels: players who chose their side, and players who joined a Battle
    /// Royale later.
    pub sides_chosen: u64,
    pub joined_later: u64,
    pub cardlist_cards_taken: u64,
    /// Cards activated in response to another card, as a chain's second link or later.
    pub chain_responses: u64,
    /// Symbol cards played to a Rule Zone, and Symbol effects activated.
    pub symbols_played: u64,
    pub symbol_effects: u64,
    /// Kingdom Duels' Extra Deck monsters summoned by their mechanic (Fusion, Ritual, Alter,
    /// Integration), and Integration Summons declared.
    pub extra_deck_summons: u64,
    pub integrations_declared: u64,
    /// Kingdom Duels' Hidden Integration Summons, and those whose materials a judge found
    /// improper.
    pub hidden_integrations: u64,
    pub improper_materials: u64,
    /// The card game's Synchro, Xyz and Link Summons declared (a card database's cards).
    pub card_game_summons_declared: u64,
    /// The card game's Pendulum Summons, the monsters they brought, and Pendulum Monsters
    /// that went face-up to an Extra Deck instead of a graveyard.
    pub pendulum_summons: u64,
    pub pendulum_summoned: u64,
    pub to_face_up_extra_deck: u64,
    /// STRIKEs declared at a terrain marker.
    pub strikes: u64,
    /// Monsters turned face-down on the card game's field (Hidden by an effect, or again
    /// after a battle), and cards put on the field Hidden by an agreed outcome.
    pub hidden: u64,
    pub hidden_summons: u64,
    /// Kairu's Destiny Draws made.
    pub destiny_draws: u64,
    /// Quick spells activated from the hand in answer to a chain link (the card game's
    /// field with `field.quick_spells_from_hand`).
    pub hand_responses: u64,
    /// Face-down cards shown to a teammate alone (through the protocol only).
    pub shown_to_teammates: u64,
    /// Kingdom Duels' Normal Rule cards activated by their KEYWORD condition (the players'
    /// definitions give them).
    pub rule_cards: u64,
    /// Rule cards that went back to an Extra Deck.
    pub rule_cards_returned: u64,
    /// Cards detached by hand for their DETACH effects.
    pub detached: u64,
    /// Persist cards whose time ran out.
    pub persist_ended: u64,
    /// FLIP effects activated by themselves.
    pub flip_effects: u64,
    /// Continuous Traps flipped face-up before their Trigger was met.
    pub flipped_before_trigger: u64,
    /// Tokens brought onto the field, and Tokens removed from the game as they left it.
    pub tokens_created: u64,
    pub tokens_removed: u64,
    /// Triggered traps left Set for an Idle Warning, and the players who lost by it.
    pub triggered_traps_left: u64,
    pub lost_leaving_triggered: u64,
    /// Activated cards whose controller named the opponent they target, and those that
    /// targeted none (Domain Format's errata).
    pub opponents_targeted: u64,
    pub no_opponent_targeted: u64,
}

impl AgreementTally {
    /// Counts what `events` say about agreed effects.
    pub fn count(&mut self, events: &[Event]) {
        // A card played from the hand that becomes a chain's second link or later answered
        // the chain from the hand.
        let mut played_from_hand = false;
        for event in events {
            match event {
                Event::OutcomeProposed { operations, .. } if !operations.is_empty() => {
                    self.proposed += 1
                }
                Event::ResolvedByAgreement { .. } => self.accepted += 1,
                Event::OutcomeRefused { .. } => self.refused += 1,
                Event::ResolvedWithoutEffect { .. } => self.without_effect += 1,
                Event::SearchedDeck { card: Some(_), .. } => self.searched += 1,
                Event::PositionPassed { .. } => self.positions_passed += 1,
                Event::DeckShuffled { .. } => self.shuffled += 1,
                Event::ChanceDecided { .. } => self.chances += 1,
                Event::Milled { .. } => self.milled += 1,
                Event::CardMoved {
                    to: Destination::DeckTop | Destination::DeckBottom,
                    ..
                } => self.placed_in_deck += 1,
                Event::RitualSummoned { .. } => self.ritual_summons += 1,
                Event::FusionSummoned { .. } => self.fusion_summons += 1,
                Event::Transformed { .. } => self.transformations += 1,
                Event::Revived { .. } => self.revivals += 1,
                Event::MonsterMade { .. } | Event::TurnedInto { .. } => {
                    self.made_from_nothing += 1;
                }
                Event::PickedAtRandom { .. } => self.random_picks += 1,
                Event::ControlTaken { .. } => self.controls_taken += 1,
                Event::ClassHidden { .. } => self.class_hidden_sets += 1,
                Event::ClassesDeclared { count, .. } => self.classes_declared += u64::from(*count),
                Event::SideTaken { chosen: true, .. } => self.sides_chosen += 1,
                Event::JoinedDuel { .. } => self.joined_later += 1,
                Event::StartingCardsSwapped { taken, .. } => {
                    self.starting_swaps += 1;
                    self.cardlist_cards_taken += taken.len() as u64;
                }
                Event::Played { .. } => played_from_hand = true,
                Event::ChainLinkAdded { link, .. } if *link >= 2 => {
                    self.chain_responses += 1;
                    if played_from_hand {
                        self.hand_responses += 1;
                    }
                }
                Event::SymbolPlayed { .. } => self.symbols_played += 1,
                Event::SymbolUsed { .. } => self.symbol_effects += 1,
                Event::SummonedFromExtraDeck { .. } => self.extra_deck_summons += 1,
                Event::IntegrationSummonDeclared { .. } => self.integrations_declared += 1,
                Event::HiddenIntegrationSummoned { .. } => self.hidden_integrations += 1,
                Event::MaterialsJudged { proper: false, .. } => self.improper_materials += 1,
                Event::ExtraDeckSummonDeclared { .. } => self.card_game_summons_declared += 1,
                Event::PendulumSummoned { summoned, .. } => {
                    self.pendulum_summons += 1;
                    self.pendulum_summoned += summoned.len() as u64;
                }
                Event::ToFaceUpExtraDeck { .. } => self.to_face_up_extra_deck += 1,
                Event::Struck { .. } => self.strikes += 1,
                Event::TurnedFaceDown { .. } => self.hidden += 1,
                Event::CardMoved {
                    to: Destination::HiddenField { .. },
                    ..
                } => self.hidden_summons += 1,
                Event::DestinyDrew { .. } => self.destiny_draws += 1,
                Event::RuleCardActivated { .. } | Event::RuleCardActivatedByReliance { .. } => {
                    self.rule_cards += 1
                }
                Event::RuleCardReturned { .. } => self.rule_cards_returned += 1,
                Event::Detached { .. } => self.detached += 1,
                Event::PersistEnded { .. } => self.persist_ended += 1,
                Event::FlipEffectActivated { .. } => self.flip_effects += 1,
                Event::FlippedBeforeTrigger { .. } => self.flipped_before_trigger += 1,
                Event::TokenCreated { .. } => self.tokens_created += 1,
                Event::TokenRemoved { .. } => self.tokens_removed += 1,
                Event::OpponentTargeted { target, .. } => match target {
                    Some(_) => self.opponents_targeted += 1,
                    None => self.no_opponent_targeted += 1,
                },
                Event::TriggeredTrapLeft { warnings, .. } => {
                    self.triggered_traps_left += 1;
                    if warnings.is_none() {
                        self.lost_leaving_triggered += 1;
                    }
                }
                _ => {}
            }
        }
    }

    pub fn add(&mut self, other: &AgreementTally) {
        self.proposed += other.proposed;
        self.accepted += other.accepted;
        self.refused += other.refused;
        self.without_effect += other.without_effect;
        self.searched += other.searched;
        self.positions_passed += other.positions_passed;
        self.shuffled += other.shuffled;
        self.chances += other.chances;
        self.milled += other.milled;
        self.placed_in_deck += other.placed_in_deck;
        self.ritual_summons += other.ritual_summons;
        self.fusion_summons += other.fusion_summons;
        self.transformations += other.transformations;
        self.revivals += other.revivals;
        self.made_from_nothing += other.made_from_nothing;
        self.random_picks += other.random_picks;
        self.controls_taken += other.controls_taken;
        self.class_hidden_sets += other.class_hidden_sets;
        self.classes_declared += other.classes_declared;
        self.starting_swaps += other.starting_swaps;
        self.sides_chosen += other.sides_chosen;
        self.joined_later += other.joined_later;
        self.cardlist_cards_taken += other.cardlist_cards_taken;
        self.chain_responses += other.chain_responses;
        self.symbols_played += other.symbols_played;
        self.symbol_effects += other.symbol_effects;
        self.extra_deck_summons += other.extra_deck_summons;
        self.integrations_declared += other.integrations_declared;
        self.hidden_integrations += other.hidden_integrations;
        self.improper_materials += other.improper_materials;
        self.card_game_summons_declared += other.card_game_summons_declared;
        self.pendulum_summons += other.pendulum_summons;
        self.pendulum_summoned += other.pendulum_summoned;
        self.to_face_up_extra_deck += other.to_face_up_extra_deck;
        self.strikes += other.strikes;
        self.hidden += other.hidden;
        self.hidden_summons += other.hidden_summons;
        self.destiny_draws += other.destiny_draws;
        self.hand_responses += other.hand_responses;
        self.shown_to_teammates += other.shown_to_teammates;
        self.rule_cards += other.rule_cards;
        self.rule_cards_returned += other.rule_cards_returned;
        self.detached += other.detached;
        self.persist_ended += other.persist_ended;
        self.flip_effects += other.flip_effects;
        self.flipped_before_trigger += other.flipped_before_trigger;
        self.tokens_created += other.tokens_created;
        self.tokens_removed += other.tokens_removed;
        self.triggered_traps_left += other.triggered_traps_left;
        self.lost_leaving_triggered += other.lost_leaving_triggered;
        self.opponents_targeted += other.opponents_targeted;
        self.no_opponent_targeted += other.no_opponent_targeted;
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelfPlayError {
    #[error("game {seed}: {error}")]
    Referee { seed: u64, error: RefereeError },
    #[error("game {seed}: {seat} had no legal action while the duel waited for it")]
    NoLegalAction { seed: u64, seat: Seat },
    #[error("game {seed}: {seat} could not answer what the duel asked of it")]
    NoAnswer { seed: u64, seat: Seat },
    #[error("game {seed}: still running after {actions} actions")]
    Stuck { seed: u64, actions: u64 },
}

/// More actions than any finished game has needed; a game past it is stuck.
pub const MAX_ACTIONS: u64 = 50_000;

/// The seed of seat `seat`'s bot in game `seed`.
pub fn bot_seed(seed: u64, seat: Seat) -> u64 {
    match seat.0 {
        0 => seed ^ 0xA5A5,
        1 => seed ^ 0x5A5A,
        n => seed ^ (0xA5A5_0000 + u64::from(n)),
    }
}

/// One bot of `kind` per seat, seeded from the game's seed.
pub fn bots(kind: BotKind, seed: u64, players: usize) -> Vec<Box<dyn Bot>> {
    Seat::all(players)
        .map(|seat| -> Box<dyn Bot> {
            match kind {
                BotKind::Random => Box::new(RandomBot::new(bot_seed(seed, seat))),
                BotKind::Greedy => Box::new(GreedyBot::new(bot_seed(seed, seat))),
            }
        })
        .collect()
}

/// Which of `deck_count` starter decks each of `players` seats plays in game `seed`: two
/// different decks picked by the seed for two players (the pairing `fairduel selfplay` has
/// always used), and otherwise consecutive decks from one the seed picks.
pub fn deck_indices(seed: u64, deck_count: usize, players: usize) -> Vec<usize> {
    let n = deck_count.max(1) as u64;
    if players == 2 {
        let a = (seed % n) as usize;
        let b = ((seed / n + 1 + seed) % n) as usize;
        let b = if a == b {
            (b + 1) % deck_count.max(1)
        } else {
            b
        };
        return vec![a, b];
    }
    (0..players as u64)
        .map(|i| ((seed + i) % n) as usize)
        .collect()
}

/// Plays one game between bots of `kind`, seeded by `seed`; seat `i` plays `decks[i]`.
pub fn play_game(
    rules: &Arc<Rules>,
    decks: &[&DeckList],
    seed: u64,
    kind: BotKind,
) -> Result<GameReport, SelfPlayError> {
    let wrap = |error| SelfPlayError::Referee { seed, error };
    let (mut referee, _) = Referee::new(Arc::clone(rules), decks, seed).map_err(wrap)?;
    let mut bots = bots(kind, seed, decks.len());
    let mut agreements = AgreementTally::default();
    loop {
        if let Some(outcome) = referee.duel().state().outcome {
            return Ok(GameReport {
                seed,
                actions: referee.steps(),
                turns: referee.duel().state().turn,
                outcome,
                agreements,
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
        let entry = next_entry(&referee, seat, &mut bots, seed)?;
        let events = referee.submit(seat, &entry).map_err(wrap)?;
        agreements.count(&events);
    }
}

/// What `seat` writes next: its bot's choice among the legal decisions, or its honest
/// answer to what the duel asks of it.
pub fn next_entry(
    referee: &Referee,
    seat: Seat,
    bots: &mut [Box<dyn Bot>],
    seed: u64,
) -> Result<Entry, SelfPlayError> {
    let duel = referee.seat_duel(seat);
    let knowledge = referee.knowledge(seat);
    let Some(bot) = bots.get_mut(seat.index()) else {
        return Err(SelfPlayError::NoLegalAction { seed, seat });
    };
    if duel.awaiting().is_answer_of(seat) {
        let answer = duel
            .honest_answer(seat, knowledge)
            .ok_or(SelfPlayError::NoAnswer { seed, seat })?;
        bot.on_answer();
        return Ok(Entry::Answer(answer));
    }
    let mut legal = duel.legal_actions(seat, knowledge);
    if legal.is_empty() {
        return Err(SelfPlayError::NoLegalAction { seed, seat });
    }
    let pick = bot.choose(duel, seat, knowledge, &legal);
    Ok(Entry::Action(legal.swap_remove(pick.min(legal.len() - 1))))
}
