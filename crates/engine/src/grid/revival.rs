//! Revival: a spell that brings a card back out of a graveyard (Monster Reborn, Copycat,
//! Mimicat, Graverobber). Its controller chooses one card the spell names among the
//! graveyard cards every peer has seen; the spell goes to the graveyard and the card takes
//! its cell under the spell's controller (Classic rule 10: "Monsters Special Summoned using a
//! card effect are Summoned in the same Card Zone where the card was activated (ex. Monster
//! Reborn)"). A monster comes back face-up in attack position; a spell is activated again
//! from that cell. The card keeps its owner: it goes to their graveyard when it leaves.
//!
//! Magician of Faith and Mask of Darkness set a spell from a graveyard instead: chosen the
//! same way, it then waits for a zone of their controller's Summoning Area
//! (`revival_in_summoning_area.rs`) and lies there face-down, known to everyone.

use crate::action::Action;
use crate::card::{CardDef, CardId, Filter, KindFilter, Primitive, Side, SpellKind};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::filters::identity_matches;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::seat::Seat;
use crate::state::{QueuedEffect, Resume};

use super::effects::Resolved;
use super::revival_in_summoning_area::ComingBack;

/// One graveyard card a revival may bring back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Revivable {
    pub owner: Seat,
    pub card_ref: CardRef,
    pub card: CardId,
}

impl Duel {
    /// A revival spell resolves: with something to bring back, its controller chooses;
    /// with nothing, or off the board, it has no effect.
    pub(super) fn revive_effect(&mut self, effect: &QueuedEffect, filter: &Filter) -> Resolved {
        if effect.at.and_then(Place::cell).is_none()
            || !matches!(self.state.resume, Resume::Nothing)
            || self.revivable(effect.controller, filter, false).is_empty()
        {
            return Resolved::Done;
        }
        self.state.resume = Resume::Revive {
            effect: effect.clone(),
            then: Box::new(Resume::Nothing),
        };
        // The spell stays on its cell until the chosen card takes it.
        Resolved::Stopped
    }

    /// Magician of Faith's or Mask of Darkness's effect resolves: only in its controller's
    /// own turn, with a spell to set and a zone to set it on, its controller chooses the
    /// spell; what is under way waits.
    pub(super) fn set_spell_from_graveyard(&mut self, effect: &QueuedEffect) -> Resolved {
        if !self.may_set_spell_from_graveyard(effect) {
            return Resolved::Done;
        }
        self.state.resume.hold_up(|then| Resume::Revive {
            effect: effect.clone(),
            then,
        });
        Resolved::Stopped
    }

    /// Whether a spell can still be set from a graveyard for `effect`'s controller: a spell
    /// to set, an unused zone, and room under the format's limit of spells and traps.
    fn may_set_spell_from_graveyard(&self, effect: &QueuedEffect) -> bool {
        let seat = effect.controller;
        self.state.active == seat
            && self.state.table.in_play(seat)
            && self.has_spell_trap_room(seat)
            && !self.free_summoning_zones(seat, None).is_empty()
            && !self.revivable(seat, &spells_to_set(), true).is_empty()
    }

    /// Whether `seat` may hold one more spell or trap (Classic rule 6: "at any time").
    pub(super) fn has_spell_trap_room(&self, seat: Seat) -> bool {
        self.spells_traps_counted(seat) < usize::from(self.rules.format.play.max_spells_traps)
    }

    /// The spell-setting choice waiting for its controller, asked before later effects
    /// resolve, as a zone's choice is: they then see the spell set.
    pub(super) fn spell_setting_choice(&self) -> Option<(Seat, crate::awaiting::Decision)> {
        self.waiting_spell_setting()?;
        self.state.resume.awaited_choice()
    }

    /// The spell-setting effect (Magician of Faith's, Mask of Darkness's) whose choice of a
    /// spell is waiting, if one is.
    fn waiting_spell_setting(&self) -> Option<&QueuedEffect> {
        let Resume::Revive { effect, .. } = &self.state.resume else {
            return None;
        };
        matches!(
            self.effect_def(effect).map(|d| &d.primitive),
            Some(Primitive::SetSpellFromGraveyard)
        )
        .then_some(effect)
    }

    /// A spell-setting revival waiting for its card when none is left to set, or no zone to
    /// set it on (another effect resolved first), sets nothing. Returns whether one was
    /// dropped.
    pub(super) fn drop_stale_spell_setting(&mut self) -> bool {
        let Some(effect) = self.waiting_spell_setting() else {
            return false;
        };
        if self.may_set_spell_from_graveyard(effect) {
            return false;
        }
        self.unwind_revival();
        true
    }

    /// The revival's choice is made or dropped: what it held up goes on.
    fn unwind_revival(&mut self) {
        self.state.resume = match std::mem::replace(&mut self.state.resume, Resume::Nothing) {
            Resume::Revive { then, .. } => *then,
            other => other,
        };
    }

    /// Every graveyard card `seat` may bring back with a revival of `filter`, graveyard by
    /// graveyard in seat order, oldest first. Only cards every peer has seen count; a
    /// monster only while `seat` has room for one more; a spell only if it can be
    /// activated on a cell of its own (not an equip); never a trap.
    fn revivable(&self, seat: Seat, filter: &Filter, sets: bool) -> Vec<Revivable> {
        let monster_room = self.has_monster_room(seat);
        let mut found = Vec::new();
        for owner in self.state.table.seats() {
            let side_ok = match filter.side {
                None => true,
                Some(Side::Own) => owner == seat,
                Some(Side::Enemy) => self.are_opponents(seat, owner),
            };
            if !side_ok {
                continue;
            }
            for slot in &self.state.player(owner).graveyard {
                let Some(card) = slot.card.and_then(|id| self.rules.pool.get(id)) else {
                    continue;
                };
                if identity_matches(filter, card, None) && revivable_kind(card, monster_room, sets)
                {
                    found.push(Revivable {
                        owner,
                        card_ref: slot.card_ref,
                        card: card.id,
                    });
                }
            }
        }
        found
    }

    /// The revival waiting for `seat`, with the filter of its card and whether it sets the
    /// card in the Summoning Area (rather than onto its own cell).
    fn pending_revival(
        &self,
        seat: Seat,
        action: &'static str,
    ) -> Result<(QueuedEffect, Filter, bool), RuleError> {
        self.expect_decision(seat, action)?;
        let Resume::Revive { effect, .. } = &self.state.resume else {
            return Err(self.wrong_decision(seat, action));
        };
        match self.effect_def(effect).map(|def| &def.primitive) {
            Some(Primitive::Revive { filter }) => Ok((effect.clone(), filter.clone(), false)),
            Some(Primitive::SetSpellFromGraveyard) => Ok((effect.clone(), spells_to_set(), true)),
            _ => Err(RuleError::CannotRevive {
                why: "the effect resolving does not bring cards back",
            }),
        }
    }

    pub(super) fn do_revive(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (effect, filter, sets) = self.pending_revival(seat, "revive")?;
        let chosen = self
            .revivable(seat, &filter, sets)
            .into_iter()
            .find(|r| r.card_ref == card_ref)
            .ok_or(RuleError::CannotRevive {
                why: if sets {
                    "that card is not a spell this card can set from a graveyard"
                } else {
                    "that card is not one this spell can bring back from a graveyard"
                },
            })?;
        if sets {
            // The spell waits in its graveyard for the zone its new controller chooses.
            self.unwind_revival();
            self.wait_for_revival_zone(
                &effect,
                seat,
                ComingBack {
                    from: chosen.owner,
                    card_ref,
                    card: chosen.card,
                },
            );
            return Ok(());
        }
        let at = effect
            .at
            .and_then(Place::cell)
            .ok_or(RuleError::CannotRevive {
                why: "the spell has no zone on the board",
            })?;
        self.unwind_revival();
        // The spell has done its work: it leaves the cell the card takes.
        self.destroy(at, Some(seat), events);
        self.state
            .player_mut(chosen.owner)
            .graveyard
            .retain(|slot| slot.card_ref != card_ref);
        let card = self.rules.card(chosen.card)?.clone();
        let class = if card.is_monster() {
            Class::Monster
        } else {
            Class::SpellTrap
        };
        let turn = self.state.turn;
        self.state.put(
            at,
            Piece {
                controller: seat,
                card: Some(card.id),
                face_up: true,
                ..Piece::entering(chosen.owner, card_ref, class, turn)
            },
        );
        events.push(Event::Revived {
            seat,
            card: card.id,
            from: chosen.owner,
            at: at.into(),
        });
        events.push(Event::EffectResolved { card: effect.card });
        if !card.is_monster() {
            self.begin_spell(seat, &card, Some(at), events);
        }
        Ok(())
    }

    /// Every card the revival waiting for `seat` may bring back.
    pub(super) fn revival_actions(&self, seat: Seat) -> Vec<Action> {
        match self.pending_revival(seat, "revive") {
            Ok((_, filter, sets)) => self
                .revivable(seat, &filter, sets)
                .into_iter()
                .map(|r| Action::Revive { card: r.card_ref })
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The graveyard card `card_ref` names, with the graveyard's owner, if every peer has
    /// seen it.
    pub fn graveyard_card(&self, card_ref: CardRef) -> Option<(CardId, Seat)> {
        self.state.table.seats().find_map(|seat| {
            let slot = self
                .state
                .player(seat)
                .graveyard
                .iter()
                .find(|slot| slot.card_ref == card_ref)?;
            Some((slot.card?, seat))
        })
    }
}

/// What Magician of Faith and Mask of Darkness set: a spell ("1 SPELL card": the original
/// game's Magic cards; its power-ups and Rituals were kinds of their own).
fn spells_to_set() -> Filter {
    Filter {
        kind: Some(KindFilter::Spell),
        ..Filter::default()
    }
}

/// Whether a revival may bring `card` back: a monster while there is room for one, a spell
/// that is activated on a cell of its own. Set from a graveyard (`sets`), a spell of the
/// original game's Magic kinds: not a Ritual, which the original game kept apart.
fn revivable_kind(card: &CardDef, monster_room: bool, sets: bool) -> bool {
    if card.is_monster() {
        return monster_room;
    }
    match card.spell_kind() {
        Some(SpellKind::Normal | SpellKind::Continuous | SpellKind::Field) => true,
        Some(SpellKind::Ritual) => !sets,
        _ => false,
    }
}
