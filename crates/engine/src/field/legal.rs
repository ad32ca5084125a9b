//! Every decision the turn player may take on the card game's field, given what they know.

use crate::action::{Action, PlayMode};
use crate::agreement::{Destination, Operation};
use crate::awaiting::Decision;
use crate::card::CardDef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::knowledge::Knowledge;
use crate::place::{Place, Zone};
use crate::seat::Seat;
use crate::state::Phase;

impl Duel {
    pub(crate) fn field_legal_actions(&self, seat: Seat, knowledge: &Knowledge) -> Vec<Action> {
        let mut out = Vec::new();
        match self.state.awaiting.decision() {
            Some((s, Decision::Main)) if s == seat => {
                self.field_main_actions(seat, knowledge, &mut out)
            }
            Some((s, Decision::Battle)) if s == seat => {
                self.battle_actions(seat, &mut out);
                self.activation_actions(seat, knowledge, &mut out);
                self.quick_spells_from_hand(seat, knowledge, &mut out);
                self.symbol_actions(seat, knowledge, &mut out);
                self.rule_card_actions(seat, knowledge, &mut out);
                self.detach_actions(seat, &mut out);
            }
            Some((s, Decision::Respond { .. })) if s == seat && self.asked_about_end(seat) => {
                out.push(Action::AgreeToEnd);
                out.push(Action::Pass);
            }
            Some((s, Decision::Respond { event })) if s == seat => {
                let trigger_due = match self.check_trigger_pass(seat, *event, Some(knowledge)) {
                    Ok(()) => {
                        out.push(Action::Pass);
                        false
                    }
                    Err(RuleError::TriggerMet { .. }) => {
                        out.push(Action::LeaveTriggered);
                        true
                    }
                    Err(_) => true,
                };
                if self.may_redirect(seat, *event) {
                    for to in self.redirect_targets(seat) {
                        out.push(Action::Redirect { to });
                    }
                }
                self.activation_actions(seat, knowledge, &mut out);
                self.quick_spells_from_hand(seat, knowledge, &mut out);
                self.symbol_actions(seat, knowledge, &mut out);
                self.rule_card_actions(seat, knowledge, &mut out);
                self.detach_actions(seat, &mut out);
                if trigger_due {
                    // A triggered trap is activated first (or left for a warning): any other
                    // answer would leave it unactivated.
                    let event = *event;
                    out.retain(|action| {
                        matches!(action, Action::LeaveTriggered)
                            || self.activates_triggered(seat, action, event)
                    });
                }
            }
            Some((s, Decision::ChooseOpponent { among })) if s == seat => {
                out.extend(
                    among
                        .iter()
                        .map(|opponent| Action::ChooseOpponent { opponent }),
                );
                out.push(Action::Pass);
            }
            Some((s, Decision::ProposeOutcome { .. })) if s == seat => {
                self.outcome_proposals(seat, &mut out);
                self.extra_deck_summon_proposals(seat, knowledge, &mut out);
                self.hidden_monster_proposals(seat, knowledge, &mut out);
                self.rule_card_proposals(seat, knowledge, &mut out);
                out.extend(self.chance_calls());
            }
            Some((s, Decision::SearchDeck)) if s == seat => {
                out.extend(self.search_choices(seat, knowledge));
            }
            Some((s, Decision::StartingSwap)) if s == seat => {
                out.extend(self.starting_swap_choices(seat, knowledge));
            }
            Some((s, Decision::ChooseSide)) if s == seat => {
                out.extend(self.side_choices());
            }
            Some((s, Decision::JoinDuel)) if s == seat => {
                out.extend(self.join_choices());
            }
            Some((s, Decision::Discard { .. })) if s == seat => {
                for (i, slot) in self.state.player(seat).hand.iter().enumerate() {
                    if let (Ok(hand_index), Some(reveal)) = (
                        u8::try_from(i),
                        knowledge.get(&self.state.commitment(slot.card_ref)),
                    ) {
                        out.push(Action::Discard {
                            hand_index,
                            reveal: *reveal,
                        });
                    }
                }
            }
            Some((s, Decision::ReturnDeckMaster { .. })) if s == seat => {
                if !self.deck_master_out_of_sight(seat) {
                    out.push(Action::ReturnDeckMaster {
                        back: true,
                        shown: None,
                    });
                } else if let Some(shown) = self.deck_master_to_show(seat, knowledge) {
                    out.push(Action::ReturnDeckMaster {
                        back: true,
                        shown: Some(shown),
                    });
                }
                out.push(Action::ReturnDeckMaster {
                    back: false,
                    shown: None,
                });
            }
            Some((s, Decision::ConsiderOutcome { .. })) if s == seat => {
                out.push(Action::AcceptOutcome);
                out.push(Action::RefuseOutcome);
            }
            Some((s, Decision::Replay { attacker })) if s == seat => {
                for target in self.replay_targets(seat, *attacker) {
                    out.push(Action::Attack {
                        from: *attacker,
                        target,
                        flip: None,
                    });
                }
            }
            Some((s, Decision::JudgeMaterials { .. })) if s == seat => {
                out.push(Action::JudgeMaterials { proper: true });
                out.push(Action::JudgeMaterials { proper: false });
            }
            Some((s, Decision::HideAgain { at })) if s == seat => {
                out.push(Action::Hide { at: *at });
                out.push(Action::Pass);
            }
            _ => {}
        }
        out
    }

    /// The empty zones of `seat`'s Backrow.
    pub(super) fn free_backrow_zones(&self, seat: Seat) -> impl Iterator<Item = Place> + '_ {
        self.field()
            .backrow(self.side_of(seat))
            .filter(|at| self.zone_piece(*at).is_none())
    }

    /// Quick spells `seat` may activate from its hand now, outside a Main Phase
    /// (`field.quick_spells_from_hand`), into each free Backrow zone.
    fn quick_spells_from_hand(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        if !self.quick_spell_from_hand_timing(seat) {
            return;
        }
        let free_back: Vec<Place> = self.free_backrow_zones(seat).collect();
        for (index, slot) in self.state.player(seat).hand.iter().enumerate() {
            let Ok(hand_index) = u8::try_from(index) else {
                break;
            };
            let Some(reveal) = knowledge
                .get(&self.state.commitment(slot.card_ref))
                .copied()
            else {
                continue;
            };
            let Some(card) = self.rules.pool.get(reveal.card) else {
                continue;
            };
            for to in &free_back {
                if self
                    .quick_spell_from_hand_refused(seat, *to, card)
                    .is_none()
                {
                    out.push(Action::Play {
                        hand_index,
                        to: *to,
                        mode: PlayMode::ActivateSpell,
                        cost: 0,
                        tributes: Vec::new(),
                        reveal: Some(reveal),
                    });
                }
            }
        }
    }

    fn field_main_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        let field = *self.field();
        let free = |places: &mut dyn Iterator<Item = Place>| -> Vec<Place> {
            places.filter(|p| self.zone_piece(*p).is_none()).collect()
        };
        let side = self.side_of(seat);
        let free_front = free(&mut field.frontrow(side));
        let summons_left =
            self.state.player(seat).monsters_played < self.rules.format.field.normal_summons;
        for (index, slot) in self.state.player(seat).hand.iter().enumerate() {
            let Ok(hand_index) = u8::try_from(index) else {
                break;
            };
            let commitment = self.state.commitment(slot.card_ref);
            let Some(reveal) = knowledge.get(&commitment).copied() else {
                continue;
            };
            let Some(card) = self.rules.pool.get(reveal.card) else {
                continue;
            };
            if summons_left && card.is_normal_summonable() {
                let needed = self.rules.format.field.tributes_for(card.level());
                for tributes in self.tribute_choices(seat, needed) {
                    let zones = summon_zones(&free_front, &tributes);
                    for (mode, shown) in self.summon_modes(reveal) {
                        for to in &zones {
                            out.push(Action::Play {
                                hand_index,
                                to: *to,
                                mode,
                                cost: 0,
                                tributes: tributes.clone(),
                                reveal: shown,
                            });
                        }
                    }
                }
            }
            // A spell is activated (shown) or Set; a trap only Set.
            let (spell, trap) = (card.is_field_spell_card(), card.is_field_trap_card());
            let backrow_plays = [
                (spell, PlayMode::ActivateSpell, Some(reveal)),
                (spell || trap, PlayMode::SetSpellTrap, None),
            ];
            for (allowed, mode, shown) in backrow_plays {
                if !allowed {
                    continue;
                }
                for to in self.spell_trap_zones_for(seat, Some(card)) {
                    out.push(Action::Play {
                        hand_index,
                        to,
                        mode,
                        cost: 0,
                        tributes: Vec::new(),
                        reveal: shown,
                    });
                }
            }
            for to in self.free_pendulum_zones_for(seat, card) {
                out.push(Action::Play {
                    hand_index,
                    to,
                    mode: PlayMode::ActivateSpell,
                    cost: 0,
                    tributes: Vec::new(),
                    reveal: Some(reveal),
                });
            }
        }
        self.deck_master_pendulum_activations(seat, out);
        self.pendulum_summons(seat, knowledge, out);
        if summons_left {
            self.deck_master_summons(seat, &free_front, out);
        }
        self.activation_actions(seat, knowledge, out);
        self.symbol_actions(seat, knowledge, out);
        self.rule_card_actions(seat, knowledge, out);
        self.detach_actions(seat, out);
        self.integration_summons(seat, knowledge, out);
        self.hidden_integration_summons(seat, knowledge, out);
        self.declared_extra_deck_summons(seat, knowledge, out);
        self.strikes(seat, out);
        for (at, piece) in self.monsters_of(seat) {
            if self.position_change_refused(seat, at).is_none() {
                out.push(Action::ChangePosition { at });
            }
            if self.flip_summon_refused(seat, at).is_none()
                && self.locked_flip_refused(at, false).is_none()
                && let Some(reveal) = knowledge.get(&self.state.commitment(piece.card_ref))
            {
                out.push(Action::Flip {
                    at,
                    reveal: *reveal,
                });
            }
            if self.flip_face_up_refused(seat, at).is_none()
                && let Some(reveal) = knowledge.get(&self.state.commitment(piece.card_ref))
            {
                for defence in [false, true] {
                    if self.locked_flip_refused(at, defence).is_some() {
                        continue;
                    }
                    out.push(Action::FlipFaceUp {
                        at,
                        reveal: *reveal,
                        defence,
                    });
                }
            }
        }
        if self.state.phase == Phase::Main && self.state.table.may_attack_on(self.state.turn) {
            out.push(Action::NextPhase);
        }
        if self.end_proposal_refused(seat).is_none() {
            out.push(Action::ProposeEnd);
        }
        out.push(Action::EndTurn);
    }

    /// Summons of `seat`'s Deck Master from its zone, where it may leave it now.
    fn deck_master_summons(&self, seat: Seat, free_front: &[Place], out: &mut Vec<Action>) {
        let Some(master) = &self.state.player(seat).deck_master else {
            return;
        };
        if self.deck_master_summon_refused(seat).is_some() {
            return;
        }
        let Some(card) = self.rules.pool.get(master.card) else {
            return;
        };
        if !card.is_normal_summonable() {
            return;
        }
        let mut modes = vec![PlayMode::Summon, PlayMode::SummonDefence];
        if self.rules.format.field.set_monsters {
            modes.push(PlayMode::SetMonsterDefence);
        }
        let needed = self.rules.format.field.tributes_for(card.level());
        for tributes in self.tribute_choices(seat, needed) {
            let zones = summon_zones(free_front, &tributes);
            for mode in &modes {
                for to in &zones {
                    out.push(Action::SummonDeckMaster {
                        to: *to,
                        mode: *mode,
                        tributes: tributes.clone(),
                    });
                }
            }
        }
    }

    /// The ways a monster comes out of the hand: summoned (shown) in ATK or DEF Position,
    /// and Set face-down where the format allows.
    fn summon_modes(
        &self,
        reveal: crate::commitment::Reveal,
    ) -> Vec<(PlayMode, Option<crate::commitment::Reveal>)> {
        let mut modes = vec![
            (PlayMode::Summon, Some(reveal)),
            (PlayMode::SummonDefence, Some(reveal)),
        ];
        let flip = self
            .rules
            .pool
            .get(reveal.card)
            .is_some_and(CardDef::has_flip);
        if self.rules.format.field.set_monsters || flip {
            modes.push((PlayMode::SetMonsterDefence, None));
        }
        modes
    }

    /// Every set of `needed` of `seat`'s own monsters that could be tributed (at most two
    /// are ever needed; more would be offered as the first ones found).
    pub(super) fn tribute_choices(&self, seat: Seat, needed: u8) -> Vec<Vec<Place>> {
        let own: Vec<Place> = self.monsters_of(seat).map(|(at, _)| at).collect();
        match needed {
            0 => vec![Vec::new()],
            1 => own.into_iter().map(|at| vec![at]).collect(),
            2 => {
                let mut pairs = Vec::new();
                for (i, a) in own.iter().enumerate() {
                    for b in &own[i + 1..] {
                        pairs.push(vec![*a, *b]);
                    }
                }
                pairs
            }
            n => {
                let n = usize::from(n);
                if own.len() >= n {
                    vec![own[..n].to_vec()]
                } else {
                    Vec::new()
                }
            }
        }
    }

    /// What `seat`'s monsters might attack: every monster on an opposing side (each side
    /// once, however many players share it), and the opponents themselves where attacks
    /// may reach a player. Whether each is a target now is the attack's own check.
    pub(super) fn attack_target_candidates(&self, seat: Seat) -> Vec<Place> {
        let table = self.state.table;
        let sides: std::collections::BTreeSet<Seat> = table
            .opponents_of(seat)
            .filter(|o| table.in_play(*o))
            .map(|o| self.side_of(o))
            .collect();
        let mut targets: Vec<Place> = sides
            .into_iter()
            .flat_map(|o| self.monsters_of(o).map(|(at, _)| at).collect::<Vec<_>>())
            .collect();
        if self.rules.format.field.direct_attacks {
            targets.extend(
                table
                    .opponents_of(seat)
                    .filter(|o| table.in_play(*o))
                    .map(Place::player),
            );
        }
        targets
    }

    fn battle_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let targets = self.attack_target_candidates(seat);
        let attackers: Vec<Place> = self.monsters_of(seat).map(|(at, _)| at).collect();
        for from in attackers {
            for target in &targets {
                if self.attack_refused(seat, from, *target).is_none() {
                    out.push(Action::Attack {
                        from,
                        target: *target,
                        flip: None,
                    });
                }
            }
        }
        out.push(Action::NextPhase);
        if self.end_proposal_refused(seat).is_none() {
            out.push(Action::ProposeEnd);
        }
        out.push(Action::EndTurn);
    }

    fn activation_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        for (at, reveal) in self.activatable(seat, knowledge) {
            out.push(Action::Activate { at, reveal });
        }
        for at in self.effects_activatable(seat) {
            out.push(Action::ActivateEffect { at });
        }
    }

    /// A menu of outcomes for the effect being resolved: none at all, and each single
    /// operation of a small set the board allows (sending a card on the field to the
    /// graveyard or back to the hand, a card of another player's hand to the graveyard,
    /// a monster destroyed with Destruction Damage, another player's face-up monster taken
    /// for the turn, 500 life points lost or gained, a card
    /// drawn, a monster's position changed, a search, a shuffle, a hand card shuffled into
    /// the deck), each one the engine would carry out. Any other valid outcome may be
    /// proposed too; this list is what a player without the card's text can always choose
    /// from.
    fn outcome_proposals(&self, seat: Seat, out: &mut Vec<Action>) {
        let single = |operation| Action::ProposeOutcome {
            operations: vec![operation],
        };
        out.push(Action::ProposeOutcome {
            operations: Vec::new(),
        });
        self.equip_proposals(seat, out);
        self.token_proposals(seat, out);
        let agreement_card = self.state.agreement.as_ref().map(|a| a.at);
        let table = self.state.table;
        let free_of_mine = field_free_frontrow(self, seat);
        for other in table.seats().filter(|s| table.in_play(*s)) {
            let side = self.side_of(other);
            if side != other {
                continue;
            }
            for (at, piece) in self.monsters_of(other) {
                if other != seat
                    && piece.face_up
                    && let Some(to) = free_of_mine
                {
                    out.push(single(Operation::Control {
                        at,
                        seat,
                        to,
                        for_the_turn: true,
                    }));
                }
                out.push(single(Operation::Move {
                    from: at,
                    to: Destination::Graveyard,
                }));
                out.push(single(Operation::Destroy {
                    at,
                    destruction_damage: true,
                }));
                out.push(single(Operation::ChangePosition { at }));
                // The last card of its controller's graveyard attached beneath it, and the
                // first card beneath it detached.
                let graveyard = self.state.player(other).graveyard.len();
                if piece.face_up && graveyard > 0 {
                    out.push(single(Operation::Attach {
                        from: Place::Zone {
                            side: other,
                            zone: Zone::Graveyard,
                            slot: u8::try_from(graveyard - 1).unwrap_or(u8::MAX),
                        },
                        to: at,
                    }));
                }
                if piece.face_up && !piece.attached.is_empty() {
                    out.push(single(Operation::Detach { at, index: 0 }));
                }
                if self.level_at(at).is_some_and(|level| level > 1) {
                    out.push(single(Operation::Level {
                        at,
                        change: -1,
                        duration: crate::card::Duration::EndOfTurn,
                    }));
                }
            }
            let field = *self.field();
            for at in field.backrow(side).chain(field.field_zone(side)) {
                if self.zone_piece(at).is_some() && Some(at) != agreement_card {
                    for to in [Destination::Hand, Destination::Graveyard] {
                        out.push(single(Operation::Move { from: at, to }));
                    }
                }
            }
            if other != seat && !self.state.player(other).hand.is_empty() {
                out.push(single(Operation::Move {
                    from: Place::Zone {
                        side: other,
                        zone: crate::place::Zone::Hand,
                        slot: 0,
                    },
                    to: Destination::Graveyard,
                }));
            }
            for amount in [-500, 500] {
                out.push(single(Operation::LifePoints {
                    seat: other,
                    amount,
                }));
            }
        }
        if !self.state.player(seat).deck.is_empty() {
            out.push(single(Operation::Draw { seat, count: 1 }));
            out.push(single(Operation::Mill { seat, count: 1 }));
            out.push(single(Operation::Search { seat }));
            out.push(single(Operation::Shuffle { seat }));
        }
        if !self.state.player(seat).hand.is_empty() {
            for to in [
                Destination::Deck,
                Destination::DeckTop,
                Destination::DeckBottom,
            ] {
                out.push(single(Operation::Move {
                    from: Place::Zone {
                        side: seat,
                        zone: crate::place::Zone::Hand,
                        slot: 0,
                    },
                    to,
                }));
            }
        }
        // Only what the engine would carry out (a Divine card out of the effect's reach, a
        // very long duel with no room left for another shuffle).
        out.retain(|action| match action {
            Action::ProposeOutcome { operations } => self.preview_outcome(operations).is_ok(),
            _ => true,
        });
    }
}

/// The first free zone of `seat`'s Frontrow, where a monster they take control of may go.
fn field_free_frontrow(duel: &Duel, seat: Seat) -> Option<Place> {
    duel.field()
        .frontrow(duel.side_of(seat))
        .find(|place| duel.zone_piece(*place).is_none())
}

/// Where a monster summoned with `tributes` may go: a free Frontrow zone, or the zone of
/// one of its tributes.
fn summon_zones(free_front: &[Place], tributes: &[Place]) -> Vec<Place> {
    free_front
        .iter()
        .chain(tributes.iter().filter(|t| zone_is(**t, Zone::Frontrow)))
        .copied()
        .collect()
}

fn zone_is(place: Place, zone: Zone) -> bool {
    matches!(place, Place::Zone { zone: z, .. } if z == zone)
}
