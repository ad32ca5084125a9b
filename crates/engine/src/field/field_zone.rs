//! The card game's Field Zone (Domain Format, `field.field_zone`): every player has one, apart
//! from the Spell & Trap Zones. A Field Spell is activated or Set there and nowhere else;
//! nothing else goes there. A player who plays a Field Spell while one is in their Field
//! Zone sends the old one to the graveyard first (the card game's rule: it is not
//! destroyed). A Field Spell Set face-down makes a claim its owner answers for when it is
//! revealed and in the audit: in the Field Zone that it is a Field Spell, in a Spell & Trap
//! Zone that it is a spell or trap other than one.

use crate::action::PlayMode;
use crate::card::CardDef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::place::{Place, Zone};
use crate::seat::Seat;
use crate::state::Predicate;

impl Duel {
    /// Whether `to` is a Field Zone of this field.
    pub(crate) fn is_field_zone(&self, to: Place) -> bool {
        matches!(
            to,
            Place::Zone {
                zone: Zone::FieldSpell,
                ..
            }
        ) && self.field().index(to).is_some()
    }

    /// Checks that a spell or trap played from the hand with `mode` may go to `to`: the
    /// Backrow, or (for a Field Spell, where the field has one) the Field Zone. `known` is
    /// the card when the applier knows it. Returns the claim a Set card's owner makes.
    pub(super) fn spell_trap_zone_claim(
        &self,
        to: Place,
        mode: PlayMode,
        known: Option<&CardDef>,
    ) -> Result<Predicate, RuleError> {
        let to_field_zone = self.is_field_zone(to);
        let backrow = matches!(
            to,
            Place::Zone {
                zone: Zone::Backrow,
                ..
            }
        );
        if !to_field_zone && !backrow {
            return Err(RuleError::WrongPlayMode {
                why: if mode == PlayMode::ActivateSpell {
                    "a spell is activated from the hand into a Backrow zone (a Field Spell \
                     into the Field Zone)"
                } else {
                    "spells and traps are Set in a Backrow zone (a Field Spell in the Field \
                     Zone)"
                },
            });
        }
        if !self.field().has_field_zone() {
            return Ok(Predicate::SpellOrTrap);
        }
        let field_spell = known.map(CardDef::goes_to_the_field_zone);
        match (to_field_zone, field_spell) {
            (true, Some(false)) => Err(RuleError::WrongPlayMode {
                why: "only a Field Spell goes to the Field Zone",
            }),
            (false, Some(true)) => Err(RuleError::WrongPlayMode {
                why: "a Field Spell goes to the Field Zone, not a Spell & Trap Zone",
            }),
            (true, _) => Ok(Predicate::FieldSpell),
            (false, _) => Ok(Predicate::SpellOrTrapNotFieldSpell),
        }
    }

    /// Before a Field Spell takes `seat`'s Field Zone at `to`: the one already there goes to
    /// its owner's graveyard.
    pub(super) fn clear_field_zone(&mut self, to: Place, events: &mut Vec<Event>) {
        if !self.is_field_zone(to) {
            return;
        }
        if let Some(old) = self.zone_to_graveyard(to, events) {
            events.push(Event::CardMoved {
                from: to,
                to: crate::agreement::Destination::Graveyard,
                card: old.card,
            });
        }
    }

    /// Where `seat` may play `card` (a spell or trap of its hand it knows, or `None` for one
    /// it does not): its free Backrow zones, and its Field Zone (free or not) for a Field
    /// Spell, where the field has one.
    pub(super) fn spell_trap_zones_for(&self, seat: Seat, card: Option<&CardDef>) -> Vec<Place> {
        let field = *self.field();
        let side = self.side_of(seat);
        let field_spell = card.is_some_and(CardDef::goes_to_the_field_zone);
        match field.field_zone(side) {
            Some(zone) if field_spell => vec![zone],
            _ => self.free_backrow_zones(seat).collect(),
        }
    }

    /// Whether an outcome may put `card` into the zone `at` of the field: the Field Zone
    /// takes only a Field Spell, and a Field Spell goes nowhere else on the field, where
    /// the field has Field Zones. A card still hidden is judged when it is shown.
    pub(crate) fn check_field_zone_destination(
        &self,
        card: Option<crate::card::CardId>,
        at: Place,
    ) -> Result<(), String> {
        if !self.field().has_field_zone() {
            return Ok(());
        }
        let Some(def) = card.and_then(|c| self.rules.pool.get(c)) else {
            return Ok(());
        };
        match (self.is_field_zone(at), def.goes_to_the_field_zone()) {
            (true, false) => Err(format!(
                "only a Field Spell goes to {at}, and {} is not one",
                def.name
            )),
            (false, true) => Err(format!(
                "{} is a Field Spell: on the field it goes to its player's Field Zone, not {at}",
                def.name
            )),
            _ => Ok(()),
        }
    }

    /// Records the claim a face-down card of `owner`'s moved into the spell zone `at` makes
    /// (see [`Duel::hidden_spell_zone_claim`]): it stays unseen, and its owner answers for
    /// it fitting its new zone.
    pub(crate) fn claim_hidden_spell_zone(
        &mut self,
        card_ref: crate::commitment::CardRef,
        owner: Seat,
        at: Place,
        events: &mut Vec<Event>,
    ) {
        let Some(predicate) = self.hidden_spell_zone_claim(at) else {
            return;
        };
        self.state.claims.push(crate::state::PendingClaim {
            card_ref,
            owner,
            predicate,
            turn: self.state.turn,
        });
        events.push(Event::ClaimRecorded {
            owner,
            commitment: self.state.commitment(card_ref),
        });
    }

    /// The claim a face-down card moved into the spell zone `at` makes, where the field has
    /// a Field Zone: a Field Spell in the Field Zone, any other spell or trap in the
    /// Backrow.
    pub(crate) fn hidden_spell_zone_claim(&self, at: Place) -> Option<Predicate> {
        if !self.field().has_field_zone() {
            return None;
        }
        match at {
            _ if self.is_field_zone(at) => Some(Predicate::FieldSpell),
            Place::Zone {
                zone: Zone::Backrow,
                ..
            } => Some(Predicate::SpellOrTrapNotFieldSpell),
            _ => None,
        }
    }
}
