//! Kingdom Duels' equips: "Equipped cards must be placed on the Backrow", and "if a card
//! leaves the field, all other cards equipped to it are destroyed (unless otherwise
//! stated)". "If you take control of a card ... If it was a monster you also take control of
//! all the equipped cards to it but they remain on their current zones." "You can't equip
//! ... cards to a monster that is already Hidden." "An Alter Monster is summoned on the same
//! zone its corresponding Alter Material was, and any Equip card active on that monster is
//! re-equipped to the new card instead."
//!
//! What a card is equipped to is a step of its agreed outcome (the card's text says what it
//! may equip): [`crate::agreement::Operation::Equip`] links a face-up card of a Backrow to a
//! face-up monster, and the engine keeps the link ([`EquipLink`]) until either leaves the
//! field.

use serde::{Deserialize, Serialize};

use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::place::{Place, Zone};
use crate::seat::Seat;

/// A card equipped to a monster on the card game's field, both named by the commitment they
/// are in play under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EquipLink {
    pub equip: CardRef,
    pub target: CardRef,
}

impl Duel {
    /// Where the card in play under `card_ref` lies on the field, if it does.
    pub(crate) fn zone_of(&self, card_ref: CardRef) -> Option<Place> {
        let field = *self.field();
        (0..field.slot_count())
            .filter_map(|index| field.place_at(index))
            .find(|place| {
                self.zone_piece(*place)
                    .is_some_and(|p| p.card_ref == card_ref)
            })
    }

    /// The zone of the monster the card at `equip` is equipped to, if it is.
    pub fn equipped_to(&self, equip: Place) -> Option<Place> {
        let card_ref = self.zone_piece(equip)?.card_ref;
        let link = self.state.equips.iter().find(|l| l.equip == card_ref)?;
        self.zone_of(link.target)
    }

    /// The cards equipped to the monster under `target`.
    fn equips_of(&self, target: CardRef) -> Vec<CardRef> {
        self.state
            .equips
            .iter()
            .filter(|l| l.target == target)
            .map(|l| l.equip)
            .collect()
    }

    /// Links the card under `equip` to the monster under `target` (a card equips one
    /// monster at a time).
    pub(crate) fn link_equip(&mut self, equip: CardRef, target: CardRef) {
        self.state.equips.retain(|l| l.equip != equip);
        self.state.equips.push(EquipLink { equip, target });
    }

    /// The card under `card_ref` left the field: it equips nothing any more, and the cards
    /// equipped to it are destroyed.
    pub(crate) fn card_left_field(&mut self, card_ref: CardRef, events: &mut Vec<Event>) {
        self.state.equips.retain(|l| l.equip != card_ref);
        let equipped = self.equips_of(card_ref);
        self.state.equips.retain(|l| l.target != card_ref);
        for equip in equipped {
            if let Some(place) = self.zone_of(equip) {
                self.destroy_on_field(place, events);
            }
        }
    }

    /// The monster under `from` became the one under `to` (an Alter Summon): what was
    /// equipped to it is equipped to the new monster.
    pub(crate) fn move_equips(&mut self, from: CardRef, to: CardRef) {
        for link in &mut self.state.equips {
            if link.target == from {
                link.target = to;
            }
        }
    }

    /// The monster under `card_ref` is now controlled by `controller`: so are the cards
    /// equipped to it, where they lie.
    pub(crate) fn equips_follow_control(&mut self, card_ref: CardRef, controller: Seat) {
        for equip in self.equips_of(card_ref) {
            if let Some(place) = self.zone_of(equip)
                && let Some(piece) = self.zone_piece_mut(place)
            {
                piece.controller = controller;
            }
        }
    }

    /// Why the card at `equip` may not be equipped to the monster at `target`, if it may
    /// not: an equip is a face-up card of a Backrow, its target a face-up monster.
    pub(crate) fn equip_refused(&self, equip: Place, target: Place) -> Option<String> {
        let in_backrow = matches!(
            equip,
            Place::Zone {
                zone: Zone::Backrow,
                ..
            }
        );
        let Some(card) = self.zone_piece(equip).filter(|_| in_backrow) else {
            return Some(format!(
                "there is no card at {equip}: an equipped card lies in a Backrow"
            ));
        };
        if !card.face_up {
            return Some(format!("the card at {equip} is face-down"));
        }
        let Some(monster) = self.zone_piece(target) else {
            return Some(format!("there is no monster at {target}"));
        };
        if monster.class != crate::piece::Class::Monster {
            return Some(format!("the card at {target} is not a monster"));
        }
        if !monster.face_up {
            return Some(format!(
                "the monster at {target} is Hidden: nothing is equipped to a Hidden monster"
            ));
        }
        if monster.card_ref == card.card_ref {
            return Some("a card does not equip itself".to_owned());
        }
        None
    }

    /// Outcomes that equip the Equip card being resolved to each of `seat`'s face-up
    /// monsters.
    pub(super) fn equip_proposals(&self, seat: Seat, out: &mut Vec<crate::action::Action>) {
        let Some(agreement) = self.state.agreement.as_ref() else {
            return;
        };
        let is_equip = self.rules.pool.get(agreement.card).is_some_and(|def| {
            self.rules
                .pool
                .printed_card(def)
                .kingdom()
                .is_some_and(|k| {
                    k.glyph == Some(crate::kingdom_card::Glyph::Equip)
                        || k.has_subtype(crate::kingdom_card::Subtype::Equip)
                })
        });
        if !is_equip {
            return;
        }
        let equip = agreement.at;
        for (to, _) in self.monsters_of(seat) {
            if self.equip_refused(equip, to).is_none() {
                out.push(crate::action::Action::ProposeOutcome {
                    operations: vec![crate::agreement::Operation::Equip { equip, to }],
                });
            }
        }
    }

    /// An outcome's `equip` step: the card at `equip` equips the monster at `to`.
    pub(crate) fn equip(
        &mut self,
        equip: Place,
        to: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        if let Some(why) = self.equip_refused(equip, to) {
            return Err(why);
        }
        let (Some(equip_piece), Some(target)) = (self.zone_piece(equip), self.zone_piece(to))
        else {
            return Err(format!("there is no card at {equip} or {to}"));
        };
        let (equip_ref, card, target_ref) =
            (equip_piece.card_ref, equip_piece.card, target.card_ref);
        self.link_equip(equip_ref, target_ref);
        if let Some(card) = card {
            events.push(Event::EquippedTo {
                card,
                at: equip,
                target: to,
            });
        }
        Ok(())
    }
}
