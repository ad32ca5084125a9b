//! Traps: which face-down card could be a trap able to answer an action (public facts only,
//! so that a response window tells nothing), which trap really can, which trap must spring
//! (formats where traps are not optional), and springing one.

use crate::awaiting::TrapEvent;
use crate::card::{
    Area, CardDef, CardId, CardKind, Primitive, SpellKind, TrapKind, TrapRange, Trigger,
};
use crate::commitment::Reveal;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::TrapReach;
use crate::grid::effects::{
    gives_its_player_life_points, last_power_up_raises, last_power_up_steals,
};
use crate::grid::filters::{
    event_in_limited_range, identity_matches, needs_identity_of, piece_identity_matches,
};
use crate::grid::movement::flips_as_activation;
use crate::grid::{Cell, RevealCheck, cell_of};
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{PendingClaim, Predicate};

/// The trigger of a trap that answers `event`; none for a proposal to end the duel, which
/// no trap answers.
pub(super) fn trigger_for(event: TrapEvent) -> Option<Trigger> {
    match event {
        TrapEvent::Moved { .. } => Some(Trigger::EnemyMovesInRange),
        TrapEvent::Attack { .. } => Some(Trigger::EnemyAttacks),
        TrapEvent::Spell { .. } => Some(Trigger::EnemySpell),
        TrapEvent::PowerUp { .. } => Some(Trigger::EnemyPowerUp),
        TrapEvent::TrapSprung { .. } => Some(Trigger::EnemyTrap),
        TrapEvent::EndProposed { .. }
        | TrapEvent::Chained { .. }
        | TrapEvent::Summoned { .. }
        | TrapEvent::PhaseBegins { .. } => None,
    }
}

/// The card that set `event` off, where it has one on the board.
pub(super) fn triggering_place(event: TrapEvent) -> Option<Place> {
    match event {
        TrapEvent::Moved { at } => Some(at),
        TrapEvent::Attack { attacker, .. } => Some(attacker),
        TrapEvent::Spell { at } => at,
        TrapEvent::PowerUp { at } | TrapEvent::TrapSprung { at } => Some(at),
        TrapEvent::EndProposed { .. }
        | TrapEvent::Chained { .. }
        | TrapEvent::Summoned { .. }
        | TrapEvent::PhaseBegins { .. } => None,
    }
}

impl Duel {
    /// Whether a trap of range `range` reaches only its neighbours in this format.
    fn limited_reach(&self, event: TrapEvent, range: Option<TrapRange>) -> bool {
        match self.rules.format.traps.reach {
            TrapReach::AllFull => false,
            // A power-up is a spell too.
            TrapReach::AllLimited => {
                !matches!(event, TrapEvent::Spell { .. } | TrapEvent::PowerUp { .. })
            }
            TrapReach::ByCard => range == Some(TrapRange::Limited),
        }
    }

    /// The trigger under which the trap `card` at `at` answers `event`: the trigger of that
    /// kind of action, or, for an attack, its springing on an enemy's approach — when the
    /// attack is on the trap itself (the attacker stands next to it: Classic rule 12's "if
    /// its activation conditions are met", Alternate rule 4, Kairu's "declares an attack
    /// against the face-down Trap card") or, where the format says so, on a card next to it
    /// (Kairu). The attacker is then the enemy that set it off.
    pub(super) fn answering_trigger(
        &self,
        card: &CardDef,
        at: Cell,
        event: TrapEvent,
    ) -> Option<Trigger> {
        let wanted = trigger_for(event)?;
        let has = |trigger: Trigger| card.effects.iter().any(|e| e.trigger == trigger);
        if has(wanted) {
            return Some(wanted);
        }
        let TrapEvent::Attack { target, .. } = event else {
            return None;
        };
        let on_the_trap = target.cell() == Some(at);
        let next_to_it = self.rules.format.traps.approach_traps_answer_attacks
            && event_in_limited_range(event, at);
        ((on_the_trap || next_to_it) && has(Trigger::EnemyMovesInRange))
            .then_some(Trigger::EnemyMovesInRange)
    }

    pub(super) fn check_spring(
        &self,
        seat: Seat,
        at: Cell,
        reveal: &Reveal,
        event: TrapEvent,
        reveal_check: RevealCheck,
    ) -> Result<&CardDef, RuleError> {
        let piece = self.own_piece(seat, at)?;
        let place = at.into();
        if !self.could_spring(seat, at, piece, event) {
            return Err(RuleError::CannotSpring {
                at: place,
                why: "it is out of reach or too freshly set",
            });
        }
        let card = if piece.face_up {
            self.rules.card(piece.card.unwrap_or(reveal.card))?
        } else {
            self.check_piece_reveal(reveal_check, piece, reveal)?
        };
        if self.is_attacked_set_card(at, piece, event)
            && (flips_as_activation(card) || self.attacked_equip_is_optional(card))
        {
            return Ok(card);
        }
        let CardKind::Trap { range, .. } = card.kind else {
            return Err(RuleError::CannotSpring {
                at: place,
                why: "it is not a trap",
            });
        };
        if self.traps_sealed() {
            return Err(RuleError::CannotSpring {
                at: place,
                why: "Ancient Tree of Enlightenment keeps every trap from springing",
            });
        }
        if self.answering_trigger(card, at, event).is_none() {
            return Err(RuleError::CannotSpring {
                at: place,
                why: "it does not answer this kind of action",
            });
        }
        if self.limited_reach(event, Some(range)) && !event_in_limited_range(event, at) {
            return Err(RuleError::CannotSpring {
                at: place,
                why: "a limited-range trap reaches only its neighbours",
            });
        }
        if !self.answers_this_spell(card, event) {
            return Err(RuleError::CannotSpring {
                at: place,
                why: "it answers only the spells (or power-ups) its card names",
            });
        }
        Ok(card)
    }

    /// Whether every spell-answering effect of the trap `card` that is limited to some
    /// spells (by the names it gives, or by what they do) accepts the spell whose activation
    /// is `event` (other events, other traps: yes).
    fn answers_this_spell(&self, card: &CardDef, event: TrapEvent) -> bool {
        if let TrapEvent::PowerUp { at } = event {
            let powered = at.cell().and_then(|c| self.state.piece(c));
            return card.effects.iter().all(|e| match e.primitive {
                Primitive::ReversePowerUp => {
                    powered.is_some_and(|piece| last_power_up_raises(self, piece))
                }
                Primitive::TurnBackSteal => {
                    powered.is_some_and(|piece| last_power_up_steals(self, piece))
                }
                _ => true,
            });
        }
        let TrapEvent::Spell { at } = event else {
            return true;
        };
        let spell = at
            .and_then(Place::cell)
            .and_then(|c| self.state.piece(c))
            .and_then(|p| p.card)
            .and_then(|id| self.rules.pool.get(id));
        card.effects.iter().all(|e| match &e.primitive {
            Primitive::NegateSpell { only } | Primitive::ShieldFromSpell { only }
                if !only.is_any() =>
            {
                spell.is_some_and(|s| identity_matches(only, s, None))
            }
            Primitive::ReverseGains => spell.is_some_and(gives_its_player_life_points),
            _ => true,
        })
    }

    /// Could the card at `at` be a trap able to answer `event`, judged from public facts?
    pub(super) fn could_spring(
        &self,
        seat: Seat,
        at: Cell,
        piece: &Piece,
        event: TrapEvent,
    ) -> bool {
        if piece.controller != seat || !piece.may_be(Class::SpellTrap) {
            return false;
        }
        // The attacked card itself may be a spell its owner activates, however fresh.
        if self.is_attacked_set_card(at, piece, event) {
            return true;
        }
        let delay = u16::from(self.rules.format.traps.set_turns_before_use);
        if piece.entered_turn + delay > self.state.turn {
            return false;
        }
        let known = piece.card.and_then(|id| self.rules.pool.get(id));
        if let Some(card) = known {
            let reusable = matches!(
                card.kind,
                CardKind::Trap {
                    trap: TrapKind::Continuous,
                    ..
                }
            );
            if !card.is_trap() || (piece.face_up && !reusable) {
                return false;
            }
        } else if piece.face_up {
            return false;
        }
        let range = match known {
            Some(CardDef {
                kind: CardKind::Trap { range, .. },
                ..
            }) => Some(*range),
            _ => None,
        };
        // Ancient Tree of Enlightenment: "TRAP cards cannot be triggered".
        (!self.limited_reach(event, range) || event_in_limited_range(event, at))
            && !self.traps_sealed()
    }

    /// Refuses a pass when a trap `seat` can see among its own cards must spring (only in
    /// formats where traps must spring). Cards the applier cannot see are left to the
    /// claims [`Duel::claim_no_obliged_trap`] records.
    pub(super) fn check_pass(
        &self,
        seat: Seat,
        event: TrapEvent,
        knowledge: Option<&Knowledge>,
    ) -> Result<(), RuleError> {
        if !self.rules.format.traps.must_spring {
            return Ok(());
        }
        for (at, piece) in self.state.pieces() {
            if !self.could_spring(seat, at, piece, event) {
                continue;
            }
            if let Some(card) = self.known_card(piece, knowledge)
                && self.must_spring(seat, at, card, event)
            {
                return Err(RuleError::MustSpring { at: at.into() });
            }
        }
        Ok(())
    }

    /// On a pass, each hidden card of `seat` that could be a trap in reach is claimed to be
    /// none of the traps that would have had to spring there; the claim is checked when the
    /// card is revealed.
    pub(super) fn claim_no_obliged_trap(
        &mut self,
        seat: Seat,
        event: TrapEvent,
        events: &mut Vec<Event>,
    ) {
        if !self.rules.format.traps.must_spring {
            return;
        }
        let mut claims = Vec::new();
        for (at, piece) in self.state.pieces() {
            if !piece.is_hidden() || !self.could_spring(seat, at, piece, event) {
                continue;
            }
            let traps: Vec<CardId> = self
                .rules
                .pool
                .cards()
                .filter(|card| self.must_spring(seat, at, card, event))
                .map(|card| card.id)
                .collect();
            if !traps.is_empty() {
                claims.push(PendingClaim {
                    card_ref: piece.card_ref,
                    owner: piece.owner,
                    predicate: Predicate::NotObligedTrap { traps },
                    turn: self.state.turn,
                });
            }
        }
        self.record_new_claims(claims, events);
    }

    /// Must the trap `card` of `seat`, at `at`, spring in answer to `event`? Where the format
    /// says traps must spring: when the card answers this kind of event, reaches it, and
    /// every effect it would start that is aimed at the card that set it off can be seen by
    /// everyone to reach that card. Whether a face-down card is reached often depends on
    /// which card it is (a pit's ATK limit); its owner's opponents cannot know, so then the
    /// trap stays optional.
    fn must_spring(&self, seat: Seat, at: Cell, card: &CardDef, event: TrapEvent) -> bool {
        if !self.rules.format.traps.must_spring {
            return false;
        }
        let CardKind::Trap { range, .. } = card.kind else {
            return false;
        };
        if self.limited_reach(event, Some(range)) && !event_in_limited_range(event, at) {
            return false;
        }
        let Some(wanted) = self.answering_trigger(card, at, event) else {
            return false;
        };
        if !self.answers_this_spell(card, event) {
            return false;
        }
        let triggering = triggering_place(event)
            .and_then(Place::cell)
            .and_then(|c| Some((c, self.state.piece(c)?)));
        let mut answers = card
            .effects
            .iter()
            .filter(|e| e.trigger == wanted)
            .peekable();
        answers.peek().is_some()
            && answers.all(|e| self.visibly_reaches(seat, &e.primitive, triggering))
    }

    /// Does an effect of a trap `seat` controls reach the triggering card, as every peer can
    /// see it? Effects not aimed at the triggering card always do.
    pub(super) fn visibly_reaches(
        &self,
        seat: Seat,
        primitive: &Primitive,
        triggering: Option<(Cell, &Piece)>,
    ) -> bool {
        let (targets, monsters_only) = match primitive {
            Primitive::ModifyStats { targets, .. }
            | Primitive::Spellbind { targets, .. }
            | Primitive::ToAttackPosition { targets }
            | Primitive::HalveAtk { targets } => (targets, true),
            Primitive::Destroy { targets }
            | Primitive::FlipFaceUp { targets }
            | Primitive::FlipFaceDown { targets } => (targets, false),
            _ => return true,
        };
        if targets.area != Area::Triggering {
            return true;
        }
        let Some((cell, piece)) = triggering else {
            return false;
        };
        if monsters_only && piece.class != Class::Monster
            || !self.public_filter(&targets.filter, seat, None, piece)
        {
            return false;
        }
        if !needs_identity_of(&targets.filter, piece) {
            return true;
        }
        match piece.card.and_then(|id| self.rules.pool.get(id)) {
            Some(card) => {
                let atk = piece.face_up.then(|| self.stats_of(cell, piece, card).0);
                piece_identity_matches(&targets.filter, card, piece, atk)
            }
            None => false,
        }
    }

    /// Whether the card at `at` is the face-down spell or trap an attack targets, in a format
    /// where its owner may then activate an attacked spell (Alternate rule 4).
    fn is_attacked_set_card(&self, at: Cell, piece: &Piece, event: TrapEvent) -> bool {
        self.rules.format.traps.attacked_spell_may_activate
            && !piece.face_up
            && piece.may_be(Class::SpellTrap)
            && matches!(event, TrapEvent::Attack { target, .. } if target.cell() == Some(at))
    }

    /// Alternate rule 4: "If a face-down Spell or Trap Card is targeted for an attack by an
    /// opponent's Monster card: The activation of that Spell or Trap card is optional" — an
    /// Equip Spell's too, so its owner chooses whether it goes under the attacker (rule 11).
    /// Kairu's attacker takes a set equip it moves onto whatever its owner wants ("it will
    /// steal the spell"), and Classic's is always activated.
    pub(super) fn attacked_equip_is_optional(&self, card: &CardDef) -> bool {
        card.spell_kind() == Some(SpellKind::Equip)
            && !self.rules.format.traps.attacked_trap_springs
            && !self.kairu()
    }

    /// Springs the trap at `at` in the open response window.
    pub(super) fn do_spring(
        &mut self,
        seat: Seat,
        at: Place,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let event = self.expect_window(seat, "spring-trap")?;
        let cell = cell_of(at)?;
        let card = self
            .check_spring(seat, cell, reveal, event, RevealCheck::Needed)?
            .clone();
        if self.state.piece(cell).is_some_and(|p| p.card.is_none()) {
            self.reveal_piece(cell, reveal.card, events)?;
        }
        self.close_window();
        if let Some(piece) = self.state.piece_mut(cell) {
            piece.face_up = true;
        }
        if self.attacked_equip_is_optional(&card) {
            // The attacked Equip Spell, activated by its owner (Alternate rule 4): face-up,
            // it goes under the attacker when the battle comes (Classic rule 11).
            events.push(Event::Flipped { at, card: card.id });
            return Ok(());
        }
        if card.is_spell() {
            // The attacked spell, activated by its owner (Alternate rule 4): it resolves
            // where it stands, and the attack finds no card there.
            events.push(Event::Flipped { at, card: card.id });
            self.begin_spell(seat, &card, Some(cell), events);
            return Ok(());
        }
        events.push(Event::TrapSprung { at, card: card.id });
        let triggering = triggering_place(event).and_then(Place::cell);
        let disposable = matches!(
            card.kind,
            CardKind::Trap {
                trap: TrapKind::Normal,
                ..
            }
        );
        // The trap answers the turn player's action: "your opponent" is the one who set it
        // off.
        let opponent = Some(self.state.active).filter(|a| self.are_opponents(seat, *a));
        let start = self.state.queue.len();
        let Some(trigger) = self.answering_trigger(&card, cell, event) else {
            return Ok(());
        };
        self.queue_trigger(&card, trigger, seat, Some(cell), triggering, opponent);
        let queued = self.state.queue.len() > start;
        // The bluff: a trap aimed at the card that set it off needs to know what that card
        // is, so a class-hidden one is shown (to everyone) before the trap resolves.
        if queued
            && let Some(hit) = triggering.and_then(|c| self.state.piece(c))
            && hit.class == Class::Unknown
            && hit.card.is_none()
        {
            let due = (hit.owner, self.state.commitment(hit.card_ref));
            if !self.state.reveal_due.contains(&due) {
                self.state.reveal_due.push(due);
            }
        }
        match self.state.queue.last_mut() {
            Some(last) if queued => last.discard_after = disposable,
            _ if disposable => self.destroy(cell, Some(seat), events),
            _ => {}
        }
        if let TrapEvent::TrapSprung { .. } | TrapEvent::PowerUp { .. } = event {
            // A trap answering a trap (or a power-up) resolves first, while what it answers
            // waits.
            let answer: Vec<_> = self.state.queue.drain(start..).collect();
            self.state.queue.splice(0..0, answer);
        }
        if queued && !matches!(event, TrapEvent::TrapSprung { .. }) {
            // A trap that will do something is an action the enemy's traps may answer
            // (Royal Decree); a trap answering a trap is not answered in turn.
            self.open_windows(seat, TrapEvent::TrapSprung { at }, events);
        }
        Ok(())
    }
}
