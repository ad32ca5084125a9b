//! Ritual summons on the grid. A Ritual spell that resolves (however it was activated: from
//! the hand, flipped where it lies, after a move) asks its controller for the tributes its
//! card names — face-up monsters they control, from anywhere on the field — and the Ritual
//! Monster, shown from their Extra Deck. The tributes go to the graveyard, the spell too,
//! and the Ritual Monster takes the spell's cell face-up in attack position (Classic rule 13:
//! "Fusion and Ritual monsters are Special Summoned in the Card Zone where the Ritual Spell
//! … was activated"; Kairu: "place the ritual monster from your extra deck onto the space
//! which the Ritual Spell card was activated"). The controller may instead let the spell
//! resolve with no effect, as a card whose conditions are not met does.

use crate::action::Action;
use crate::card::{CardDef, CardId, Filter, RitualDef};
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::filters::piece_identity_matches;
use crate::grid::placement::combinations;
use crate::grid::{Cell, RevealCheck, Unfit, cell_of};
use crate::knowledge::Knowledge;
use crate::piece::Piece;
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

/// A checked Ritual summon, ready to apply.
struct RitualPlan {
    spell_at: Cell,
    monster: CardId,
    tributes: Vec<Cell>,
}

impl Duel {
    /// The Ritual spell `spell` resolved: its controller decides next.
    pub(super) fn begin_ritual(&mut self, spell: QueuedEffect) {
        self.state.resume = Resume::Ritual { spell };
    }

    /// The Ritual spell waiting for `seat`, with its definition.
    fn pending_ritual(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(QueuedEffect, &RitualDef), RuleError> {
        self.expect_decision(seat, action)?;
        let Resume::Ritual { spell } = &self.state.resume else {
            return Err(self.wrong_decision(seat, action));
        };
        let ritual = self
            .rules
            .card(spell.card)?
            .ritual
            .as_ref()
            .ok_or(RuleError::NotARitual { card: spell.card })?;
        Ok((spell.clone(), ritual))
    }

    /// Checks a Ritual summon by `seat`: the Extra Deck card opens to the spell's Ritual
    /// Monster, and the tributes are the spell's, each a face-up monster `seat` controls.
    fn check_ritual(
        &self,
        seat: Seat,
        tributes: &[Place],
        monster: &(CardRef, Reveal),
        check: RevealCheck,
    ) -> Result<RitualPlan, RuleError> {
        let (spell, ritual) = self.pending_ritual(seat, "ritual")?;
        // Temple of Skulls: "all MAGIC and RITUAL cards are rendered ineffective".
        if self.spells_sealed() {
            return Err(RuleError::RitualSealed);
        }
        let spell_at = spell
            .at
            .and_then(Place::cell)
            .ok_or(RuleError::RitualWithoutZone)?;
        let (card_ref, reveal) = monster;
        if !self.state.player(seat).extra_deck.contains(card_ref) {
            return Err(RuleError::NotInExtraDeck);
        }
        let card = self.check_reveal_if(check, seat, &self.state.commitment(*card_ref), reveal)?;
        if card.id != ritual.summons {
            return Err(RuleError::WrongRitualMonster {
                named: card.id,
                summons: ritual.summons,
            });
        }
        if tributes.len() != ritual.tributes.len() {
            return Err(RuleError::RitualTributeCount {
                needed: ritual.tributes.len() as u8,
                given: tributes.len() as u8,
            });
        }
        let mut cells = Vec::with_capacity(tributes.len());
        let mut cards = Vec::with_capacity(tributes.len());
        for place in tributes {
            let cell = cell_of(*place)?;
            if cells.contains(&cell) {
                return Err(RuleError::BadTribute {
                    at: *place,
                    why: "named twice",
                });
            }
            let card = self.ritual_tribute(seat, cell)?;
            let piece = self
                .state
                .piece(cell)
                .ok_or(RuleError::EmptyCell { at: cell.into() })?;
            cards.push((card, piece));
            cells.push(cell);
        }
        if !tributes_fit(&ritual.tributes, &cards) {
            return Err(RuleError::BadTribute {
                at: tributes.first().copied().unwrap_or(Place::Cell(spell_at)),
                why: "these monsters are not the ones the Ritual spell names",
            });
        }
        // The offerings leave; the Ritual Monster comes from the Extra Deck onto the spell's
        // zone (DOR Modern: a second one only where a Link Marker points next to the leader).
        self.monster_room(seat, true, &cells, Some(spell_at))
            .map_err(crate::grid::monster_room::NoRoom::rule_error)?;
        Ok(RitualPlan {
            spell_at,
            monster: card.id,
            tributes: cells,
        })
    }

    /// The card of the monster at `cell`, if `seat` may give it up for a Ritual: a face-up
    /// monster they control, not their Deck Leader, not spellbound (Kairu: a spellbound
    /// monster "cannot be tributed for a Ritual").
    fn ritual_tribute(&self, seat: Seat, cell: Cell) -> Result<&CardDef, RuleError> {
        let id = self
            .own_free_face_up_monster(seat, cell)?
            .map_err(|unfit| RuleError::BadTribute {
                at: cell.into(),
                why: match unfit {
                    Unfit::NotYourMonster => "only your own monsters, not your Deck Leader",
                    Unfit::FaceDown => "a Ritual takes face-up monsters only",
                    Unfit::Spellbound => "a spellbound monster cannot be tributed",
                },
            })?;
        self.rules.card(id)
    }

    pub(super) fn do_ritual(
        &mut self,
        seat: Seat,
        tributes: &[Place],
        monster: Option<&(CardRef, Reveal)>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(monster) = monster else {
            if !tributes.is_empty() {
                return Err(RuleError::RitualTributeCount {
                    needed: 0,
                    given: tributes.len() as u8,
                });
            }
            let (spell, _) = self.pending_ritual(seat, "ritual")?;
            self.state.resume = Resume::Nothing;
            events.push(Event::RitualDeclined {
                seat,
                card: spell.card,
            });
            if let Some(at) = spell.at.and_then(Place::cell) {
                self.destroy(at, Some(seat), events);
            }
            return Ok(());
        };
        let plan = self.check_ritual(seat, tributes, monster, RevealCheck::Needed)?;
        self.state.resume = Resume::Nothing;
        for cell in &plan.tributes {
            self.destroy(*cell, Some(seat), events);
        }
        // The spell has done its work: it leaves the cell its monster takes.
        self.destroy(plan.spell_at, Some(seat), events);
        let (card_ref, _) = monster;
        let piece = self.out_of_extra_deck(seat, *card_ref, plan.monster);
        self.state.put(plan.spell_at, piece);
        events.push(Event::RitualSummoned {
            seat,
            card: plan.monster,
            at: plan.spell_at.into(),
        });
        Ok(())
    }

    /// Every Ritual summon `seat` can make now (with the Extra Deck cards `knowledge`
    /// opens), then letting the spell resolve with no effect.
    pub(super) fn ritual_actions(&self, seat: Seat, knowledge: Option<&Knowledge>) -> Vec<Action> {
        let mut actions = Vec::new();
        if let (Ok((spell, ritual)), Some(knowledge)) =
            (self.pending_ritual(seat, "ritual"), knowledge)
            && spell.at.and_then(Place::cell).is_some()
        {
            let monster = self
                .state
                .player(seat)
                .extra_deck
                .iter()
                .find_map(|card_ref| {
                    let reveal = knowledge.get(&self.state.commitment(*card_ref))?;
                    (reveal.card == ritual.summons).then_some((*card_ref, *reveal))
                });
            if let Some(monster) = monster {
                let candidates: Vec<Cell> = self
                    .state
                    .pieces()
                    .map(|(cell, _)| cell)
                    .filter(|cell| self.ritual_tribute(seat, *cell).is_ok())
                    .collect();
                for chosen in combinations(&candidates, ritual.tributes.len()) {
                    let tributes: Vec<Place> = chosen.iter().map(|c| Place::Cell(*c)).collect();
                    if self
                        .check_ritual(seat, &tributes, &monster, RevealCheck::Done)
                        .is_ok()
                    {
                        actions.push(Action::Ritual {
                            tributes,
                            monster: Some(monster),
                        });
                    }
                }
            }
        }
        actions.push(Action::Ritual {
            tributes: Vec::new(),
            monster: None,
        });
        actions
    }
}

/// Whether the monsters `cards` (each with its piece on the field, whose type an effect may
/// have changed) can be matched one to one with the tributes `wanted`.
fn tributes_fit(wanted: &[Filter], cards: &[(&CardDef, &Piece)]) -> bool {
    fn assign(wanted: &[Filter], cards: &[(&CardDef, &Piece)], used: &mut Vec<bool>) -> bool {
        let Some((first, rest)) = wanted.split_first() else {
            return true;
        };
        for (i, (card, piece)) in cards.iter().enumerate() {
            if used[i] || !piece_identity_matches(first, card, piece, None) {
                continue;
            }
            used[i] = true;
            if assign(rest, cards, used) {
                return true;
            }
            used[i] = false;
        }
        false
    }
    wanted.len() == cards.len() && assign(wanted, cards, &mut vec![false; cards.len()])
}
