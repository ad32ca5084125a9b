//! How players leave the game and how it ends. A player whose life points reach 0, who must
//! draw from an empty deck, whose Deck Leader stays trapped, or who concedes is removed;
//! with two sides left that ends the duel at once. With more, the others keep their seats
//! and play on: the removed player's cards leave the board (to their graveyard, unrevealed),
//! their effects waiting to resolve are dropped, their turn (if it was theirs) ends, and the
//! last player — or team — standing wins. After the turn limit the side with the most life
//! points wins.

use crate::awaiting::TrapEvent;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::grid::traps::triggering_place;
use crate::piece::Attached;
use crate::place::Place;
use crate::player::CardSlot;
use crate::seat::{Seat, SeatSet};
use crate::state::{Outcome, Resume, WinReason};

impl Duel {
    /// Every player still in the game whose life points reached 0 is removed (at the same
    /// moment, so that two sides down at once is a draw).
    pub(super) fn check_life_points(&mut self, events: &mut Vec<Event>) {
        let table = self.state.table;
        let down: SeatSet = table
            .seats()
            .filter(|s| table.in_play(*s) && self.state.player(*s).life_points == 0)
            .collect();
        if !down.is_empty() {
            self.eliminate(down, WinReason::LifePoints, events);
        }
    }

    pub(super) fn concede(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::Conceded { seat });
        self.eliminate(SeatSet::only(seat), WinReason::Concession, events);
    }

    /// Removes `losers` from the game, and ends the duel if one side (or none) is left.
    pub(crate) fn eliminate(
        &mut self,
        losers: SeatSet,
        reason: WinReason,
        events: &mut Vec<Event>,
    ) {
        if self.state.outcome.is_some() {
            return;
        }
        let mut table = self.state.table;
        let losers: SeatSet = losers.iter().filter(|s| table.in_play(*s)).collect();
        if losers.is_empty() {
            return;
        }
        for seat in losers.iter() {
            table.remove(seat);
        }
        // The losers are out even when that ends the duel (the end itself is the event).
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
            self.clear_from_board(seat, events);
        }
        self.forget_pending_of(losers);
        if losers.contains(self.state.active) {
            // Their turn ends with them: what lasts "until the end of the turn" ends, and
            // the cards they returned to their owners start the next turn fresh.
            self.end_the_turn_on_the_board(events);
            self.state.resume = Resume::Nothing;
            self.state.queue.clear();
            self.state.windows.clear();
            self.state.declarations.clear();
            self.state.class_declarations.clear();
            self.state.attack_negated = false;
            self.state.spell_negated = false;
            self.state.spell_spares = crate::seat::SeatSet::EMPTY;
            self.state.gains_reversed = crate::seat::SeatSet::EMPTY;
            // A pick at random their effect called for picks nothing now.
            if self
                .state
                .joint_draw
                .as_ref()
                .is_some_and(|d| d.chance == crate::chance::Chance::EffectPick)
            {
                self.state.joint_draw = None;
            }
            self.advance_turn(events);
        }
    }

    /// A removed player's cards leave the board: their own go to their graveyard as they
    /// are (a hidden card stays hidden: nobody needs to know it any more), equips return to
    /// their owners, and cards of others they control go back to their owners.
    fn clear_from_board(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let cells: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(_, p)| p.owner == seat || p.controller == seat)
            .map(|(c, _)| c)
            .collect();
        for cell in cells {
            let owned = self.state.piece(cell).is_some_and(|p| p.owner == seat);
            if !owned {
                if let Some(piece) = self.state.piece_mut(cell) {
                    piece.controller = piece.owner;
                    piece.turns_in_defence = None;
                }
                continue;
            }
            let Some(piece) = self.state.take(cell) else {
                continue;
            };
            for equip in &piece.attached {
                self.state
                    .player_mut(equip.owner)
                    .graveyard
                    .push(equip.to_graveyard());
            }
            self.state.player_mut(seat).graveyard.push(CardSlot {
                card_ref: piece.card_ref,
                card: piece.card,
            });
            events.push(Event::Destroyed {
                owner: seat,
                card: piece.card,
                at: cell.into(),
            });
        }
        // Their equips under other players' monsters.
        let mut freed: Vec<Attached> = Vec::new();
        for piece in self.state.cells.iter_mut().flatten() {
            piece.attached.retain(|e| {
                let theirs = e.owner == seat;
                if theirs {
                    freed.push(*e);
                }
                !theirs
            });
        }
        for equip in freed {
            self.state
                .player_mut(seat)
                .graveyard
                .push(equip.to_graveyard());
        }
        if let Some(field) = self.state.player_mut(seat).field_spell.take() {
            self.state
                .player_mut(field.owner)
                .graveyard
                .push(field.to_graveyard());
        }
    }

    /// Drops what the game still waited for from removed players: their draws, their
    /// windows, their declarations, the effects they control.
    fn forget_pending_of(&mut self, losers: SeatSet) {
        let state = &mut self.state;
        // The class declarations are asked for the effect at the front of the queue: with
        // that effect gone, nobody is asked any more (an answer would show classes for
        // nothing).
        if state
            .queue
            .first()
            .is_some_and(|e| losers.contains(e.controller))
        {
            state.class_declarations.clear();
        }
        state.draws_due.retain(|d| !losers.contains(d.owner));
        state.queue.retain(|e| !losers.contains(e.controller));
        let gone = |place: Place| place.cell().is_none_or(|c| state.piece(c).is_none());
        let live = |event: &TrapEvent| triggering_place(*event).is_none_or(|p| !gone(p));
        let windows: Vec<_> = state
            .windows
            .iter()
            .filter(|(seat, event)| !losers.contains(*seat) && live(event))
            .copied()
            .collect();
        state.windows = windows;
        state
            .declarations
            .retain(|(seat, _)| !losers.contains(*seat));
        state
            .class_declarations
            .retain(|(seat, _)| !losers.contains(*seat));
        match &state.resume {
            Resume::SpellAfterWindow { spell } if losers.contains(spell.controller) => {
                state.resume = Resume::Nothing;
            }
            // What the effect held up (another player's attack) still goes on.
            Resume::EffectDeclared { effect, then } if losers.contains(effect.controller) => {
                state.resume = (**then).clone();
                state.declarations.clear();
            }
            // The last owner asked left: what was under way goes on.
            Resume::EffectDeclared { then, .. } if state.declarations.is_empty() => {
                state.resume = (**then).clone();
            }
            // A pick at random for a player who left picks nothing.
            Resume::RandomEffect { effect, then } if losers.contains(effect.controller) => {
                state.resume = (**then).clone();
                if state
                    .joint_draw
                    .as_ref()
                    .is_some_and(|d| d.chance == crate::chance::Chance::EffectPick)
                {
                    state.joint_draw = None;
                }
            }
            _ => {}
        }
    }

    pub(crate) fn finish(&mut self, winners: SeatSet, reason: WinReason, events: &mut Vec<Event>) {
        if self.state.outcome.is_none() {
            let outcome = Outcome { winners, reason };
            self.state.outcome = Some(outcome);
            self.state.awaiting = crate::awaiting::Awaiting::Finished;
            events.push(Event::DuelEnded { outcome });
        }
    }

    /// The turn limit is reached: the side with the most life points (summed over its
    /// players still in the game) wins; a tie is a draw.
    pub(crate) fn finish_by_turn_limit(&mut self, events: &mut Vec<Event>) {
        let table = self.state.table;
        let mut best: Option<(u64, u8)> = None;
        let mut tied = false;
        for team in table.teams_in_play() {
            let total: u64 = table
                .seats()
                .filter(|s| table.in_play(*s) && table.team_of(*s) == team)
                .map(|s| u64::from(self.state.player(s).life_points))
                .sum();
            match best {
                Some((b, _)) if total == b => tied = true,
                Some((b, _)) if total < b => {}
                _ => {
                    best = Some((total, team));
                    tied = false;
                }
            }
        }
        let winners = match best {
            Some((_, team)) if !tied => table
                .seats()
                .filter(|s| table.team_of(*s) == team)
                .collect(),
            _ => SeatSet::EMPTY,
        };
        self.finish(winners, WinReason::TurnLimit, events);
    }
}
