//! The grid: terrain, cards with their current stats, Deck Leaders, and the marks that show
//! the selected card's legal moves, attacks and plays. Each cell is a button that names its
//! contents, so screen readers and tests can find it ("d8: your Battle Ox, ...").

use std::collections::BTreeMap;

use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Rect, Sense, Stroke, StrokeKind, Ui, WidgetInfo,
    pos2, vec2,
};
use fairduel_engine::grid::Edge;
use fairduel_engine::piece::{Bind, Class, Piece};
use fairduel_engine::{Cell, Place, Seat};

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
    pub(crate) fn words(self) -> &'static str {
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
    pub clicked: Option<Place>,
    pub hovered: Option<Place>,
    /// A Deck Master Zone was clicked (Domain Format): whose.
    pub deck_master: Option<Seat>,
    /// A Rule Zone was clicked (Kingdom Duels): whose.
    pub rule_zone: Option<Seat>,
}

/// How to draw a piece, from my seat's point of view.
pub fn piece_look<'a>(view: &'a SeatView, place: Place, piece: &Piece) -> CardLook<'a> {
    let duel = &view.duel;
    let card = duel.known_card(piece, Some(&view.knowledge));
    // The bluff: my own class-hidden cards are drawn as what I know them to be.
    let class = duel.known_class(piece, Some(&view.knowledge));
    // A Pendulum Scale (DOR Modern) is a monster card lying as a spell: no ATK or DEF.
    let stats = match place {
        Place::Cell(_) if class != Class::Monster => None,
        Place::Cell(cell) if piece.card.is_some() => duel.stats_at(cell),
        Place::Cell(cell) => card
            .filter(|c| c.is_monster())
            .map(|c| duel.stats_of(cell, piece, c)),
        Place::Zone { .. } if piece.class == Class::Monster => duel.field_stats(place, piece),
        Place::Zone { .. } => None,
    };
    CardLook {
        card,
        class: Some(class),
        face_down: !piece.face_up,
        // A class-hidden card shows the position it was set in, whatever it is.
        defence: piece.defence && class != Class::SpellTrap,
        leader: piece.leader,
        side: side_of(view, piece.controller),
        stats,
        level: duel
            .level_of(piece)
            .filter(|level| card.is_some_and(|c| c.level() != *level)),
        spellbound: piece.bind != Bind::Free,
        life_points: piece
            .leader
            .then(|| duel.state().player(piece.controller).life_points),
        retyped: piece.retyped,
    }
}

/// Whose side a card controlled by `controller` is on, from my seat.
pub fn side_of(view: &SeatView, controller: Seat) -> Side {
    let table = &view.duel.state().table;
    if controller == view.seat {
        Side::Mine
    } else if table.are_opponents(view.seat, controller) {
        Side::Theirs
    } else {
        Side::Ally
    }
}

/// The words a cell is named by.
pub fn cell_label(view: &SeatView, cell: Cell, mark: Option<Mark>) -> String {
    let duel = &view.duel;
    let terrain = duel.terrain_at(cell).label();
    let mut text = match duel.state().piece(cell) {
        None => format!("{cell}: empty {terrain}"),
        Some(piece) => {
            let whose = match side_of(view, piece.controller) {
                Side::Mine => "your",
                Side::Ally => "your partner's",
                Side::Theirs | Side::Neutral => "enemy",
            };
            let card = duel.known_card(piece, Some(&view.knowledge));
            let what = match (card, piece.leader) {
                (Some(c), true) => format!("Deck Leader {}", c.name),
                (Some(c), false) if !piece.face_up => format!("{} (face-down)", c.name),
                (Some(c), false) => c.name.clone(),
                (None, _) => match piece.class {
                    Class::Monster => "face-down monster".to_owned(),
                    Class::SpellTrap => "face-down spell or trap".to_owned(),
                    Class::Unknown if piece.defence => {
                        "face-down card in defence position, monster or spell/trap".to_owned()
                    }
                    Class::Unknown => "face-down card, monster or spell/trap".to_owned(),
                },
            };

            let mut text = format!("{cell}: {whose} {what}");
            // My own card set with the bluff: the others do not know its kind.
            if card.is_some() && !piece.face_up && piece.class == Class::Unknown {
                text.push_str(", its kind hidden from the others");
            }
            if let Some(scale) = card
                .filter(|_| piece.class != Class::Monster)
                .and_then(|c| c.pendulum_scale())
            {
                text.push_str(&format!(", Pendulum Scale {scale}"));
            }
            if !piece.leader
                && piece.class == Class::Monster
                && let Some(card) = card.filter(|c| c.is_monster())
            {
                if let Some(level) = piece_look(view, Place::Cell(cell), piece).level {
                    text.push_str(&format!(", now level {level}"));
                }
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
/// engine's cell, turning the board so that `my_edge` is always at the bottom (a quarter
/// turn for a seat at the left or right of a four-player board).
pub fn cell_at(my_edge: Edge, size: u8, row: u8, col: u8) -> Cell {
    let last = size.saturating_sub(1);
    match my_edge {
        Edge::Bottom => Cell::new(row, col),
        Edge::Top => Cell::new(last - row, last - col),
        // The left edge turned a quarter anticlockwise to the bottom.
        Edge::Left => Cell::new(col, last - row),
        // The right edge turned a quarter clockwise to the bottom.
        Edge::Right => Cell::new(last - col, row),
    }
}

/// The edge of the board my seat sits at (the bottom on boards that are not grids).
pub fn my_edge(view: &SeatView) -> Edge {
    view.duel
        .topology()
        .grid()
        .map_or(Edge::Bottom, |grid| grid.edge_of(view.seat))
}

/// Draws the board in the space available (square, centred, as large as fits).
pub fn board_ui(ui: &mut Ui, view: &SeatView, marks: &BTreeMap<Place, Mark>) -> BoardOutput {
    let n = view.duel.state().board_size.max(1);
    let edge = my_edge(view);
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
            let cell = cell_at(edge, n, row, col);
            let rect = Rect::from_min_size(
                origin + vec2(f32::from(col) * cell_size, f32::from(row) * cell_size),
                vec2(cell_size, cell_size),
            )
            .shrink(1.0);
            let response = ui.interact(rect, base_id.with((cell.row, cell.col)), Sense::click());
            let mark = marks.get(&Place::Cell(cell)).copied();
            response.widget_info(|| {
                WidgetInfo::labeled(egui::Role::Button, true, cell_label(view, cell, mark))
            });
            if response.clicked() {
                out.clicked = Some(Place::Cell(cell));
            }
            if response.hovered() {
                out.hovered = Some(Place::Cell(cell));
            }
            if !ui.is_rect_visible(rect) {
                continue;
            }
            paint_terrain(&painter, rect, view.duel.terrain_at(cell));
            if let Some(piece) = view.duel.state().piece(cell) {
                let look = piece_look(view, Place::Cell(cell), piece);
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
                paint_hover(&painter, rect);
            }
        }
    }
    // Coordinates: under the board and to its left, each line of cells named the way the
    // engine names it (a column letter or a row number, whichever way the board is turned).
    let far = n.saturating_sub(1).min(1);
    for i in 0..n {
        let x = origin.x + (f32::from(i) + 0.5) * cell_size;
        let y = origin.y + (f32::from(i) + 0.5) * cell_size;
        painter.text(
            pos2(x, grid.bottom() + gutter * 0.5),
            Align2::CENTER_CENTER,
            line_name(cell_at(edge, n, 0, i), cell_at(edge, n, far, i)),
            label_font.clone(),
            theme::TEXT_DIM,
        );
        painter.text(
            pos2(grid.left() - gutter * 0.5, y),
            Align2::CENTER_CENTER,
            line_name(cell_at(edge, n, i, 0), cell_at(edge, n, i, far)),
            label_font.clone(),
            theme::TEXT_DIM,
        );
    }
    out
}

/// The name of the line of cells through `a` and `b`: its column letter when they share a
/// column, else its row number.
fn line_name(a: Cell, b: Cell) -> String {
    if a.col == b.col && a != b {
        char::from(b'a' + a.col).to_string()
    } else {
        (u16::from(a.row) + 1).to_string()
    }
}

/// The thin outline of the cell or zone under the pointer.
pub(crate) fn paint_hover(painter: &egui::Painter, rect: Rect) {
    painter.rect_stroke(
        rect,
        CornerRadius::same(2),
        Stroke::new(1.5, Color32::from_white_alpha(160)),
        StrokeKind::Inside,
    );
}

pub(crate) fn paint_mark(painter: &egui::Painter, rect: Rect, mark: Mark, occupied: bool) {
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
        assert_eq!(cell_at(Edge::Bottom, 9, 0, 0), Cell::new(0, 0));
        assert_eq!(cell_at(Edge::Top, 9, 0, 0), Cell::new(8, 8));
        assert_eq!(cell_at(Edge::Top, 7, 6, 2), Cell::new(0, 4));
    }

    /// On a four-player board every seat sees its own edge along the bottom of the screen,
    /// with its Deck Leader's start in the middle of the bottom row.
    #[test]
    fn every_seat_of_four_sees_its_own_edge_at_the_bottom() {
        let n = 9;
        let grid = fairduel_engine::GridTopology::new(n, 4).expect("four seat");
        for seat in Seat::all(4) {
            let edge = grid.edge_of(seat);
            let bottom_middle = cell_at(edge, n, n - 1, n / 2);
            assert_eq!(
                bottom_middle,
                grid.leader_start(seat),
                "{seat:?} at {edge:?}"
            );
            // The whole bottom row is the seat's own side of the board.
            for col in 0..n {
                let cell = cell_at(edge, n, n - 1, col);
                let corner = col == 0 || col == n - 1;
                if !corner {
                    assert_eq!(grid.side_of(cell), Some(seat), "{seat:?}: {cell}");
                }
            }
            // Turning is one-to-one: every cell of the board shows exactly once.
            let shown: std::collections::BTreeSet<Cell> = (0..n)
                .flat_map(|row| (0..n).map(move |col| cell_at(edge, n, row, col)))
                .collect();
            assert_eq!(shown.len(), usize::from(n) * usize::from(n));
        }
    }

    #[test]
    fn a_turned_board_names_its_lines_by_what_they_are() {
        // Seat at the left: the screen's columns run along engine rows.
        let n = 9;
        assert_eq!(
            line_name(cell_at(Edge::Left, n, 0, 0), cell_at(Edge::Left, n, 1, 0)),
            "1"
        );
        assert_eq!(
            line_name(
                cell_at(Edge::Bottom, n, 0, 2),
                cell_at(Edge::Bottom, n, 1, 2)
            ),
            "c"
        );
    }
}
