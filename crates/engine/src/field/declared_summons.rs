//! The card game's Synchro, Xyz and Link Summons (a card database's Extra Deck monsters):
//! no card is activated; their player declares one in their Main Phase, showing the monster
//! from their Extra Deck. What its text asks of the materials is for the players to agree
//! on, so the summon is the outcome they agree on (an
//! [`crate::agreement::Operation::ExtraDeckSummon`] step, which checks the mechanic: see
//! `agreement/card_game_materials.rs`); refused, the monster stays in the Extra Deck.

use crate::action::Action;
use crate::awaiting::Decision;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::place::{Place, Zone};
use crate::seat::Seat;

fn refused(why: &'static str) -> RuleError {
    RuleError::CannotSummonFromExtraDeck { why }
}

impl Duel {
    /// Why `seat` may not declare a Synchro, Xyz or Link Summon now, if it may not.
    fn declared_summon_refused(&self, seat: Seat) -> Option<RuleError> {
        if matches!(self.state.awaiting.decision(), Some((s, Decision::Main)) if s == seat) {
            None
        } else {
            Some(refused(
                "a Synchro, Xyz or Link Summon is declared in your Main Phase, with nothing \
                 else going on",
            ))
        }
    }

    /// `seat` declares the summon of `card_ref`, shown by `reveal`: the players then agree
    /// on it and its materials.
    pub(crate) fn declare_extra_deck_summon(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.declared_summon_refused(seat) {
            return Err(refused);
        }
        let card = self.shown_from_extra_deck(seat, card_ref, reveal, refused)?;
        let Some(method) = self
            .summon_method(card)
            .filter(|m| m.is_declared_by_the_card_game())
        else {
            return Err(refused(
                "only a Synchro, Xyz or Link Monster is summoned by declaring it; a Fusion \
                 Monster needs the effect that Fusion Summons it",
            ));
        };
        if self.card_game_materials_for(seat, method, card).is_none() {
            return Err(refused(
                if self.rules.format.family == crate::format::Family::Grid {
                    "no face-up monsters of yours standing in adjacent zones make that summon \
                     (a Synchro: one Tuner and Levels adding up to its Level; an Xyz: monsters \
                     of its Rank; a Link: materials counting for its Link Rating), or none of \
                     their zones may take another Extra Deck monster"
                } else {
                    "no face-up monsters of your field make that summon (a Synchro: one Tuner \
                     and Levels adding up to its Level; an Xyz: monsters of its Rank; a Link: \
                     materials counting for its Link Rating)"
                },
            ));
        }
        let declared = Event::ExtraDeckSummonDeclared { seat, card };
        self.agree_on_declared_summon(seat, card_ref, card, declared, events)
    }

    /// The card `card_ref` of `seat`'s Extra Deck, opened by `reveal`; `refused` words the
    /// error when it is not there.
    pub(super) fn shown_from_extra_deck(
        &self,
        seat: Seat,
        card_ref: CardRef,
        reveal: &Reveal,
        refused: fn(&'static str) -> RuleError,
    ) -> Result<crate::card::CardId, RuleError> {
        if self.deck_master_in_zone_is(seat, card_ref) {
            // Its own summon mechanic takes a Deck Master out of its zone, at its cost.
            if self.deck_master_cost(seat) > self.state.player(seat).life_points {
                return Err(refused(
                    "summoning your Deck Master from its zone costs more life points than you \
                     have",
                ));
            }
        } else if !self.state.player(seat).extra_deck.contains(&card_ref) {
            return Err(refused("that card is not in your Extra Deck"));
        }
        let commitment = self.state.commitment(card_ref);
        Ok(self.check_reveal(seat, &commitment, reveal)?.id)
    }

    /// A summon of `card` (`card_ref`) declared from `seat`'s Extra Deck (`declared` says
    /// which kind): everyone learns the card, and the players agree on the summon.
    pub(super) fn agree_on_declared_summon(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        card: crate::card::CardId,
        declared: Event,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let commitment = self.state.commitment(card_ref);
        self.learn(seat, commitment, card, events)?;
        events.push(declared);
        let at = Place::Zone {
            side: seat,
            zone: Zone::ExtraDeck,
            slot: 0,
        };
        self.begin_agreement(seat, card, card_ref, at);
        Ok(())
    }

    /// The summons `seat` may declare now: one per Synchro, Xyz or Link Monster of its
    /// Extra Deck (those its knowledge opens) for which its field holds materials the
    /// mechanic accepts.
    pub(crate) fn declared_extra_deck_summons(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        if self.declared_summon_refused(seat).is_some() {
            return;
        }
        let deck_master = self
            .state
            .player(seat)
            .deck_master
            .as_ref()
            .filter(|m| {
                m.in_zone && self.deck_master_cost(seat) <= self.state.player(seat).life_points
            })
            .and_then(|m| {
                Some((
                    m.card_ref,
                    *knowledge.get(&self.state.commitment(m.card_ref))?,
                ))
            });
        for (card_ref, reveal) in self.known_extra_deck(seat, knowledge).chain(deck_master) {
            let Some(method) = self.summon_method(reveal.card) else {
                continue;
            };
            if method.is_declared_by_the_card_game()
                && self
                    .card_game_materials_for(seat, method, reveal.card)
                    .is_some()
            {
                out.push(Action::SummonFromExtraDeck { card_ref, reveal });
            }
        }
    }

    /// The cards of `seat`'s Extra Deck that `knowledge` opens (all of them, for their
    /// owner).
    pub(crate) fn known_extra_deck<'a>(
        &'a self,
        seat: Seat,
        knowledge: &'a Knowledge,
    ) -> impl Iterator<Item = (CardRef, Reveal)> + 'a {
        self.state
            .player(seat)
            .extra_deck
            .iter()
            .filter_map(|card_ref| {
                let reveal = knowledge.get(&self.state.commitment(*card_ref))?;
                Some((*card_ref, *reveal))
            })
    }
}
