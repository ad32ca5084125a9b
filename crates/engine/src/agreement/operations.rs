//! Each operation of an agreed outcome, checked and carried out on the card game's field or
//! on the grid (where a place is a cell, and Deck Leaders never leave it).
//!
//! The same code runs twice. When the outcome is proposed it runs on a scratch copy of the
//! duel, where a hidden card may still be unknown: that checks that every operation is
//! possible in turn and collects the hidden cards the outcome would show. When the outcome
//! has been accepted and those cards opened, it runs for real.

use crate::agreement::{
    DESTRUCTION_DAMAGE_PER_TURN, Destination, MAX_COUNTERS, MAX_DECLARATION_BYTES, MAX_OPERATIONS,
    Operation,
};
use crate::commitment::Commitment;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::{Class, Modifier, Piece};
use crate::place::{Place, Zone};
use crate::seat::{Seat, SeatSet};

/// The most cards one draw operation takes.
const MAX_DRAW: u8 = 10;

/// The most turns a change "for N turns" lasts.
const MAX_TURNS: u8 = 20;

/// How an outcome is being run.
pub(super) enum Run<'a> {
    /// On a scratch copy, before anyone agreed: hidden cards may be unknown; the ones the
    /// outcome shows are collected here with their owners.
    Check {
        shown: &'a mut Vec<(Seat, Commitment)>,
    },
    /// For real, after the reveals: every card the outcome shows is known.
    Apply,
}

impl Run<'_> {
    /// A hidden card of `owner`, at `at`, that the outcome shows: the check notes it for its
    /// owner to open before the real run; on the real run it should be open already, and the
    /// error says it is not.
    pub(super) fn show_hidden(
        &mut self,
        owner: Seat,
        commitment: Commitment,
        at: impl std::fmt::Display,
    ) -> Result<(), String> {
        match self {
            Run::Check { shown } => {
                shown.push((owner, commitment));
                Ok(())
            }
            Run::Apply => Err(format!(
                "the hidden card at {at} was not opened by its owner"
            )),
        }
    }
}

/// Why a reshuffle cannot be part of an outcome in a very long duel.
pub(super) const TABLE_FULL: &str =
    "this duel has shuffled its decks so often that no more fresh commitments fit";

impl Duel {
    /// Checks the shape of an outcome before it runs: its size and what each operation
    /// names.
    pub(super) fn check_outcome_shape(&self, operations: &[Operation]) -> Result<(), RuleError> {
        if operations.len() > MAX_OPERATIONS {
            return Err(RuleError::BadOutcome {
                index: MAX_OPERATIONS,
                why: format!("an outcome holds at most {MAX_OPERATIONS} operations"),
            });
        }
        for (index, operation) in operations.iter().enumerate() {
            let bad = |why: String| RuleError::BadOutcome { index, why };
            match operation {
                Operation::Declare { text } if text.len() > MAX_DECLARATION_BYTES => {
                    return Err(bad(format!(
                        "a declaration is at most {MAX_DECLARATION_BYTES} bytes long"
                    )));
                }
                Operation::Draw { count, .. } if *count == 0 || *count > MAX_DRAW => {
                    return Err(bad(format!("a draw takes 1 to {MAX_DRAW} cards")));
                }
                Operation::Mill { count, .. } if *count == 0 || *count > MAX_DRAW => {
                    return Err(bad(format!("a mill takes 1 to {MAX_DRAW} cards")));
                }
                Operation::LifePoints { amount: 0, .. } => {
                    return Err(bad("a change of life points by 0 changes nothing".into()));
                }
                Operation::Stats { atk: 0, def: 0, .. } => {
                    return Err(bad("a change of ATK and DEF by 0 changes nothing".into()));
                }
                Operation::Level { change: 0, .. } => {
                    return Err(bad("a change of level by 0 changes nothing".into()));
                }
                Operation::Stats {
                    duration: crate::card::Duration::Turns(n),
                    ..
                }
                | Operation::Level {
                    duration: crate::card::Duration::Turns(n),
                    ..
                } if *n == 0 || *n > MAX_TURNS => {
                    return Err(bad(format!(
                        "a change for some turns lasts 1 to {MAX_TURNS} of its controller's turns"
                    )));
                }
                // Each player's step has the shape of one player's.
                Operation::EachPlayer { step } => {
                    self.check_outcome_shape(&[step.for_player(self.state.active)])
                        .map_err(|e| match e {
                            RuleError::BadOutcome { why, .. } => bad(why),
                            other => other,
                        })?;
                }
                Operation::LifePoints { seat, .. }
                | Operation::Draw { seat, .. }
                | Operation::Mill { seat, .. }
                | Operation::Search { seat }
                | Operation::Shuffle { seat }
                | Operation::Control { seat, .. }
                    if seat.index() >= self.state.seat_count() =>
                {
                    return Err(RuleError::NoSuchSeat {
                        seat: *seat,
                        players: self.state.seat_count(),
                    });
                }
                _ => {}
            }
        }
        self.check_exchange_ring(operations)
    }

    /// Carries out one operation of an outcome (the `index`th).
    pub(super) fn run_operation(
        &mut self,
        index: usize,
        operation: &Operation,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        if let Some(target) = operation.card_on_field() {
            self.check_divine_hierarchy(index, target)?;
        }
        match operation {
            Operation::EachPlayer { step } => {
                let players = self.state.table.turn_order_from(self.state.active);
                for seat in players {
                    self.run_operation(index, &step.for_player(seat), run, events)?;
                }
                Ok(())
            }
            Operation::Move { from, to } => self.run_move(index, *from, *to, run, events),
            Operation::LifePoints { seat, amount } => {
                self.in_play_or(index, *seat)?;
                let magnitude = amount.unsigned_abs();
                if *amount < 0 {
                    self.damage(*seat, magnitude, events);
                } else {
                    self.heal(*seat, magnitude, events);
                }
                Ok(())
            }
            Operation::Stats {
                at,
                atk,
                def,
                duration,
            } => {
                let piece = self.field_monster_mut(index, *at)?;
                if !piece.face_up {
                    return Err(bad(format!(
                        "the monster at {at} is face-down: only a face-up monster's ATK and \
                         DEF can change"
                    )));
                }
                piece.modifiers.push(Modifier::stats(*atk, *def, *duration));
                if let Some((atk, def)) = self.agreed_stats(*at) {
                    events.push(Event::StatsChanged { at: *at, atk, def });
                }
                Ok(())
            }
            Operation::Level {
                at,
                change,
                duration,
            } => {
                let piece = self.field_monster_mut(index, *at)?;
                if !piece.face_up || piece.card.is_none() {
                    return Err(bad(format!(
                        "the monster at {at} is face-down: only a face-up monster's level can \
                         change"
                    )));
                }
                let before = self
                    .level_at(*at)
                    .ok_or_else(|| bad(format!("the monster at {at} has no level to change")))?;
                let after = i16::from(before) + i16::from(*change);
                let (low, high) = (crate::piece::MIN_LEVEL, crate::piece::MAX_LEVEL);
                if !(i16::from(low)..=i16::from(high)).contains(&after) {
                    return Err(bad(format!(
                        "the monster at {at} is level {before}: a level stays within {low} and \
                         {high}"
                    )));
                }
                if let Some(piece) = self.piece_at_mut(*at) {
                    piece.modifiers.push(Modifier {
                        level: *change,
                        ..Modifier::stats(0, 0, *duration)
                    });
                }
                if let Some(level) = self.level_at(*at) {
                    events.push(Event::LevelChanged { at: *at, level });
                }
                Ok(())
            }
            Operation::ChangePosition { at } => {
                let piece = self.field_monster_mut(index, *at)?;
                if piece.leader {
                    return Err(bad(format!(
                        "the Deck Leader at {at} has no battle position to change"
                    )));
                }
                piece.defence = !piece.defence;
                let defence = piece.defence;
                events.push(Event::PositionChanged { at: *at, defence });
                Ok(())
            }
            Operation::Draw { seat, count } => {
                self.in_play_or(index, *seat)?;
                for _ in 0..*count {
                    if !self.draw(*seat, events) {
                        // A player who cannot draw loses, as in their Draw Phase.
                        if self.rules.format.win.deck_out_loses {
                            let reason = crate::state::WinReason::DeckOut;
                            self.remove_by_outcome(SeatSet::only(*seat), reason, events);
                        }
                        break;
                    }
                }
                Ok(())
            }
            Operation::Mill { seat, count } => {
                self.in_play_or(index, *seat)?;
                let waiting = self.draws_waiting(*seat);
                let left = self.state.player(*seat).deck.len().saturating_sub(waiting);
                if left < usize::from(*count) {
                    return Err(bad(format!(
                        "seat {}'s deck holds {left} cards: it cannot send {count} to the \
                         graveyard",
                        seat.0
                    )));
                }
                if let Run::Apply = run {
                    for _ in 0..*count {
                        self.top_card_to(*seat, crate::player::DeckTo::Graveyard, events);
                    }
                }
                Ok(())
            }
            Operation::FromExtraDeck {
                card_ref,
                reveal,
                to,
            } => self.run_from_extra_deck(index, *card_ref, reveal, *to, run, events),
            Operation::ExtraDeckSummon { .. } => {
                self.run_extra_deck_summon(index, operation, run, events)
            }
            Operation::Terrain { at, terrain } => {
                self.set_marker(*at, *terrain, events).map_err(bad)
            }
            Operation::Equip { equip, to } => self.equip(*equip, *to, events).map_err(bad),
            Operation::Control {
                at,
                seat,
                to,
                for_the_turn,
            } => {
                self.in_play_or(index, *seat)?;
                let change = super::control::ControlChange {
                    at: *at,
                    seat: *seat,
                    to: *to,
                    for_the_turn: *for_the_turn,
                };
                self.run_control(change, events).map_err(bad)
            }
            Operation::Token { card, to, defence } => {
                self.bring_token(*card, *to, *defence, events).map_err(bad)
            }
            Operation::LoseDuel { seat } | Operation::WinDuel { seat } => {
                self.in_play_or(index, *seat)?;
                self.run_duel_result(operation, events);
                Ok(())
            }
            Operation::Declare { .. } => Ok(()),
            Operation::Detach { at, index: slot } => self.run_detach(index, *at, *slot, events),
            Operation::Attach { from, to } => self.run_attach(index, *from, *to, run, events),
            Operation::Flip { at } => self.run_flip(index, *at, run, events),
            Operation::Reveal { at } => self.run_reveal(index, *at, run),
            Operation::Search { seat } => {
                self.in_play_or(index, *seat)?;
                if let Run::Apply = run {
                    self.state.searches_due.push(*seat);
                }
                Ok(())
            }
            Operation::Destroy {
                at,
                destruction_damage,
            } => self.run_destroy(index, *at, *destruction_damage, run, events),
            Operation::BattleLock { at, .. } | Operation::Counters { at, .. }
                if at.cell().is_some() =>
            {
                Err(bad(format!(
                    "{} is a rule of the card game's field: the grid has no {}",
                    operation.kind(),
                    if matches!(operation, Operation::Counters { .. }) {
                        "counters"
                    } else {
                        "Battle Lock"
                    }
                )))
            }
            Operation::BattleLock { at, turns } => {
                let until = match turns {
                    0 => u16::MAX,
                    n => self.state.turn.saturating_add(u16::from(*n) - 1),
                };
                // "if no turn is specified then it's permanent as long as this effect is
                // active": held by a card that stays on the field, the lock lasts while that
                // card is there; a card that leaves as it resolves leaves it for good.
                let held_by = self
                    .state
                    .agreement
                    .as_ref()
                    .filter(|a| {
                        *turns == 0
                            && self
                                .rules
                                .pool
                                .get(a.card)
                                .is_some_and(crate::agreement::flow::stays_after_resolving)
                    })
                    .map(|a| a.card_ref);
                let piece = self.field_monster_mut(index, *at)?;
                piece.locked_until = until;
                piece.locked_by = held_by;
                Ok(())
            }
            Operation::Counters { at, change } => {
                let piece = self
                    .piece_at_mut(*at)
                    .ok_or_else(|| bad(format!("there is no card at {at}")))?;
                if !piece.face_up {
                    return Err(bad(format!(
                        "the card at {at} is face-down: counters go on face-up cards"
                    )));
                }
                let counters = i16::from(piece.counters) + i16::from(*change);
                if *change == 0 || !(0..=i16::from(MAX_COUNTERS)).contains(&counters) {
                    return Err(bad(format!(
                        "the card at {at} holds {} counters: it cannot {} {}",
                        piece.counters,
                        if *change < 0 { "lose" } else { "gain" },
                        change.unsigned_abs()
                    )));
                }
                piece.counters = counters as u8;
                Ok(())
            }
            Operation::Shuffle { seat } => {
                self.in_play_or(index, *seat)?;
                if !self.reshuffle_fits(*seat, 0) {
                    return Err(bad(TABLE_FULL.into()));
                }
                if let Run::Apply = run {
                    self.shuffle_deck(*seat, events);
                }
                Ok(())
            }
        }
    }

    /// Kingdom Duels' Divine Hierarchy: a Divine card on the field is unaffected by the
    /// effect of a card of lower Hierarchy (as the format reads the rule). A hidden card is
    /// judged once its owner has opened it: the step is then skipped.
    fn check_divine_hierarchy(&self, index: usize, target: Place) -> Result<(), RuleError> {
        let rule = self.rules.format.field.divine_hierarchy;
        if rule.is_off() {
            return Ok(());
        }
        let hierarchy = |card: crate::card::CardId| {
            self.rules
                .pool
                .get(card)
                .and_then(|c| c.kingdom())
                .and_then(|k| k.hierarchy)
        };
        let Some(card) = self.piece_at(target).and_then(|p| p.card) else {
            return Ok(());
        };
        let Some(effect) = self.state.agreement.as_ref().map(|a| a.card) else {
            return Ok(());
        };
        let (card_level, effect_level) = (hierarchy(card), hierarchy(effect));
        if rule.unaffected(card_level, effect_level) {
            let name = |id| {
                self.rules
                    .pool
                    .get(id)
                    .map_or_else(|| id.to_string(), |c| c.name.clone())
            };
            return Err(RuleError::BadOutcome {
                index,
                why: format!(
                    "{} at {target} is Divine (Hierarchy {}) and unaffected by the effect of {} \
                     (Hierarchy {})",
                    name(card),
                    card_level.unwrap_or(0),
                    name(effect),
                    effect_level.unwrap_or(0)
                ),
            });
        }
        Ok(())
    }

    /// Destroys the monster at `at`; with Destruction Damage, its controller takes half
    /// its ATK as it was on the field, within what the effect's controller may still
    /// inflict this turn.
    fn run_destroy(
        &mut self,
        index: usize,
        at: Place,
        destruction_damage: bool,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(cell) = at.cell() {
            return self.destroy_on_grid(index, cell, destruction_damage, run, events);
        }
        let victim = self.field_monster_mut(index, at)?.controller;
        // A Hidden monster's ATK is known once its owner has opened it (the real run);
        // the check on a copy cannot count it yet.
        let atk = self
            .zone_piece(at)
            .and_then(|piece| self.field_stats(at, piece))
            .map_or(0, |(atk, _)| u16::try_from(atk.max(0)).unwrap_or(u16::MAX));
        self.run_move(index, at, Destination::Graveyard, run, events)?;
        if !destruction_damage {
            return Ok(());
        }
        let Some(inflicter) = self.state.agreement.as_ref().map(|a| a.controller) else {
            return Ok(());
        };
        let dealt = self.state.player(inflicter).destruction_damage;
        let damage = (atk / 2).min(DESTRUCTION_DAMAGE_PER_TURN.saturating_sub(dealt));
        if damage > 0 {
            self.state.player_mut(inflicter).destruction_damage = dealt + damage;
            self.damage(victim, u32::from(damage), events);
        }
        Ok(())
    }

    fn in_play_or(&self, index: usize, seat: Seat) -> Result<(), RuleError> {
        if seat.index() >= self.state.seat_count() || !self.state.table.in_play(seat) {
            return Err(RuleError::BadOutcome {
                index,
                why: format!("seat {} is not in the duel", seat.0),
            });
        }
        Ok(())
    }

    /// The grid's destruction: the monster's equips go with it and its "when destroyed"
    /// effects follow; a hidden monster is opened by its owner first.
    fn destroy_on_grid(
        &mut self,
        index: usize,
        cell: crate::grid::Cell,
        destruction_damage: bool,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let at = Place::Cell(cell);
        if destruction_damage {
            return Err(bad(
                "Destruction Damage is a rule of the card game's field, not of the grid".into(),
            ));
        }
        let piece = self.field_monster_mut(index, at)?;
        let (leader, hidden, owner, card_ref) = (
            piece.leader,
            piece.card.is_none(),
            piece.owner,
            piece.card_ref,
        );
        if leader {
            return Err(bad(format!(
                "the Deck Leader at {at} is never destroyed: it leaves the duel only with its \
                 life points"
            )));
        }
        if self
            .state
            .piece(cell)
            .is_some_and(|p| self.immune_to_destruction(p))
        {
            return Err(bad(format!(
                "the Ritual Monster at {at} cannot be destroyed or removed by card effects in \
                 this format"
            )));
        }
        if hidden {
            run.show_hidden(owner, self.state.commitment(card_ref), at)
                .map_err(bad)?;
        }
        let cause = self.state.agreement.as_ref().map(|a| a.controller);
        self.destroy(cell, cause, events);
        Ok(())
    }

    /// Turns the card at `at` over. A hidden card turned face-up is opened by its owner
    /// first; on the grid its flip effects follow.
    fn run_flip(
        &mut self,
        index: usize,
        at: Place,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let piece = self
            .piece_at(at)
            .ok_or_else(|| bad(format!("there is no card at {at}")))?;
        if piece.leader {
            return Err(bad(format!("the Deck Leader at {at} is never turned over")));
        }
        if piece.face_up {
            if self.is_token(piece.card) {
                return Err(bad(format!("the Token at {at} is never face-down")));
            }
            if let Some(piece) = self.piece_at_mut(at) {
                piece.face_up = false;
                piece.retyped = crate::piece::Retyped::NONE;
                piece.turns_in_defence = None;
            }
            events.push(Event::TurnedFaceDown { at });
            return Ok(());
        }
        let (owner, card) = (piece.owner, piece.card);
        let commitment = self.state.commitment(piece.card_ref);
        let Some(card) = card else {
            // Still hidden on a scratch copy: its owner opens it before the real run.
            run.show_hidden(owner, commitment, at).map_err(bad)?;
            if let Some(piece) = self.piece_at_mut(at) {
                piece.face_up = true;
            }
            return Ok(());
        };
        if let Some(piece) = self.piece_at_mut(at) {
            piece.face_up = true;
        }
        match at.cell() {
            Some(cell) => self.flipped_by_effect(cell, card, events),
            None => {
                events.push(Event::Flipped { at, card });
                self.note_flip_effect(at);
            }
        }
        Ok(())
    }

    /// Shows everyone the hidden card at `at`: its owner opens it (the opening fills it in
    /// wherever it lies), and it stays where it is.
    fn run_reveal(&mut self, index: usize, at: Place, run: &mut Run<'_>) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let (owner, card_ref, card) = match at {
            Place::Zone {
                side,
                zone: Zone::Hand,
                slot,
            } => {
                let hand = &self
                    .state
                    .players
                    .get(side)
                    .ok_or(RuleError::NoSuchSeat {
                        seat: side,
                        players: self.state.seat_count(),
                    })?
                    .hand;
                let slot = hand.get(usize::from(slot)).ok_or_else(|| {
                    bad(format!("seat {} has no card {slot} in their hand", side.0))
                })?;
                (side, slot.card_ref, slot.card)
            }
            _ => {
                let piece = self
                    .piece_at(at)
                    .ok_or_else(|| bad(format!("there is no card at {at}")))?;
                if piece.face_up {
                    return Err(bad(format!("the card at {at} is face-up already")));
                }
                (piece.owner, piece.card_ref, piece.card)
            }
        };
        match (run, card) {
            (Run::Check { .. }, Some(_)) => {
                Err(bad(format!("everyone knows the card at {at} already")))
            }
            (Run::Check { shown }, None) => {
                shown.push((owner, self.state.commitment(card_ref)));
                Ok(())
            }
            // Opened by its owner before the outcome ran: nothing more to do.
            (Run::Apply, Some(_)) => Ok(()),
            (Run::Apply, None) => Err(bad(format!(
                "the hidden card at {at} was not opened by its owner"
            ))),
        }
    }

    /// ATK and DEF of the face-up monster at `at`, as they stand.
    fn agreed_stats(&self, at: Place) -> Option<(i32, i32)> {
        match at {
            Place::Cell(cell) => self.stats_at(cell),
            Place::Zone { .. } => self.zone_piece(at).and_then(|p| self.field_stats(at, p)),
        }
    }

    fn field_monster_mut(&mut self, index: usize, at: Place) -> Result<&mut Piece, RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        match self.piece_at_mut(at) {
            Some(piece) if piece.class == Class::Monster => Ok(piece),
            Some(_) => Err(bad(format!("the card at {at} is not a monster"))),
            None => Err(bad(format!("there is no card at {at}"))),
        }
    }
}
