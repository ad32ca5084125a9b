//! Naming where two copies of a duel's public state differ, for desync reports.
//!
//! When two peers compute different state hashes after the same entry, a hash says only
//! *that* they differ. Each side then sends its public state and this module names every
//! differing field (`players[1].life_points`, `cells[r3c4].modifiers`, …) with both values,
//! so the report points at the rule or the perturbation that split them.

use std::fmt::Debug;

use crate::piece::Piece;
use crate::player::PlayerState;
use crate::state::DuelState;

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
    compare_fields!(
        &mut out,
        "",
        ours,
        theirs,
        [
            match_id,
            format_hash,
            pool_hash,
            board_size,
            commitments,
            turn,
            active,
            phase,
            table,
            terrain,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            windows,
            declarations,
            agreement,
            searches_due,
            reshuffles,
            joint_draw,
            joint_draws,
            attack_negated,
            spell_negated,
            spell_spares,
            gains_reversed,
            outcome,
        ]
    );
    if ours.players.len() != theirs.players.len() {
        out.push(FieldDifference {
            field: "players".into(),
            ours: format!("{} players", ours.players.len()),
            theirs: format!("{} players", theirs.players.len()),
        });
    }
    for (seat, (a, b)) in ours
        .players
        .values()
        .zip(theirs.players.values())
        .enumerate()
    {
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
            _ => differs(&mut out, "", &name, a, b, a == b),
        }
    }
    out
}

/// Compares the listed fields of two values, recording each that differs.
macro_rules! compare_fields {
    ($out:expr, $prefix:expr, $a:expr, $b:expr, [$($field:ident),* $(,)?]) => {
        $( differs($out, $prefix, stringify!($field), &$a.$field, &$b.$field, $a.$field == $b.$field); )*
    };
}
use compare_fields;

fn player_differences(
    prefix: &str,
    a: &PlayerState,
    b: &PlayerState,
    out: &mut Vec<FieldDifference>,
) {
    let before = out.len();
    let dotted = format!("{prefix}.");
    compare_fields!(
        out,
        &dotted,
        a,
        b,
        [
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
        ]
    );
    // A field added to PlayerState but not listed above still gets reported.
    if out.len() == before {
        differs(out, "", prefix, a, b, a == b);
    }
}

fn piece_differences(prefix: &str, a: &Piece, b: &Piece, out: &mut Vec<FieldDifference>) {
    if a == b {
        return;
    }
    let before = out.len();
    let dotted = format!("{prefix}.");
    compare_fields!(
        out,
        &dotted,
        a,
        b,
        [
            owner,
            controller,
            card_ref,
            card,
            class,
            face_up,
            defence,
            leader,
            entered_turn,
            moved,
            changed_position,
            attacked,
            bind,
            bound_turn,
            modifiers,
            attached,
        ]
    );
    if out.len() == before {
        differs(out, "", prefix, a, b, false);
    }
}

/// Records `name` (after `prefix`) as differing unless `equal`.
fn differs(
    out: &mut Vec<FieldDifference>,
    prefix: &str,
    name: &str,
    ours: &dyn Debug,
    theirs: &dyn Debug,
    equal: bool,
) {
    if !equal {
        out.push(FieldDifference {
            field: format!("{prefix}{name}"),
            ours: shorten(format!("{ours:?}")),
            theirs: shorten(format!("{theirs:?}")),
        });
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
