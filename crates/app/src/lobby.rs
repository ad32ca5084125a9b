//! Finding the other player: hosting (a ticket to hand over, as text or a QR code), joining
//! by a pasted ticket, and the matches announced on this network.
//!
//! Each runs as a task on the app's [`NetRuntime`] and reports through a channel that the UI
//! reads once per frame, so no frame ever waits on the network. Dropping a
//! [`PendingMatch`] or a [`LanBrowser`] stops its task.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use egui::{Color32, RichText, Sense, Ui, vec2};
use fairduel_engine::{DeckList, Rules};
use fairduel_net::driver::DriverConfig;
use fairduel_net::play::{
    MatchSettings, StartedMatch, gather_table, match_hello, reconnect_saved, resume_saved,
    start_hosted, start_joined, table_options,
};
use fairduel_net::store::{Durability, MatchStore, SavedMatch};
use fairduel_net::{
    AcceptError, EndpointOptions, Hello, Host, HostTicket, LanAdvert, LanMatch, NetworkMode,
    PlayerEndpoint, Role, join,
};
use fairduel_protocol::Identity;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::session::{NetRuntime, Waker};
use crate::theme;

/// How this app reaches other players (a setting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Connectivity {
    /// Direct connections, and the public relays when a direct path cannot be opened.
    #[default]
    Online,
    /// Direct connections over the internet, never through a relay.
    OnlineWithoutRelay,
    /// This network only: nothing is sent beyond it (LAN parties, no uplink).
    Offline,
    /// This computer only, for trying two windows side by side and for tests.
    Loopback,
}

impl Connectivity {
    pub fn endpoint_options(self) -> EndpointOptions {
        match self {
            Connectivity::Online => EndpointOptions::online(),
            Connectivity::OnlineWithoutRelay => EndpointOptions {
                mode: NetworkMode::OnlineWithoutRelay,
                ..EndpointOptions::online()
            },
            Connectivity::Offline => EndpointOptions::offline(),
            Connectivity::Loopback => EndpointOptions::loopback(),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Connectivity::Online => "Online, relays on",
            Connectivity::OnlineWithoutRelay => "Online, relays off",
            Connectivity::Offline => "Offline (this network only)",
            Connectivity::Loopback => "This computer only",
        }
    }

    pub fn explanation(self) -> &'static str {
        match self {
            Connectivity::Online => {
                "Friends anywhere. When no direct path opens, traffic goes through a public \
                 relay; it is end-to-end encrypted and signed, so the relay cannot read or change it."
            }
            Connectivity::OnlineWithoutRelay => {
                "Friends anywhere, but only when one of you can be reached directly (a public \
                 address or a forwarded port). No relay ever carries the match."
            }
            Connectivity::Offline => {
                "Players on this network only, found by LAN discovery or a ticket; nothing \
                 leaves the network."
            }
            Connectivity::Loopback => "Two FairDuel windows on this computer.",
        }
    }
}

/// What a player brings to a network match.
#[derive(Clone)]
pub struct Seating {
    pub rules: Arc<Rules>,
    /// The format preset's id (written into the match set-up and the match file).
    pub format_id: String,
    pub deck: DeckList,
    pub identity: Identity,
    /// Announced on the LAN when hosting.
    pub player_name: String,
    /// Match files, records and desync reports go under it; `None` saves nothing.
    pub data_dir: Option<PathBuf>,
    pub connectivity: Connectivity,
    /// A bot plays this seat from the start (`fairduel app --autopilot`), optionally handing
    /// it back when a turn begins.
    pub autopilot: bool,
    pub autopilot_until_turn: Option<u16>,
    /// How long the seat the log waits for may stay silent before this player may close
    /// the match (the setting).
    pub decision_clock: Option<std::time::Duration>,
    pub waker: Waker,
}

impl std::fmt::Debug for Seating {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Seating")
            .field("format_id", &self.format_id)
            .field("deck", &self.deck.name)
            .field("connectivity", &self.connectivity)
            .finish_non_exhaustive()
    }
}

impl Seating {
    fn hello(&self) -> Hello {
        match_hello(&self.rules).with_name(self.player_name.clone())
    }

    fn settings(&self) -> MatchSettings {
        let under = |sub: &str| self.data_dir.as_ref().map(|d| d.join(sub));
        MatchSettings {
            rules: Arc::clone(&self.rules),
            format_name: self.format_id.clone(),
            deck: self.deck.clone(),
            identity: self.identity.clone(),
            player_name: self.player_name.clone(),
            matches_dir: under("matches"),
            durability: Durability::Sync,
            driver: DriverConfig {
                records_dir: under("records"),
                reports_dir: under("reports"),
                autopilot: self.autopilot,
                autopilot_until_turn: self.autopilot_until_turn,
                decision_clock: self.decision_clock,
                ..DriverConfig::default()
            },
            waker: Some(Arc::clone(&self.waker)),
        }
    }

    async fn bind(&self) -> Result<PlayerEndpoint, String> {
        PlayerEndpoint::bind(
            self.identity.secret_bytes(),
            self.connectivity.endpoint_options(),
        )
        .await
        .map_err(|e| e.to_string())
    }
}

/// Which side of the match this player is setting up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyRole {
    Hosting,
    Joining,
}

#[derive(Debug)]
enum LobbyEvent {
    Ticket(HostTicket),
    Status(String),
    /// (seated, of): how full the table is.
    Seated(usize, usize),
    Started(Box<StartedMatch>),
    Failed(String),
}

/// A host waiting for its opponent, or a joiner connecting. Dropping it cancels.
#[derive(Debug)]
pub struct PendingMatch {
    pub role: LobbyRole,
    /// "Kairu's DOTR with Forest Pack".
    pub title: String,
    /// The host's ticket, once its address is known.
    pub ticket: Option<HostTicket>,
    /// What is happening now, in words.
    pub status: String,
    /// How full the table is, (seated, of), once the host has said.
    pub seated: Option<(usize, usize)>,
    /// Why it stopped; the task has ended.
    pub error: Option<String>,
    pub seating: Seating,
    events: mpsc::UnboundedReceiver<LobbyEvent>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for PendingMatch {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl PendingMatch {
    /// Reads what the task reported; the match once it has started.
    pub fn poll(&mut self) -> Option<StartedMatch> {
        while let Ok(event) = self.events.try_recv() {
            match event {
                LobbyEvent::Ticket(ticket) => self.ticket = Some(ticket),
                LobbyEvent::Status(status) => self.status = status,
                LobbyEvent::Seated(seated, of) => self.seated = Some((seated, of)),
                LobbyEvent::Failed(error) => self.error = Some(error),
                LobbyEvent::Started(started) => return Some(*started),
            }
        }
        None
    }
}

/// Reports from a task to its [`PendingMatch`], waking the UI each time.
#[derive(Clone)]
struct Reporter {
    events: mpsc::UnboundedSender<LobbyEvent>,
    waker: Waker,
}

impl Reporter {
    fn send(&self, event: LobbyEvent) {
        // A closed channel means the player cancelled; the task is being aborted.
        let _ = self.events.send(event);
        (self.waker)();
    }

    fn status(&self, text: &str) {
        self.send(LobbyEvent::Status(text.to_owned()));
    }
}

fn pending(
    runtime: &NetRuntime,
    role: LobbyRole,
    seating: Seating,
    task: impl FnOnce(
        Reporter,
    )
        -> std::pin::Pin<Box<dyn Future<Output = Result<StartedMatch, String>> + Send>>,
) -> PendingMatch {
    let (events, receiver) = mpsc::unbounded_channel();
    let reporter = Reporter {
        events,
        waker: Arc::clone(&seating.waker),
    };
    let work = task(reporter.clone());
    let task = runtime.handle().spawn(async move {
        match work.await {
            Ok(started) => reporter.send(LobbyEvent::Started(Box::new(started))),
            Err(error) => reporter.send(LobbyEvent::Failed(shorten(&error))),
        }
    });
    PendingMatch {
        role,
        title: format!("{} with {}", seating.rules.format.name, seating.deck.name),
        ticket: None,
        status: "Starting the network…".to_owned(),
        seated: None,
        error: None,
        seating,
        events: receiver,
        task,
    }
}

/// Starts hosting: binds this player's endpoint, makes a ticket (and, when offline on this
/// network, announces the match on the LAN), and waits until every other seat of the
/// format's table is taken.
pub fn host(runtime: &NetRuntime, seating: Seating) -> PendingMatch {
    let job = seating.clone();
    pending(runtime, LobbyRole::Hosting, seating, move |report| {
        Box::pin(async move {
            let endpoint = job.bind().await?;
            // The advert carries the invite, so it goes out only when the match is meant for
            // this network: hosting for a friend elsewhere must not offer the seat to anyone
            // on the café's Wi-Fi.
            let on_this_network = job.connectivity == Connectivity::Offline;
            let lan_advert = (on_this_network && endpoint.has_lan_discovery()).then(|| LanAdvert {
                host_name: job.player_name.clone(),
                format_name: job.rules.format.name.clone(),
                format_hash: job.rules.format.hash().0,
            });
            report.status("Finding this computer's addresses…");
            let options = table_options(&job.rules, lan_advert);
            let wanted = usize::from(options.players_wanted);
            let (ticket, host) = Host::bind(&endpoint, job.hello(), options)
                .await
                .map_err(|e| e.to_string())?;
            report.send(LobbyEvent::Ticket(ticket));
            report.send(LobbyEvent::Seated(1, wanted + 1));
            report.status(&waiting_words(1, wanted + 1));
            let host = Arc::new(host);
            let progress = report.clone();
            let joiners = gather_table(&host, wanted, move |seated, of| {
                progress.send(LobbyEvent::Seated(seated, of));
                progress.status(&waiting_words(seated, of));
            })
            .await
            .map_err(|error| match error {
                AcceptError::EndpointClosed => {
                    "the network endpoint closed while waiting; host the match again".to_owned()
                }
                other => other.to_string(),
            })?;
            report.status("Everyone is here; setting the match up…");
            start_hosted(job.settings(), host, joiners)
                .await
                .map_err(|e| e.to_string())
        })
    })
}

/// "Waiting for 2 more players…" while a table of `of` has `seated`.
fn waiting_words(seated: usize, of: usize) -> String {
    match of.saturating_sub(seated) {
        0 => "Everyone is here; setting the match up…".to_owned(),
        1 if of == 2 => "Waiting for the other player to join…".to_owned(),
        1 => format!("{seated} of {of} seated: waiting for one more player…"),
        more => format!("{seated} of {of} seated: waiting for {more} more players…"),
    }
}

/// Joins the host behind `ticket`. `endpoint` is reused when the app already has one (the
/// LAN browser's), so one player never shows up as two endpoints.
pub fn join_by_ticket(
    runtime: &NetRuntime,
    seating: Seating,
    ticket: HostTicket,
    endpoint: Option<PlayerEndpoint>,
) -> PendingMatch {
    let job = seating.clone();
    let mut pending = pending(runtime, LobbyRole::Joining, seating, move |report| {
        Box::pin(async move {
            let endpoint = match endpoint {
                Some(endpoint) => endpoint,
                None => job.bind().await?,
            };
            report.status("Connecting to the host…");
            let connection = join(&endpoint, &ticket, job.hello())
                .await
                .map_err(|e| e.to_string())?;
            report.status("Connected; waiting for the table to fill…");
            let progress = report.clone();
            start_joined(job.settings(), endpoint, connection, move |seated, of| {
                progress.send(LobbyEvent::Seated(seated, of));
                progress.status(&if seated < of {
                    format!("{seated} of {of} seated: waiting for the others…")
                } else {
                    "Everyone is here; the host is setting the match up…".to_owned()
                });
            })
            .await
            .map_err(|e| e.to_string())
        })
    });
    pending.status = "Connecting to the host…".to_owned();
    pending
}

/// At most a few lines of a message that may quote the other side (a program version, a
/// refusal), so nothing it sends can flood the screen.
fn shorten(text: &str) -> String {
    const LIMIT: usize = 240;
    let clean: String = text.chars().filter(|c| !c.is_control()).collect();
    if clean.chars().count() <= LIMIT {
        clean
    } else {
        format!("{}…", clean.chars().take(LIMIT).collect::<String>())
    }
}

/// Parses a pasted ticket, saying what is wrong with it in words.
pub fn parse_ticket(text: &str) -> Result<HostTicket, String> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err("Paste the ticket the host gave you first.".to_owned());
    }
    trimmed
        .parse()
        .map_err(|e| format!("That is not a FairDuel ticket: {e}. Ask the host to copy it again."))
}

#[derive(Debug)]
enum LanEvent {
    Ready(PlayerEndpoint),
    Matches(Vec<LanMatch>),
    Failed(String),
}

/// The open matches announced on this network, kept up to date while it lives.
#[derive(Debug)]
pub struct LanBrowser {
    /// The endpoint that listens (joining a match found here reuses it).
    pub endpoint: Option<PlayerEndpoint>,
    pub matches: Vec<LanMatch>,
    pub error: Option<String>,
    events: mpsc::UnboundedReceiver<LanEvent>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for LanBrowser {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl LanBrowser {
    /// Starts listening for LAN announcements with this player's key.
    pub fn start(runtime: &NetRuntime, identity: &Identity, waker: Waker) -> LanBrowser {
        let (events, receiver) = mpsc::unbounded_channel();
        let key = identity.secret_bytes();
        let task = runtime.handle().spawn(async move {
            let send = |event| {
                let _ = events.send(event);
                waker();
            };
            let endpoint = match PlayerEndpoint::bind(key, EndpointOptions::offline()).await {
                Ok(endpoint) => endpoint,
                Err(error) => return send(LanEvent::Failed(error.to_string())),
            };
            let mut watch = match endpoint.watch_lan_matches() {
                Ok(watch) => watch,
                Err(error) => return send(LanEvent::Failed(error.to_string())),
            };
            send(LanEvent::Ready(endpoint));
            loop {
                let list = watch.borrow_and_update().clone();
                send(LanEvent::Matches(list));
                if watch.changed().await.is_err() {
                    break;
                }
            }
        });
        LanBrowser {
            endpoint: None,
            matches: Vec::new(),
            error: None,
            events: receiver,
            task,
        }
    }

    pub fn poll(&mut self) {
        while let Ok(event) = self.events.try_recv() {
            match event {
                LanEvent::Ready(endpoint) => self.endpoint = Some(endpoint),
                LanEvent::Matches(matches) => self.matches = matches,
                LanEvent::Failed(error) => {
                    self.error = Some(format!("Cannot look for games nearby: {error}"))
                }
            }
        }
    }
}

/// What the player asked for on the lobby screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LobbyRequest {
    Cancel,
}

/// The screen while hosting or joining: the ticket (text, copy button, QR code), what is
/// happening, and a way back.
pub fn lobby_ui(ui: &mut Ui, pending: &PendingMatch) -> Option<LobbyRequest> {
    let mut request = None;
    ui.vertical_centered(|ui| {
        ui.set_max_width(720.0);
        ui.add_space(16.0);
        let heading = match pending.role {
            LobbyRole::Hosting => "Hosting a match",
            LobbyRole::Joining => "Joining a match",
        };
        ui.heading(heading);
        ui.label(RichText::new(&pending.title).color(theme::TEXT_DIM));
        ui.label(
            RichText::new(format!(
                "Network: {} · your key {}",
                pending.seating.connectivity.label(),
                pending.seating.identity.public().fingerprint()
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
        ui.add_space(12.0);
        if let Some(ticket) = &pending.ticket {
            let text = ticket.to_string();
            let others = usize::from(pending.seating.rules.format.table.players).saturating_sub(1);
            ui.label(if others > 1 {
                format!(
                    "Give this ticket to the {others} other players. It admits {others} players, \
                     each once."
                )
            } else {
                "Give this ticket to the other player. It admits one player, once.".to_owned()
            });
            if pending.seating.connectivity == Connectivity::Offline {
                ui.label(
                    RichText::new(
                        "Offline: players on this network also see the match in their list \
                         and can take the seat.",
                    )
                    .color(theme::TEXT_DIM),
                );
            }
            ui.add_space(4.0);
            ui.add(
                egui::Label::new(RichText::new(&text).monospace().size(12.0))
                    .wrap()
                    .selectable(true),
            );
            ui.add_space(4.0);
            if ui.button("Copy ticket").clicked() {
                ui.ctx().copy_text(text.clone());
            }
            ui.add_space(8.0);
            qr_code_ui(ui, &text, 240.0).on_hover_text("The same ticket as a QR code");
        }
        ui.add_space(12.0);
        if let Some(error) = &pending.error {
            ui.label(RichText::new(error).color(theme::PENALTY_ON_DARK));
            ui.add_space(8.0);
            if ui.button("Back").clicked() {
                request = Some(LobbyRequest::Cancel);
            }
        } else {
            if let Some((seated, of)) = pending.seated {
                seats_ui(ui, seated, of);
            }
            ui.spinner();
            ui.label(&pending.status);
            ui.add_space(8.0);
            if ui.button("Cancel").clicked() {
                request = Some(LobbyRequest::Cancel);
            }
        }
    });
    request
}

/// One chair per seat at the table, filled as players arrive: "3 of 4 seated".
fn seats_ui(ui: &mut Ui, seated: usize, of: usize) {
    ui.horizontal(|ui| {
        let size = 18.0;
        let width = of as f32 * (size + 6.0);
        ui.add_space(((ui.available_width() - width) / 2.0).max(0.0));
        for seat in 0..of {
            let (rect, _) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
            let colour = if seat < seated {
                theme::MINE
            } else {
                Color32::from_gray(70)
            };
            ui.painter()
                .circle_filled(rect.center(), size / 2.0, colour);
        }
    });
    ui.label(RichText::new(format!("{seated} of {of} seated")).strong());
}

/// The modules of one QR code: `width` per row, `true` for dark; or why there is none.
/// Shared, so reading it from the cache each frame copies nothing.
type QrModules = Arc<Result<(usize, Vec<bool>), String>>;

/// Encodes tickets into QR modules, cached per text by egui so a lobby that stays open does
/// not re-encode its ticket every frame.
#[derive(Default)]
struct QrEncoder;

impl egui::cache::ComputerMut<&str, QrModules> for QrEncoder {
    fn compute(&mut self, text: &str) -> QrModules {
        Arc::new(
            qrcode::QrCode::new(text.as_bytes())
                .map(|code| {
                    let dark = code
                        .to_colors()
                        .iter()
                        .map(|color| *color == qrcode::Color::Dark)
                        .collect();
                    (code.width(), dark)
                })
                .map_err(|error| error.to_string()),
        )
    }
}

/// `text` as a QR code, `size` points wide, dark modules on a light quiet zone so phone
/// cameras read it on a dark theme too. Text too long for a QR code shows a note instead.
pub fn qr_code_ui(ui: &mut Ui, text: &str, size: f32) -> egui::Response {
    let encoded = ui.ctx().memory_mut(|memory| {
        memory
            .caches
            .cache::<egui::cache::FrameCache<QrModules, QrEncoder>>()
            .get(text)
            .clone()
    });
    let (modules, dark) = match encoded.as_ref() {
        Ok((modules, dark)) => (*modules, dark),
        Err(error) => {
            return ui
                .label(RichText::new(format!("(no QR code: {error})")).color(theme::TEXT_DIM));
        }
    };
    // Four modules of quiet zone on every side, as the standard asks.
    let span = modules + 8;
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4, Color32::WHITE);
    let module = size / span as f32;
    for (index, _) in dark.iter().enumerate().filter(|(_, dark)| **dark) {
        let x = (index % modules + 4) as f32 * module;
        let y = (index / modules + 4) as f32 * module;
        let cell =
            egui::Rect::from_min_size(rect.min + vec2(x, y), vec2(module.ceil(), module.ceil()));
        painter.rect_filled(cell, 0, Color32::BLACK);
    }
    response
}

/// A saved network match that has not finished: the app crashed or was closed mid-match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unfinished {
    pub path: PathBuf,
    pub match_id: [u8; 32],
    /// The format preset's id.
    pub format_id: String,
    pub role: Role,
    pub entries: usize,
}

/// The match files under `data_dir/matches` that have no finished record under
/// `data_dir/records`, newest first. Files that cannot be read are left out here (resuming
/// one from the terminal names what is wrong with it).
pub fn unfinished_matches(data_dir: &Path) -> Vec<Unfinished> {
    let finished: Vec<String> = std::fs::read_dir(data_dir.join("records"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let mut found: Vec<(std::time::SystemTime, Unfinished)> =
        std::fs::read_dir(data_dir.join("matches"))
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".fdmatch"))
            // A match file is named by its match id, a record by the id's first 16 hex
            // digits: a finished match is recognised without reading its file.
            .filter(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                let prefix = format!("match-{}", name.get(..16).unwrap_or(&name));
                !finished.iter().any(|record| record.starts_with(&prefix))
            })
            .filter_map(|e| {
                let modified = e.metadata().ok()?.modified().ok()?;
                let saved = MatchStore::read(&e.path()).ok()?;
                Some((
                    modified,
                    Unfinished {
                        path: e.path(),
                        match_id: saved.meta.match_id,
                        format_id: saved.meta.format_name,
                        role: saved.meta.role,
                        entries: saved.entries.len(),
                    },
                ))
            })
            .collect();
    found.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    found.into_iter().map(|(_, u)| u).collect()
}

/// Continues a saved match: rebuilds this seat from the file, then gets the link back the
/// way the file says (the host listens again on its old port, the joiner dials the host).
/// `seating` carries the saved deck and format; its connectivity decides how to listen.
pub fn resume(
    runtime: &NetRuntime,
    seating: Seating,
    saved: &SavedMatch,
    path: PathBuf,
) -> PendingMatch {
    let job = seating.clone();
    let meta = saved.meta.clone();
    let mut pending = pending(
        runtime,
        LobbyRole::from(meta.role),
        seating,
        move |report| {
            Box::pin(async move {
                report.status("Getting the connection back…");
                let reconnect = reconnect_saved(
                    &meta,
                    &job.identity,
                    job.connectivity.endpoint_options(),
                    &job.rules,
                    &job.player_name,
                )
                .await?;
                let (started, _) =
                    resume_saved(job.settings(), &path, reconnect).map_err(|e| e.to_string())?;
                Ok(started)
            })
        },
    );
    pending.status = "Opening the saved match…".to_owned();
    pending
}

impl From<Role> for LobbyRole {
    fn from(role: Role) -> LobbyRole {
        match role {
            Role::Host => LobbyRole::Hosting,
            Role::Joiner => LobbyRole::Joining,
        }
    }
}

#[cfg(test)]
mod tests {
    use egui::cache::ComputerMut;
    use egui_kittest::Harness;

    use super::*;

    #[test]
    fn a_ticket_becomes_a_square_code_and_an_oversized_text_says_why_not() {
        let ticket = format!("fairduel1{}", "a".repeat(300));
        let encoded = QrEncoder.compute(ticket.as_str());
        let (width, dark) = encoded.as_ref().as_ref().expect("a ticket fits");
        let width = *width;
        assert_eq!(dark.len(), width * width);
        // Finder patterns make the top-left module dark in every QR code.
        assert!(dark[0]);

        let too_long = "x".repeat(8_000);
        let encoded = QrEncoder.compute(too_long.as_str());
        let error = encoded
            .as_ref()
            .as_ref()
            .expect_err("8,000 bytes do not fit a QR code");
        assert!(!error.is_empty());
    }

    #[test]
    fn the_code_is_drawn_at_the_asked_size_across_frames() {
        let mut harness = Harness::new_ui(|ui| {
            let response = qr_code_ui(ui, "fairduel1example", 200.0);
            assert_eq!(response.rect.size(), vec2(200.0, 200.0));
        });
        harness.run_steps(3);
    }
}
