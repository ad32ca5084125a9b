#![allow(clippy::expect_used, clippy::unwrap_used)]
//! The DOR pool's fusion table, as derived from the original game's (tools/dor_extra_deck.py):
//! every listed pair fuses the same way in either order, into a monster that may wait in an
//! Extra Deck, and the count matches the original table (26,540 pairs into 95 monsters).

use std::collections::BTreeSet;

use fairduel_engine::{CardId, CardPool};

const DOR: &str = include_str!("../../../assets/cards/dor.toml");

#[test]
fn the_original_tables_pairs_fuse_in_either_order_into_extra_deck_monsters() {
    let pool = CardPool::from_toml("assets/cards/dor.toml", DOR).expect("the pool loads");
    let table = pool.fusions();
    let mut pairs = BTreeSet::new();
    let mut results = BTreeSet::new();
    for group in table.groups() {
        for a in &group.first {
            for b in &group.second {
                assert_eq!(table.fuse(*a, *b), Some(group.result));
                assert_eq!(table.fuse(*b, *a), Some(group.result));
                pairs.insert((*a.min(b), *a.max(b)));
            }
        }
        assert!(pool.is_extra_deck_monster(group.result));
        assert!(
            pool.get(group.result).is_some_and(|c| c.is_monster()),
            "card {} is a monster",
            group.result
        );
        results.insert(group.result);
    }
    assert_eq!(pairs.len(), 26_540);
    assert_eq!(results.len(), 95);
    // A spell never fuses, nor does a pair the table does not list.
    assert_eq!(table.fuse(CardId(799), CardId(7)), None);
    assert_eq!(table.fuse(CardId(292), CardId(8)), None);
    // Baby Dragon and Ryu-Kishin make Koumori Dragon, as in the original game.
    assert_eq!(table.fuse(CardId(21), CardId(292)), Some(CardId(5)));
}
