//! Every decision the turn player may take on the card game's field, given what they know.

use crate::action::{Action, PlayMode};
use crate::agreement::{Destination, Operation};
use crate::awaiting::Decision;
use crate::duel::Duel;
use crate::kingdom_card::MainType;
use crate::knowledge::Knowledge;
use crate::place::Place;
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
            }
            Some((s, Decision::Respond { .. })) if s == seat && self.asked_about_end(seat) => {
                out.push(Action::AgreeToEnd);
                out.push(Action::Pass);
            }
            Some((s, Decision::Respond { event })) if s == seat => {
                out.push(Action::Pass);
                if self.may_redirect(seat, *event) {
                    for to in self.redirect_targets(seat) {
                        out.push(Action::Redirect { to });
                    }
                }
                self.activation_actions(seat, knowledge, &mut out);
            }
            Some((s, Decision::ProposeOutcome { .. })) if s == seat => {
                self.outcome_proposals(seat, &mut out);
                let tossed = self.state.agreement.as_ref().map_or(0, |a| a.chances.len());
                if tossed < crate::chance::MAX_CHANCES {
                    let heads = crate::chance::Chance::Coin {
                        call: crate::chance::CoinSide::Heads,
                    };
                    for chance in [heads, crate::chance::Chance::Die] {
                        out.push(Action::CallChance { chance });
                    }
                }
            }
            Some((s, Decision::SearchDeck)) if s == seat => {
                out.extend(self.search_choices(seat, knowledge));
            }
            Some((s, Decision::ConsiderOutcome { .. })) if s == seat => {
                out.push(Action::AcceptOutcome);
                out.push(Action::RefuseOutcome);
            }
            _ => {}
        }
        out
    }

    fn field_main_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        let field = *self.field();
        let free = |places: &mut dyn Iterator<Item = Place>| -> Vec<Place> {
            places.filter(|p| self.zone_piece(*p).is_none()).collect()
        };
        let side = self.side_of(seat);
        let free_front = free(&mut field.frontrow(side));
        let free_back = free(&mut field.backrow(side));
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
            let Some(card) = self.rules.pool.get(reveal.card).and_then(|c| c.kingdom()) else {
                continue;
            };
            if summons_left && card.is_main_deck_monster() {
                for mode in [PlayMode::Summon, PlayMode::SummonDefence] {
                    for to in &free_front {
                        out.push(Action::Play {
                            hand_index,
                            to: *to,
                            mode,
                            cost: 0,
                            tributes: Vec::new(),
                            reveal: Some(reveal),
                        });
                    }
                }
            }
            // A spell is activated (shown) or Set; a trap only Set.
            let backrow_plays = [
                (
                    card.is(MainType::Spell),
                    PlayMode::ActivateSpell,
                    Some(reveal),
                ),
                (
                    card.is(MainType::Spell) || card.is(MainType::Trap),
                    PlayMode::SetSpellTrap,
                    None,
                ),
            ];
            for (allowed, mode, shown) in backrow_plays {
                if !allowed {
                    continue;
                }
                for to in &free_back {
                    out.push(Action::Play {
                        hand_index,
                        to: *to,
                        mode,
                        cost: 0,
                        tributes: Vec::new(),
                        reveal: shown,
                    });
                }
            }
        }
        self.activation_actions(seat, knowledge, out);
        for (at, _) in self.monsters_of(seat) {
            if self.position_change_refused(seat, at).is_none() {
                out.push(Action::ChangePosition { at });
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

    fn battle_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let table = self.state.table;
        // Each opposing side once, however many players share it.
        let sides: std::collections::BTreeSet<Seat> = table
            .opponents_of(seat)
            .filter(|o| table.in_play(*o))
            .map(|o| self.side_of(o))
            .collect();
        let targets: Vec<Place> = sides
            .into_iter()
            .flat_map(|o| self.monsters_of(o).map(|(at, _)| at).collect::<Vec<_>>())
            .collect();
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
    /// a monster destroyed with Destruction Damage, 500 life points lost or gained, a card
    /// drawn, a monster's position changed, a search, a shuffle, a hand card shuffled into
    /// the deck). Any other valid outcome may be proposed too; this list is what a player
    /// without the card's text can always choose from.
    fn outcome_proposals(&self, seat: Seat, out: &mut Vec<Action>) {
        let single = |operation| Action::ProposeOutcome {
            operations: vec![operation],
        };
        out.push(Action::ProposeOutcome {
            operations: Vec::new(),
        });
        let agreement_card = self.state.agreement.as_ref().map(|a| a.at);
        let table = self.state.table;
        for other in table.seats().filter(|s| table.in_play(*s)) {
            let side = self.side_of(other);
            if side != other {
                continue;
            }
            for (at, _) in self.monsters_of(other) {
                out.push(single(Operation::Move {
                    from: at,
                    to: Destination::Graveyard,
                }));
                out.push(single(Operation::Destroy {
                    at,
                    destruction_damage: true,
                }));
                out.push(single(Operation::ChangePosition { at }));
            }
            for at in self.field().backrow(side) {
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
            out.push(single(Operation::Search { seat }));
            out.push(single(Operation::Shuffle { seat }));
        }
        if !self.state.player(seat).hand.is_empty() {
            out.push(single(Operation::Move {
                from: Place::Zone {
                    side: seat,
                    zone: crate::place::Zone::Hand,
                    slot: 0,
                },
                to: Destination::Deck,
            }));
        }
    }
}
