//! The field family: the card game's field, where every player has their own Frontrow of
//! monster zones under terrain markers and a Backrow of spell and trap zones — Kingdom
//! Duels now, and the base Domain Format will stand on.
//!
//! What is built: the set-up (shuffled decks, "Land" on every Frontrow zone, the opening
//! hands), the turn (Draw, Standby, Main Phase 1, Battle Phase, Main Phase 2, End Phase),
//! the Normal Summon in face-up ATK or DEF, setting spells and traps, battle position
//! changes, battle with the Field Power Bonus, the idleness rule, and the ways to lose
//! (life points, deck-out, idleness, concession). Card effects, Setup Rule cards, the Extra
//! Deck and the team duels' special rules are not built yet: docs/RULES.md lists them.
//!
//! Each rule lives in a file named after it; this file routes an entry to it.

mod activation;
mod attach;
mod battle;
mod blue_and_red;
mod board;
mod chain;
mod deck_master;
mod declared_summons;
mod detach;
mod duelist_setup;
mod equip;
mod extra_monster_zones;
mod field_setup;
mod field_zone;
mod flip_effects;
mod flow;
mod hand_limit;
mod hidden_integration;
mod hidden_monsters;
mod idleness;
mod integration_summon;
mod joining;
mod legal;
mod lent_control;
mod lent_materials;
mod link_arrows;
mod opponent_target;
mod pendulum;
mod persist;
mod phase_triggers;
mod position;
mod quick_effects;
mod redirect;
mod replay;
mod rule_cards;
mod setup;
mod stats;
mod strike;
pub(crate) mod summon;
mod summon_windows;
mod symbol;
mod trigger_traps;
mod turn;
mod unanimous_end;
mod win_conditions;

pub use activation::effect_speed;
pub use blue_and_red::Side;
pub use board::FieldBoard;
pub use chain::{Chain, ChainLink, OpponentTarget};
pub use duelist_setup::{DuelistSetup, MAX_STARTING_SWAPS};
pub use equip::EquipLink;
pub use field_setup::FieldSetup;
pub use flip_effects::FlipEffectDue;
pub use idleness::IdleOutcome;
pub use link_arrows::LinkArrows;
pub use rule_cards::{ActiveRuleCard, rule_card_place};
pub use symbol::{SymbolInPlay, rule_zone};

use crate::action::{Action, Answer};
use crate::awaiting::Asked;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::reveals::honest_reveals;
use crate::knowledge::Knowledge;
use crate::piece::Piece;
use crate::place::Place;
use crate::seat::Seat;

/// The field of a duel that has none: no zones, nobody seated.
const NO_FIELD: FieldBoard = FieldBoard::EMPTY;

impl Duel {
    /// The field's shape (an empty one for a grid duel, where these rules never run).
    pub fn field(&self) -> &FieldBoard {
        self.topology.field().unwrap_or(&NO_FIELD)
    }

    pub(crate) fn field_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_answer_spares_no_trigger(seat, action, knowledge, events)?;
        match action {
            Action::Concede => self.field_concede(seat, events),
            Action::Play { .. } => self.field_play(seat, action, knowledge, events)?,
            Action::Attack { from, target, .. } => match self.asked_to_replay(seat) {
                Some(attacker) => self.field_replay(seat, attacker, *from, *target, events)?,
                None => self.field_attack(seat, *from, *target, events)?,
            },
            Action::ChangePosition { at } => self.field_change_position(seat, *at, events)?,
            Action::NextPhase => self.field_next_phase(seat, events)?,
            Action::EndTurn => self.field_end_turn(seat)?,
            Action::Pass if self.asked_about_end(seat) => self.refuse_end(seat, events),
            Action::Pass if self.asked_to_target(seat) => {
                self.choose_link_target(seat, None, events)?
            }
            Action::ChooseOpponent { opponent } => {
                self.choose_link_target(seat, Some(*opponent), events)?
            }
            Action::Pass if self.asked_to_hide_again(seat).is_some() => self.keep_face_up(seat)?,
            Action::Hide { at } => self.field_hide(seat, *at, events)?,
            Action::Pass => self.field_pass(seat, knowledge, events)?,
            Action::LeaveTriggered => self.leave_triggered(seat, knowledge, events)?,
            Action::ChooseSide { side } => self.choose_side(seat, *side, events)?,
            Action::JoinDuel { join } => self.join_duel(seat, *join, events)?,
            Action::ProposeEnd => self.field_propose_end(seat, events)?,
            Action::AgreeToEnd => self.field_agree_to_end(seat, events)?,
            Action::Redirect { to } => self.field_redirect(seat, *to, events)?,
            Action::Activate { at, reveal } => self.field_activate(seat, *at, reveal, events)?,
            Action::PlaySymbol { card_ref, reveal } => {
                self.play_symbol(seat, *card_ref, reveal, events)?
            }
            Action::UseSymbol { charges } => self.use_symbol(seat, *charges, events)?,
            Action::ActivateRuleCard { card_ref, reveal } => {
                self.activate_rule_card(seat, *card_ref, reveal, events)?
            }
            Action::Detach { at, index } => self.field_detach(seat, *at, *index, events)?,
            Action::FlipFaceUp {
                at,
                reveal,
                defence,
            } => self.flip_hidden_face_up(seat, *at, reveal, *defence, events)?,
            Action::Strike { from, target } => self.field_strike(seat, *from, *target, events)?,
            Action::IntegrationSummon { card_ref, reveal } => {
                self.declare_integration_summon(seat, *card_ref, reveal, events)?
            }
            Action::HiddenIntegrationSummon {
                card_ref,
                to,
                defence,
                materials,
            } => self.hidden_integration_summon(
                seat,
                &hidden_integration::HiddenIntegration {
                    card_ref: *card_ref,
                    to: *to,
                    defence: *defence,
                    materials,
                },
                knowledge,
                events,
            )?,
            Action::JudgeMaterials { proper } => self.judge_materials(seat, *proper, events)?,
            Action::SummonFromExtraDeck { card_ref, reveal } => {
                self.declare_extra_deck_summon(seat, *card_ref, reveal, events)?
            }
            Action::ProposeOutcome { operations } => {
                self.propose_outcome(seat, operations, events)?
            }
            Action::AcceptOutcome => self.accept_outcome(seat, events)?,
            Action::RefuseOutcome => self.refuse_outcome(seat, events)?,
            Action::TakeFromDeck { taken } => self.take_from_deck(seat, *taken, events)?,
            Action::SwapStartingCards { give, take } => {
                self.swap_starting_cards(seat, give, take, events)?
            }
            Action::ActivateEffect { at } => self.field_activate_effect(seat, *at, events)?,
            Action::CallChance { chance } => {
                self.call_chance_for_agreement(seat, *chance, events)?
            }
            Action::Flip { at, reveal } => self.field_flip_summon(seat, *at, reveal, events)?,
            Action::SummonDeckMaster { to, mode, tributes } => {
                self.field_summon_deck_master(seat, *to, *mode, tributes, events)?
            }
            Action::ReturnDeckMaster { back, shown } => {
                self.field_return_deck_master(seat, *back, *shown, events)?
            }
            Action::Discard { hand_index, reveal } => {
                self.do_discard(seat, *hand_index, reveal, events)?
            }
            Action::PendulumSummon { monsters } => {
                self.field_pendulum_summon(seat, monsters, events)?
            }
            Action::Move { .. }
            | Action::SpringTrap { .. }
            | Action::Ritual { .. }
            | Action::Revive { .. }
            | Action::Fuse { .. }
            | Action::Transform { .. }
            | Action::TakeControl { .. }
            | Action::PlaceReturned { .. }
            | Action::PlaceRevived { .. }
            | Action::PlaceMade { .. }
            | Action::Teleport { .. }
            | Action::ChooseDraw { .. } => {
                return Err(RuleError::NotInThisFamily {
                    action: action.kind(),
                });
            }
        }
        self.settle(events);
        Ok(())
    }

    pub(crate) fn field_answer(
        &mut self,
        seat: Seat,
        answer: &Answer,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match answer {
            Answer::OpenDraw { opening } => self.do_open_draw(seat, opening, events)?,
            Answer::Reveal { reveals } => self.do_reveal(seat, reveals, events)?,
            // Reshuffles and shares are routed before the family's answers (see
            // `Duel::apply_in_place`).
            Answer::Declare { .. }
            | Answer::DeclareClass { .. }
            | Answer::RecommitDeck { .. }
            | Answer::PermuteDeck { .. }
            | Answer::CommitShare { .. }
            | Answer::OpenShare { .. } => {
                return Err(self.wrong_decision(seat, answer.kind()));
            }
        }
        self.settle(events);
        Ok(())
    }

    pub(crate) fn field_honest_answer(&self, seat: Seat, knowledge: &Knowledge) -> Option<Answer> {
        let (s, asked) = self.state.awaiting.asked()?;
        if s != seat {
            return None;
        }
        match asked {
            Asked::OpenDraw { .. } => self.honest_draw_opening(knowledge),
            Asked::Reveal { commitments } => honest_reveals(commitments, knowledge),
            Asked::OpenShare => self.honest_share_opening(seat, knowledge),
            // Reshuffle steps and shares are answered with fresh randomness: see
            // `Duel::fresh_answer`.
            Asked::Declare { .. }
            | Asked::DeclareClass { .. }
            | Asked::RecommitDeck { .. }
            | Asked::PermuteDeck { .. }
            | Asked::CommitShare => None,
        }
    }

    /// The card in a zone of the field.
    pub fn zone_piece(&self, place: Place) -> Option<&Piece> {
        let index = self.field().index(place)?;
        self.state.cells.get(index)?.as_ref()
    }

    pub(crate) fn zone_piece_mut(&mut self, place: Place) -> Option<&mut Piece> {
        let index = self.field().index(place)?;
        self.state.cells.get_mut(index)?.as_mut()
    }

    pub(crate) fn take_from_zone(&mut self, place: Place) -> Option<Piece> {
        let index = self.field().index(place)?;
        self.state.cells.get_mut(index)?.take()
    }

    pub(crate) fn put_in_zone(&mut self, place: Place, mut piece: Piece) {
        // Judged as it enters the field, not when it attacks: a Fusion Monster that arrives
        // or leaves later changes nothing.
        if piece.entered_turn == self.state.turn && !piece.entered_beside_its_fusion {
            piece.entered_beside_its_fusion = self.material_of_a_fusion_on_field(&piece);
        }
        if let Some(slot) = self
            .field()
            .index(place)
            .and_then(|i| self.state.cells.get_mut(i))
        {
            *slot = Some(piece);
        }
    }

    /// The side of the field `seat` plays on: its own, or where its team shares one (a Boss
    /// Duel's team), its first-seated member's.
    pub fn side_of(&self, seat: Seat) -> Seat {
        if !self.rules.format.field.team_shares_side {
            return seat;
        }
        self.state.table.team(seat).iter().min().unwrap_or(seat)
    }

    /// Whether `seat` may act with `piece`: its own, or on a shared side, its team's.
    pub(crate) fn controls(&self, seat: Seat, piece: &Piece) -> bool {
        piece.controller == seat
            || (self.rules.format.field.team_shares_side
                && self.side_of(piece.controller) == self.side_of(seat))
    }

    /// Every occupied zone of the Frontrow and Backrow `seat` plays on holding a monster,
    /// with it, and the Extra Monster Zone holding a monster it controls.
    pub(crate) fn monsters_of(&self, seat: Seat) -> impl Iterator<Item = (Place, &Piece)> {
        self.field()
            .zones_of(self.side_of(seat))
            .filter_map(move |place| {
                let piece = self.zone_piece(place)?;
                // An Extra Monster Zone is shared: only what `seat` controls there is its.
                let shared = matches!(
                    place,
                    Place::Zone {
                        zone: crate::place::Zone::ExtraMonster,
                        ..
                    }
                );
                (piece.class == crate::piece::Class::Monster
                    && (!shared || self.controls(seat, piece)))
                .then_some((place, piece))
            })
    }

    /// A zone of the field that holds a card `seat` controls (alone, or with its team on a
    /// shared side).
    fn own_zone_piece(&self, seat: Seat, at: Place) -> Result<&Piece, RuleError> {
        if self.field().index(at).is_none() {
            return Err(RuleError::OffBoard { at });
        }
        let piece = self.zone_piece(at).ok_or(RuleError::EmptyCell { at })?;
        if !self.controls(seat, piece) {
            return Err(RuleError::NotYourCard { at });
        }
        Ok(piece)
    }
}
