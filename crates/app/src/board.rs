//! The grid: terrain, cards with their current stats, Deck Leaders, and the marks that show
//! the selected card's legal moves, attacks and plays. Each cell is a button that names its
//! contents, so screen readers and tests can find it ("d8: your Battle Ox, ...").

use std::collections::BTreeMap;

use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Rect, Sense, Stroke, StrokeKind, Ui, WidgetInfo,
    pos2, vec2,
};
use fairduel_engine::piece::{Bind, Class, Piece};
use fairduel_engine::{Cell, Seat};

use crate::session::SeatView;
use crate::theme;
use crate::widgets::{CardLook, Side, card_rect_in, paint_card, paint_terrain};

/// How a cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// The card whose options are shown.
    Selected,
    /// The selected card may move here.
    Move,
    /// The selected card may attack the card here.
    Attack,
    /// The selected hand card may be played here.
    Play,
    /// A card the current prompt is about (a trap that may spring, an attacked card).
    Prompt,
    /// One of my cards that has something to do this turn.
    Ready,
    /// Where the latest action happened.
    Last,
}

impl Mark {
    fn words(self) -> &'static str {
        match self {
            Mark::Selected => "selected",
            Mark::Move => "move here",
            Mark::Attack => "attack here",
            Mark::Play => "play here",
            Mark::Prompt => "asked about",
            Mark::Ready => "can act",
            Mark::Last => "last action",
        }
    }

    fn colour(self) -> Color32 {
        match self {
            Mark::Selected => theme::SELECTED,
            Mark::Move => theme::MOVE_TARGET,
            Mark::Attack => theme::ATTACK_TARGET,
            Mark::Play => theme::PLAY_TARGET,
            Mark::Prompt => theme::PROMPT,
            Mark::Ready => theme::MINE.gamma_multiply(0.8),
            Mark::Last => Color32::from_white_alpha(200),
        }
    }
}

/// What the board reports back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BoardOutput {
    pub clicked: Option<Cell>,
    pub hovered: Option<Cell>,
}

/// How to draw a piece, from my seat's point of view.
pub fn piece_look<'a>(view: &'a SeatView, cell: Cell, piece: &Piece) -> CardLook<'a> {
    let duel = &view.duel;
    let card = duel.known_card(piece, Some(&view.knowledge));
    let stats = if piece.card.is_some() {
        duel.stats_at(cell)
    } else {
        card.filter(|c| c.is_monster())
            .map(|c| duel.stats_of(cell, piece, c))
    };
    CardLook {
        card,
        class: Some(piece.class),
        face_down: !piece.face_up,
        defence: piece.defence && piece.class == Class::Monster,
        leader: piece.leader,
        side: if piece.controller == view.seat {
            Side::Mine
        } else {
            Side::Theirs
        },
        stats,
        spellbound: piece.bind != Bind::Free,
        life_points: piece
            .leader
            .then(|| duel.state().player(piece.controller).life_points),
    }
}

/// The words a cell is named by.
pub fn cell_label(view: &SeatView, cell: Cell, mark: Option<Mark>) -> String {
    let duel = &view.duel;
    let terrain = duel.terrain_at(cell).label();
    let mut text = match duel.state().piece(cell) {
        None => format!("{cell}: empty {terrain}"),
        Some(piece) => {
            let whose = if piece.controller == view.seat {
                "your"
            } else {
                "enemy"
            };
            let card = duel.known_card(piece, Some(&view.knowledge));
            let what = match (card, piece.leader) {
                (Some(c), true) => format!("Deck Leader {}", c.name),
                (Some(c), false) if !piece.face_up => format!("{} (face-down)", c.name),
                (Some(c), false) => c.name.clone(),
                (None, _) if piece.class == Class::Monster => "face-down monster".to_owned(),
                (None, _) => "face-down spell or trap".to_owned(),
            };
            let mut text = format!("{cell}: {whose} {what}");
            if !piece.leader
                && let Some(card) = card.filter(|c| c.is_monster())
            {
                let (atk, def) = duel.stats_of(cell, piece, card);
                text.push_str(&format!(", ATK {atk} DEF {def}"));
                if piece.defence {
                    text.push_str(", defence position");
                }
            }
            text.push_str(&format!(", on {terrain}"));
            text
        }
    };
    if let Some(mark) = mark {
        text.push_str(" — ");
        text.push_str(mark.words());
    }
    text
}

/// Maps a screen position (row and column from the top left of the drawn board) to the
/// engine's cell: my home row is always at the bottom.
pub fn cell_at(seat: Seat, size: u8, row: u8, col: u8) -> Cell {
    if seat.index() == 1 {
        Cell::new(size - 1 - row, size - 1 - col)
    } else {
        Cell::new(row, col)
    }
}

/// Draws the board in the space available (square, centred, as large as fits).
pub fn board_ui(ui: &mut Ui, view: &SeatView, marks: &BTreeMap<Cell, Mark>) -> BoardOutput {
    let n = view.duel.state().board_size.max(1);
    let available = ui.available_rect_before_wrap();
    let gutter = (available.width().min(available.height()) * 0.03).clamp(12.0, 22.0);
    let side = (available.width().min(available.height()) - gutter).max(60.0);
    let cell_size = (side / f32::from(n)).floor();
    let grid_size = cell_size * f32::from(n);
    let origin = pos2(
        available.center().x - (grid_size + gutter) / 2.0 + gutter,
        available.top() + ((available.height() - grid_size - gutter) / 2.0).max(0.0),
    );
    let grid = Rect::from_min_size(origin, vec2(grid_size, grid_size));
    let whole = Rect::from_min_max(grid.min - vec2(gutter, 0.0), grid.max + vec2(0.0, gutter));
    ui.allocate_rect(whole, Sense::hover());
    let painter = ui.painter_at(whole);
    painter.rect_filled(grid.expand(3.0), CornerRadius::same(4), theme::BACKGROUND);

    let base_id = Id::unique("fairduel-board");
    let mut out = BoardOutput::default();
    let label_font = FontId::monospace((gutter * 0.6).clamp(9.0, 14.0));
    for row in 0..n {
        for col in 0..n {
            let cell = cell_at(view.seat, n, row, col);
            let rect = Rect::from_min_size(
                origin + vec2(f32::from(col) * cell_size, f32::from(row) * cell_size),
                vec2(cell_size, cell_size),
            )
            .shrink(1.0);
            let response = ui.interact(rect, base_id.with((cell.row, cell.col)), Sense::click());
            let mark = marks.get(&cell).copied();
            response.widget_info(|| {
                WidgetInfo::labeled(egui::Role::Button, true, cell_label(view, cell, mark))
            });
            if response.clicked() {
                out.clicked = Some(cell);
            }
            if response.hovered() {
                out.hovered = Some(cell);
            }
            if !ui.is_rect_visible(rect) {
                continue;
            }
            paint_terrain(&painter, rect, view.duel.terrain_at(cell));
            if let Some(piece) = view.duel.state().piece(cell) {
                let look = piece_look(view, cell, piece);
                paint_card(&painter, card_rect_in(rect, look.defence), &look);
            }
            if let Some(mark) = mark {
                paint_mark(
                    &painter,
                    rect,
                    mark,
                    view.duel.state().piece(cell).is_some(),
                );
            }
            if response.hovered() {
                painter.rect_stroke(
                    rect,
                    CornerRadius::same(2),
                    Stroke::new(1.5, Color32::from_white_alpha(160)),
                    StrokeKind::Inside,
                );
            }
        }
    }
    // Coordinates: column letters under the board, row numbers to its left.
    for i in 0..n {
        let cell = cell_at(view.seat, n, i, i);
        let x = origin.x + (f32::from(i) + 0.5) * cell_size;
        let y = origin.y + (f32::from(i) + 0.5) * cell_size;
        painter.text(
            pos2(x, grid.bottom() + gutter * 0.5),
            Align2::CENTER_CENTER,
            char::from(b'a' + cell.col),
            label_font.clone(),
            theme::TEXT_DIM,
        );
        painter.text(
            pos2(grid.left() - gutter * 0.5, y),
            Align2::CENTER_CENTER,
            (u16::from(cell.row) + 1).to_string(),
            label_font.clone(),
            theme::TEXT_DIM,
        );
    }
    out
}

fn paint_mark(painter: &egui::Painter, rect: Rect, mark: Mark, occupied: bool) {
    let colour = mark.colour();
    match mark {
        Mark::Last => {
            let r = rect.shrink(2.0);
            let stroke = Stroke::new(2.0, colour);
            let corners = [
                r.left_top(),
                r.right_top(),
                r.right_bottom(),
                r.left_bottom(),
            ];
            for i in 0..4 {
                let (a, b) = (corners[i], corners[(i + 1) % 4]);
                painter.add(egui::Shape::dashed_line(&[a, b], stroke, 5.0, 4.0));
            }
        }
        Mark::Ready => {
            painter.rect_stroke(
                rect,
                CornerRadius::same(3),
                Stroke::new(1.5, colour),
                StrokeKind::Inside,
            );
        }
        Mark::Selected | Mark::Prompt => {
            painter.rect_stroke(
                rect,
                CornerRadius::same(3),
                Stroke::new(3.5, colour),
                StrokeKind::Inside,
            );
        }
        Mark::Move | Mark::Play | Mark::Attack => {
            painter.rect_filled(rect, CornerRadius::same(3), colour.gamma_multiply(0.22));
            painter.rect_stroke(
                rect,
                CornerRadius::same(3),
                Stroke::new(2.5, colour),
                StrokeKind::Inside,
            );
            let r = rect.width() * 0.11;
            let c = if occupied {
                rect.right_top() + vec2(-r * 1.3, r * 1.3)
            } else {
                rect.center()
            };
            painter.circle_filled(c, r, colour);
            let ink = Stroke::new(2.0, Color32::from_gray(20));
            match mark {
                Mark::Attack => {
                    painter.line_segment([c - vec2(r * 0.6, 0.0), c + vec2(r * 0.6, 0.0)], ink);
                    painter.line_segment([c - vec2(0.0, r * 0.6), c + vec2(0.0, r * 0.6)], ink);
                    painter.circle_stroke(c, r * 0.45, ink);
                }
                Mark::Play => {
                    painter.line_segment([c - vec2(r * 0.6, 0.0), c + vec2(r * 0.6, 0.0)], ink);
                    painter.line_segment([c - vec2(0.0, r * 0.6), c + vec2(0.0, r * 0.6)], ink);
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_one_sees_the_board_turned_round() {
        assert_eq!(cell_at(Seat(0), 9, 0, 0), Cell::new(0, 0));
        assert_eq!(cell_at(Seat(1), 9, 0, 0), Cell::new(8, 8));
        assert_eq!(cell_at(Seat(1), 7, 6, 2), Cell::new(0, 4));
    }
}
