//! Card pools: loading `assets/cards/*.toml`, validating every card, and hashing the result.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::card::{
    Attribute, CardDef, CardId, CardKind, EffectDef, Filter, MonsterStats, MonsterType, Primitive,
    RitualDef, SpellKind, TrapKind, TrapRange,
};
use crate::fusion_table::{FusionGroup, FusionTable};
use crate::grid::{filter_needs_identity, identity_matches};
use crate::hash::{Digest32, sha256_of};
use crate::kingdom_card::{
    Boost, DeckZone, FieldTerrain, Frame, Glyph, KingdomCard, MainType, Printed, SetupKind, Speed,
    Subtype, is_known_type,
};
use crate::source::{SourceError, line_of};

mod effect_checks;
mod rulings;

use effect_checks::check_trigger_fits;

/// A validated set of card definitions with a content hash peers compare before a match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPool {
    name: String,
    cards: CardTable,
    hash: Digest32,
    /// Which cards continuous spellbinds concern: the rules ask "is anything holding this
    /// monster?" for every candidate action, so the answer is narrowed down once per pool.
    binds: Binds,
    /// The terrain markers of a Kingdom Duels pool, by number (empty for other pools).
    terrains: Vec<FieldTerrain>,
    /// Which monsters fuse into which (Duelists of the Roses; empty for other pools).
    fusions: FusionTable,
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
                Primitive::Spellbind { targets, .. } if e.trigger.is_lasting() => {
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
    #[serde(default, rename = "kingdom-card")]
    kingdom_card: Vec<toml::Spanned<RawKingdomCard>>,
    #[serde(default)]
    terrain: Vec<toml::Spanned<RawTerrain>>,
    #[serde(default)]
    fusion: Vec<FusionGroup>,
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
    /// A Ritual Monster (monsters only).
    #[serde(default)]
    ritual: bool,
    /// A terrain that powers the monster up whatever its type (monsters only).
    strong_in: Option<crate::terrain::Terrain>,
    /// A Ritual spell's monster, by number.
    summons: Option<u16>,
    /// A Ritual spell's tributes: one filter per monster given up.
    #[serde(default)]
    tributes: Vec<Filter>,
    #[serde(default)]
    effects: Vec<EffectDef>,
}

/// The most tributes a Ritual spell may ask (the original cards ask three).
const MAX_RITUAL_TRIBUTES: usize = 5;

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
        if let (Some(first), false) = (raw.kingdom_card.first(), raw.card.is_empty()) {
            return Err(SourceError::new(
                file,
                line_of(text, first.span().start),
                "a pool holds the cards of one game: [[card]] (Duelists of the Roses) or \
                 [[kingdom-card]] (Kingdom Duels), not both"
                    .into(),
            ));
        }
        let mut cards = BTreeMap::new();
        let mut insert = |line: usize, def: CardDef| {
            let at = |message: String| SourceError::new(file, line, message);
            match cards.insert(def.id, def) {
                Some(previous) => Err(at(format!(
                    "card number {} is used twice (also by \"{}\")",
                    previous.id.0, previous.name
                ))),
                None => Ok(()),
            }
        };
        for spanned in raw.card {
            let line = line_of(text, spanned.span().start);
            let def = spanned
                .into_inner()
                .validate()
                .map_err(|m| SourceError::new(file, line, m))?;
            insert(line, def)?;
        }
        for spanned in raw.kingdom_card {
            let line = line_of(text, spanned.span().start);
            let def = spanned
                .into_inner()
                .validate()
                .map_err(|m| SourceError::new(file, line, m))?;
            insert(line, def)?;
        }
        if cards.is_empty() {
            return Err(SourceError::new(
                file,
                1,
                "the pool has no [[card]] or [[kingdom-card]] entries".into(),
            ));
        }
        check_codes(&cards).map_err(|m| SourceError::new(file, 1, m))?;
        check_rituals(&cards).map_err(|m| SourceError::new(file, 1, m))?;
        check_transformations(&cards).map_err(|m| SourceError::new(file, 1, m))?;
        let mut terrains: Vec<FieldTerrain> = Vec::with_capacity(raw.terrain.len());
        for spanned in raw.terrain {
            let line = line_of(text, spanned.span().start);
            let terrain = spanned
                .into_inner()
                .validate()
                .map_err(|m| SourceError::new(file, line, m))?;
            if terrains.iter().any(|t| t.id == terrain.id) {
                return Err(SourceError::new(
                    file,
                    line,
                    format!("terrain number {} is used twice", terrain.id),
                ));
            }
            terrains.push(terrain);
        }
        terrains.sort_by_key(|t| t.id);
        let fusions = FusionTable::new(raw.fusion, |id| cards.get(&id))
            .map_err(|m| SourceError::new(file, 1, m))?;
        let hash = Self::compute_hash(&raw.name, &cards, &terrains, &fusions);
        let binds = Binds::of(&cards);
        Ok(CardPool {
            name: raw.name,
            cards: cards.into(),
            hash,
            binds,
            terrains,
            fusions,
        })
    }

    /// Builds a pool from definitions made in code (tests, scenario fixtures).
    pub fn from_cards(
        name: impl Into<String>,
        defs: impl IntoIterator<Item = CardDef>,
    ) -> CardPool {
        let name = name.into();
        Self::from_cards_and_terrains(name, defs, Vec::new())
    }

    /// Builds a pool with terrain markers from definitions made in code.
    pub fn from_cards_and_terrains(
        name: impl Into<String>,
        defs: impl IntoIterator<Item = CardDef>,
        mut terrains: Vec<FieldTerrain>,
    ) -> CardPool {
        let name = name.into();
        let cards: BTreeMap<CardId, CardDef> = defs.into_iter().map(|d| (d.id, d)).collect();
        terrains.sort_by_key(|t| t.id);
        let fusions = FusionTable::default();
        let hash = Self::compute_hash(&name, &cards, &terrains, &fusions);
        let binds = Binds::of(&cards);
        CardPool {
            name,
            cards: cards.into(),
            hash,
            binds,
            terrains,
            fusions,
        }
    }

    /// This pool with its cards replaced by `defs` (terrains and fusions kept), hashed again.
    pub(crate) fn with_defs(&self, defs: BTreeMap<CardId, CardDef>) -> CardPool {
        let hash = Self::compute_hash(&self.name, &defs, &self.terrains, &self.fusions);
        let binds = Binds::of(&defs);
        CardPool {
            name: self.name.clone(),
            cards: defs.into(),
            hash,
            binds,
            terrains: self.terrains.clone(),
            fusions: self.fusions.clone(),
        }
    }

    /// Whether some monster evolves into `card` by its turns in defence: it may wait in the
    /// Extra Deck, and in the main deck too (in Kairu, unlike a power-up's result).
    pub fn is_evolution_result(&self, card: CardId) -> bool {
        self.cards.defs.iter().any(|c| {
            c.effects.iter().any(
                |e| matches!(e.primitive, Primitive::EvolveAfterTurns { into, .. } | Primitive::EvolveOnTerrain { into, .. } if into == card),
            )
        })
    }

    /// Whether some power-up transforms a monster into `card`: it may wait in the Extra
    /// Deck.
    pub fn is_transformation_result(&self, card: CardId) -> bool {
        self.cards.defs.iter().any(|c| {
            c.effects.iter().any(|e| match &e.primitive {
                Primitive::Transform { pairs } => pairs.iter().any(|t| t.into == card),
                _ => false,
            })
        })
    }

    /// Whether `card` belongs in an Extra Deck: a Ritual Monster, a monster a fusion makes,
    /// or one a power-up transforms a monster into.
    pub fn is_extra_deck_monster(&self, card: CardId) -> bool {
        self.get(card)
            .and_then(CardDef::monster)
            .is_some_and(|m| m.ritual || m.extra_deck.is_some())
            || self.fusions.makes(card)
            || self.is_transformation_result(card)
            || self.is_evolution_result(card)
    }

    /// The pool's fusion table (empty where its game has none).
    pub fn fusions(&self) -> &FusionTable {
        &self.fusions
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

    fn compute_hash(
        name: &str,
        cards: &BTreeMap<CardId, CardDef>,
        terrains: &[FieldTerrain],
        fusions: &FusionTable,
    ) -> Digest32 {
        #[derive(Serialize)]
        struct Canonical<'a> {
            domain: &'a str,
            name: &'a str,
            cards: Vec<&'a CardDef>,
        }
        #[derive(Serialize)]
        struct WithTerrains<'a> {
            pool: Canonical<'a>,
            terrains: &'a [FieldTerrain],
        }
        let pool = Canonical {
            domain: "fairduel/pool/v1",
            name,
            cards: cards.values().collect(),
        };
        #[derive(Serialize)]
        struct WithFusions<'a> {
            pool: Canonical<'a>,
            fusions: &'a [FusionGroup],
        }
        // A pool without terrains or fusions hashes as it did before either existed (no pool
        // holds both).
        if !fusions.is_empty() {
            sha256_of(&WithFusions {
                pool,
                fusions: fusions.groups(),
            })
        } else if terrains.is_empty() {
            sha256_of(&pool)
        } else {
            sha256_of(&WithTerrains { pool, terrains })
        }
    }

    /// The terrain markers, by number (empty for a pool that has none).
    pub fn terrains(&self) -> &[FieldTerrain] {
        &self.terrains
    }

    pub fn terrain(&self, id: u8) -> Option<&FieldTerrain> {
        self.terrains.iter().find(|t| t.id == id)
    }

    pub fn terrain_by_name(&self, name: &str) -> Option<&FieldTerrain> {
        self.terrains
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }

    /// Finds a Kingdom Duels card by its code (`SOE-017`), ignoring case. An alternate
    /// art has its own code; the card it prints is found by [`CardPool::printed_card`].
    pub fn find_by_code(&self, code: &str) -> Option<&CardDef> {
        self.cards.defs.iter().find(|c| {
            c.kingdom()
                .is_some_and(|k| k.code.eq_ignore_ascii_case(code))
        })
    }

    /// The card itself, for an alternate art; the card for any other.
    pub fn printed_card<'a>(&'a self, card: &'a CardDef) -> &'a CardDef {
        card.kingdom()
            .and_then(|k| k.art_of.as_deref())
            .and_then(|code| self.find_by_code(code))
            .unwrap_or(card)
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKingdomCard {
    id: u16,
    code: String,
    name: String,
    frame: Frame,
    #[serde(default)]
    card_types: Vec<MainType>,
    #[serde(default)]
    subtypes: Vec<Subtype>,
    setup: Option<SetupKind>,
    speed: Option<Speed>,
    #[serde(default)]
    types: Vec<String>,
    pantheon: Option<String>,
    hierarchy: Option<u8>,
    attribute: Option<Attribute>,
    level: Option<u8>,
    glyph: Option<Glyph>,
    charges: Option<u8>,
    grade_mark: Option<String>,
    atk: Option<Printed>,
    def: Option<Printed>,
    bonus_atk: Option<Printed>,
    bonus_def: Option<Printed>,
    #[serde(default = "main_deck")]
    deck: DeckZone,
    #[serde(default)]
    duelists: Vec<String>,
    art_of: Option<String>,
}

fn main_deck() -> DeckZone {
    DeckZone::Main
}

impl RawKingdomCard {
    fn validate(self) -> Result<CardDef, String> {
        let who = format!("card {} \"{}\" ({})", self.id, self.name, self.code);
        if self.name.trim().is_empty() || self.code.trim().is_empty() {
            return Err(format!("card {} needs a name and a code", self.id));
        }
        if self.frame == Frame::AlternateArt {
            if self.art_of.is_none() {
                return Err(format!("{who} is an alternate art but names no `art_of`"));
            }
        } else {
            if self.card_types.is_empty() {
                return Err(format!(
                    "{who} has no card type: give it at least one of monster, spell, trap, \
                     rule, token, emblem"
                ));
            }
            if let Some(bad) = self.types.iter().find(|t| !is_known_type(t)) {
                return Err(format!(
                    "{who} has the type \"{bad}\", which is not a Kingdom Duels type"
                ));
            }
            let monster = self.card_types.contains(&MainType::Monster);
            if monster && self.level.is_none() && self.grade_mark.is_none() {
                return Err(format!("{who} is a monster but has no `level`"));
            }
            if let Some(level) = self.level
                && !(1..=MAX_LEVEL).contains(&level)
            {
                return Err(format!(
                    "{who} has level {level}; levels run from 1 to {MAX_LEVEL}"
                ));
            }
            if self.hierarchy.is_some_and(|h| !(1..=10).contains(&h)) {
                return Err(format!("{who}: Hierarchy runs from 1 to 10"));
            }
            if self.setup.is_some() != self.subtypes.contains(&Subtype::Setup) {
                return Err(format!(
                    "{who}: a Setup Rule card names its kind of setup, and only it does"
                ));
            }
        }
        let kingdom = KingdomCard {
            code: self.code,
            frame: self.frame,
            card_types: self.card_types,
            subtypes: self.subtypes,
            setup: self.setup,
            speed: self.speed,
            types: self.types,
            pantheon: self.pantheon,
            hierarchy: self.hierarchy,
            attribute: self.attribute,
            level: self.level,
            glyph: self.glyph,
            charges: self.charges,
            grade_mark: self.grade_mark,
            atk: self.atk,
            def: self.def,
            bonus_atk: self.bonus_atk,
            bonus_def: self.bonus_def,
            deck: self.deck,
            duelists: self.duelists,
            art_of: self.art_of,
            keywords: Vec::new(),
            rule_keywords: Vec::new(),
            mentions: Vec::new(),
            reliance: Vec::new(),
            reliance_on_activation_only: false,
            persist_turns: None,
        };
        Ok(CardDef {
            id: CardId(self.id),
            name: self.name,
            kind: CardKind::Kingdom(Box::new(kingdom)),
            equip_to: None,
            effects: Vec::new(),
            ritual: None,
            database: None,
        })
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    id: u8,
    name: String,
    attribute: Option<Attribute>,
    #[serde(default)]
    boosts: Vec<Boost>,
}

impl RawTerrain {
    fn validate(self) -> Result<FieldTerrain, String> {
        if self.name.trim().is_empty() {
            return Err(format!("terrain {} has an empty name", self.id));
        }
        for boost in &self.boosts {
            if boost.monster_type.is_none() && boost.attribute.is_none() {
                return Err(format!(
                    "terrain \"{}\" has a boost naming neither a type nor an attribute",
                    self.name
                ));
            }
            if let Some(t) = boost.monster_type.as_deref().filter(|t| !is_known_type(t)) {
                return Err(format!(
                    "terrain \"{}\" boosts \"{t}\", which is not a Kingdom Duels type",
                    self.name
                ));
            }
        }
        Ok(FieldTerrain {
            id: self.id,
            name: self.name,
            attribute: self.attribute,
            boosts: self.boosts,
        })
    }
}

/// Kingdom Duels codes are unique, and an alternate art names a card of the pool.
fn check_codes(cards: &BTreeMap<CardId, CardDef>) -> Result<(), String> {
    let mut codes = BTreeMap::new();
    for card in cards.values() {
        if let Some(k) = card.kingdom()
            && let Some(previous) = codes.insert(k.code.to_ascii_uppercase(), &card.name)
        {
            return Err(format!(
                "the code {} is used twice (by \"{previous}\" and \"{}\")",
                k.code, card.name
            ));
        }
    }
    for card in cards.values() {
        if let Some(art_of) = card.kingdom().and_then(|k| k.art_of.as_deref())
            && !codes.contains_key(&art_of.to_ascii_uppercase())
        {
            return Err(format!(
                "\"{}\" is an alternate art of {art_of}, which is not in the pool",
                card.name
            ));
        }
    }
    Ok(())
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
                    ritual: self.ritual,
                    strong_in: self.strong_in,
                    extra_deck: None,
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
        let is_ritual = matches!(
            kind,
            CardKind::Spell {
                spell: SpellKind::Ritual
            }
        );
        let ritual = match (is_ritual, self.summons) {
            (true, Some(summons)) => {
                if self.tributes.is_empty() || self.tributes.len() > MAX_RITUAL_TRIBUTES {
                    return Err(format!(
                        "{who} is a Ritual spell and must name 1 to {MAX_RITUAL_TRIBUTES} \
                         `tributes`, not {}",
                        self.tributes.len()
                    ));
                }
                Some(RitualDef {
                    summons: CardId(summons),
                    tributes: self.tributes,
                })
            }
            (true, None) => {
                return Err(format!(
                    "{who} is a Ritual spell but names no monster it `summons`"
                ));
            }
            (false, _) if self.summons.is_some() || !self.tributes.is_empty() => {
                return Err(format!(
                    "{who} has `summons` or `tributes` but is not a Ritual spell"
                ));
            }
            (false, _) => None,
        };
        Ok(CardDef {
            id: CardId(self.id),
            name: self.name,
            kind,
            equip_to: self.equip_to,
            effects: self.effects,
            ritual,
            database: None,
        })
    }

    fn no_monster_fields(&self, who: &str) -> Result<(), String> {
        if self.attribute.is_some()
            || self.monster_type.is_some()
            || self.level.is_some()
            || self.atk.is_some()
            || self.def.is_some()
            || self.ritual
            || self.strong_in.is_some()
        {
            return Err(format!("{who} is not a monster but has monster stats"));
        }
        Ok(())
    }
}

/// Every Ritual spell summons a Ritual Monster of the pool, and every tribute it names by
/// number is a monster of the pool.
fn check_rituals(cards: &BTreeMap<CardId, CardDef>) -> Result<(), String> {
    for card in cards.values() {
        let Some(ritual) = &card.ritual else {
            continue;
        };
        match cards.get(&ritual.summons).and_then(CardDef::monster) {
            Some(m) if m.ritual => {}
            _ => {
                return Err(format!(
                    "the Ritual spell {} summons card {}, which is not a Ritual Monster of the \
                     pool",
                    card.name, ritual.summons
                ));
            }
        }
        for named in ritual.tributes.iter().flat_map(|f| &f.names) {
            if !cards.get(named).is_some_and(CardDef::is_monster) {
                return Err(format!(
                    "the Ritual spell {} names tribute {named}, which is not a monster of the pool",
                    card.name
                ));
            }
        }
    }
    Ok(())
}

/// Every monster a power-up transforms, what it becomes, and every limb a Forbidden One
/// names, is a monster of the pool.
fn check_transformations(cards: &BTreeMap<CardId, CardDef>) -> Result<(), String> {
    for card in cards.values() {
        for effect in &card.effects {
            let (named, verb): (Vec<CardId>, &str) = match &effect.primitive {
                Primitive::Transform { pairs } => (
                    pairs.iter().flat_map(|t| [t.from, t.into]).collect(),
                    "transforms",
                ),
                Primitive::VictoryWhenSurrounded { limbs } => (limbs.clone(), "names as a limb"),
                Primitive::EvolveAfterTurns { into, .. }
                | Primitive::EvolveOnTerrain { into, .. } => (vec![*into], "evolves into"),
                Primitive::MakeMonster { card: made, .. } => (vec![*made], "makes"),
                Primitive::TurnInto { into, .. } => (vec![*into], "turns monsters into"),
                _ => continue,
            };
            for id in named {
                if !cards.get(&id).is_some_and(CardDef::is_monster) {
                    return Err(format!(
                        "{} {verb} card {id}, which is not a monster of the pool",
                        card.name
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Trigger;

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

    #[test]
    fn a_ruling_sets_a_cards_defined_effects_aside_for_agreement() {
        let burn = format!(
            "{SMALL}\n[[card]]\nid = 3\nname = \"Test Burn\"\nkind = \"spell\"\nspell = \"normal\"\n\n\
             [[card.effects]]\ntrigger = \"activate\"\n\
             effect = {{ do = \"damage\", player = \"opponent\", amount = 100 }}\n"
        );
        let pool = CardPool::from_toml("small.toml", &burn).expect("valid pool");
        let ruled = pool.with_rulings(&[CardId(3), CardId(1), CardId(99)]);
        let effects = |p: &CardPool| p.get(CardId(3)).map(|c| c.effects.clone()).unwrap();
        assert_eq!(
            effects(&ruled),
            vec![EffectDef {
                trigger: Trigger::Activate,
                primitive: Primitive::ByAgreement,
            }]
        );
        // A card with no effect, and one the pool does not hold, change nothing.
        assert_eq!(ruled.get(CardId(1)), pool.get(CardId(1)));
        assert_ne!(ruled.hash(), pool.hash());
        // Ruling twice is ruling once.
        assert_eq!(ruled.with_rulings(&[CardId(3)]).hash(), ruled.hash());
    }

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
