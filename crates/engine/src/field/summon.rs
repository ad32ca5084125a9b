//! Playing cards from the hand onto the card game's field.
//!
//! One Normal Summon (or Set) per turn of a monster a Normal Summon may bring, into a free
//! Frontrow zone. Kingdom Duels: of any level without tributes, face-up in ATK or DEF
//! Position, never Set (Hiding needs an effect). The card game (Domain Format): a monster
//! of Level 5 or more needs tributes of the player's own monsters (`field.tributes`), and
//! a monster may be Set face-down in DEF Position (`field.set_monsters`); what a Set
//! monster's level allows is claimed from its tributes and checked when it is revealed or
//! by the audit. Spells and traps are Set face-down in a free Backrow zone; what they are
//! is claimed too. A spell may instead be activated from the hand into a free Backrow zone
//! (`activation.rs`). Where the field has a Field Zone, a Field Spell goes there instead
//! (`field_zone.rs`), and a Pendulum Monster may be activated as a spell in a Pendulum Zone
//! (`pendulum.rs`).

use crate::action::{Action, PlayMode};
use crate::card::CardDef;
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::{Place, Zone};
use crate::seat::Seat;
use crate::state::{PendingClaim, Phase, Predicate};

/// A monster about to be Normal Summoned or Set: where from and what is known of it.
pub(super) struct NormalSummon<'a> {
    pub card_ref: CardRef,
    /// The card, when the summon shows it (or it is public, as a Deck Master is).
    pub card: Option<&'a CardDef>,
    pub to: Place,
    pub mode: PlayMode,
    pub tributes: &'a [Place],
}

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
            tributes,
            ..
        } = action
        else {
            return Err(self.wrong_decision(seat, action.kind()));
        };
        let (hand_index, to, mode, reveal) = (*hand_index, *to, *mode, reveal.as_ref());
        // A Quick spell from the hand in its player's Battle Phase or answering a chain
        // link (`field.quick_spells_from_hand`); everything else is played in a Main Phase.
        let quick_from_hand =
            mode == PlayMode::ActivateSpell && self.quick_spell_from_hand_timing(seat);
        if !quick_from_hand {
            self.expect_main_phase(seat, "play")?;
        }
        let slot = *self
            .state
            .player(seat)
            .hand
            .get(usize::from(hand_index))
            .ok_or(RuleError::NoSuchHandCard { index: hand_index })?;
        self.check_own_free_zone(seat, to, tributes)?;
        let turn = self.state.turn;
        let commitment = self.state.commitment(slot.card_ref);
        let piece = match mode {
            PlayMode::Summon | PlayMode::SummonDefence | PlayMode::SetMonsterDefence => {
                let card = match reveal {
                    Some(reveal) => Some(self.check_reveal(seat, &commitment, reveal)?),
                    None if mode == PlayMode::SetMonsterDefence => None,
                    None => {
                        return Err(RuleError::MissingReveal {
                            why: "a summoned monster is shown face-up",
                        });
                    }
                };
                // A Set card the applier knows (its owner, or the audit) is checked now.
                let known = card.or_else(|| {
                    knowledge
                        .and_then(|k| k.card(&commitment))
                        .and_then(|id| self.rules.pool.get(id))
                });
                let summon = NormalSummon {
                    card_ref: slot.card_ref,
                    card: known,
                    to,
                    mode,
                    tributes,
                };
                let (piece, claim) = self.normal_summon_piece(seat, &summon, card)?;
                if let Some(predicate) = claim {
                    self.state.claims.push(PendingClaim {
                        card_ref: slot.card_ref,
                        owner: seat,
                        predicate,
                        turn,
                    });
                }
                piece
            }
            PlayMode::SetSpellTrap => {
                if !tributes.is_empty() {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a monster's summon takes tributes",
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
                let predicate = self.spell_trap_zone_claim(to, mode, known)?;
                let spell_or_trap =
                    |card: &CardDef| card.is_field_spell_card() || card.is_field_trap_card();
                if known.is_some_and(|card| !spell_or_trap(card)) {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a spell or a trap is Set in the Backrow",
                    });
                }
                if reveal.is_none() {
                    self.state.claims.push(PendingClaim {
                        card_ref: slot.card_ref,
                        owner: seat,
                        predicate,
                        turn,
                    });
                }
                Piece::entering(seat, slot.card_ref, Class::SpellTrap, turn)
            }
            PlayMode::ActivateSpell => {
                if !tributes.is_empty() {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a monster's summon takes tributes",
                    });
                }
                let reveal = reveal.ok_or(RuleError::MissingReveal {
                    why: "an activated spell is shown face-up",
                })?;
                let card = self.check_reveal(seat, &commitment, reveal)?;
                self.spell_trap_zone_claim(to, mode, Some(card))?;
                // A Pendulum Monster is activated as a spell, in its player's Main Phase
                // (`pendulum.rs`).
                let pendulum = card.is_monster() && card.pendulum_scale().is_some();
                if pendulum {
                    if let Some(refused) = self.pendulum_activation_refused(to, card) {
                        return Err(refused);
                    }
                    self.expect_main_phase(seat, "play")?;
                } else if !card.is_field_spell_card() {
                    return Err(RuleError::WrongPlayMode {
                        why: "only a spell is activated from the hand",
                    });
                }
                if quick_from_hand && !pendulum {
                    if let Some(refused) = self.quick_spell_from_hand_refused(seat, to, card) {
                        return Err(refused);
                    }
                    self.use_response_window();
                }
                Piece {
                    card: Some(reveal.card),
                    face_up: true,
                    ..Piece::entering(seat, slot.card_ref, Class::SpellTrap, turn)
                }
            }
            PlayMode::SetCardAttack | PlayMode::SetCardDefence => {
                return Err(RuleError::WrongPlayMode {
                    why: "on the card game's field a Set card's zone shows whether it is a \
                          monster or a spell/trap: Set it as one",
                });
            }
            PlayMode::SetMonsterAttack | PlayMode::Equip => {
                return Err(RuleError::WrongPlayMode {
                    why: "monsters are summoned, or Set in DEF Position where the format \
                          allows, and spells and traps Set; effects that allow more are \
                          not built yet",
                });
            }
        };
        self.state
            .player_mut(seat)
            .hand
            .remove(usize::from(hand_index));
        let card = piece.card;
        if piece.class == Class::SpellTrap {
            self.clear_field_zone(to, events);
        }
        // The card game's Normal Set is not a summon; Kingdom Duels' Hidden monster played
        // from the hand is ("considered a summon unless otherwise stated").
        let summoned = piece.class == Class::Monster
            && !(mode == PlayMode::SetMonsterDefence && self.rules.format.field.set_monsters);
        self.place_played(seat, to, piece, tributes, events);
        events.push(Event::Played { seat, at: to, card });
        if summoned {
            self.open_summon_windows(seat, to);
        }
        if let (PlayMode::ActivateSpell, Some(reveal)) = (mode, reveal) {
            self.activate_from_hand(seat, to, reveal.card, events)?;
        }
        Ok(())
    }

    /// Refuses a decision to play out of the turn player's Main Phases.
    pub(super) fn expect_main_phase(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(), RuleError> {
        let phase = self.expect_turn_decision(seat, action)?;
        if !matches!(phase, Phase::Main | Phase::SecondMain) {
            return Err(RuleError::WrongPhase {
                action,
                phase: phase.label(),
            });
        }
        Ok(())
    }

    /// `to` must be a zone of `seat`'s own side, free or freed by one of the tributes.
    pub(super) fn check_own_free_zone(
        &self,
        seat: Seat,
        to: Place,
        tributes: &[Place],
    ) -> Result<(), RuleError> {
        let Place::Zone { side, .. } = to else {
            return Err(RuleError::OffBoard { at: to });
        };
        if self.field().index(to).is_none() {
            return Err(RuleError::OffBoard { at: to });
        }
        if side != self.side_of(seat) {
            return Err(RuleError::OutsideSummonArea { at: to });
        }
        // A Field Spell played into an occupied Field Zone replaces the one there.
        if self.zone_piece(to).is_some() && !tributes.contains(&to) && !self.is_field_zone(to) {
            return Err(RuleError::Occupied { at: to });
        }
        Ok(())
    }

    /// The piece a Normal Summon or Set brings, after checking the turn's limit, the zone
    /// and the tributes; and the claim a Set monster's owner makes about it.
    pub(super) fn normal_summon_piece(
        &self,
        seat: Seat,
        summon: &NormalSummon<'_>,
        shown: Option<&CardDef>,
    ) -> Result<(Piece, Option<Predicate>), RuleError> {
        let field = &self.rules.format.field;
        if zone_of(summon.to) != Some(Zone::Frontrow) {
            return Err(RuleError::WrongPlayMode {
                why: "a monster is summoned into a Frontrow zone",
            });
        }
        let set = summon.mode == PlayMode::SetMonsterDefence;
        // Kingdom Duels: "Monsters with the FLIP keyword can be summoned in Hidden DEF
        // position"; no other monster is Set. An unseen one is claimed to be such.
        let flip_summon = set && !field.set_monsters;
        if flip_summon && summon.card.is_some_and(|c| !c.has_flip()) {
            return Err(RuleError::WrongPlayMode {
                why: "monsters are not Set in this format: they are summoned face-up (a \
                      monster with the FLIP keyword may be summoned Hidden in DEF Position)",
            });
        }
        if self.state.player(seat).monsters_played >= field.normal_summons {
            return Err(RuleError::MonsterPlayLimit {
                limit: field.normal_summons,
            });
        }
        self.check_tributes(seat, summon.tributes)?;
        let given = u8::try_from(summon.tributes.len()).unwrap_or(u8::MAX);
        if let Some(card) = summon.card {
            if !card.is_normal_summonable() {
                return Err(RuleError::WrongPlayMode {
                    why: "only a Main Deck monster that is not a Ritual Monster is Normal \
                          Summoned or Set",
                });
            }
            let level = card.level();
            let needed = field.tributes_for(level);
            if needed != given {
                return Err(RuleError::WrongTributes {
                    level,
                    needed,
                    given,
                });
            }
        }
        let claim = match (set, shown) {
            (true, None) if flip_summon => Some(Predicate::FlipMonster),
            (true, None) => {
                let (min, max) = field.levels_for(given).ok_or(RuleError::WrongTributes {
                    level: 0,
                    needed: 0,
                    given,
                })?;
                Some(Predicate::MonsterLevel { min, max })
            }
            _ => None,
        };
        let turn = self.state.turn;
        let piece = Piece {
            card: if set { None } else { summon.card.map(|c| c.id) },
            face_up: !set,
            defence: summon.mode != PlayMode::Summon,
            ..Piece::entering(seat, summon.card_ref, Class::Monster, turn)
        };
        Ok((piece, claim))
    }

    /// Each tribute is a different monster of `seat`'s own side.
    fn check_tributes(&self, seat: Seat, tributes: &[Place]) -> Result<(), RuleError> {
        for (i, at) in tributes.iter().enumerate() {
            let piece = self.own_zone_piece(seat, *at)?;
            if piece.class != Class::Monster {
                return Err(RuleError::BadTribute {
                    at: *at,
                    why: "only your own monsters",
                });
            }
            if tributes[..i].contains(at) {
                return Err(RuleError::BadTribute {
                    at: *at,
                    why: "named twice",
                });
            }
        }
        Ok(())
    }

    /// Sends the tributes to the graveyard, puts the played card in its zone and counts it;
    /// the caller reports where it came from.
    pub(super) fn place_played(
        &mut self,
        seat: Seat,
        to: Place,
        piece: Piece,
        tributes: &[Place],
        events: &mut Vec<Event>,
    ) {
        for at in tributes {
            self.resolved_to_graveyard(*at, events);
        }
        let is_monster = piece.class == Class::Monster;
        self.put_in_zone(to, piece);
        let player = self.state.player_mut(seat);
        player.cards_played = player.cards_played.saturating_add(1);
        if is_monster {
            player.monsters_played = player.monsters_played.saturating_add(1);
            player.fielded_monster = true;
        }
    }
}

fn zone_of(place: Place) -> Option<Zone> {
    match place {
        Place::Zone { zone, .. } => Some(zone),
        Place::Cell(_) => None,
    }
}
