//! Nature Effects that change a rule of the grid while they last, each "while this card is
//! face-up in the defense position": Serpent Marauder (no increased movement), Thunder Nyan
//! Nyan (Thunder monsters move two), Ancient Tree of Enlightenment (no trap springs), Temple
//! of Skulls (spells and rituals do nothing), Lord of D. (Dragons out of the opponents'
//! spells' reach), Ancient Jar and Timeater (spellbinding counts stopped or doubled), Maha
//! Vailo (power-ups stronger), Moisture Creature (the opponents' Deck Leader abilities off)
//! and Servant of Catabolism (one more Summoning Point a turn).

use crate::card::{CardKind, Primitive};
use crate::duel::Duel;
use crate::grid::Cell;
use crate::piece::Piece;
use crate::seat::Seat;
use crate::state::QueuedEffect;

impl Duel {
    /// The face-up, free monsters whose lasting effect applies now and passes `wanted`:
    /// where they stand, their controllers, and the effect. Whether a monster is free is
    /// asked only of those with such an effect.
    pub(super) fn lasting_holders<'a>(
        &'a self,
        wanted: impl Fn(&Primitive) -> bool + 'a,
    ) -> impl Iterator<Item = (Cell, Seat, &'a Primitive)> + 'a {
        self.state
            .pieces()
            .filter(|(_, piece)| !piece.leader && piece.face_up)
            .filter_map(|(cell, piece)| {
                let card = piece.card.and_then(|id| self.rules.pool.get(id))?;
                Some((cell, piece, card))
            })
            .flat_map(move |(cell, piece, card)| {
                card.effects
                    .iter()
                    .filter(move |e| e.trigger.lasts_while(piece.face_up, piece.defence))
                    .map(move |e| (cell, piece, &e.primitive))
            })
            .filter(move |(_, _, primitive)| wanted(primitive))
            .filter(|(cell, piece, _)| !self.spellbound(*cell, piece))
            .map(|(cell, piece, primitive)| (cell, piece.controller, primitive))
    }

    fn any_lasting(&self, wanted: impl Fn(&Primitive) -> bool) -> bool {
        self.lasting_holders(wanted).next().is_some()
    }

    /// Serpent Marauder: "cancels any increased movement effects for all cards".
    pub(super) fn movement_bonuses_cancelled(&self) -> bool {
        self.any_lasting(|p| matches!(p, Primitive::NoMovementBonuses))
    }

    /// Thunder Nyan Nyan: the face-up monster `piece` at `cell` is one whose movement a
    /// lasting effect raises to two.
    pub(super) fn moves_two_by_aura(&self, cell: Cell, piece: &Piece) -> bool {
        let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)) else {
            return false;
        };
        piece.face_up
            && self
                .lasting_holders(|p| matches!(p, Primitive::MovesTwoForAll { .. }))
                .any(|(at, controller, primitive)| match primitive {
                    Primitive::MovesTwoForAll { filter } => {
                        at != cell && self.identity_filter(filter, controller, piece, card, None)
                    }
                    _ => false,
                })
    }

    /// Ancient Tree of Enlightenment: "TRAP cards cannot be triggered".
    pub(super) fn traps_sealed(&self) -> bool {
        self.any_lasting(|p| matches!(p, Primitive::NoTraps))
    }

    /// Temple of Skulls: "all MAGIC and RITUAL cards are rendered ineffective".
    pub(super) fn spells_sealed(&self) -> bool {
        self.any_lasting(|p| matches!(p, Primitive::NoSpells))
    }

    /// Lord of D.: the monster `piece` is out of reach of `effect`, a spell of an opponent
    /// of a Lord's controller.
    pub(super) fn immune_to_spell(&self, effect: &QueuedEffect, piece: &Piece) -> bool {
        let is_spell = self
            .rules
            .pool
            .get(effect.card)
            .is_some_and(|c| matches!(c.kind, CardKind::Spell { .. }));
        let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)) else {
            return false;
        };
        is_spell
            && piece.face_up
            && self
                .lasting_holders(|p| matches!(p, Primitive::ImmuneToEnemySpells { .. }))
                .any(|(_, controller, primitive)| match primitive {
                    Primitive::ImmuneToEnemySpells { filter } => {
                        self.are_opponents(controller, effect.controller)
                            && self.identity_filter(filter, controller, piece, card, None)
                    }
                    _ => false,
                })
    }

    /// How many turns a spellbinding counter counts down at an end of turn: none under
    /// Ancient Jar, twice as many under each Timeater.
    pub(super) fn spellbind_countdown(&self) -> u8 {
        if self.any_lasting(|p| matches!(p, Primitive::SpellbindCountdownStopped)) {
            return 0;
        }
        let doublings = self
            .lasting_holders(|p| matches!(p, Primitive::SpellbindCountdownDoubled))
            .count();
        (0..doublings).fold(1u8, |n, _| n.saturating_mul(2))
    }

    /// Maha Vailo: how much stronger every power-up is.
    pub(super) fn power_up_boost(&self) -> i32 {
        self.lasting_holders(|p| matches!(p, Primitive::PowerUpsBoosted { .. }))
            .map(|(_, _, primitive)| match primitive {
                Primitive::PowerUpsBoosted { amount } => i32::from(*amount),
                _ => 0,
            })
            .sum()
    }

    /// Moisture Creature: `seat`'s Deck Leader abilities are off, an opponent of theirs
    /// holding one.
    pub(super) fn leader_powers_off_for(&self, seat: Seat) -> bool {
        self.lasting_holders(|p| matches!(p, Primitive::OpposingLeaderPowersOff))
            .any(|(_, controller, _)| self.are_opponents(controller, seat))
    }

    /// Servant of Catabolism: the Summoning Points `seat` gains beyond the format's at its
    /// standby.
    pub(super) fn extra_summoning_points(&self, seat: Seat) -> u8 {
        let count = self
            .lasting_holders(|p| matches!(p, Primitive::ExtraSummoningPoint))
            .filter(|(_, controller, _)| *controller == seat)
            .count();
        u8::try_from(count).unwrap_or(u8::MAX)
    }

    /// Fiend's Mirror: the Summoning Points `seat` gains fewer than the format's at its
    /// standby, one for each Mirror an opponent of theirs holds.
    pub(super) fn fewer_summoning_points(&self, seat: Seat) -> u8 {
        let count = self
            .lasting_holders(|p| matches!(p, Primitive::FewerSummoningPoints))
            .filter(|(_, controller, _)| self.are_opponents(*controller, seat))
            .count();
        u8::try_from(count).unwrap_or(u8::MAX)
    }
}
