//! Reveals: a hidden card the rules show (attacked, destroyed, flipped, discarded) is opened
//! by its owner and checked against its commitment and every claim made about it; an
//! effect that reaches hidden cards by a hidden property asks each owner to declare which of
//! theirs match, revealing those, and the rest become claims of not matching.

use crate::action::Answer;
use crate::awaiting::{Asked, Awaiting};
use crate::card::{CardId, Primitive};
use crate::claims::describe_predicate;
use crate::commitment::{CardRef, Commitment, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::grid::filters::identity_matches;
use crate::hash::Digest32;
use crate::knowledge::Knowledge;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{PendingClaim, Predicate, Resume};

/// The truthful answer to a reveal asked of the holder of `knowledge`.
pub(crate) fn honest_reveals(commitments: &[Commitment], knowledge: &Knowledge) -> Option<Answer> {
    let reveals: Option<Vec<Reveal>> = commitments
        .iter()
        .map(|c| knowledge.get(c).copied())
        .collect();
    Some(Answer::Reveal { reveals: reveals? })
}

impl Duel {
    /// Asks the first owner of hidden cards the rules revealed to open them (all of theirs
    /// at once); returns whether the duel now waits for that.
    pub(crate) fn await_reveals(&mut self) -> bool {
        let Some((seat, _)) = self.state.reveal_due.first().copied() else {
            return false;
        };
        let commitments = self
            .state
            .reveal_due
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|(_, c)| *c)
            .collect();
        self.state.awaiting = Awaiting::Answer {
            seat,
            asked: Asked::Reveal { commitments },
        };
        true
    }

    /// The protocol step the duel asks of `seat`, or the error for an entry out of place.
    fn expect_asked(&self, seat: Seat, answer: &'static str) -> Result<Asked, RuleError> {
        match self.state.awaiting.asked() {
            Some((s, asked)) if s == seat => Ok(asked.clone()),
            _ => Err(self.wrong_decision(seat, answer)),
        }
    }

    /// Opens a hidden piece: checks the claims on it and makes it public.
    pub(super) fn reveal_piece(
        &mut self,
        cell: Cell,
        card: CardId,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(piece) = self.state.piece(cell) else {
            return Ok(());
        };
        let (owner, commitment) = (piece.owner, self.state.commitment(piece.card_ref));
        self.learn(owner, commitment, card, events)
    }

    /// Records that `commitment` of `owner` is `card`, wherever it is, and settles the
    /// claims made about it.
    pub(crate) fn learn(
        &mut self,
        owner: Seat,
        commitment: Commitment,
        card: CardId,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let def = self.rules.card(card)?;
        // The state names cards by their place in the commitment table; compare the
        // commitments themselves, as the table may (in a hand-built set-up) repeat one.
        let table = &self.state.commitments;
        let is_it = |r: CardRef| {
            table
                .get(usize::from(r.0))
                .copied()
                .unwrap_or(Commitment(Digest32::default()))
                == commitment
        };
        for claim in self.state.claims.iter().filter(|c| is_it(c.card_ref)) {
            if !self.claim_holds(&claim.predicate, def) {
                return Err(RuleError::ClaimContradicted {
                    card,
                    turn: claim.turn,
                    claim: describe_predicate(&claim.predicate),
                });
            }
        }
        let before = self.state.claims.len();
        self.state.claims.retain(|c| !is_it(c.card_ref));
        if self.state.claims.len() != before {
            events.push(Event::ClaimKept { commitment });
        }
        let mut newly = false;
        let turn = self.state.turn;
        let mut set_this_turn_as_monster = false;
        for piece in self.state.cells.iter_mut().flatten() {
            if piece.card.is_none() && is_it(piece.card_ref) {
                piece.card = Some(card);
                newly = true;
                // The bluff: a class-hidden card shows what it is.
                if piece.class == Class::Unknown {
                    piece.class = Class::of(def);
                    // A spell or trap has no battle position: the one it was set in was
                    // part of the bluff.
                    if piece.class == Class::SpellTrap {
                        piece.defence = false;
                    }
                    set_this_turn_as_monster |=
                        piece.class == Class::Monster && piece.entered_turn == turn;
                }
            }
        }

        // A Hidden Integration Summon's monster opened where nothing public holds it (taken
        // back into the Extra Deck unseen): its judges are still shown what it was.
        for entry in &mut self.state.set_apart {
            if is_it(entry.monster) {
                entry.shown = Some(card);
            }
        }
        if let Some(player) = self.state.players.get_mut(owner) {
            // Eroded cards set apart unseen (a Hidden Integration Summon's materials) are
            // opened where they lie.
            for slot in player
                .hand
                .iter_mut()
                .chain(player.graveyard.iter_mut())
                .chain(player.banished.iter_mut())
            {
                if slot.card.is_none() && is_it(slot.card_ref) {
                    slot.card = Some(card);
                    newly = true;
                }
            }
        }
        if set_this_turn_as_monster && let Err(limit) = self.count_revealed_set_monster(owner) {
            return Err(RuleError::ClaimContradicted {
                card,
                turn,
                claim: format!(
                    "a spell or trap: its player had already set or summoned the {limit} \
                     monster(s) of the turn"
                ),
            });
        }
        if newly {
            events.push(Event::Revealed {
                owner,
                commitment,
                card,
            });
        }
        Ok(())
    }

    pub(crate) fn do_reveal(
        &mut self,
        seat: Seat,
        reveals: &[Reveal],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Asked::Reveal { commitments } = self.expect_asked(seat, "reveal")? else {
            return Err(self.wrong_decision(seat, "reveal"));
        };
        if reveals.len() != commitments.len() {
            return Err(RuleError::WrongRevealCount {
                expected: commitments.len(),
                given: reveals.len(),
            });
        }
        for (commitment, reveal) in commitments.iter().zip(reveals) {
            self.check_reveal(seat, commitment, reveal)?;
            self.learn(seat, *commitment, reveal.card, events)?;
            self.state.reveal_due.retain(|(_, c)| c != commitment);
            self.flip_effect_of_revealed(*commitment, events);
        }
        Ok(())
    }

    /// A monster an effect turned face-up (only such a monster is face-up on the board
    /// while its owner still owes its reveal: an attacked or crushed one turns face-up
    /// after it) is flipped now that the public knows it, as one known at once is.
    fn flip_effect_of_revealed(&mut self, commitment: Commitment, events: &mut Vec<Event>) {
        let found = self.state.pieces().find_map(|(cell, p)| {
            (p.face_up
                && !p.leader
                && p.class == Class::Monster
                && self.state.commitment(p.card_ref) == commitment)
                .then_some((cell, p.card?))
        });
        if let Some((cell, card)) = found {
            self.flipped_by_effect(cell, card, events);
        }
    }

    /// The truthful declaration of `knowledge`'s holder about the cards at `places`.
    pub(super) fn honest_declaration(
        &self,
        places: &[Place],
        knowledge: &Knowledge,
    ) -> Option<Answer> {
        let Resume::EffectDeclared { effect, .. } = &self.state.resume else {
            return None;
        };
        let filter = self.effect_filter(effect)?;
        let mut matching = Vec::new();
        for place in places {
            let Some(piece) = self.state.piece_at(*place) else {
                continue;
            };
            let Some(reveal) = knowledge.get(&self.state.commitment(piece.card_ref)) else {
                continue;
            };
            if let Some(card) = self.rules.pool.get(reveal.card)
                && identity_matches(&filter, card, None)
            {
                matching.push((*place, *reveal));
            }
        }
        Some(Answer::Declare { matching })
    }

    pub(super) fn do_declare(
        &mut self,
        seat: Seat,
        matching: &[(Place, Reveal)],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Asked::Declare { places } = self.expect_asked(seat, "declare")? else {
            return Err(self.wrong_decision(seat, "declare"));
        };
        let Resume::EffectDeclared { effect, then } = self.state.resume.clone() else {
            return Err(RuleError::BadDeclaration {
                why: "no declaration is being collected".into(),
            });
        };
        let filter = self.effect_filter(&effect).unwrap_or_default();
        let turns_face_up = matches!(
            self.effect_def(&effect).map(|d| &d.primitive),
            Some(Primitive::FlipFaceUp { .. })
        );
        let mut declared = Vec::new();
        for (place, reveal) in matching {
            if !places.contains(place) || declared.contains(place) {
                return Err(RuleError::BadDeclaration {
                    why: format!("{place} was not asked about"),
                });
            }
            let piece = self
                .state
                .piece_at(*place)
                .ok_or(RuleError::EmptyCell { at: *place })?;
            let card = self.check_reveal(seat, &self.state.commitment(piece.card_ref), reveal)?;
            if !identity_matches(&filter, card, None) {
                return Err(RuleError::BadDeclaration {
                    why: format!("{} at {place} does not match the effect", card.name),
                });
            }
            declared.push(*place);
        }
        for place in &places {
            let Some(cell) = place.cell() else {
                continue;
            };
            let Some(piece) = self.state.piece(cell) else {
                continue;
            };
            let card_ref = piece.card_ref;
            if let Some((_, reveal)) = matching.iter().find(|(p, _)| p == place) {
                self.reveal_piece(cell, reveal.card, events)?;
                if turns_face_up {
                    if let Some(p) = self.state.piece_mut(cell) {
                        p.face_up = true;
                    }
                    self.flipped_by_effect(cell, reveal.card, events);
                } else {
                    self.destroy(cell, Some(effect.controller), events);
                }
            } else {
                let commitment = self.state.commitment(card_ref);
                self.state.claims.push(PendingClaim {
                    card_ref,
                    owner: seat,
                    predicate: Predicate::NotMatching {
                        filter: filter.clone(),
                        viewer: effect.controller,
                    },
                    turn: self.state.turn,
                });
                events.push(Event::ClaimRecorded {
                    owner: seat,
                    commitment,
                });
            }
        }
        self.state.declarations.retain(|(s, _)| *s != seat);
        if self.state.declarations.is_empty() {
            self.state.resume = *then;
        }
        Ok(())
    }
}
