//! Naming where two copies of a duel's public state differ, for desync reports.
//!
//! When two peers compute different state hashes after the same entry, a hash says only
//! *that* they differ. Each side then sends its public state and this module names every
//! differing field (`players[1].life_points`, `cells[r3c4].modifiers`, …) with both values,
//! so the report points at the rule or the perturbation that split them.

use std::fmt::Debug;

use crate::state::{DuelState, Piece, PlayerState};

/// One field whose value differs between two public states.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldDifference {
    /// The field's path in [`DuelState`], e.g. `players[0].life_points`.
    pub field: String,
    /// Its value in our state (`Debug` form, shortened).
    pub ours: String,
    /// Its value in theirs.
    pub theirs: String,
}

/// Longest value text kept in a report line; decks and commitment tables are long.
const VALUE_TEXT_LIMIT: usize = 240;

/// Every differing field of `ours` and `theirs`, outermost fields first. Empty when the
/// states are equal.
pub fn state_differences(ours: &DuelState, theirs: &DuelState) -> Vec<FieldDifference> {
    let mut out = Vec::new();
    let mut field = |name: &str, a: &dyn DebugEq, b: &dyn DebugEq| {
        if !a.equals(b) {
            out.push(FieldDifference {
                field: name.to_owned(),
                ours: shorten(a.text()),
                theirs: shorten(b.text()),
            });
        }
    };
    field("match_id", &ours.match_id, &theirs.match_id);
    field("format_hash", &ours.format_hash, &theirs.format_hash);
    field("pool_hash", &ours.pool_hash, &theirs.pool_hash);
    field("board_size", &ours.board_size, &theirs.board_size);
    field("commitments", &ours.commitments, &theirs.commitments);
    field("turn", &ours.turn, &theirs.turn);
    field("active", &ours.active, &theirs.active);
    field("phase", &ours.phase, &theirs.phase);
    field("terrain", &ours.terrain, &theirs.terrain);
    field("awaiting", &ours.awaiting, &theirs.awaiting);
    field("resume", &ours.resume, &theirs.resume);
    field("queue", &ours.queue, &theirs.queue);
    field("claims", &ours.claims, &theirs.claims);
    field("draws_due", &ours.draws_due, &theirs.draws_due);
    field("reveal_due", &ours.reveal_due, &theirs.reveal_due);
    field("window", &ours.window, &theirs.window);
    field("declarations", &ours.declarations, &theirs.declarations);
    field(
        "attack_negated",
        &ours.attack_negated,
        &theirs.attack_negated,
    );
    field("spell_negated", &ours.spell_negated, &theirs.spell_negated);
    field("outcome", &ours.outcome, &theirs.outcome);
    for (seat, (a, b)) in ours.players.iter().zip(&theirs.players).enumerate() {
        player_differences(&format!("players[{seat}]"), a, b, &mut out);
    }
    if ours.cells.len() != theirs.cells.len() {
        out.push(FieldDifference {
            field: "cells.len()".to_owned(),
            ours: ours.cells.len().to_string(),
            theirs: theirs.cells.len().to_string(),
        });
    }
    let size = usize::from(ours.board_size.max(1));
    for (index, (a, b)) in ours.cells.iter().zip(&theirs.cells).enumerate() {
        let name = format!("cells[r{}c{}]", index / size, index % size);
        match (a, b) {
            (Some(a), Some(b)) => piece_differences(&name, a, b, &mut out),
            _ if a != b => out.push(FieldDifference {
                field: name,
                ours: shorten(format!("{a:?}")),
                theirs: shorten(format!("{b:?}")),
            }),
            _ => {}
        }
    }
    out
}

fn player_differences(
    prefix: &str,
    a: &PlayerState,
    b: &PlayerState,
    out: &mut Vec<FieldDifference>,
) {
    let mut field = |name: &str, x: &dyn DebugEq, y: &dyn DebugEq| {
        if !x.equals(y) {
            out.push(FieldDifference {
                field: format!("{prefix}.{name}"),
                ours: shorten(x.text()),
                theirs: shorten(y.text()),
            });
        }
    };
    field("life_points", &a.life_points, &b.life_points);
    field("summoning_points", &a.summoning_points, &b.summoning_points);
    field("deck", &a.deck, &b.deck);
    field("deck_order", &a.deck_order, &b.deck_order);
    field("hand", &a.hand, &b.hand);
    field("graveyard", &a.graveyard, &b.graveyard);
    field("banished", &a.banished, &b.banished);
    field("field_spell", &a.field_spell, &b.field_spell);
    field("leader", &a.leader, &b.leader);
    field(
        "leader_stuck_turns",
        &a.leader_stuck_turns,
        &b.leader_stuck_turns,
    );
    field("cards_played", &a.cards_played, &b.cards_played);
    field("monsters_played", &a.monsters_played, &b.monsters_played);
    if a != b && !out.iter().any(|d| d.field.starts_with(prefix)) {
        // A field added to PlayerState but not listed above still gets reported.
        out.push(FieldDifference {
            field: prefix.to_owned(),
            ours: shorten(format!("{a:?}")),
            theirs: shorten(format!("{b:?}")),
        });
    }
}

fn piece_differences(prefix: &str, a: &Piece, b: &Piece, out: &mut Vec<FieldDifference>) {
    if a == b {
        return;
    }
    let before = out.len();
    let mut field = |name: &str, x: &dyn DebugEq, y: &dyn DebugEq| {
        if !x.equals(y) {
            out.push(FieldDifference {
                field: format!("{prefix}.{name}"),
                ours: shorten(x.text()),
                theirs: shorten(y.text()),
            });
        }
    };
    field("owner", &a.owner, &b.owner);
    field("controller", &a.controller, &b.controller);
    field("card_ref", &a.card_ref, &b.card_ref);
    field("card", &a.card, &b.card);
    field("class", &a.class, &b.class);
    field("face_up", &a.face_up, &b.face_up);
    field("defence", &a.defence, &b.defence);
    field("leader", &a.leader, &b.leader);
    field("entered_turn", &a.entered_turn, &b.entered_turn);
    field("moved", &a.moved, &b.moved);
    field("changed_position", &a.changed_position, &b.changed_position);
    field("attacked", &a.attacked, &b.attacked);
    field("bind", &a.bind, &b.bind);
    field("bound_turn", &a.bound_turn, &b.bound_turn);
    field("modifiers", &a.modifiers, &b.modifiers);
    field("equips", &a.equips, &b.equips);
    if out.len() == before {
        out.push(FieldDifference {
            field: prefix.to_owned(),
            ours: shorten(format!("{a:?}")),
            theirs: shorten(format!("{b:?}")),
        });
    }
}

/// Equality and a `Debug` text behind one object-safe trait, so the field lists above can
/// mix types.
trait DebugEq {
    fn equals(&self, other: &dyn DebugEq) -> bool;
    fn text(&self) -> String;
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<T: Debug + PartialEq + 'static> DebugEq for T {
    fn equals(&self, other: &dyn DebugEq) -> bool {
        other
            .as_any()
            .downcast_ref::<T>()
            .is_some_and(|other| self == other)
    }

    fn text(&self) -> String {
        format!("{self:?}")
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn shorten(mut text: String) -> String {
    if text.len() > VALUE_TEXT_LIMIT {
        let mut cut = VALUE_TEXT_LIMIT;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push('…');
    }
    text
}
