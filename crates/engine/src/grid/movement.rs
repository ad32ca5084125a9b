//! Movement: how far a card may move this turn, the cells it can reach (paths run through
//! empty cells, never through Labyrinth, cards or teammates' cards), and moving — with Kairu's
//! moves onto your own cards and spells or traps moved onto enemy cards.

use crate::action::Action;
use crate::awaiting::TrapEvent;
use crate::card::{CardDef, CardId, CardKind, Primitive, SpellKind, TrapKind, Trigger};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::filters::piece_identity_matches;
use crate::grid::{Cell, RevealCheck, cell_of};
use crate::piece::{Attached, Class, Piece};
use crate::place::Place;
use crate::seat::Seat;
use crate::terrain::Terrain;

/// What lies at the end of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    Empty,
    Own,
    Enemy,
}

impl Duel {
    /// Whether a face-up, free card has a movement ability (`wanted`).
    pub(super) fn has_static(
        &self,
        cell: Cell,
        piece: &Piece,
        wanted: fn(&Primitive) -> bool,
    ) -> bool {
        // The card's own effects first: the spellbind check may look at the whole board.
        piece.face_up
            && piece
                .card
                .and_then(|id| self.rules.pool.get(id))
                .is_some_and(|c| {
                    c.effects
                        .iter()
                        .any(|e| e.trigger == Trigger::Movement && wanted(&e.primitive))
                })
            && !self.spellbound(cell, piece)
    }

    /// How many orthogonal steps the piece at `cell` may move this turn.
    pub fn move_steps(&self, cell: Cell) -> u8 {
        let Some(piece) = self.state.piece(cell) else {
            return 0;
        };
        let rules = &self.rules.format.movement;
        if piece.leader {
            // Where the extra steps are a Deck Leader ability, Serpent Marauder cancels them,
            // and Moisture Creature those of its controller's opponents' leaders.
            if rules.leader_steps > 1
                && self.rules.format.leader_abilities.is_some()
                && (self.movement_bonuses_cancelled()
                    || self.leader_powers_off_for(piece.controller))
            {
                return 1;
            }
            return rules.leader_steps;
        }
        match piece.class {
            Class::SpellTrap => {
                let continuous = piece.face_up
                    && self.public_card(cell).is_some_and(|c| {
                        matches!(
                            c.kind,
                            CardKind::Spell {
                                spell: SpellKind::Continuous
                            } | CardKind::Trap {
                                trap: TrapKind::Continuous,
                                ..
                            }
                        )
                    });
                if piece.face_up && (!continuous || !rules.continuous_may_move) {
                    0
                } else {
                    rules.spell_trap_steps
                }
            }
            // The bluff's formats move face-down monsters and spells/traps alike.
            Class::Monster | Class::Unknown if !piece.face_up => rules.monster_steps,
            Class::Unknown => rules.monster_steps,
            Class::Monster
                if self.has_static(cell, piece, |p| matches!(p, Primitive::CannotMove)) =>
            {
                0
            }
            Class::Monster => {
                let increased = if self.is_powered_up(cell, piece) {
                    rules.powered_up_steps.max(rules.face_up_steps)
                } else if self.has_static(cell, piece, |p| matches!(p, Primitive::MovesTwo))
                    || self.moves_two_by_aura(cell, piece)
                {
                    rules.face_up_steps.max(2)
                } else {
                    rules.face_up_steps
                };
                // Serpent Marauder: "cancels any increased movement effects for all cards".
                if increased > rules.face_up_steps && self.movement_bonuses_cancelled() {
                    rules.face_up_steps
                } else {
                    increased
                }
            }
        }
    }

    /// Cells the piece at `from` can reach this turn, with what is there. Paths run through
    /// empty, non-Labyrinth cells; an occupied cell can only be the last step, and a
    /// teammate's card is not a step at all.
    pub fn reachable(&self, from: Cell) -> Vec<(Cell, Reach)> {
        let Some(piece) = self.state.piece(from) else {
            return Vec::new();
        };
        let steps = self.move_steps(from);
        let cross_labyrinth =
            self.has_static(from, piece, |p| matches!(p, Primitive::CrossLabyrinth));
        let grid = *self.grid();
        let table = self.state.table;
        // Breadth-first, one layer per step: the first layer is `from`, each next one the
        // empty cells the last one found (kept in `found`, from `layer_start` on).
        let mut seen = Visited::new(self.state.cells.len());
        if let Some(i) = self.state.index(from) {
            seen.insert(i);
        }
        let mut found = Vec::with_capacity(16);
        let mut expand = |cell: Cell, found: &mut Vec<(Cell, Reach)>| {
            for n in grid.neighbours(cell) {
                // `base_terrain` and `piece`, with the index worked out once.
                let Some(i) = self.state.index(n).filter(|i| seen.insert(*i)) else {
                    continue;
                };
                let terrain = self.state.terrain.get(i).copied().unwrap_or_default();
                if terrain == Terrain::Labyrinth && !cross_labyrinth {
                    continue;
                }
                match self.state.cells.get(i).and_then(Option::as_ref) {
                    None => found.push((n, Reach::Empty)),
                    Some(other) if other.controller == piece.controller => {
                        found.push((n, Reach::Own))
                    }
                    Some(other) if table.are_opponents(piece.controller, other.controller) => {
                        found.push((n, Reach::Enemy))
                    }
                    // A teammate's card: it neither makes way nor fights.
                    Some(_) => {}
                }
            }
        };
        if steps > 0 {
            expand(from, &mut found);
        }
        let mut layer_start = 0;
        for _ in 1..steps {
            let layer_end = found.len();
            for i in layer_start..layer_end {
                if let Some(&(cell, Reach::Empty)) = found.get(i) {
                    expand(cell, &mut found);
                }
            }
            layer_start = layer_end;
        }
        found.sort_unstable();
        found
    }

    /// Whether the card's position change this turn keeps it from moving (or, in Kairu,
    /// battling by moving). Classic rule 8: "You cannot move a card that has already changed
    /// its battle position." Kairu forbids only a move with a change into defence: "You
    /// cannot move a card and change its position into Defense Position in the same turn. If
    /// a card moves, it must end its turn in attack position."
    pub(super) fn position_change_stops_moving(&self, piece: &Piece) -> bool {
        piece.changed_position && (piece.defence || !self.kairu())
    }

    pub(super) fn check_move_start(&self, seat: Seat, from: Cell) -> Result<&Piece, RuleError> {
        self.expect_main(seat, "move")?;
        let piece = self.own_piece(seat, from)?;
        let at = from.into();
        if self.spellbound(from, piece) {
            return Err(RuleError::Spellbound { at });
        }
        if piece.moved {
            return Err(RuleError::AlreadyMoved { at });
        }
        if piece.flip_summoned || self.position_change_stops_moving(piece) {
            return Err(RuleError::AlreadyChangedPosition { at });
        }
        if piece.attacked {
            return Err(RuleError::AlreadyAttacked { at });
        }
        if self.move_steps(from) == 0 {
            let why = if piece.leader {
                "the Deck Leader never moves in this format"
            } else if piece.class == Class::Monster && piece.face_up {
                "this monster cannot move (its own effect)"
            } else {
                "face-up spells and traps stay where they are"
            };
            return Err(RuleError::CannotMove { at, why });
        }
        Ok(piece)
    }

    /// Returns the equip card when the move attaches an equip spell to a monster.
    /// `started`, when given, is what `reachable(from)` returns, from `legal_actions`, which
    /// lists moves only of pieces that passed `check_move_start`.
    pub(super) fn check_move(
        &self,
        seat: Seat,
        action: &Action,
        started: Option<&[(Cell, Reach)]>,
        reveal_check: RevealCheck,
    ) -> Result<Option<CardId>, RuleError> {
        let Action::Move { from, to, flip } = action else {
            return Err(RuleError::CannotMove {
                at: Cell::default().into(),
                why: "not a move",
            });
        };
        let (from, to) = (cell_of(*from)?, cell_of(*to)?);
        let piece = match started {
            Some(_) => self.own_piece(seat, from)?,
            None => self.check_move_start(seat, from)?,
        };
        if !self.state.contains(to) {
            return Err(RuleError::OffBoard { at: to.into() });
        }
        let computed;
        let reachable = match started {
            Some(r) => r,
            None => {
                computed = self.reachable(from);
                &computed
            }
        };
        let reach =
            reachable
                .iter()
                .copied()
                .find(|(c, _)| *c == to)
                .map(|(_, r)| r)
                .ok_or(if self.state.base_terrain(to) == Terrain::Labyrinth {
                    RuleError::Labyrinth { at: to.into() }
                } else if self.state.piece(to).is_some_and(|p| {
                    p.controller != seat && !self.are_opponents(seat, p.controller)
                }) {
                    // A teammate's card stands there.
                    RuleError::Occupied { at: to.into() }
                } else {
                    RuleError::Unreachable {
                        from: from.into(),
                        to: to.into(),
                    }
                })?;
        let flipped = match flip {
            Some(reveal) => {
                if piece.face_up {
                    return Err(RuleError::CannotFlip {
                        at: from.into(),
                        why: "it is already face-up",
                    });
                }
                Some(self.check_piece_reveal(reveal_check, piece, reveal)?)
            }
            None => None,
        };
        // A class-hidden card (the bluff) flipped as it moves shows what it is.
        let mover_class = flipped.map_or(piece.class, Class::of);
        match reach {
            Reach::Empty => {
                // Kairu: "you can move a card one space forward AND flip it face up during
                // the same movement order … If you do this with a normal spell card … it will
                // then activate its effect after the move." A trap springs only in answer to
                // an enemy; an equip is flipped onto a monster.
                if let Some(card) = flipped
                    && (!self.kairu() || !(card.is_monster() || flips_as_activation(card)))
                {
                    return Err(RuleError::CannotFlip {
                        at: from.into(),
                        why: "only monsters and spells (not equips) flip while moving, where the \
                              format allows it",
                    });
                }
                Ok(None)
            }
            Reach::Enemy => {
                // Classic rule 11: "if an Equip Spell card moves to a Card Zone occupied by a
                // monster: Activate the effect of that Equip Spell Card and place it
                // underneath that monster" — any monster it fits, an enemy's too.
                if !self.kairu() && mover_class == Class::SpellTrap {
                    let target = self
                        .state
                        .piece(to)
                        .ok_or(RuleError::EmptyCell { at: to.into() })?;
                    return self.equip_moved_onto(piece, flipped, target, to).map(Some);
                }
                // Kairu: a spell or trap moved onto an enemy card meets it (see do_move).
                if piece.class != Class::SpellTrap || !self.kairu() {
                    return Err(RuleError::Occupied { at: to.into() });
                }
                if flipped.is_some() {
                    return Err(RuleError::CannotFlip {
                        at: from.into(),
                        why: "only monsters flip while moving",
                    });
                }
                Ok(None)
            }
            Reach::Own => {
                let target = self
                    .state
                    .piece(to)
                    .ok_or(RuleError::EmptyCell { at: to.into() })?;
                // Kairu: a set card moved without showing itself onto one of your monsters
                // replaces it ("the card which moved first destroys the card it is moved on
                // top of"), whatever it is; an equip that shows itself attaches instead.
                let replaces_unshown = self.kairu()
                    && !piece.face_up
                    && flipped.is_none()
                    && !target.leader
                    && !piece.leader;
                // A spell/trap carried onto one of your monsters: an equip attaches.
                if mover_class == Class::SpellTrap
                    && target.class == Class::Monster
                    && !replaces_unshown
                {
                    return self.equip_moved_onto(piece, flipped, target, to).map(Some);
                }
                // The Deck Leader too: "If you move your card over another one of your cards
                // then the card which moved first destroys the card it is moved on top of";
                // only the leader itself is never moved onto ("cannot be removed").
                if self.kairu() && !target.leader {
                    if flipped.is_some_and(|c| !c.is_monster()) {
                        return Err(RuleError::CannotFlip {
                            at: from.into(),
                            why: "only monsters flip while moving",
                        });
                    }
                    Ok(None)
                } else {
                    Err(RuleError::Occupied { at: to.into() })
                }
            }
        }
    }

    pub(super) fn do_move(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let equip = self.check_move(seat, action, None, RevealCheck::Needed)?;
        let Action::Move { from, to, flip } = action else {
            return Ok(());
        };
        let (from, to) = (cell_of(*from)?, cell_of(*to)?);
        if let Some(reveal) = flip {
            self.reveal_piece(from, reveal.card, events)?;
        }
        // Kairu: a spell or trap moved onto an enemy monster is destroyed where it stood; onto
        // an enemy spell or trap it destroys that card and takes its place (below).
        if equip.is_none()
            && self
                .state
                .piece(to)
                .is_some_and(|p| p.controller != seat && p.class == Class::Monster)
        {
            self.destroy(from, None, events);
            return Ok(());
        }
        let Some(mut piece) = self.state.take(from) else {
            return Ok(());
        };
        events.push(Event::Moved {
            from: from.into(),
            to: to.into(),
        });
        if let Some(card) = equip {
            if let Some(target) = self.state.piece_mut(to) {
                target.attached.push(Attached {
                    owner: piece.owner,
                    card_ref: piece.card_ref,
                    card,
                    reversed: false,
                });
            }
            events.push(Event::Equipped {
                at: to.into(),
                card,
            });
            self.queue_agreed_equip(card, seat, to);
            self.open_windows(seat, TrapEvent::PowerUp { at: to.into() }, events);
            return Ok(());
        }
        let flipped_card = flip.map(|r| r.card);
        if let Some(card) = self.equip_picked_up(&piece, flipped_card, to) {
            // Kairu: "If you move a monster on top of that Equip Spell, if applicable, the
            // spell card will equip to the monster."
            if let Some(equip) = self.state.take(to) {
                piece.attached.push(Attached {
                    owner: equip.owner,
                    card_ref: equip.card_ref,
                    card,
                    reversed: false,
                });
                events.push(Event::Equipped {
                    at: to.into(),
                    card,
                });
                self.queue_agreed_equip(card, seat, to);
                self.open_windows(seat, TrapEvent::PowerUp { at: to.into() }, events);
            }
        } else if self.state.piece(to).is_some() {
            self.destroy(to, Some(seat), events);
        }
        piece.moved = true;
        // Kairu: "If a card moves, it must end its turn in attack position."
        if self.kairu() {
            piece.defence = false;
        }
        if let Some(card) = flipped_card {
            piece.face_up = true;
            // Flipped by its controller as part of its move: a monster's turns in defence
            // count.
            let monster = self.rules.pool.get(card).is_some_and(CardDef::is_monster);
            piece.turns_in_defence = monster.then_some(0);
        }
        if piece.leader {
            self.state.player_mut(seat).leader = to;
        }
        let ignores_traps = self.has_static(from, &piece, |p| matches!(p, Primitive::IgnoreTraps));
        self.state.put(to, piece);
        self.terraform_on_entry(to, events);
        if let Some(card) = flipped_card.and_then(|id| self.rules.pool.get(id)).cloned() {
            events.push(Event::Flipped {
                at: to.into(),
                card: card.id,
            });
            if card.is_monster() {
                self.queue_trigger(&card, Trigger::Flip, seat, Some(to), None, None);
            } else {
                // The spell activates from the space it moved onto.
                self.begin_spell(seat, &card, Some(to), events);
            }
        }
        // A face-up monster's movement effect left to agreement follows its move.
        if let Some(piece) = self.state.piece(to)
            && piece.face_up
            && flipped_card.is_none()
            && !self.is_spellbound(to)
            && let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)).cloned()
        {
            let controller = piece.controller;
            self.queue_agreed(&card, Trigger::Movement, controller, to);
            self.queue_movement_damage(&card, controller, to);
        }
        self.crush_check(to, events);
        if self.state.piece(to).is_some() && !ignores_traps {
            self.open_windows(seat, TrapEvent::Moved { at: to.into() }, events);
        }
        Ok(())
    }

    /// The equip spell `piece` (shown by `flipped` if it was face-down) moved onto the
    /// monster `target`: it must be an equip that fits a face-up monster other than a Deck
    /// Leader.
    fn equip_moved_onto(
        &self,
        piece: &Piece,
        flipped: Option<&CardDef>,
        target: &Piece,
        to: Cell,
    ) -> Result<CardId, RuleError> {
        if target.class != Class::Monster {
            return Err(RuleError::Occupied { at: to.into() });
        }
        let Some(equip) = flipped.or_else(|| piece.card.and_then(|id| self.rules.pool.get(id)))
        else {
            return Err(RuleError::MissingReveal {
                why: "an equip moved onto a monster shows itself",
            });
        };
        let Some(filter) = equip.equip_to.as_ref() else {
            return Err(RuleError::Occupied { at: to.into() });
        };
        let fits = target.face_up
            && !target.leader
            && target
                .card
                .and_then(|id| self.rules.pool.get(id))
                .is_some_and(|t| piece_identity_matches(filter, t, target, None));
        if !fits {
            return Err(RuleError::WrongPlayMode {
                why: "this monster cannot take that equip",
            });
        }
        Ok(equip.id)
    }

    /// Kairu: the face-up Equip Spell of the mover's own at `to` that a monster moving onto
    /// it picks up — one that can equip it, judged on the monster as every peer sees it
    /// (face-up, or flipped as part of the move). A face-down monster, or one the equip does
    /// not fit, destroys the card it moves onto, as any card of yours moved over another.
    fn equip_picked_up(&self, mover: &Piece, flipped: Option<CardId>, to: Cell) -> Option<CardId> {
        if !self.kairu() || mover.class != Class::Monster || mover.leader {
            return None;
        }
        let equip_piece = self.state.piece(to)?;
        if equip_piece.class != Class::SpellTrap
            || !equip_piece.face_up
            || equip_piece.controller != mover.controller
        {
            return None;
        }
        let equip = self.rules.pool.get(equip_piece.card?)?;
        let filter = equip.equip_to.as_ref()?;
        let monster_id = flipped.or(mover.card.filter(|_| mover.face_up))?;
        let monster = self.rules.pool.get(monster_id)?;
        piece_identity_matches(filter, monster, mover, None).then_some(equip.id)
    }

    /// Kairu: whether `seat`'s move from `from` to `to` is a monster of theirs moving onto
    /// an opponent's card, which is a battle ("If you move a monster over an opponents,
    /// they battle").
    pub(super) fn moves_into_battle(&self, seat: Seat, from: Place, to: Place) -> bool {
        if !self.kairu() {
            return false;
        }
        let (Some(from), Some(to)) = (from.cell(), to.cell()) else {
            return false;
        };
        let mover = self.state.piece(from);
        let met = self.state.piece(to);
        mover.is_some_and(|m| m.controller == seat && m.class == Class::Monster && !m.leader)
            && met.is_some_and(|t| self.are_opponents(seat, t.controller))
    }

    /// A Kairu attacker that won moves into the cell it attacked.
    pub(super) fn advance(&mut self, from: Cell, to: Cell, events: &mut Vec<Event>) {
        if self.state.piece(to).is_some() {
            return;
        }
        if let Some(piece) = self.state.take(from) {
            self.state.put(to, piece);
            // Its effects waiting to resolve (after the battle it won) follow it.
            for effect in &mut self.state.queue {
                if effect.at == Some(crate::place::Place::Cell(from)) {
                    effect.at = Some(crate::place::Place::Cell(to));
                }
            }
            events.push(Event::Moved {
                from: from.into(),
                to: to.into(),
            });
            self.terraform_on_entry(to, events);
            self.crush_check(to, events);
        }
    }
}

/// Cells a search has seen, by index: a bitmask on boards of up to 128 cells (every
/// format's board is at most 11 by 11), a vector beyond.
enum Visited {
    Small { bits: u128, cells: usize },
    Large(Vec<bool>),
}

impl Visited {
    fn new(cells: usize) -> Visited {
        if cells <= 128 {
            Visited::Small { bits: 0, cells }
        } else {
            Visited::Large(vec![false; cells])
        }
    }

    /// Marks cell `i` seen. False if it was already, or lies past the last cell.
    fn insert(&mut self, i: usize) -> bool {
        match self {
            Visited::Small { bits, cells } => {
                if i >= *cells {
                    return false;
                }
                // `i < cells <= 128`: the shift stays inside the mask.
                let mask = 1u128 << i;
                let new = *bits & mask == 0;
                *bits |= mask;
                new
            }
            Visited::Large(seen) => match seen.get_mut(i) {
                Some(s) if !*s => {
                    *s = true;
                    true
                }
                _ => false,
            },
        }
    }
}

/// Whether turning `card` face-up activates it: a spell other than an equip (an equip is
/// flipped onto a monster, and an attacked one joins the attacker or is destroyed, Classic
/// rule 11).
pub(super) fn flips_as_activation(card: &CardDef) -> bool {
    matches!(card.kind, CardKind::Spell { spell } if spell != SpellKind::Equip)
}
