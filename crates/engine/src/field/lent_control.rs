//! Control taken "until the end of the turn" on the card game's field (an agreed outcome's
//! `control` step, `agreement/control.rs`) goes back to the card's owner as the turn ends.
//!
//! *Reading*: the card returns to a free zone of its kind on its owner's side, the zone of
//! the same column when it is free (so a column the card stood in means the same thing
//! again), else the first free one; a monster from a shared Extra Monster Zone takes a Main
//! Monster Zone. With no free zone it goes to its owner's graveyard, as the card game sends
//! a card that cannot return.

use crate::duel::Duel;
use crate::event::Event;
use crate::place::{Place, Zone};
use crate::seat::Seat;

impl Duel {
    /// As a turn ends: every card whose control was taken for the turn goes back to its
    /// owner.
    pub(super) fn return_lent_field_cards(&mut self, events: &mut Vec<Event>) {
        let lent: Vec<Place> = self
            .field()
            .all_zones()
            .filter(|place| self.zone_piece(*place).is_some_and(|p| p.lent))
            .collect();
        for from in lent {
            let Some(owner) = self.zone_piece(from).map(|p| p.owner) else {
                continue;
            };
            let Some(to) = self.zone_to_return_to(from, owner) else {
                // Nowhere to come back to on its owner's side.
                if let Some(piece) = self.zone_to_graveyard(from, events) {
                    events.push(Event::CardMoved {
                        from,
                        to: crate::agreement::Destination::Graveyard,
                        card: piece.card,
                    });
                }
                continue;
            };
            let Some(mut piece) = self.take_from_zone(from) else {
                continue;
            };
            piece.controller = owner;
            piece.lent = false;
            let card_ref = piece.card_ref;
            self.put_in_zone(to, piece);
            self.equips_follow_control(card_ref, owner);
            events.push(Event::ControlReturned { owner, from, to });
        }
    }

    /// Where a card lent away from `owner` at `from` comes back to.
    fn zone_to_return_to(&self, from: Place, owner: Seat) -> Option<Place> {
        let Place::Zone { zone, slot, .. } = from else {
            return None;
        };
        let side = self.side_of(owner);
        let field = self.field();
        let mut zones: Vec<Place> = match zone {
            Zone::Backrow => field.backrow(side).collect(),
            Zone::FieldSpell => field.field_zone(side).into_iter().collect(),
            _ => field.frontrow(side).collect(),
        };
        let same_column = zones
            .iter()
            .position(|p| matches!(p, Place::Zone { slot: s, .. } if *s == slot));
        if let Some(i) = same_column
            && zone != Zone::ExtraMonster
        {
            let preferred = zones.remove(i);
            zones.insert(0, preferred);
        }
        zones
            .into_iter()
            .find(|p| *p == from || self.zone_piece(*p).is_none())
    }
}
