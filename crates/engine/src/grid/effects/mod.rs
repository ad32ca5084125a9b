//! Card effects: queueing an effect when its trigger comes, choosing the opponent an effect
//! that says "your opponent" is aimed at, resolving it (each primitive in its own file), and
//! the cards it reaches.

mod adopt_stats;
mod another_play;
mod boost_at_a_cost;
mod bring_here;
mod by_agreement;
mod change_terrain;
mod class_declarations;
mod clear_changes;
mod damage;
mod destroy;
mod discard_hands;
mod draw;
mod feed_on_graveyards;
mod flip_face_down;
mod flip_face_up;
mod flip_last_played;
mod gain_per_card;
mod halve_atk;
mod heal;
mod leader_boost;
mod mirror_positions;
mod modify_stats;
mod negate;
mod pull_toward;
mod return_to_deck;
mod retype;
mod reveal_hand;
mod reverse_gains;
mod revive_strongest;
pub(in crate::grid) use reverse_gains::gives_its_player_life_points;
mod reverse_power_up;
mod steal_half_life_points;
pub(in crate::grid) use reverse_power_up::last_power_up_raises;
pub(in crate::grid) use steal_half_life_points::last_power_up_steals;
mod spellbind;
mod summoning_points;
mod swap_stats;
mod to_attack_position;
mod to_defence_position;
mod unbind;

use crate::awaiting::Decision;
use crate::card::{
    Area, CardDef, CardId, CardKind, EffectDef, Filter, Pick, Player, Primitive, TrapRange, Trigger,
};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::TrapReach;
use crate::grid::Cell;
use crate::grid::filters::{in_area, needs_identity_of, piece_identity_matches};
use crate::place::Place;
use crate::seat::{Seat, SeatSet};
use crate::state::QueuedEffect;
use crate::terrain::Terrain;

/// A pseudo-card number for the queued re-check of a hidden monster entering Crush.
pub(in crate::grid) const CRUSH_CHECK: CardId = CardId(u16::MAX);

/// Whether an effect ran its course (and its spell may go to the graveyard) or stopped
/// short of it.
pub(in crate::grid) enum Resolved {
    Done,
    Stopped,
}

impl Duel {
    /// Queues every effect of `card` that `trigger` sets off. `opponent`: the opponent who
    /// set it off, which "your opponent" then names.
    pub(in crate::grid) fn queue_trigger(
        &mut self,
        card: &CardDef,
        trigger: Trigger,
        controller: Seat,
        at: Option<Cell>,
        triggering: Option<Cell>,
        opponent: Option<Seat>,
    ) {
        for (index, effect) in card.effects.iter().enumerate() {
            if effect.trigger == trigger {
                self.state.queue.push(QueuedEffect {
                    card: card.id,
                    index: index as u8,
                    controller,
                    at: at.map(Place::Cell),
                    triggering: triggering.map(Place::Cell),
                    opponent,
                    discard_after: false,
                    card_ref: None,
                });
            }
        }
    }

    pub(in crate::grid) fn effect_def(&self, effect: &QueuedEffect) -> Option<&EffectDef> {
        self.rules
            .pool
            .get(effect.card)?
            .effects
            .get(usize::from(effect.index))
    }

    pub(in crate::grid) fn effect_filter(&self, effect: &QueuedEffect) -> Option<Filter> {
        match &self.effect_def(effect)?.primitive {
            Primitive::Destroy { targets } | Primitive::FlipFaceUp { targets } => {
                Some(targets.filter.clone())
            }
            _ => None,
        }
    }

    /// An effect of a card that is meant to be on the field does nothing once it is gone
    /// or spellbound (spells resolve from where they were activated). A flip effect that
    /// activated resolves even if its monster was destroyed meanwhile (the card game's
    /// FLIP; Kairu: "Flip effects are activated WHENEVER the monster is flipped face up;
    /// even in battle"), unless the monster became spellbound ("the effect cannot activate
    /// if the monster becomes spellbound").
    fn fizzles(&self, effect: &QueuedEffect, card: &CardDef, def: &EffectDef) -> bool {
        let Some(at) = effect.at.and_then(Place::cell) else {
            return false;
        };
        if !card.is_monster() || def.trigger == Trigger::Destroyed {
            return false;
        }
        match self.state.piece(at).filter(|p| p.card == Some(card.id)) {
            Some(piece) => self.spellbound(at, piece),
            None => def.trigger != Trigger::Flip,
        }
    }

    /// The opponents the controller must choose among before the first queued effect can
    /// resolve: it says "your opponent", nothing set it off, and more than one opponent is
    /// still in the game. `None` when no choice is needed.
    pub(in crate::grid) fn opponent_to_choose(&self) -> Option<(Seat, SeatSet)> {
        let effect = self.state.queue.first()?;
        if effect.opponent.is_some() || effect.card == CRUSH_CHECK {
            return None;
        }
        let card = self.rules.pool.get(effect.card)?;
        let def = card.effects.get(usize::from(effect.index))?;
        let names_opponent = match &def.primitive {
            Primitive::Damage { player, .. }
            | Primitive::DamagePerCard { player, .. }
            | Primitive::Heal { player, .. }
            | Primitive::HealUpTo { player, .. }
            | Primitive::Draw { player, .. }
            | Primitive::SummoningPointsToZero { player }
            | Primitive::Teleport { to: player, .. }
            | Primitive::RevealHand { player } => *player == Player::Opponent,
            // Turned back by Goblin Fan, it takes from its own player: nobody to name.
            Primitive::StealHalfLifePoints => !self.stolen_life_points_turned_back(effect),
            _ => false,
        };
        if !names_opponent || self.fizzles(effect, card, def) {
            return None;
        }
        let among: SeatSet = self.state.table.opponents_of(effect.controller).collect();
        (among.len() > 1).then_some((effect.controller, among))
    }

    pub(in crate::grid) fn do_choose_opponent(
        &mut self,
        seat: Seat,
        opponent: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let among = match self.expect_decision(seat, "choose-opponent")? {
            Decision::ChooseOpponent { among } => *among,
            _ => return Err(self.wrong_decision(seat, "choose-opponent")),
        };
        if !among.contains(opponent) {
            return Err(RuleError::NotAnOpponent {
                seat: opponent,
                among,
            });
        }
        if let Some(effect) = self.state.queue.first_mut() {
            effect.opponent = Some(opponent);
        }
        events.push(Event::OpponentChosen { seat, opponent });
        Ok(())
    }

    /// The owners of the hidden cards at these places, each with theirs, in the order they
    /// declare: clockwise from the effect's `controller`.
    pub(in crate::grid) fn owners_in_turn(
        &self,
        controller: Seat,
        hidden: &[(Seat, Place)],
    ) -> Vec<(Seat, Vec<Place>)> {
        self.state
            .table
            .clockwise_from(controller)
            .filter_map(|seat| {
                let places: Vec<Place> = hidden
                    .iter()
                    .filter(|(s, _)| *s == seat)
                    .map(|(_, p)| *p)
                    .collect();
                (!places.is_empty()).then_some((seat, places))
            })
            .collect()
    }

    /// The seat a `player` of an effect names: its controller, or the opponent it is aimed
    /// at (the one who set it off or was chosen; the only one, where only one is left).
    pub(in crate::grid) fn whose(&self, player: Player, effect: &QueuedEffect) -> Option<Seat> {
        match player {
            Player::Controller => Some(effect.controller),
            Player::Opponent => effect
                .opponent
                .or_else(|| self.state.table.opponents_of(effect.controller).next()),
        }
    }

    pub(in crate::grid) fn resolve(&mut self, effect: QueuedEffect, events: &mut Vec<Event>) {
        if effect.card == CRUSH_CHECK {
            if let Some(at) = effect.at.and_then(Place::cell) {
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
        if self.fizzles(&effect, &card, &def) || self.ask_classes_first(&effect, &def.primitive) {
            return;
        }
        // Temple of Skulls: a spell resolves with no effect (and still goes where it goes).
        let sealed_spell = card.is_spell()
            && card.equip_to.is_none()
            && def.trigger == Trigger::Activate
            && self.spells_sealed();
        let resolved = match &def.primitive {
            _ if sealed_spell => Resolved::Done,
            Primitive::ModifyStats {
                targets,
                atk,
                def: d,
                duration,
            } => self.modify_stats(&card, &effect, targets, *atk, *d, *duration, events),
            Primitive::Destroy { targets } => self.destroy_targets(&effect, targets, events),
            Primitive::Spellbind { targets, turns } => {
                self.spellbind_targets(&effect, targets, *turns, events)
            }
            Primitive::Damage { player, amount } => {
                self.damage_effect(&effect, *player, *amount, events)
            }
            Primitive::DamagePerCard {
                player,
                amount,
                filter,
            } => self.damage_per_card(&effect, *player, *amount, filter, events),
            Primitive::Heal { player, amount } => {
                self.heal_effect(&effect, *player, *amount, events)
            }
            Primitive::HealUpTo { player, to } => self.heal_up_to(&effect, *player, *to, events),
            Primitive::ChangeTerrain { radius, terrain } => {
                self.change_terrain(&card, &effect, *radius, *terrain, events)
            }
            Primitive::FlipFaceUp { targets } => self.flip_face_up(&effect, targets, events),
            Primitive::FlipFaceDown { targets } => self.flip_face_down(&effect, targets),
            Primitive::ToAttackPosition { targets } => {
                self.put_in_attack_position(&effect, targets, events)
            }
            Primitive::NegateAttack => self.negate_attack(&effect, def.trigger, events),
            Primitive::NegateSpell { .. } => self.negate_spell(),
            Primitive::HalveAtk { targets } => self.halve_atk(&effect, targets),
            Primitive::Draw { player, count } => self.draw_effect(&effect, *player, *count, events),
            Primitive::Revive { filter } => self.revive_effect(&effect, filter),
            Primitive::TakeControl { targets, .. } => self.take_control_effect(&effect, targets),
            Primitive::ToDefencePosition { targets } => {
                self.put_in_defence_position(&effect, targets, events)
            }
            Primitive::Unbind { targets } => self.unbind_targets(&effect, targets, events),
            Primitive::SummoningPointsToMax { player } => {
                self.summoning_points_to_max(&effect, *player, events)
            }
            Primitive::BringHere { targets } => self.bring_here(&effect, targets, events),
            Primitive::DrainSummoningPoints => self.drain_summoning_points(&effect, events),
            Primitive::ClearChanges { targets } => self.clear_changes(&effect, targets, events),
            Primitive::AnotherPlay { player } => self.another_play(&effect, *player),
            Primitive::ByAgreement => self.begin_agreed_effect(&card, &effect),
            Primitive::GainPerCard {
                atk,
                counted,
                counted_in,
            } => self.gain_per_card(&effect, *atk, counted, *counted_in, events),
            Primitive::ChangeTerrainOfRow { terrain } => {
                self.change_terrain_of_row(&effect, *terrain, events)
            }
            Primitive::LeaderBoost {
                leader,
                atk,
                def: d,
            } => self.leader_boost(&effect, leader, *atk, *d, events),
            // Read where they apply: in battle and in movement.
            Primitive::BattleBonus { .. }
            | Primitive::DestroyInBattle { .. }
            | Primitive::IgnoreTraps
            | Primitive::CrossLabyrinth
            | Primitive::NoBattleDamage
            | Primitive::MovesTwo
            | Primitive::TerraformOnEntry { .. }
            | Primitive::Transform { .. }
            | Primitive::VictoryWhenSurrounded { .. }
            | Primitive::DamageIncrease { .. }
            | Primitive::DamageHalved
            | Primitive::RecoveryDoubled
            | Primitive::CancelsChangesInBattle
            | Primitive::BanishesInBattle
            | Primitive::NoMovementBonuses
            | Primitive::MovesTwoForAll { .. }
            | Primitive::NoTraps
            | Primitive::NoSpells
            | Primitive::ImmuneToEnemySpells { .. }
            | Primitive::SpellbindCountdownStopped
            | Primitive::SpellbindCountdownDoubled
            | Primitive::PowerUpsBoosted { .. }
            | Primitive::OpposingLeaderPowersOff
            | Primitive::ExtraSummoningPoint
            | Primitive::FewerSummoningPoints
            | Primitive::EvolveAfterTurns { .. }
            | Primitive::EvolveOnTerrain { .. }
            | Primitive::CopiesLeaders
            | Primitive::WhimInBattle { .. }
            | Primitive::CannotMove
            | Primitive::NeutralizesInBattle => Resolved::Done,
            Primitive::DiscardHands => self.discard_hands(events),
            Primitive::FeedOnGraveyards { per } => self.feed_on_graveyards(&effect, *per, events),
            Primitive::SummoningPointsToZero { player } => {
                self.summoning_points_to_zero(&effect, *player, events)
            }
            Primitive::AdoptStats { from } => self.adopt_stats(&effect, from, events),
            Primitive::ReturnToDeck { targets } => self.return_to_deck(&effect, targets, events),
            Primitive::BoostAtACost { boost, cost } => {
                self.boost_at_a_cost(&effect, *boost, *cost, events)
            }
            Primitive::Retype {
                targets,
                monster_type,
                attribute,
            } => self.retype(&effect, targets, *monster_type, *attribute, events),
            Primitive::BringLeaderHere => self.bring_leader_here(&effect, events),
            Primitive::DetonateAfterTurns { turns } => {
                if let Some(at) = effect.at.and_then(Place::cell) {
                    self.detonate_after_turns(at, card.id, *turns, effect.controller, events);
                }
                Resolved::Done
            }
            Primitive::SwapStats { targets } => self.swap_stats(&effect, targets, events),
            Primitive::MirrorPositions => self.mirror_positions(&effect, events),
            Primitive::ReviveInSummoningArea => self.revive_in_summoning_area(&effect),
            Primitive::Teleport { targets, to } => self.teleport_effect(&effect, targets, *to),
            Primitive::RevealHand { player } => self.reveal_hand(&effect, *player),
            Primitive::DestroyOneAtRandom { .. }
            | Primitive::DestroyCellsAtRandom { .. }
            | Primitive::LabyrinthMovesHere => self.begin_random_effect(&effect, events),
            Primitive::ShieldFromSpell { .. } => {
                self.state.spell_spares = self.state.spell_spares.with(effect.controller);
                Resolved::Done
            }
            Primitive::ReverseGains => self.reverse_gains(&effect),
            Primitive::NegateTrap => self.negate_trap(&effect, events),
            Primitive::PullToward => self.pull_toward(&effect, events),
            Primitive::StealHalfLifePoints => self.steal_half_life_points(&effect, events),
            Primitive::TurnBackSteal => self.turn_back_last_power_up(&effect, last_power_up_steals),
            Primitive::ShowClasses { targets } => self.show_classes(&effect, targets),
            Primitive::ReversePowerUp => {
                self.turn_back_last_power_up(&effect, last_power_up_raises)
            }
            Primitive::ReviveStrongest { count, above, cost } => {
                self.revive_strongest(&effect, *count, *above, *cost, events)
            }
            Primitive::FlipLastPlayed => self.flip_last_played(&effect, events),
            Primitive::MakeMonster {
                card: made,
                face_down,
            } => self.make_monster(&effect, *made, *face_down),
            Primitive::TurnInto { targets, into } => {
                self.turn_into(&effect, targets, *into, events)
            }
            Primitive::SetSpellFromGraveyard => self.set_spell_from_graveyard(&effect),
        };
        if let Resolved::Stopped = resolved {
            return;
        }
        events.push(Event::EffectResolved { card: card.id });
        if effect.discard_after && card.is_spell() {
            // The spell's last effect is done: a trap's answer to it ends with it.
            self.state.spell_spares = crate::seat::SeatSet::EMPTY;
            self.state.gains_reversed = crate::seat::SeatSet::EMPTY;
        }
        if effect.discard_after
            && let Some(at) = effect.at.and_then(Place::cell)
            && self
                .state
                .piece(at)
                .is_some_and(|p| p.card == Some(card.id))
        {
            self.destroy(at, Some(effect.controller), events);
        }
    }

    /// Cells in an effect's area (Deck Leaders and the source card excluded).
    fn candidates(&self, area: Area, effect: &QueuedEffect) -> Vec<Cell> {
        let at = effect.at.and_then(Place::cell);
        let triggering = effect.triggering.and_then(Place::cell);
        let cells: Vec<Cell> = match area {
            Area::This => at.into_iter().collect(),
            Area::Triggering | Area::BattleOpponent => triggering.into_iter().collect(),
            _ => {
                let Some(at) = at.or(triggering) else {
                    return self.state.pieces().map(|(c, _)| c).collect();
                };
                self.state
                    .pieces()
                    .map(|(c, _)| c)
                    .filter(|c| *c != at && in_area(area, at, *c, triggering))
                    .collect()
            }
        };
        let walled_off = |c: &Cell| match at {
            Some(at) if self.kairu() && self.is_monster_card(effect.card) => {
                self.labyrinth_between(area, at, *c)
            }
            _ => false,
        };
        let on_terrain = |c: &Cell| match area {
            Area::OnTerrain(terrain) => self.terrain_at(*c) == terrain,
            _ => true,
        };
        // Classic rule 5: "Limited Range Trap Cards affect all adjacent Card Zones (not Card
        // Zones that are diagonal to it)": a wider area printed on such a trap (Widespread
        // Ruin's two steps) stops at the trap's neighbours.
        let limited_trap = self.rules.format.traps.reach == TrapReach::ByCard
            && self.rules.pool.get(effect.card).is_some_and(|card| {
                matches!(
                    card.kind,
                    CardKind::Trap {
                        range: TrapRange::Limited,
                        ..
                    }
                )
            });
        let within_trap_reach = |c: &Cell| match (at, area) {
            (Some(at), Area::Within(_) | Area::Lines | Area::Adjacent | Area::Field)
                if limited_trap =>
            {
                c.distance(at) <= 1
            }
            _ => true,
        };
        cells
            .into_iter()
            .filter(on_terrain)
            .filter(within_trap_reach)
            .filter(|c| {
                self.state
                    .piece(*c)
                    .is_some_and(|p| !p.leader && !self.immune_to_spell(effect, p))
            })
            .filter(|c| !walled_off(c))
            .collect()
    }

    pub(in crate::grid) fn is_monster_card(&self, id: CardId) -> bool {
        self.rules.pool.get(id).is_some_and(CardDef::is_monster)
    }

    /// Kairu: "If there is a Labyrinth space between your monster and an opposing monster,
    /// you cannot target the opposing monster with your own monster effects … If a monster
    /// effect says 'Within 3 range' then you must be able to count spaces the monster could
    /// move on in order to reach the opposing monster." Along a line, a Labyrinth cell
    /// strictly between the two cells walls it off; within a range, the steps are counted
    /// over cells that are not Labyrinth.
    fn labyrinth_between(&self, area: Area, from: Cell, to: Cell) -> bool {
        let labyrinth = |c: Cell| self.state.base_terrain(c) == Terrain::Labyrinth;
        match area {
            Area::Lines => {
                let (r0, c0, r1, c1) = (from.row, from.col, to.row, to.col);
                let between: Vec<Cell> = if r0 == r1 {
                    (c0.min(c1) + 1..c0.max(c1))
                        .map(|c| Cell::new(r0, c))
                        .collect()
                } else if c0 == c1 {
                    (r0.min(r1) + 1..r0.max(r1))
                        .map(|r| Cell::new(r, c0))
                        .collect()
                } else {
                    Vec::new()
                };
                between.into_iter().any(labyrinth)
            }
            // Walled off unless a walk over non-Labyrinth cells reaches a neighbour of the
            // target within n - 1 steps (the target itself ends a path).
            Area::Within(n) => {
                n == 0 || {
                    let near = self.cells_within_range(from, n - 1);
                    !self.grid().neighbours(to).any(|c| near.contains(&c))
                }
            }
            _ => false,
        }
    }

    /// Targets among cards whose identity is public (hidden cards join only when the filter
    /// needs no identity and `include_hidden` is set).
    pub(in crate::grid) fn select(
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
            if !self.public_filter(&targets.filter, effect.controller, None, piece) {
                continue;
            }
            match piece.card.and_then(|id| self.rules.pool.get(id)) {
                Some(card) => {
                    let stats = if piece.face_up {
                        Some(self.stats_of(cell, piece, card))
                    } else {
                        None
                    };
                    if piece_identity_matches(&targets.filter, card, piece, stats.map(|s| s.0)) {
                        chosen.push((cell, stats.map_or(-1, |s| s.0)));
                    }
                }
                None if include_hidden
                    && !needs_identity_of(&targets.filter, piece)
                    && targets.pick == Pick::All =>
                {
                    chosen.push((cell, -1))
                }
                None if targets.area == Area::Triggering
                    && !needs_identity_of(&targets.filter, piece) =>
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
}
