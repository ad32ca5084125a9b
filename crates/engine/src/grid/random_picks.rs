//! Effects that pick at random: Barrel Dragon destroys one card other than its player's,
//! Fairy Meteor Crush ten cells of the board, Magical Labyrinth moves a Labyrinth cell onto
//! its own. No seat chooses the pick, the effect's controller least of all: every seat still
//! in the duel commits to a share and then opens it (`crate::chance`), and the picks are
//! drawn from the seed all the shares make. The candidates are worked out from the board when
//! the effect resolves and again when the seed is known: only the shares come in between (a
//! seat that leaves instead takes its cards off the board, as a departure always does). With
//! one candidate there is nothing to draw.

use crate::card::{Primitive, Targets};
use crate::chance::Chance;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::hash::{Digest32, sha256_of, unbiased_below};
use crate::place::Place;
use crate::state::{QueuedEffect, Resume};
use crate::terrain::Terrain;

use super::effects::Resolved;

/// Which of several candidates a random effect picks.
enum Candidates {
    /// Nothing to pick from: the effect does nothing.
    None,
    /// One candidate: it is picked without a draw.
    One(Cell),
    /// Several: a joint draw picks.
    Several,
}

impl Duel {
    /// A random effect resolves: with one candidate it acts at once; with several, every
    /// seat is asked for a share and it acts when the seed is known.
    pub(super) fn begin_random_effect(
        &mut self,
        effect: &QueuedEffect,
        events: &mut Vec<Event>,
    ) -> Resolved {
        match self.random_candidates(effect) {
            Candidates::None => Resolved::Done,
            Candidates::One(cell) => {
                self.apply_random_pick(effect, &[cell], events);
                Resolved::Done
            }
            Candidates::Several => {
                self.state.resume.hold_up(|then| Resume::RandomEffect {
                    effect: effect.clone(),
                    then,
                });
                // Set before the call: a referee decides the draw at once.
                self.call_chance(effect.controller, Chance::EffectPick, events);
                Resolved::Stopped
            }
        }
    }

    /// The joint draw of a random effect is done: it resolves with `seed`, and what was under
    /// way goes on.
    pub(crate) fn random_effect_drawn(&mut self, seed: Digest32, events: &mut Vec<Event>) {
        // Nothing waits for the seed any more (its player left the duel): whatever is under
        // way now stays as it is.
        if !matches!(self.state.resume, Resume::RandomEffect { .. }) {
            return;
        }
        let Resume::RandomEffect { effect, then } =
            std::mem::replace(&mut self.state.resume, Resume::Nothing)
        else {
            return;
        };
        self.state.resume = *then;
        if let Some(Primitive::WhimInBattle { .. }) =
            self.effect_def(&effect).map(|def| &def.primitive)
        {
            self.whims_drawn(&effect, seed, events);
            return;
        }
        let pool = self.random_pool(&effect);
        let wanted = match self.effect_def(&effect).map(|def| &def.primitive) {
            Some(Primitive::DestroyCellsAtRandom { cells }) => usize::from(*cells),
            _ => 1,
        };
        let picked = pick_distinct(seed, pool, wanted);
        self.apply_random_pick(&effect, &picked, events);
        events.push(Event::EffectResolved { card: effect.card });
        self.finish_spell(&effect, events);
    }

    /// Every cell the effect picks among, in board order.
    fn random_pool(&self, effect: &QueuedEffect) -> Vec<Cell> {
        match self.effect_def(effect).map(|def| &def.primitive) {
            Some(Primitive::DestroyOneAtRandom { targets }) => self.destroyable(effect, targets),
            Some(Primitive::DestroyCellsAtRandom { .. }) => self.state.all_cells().collect(),
            Some(Primitive::LabyrinthMovesHere) => {
                let here = effect.at.and_then(Place::cell);
                self.state
                    .all_cells()
                    .filter(|c| {
                        Some(*c) != here && self.state.base_terrain(*c) == Terrain::Labyrinth
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn random_candidates(&self, effect: &QueuedEffect) -> Candidates {
        let pool = self.random_pool(effect);
        let anything_to_destroy = match self.effect_def(effect).map(|def| &def.primitive) {
            // Its own zone does not count: the spell leaves it either way.
            Some(Primitive::DestroyCellsAtRandom { .. }) => pool.iter().any(|c| {
                Some(*c) != effect.at.and_then(Place::cell)
                    && self
                        .state
                        .piece(*c)
                        .is_some_and(|p| !p.leader && !self.immune_to_destruction(p))
            }),
            Some(Primitive::LabyrinthMovesHere) => effect.at.and_then(Place::cell).is_some(),
            _ => true,
        };
        match pool.as_slice() {
            _ if !anything_to_destroy => Candidates::None,
            [] => Candidates::None,
            [only] => Candidates::One(*only),
            _ => Candidates::Several,
        }
    }

    /// The cards `targets` reaches that can be destroyed: never a Deck Leader, nor a monster
    /// immune to removal by effects. Face-down cards count: destroying one needs no name.
    fn destroyable(&self, effect: &QueuedEffect, targets: &Targets) -> Vec<Cell> {
        self.select(targets, effect, true)
            .into_iter()
            .filter(|cell| {
                self.state
                    .piece(*cell)
                    .is_some_and(|p| !p.leader && !self.immune_to_destruction(p))
            })
            .collect()
    }

    fn apply_random_pick(
        &mut self,
        effect: &QueuedEffect,
        picked: &[Cell],
        events: &mut Vec<Event>,
    ) {
        match self.effect_def(effect).map(|def| def.primitive.clone()) {
            Some(Primitive::DestroyOneAtRandom { .. } | Primitive::DestroyCellsAtRandom { .. }) => {
                for cell in picked {
                    events.push(Event::PickedAtRandom {
                        card: effect.card,
                        at: (*cell).into(),
                    });
                    let destroyable = self
                        .state
                        .piece(*cell)
                        .is_some_and(|p| !p.leader && !self.immune_to_destruction(p));
                    if destroyable {
                        self.destroy(*cell, Some(effect.controller), events);
                    }
                }
            }
            Some(Primitive::LabyrinthMovesHere) => {
                let (Some(&from), Some(here)) = (picked.first(), effect.at.and_then(Place::cell))
                else {
                    return;
                };
                events.push(Event::PickedAtRandom {
                    card: effect.card,
                    at: from.into(),
                });
                self.set_base_terrain(from, Terrain::Normal, events);
                self.set_base_terrain(here, Terrain::Labyrinth, events);
            }
            _ => {}
        }
    }
}

/// `wanted` distinct cells of `pool`, drawn one after another from `seed` (all of them when
/// there are no more).
fn pick_distinct(seed: Digest32, mut pool: Vec<Cell>, wanted: usize) -> Vec<Cell> {
    let mut picked = Vec::new();
    for round in 0..wanted {
        if pool.is_empty() {
            break;
        }
        let n = u8::try_from(pool.len()).unwrap_or(u8::MAX);
        let index = unbiased_below(
            sha256_of(&("fairduel/random-pick/v1", &seed, round)),
            "fairduel/random-pick-stream/v1",
            n,
        );
        picked.push(pool.remove(usize::from(index)));
    }
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_cells_picked_are_ten_different_cells_of_the_board() {
        let pool: Vec<Cell> = (0..7)
            .flat_map(|row| (0..7).map(move |col| Cell::new(col, row)))
            .collect();
        for i in 0..200u32 {
            let picked = pick_distinct(sha256_of(&("seed", i)), pool.clone(), 10);
            assert_eq!(picked.len(), 10);
            let mut unique = picked.clone();
            unique.sort_by_key(|c| (c.row, c.col));
            unique.dedup();
            assert_eq!(unique.len(), 10, "a cell picked twice: {picked:?}");
            assert!(picked.iter().all(|c| pool.contains(c)));
        }
    }

    #[test]
    fn every_card_can_be_the_one_picked() {
        let pool: Vec<Cell> = (0..5).map(|col| Cell::new(col, 2)).collect();
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..200u32 {
            let picked = pick_distinct(sha256_of(&("seed", i)), pool.clone(), 1);
            seen.insert((picked[0].col, picked[0].row));
        }
        assert_eq!(seen.len(), 5);
    }

    #[test]
    fn fewer_candidates_than_wanted_picks_them_all() {
        let pool = vec![Cell::new(1, 1), Cell::new(2, 2)];
        let picked = pick_distinct(Digest32([9; 32]), pool, 10);
        assert_eq!(picked.len(), 2);
    }
}
