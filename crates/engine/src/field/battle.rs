//! Battle on the card game's field. A monster in ATK Position attacks an opponent's
//! monster: in Kingdom Duels one attack declaration per Battle Phase and never a player
//! directly; in the card game (Domain Format) every monster once, and a player who
//! controls no monster may be attacked directly (`field.direct_attacks`), taking the
//! attacker's ATK. Against a monster in ATK Position the lower ATK is destroyed and its
//! controller takes the difference as Battle Damage (equal ATK destroys both, unless both
//! are 0); against DEF Position the defender is destroyed when the ATK is higher, with no
//! damage (piercing needs a keyword), and the attacker's controller takes the difference
//! when the DEF is higher. A face-down defender is flipped face-up (its owner opens it)
//! before damage is calculated; in Kingdom Duels so is a Hidden attacker, and a monster
//! that was Hidden in ATK Position may hide again afterwards (`hidden_monsters.rs`).

use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::Class;
use crate::place::Place;
use crate::player::CardSlot;
use crate::seat::Seat;
use crate::state::Phase;

impl Duel {
    /// Why `seat`'s monster at `from` may not attack `target` now, if it may not.
    pub(super) fn attack_refused(
        &self,
        seat: Seat,
        from: Place,
        target: Place,
    ) -> Option<RuleError> {
        if self.state.phase != Phase::Battle {
            return Some(RuleError::WrongPhase {
                action: "attack",
                phase: self.state.phase.label(),
            });
        }
        if let Some(limit) = self.rules.format.field.attacks_per_battle
            && self.state.player(seat).attacks_declared >= limit
        {
            return Some(RuleError::CannotAttack {
                at: from,
                why: "only one monster may declare an attack in each Battle Phase",
            });
        }
        let attacker = match self.own_zone_piece(seat, from) {
            Ok(piece) => piece,
            Err(e) => return Some(e),
        };
        let why = if attacker.class != Class::Monster {
            Some("only monsters attack")
        } else if attacker.defence {
            Some("only a monster in ATK Position attacks")
        } else if !attacker.face_up && !self.rules.format.field.hidden_attack_position {
            Some("only a face-up monster in ATK Position attacks")
        } else if attacker.attacked {
            return Some(RuleError::AlreadyAttacked { at: from });
        } else if self.fusion_material_may_not_attack_yet(attacker) {
            Some(
                "a Fusion Material that enters the field while its Fusion Monster is there \
                 cannot attack in the turn it was summoned",
            )
        } else {
            None
        };
        if let Some(why) = why {
            return Some(RuleError::CannotAttack { at: from, why });
        }
        self.attack_target_refused(seat, from, target)
    }

    /// Why `seat`'s monster at `from` may not take `target` as its attack target, if it may
    /// not (a declaration, or the choice again of a replay).
    pub(super) fn attack_target_refused(
        &self,
        seat: Seat,
        from: Place,
        target: Place,
    ) -> Option<RuleError> {
        let bad_target = |why| Some(RuleError::BadAttackTarget { from, target, why });
        if let Some(player) = target.as_player() {
            let why = if !self.rules.format.field.direct_attacks {
                Some("no attack reaches a player directly in this format")
            } else if !self.state.table.are_opponents(seat, player)
                || !self.state.table.in_play(player)
            {
                Some("only an opponent still in the duel is attacked")
            } else if self.monsters_of(player).next().is_some() {
                Some("a player who controls a monster is not attacked directly")
            } else {
                None
            };
            return why.and_then(bad_target);
        }
        if self.field().index(target).is_none() {
            return Some(RuleError::OffBoard { at: target });
        }
        let Some(defender) = self.zone_piece(target) else {
            return bad_target(
                "there is no monster there, and no attack reaches a player directly",
            );
        };
        if defender.class != Class::Monster {
            return bad_target("only monsters are attacked");
        }
        if !self.state.table.are_opponents(seat, defender.controller) {
            return bad_target("it is not an opponent's monster");
        }
        None
    }

    pub(super) fn field_attack(
        &mut self,
        seat: Seat,
        from: Place,
        target: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_turn_decision(seat, "attack")?;
        if let Some(refused) = self.attack_refused(seat, from, target) {
            return Err(refused);
        }
        events.push(Event::AttackDeclared { from, target });
        self.state.player_mut(seat).attacks_declared += 1;
        if let Some(attacker) = self.zone_piece_mut(from) {
            attacker.attacked = true;
        }
        if !self.open_attack_windows(from, target) {
            self.resolve_attack(from, target, events);
        }
        Ok(())
    }

    /// After the response windows: face-down monsters in the battle (a face-down defender, a
    /// Hidden attacker) are opened by their owners first (the fight waits for them), then
    /// the fight happens.
    pub(super) fn resolve_attack(&mut self, from: Place, target: Place, events: &mut Vec<Event>) {
        if self.battle_waits_for_openings(&[from, target]) {
            self.state.resume = crate::state::Resume::AttackAfterReveal {
                attacker: from,
                target,
            };
            return;
        }
        self.fight_after_reveal(from, target, events);
    }

    /// The opened face-down monsters turn face-up in their positions, the fight happens, and
    /// those that were Hidden in ATK Position may hide again.
    pub(super) fn fight_after_reveal(
        &mut self,
        from: Place,
        target: Place,
        events: &mut Vec<Event>,
    ) {
        let hidden_in_attack = self.turn_face_up_for_battle(&[from, target], events);
        self.fight(from, target, false, events);
        self.offer_to_hide_again(hidden_in_attack);
    }

    /// Damage calculation and its results. A `redirected` attack leaves the attacking
    /// monster and its player unharmed (Battle Royale).
    pub(super) fn fight(
        &mut self,
        from: Place,
        target: Place,
        redirected: bool,
        events: &mut Vec<Event>,
    ) {
        if let Some(player) = target.as_player() {
            self.direct_attack(from, player, events);
            return;
        }
        let (Some(attacker), Some(defender)) = (self.zone_piece(from), self.zone_piece(target))
        else {
            return;
        };
        let (Some((attack, _)), Some((defender_atk, defender_def))) = (
            self.field_stats(from, attacker),
            self.field_stats(target, defender),
        ) else {
            return;
        };
        let (attacking_player, defending_player) = (attacker.controller, defender.controller);
        let defending = defender.defence;
        let defence = if defending {
            defender_def
        } else {
            defender_atk
        };
        events.push(Event::Battle {
            attacker: from,
            target,
            attack,
            defence,
        });
        let difference = (attack - defence).unsigned_abs();
        // A redirected attack's player takes no damage from that battle.
        let attacker_damage = if redirected { 0 } else { difference };
        let mut destroyed: Vec<Place> = Vec::new();
        if defending {
            if attack > defence {
                destroyed.push(target);
                if self.pierces(attacker.card) {
                    self.damage(defending_player, difference, events);
                }
            } else if attack < defence {
                self.damage(attacking_player, attacker_damage, events);
            }
        } else if attack > defence {
            destroyed.push(target);
            self.damage(defending_player, difference, events);
        } else if attack < defence {
            destroyed.push(from);
            self.damage(attacking_player, attacker_damage, events);
        } else if attack > 0 {
            destroyed.push(from);
            destroyed.push(target);
        }
        for place in destroyed {
            if redirected && place == from {
                continue;
            }
            self.destroy_on_field(place, events);
        }
    }

    /// A direct attack: the player takes the attacker's ATK as Battle Damage.
    fn direct_attack(&mut self, from: Place, player: Seat, events: &mut Vec<Event>) {
        let Some(attacker) = self.zone_piece(from) else {
            return;
        };
        let Some((attack, _)) = self.field_stats(from, attacker) else {
            return;
        };
        events.push(Event::Battle {
            attacker: from,
            target: Place::player(player),
            attack,
            defence: 0,
        });
        self.damage(player, attack.unsigned_abs(), events);
    }

    /// Takes the card at `place` out of its zone and files it in its owner's graveyard (a
    /// team's one graveyard where it shares a side), or face-up in their Extra Deck for a
    /// Pendulum Monster (`pendulum.rs`); returns it as it lay.
    pub(super) fn zone_to_graveyard(
        &mut self,
        place: Place,
        events: &mut Vec<Event>,
    ) -> Option<crate::piece::Piece> {
        let piece = self.leave_field(place, events)?;
        if self.removed_if_token(place, piece.card, events) {
            return Some(piece);
        }
        let graveyard = self.side_of(piece.owner);
        let slot = CardSlot {
            card_ref: piece.card_ref,
            card: piece.card,
        };
        if !self.send_to_face_up_extra_deck(piece.owner, slot, place, events) {
            self.state.player_mut(graveyard).graveyard.push(slot);
        }
        Some(piece)
    }

    /// The card at `place` goes to its owner's graveyard (a team's one graveyard where it
    /// shares a side).
    pub(super) fn destroy_on_field(&mut self, place: Place, events: &mut Vec<Event>) {
        let Some(piece) = self.zone_to_graveyard(place, events) else {
            return;
        };
        events.push(Event::Destroyed {
            owner: piece.owner,
            card: piece.card,
            at: place,
        });
    }

    /// Whether `card` inflicts Piercing Damage: Kingdom Duels' battles pierce "only by
    /// keyword", the players' definitions giving a monster `piercing`.
    fn pierces(&self, card: Option<crate::card::CardId>) -> bool {
        card.and_then(|id| self.rules.pool.get(id))
            .and_then(|c| c.kingdom())
            .is_some_and(|k| k.has_keyword(crate::kingdom_card::Keyword::Piercing))
    }
}
