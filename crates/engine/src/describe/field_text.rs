//! The card game's field as text: what `fairduel` prints for a player of a field duel.

use crate::duel::Duel;
use crate::knowledge::Knowledge;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;

/// The card game's field as text, seen by `viewer`: each seat's life points and counts, its
/// Backrow and its Frontrow with the terrain marker over each zone (the viewer's side last,
/// nearest to them), then the viewer's hand. Cards the viewer may not see stay "set".
pub fn describe_field(duel: &Duel, viewer: Seat, knowledge: &Knowledge) -> Vec<String> {
    let state = duel.state();
    let field = *duel.field();
    let mut lines = vec![format!(
        "turn {}, {} — {} to play",
        state.turn,
        state.phase.label(),
        state.active
    )];
    let card_text = |place: Place| -> String {
        let Some(piece) = duel.zone_piece(place) else {
            return "—".to_owned();
        };
        let Some(card) = duel.known_card(piece, Some(knowledge)) else {
            return "(set)".to_owned();
        };
        let hidden = if piece.face_up { "" } else { " (set)" };
        match duel.field_stats(place, piece) {
            Some((atk, def)) if piece.class == Class::Monster => format!(
                "{} {atk}/{def} {}{hidden}",
                card.name,
                if piece.defence { "DEF" } else { "ATK" }
            ),
            _ => format!("{}{hidden}", card.name),
        }
    };
    let order: Vec<Seat> = state
        .seats()
        .filter(|s| *s != viewer)
        .chain(std::iter::once(viewer))
        .collect();
    for seat in order {
        let player = state.player(seat);
        let who = if seat == viewer {
            format!("{seat} (you)")
        } else {
            seat.to_string()
        };
        let out = if state.table.is_removed(seat) {
            ", out of the duel"
        } else {
            ""
        };
        lines.push(format!(
            "{who}: {} LP, hand {}, deck {}, graveyard {}, Idle Warnings {}{out}",
            player.life_points,
            player.hand.len(),
            player.deck.len(),
            player.graveyard.len(),
            player.idle_warnings
        ));
        let backrow: Vec<String> = field.backrow(seat).map(card_text).collect();
        let field_zone = field
            .field_zone(seat)
            .map(|at| format!("   Field Zone: {}", card_text(at)))
            .unwrap_or_default();
        lines.push(format!("  Backrow:  {}{field_zone}", backrow.join(" | ")));
        let frontrow: Vec<String> = field
            .frontrow(seat)
            .map(|place| {
                let terrain = duel.marker_at(place).map_or("?", |t| t.name.as_str());
                format!("[{terrain}] {}", card_text(place))
            })
            .collect();
        lines.push(format!("  Frontrow: {}", frontrow.join(" | ")));
        let face_up_extra: Vec<String> = player
            .face_up_extra_deck
            .iter()
            .filter_map(|slot| slot.card)
            .filter_map(|id| duel.pool().get(id))
            .map(|card| card.name.clone())
            .collect();
        if !face_up_extra.is_empty() {
            lines.push(format!(
                "  Face-up in the Extra Deck: {}",
                face_up_extra.join(", ")
            ));
        }
        let rule_cards: Vec<String> = player
            .rule_cards
            .iter()
            .filter_map(|rule| {
                let name = duel.pool().get(rule.card)?.name.clone();
                let relied = rule
                    .relies_on
                    .and_then(|on| duel.card_on_field(on))
                    .and_then(|id| duel.pool().get(id));
                Some(match relied {
                    Some(on) => format!("{name} (relies on {})", on.name),
                    None => name,
                })
            })
            .collect();
        if !rule_cards.is_empty() {
            lines.push(format!("  Rule Zone: {}", rule_cards.join(", ")));
        }
    }
    for anchor in state.seats().filter(|s| field.pair_anchor(*s) == *s) {
        let zones: Vec<String> = field
            .extra_monster_zones(anchor)
            .map(|place| match duel.zone_piece(place) {
                Some(piece) => format!("{} ({})", card_text(place), piece.controller),
                None => card_text(place),
            })
            .collect();
        if zones.is_empty() {
            continue;
        }
        let pair = match field.facing(anchor) {
            Some(facing) => format!("{anchor} and {facing}"),
            None => format!("{anchor}, facing nobody"),
        };
        lines.push(format!(
            "Extra Monster Zones of {pair}: {}",
            zones.join(" | ")
        ));
    }
    let hand: Vec<String> = state
        .player(viewer)
        .hand
        .iter()
        .map(|slot| {
            knowledge
                .card(&state.commitment(slot.card_ref))
                .and_then(|id| duel.pool().get(id))
                .map_or_else(|| "?".to_owned(), crate::text::card_summary)
        })
        .collect();
    lines.push(format!("your hand: {}", hand.join("; ")));
    lines
}
