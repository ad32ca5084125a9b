//! The home screen: start a match against the bot, and the online ways to play, which are
//! labelled as not available until the network layer lands.

use egui::{RichText, Ui};

use crate::catalog::{Catalog, DeckFile};
use crate::theme;

/// What the player picked for the next bot match.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HomeState {
    pub format: String,
    pub deck: String,
    pub bot_deck: String,
}

/// A bot match to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRequest {
    pub format: String,
    pub deck: String,
    pub bot_deck: String,
}

impl HomeState {
    /// Fills in defaults that exist in the catalogue (Kairu's DOTR if present, the first two
    /// decks legal in it) and repairs choices that no longer fit.
    pub fn settle(&mut self, catalog: &Catalog) {
        if catalog.format(&self.format).is_none() {
            self.format = catalog
                .format("kairu-dotr")
                .or(catalog.formats.first())
                .map(|f| f.id.clone())
                .unwrap_or_default();
        }
        let Some(format) = catalog.format(&self.format) else {
            return;
        };
        let legal: Vec<String> = catalog
            .legal_decks(&format.rules)
            .into_iter()
            .map(|(d, _)| d.id.clone())
            .collect();
        if !legal.contains(&self.deck) {
            self.deck = legal.first().cloned().unwrap_or_default();
        }
        if !legal.contains(&self.bot_deck) {
            self.bot_deck = legal
                .iter()
                .find(|d| **d != self.deck)
                .or(legal.first())
                .cloned()
                .unwrap_or_default();
        }
    }
}

/// A deck's name as the pickers show it: the player's saved decks are marked.
fn deck_label(deck: &DeckFile) -> String {
    if deck.saved {
        format!("{} (saved)", deck.name)
    } else {
        deck.name.clone()
    }
}

pub fn home_ui(ui: &mut Ui, catalog: &Catalog, state: &mut HomeState) -> Option<MatchRequest> {
    state.settle(catalog);
    let mut start = None;
    ui.heading("FairDuel");
    ui.label(
        "Duelists of the Roses formats with every rule enforced. Play the bot here; play \
         friends peer to peer once networking lands.",
    );
    ui.add_space(12.0);
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Play against the bot").strong().size(18.0));
            ui.add_space(4.0);
            let format_name = catalog
                .format(&state.format)
                .map_or("—", |f| f.name())
                .to_owned();
            egui::ComboBox::from_label("Format")
                .selected_text(format_name)
                .width(260.0)
                .show_ui(ui, |ui| {
                    for format in &catalog.formats {
                        ui.selectable_value(&mut state.format, format.id.clone(), format.name());
                    }
                });
            let legal = catalog
                .format(&state.format)
                .map(|f| catalog.legal_decks(&f.rules))
                .unwrap_or_default();
            let deck_name = |id: &str| {
                catalog
                    .deck(id)
                    .map_or_else(|| "no legal deck".to_owned(), deck_label)
            };
            egui::ComboBox::from_label("Your deck")
                .selected_text(deck_name(&state.deck))
                .width(260.0)
                .show_ui(ui, |ui| {
                    for (deck, _) in &legal {
                        ui.selectable_value(&mut state.deck, deck.id.clone(), deck_label(deck));
                    }
                });
            egui::ComboBox::from_label("Bot's deck")
                .selected_text(deck_name(&state.bot_deck))
                .width(260.0)
                .show_ui(ui, |ui| {
                    for (deck, _) in &legal {
                        ui.selectable_value(&mut state.bot_deck, deck.id.clone(), deck_label(deck));
                    }
                });
            if let Some(format) = catalog.format(&state.format) {
                let f = &format.rules.format;
                ui.label(
                    RichText::new(format!(
                        "{}x{} board · {} LP · {}–{} card decks",
                        f.board_size, f.board_size, f.life_points, f.deck.min_main, f.deck.max_main
                    ))
                    .color(theme::TEXT_DIM),
                );
            }
            ui.add_space(6.0);
            let ready = !state.deck.is_empty() && !state.bot_deck.is_empty();
            if legal.is_empty() {
                ui.label(
                    RichText::new("No deck is legal in this format.").color(theme::PENALTY_ON_DARK),
                );
            }
            if ui
                .add_enabled(
                    ready,
                    egui::Button::new(RichText::new("Start match").size(16.0)),
                )
                .clicked()
            {
                start = Some(MatchRequest {
                    format: state.format.clone(),
                    deck: state.deck.clone(),
                    bot_deck: state.bot_deck.clone(),
                });
            }
        });
        let ui = &mut columns[1];
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Play a friend").strong().size(18.0));
            ui.label(
                RichText::new(
                    "Not available yet: peer-to-peer play needs the fair-play protocol and \
                     the network layer, which are still being built.",
                )
                .color(theme::TEXT_DIM),
            );
            ui.add_space(4.0);
            for what in [
                "Host a game",
                "Join by ticket",
                "Games on this network (LAN)",
            ] {
                ui.add_enabled(
                    false,
                    egui::Button::new(format!("{what} — not available yet")),
                );
            }
        });
    });
    if !catalog.problems.is_empty() {
        ui.add_space(12.0);
        ui.label(
            RichText::new("Some asset files could not be used:").color(theme::PENALTY_ON_DARK),
        );
        for problem in &catalog.problems {
            ui.label(RichText::new(problem).color(theme::TEXT_DIM));
        }
    }
    ui.add_space(12.0);
    ui.label(
        RichText::new(format!("Assets: {}", catalog.dir.display()))
            .small()
            .color(theme::TEXT_DIM),
    );
    start
}
