//! Kingdom Duels' Battle Royale: "After at least one player is defeated, at any point the
//! remaining players can unanimously declare that the duel is over (and they are considered
//! the winners)". The turn player proposes it at one of their decisions (once per turn, so a
//! refused proposal cannot stall the game); every other remaining player is then asked in
//! the rotation's order. The first refusal ends the proposal and play goes on where it
//! was; when the last agrees, the duel ends with every remaining player a winner.

use crate::awaiting::{Awaiting, Decision, TrapEvent};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::seat::{Seat, SeatSet};
use crate::state::WinReason;

impl Duel {
    /// Why `seat` may not propose ending the duel now, if it may not.
    pub(super) fn end_proposal_refused(&self, seat: Seat) -> Option<RuleError> {
        let refused = |why| Some(RuleError::CannotProposeEnd { why });
        if !self.rules.format.field.unanimous_end {
            return refused("this format has no ending by agreement");
        }
        let on_turn = matches!(
            self.state.awaiting.decision(),
            Some((s, Decision::Main | Decision::Battle)) if s == seat
        );
        if !on_turn {
            return refused("it is proposed at one of your own decisions in your turn");
        }
        let table = self.state.table;
        if !table.seats().any(|s| table.is_removed(s)) {
            return refused("no player has been defeated yet");
        }
        if self.state.player(seat).proposed_end {
            return refused("you already proposed it this turn");
        }
        None
    }

    pub(super) fn field_propose_end(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.end_proposal_refused(seat) {
            return Err(refused);
        }
        let table = self.state.table;
        let asked: Vec<Seat> = table
            .clockwise_from(seat)
            .filter(|s| *s != seat && table.in_play(*s))
            .collect();
        self.state.player_mut(seat).proposed_end = true;
        events.push(Event::EndProposed { seat });
        if asked.is_empty() {
            self.end_by_agreement(events);
            return Ok(());
        }
        let event = TrapEvent::EndProposed { by: seat };
        self.state.windows = asked.into_iter().map(|s| (s, event)).collect();
        Ok(())
    }

    /// Whether `seat` is the one asked about a proposed end now.
    pub(super) fn asked_about_end(&self, seat: Seat) -> bool {
        matches!(
            &self.state.awaiting,
            Awaiting::Decision {
                seat: s,
                decision: Decision::Respond {
                    event: TrapEvent::EndProposed { .. },
                },
            } if *s == seat
        )
    }

    pub(super) fn field_agree_to_end(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if !self.asked_about_end(seat) {
            return Err(self.wrong_decision(seat, "agree-to-end"));
        }
        events.push(Event::EndAgreed { seat });
        if !self.state.windows.is_empty() {
            self.state.windows.remove(0);
        }
        if self.state.windows.is_empty() {
            self.end_by_agreement(events);
        }
        Ok(())
    }

    /// `seat` refuses the proposed end: nobody else is asked, and play goes on.
    pub(super) fn refuse_end(&mut self, seat: Seat, events: &mut Vec<Event>) {
        events.push(Event::EndRefused { seat });
        self.state.windows.clear();
    }

    fn end_by_agreement(&mut self, events: &mut Vec<Event>) {
        let table = self.state.table;
        let winners: SeatSet = table.seats().filter(|s| table.in_play(*s)).collect();
        self.finish(winners, WinReason::Agreement, events);
    }
}
