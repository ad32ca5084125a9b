//! Cards beneath a monster by agreement: attaching one (`Operation::Attach`), detaching one
//! (`Operation::Detach`), and the Rank-Up that stacks a new Xyz Monster on top of one on the
//! grid.
//!
//! Kingdom Duels: "Attached cards must be placed beneath their targeted card", "To Attach a
//! card you need an effect that allows you to do so", "If you attach a card, you also attach
//! any card already attached to that card", "You can't equip or attach cards to a monster
//! that is already Hidden", "Tokens can't be attached to other cards". DOR Classic's rules
//! (FairDuel's 11 and 13): an equip attached beneath a monster "does not count as an Xyz
//! Material. An Xyz Monster cannot detach an Equip Spell Card"; materials stand in adjacent
//! zones "The only exception is when Ranking up an Xyz Monster in which case the new monster
//! is stacked on top."

use crate::card::{CardDef, ExtraDeckSummon};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::{Attached, Class, Piece};
use crate::place::Place;

use super::operations::Run;

fn is_xyz(card: Option<&CardDef>) -> bool {
    card.and_then(CardDef::monster)
        .is_some_and(|m| m.extra_deck == Some(ExtraDeckSummon::Xyz))
}

impl Duel {
    /// Takes the card at `from` (a zone or cell of the board, or a slot of a hand, a
    /// graveyard or the banished cards) and attaches it beneath the face-up monster at `to`,
    /// with every card already beneath it. On the grid only a monster goes beneath an Xyz
    /// Monster, as its Xyz Material.
    pub(super) fn run_attach(
        &mut self,
        index: usize,
        from: Place,
        to: Place,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        if from == to {
            return Err(bad(format!(
                "the card at {to} is not attached beneath itself"
            )));
        }
        let target = self
            .piece_at(to)
            .ok_or_else(|| bad(format!("there is no card at {to}")))?;
        if !target.face_up {
            return Err(bad(format!(
                "the card at {to} is face-down: nothing is attached to a Hidden or face-down \
                 monster"
            )));
        }
        let target_card = target.card.and_then(|id| self.rules.pool.get(id));
        let on_grid = to.cell().is_some();
        if target.leader || target.class != Class::Monster {
            return Err(bad(format!(
                "the card at {to} is no monster to attach a card to"
            )));
        }
        if on_grid && !is_xyz(target_card) {
            return Err(bad(format!(
                "the monster at {to} is no Xyz Monster: on the grid a card goes beneath a \
                 monster only as an Xyz Material (an equip is equipped)"
            )));
        }
        let lifted = self.lift(index, from)?;
        if self.is_token(lifted.card) {
            return Err(bad("Tokens can't be attached to other cards".into()));
        }
        if on_grid
            && lifted
                .card
                .and_then(|id| self.rules.pool.get(id))
                .is_some_and(|c| !c.is_monster())
        {
            return Err(bad(format!(
                "only a monster becomes an Xyz Material: the card at {from} is not one"
            )));
        }
        let Some(card) = lifted.card else {
            // A hidden card (in a hand, face-down) is shown as it is attached.
            let commitment = self.state.commitment(lifted.card_ref);
            return run.show_hidden(lifted.owner, commitment, from).map_err(bad);
        };
        let on_field = matches!(from, Place::Cell(_))
            || matches!(from, Place::Zone { zone, .. } if zone.is_on_field());
        if on_field {
            // Its equips are destroyed as it leaves the field; its attached cards come along.
            self.card_left_field(lifted.card_ref, events);
        }
        let mut beneath = vec![Attached {
            owner: lifted.owner,
            card_ref: lifted.card_ref,
            card,
            reversed: false,
        }];
        beneath.extend(lifted.attached);
        if let Some(piece) = self.piece_at_mut(to) {
            piece.attached.extend(beneath);
        }
        events.push(Event::AttachedBeneath { at: to, card });
        Ok(())
    }

    /// Sends the `slot`th card beneath the face-up card at `at` to its owner's graveyard. On
    /// the grid only an Xyz Monster's materials are detached — the monster cards beneath it
    /// — never an equip spell lying there too; on the card game's field every attached card
    /// is a material.
    pub(super) fn run_detach(
        &mut self,
        index: usize,
        at: Place,
        slot: u8,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let piece = self
            .piece_at(at)
            .ok_or_else(|| bad(format!("there is no card at {at}")))?;
        if !piece.face_up {
            return Err(bad(format!(
                "the card at {at} is face-down: materials are detached from a face-up monster"
            )));
        }
        let Some(attached) = piece.attached.get(usize::from(slot)).copied() else {
            return Err(bad(format!(
                "{} card(s) lie beneath the card at {at}: there is no card {slot} (counted \
                 from 0)",
                piece.attached.len()
            )));
        };
        if at.cell().is_some() {
            let holder = piece.card.and_then(|id| self.rules.pool.get(id));
            if !is_xyz(holder) {
                return Err(bad(format!(
                    "the card at {at} is no Xyz Monster: on the grid the cards beneath a \
                     monster are its equips, which are not detached"
                )));
            }
            if !self
                .rules
                .pool
                .get(attached.card)
                .is_some_and(CardDef::is_monster)
            {
                return Err(bad(format!(
                    "{} beneath {at} is an equip, not an Xyz Material: an Xyz Monster \
                     cannot detach an Equip Spell Card",
                    self.rules.card(attached.card)?.name
                )));
            }
        }
        let controller = piece.controller;
        if let Some(piece) = self.piece_at_mut(at) {
            piece.attached.remove(usize::from(slot));
        }
        let graveyard = if at.cell().is_some() {
            attached.owner
        } else {
            self.side_of(attached.owner)
        };
        self.state
            .player_mut(graveyard)
            .graveyard
            .push(attached.to_graveyard());
        events.push(Event::Detached {
            seat: controller,
            at,
            card: attached.card,
        });
        Ok(())
    }

    /// Whether `card`, coming out of its owner's Extra Deck onto `cell`, is a Rank-Up: an
    /// Xyz Monster put on top of a face-up Xyz Monster `owner` controls there.
    pub(super) fn ranks_up(
        &self,
        owner: crate::seat::Seat,
        card: Option<CardDef>,
        cell: Cell,
    ) -> bool {
        is_xyz(card.as_ref())
            && self.state.piece(cell).is_some_and(|p| {
                p.controller == owner
                    && p.face_up
                    && !p.leader
                    && is_xyz(p.card.and_then(|id| self.rules.pool.get(id)))
            })
    }

    /// Takes the Xyz Monster at `cell` off the board for a Rank-Up: it and its materials
    /// become the new monster's materials, in that order under it (its materials first);
    /// its equips go to their owners' graveyards, as they are no Xyz Materials.
    pub(super) fn stack_for_rank_up(
        &mut self,
        cell: Cell,
        events: &mut Vec<Event>,
    ) -> Vec<Attached> {
        let Some(old) = self.state.take(cell) else {
            return Vec::new();
        };
        let Piece {
            owner,
            card_ref,
            card,
            attached,
            ..
        } = old;
        let mut materials = Vec::with_capacity(attached.len() + 1);
        for beneath in attached {
            if self
                .rules
                .pool
                .get(beneath.card)
                .is_some_and(CardDef::is_monster)
            {
                materials.push(beneath);
            } else {
                self.state
                    .player_mut(beneath.owner)
                    .graveyard
                    .push(beneath.to_graveyard());
                events.push(Event::Destroyed {
                    owner: beneath.owner,
                    card: Some(beneath.card),
                    at: cell.into(),
                });
            }
        }
        if let Some(card) = card {
            materials.push(Attached {
                owner,
                card_ref,
                card,
                reversed: false,
            });
        }
        materials
    }
}
