//! The app: screens, navigation, settings, and starting matches.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use egui::{RichText, Ui};
use fairduel_engine::describe::describe_outcome;
use fairduel_engine::{Seat, WinReason};

use crate::card_database_match::{
    bot_match_with_database, friend_match_with_database, saved_match_rules,
};
use crate::catalog::Catalog;
use crate::decks::{self, DeckLibrary, DecksEvent, DecksState, decks_ui};
use crate::game::{Company, MatchModel, MatchRequest, MatchUi, match_ui};
use crate::home::{self, FriendPanel, FriendRequest, HomeAction, HomeState, home_ui};
use crate::images::CardImages;
use crate::lobby::{
    self, Connectivity, LanBrowser, LobbyRequest, LobbyRole, PendingMatch, Seating, Unfinished,
    lobby_ui,
};
use crate::open_file::{self, FileKind, FilePicker};
use crate::records::{RecordsState, records_ui};
use crate::session::{BotMatch, MatchSession, NetRuntime, Waker, start_bot_match, verdict_text};
pub use crate::settings::Settings;
use crate::settings::{SettingsStatus, settings_ui};
use crate::theme;
use fairduel_net::store::MatchStore;
use fairduel_protocol::Identity;

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
    /// Overrides the network setting (e.g. this computer only, for two windows side by side).
    pub connectivity: Option<Connectivity>,
    /// FairDuel's data folder instead of the user's (decks, match files, records).
    pub data_dir: Option<PathBuf>,
    /// This player's key file instead of the one in the user's config folder.
    pub key_file: Option<PathBuf>,
    /// A folder of card pictures to use (replaces the one in the settings).
    pub card_images: Option<PathBuf>,
    /// A match record or deck file to open at once (as if dropped on the window).
    pub open_file: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Home,
    Decks,
    Records,
    Settings,
    Match,
    Result,
    /// Hosting or joining: the ticket and what is happening.
    Lobby,
}

/// Who the match is against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opponent {
    /// The local bot; a rematch replays the same request with the next seed.
    Bot(home::MatchRequest),
    /// A person over the network.
    Person(FriendRequest),
}

/// A match in progress (or just finished) with its screen state.
#[derive(Debug)]
pub struct Game {
    pub model: MatchModel,
    pub ui: MatchUi,
    pub opponent: Opponent,
    /// The seed of a bot match (shown on the result screen so it can be replayed).
    pub seed: Option<u64>,
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
    /// The system's file dialog for records and decks.
    pub picker: FilePicker,
    pub game: Option<Game>,
    options: LaunchOptions,
    /// Matches started in this run (varies the seed).
    started: u64,
    styled: bool,
    /// Why the last match could not start.
    home_error: Option<String>,
    /// Why the last network match could not start.
    friend_error: Option<String>,
    /// The network runtime, started when first needed.
    runtime: Option<Arc<NetRuntime>>,
    pub pending: Option<PendingMatch>,
    pub lan: Option<LanBrowser>,
    /// Where this player's key lives (`None`: a fresh key for this run only).
    key_file: Option<PathBuf>,
    identity: Option<Identity>,
    /// FairDuel's data folder (`None`: nothing is saved).
    data_dir: Option<PathBuf>,
    /// Saved network matches that did not finish, read when the home screen opens.
    pub unfinished: Vec<Unfinished>,
    /// The screen of the previous frame.
    last_screen: Option<Screen>,
    /// What the card picture folder and the card database gave.
    pub settings_status: SettingsStatus,
}

impl FairDuelApp {
    /// The app without a data folder: nothing is read from or saved to the player's folders
    /// (see [`FairDuelApp::with_data_dir`]).
    pub fn new(options: LaunchOptions, mut settings: Settings) -> FairDuelApp {
        if let Some(folder) = &options.card_images {
            settings.card_images = folder.display().to_string();
        }
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
            picker: FilePicker::default(),
            game: None,
            options,
            started: 0,
            styled: false,
            home_error: None,
            friend_error: None,
            runtime: None,
            pending: None,
            lan: None,
            key_file: None,
            identity: None,
            data_dir: None,
            unfinished: Vec::new(),
            last_screen: None,
            settings_status: SettingsStatus::default(),
        }
    }

    /// Signs with the key in `path` (created on first use, readable by the owner only): the
    /// same key as the terminal commands', so a player is one player everywhere.
    pub fn with_key_file(mut self, path: Option<PathBuf>) -> FairDuelApp {
        self.key_file = path;
        self.identity = None;
        self
    }

    /// Uses `dir` as FairDuel's data folder: saved decks in `dir/decks`, match records in
    /// `dir/records`, the player's passcode table in `dir/passcodes.toml`.
    pub fn with_data_dir(mut self, dir: Option<PathBuf>) -> FairDuelApp {
        if let Ok(catalog) = &mut self.catalog {
            self.library = DeckLibrary::load(dir.as_deref(), catalog);
        }
        self.records = RecordsState::new(dir.as_ref().map(|d| d.join("records")));
        self.data_dir = dir;
        self
    }

    /// The app as eframe starts it: settings from storage, the user's data folder, style
    /// applied.
    pub fn from_creation_context(cc: &eframe::CreationContext<'_>, options: LaunchOptions) -> Self {
        let settings = cc
            .storage
            .and_then(|s| eframe::get_value(s, SETTINGS_KEY))
            .unwrap_or_default();
        let data_dir = options.data_dir.clone().or_else(default_data_dir);
        let key_file = options.key_file.clone().or_else(default_key_file);
        FairDuelApp::new(options, settings)
            .with_data_dir(data_dir)
            .with_key_file(key_file)
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
                    opponent: Opponent::Bot(request),
                    seed: Some(seed),
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
        &mut self,
        ctx: &egui::Context,
        request: &home::MatchRequest,
        seed: u64,
    ) -> Result<MatchModel, String> {
        let catalog = self.catalog.as_ref().map_err(Clone::clone)?;
        let format = catalog
            .format(&request.format)
            .ok_or_else(|| format!("there is no format preset \"{}\"", request.format))?;
        let format_name = format.name().to_owned();
        let (rules, my_deck, bot_decks) = match &request.card_database {
            Some(path) => bot_match_with_database(&format.rules, path)?,
            None => (
                Arc::clone(&format.rules),
                catalog.checked_deck(&request.deck, &format.rules, &format_name)?,
                vec![catalog.checked_deck(&request.bot_deck, &format.rules, &format_name)?],
            ),
        };
        let bot_deck = bot_decks
            .first()
            .cloned()
            .ok_or_else(|| "no deck for the bot".to_owned())?;
        let bots = usize::from(rules.format.table.players).saturating_sub(1);
        let title = if bots > 1 {
            format!(
                "{format_name}: {} with {bots} bots playing {}",
                my_deck.name, bot_deck.name
            )
        } else {
            format!("{format_name}: {} against {}", my_deck.name, bot_deck.name)
        };
        let config = BotMatch {
            rules,
            format_name: request.format.clone(),
            my_deck,
            bot_decks,
            seed,
            // A bot match is signed with the player's own key when there is one on file.
            identity: self
                .key_file
                .is_some()
                .then(|| self.identity())
                .transpose()?,
            bot_delay: self
                .options
                .bot_delay
                .unwrap_or(Duration::from_millis(self.settings.bot_delay_ms)),
            autopilot: self.options.autopilot,
            autopilot_until_turn: self.options.autopilot_until_turn,
            records_dir: self.data_dir.as_ref().map(|d| d.join("records")),
        };
        let runtime = self.runtime()?;
        let session = start_bot_match(&runtime, config, waker(ctx)).map_err(|e| e.to_string())?;
        Ok(MatchModel::new(
            session,
            self.player_name(),
            Company::Bots,
            title,
        ))
    }

    /// Reads the card database from the settings: passcodes by name for YDK files and
    /// picture folders (an empty setting goes back to the shipped passcodes).
    fn use_card_database(&mut self) {
        let Ok(catalog) = &self.catalog else {
            return;
        };
        let path = self.settings.card_database.trim();
        let path = (!path.is_empty()).then(|| std::path::Path::new(path));
        self.settings_status.database =
            self.library
                .use_card_database(path, self.data_dir.as_deref(), catalog);
    }

    /// Reads the card picture folder from the settings and puts its pictures on every card.
    fn use_card_images(&mut self, ctx: &egui::Context) {
        let folder = self.settings.card_images.trim();
        if folder.is_empty() {
            CardImages::install(ctx, None);
            self.settings_status.images = None;
            return;
        }
        match CardImages::scan(std::path::Path::new(folder), &self.library.passcodes) {
            Ok(images) => {
                self.settings_status.images = Some(Ok(images.len()));
                CardImages::install(ctx, Some(images));
            }
            Err(error) => {
                CardImages::install(ctx, None);
                self.settings_status.images = Some(Err(error.to_string()));
            }
        }
    }

    /// The network runtime, started on first use.
    fn runtime(&mut self) -> Result<Arc<NetRuntime>, String> {
        if let Some(runtime) = &self.runtime {
            return Ok(Arc::clone(runtime));
        }
        let runtime =
            Arc::new(NetRuntime::start().map_err(|e| {
                format!("could not start the network runtime ({e}); restart FairDuel")
            })?);
        self.runtime = Some(Arc::clone(&runtime));
        Ok(runtime)
    }

    /// This player's identity: from the key file, or (without one) a key for this run.
    fn identity(&mut self) -> Result<Identity, String> {
        if let Some(identity) = &self.identity {
            return Ok(identity.clone());
        }
        let identity = match &self.key_file {
            Some(path) => Identity::load_or_create(path).map_err(|e| e.to_string())?,
            None => Identity::generate().map_err(|e| e.to_string())?,
        };
        self.identity = Some(identity.clone());
        Ok(identity)
    }

    fn connectivity(&self) -> Connectivity {
        self.options
            .connectivity
            .unwrap_or(self.settings.connectivity)
    }

    fn seating(&mut self, ctx: &egui::Context, request: &FriendRequest) -> Result<Seating, String> {
        let catalog = self.catalog.as_ref().map_err(Clone::clone)?;
        let format = catalog
            .format(&request.format)
            .ok_or_else(|| format!("there is no format preset \"{}\"", request.format))?;
        let (rules, deck) = match &request.card_database {
            Some(path) => friend_match_with_database(&format.rules, path, &request.database_deck)?,
            None => (
                Arc::clone(&format.rules),
                catalog.checked_deck(&request.deck, &format.rules, format.name())?,
            ),
        };
        self.seating_with(ctx, rules, request.format.clone(), deck)
    }

    /// This player in a network match: their key, name, folders, network and autopilot.
    fn seating_with(
        &mut self,
        ctx: &egui::Context,
        rules: Arc<fairduel_engine::Rules>,
        format_id: String,
        deck: fairduel_engine::DeckList,
    ) -> Result<Seating, String> {
        let decision_clock = rules.format.decision_clock(self.settings.decision_clock());
        Ok(Seating {
            rules,
            format_id,
            deck,
            identity: self.identity()?,
            player_name: self.player_name(),
            data_dir: self.data_dir.clone(),
            connectivity: self.connectivity(),
            autopilot: self.options.autopilot,
            autopilot_until_turn: self.options.autopilot_until_turn,
            decision_clock,
            waker: waker(ctx),
        })
    }

    /// Hosts, joins by ticket or joins a LAN match; on failure says why on the home screen.
    fn start_friend_match(&mut self, ctx: &egui::Context, action: HomeAction) {
        match self.pending_match(ctx, action) {
            Ok(pending) => {
                self.friend_error = None;
                self.pending = Some(pending);
                self.screen = Screen::Lobby;
            }
            Err(message) => self.friend_error = Some(message),
        }
    }

    /// Starts the network task behind a home-screen action.
    fn pending_match(
        &mut self,
        ctx: &egui::Context,
        action: HomeAction,
    ) -> Result<PendingMatch, String> {
        let runtime = self.runtime()?;
        match action {
            HomeAction::Host(request) => {
                // The LAN browser's endpoint has the same key: one endpoint at a time.
                self.lan = None;
                Ok(lobby::host(&runtime, self.seating(ctx, &request)?))
            }
            HomeAction::Join(request, text) => {
                let ticket = lobby::parse_ticket(&text)?;
                let seating = self.seating(ctx, &request)?;
                // The LAN browser's endpoint (same key) serves an offline join; any other
                // network setting needs an endpoint of its own, so the browser stops.
                let endpoint = if seating.connectivity == Connectivity::Offline {
                    self.lan.as_ref().and_then(|l| l.endpoint.clone())
                } else {
                    self.lan = None;
                    None
                };
                Ok(lobby::join_by_ticket(&runtime, seating, ticket, endpoint))
            }
            HomeAction::JoinLan(request, index) => {
                let lan = self
                    .lan
                    .as_ref()
                    .ok_or("Look for games on this network first.")?;
                let found = lan
                    .matches
                    .get(index)
                    .ok_or("That match is no longer announced; pick another.")?;
                let ticket = found.ticket.clone();
                let endpoint = lan.endpoint.clone();
                let mut seating = self.seating(ctx, &request)?;
                // Found on this network: reach it the way it was found.
                seating.connectivity = Connectivity::Offline;
                Ok(lobby::join_by_ticket(&runtime, seating, ticket, endpoint))
            }
            HomeAction::Resume(path) => {
                let saved = MatchStore::read(&path).map_err(|e| e.to_string())?;
                let catalog = self.catalog.as_ref().map_err(Clone::clone)?;
                let format = catalog.format(&saved.meta.format_name).ok_or_else(|| {
                    format!(
                        "this match was played in \"{}\", which is not among this app's formats",
                        saved.meta.format_name
                    )
                })?;
                let rules = saved_match_rules(format, &saved, &self.settings.card_database)?;
                let deck = fairduel_engine::DeckList::from(&saved.meta.deck);
                let mut seating =
                    self.seating_with(ctx, rules, saved.meta.format_name.clone(), deck)?;
                // A resumed seat is played by whoever resumed it.
                seating.autopilot = false;
                seating.autopilot_until_turn = None;
                self.lan = None;
                Ok(lobby::resume(&runtime, seating, &saved, path))
            }
            HomeAction::PlayBot(_) | HomeAction::BrowseLan(_) => {
                Err("not a network match".to_owned())
            }
        }
    }

    /// Follows the hosting or joining task; moves to the board once the match has started.
    fn poll_network(&mut self) {
        if let Some(lan) = &mut self.lan {
            lan.poll();
        }
        // The match goes on (and its audit arrives) whichever screen is showing.
        if let Some(game) = &mut self.game {
            game.model.poll();
        }
        let Some(pending) = &mut self.pending else {
            return;
        };
        let Some(started) = pending.poll() else {
            return;
        };
        let Some(pending) = self.pending.take() else {
            return;
        };
        let request = FriendRequest {
            format: pending.seating.format_id.clone(),
            deck: pending.seating.deck.name.clone(),
            ..FriendRequest::default()
        };
        let others = usize::from(pending.seating.rules.format.table.players).saturating_sub(1);
        let title = format!(
            "{}: {} against {}",
            pending.seating.rules.format.name,
            pending.seating.deck.name,
            match (pending.role, others) {
                (LobbyRole::Hosting, 1) => "the player who joined".to_owned(),
                (LobbyRole::Joining, 1) => "the host".to_owned(),
                (_, others) => format!("{others} other players"),
            }
        );
        let model = MatchModel::new(
            MatchSession::new(started),
            self.player_name(),
            Company::People,
            title,
        );
        self.lan = None;
        self.game = Some(Game {
            model,
            ui: MatchUi::default(),
            opponent: Opponent::Person(request),
            seed: None,
            result_seen: false,
        });
        self.screen = Screen::Match;
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
            egui_extras::install_image_loaders(ui.ctx());
            if !self.settings.card_database.trim().is_empty() {
                self.use_card_database();
            }
            self.use_card_images(ui.ctx());
            self.styled = true;
        }
        if let Some(request) = self.options.quick_match.take() {
            let ctx = ui.ctx().clone();
            self.start_match(&ctx, request);
        }
        // Records of Domain matches played with a card database are opened with it.
        self.records
            .card_database
            .clone_from(&self.settings.card_database);
        if let Some(path) = self.options.open_file.take() {
            self.open_path(&path);
        }
        self.open_files(ui.ctx());
        self.poll_network();
        if self.screen == Screen::Home && self.last_screen != Some(Screen::Home) {
            let mut unfinished: Vec<Unfinished> = self
                .data_dir
                .as_deref()
                .map(lobby::unfinished_matches)
                .unwrap_or_default();
            // The match this window is playing is not one to resume: it is still running.
            if let Some(running) = self.game.as_ref().and_then(|g| g.model.match_file()) {
                unfinished.retain(|u| u.path != running);
            }
            self.unfinished = unfinished;
        }
        self.last_screen = Some(self.screen);
        if self.screen == Screen::Match {
            self.match_screen(ui);
            return;
        }
        if self.screen == Screen::Lobby {
            // No navigation while hosting or joining: Cancel is the way out, so a hosted
            // match never goes on unseen.
            egui::CentralPanel::default().show(ui, |ui| self.lobby_screen(ui));
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
                    if let Ok(catalog) = &mut self.catalog {
                        let card_database = &self.settings.card_database;
                        match decks_ui(ui, catalog, &self.library, &mut self.decks, card_database) {
                            Some(DecksEvent::Saved) => self.library.reload(catalog),
                            Some(DecksEvent::UseAgainstFriends(path)) => {
                                self.home.play_database_deck(catalog, &path);
                            }
                            None => {}
                        }
                    }
                }
                Screen::Records => {
                    if let Ok(catalog) = &self.catalog {
                        records_ui(ui, catalog, &mut self.records);
                    }
                }
                Screen::Settings => {
                    let action = settings_ui(ui, &mut self.settings, &self.settings_status);
                    if action.read_database {
                        self.use_card_database();
                    }
                    if action.read_images || action.read_database {
                        let ctx = ui.ctx().clone();
                        self.use_card_images(&ctx);
                    }
                }
                Screen::Result => self.result_screen(ui),
                Screen::Lobby => self.lobby_screen(ui),
                Screen::Match => {}
            },
        });
        if std::mem::take(&mut self.records.browse) {
            self.picker.open(FileKind::Record, ui.ctx());
        }
        if std::mem::take(&mut self.decks.browse) {
            self.picker.open(FileKind::YdkDeck, ui.ctx());
        }
    }

    /// Files dropped on the window or chosen in the file dialog this frame.
    fn open_files(&mut self, ctx: &egui::Context) {
        if self.screen == Screen::Lobby {
            // While hosting or joining, Cancel is the only way off the screen.
            return;
        }
        open_file::drop_hint_ui(ctx);
        let mut paths = open_file::dropped_paths(ctx);
        paths.extend(self.picker.chosen().map(|(_, path)| path));
        for path in paths {
            self.open_path(&path);
        }
    }

    /// Opens a record (audit and replay) or imports a deck, as the file's name says, and
    /// shows the screen it went to; a match in progress is pointed to where it resumes.
    pub fn open_path(&mut self, path: &Path) {
        self.records
            .card_database
            .clone_from(&self.settings.card_database);
        let Ok(catalog) = &self.catalog else {
            return;
        };
        match FileKind::of(path) {
            FileKind::Record => {
                self.records.open(path, catalog);
                self.screen = Screen::Records;
            }
            FileKind::YdkDeck => {
                self.decks.ydk_path = path.display().to_string();
                decks::import_ydk(catalog, &self.library, &mut self.decks);
                self.screen = Screen::Decks;
            }
            FileKind::FairDuelDeck => {
                decks::open_deck_file(catalog, &mut self.decks, path);
                self.screen = Screen::Decks;
            }
            FileKind::MatchInProgress => {
                self.home_error = Some(format!(
                    "{} is a match in progress, not a record. FairDuel lists the unfinished \
                     matches in its data folder on this screen, with a button to resume each.",
                    path.display()
                ));
                self.screen = Screen::Home;
            }
        }
    }

    fn home_screen(&mut self, ui: &mut Ui) {
        let Ok(catalog) = &self.catalog else {
            return;
        };
        if let Some(error) = &self.home_error {
            ui.label(RichText::new(error).color(theme::PENALTY_ON_DARK));
        }
        let friends = FriendPanel {
            connectivity: self.connectivity(),
            lan: self.lan.as_ref(),
            error: self.friend_error.as_deref(),
            unfinished: &self.unfinished,
        };
        let ctx = ui.ctx().clone();
        let card_database = self.settings.card_database.clone();
        match home_ui(ui, catalog, &mut self.home, friends, &card_database) {
            Some(HomeAction::PlayBot(request)) => {
                self.home_error = None;
                self.start_match(&ctx, request);
            }
            Some(HomeAction::BrowseLan(true)) => match (self.runtime(), self.identity()) {
                (Ok(runtime), Ok(identity)) => {
                    self.lan = Some(LanBrowser::start(&runtime, &identity, waker(&ctx)));
                }
                (Err(message), _) | (_, Err(message)) => self.friend_error = Some(message),
            },
            Some(HomeAction::BrowseLan(false)) => self.lan = None,
            Some(action) => self.start_friend_match(&ctx, action),
            None => {}
        }
    }

    fn lobby_screen(&mut self, ui: &mut Ui) {
        let Some(pending) = &self.pending else {
            self.screen = Screen::Home;
            return;
        };
        if let Some(LobbyRequest::Cancel) = lobby_ui(ui, pending) {
            self.pending = None;
            self.screen = Screen::Home;
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
        let (headline, colour, reason) = match view.outcome {
            Some(outcome) => {
                let (headline, colour) = outcome_headline(&game.model, view.seat, &outcome);
                (
                    headline,
                    colour,
                    game.model.with_names(&describe_outcome(&outcome)),
                )
            }
            // Closed without a player who went silent: no winner, and the audit says who
            // abandoned the match.
            None if game.model.end.is_some() => (
                "Match closed".to_owned(),
                theme::TEXT,
                "The match waited for a player who had gone silent and was closed without \
                 them; the record ends where they stopped answering."
                    .to_owned(),
            ),
            None => {
                self.screen = Screen::Match;
                return;
            }
        };
        let mut rematch = false;
        let mut board = false;
        let mut home = false;
        let mut open_record = None;
        ui.vertical_centered(|ui| {
            ui.set_max_width(680.0);
            ui.add_space(32.0);
            ui.label(
                RichText::new("The duel is over")
                    .size(18.0)
                    .color(theme::TEXT_DIM),
            );
            ui.label(RichText::new(headline).size(40.0).strong().color(colour));
            ui.label(RichText::new(reason).size(18.0));
            ui.add_space(10.0);
            let state = view.duel.state();
            let others = state.seats().filter(|s| *s != view.seat);
            for seat in [view.seat].into_iter().chain(others) {
                ui.label(
                    RichText::new(format!(
                        "{}: {} LP",
                        game.model.name(seat),
                        state.player(seat).life_points
                    ))
                    .size(16.0),
                );
            }
            let seed = game
                .seed
                .map_or_else(String::new, |s| format!(" · seed {s}"));
            ui.label(
                RichText::new(format!(
                    "{} · {} turns · {} log entries{seed}",
                    game.model.title, state.turn, view.step
                ))
                .color(theme::TEXT_DIM),
            );
            ui.add_space(16.0);
            egui::Frame::group(ui.style())
                .inner_margin(10)
                .show(ui, |ui| {
                    ui.label(RichText::new("Fair-play audit").strong());
                    match &game.model.end {
                        None if game.model.failed => {
                            ui.label("The match stopped before it could be audited.");
                        }
                        None => {
                            ui.horizontal(|ui| {
                                ui.spinner();
                                ui.label("Both sides are revealing their secrets; auditing…");
                            });
                        }
                        Some(end) => {
                            let summary = if end.audit.all_verified() {
                                RichText::new(
                                    "Every seat verified: the whole log was replayed with all \
                                     secrets revealed, and every signature, draw, reveal and \
                                     rule checked out.",
                                )
                                .color(theme::BONUS_ON_DARK)
                            } else {
                                RichText::new("The audit found a problem:")
                                    .color(theme::PENALTY_ON_DARK)
                            };
                            ui.label(summary);
                            for (index, verdict) in end.audit.verdicts.iter().enumerate() {
                                let seat = Seat(index as u8);
                                let you = if seat == end.my_seat { " (you)" } else { "" };
                                let colour = if verdict.is_verified() {
                                    theme::BONUS_ON_DARK
                                } else {
                                    theme::PENALTY_ON_DARK
                                };
                                ui.label(
                                    RichText::new(format!(
                                        "{}{you}: {}",
                                        game.model.name(seat),
                                        verdict_text(verdict)
                                    ))
                                    .color(colour),
                                );
                            }
                            match &end.record {
                                Ok(path) => {
                                    ui.label(
                                        RichText::new(format!(
                                            "Match record saved: {}",
                                            path.display()
                                        ))
                                        .small()
                                        .color(theme::TEXT_DIM),
                                    );
                                    if ui.button("Open the record").clicked() {
                                        open_record = Some(path.clone());
                                    }
                                }
                                Err(reason) => {
                                    ui.label(
                                        RichText::new(format!(
                                            "The record was not saved: {reason}"
                                        ))
                                        .small()
                                        .color(theme::TEXT_DIM),
                                    );
                                }
                            }
                        }
                    }
                });
            ui.add_space(16.0);
            if matches!(game.opponent, Opponent::Bot(_)) {
                rematch = ui.button(RichText::new("Rematch").size(16.0)).clicked();
            }
            board = ui.button("Show the final board").clicked();
            home = ui.button("Back to home").clicked();
        });
        if let Some(path) = open_record {
            if let Ok(catalog) = &self.catalog {
                self.records.open(&path, catalog);
                self.records.refresh();
            }
            self.screen = Screen::Records;
        } else if rematch {
            if let Opponent::Bot(request) = game.opponent.clone() {
                let ctx = ui.ctx().clone();
                self.start_match(&ctx, request);
            }
        } else if board {
            self.screen = Screen::Match;
        } else if home {
            self.screen = Screen::Home;
        }
    }
}

/// Asks egui for a repaint whenever a session or network task has news.
fn waker(ctx: &egui::Context) -> Waker {
    let repaint = ctx.clone();
    Arc::new(move || repaint.request_repaint())
}

/// The result screen's headline for a finished duel, from `me`'s side.
fn outcome_headline(
    model: &MatchModel,
    me: Seat,
    outcome: &fairduel_engine::state::Outcome,
) -> (String, egui::Color32) {
    if outcome.is_draw() {
        ("A draw".to_owned(), theme::TEXT)
    } else if outcome.won(me) && outcome.reason == WinReason::Agreement {
        (
            "You win, together with the others still in".to_owned(),
            theme::BONUS_ON_DARK,
        )
    } else if outcome.won(me) && outcome.winners.len() > 1 {
        ("Your team wins!".to_owned(), theme::BONUS_ON_DARK)
    } else if outcome.won(me) {
        ("You win!".to_owned(), theme::BONUS_ON_DARK)
    } else {
        let names: Vec<&str> = outcome
            .winners
            .iter()
            .map(|seat| model.name(seat))
            .collect();
        let verb = if names.len() > 1 { "win" } else { "wins" };
        (
            format!("{} {verb}", names.join(" and ")),
            theme::PENALTY_ON_DARK,
        )
    }
}

/// The player's key file, shared with the terminal commands (on Linux
/// `~/.config/fairduel/identity.key`).
pub fn default_key_file() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("fairduel").join("identity.key"))
}

/// FairDuel's folder in the user's data directory (on Linux `~/.local/share/fairduel`).
pub fn default_data_dir() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("fairduel"))
}

impl eframe::App for FairDuelApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.show(ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, SETTINGS_KEY, &self.settings);
    }
}
