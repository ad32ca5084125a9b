//! The app: screens, navigation, settings, and starting matches.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use egui::{RichText, Ui};
use fairduel_engine::Seat;
use fairduel_engine::describe::describe_outcome;
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;
use crate::decks::{DeckLibrary, DecksEvent, DecksState, decks_ui};
use crate::game::{MatchModel, MatchRequest, MatchUi, match_ui};
use crate::home::{self, HomeState, home_ui};
use crate::records::{RecordsState, records_ui};
use crate::session::{LocalMatch, Waker, start_local_match};
use crate::theme;

/// What the player can change, kept between runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub player_name: String,
    /// How long the bot pauses before each move, in milliseconds.
    pub bot_delay_ms: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            player_name: "Player".to_owned(),
            bot_delay_ms: 400,
        }
    }
}

const SETTINGS_KEY: &str = "fairduel-settings";

/// How the app was started (command-line options of `fairduel app`).
#[derive(Debug, Clone, Default)]
pub struct LaunchOptions {
    pub assets: PathBuf,
    /// Start a bot match at once instead of showing the home screen.
    pub quick_match: Option<home::MatchRequest>,
    /// Seed for the matches started (otherwise one from the clock).
    pub seed: Option<u64>,
    /// Overrides the bot's pause from the settings.
    pub bot_delay: Option<Duration>,
    /// Start matches with a bot playing my seat.
    pub autopilot: bool,
    /// With `autopilot`: hand my seat back when this turn begins.
    pub autopilot_until_turn: Option<u16>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Home,
    Decks,
    Records,
    Settings,
    Match,
    Result,
}

/// A match in progress (or just finished) with its screen state.
#[derive(Debug)]
pub struct Game {
    pub model: MatchModel,
    pub ui: MatchUi,
    pub request: home::MatchRequest,
    pub seed: u64,
    /// The result screen has been shown once (it is not forced on the player again).
    pub result_seen: bool,
}

#[derive(Debug)]
pub struct FairDuelApp {
    catalog: Result<Catalog, String>,
    pub settings: Settings,
    pub screen: Screen,
    pub home: HomeState,
    pub decks: DecksState,
    /// The player's saved decks and the YDK passcode table.
    pub library: DeckLibrary,
    pub records: RecordsState,
    pub game: Option<Game>,
    options: LaunchOptions,
    /// Matches started in this run (varies the seed).
    started: u64,
    styled: bool,
    /// Why the last match could not start.
    home_error: Option<String>,
}

impl FairDuelApp {
    /// The app without a data folder: nothing is read from or saved to the player's folders
    /// (see [`FairDuelApp::with_data_dir`]).
    pub fn new(options: LaunchOptions, settings: Settings) -> FairDuelApp {
        let mut catalog = Catalog::load(&options.assets).map_err(|e| e.to_string());
        let library = match &mut catalog {
            Ok(catalog) => DeckLibrary::load(None, catalog),
            Err(_) => DeckLibrary::default(),
        };
        FairDuelApp {
            catalog,
            settings,
            screen: Screen::Home,
            home: HomeState::default(),
            decks: DecksState::default(),
            library,
            records: RecordsState::new(None),
            game: None,
            options,
            started: 0,
            styled: false,
            home_error: None,
        }
    }

    /// Uses `dir` as FairDuel's data folder: saved decks in `dir/decks`, match records in
    /// `dir/records`, the player's passcode table in `dir/passcodes.toml`.
    pub fn with_data_dir(mut self, dir: Option<PathBuf>) -> FairDuelApp {
        if let Ok(catalog) = &mut self.catalog {
            self.library = DeckLibrary::load(dir.as_deref(), catalog);
        }
        self.records = RecordsState::new(dir.map(|d| d.join("records")));
        self
    }

    /// The app as eframe starts it: settings from storage, the user's data folder, style
    /// applied.
    pub fn from_creation_context(cc: &eframe::CreationContext<'_>, options: LaunchOptions) -> Self {
        let settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, SETTINGS_KEY))
            .unwrap_or_default();
        FairDuelApp::new(options, settings).with_data_dir(default_data_dir())
    }

    pub fn catalog(&self) -> Option<&Catalog> {
        self.catalog.as_ref().ok()
    }

    fn next_seed(&mut self) -> u64 {
        self.started += 1;
        match self.options.seed {
            Some(seed) => seed.wrapping_add(self.started - 1),
            None => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(self.started, |d| d.as_nanos() as u64),
        }
    }

    /// Starts a bot match; on failure says why on the home screen.
    pub fn start_match(&mut self, ctx: &egui::Context, request: home::MatchRequest) {
        let seed = self.next_seed();
        match self.try_start(ctx, &request, seed) {
            Ok(model) => {
                self.game = Some(Game {
                    model,
                    ui: MatchUi::default(),
                    request,
                    seed,
                    result_seen: false,
                });
                self.screen = Screen::Match;
            }
            Err(message) => {
                self.game = None;
                self.screen = Screen::Home;
                self.home_error = Some(message);
            }
        }
    }

    fn try_start(
        &self,
        ctx: &egui::Context,
        request: &home::MatchRequest,
        seed: u64,
    ) -> Result<MatchModel, String> {
        let catalog = self.catalog.as_ref().map_err(Clone::clone)?;
        let format = catalog
            .format(&request.format)
            .ok_or_else(|| format!("there is no format preset \"{}\"", request.format))?;
        let load = |id: &str| {
            let deck = catalog
                .deck(id)
                .ok_or_else(|| format!("there is no deck \"{id}\" in the asset folder"))?;
            deck.check(&format.rules)
                .map_err(|e| format!("{} is not legal in {}: {e}", deck.name, format.name()))
        };
        let my_deck = load(&request.deck)?;
        let bot_deck = load(&request.bot_deck)?;
        let title = format!(
            "{}: {} against {}",
            format.name(),
            my_deck.name,
            bot_deck.name
        );
        let repaint = ctx.clone();
        let waker: Waker = Arc::new(move || repaint.request_repaint());
        let config = LocalMatch {
            rules: Arc::clone(&format.rules),
            my_deck,
            bot_deck,
            seed,
            my_seat: Seat(0),
            bot_delay: self
                .options
                .bot_delay
                .unwrap_or(Duration::from_millis(self.settings.bot_delay_ms)),
            autopilot: self.options.autopilot,
            autopilot_until_turn: self.options.autopilot_until_turn,
        };
        let session = start_local_match(config, waker).map_err(|e| e.to_string())?;
        let mut names = [String::new(), String::new()];
        names[0] = self.player_name();
        names[1] = "Bot".to_owned();
        Ok(MatchModel::new(session, names, title))
    }

    fn player_name(&self) -> String {
        let name = self.settings.player_name.trim();
        if name.is_empty() {
            "Player".to_owned()
        } else {
            name.to_owned()
        }
    }

    /// Draws one frame of the whole app.
    pub fn show(&mut self, ui: &mut Ui) {
        if !self.styled {
            theme::apply(ui.ctx());
            self.styled = true;
        }
        if let Some(request) = self.options.quick_match.take() {
            let ctx = ui.ctx().clone();
            self.start_match(&ctx, request);
        }
        if self.screen == Screen::Match {
            self.match_screen(ui);
            return;
        }
        egui::Panel::top("navigation").show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(RichText::new("FairDuel").strong().size(18.0));
                ui.separator();
                ui.selectable_value(&mut self.screen, Screen::Home, "Home");
                ui.selectable_value(&mut self.screen, Screen::Decks, "Decks");
                ui.selectable_value(&mut self.screen, Screen::Records, "Records");
                ui.selectable_value(&mut self.screen, Screen::Settings, "Settings");
                if self.game.as_ref().is_some_and(|g| !g.model.is_over())
                    && ui.button("Back to the match").clicked()
                {
                    self.screen = Screen::Match;
                }
            });
        });
        egui::CentralPanel::default().show(ui, |ui| match &self.catalog {
            Err(message) => {
                ui.heading("FairDuel cannot find its data");
                ui.label(RichText::new(message).color(theme::PENALTY_ON_DARK));
            }
            Ok(_) => match self.screen {
                Screen::Home => self.home_screen(ui),
                Screen::Decks => {
                    if let Ok(catalog) = &mut self.catalog
                        && let Some(DecksEvent::Saved) =
                            decks_ui(ui, catalog, &self.library, &mut self.decks)
                    {
                        self.library.reload(catalog);
                    }
                }
                Screen::Records => {
                    if let Ok(catalog) = &self.catalog {
                        records_ui(ui, catalog, &mut self.records);
                    }
                }
                Screen::Settings => settings_ui(ui, &mut self.settings),
                Screen::Result => self.result_screen(ui),
                Screen::Match => {}
            },
        });
    }

    fn home_screen(&mut self, ui: &mut Ui) {
        let Ok(catalog) = &self.catalog else {
            return;
        };
        if let Some(error) = &self.home_error {
            ui.label(RichText::new(error).color(theme::PENALTY_ON_DARK));
        }
        if let Some(request) = home_ui(ui, catalog, &mut self.home) {
            self.home_error = None;
            let ctx = ui.ctx().clone();
            self.start_match(&ctx, request);
        }
    }

    fn match_screen(&mut self, ui: &mut Ui) {
        let Some(game) = self.game.as_mut() else {
            self.screen = Screen::Home;
            return;
        };
        match match_ui(ui, &mut game.model, &mut game.ui) {
            Some(MatchRequest::DuelOver) if !game.result_seen => {
                game.result_seen = true;
                self.screen = Screen::Result;
            }
            Some(MatchRequest::DuelOver) => {}
            Some(MatchRequest::ShowResult) => self.screen = Screen::Result,
            Some(MatchRequest::Leave) => self.screen = Screen::Home,
            None => {}
        }
    }

    fn result_screen(&mut self, ui: &mut Ui) {
        let Some(game) = self.game.as_ref() else {
            self.screen = Screen::Home;
            return;
        };
        let Some(view) = game.model.view.as_ref() else {
            return;
        };
        let Some(outcome) = view.outcome else {
            self.screen = Screen::Match;
            return;
        };
        let (headline, colour) = match outcome.winner {
            Some(seat) if seat == view.seat => ("You win!".to_owned(), theme::BONUS_ON_DARK),
            Some(seat) => (
                format!("{} wins", game.model.name(seat)),
                theme::PENALTY_ON_DARK,
            ),
            None => ("A draw".to_owned(), theme::TEXT),
        };
        let mut rematch = false;
        let mut board = false;
        let mut home = false;
        ui.vertical_centered(|ui| {
            ui.set_max_width(640.0);
            ui.add_space(40.0);
            ui.label(
                RichText::new("The duel is over")
                    .size(18.0)
                    .color(theme::TEXT_DIM),
            );
            ui.label(RichText::new(headline).size(40.0).strong().color(colour));
            let reason = describe_outcome(&outcome)
                .replace("seat 0", game.model.name(Seat(0)))
                .replace("seat 1", game.model.name(Seat(1)));
            ui.label(RichText::new(reason).size(18.0));
            ui.add_space(10.0);
            let state = view.duel.state();
            for seat in [view.seat, view.seat.other()] {
                ui.label(
                    RichText::new(format!(
                        "{}: {} LP",
                        game.model.name(seat),
                        state.player(seat).life_points
                    ))
                    .size(16.0),
                );
            }
            ui.label(
                RichText::new(format!(
                    "{} · {} turns · {} actions · seed {}",
                    game.model.title, state.turn, view.step, game.seed
                ))
                .color(theme::TEXT_DIM),
            );
            ui.add_space(16.0);
            egui::Frame::group(ui.style())
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.label(RichText::new("Fair-play audit").strong());
                    ui.label(
                        "Audit: not available until the protocol lands. This match was refereed \
                     on this computer by the engine, so there is no signed record to verify.",
                    );
                });
            ui.add_space(16.0);
            rematch = ui.button(RichText::new("Rematch").size(16.0)).clicked();
            board = ui.button("Show the final board").clicked();
            home = ui.button("Back to home").clicked();
        });
        if rematch {
            let request = game.request.clone();
            let ctx = ui.ctx().clone();
            self.start_match(&ctx, request);
        } else if board {
            self.screen = Screen::Match;
        } else if home {
            self.screen = Screen::Home;
        }
    }
}

/// FairDuel's folder in the user's data directory (on Linux `~/.local/share/fairduel`).
pub fn default_data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("fairduel"))
}

fn settings_ui(ui: &mut Ui, settings: &mut Settings) {
    ui.heading("Settings");
    ui.add_space(8.0);
    ui.horizontal(|ui| {
        let label = ui.label("Player name");
        ui.add(egui::TextEdit::singleline(&mut settings.player_name).desired_width(200.0))
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        ui.add(
            egui::Slider::new(&mut settings.bot_delay_ms, 0..=2000)
                .text("Bot's pause before each move (ms)"),
        );
    });
    ui.label(RichText::new("Settings are saved when FairDuel closes.").color(theme::TEXT_DIM));
}

impl eframe::App for FairDuelApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.settings);
    }
}
