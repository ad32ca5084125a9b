//! The decks screen: the card pool with search and filters, a deck's contents and whether it
//! is legal in a format (checked by the engine's own deck rules), building and saving decks.
//! Importing and exporting (YDK files, ydke links, FairDuel deck files) is in
//! `deck_exchange.rs`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use egui::{RichText, ScrollArea, Ui, vec2};
use fairduel_engine::DeckList;
use fairduel_engine::card::{Attribute, CardDef, CardId, CardKind, MonsterType};
use fairduel_engine::text::card_summary;

use crate::catalog::Catalog;
use crate::deckstore::{DeckDraft, DeckStore, SAVED_PREFIX, StoreError};
use crate::theme;
use crate::widgets::{CardLook, card_details_ui, paint_card};
use crate::ydk::PasscodeTable;

use crate::deck_exchange::ydk_ui;
pub(crate) use crate::deck_exchange::{import_ydk, open_deck_file};
use crate::domain_decks::DomainDecksState;
use crate::domain_decks_view::{DomainDecksEvent, domain_decks_ui};
use fairduel_engine::domain::DomainDeckRules;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KindFilter {
    #[default]
    All,
    Monsters,
    Spells,
    Traps,
}

impl KindFilter {
    fn label(self) -> &'static str {
        match self {
            KindFilter::All => "All kinds",
            KindFilter::Monsters => "Monsters",
            KindFilter::Spells => "Spells",
            KindFilter::Traps => "Traps",
        }
    }
}

/// Search and filters over the pool.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PoolFilter {
    pub search: String,
    pub kind: KindFilter,
    pub attribute: Option<Attribute>,
    pub monster_type: Option<MonsterType>,
}

impl PoolFilter {
    pub fn accepts(&self, card: &CardDef) -> bool {
        let query = self.search.trim().to_lowercase();
        if !query.is_empty() {
            let number = query.trim_start_matches('#').parse::<u16>().ok();
            if !card.name.to_lowercase().contains(&query) && number != Some(card.id.0) {
                return false;
            }
        }
        let kind_ok = match self.kind {
            KindFilter::All => true,
            KindFilter::Monsters => card.is_monster(),
            KindFilter::Spells => card.is_spell(),
            KindFilter::Traps => card.is_trap(),
        };
        if !kind_ok {
            return false;
        }
        if self.attribute.is_some() || self.monster_type.is_some() {
            let Some(m) = card.monster() else {
                return false;
            };
            if self.attribute.is_some_and(|a| a != m.attribute)
                || self.monster_type.is_some_and(|t| t != m.monster_type)
            {
                return false;
            }
        }
        true
    }
}

/// What the decks screen reads and writes besides the catalogue: where the player's decks
/// are saved, the saved files that could not be read, and the YDK passcode table.
#[derive(Debug, Clone, Default)]
pub struct DeckLibrary {
    /// FairDuel's data folder (`<data dir>/fairduel`); `None` when there is none.
    pub data_dir: Option<PathBuf>,
    pub store: Option<DeckStore>,
    /// Saved deck files that could not be read, in plain words.
    pub problems: Vec<String>,
    pub passcodes: PasscodeTable,
}

impl DeckLibrary {
    /// Reads the saved decks into the catalogue and the passcode tables (the shipped one,
    /// then the player's own).
    pub fn load(data_dir: Option<&Path>, catalog: &mut Catalog) -> DeckLibrary {
        let mut library = DeckLibrary {
            data_dir: data_dir.map(Path::to_path_buf),
            store: data_dir.map(DeckStore::in_data_dir),
            problems: Vec::new(),
            passcodes: checked_passcodes(data_dir, catalog),
        };
        library.reload(catalog);
        library
    }

    /// Maps cards to passcodes by name from a simulator's card database (`None`: only the
    /// checked tables); what it gave in words, or why it gave nothing.
    pub fn use_card_database(
        &mut self,
        database: Option<&Path>,
        data_dir: Option<&Path>,
        catalog: &Catalog,
    ) -> Option<Result<String, String>> {
        self.passcodes = checked_passcodes(data_dir, catalog);
        let path = database?;
        Some(
            fairduel_carddb::load_cards(&[path.to_path_buf()])
                .map(|loaded| {
                    let mapped = self.passcodes.add_database(
                        &path.display().to_string(),
                        &loaded.db,
                        &catalog.pool,
                    );
                    format!(
                        "{} cards read; {mapped} of FairDuel's cards found by name, {} with a passcode in all",
                        loaded.db.len(),
                        self.passcodes.mapped_cards()
                    )
                })
                .map_err(|e| e.to_string()),
        )
    }

    /// Reads the saved decks folder again.
    pub fn reload(&mut self, catalog: &mut Catalog) {
        let listing = self
            .store
            .as_ref()
            .map(|s| s.list(&catalog.pool))
            .unwrap_or_default();
        self.problems = listing.problems;
        catalog.set_saved_decks(listing.decks);
    }
}

/// The passcode tables of checked entries: the shipped one, then the player's own.
fn checked_passcodes(data_dir: Option<&Path>, catalog: &Catalog) -> PasscodeTable {
    let mut passcodes = PasscodeTable::default();
    passcodes.add_file(
        &catalog.dir.join("cards").join("passcodes.toml"),
        &catalog.pool,
    );
    if let Some(dir) = data_dir {
        passcodes.add_file(&dir.join("passcodes.toml"), &catalog.pool);
    }
    passcodes
}

/// A message about the last thing the player did on this screen, with details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    pub ok: bool,
    pub headline: String,
    pub lines: Vec<String>,
}

impl Report {
    pub(crate) fn good(headline: String, lines: Vec<String>) -> Report {
        Report {
            ok: true,
            headline,
            lines,
        }
    }

    pub(crate) fn bad(headline: String) -> Report {
        Report {
            ok: false,
            headline,
            lines: Vec::new(),
        }
    }
}

/// Whose cards the decks screen builds with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeckCards {
    /// FairDuel's own pool, for every format.
    #[default]
    FairDuel,
    /// The player's card database, for Domain Format.
    MyDatabase,
}

/// The decks screen: what is shown (view state) and the deck being built (model).
#[derive(Debug, Default)]
pub struct DecksState {
    pub cards: DeckCards,
    /// Domain decks of the player's card database.
    pub domain: DomainDecksState,
    pub filter: PoolFilter,
    pub card: Option<CardId>,
    /// The deck shown when not editing.
    pub deck: String,
    pub format: String,
    /// The deck being built, if the editor is open.
    pub editor: Option<DeckDraft>,
    /// The last save hit another deck's file: offer to replace it.
    pub offer_replace: bool,
    pub report: Option<Report>,
    /// The YDK file to import from or export to.
    pub ydk_path: String,
    /// "Browse…" was clicked: the app opens the system's file dialog.
    pub browse: bool,
}

/// Something the app must do after this frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecksEvent {
    /// A deck was saved: read the saved decks again.
    Saved,
    /// Play this saved Domain deck of the card database against friends.
    UseAgainstFriends(PathBuf),
}

const ATTRIBUTES: [Attribute; 6] = [
    Attribute::Light,
    Attribute::Dark,
    Attribute::Fire,
    Attribute::Water,
    Attribute::Earth,
    Attribute::Wind,
];

fn row_text(card: &CardDef) -> String {
    format!("{} {}", card.id, card_summary(card))
}

/// The decks screen; `card_database` is the path set under Settings.
pub fn decks_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    library: &DeckLibrary,
    state: &mut DecksState,
    card_database: &str,
) -> Option<DecksEvent> {
    ui.horizontal(|ui| {
        ui.label("Cards:");
        ui.selectable_value(&mut state.cards, DeckCards::FairDuel, "FairDuel's cards");
        ui.selectable_value(
            &mut state.cards,
            DeckCards::MyDatabase,
            "My card database (Domain Format)",
        );
    });
    if state.cards == DeckCards::MyDatabase {
        let rules = catalog
            .formats
            .iter()
            .find(|f| f.rules.format.deck.domain)
            .map_or_else(DomainDeckRules::default, |f| DomainDeckRules {
                main: usize::from(f.rules.format.deck.min_main),
                max_extra: usize::from(f.rules.format.deck.max_extra),
            });
        return domain_decks_ui(
            ui,
            &mut state.domain,
            card_database,
            library.data_dir.as_deref(),
            rules,
        )
        .map(|DomainDecksEvent::UseAgainstFriends(path)| DecksEvent::UseAgainstFriends(path));
    }
    if catalog.deck(&state.deck).is_none() {
        state.deck = catalog
            .decks
            .first()
            .map(|d| d.id.clone())
            .unwrap_or_default();
    }
    if catalog.format(&state.format).is_none() {
        state.format = catalog
            .format("kairu-dotr")
            .or(catalog.formats.first())
            .map(|f| f.id.clone())
            .unwrap_or_default();
    }
    let mut event = None;
    ui.columns(3, |columns| {
        pool_ui(&mut columns[0], catalog, state);
        if state.editor.is_some() {
            event = editor_ui(&mut columns[1], catalog, library, state);
        } else {
            deck_ui(&mut columns[1], catalog, library, state);
        }
        card_column_ui(&mut columns[2], catalog, state);
    });
    event
}

fn card_column_ui(ui: &mut Ui, catalog: &Catalog, state: &mut DecksState) {
    ui.label(RichText::new("Card").strong().size(16.0));
    let Some(card) = state.card.and_then(|id| catalog.pool.get(id)) else {
        ui.label(RichText::new("Pick a card to read it.").color(theme::TEXT_DIM));
        return;
    };
    if let Some(draft) = state.editor.as_mut() {
        let leader_max = catalog
            .format(&state.format)
            .map_or(u8::MAX, |f| f.rules.format.deck.leader_max_level);
        let format = catalog.format(&state.format);
        let max_extra = format.map_or(0, |f| f.rules.format.deck.max_extra);
        let extra_card = catalog.pool.is_extra_deck_monster(card.id);
        ui.label(format!("In the deck: {}", draft.copies(card.id)));
        if extra_card && max_extra > 0 {
            ui.label(format!(
                "In the Extra Deck: {}",
                draft.extra_copies(card.id)
            ));
        }
        ui.horizontal_wrapped(|ui| {
            if ui.button("Add to deck").clicked() {
                draft.add(card.id);
            }
            if ui
                .add_enabled(draft.copies(card.id) > 0, egui::Button::new("Remove one"))
                .clicked()
            {
                draft.remove(card.id);
            }
            if extra_card && max_extra > 0 {
                if ui.button("Add to Extra Deck").clicked() {
                    draft.add_extra(card.id);
                }
                if ui
                    .add_enabled(
                        draft.extra_copies(card.id) > 0,
                        egui::Button::new("Remove one from Extra Deck"),
                    )
                    .clicked()
                {
                    draft.remove_extra(card.id);
                }
            }
            let can_lead = card.is_monster() && card.level() <= leader_max;
            if ui
                .add_enabled(
                    can_lead && draft.leader != Some(card.id),
                    egui::Button::new("Make Deck Leader"),
                )
                .on_disabled_hover_text(format!(
                    "A Deck Leader is a monster of level {leader_max} or lower"
                ))
                .clicked()
            {
                draft.set_leader(card.id);
            }
        });
        ui.add_space(6.0);
    }
    let (rect, _) = ui.allocate_exact_size(vec2(120.0, 158.0), egui::Sense::hover());
    paint_card(ui.painter(), rect, &CardLook::plain(card));
    card_details_ui(ui, card, &catalog.pool);
}

/// Picks the format decks are checked against.
fn format_picker_ui(ui: &mut Ui, catalog: &Catalog, format: &mut String) -> egui::Response {
    let format_name = catalog.format(format).map_or("—", |f| f.name()).to_owned();
    egui::ComboBox::from_label("Check against")
        .selected_text(format_name)
        .show_ui(ui, |ui| {
            for entry in &catalog.formats {
                ui.selectable_value(format, entry.id.clone(), entry.name());
            }
        })
        .response
}

pub(crate) fn report_ui(ui: &mut Ui, report: &Report) {
    let colour = if report.ok {
        theme::BONUS_ON_DARK
    } else {
        theme::PENALTY_ON_DARK
    };
    ui.label(RichText::new(&report.headline).color(colour));
    if report.lines.is_empty() {
        return;
    }
    ScrollArea::vertical()
        .id_salt("deck-report")
        .max_height(120.0)
        .show(ui, |ui| {
            for line in &report.lines {
                ui.label(RichText::new(format!("• {line}")).small());
            }
        });
}

/// The deck shown in the browser as a draft (for copying, editing and export).
pub(crate) fn shown_draft(catalog: &Catalog, state: &DecksState) -> Option<DeckDraft> {
    let deck = catalog.deck(&state.deck)?;
    let mut draft = DeckDraft::from_toml(&deck.text, &catalog.pool).ok()?;
    if deck.saved {
        draft.file = Some(deck.path.clone());
    }
    draft.dirty = false;
    Some(draft)
}

fn copy_name(catalog: &Catalog, name: &str) -> String {
    let taken = |n: &str| catalog.decks.iter().any(|d| d.name == n);
    let mut candidate = format!("{name} (copy)");
    let mut i = 2;
    while taken(&candidate) {
        candidate = format!("{name} (copy {i})");
        i += 1;
    }
    candidate
}

fn editor_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    library: &DeckLibrary,
    state: &mut DecksState,
) -> Option<DecksEvent> {
    let mut event = None;
    let draft = state.editor.as_mut()?;
    ui.label(RichText::new("Build a deck").strong().size(16.0));
    ui.horizontal(|ui| {
        let label = ui.label("Deck name");
        let before = draft.name.clone();
        ui.add(egui::TextEdit::singleline(&mut draft.name).desired_width(220.0))
            .labelled_by(label.id);
        if draft.name != before {
            draft.dirty = true;
            state.offer_replace = false;
        }
    });
    format_picker_ui(ui, catalog, &mut state.format);
    let format = catalog.format(&state.format);
    let leader_text = draft
        .leader
        .and_then(|id| catalog.pool.get(id))
        .map_or_else(|| "none yet".to_owned(), |c| c.name.clone());
    ui.label(RichText::new(format!("Deck Leader: {leader_text}")).color(theme::LEADER_GOLD));
    if let Some(format) = format {
        let problems = draft.problems(&format.rules.pool, &format.rules.format);
        let deck = &format.rules.format.deck;
        let wanted = if deck.min_main == deck.max_main {
            format!("{}", deck.min_main)
        } else {
            format!("{}–{}", deck.min_main, deck.max_main)
        };
        ui.label(format!(
            "{} main-deck cards ({wanted} needed)",
            draft.main_len()
        ));
        if deck.max_extra > 0 {
            ui.label(format!(
                "{} in the Extra Deck (up to {}: Ritual and Fusion Monsters)",
                draft.extra.len(),
                deck.max_extra
            ));
        }
        if problems.is_empty() {
            ui.label(
                RichText::new(format!("Legal in {}.", format.name())).color(theme::BONUS_ON_DARK),
            );
        } else {
            ui.label(
                RichText::new(format!("Not legal in {} yet:", format.name()))
                    .color(theme::PENALTY_ON_DARK),
            );
            for problem in problems {
                ui.label(RichText::new(problem).color(theme::PENALTY_ON_DARK));
            }
        }
    }
    let mut save = None;
    let mut close = false;
    ui.horizontal_wrapped(|ui| {
        let can_save = library.store.is_some();
        if ui
            .add_enabled(can_save, egui::Button::new("Save deck"))
            .on_disabled_hover_text("FairDuel found no data folder to save decks in")
            .clicked()
        {
            save = Some(false);
        }
        if state.offer_replace && ui.button("Replace it").clicked() {
            save = Some(true);
        }
        let close_text = if draft.dirty {
            "Close without saving"
        } else {
            "Close the editor"
        };
        close = ui.button(close_text).clicked();
    });
    if library.store.is_none() {
        ui.label(
            RichText::new("Saving is off: FairDuel found no data folder on this computer.")
                .color(theme::TEXT_DIM),
        );
    }
    if let (Some(replace), Some(store)) = (save, &library.store) {
        match store.save(draft, &catalog.pool, replace) {
            Ok(path) => {
                draft.file = Some(path.clone());
                draft.dirty = false;
                state.offer_replace = false;
                state.deck = format!(
                    "{SAVED_PREFIX}{}",
                    path.file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default()
                );
                state.report = Some(Report::good(
                    format!("Saved {} to {}.", draft.name.trim(), path.display()),
                    Vec::new(),
                ));
                event = Some(DecksEvent::Saved);
            }
            Err(e) => {
                state.offer_replace = matches!(e, StoreError::Exists { .. });
                state.report = Some(Report::bad(format!("Not saved: {e}.")));
            }
        }
    }
    if let Some(report) = &state.report {
        report_ui(ui, report);
    }
    let Some(draft) = state.editor.as_ref() else {
        return event;
    };
    let list = DeckList {
        name: draft.name.clone(),
        leader: draft.leader,
        main: draft.main(),
        extra: draft.extra.clone(),
        field_setup: fairduel_engine::field::FieldSetup::default(),
        duelist_setup: None,
    };
    ydk_ui(ui, catalog, library, state);
    deck_contents_ui(ui, catalog, &list, &mut state.card);
    if close {
        state.editor = None;
        state.offer_replace = false;
        state.report = None;
    }
    event
}

fn deck_ui(ui: &mut Ui, catalog: &Catalog, library: &DeckLibrary, state: &mut DecksState) {
    ui.label(RichText::new("Decks").strong().size(16.0));
    let deck_name = catalog
        .deck(&state.deck)
        .map_or("—", |d| d.name.as_str())
        .to_owned();
    egui::ComboBox::from_label("Deck")
        .selected_text(deck_name)
        .show_ui(ui, |ui| {
            for deck in &catalog.decks {
                let text = if deck.saved {
                    format!("{} (saved)", deck.name)
                } else {
                    deck.name.clone()
                };
                ui.selectable_value(&mut state.deck, deck.id.clone(), text);
            }
        });
    format_picker_ui(ui, catalog, &mut state.format);
    ui.horizontal_wrapped(|ui| {
        if ui.button("New deck").clicked() {
            state.editor = Some(DeckDraft::new("New deck"));
            state.report = None;
        }
        let shown = shown_draft(catalog, state);
        if ui
            .add_enabled(shown.is_some(), egui::Button::new("Copy this deck"))
            .clicked()
            && let Some(mut draft) = shown.clone()
        {
            draft.name = copy_name(catalog, &draft.name);
            draft.file = None;
            draft.dirty = true;
            state.editor = Some(draft);
            state.report = None;
        }
        let saved = catalog.deck(&state.deck).is_some_and(|d| d.saved);
        if saved
            && ui
                .add_enabled(shown.is_some(), egui::Button::new("Edit this deck"))
                .clicked()
        {
            state.editor = shown;
            state.report = None;
        }
    });
    if let Some(report) = &state.report {
        report_ui(ui, report);
    }
    if !library.problems.is_empty() {
        ui.label(
            RichText::new("Some saved deck files could not be read:").color(theme::PENALTY_ON_DARK),
        );
        for problem in &library.problems {
            ui.label(RichText::new(problem).small().color(theme::PENALTY_ON_DARK));
        }
    }
    if let Some(store) = &library.store {
        ui.label(
            RichText::new(format!("Your decks are saved in {}", store.dir().display()))
                .small()
                .color(theme::TEXT_DIM),
        );
    }
    let (Some(deck), Some(format)) = (catalog.deck(&state.deck), catalog.format(&state.format))
    else {
        ui.label("No deck files yet.");
        ydk_ui(ui, catalog, library, state);
        return;
    };
    let checked = deck.check(&format.rules);
    // Show the contents even when the deck breaks this format's rules, from any format it
    // does parse in.
    let list = match &checked {
        Ok(list) => {
            ui.label(
                RichText::new(format!(
                    "Legal in {}: {} main-deck cards.",
                    format.name(),
                    list.main.len()
                ))
                .color(theme::BONUS_ON_DARK),
            );
            Some(list.clone())
        }
        Err(error) => {
            ui.label(
                RichText::new(format!("Not legal in {}: {}", format.name(), error.message))
                    .color(theme::PENALTY_ON_DARK),
            );
            shown_draft(catalog, state).and_then(|d| d.to_list())
        }
    };
    ui.label(
        RichText::new(deck.path.display().to_string())
            .small()
            .color(theme::TEXT_DIM),
    );
    ydk_ui(ui, catalog, library, state);
    if let Some(list) = list {
        deck_contents_ui(ui, catalog, &list, &mut state.card);
    }
}

/// The Deck Leader, the main deck grouped into monsters, spells and traps, and the Extra
/// Deck; clicking a card selects it.
fn deck_contents_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    list: &DeckList,
    selected: &mut Option<CardId>,
) {
    ScrollArea::vertical()
        .id_salt("deck-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(leader) = list.leader.and_then(|id| catalog.pool.get(id)) {
                ui.label(RichText::new("Deck Leader").color(theme::LEADER_GOLD));
                if ui
                    .selectable_label(*selected == Some(leader.id), row_text(leader))
                    .clicked()
                {
                    *selected = Some(leader.id);
                }
            }
            let mut counts: BTreeMap<CardId, usize> = BTreeMap::new();
            for id in &list.main {
                *counts.entry(*id).or_default() += 1;
            }
            for (heading, wanted) in [("Monsters", 0u8), ("Spells", 1), ("Traps", 2)] {
                let cards: Vec<(&CardDef, usize)> = counts
                    .iter()
                    .filter_map(|(id, n)| catalog.pool.get(*id).map(|c| (c, *n)))
                    .filter(|(c, _)| {
                        wanted
                            == match c.kind {
                                CardKind::Monster(_) => 0,
                                CardKind::Spell { .. } => 1,
                                CardKind::Trap { .. } => 2,
                                // Not a card of the grid's decks.
                                CardKind::Kingdom(_) => 3,
                            }
                    })
                    .collect();
                if cards.is_empty() {
                    continue;
                }
                let total: usize = cards.iter().map(|(_, n)| n).sum();
                ui.label(RichText::new(format!("{heading} ({total})")).strong());
                for (card, n) in cards {
                    if ui
                        .selectable_label(*selected == Some(card.id), format!("{n}x {}", card.name))
                        .clicked()
                    {
                        *selected = Some(card.id);
                    }
                }
            }
            let mut extra: BTreeMap<CardId, usize> = BTreeMap::new();
            for id in &list.extra {
                *extra.entry(*id).or_default() += 1;
            }
            if !extra.is_empty() {
                ui.label(RichText::new(format!("Extra Deck ({})", list.extra.len())).strong());
                for (id, n) in extra {
                    let name = catalog.pool.get(id).map_or("?", |c| c.name.as_str());
                    if ui
                        .selectable_label(*selected == Some(id), format!("{n}x {name}"))
                        .clicked()
                    {
                        *selected = Some(id);
                    }
                }
            }
        });
}

fn pool_ui(ui: &mut Ui, catalog: &Catalog, state: &mut DecksState) {
    ui.label(
        RichText::new(format!("Card pool: {}", catalog.pool.name()))
            .strong()
            .size(16.0),
    );
    let search_label = ui.label("Search by name or number");
    ui.add(
        egui::TextEdit::singleline(&mut state.filter.search)
            .hint_text("e.g. dragon or #5")
            .desired_width(f32::INFINITY),
    )
    .labelled_by(search_label.id);
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_label("Kind")
            .selected_text(state.filter.kind.label())
            .show_ui(ui, |ui| {
                for kind in [
                    KindFilter::All,
                    KindFilter::Monsters,
                    KindFilter::Spells,
                    KindFilter::Traps,
                ] {
                    ui.selectable_value(&mut state.filter.kind, kind, kind.label());
                }
            });
        egui::ComboBox::from_label("Attribute")
            .selected_text(state.filter.attribute.map_or("Any", |a| a.label()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.filter.attribute, None, "Any");
                for a in ATTRIBUTES {
                    ui.selectable_value(&mut state.filter.attribute, Some(a), a.label());
                }
            });
        egui::ComboBox::from_label("Type")
            .selected_text(state.filter.monster_type.map_or("Any", |t| t.label()))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut state.filter.monster_type, None, "Any");
                for t in MonsterType::ALL {
                    ui.selectable_value(&mut state.filter.monster_type, Some(t), t.label());
                }
            });
    });
    let matching: Vec<&CardDef> = catalog
        .pool
        .cards()
        .filter(|c| state.filter.accepts(c))
        .collect();
    ui.label(
        RichText::new(format!(
            "{} of {} cards",
            matching.len(),
            catalog.pool.len()
        ))
        .color(theme::TEXT_DIM),
    );
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    ScrollArea::vertical()
        .id_salt("pool-list")
        .auto_shrink([false, false])
        .show_rows(ui, row_height, matching.len(), |ui, rows| {
            // One line per card, so that every row has the height show_rows assumes.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Truncate);
            for card in &matching[rows] {
                let selected = state.card == Some(card.id);
                let response = ui.selectable_label(selected, row_text(card));
                if response.clicked() {
                    state.card = Some(card.id);
                }
                // Building a deck: a double click adds a copy.
                if response.double_clicked()
                    && let Some(draft) = state.editor.as_mut()
                {
                    draft.add(card.id);
                }
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::tests::project_assets;

    #[test]
    fn filters_narrow_the_pool() {
        let catalog = Catalog::load(&project_assets()).expect("assets");
        let count =
            |filter: &PoolFilter| catalog.pool.cards().filter(|c| filter.accepts(c)).count();
        let all = count(&PoolFilter::default());
        assert_eq!(all, catalog.pool.len());
        let dragons = PoolFilter {
            monster_type: Some(MonsterType::Dragon),
            ..PoolFilter::default()
        };
        let traps = PoolFilter {
            kind: KindFilter::Traps,
            ..PoolFilter::default()
        };
        assert!(count(&dragons) > 0 && count(&dragons) < all);
        assert!(count(&traps) > 0 && count(&traps) < all);
        let by_number = PoolFilter {
            search: "#5".into(),
            ..PoolFilter::default()
        };
        assert!(
            catalog
                .pool
                .cards()
                .filter(|c| by_number.accepts(c))
                .any(|c| c.id == CardId(5))
        );
    }
}
