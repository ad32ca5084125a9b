//! The match screen: the board, the hand, both players, the decision in front of me, the
//! card inspector and the event log.
//!
//! Model state (what the session last told us) lives in [`MatchModel`]; view state (what is
//! selected, which choice is open) in [`MatchUi`]. Every option the screen offers comes from
//! the view's legal action list, so the screen cannot offer an illegal move.

use std::collections::BTreeMap;

use egui::{Key, RichText, ScrollArea, Ui, vec2};
use fairduel_engine::card::CardId;
use fairduel_engine::describe::describe_outcome;
use fairduel_engine::field::IdleOutcome;
use fairduel_engine::format::Family;
use fairduel_engine::{Action, Decision, Place, Seat};

use crate::board::{BoardOutput, board_ui};
use crate::field_board::field_board_ui;
use crate::proposal::{ProposalDraft, proposal_ui};
use crate::session::{
    Command, DesyncReport, LinkStatus, LogLine, MatchEnd, MatchSession, SeatView, Update,
};
use crate::starting_swap::{SwapDraft, starting_swap_ui};
use crate::theme;
use crate::widgets::{CardLook, Side, card_details_ui, card_ui};

pub mod actions;
#[cfg(test)]
mod answering_traps_tests;
#[cfg(test)]
mod moved_by_effects_tests;
mod panels;
#[cfg(test)]
mod panels_tests;
mod response_prompt;
mod silence;
mod status_bar;
#[cfg(test)]
mod summons_off_the_board_tests;
#[cfg(test)]
pub(crate) mod tests;

pub use actions::{action_label, board_marks, current_options, place_words};
use actions::{board_decision, has_any_action, i_decide, sources_and_target};
pub use panels::fairness_ui;
use panels::{inspector_ui, log_ui, players_ui};
use status_bar::status_bar_ui;

/// The most log lines kept; older ones are dropped.
const LOG_LIMIT: usize = 5000;

/// What the session has told us.
#[derive(Debug)]
pub struct MatchModel {
    /// `None` for a model that only shows a position (benchmarks, previews).
    session: Option<MatchSession>,
    /// The latest view; `None` until the first arrives.
    pub view: Option<SeatView>,
    /// Every line so far, names filled in.
    pub log: Vec<LogLine>,
    /// The last refusal or failure, in words.
    pub notice: Option<String>,
    /// The session stopped and cannot go on.
    pub failed: bool,
    /// A command is on its way; the screen waits for the answer before offering more.
    pub waiting: bool,
    /// Player names by seat index; filled in from the first view (the table's size and my
    /// seat come with it).
    pub names: Vec<String>,
    /// My own name, for my seat.
    my_name: String,
    /// Who plays the other seats, for naming them until they name themselves.
    company: Company,
    /// "Kairu's DOTR: Forest Pack against Dragon's Hoard".
    pub title: String,
    /// Against a person over the network (the fairness panel shows the connection).
    pub networked: bool,
    /// The state of the link to each other seat, as last reported.
    pub links: BTreeMap<Seat, LinkStatus>,
    /// Things the other side sent that were wrong but did not stop the match.
    pub warnings: Vec<String>,
    pub desync: Option<DesyncReport>,
    /// The audit and the saved record, once the match is complete.
    pub end: Option<MatchEnd>,
    /// When the latest view arrived: how long the other player has been deciding.
    pub view_since: Option<std::time::Instant>,
}

/// Who sits at the other seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Company {
    /// Bots in this program.
    Bots,
    /// People over the network; each names itself when its link is up.
    People,
}

impl MatchModel {
    pub fn new(
        session: MatchSession,
        my_name: String,
        company: Company,
        title: String,
    ) -> MatchModel {
        MatchModel {
            session: Some(session),
            my_name,
            company,
            networked: company == Company::People,
            ..MatchModel::showing(Vec::new(), title)
        }
    }

    /// A model with no session behind it, for showing a view set by hand.
    pub fn showing(names: Vec<String>, title: String) -> MatchModel {
        MatchModel {
            session: None,
            view: None,
            log: Vec::new(),
            notice: None,
            failed: false,
            waiting: false,
            my_name: names.first().cloned().unwrap_or_default(),
            names,
            company: Company::Bots,
            title,
            networked: false,
            links: BTreeMap::new(),
            warnings: Vec::new(),
            desync: None,
            end: None,
            view_since: None,
        }
    }

    /// The match file a crash would be resumed from.
    pub fn match_file(&self) -> Option<&std::path::Path> {
        self.session.as_ref()?.file.as_deref()
    }

    /// Reads every update that has arrived. Returns whether anything changed.
    pub fn poll(&mut self) -> bool {
        let Some(session) = self.session.as_mut() else {
            return false;
        };
        let mut updates = Vec::new();
        let closed = loop {
            match session.try_next() {
                Ok(Some(update)) => updates.push(update),
                Ok(None) => break false,
                Err(_) => break true,
            }
        };
        let changed = !updates.is_empty();
        for update in updates {
            self.apply(update);
        }
        if closed && !self.failed && self.end.is_none() && self.desync.is_none() {
            self.notice = Some("The match session ended unexpectedly.".to_owned());
            self.failed = true;
            return true;
        }
        changed
    }

    fn apply(&mut self, update: Update) {
        match update {
            Update::View(view) => {
                self.name_seats(&view);
                for line in &view.log {
                    self.log.push(LogLine {
                        turn: line.turn,
                        actor: line.actor,
                        text: self.named(line),
                    });
                }
                if self.log.len() > LOG_LIMIT {
                    self.log.drain(..self.log.len() - LOG_LIMIT);
                }
                self.view = Some(*view);
                self.view_since = Some(std::time::Instant::now());
                self.waiting = false;
                self.notice = None;
            }
            Update::Refused { command, reason } => {
                self.notice = Some(format!("Your {command} was refused: {reason}"));
                self.waiting = false;
            }
            Update::Link { seat, status } => {
                self.links.insert(seat, status);
            }
            Update::Warning(message) => self.warnings.push(message),
            Update::Finished(end) => self.end = Some(*end),
            Update::Desync(report) => {
                self.notice = Some(
                    "The two copies of the duel disagree (a desync); the match stopped. See the \
                     fairness panel."
                        .to_owned(),
                );
                self.failed = true;
                self.waiting = false;
                self.desync = Some(*report);
            }
            Update::Failed(message) => {
                self.notice = Some(format!("The match stopped: {message}"));
                self.failed = true;
                self.waiting = false;
            }
        }
    }

    /// Names every seat of the view's table: mine by my name, the others by the name their
    /// player chose once the link has told us, until then by who they are ("Bot 2",
    /// "Partner bot", "Player 3").
    fn name_seats(&mut self, view: &SeatView) {
        let state = view.duel.state();
        let players = state.seats().count();
        if self.session.is_none() && self.names.len() >= players {
            return;
        }
        let table = &state.table;
        let opponents: Vec<Seat> = state
            .seats()
            .filter(|s| table.are_opponents(view.seat, *s))
            .collect();
        self.names = state
            .seats()
            .map(|seat| {
                if seat == view.seat {
                    return self.my_name.clone();
                }
                if let Some(name) = view.fairness.peer(seat).and_then(|p| p.name.clone()) {
                    return name;
                }
                let partner = !table.are_opponents(view.seat, seat);
                match (self.company, partner) {
                    (Company::Bots, true) => "Partner bot".to_owned(),
                    (Company::Bots, false) if opponents.len() == 1 => "Bot".to_owned(),
                    (Company::Bots, false) => {
                        let nth = opponents.iter().position(|s| *s == seat).unwrap_or(0);
                        format!("Bot {}", nth + 1)
                    }
                    (Company::People, _) if players == 2 => "Opponent".to_owned(),
                    (Company::People, _) => format!("Player {}", seat.index() + 1),
                }
            })
            .collect();
    }

    /// Puts player names where the engine's words say "seat 0", "seat 1", ….
    fn named(&self, line: &LogLine) -> String {
        let text = with_seat_names(&line.text, &self.names);
        // The driver's action lines already open with the actor ("seat 0 ends the turn").
        match line.actor {
            Some(seat) if !text.starts_with(self.name(seat)) => {
                format!("{} {text}", self.name(seat))
            }
            _ => text,
        }
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.names
            .get(seat.index())
            .map_or("a player", String::as_str)
    }

    /// `text` with "seat 0", "seat 1", … replaced by the players' names.
    pub fn with_names(&self, text: &str) -> String {
        with_seat_names(text, &self.names)
    }

    pub fn send(&mut self, command: Command) {
        let sent = match &self.session {
            Some(session) => session.send(command).map_err(|e| e.to_string()),
            None => Err("this board only shows a position; there is no match behind it".to_owned()),
        };
        match sent {
            Ok(()) => self.waiting = true,
            Err(message) => {
                self.notice = Some(message);
                self.failed = true;
            }
        }
    }

    /// The duel has a result, or the match was closed without a silent player.
    pub fn is_over(&self) -> bool {
        self.end.is_some() || self.view.as_ref().is_some_and(|v| v.outcome.is_some())
    }
}

/// What is selected on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selection {
    #[default]
    None,
    Hand(u8),
    Board(Place),
}

/// Several legal actions lead to the same target: the player picks one.
#[derive(Debug, Clone)]
pub struct Choice {
    pub title: String,
    pub options: Vec<(String, Action)>,
}

/// View state of the match screen.
#[derive(Debug, Default)]
pub struct MatchUi {
    pub selection: Selection,
    pub choice: Option<Choice>,
    /// The card shown in the inspector when nothing is hovered.
    pub inspected: Option<(CardId, Option<Place>)>,
    /// The card under the pointer on the board in the last frame.
    pub hovered: Option<(CardId, Option<Place>)>,
    /// The step of the view the selection was made in; a new position clears it.
    pub step: u64,
    pub confirm_concede: bool,
    /// Closing the match without a silent player is asked about first.
    pub confirm_close: bool,
    /// Ending the turn now would earn an Idle Warning (or lose the duel): the player is
    /// asked first.
    pub confirm_idle: bool,
    /// The outcome being written for a card resolving by agreement.
    pub proposal: ProposalDraft,
    /// Show the board as the proposed outcome would leave it (while considering one).
    pub preview_proposal: bool,
    /// The Duelist Setup swap being picked.
    pub swap: SwapDraft,
}

/// What the match screen asks of the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchRequest {
    /// The duel has ended (sent every frame once it has).
    DuelOver,
    /// The player asked for the result screen.
    ShowResult,
    /// Leave the match for the home screen.
    Leave,
}

/// The whole match screen. Returns a request for the app when the player asks to leave or
/// the duel ends. The caller polls the model's session (once per frame, whatever screen
/// is showing).
pub fn match_ui(ui: &mut Ui, model: &mut MatchModel, state: &mut MatchUi) -> Option<MatchRequest> {
    let Some(view) = model.view.as_ref() else {
        let mut leave = false;
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() / 3.0);
            ui.label(
                model
                    .notice
                    .clone()
                    .unwrap_or_else(|| "Setting the match up…".to_owned()),
            );
            ui.add_space(8.0);
            leave = ui.button("Back to home").clicked();
        });
        return leave.then_some(MatchRequest::Leave);
    };
    if view.step != state.step {
        state.step = view.step;
        state.choice = None;
        state.confirm_idle = false;
        if !has_any_action(view, state.selection) {
            state.selection = Selection::None;
        }
    }
    let mut request = None;
    let mut command: Option<Command> = None;

    egui::Panel::top("match-status")
        .exact_size(34.0)
        .show(ui, |ui| {
            status_bar_ui(ui, model, view, state, &mut command, &mut request);
        });
    egui::Panel::left("match-players")
        .exact_size(230.0)
        .show(ui, |ui| {
            // Four players and the fairness panel may not fit a short window.
            ScrollArea::vertical()
                .id_salt("match-players")
                .auto_shrink([false, false])
                .show(ui, |ui| players_ui(ui, model, view));
        });
    egui::Panel::right("match-inspector")
        .exact_size(300.0)
        .show(ui, |ui| {
            inspector_ui(ui, view, state.hovered.or(state.inspected));
            ui.separator();
            log_ui(ui, &model.log);
        });
    // The hand grows with the window, like the board.
    let hand_height = (ui.available_height() * 0.16).clamp(112.0, 220.0);
    egui::Panel::bottom("match-hand")
        .exact_size(hand_height)
        .show(ui, |ui| {
            hand_ui(ui, view, state, model.waiting, &mut command);
        });
    let mut output = BoardOutput::default();
    egui::CentralPanel::default().show(ui, |ui| {
        decision_ui(ui, model, view, state, &mut command);
        let marks = board_marks(view, state.selection);
        let preview = proposal_preview(view, state);
        let shown = preview.as_ref().unwrap_or(view);
        output = match view.duel.format().family {
            Family::Grid => board_ui(ui, shown, &marks),
            Family::Field => field_board_ui(ui, &model.names, shown, &marks),
        };
    });

    // Remember what the pointer is over for the inspector of the next frame.
    state.hovered = output.hovered.and_then(|place| {
        let piece = view.duel.piece_at(place)?;
        let card = view.duel.known_card(piece, Some(&view.knowledge))?;
        Some((card.id, Some(place)))
    });

    if let Some(seat) = output.deck_master {
        actions::deck_master_click(view, state, seat);
    }
    if output.rule_zone == Some(view.seat) && actions::i_decide(view) {
        if let Some(choice) = crate::rule_zone_menu::rule_zone_choice(view) {
            state.choice = Some(choice);
        }
    }
    if let Some(place) = output.clicked {
        let writing = matches!(
            view.awaiting().decision(),
            Some((seat, Decision::ProposeOutcome { .. })) if seat == view.seat
        );
        if !(writing && state.proposal.take_click(place)) {
            board_click(view, state, place, &mut command);
        }
    }
    keyboard(ui, view, state, model.waiting, &mut command);

    if let Some(command) = command {
        state.choice = None;
        if !matches!(command, Command::Autopilot(_)) {
            state.selection = Selection::None;
        }
        model.send(command);
    }
    if model.is_over() && request.is_none() {
        request = Some(MatchRequest::DuelOver);
    }
    request
}

/// My view with the board as the outcome on the table (or the one I am writing) would leave
/// it, when the preview is switched on and the outcome can be carried out.
fn proposal_preview(view: &SeatView, state: &MatchUi) -> Option<SeatView> {
    let operations = match view.awaiting().decision() {
        Some((seat, Decision::ProposeOutcome { .. })) if seat == view.seat => {
            if !state.proposal.preview {
                return None;
            }
            state.proposal.operations.clone()
        }
        Some((_, Decision::ConsiderOutcome { .. })) if state.preview_proposal => {
            view.duel.agreement()?.proposal.clone()?
        }
        _ => return None,
    };
    let duel = view.duel.preview_outcome(&operations).ok()?;
    Some(SeatView {
        duel,
        ..view.clone()
    })
}

fn board_click(view: &SeatView, state: &mut MatchUi, place: Place, command: &mut Option<Command>) {
    let piece = view.duel.piece_at(place);
    if let Some(card) = piece.and_then(|p| view.duel.known_card(p, Some(&view.knowledge))) {
        state.inspected = Some((card.id, Some(place)));
    }
    if !i_decide(view) || !board_decision(view) {
        return;
    }
    // A target of the selected card?
    let at_target: Vec<&Action> = view
        .legal
        .iter()
        .filter(|a| {
            sources_and_target(a)
                .is_some_and(|(s, t, _)| s.contains(&state.selection) && t == place)
        })
        .collect();
    match at_target.len() {
        0 => {}
        1 => {
            *command = Some(Command::Act(at_target[0].clone()));
            return;
        }
        _ => {
            let title = match (state.selection, place) {
                (Selection::Hand(_), Place::Cell(cell)) => format!("Play it at {cell}:"),
                (Selection::Hand(_), Place::Zone { zone, slot, .. }) => {
                    format!("Play it in your {} zone {}:", zone.label(), slot + 1)
                }
                _ => format!("At {}:", place_words(view, place)),
            };
            state.choice = Some(Choice {
                title,
                options: at_target
                    .into_iter()
                    .map(|a| (action_label(view, a), a.clone()))
                    .collect(),
            });
            return;
        }
    }
    state.choice = None;
    let clicked = Selection::Board(place);
    state.selection = if state.selection == clicked || !has_any_action(view, clicked) {
        Selection::None
    } else {
        clicked
    };
}

fn keyboard(
    ui: &Ui,
    view: &SeatView,
    state: &mut MatchUi,
    waiting: bool,
    command: &mut Option<Command>,
) {
    if command.is_some() {
        return;
    }
    let (escape, enter, digit) = ui.input(|i| {
        let digit = [
            Key::Num1,
            Key::Num2,
            Key::Num3,
            Key::Num4,
            Key::Num5,
            Key::Num6,
            Key::Num7,
            Key::Num8,
            Key::Num9,
        ]
        .iter()
        .position(|k| i.key_pressed(*k));
        (i.key_pressed(Key::Escape), i.key_pressed(Key::Enter), digit)
    });
    if escape {
        if state.choice.is_some() {
            state.choice = None;
        } else {
            state.selection = Selection::None;
        }
        state.confirm_concede = false;
        state.confirm_idle = false;
    }
    if waiting || !i_decide(view) {
        return;
    }
    if let Some(d) = digit {
        if let Some(choice) = current_options(view, state) {
            if let Some((_, action)) = choice.options.get(d) {
                *command = Some(Command::Act(action.clone()));
            }
        } else if board_decision(view) {
            let pick = Selection::Hand(d as u8);
            if has_any_action(view, pick) {
                state.selection = pick;
            }
        }
        return;
    }
    if enter
        && state.choice.is_none()
        && board_decision(view)
        && view.legal.contains(&Action::EndTurn)
    {
        end_turn(view, state, command);
    }
}

fn decision_ui(
    ui: &mut Ui,
    model: &MatchModel,
    view: &SeatView,
    state: &mut MatchUi,
    command: &mut Option<Command>,
) {
    egui::Frame::new()
        .fill(theme::BACKGROUND)
        .corner_radius(4)
        .inner_margin(6)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            if let Some(notice) = &model.notice {
                ui.label(RichText::new(notice).color(theme::PENALTY_ON_DARK));
            }
            if !view.my_decision() || view.autopilot {
                let text = match view.deciding {
                    Some(seat) if seat != view.seat => {
                        format!("Waiting for {}…", model.name(seat))
                    }
                    Some(_) => "Autopilot is playing your seat.".to_owned(),
                    None => view
                        .outcome
                        .map_or_else(String::new, |o| describe_outcome(&o)),
                };
                ui.label(RichText::new(text).color(theme::TEXT_DIM));
                return;
            }
            if state.confirm_idle {
                idle_prompt_ui(ui, model, view, state, command);
                return;
            }
            if let Some((_, Decision::ProposeOutcome { card })) = view.awaiting().decision() {
                let name = view
                    .duel
                    .pool()
                    .get(*card)
                    .map_or_else(|| card.to_string(), |c| c.name.clone());
                if let Some(action) = proposal_ui(
                    ui,
                    &mut state.proposal,
                    view,
                    &model.names,
                    &name,
                    !model.waiting,
                ) {
                    *command = Some(Command::Act(action));
                }
                return;
            }
            if let Some((_, Decision::StartingSwap)) = view.awaiting().decision() {
                let (_, chosen) = starting_swap_ui(ui, &mut state.swap, view, !model.waiting);
                if let Some(action) = chosen {
                    *command = Some(Command::Act(action));
                }
                return;
            }
            if matches!(
                view.awaiting().decision(),
                Some((_, Decision::ConsiderOutcome { .. }))
            ) {
                ui.checkbox(
                    &mut state.preview_proposal,
                    "Preview the outcome on the board",
                );
            }
            let options = current_options(view, state);
            ui.horizontal_wrapped(|ui| {
                if let Some(choice) = &options {
                    ui.label(
                        RichText::new(model.with_names(&choice.title))
                            .color(theme::PROMPT)
                            .strong(),
                    );
                    for (i, (label, action)) in choice.options.iter().enumerate() {
                        let text = if i < 9 {
                            format!("{} {label}", i + 1)
                        } else {
                            label.clone()
                        };
                        if ui
                            .add_enabled(!model.waiting, egui::Button::new(text))
                            .clicked()
                        {
                            *command = Some(Command::Act(action.clone()));
                        }
                    }
                    if state.choice.is_some() && ui.button("Esc Cancel").clicked() {
                        state.choice = None;
                    }
                } else {
                    let hint = board_hint(view, state.selection);
                    ui.label(RichText::new(hint).color(theme::PROMPT));
                }
                if board_decision(view) && state.choice.is_none() {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if view.legal.contains(&Action::EndTurn)
                            && ui
                                .add_enabled(!model.waiting, egui::Button::new("End turn (Enter)"))
                                .clicked()
                        {
                            end_turn(view, state, command);
                        }
                        if view.legal.contains(&Action::ProposeEnd)
                            && ui
                                .add_enabled(
                                    !model.waiting,
                                    egui::Button::new("Propose to end the duel"),
                                )
                                .on_hover_text(
                                    "Once a player is out, the rest may end the duel together, \
                                     all of them winners. Everyone still in must agree.",
                                )
                                .clicked()
                        {
                            *command = Some(Command::Act(Action::ProposeEnd));
                        }
                        for (button, title, kind) in SUMMONS_OFF_THE_BOARD {
                            let options: Vec<(String, Action)> = view
                                .legal
                                .iter()
                                .filter(|a| a.kind() == kind)
                                .map(|a| (actions::action_label(view, a), a.clone()))
                                .collect();
                            if !options.is_empty()
                                && ui
                                    .add_enabled(!model.waiting, egui::Button::new(button))
                                    .clicked()
                            {
                                state.choice = Some(Choice {
                                    title: title.to_owned(),
                                    options,
                                });
                            }
                        }
                        if view.legal.contains(&Action::NextPhase)
                            && ui
                                .add_enabled(
                                    !model.waiting,
                                    egui::Button::new(next_phase_words(view)),
                                )
                                .clicked()
                        {
                            *command = Some(Command::Act(Action::NextPhase));
                        }
                    });
                }
            });
        });
}

/// Summons declared from a button rather than from the board: the button, the title of
/// the choice it opens, and the kind of action the choice lists.
const SUMMONS_OFF_THE_BOARD: [(&str, &str, &str); 2] = [
    (
        "Pendulum Summon…",
        "Pendulum Summon between your Scales:",
        "pendulum-summon",
    ),
    (
        "Summon from the Extra Deck…",
        "Declare a Synchro, Xyz or Link Summon (its materials are agreed next):",
        "summon-from-extra-deck",
    ),
];

/// Ends the turn, or first asks when ending it now would earn an Idle Warning.
fn end_turn(view: &SeatView, state: &mut MatchUi, command: &mut Option<Command>) {
    if view.duel.idleness_due(view.seat).is_some() && !state.confirm_idle {
        state.confirm_idle = true;
    } else {
        state.confirm_idle = false;
        *command = Some(Command::Act(Action::EndTurn));
    }
}

/// "Ending your turn now gives you an Idle Warning": the player confirms or goes back.
fn idle_prompt_ui(
    ui: &mut Ui,
    model: &MatchModel,
    view: &SeatView,
    state: &mut MatchUi,
    command: &mut Option<Command>,
) {
    let allowed = view.duel.format().field.idle_warnings.unwrap_or(0);
    let text = match view.duel.idleness_due(view.seat) {
        Some(IdleOutcome::Loss) => format!(
            "You have had no monster on the field this turn while an opponent has one, and \
             you already have {allowed} Idle Warning(s): ending the turn now loses the duel."
        ),
        Some(IdleOutcome::Warning { warnings }) => format!(
            "You have had no monster on the field this turn while an opponent has one: ending \
             the turn now gives you Idle Warning {warnings} of {allowed} (an idle turn after the \
             last one loses the duel). Summon a monster to avoid it."
        ),
        None => "Ending the turn.".to_owned(),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(text).color(theme::PENALTY_ON_DARK).strong());
        if ui
            .add_enabled(!model.waiting, egui::Button::new("End the turn anyway"))
            .clicked()
        {
            end_turn(view, state, command);
        }
        if ui.button("Esc Keep playing").clicked() {
            state.confirm_idle = false;
        }
    });
}

/// What to do next on the board, for the selection.
fn board_hint(view: &SeatView, selection: Selection) -> String {
    let field = view.duel.format().family == Family::Field;
    let battle = matches!(view.awaiting().decision(), Some((_, Decision::Battle)));
    match selection {
        Selection::Hand(i) => {
            let name = hand_card(view, i).map_or("this card", |c| c.name.as_str());
            if field {
                format!("Play {name}: click a green zone. Esc cancels.")
            } else {
                format!("Play {name}: click a green cell. Esc cancels.")
            }
        }
        Selection::Board(place) if field => format!(
            "{}: click a red enemy monster to attack it. Esc cancels.",
            fairduel_engine::text::capitalise(&place_words(view, place))
        ),
        Selection::Board(place) => {
            format!("{place}: click a blue cell to move or a red one to attack. Esc cancels.")
        }
        Selection::None if battle => "Battle Phase: pick one of your monsters in attack \
                                      position, then the monster it attacks (one attack this \
                                      phase)."
            .to_owned(),
        Selection::None if field => "Your turn: pick a card in your hand, or one of your \
                                     monsters to change its position."
            .to_owned(),
        Selection::None if view.duel.state().phase == fairduel_engine::state::Phase::Battle => {
            "Battle Phase: pick one of your monsters, then a red enemy card next to it to \
             attack. Plays and moves wait for Main Phase 2."
                .to_owned()
        }
        Selection::None => {
            "Your turn: pick a card in your hand or one of yours on the board.".to_owned()
        }
    }
}

/// The next-phase button's words: where it goes from here.
fn next_phase_words(view: &SeatView) -> &'static str {
    match view.duel.state().phase {
        fairduel_engine::state::Phase::Battle => "To Main Phase 2",
        _ => "To the Battle Phase",
    }
}

/// The card at `index` in the view's own hand, if the view knows it.
fn hand_card(view: &SeatView, index: u8) -> Option<&fairduel_engine::CardDef> {
    seat_hand_card(view, view.seat, usize::from(index))
}

/// The card at `index` in `seat`'s hand, if the view's knowledge names it.
pub(crate) fn seat_hand_card(
    view: &SeatView,
    seat: Seat,
    index: usize,
) -> Option<&fairduel_engine::CardDef> {
    let state = view.duel.state();
    let slot = state.player(seat).hand.get(index)?;
    let id = view.knowledge.card(&state.commitment(slot.card_ref))?;
    view.duel.pool().get(id)
}

fn hand_ui(
    ui: &mut Ui,
    view: &SeatView,
    state: &mut MatchUi,
    waiting: bool,
    command: &mut Option<Command>,
) {
    let hand = &view.duel.state().player(view.seat).hand;
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Your hand ({})", hand.len())).strong());
    });
    let height = (ui.available_height() - 6.0).max(40.0);
    let size = vec2(height * 0.74, height);
    let discarding = matches!(
        view.awaiting().decision(),
        Some((_, Decision::Discard { .. }))
    ) && i_decide(view);
    ui.horizontal(|ui| {
        for index in 0..hand.len() {
            let index = index as u8;
            let Some(card) = hand_card(view, index) else {
                continue;
            };
            let selection = Selection::Hand(index);
            let discard = view
                .legal
                .iter()
                .find(|a| matches!(a, Action::Discard { hand_index, .. } if *hand_index == index));
            let playable = has_any_action(view, selection) || discard.is_some();
            let label = format!(
                "Hand {}: {}{}",
                index + 1,
                card.name,
                if playable { ", playable" } else { "" }
            );
            let look = CardLook {
                side: Side::Mine,
                ..CardLook::plain(card)
            };
            let response = card_ui(
                ui,
                &look,
                size,
                &label,
                state.selection == selection,
                playable || !view.my_decision(),
            );
            let pool = view.duel.pool();
            let response = response.on_hover_ui(|ui| {
                ui.set_max_width(320.0);
                card_details_ui(ui, card, pool);
            });
            if response.clicked() {
                state.inspected = Some((card.id, None));
                if waiting {
                    continue;
                }
                if discarding {
                    if let Some(action) = discard {
                        *command = Some(Command::Act(action.clone()));
                    }
                } else if playable {
                    state.choice = None;
                    state.selection = if state.selection == selection {
                        Selection::None
                    } else {
                        selection
                    };
                }
            }
        }
    });
}

/// Replaces "seat 0", "seat 1", … with the names in one pass, so a name that itself reads
/// "seat 1" is left as the player typed it. A seat number with no name stays as it is.
/// Whether the duel calls the cards removed from play eroded (Kingdom Duels: the card game's
/// field with terrain markers) rather than banished.
pub fn erodes(duel: &fairduel_engine::duel::Duel) -> bool {
    duel.format().family == fairduel_engine::format::Family::Field
        && !duel.state().markers.is_empty()
}

pub fn with_seat_names(text: &str, names: &[String]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find("seat ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "seat ".len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let name = after[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|index| names.get(index));
        match name {
            Some(name) => {
                out.push_str(name);
                rest = &after[digits..];
            }
            None => {
                out.push_str("seat ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}
