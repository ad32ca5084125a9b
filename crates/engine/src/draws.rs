//! Drawing: from a deck in a public order the top card goes to the hand; from a permuted
//! deck (the protocol's, where every other seat shuffled it in secret) the drawn position
//! waits for each permuter, last round first, to open where it points, until it names one
//! of the owner's committed cards — which only the owner can open.

use crate::action::Answer;
use crate::awaiting::{Asked, Awaiting};
use crate::commitment::{CardRef, Commitment, PositionOpening, PositionSlot};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::hash::Digest32;
use crate::knowledge::Knowledge;
use crate::player::{CardSlot, DeckOrder, DeckTo, DrawDue};
use crate::seat::Seat;

impl Duel {
    pub(crate) fn draw(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        self.top_card_to(seat, DeckTo::Hand, events)
    }

    /// Takes the top card of `seat`'s deck into their hand (a draw) or their graveyard (a
    /// mill); returns false when the deck has no card left to take. A card an effect placed
    /// on top is taken at once; otherwise, from a permuted deck, the next position waits for
    /// its openings, and once every permuted position is handed out the cards placed at the
    /// bottom come last.
    pub(crate) fn top_card_to(&mut self, seat: Seat, to: DeckTo, events: &mut Vec<Event>) -> bool {
        let waiting = self.draws_waiting(seat);
        let player = self.state.player_mut(seat);
        let placed = match &mut player.deck_order {
            DeckOrder::Public => player.deck.pop(),
            DeckOrder::Permuted {
                rounds,
                next_position,
                top,
                bottom,
                ..
            } => {
                if let Some(card_ref) = top.pop() {
                    Some(card_ref)
                } else if player.deck.len() > waiting + bottom.len() {
                    let Some(last_round) = rounds.len().checked_sub(1) else {
                        return false;
                    };
                    let due = DrawDue {
                        owner: seat,
                        round: u8::try_from(last_round).unwrap_or(u8::MAX),
                        pointer: *next_position,
                        to,
                    };
                    *next_position = next_position.saturating_add(1);
                    self.state.draws_due.push(due);
                    return true;
                } else {
                    bottom.pop()
                }
            }
        };
        let Some(card_ref) = placed else {
            return false;
        };
        if let Some(at) = player.deck.iter().rposition(|r| *r == card_ref) {
            player.deck.remove(at);
        }
        self.took_from_deck(seat, card_ref, to, events);
        true
    }

    /// How many of `seat`'s draws (or mills) wait for their deck positions to be opened.
    pub(crate) fn draws_waiting(&self, seat: Seat) -> usize {
        self.state
            .draws_due
            .iter()
            .filter(|d| d.owner == seat)
            .count()
    }

    /// The card found on top of `seat`'s deck reaches the hand, known to its owner alone,
    /// or the graveyard, where its owner opens it for everyone.
    fn took_from_deck(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        to: DeckTo,
        events: &mut Vec<Event>,
    ) {
        let commitment = self.state.commitment(card_ref);
        let slot = CardSlot {
            card_ref,
            card: None,
        };
        match to {
            DeckTo::Hand => {
                self.state.player_mut(seat).hand.push(slot);
                self.note_draw_for_deck_master(seat, card_ref);
                events.push(Event::Drew { seat, commitment });
            }
            DeckTo::Graveyard => {
                self.state.player_mut(seat).graveyard.push(slot);
                if !self.state.reveal_due.contains(&(seat, commitment)) {
                    self.state.reveal_due.push((seat, commitment));
                }
                events.push(Event::Milled { seat, commitment });
            }
        }
    }

    /// Waits for the first draw's next opening, if a draw is waiting; returns whether one is.
    pub(crate) fn await_draw_opening(&mut self) -> bool {
        let Some(due) = self.state.draws_due.first().copied() else {
            return false;
        };
        let permuter = self.permuter_of(due).unwrap_or(due.owner);
        self.state.awaiting = Awaiting::Answer {
            seat: permuter,
            asked: Asked::OpenDraw { owner: due.owner },
        };
        true
    }

    /// The honest answer to a draw opening asked of the holder of `knowledge`.
    pub(crate) fn honest_draw_opening(&self, knowledge: &Knowledge) -> Option<Answer> {
        let (_, commitment) = self.open_draw_slot()?;
        let opening = knowledge.position(&commitment)?;
        Some(Answer::OpenDraw { opening: *opening })
    }

    pub(crate) fn permuter_of(&self, due: DrawDue) -> Option<Seat> {
        match &self.state.player(due.owner).deck_order {
            DeckOrder::Permuted { rounds, .. } => {
                rounds.get(usize::from(due.round)).map(|r| r.permuter)
            }
            DeckOrder::Public => None,
        }
    }

    /// The position commitment the first waiting draw asks about, with its slot.
    pub(crate) fn open_draw_slot(&self) -> Option<(PositionSlot, Commitment)> {
        let due = self.state.draws_due.first()?;
        let DeckOrder::Permuted { rounds, .. } = &self.state.player(due.owner).deck_order else {
            return None;
        };
        let round = rounds.get(usize::from(due.round))?;
        let slot = PositionSlot {
            owner: due.owner,
            permuter: round.permuter,
            round: due.round,
            position: due.pointer,
        };
        let entry = CardRef(round.first.0.checked_add(due.pointer)?);
        Some((slot, self.state.commitment(entry)))
    }

    pub(crate) fn do_open_draw(
        &mut self,
        seat: Seat,
        opening: &PositionOpening,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let asked = matches!(
            self.state.awaiting.asked(),
            Some((s, Asked::OpenDraw { .. })) if s == seat
        );
        let slot = if asked { self.open_draw_slot() } else { None };
        let Some((slot, commitment)) = slot else {
            return Err(self.wrong_open_draw(seat));
        };
        // Every round permutes the whole deck as committed: an index points into it.
        let fits = usize::from(opening.index) < self.committed_deck_size(slot.owner);
        if !fits
            || Commitment::for_position(&self.state.match_id, slot, opening) != commitment
            || commitment == Commitment(Digest32::default())
        {
            return Err(RuleError::BadPositionOpening {
                owner: slot.owner,
                permuter: slot.permuter,
                position: slot.position,
            });
        }
        if slot.round > 0 {
            // Follow the pointer into the round before.
            if let Some(due) = self.state.draws_due.first_mut() {
                due.round = slot.round - 1;
                due.pointer = opening.index;
            }
            return Ok(());
        }
        let player = self.state.player_mut(slot.owner);
        let DeckOrder::Permuted {
            first_card,
            taken,
            rounds,
            next_position,
            ..
        } = &mut player.deck_order
        else {
            return Err(RuleError::BadPositionOpening {
                owner: slot.owner,
                permuter: slot.permuter,
                position: slot.position,
            });
        };
        let card_ref = CardRef(first_card.0.saturating_add(opening.index));
        if taken.contains(&card_ref) {
            // A search took this card: the draw moves on to the next deck position, asked of
            // the last round's permuter again.
            let last_round = u8::try_from(rounds.len().saturating_sub(1)).unwrap_or(u8::MAX);
            let pointer = *next_position;
            *next_position = next_position.saturating_add(1);
            if let Some(due) = self.state.draws_due.first_mut() {
                due.round = last_round;
                due.pointer = pointer;
            }
            events.push(Event::PositionPassed { owner: slot.owner });
            return Ok(());
        }
        let Some(at) = player.deck.iter().position(|r| *r == card_ref) else {
            return Err(RuleError::PositionNotInDeck {
                owner: slot.owner,
                permuter: slot.permuter,
                position: slot.position,
                index: opening.index,
            });
        };
        player.deck.remove(at);
        let due = self.state.draws_due.remove(0);
        self.took_from_deck(slot.owner, card_ref, due.to, events);
        Ok(())
    }

    /// How many cards `owner` committed to its deck.
    fn committed_deck_size(&self, owner: Seat) -> usize {
        match &self.state.player(owner).deck_order {
            DeckOrder::Permuted { size, .. } => usize::from(*size),
            DeckOrder::Public => self.state.player(owner).deck.len(),
        }
    }

    /// The error for a draw opening nobody asked of `seat`.
    fn wrong_open_draw(&self, seat: Seat) -> RuleError {
        self.wrong_answer(seat, "open-draw")
    }
}
