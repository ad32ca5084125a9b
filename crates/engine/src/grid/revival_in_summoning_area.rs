//! Monsters that come back into a Summoning Area by an effect. A destroyed monster by its
//! own (Petit Angel, Chakra, Golgoil: "Revives in own Summoning Area, other than current
//! location"): it goes to its owner's graveyard as any destroyed card does, and its effect
//! then brings it back out onto an unused zone of its owner's Summoning Area other than the
//! one it left. Hourglass of Life's (`effects/revive_strongest.rs`): the strongest monsters
//! of every graveyard come back under its owner. Either way the player the monster comes
//! back to chooses the zone, and it comes back face-up in attack position as a new card,
//! with nothing it had before (its power-ups went to the graveyard with it), owned by whose
//! graveyard it left. With no zone, or no room for one more monster, it stays there. A spell
//! set from a graveyard (Magician of Faith, Mask of Darkness: `revival.rs`) takes its zone
//! the same way and lies there face-down, known to everyone.

use crate::action::Action;
use crate::card::CardId;
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

/// A graveyard card an effect brings back to a Summoning Area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ComingBack {
    /// Whose graveyard holds it (its owner).
    pub from: Seat,
    pub card_ref: CardRef,
    pub card: CardId,
}

impl Duel {
    /// The monster's "when destroyed" revival resolves: its owner chooses the zone, or,
    /// with none to choose or the monster gone from the graveyard, nothing happens.
    pub(super) fn revive_in_summoning_area(&mut self, effect: &QueuedEffect) -> Resolved {
        let Some((owner, card)) = self.destroyed_card_in_graveyard(effect) else {
            return Resolved::Done;
        };
        if self.revival_zones(owner, effect, card).is_empty() || !self.has_monster_room(owner) {
            return Resolved::Done;
        }
        self.wait_for_revival_zone(
            effect,
            owner,
            ComingBack {
                from: owner,
                card_ref: card,
                card: effect.card,
            },
        );
        Resolved::Stopped
    }

    /// `coming_back` waits for `owner`'s choice of a zone, holding up what is under way.
    pub(super) fn wait_for_revival_zone(
        &mut self,
        effect: &QueuedEffect,
        owner: Seat,
        coming_back: ComingBack,
    ) {
        self.state.resume.hold_up(|then| Resume::PlaceRevived {
            effect: effect.clone(),
            owner,
            from: coming_back.from,
            card: coming_back.card_ref,
            revived: coming_back.card,
            then,
        });
    }

    /// The graveyard copy of the destroyed card whose effect this is, with its owner (whose
    /// graveyard holds it, whoever controlled it). None once it has left the graveyard
    /// (removed from the game in battle): another copy is another card.
    pub(super) fn destroyed_card_in_graveyard(
        &self,
        effect: &QueuedEffect,
    ) -> Option<(Seat, CardRef)> {
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

    /// The zones of `owner`'s Summoning Area the monster `card_ref` may come back to:
    /// unused, and, for a monster coming back by its own effect, not the one it left.
    pub(super) fn revival_zones(
        &self,
        owner: Seat,
        effect: &QueuedEffect,
        card_ref: CardRef,
    ) -> Vec<Cell> {
        let left = effect
            .at
            .and_then(Place::cell)
            .filter(|_| effect.card_ref == Some(card_ref));
        self.free_summoning_zones(owner, left)
    }

    /// The revival waiting for `seat`'s choice of a zone.
    fn pending_place_revived(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(QueuedEffect, ComingBack), RuleError> {
        self.expect_decision(seat, action)?;
        match &self.state.resume {
            Resume::PlaceRevived {
                effect,
                owner,
                from,
                card,
                revived,
                ..
            } if *owner == seat => Ok((
                effect.clone(),
                ComingBack {
                    from: *from,
                    card_ref: *card,
                    card: *revived,
                },
            )),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    pub(super) fn do_place_revived(
        &mut self,
        seat: Seat,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, coming_back) = self.pending_place_revived(seat, "place-revived")?;
        let to = cell_of(to)?;
        if !self
            .revival_zones(seat, &effect, coming_back.card_ref)
            .contains(&to)
        {
            return Err(RuleError::CannotRevive {
                why: "the card comes back to an unused zone of your Summoning Area (a monster by \
                      its own effect: not the one it left)",
            });
        }
        let graveyard = &mut self.state.player_mut(coming_back.from).graveyard;
        let Some(index) = graveyard
            .iter()
            .position(|slot| slot.card_ref == coming_back.card_ref)
        else {
            return Err(RuleError::CannotRevive {
                why: "the monster is no longer in its graveyard",
            });
        };
        graveyard.remove(index);
        self.state.resume.unwind_choice();
        let turn = self.state.turn;
        let monster = self.is_monster_card(coming_back.card);
        let class = if monster {
            Class::Monster
        } else {
            Class::SpellTrap
        };
        self.state.put(
            to,
            Piece {
                card: Some(coming_back.card),
                face_up: monster,
                owner: coming_back.from,
                ..Piece::entering(seat, coming_back.card_ref, class, turn)
            },
        );
        events.push(Event::Revived {
            seat,
            card: coming_back.card,
            from: coming_back.from,
            at: to.into(),
        });
        events.push(Event::EffectResolved { card: effect.card });
        self.crush_check(to, events);
        Ok(())
    }

    /// Every zone the monster coming back to `seat` may take.
    pub(super) fn place_revived_actions(&self, seat: Seat) -> Vec<Action> {
        let Ok((effect, coming_back)) = self.pending_place_revived(seat, "place-revived") else {
            return Vec::new();
        };
        self.revival_zones(seat, &effect, coming_back.card_ref)
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
            from,
            card,
            revived,
            ..
        } = &self.state.resume
        else {
            return false;
        };
        let (effect, owner, from, card) = (effect.clone(), *owner, *from, *card);
        let monster = self.is_monster_card(*revived);
        let in_graveyard = self
            .state
            .player(from)
            .graveyard
            .iter()
            .any(|slot| slot.card_ref == card);
        let stale = !in_graveyard
            || self.revival_zones(owner, &effect, card).is_empty()
            || monster && !self.has_monster_room(owner)
            || !monster && !self.has_spell_trap_room(owner)
            || !self.state.table.in_play(owner);
        if stale {
            self.state.resume.unwind_choice();
        }
        stale
    }
}
