//! The home screen: the format and deck for the next match, then a match against the bot,
//! hosting one, joining one by ticket, or joining one found on this network.

use egui::{RichText, Ui};

use crate::catalog::{Catalog, DeckFile};
use crate::lobby::{Connectivity, LanBrowser, Unfinished};
use crate::theme;
use fairduel_net::{Role, display_name};

/// What the player picked for the next match.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HomeState {
    pub format: String,
    pub deck: String,
    pub bot_deck: String,
    /// The ticket being pasted.
    pub ticket: String,
    /// Domain Format with the cards of the card database in the settings (against the bot
    /// or a friend).
    pub with_my_cards: bool,
    /// With those cards against a friend: a `.ydk` file or `ydke://` link of them (empty:
    /// a deck built from the database).
    pub database_deck: String,
}

/// What the player asked for on the home screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HomeAction {
    PlayBot(MatchRequest),
    /// Host a match in this format with this deck.
    Host(FriendRequest),
    Join(FriendRequest, String),
    /// Start (`true`) or stop looking for matches on this network.
    BrowseLan(bool),
    /// Join the n-th match found on this network.
    JoinLan(FriendRequest, usize),
    /// Continue a saved match that did not finish.
    Resume(std::path::PathBuf),
}

/// The format and deck for a match against a person.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FriendRequest {
    pub format: String,
    pub deck: String,
    /// Domain Format with the cards of this card database: every player needs the same
    /// one, and `deck` is not used.
    pub card_database: Option<std::path::PathBuf>,
    /// With a card database: the player's `.ydk` file or `ydke://` link (empty: a deck
    /// built from the database).
    pub database_deck: String,
}

/// A bot match to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchRequest {
    pub format: String,
    pub deck: String,
    pub bot_deck: String,
    /// Domain Format with the cards of this card database (a cards.cdb or the folder
    /// holding it): every seat plays a deck built from them, and `deck` and `bot_deck` are
    /// not used.
    pub card_database: Option<std::path::PathBuf>,
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

/// What the friend panel needs to show besides the catalogue.
#[derive(Debug, Clone, Copy)]
pub struct FriendPanel<'a> {
    pub connectivity: Connectivity,
    pub lan: Option<&'a LanBrowser>,
    /// Why the last attempt to host or join could not start.
    pub error: Option<&'a str>,
    /// Saved network matches that did not finish.
    pub unfinished: &'a [Unfinished],
}

pub fn home_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    state: &mut HomeState,
    friends: FriendPanel<'_>,
    card_database: &str,
) -> Option<HomeAction> {
    state.settle(catalog);
    let mut action = None;
    ui.heading("FairDuel");
    ui.label(
        "Duelists of the Roses formats with every rule enforced. Every move is signed and \
         checked, hidden cards stay hidden until the rules reveal them, and every match ends \
         with a record anyone can verify.",
    );
    ui.add_space(8.0);
    let legal = catalog
        .format(&state.format)
        .map(|f| catalog.legal_decks(&f.rules))
        .unwrap_or_default();
    let deck_name = |id: &str| {
        catalog
            .deck(id)
            .map_or_else(|| "no legal deck".to_owned(), deck_label)
    };
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.horizontal(|ui| {
            let format_name = catalog
                .format(&state.format)
                .map_or("—", |f| f.name())
                .to_owned();
            egui::ComboBox::from_label("Format")
                .selected_text(format_name)
                .width(240.0)
                // Every preset in view at once, without scrolling the list.
                .height(f32::INFINITY)
                .show_ui(ui, |ui| {
                    for format in &catalog.formats {
                        ui.selectable_value(&mut state.format, format.id.clone(), format.name());
                    }
                });
            ui.add_space(16.0);
            egui::ComboBox::from_label("Your deck")
                .selected_text(deck_name(&state.deck))
                .width(240.0)
                .show_ui(ui, |ui| {
                    for (deck, _) in &legal {
                        ui.selectable_value(&mut state.deck, deck.id.clone(), deck_label(deck));
                    }
                });
        });
        if let Some(format) = catalog.format(&state.format) {
            ui.label(RichText::new(format_summary(&format.rules.format)).color(theme::TEXT_DIM));
        }
        my_cards_ui(ui, catalog, state, card_database);
        if legal.is_empty() {
            ui.label(
                RichText::new("No deck is legal in this format: build one under Decks.")
                    .color(theme::PENALTY_ON_DARK),
            );
        }
    });
    ui.add_space(8.0);
    let with_my_cards = plays_my_cards(catalog, state, card_database);
    let have_deck = !state.deck.is_empty() || with_my_cards;
    let friend = FriendRequest {
        format: state.format.clone(),
        deck: state.deck.clone(),
        card_database: with_my_cards.then(|| std::path::PathBuf::from(card_database.trim())),
        database_deck: state.database_deck.trim().to_owned(),
    };
    ui.columns(2, |columns| {
        let ui = &mut columns[0];
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Play against the bot").strong().size(18.0));
            ui.add_space(4.0);
            egui::ComboBox::from_label("Bot's deck")
                .selected_text(deck_name(&state.bot_deck))
                .width(240.0)
                .show_ui(ui, |ui| {
                    for (deck, _) in &legal {
                        ui.selectable_value(&mut state.bot_deck, deck.id.clone(), deck_label(deck));
                    }
                });
            ui.label(
                RichText::new(
                    "The bot plays through the same signed protocol as a person would, and \
                     the match ends with a verified record.",
                )
                .color(theme::TEXT_DIM),
            );
            ui.add_space(6.0);
            if with_my_cards {
                ui.label(
                    RichText::new(
                        "With your card database's cards, a deck is built for each seat.",
                    )
                    .color(theme::TEXT_DIM),
                );
            }
            let ready = with_my_cards || (have_deck && !state.bot_deck.is_empty());
            if ui
                .add_enabled(
                    ready,
                    egui::Button::new(RichText::new("Start match").size(16.0)),
                )
                .clicked()
            {
                action = Some(HomeAction::PlayBot(MatchRequest {
                    format: state.format.clone(),
                    deck: state.deck.clone(),
                    bot_deck: state.bot_deck.clone(),
                    card_database: with_my_cards
                        .then(|| std::path::PathBuf::from(card_database.trim())),
                }));
            }
        });
        let ui = &mut columns[1];
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Play a friend").strong().size(18.0));
            ui.label(
                RichText::new(format!(
                    "Network: {} (change it under Settings)",
                    friends.connectivity.label()
                ))
                .color(theme::TEXT_DIM),
            );
            if let Some(error) = friends.error {
                ui.label(RichText::new(error).color(theme::PENALTY_ON_DARK));
            }
            ui.add_space(4.0);
            if ui
                .add_enabled(have_deck, egui::Button::new("Host a match"))
                .on_hover_text("Shows a ticket (and a QR code) to give the other player")
                .clicked()
            {
                action = Some(HomeAction::Host(friend.clone()));
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let label = ui.label("Ticket");
                ui.add(
                    egui::TextEdit::singleline(&mut state.ticket)
                        .hint_text("paste the host's ticket")
                        .desired_width(ui.available_width() - 60.0),
                )
                .labelled_by(label.id);
                if ui
                    .add_enabled(have_deck, egui::Button::new("Join"))
                    .clicked()
                {
                    action = Some(HomeAction::Join(friend.clone(), state.ticket.clone()));
                }
            });
            ui.add_space(6.0);
            ui.separator();
            match friends.lan {
                None => {
                    if ui.button("Look for games on this network").clicked() {
                        action = Some(HomeAction::BrowseLan(true));
                    }
                }
                Some(lan) => {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new("Games on this network").strong());
                        if ui.small_button("Stop looking").clicked() {
                            action = Some(HomeAction::BrowseLan(false));
                        }
                    });
                    if let Some(error) = &lan.error {
                        ui.label(RichText::new(error).color(theme::PENALTY_ON_DARK));
                    } else if lan.matches.is_empty() {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(
                                "Looking… hosts that run FairDuel offline or online appear here.",
                            );
                        });
                    }
                    let format_hash = catalog
                        .format(&state.format)
                        .map(|f| f.rules.format.hash().0);
                    for (index, found) in lan.matches.iter().enumerate() {
                        ui.horizontal(|ui| {
                            // Announced by anyone on the network: shown cleaned and short.
                            let host = display_name(&found.host_name)
                                .unwrap_or_else(|| "Someone".to_owned());
                            let format = display_name(&found.format_name)
                                .unwrap_or_else(|| "an unnamed format".to_owned());
                            ui.label(format!("{host} hosts {format}"));
                            let same_format = Some(found.format_hash) == format_hash;
                            if ui
                                .add_enabled(
                                    have_deck && same_format && lan.endpoint.is_some(),
                                    egui::Button::new(format!(
                                        "Join {}",
                                        display_name(&found.host_name)
                                            .unwrap_or_else(|| "Someone".to_owned())
                                    )),
                                )
                                .on_disabled_hover_text(
                                    "Pick the same format above to join this match",
                                )
                                .clicked()
                            {
                                action = Some(HomeAction::JoinLan(friend.clone(), index));
                            }
                        });
                    }
                }
            }
        });
    });
    if !friends.unfinished.is_empty() {
        ui.add_space(8.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new("Unfinished matches").strong().size(18.0));
            ui.label(
                RichText::new(
                    "Saved entry by entry as they were played. Resume one and the other \
                     player resumes too; play goes on where it stopped.",
                )
                .color(theme::TEXT_DIM),
            );
            for (index, saved) in friends.unfinished.iter().enumerate().take(5) {
                ui.horizontal(|ui| {
                    let format = catalog
                        .format(&saved.format_id)
                        .map_or(saved.format_id.as_str(), |f| f.name());
                    let role = match saved.role {
                        Role::Host => "you hosted",
                        Role::Joiner => "you joined",
                    };
                    let id: String = saved.match_id[..4]
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect();
                    ui.label(format!(
                        "{format} · {role} · {} entries · match {id}",
                        saved.entries
                    ));
                    if ui
                        .button("Resume")
                        .on_hover_text(saved.path.display().to_string())
                        .clicked()
                    {
                        action = Some(HomeAction::Resume(friends.unfinished[index].path.clone()));
                    }
                });
            }
        });
    }
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
    action
}

/// Whether the next match is played with the cards of the card database in the settings:
/// a Domain format, a database set, and the player's choice.
impl HomeState {
    /// Plays the saved deck at `path` in friends' Domain matches with the card database:
    /// the format turns to Domain Format if it was another.
    pub fn play_database_deck(&mut self, catalog: &Catalog, path: &std::path::Path) {
        self.database_deck = path.display().to_string();
        self.with_my_cards = true;
        let domain = |id: &str| {
            catalog
                .format(id)
                .is_some_and(|f| f.rules.format.deck.domain)
        };
        if !domain(&self.format)
            && let Some(first) = catalog.formats.iter().find(|f| domain(&f.id))
        {
            self.format.clone_from(&first.id);
        }
    }
}

fn plays_my_cards(catalog: &Catalog, state: &HomeState, card_database: &str) -> bool {
    let plays_databases = catalog
        .format(&state.format)
        .is_some_and(|f| f.rules.format.plays_card_databases());
    plays_databases && !card_database.trim().is_empty() && state.with_my_cards
}

/// The choice to play Domain, or a DOR format played with the card game's cards (Classic,
/// Alternate, Modern), with the cards of the player's card database, and the deck of those
/// cards for a friend's match.
fn my_cards_ui(ui: &mut Ui, catalog: &Catalog, state: &mut HomeState, card_database: &str) {
    let plays_databases = catalog
        .format(&state.format)
        .is_some_and(|f| f.rules.format.plays_card_databases());
    if !plays_databases {
        return;
    }
    if card_database.trim().is_empty() {
        ui.label(
            RichText::new(
                "Set your simulator's card database under Settings to play this format with its \
                 cards.",
            )
            .color(theme::TEXT_DIM),
        );
        return;
    }
    ui.checkbox(
        &mut state.with_my_cards,
        "Play with the cards of my card database (a friend needs the same database)",
    );
    if state.with_my_cards {
        ui.horizontal(|ui| {
            let label = ui.label("Your deck against a friend");
            ui.add(
                egui::TextEdit::singleline(&mut state.database_deck)
                    .hint_text(".ydk file or ydke:// link; empty: a deck built from the database")
                    .desired_width(ui.available_width()),
            )
            .labelled_by(label.id);
        });
    }
}

/// A format in one line: its board, life points, deck size and table.
pub fn format_summary(f: &fairduel_engine::Format) -> String {
    let board = f.board_description();
    let table = match f.table.teams {
        Some(teams) => format!("{} players in {teams} teams", f.table.players),
        None => format!("{} players", f.table.players),
    };
    format!(
        "{board} · {} LP · {}–{} card decks · {table}",
        f.life_points, f.deck.min_main, f.deck.max_main
    )
}
