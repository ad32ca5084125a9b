//! Link arrows (Domain Format, from a card database): a face-up Link Monster points from its
//! zone in the directions its arrows show, seen from its controller's seat ("up" is towards
//! the player facing them). Only the player facing you shares your Link arrows, so the
//! zones arrows reach are those of one facing pair: the first seat's Frontrow, the Extra
//! Monster Zones between, and the facing seat's Frontrow, which is turned half round.
//! A Main Monster Zone a Link arrow points to may take a Link Monster summoned from the
//! Extra Deck (see `extra_monster_zones.rs`).

use crate::card::ExtraDeckSummon;
use crate::duel::Duel;
use crate::piece::Piece;
use crate::place::{Place, Zone};
use crate::seat::Seat;

use super::FieldBoard;

/// A Link Monster's arrows, in the simulators' bits (the `def` column of a `cards.cdb`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct LinkArrows(pub u16);

impl LinkArrows {
    pub const BOTTOM_LEFT: u16 = 0x001;
    pub const BOTTOM: u16 = 0x002;
    pub const BOTTOM_RIGHT: u16 = 0x004;
    pub const LEFT: u16 = 0x008;
    pub const RIGHT: u16 = 0x020;
    pub const TOP_LEFT: u16 = 0x040;
    pub const TOP: u16 = 0x080;
    pub const TOP_RIGHT: u16 = 0x100;

    /// Each arrow with the step it points by, seen by the monster's controller: right is
    /// +x, towards the facing player +y.
    const STEPS: [(u16, i8, i8); 8] = [
        (Self::BOTTOM_LEFT, -1, -1),
        (Self::BOTTOM, 0, -1),
        (Self::BOTTOM_RIGHT, 1, -1),
        (Self::LEFT, -1, 0),
        (Self::RIGHT, 1, 0),
        (Self::TOP_LEFT, -1, 1),
        (Self::TOP, 0, 1),
        (Self::TOP_RIGHT, 1, 1),
    ];

    /// The steps this monster's arrows point by.
    pub fn steps(self) -> impl Iterator<Item = (i8, i8)> {
        Self::STEPS
            .into_iter()
            .filter(move |(bit, _, _)| self.0 & bit != 0)
            .map(|(_, dx, dy)| (dx, dy))
    }

    /// How many arrows (a Link Monster's Link Rating, when the card is whole).
    pub fn count(self) -> u32 {
        (self.0 & 0x1ef).count_ones()
    }
}

/// Rows of a facing pair's monster zones, seen from the pair's first seat.
const FIRST_SEAT_ROW: i8 = 0;
const EXTRA_ZONE_ROW: i8 = 1;
const FACING_SEAT_ROW: i8 = 2;

impl FieldBoard {
    /// Where a monster zone lies within its facing pair, seen from the pair's first seat:
    /// (column from that seat's left, row). `None` for zones that are not monster zones.
    pub(crate) fn pair_position(&self, place: Place) -> Option<(i8, i8)> {
        let Place::Zone { side, zone, slot } = place else {
            return None;
        };
        self.index(place)?;
        let slot = i8::try_from(slot).ok()?;
        let last = i8::try_from(self.monster_zones()).ok()? - 1;
        match zone {
            Zone::Frontrow if self.pair_anchor(side) == side => Some((slot, FIRST_SEAT_ROW)),
            Zone::Frontrow => Some((last - slot, FACING_SEAT_ROW)),
            // The two Extra Monster Zones sit over the second and the second-to-last column.
            Zone::ExtraMonster => Some((if slot == 0 { 1 } else { last - 1 }, EXTRA_ZONE_ROW)),
            _ => None,
        }
    }

    /// The monster zone at a position of `anchor`'s facing pair, if there is one.
    fn zone_at_pair_position(&self, anchor: Seat, column: i8, row: i8) -> Option<Place> {
        let last = i8::try_from(self.monster_zones()).ok()? - 1;
        if !(0..=last).contains(&column) {
            return None;
        }
        let place = match row {
            FIRST_SEAT_ROW => Place::Zone {
                side: anchor,
                zone: Zone::Frontrow,
                slot: u8::try_from(column).ok()?,
            },
            FACING_SEAT_ROW => Place::Zone {
                side: self.facing(anchor)?,
                zone: Zone::Frontrow,
                slot: u8::try_from(last - column).ok()?,
            },
            EXTRA_ZONE_ROW => {
                let slot = if column == 1 {
                    0
                } else if column == last - 1 {
                    1
                } else {
                    return None;
                };
                Place::Zone {
                    side: anchor,
                    zone: Zone::ExtraMonster,
                    slot,
                }
            }
            _ => return None,
        };
        self.index(place).map(|_| place)
    }

    /// Every monster zone of `seat`'s facing pair: its Frontrow, the facing seat's and the
    /// Extra Monster Zones between.
    pub(crate) fn pair_monster_zones(&self, seat: Seat) -> impl Iterator<Item = Place> + use<> {
        let anchor = self.pair_anchor(seat);
        let facing = self.facing(anchor);
        self.frontrow(anchor)
            .chain(self.extra_monster_zones(anchor))
            .chain(facing.into_iter().flat_map({
                let board = *self;
                move |f| board.frontrow(f)
            }))
    }
}

impl Duel {
    /// The arrows of the card at a zone, if it is a face-up Link Monster.
    pub(crate) fn link_arrows_of(&self, piece: &Piece) -> Option<LinkArrows> {
        if !piece.face_up {
            return None;
        }
        let def = self.rules.pool.get(piece.card?)?;
        if def.monster()?.extra_deck != Some(ExtraDeckSummon::Link) {
            return None;
        }
        let arrows = def.database.as_ref()?.link_arrows;
        (arrows != 0).then_some(LinkArrows(arrows))
    }

    /// The zones a face-up Link Monster at `from` points to.
    pub fn zones_pointed_to_from(&self, from: Place) -> Vec<Place> {
        let field = *self.field();
        let Some(piece) = self.zone_piece(from) else {
            return Vec::new();
        };
        let (Some(arrows), Some((column, row)), Place::Zone { side, .. }) =
            (self.link_arrows_of(piece), field.pair_position(from), from)
        else {
            return Vec::new();
        };
        let anchor = field.pair_anchor(side);
        // The facing seat sees the pair turned half round.
        let turned = self.side_of(piece.controller) != anchor
            && field.facing(anchor) == Some(self.side_of(piece.controller));
        arrows
            .steps()
            .filter_map(|(dx, dy)| {
                let (dx, dy) = if turned { (-dx, -dy) } else { (dx, dy) };
                field.zone_at_pair_position(anchor, column + dx, row + dy)
            })
            .collect()
    }

    /// The Main Monster Zones of `seat`'s side that a face-up Link Monster points to (its
    /// own, or one of the player facing it).
    pub fn linked_main_monster_zones(&self, seat: Seat) -> Vec<Place> {
        let field = *self.field();
        let side = self.side_of(seat);
        let mut linked: Vec<Place> = field
            .pair_monster_zones(side)
            .filter(|at| self.zone_piece(*at).is_some())
            .flat_map(|at| self.zones_pointed_to_from(at))
            .filter(
                |at| matches!(at, Place::Zone { side: s, zone: Zone::Frontrow, .. } if *s == side),
            )
            .collect();
        linked.sort();
        linked.dedup();
        linked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pair_positions_put_the_facing_frontrow_half_round() {
        let board = FieldBoard::new(2, 5, 5).with_extra_monster_zones(true);
        let zone = |side, zone, slot| Place::Zone {
            side: Seat(side),
            zone,
            slot,
        };
        assert_eq!(
            board.pair_position(zone(0, Zone::Frontrow, 0)),
            Some((0, 0))
        );
        assert_eq!(
            board.pair_position(zone(1, Zone::Frontrow, 0)),
            Some((4, 2))
        );
        assert_eq!(
            board.pair_position(zone(0, Zone::ExtraMonster, 0)),
            Some((1, 1))
        );
        assert_eq!(
            board.pair_position(zone(0, Zone::ExtraMonster, 1)),
            Some((3, 1))
        );
        assert_eq!(board.pair_position(zone(0, Zone::Backrow, 0)), None);
        for place in board.pair_monster_zones(Seat(1)) {
            let (column, row) = board.pair_position(place).expect("a monster zone");
            assert_eq!(
                board.zone_at_pair_position(Seat(0), column, row),
                Some(place)
            );
        }
        assert_eq!(board.pair_monster_zones(Seat(1)).count(), 12);
    }

    #[test]
    fn arrows_are_read_from_the_simulators_bits() {
        let arrows = LinkArrows(LinkArrows::BOTTOM_LEFT | LinkArrows::TOP | LinkArrows::RIGHT);
        let steps: Vec<(i8, i8)> = arrows.steps().collect();
        assert_eq!(steps, vec![(-1, -1), (1, 0), (0, 1)]);
        assert_eq!(arrows.count(), 3);
    }
}
