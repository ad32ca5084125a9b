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
//!
//! A Normal Rule card with a "RELIANCE:" condition "can only be activated by the effect of
//! a specific card listed there": an agreed outcome of that card's effect takes it out of
//! its controller's Extra Deck into their Rule Zone (`from-extra-deck` to the Rule Zone).
//! "If the card that activated it leaves the field then this card also leaves the field
//! (unless it specifies that the Reliance is on activation only)", and every Rule card
//! leaving the Rule Zone goes back to the Extra Deck.

use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::agreement::Destination;
use crate::card::CardId;
use crate::commitment::{CardRef, Reveal};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::field::rule_zone;
use crate::knowledge::Knowledge;
use crate::place::{Place, Zone};
use crate::seat::Seat;

/// A Normal Rule card active in its player's Rule Zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ActiveRuleCard {
    pub card_ref: CardRef,
    /// Shown when it was activated: public.
    pub card: CardId,
    /// The card whose effect activated it, for a RELIANCE card: when that card is no
    /// longer on the field, this one goes back to the Extra Deck. `None` for a KEYWORD
    /// card, and for a Reliance on activation only.
    pub relies_on: Option<CardRef>,
}

/// The place of the `index`th Rule card in `seat`'s Rule Zone, as outcomes name it.
pub fn rule_card_place(seat: Seat, index: usize) -> Place {
    Place::Zone {
        side: seat,
        zone: Zone::Rule,
        slot: u8::try_from(index).unwrap_or(u8::MAX),
    }
}

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
                // A Boss Duel's team "collectively control the zones and cards in that side
                // of the field": a card either of them summoned counts for both.
                self.zone_piece(*at).is_some_and(|p| {
                    self.controls(seat, p)
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

    /// Whether the KEYWORD activation of the Rule card `card` fits now: "a Quick Effect
    /// unless otherwise stated", so any time a Quick card may be activated, unless the
    /// players' definitions make it Slow (then in its player's own Main Phase only).
    fn rule_card_timing_fits(&self, seat: Seat, card: CardId) -> bool {
        let slow = self
            .rules
            .pool
            .get(card)
            .and_then(|c| c.kingdom())
            .is_some_and(|k| k.speed == Some(crate::kingdom_card::Speed::Slow));
        !slow || self.activation_timing(seat) == Some(super::activation::Timing::OwnMain)
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
        if !self.rule_card_timing_fits(seat, card) {
            return Err(refused(
                "this Rule card's activation is Slow by your card definitions: activate it in \
                 your Main Phase, not in response",
            ));
        }
        let keyword_card = self.keyword_card_for(seat, card)?;
        let commitment = self.state.commitment(card_ref);
        self.use_response_window();
        let player = self.state.player_mut(seat);
        player.extra_deck.retain(|r| *r != card_ref);
        player.rule_cards.push(ActiveRuleCard {
            card_ref,
            card,
            relies_on: None,
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
            if self.rule_card_timing_fits(seat, reveal.card)
                && self.keyword_card_for(seat, reveal.card).is_ok()
            {
                out.push(Action::ActivateRuleCard { card_ref, reveal });
            }
        }
    }

    /// Outcomes a bot may propose about Rule cards: take a RELIANCE Rule card of `seat`'s
    /// Extra Deck that relies on the card resolving into the Rule Zone, or send a Rule card
    /// of the Rule Zones back to its Extra Deck.
    pub(super) fn rule_card_proposals(
        &self,
        seat: Seat,
        knowledge: &Knowledge,
        out: &mut Vec<Action>,
    ) {
        use crate::agreement::Operation;
        let Some(resolving) = self
            .state
            .agreement
            .as_ref()
            .and_then(|a| self.rules.pool.get(a.card))
            .and_then(|c| c.kingdom())
        else {
            return;
        };
        let mut steps = Vec::new();
        for (card_ref, reveal) in self.known_extra_deck(seat, knowledge) {
            let relies = self
                .rules
                .pool
                .get(reveal.card)
                .and_then(|c| c.kingdom())
                .is_some_and(|rule| rule.is_normal_rule() && rule.relies_on(resolving));
            if relies {
                steps.push(Operation::FromExtraDeck {
                    card_ref,
                    reveal,
                    to: Destination::RuleZone,
                });
            }
        }
        for owner in self.state.seats() {
            for index in 0..self.state.player(owner).rule_cards.len() {
                steps.push(Operation::Move {
                    from: rule_card_place(owner, index),
                    to: Destination::Graveyard,
                });
            }
        }
        self.propose_possible_steps(steps, out);
    }

    /// An agreed outcome of the effect resolving takes `card` (`card_ref`, already shown
    /// and out of `owner`'s Extra Deck) into `owner`'s Rule Zone: the card must be a Normal
    /// Rule card whose RELIANCE condition names the card of that effect.
    pub(crate) fn activate_rule_card_by_reliance(
        &mut self,
        owner: Seat,
        card_ref: CardRef,
        card: CardId,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        let rule = self
            .rules
            .pool
            .get(card)
            .and_then(|c| c.kingdom())
            .filter(|k| k.is_normal_rule())
            .ok_or_else(|| {
                "only a Normal Rule card goes to the Rule Zone, from its owner's Extra Deck"
                    .to_owned()
            })?;
        if rule.reliance.is_empty() {
            return Err(format!(
                "{} has no RELIANCE condition in your card definitions (`reliance`): a card \
                 effect activates only a Rule card that relies on it",
                rule.code
            ));
        }
        let agreement = self
            .state
            .agreement
            .as_ref()
            .ok_or_else(|| "only a card's effect activates a RELIANCE Rule card".to_owned())?;
        let relied = self
            .rules
            .pool
            .get(agreement.card)
            .and_then(|c| c.kingdom())
            .is_some_and(|source| rule.relies_on(source));
        if !relied {
            return Err(format!(
                "{} relies on {}: only an effect of one of those activates it",
                rule.code,
                rule.reliance.join(" or ")
            ));
        }
        let relies_on = (!rule.reliance_on_activation_only).then_some(agreement.card_ref);
        let source_card = agreement.card;
        self.state
            .player_mut(owner)
            .rule_cards
            .push(ActiveRuleCard {
                card_ref,
                card,
                relies_on,
            });
        events.push(Event::RuleCardActivatedByReliance {
            seat: owner,
            card,
            by: source_card,
        });
        Ok(())
    }

    /// An agreed outcome moves the Rule card at `from` (a slot of a Rule Zone) to `to`: a
    /// Rule card leaving the Rule Zone goes back to its owner's Extra Deck, wherever the
    /// outcome sends it, and never onto the field.
    pub(crate) fn rule_card_leaves(
        &mut self,
        from: Place,
        to: Destination,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        let Place::Zone {
            side,
            zone: Zone::Rule,
            slot,
        } = from
        else {
            return Err(format!("{from} is not a slot of a Rule Zone"));
        };
        if to.on_board().is_some() || to == Destination::RuleZone {
            return Err(
                "a Rule card leaving the Rule Zone goes back to its owner's Extra Deck: send it \
                 to the hand, graveyard or deck and it returns there"
                    .into(),
            );
        }
        let player = self.state.player(side);
        if usize::from(slot) >= player.rule_cards.len() {
            return Err(format!(
                "{side} has {} Rule cards in their Rule Zone: there is no {}",
                player.rule_cards.len(),
                ordinal(usize::from(slot) + 1)
            ));
        }
        self.rule_card_to_extra_deck(side, usize::from(slot), events);
        Ok(())
    }

    /// The `index`th Rule card of `seat`'s Rule Zone goes back to its Extra Deck, under
    /// the commitment it came out with (known to everyone who saw it).
    fn rule_card_to_extra_deck(&mut self, seat: Seat, index: usize, events: &mut Vec<Event>) {
        let player = self.state.player_mut(seat);
        if index >= player.rule_cards.len() {
            return;
        }
        let rule = player.rule_cards.remove(index);
        player.extra_deck.push(rule.card_ref);
        events.push(Event::RuleCardReturned {
            seat,
            card: rule.card,
        });
    }

    /// Rule cards whose RELIANCE card is no longer on the field go back to their owners'
    /// Extra Decks.
    pub(super) fn return_rule_cards_without_reliance(&mut self, events: &mut Vec<Event>) {
        for seat in self.state.seats() {
            let gone: Vec<CardRef> = self
                .state
                .player(seat)
                .rule_cards
                .iter()
                .filter(|r| r.relies_on.is_some_and(|on| !self.still_in_play(on)))
                .map(|r| r.card_ref)
                .collect();
            // In the order they came, each found where it is once those before it left.
            for card_ref in gone {
                let rules = &self.state.player(seat).rule_cards;
                if let Some(index) = rules.iter().position(|r| r.card_ref == card_ref) {
                    self.rule_card_to_extra_deck(seat, index, events);
                }
            }
        }
    }

    /// Whether the card `card_ref` is still in play: in a zone of the field, attached
    /// beneath a card there, or active in a Rule Zone (a Rule card or Symbol whose effect
    /// activated another Rule card never leaves the field the way a card on it does).
    fn still_in_play(&self, card_ref: CardRef) -> bool {
        let field = *self.field();
        let attached = || {
            (0..field.slot_count())
                .filter_map(|index| field.place_at(index))
                .filter_map(|place| self.zone_piece(place))
                .any(|p| p.attached.iter().any(|a| a.card_ref == card_ref))
        };
        self.zone_of(card_ref).is_some()
            || attached()
            || self.state.seats().any(|seat| {
                let player = self.state.player(seat);
                player.rule_cards.iter().any(|r| r.card_ref == card_ref)
                    || player.symbol.is_some_and(|s| s.card_ref == card_ref)
            })
    }

    /// The card `card_ref` is, if it lies face-up in a zone of the field (what a RELIANCE
    /// Rule card relies on).
    pub fn card_on_field(&self, card_ref: CardRef) -> Option<CardId> {
        self.zone_piece(self.zone_of(card_ref)?)?.card
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
