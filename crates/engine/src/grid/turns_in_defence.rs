//! Monsters that count the turns they survive face-up in defence position, once their
//! controller turned them face-up themselves (the original's "voluntarily turned face-up"):
//! Yamatano Dragon Scroll and Embryonic Beast transform, Larva and Pupa of Moth evolve,
//! Jigen Bakudan explodes. A count goes up as each of the controller's turns begins with
//! the monster face-up in defence, starts again from 0 when one begins with it in attack
//! position, and stops when it is turned face-down (docs/RULES.md, "Turns survived in
//! defence").

use crate::card::{CardDef, CardId, Primitive};
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::Piece;
use crate::seat::Seat;

impl Duel {
    /// At the start of `seat`'s turn: every count of theirs moves on.
    pub(super) fn count_turns_in_defence(&mut self, seat: Seat) {
        let counting: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(_, p)| p.controller == seat && p.turns_in_defence.is_some())
            .map(|(cell, _)| cell)
            .collect();
        for cell in counting {
            if let Some(piece) = self.state.piece_mut(cell) {
                piece.turns_in_defence = match (piece.face_up, piece.defence) {
                    (false, _) => None,
                    (true, false) => Some(0),
                    (true, true) => piece.turns_in_defence.map(|n| n.saturating_add(1)),
                };
            }
        }
    }

    /// Whether Jigen Bakudan's count at `piece` is reached (any other card: always), so
    /// that its start-of-turn effect is worth queueing.
    pub(super) fn detonation_ready(piece: &Piece, card: &CardDef) -> bool {
        card.effects.iter().all(|e| match e.primitive {
            Primitive::DetonateAfterTurns { turns } => {
                piece.turns_in_defence.is_some_and(|n| n >= turns)
            }
            _ => true,
        })
    }

    /// What the face-up monster `piece` (of card `card`) may evolve into now, by its turns
    /// in defence.
    pub(super) fn evolutions_due(&self, cell: Cell, piece: &Piece, card: &CardDef) -> Vec<CardId> {
        let Some(survived) = piece.turns_in_defence else {
            return Vec::new();
        };
        if !piece.face_up || !piece.defence || !self.lasting_effects_work(cell) {
            return Vec::new();
        }
        card.effects
            .iter()
            .filter_map(|e| match e.primitive {
                Primitive::EvolveAfterTurns { turns, into } if survived >= turns => Some(into),
                _ => None,
            })
            .collect()
    }

    /// Jigen Bakudan, at the start of a turn: once its count is reached, every card in the
    /// 3x3 square around it, itself included, is destroyed — Deck Leaders and cards immune
    /// to removal by effects aside.
    pub(super) fn detonate_after_turns(
        &mut self,
        at: Cell,
        card: CardId,
        turns: u8,
        controller: Seat,
        events: &mut Vec<Event>,
    ) {
        let ready = self.state.piece(at).is_some_and(|p| {
            p.card == Some(card)
                && p.face_up
                && p.defence
                && p.turns_in_defence.is_some_and(|n| n >= turns)
        });
        if !ready || !self.lasting_effects_work(at) {
            return;
        }
        let square: Vec<Cell> = self
            .grid()
            .cells()
            .filter(|c| c.row.abs_diff(at.row) <= 1 && c.col.abs_diff(at.col) <= 1)
            .filter(|c| {
                self.state
                    .piece(*c)
                    .is_some_and(|p| !p.leader && !self.immune_to_destruction(p))
            })
            .collect();
        for cell in square {
            if self.state.piece(cell).is_some() {
                self.destroy(cell, Some(controller), events);
            }
        }
    }
}
