//! Places: where a card is, or goes, in the terms every family shares.
//!
//! A place names whose side of the table, which zone and which slot. The grid family's
//! board is one zone that every player shares, so its places are its cells; the card game's
//! field (Kingdom Duels, Domain Format) gives each player their own zones with numbered
//! slots. Actions, events, errors, claims and declarations name places; each family's
//! topology says what lies next to what.

use serde::{Deserialize, Serialize};

use crate::grid::Cell;
use crate::seat::Seat;

/// A zone that belongs to one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Zone {
    Hand,
    Deck,
    Graveyard,
    /// Out of the game for good (Kairu's "Shadow Realm").
    Banished,
    /// The Classic Field Spell Zone; on the card game's field (Domain Format) the Field
    /// Zone (slot 0).
    FieldSpell,
    /// The card game's monster zones, each under a terrain marker (Kingdom Duels).
    Frontrow,
    /// The card game's spell and trap zones.
    Backrow,
    /// The player themselves, as the target of a direct attack (slot 0).
    Player,
    /// Domain Format's Deck Master Zone, apart from the field (slot 0).
    DeckMaster,
    /// The Extra Deck, hidden from all but its owner (slot 0: a card leaving it is named
    /// by its commitment, not by a place).
    ExtraDeck,
    /// Kingdom Duels' Rule Zone, apart from the field (slot 0).
    Rule,
    /// The card game's Extra Monster Zones, two between each pair of facing players and
    /// shared by them (Domain Format). Named by the first seat of the pair (`side`), slot 0
    /// on that seat's left.
    ExtraMonster,
}

impl Zone {
    /// Whether a card in this zone is on the card game's field: the Frontrow, the Backrow,
    /// an Extra Monster Zone or the Field Zone.
    pub fn is_on_field(self) -> bool {
        matches!(
            self,
            Zone::Frontrow | Zone::Backrow | Zone::ExtraMonster | Zone::FieldSpell
        )
    }

    /// Whether this zone is a monster zone of the card game's field: a Frontrow (Main
    /// Monster) zone or an Extra Monster Zone.
    pub fn is_monster_zone(self) -> bool {
        matches!(self, Zone::Frontrow | Zone::ExtraMonster)
    }

    pub fn label(self) -> &'static str {
        match self {
            Zone::Hand => "hand",
            Zone::Deck => "deck",
            Zone::Graveyard => "graveyard",
            Zone::Banished => "banished cards",
            Zone::FieldSpell => "Field Spell Zone",
            Zone::Frontrow => "Frontrow",
            Zone::Backrow => "Backrow",
            Zone::Player => "life points",
            Zone::DeckMaster => "Deck Master Zone",
            Zone::ExtraDeck => "Extra Deck",
            Zone::Rule => "Rule Zone",
            Zone::ExtraMonster => "Extra Monster Zone",
        }
    }
}

/// Where a card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    /// A cell of the shared grid (the grid family's board).
    Cell(Cell),
    /// Slot `slot` of `side`'s zone `zone`.
    Zone { side: Seat, zone: Zone, slot: u8 },
}

impl Place {
    /// The grid cell, if this place is one.
    pub fn cell(self) -> Option<Cell> {
        match self {
            Place::Cell(cell) => Some(cell),
            Place::Zone { .. } => None,
        }
    }

    /// Slot `index` of `side`'s `zone` (a hand, a graveyard …); an index past the last slot
    /// a place can name is written as the last.
    pub fn slot_of(side: Seat, zone: Zone, index: usize) -> Place {
        Place::Zone {
            side,
            zone,
            slot: u8::try_from(index).unwrap_or(u8::MAX),
        }
    }

    /// `seat` themselves, as a direct attack's target.
    pub fn player(seat: Seat) -> Place {
        Place::Zone {
            side: seat,
            zone: Zone::Player,
            slot: 0,
        }
    }

    /// The player a direct attack aimed at this place would hit, if it names one.
    pub fn as_player(self) -> Option<Seat> {
        match self {
            Place::Zone {
                side,
                zone: Zone::Player,
                ..
            } => Some(side),
            _ => None,
        }
    }

    /// Whose side of the table the place is on; a shared board's cells are on nobody's.
    pub fn side(self) -> Option<Seat> {
        match self {
            Place::Cell(_) => None,
            Place::Zone { side, .. } => Some(side),
        }
    }
}

impl From<Cell> for Place {
    fn from(cell: Cell) -> Place {
        Place::Cell(cell)
    }
}

impl Default for Place {
    fn default() -> Place {
        Place::Cell(Cell::default())
    }
}

impl std::fmt::Display for Place {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Place::Cell(cell) => write!(f, "{cell}"),
            Place::Zone {
                side,
                zone: Zone::Player,
                ..
            } => write!(f, "{side} directly"),
            Place::Zone {
                side,
                zone: Zone::ExtraDeck,
                ..
            } => write!(f, "{side}'s Extra Deck"),
            Place::Zone {
                side,
                zone: Zone::ExtraMonster,
                slot,
            } => {
                let hand = if *slot == 0 { "left" } else { "right" };
                write!(f, "the Extra Monster Zone on {side}'s {hand}")
            }
            Place::Zone {
                side,
                zone: Zone::FieldSpell,
                ..
            } => write!(f, "{side}'s {}", Zone::FieldSpell.label()),
            Place::Zone { side, zone, slot } => {
                write!(
                    f,
                    "{side}'s {} (slot {})",
                    zone.label(),
                    u16::from(*slot) + 1
                )
            }
        }
    }
}
