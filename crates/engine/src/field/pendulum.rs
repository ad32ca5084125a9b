//! The card game's Pendulum Zones and Pendulum Summon (Domain Format, Master Rule 5,
//! `field.pendulum_zones`; the seed: "If it is a main deck pendulum monster, it can be
//! activated as a pendulum spell" and "it can be pendulum summoned").
//!
//! - The leftmost and rightmost Spell & Trap Zones of each player are their Pendulum Zones.
//!   A Pendulum Monster is activated there from the hand (or from the Deck Master Zone) as a
//!   spell, face-up, in its controller's Main Phase; it resolves as every activated card
//!   does (by agreement) and stays. It activates nowhere else; other spells and traps use
//!   those zones as any Spell & Trap Zone.
//! - With a Pendulum Monster in both of their Pendulum Zones, a player may Pendulum Summon
//!   once per turn in their Main Phase: at once, any number of monsters whose Levels lie
//!   strictly between the two Scales, from the hand (Main Deck monsters a Normal Summon
//!   could bring; each shown), face-up from the Extra Deck, and (a Main Deck monster) the
//!   Deck Master from its zone, its cost paid. Each enters face-up in ATK or DEF Position:
//!   from the hand into a free Main Monster Zone; from the Extra Deck into an Extra Monster
//!   Zone or a Main Monster Zone a Link arrow points to, where the field has them. It is no
//!   Normal Summon, and no card is activated.
//! - A Pendulum Monster on the field (in a Monster Zone or a Pendulum Zone) that would go to
//!   the graveyard goes face-up to its owner's Extra Deck instead, known to everyone.

use crate::action::{PendulumSource, PendulumSummoned};
use crate::card::CardDef;
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::{Place, Zone};
use crate::player::{CardSlot, DeckMasterPlace};
use crate::seat::Seat;

/// The most monsters one Pendulum Summon brings: every Main Monster Zone and one Extra
/// Monster Zone.
const MAX_PENDULUM_SUMMONED: usize = 8;

/// A monster about to be Pendulum Summoned: where it comes from, what it is, where it goes.
struct Summoned {
    card_ref: CardRef,
    card: crate::card::CardId,
    source: PendulumSource,
    to: Place,
    defence: bool,
}

impl Duel {
    /// Whether `at` is a Pendulum Zone: the leftmost or rightmost Backrow zone, where the
    /// format has Pendulum Zones.
    pub fn is_pendulum_zone(&self, at: Place) -> bool {
        // DOR Modern on the grid: the corners of each seat's edge.
        if let Place::Cell(cell) = at {
            return self.rules.format.play.pendulum_corners
                && self
                    .state
                    .table
                    .seats()
                    .any(|seat| self.pendulum_corners(seat).contains(&cell));
        }
        let last = self.field().spell_trap_zones().saturating_sub(1);
        self.rules.format.field.pendulum_zones
            && self.field().index(at).is_some()
            && matches!(at, Place::Zone { zone: Zone::Backrow, slot, .. } if slot == 0 || slot == last)
    }

    /// `seat`'s Pendulum Zones, left then right (none where the format has no Pendulum
    /// Zones).
    pub fn pendulum_zones(&self, seat: Seat) -> Vec<Place> {
        self.field()
            .backrow(self.side_of(seat))
            .filter(|at| self.is_pendulum_zone(*at))
            .collect()
    }

    /// The lower and higher Pendulum Scale `seat` has set, when a face-up Pendulum Monster
    /// it controls is in each of its two Pendulum Zones.
    pub fn pendulum_scales(&self, seat: Seat) -> Option<(u8, u8)> {
        let zones = self.pendulum_zones(seat);
        let [left, right] = zones.as_slice() else {
            return None;
        };
        let scale = |at: Place| {
            let piece = self.zone_piece(at)?;
            if !piece.face_up || !self.controls(seat, piece) {
                return None;
            }
            self.rules.pool.get(piece.card?)?.pendulum_scale()
        };
        let (a, b) = (scale(*left)?, scale(*right)?);
        Some((a.min(b), a.max(b)))
    }

    /// Why `card`, activated as a spell from the hand or the Deck Master Zone, may not go to
    /// `to`, if it may not: a Pendulum Monster goes to a Pendulum Zone, and nothing else
    /// is activated there as a Pendulum Scale.
    pub(super) fn pendulum_activation_refused(
        &self,
        to: Place,
        card: &CardDef,
    ) -> Option<RuleError> {
        let refused = |why| Some(RuleError::WrongPlayMode { why });
        if card.pendulum_scale().is_none() || !self.rules.format.field.pendulum_zones {
            return refused("only a spell is activated from the hand");
        }
        if !self.is_pendulum_zone(to) {
            return refused(
                "a Pendulum Monster is activated as a spell in a Pendulum Zone: the leftmost or \
                 rightmost Spell & Trap Zone",
            );
        }
        None
    }

    /// Takes the hand cards a Pendulum Summon (checked) brings out of `seat`'s hand, from
    /// the highest index down, so that the others keep theirs.
    pub(crate) fn take_pendulum_hand_cards(
        &mut self,
        seat: Seat,
        sources: impl Iterator<Item = PendulumSource>,
    ) {
        let mut hand_indices: Vec<usize> = sources
            .filter_map(|source| match source {
                PendulumSource::Hand { hand_index, .. } => Some(usize::from(hand_index)),
                _ => None,
            })
            .collect();
        hand_indices.sort_unstable_by(|a, b| b.cmp(a));
        for index in hand_indices {
            self.state.player_mut(seat).hand.remove(index);
        }
    }

    /// Pendulum Summons the monsters `summons` for `seat`.
    pub(super) fn field_pendulum_summon(
        &mut self,
        seat: Seat,
        summons: &[PendulumSummoned],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_main_phase(seat, "pendulum-summon")?;
        let summoned = self.check_pendulum_summon(seat, summons)?;
        let turn = self.state.turn;
        self.take_pendulum_hand_cards(seat, summoned.iter().map(|s| s.source));
        let mut shown = Vec::with_capacity(summoned.len());
        for s in &summoned {
            match s.source {
                PendulumSource::FaceUpExtraDeck { card_ref } => {
                    self.state
                        .player_mut(seat)
                        .face_up_extra_deck
                        .retain(|slot| slot.card_ref != card_ref);
                }
                PendulumSource::DeckMaster => {
                    let cost = self.deck_master_cost(seat);
                    self.pay_life_points(seat, cost, events);
                    if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
                        master.in_zone = false;
                        master.seen_at = DeckMasterPlace::Field;
                    }
                }
                PendulumSource::Hand { .. } => {}
            }
            let piece = Piece {
                card: Some(s.card),
                face_up: true,
                defence: s.defence,
                from_extra_deck: matches!(s.source, PendulumSource::FaceUpExtraDeck { .. }),
                ..Piece::entering(seat, s.card_ref, Class::Monster, turn)
            };
            self.put_in_zone(s.to, piece);
            shown.push((s.to, s.card));
        }
        let player = self.state.player_mut(seat);
        player.pendulum_summoned = true;
        player.fielded_monster = true;
        events.push(Event::PendulumSummoned {
            seat,
            summoned: shown,
        });
        Ok(())
    }

    /// Checks a Pendulum Summon before anything moves: the Scales, the turn's one summon,
    /// each monster's source, Level and zone.
    fn check_pendulum_summon(
        &self,
        seat: Seat,
        summons: &[PendulumSummoned],
    ) -> Result<Vec<Summoned>, RuleError> {
        let refused = |why: String| RuleError::CannotPendulumSummon { why };
        if !self.rules.format.field.pendulum_zones {
            return Err(refused("this format has no Pendulum Zones".into()));
        }
        if self.state.player(seat).pendulum_summoned {
            return Err(refused("a player Pendulum Summons once per turn".into()));
        }
        let Some((low, high)) = self.pendulum_scales(seat) else {
            return Err(refused(
                "a Pendulum Summon needs a Pendulum Monster in both of your Pendulum Zones".into(),
            ));
        };
        if summons.is_empty() || summons.len() > MAX_PENDULUM_SUMMONED {
            return Err(refused(format!(
                "a Pendulum Summon brings 1 to {MAX_PENDULUM_SUMMONED} monsters, not {}",
                summons.len()
            )));
        }
        let mut checked: Vec<Summoned> = Vec::with_capacity(summons.len());
        for summon in summons {
            let (card_ref, card) = self.pendulum_source(seat, summon.from)?;
            let def = self.rules.card(card)?;
            let level = def.level();
            let from_hand = !matches!(summon.from, PendulumSource::FaceUpExtraDeck { .. });
            if from_hand && !def.is_normal_summonable() {
                return Err(refused(format!(
                    "{} is no Main Deck monster a summon from the hand may bring",
                    def.name
                )));
            }
            if !def.is_monster() || level <= low || level >= high || !has_level(def) {
                return Err(refused(format!(
                    "{} (Level {level}) is not between your Pendulum Scales {low} and {high}",
                    def.name
                )));
            }
            if checked.iter().any(|c| c.card_ref == card_ref) {
                return Err(refused(format!("{} is summoned twice", def.name)));
            }
            if checked.iter().any(|c| c.to == summon.to) {
                return Err(refused(format!("two monsters go to {}", summon.to)));
            }
            if let Some(why) = self.pendulum_zone_refused(seat, from_hand, summon.to, &checked) {
                return Err(refused(why));
            }
            checked.push(Summoned {
                card_ref,
                card,
                source: summon.from,
                to: summon.to,
                defence: summon.defence,
            });
        }
        Ok(checked)
    }

    /// The card a Pendulum Summon takes from `source`, checked against what `seat` holds.
    fn pendulum_source(
        &self,
        seat: Seat,
        source: PendulumSource,
    ) -> Result<(CardRef, crate::card::CardId), RuleError> {
        let player = self.state.player(seat);
        match source {
            PendulumSource::Hand { hand_index, reveal } => {
                let slot = player
                    .hand
                    .get(usize::from(hand_index))
                    .ok_or(RuleError::NoSuchHandCard { index: hand_index })?;
                let commitment = self.state.commitment(slot.card_ref);
                self.check_reveal(seat, &commitment, &reveal)?;
                Ok((slot.card_ref, reveal.card))
            }
            PendulumSource::FaceUpExtraDeck { card_ref } => player
                .face_up_extra_deck
                .iter()
                .find(|slot| slot.card_ref == card_ref)
                .and_then(|slot| Some((slot.card_ref, slot.card?)))
                .ok_or_else(|| RuleError::CannotPendulumSummon {
                    why: "that card is not face-up in your Extra Deck".into(),
                }),
            PendulumSource::DeckMaster => {
                if let Some(refused) = self.deck_master_summon_refused(seat) {
                    return Err(refused);
                }
                let master =
                    player
                        .deck_master
                        .as_ref()
                        .ok_or(RuleError::CannotSummonDeckMaster {
                            why: "this format has no Deck Masters",
                        })?;
                Ok((master.card_ref, master.card))
            }
        }
    }

    /// Why a monster Pendulum Summoned for `seat` (from the hand, or else from the Extra
    /// Deck) may not go to `to`, with the monsters `before` it in the same summon already
    /// placed there, if it may not.
    fn pendulum_zone_refused(
        &self,
        seat: Seat,
        from_hand: bool,
        to: Place,
        before: &[Summoned],
    ) -> Option<String> {
        let own_main_zone = matches!(
            to,
            Place::Zone { side, zone: Zone::Frontrow, .. } if side == self.side_of(seat)
        );
        if from_hand || !self.field().has_extra_monster_zones() {
            if !own_main_zone || self.field().index(to).is_none() {
                return Some(format!("{to} is not a Main Monster Zone of yours"));
            }
            return self
                .zone_piece(to)
                .is_some()
                .then(|| format!("{to} is not free"));
        }
        // One Extra Monster Zone at a time, this summon's monsters counted.
        let into_extra_zone = matches!(
            to,
            Place::Zone {
                zone: Zone::ExtraMonster,
                ..
            }
        );
        let another_in_extra_zone = before.iter().any(|b| {
            matches!(
                b.to,
                Place::Zone {
                    zone: Zone::ExtraMonster,
                    ..
                }
            )
        });
        if into_extra_zone && another_in_extra_zone {
            return Some(format!(
                "another monster of this summon takes an Extra Monster Zone: a player uses \
                 one at a time, so {to} is not free for you"
            ));
        }
        self.extra_deck_zone_refused_as(seat, to, true)
    }

    /// A Pendulum Monster leaving `owner`'s field for the graveyard goes face-up to its
    /// owner's Extra Deck instead, where the format has Pendulum Zones; true when it did.
    pub(crate) fn send_to_face_up_extra_deck(
        &mut self,
        owner: Seat,
        slot: CardSlot,
        from: Place,
        events: &mut Vec<Event>,
    ) -> bool {
        if !self.rules.format.field.pendulum_zones {
            return false;
        }
        let Some(card) = slot.card else {
            return false;
        };
        let pendulum = self
            .rules
            .pool
            .get(card)
            .is_some_and(|def| def.pendulum_scale().is_some());
        if !pendulum {
            return false;
        }
        self.state.player_mut(owner).face_up_extra_deck.push(slot);
        events.push(Event::ToFaceUpExtraDeck { owner, card, from });
        true
    }

    /// `seat`'s free Pendulum Zones where `card` may be activated as a Pendulum Scale (none
    /// for a card that is no Pendulum Monster).
    pub(super) fn free_pendulum_zones_for(&self, seat: Seat, card: &CardDef) -> Vec<Place> {
        if card.pendulum_scale().is_none() || !card.is_monster() {
            return Vec::new();
        }
        self.pendulum_zones(seat)
            .into_iter()
            .filter(|at| self.zone_piece(*at).is_none())
            .collect()
    }

    /// Activations of `seat`'s Deck Master as a Pendulum Scale, where it may leave its zone
    /// and is a Main Deck Pendulum Monster.
    pub(super) fn deck_master_pendulum_activations(
        &self,
        seat: Seat,
        out: &mut Vec<crate::action::Action>,
    ) {
        let Some(master) = &self.state.player(seat).deck_master else {
            return;
        };
        if self.deck_master_summon_refused(seat).is_some() {
            return;
        }
        let Some(card) = self.rules.pool.get(master.card) else {
            return;
        };
        if !card.is_normal_summonable() {
            return;
        }
        for to in self.free_pendulum_zones_for(seat, card) {
            out.push(crate::action::Action::SummonDeckMaster {
                to,
                mode: crate::action::PlayMode::ActivateSpell,
                tributes: Vec::new(),
            });
        }
    }

    /// `seat`'s Pendulum Summons a bot or a client offers: each monster that may come
    /// alone, in ATK Position, into the first zone it may take; and all of them at once,
    /// as many as there are zones.
    pub(super) fn pendulum_summons(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<crate::action::Action>,
    ) {
        if !self.rules.format.field.pendulum_zones
            || self.state.player(seat).pendulum_summoned
            || self.pendulum_scales(seat).is_none()
        {
            return;
        }
        let mut sources: Vec<PendulumSource> = Vec::new();
        for (index, slot) in self.state.player(seat).hand.iter().enumerate() {
            let Ok(hand_index) = u8::try_from(index) else {
                break;
            };
            if let Some(reveal) = knowledge.get(&self.state.commitment(slot.card_ref)) {
                sources.push(PendulumSource::Hand {
                    hand_index,
                    reveal: *reveal,
                });
            }
        }
        for slot in &self.state.player(seat).face_up_extra_deck {
            sources.push(PendulumSource::FaceUpExtraDeck {
                card_ref: slot.card_ref,
            });
        }
        if self.state.player(seat).deck_master.is_some() {
            sources.push(PendulumSource::DeckMaster);
        }
        let mut together: Vec<PendulumSummoned> = Vec::new();
        for from in sources {
            let placed = |before: &[PendulumSummoned]| {
                self.first_pendulum_zone(seat, from, before)
                    .map(|to| PendulumSummoned {
                        from,
                        to,
                        defence: false,
                    })
            };
            if let Some(alone) = placed(&[]) {
                out.push(crate::action::Action::PendulumSummon {
                    monsters: vec![alone],
                });
            }
            if let Some(next) = placed(&together) {
                together.push(next);
            }
        }
        if together.len() > 1 {
            out.push(crate::action::Action::PendulumSummon { monsters: together });
        }
    }

    /// The first zone the monster from `from` may take in a Pendulum Summon, after the
    /// monsters `before`, if it may be Pendulum Summoned at all.
    fn first_pendulum_zone(
        &self,
        seat: Seat,
        from: PendulumSource,
        before: &[PendulumSummoned],
    ) -> Option<Place> {
        let field = *self.field();
        let side = self.side_of(seat);
        let candidates: Vec<Place> = field
            .extra_monster_zones(side)
            .chain(field.frontrow(side))
            .filter(|to| before.iter().all(|b| b.to != *to))
            .collect();
        candidates.into_iter().find(|to| {
            let mut trial = before.to_vec();
            trial.push(PendulumSummoned {
                from,
                to: *to,
                defence: false,
            });
            self.check_pendulum_summon(seat, &trial).is_ok()
        })
    }
}

/// Whether a monster has a Level (an Xyz Monster's Rank and a Link Monster's Link Rating
/// are none).
fn has_level(card: &CardDef) -> bool {
    use crate::card::ExtraDeckSummon;
    card.monster().is_some_and(|m| {
        !matches!(
            m.extra_deck,
            Some(ExtraDeckSummon::Xyz | ExtraDeckSummon::Link)
        )
    })
}
