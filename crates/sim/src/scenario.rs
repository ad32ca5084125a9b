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

use fairduel_engine::action::{Action, Answer, Entry, PlayMode};
use fairduel_engine::awaiting::{Asked, Awaiting, Decision};
use fairduel_engine::card::{CardDef, CardId};
use fairduel_engine::commitment::{CardRef, Commitment, Reveal, Salt};
use fairduel_engine::duel::{Duel, Rules};
use fairduel_engine::format::{Format, SummonCost};
use fairduel_engine::grid::{Cell, GridTopology};
use fairduel_engine::hash::{Digest32, sha256, sha256_of};
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::piece::{Attached, Bind, Class, Piece};
use fairduel_engine::place::Place;
use fairduel_engine::turn_order::TurnOrder;
use fairduel_engine::player::CardSlot;
use fairduel_engine::pool::CardPool;
use fairduel_engine::seat::{Seat, SeatSet};
use fairduel_engine::setup::{DeckSetup, PublicSetup, SeatSetup};
use fairduel_engine::source::{SourceError, line_of};
use fairduel_engine::state::{Phase, WinReason};
use fairduel_engine::terrain::Terrain;

// ---------------------------------------------------------------------------- file schema

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    format: String,
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
    board: Option<Spanned<Vec<String>>>,
    #[serde(default)]
    terrain: Vec<Spanned<RawTerrain>>,
    #[serde(default)]
    cells: Vec<Spanned<RawCell>>,
    #[serde(default)]
    step: Vec<Spanned<RawStep>>,
    #[serde(default, rename = "assert")]
    asserts: Vec<Spanned<RawAssert>>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawSeat {
    life_points: Option<u32>,
    summoning_points: Option<u8>,
    #[serde(default)]
    hand: Vec<u16>,
    /// Top of the deck last.
    #[serde(default)]
    deck: Vec<u16>,
    #[serde(default)]
    graveyard: Vec<u16>,
    leader: Option<u16>,
    leader_at: Option<String>,
    field_spell: Option<u16>,
    cards_played: Option<u8>,
    monsters_played: Option<u8>,
    leader_stuck_turns: Option<u8>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrain {
    at: String,
    terrain: Terrain,
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
    position: Option<Position>,
    #[serde(default)]
    moved: bool,
    #[serde(default)]
    changed_position: bool,
    #[serde(default)]
    attacked: bool,
    entered_turn: Option<u16>,
    spellbound: Option<RawBind>,
    bound_turn: Option<u16>,
    #[serde(default)]
    equips: Vec<u16>,
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
    card: Option<u16>,
    to: Option<String>,
    from: Option<String>,
    at: Option<String>,
    mode: Option<String>,
    cost: Option<u8>,
    #[serde(default)]
    tributes: Vec<String>,
    flip: Option<bool>,
    /// Give this card number in the reveal instead of the true one (with the true salt).
    reveal_card: Option<u16>,
    /// `false`: leave out the reveal the action would carry.
    reveal: Option<bool>,
    matching: Option<Vec<String>>,
    /// The opponent a `choose-opponent` step names.
    opponent: Option<u8>,
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
    graveyard_size: Option<usize>,
    graveyard_contains: Option<u16>,
    graveyard_lacks: Option<u16>,
    hand_contains: Option<u16>,
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
    atk: Option<i32>,
    def: Option<i32>,
    terrain: Option<Terrain>,
    awaiting: Option<String>,
    winner: Option<RawSeatOrWord>,
    /// Every seat on the winning side, for a team's win.
    winners: Option<Vec<u8>>,
    /// With `seat`: whether that player has been removed from the game.
    removed: Option<bool>,
    reason: Option<String>,
    turn: Option<u16>,
    active: Option<u8>,
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
/// pool from `<assets>/cards/dor.toml`, and runs it.
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
    let format_text = read(&format_path)?;
    let format = Format::from_toml(&format_path.display().to_string(), &format_text)?;
    let pool_path = assets.join("cards").join("dor.toml");
    let pool = CardPool::from_toml(&pool_path.display().to_string(), &read(&pool_path)?)?;
    Ok(scenario.run(&Rules::new(format, pool))?)
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

// ---------------------------------------------------------------------------- running

struct Runner {
    duel: Duel,
    /// Players at the table (the format's).
    players: u8,
    knowledge: Knowledge,
    auto_reveal: bool,
    auto_pass: bool,
    salt_seed: Digest32,
    next_salt: u32,
    /// The commitment table of the position being built; every card set up gets one entry.
    table: Vec<Commitment>,
}

impl Runner {
    fn new(sc: &Scenario, rules: &Arc<Rules>) -> Result<Runner, SourceError> {
        let raw = &sc.raw;
        let format = &rules.format;
        let n = format.board_size;
        let salt_seed = sha256(format!("fairduel/scenario/v1|{}", sc.file_stem()).as_bytes());
        let match_id = sha256_of(&("fairduel/scenario-match/v1", &salt_seed));
        let players = format.table.players;
        let mut runner = Runner {
            // Replaced below; a duel needs a valid set-up to exist at all.
            duel: placeholder_duel(sc, rules, match_id)?,
            players,
            knowledge: Knowledge::new(),
            auto_reveal: raw.auto_reveal.unwrap_or(true),
            auto_pass: raw.auto_pass.unwrap_or(false),
            salt_seed,
            next_salt: 0,
            table: Vec::new(),
        };
        let first = raw.first.unwrap_or(0);
        let active = raw.active.unwrap_or(first);
        if first >= players || active >= players {
            return Err(sc.err(1, seat_range(players, "first and active")));
        }
        let mut state = runner.duel.state().clone();
        state.match_id = match_id;
        state.turn = raw.turn.unwrap_or(1).max(1);
        state.active = Seat(active);
        // Turns go on clockwise from the seat whose turn it is (the placeholder duel began
        // with seat 0's, which would put the wrong partner next in a team format).
        state.table = TurnOrder::new(
            players,
            format.table.team_count(),
            format.table.allies_are_opponents,
            Seat(active),
            format.first_attack_turn(),
        );
        state.table.begin_turn(Seat(active));
        state.phase = Phase::Main;
        state.cells = vec![None; usize::from(n) * usize::from(n)];
        state.terrain = format.starting_terrain();
        state.claims.clear();
        state.queue.clear();
        state.reveal_due.clear();
        state.windows.clear();
        state.declarations.clear();
        state.outcome = None;
        // Terrain: a whole board, then single-cell overrides.
        if let Some(board) = &raw.board {
            let line = sc.line(board.span().start);
            let rows = board.get_ref();
            if rows.len() != usize::from(n) {
                return Err(sc.err(
                    line,
                    format!(
                        "board has {} rows; the format's board is {n}x{n}",
                        rows.len()
                    ),
                ));
            }
            let mut terrain = Vec::new();
            for (r, row) in rows.iter().enumerate() {
                let codes: Vec<char> = row.chars().filter(|c| !c.is_whitespace()).collect();
                if codes.len() != usize::from(n) {
                    return Err(sc.err(
                        line,
                        format!(
                            "board row {} has {} cells, expected {n}",
                            r + 1,
                            codes.len()
                        ),
                    ));
                }
                for c in codes {
                    terrain.push(Terrain::from_code(c).ok_or_else(|| {
                        sc.err(
                            line,
                            format!("board row {} has unknown terrain code '{c}'", r + 1),
                        )
                    })?);
                }
            }
            state.terrain = terrain;
        }
        for t in &raw.terrain {
            let line = sc.line(t.span().start);
            let cell = parse_cell(sc, line, &t.get_ref().at, n)?;
            if let Some(i) = state.index(cell) {
                state.terrain[i] = t.get_ref().terrain;
            }
        }
        // Players.
        let default_sp = match format.play.cost {
            SummonCost::SummoningPoints { start, .. } => start,
            SummonCost::Tributes { .. } => 0,
        };
        let grid =
            GridTopology::new(n, usize::from(players)).map_err(|e| sc.err(1, e.to_string()))?;
        let empty = RawSeat::default();
        let raw_seats = [&raw.seat0, &raw.seat1, &raw.seat2, &raw.seat3];
        for (i, extra) in raw_seats.iter().enumerate().skip(usize::from(players)) {
            if let Some(spanned) = extra {
                return Err(sc.err(
                    sc.line(spanned.span().start),
                    format!("[seat{i}]: {}", seat_range(players, "a seat")),
                ));
            }
        }
        for seat in Seat::all(usize::from(players)) {
            let spanned = raw_seats
                .get(seat.index())
                .copied()
                .and_then(Option::as_ref);
            let line = spanned.map_or(1, |s| sc.line(s.span().start));
            let rs = spanned.map_or(&empty, |s| s.get_ref());
            let mut hand = Vec::new();
            for id in &rs.hand {
                let card_ref = runner.commit(sc, rules, line, seat, *id)?;
                hand.push(CardSlot {
                    card_ref,
                    card: None,
                });
            }
            let mut deck = Vec::new();
            for id in &rs.deck {
                deck.push(runner.commit(sc, rules, line, seat, *id)?);
            }
            let mut graveyard = Vec::new();
            for id in &rs.graveyard {
                let card_ref = runner.commit(sc, rules, line, seat, *id)?;
                graveyard.push(CardSlot {
                    card_ref,
                    card: Some(CardId(*id)),
                });
            }
            let leader_id = rs.leader.unwrap_or(DEFAULT_LEADER);
            let leader_card = card_def(sc, rules, line, leader_id)?;
            if !leader_card.is_monster() {
                return Err(sc.err(line, format!("leader {leader_id} is not a monster")));
            }
            let leader_at = match &rs.leader_at {
                Some(name) => parse_cell(sc, line, name, n)?,
                None => grid.leader_start(seat),
            };
            let leader_ref = runner.commit(sc, rules, line, seat, leader_id)?;
            let field_spell = match rs.field_spell {
                Some(field) => Some(Attached {
                    owner: seat,
                    card_ref: runner.commit(sc, rules, line, seat, field)?,
                    card: CardId(field),
                }),
                None => None,
            };
            let p = state.player_mut(seat);
            p.life_points = rs.life_points.unwrap_or(format.life_points);
            p.summoning_points = rs.summoning_points.unwrap_or(default_sp);
            p.deck = deck;
            p.hand = hand;
            p.graveyard = graveyard;
            p.banished.clear();
            p.field_spell = field_spell;
            p.leader = leader_at;
            p.leader_stuck_turns = rs.leader_stuck_turns.unwrap_or(0);
            p.cards_played = rs.cards_played.unwrap_or(0);
            p.monsters_played = rs.monsters_played.unwrap_or(0);
            state.put(
                leader_at,
                Piece::deck_leader(seat, leader_ref, CardId(leader_id)),
            );
        }
        // Cards on the grid.
        for c in &raw.cells {
            let line = sc.line(c.span().start);
            let rc = c.get_ref();
            let cell = parse_cell(sc, line, &rc.at, n)?;
            if state.piece(cell).is_some() {
                return Err(sc.err(line, format!("{cell} already holds a card")));
            }
            if rc.seat >= players || rc.owner.is_some_and(|o| o >= players) {
                return Err(sc.err(line, seat_range(players, "seat and owner")));
            }
            let def = card_def(sc, rules, line, rc.card)?.clone();
            let owner = Seat(rc.owner.unwrap_or(rc.seat));
            let card_ref = runner.commit(sc, rules, line, owner, rc.card)?;
            let face_up = rc.face.unwrap_or(Face::Up) == Face::Up;
            let bind = match &rc.spellbound {
                None => Bind::Free,
                Some(RawBind::Turns(0)) => Bind::Free,
                Some(RawBind::Turns(t)) => Bind::Turns(*t),
                Some(RawBind::Word(w)) if w == "forever" => Bind::Forever,
                Some(RawBind::Word(w)) => {
                    return Err(sc.err(
                        line,
                        format!("spellbound = \"{w}\": give a number of turns or \"forever\""),
                    ));
                }
            };
            let mut equips = Vec::new();
            for e in &rc.equips {
                equips.push(Attached {
                    owner,
                    card_ref: runner.commit(sc, rules, line, owner, *e)?,
                    card: CardId(*e),
                });
            }
            state.put(
                cell,
                Piece {
                    owner,
                    controller: Seat(rc.seat),
                    card_ref,
                    card: face_up.then_some(def.id),
                    class: if def.is_monster() {
                        Class::Monster
                    } else {
                        Class::SpellTrap
                    },
                    face_up,
                    defence: rc.position == Some(Position::Defence),
                    leader: false,
                    entered_turn: rc.entered_turn.unwrap_or(0),
                    moved: rc.moved,
                    changed_position: rc.changed_position,
                    attacked: rc.attacked,
                    bind,
                    bound_turn: rc.bound_turn.unwrap_or(0),
                    modifiers: Vec::new(),
                    equips,
                },
            );
        }
        state.commitments = Arc::from(std::mem::take(&mut runner.table));
        runner.duel = Duel::from_state(Arc::clone(rules), state)
            .map_err(|e| sc.err(1, format!("cannot set this position up: {e}")))?;
        Ok(runner)
    }

    /// A fresh commitment for a card of `owner`, learned into the knowledge.
    fn commit(
        &mut self,
        sc: &Scenario,
        rules: &Rules,
        line: usize,
        owner: Seat,
        id: u16,
    ) -> Result<CardRef, SourceError> {
        card_def(sc, rules, line, id)?;
        let card_ref = CardRef(
            u16::try_from(self.table.len())
                .map_err(|_| sc.err(line, "a scenario may set up at most 65,535 cards"))?,
        );
        let salt = Salt(sha256_of(&(&self.salt_seed, self.next_salt)).0);
        self.next_salt += 1;
        let reveal = Reveal {
            card: CardId(id),
            salt,
        };
        let commitment = Commitment::new(&self.duel_match_id(), owner, reveal.card, &salt);
        self.knowledge.learn(commitment, reveal);
        self.table.push(commitment);
        Ok(card_ref)
    }

    fn duel_match_id(&self) -> Digest32 {
        self.duel.state().match_id
    }

    /// Every card of the position is in exactly one place, and every card shown face-up or
    /// filed in a graveyard is shown under its own commitment (what a peer that never saw
    /// it can check against the reveal). Returns what is wrong.
    fn card_places_problems(&self) -> Vec<String> {
        let state = self.duel.state();
        let mut places: Vec<(CardRef, Option<CardId>, String)> = Vec::new();
        for seat in state.seats() {
            let p = state.player(seat);
            for r in &p.deck {
                places.push((*r, None, format!("{seat}'s deck")));
            }
            for slot in &p.hand {
                places.push((slot.card_ref, slot.card, format!("{seat}'s hand")));
            }
            for slot in &p.graveyard {
                places.push((slot.card_ref, slot.card, format!("{seat}'s graveyard")));
            }
            if let Some(f) = p.field_spell {
                places.push((
                    f.card_ref,
                    Some(f.card),
                    format!("{seat}'s field spell zone"),
                ));
            }
        }
        for (cell, piece) in state.pieces() {
            places.push((piece.card_ref, piece.card, format!("{cell}")));
            for e in &piece.equips {
                places.push((e.card_ref, Some(e.card), format!("under {cell}")));
            }
        }
        let mut problems = Vec::new();
        for (i, (card_ref, card, place)) in places.iter().enumerate() {
            if let Some((_, _, first)) = places[..i].iter().find(|(r, _, _)| r == card_ref) {
                problems.push(format!("one card is both in {first} and in {place}"));
            }
            let committed = self.knowledge.card(&state.commitment(*card_ref));
            if let Some(id) = card
                && committed != Some(*id)
            {
                problems.push(format!(
                    "{id} in {place} is filed under the commitment of {}",
                    committed.map_or("no card".into(), |c| c.to_string())
                ));
            }
        }
        problems
    }

    fn reveal_of(&self, commitment: &Commitment) -> Option<Reveal> {
        self.knowledge.get(commitment).copied()
    }

    fn card_of(&self, piece: &Piece) -> Option<&CardDef> {
        let id = piece.card.or_else(|| {
            self.knowledge
                .card(&self.duel.state().commitment(piece.card_ref))
        })?;
        self.duel.pool().get(id)
    }

    /// Plays one step. The outer error is a problem in the file; the inner one a step that
    /// did not go as the file expects.
    fn step(
        &mut self,
        sc: &Scenario,
        line: usize,
        raw: &RawStep,
    ) -> Result<Result<(), String>, SourceError> {
        if raw.seat >= self.players {
            return Err(sc.err(line, seat_range(self.players, "seat")));
        }
        let seat = Seat(raw.seat);
        let entry = self.build_entry(sc, line, seat, raw)?;
        let expect = raw.expect.as_deref().unwrap_or("ok");
        let knowledge = (!raw.unseen).then_some(&self.knowledge);
        let result = self.duel.apply_any(seat, &entry, knowledge);
        let outcome = match (result, expect) {
            (Ok(_), "ok") => Ok(()),
            (Ok(_), kind) => Err(format!(
                "expected a {kind} error, but the action was allowed"
            )),
            (Err(e), "ok") => Err(format!("refused ({}): {e}", e.kind())),
            (Err(e), kind) if e.kind() == kind => Ok(()),
            (Err(e), kind) => Err(format!(
                "expected a {kind} error, got {} instead: {e}",
                e.kind()
            )),
        };
        if outcome.is_ok()
            && let Err(e) = self.settle_automatic()
        {
            return Ok(Err(e));
        }
        Ok(outcome)
    }

    /// Answers reveals (and, if asked, response windows) the file leaves to the runner.
    fn settle_automatic(&mut self) -> Result<(), String> {
        for _ in 0..64 {
            match self.duel.awaiting().clone() {
                Awaiting::Answer {
                    seat,
                    asked: Asked::Reveal { commitments },
                } if self.auto_reveal => {
                    let reveals: Option<Vec<Reveal>> =
                        commitments.iter().map(|c| self.reveal_of(c)).collect();
                    let reveals =
                        reveals.ok_or("the rules asked for a reveal of an unknown commitment")?;
                    self.duel
                        .answer(seat, &Answer::Reveal { reveals }, Some(&self.knowledge))
                        .map_err(|e| format!("automatic reveal refused ({}): {e}", e.kind()))?;
                }
                Awaiting::Decision {
                    seat,
                    decision: Decision::Respond { .. },
                } if self.auto_pass => {
                    self.duel
                        .apply(seat, &Action::Pass, Some(&self.knowledge))
                        .map_err(|e| format!("automatic pass refused ({}): {e}", e.kind()))?;
                }
                _ => return Ok(()),
            }
        }
        Err("automatic reveals and passes did not settle".into())
    }

    fn build_entry(
        &self,
        sc: &Scenario,
        line: usize,
        seat: Seat,
        raw: &RawStep,
    ) -> Result<Entry, SourceError> {
        let n = self.duel.state().board_size;
        let cell = |field: &Option<String>, name: &str| -> Result<Cell, SourceError> {
            match field {
                Some(text) => parse_cell(sc, line, text, n),
                None => Err(sc.err(line, format!("a {} step needs `{name}`", raw.action))),
            }
        };
        let place = |field: &Option<String>, name: &str| cell(field, name).map(Place::Cell);
        // The reveal an action carries, adjusted by `reveal` / `reveal_card`.
        let adjust = |reveal: Option<Reveal>| -> Option<Reveal> {
            if raw.reveal == Some(false) {
                return None;
            }
            reveal.map(|r| match raw.reveal_card {
                Some(id) => Reveal {
                    card: CardId(id),
                    salt: r.salt,
                },
                None => r,
            })
        };
        let piece_reveal = |at: Cell| -> Option<Reveal> {
            self.duel
                .state()
                .piece(at)
                .and_then(|p| self.reveal_of(&self.duel.state().commitment(p.card_ref)))
        };
        let action = match raw.action.as_str() {
            "play" => {
                let hand_index = self.hand_index(sc, line, seat, raw)?;
                let slot = self
                    .duel
                    .hand_slot(seat, hand_index)
                    .copied()
                    .ok_or_else(|| {
                        sc.err(
                            line,
                            format!("seat {} has no hand card {hand_index}", seat.0),
                        )
                    });
                // A missing hand card is the engine's to refuse (no-such-hand-card).
                let reveal = slot
                    .ok()
                    .and_then(|s| self.reveal_of(&self.duel.state().commitment(s.card_ref)));
                let card = reveal.and_then(|r| self.duel.pool().get(r.card));
                let mode = match raw.mode.as_deref().unwrap_or("set") {
                    "summon" => PlayMode::Summon,
                    "set-attack" => PlayMode::SetMonsterAttack,
                    "set-defence" | "set-defense" => PlayMode::SetMonsterDefence,
                    "set-spell" | "set-trap" => PlayMode::SetSpellTrap,
                    "activate" => PlayMode::ActivateSpell,
                    "equip" => PlayMode::Equip,
                    "set" => match card {
                        Some(c) if c.is_monster() => PlayMode::SetMonsterAttack,
                        _ => PlayMode::SetSpellTrap,
                    },
                    other => {
                        return Err(sc.err(
                            line,
                            format!(
                                "unknown play mode \"{other}\" (summon, set, set-attack, \
                                 set-defence, set-spell, activate, equip)"
                            ),
                        ));
                    }
                };
                let monster_mode = matches!(
                    mode,
                    PlayMode::Summon | PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence
                );
                let cost = raw.cost.unwrap_or(match self.duel.format().play.cost {
                    SummonCost::SummoningPoints { .. } if monster_mode => {
                        card.map_or(0, CardDef::level)
                    }
                    _ => 0,
                });
                let mut tributes = Vec::new();
                for t in &raw.tributes {
                    tributes.push(Place::Cell(parse_cell(sc, line, t, n)?));
                }
                Action::Play {
                    hand_index,
                    to: place(&raw.to, "to")?,
                    mode,
                    cost,
                    tributes,
                    reveal: if mode.reveals() || raw.reveal_card.is_some() {
                        adjust(reveal)
                    } else {
                        None
                    },
                }
            }
            "move" => {
                let from = cell(&raw.from, "from")?;
                let flip = if raw.flip.unwrap_or(false) {
                    adjust(piece_reveal(from))
                } else {
                    None
                };
                Action::Move {
                    from: from.into(),
                    to: place(&raw.to, "to")?,
                    flip,
                }
            }
            "attack" => {
                let from = cell(&raw.from, "from")?;
                let target = match (&raw.to, &raw.at) {
                    (Some(_), _) => cell(&raw.to, "to")?,
                    (None, _) => cell(&raw.at, "to")?,
                };
                let face_down = self.duel.state().piece(from).is_some_and(|p| !p.face_up);
                let flip = if raw.flip.unwrap_or(face_down) {
                    adjust(piece_reveal(from))
                } else {
                    None
                };
                Action::Attack {
                    from: from.into(),
                    target: target.into(),
                    flip,
                }
            }
            "flip" => {
                let at = cell(&raw.at, "at")?;
                let reveal = adjust(piece_reveal(at))
                    .ok_or_else(|| sc.err(line, format!("no card to reveal at {at}")))?;
                Action::Flip {
                    at: at.into(),
                    reveal,
                }
            }
            "spring-trap" => {
                let at = cell(&raw.at, "at")?;
                let reveal = adjust(piece_reveal(at))
                    .ok_or_else(|| sc.err(line, format!("no card to reveal at {at}")))?;
                Action::SpringTrap {
                    at: at.into(),
                    reveal,
                }
            }
            "change-position" => Action::ChangePosition {
                at: place(&raw.at, "at")?,
            },
            "end-turn" => Action::EndTurn,
            "pass" => Action::Pass,
            "concede" => Action::Concede,
            "choose-opponent" => {
                let opponent = match &raw.opponent {
                    Some(s) if *s < self.players => Seat(*s),
                    Some(_) => return Err(sc.err(line, seat_range(self.players, "opponent"))),
                    None => {
                        return Err(sc.err(line, "a choose-opponent step needs `opponent`"));
                    }
                };
                Action::ChooseOpponent { opponent }
            }
            "reveal" => {
                let commitments = match self.duel.awaiting().asked() {
                    Some((_, Asked::Reveal { commitments })) => commitments.clone(),
                    _ => Vec::new(),
                };
                let reveals = commitments
                    .iter()
                    .filter_map(|c| adjust(self.reveal_of(c)))
                    .collect();
                return Ok(Entry::Answer(Answer::Reveal { reveals }));
            }
            "declare" => {
                let matching = match &raw.matching {
                    Some(cells) => {
                        let mut out = Vec::new();
                        for c in cells {
                            let at = parse_cell(sc, line, c, n)?;
                            let reveal = adjust(piece_reveal(at)).ok_or_else(|| {
                                sc.err(line, format!("no card to declare at {at}"))
                            })?;
                            out.push((Place::Cell(at), reveal));
                        }
                        out
                    }
                    // The truthful declaration.
                    None => match self.duel.honest_answer(seat, &self.knowledge) {
                        Some(Answer::Declare { matching }) => matching,
                        _ => Vec::new(),
                    },
                };
                return Ok(Entry::Answer(Answer::Declare { matching }));
            }
            "discard" => {
                let hand_index = self.hand_index(sc, line, seat, raw)?;
                let reveal = self
                    .duel
                    .hand_slot(seat, hand_index)
                    .and_then(|s| self.reveal_of(&self.duel.state().commitment(s.card_ref)))
                    .and_then(|r| adjust(Some(r)))
                    .ok_or_else(|| {
                        sc.err(
                            line,
                            format!("seat {} has no hand card {hand_index}", seat.0),
                        )
                    })?;
                Action::Discard { hand_index, reveal }
            }
            other => {
                return Err(sc.err(
                    line,
                    format!(
                        "unknown action \"{other}\" (play, move, attack, flip, change-position, \
                         end-turn, pass, spring-trap, reveal, declare, discard, \
                         choose-opponent, concede)"
                    ),
                ));
            }
        };
        Ok(Entry::Action(action))
    }

    /// `hand = i`, or `card = N` for the first hand card that is N.
    fn hand_index(
        &self,
        sc: &Scenario,
        line: usize,
        seat: Seat,
        raw: &RawStep,
    ) -> Result<u8, SourceError> {
        match (raw.hand, raw.card) {
            (Some(i), _) => Ok(i),
            (None, Some(id)) => self
                .duel
                .state()
                .player(seat)
                .hand
                .iter()
                .position(|s| {
                    self.knowledge
                        .card(&self.duel.state().commitment(s.card_ref))
                        == Some(CardId(id))
                })
                .map(|i| i as u8)
                .ok_or_else(|| {
                    sc.err(
                        line,
                        format!("seat {} holds no card {id} at this step", seat.0),
                    )
                }),
            (None, None) => Err(sc.err(
                line,
                format!("a {} step needs `hand` (index) or `card`", raw.action),
            )),
        }
    }

    /// Problems found (empty: the assertion holds).
    fn check_assert(
        &self,
        sc: &Scenario,
        line: usize,
        a: &RawAssert,
    ) -> Result<Vec<String>, SourceError> {
        let state = self.duel.state();
        let n = state.board_size;
        let mut problems = Vec::new();
        let needs_seat = a.life_points.is_some()
            || a.summoning_points.is_some()
            || a.hand_size.is_some()
            || a.deck_size.is_some()
            || a.graveyard_size.is_some()
            || a.graveyard_contains.is_some()
            || a.graveyard_lacks.is_some()
            || a.hand_contains.is_some()
            || a.leader_at.is_some()
            || a.field_spell.is_some()
            || a.removed.is_some();
        let seat = match a.seat {
            Some(s) if s >= self.players => {
                return Err(sc.err(line, seat_range(self.players, "seat")));
            }
            Some(s) => Some(Seat(s)),
            None if needs_seat => {
                return Err(sc.err(line, "this assertion needs `seat`"));
            }
            None => None,
        };
        if let Some(seat) = seat {
            let p = state.player(seat);
            let who = format!("seat {}", seat.0);
            if let Some(v) = a.life_points {
                expect(
                    &mut problems,
                    format!("{who} life points"),
                    v.to_string(),
                    p.life_points.to_string(),
                );
            }
            if let Some(v) = a.summoning_points {
                expect(
                    &mut problems,
                    format!("{who} summoning points"),
                    v.to_string(),
                    p.summoning_points.to_string(),
                );
            }
            if let Some(v) = a.hand_size {
                expect(
                    &mut problems,
                    format!("{who} hand size"),
                    v.to_string(),
                    p.hand.len().to_string(),
                );
            }
            if let Some(v) = a.deck_size {
                expect(
                    &mut problems,
                    format!("{who} deck size"),
                    v.to_string(),
                    p.deck.len().to_string(),
                );
            }
            if let Some(v) = a.graveyard_size {
                expect(
                    &mut problems,
                    format!("{who} graveyard size"),
                    v.to_string(),
                    p.graveyard.len().to_string(),
                );
            }
            let slot_card = |s: &CardSlot| {
                s.card.or_else(|| {
                    self.knowledge
                        .card(&self.duel.state().commitment(s.card_ref))
                })
            };
            let grave: Vec<CardId> = p.graveyard.iter().filter_map(slot_card).collect();
            if let Some(id) = a.graveyard_contains
                && !grave.contains(&CardId(id))
            {
                problems.push(format!(
                    "{who} graveyard should contain {}, holds [{}]",
                    CardId(id),
                    list(&grave)
                ));
            }
            if let Some(id) = a.graveyard_lacks
                && grave.contains(&CardId(id))
            {
                problems.push(format!("{who} graveyard should not contain {}", CardId(id)));
            }
            if let Some(id) = a.hand_contains {
                let hand: Vec<CardId> = p.hand.iter().filter_map(slot_card).collect();
                if !hand.contains(&CardId(id)) {
                    problems.push(format!(
                        "{who} hand should contain {}, holds [{}]",
                        CardId(id),
                        list(&hand)
                    ));
                }
            }
            if let Some(at) = &a.leader_at {
                let want = parse_cell(sc, line, at, n)?;
                let mut e = Vec::new();
                if p.leader != want {
                    e.push(format!(
                        "{who} Deck Leader: expected at {want}, is at {}",
                        p.leader
                    ));
                }
                problems.extend(e);
            }
            if let Some(want) = a.removed {
                expect(
                    &mut problems,
                    format!("{who} removed from the game"),
                    want.to_string(),
                    state.table.is_removed(seat).to_string(),
                );
            }
            if let Some(id) = a.field_spell
                && p.field_spell.map(|f| f.card) != Some(CardId(id))
            {
                problems.push(format!(
                    "{who} field spell: expected {}, got {}",
                    CardId(id),
                    p.field_spell.map_or("none".into(), |f| f.card.to_string())
                ));
            }
        }
        let cell_checks = a.empty.is_some()
            || a.card.is_some()
            || a.controller.is_some()
            || a.face.is_some()
            || a.position.is_some()
            || a.spellbound.is_some()
            || a.equipped.is_some()
            || a.atk.is_some()
            || a.def.is_some()
            || a.terrain.is_some();
        match (&a.at, cell_checks) {
            (None, true) => return Err(sc.err(line, "this assertion needs `at`")),
            (Some(_), false) => {
                return Err(sc.err(line, "`at` is given but nothing to check there"));
            }
            (Some(at), true) => {
                let cell = parse_cell(sc, line, at, n)?;
                if let Some(t) = a.terrain {
                    let got = self.duel.terrain_at(cell);
                    if got != t {
                        problems.push(format!(
                            "terrain at {cell}: expected {}, got {}",
                            t.label(),
                            got.label()
                        ));
                    }
                }
                let piece = state.piece(cell);
                if let Some(want_empty) = a.empty {
                    let desc = piece
                        .map(|p| self.describe(p))
                        .unwrap_or_else(|| "nothing".into());
                    if want_empty != piece.is_none() {
                        problems.push(format!(
                            "{cell} should {}be empty, holds {desc}",
                            if want_empty { "" } else { "not " }
                        ));
                    }
                }
                let piece_checks = a.card.is_some()
                    || a.controller.is_some()
                    || a.face.is_some()
                    || a.position.is_some()
                    || a.spellbound.is_some()
                    || a.equipped.is_some()
                    || a.atk.is_some()
                    || a.def.is_some();
                match piece {
                    None if piece_checks => problems.push(format!("{cell} is empty")),
                    None => {}
                    Some(p) => {
                        let card = self.card_of(p);
                        if let Some(id) = a.card {
                            expect(
                                &mut problems,
                                format!("card at {cell}"),
                                CardId(id).to_string(),
                                card.map_or("unknown".into(), |c| c.id.to_string()),
                            );
                        }
                        if let Some(s) = a.controller {
                            expect(
                                &mut problems,
                                format!("controller of {cell}"),
                                format!("seat {s}"),
                                format!("seat {}", p.controller.0),
                            );
                        }
                        if let Some(f) = a.face {
                            expect(
                                &mut problems,
                                format!("face of {cell}"),
                                face_name(f == Face::Up).into(),
                                face_name(p.face_up).into(),
                            );
                        }
                        if let Some(pos) = a.position {
                            expect(
                                &mut problems,
                                format!("position of {cell}"),
                                position_name(pos == Position::Defence).into(),
                                position_name(p.defence).into(),
                            );
                        }
                        if let Some(b) = &a.spellbound {
                            const HELD: &str = "held by a continuous spellbind";
                            let want = match b {
                                RawBind::Turns(0) => bind_name(Bind::Free),
                                RawBind::Turns(t) => bind_name(Bind::Turns(*t)),
                                RawBind::Word(w) if w == "forever" => bind_name(Bind::Forever),
                                RawBind::Word(w) if w == "no" || w == "free" => {
                                    bind_name(Bind::Free)
                                }
                                RawBind::Word(w) if w == "continuous" => HELD.into(),
                                RawBind::Word(w) => {
                                    return Err(sc.err(
                                        line,
                                        format!(
                                            "spellbound = \"{w}\": give turns, 0, \"free\", \
                                             \"forever\" or \"continuous\""
                                        ),
                                    ));
                                }
                            };
                            let actual = if p.bind == Bind::Free && self.duel.is_spellbound(cell) {
                                HELD.into()
                            } else {
                                bind_name(p.bind)
                            };
                            expect(&mut problems, format!("spellbind at {cell}"), want, actual);
                        }
                        if let Some(id) = a.equipped
                            && !p.equips.iter().any(|e| e.card == CardId(id))
                        {
                            problems.push(format!(
                                "{cell} should carry equip {}, carries [{}]",
                                CardId(id),
                                list(&p.equips.iter().map(|e| e.card).collect::<Vec<_>>())
                            ));
                        }
                        if a.atk.is_some() || a.def.is_some() {
                            match card {
                                Some(c) => {
                                    let (atk, def) = self.duel.stats_of(cell, p, c);
                                    if let Some(v) = a.atk {
                                        expect(
                                            &mut problems,
                                            format!("ATK at {cell}"),
                                            v.to_string(),
                                            atk.to_string(),
                                        );
                                    }
                                    if let Some(v) = a.def {
                                        expect(
                                            &mut problems,
                                            format!("DEF at {cell}"),
                                            v.to_string(),
                                            def.to_string(),
                                        );
                                    }
                                }
                                None => problems.push(format!("the card at {cell} is unknown")),
                            }
                        }
                    }
                }
            }
            (None, false) => {}
        }
        if let Some(kind) = &a.awaiting {
            let got = awaiting_kind(self.duel.awaiting());
            expect(&mut problems, "awaiting".into(), kind.clone(), got.into());
            if let Some(seat) = seat {
                let got = self.duel.awaiting().seat();
                expect(
                    &mut problems,
                    "awaiting seat".into(),
                    format!("seat {}", seat.0),
                    got.map_or("nobody".into(), |s| format!("seat {}", s.0)),
                );
            }
        }
        let result = |winners: SeatSet| match winners.len() {
            0 => "a draw".to_owned(),
            _ => winners.to_string(),
        };
        if let Some(w) = &a.winner {
            let outcome = state.outcome;
            match w {
                // With teams a seat wins with its team: it is one of the winners.
                RawSeatOrWord::Seat(s) => {
                    let won = outcome.is_some_and(|o| o.won(Seat(*s)));
                    if !won {
                        problems.push(format!(
                            "winner: expected seat {s} to win, got {}",
                            outcome.map_or("no result yet".into(), |o| result(o.winners))
                        ));
                    }
                }
                RawSeatOrWord::Word(w) if w == "draw" || w == "none" => {
                    let got = outcome.map_or("no result yet".into(), |o| result(o.winners));
                    expect(&mut problems, "winner".into(), "a draw".into(), got);
                }
                RawSeatOrWord::Word(w) => {
                    return Err(sc.err(
                        line,
                        format!("winner = \"{w}\": give a seat number or \"draw\""),
                    ));
                }
            }
        }
        if let Some(seats) = &a.winners {
            let want: SeatSet = seats.iter().map(|s| Seat(*s)).collect();
            let got = state
                .outcome
                .map_or("no result yet".into(), |o| result(o.winners));
            expect(&mut problems, "winners".into(), result(want), got);
        }
        if let Some(r) = &a.reason {
            let got = state.outcome.map_or("none", |o| reason_name(o.reason));
            expect(&mut problems, "win reason".into(), r.clone(), got.into());
        }
        if let Some(t) = a.turn {
            expect(
                &mut problems,
                "turn".into(),
                t.to_string(),
                state.turn.to_string(),
            );
        }
        if let Some(s) = a.active {
            expect(
                &mut problems,
                "active seat".into(),
                format!("seat {s}"),
                format!("seat {}", state.active.0),
            );
        }
        Ok(problems)
    }

    fn describe(&self, piece: &Piece) -> String {
        let name = self.card_of(piece).map_or_else(
            || "an unknown card".into(),
            |c| format!("{} {}", c.id, c.name),
        );
        format!(
            "{name} ({} {}, seat {})",
            face_name(piece.face_up),
            position_name(piece.defence),
            piece.controller.0
        )
    }
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
    let leader = rules
        .pool
        .cards()
        .find(|c| c.is_monster() && c.level() <= format.deck.leader_max_level)
        .map(|c| c.id)
        .ok_or_else(|| sc.err(1, "the card pool has no monster to lead with"))?;
    let filler = |seat: u8| -> Vec<Commitment> {
        (0..format.deck.min_main.max(format.hand.starting))
            .map(|i| Commitment(sha256_of(&("fairduel/scenario-filler", seat, i))))
            .collect()
    };
    let seat_setup = |seat: u8| SeatSetup {
        leader,
        leader_commitment: Commitment(sha256_of(&("fairduel/scenario-leader", seat))),
        deck: filler(seat),
        order: DeckSetup::Public,
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
        },
        Awaiting::Answer { asked, .. } => match asked {
            Asked::OpenDraw { .. } => "open-draw",
            Asked::Reveal { .. } => "reveal",
            Asked::Declare { .. } => "declare",
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
    }
}
