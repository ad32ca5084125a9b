//! Kairu's Destiny Draw: "To 'Destiny Draw' you must have at least 3000 Lifepoints fewer
//! than your opponent and you may conduct a Destiny Draw once per duel instead of your
//! regular draw phase."
//!
//! Every player brings a destiny pile: the format's destiny list, committed card by card in
//! an order of the owner's own at set-up, hidden from the others (the seed's "separate bag
//! of 'Destiny Draw' Cards on the table"; FairDuel gives each player a bag of their own, so
//! a hidden card never has to be taken out of someone else's bag). When a turn begins with
//! its player far enough behind, the turn waits for them to choose: the regular draw, or
//! the Destiny Draw in its place. The card is taken at a place of the pile the seats choose
//! together (a joint draw, as coins and dice are): the owner's order cannot steer it, and
//! only the owner learns the card. What the pile held is opened at the end of the match,
//! where the audit checks it against the destiny list.

use crate::action::Action;
use crate::awaiting::Decision;
use crate::chance::Chance;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::player::CardSlot;
use crate::seat::Seat;
use crate::state::Resume;

impl Duel {
    /// Whether `seat` may make its Destiny Draw as its turn begins: the format has one, the
    /// player has not made theirs and has a pile, and an opponent still in the duel has at
    /// least the format's margin more life points ("your opponent": any of them when there
    /// are several).
    pub(crate) fn destiny_draw_open(&self, seat: Seat) -> bool {
        let Some(destiny) = &self.rules.format.destiny_draw else {
            return false;
        };
        let player = self.state.player(seat);
        let Some(pile) = &player.destiny else {
            return false;
        };
        if pile.drawn || pile.cards.is_empty() {
            return false;
        }
        let needed = player.life_points.saturating_add(destiny.behind);
        self.state
            .table
            .opponents_of(seat)
            .any(|opponent| self.state.player(opponent).life_points >= needed)
    }

    /// The turn player answers the draw choice: their Destiny Draw (`destiny`) or the
    /// regular draw.
    pub(super) fn do_choose_draw(
        &mut self,
        seat: Seat,
        destiny: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let asked = matches!(
            self.expect_decision(seat, "choose-draw"),
            Ok(Decision::DestinyDraw)
        );
        if !asked || self.state.resume != (Resume::DrawChoice { seat }) {
            return Err(RuleError::CannotDestinyDraw {
                why: "the choice comes only as your turn begins, when you are far enough \
                      behind and have not made your Destiny Draw yet",
            });
        }
        self.state.resume = Resume::Nothing;
        if !destiny {
            let count = self.cards_to_draw(seat, false);
            if self.draw_cards(seat, count, events) {
                self.standby(seat, events);
            }
            return Ok(());
        }
        let Some(pile) = self.state.player_mut(seat).destiny.as_mut() else {
            return Err(RuleError::CannotDestinyDraw {
                why: "this format has no Destiny Draw",
            });
        };
        pile.drawn = true;
        // At most `MAX_DESTINY_CARDS` (60) cards: the format's check.
        let cards = u8::try_from(pile.cards.len()).unwrap_or(u8::MAX);
        self.call_chance(seat, Chance::DestinyPile { cards, seat }, events);
        Ok(())
    }

    /// The joint draw named place `index` of `seat`'s destiny pile: that card goes to their
    /// hand, known to them alone, and the turn goes on to its standby. A player who left the
    /// duel while the draw was under way (a concession) draws nothing, and the turn that
    /// began after their removal is not touched.
    pub(crate) fn destiny_card_drawn(&mut self, seat: Seat, index: usize, events: &mut Vec<Event>) {
        if seat != self.state.active || !self.state.table.in_play(seat) {
            return;
        }
        let player = self.state.player_mut(seat);
        let taken = match player.destiny.as_mut() {
            Some(pile) if index < pile.cards.len() => Some(pile.cards.remove(index)),
            _ => None,
        };
        if let Some(card_ref) = taken {
            player.hand.push(CardSlot {
                card_ref,
                card: None,
            });
            let commitment = self.state.commitment(card_ref);
            events.push(Event::DestinyDrew { seat, commitment });
        }
        self.standby(seat, events);
    }

    /// The two answers to the draw choice.
    pub(super) fn draw_choice_actions(&self) -> Vec<Action> {
        vec![
            Action::ChooseDraw { destiny: true },
            Action::ChooseDraw { destiny: false },
        ]
    }
}
