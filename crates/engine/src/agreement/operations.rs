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
use crate::commitment::{CardRef, Commitment};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::{Attached, Class, Modifier, Piece};
use crate::place::{Place, Zone};
use crate::player::CardSlot;
use crate::seat::{Seat, SeatSet};
use crate::state::{PendingClaim, Predicate};

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

/// A card taken out of where it was, on its way somewhere else.
pub(super) struct Lifted {
    pub(super) owner: Seat,
    pub(super) card_ref: CardRef,
    pub(super) card: Option<crate::card::CardId>,
    /// It lay on the field, face-down.
    pub(super) hidden_on_field: bool,
    /// It lay on the field in DEF Position.
    pub(super) defence: bool,
    pub(super) class: Option<Class>,
    /// It came out of the Extra Deck (Kairu counts such a monster apart from the five).
    pub(super) from_extra_deck: bool,
    /// The cards that lay under it: they go with it to another zone of the field, and to
    /// their owners' graveyards when it leaves the field.
    pub(super) attached: Vec<Attached>,
}

impl Lifted {
    /// A card taken off the board (a zone of the field or a grid cell), as it lay.
    fn from_board(piece: &Piece) -> Lifted {
        Lifted {
            owner: piece.owner,
            card_ref: piece.card_ref,
            card: piece.card,
            hidden_on_field: !piece.face_up,
            defence: piece.defence,
            class: Some(piece.class),
            from_extra_deck: piece.from_extra_deck,
            attached: piece.attached.clone(),
        }
    }
}

/// Why a reshuffle cannot be part of an outcome in a very long duel.
const TABLE_FULL: &str =
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
                Operation::LifePoints { seat, .. }
                | Operation::Draw { seat, .. }
                | Operation::Mill { seat, .. }
                | Operation::Search { seat }
                | Operation::Shuffle { seat }
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
        Ok(())
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
            Operation::LoseDuel { seat } | Operation::WinDuel { seat } => {
                self.in_play_or(index, *seat)?;
                self.run_duel_result(operation, events);
                Ok(())
            }
            Operation::Declare { .. } => Ok(()),
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
                let piece = self.field_monster_mut(index, *at)?;
                piece.locked_until = until;
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
            let commitment = self.state.commitment(card_ref);
            match run {
                Run::Check { shown } => shown.push((owner, commitment)),
                Run::Apply => {
                    return Err(bad(format!(
                        "the hidden card at {at} was not opened by its owner"
                    )));
                }
            }
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
            if let Some(piece) = self.piece_at_mut(at) {
                piece.face_up = false;
            }
            events.push(Event::TurnedFaceDown { at });
            return Ok(());
        }
        let (owner, card) = (piece.owner, piece.card);
        let commitment = self.state.commitment(piece.card_ref);
        let Some(card) = card else {
            return match run {
                // Still hidden on a scratch copy: its owner opens it before the real run.
                Run::Check { shown } => {
                    shown.push((owner, commitment));
                    if let Some(piece) = self.piece_at_mut(at) {
                        piece.face_up = true;
                    }
                    Ok(())
                }
                Run::Apply => Err(bad(format!(
                    "the hidden card at {at} was not opened by its owner"
                ))),
            };
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

    fn run_move(
        &mut self,
        index: usize,
        from: Place,
        to: Destination,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Place::Zone {
            side,
            zone: Zone::DeckMaster,
            ..
        } = from
        {
            self.pay_to_summon_deck_master(side, to, events)
                .map_err(|why| RuleError::BadOutcome { index, why })?;
        }
        if let Place::Zone {
            zone: Zone::Rule, ..
        } = from
        {
            return self
                .rule_card_leaves(from, to, events)
                .map_err(|why| RuleError::BadOutcome { index, why });
        }
        let lifted = self.lift(index, from)?;
        self.put_lifted(index, from, lifted, to, run, events)
    }

    /// Puts a card taken out of `from` where an outcome moves it.
    pub(super) fn put_lifted(
        &mut self,
        index: usize,
        from: Place,
        lifted: Lifted,
        to: Destination,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        if to == Destination::RuleZone {
            return Err(bad(
                "only a Normal Rule card goes to the Rule Zone, taken out of its owner's Extra \
                 Deck by the effect it relies on (a from-extra-deck step)"
                    .into(),
            ));
        }
        if let Destination::Field {
            at: Place::Cell(cell),
            ..
        } = to
        {
            if !self.grid().contains(cell) {
                return Err(bad(format!("{cell} is not a cell of the board")));
            }
            if self.state.piece(cell).is_some() {
                return Err(bad(format!("{cell} is not free")));
            }
        } else if let Some((at, _, hidden)) = to.on_board() {
            if hidden
                && !matches!(
                    at,
                    Place::Zone {
                        zone: Zone::Frontrow,
                        ..
                    }
                )
            {
                return Err(bad(format!(
                    "a Hidden monster goes to a Frontrow zone of the field, not {at}"
                )));
            }
            let on_field = matches!(at, Place::Zone { zone, .. } if zone.is_on_field());
            if !on_field || self.field().index(at).is_none() {
                return Err(bad(format!("{at} is not a zone of the field")));
            }
            if self.zone_piece(at).is_some() {
                return Err(bad(format!("{at} is not free")));
            }
            self.check_extra_deck_destination(from, lifted.owner, lifted.card, at)
                .map_err(bad)?;
            self.check_field_zone_destination(lifted.card, at)
                .map_err(bad)?;
        }
        let commitment = self.state.commitment(lifted.card_ref);
        // A hidden card the move shows: face-down on the field or in a hand, going anywhere
        // but a hand, or (from the field) anywhere a face-down card does not stay hidden.
        let shows = lifted.card.is_none()
            && match to {
                Destination::Hand
                | Destination::Deck
                | Destination::DeckTop
                | Destination::DeckBottom => false,
                Destination::Graveyard | Destination::Banished | Destination::RuleZone => true,
                Destination::Field { .. } => !lifted.hidden_on_field,
                // Its class is claimed, and checked when it is revealed.
                Destination::HiddenField { .. } => false,
            };
        if shows {
            match run {
                Run::Check { shown } => shown.push((lifted.owner, commitment)),
                Run::Apply => {
                    return Err(bad(format!(
                        "the hidden card at {from} was not opened by its owner"
                    )));
                }
            }
        }
        let owner = lifted.owner;
        let mut lifted = lifted;
        if to.on_board().is_none() {
            // "If a card leaves the field, all other cards equipped to it are destroyed ...,
            // and all cards attached to it are sent to the Graveyard."
            self.attached_to_graveyards(std::mem::take(&mut lifted.attached), events);
            self.card_left_field(lifted.card_ref, events);
        }
        // A card game's Fusion, Synchro, Xyz or Link Monster sent to the hand or the deck
        // returns to its owner's Extra Deck instead (known to everyone: it was face-up).
        let to_extra_deck = matches!(
            to,
            Destination::Hand | Destination::Deck | Destination::DeckTop | Destination::DeckBottom
        ) && lifted
            .card
            .and_then(|id| self.rules.pool.get(id))
            .is_some_and(crate::card::CardDef::is_card_game_extra_deck_monster);
        if to_extra_deck {
            self.state
                .player_mut(owner)
                .extra_deck
                .push(lifted.card_ref);
            events.push(Event::CardMoved {
                from,
                to,
                card: lifted.card,
            });
            return Ok(());
        }
        match to {
            Destination::Hand => {
                self.state.player_mut(owner).hand.push(CardSlot {
                    card_ref: lifted.card_ref,
                    card: lifted.card,
                });
            }
            Destination::Deck => {
                if !self.reshuffle_fits(owner, 1) {
                    return Err(bad(TABLE_FULL.into()));
                }
                self.state.player_mut(owner).deck.push(lifted.card_ref);
                if let Run::Apply = run {
                    self.shuffle_deck(owner, events);
                }
            }
            Destination::DeckTop | Destination::DeckBottom => {
                self.place_in_deck(owner, lifted.card_ref, to == Destination::DeckTop);
            }
            Destination::Graveyard => {
                let graveyard = self.side_of(owner);
                let slot = CardSlot {
                    card_ref: lifted.card_ref,
                    card: lifted.card,
                };
                let from_field = matches!(from, Place::Zone { zone, .. } if zone.is_on_field());
                if !(from_field && self.send_to_face_up_extra_deck(owner, slot, from, events)) {
                    self.state.player_mut(graveyard).graveyard.push(slot);
                }
            }
            // Refused on the way in.
            Destination::RuleZone => {}
            Destination::Banished => {
                // Only a scratch run meets a card still unknown here; its owner opens it
                // before the outcome runs for real.
                if let Some(card) = lifted.card {
                    self.state.player_mut(owner).banished.push(CardSlot {
                        card_ref: lifted.card_ref,
                        card: Some(card),
                    });
                }
            }
            Destination::Field { at, defence } | Destination::HiddenField { at, defence } => {
                let hidden = matches!(to, Destination::HiddenField { .. });
                let class = match (lifted.class, lifted.card) {
                    (Some(class), _) => Some(class),
                    (None, Some(card)) => Some(class_of(self.rules.card(card)?)),
                    (None, None) => None,
                };
                let zone = match at {
                    Place::Zone { zone, .. } => zone,
                    Place::Cell(_) => Zone::Frontrow,
                };
                if class == Some(Class::SpellTrap) && zone == Zone::Frontrow {
                    return Err(bad(match at {
                        Place::Cell(_) => format!(
                            "only a monster is summoned onto the grid, and {at} would take a \
                             spell or trap"
                        ),
                        Place::Zone { .. } => {
                            format!("only a monster goes to a Frontrow zone such as {at}")
                        }
                    }));
                }
                let controller = self.controller_arriving_at(at, owner).map_err(bad)?;
                let turn = self.state.turn;
                if hidden && class.is_none() {
                    // "Playing a Hidden monster from your hand is considered a summon": only
                    // a monster may be, which its owner answers for when it is revealed.
                    self.state.claims.push(PendingClaim {
                        card_ref: lifted.card_ref,
                        owner,
                        predicate: Predicate::Monster,
                        turn,
                    });
                    events.push(Event::ClaimRecorded {
                        owner,
                        commitment: self.state.commitment(lifted.card_ref),
                    });
                }
                // A face-down card moved between the Field Zone and a Spell & Trap Zone
                // stays unseen: its owner answers for it fitting its new zone.
                if lifted.card.is_none()
                    && lifted.hidden_on_field
                    && lifted.class == Some(Class::SpellTrap)
                {
                    self.claim_hidden_spell_zone(lifted.card_ref, owner, at, events);
                }
                let face_up = !lifted.hidden_on_field && !hidden;
                let piece = Piece {
                    controller,
                    card: lifted.card,
                    face_up,
                    from_extra_deck: lifted.from_extra_deck,
                    attached: lifted.attached,
                    defence: if hidden {
                        defence
                    } else if lifted.hidden_on_field {
                        lifted.defence
                    } else {
                        defence && class != Some(Class::SpellTrap)
                    },
                    ..Piece::entering(
                        owner,
                        lifted.card_ref,
                        class.unwrap_or(Class::Monster),
                        turn,
                    )
                };
                match at {
                    Place::Cell(cell) => self.state.put(cell, piece),
                    Place::Zone { .. } => {
                        self.put_in_zone(at, piece);
                        // "If it was a monster you also take control of all the equipped
                        // cards to it but they remain on their current zones."
                        self.equips_follow_control(lifted.card_ref, controller);
                    }
                }
            }
        }
        events.push(Event::CardMoved {
            from,
            to,
            card: lifted.card,
        });
        Ok(())
    }

    /// Takes the card at `from` out of its zone, hand or graveyard.
    fn lift(&mut self, index: usize, from: Place) -> Result<Lifted, RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let (side, zone, slot) = match from {
            Place::Zone { side, zone, slot } => (side, zone, slot),
            Place::Cell(cell) => return self.lift_from_grid(index, cell),
        };
        if side.index() >= self.state.seat_count() {
            return Err(RuleError::NoSuchSeat {
                seat: side,
                players: self.state.seat_count(),
            });
        }
        let on_this_field = self.field().index(from).is_some();
        match zone {
            Zone::Frontrow | Zone::Backrow | Zone::ExtraMonster | Zone::FieldSpell
                if on_this_field =>
            {
                let piece = self
                    .take_from_zone(from)
                    .ok_or_else(|| bad(format!("there is no card at {from}")))?;
                Ok(Lifted::from_board(&piece))
            }
            Zone::Hand | Zone::Graveyard | Zone::Banished => {
                let player = self.state.player_mut(side);
                let cards = match zone {
                    Zone::Hand => &mut player.hand,
                    Zone::Graveyard => &mut player.graveyard,
                    _ => &mut player.banished,
                };
                let i = usize::from(slot);
                if i >= cards.len() {
                    return Err(bad(format!(
                        "seat {} has no card {slot} in their {}",
                        side.0,
                        zone.label()
                    )));
                }
                let taken = cards.remove(i);
                Ok(Lifted {
                    owner: side,
                    card_ref: taken.card_ref,
                    card: taken.card,
                    hidden_on_field: false,
                    defence: false,
                    class: None,
                    from_extra_deck: false,
                    attached: Vec::new(),
                })
            }
            Zone::ExtraDeck => Err(bad(
                "a card leaves an Extra Deck only by its owner's from-extra-deck step, which \
                 opens it"
                    .into(),
            )),
            Zone::Frontrow | Zone::Backrow | Zone::ExtraMonster => {
                Err(bad(format!("{from} is not a zone of the field")))
            }
            Zone::Deck | Zone::FieldSpell => Err(bad(format!(
                "moving a card out of the {} is not built yet",
                zone.label()
            ))),
            Zone::Player => Err(bad(format!("{from} is a player, not a card"))),
            // A move out of a Rule Zone is taken apart (see `run_move`).
            Zone::Rule => Err(bad(format!(
                "{from} holds a Rule card, which only a move takes"
            ))),
            Zone::DeckMaster => {
                let master = self
                    .state
                    .player(side)
                    .deck_master
                    .filter(|m| m.in_zone)
                    .ok_or_else(|| bad(format!("{side} has no Deck Master in its zone")))?;
                if let Some(m) = self.state.player_mut(side).deck_master.as_mut() {
                    m.in_zone = false;
                }
                Ok(Lifted {
                    owner: side,
                    card_ref: master.card_ref,
                    card: Some(master.card),
                    hidden_on_field: false,
                    defence: false,
                    class: Some(Class::Monster),
                    from_extra_deck: false,
                    attached: Vec::new(),
                })
            }
        }
    }

    /// Takes the card at a grid cell off the board; its equips go to their owners'
    /// graveyards. A Deck Leader never leaves the grid.
    fn lift_from_grid(
        &mut self,
        index: usize,
        cell: crate::grid::Cell,
    ) -> Result<Lifted, RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        match self.state.piece(cell) {
            None => return Err(bad(format!("there is no card at {cell}"))),
            Some(piece) if piece.leader => {
                return Err(bad(format!(
                    "the Deck Leader at {cell} never leaves the board"
                )));
            }
            Some(piece) if self.immune_to_destruction(piece) => {
                return Err(bad(format!(
                    "the Ritual Monster at {cell} cannot be destroyed or removed by card \
                     effects in this format"
                )));
            }
            Some(_) => {}
        }
        let mut piece = self
            .state
            .take(cell)
            .ok_or_else(|| bad(format!("there is no card at {cell}")))?;
        // A grid monster's equips never follow it off its cell.
        for equip in std::mem::take(&mut piece.attached) {
            self.state
                .player_mut(equip.owner)
                .graveyard
                .push(equip.to_graveyard());
        }
        Ok(Lifted::from_board(&piece))
    }
}

/// Whether a card lies on the field as a monster or as a spell or trap.
fn class_of(card: &crate::card::CardDef) -> Class {
    let monster = match card.kingdom() {
        Some(k) => k.is(crate::kingdom_card::MainType::Monster),
        None => card.is_monster(),
    };
    if monster {
        Class::Monster
    } else {
        Class::SpellTrap
    }
}
