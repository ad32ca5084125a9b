//! A fuzzer for everything FairDuel reads from outside, on stable Rust: each target takes
//! arbitrary bytes the way the program takes a file, a frame or a pasted text, and must
//! answer with a value or an error — never a panic, never a hang.
//!
//! It has no coverage feedback (cargo-fuzz needs a nightly compiler): it starts from a seed
//! corpus of real inputs (`corpus/<target>/`, and the project's own formats, pools, decks
//! and scenario files) and mutates them — bit flips, random and boundary bytes, inserted,
//! deleted, repeated and spliced runs, cuts — which is what damaged files and hostile peers
//! produce. Every run is seeded, so a crash replays exactly; the crashing input is written
//! to `crashes/` and becomes a regression test.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::{CardPool, Format, Rules};

mod mutate;
mod targets;

pub use mutate::Mutator;
pub use targets::{TARGETS, Target};

/// What the targets need besides their input: the rules a record or a deck is read
/// against.
#[derive(Debug)]
pub struct Context {
    /// Every format of the project's assets, with its pool.
    pub rules: Vec<Arc<Rules>>,
    /// The DOR pool (decks and YDK files are read against it).
    pub dor: Arc<Rules>,
    /// The DOR cards' passcodes, for YDK files.
    pub passcodes: fairduel_app::ydk::PasscodeTable,
    /// A small card database of the card game (Domain decks are checked against it).
    pub domain_cards: fairduel_engine::domain::CardDatabase,
}

/// Why the fuzzer could not start.
#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    #[error("cannot read {path}: {error}")]
    Read { path: PathBuf, error: String },
    #[error("no fuzz target is named \"{0}\" (see --list)")]
    UnknownTarget(String),
    #[error("the assets in {0} hold no format")]
    NoFormats(PathBuf),
}

/// The project's own asset folder.
pub fn assets_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

/// The checked-in seed corpus.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus")
}

fn read_text(path: &Path) -> Result<String, FuzzError> {
    std::fs::read_to_string(path).map_err(|e| FuzzError::Read {
        path: path.to_owned(),
        error: e.to_string(),
    })
}

/// Files of a folder with the given extension, sorted (for reproducible corpora).
pub fn files_in(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == extension))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

impl Context {
    /// Loads every format of `assets` with its pool.
    pub fn load(assets: &Path) -> Result<Context, FuzzError> {
        let mut rules = Vec::new();
        for path in files_in(&assets.join("formats"), "toml") {
            let format = Format::from_toml(&path.display().to_string(), &read_text(&path)?)
                .map_err(|e| FuzzError::Read {
                    path: path.clone(),
                    error: e.to_string(),
                })?;
            let pool_path = assets.join("cards").join(format!("{}.toml", format.pool));
            let pool =
                CardPool::from_toml(&pool_path.display().to_string(), &read_text(&pool_path)?)
                    .map_err(|e| FuzzError::Read {
                        path: pool_path.clone(),
                        error: e.to_string(),
                    })?;
            rules.push(Rules::new(format, pool));
        }
        let dor = rules
            .iter()
            .find(|r| r.format.pool == "dor")
            .or(rules.first())
            .cloned()
            .ok_or_else(|| FuzzError::NoFormats(assets.to_owned()))?;
        let mut passcodes = fairduel_app::ydk::PasscodeTable::default();
        passcodes.add_file(&assets.join("cards").join("passcodes.toml"), &dor.pool);
        Ok(Context {
            domain_cards: small_domain_database(),
            rules,
            dor,
            passcodes,
        })
    }
}

/// The seed corpus of `target`: its checked-in files, and the project's own files of the
/// kind it reads.
pub fn seeds(target: &Target) -> Result<Vec<Vec<u8>>, FuzzError> {
    let mut seeds = Vec::new();
    let mut add_dir = |dir: PathBuf, extension: &str| -> Result<(), FuzzError> {
        for path in files_in(&dir, extension) {
            seeds.push(std::fs::read(&path).map_err(|e| FuzzError::Read {
                path: path.clone(),
                error: e.to_string(),
            })?);
        }
        Ok(())
    };
    add_dir(corpus_dir().join(target.name), "bin")?;
    add_dir(corpus_dir().join(target.name), "txt")?;
    let assets = assets_dir();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match target.name {
        "format" => add_dir(assets.join("formats"), "toml")?,
        "pool" => add_dir(assets.join("cards"), "toml")?,
        "deck" => {
            add_dir(assets.join("decks"), "toml")?;
            add_dir(assets.join("decks").join("kingdom-duels"), "toml")?;
        }
        "scenario" => add_dir(root.join("tests").join("scenarios"), "toml")?,
        _ => {}
    }
    if seeds.is_empty() {
        // Something to start from: mutations of nothing grow into every short input.
        seeds.push(Vec::new());
    }
    Ok(seeds)
}

/// How a run went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    pub target: &'static str,
    pub inputs: u64,
    /// Inputs the target accepted (the rest it refused with an error, as it should most).
    pub accepted: u64,
}

/// An input that made a target panic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crash {
    pub target: &'static str,
    pub input: Vec<u8>,
    pub message: String,
}

/// Runs `target` on `inputs` mutated inputs from its seeds (and on every seed itself
/// first), with the mutator seeded by `seed`.
pub fn fuzz(
    target: &Target,
    context: &Context,
    seeds: &[Vec<u8>],
    inputs: u64,
    seed: u64,
) -> Result<Run, Crash> {
    let mut mutator = Mutator::new(seed);
    let mut run = Run {
        target: target.name,
        inputs: 0,
        accepted: 0,
    };
    let try_one = |input: &[u8], run: &mut Run| -> Result<(), Crash> {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            (target.run)(context, input)
        }));
        run.inputs += 1;
        match outcome {
            Ok(true) => {
                run.accepted += 1;
                Ok(())
            }
            Ok(false) => Ok(()),
            Err(panic) => Err(Crash {
                target: target.name,
                input: input.to_vec(),
                message: panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_else(|| "a panic".to_owned()),
            }),
        }
    };
    for seed_input in seeds {
        try_one(seed_input, &mut run)?;
    }
    for _ in 0..inputs {
        let input = mutator.mutate(seeds);
        try_one(&input, &mut run)?;
    }
    Ok(run)
}

/// A Deck Master (a DARK Dragon naming a Warrior archetype), monsters in and out of its
/// Domain, an Xyz and 60 spells, passcodes 1 to 80: enough for decks to pass and to fail.
fn small_domain_database() -> fairduel_engine::domain::CardDatabase {
    use fairduel_engine::domain::{
        ArchetypeCode, Attribute, CardDatabase, CardFacts, CardTypes, Passcode, Race,
    };
    let mut db = CardDatabase::new();
    db.add_archetype(ArchetypeCode(0x10), "Test Knights");
    let card = |passcode: u32, name: String, types: u32, attribute, race, text: &str| CardFacts {
        passcode: Passcode(passcode),
        alias: None,
        name,
        archetypes: if passcode == 3 {
            vec![ArchetypeCode(0x10)]
        } else {
            vec![]
        },
        types: CardTypes(types),
        attribute,
        race,
        level: 4,
        atk: 1000,
        def: 1000,
        link_arrows: 0,
        pendulum_scale: None,
        text: text.to_string(),
    };
    let monster = CardTypes::MONSTER | CardTypes::EFFECT;
    db.add_card(card(
        1,
        "Master".into(),
        monster,
        Some(Attribute::Dark),
        Some(Race::Dragon),
        "Add 1 \"Test Knights\" monster or 1 Warrior-Type (Warrior/LIGHT/Level 1).",
    ));
    db.add_card(card(
        2,
        "Outsider".into(),
        monster,
        Some(Attribute::Water),
        Some(Race::Aqua),
        "",
    ));
    db.add_card(card(
        3,
        "Knight".into(),
        monster,
        Some(Attribute::Earth),
        Some(Race::Rock),
        "",
    ));
    db.add_card(card(
        4,
        "Xyz".into(),
        CardTypes::MONSTER | CardTypes::XYZ,
        Some(Attribute::Dark),
        Some(Race::Fiend),
        "",
    ));
    db.add_card(card(5, "Umi".into(), CardTypes::SPELL, None, None, ""));
    db.add_card(card(
        6,
        "Ocean".into(),
        CardTypes::SPELL,
        None,
        None,
        "(This card is always treated as \"Umi\".)",
    ));
    for passcode in 10..80 {
        db.add_card(card(
            passcode,
            format!("Spell {passcode}"),
            CardTypes::SPELL,
            None,
            None,
            "",
        ));
    }
    db
}
