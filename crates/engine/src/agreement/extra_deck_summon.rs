//! Kingdom Duels' Extra Deck summons as mechanics: "Extra Deck Monsters (rituals, fusions,
//! alters and integrations) have special mechanics and summoning conditions that you must
//! fulfill to play them from the Extra Deck onto your field."
//!
//! The card facts carry no summoning conditions (which materials a card names is its text),
//! so the players agree on those, as on every effect: the summon is a step of an agreed
//! outcome. What the seed says of each mechanic the engine enforces:
//!
//! - **Fusion**: only "a card named 'Fusion'" summons one, from two or more monsters in the
//!   hand and/or on the field, which are *attached* beneath it.
//! - **Ritual**: a Spell Card summons one (the Ritual spell its conditions name), and the
//!   materials are sent to the graveyard. The spell, which stays face-up on the field until
//!   its requirements are fulfilled (the Ritual spells are Continuous), then goes to the
//!   graveyard too.
//! - **Alter**: the material is a monster on the summoner's field; the Alter Monster takes
//!   its zone, and the material (with whatever was already attached to it) is attached
//!   beneath the new monster; the cards equipped to the material are equipped to it.
//! - **Integration**: only a player who played a Duelist Setup at the beginning of the game
//!   summons one, and the other materials, from the hand or field, are eroded.
//!
//! Materials are monsters the summoner controls or holds: never another player's hand, never
//! an Extra Deck. A hidden material (a hand card) is opened by its owner before the outcome
//! runs, like every card an outcome shows; one that opens as no monster makes the step
//! impossible, and it is skipped.

use serde::{Deserialize, Serialize};

use crate::agreement::operations::Run;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::kingdom_card::{Frame, MainType};
use crate::piece::{Attached, Class, Piece};
use crate::place::{Place, Zone};
use crate::player::CardSlot;
use crate::seat::Seat;

/// The most materials one summon takes.
pub const MAX_MATERIALS: usize = 10;

/// How an Extra Deck monster is summoned: its frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SummonMethod {
    Fusion,
    Ritual,
    Alter,
    Integration,
    // The card game's Extra Deck monsters (a card database's cards, Domain Format).
    Synchro,
    Xyz,
    Link,
    /// The card game's Fusion Summon, by an effect (Polymerization and its like): the
    /// materials go to the graveyard.
    CardGameFusion,
}

impl SummonMethod {
    /// The mechanic a Kingdom Duels frame is summoned by, if it is an Extra Deck monster's.
    pub fn of_frame(frame: Frame) -> Option<SummonMethod> {
        match frame {
            Frame::Fusion => Some(SummonMethod::Fusion),
            Frame::Ritual => Some(SummonMethod::Ritual),
            Frame::Alter => Some(SummonMethod::Alter),
            Frame::Integration => Some(SummonMethod::Integration),
            _ => None,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            SummonMethod::Fusion => "Fusion",
            SummonMethod::Ritual => "Ritual",
            SummonMethod::Alter => "Alter",
            SummonMethod::Integration => "Integration",
            SummonMethod::Synchro => "Synchro",
            SummonMethod::Xyz => "Xyz",
            SummonMethod::Link => "Link",
            SummonMethod::CardGameFusion => "Fusion",
        }
    }

    /// The card game's summons its player declares, with no card activated.
    pub fn is_declared_by_the_card_game(self) -> bool {
        matches!(
            self,
            SummonMethod::Synchro | SummonMethod::Xyz | SummonMethod::Link
        )
    }

    /// What becomes of the materials.
    fn materials_go(self) -> MaterialsGo {
        match self {
            // Xyz Materials stay attached beneath their Xyz Monster.
            SummonMethod::Fusion | SummonMethod::Alter | SummonMethod::Xyz => MaterialsGo::Attached,
            SummonMethod::Ritual
            | SummonMethod::Synchro
            | SummonMethod::Link
            | SummonMethod::CardGameFusion => MaterialsGo::Graveyard,
            SummonMethod::Integration => MaterialsGo::Eroded,
        }
    }

    /// The fewest materials the mechanic takes.
    fn fewest_materials(self) -> usize {
        match self {
            // "a combination of two or more specific monsters"; the card game's Fusion,
            // Synchro and Xyz Summons likewise take two or more.
            SummonMethod::Fusion
            | SummonMethod::CardGameFusion
            | SummonMethod::Synchro
            | SummonMethod::Xyz => 2,
            SummonMethod::Link => 1,
            // The Ritual Materials; the monster an Alter Monster transforms.
            SummonMethod::Ritual | SummonMethod::Alter => 1,
            // The Duelist Setup is a material of its own; the card may list no other.
            SummonMethod::Integration => 0,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum MaterialsGo {
    Attached,
    Graveyard,
    Eroded,
}

/// An [`crate::agreement::Operation::ExtraDeckSummon`] step, borrowed.
struct Summon<'a> {
    card_ref: CardRef,
    reveal: &'a Reveal,
    to: Place,
    defence: bool,
    materials: &'a [Place],
}

/// A material taken from where it was.
struct Material {
    owner: Seat,
    card_ref: CardRef,
    card: Option<crate::card::CardId>,
    /// What lay beneath it (a material on the field).
    attached: Vec<Attached>,
    /// Where it was on the field (none for a hand card).
    from_field: Option<Place>,
}

impl Duel {
    /// The method `card` is summoned from the Extra Deck by, if it is a Kingdom Duels
    /// Extra Deck monster (an alternate art as the card it prints) or a card game's one.
    pub fn summon_method(&self, card: crate::card::CardId) -> Option<SummonMethod> {
        use crate::card::ExtraDeckSummon;
        let def = self.rules.pool.get(card)?;
        if let Some(summon) = def.monster().and_then(|m| m.extra_deck) {
            return Some(match summon {
                ExtraDeckSummon::Fusion => SummonMethod::CardGameFusion,
                ExtraDeckSummon::Synchro => SummonMethod::Synchro,
                ExtraDeckSummon::Xyz => SummonMethod::Xyz,
                ExtraDeckSummon::Link => SummonMethod::Link,
            });
        }
        let printed = self.rules.pool.printed_card(def);
        SummonMethod::of_frame(printed.kingdom()?.frame)
    }

    /// Runs an [`crate::agreement::Operation::ExtraDeckSummon`] step (`operation`, the
    /// `index`th of its outcome).
    pub(super) fn run_extra_deck_summon(
        &mut self,
        index: usize,
        operation: &crate::agreement::Operation,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let crate::agreement::Operation::ExtraDeckSummon {
            card_ref,
            reveal,
            to,
            defence,
            materials,
        } = operation
        else {
            return Err(bad("not an Extra Deck summon".into()));
        };
        let summon = Summon {
            card_ref: *card_ref,
            reveal,
            to: *to,
            defence: *defence,
            materials,
        };
        let Some(agreement) = self.state.agreement.as_ref() else {
            return Err(bad(
                "only an effect resolving by agreement summons from an Extra Deck".into(),
            ));
        };
        let (owner, source) = (agreement.controller, agreement.card);
        let (source_at, source_ref) = (agreement.at, agreement.card_ref);
        // Domain Format: a Deck Master that is an Extra Deck monster leaves its zone "Using
        // its proper summon mechanic (fusion, synchro, xyz, link)", paying its returns' cost.
        let from_deck_master_zone = self.deck_master_in_zone_is(owner, summon.card_ref);
        if !from_deck_master_zone
            && !self
                .state
                .player(owner)
                .extra_deck
                .contains(&summon.card_ref)
        {
            return Err(bad(format!(
                "card {} is not in {owner}'s Extra Deck (an outcome summons only from its \
                 proposer's own Extra Deck, or its Deck Master Zone)",
                summon.card_ref.0
            )));
        }
        let deck_master_cost = if from_deck_master_zone {
            let cost = self.deck_master_cost(owner);
            if cost > self.state.player(owner).life_points {
                return Err(bad(format!(
                    "summoning {owner}'s Deck Master from its zone costs {cost} LP, more than \
                     they have"
                )));
            }
            Some(cost)
        } else {
            None
        };
        let commitment = self.state.commitment(summon.card_ref);
        if !commitment.opens_to(&self.state.match_id, owner, summon.reveal) {
            return Err(bad(format!(
                "the opening shown is not the one {owner} committed to for that Extra Deck card"
            )));
        }
        let card = summon.reveal.card;
        let name = self.rules.card(card)?.name.clone();
        let Some(method) = self.summon_method(card) else {
            return Err(bad(format!(
                "{name} is not a Fusion, Ritual, Alter or Integration Monster: take it out of \
                 the Extra Deck with a from-extra-deck step"
            )));
        };
        self.check_summon_condition(method, source, owner, &name)
            .map_err(bad)?;
        self.check_materials(method, owner, &summon).map_err(bad)?;
        self.check_card_game_materials(method, card, summon.materials)
            .map_err(bad)?;
        let on_grid = self.rules.format.family == crate::format::Family::Grid;
        if on_grid {
            if !method.is_declared_by_the_card_game() {
                return Err(bad(format!(
                    "on the grid {name} is summoned by its own rule (a Ritual spell, a \
                     fusion); an outcome summons only Synchro, Xyz and Link Monsters there"
                )));
            }
            if let Some(why) =
                self.grid_extra_deck_summon_refused(owner, summon.materials, summon.to)
            {
                return Err(bad(why));
            }
        }
        if method == SummonMethod::Link && summon.defence {
            return Err(bad(format!(
                "{name} is a Link Monster: it has no DEF and is summoned in ATK Position"
            )));
        }

        // An Alter Monster's material leaves its zone here, and the new monster takes it.
        let materials = self.take_materials(index, owner, summon.materials, run)?;
        if !on_grid && let Some(why) = self.extra_deck_zone_refused(owner, card, summon.to) {
            return Err(bad(why));
        }
        let mut attached = Vec::new();
        let count = materials.len();
        for (i, material) in materials.into_iter().enumerate() {
            if method == SummonMethod::Alter && i == 0 {
                // "any Equip card active on that monster is re-equipped to the new card"
                self.move_equips(material.card_ref, summon.card_ref);
            } else {
                // A material leaves the field (if it was there): what was equipped to it is
                // destroyed.
                self.card_left_field(material.card_ref, events);
            }
            self.place_material(index, method, material, &mut attached, events)?;
        }
        self.state
            .player_mut(owner)
            .extra_deck
            .retain(|r| *r != summon.card_ref);
        if let Some(cost) = deck_master_cost {
            self.pay_life_points(owner, cost, events);
            if let Some(master) = self.state.player_mut(owner).deck_master.as_mut() {
                master.in_zone = false;
            }
        }
        if let Run::Apply = run {
            self.learn(owner, commitment, card, events)?;
        }
        let turn = self.state.turn;
        let piece = Piece {
            card: Some(card),
            face_up: true,
            defence: summon.defence,
            from_extra_deck: true,
            attached,
            controller: owner,
            ..Piece::entering(owner, summon.card_ref, Class::Monster, turn)
        };
        self.put_piece_at(summon.to, piece);
        events.push(Event::SummonedFromExtraDeck {
            seat: owner,
            card,
            method,
            at: summon.to,
            materials: u8::try_from(count).unwrap_or(u8::MAX),
        });
        // "The spell card used to Ritual Summon usually remains on the field face-up until
        // the ritual requirements are successfully fulfilled": now they are.
        if method == SummonMethod::Ritual
            && self
                .zone_piece(source_at)
                .is_some_and(|p| p.card_ref == source_ref)
        {
            self.resolved_to_graveyard(source_at, events);
        }
        Ok(())
    }

    /// What the mechanic asks of the card resolving and of its controller.
    fn check_summon_condition(
        &self,
        method: SummonMethod,
        source: crate::card::CardId,
        owner: Seat,
        name: &str,
    ) -> Result<(), String> {
        let source_def = self
            .rules
            .pool
            .get(source)
            .map(|d| self.rules.pool.printed_card(d));
        let source_name = source_def.map_or("that card", |d| d.name.as_str());
        match method {
            SummonMethod::Fusion
                if !source_def.is_some_and(|d| d.name.eq_ignore_ascii_case("Fusion")) =>
            {
                Err(format!(
                    "a Fusion Monster is summoned by a card named \"Fusion\", and {source_name} \
                     is not one ({name} stays in the Extra Deck)"
                ))
            }
            SummonMethod::Ritual
                if !source_def
                    .and_then(|d| d.kingdom())
                    .is_some_and(|k| k.is(MainType::Spell)) =>
            {
                Err(format!(
                    "a Ritual Monster is summoned by the Spell Card its conditions name, and \
                     {source_name} is not a Spell Card"
                ))
            }
            SummonMethod::Integration if self.state.player(owner).duelist_setup.is_none() => {
                Err(format!(
                    "an Integration Monster needs the Duelist Setup its conditions name, played \
                     at the beginning of the game, and {owner} played none ({name} cannot be \
                     summoned)"
                ))
            }
            _ => Ok(()),
        }
    }

    /// The materials named: how many, each once, each a monster the summoner controls on
    /// the field or a card of their hand; an Alter Monster onto its material's zone.
    fn check_materials(
        &self,
        method: SummonMethod,
        owner: Seat,
        summon: &Summon<'_>,
    ) -> Result<(), String> {
        let materials = summon.materials;
        let fewest = method.fewest_materials();
        if materials.len() < fewest || materials.len() > MAX_MATERIALS {
            return Err(format!(
                "a {} summon takes {fewest} to {MAX_MATERIALS} materials, not {}",
                method.label(),
                materials.len()
            ));
        }
        for (i, at) in materials.iter().enumerate() {
            if materials[..i].contains(at) {
                return Err(format!("{at} is named twice as a material"));
            }
            match *at {
                Place::Zone {
                    side,
                    zone: Zone::Hand,
                    slot,
                } => {
                    if side != owner {
                        return Err(format!(
                            "{at} is another player's hand: materials come from your own hand \
                             or field"
                        ));
                    }
                    if usize::from(slot) >= self.state.player(owner).hand.len() {
                        return Err(format!("{owner} has no card {slot} in their hand"));
                    }
                    if method == SummonMethod::Alter && i == 0 {
                        return Err(format!(
                            "an Alter Monster transforms a monster on your field, and {at} is \
                             in your hand"
                        ));
                    }
                    if method.is_declared_by_the_card_game() {
                        return Err(format!(
                            "a {} Summon takes face-up monsters on your field as materials, \
                             and {at} is in your hand",
                            method.label()
                        ));
                    }
                }
                Place::Zone { zone, .. } if zone.is_on_field() => match self.zone_piece(*at) {
                    None => return Err(format!("there is no card at {at}")),
                    Some(piece) if piece.class != Class::Monster => {
                        return Err(format!("the card at {at} is not a monster"));
                    }
                    Some(piece)
                        if !self.controls(owner, piece) && !self.lent_for_summon(owner, piece) =>
                    {
                        return Err(self.not_lent(owner, *at, piece));
                    }
                    Some(_) => {}
                },
                Place::Cell(cell) => {
                    if let Some(why) = self.grid_material_refused(owner, cell) {
                        return Err(why);
                    }
                }
                _ => {
                    return Err(format!(
                        "{at} holds no material: materials are monsters on your field or cards \
                         of your hand"
                    ));
                }
            }
        }
        if method == SummonMethod::Alter && materials.first() != Some(&summon.to) {
            return Err(format!(
                "an Alter Monster is summoned on the zone its material was ({}), not {}",
                materials
                    .first()
                    .map_or_else(|| "none".to_string(), |p| p.to_string()),
                summon.to
            ));
        }
        Ok(())
    }

    /// Takes the cards of `owner`'s hand that `places` name (hand slots from the last, so
    /// that the slots named keep meaning the cards named), each with its index in
    /// `places`; the error is a slot the hand does not have.
    pub(crate) fn take_named_hand_cards(
        &mut self,
        owner: Seat,
        places: &[Place],
    ) -> Result<Vec<(usize, CardSlot)>, usize> {
        let mut hand_slots: Vec<(usize, usize)> = places
            .iter()
            .enumerate()
            .filter_map(|(i, at)| match at {
                Place::Zone {
                    zone: Zone::Hand,
                    slot,
                    ..
                } => Some((i, usize::from(*slot))),
                _ => None,
            })
            .collect();
        hand_slots.sort_by_key(|(_, slot)| std::cmp::Reverse(*slot));
        let mut taken = Vec::with_capacity(hand_slots.len());
        for (i, slot) in hand_slots {
            let hand = &mut self.state.player_mut(owner).hand;
            if slot >= hand.len() {
                return Err(slot);
            }
            taken.push((i, hand.remove(slot)));
        }
        Ok(taken)
    }

    /// Takes the materials out of the hand and off the field (hand slots from the last, so
    /// that the slots named keep meaning the cards named).
    fn take_materials(
        &mut self,
        index: usize,
        owner: Seat,
        places: &[Place],
        run: &mut Run<'_>,
    ) -> Result<Vec<Material>, RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let mut taken: Vec<(usize, Material)> = Vec::new();
        let from_hand = self
            .take_named_hand_cards(owner, places)
            .map_err(|slot| bad(format!("{owner} has no card {slot} in their hand")))?;
        for (i, card) in from_hand {
            taken.push((
                i,
                Material {
                    owner,
                    card_ref: card.card_ref,
                    card: card.card,
                    attached: Vec::new(),
                    from_field: None,
                },
            ));
        }
        for (i, at) in places.iter().enumerate() {
            if matches!(
                at,
                Place::Zone {
                    zone: Zone::Hand,
                    ..
                }
            ) {
                continue;
            }
            let piece = self
                .take_piece_at(*at)
                .ok_or_else(|| bad(format!("there is no card at {at}")))?;
            taken.push((
                i,
                Material {
                    owner: piece.owner,
                    card_ref: piece.card_ref,
                    card: piece.card,
                    attached: piece.attached,
                    from_field: Some(*at),
                },
            ));
        }
        taken.sort_by_key(|(i, _)| *i);
        let materials: Vec<Material> = taken.into_iter().map(|(_, m)| m).collect();
        for material in &materials {
            match (material.card, &mut *run) {
                (Some(_), _) => {}
                (None, Run::Check { shown }) => {
                    shown.push((material.owner, self.state.commitment(material.card_ref)));
                }
                (None, Run::Apply) => {
                    return Err(bad(
                        "a hidden material was not opened by its owner".to_string()
                    ));
                }
            }
        }
        Ok(materials)
    }

    /// Puts one material where the mechanic sends it.
    fn place_material(
        &mut self,
        index: usize,
        method: SummonMethod,
        material: Material,
        attached: &mut Vec<Attached>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        // Unknown only on the scratch run of a proposal: its owner opens it before the
        // outcome runs for real.
        let Some(card) = material.card else {
            return Ok(());
        };
        let is_monster = self.rules.card(card).is_ok_and(|def| match def.kingdom() {
            Some(k) => self
                .rules
                .pool
                .printed_card(def)
                .kingdom()
                .unwrap_or(k)
                .is(MainType::Monster),
            None => def.is_monster(),
        });
        if !is_monster {
            return Err(bad(format!(
                "{} is not a monster: it cannot be a material",
                self.rules.card(card)?.name
            )));
        }
        let graveyard = self.side_of(material.owner);
        // "Tokens can't be attached to other cards and thus cannot be used for summoning
        // methods that attach their materials"; sent or eroded, a Token is removed.
        if self.is_token(Some(card)) {
            if method.materials_go() == MaterialsGo::Attached {
                return Err(bad(format!(
                    "{} is a Token: it cannot be attached, so it cannot be a material of this \
                     summon",
                    self.rules.card(card)?.name
                )));
            }
            if let Some(from) = material.from_field {
                self.removed_if_token(from, Some(card), events);
            }
            return Ok(());
        }
        match method.materials_go() {
            MaterialsGo::Attached => {
                attached.push(Attached {
                    owner: material.owner,
                    card_ref: material.card_ref,
                    card,
                    reversed: false,
                });
                // "If you attach a card, you also attach any card already attached to that
                // card." On the grid equips also lie beneath a monster: they are no Xyz
                // Materials (Classic rule 11) and go to the graveyard.
                if material.from_field.is_some_and(|at| at.cell().is_some()) {
                    let (materials, equips): (Vec<Attached>, Vec<Attached>) = material
                        .attached
                        .into_iter()
                        .partition(|a| self.rules.pool.get(a.card).is_some_and(|c| c.is_monster()));
                    attached.extend(materials);
                    self.attached_to_graveyards(equips, events);
                } else {
                    attached.extend(material.attached);
                }
            }
            MaterialsGo::Graveyard => {
                let slot = CardSlot {
                    card_ref: material.card_ref,
                    card: Some(card),
                };
                let to_extra_deck = material.from_field.is_some_and(|from| {
                    self.send_to_face_up_extra_deck(material.owner, slot, from, events)
                });
                if !to_extra_deck {
                    self.state.player_mut(graveyard).graveyard.push(slot);
                }
                self.attached_to_graveyards(material.attached, events);
            }
            MaterialsGo::Eroded => {
                self.state
                    .player_mut(material.owner)
                    .banished
                    .push(CardSlot {
                        card_ref: material.card_ref,
                        card: Some(card),
                    });
                self.attached_to_graveyards(material.attached, events);
            }
        }
        Ok(())
    }

    /// Outcomes that summon a card of `seat`'s Extra Deck by its mechanic, for the card
    /// being resolved: the fewest materials it takes (at least one), from `seat`'s monsters
    /// on the field and then the monsters of its hand it knows, onto the first zone it may
    /// take (an Extra Monster Zone where the field has them, else a free Frontrow zone, else
    /// a material's; an Alter Monster onto its material's). Only outcomes the engine can
    /// carry out are listed; which materials the card's text names is for the others to
    /// judge, as ever.
    pub(crate) fn extra_deck_summon_proposals(
        &self,
        seat: Seat,
        knowledge: &crate::knowledge::Knowledge,
        out: &mut Vec<crate::action::Action>,
    ) {
        if self
            .state
            .agreement
            .as_ref()
            .is_none_or(|a| a.controller != seat)
        {
            return;
        }
        let player = self.state.player(seat);
        let on_field: Vec<Place> = self.monsters_of(seat).map(|(at, _)| at).collect();
        let in_hand = player.hand.iter().enumerate().filter_map(|(slot, card)| {
            let id = card
                .card
                .or_else(|| knowledge.card(&self.state.commitment(card.card_ref)))?;
            let monster = self.rules.pool.get(id).is_some_and(|d| {
                let printed = self.rules.pool.printed_card(d);
                printed
                    .kingdom()
                    .map_or(printed.is_monster(), |k| k.is(MainType::Monster))
            });
            (monster && slot < usize::from(u8::MAX)).then_some(Place::Zone {
                side: seat,
                zone: Zone::Hand,
                slot: slot as u8,
            })
        });
        let candidates: Vec<Place> = on_field.iter().copied().chain(in_hand).collect();
        for (card_ref, reveal) in self.known_extra_deck(seat, knowledge) {
            let free = self.extra_deck_zones(seat, reveal.card).first().copied();
            let Some(method) = self.summon_method(reveal.card) else {
                continue;
            };
            let (to, materials) = match method {
                SummonMethod::Alter => match on_field.first() {
                    Some(at) => (*at, vec![*at]),
                    None => continue,
                },
                _ if method.is_declared_by_the_card_game() => {
                    let Some(materials) = self.card_game_materials_for(seat, method, reveal.card)
                    else {
                        continue;
                    };
                    // The materials leave first: the summoned monster may take the first
                    // one's zone when the field is full.
                    let Some(to) = free.or_else(|| materials.first().copied()) else {
                        continue;
                    };
                    (to, materials)
                }
                _ => {
                    let Some(to) = free else {
                        continue;
                    };
                    let wanted = method.fewest_materials().max(1);
                    if candidates.len() < wanted {
                        continue;
                    }
                    (to, candidates[..wanted].to_vec())
                }
            };
            // The materials leave first, so a zone one of them frees may take the monster
            // when no other zone can.
            let fallbacks = materials.iter().copied().filter(|at| *at != to);
            for to in std::iter::once(to).chain(fallbacks) {
                let operations = vec![crate::agreement::Operation::ExtraDeckSummon {
                    card_ref,
                    reveal,
                    to,
                    defence: false,
                    materials: materials.clone(),
                }];
                if self.check_outcome(&operations).is_ok() {
                    out.push(crate::action::Action::ProposeOutcome { operations });
                    break;
                }
            }
        }
    }
}
