//! A monster's level on the board: its printed level plus the changes effects made to it
//! (agreed outcomes), which last as ATK and DEF changes do; a changed level stays within
//! [`MIN_LEVEL`] and [`MAX_LEVEL`].

use crate::duel::Duel;
use crate::piece::{MAX_LEVEL, MIN_LEVEL, Modifier, Piece};
use crate::place::Place;

/// `printed` with every change of `modifiers`, kept within the levels a monster may have.
pub fn changed_level(printed: u8, modifiers: &[Modifier]) -> u8 {
    let change: i32 = modifiers.iter().map(|m| i32::from(m.level)).sum();
    let level = (i32::from(printed) + change).clamp(i32::from(MIN_LEVEL), i32::from(MAX_LEVEL));
    // Within 1 and 12 after the clamp.
    u8::try_from(level).unwrap_or(MIN_LEVEL)
}

impl Duel {
    /// The current level of the monster `piece`, when its card is known and has a level.
    pub fn level_of(&self, piece: &Piece) -> Option<u8> {
        let printed = self.rules.pool.get(piece.card?)?.level();
        (printed > 0).then(|| changed_level(printed, &piece.modifiers))
    }

    /// The current level of the monster at `place` (a grid cell or a zone of the field).
    pub fn level_at(&self, place: Place) -> Option<u8> {
        self.level_of(self.piece_at(place)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Duration;

    fn by(level: i8) -> Modifier {
        Modifier {
            level,
            ..Modifier::stats(0, 0, Duration::Permanent)
        }
    }

    #[test]
    fn changes_add_up_and_stay_within_one_and_twelve() {
        assert_eq!(changed_level(4, &[]), 4);
        assert_eq!(changed_level(4, &[by(2), by(-1)]), 5);
        assert_eq!(changed_level(4, &[by(-6)]), MIN_LEVEL);
        assert_eq!(changed_level(11, &[by(3)]), MAX_LEVEL);
        // ATK and DEF changes leave the level alone.
        assert_eq!(
            changed_level(7, &[Modifier::stats(500, -300, Duration::EndOfTurn)]),
            7
        );
    }
}
