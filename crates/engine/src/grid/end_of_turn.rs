//! The end phase: cards taken for the turn going back to their owners, discarding down to
//! the hand limit, then the end of the turn — per-turn
//! flags reset, changes that last to the end of the turn wear off, one spellbound counter
//! comes off each of the turn player's monsters (not in the turn it was bound), and the
//! Deck Leader is checked for being trapped.

use crate::awaiting::{Awaiting, Decision};
use crate::card::Duration;
use crate::commitment::Reveal;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::piece::Bind;
use crate::player::CardSlot;
use crate::seat::{Seat, SeatSet};
use crate::state::WinReason;
use crate::terrain::Terrain;

impl Duel {
    /// The end phase, once nothing else waits: gives back cards taken for the turn, asks
    /// for discards over the hand limit, or ends the turn. Returns whether the duel now
    /// waits for a decision.
    pub(super) fn end_phase(&mut self, events: &mut Vec<Event>) -> bool {
        if self.return_lent_cards(events) {
            return true;
        }
        // Kairu: "If a player is holding 7 or more cards they must discard until they hold
        // 6" — any player, the turn player first and then in turn order.
        if let Some(limit) = self.rules.format.hand.limit {
            let over = self
                .state
                .table
                .clockwise_from(self.state.active)
                .filter(|s| self.state.table.in_play(*s))
                .find_map(|seat| {
                    let held = self.state.player(seat).hand.len();
                    (held > usize::from(limit)).then(|| (seat, held - usize::from(limit)))
                });
            if let Some((seat, excess)) = over {
                self.state.awaiting = Awaiting::Decision {
                    seat,
                    decision: Decision::Discard {
                        count: u8::try_from(excess).unwrap_or(u8::MAX),
                    },
                };
                return true;
            }
        }
        self.finish_turn(events);
        false
    }

    pub(crate) fn do_discard(
        &mut self,
        seat: Seat,
        hand_index: u8,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match self.expect_decision(seat, "discard")? {
            Decision::Discard { .. } => {}
            _ => return Err(self.wrong_decision(seat, "discard")),
        }
        let slot = *self
            .state
            .player(seat)
            .hand
            .get(usize::from(hand_index))
            .ok_or(RuleError::NoSuchHandCard { index: hand_index })?;
        self.check_reveal(seat, &self.state.commitment(slot.card_ref), reveal)?;
        self.learn(
            seat,
            self.state.commitment(slot.card_ref),
            reveal.card,
            events,
        )?;
        let player = self.state.player_mut(seat);
        player.hand.remove(usize::from(hand_index));
        player.graveyard.push(CardSlot {
            card_ref: slot.card_ref,
            card: Some(reveal.card),
        });
        events.push(Event::Discarded {
            seat,
            card: reveal.card,
        });
        Ok(())
    }

    fn finish_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.active;
        self.end_the_turn_on_the_board(events);
        if let Some(limit) = self.rules.format.win.leader_stuck_turns {
            let leader = self.state.player(seat).leader;
            let can_move = self.state.piece(leader).is_some_and(|p| !p.is_bound())
                && self.leader_has_room(leader);
            let player = self.state.player_mut(seat);
            player.leader_stuck_turns = if can_move {
                0
            } else {
                player.leader_stuck_turns + 1
            };
            let stuck = player.leader_stuck_turns;
            if stuck > 0 {
                events.push(Event::LeaderStuck { seat, turns: stuck });
            }
            if stuck >= limit {
                self.eliminate(SeatSet::only(seat), WinReason::LeaderTrapped, events);
                return;
            }
        }
        self.advance_turn(events);
    }

    /// What the end of the turn does on the board: every card's moves, attacks and position
    /// changes of the turn are behind it, its changes "until the end of the turn" end, and
    /// the turn player's lasting changes and spellbinding counters count down. Also run when
    /// the turn player leaves the duel, whose turn ends with them.
    pub(super) fn end_the_turn_on_the_board(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.active;
        let turn = self.state.turn;
        let countdown = self.spellbind_countdown();
        let mut released = Vec::new();
        for (i, slot) in self.state.cells.iter_mut().enumerate() {
            let Some(piece) = slot.as_mut() else { continue };
            piece.moved = false;
            piece.attacked = false;
            piece.changed_position = false;
            piece.flip_summoned = false;
            piece.activated = false;
            piece.modifiers.retain_mut(|m| match m.duration {
                Duration::EndOfTurn => false,
                Duration::Turns(n) if piece.controller == seat => {
                    m.duration = Duration::Turns(n.saturating_sub(1));
                    n > 1
                }
                _ => true,
            });
            if piece.controller == seat
                && piece.bound_turn != turn
                && countdown > 0
                && let Bind::Turns(n) = piece.bind
            {
                piece.bind = if n <= countdown {
                    Bind::Free
                } else {
                    Bind::Turns(n - countdown)
                };
                if piece.bind == Bind::Free {
                    released.push(i);
                }
            }
        }
        let grid = *self.grid();
        for i in released {
            events.push(Event::Released {
                at: grid.cell_at(i).into(),
            });
        }
    }

    /// A Deck Leader is trapped when every orthogonal neighbour is Labyrinth, off the
    /// board, or another player's card: it may step onto its own cards (destroying them).
    fn leader_has_room(&self, leader: Cell) -> bool {
        let Some(owner) = self.state.piece(leader).map(|p| p.controller) else {
            return false;
        };
        self.grid().neighbours(leader).any(|n| {
            self.state.base_terrain(n) != Terrain::Labyrinth
                && self.state.piece(n).is_none_or(|p| p.controller == owner)
        })
    }
}
