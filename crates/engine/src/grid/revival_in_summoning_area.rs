//! Monsters that come back when destroyed (Petit Angel, Chakra, Golgoil: "Revives in own
//! Summoning Area, other than current location"). The monster goes to its owner's graveyard
//! as any destroyed card does; its effect then brings it back out, face-up in attack
//! position, onto an unused zone of its owner's Summoning Area other than the one it left,
//! the owner choosing which. With no such zone, or no room for one more monster, it stays
//! in the graveyard. It comes back as a new card: under its owner, with nothing it had
//! before (its power-ups went to the graveyard with it).

use crate::action::Action;
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::{Cell, cell_of};
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

use super::effects::Resolved;

impl Duel {
    /// The monster's "when destroyed" revival resolves: its owner chooses the zone, or,
    /// with none to choose or the monster gone from the graveyard, nothing happens.
    pub(super) fn revive_in_summoning_area(&mut self, effect: &QueuedEffect) -> Resolved {
        let Some((owner, card)) = self.destroyed_card_in_graveyard(effect) else {
            return Resolved::Done;
        };
        if self.revival_zones(owner, effect).is_empty() || !self.has_monster_room(owner) {
            return Resolved::Done;
        }
        self.state.resume.hold_up(|then| Resume::PlaceRevived {
            effect: effect.clone(),
            owner,
            card,
            then,
        });
        Resolved::Stopped
    }

    /// The graveyard copy of the destroyed card whose effect this is, with its owner (whose
    /// graveyard holds it, whoever controlled it). None once it has left the graveyard
    /// (removed from the game in battle): another copy is another card.
    fn destroyed_card_in_graveyard(&self, effect: &QueuedEffect) -> Option<(Seat, CardRef)> {
        let card_ref = effect.card_ref?;
        self.state.table.seats().find_map(|seat| {
            self.state
                .player(seat)
                .graveyard
                .iter()
                .any(|slot| slot.card_ref == card_ref && slot.card == Some(effect.card))
                .then_some((seat, card_ref))
        })
    }

    /// The zones of `owner`'s Summoning Area the monster may come back to: unused, and not
    /// the one it left.
    fn revival_zones(&self, owner: Seat, effect: &QueuedEffect) -> Vec<Cell> {
        self.free_summoning_zones(owner, effect.at.and_then(Place::cell))
    }

    /// The revival waiting for `seat`'s choice of a zone.
    fn pending_place_revived(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(QueuedEffect, CardRef), RuleError> {
        self.expect_decision(seat, action)?;
        match &self.state.resume {
            Resume::PlaceRevived {
                effect,
                owner,
                card,
                ..
            } if *owner == seat => Ok((effect.clone(), *card)),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    pub(super) fn do_place_revived(
        &mut self,
        seat: Seat,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, card_ref) = self.pending_place_revived(seat, "place-revived")?;
        let to = cell_of(to)?;
        if !self.revival_zones(seat, &effect).contains(&to) {
            return Err(RuleError::CannotRevive {
                why: "the monster comes back to an unused zone of your Summoning Area other \
                      than the one it left",
            });
        }
        let graveyard = &mut self.state.player_mut(seat).graveyard;
        let Some(index) = graveyard.iter().position(|slot| slot.card_ref == card_ref) else {
            return Err(RuleError::CannotRevive {
                why: "the monster is no longer in your graveyard",
            });
        };
        graveyard.remove(index);
        self.state.resume.unwind_choice();
        let turn = self.state.turn;
        self.state.put(
            to,
            Piece {
                card: Some(effect.card),
                face_up: true,
                ..Piece::entering(seat, card_ref, Class::Monster, turn)
            },
        );
        events.push(Event::Revived {
            seat,
            card: effect.card,
            from: seat,
            at: to.into(),
        });
        events.push(Event::EffectResolved { card: effect.card });
        self.crush_check(to, events);
        Ok(())
    }

    /// Every zone the monster coming back to `seat` may take.
    pub(super) fn place_revived_actions(&self, seat: Seat) -> Vec<Action> {
        let Ok((effect, _)) = self.pending_place_revived(seat, "place-revived") else {
            return Vec::new();
        };
        self.revival_zones(seat, &effect)
            .into_iter()
            .map(|to| Action::PlaceRevived { to: to.into() })
            .collect()
    }

    /// A revival waiting for its zone whose monster left the graveyard meanwhile, or that
    /// has no zone or room left (another effect resolved first), has no effect.
    /// Returns whether one was dropped.
    pub(super) fn drop_stale_revival(&mut self) -> bool {
        let Resume::PlaceRevived {
            effect,
            owner,
            card,
            ..
        } = &self.state.resume
        else {
            return false;
        };
        let (effect, owner, card) = (effect.clone(), *owner, *card);
        let in_graveyard = self
            .state
            .player(owner)
            .graveyard
            .iter()
            .any(|slot| slot.card_ref == card);
        let stale = !in_graveyard
            || self.revival_zones(owner, &effect).is_empty()
            || !self.has_monster_room(owner)
            || !self.state.table.in_play(owner);
        if stale {
            self.state.resume.unwind_choice();
        }
        stale
    }
}
