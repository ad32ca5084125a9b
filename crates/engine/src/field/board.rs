//! The card game's field: every player has a Frontrow of monster zones (each under a
//! terrain marker) and a Backrow of spell and trap zones below it, in columns. Domain
//! Format adds the Extra Monster Zones: players sit in facing pairs (seat 0 facing seat 1,
//! seat 2 facing seat 3, …; with an odd count the last seat faces nobody), and each pair
//! shares two Extra Monster Zones between their Frontrows. The state keeps all of them in
//! one list of slots, seat by seat, Frontrow first, then the Extra Monster Zones pair by
//! pair.

use crate::place::{Place, Zone};
use crate::seat::Seat;

/// The shape of the card game's field for one match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldBoard {
    players: u8,
    monster_zones: u8,
    spell_trap_zones: u8,
    extra_monster_zones: bool,
    field_zone: bool,
}

/// Extra Monster Zones between two facing players (or before a player facing nobody).
pub const EXTRA_MONSTER_ZONES_PER_PAIR: u8 = 2;

impl FieldBoard {
    /// A field of no zones, seating nobody.
    pub const EMPTY: FieldBoard = FieldBoard {
        players: 0,
        monster_zones: 0,
        spell_trap_zones: 0,
        extra_monster_zones: false,
        field_zone: false,
    };

    pub fn new(players: usize, monster_zones: u8, spell_trap_zones: u8) -> FieldBoard {
        FieldBoard {
            players: u8::try_from(players).unwrap_or(u8::MAX),
            monster_zones,
            spell_trap_zones,
            extra_monster_zones: false,
            field_zone: false,
        }
    }

    /// The field `format` plays on, for `players` players.
    pub fn for_format(format: &crate::format::Format, players: usize) -> FieldBoard {
        FieldBoard::new(
            players,
            format.field.monster_zones,
            format.field.spell_trap_zones,
        )
        .with_extra_monster_zones(format.field.extra_monster_zones)
        .with_field_zone(format.field.field_zone)
    }

    /// This field with (or without) a Field Zone for each player.
    pub fn with_field_zone(self, field_zone: bool) -> FieldBoard {
        FieldBoard { field_zone, ..self }
    }

    pub fn has_field_zone(&self) -> bool {
        self.field_zone
    }

    /// `seat`'s Field Zone, where the field has them.
    pub fn field_zone(&self, seat: Seat) -> Option<Place> {
        let place = Place::Zone {
            side: seat,
            zone: Zone::FieldSpell,
            slot: 0,
        };
        self.index(place).map(|_| place)
    }

    /// This field with (or without) the Extra Monster Zones facing pairs share.
    pub fn with_extra_monster_zones(self, extra_monster_zones: bool) -> FieldBoard {
        FieldBoard {
            extra_monster_zones,
            ..self
        }
    }

    pub fn has_extra_monster_zones(&self) -> bool {
        self.extra_monster_zones
    }

    /// The player sitting in front of `seat`, if anyone does: seats pair up in order (0
    /// with 1, 2 with 3, …), and with an odd count the last seat faces nobody. Only that
    /// player shares `seat`'s Extra Monster Zones, columns and Link arrows.
    pub fn facing(&self, seat: Seat) -> Option<Seat> {
        let other = Seat(seat.0 ^ 1);
        (seat.index() < self.players() && other.index() < self.players()).then_some(other)
    }

    /// The first seat of `seat`'s facing pair: the one the pair's Extra Monster Zones are
    /// named by.
    pub fn pair_anchor(&self, seat: Seat) -> Seat {
        Seat(seat.0 & !1)
    }

    /// How many facing pairs (a player facing nobody counting as one) have Extra Monster
    /// Zones.
    fn pairs_with_extra_zones(&self) -> usize {
        if self.extra_monster_zones {
            self.players().div_ceil(2)
        } else {
            0
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
        usize::from(self.monster_zones)
            + usize::from(self.spell_trap_zones)
            + usize::from(self.field_zone)
    }

    /// How many slots the whole field has.
    pub fn slot_count(&self) -> usize {
        self.per_seat() * self.players()
            + self.pairs_with_extra_zones() * usize::from(EXTRA_MONSTER_ZONES_PER_PAIR)
    }

    /// Where a place lies in the list of slots, if it is a zone of this field.
    pub fn index(&self, place: Place) -> Option<usize> {
        let Place::Zone { side, zone, slot } = place else {
            return None;
        };
        if side.index() >= self.players() {
            return None;
        }
        if zone == Zone::ExtraMonster {
            let named_by_anchor = self.pair_anchor(side) == side;
            return (self.extra_monster_zones
                && named_by_anchor
                && slot < EXTRA_MONSTER_ZONES_PER_PAIR)
                .then(|| {
                    self.per_seat() * self.players()
                        + side.index() / 2 * usize::from(EXTRA_MONSTER_ZONES_PER_PAIR)
                        + usize::from(slot)
                });
        }
        let within = match zone {
            Zone::Frontrow if slot < self.monster_zones => usize::from(slot),
            Zone::Backrow if slot < self.spell_trap_zones => {
                usize::from(self.monster_zones) + usize::from(slot)
            }
            Zone::FieldSpell if self.field_zone && slot == 0 => {
                usize::from(self.monster_zones) + usize::from(self.spell_trap_zones)
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
        let seated = per_seat * self.players();
        if index >= seated {
            let per_pair = usize::from(EXTRA_MONSTER_ZONES_PER_PAIR);
            let pair = (index - seated) / per_pair;
            return Some(Place::Zone {
                side: Seat(u8::try_from(pair * 2).ok()?),
                zone: Zone::ExtraMonster,
                slot: u8::try_from((index - seated) % per_pair).ok()?,
            });
        }
        let side = Seat(u8::try_from(index / per_seat).ok()?);
        let within = index % per_seat;
        let monsters = usize::from(self.monster_zones);
        let spell_traps = usize::from(self.spell_trap_zones);
        let (zone, slot) = if within < monsters {
            (Zone::Frontrow, within)
        } else if within < monsters + spell_traps {
            (Zone::Backrow, within - monsters)
        } else {
            (Zone::FieldSpell, 0)
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

    /// The Extra Monster Zones `seat` shares with the player facing it (none on a field
    /// without them).
    pub fn extra_monster_zones(&self, seat: Seat) -> impl Iterator<Item = Place> + use<> {
        let side = self.pair_anchor(seat);
        let count = if self.extra_monster_zones && seat.index() < self.players() {
            EXTRA_MONSTER_ZONES_PER_PAIR
        } else {
            0
        };
        (0..count).map(move |slot| Place::Zone {
            side,
            zone: Zone::ExtraMonster,
            slot,
        })
    }

    /// Every zone a card `seat` controls may be in: its Frontrow, Backrow and Field Zone,
    /// and the Extra Monster Zones it shares.
    pub fn zones_of(&self, seat: Seat) -> impl Iterator<Item = Place> + use<> {
        self.frontrow(seat)
            .chain(self.backrow(seat))
            .chain(self.field_zone(seat))
            .chain(self.extra_monster_zones(seat))
    }

    /// Every zone of the field, seat by seat, then the Extra Monster Zones.
    pub fn all_zones(&self) -> impl Iterator<Item = Place> + use<> {
        let board = *self;
        (0..self.slot_count()).filter_map(move |index| board.place_at(index))
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
    fn facing_pairs_share_two_extra_monster_zones_and_a_lone_seat_has_its_own() {
        let board = FieldBoard::new(3, 5, 5).with_extra_monster_zones(true);
        assert_eq!(board.slot_count(), 30 + 4);
        assert_eq!(board.facing(Seat(0)), Some(Seat(1)));
        assert_eq!(board.facing(Seat(1)), Some(Seat(0)));
        assert_eq!(board.facing(Seat(2)), None);
        let shared: Vec<Place> = board.extra_monster_zones(Seat(1)).collect();
        assert_eq!(
            shared,
            board.extra_monster_zones(Seat(0)).collect::<Vec<_>>()
        );
        assert_eq!(shared.len(), 2);
        let lone: Vec<Place> = board.extra_monster_zones(Seat(2)).collect();
        assert_eq!(lone.len(), 2);
        assert!(lone.iter().all(|p| !shared.contains(p)));
        let mut seen: Vec<usize> = board
            .all_zones()
            .map(|p| board.index(p).expect("a zone of the field"))
            .collect();
        assert_eq!(seen.len(), board.slot_count());
        seen.dedup();
        assert_eq!(seen.len(), board.slot_count());
        // The second seat of a pair does not name the pair's zones.
        let by_second = Place::Zone {
            side: Seat(1),
            zone: Zone::ExtraMonster,
            slot: 0,
        };
        assert_eq!(board.index(by_second), None);
    }

    #[test]
    fn every_player_may_have_a_field_zone_of_their_own() {
        let board = FieldBoard::new(2, 5, 5)
            .with_extra_monster_zones(true)
            .with_field_zone(true);
        assert_eq!(board.slot_count(), 22 + 2);
        let zones: Vec<Place> = Seat::all(2).filter_map(|s| board.field_zone(s)).collect();
        assert_eq!(zones.len(), 2);
        for zone in zones {
            let index = board.index(zone).expect("a zone of the field");
            assert_eq!(board.place_at(index), Some(zone));
        }
        assert_eq!(FieldBoard::new(2, 5, 5).field_zone(Seat(0)), None);
    }

    #[test]
    fn a_field_without_extra_monster_zones_has_none() {
        let board = FieldBoard::new(2, 5, 5);
        assert_eq!(board.extra_monster_zones(Seat(0)).count(), 0);
        let zone = Place::Zone {
            side: Seat(0),
            zone: Zone::ExtraMonster,
            slot: 0,
        };
        assert_eq!(board.index(zone), None);
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
