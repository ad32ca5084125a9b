//! Teleports: an effect moves a card to an unused zone of a Summoning Area (Leghul and
//! Ooguchi to their opponent's, Turtle Raccoon to its own player's; Horn Imp, Mystery Hand
//! and Bat send a Jigen Bakudan next to them to the opponent's). The effect's controller
//! chooses the card, where several are in reach, and the zone. Being teleported is not a
//! move of the card's own: no trap springs and nothing battles, though Crush terrain crushes
//! what lands on it. A monster that teleports itself when flipped face-up in battle cancels
//! that battle ("When this card is flipped face-up in battle, the battle is cancelled").

use crate::action::Action;
use crate::card::{Area, CardDef, Player, Primitive, Targets, Trigger};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::{Cell, cell_of};
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

use super::effects::Resolved;

impl Duel {
    /// A teleport resolves: with a card to move and a zone to move it to, its controller
    /// chooses; otherwise it has no effect.
    pub(super) fn teleport_effect(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        to: Player,
    ) -> Resolved {
        if self.teleportable(effect, targets).is_empty()
            || self.teleport_zones(effect, to).is_empty()
        {
            return Resolved::Done;
        }
        // Whatever else was under way (an attack, a spell) goes on once the card has moved.
        self.state.resume.hold_up(|then| Resume::Teleport {
            effect: effect.clone(),
            then,
        });
        Resolved::Stopped
    }

    /// The cells of the cards the teleport may move: those it reaches, never a Deck Leader;
    /// the card itself only while it is still where its effect began.
    fn teleportable(&self, effect: &QueuedEffect, targets: &Targets) -> Vec<Cell> {
        self.select(targets, effect, false)
            .into_iter()
            .filter(|cell| {
                self.state.piece(*cell).is_some_and(|p| {
                    !p.leader && (targets.area != Area::This || p.card == Some(effect.card))
                })
            })
            .collect()
    }

    /// The unused zones of the Summoning Area of the player `to` names.
    fn teleport_zones(&self, effect: &QueuedEffect, to: Player) -> Vec<Cell> {
        self.whose(to, effect)
            .map(|seat| self.free_summoning_zones(seat, None))
            .unwrap_or_default()
    }

    /// The teleport waiting for `seat`, with its targets and destination.
    fn pending_teleport(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(QueuedEffect, Targets, Player), RuleError> {
        self.expect_decision(seat, action)?;
        let Resume::Teleport { effect, .. } = &self.state.resume else {
            return Err(self.wrong_decision(seat, action));
        };
        match self.effect_def(effect).map(|def| &def.primitive) {
            Some(Primitive::Teleport { targets, to }) => Ok((effect.clone(), targets.clone(), *to)),
            _ => Err(RuleError::CannotTeleport {
                why: "the effect resolving does not teleport cards",
            }),
        }
    }

    pub(super) fn do_teleport(
        &mut self,
        seat: Seat,
        target: Place,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, targets, player) = self.pending_teleport(seat, "teleport")?;
        let from = cell_of(target)?;
        let to = cell_of(to)?;
        if !self.teleportable(&effect, &targets).contains(&from) {
            return Err(RuleError::CannotTeleport {
                why: "that card is not one this effect moves",
            });
        }
        if !self.teleport_zones(&effect, player).contains(&to) {
            return Err(RuleError::CannotTeleport {
                why: "the card goes to an unused zone of the Summoning Area the effect names",
            });
        }
        self.state.resume.unwind_choice();
        if let Some(piece) = self.state.take(from) {
            self.state.put(to, piece);
            events.push(Event::Moved {
                from: from.into(),
                to: to.into(),
            });
            self.crush_check(to, events);
        }
        events.push(Event::EffectResolved { card: effect.card });
        Ok(())
    }

    /// Every card and zone the teleport waiting for `seat` may move and use.
    pub(super) fn teleport_actions(&self, seat: Seat) -> Vec<Action> {
        let Ok((effect, targets, player)) = self.pending_teleport(seat, "teleport") else {
            return Vec::new();
        };
        let zones = self.teleport_zones(&effect, player);
        self.teleportable(&effect, &targets)
            .into_iter()
            .flat_map(|from| {
                zones.iter().map(move |to| Action::Teleport {
                    target: from.into(),
                    to: (*to).into(),
                })
            })
            .collect()
    }

    /// A teleport waiting for its choice whose card or zones are gone meanwhile (another
    /// effect resolved first) has no effect.
    /// Returns whether one was dropped.
    pub(super) fn drop_stale_teleport(&mut self) -> bool {
        let Resume::Teleport { effect, .. } = &self.state.resume else {
            return false;
        };
        let effect = effect.clone();
        let stale = !self.state.table.in_play(effect.controller)
            || match self.effect_def(&effect).map(|def| &def.primitive) {
                Some(Primitive::Teleport { targets, to }) => {
                    self.teleportable(&effect, targets).is_empty()
                        || self.teleport_zones(&effect, *to).is_empty()
                }
                _ => true,
            };
        if stale {
            self.state.resume.unwind_choice();
        }
        stale
    }
}

/// Whether `card`, flipped face-up in battle, teleports itself away and so cancels the
/// battle (Leghul, Ooguchi, Turtle Raccoon).
pub(super) fn cancels_battle_when_flipped(card: &CardDef) -> bool {
    card.effects.iter().any(|e| {
        e.trigger == Trigger::Flip
            && matches!(&e.primitive, Primitive::Teleport { targets, .. } if targets.area == Area::This)
    })
}
