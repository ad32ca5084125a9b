//! The seed's own Domain examples, in a database built here from the cards' facts (the
//! texts are FairDuel's stand-ins that mention what the real cards mention).

use super::*;

const VOICELESS_VOICE: ArchetypeCode = ArchetypeCode(0x1a6);
const DARK_MAGICIAN: ArchetypeCode = ArchetypeCode(0x10a2);
const MAGICIAN: ArchetypeCode = ArchetypeCode(0x98);
const BLUE_EYES: ArchetypeCode = ArchetypeCode(0xdd);
const HERO: ArchetypeCode = ArchetypeCode(0x8);
const DESTINY_HERO: ArchetypeCode = ArchetypeCode(0xc008);
const ELEMENTAL_HERO: ArchetypeCode = ArchetypeCode(0x3008);

struct Builder {
    db: CardDatabase,
    next: u32,
}

impl Builder {
    fn new() -> Builder {
        let mut db = CardDatabase::new();
        for (code, name) in [
            (VOICELESS_VOICE, "Voiceless Voice"),
            (DARK_MAGICIAN, "Dark Magician"),
            (MAGICIAN, "Magician"),
            (BLUE_EYES, "Blue-Eyes"),
            (HERO, "HERO"),
            (DESTINY_HERO, "Destiny HERO"),
            (ELEMENTAL_HERO, "Elemental HERO"),
        ] {
            db.add_archetype(code, name);
        }
        Builder { db, next: 1000 }
    }

    fn add(
        &mut self,
        name: &str,
        types: u32,
        attribute: Option<Attribute>,
        race: Option<Race>,
        archetypes: &[ArchetypeCode],
        text: &str,
    ) -> Passcode {
        self.next += 1;
        let passcode = Passcode(self.next);
        self.db.add_card(CardFacts {
            passcode,
            alias: None,
            name: name.into(),
            archetypes: archetypes.to_vec(),
            types: CardTypes(types),
            attribute,
            race,
            level: 4,
            atk: 1000,
            def: 1000,
            link_arrows: 0,
            pendulum_scale: None,
            text: text.into(),
        });
        passcode
    }

    fn monster(&mut self, name: &str, a: Attribute, r: Race, arch: &[ArchetypeCode]) -> Passcode {
        self.add(
            name,
            CardTypes::MONSTER | CardTypes::EFFECT,
            Some(a),
            Some(r),
            arch,
            "",
        )
    }

    fn spell(&mut self, name: &str, text: &str) -> Passcode {
        self.add(name, CardTypes::SPELL, None, None, &[], text)
    }

    /// Main Deck filler within every Domain: distinct spells.
    fn spells(&mut self, count: usize) -> Vec<Passcode> {
        (0..count)
            .map(|i| self.spell(&format!("Filler Spell {i}"), ""))
            .collect()
    }
}

fn check(b: &Builder, deck: &DomainDeck) -> Result<DomainDeckReport, Vec<DomainDeckProblem>> {
    check_domain_deck(deck, &b.db, DomainDeckRules::default())
}

#[test]
fn lo_the_prayers_of_the_voiceless_voice_admits_what_the_seed_lists() {
    let mut b = Builder::new();
    let lo = b.add(
        "Lo, the Prayers of the Voiceless Voice",
        CardTypes::MONSTER | CardTypes::EFFECT | CardTypes::RITUAL,
        Some(Attribute::Light),
        Some(Race::Fairy),
        &[VOICELESS_VOICE],
        "Stand-in text: you may add 1 Warrior or Dragon Ritual Monster from your Deck to your hand.",
    );
    let db_lo = b.db.card(lo).cloned().expect("just added");
    let domain = Domain::of(&db_lo, &b.db);
    let inside = [
        b.monster("A Light Beast", Attribute::Light, Race::Beast, &[]),
        b.monster("A Dark Fairy", Attribute::Dark, Race::Fairy, &[]),
        b.monster("A Fire Warrior", Attribute::Fire, Race::Warrior, &[]),
        b.monster("A Wind Dragon", Attribute::Wind, Race::Dragon, &[]),
        b.monster(
            "Skull Guardian of the Voiceless Voice",
            Attribute::Earth,
            Race::Rock,
            &[VOICELESS_VOICE],
        ),
        b.monster("A Divine God", Attribute::Divine, Race::DivineBeast, &[]),
        b.monster(
            "An Earth Divine-Beast",
            Attribute::Earth,
            Race::DivineBeast,
            &[],
        ),
        b.spell("Any Spell", ""),
    ];
    let outside = [
        b.monster("A Dark Fiend", Attribute::Dark, Race::Fiend, &[]),
        b.monster("A Water Aqua", Attribute::Water, Race::Aqua, &[]),
    ];
    for card in inside {
        let facts = b.db.card(card).expect("added");
        assert!(
            domain.admits(facts).is_some(),
            "{} should be inside",
            facts.name
        );
    }
    for card in outside {
        let facts = b.db.card(card).expect("added");
        assert_eq!(
            domain.admits(facts),
            None,
            "{} should be outside",
            facts.name
        );
    }
    // "Ritual" is a card type: it never widens a Domain.
    assert!(domain.races.contains_key(&Race::Warrior) && domain.races.contains_key(&Race::Dragon));
    assert_eq!(domain.races.len(), 3);
}

#[test]
fn chronicle_magician_takes_whole_archetypes_of_the_monsters_it_names_and_not_magician() {
    let mut b = Builder::new();
    b.monster(
        "Dark Magician",
        Attribute::Dark,
        Race::Spellcaster,
        &[DARK_MAGICIAN],
    );
    b.monster(
        "Blue-Eyes White Dragon",
        Attribute::Light,
        Race::Dragon,
        &[BLUE_EYES],
    );
    let chronicle = b.add(
        "Chronicle Magician",
        CardTypes::MONSTER | CardTypes::EFFECT,
        Some(Attribute::Dark),
        Some(Race::Spellcaster),
        &[],
        "Stand-in text: if \"Dark Magician\" or \"Blue-Eyes White Dragon\" is on the field, this card gains 1000 ATK.",
    );
    let domain = Domain::of(b.db.card(chronicle).expect("added"), &b.db);
    let inside = [
        b.monster(
            "Blue-Eyes Alternative",
            Attribute::Light,
            Race::Dragon,
            &[BLUE_EYES],
        ),
        b.monster(
            "Blue-Eyes Earth Beast",
            Attribute::Earth,
            Race::Beast,
            &[BLUE_EYES],
        ),
        b.monster(
            "Dark Magician Knight",
            Attribute::Earth,
            Race::Warrior,
            &[DARK_MAGICIAN],
        ),
        b.monster("A Dark Zombie", Attribute::Dark, Race::Zombie, &[]),
        b.monster(
            "A Wind Spellcaster",
            Attribute::Wind,
            Race::Spellcaster,
            &[],
        ),
    ];
    for card in inside {
        let facts = b.db.card(card).expect("added");
        assert!(
            domain.admits(facts).is_some(),
            "{} should be inside",
            facts.name
        );
    }
    // Its English name says "Magician" but its archetypes do not, so a "Magician" of
    // another attribute and type stays out; and "Dragon" inside a quoted name is not a
    // mention of the type, so a Light Dragon outside Blue-Eyes stays out too.
    let outsiders = [
        b.monster("Earth Magician", Attribute::Earth, Race::Rock, &[MAGICIAN]),
        b.monster("A Light Dragon", Attribute::Light, Race::Dragon, &[]),
    ];
    for card in outsiders {
        let facts = b.db.card(card).expect("added");
        assert_eq!(
            domain.admits(facts),
            None,
            "{} should be outside",
            facts.name
        );
    }
}

#[test]
fn a_sub_archetype_deck_master_brings_the_whole_base_archetype() {
    let mut b = Builder::new();
    let malicious = b.monster(
        "Destiny HERO - Malicious",
        Attribute::Dark,
        Race::Warrior,
        &[DESTINY_HERO],
    );
    let domain = Domain::of(b.db.card(malicious).expect("added"), &b.db);
    let neos = b.monster(
        "Elemental HERO Stand-in",
        Attribute::Light,
        Race::Rock,
        &[ELEMENTAL_HERO],
    );
    assert_eq!(
        domain.admits(b.db.card(neos).expect("added")),
        Some(Admission::Archetype(HERO))
    );
}

#[test]
fn a_legal_deck_passes_and_every_broken_rule_is_named() {
    let mut b = Builder::new();
    let master = b.monster("Dragon Master", Attribute::Fire, Race::Dragon, &[]);
    let mut main = b.spells(58);
    let fire = b.monster("Fire Rock", Attribute::Fire, Race::Rock, &[]);
    let wyrm = b.monster("Dark Dragon", Attribute::Dark, Race::Dragon, &[]);
    main.extend([fire, wyrm]);
    let fusion = b.add(
        "Dragon Fusion",
        CardTypes::MONSTER | CardTypes::FUSION,
        Some(Attribute::Dark),
        Some(Race::Dragon),
        &[],
        "",
    );
    let deck = DomainDeck {
        deck_master: Some(master),
        main: main.clone(),
        extra: vec![fusion],
    };
    let report = check(&b, &deck).expect("legal");
    assert_eq!(report.admissions.len(), 3);

    // Now break it: a water aqua, a second copy, the master again, a fusion in the main
    // deck, 61 cards.
    let aqua = b.monster("Water Aqua", Attribute::Water, Race::Aqua, &[]);
    let mut broken = deck.clone();
    broken.main.extend([aqua, fire, master, fusion]);
    broken.main.drain(..3);
    let problems = check(&b, &broken).expect_err("illegal");
    let words: Vec<String> = problems.iter().map(ToString::to_string).collect();
    let all = words.join("\n");
    assert!(
        all.contains("Water Aqua") && all.contains("outside Dragon Master's Domain"),
        "{all}"
    );
    assert!(all.contains("second copy"), "{all}");
    assert!(
        all.contains("Dragon Fusion") && all.contains("goes in the Extra Deck"),
        "{all}"
    );
    assert!(all.contains("holds 61 cards"), "{all}");
    assert_eq!(
        problems
            .iter()
            .filter(|p| matches!(p, DomainDeckProblem::SecondCopy { .. }))
            .count(),
        3,
        "{all}"
    );
}

#[test]
fn always_treated_as_names_count_as_copies_across_the_deck() {
    let mut b = Builder::new();
    let master = b.monster("Sea Master", Attribute::Water, Race::Aqua, &[]);
    let umi = b.spell("Umi", "");
    let ocean = b.spell(
        "A Legendary Ocean",
        "(This card is always treated as \"Umi\".)",
    );
    let stealth = b.monster("Sea Stealth Stand-in", Attribute::Water, Race::Aqua, &[]);
    b.db.add_card(CardFacts {
        text: "This card's name becomes \"Umi\" while on the field.".into(),
        ..b.db.card(stealth).cloned().expect("added")
    });
    let mut main = b.spells(57);
    main.extend([umi, ocean, stealth]);
    let deck = DomainDeck {
        deck_master: Some(master),
        main,
        extra: vec![],
    };
    let problems = check(&b, &deck).expect_err("Umi twice");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        matches!(&problems[0], DomainDeckProblem::SameNameCopy { name, .. } if name == "\"Umi\""),
        "{problems:?}"
    );
}

#[test]
fn two_cards_treated_as_a_name_the_database_lacks_are_still_copies() {
    let mut b = Builder::new();
    let master = b.monster("Sea Master", Attribute::Water, Race::Aqua, &[]);
    let ocean = b.spell(
        "A Legendary Ocean",
        "(This card is always treated as \"Umi\".)",
    );
    let city = b.spell("Pacifis", "(This card is always treated as \"Umi\".)");
    let mut main = b.spells(58);
    main.extend([ocean, city]);
    let deck = DomainDeck {
        deck_master: Some(master),
        main,
        extra: vec![],
    };
    let problems = check(&b, &deck).expect_err("both are Umi");
    assert!(
        matches!(&problems[..], [DomainDeckProblem::SameNameCopy { name, .. }] if name == "\"Umi\""),
        "{problems:?}"
    );
}

#[test]
fn a_printing_alias_is_the_same_card() {
    let mut b = Builder::new();
    let master = b.monster("Earth Master", Attribute::Earth, Race::Rock, &[]);
    let golem = b.monster("Rock Golem", Attribute::Earth, Race::Rock, &[]);
    let mut alt = b.db.card(golem).cloned().expect("added");
    alt.passcode = Passcode(golem.0 + 1_000_000);
    alt.alias = Some(golem);
    b.db.add_card(alt);
    let mut main = b.spells(58);
    main.extend([golem, Passcode(golem.0 + 1_000_000)]);
    let deck = DomainDeck {
        deck_master: Some(master),
        main,
        extra: vec![],
    };
    let problems = check(&b, &deck).expect_err("two printings");
    assert!(
        matches!(problems.as_slice(), [DomainDeckProblem::SecondCopy { .. }]),
        "{problems:?}"
    );
}

#[test]
fn a_spell_deck_master_and_unknown_cards_are_refused_with_what_to_do() {
    let mut b = Builder::new();
    let spell = b.spell("Pot", "");
    let mut main = b.spells(59);
    main.push(Passcode(99_999_999));
    let problems = check(
        &b,
        &DomainDeck {
            deck_master: Some(spell),
            main,
            extra: vec![],
        },
    )
    .expect_err("spell master");
    let all: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(
        all.iter().any(|p| p.contains("must be a monster")),
        "{all:?}"
    );
    assert!(
        all.iter()
            .any(|p| p.contains("99999999 is not in the card database")),
        "{all:?}"
    );
    let none = check(&b, &DomainDeck::default()).expect_err("empty");
    assert!(none.contains(&DomainDeckProblem::NoDeckMaster));
}
