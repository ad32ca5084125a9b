//! How players leave a duel on the card game's field and how it ends: life points at 0, a
//! draw from an empty deck, a second idle End Phase, or a concession remove the player.
//! With one side left the duel ends; with more, the removed player's cards leave the field
//! for their graveyard, what the game waited for from them is dropped, and their turn (if
//! it was theirs) passes on.

use crate::duel::Duel;
use crate::event::Event;
use crate::format::RemovedPlayerCards;
use crate::piece::Class;
use crate::place::Zone;
use crate::player::CardSlot;
use crate::seat::{Seat, SeatSet};
use crate::state::{Resume, WinReason};

impl Duel {
    pub(super) fn field_check_life_points(&mut self, events: &mut Vec<Event>) {
        let table = self.state.table;
        let down: SeatSet = table
            .seats()
            .filter(|s| table.in_play(*s) && self.state.player(*s).life_points == 0)
            .collect();
        if !down.is_empty() {
            self.field_eliminate(down, WinReason::LifePoints, events);
        }
    }

    pub(super) fn field_concede(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Conceded { seat });
        if self.state.table.is_waiting(seat) && !self.state.table.is_removed(seat) {
            // A player who never joined a Battle Royale leaves the table; nobody else is
            // touched, and they are never asked to join again.
            self.state.table.remove(seat);
            events.push(Event::PlayerRemoved {
                seat,
                reason: WinReason::Concession,
            });
            return;
        }
        self.field_eliminate(SeatSet::only(seat), WinReason::Concession, events);
    }

    pub(crate) fn field_eliminate(
        &mut self,
        losers: SeatSet,
        reason: WinReason,
        events: &mut Vec<Event>,
    ) {
        if self.state.outcome.is_some() {
            return;
        }
        let mut table = self.state.table;
        let mut losers: SeatSet = losers.iter().filter(|s| table.in_play(*s)).collect();
        if self.rules.format.table.team_falls_together {
            for seat in losers.iter() {
                for mate in table.team(seat).iter().filter(|m| table.in_play(*m)) {
                    losers = losers.with(mate);
                }
            }
        }
        if losers.is_empty() {
            return;
        }
        for seat in losers.iter() {
            table.remove_during_turn(seat, self.state.turn, self.state.active);
        }
        self.state.table = table;
        match table.teams_in_play().as_slice() {
            [] => {
                self.finish(SeatSet::EMPTY, reason, events);
                return;
            }
            [team] => {
                let winners = table
                    .seats()
                    .filter(|s| table.team_of(*s) == *team)
                    .collect();
                self.finish(winners, reason, events);
                return;
            }
            _ => {}
        }
        for seat in losers.iter() {
            events.push(Event::PlayerRemoved { seat, reason });
            self.clear_field_of(seat, events);
        }
        self.state.draws_due.retain(|d| !losers.contains(d.owner));
        self.state.reveal_due.retain(|(s, _)| !losers.contains(*s));
        self.drop_set_apart_of(losers);
        self.state
            .windows
            .retain(|(seat, _)| !losers.contains(*seat));
        // A battle whose monsters left with their player does not happen.
        self.drop_attack_if_gone();
        if let Resume::FirstTurn { seat: first } = self.state.resume {
            // Out in the Setup Phase: the first turn goes to the next player in the rotation
            // once the swaps are decided; no turn has been played.
            if losers.contains(first)
                && let Some(next) = self.state.table.next_turn(first)
            {
                self.state.resume = Resume::FirstTurn { seat: next };
                self.state.active = next;
            }
            self.state.table.shorten_first_round();
        } else if losers.contains(self.state.active) {
            if self.state.chain.is_empty() {
                self.advance_turn(events);
            } else {
                // The others' links resolve first, still in this turn.
                self.state.resume = Resume::TurnPasses;
            }
        }
    }

    /// Ends the attack under way if its monster or its target left the field (with their
    /// player, or by a chain in its response windows): nobody is asked about it any more,
    /// and a face-down target is not opened for it.
    pub(super) fn drop_attack_if_gone(&mut self) {
        if let Resume::AttackAfterWindow { attacker, target }
        | Resume::AttackAfterReveal { attacker, target }
        | Resume::RedirectedAttack { attacker, target } = self.state.resume
            && (self.zone_piece(attacker).is_none() || self.attack_target_gone(target))
        {
            self.state.resume = Resume::Nothing;
            self.state.windows.clear();
        }
    }

    /// Whether an attack's target is no longer there: its monster left the field, or the
    /// player attacked directly left the duel.
    fn attack_target_gone(&self, target: crate::place::Place) -> bool {
        match target.as_player() {
            Some(player) => !self.state.table.in_play(player),
            None => self.zone_piece(target).is_none(),
        }
    }

    /// A removed player's cards leave the field for their graveyard as they are (a hidden
    /// card stays hidden), and cards of others they control go back to their owners.
    fn clear_field_of(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.rules.format.field.removed_player_cards == RemovedPlayerCards::LeaveWithThem {
            self.remove_cards_with(seat, events);
            return;
        }
        let field = *self.field();
        for index in 0..field.slot_count() {
            let Some(place) = field.place_at(index) else {
                continue;
            };
            let Some(piece) = self.zone_piece(place) else {
                continue;
            };
            if piece.owner != seat {
                if piece.controller == seat
                    && let Some(piece) = self.zone_piece_mut(place)
                {
                    piece.controller = piece.owner;
                }
                continue;
            }
            // Cards they own that others control stay on the field (Battle Royale).
            if piece.controller != seat {
                continue;
            }
            let Some(piece) = self.leave_field(place, events) else {
                continue;
            };
            if self.removed_if_token(place, piece.card, events) {
                continue;
            }
            self.state.player_mut(seat).graveyard.push(CardSlot {
                card_ref: piece.card_ref,
                card: piece.card,
            });
            events.push(Event::Destroyed {
                owner: seat,
                card: piece.card,
                at: place,
            });
        }
    }

    /// Domain Format: "Any cards they own are removed from the game; any cards owned by
    /// other players will return to their respective zone or sent to the grave if not
    /// possible." (No tokens exist yet to stay behind.)
    fn remove_cards_with(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let field = *self.field();
        // Cards of theirs attached beneath another player's card (an Xyz Material) go too.
        for index in 0..field.slot_count() {
            let Some(place) = field.place_at(index) else {
                continue;
            };
            let Some(piece) = self.zone_piece_mut(place) else {
                continue;
            };
            if piece.owner == seat || piece.attached.iter().all(|a| a.owner != seat) {
                continue;
            }
            let (gone, kept) = std::mem::take(&mut piece.attached)
                .into_iter()
                .partition::<Vec<_>, _>(|a| a.owner == seat);
            piece.attached = kept;
            for card in gone {
                events.push(Event::LeftWithPlayer {
                    owner: seat,
                    card: Some(card.card),
                    at: place,
                });
            }
        }
        for index in 0..field.slot_count() {
            let Some(place) = field.place_at(index) else {
                continue;
            };
            let Some(piece) = self.zone_piece(place) else {
                continue;
            };
            // "Cards they own will be removed from the game (except to tokens)": a Token of
            // theirs on another player's field stays there.
            if piece.owner == seat && piece.controller != seat && self.is_token(piece.card) {
                continue;
            }
            if piece.owner == seat {
                if let Some(piece) = self.leave_field(place, events) {
                    events.push(Event::LeftWithPlayer {
                        owner: seat,
                        card: piece.card,
                        at: place,
                    });
                }
                continue;
            }
            if piece.controller != seat {
                continue;
            }
            let (owner, class) = (piece.owner, piece.class);
            let row = if class == Class::Monster {
                Zone::Frontrow
            } else {
                Zone::Backrow
            };
            let side = self.side_of(owner);
            let field_spell = piece
                .card
                .and_then(|c| self.rules.pool.get(c))
                .is_some_and(crate::card::CardDef::goes_to_the_field_zone);
            let free = match (row, field.field_zone(side)) {
                (Zone::Frontrow, _) => field.frontrow(side).find(|p| self.zone_piece(*p).is_none()),
                (_, Some(zone)) if field_spell => {
                    Some(zone).filter(|p| self.zone_piece(*p).is_none())
                }
                _ => field.backrow(side).find(|p| self.zone_piece(*p).is_none()),
            };
            // A card whose owner is out too is gone with its owner already, or will be; a
            // Token whose owner left before (and stayed, "except to tokens") leaves now.
            if !self.state.table.in_play(owner) {
                if self.is_token(piece.card)
                    && let Some(piece) = self.leave_field(place, events)
                {
                    self.removed_if_token(place, piece.card, events);
                }
                continue;
            }
            // In an Extra Monster Zone its owner shares, it is already in "their respective
            // zone": it stays there, theirs again.
            let owners_extra_zone = field.extra_monster_zones(side).any(|z| z == place);
            if owners_extra_zone {
                if let Some(piece) = self.zone_piece_mut(place) {
                    piece.controller = owner;
                }
                events.push(Event::ReturnedToOwner {
                    owner,
                    from: place,
                    to: Some(place),
                });
                continue;
            }
            let Some(mut piece) = self.take_from_zone(place) else {
                continue;
            };
            piece.controller = owner;
            match free {
                Some(to) => {
                    self.put_in_zone(to, piece);
                    events.push(Event::ReturnedToOwner {
                        owner,
                        from: place,
                        to: Some(to),
                    });
                }
                None if self.is_token(piece.card) => {
                    self.removed_if_token(place, piece.card, events);
                }
                None => {
                    let attached = std::mem::take(&mut piece.attached);
                    self.attached_to_graveyards(attached, events);
                    self.state.player_mut(side).graveyard.push(CardSlot {
                        card_ref: piece.card_ref,
                        card: piece.card,
                    });
                    events.push(Event::ReturnedToOwner {
                        owner,
                        from: place,
                        to: None,
                    });
                }
            }
        }
    }
}
