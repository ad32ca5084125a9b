//! The grid family: Duelists of the Roses on a square board of cells, each player with a
//! Deck Leader at their edge — the community DOR formats (Classic, Alternate) and Kairu's
//! DOTR, for two players or four.
//!
//! Each rule or mechanic lives in a file named after it; each effect primitive in its own
//! file under `effects/`. This file routes an entry to the rule that handles it.

mod activated_effects;
mod battle;
mod battle_effects;
mod bluff;
mod built_decks;
mod card_game_summons;
mod cell;
mod control_change;
mod destiny_draw;
mod destruction;
mod direct_attacks;
mod effects;
mod end_of_turn;
mod filters;
mod flow;
mod fusion;
mod lasting_effects;
mod leader_abilities;
mod legal;
mod life_point_effects;
mod made_monsters;
mod monster_room;
mod movement;
mod pendulum_zones;
mod phases;
mod placement;
mod position;
mod random_picks;
mod range;
mod response_windows;
pub(crate) mod reveals;
mod revival;
mod revival_in_summoning_area;
mod ritual;
mod special_summon_placement;
mod spellbinding;
mod spells;
mod stats;
mod teleport;
mod terrain;
mod topology;
mod transformation;
mod traps;
mod turn;
mod turns_in_defence;
mod victory_when_surrounded;
mod whim_in_battle;
mod win_conditions;

pub use built_decks::build_grid_decks;
pub use cell::Cell;
pub use movement::Reach;
pub use topology::{Edge, GridTopology, UnseatableGrid};

pub(crate) use filters::{filter_needs_identity, identity_matches};

use crate::action::{Action, Answer};
use crate::awaiting::{Asked, Awaiting, Decision};
use crate::card::CardDef;
use crate::commitment::{Commitment, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::Rulebook;
use crate::knowledge::Knowledge;
use crate::piece::Piece;
use crate::place::Place;
use crate::seat::Seat;

/// Whether a check must open a reveal against its commitment. `legal_actions` opens each
/// of the seat's own reveals at most once, after the other checks of a candidate carrying
/// it passed, instead of recomputing the same SHA-256 commitment for every candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RevealCheck {
    Needed,
    /// The caller opens this very reveal itself and drops the action if it does not open.
    Done,
}

/// Why a card on the grid may not be given up for a Ritual, a fusion or a transformation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unfit {
    /// Not a monster, or a Deck Leader.
    NotYourMonster,
    FaceDown,
    /// Kairu: a spellbound monster "cannot be tributed for a Ritual, Fusion, Synchro, Evolve
    /// summon etc."
    Spellbound,
}

/// The grid cell a place names, or the error for a place off the board.
fn cell_of(place: Place) -> Result<Cell, RuleError> {
    place.cell().ok_or(RuleError::OffBoard { at: place })
}

impl Duel {
    /// Kairu's rule book (moving into cards, replacing your own cards, flipping while
    /// moving) rather than the community DOR formats'.
    fn kairu(&self) -> bool {
        self.rules.format.rulebook == Rulebook::Kairu
    }

    pub(crate) fn grid_apply(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.state.awaiting.is_main_of(seat)
            && let Some(refused) = self.grid_phase_refuses(action)
        {
            return Err(refused);
        }
        match action {
            Action::Concede => self.concede(seat, events),
            Action::NextPhase => self.grid_next_phase(seat, events)?,
            Action::Play { .. } => self.do_play(seat, action, knowledge, events)?,
            // Kairu: "If you move a monster over an opponents, they battle": a monster's
            // move onto an opponent's card is its attack on it.
            Action::Move { from, to, flip } if self.moves_into_battle(seat, *from, *to) => {
                let attack = Action::Attack {
                    from: *from,
                    target: *to,
                    flip: *flip,
                };
                self.do_attack(seat, &attack, events)?
            }
            Action::Move { .. } => self.do_move(seat, action, events)?,
            Action::Attack { .. } => self.do_attack(seat, action, events)?,
            Action::ChangePosition { at } => {
                self.do_change_position(seat, *at, knowledge, events)?
            }
            Action::Flip { at, reveal } => self.do_flip(seat, *at, reveal, events)?,
            Action::EndTurn => self.do_end_turn(seat)?,
            Action::Pass => self.do_pass(seat, knowledge, events)?,
            Action::SpringTrap { at, reveal } => self.do_spring(seat, *at, reveal, events)?,
            Action::Discard { hand_index, reveal } => {
                self.do_discard(seat, *hand_index, reveal, events)?
            }
            Action::ChooseOpponent { opponent } => {
                self.do_choose_opponent(seat, *opponent, events)?
            }
            Action::Ritual { tributes, monster } => {
                self.do_ritual(seat, tributes, monster.as_ref(), events)?
            }
            Action::Revive { card } => self.do_revive(seat, *card, events)?,
            Action::Fuse {
                materials,
                monster,
                to,
            } => self.do_fuse(seat, materials, monster, *to, events)?,
            Action::Transform { at, monster } => self.do_transform(seat, *at, monster, events)?,
            Action::TakeControl { target, to } => {
                self.do_take_control(seat, *target, *to, events)?
            }
            Action::PlaceReturned { to } => self.do_place_returned(seat, *to, events)?,
            Action::PlaceRevived { to } => self.do_place_revived(seat, *to, events)?,
            Action::PlaceMade { to } => self.do_place_made(seat, *to, events)?,
            Action::Teleport { target, to } => self.do_teleport(seat, *target, *to, events)?,
            Action::ChooseDraw { destiny } => self.do_choose_draw(seat, *destiny, events)?,
            Action::ProposeOutcome { operations } => {
                self.propose_outcome(seat, operations, events)?
            }
            Action::AcceptOutcome => self.accept_outcome(seat, events)?,
            Action::RefuseOutcome => self.refuse_outcome(seat, events)?,
            Action::TakeFromDeck { taken } => self.take_from_deck(seat, *taken, events)?,
            Action::CallChance { chance } => {
                self.call_chance_for_agreement(seat, *chance, events)?
            }
            Action::SummonFromExtraDeck { card_ref, reveal } => {
                self.declare_extra_deck_summon(seat, *card_ref, reveal, events)?
            }
            Action::PendulumSummon { monsters } => {
                self.do_grid_pendulum_summon(seat, monsters, events)?
            }
            Action::ActivateEffect { at } => self.do_activate_grid_effect(seat, *at, events)?,
            Action::Redirect { .. }
            | Action::ProposeEnd
            | Action::AgreeToEnd
            | Action::SummonDeckMaster { .. }
            | Action::ReturnDeckMaster { .. }
            | Action::SwapStartingCards { .. }
            | Action::PlaySymbol { .. }
            | Action::UseSymbol { .. }
            | Action::IntegrationSummon { .. }
            | Action::HiddenIntegrationSummon { .. }
            | Action::JudgeMaterials { .. }
            | Action::ActivateRuleCard { .. }
            | Action::Detach { .. }
            | Action::FlipFaceUp { .. }
            | Action::LeaveTriggered
            | Action::ChooseSide { .. }
            | Action::JoinDuel { .. }
            | Action::Strike { .. }
            | Action::Hide { .. }
            | Action::Activate { .. } => {
                return Err(RuleError::NotInThisFamily {
                    action: action.kind(),
                });
            }
        }
        self.settle(events);
        Ok(())
    }

    pub(crate) fn grid_answer(
        &mut self,
        seat: Seat,
        answer: &Answer,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match answer {
            Answer::OpenDraw { opening } => self.do_open_draw(seat, opening, events)?,
            Answer::Reveal { reveals } => self.do_reveal(seat, reveals, events)?,
            Answer::Declare { matching } => self.do_declare(seat, matching, events)?,
            Answer::DeclareClass { monsters } => {
                self.do_declare_class(seat, monsters, knowledge, events)?
            }
            // Routed before the family's answers (see `Duel::apply_in_place`).
            Answer::RecommitDeck { .. }
            | Answer::PermuteDeck { .. }
            | Answer::CommitShare { .. }
            | Answer::OpenShare { .. } => {
                return Err(self.wrong_answer(seat, answer.kind()));
            }
        }
        self.settle(events);
        Ok(())
    }

    pub(crate) fn grid_honest_answer(&self, seat: Seat, knowledge: &Knowledge) -> Option<Answer> {
        let (s, asked) = self.state.awaiting.asked()?;
        if s != seat {
            return None;
        }
        match asked {
            Asked::OpenDraw { .. } => self.honest_draw_opening(knowledge),
            Asked::Reveal { commitments } => {
                crate::grid::reveals::honest_reveals(commitments, knowledge)
            }
            Asked::Declare { places } => self.honest_declaration(places, knowledge),
            Asked::DeclareClass { places } => self.honest_class_declaration(places, knowledge),
            Asked::OpenShare => self.honest_share_opening(seat, knowledge),
            // Answered with fresh randomness: see `Duel::fresh_answer`.
            Asked::RecommitDeck { .. } | Asked::PermuteDeck { .. } | Asked::CommitShare => None,
        }
    }

    // ------------------------------------------------------------------ shared checks

    /// The definition behind a piece, if the public (or `knowledge`) knows it.
    pub fn known_card(&self, piece: &Piece, knowledge: Option<&Knowledge>) -> Option<&CardDef> {
        let id = piece
            .card
            .or_else(|| knowledge.and_then(|k| k.card(&self.state.commitment(piece.card_ref))))?;
        self.rules.pool.get(id)
    }

    fn public_card(&self, cell: Cell) -> Option<&CardDef> {
        let piece = self.state.piece(cell)?;
        self.rules.pool.get(piece.card?)
    }

    fn expect_main(&self, seat: Seat, action: &'static str) -> Result<(), RuleError> {
        if self.state.awaiting.is_main_of(seat) {
            Ok(())
        } else {
            Err(self.wrong_decision(seat, action))
        }
    }

    /// The error for an entry by `seat` that does not answer what the duel waits for.
    pub(crate) fn wrong_decision(&self, seat: Seat, action: &'static str) -> RuleError {
        let awaiting = &self.state.awaiting;
        match awaiting.seat() {
            None => RuleError::DuelOver,
            Some(expected) if expected != seat => RuleError::NotYourDecision {
                expected,
                actual: seat,
            },
            Some(_) => RuleError::WrongDecision {
                action,
                awaiting: awaiting.name(),
            },
        }
    }

    /// Ok when the duel waits for `seat`'s `wanted` decision (one that carries nothing);
    /// the error otherwise.
    pub(crate) fn expect_this_decision(
        &self,
        seat: Seat,
        wanted: &Decision,
        action: &'static str,
    ) -> Result<(), RuleError> {
        match self.state.awaiting.decision() {
            Some((s, decision)) if s == seat && decision == wanted => Ok(()),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    /// The decision the duel waits for, if it is `seat`'s; the error otherwise.
    pub(crate) fn expect_decision(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<&Decision, RuleError> {
        match &self.state.awaiting {
            Awaiting::Decision { seat: s, decision } if *s == seat => Ok(decision),
            _ => Err(self.wrong_decision(seat, action)),
        }
    }

    fn own_piece(&self, seat: Seat, cell: Cell) -> Result<&Piece, RuleError> {
        if !self.state.contains(cell) {
            return Err(RuleError::OffBoard { at: cell.into() });
        }
        let piece = self
            .state
            .piece(cell)
            .ok_or(RuleError::EmptyCell { at: cell.into() })?;
        if piece.controller != seat {
            return Err(RuleError::NotYourCard { at: cell.into() });
        }
        Ok(piece)
    }

    /// `seat`'s own face-up monster at `cell`, not a Deck Leader and not spellbound, with
    /// its card: what a Ritual, a fusion or a transformation may take. The error says which
    /// of these it is not.
    fn own_free_face_up_monster(
        &self,
        seat: Seat,
        cell: Cell,
    ) -> Result<Result<crate::card::CardId, Unfit>, RuleError> {
        let piece = self.own_piece(seat, cell)?;
        Ok(
            if piece.class != crate::piece::Class::Monster || piece.leader {
                Err(Unfit::NotYourMonster)
            } else if self.is_spellbound(cell) {
                Err(Unfit::Spellbound)
            } else {
                piece.card.filter(|_| piece.face_up).ok_or(Unfit::FaceDown)
            },
        )
    }

    pub(crate) fn check_reveal(
        &self,
        owner: Seat,
        commitment: &Commitment,
        reveal: &Reveal,
    ) -> Result<&CardDef, RuleError> {
        if !commitment.opens_to(&self.state.match_id, owner, reveal) {
            return Err(RuleError::BadReveal { card: reveal.card });
        }
        self.rules.card(reveal.card)
    }

    /// [`Duel::check_reveal`] unless the caller has done it.
    fn check_reveal_if(
        &self,
        check: RevealCheck,
        owner: Seat,
        commitment: &Commitment,
        reveal: &Reveal,
    ) -> Result<&CardDef, RuleError> {
        match check {
            RevealCheck::Needed => self.check_reveal(owner, commitment, reveal),
            RevealCheck::Done => self.rules.card(reveal.card),
        }
    }

    /// The card a face-down `piece` is shown to be as it turns face-up: `reveal` must open
    /// its commitment, unless everyone knows the card already (made from nothing, or set
    /// face-down from a graveyard), when it must name that card and opens nothing — its
    /// controller may not hold the opening, which is its owner's secret.
    fn check_piece_reveal(
        &self,
        check: RevealCheck,
        piece: &Piece,
        reveal: &Reveal,
    ) -> Result<&CardDef, RuleError> {
        match piece.card {
            Some(known) if known == reveal.card => self.rules.card(known),
            Some(_) => Err(RuleError::BadReveal { card: reveal.card }),
            None => self.check_reveal_if(
                check,
                piece.owner,
                &self.state.commitment(piece.card_ref),
                reveal,
            ),
        }
    }

    /// Whether `other` is one of `seat`'s opponents (not `seat`, not a teammate).
    fn are_opponents(&self, seat: Seat, other: Seat) -> bool {
        self.state.table.are_opponents(seat, other)
    }
}
