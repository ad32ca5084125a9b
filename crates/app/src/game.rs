//! The match screen: the board, the hand, both players, the decision in front of me, the
//! card inspector and the event log.
//!
//! Model state (what the session last told us) lives in [`MatchModel`]; view state (what is
//! selected, which choice is open) in [`MatchUi`]. Every option the screen offers comes from
//! the view's legal action list, so the screen cannot offer an illegal move.

use std::collections::BTreeMap;

use egui::{Color32, Key, RichText, ScrollArea, Sense, Ui, vec2};
use fairduel_engine::card::CardId;
use fairduel_engine::describe::describe_outcome;
use fairduel_engine::format::SummonCost;
use fairduel_engine::piece::Class;
use fairduel_engine::state::Phase;
use fairduel_engine::{Action, Awaiting, Cell, Decision, Place, PlayMode, Seat, TrapEvent};

use crate::board::{BoardOutput, Mark, board_ui, piece_look};
use crate::session::{
    Command, DesyncReport, LinkStatus, LogLine, MatchEnd, MatchSession, SeatView, Update,
};
use crate::theme;
use crate::widgets::{CardLook, Side, card_details_ui, card_ui, paint_card, terrain_swatch_ui};
use fairduel_net::PathKind;

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
    /// Player names by seat index.
    pub names: [String; 2],
    /// "Kairu's DOTR: Forest Pack against Dragon's Hoard".
    pub title: String,
    /// Against a person over the network (the fairness panel shows the connection).
    pub networked: bool,
    /// The state of the connection, as last reported.
    pub link: Option<LinkStatus>,
    /// Things the other side sent that were wrong but did not stop the match.
    pub warnings: Vec<String>,
    pub desync: Option<DesyncReport>,
    /// The audit and the saved record, once the match is complete.
    pub end: Option<MatchEnd>,
    /// When the latest view arrived: how long the other player has been deciding.
    pub view_since: Option<std::time::Instant>,
}

impl MatchModel {
    pub fn new(session: MatchSession, names: [String; 2], title: String) -> MatchModel {
        MatchModel {
            session: Some(session),
            ..MatchModel::showing(names, title)
        }
    }

    /// A model with no session behind it, for showing a view set by hand.
    pub fn showing(names: [String; 2], title: String) -> MatchModel {
        MatchModel {
            session: None,
            view: None,
            log: Vec::new(),
            notice: None,
            failed: false,
            waiting: false,
            names,
            title,
            networked: false,
            link: None,
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
                // The name the other player chose, once the connection has told us.
                if self.networked
                    && let Some(name) = &view.fairness.opponent_name
                {
                    if let Some(other) = view.duel.state().seats().find(|s| *s != view.seat)
                        && let Some(slot) = self.names.get_mut(other.index())
                    {
                        *slot = name.clone();
                    }
                }
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
            Update::Link(status) => self.link = Some(status),
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

    /// Puts player names where the engine's words say "seat 0" / "seat 1".
    fn named(&self, line: &LogLine) -> String {
        let text = with_seat_names(&line.text, &self.names);
        // The driver's action lines already open with the actor ("seat 0 ends the turn").
        match line.actor {
            Some(seat) if !text.starts_with(self.names[seat.index()].as_str()) => {
                format!("{} {text}", self.names[seat.index()])
            }
            _ => text,
        }
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat.index()]
    }

    /// `text` with "seat 0" and "seat 1" replaced by the players' names.
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

    pub fn is_over(&self) -> bool {
        self.view.as_ref().is_some_and(|v| v.outcome.is_some())
    }
}

/// What is selected on the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Selection {
    #[default]
    None,
    Hand(u8),
    Board(Cell),
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
    pub inspected: Option<(CardId, Option<Cell>)>,
    /// The card under the pointer on the board in the last frame.
    pub hovered: Option<(CardId, Option<Cell>)>,
    /// The step of the view the selection was made in; a new position clears it.
    pub step: u64,
    pub confirm_concede: bool,
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

/// Short words for an action, used on buttons and in choices.
pub fn action_label(view: &SeatView, action: &Action) -> String {
    let duel = &view.duel;
    let state = duel.state();
    let name_at = |place: Place| {
        state
            .piece_at(place)
            .and_then(|p| duel.known_card(p, Some(&view.knowledge)))
            .map_or_else(|| format!("the card at {place}"), |c| c.name.clone())
    };
    match action {
        Action::Play {
            to,
            mode,
            cost,
            tributes,
            ..
        } => {
            let mut text = match mode {
                PlayMode::Summon => "Summon face-up".to_owned(),
                PlayMode::SetMonsterAttack => "Set face-down in attack position".to_owned(),
                PlayMode::SetMonsterDefence => "Set face-down in defence position".to_owned(),
                PlayMode::SetSpellTrap => "Set face-down".to_owned(),
                PlayMode::ActivateSpell => "Activate it now".to_owned(),
                PlayMode::Equip => format!("Equip it to {}", name_at(*to)),
            };
            if *mode != PlayMode::Equip
                && state
                    .piece_at(*to)
                    .is_some_and(|p| p.controller == view.seat && !tributes.contains(to))
            {
                text.push_str(&format!(", replacing {}", name_at(*to)));
            }
            if *cost > 0 {
                text.push_str(&format!(" ({cost} SP)"));
            }
            if !tributes.is_empty() {
                let names: Vec<String> = tributes.iter().map(|c| name_at(*c)).collect();
                text.push_str(&format!(", tributing {}", names.join(" and ")));
            }
            text
        }
        Action::Move { to, flip, .. } => match (flip, state.piece_at(*to)) {
            (_, Some(_)) => format!("Move onto {} (it is destroyed)", name_at(*to)),
            (Some(_), None) => "Flip face-up and move".to_owned(),
            (None, None) => "Move".to_owned(),
        },
        Action::Attack { target, flip, .. } => match flip {
            Some(_) => format!("Flip face-up and attack {}", name_at(*target)),
            None => format!("Attack {}", name_at(*target)),
        },
        Action::ChangePosition { at } => {
            if state.piece_at(*at).is_some_and(|p| p.defence) {
                "Change to attack position".to_owned()
            } else {
                "Change to defence position".to_owned()
            }
        }
        Action::Flip { at, .. } => match state.piece_at(*at).map(|p| p.class) {
            Some(Class::SpellTrap) => "Activate (flip face-up)".to_owned(),
            _ => "Flip face-up".to_owned(),
        },
        Action::EndTurn => "End turn".to_owned(),
        Action::Pass => "Let it go ahead".to_owned(),
        Action::SpringTrap { at, reveal } => {
            let name = duel
                .pool()
                .get(reveal.card)
                .map_or_else(|| reveal.card.to_string(), |c| c.name.clone());
            format!("Spring {name} at {at}")
        }
        Action::Discard { reveal, .. } => {
            let name = duel
                .pool()
                .get(reveal.card)
                .map_or_else(|| reveal.card.to_string(), |c| c.name.clone());
            format!("Discard {name}")
        }
        Action::ChooseOpponent { opponent } => format!("Aim it at {opponent}"),
        Action::Concede => "Concede".to_owned(),
    }
}

/// Where an action in the main phase starts, and where it lands.
fn source_and_target(action: &Action) -> Option<(Selection, Cell, Mark)> {
    match action {
        Action::Play { hand_index, to, .. } => {
            Some((Selection::Hand(*hand_index), to.cell()?, Mark::Play))
        }
        Action::Move { from, to, .. } => {
            Some((Selection::Board(from.cell()?), to.cell()?, Mark::Move))
        }
        Action::Attack { from, target, .. } => {
            Some((Selection::Board(from.cell()?), target.cell()?, Mark::Attack))
        }
        _ => None,
    }
}

/// The cells an action touches, for marking where the latest action happened.
fn action_cells(action: &Action) -> Vec<Cell> {
    let places = match action {
        Action::Play { to, .. } => vec![*to],
        Action::Move { from, to, .. } => vec![*from, *to],
        Action::Attack { from, target, .. } => vec![*from, *target],
        Action::ChangePosition { at } | Action::Flip { at, .. } | Action::SpringTrap { at, .. } => {
            vec![*at]
        }
        _ => Vec::new(),
    };
    places.into_iter().filter_map(|p| p.cell()).collect()
}

/// The cell an action on one card is about (change position, flip).
fn untargeted_cell(action: &Action) -> Option<Cell> {
    match action {
        Action::ChangePosition { at } | Action::Flip { at, .. } => at.cell(),
        _ => None,
    }
}

/// The selected card's actions that need no target (change position, flip).
fn untargeted(view: &SeatView, selection: Selection) -> Vec<&Action> {
    let Selection::Board(cell) = selection else {
        return Vec::new();
    };
    view.legal
        .iter()
        .filter(|a| untargeted_cell(a) == Some(cell))
        .collect()
}

fn has_any_action(view: &SeatView, selection: Selection) -> bool {
    view.legal.iter().any(|a| match (a, selection) {
        (Action::Play { hand_index, .. }, Selection::Hand(i)) => *hand_index == i,
        (
            Action::Move { from: c, .. }
            | Action::Attack { from: c, .. }
            | Action::ChangePosition { at: c }
            | Action::Flip { at: c, .. },
            Selection::Board(cell),
        ) => c.cell() == Some(cell),
        _ => false,
    })
}

/// The decision is mine and I make it myself (not the autopilot): only then do clicks and
/// keys act.
fn i_decide(view: &SeatView) -> bool {
    view.my_decision() && !view.autopilot
}

/// The marks on the board for the current selection.
pub fn board_marks(view: &SeatView, selection: Selection) -> BTreeMap<Cell, Mark> {
    let mut marks = BTreeMap::new();
    if let Some((_, action)) = &view.last_action {
        for cell in action_cells(action) {
            marks.insert(cell, Mark::Last);
        }
    }
    if !i_decide(view) {
        return marks;
    }
    match view.awaiting().decision().map(|(_, d)| d) {
        Some(Decision::Main) => {
            for action in &view.legal {
                if let Some((source, target, mark)) = source_and_target(action) {
                    if source == selection {
                        marks.insert(target, mark);
                    } else if let Selection::Board(from) = source
                        && marks.get(&from).is_none_or(|m| *m == Mark::Last)
                    {
                        marks.insert(from, Mark::Ready);
                    }
                }
                if let Some(at) = untargeted_cell(action)
                    && marks.get(&at).is_none_or(|m| *m == Mark::Last)
                {
                    marks.insert(at, Mark::Ready);
                }
            }
            if let Selection::Board(cell) = selection {
                marks.insert(cell, Mark::Selected);
            }
        }
        Some(Decision::Respond { event }) => {
            let places = match event {
                TrapEvent::Moved { at } => vec![*at],
                TrapEvent::Attack { attacker, target } => vec![*attacker, *target],
                TrapEvent::Spell { at } => at.iter().copied().collect(),
            };
            for cell in places.into_iter().filter_map(|p| p.cell()) {
                marks.insert(cell, Mark::Prompt);
            }
            for action in &view.legal {
                if let Action::SpringTrap { at, .. } = action
                    && let Some(cell) = at.cell()
                {
                    marks.insert(cell, Mark::Selected);
                }
            }
        }
        _ => {}
    }
    marks
}

/// The numbered options of the decision in front of me, if it is one the board does not
/// answer by clicking (responses, reveals, declarations, discards, a choice between ways to
/// act, or the selected card's own actions).
pub fn current_options(view: &SeatView, ui_state: &MatchUi) -> Option<Choice> {
    if !i_decide(view) {
        return None;
    }
    if let Some(choice) = &ui_state.choice {
        return Some(choice.clone());
    }
    let all = |title: String| Choice {
        title,
        options: view
            .legal
            .iter()
            .map(|a| (action_label(view, a), a.clone()))
            .collect(),
    };
    let Some((_, decision)) = view.awaiting().decision() else {
        return None;
    };
    match decision {
        Decision::Main => {
            let extra = untargeted(view, ui_state.selection);
            if extra.is_empty() {
                return None;
            }
            Some(Choice {
                title: "This card can also:".to_owned(),
                options: extra
                    .into_iter()
                    .map(|a| (action_label(view, a), a.clone()))
                    .collect(),
            })
        }
        Decision::Respond { event } => {
            let what = match event {
                TrapEvent::Moved { at } => format!("An enemy card moved to {at}."),
                TrapEvent::Attack { attacker, target } => {
                    format!("The enemy at {attacker} attacks {target}.")
                }
                TrapEvent::Spell { .. } => "The enemy activated a spell.".to_owned(),
            };
            let traps = view.legal.len().saturating_sub(1);
            let ask = if traps > 0 {
                "Spring a trap?"
            } else {
                "None of your traps can answer it."
            };
            Some(all(format!("{what} {ask}")))
        }
        Decision::Discard { count } => Some(all(format!(
            "Your hand is over the limit: discard {count} card(s)."
        ))),
        Decision::ChooseOpponent { .. } => Some(all(
            "Your card's effect names \"your opponent\": which one?".to_owned(),
        )),
    }
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
        .show(ui, |ui| players_ui(ui, model, view));
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
        output = board_ui(ui, view, &marks);
    });

    // Remember what the pointer is over for the inspector of the next frame.
    state.hovered = output.hovered.and_then(|cell| {
        let piece = view.duel.state().piece(cell)?;
        let card = view.duel.known_card(piece, Some(&view.knowledge))?;
        Some((card.id, Some(cell)))
    });

    if let Some(cell) = output.clicked {
        board_click(view, state, cell, &mut command);
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

fn board_click(view: &SeatView, state: &mut MatchUi, cell: Cell, command: &mut Option<Command>) {
    let piece = view.duel.state().piece(cell);
    if let Some(card) = piece.and_then(|p| view.duel.known_card(p, Some(&view.knowledge))) {
        state.inspected = Some((card.id, Some(cell)));
    }
    if !i_decide(view) || !view.awaiting().is_main_of(view.seat) {
        return;
    }
    // A target of the selected card?
    let at_target: Vec<&Action> = view
        .legal
        .iter()
        .filter(|a| source_and_target(a).is_some_and(|(s, t, _)| s == state.selection && t == cell))
        .collect();
    match at_target.len() {
        0 => {}
        1 => {
            *command = Some(Command::Act(at_target[0].clone()));
            return;
        }
        _ => {
            let title = match state.selection {
                Selection::Hand(_) => format!("Play it at {cell}:"),
                _ => format!("At {cell}:"),
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
    let clicked = Selection::Board(cell);
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
    }
    if waiting || !i_decide(view) {
        return;
    }
    if let Some(d) = digit {
        if let Some(choice) = current_options(view, state) {
            if let Some((_, action)) = choice.options.get(d) {
                *command = Some(Command::Act(action.clone()));
            }
        } else if view.awaiting().is_main_of(view.seat) {
            let pick = Selection::Hand(d as u8);
            if has_any_action(view, pick) {
                state.selection = pick;
            }
        }
        return;
    }
    if enter && state.choice.is_none() && view.legal.contains(&Action::EndTurn) {
        *command = Some(Command::Act(Action::EndTurn));
    }
}

fn status_bar_ui(
    ui: &mut Ui,
    model: &MatchModel,
    view: &SeatView,
    state: &mut MatchUi,
    command: &mut Option<Command>,
    request: &mut Option<MatchRequest>,
) {
    let duel_state = view.duel.state();
    ui.horizontal_centered(|ui| {
        ui.label(RichText::new(&model.title).strong());
        ui.separator();
        ui.label(format!("Turn {}", duel_state.turn));
        let phase = match (view.awaiting(), duel_state.phase) {
            (
                Awaiting::Decision {
                    decision: Decision::Respond { .. },
                    ..
                },
                _,
            ) => "Response window",
            (Awaiting::Finished, _) => "Duel over",
            (_, Phase::Main) => "Main phase",
            (_, Phase::End) => "End phase",
        };
        ui.label(phase);
        ui.label(format!("— {} to play", model.name(duel_state.active)));
        ui.separator();
        let (text, colour) = match view.deciding {
            Some(seat) if seat == view.seat && view.autopilot => {
                ("Autopilot is deciding for you".to_owned(), theme::TEXT_DIM)
            }
            Some(seat) if seat == view.seat => ("Your decision".to_owned(), theme::PROMPT),
            Some(seat) => {
                // Over the network, how long the other player has been at it: a player who
                // went quiet shows here long before the link is declared lost.
                let waited = model
                    .view_since
                    .filter(|_| model.networked)
                    .map(|since| since.elapsed().as_secs())
                    .filter(|secs| *secs >= 3);
                let text = match waited {
                    Some(secs) => format!("{} is deciding… {secs} s", model.name(seat)),
                    None => format!("{} is deciding…", model.name(seat)),
                };
                if model.networked {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs(1));
                }
                (text, theme::TEXT_DIM)
            }
            None => ("The duel is over".to_owned(), theme::TEXT),
        };
        ui.label(RichText::new(text).color(colour).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let hint = if model.failed || model.is_over() {
                "Back to the home screen"
            } else {
                "The match goes on while you look around; \"Back to the match\" returns here"
            };
            if ui.button("Home").on_hover_text(hint).clicked() {
                *request = Some(MatchRequest::Leave);
            }
            if model.is_over() {
                if ui.button("Show the result").clicked() {
                    *request = Some(MatchRequest::ShowResult);
                }
                return;
            }
            if state.confirm_concede {
                if ui.button("No, keep playing").clicked() {
                    state.confirm_concede = false;
                }
                if ui
                    .button(RichText::new("Yes, concede").color(theme::THEIRS))
                    .clicked()
                {
                    state.confirm_concede = false;
                    *command = Some(Command::Concede);
                }
                ui.label("Really concede?");
            } else if ui.button("Concede").clicked() {
                state.confirm_concede = true;
            }
            let mut autopilot = view.autopilot;
            if ui
                .checkbox(&mut autopilot, "Autopilot")
                .on_hover_text("Let the bot play your seat; switch it off to take over again.")
                .changed()
            {
                *command = Some(Command::Autopilot(autopilot));
            }
        });
    });
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
            let options = current_options(view, state);
            ui.horizontal_wrapped(|ui| {
                if let Some(choice) = &options {
                    ui.label(RichText::new(&choice.title).color(theme::PROMPT).strong());
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
                    let hint = match state.selection {
                        Selection::Hand(i) => {
                            let name = hand_card(view, i).map_or("this card", |c| c.name.as_str());
                            format!("Play {name}: click a green cell. Esc cancels.")
                        }
                        Selection::Board(cell) => format!(
                            "{cell}: click a blue cell to move or a red one to attack. Esc cancels."
                        ),
                        Selection::None => "Your turn: pick a card in your hand or one of yours \
                                            on the board."
                            .to_owned(),
                    };
                    ui.label(RichText::new(hint).color(theme::PROMPT));
                }
                if view.awaiting().is_main_of(view.seat)
                    && view.legal.contains(&Action::EndTurn)
                    && state.choice.is_none()
                {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui
                            .add_enabled(!model.waiting, egui::Button::new("End turn (Enter)"))
                            .clicked()
                        {
                            *command = Some(Command::Act(Action::EndTurn));
                        }
                    });
                }
            });
        });
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

/// Who the other player is, how we are connected, and what has been checked so far.
pub fn fairness_ui(ui: &mut Ui, model: &MatchModel, view: &SeatView) {
    let fairness = &view.fairness;
    egui::CollapsingHeader::new(RichText::new("Fair play").strong())
        .id_salt("fair-play")
        .default_open(true)
        .show(ui, |ui| {
            ui.label(format!("Opponent key: {}", fairness.opponent))
                .on_hover_text(
                    "The fingerprint of the key that signs every move of the other player. \
                     Compare it with your friend's (shown in their fairness panel as yours).",
                );
            let connection = if !model.networked {
                "Connection: the bot, in this program".to_owned()
            } else {
                match (&fairness.connection, &model.link) {
                    (_, Some(LinkStatus::Lost { reason })) => {
                        format!("Connection lost ({reason}); reconnecting…")
                    }
                    (Some(info), _) => {
                        let path = match &info.path {
                            PathKind::Direct(_) => "direct",
                            PathKind::Relayed(_) => "relayed",
                            PathKind::Unknown => "no path right now",
                        };
                        match info.rtt {
                            Some(rtt) => format!(
                                "Connection: {path}, {:.1} ms round trip",
                                rtt.as_secs_f64() * 1000.0
                            ),
                            None => format!("Connection: {path}"),
                        }
                    }
                    (None, _) => "Connection: connecting…".to_owned(),
                }
            };
            let hover = fairness
                .connection
                .as_ref()
                .map_or_else(String::new, |info| info.path.to_string());
            let response = ui.label(connection);
            if !hover.is_empty() {
                response.on_hover_text(hover);
            }
            ui.label(format!(
                "Verified: {} entries, {} reveals",
                fairness.entries_verified, fairness.reveals_verified
            ))
            .on_hover_text(
                "Entries from the other player whose signature, place in the chain, legality \
                 and state hash all checked out; reveals are the ones that opened a hidden card.",
            );
            ui.label(format!(
                "Agreed state: {} after entry {}",
                if fairness.agreed_state.is_empty() {
                    "—"
                } else {
                    fairness.agreed_state.as_str()
                },
                fairness.agreed_entries
            ))
            .on_hover_text("Both copies of the duel computed this state hash.");
            if let Some(report) = &model.desync {
                ui.label(RichText::new(report.text()).color(theme::PENALTY_ON_DARK));
                if let Ok(path) = &report.file {
                    ui.label(
                        RichText::new(format!("Report saved: {}", path.display()))
                            .small()
                            .color(theme::TEXT_DIM),
                    );
                }
            }
            for warning in model.warnings.iter().rev().take(3) {
                ui.label(
                    RichText::new(format!("Protocol error from the other side: {warning}"))
                        .color(theme::PENALTY_ON_DARK),
                );
            }
            if model.warnings.len() > 3 {
                ui.label(
                    RichText::new(format!("…and {} earlier", model.warnings.len() - 3))
                        .color(theme::TEXT_DIM),
                );
            }
        });
}

fn players_ui(ui: &mut Ui, model: &MatchModel, view: &SeatView) {
    let state = view.duel.state();
    let format = view.duel.format();
    let others = view.duel.state().seats().filter(|s| *s != view.seat);
    for seat in others.chain([view.seat]) {
        let player = state.player(seat);
        let mine = seat == view.seat;
        let rim = if mine { theme::MINE } else { theme::THEIRS };
        egui::Frame::new()
            .stroke(egui::Stroke::new(
                if state.active == seat { 2.0 } else { 1.0 },
                rim,
            ))
            .corner_radius(4)
            .inner_margin(6)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    let who = if mine { " (you)" } else { "" };
                    ui.label(
                        RichText::new(format!("{}{who}", model.name(seat)))
                            .strong()
                            .color(rim),
                    );
                    if state.active == seat {
                        ui.label(RichText::new("to play").color(theme::PROMPT));
                    }
                });
                let start = format.life_points.max(1);
                let lp = player.life_points;
                ui.label(RichText::new(format!("{lp} LP")).size(22.0).strong());
                let fraction = (lp as f32 / start as f32).clamp(0.0, 1.0);
                let (rect, _) =
                    ui.allocate_exact_size(vec2(ui.available_width(), 6.0), Sense::hover());
                ui.painter().rect_filled(rect, 2, Color32::from_gray(60));
                let mut filled = rect;
                filled.set_width(rect.width() * fraction);
                ui.painter().rect_filled(filled, 2, rim);
                if let SummonCost::SummoningPoints { max, .. } = format.play.cost {
                    ui.label(format!(
                        "Summoning Points: {} / {max}",
                        player.summoning_points
                    ));
                }
                ui.label(format!(
                    "Hand {} · Deck {} · Graveyard {}",
                    player.hand.len(),
                    player.deck.len(),
                    player.graveyard.len()
                ));
                if let Some(field) = player
                    .field_spell
                    .and_then(|f| view.duel.pool().get(f.card))
                {
                    ui.label(format!("Field spell: {}", field.name));
                }
                if player.leader_stuck_turns > 0 {
                    ui.label(
                        RichText::new(format!(
                            "Deck Leader stuck for {} turn(s)",
                            player.leader_stuck_turns
                        ))
                        .color(theme::PENALTY_ON_DARK),
                    );
                }
            });
        ui.add_space(6.0);
    }
    fairness_ui(ui, model, view);
    ui.separator();
    ui.label(RichText::new("Terrain").strong());
    let terrains: std::collections::BTreeSet<_> =
        state.all_cells().map(|c| view.duel.terrain_at(c)).collect();
    egui::Grid::new("terrain-legend")
        .num_columns(2)
        .spacing(vec2(4.0, 3.0))
        .show(ui, |ui| {
            for (i, terrain) in terrains.into_iter().enumerate() {
                terrain_swatch_ui(ui, terrain);
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

fn inspector_ui(ui: &mut Ui, view: &SeatView, inspected: Option<(CardId, Option<Cell>)>) {
    ui.label(RichText::new("Card").strong());
    let Some((id, cell)) = inspected else {
        ui.label(RichText::new("Point at a card to read it here.").color(theme::TEXT_DIM));
        return;
    };
    let Some(card) = view.duel.pool().get(id) else {
        return;
    };
    let piece = cell.and_then(|c| view.duel.state().piece(c).map(|p| (c, p)));
    let look = match piece {
        Some((c, p)) => CardLook {
            face_down: false,
            ..piece_look(view, c, p)
        },
        None => CardLook::plain(card),
    };
    ui.horizontal(|ui| {
        let size = if look.defence {
            vec2(120.0, 92.0)
        } else {
            vec2(92.0, 120.0)
        };
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        paint_card(ui.painter(), rect, &look);
        ui.vertical(|ui| {
            if let Some((c, p)) = piece {
                let terrain = view.duel.terrain_at(c);
                ui.label(format!("At {c}, on {}", terrain.label()));
                if !p.face_up {
                    ui.label(RichText::new("Face-down").color(theme::TEXT_DIM));
                }
                if p.defence {
                    ui.label("Defence position");
                }
                if let (Some(m), false) = (card.monster(), p.leader) {
                    let (atk, def) = view.duel.stats_of(c, p, card);
                    let (base_atk, base_def) = (i32::from(m.atk), i32::from(m.def));
                    ui.label(stat_text("ATK", atk, base_atk));
                    ui.label(stat_text("DEF", def, base_def));
                }
            }
        });
    });
    ScrollArea::vertical()
        .id_salt("inspector-text")
        .max_height(170.0)
        .show(ui, |ui| card_details_ui(ui, card, view.duel.pool()));
}

fn stat_text(name: &str, value: i32, printed: i32) -> RichText {
    let diff = value - printed;
    let text = if diff == 0 {
        format!("{name} {value}")
    } else {
        format!("{name} {value} ({diff:+} on {printed})")
    };
    let colour = match diff.cmp(&0) {
        std::cmp::Ordering::Greater => theme::BONUS_ON_DARK,
        std::cmp::Ordering::Less => theme::PENALTY_ON_DARK,
        std::cmp::Ordering::Equal => theme::TEXT,
    };
    RichText::new(text).color(colour)
}

fn log_ui(ui: &mut Ui, log: &[LogLine]) {
    ui.label(RichText::new("What happened").strong());
    ScrollArea::vertical()
        .id_salt("event-log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Only the recent past is drawn; the log keeps more for later use.
            let start = log.len().saturating_sub(300);
            let mut turn = None;
            for line in &log[start..] {
                if turn != Some(line.turn) {
                    turn = Some(line.turn);
                    ui.label(RichText::new(format!("Turn {}", line.turn)).color(theme::TEXT_DIM));
                }
                let text = RichText::new(&line.text).size(12.5);
                if line.actor.is_some() {
                    ui.label(text.color(theme::TEXT));
                } else {
                    ui.label(text.color(theme::TEXT_DIM));
                }
            }
        });
}

/// Replaces "seat 0" and "seat 1" with the names in one pass, so a name that itself reads
/// "seat 1" is left as the player typed it.
pub fn with_seat_names(text: &str, names: &[String; 2]) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find("seat ") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "seat ".len()..];
        match after.as_bytes().first() {
            Some(b'0') => out.push_str(&names[0]),
            Some(b'1') => out.push_str(&names[1]),
            _ => {
                out.push_str("seat ");
                rest = after;
                continue;
            }
        }
        rest = &after[1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::catalog::Catalog;
    use crate::catalog::tests::project_assets;
    use crate::session::{BotMatch, NetRuntime, start_bot_match};

    #[test]
    fn seat_numbers_become_names_even_when_a_name_reads_like_a_seat() {
        let names = ["Eve seat 1".to_owned(), "Bob".to_owned()];
        assert_eq!(
            with_seat_names("seat 0 attacks seat 1's Deck Leader", &names),
            "Eve seat 1 attacks Bob's Deck Leader"
        );
        assert_eq!(
            with_seat_names("seat one, seat 2, seat", &names),
            "seat one, seat 2, seat"
        );
    }

    /// The first main-phase view of my seat in a local match.
    fn my_main_view(format: &str, seed: u64) -> SeatView {
        let catalog = Catalog::load(&project_assets()).expect("assets");
        let rules = Arc::clone(&catalog.format(format).expect("format").rules);
        let decks = catalog.legal_decks(&rules);
        let runtime = NetRuntime::start().expect("runtime");
        let mut session = start_bot_match(
            &runtime,
            BotMatch {
                rules,
                format_name: format.to_owned(),
                my_deck: decks[0].1.clone(),
                bot_deck: decks[1].1.clone(),
                seed,
                identity: None,
                bot_delay: Duration::ZERO,
                autopilot: false,
                autopilot_until_turn: None,
                records_dir: None,
            },
            Arc::new(|| {}),
        )
        .expect("match starts");
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            if let Ok(Some(Update::View(view))) = session.next_timeout(Duration::from_millis(100))
                && view.my_decision()
                && view.awaiting().is_main_of(view.seat)
            {
                return *view;
            }
        }
        panic!("no main-phase decision of mine");
    }

    #[test]
    fn a_selected_hand_card_marks_exactly_where_the_rules_let_it_go() {
        for format in ["kairu-dotr", "dor-classic"] {
            let view = my_main_view(format, 21);
            let nothing = board_marks(&view, Selection::None);
            assert!(
                nothing
                    .values()
                    .all(|m| !matches!(m, Mark::Play | Mark::Move | Mark::Attack)),
                "{format}: no targets before a selection"
            );
            let hand = view.duel.state().player(view.seat).hand.len() as u8;
            let mut checked = 0;
            for index in 0..hand {
                let expected: BTreeSet<Cell> = view
                    .legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Play { hand_index, to, .. } if *hand_index == index => to.cell(),
                        _ => None,
                    })
                    .collect();
                let marked: BTreeSet<Cell> = board_marks(&view, Selection::Hand(index))
                    .into_iter()
                    .filter(|(_, m)| *m == Mark::Play)
                    .map(|(c, _)| c)
                    .collect();
                assert_eq!(marked, expected, "{format}: hand card {index}");
                checked += usize::from(!expected.is_empty());
            }
            assert!(checked > 0, "{format}: some card could be played");
        }
    }

    #[test]
    fn every_legal_action_reads_as_words_without_seat_numbers() {
        let view = my_main_view("dor-classic", 8);
        for action in &view.legal {
            let label = action_label(&view, action);
            assert!(!label.is_empty(), "{action:?}");
            assert!(!label.contains("seat"), "{label}");
        }
        assert!(
            view.legal
                .iter()
                .any(|a| action_label(&view, a) == "End turn")
        );
    }
}
