//! Seats at the table, a container with one value per seat, and sets of seats.

use serde::{Deserialize, Serialize};

/// The most players a match seats.
pub const MAX_SEATS: usize = 6;

/// A player's place at the table, `0..N` for a match of N players. Seats sit clockwise in
/// number order; what that means on a board is the topology's business.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's position in a per-seat list.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Every seat of a match of `count` players, in seat order.
    pub fn all(count: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..count.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// One value per seat, indexed by [`Seat`]. Its length is the number of players.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(transparent)]
pub struct PerSeat<T>(Vec<T>);

impl<T> PerSeat<T> {
    pub fn new(values: Vec<T>) -> PerSeat<T> {
        PerSeat(values)
    }

    /// `count` values made by `make` from each seat.
    pub fn from_fn(count: usize, make: impl FnMut(Seat) -> T) -> PerSeat<T> {
        PerSeat(Seat::all(count).map(make).collect())
    }

    /// The number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.index())
    }

    /// Every seat with its value, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// Every value, in seat order.
    pub fn values(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone + use<T> {
        Seat::all(self.0.len())
    }

    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    pub fn into_vec(self) -> Vec<T> {
        self.0
    }
}

impl<T> std::ops::Index<Seat> for PerSeat<T> {
    type Output = T;

    /// Panics on a seat outside the match. Every seat the engine indexes with comes from the
    /// match's own seats (validated set-ups and actions), like a slice index.
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> std::ops::IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<T> From<Vec<T>> for PerSeat<T> {
    fn from(values: Vec<T>) -> PerSeat<T> {
        PerSeat(values)
    }
}

/// A set of seats, as a bitmask.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    pub fn only(seat: Seat) -> SeatSet {
        SeatSet::EMPTY.with(seat)
    }

    pub fn with(self, seat: Seat) -> SeatSet {
        match 1u8.checked_shl(u32::from(seat.0)) {
            Some(bit) => SeatSet(self.0 | bit),
            None => self,
        }
    }

    pub fn without(self, seat: Seat) -> SeatSet {
        match 1u8.checked_shl(u32::from(seat.0)) {
            Some(bit) => SeatSet(self.0 & !bit),
            None => self,
        }
    }

    pub fn contains(self, seat: Seat) -> bool {
        1u8.checked_shl(u32::from(seat.0))
            .is_some_and(|bit| self.0 & bit != 0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The seats in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = Seat> + Clone {
        (0..8u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }

    /// The only seat in the set, if it holds exactly one.
    pub fn single(self) -> Option<Seat> {
        (self.len() == 1).then(|| Seat(self.0.trailing_zeros() as u8))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatSet {
        seats.into_iter().fold(SeatSet::EMPTY, SeatSet::with)
    }
}

impl std::fmt::Display for SeatSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        match names.len() {
            0 => f.write_str("nobody"),
            _ => f.write_str(&names.join(" and ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_indexes_its_own_slot_for_every_seat_of_a_full_table() {
        let values = PerSeat::from_fn(MAX_SEATS, |s| s.0 * 10);
        for seat in Seat::all(MAX_SEATS) {
            assert_eq!(values[seat], seat.0 * 10, "{seat}");
        }
        assert_eq!(values.get(Seat(6)), None);
        assert_eq!(values.get(Seat(7)), None);
    }

    #[test]
    fn seat_sets_hold_what_was_put_in() {
        let set: SeatSet = [Seat(0), Seat(3), Seat(5)].into_iter().collect();
        assert_eq!(set.len(), 3);
        assert!(set.contains(Seat(3)) && !set.contains(Seat(2)));
        assert_eq!(set.iter().collect::<Vec<_>>(), [Seat(0), Seat(3), Seat(5)]);
        assert_eq!(
            set.without(Seat(0)).without(Seat(5)).single(),
            Some(Seat(3))
        );
        assert_eq!(SeatSet::EMPTY.single(), None);
        assert_eq!(set.to_string(), "seat 0 and seat 3 and seat 5");
    }
}
