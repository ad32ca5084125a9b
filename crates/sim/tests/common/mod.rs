//! Shared by the integration tests and the benchmarks: loading the project's assets and
//! picking decks the way `fairduel selfplay` does.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fairduel_engine::{CardPool, DeckList, Format, Rules};

pub mod card_game;

/// The formats every self-play test and benchmark covers.
pub const PRESETS: [&str; 4] = ["dor-classic", "dor-alternate", "kairu-dotr", "dor-modern"];

/// The presets with more than two players.
pub const TABLE_PRESETS: [&str; 2] = ["kairu-dotr-4p", "kairu-dotr-2v2"];

/// The presets played on the card game's field.
pub const FIELD_PRESETS: [&str; 6] = [
    "kingdom-duels",
    "kingdom-duels-tag",
    "kingdom-duels-royale",
    "kingdom-duels-royale-join",
    "kingdom-duels-boss",
    "kingdom-duels-symbols",
];

/// Domain Format's presets for two and four seats (the six-seat ones run from the command
/// line in CI: `.ci/run`).
pub const DOMAIN_PRESETS: [&str; 3] = ["domain", "domain-4", "domain-teams-2v2"];

/// Where the decks of `pool` are: `decks/` for Duelists of the Roses, `decks/<pool>/` for
/// any other pool (as the command line looks for them).
pub fn deck_dir(pool: &str) -> PathBuf {
    let decks = asset_dir().join("decks");
    if pool == fairduel_engine::format::DOR_POOL {
        decks
    } else {
        decks.join(pool)
    }
}

pub fn asset_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
}

fn read(path: &Path) -> String {
    match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    }
}

/// The rules of a preset and every starter deck, sorted by file name.
pub fn load(preset: &str) -> (Arc<Rules>, Vec<DeckList>) {
    let dir = asset_dir();
    let format_path = dir.join("formats").join(format!("{preset}.toml"));
    let format = match Format::from_toml(&format_path.display().to_string(), &read(&format_path)) {
        Ok(f) => f,
        Err(e) => panic!("{preset}: {e}"),
    };
    let pool_path = dir.join("cards").join(format!("{}.toml", format.pool));
    let pool = match CardPool::from_toml(&pool_path.display().to_string(), &read(&pool_path)) {
        Ok(p) => p,
        Err(e) => panic!("card pool: {e}"),
    };
    let rules = Rules::new(format, pool);
    let mut paths: Vec<PathBuf> = match std::fs::read_dir(deck_dir(rules.format.deck_folder())) {
        Ok(entries) => entries.flatten().map(|e| e.path()).collect(),
        Err(e) => panic!("decks: {e}"),
    };
    paths.retain(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"));
    paths.sort();
    let decks = paths
        .iter()
        .map(|p| {
            match DeckList::from_toml(
                &p.display().to_string(),
                &read(p),
                &rules.pool,
                &rules.format,
            ) {
                Ok(d) => d,
                Err(e) => panic!("{}: {e}", p.display()),
            }
        })
        .collect();
    (rules, decks)
}

/// The two decks `fairduel selfplay` pairs for a game seed.
pub fn pairing(decks: &[DeckList], seed: u64) -> Vec<&DeckList> {
    seating(decks, seed, 2)
}

/// The decks `fairduel selfplay` deals to `players` seats for a game seed.
pub fn seating(decks: &[DeckList], seed: u64, players: usize) -> Vec<&DeckList> {
    fairduel_sim::selfplay::deck_indices(seed, decks.len(), players)
        .into_iter()
        .filter_map(|i| decks.get(i))
        .collect()
}

/// Writes the next entry of a seeded protocol match — the awaited seat's automatic step, or
/// its bot's decision — and delivers it to every other seat. `None` once nobody is awaited.
pub fn protocol_step<B: fairduel_sim::Bot>(
    peers: &mut [fairduel_protocol::Peer],
    bots: &mut [B],
) -> Option<fairduel_protocol::SignedEnvelope> {
    let seat = peers.first()?.awaiting().0?;
    let i = seat.index();
    let written = {
        let peer = peers.get_mut(i)?;
        match peer.next_automatic() {
            Some(result) => result.ok()?,
            None => {
                let mut legal = peer.legal_actions();
                if legal.is_empty() {
                    return None;
                }
                let pick = bots
                    .get_mut(i)?
                    .choose(peer.duel()?, seat, peer.knowledge(), &legal);
                peer.decide(legal.swap_remove(pick.min(legal.len() - 1)))
                    .ok()?
            }
        }
    };
    for (j, other) in peers.iter_mut().enumerate() {
        if j != i
            && let Err(e) = other.receive(&written.0)
        {
            panic!("seat {j} refused an honest entry: {e}");
        }
    }
    Some(written.0)
}

/// A preset's format read from the assets, alone (for rules with a pool of a test's own).
pub fn format(preset: &str) -> Format {
    let path = asset_dir().join("formats").join(format!("{preset}.toml"));
    match Format::from_toml(&path.display().to_string(), &read(&path)) {
        Ok(f) => f,
        Err(e) => panic!("{preset}: {e}"),
    }
}

/// Runs the scenario `text` (named `name`) with `rules`; every step and assertion must go
/// as written.
pub fn scenario_passes(rules: &Arc<Rules>, name: &str, text: &str) {
    let text = format!("name = \"{name}\"\n{text}");
    let scenario = match fairduel_sim::scenario::Scenario::parse(name, &text) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    };
    let report = match scenario.run(rules) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert!(report.failures.is_empty(), "{name}: {:?}", report.failures);
    assert_eq!(report.steps_passed, report.steps_total, "{name}");
    assert_eq!(report.asserts_passed, report.asserts_total, "{name}");
}
