//! FairDuel's desktop client (eframe/egui).
//!
//! Screens: home (a bot match, hosting, joining by ticket, matches on this network), the
//! lobby (the host's ticket with a QR code), decks (the card pool, deck contents and
//! legality, building and saving decks, YDK import and export), match records (audit
//! verdicts and a step-by-step replay), settings, the match board with its fairness panel,
//! and the result with the audit verdict.
//! The app talks to a match only through [`session`] (crates/net's session driver on the
//! app's own runtime): commands in, per-seat views out. A bot match runs through the same
//! protocol as a network match.

pub mod app;
pub mod board;
mod card_database_match;
pub mod catalog;
mod deck_exchange;
pub mod decks;
pub mod deckstore;
pub mod domain_decks;
pub mod domain_decks_view;
pub mod field_board;
pub mod game;
pub mod home;
pub mod icon;
pub mod images;
pub mod lobby;
pub mod open_file;
pub mod proposal;
pub mod records;
pub mod rule_zone_menu;
pub mod session;
pub mod settings;
pub mod starting_swap;
pub mod theme;
pub mod widgets;
pub mod ydk;

pub use app::{FairDuelApp, LaunchOptions, Settings};

/// The window size the board is laid out for: the whole 9x9 board and the hand fit.
pub const DEFAULT_WINDOW: [f32; 2] = [1280.0, 800.0];

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(
        "could not open the FairDuel window ({0}). The app needs a desktop session with \
         OpenGL (on Linux: X11 or Wayland with Mesa's drivers); the terminal commands work \
         without one, see `fairduel --help`"
    )]
    Window(String),
}

/// Opens the desktop window and runs until it is closed.
pub fn run(options: LaunchOptions) -> Result<(), RunError> {
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("FairDuel")
            .with_app_id("fairduel")
            .with_inner_size(DEFAULT_WINDOW)
            .with_min_inner_size([960.0, 640.0])
            .with_icon(std::sync::Arc::new(icon::icon_data(128))),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "FairDuel",
        native,
        Box::new(move |cc| Ok(Box::new(FairDuelApp::from_creation_context(cc, options)))),
    )
    .map_err(|e| RunError::Window(e.to_string().trim_end_matches('.').to_owned()))
}

#[cfg(test)]
mod app_tests;
#[cfg(test)]
mod domain_decks_tests;
#[cfg(test)]
mod domain_tests;
#[cfg(test)]
mod field_tests;
#[cfg(test)]
mod network_tests;
#[cfg(test)]
mod open_file_tests;
#[cfg(test)]
mod screens_tests;
