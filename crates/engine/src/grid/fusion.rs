//! Fusions without a fusion spell (Classic rule 9: "Fusion Summon can be conducted without
//! Polymerization if the Fusion Materials listed for the Fusion Monster are all Normal
//! Monsters"; the original game fused any two monsters its table lists straight from the
//! hand). Two monsters — from the hand, shown, or face-up on the field under the fusing
//! player's control — that the pool's fusion table pairs become the Fusion Monster it names,
//! shown from the player's Extra Deck. The materials go to the graveyard (sent, not
//! destroyed: no "when destroyed" effect), and the Fusion Monster enters face-up in attack
//! position in a cell a field material left or in an unused cell where the player may play
//! a card. It is a special summon: it uses neither the turn's Normal Summon nor Summoning
//! Points, but a material from the hand counts as the turn's card where cards are counted
//! (Kairu). docs/RULES.md gives the readings.

use crate::action::{Action, FusionMaterial};
use crate::card::{CardDef, CardId};
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::HandFusion;
use crate::grid::monster_room::NoRoom;
use crate::grid::{Cell, RevealCheck, Unfit, cell_of};
use crate::knowledge::Knowledge;
use crate::place::Place;
use crate::player::CardSlot;
use crate::seat::Seat;
use crate::terrain::Terrain;

/// Monsters a fusion takes.
const MATERIALS: usize = 2;

/// A checked fusion, ready to apply.
struct FusionPlan {
    /// Hand indices of the hand materials, highest first (so removing them in order keeps
    /// the rest in place), with their cards.
    from_hand: Vec<(usize, CardId)>,
    from_field: Vec<Cell>,
    result: CardId,
    to: Cell,
}

/// A material as the checks see it: where it is and which card it is.
#[derive(Clone, Copy)]
enum Source {
    Hand(usize),
    Field(Cell),
}

impl Duel {
    /// Checks a fusion by `seat`. `check` says whether the reveals still need opening.
    fn check_fusion(
        &self,
        seat: Seat,
        materials: &[FusionMaterial],
        monster: &(CardRef, Reveal),
        to: Place,
        check: RevealCheck,
    ) -> Result<FusionPlan, RuleError> {
        self.expect_main(seat, "fuse")?;
        let rule = self.rules.format.play.fusion;
        if rule == HandFusion::Off {
            return Err(RuleError::CannotFuse {
                why: "this format fuses monsters only with a fusion spell",
            });
        }
        if materials.len() != MATERIALS {
            return Err(RuleError::CannotFuse {
                why: "a fusion takes exactly two monsters",
            });
        }
        let player = self.state.player(seat);
        let mut sources: Vec<(Source, &CardDef)> = Vec::with_capacity(MATERIALS);
        for material in materials {
            let (source, card) = match *material {
                FusionMaterial::Hand { hand_index, reveal } => {
                    let index = usize::from(hand_index);
                    let slot = player
                        .hand
                        .get(index)
                        .ok_or(RuleError::NoSuchHandCard { index: hand_index })?;
                    let card = self.check_reveal_if(
                        check,
                        seat,
                        &self.state.commitment(slot.card_ref),
                        &reveal,
                    )?;
                    (Source::Hand(index), card)
                }
                FusionMaterial::Field { at } => {
                    let cell = cell_of(at)?;
                    (Source::Field(cell), self.field_material(seat, cell)?)
                }
            };
            let duplicate = sources.iter().any(|(s, _)| match (s, source) {
                (Source::Hand(a), Source::Hand(b)) => *a == b,
                (Source::Field(a), Source::Field(b)) => *a == b,
                _ => false,
            });
            if duplicate {
                return Err(RuleError::CannotFuse {
                    why: "the same monster is named twice",
                });
            }
            let Some(stats) = card.monster() else {
                return Err(RuleError::CannotFuse {
                    why: "only monsters fuse",
                });
            };
            if stats.ritual {
                return Err(RuleError::CannotFuse {
                    why: "a Ritual Monster is never a fusion material from the hand",
                });
            }
            if rule == HandFusion::NormalMonsters && !card.effects.is_empty() {
                return Err(RuleError::CannotFuse {
                    why: "without a fusion spell only Normal Monsters (monsters with no \
                          effect) fuse (Classic rule 9)",
                });
            }
            sources.push((source, card));
        }
        let (first, second) = (sources[0].1.id, sources[1].1.id);
        let result = self
            .rules
            .pool
            .fusions()
            .fuse(first, second)
            .ok_or(RuleError::NoSuchFusion { first, second })?;
        let (card_ref, reveal) = monster;
        if !player.extra_deck.contains(card_ref) {
            return Err(RuleError::NotInExtraDeck);
        }
        let shown = self.check_reveal_if(check, seat, &self.state.commitment(*card_ref), reveal)?;
        if shown.id != result {
            return Err(RuleError::WrongFusionMonster {
                first,
                second,
                makes: result,
                named: shown.id,
            });
        }
        let from_field: Vec<Cell> = sources
            .iter()
            .filter_map(|(s, _)| match s {
                Source::Field(cell) => Some(*cell),
                Source::Hand(_) => None,
            })
            .collect();
        let mut from_hand: Vec<(usize, CardId)> = sources
            .iter()
            .filter_map(|(s, card)| match s {
                Source::Hand(index) => Some((*index, card.id)),
                Source::Field(_) => None,
            })
            .collect();
        from_hand.sort_by_key(|(index, _)| std::cmp::Reverse(*index));
        if let Some(limit) = self.rules.format.play.cards_per_turn
            && !from_hand.is_empty()
            && player.cards_played >= limit
        {
            return Err(RuleError::CardLimit { limit });
        }
        let to = self.fusion_destination(seat, to, &from_field)?;
        // The field materials leave, the Fusion Monster (an Extra Deck monster) enters.
        self.monster_room(seat, true, &from_field, Some(to))
            .map_err(NoRoom::rule_error)?;
        Ok(FusionPlan {
            from_hand,
            from_field,
            result,
            to,
        })
    }

    /// The card of `seat`'s monster at `cell`, if it may be a fusion material: face-up,
    /// theirs, not their Deck Leader, not spellbound (Kairu: a spellbound monster "cannot be
    /// tributed for a Ritual, Fusion…").
    fn field_material(&self, seat: Seat, cell: Cell) -> Result<&CardDef, RuleError> {
        let id = self
            .own_free_face_up_monster(seat, cell)?
            .map_err(|unfit| RuleError::CannotFuse {
                why: match unfit {
                    Unfit::NotYourMonster => "only your own monsters fuse, not your Deck Leader",
                    Unfit::FaceDown => "a monster on the field fuses only face-up",
                    Unfit::Spellbound => "a spellbound monster cannot be a fusion material",
                },
            })?;
        self.rules.card(id)
    }

    /// Where the Fusion Monster may enter: a cell a field material leaves, or an unused cell
    /// of the player's summoning area.
    fn fusion_destination(
        &self,
        seat: Seat,
        to: Place,
        from_field: &[Cell],
    ) -> Result<Cell, RuleError> {
        let to = cell_of(to)?;
        if !self.state.contains(to) {
            return Err(RuleError::OffBoard { at: to.into() });
        }
        if from_field.contains(&to) {
            return Ok(to);
        }
        if self.state.base_terrain(to) == Terrain::Labyrinth {
            return Err(RuleError::Labyrinth { at: to.into() });
        }
        if !self.in_summon_area(seat, to) {
            return Err(RuleError::OutsideSummonArea { at: to.into() });
        }
        if self.state.piece(to).is_some() {
            return Err(RuleError::Occupied { at: to.into() });
        }
        Ok(to)
    }

    pub(super) fn do_fuse(
        &mut self,
        seat: Seat,
        materials: &[FusionMaterial],
        monster: &(CardRef, Reveal),
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let plan = self.check_fusion(seat, materials, monster, to, RevealCheck::Needed)?;
        let mut used: Vec<CardId> = Vec::with_capacity(MATERIALS);
        for cell in &plan.from_field {
            if let Some(piece) = self.state.take(*cell) {
                for equip in &piece.attached {
                    self.state
                        .player_mut(equip.owner)
                        .graveyard
                        .push(equip.to_graveyard());
                }
                used.extend(piece.card);
                self.send_to_graveyard(piece.owner, piece.card_ref, piece.card);
            }
        }
        let player = self.state.player_mut(seat);
        for (index, card) in &plan.from_hand {
            if *index < player.hand.len() {
                let slot = player.hand.remove(*index);
                player.graveyard.push(CardSlot {
                    card_ref: slot.card_ref,
                    card: Some(*card),
                });
                used.push(*card);
            }
        }
        if !plan.from_hand.is_empty() {
            player.cards_played = player.cards_played.saturating_add(1);
        }
        let (card_ref, _) = monster;
        let piece = self.out_of_extra_deck(seat, *card_ref, plan.result);
        self.state.put(plan.to, piece);
        events.push(Event::FusionSummoned {
            seat,
            card: plan.result,
            at: plan.to.into(),
            materials: used,
        });
        Ok(())
    }

    /// Every fusion `seat` can make now, with the hand and Extra Deck cards `knowledge`
    /// opens.
    pub(super) fn fusion_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        if self.rules.format.play.fusion == HandFusion::Off {
            return;
        }
        let fusions = self.rules.pool.fusions();
        let player = self.state.player(seat);
        let waiting: Vec<(CardRef, Reveal)> = player
            .extra_deck
            .iter()
            .filter_map(|card_ref| {
                let reveal = knowledge.get(&self.state.commitment(*card_ref))?;
                fusions.makes(reveal.card).then_some((*card_ref, *reveal))
            })
            .collect();
        if waiting.is_empty() {
            return;
        }
        let mut candidates: Vec<(FusionMaterial, CardId)> = Vec::new();
        for (index, slot) in player.hand.iter().enumerate() {
            if let Some(reveal) = knowledge.get(&self.state.commitment(slot.card_ref))
                && self
                    .rules
                    .pool
                    .get(reveal.card)
                    .is_some_and(|c| c.is_monster())
            {
                candidates.push((
                    FusionMaterial::Hand {
                        hand_index: index as u8,
                        reveal: *reveal,
                    },
                    reveal.card,
                ));
            }
        }
        for (cell, _) in self.state.pieces() {
            if let Ok(card) = self.field_material(seat, cell) {
                candidates.push((FusionMaterial::Field { at: cell.into() }, card.id));
            }
        }
        let area: Vec<Cell> = self
            .grid()
            .cells()
            .filter(|c| self.in_summon_area(seat, *c) && self.state.piece(*c).is_none())
            .collect();
        for (i, (first, a)) in candidates.iter().enumerate() {
            for (second, b) in &candidates[i + 1..] {
                let Some(result) = fusions.fuse(*a, *b) else {
                    continue;
                };
                // One Extra Deck copy is enough: another copy makes the same fusion.
                let Some(monster) = waiting.iter().find(|(_, r)| r.card == result) else {
                    continue;
                };
                let materials = vec![*first, *second];
                let mut destinations: Vec<Cell> = materials
                    .iter()
                    .filter_map(|m| match m {
                        FusionMaterial::Field { at } => at.cell(),
                        FusionMaterial::Hand { .. } => None,
                    })
                    .collect();
                destinations.extend(area.iter().copied());
                for to in destinations {
                    if self
                        .check_fusion(seat, &materials, monster, to.into(), RevealCheck::Done)
                        .is_ok()
                    {
                        out.push(Action::Fuse {
                            materials: materials.clone(),
                            monster: *monster,
                            to: to.into(),
                        });
                    }
                }
            }
        }
    }
}
