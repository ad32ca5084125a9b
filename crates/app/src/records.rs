//! The match records screen: the record files in FairDuel's data folder (the `fairduel demo`
//! command saves them there), or any file by path; the audit's verdict per seat in plain
//! words; and a step-by-step replay of the log with the board as it was after each entry.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{RichText, Ui, vec2};
use fairduel_engine::Seat;
use fairduel_engine::describe::describe_outcome;
use fairduel_engine::duel::Rules;
use fairduel_engine::knowledge::Knowledge;
use fairduel_protocol::audit::record_setup;
use fairduel_protocol::{
    AuditReport, MatchRecord, Replay, SeatVerdict, audit, replay, revealed_knowledge,
};

use crate::board::board_ui;
use crate::catalog::Catalog;
use crate::field_board::field_board_ui;
use crate::game::seat_hand_card;
use crate::session::SeatView;
use crate::theme;
use crate::widgets::{CardLook, card_details_ui, card_ui};
use fairduel_engine::format::Family;

/// A record read, audited and replayed.
#[derive(Debug, Clone)]
pub struct LoadedRecord {
    pub format_name: String,
    /// Each seat's key fingerprint.
    pub players: Vec<String>,
    /// The audit's report, or why it could not run.
    pub audit: Result<AuditReport, String>,
    pub replay: Replay,
    /// What the end reveals opened: every hidden card of the seats that revealed.
    pub revealed: Knowledge,
}

/// The record file that is open and what came of reading it.
#[derive(Debug, Clone)]
pub struct OpenedRecord {
    pub path: PathBuf,
    pub content: Result<LoadedRecord, String>,
}

#[derive(Debug, Clone, Default)]
pub struct RecordsState {
    /// Where match records are kept; `None` without a data folder.
    pub dir: Option<PathBuf>,
    /// Record files found there, newest name last.
    pub files: Vec<PathBuf>,
    pub listed: bool,
    /// The file to open by path.
    pub path_input: String,
    pub open: Option<OpenedRecord>,
    /// The entry shown in the replay.
    pub step: usize,
    /// The seat whose side of the board is at the bottom.
    pub seat: u8,
    /// Show the cards that were hidden during play (known from the end reveals).
    pub show_hidden: bool,
    /// The card database in the settings: a Domain record played with its cards is
    /// replayed with them.
    pub card_database: String,
    /// "Browse…" was clicked: the app opens the system's file dialog.
    pub browse: bool,
}

impl RecordsState {
    pub fn new(dir: Option<PathBuf>) -> RecordsState {
        RecordsState {
            dir,
            ..RecordsState::default()
        }
    }

    /// Lists `*.fdrec` files in the records folder.
    pub fn refresh(&mut self) {
        self.listed = true;
        self.files = self
            .dir
            .as_deref()
            .and_then(|d| std::fs::read_dir(d).ok())
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "fdrec"))
            .collect();
        self.files.sort();
    }

    /// Opens a record file: reads, audits and replays it.
    pub fn open(&mut self, path: &Path, catalog: &Catalog) {
        self.step = 0;
        self.seat = 0;
        self.open = Some(OpenedRecord {
            path: path.to_path_buf(),
            content: load_record(path, catalog, &self.card_database),
        });
    }
}

/// The rules a record was played with, found among the catalogue's by their hashes.
fn rules_for(
    record: &MatchRecord,
    catalog: &Catalog,
    card_database: &str,
) -> Result<Arc<Rules>, String> {
    let setup = record_setup(record).map_err(|e| format!("This record cannot be read: {e}."))?;
    let format = catalog
        .formats
        .iter()
        .find(|f| f.rules.format.hash() == setup.format_hash)
        .ok_or_else(|| {
            format!(
                "The match was played in the format \"{}\" (hash {}), which is not among this \
                 FairDuel's formats in {}. Open it with the FairDuel version it was played with.",
                setup.format_name,
                setup.format_hash.short(),
                catalog.dir.join("formats").display()
            )
        })?;
    rules_with_pool(&format.rules, format.name(), setup.pool_hash, card_database)
}

/// The rules a match named by its set-up was played with: the format's own pool, or (a
/// match played with a card database) the card database's in the settings, whichever the
/// set-up's pool hash names.
pub(crate) fn rules_with_pool(
    rules: &Arc<Rules>,
    format_name: &str,
    pool_hash: fairduel_engine::hash::Digest32,
    card_database: &str,
) -> Result<Arc<Rules>, String> {
    let pool = &rules.pool;
    if pool.hash() == pool_hash {
        return Ok(Arc::clone(rules));
    }
    if rules.format.plays_card_databases() {
        let database = card_database.trim();
        if database.is_empty() {
            return Err(format!(
                "The match was played with another card pool (hash {}) than {format_name}'s own: \
                 most likely the cards of a card database. Set that database under Settings \
                 and open it again.",
                pool_hash.short()
            ));
        }
        let with_database =
            fairduel_carddb::database_rules(rules.format.clone(), &[PathBuf::from(database)])
                .map_err(|e| e.to_string())?;
        if with_database.pool.hash() == pool_hash {
            return Ok(with_database);
        }
        return Err(format!(
            "The match was played with another card pool (hash {}) than {format_name}'s own \
             or your card database's ({}): set the database it was played with under \
             Settings and open it again.",
            pool_hash.short(),
            with_database.pool.hash().short()
        ));
    }
    Err(format!(
        "The match was played with another card pool (hash {}) than this FairDuel has for {} \
         ({}). Open it with the FairDuel version, or the asset folder, it was played with.",
        pool_hash.short(),
        format_name,
        pool.hash().short()
    ))
}

pub fn load_record(
    path: &Path,
    catalog: &Catalog,
    card_database: &str,
) -> Result<LoadedRecord, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("Cannot read {}: {e}. Check the path.", path.display()))?;
    let record = MatchRecord::from_bytes(&bytes).map_err(|e| {
        format!("This match record is damaged and cannot be verified or replayed: {e}.")
    })?;
    let rules = rules_for(&record, catalog, card_database)?;
    let report = audit(Arc::clone(&rules), &record).map_err(|e| e.to_string());
    let replay = replay(Arc::clone(&rules), &record)
        .map_err(|e| format!("This record cannot be replayed: {e}."))?;
    let setup = record_setup(&record).map_err(|e| e.to_string())?;
    // A record whose set-up the replay accepted has one the reveal reader accepts too; if
    // not, the replay simply keeps every hidden card face-down.
    let revealed = revealed_knowledge(Arc::clone(&rules), &record).unwrap_or_default();
    Ok(LoadedRecord {
        format_name: rules.format.name.clone(),
        players: setup.players.iter().map(|k| k.fingerprint()).collect(),
        audit: report,
        replay,
        revealed,
    })
}

/// One seat's verdict in plain words.
pub fn verdict_text(seat: usize, fingerprint: &str, verdict: &SeatVerdict) -> String {
    let who = format!("Seat {seat} ({fingerprint})");
    match verdict {
        SeatVerdict::Verified => format!(
            "{who}: played fairly — every entry it signed checks, and its revealed secrets \
             open every commitment it made."
        ),
        SeatVerdict::Cheated { seq, what } => {
            format!("{who}: CHEATED — entry {seq} proves it: {what}.")
        }
        SeatVerdict::Withheld => format!(
            "{who}: did not reveal its secrets at the end as the rules require, so its play \
             cannot be checked (this counts as a loss)."
        ),
        SeatVerdict::CheckedUntilDamage { seq } => format!(
            "{who}: every entry before {seq} checks; the record is damaged from there, so the \
             rest of its play is unknown (no one is accused on that account)."
        ),
        SeatVerdict::Abandoned { seq } => format!(
            "{who}: abandoned the match — the record stops at entry {seq}, which it owed \
             (everything it signed before checks)."
        ),
    }
}

fn audit_ui(ui: &mut Ui, loaded: &LoadedRecord) {
    egui::Frame::group(ui.style())
        .inner_margin(8)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Fair-play audit").strong());
            match &loaded.audit {
                Err(e) => {
                    ui.label(
                        RichText::new(format!("The audit could not run: {e}."))
                            .color(theme::PENALTY_ON_DARK),
                    );
                }
                Ok(report) => {
                    let result = match report.outcome {
                        Some(outcome) => format!("Result: {}.", describe_outcome(&outcome)),
                        None => "Result: the duel did not finish.".to_owned(),
                    };
                    ui.label(result);
                    if let Some(damage) = &report.damaged {
                        ui.label(
                            RichText::new(format!(
                                "This record is damaged — {}. Entries before {} are signed \
                                 and check; from there on nothing can be judged. A damaged or \
                                 edited file accuses nobody.",
                                damage.what, damage.seq
                            ))
                            .color(theme::PENALTY_ON_DARK),
                        );
                    } else if !report.complete {
                        ui.label(
                            RichText::new(
                                "The record stops before both players revealed their secrets.",
                            )
                            .color(theme::TEXT_DIM),
                        );
                    }
                    for (i, verdict) in report.verdicts.iter().enumerate() {
                        let fingerprint = loaded.players.get(i).map_or("?", String::as_str);
                        let colour = if verdict.is_verified() {
                            theme::BONUS_ON_DARK
                        } else {
                            theme::PENALTY_ON_DARK
                        };
                        ui.label(
                            RichText::new(verdict_text(i, fingerprint, verdict)).color(colour),
                        );
                    }
                }
            }
        });
}

/// Prev/next/first/last and a slider over the entries; the arrow keys, Home and End work
/// too. Returns whether the step changed.
pub fn step_controls_ui(ui: &mut Ui, step: &mut usize, count: usize) -> egui::Response {
    let last = count.saturating_sub(1);
    let before = *step;
    let response = ui
        .horizontal(|ui| {
            if ui
                .add_enabled(*step > 0, egui::Button::new("First"))
                .clicked()
            {
                *step = 0;
            }
            if ui
                .add_enabled(*step > 0, egui::Button::new("Previous"))
                .clicked()
            {
                *step -= 1;
            }
            if ui
                .add_enabled(*step < last, egui::Button::new("Next"))
                .clicked()
            {
                *step += 1;
            }
            if ui
                .add_enabled(*step < last, egui::Button::new("Last"))
                .clicked()
            {
                *step = last;
            }
            ui.add(egui::Slider::new(step, 0..=last).text("Entry"));
        })
        .response;
    if !ui.ctx().egui_wants_keyboard_input() {
        ui.input(|i| {
            if i.key_pressed(egui::Key::ArrowRight) {
                *step = (*step + 1).min(last);
            }
            if i.key_pressed(egui::Key::ArrowLeft) {
                *step = step.saturating_sub(1);
            }
            if i.key_pressed(egui::Key::Home) {
                *step = 0;
            }
            if i.key_pressed(egui::Key::End) {
                *step = last;
            }
        });
    }
    *step = (*step).min(last);
    let mut response = response;
    if *step != before {
        response.mark_changed();
    }
    response
}

fn replay_ui(ui: &mut Ui, loaded: &LoadedRecord, state: &mut RecordsState) {
    let steps = &loaded.replay.steps;
    if steps.is_empty() {
        ui.label("The record has no entries to replay.");
        return;
    }
    step_controls_ui(ui, &mut state.step, steps.len());
    let Some(step) = steps.get(state.step) else {
        return;
    };
    ui.label(
        RichText::new(format!(
            "Entry {} of {}: {}",
            step.seq,
            steps.len() - 1,
            step.description
        ))
        .strong(),
    );
    for line in &step.consequences {
        ui.label(format!("• {line}"));
    }
    if state.step + 1 == steps.len()
        && let Some(rejected) = &loaded.replay.stopped
    {
        ui.label(
            RichText::new(format!(
                "The replay stops here: the next entry breaks the protocol ({rejected})."
            ))
            .color(theme::PENALTY_ON_DARK),
        );
    }
    let Some(duel) = &step.duel else {
        ui.label(
            RichText::new(
                "No cards are dealt yet: the players are committing their decks, shuffling \
                 each other's decks in secret and tossing the joint coin.",
            )
            .color(theme::TEXT_DIM),
        );
        return;
    };
    let state_now = duel.state();
    ui.horizontal_wrapped(|ui| {
        let life: Vec<String> = state_now
            .seats()
            .map(|seat| {
                let out = if state_now.table.is_removed(seat) {
                    " (out)"
                } else {
                    ""
                };
                format!("{seat}: {} LP{out}", state_now.player(seat).life_points)
            })
            .collect();
        ui.label(format!(
            "Turn {} · {} to play · {}",
            state_now.turn,
            state_now.active,
            life.join(" · ")
        ));
        ui.label("Board seen from");
        for seat in state_now.seats() {
            ui.selectable_value(&mut state.seat, seat.0, seat.to_string());
        }
    });
    ui.checkbox(
        &mut state.show_hidden,
        "Show the hidden cards (opened by the players' reveals at the end)",
    );
    let note = if state.show_hidden {
        "Face-down cards show what they were, dimmed, as their owner saw them. On the board \
         \"your\" means the seat seen from."
    } else {
        "Cards nobody has seen yet stay face-down, as any spectator would see them. On the \
         board \"your\" means the seat seen from."
    };
    ui.label(RichText::new(note).small().color(theme::TEXT_DIM));
    let view = SeatView {
        duel: duel.clone(),
        seat: Seat(state.seat),
        knowledge: if state.show_hidden {
            loaded.revealed.clone()
        } else {
            Knowledge::new()
        },
        legal: Vec::new(),
        log: Vec::new(),
        last_action: None,
        deciding: None,
        outcome: state_now.outcome,
        autopilot: false,
        step: step.seq,
        fairness: crate::session::Fairness::default(),
        silent: None,
    };
    // The hands go in a column beside the board, so both stay in view on a laptop screen.
    let hands_width = 300.0;
    let height = ui.available_height();
    ui.horizontal_top(|ui| {
        let board_width = (ui.available_width() - hands_width - 12.0).max(240.0);
        ui.allocate_ui(vec2(board_width, height), |ui| {
            // Read-only: clicks on the board do nothing here.
            match view.duel.format().family {
                Family::Grid => {
                    board_ui(ui, &view, &BTreeMap::new());
                }
                Family::Field => {
                    field_board_ui(ui, &[], &view, &BTreeMap::new());
                }
            }
        });
        ui.vertical(|ui| {
            ui.set_max_width(hands_width);
            let others = view.duel.state().seats().filter(|s| *s != view.seat);
            for seat in [view.seat].into_iter().chain(others) {
                replay_hand_ui(ui, &view, seat);
                ui.add_space(8.0);
            }
        });
    });
}

/// One seat's hand in the replay: the cards the view's knowledge names, backs for the rest.
/// Read-only, so the cards only answer hovering.
fn replay_hand_ui(ui: &mut Ui, view: &SeatView, seat: Seat) {
    let hand = &view.duel.state().player(seat).hand;
    let pool = view.duel.pool();
    let owner = format!("Seat {}", seat.0);
    ui.label(RichText::new(format!("{owner}'s hand ({})", hand.len())).strong());
    if hand.is_empty() {
        ui.label(RichText::new("no cards").small().color(theme::TEXT_DIM));
        return;
    }
    let side = crate::board::side_of(view, seat);
    ui.horizontal_wrapped(|ui| {
        for index in 0..hand.len() {
            let known = seat_hand_card(view, seat, index);
            let look = match known {
                Some(card) => CardLook {
                    side,
                    ..CardLook::plain(card)
                },
                None => CardLook {
                    card: None,
                    class: None,
                    face_down: true,
                    defence: false,
                    leader: false,
                    side,
                    stats: None,
                    level: None,
                    spellbound: false,
                    life_points: None,
                    retyped: fairduel_engine::piece::Retyped::NONE,
                },
            };
            let label = match known {
                Some(card) => format!("{owner}'s hand {}: {}", index + 1, card.name),
                None => format!("{owner}'s hand {}: hidden card", index + 1),
            };
            let response = card_ui(ui, &look, vec2(54.0, 74.0), &label, false, true);
            if let Some(card) = known {
                response.on_hover_ui(|ui| {
                    ui.set_max_width(320.0);
                    card_details_ui(ui, card, pool);
                });
            }
        }
    });
}

/// The records screen.
pub fn records_ui(ui: &mut Ui, catalog: &Catalog, state: &mut RecordsState) {
    if !state.listed {
        state.refresh();
    }
    let mut open: Option<PathBuf> = None;
    let mut close = false;
    // Taken out for the frame so the replay can be drawn while the view state changes.
    match state.open.take() {
        None => {
            ui.heading("Match records");
            ui.label(
                "A match record holds every signed entry of a match. Open one to check who \
                 played fairly and to replay it entry by entry.",
            );
            ui.add_space(6.0);
            match &state.dir {
                Some(dir) => {
                    ui.label(
                        RichText::new(format!("Records in {}", dir.display()))
                            .color(theme::TEXT_DIM),
                    );
                }
                None => {
                    ui.label(
                        RichText::new("FairDuel found no data folder; open a record by path.")
                            .color(theme::TEXT_DIM),
                    );
                }
            }
            if state.dir.is_some() && state.files.is_empty() {
                ui.label(
                    "No records yet. `fairduel demo` plays a match between two local peers \
                     and saves its record here.",
                );
            }
            for path in &state.files {
                let name = path
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                if ui.button(format!("Open {name}")).clicked() {
                    open = Some(path.clone());
                }
            }
            if ui.button("Look again").clicked() {
                state.refresh();
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let label = ui.label("Record file path");
                ui.add(
                    egui::TextEdit::singleline(&mut state.path_input)
                        .hint_text("/path/to/match.fdrec")
                        .desired_width(420.0),
                )
                .labelled_by(label.id);
                if ui.button("Open file").clicked() && !state.path_input.trim().is_empty() {
                    open = Some(PathBuf::from(state.path_input.trim()));
                }
                if ui.button("Browse…").clicked() {
                    state.browse = true;
                }
            });
            ui.label(RichText::new("Or drop a record file on the window.").color(theme::TEXT_DIM));
        }
        Some(opened) => {
            ui.horizontal(|ui| {
                close = ui.button("Back to the records").clicked();
                ui.label(RichText::new(opened.path.display().to_string()).color(theme::TEXT_DIM));
            });
            match &opened.content {
                Err(message) => {
                    ui.label(RichText::new(message).color(theme::PENALTY_ON_DARK));
                }
                Ok(loaded) => {
                    ui.label(
                        RichText::new(format!(
                            "{} · {} entries",
                            loaded.format_name,
                            loaded.replay.steps.len()
                        ))
                        .strong()
                        .size(16.0),
                    );
                    audit_ui(ui, loaded);
                    replay_ui(ui, loaded, state);
                }
            }
            state.open = Some(opened);
        }
    }
    if let Some(path) = open {
        state.open(&path, catalog);
    }
    if close {
        state.open = None;
        state.refresh();
    }
}
