//! Xyz Materials by agreement: detaching one (`Operation::Detach`), and the Rank-Up that
//! stacks a new Xyz Monster on top of one on the grid.
//!
//! DOR Classic's rules (FairDuel's 11 and 13): an equip attached beneath a monster "does not
//! count as an Xyz Material. An Xyz Monster cannot detach an Equip Spell Card"; materials
//! stand in adjacent zones "The only exception is when Ranking up an Xyz Monster in which
//! case the new monster is stacked on top."

use crate::card::{CardDef, ExtraDeckSummon};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::{Attached, Piece};
use crate::place::Place;

fn is_xyz(card: Option<&CardDef>) -> bool {
    card.and_then(CardDef::monster)
        .is_some_and(|m| m.extra_deck == Some(ExtraDeckSummon::Xyz))
}

impl Duel {
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
            });
        }
        materials
    }
}
