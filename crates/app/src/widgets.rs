//! Small drawing pieces: cards, terrain tiles, level stars. Cards are drawn by the app from
//! the card definitions (there are no card images), so every card on screen reads the same
//! way: frame colour by kind, name, level, attribute, current ATK/DEF.

use egui::epaint::{Mesh, TextShape};
use egui::text::LayoutJob;
use egui::{
    Align2, Color32, CornerRadius, FontId, Painter, Pos2, Rect, Response, Sense, Stroke,
    StrokeKind, Ui, Vec2, WidgetInfo, pos2, vec2,
};
use fairduel_engine::card::{CardDef, CardKind, SpellKind, TrapKind, TrapRange};
use fairduel_engine::piece::{Class, Retyped};
use fairduel_engine::terrain::{Affinity, Terrain};
use fairduel_engine::text::{card_summary, card_text_with};
use fairduel_engine::{CardPool, card::MonsterType};

use crate::images::{card_texture, cover_uv};
use crate::theme;

/// Whose card it is, for the rim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Mine,
    /// A teammate's.
    Ally,
    Theirs,
    /// Not on the board (the deck browser, the inspector's large view).
    Neutral,
}

/// Everything needed to draw one card.
#[derive(Debug, Clone, Copy)]
pub struct CardLook<'a> {
    /// `None`: a face-down card whose identity this seat does not know (drawn as a back).
    pub card: Option<&'a CardDef>,
    /// For a back: the class of a face-down card, public on the board (monster or
    /// spell/trap); `None` for a card in a hand, whose class nobody else knows.
    pub class: Option<Class>,
    /// Set face-down. A known face-down card (my own) is drawn dimmed and marked.
    pub face_down: bool,
    /// Defence position: drawn sideways.
    pub defence: bool,
    pub leader: bool,
    pub side: Side,
    /// Current ATK and DEF, when they differ from what is printed.
    pub stats: Option<(i32, i32)>,
    /// Current level, when an effect changed it.
    pub level: Option<u8>,
    pub spellbound: bool,
    /// A Deck Leader shows its player's life points.
    pub life_points: Option<u32>,
    /// The type or attribute an effect gave a face-up monster on the grid.
    pub retyped: Retyped,
}

impl<'a> CardLook<'a> {
    /// A card shown on its own (hand, deck browser, inspector).
    pub fn plain(card: &'a CardDef) -> CardLook<'a> {
        CardLook {
            card: Some(card),
            class: Some(if card.is_monster() {
                Class::Monster
            } else {
                Class::SpellTrap
            }),
            face_down: false,
            defence: false,
            leader: false,
            side: Side::Neutral,
            stats: None,
            level: None,
            spellbound: false,
            life_points: None,
            retyped: Retyped::NONE,
        }
    }
}

/// The rectangle a card takes in a square cell: upright in attack position, sideways in
/// defence.
pub fn card_rect_in(cell: Rect, defence: bool) -> Rect {
    let long = cell.height().min(cell.width()) * 0.92;
    let short = long * 0.78;
    let size = if defence {
        vec2(long, short)
    } else {
        vec2(short, long)
    };
    Rect::from_center_size(cell.center(), size)
}

fn font(size: f32) -> FontId {
    FontId::proportional(size.max(6.0))
}

fn mono(size: f32) -> FontId {
    FontId::monospace(size.max(6.0))
}

/// Paints a card into `rect`.
pub fn paint_card(painter: &Painter, rect: Rect, look: &CardLook<'_>) {
    let radius = CornerRadius::same((rect.width().min(rect.height()) * 0.08) as u8);
    let rim = match look.side {
        Side::Mine => theme::MINE,
        Side::Ally => theme::ALLY,
        Side::Theirs => theme::THEIRS,
        Side::Neutral => Color32::from_gray(20),
    };
    match look.card {
        None => paint_back(painter, rect, radius, look.class),
        Some(card) => paint_face(painter, rect, radius, card, look),
    }
    if look.leader {
        painter.rect_stroke(
            rect,
            radius,
            Stroke::new(3.0, theme::LEADER_GOLD),
            StrokeKind::Outside,
        );
        painter.rect_stroke(
            rect.expand(3.0),
            radius,
            Stroke::new(1.5, rim),
            StrokeKind::Outside,
        );
    } else {
        painter.rect_stroke(rect, radius, Stroke::new(2.0, rim), StrokeKind::Outside);
    }
    if look.card.is_some() && look.face_down {
        // My own face-down card: dimmed, with a "set" corner so it never passes for face-up.
        painter.rect_filled(rect, radius, Color32::from_black_alpha(95));
        let s = rect.width().min(rect.height()) * 0.30;
        let corner = [
            rect.right_top(),
            rect.right_top() + vec2(0.0, s),
            rect.right_top() - vec2(s, 0.0),
        ];
        painter.add(egui::Shape::convex_polygon(
            corner.to_vec(),
            theme::CARD_BACK,
            Stroke::new(1.0, theme::CARD_BACK_INK),
        ));
    }
    if look.spellbound {
        let stroke = Stroke::new(2.0, Color32::from_rgb(190, 190, 210));
        let r = rect.shrink(rect.width() * 0.12);
        painter.line_segment([r.left_top(), r.right_bottom()], stroke);
        painter.line_segment([r.right_top(), r.left_bottom()], stroke);
    }
}

fn paint_back(painter: &Painter, rect: Rect, radius: CornerRadius, class: Option<Class>) {
    painter.rect_filled(rect, radius, theme::CARD_BACK);
    let inner = rect.shrink(rect.width().min(rect.height()) * 0.12);
    painter.rect_stroke(
        inner,
        radius,
        Stroke::new(1.0, theme::CARD_BACK_INK),
        StrokeKind::Inside,
    );
    let c = inner.center();
    let r = inner.width().min(inner.height()) * 0.30;
    painter.add(egui::Shape::convex_polygon(
        vec![
            c + vec2(0.0, -r),
            c + vec2(r * 0.8, 0.0),
            c + vec2(0.0, r),
            c + vec2(-r * 0.8, 0.0),
        ],
        theme::CARD_BACK_INK,
        Stroke::NONE,
    ));
    // What a face-down card is (monster or spell/trap) is public on the grid, except under
    // the bluff, where a class-hidden card shows a question mark.
    let letters = match class {
        Some(Class::Monster) => "M",
        Some(Class::SpellTrap) => "S/T",
        Some(Class::Unknown) => "?",
        None => return,
    };
    painter.text(
        c,
        Align2::CENTER_CENTER,
        letters,
        font(r * 0.9),
        theme::CARD_BACK,
    );
}

fn paint_face(
    painter: &Painter,
    rect: Rect,
    radius: CornerRadius,
    card: &CardDef,
    look: &CardLook<'_>,
) {
    painter.rect_filled(rect, radius, theme::card_frame(card));
    let unit = rect.width().min(rect.height());
    let pad = (unit * 0.045).max(1.5);
    let inner = rect.shrink(pad);
    painter.rect_filled(inner, CornerRadius::same(2), theme::card_face(card));
    // Text sizes follow the card: legible at the smallest board cell, not huge on a big one.
    let text = (unit * 0.205).clamp(7.5, 16.0);
    let mut job = LayoutJob::simple(
        card.name.clone(),
        font(text),
        theme::CARD_TEXT,
        inner.width() - 2.0,
    );
    job.wrap.max_rows = if look.defence { 1 } else { 2 };
    let galley = painter.layout_job(job);
    let name_bottom = inner.top() + galley.size().y;
    painter.galley(inner.min + vec2(1.5, 0.0), galley, theme::CARD_TEXT);

    let row = text * 1.12;
    let bottom = inner.bottom() - 1.0;
    // The player's picture of the card, if they have one, in the space between the name and
    // the level and stats, as on a printed card.
    let text_rows_below = match &card.kind {
        CardKind::Monster(_) if look.leader || look.defence => 2.0,
        CardKind::Monster(_) => 3.0,
        CardKind::Kingdom(k) if k.atk.is_some() && look.defence => 2.0,
        CardKind::Kingdom(k) if k.atk.is_some() => 3.0,
        _ => 2.2,
    };
    let art = Rect::from_min_max(
        pos2(inner.left() + 1.0, name_bottom + 1.0),
        pos2(inner.right() - 1.0, bottom - row * text_rows_below),
    );
    if art.height() >= 8.0
        && let Some(texture) = card_texture(painter.ctx(), card.id)
    {
        let tint = if look.face_down {
            Color32::from_white_alpha(150)
        } else {
            Color32::WHITE
        };
        painter.image(texture.id, art, cover_uv(&texture, art), tint);
    }
    match &card.kind {
        CardKind::Monster(m) => {
            let leader_or_stats_rows = if look.leader || look.defence {
                1.0
            } else {
                2.0
            };
            // The level and attribute row sits just above the stats.
            let level_y =
                (bottom - row * (leader_or_stats_rows + 0.5)).max(name_bottom + row * 0.5);
            let star_r = text * 0.45;
            let star_c = pos2(inner.left() + star_r + 1.5, level_y);
            paint_star(painter, star_c, star_r, Color32::from_rgb(230, 80, 30));
            let level = look.level.unwrap_or(m.level);
            painter.text(
                star_c + vec2(star_r + 1.0, 0.0),
                Align2::LEFT_CENTER,
                level.to_string(),
                mono(text * 0.95),
                stat_colour(i32::from(level), i32::from(m.level)),
            );
            let attr_c = pos2(inner.right() - star_r - 1.5, level_y);
            // An attribute an effect gave the monster shows instead of the printed one.
            let attribute = look.retyped.attribute.unwrap_or(m.attribute);
            painter.circle_filled(attr_c, star_r * 1.15, theme::attribute_colour(attribute));
            painter.text(
                attr_c,
                Align2::CENTER_CENTER,
                &attribute.label()[..1],
                mono(text * 0.75),
                Color32::WHITE,
            );
            if look.leader {
                paint_crown(painter, pos2(inner.center().x, level_y), text * 0.5);
                let lp = look
                    .life_points
                    .map_or_else(|| "LEADER".to_owned(), |lp| format!("{lp}"));
                painter.text(
                    pos2(inner.center().x, bottom),
                    Align2::CENTER_BOTTOM,
                    lp,
                    mono(text),
                    theme::CARD_TEXT,
                );
            } else {
                let base = (i32::from(m.atk), i32::from(m.def));
                let current = look.stats.unwrap_or(base);
                paint_stats(painter, inner, bottom, text, current, base, look.defence);
            }
        }
        CardKind::Spell { spell } => {
            let sub = match spell {
                SpellKind::Normal => "",
                SpellKind::Equip => "equip",
                SpellKind::Field => "field",
                SpellKind::Continuous => "cont.",
                SpellKind::Ritual => "ritual",
                SpellKind::QuickPlay => "quick-play",
            };
            kind_lines(painter, inner, bottom, text, "SPELL", sub);
        }
        // A card game's trap (a card database's) has no reach on a grid to show.
        CardKind::Trap { trap, .. } if card.database.is_some() => {
            let sub = match trap {
                TrapKind::Normal => "",
                TrapKind::Continuous => "cont.",
                TrapKind::Counter => "counter",
            };
            kind_lines(painter, inner, bottom, text, "TRAP", sub);
        }
        CardKind::Trap { trap, range } => {
            let sub = match (trap, range) {
                (TrapKind::Normal, TrapRange::Limited) => "limited",
                (TrapKind::Normal, TrapRange::Full) => "full range",
                (TrapKind::Continuous, TrapRange::Limited) => "cont. limited",
                (TrapKind::Continuous, TrapRange::Full) => "cont. full",
                (TrapKind::Counter, _) => "counter",
            };
            kind_lines(painter, inner, bottom, text, "TRAP", sub);
        }
        CardKind::Kingdom(k) => match (&k.atk, &k.def) {
            (Some(_), Some(_)) => {
                let printed = (i32::from(k.base_atk()), i32::from(k.base_def()));
                let current = look.stats.unwrap_or(printed);
                let stats_top =
                    paint_stats(painter, inner, bottom, text, current, printed, look.defence);
                // The level and attribute just above the stats, where the card has room.
                let star_r = text * 0.45;
                let level_y = stats_top - star_r - 1.5;
                if level_y - star_r >= name_bottom {
                    if let Some(printed) = k.level {
                        let level = look.level.unwrap_or(printed);
                        let star_c = pos2(inner.left() + star_r + 1.5, level_y);
                        paint_star(painter, star_c, star_r, Color32::from_rgb(230, 80, 30));
                        painter.text(
                            star_c + vec2(star_r + 1.0, 0.0),
                            Align2::LEFT_CENTER,
                            level.to_string(),
                            mono(text * 0.95),
                            stat_colour(i32::from(level), i32::from(printed)),
                        );
                    }
                    if let Some(attribute) = k.attribute {
                        let attr_c = pos2(inner.right() - star_r - 1.5, level_y);
                        painter.circle_filled(
                            attr_c,
                            star_r * 1.15,
                            theme::attribute_colour(attribute),
                        );
                        painter.text(
                            attr_c,
                            Align2::CENTER_CENTER,
                            &attribute.label()[..1],
                            mono(text * 0.75),
                            Color32::WHITE,
                        );
                    }
                }
            }
            _ => kind_lines(
                painter,
                inner,
                bottom,
                text,
                &k.frame.label().to_uppercase(),
                &k.level.map(|l| format!("Level {l}")).unwrap_or_default(),
            ),
        },
    }
}

fn kind_lines(painter: &Painter, inner: Rect, bottom: f32, text: f32, word: &str, sub: &str) {
    let sub_height = if sub.is_empty() { 0.0 } else { text * 1.1 };
    painter.text(
        pos2(inner.center().x, bottom - sub_height),
        Align2::CENTER_BOTTOM,
        word,
        mono(text * 0.95),
        theme::CARD_TEXT,
    );
    if !sub.is_empty() {
        painter.text(
            pos2(inner.center().x, bottom),
            Align2::CENTER_BOTTOM,
            sub,
            font(text * 0.9),
            theme::CARD_TEXT,
        );
    }
}

/// A monster's current ATK and DEF at the foot of its card, each coloured against the
/// printed value: green above it, red below. Returns the top of what it drew.
fn paint_stats(
    painter: &Painter,
    inner: Rect,
    bottom: f32,
    text: f32,
    (atk, def): (i32, i32),
    printed: (i32, i32),
    defence: bool,
) -> f32 {
    let stat = |value: i32, printed: i32, prefix: &str| {
        let mut job = LayoutJob::default();
        let plain = egui::TextFormat {
            font_id: mono(text * 0.8),
            color: theme::CARD_TEXT.gamma_multiply(0.75),
            ..Default::default()
        };
        job.append(prefix, 0.0, plain);
        job.append(
            &value.to_string(),
            1.0,
            egui::TextFormat {
                font_id: mono(text),
                color: stat_colour(value, printed),
                ..Default::default()
            },
        );
        painter.layout_job(job)
    };
    let atk_galley = stat(atk, printed.0, "A");
    let def_galley = stat(def, printed.1, "D");
    let side_by_side = atk_galley.size().x + def_galley.size().x + 4.0 <= inner.width();
    if defence && side_by_side {
        // Sideways: ATK and DEF side by side.
        let y = bottom - atk_galley.size().y;
        painter.add(TextShape::new(
            pos2(inner.left() + 1.5, y),
            atk_galley,
            theme::CARD_TEXT,
        ));
        let x = inner.right() - 1.5 - def_galley.size().x;
        painter.add(TextShape::new(pos2(x, y), def_galley, theme::CARD_TEXT));
        y
    } else {
        let h = atk_galley.size().y;
        painter.add(TextShape::new(
            pos2(inner.left() + 1.5, bottom - 2.0 * h),
            atk_galley,
            theme::CARD_TEXT,
        ));
        painter.add(TextShape::new(
            pos2(inner.left() + 1.5, bottom - h),
            def_galley,
            theme::CARD_TEXT,
        ));
        bottom - 2.0 * h
    }
}

/// Green above the printed value, red below, plain when equal.
pub fn stat_colour(value: i32, printed: i32) -> Color32 {
    match value.cmp(&printed) {
        std::cmp::Ordering::Greater => theme::BONUS,
        std::cmp::Ordering::Less => theme::PENALTY,
        std::cmp::Ordering::Equal => theme::CARD_TEXT,
    }
}

/// A five-pointed star as a fan of triangles (epaint fills only convex shapes).
pub fn paint_star(painter: &Painter, centre: Pos2, radius: f32, colour: Color32) {
    let mut mesh = Mesh::default();
    mesh.colored_vertex(centre, colour);
    for i in 0..10u32 {
        let r = if i % 2 == 0 { radius } else { radius * 0.45 };
        let angle = std::f32::consts::TAU * (i as f32) / 10.0 - std::f32::consts::FRAC_PI_2;
        mesh.colored_vertex(centre + r * Vec2::angled(angle), colour);
    }
    for i in 0..10u32 {
        mesh.add_triangle(0, 1 + i, 1 + (i + 1) % 10);
    }
    painter.add(egui::Shape::mesh(mesh));
}

fn paint_crown(painter: &Painter, centre: Pos2, size: f32) {
    let base = Rect::from_center_size(
        centre + vec2(0.0, size * 0.35),
        vec2(size * 2.0, size * 0.5),
    );
    painter.rect_filled(base, CornerRadius::ZERO, theme::LEADER_GOLD);
    for dx in [-0.8f32, 0.0, 0.8] {
        let x = centre.x + dx * size;
        painter.add(egui::Shape::convex_polygon(
            vec![
                pos2(x - size * 0.3, base.top()),
                pos2(x, centre.y - size * 0.6),
                pos2(x + size * 0.3, base.top()),
            ],
            theme::LEADER_GOLD,
            Stroke::NONE,
        ));
    }
}

/// Paints a terrain tile: its colour plus a pattern of its own, so that terrains differ in
/// shape as well as colour.
pub fn paint_terrain(painter: &Painter, rect: Rect, terrain: Terrain) {
    painter.rect_filled(rect, CornerRadius::same(2), theme::terrain_fill(terrain));
    let ink = theme::terrain_ink(terrain);
    let s = rect.width().min(rect.height());
    let stroke = Stroke::new((s * 0.03).max(1.0), ink);
    // The pattern sits in the corners and along the edges, where a card does not cover it.
    let corners = [
        rect.left_top() + vec2(s * 0.12, s * 0.12),
        rect.right_top() + vec2(-s * 0.12, s * 0.12),
        rect.left_bottom() + vec2(s * 0.12, -s * 0.12),
        rect.right_bottom() + vec2(-s * 0.12, -s * 0.12),
    ];
    let g = s * 0.095;
    match terrain {
        Terrain::Normal => {
            for c in corners {
                painter.circle_filled(c, g * 0.35, ink);
            }
        }
        Terrain::Forest => {
            for c in corners {
                painter.add(egui::Shape::convex_polygon(
                    vec![c + vec2(0.0, -g * 1.2), c + vec2(g, g), c + vec2(-g, g)],
                    ink,
                    Stroke::NONE,
                ));
            }
        }
        Terrain::Mountain => {
            for c in corners {
                painter.add(egui::Shape::convex_polygon(
                    vec![
                        c + vec2(0.0, -g * 1.1),
                        c + vec2(g * 1.2, g),
                        c + vec2(-g * 1.2, g),
                    ],
                    theme::terrain_fill(terrain).gamma_multiply(0.7),
                    Stroke::NONE,
                ));
                painter.add(egui::Shape::convex_polygon(
                    vec![
                        c + vec2(0.0, -g * 1.1),
                        c + vec2(g * 0.45, -g * 0.3),
                        c + vec2(-g * 0.45, -g * 0.3),
                    ],
                    ink,
                    Stroke::NONE,
                ));
            }
        }
        Terrain::Sea => {
            for y in [0.14f32, 0.5, 0.86] {
                let y = rect.top() + s * y;
                let points: Vec<Pos2> = (0..=8)
                    .map(|i| {
                        let x = rect.left() + s * 0.04 + (s * 0.92) * (i as f32) / 8.0;
                        let dy = if i % 2 == 0 { -g * 0.35 } else { g * 0.35 };
                        pos2(x, y + dy)
                    })
                    .collect();
                painter.add(egui::Shape::line(points, stroke));
            }
        }
        Terrain::Meadow => {
            for c in corners {
                for dx in [-0.5f32, 0.0, 0.5] {
                    painter.line_segment(
                        [c + vec2(dx * g, g * 0.8), c + vec2(dx * g * 1.6, -g * 0.8)],
                        stroke,
                    );
                }
            }
        }
        Terrain::Wasteland => {
            for c in corners {
                painter.add(egui::Shape::line(
                    vec![
                        c + vec2(-g, -g * 0.6),
                        c + vec2(-g * 0.2, g * 0.1),
                        c + vec2(g * 0.2, -g * 0.4),
                        c + vec2(g, g * 0.6),
                    ],
                    stroke,
                ));
            }
        }
        Terrain::Dark => {
            for c in corners {
                paint_star(painter, c, g * 0.7, ink);
            }
        }
        Terrain::Toon => {
            for c in corners {
                painter.circle_filled(c, g * 0.7, ink);
            }
            painter.circle_filled(rect.center_top() + vec2(0.0, s * 0.08), g * 0.45, ink);
            painter.circle_filled(rect.center_bottom() - vec2(0.0, s * 0.08), g * 0.45, ink);
        }
        Terrain::Crush => {
            for c in corners {
                painter.line_segment([c + vec2(-g, -g), c + vec2(g, g)], stroke);
                painter.line_segment([c + vec2(g, -g), c + vec2(-g, g)], stroke);
            }
        }
        Terrain::Labyrinth => {
            // Maze walls along the edges and through the middle.
            let wall = Stroke::new((s * 0.06).max(1.5), ink);
            let r = rect.shrink(s * 0.06);
            painter.rect_stroke(r, CornerRadius::ZERO, wall, StrokeKind::Inside);
            painter.line_segment(
                [r.left_center(), r.left_center() + vec2(s * 0.35, 0.0)],
                wall,
            );
            painter.line_segment(
                [r.right_center(), r.right_center() - vec2(s * 0.35, 0.0)],
                wall,
            );
            painter.line_segment([r.center_top(), r.center_top() + vec2(0.0, s * 0.25)], wall);
            painter.line_segment(
                [r.center_bottom(), r.center_bottom() - vec2(0.0, s * 0.25)],
                wall,
            );
        }
    }
}

/// What a terrain does, in words.
pub fn terrain_blurb(terrain: Terrain) -> String {
    let listed = |wanted: Affinity| -> Vec<&'static str> {
        MonsterType::ALL
            .iter()
            .filter(|t| terrain.affinity(**t) == wanted)
            .map(|t| t.label())
            .collect()
    };
    match terrain {
        Terrain::Normal => "Normal: no effect.".to_owned(),
        Terrain::Labyrinth => "Labyrinth: no card may enter or be played here.".to_owned(),
        Terrain::Toon => "Toon: Toons +500, every other monster -500.".to_owned(),
        Terrain::Crush => {
            "Crush: destroys a monster with 1500 ATK or more that enters; Immortals +500."
                .to_owned()
        }
        _ => {
            let up = listed(Affinity::PoweredUp);
            let down = listed(Affinity::Weakened);
            let mut text = format!("{}: +500 for {}", terrain.label(), up.join(", "));
            if !down.is_empty() {
                text.push_str(&format!("; -500 for {}", down.join(", ")));
            }
            text.push('.');
            text
        }
    }
}

/// A terrain swatch with its name, for the legend.
pub fn terrain_swatch_ui(ui: &mut Ui, terrain: Terrain) -> Response {
    let size = vec2(100.0, 20.0);
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    let tile = Rect::from_min_size(rect.min, Vec2::splat(size.y));
    paint_terrain(ui.painter(), tile, terrain);
    ui.painter().text(
        pos2(tile.right() + 6.0, rect.center().y),
        Align2::LEFT_CENTER,
        terrain.label(),
        font(13.0),
        theme::TEXT,
    );
    response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, terrain.label()));
    response.on_hover_text(terrain_blurb(terrain))
}

/// A card drawn at `size` that can be clicked. `label` names it for screen readers and
/// tests; `selected` draws a highlight around it.
pub fn card_ui(
    ui: &mut Ui,
    look: &CardLook<'_>,
    size: Vec2,
    label: &str,
    selected: bool,
    enabled: bool,
) -> Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        let card = if response.hovered() && enabled {
            rect.shrink(0.0).translate(vec2(0.0, -3.0))
        } else {
            rect
        };
        paint_card(painter, card, look);
        if selected {
            painter.rect_stroke(
                card.expand(3.0),
                CornerRadius::same(4),
                Stroke::new(3.0, theme::SELECTED),
                StrokeKind::Outside,
            );
        } else if !enabled {
            painter.rect_filled(card, CornerRadius::same(3), Color32::from_black_alpha(130));
        }
    }
    response.widget_info(|| WidgetInfo::selected(egui::Role::Button, enabled, selected, label));
    response
}

/// A card's summary line and generated rules text.
pub fn card_details_ui(ui: &mut Ui, card: &CardDef, pool: &CardPool) {
    if let Some(texture) = card_texture(ui.ctx(), card.id) {
        ui.add(
            egui::Image::from_texture(texture)
                .max_height(180.0)
                .max_width(ui.available_width()),
        );
    }
    ui.label(egui::RichText::new(&card.name).strong().size(16.0));
    ui.label(card_summary(card));
    let lookup = |id| pool.get(id).map(|c| c.name.clone());
    ui.label(card_text_with(card, &lookup));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_terrain_says_what_it_does() {
        for terrain in Terrain::ALL {
            let text = terrain_blurb(terrain);
            assert!(text.starts_with(terrain.label()), "{text}");
        }
        assert!(terrain_blurb(Terrain::Forest).contains("Beast"));
        assert!(terrain_blurb(Terrain::Forest).contains("-500 for Fiend"));
    }

    #[test]
    fn defence_cards_lie_sideways() {
        let cell = Rect::from_min_size(Pos2::ZERO, Vec2::splat(70.0));
        let up = card_rect_in(cell, false);
        let side = card_rect_in(cell, true);
        assert!(up.height() > up.width());
        assert!(side.width() > side.height());
        assert!(cell.contains_rect(up) && cell.contains_rect(side));
    }
}
