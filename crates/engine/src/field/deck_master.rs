//! Domain Format's Deck Master (../shared/seeds/domain-format.txt, "Deck Master").
//!
//! Each player's Deck Master starts in the Deck Master Zone, apart from the field, hand,
//! graveyard and the rest: public, and beyond the reach of every card there. It leaves
//! the zone by being Normal Summoned (with its tributes) or Set, like a monster from the
//! hand and counting as the turn's Normal Summon; every time it has returned to the zone
//! before, that summon costs `return_cost` (500) more life points, paid as a cost.
//!
//! Once it has changed zones other than by being summoned (destroyed, sent to the
//! graveyard, banished, returned to the hand), its owner decides, right before the game
//! state is open again, whether to return it to the zone or keep it where it is — owners
//! in turn order from the turn player. Only a Deck Master that changed zones is asked
//! about; one on the field (however it got there, an opponent's revival included) is not.
//! A Deck Master an effect puts into the deck is offered back before the deck is shuffled
//! (every peer still knows which commitment it is then); kept there, it is one card of the
//! deck like any other once the deck is committed again (docs/RULES.md).
//!
//! A Main Deck Pendulum Monster Deck Master may also leave the zone activated as a spell
//! in a Pendulum Zone, or in a Pendulum Summon (`pendulum.rs`), paying the same cost.

use crate::action::PlayMode;
use crate::awaiting::{Awaiting, Decision};
use crate::commitment::CardRef;
use crate::commitment::Reveal;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::field::summon::NormalSummon;
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::player::{CardSlot, DeckMaster, DeckMasterPlace};
use crate::seat::Seat;

impl Duel {
    /// Where `seat`'s Deck Master is now, if it has one.
    pub fn deck_master_place(&self, seat: Seat) -> Option<DeckMasterPlace> {
        self.locate_deck_master(seat).map(|(place, _)| place)
    }

    /// Where `seat`'s Deck Master is now, and the commitment it lies under there. Followed
    /// by its commitment, or else — once a deck committed again lost track of it — by its
    /// card wherever the card is public again (one copy of each card in a Domain deck).
    /// `Deck` also stands for a Deck Master nobody but its owner can point at any more:
    /// somewhere in the deck, or drawn from it since.
    fn locate_deck_master(&self, seat: Seat) -> Option<(DeckMasterPlace, CardRef)> {
        let master = self.state.player(seat).deck_master.as_ref()?;
        if master.in_zone {
            return Some((DeckMasterPlace::Zone, master.card_ref));
        }
        self.deck_master_place_of(seat, |r, _| r == master.card_ref)
            .or_else(|| {
                let in_deck = self.state.player(seat).deck.contains(&master.card_ref);
                in_deck.then_some((DeckMasterPlace::Deck, master.card_ref))
            })
            .or_else(|| self.deck_master_place_of(seat, |_, card| card == Some(master.card)))
            .or(Some((DeckMasterPlace::Deck, master.card_ref)))
    }

    /// The place outside the deck, and the commitment, of the first card of `seat`'s that
    /// `is_it` picks (by its commitment and, where public, its card).
    fn deck_master_place_of(
        &self,
        seat: Seat,
        is_it: impl Fn(CardRef, Option<crate::card::CardId>) -> bool,
    ) -> Option<(DeckMasterPlace, CardRef)> {
        // Attached beneath a monster (an Xyz Material) it is still on the field: "If your DM
        // is attached as material or placed in the S/T Zone from the Monster Zone, this is
        // not considered to have moved zones since they are still on the field".
        let on_field = self.state.cells.iter().flatten().find_map(|p| {
            if p.owner == seat && is_it(p.card_ref, p.card) {
                return Some(p.card_ref);
            }
            p.attached
                .iter()
                .find(|a| a.owner == seat && is_it(a.card_ref, Some(a.card)))
                .map(|a| a.card_ref)
        });
        if let Some(card_ref) = on_field {
            return Some((DeckMasterPlace::Field, card_ref));
        }
        let player = self.state.player(seat);
        let side = self.state.player(self.side_of(seat));
        let in_pile = |pile: &[CardSlot]| {
            pile.iter()
                .find(|s| is_it(s.card_ref, s.card))
                .map(|s| s.card_ref)
        };
        if let Some(card_ref) = in_pile(&player.hand) {
            return Some((DeckMasterPlace::Hand, card_ref));
        }
        if let Some(card_ref) = in_pile(&player.graveyard).or_else(|| in_pile(&side.graveyard)) {
            return Some((DeckMasterPlace::Graveyard, card_ref));
        }
        if let Some(card_ref) = in_pile(&player.banished) {
            return Some((DeckMasterPlace::Banished, card_ref));
        }
        in_pile(&player.face_up_extra_deck)
            // An Extra Deck monster sent to the hand or the deck goes back to the Extra Deck,
            // known to everyone as it goes.
            .or_else(|| player.extra_deck.iter().copied().find(|r| is_it(*r, None)))
            .map(|card_ref| (DeckMasterPlace::ExtraDeck, card_ref))
    }

    /// An outcome moves `seat`'s Deck Master out of its zone to `to`: it leaves only by
    /// being summoned (its own summon mechanic, a Ritual, Fusion or other proper summon),
    /// so only to a zone of the field, paying what its returns cost.
    pub(crate) fn pay_to_summon_deck_master(
        &mut self,
        seat: Seat,
        to: crate::agreement::Destination,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        let Some((at, _, _)) = to.on_board() else {
            return Err(
                "a Deck Master leaves its zone only by being summoned: move it to a \
                        zone of the field"
                    .into(),
            );
        };
        // "While the DM is in the DMZ: ... It cannot be targeted or affected by other
        // cards"; the ways out are its owner's summons ("You can normal/tribute summon your
        // DM", "Underworld Ritual of Prediction can ritual summon your DM").
        if self.state.agreement.as_ref().map(|a| a.controller) != Some(seat) {
            return Err(format!(
                "{seat}'s Deck Master cannot be targeted or affected by another player's card \
                 while it is in the Deck Master Zone"
            ));
        }
        // Summoned: into a Main or Extra Monster Zone, never Set in a Spell & Trap Zone
        // ("The following are not valid ways ... Setting it in the S/T Zone"); a Pendulum
        // Monster's activation as a spell is its own declaration (`summon-deck-master`).
        if !matches!(
            at,
            crate::place::Place::Zone {
                zone: crate::place::Zone::Frontrow | crate::place::Zone::ExtraMonster,
                ..
            }
        ) {
            return Err(format!(
                "a Deck Master leaves its zone only by being summoned: {at} is not a Monster \
                 Zone (move it to one of {seat}'s Main Monster Zones or an Extra Monster Zone)"
            ));
        }
        let shared_zone = matches!(
            at,
            crate::place::Place::Zone {
                zone: crate::place::Zone::ExtraMonster,
                ..
            }
        );
        if !shared_zone && at.side() != Some(seat) {
            return Err(format!(
                "a Deck Master leaves its zone only by being summoned to its owner's field: \
                 move it to a zone of {seat}'s"
            ));
        }
        let cost = self.deck_master_cost(seat);
        if cost > self.state.player(seat).life_points {
            return Err(format!(
                "summoning {seat}'s Deck Master from its zone costs {cost} LP, more than they \
                 have"
            ));
        }
        self.pay_life_points(seat, cost, events);
        Ok(())
    }

    /// Whether `card_ref` is `seat`'s Deck Master, waiting in the Deck Master Zone.
    pub(crate) fn deck_master_in_zone_is(&self, seat: Seat, card_ref: CardRef) -> bool {
        self.state
            .player(seat)
            .deck_master
            .as_ref()
            .is_some_and(|m| m.in_zone && m.card_ref == card_ref)
    }

    /// What the next summon of `seat`'s Deck Master from the zone costs in life points.
    pub fn deck_master_cost(&self, seat: Seat) -> u32 {
        let per_return = self
            .rules
            .format
            .field
            .deck_master
            .as_ref()
            .map_or(0, |d| d.return_cost);
        let returns = self
            .state
            .player(seat)
            .deck_master
            .as_ref()
            .map_or(0, |m| m.returns);
        per_return.saturating_mul(u32::from(returns))
    }

    /// Why `seat` may not summon its Deck Master from the zone now, if it may not (the
    /// zone and tributes are checked by the summon itself).
    pub(super) fn deck_master_summon_refused(&self, seat: Seat) -> Option<RuleError> {
        let refused = |why| Some(RuleError::CannotSummonDeckMaster { why });
        let Some(master) = &self.state.player(seat).deck_master else {
            return refused("this format has no Deck Masters");
        };
        if !master.in_zone {
            return refused("the Deck Master is not in the Deck Master Zone");
        }
        if self.deck_master_cost(seat) > self.state.player(seat).life_points {
            return refused("its summon costs more life points than you have");
        }
        None
    }

    pub(super) fn field_summon_deck_master(
        &mut self,
        seat: Seat,
        to: Place,
        mode: PlayMode,
        tributes: &[Place],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.expect_main_phase(seat, "summon-deck-master")?;
        if let Some(refused) = self.deck_master_summon_refused(seat) {
            return Err(refused);
        }
        let Some(master) = self.state.player(seat).deck_master.clone() else {
            return Err(RuleError::CannotSummonDeckMaster {
                why: "this format has no Deck Masters",
            });
        };
        if mode == PlayMode::ActivateSpell {
            return self.activate_deck_master_as_pendulum(seat, master, to, tributes, events);
        }
        if !matches!(
            mode,
            PlayMode::Summon | PlayMode::SummonDefence | PlayMode::SetMonsterDefence
        ) {
            return Err(RuleError::WrongPlayMode {
                why: "a Deck Master leaves its zone by a Normal Summon or a Set, or (a Pendulum \
                      Monster) activated as a spell in a Pendulum Zone",
            });
        }
        self.check_own_free_zone(seat, to, tributes)?;
        let card = self.rules.card(master.card)?;
        let summon = NormalSummon {
            card_ref: master.card_ref,
            card: Some(card),
            to,
            mode,
            tributes,
        };
        let (mut piece, _) = self.normal_summon_piece(seat, &summon, Some(card))?;
        // Everyone knows the Deck Master: even Set, it is no secret which card it is.
        piece.card = Some(master.card);
        let cost = self.deck_master_cost(seat);
        self.pay_life_points(seat, cost, events);
        let face_up = piece.face_up;
        self.place_played(seat, to, piece, tributes, events);
        if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
            master.in_zone = false;
            master.seen_at = DeckMasterPlace::Field;
        }
        events.push(Event::DeckMasterSummoned {
            seat,
            at: to,
            card: master.card,
            face_up,
        });
        // A summon as from the hand: the others may answer it (a Set is no summon).
        if mode != PlayMode::SetMonsterDefence {
            self.open_summon_windows(seat, to);
        }
        Ok(())
    }

    /// "If it is a main deck pendulum monster, it can be activated as a pendulum spell": the
    /// Deck Master leaves its zone face-up for `seat`'s Pendulum Zone `to`, its cost paid,
    /// and is activated there as a spell from the hand would be.
    fn activate_deck_master_as_pendulum(
        &mut self,
        seat: Seat,
        master: crate::player::DeckMaster,
        to: Place,
        tributes: &[Place],
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if !tributes.is_empty() {
            return Err(RuleError::WrongPlayMode {
                why: "only a monster's summon takes tributes",
            });
        }
        self.check_own_free_zone(seat, to, tributes)?;
        let card = self.rules.card(master.card)?;
        if !card.is_normal_summonable() {
            return Err(RuleError::CannotSummonDeckMaster {
                why: "only a Main Deck Pendulum Monster is activated as a Pendulum Scale from \
                      the Deck Master Zone",
            });
        }
        if let Some(refused) = self.pendulum_activation_refused(to, card) {
            return Err(refused);
        }
        let cost = self.deck_master_cost(seat);
        self.pay_life_points(seat, cost, events);
        let piece = Piece {
            card: Some(master.card),
            face_up: true,
            ..Piece::entering(seat, master.card_ref, Class::SpellTrap, self.state.turn)
        };
        self.put_in_zone(to, piece);
        if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
            master.in_zone = false;
            master.seen_at = DeckMasterPlace::Field;
        }
        events.push(Event::Played {
            seat,
            at: to,
            card: Some(master.card),
        });
        self.activate_from_hand(seat, to, master.card, events)
    }

    /// Right before the game state is open: the first owner, in turn order from the turn
    /// player, whose Deck Master changed zones (and is not on the field) is asked whether
    /// to return it. Deck Masters that moved onto the field are noted and not asked
    /// about. Returns whether a decision is now awaited.
    pub(super) fn await_deck_master_return(&mut self) -> bool {
        if self.rules.format.field.deck_master.is_none() {
            return false;
        }
        let table = self.state.table;
        let order: Vec<Seat> = table.turn_order_from(self.state.active);
        for seat in order {
            let Some((now, card_ref)) = self.locate_deck_master(seat) else {
                continue;
            };
            let Some(master) = self.state.player_mut(seat).deck_master.as_mut() else {
                continue;
            };
            // Found again by its card (a card drawn unseen, then discarded): follow it under
            // its new commitment.
            if now != DeckMasterPlace::Deck {
                master.card_ref = card_ref;
            }
            let ask = match now {
                // Summoned, or returned: nothing to decide.
                DeckMasterPlace::Field | DeckMasterPlace::Zone => {
                    if now != master.seen_at {
                        self.note_deck_master(seat, now);
                    }
                    false
                }
                // Into the deck since the last open game state, or kept there and a card
                // drawn from it since, which may be the Deck Master ("you will have the option
                // to return your DM from the deck (or hand, if you drew it)"). Everyone with a
                // Deck Master out of sight in the deck is asked after each draw alike, so the
                // question tells nothing of the hand.
                DeckMasterPlace::Deck => {
                    master.seen_at != DeckMasterPlace::Deck || !master.drawn_unseen.is_empty()
                }
                DeckMasterPlace::Hand
                | DeckMasterPlace::Graveyard
                | DeckMasterPlace::Banished
                | DeckMasterPlace::ExtraDeck => now != master.seen_at,
            };
            if ask {
                self.state.awaiting = Awaiting::Decision {
                    seat,
                    decision: Decision::ReturnDeckMaster { at: now },
                };
                return true;
            }
        }
        false
    }

    /// Whether `seat`'s Deck Master is somewhere in their deck, or drawn from it, where only
    /// they can point at it: the deck was committed again since it went in.
    pub fn deck_master_out_of_sight(&self, seat: Seat) -> bool {
        matches!(
            self.locate_deck_master(seat),
            Some((DeckMasterPlace::Deck, card_ref))
                if !self.state.player(seat).deck.contains(&card_ref)
        )
    }

    /// `seat` drew `card_ref`: with their Deck Master out of sight in the deck, it may be
    /// the one.
    pub(crate) fn note_draw_for_deck_master(&mut self, seat: Seat, card_ref: CardRef) {
        if self.deck_master_out_of_sight(seat)
            && let Some(master) = self.state.player_mut(seat).deck_master.as_mut()
        {
            master.drawn_unseen.push(card_ref);
        }
    }

    /// The card `seat` shows to return their Deck Master from out of sight: the commitment
    /// in their deck, or among the cards drawn since, that they know holds it.
    pub(crate) fn deck_master_to_show(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
    ) -> Option<(CardRef, Reveal)> {
        let player = self.state.player(seat);
        let master = player.deck_master.as_ref()?;
        player
            .deck
            .iter()
            .chain(&master.drawn_unseen)
            .find_map(|card_ref| {
                let reveal = knowledge.get(&self.state.commitment(*card_ref))?;
                (reveal.card == master.card).then_some((*card_ref, *reveal))
            })
    }

    fn note_deck_master(&mut self, seat: Seat, now: DeckMasterPlace) {
        if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
            master.seen_at = now;
            master.drawn_unseen.clear();
        }
    }

    pub(super) fn field_return_deck_master(
        &mut self,
        seat: Seat,
        back: bool,
        shown: Option<(CardRef, Reveal)>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let at = match &self.state.awaiting {
            Awaiting::Decision {
                seat: s,
                decision: Decision::ReturnDeckMaster { at },
            } if *s == seat => *at,
            _ => return Err(self.wrong_decision(seat, "return-deck-master")),
        };
        let Some(master) = self.state.player(seat).deck_master.clone() else {
            return Err(self.wrong_decision(seat, "return-deck-master"));
        };
        if !back {
            self.note_deck_master(seat, at);
            events.push(Event::DeckMasterKept { seat, at });
            return Ok(());
        }
        let from = if self.deck_master_out_of_sight(seat) {
            self.take_shown_deck_master(seat, &master, shown, events)?
        } else if shown.is_some() {
            return Err(RuleError::DeckMasterNotShown {
                seat,
                why: "everyone can see where the Deck Master is: return it without showing a                       card",
            });
        } else {
            self.take_deck_master_from(seat, &master, at);
            at
        };
        if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
            master.in_zone = true;
            master.seen_at = DeckMasterPlace::Zone;
            master.returns = master.returns.saturating_add(1);
            master.drawn_unseen.clear();
        }
        events.push(Event::DeckMasterReturned {
            seat,
            card: master.card,
            from,
        });
        Ok(())
    }

    /// Takes out the card `seat` showed to return their Deck Master from out of sight: it
    /// must open to the Deck Master's card and lie in their deck, or be a card they drew
    /// since they were last asked. Returns where it was.
    fn take_shown_deck_master(
        &mut self,
        seat: Seat,
        master: &DeckMaster,
        shown: Option<(CardRef, Reveal)>,
        events: &mut Vec<Event>,
    ) -> Result<DeckMasterPlace, RuleError> {
        let refused = |why| Err(RuleError::DeckMasterNotShown { seat, why });
        let Some((card_ref, reveal)) = shown else {
            return refused(
                "the Deck Master went into the deck and was shuffled: show the card that                  holds it, from the deck or among the cards drawn since",
            );
        };
        if reveal.card != master.card {
            return refused("the card shown is not the Deck Master");
        }
        let player = self.state.player(seat);
        let in_deck = player.deck.contains(&card_ref);
        let drawn = master.drawn_unseen.contains(&card_ref)
            && player.hand.iter().any(|s| s.card_ref == card_ref);
        if !in_deck && !drawn {
            return refused(
                "the card shown is neither in the deck nor drawn since the last choice to                  return the Deck Master",
            );
        }
        let commitment = self.state.commitment(card_ref);
        self.check_reveal(seat, &commitment, &reveal)?;
        self.learn(seat, commitment, reveal.card, events)?;
        if in_deck {
            self.take_out_of_deck(seat, card_ref);
            Ok(DeckMasterPlace::Deck)
        } else {
            self.state
                .player_mut(seat)
                .hand
                .retain(|s| s.card_ref != card_ref);
            Ok(DeckMasterPlace::Hand)
        }
    }

    /// Takes the Deck Master out of the hand, graveyard, banished cards, face-up Extra Deck
    /// or deck it is in.
    fn take_deck_master_from(&mut self, seat: Seat, master: &DeckMaster, at: DeckMasterPlace) {
        let side = self.side_of(seat);
        match at {
            DeckMasterPlace::Hand => {
                self.state
                    .player_mut(seat)
                    .hand
                    .retain(|s| s.card_ref != master.card_ref);
            }
            DeckMasterPlace::Graveyard => {
                for owner in [seat, side] {
                    self.state
                        .player_mut(owner)
                        .graveyard
                        .retain(|s| s.card_ref != master.card_ref);
                }
            }
            DeckMasterPlace::Banished => {
                let banished = &mut self.state.player_mut(seat).banished;
                if let Some(i) = banished.iter().position(|s| s.card_ref == master.card_ref) {
                    banished.remove(i);
                }
            }
            DeckMasterPlace::Deck => self.take_out_of_deck(seat, master.card_ref),
            DeckMasterPlace::ExtraDeck => {
                let player = self.state.player_mut(seat);
                player
                    .face_up_extra_deck
                    .retain(|s| s.card_ref != master.card_ref);
                player.extra_deck.retain(|r| *r != master.card_ref);
            }
            DeckMasterPlace::Zone | DeckMasterPlace::Field => {}
        }
    }
}
