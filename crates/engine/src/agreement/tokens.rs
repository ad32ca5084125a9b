//! Tokens. Kingdom Duels: "Token cards (gray frame) must be kept aside from the game and
//! only brought up to the board when played by an effect. Tokens are considered Normal
//! Monsters unless otherwise stated. Tokens can't be attached to other cards and thus cannot
//! be used for summoning methods that attach their materials. When Tokens leave the field
//! they are removed from the game." The card game's Tokens (Domain Format) work the same.
//!
//! A Token comes from no deck, so it has no hidden commitment: bringing one onto the field
//! (an agreed outcome's `token` step) adds to the duel's table a commitment anyone can
//! compute (`Commitment::of_token`: its card and an all-zero salt), so that the Token is
//! named like every other card in play. It is always face-up, and it never reaches a hand, a deck, a
//! graveyard or the banished cards: wherever it would go off the field, it is removed
//! from the game instead.

use crate::card::CardId;
use crate::commitment::{CardRef, Commitment};
use crate::duel::Duel;
use crate::event::Event;
use crate::format::Family;
use crate::piece::{Class, Piece};
use crate::place::{Place, Zone};
use crate::seat::Seat;

impl Duel {
    /// Whether `card` is a Token.
    pub(crate) fn is_token(&self, card: Option<CardId>) -> bool {
        card.and_then(|id| self.rules.pool.get(id))
            .is_some_and(crate::card::CardDef::is_token)
    }

    /// Brings the Token `card` onto the free Frontrow zone `to`, face-up.
    pub(super) fn bring_token(
        &mut self,
        card: CardId,
        to: Place,
        defence: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        if self.rules.format.family != Family::Field {
            return Err("Tokens are brought onto the card game's field only".into());
        }
        let def = self
            .rules
            .pool
            .get(card)
            .ok_or_else(|| format!("card {card} is not in this duel's pool"))?;
        if !def.is_token() {
            return Err(format!(
                "{} is not a Token: only a Token is brought onto the field from outside the game",
                def.name
            ));
        }
        let Place::Zone {
            side,
            zone: Zone::Frontrow,
            ..
        } = to
        else {
            return Err(format!("a Token goes to a Frontrow zone, not {to}"));
        };
        if self.field().index(to).is_none() {
            return Err(format!("{to} is not a zone of the field"));
        }
        if self.zone_piece(to).is_some() {
            return Err(format!("{to} is not free"));
        }
        let proposer = self
            .state
            .agreement
            .as_ref()
            .map(|a| a.controller)
            .ok_or("only an effect resolving by agreement brings a Token")?;
        // As in the card game, the Token belongs to the player whose effect brings it and
        // is controlled by the player whose zone it is in (on a side a team shares, by the
        // effect's controller when it is their side).
        let owner = proposer;
        let controller = if self.side_of(proposer) == side {
            proposer
        } else {
            side
        };
        if !self.state.table.in_play(controller) {
            return Err(format!("{controller} is no longer in the duel"));
        }
        let card_ref = self.add_public_commitment(owner, card)?;
        let turn = self.state.turn;
        let piece = Piece {
            card: Some(card),
            face_up: true,
            defence,
            controller,
            ..Piece::entering(owner, card_ref, Class::Monster, turn)
        };
        self.put_in_zone(to, piece);
        events.push(Event::TokenCreated {
            seat: controller,
            at: to,
            card,
        });
        Ok(())
    }

    /// Adds to the duel's table the public commitment of `owner`'s `card` coming from no
    /// deck: a Token, or a monster the grid makes from nothing (`grid/made_monsters.rs`).
    pub(crate) fn add_public_commitment(
        &mut self,
        owner: Seat,
        card: CardId,
    ) -> Result<CardRef, String> {
        let index = u16::try_from(self.state.commitments.len())
            .ok()
            .filter(|i| *i < u16::MAX)
            .ok_or("this duel's table of cards is full: no more cards from outside a deck fit")?;
        let commitment = Commitment::of_token(&self.state.match_id, owner, card);
        let mut table = self.state.commitments.to_vec();
        table.push(commitment);
        self.state.commitments = table.into();
        self.commitment_table_changed();
        Ok(CardRef(index))
    }

    /// A Token for `seat`'s first free Frontrow zone, where the pool holds one (the first in
    /// the pool's order): what a player without the card's text can always propose.
    pub(crate) fn token_proposals(&self, seat: Seat, out: &mut Vec<crate::action::Action>) {
        let Some(token) = self.rules.pool.cards().find(|c| c.is_token()) else {
            return;
        };
        let side = self.side_of(seat);
        let Some(to) = self
            .field()
            .frontrow(side)
            .find(|at| self.zone_piece(*at).is_none())
        else {
            return;
        };
        out.push(crate::action::Action::ProposeOutcome {
            operations: vec![crate::agreement::Operation::Token {
                card: token.id,
                to,
                defence: true,
            }],
        });
    }

    /// `card` just left the field from `at`: if it is a Token it is removed from the game
    /// (nothing keeps it, and it goes nowhere else), which this says.
    pub(crate) fn removed_if_token(
        &mut self,
        at: Place,
        card: Option<CardId>,
        events: &mut Vec<Event>,
    ) -> bool {
        match card {
            Some(card) if self.is_token(Some(card)) => {
                events.push(Event::TokenRemoved { at, card });
                true
            }
            _ => false,
        }
    }
}
