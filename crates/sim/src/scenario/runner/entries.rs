//! Turning a scenario's `[[step]]` tables into the entries a seat writes: the action or
//! answer each `do` names, with the cards, places and openings it refers to.

use super::*;
use fairduel_engine::chance::{Chance, CoinSide};

impl Runner {
    pub(super) fn build_entry(
        &self,
        sc: &Scenario,
        line: usize,
        seat: Seat,
        raw: &RawStep,
    ) -> Result<Entry, SourceError> {
        let place = |field: &Option<String>, name: &str| -> Result<Place, SourceError> {
            match field {
                Some(text) => parse_place(sc, line, text, &self.duel),
                None => Err(sc.err(line, format!("a {} step needs `{name}`", raw.action))),
            }
        };
        let cell = place;
        // The reveal an action carries, adjusted by `reveal` / `reveal_card`.
        let adjust = |reveal: Option<Reveal>| -> Option<Reveal> {
            if raw.reveal == Some(false) {
                return None;
            }
            reveal.map(|r| match raw.reveal_card {
                Some(id) => Reveal {
                    card: CardId(id),
                    salt: r.salt,
                },
                None => r,
            })
        };
        let piece_reveal = |at: Place| -> Option<Reveal> {
            piece_at(&self.duel, at).and_then(|p| {
                self.reveal_of(&self.duel.state().commitment(p.card_ref))
                    .or_else(|| self.duel.known_card_reveal(p))
            })
        };
        // The first card `id` of one of the seat's piles (its deck or its Extra Deck, `name`
        // in errors), shown (adjusted by `reveal_card`).
        let pile_card =
            |pile: &[CardRef], name: &str, id: u16| -> Result<(CardRef, Reveal), SourceError> {
                let (card_ref, reveal) = self.first_of(pile, id).ok_or_else(|| {
                    sc.err(
                        line,
                        format!("seat {} has no card {id} in its {name}", seat.0),
                    )
                })?;
                Ok((card_ref, adjust(Some(reveal)).unwrap_or(reveal)))
            };
        let extra_deck_card =
            |id: u16| pile_card(&self.duel.state().player(seat).extra_deck, "Extra Deck", id);
        let action = match raw.action.as_str() {
            "play" => {
                let hand_index = self.hand_index(sc, line, seat, raw)?;
                let slot = self
                    .duel
                    .hand_slot(seat, hand_index)
                    .copied()
                    .ok_or_else(|| {
                        sc.err(
                            line,
                            format!("seat {} has no hand card {hand_index}", seat.0),
                        )
                    });
                // A missing hand card is the engine's to refuse (no-such-hand-card).
                let reveal = slot
                    .ok()
                    .and_then(|s| self.reveal_of(&self.duel.state().commitment(s.card_ref)));
                let card = reveal.and_then(|r| self.duel.pool().get(r.card));
                let mode = match raw.mode.as_deref().unwrap_or("set") {
                    "summon" => PlayMode::Summon,
                    "summon-defence" | "summon-defense" => PlayMode::SummonDefence,
                    "set-attack" => PlayMode::SetMonsterAttack,
                    "set-defence" | "set-defense" => PlayMode::SetMonsterDefence,
                    "set-spell" | "set-trap" => PlayMode::SetSpellTrap,
                    "set-card" | "set-card-attack" => PlayMode::SetCardAttack,
                    "set-card-defence" | "set-card-defense" => PlayMode::SetCardDefence,
                    "activate" => PlayMode::ActivateSpell,
                    "equip" => PlayMode::Equip,
                    "set" => match card {
                        Some(c) if c.is_monster() => PlayMode::SetMonsterAttack,
                        _ => PlayMode::SetSpellTrap,
                    },
                    other => {
                        return Err(sc.err(
                            line,
                            format!(
                                "unknown play mode \"{other}\" (summon, set, set-attack, \
                                 set-defence, set-spell, set-card, set-card-defence, \
                                 activate, equip)"
                            ),
                        ));
                    }
                };
                let monster_mode = matches!(
                    mode,
                    PlayMode::Summon | PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence
                );
                let cost = raw.cost.unwrap_or(match self.duel.format().play.cost {
                    SummonCost::SummoningPoints { .. } if monster_mode => {
                        card.map_or(0, CardDef::level)
                    }
                    _ => 0,
                });
                let mut tributes = Vec::new();
                for t in &raw.tributes {
                    tributes.push(parse_place(sc, line, t, &self.duel)?);
                }
                Action::Play {
                    hand_index,
                    to: place(&raw.to, "to")?,
                    mode,
                    cost,
                    tributes,
                    reveal: if mode.reveals()
                        || raw.reveal_card.is_some()
                        || raw.reveal == Some(true)
                    {
                        adjust(reveal)
                    } else {
                        None
                    },
                }
            }
            "move" => {
                let from = cell(&raw.from, "from")?;
                let flip = if raw.flip.unwrap_or(false) {
                    adjust(piece_reveal(from))
                } else {
                    None
                };
                Action::Move {
                    from,
                    to: place(&raw.to, "to")?,
                    flip,
                }
            }
            "attack" => {
                let from = cell(&raw.from, "from")?;
                let target = match (&raw.to, &raw.at) {
                    (Some(_), _) => cell(&raw.to, "to")?,
                    (None, _) => cell(&raw.at, "to")?,
                };
                let face_down = piece_at(&self.duel, from).is_some_and(|p| !p.face_up);
                let flip = if raw.flip.unwrap_or(face_down) {
                    adjust(piece_reveal(from))
                } else {
                    None
                };
                Action::Attack { from, target, flip }
            }
            "summon-deck-master" => {
                let mode = match raw.mode.as_deref().unwrap_or("summon") {
                    "summon" => PlayMode::Summon,
                    "summon-defence" | "summon-defense" => PlayMode::SummonDefence,
                    "set-defence" | "set-defense" | "set" => PlayMode::SetMonsterDefence,
                    "activate" => PlayMode::ActivateSpell,
                    other => {
                        return Err(sc.err(
                            line,
                            format!(
                                "unknown Deck Master summon mode \"{other}\" (summon, \
                                 summon-defence, set-defence, activate)"
                            ),
                        ));
                    }
                };
                let mut tributes = Vec::new();
                for t in &raw.tributes {
                    tributes.push(parse_place(sc, line, t, &self.duel)?);
                }
                Action::SummonDeckMaster {
                    to: place(&raw.to, "to")?,
                    mode,
                    tributes,
                }
            }
            // Shown from the deck or the hand, by the seat's own knowledge, when it is out of
            // sight there; `card = N` shows the first card N of the deck or hand instead.
            "return-deck-master" => match raw.card {
                Some(id) => {
                    let player = self.duel.state().player(seat);
                    let shown = player
                        .deck
                        .iter()
                        .chain(player.hand.iter().map(|s| &s.card_ref))
                        .find_map(|r| {
                            let reveal = self.reveal_of(&self.duel.state().commitment(*r))?;
                            (reveal.card == CardId(id)).then_some((*r, reveal))
                        })
                        .ok_or_else(|| {
                            sc.err(line, format!("no card {id} in seat {seat}'s deck or hand"))
                        })?;
                    Action::ReturnDeckMaster {
                        back: true,
                        shown: Some(shown),
                    }
                }
                None => self
                    .duel
                    .legal_actions(seat, &self.knowledge)
                    .into_iter()
                    .find(|a| matches!(a, Action::ReturnDeckMaster { back: true, .. }))
                    .unwrap_or(Action::ReturnDeckMaster {
                        back: true,
                        shown: None,
                    }),
            },
            "keep-deck-master" => Action::ReturnDeckMaster {
                back: false,
                shown: None,
            },
            "destiny-draw" => Action::ChooseDraw { destiny: true },
            "regular-draw" => Action::ChooseDraw { destiny: false },
            "flip" => {
                let at = cell(&raw.at, "at")?;
                let reveal = adjust(piece_reveal(at))
                    .ok_or_else(|| sc.err(line, format!("no card to reveal at {at}")))?;
                Action::Flip { at, reveal }
            }
            "flip-face-up" => {
                let at = cell(&raw.at, "at")?;
                let reveal = adjust(piece_reveal(at))
                    .ok_or_else(|| sc.err(line, format!("no card to reveal at {at}")))?;
                let defence = match raw.mode.as_deref() {
                    None | Some("attack") => false,
                    Some("defence" | "defense") => true,
                    Some(other) => {
                        return Err(sc.err(
                            line,
                            format!(
                                "mode \"{other}\": a flip-face-up step takes attack or defence"
                            ),
                        ));
                    }
                };
                Action::FlipFaceUp {
                    at,
                    reveal,
                    defence,
                }
            }
            "spring-trap" => {
                let at = cell(&raw.at, "at")?;
                let reveal = adjust(piece_reveal(at))
                    .ok_or_else(|| sc.err(line, format!("no card to reveal at {at}")))?;
                Action::SpringTrap { at, reveal }
            }
            "activate" => {
                let at = place(&raw.at, "at")?;
                let reveal = adjust(piece_reveal(at))
                    .ok_or_else(|| sc.err(line, format!("no card to reveal at {at}")))?;
                Action::Activate { at, reveal }
            }
            "propose-outcome" => Action::ProposeOutcome {
                operations: super::operations::parse_operations(
                    sc,
                    line,
                    raw.operations.as_deref().unwrap_or_default(),
                    &self.duel,
                    &|id| {
                        self.first_of(&self.duel.state().player(seat).extra_deck, id)
                            .or_else(|| {
                                // Domain Format: the Deck Master in its zone, summoned by its
                                // own mechanic.
                                let master = self
                                    .duel
                                    .state()
                                    .player(seat)
                                    .deck_master
                                    .as_ref()
                                    .filter(|m| m.in_zone && m.card == CardId(id))?;
                                let commitment = self.duel.state().commitment(master.card_ref);
                                Some((master.card_ref, self.reveal_of(&commitment)?))
                            })
                    },
                )?,
            },
            "activate-effect" => Action::ActivateEffect {
                at: place(&raw.at, "at")?,
            },
            "take-from-deck" => {
                // `card = N`: the first card N of the seat's deck; without it, nothing.
                let taken = raw
                    .card
                    .map(|id| pile_card(&self.duel.state().player(seat).deck, "deck", id))
                    .transpose()?;
                Action::TakeFromDeck { taken }
            }
            "swap-starting-cards" => {
                // `give`: hand indexes; `take`: card numbers of the seat's deck (a number
                // twice takes two copies, for the engine to refuse).
                let player = self.duel.state().player(seat);
                let mut give = Vec::new();
                for index in &raw.give {
                    let slot = self.duel.hand_slot(seat, *index).ok_or_else(|| {
                        sc.err(line, format!("seat {} has no hand card {index}", seat.0))
                    })?;
                    give.push(slot.card_ref);
                }
                let mut take: Vec<(CardRef, Reveal)> = Vec::new();
                for id in &raw.take {
                    let left: Vec<CardRef> = player
                        .deck
                        .iter()
                        .filter(|r| !take.iter().any(|(t, _)| t == *r))
                        .copied()
                        .collect();
                    take.push(pile_card(&left, "deck", *id)?);
                }
                Action::SwapStartingCards { give, take }
            }
            "play-symbol" => {
                // `card = N`: the Symbol card N of the seat's Extra Deck.
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "a play-symbol step needs card = N"))?;
                let (card_ref, reveal) = extra_deck_card(id)?;
                Action::PlaySymbol { card_ref, reveal }
            }
            "activate-rule-card" => {
                // `card = N`: the Normal Rule card N of the seat's Extra Deck.
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "an activate-rule-card step needs card = N"))?;
                let (card_ref, reveal) = extra_deck_card(id)?;
                Action::ActivateRuleCard { card_ref, reveal }
            }
            "detach" => Action::Detach {
                at: cell(&raw.at, "at")?,
                // `index = K`: the Kth card beneath, from 1.
                index: raw
                    .index
                    .and_then(|k| k.checked_sub(1))
                    .ok_or_else(|| sc.err(line, "a detach step needs index = K (from 1)"))?,
            },
            "strike" => Action::Strike {
                from: cell(&raw.from, "from")?,
                target: cell(&raw.to, "to")?,
            },
            "integration-summon" => {
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "an integration-summon step needs card = N"))?;
                let (card_ref, reveal) = extra_deck_card(id)?;
                Action::IntegrationSummon { card_ref, reveal }
            }
            "hidden-integration-summon" => {
                // `card = N` from the seat's Extra Deck; `to`; `mode` "defence" (the
                // default) or "attack"; `materials`: "handK" for the seat's hand card K
                // (0-based), or a place.
                let id = raw.card.ok_or_else(|| {
                    sc.err(line, "a hidden-integration-summon step needs card = N")
                })?;
                let (card_ref, _) = extra_deck_card(id)?;
                let defence = match raw.mode.as_deref() {
                    None | Some("defence" | "defense") => true,
                    Some("attack") => false,
                    Some(other) => {
                        return Err(sc.err(
                            line,
                            format!(
                                "mode \"{other}\": a hidden-integration-summon step takes \
                                 defence or attack"
                            ),
                        ));
                    }
                };
                let mut materials = Vec::new();
                for text in &raw.materials {
                    let hand = text.trim().strip_prefix("hand").map(str::parse::<u8>);
                    materials.push(match hand {
                        Some(Ok(slot)) => Place::Zone {
                            side: seat,
                            zone: fairduel_engine::Zone::Hand,
                            slot,
                        },
                        Some(Err(_)) => {
                            return Err(sc.err(
                                line,
                                format!("material \"{text}\": write handK (K from 0) or a place"),
                            ));
                        }
                        None => parse_place(sc, line, text, &self.duel)?,
                    });
                }
                Action::HiddenIntegrationSummon {
                    card_ref,
                    to: place(&raw.to, "to")?,
                    defence,
                    materials,
                }
            }
            "judge-materials" => Action::JudgeMaterials {
                proper: raw.proper.unwrap_or(true),
            },
            "pendulum-summon" => {
                let mut monsters = Vec::new();
                for text in &raw.summons {
                    monsters.push(self.pendulum_summoned(sc, line, seat, text)?);
                }
                Action::PendulumSummon { monsters }
            }
            "summon-from-extra-deck" => {
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "a summon-from-extra-deck step needs card = N"))?;
                // Not in the Extra Deck: the Deck Master waiting in its zone, if it is that card
                // (Domain Format: its own summon mechanic takes it out).
                let deck_master = self
                    .duel
                    .state()
                    .player(seat)
                    .deck_master
                    .as_ref()
                    .filter(|m| m.in_zone && m.card == CardId(id))
                    .and_then(|m| {
                        let reveal = self.reveal_of(&self.duel.state().commitment(m.card_ref))?;
                        Some((m.card_ref, adjust(Some(reveal)).unwrap_or(reveal)))
                    });
                let (card_ref, reveal) = match (extra_deck_card(id), deck_master) {
                    (Ok(found), _) => found,
                    (Err(_), Some(found)) => found,
                    (Err(e), None) => return Err(e),
                };
                Action::SummonFromExtraDeck { card_ref, reveal }
            }
            "use-symbol" => Action::UseSymbol {
                charges: raw
                    .charges
                    .ok_or_else(|| sc.err(line, "a use-symbol step needs charges = N"))?,
            },
            "ritual" => {
                // `card = N`: summon N from the seat's Extra Deck for `tributes`; without
                // it, the Ritual spell resolves with no effect.
                let monster = raw.card.map(extra_deck_card).transpose()?;
                let mut tributes = Vec::new();
                for t in &raw.tributes {
                    tributes.push(place(&Some(t.clone()), "tributes")?);
                }
                Action::Ritual { tributes, monster }
            }
            "fuse" => {
                // `card = N`: the Fusion Monster from the seat's Extra Deck; `materials`:
                // "handK" or a place each; `to`: where it enters.
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "a fuse step needs card = N"))?;
                let monster = extra_deck_card(id)?;
                let mut materials = Vec::new();
                for text in &raw.materials {
                    let hand = text
                        .trim()
                        .strip_prefix("hand")
                        .map(|k| k.trim().parse::<u8>());
                    materials.push(match hand {
                        Some(Ok(hand_index)) => {
                            let slot = self.duel.hand_slot(seat, hand_index).ok_or_else(|| {
                                sc.err(
                                    line,
                                    format!("seat {} has no hand card {hand_index}", seat.0),
                                )
                            })?;
                            let reveal = self
                                .reveal_of(&self.duel.state().commitment(slot.card_ref))
                                .ok_or_else(|| {
                                    sc.err(line, format!("hand card {hand_index} is not known"))
                                })?;
                            FusionMaterial::Hand { hand_index, reveal }
                        }
                        Some(Err(_)) => {
                            return Err(sc.err(
                                line,
                                format!("material \"{text}\": write handK (K from 0) or a place"),
                            ));
                        }
                        None => FusionMaterial::Field {
                            at: parse_place(sc, line, text, &self.duel)?,
                        },
                    });
                }
                Action::Fuse {
                    materials,
                    monster,
                    to: place(&raw.to, "to")?,
                }
            }
            "transform" => {
                // `at`: the monster; `card = N`: what it becomes, from the Extra Deck.
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "a transform step needs card = N"))?;
                Action::Transform {
                    at: place(&raw.at, "at")?,
                    monster: extra_deck_card(id)?,
                }
            }
            "revive" => {
                // `card = N`: the first card N in a graveyard (`from = "seat N"`: in that
                // seat's), oldest first, seat by seat.
                let id = raw
                    .card
                    .ok_or_else(|| sc.err(line, "a revive step needs card = N"))?;
                let from = match raw.from.as_deref() {
                    None => None,
                    Some(text) => Some(
                        text.trim_start_matches("seat")
                            .trim()
                            .parse::<u8>()
                            .map(Seat)
                            .map_err(|_| {
                                sc.err(line, format!("from = \"{text}\": write \"seat N\""))
                            })?,
                    ),
                };
                let state = self.duel.state();
                let card_ref = state
                    .table
                    .seats()
                    .filter(|s| from.is_none_or(|f| f == *s))
                    .find_map(|s| {
                        state
                            .player(s)
                            .graveyard
                            .iter()
                            .find(|slot| slot.card == Some(CardId(id)))
                            .map(|slot| slot.card_ref)
                    })
                    .ok_or_else(|| sc.err(line, format!("no card {id} in a graveyard")))?;
                Action::Revive { card: card_ref }
            }
            "take-control" => {
                // `at`: the card taken; `to`: where it goes (default: where it is).
                let target = place(&raw.at, "at")?;
                let to = match raw.to {
                    Some(_) => place(&raw.to, "to")?,
                    None => target,
                };
                Action::TakeControl { target, to }
            }
            "place-returned" => Action::PlaceReturned {
                to: place(&raw.to, "to")?,
            },
            "place-revived" => Action::PlaceRevived {
                to: place(&raw.to, "to")?,
            },
            "place-made" => Action::PlaceMade {
                to: place(&raw.to, "to")?,
            },
            "teleport" => Action::Teleport {
                target: place(&raw.at, "at")?,
                to: place(&raw.to, "to")?,
            },
            "call-chance" => Action::CallChance {
                chance: match raw.chance.as_deref() {
                    Some("coin") => Chance::Coin {
                        call: match raw.call.as_deref() {
                            None | Some("heads") => CoinSide::Heads,
                            Some("tails") => CoinSide::Tails,
                            Some(other) => {
                                return Err(sc.err(
                                    line,
                                    format!("call = \"{other}\": write heads or tails"),
                                ));
                            }
                        },
                    },
                    Some("die") => Chance::Die,
                    _ => {
                        return Err(sc.err(
                            line,
                            "a call-chance step needs chance = \"coin\" or \"die\"",
                        ));
                    }
                },
            },
            "accept-outcome" => Action::AcceptOutcome,
            "refuse-outcome" => Action::RefuseOutcome,
            "change-position" => Action::ChangePosition {
                at: place(&raw.at, "at")?,
            },
            "hide" => Action::Hide {
                at: place(&raw.at, "at")?,
            },
            "end-turn" => Action::EndTurn,
            "next-phase" => Action::NextPhase,
            "redirect" => Action::Redirect {
                to: place(&raw.to, "to")?,
            },
            "pass" => Action::Pass,
            "leave-triggered" => Action::LeaveTriggered,
            "join-duel" => Action::JoinDuel {
                join: raw.join.unwrap_or(true),
            },
            "choose-side" => Action::ChooseSide {
                side: raw.side.ok_or_else(|| {
                    sc.err(line, "a choose-side step needs `side`: \"blue\" or \"red\"")
                })?,
            },
            "propose-end" => Action::ProposeEnd,
            "agree-to-end" => Action::AgreeToEnd,
            "concede" => Action::Concede,
            "choose-opponent" => {
                let opponent = match &raw.opponent {
                    Some(s) if *s < self.players => Seat(*s),
                    Some(_) => return Err(sc.err(line, seat_range(self.players, "opponent"))),
                    None => {
                        return Err(sc.err(line, "a choose-opponent step needs `opponent`"));
                    }
                };
                Action::ChooseOpponent { opponent }
            }
            "reveal" => {
                let commitments = match self.duel.awaiting().asked() {
                    Some((_, Asked::Reveal { commitments })) => commitments.clone(),
                    _ => Vec::new(),
                };
                let reveals = commitments
                    .iter()
                    .filter_map(|c| adjust(self.reveal_of(c)))
                    .collect();
                return Ok(Entry::Answer(Answer::Reveal { reveals }));
            }
            "declare" => {
                let matching = match &raw.matching {
                    Some(cells) => {
                        let mut out = Vec::new();
                        for c in cells {
                            let at = parse_place(sc, line, c, &self.duel)?;
                            let reveal = adjust(piece_reveal(at)).ok_or_else(|| {
                                sc.err(line, format!("no card to declare at {at}"))
                            })?;
                            out.push((at, reveal));
                        }
                        out
                    }
                    // The truthful declaration.
                    None => match self.duel.honest_answer(seat, &self.knowledge) {
                        Some(Answer::Declare { matching }) => matching,
                        _ => Vec::new(),
                    },
                };
                return Ok(Entry::Answer(Answer::Declare { matching }));
            }
            "declare-class" => {
                let monsters = match &raw.matching {
                    Some(cells) => cells
                        .iter()
                        .map(|c| parse_place(sc, line, c, &self.duel))
                        .collect::<Result<Vec<_>, _>>()?,
                    // The truthful declaration.
                    None => match self.duel.honest_answer(seat, &self.knowledge) {
                        Some(Answer::DeclareClass { monsters }) => monsters,
                        _ => Vec::new(),
                    },
                };
                return Ok(Entry::Answer(Answer::DeclareClass { monsters }));
            }
            "discard" => {
                let hand_index = self.hand_index(sc, line, seat, raw)?;
                let reveal = self
                    .duel
                    .hand_slot(seat, hand_index)
                    .and_then(|s| self.reveal_of(&self.duel.state().commitment(s.card_ref)))
                    .and_then(|r| adjust(Some(r)))
                    .ok_or_else(|| {
                        sc.err(
                            line,
                            format!("seat {} has no hand card {hand_index}", seat.0),
                        )
                    })?;
                Action::Discard { hand_index, reveal }
            }
            other => {
                return Err(sc.err(
                    line,
                    format!(
                        "unknown action \"{other}\" (play, move, attack, flip, change-position, \
                         next-phase, redirect, end-turn, pass, spring-trap, reveal, declare, discard, \
                         choose-opponent, concede, activate, propose-outcome, accept-outcome, hide, \
                         refuse-outcome, take-from-deck, activate-effect)"
                    ),
                ));
            }
        };
        Ok(Entry::Action(action))
    }

    /// `hand = i`, or `card = N` for the first hand card that is N.
    fn hand_index(
        &self,
        sc: &Scenario,
        line: usize,
        seat: Seat,
        raw: &RawStep,
    ) -> Result<u8, SourceError> {
        match (raw.hand, raw.card) {
            (Some(i), _) => Ok(i),
            (None, Some(id)) => self
                .duel
                .state()
                .player(seat)
                .hand
                .iter()
                .position(|s| {
                    self.knowledge
                        .card(&self.duel.state().commitment(s.card_ref))
                        == Some(CardId(id))
                })
                .map(|i| i as u8)
                .ok_or_else(|| {
                    sc.err(
                        line,
                        format!("seat {} holds no card {id} at this step", seat.0),
                    )
                }),
            (None, None) => Err(sc.err(
                line,
                format!("a {} step needs `hand` (index) or `card`", raw.action),
            )),
        }
    }

    /// One monster of a `pendulum-summon` step: "SOURCE PLACE" or "SOURCE PLACE def".
    fn pendulum_summoned(
        &self,
        sc: &Scenario,
        line: usize,
        seat: Seat,
        text: &str,
    ) -> Result<PendulumSummoned, SourceError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (source, to, defence) = match words.as_slice() {
            [source, to] => (*source, *to, false),
            [source, to, "def"] => (*source, *to, true),
            _ => {
                return Err(sc.err(
                    line,
                    format!(
                        "summon \"{text}\": write \"SOURCE PLACE\" or \"SOURCE PLACE def\" \
                         (SOURCE: handK, extra-up:N or deck-master)"
                    ),
                ));
            }
        };
        let state = self.duel.state();
        let from = if source == "deck-master" {
            PendulumSource::DeckMaster
        } else if let Some(k) = source.strip_prefix("hand") {
            let hand_index: u8 = k
                .parse()
                .map_err(|_| sc.err(line, format!("\"{source}\": write handK, K from 0")))?;
            let slot = self.duel.hand_slot(seat, hand_index).ok_or_else(|| {
                sc.err(
                    line,
                    format!("seat {} has no hand card {hand_index}", seat.0),
                )
            })?;
            let reveal = self
                .reveal_of(&state.commitment(slot.card_ref))
                .ok_or_else(|| sc.err(line, format!("hand card {hand_index} is not known")))?;
            PendulumSource::Hand { hand_index, reveal }
        } else if let Some(n) = source.strip_prefix("extra-up:") {
            let id: u16 = n
                .parse()
                .map_err(|_| sc.err(line, format!("\"{source}\": write extra-up:N")))?;
            let slot = state
                .player(seat)
                .face_up_extra_deck
                .iter()
                .find(|s| s.card == Some(CardId(id)))
                .ok_or_else(|| {
                    sc.err(
                        line,
                        format!("seat {} has no card {id} face-up in its Extra Deck", seat.0),
                    )
                })?;
            PendulumSource::FaceUpExtraDeck {
                card_ref: slot.card_ref,
            }
        } else {
            return Err(sc.err(
                line,
                format!("\"{source}\": write handK, extra-up:N or deck-master"),
            ));
        };
        Ok(PendulumSummoned {
            from,
            to: parse_place(sc, line, to, &self.duel)?,
            defence,
        })
    }
}
