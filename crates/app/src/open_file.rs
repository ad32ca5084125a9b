//! Opening files the way a desktop program does: a match record or a `.ydk` deck dropped on
//! the window, picked in the system's file dialog, or named on the command line
//! (`fairduel app FILE`, which is also how the desktop entry's "Open with" passes one).

use std::path::{Path, PathBuf};
use std::sync::{Arc, mpsc};

use egui::{Align2, Color32, FontId, Id, LayerId, Order};

use crate::theme;

/// What FairDuel does with a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A finished (or cut short) match record: audit it and replay it.
    Record,
    /// A YDK deck list: import it into the deck editor.
    YdkDeck,
    /// A FairDuel deck file (`.toml`): open it in the deck editor.
    FairDuelDeck,
    /// A match in progress, saved to be resumed.
    MatchInProgress,
}

impl FileKind {
    /// By the name's ending. Records are saved under any name (`fairduel demo --record
    /// x.fdr`), so anything that is neither a deck nor a saved match is read as a record,
    /// and the record reader says plainly when it is not one.
    pub fn of(path: &Path) -> FileKind {
        let ending = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ending.as_deref() {
            Some("ydk") => FileKind::YdkDeck,
            Some("toml") => FileKind::FairDuelDeck,
            Some("fdmatch") => FileKind::MatchInProgress,
            _ => FileKind::Record,
        }
    }
}

/// The files dropped on the window this frame, in the order dropped.
pub fn dropped_paths(ctx: &egui::Context) -> Vec<PathBuf> {
    ctx.input(|i| {
        i.raw
            .dropped_files
            .iter()
            .map(|f| f.path().to_path_buf())
            .filter(|p| !p.as_os_str().is_empty())
            .collect()
    })
}

/// While files are dragged over the window: a veil over everything saying what a drop does.
pub fn drop_hint_ui(ctx: &egui::Context) {
    let hovering = ctx.input(|i| !i.raw.hovered_files.is_empty());
    if !hovering {
        return;
    }
    let painter = ctx.layer_painter(LayerId::new(
        Order::Foreground,
        Id::unique("fairduel-file-drop-hint"),
    ));
    let screen = ctx.content_rect();
    painter.rect_filled(screen, 0.0, Color32::from_black_alpha(200));
    painter.text(
        screen.center(),
        Align2::CENTER_CENTER,
        "Drop a match record to audit and replay it, or a deck (.ydk or FairDuel's .toml) to open it",
        FontId::proportional(22.0),
        theme::TEXT,
    );
}

/// Shows the system's file dialog and returns the path chosen, if any.
pub type Pick = Arc<dyn Fn(FileKind) -> Option<PathBuf> + Send + Sync>;

/// The system's file dialog, run off the UI thread so the window keeps drawing (and the
/// match keeps running) while it is open. One dialog at a time.
pub struct FilePicker {
    pick: Pick,
    pending: Option<(FileKind, mpsc::Receiver<Option<PathBuf>>)>,
}

impl Default for FilePicker {
    fn default() -> Self {
        FilePicker::with(Arc::new(system_dialog))
    }
}

impl std::fmt::Debug for FilePicker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FilePicker")
            .field("open", &self.pending.as_ref().map(|(kind, _)| kind))
            .finish()
    }
}

impl FilePicker {
    /// A picker that asks `pick` instead of the system (tests, other front ends).
    pub fn with(pick: Pick) -> FilePicker {
        FilePicker {
            pick,
            pending: None,
        }
    }

    /// Whether a dialog is open now.
    pub fn is_open(&self) -> bool {
        self.pending.is_some()
    }

    /// Opens a dialog for a file of `kind`, unless one is open already.
    pub fn open(&mut self, kind: FileKind, ctx: &egui::Context) {
        if self.pending.is_some() {
            return;
        }
        let (sender, receiver) = mpsc::channel();
        let pick = Arc::clone(&self.pick);
        let ctx = ctx.clone();
        let ask = move || {
            // The window may have closed meanwhile: then nobody wants the answer.
            let _ = sender.send(pick(kind));
            ctx.request_repaint();
        };
        if cfg!(target_os = "macos") {
            // AppKit's dialogs must run on the main thread.
            ask();
        } else {
            std::thread::spawn(ask);
        }
        self.pending = Some((kind, receiver));
    }

    /// The file chosen, once the dialog has closed with one.
    pub fn chosen(&mut self) -> Option<(FileKind, PathBuf)> {
        let (kind, receiver) = self.pending.as_ref()?;
        let kind = *kind;
        match receiver.try_recv() {
            Ok(path) => {
                self.pending = None;
                path.map(|p| (kind, p))
            }
            Err(mpsc::TryRecvError::Empty) => None,
            Err(mpsc::TryRecvError::Disconnected) => {
                // The dialog's thread ended without an answer: treat as cancelled.
                self.pending = None;
                None
            }
        }
    }
}

/// The system dialog through rfd (on Linux the desktop portal over D-Bus, else zenity).
/// Without either, it returns nothing at once and the typed path stays the way to open.
fn system_dialog(kind: FileKind) -> Option<PathBuf> {
    let dialog = rfd::FileDialog::new();
    let dialog = match kind {
        FileKind::Record => dialog
            .set_title("Open a FairDuel match record")
            .add_filter("FairDuel match records", &["fdrec", "fdr"])
            .add_filter("Any file", &["*"]),
        FileKind::YdkDeck | FileKind::FairDuelDeck => dialog
            .set_title("Import a deck")
            .add_filter("YDK and FairDuel decks", &["ydk", "toml"]),
        FileKind::MatchInProgress => dialog
            .set_title("Open a saved match")
            .add_filter("FairDuel matches in progress", &["fdmatch"]),
    };
    dialog.pick_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_known_by_its_ending_and_anything_else_is_read_as_a_record() {
        assert_eq!(FileKind::of(Path::new("/x/My Deck.YDK")), FileKind::YdkDeck);
        assert_eq!(
            FileKind::of(Path::new("forest.toml")),
            FileKind::FairDuelDeck
        );
        assert_eq!(
            FileKind::of(Path::new("ab12.fdmatch")),
            FileKind::MatchInProgress
        );
        assert_eq!(FileKind::of(Path::new("match.fdrec")), FileKind::Record);
        assert_eq!(FileKind::of(Path::new("match")), FileKind::Record);
    }

    #[test]
    fn the_picker_hands_over_what_the_dialog_chose_once_and_then_is_free_again() {
        let ctx = egui::Context::default();
        let mut picker = FilePicker::with(Arc::new(|kind| {
            (kind == FileKind::Record).then(|| PathBuf::from("/records/a.fdrec"))
        }));
        picker.open(FileKind::Record, &ctx);
        let mut chosen = None;
        for _ in 0..200 {
            chosen = picker.chosen();
            if chosen.is_some() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(
            chosen,
            Some((FileKind::Record, PathBuf::from("/records/a.fdrec")))
        );
        assert!(!picker.is_open());

        // Cancelled: nothing to open, and the picker can open again.
        picker.open(FileKind::YdkDeck, &ctx);
        for _ in 0..200 {
            if !picker.is_open() {
                break;
            }
            assert_eq!(picker.chosen(), None);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert!(!picker.is_open());
    }
}
