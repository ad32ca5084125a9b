//! Card pools: loading `assets/cards/*.toml`, validating every card, and hashing the result.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::card::{
    Attribute, CardDef, CardId, CardKind, EffectDef, Filter, MonsterStats, MonsterType, Primitive,
    SpellKind, TrapKind, TrapRange, Trigger,
};
use crate::grid::{filter_needs_identity, identity_matches};
use crate::hash::{Digest32, sha256_of};
use crate::source::{SourceError, line_of};

/// A validated set of card definitions with a content hash peers compare before a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPool {
    name: String,
    cards: CardTable,
    hash: Digest32,
    /// Which cards continuous spellbinds concern: the rules ask "is anything holding this
    /// monster?" for every candidate action, so the answer is narrowed down once per pool.
    binds: Binds,
}

/// The cards in number order, found by number through a table indexed by it: the rules
/// look a card up many times per action.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct CardTable {
    defs: Vec<CardDef>,
    /// `positions[id]` is 1 + the place of card `id` in `defs`, 0 for no card.
    positions: Vec<u32>,
}

impl From<BTreeMap<CardId, CardDef>> for CardTable {
    fn from(cards: BTreeMap<CardId, CardDef>) -> CardTable {
        let top = cards
            .keys()
            .next_back()
            .map_or(0, |id| usize::from(id.0) + 1);
        let mut positions = vec![0; top];
        for (place, id) in cards.keys().enumerate() {
            if let Some(p) = positions.get_mut(usize::from(id.0)) {
                *p = u32::try_from(place + 1).unwrap_or(0);
            }
        }
        CardTable {
            defs: cards.into_values().collect(),
            positions,
        }
    }
}

impl CardTable {
    fn get(&self, id: CardId) -> Option<&CardDef> {
        let place = *self.positions.get(usize::from(id.0))?;
        self.defs.get(usize::try_from(place).ok()?.checked_sub(1)?)
    }
}

/// The pool's continuous spellbinds, summarised.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Binds {
    /// Cards with a continuous spellbind.
    binders: Vec<CardId>,
    /// Monsters some binder's filter could name (ATK limits aside), by card number.
    holdable: Vec<bool>,
    /// Some binder's filter needs neither the card's identity nor a face-up card, so it may
    /// hold a hidden monster.
    holds_hidden: bool,
}

impl Binds {
    fn of(cards: &BTreeMap<CardId, CardDef>) -> Binds {
        let filters: Vec<(CardId, &Filter)> = cards
            .values()
            .flat_map(|c| c.effects.iter().map(move |e| (c.id, e)))
            .filter_map(|(id, e)| match &e.primitive {
                Primitive::Spellbind { targets, .. } if e.trigger == Trigger::Continuous => {
                    Some((id, &targets.filter))
                }
                _ => None,
            })
            .collect();
        let mut binders: Vec<CardId> = filters.iter().map(|(id, _)| *id).collect();
        binders.dedup();
        // Current ATK can differ from the printed one: leave ATK limits to the full check.
        let identities: Vec<Filter> = filters
            .iter()
            .map(|(_, f)| Filter {
                max_atk: None,
                min_atk: None,
                ..(*f).clone()
            })
            .collect();
        let mut holdable = Vec::new();
        for card in cards
            .values()
            .filter(|c| c.is_monster())
            .filter(|c| identities.iter().any(|f| identity_matches(f, c, None)))
        {
            let at = usize::from(card.id.0);
            if holdable.len() <= at {
                holdable.resize(at + 1, false);
            }
            holdable[at] = true;
        }
        let holds_hidden = filters
            .iter()
            .any(|(_, f)| !f.face_up_only && !filter_needs_identity(f));
        Binds {
            binders,
            holdable,
            holds_hidden,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPool {
    name: String,
    #[serde(default)]
    card: Vec<toml::Spanned<RawCard>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: u16,
    name: String,
    kind: RawKind,
    attribute: Option<Attribute>,
    #[serde(rename = "type")]
    monster_type: Option<MonsterType>,
    level: Option<u8>,
    atk: Option<u16>,
    def: Option<u16>,
    spell: Option<SpellKind>,
    trap: Option<TrapKind>,
    range: Option<TrapRange>,
    equip_to: Option<Filter>,
    #[serde(default)]
    effects: Vec<EffectDef>,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "kebab-case")]
enum RawKind {
    Monster,
    Spell,
    Trap,
}

/// Highest level a monster may have; the original game's deck tops out at 12.
const MAX_LEVEL: u8 = 12;

impl CardPool {
    /// Parses and validates a pool file. `file` names it in error messages.
    pub fn from_toml(file: &str, text: &str) -> Result<CardPool, SourceError> {
        let raw: RawPool =
            toml::from_str(text).map_err(|e| SourceError::from_toml(file, text, &e))?;
        let mut cards = BTreeMap::new();
        for spanned in raw.card {
            let line = line_of(text, spanned.span().start);
            let at = |message: String| SourceError::new(file, line, message);
            let raw = spanned.into_inner();
            let def = raw.validate().map_err(at)?;
            if let Some(previous) = cards.insert(def.id, def) {
                return Err(at(format!(
                    "card number {} is used twice (also by \"{}\")",
                    previous.id.0, previous.name
                )));
            }
        }
        if cards.is_empty() {
            return Err(SourceError::new(
                file,
                1,
                "the pool has no [[card]] entries".into(),
            ));
        }
        let hash = Self::compute_hash(&raw.name, &cards);
        let binds = Binds::of(&cards);
        Ok(CardPool {
            name: raw.name,
            cards: cards.into(),
            hash,
            binds,
        })
    }

    /// Builds a pool from definitions made in code (tests, scenario fixtures).
    pub fn from_cards(
        name: impl Into<String>,
        defs: impl IntoIterator<Item = CardDef>,
    ) -> CardPool {
        let name = name.into();
        let cards: BTreeMap<CardId, CardDef> = defs.into_iter().map(|d| (d.id, d)).collect();
        let hash = Self::compute_hash(&name, &cards);
        let binds = Binds::of(&cards);
        CardPool {
            name,
            cards: cards.into(),
            hash,
            binds,
        }
    }

    /// Whether `id` is a card with a continuous spellbind.
    pub fn is_binder(&self, id: CardId) -> bool {
        self.binds.binders.contains(&id)
    }

    /// Whether a continuous spellbind of this pool could ever hold a monster that is `card`
    /// (`None`: a hidden one). `false` settles it; `true` means the board must be looked at.
    pub fn may_be_held(&self, card: Option<CardId>) -> bool {
        match card {
            Some(id) => self
                .binds
                .holdable
                .get(usize::from(id.0))
                .is_some_and(|held| *held),
            None => self.binds.holds_hidden,
        }
    }

    fn compute_hash(name: &str, cards: &BTreeMap<CardId, CardDef>) -> Digest32 {
        #[derive(Serialize)]
        struct Canonical<'a> {
            domain: &'a str,
            name: &'a str,
            cards: Vec<&'a CardDef>,
        }
        sha256_of(&Canonical {
            domain: "fairduel/pool/v1",
            name,
            cards: cards.values().collect(),
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// SHA-256 over the canonical encoding of every card: equal pools, equal hashes.
    pub fn hash(&self) -> Digest32 {
        self.hash
    }

    pub fn get(&self, id: CardId) -> Option<&CardDef> {
        self.cards.get(id)
    }

    /// Every card, in number order.
    pub fn cards(&self) -> impl Iterator<Item = &CardDef> {
        self.cards.defs.iter()
    }

    pub fn len(&self) -> usize {
        self.cards.defs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.defs.is_empty()
    }

    /// Finds a card by its exact name, ignoring case.
    pub fn find_by_name(&self, name: &str) -> Option<&CardDef> {
        self.cards
            .defs
            .iter()
            .find(|c| c.name.eq_ignore_ascii_case(name))
    }
}

impl RawCard {
    fn validate(self) -> Result<CardDef, String> {
        let who = format!("card {} \"{}\"", self.id, self.name);
        if self.name.trim().is_empty() {
            return Err(format!("card {} has an empty name", self.id));
        }
        let kind = match self.kind {
            RawKind::Monster => {
                let missing = |field: &str| format!("{who} is a monster but has no `{field}`");
                let level = self.level.ok_or_else(|| missing("level"))?;
                if level == 0 || level > MAX_LEVEL {
                    return Err(format!(
                        "{who} has level {level}; levels run from 1 to {MAX_LEVEL}"
                    ));
                }
                if self.spell.is_some() || self.trap.is_some() || self.range.is_some() {
                    return Err(format!("{who} is a monster but has spell or trap fields"));
                }
                CardKind::Monster(MonsterStats {
                    attribute: self.attribute.ok_or_else(|| missing("attribute"))?,
                    monster_type: self.monster_type.ok_or_else(|| missing("type"))?,
                    level,
                    atk: self.atk.ok_or_else(|| missing("atk"))?,
                    def: self.def.ok_or_else(|| missing("def"))?,
                })
            }
            RawKind::Spell => {
                self.no_monster_fields(&who)?;
                if self.trap.is_some() || self.range.is_some() {
                    return Err(format!("{who} is a spell but has trap fields"));
                }
                let spell = self
                    .spell
                    .ok_or_else(|| format!("{who} is a spell but has no `spell` kind"))?;
                CardKind::Spell { spell }
            }
            RawKind::Trap => {
                self.no_monster_fields(&who)?;
                if self.spell.is_some() {
                    return Err(format!("{who} is a trap but has a `spell` kind"));
                }
                CardKind::Trap {
                    trap: self
                        .trap
                        .ok_or_else(|| format!("{who} is a trap but has no `trap` kind"))?,
                    range: self
                        .range
                        .ok_or_else(|| format!("{who} is a trap but has no `range`"))?,
                }
            }
        };
        let is_equip = matches!(
            kind,
            CardKind::Spell {
                spell: SpellKind::Equip
            }
        );
        if is_equip != self.equip_to.is_some() {
            return Err(if is_equip {
                format!("{who} is an equip spell but has no `equip_to` filter")
            } else {
                format!("{who} has `equip_to` but is not an equip spell")
            });
        }
        for effect in &self.effects {
            check_trigger_fits(&kind, effect).map_err(|e| format!("{who}: {e}"))?;
        }
        Ok(CardDef {
            id: CardId(self.id),
            name: self.name,
            kind,
            equip_to: self.equip_to,
            effects: self.effects,
        })
    }

    fn no_monster_fields(&self, who: &str) -> Result<(), String> {
        if self.attribute.is_some()
            || self.monster_type.is_some()
            || self.level.is_some()
            || self.atk.is_some()
            || self.def.is_some()
        {
            return Err(format!("{who} is not a monster but has monster stats"));
        }
        Ok(())
    }
}

fn check_trigger_fits(kind: &CardKind, effect: &EffectDef) -> Result<(), String> {
    use crate::card::Trigger as T;
    let ok = match kind {
        CardKind::Monster(_) => matches!(
            effect.trigger,
            T::Flip | T::Battle | T::Destroyed | T::Movement | T::Continuous
        ),
        CardKind::Spell { .. } => matches!(effect.trigger, T::Activate | T::Continuous),
        CardKind::Trap { .. } => {
            matches!(
                effect.trigger,
                T::EnemyMovesInRange | T::EnemyAttacks | T::EnemySpell
            )
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "trigger {:?} does not fit a card of this kind",
            effect.trigger
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = r#"
name = "test"

[[card]]
id = 1
name = "Test Dragon"
kind = "monster"
attribute = "light"
type = "dragon"
level = 4
atk = 1500
def = 1200

[[card]]
id = 2
name = "Test Sword"
kind = "spell"
spell = "equip"
equip_to = { types = ["warrior"] }
"#;

    /// Lookup by number finds each card, and nothing for numbers without a card.
    #[test]
    fn cards_are_found_by_number() {
        let pool = CardPool::from_toml("small.toml", SMALL).expect("valid pool");
        for card in pool.cards() {
            assert_eq!(pool.get(card.id), Some(card));
        }
        for absent in [0, 3, 1000, u16::MAX] {
            assert_eq!(pool.get(CardId(absent)), None, "{absent}");
        }
        let names: Vec<&str> = pool.cards().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Test Dragon", "Test Sword"]);
    }

    #[test]
    fn loads_a_small_pool_and_hashes_it() {
        let pool = CardPool::from_toml("small.toml", SMALL).expect("valid pool");
        assert_eq!(pool.len(), 2);
        assert_eq!(pool.get(CardId(1)).map(|c| c.level()), Some(4));
        let again = CardPool::from_toml("other-name.toml", SMALL).expect("valid pool");
        assert_eq!(pool.hash(), again.hash());
        let changed = SMALL.replace("atk = 1500", "atk = 1600");
        let changed = CardPool::from_toml("small.toml", &changed).expect("valid pool");
        assert_ne!(pool.hash(), changed.hash());
    }

    #[test]
    fn a_monster_without_level_names_file_and_line() {
        let broken = SMALL.replace("level = 4\n", "");
        let err = CardPool::from_toml("small.toml", &broken).expect_err("must fail");
        assert_eq!(err.file, "small.toml");
        assert_eq!(err.line, 4);
        assert!(err.message.contains("no `level`"), "{err}");
    }

    #[test]
    fn a_typo_in_a_field_names_the_line() {
        let broken = SMALL.replace("atk = 1500", "atkk = 1500");
        let err = CardPool::from_toml("small.toml", &broken).expect_err("must fail");
        assert_eq!(err.line, 11, "{err}");
        assert!(err.message.contains("atkk"), "{err}");
    }

    #[test]
    fn duplicate_numbers_are_refused() {
        let broken = SMALL.replace("id = 2", "id = 1");
        let err = CardPool::from_toml("small.toml", &broken).expect_err("must fail");
        assert!(err.message.contains("used twice"), "{err}");
    }

    #[test]
    fn equip_without_filter_is_refused() {
        let broken = SMALL.replace("equip_to = { types = [\"warrior\"] }\n", "");
        let err = CardPool::from_toml("small.toml", &broken).expect_err("must fail");
        assert!(err.message.contains("equip_to"), "{err}");
    }
}
