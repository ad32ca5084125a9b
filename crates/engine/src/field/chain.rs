//! Chains on the card game's field. An activated card does not resolve at once: it becomes
//! the first link of a chain, and the other players, then its own controller, may respond
//! in priority order, clockwise from the player who activated it. A response is another
//! Quick card ("Quick Speed can respond to Slow or Quick effects, but Slow Speed can't be
//! used to respond to other effects"), and it becomes the next link; asking starts again
//! from the player after the one who responded ("If C activates another effect, then D is
//! the first to be able to respond to it, then A, then B"). Once everyone asked has passed,
//! the links resolve last first, each by agreement (`crate::agreement`). A player removed
//! from the duel takes their unresolved links with them ("All unresolved cards on the chain
//! are removed without being resolved").

use serde::{Deserialize, Serialize};

use super::activation::field_speed;
use crate::awaiting::{Awaiting, Decision, TrapEvent};
use crate::card::{CardDef, CardId};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::kingdom_card::Speed;
use crate::piece::Class;
use crate::place::Place;
use crate::seat::Seat;

/// One activated card waiting on the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChainLink {
    pub controller: Seat,
    pub card: CardId,
    pub card_ref: CardRef,
    /// Where the card was activated.
    pub at: Place,
    /// The opponent its effect targets (Domain Format's general errata).
    pub target: OpponentTarget,
}

/// The opponent a chain link's effect targets, where the format asks for one
/// (`field.target_an_opponent`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OpponentTarget {
    /// Not asked for: the format has no such errata, or the controller has one opponent.
    #[default]
    NotAsked,
    /// Its controller is still to name it; `met_by`: the opponent whose attack, summon or
    /// activation the card answers, the only one a Trigger may target.
    Undecided { met_by: Option<Seat> },
    /// The effect targets no opponent.
    Nobody,
    /// The effect targets this opponent: its outcome affects nobody else but its controller.
    Opponent(Seat),
}

impl OpponentTarget {
    /// The opponent targeted, if any.
    pub fn opponent(self) -> Option<Seat> {
        match self {
            OpponentTarget::Opponent(seat) => Some(seat),
            _ => None,
        }
    }
}

/// The chain being built, if any: its links in the order they were activated, and the
/// players still to be asked whether they respond to the newest one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Chain {
    pub links: Vec<ChainLink>,
    /// Priority order from the player after the newest link's controller, that controller
    /// last; the first is asked now.
    pub to_ask: Vec<Seat>,
}

impl Chain {
    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    /// The newest link: the one a response would answer, and the next to resolve.
    pub fn newest(&self) -> Option<&ChainLink> {
        self.links.last()
    }
}

/// What settling the chain did.
pub(super) enum ChainStep {
    /// A player is asked to respond (recorded in `awaiting`).
    Asking,
    /// A link began to resolve, or links left with their player: settle again.
    Moved,
    /// No chain.
    Idle,
}

impl Duel {
    /// The chain being built or resolved on the card game's field.
    pub fn chain(&self) -> &Chain {
        &self.state.chain
    }

    /// `controller` activated `card` at `at`: it becomes the chain's newest link, and the
    /// players who could respond are asked in priority order from the next one.
    pub(super) fn add_chain_link(
        &mut self,
        controller: Seat,
        card: CardId,
        card_ref: CardRef,
        at: Place,
        events: &mut Vec<Event>,
    ) {
        let target = self.opponent_target_to_ask(controller);
        self.state.chain.links.push(ChainLink {
            controller,
            card,
            card_ref,
            at,
            target,
        });
        let link = u8::try_from(self.state.chain.links.len()).unwrap_or(u8::MAX);
        events.push(Event::ChainLinkAdded { link, card });
        // "If an effect is Unstoppable it means it cannot be responded by another card."
        let unstoppable = self
            .rules
            .pool
            .get(card)
            .is_some_and(CardDef::is_unstoppable);
        self.state.chain.to_ask = if unstoppable {
            Vec::new()
        } else {
            self.responders_after(controller)
        };
    }

    /// The players who could respond to a link of `controller`'s, in priority order: the
    /// turn order from the next player round to `controller` itself (a player may chain to
    /// their own card, as in the card game).
    fn responders_after(&self, controller: Seat) -> Vec<Seat> {
        let order = self
            .state
            .table
            .priority_after(self.state.active, controller);
        let event = self.state.chain.newest().map(|link| TrapEvent::Chained {
            at: link.at,
            by: link.controller,
        });
        order
            .into_iter()
            .filter(|s| {
                self.may_respond_to_chain(*s)
                    || event.is_some_and(|event| self.has_face_up_triggered(*s, event))
            })
            .collect()
    }

    /// Whether `seat` holds a face-down Backrow card that could be a Quick card it may
    /// activate in response, a Symbol card it may use, or (in its own turn, where the format
    /// allows Quick spells from the hand) a card in hand and a free Backrow zone. Public
    /// facts only (a spell Set this turn could be one), so being asked tells nobody what the
    /// card is.
    fn may_respond_to_chain(&self, seat: Seat) -> bool {
        if self.symbol_ready(seat) {
            return true;
        }
        if self.may_answer_from_hand(seat) || self.has_ready_quick_effect(seat) {
            return true;
        }
        let field = *self.field();
        field.backrow(self.side_of(seat)).any(|at| {
            self.zone_piece(at).is_some_and(|p| {
                !p.face_up && p.class == Class::SpellTrap && self.controls(seat, p)
            })
        })
    }

    /// Whether a card in `seat`'s hand could be a Quick spell it may activate now in this
    /// turn (only the hand's size is public, so any card counts), with a free Backrow zone.
    pub(super) fn may_answer_from_hand(&self, seat: Seat) -> bool {
        self.quick_spells_from_hand_allowed(seat)
            && !self.state.player(seat).hand.is_empty()
            && self.free_backrow_zones(seat).next().is_some()
            && self.pool_has_quick_spells()
    }

    /// Whether any spell of the pool is Quick, so a hand could hold one (the shipped Domain
    /// pool, the DOR cards, holds none: nobody is asked about a hand that cannot answer).
    fn pool_has_quick_spells(&self) -> bool {
        self.rules
            .pool
            .cards()
            .any(|card| card.is_field_spell_card() && field_speed(card) == Speed::Quick)
    }

    /// The chain window waiting for `seat`, if it is its turn to respond.
    pub(super) fn asked_about_chain(&self, seat: Seat) -> bool {
        matches!(
            self.state.awaiting.decision(),
            Some((s, Decision::Respond { event: TrapEvent::Chained { .. } })) if s == seat
        )
    }

    /// `seat` does not respond to the newest link.
    pub(super) fn pass_on_chain(&mut self) {
        if !self.state.chain.to_ask.is_empty() {
            self.state.chain.to_ask.remove(0);
        }
    }

    /// Moves the chain on where nobody needs to decide: drops what players who left the
    /// duel had on it, asks the next player to respond, or resolves the newest link.
    pub(super) fn settle_chain(&mut self, events: &mut Vec<Event>) -> ChainStep {
        if self.state.chain.is_empty() || self.state.agreement.is_some() {
            return ChainStep::Idle;
        }
        let table = self.state.table;
        let newest_before = self.state.chain.newest().copied();
        let (kept, dropped): (Vec<ChainLink>, Vec<ChainLink>) = self
            .state
            .chain
            .links
            .iter()
            .partition(|link| table.in_play(link.controller));
        if !dropped.is_empty() {
            for link in &dropped {
                events.push(Event::ChainLinkDropped {
                    seat: link.controller,
                    card: link.card,
                });
            }
            self.state.chain.links = kept;
            let newest = self.state.chain.newest().copied();
            if newest != newest_before && !self.state.chain.to_ask.is_empty() {
                // Responses were still being collected: they now answer the link on top.
                self.state.chain.to_ask = match newest {
                    Some(link) => self.responders_after(link.controller),
                    None => Vec::new(),
                };
            }
            return ChainStep::Moved;
        }
        self.state.chain.to_ask.retain(|s| table.in_play(*s));
        let Some(newest) = self.state.chain.newest().copied() else {
            return ChainStep::Idle;
        };
        if let OpponentTarget::Undecided { met_by } = newest.target {
            self.state.awaiting = Awaiting::Decision {
                seat: newest.controller,
                decision: Decision::ChooseOpponent {
                    among: self.targetable_opponents(newest.controller, met_by),
                },
            };
            return ChainStep::Asking;
        }
        if let Some(seat) = self.state.chain.to_ask.first().copied() {
            self.state.awaiting = Awaiting::Decision {
                seat,
                decision: Decision::Respond {
                    event: TrapEvent::Chained {
                        at: newest.at,
                        by: newest.controller,
                    },
                },
            };
            return ChainStep::Asking;
        }
        self.state.chain.links.pop();
        let link = u8::try_from(self.state.chain.links.len() + 1).unwrap_or(u8::MAX);
        events.push(Event::ChainLinkResolves {
            link,
            card: newest.card,
        });
        self.begin_agreement(newest.controller, newest.card, newest.card_ref, newest.at);
        if let Some(agreement) = self.state.agreement.as_mut() {
            agreement.target = newest.target.opponent();
        }
        ChainStep::Moved
    }
}
