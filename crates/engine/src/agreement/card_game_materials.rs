//! The card game's Synchro, Xyz and Link Summons: what each mechanic asks of its materials,
//! checked from the cards' facts (Levels, Ranks, Link Ratings, Tuners). What a card's text
//! asks beyond its mechanic ("1 Tuner + 1+ non-Tuner WIND monsters", "2 Level 4 monsters")
//! is for the other players to judge, as every effect is.
//!
//! - **Synchro**: exactly one Tuner, and the materials' Levels add up to the Synchro
//!   Monster's Level; the materials go to the graveyard.
//! - **Xyz**: two or more monsters whose Level is the Xyz Monster's Rank; they are attached
//!   beneath it as its Xyz Materials.
//! - **Link**: as many materials as the Link Rating, a Link Monster material counting as 1
//!   or as its own Link Rating; the materials go to the graveyard.
//!
//! An Xyz or Link Monster has a Rank or a Link Rating, not a Level: it is no Synchro or Xyz
//! Material.

use crate::agreement::extra_deck_summon::SummonMethod;
use crate::card::{CardDef, CardId, ExtraDeckSummon};
use crate::domain::CardTypes;
use crate::duel::Duel;
use crate::place::Place;
use crate::seat::Seat;

/// Whether `card` is a Tuner (a card database's type line says so).
fn is_tuner(card: &CardDef) -> bool {
    card.database
        .as_ref()
        .is_some_and(|d| d.types & CardTypes::TUNER != 0)
}

/// The Level `card` has, if it has one (an Xyz Monster's Rank and a Link Monster's Link
/// Rating are none).
fn level_of(card: &CardDef) -> Option<u8> {
    match card.monster()?.extra_deck {
        Some(ExtraDeckSummon::Xyz | ExtraDeckSummon::Link) => None,
        _ => Some(card.level()),
    }
}

/// The Link Ratings a set of materials can count for: each counts 1, and a Link Monster may
/// count its own Link Rating instead.
fn link_counts(materials: &[&CardDef]) -> Vec<bool> {
    // `reachable[n]`: the materials can count for n.
    let most: usize = materials
        .iter()
        .map(|c| usize::from(link_rating(c).unwrap_or(1).max(1)))
        .sum();
    let mut reachable = vec![false; most + 1];
    reachable[0] = true;
    for card in materials {
        let mut next = vec![false; most + 1];
        for (n, _) in reachable.iter().enumerate().filter(|(_, r)| **r) {
            let mut counts = vec![1];
            if let Some(rating) = link_rating(card) {
                counts.push(usize::from(rating));
            }
            for count in counts {
                if let Some(slot) = next.get_mut(n + count) {
                    *slot = true;
                }
            }
        }
        reachable = next;
    }
    reachable
}

fn link_rating(card: &CardDef) -> Option<u8> {
    match card.monster()?.extra_deck {
        Some(ExtraDeckSummon::Link) => Some(card.level()),
        _ => None,
    }
}

/// The most materials a search for a summon's materials tries together.
const MOST_MATERIALS_TRIED: usize = 5;

impl Duel {
    /// A declared Synchro, Xyz or Link Summon resolves as that summon and nothing else: its
    /// outcome is one `extra-deck-summon` step of the monster declared (or none, when its
    /// player gives it up).
    pub(super) fn check_declared_summon_outcome(
        &self,
        operations: &[crate::agreement::Operation],
    ) -> Result<(), crate::error::RuleError> {
        let Some(agreement) = self.state.agreement.as_ref() else {
            return Ok(());
        };
        if !self.agreeing_on_declared_summon() {
            return Ok(());
        }
        match operations {
            [crate::agreement::Operation::ExtraDeckSummon { card_ref, .. }]
                if *card_ref == agreement.card_ref =>
            {
                Ok(())
            }
            _ => Err(crate::error::RuleError::BadOutcome {
                index: 0,
                why: "a declared summon's outcome is that summon: one extra-deck-summon step of \
                      the monster declared, or no step to give it up"
                    .into(),
            }),
        }
    }

    /// Whether the players are agreeing on a declared Synchro, Xyz or Link Summon.
    pub(crate) fn agreeing_on_declared_summon(&self) -> bool {
        self.state.agreement.as_ref().is_some_and(|agreement| {
            matches!(
                agreement.at,
                Place::Zone {
                    zone: crate::place::Zone::ExtraDeck,
                    ..
                }
            ) && self
                .summon_method(agreement.card)
                .is_some_and(SummonMethod::is_declared_by_the_card_game)
        })
    }

    /// Materials for a Synchro, Xyz or Link Summon of `card` by `seat` that its mechanic
    /// accepts: the first set of `seat`'s face-up monsters on the field (up to five at a
    /// time) that passes, fewest first; `None` when there is none. On the grid, the
    /// materials also stand together and leave a zone the monster may take.
    pub(crate) fn card_game_materials_for(
        &self,
        seat: Seat,
        method: SummonMethod,
        card: CardId,
    ) -> Option<Vec<Place>> {
        if self.rules.format.family == crate::format::Family::Grid {
            return self
                .grid_card_game_materials_for(seat, method, card)
                .map(|(materials, _)| materials);
        }
        let face_up: Vec<Place> = self
            .monsters_of(seat)
            .filter(|(_, piece)| piece.face_up && self.controls(seat, piece))
            .map(|(at, _)| at)
            .take(MOST_MATERIALS_TRIED)
            .collect();
        let fewest = if method == SummonMethod::Link { 1 } else { 2 };
        let mut sets: Vec<Vec<Place>> = (1u32..(1 << face_up.len()))
            .map(|mask| {
                face_up
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) != 0)
                    .map(|(_, at)| *at)
                    .collect::<Vec<Place>>()
            })
            .filter(|set| set.len() >= fewest)
            .collect();
        sets.sort_by_key(Vec::len);
        sets.into_iter()
            .find(|set| self.check_card_game_materials(method, card, set).is_ok())
    }

    /// What a Synchro, Xyz or Link Summon of `summoned` asks of the materials at
    /// `materials` (face-up monsters on the field, checked before); nothing for any other
    /// mechanic.
    pub(crate) fn check_card_game_materials(
        &self,
        method: SummonMethod,
        summoned: CardId,
        materials: &[Place],
    ) -> Result<(), String> {
        if !method.is_declared_by_the_card_game() {
            return Ok(());
        }
        let target = self.rules.card(summoned).map_err(|e| e.to_string())?;
        let (name, wanted) = (target.name.as_str(), target.level());
        let mut cards = Vec::with_capacity(materials.len());
        for at in materials {
            let piece = self
                .piece_at(*at)
                .ok_or_else(|| format!("there is no card at {at}"))?;
            let card = piece
                .card
                .filter(|_| piece.face_up)
                .and_then(|id| self.rules.pool.get(id))
                .ok_or_else(|| {
                    format!(
                        "the monster at {at} is face-down: a {} Summon takes face-up monsters",
                        method.label()
                    )
                })?;
            cards.push(card);
        }
        match method {
            SummonMethod::Synchro => {
                let tuners = cards.iter().filter(|c| is_tuner(c)).count();
                if tuners != 1 {
                    return Err(format!(
                        "a Synchro Summon takes exactly one Tuner, and {tuners} of the \
                         materials are Tuners"
                    ));
                }
                let mut levels = 0u32;
                for card in &cards {
                    let level = level_of(card).ok_or_else(|| {
                        format!("{} has no Level: it is no Synchro Material", card.name)
                    })?;
                    levels += u32::from(level);
                }
                if levels != u32::from(wanted) {
                    return Err(format!(
                        "the materials' Levels add up to {levels}, and {name} is Level {wanted}"
                    ));
                }
            }
            SummonMethod::Xyz => {
                if let Some(card) = cards.iter().find(|c| level_of(c) != Some(wanted)) {
                    return Err(format!(
                        "{name} is Rank {wanted}: its materials are Level {wanted} monsters, \
                         and {} is not one",
                        card.name
                    ));
                }
            }
            SummonMethod::Link => {
                let reachable = link_counts(&cards);
                if !reachable.get(usize::from(wanted)).is_some_and(|r| *r) {
                    return Err(format!(
                        "{name} is Link-{wanted}: {} materials cannot count for {wanted} (a \
                         Link Monster material counts 1 or its Link Rating)",
                        cards.len()
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }
}
