//! Control changes: an effect that takes control of an enemy card until the end of the turn
//! (Change of Heart, Brain Control; Mega Thunderball and Laughing Flower, flipped face-up in
//! battle, take the monster they battle, and that battle is off). Its controller chooses
//! which card the effect reaches;
//! where the format follows Classic rule 15 ("If the control of a Monster is switched, the
//! Monster has to be moved to a unoccupied card zone adjacent to the new controller's Deck
//! Leader"), they also choose that zone, and at the end of the turn the owner chooses the
//! zone next to their own Deck Leader it comes back to. Only face-up monsters change hands:
//! a hidden card would have to be shown to the player taking it.

use crate::action::Action;
use crate::awaiting::{Awaiting, Decision};
use crate::card::{Area, Primitive, Targets};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::{Cell, cell_of};
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};
use crate::terrain::Terrain;

use super::effects::Resolved;

impl Duel {
    /// An effect taking control resolves: with a card to take and somewhere to put it, its
    /// controller chooses; otherwise it has no effect.
    pub(super) fn take_control_effect(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
    ) -> Resolved {
        if !self.can_take_control(effect, targets) {
            return Resolved::Done;
        }
        // Whatever else was under way (an attack) goes on once the card has changed hands.
        self.state.resume.hold_up(|then| Resume::TakeControl {
            effect: effect.clone(),
            then,
        });
        Resolved::Stopped
    }

    /// Whether the effect has a card to take and somewhere to put it.
    fn can_take_control(&self, effect: &QueuedEffect, targets: &Targets) -> bool {
        !self.takeable(effect, targets).is_empty()
            && !self
                .control_destinations(effect.controller, self.leaving_cell(effect))
                .is_some_and(|cells| cells.is_empty())
    }

    /// Whether one of the effects queued from `queued_from` on, just set off by a monster
    /// flipped face-up in battle, will take control of the monster it battles: that battle
    /// is then off (Mega Thunderball, Laughing Flower).
    pub(super) fn flip_takes_battle_opponent(&self, queued_from: usize) -> bool {
        self.state.queue.iter().skip(queued_from).any(|effect| {
            match self.effect_def(effect).map(|def| &def.primitive) {
                Some(Primitive::TakeControl { targets, .. })
                    if targets.area == Area::BattleOpponent =>
                {
                    self.can_take_control(effect, targets)
                }
                _ => false,
            }
        })
    }

    /// A control change waiting for its choice whose card or zones are gone meanwhile
    /// (another effect resolved first) has no effect.
    /// Returns whether one was dropped.
    pub(super) fn drop_stale_take_control(&mut self) -> bool {
        let Resume::TakeControl { effect, .. } = &self.state.resume else {
            return false;
        };
        let effect = effect.clone();
        let stale = !self.state.table.in_play(effect.controller)
            || match self.effect_def(&effect).map(|def| &def.primitive) {
                Some(Primitive::TakeControl { targets, .. }) => {
                    !self.can_take_control(&effect, targets)
                }
                _ => true,
            };
        if stale {
            self.state.resume.unwind_choice();
        }
        stale
    }

    /// The cell the card whose effect this is leaves as it resolves: a spell's, which goes
    /// to the graveyard; a monster stays where it is.
    fn leaving_cell(&self, effect: &QueuedEffect) -> Option<Cell> {
        let monster = self
            .rules
            .pool
            .get(effect.card)
            .is_some_and(|card| card.is_monster());
        if monster { None } else { spell_cell(effect) }
    }

    /// The cells of the cards the effect may take: face-up monsters it reaches that its
    /// controller does not control, while they have room for one more monster.
    fn takeable(&self, effect: &QueuedEffect, targets: &Targets) -> Vec<Cell> {
        let seat = effect.controller;
        self.select(targets, effect, false)
            .into_iter()
            .filter(|cell| {
                self.state.piece(*cell).is_some_and(|p| {
                    p.controller != seat && p.class == Class::Monster && p.face_up && !p.leader
                })
            })
            .filter(|cell| self.has_room_to_take(seat, *cell))
            .collect()
    }

    /// Where a monster coming under `seat`'s control may go: `None` where the format leaves
    /// it in place; otherwise the unused zones next to `seat`'s Deck Leader (not Labyrinth),
    /// counting `leaving`, the cell of the card whose effect this is, which it is leaving.
    pub(crate) fn control_destinations(
        &self,
        seat: Seat,
        leaving: Option<Cell>,
    ) -> Option<Vec<Cell>> {
        if !self.rules.format.play.control_change_to_leader {
            return None;
        }
        let leader = self.state.player(seat).leader;
        Some(
            self.grid()
                .neighbours(leader)
                .filter(|c| self.state.base_terrain(*c) != Terrain::Labyrinth)
                .filter(|c| self.state.piece(*c).is_none() || Some(*c) == leaving)
                .collect(),
        )
    }

    /// The control change waiting for `seat`, with its card's targets.
    fn pending_take_control(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(QueuedEffect, Targets), RuleError> {
        self.expect_decision(seat, action)?;
        let Resume::TakeControl { effect, .. } = &self.state.resume else {
            return Err(self.wrong_decision(seat, action));
        };
        match self.effect_def(effect).map(|def| &def.primitive) {
            Some(Primitive::TakeControl { targets, .. }) => Ok((effect.clone(), targets.clone())),
            _ => Err(RuleError::CannotTakeControl {
                why: "the effect resolving does not take control of cards",
            }),
        }
    }

    pub(super) fn do_take_control(
        &mut self,
        seat: Seat,
        target: Place,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, targets) = self.pending_take_control(seat, "take-control")?;
        let from = cell_of(target)?;
        let to = cell_of(to)?;
        if !self.takeable(&effect, &targets).contains(&from) {
            return Err(RuleError::CannotTakeControl {
                why: "that card is not one this effect reaches: a face-up enemy monster it \
                      names",
            });
        }
        match self.control_destinations(seat, self.leaving_cell(&effect)) {
            None if to != from => {
                return Err(RuleError::CannotTakeControl {
                    why: "in this format the monster stays where it is",
                });
            }
            Some(cells) if !cells.contains(&to) => {
                return Err(RuleError::CannotTakeControl {
                    why: "the monster moves to an unused zone next to your Deck Leader",
                });
            }
            _ => {}
        }
        let every = matches!(
            self.effect_def(&effect).map(|def| &def.primitive),
            Some(Primitive::TakeControl { every: true, .. })
        );
        if !every {
            self.state.resume.unwind_choice();
            // The effect has done its work: its spell leaves, perhaps for the monster's new
            // zone.
            self.finish_spell(&effect, events);
        }
        if !self.hand_over(from, to, seat, true, events) {
            return Err(RuleError::CannotTakeControl {
                why: "no card is there",
            });
        }
        if every {
            // A monster's effect on every card it reaches asks again while one is left.
            if self.can_take_control(&effect, &targets) {
                return Ok(());
            }
            self.state.resume.unwind_choice();
        }
        events.push(Event::EffectResolved { card: effect.card });
        Ok(())
    }

    /// The monster at `from` comes under `seat`'s control at `to` (`lent`: for the turn).
    /// Returns whether a card was there.
    pub(crate) fn hand_over(
        &mut self,
        from: Cell,
        to: Cell,
        seat: Seat,
        lent: bool,
        events: &mut Vec<Event>,
    ) -> bool {
        let Some(mut piece) = self.state.take(from) else {
            return false;
        };
        piece.controller = seat;
        piece.lent = lent;
        // Its turns in defence were its controller's: a new one starts with none.
        piece.turns_in_defence = None;
        let card = piece.card;
        self.state.put(to, piece);
        events.push(Event::ControlTaken {
            seat,
            card,
            from: from.into(),
            to: to.into(),
        });
        true
    }

    /// Sends a spell that resolved to the graveyard, if it was to go and is still there.
    pub(crate) fn finish_spell(&mut self, effect: &QueuedEffect, events: &mut Vec<Event>) {
        if let Some(at) = spell_cell(effect)
            && effect.discard_after
            && self
                .state
                .piece(at)
                .is_some_and(|p| p.card == Some(effect.card))
        {
            self.destroy(at, Some(effect.controller), events);
        }
    }

    /// Every card and zone the control change waiting for `seat` may take and use.
    pub(super) fn take_control_actions(&self, seat: Seat) -> Vec<Action> {
        let Ok((effect, targets)) = self.pending_take_control(seat, "take-control") else {
            return Vec::new();
        };
        let destinations = self.control_destinations(seat, self.leaving_cell(&effect));
        let mut actions = Vec::new();
        for from in self.takeable(&effect, &targets) {
            match &destinations {
                None => actions.push(Action::TakeControl {
                    target: from.into(),
                    to: from.into(),
                }),
                Some(cells) => actions.extend(cells.iter().map(|to| Action::TakeControl {
                    target: from.into(),
                    to: (*to).into(),
                })),
            }
        }
        actions
    }

    /// At the end of a player's turn, control of every card they took "for 1 turn" goes
    /// back to its owner: taken in their own turn, it comes back at its end; taken in
    /// another player's (a monster flipped face-up in battle), it serves its taker for their
    /// next turn first. Returns whether the duel now waits for an owner to choose the zone
    /// one comes back to.
    pub(super) fn return_lent_cards(&mut self, events: &mut Vec<Event>) -> bool {
        let ending = self.state.active;
        loop {
            let Some((cell, owner)) = self
                .state
                .pieces()
                .find(|(_, p)| p.lent && p.controller == ending)
                .map(|(cell, p)| (cell, p.owner))
            else {
                return false;
            };
            match self.control_destinations(owner, None) {
                Some(cells) if !cells.is_empty() => {
                    self.state.awaiting = Awaiting::Decision {
                        seat: owner,
                        decision: Decision::PlaceReturned { at: cell.into() },
                    };
                    return true;
                }
                // No unused zone next to the owner's Deck Leader (or a format that moves
                // nothing): the monster comes back where it stands.
                _ => self.give_back(cell, cell, events),
            }
        }
    }

    fn give_back(&mut self, from: Cell, to: Cell, events: &mut Vec<Event>) {
        let Some(mut piece) = self.state.take(from) else {
            return;
        };
        piece.controller = piece.owner;
        piece.lent = false;
        piece.turns_in_defence = None;
        let owner = piece.owner;
        self.state.put(to, piece);
        events.push(Event::ControlReturned {
            owner,
            from: from.into(),
            to: to.into(),
        });
    }

    pub(super) fn do_place_returned(
        &mut self,
        seat: Seat,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let at = match self.expect_decision(seat, "place-returned")? {
            Decision::PlaceReturned { at } => *at,
            _ => return Err(self.wrong_decision(seat, "place-returned")),
        };
        let from = cell_of(at)?;
        let to = cell_of(to)?;
        let fits = self
            .control_destinations(seat, None)
            .is_some_and(|cells| cells.contains(&to));
        if !fits {
            return Err(RuleError::CannotTakeControl {
                why: "the monster comes back to an unused zone next to your Deck Leader",
            });
        }
        self.give_back(from, to, events);
        Ok(())
    }

    /// Every zone the monster coming back to `seat` may go to.
    pub(super) fn place_returned_actions(&self, seat: Seat) -> Vec<Action> {
        self.control_destinations(seat, None)
            .unwrap_or_default()
            .into_iter()
            .map(|to| Action::PlaceReturned { to: to.into() })
            .collect()
    }
}

/// The cell of the card whose effect this is.
fn spell_cell(effect: &QueuedEffect) -> Option<Cell> {
    effect.at.and_then(Place::cell)
}
