//! The card game's field (Kingdom Duels): every player's Frontrow of monster zones under
//! their terrain markers, the Backrow of spell and trap zones below it, the Rule Zone, and
//! the deck and graveyard piles, with a phase bar above. Opponents sit across the top with
//! their field turned towards me (Backrow at the far edge, columns mirrored, as across a
//! table); my side and my partners' sit along the bottom. Each zone is a button that names
//! its contents, so screen readers and tests can find it ("Your Frontrow 2 under Forest
//! (boosts Beast, Insect, Plant): Celtic Guardian, ATK 1400 DEF 1200").

use std::collections::BTreeMap;

use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Rect, Sense, Stroke, StrokeKind, Ui, WidgetInfo,
    pos2, vec2,
};
use fairduel_engine::kingdom_card::FieldTerrain;
use fairduel_engine::piece::Class;
use fairduel_engine::state::Phase;
use fairduel_engine::{Place, Seat};

use crate::board::{BoardOutput, Mark, paint_hover, paint_mark, piece_look, side_of};
use crate::session::SeatView;
use crate::theme;
use crate::widgets::{Side, paint_card};

/// A player's name, or "Seat N" where there is none.
fn name_of(names: &[String], seat: Seat) -> String {
    names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat.0))
}

/// The phases of a turn on the card game's field, in order, with the phase of the state
/// each one is (Draw and Standby pass by themselves and are never waited in).
const TURN_PHASES: [(&str, Option<Phase>); 6] = [
    ("Draw", None),
    ("Standby", None),
    ("Main 1", Some(Phase::Main)),
    ("Battle", Some(Phase::Battle)),
    ("Main 2", Some(Phase::SecondMain)),
    ("End", Some(Phase::End)),
];

/// How much of a Frontrow zone the terrain's name strip takes, at its top.
const MARKER_STRIP: f32 = 0.2;

/// A colour for a terrain marker: its attribute's, when it has one, or one of a palette by
/// its number, so that neighbouring terrains of the list look different.
pub fn terrain_colour(terrain: &FieldTerrain) -> Color32 {
    const PALETTE: [Color32; 8] = [
        Color32::from_rgb(120, 110, 80),
        Color32::from_rgb(70, 120, 70),
        Color32::from_rgb(70, 100, 140),
        Color32::from_rgb(140, 90, 60),
        Color32::from_rgb(110, 80, 130),
        Color32::from_rgb(60, 120, 120),
        Color32::from_rgb(130, 120, 50),
        Color32::from_rgb(120, 70, 90),
    ];
    match terrain.attribute {
        Some(attribute) => theme::attribute_colour(attribute).gamma_multiply(0.7),
        None => PALETTE[usize::from(terrain.id) % PALETTE.len()],
    }
}

/// Draws the field in the space available. `names` names the players, by seat index
/// ("Seat 2" where it has no name).
pub fn field_board_ui(
    ui: &mut Ui,
    names: &[String],
    view: &SeatView,
    marks: &BTreeMap<Place, Mark>,
) -> BoardOutput {
    phase_bar_ui(ui, view);
    rotation_ui(ui, names, view);
    let state = view.duel.state();
    let table = &state.table;
    // Opponents in turn order from the seat after mine; partners after me at the bottom.
    let players = state.seats().count();
    let after_me = |seat: Seat| (seat.index() + players - view.seat.index()) % players.max(1);
    // One band per side of the field: a Boss Duel's team plays one side together.
    let sides = || state.seats().filter(|s| view.duel.side_of(*s) == *s);
    let mine = view.duel.side_of(view.seat);
    let mut across: Vec<Seat> = sides()
        .filter(|s| table.are_opponents(view.seat, *s))
        .collect();
    across.sort_by_key(|s| after_me(*s));
    let mut near: Vec<Seat> = sides()
        .filter(|s| !table.are_opponents(view.seat, *s))
        .collect();
    // My own side first, then my partners'.
    near.sort_by_key(|s| (*s != mine, after_me(*s)));

    let field = *view.duel.field();
    // Each side: the Rule Zone, the zones, and a column for the deck and the graveyard.
    let columns = usize::from(field.monster_zones().max(field.spell_trap_zones())) + 2;
    let per_row = |group: usize| group.clamp(1, 2);
    let band_rows = |group: usize| group.div_ceil(2).max(1);
    let wide = per_row(across.len()).max(per_row(near.len()));
    let tall = band_rows(across.len()) + band_rows(near.len());
    // Domain Format's shared Extra Monster Zones take a third row of zones in each band.
    let zone_rows = if field.has_extra_monster_zones() {
        3.0
    } else {
        2.0
    };

    let available = ui.available_rect_before_wrap();
    let gap = 10.0;
    // At a table of more than two sides my own side is drawn larger, the others around it.
    let mine_scale = if across.len() + near.len() > 2 {
        MY_SIDE_SCALE
    } else {
        1.0
    };
    let (across_rows, near_rows) = (band_rows(across.len()), band_rows(near.len()));
    // A band is a header line and two rows of zones; zones are a little taller than wide.
    let zone_w_by_width = (available.width() - gap * (wide as f32 + 1.0))
        / (columns as f32 * per_row(across.len()) as f32)
            .max(columns as f32 * per_row(near.len()) as f32 * mine_scale);
    let zone_w_by_height = (available.height() - gap * (tall as f32 + 1.0))
        / ((across_rows as f32 + near_rows as f32 * mine_scale) * (zone_rows * 1.15 + 0.45));
    let zone_w = zone_w_by_width.min(zone_w_by_height).clamp(24.0, 150.0);
    let sizes = |scale: f32| {
        let zone = vec2(zone_w * scale, zone_w * scale * 1.15);
        let header = zone.x * 0.45;
        (
            zone,
            vec2(zone.x * columns as f32, header + zone.y * zone_rows),
        )
    };
    let height = across_rows as f32 * (sizes(1.0).1.y + gap)
        + near_rows as f32 * (sizes(mine_scale).1.y + gap)
        + gap;
    let whole = Rect::from_min_size(available.min, vec2(available.width(), height));
    ui.allocate_rect(whole, Sense::hover());

    let mut out = BoardOutput::default();
    let mut top = available.top() + gap;
    for (group, facing_me, scale) in [(&across, true, 1.0), (&near, false, mine_scale)] {
        let (zone, band) = sizes(scale);
        for row in group.chunks(2) {
            let row_width = band.x * row.len() as f32 + gap * (row.len() as f32 - 1.0);
            let mut left = available.center().x - row_width / 2.0;
            for seat in row {
                let rect = Rect::from_min_size(pos2(left, top), band);
                side_ui(
                    ui, names, view, marks, *seat, rect, zone, facing_me, &mut out,
                );
                left += band.x + gap;
            }
            top += band.y + gap;
        }
    }
    out
}

/// How much larger my own side is drawn than each other side at a table of three or more.
const MY_SIDE_SCALE: f32 = 1.5;

/// At a table of more than two players: the turn rotation from the player whose turn it
/// is, that player lit.
fn rotation_ui(ui: &mut Ui, names: &[String], view: &SeatView) {
    let state = view.duel.state();
    let players = state.seats().count();
    if players <= 2 {
        return;
    }
    let mut order = state.table;
    let mut rotation = vec![state.active];
    while rotation.len() < players {
        let Some(next) = order.next_turn(*rotation.last().unwrap_or(&state.active)) else {
            break;
        };
        if rotation.contains(&next) {
            break;
        }
        order.begin_turn(next);
        rotation.push(next);
    }
    let named = |seat: Seat| {
        if seat == view.seat {
            "you".to_owned()
        } else {
            name_of(names, seat)
        }
    };
    let words: Vec<String> = rotation.iter().map(|s| named(*s)).collect();
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new("Rotation:").color(theme::TEXT_DIM));
        for (i, seat) in rotation.iter().enumerate() {
            if i > 0 {
                ui.label(egui::RichText::new("›").color(theme::TEXT_DIM));
            }
            let text = egui::RichText::new(named(*seat));
            let text = if i == 0 {
                text.strong().color(theme::PROMPT)
            } else {
                text.color(theme::TEXT_DIM)
            };
            ui.label(text);
        }
    })
    .response
    .widget_info(|| {
        WidgetInfo::labeled(
            egui::Role::Label,
            true,
            format!("Turn rotation: {}", words.join(", then ")),
        )
    });
}

/// The turn's phases in a row, the current one lit.
fn phase_bar_ui(ui: &mut Ui, view: &SeatView) {
    let phase = view.duel.state().phase;
    // Before the first turn (the Setup Phase's swaps) no phase of a turn is current.
    let setup = view.duel.in_setup_phase();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new("Phase:").color(theme::TEXT_DIM));
        if setup {
            ui.label(egui::RichText::new("Setup").strong().color(theme::PROMPT))
                .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, "Setup phase, now"));
            ui.label(egui::RichText::new("›").color(theme::TEXT_DIM));
        }
        for (i, (name, state_phase)) in TURN_PHASES.iter().enumerate() {
            if i > 0 {
                ui.label(egui::RichText::new("›").color(theme::TEXT_DIM));
            }
            let current = !setup && *state_phase == Some(phase);
            let text = egui::RichText::new(*name);
            let text = if current {
                text.strong().color(theme::PROMPT)
            } else {
                text.color(theme::TEXT_DIM)
            };
            let words = if current {
                format!("{name} phase, now")
            } else {
                format!("{name} phase")
            };
            ui.label(text)
                .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, &words));
        }
    });
}

/// One player's side of the field in `rect`.
#[allow(clippy::too_many_arguments)]
fn side_ui(
    ui: &mut Ui,
    names: &[String],
    view: &SeatView,
    marks: &BTreeMap<Place, Mark>,
    seat: Seat,
    rect: Rect,
    zone: egui::Vec2,
    facing_me: bool,
    out: &mut BoardOutput,
) {
    let duel = &view.duel;
    let state = duel.state();
    let field = *duel.field();
    let player = state.player(seat);
    // Everyone who plays this side: its player, or a Boss Duel's whole team.
    let players: Vec<Seat> = state.seats().filter(|s| duel.side_of(*s) == seat).collect();
    let counts = |count: &dyn Fn(Seat) -> usize| {
        players
            .iter()
            .map(|s| count(*s).to_string())
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let painter = ui.painter_at(rect.expand(4.0));
    let rim = match side_of(view, seat) {
        Side::Mine => theme::MINE,
        Side::Ally => theme::ALLY,
        Side::Theirs | Side::Neutral => theme::THEIRS,
    };
    let removed = players.iter().all(|s| state.table.is_removed(*s));
    let active = players.contains(&state.active);
    painter.rect_filled(rect.expand(3.0), CornerRadius::same(4), theme::BACKGROUND);
    painter.rect_stroke(
        rect.expand(3.0),
        CornerRadius::same(4),
        Stroke::new(if active { 2.0 } else { 1.0 }, rim),
        StrokeKind::Outside,
    );

    // Header: whose side, life points, hand size.
    let extra_rows = field.has_extra_monster_zones();
    let zone_rows = if extra_rows { 3.0 } else { 2.0 };
    let header_h = rect.height() - zone.y * zone_rows;
    let who = players
        .iter()
        .map(|s| {
            if *s == view.seat {
                format!("{} (you)", name_of(names, *s))
            } else {
                name_of(names, *s)
            }
        })
        .collect::<Vec<_>>()
        .join(" & ");
    let plain_names = players
        .iter()
        .map(|s| name_of(names, *s))
        .collect::<Vec<_>>()
        .join(" & ");
    let out_words = if removed { " · out of the duel" } else { "" };
    let to_play = if active && !removed {
        " · to play"
    } else {
        ""
    };
    let deciding = match view.deciding {
        Some(d) if players.contains(&d) && !active && !removed => " · deciding",
        _ => "",
    };
    // Domain Format: only the player facing you shares Extra Monster Zones and columns.
    let facing = if field.has_extra_monster_zones() && state.seats().count() > 2 {
        match field.facing(seat) {
            Some(other) if other == view.seat => " · faces you".to_owned(),
            Some(other) => format!(" · faces {}", name_of(names, other)),
            None => " · faces nobody".to_owned(),
        }
    } else {
        String::new()
    };
    let header_words = format!(
        "{who}: {} LP · hand {}{to_play}{deciding}{facing}{out_words}",
        player.life_points,
        counts(&|s| state.player(s).hand.len())
    );
    painter.text(
        pos2(rect.left() + 4.0, rect.top() + header_h / 2.0),
        Align2::LEFT_CENTER,
        &header_words,
        FontId::proportional((header_h * 0.55).clamp(9.0, 16.0)),
        rim,
    );
    let header_rect = Rect::from_min_size(rect.min, vec2(rect.width(), header_h));
    ui.interact(
        header_rect,
        Id::unique("fairduel-field-header").with(seat.index()),
        Sense::hover(),
    )
    .widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, &header_words));

    // Rows: the Frontrow next to the middle of the table, the Backrow at my own edge, and
    // the shared Extra Monster Zones (where the field has them) in front of the Frontrow.
    let rows_top = rect.top() + header_h;
    let (front_y, back_y, extra_y) = if facing_me {
        (rows_top + zone.y, rows_top, rows_top + zone.y * 2.0)
    } else if extra_rows {
        (rows_top + zone.y, rows_top + zone.y * 2.0, rows_top)
    } else {
        (rows_top, rows_top + zone.y, rows_top)
    };
    let zones = usize::from(field.monster_zones().max(field.spell_trap_zones()));
    // An opponent's columns run right to left as seen across the table.
    let column_x = |slot: u8| {
        let column = if facing_me {
            zones - 1 - usize::from(slot)
        } else {
            usize::from(slot)
        };
        rect.left() + zone.x * (column as f32 + 1.0)
    };
    let base_id = Id::unique("fairduel-field").with(seat.index());
    let shared = shared_extra_zones(names, view, seat, extra_y, &column_x);
    for (place, x, y) in field
        .frontrow(seat)
        .map(|p| (p, front_y))
        .chain(field.backrow(seat).map(|p| (p, back_y)))
        .filter_map(|(p, y)| match p {
            Place::Zone { slot, .. } => Some((p, column_x(slot), y)),
            Place::Cell(_) => None,
        })
        .chain(shared.zones)
        // Domain Format's Field Zone at the left of the Backrow's line.
        .chain(field.field_zone(seat).map(|p| (p, rect.left(), back_y)))
    {
        let Place::Zone {
            zone: kind, slot, ..
        } = place
        else {
            continue;
        };
        let cell = Rect::from_min_size(pos2(x, y), zone).shrink(2.0);
        let mark = marks.get(&place).copied();
        let response = ui.interact(cell, base_id.with((kind, slot)), Sense::click());
        response.widget_info(|| {
            WidgetInfo::labeled(
                egui::Role::Button,
                true,
                zone_label(names, view, place, mark),
            )
        });
        if response.clicked() {
            out.clicked = Some(place);
        }
        if response.hovered() {
            out.hovered = Some(place);
        }
        paint_zone(&painter, view, place, cell);
        if let Some(mark) = mark {
            paint_mark(&painter, cell, mark, duel.piece_at(place).is_some());
        }
        if response.hovered() {
            paint_hover(&painter, cell);
        }
    }

    if let Some(note) = shared.shown_elsewhere {
        painter.text(
            pos2(rect.center().x, extra_y + zone.y / 2.0),
            Align2::CENTER_CENTER,
            note,
            FontId::proportional((zone.y * 0.14).clamp(8.0, 13.0)),
            theme::TEXT_DIM,
        );
    }

    // The Rule Zone (Domain Format: the Deck Master Zone) at the left of the Frontrow's
    // line, the piles at the right.
    let rule = Rect::from_min_size(pos2(rect.left(), front_y), zone).shrink(2.0);
    match deck_master_words(view, seat) {
        Some((short, words)) => {
            paint_slot(&painter, rule, "Deck Master", &short);
            let response = ui.interact(rule, base_id.with("deck-master"), Sense::click());
            response.widget_info(|| WidgetInfo::labeled(egui::Role::Button, true, &words));
            if response.clicked() {
                out.deck_master = Some(seat);
            }
            if response.hovered() {
                paint_hover(&painter, rule);
            }
        }
        None => {
            let (short, words) = rule_zone_words(view, seat)
                .unwrap_or_else(|| ("empty".to_owned(), "Rule Zone: empty".to_owned()));
            paint_slot(&painter, rule, "Rule Zone", &short);
            // My Rule Zone is where my Symbol card is played and used from, and my Duelist
            // Setup's Integration Summons declared.
            let symbol_actions = seat == view.seat
                && view
                    .legal
                    .iter()
                    .any(crate::rule_zone_menu::rule_zone_action);
            let words = if symbol_actions {
                format!("{words} (click for your Rule cards)")
            } else {
                words
            };
            let sense = if symbol_actions {
                Sense::click()
            } else {
                Sense::hover()
            };
            let response = ui.interact(rule, base_id.with("rule-zone"), sense);
            let role = if symbol_actions {
                egui::Role::Button
            } else {
                egui::Role::Label
            };
            response.widget_info(|| WidgetInfo::labeled(role, true, &words));
            if symbol_actions {
                paint_mark(&painter, rule, Mark::Prompt, false);
            }
            if response.clicked() {
                out.rule_zone = Some(seat);
            }
            if response.hovered() {
                paint_hover(&painter, rule);
                response.on_hover_text(words);
            }
        }
    }
    let deck = Rect::from_min_size(pos2(rect.right() - zone.x, back_y), zone).shrink(2.0);
    let decks = counts(&|s| state.player(s).deck.len());
    paint_pile(&painter, deck, "Deck", &decks);
    let graveyard = Rect::from_min_size(pos2(rect.right() - zone.x, front_y), zone).shrink(2.0);
    paint_pile(
        &painter,
        graveyard,
        "Graveyard",
        &player.graveyard.len().to_string(),
    );
    for (area, key, words) in [
        (deck, "deck", format!("{plain_names}'s deck: {decks} cards")),
        (
            graveyard,
            "graveyard",
            format!(
                "{plain_names}'s graveyard: {} cards",
                player.graveyard.len()
            ),
        ),
    ] {
        let response = ui.interact(area, base_id.with(key), Sense::hover());
        response.widget_info(|| WidgetInfo::labeled(egui::Role::Label, true, &words));
    }
    if removed {
        painter.rect_filled(rect, CornerRadius::same(4), Color32::from_black_alpha(120));
    }
}

/// Where a band draws the Extra Monster Zones its player shares with the player facing
/// them: each zone once, in the band of the pair's seat nearest the viewer (their own, when
/// they sit at the pair; else the pair's first seat's).
struct SharedExtraZones {
    /// Each zone with its left edge and top.
    zones: Vec<(Place, f32, f32)>,
    /// Where the zones are drawn in another band, the words saying so.
    shown_elsewhere: Option<String>,
}

fn shared_extra_zones(
    names: &[String],
    view: &SeatView,
    seat: Seat,
    y: f32,
    column_x: &dyn Fn(u8) -> f32,
) -> SharedExtraZones {
    let duel = &view.duel;
    let field = *duel.field();
    if !field.has_extra_monster_zones() {
        return SharedExtraZones {
            zones: Vec::new(),
            shown_elsewhere: None,
        };
    }
    let anchor = field.pair_anchor(seat);
    let pair = [Some(anchor), field.facing(anchor)];
    let mine = duel.side_of(view.seat);
    let host = if pair.contains(&Some(mine)) {
        mine
    } else {
        anchor
    };
    if host != seat {
        let whose = name_of(names, host);
        return SharedExtraZones {
            zones: Vec::new(),
            shown_elsewhere: Some(format!("Extra Monster Zones: shared, on {whose}'s side")),
        };
    }
    let last = field.monster_zones().saturating_sub(1);
    let zones = field
        .extra_monster_zones(seat)
        .filter_map(|place| {
            let Place::Zone { slot, .. } = place else {
                return None;
            };
            // Seen from the pair's first seat, the zones sit over the second and the
            // second-to-last columns; the facing seat sees them the other way round.
            let from_anchor = if slot == 0 { 1 } else { last.saturating_sub(1) };
            let column = if seat == anchor {
                from_anchor
            } else {
                last.saturating_sub(from_anchor)
            };
            Some((place, column_x(column), y))
        })
        .collect();
    SharedExtraZones {
        zones,
        shown_elsewhere: None,
    }
}

/// What `seat`'s Rule Zone holds, in short and in words: the Field Setup card played with
/// the terrains it set, the Duelist Setup played and its Cardlist (public, as the printed
/// cards are), the Symbol and the Rule cards.
fn rule_zone_words(view: &SeatView, seat: Seat) -> Option<(String, String)> {
    let duel = &view.duel;
    let player = duel.state().player(seat);
    let name = |id| {
        duel.pool()
            .get(id)
            .map_or_else(|| id.to_string(), |c| c.name.clone())
    };
    let mut short = Vec::new();
    let mut words = Vec::new();
    if let Some(card) = player.field_setup_card {
        short.push(name(card));
        words.push(format!(
            "the Field Setup {}, which set this side's starting terrains",
            name(card)
        ));
    }
    if let Some(setup) = player.duelist_setup.as_ref() {
        let listed: Vec<String> = setup.cardlist.iter().map(|c| name(*c)).collect();
        let cardlist = if listed.is_empty() {
            "an empty Cardlist".to_owned()
        } else {
            format!("Cardlist: {}", listed.join(", "))
        };
        short.push(name(setup.card));
        words.push(format!(
            "the Duelist Setup {}; {cardlist}",
            name(setup.card)
        ));
    }
    if let Some(symbol) = player.symbol {
        short.push(format!(
            "{} ({} charges)",
            name(symbol.card),
            symbol.charges
        ));
        let used = if symbol.used_this_round {
            ", an effect already used this round"
        } else {
            ""
        };
        words.push(format!(
            "the Symbol {} with {} charge(s) left{used}",
            name(symbol.card),
            symbol.charges
        ));
    }
    for rule in &player.rule_cards {
        short.push(name(rule.card));
        let relied = rule
            .relies_on
            .and_then(|on| duel.card_on_field(on))
            .map(|on| format!(" (relies on {}: it leaves with it)", name(on)))
            .unwrap_or_default();
        words.push(format!("the Rule card {}{relied}", name(rule.card)));
    }
    if short.is_empty() {
        return None;
    }
    // The slot fits two names; hovering it lists them all.
    if short.len() > 2 {
        let more = short.len() - 2;
        short.truncate(2);
        short.push(format!("+{more} more"));
    }
    Some((
        short.join(";\n"),
        format!("Rule Zone: {}", words.join("; ")),
    ))
}

/// `seat`'s Deck Master in short (for its zone) and in words (for its button), where the
/// format has them: its name, where it is, and what its next summon from the zone costs.
fn deck_master_words(view: &SeatView, seat: Seat) -> Option<(String, String)> {
    let duel = &view.duel;
    let master = duel.state().player(seat).deck_master.as_ref()?;
    let name = duel
        .pool()
        .get(master.card)
        .map_or_else(|| master.card.to_string(), |c| c.name.clone());
    let place = duel.deck_master_place(seat)?;
    let cost = duel.deck_master_cost(seat);
    let short = if master.in_zone {
        if cost > 0 {
            format!("{name} ({cost} LP)")
        } else {
            name.clone()
        }
    } else {
        format!("{name}: {}", place.label().trim_start_matches("the "))
    };
    let mut words = format!("Deck Master {name}, in {}", place.label());
    if master.in_zone {
        words.push_str(&format!("; its summon from the zone costs {cost} LP"));
        if seat == view.seat {
            words.push_str(" (click to summon it)");
        }
    }
    Some((short, words))
}

/// A zone: its terrain marker (Frontrow) or plain ground (Backrow), and the card in it.
fn paint_zone(painter: &egui::Painter, view: &SeatView, place: Place, cell: Rect) {
    let duel = &view.duel;
    let marker = duel.marker_at(place);
    let frontrow = matches!(
        place,
        Place::Zone {
            zone: fairduel_engine::Zone::Frontrow,
            ..
        }
    );
    let ground = match (frontrow, marker) {
        (true, Some(terrain)) => terrain_colour(terrain),
        _ => Color32::from_gray(48),
    };
    painter.rect_filled(cell, CornerRadius::same(3), ground.gamma_multiply(0.75));
    let strip_h = cell.height() * MARKER_STRIP;
    let small = FontId::proportional((strip_h * 0.6).clamp(7.0, 12.0));
    if frontrow && let Some(terrain) = marker {
        let strip = Rect::from_min_size(cell.min, vec2(cell.width(), strip_h));
        painter.rect_filled(strip, CornerRadius::same(3), ground);
        painter.text(
            strip.center(),
            Align2::CENTER_CENTER,
            &terrain.name,
            small.clone(),
            Color32::WHITE,
        );
    }
    let below = Rect::from_min_max(pos2(cell.left(), cell.top() + strip_h), cell.max);
    match duel.piece_at(place) {
        Some(piece) => {
            let look = piece_look(view, place, piece);
            let defence = look.defence;
            paint_card(painter, card_rect(below, defence), &look);
        }
        None if frontrow => {
            // What the marker boosts, readable while the zone is empty.
            if let Some(terrain) = marker {
                let mut job = egui::text::LayoutJob::simple(
                    format!("+30%: {}", terrain.boost_label()),
                    small,
                    Color32::from_white_alpha(200),
                    below.width() - 4.0,
                );
                job.halign = egui::Align::Center;
                job.wrap.max_rows = 4;
                let galley = painter.layout_job(job);
                painter.galley(
                    pos2(below.center().x, below.center().y - galley.size().y / 2.0),
                    galley,
                    Color32::WHITE,
                );
            }
        }
        None => {
            // The card game's zones apart from the rows say what they are while empty.
            let name = match place {
                Place::Zone {
                    zone: fairduel_engine::Zone::ExtraMonster,
                    ..
                } => "Extra\nMonster\nZone",
                Place::Zone {
                    zone: fairduel_engine::Zone::FieldSpell,
                    ..
                } => "Field\nZone",
                _ if duel.is_pendulum_zone(place) => "Pendulum\nZone",
                _ => return,
            };
            painter.text(
                cell.center(),
                Align2::CENTER_CENTER,
                name,
                small,
                theme::TEXT_DIM,
            );
        }
    }
}

/// A card's rectangle within a zone: upright in attack position, sideways in defence.
fn card_rect(area: Rect, defence: bool) -> Rect {
    let long = area.height().min(area.width() / 0.78) * 0.94;
    let short = long * 0.78;
    let size = if defence {
        vec2(long.min(area.width() * 0.96), short)
    } else {
        vec2(short, long)
    };
    Rect::from_center_size(area.center(), size)
}

fn paint_slot(painter: &egui::Painter, rect: Rect, name: &str, contents: &str) {
    painter.rect_stroke(
        rect,
        CornerRadius::same(3),
        Stroke::new(1.0, Color32::from_gray(90)),
        StrokeKind::Inside,
    );
    let font = FontId::proportional((rect.width() * 0.13).clamp(7.0, 12.0));
    painter.text(
        rect.center() - vec2(0.0, rect.height() * 0.1),
        Align2::CENTER_CENTER,
        name,
        font.clone(),
        theme::TEXT_DIM,
    );
    // Long names (a Duelist Setup and a Symbol side by side) wrap inside the slot.
    let galley = painter.layout(
        contents.to_owned(),
        font,
        theme::TEXT_DIM,
        (rect.width() - 6.0).max(8.0),
    );
    // Below the slot's name, and lifted as far as it takes to end inside the slot.
    let below_name = rect.center().y - rect.height() * 0.1 + 7.0;
    let top = (rect.center().y + rect.height() * 0.02)
        .min(rect.bottom() - 2.0 - galley.size().y)
        .max(below_name);
    let top_left = pos2(rect.center().x - galley.size().x / 2.0, top);
    painter.galley(top_left, galley, theme::TEXT_DIM);
}

fn paint_pile(painter: &egui::Painter, rect: Rect, name: &str, count: &str) {
    if count != "0" {
        let card = card_rect(rect.shrink(rect.width() * 0.08), false);
        painter.rect_filled(card, CornerRadius::same(3), theme::CARD_BACK);
        painter.rect_stroke(
            card,
            CornerRadius::same(3),
            Stroke::new(1.0, theme::CARD_BACK_INK),
            StrokeKind::Inside,
        );
    }
    let font = FontId::proportional((rect.width() * 0.14).clamp(7.0, 13.0));
    painter.text(
        rect.center_top() + vec2(0.0, 2.0),
        Align2::CENTER_TOP,
        name,
        font.clone(),
        Color32::WHITE,
    );
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        count,
        FontId::proportional((rect.width() * 0.3).clamp(9.0, 22.0)),
        Color32::WHITE,
    );
}

/// The words a zone is named by: whose, which, its terrain and what that boosts, the card
/// in it with its current stats, and the mark on it.
pub fn zone_label(names: &[String], view: &SeatView, place: Place, mark: Option<Mark>) -> String {
    let duel = &view.duel;
    let Place::Zone { side, zone, slot } = place else {
        return place.to_string();
    };
    let whose = if side == view.duel.side_of(view.seat) {
        "Your".to_owned()
    } else {
        format!("{}'s", name_of(names, side))
    };
    let mut text = if zone == fairduel_engine::Zone::ExtraMonster {
        let field = duel.field();
        let pair = match field.facing(side) {
            Some(facing) => format!("{} and {}", name_of(names, side), name_of(names, facing)),
            None => name_of(names, side),
        };
        let whose_card = duel
            .piece_at(place)
            .map(|p| {
                if p.controller == view.seat {
                    ", yours".to_owned()
                } else {
                    format!(", {}'s", name_of(names, p.controller))
                }
            })
            .unwrap_or_default();
        format!("Extra Monster Zone {} of {pair}{whose_card}", slot + 1)
    } else if zone == fairduel_engine::Zone::FieldSpell {
        format!("{whose} Field Zone")
    } else if duel.is_pendulum_zone(place) {
        format!("{whose} {} {} (Pendulum Zone)", zone.label(), slot + 1)
    } else {
        format!("{whose} {} {}", zone.label(), slot + 1)
    };
    if let Some(terrain) = duel.marker_at(place) {
        text.push_str(&format!(
            " under {} (boosts {})",
            terrain.name,
            terrain.boost_label()
        ));
    }
    match duel.piece_at(place) {
        None => text.push_str(": empty"),
        Some(piece) => {
            let card = duel.known_card(piece, Some(&view.knowledge));
            // Kingdom Duels calls a face-down monster Hidden, in ATK or DEF Position (both
            // are public); the card game, Set.
            let set_monsters = duel.format().field.set_monsters;
            let hidden_position = if piece.defence {
                "Hidden in DEF Position"
            } else {
                "Hidden in ATK Position"
            };
            let name = match (card, piece.class) {
                (Some(card), Class::Monster) if !piece.face_up && !set_monsters => {
                    format!("{} ({hidden_position})", card.name)
                }
                (Some(card), _) if !piece.face_up => format!("{} (face-down)", card.name),
                (Some(card), _) => card.name.clone(),
                (None, Class::Monster) if set_monsters => "a Set monster".to_owned(),
                (None, Class::Monster) => format!("a monster {hidden_position}"),
                (None, Class::SpellTrap) => "a face-down spell or trap".to_owned(),
                (None, Class::Unknown) => "a face-down card".to_owned(),
            };
            text.push_str(&format!(": {name}"));
            let look = piece_look(view, place, piece);
            if let Some(level) = look.level {
                text.push_str(&format!(", now level {level}"));
            }
            if let Some((atk, def)) = look.stats {
                text.push_str(&format!(", ATK {atk} DEF {def}"));
                if let Some(k) = card.and_then(|c| c.kingdom())
                    && duel.has_field_power_bonus(place, k)
                {
                    text.push_str(", Field Power Bonus");
                }
                text.push_str(if piece.defence {
                    ", defence position"
                } else {
                    ", attack position"
                });
                if duel.battle_locked(piece) {
                    text.push_str(", Battle Locked");
                }
            }
            if piece.counters > 0 {
                text.push_str(&format!(", {} counter(s)", piece.counters));
            }
        }
    }
    if let Some(mark) = mark {
        text.push_str(" — ");
        text.push_str(mark.words());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "The player moves the Setup Rule from their Extra Deck into their Rule Zone": the
    /// Field Setup card played is named in its player's Rule Zone, beside the Duelist Setup.
    #[test]
    fn the_rule_zone_names_the_field_setup_card_played() {
        let view = crate::game::tests::scenario_view(
            "kingdom-duels",
            r#"
name = "A Field Setup and a Duelist Setup in the Rule Zone"
format = "kingdom-duels"

[seat0]
field_setup = 41           # Tabletop (SOE-001)
duelist_setup = 185
cardlist = [154]
deck = [53, 53]

[seat1]
deck = [53, 53]
"#,
            Seat(0),
        );
        let (short, words) = rule_zone_words(&view, Seat(0)).expect("a Rule Zone with cards");
        assert!(short.starts_with("Tabletop"), "{short}");
        assert!(
            words.contains("the Field Setup Tabletop") && words.contains("the Duelist Setup"),
            "{words}"
        );
        assert_eq!(rule_zone_words(&view, Seat(1)), None);
    }

    #[test]
    fn an_upright_card_fits_its_zone_and_a_defence_card_lies_sideways() {
        let area = Rect::from_min_size(pos2(0.0, 0.0), vec2(60.0, 56.0));
        let up = card_rect(area, false);
        let side = card_rect(area, true);
        assert!(area.contains_rect(up), "{up:?}");
        assert!(area.contains_rect(side), "{side:?}");
        assert!(up.height() > up.width());
        assert!(side.width() > side.height());
    }
}
