//! A change of control by an agreed outcome (Snatch Steal, Change of Heart, Creature Swap of
//! a card database, or any effect the vocabulary does not define): a face-up card comes under
//! another player's control, for good or until the end of the turn.
//!
//! On the grid, where the format follows Classic rule 15 ("If the control of a Monster is
//! switched, the Monster has to be moved to a unoccupied card zone adjacent to the new
//! controller's Deck Leader"), the outcome names that zone; the resolving spell's own zone
//! counts, since it leaves as it resolves. On the card game's field the card goes to a free
//! zone of its kind on its new controller's side. Control taken "for the turn" goes back to
//! the owner at the end of the turn (`grid/control_change.rs`, `field/lent_control.rs`).
//!
//! Only a face-up card changes hands, as with the grid's defined control changes: a
//! face-down one would have to be shown to its new controller, and nobody else may see it.

use crate::agreement::Operation;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::Class;
use crate::place::{Place, Zone};
use crate::seat::{Seat, SeatSet};

/// What a control change asks for.
#[derive(Debug, Clone, Copy)]
pub(super) struct ControlChange {
    pub(super) at: Place,
    pub(super) seat: Seat,
    pub(super) to: Place,
    pub(super) for_the_turn: bool,
}

impl Duel {
    /// Carries out a `control` operation, or says why it cannot be.
    pub(super) fn run_control(
        &mut self,
        change: ControlChange,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        let ControlChange { at, seat, .. } = change;
        let piece = self
            .piece_at(at)
            .ok_or_else(|| format!("there is no card at {at}"))?;
        if piece.leader {
            return Err(format!("the Deck Leader at {at} never changes hands"));
        }
        if !piece.face_up {
            return Err(format!(
                "only a face-up card changes hands: the card at {at} would have to be shown to \
                 its new controller alone (flip or reveal it first)"
            ));
        }
        if piece.controller == seat {
            return Err(format!("{seat} already controls the card at {at}"));
        }
        match at {
            Place::Cell(from) => self.control_on_grid(from, change, events),
            Place::Zone { .. } => self.control_on_field(change, events),
        }
    }

    /// An exchange of control around the table (Creature Swap at more than two players):
    /// where an outcome's `control` steps each give one player's card to another and every
    /// giver also receives, "each player performs the action in turn order starting with the
    /// turn player" and gives to the next one ("Player A will give their chosen monster to
    /// Player B, Player B to Player C, C to D and D to A"). With two players a swap is the
    /// same whichever way it is written, so only a larger ring is checked.
    pub(super) fn check_exchange_ring(&self, operations: &[Operation]) -> Result<(), RuleError> {
        let gifts: Vec<(usize, Seat, Seat)> = operations
            .iter()
            .enumerate()
            .filter_map(|(index, operation)| match operation {
                Operation::Control { at, seat, .. } => self
                    .piece_at(*at)
                    .map(|piece| (index, piece.controller, *seat)),
                _ => None,
            })
            .collect();
        let givers = gifts
            .iter()
            .fold(SeatSet::EMPTY, |set, (_, giver, _)| set.with(*giver));
        let receivers = gifts
            .iter()
            .fold(SeatSet::EMPTY, |set, (_, _, receiver)| set.with(*receiver));
        let ring = gifts.len() > 2 && givers.len() == gifts.len() && givers == receivers;
        if !ring {
            return Ok(());
        }
        let order: Vec<Seat> = self
            .state
            .table
            .turn_order_from(self.state.active)
            .into_iter()
            .filter(|seat| givers.contains(*seat))
            .collect();
        for (k, (index, giver, receiver)) in gifts.iter().enumerate() {
            let expected = order.get(k).copied();
            let next = order.get((k + 1) % order.len()).copied();
            if expected != Some(*giver) || next != Some(*receiver) {
                let (Some(expected), Some(next)) = (expected, next) else {
                    continue;
                };
                return Err(RuleError::BadOutcome {
                    index: *index,
                    why: format!(
                        "an exchange between players goes around in turn order from the turn \
                         player, each giving to the next: step {} is {expected}'s, giving to \
                         {next}",
                        index + 1
                    ),
                });
            }
        }
        Ok(())
    }

    fn control_on_grid(
        &mut self,
        from: Cell,
        change: ControlChange,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        let ControlChange {
            seat,
            to,
            for_the_turn,
            ..
        } = change;
        let to = to
            .cell()
            .ok_or_else(|| format!("{to} is not a cell of the board"))?;
        let Some(piece) = self.state.piece(from) else {
            return Err(format!("there is no card at {from}"));
        };
        if piece.class != Class::Monster {
            return Err(format!(
                "only a monster changes hands on the grid; the card at {from} is a spell or trap"
            ));
        }
        let from_extra_deck = piece.from_extra_deck;
        let spell_zone = self.resolving_spell_zone();
        if let Some(allowed) = self.control_destinations(seat, spell_zone) {
            if !allowed.contains(&to) {
                let zones: Vec<String> = allowed.iter().map(ToString::to_string).collect();
                return Err(if zones.is_empty() {
                    format!(
                        "a monster whose control changes moves to an unused zone next to its \
                         new controller's Deck Leader (Classic rule 15), and {seat} has none"
                    )
                } else {
                    format!(
                        "a monster whose control changes moves to an unused zone next to its \
                         new controller's Deck Leader (Classic rule 15): {}",
                        zones.join(", ")
                    )
                });
            }
        } else if to != from {
            return Err(format!(
                "in this format a monster whose control changes stays where it is, {from}"
            ));
        }
        if let Err(no_room) = self.monster_room(seat, from_extra_deck, &[], Some(to)) {
            return Err(no_room.words(seat, Some(to)));
        }
        // The resolving spell leaves as it resolves, for the monster to take its zone.
        if Some(to) == spell_zone && to != from {
            let controller = self.state.agreement.as_ref().map(|a| a.controller);
            self.destroy(to, controller, events);
        }
        let lent = for_the_turn && self.state.piece(from).is_some_and(|p| p.owner != seat);
        if self.hand_over(from, to, seat, lent, events) {
            Ok(())
        } else {
            Err(format!("there is no card at {from}"))
        }
    }

    /// The cell of the card whose agreed outcome this is, when it goes to the graveyard
    /// once it has resolved (a Normal spell, a Normal trap).
    fn resolving_spell_zone(&self) -> Option<Cell> {
        let agreement = self.state.agreement.as_ref()?;
        let cell = agreement.at.cell()?;
        let leaves = self
            .rules
            .card(agreement.card)
            .is_ok_and(|def| !super::stays_after_resolving(def));
        let still_there = self
            .state
            .piece(cell)
            .is_some_and(|p| p.card_ref == agreement.card_ref);
        (leaves && still_there).then_some(cell)
    }

    fn control_on_field(
        &mut self,
        change: ControlChange,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        let ControlChange {
            at,
            seat,
            to,
            for_the_turn,
        } = change;
        let (Some(from_zone), Some(to_zone)) = (zone_kind(at), zone_kind(to)) else {
            return Err(format!("{at} and {to} must both be zones of the field"));
        };
        // A monster leaving a shared Extra Monster Zone for a player of another pair goes
        // to their Main Monster Zones.
        let fits = from_zone == to_zone
            || (from_zone == Zone::ExtraMonster && to_zone == Zone::Frontrow)
            || to == at;
        if !fits {
            return Err(format!(
                "a card whose control changes stays in a zone of its kind: {at} is a {}, {to} \
                 a {}",
                from_zone.label(),
                to_zone.label()
            ));
        }
        if to != at {
            if self.field().index(to).is_none() {
                return Err(format!("{to} is not a zone of this field"));
            }
            if self.zone_piece(to).is_some() {
                return Err(format!("{to} is not free"));
            }
        }
        let arriving = match to_zone {
            // The facing pair shares it: the card stays if its new controller sits there.
            Zone::ExtraMonster if to == at => {
                let anchor = self.field().pair_anchor(self.side_of(seat));
                (to.side() == Some(anchor)).then_some(seat)
            }
            Zone::ExtraMonster => None,
            _ => (to.side() == Some(self.side_of(seat))).then_some(seat),
        };
        if arriving.is_none() {
            return Err(format!(
                "{to} is not a zone of {seat}'s side of the field: the card goes to a free zone \
                 of its new controller's"
            ));
        }
        let mut piece = self
            .take_from_zone(at)
            .ok_or_else(|| format!("there is no card at {at}"))?;
        piece.lent = for_the_turn && seat != piece.owner;
        piece.controller = seat;
        let (card, card_ref) = (piece.card, piece.card_ref);
        self.put_in_zone(to, piece);
        // "If it was a monster you also take control of all the equipped cards to it but
        // they remain on their current zones."
        self.equips_follow_control(card_ref, seat);
        events.push(Event::ControlTaken {
            seat,
            card,
            from: at,
            to,
        });
        Ok(())
    }
}

/// The kind of zone of the field a place is, if it is one a card lies in.
fn zone_kind(place: Place) -> Option<Zone> {
    match place {
        Place::Zone { zone, .. }
            if matches!(
                zone,
                Zone::Frontrow | Zone::Backrow | Zone::ExtraMonster | Zone::FieldSpell
            ) =>
        {
            Some(zone)
        }
        _ => None,
    }
}
