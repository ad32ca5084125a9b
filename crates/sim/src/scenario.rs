//! Data-driven rule scenarios: a TOML file sets up a position, plays actions and states what
//! must be legal, illegal or true afterwards. The schema is documented in
//! `tests/scenarios/README.md`.
//!
//! The position is built omnisciently: every card gets a commitment with a salt derived from
//! the file name, and one [`Knowledge`] holds every opening, so the runner can fill in the
//! reveals actions need. A step may still give a wrong reveal on purpose (`reveal_card`).
//!
//! [`Scenario::parse`] and [`Scenario::run`] are pure; [`run_file`] is the one helper here
//! that reads files (the scenario, its format preset and the card pool).

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use fairduel_engine::action::{
    Action, Answer, Entry, FusionMaterial, PendulumSource, PendulumSummoned, PlayMode,
};
use fairduel_engine::awaiting::{Asked, Awaiting, Decision};
use fairduel_engine::card::{CardDef, CardId};
use fairduel_engine::commitment::{CardRef, Commitment, Reveal, Salt};
use fairduel_engine::deck::check_duelist_setup;
use fairduel_engine::duel::{Duel, Rules};
use fairduel_engine::field::DuelistSetup;
use fairduel_engine::format::{Family, Format, SummonCost};
use fairduel_engine::grid::{Cell, GridTopology};
use fairduel_engine::hash::{Digest32, sha256, sha256_of};
use fairduel_engine::kingdom_card::MainType;
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::piece::{Attached, Bind, Class, Piece};
use fairduel_engine::place::{Place, Zone};
use fairduel_engine::player::{CardSlot, DeckMaster, DeckMasterPlace, DestinyPile};
use fairduel_engine::pool::CardPool;
use fairduel_engine::seat::{Seat, SeatSet};
use fairduel_engine::setup::{DeckSetup, LeaderSetup, PublicSetup, SeatSetup};
use fairduel_engine::source::{SourceError, line_of};
use fairduel_engine::state::{Phase, Resume, WinReason};
use fairduel_engine::terrain::Terrain;
use fairduel_engine::turn_order::TurnOrder;

mod operations;
mod runner;

use runner::Runner;

// ---------------------------------------------------------------------------- file schema

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    format: String,
    /// The players' own card definitions (the text of a definitions file, see the
    /// engine's `card_definitions`) laid over the format's pool.
    #[serde(default)]
    definitions: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    rule: Option<String>,
    #[serde(default)]
    known_failure: Option<String>,
    #[serde(default)]
    first: Option<u8>,
    #[serde(default)]
    active: Option<u8>,
    #[serde(default)]
    turn: Option<u16>,
    /// The card game's field: the duel is at the end of its Setup Phase, before the first
    /// turn (the `first` seat's): the seats with `duelist_setup` decide their swaps.
    #[serde(default)]
    setup_phase: bool,
    /// Answer every reveal the rules ask for from the omniscient knowledge (default true).
    #[serde(default)]
    auto_reveal: Option<bool>,
    /// Pass every response window automatically (default false).
    #[serde(default)]
    auto_pass: Option<bool>,
    #[serde(default)]
    seat0: Option<Spanned<RawSeat>>,
    #[serde(default)]
    seat1: Option<Spanned<RawSeat>>,
    #[serde(default)]
    seat2: Option<Spanned<RawSeat>>,
    #[serde(default)]
    seat3: Option<Spanned<RawSeat>>,
    #[serde(default)]
    seat4: Option<Spanned<RawSeat>>,
    #[serde(default)]
    seat5: Option<Spanned<RawSeat>>,
    #[serde(default)]
    board: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    terrain: Vec<Spanned<RawTerrain>>,
    #[serde(default)]
    cells: Vec<Spanned<RawCell>>,
    #[serde(default)]
    step: Vec<Spanned<RawStep>>,
    #[serde(default, rename = "assert")]
    asserts: Vec<Spanned<RawAssert>>,
    /// Format options this scenario plays with instead of the preset's, as the preset's
    /// own tables (`[options.play] fusion = "any-listed"`): the options players may choose.
    #[serde(default)]
    options: Option<toml::Table>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    /// Kingdom Duels' Battle Royale: the player sits at the table waiting to join.
    waiting: Option<bool>,
    life_points: Option<u32>,
    summoning_points: Option<u8>,
    #[serde(default)]
    hand: Vec<u16>,
    /// Top of the deck last.
    #[serde(default)]
    deck: Vec<u16>,
    /// The Extra Deck.
    #[serde(default)]
    extra: Vec<u16>,
    /// Kairu's destiny pile (default: the format's destiny list).
    destiny: Option<Vec<u16>>,
    /// Whether the player already made their Destiny Draw.
    destiny_drawn: Option<bool>,
    #[serde(default)]
    graveyard: Vec<u16>,
    /// Banished cards, face-up (Kairu's Shadow Realm).
    #[serde(default)]
    banished: Vec<u16>,
    /// The card game's face-up Extra Deck (Pendulum Monsters that left the field).
    #[serde(default)]
    face_up_extra_deck: Vec<u16>,
    leader: Option<u16>,
    leader_at: Option<String>,
    field_spell: Option<u16>,
    cards_played: Option<u8>,
    monsters_played: Option<u8>,
    leader_stuck_turns: Option<u8>,
    idle_warnings: Option<u8>,
    /// Attacks already declared this Battle Phase (the card game's field).
    attacks_declared: Option<u8>,
    /// Whether the player already redirected an attack this round (Battle Royale).
    redirected: Option<bool>,
    /// Domain Format: the Deck Master (card number; default: the first monster of the pool).
    deck_master: Option<u16>,
    /// Domain Format: where the Deck Master is ("zone", the default, "graveyard", "hand" or
    /// "banished"), the return choice already made for it.
    deck_master_at: Option<String>,
    /// Domain Format: how many times the Deck Master has returned to its zone.
    deck_master_returns: Option<u8>,
    /// Kingdom Duels: the Duelist Setup Rule card in the seat's Rule Zone (card number).
    duelist_setup: Option<u16>,
    /// Kingdom Duels: the Field Setup Rule card in the seat's Rule Zone (card number); the
    /// scenario's terrain markers are its own.
    field_setup: Option<u16>,
    /// Its Cardlist (card numbers).
    #[serde(default)]
    cardlist: Vec<u16>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    at: String,
    /// A grid cell's terrain.
    terrain: Option<Terrain>,
    /// A Frontrow zone's terrain marker, by name (the card game's field).
    marker: Option<String>,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Face {
    Up,
    Down,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Position {
    Attack,
    Defence,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawBind {
    Turns(u8),
    Word(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCell {
    at: String,
    card: u16,
    seat: u8,
    owner: Option<u8>,
    face: Option<Face>,
    /// A face-down card set with its class hidden (the bluff).
    #[serde(default)]
    class_hidden: bool,
    position: Option<Position>,
    #[serde(default)]
    moved: bool,
    #[serde(default)]
    changed_position: bool,
    #[serde(default)]
    attacked: bool,
    /// An effect of this face-up card was activated this turn (the card game's field).
    #[serde(default)]
    activated: bool,
    entered_turn: Option<u16>,
    spellbound: Option<RawBind>,
    bound_turn: Option<u16>,
    #[serde(default)]
    equips: Vec<u16>,
    /// Who owns the cards under it (default: the card's owner), for another player's card
    /// attached as material.
    equips_owner: Option<u8>,
    /// Counters on it.
    counters: Option<u8>,
    /// Summoned from the Extra Deck (Kairu's extra monster slot counts it).
    #[serde(default)]
    from_extra_deck: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawSeatOrWord {
    Seat(u8),
    Word(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStep {
    seat: u8,
    #[serde(rename = "do")]
    action: String,
    #[serde(default)]
    expect: Option<String>,
    hand: Option<u8>,
    /// A `detach` step: which of the cards attached beneath, from 1.
    index: Option<u8>,
    card: Option<u16>,
    to: Option<String>,
    from: Option<String>,
    at: Option<String>,
    mode: Option<String>,
    cost: Option<u8>,
    #[serde(default)]
    tributes: Vec<String>,
    /// A `fuse` step's materials: "handK" for the seat's hand card K (0-based), or a place.
    #[serde(default)]
    materials: Vec<String>,
    /// A `pendulum-summon` step's monsters, each "SOURCE PLACE" or "SOURCE PLACE def":
    /// SOURCE is "handK" (the seat's hand card K, 0-based), "extra-up:N" (card N face-up in
    /// its Extra Deck) or "deck-master".
    #[serde(default)]
    summons: Vec<String>,
    /// A `swap-starting-cards` step: the seat's hand cards given back (0-based indexes)
    /// and the deck cards taken for them (card numbers; a number twice takes two copies).
    #[serde(default)]
    give: Vec<u8>,
    #[serde(default)]
    take: Vec<u16>,
    flip: Option<bool>,
    /// Give this card number in the reveal instead of the true one (with the true salt).
    reveal_card: Option<u16>,
    /// `false`: leave out the reveal the action would carry.
    reveal: Option<bool>,
    matching: Option<Vec<String>>,
    /// The opponent a `choose-opponent` step names.
    opponent: Option<u8>,
    /// `choose-side`: `"blue"` or `"red"` (Kingdom Duels' Blue and Red).
    side: Option<fairduel_engine::field::Side>,
    /// `join-duel`: whether to join now (the default) or not yet.
    join: Option<bool>,
    /// `judge-materials`: whether the materials set apart were proper (the default).
    proper: Option<bool>,
    /// A `propose-outcome` step's operations (`scenario/operations.rs`).
    operations: Option<Vec<operations::RawOperation>>,
    /// A `call-chance` step's chance: "coin" or "die".
    chance: Option<String>,
    /// A coin's call: "heads" (the default) or "tails".
    call: Option<String>,
    /// A `use-symbol` step: the charges its effect spends.
    charges: Option<u8>,
    /// Apply the action as a peer that cannot see the acting seat's hidden cards: what only
    /// those cards could refuse is recorded as a claim instead.
    #[serde(default)]
    unseen: bool,
    /// A note for readers; ignored.
    #[serde(default, rename = "note")]
    _note: Option<String>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawAssert {
    /// Check after this step (1-based) instead of at the end.
    after: Option<usize>,
    /// A note for readers; ignored.
    #[serde(default, rename = "note")]
    _note: Option<String>,
    seat: Option<u8>,
    life_points: Option<u32>,
    summoning_points: Option<u8>,
    hand_size: Option<usize>,
    deck_size: Option<usize>,
    extra_deck_size: Option<usize>,
    /// With `seat`: the Rule cards active in its Rule Zone (Kingdom Duels' Normal Rule
    /// cards), by count.
    rule_zone_size: Option<usize>,
    /// With `seat`: the cards left in the destiny pile.
    destiny_pile_size: Option<usize>,
    graveyard_size: Option<usize>,
    graveyard_contains: Option<u16>,
    graveyard_lacks: Option<u16>,
    /// With `seat`: a card among the banished cards.
    banished_contains: Option<u16>,
    /// With `seat`: a card face-up in the Extra Deck (a Pendulum Monster that left the
    /// field).
    face_up_extra_deck_contains: Option<u16>,
    hand_contains: Option<u16>,
    /// With `seat`: a card no longer in the hand (as far as the scenario knows).
    hand_lacks: Option<u16>,
    /// The hand holds this card and everyone knows it (it was shown).
    hand_shows: Option<u16>,
    /// The graveyard holds this card and everyone knows it (it was opened).
    graveyard_shows: Option<u16>,
    leader_at: Option<String>,
    field_spell: Option<u16>,
    at: Option<String>,
    empty: Option<bool>,
    card: Option<u16>,
    controller: Option<u8>,
    face: Option<Face>,
    position: Option<Position>,
    spellbound: Option<RawBind>,
    equipped: Option<u16>,
    /// With `at`: the cards attached beneath the card there, in order (Kingdom Duels'
    /// Fusion and Alter materials).
    attached: Option<Vec<u16>>,
    /// With `at` (a Backrow zone): the zone of the monster the card there is equipped to, or
    /// `"none"`.
    equipped_to: Option<String>,
    atk: Option<i32>,
    def: Option<i32>,
    /// With `at`: the monster's level as it stands (printed, with the changes made to it).
    level: Option<u8>,
    terrain: Option<Terrain>,
    /// The terrain marker over a zone of the field, by name.
    marker: Option<String>,
    /// With `at` on the field: whether the monster there gets the Field Power Bonus.
    field_power_bonus: Option<bool>,
    /// Whether everyone knows the card at `at` (face-up, or shown while face-down).
    public: Option<bool>,
    /// What everyone knows the card at `at` to be: `"monster"`, `"spell-trap"`, or
    /// `"hidden"` (set with its class kept hidden, the bluff).
    class: Option<String>,
    /// With `seat`: Idle Warnings collected.
    idle_warnings: Option<u8>,
    /// With `seat`: the side they belong to, `"blue"`, `"red"` or `"none"` (not chosen yet).
    side: Option<String>,
    /// With `seat`: the charges left on the Symbol card in their Rule Zone.
    symbol_charges: Option<u8>,
    /// With `seat`: where the Deck Master is ("zone", "field", "hand", "deck",
    /// "graveyard", "banished").
    deck_master: Option<String>,
    /// With `seat`: how many times the Deck Master has returned to its zone.
    deck_master_returns: Option<u8>,
    /// The phase of the turn ("main", "battle", "main-2", "end").
    phase: Option<String>,
    awaiting: Option<String>,
    winner: Option<RawSeatOrWord>,
    /// Every seat on the winning side, for a team's win.
    winners: Option<Vec<u8>>,
    /// With `seat`: whether that player has been removed from the game.
    removed: Option<bool>,
    /// With `seat`: whether that player still waits to join the duel (Battle Royale).
    waiting: Option<bool>,
    reason: Option<String>,
    turn: Option<u16>,
    /// The player whose turn it is.
    active: Option<u8>,
    /// The player the duel waits for (a decision or a protocol answer).
    decides: Option<u8>,
    /// How many coins and dice the effect being resolved has used.
    chances: Option<usize>,
    /// With `at`: how many counters the card there holds.
    counters: Option<u8>,
    /// With `at`: the attribute and type the monster shows, e.g. "DARK Zombie".
    shows: Option<String>,
    /// How many links the chain holds that have not begun to resolve (the card game's
    /// field).
    chain_links: Option<usize>,
}

// ---------------------------------------------------------------------------- parsed form

/// A parsed scenario file, ready to run against the rules of its format.
#[derive(Debug)]
pub struct Scenario {
    pub file: String,
    pub name: String,
    pub rule: Option<String>,
    /// The format preset id.
    pub format: String,
    /// Why the engine is expected to fail this scenario (a known engine bug).
    pub known_failure: Option<String>,
    raw: RawScenario,
    text: String,
}

/// One failed step or assertion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// 1-based line in the scenario file.
    pub line: usize,
    /// "step 3 (attack)" or "assert".
    pub what: String,
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}: {}", self.line, self.what, self.message)
    }
}

/// How a scenario came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    Fail,
    /// Failed, as its `known_failure` says it will.
    KnownFailure,
    /// Marked `known_failure` but passed: the engine may have been fixed.
    UnexpectedPass,
}

/// The outcome of running one scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioReport {
    pub file: String,
    pub name: String,
    pub rule: Option<String>,
    pub format: String,
    pub known_failure: Option<String>,
    pub steps_total: usize,
    /// Steps that ran as expected before the first failure (or all of them).
    pub steps_passed: usize,
    pub asserts_total: usize,
    pub asserts_passed: usize,
    pub failures: Vec<Failure>,
}

impl ScenarioReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }

    pub fn verdict(&self) -> Verdict {
        match (self.passed(), self.known_failure.is_some()) {
            (true, false) => Verdict::Pass,
            (false, false) => Verdict::Fail,
            (false, true) => Verdict::KnownFailure,
            (true, true) => Verdict::UnexpectedPass,
        }
    }

    /// Only a plain failure counts against a run.
    pub fn is_unexpected_failure(&self) -> bool {
        self.verdict() == Verdict::Fail
    }

    /// One line for the terminal.
    pub fn summary(&self) -> String {
        let label = self
            .rule
            .as_deref()
            .map_or_else(|| self.name.clone(), |r| format!("{} [{r}]", self.name));
        match self.verdict() {
            Verdict::Pass => format!(
                "PASS  {} — {label} ({} steps, {} asserts)",
                self.file, self.steps_total, self.asserts_total
            ),
            Verdict::Fail => format!("FAIL  {} — {label}: {}", self.file, self.first_failure()),
            Verdict::KnownFailure => format!(
                "KNOWN {} — {label}: {} (known failure: {})",
                self.file,
                self.first_failure(),
                self.known_failure.as_deref().unwrap_or_default()
            ),
            Verdict::UnexpectedPass => format!(
                "FIXED {} — {label}: passes although marked known_failure; remove the mark",
                self.file
            ),
        }
    }

    fn first_failure(&self) -> String {
        self.failures
            .first()
            .map_or_else(String::new, ToString::to_string)
    }
}

// ---------------------------------------------------------------------------- loading

/// Why a scenario could not be run at all.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    #[error("cannot read {path}: {message}")]
    Read { path: String, message: String },
    #[error("{0}")]
    Source(#[from] SourceError),
}

/// Reads a scenario file, its format preset from `<assets>/formats/<id>.toml` and the card
/// pool the format names from `<assets>/cards/<pool>.toml`, and runs it.
pub fn run_file(path: &Path, assets: &Path) -> Result<ScenarioReport, ScenarioError> {
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| ScenarioError::Read {
            path: p.display().to_string(),
            message: e.to_string(),
        })
    };
    let name = path.display().to_string();
    let scenario = Scenario::parse(&name, &read(path)?)?;
    let format_path = assets
        .join("formats")
        .join(format!("{}.toml", scenario.format));
    let mut format_text = read(&format_path)?;
    if let Some(options) = &scenario.raw.options {
        format_text = with_options(&format_text, options).map_err(|message| {
            SourceError::new(
                &scenario.file,
                line_containing(&scenario.text, "options").unwrap_or(1),
                message,
            )
        })?;
    }
    let format = Format::from_toml(&format_path.display().to_string(), &format_text)?;
    let pool_path = assets.join("cards").join(format!("{}.toml", format.pool));
    let mut pool = CardPool::from_toml(&pool_path.display().to_string(), &read(&pool_path)?)?;
    if let Some(definitions) = &scenario.raw.definitions {
        pool =
            pool.with_definitions(&format!("{} (its definitions)", scenario.file), definitions)?;
    }
    Ok(scenario.run(&Rules::new(format, pool))?)
}

/// The format file `preset` with the tables of `options` laid over it, key by key.
fn with_options(preset: &str, options: &toml::Table) -> Result<String, String> {
    fn lay_over(base: &mut toml::Table, over: &toml::Table) {
        for (key, value) in over {
            match (base.get_mut(key), value) {
                (Some(toml::Value::Table(inner)), toml::Value::Table(over_inner)) => {
                    lay_over(inner, over_inner)
                }
                _ => {
                    base.insert(key.clone(), value.clone());
                }
            }
        }
    }
    let mut table: toml::Table = preset
        .parse()
        .map_err(|e| format!("the preset does not parse: {e}"))?;
    lay_over(&mut table, options);
    toml::to_string(&table).map_err(|e| format!("cannot write the options back: {e}"))
}

impl Scenario {
    /// Parses a scenario file; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Scenario, SourceError> {
        let raw: RawScenario =
            toml::from_str(text).map_err(|e| SourceError::from_toml(file, text, &e))?;
        if raw.format.contains('/') || raw.format.contains('\\') || raw.format.is_empty() {
            return Err(SourceError::new(
                file,
                line_containing(text, "format").unwrap_or(1),
                format!("format \"{}\" must be a preset id", raw.format),
            ));
        }
        let name = raw.name.clone().unwrap_or_else(|| {
            Path::new(file)
                .file_stem()
                .map_or_else(|| file.to_owned(), |s| s.to_string_lossy().into_owned())
        });
        Ok(Scenario {
            file: file.to_owned(),
            name,
            rule: raw.rule.clone(),
            format: raw.format.clone(),
            known_failure: raw.known_failure.clone(),
            raw,
            text: text.to_owned(),
        })
    }

    fn line(&self, offset: usize) -> usize {
        line_of(&self.text, offset)
    }

    fn err(&self, line: usize, message: impl Into<String>) -> SourceError {
        SourceError::new(&self.file, line, message.into())
    }

    /// Builds the position and plays the steps. Errors in the file itself (a bad cell name,
    /// an unknown card, a step without its fields) are `SourceError`s; rule outcomes go into
    /// the report.
    /// The position the scenario reaches once its steps are played (asserts unchecked):
    /// the duel and every card's opening, for a test that wants a position to start from
    /// (the window's tests, for one). A step that does not go as the file expects is an
    /// error naming it.
    pub fn position(&self, rules: &Arc<Rules>) -> Result<(Duel, Knowledge), SourceError> {
        let mut run = Runner::new(self, rules)?;
        for step in &self.raw.step {
            let line = self.line(step.span().start);
            if let Err(message) = run.step(self, line, step.get_ref())? {
                return Err(self.err(line, message));
            }
        }
        Ok(run.into_position())
    }

    pub fn run(&self, rules: &Arc<Rules>) -> Result<ScenarioReport, SourceError> {
        if rules.format.id != self.format {
            return Err(self.err(
                line_containing(&self.text, "format").unwrap_or(1),
                format!(
                    "the scenario wants format \"{}\" but was given \"{}\"",
                    self.format, rules.format.id
                ),
            ));
        }
        let mut run = Runner::new(self, rules)?;
        let mut report = ScenarioReport {
            file: self.file.clone(),
            name: self.name.clone(),
            rule: self.rule.clone(),
            format: self.format.clone(),
            known_failure: self.known_failure.clone(),
            steps_total: self.raw.step.len(),
            steps_passed: 0,
            asserts_total: self.raw.asserts.len(),
            asserts_passed: 0,
            failures: Vec::new(),
        };
        // Asserts are checked in file order at their moment: after step N, or at the end.
        let mut asserts: Vec<(usize, &Spanned<RawAssert>)> = Vec::new();
        for a in &self.raw.asserts {
            let after = a.get_ref().after.unwrap_or(self.raw.step.len());
            if after > self.raw.step.len() {
                return Err(self.err(
                    self.line(a.span().start),
                    format!(
                        "after = {after}, but the scenario has only {} step(s)",
                        self.raw.step.len()
                    ),
                ));
            }
            asserts.push((after, a));
        }
        let check = |run: &Runner, done: usize, report: &mut ScenarioReport| {
            for (_, a) in asserts.iter().filter(|(after, _)| *after == done) {
                let line = self.line(a.span().start);
                match run.check_assert(self, line, a.get_ref()) {
                    Ok(problems) if problems.is_empty() => report.asserts_passed += 1,
                    Ok(problems) => report.failures.push(Failure {
                        line,
                        what: "assert".into(),
                        message: problems.join("; "),
                    }),
                    Err(e) => report.failures.push(Failure {
                        line,
                        what: "assert".into(),
                        message: e.message,
                    }),
                }
            }
        };
        check(&run, 0, &mut report);
        for (i, step) in self.raw.step.iter().enumerate() {
            if !report.failures.is_empty() {
                break;
            }
            let line = self.line(step.span().start);
            let raw = step.get_ref();
            let what = format!("step {} ({} by seat {})", i + 1, raw.action, raw.seat);
            match run.step(self, line, raw)? {
                Ok(()) => {
                    report.steps_passed += 1;
                    let problems = run.card_places_problems();
                    if !problems.is_empty() {
                        report.failures.push(Failure {
                            line,
                            what: format!("cards after {what}"),
                            message: problems.join("; "),
                        });
                        break;
                    }
                }
                Err(message) => {
                    report.failures.push(Failure {
                        line,
                        what,
                        message,
                    });
                    break;
                }
            }
            check(&run, i + 1, &mut report);
        }
        Ok(report)
    }
}

fn line_containing(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| l.trim_start().starts_with(key))
        .map(|i| i + 1)
}

/// The leader used when a seat names none: a plain level-4 monster.
const DEFAULT_LEADER: u16 = 44;

impl Scenario {
    fn file_stem(&self) -> String {
        Path::new(&self.file)
            .file_name()
            .map_or_else(|| self.file.clone(), |s| s.to_string_lossy().into_owned())
    }
}

/// A Deck Master's place as scenario files write it.
pub(crate) fn deck_master_place_name(place: DeckMasterPlace) -> &'static str {
    match place {
        DeckMasterPlace::Zone => "zone",
        DeckMasterPlace::Field => "field",
        DeckMasterPlace::Hand => "hand",
        DeckMasterPlace::Deck => "deck",
        DeckMasterPlace::Graveyard => "graveyard",
        DeckMasterPlace::Banished => "banished",
        DeckMasterPlace::ExtraDeck => "extra-deck",
    }
}

/// "seat must be 0 or 1", for a table of `players`.
fn seat_range(players: u8, what: &str) -> String {
    format!(
        "{what} must be a seat of this {players}-player format: 0 to {}",
        players.saturating_sub(1)
    )
}

/// A duel on a minimal legal set-up; the runner then rewrites its whole state.
fn placeholder_duel(
    sc: &Scenario,
    rules: &Arc<Rules>,
    match_id: Digest32,
) -> Result<Duel, SourceError> {
    let format = &rules.format;
    let leader = match format.family {
        Family::Field if format.field.deck_master.is_none() => None,
        _ => Some(
            rules
                .pool
                .cards()
                .find(|c| {
                    c.is_monster()
                        && (format.deck.domain || c.level() <= format.deck.leader_max_level)
                })
                .map(|c| c.id)
                .ok_or_else(|| sc.err(1, "the card pool has no monster to lead with"))?,
        ),
    };
    let filler = |seat: u8| -> Vec<Commitment> {
        (0..format.deck.min_main.max(format.hand.starting))
            .map(|i| Commitment(sha256_of(&("fairduel/scenario-filler", seat, i))))
            .collect()
    };
    let seat_setup = |seat: u8| SeatSetup {
        leader: leader.map(|card| LeaderSetup {
            card,
            commitment: Commitment(sha256_of(&("fairduel/scenario-leader", seat))),
        }),
        field_setup: fairduel_engine::field::FieldSetup::default(),
        duelist_setup: None,
        deck: filler(seat),
        order: DeckSetup::Public,
        extra: Vec::new(),
        destiny: format
            .destiny_draw
            .iter()
            .flat_map(|d| &d.cards)
            .enumerate()
            .map(|(i, _)| Commitment(sha256_of(&("fairduel/scenario-destiny", seat, i))))
            .collect(),
    };
    let setup = PublicSetup {
        match_id,
        first: Seat(0),
        seats: (0..format.table.players).map(seat_setup).collect(),
    };
    Duel::new(Arc::clone(rules), setup)
        .map(|(duel, _)| duel)
        .map_err(|e| sc.err(1, format!("cannot start a duel in this format: {e}")))
}

fn card_def<'a>(
    sc: &Scenario,
    rules: &'a Rules,
    line: usize,
    id: u16,
) -> Result<&'a CardDef, SourceError> {
    rules
        .pool
        .get(CardId(id))
        .ok_or_else(|| sc.err(line, format!("card {id} is not in the card pool")))
}

fn parse_cell(sc: &Scenario, line: usize, text: &str, n: u8) -> Result<Cell, SourceError> {
    Cell::parse(text, n).ok_or_else(|| {
        let last = char::from(b'a' + n.saturating_sub(1));
        sc.err(
            line,
            format!("\"{text}\" is not a cell of the {n}x{n} board (a1 to {last}{n})"),
        )
    })
}

/// A place named in a scenario file: a grid cell (`b6`), or on the card game's field a zone
/// (`seat0-front3`, `seat1-back1`: the seat, the row, and the slot counted from 1, left to
/// right; `seat0-emz1`: the Extra Monster Zone on the left of seat 0, the first seat of its
/// facing pair; `seat0-field`: seat 0's Field Zone).
fn parse_place(sc: &Scenario, line: usize, text: &str, duel: &Duel) -> Result<Place, SourceError> {
    let Some(field) = duel.topology().field() else {
        return parse_cell(sc, line, text, duel.state().board_size).map(Place::Cell);
    };
    let bad = || {
        sc.err(
            line,
            format!(
                "\"{text}\" is not a zone of the field: write seatN-frontK or seatN-backK \
                 (K from 1 to {}), seatN-emzK for an Extra Monster Zone (N the first seat of \
                 the facing pair, K 1 on its left or 2), seatN-field for a Field Zone, or \
                 seatN-player for a direct attack",
                field.monster_zones().max(field.spell_trap_zones())
            ),
        )
    };
    let rest = text.trim().strip_prefix("seat").ok_or_else(bad)?;
    let (seat, row) = rest.split_once('-').ok_or_else(bad)?;
    let seat: u8 = seat.parse().map_err(|_| bad())?;
    let (zone, slot) = if let Some(slot) = row.strip_prefix("front") {
        (Zone::Frontrow, slot)
    } else if let Some(slot) = row.strip_prefix("back") {
        (Zone::Backrow, slot)
    } else if let Some(slot) = row.strip_prefix("emz") {
        (Zone::ExtraMonster, slot)
    } else if row == "field" {
        // The Field Zone (Domain Format).
        let place = Place::Zone {
            side: Seat(seat),
            zone: Zone::FieldSpell,
            slot: 0,
        };
        return field.index(place).map(|_| place).ok_or_else(bad);
    } else if row == "player" {
        // A direct attack's target: the player themselves.
        return Ok(Place::player(Seat(seat)));
    } else {
        return Err(bad());
    };
    let slot: u8 = slot.parse().map_err(|_| bad())?;
    let place = Place::Zone {
        side: Seat(seat),
        zone,
        slot: slot.checked_sub(1).ok_or_else(bad)?,
    };
    field.index(place).map(|_| place).ok_or_else(bad)
}

/// The card at a place of the board, whichever family's board it is.
fn piece_at(duel: &Duel, place: Place) -> Option<&Piece> {
    match place {
        Place::Cell(cell) => duel.state().piece(cell),
        Place::Zone { .. } => duel.zone_piece(place),
    }
}

/// Whether a card enters the board as a monster.
fn class_of(def: &CardDef) -> Class {
    let monster = match def.kingdom() {
        Some(k) => k.is(MainType::Monster) && k.level.is_some(),
        None => def.is_monster(),
    };
    if monster {
        Class::Monster
    } else {
        Class::SpellTrap
    }
}

fn expect(problems: &mut Vec<String>, what: String, want: String, got: String) {
    if want != got {
        problems.push(format!("{what}: expected {want}, got {got}"));
    }
}

fn list(cards: &[CardId]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn face_name(up: bool) -> &'static str {
    if up { "face-up" } else { "face-down" }
}

fn position_name(defence: bool) -> &'static str {
    if defence { "defence" } else { "attack" }
}

fn bind_name(bind: Bind) -> String {
    match bind {
        Bind::Free => "not spellbound".into(),
        Bind::Turns(n) => format!("spellbound for {n} turn(s)"),
        Bind::Forever => "spellbound for good".into(),
    }
}

/// The kebab-case name of what the duel waits for, as scenario files write it.
pub fn awaiting_kind(awaiting: &Awaiting) -> &'static str {
    match awaiting {
        Awaiting::Decision { decision, .. } => match decision {
            Decision::Main => "main",
            Decision::Respond { .. } => "respond",
            Decision::Discard { .. } => "discard",
            Decision::ChooseOpponent { .. } => "choose-opponent",
            Decision::Battle => "battle",
            Decision::ProposeOutcome { .. } => "propose-outcome",
            Decision::ConsiderOutcome { .. } => "consider-outcome",
            Decision::SearchDeck => "search-deck",
            Decision::ReturnDeckMaster { .. } => "return-deck-master",
            Decision::Ritual { .. } => "ritual",
            Decision::Revive { .. } => "revive",
            Decision::TakeControl { .. } => "take-control",
            Decision::PlaceReturned { .. } => "place-returned",
            Decision::StartingSwap => "starting-swap",
            Decision::HideAgain { .. } => "hide-again",
            Decision::Replay { .. } => "replay",
            Decision::DestinyDraw => "destiny-draw",
            Decision::ChooseSide => "choose-side",
            Decision::JoinDuel => "join-duel",
            Decision::JudgeMaterials { .. } => "judge-materials",
            Decision::PlaceRevived { .. } => "place-revived",
            Decision::Teleport { .. } => "teleport",
            Decision::PlaceMade { .. } => "place-made",
        },
        Awaiting::Answer { asked, .. } => match asked {
            Asked::OpenDraw { .. } => "open-draw",
            Asked::Reveal { .. } => "reveal",
            Asked::Declare { .. } => "declare",
            Asked::DeclareClass { .. } => "declare-class",
            Asked::RecommitDeck { .. } => "recommit-deck",
            Asked::PermuteDeck { .. } => "permute-deck",
            Asked::CommitShare => "commit-share",
            Asked::OpenShare => "open-share",
        },
        Awaiting::Finished => "finished",
    }
}

/// The kebab-case name of a win reason, as scenario files write it.
pub fn reason_name(reason: WinReason) -> &'static str {
    match reason {
        WinReason::LifePoints => "life-points",
        WinReason::DeckOut => "deck-out",
        WinReason::LeaderTrapped => "leader-trapped",
        WinReason::Concession => "concession",
        WinReason::TurnLimit => "turn-limit",
        WinReason::Idleness => "idleness",
        WinReason::Agreement => "agreement",
        WinReason::CardEffect => "card-effect",
        WinReason::ImproperMaterial => "improper-material",
    }
}
