//! Monsters made from nothing: Doron's and Kageningen's second selves, Spirit of the Books'
//! Boo Koo, Toad Master's Frog The Jam, the moths that come back as other moths
//! (`Primitive::MakeMonster`), and Time Wizard's Thousand Dragons (`Primitive::TurnInto`).
//!
//! The original game conjures the card; a committed deck cannot, so the made monster enters
//! the duel's table under a public commitment every peer computes (its card and an all-zero
//! salt, as a Token's: `Commitment::of_token`), and everyone knows it wherever it lies, even
//! face-down. On the field and in the graveyard it is a card like any other (a revival may
//! bring it back). A hidden hand or deck cannot hold a card every player knows, nor a card
//! that no deck list names, so where it would go to one it is removed from the game instead
//! (docs/RULES.md, "Monsters made from nothing").

use crate::action::Action;
use crate::card::{CardId, Targets};
use crate::commitment::{CardRef, Commitment, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::{Cell, cell_of};
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece, Retyped};
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

use super::effects::Resolved;

impl Duel {
    /// `Primitive::MakeMonster` resolves: its controller chooses the zone, or, with no zone
    /// or no room for one more monster, nothing happens.
    pub(super) fn make_monster(
        &mut self,
        effect: &QueuedEffect,
        made: CardId,
        face_down: bool,
    ) -> Resolved {
        if !self.may_make_monster(effect) {
            return Resolved::Done;
        }
        self.state.resume.hold_up(|then| Resume::PlaceMade {
            effect: effect.clone(),
            made,
            face_down,
            then,
        });
        Resolved::Stopped
    }

    /// Whether the effect's controller is still in the duel with an unused zone to fill,
    /// room for one more monster, and room in the table of cards for one more.
    fn may_make_monster(&self, effect: &QueuedEffect) -> bool {
        let seat = effect.controller;
        self.state.table.in_play(seat)
            && self.state.commitments.len() < usize::from(u16::MAX)
            && self.has_monster_room(seat)
            && !self.made_monster_zones(effect).is_empty()
    }

    /// The unused zones of the effect's controller's Summoning Area other than the cell its
    /// card stands on or left ("other than current location").
    fn made_monster_zones(&self, effect: &QueuedEffect) -> Vec<Cell> {
        self.free_summoning_zones(effect.controller, effect.at.and_then(Place::cell))
    }

    /// The made monster waiting for `seat`'s choice of a zone.
    fn pending_place_made(&self, seat: Seat) -> Result<(QueuedEffect, CardId, bool), RuleError> {
        self.expect_decision(seat, "place-made")?;
        match &self.state.resume {
            Resume::PlaceMade {
                effect,
                made,
                face_down,
                ..
            } if effect.controller == seat => Ok((effect.clone(), *made, *face_down)),
            _ => Err(self.wrong_decision(seat, "place-made")),
        }
    }

    pub(super) fn do_place_made(
        &mut self,
        seat: Seat,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, made, face_down) = self.pending_place_made(seat)?;
        let to = cell_of(to)?;
        if !self.made_monster_zones(&effect).contains(&to) {
            return Err(RuleError::CannotPlaceMade {
                why: "it takes an unused zone of your Summoning Area other than the cell of the \
                      card that makes it",
            });
        }
        let card_ref =
            self.add_public_commitment(seat, made)
                .map_err(|_| RuleError::CannotPlaceMade {
                    why: "this duel's table of cards is full",
                })?;
        self.state.resume.unwind_choice();
        let turn = self.state.turn;
        self.state.put(
            to,
            Piece {
                card: Some(made),
                face_up: !face_down,
                defence: face_down,
                ..Piece::entering(seat, card_ref, Class::Monster, turn)
            },
        );
        events.push(Event::MonsterMade {
            seat,
            at: to.into(),
            card: made,
            by: effect.card,
            face_up: !face_down,
        });
        events.push(Event::EffectResolved { card: effect.card });
        // Known to everyone even face-down, it meets Crush terrain at once.
        self.crush_check(to, events);
        Ok(())
    }

    /// Every zone the made monster waiting for `seat` may take.
    pub(super) fn place_made_actions(&self, seat: Seat) -> Vec<Action> {
        let Ok((effect, _, _)) = self.pending_place_made(seat) else {
            return Vec::new();
        };
        self.made_monster_zones(&effect)
            .into_iter()
            .map(|to| Action::PlaceMade { to: to.into() })
            .collect()
    }

    /// A made monster waiting for a zone when none is left, or no room for one more monster
    /// (another effect resolved first), or its player left the duel, is not made. Returns
    /// whether one was dropped.
    pub(super) fn drop_stale_made_monster(&mut self) -> bool {
        let Resume::PlaceMade { effect, .. } = &self.state.resume else {
            return false;
        };
        let stale = !self.may_make_monster(effect);
        if stale {
            self.state.resume.unwind_choice();
        }
        stale
    }

    /// `Primitive::TurnInto` resolves: every face-up monster its targets reach becomes
    /// `into` where it stands, keeping all it has on the field but its card (battle
    /// position, controller, power-ups, changes to its ATK and DEF, spellbinding, what it did
    /// this turn); a type or attribute changed on the old card and its count of turns in
    /// defence go with it. A Deck Leader never changes, nor a monster immune to removal by
    /// effects.
    pub(super) fn turn_into(
        &mut self,
        effect: &QueuedEffect,
        targets: &Targets,
        into: CardId,
        events: &mut Vec<Event>,
    ) -> Resolved {
        for cell in self.select(targets, effect, false) {
            let Some(piece) = self.state.piece(cell) else {
                continue;
            };
            let Some(from) = piece.card.filter(|id| *id != into) else {
                continue;
            };
            if piece.leader || !piece.face_up || self.immune_to_destruction(piece) {
                continue;
            }
            let Ok(card_ref) = self.add_public_commitment(piece.owner, into) else {
                // The table is full: no more cards from outside a deck can be made.
                break;
            };
            let Some(old) = self.state.take(cell) else {
                continue;
            };
            self.send_to_graveyard(old.owner, old.card_ref, old.card);
            self.state.put(
                cell,
                Piece {
                    card: Some(into),
                    card_ref,
                    turns_in_defence: None,
                    retyped: Retyped::NONE,
                    ..old
                },
            );
            events.push(Event::TurnedInto {
                at: cell.into(),
                from,
                into,
                by: effect.card,
            });
            self.crush_check(cell, events);
        }
        Resolved::Done
    }

    /// Whether `owner`'s `card_ref` is a card made from nothing (or a Token): its commitment
    /// opens publicly to `card`. A deck card its owner committed with an all-zero salt would
    /// pass too; that only shows the card to everyone and takes it out of that owner's game
    /// where it would go back to their hand or deck.
    pub(crate) fn is_made(&self, owner: Seat, card_ref: CardRef, card: Option<CardId>) -> bool {
        card.is_some_and(|card| {
            self.state.commitment(card_ref)
                == Commitment::of_token(&self.state.match_id, owner, card)
        })
    }

    /// What `piece`'s controller shows to turn it face-up (or activate it) when everyone
    /// knows the card already (made from nothing, or set face-down from a graveyard): the
    /// card with no secret, since the controller may hold none (`Duel::check_piece_reveal`).
    pub fn known_card_reveal(&self, piece: &Piece) -> Option<Reveal> {
        piece.card.map(Commitment::token_opening)
    }

    /// What `seat` shows to turn `piece` face-up (or activate it): its opening, where `seat`
    /// holds it, else the known card's (`Duel::known_card_reveal`).
    pub(super) fn reveal_to_show(&self, piece: &Piece, knowledge: &Knowledge) -> Option<Reveal> {
        knowledge
            .get(&self.state.commitment(piece.card_ref))
            .copied()
            .or_else(|| self.known_card_reveal(piece))
    }

    /// Whether `reveal` shows `piece` as it is: it names the card everyone knows, or opens
    /// the commitment of a hidden one (`Duel::check_piece_reveal`, without the rest).
    pub(super) fn reveal_shows_piece(&self, piece: &Piece, reveal: &Reveal) -> bool {
        match piece.card {
            Some(known) => known == reveal.card,
            None => self.state.commitment(piece.card_ref).opens_to(
                &self.state.match_id,
                piece.owner,
                reveal,
            ),
        }
    }

    /// `card`, leaving `from` for its owner's hand or deck, is removed from the game instead
    /// if it was made from nothing (which this says). Returns whether it was.
    pub(crate) fn removed_if_made(
        &self,
        owner: Seat,
        card_ref: CardRef,
        card: Option<CardId>,
        from: Place,
        events: &mut Vec<Event>,
    ) -> bool {
        match card {
            Some(card) if self.is_made(owner, card_ref, Some(card)) => {
                events.push(Event::MadeMonsterRemoved { from, card });
                true
            }
            _ => false,
        }
    }
}
