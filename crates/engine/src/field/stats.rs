//! A monster's ATK and DEF on the card game's field: its printed values, plus the Field
//! Power Bonus (the printed 30% of its original ATK and DEF) while the terrain marker over
//! its zone boosts one of its types or its attribute — Hidden monsters included, and a
//! monster in the Backrow counts the terrain of its column. A field without terrain
//! markers (Domain Format) gives no bonus.

use crate::duel::Duel;
use crate::kingdom_card::KingdomCard;
use crate::piece::Piece;
use crate::place::Place;

impl Duel {
    /// The terrain marker over `place`, if it has one.
    pub fn marker_at(&self, place: Place) -> Option<&crate::kingdom_card::FieldTerrain> {
        let index = self.field().marker_index(place)?;
        let id = *self.state.markers.get(index)?;
        self.rules.pool.terrain(id)
    }

    /// Whether the monster at `place` gets the Field Power Bonus there.
    pub fn has_field_power_bonus(&self, place: Place, card: &KingdomCard) -> bool {
        self.marker_at(place).is_some_and(|t| t.boosts(card))
    }

    /// The current ATK and DEF of the monster `piece` at `place`, when its card is known.
    pub fn field_stats(&self, place: Place, piece: &Piece) -> Option<(i32, i32)> {
        let def_card = self.rules.pool.get(piece.card?)?;
        let (printed_atk, printed_def) = def_card.printed_stats()?;
        let (mut atk, mut def) = (i32::from(printed_atk), i32::from(printed_def));
        if let Some(card) = def_card.kingdom()
            && self.has_field_power_bonus(place, card)
        {
            let (bonus_atk, bonus_def) = card.field_power_bonus();
            atk += i32::from(bonus_atk);
            def += i32::from(bonus_def);
        }
        for m in &piece.modifiers {
            atk += i32::from(m.atk);
            def += i32::from(m.def);
        }
        Some((atk.max(0), def.max(0)))
    }

    /// An outcome's `terrain` step: the terrain marker over `at` (a Backrow zone's column's)
    /// becomes terrain number `terrain` of the format's list.
    pub(crate) fn set_marker(
        &mut self,
        at: Place,
        terrain: u8,
        events: &mut Vec<crate::event::Event>,
    ) -> Result<(), String> {
        let index = self
            .field()
            .marker_index(at)
            .filter(|i| *i < self.state.markers.len())
            .ok_or_else(|| format!("there is no terrain marker over {at}"))?;
        if self.rules.pool.terrain(terrain).is_none() {
            return Err(format!("the format's terrains have no number {terrain}"));
        }
        self.state.markers[index] = terrain;
        events.push(crate::event::Event::MarkerChanged { at, terrain });
        Ok(())
    }
}
