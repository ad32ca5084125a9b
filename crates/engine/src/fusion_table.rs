//! The fusion table of a pool: which two monsters fuse into which (Duelists of the Roses'
//! own table, derived into `[[fusion]]` entries of `assets/cards/dor.toml`). An entry says
//! that any monster of `first` fused with any monster of `second`, in either order, becomes
//! `result`; the original table is a product of such groups, so it stays small written so.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::card::{CardDef, CardId};

/// One `[[fusion]]` entry: every pair of one card of `first` and one of `second` fuses into
/// `result`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FusionGroup {
    pub result: CardId,
    pub first: Vec<CardId>,
    pub second: Vec<CardId>,
}

/// A pool's fusions, looked up by the pair of materials.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FusionTable {
    /// The entries as the pool file gives them (hashed with the pool).
    groups: Vec<FusionGroup>,
    /// Every pair (smaller number first) and what it fuses into.
    by_pair: BTreeMap<(CardId, CardId), CardId>,
    /// Results, sorted: the monsters a fusion can make.
    results: Vec<CardId>,
}

impl FusionTable {
    /// Builds the table, checking that every card named is a monster of the pool and that
    /// no pair fuses into two different monsters.
    pub fn new<'a>(
        groups: Vec<FusionGroup>,
        card: impl Fn(CardId) -> Option<&'a CardDef>,
    ) -> Result<FusionTable, String> {
        let mut by_pair = BTreeMap::new();
        let mut results = Vec::new();
        for group in &groups {
            let monster = |id: CardId, role: &str| match card(id) {
                Some(def) if def.is_monster() => Ok(()),
                Some(def) => Err(format!(
                    "the fusion into card {} names {} \"{}\" as a {role}, which is not a monster",
                    group.result.0, id.0, def.name
                )),
                None => Err(format!(
                    "the fusion into card {} names card number {} as a {role}, which the pool \
                     does not hold",
                    group.result.0, id.0
                )),
            };
            monster(group.result, "result")?;
            if group.first.is_empty() || group.second.is_empty() {
                return Err(format!(
                    "the fusion into card {} needs at least one card in `first` and in `second`",
                    group.result.0
                ));
            }
            for a in &group.first {
                monster(*a, "material")?;
                for b in &group.second {
                    monster(*b, "material")?;
                    let pair = ordered(*a, *b);
                    match by_pair.insert(pair, group.result) {
                        Some(other) if other != group.result => {
                            return Err(format!(
                                "cards {} and {} fuse into both card {} and card {}",
                                pair.0.0, pair.1.0, other.0, group.result.0
                            ));
                        }
                        _ => {}
                    }
                }
            }
            results.push(group.result);
        }
        results.sort();
        results.dedup();
        Ok(FusionTable {
            groups,
            by_pair,
            results,
        })
    }

    /// What `a` and `b` fuse into, in either order.
    pub fn fuse(&self, a: CardId, b: CardId) -> Option<CardId> {
        self.by_pair.get(&ordered(a, b)).copied()
    }

    /// Whether some fusion makes `card`: a Fusion Monster, which may wait in the Extra Deck.
    pub fn makes(&self, card: CardId) -> bool {
        self.results.binary_search(&card).is_ok()
    }

    pub fn groups(&self) -> &[FusionGroup] {
        &self.groups
    }

    pub fn is_empty(&self) -> bool {
        self.groups.is_empty()
    }

    /// Every pair of materials that fuses into `result`, smaller number first.
    pub fn materials_of(&self, result: CardId) -> impl Iterator<Item = (CardId, CardId)> + '_ {
        self.by_pair
            .iter()
            .filter(move |(_, r)| **r == result)
            .map(|(pair, _)| *pair)
    }
}

fn ordered(a: CardId, b: CardId) -> (CardId, CardId) {
    if a <= b { (a, b) } else { (b, a) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Attribute, CardKind, MonsterStats, MonsterType};

    fn monster(id: u16) -> CardDef {
        CardDef {
            id: CardId(id),
            name: format!("Monster {id}"),
            kind: CardKind::Monster(MonsterStats {
                attribute: Attribute::Light,
                monster_type: MonsterType::Dragon,
                level: 4,
                atk: 1000,
                def: 1000,
                ritual: false,
                strong_in: None,
                extra_deck: None,
            }),
            equip_to: None,
            effects: Vec::new(),
            ritual: None,
            database: None,
        }
    }

    fn lookup<'a>(cards: &'a [CardDef]) -> impl Fn(CardId) -> Option<&'a CardDef> {
        move |id| cards.iter().find(|c| c.id == id)
    }

    #[test]
    fn a_pair_fuses_in_either_order_and_only_as_listed() {
        let cards: Vec<CardDef> = (1..=5).map(monster).collect();
        let table = FusionTable::new(
            vec![FusionGroup {
                result: CardId(5),
                first: vec![CardId(1), CardId(2)],
                second: vec![CardId(3)],
            }],
            lookup(&cards),
        )
        .expect("a valid table");
        assert_eq!(table.fuse(CardId(1), CardId(3)), Some(CardId(5)));
        assert_eq!(table.fuse(CardId(3), CardId(2)), Some(CardId(5)));
        assert_eq!(table.fuse(CardId(1), CardId(2)), None);
        assert!(table.makes(CardId(5)));
        assert!(!table.makes(CardId(1)));
        assert_eq!(table.materials_of(CardId(5)).count(), 2);
    }

    #[test]
    fn a_pair_with_two_results_or_an_unknown_card_is_refused() {
        let cards: Vec<CardDef> = (1..=5).map(monster).collect();
        let twice = FusionTable::new(
            vec![
                FusionGroup {
                    result: CardId(4),
                    first: vec![CardId(1)],
                    second: vec![CardId(2)],
                },
                FusionGroup {
                    result: CardId(5),
                    first: vec![CardId(2)],
                    second: vec![CardId(1)],
                },
            ],
            lookup(&cards),
        );
        assert!(twice.is_err_and(|e| e.contains("fuse into both")));
        let unknown = FusionTable::new(
            vec![FusionGroup {
                result: CardId(5),
                first: vec![CardId(9)],
                second: vec![CardId(1)],
            }],
            lookup(&cards),
        );
        assert!(unknown.is_err_and(|e| e.contains("does not hold")));
    }
}
