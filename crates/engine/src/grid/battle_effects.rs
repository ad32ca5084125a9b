//! Attack Effects of the original game that change the battle itself: Happy Lover, Ray &
//! Temperature and Jirai Gumo fight the enemy monster at its own power ("Cancels all power
//! increases or decreases of an enemy monster in battle. Does not cancel bonus effects such
//! as terrain or Leader ability effects"), and Dimensional Warrior and One Who Hunts Souls
//! send the monsters they destroy in battle out of the game ("cannot be revived once they
//! are sent to the Graveyard"). A power-up's battle effects are its monster's (Sword of
//! Dragon's Soul: "WARRIOR monsters automatically destroy DRAGON monsters in battle. The
//! opposing enemy's effects are rendered ineffective").

use crate::agreement::Destination;
use crate::card::{CardDef, Primitive, Trigger};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::grid::filters::piece_identity_matches;
use crate::piece::Piece;
use crate::place::{Place, Zone};
use crate::seat::Seat;

/// A monster in a battle: where it stands, the piece, its card.
type Fighter<'a> = (Cell, &'a Piece, &'a CardDef);

impl Duel {
    /// The battle effects `piece` (of `card`) carries: its card's, and, face-up, those of
    /// the power-ups on it.
    pub(super) fn battle_effects<'a>(
        &'a self,
        piece: &'a Piece,
        card: &'a CardDef,
    ) -> impl Iterator<Item = &'a Primitive> + 'a {
        let power_ups = piece
            .attached
            .iter()
            .filter(|_| piece.face_up)
            .filter_map(|equip| self.rules.pool.get(equip.card))
            .flat_map(|equip| equip.effects.iter());
        card.effects
            .iter()
            .chain(power_ups)
            .filter(|e| e.trigger == Trigger::Battle)
            .map(|e| &e.primitive)
    }

    /// Whether the face-up, free monster at `cell` has the battle effect `wanted`.
    pub(super) fn has_battle_effect(
        &self,
        cell: Cell,
        piece: &Piece,
        card: &CardDef,
        wanted: &Primitive,
    ) -> bool {
        !piece.leader
            && piece.face_up
            && self.battle_effects(piece, card).any(|p| p == wanted)
            && !self.is_spellbound(cell)
    }

    /// Whether the monster battling `foe` fights without its battle effects: `foe`
    /// neutralizes them.
    pub(super) fn neutralized_by(&self, (cell, piece, card): Fighter<'_>) -> bool {
        self.has_battle_effect(cell, piece, card, &Primitive::NeutralizesInBattle)
    }

    /// Whether the free monster `me` destroys `foe` in battle whatever their stats.
    pub(super) fn destroys_in_battle(&self, me: Fighter<'_>, foe: Fighter<'_>) -> bool {
        let (cell, piece, card) = me;
        let (_, foe_piece, foe_card) = foe;
        self.battle_effects(piece, card).any(|p| {
            matches!(p, Primitive::DestroyInBattle { against }
                if piece_identity_matches(against, foe_card, foe_piece, None))
        }) && !self.is_spellbound(cell)
    }

    /// The ATK and DEF the attacker and the defender fight with: their current stats and
    /// battle bonuses, or, against a monster that cancels changes, their unchanged ones.
    /// A monster whose foe neutralizes battle effects fights without its own.
    pub(super) fn battle_stats(
        &self,
        attacker: Fighter<'_>,
        defender: Fighter<'_>,
    ) -> ((i32, i32), (i32, i32)) {
        let cancels = |(cell, piece, card): Fighter<'_>| {
            self.has_battle_effect(cell, piece, card, &Primitive::CancelsChangesInBattle)
        };
        let fights_with = |me: Fighter<'_>, foe: Fighter<'_>| {
            let (cell, piece, card) = me;
            if cancels(foe) && !self.neutralized_by(me) {
                return self.unchanged_stats(cell, piece, card);
            }
            let (atk, def) = self.stats_of(cell, piece, card);
            let bonus = if self.neutralized_by(foe) {
                0
            } else {
                self.battle_bonus(cell, piece, card, (foe.1, foe.2))
            };
            (atk + bonus, def)
        };
        (
            fights_with(attacker, defender),
            fights_with(defender, attacker),
        )
    }

    /// A monster's printed ATK and DEF with its terrain's bonus and its Deck Leader's (the
    /// kin bonus), nothing else.
    fn unchanged_stats(&self, cell: Cell, piece: &Piece, card: &CardDef) -> (i32, i32) {
        let (Some(m), Some((atk, def))) = (
            piece.monster_stats(card),
            self.printed_on_terrain(cell, piece, card),
        ) else {
            return (0, 0);
        };
        // The kin bonus asks for a face-up monster itself.
        let kin = self.leader_kin_bonus(cell, piece, &m);
        ((atk + kin).max(0), (def + kin).max(0))
    }

    /// The card `card_ref` of `owner`, just destroyed into the graveyard, is removed from
    /// the game instead.
    pub(super) fn banish_from_graveyard(
        &mut self,
        owner: Seat,
        card_ref: CardRef,
        events: &mut Vec<Event>,
    ) {
        let graveyard = &mut self.state.player_mut(owner).graveyard;
        let Some(index) = graveyard.iter().rposition(|slot| slot.card_ref == card_ref) else {
            return;
        };
        let slot = graveyard.remove(index);
        let card = slot.card;
        self.state.player_mut(owner).banished.push(slot);
        events.push(Event::CardMoved {
            from: Place::slot_of(owner, Zone::Graveyard, index),
            to: Destination::Banished,
            card,
        });
    }
}
