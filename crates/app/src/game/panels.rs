//! The panels beside the board: every player at the table, fair play (keys, links, what
//! was verified), the card inspector and the event log.

use egui::{Color32, RichText, ScrollArea, Sense, Ui, vec2};
use fairduel_engine::card::CardId;
use fairduel_engine::format::Family;
use fairduel_engine::format::SummonCost;
use fairduel_engine::piece::Retyped;
use fairduel_engine::{Edge, Place, Seat};
use fairduel_net::PathKind;

use super::MatchModel;
use crate::board::piece_look;
use crate::session::{LinkStatus, LogLine, PeerStatus, SeatView};
use crate::theme;
use crate::widgets::{CardLook, card_details_ui, paint_card, terrain_swatch_ui};

/// Who the other players are, how we are connected to each, and what has been checked.
pub fn fairness_ui(ui: &mut Ui, model: &MatchModel, view: &SeatView) {
    let fairness = &view.fairness;
    egui::CollapsingHeader::new(RichText::new("Fair play").strong())
        .id_salt("fair-play")
        .default_open(true)
        .show(ui, |ui| {
            if !model.networked {
                ui.label("Connection: the bots, in this program");
            }
            for peer in &fairness.peers {
                let name = model.name(peer.seat);
                ui.label(format!("{name}'s key: {}", peer.key))
                    .on_hover_text(
                        "The fingerprint of the key that signs every move of this player. Compare \
                     it with your friend's (shown in their fairness panel as yours).",
                    );
                if model.networked {
                    let (text, hover) = link_words(peer, model.links.get(&peer.seat));
                    let response = ui.label(RichText::new(text).small());
                    if !hover.is_empty() {
                        response.on_hover_text(hover);
                    }
                }
            }
            ui.label(format!(
                "Verified: {} entries, {} reveals",
                fairness.entries_verified, fairness.reveals_verified
            ))
            .on_hover_text(
                "Entries from the other players whose signature, place in the chain, legality \
                 and state hash all checked out; reveals are the ones that opened a hidden card.",
            );
            ui.label(format!(
                "Agreed state: {} after entry {}",
                if fairness.agreed_state.is_empty() {
                    "—"
                } else {
                    fairness.agreed_state.as_str()
                },
                fairness.agreed_entries
            ))
            .on_hover_text("Every copy of the duel computed this state hash.");
            if let Some(report) = &model.desync {
                ui.label(
                    RichText::new(model.with_names(&report.text())).color(theme::PENALTY_ON_DARK),
                );
                if let Ok(path) = &report.file {
                    ui.label(
                        RichText::new(format!("Report saved: {}", path.display()))
                            .small()
                            .color(theme::TEXT_DIM),
                    );
                }
            }
            for warning in model.warnings.iter().rev().take(3) {
                ui.label(
                    RichText::new(format!(
                        "Protocol error from another seat: {}",
                        model.with_names(warning)
                    ))
                    .color(theme::PENALTY_ON_DARK),
                );
            }
            if model.warnings.len() > 3 {
                ui.label(
                    RichText::new(format!("…and {} earlier", model.warnings.len() - 3))
                        .color(theme::TEXT_DIM),
                );
            }
        });
}

/// The link to one other seat in words ("direct, 1.2 ms round trip"), and the path in full
/// for a hover.
pub(super) fn link_words(peer: &PeerStatus, status: Option<&LinkStatus>) -> (String, String) {
    if let Some(LinkStatus::Lost { reason }) = status {
        return (
            format!("Connection lost ({reason}); reconnecting…"),
            String::new(),
        );
    }
    let Some(info) = peer.connection.as_ref().filter(|_| peer.linked) else {
        return ("Connection: connecting…".to_owned(), String::new());
    };
    let path = match &info.path {
        PathKind::Direct(_) => "direct",
        PathKind::Relayed(_) => "relayed",
        PathKind::Unknown => "no path right now",
    };
    let text = match info.rtt {
        Some(rtt) => format!(
            "Connection: {path}, {:.1} ms round trip",
            rtt.as_secs_f64() * 1000.0
        ),
        None => format!("Connection: {path}"),
    };
    (text, info.path.to_string())
}

/// Where a seat sits as seen from mine, for telling the players apart on a four-sided board.
pub(super) fn seat_place_words(view: &SeatView, seat: Seat) -> Option<&'static str> {
    let grid = view.duel.topology().grid()?;
    if view.duel.state().seats().count() <= 2 {
        return None;
    }
    let turns = |edge: Edge| match edge {
        Edge::Bottom => 0,
        Edge::Left => 1,
        Edge::Top => 2,
        Edge::Right => 3,
    };
    let relative = (turns(grid.edge_of(seat)) + 4 - turns(grid.edge_of(view.seat))) % 4;
    Some(match relative {
        0 => "your edge",
        1 => "left edge",
        2 => "across",
        _ => "right edge",
    })
}

pub(super) fn players_ui(ui: &mut Ui, model: &MatchModel, view: &SeatView) {
    let state = view.duel.state();
    let format = view.duel.format();
    let table = &state.table;
    let others = state.seats().filter(|s| *s != view.seat);
    let compact = state.seats().count() > 2;
    for seat in others.chain([view.seat]) {
        let player = state.player(seat);
        let mine = seat == view.seat;
        let removed = table.is_removed(seat);
        let rim = if removed {
            theme::TEXT_DIM
        } else if mine {
            theme::MINE
        } else if !table.are_opponents(view.seat, seat) {
            theme::ALLY
        } else {
            theme::THEIRS
        };
        egui::Frame::new()
            .stroke(egui::Stroke::new(
                if state.active == seat { 2.0 } else { 1.0 },
                rim,
            ))
            .corner_radius(4)
            .inner_margin(6)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    let who = if mine { " (you)" } else { "" };
                    ui.label(
                        RichText::new(format!("{}{who}", model.name(seat)))
                            .strong()
                            .color(rim),
                    );
                    if removed {
                        ui.label(RichText::new("out of the duel").color(theme::PENALTY_ON_DARK));
                    } else if state.active == seat {
                        ui.label(RichText::new("to play").color(theme::PROMPT));
                    }
                    if model.networked
                        && !mine
                        && matches!(model.links.get(&seat), Some(LinkStatus::Lost { .. }))
                    {
                        ui.label(RichText::new("link lost").color(theme::PENALTY_ON_DARK));
                    }
                });
                let mut facts = Vec::new();
                if let Some(place) = seat_place_words(view, seat) {
                    facts.push(place.to_owned());
                }
                if table.has_teams() {
                    facts.push(format!("team {}", char::from(b'A' + table.team_of(seat))));
                    if !mine && !table.are_opponents(view.seat, seat) {
                        facts.push("your partner".to_owned());
                    }
                }
                if table.is_waiting(seat) && !table.is_removed(seat) {
                    facts.push("waiting to join".to_owned());
                }
                if let Some(side) = player.side {
                    // Kingdom Duels' Blue and Red: cards name a side, so everyone sees it.
                    facts.push(format!("{} side", side.name()));
                }
                if !facts.is_empty() {
                    ui.label(
                        RichText::new(facts.join(" · "))
                            .small()
                            .color(theme::TEXT_DIM),
                    );
                }
                let start = format.life_points.max(1);
                let lp = player.life_points;
                let size = if compact { 17.0 } else { 22.0 };
                ui.label(RichText::new(format!("{lp} LP")).size(size).strong());
                let fraction = (lp as f32 / start as f32).clamp(0.0, 1.0);
                let (rect, _) =
                    ui.allocate_exact_size(vec2(ui.available_width(), 6.0), Sense::hover());
                ui.painter().rect_filled(rect, 2, Color32::from_gray(60));
                let mut filled = rect;
                filled.set_width(rect.width() * fraction);
                ui.painter().rect_filled(filled, 2, rim);
                if let SummonCost::SummoningPoints { max, .. } = format.play.cost {
                    ui.label(format!(
                        "Summoning Points: {} / {max}",
                        player.summoning_points
                    ));
                }
                ui.label(format!(
                    "Hand {} · Deck {} · Graveyard {}",
                    player.hand.len(),
                    player.deck.len(),
                    player.graveyard.len()
                ));
                if !player.extra_deck.is_empty() || !player.banished.is_empty() {
                    // Kingdom Duels calls the cards removed from play eroded.
                    let removed = if crate::game::erodes(&view.duel) {
                        "Eroded"
                    } else {
                        "Banished"
                    };
                    ui.label(format!(
                        "Extra Deck {} · {removed} {}",
                        player.extra_deck.len(),
                        player.banished.len()
                    ));
                }
                if mine && !player.extra_deck.is_empty() {
                    // Hidden from everyone else: only this seat's knowledge names them.
                    // Copies counted together, by name: the committed order says nothing.
                    let mut copies: std::collections::BTreeMap<String, usize> =
                        std::collections::BTreeMap::new();
                    for card in player
                        .extra_deck
                        .iter()
                        .filter_map(|r| view.knowledge.card(&state.commitment(*r)))
                        .filter_map(|id| view.duel.pool().get(id))
                    {
                        *copies.entry(card.name.clone()).or_default() += 1;
                    }
                    let names: Vec<String> = copies
                        .into_iter()
                        .map(
                            |(name, n)| {
                                if n > 1 { format!("{name} ×{n}") } else { name }
                            },
                        )
                        .collect();
                    ui.label(
                        RichText::new(format!("Your Extra Deck: {}", names.join(", ")))
                            .small()
                            .color(theme::TEXT_DIM),
                    );
                }
                if !player.face_up_extra_deck.is_empty() {
                    // Public: Pendulum Monsters that left the field, known to everyone.
                    let names: Vec<String> = player
                        .face_up_extra_deck
                        .iter()
                        .filter_map(|slot| slot.card)
                        .filter_map(|id| view.duel.pool().get(id))
                        .map(|card| card.name.clone())
                        .collect();
                    ui.label(
                        RichText::new(format!("Face-up in the Extra Deck: {}", names.join(", ")))
                            .small(),
                    );
                }
                if let Some(field) = player
                    .field_spell
                    .and_then(|f| view.duel.pool().get(f.card))
                {
                    ui.label(format!("Field spell: {}", field.name));
                }
                if let (Family::Field, Some(allowed)) = (format.family, format.field.idle_warnings)
                    && player.idle_warnings > 0
                {
                    let last = if player.idle_warnings >= allowed {
                        ": another idle turn loses the duel"
                    } else {
                        ""
                    };
                    ui.label(
                        RichText::new(format!(
                            "Idle Warnings {} of {allowed}{last}",
                            player.idle_warnings
                        ))
                        .color(theme::PENALTY_ON_DARK),
                    );
                }
                if player.leader_stuck_turns > 0 {
                    ui.label(
                        RichText::new(format!(
                            "Deck Leader stuck for {} turn(s)",
                            player.leader_stuck_turns
                        ))
                        .color(theme::PENALTY_ON_DARK),
                    );
                }
            });
        ui.add_space(if compact { 3.0 } else { 6.0 });
    }
    fairness_ui(ui, model, view);
    ui.separator();
    if view.duel.format().family == Family::Field {
        terrain_markers_ui(ui, view);
        return;
    }
    ui.label(RichText::new("Terrain").strong());
    let terrains: std::collections::BTreeSet<_> =
        state.all_cells().map(|c| view.duel.terrain_at(c)).collect();
    egui::Grid::new("terrain-legend")
        .num_columns(2)
        .spacing(vec2(4.0, 3.0))
        .show(ui, |ui| {
            for (i, terrain) in terrains.into_iter().enumerate() {
                terrain_swatch_ui(ui, terrain);
                if i % 2 == 1 {
                    ui.end_row();
                }
            }
        });
}

/// The terrain markers on the card game's field, each with what it boosts.
fn terrain_markers_ui(ui: &mut Ui, view: &SeatView) {
    let duel = &view.duel;
    // A field without terrain (Domain Format) has nothing to list.
    if duel.state().markers.is_empty() {
        return;
    }
    ui.label(RichText::new("Terrain markers").strong());
    let field = *duel.field();
    let mut seen = std::collections::BTreeSet::new();
    for seat in duel.state().seats() {
        for place in field.frontrow(seat) {
            let Some(terrain) = duel.marker_at(place) else {
                continue;
            };
            if !seen.insert(terrain.id) {
                continue;
            }
            ui.horizontal_wrapped(|ui| {
                let (rect, _) = ui.allocate_exact_size(vec2(14.0, 14.0), Sense::hover());
                ui.painter()
                    .rect_filled(rect, 2, crate::field_board::terrain_colour(terrain));
                ui.label(RichText::new(&terrain.name).strong());
                ui.label(
                    RichText::new(format!("boosts {}", terrain.boost_label()))
                        .small()
                        .color(theme::TEXT_DIM),
                );
            });
        }
    }
}

pub(super) fn inspector_ui(
    ui: &mut Ui,
    view: &SeatView,
    inspected: Option<(CardId, Option<Place>)>,
) {
    ui.label(RichText::new("Card").strong());
    let Some((id, place)) = inspected else {
        ui.label(RichText::new("Point at a card to read it here.").color(theme::TEXT_DIM));
        return;
    };
    let Some(card) = view.duel.pool().get(id) else {
        return;
    };
    let piece = place.and_then(|at| view.duel.piece_at(at).map(|p| (at, p)));
    let look = match piece {
        Some((at, p)) => CardLook {
            face_down: false,
            ..piece_look(view, at, p)
        },
        None => CardLook::plain(card),
    };
    ui.horizontal(|ui| {
        let size = if look.defence {
            vec2(120.0, 92.0)
        } else {
            vec2(92.0, 120.0)
        };
        let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
        paint_card(ui.painter(), rect, &look);
        ui.vertical(|ui| {
            let Some((at, p)) = piece else {
                return;
            };
            match at {
                Place::Cell(c) => {
                    ui.label(format!("At {c}, on {}", view.duel.terrain_at(c).label()));
                }
                Place::Zone { zone, slot, .. } => {
                    ui.label(format!("{} zone {}", zone.label(), slot + 1));
                    if let Some(terrain) = view.duel.marker_at(at) {
                        ui.label(format!("Under {}", terrain.name))
                            .on_hover_text(format!(
                                "Field Power Bonus here for: {}",
                                terrain.boost_label()
                            ));
                    }
                }
            }
            if !p.face_up {
                ui.label(RichText::new("Face-down").color(theme::TEXT_DIM));
            }
            if p.defence {
                ui.label("Defence position");
            }
            if let Some(shown) = p.monster_stats(card).filter(|_| p.retyped != Retyped::NONE) {
                ui.label(
                    RichText::new(format!(
                        "Now {} {} monster (changed by an effect)",
                        shown.attribute.label(),
                        shown.monster_type.label()
                    ))
                    .color(theme::BONUS_ON_DARK),
                );
            }
            if let (Some(m), false, Place::Cell(c)) = (card.monster(), p.leader, at) {
                let (atk, def) = view.duel.stats_of(c, p, card);
                let (base_atk, base_def) = (i32::from(m.atk), i32::from(m.def));
                ui.label(stat_text("ATK", atk, base_atk));
                ui.label(stat_text("DEF", def, base_def));
            }
            if let (Some(k), Some((atk, def))) = (card.kingdom(), look.stats) {
                ui.label(stat_text("ATK", atk, i32::from(k.base_atk())));
                ui.label(stat_text("DEF", def, i32::from(k.base_def())));
                if view.duel.has_field_power_bonus(at, k) {
                    ui.label(RichText::new("Field Power Bonus (+30%)").color(theme::BONUS_ON_DARK));
                }
            }
        });
    });
    ScrollArea::vertical()
        .id_salt("inspector-text")
        .max_height(170.0)
        .show(ui, |ui| card_details_ui(ui, card, view.duel.pool()));
}

pub(super) fn stat_text(name: &str, value: i32, printed: i32) -> RichText {
    let diff = value - printed;
    let text = if diff == 0 {
        format!("{name} {value}")
    } else {
        format!("{name} {value} ({diff:+} on {printed})")
    };
    let colour = match diff.cmp(&0) {
        std::cmp::Ordering::Greater => theme::BONUS_ON_DARK,
        std::cmp::Ordering::Less => theme::PENALTY_ON_DARK,
        std::cmp::Ordering::Equal => theme::TEXT,
    };
    RichText::new(text).color(colour)
}

pub(super) fn log_ui(ui: &mut Ui, log: &[LogLine]) {
    ui.label(RichText::new("What happened").strong());
    ScrollArea::vertical()
        .id_salt("event-log")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // Only the recent past is drawn; the log keeps more for later use.
            let start = log.len().saturating_sub(300);
            let mut turn = None;
            for line in &log[start..] {
                if turn != Some(line.turn) {
                    turn = Some(line.turn);
                    ui.label(RichText::new(format!("Turn {}", line.turn)).color(theme::TEXT_DIM));
                }
                let text = RichText::new(&line.text).size(12.5);
                if line.actor.is_some() {
                    ui.label(text.color(theme::TEXT));
                } else {
                    ui.label(text.color(theme::TEXT_DIM));
                }
            }
        });
}
