//! The deck browser: the card pool with search and filters, a deck's contents, and whether
//! the deck is legal in a format (checked by the engine's own deck rules).

use std::collections::BTreeMap;

use egui::{RichText, ScrollArea, Ui, vec2};
use fairduel_engine::card::{Attribute, CardDef, CardId, CardKind, MonsterType};
use fairduel_engine::text::card_summary;

use crate::catalog::Catalog;
use crate::theme;
use crate::widgets::{CardLook, card_details_ui, paint_card};

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

#[derive(Debug, Clone, Default)]
pub struct DecksState {
    pub filter: PoolFilter,
    pub card: Option<CardId>,
    pub deck: String,
    pub format: String,
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

pub fn decks_ui(ui: &mut Ui, catalog: &Catalog, state: &mut DecksState) {
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
    ui.columns(3, |columns| {
        pool_ui(&mut columns[0], catalog, state);
        deck_ui(&mut columns[1], catalog, state);
        let ui = &mut columns[2];
        ui.label(RichText::new("Card").strong().size(16.0));
        match state.card.and_then(|id| catalog.pool.get(id)) {
            Some(card) => {
                let (rect, _) = ui.allocate_exact_size(vec2(120.0, 158.0), egui::Sense::hover());
                paint_card(ui.painter(), rect, &CardLook::plain(card));
                card_details_ui(ui, card, &catalog.pool);
            }
            None => {
                ui.label(RichText::new("Pick a card to read it.").color(theme::TEXT_DIM));
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
                if ui.selectable_label(selected, row_text(card)).clicked() {
                    state.card = Some(card.id);
                }
            }
        });
}

fn deck_ui(ui: &mut Ui, catalog: &Catalog, state: &mut DecksState) {
    ui.label(RichText::new("Decks").strong().size(16.0));
    let deck_name = catalog
        .deck(&state.deck)
        .map_or("—", |d| d.name.as_str())
        .to_owned();
    egui::ComboBox::from_label("Deck")
        .selected_text(deck_name)
        .show_ui(ui, |ui| {
            for deck in &catalog.decks {
                ui.selectable_value(&mut state.deck, deck.id.clone(), &deck.name);
            }
        });
    let format_name = catalog
        .format(&state.format)
        .map_or("—", |f| f.name())
        .to_owned();
    egui::ComboBox::from_label("Check against")
        .selected_text(format_name)
        .show_ui(ui, |ui| {
            for format in &catalog.formats {
                ui.selectable_value(&mut state.format, format.id.clone(), format.name());
            }
        });
    let (Some(deck), Some(format)) = (catalog.deck(&state.deck), catalog.format(&state.format))
    else {
        ui.label("No deck files in the asset folder.");
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
            catalog
                .formats
                .iter()
                .find_map(|f| deck.check(&f.rules).ok())
        }
    };
    ui.label(
        RichText::new(deck.path.display().to_string())
            .small()
            .color(theme::TEXT_DIM),
    );
    let Some(list) = list else {
        return;
    };
    ScrollArea::vertical()
        .id_salt("deck-list")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if let Some(leader) = catalog.pool.get(list.leader) {
                ui.label(RichText::new("Deck Leader").color(theme::LEADER_GOLD));
                if ui
                    .selectable_label(state.card == Some(leader.id), row_text(leader))
                    .clicked()
                {
                    state.card = Some(leader.id);
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
                        .selectable_label(
                            state.card == Some(card.id),
                            format!("{n}x {}", card.name),
                        )
                        .clicked()
                    {
                        state.card = Some(card.id);
                    }
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
