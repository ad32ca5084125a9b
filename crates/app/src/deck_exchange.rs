//! Decks in and out of FairDuel on the decks screen: YDK files and ydke:// links of the other
//! deck tools (imported and exported through the passcode table), and FairDuel deck files
//! opened from anywhere.

use std::path::{Path, PathBuf};

use egui::{RichText, Ui};

use crate::catalog::Catalog;
use crate::decks::{DeckLibrary, DecksState, Report, shown_draft};
use crate::deckstore::DeckDraft;
use crate::theme;
use crate::ydk;

pub(crate) fn ydk_ui(
    ui: &mut Ui,
    catalog: &Catalog,
    library: &DeckLibrary,
    state: &mut DecksState,
) {
    ui.add_space(8.0);
    ui.label(RichText::new("YDK files (other deck tools)").strong());
    ui.label(
        RichText::new(format!(
            "YDK names cards by Konami passcode. FairDuel knows the passcodes of only {} \
             cards (checked ones; you can add more in passcodes.toml in FairDuel's data \
             folder), so most cards will be listed as left out.",
            library.passcodes.len()
        ))
        .small()
        .color(theme::TEXT_DIM),
    );
    let label = ui.label("YDK file path or ydke:// link");
    ui.add(
        egui::TextEdit::singleline(&mut state.ydk_path)
            .hint_text("/path/to/deck.ydk or ydke://…")
            .desired_width(f32::INFINITY),
    )
    .labelled_by(label.id);
    ui.horizontal(|ui| {
        if ui.button("Import YDK").clicked() {
            import_ydk(catalog, library, state);
        }
        if ui
            .button("Browse…")
            .on_hover_text("Pick a .ydk file to import (or drop one on the window)")
            .clicked()
        {
            state.browse = true;
        }
        if ui.button("Export YDK").clicked() {
            export_ydk(catalog, library, state);
        }
        if ui.button("Copy ydke link").clicked()
            && let Some(link) = copy_ydke(catalog, library, state)
        {
            ui.ctx().copy_text(link);
        }
    });
    for problem in &library.passcodes.problems {
        ui.label(RichText::new(problem).small().color(theme::PENALTY_ON_DARK));
    }
}

/// The deck shown as a `ydke://` link for the clipboard, with a report of what it holds.
fn copy_ydke(catalog: &Catalog, library: &DeckLibrary, state: &mut DecksState) -> Option<String> {
    let Some(draft) = state.editor.clone().or_else(|| shown_draft(catalog, state)) else {
        state.report = Some(Report::bad("There is no deck to copy.".into()));
        return None;
    };
    let out = ydk::export_ydke(&draft, &library.passcodes, &catalog.pool);
    let mut headline = format!(
        "Copied a ydke:// link of {} of {} main-deck cards of {} to the clipboard.",
        out.written,
        draft.main_len(),
        draft.name
    );
    if !out.left_out.is_empty() {
        headline.push_str(" Left out, for want of a known passcode:");
    }
    state.report = Some(Report::good(headline, out.left_out));
    Some(out.text)
}

/// Opens a FairDuel deck file into the editor as a new, unsaved deck (saving it puts it
/// among the player's decks); the file itself is never written.
pub(crate) fn open_deck_file(catalog: &Catalog, state: &mut DecksState, path: &Path) {
    let opened = std::fs::read_to_string(path)
        .map_err(|e| format!("Cannot read {}: {e}. Check the path.", path.display()))
        .and_then(|text| {
            DeckDraft::from_toml(&text, &catalog.pool).map_err(|e| {
                format!(
                    "{} is not a FairDuel deck this card pool can open: {e}.",
                    path.display()
                )
            })
        });
    state.report = Some(match opened {
        Err(message) => Report::bad(message),
        Ok(draft) => {
            let headline = format!(
                "Opened {} ({} main-deck cards) from {} as a new, unsaved deck: save it to keep \
                 it among your decks.",
                draft.name,
                draft.main_len(),
                path.display()
            );
            state.editor = Some(draft);
            state.offer_replace = false;
            Report::good(headline, Vec::new())
        }
    });
}

/// Imports the file or link typed in `state.ydk_path` into a new, unsaved deck.
pub(crate) fn import_ydk(catalog: &Catalog, library: &DeckLibrary, state: &mut DecksState) {
    let typed = state.ydk_path.trim();
    if typed.starts_with("ydke://") {
        let imported = ydk::parse_ydke(typed)
            .map(|file| ydk::import(&file, &library.passcodes, &catalog.pool, "Linked deck"));
        state.report = Some(match imported {
            Err(e) => Report::bad(format!("That ydke:// link cannot be imported: {e}.")),
            Ok(imported) => {
                let mut headline = format!(
                    "Imported {} main-deck cards from the ydke:// link into a new, unsaved deck.",
                    imported.mapped
                );
                if imported.draft.leader.is_none() {
                    headline.push_str(" The link names no Deck Leader: pick one.");
                }
                if !imported.left_out.is_empty() {
                    headline.push_str(&format!(" Left out ({}):", imported.left_out.len()));
                }
                state.editor = Some(imported.draft);
                state.offer_replace = false;
                Report::good(headline, imported.left_out)
            }
        });
        return;
    }
    let path = PathBuf::from(typed);
    if typed.is_empty() {
        state.report = Some(Report::bad(
            "Type the path of a .ydk file or a ydke:// link to import first.".into(),
        ));
        return;
    }
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            state.report = Some(Report::bad(format!(
                "Cannot read {}: {e}. Check the path.",
                path.display()
            )));
            return;
        }
    };
    let file = match ydk::parse_ydk(&text) {
        Ok(file) => file,
        Err(e) => {
            state.report = Some(Report::bad(format!(
                "{} is not a deck FairDuel can import: {e}.",
                path.display()
            )));
            return;
        }
    };
    let name = path.file_stem().map_or_else(
        || "Imported deck".to_owned(),
        |s| s.to_string_lossy().into_owned(),
    );
    let imported = ydk::import(&file, &library.passcodes, &catalog.pool, &name);
    let mut headline = format!(
        "Imported {} of {} main-deck cards from {} into a new, unsaved deck.",
        imported.mapped,
        file.main.len(),
        path.display()
    );
    if imported.draft.leader.is_none() {
        headline.push_str(" YDK has no Deck Leader: pick one.");
    }
    if !imported.left_out.is_empty() {
        headline.push_str(&format!(" Left out ({}):", imported.left_out.len()));
    }
    state.report = Some(Report::good(headline, imported.left_out));
    state.editor = Some(imported.draft);
    state.offer_replace = false;
}

fn export_ydk(catalog: &Catalog, library: &DeckLibrary, state: &mut DecksState) {
    let Some(draft) = state.editor.clone().or_else(|| shown_draft(catalog, state)) else {
        state.report = Some(Report::bad("There is no deck to export.".into()));
        return;
    };
    let path = if state.ydk_path.trim().is_empty() {
        match &library.store {
            Some(store) => {
                let path = store.dir().join(format!(
                    "{}.ydk",
                    crate::deckstore::file_stem_for(&draft.name)
                ));
                state.ydk_path = path.display().to_string();
                path
            }
            None => {
                state.report = Some(Report::bad(
                    "Type the path of the .ydk file to write first.".into(),
                ));
                return;
            }
        }
    } else {
        PathBuf::from(state.ydk_path.trim())
    };
    let out = ydk::export(&draft, &library.passcodes, &catalog.pool);
    let written = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&path, &out.text));
    state.report = Some(match written {
        Err(e) => Report::bad(format!(
            "Cannot write {}: {e}. Check the path and that the folder is writable.",
            path.display()
        )),
        Ok(()) => {
            let mut headline = format!(
                "Wrote {} of {} main-deck cards of {} to {}.",
                out.written,
                draft.main_len(),
                draft.name,
                path.display()
            );
            if !out.left_out.is_empty() {
                headline.push_str(" Left out, for want of a known passcode:");
            }
            Report::good(headline, out.left_out)
        }
    });
}
