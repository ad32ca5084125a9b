#![allow(clippy::expect_used, clippy::unwrap_used)] // test helpers: a panic is the failure report
//! Reading real simulator databases: one this test writes from card facts, and the two
//! real fixtures in ../shared/data/ygopro (skipped, and said so, when ../shared is absent).

use std::path::{Path, PathBuf};

use fairduel_carddb::{CardDbError, load_cards, read_deck_text, to_ydk, to_ydke};
use fairduel_engine::domain::{
    ArchetypeCode, Attribute, DomainDeck, DomainDeckProblem, DomainDeckRules, Passcode, Race,
    check_domain_deck,
};
use rusqlite::Connection;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fairduel-carddb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// One row of `datas` and `texts`.
struct Row<'a> {
    id: u32,
    alias: u32,
    setcode: u64,
    types: u32,
    atk: i32,
    def: i32,
    level: u32,
    race: u32,
    attribute: u32,
    name: &'a str,
    text: &'a str,
}

fn write_cdb(path: &Path, rows: &[Row<'_>]) {
    let conn = Connection::open(path).expect("create cdb");
    conn.execute_batch(
        "CREATE TABLE datas(id INTEGER PRIMARY KEY, ot INTEGER, alias INTEGER, setcode INTEGER, \
         type INTEGER, atk INTEGER, def INTEGER, level INTEGER, race INTEGER, attribute INTEGER, \
         category INTEGER);
         CREATE TABLE texts(id INTEGER PRIMARY KEY, name TEXT, desc TEXT, str1 TEXT);",
    )
    .expect("schema");
    for r in rows {
        conn.execute(
            "INSERT INTO datas VALUES (?1, 3, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 0)",
            rusqlite::params![
                r.id,
                r.alias,
                r.setcode as i64,
                r.types,
                r.atk,
                r.def,
                r.level,
                r.race,
                r.attribute
            ],
        )
        .expect("datas row");
        conn.execute(
            "INSERT INTO texts VALUES (?1, ?2, ?3, '')",
            rusqlite::params![r.id, r.name, r.text],
        )
        .expect("texts row");
    }
}

const MONSTER: u32 = 0x21;
const SPELL: u32 = 0x2;
const XYZ: u32 = 0x80_0021;
const LINK: u32 = 0x400_0021;
const PENDULUM: u32 = 0x100_0021;

fn monster<'a>(id: u32, name: &'a str, setcode: u64, race: u32, attribute: u32) -> Row<'a> {
    Row {
        id,
        alias: 0,
        setcode,
        types: MONSTER,
        atk: 1800,
        def: 1000,
        level: 4,
        race,
        attribute,
        name,
        text: "",
    }
}

/// A small database of the test's own: a Dragon Deck Master that mentions Warriors, its
/// archetype, a few monsters in and out of its Domain, an Xyz, a Link and a spell.
fn own_database(dir: &Path) -> PathBuf {
    let path = dir.join("cards.cdb");
    let mut rows = vec![
        Row {
            text: "Stand-in: once per turn, add 1 Warrior monster or 1 \"Gem Knight\" card from your Deck to your hand.",
            ..monster(100, "Test Dragon Master", 0x1047, 0x2000, 0x20)
        },
        monster(101, "Gem Knight Test", 0x1047, 0x100, 0x1),
        monster(102, "Plain Warrior", 0, 0x1, 0x4),
        monster(103, "Plain Aqua", 0, 0x40, 0x2),
        Row {
            alias: 102,
            ..monster(104, "Plain Warrior", 0, 0x1, 0x4)
        },
        Row {
            types: XYZ,
            level: 4,
            ..monster(105, "Dark Xyz", 0, 0x8, 0x20)
        },
        Row {
            types: LINK,
            def: 0b1010_0000,
            level: 2,
            ..monster(106, "Dark Link", 0, 0x1000000, 0x20)
        },
        Row {
            types: SPELL,
            atk: 0,
            def: 0,
            level: 0,
            race: 0,
            attribute: 0,
            ..monster(107, "Test Spell", 0, 0, 0)
        },
        Row {
            atk: -2,
            ..monster(108, "Unknown Attack Dragon", 0, 0x2000, 0x10)
        },
        Row {
            types: PENDULUM,
            // Scales 3 and 3 above Level 5, as the simulators pack them.
            level: (3 << 24) | (3 << 16) | 5,
            ..monster(109, "Scale Three Magician", 0, 0x2, 0x20)
        },
    ];
    for i in 0..60 {
        rows.push(Row {
            types: SPELL,
            atk: 0,
            def: 0,
            level: 0,
            race: 0,
            attribute: 0,
            ..monster(1000 + i, "", 0, 0, 0)
        });
    }
    let names: Vec<String> = (0..60).map(|i| format!("Filler Spell {i}")).collect();
    for (row, name) in rows.iter_mut().skip(10).zip(&names) {
        row.name = name;
    }
    write_cdb(&path, &rows);
    std::fs::write(
        dir.join("strings.conf"),
        "!setname 0x47 Gem-\n!setname 0x1047 Gem Knight\n",
    )
    .expect("strings");
    path
}

#[test]
fn a_database_of_our_own_reads_with_every_fact() {
    let dir = scratch("own");
    own_database(&dir);
    let loaded = load_cards(std::slice::from_ref(&dir)).expect("loads");
    let db = &loaded.db;
    assert_eq!(db.len(), 70);
    assert_eq!(loaded.strings.len(), 1, "strings.conf beside it is read");
    let master = db.card(Passcode(100)).expect("master");
    assert_eq!(master.archetypes, vec![ArchetypeCode(0x1047)]);
    assert_eq!(
        (master.attribute, master.race),
        (Some(Attribute::Dark), Some(Race::Dragon))
    );
    assert_eq!(
        db.card(Passcode(104)).and_then(|c| c.alias),
        Some(Passcode(102))
    );
    assert_eq!(
        db.card_named("plain warrior").map(|c| c.passcode),
        Some(Passcode(102)),
        "the original printing names the card"
    );
    let link = db.card(Passcode(106)).expect("link");
    assert_eq!(
        (link.level, link.def),
        (2, 0),
        "a Link's arrows are not its DEF"
    );
    assert_eq!(
        link.link_arrows,
        fairduel_engine::field::LinkArrows::TOP | fairduel_engine::field::LinkArrows::RIGHT,
        "a Link's arrows are read from its def column"
    );
    assert_eq!(master.link_arrows, 0, "only a Link Monster has arrows");
    let pendulum = db.card(Passcode(109)).expect("pendulum");
    assert_eq!(
        (pendulum.level, pendulum.pendulum_scale),
        (5, Some(3)),
        "a Pendulum Monster's Scale is read above its Level"
    );
    assert_eq!(
        master.pendulum_scale, None,
        "only a Pendulum Monster has a Scale"
    );
    assert_eq!(
        db.card(Passcode(108)).map(|c| c.atk),
        Some(0),
        "'?' ATK reads as 0"
    );
    assert_eq!(db.archetype_name(ArchetypeCode(0x47)), "Gem-");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_deck_from_our_own_database_is_checked_through_ydk_and_ydke() {
    let dir = scratch("deck");
    let cdb = own_database(&dir);
    let db = load_cards(&[cdb]).expect("loads").db;
    let mut main: Vec<Passcode> = (1000..1057).map(Passcode).collect();
    main.extend([Passcode(101), Passcode(102), Passcode(108)]);
    let deck = DomainDeck {
        deck_master: Some(Passcode(100)),
        main,
        extra: vec![Passcode(105), Passcode(106)],
    };
    for text in [to_ydk(&deck), to_ydke(&deck)] {
        let parsed = read_deck_text(&text).expect("reads").deck;
        let report = check_domain_deck(&parsed, &db, DomainDeckRules::default()).expect("legal");
        assert_eq!(report.admissions.len(), 5);
    }
    // The other printing of Plain Warrior is the same card; Plain Aqua is outside.
    let mut broken = deck.clone();
    broken.main[0] = Passcode(104);
    broken.main[1] = Passcode(103);
    let problems =
        check_domain_deck(&broken, &db, DomainDeckRules::default()).expect_err("illegal");
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems.iter().any(|p| matches!(p, DomainDeckProblem::SecondCopy { card, .. } if card.contains("Plain Warrior"))));
    assert!(problems.iter().any(|p| matches!(p, DomainDeckProblem::OutsideDomain { card, .. } if card.contains("Plain Aqua"))));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn broken_database_files_get_a_clear_error_and_stay_untouched() {
    let dir = scratch("broken");
    let bogus = dir.join("cards.cdb");
    std::fs::write(&bogus, b"this is not sqlite at all, only text").expect("write");
    let before = std::fs::read(&bogus).expect("read");
    let err = load_cards(std::slice::from_ref(&bogus)).expect_err("not a database");
    assert!(matches!(err, CardDbError::NotACardDatabase { .. }), "{err}");
    assert!(err.to_string().contains("simulator's .cdb file"), "{err}");
    assert_eq!(
        std::fs::read(&bogus).expect("read"),
        before,
        "never written to"
    );
    let empty = scratch("empty");
    assert!(matches!(
        load_cards(std::slice::from_ref(&empty)),
        Err(CardDbError::NoDatabaseIn(_))
    ));
    assert!(matches!(
        load_cards(&[dir.join("nothing.cdb")]),
        Err(CardDbError::Missing(_))
    ));
    // A SQLite file of another schema.
    let other = dir.join("other.cdb");
    Connection::open(&other)
        .and_then(|c| c.execute_batch("CREATE TABLE t(x);"))
        .expect("other");
    assert!(matches!(
        load_cards(&[other]),
        Err(CardDbError::NotACardDatabase { .. })
    ));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&empty).ok();
}

fn shared_ygopro() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/ygopro");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            dir.display()
        );
        None
    }
}

#[test]
fn the_real_fixture_databases_read_whole() {
    let Some(dir) = shared_ygopro() else { return };
    let loaded = load_cards(std::slice::from_ref(&dir)).expect("loads");
    assert_eq!(loaded.databases.len(), 2);
    assert_eq!(loaded.skipped_rows, 0);
    assert_eq!(loaded.db.len(), 191 + 31);
    assert_eq!(loaded.db.archetype_count(), 756);
    let armed = loaded
        .db
        .card(Passcode(504_700_003))
        .expect("Armed Dragon LV3 (GOAT)");
    assert_eq!(
        armed.alias,
        Some(Passcode(980_973)),
        "a GOAT entry is a printing of the card"
    );
    assert_eq!(
        armed.archetypes,
        vec![ArchetypeCode(0x41), ArchetypeCode(0x111)]
    );
    assert_eq!((armed.level, armed.atk, armed.def), (3, 1200, 900));
    assert_eq!(
        (armed.attribute, armed.race),
        (Some(Attribute::Wind), Some(Race::Dragon))
    );
    assert_eq!(
        loaded.db.archetype_name(ArchetypeCode(0x111)),
        "Armed Dragon"
    );
}

/// The deck checker against the fixtures: every Deck Master of them gets a 60-card deck of
/// its own Domain from the two databases where there are enough cards, which must pass;
/// then one monster from outside the Domain must be named.
#[test]
fn the_deck_checker_judges_decks_built_from_the_fixture_databases() {
    let Some(dir) = shared_ygopro() else { return };
    let db = load_cards(&[dir]).expect("loads").db;
    let mut judged = 0;
    for master in db.cards().filter(|c| c.types.is_monster()) {
        let domain = fairduel_engine::domain::Domain::of(master, &db);
        let (mut main, mut outsider) = (Vec::new(), None);
        let mut seen = std::collections::BTreeSet::from([master.identity()]);
        for card in db.cards() {
            if card.types.is_extra_deck() || card.types.is_token() || !seen.insert(card.identity())
            {
                continue;
            }
            if fairduel_engine::domain::always_treated_as(card, &db)
                .into_iter()
                .any(|n| !seen.insert(n))
            {
                continue;
            }
            match domain.admits(card) {
                Some(_) if main.len() < 60 => main.push(card.passcode),
                None if outsider.is_none() => outsider = Some(card),
                _ => {}
            }
        }
        let (Some(outsider), 60) = (outsider, main.len()) else {
            continue;
        };
        let deck = DomainDeck {
            deck_master: Some(master.passcode),
            main,
            extra: vec![],
        };
        check_domain_deck(&deck, &db, DomainDeckRules::default())
            .unwrap_or_else(|p| panic!("{}: {p:?}", master.name));
        let mut broken = deck.clone();
        broken.main[59] = outsider.passcode;
        let problems =
            check_domain_deck(&broken, &db, DomainDeckRules::default()).expect_err("outsider");
        assert!(
            problems.iter().any(|p| matches!(p, DomainDeckProblem::OutsideDomain { card, .. } if card.contains(&outsider.name))),
            "{}: {problems:?}", master.name
        );
        judged += 1;
    }
    assert!(judged > 20, "only {judged} Deck Masters had enough cards");
}

// ---- The database as a card pool for Domain Format matches ----

fn domain_format() -> fairduel_engine::Format {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/formats/domain.toml");
    let text = std::fs::read_to_string(&path).expect("the domain preset");
    fairduel_engine::Format::from_toml(&path.display().to_string(), &text).expect("parses")
}

fn card_of(pool: &fairduel_engine::CardPool, passcode: u32) -> &fairduel_engine::card::CardDef {
    pool.cards()
        .find(|c| c.database.as_ref().is_some_and(|d| d.passcode == passcode))
        .unwrap_or_else(|| panic!("passcode {passcode} in the pool"))
}

#[test]
fn a_database_becomes_a_pool_of_its_deck_cards_with_the_card_games_facts() {
    use fairduel_engine::card::{CardKind, ExtraDeckSummon, MonsterType, SpellKind};
    let dir = scratch("pool");
    own_database(&dir);
    let loaded = load_cards(std::slice::from_ref(&dir)).expect("loads");
    let built = fairduel_carddb::pool_from_database(&loaded.db).expect("a pool");
    assert_eq!(built.pool.len(), 70, "every card a deck can hold");
    assert_eq!(built.left_out, 0);
    let link = card_of(&built.pool, 106);
    let stats = link.monster().expect("a monster");
    assert_eq!(stats.monster_type, MonsterType::Cyberse);
    assert_eq!(stats.extra_deck, Some(ExtraDeckSummon::Link));
    assert_eq!((stats.level, stats.def), (2, 0), "Link Rating, and no DEF");
    assert!(built.pool.is_extra_deck_monster(link.id));
    assert_eq!(card_of(&built.pool, 108).printed_stats(), Some((0, 1000)));
    let pendulum = card_of(&built.pool, 109);
    assert_eq!(
        (pendulum.level(), pendulum.pendulum_scale()),
        (5, Some(3)),
        "a Pendulum Monster keeps its Level and its Scale"
    );
    assert!(
        pendulum.is_normal_summonable(),
        "a Pendulum Monster is a Main Deck monster"
    );
    assert!(matches!(
        card_of(&built.pool, 107).kind,
        CardKind::Spell {
            spell: SpellKind::Normal
        }
    ));
    let master = card_of(&built.pool, 100);
    let entry = master.database.as_ref().expect("database facts");
    assert_eq!(
        entry.mentions_archetypes,
        vec![0x1047],
        "\"Gem Knight\" is mentioned"
    );
    assert_ne!(entry.mentions_races, 0, "Warrior is mentioned");
    assert!(
        !format!("{master:?}").contains("Stand-in"),
        "the card's text is read, never kept"
    );
    let again = fairduel_carddb::pool_from_database(&loaded.db).expect("a pool");
    assert_eq!(
        again.pool.hash(),
        built.pool.hash(),
        "same database, same pool"
    );

    // Another database (one ATK changed) is another pool: a match between them is refused.
    let other = scratch("pool-other");
    own_database(&other);
    let conn = Connection::open(other.join("cards.cdb")).expect("open");
    conn.execute("UPDATE datas SET atk = 1900 WHERE id = 102", [])
        .expect("update");
    drop(conn);
    let changed = load_cards(std::slice::from_ref(&other)).expect("loads");
    let changed = fairduel_carddb::pool_from_database(&changed.db).expect("a pool");
    assert_ne!(changed.pool.hash(), built.pool.hash());
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(&other).ok();
}

#[test]
fn a_deck_of_database_cards_keeps_to_its_domain_one_copy_and_the_extra_deck() {
    let dir = scratch("pool-deck");
    own_database(&dir);
    let loaded = load_cards(std::slice::from_ref(&dir)).expect("loads");
    let pool = fairduel_carddb::pool_from_database(&loaded.db)
        .expect("a pool")
        .pool;
    let format = domain_format();
    let id = |passcode| card_of(&pool, passcode).id;
    let fillers: Vec<_> = (1000..1057).map(id).collect();
    let deck = |main: &[u32], extra: &[u32]| fairduel_engine::DeckList {
        name: "test".into(),
        leader: Some(id(100)),
        main: main.iter().map(|p| id(*p)).chain(fillers.clone()).collect(),
        extra: extra.iter().map(|p| id(*p)).collect(),
        field_setup: fairduel_engine::field::FieldSetup::default(),
        duelist_setup: None,
    };
    // A Gem Knight (the archetype it mentions), a Warrior (the type it mentions) and a
    // Dragon (its own type), with an Xyz of its own attribute in the Extra Deck.
    deck(&[101, 102, 108], &[105])
        .validate(&pool, &format)
        .expect("a legal deck");
    let outside = deck(&[101, 102, 103], &[]).validate(&pool, &format);
    assert!(
        outside
            .as_ref()
            .is_err_and(|e| e.contains("Plain Aqua") && e.contains("outside")),
        "{outside:?}"
    );
    let printing = deck(&[101, 102, 104], &[]).validate(&pool, &format);
    assert!(
        printing
            .as_ref()
            .is_err_and(|e| e.contains("second copy of Plain Warrior")),
        "another printing is the same card: {printing:?}"
    );
    let crowded = deck(&[101, 102, 108], &[105; 16]).validate(&pool, &format);
    assert!(
        crowded
            .as_ref()
            .is_err_and(|e| e.contains("Extra Deck holds 16 cards")),
        "{crowded:?}"
    );
    let misplaced = deck(&[101, 102, 105], &[]).validate(&pool, &format);
    assert!(
        misplaced
            .as_ref()
            .is_err_and(|e| e.contains("Dark Xyz is an Extra Deck monster")),
        "{misplaced:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn legal_decks_are_built_from_the_fixture_database() {
    let Some(dir) = shared_ygopro() else { return };
    let loaded = load_cards(&[dir.join("goat-entries.cdb")]).expect("loads");
    let pool = fairduel_carddb::pool_from_database(&loaded.db)
        .expect("a pool")
        .pool;
    assert_eq!(pool.len(), 191);
    let format = domain_format();
    let decks = fairduel_engine::domain::build_domain_decks(&pool, &format, 4);
    assert_eq!(decks.len(), 4);
    let mut masters = std::collections::BTreeSet::new();
    for deck in &decks {
        deck.validate(&pool, &format)
            .unwrap_or_else(|e| panic!("{}: {e}", deck.name));
        assert_eq!(deck.main.len(), 60);
        assert!(masters.insert(deck.leader), "another Deck Master each");
    }
}
