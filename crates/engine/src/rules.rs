//! The rules: queries, validation, legal-action listing and application.

use crate::action::{Action, PlayMode};
use crate::card::{
    Area, CardDef, CardId, CardKind, EffectDef, Filter, KindFilter, MonsterType, Pick, Player,
    Primitive, Side, SpellKind, TrapKind, TrapRange, Trigger,
};
use crate::duel::{Duel, Knowledge};
use crate::error::RuleError;
use crate::event::Event;
use crate::format::{Family, FieldSpellMode, SummonArea, SummonCost, TrapReach};
use crate::hash::Digest32;
use crate::state::{
    Attached, Awaiting, Bind, CardRef, CardSlot, Cell, Class, Commitment, DeckOrder, DrawDue,
    Modifier, Outcome, PendingClaim, Phase, Piece, PositionOpening, PositionSlot, Predicate,
    QueuedEffect, Resume, Reveal, Seat, TrapEvent, WinReason,
};
use crate::terrain::Terrain;

/// What lies at the end of a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    Empty,
    Own,
    Enemy,
}

/// Whether a check must still open a reveal against its commitment. `legal_actions` opens
/// each of the seat's own reveals once and then lists every candidate action carrying it,
/// instead of recomputing the same SHA-256 commitment for each candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RevealCheck {
    Needed,
    /// The caller has checked that this very reveal opens the card's commitment.
    Done,
}

/// A validated play, ready to apply.
struct PlayPlan {
    card: Option<CardId>,
    replaces: Option<Cell>,
    claim: Option<Predicate>,
}

impl Duel {
    // ------------------------------------------------------------------ queries

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

    /// The terrain in effect at a cell (Classic field spells colour their owner's half).
    pub fn terrain_at(&self, cell: Cell) -> Terrain {
        let base = self.state.base_terrain(cell);
        if self.rules.format.terrain.field_spells == FieldSpellMode::ControllerHalf
            && let Some(seat) = self.state.half_of(cell)
            && let Some(field) = self.state.player(seat).field_spell
            && let Some(terrain) = self.rules.pool.get(field.card).and_then(field_terrain)
            && base != Terrain::Labyrinth
        {
            return terrain;
        }
        base
    }

    /// Current ATK and DEF of the monster at `cell`, seen by the public. `None` when there is
    /// no monster or it is hidden.
    pub fn stats_at(&self, cell: Cell) -> Option<(i32, i32)> {
        let piece = self.state.piece(cell)?;
        let card = self.rules.pool.get(piece.card?)?;
        Some(self.stats_of(cell, piece, card))
    }

    /// Current ATK and DEF of `piece` at `cell` if it is `card`.
    pub fn stats_of(&self, cell: Cell, piece: &Piece, card: &CardDef) -> (i32, i32) {
        let Some(m) = card.monster() else {
            return (0, 0);
        };
        if piece.leader {
            return (0, 0);
        }
        let (mut atk, mut def) = (i32::from(m.atk), i32::from(m.def));
        if piece.face_up {
            let bonus = self.terrain_at(cell).stat_bonus(m.monster_type);
            atk += bonus;
            def += bonus;
        }
        for modifier in &piece.modifiers {
            atk += i32::from(modifier.atk);
            def += i32::from(modifier.def);
        }
        if piece.face_up {
            for equip in &piece.equips {
                for (a, d) in self
                    .rules
                    .pool
                    .get(equip.card)
                    .into_iter()
                    .flat_map(equip_bonus)
                {
                    atk += a;
                    def += d;
                }
            }
            let (a, d) = self.aura_bonus(cell, piece, card);
            atk += a;
            def += d;
        }
        (atk.max(0), def.max(0))
    }

    /// Stat changes from face-up cards with continuous effects.
    fn aura_bonus(&self, cell: Cell, piece: &Piece, card: &CardDef) -> (i32, i32) {
        let mut total = (0, 0);
        for (source_cell, source) in self.state.pieces() {
            if !source.face_up || source.is_bound() || source.leader || source_cell == cell {
                continue;
            }
            let Some(source_card) = source.card.and_then(|id| self.rules.pool.get(id)) else {
                continue;
            };
            for effect in &source_card.effects {
                if effect.trigger != Trigger::Continuous {
                    continue;
                }
                if let Primitive::ModifyStats {
                    targets, atk, def, ..
                } = &effect.primitive
                    && in_area(targets.area, source_cell, cell, None)
                    && self.identity_filter(&targets.filter, source.controller, piece, card, None)
                    // Held by another's continuous spellbind: its effects are off too.
                    && !self.held_by_continuous_bind(source_cell, source)
                {
                    total.0 += i32::from(*atk);
                    total.1 += i32::from(*def);
                }
            }
        }
        total
    }

    fn is_powered_up(&self, cell: Cell, piece: &Piece) -> bool {
        piece.face_up
            && self
                .public_card(cell)
                .and_then(CardDef::monster)
                .is_some_and(|m| self.terrain_at(cell).stat_bonus(m.monster_type) > 0)
    }

    /// Whether the monster at `cell` is spellbound: by counters, or held by a face-up card's
    /// continuous spellbind.
    pub fn is_spellbound(&self, cell: Cell) -> bool {
        self.state
            .piece(cell)
            .is_some_and(|p| self.spellbound(cell, p))
    }

    /// [`Duel::is_spellbound`] for `piece`, which is at `cell` or was just taken from it.
    fn spellbound(&self, cell: Cell, piece: &Piece) -> bool {
        piece.is_bound() || self.held_by_continuous_bind(cell, piece)
    }

    /// Held by the continuous spellbind of a face-up, unbound card ("while this monster is
    /// face-up on the field: ... are spellbound"). Only counters switch a holder off, not
    /// another holder's spellbind, so holders never depend on one another (no card of the
    /// pool can hold a holder anyway).
    fn held_by_continuous_bind(&self, cell: Cell, piece: &Piece) -> bool {
        if piece.class != Class::Monster || piece.leader || !self.rules.pool.may_be_held(piece.card)
        {
            return false;
        }
        let card = piece.card.and_then(|id| self.rules.pool.get(id));
        self.state.pieces().any(|(source_cell, source)| {
            source_cell != cell
                && source.face_up
                && !source.leader
                && !source.is_bound()
                && source
                    .card
                    .filter(|id| self.rules.pool.is_binder(*id))
                    .and_then(|id| self.rules.pool.get(id))
                    .is_some_and(|source_card| {
                        source_card
                            .effects
                            .iter()
                            .any(|effect| match &effect.primitive {
                                Primitive::Spellbind { targets, .. }
                                    if effect.trigger == Trigger::Continuous =>
                                {
                                    in_area(targets.area, source_cell, cell, None)
                                        && self.public_filter(
                                            &targets.filter,
                                            source.controller,
                                            piece,
                                        )
                                        && (!filter_needs_identity(&targets.filter)
                                            || card.is_some_and(|c| {
                                                identity_matches(&targets.filter, c, None)
                                            }))
                                }
                                _ => false,
                            })
                    })
        })
    }

    fn has_static(&self, cell: Cell, piece: &Piece, wanted: fn(&Primitive) -> bool) -> bool {
        piece.face_up
            && !self.spellbound(cell, piece)
            && piece
                .card
                .and_then(|id| self.rules.pool.get(id))
                .is_some_and(|c| {
                    c.effects
                        .iter()
                        .any(|e| e.trigger == Trigger::Movement && wanted(&e.primitive))
                })
    }

    /// How many orthogonal steps the piece at `cell` may move this turn.
    pub fn move_steps(&self, cell: Cell) -> u8 {
        let Some(piece) = self.state.piece(cell) else {
            return 0;
        };
        let rules = &self.rules.format.movement;
        if piece.leader {
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
            Class::Monster if !piece.face_up => rules.monster_steps,
            Class::Monster if self.is_powered_up(cell, piece) => {
                rules.powered_up_steps.max(rules.face_up_steps)
            }
            Class::Monster => rules.face_up_steps,
        }
    }

    /// Cells the piece at `from` can reach this turn, with what is there. Paths run through
    /// empty, non-Labyrinth cells; an occupied cell can only be the last step.
    pub fn reachable(&self, from: Cell) -> Vec<(Cell, Reach)> {
        let Some(piece) = self.state.piece(from) else {
            return Vec::new();
        };
        let steps = self.move_steps(from);
        let cross_labyrinth =
            self.has_static(from, piece, |p| matches!(p, Primitive::CrossLabyrinth));
        // Breadth-first, one layer per step. `seen` is indexed like `cells`; the layers live
        // in one buffer (`layer_start..` is the current frontier).
        let mut seen = vec![false; self.state.cells.len()];
        if let Some(s) = self.state.index(from).and_then(|i| seen.get_mut(i)) {
            *s = true;
        }
        let mut layers = vec![from];
        let mut layer_start = 0;
        let mut found = Vec::new();
        for _ in 0..steps {
            let layer_end = layers.len();
            for f in layer_start..layer_end {
                for n in self.state.neighbours(layers[f]) {
                    let Some(seen) = self.state.index(n).and_then(|i| seen.get_mut(i)) else {
                        continue;
                    };
                    if *seen {
                        continue;
                    }
                    *seen = true;
                    if self.state.base_terrain(n) == Terrain::Labyrinth && !cross_labyrinth {
                        continue;
                    }
                    match self.state.piece(n) {
                        None => {
                            found.push((n, Reach::Empty));
                            layers.push(n);
                        }
                        Some(other) if other.controller == piece.controller => {
                            found.push((n, Reach::Own))
                        }
                        Some(_) => found.push((n, Reach::Enemy)),
                    }
                }
            }
            layer_start = layer_end;
        }
        found.sort_unstable();
        found
    }

    fn in_summon_area(&self, seat: Seat, cell: Cell) -> bool {
        let leader = self.state.player(seat).leader;
        match self.rules.format.play.area {
            SummonArea::LeaderAdjacent => cell.is_orthogonal_neighbour(leader),
            SummonArea::LeaderSquare => cell.is_in_square_around(leader),
        }
    }

    /// Does `piece` (known to be `card`) pass `filter`, seen from `viewer`?
    fn identity_filter(
        &self,
        filter: &Filter,
        viewer: Seat,
        piece: &Piece,
        card: &CardDef,
        stats: Option<(i32, i32)>,
    ) -> bool {
        if let Some(side) = filter.side {
            let own = piece.controller == viewer;
            if (side == Side::Own) != own {
                return false;
            }
        }
        if filter.face_up_only && !piece.face_up {
            return false;
        }
        if filter.defence_only && !piece.defence {
            return false;
        }
        identity_matches(filter, card, stats.map(|s| s.0))
    }

    // ------------------------------------------------------------------ legal actions

    /// Every action `seat` may take now, given what it knows. (Conceding is always allowed
    /// and not listed.)
    pub fn legal_actions(&self, seat: Seat, knowledge: &Knowledge) -> Vec<Action> {
        let mut out = Vec::new();
        match &self.state.awaiting {
            Awaiting::Main { seat: s } if *s == seat => {
                self.main_actions(seat, knowledge, &mut out)
            }
            Awaiting::Respond { seat: s, event } if *s == seat => {
                if self.check_pass(seat, *event, Some(knowledge)).is_ok() {
                    out.push(Action::Pass);
                }
                for (at, piece) in self.state.pieces() {
                    let Some(reveal) = knowledge.get(&self.state.commitment(piece.card_ref)) else {
                        continue;
                    };
                    if piece.controller == seat
                        && self.check_spring(seat, at, reveal, *event).is_ok()
                    {
                        out.push(Action::SpringTrap {
                            at,
                            reveal: *reveal,
                        });
                    }
                }
            }
            Awaiting::OpenDraw { seat: s, .. } if *s == seat => {
                if let Some((_, commitment)) = self.open_draw_slot()
                    && let Some(opening) = knowledge.position(&commitment)
                {
                    out.push(Action::OpenDraw { opening: *opening });
                }
            }
            Awaiting::Reveal {
                seat: s,
                commitments,
            } if *s == seat => {
                let reveals: Option<Vec<Reveal>> = commitments
                    .iter()
                    .map(|c| knowledge.get(c).copied())
                    .collect();
                if let Some(reveals) = reveals {
                    out.push(Action::Reveal { reveals });
                }
            }
            Awaiting::Declare { seat: s, cells } if *s == seat => {
                if let Resume::DestroyDeclared { effect } = &self.state.resume
                    && let Some(filter) = self.effect_filter(effect)
                {
                    let mut matching = Vec::new();
                    for cell in cells {
                        let Some(piece) = self.state.piece(*cell) else {
                            continue;
                        };
                        let Some(reveal) = knowledge.get(&self.state.commitment(piece.card_ref))
                        else {
                            continue;
                        };
                        if let Some(card) = self.rules.pool.get(reveal.card)
                            && identity_matches(&filter, card, None)
                        {
                            matching.push((*cell, *reveal));
                        }
                    }
                    out.push(Action::Declare { matching });
                }
            }
            Awaiting::Discard { seat: s, .. } if *s == seat => {
                for (i, slot) in self.state.player(seat).hand.iter().enumerate() {
                    if let Some(reveal) = knowledge.get(&self.state.commitment(slot.card_ref)) {
                        out.push(Action::Discard {
                            hand_index: i as u8,
                            reveal: *reveal,
                        });
                    }
                }
            }
            _ => {}
        }
        out
    }

    fn main_actions(&self, seat: Seat, knowledge: &Knowledge, out: &mut Vec<Action>) {
        let format = &self.rules.format;
        // Plays from the hand.
        let hand = &self.state.player(seat).hand;
        let area: Vec<Cell> = self
            .state
            .all_cells()
            .filter(|c| self.in_summon_area(seat, *c))
            .collect();
        let own_monsters: Vec<Cell> = self
            .state
            .pieces()
            .filter(|(_, p)| p.controller == seat && p.class == Class::Monster && !p.leader)
            .map(|(c, _)| c)
            .collect();
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
            let mut candidates: Vec<(PlayMode, u8, Vec<Cell>)> = Vec::new();
            match &card.kind {
                CardKind::Monster(m) => match format.play.cost {
                    SummonCost::SummoningPoints { .. } => {
                        candidates.push((PlayMode::SetMonsterAttack, m.level, Vec::new()))
                    }
                    SummonCost::Tributes { .. } => {
                        let needed = usize::from(format.tributes_for(m.level));
                        for tributes in combinations(&own_monsters, needed) {
                            candidates.push((PlayMode::Summon, 0, tributes.clone()));
                            candidates.push((PlayMode::SetMonsterAttack, 0, tributes.clone()));
                            candidates.push((PlayMode::SetMonsterDefence, 0, tributes));
                        }
                    }
                },
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
            }
            for (mode, cost, tributes) in candidates {
                let targets: Vec<Cell> = if mode == PlayMode::Equip {
                    own_monsters.clone()
                } else {
                    let mut cells = area.clone();
                    cells.extend(tributes.iter().copied());
                    cells.sort();
                    cells.dedup();
                    cells
                };
                if mode.reveals() && !opens() {
                    continue;
                }
                for to in targets {
                    let action = Action::Play {
                        hand_index: index,
                        to,
                        mode,
                        cost,
                        tributes: tributes.clone(),
                        reveal: mode.reveals().then_some(reveal),
                    };
                    if self
                        .check_play(seat, &action, Some(knowledge), RevealCheck::Done)
                        .is_ok()
                    {
                        out.push(action);
                    }
                }
            }
        }
        // Moves, attacks, position changes and flips of cards on the grid.
        for (from, piece) in self.state.pieces() {
            if piece.controller != seat {
                continue;
            }
            let commitment = self.state.commitment(piece.card_ref);
            let own_reveal = knowledge.get(&commitment).copied();
            // Opened at most once, and only when an action needs it: a face-down card's
            // reveal, which every flipping candidate carries.
            let opens = std::cell::OnceCell::new();
            let own_reveal_opens = || {
                *opens.get_or_init(|| {
                    own_reveal
                        .is_some_and(|r| commitment.opens_to(&self.state.match_id, piece.owner, &r))
                })
            };
            // Computed once per piece for every move and attack candidate.
            let reachable = std::cell::OnceCell::new();
            let reachable = || reachable.get_or_init(|| self.reachable(from)).as_slice();
            if self.check_move_start(seat, from).is_ok() {
                for &(to, reach) in reachable() {
                    let flips: Vec<Option<Reveal>> = match reach {
                        // Monsters meet enemy cards by attacking; a spell or trap may
                        // move into one where the format lets cards meet by moving.
                        Reach::Enemy
                            if piece.class == Class::Monster
                                || !format.movement.attack_by_moving =>
                        {
                            continue;
                        }
                        Reach::Enemy => vec![None],
                        _ if !piece.face_up && own_reveal.is_some() => {
                            if format.movement.flip_while_moving && piece.class == Class::Monster
                                || reach == Reach::Own && piece.class == Class::SpellTrap
                            {
                                vec![None, own_reveal]
                            } else {
                                vec![None]
                            }
                        }
                        _ => vec![None],
                    };
                    for flip in flips {
                        if flip.is_some() && !own_reveal_opens() {
                            continue;
                        }
                        let action = Action::Move { from, to, flip };
                        if self
                            .check_move(seat, &action, Some(reachable()), RevealCheck::Done)
                            .is_ok()
                        {
                            out.push(action);
                        }
                    }
                }
            }
            if piece.class == Class::Monster && !piece.leader {
                let flip = if piece.face_up { None } else { own_reveal };
                let targets = self.attack_targets_within(from, reachable);
                if flip.is_none() || own_reveal_opens() {
                    for &target in &targets {
                        let action = Action::Attack { from, target, flip };
                        if self
                            .check_attack(seat, &action, Some(&targets), RevealCheck::Done)
                            .is_ok()
                        {
                            out.push(action);
                        }
                    }
                }
                if self.check_change_position(seat, from).is_ok() {
                    out.push(Action::ChangePosition { at: from });
                }
            }
            if !piece.face_up
                && let Some(reveal) = own_reveal
                && own_reveal_opens()
                && self
                    .check_flip(seat, from, &reveal, RevealCheck::Done)
                    .is_ok()
            {
                out.push(Action::Flip { at: from, reveal });
            }
        }
        out.push(Action::EndTurn);
    }

    fn attack_targets(&self, from: Cell) -> Vec<Cell> {
        let reachable = std::cell::OnceCell::new();
        self.attack_targets_within(from, || {
            reachable.get_or_init(|| self.reachable(from)).as_slice()
        })
    }

    /// [`Duel::attack_targets`], given what `reachable(from)` returns (asked for only where
    /// attacks are moves).
    fn attack_targets_within<'a>(
        &self,
        from: Cell,
        reachable: impl FnOnce() -> &'a [(Cell, Reach)],
    ) -> Vec<Cell> {
        if self.rules.format.movement.attack_by_moving {
            reachable()
                .iter()
                .filter(|(_, r)| *r == Reach::Enemy)
                .map(|(c, _)| *c)
                .collect()
        } else {
            let Some(piece) = self.state.piece(from) else {
                return Vec::new();
            };
            self.state
                .neighbours(from)
                .filter(|n| {
                    self.state
                        .piece(*n)
                        .is_some_and(|p| p.controller != piece.controller)
                })
                .collect()
        }
    }

    // ------------------------------------------------------------------ validation

    fn expect_main(&self, seat: Seat, action: &'static str) -> Result<(), RuleError> {
        match self.state.awaiting {
            Awaiting::Main { seat: s } if s == seat => Ok(()),
            ref other => Err(self.wrong_decision(seat, action, other)),
        }
    }

    fn wrong_decision(&self, seat: Seat, action: &'static str, awaiting: &Awaiting) -> RuleError {
        match awaiting.seat() {
            None => RuleError::DuelOver,
            Some(expected) if expected != seat => RuleError::NotYourDecision {
                expected,
                actual: seat,
            },
            Some(_) => RuleError::WrongDecision {
                action,
                awaiting: awaiting_name(awaiting),
            },
        }
    }

    fn own_piece(&self, seat: Seat, cell: Cell) -> Result<&Piece, RuleError> {
        if !self.state.contains(cell) {
            return Err(RuleError::OffBoard { cell });
        }
        let piece = self
            .state
            .piece(cell)
            .ok_or(RuleError::EmptyCell { cell })?;
        if piece.controller != seat {
            return Err(RuleError::NotYourCard { cell });
        }
        Ok(piece)
    }

    fn check_reveal(
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

    fn check_play(
        &self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        reveal_check: RevealCheck,
    ) -> Result<PlayPlan, RuleError> {
        let Action::Play {
            hand_index,
            to,
            mode,
            cost,
            tributes,
            reveal,
        } = action
        else {
            return Err(RuleError::WrongPlayMode { why: "not a play" });
        };
        let (to, mode, cost) = (*to, *mode, *cost);
        self.expect_main(seat, "play")?;
        let format = &self.rules.format;
        let player = self.state.player(seat);
        let slot = player
            .hand
            .get(usize::from(*hand_index))
            .ok_or(RuleError::NoSuchHandCard { index: *hand_index })?;
        let card: Option<&CardDef> = match reveal {
            Some(r) => Some(self.check_reveal_if(
                reveal_check,
                seat,
                &self.state.commitment(slot.card_ref),
                r,
            )?),
            None if mode.reveals() => {
                return Err(RuleError::MissingReveal {
                    why: "this play shows the card",
                });
            }
            None => slot
                .card
                .or_else(|| knowledge.and_then(|k| k.card(&self.state.commitment(slot.card_ref))))
                .and_then(|id| self.rules.pool.get(id)),
        };
        if let Some(limit) = format.play.cards_per_turn
            && player.cards_played >= limit
        {
            return Err(RuleError::CardLimit { limit });
        }
        let is_monster_mode = matches!(
            mode,
            PlayMode::Summon | PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence
        );
        if is_monster_mode
            && let Some(limit) = format.play.monsters_per_turn
            && player.monsters_played >= limit
        {
            return Err(RuleError::MonsterPlayLimit { limit });
        }
        if !self.state.contains(to) {
            return Err(RuleError::OffBoard { cell: to });
        }
        if self.state.base_terrain(to) == Terrain::Labyrinth {
            return Err(RuleError::Labyrinth { cell: to });
        }
        // Where the card goes.
        if mode == PlayMode::Equip {
            let Some(card) = card else {
                return Err(RuleError::MissingReveal {
                    why: "an equip shows the card",
                });
            };
            let Some(filter) = card.equip_to.as_ref() else {
                return Err(RuleError::WrongPlayMode {
                    why: "only equip spells can be equipped",
                });
            };
            let target = self.own_piece(seat, to)?;
            if target.class != Class::Monster || target.leader {
                return Err(RuleError::WrongPlayMode {
                    why: "equip spells go onto monsters",
                });
            }
            if !format.traps.equips_full_range && !self.in_summon_area(seat, to) {
                return Err(RuleError::OutsideSummonArea { cell: to });
            }
            let Some(target_card) = target.card.and_then(|id| self.rules.pool.get(id)) else {
                return Err(RuleError::WrongPlayMode {
                    why: "equip spells from the hand go onto face-up monsters",
                });
            };
            if !target.face_up || !identity_matches(filter, target_card, None) {
                return Err(RuleError::WrongPlayMode {
                    why: "this monster cannot take that equip",
                });
            }
            return Ok(PlayPlan {
                card: Some(card.id),
                replaces: None,
                claim: None,
            });
        }
        let mut replaces = None;
        let tribute_cells: &[Cell] = tributes;
        if !tribute_cells.contains(&to) {
            if !self.in_summon_area(seat, to) {
                return Err(RuleError::OutsideSummonArea { cell: to });
            }
            if let Some(occupant) = self.state.piece(to) {
                if format.play.play_over_own && occupant.controller == seat && !occupant.leader {
                    replaces = Some(to);
                } else {
                    return Err(RuleError::Occupied { cell: to });
                }
            }
        } else if !self.in_summon_area(seat, to) {
            return Err(RuleError::OutsideSummonArea { cell: to });
        }
        for (i, t) in tribute_cells.iter().enumerate() {
            let piece = self.own_piece(seat, *t)?;
            if piece.class != Class::Monster || piece.leader {
                return Err(RuleError::BadTribute {
                    cell: *t,
                    why: "only your own monsters",
                });
            }
            if tribute_cells[..i].contains(t) {
                return Err(RuleError::BadTribute {
                    cell: *t,
                    why: "named twice",
                });
            }
        }
        // Capacity.
        let class = if is_monster_mode {
            Class::Monster
        } else {
            Class::SpellTrap
        };
        let freed = tribute_cells.len()
            + replaces
                .and_then(|c| self.state.piece(c))
                .is_some_and(|p| p.class == class) as usize;
        let count = self.state.count_class(seat, class).saturating_sub(freed);
        let stays_on_field = match mode {
            PlayMode::ActivateSpell => card.is_some_and(|c| {
                matches!(
                    c.kind,
                    CardKind::Spell {
                        spell: SpellKind::Continuous
                    }
                )
            }),
            _ => true,
        };
        match class {
            Class::Monster if count >= usize::from(format.play.max_monsters) => {
                return Err(RuleError::MonsterZonesFull {
                    limit: format.play.max_monsters,
                });
            }
            Class::SpellTrap
                if stays_on_field && count >= usize::from(format.play.max_spells_traps) =>
            {
                return Err(RuleError::SpellTrapZonesFull {
                    limit: format.play.max_spells_traps,
                });
            }
            _ => {}
        }
        // The card itself and its cost.
        let claim = match mode {
            PlayMode::Summon | PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence => {
                if mode == PlayMode::Summon && !format.play.face_up_summon {
                    return Err(RuleError::WrongPlayMode {
                        why: "in this format every card enters face-down",
                    });
                }
                if mode == PlayMode::SetMonsterDefence && !format.play.face_up_summon {
                    return Err(RuleError::WrongPlayMode {
                        why: "in this format cards enter in attack position",
                    });
                }
                let (min, max) = match format.play.cost {
                    SummonCost::SummoningPoints { .. } => {
                        if !tribute_cells.is_empty() {
                            return Err(RuleError::WrongPlayMode {
                                why: "summoning points replace tributes in this format",
                            });
                        }
                        if cost > player.summoning_points {
                            return Err(RuleError::NotEnoughSummoningPoints {
                                cost,
                                have: player.summoning_points,
                            });
                        }
                        (cost, cost)
                    }
                    SummonCost::Tributes { .. } => {
                        if cost != 0 {
                            return Err(RuleError::WrongCost {
                                given: cost,
                                level: 0,
                            });
                        }
                        match format.levels_for_tributes(tribute_cells.len() as u8) {
                            Some(range) => range,
                            None => {
                                return Err(RuleError::WrongTributes {
                                    level: 0,
                                    needed: 0,
                                    given: tribute_cells.len() as u8,
                                });
                            }
                        }
                    }
                };
                if let Some(card) = card {
                    let Some(m) = card.monster() else {
                        return Err(RuleError::WrongPlayMode {
                            why: "only monsters are summoned",
                        });
                    };
                    if let SummonCost::Tributes { .. } = format.play.cost {
                        let needed = format.tributes_for(m.level);
                        if needed as usize != tribute_cells.len() {
                            return Err(RuleError::WrongTributes {
                                level: m.level,
                                needed,
                                given: tribute_cells.len() as u8,
                            });
                        }
                    } else if m.level != cost {
                        return Err(RuleError::WrongCost {
                            given: cost,
                            level: m.level,
                        });
                    }
                }
                (mode != PlayMode::Summon).then_some(Predicate::MonsterLevel { min, max })
            }
            PlayMode::SetSpellTrap => {
                if cost != 0 || !tribute_cells.is_empty() {
                    return Err(RuleError::WrongPlayMode {
                        why: "spells and traps cost nothing",
                    });
                }
                if card.is_some_and(|c| c.is_monster()) {
                    return Err(RuleError::WrongPlayMode {
                        why: "monsters are set as monsters",
                    });
                }
                Some(Predicate::SpellOrTrap)
            }
            PlayMode::ActivateSpell => {
                if cost != 0 || !tribute_cells.is_empty() {
                    return Err(RuleError::WrongPlayMode {
                        why: "spells cost nothing",
                    });
                }
                match card.and_then(CardDef::spell_kind) {
                    Some(SpellKind::Equip) => {
                        return Err(RuleError::WrongPlayMode {
                            why: "equip spells are equipped onto a monster",
                        });
                    }
                    Some(_) => {}
                    None => {
                        return Err(RuleError::WrongPlayMode {
                            why: "only spells activate",
                        });
                    }
                }
                None
            }
            PlayMode::Equip => None,
        };
        // A player who knows the card checks the claim before making it.
        if let (Some(claim), Some(card)) = (&claim, card)
            && !predicate_holds(claim, card)
        {
            return Err(RuleError::WrongPlayMode {
                why: "the card does not fit that play",
            });
        }
        Ok(PlayPlan {
            card: card.map(|c| c.id),
            replaces,
            claim,
        })
    }

    fn check_move_start(&self, seat: Seat, from: Cell) -> Result<&Piece, RuleError> {
        self.expect_main(seat, "move")?;
        let piece = self.own_piece(seat, from)?;
        if self.spellbound(from, piece) {
            return Err(RuleError::Spellbound { cell: from });
        }
        if piece.moved {
            return Err(RuleError::AlreadyMoved { cell: from });
        }
        if piece.changed_position {
            return Err(RuleError::AlreadyChangedPosition { cell: from });
        }
        if piece.attacked {
            return Err(RuleError::AlreadyAttacked { cell: from });
        }
        if self.move_steps(from) == 0 {
            let why = if piece.leader {
                "the Deck Leader never moves in this format"
            } else {
                "face-up spells and traps stay where they are"
            };
            return Err(RuleError::CannotMove { cell: from, why });
        }
        Ok(piece)
    }

    /// Returns the equip card when the move attaches an equip spell to a monster.
    /// `reachable`, when given, is what `reachable(from)` returns.
    fn check_move(
        &self,
        seat: Seat,
        action: &Action,
        reachable: Option<&[(Cell, Reach)]>,
        reveal_check: RevealCheck,
    ) -> Result<Option<CardId>, RuleError> {
        let Action::Move { from, to, flip } = action else {
            return Err(RuleError::CannotMove {
                cell: Cell::default(),
                why: "not a move",
            });
        };
        let (from, to) = (*from, *to);
        let piece = self.check_move_start(seat, from)?;
        if !self.state.contains(to) {
            return Err(RuleError::OffBoard { cell: to });
        }
        let computed;
        let reachable = match reachable {
            Some(r) => r,
            None => {
                computed = self.reachable(from);
                &computed
            }
        };
        let reach = reachable
            .iter()
            .copied()
            .find(|(c, _)| *c == to)
            .map(|(_, r)| r)
            .ok_or(if self.state.base_terrain(to) == Terrain::Labyrinth {
                RuleError::Labyrinth { cell: to }
            } else {
                RuleError::Unreachable { from, to }
            })?;
        let flipped = match flip {
            Some(reveal) => {
                if piece.face_up {
                    return Err(RuleError::CannotFlip {
                        cell: from,
                        why: "it is already face-up",
                    });
                }
                Some(self.check_reveal_if(
                    reveal_check,
                    piece.owner,
                    &self.state.commitment(piece.card_ref),
                    reveal,
                )?)
            }
            None => None,
        };
        match reach {
            Reach::Empty => {
                if let Some(card) = flipped
                    && (!self.rules.format.movement.flip_while_moving || !card.is_monster())
                {
                    return Err(RuleError::CannotFlip {
                        cell: from,
                        why: "only monsters flip while moving, where the format allows it",
                    });
                }
                Ok(None)
            }
            Reach::Enemy => {
                // Kairu: a spell or trap moved onto an enemy card meets it (see do_move).
                if piece.class != Class::SpellTrap || !self.rules.format.movement.attack_by_moving {
                    return Err(RuleError::Occupied { cell: to });
                }
                if flipped.is_some() {
                    return Err(RuleError::CannotFlip {
                        cell: from,
                        why: "only monsters flip while moving",
                    });
                }
                Ok(None)
            }
            Reach::Own => {
                let target = self
                    .state
                    .piece(to)
                    .ok_or(RuleError::EmptyCell { cell: to })?;
                // A spell/trap carried onto one of your monsters: an equip attaches.
                if piece.class == Class::SpellTrap && target.class == Class::Monster {
                    let equip = match flipped
                        .or_else(|| piece.card.and_then(|id| self.rules.pool.get(id)))
                    {
                        Some(c) => c,
                        None => {
                            return Err(RuleError::MissingReveal {
                                why: "an equip moved onto a monster shows itself",
                            });
                        }
                    };
                    let Some(filter) = equip.equip_to.as_ref() else {
                        return Err(RuleError::Occupied { cell: to });
                    };
                    let fits = target.face_up
                        && !target.leader
                        && target
                            .card
                            .and_then(|id| self.rules.pool.get(id))
                            .is_some_and(|t| identity_matches(filter, t, None));
                    if !fits {
                        return Err(RuleError::WrongPlayMode {
                            why: "this monster cannot take that equip",
                        });
                    }
                    return Ok(Some(equip.id));
                }
                if self.rules.format.movement.move_onto_own_replaces
                    && !target.leader
                    && !piece.leader
                {
                    if flipped.is_some_and(|c| !c.is_monster()) {
                        return Err(RuleError::CannotFlip {
                            cell: from,
                            why: "only monsters flip while moving",
                        });
                    }
                    Ok(None)
                } else {
                    Err(RuleError::Occupied { cell: to })
                }
            }
        }
    }

    /// `targets`, when given, is what `attack_targets(from)` returns.
    fn check_attack(
        &self,
        seat: Seat,
        action: &Action,
        targets: Option<&[Cell]>,
        reveal_check: RevealCheck,
    ) -> Result<(), RuleError> {
        let Action::Attack { from, target, flip } = action else {
            return Err(RuleError::CannotAttack {
                cell: Cell::default(),
                why: "not an attack",
            });
        };
        let (from, target) = (*from, *target);
        self.expect_main(seat, "attack")?;
        let format = &self.rules.format;
        let piece = self.own_piece(seat, from)?;
        if piece.class != Class::Monster || piece.leader {
            return Err(RuleError::CannotAttack {
                cell: from,
                why: "only monsters attack",
            });
        }
        if self.state.turn == 1 && !format.first_turn_attacks {
            return Err(RuleError::FirstTurnAttack);
        }
        if self.spellbound(from, piece) {
            return Err(RuleError::Spellbound { cell: from });
        }
        if piece.attacked {
            return Err(RuleError::AlreadyAttacked { cell: from });
        }
        if format.movement.attack_by_moving {
            if piece.moved {
                return Err(RuleError::AlreadyMoved { cell: from });
            }
            if piece.changed_position {
                return Err(RuleError::AlreadyChangedPosition { cell: from });
            }
        } else {
            if !piece.face_up {
                return Err(RuleError::CannotAttack {
                    cell: from,
                    why: "face-down monsters do not attack",
                });
            }
            if piece.defence {
                return Err(RuleError::CannotAttack {
                    cell: from,
                    why: "it is in defence position",
                });
            }
        }
        match flip {
            Some(reveal) => {
                if piece.face_up {
                    return Err(RuleError::CannotFlip {
                        cell: from,
                        why: "it is already face-up",
                    });
                }
                self.check_reveal_if(
                    reveal_check,
                    piece.owner,
                    &self.state.commitment(piece.card_ref),
                    reveal,
                )?;
            }
            None if !piece.face_up => {
                return Err(RuleError::MissingReveal {
                    why: "an attacker is flipped face-up first",
                });
            }
            None => {}
        }
        if !self.state.contains(target) {
            return Err(RuleError::OffBoard { cell: target });
        }
        let defender = self
            .state
            .piece(target)
            .ok_or(RuleError::EmptyCell { cell: target })?;
        if defender.controller == seat {
            return Err(RuleError::BadAttackTarget {
                from,
                target,
                why: "it is your own card",
            });
        }
        let in_reach = match targets {
            Some(targets) => targets.contains(&target),
            None => self.attack_targets(from).contains(&target),
        };
        if !in_reach {
            let why = if format.movement.attack_by_moving {
                "it is out of this monster's reach"
            } else {
                "monsters attack only orthogonally adjacent cards"
            };
            return Err(RuleError::BadAttackTarget { from, target, why });
        }
        Ok(())
    }

    fn check_change_position(&self, seat: Seat, at: Cell) -> Result<(), RuleError> {
        self.expect_main(seat, "change-position")?;
        let piece = self.own_piece(seat, at)?;
        let why = if piece.class != Class::Monster || piece.leader {
            Some("only monsters other than the Deck Leader change position")
        } else if piece.entered_turn == self.state.turn
            && !self.rules.format.movement.change_position_on_entry
        {
            Some("it entered the field this turn")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(RuleError::CannotChangePosition { cell: at, why });
        }
        if self.spellbound(at, piece) {
            return Err(RuleError::Spellbound { cell: at });
        }
        if piece.changed_position {
            return Err(RuleError::AlreadyChangedPosition { cell: at });
        }
        if piece.moved {
            return Err(RuleError::AlreadyMoved { cell: at });
        }
        if piece.attacked {
            return Err(RuleError::AlreadyAttacked { cell: at });
        }
        Ok(())
    }

    fn check_flip(
        &self,
        seat: Seat,
        at: Cell,
        reveal: &Reveal,
        reveal_check: RevealCheck,
    ) -> Result<(), RuleError> {
        self.expect_main(seat, "flip")?;
        let piece = self.own_piece(seat, at)?;
        if piece.face_up {
            return Err(RuleError::CannotFlip {
                cell: at,
                why: "it is already face-up",
            });
        }
        if self.spellbound(at, piece) {
            return Err(RuleError::Spellbound { cell: at });
        }
        if piece.changed_position || piece.moved || piece.attacked {
            return Err(RuleError::CannotFlip {
                cell: at,
                why: "it has already acted this turn",
            });
        }
        let card = self.check_reveal_if(
            reveal_check,
            piece.owner,
            &self.state.commitment(piece.card_ref),
            reveal,
        )?;
        match card.kind {
            CardKind::Trap { .. } => Err(RuleError::CannotFlip {
                cell: at,
                why: "traps spring only in answer to an enemy action",
            }),
            CardKind::Spell {
                spell: SpellKind::Equip,
            } => Err(RuleError::CannotFlip {
                cell: at,
                why: "a set equip spell is moved onto a monster to equip it",
            }),
            _ => Ok(()),
        }
    }

    fn check_spring(
        &self,
        seat: Seat,
        at: Cell,
        reveal: &Reveal,
        event: TrapEvent,
    ) -> Result<&CardDef, RuleError> {
        let piece = self.own_piece(seat, at)?;
        if !self.could_spring(seat, at, piece, event) {
            return Err(RuleError::CannotSpring {
                cell: at,
                why: "it is out of reach or too freshly set",
            });
        }
        let card = if piece.face_up {
            self.rules.card(piece.card.unwrap_or(reveal.card))?
        } else {
            self.check_reveal(piece.owner, &self.state.commitment(piece.card_ref), reveal)?
        };
        let CardKind::Trap { range, .. } = card.kind else {
            return Err(RuleError::CannotSpring {
                cell: at,
                why: "it is not a trap",
            });
        };
        let wanted = match event {
            TrapEvent::Moved { .. } => Trigger::EnemyMovesInRange,
            TrapEvent::Attack { .. } => Trigger::EnemyAttacks,
            TrapEvent::Spell { .. } => Trigger::EnemySpell,
        };
        if !card.effects.iter().any(|e| e.trigger == wanted) {
            return Err(RuleError::CannotSpring {
                cell: at,
                why: "it does not answer this kind of action",
            });
        }
        let limited = match self.rules.format.traps.reach {
            TrapReach::AllFull => false,
            TrapReach::AllLimited => !matches!(event, TrapEvent::Spell { .. }),
            TrapReach::ByCard => range == TrapRange::Limited,
        };
        if limited && !event_in_limited_range(event, at) {
            return Err(RuleError::CannotSpring {
                cell: at,
                why: "a limited-range trap reaches only its neighbours",
            });
        }
        Ok(card)
    }

    /// Could the card at `at` be a trap able to answer `event`, judged from public facts?
    fn could_spring(&self, seat: Seat, at: Cell, piece: &Piece, event: TrapEvent) -> bool {
        if piece.controller != seat || piece.class != Class::SpellTrap {
            return false;
        }
        let delay = u16::from(self.rules.format.traps.set_turns_before_use);
        if piece.entered_turn + delay > self.state.turn {
            return false;
        }
        if let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)) {
            let reusable = matches!(
                card.kind,
                CardKind::Trap {
                    trap: TrapKind::Continuous,
                    ..
                }
            );
            if !card.is_trap() || (piece.face_up && !reusable) {
                return false;
            }
        } else if piece.face_up {
            return false;
        }
        let limited = match self.rules.format.traps.reach {
            TrapReach::AllFull => false,
            TrapReach::AllLimited => !matches!(event, TrapEvent::Spell { .. }),
            TrapReach::ByCard => match piece.card.and_then(|id| self.rules.pool.get(id)) {
                Some(CardDef {
                    kind: CardKind::Trap { range, .. },
                    ..
                }) => *range == TrapRange::Limited,
                _ => false,
            },
        };
        !limited || event_in_limited_range(event, at)
    }

    /// Refuses a pass when a trap `seat` can see among its own cards must spring (only in
    /// formats where traps must spring). Cards the applier cannot see are left to the
    /// claims [`Duel::claim_no_obliged_trap`] records.
    fn check_pass(
        &self,
        seat: Seat,
        event: TrapEvent,
        knowledge: Option<&Knowledge>,
    ) -> Result<(), RuleError> {
        if !self.rules.format.traps.must_spring {
            return Ok(());
        }
        for (at, piece) in self.state.pieces() {
            if !self.could_spring(seat, at, piece, event) {
                continue;
            }
            if let Some(card) = self.known_card(piece, knowledge)
                && self.must_spring(seat, at, card, event)
            {
                return Err(RuleError::MustSpring { cell: at });
            }
        }
        Ok(())
    }

    /// On a pass, each hidden card of `seat` that could be a trap in reach is claimed to be
    /// none of the traps that would have had to spring there; the claim is checked when the
    /// card is revealed.
    fn claim_no_obliged_trap(&mut self, seat: Seat, event: TrapEvent, events: &mut Vec<Event>) {
        if !self.rules.format.traps.must_spring {
            return;
        }
        let mut claims = Vec::new();
        for (at, piece) in self.state.pieces() {
            if !piece.is_hidden() || !self.could_spring(seat, at, piece, event) {
                continue;
            }
            let traps: Vec<CardId> = self
                .rules
                .pool
                .cards()
                .filter(|card| self.must_spring(seat, at, card, event))
                .map(|card| card.id)
                .collect();
            if !traps.is_empty() {
                claims.push(PendingClaim {
                    card_ref: piece.card_ref,
                    owner: piece.owner,
                    predicate: Predicate::NotObligedTrap { traps },
                    turn: self.state.turn,
                });
            }
        }
        for claim in claims {
            let known = self
                .state
                .claims
                .iter()
                .any(|c| c.card_ref == claim.card_ref && c.predicate == claim.predicate);
            if !known {
                events.push(Event::ClaimRecorded {
                    owner: claim.owner,
                    commitment: self.state.commitment(claim.card_ref),
                });
                self.state.claims.push(claim);
            }
        }
    }

    /// Must the trap `card` of `seat`, at `at`, spring in answer to `event`? Where the format
    /// says traps must spring: when the card answers this kind of event, reaches it, and
    /// every effect it would start that is aimed at the card that set it off can be seen by
    /// everyone to reach that card. Whether a face-down card is reached often depends on
    /// which card it is (a pit's ATK limit); its owner's opponent cannot know, so then the
    /// trap stays optional.
    fn must_spring(&self, seat: Seat, at: Cell, card: &CardDef, event: TrapEvent) -> bool {
        if !self.rules.format.traps.must_spring {
            return false;
        }
        let CardKind::Trap { range, .. } = card.kind else {
            return false;
        };
        let limited = match self.rules.format.traps.reach {
            TrapReach::AllFull => false,
            TrapReach::AllLimited => !matches!(event, TrapEvent::Spell { .. }),
            TrapReach::ByCard => range == TrapRange::Limited,
        };
        if limited && !event_in_limited_range(event, at) {
            return false;
        }
        let (wanted, triggering) = match event {
            TrapEvent::Moved { at } => (Trigger::EnemyMovesInRange, Some(at)),
            TrapEvent::Attack { attacker, .. } => (Trigger::EnemyAttacks, Some(attacker)),
            TrapEvent::Spell { at } => (Trigger::EnemySpell, at),
        };
        let triggering = triggering.and_then(|c| Some((c, self.state.piece(c)?)));
        let mut answers = card
            .effects
            .iter()
            .filter(|e| e.trigger == wanted)
            .peekable();
        answers.peek().is_some()
            && answers.all(|e| self.visibly_reaches(seat, &e.primitive, triggering))
    }

    /// Does an effect of a trap `seat` controls reach the triggering card, as every peer can
    /// see it? Effects not aimed at the triggering card always do.
    fn visibly_reaches(
        &self,
        seat: Seat,
        primitive: &Primitive,
        triggering: Option<(Cell, &Piece)>,
    ) -> bool {
        let (targets, monsters_only) = match primitive {
            Primitive::ModifyStats { targets, .. }
            | Primitive::Spellbind { targets, .. }
            | Primitive::ToAttackPosition { targets }
            | Primitive::HalveAtk { targets } => (targets, true),
            Primitive::Destroy { targets }
            | Primitive::FlipFaceUp { targets }
            | Primitive::FlipFaceDown { targets } => (targets, false),
            _ => return true,
        };
        if targets.area != Area::Triggering {
            return true;
        }
        let Some((cell, piece)) = triggering else {
            return false;
        };
        if monsters_only && piece.class != Class::Monster
            || !self.public_filter(&targets.filter, seat, piece)
        {
            return false;
        }
        if !filter_needs_identity(&targets.filter) {
            return true;
        }
        match piece.card.and_then(|id| self.rules.pool.get(id)) {
            Some(card) => {
                let atk = piece.face_up.then(|| self.stats_of(cell, piece, card).0);
                identity_matches(&targets.filter, card, atk)
            }
            None => false,
        }
    }

    // ------------------------------------------------------------------ application

    pub(crate) fn apply_in_place(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.state.outcome.is_some() {
            return Err(RuleError::DuelOver);
        }
        match action {
            Action::Concede => {
                events.push(Event::Conceded { seat });
                self.finish(Some(seat.other()), WinReason::Concession, events);
            }
            Action::Play { .. } => self.do_play(seat, action, knowledge, events)?,
            Action::Move { .. } => self.do_move(seat, action, knowledge, events)?,
            Action::Attack { .. } => self.do_attack(seat, action, events)?,
            Action::ChangePosition { at } => {
                self.check_change_position(seat, *at)?;
                if let Some(piece) = self.state.piece_mut(*at) {
                    piece.defence = !piece.defence;
                    piece.changed_position = true;
                    events.push(Event::PositionChanged {
                        at: *at,
                        defence: piece.defence,
                    });
                }
            }
            Action::Flip { at, reveal } => {
                self.check_flip(seat, *at, reveal, RevealCheck::Needed)?;
                let card = self.rules.card(reveal.card)?.clone();
                self.reveal_piece(*at, reveal.card, events)?;
                if let Some(piece) = self.state.piece_mut(*at) {
                    piece.face_up = true;
                    piece.changed_position = true;
                }
                events.push(Event::Flipped {
                    at: *at,
                    card: card.id,
                });
                if card.is_monster() {
                    self.queue_trigger(&card, Trigger::Flip, seat, Some(*at), None);
                } else {
                    self.begin_spell(seat, &card, Some(*at), events);
                }
            }
            Action::EndTurn => {
                self.expect_main(seat, "end-turn")?;
                self.state.phase = Phase::End;
            }
            Action::Pass => {
                let event = self.expect_window(seat, "pass")?;
                self.check_pass(seat, event, knowledge)?;
                self.claim_no_obliged_trap(seat, event, events);
                self.state.window = None;
            }
            Action::SpringTrap { at, reveal } => {
                let event = self.expect_window(seat, "spring-trap")?;
                let card = self.check_spring(seat, *at, reveal, event)?.clone();
                if self.state.piece(*at).is_some_and(|p| p.card.is_none()) {
                    self.reveal_piece(*at, reveal.card, events)?;
                }
                self.state.window = None;
                if let Some(piece) = self.state.piece_mut(*at) {
                    piece.face_up = true;
                }
                events.push(Event::TrapSprung {
                    at: *at,
                    card: card.id,
                });
                let triggering = match event {
                    TrapEvent::Moved { at } => Some(at),
                    TrapEvent::Attack { attacker, .. } => Some(attacker),
                    TrapEvent::Spell { at } => at,
                };
                let wanted = match event {
                    TrapEvent::Moved { .. } => Trigger::EnemyMovesInRange,
                    TrapEvent::Attack { .. } => Trigger::EnemyAttacks,
                    TrapEvent::Spell { .. } => Trigger::EnemySpell,
                };
                let disposable = matches!(
                    card.kind,
                    CardKind::Trap {
                        trap: TrapKind::Normal,
                        ..
                    }
                );
                let start = self.state.queue.len();
                self.queue_trigger(&card, wanted, seat, Some(*at), triggering);
                let queued = self.state.queue.len() > start;
                match self.state.queue.last_mut() {
                    Some(last) if queued => last.discard_after = disposable,
                    _ if disposable => self.destroy(*at, events),
                    _ => {}
                }
            }
            Action::OpenDraw { opening } => self.do_open_draw(seat, opening, events)?,
            Action::Reveal { reveals } => {
                let Awaiting::Reveal {
                    seat: s,
                    commitments,
                } = self.state.awaiting.clone()
                else {
                    return Err(self.wrong_decision(seat, "reveal", &self.state.awaiting.clone()));
                };
                if s != seat {
                    return Err(RuleError::NotYourDecision {
                        expected: s,
                        actual: seat,
                    });
                }
                if reveals.len() != commitments.len() {
                    return Err(RuleError::WrongRevealCount {
                        expected: commitments.len(),
                        given: reveals.len(),
                    });
                }
                for (commitment, reveal) in commitments.iter().zip(reveals) {
                    self.check_reveal(seat, commitment, reveal)?;
                    self.learn(seat, *commitment, reveal.card, events)?;
                    self.state.reveal_due.retain(|(_, c)| c != commitment);
                }
            }
            Action::Declare { matching } => self.do_declare(seat, matching, events)?,
            Action::Discard { hand_index, reveal } => {
                let Awaiting::Discard { seat: s, .. } = self.state.awaiting else {
                    return Err(self.wrong_decision(seat, "discard", &self.state.awaiting.clone()));
                };
                if s != seat {
                    return Err(RuleError::NotYourDecision {
                        expected: s,
                        actual: seat,
                    });
                }
                let slot = *self
                    .state
                    .player(seat)
                    .hand
                    .get(usize::from(*hand_index))
                    .ok_or(RuleError::NoSuchHandCard { index: *hand_index })?;
                self.check_reveal(seat, &self.state.commitment(slot.card_ref), reveal)?;
                self.learn(
                    seat,
                    self.state.commitment(slot.card_ref),
                    reveal.card,
                    events,
                )?;
                let player = self.state.player_mut(seat);
                player.hand.remove(usize::from(*hand_index));
                player.graveyard.push(CardSlot {
                    card_ref: slot.card_ref,
                    card: Some(reveal.card),
                });
                events.push(Event::Discarded {
                    seat,
                    card: reveal.card,
                });
            }
        }
        self.settle(events);
        Ok(())
    }

    fn expect_window(&self, seat: Seat, action: &'static str) -> Result<TrapEvent, RuleError> {
        match self.state.awaiting {
            Awaiting::Respond { seat: s, event } if s == seat => Ok(event),
            ref other => Err(self.wrong_decision(seat, action, other)),
        }
    }

    fn do_play(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let plan = self.check_play(seat, action, knowledge, RevealCheck::Needed)?;
        let Action::Play {
            hand_index,
            to,
            mode,
            cost,
            tributes,
            ..
        } = action
        else {
            return Ok(());
        };
        let (to, mode) = (*to, *mode);
        let turn = self.state.turn;
        let player = self.state.player_mut(seat);
        let slot = player.hand.remove(usize::from(*hand_index));
        player.cards_played += 1;
        if matches!(
            mode,
            PlayMode::Summon | PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence
        ) {
            player.monsters_played += 1;
            player.summoning_points = player.summoning_points.saturating_sub(*cost);
            if *cost > 0 {
                events.push(Event::SummoningPoints {
                    seat,
                    now: player.summoning_points,
                });
            }
        }
        for t in tributes {
            self.destroy(*t, events);
        }
        if let Some(cell) = plan.replaces {
            self.destroy(cell, events);
        }
        if mode == PlayMode::Equip {
            let card = plan.card.ok_or(RuleError::MissingReveal {
                why: "an equip shows the card",
            })?;
            if let Some(piece) = self.state.piece_mut(to) {
                piece.equips.push(Attached {
                    owner: seat,
                    card_ref: slot.card_ref,
                    card,
                });
            }
            events.push(Event::Equipped { at: to, card });
            return Ok(());
        }
        let class = match mode {
            PlayMode::Summon | PlayMode::SetMonsterAttack | PlayMode::SetMonsterDefence => {
                Class::Monster
            }
            _ => Class::SpellTrap,
        };
        let face_up = matches!(mode, PlayMode::Summon | PlayMode::ActivateSpell);
        self.state.put(
            to,
            Piece {
                card: if face_up { plan.card } else { slot.card },
                face_up,
                defence: mode == PlayMode::SetMonsterDefence,
                ..Piece::entering(seat, slot.card_ref, class, turn)
            },
        );
        events.push(Event::Played {
            seat,
            at: to,
            card: if face_up { plan.card } else { None },
        });
        if let Some(predicate) = plan.claim {
            self.state.claims.push(PendingClaim {
                card_ref: slot.card_ref,
                owner: seat,
                predicate,
                turn,
            });
            events.push(Event::ClaimRecorded {
                owner: seat,
                commitment: self.state.commitment(slot.card_ref),
            });
        }
        if mode == PlayMode::ActivateSpell
            && let Some(card) = plan.card.and_then(|id| self.rules.pool.get(id)).cloned()
        {
            self.begin_spell(seat, &card, Some(to), events);
        }
        Ok(())
    }

    fn do_move(
        &mut self,
        seat: Seat,
        action: &Action,
        _knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let equip = self.check_move(seat, action, None, RevealCheck::Needed)?;
        let Action::Move { from, to, flip } = action else {
            return Ok(());
        };
        let (from, to) = (*from, *to);
        if let Some(reveal) = flip {
            self.reveal_piece(from, reveal.card, events)?;
        }
        // Kairu: a spell or trap moved onto an enemy monster is destroyed where it stood; onto
        // an enemy spell or trap it destroys that card and takes its place (below).
        if self
            .state
            .piece(to)
            .is_some_and(|p| p.controller != seat && p.class == Class::Monster)
        {
            self.destroy(from, events);
            return Ok(());
        }
        let Some(mut piece) = self.state.take(from) else {
            return Ok(());
        };
        events.push(Event::Moved { from, to });
        if let Some(card) = equip {
            if let Some(target) = self.state.piece_mut(to) {
                target.equips.push(Attached {
                    owner: piece.owner,
                    card_ref: piece.card_ref,
                    card,
                });
            }
            events.push(Event::Equipped { at: to, card });
            return Ok(());
        }
        if self.state.piece(to).is_some() {
            self.destroy(to, events);
        }
        piece.moved = true;
        if self.rules.format.family == Family::Kairu {
            piece.defence = false;
        }
        let flipped_card = flip.map(|r| r.card);
        if flipped_card.is_some() {
            piece.face_up = true;
        }
        if piece.leader {
            self.state.player_mut(seat).leader = to;
        }
        let ignores_traps = self.has_static(from, &piece, |p| matches!(p, Primitive::IgnoreTraps));
        self.state.put(to, piece);
        if let Some(card) = flipped_card.and_then(|id| self.rules.pool.get(id)).cloned() {
            events.push(Event::Flipped {
                at: to,
                card: card.id,
            });
            self.queue_trigger(&card, Trigger::Flip, seat, Some(to), None);
        }
        self.crush_check(to, events);
        if self.state.piece(to).is_some() && !ignores_traps {
            self.open_window(seat.other(), TrapEvent::Moved { at: to }, events);
        }
        Ok(())
    }

    fn do_attack(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_attack(seat, action, None, RevealCheck::Needed)?;
        let Action::Attack { from, target, flip } = action else {
            return Ok(());
        };
        let (from, target) = (*from, *target);
        if let Some(reveal) = flip {
            self.reveal_piece(from, reveal.card, events)?;
        }
        let kairu = self.rules.format.movement.attack_by_moving;
        if let Some(piece) = self.state.piece_mut(from) {
            piece.attacked = true;
            if kairu {
                piece.moved = true;
                piece.defence = false;
            }
            if flip.is_some() {
                piece.face_up = true;
            }
        }
        if let Some(card) = flip.and_then(|r| self.rules.pool.get(r.card)).cloned() {
            events.push(Event::Flipped {
                at: from,
                card: card.id,
            });
            self.queue_trigger(&card, Trigger::Flip, seat, Some(from), None);
        }
        events.push(Event::AttackDeclared { from, target });
        self.state.attack_negated = false;
        self.state.resume = Resume::AttackAfterWindow {
            attacker: from,
            target,
        };
        let ignores_traps = self
            .state
            .piece(from)
            .is_some_and(|p| self.has_static(from, p, |x| matches!(x, Primitive::IgnoreTraps)));
        if !ignores_traps {
            self.open_window(
                seat.other(),
                TrapEvent::Attack {
                    attacker: from,
                    target,
                },
                events,
            );
        }
        Ok(())
    }

    fn do_declare(
        &mut self,
        seat: Seat,
        matching: &[(Cell, Reveal)],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Awaiting::Declare { seat: s, cells } = self.state.awaiting.clone() else {
            return Err(self.wrong_decision(seat, "declare", &self.state.awaiting.clone()));
        };
        if s != seat {
            return Err(RuleError::NotYourDecision {
                expected: s,
                actual: seat,
            });
        }
        let Resume::DestroyDeclared { effect } = self.state.resume.clone() else {
            return Err(RuleError::BadDeclaration {
                why: "no declaration is being collected".into(),
            });
        };
        let filter = self.effect_filter(&effect).unwrap_or_default();
        let mut declared = Vec::new();
        for (cell, reveal) in matching {
            if !cells.contains(cell) || declared.contains(cell) {
                return Err(RuleError::BadDeclaration {
                    why: format!("{cell} was not asked about"),
                });
            }
            let piece = self
                .state
                .piece(*cell)
                .ok_or(RuleError::EmptyCell { cell: *cell })?;
            let card = self.check_reveal(seat, &self.state.commitment(piece.card_ref), reveal)?;
            if !identity_matches(&filter, card, None) {
                return Err(RuleError::BadDeclaration {
                    why: format!("{} at {cell} does not match the effect", card.name),
                });
            }
            declared.push(*cell);
        }
        for cell in &cells {
            let Some(piece) = self.state.piece(*cell) else {
                continue;
            };
            let card_ref = piece.card_ref;
            if let Some((_, reveal)) = matching.iter().find(|(c, _)| c == cell) {
                self.reveal_piece(*cell, reveal.card, events)?;
                self.destroy(*cell, events);
            } else {
                let commitment = self.state.commitment(card_ref);
                self.state.claims.push(PendingClaim {
                    card_ref,
                    owner: seat,
                    predicate: Predicate::NotMatching {
                        filter: filter.clone(),
                        viewer: effect.controller,
                    },
                    turn: self.state.turn,
                });
                events.push(Event::ClaimRecorded {
                    owner: seat,
                    commitment,
                });
            }
        }
        self.state.declarations.retain(|(s, _)| *s != seat);
        if self.state.declarations.is_empty() {
            self.state.resume = Resume::Nothing;
        }
        Ok(())
    }

    // ------------------------------------------------------------------ flow

    /// Runs everything that needs no decision, then sets who must decide next.
    pub(crate) fn settle(&mut self, events: &mut Vec<Event>) {
        for _ in 0..10_000 {
            if self.state.outcome.is_none() {
                self.check_life_points(events);
            }
            if self.state.outcome.is_some() {
                self.state.awaiting = Awaiting::Finished;
                return;
            }
            if let Some(due) = self.state.draws_due.first().copied() {
                let permuter = self.permuter_of(due).unwrap_or(due.owner);
                self.state.awaiting = Awaiting::OpenDraw {
                    seat: permuter,
                    owner: due.owner,
                };
                return;
            }
            if let Some((seat, _)) = self.state.reveal_due.first().copied() {
                let commitments = self
                    .state
                    .reveal_due
                    .iter()
                    .filter(|(s, _)| *s == seat)
                    .map(|(_, c)| *c)
                    .collect();
                self.state.awaiting = Awaiting::Reveal { seat, commitments };
                return;
            }
            if let Some((seat, cells)) = self.state.declarations.first().cloned() {
                self.state.awaiting = Awaiting::Declare { seat, cells };
                return;
            }
            if let Some((seat, event)) = self.state.window {
                self.state.awaiting = Awaiting::Respond { seat, event };
                return;
            }
            if !self.state.queue.is_empty() {
                let effect = self.state.queue.remove(0);
                self.resolve(effect, events);
                continue;
            }
            match std::mem::replace(&mut self.state.resume, Resume::Nothing) {
                Resume::Nothing => {}
                Resume::DestroyDeclared { .. } => {}
                Resume::AttackAfterWindow { attacker, target } => {
                    self.after_attack_window(attacker, target, events);
                    continue;
                }
                Resume::AttackAfterReveal { attacker, target } => {
                    self.battle(attacker, target, events);
                    continue;
                }
                Resume::SpellAfterWindow { spell } => {
                    self.after_spell_window(spell, events);
                    continue;
                }
            }
            if self.state.phase == Phase::End {
                let seat = self.state.active;
                if let Some(limit) = self.rules.format.hand.limit {
                    let held = self.state.player(seat).hand.len();
                    if held > usize::from(limit) {
                        self.state.awaiting = Awaiting::Discard {
                            seat,
                            count: (held - usize::from(limit)) as u8,
                        };
                        return;
                    }
                }
                self.finish_turn(events);
                continue;
            }
            self.state.awaiting = Awaiting::Main {
                seat: self.state.active,
            };
            return;
        }
        // Effects that keep re-queueing each other forever are a card-data bug; end the duel
        // as a draw rather than hang a peer.
        self.finish(None, WinReason::TurnLimit, events);
        self.state.awaiting = Awaiting::Finished;
    }

    fn check_life_points(&mut self, events: &mut Vec<Event>) {
        let down: Vec<Seat> = Seat::BOTH
            .into_iter()
            .filter(|s| self.state.player(*s).life_points == 0)
            .collect();
        match down.as_slice() {
            [] => {}
            [loser] => self.finish(Some(loser.other()), WinReason::LifePoints, events),
            _ => self.finish(None, WinReason::LifePoints, events),
        }
    }

    fn finish(&mut self, winner: Option<Seat>, reason: WinReason, events: &mut Vec<Event>) {
        if self.state.outcome.is_none() {
            let outcome = Outcome { winner, reason };
            self.state.outcome = Some(outcome);
            self.state.awaiting = Awaiting::Finished;
            events.push(Event::DuelEnded { outcome });
        }
    }

    pub(crate) fn draw(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        let waiting = self
            .state
            .draws_due
            .iter()
            .filter(|d| d.owner == seat)
            .count();
        let player = self.state.player_mut(seat);
        if let DeckOrder::Permuted {
            rounds,
            next_position,
            ..
        } = &mut player.deck_order
        {
            if player.deck.len() <= waiting {
                return false;
            }
            let Some(last_round) = rounds.len().checked_sub(1) else {
                return false;
            };
            let due = DrawDue {
                owner: seat,
                round: u8::try_from(last_round).unwrap_or(u8::MAX),
                pointer: *next_position,
            };
            *next_position = next_position.saturating_add(1);
            self.state.draws_due.push(due);
            return true;
        }
        match player.deck.pop() {
            Some(card_ref) => {
                player.hand.push(CardSlot {
                    card_ref,
                    card: None,
                });
                let commitment = self.state.commitment(card_ref);
                events.push(Event::Drew { seat, commitment });
                true
            }
            None => false,
        }
    }

    /// Whether a pending claim holds for the card actually behind it (the audit checks the
    /// claims never revealed during the duel this way). The error says what was claimed.
    pub fn check_claim(&self, claim: &PendingClaim, card: CardId) -> Result<(), String> {
        let def = self.rules.card(card).map_err(|e| e.to_string())?;
        if predicate_holds(&claim.predicate, def) {
            Ok(())
        } else {
            Err(format!(
                "on turn {} {} claimed its hidden card was {}, but it is {}",
                claim.turn,
                claim.owner,
                describe_predicate(&claim.predicate),
                def.name
            ))
        }
    }

    fn permuter_of(&self, due: DrawDue) -> Option<Seat> {
        match &self.state.player(due.owner).deck_order {
            DeckOrder::Permuted { rounds, .. } => {
                rounds.get(usize::from(due.round)).map(|r| r.permuter)
            }
            DeckOrder::Public => None,
        }
    }

    /// The position commitment the first waiting draw asks about, with its slot.
    fn open_draw_slot(&self) -> Option<(PositionSlot, Commitment)> {
        let due = self.state.draws_due.first()?;
        let DeckOrder::Permuted { rounds, .. } = &self.state.player(due.owner).deck_order else {
            return None;
        };
        let round = rounds.get(usize::from(due.round))?;
        let slot = PositionSlot {
            owner: due.owner,
            permuter: round.permuter,
            round: due.round,
            position: due.pointer,
        };
        let entry = CardRef(round.first.0.checked_add(due.pointer)?);
        Some((slot, self.state.commitment(entry)))
    }

    fn do_open_draw(
        &mut self,
        seat: Seat,
        opening: &PositionOpening,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Awaiting::OpenDraw { seat: expected, .. } = self.state.awaiting else {
            return Err(self.wrong_decision(seat, "open-draw", &self.state.awaiting.clone()));
        };
        if expected != seat {
            return Err(RuleError::NotYourDecision {
                expected,
                actual: seat,
            });
        }
        let Some((slot, commitment)) = self.open_draw_slot() else {
            return Err(self.wrong_decision(seat, "open-draw", &self.state.awaiting.clone()));
        };
        let deck_len = self.state.player(slot.owner).deck.len();
        let fits = usize::from(opening.index) < deck_len + usize::from(slot.position) + 1;
        if !fits
            || Commitment::for_position(&self.state.match_id, slot, opening) != commitment
            || commitment == Commitment(Digest32::default())
        {
            return Err(RuleError::BadPositionOpening {
                owner: slot.owner,
                permuter: slot.permuter,
                position: slot.position,
            });
        }
        if slot.round > 0 {
            // Follow the pointer into the round before.
            if let Some(due) = self.state.draws_due.first_mut() {
                due.round = slot.round - 1;
                due.pointer = opening.index;
            }
            return Ok(());
        }
        let player = self.state.player_mut(slot.owner);
        let DeckOrder::Permuted { first_card, .. } = player.deck_order else {
            return Err(self.wrong_decision(seat, "open-draw", &self.state.awaiting.clone()));
        };
        let card_ref = CardRef(first_card.0.saturating_add(opening.index));
        let Some(at) = player.deck.iter().position(|r| *r == card_ref) else {
            return Err(RuleError::PositionNotInDeck {
                owner: slot.owner,
                permuter: slot.permuter,
                position: slot.position,
                index: opening.index,
            });
        };
        player.deck.remove(at);
        player.hand.push(CardSlot {
            card_ref,
            card: None,
        });
        self.state.draws_due.remove(0);
        let commitment = self.state.commitment(card_ref);
        events.push(Event::Drew {
            seat: slot.owner,
            commitment,
        });
        Ok(())
    }

    pub(crate) fn start_turn(&mut self, seat: Seat, first: bool, events: &mut Vec<Event>) {
        // Shares the rules rather than cloning the whole format every turn.
        let rules = std::sync::Arc::clone(&self.rules);
        let format = &rules.format;
        self.state.active = seat;
        self.state.phase = Phase::Main;
        events.push(Event::TurnStarted {
            seat,
            turn: self.state.turn,
        });
        let player = self.state.player_mut(seat);
        player.cards_played = 0;
        player.monsters_played = 0;
        let to_draw = match format.hand.draw {
            _ if first && !format.hand.first_turn_draw => 0,
            crate::format::DrawRule::UpTo(n) => usize::from(n).saturating_sub(player.hand.len()),
            crate::format::DrawRule::Count(n) => usize::from(n),
        };
        for _ in 0..to_draw {
            if !self.draw(seat, events) {
                if format.win.deck_out_loses {
                    self.finish(Some(seat.other()), WinReason::DeckOut, events);
                }
                return;
            }
        }
        if let SummonCost::SummoningPoints { per_turn, max, .. } = format.play.cost {
            let player = self.state.player_mut(seat);
            player.summoning_points = player.summoning_points.saturating_add(per_turn).min(max);
            events.push(Event::SummoningPoints {
                seat,
                now: player.summoning_points,
            });
        }
    }

    fn finish_turn(&mut self, events: &mut Vec<Event>) {
        let seat = self.state.active;
        let turn = self.state.turn;
        let mut released = Vec::new();
        for (i, slot) in self.state.cells.iter_mut().enumerate() {
            let Some(piece) = slot.as_mut() else { continue };
            piece.moved = false;
            piece.attacked = false;
            piece.changed_position = false;
            piece.modifiers.retain_mut(|m| match m.duration {
                crate::card::Duration::EndOfTurn => false,
                crate::card::Duration::Turns(n) if piece.controller == seat => {
                    m.duration = crate::card::Duration::Turns(n.saturating_sub(1));
                    n > 1
                }
                _ => true,
            });
            if piece.controller == seat
                && piece.bound_turn != turn
                && let Bind::Turns(n) = piece.bind
            {
                piece.bind = if n <= 1 {
                    Bind::Free
                } else {
                    Bind::Turns(n - 1)
                };
                if piece.bind == Bind::Free {
                    released.push(i);
                }
            }
        }
        let n = self.state.board_size;
        for i in released {
            events.push(Event::Released {
                at: Cell::new(i as u8 / n, i as u8 % n),
            });
        }
        if let Some(limit) = self.rules.format.win.leader_stuck_turns {
            let leader = self.state.player(seat).leader;
            let can_move = self.state.piece(leader).is_some_and(|p| !p.is_bound())
                && self.reachable_ignoring_flags(leader);
            let player = self.state.player_mut(seat);
            player.leader_stuck_turns = if can_move {
                0
            } else {
                player.leader_stuck_turns + 1
            };
            let stuck = player.leader_stuck_turns;
            if stuck > 0 {
                events.push(Event::LeaderStuck { seat, turns: stuck });
            }
            if stuck >= limit {
                self.finish(Some(seat.other()), WinReason::LeaderTrapped, events);
                return;
            }
        }
        if self.state.turn >= self.rules.format.win.turn_limit {
            let lp = |s: Seat| self.state.player(s).life_points;
            let winner = match lp(Seat(0)).cmp(&lp(Seat(1))) {
                std::cmp::Ordering::Greater => Some(Seat(0)),
                std::cmp::Ordering::Less => Some(Seat(1)),
                std::cmp::Ordering::Equal => None,
            };
            self.finish(winner, WinReason::TurnLimit, events);
            return;
        }
        self.state.turn += 1;
        self.start_turn(seat.other(), false, events);
    }

    /// A Deck Leader is trapped when every orthogonal neighbour is Labyrinth or an enemy
    /// card: its own cards can always make way, so they do not trap it.
    fn reachable_ignoring_flags(&self, leader: Cell) -> bool {
        let Some(owner) = self.state.piece(leader).map(|p| p.controller) else {
            return false;
        };
        self.state.neighbours(leader).any(|n| {
            self.state.base_terrain(n) != Terrain::Labyrinth
                && self.state.piece(n).is_none_or(|p| p.controller == owner)
        })
    }

    fn open_window(&mut self, seat: Seat, event: TrapEvent, events: &mut Vec<Event>) {
        let any = self
            .state
            .pieces()
            .any(|(at, piece)| self.could_spring(seat, at, piece, event));
        if any {
            self.state.window = Some((seat, event));
            events.push(Event::ResponseWindow { seat });
        }
    }

    fn begin_spell(
        &mut self,
        seat: Seat,
        card: &CardDef,
        at: Option<Cell>,
        events: &mut Vec<Event>,
    ) {
        self.state.spell_negated = false;
        let spell = QueuedEffect {
            card: card.id,
            index: 0,
            controller: seat,
            at,
            triggering: None,
            discard_after: true,
        };
        self.state.resume = Resume::SpellAfterWindow { spell };
        self.open_window(seat.other(), TrapEvent::Spell { at }, events);
    }

    fn after_spell_window(&mut self, spell: QueuedEffect, events: &mut Vec<Event>) {
        let Some(card) = self.rules.pool.get(spell.card).cloned() else {
            return;
        };
        let stays = matches!(
            card.kind,
            CardKind::Spell {
                spell: SpellKind::Continuous
            }
        );
        if self.state.spell_negated {
            self.state.spell_negated = false;
            events.push(Event::SpellNegated { card: card.id });
            if let Some(at) = spell.at {
                self.destroy(at, events);
            }
            return;
        }
        let start = self.state.queue.len();
        self.queue_trigger(&card, Trigger::Activate, spell.controller, spell.at, None);
        if !stays {
            match self.state.queue.get_mut(start..).and_then(|q| q.last_mut()) {
                Some(last) => last.discard_after = true,
                None => {
                    if let Some(at) = spell.at {
                        self.destroy(at, events);
                    }
                }
            }
        }
    }

    fn queue_trigger(
        &mut self,
        card: &CardDef,
        trigger: Trigger,
        controller: Seat,
        at: Option<Cell>,
        triggering: Option<Cell>,
    ) {
        for (index, effect) in card.effects.iter().enumerate() {
            if effect.trigger == trigger {
                self.state.queue.push(QueuedEffect {
                    card: card.id,
                    index: index as u8,
                    controller,
                    at,
                    triggering,
                    discard_after: false,
                });
            }
        }
    }

    fn effect_def(&self, effect: &QueuedEffect) -> Option<&EffectDef> {
        self.rules
            .pool
            .get(effect.card)?
            .effects
            .get(usize::from(effect.index))
    }

    fn effect_filter(&self, effect: &QueuedEffect) -> Option<Filter> {
        match &self.effect_def(effect)?.primitive {
            Primitive::Destroy { targets } => Some(targets.filter.clone()),
            _ => None,
        }
    }

    fn after_attack_window(&mut self, attacker: Cell, target: Cell, events: &mut Vec<Event>) {
        let negated = std::mem::take(&mut self.state.attack_negated);
        let attacker_ok = self
            .state
            .piece(attacker)
            .is_some_and(|p| p.attacked && !self.spellbound(attacker, p));
        if negated || !attacker_ok || self.state.piece(target).is_none() {
            events.push(Event::AttackNegated { from: attacker });
            return;
        }
        if let Some(piece) = self.state.piece(target)
            && piece.card.is_none()
        {
            let due = (piece.owner, self.state.commitment(piece.card_ref));
            self.state.reveal_due.push(due);
            self.state.resume = Resume::AttackAfterReveal { attacker, target };
            return;
        }
        self.battle(attacker, target, events);
    }

    fn battle(&mut self, attacker: Cell, target: Cell, events: &mut Vec<Event>) {
        let (Some(a_piece), Some(d_piece)) = (
            self.state.piece(attacker).cloned(),
            self.state.piece(target).cloned(),
        ) else {
            return;
        };
        let Some(a_card) = a_piece.card.and_then(|id| self.rules.pool.get(id)).cloned() else {
            return;
        };
        let kairu = self.rules.format.movement.attack_by_moving;
        // The defender turns face-up.
        if !d_piece.face_up && !d_piece.leader {
            if let Some(p) = self.state.piece_mut(target) {
                p.face_up = true;
            }
            if let Some(id) = d_piece.card {
                events.push(Event::Flipped {
                    at: target,
                    card: id,
                });
            }
        }
        let Some(d_card) = d_piece.card.and_then(|id| self.rules.pool.get(id)).cloned() else {
            return;
        };
        if d_piece.class == Class::SpellTrap {
            self.attacked_spell_trap(
                attacker, &a_piece, &a_card, target, &d_piece, &d_card, events,
            );
            if kairu && self.state.piece(target).is_none() && self.state.piece(attacker).is_some() {
                self.advance(attacker, target, events);
            }
            return;
        }
        if !d_piece.leader && !d_piece.face_up {
            self.queue_trigger(
                &d_card,
                Trigger::Flip,
                d_piece.controller,
                Some(target),
                None,
            );
        }
        let d_now = self.state.piece(target).cloned().unwrap_or(d_piece.clone());
        let (mut a_atk, _) = self.stats_of(attacker, &a_piece, &a_card);
        let (mut d_atk, d_def) = self.stats_of(target, &d_now, &d_card);
        a_atk += self.battle_bonus(attacker, &a_piece, &a_card, &d_card);
        d_atk += self.battle_bonus(target, &d_now, &d_card, &a_card);
        let defending = if d_now.defence { d_def } else { d_atk };
        events.push(Event::Battle {
            attacker,
            target,
            attack: a_atk,
            defence: defending,
        });
        for (cell, piece, card) in [(attacker, &a_piece, &a_card), (target, &d_now, &d_card)] {
            if !piece.leader {
                self.queue_trigger(card, Trigger::Battle, piece.controller, Some(cell), None);
            }
        }
        if d_now.leader {
            self.damage(d_now.controller, a_atk.max(0) as u32, events);
            return;
        }
        let a_kills = destroys_in_battle(&a_card, &d_card) && !self.is_spellbound(attacker);
        let d_kills = destroys_in_battle(&d_card, &a_card) && !self.is_spellbound(target);
        let (mut destroy_a, mut destroy_d) = (d_kills, a_kills);
        if !a_kills && !d_kills {
            if d_now.defence {
                match a_atk.cmp(&d_def) {
                    std::cmp::Ordering::Greater => destroy_d = true,
                    std::cmp::Ordering::Less => {
                        self.damage(a_piece.controller, (d_def - a_atk) as u32, events)
                    }
                    std::cmp::Ordering::Equal => {}
                }
            } else {
                match a_atk.cmp(&d_atk) {
                    std::cmp::Ordering::Greater => {
                        destroy_d = true;
                        self.damage(d_now.controller, (a_atk - d_atk) as u32, events);
                    }
                    std::cmp::Ordering::Less => {
                        destroy_a = true;
                        self.damage(a_piece.controller, (d_atk - a_atk) as u32, events);
                    }
                    std::cmp::Ordering::Equal if a_atk > 0 => {
                        destroy_a = true;
                        destroy_d = true;
                    }
                    std::cmp::Ordering::Equal => {}
                }
            }
        }
        if destroy_d {
            self.destroy(target, events);
        }
        if destroy_a {
            self.destroy(attacker, events);
        }
        if kairu && destroy_d && !destroy_a {
            self.advance(attacker, target, events);
        }
    }

    fn advance(&mut self, from: Cell, to: Cell, events: &mut Vec<Event>) {
        if self.state.piece(to).is_some() {
            return;
        }
        if let Some(piece) = self.state.take(from) {
            self.state.put(to, piece);
            events.push(Event::Moved { from, to });
            self.crush_check(to, events);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn attacked_spell_trap(
        &mut self,
        attacker: Cell,
        a_piece: &Piece,
        a_card: &CardDef,
        target: Cell,
        d_piece: &Piece,
        d_card: &CardDef,
        events: &mut Vec<Event>,
    ) {
        // An equip that fits the attacker joins it (Classic rule 11; Kairu's stolen equips).
        if let Some(filter) = &d_card.equip_to {
            self.state.take(target);
            if identity_matches(filter, a_card, None) {
                if let Some(p) = self.state.piece_mut(attacker) {
                    p.equips.push(Attached {
                        owner: d_piece.owner,
                        card_ref: d_piece.card_ref,
                        card: d_card.id,
                    });
                }
                events.push(Event::Equipped {
                    at: attacker,
                    card: d_card.id,
                });
            } else {
                self.send_to_graveyard(d_piece.owner, d_piece.card_ref, Some(d_card.id));
                events.push(Event::Destroyed {
                    owner: d_piece.owner,
                    card: Some(d_card.id),
                    at: target,
                });
            }
            return;
        }
        let springs = self.rules.format.traps.attacked_trap_springs && !d_piece.face_up;
        if springs
            && d_card.is_trap()
            && d_card
                .effects
                .iter()
                .any(|e| e.trigger == Trigger::EnemyAttacks)
        {
            events.push(Event::TrapSprung {
                at: target,
                card: d_card.id,
            });
            self.queue_trigger(
                d_card,
                Trigger::EnemyAttacks,
                d_piece.controller,
                Some(target),
                Some(attacker),
            );
            if let Some(last) = self.state.queue.last_mut() {
                last.discard_after = true;
            }
            return;
        }
        if springs && d_card.is_spell() {
            // Classic rule 12: the attacked spell is activated for its controller.
            let _ = a_piece;
            self.queue_trigger(
                d_card,
                Trigger::Activate,
                d_piece.controller,
                Some(target),
                Some(attacker),
            );
            match self.state.queue.last_mut() {
                Some(last) => last.discard_after = true,
                None => self.destroy(target, events),
            }
            return;
        }
        self.destroy(target, events);
    }

    fn battle_bonus(&self, cell: Cell, piece: &Piece, card: &CardDef, other_card: &CardDef) -> i32 {
        if !piece.face_up || piece.leader || self.spellbound(cell, piece) {
            return 0;
        }
        card.effects
            .iter()
            .filter(|e| e.trigger == Trigger::Battle)
            .map(|e| match &e.primitive {
                Primitive::BattleBonus { against, atk }
                    if identity_matches(against, other_card, None) =>
                {
                    i32::from(*atk)
                }
                _ => 0,
            })
            .sum()
    }

    fn damage(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        if amount == 0 {
            return;
        }
        let player = self.state.player_mut(seat);
        player.life_points = player.life_points.saturating_sub(amount);
        events.push(Event::Damage {
            seat,
            amount,
            life_points: player.life_points,
        });
    }

    fn heal(&mut self, seat: Seat, amount: u32, events: &mut Vec<Event>) {
        let player = self.state.player_mut(seat);
        player.life_points = player.life_points.saturating_add(amount);
        events.push(Event::Healed {
            seat,
            amount,
            life_points: player.life_points,
        });
    }

    fn send_to_graveyard(&mut self, owner: Seat, card_ref: CardRef, card: Option<CardId>) {
        self.state
            .player_mut(owner)
            .graveyard
            .push(CardSlot { card_ref, card });
        if card.is_none() {
            let commitment = self.state.commitment(card_ref);
            self.state.reveal_due.push((owner, commitment));
        }
    }

    /// Destroys the card at `cell` (Deck Leaders are never destroyed).
    pub(crate) fn destroy(&mut self, cell: Cell, events: &mut Vec<Event>) {
        if self.state.piece(cell).is_none_or(|p| p.leader) {
            return;
        }
        // A spellbound card's "when destroyed" effect does not activate.
        let bound = self.is_spellbound(cell);
        let Some(piece) = self.state.take(cell) else {
            return;
        };
        for equip in &piece.equips {
            self.state
                .player_mut(equip.owner)
                .graveyard
                .push(equip.to_graveyard());
        }
        self.send_to_graveyard(piece.owner, piece.card_ref, piece.card);
        events.push(Event::Destroyed {
            owner: piece.owner,
            card: piece.card,
            at: cell,
        });
        if piece.face_up
            && !bound
            && let Some(card) = piece.card.and_then(|id| self.rules.pool.get(id)).cloned()
        {
            self.queue_trigger(
                &card,
                Trigger::Destroyed,
                piece.controller,
                Some(cell),
                None,
            );
        }
    }

    fn crush_check(&mut self, cell: Cell, events: &mut Vec<Event>) {
        if self.terrain_at(cell) != Terrain::Crush {
            return;
        }
        let Some(piece) = self.state.piece(cell) else {
            return;
        };
        if piece.class != Class::Monster || piece.leader {
            return;
        }
        match piece.card.and_then(|id| self.rules.pool.get(id)).cloned() {
            Some(card) => {
                let immortal = card
                    .monster()
                    .is_some_and(|m| m.monster_type == MonsterType::Immortal);
                let (atk, _) = self.stats_of(cell, piece, &card);
                if !immortal && atk >= Terrain::CRUSH_MIN_ATK {
                    self.destroy(cell, events);
                }
            }
            None => {
                // The rules must see a hidden monster that enters Crush.
                let (owner, commitment) = (piece.owner, self.state.commitment(piece.card_ref));
                self.state.reveal_due.push((owner, commitment));
                self.state.queue.insert(
                    0,
                    QueuedEffect {
                        card: CRUSH_CHECK,
                        index: 0,
                        controller: owner,
                        at: Some(cell),
                        triggering: None,
                        discard_after: false,
                    },
                );
            }
        }
    }

    /// Opens a hidden piece: checks the claims on it and makes it public.
    fn reveal_piece(
        &mut self,
        cell: Cell,
        card: CardId,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(piece) = self.state.piece(cell) else {
            return Ok(());
        };
        let (owner, commitment) = (piece.owner, self.state.commitment(piece.card_ref));
        self.learn(owner, commitment, card, events)
    }

    /// Records that `commitment` of `owner` is `card`, wherever it is, and settles the
    /// claims made about it.
    fn learn(
        &mut self,
        owner: Seat,
        commitment: Commitment,
        card: CardId,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let def = self.rules.card(card)?;
        // The state names cards by their place in the commitment table; compare the
        // commitments themselves, as the table may (in a hand-built set-up) repeat one.
        let table = &self.state.commitments;
        let is_it = |r: CardRef| {
            table
                .get(usize::from(r.0))
                .copied()
                .unwrap_or(Commitment(Digest32::default()))
                == commitment
        };
        for claim in self.state.claims.iter().filter(|c| is_it(c.card_ref)) {
            if !predicate_holds(&claim.predicate, def) {
                return Err(RuleError::ClaimContradicted {
                    card,
                    turn: claim.turn,
                    claim: describe_predicate(&claim.predicate),
                });
            }
        }
        let before = self.state.claims.len();
        self.state.claims.retain(|c| !is_it(c.card_ref));
        if self.state.claims.len() != before {
            events.push(Event::ClaimKept { commitment });
        }
        let mut newly = false;
        for piece in self.state.cells.iter_mut().flatten() {
            if piece.card.is_none() && is_it(piece.card_ref) {
                piece.card = Some(card);
                newly = true;
            }
        }
        let player = &mut self.state.players[owner.index()];
        for slot in player.hand.iter_mut().chain(player.graveyard.iter_mut()) {
            if slot.card.is_none() && is_it(slot.card_ref) {
                slot.card = Some(card);
                newly = true;
            }
        }
        if newly {
            events.push(Event::Revealed {
                owner,
                commitment,
                card,
            });
        }
        Ok(())
    }

    // ------------------------------------------------------------------ effects

    fn resolve(&mut self, effect: QueuedEffect, events: &mut Vec<Event>) {
        if effect.card == CRUSH_CHECK {
            if let Some(at) = effect.at {
                self.crush_check(at, events);
            }
            return;
        }
        let Some(card) = self.rules.pool.get(effect.card).cloned() else {
            return;
        };
        let Some(def) = card.effects.get(usize::from(effect.index)).cloned() else {
            return;
        };
        // An effect of a card that is meant to be on the field does nothing once it is gone
        // or spellbound (spells resolve from where they were activated).
        if let Some(at) = effect.at
            && card.is_monster()
            && def.trigger != Trigger::Destroyed
            && self
                .state
                .piece(at)
                .is_none_or(|p| p.card != Some(card.id) || self.spellbound(at, p))
        {
            return;
        }
        let controller = effect.controller;
        match &def.primitive {
            Primitive::ModifyStats {
                targets,
                atk,
                def: d,
                duration,
            } => {
                if card.equip_to.is_some() && targets.area == Area::This {
                    // Equip bonuses are read from the equip list.
                } else {
                    for cell in self.select(targets, &effect, false) {
                        if let Some(p) = self.state.piece_mut(cell) {
                            p.modifiers.push(Modifier {
                                atk: *atk,
                                def: *d,
                                duration: *duration,
                            });
                        }
                        if let Some((a, d)) = self.stats_at(cell) {
                            events.push(Event::StatsChanged {
                                at: cell,
                                atk: a,
                                def: d,
                            });
                        }
                    }
                }
            }
            Primitive::Destroy { targets } => {
                let needs_identity =
                    filter_needs_identity(&targets.filter) || targets.pick != Pick::All;
                let mut hidden: Vec<(Seat, Cell)> = Vec::new();
                let mut known = Vec::new();
                for cell in self.candidates(targets.area, &effect) {
                    let Some(piece) = self.state.piece(cell) else {
                        continue;
                    };
                    if piece.card.is_none() && needs_identity {
                        if self.public_filter(&targets.filter, controller, piece)
                            && targets.pick == Pick::All
                        {
                            hidden.push((piece.owner, cell));
                        }
                    } else {
                        known.push(cell);
                    }
                }
                let chosen = self.select(targets, &effect, true);
                for cell in chosen {
                    if known.contains(&cell) || !needs_identity {
                        self.destroy(cell, events);
                    }
                }
                if !hidden.is_empty() {
                    let mut by_seat: Vec<(Seat, Vec<Cell>)> = Vec::new();
                    for seat in [controller, controller.other()] {
                        let cells: Vec<Cell> = hidden
                            .iter()
                            .filter(|(s, _)| *s == seat)
                            .map(|(_, c)| *c)
                            .collect();
                        if !cells.is_empty() {
                            by_seat.push((seat, cells));
                        }
                    }
                    self.state.declarations = by_seat;
                    self.state.resume = Resume::DestroyDeclared {
                        effect: effect.clone(),
                    };
                }
            }
            Primitive::Spellbind { targets, turns } => {
                let turn = self.state.turn;
                for cell in self.select(targets, &effect, false) {
                    if let Some(p) = self.state.piece_mut(cell)
                        && p.class == Class::Monster
                    {
                        p.bind = match turns {
                            Some(n) => Bind::Turns(*n),
                            None => Bind::Forever,
                        };
                        p.bound_turn = turn;
                        events.push(Event::Spellbound { at: cell });
                    }
                }
            }
            Primitive::Damage { player, amount } => {
                self.damage(whose(*player, controller), u32::from(*amount), events)
            }
            Primitive::DamagePerCard {
                player,
                amount,
                filter,
            } => {
                let count = self
                    .state
                    .pieces()
                    .filter(|(_, p)| !p.leader && self.public_filter(filter, controller, p))
                    .filter(|(_, p)| {
                        !filter_needs_identity(filter)
                            || p.card
                                .and_then(|id| self.rules.pool.get(id))
                                .is_some_and(|c| identity_matches(filter, c, None))
                    })
                    .count() as u32;
                self.damage(
                    whose(*player, controller),
                    count * u32::from(*amount),
                    events,
                );
            }
            Primitive::Heal { player, amount } => {
                self.heal(whose(*player, controller), u32::from(*amount), events)
            }
            Primitive::HealUpTo { player, to } => {
                let seat = whose(*player, controller);
                let lp = self.state.player(seat).life_points;
                if lp < u32::from(*to) {
                    self.heal(seat, u32::from(*to) - lp, events);
                }
            }
            Primitive::ChangeTerrain { radius, terrain } => {
                let Some(centre) = effect.at else { return };
                let classic_field = card.spell_kind() == Some(SpellKind::Field)
                    && self.rules.format.terrain.field_spells == FieldSpellMode::ControllerHalf;
                if classic_field {
                    // The card moves from the grid into its controller's Field Spell Zone,
                    // under its own commitment. If it left the grid before resolving (an
                    // answering trap destroyed it), it is already in the graveyard and has
                    // no field to set.
                    if self
                        .state
                        .piece(centre)
                        .is_none_or(|p| p.card != Some(card.id))
                    {
                        return;
                    }
                    let Some(piece) = self.state.take(centre) else {
                        return;
                    };
                    let field = Attached {
                        owner: piece.owner,
                        card_ref: piece.card_ref,
                        card: card.id,
                    };
                    if let Some(old) = self.state.player_mut(controller).field_spell.replace(field)
                    {
                        self.state
                            .player_mut(old.owner)
                            .graveyard
                            .push(old.to_graveyard());
                    }
                    events.push(Event::TerrainChanged {
                        at: centre,
                        terrain: *terrain,
                    });
                } else {
                    let cells: Vec<Cell> = self
                        .state
                        .all_cells()
                        .filter(|c| c.distance(centre) <= *radius)
                        .collect();
                    for cell in cells {
                        if let Some(i) = self.state.index(cell)
                            && self.state.terrain[i] != Terrain::Labyrinth
                            && self.state.terrain[i] != *terrain
                        {
                            self.state.terrain[i] = *terrain;
                            events.push(Event::TerrainChanged {
                                at: cell,
                                terrain: *terrain,
                            });
                        }
                    }
                    let on_board: Vec<Cell> = self
                        .state
                        .pieces()
                        .map(|(c, _)| c)
                        .filter(|c| c.distance(centre) <= *radius)
                        .collect();
                    for cell in on_board {
                        self.crush_check(cell, events);
                    }
                }
            }
            Primitive::FlipFaceUp { targets } => {
                for cell in self.select(targets, &effect, false) {
                    if let Some(p) = self.state.piece_mut(cell)
                        && !p.face_up
                    {
                        p.face_up = true;
                        let (owner, card_ref, card) = (p.owner, p.card_ref, p.card);
                        match card {
                            Some(id) => events.push(Event::Flipped { at: cell, card: id }),
                            None => {
                                let commitment = self.state.commitment(card_ref);
                                self.state.reveal_due.push((owner, commitment));
                            }
                        }
                    }
                }
            }
            Primitive::FlipFaceDown { targets } => {
                for cell in self.select(targets, &effect, false) {
                    if let Some(p) = self.state.piece_mut(cell) {
                        p.face_up = false;
                    }
                }
            }
            Primitive::ToAttackPosition { targets } => {
                for cell in self.select(targets, &effect, false) {
                    if let Some(p) = self.state.piece_mut(cell)
                        && p.defence
                    {
                        p.defence = false;
                        events.push(Event::PositionChanged {
                            at: cell,
                            defence: false,
                        });
                    }
                }
            }
            Primitive::NegateAttack => self.state.attack_negated = true,
            Primitive::NegateSpell => self.state.spell_negated = true,
            Primitive::HalveAtk { targets } => {
                for cell in self.select(targets, &effect, false) {
                    if let Some((atk, _)) = self.stats_at(cell)
                        && let Some(p) = self.state.piece_mut(cell)
                    {
                        let half = (atk / 2).clamp(0, i32::from(i16::MAX)) as i16;
                        p.modifiers.push(Modifier {
                            atk: -half,
                            def: 0,
                            duration: crate::card::Duration::EndOfTurn,
                        });
                    }
                }
            }
            Primitive::Draw { player, count } => {
                let seat = whose(*player, controller);
                for _ in 0..*count {
                    if !self.draw(seat, events) {
                        break;
                    }
                }
            }
            Primitive::BattleBonus { .. }
            | Primitive::DestroyInBattle { .. }
            | Primitive::IgnoreTraps
            | Primitive::CrossLabyrinth => {}
        }
        events.push(Event::EffectResolved { card: card.id });
        if effect.discard_after
            && let Some(at) = effect.at
            && self
                .state
                .piece(at)
                .is_some_and(|p| p.card == Some(card.id))
        {
            self.destroy(at, events);
        }
    }

    /// Cells in an effect's area (Deck Leaders and the source card excluded).
    fn candidates(&self, area: Area, effect: &QueuedEffect) -> Vec<Cell> {
        let cells: Vec<Cell> = match area {
            Area::This => effect.at.into_iter().collect(),
            Area::Triggering | Area::BattleOpponent => effect.triggering.into_iter().collect(),
            _ => {
                let Some(at) = effect.at.or(effect.triggering) else {
                    return self.state.pieces().map(|(c, _)| c).collect();
                };
                self.state
                    .pieces()
                    .map(|(c, _)| c)
                    .filter(|c| *c != at && in_area(area, at, *c, effect.triggering))
                    .collect()
            }
        };
        cells
            .into_iter()
            .filter(|c| self.state.piece(*c).is_some_and(|p| !p.leader))
            .collect()
    }

    /// Targets among cards whose identity is public (hidden cards join only when the filter
    /// needs no identity and `include_hidden` is set).
    fn select(
        &self,
        targets: &crate::card::Targets,
        effect: &QueuedEffect,
        include_hidden: bool,
    ) -> Vec<Cell> {
        let mut chosen: Vec<(Cell, i32)> = Vec::new();
        for cell in self.candidates(targets.area, effect) {
            let Some(piece) = self.state.piece(cell) else {
                continue;
            };
            if !self.public_filter(&targets.filter, effect.controller, piece) {
                continue;
            }
            match piece.card.and_then(|id| self.rules.pool.get(id)) {
                Some(card) => {
                    let stats = if piece.face_up {
                        Some(self.stats_of(cell, piece, card))
                    } else {
                        None
                    };
                    if identity_matches(&targets.filter, card, stats.map(|s| s.0)) {
                        chosen.push((cell, stats.map_or(-1, |s| s.0)));
                    }
                }
                None if include_hidden
                    && !filter_needs_identity(&targets.filter)
                    && targets.pick == Pick::All =>
                {
                    chosen.push((cell, -1))
                }
                None if targets.area == Area::Triggering
                    && !filter_needs_identity(&targets.filter) =>
                {
                    chosen.push((cell, -1))
                }
                None => {}
            }
        }
        match targets.pick {
            Pick::All => chosen.into_iter().map(|(c, _)| c).collect(),
            Pick::HighestAtk => {
                let face_up: Vec<_> = chosen.into_iter().filter(|(_, a)| *a >= 0).collect();
                let best = face_up.iter().map(|(_, a)| *a).max();
                face_up
                    .into_iter()
                    .find(|(_, a)| Some(*a) == best)
                    .map(|(c, _)| c)
                    .into_iter()
                    .collect()
            }
            Pick::LowestAtk => {
                let face_up: Vec<_> = chosen.into_iter().filter(|(_, a)| *a >= 0).collect();
                let best = face_up.iter().map(|(_, a)| *a).min();
                face_up
                    .into_iter()
                    .find(|(_, a)| Some(*a) == best)
                    .map(|(c, _)| c)
                    .into_iter()
                    .collect()
            }
        }
    }

    /// The parts of a filter that public facts decide: side, face, position, and the class a
    /// face-down card shows.
    fn public_filter(&self, filter: &Filter, viewer: Seat, piece: &Piece) -> bool {
        if let Some(side) = filter.side
            && (side == Side::Own) != (piece.controller == viewer)
        {
            return false;
        }
        if filter.face_up_only && !piece.face_up {
            return false;
        }
        if filter.defence_only && !piece.defence {
            return false;
        }
        match filter.kind {
            Some(KindFilter::Monster) => piece.class == Class::Monster,
            Some(KindFilter::Spell | KindFilter::Trap | KindFilter::SpellOrTrap) => {
                piece.class == Class::SpellTrap
            }
            None => true,
        }
    }
}

/// A pseudo-card number for the queued re-check of a hidden monster entering Crush.
const CRUSH_CHECK: CardId = CardId(u16::MAX);

fn whose(player: Player, controller: Seat) -> Seat {
    match player {
        Player::Controller => controller,
        Player::Opponent => controller.other(),
    }
}

fn in_area(area: Area, source: Cell, cell: Cell, triggering: Option<Cell>) -> bool {
    match area {
        Area::This => cell == source,
        Area::Triggering | Area::BattleOpponent => Some(cell) == triggering,
        Area::Field => true,
        Area::Lines => source.shares_line(cell),
        Area::Adjacent => source.is_orthogonal_neighbour(cell),
        Area::Within(n) => cell != source && source.distance(cell) <= n,
    }
}

fn event_in_limited_range(event: TrapEvent, trap: Cell) -> bool {
    match event {
        TrapEvent::Moved { at } => at.distance(trap) <= 1,
        TrapEvent::Attack { target, .. } => target.distance(trap) <= 1,
        TrapEvent::Spell { at } => at.is_some_and(|a| a.distance(trap) <= 1),
    }
}

/// Does a filter need to know which card a face-down card is?
pub(crate) fn filter_needs_identity(filter: &Filter) -> bool {
    !filter.types.is_empty()
        || !filter.attributes.is_empty()
        || !filter.names.is_empty()
        || filter.max_atk.is_some()
        || filter.min_atk.is_some()
        || matches!(filter.kind, Some(KindFilter::Spell | KindFilter::Trap))
}

/// The identity parts of a filter, judged on the card itself (`atk`: current ATK, else the
/// printed one).
pub(crate) fn identity_matches(filter: &Filter, card: &CardDef, atk: Option<i32>) -> bool {
    let kind_ok = match filter.kind {
        None => true,
        Some(KindFilter::Monster) => card.is_monster(),
        Some(KindFilter::Spell) => card.is_spell(),
        Some(KindFilter::Trap) => card.is_trap(),
        Some(KindFilter::SpellOrTrap) => !card.is_monster(),
    };
    if !kind_ok {
        return false;
    }
    if !filter.names.is_empty() && !filter.names.contains(&card.id) {
        return false;
    }
    let monster = card.monster();
    if !filter.types.is_empty() && !monster.is_some_and(|m| filter.types.contains(&m.monster_type))
    {
        return false;
    }
    if !filter.attributes.is_empty()
        && !monster.is_some_and(|m| filter.attributes.contains(&m.attribute))
    {
        return false;
    }
    let atk = atk.or(monster.map(|m| i32::from(m.atk)));
    if let Some(max) = filter.max_atk
        && atk.is_none_or(|a| a > i32::from(max))
    {
        return false;
    }
    if let Some(min) = filter.min_atk
        && atk.is_none_or(|a| a < i32::from(min))
    {
        return false;
    }
    true
}

fn destroys_in_battle(card: &CardDef, other: &CardDef) -> bool {
    card.effects.iter().any(|e| {
        e.trigger == Trigger::Battle
            && matches!(&e.primitive, Primitive::DestroyInBattle { against } if identity_matches(against, other, None))
    })
}

fn field_terrain(card: &CardDef) -> Option<Terrain> {
    card.effects.iter().find_map(|e| match e.primitive {
        Primitive::ChangeTerrain { terrain, .. } => Some(terrain),
        _ => None,
    })
}

fn equip_bonus(card: &CardDef) -> impl Iterator<Item = (i32, i32)> + '_ {
    card.effects.iter().filter_map(|e| match &e.primitive {
        Primitive::ModifyStats {
            targets, atk, def, ..
        } if targets.area == Area::This => Some((i32::from(*atk), i32::from(*def))),
        _ => None,
    })
}

pub(crate) fn predicate_holds(predicate: &Predicate, card: &CardDef) -> bool {
    match predicate {
        Predicate::MonsterLevel { min, max } => card
            .monster()
            .is_some_and(|m| (*min..=*max).contains(&m.level)),
        Predicate::SpellOrTrap => !card.is_monster(),
        Predicate::Spell => card.is_spell(),
        Predicate::NotMatching { filter, .. } => !identity_matches(filter, card, None),
        Predicate::NotObligedTrap { traps } => !traps.contains(&card.id),
    }
}

pub(crate) fn describe_predicate(predicate: &Predicate) -> String {
    match predicate {
        Predicate::MonsterLevel { min, max } if min == max => format!("a monster of level {min}"),
        Predicate::MonsterLevel { min, max } => format!("a monster of level {min} to {max}"),
        Predicate::SpellOrTrap => "a spell or trap".into(),
        Predicate::Spell => "a spell".into(),
        Predicate::NotMatching { .. } => "not matching the effect it was asked about".into(),
        Predicate::NotObligedTrap { .. } => {
            "not a trap that had to spring when its owner passed".into()
        }
    }
}

fn awaiting_name(awaiting: &Awaiting) -> &'static str {
    match awaiting {
        Awaiting::Main { .. } => "main phase",
        Awaiting::OpenDraw { .. } => "deck position opening",
        Awaiting::Respond { .. } => "response window",
        Awaiting::Reveal { .. } => "reveal",
        Awaiting::Declare { .. } => "owner declaration",
        Awaiting::Discard { .. } => "discard",
        Awaiting::Finished => "finished",
    }
}

/// All ways to choose `k` cells, in board order.
fn combinations(cells: &[Cell], k: usize) -> Vec<Vec<Cell>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    if cells.len() < k {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (i, first) in cells.iter().enumerate() {
        for mut rest in combinations(&cells[i + 1..], k - 1) {
            rest.insert(0, *first);
            out.push(rest);
        }
    }
    out
}
