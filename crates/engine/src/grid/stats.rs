//! A monster's current ATK and DEF: printed stats, terrain, lasting changes, equips, the
//! auras of continuous effects, and battle bonuses.

use crate::card::{Area, CardDef, Primitive};
use crate::duel::Duel;
use crate::grid::Cell;
use crate::grid::filters::{in_area, piece_identity_matches};
use crate::piece::Piece;

impl Duel {
    /// Current ATK and DEF of the monster at `cell`, seen by the public. `None` when there is
    /// no monster or it is hidden.
    pub fn stats_at(&self, cell: Cell) -> Option<(i32, i32)> {
        let piece = self.state.piece(cell)?;
        let card = self.rules.pool.get(piece.card?)?;
        Some(self.stats_of(cell, piece, card))
    }

    /// A monster's printed ATK and DEF with, face-up, its terrain's bonus: what every change
    /// starts from. `None` for a Deck Leader (it fights with none) or a card that is no
    /// monster.
    pub(super) fn printed_on_terrain(
        &self,
        cell: Cell,
        piece: &Piece,
        card: &CardDef,
    ) -> Option<(i32, i32)> {
        let m = piece.monster_stats(card).filter(|_| !piece.leader)?;
        let bonus = if piece.face_up {
            m.terrain_bonus(self.terrain_at(cell))
        } else {
            0
        };
        let (atk, def) = self
            .copied_from_leaders(cell, piece, card)
            .unwrap_or((m.atk, m.def));
        Some((i32::from(atk) + bonus, i32::from(def) + bonus))
    }

    /// Shapesnatch: the printed ATK of the strongest enemy Deck Leader still in the duel
    /// and the printed DEF of its controller's own, while it is face-up and free.
    fn copied_from_leaders(&self, cell: Cell, piece: &Piece, card: &CardDef) -> Option<(u16, u16)> {
        let copies = piece.face_up
            && card
                .effects
                .iter()
                .any(|e| e.primitive == Primitive::CopiesLeaders)
            && !self.spellbound(cell, piece);
        if !copies {
            return None;
        }
        let leader_stats = |seat| {
            let leader = self.state.player(seat).leader;
            let id = self.state.piece(leader).filter(|p| p.leader)?.card?;
            self.rules.pool.get(id)?.monster().copied()
        };
        let table = self.state.table;
        let enemy_atk = table
            .seats()
            .filter(|s| table.in_play(*s) && table.are_opponents(piece.controller, *s))
            .filter_map(|s| leader_stats(s).map(|m| m.atk))
            .max()?;
        let own_def = leader_stats(piece.controller)?.def;
        Some((enemy_atk, own_def))
    }

    /// Current ATK and DEF of `piece` at `cell` if it is `card`.
    pub fn stats_of(&self, cell: Cell, piece: &Piece, card: &CardDef) -> (i32, i32) {
        let (atk, def) = self.unfloored_stats_of(cell, piece, card);
        (atk.max(0), def.max(0))
    }

    /// [`Duel::stats_of`] before the values are floored at 0.
    pub(super) fn unfloored_stats_of(
        &self,
        cell: Cell,
        piece: &Piece,
        card: &CardDef,
    ) -> (i32, i32) {
        let (Some(m), Some((mut atk, mut def))) = (
            piece.monster_stats(card),
            self.printed_on_terrain(cell, piece, card),
        ) else {
            return (0, 0);
        };
        for modifier in &piece.modifiers {
            atk += i32::from(modifier.atk);
            def += i32::from(modifier.def);
        }
        if piece.face_up {
            let power_up_boost = if piece.attached.is_empty() {
                0
            } else {
                self.power_up_boost()
            };
            for equip in &piece.attached {
                for (a, d) in self
                    .rules
                    .pool
                    .get(equip.card)
                    .into_iter()
                    .flat_map(equip_bonus)
                {
                    if equip.reversed {
                        // Reverse Trap: "reversing the positive effect to a negative amount".
                        atk -= a.max(0);
                        def -= d.max(0);
                        atk += a.min(0);
                        def += d.min(0);
                        continue;
                    }
                    // Maha Vailo makes every power-up that raises a monster stronger.
                    let boost = if a > 0 || d > 0 { power_up_boost } else { 0 };
                    atk += a + boost;
                    def += d + boost;
                }
            }
            let (a, d) = self.aura_bonus(cell, piece, card);
            let kin = self.leader_kin_bonus(cell, piece, &m);
            atk += a + kin;
            def += d + kin;
        }
        (atk, def)
    }

    /// Stat changes from face-up cards with continuous effects.
    fn aura_bonus(&self, cell: Cell, piece: &Piece, card: &CardDef) -> (i32, i32) {
        let mut total = (0, 0);
        for (source_cell, source) in self.state.pieces() {
            if !source.face_up || source.is_bound() || source.leader || source_cell == cell {
                continue;
            }
            let Some(source_card) = source.card.and_then(|id| self.rules.pool.get(id)) else {
                continue;
            };
            for effect in &source_card.effects {
                if !effect.trigger.lasts_while(source.face_up, source.defence) {
                    continue;
                }
                if let Primitive::ModifyStats {
                    targets, atk, def, ..
                } = &effect.primitive
                    && in_area(targets.area, source_cell, cell, None)
                    && self.identity_filter(&targets.filter, source.controller, piece, card, None)
                    // Held by another's continuous spellbind: its effects are off too.
                    && !self.held_by_continuous_bind(source_cell, source)
                {
                    total.0 += i32::from(*atk);
                    total.1 += i32::from(*def);
                }
            }
        }
        total
    }

    /// What a face-up, free monster gains in battle against `other` (a piece and its card).
    pub(super) fn battle_bonus(
        &self,
        cell: Cell,
        piece: &Piece,
        card: &CardDef,
        (other_piece, other_card): (&Piece, &CardDef),
    ) -> i32 {
        if !piece.face_up || piece.leader || self.spellbound(cell, piece) {
            return 0;
        }
        self.battle_effects(piece, card)
            .map(|p| match p {
                Primitive::BattleBonus { against, atk }
                    if piece_identity_matches(against, other_card, other_piece, None) =>
                {
                    i32::from(*atk)
                }
                _ => 0,
            })
            .sum()
    }
}

/// The ATK/DEF an equip spell gives the monster it is attached to.
pub(super) fn equip_bonus(card: &CardDef) -> impl Iterator<Item = (i32, i32)> + '_ {
    card.effects.iter().filter_map(|e| match &e.primitive {
        Primitive::ModifyStats {
            targets, atk, def, ..
        } if targets.area == Area::This => Some((i32::from(*atk), i32::from(*def))),
        _ => None,
    })
}
