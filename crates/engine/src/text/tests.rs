use super::*;
use crate::card::MonsterStats;
use crate::pool::CardPool;

fn monster(name: &str, effects: Vec<EffectDef>) -> CardDef {
    CardDef {
        id: CardId(1),
        name: name.to_owned(),
        kind: CardKind::Monster(MonsterStats {
            attribute: Attribute::Dark,
            monster_type: MonsterType::Dragon,
            level: 4,
            atk: 1500,
            def: 1200,
            ritual: false,
            strong_in: None,
            extra_deck: None,
        }),
        ritual: None,
        database: None,
        equip_to: None,
        effects,
    }
}

fn field(filter: Filter) -> Targets {
    Targets {
        area: Area::Field,
        filter,
        pick: Pick::All,
    }
}

fn at(area: Area) -> Targets {
    Targets {
        area,
        filter: Filter::default(),
        pick: Pick::All,
    }
}

#[test]
fn summary_of_a_monster() {
    let card = monster("Koumori Dragon", vec![]);
    assert_eq!(
        card_summary(&card),
        "Koumori Dragon — DARK Dragon, Level 4, ATK 1500 / DEF 1200"
    );
    assert_eq!(card_text(&card), "A monster with no effect.");
}

#[test]
fn flip_stat_aura() {
    let effect = EffectDef {
        trigger: Trigger::Flip,
        primitive: Primitive::ModifyStats {
            targets: field(Filter {
                side: Some(Side::Own),
                kind: Some(KindFilter::Monster),
                attributes: vec![Attribute::Light],
                face_up_only: true,
                ..Filter::default()
            }),
            atk: 800,
            def: 800,
            duration: Duration::Permanent,
        },
    };
    assert_eq!(
        effect_text(&effect),
        "Flip: your face-up LIGHT monsters on the field gain 800 ATK and 800 DEF."
    );
    let card = monster("Elf", vec![effect]);
    assert_eq!(
        card_text(&card),
        "Flip: your face-up LIGHT monsters on the field gain 800 ATK and 800 DEF."
    );
}

#[test]
fn equip_with_type_and_attribute() {
    let card = CardDef {
        id: CardId(752),
        name: "Legendary Sword".to_owned(),
        kind: CardKind::Spell {
            spell: SpellKind::Equip,
        },
        ritual: None,
        database: None,
        equip_to: Some(Filter {
            types: vec![MonsterType::Warrior],
            attributes: vec![Attribute::Light, Attribute::Earth],
            ..Filter::default()
        }),
        effects: vec![EffectDef {
            trigger: Trigger::Activate,
            primitive: Primitive::ModifyStats {
                targets: at(Area::This),
                atk: 500,
                def: 500,
                duration: Duration::Permanent,
            },
        }],
    };
    assert_eq!(
        card_text(&card),
        "Equip only to a Warrior monster that is LIGHT or EARTH. \
         The equipped monster gains 500 ATK and 500 DEF."
    );
    assert_eq!(card_summary(&card), "Legendary Sword — Equip spell");
}

#[test]
fn limited_range_trap() {
    let card = CardDef {
        id: CardId(801),
        name: "Spellbinding Circle".to_owned(),
        kind: CardKind::Trap {
            trap: TrapKind::Normal,
            range: TrapRange::Limited,
        },
        ritual: None,
        database: None,
        equip_to: None,
        effects: vec![
            EffectDef {
                trigger: Trigger::EnemyMovesInRange,
                primitive: Primitive::Spellbind {
                    targets: at(Area::Triggering),
                    turns: Some(3),
                },
            },
            EffectDef {
                trigger: Trigger::EnemyMovesInRange,
                primitive: Primitive::ModifyStats {
                    targets: at(Area::Triggering),
                    atk: -600,
                    def: -600,
                    duration: Duration::Permanent,
                },
            },
        ],
    };
    assert_eq!(
        card_text(&card),
        "Trap (limited range) — when an enemy card moves next to this card: \
         spellbind it for 3 turns; it loses 600 ATK and 600 DEF."
    );
    assert_eq!(
        card_summary(&card),
        "Spellbinding Circle — Trap, limited range"
    );
}

#[test]
fn trap_with_a_condition_on_the_triggering_card() {
    let card = CardDef {
        id: CardId(809),
        name: "Bear Trap".to_owned(),
        kind: CardKind::Trap {
            trap: TrapKind::Normal,
            range: TrapRange::Limited,
        },
        ritual: None,
        database: None,
        equip_to: None,
        effects: vec![EffectDef {
            trigger: Trigger::EnemyMovesInRange,
            primitive: Primitive::Destroy {
                targets: Targets {
                    area: Area::Triggering,
                    filter: Filter {
                        kind: Some(KindFilter::Monster),
                        max_atk: Some(2000),
                        ..Filter::default()
                    },
                    pick: Pick::All,
                },
            },
        }],
    };
    assert_eq!(
        card_text(&card),
        "Trap (limited range) — when an enemy card moves next to this card: \
         destroy it if it is a monster with 2000 ATK or less."
    );
}

#[test]
fn battle_abilities_read_as_sentences() {
    let card = monster(
        "Seiyaryu",
        vec![
            EffectDef {
                trigger: Trigger::Battle,
                primitive: Primitive::BattleBonus {
                    against: Filter {
                        types: vec![MonsterType::Fiend],
                        ..Filter::default()
                    },
                    atk: 300,
                },
            },
            EffectDef {
                trigger: Trigger::Battle,
                primitive: Primitive::ChangeTerrain {
                    radius: 0,
                    terrain: Terrain::Wasteland,
                },
            },
        ],
    );
    assert_eq!(
        card_text(&card),
        "This monster gains 300 ATK in battle against a Fiend monster. \
         Whenever this monster battles: turn the cell this monster stands on into \
         Wasteland terrain."
    );
}

#[test]
fn spells_pick_and_spellbind() {
    let fissure = EffectDef {
        trigger: Trigger::Activate,
        primitive: Primitive::Destroy {
            targets: Targets {
                area: Area::Field,
                filter: Filter {
                    side: Some(Side::Enemy),
                    kind: Some(KindFilter::Monster),
                    face_up_only: true,
                    ..Filter::default()
                },
                pick: Pick::LowestAtk,
            },
        },
    };
    let mut card = CardDef {
        id: CardId(726),
        name: "Fissure".to_owned(),
        kind: CardKind::Spell {
            spell: SpellKind::Normal,
        },
        ritual: None,
        database: None,
        equip_to: None,
        effects: vec![fissure],
    };
    assert_eq!(
        card_text(&card),
        "Destroy the face-up enemy monster on the field with the lowest ATK."
    );
    card.effects = vec![EffectDef {
        trigger: Trigger::Activate,
        primitive: Primitive::Spellbind {
            targets: field(Filter {
                kind: Some(KindFilter::Monster),
                types: vec![MonsterType::Dragon],
                ..Filter::default()
            }),
            turns: None,
        },
    }];
    assert_eq!(
        card_text(&card),
        "Spellbind all Dragon monsters on the field for good."
    );
}

#[test]
fn field_spell_and_flip_in_battle() {
    let forest = CardDef {
        id: CardId(689),
        name: "Forest".to_owned(),
        kind: CardKind::Spell {
            spell: SpellKind::Field,
        },
        ritual: None,
        database: None,
        equip_to: None,
        effects: vec![EffectDef {
            trigger: Trigger::Activate,
            primitive: Primitive::ChangeTerrain {
                radius: 2,
                terrain: Terrain::Forest,
            },
        }],
    };
    assert_eq!(
        card_text(&forest),
        "Field spell. Turn every cell within 2 cells of where this card is activated \
         into Forest terrain."
    );
    let dewan = monster(
        "Phantom Dewan",
        vec![EffectDef {
            trigger: Trigger::Flip,
            primitive: Primitive::Spellbind {
                targets: at(Area::BattleOpponent),
                turns: Some(1),
            },
        }],
    );
    assert_eq!(
        card_text(&dewan),
        "Flip: spellbind the monster it is battling for 1 turn."
    );
}

#[test]
fn names_come_from_the_resolver() {
    let card = monster(
        "Harpie Lady",
        vec![EffectDef {
            trigger: Trigger::Flip,
            primitive: Primitive::ModifyStats {
                targets: field(Filter {
                    names: vec![CardId(30)],
                    face_up_only: true,
                    ..Filter::default()
                }),
                atk: 300,
                def: 300,
                duration: Duration::Turns(2),
            },
        }],
    );
    assert_eq!(
        card_text(&card),
        "Flip: all face-up monsters named card #030 on the field gain 300 ATK and \
         300 DEF for 2 turns."
    );
    let named = card_text_with(&card, &|id| {
        (id == CardId(30)).then(|| "Harpie's Pet Dragon".to_owned())
    });
    assert_eq!(
        named,
        "Flip: all face-up monsters named \u{201c}Harpie's Pet Dragon\u{201d} on the \
         field gain 300 ATK and 300 DEF for 2 turns."
    );
}

const DOR: &str = include_str!("../../../../assets/cards/dor.toml");

#[test]
fn the_dor_pool_loads_and_every_card_reads_well() {
    let pool = CardPool::from_toml("assets/cards/dor.toml", DOR).expect("the pool loads");
    assert_eq!(pool.name(), "Duelists of the Roses starter pool");
    assert!(pool.len() >= 130, "{} cards", pool.len());

    let effect_monsters = pool
        .cards()
        .filter(|c| c.is_monster() && c.has_effect())
        .count();
    assert!(effect_monsters >= 24, "{effect_monsters} effect monsters");
    let spells_of = |kind: SpellKind| {
        pool.cards()
            .filter(|c| c.spell_kind() == Some(kind))
            .count()
    };
    assert_eq!(spells_of(SpellKind::Field), 8);
    assert!(spells_of(SpellKind::Equip) >= 20);
    let traps: Vec<&CardDef> = pool.cards().filter(|c| c.is_trap()).collect();
    assert!(traps.len() >= 14, "{} traps", traps.len());
    for range in [TrapRange::Limited, TrapRange::Full] {
        assert!(
            traps
                .iter()
                .any(|c| matches!(c.kind, CardKind::Trap { range: r, .. } if r == range)),
            "no trap of {range:?}"
        );
    }

    let names = |id: CardId| pool.get(id).map(|c| c.name.clone());
    for card in pool.cards() {
        let text = card_text_with(card, &names);
        let summary = card_summary(card);
        assert!(!text.trim().is_empty(), "{summary}: empty text");
        assert!(text.ends_with('.'), "{summary}: {text}");
        for bad in [
            "{", "}", "TODO", "Some(", "None", "Within(", "Turns(", "::", "  ", "card #", " ;",
            " .", "..",
        ] {
            assert!(!text.contains(bad), "{summary}: {bad:?} in {text:?}");
            assert!(!summary.contains(bad), "{bad:?} in {summary:?}");
        }
        for effect in &card.effects {
            let alone = effect_text(effect);
            assert!(
                !alone.is_empty() && !alone.contains('{'),
                "{summary}: {alone}"
            );
        }
    }
}
