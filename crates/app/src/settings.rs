//! What the player can change, kept between runs, and the settings screen.

use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};

use crate::lobby::Connectivity;
use crate::theme;

/// What the player can change, kept between runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub player_name: String,
    /// How long the bot pauses before each move, in milliseconds.
    pub bot_delay_ms: u64,
    /// How matches against people are reached.
    pub connectivity: Connectivity,
    /// A folder of card pictures named by card number or passcode; empty: cards are drawn
    /// by the app.
    pub card_images: String,
    /// A simulator's card database (its `cards.cdb`, or the folder holding it): gives the
    /// cards their passcodes by name for YDK files and `pics` folders. Empty: none.
    pub card_database: String,
    /// Minutes a player a match against people waits for may stay silent before this
    /// player may close the match without them; 0: only after a long silence (10 minutes).
    pub decision_clock_minutes: u32,
}

/// The decision clocks offered: none (the long-silence claim only), 2 and 5 minutes.
pub const DECISION_CLOCKS: [(u32, &str); 3] = [
    (0, "Off: after 10 minutes of silence"),
    (2, "2 minutes"),
    (5, "5 minutes"),
];

impl Settings {
    /// The driver's decision clock from the setting.
    pub fn decision_clock(&self) -> Option<std::time::Duration> {
        (self.decision_clock_minutes > 0)
            .then(|| std::time::Duration::from_secs(u64::from(self.decision_clock_minutes) * 60))
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            player_name: "Player".to_owned(),
            bot_delay_ms: 400,
            connectivity: Connectivity::Online,
            card_images: String::new(),
            card_database: String::new(),
            decision_clock_minutes: 0,
        }
    }
}

/// What the settings screen asks the app to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SettingsAction {
    /// Read the card picture folder again.
    pub read_images: bool,
    /// Read the card database again (and the pictures after it, which it may name).
    pub read_database: bool,
}

/// What reading the card picture folder and the card database gave, for the screen.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsStatus {
    /// How many pictures, or why none.
    pub images: Option<Result<usize, String>>,
    /// What the database gave ("412 cards mapped by name"), or why nothing.
    pub database: Option<Result<String, String>>,
}

/// The settings screen.
pub fn settings_ui(
    ui: &mut Ui,
    settings: &mut Settings,
    status: &SettingsStatus,
) -> SettingsAction {
    let mut action = SettingsAction::default();
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
    ui.add_space(8.0);
    ui.label(RichText::new("Network").strong());
    for choice in [
        Connectivity::Online,
        Connectivity::OnlineWithoutRelay,
        Connectivity::Offline,
    ] {
        ui.radio_value(&mut settings.connectivity, choice, choice.label())
            .on_hover_text(choice.explanation());
    }
    ui.label(RichText::new(settings.connectivity.explanation()).color(theme::TEXT_DIM));
    ui.add_space(8.0);
    ui.label(RichText::new("Decision clock").strong());
    ui.label(
        RichText::new(
            "When the player a match waits for stops answering, you may close the match after \
             this long: the record is saved as it stands and says they abandoned it. A format \
             may set its own clock, the same for everyone at the table; then that one counts.",
        )
        .color(theme::TEXT_DIM),
    );
    ui.horizontal(|ui| {
        for (minutes, label) in DECISION_CLOCKS {
            ui.radio_value(&mut settings.decision_clock_minutes, minutes, label);
        }
    });
    ui.add_space(8.0);
    ui.label(RichText::new("Card database").strong());
    ui.label(
        RichText::new(
            "If you play on EDOPro or YGOPro, point FairDuel at its card database (cards.cdb, \
             or the folder holding it): cards get their passcodes by name, so YDK decks import \
             whole and a pics folder shows real pictures; Domain Format plays its cards, and \
             Decks builds Domain decks of them. FairDuel only reads it.",
        )
        .color(theme::TEXT_DIM),
    );
    ui.horizontal(|ui| {
        let label = ui.label("Database");
        ui.add(
            egui::TextEdit::singleline(&mut settings.card_database)
                .hint_text("empty: the passcodes FairDuel ships")
                .desired_width(360.0),
        )
        .labelled_by(label.id);
        action.read_database = ui.button("Use this database").clicked();
    });
    status_line(ui, status.database.as_ref());
    ui.add_space(8.0);
    ui.label(RichText::new("Card pictures").strong());
    ui.label(
        RichText::new(
            "FairDuel draws every card itself. If you have pictures, point it at a folder of \
             files named by card number (7.png, 012.jpg) or by passcode (a simulator's pics \
             folder) and they appear on the cards.",
        )
        .color(theme::TEXT_DIM),
    );
    ui.horizontal(|ui| {
        let label = ui.label("Folder");
        ui.add(
            egui::TextEdit::singleline(&mut settings.card_images)
                .hint_text("empty: drawn cards only")
                .desired_width(360.0),
        )
        .labelled_by(label.id);
        action.read_images = ui.button("Use this folder").clicked();
    });
    match &status.images {
        Some(Ok(0)) => {
            ui.label(
                RichText::new("No pictures named by card number or known passcode in that folder.")
                    .color(theme::PENALTY_ON_DARK),
            );
        }
        Some(Ok(count)) => {
            ui.label(format!("{count} card pictures in use."));
        }
        Some(Err(message)) => {
            ui.label(RichText::new(message).color(theme::PENALTY_ON_DARK));
        }
        None => {}
    }
    ui.label(RichText::new("Settings are saved when FairDuel closes.").color(theme::TEXT_DIM));
    action
}

fn status_line(ui: &mut Ui, status: Option<&Result<String, String>>) {
    match status {
        Some(Ok(words)) => {
            ui.label(words);
        }
        Some(Err(words)) => {
            ui.label(RichText::new(words).color(theme::PENALTY_ON_DARK));
        }
        None => {}
    }
}
