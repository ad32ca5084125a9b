//! DOR Modern rule 5: "Pendulum Monsters can be Summoned/Set as monsters or activated in the
//! corner card zones which are designated Pendulum Zones. If activated in the Pendulum Zone,
//! they cannot be moved", and "Each Player can control a maximum of 5 Spell/Trap cards
//! including Pendulum cards".
//!
//! *Reading*: a player's Pendulum Zones are the two corners of their own edge of the board
//! (with four players two neighbours share a corner: whoever takes it first holds it). A
//! Pendulum Monster is activated there from the hand, face-up, as a spell that stays: it
//! counts among the five spells and traps and never moves (face-up spells do not move in
//! Modern, and a Pendulum card in its zone never does).

use crate::card::CardDef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::grid::{Cell, Edge};
use crate::seat::Seat;

impl Duel {
    /// `seat`'s Pendulum Zones: the two corners of its edge of the board.
    pub(crate) fn pendulum_corners(&self, seat: Seat) -> [Cell; 2] {
        let last = self.grid().size().saturating_sub(1);
        match self.grid().edge_of(seat) {
            Edge::Bottom => [Cell::new(last, 0), Cell::new(last, last)],
            Edge::Top => [Cell::new(0, 0), Cell::new(0, last)],
            Edge::Left => [Cell::new(0, 0), Cell::new(last, 0)],
            Edge::Right => [Cell::new(0, last), Cell::new(last, last)],
        }
    }

    /// Whether `card` is a Pendulum Monster the format lets `seat` activate in a Pendulum
    /// Zone.
    pub(crate) fn activates_in_pendulum_zones(&self, card: &CardDef) -> bool {
        self.rules.format.play.pendulum_corners
            && card.is_monster()
            && card.pendulum_scale().is_some()
    }

    /// Why `seat` may not activate the monster `card` as a spell at `to`, if it may not.
    pub(super) fn pendulum_corner_refused(
        &self,
        seat: Seat,
        card: &CardDef,
        to: Cell,
    ) -> Option<RuleError> {
        if !self.activates_in_pendulum_zones(card) {
            return Some(RuleError::WrongPlayMode {
                why: "only spells activate (and, in DOR Modern, Pendulum Monsters in a Pendulum \
                      Zone)",
            });
        }
        (!self.pendulum_corners(seat).contains(&to)).then_some(RuleError::WrongPlayMode {
            why: "a Pendulum Monster is activated only in a Pendulum Zone: a corner of your own \
                  edge of the board",
        })
    }
}
