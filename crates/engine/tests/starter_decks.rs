#![allow(clippy::expect_used, clippy::unwrap_used)]
//! The starter decks in `assets/decks/` are legal against the DOR pool and keep to their
//! themes. The deck loader lives elsewhere; this reads the files with a local copy of the
//! schema so that the decks are checked from the day they are written.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fairduel_engine::card::{CardDef, CardKind, Filter, MonsterType, Primitive, SpellKind};
use fairduel_engine::terrain::Affinity;
use fairduel_engine::{CardId, CardPool};
use serde::Deserialize;

const DOR: &str = include_str!("../../../assets/cards/dor.toml");

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    name: String,
    leader: u16,
    main: Vec<Entry>,
    #[serde(default)]
    extra: Vec<Entry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    card: u16,
    copies: u8,
}

fn decks_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/decks")
}

fn load_decks() -> Result<BTreeMap<String, DeckFile>, String> {
    let dir = decks_dir();
    let mut decks = BTreeMap::new();
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let deck: DeckFile =
            toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        decks.insert(deck.name.clone(), deck);
    }
    Ok(decks)
}

fn theme(name: &str) -> &'static [MonsterType] {
    use MonsterType as T;
    match name {
        "Dragon's Hoard" => &[T::Dragon],
        "Forest Pack" => &[T::Beast, T::BeastWarrior, T::Insect, T::Plant],
        "Shadow Court" => &[T::Fiend, T::Spellcaster, T::Zombie],
        "Tidal Guard" => &[T::Aqua, T::Fish, T::SeaSerpent, T::Thunder],
        // The offerings its Rituals ask for, and Mystical Elf's kin.
        "Rites of Old" => &[
            T::Warrior,
            T::BeastWarrior,
            T::Dragon,
            T::Pyro,
            T::Spellcaster,
            T::Beast,
            T::Fairy,
        ],
        // The materials of its fusions.
        "Rose Garden" => &[T::Plant, T::Beast, T::Fairy, T::Warrior],
        other => panic!("unexpected starter deck {other:?}"),
    }
}

/// Whether an equip filter accepts this monster (the parts an equip filter uses).
fn accepts(filter: &Filter, card: &CardDef) -> bool {
    let Some(m) = card.monster() else {
        return false;
    };
    (filter.types.is_empty() || filter.types.contains(&m.monster_type))
        && (filter.attributes.is_empty() || filter.attributes.contains(&m.attribute))
        && (filter.names.is_empty() || filter.names.contains(&card.id))
}

#[test]
fn the_six_starter_decks_are_there() {
    let decks = load_decks().expect("the starter decks load");
    let names: Vec<&str> = decks.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        [
            "Dragon's Hoard",
            "Forest Pack",
            "Rites of Old",
            "Rose Garden",
            "Shadow Court",
            "Tidal Guard"
        ]
    );
}

#[test]
fn every_starter_deck_is_legal_and_on_theme() {
    let pool = CardPool::from_toml("assets/cards/dor.toml", DOR).expect("the pool loads");
    for (name, deck) in load_decks().expect("the starter decks load") {
        let types = theme(&name);
        let leader = pool
            .get(CardId(deck.leader))
            .unwrap_or_else(|| panic!("{name}: leader {} is not in the pool", deck.leader));
        let stats = leader
            .monster()
            .unwrap_or_else(|| panic!("{name}: leader {} is not a monster", leader.name));
        assert!(
            stats.level <= 4,
            "{name}: leader {} is above level 4",
            leader.name
        );
        assert!(
            types.contains(&stats.monster_type),
            "{name}: leader {} is off theme",
            leader.name
        );

        let mut seen = BTreeMap::new();
        let mut total = 0u32;
        let (mut monsters, mut level5, mut level7, mut traps, mut fields) = (0, 0, 0, 0, 0);
        let mut cards: Vec<&CardDef> = Vec::new();
        for entry in &deck.main {
            let card = pool
                .get(CardId(entry.card))
                .unwrap_or_else(|| panic!("{name}: card {} is not in the pool", entry.card));
            assert!(
                (1..=3).contains(&entry.copies),
                "{name}: {} copies of {}",
                entry.copies,
                card.name
            );
            assert!(
                seen.insert(entry.card, ()).is_none(),
                "{name}: {} is listed twice",
                card.name
            );
            let n = u32::from(entry.copies);
            total += n;
            cards.push(card);
            match &card.kind {
                CardKind::Monster(m) => {
                    monsters += n;
                    if m.level >= 5 {
                        level5 += n;
                    }
                    if m.level >= 7 {
                        level7 += n;
                    }
                    assert!(
                        types.contains(&m.monster_type),
                        "{name}: {} ({}) is off theme",
                        card.name,
                        m.monster_type.label()
                    );
                }
                CardKind::Trap { .. } => traps += n,
                CardKind::Kingdom(_) => panic!("{name}: a Kingdom Duels card in a DOR deck"),
                CardKind::Spell { spell } => {
                    if *spell == SpellKind::Field {
                        fields += n;
                    }
                }
            }
        }
        assert_eq!(total, 40, "{name}: {total} main-deck cards");
        // Every Extra Deck card is the Ritual Monster of one of the deck's Ritual spells, a
        // Fusion Monster two of the deck's monsters (or one of its Extra Deck monsters and
        // one of the deck's) fuse into, or what one of its power-ups makes of its monsters.
        let extra: Vec<CardId> = deck.extra.iter().map(|e| CardId(e.card)).collect();
        let materials: Vec<CardId> = cards
            .iter()
            .filter(|c| c.is_monster())
            .map(|c| c.id)
            .chain(extra.iter().copied())
            .collect();
        for entry in &deck.extra {
            let ritual = cards
                .iter()
                .any(|c| c.ritual.as_ref().is_some_and(|r| r.summons.0 == entry.card));
            let fused = materials.iter().any(|a| {
                materials
                    .iter()
                    .any(|b| pool.fusions().fuse(*a, *b) == Some(CardId(entry.card)))
            });
            let transformed = cards.iter().any(|c| {
                c.effects.iter().any(|e| match &e.primitive {
                    Primitive::Transform { pairs } => pairs
                        .iter()
                        .any(|t| t.into.0 == entry.card && materials.contains(&t.from)),
                    _ => false,
                })
            });
            assert!(
                ritual || fused || transformed,
                "{name}: Extra Deck card {} is summoned by none of the deck's Rituals, fused \
                 from none of its monsters and made by none of its power-ups",
                entry.card
            );
        }
        assert!(monsters >= 22, "{name}: only {monsters} monsters");
        assert!(level5 <= 5, "{name}: {level5} monsters of level 5 or more");
        assert!(level7 <= 2, "{name}: {level7} monsters of level 7 or more");
        assert!((3..=5).contains(&traps), "{name}: {traps} traps");
        assert!((1..=3).contains(&fields), "{name}: {fields} field spells");

        let deck_monsters: Vec<&CardDef> = cards
            .iter()
            .copied()
            .chain(std::iter::once(leader))
            .filter(|c| c.is_monster())
            .collect();
        for card in &cards {
            if let Some(filter) = &card.equip_to {
                assert!(
                    deck_monsters.iter().any(|m| accepts(filter, m)),
                    "{name}: {} fits none of the deck's monsters",
                    card.name
                );
            }
            if card.spell_kind() == Some(SpellKind::Field) {
                let powers_theme = card.effects.iter().any(|e| match e.primitive {
                    Primitive::ChangeTerrain { terrain, .. } => types
                        .iter()
                        .any(|&t| terrain.affinity(t) == Affinity::PoweredUp),
                    _ => false,
                });
                assert!(
                    powers_theme,
                    "{name}: {} does not favour the theme",
                    card.name
                );
            }
        }
    }
}

/// A Ritual Monster is summoned only by its Ritual card: a deck that puts one in its main
/// deck (or makes it the Deck Leader) is refused, naming the card and the rule.
#[test]
fn a_ritual_monster_in_the_main_deck_is_refused_by_name() {
    let pool = CardPool::from_toml("dor.toml", DOR).expect("pool");
    let classic = fairduel_engine::Format::from_toml(
        "dor-classic.toml",
        include_str!("../../../assets/formats/dor-classic.toml"),
    )
    .expect("format");
    let ritual: Vec<&str> = pool
        .cards()
        .filter(|c| c.monster().is_some_and(|m| m.ritual))
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(ritual.len(), 24, "{ritual:?}");
    assert!(ritual.contains(&"Yamadron") && ritual.contains(&"Millennium Shield"));
    let mut main = String::from("  { card = 13, copies = 1 },\n");
    for id in [4, 8, 21, 22, 27, 32, 34, 6, 26, 1, 18, 30, 766] {
        main.push_str(&format!("  {{ card = {id}, copies = 3 }},\n"));
    }
    let text = format!("name = \"Ritual\"\nleader = 5\nmain = [\n{main}]\n");
    let err = fairduel_engine::DeckList::from_toml("ritual.toml", &text, &pool, &classic)
        .expect_err("a Ritual Monster in the main deck");
    let message = err.to_string();
    assert!(message.contains("Yamadron"), "{message}");
    assert!(message.contains("Ritual Monster"), "{message}");
    assert!(message.contains("ritual.toml:4"), "{message}");
    assert!(message.contains("move it to the Extra Deck"), "{message}");

    // In the Extra Deck it is legal; a monster that is not a Ritual Monster is not.
    let main: String = main.replacen(
        "  { card = 13, copies = 1 },\n",
        "  { card = 5, copies = 1 },\n",
        1,
    );
    let legal =
        format!("name = \"Ritual\"\nleader = 5\nmain = [\n{main}]\nextra = [{{ card = 13 }}]\n");
    let deck = fairduel_engine::DeckList::from_toml("ritual.toml", &legal, &pool, &classic)
        .expect("a Ritual Monster in the Extra Deck");
    assert_eq!(deck.extra, vec![fairduel_engine::CardId(13)]);
    let wrong =
        format!("name = \"Ritual\"\nleader = 5\nmain = [\n{main}]\nextra = [{{ card = 8 }}]\n");
    let message = fairduel_engine::DeckList::from_toml("ritual.toml", &wrong, &pool, &classic)
        .expect_err("a plain monster in the Extra Deck")
        .to_string();
    assert!(message.contains("not an Extra Deck monster"), "{message}");
}

/// Classic rule 1: "each Player selects 1 Monster Card from their Deck; that Monster Card is
/// treated as their Deck Leader". The leader is one of the deck's copies of its card, so
/// three more in the main deck are one too many.
#[test]
fn the_deck_leader_counts_among_the_copies_of_its_card() {
    let pool = CardPool::from_toml("dor.toml", DOR).expect("pool");
    let classic = fairduel_engine::Format::from_toml(
        "dor-classic.toml",
        include_str!("../../../assets/formats/dor-classic.toml"),
    )
    .expect("format");
    let deck = |leader_copies: u8| {
        let mut main = format!("  {{ card = 5, copies = {leader_copies} }},\n");
        for id in [4, 8, 21, 22, 27, 32, 34, 6, 26, 1, 18, 30, 766] {
            main.push_str(&format!("  {{ card = {id}, copies = 3 }},\n"));
        }
        format!("name = \"Leader\"\nleader = 5\nmain = [\n{main}]\n")
    };
    fairduel_engine::DeckList::from_toml("leader.toml", &deck(2), &pool, &classic)
        .expect("two in the deck and the leader make three");
    let message = fairduel_engine::DeckList::from_toml("leader.toml", &deck(3), &pool, &classic)
        .expect_err("three in the deck and the leader make four")
        .to_string();
    assert!(message.contains("4 copies"), "{message}");
    assert!(message.contains("the Deck Leader counts"), "{message}");
}

/// Kairu: "Metal Monsters must go in the Extra Deck"; "Evolve monsters cannot be included in
/// the main deck and must go in the Extra deck". Classic keeps the original game's freedom.
#[test]
fn kairu_keeps_metal_and_evolve_monsters_out_of_the_main_deck() {
    let pool = CardPool::from_toml("dor.toml", DOR).expect("pool");
    let kairu = fairduel_engine::Format::from_toml(
        "kairu-dotr.toml",
        include_str!("../../../assets/formats/kairu-dotr.toml"),
    )
    .expect("format");
    let classic = fairduel_engine::Format::from_toml(
        "dor-classic.toml",
        include_str!("../../../assets/formats/dor-classic.toml"),
    )
    .expect("format");
    // Red-Eyes Black Metal Dragon (Metalmorph), Larva of Moth (Cocoon of Evolution).
    for transformed in [501u16, 427] {
        assert!(pool.is_transformation_result(CardId(transformed)));
        let mut main = format!("  {{ card = {transformed}, copies = 1 }},\n");
        // 39 more plain monsters and spells of the pool, 3 copies each.
        let fillers = [4, 8, 21, 22, 27, 32, 34, 6, 26, 1, 18, 30, 766];
        for id in fillers {
            main.push_str(&format!("  {{ card = {id}, copies = 3 }},\n"));
        }
        let text = format!("name = \"Metal\"\nleader = 5\nmain = [\n{main}]\n");
        let err = fairduel_engine::DeckList::from_toml("metal.toml", &text, &pool, &kairu)
            .expect_err("a transformed monster in Kairu's main deck");
        let message = err.to_string();
        let name = &pool.get(CardId(transformed)).expect("in the pool").name;
        assert!(message.contains(name.as_str()), "{message}");
        assert!(message.contains("Extra Deck"), "{message}");
        fairduel_engine::DeckList::from_toml("metal.toml", &text, &pool, &classic)
            .expect("the original game drew them from the deck");
    }
}
