//! Playing a card from the hand: where it may go (next to the Deck Leader, or in the 3x3
//! Summoning Area), what it costs (tributes or Summoning Points), the per-turn limits, the
//! 5 + 5 zone limits, equips played straight onto a monster, and the claim a face-down
//! play makes about the card.

use crate::action::{Action, PlayMode};
use crate::awaiting::TrapEvent;
use crate::card::{CardDef, CardId, SpellKind};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::format::{FieldSpellMode, OverLimit, SummonArea, SummonCost};
use crate::grid::filters::piece_identity_matches;
use crate::grid::{Cell, RevealCheck, cell_of};
use crate::knowledge::Knowledge;
use crate::piece::{Attached, Class, Piece};
use crate::place::Place;
use crate::player::{CardSlot, LastPlay};
use crate::seat::Seat;
use crate::state::{PendingClaim, Predicate};
use crate::terrain::Terrain;

/// What `legal_actions` works out once (per call, or per hand card) for the many plays it
/// checks, so that `check_play` need not redo it for each candidate.
#[derive(Debug, Clone, Copy)]
pub(super) struct PlayPrior<'a> {
    /// The hand card as the seat's knowledge names it.
    pub(super) known: Option<&'a CardDef>,
    pub(super) reveal: RevealCheck,
    /// `count_class` of the seat for monsters and for spells and traps.
    pub(super) counts: Option<[usize; 2]>,
}

impl PlayPrior<'_> {
    /// Nothing worked out in advance: `check_play` looks everything up itself.
    pub(super) const NONE: PlayPrior<'static> = PlayPrior {
        known: None,
        reveal: RevealCheck::Needed,
        counts: None,
    };
}

/// A validated play, ready to apply.
pub(super) struct PlayPlan {
    pub(super) card: Option<CardId>,
    pub(super) replaces: Option<Cell>,
    pub(super) claim: Option<Predicate>,
    /// A monster played beyond the limit, banished at once (`OverLimit::Banish`).
    pub(super) banish: bool,
    /// An equip put onto a face-down monster: what that monster is claimed to be.
    pub(super) target_claim: Option<(CardRef, Predicate)>,
}

impl Duel {
    /// The spells and traps `seat` holds against its limit: those on the board, and, where
    /// the format counts them, its equip spells attached beneath monsters.
    pub(super) fn spells_traps_counted(&self, seat: Seat) -> usize {
        let on_board = self.state.count_class(seat, Class::SpellTrap);
        if !self.rules.format.play.attached_equips_count {
            return on_board;
        }
        let attached = self
            .state
            .pieces()
            .flat_map(|(_, p)| &p.attached)
            .filter(|a| {
                a.owner == seat && self.rules.pool.get(a.card).is_some_and(|c| !c.is_monster())
            })
            .count();
        on_board + attached
    }

    /// The unused zones of `seat`'s Summoning Area a card an effect moves or brings back
    /// may take (not Labyrinth, where no card is played), `except` excluded.
    pub(super) fn free_summoning_zones(&self, seat: Seat, except: Option<Cell>) -> Vec<Cell> {
        self.grid()
            .cells()
            .filter(|c| self.in_summon_area(seat, *c) && Some(*c) != except)
            .filter(|c| self.state.piece(*c).is_none())
            .filter(|c| self.state.base_terrain(*c) != Terrain::Labyrinth)
            .collect()
    }

    pub(super) fn in_summon_area(&self, seat: Seat, cell: Cell) -> bool {
        let leader = self.state.player(seat).leader;
        match self.rules.format.play.area {
            SummonArea::LeaderAdjacent => cell.is_orthogonal_neighbour(leader),
            SummonArea::LeaderSquare => cell.is_in_square_around(leader),
        }
    }

    pub(super) fn check_play(
        &self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        prior: PlayPrior<'_>,
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
        let (mode, cost) = (*mode, *cost);
        self.expect_main(seat, "play")?;
        let format = &self.rules.format;
        let player = self.state.player(seat);
        let slot = player
            .hand
            .get(usize::from(*hand_index))
            .ok_or(RuleError::NoSuchHandCard { index: *hand_index })?;
        let card: Option<&CardDef> = match reveal {
            // `legal_actions` opens the reveal itself, and knows its card.
            Some(r)
                if prior.reveal == RevealCheck::Done
                    && prior.known.is_some_and(|known| known.id == r.card) =>
            {
                prior.known
            }
            Some(r) => Some(self.check_reveal_if(
                prior.reveal,
                seat,
                &self.state.commitment(slot.card_ref),
                r,
            )?),
            None if mode.reveals() => {
                return Err(RuleError::MissingReveal {
                    why: "this play shows the card",
                });
            }
            None if slot.card.is_none() && prior.known.is_some() => prior.known,
            None => slot
                .card
                .or_else(|| knowledge.and_then(|k| k.card(&self.state.commitment(slot.card_ref))))
                .and_then(|id| self.rules.pool.get(id)),
        };
        let pendulum_scale =
            mode == PlayMode::ActivateSpell && card.is_some_and(CardDef::is_monster);
        if !pendulum_scale && card.is_some_and(|c| c.is_monster() && !c.is_normal_summonable()) {
            return Err(RuleError::WrongPlayMode {
                why: "a Ritual Monster is summoned only by its Ritual card, and an Extra Deck \
                      monster by its own summon, never from the hand",
            });
        }
        if let Some(limit) = format.play.cards_per_turn
            && player.cards_played >= limit
            && !(mode == PlayMode::Equip && self.joins_played_monster(seat, *to))
        {
            return Err(RuleError::CardLimit { limit });
        }
        if mode.hides_class() && !format.play.bluff {
            return Err(RuleError::WrongPlayMode {
                why: "this format shows what a set card is: set it as a monster or as a \
                      spell/trap",
            });
        }
        let is_monster_mode = mode.is_monster();
        // The class the card enters as, where the player making the play knows it: a
        // class-hidden set is checked in full only by its owner (and by the audit).
        let entering_class = if mode.hides_class() {
            card.map(Class::of)
        } else if is_monster_mode {
            Some(Class::Monster)
        } else {
            Some(Class::SpellTrap)
        };
        if entering_class == Some(Class::Monster)
            && let Some(limit) = format.play.monsters_per_turn
            && self.monsters_played_known(seat, knowledge) >= limit
        {
            return Err(RuleError::MonsterPlayLimit { limit });
        }
        let to = cell_of(*to)?;
        if !self.state.contains(to) {
            return Err(RuleError::OffBoard { at: to.into() });
        }
        if self.state.base_terrain(to) == Terrain::Labyrinth {
            return Err(RuleError::Labyrinth { at: to.into() });
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
            // Alternate rule 3: "they can target any monster on the field", the enemy's too.
            let target = if format.traps.equips_full_range {
                self.state
                    .piece(to)
                    .ok_or(RuleError::EmptyCell { at: to.into() })?
            } else {
                self.own_piece(seat, to)?
            };
            if target.class != Class::Monster || target.leader {
                return Err(RuleError::WrongPlayMode {
                    why: "equip spells go onto monsters",
                });
            }
            if !format.traps.equips_full_range && !self.in_summon_area(seat, to) {
                return Err(RuleError::OutsideSummonArea { at: to.into() });
            }
            // Kairu: onto one's own face-down monster, which stays hidden; that it fits is
            // a claim its owner checks now and everyone checks when it is revealed.
            let target_claim = if !target.face_up
                && format.play.equip_face_down
                && target.controller == seat
            {
                let predicate = Predicate::FitsEquip {
                    filter: filter.clone(),
                };
                let known = target.card.or_else(|| {
                    knowledge.and_then(|k| k.card(&self.state.commitment(target.card_ref)))
                });
                if let Some(target_card) = known.and_then(|id| self.rules.pool.get(id))
                    && !crate::claims::predicate_holds(&predicate, target_card)
                {
                    return Err(RuleError::WrongPlayMode {
                        why: "this monster cannot take that equip",
                    });
                }
                Some((target.card_ref, predicate))
            } else {
                let Some(target_card) = target.card.and_then(|id| self.rules.pool.get(id)) else {
                    return Err(RuleError::WrongPlayMode {
                        why: "equip spells from the hand go onto face-up monsters",
                    });
                };
                if !target.face_up || !piece_identity_matches(filter, target_card, target, None) {
                    return Err(RuleError::WrongPlayMode {
                        why: "this monster cannot take that equip",
                    });
                }
                None
            };
            let held = prior
                .counts
                .map_or_else(|| self.spells_traps_counted(seat), |[_, s]| s);
            if format.play.attached_equips_count
                && held >= usize::from(format.play.max_spells_traps)
            {
                return Err(RuleError::SpellTrapZonesFull {
                    limit: format.play.max_spells_traps,
                });
            }
            return Ok(PlayPlan {
                card: Some(card.id),
                replaces: None,
                claim: None,
                banish: false,
                target_claim,
            });
        }
        // DOR Modern: a Pendulum Monster activated as a spell goes to a Pendulum Zone.
        if pendulum_scale
            && let Some(refused) = card.and_then(|c| self.pendulum_corner_refused(seat, c, to))
        {
            return Err(refused);
        }
        let mut replaces = None;
        let mut tribute_cells: Vec<Cell> = Vec::with_capacity(tributes.len());
        for t in tributes {
            tribute_cells.push(cell_of(*t)?);
        }
        // Classic rule 4: "A Field Spell will activate in its Field Spell Card Zone like in
        // the real game": it needs no zone next to the Deck Leader, only an unused cell
        // anywhere to pass through on its way there.
        let field_spell_to_its_zone = mode == PlayMode::ActivateSpell
            && card.is_some_and(|c| c.spell_kind() == Some(SpellKind::Field))
            && matches!(
                format.terrain.field_spells,
                FieldSpellMode::ControllerHalf | FieldSpellMode::FullRange
            );
        if !tribute_cells.contains(&to) {
            if !pendulum_scale && !field_spell_to_its_zone && !self.in_summon_area(seat, to) {
                return Err(RuleError::OutsideSummonArea { at: to.into() });
            }
            if let Some(occupant) = self.state.piece(to) {
                // Kairu: "You can play a new monster on top of a monster that is already
                // on the field" — your own, not your Deck Leader; a spell or trap, or a
                // monster onto a spell or trap, needs a free zone.
                if self.kairu()
                    && occupant.controller == seat
                    && !occupant.leader
                    && occupant.class == Class::Monster
                    && mode.is_monster()
                {
                    replaces = Some(to);
                } else {
                    return Err(RuleError::Occupied { at: to.into() });
                }
            }
        } else if !self.in_summon_area(seat, to) {
            return Err(RuleError::OutsideSummonArea { at: to.into() });
        }
        for (i, t) in tribute_cells.iter().enumerate() {
            let piece = self.own_piece(seat, *t)?;
            // A class-hidden card tributed shows it is a monster (see `do_play`).
            if !self.may_act_as(piece, Class::Monster, knowledge) || piece.leader {
                return Err(RuleError::BadTribute {
                    at: (*t).into(),
                    why: "only your own monsters",
                });
            }
            if tribute_cells[..i].contains(t) {
                return Err(RuleError::BadTribute {
                    at: (*t).into(),
                    why: "named twice",
                });
            }
        }
        // Capacity, counted by whoever knows what the card is.
        let Some(class) = entering_class else {
            return self.class_hidden_set(seat, cost, &tribute_cells, None);
        };
        let replaced = replaces.filter(|c| self.state.piece(*c).is_some_and(|p| p.class == class));
        let freed = tribute_cells.len() + usize::from(replaced.is_some());
        let leaving: Vec<Cell> = tribute_cells.iter().copied().chain(replaced).collect();
        let [monsters_held, spells_traps_held] = prior
            .counts
            .unwrap_or_else(|| self.class_counts(seat, knowledge));
        let count = match class {
            Class::Monster => monsters_held,
            _ => spells_traps_held,
        }
        .saturating_sub(freed)
        .saturating_sub(if class == Class::Monster {
            self.uncounted_extra_deck_monsters(seat, &leaving)
        } else {
            0
        });
        // A spell activated from the hand stands in its zone while it resolves, so it needs
        // room among the five ("up to 5 ... Spells/Traps ... at any time"), except a Field
        // Spell that goes on to its own Field Spell Zone ("excluding Field Spell Cards").
        let takes_a_zone = match mode {
            PlayMode::ActivateSpell => !card.is_some_and(|c| {
                c.spell_kind() == Some(SpellKind::Field)
                    && format.terrain.field_spells != crate::format::FieldSpellMode::Terraform
            }),
            _ => true,
        };
        let over_limit = class == Class::Monster
            && (count >= usize::from(format.play.max_monsters)
                || self
                    .within_most_in_all(
                        seat,
                        (self.state.count_class(seat, Class::Monster) + 1).saturating_sub(freed),
                        None,
                    )
                    .is_err());
        let banish =
            over_limit && format.play.over_limit == OverLimit::Banish && !mode.hides_class();
        if banish && reveal.is_none() {
            return Err(RuleError::MissingReveal {
                why: "a monster played beyond the limit is shown as it is banished",
            });
        }
        match class {
            Class::Monster if over_limit && !banish => {
                return Err(RuleError::MonsterZonesFull {
                    limit: format.play.max_monsters,
                });
            }
            Class::SpellTrap
                if takes_a_zone && count >= usize::from(format.play.max_spells_traps) =>
            {
                return Err(RuleError::SpellTrapZonesFull {
                    limit: format.play.max_spells_traps,
                });
            }
            _ => {}
        }
        // The card itself and its cost.
        let claim = match mode {
            PlayMode::SummonDefence => {
                return Err(RuleError::WrongPlayMode {
                    why: "on the grid a monster is summoned face-up in attack position",
                });
            }
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
                    // A Pendulum Monster, checked above.
                    None if pendulum_scale => {}
                    None => {
                        return Err(RuleError::WrongPlayMode {
                            why: "only spells activate",
                        });
                    }
                }
                None
            }
            PlayMode::Equip => None,
            PlayMode::SetCardAttack | PlayMode::SetCardDefence => {
                return self.class_hidden_set(seat, cost, &tribute_cells, card);
            }
        };
        // A player who knows the card checks the claim before making it.
        if let (Some(claim), Some(card)) = (&claim, card)
            && !crate::claims::predicate_holds(claim, card)
        {
            return Err(RuleError::WrongPlayMode {
                why: "the card does not fit that play",
            });
        }
        Ok(PlayPlan {
            card: card.map(|c| c.id),
            replaces,
            claim: if banish { None } else { claim },
            banish,
            target_claim: None,
        })
    }

    pub(super) fn do_play(
        &mut self,
        seat: Seat,
        action: &Action,
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let plan = self.check_play(seat, action, knowledge, PlayPrior::NONE)?;
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
        let (to, mode) = (cell_of(*to)?, *mode);
        let turn = self.state.turn;
        let player = self.state.player_mut(seat);
        let slot = player.hand.remove(usize::from(*hand_index));
        player.cards_played += 1;
        player.last_played = Some(LastPlay {
            card_ref: slot.card_ref,
            turn,
        });
        // A class-hidden set whose card the public knows (shown from the hand before) is
        // what it is; one nobody else knows shows its class when it is revealed.
        let class = if mode.hides_class() {
            slot.card
                .and_then(|id| self.rules.pool.get(id))
                .map_or(Class::Unknown, Class::of)
        } else if mode.is_monster() {
            Class::Monster
        } else {
            Class::SpellTrap
        };
        let player = self.state.player_mut(seat);
        if class == Class::Monster {
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
            let at = cell_of(*t)?;
            self.show_class(at, Class::Monster, events)?;
            self.destroy(at, Some(seat), events);
        }
        if let Some(cell) = plan.replaces {
            self.destroy(cell, Some(seat), events);
        }
        if plan.banish {
            let card = plan.card.ok_or(RuleError::MissingReveal {
                why: "a monster played beyond the limit is shown as it is banished",
            })?;
            self.state.player_mut(seat).banished.push(CardSlot {
                card_ref: slot.card_ref,
                card: Some(card),
            });
            events.push(Event::BanishedOverLimit { seat, card });
            return Ok(());
        }
        if mode == PlayMode::Equip {
            let card = plan.card.ok_or(RuleError::MissingReveal {
                why: "an equip shows the card",
            })?;
            if let Some(piece) = self.state.piece_mut(to) {
                piece.attached.push(Attached {
                    owner: seat,
                    card_ref: slot.card_ref,
                    card,
                    reversed: false,
                });
            }
            events.push(Event::Equipped {
                at: to.into(),
                card,
            });
            self.queue_agreed_equip(card, seat, to);
            // A power-up is an action the enemy's traps may answer (Reverse Trap).
            self.open_windows(seat, TrapEvent::PowerUp { at: to.into() }, events);
            if let Some((card_ref, predicate)) = plan.target_claim {
                self.state.claims.push(PendingClaim {
                    card_ref,
                    owner: seat,
                    predicate,
                    turn,
                });
                events.push(Event::ClaimRecorded {
                    owner: seat,
                    commitment: self.state.commitment(card_ref),
                });
            }
            return Ok(());
        }
        let face_up = matches!(mode, PlayMode::Summon | PlayMode::ActivateSpell);
        self.state.put(
            to,
            Piece {
                card: if face_up { plan.card } else { slot.card },
                face_up,
                defence: matches!(mode, PlayMode::SetMonsterDefence | PlayMode::SetCardDefence),
                // Played face-up by its controller: its turns in defence count.
                turns_in_defence: (face_up && class == Class::Monster).then_some(0),
                ..Piece::entering(seat, slot.card_ref, class, turn)
            },
        );
        events.push(Event::Played {
            seat,
            at: to.into(),
            card: if face_up { plan.card } else { None },
        });
        if class == Class::Unknown {
            events.push(Event::ClassHidden {
                seat,
                at: to.into(),
            });
        }
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
        // A Pendulum Monster set in its Pendulum Zone starts no spell's effect.
        if mode == PlayMode::ActivateSpell
            && let Some(card) = plan.card.and_then(|id| self.rules.pool.get(id)).cloned()
            && !card.is_monster()
        {
            self.begin_spell(seat, &card, Some(to), events);
        }
        Ok(())
    }
}

impl Duel {
    /// Kairu: whether an equip aimed at `to` joins the monster `seat` played from the hand
    /// this turn, in the same play ("you may play a monster and equip an Equip Spell at the
    /// same time"): a monster they played this turn that has neither moved nor taken an
    /// equip yet.
    fn joins_played_monster(&self, seat: Seat, to: Place) -> bool {
        self.rules.format.play.equip_with_monster
            && self.state.player(seat).monsters_played > 0
            && to
                .cell()
                .and_then(|c| self.state.piece(c))
                .is_some_and(|p| {
                    p.controller == seat
                        && p.class == Class::Monster
                        && !p.leader
                        && p.entered_turn == self.state.turn
                        && !p.moved
                        && p.attached.is_empty()
                })
    }

    /// `seat`'s Extra Deck card `card_ref`, shown to be `card`, leaves the Extra Deck as a
    /// face-up monster in attack position entering the field this turn (for the caller to
    /// put on its cell, changed where its rule says).
    pub(super) fn out_of_extra_deck(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        card: CardId,
    ) -> Piece {
        self.state
            .player_mut(seat)
            .extra_deck
            .retain(|r| *r != card_ref);
        Piece {
            card: Some(card),
            face_up: true,
            from_extra_deck: true,
            ..Piece::entering(seat, card_ref, Class::Monster, self.state.turn)
        }
    }
}

/// All ways to choose `k` cells, in board order.
pub(super) fn combinations(cells: &[Cell], k: usize) -> Vec<Vec<Cell>> {
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
