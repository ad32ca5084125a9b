//! Playing cards from the hand onto the card game's field. One Normal Summon per turn, of a
//! Main Deck monster of any level, without tributes, face-up in ATK or DEF Position, into a
//! free Frontrow zone; monsters are never Set (Hiding needs an effect, and none exists in
//! FairDuel yet). Spells and traps are Set face-down in a free Backrow zone; what they are
//! is claimed, and checked when they are revealed or by the audit. A spell may instead be
//! activated from the hand into a free Backrow zone (`activation.rs`).

use crate::action::{Action, PlayMode};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::MainType;
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::{Place, Zone};
use crate::seat::Seat;
use crate::state::{PendingClaim, Phase, Predicate};

impl Duel {
    /// Plays `action`, an `Action::Play`.
    pub(super) fn field_play(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Action::Play {
            hand_index,
            to,
            mode,
            reveal,
            ..
        } = action
        else {
            return Err(self.wrong_decision(seat, action.kind()));
        };
        let (hand_index, to, mode, reveal) = (*hand_index, *to, *mode, reveal.as_ref());
        let phase = self.expect_turn_decision(seat, "play")?;
        if !matches!(phase, Phase::Main | Phase::SecondMain) {
            return Err(RuleError::WrongPhase {
                action: "play",
                phase: phase.label(),
            });
        }
        let slot = *self
            .state
            .player(seat)
            .hand
            .get(usize::from(hand_index))
            .ok_or(RuleError::NoSuchHandCard { index: hand_index })?;
        let Place::Zone { side, zone, .. } = to else {
            return Err(RuleError::OffBoard { at: to });
        };
        if self.field().index(to).is_none() {
            return Err(RuleError::OffBoard { at: to });
        }
        if side != self.side_of(seat) {
            return Err(RuleError::OutsideSummonArea { at: to });
        }
        if self.zone_piece(to).is_some() {
            return Err(RuleError::Occupied { at: to });
        }
        let turn = self.state.turn;
        let commitment = self.state.commitment(slot.card_ref);
        let piece = match mode {
            PlayMode::Summon | PlayMode::SummonDefence => {
                let reveal = reveal.ok_or(RuleError::MissingReveal {
                    why: "a summoned monster is shown face-up",
                })?;
                let card = self.check_reveal(seat, &commitment, reveal)?;
                let summonable = card.kingdom().is_some_and(|k| k.is_main_deck_monster());
                if !summonable {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a Main Deck monster is Normal Summoned",
                    });
                }
                if zone != Zone::Frontrow {
                    return Err(RuleError::WrongPlayMode {
                        why: "a monster is summoned into a Frontrow zone",
                    });
                }
                let limit = self.rules.format.field.normal_summons;
                if self.state.player(seat).monsters_played >= limit {
                    return Err(RuleError::MonsterPlayLimit { limit });
                }
                Piece {
                    card: Some(reveal.card),
                    face_up: true,
                    defence: mode == PlayMode::SummonDefence,
                    ..Piece::entering(seat, slot.card_ref, Class::Monster, turn)
                }
            }
            PlayMode::SetSpellTrap => {
                if zone != Zone::Backrow {
                    return Err(RuleError::WrongPlayMode {
                        why: "spells and traps are Set in a Backrow zone",
                    });
                }
                // The card is checked now where the applier can see it (the player's own
                // software, the audit replaying with the player's secrets), and the claim
                // is recorded either way, so that every peer's state stays the same.
                let known = match reveal {
                    Some(reveal) => Some(self.check_reveal(seat, &commitment, reveal)?),
                    None => knowledge
                        .and_then(|k| k.card(&commitment))
                        .and_then(|id| self.rules.pool.get(id)),
                };
                let spell_or_trap = |card: &crate::card::CardDef| {
                    card.kingdom()
                        .is_some_and(|k| k.is(MainType::Spell) || k.is(MainType::Trap))
                };
                if known.is_some_and(|card| !spell_or_trap(card)) {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a spell or a trap is Set in the Backrow",
                    });
                }
                if reveal.is_none() {
                    self.state.claims.push(PendingClaim {
                        card_ref: slot.card_ref,
                        owner: seat,
                        predicate: Predicate::SpellOrTrap,
                        turn,
                    });
                }
                Piece::entering(seat, slot.card_ref, Class::SpellTrap, turn)
            }
            PlayMode::ActivateSpell => {
                if zone != Zone::Backrow {
                    return Err(RuleError::WrongPlayMode {
                        why: "a spell is activated from the hand into a Backrow zone",
                    });
                }
                let reveal = reveal.ok_or(RuleError::MissingReveal {
                    why: "an activated spell is shown face-up",
                })?;
                let card = self.check_reveal(seat, &commitment, reveal)?;
                if !card.kingdom().is_some_and(|k| k.is(MainType::Spell)) {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a spell is activated from the hand",
                    });
                }
                Piece {
                    card: Some(reveal.card),
                    face_up: true,
                    ..Piece::entering(seat, slot.card_ref, Class::SpellTrap, turn)
                }
            }
            PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence | PlayMode::Equip => {
                return Err(RuleError::WrongPlayMode {
                    why: "monsters are summoned face-up and spells and traps Set; \
                          effects that allow more are not built yet",
                });
            }
        };
        let card = piece.card;
        let is_monster = piece.class == Class::Monster;
        self.state
            .player_mut(seat)
            .hand
            .remove(usize::from(hand_index));
        self.put_in_zone(to, piece);
        let player = self.state.player_mut(seat);
        player.cards_played = player.cards_played.saturating_add(1);
        if is_monster {
            player.monsters_played = player.monsters_played.saturating_add(1);
            player.fielded_monster = true;
        }
        events.push(Event::Played { seat, at: to, card });
        if let (PlayMode::ActivateSpell, Some(reveal)) = (mode, reveal) {
            self.activate_from_hand(seat, to, reveal, events)?;
        }
        Ok(())
    }
}
