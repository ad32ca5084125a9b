//! The decks screen over the player's card database: the database's cards with search and
//! filters (and "only what my Deck Master's Domain allows"), the Domain deck being built
//! with the deck check's every problem as it grows, and the card picked with why it is, or
//! is not, within the Domain. The model is in `domain_decks.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::{RichText, ScrollArea, Ui};
use fairduel_engine::domain::{CardDatabase, CardFacts, DomainDeckRules, Passcode};

use crate::decks::{Report, report_ui};
use crate::domain_decks::{
    DOMAIN_DECKS_FOLDER, DatabaseKind, DeckVerdict, DomainDecksState, file_stem,
};
use crate::theme;

/// Something the app must do after this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DomainDecksEvent {
    /// Play this saved deck in friends' Domain matches with the card database.
    UseAgainstFriends(PathBuf),
}

/// The screen: `card_database` is the path under Settings; `data_dir` FairDuel's data
/// folder (none: saving is off); `rules` the Domain preset's deck sizes.
pub fn domain_decks_ui(
    ui: &mut Ui,
    state: &mut DomainDecksState,
    card_database: &str,
    data_dir: Option<&Path>,
    rules: DomainDeckRules,
) -> Option<DomainDecksEvent> {
    state.use_database(card_database);
    if state.cards.is_none() {
        database_missing_ui(ui, state, card_database);
        return None;
    }
    let folder = data_dir.map(|d| d.join(DOMAIN_DECKS_FOLDER));
    let mut event = None;
    ui.columns(3, |columns| {
        database_list_ui(&mut columns[0], state);
        event = deck_column_ui(&mut columns[1], state, folder.as_deref(), rules);
        card_column_ui(&mut columns[2], state);
    });
    event
}

fn database_missing_ui(ui: &mut Ui, state: &mut DomainDecksState, card_database: &str) {
    ui.label(
        RichText::new("Domain decks of your card database")
            .strong()
            .size(16.0),
    );
    if card_database.trim().is_empty() {
        ui.label(
            "Set your simulator's card database (its cards.cdb, or the folder holding it) \
             under Settings to build Domain decks of its cards.",
        );
        return;
    }
    if let Some(error) = &state.load_error {
        ui.label(
            RichText::new(format!("Your card database could not be read: {error}"))
                .color(theme::PENALTY_ON_DARK),
        );
        ui.label("Correct the path under Settings, or try again after fixing the file.");
        if ui.button("Read it again").clicked() {
            state.reload(card_database);
        }
    }
}

/// "Name · kind", one line of the card list.
fn row_text(card: &CardFacts) -> String {
    format!("{} · {}", card.name, short_kind(card))
}

/// The kind, attribute, type and stars of a card in a few words.
fn short_kind(card: &CardFacts) -> String {
    let t = card.types;
    if !t.is_monster() {
        return t.label().to_owned();
    }
    let stars = if t.is_link() {
        format!("Link {}", card.level)
    } else if t.0 & fairduel_engine::domain::CardTypes::XYZ != 0 {
        format!("Rank {}", card.level)
    } else {
        format!("Level {}", card.level)
    };
    let attribute = card.attribute.map_or("", |a| a.word());
    let race = card.race.map_or("", |r| r.word());
    format!("{attribute} {race} {} · {stars}", t.label())
}

fn database_list_ui(ui: &mut Ui, state: &mut DomainDecksState) {
    let (count, path) = state
        .cards
        .as_ref()
        .map_or((0, String::new()), |c| (c.deck_cards.len(), c.path.clone()));
    ui.label(RichText::new("Your card database").strong().size(16.0));
    ui.label(
        RichText::new(format!("{count} deck cards from {path}"))
            .small()
            .color(theme::TEXT_DIM),
    );
    let search_label = ui.label("Search by name or passcode");
    ui.add(
        egui::TextEdit::singleline(&mut state.search)
            .hint_text("e.g. magician or 46986414")
            .desired_width(f32::INFINITY),
    )
    .labelled_by(search_label.id);
    egui::ComboBox::from_label("Kind")
        .selected_text(state.kind.label())
        .show_ui(ui, |ui| {
            for kind in DatabaseKind::ALL {
                ui.selectable_value(&mut state.kind, kind, kind.label());
            }
        });
    let has_master = state.deck.deck_master.is_some();
    ui.add_enabled(
        has_master,
        egui::Checkbox::new(
            &mut state.only_domain,
            "Only what my Deck Master's Domain allows",
        ),
    )
    .on_disabled_hover_text("Choose a Deck Master first");
    let listed = state.listed();
    ui.label(RichText::new(format!("{} of {count} cards", listed.len())).color(theme::TEXT_DIM));
    let Some(cards) = &state.cards else {
        return;
    };
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let mut clicked = None;
    let mut added = None;
    ScrollArea::vertical()
        .id_salt("database-list")
        .auto_shrink([false, false])
        .show_rows(ui, row_height, listed.len(), |ui, rows| {
            // One line per card, so that every row has the height show_rows assumes.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for passcode in &listed[rows] {
                let Some(card) = cards.db.card(*passcode) else {
                    continue;
                };
                let response =
                    ui.selectable_label(state.selected == Some(*passcode), row_text(card));
                if response.clicked() {
                    clicked = Some(*passcode);
                }
                // A double click adds a copy, as on FairDuel's own decks screen.
                if response.double_clicked() {
                    added = Some(*passcode);
                }
            }
        });
    if let Some(passcode) = clicked {
        state.selected = Some(passcode);
    }
    if let Some(passcode) = added
        && state.copies_in_deck(passcode) == 0
    {
        state.add(passcode);
    }
}

fn deck_column_ui(
    ui: &mut Ui,
    state: &mut DomainDecksState,
    folder: Option<&Path>,
    rules: DomainDeckRules,
) -> Option<DomainDecksEvent> {
    let mut event = None;
    ui.label(RichText::new("Build a Domain deck").strong().size(16.0));
    saved_decks_ui(ui, state, folder);
    ui.horizontal(|ui| {
        let label = ui.label("Deck name");
        let before = state.name.clone();
        ui.add(egui::TextEdit::singleline(&mut state.name).desired_width(220.0))
            .labelled_by(label.id);
        if state.name != before {
            state.dirty = true;
            state.offer_replace = false;
        }
    });
    deck_master_ui(ui, state);
    ui.label(format!(
        "{} Main Deck cards ({} needed) · {} in the Extra Deck (up to {})",
        state.deck.main.len(),
        rules.main,
        state.deck.extra.len(),
        rules.max_extra
    ));
    verdict_ui(ui, state, rules);
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(folder.is_some(), egui::Button::new("Save deck"))
            .on_disabled_hover_text("FairDuel found no data folder to save decks in")
            .clicked()
            && let Some(folder) = folder
        {
            save(state, folder, false);
        }
        if state.offer_replace
            && ui.button("Replace it").clicked()
            && let Some(folder) = folder
        {
            save(state, folder, true);
        }
        let saved = state.file.clone().filter(|_| !state.dirty);
        if ui
            .add_enabled(saved.is_some(), egui::Button::new("Use against friends"))
            .on_hover_text("Play this deck in Domain matches with your card database (Home)")
            .on_disabled_hover_text("Save the deck first")
            .clicked()
            && let Some(path) = saved
        {
            state.report = Some(Report::good(
                format!(
                    "Home's \"Your deck against a friend\" now names {}.",
                    path.display()
                ),
                Vec::new(),
            ));
            event = Some(DomainDecksEvent::UseAgainstFriends(path));
        }
        if ui.button("New deck").clicked() {
            state.new_deck();
        }
    });
    exchange_ui(ui, state);
    if let Some(report) = &state.report {
        report_ui(ui, report);
    }
    deck_contents_ui(ui, state);
    event
}

fn save(state: &mut DomainDecksState, folder: &Path, replace: bool) {
    state.report = Some(match state.save(folder, replace) {
        Ok(path) => Report::good(format!("Saved to {}.", path.display()), Vec::new()),
        Err(e) => Report::bad(format!("Not saved: {e}.")),
    });
}

fn saved_decks_ui(ui: &mut Ui, state: &mut DomainDecksState, folder: Option<&Path>) {
    let Some(folder) = folder else {
        ui.label(
            RichText::new("Saving is off: FairDuel found no data folder on this computer.")
                .color(theme::TEXT_DIM),
        );
        return;
    };
    let saved = state.saved_decks(folder);
    if saved.is_empty() {
        ui.label(
            RichText::new(format!(
                "Your Domain decks will be saved in {}",
                folder.display()
            ))
            .small()
            .color(theme::TEXT_DIM),
        );
        return;
    }
    let mut chosen = None;
    egui::ComboBox::from_label("Saved decks")
        .selected_text(state.file.as_deref().map_or("—".to_owned(), file_stem))
        .show_ui(ui, |ui| {
            for path in &saved {
                if ui
                    .selectable_label(state.file.as_ref() == Some(path), file_stem(path))
                    .clicked()
                {
                    chosen = Some(path.clone());
                }
            }
        });
    if let Some(path) = chosen {
        state.open(&path);
    }
}

fn deck_master_ui(ui: &mut Ui, state: &mut DomainDecksState) {
    let master = state.deck.deck_master;
    let name = master
        .and_then(|p| state.cards.as_ref()?.db.card(p))
        .map_or_else(
            || master.map_or("none yet".to_owned(), |p| p.to_string()),
            |c| c.name.clone(),
        );
    ui.label(RichText::new(format!("Deck Master: {name}")).color(theme::LEADER_GOLD));
    let described = state.domain().cloned().and_then(|domain| {
        let cards = state.cards.as_ref()?;
        Some(domain.describe(&cards.db))
    });
    if let Some(described) = described {
        ui.label(RichText::new(format!("Its Domain: {described}.")).small());
    }
}

fn verdict_ui(ui: &mut Ui, state: &mut DomainDecksState, rules: DomainDeckRules) {
    match state.verdict(rules) {
        Some(DeckVerdict::Legal(report)) => {
            ui.label(
                RichText::new(format!(
                    "Legal in Domain Format, with {} as Deck Master.",
                    report.deck_master
                ))
                .color(theme::BONUS_ON_DARK),
            );
        }
        Some(DeckVerdict::Problems(problems)) => {
            ui.label(
                RichText::new("Not legal in Domain Format yet:").color(theme::PENALTY_ON_DARK),
            );
            let problems: Vec<String> = problems.iter().map(ToString::to_string).collect();
            ScrollArea::vertical()
                .id_salt("domain-problems")
                .max_height(140.0)
                .show(ui, |ui| {
                    for problem in problems {
                        ui.label(RichText::new(problem).color(theme::PENALTY_ON_DARK));
                    }
                });
        }
        None => {}
    }
}

fn exchange_ui(ui: &mut Ui, state: &mut DomainDecksState) {
    let label = ui.label("YDK file path or ydke:// link");
    ui.add(
        egui::TextEdit::singleline(&mut state.exchange)
            .hint_text("/path/to/deck.ydk or ydke://…")
            .desired_width(f32::INFINITY),
    )
    .labelled_by(label.id);
    ui.horizontal(|ui| {
        if ui.button("Import deck").clicked() {
            state.import();
        }
        if ui.button("Copy as ydke:// link").clicked() {
            let link = state.export_link();
            ui.ctx().copy_text(link);
        }
    });
}

/// The Deck Master, the Main Deck by monsters, spells and traps, and the Extra Deck;
/// clicking a card selects it.
fn deck_contents_ui(ui: &mut Ui, state: &mut DomainDecksState) {
    let Some(cards) = &state.cards else {
        return;
    };
    let db = &cards.db;
    let mut clicked = None;
    ScrollArea::vertical()
        .id_salt("domain-deck-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let mut row = |ui: &mut Ui, passcode: Passcode, text: String| {
                if ui
                    .selectable_label(state.selected == Some(passcode), text)
                    .clicked()
                {
                    clicked = Some(passcode);
                }
            };
            if let Some(master) = state.deck.deck_master {
                ui.label(RichText::new("Deck Master").color(theme::LEADER_GOLD));
                row(ui, master, card_name(db, master));
            }
            let groups: [(&str, CardTest); 3] = [
                ("Monsters", |c| c.types.is_monster()),
                ("Spells", |c| c.types.is_spell()),
                ("Traps", |c| c.types.is_trap()),
            ];
            for (heading, belongs) in groups {
                let counted = counts(&state.deck.main, db, belongs);
                if counted.is_empty() {
                    continue;
                }
                let total: usize = counted.values().sum();
                ui.label(RichText::new(format!("{heading} ({total})")).strong());
                for (passcode, n) in counted {
                    row(ui, passcode, format!("{n}x {}", card_name(db, passcode)));
                }
            }
            let mut unknown = unknown_counts(&state.deck.main, db);
            unknown.extend(unknown_counts(&state.deck.extra, db));
            let extra = counts(&state.deck.extra, db, |_| true);
            if !extra.is_empty() {
                ui.label(
                    RichText::new(format!("Extra Deck ({})", state.deck.extra.len())).strong(),
                );
                for (passcode, n) in extra {
                    row(ui, passcode, format!("{n}x {}", card_name(db, passcode)));
                }
            }
            if !unknown.is_empty() {
                ui.label(RichText::new("Not in your card database").color(theme::PENALTY_ON_DARK));
                for (passcode, n) in unknown {
                    row(ui, passcode, format!("{n}x {passcode}"));
                }
            }
        });
    if let Some(passcode) = clicked {
        state.selected = Some(passcode);
    }
}

/// One group of the deck list: which cards belong to it.
type CardTest = fn(&CardFacts) -> bool;

/// How many of each card of `list` that is in `db` and `belongs`.
fn counts(
    list: &[Passcode],
    db: &CardDatabase,
    belongs: impl Fn(&CardFacts) -> bool,
) -> BTreeMap<Passcode, usize> {
    let mut counted = BTreeMap::new();
    for passcode in list {
        if db.card(*passcode).is_some_and(&belongs) {
            *counted.entry(*passcode).or_default() += 1;
        }
    }
    counted
}

/// How many of each card of `list` that `db` does not hold.
fn unknown_counts(list: &[Passcode], db: &CardDatabase) -> BTreeMap<Passcode, usize> {
    let mut counted = BTreeMap::new();
    for passcode in list.iter().filter(|p| db.card(**p).is_none()) {
        *counted.entry(*passcode).or_default() += 1;
    }
    counted
}

fn card_name(db: &CardDatabase, passcode: Passcode) -> String {
    db.card(passcode)
        .map_or_else(|| passcode.to_string(), |c| c.name.clone())
}

/// The card picked: its facts, archetypes, whether the Domain admits it, and the buttons
/// that put it in the deck or take it out.
fn card_column_ui(ui: &mut Ui, state: &mut DomainDecksState) {
    let Some(passcode) = state.selected else {
        ui.label(RichText::new("Click a card to see it here.").color(theme::TEXT_DIM));
        return;
    };
    let in_domain =
        state
            .domain()
            .cloned()
            .zip(state.cards.as_ref())
            .and_then(|(domain, cards)| {
                let card = cards.db.card(passcode)?;
                Some(match domain.admits(card) {
                    Some(why) => (
                        true,
                        format!("Within the Domain: {}.", why.describe(&cards.db)),
                    ),
                    None => (false, "Outside the Deck Master's Domain.".to_owned()),
                })
            });
    let Some(card) = state
        .cards
        .as_ref()
        .and_then(|c| c.db.card(passcode))
        .cloned()
    else {
        ui.label(format!("Passcode {passcode} is not in your card database."));
        if ui.button("Remove from the deck").clicked() {
            state.remove(passcode);
        }
        return;
    };
    ui.label(RichText::new(&card.name).strong().size(16.0));
    ui.label(format!("Passcode {}", card.passcode));
    ui.label(short_kind(&card));
    if card.types.is_monster() {
        let def = if card.types.is_link() {
            String::new()
        } else {
            format!(" / DEF {}", card.def)
        };
        ui.label(format!("ATK {}{def}", card.atk));
    }
    if let Some(scale) = card.pendulum_scale {
        ui.label(format!("Pendulum Scale {scale}"));
    }
    if !card.archetypes.is_empty()
        && let Some(cards) = &state.cards
    {
        let names: Vec<String> = card
            .archetypes
            .iter()
            .map(|a| cards.db.archetype_name(*a))
            .collect();
        ui.label(format!("Archetypes: {}", names.join(", ")));
    }
    if let Some((inside, words)) = in_domain {
        let colour = if inside {
            theme::BONUS_ON_DARK
        } else {
            theme::PENALTY_ON_DARK
        };
        ui.label(RichText::new(words).color(colour));
    }
    let copies = state.copies_in_deck(passcode);
    ui.label(format!("In the deck: {copies}"));
    let deck_card = !card.types.is_token() && !card.types.is_outside_the_game();
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                card.types.is_monster() && deck_card && state.deck.deck_master != Some(passcode),
                egui::Button::new("Make Deck Master"),
            )
            .clicked()
        {
            state.make_deck_master(passcode);
        }
        let target = if card.types.is_extra_deck() {
            "Add to the Extra Deck"
        } else {
            "Add to the Main Deck"
        };
        if ui
            .add_enabled(deck_card && copies == 0, egui::Button::new(target))
            .on_disabled_hover_text("A Domain deck holds one copy of each card")
            .clicked()
        {
            state.add(passcode);
        }
        if ui
            .add_enabled(copies > 0, egui::Button::new("Remove from the deck"))
            .clicked()
        {
            state.remove(passcode);
        }
    });
    if !card.text.is_empty() {
        ui.add_space(6.0);
        ui.label(
            RichText::new("Text from your card database")
                .small()
                .color(theme::TEXT_DIM),
        );
        ScrollArea::vertical()
            .id_salt("database-card-text")
            .show(ui, |ui| ui.label(RichText::new(&card.text).small()));
    }
}
