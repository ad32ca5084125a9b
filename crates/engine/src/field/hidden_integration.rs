//! Kingdom Duels' Hidden Integration Summon: "If you want to summon in Hidden ATK or Hidden
//! DEF Position an Integration Summon you are not forced to reveal the eroded material card
//! right away, but when you erode it you must set it clearly apart from other cards, and
//! once your monster is revealed or the duel ends you must reveal that the eroded card was
//! the proper material, otherwise you lose the duel instead."
//!
//! Its player summons it in their Main Phase (having played a Duelist Setup), unseen: the
//! Integration Monster comes face-down out of the Extra Deck onto a free Frontrow zone, and
//! the materials named (cards of their hand, monsters they control) are eroded and set
//! apart, a hand card unseen. Everyone knows an Integration Summon happened and how many
//! materials went; what the monster is stays a claim, checked when it is revealed and by
//! the audit. Once the monster is revealed (in battle, flipped, by an effect) or leaves the
//! field, the materials are opened, and which materials the card lists being its text, the
//! summoner's opponents judge them one by one, in turn order: one who finds them improper
//! makes the summoner lose the duel. A duel that ends first leaves the judgement to the
//! record: the audit opens the monster and the materials and checks what was claimed of
//! them (an Integration Monster; monsters).

use crate::action::Action;
use crate::awaiting::{Awaiting, Decision};
use crate::commitment::{CardRef, Commitment};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::{Place, Zone};
use crate::player::CardSlot;
use crate::seat::{Seat, SeatSet};
use crate::state::{PendingClaim, Predicate, SetApart, WinReason};

fn refused(why: &'static str) -> RuleError {
    RuleError::CannotIntegrationSummon { why }
}

/// A Hidden Integration Summon as its action names it.
pub(super) struct HiddenIntegration<'a> {
    pub card_ref: CardRef,
    pub to: Place,
    pub defence: bool,
    pub materials: &'a [Place],
}

impl Duel {
    /// `seat` Integration Summons `summon.card_ref` unseen (see the module's notes).
    pub(super) fn hidden_integration_summon(
        &mut self,
        seat: Seat,
        summon: &HiddenIntegration<'_>,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.integration_summon_refused(seat) {
            return Err(refused);
        }
        if !self
            .state
            .player(seat)
            .extra_deck
            .contains(&summon.card_ref)
        {
            return Err(refused("that card is not in your Extra Deck"));
        }
        if !matches!(
            summon.to,
            Place::Zone {
                zone: Zone::Frontrow,
                ..
            }
        ) {
            return Err(refused(
                "a Hidden Integration Summon puts the monster into a Frontrow zone of yours",
            ));
        }
        // A material on the field leaves before the monster comes: its zone may take it.
        self.check_own_free_zone(seat, summon.to, summon.materials)?;
        self.check_hidden_materials(seat, summon.materials)?;
        if let Some(knowledge) = knowledge {
            self.check_own_claims(seat, summon, knowledge)?;
        }

        let turn = self.state.turn;
        let mut claims = vec![PendingClaim {
            card_ref: summon.card_ref,
            owner: seat,
            predicate: Predicate::IntegrationMonster,
            turn,
        }];
        let mut set_apart = Vec::new();
        for (owner, slot) in self.erode_materials(seat, summon.materials, events) {
            if slot.card.is_none() {
                claims.push(PendingClaim {
                    card_ref: slot.card_ref,
                    owner,
                    predicate: Predicate::Monster,
                    turn,
                });
            }
            set_apart.push((owner, slot.card_ref));
            self.state.player_mut(owner).banished.push(slot);
        }
        self.state
            .player_mut(seat)
            .extra_deck
            .retain(|r| *r != summon.card_ref);
        let piece = Piece {
            defence: summon.defence,
            from_extra_deck: true,
            ..Piece::entering(seat, summon.card_ref, Class::Monster, turn)
        };
        self.put_in_zone(summon.to, piece);
        self.record_new_claims(claims, events);
        events.push(Event::HiddenIntegrationSummoned {
            seat,
            at: summon.to,
            defence: summon.defence,
            materials: u8::try_from(set_apart.len()).unwrap_or(u8::MAX),
        });
        self.state.set_apart.push(SetApart {
            summoner: seat,
            monster: summon.card_ref,
            materials: set_apart,
            shown: None,
            due: false,
            judges: Vec::new(),
        });
        self.open_summon_windows(seat, summon.to);
        Ok(())
    }

    /// The summoner's own software knows the cards it claims things of: it never writes a
    /// summon of another monster, or of a material that is no monster.
    fn check_own_claims(
        &self,
        seat: Seat,
        summon: &HiddenIntegration<'_>,
        knowledge: &Knowledge,
    ) -> Result<(), RuleError> {
        let known = |card_ref: CardRef| {
            knowledge
                .card(&self.state.commitment(card_ref))
                .and_then(|id| self.rules.pool.get(id))
        };
        if known(summon.card_ref)
            .is_some_and(|card| !self.claim_holds(&Predicate::IntegrationMonster, card))
        {
            return Err(refused("that card is not an Integration Monster"));
        }
        for at in summon.materials {
            let Place::Zone {
                zone: Zone::Hand,
                slot,
                ..
            } = *at
            else {
                continue;
            };
            let hand = &self.state.player(seat).hand;
            let card = hand.get(usize::from(slot)).and_then(|s| known(s.card_ref));
            if card.is_some_and(|card| !self.claim_holds(&Predicate::Monster, card)) {
                return Err(RuleError::BadTribute {
                    at: *at,
                    why: "a material must be a monster",
                });
            }
        }
        Ok(())
    }

    /// Each material named once: a card of `seat`'s own hand (one everyone knows must be a
    /// monster; an unseen one is claimed to be), or a monster `seat` controls on the field.
    fn check_hidden_materials(&self, seat: Seat, materials: &[Place]) -> Result<(), RuleError> {
        if materials.len() > crate::agreement::extra_deck_summon::MAX_MATERIALS {
            return Err(refused(
                "an Integration Summon erodes at most 10 materials, as any Extra Deck summon",
            ));
        }
        for (i, at) in materials.iter().enumerate() {
            let bad = |why: &'static str| RuleError::BadTribute { at: *at, why };
            if materials[..i].contains(at) {
                return Err(bad("named twice"));
            }
            match *at {
                Place::Zone {
                    side,
                    zone: Zone::Hand,
                    slot,
                } => {
                    if side != seat {
                        return Err(bad("materials come from your own hand or field"));
                    }
                    let card = self
                        .state
                        .player(seat)
                        .hand
                        .get(usize::from(slot))
                        .ok_or(bad("there is no such card in your hand"))?;
                    let shown_not_monster = card
                        .card
                        .and_then(|id| self.rules.pool.get(id))
                        .is_some_and(|def| !self.claim_holds(&Predicate::Monster, def));
                    if shown_not_monster {
                        return Err(bad("a material must be a monster"));
                    }
                }
                _ => {
                    let piece = self.own_zone_piece(seat, *at)?;
                    if piece.class != Class::Monster {
                        return Err(bad("a material must be a monster"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Takes the materials out of `seat`'s hand (from the last slot, so that the slots
    /// named keep meaning the cards named) and off the field, in the order named, each with
    /// its owner; a Token among them is removed from the game instead.
    fn erode_materials(
        &mut self,
        seat: Seat,
        materials: &[Place],
        events: &mut Vec<Event>,
    ) -> Vec<(Seat, CardSlot)> {
        // Every slot named was checked to be in the hand.
        let mut taken: Vec<(usize, Seat, CardSlot)> = self
            .take_named_hand_cards(seat, materials)
            .unwrap_or_default()
            .into_iter()
            .map(|(i, slot)| (i, seat, slot))
            .collect();
        for (i, at) in materials.iter().enumerate() {
            if matches!(
                at,
                Place::Zone {
                    zone: Zone::Hand,
                    ..
                }
            ) {
                continue;
            }
            let Some(piece) = self.take_piece_at(*at) else {
                continue;
            };
            // What was equipped to it is destroyed, and what lay beneath it goes to the
            // graveyard.
            self.card_left_field(piece.card_ref, events);
            self.attached_to_graveyards(piece.attached, events);
            if let Some(card) = piece.card.filter(|card| self.is_token(Some(*card))) {
                events.push(Event::TokenRemoved { at: *at, card });
                continue;
            }
            let slot = CardSlot {
                card_ref: piece.card_ref,
                card: piece.card,
            };
            taken.push((i, piece.owner, slot));
        }
        taken.sort_by_key(|(i, _, _)| *i);
        taken
            .into_iter()
            .map(|(_, owner, slot)| (owner, slot))
            .collect()
    }

    /// Whether the monster of a Hidden Integration Summon is known to everyone now, or has
    /// left the field.
    fn set_apart_monster_shown(&self, monster: CardRef) -> bool {
        self.field_piece_of(monster)
            .is_none_or(|piece| piece.card.is_some())
    }

    /// The card `card_ref` where it stands on the field, if it does.
    fn field_piece_of(&self, card_ref: CardRef) -> Option<&Piece> {
        self.state
            .cells
            .iter()
            .flatten()
            .find(|piece| piece.card_ref == card_ref)
    }

    /// The eroded card `card_ref` of `owner`, set apart for a Hidden Integration Summon.
    fn set_apart_slot(&self, owner: Seat, card_ref: CardRef) -> Option<&CardSlot> {
        self.state
            .player(owner)
            .banished
            .iter()
            .find(|slot| slot.card_ref == card_ref)
    }

    /// The Hidden Integration Summons whose monster was revealed or left the field come
    /// due: their unseen materials are to be opened by their owners, and the summoner's
    /// opponents are to judge them. Returns whether any came due.
    pub(super) fn set_apart_comes_due(&mut self, events: &mut Vec<Event>) -> bool {
        let mut came_due = false;
        for index in 0..self.state.set_apart.len() {
            let Some(entry) = self.state.set_apart.get(index) else {
                break;
            };
            if entry.due || !self.set_apart_monster_shown(entry.monster) {
                continue;
            }
            let summoner = entry.summoner;
            let table = self.state.table;
            // The materials still unseen, opened by their owners (one removed from the duel
            // opens nothing any more); and the monster itself if it left the field unseen,
            // so that the judges know what they judge.
            let mut unseen: Vec<(Seat, Commitment)> = entry
                .materials
                .iter()
                .filter(|(owner, card_ref)| {
                    table.in_play(*owner)
                        && self
                            .set_apart_slot(*owner, *card_ref)
                            .is_some_and(|slot| slot.card.is_none())
                })
                .map(|(owner, card_ref)| (*owner, self.state.commitment(*card_ref)))
                .collect();
            if self.public_card_of(entry.monster).is_none() {
                unseen.push((summoner, self.state.commitment(entry.monster)));
            }
            for due in unseen {
                if !self.state.reveal_due.contains(&due) {
                    self.state.reveal_due.push(due);
                }
            }
            let judges = self.state.table.opponents_of(summoner).collect();
            if let Some(entry) = self.state.set_apart.get_mut(index) {
                entry.due = true;
                entry.judges = judges;
            }
            events.push(Event::SetApartOpened { summoner });
            came_due = true;
        }
        came_due
    }

    /// Whether an attack is between its declaration and its damage, which nothing but its
    /// own responses interrupts.
    pub(super) fn attack_under_way(&self) -> bool {
        matches!(
            self.state.resume,
            crate::state::Resume::AttackAfterWindow { .. }
                | crate::state::Resume::AttackAfterReveal { .. }
                | crate::state::Resume::RedirectedAttack { .. }
                | crate::state::Resume::Replay { .. }
        )
    }

    /// Asks the next judge of the first Hidden Integration Summon come due (its materials
    /// now open); returns whether the duel waits for that. Judged by everyone, it is over.
    pub(super) fn await_material_judgement(&mut self) -> bool {
        self.state
            .set_apart
            .retain(|entry| !entry.due || !entry.judges.is_empty());
        let Some((judge, summoner)) = self
            .state
            .set_apart
            .iter()
            .find(|entry| entry.due)
            .and_then(|entry| Some((*entry.judges.first()?, entry.summoner)))
        else {
            return false;
        };
        self.state.awaiting = Awaiting::Decision {
            seat: judge,
            decision: Decision::JudgeMaterials { summoner },
        };
        true
    }

    /// `seat` judges the materials it was asked about: proper, or not, and their summoner
    /// loses the duel.
    pub(super) fn judge_materials(
        &mut self,
        seat: Seat,
        proper: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some((asked, Decision::JudgeMaterials { summoner })) = self.state.awaiting.decision()
        else {
            return Err(self.wrong_decision(seat, "judge-materials"));
        };
        let summoner = *summoner;
        if asked != seat {
            return Err(self.wrong_decision(seat, "judge-materials"));
        }
        let Some(index) = self.state.set_apart.iter().position(|entry| {
            entry.due && entry.summoner == summoner && entry.judges.first() == Some(&seat)
        }) else {
            return Err(self.wrong_decision(seat, "judge-materials"));
        };
        events.push(Event::MaterialsJudged {
            summoner,
            judge: seat,
            proper,
        });
        if proper {
            if let Some(entry) = self.state.set_apart.get_mut(index) {
                entry.judges.remove(0);
            }
        } else {
            self.state.set_apart.remove(index);
            self.field_eliminate(SeatSet::only(summoner), WinReason::ImproperMaterial, events);
        }
        Ok(())
    }

    /// A removed player's Hidden Integration Summons go with their cards, and they judge
    /// no more.
    pub(super) fn drop_set_apart_of(&mut self, losers: SeatSet) {
        self.state
            .set_apart
            .retain(|entry| !losers.contains(entry.summoner));
        for entry in &mut self.state.set_apart {
            entry.judges.retain(|judge| !losers.contains(*judge));
        }
    }

    /// The Hidden Integration Summons `seat` may make now: for each Integration Monster of
    /// its Extra Deck, onto its first free Frontrow zone (or the zone of the field material
    /// named), in Hidden DEF and Hidden ATK Position, with no material or with one (a known
    /// monster of its hand, a monster it controls). More materials can be named in the
    /// action itself.
    pub(super) fn hidden_integration_summons(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        if self.integration_summon_refused(seat).is_some() {
            return;
        }
        let side = self.side_of(seat);
        let free = self
            .field()
            .frontrow(side)
            .find(|at| self.zone_piece(*at).is_none());
        let player = self.state.player(seat);
        let in_hand = player.hand.iter().enumerate().filter_map(|(slot, card)| {
            let id = card
                .card
                .or_else(|| knowledge.card(&self.state.commitment(card.card_ref)))?;
            let def = self.rules.pool.get(id)?;
            let slot = u8::try_from(slot).ok()?;
            self.claim_holds(&Predicate::Monster, def)
                .then_some(Place::Zone {
                    side: seat,
                    zone: Zone::Hand,
                    slot,
                })
        });
        let on_field = self
            .monsters_of(seat)
            .filter(|(at, piece)| {
                self.controls(seat, piece)
                    && matches!(
                        at,
                        Place::Zone {
                            zone: Zone::Frontrow | Zone::Backrow,
                            ..
                        }
                    )
            })
            .map(|(at, _)| at);
        let choices: Vec<Vec<Place>> = std::iter::once(Vec::new())
            .chain(in_hand.chain(on_field).map(|at| vec![at]))
            .collect();
        for (card_ref, _) in self.known_integration_monsters(seat, knowledge) {
            for materials in &choices {
                let frontrow_material = materials.iter().copied().find(|at| {
                    matches!(
                        at,
                        Place::Zone {
                            zone: Zone::Frontrow,
                            ..
                        }
                    )
                });
                let Some(to) = free.or(frontrow_material) else {
                    continue;
                };
                for defence in [true, false] {
                    out.push(Action::HiddenIntegrationSummon {
                        card_ref,
                        to,
                        defence,
                        materials: materials.clone(),
                    });
                }
            }
        }
    }
}

impl Duel {
    /// What the judges of `summoner`'s Hidden Integration Summon see: the Integration
    /// Monster, if known now, and each material set apart, if opened.
    pub fn set_apart_for_judgement(
        &self,
        summoner: Seat,
    ) -> Option<(
        Option<crate::card::CardId>,
        Vec<Option<crate::card::CardId>>,
    )> {
        let entry = self
            .state
            .set_apart
            .iter()
            .find(|entry| entry.due && entry.summoner == summoner)?;
        let materials = entry
            .materials
            .iter()
            .map(|(owner, card_ref)| self.set_apart_slot(*owner, *card_ref)?.card)
            .collect();
        Some((
            self.public_card_of(entry.monster).or(entry.shown),
            materials,
        ))
    }

    /// The card behind `card_ref` wherever it lies, if everyone knows it.
    fn public_card_of(&self, card_ref: CardRef) -> Option<crate::card::CardId> {
        if let Some(piece) = self.field_piece_of(card_ref) {
            return piece.card;
        }
        self.state.players.values().find_map(|player| {
            player
                .hand
                .iter()
                .chain(&player.graveyard)
                .chain(&player.banished)
                .chain(&player.face_up_extra_deck)
                .find(|slot| slot.card_ref == card_ref)
                .and_then(|slot| slot.card)
        })
    }
}
