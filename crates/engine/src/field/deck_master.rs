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
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::field::summon::NormalSummon;
use crate::piece::{Class, Piece};
use crate::place::Place;
use crate::player::{DeckMaster, DeckMasterPlace, DeckOrder};
use crate::seat::Seat;

impl Duel {
    /// Where `seat`'s Deck Master is now, if it has one.
    pub fn deck_master_place(&self, seat: Seat) -> Option<DeckMasterPlace> {
        let master = self.state.player(seat).deck_master?;
        if master.in_zone {
            return Some(DeckMasterPlace::Zone);
        }
        // Attached beneath a monster (an Xyz Material) it is still on the field: "If your DM
        // is attached as material or placed in the S/T Zone from the Monster Zone, this is
        // not considered to have moved zones since they are still on the field".
        if self.state.cells.iter().flatten().any(|p| {
            p.card_ref == master.card_ref
                || p.attached.iter().any(|a| a.card_ref == master.card_ref)
        }) {
            return Some(DeckMasterPlace::Field);
        }
        let player = self.state.player(seat);
        let side = self.state.player(self.side_of(seat));
        if player.hand.iter().any(|s| s.card_ref == master.card_ref) {
            Some(DeckMasterPlace::Hand)
        } else if player
            .graveyard
            .iter()
            .chain(&side.graveyard)
            .any(|s| s.card_ref == master.card_ref)
        {
            Some(DeckMasterPlace::Graveyard)
        } else if player
            .banished
            .iter()
            .any(|s| s.card_ref == master.card_ref)
        {
            Some(DeckMasterPlace::Banished)
        } else if player
            .face_up_extra_deck
            .iter()
            .any(|s| s.card_ref == master.card_ref)
            // An Extra Deck monster sent to the hand or the deck goes back to the Extra Deck,
            // known to everyone as it goes.
            || player.extra_deck.contains(&master.card_ref)
        {
            Some(DeckMasterPlace::ExtraDeck)
        } else {
            Some(DeckMasterPlace::Deck)
        }
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
        let returns = self.state.player(seat).deck_master.map_or(0, |m| m.returns);
        per_return.saturating_mul(u32::from(returns))
    }

    /// Why `seat` may not summon its Deck Master from the zone now, if it may not (the
    /// zone and tributes are checked by the summon itself).
    pub(super) fn deck_master_summon_refused(&self, seat: Seat) -> Option<RuleError> {
        let refused = |why| Some(RuleError::CannotSummonDeckMaster { why });
        let Some(master) = self.state.player(seat).deck_master else {
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
        let Some(master) = self.state.player(seat).deck_master else {
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
        let order: Vec<Seat> = table.clockwise_from(self.state.active).collect();
        for seat in order {
            let (Some(master), Some(now)) = (
                self.state.player(seat).deck_master,
                self.deck_master_place(seat),
            ) else {
                continue;
            };
            // Kept in the deck, it is one card of the deck from then on: once the deck is
            // committed again nobody could follow it (a deck in public order could, and is
            // not followed either, so that both ways of play keep one rule).
            if now == master.seen_at || master.seen_at == DeckMasterPlace::Deck {
                continue;
            }
            let still_public_in_deck =
                now == DeckMasterPlace::Deck && self.deck_master_offerable_in_deck(seat, master);
            match now {
                // Put into the deck by an effect, before the deck is shuffled.
                DeckMasterPlace::Deck if still_public_in_deck => {
                    self.state.awaiting = Awaiting::Decision {
                        seat,
                        decision: Decision::ReturnDeckMaster { at: now },
                    };
                    return true;
                }
                // Summoned, or returned: nothing to decide. (In a deck committed again it is
                // one card of the deck.)
                DeckMasterPlace::Field | DeckMasterPlace::Zone | DeckMasterPlace::Deck => {
                    self.note_deck_master(seat, now);
                }
                DeckMasterPlace::Hand
                | DeckMasterPlace::Graveyard
                | DeckMasterPlace::Banished
                | DeckMasterPlace::ExtraDeck => {
                    self.state.awaiting = Awaiting::Decision {
                        seat,
                        decision: Decision::ReturnDeckMaster { at: now },
                    };
                    return true;
                }
            }
        }
        false
    }

    /// A Deck Master an effect just put into its owner's deck, still under its own public
    /// commitment: its owner decides whether it returns before the deck is shuffled, since
    /// after that nobody could point at it. Returns whether a decision is now awaited.
    pub(super) fn await_deck_master_in_deck(&mut self) -> bool {
        if self.rules.format.field.deck_master.is_none() {
            return false;
        }
        let order: Vec<Seat> = self.state.table.clockwise_from(self.state.active).collect();
        for seat in order {
            let player = self.state.player(seat);
            let Some(master) = player.deck_master else {
                continue;
            };
            let in_deck = !master.in_zone
                && master.seen_at != DeckMasterPlace::Deck
                && player.deck.contains(&master.card_ref)
                && self.deck_master_offerable_in_deck(seat, master);
            if in_deck {
                self.state.awaiting = Awaiting::Decision {
                    seat,
                    decision: Decision::ReturnDeckMaster {
                        at: DeckMasterPlace::Deck,
                    },
                };
                return true;
            }
        }
        false
    }

    /// Whether a Deck Master in its owner's deck may still be offered back: it is under its
    /// own public commitment, and no draw from that deck waits for its opening (draws
    /// counted on the deck with it; taking it out under them would leave a draw past the
    /// deck's end). Otherwise it stays in the deck.
    fn deck_master_offerable_in_deck(&self, seat: Seat, master: DeckMaster) -> bool {
        self.state.player(seat).deck.contains(&master.card_ref)
            && !self.state.draws_due.iter().any(|d| d.owner == seat)
    }

    fn note_deck_master(&mut self, seat: Seat, now: DeckMasterPlace) {
        if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
            master.seen_at = now;
        }
    }

    pub(super) fn field_return_deck_master(
        &mut self,
        seat: Seat,
        back: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let at = match &self.state.awaiting {
            Awaiting::Decision {
                seat: s,
                decision: Decision::ReturnDeckMaster { at },
            } if *s == seat => *at,
            _ => return Err(self.wrong_decision(seat, "return-deck-master")),
        };
        let Some(master) = self.state.player(seat).deck_master else {
            return Err(self.wrong_decision(seat, "return-deck-master"));
        };
        if !back {
            self.note_deck_master(seat, at);
            events.push(Event::DeckMasterKept { seat, at });
            return Ok(());
        }
        self.take_deck_master_from(seat, master, at);
        if let Some(master) = self.state.player_mut(seat).deck_master.as_mut() {
            master.in_zone = true;
            master.seen_at = DeckMasterPlace::Zone;
            master.returns = master.returns.saturating_add(1);
        }
        events.push(Event::DeckMasterReturned {
            seat,
            card: master.card,
            from: at,
        });
        Ok(())
    }

    /// Takes the Deck Master out of the hand, graveyard, banished cards, face-up Extra Deck
    /// or deck it is in.
    fn take_deck_master_from(&mut self, seat: Seat, master: DeckMaster, at: DeckMasterPlace) {
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
            DeckMasterPlace::Deck => {
                let player = self.state.player_mut(seat);
                player.deck.retain(|r| *r != master.card_ref);
                if let DeckOrder::Permuted { top, bottom, .. } = &mut player.deck_order {
                    top.retain(|r| *r != master.card_ref);
                    bottom.retain(|r| *r != master.card_ref);
                }
            }
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
