//! Transformations by power-ups (the original game's Metalmorph, Cocoon of Evolution and
//! Elegant Egotist; Kairu keeps "Metalmorph, Evolve monsters" in the Extra Deck). While a
//! power-up that transforms its monster is attached to one of the monsters it names, that
//! monster's controller may, in their main phase, show what it becomes from their Extra
//! Deck: the monster and the power-up go to the graveyard, and the new monster takes the
//! cell face-up in the same battle position, keeping the monster's other power-ups and what
//! it already did this turn (a move, an attack). docs/RULES.md gives the reading. A monster
//! that evolves by its turns in defence (Yamatano Dragon Scroll, Larva of Moth:
//! `turns_in_defence.rs`) changes the same way once its turns are reached, with no power-up.

use crate::action::Action;
use crate::card::{CardId, Primitive};
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::{Cell, RevealCheck, Unfit, cell_of};
use crate::knowledge::Knowledge;
use crate::piece::Piece;
use crate::place::Place;
use crate::seat::Seat;

/// A checked transformation, ready to apply.
struct TransformPlan {
    cell: Cell,
    from: CardId,
    /// Which of the monster's equips changes it; `None` for a monster that evolves by its
    /// turns in defence.
    equip: Option<usize>,
    into: CardId,
}

impl Duel {
    /// What `seat`'s face-up monster at `cell` can change into: by a power-up on it (the
    /// index of that power-up among its equips), or by its turns in defence (`None`), with
    /// the monster it becomes.
    fn transformations_at(
        &self,
        seat: Seat,
        cell: Cell,
    ) -> Result<Vec<(Option<usize>, CardId)>, RuleError> {
        let card = self
            .own_free_face_up_monster(seat, cell)?
            .map_err(|unfit| RuleError::CannotTransform {
                why: match unfit {
                    Unfit::NotYourMonster => {
                        "only your own monsters transform, not your Deck Leader"
                    }
                    Unfit::FaceDown => "a monster transforms only face-up",
                    Unfit::Spellbound => "a spellbound monster cannot transform",
                },
            })?;
        let Some(piece) = self.state.piece(cell) else {
            return Ok(Vec::new());
        };
        // A monster only controlled (Change of Heart) is not its controller's to change:
        // what it became would stay with them.
        if piece.owner != seat {
            return Err(RuleError::CannotTransform {
                why: "only a monster you own transforms, not one you only control",
            });
        }
        // Its turns in defence first: where a power-up makes the same monster, evolving
        // keeps the power-up.
        let mut found: Vec<(Option<usize>, CardId)> = match self.rules.pool.get(card) {
            Some(def) => self
                .evolutions_due(cell, piece, def)
                .into_iter()
                .chain(self.evolutions_on_terrain(cell, def))
                .map(|into| (None, into))
                .collect(),
            None => Vec::new(),
        };
        for (index, equip) in piece.attached.iter().enumerate() {
            let Some(def) = self.rules.pool.get(equip.card) else {
                continue;
            };
            for effect in &def.effects {
                if let Primitive::Transform { pairs } = &effect.primitive {
                    found.extend(
                        pairs
                            .iter()
                            .filter(|t| t.from == card)
                            .map(|t| (Some(index), t.into)),
                    );
                }
            }
        }
        Ok(found)
    }

    /// What the monster `card` at `cell` may become by the terrain it stands on (Shadow
    /// Ghoul on Labyrinth).
    fn evolutions_on_terrain(&self, cell: Cell, card: &crate::card::CardDef) -> Vec<CardId> {
        let terrain = self.terrain_at(cell);
        card.effects
            .iter()
            .filter_map(|e| match e.primitive {
                Primitive::EvolveOnTerrain { terrain: on, into } if on == terrain => Some(into),
                _ => None,
            })
            .collect()
    }

    fn check_transform(
        &self,
        seat: Seat,
        at: Place,
        monster: &(CardRef, Reveal),
        check: RevealCheck,
    ) -> Result<TransformPlan, RuleError> {
        self.expect_main(seat, "transform")?;
        let cell = cell_of(at)?;
        let options = self.transformations_at(seat, cell)?;
        if options.is_empty() {
            return Err(RuleError::CannotTransform {
                why: "nothing changes this monster now: no power-up on it transforms it, it has \
                      not survived its turns face-up in defence position, and it stands on no \
                      terrain that changes it",
            });
        }
        let (card_ref, reveal) = monster;
        if !self.state.player(seat).extra_deck.contains(card_ref) {
            return Err(RuleError::NotInExtraDeck);
        }
        let shown = self.check_reveal_if(check, seat, &self.state.commitment(*card_ref), reveal)?;
        let Some((equip, into)) = options.iter().find(|(_, into)| *into == shown.id) else {
            return Err(RuleError::WrongTransformation {
                named: shown.id,
                makes: options[0].1,
            });
        };
        let from =
            self.state
                .piece(cell)
                .and_then(|p| p.card)
                .ok_or(RuleError::CannotTransform {
                    why: "a monster transforms only face-up",
                })?;
        // The monster becomes one from the Extra Deck where it stands.
        self.monster_room(seat, true, &[cell], Some(cell))
            .map_err(crate::grid::monster_room::NoRoom::rule_error)?;
        Ok(TransformPlan {
            cell,
            from,
            equip: *equip,
            into: *into,
        })
    }

    pub(super) fn do_transform(
        &mut self,
        seat: Seat,
        at: Place,
        monster: &(CardRef, Reveal),
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let plan = self.check_transform(seat, at, monster, RevealCheck::Needed)?;
        let Some(mut old) = self.state.take(plan.cell) else {
            return Err(RuleError::EmptyCell { at });
        };
        debug_assert!(plan.equip.is_none_or(|i| i < old.attached.len()));
        let power_up = match plan.equip {
            Some(index) if index < old.attached.len() => {
                let power_up = old.attached.remove(index);
                self.state
                    .player_mut(power_up.owner)
                    .graveyard
                    .push(power_up.to_graveyard());
                Some(power_up.card)
            }
            _ => None,
        };
        self.send_to_graveyard(old.owner, old.card_ref, old.card);
        let (card_ref, _) = monster;
        let new = self.out_of_extra_deck(seat, *card_ref, plan.into);
        self.state.put(
            plan.cell,
            Piece {
                defence: old.defence,
                moved: old.moved,
                changed_position: old.changed_position,
                attacked: old.attacked,
                attached: std::mem::take(&mut old.attached),
                // Changed face-up by its controller's own choice: its turns in defence count
                // from here (a Larva out of a Cocoon may become a Pupa).
                turns_in_defence: Some(0),
                ..new
            },
        );
        events.push(Event::Transformed {
            seat,
            at,
            from: plan.from,
            into: plan.into,
            power_up,
        });
        Ok(())
    }

    /// Every transformation `seat` can make now, with the Extra Deck cards `knowledge`
    /// opens.
    pub(super) fn transform_actions(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        let extra = &self.state.player(seat).extra_deck;
        if extra.is_empty() {
            return;
        }
        for (cell, piece) in self.state.pieces() {
            // Only a power-up or the turns in defence change a monster: most pieces are ruled
            // out here, before any list is built.
            let may_evolve =
                piece.face_up && piece.defence && piece.turns_in_defence.is_some_and(|n| n >= 1);
            if piece.controller != seat || piece.attached.is_empty() && !may_evolve {
                continue;
            }
            let Ok(options) = self.transformations_at(seat, cell) else {
                continue;
            };
            for (_, into) in options {
                let monster = extra.iter().find_map(|card_ref| {
                    let reveal = knowledge.get(&self.state.commitment(*card_ref))?;
                    (reveal.card == into).then_some((*card_ref, *reveal))
                });
                if let Some(monster) = monster
                    && self
                        .check_transform(seat, cell.into(), &monster, RevealCheck::Done)
                        .is_ok()
                {
                    let action = Action::Transform {
                        at: cell.into(),
                        monster,
                    };
                    if !out.contains(&action) {
                        out.push(action);
                    }
                }
            }
        }
    }
}
