//! Attack Effects of the original game that change the battle itself: Happy Lover, Ray &
//! Temperature and Jirai Gumo fight the enemy monster at its own power ("Cancels all power
//! increases or decreases of an enemy monster in battle. Does not cancel bonus effects such
//! as terrain or Leader ability effects"), and Dimensional Warrior and One Who Hunts Souls
//! send the monsters they destroy in battle out of the game ("cannot be revived once they
//! are sent to the Graveyard").

use crate::agreement::Destination;
use crate::card::{CardDef, Primitive, Trigger};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::Piece;
use crate::place::{Place, Zone};
use crate::seat::Seat;

/// A monster in a battle: where it stands, the piece, its card.
type Fighter<'a> = (Cell, &'a Piece, &'a CardDef);

impl Duel {
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
            && card
                .effects
                .iter()
                .any(|e| e.trigger == Trigger::Battle && e.primitive == *wanted)
            && !self.is_spellbound(cell)
    }

    /// The ATK and DEF the attacker and the defender fight with: their current stats and
    /// battle bonuses, or, against a monster that cancels changes, their unchanged ones.
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
            if cancels(foe) {
                return self.unchanged_stats(cell, piece, card);
            }
            let (atk, def) = self.stats_of(cell, piece, card);
            (
                atk + self.battle_bonus(cell, piece, card, (foe.1, foe.2)),
                def,
            )
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
