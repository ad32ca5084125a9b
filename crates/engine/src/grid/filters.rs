//! Which cards an effect's filter and area reach: the parts public facts decide, the parts
//! only a card's identity decides, and the board ranges.

use crate::awaiting::TrapEvent;
use crate::card::{Area, CardDef, Filter, KindFilter, MonsterStats, Side};
use crate::duel::Duel;
use crate::grid::Cell;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;

impl Duel {
    /// Whether `piece` is on `viewer`'s side for a filter: its controller is `viewer`
    /// ("own"), or one of `viewer`'s opponents ("enemy"), or — for an effect aimed at one
    /// chosen opponent — that opponent.
    pub(super) fn side_matches(
        &self,
        side: Side,
        viewer: Seat,
        target: Option<Seat>,
        piece: &Piece,
    ) -> bool {
        match side {
            Side::Own => piece.controller == viewer,
            Side::Enemy => match target {
                Some(opponent) => piece.controller == opponent,
                None => self.are_opponents(viewer, piece.controller),
            },
        }
    }

    /// Does `piece` (known to be `card`) pass `filter`, seen from `viewer`?
    pub(super) fn identity_filter(
        &self,
        filter: &Filter,
        viewer: Seat,
        piece: &Piece,
        card: &CardDef,
        stats: Option<(i32, i32)>,
    ) -> bool {
        if let Some(side) = filter.side
            && !self.side_matches(side, viewer, None, piece)
        {
            return false;
        }
        if filter.face_up_only && !piece.face_up {
            return false;
        }
        if filter.defence_only && !piece.defence {
            return false;
        }
        if filter.attack_only && (piece.defence || piece.class != Class::Monster) {
            return false;
        }
        piece_identity_matches(filter, card, piece, stats.map(|s| s.0))
    }

    /// The parts of a filter that public facts decide: side, face, position, and the class a
    /// face-down card shows. `target` narrows "enemy" to one chosen opponent.
    pub(super) fn public_filter(
        &self,
        filter: &Filter,
        viewer: Seat,
        target: Option<Seat>,
        piece: &Piece,
    ) -> bool {
        if let Some(side) = filter.side
            && !self.side_matches(side, viewer, target, piece)
        {
            return false;
        }
        if filter.face_up_only && !piece.face_up {
            return false;
        }
        if filter.defence_only && !piece.defence {
            return false;
        }
        if filter.attack_only && (piece.defence || !piece.may_be(Class::Monster)) {
            return false;
        }
        // A class-hidden card (the bluff) may be either: its card decides.
        match filter.kind {
            Some(KindFilter::Monster) => piece.may_be(Class::Monster),
            Some(KindFilter::Spell | KindFilter::Trap | KindFilter::SpellOrTrap) => {
                piece.may_be(Class::SpellTrap)
            }
            None => true,
        }
    }
}

pub(super) fn in_area(area: Area, source: Cell, cell: Cell, triggering: Option<Cell>) -> bool {
    match area {
        Area::This => cell == source,
        Area::Triggering | Area::BattleOpponent => Some(cell) == triggering,
        Area::Field => true,
        Area::Lines => source.shares_line(cell),
        Area::Adjacent => source.is_orthogonal_neighbour(cell),
        Area::Within(n) => cell != source && source.distance(cell) <= n,
        // Decided by the terrain under the cell, which the caller reads.
        Area::OnTerrain(_) => true,
    }
}

/// Whether a limited-range trap at `trap` reaches `event`: it happened on the trap's cell or
/// an orthogonal neighbour.
pub(super) fn event_in_limited_range(event: TrapEvent, trap: Cell) -> bool {
    let near = |place: Place| place.cell().is_some_and(|c| c.distance(trap) <= 1);
    match event {
        TrapEvent::Moved { at } => near(at),
        TrapEvent::Attack { target, .. } => near(target),
        TrapEvent::Spell { at } => at.is_some_and(near),
        TrapEvent::PowerUp { at } | TrapEvent::TrapSprung { at } => near(at),
        TrapEvent::EndProposed { .. }
        | TrapEvent::Chained { .. }
        | TrapEvent::Summoned { .. }
        | TrapEvent::PhaseBegins { .. } => false,
    }
}

/// Does a filter need to know which card a face-down card is?
/// Whether deciding `filter` on `piece` needs its card: the filter asks for an identity, or
/// for a class (or an attack-position monster) that the piece keeps hidden (the bluff).
pub(crate) fn needs_identity_of(filter: &Filter, piece: &Piece) -> bool {
    filter_needs_identity(filter)
        || piece.class == Class::Unknown && (filter.kind.is_some() || filter.attack_only)
}

pub(crate) fn filter_needs_identity(filter: &Filter) -> bool {
    !filter.types.is_empty()
        || !filter.not_types.is_empty()
        || !filter.attributes.is_empty()
        || !filter.names.is_empty()
        || filter.max_atk.is_some()
        || filter.min_atk.is_some()
        || filter.min_def.is_some()
        || matches!(filter.kind, Some(KindFilter::Spell | KindFilter::Trap))
}

/// The identity parts of a filter, judged on the card itself (`atk`: current ATK, else the
/// printed one).
pub(crate) fn identity_matches(filter: &Filter, card: &CardDef, atk: Option<i32>) -> bool {
    identity_matches_as(filter, card, card.monster().copied(), atk)
}

/// [`identity_matches`] for a card on the field, whose type or attribute an effect may have
/// changed.
pub(crate) fn piece_identity_matches(
    filter: &Filter,
    card: &CardDef,
    piece: &Piece,
    atk: Option<i32>,
) -> bool {
    identity_matches_as(filter, card, piece.monster_stats(card), atk)
}

fn identity_matches_as(
    filter: &Filter,
    card: &CardDef,
    monster: Option<MonsterStats>,
    atk: Option<i32>,
) -> bool {
    let kind_ok = match filter.kind {
        None => true,
        Some(KindFilter::Monster) => card.is_monster(),
        Some(KindFilter::Spell) => card.is_spell(),
        Some(KindFilter::Trap) => card.is_trap(),
        Some(KindFilter::SpellOrTrap) => !card.is_monster(),
    };
    // Only a monster is in attack position (a class-hidden card declared by its owner).
    if !kind_ok || filter.attack_only && !card.is_monster() {
        return false;
    }
    if !filter.names.is_empty() && !filter.names.contains(&card.id) {
        return false;
    }
    if !filter.types.is_empty() && !monster.is_some_and(|m| filter.types.contains(&m.monster_type))
    {
        return false;
    }
    if !filter.not_types.is_empty()
        && monster.is_none_or(|m| filter.not_types.contains(&m.monster_type))
    {
        return false;
    }
    if !filter.attributes.is_empty()
        && !monster.is_some_and(|m| filter.attributes.contains(&m.attribute))
    {
        return false;
    }
    let atk = atk.or(monster.map(|m| i32::from(m.atk)));
    if let Some(max) = filter.max_atk
        && atk.is_none_or(|a| a > i32::from(max))
    {
        return false;
    }
    if let Some(min) = filter.min_atk
        && atk.is_none_or(|a| a < i32::from(min))
    {
        return false;
    }
    if let Some(min) = filter.min_def
        && monster.is_none_or(|m| m.def < min)
    {
        return false;
    }
    true
}
