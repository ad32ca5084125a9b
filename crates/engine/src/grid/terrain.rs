//! Terrain: what is in effect on a cell (Classic field spells colour their owner's side),
//! which monsters it powers up, and Crush.

use crate::card::{CardDef, MonsterType, Primitive};
use crate::duel::Duel;
use crate::event::Event;
use crate::format::FieldSpellMode;
use crate::grid::Cell;
use crate::grid::effects::CRUSH_CHECK;
use crate::piece::{Class, Piece};
use crate::state::QueuedEffect;
use crate::terrain::Terrain;

impl Duel {
    /// The terrain in effect at a cell (Classic field spells colour their owner's side;
    /// Modern ones the whole board).
    pub fn terrain_at(&self, cell: Cell) -> Terrain {
        let base = self.state.base_terrain(cell);
        if base == Terrain::Labyrinth {
            return base;
        }
        let field_terrain_of = |seat: crate::seat::Seat| {
            self.state
                .player(seat)
                .field_spell
                .and_then(|field| self.rules.pool.get(field.card))
                .and_then(field_terrain)
        };
        let side = self.grid().side_of(cell);
        let own_half = side.and_then(field_terrain_of);
        match self.rules.format.terrain.field_spells {
            FieldSpellMode::ControllerHalf => own_half.unwrap_or(base),
            // Full range: this half's own field spell, or else any other player's.
            FieldSpellMode::FullRange => own_half
                .or_else(|| {
                    self.state
                        .table
                        .seats()
                        .filter(|s| Some(*s) != side)
                        .find_map(field_terrain_of)
                })
                .unwrap_or(base),
            FieldSpellMode::Terraform => base,
        }
    }

    /// A face-up monster that remakes the terrain it moves onto (Dharma Cannon: "transforms
    /// the occupied space into NORMAL terrain") does so on `cell`, where it just arrived.
    pub(super) fn terraform_on_entry(&mut self, cell: Cell, events: &mut Vec<Event>) {
        let Some(piece) = self.state.piece(cell) else {
            return;
        };
        let terrain = piece
            .card
            .filter(|_| piece.face_up && !self.spellbound(cell, piece))
            .and_then(|id| self.rules.pool.get(id))
            .and_then(|card| {
                card.effects.iter().find_map(|e| match e.primitive {
                    Primitive::TerraformOnEntry { terrain } => Some(terrain),
                    _ => None,
                })
            });
        if let Some(terrain) = terrain {
            self.set_base_terrain(cell, terrain, events);
        }
    }

    /// `cell`'s own terrain becomes `terrain` (announced only if it changes).
    pub(super) fn set_base_terrain(
        &mut self,
        cell: Cell,
        terrain: Terrain,
        events: &mut Vec<Event>,
    ) {
        if let Some(slot) = self
            .state
            .index(cell)
            .and_then(|i| self.state.terrain.get_mut(i))
            && *slot != terrain
        {
            *slot = terrain;
            events.push(Event::TerrainChanged {
                at: cell.into(),
                terrain,
            });
        }
    }

    /// A face-up monster its terrain powers up.
    pub(super) fn is_powered_up(&self, cell: Cell, piece: &Piece) -> bool {
        piece.face_up
            && self
                .public_card(cell)
                .and_then(|card| piece.monster_stats(card))
                .is_some_and(|m| m.terrain_bonus(self.terrain_at(cell)) > 0)
    }

    /// Crush destroys a non-Immortal monster with 1500 ATK or more that is on it. A hidden
    /// monster is revealed first and judged after.
    pub(super) fn crush_check(&mut self, cell: Cell, events: &mut Vec<Event>) {
        if self.terrain_at(cell) != Terrain::Crush {
            return;
        }
        let Some(piece) = self.state.piece(cell) else {
            return;
        };
        if piece.class != Class::Monster || piece.leader {
            return;
        }
        match piece.card.and_then(|id| self.rules.pool.get(id)).cloned() {
            Some(card) => {
                let immortal = piece
                    .monster_stats(&card)
                    .is_some_and(|m| m.monster_type == MonsterType::Immortal);
                let (atk, _) = self.stats_of(cell, piece, &card);
                if !immortal && atk >= Terrain::CRUSH_MIN_ATK {
                    self.destroy(cell, None, events);
                }
            }
            None => {
                // The rules must see a hidden monster that enters Crush.
                let (owner, commitment) = (piece.owner, self.state.commitment(piece.card_ref));
                self.state.reveal_due.push((owner, commitment));
                self.state.queue.insert(
                    0,
                    QueuedEffect {
                        card: CRUSH_CHECK,
                        index: 0,
                        controller: owner,
                        at: Some(cell.into()),
                        triggering: None,
                        opponent: None,
                        discard_after: false,
                        card_ref: None,
                    },
                );
            }
        }
    }
}

/// The terrain a field spell sets.
pub(super) fn field_terrain(card: &CardDef) -> Option<Terrain> {
    card.effects.iter().find_map(|e| match e.primitive {
        Primitive::ChangeTerrain { terrain, .. } => Some(terrain),
        _ => None,
    })
}
