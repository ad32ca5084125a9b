//! The card game's field: every player has a Frontrow of monster zones (each under a
//! terrain marker) and a Backrow of spell and trap zones below it, in columns. The state
//! keeps all of them in one list of slots, seat by seat, Frontrow first.

use crate::place::{Place, Zone};
use crate::seat::Seat;

/// The shape of the card game's field for one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldBoard {
    players: u8,
    monster_zones: u8,
    spell_trap_zones: u8,
}

impl FieldBoard {
    /// A field of no zones, seating nobody.
    pub const EMPTY: FieldBoard = FieldBoard {
        players: 0,
        monster_zones: 0,
        spell_trap_zones: 0,
    };

    pub fn new(players: usize, monster_zones: u8, spell_trap_zones: u8) -> FieldBoard {
        FieldBoard {
            players: u8::try_from(players).unwrap_or(u8::MAX),
            monster_zones,
            spell_trap_zones,
        }
    }

    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    pub fn monster_zones(&self) -> u8 {
        self.monster_zones
    }

    pub fn spell_trap_zones(&self) -> u8 {
        self.spell_trap_zones
    }

    fn per_seat(&self) -> usize {
        usize::from(self.monster_zones) + usize::from(self.spell_trap_zones)
    }

    /// How many slots the whole field has.
    pub fn slot_count(&self) -> usize {
        self.per_seat() * self.players()
    }

    /// Where a place lies in the list of slots, if it is a zone of this field.
    pub fn index(&self, place: Place) -> Option<usize> {
        let Place::Zone { side, zone, slot } = place else {
            return None;
        };
        if side.index() >= self.players() {
            return None;
        }
        let within = match zone {
            Zone::Frontrow if slot < self.monster_zones => usize::from(slot),
            Zone::Backrow if slot < self.spell_trap_zones => {
                usize::from(self.monster_zones) + usize::from(slot)
            }
            _ => return None,
        };
        Some(side.index() * self.per_seat() + within)
    }

    /// The place at a slot index.
    pub fn place_at(&self, index: usize) -> Option<Place> {
        let per_seat = self.per_seat();
        if per_seat == 0 || index >= self.slot_count() {
            return None;
        }
        let side = Seat(u8::try_from(index / per_seat).ok()?);
        let within = index % per_seat;
        let monsters = usize::from(self.monster_zones);
        let (zone, slot) = if within < monsters {
            (Zone::Frontrow, within)
        } else {
            (Zone::Backrow, within - monsters)
        };
        Some(Place::Zone {
            side,
            zone,
            slot: u8::try_from(slot).ok()?,
        })
    }

    /// `seat`'s Frontrow zones, left to right.
    pub fn frontrow(&self, seat: Seat) -> impl Iterator<Item = Place> + use<> {
        (0..self.monster_zones).map(move |slot| Place::Zone {
            side: seat,
            zone: Zone::Frontrow,
            slot,
        })
    }

    /// `seat`'s Backrow zones, left to right.
    pub fn backrow(&self, seat: Seat) -> impl Iterator<Item = Place> + use<> {
        (0..self.spell_trap_zones).map(move |slot| Place::Zone {
            side: seat,
            zone: Zone::Backrow,
            slot,
        })
    }

    /// The terrain marker over a zone: a Frontrow zone's own, and for a Backrow zone the
    /// one of the Frontrow zone in its column (a monster summoned into the Backrow counts
    /// that terrain). An index into the state's markers.
    pub fn marker_index(&self, place: Place) -> Option<usize> {
        let Place::Zone { side, zone, slot } = place else {
            return None;
        };
        let in_row = matches!(zone, Zone::Frontrow | Zone::Backrow);
        (in_row && slot < self.monster_zones && side.index() < self.players())
            .then(|| side.index() * usize::from(self.monster_zones) + usize::from(slot))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_zone_has_its_own_slot_and_comes_back_from_it() {
        let board = FieldBoard::new(2, 5, 5);
        assert_eq!(board.slot_count(), 20);
        let mut seen = Vec::new();
        for seat in Seat::all(2) {
            for place in board.frontrow(seat).chain(board.backrow(seat)) {
                let index = board.index(place).expect("a zone of the field");
                assert_eq!(board.place_at(index), Some(place));
                seen.push(index);
            }
        }
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 20);
    }

    #[test]
    fn places_off_the_field_have_no_slot() {
        let board = FieldBoard::new(2, 5, 5);
        let off = [
            Place::Zone {
                side: Seat(2),
                zone: Zone::Frontrow,
                slot: 0,
            },
            Place::Zone {
                side: Seat(0),
                zone: Zone::Frontrow,
                slot: 5,
            },
            Place::Zone {
                side: Seat(0),
                zone: Zone::Hand,
                slot: 0,
            },
        ];
        for place in off {
            assert_eq!(board.index(place), None, "{place}");
        }
    }

    #[test]
    fn a_backrow_zone_counts_the_terrain_of_its_column() {
        let board = FieldBoard::new(2, 5, 5);
        let back = Place::Zone {
            side: Seat(1),
            zone: Zone::Backrow,
            slot: 3,
        };
        let front = Place::Zone {
            side: Seat(1),
            zone: Zone::Frontrow,
            slot: 3,
        };
        assert_eq!(board.marker_index(back), Some(8));
        assert_eq!(board.marker_index(back), board.marker_index(front));
    }
}
