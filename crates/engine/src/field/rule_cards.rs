//! Kingdom Duels' Normal Rule cards with a "KEYWORD:" condition: "they can be activated from
//! your Extra Deck into the Rule Zone whenever you have a face-up card in the field that has
//! a Keyword (a Type or Attribute either in the card or mentioned in the card effect) that
//! matches its activation condition (this is a Quick Effect unless otherwise stated)".
//!
//! The card facts print neither the condition nor what a card's effect mentions: the
//! players' card definitions give both (`keyword_condition`, `mentions`). The card is shown
//! from the Extra Deck, stays in its player's Rule Zone ("for as long as that Rule Card is
//! active on the Rule Zone"; "there is no limit to the amount of cards that can be played
//! in your Rule Zone") and its effect is a chain link resolved by agreement.

use crate::action::Action;
use crate::card::CardId;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::field::rule_zone;
use crate::knowledge::Knowledge;
use crate::place::Place;
use crate::player::CardSlot;
use crate::seat::Seat;

fn refused(why: impl Into<String>) -> RuleError {
    RuleError::CannotActivateRuleCard { why: why.into() }
}

impl Duel {
    /// The face-up card of `seat`'s whose Keyword meets the KEYWORD condition of `card`
    /// (the first in zone order), or why there is none.
    fn keyword_card_for(&self, seat: Seat, card: CardId) -> Result<Place, RuleError> {
        let kingdom = self
            .rules
            .pool
            .get(card)
            .and_then(|c| c.kingdom())
            .ok_or_else(|| refused("that card is not a Kingdom Duels card"))?;
        if !kingdom.is_normal_rule() {
            return Err(refused(
                "only a Normal Rule card is activated by its KEYWORD condition (a Setup comes \
                 in the Setup Phase, a Symbol is played)",
            ));
        }
        if kingdom.rule_keywords.is_empty() {
            return Err(refused(format!(
                "{} has no KEYWORD condition in your card definitions (`keyword_condition`); \
                 a card with a RELIANCE condition is activated only by the card it relies on",
                kingdom.code
            )));
        }
        let side = self.side_of(seat);
        let field = *self.field();
        field
            .frontrow(side)
            .chain(field.backrow(side))
            .find(|at| {
                self.zone_piece(*at).is_some_and(|p| {
                    p.controller == seat
                        && p.face_up
                        && p.card
                            .and_then(|id| self.rules.pool.get(id))
                            .and_then(|c| c.kingdom())
                            .is_some_and(|k| {
                                kingdom.rule_keywords.iter().any(|w| k.has_rule_keyword(w))
                            })
                })
            })
            .ok_or_else(|| {
                refused(format!(
                    "none of your face-up cards has the Keyword {} (a Type or Attribute of the \
                     card, or one its effect mentions)",
                    kingdom.rule_keywords.join(" or ")
                ))
            })
    }

    /// `seat` activates the Normal Rule card `card_ref` of its Extra Deck into its Rule
    /// Zone: a Quick Effect, so in its Main or Battle Phase or when asked to respond.
    pub(super) fn activate_rule_card(
        &mut self,
        seat: Seat,
        card_ref: CardRef,
        reveal: &Reveal,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.activation_timing(seat).is_none() {
            return Err(refused(
                "a KEYWORD Rule card is a Quick Effect: activate it in your Main or Battle \
                 Phase, or when you are asked to respond",
            ));
        }
        let card = self.shown_from_extra_deck(seat, card_ref, reveal, refused)?;
        let keyword_card = self.keyword_card_for(seat, card)?;
        let commitment = self.state.commitment(card_ref);
        self.use_attack_window();
        let player = self.state.player_mut(seat);
        player.extra_deck.retain(|r| *r != card_ref);
        player.rule_cards.push(CardSlot {
            card_ref,
            card: Some(card),
        });
        self.learn(seat, commitment, card, events)?;
        events.push(Event::RuleCardActivated {
            seat,
            card,
            keyword_card,
        });
        self.add_chain_link(seat, card, card_ref, rule_zone(seat), events);
        Ok(())
    }

    /// The Rule cards of `seat`'s Extra Deck it may activate now (those its knowledge
    /// opens).
    pub(super) fn rule_card_actions(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        if self.activation_timing(seat).is_none() {
            return;
        }
        for (card_ref, reveal) in self.known_extra_deck(seat, knowledge) {
            if self.keyword_card_for(seat, reveal.card).is_ok() {
                out.push(Action::ActivateRuleCard { card_ref, reveal });
            }
        }
    }
}
