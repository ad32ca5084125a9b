//! Activating spells and traps on the card game's field. Spells are activated from the hand
//! (into a free Backrow zone, in a Main Phase) or from the Backrow where they were Set; traps only from the
//! Backrow, and not in the turn they were Set. Effect speed decides when: a Slow card
//! (Equip and Continuous spells, and any card printed Slow) only in its controller's Main
//! Phase; a Quick card (every other spell and trap) also in the Battle Phase and in a
//! response window to an attack or to a chain link (`super::chain`). FairDuel has no definition for any Kingdom Duels effect
//! yet, so every activated card resolves by agreement (`crate::agreement`).

use super::trigger_traps::{TRIGGER_NOT_MET, TriggerActivation, has_trigger};
use crate::awaiting::{Decision, TrapEvent};
use crate::card::CardDef;
use crate::commitment::Reveal;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::{Glyph, KingdomCard, MainType, Speed, Subtype};
use crate::knowledge::Knowledge;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;

/// A Kingdom Duels card's effect speed: as printed, or else the seed's default — Equip and
/// Continuous spells are Slow, every other spell and trap Quick.
pub fn effect_speed(card: &KingdomCard) -> Speed {
    if let Some(speed) = card.speed {
        return speed;
    }
    let equip_or_continuous = matches!(card.glyph, Some(Glyph::Equip | Glyph::Continuous))
        || card.has_subtype(Subtype::Equip)
        || card.has_subtype(Subtype::Continuous);
    if card.is(MainType::Spell) && equip_or_continuous {
        Speed::Slow
    } else {
        Speed::Quick
    }
}

/// The effect speed of a card on the card game's field: a Kingdom Duels card's own (see
/// [`effect_speed`]); for a card of another pool (Domain Format with the Duelists of the
/// Roses cards, or a card database's) a trap or a Quick-Play Spell is Quick and any other
/// spell Slow, as in the card game. A Counter Trap answers anything, and only another
/// Counter Trap answers it (spell speed 3: see `answering_a_counter_trap`).
pub fn field_speed(card: &CardDef) -> Speed {
    match card.kingdom() {
        Some(k) => effect_speed(k),
        None if card.is_field_trap_card() => Speed::Quick,
        None if card.spell_kind() == Some(crate::card::SpellKind::QuickPlay) => Speed::Quick,
        // A card game's monster from a card database: the facts do not say which of its
        // effects are Quick Effects, so it may try one, and the others refuse by agreement
        // what its text does not allow.
        None if card.is_monster() && card.database.is_some() => Speed::Quick,
        None => Speed::Slow,
    }
}

/// The card game's Counter Trap (a card database's): spell speed 3.
fn is_counter_trap(card: &CardDef) -> bool {
    matches!(
        card.kind,
        crate::card::CardKind::Trap {
            trap: crate::card::TrapKind::Counter,
            ..
        }
    )
}

const COUNTER_ONLY: &str =
    "only a Counter Trap (spell speed 3) can respond to a Counter Trap: pass, or answer with one";

/// When a card is being activated.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Timing {
    /// The controller's own Main Phase, nothing else going on.
    OwnMain,
    /// The controller's Battle Phase, or a response window: Quick cards only.
    Quick,
}

impl Duel {
    /// When `seat` may activate a card now, if at all.
    pub(super) fn activation_timing(&self, seat: Seat) -> Option<Timing> {
        match self.state.awaiting.decision() {
            Some((s, Decision::Main)) if s == seat => Some(Timing::OwnMain),
            Some((s, Decision::Battle)) if s == seat => Some(Timing::Quick),
            Some((
                s,
                Decision::Respond {
                    event:
                        TrapEvent::Attack { .. }
                        | TrapEvent::Chained { .. }
                        | TrapEvent::Summoned { .. }
                        | TrapEvent::PhaseBegins { .. },
                },
            )) if s == seat => Some(Timing::Quick),
            _ => None,
        }
    }

    /// Why `card`, Set at `at` by `seat`, may not be activated now, if it may not.
    fn activation_refused(
        &self,
        seat: Seat,
        at: Place,
        card: &CardDef,
        entered_turn: u16,
    ) -> Option<RuleError> {
        let Some(timing) = self.activation_timing(seat) else {
            return Some(self.wrong_decision(seat, "activate"));
        };
        let (spell, trap) = (card.is_field_spell_card(), card.is_field_trap_card());
        let why = if !spell && !trap {
            Some("only spells and traps are activated here")
        } else if trap && !spell && entered_turn >= self.state.turn {
            Some("a trap must stay Set for a turn before it is activated")
        } else if card.spell_kind() == Some(crate::card::SpellKind::QuickPlay)
            && entered_turn >= self.state.turn
        {
            Some("a Set Quick-Play Spell cannot be activated the turn it was Set")
        } else if timing == Timing::Quick && field_speed(card) == Speed::Slow {
            Some(if self.asked_about_chain(seat) {
                "a Slow card cannot respond to another card: activate it in your Main Phase"
            } else {
                "a Slow card is activated only in your Main Phase"
            })
        } else if self.answering_a_counter_trap(seat) && !is_counter_trap(card) {
            Some(COUNTER_ONLY)
        } else if self.trigger_activation(seat, card) == TriggerActivation::Refused {
            Some(TRIGGER_NOT_MET)
        } else {
            None
        };
        why.map(|why| RuleError::CannotActivate { at, why })
    }

    /// Whether `seat` may now activate a Quick spell from its hand outside a Main Phase:
    /// the format allows it in this turn (`field.quick_spells_from_hand`: its own turn;
    /// `field.quick_spells_from_hand_in_any_turn`: any), and a Quick card may be activated
    /// now (its Battle Phase, or its answer to a chain link or an attack).
    pub(super) fn quick_spell_from_hand_timing(&self, seat: Seat) -> bool {
        self.quick_spells_from_hand_allowed(seat)
            && self.activation_timing(seat) == Some(Timing::Quick)
    }

    /// Whether the format lets `seat` activate Quick spells from its hand in the turn now
    /// being played: its own (`field.quick_spells_from_hand`), or any
    /// (`field.quick_spells_from_hand_in_any_turn`).
    pub(super) fn quick_spells_from_hand_allowed(&self, seat: Seat) -> bool {
        let field = &self.rules.format.field;
        field.quick_spells_from_hand_in_any_turn
            || (field.quick_spells_from_hand && self.state.active == seat)
    }

    /// Why `card`, a spell in `seat`'s hand, may not be activated into `to` now at Quick
    /// timing (see [`Duel::quick_spell_from_hand_timing`]), if it may not.
    pub(super) fn quick_spell_from_hand_refused(
        &self,
        seat: Seat,
        to: Place,
        card: &CardDef,
    ) -> Option<RuleError> {
        let why = if !card.is_field_spell_card() {
            "only a spell is activated from the hand"
        } else if field_speed(card) != Speed::Quick {
            "a Slow spell is activated from the hand only in your Main Phase"
        } else if self.answering_a_counter_trap(seat) {
            COUNTER_ONLY
        } else {
            return None;
        };
        Some(RuleError::CannotActivate { at: to, why })
    }

    /// Whether `seat` is asked to respond to a chain whose newest link is a Counter Trap
    /// (spell speed 3): only another Counter Trap may answer it.
    fn answering_a_counter_trap(&self, seat: Seat) -> bool {
        self.asked_about_chain(seat)
            && self
                .state
                .chain
                .links
                .last()
                .and_then(|link| self.rules.pool.get(link.card))
                .is_some_and(is_counter_trap)
    }

    /// Activates `seat`'s Set spell or trap at `at`, shown by `reveal`.
    pub(super) fn field_activate(
        &mut self,
        seat: Seat,
        at: Place,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let piece = self.own_zone_piece(seat, at)?;
        let (owner, card_ref, entered_turn) = (piece.owner, piece.card_ref, piece.entered_turn);
        if piece.face_up || piece.class != Class::SpellTrap {
            return Err(RuleError::CannotActivate {
                at,
                why: "only a face-down spell or trap in the Backrow is activated",
            });
        }
        let commitment = self.state.commitment(card_ref);
        let card = self.check_reveal(owner, &commitment, reveal)?;
        if let Some(refused) = self.activation_refused(seat, at, card, entered_turn) {
            return Err(refused);
        }
        let flipped_only = self.trigger_activation(seat, card) == TriggerActivation::FlippedOnly;
        let with_trigger = has_trigger(card);
        if !flipped_only {
            self.use_response_window();
        }
        if let Some(piece) = self.zone_piece_mut(at) {
            piece.face_up = true;
            // Activated by its Trigger, a trap has used its effect this turn: a Continuous
            // one is not asked to activate it again while its link is on the chain.
            piece.activated |= with_trigger && !flipped_only;
        }
        self.learn(owner, commitment, reveal.card, events)?;
        if flipped_only {
            events.push(Event::FlippedBeforeTrigger {
                seat,
                at,
                card: reveal.card,
            });
            return Ok(());
        }
        events.push(Event::Activated {
            seat,
            at,
            card: reveal.card,
        });
        self.add_chain_link(seat, reveal.card, card_ref, at, events);
        Ok(())
    }

    /// Something is activated in an attack's or a summon's response window: this seat's
    /// window is used; the others' still follow once the chain it starts has resolved.
    pub(super) fn use_response_window(&mut self) {
        let in_window = matches!(
            self.state.awaiting.decision(),
            Some((
                _,
                Decision::Respond {
                    event: TrapEvent::Attack { .. }
                        | TrapEvent::Summoned { .. }
                        | TrapEvent::PhaseBegins { .. }
                }
            ))
        );
        if in_window && !self.state.windows.is_empty() {
            self.state.windows.remove(0);
        }
    }

    /// Why `seat` may not activate an effect of its face-up card at `at` now, if it may not.
    /// In its Main Phase any effect; in a response window or the Battle Phase a Quick one
    /// only. The card facts carry no effect texts, so a card not known to be Slow (an Equip
    /// or Continuous spell) may try as a Quick Effect, and the other players refuse by
    /// agreement what its text does not allow.
    pub(super) fn effect_activation_refused(&self, seat: Seat, at: Place) -> Option<RuleError> {
        let Some(timing) = self.activation_timing(seat) else {
            return Some(self.wrong_decision(seat, "activate-effect"));
        };
        let piece = match self.own_zone_piece(seat, at) {
            Ok(piece) => piece,
            Err(e) => return Some(e),
        };
        let card = piece.card.and_then(|id| self.rules.pool.get(id));
        let slow = card.is_some_and(|card| field_speed(card) == Speed::Slow);
        let trigger_not_met =
            card.is_some_and(|card| has_trigger(card) && !self.trigger_met_now(seat, card));
        let why = if !piece.face_up || piece.card.is_none() {
            Some("only a face-up card's effect is activated this way")
        } else if piece.activated {
            Some("a card's effect is activated once per turn")
        } else if self.hard_once_per_turn_used(seat, card) {
            Some(
                "every effect is a hard once per turn: you already activated an effect of this \
                 card this turn (another copy of it counts)",
            )
        } else if trigger_not_met {
            Some(TRIGGER_NOT_MET)
        } else if timing == Timing::Quick && slow {
            Some("a Slow card's effect is activated only in your Main Phase, never in response")
        } else if self.answering_a_counter_trap(seat) {
            Some(COUNTER_ONLY)
        } else {
            None
        };
        why.map(|why| RuleError::CannotActivate { at, why })
    }

    /// Kingdom Duels' hard once per turn: whether `seat` already activated an effect of
    /// this card (any copy of its printed card) this turn.
    pub(super) fn hard_once_per_turn_used(&self, seat: Seat, card: Option<&CardDef>) -> bool {
        self.rules.format.field.hard_once_per_turn
            && card.is_some_and(|card| {
                let printed = self.rules.pool.printed_card(card).id;
                self.state.player(seat).effects_used.contains(&printed)
            })
    }

    /// Activates an effect of `seat`'s face-up card at `at`.
    pub(super) fn field_activate_effect(
        &mut self,
        seat: Seat,
        at: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.effect_activation_refused(seat, at) {
            return Err(refused);
        }
        let Some(piece) = self.zone_piece_mut(at) else {
            return Err(RuleError::EmptyCell { at });
        };
        piece.activated = true;
        let (card_ref, card) = (piece.card_ref, piece.card);
        let Some(card) = card else {
            return Err(RuleError::EmptyCell { at });
        };
        if self.rules.format.field.hard_once_per_turn
            && let Some(def) = self.rules.pool.get(card)
        {
            let printed = self.rules.pool.printed_card(def).id;
            self.state.player_mut(seat).effects_used.push(printed);
        }
        self.use_response_window();
        events.push(Event::Activated { seat, at, card });
        self.add_chain_link(seat, card, card_ref, at, events);
        Ok(())
    }

    /// `seat`'s face-up cards whose effect it may activate now.
    pub(super) fn effects_activatable(&self, seat: Seat) -> Vec<Place> {
        self.field()
            .zones_of(self.side_of(seat))
            .filter(|at| self.zone_piece(*at).is_some())
            .filter(|at| self.effect_activation_refused(seat, *at).is_none())
            .collect()
    }

    /// Activates a spell from `seat`'s hand (or a Pendulum Deck Master from its zone) into
    /// the free Backrow zone `to`: the card is already there, face-up.
    pub(super) fn activate_from_hand(
        &mut self,
        seat: Seat,
        to: Place,
        card: crate::card::CardId,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(piece) = self.zone_piece(to) else {
            return Err(RuleError::EmptyCell { at: to });
        };
        let card_ref = piece.card_ref;
        events.push(Event::Activated { seat, at: to, card });
        self.add_chain_link(seat, card, card_ref, to, events);
        Ok(())
    }

    /// `seat`'s Set cards it could activate now, with their openings.
    pub(super) fn activatable(&self, seat: Seat, knowledge: &Knowledge) -> Vec<(Place, Reveal)> {
        let field = *self.field();
        let side = self.side_of(seat);
        field
            .backrow(side)
            .chain(field.field_zone(side))
            .filter_map(|at| {
                let piece = self.zone_piece(at)?;
                if piece.face_up || piece.class != Class::SpellTrap || !self.controls(seat, piece) {
                    return None;
                }
                let reveal = *knowledge.get(&self.state.commitment(piece.card_ref))?;
                let card = self.rules.pool.get(reveal.card)?;
                self.activation_refused(seat, at, card, piece.entered_turn)
                    .is_none()
                    .then_some((at, reveal))
            })
            .collect()
    }

    /// Whether `seat` holds a Set card that could be a trap ready to activate: a response
    /// window opens for it on an attack. Public facts only, so the window tells nothing.
    pub(super) fn may_hold_ready_trap(&self, seat: Seat) -> bool {
        let field = *self.field();
        let turn = self.state.turn;
        field.backrow(self.side_of(seat)).any(|at| {
            self.zone_piece(at)
                .is_some_and(|p| !p.face_up && p.class == Class::SpellTrap && p.entered_turn < turn)
        })
    }

    /// The card at `place` goes to its owner's graveyard, not destroyed: a spell or trap
    /// that has resolved.
    pub(crate) fn resolved_to_graveyard(&mut self, place: Place, events: &mut Vec<Event>) {
        let Some(piece) = self.zone_to_graveyard(place, events) else {
            return;
        };
        if self.is_token(piece.card) {
            // Removed from the game, not moved (`Event::TokenRemoved` says so).
            return;
        }
        events.push(Event::CardMoved {
            from: place,
            to: crate::agreement::Destination::Graveyard,
            card: piece.card,
        });
    }
}
