//! Change the terrain: a Kairu field spell terraforms every cell within its radius of where
//! it was activated (Labyrinth excepted); a Classic field spell moves into its controller's
//! Field Spell Zone and colours that player's side of the board.

use super::Resolved;
use crate::card::{CardDef, SpellKind};
use crate::duel::Duel;
use crate::event::Event;
use crate::format::FieldSpellMode;
use crate::grid::Cell;
use crate::piece::Attached;
use crate::place::Place;
use crate::state::QueuedEffect;
use crate::terrain::Terrain;

impl Duel {
    pub(super) fn change_terrain(
        &mut self,
        card: &CardDef,
        effect: &QueuedEffect,
        radius: u8,
        terrain: Terrain,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(centre) = effect.at.and_then(Place::cell) else {
            return Resolved::Stopped;
        };
        let classic_field = card.spell_kind() == Some(SpellKind::Field)
            && matches!(
                self.rules.format.terrain.field_spells,
                FieldSpellMode::ControllerHalf | FieldSpellMode::FullRange
            );
        if classic_field {
            // The card moves from the grid into its controller's Field Spell Zone, under its
            // own commitment. If it left the grid before resolving (an answering trap
            // destroyed it), it is already in the graveyard and has no field to set.
            if self
                .state
                .piece(centre)
                .is_none_or(|p| p.card != Some(card.id))
            {
                return Resolved::Stopped;
            }
            let Some(piece) = self.state.take(centre) else {
                return Resolved::Stopped;
            };
            let field = Attached {
                owner: piece.owner,
                card_ref: piece.card_ref,
                card: card.id,
                reversed: false,
            };
            if let Some(old) = self
                .state
                .player_mut(effect.controller)
                .field_spell
                .replace(field)
            {
                self.state
                    .player_mut(old.owner)
                    .graveyard
                    .push(old.to_graveyard());
            }
            events.push(Event::TerrainChanged {
                at: centre.into(),
                terrain,
            });
            return Resolved::Done;
        }
        let cells = self.terraformed_cells(centre, radius);
        self.terraform(cells, terrain, events);
        Resolved::Done
    }

    /// Every cell in the row of the board the effect's card stands in takes `terrain`.
    pub(super) fn change_terrain_of_row(
        &mut self,
        effect: &QueuedEffect,
        terrain: Terrain,
        events: &mut Vec<Event>,
    ) -> Resolved {
        let Some(centre) = effect.at.and_then(Place::cell) else {
            return Resolved::Stopped;
        };
        let row: Vec<Cell> = self
            .state
            .all_cells()
            .filter(|c| c.row == centre.row)
            .collect();
        self.terraform(row, terrain, events);
        Resolved::Done
    }

    /// `cells` take `terrain` (Labyrinth stays), and a monster now standing on Crush is
    /// checked.
    fn terraform(&mut self, cells: Vec<Cell>, terrain: Terrain, events: &mut Vec<Event>) {
        for &cell in &cells {
            if let Some(slot) = self
                .state
                .index(cell)
                .and_then(|i| self.state.terrain.get_mut(i))
                && *slot != Terrain::Labyrinth
                && *slot != terrain
            {
                *slot = terrain;
                events.push(Event::TerrainChanged {
                    at: cell.into(),
                    terrain,
                });
            }
        }
        let on_board: Vec<Cell> = cells
            .into_iter()
            .filter(|c| self.state.piece(*c).is_some())
            .collect();
        for cell in on_board {
            self.crush_check(cell, events);
        }
    }

    /// The cells a terrain change of `radius` around `centre` reaches: those within
    /// `radius` steps of it (`Duel::cells_within_range`: Kairu's "tiles within 2 movement
    /// range of the tile where the card was activated ... Labyrinth terrain cannot be
    /// transformed").
    fn terraformed_cells(&self, centre: Cell, radius: u8) -> Vec<Cell> {
        self.cells_within_range(centre, radius)
    }
}
