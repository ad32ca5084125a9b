//! The ten terrains of Duelists of the Roses and what they do to monsters.

use serde::{Deserialize, Serialize};

use crate::card::MonsterType;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    #[default]
    Normal,
    Forest,
    Wasteland,
    Mountain,
    Meadow,
    Sea,
    Dark,
    Toon,
    Crush,
    Labyrinth,
}

/// How a terrain treats one monster type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Affinity {
    PoweredUp,
    Weakened,
    Neutral,
}

/// Stat change for a powered-up or weakened monster.
pub const TERRAIN_BONUS: i32 = 500;

impl Terrain {
    pub const ALL: [Terrain; 10] = [
        Terrain::Normal,
        Terrain::Forest,
        Terrain::Wasteland,
        Terrain::Mountain,
        Terrain::Meadow,
        Terrain::Sea,
        Terrain::Dark,
        Terrain::Toon,
        Terrain::Crush,
        Terrain::Labyrinth,
    ];

    pub fn affinity(self, monster_type: MonsterType) -> Affinity {
        use MonsterType as T;
        let (up, down): (&[T], &[T]) = match self {
            Terrain::Forest => (
                &[T::Beast, T::BeastWarrior, T::Insect, T::Plant],
                &[T::Fiend],
            ),
            Terrain::Wasteland => (
                &[T::Dinosaur, T::Zombie, T::Rock, T::Machine],
                &[T::Fish, T::SeaSerpent, T::Aqua, T::Plant],
            ),
            Terrain::Mountain => (
                &[T::Dragon, T::WingedBeast, T::Thunder, T::Fairy],
                &[T::Zombie],
            ),
            Terrain::Meadow => (&[T::Warrior, T::BeastWarrior], &[T::Spellcaster]),
            Terrain::Sea => (
                &[T::Fish, T::SeaSerpent, T::Aqua, T::Thunder],
                &[T::Machine, T::Pyro],
            ),
            Terrain::Dark => (&[T::Fiend, T::Spellcaster, T::Zombie], &[T::Fairy]),
            Terrain::Toon => {
                if monster_type == T::Toon {
                    return Affinity::PoweredUp;
                }
                return Affinity::Weakened;
            }
            Terrain::Crush => (&[T::Immortal], &[]),
            Terrain::Normal | Terrain::Labyrinth => (&[], &[]),
        };
        if up.contains(&monster_type) {
            Affinity::PoweredUp
        } else if down.contains(&monster_type) {
            Affinity::Weakened
        } else {
            Affinity::Neutral
        }
    }

    /// The stat change a face-up monster of this type gets on this terrain.
    pub fn stat_bonus(self, monster_type: MonsterType) -> i32 {
        match self.affinity(monster_type) {
            Affinity::PoweredUp => TERRAIN_BONUS,
            Affinity::Weakened => -TERRAIN_BONUS,
            Affinity::Neutral => 0,
        }
    }

    /// Crush destroys a monster of at least this ATK that enters it, unless it is Immortal.
    pub const CRUSH_MIN_ATK: i32 = 1500;

    pub fn label(self) -> &'static str {
        match self {
            Terrain::Normal => "Normal",
            Terrain::Forest => "Forest",
            Terrain::Wasteland => "Wasteland",
            Terrain::Mountain => "Mountain",
            Terrain::Meadow => "Meadow",
            Terrain::Sea => "Sea",
            Terrain::Dark => "Dark",
            Terrain::Toon => "Toon",
            Terrain::Crush => "Crush",
            Terrain::Labyrinth => "Labyrinth",
        }
    }

    /// One-letter code used in board layouts of format and scenario files.
    pub fn code(self) -> char {
        match self {
            Terrain::Normal => '.',
            Terrain::Forest => 'F',
            Terrain::Wasteland => 'W',
            Terrain::Mountain => 'M',
            Terrain::Meadow => 'G',
            Terrain::Sea => 'S',
            Terrain::Dark => 'D',
            Terrain::Toon => 'T',
            Terrain::Crush => 'C',
            Terrain::Labyrinth => 'L',
        }
    }

    pub fn from_code(code: char) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.code() == code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forest_powers_up_beasts_and_weakens_fiends() {
        assert_eq!(Terrain::Forest.stat_bonus(MonsterType::Beast), 500);
        assert_eq!(Terrain::Forest.stat_bonus(MonsterType::Fiend), -500);
        assert_eq!(Terrain::Forest.stat_bonus(MonsterType::Dragon), 0);
    }

    #[test]
    fn toon_weakens_everything_but_toons() {
        assert_eq!(Terrain::Toon.stat_bonus(MonsterType::Toon), 500);
        assert_eq!(Terrain::Toon.stat_bonus(MonsterType::Dragon), -500);
    }

    #[test]
    fn codes_round_trip() {
        for t in Terrain::ALL {
            assert_eq!(Terrain::from_code(t.code()), Some(t));
        }
    }
}
