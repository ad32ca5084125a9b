//! Kingdom Duels' STRIKE: "A monster in ATK Position with STRIKE is able to attack a Terrain
//! Marker instead of a monster. ... You can only activate a STRIKE once per turn during your
//! Main Phase 1 and you skip the Battle Phase that turn. This is still treated as an
//! 'attack' in game mechanics but it doesn't actually battle or destroy any monster
//! currently in the attacked terrain unless otherwise stated."
//!
//! The card facts do not say which monsters carry STRIKE, nor what their STRIKE does: any
//! face-up monster in ATK Position may declare one, and its effect is the outcome the
//! players agree on (the others refuse what the card's text does not allow), as a chain
//! link like any activated effect. What the seed says of the mechanic the engine enforces:
//! Main Phase 1, once per turn, an opponent's terrain marker as the target, the monster's
//! attack spent, the turn's one attack declaration used, and no Battle Phase after it.

use crate::action::Action;
use crate::awaiting::Decision;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::Class;
use crate::place::{Place, Zone};
use crate::seat::Seat;
use crate::state::Phase;

fn refused(at: Place, why: &'static str) -> RuleError {
    RuleError::CannotStrike { at, why }
}

impl Duel {
    /// Why `seat`'s monster at `from` may not STRIKE the terrain marker over `target` now, if
    /// it may not.
    pub(super) fn strike_refused(
        &self,
        seat: Seat,
        from: Place,
        target: Place,
    ) -> Option<RuleError> {
        if self.state.markers.is_empty() {
            return Some(refused(from, "this field has no terrain markers to STRIKE"));
        }
        if !matches!(self.state.awaiting.decision(), Some((s, Decision::Main)) if s == seat)
            || self.state.phase != Phase::Main
        {
            return Some(refused(
                from,
                "a STRIKE is activated in your Main Phase 1, with nothing else going on",
            ));
        }
        if !self.state.table.may_attack_on(self.state.turn) {
            return Some(RuleError::FirstTurnAttack {
                first_attack_turn: self.state.table.first_attack_turn(),
            });
        }
        if self.state.player(seat).attacks_declared > 0 {
            return Some(refused(
                from,
                "you can only activate a STRIKE once per turn",
            ));
        }
        let monster = match self.own_zone_piece(seat, from) {
            Ok(piece) => piece,
            Err(e) => return Some(e),
        };
        let why = if monster.class != Class::Monster {
            Some("only a monster STRIKEs")
        } else if monster.defence || !monster.face_up {
            Some("only a face-up monster in ATK Position STRIKEs")
        } else if monster.attacked {
            Some("that monster has already attacked this turn")
        } else {
            None
        };
        if let Some(why) = why {
            return Some(refused(from, why));
        }
        let opponent = match target {
            Place::Zone {
                side,
                zone: Zone::Frontrow,
                ..
            } => side,
            _ => {
                return Some(refused(
                    target,
                    "a STRIKE attacks the terrain marker over a Frontrow zone",
                ));
            }
        };
        if !self.state.table.are_opponents(seat, opponent) || !self.state.table.in_play(opponent) {
            return Some(refused(
                target,
                "a STRIKE attacks the terrain of an opponent still in the duel",
            ));
        }
        if self.marker_at(target).is_none() {
            return Some(refused(target, "there is no terrain marker there"));
        }
        None
    }

    /// `seat`'s monster at `from` STRIKEs the terrain marker over `target`: an attack in
    /// game mechanics (its attack for the turn, and the turn's one attack declaration), no
    /// Battle Phase this turn, and its effect a chain link resolved by agreement.
    pub(super) fn field_strike(
        &mut self,
        seat: Seat,
        from: Place,
        target: Place,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(refused) = self.strike_refused(seat, from, target) {
            return Err(refused);
        }
        let terrain = self.marker_at(target).map(|t| t.id).unwrap_or_default();
        let Some(piece) = self.zone_piece_mut(from) else {
            return Err(RuleError::EmptyCell { at: from });
        };
        piece.attacked = true;
        let (card, card_ref) = (piece.card, piece.card_ref);
        let Some(card) = card else {
            return Err(RuleError::EmptyCell { at: from });
        };
        self.state.player_mut(seat).attacks_declared += 1;
        events.push(Event::Struck {
            seat,
            from,
            card,
            target,
            terrain,
        });
        self.add_chain_link(seat, card, card_ref, from, events);
        Ok(())
    }

    /// Whether `seat` skips the Battle Phase this turn: it STRIKEd in Main Phase 1 (no
    /// attack is declared in Main Phase 1 otherwise).
    pub(super) fn battle_phase_skipped(&self, seat: Seat) -> bool {
        self.state.phase == Phase::Main && self.state.player(seat).attacks_declared > 0
    }

    /// The STRIKEs `seat` may declare now: each of its monsters at each opponent's terrain.
    pub(super) fn strikes(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.state.markers.is_empty() || self.state.phase != Phase::Main {
            return;
        }
        let field = *self.field();
        let monsters: Vec<Place> = self.monsters_of(seat).map(|(at, _)| at).collect();
        let table = self.state.table;
        let targets: Vec<Place> = table
            .seats()
            .filter(|s| table.are_opponents(seat, *s) && table.in_play(*s))
            .flat_map(|s| field.frontrow(self.side_of(s)).collect::<Vec<_>>())
            .collect();
        for from in monsters {
            for target in &targets {
                if self.strike_refused(seat, from, *target).is_none() {
                    out.push(Action::Strike {
                        from,
                        target: *target,
                    });
                }
            }
        }
    }
}
