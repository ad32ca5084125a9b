//! Battle: which cards a monster may attack (an adjacent enemy card, or — in Kairu's rules —
//! one it can move into), declaring the attack and the windows it opens, revealing the
//! target (a monster that attacks directly also the Deck Leader in its row or column:
//! `direct_attacks.rs`), and the fight itself: the card game's damage rules, attacks on the Deck Leader as
//! direct damage, and attacked face-down spells and traps.

use crate::action::Action;
use crate::awaiting::TrapEvent;
use crate::card::{CardDef, CardKind, Primitive, SpellKind, TrapKind, Trigger};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::filters::piece_identity_matches;
use crate::grid::{Cell, Reach, RevealCheck, cell_of};
use crate::piece::{Attached, Class, Piece};
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

use super::teleport::cancels_battle_when_flipped;

impl Duel {
    pub(super) fn attack_targets(&self, from: Cell) -> Vec<Cell> {
        let reachable = std::cell::OnceCell::new();
        self.attack_targets_within(from, || {
            reachable.get_or_init(|| self.reachable(from)).as_slice()
        })
    }

    /// [`Duel::attack_targets`], given what `reachable(from)` returns (asked for only where
    /// attacks are moves).
    pub(super) fn attack_targets_within<'a>(
        &self,
        from: Cell,
        reachable: impl FnOnce() -> &'a [(Cell, Reach)],
    ) -> Vec<Cell> {
        if self.kairu() {
            reachable()
                .iter()
                .filter(|(_, r)| *r == Reach::Enemy)
                .map(|(c, _)| *c)
                .collect()
        } else {
            let Some(piece) = self.state.piece(from) else {
                return Vec::new();
            };
            let table = self.state.table;
            let mut targets: Vec<Cell> = self
                .grid()
                .neighbours(from)
                .filter(|n| {
                    self.state
                        .piece(*n)
                        .is_some_and(|p| table.are_opponents(piece.controller, p.controller))
                })
                .collect();
            for leader in self.direct_attack_targets(from, piece) {
                if !targets.contains(&leader) {
                    targets.push(leader);
                }
            }
            targets
        }
    }

    /// `targets`, when given, is what `attack_targets(from)` returns.
    pub(super) fn check_attack(
        &self,
        seat: Seat,
        action: &Action,
        targets: Option<&[Cell]>,
        reveal_check: RevealCheck,
    ) -> Result<(), RuleError> {
        let Action::Attack { from, target, flip } = action else {
            return Err(RuleError::CannotAttack {
                at: Cell::default().into(),
                why: "not an attack",
            });
        };
        self.expect_main(seat, "attack")?;
        let (from, target) = (cell_of(*from)?, cell_of(*target)?);
        let at = from.into();
        let piece = self.own_piece(seat, from)?;
        if piece.class != Class::Monster || piece.leader {
            return Err(RuleError::CannotAttack {
                at,
                why: "only monsters attack",
            });
        }
        if !self.state.table.may_attack_on(self.state.turn) {
            return Err(RuleError::FirstTurnAttack {
                first_attack_turn: self.state.table.first_attack_turn(),
            });
        }
        if self.spellbound(from, piece) {
            return Err(RuleError::Spellbound { at });
        }
        if piece.attacked {
            return Err(RuleError::AlreadyAttacked { at });
        }
        if self.kairu() {
            if piece.moved {
                return Err(RuleError::AlreadyMoved { at });
            }
            if self.position_change_stops_moving(piece) {
                return Err(RuleError::AlreadyChangedPosition { at });
            }
        } else {
            if !piece.face_up {
                return Err(RuleError::CannotAttack {
                    at,
                    why: "face-down monsters do not attack",
                });
            }
            if piece.defence {
                return Err(RuleError::CannotAttack {
                    at,
                    why: "it is in defence position",
                });
            }
        }
        match flip {
            Some(reveal) => {
                if piece.face_up {
                    return Err(RuleError::CannotFlip {
                        at,
                        why: "it is already face-up",
                    });
                }
                self.check_piece_reveal(reveal_check, piece, reveal)?;
            }
            None if !piece.face_up => {
                return Err(RuleError::MissingReveal {
                    why: "an attacker is flipped face-up first",
                });
            }
            None => {}
        }
        if !self.state.contains(target) {
            return Err(RuleError::OffBoard { at: target.into() });
        }
        let defender = self
            .state
            .piece(target)
            .ok_or(RuleError::EmptyCell { at: target.into() })?;
        if defender.controller == seat {
            return Err(RuleError::BadAttackTarget {
                from: from.into(),
                target: target.into(),
                why: "it is your own card",
            });
        }
        if !self.are_opponents(seat, defender.controller) {
            return Err(RuleError::BadAttackTarget {
                from: from.into(),
                target: target.into(),
                why: "it is your teammate's card",
            });
        }
        let in_reach = match targets {
            Some(targets) => targets.contains(&target),
            None => self.attack_targets(from).contains(&target),
        };
        if !in_reach {
            let why = if self.kairu() {
                "it is out of this monster's reach"
            } else {
                "monsters attack only orthogonally adjacent cards (one that can attack directly, \
                 also a Deck Leader in its row or column)"
            };
            return Err(RuleError::BadAttackTarget {
                from: from.into(),
                target: target.into(),
                why,
            });
        }
        Ok(())
    }

    pub(super) fn do_attack(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_attack(seat, action, None, RevealCheck::Needed)?;
        let Action::Attack { from, target, flip } = action else {
            return Ok(());
        };
        let (from, target) = (cell_of(*from)?, cell_of(*target)?);
        if let Some(reveal) = flip {
            self.reveal_piece(from, reveal.card, events)?;
        }
        // Kairu: an attack is the card's move of the turn, and ends in attack position.
        let kairu = self.kairu();
        if let Some(piece) = self.state.piece_mut(from) {
            piece.attacked = true;
            if kairu {
                piece.moved = true;
                piece.defence = false;
            }
            if flip.is_some() {
                piece.face_up = true;
                // Flipped by its controller as it attacks: its turns in defence count (only a
                // monster attacks).
                piece.turns_in_defence = Some(0);
            }
        }
        if let Some(card) = flip.and_then(|r| self.rules.pool.get(r.card)).cloned() {
            events.push(Event::Flipped {
                at: from.into(),
                card: card.id,
            });
            // "An opponent" of its flip effect is the one it attacks.
            let defender = self
                .state
                .piece(target)
                .map(|p| p.controller)
                .filter(|c| self.are_opponents(seat, *c));
            self.queue_trigger(
                &card,
                Trigger::Flip,
                seat,
                Some(from),
                Some(target),
                defender,
            );
        }
        events.push(Event::AttackDeclared {
            from: from.into(),
            target: target.into(),
        });
        // A monster that teleports itself away when flipped in battle cancels its own attack.
        self.state.attack_negated = flip
            .and_then(|r| self.rules.pool.get(r.card))
            .is_some_and(cancels_battle_when_flipped);
        self.state.resume = Resume::AttackAfterWindow {
            attacker: from.into(),
            target: target.into(),
        };
        let ignores_traps = self
            .state
            .piece(from)
            .is_some_and(|p| self.has_static(from, p, |x| matches!(x, Primitive::IgnoreTraps)));
        // An attack its own attacker already called off (Leghul teleporting away) gives no
        // trap anything to answer.
        if !ignores_traps && !self.state.attack_negated {
            self.open_windows(
                seat,
                TrapEvent::Attack {
                    attacker: from.into(),
                    target: target.into(),
                },
                events,
            );
        }
        Ok(())
    }

    /// After the windows: the attack goes on unless it was negated or its attacker can no
    /// longer fight; a hidden target is revealed first.
    pub(super) fn after_attack_window(
        &mut self,
        attacker: Cell,
        target: Cell,
        events: &mut Vec<Event>,
    ) {
        let negated = std::mem::take(&mut self.state.attack_negated);
        let attacker_ok = self
            .state
            .piece(attacker)
            .is_some_and(|p| p.attacked && !self.spellbound(attacker, p));
        // An effect meanwhile may have put both under one player (Laughing Flower).
        let target_ok = self.still_enemies(attacker, target);
        if negated || !attacker_ok || !target_ok {
            events.push(Event::AttackNegated {
                from: attacker.into(),
            });
            return;
        }
        let then = Resume::AttackAfterReveal {
            attacker: attacker.into(),
            target: target.into(),
        };
        let hidden_target = match self.state.piece(target) {
            Some(piece) if piece.card.is_none() => {
                let due = (piece.owner, self.state.commitment(piece.card_ref));
                self.state.reveal_due.push(due);
                true
            }
            _ => false,
        };
        // The reveal, then a whim's draw (Goddess of Whim), then the battle.
        if self.whim_before_battle(attacker, target, then.clone(), events) {
            return;
        }
        if hidden_target {
            self.state.resume = then;
            return;
        }
        self.battle(attacker, target, events);
    }

    /// Whether the cards at `attacker` and `target` are both there and still opponents'.
    fn still_enemies(&self, attacker: Cell, target: Cell) -> bool {
        match (self.state.piece(attacker), self.state.piece(target)) {
            (Some(a), Some(t)) => self.are_opponents(a.controller, t.controller),
            _ => false,
        }
    }

    /// A face-up, free monster whose battles deal no damage to life points (the original
    /// game's Kuriboh, Kazejin, Gate Guardian …).
    fn deals_no_battle_damage(&self, cell: Cell, piece: &Piece, card: &CardDef) -> bool {
        self.has_battle_effect(cell, piece, card, &Primitive::NoBattleDamage)
    }

    pub(super) fn battle(&mut self, attacker: Cell, target: Cell, events: &mut Vec<Event>) {
        let (Some(a_piece), Some(d_piece)) = (
            self.state.piece(attacker).cloned(),
            self.state.piece(target).cloned(),
        ) else {
            return;
        };
        let Some(a_card) = a_piece.card.and_then(|id| self.rules.pool.get(id)).cloned() else {
            return;
        };
        if !self.still_enemies(attacker, target) {
            events.push(Event::AttackNegated {
                from: attacker.into(),
            });
            return;
        }
        let kairu = self.kairu();
        // The defender turns face-up.
        if !d_piece.face_up && !d_piece.leader {
            if let Some(p) = self.state.piece_mut(target) {
                p.face_up = true;
            }
            if let Some(id) = d_piece.card {
                events.push(Event::Flipped {
                    at: target.into(),
                    card: id,
                });
            }
        }
        let Some(d_card) = d_piece.card.and_then(|id| self.rules.pool.get(id)).cloned() else {
            return;
        };
        if d_piece.class == Class::SpellTrap {
            self.attacked_spell_trap(
                attacker, &a_piece, &a_card, target, &d_piece, &d_card, events,
            );
            if kairu && self.state.piece(target).is_none() && self.state.piece(attacker).is_some() {
                self.advance(attacker, target, events);
            }
            return;
        }
        if !d_piece.leader && !d_piece.face_up {
            let queued = self.state.queue.len();
            // "Destroys opposing enemy when this card is flipped face-up in battle": the
            // monster it battles is its attacker.
            self.queue_trigger(
                &d_card,
                Trigger::Flip,
                d_piece.controller,
                Some(target),
                Some(attacker),
                Some(a_piece.controller),
            );
            // Leghul, Ooguchi, Turtle Raccoon: "When this card is flipped face-up in battle,
            // the battle is cancelled" — it teleports away instead of fighting.
            // A spellbound monster's flip effect does not activate, and cancels nothing.
            let free = !self.is_spellbound(target);
            if free
                && (cancels_battle_when_flipped(&d_card) || self.flip_takes_battle_opponent(queued))
            {
                events.push(Event::AttackNegated {
                    from: attacker.into(),
                });
                return;
            }
            // Kairu: "Flip effects are activated WHENEVER the monster is flipped face up;
            // even in battle", and "the defending monster is flipped face-up second and the
            // battle ensues": its effect resolves first, then the battle goes on between
            // whatever is left (the card game's order, after damage, elsewhere).
            if kairu && self.state.queue.len() > queued {
                self.state.resume = Resume::AttackAfterReveal {
                    attacker: attacker.into(),
                    target: target.into(),
                };
                return;
            }
        }
        let d_now = self.state.piece(target).cloned().unwrap_or(d_piece.clone());
        let (a_stats, d_stats) =
            self.battle_stats((attacker, &a_piece, &a_card), (target, &d_now, &d_card));
        let (a_atk, d_atk, d_def) = (a_stats.0, d_stats.0, d_stats.1);
        // Sword of Dragon's Soul and the like: the foe's battle effects are off.
        let a_off = self.neutralized_by((target, &d_now, &d_card));
        let d_off = self.neutralized_by((attacker, &a_piece, &a_card));
        let banish_d = !a_off
            && self.has_battle_effect(attacker, &a_piece, &a_card, &Primitive::BanishesInBattle);
        let banish_a =
            !d_off && self.has_battle_effect(target, &d_now, &d_card, &Primitive::BanishesInBattle);
        let defending = if d_now.defence { d_def } else { d_atk };
        events.push(Event::Battle {
            attacker: attacker.into(),
            target: target.into(),
            attack: a_atk,
            defence: defending,
        });
        for (cell, piece, card, opponent, off) in [
            (attacker, &a_piece, &a_card, d_now.controller, a_off),
            (target, &d_now, &d_card, a_piece.controller, d_off),
        ] {
            if !piece.leader && !off {
                self.queue_trigger(
                    card,
                    Trigger::Battle,
                    piece.controller,
                    Some(cell),
                    None,
                    Some(opponent),
                );
            }
        }
        let no_damage = !a_off && self.deals_no_battle_damage(attacker, &a_piece, &a_card)
            || !d_off && self.deals_no_battle_damage(target, &d_now, &d_card);
        let damage = |duel: &mut Duel, seat, amount: i32, events: &mut Vec<Event>| {
            if !no_damage {
                duel.damage(seat, amount.max(0) as u32, events);
            }
        };
        if d_now.leader {
            damage(self, d_now.controller, a_atk, events);
            return;
        }
        let (a_fighter, d_fighter) = ((attacker, &a_piece, &a_card), (target, &d_now, &d_card));
        let a_kills = !a_off && self.destroys_in_battle(a_fighter, d_fighter);
        let d_kills = !d_off && self.destroys_in_battle(d_fighter, a_fighter);
        let (mut destroy_a, mut destroy_d) = (d_kills, a_kills);
        if !a_kills && !d_kills {
            if d_now.defence {
                match a_atk.cmp(&d_def) {
                    std::cmp::Ordering::Greater => destroy_d = true,
                    std::cmp::Ordering::Less => {
                        damage(self, a_piece.controller, d_def - a_atk, events)
                    }
                    std::cmp::Ordering::Equal => {}
                }
            } else {
                match a_atk.cmp(&d_atk) {
                    std::cmp::Ordering::Greater => {
                        destroy_d = true;
                        damage(self, d_now.controller, a_atk - d_atk, events);
                    }
                    std::cmp::Ordering::Less => {
                        destroy_a = true;
                        damage(self, a_piece.controller, d_atk - a_atk, events);
                    }
                    std::cmp::Ordering::Equal if a_atk > 0 => {
                        destroy_a = true;
                        destroy_d = true;
                    }
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        if destroy_d {
            self.destroy(target, Some(a_piece.controller), events);
            if banish_d {
                self.banish_from_graveyard(d_now.owner, d_now.card_ref, events);
            }
        }
        if destroy_a {
            self.destroy(attacker, Some(d_now.controller), events);
            if banish_a {
                self.banish_from_graveyard(a_piece.owner, a_piece.card_ref, events);
            }
        }
        if kairu && destroy_d && !destroy_a {
            self.advance(attacker, target, events);
        }
    }

    /// An attacked face-down spell or trap: an equip joins the attacker if it fits (Classic
    /// rule 11; Kairu's stolen equips), a trap that answers attacks springs by itself where
    /// the format says so (Classic rule 12), a spell resolves for its owner, anything else
    /// is destroyed.
    #[allow(clippy::too_many_arguments)]
    fn attacked_spell_trap(
        &mut self,
        attacker: Cell,
        a_piece: &Piece,
        a_card: &CardDef,
        target: Cell,
        d_piece: &Piece,
        d_card: &CardDef,
        events: &mut Vec<Event>,
    ) {
        if let Some(filter) = &d_card.equip_to {
            self.state.take(target);
            // Alternate rule 4: an equip its owner left face-down when asked was not
            // activated; it is destroyed as any attacked card.
            let declined = !d_piece.face_up && self.attacked_equip_is_optional(d_card);
            if !declined && piece_identity_matches(filter, a_card, a_piece, None) {
                if let Some(p) = self.state.piece_mut(attacker) {
                    p.attached.push(Attached {
                        owner: d_piece.owner,
                        card_ref: d_piece.card_ref,
                        card: d_card.id,
                        reversed: false,
                    });
                }
                events.push(Event::Equipped {
                    at: attacker.into(),
                    card: d_card.id,
                });
                self.queue_agreed_equip(d_card.id, a_piece.controller, attacker);
            } else {
                self.send_to_graveyard(d_piece.owner, d_piece.card_ref, Some(d_card.id));
                events.push(Event::Destroyed {
                    owner: d_piece.owner,
                    card: Some(d_card.id),
                    at: target.into(),
                });
            }
            return;
        }
        let springs = self.rules.format.traps.attacked_trap_springs && !d_piece.face_up;
        // Ancient Tree of Enlightenment: no trap springs, attacked or not.
        let traps_sealed = self.traps_sealed();
        let attack = TrapEvent::Attack {
            attacker: attacker.into(),
            target: target.into(),
        };
        // "Activate that Spell or Trap Card if its activation conditions are met": a trap
        // that answers attacks, or one that springs on an enemy's approach whose effects
        // reach the attacker (it stands next to the trap).
        let trigger = d_card
            .is_trap()
            .then(|| self.answering_trigger(d_card, target, attack))
            .flatten()
            .filter(|trigger| {
                *trigger == Trigger::EnemyAttacks
                    || d_card
                        .effects
                        .iter()
                        .filter(|e| e.trigger == *trigger)
                        .all(|e| {
                            self.visibly_reaches(
                                d_piece.controller,
                                &e.primitive,
                                Some((attacker, a_piece)),
                            )
                        })
            });
        if springs
            && !traps_sealed
            && let Some(trigger) = trigger
        {
            events.push(Event::TrapSprung {
                at: target.into(),
                card: d_card.id,
            });
            let start = self.state.queue.len();
            self.queue_trigger(
                d_card,
                trigger,
                d_piece.controller,
                Some(target),
                Some(attacker),
                Some(a_piece.controller),
            );
            // A Continuous Trap stays face-up where it stands, as one sprung in a window.
            let disposable = matches!(
                d_card.kind,
                CardKind::Trap {
                    trap: TrapKind::Normal,
                    ..
                }
            );
            if let Some(piece) = self.state.piece_mut(target) {
                piece.face_up = true;
            }
            match self.state.queue.get_mut(start..).and_then(|q| q.last_mut()) {
                Some(last) => last.discard_after = disposable,
                None if disposable => self.destroy(target, Some(d_piece.controller), events),
                None => {}
            }
            return;
        }
        if springs && d_card.is_spell() && d_card.ritual.is_some() {
            // An attacked Ritual spell resolves as an activated one: its controller offers
            // the tributes, and the Ritual Monster takes the spell's zone.
            if let Some(piece) = self.state.piece_mut(target) {
                piece.face_up = true;
            }
            self.begin_ritual(QueuedEffect {
                card: d_card.id,
                index: 0,
                controller: d_piece.controller,
                at: Some(target.into()),
                triggering: None,
                opponent: None,
                discard_after: true,
                card_ref: None,
            });
            return;
        }
        if springs && d_card.is_spell() {
            // Classic rule 12: the attacked spell is activated for its controller; a
            // Continuous one stays face-up where it stands, as one activated by its player.
            // No trap answered it, so no player is shielded from it.
            self.state.spell_spares = crate::seat::SeatSet::EMPTY;
            self.state.gains_reversed = crate::seat::SeatSet::EMPTY;
            let start = self.state.queue.len();
            self.queue_trigger(
                d_card,
                Trigger::Activate,
                d_piece.controller,
                Some(target),
                Some(attacker),
                Some(a_piece.controller),
            );
            let stays = matches!(
                d_card.kind,
                CardKind::Spell {
                    spell: SpellKind::Continuous
                }
            );
            match self.state.queue.get_mut(start..).and_then(|q| q.last_mut()) {
                Some(last) => last.discard_after = !stays,
                None if !stays => self.destroy(target, Some(a_piece.controller), events),
                None => {}
            }
            if stays && let Some(piece) = self.state.piece_mut(target) {
                piece.face_up = true;
            }
            return;
        }
        self.destroy(target, Some(a_piece.controller), events);
    }
}
