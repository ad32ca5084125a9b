//! Listing every decision a player may take now: the main phase's plays, moves, attacks,
//! position changes and flips; passing or springing a trap in a response window; which card
//! to discard; which opponent an effect is aimed at.

use crate::action::{Action, PlayMode};
use crate::awaiting::Decision;
use crate::card::{CardKind, SpellKind};
use crate::commitment::Reveal;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::format::{FieldSpellMode, SummonCost};
use crate::grid::placement::{PlayPrior, combinations};
use crate::grid::{Cell, Reach, RevealCheck};
use crate::knowledge::Knowledge;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;
use crate::terrain::Terrain;

impl Duel {
    pub(crate) fn grid_legal_actions(&self, seat: Seat, knowledge: &Knowledge) -> Vec<Action> {
        let mut out = Vec::with_capacity(32);
        let Some((s, decision)) = self.state.awaiting.decision() else {
            return out;
        };
        if s != seat {
            return out;
        }
        match decision {
            Decision::Main => {
                self.main_actions(seat, knowledge, &mut out);
                if self.has_battle_phase() {
                    out.retain(|action| self.grid_phase_refuses(action).is_none());
                    if self.may_change_phase() {
                        out.push(Action::NextPhase);
                    }
                }
            }
            // The grid's Battle Phase (DOR Modern) is decided as its Main Phases are.
            Decision::Battle => {}
            Decision::ProposeOutcome { .. } => {
                self.grid_outcome_proposals(seat, &mut out);
                self.grid_declared_summon_proposals(seat, knowledge, &mut out);
                out.extend(self.chance_calls());
            }
            Decision::ConsiderOutcome { .. } => {
                out.push(Action::AcceptOutcome);
                out.push(Action::RefuseOutcome);
            }
            Decision::SearchDeck => out.extend(self.search_choices(seat, knowledge)),
            // The card game's field's own decisions.
            Decision::ReturnDeckMaster { .. }
            | Decision::StartingSwap
            | Decision::ChooseSide
            | Decision::JoinDuel
            | Decision::HideAgain { .. }
            | Decision::JudgeMaterials { .. }
            | Decision::Replay { .. } => {}
            Decision::Respond { event } => {
                if self.check_pass(seat, *event, Some(knowledge)).is_ok() {
                    out.push(Action::Pass);
                }
                for (at, piece) in self.state.pieces() {
                    if piece.controller != seat {
                        continue;
                    }
                    let Some(reveal) = self.reveal_to_show(piece, knowledge) else {
                        continue;
                    };
                    // The reveal is opened last, once the rest allows the spring.
                    if self
                        .check_spring(seat, at, &reveal, *event, RevealCheck::Done)
                        .is_ok()
                        && (piece.face_up || self.reveal_shows_piece(piece, &reveal))
                    {
                        out.push(Action::SpringTrap {
                            at: at.into(),
                            reveal,
                        });
                    }
                }
            }
            Decision::Discard { .. } => {
                for (i, slot) in self.state.player(seat).hand.iter().enumerate() {
                    if let Some(reveal) = knowledge.get(&self.state.commitment(slot.card_ref)) {
                        out.push(Action::Discard {
                            hand_index: i as u8,
                            reveal: *reveal,
                        });
                    }
                }
            }
            Decision::ChooseOpponent { among } => {
                out.extend(
                    among
                        .iter()
                        .map(|opponent| Action::ChooseOpponent { opponent }),
                );
            }
            Decision::Ritual { .. } => out.extend(self.ritual_actions(seat, Some(knowledge))),
            Decision::Revive { .. } => out.extend(self.revival_actions(seat)),
            Decision::TakeControl { .. } => out.extend(self.take_control_actions(seat)),
            Decision::PlaceReturned { .. } => out.extend(self.place_returned_actions(seat)),
            Decision::PlaceRevived { .. } => out.extend(self.place_revived_actions(seat)),
            Decision::PlaceMade { .. } => out.extend(self.place_made_actions(seat)),
            Decision::Teleport { .. } => out.extend(self.teleport_actions(seat)),
            Decision::DestinyDraw => out.extend(self.draw_choice_actions()),
        }
        out
    }

    fn main_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        let format = &self.rules.format;
        let kairu = self.kairu();
        // Plays from the hand.
        let hand = &self.state.player(seat).hand;
        let area: Vec<Cell> = self
            .grid()
            .cells()
            .filter(|c| self.in_summon_area(seat, *c))
            .collect();
        // One pass for the seat's monsters and for `count_class` of both classes.
        let mut own_monsters: Vec<Cell> = Vec::new();
        // Where an equip spell from the hand may go: face-up monsters other than Deck
        // Leaders, the seat's own or (Alternate rule 3) any on the field, and (Kairu) the
        // seat's own face-down ones.
        let full_range_equips = self.rules.format.traps.equips_full_range;
        let face_down_equips = self.rules.format.play.equip_face_down;
        let equip_targets: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(_, p)| p.class == Class::Monster && !p.leader)
            .filter(|(_, p)| p.face_up || (face_down_equips && p.controller == seat))
            .filter(|(_, p)| full_range_equips || p.controller == seat)
            .map(|(cell, _)| cell)
            .collect();
        for (cell, piece) in self.state.pieces() {
            if piece.controller == seat
                && !piece.leader
                && self.known_class(piece, Some(knowledge)) == Class::Monster
            {
                own_monsters.push(cell);
            }
        }
        let counts = self.class_counts(seat, Some(knowledge));
        let bluff = format.play.bluff;
        // Filled anew for each hand card (one allocation for them all).
        let mut candidates: Vec<(PlayMode, u8, Vec<Place>)> = Vec::new();
        for (index, slot) in hand.iter().enumerate() {
            let index = index as u8;
            let commitment = self.state.commitment(slot.card_ref);
            let Some(reveal) = knowledge.get(&commitment).copied() else {
                continue;
            };
            let opens = std::cell::OnceCell::new();
            let opens =
                || *opens.get_or_init(|| commitment.opens_to(&self.state.match_id, seat, &reveal));
            let Some(card) = self.rules.pool.get(reveal.card) else {
                continue;
            };
            candidates.clear();
            match &card.kind {
                // Summoned only by its Ritual card.
                CardKind::Monster(m) if m.ritual => {}
                CardKind::Monster(m) => {
                    if self.activates_in_pendulum_zones(card) {
                        candidates.push((PlayMode::ActivateSpell, 0, Vec::new()));
                    }
                    match format.play.cost {
                        SummonCost::SummoningPoints { .. } => {
                            candidates.push((PlayMode::SetMonsterAttack, m.level, Vec::new()))
                        }
                        SummonCost::Tributes { .. } => {
                            let needed = usize::from(format.tributes_for(m.level));
                            let mut add = |tributes: Vec<Place>| {
                                candidates.push((PlayMode::Summon, 0, tributes.clone()));
                                candidates.push((PlayMode::SetMonsterAttack, 0, tributes.clone()));
                                candidates.push((PlayMode::SetMonsterDefence, 0, tributes));
                            };
                            // No tributes is the one empty combination, without allocating.
                            if needed == 0 {
                                add(Vec::new());
                                if bluff {
                                    candidates.push((PlayMode::SetCardAttack, 0, Vec::new()));
                                    candidates.push((PlayMode::SetCardDefence, 0, Vec::new()));
                                }
                            } else {
                                combinations(&own_monsters, needed)
                                    .into_iter()
                                    .map(|cells| cells.into_iter().map(Place::Cell).collect())
                                    .for_each(add);
                            }
                        }
                    }
                }
                CardKind::Spell {
                    spell: SpellKind::Equip,
                } => {
                    candidates.push((PlayMode::Equip, 0, Vec::new()));
                    candidates.push((PlayMode::SetSpellTrap, 0, Vec::new()));
                }
                CardKind::Spell { .. } => {
                    candidates.push((PlayMode::ActivateSpell, 0, Vec::new()));
                    candidates.push((PlayMode::SetSpellTrap, 0, Vec::new()));
                }
                CardKind::Trap { .. } => candidates.push((PlayMode::SetSpellTrap, 0, Vec::new())),
                // Not a card of the grid's game: it has no place on the grid.
                CardKind::Kingdom(_) => {}
            }
            if bluff && !card.is_monster() && !matches!(card.kind, CardKind::Kingdom(_)) {
                candidates.push((PlayMode::SetCardAttack, 0, Vec::new()));
                candidates.push((PlayMode::SetCardDefence, 0, Vec::new()));
            }
            for (mode, cost, tributes) in candidates.drain(..) {
                let with_tributes: Vec<Cell>;
                // `area` lists cells in board order, once each: sorted and deduplicated.
                let corners: [Cell; 2];
                let targets: &[Cell] = if mode == PlayMode::Equip {
                    &equip_targets
                } else if mode == PlayMode::ActivateSpell && card.is_monster() {
                    corners = self.pendulum_corners(seat);
                    &corners
                } else if mode == PlayMode::ActivateSpell
                    && card.spell_kind() == Some(SpellKind::Field)
                    && matches!(
                        format.terrain.field_spells,
                        FieldSpellMode::ControllerHalf | FieldSpellMode::FullRange
                    )
                {
                    // Classic rule 4: it goes to its Field Spell Zone through any unused
                    // cell; one more than the leader's zones is enough when those are full.
                    let mut cells = area.clone();
                    if let Some(free) = self.grid().cells().find(|c| {
                        self.state.piece(*c).is_none()
                            && self.state.base_terrain(*c) != Terrain::Labyrinth
                    }) {
                        cells.push(free);
                    }
                    cells.sort();
                    cells.dedup();
                    with_tributes = cells;
                    &with_tributes
                } else if tributes.is_empty() {
                    &area
                } else {
                    let mut cells = area.clone();
                    cells.extend(tributes.iter().filter_map(|t| t.cell()));
                    cells.sort();
                    cells.dedup();
                    with_tributes = cells;
                    &with_tributes
                };
                // One action, aimed at each target in turn.
                let mut action = Action::Play {
                    hand_index: index,
                    to: Place::default(),
                    mode,
                    cost,
                    tributes,
                    reveal: mode.reveals().then_some(reveal),
                };
                let prior = PlayPrior {
                    known: Some(card),
                    reveal: RevealCheck::Done,
                    counts: Some(counts),
                };
                for &target in targets {
                    if let Action::Play { to, .. } = &mut action {
                        *to = Place::Cell(target);
                    }
                    // The reveal is opened last, and only once: a play that fails anyway
                    // needs no SHA-256.
                    match self.check_play(seat, &action, Some(knowledge), prior) {
                        Ok(_) if !mode.reveals() || opens() => out.push(action.clone()),
                        // A monster played beyond the limit where that banishes it: the
                        // same play, showing the card.
                        Err(RuleError::MissingReveal { .. }) if !mode.reveals() => {
                            let mut shown = action.clone();
                            if let Action::Play { reveal: r, .. } = &mut shown {
                                *r = Some(reveal);
                            }
                            if self
                                .check_play(seat, &shown, Some(knowledge), prior)
                                .is_ok()
                                && opens()
                            {
                                out.push(shown);
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        // Fusions without a fusion spell, where the format allows them.
        self.fusion_actions(seat, knowledge, out);
        // Monsters their power-ups change.
        self.transform_actions(seat, knowledge, out);
        // Kairu: face-up spells turned face-up by an effect, activated now.
        for (at, piece) in self.state.pieces() {
            if piece.controller != seat || !self.face_up_spell_not_activated(at) {
                continue;
            }
            if let Some(reveal) = self.reveal_to_show(piece, knowledge)
                && self
                    .check_flip(seat, at, &reveal, RevealCheck::Needed)
                    .is_ok()
            {
                out.push(Action::Flip {
                    at: at.into(),
                    reveal,
                });
            }
        }
        // Moves, attacks, position changes and flips of cards on the grid.
        for (from, piece) in self.state.pieces() {
            if piece.controller != seat {
                continue;
            }
            // Every use of the reveal is about turning a face-down card face-up.
            let own_reveal = if piece.face_up {
                None
            } else {
                self.reveal_to_show(piece, knowledge)
            };
            // Opened at most once, and only when an action needs it: a face-down card's
            // reveal, which every flipping candidate carries.
            let opens = std::cell::OnceCell::new();
            let own_reveal_opens = || {
                *opens
                    .get_or_init(|| own_reveal.is_some_and(|r| self.reveal_shows_piece(piece, &r)))
            };
            // Computed once per piece for every move and attack candidate.
            let reachable = std::cell::OnceCell::new();
            let reachable = || reachable.get_or_init(|| self.reachable(from)).as_slice();
            // The bluff: the seat knows what its class-hidden cards are.
            let class = self.known_class(piece, Some(knowledge));
            if self.check_move_start(seat, from).is_ok() {
                let with_and_without_flip = [None, own_reveal];
                for &(to, reach) in reachable() {
                    let flips: &[Option<Reveal>] = match reach {
                        // Monsters meet enemy cards by attacking; a spell or trap may
                        // move into one where the format lets cards meet by moving.
                        Reach::Enemy if class == Class::Monster => continue,
                        // Classic rule 11: an equip moved onto an enemy monster it fits.
                        Reach::Enemy if !kairu => {
                            if piece.face_up || own_reveal.is_none() {
                                &with_and_without_flip[..1]
                            } else {
                                &with_and_without_flip[1..]
                            }
                        }
                        Reach::Enemy => &with_and_without_flip[..1],
                        _ if !piece.face_up && own_reveal.is_some() => {
                            // Kairu flips a monster, or activates a spell, as part of its move.
                            if kairu && (class == Class::Monster || reach == Reach::Empty)
                                || reach == Reach::Own && class == Class::SpellTrap
                            {
                                &with_and_without_flip
                            } else {
                                &with_and_without_flip[..1]
                            }
                        }
                        _ => &with_and_without_flip[..1],
                    };
                    for &flip in flips {
                        let action = Action::Move {
                            from: from.into(),
                            to: to.into(),
                            flip,
                        };
                        if self
                            .check_move(seat, &action, Some(reachable()), RevealCheck::Done)
                            .is_ok()
                            && (flip.is_none() || own_reveal_opens())
                        {
                            out.push(action);
                        }
                    }
                }
            }
            if class == Class::Monster && !piece.leader {
                let flip = if piece.face_up { None } else { own_reveal };
                let targets = self.attack_targets_within(from, reachable);
                for &target in &targets {
                    let action = Action::Attack {
                        from: from.into(),
                        target: target.into(),
                        flip,
                    };
                    if self
                        .check_attack(seat, &action, Some(&targets), RevealCheck::Done)
                        .is_ok()
                        && (flip.is_none() || own_reveal_opens())
                    {
                        out.push(action);
                    }
                }
                if self
                    .check_change_position(seat, from, Some(knowledge))
                    .is_ok()
                {
                    out.push(Action::ChangePosition { at: from.into() });
                }
            }
            if !piece.face_up
                && let Some(reveal) = own_reveal
                && self
                    .check_flip(seat, from, &reveal, RevealCheck::Done)
                    .is_ok()
                && own_reveal_opens()
            {
                out.push(Action::Flip {
                    at: from.into(),
                    reveal,
                });
            }
        }
        // A card database's Synchro, Xyz and Link Monsters (Classic rule 8, Modern rule 1).
        self.declared_extra_deck_summons(seat, knowledge, out);
        // Modern rule 5: Pendulum Summons between the Scales in the corners.
        self.grid_pendulum_summons(seat, knowledge, out);
        // A card database's effects used at will, by agreement.
        self.grid_activatable_effects(seat, out);
        out.push(Action::EndTurn);
    }
}

impl Duel {
    /// A menu of outcomes for an effect resolving by agreement on the grid: none at all,
    /// and each single operation of a small set the board allows (a card other than a Deck
    /// Leader sent to the graveyard or back to the hand, a monster destroyed or its position
    /// changed, an enemy's face-up monster taken for the turn (rule 15 placing it), 500 life
    /// points lost or gained by a player, a card drawn, a search, a
    /// shuffle). Any other valid outcome may be proposed too; this list is what a player
    /// without the card's text can always choose from.
    fn grid_outcome_proposals(&self, seat: Seat, out: &mut Vec<Action>) {
        use crate::agreement::{Destination, Operation};
        out.push(Action::ProposeOutcome {
            operations: Vec::new(),
        });
        // A declared summon's outcome is that summon or nothing (see
        // `grid_declared_summon_proposals`).
        if self.agreeing_on_declared_summon() {
            return;
        }
        let mut singles = Vec::new();
        let agreement_card = self.state.agreement.as_ref().map(|a| a.at);
        // Where a monster taken for the turn goes (Classic rule 15).
        let free_by_my_leader = self
            .grid()
            .neighbours(self.state.player(seat).leader)
            .find(|c| self.state.piece(*c).is_none())
            .map(Place::Cell);
        for (cell, piece) in self.state.pieces() {
            let at = Place::Cell(cell);
            if piece.leader || Some(at) == agreement_card {
                continue;
            }
            for to in [Destination::Hand, Destination::Graveyard] {
                singles.push(Operation::Move { from: at, to });
            }
            if piece.class == Class::Monster {
                singles.push(Operation::Destroy {
                    at,
                    destruction_damage: false,
                });
                singles.push(Operation::ChangePosition { at });
                // An Xyz Monster's materials (its first one; an equip beneath is none).
                if piece.face_up
                    && piece
                        .attached
                        .first()
                        .and_then(|a| self.rules.pool.get(a.card))
                        .is_some_and(crate::card::CardDef::is_monster)
                {
                    singles.push(Operation::Detach { at, index: 0 });
                }
                if piece.controller != seat && piece.face_up {
                    let to = if self.rules.format.play.control_change_to_leader {
                        free_by_my_leader
                    } else {
                        Some(at)
                    };
                    if let Some(to) = to {
                        singles.push(Operation::Control {
                            at,
                            seat,
                            to,
                            for_the_turn: true,
                        });
                    }
                }
            }
        }
        let table = self.state.table;
        for other in table.seats().filter(|s| table.in_play(*s)) {
            for amount in [-500, 500] {
                singles.push(Operation::LifePoints {
                    seat: other,
                    amount,
                });
            }
        }
        if !self.state.player(seat).deck.is_empty() {
            singles.push(Operation::Draw { seat, count: 1 });
            singles.push(Operation::Search { seat });
            singles.push(Operation::Shuffle { seat });
        }
        // Only what the engine would carry out (a very long duel may have no room left
        // for another shuffle, for one).
        out.extend(
            singles
                .into_iter()
                .map(|operation| vec![operation])
                .filter(|operations| self.preview_outcome(operations).is_ok())
                .map(|operations| Action::ProposeOutcome { operations }),
        );
    }
}
