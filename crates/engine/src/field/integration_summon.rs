//! Kingdom Duels' Integration Summon: "To summon an Integration Monster you need to have had
//! played a specific Duelist Setup Rule card at the beginning of the game ... and Erode from
//! your hand or field the other Material(s) listed on the card."
//!
//! No card activates it: its player declares it in their Main Phase, showing the
//! Integration Monster from their Extra Deck. Which Duelist Setup and which materials the
//! card lists is its text, which the card facts do not carry, so the summon itself is the
//! outcome the players agree on (an [`crate::agreement::Operation::ExtraDeckSummon`] step,
//! which erodes the materials); refused, the monster stays in the Extra Deck.

use crate::action::Action;
use crate::agreement::extra_deck_summon::SummonMethod;
use crate::awaiting::Decision;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::knowledge::Knowledge;
use crate::seat::Seat;

fn refused(why: &'static str) -> RuleError {
    RuleError::CannotIntegrationSummon { why }
}

impl Duel {
    /// Why `seat` may not declare an Integration Summon now, if it may not.
    pub(super) fn integration_summon_refused(&self, seat: Seat) -> Option<RuleError> {
        let why = if !matches!(self.state.awaiting.decision(), Some((s, Decision::Main)) if s == seat)
        {
            "an Integration Summon is declared in your Main Phase, with nothing else going on"
        } else if self.state.player(seat).duelist_setup.is_none() {
            "an Integration Monster needs the Duelist Setup its conditions name, played at the \
             beginning of the game, and you played none"
        } else {
            return None;
        };
        Some(refused(why))
    }

    /// `seat` declares an Integration Summon of `card_ref`, shown by `reveal`: the players
    /// then agree on the summon and its materials.
    pub(super) fn declare_integration_summon(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.integration_summon_refused(seat) {
            return Err(refused);
        }
        let card = self.shown_from_extra_deck(seat, card_ref, reveal, refused)?;
        if self.summon_method(card) != Some(SummonMethod::Integration) {
            return Err(refused("that card is not an Integration Monster"));
        }
        let declared = Event::IntegrationSummonDeclared { seat, card };
        self.agree_on_declared_summon(seat, card_ref, card, declared, events)
    }

    /// The Integration Summons `seat` may declare now: one per Integration Monster of its
    /// Extra Deck (those its knowledge opens).
    pub(super) fn integration_summons(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        if self.integration_summon_refused(seat).is_some() {
            return;
        }
        for (card_ref, reveal) in self.known_integration_monsters(seat, knowledge) {
            out.push(Action::IntegrationSummon { card_ref, reveal });
        }
    }

    /// The Integration Monsters of `seat`'s Extra Deck that `knowledge` opens.
    pub(super) fn known_integration_monsters<'a>(
        &'a self,
        seat: Seat,
        knowledge: &'a Knowledge,
    ) -> impl Iterator<Item = (CardRef, Reveal)> + 'a {
        self.known_extra_deck(seat, knowledge)
            .filter(|(_, reveal)| {
                self.summon_method(reveal.card) == Some(SummonMethod::Integration)
            })
    }
}
