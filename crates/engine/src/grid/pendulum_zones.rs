//! DOR Modern rule 5: "Pendulum Monsters can be Summoned/Set as monsters or activated in the
//! corner card zones which are designated Pendulum Zones. If activated in the Pendulum Zone,
//! they cannot be moved", and "Each Player can control a maximum of 5 Spell/Trap cards
//! including Pendulum cards".
//!
//! *Reading*: a player's Pendulum Zones are the two corners of their own edge of the board
//! (with four players two neighbours share a corner: whoever takes it first holds it). A
//! Pendulum Monster is activated there from the hand, face-up, as a spell that stays: it
//! counts among the five spells and traps and never moves (face-up spells do not move in
//! Modern, and a Pendulum card in its zone never does).
//!
//! With a Pendulum Monster in both of their Pendulum Zones a player may Pendulum Summon
//! once per turn, in their Main Phase: monsters from the hand whose Levels lie strictly
//! between the two Scales, face-up in attack position. *Reading*: the seed names no zone for
//! it, so they go where a Normal Summon would (rule 3: unused zones next to the Deck
//! Leader), each counted against the monster limits. A Pendulum Monster leaving the grid goes
//! to the graveyard (the card game's face-up Extra Deck is not part of the grid's rules).

use crate::action::{Action, PendulumSource, PendulumSummoned};
use crate::card::{CardDef, CardId};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::monster_room::NoRoom;
use crate::grid::{Cell, Edge};
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;

/// The most monsters one Pendulum Summon brings (the grid's five and two more).
const MOST_PENDULUM_SUMMONED: usize = 7;

impl Duel {
    /// `seat`'s Pendulum Zones: the two corners of its edge of the board.
    pub(crate) fn pendulum_corners(&self, seat: Seat) -> [Cell; 2] {
        let last = self.grid().size().saturating_sub(1);
        match self.grid().edge_of(seat) {
            Edge::Bottom => [Cell::new(last, 0), Cell::new(last, last)],
            Edge::Top => [Cell::new(0, 0), Cell::new(0, last)],
            Edge::Left => [Cell::new(0, 0), Cell::new(last, 0)],
            Edge::Right => [Cell::new(0, last), Cell::new(last, last)],
        }
    }

    /// Whether `card` is a Pendulum Monster the format lets `seat` activate in a Pendulum
    /// Zone.
    pub(crate) fn activates_in_pendulum_zones(&self, card: &CardDef) -> bool {
        self.rules.format.play.pendulum_corners
            && card.is_monster()
            && card.pendulum_scale().is_some()
    }

    /// Why `seat` may not activate the monster `card` as a spell at `to`, if it may not.
    pub(super) fn pendulum_corner_refused(
        &self,
        seat: Seat,
        card: &CardDef,
        to: Cell,
    ) -> Option<RuleError> {
        if !self.activates_in_pendulum_zones(card) {
            return Some(RuleError::WrongPlayMode {
                why: "only spells activate (and, in DOR Modern, Pendulum Monsters in a Pendulum \
                      Zone)",
            });
        }
        (!self.pendulum_corners(seat).contains(&to)).then_some(RuleError::WrongPlayMode {
            why: "a Pendulum Monster is activated only in a Pendulum Zone: a corner of your own \
                  edge of the board",
        })
    }
}

impl Duel {
    /// `seat`'s Pendulum Scales, lower first: the face-up Pendulum Monsters it controls in
    /// both of its Pendulum Zones.
    pub(crate) fn grid_pendulum_scales(&self, seat: Seat) -> Option<(u8, u8)> {
        let scale = |at: Cell| {
            let piece = self.state.piece(at)?;
            if !piece.face_up || piece.controller != seat || piece.class != Class::SpellTrap {
                return None;
            }
            self.rules.pool.get(piece.card?)?.pendulum_scale()
        };
        let [left, right] = self.pendulum_corners(seat);
        let (a, b) = (scale(left)?, scale(right)?);
        Some((a.min(b), a.max(b)))
    }

    /// Checks a Pendulum Summon on the grid: the format, the turn's one summon, the Scales,
    /// and each monster's card, Level and zone. Returns what each brings.
    fn check_grid_pendulum_summon(
        &self,
        seat: Seat,
        summons: &[PendulumSummoned],
    ) -> Result<Vec<(CardRef, CardId, Cell)>, RuleError> {
        let refused = |why: String| RuleError::CannotPendulumSummon { why };
        self.expect_main(seat, "pendulum-summon")?;
        if !self.rules.format.play.pendulum_corners {
            return Err(refused("this format has no Pendulum Zones".into()));
        }
        if self.state.player(seat).pendulum_summoned {
            return Err(refused("a player Pendulum Summons once per turn".into()));
        }
        let Some((low, high)) = self.grid_pendulum_scales(seat) else {
            return Err(refused(
                "a Pendulum Summon needs a Pendulum Monster in both of your Pendulum Zones (the \
                 corners of your edge)"
                    .into(),
            ));
        };
        if summons.is_empty() || summons.len() > MOST_PENDULUM_SUMMONED {
            return Err(refused(format!(
                "a Pendulum Summon brings 1 to {MOST_PENDULUM_SUMMONED} monsters, not {}",
                summons.len()
            )));
        }
        let hand = &self.state.player(seat).hand;
        let mut checked: Vec<(CardRef, CardId, Cell)> = Vec::with_capacity(summons.len());
        for summon in summons {
            let PendulumSource::Hand { hand_index, reveal } = summon.from else {
                return Err(refused(
                    "on the grid a Pendulum Summon brings monsters from the hand only".into(),
                ));
            };
            let slot = hand
                .get(usize::from(hand_index))
                .ok_or(RuleError::NoSuchHandCard { index: hand_index })?;
            if checked.iter().any(|(r, _, _)| *r == slot.card_ref) {
                return Err(refused("a hand card is summoned twice".into()));
            }
            // The card named is checked before its opening: a card that could not be
            // summoned anyway costs no SHA-256.
            let named = self.rules.card(reveal.card)?;
            let level = named.level();
            if !named.is_normal_summonable() || level <= low || level >= high {
                return Err(refused(format!(
                    "{} (Level {level}) is no Main Deck monster between your Pendulum Scales \
                     {low} and {high}",
                    named.name
                )));
            }
            let def = self.check_reveal(seat, &self.state.commitment(slot.card_ref), &reveal)?;
            if summon.defence {
                return Err(refused(
                    "on the grid a summoned monster enters face-up in attack position".into(),
                ));
            }
            let to = summon
                .to
                .cell()
                .ok_or(RuleError::OffBoard { at: summon.to })?;
            if !self.in_summon_area(seat, to) {
                return Err(RuleError::OutsideSummonArea { at: to.into() });
            }
            if self.state.base_terrain(to) == crate::terrain::Terrain::Labyrinth {
                return Err(RuleError::Labyrinth { at: to.into() });
            }
            if self.state.piece(to).is_some() || checked.iter().any(|(_, _, c)| *c == to) {
                return Err(RuleError::Occupied { at: to.into() });
            }
            checked.push((slot.card_ref, def.id, to));
        }
        // Every monster of the summon counted together against the limits.
        self.room_for_main_deck_monsters(seat, checked.len())
            .map_err(NoRoom::rule_error)?;
        Ok(checked)
    }

    /// Pendulum Summons `summons` for `seat` on the grid.
    pub(super) fn do_grid_pendulum_summon(
        &mut self,
        seat: Seat,
        summons: &[PendulumSummoned],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let checked = self.check_grid_pendulum_summon(seat, summons)?;
        self.take_pendulum_hand_cards(seat, summons.iter().map(|s| s.from));
        let turn = self.state.turn;
        let mut shown = Vec::with_capacity(checked.len());
        for (card_ref, card, to) in checked {
            self.state.put(
                to,
                Piece {
                    card: Some(card),
                    face_up: true,
                    ..Piece::entering(seat, card_ref, Class::Monster, turn)
                },
            );
            shown.push((Place::Cell(to), card));
        }
        self.state.player_mut(seat).pendulum_summoned = true;
        events.push(Event::PendulumSummoned {
            seat,
            summoned: shown,
        });
        Ok(())
    }

    /// The Pendulum Summons `seat` may make now on the grid: each monster of its hand between
    /// its Scales alone, onto the first zone that takes it, and all of them together.
    pub(super) fn grid_pendulum_summons(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        if !self.rules.format.play.pendulum_corners
            || self.state.player(seat).pendulum_summoned
            || self.state.phase == crate::state::Phase::Battle
            || self.grid_pendulum_scales(seat).is_none()
            || self.room_for_main_deck_monsters(seat, 1).is_err()
        {
            return;
        }
        let area: Vec<Cell> = self
            .grid()
            .cells()
            .filter(|c| {
                self.in_summon_area(seat, *c)
                    && self.state.piece(*c).is_none()
                    && self.state.base_terrain(*c) != crate::terrain::Terrain::Labyrinth
            })
            .collect();
        let mut together: Vec<PendulumSummoned> = Vec::new();
        for (index, slot) in self.state.player(seat).hand.iter().enumerate() {
            let (Ok(hand_index), Some(reveal)) = (
                u8::try_from(index),
                knowledge.get(&self.state.commitment(slot.card_ref)),
            ) else {
                continue;
            };
            let from = PendulumSource::Hand {
                hand_index,
                reveal: *reveal,
            };
            let alone = area.iter().map(|to| PendulumSummoned {
                from,
                to: Place::Cell(*to),
                defence: false,
            });
            for summon in alone {
                if self
                    .check_grid_pendulum_summon(seat, std::slice::from_ref(&summon))
                    .is_ok()
                {
                    out.push(Action::PendulumSummon {
                        monsters: vec![summon],
                    });
                    // The same monster with the others so far, onto the next free zone.
                    if let Some(to) = area
                        .iter()
                        .find(|c| !together.iter().any(|t| t.to == Place::Cell(**c)))
                    {
                        let mut more = together.clone();
                        more.push(PendulumSummoned {
                            from,
                            to: Place::Cell(*to),
                            defence: false,
                        });
                        if self.check_grid_pendulum_summon(seat, &more).is_ok() {
                            together = more;
                        }
                    }
                    break;
                }
            }
        }
        if together.len() > 1 {
            out.push(Action::PendulumSummon { monsters: together });
        }
    }
}
