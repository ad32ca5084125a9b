//! Agreed operations on the places of a deck that are not its permuted positions: a card
//! placed on top of a deck or at its bottom (see [`crate::player::DeckOrder`]), and a card
//! taken out of its proposer's own Extra Deck, opened in the proposal.

use crate::agreement::Destination;
use crate::agreement::moves::Lifted;
use crate::agreement::operations::Run;
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::place::{Place, Zone};
use crate::player::DeckOrder;
use crate::seat::Seat;

impl Duel {
    /// Places a card on top of `owner`'s deck or at its bottom, where the next draws (or
    /// the last ones) will find it: in a public order directly, in a permuted deck on a
    /// place of its own above or below the permuted positions.
    pub(super) fn place_in_deck(&mut self, owner: Seat, card_ref: CardRef, on_top: bool) {
        let player = self.state.player_mut(owner);
        match &mut player.deck_order {
            DeckOrder::Public if on_top => player.deck.push(card_ref),
            DeckOrder::Public => player.deck.insert(0, card_ref),
            DeckOrder::Permuted { top, bottom, .. } => {
                if on_top {
                    top.push(card_ref);
                } else {
                    bottom.insert(0, card_ref);
                }
                player.deck.push(card_ref);
            }
        }
    }

    /// Takes a card out of its owner's Extra Deck, opened by the proposer (its owner) in the
    /// outcome itself, and moves it where the outcome says.
    pub(super) fn run_from_extra_deck(
        &mut self,
        index: usize,
        card_ref: CardRef,
        reveal: &crate::commitment::Reveal,
        to: Destination,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let Some(owner) = self.state.agreement.as_ref().map(|a| a.controller) else {
            return Err(bad(
                "only an effect resolving by agreement opens an Extra Deck".into(),
            ));
        };
        if matches!(
            to,
            Destination::Deck | Destination::DeckTop | Destination::DeckBottom
        ) {
            return Err(bad(
                "a card of the Extra Deck never goes into the main deck".into(),
            ));
        }
        let player = self.state.player(owner);
        if !player.extra_deck.contains(&card_ref) {
            return Err(bad(format!(
                "card {} is not in {owner}'s Extra Deck (an outcome reaches only its \
                 proposer's own Extra Deck)",
                card_ref.0
            )));
        }
        let commitment = self.state.commitment(card_ref);
        if !commitment.opens_to(&self.state.match_id, owner, reveal) {
            return Err(bad(format!(
                "the opening shown is not the one {owner} committed to for that Extra Deck card"
            )));
        }
        self.rules.card(reveal.card)?;
        self.state
            .player_mut(owner)
            .extra_deck
            .retain(|r| *r != card_ref);
        if let Run::Apply = run {
            self.learn(owner, commitment, reveal.card, events)?;
        }
        if to == Destination::RuleZone {
            return self
                .activate_rule_card_by_reliance(owner, card_ref, reveal.card, events)
                .map_err(bad);
        }
        let lifted = Lifted {
            owner,
            card_ref,
            card: Some(reveal.card),
            hidden_on_field: false,
            defence: false,
            class: None,
            from_extra_deck: true,
            attached: Vec::new(),
            controller: None,
            lent: false,
        };
        let from = Place::Zone {
            side: owner,
            zone: Zone::ExtraDeck,
            slot: 0,
        };
        self.put_lifted(index, from, lifted, to, run, events)
    }
}
