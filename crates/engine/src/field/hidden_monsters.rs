//! Hidden monsters in battle. Kingdom Duels: "Monsters Hidden in DEF Position work exactly
//! like face-down DEF position in the official rules. Monsters Hidden in ATK Position are
//! revealed during combat, but can be hidden once again after battle calculations if they
//! are still on the field."
//!
//! A face-down monster in a battle is opened by its owner before damage is calculated (a
//! known one, hidden by an effect after everyone saw it, just turns face-up). Where the
//! format says so (`field.hidden_attack_position`), a monster Hidden in ATK Position may
//! declare an attack, and after damage calculation the controller of each monster that was
//! Hidden in ATK Position when the battle began, and is still on the field, chooses whether
//! it hides again: face-down in ATK Position, known to everyone, as it was. Hiding again is
//! not a summon.

use crate::awaiting::{Awaiting, Decision};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::Resume;

impl Duel {
    /// Asks the owners of the face-down monsters at `places` that nobody knows yet to open
    /// them; true when the battle waits for that.
    pub(super) fn battle_waits_for_openings(&mut self, places: &[Place]) -> bool {
        let mut waits = false;
        for place in places {
            let Some(piece) = self.zone_piece(*place) else {
                continue;
            };
            if piece.face_up || piece.card.is_some() {
                continue;
            }
            let due = (piece.owner, self.state.commitment(piece.card_ref));
            if !self.state.reveal_due.contains(&due) {
                self.state.reveal_due.push(due);
            }
            waits = true;
        }
        waits
    }

    /// Turns the face-down cards at `places` face-up in their positions for the battle;
    /// returns those that were monsters Hidden in ATK Position.
    pub(super) fn turn_face_up_for_battle(
        &mut self,
        places: &[Place],
        events: &mut Vec<Event>,
    ) -> Vec<Place> {
        let mut hidden_in_attack = Vec::new();
        for place in places {
            let Some(piece) = self.zone_piece_mut(*place) else {
                continue;
            };
            let Some(card) = piece.card else {
                continue;
            };
            if piece.face_up {
                continue;
            }
            if piece.class == Class::Monster && !piece.defence {
                hidden_in_attack.push(*place);
            }
            piece.face_up = true;
            events.push(Event::Flipped { at: *place, card });
            self.note_flip_effect(*place);
        }
        hidden_in_attack
    }

    /// After damage calculation: the monsters at `places` that were Hidden in ATK Position
    /// may hide again, where the format lets them.
    pub(super) fn offer_to_hide_again(&mut self, places: Vec<Place>) {
        if !self.rules.format.field.hidden_attack_position || places.is_empty() {
            return;
        }
        self.state.resume = Resume::HideAgain { places };
    }

    /// Whether the monster at `at` may hide again now: still on the field, face-up, in ATK
    /// Position.
    fn may_hide_again(&self, at: Place) -> bool {
        self.zone_piece(at).is_some_and(|piece| {
            piece.class == Class::Monster && piece.face_up && !piece.defence && piece.card.is_some()
        })
    }

    /// Asks the controller of the first of `places` still able to hide again; false when
    /// none is (the battle's aftermath is over).
    pub(super) fn ask_to_hide_again(&mut self, places: Vec<Place>) -> bool {
        let places: Vec<Place> = places
            .into_iter()
            .filter(|at| self.may_hide_again(*at))
            .collect();
        let Some((at, piece)) = places
            .first()
            .and_then(|at| Some((*at, self.zone_piece(*at)?)))
        else {
            return false;
        };
        let seat = piece.controller;
        self.state.awaiting = Awaiting::Decision {
            seat,
            decision: Decision::HideAgain { at },
        };
        self.state.resume = Resume::HideAgain { places };
        true
    }

    /// The monster `seat` is asked to hide again, if they are asked.
    pub(super) fn asked_to_hide_again(&self, seat: Seat) -> Option<Place> {
        match self.state.awaiting.decision() {
            Some((s, Decision::HideAgain { at })) if s == seat => Some(*at),
            _ => None,
        }
    }

    /// `Action::Hide`: the monster `seat` was asked about turns face-down in ATK Position.
    pub(super) fn field_hide(
        &mut self,
        seat: Seat,
        at: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(asked) = self.asked_to_hide_again(seat) else {
            return Err(RuleError::CannotHide {
                at,
                why: "a monster hides again only right after a battle it began Hidden in \
                      ATK Position (otherwise hiding takes an effect, agreed as an outcome)",
            });
        };
        if asked != at {
            return Err(RuleError::CannotHide {
                at,
                why: "it is not the monster whose hiding is being decided",
            });
        }
        if let Some(piece) = self.zone_piece_mut(at) {
            piece.face_up = false;
        }
        events.push(Event::TurnedFaceDown { at });
        self.done_hiding_decision();
        Ok(())
    }

    /// `Action::Pass` while asked to hide a monster again: it stays face-up.
    pub(super) fn keep_face_up(&mut self, seat: Seat) -> Result<(), RuleError> {
        if self.asked_to_hide_again(seat).is_none() {
            return Err(self.wrong_decision(seat, "pass"));
        }
        self.done_hiding_decision();
        Ok(())
    }

    /// The first monster's decision is made; the others' follow.
    fn done_hiding_decision(&mut self) {
        if let Resume::HideAgain { places } = &mut self.state.resume
            && !places.is_empty()
        {
            places.remove(0);
        }
    }
}

impl Duel {
    /// Outcomes a bot may propose for an effect that hides monsters, where the format plays
    /// Hidden ATK Position: hide one of its own face-up monsters in ATK Position, or summon
    /// a monster of its hand Hidden in ATK Position to a free Frontrow zone.
    pub(super) fn hidden_monster_proposals(
        &self,
        seat: Seat,
        knowledge: &crate::knowledge::Knowledge,
        out: &mut Vec<crate::action::Action>,
    ) {
        use crate::agreement::{Destination, Operation};
        if !self.rules.format.field.hidden_attack_position {
            return;
        }
        let mut steps = Vec::new();
        for (at, piece) in self.monsters_of(seat) {
            if piece.face_up && !piece.defence && piece.controller == seat {
                steps.push(Operation::Flip { at });
            }
        }
        let free = self
            .field()
            .frontrow(self.side_of(seat))
            .find(|at| self.zone_piece(*at).is_none());
        let hand_monster = self
            .state
            .player(seat)
            .hand
            .iter()
            .position(|slot| {
                knowledge
                    .card(&self.state.commitment(slot.card_ref))
                    .and_then(|id| self.rules.pool.get(id))
                    .and_then(|card| card.kingdom())
                    .is_some_and(|k| {
                        k.is(crate::kingdom_card::MainType::Monster) && !k.frame.is_extra_monster()
                    })
            })
            .and_then(|i| u8::try_from(i).ok());
        if let (Some(at), Some(slot)) = (free, hand_monster) {
            steps.push(Operation::Move {
                from: Place::Zone {
                    side: seat,
                    zone: crate::place::Zone::Hand,
                    slot,
                },
                to: Destination::HiddenField { at, defence: false },
            });
        }
        self.propose_possible_steps(steps, out);
    }

    /// Why `seat` may not flip its Hidden monster at `at` face-up now, if it may not:
    /// "Monsters Hidden in DEF Position work exactly like face-down DEF position in the
    /// official rules" — not on the turn it came to the field, and as the monster's one
    /// change of position in the turn.
    pub(super) fn flip_face_up_refused(&self, seat: Seat, at: Place) -> Option<RuleError> {
        if self.rules.format.field.set_monsters {
            // The card game's Set monsters are Flip Summoned (`Action::Flip`).
            return Some(RuleError::NotInThisFamily {
                action: "flip-face-up",
            });
        }
        self.face_down_flip_refused(
            seat,
            at,
            "only a Hidden monster is flipped face-up",
            "a monster that came to the field Hidden this turn is flipped face-up on a later turn",
        )
    }

    /// `seat` flips its Hidden monster at `at` face-up, opened by `reveal`, in ATK or DEF
    /// Position; a FLIP effect follows.
    pub(super) fn flip_hidden_face_up(
        &mut self,
        seat: Seat,
        at: Place,
        reveal: &crate::commitment::Reveal,
        defence: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_main_phase(seat, "flip-face-up")?;
        if let Some(refused) = self
            .flip_face_up_refused(seat, at)
            .or_else(|| self.locked_flip_refused(at, defence))
        {
            return Err(refused);
        }
        self.flip_face_up_by_its_player(at, reveal, defence, events)
    }
}
