//! The bluff's class declarations: an effect that reaches monsters (or spells and traps)
//! across an area, and would change or count a face-down card whose class is hidden, first
//! asks each owner which of those cards are monsters. Nothing else about the cards is
//! shown — the original game shows as much when a set card turns to defence, is freed of a
//! spellbind or adds to the damage of a count — and each answer becomes a claim on the card,
//! checked when it is revealed and by the audit. Effects that destroy by class ask instead
//! for the matching cards themselves (see `destroy.rs`): those cards go to the graveyard
//! face-up anyway.

use crate::action::Answer;
use crate::awaiting::Asked;
use crate::card::{Filter, Pick, Primitive, Targets};
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::grid::filters::filter_needs_identity;
use crate::knowledge::Knowledge;
use crate::piece::{Bind, Class, Piece};
use crate::place::Place;
use crate::seat::Seat;
use crate::state::QueuedEffect;

use super::Resolved;

/// Whether resolving `filter` on a class-hidden card needs its class and nothing more: the
/// filter names a class (or attack position, which only a monster has) and no property that
/// only the card itself shows — those reach face-down cards only once revealed.
fn needs_only_the_class(filter: &Filter) -> bool {
    (filter.kind.is_some() || filter.attack_only) && !filter_needs_identity(filter)
}

/// Whether `primitive` would do something to `piece` if its class were a monster: asking
/// about a card the effect leaves alone either way would show its class for nothing.
fn would_change(primitive: &Primitive, piece: &Piece) -> bool {
    match primitive {
        Primitive::ToDefencePosition { .. } => !piece.defence,
        Primitive::ToAttackPosition { .. } => piece.defence,
        Primitive::Unbind { .. } => piece.bind != Bind::Free,
        Primitive::ClearChanges { .. } => piece.bind != Bind::Free || !piece.modifiers.is_empty(),
        Primitive::FlipFaceUp { .. } => !piece.face_up,
        Primitive::DamagePerCard { .. } | Primitive::ReturnToDeck { .. } => true,
        _ => false,
    }
}

impl Duel {
    /// Before `effect` resolves: the class-hidden cards it would reach by their class, by
    /// owner, clockwise from its controller. Empty when it needs no class (the usual case).
    fn classes_needed(
        &self,
        effect: &QueuedEffect,
        primitive: &Primitive,
    ) -> Vec<(Seat, Vec<Place>)> {
        let mut hidden: Vec<(Seat, Place)> = Vec::new();
        let mut consider = |cell: Cell, piece: &Piece, filter: &Filter, target: Option<Seat>| {
            if piece.class == Class::Unknown
                && !piece.leader
                && needs_only_the_class(filter)
                && self.public_filter(filter, effect.controller, target, piece)
                && would_change(primitive, piece)
            {
                hidden.push((piece.owner, cell.into()));
            }
        };
        match primitive {
            Primitive::ToDefencePosition { targets }
            | Primitive::ToAttackPosition { targets }
            | Primitive::Unbind { targets }
            | Primitive::ClearChanges { targets }
            | Primitive::ReturnToDeck { targets }
            | Primitive::FlipFaceUp { targets } => {
                let Targets { area, filter, pick } = targets;
                // A pick by ATK reaches only face-up cards, whose class is public.
                if *pick != Pick::All {
                    return Vec::new();
                }
                for cell in self.candidates(*area, effect) {
                    if let Some(piece) = self.state.piece(cell) {
                        consider(cell, piece, filter, None);
                    }
                }
            }
            Primitive::DamagePerCard { player, filter, .. } => {
                let target = self
                    .whose(*player, effect)
                    .filter(|_| *player == crate::card::Player::Opponent);
                for (cell, piece) in self.state.pieces() {
                    consider(cell, piece, filter, target);
                }
            }
            _ => return Vec::new(),
        }
        self.owners_in_turn(effect.controller, &hidden)
    }

    /// Asks the owners of the class-hidden cards `effect` would reach by their class to
    /// declare which are monsters, putting the effect back at the front of the queue to
    /// resolve once they have; returns whether it did.
    pub(in crate::grid) fn ask_classes_first(
        &mut self,
        effect: &QueuedEffect,
        primitive: &Primitive,
    ) -> bool {
        if !self.rules.format.play.bluff {
            return false;
        }
        let asked = self.classes_needed(effect, primitive);
        if asked.is_empty() {
            return false;
        }
        self.state.class_declarations = asked;
        self.state.queue.insert(0, effect.clone());
        true
    }

    /// The Inexperienced Spy: the owners of the class-hidden cards `targets` reaches declare
    /// which are monsters (nothing to declare where the bluff is off: classes are public).
    pub(super) fn show_classes(&mut self, effect: &QueuedEffect, targets: &Targets) -> Resolved {
        if !self.rules.format.play.bluff {
            return Resolved::Done;
        }
        let hidden: Vec<(Seat, Place)> = self
            .candidates(targets.area, effect)
            .into_iter()
            .filter_map(|cell| {
                let piece = self.state.piece(cell)?;
                (piece.class == Class::Unknown
                    && !piece.leader
                    && self.public_filter(&targets.filter, effect.controller, None, piece))
                .then_some((piece.owner, cell.into()))
            })
            .collect();
        if !hidden.is_empty() {
            self.state.class_declarations = self.owners_in_turn(effect.controller, &hidden);
        }
        Resolved::Done
    }

    /// The truthful class declaration for the holder of `knowledge`.
    pub(in crate::grid) fn honest_class_declaration(
        &self,
        places: &[Place],
        knowledge: &Knowledge,
    ) -> Option<Answer> {
        let mut monsters = Vec::new();
        for place in places {
            // A card gone since it was asked about is passed over (see `do_declare_class`).
            let Some(piece) = self.state.piece_at(*place) else {
                continue;
            };
            match self.known_class(piece, Some(knowledge)) {
                Class::Monster => monsters.push(*place),
                Class::SpellTrap => {}
                // Not the seat's own card: it has no declaration to give.
                Class::Unknown => return None,
            }
        }
        Some(Answer::DeclareClass { monsters })
    }

    /// `seat` says which of its class-hidden cards asked about are monsters; the rest are
    /// spells or traps. Each class is public from now on and held by a claim. With the
    /// seat's `knowledge` (its own software before it writes, and the audit), a false answer
    /// is refused at once.
    pub(in crate::grid) fn do_declare_class(
        &mut self,
        seat: Seat,
        monsters: &[Place],
        knowledge: Option<&Knowledge>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let places = match self.state.awaiting.asked() {
            Some((s, Asked::DeclareClass { places })) if s == seat => places.clone(),
            _ => return Err(self.wrong_decision(seat, "declare-class")),
        };
        for (i, place) in monsters.iter().enumerate() {
            if !places.contains(place) || monsters[..i].contains(place) {
                return Err(RuleError::BadDeclaration {
                    why: format!("{place} was not asked about, or is named twice"),
                });
            }
        }
        for place in &places {
            let Some(cell) = place.cell() else {
                continue;
            };
            let class = if monsters.contains(place) {
                Class::Monster
            } else {
                Class::SpellTrap
            };
            let known = self
                .state
                .piece(cell)
                .map_or(Class::Unknown, |p| self.known_class(p, knowledge));
            if known != Class::Unknown && known != class {
                return Err(RuleError::BadDeclaration {
                    why: format!(
                        "the card at {place} is {}, not {}",
                        known.describe(),
                        class.describe()
                    ),
                });
            }
            self.show_class(cell, class, events)?;
        }
        self.state.class_declarations.retain(|(s, _)| *s != seat);
        events.push(Event::ClassesDeclared {
            seat,
            count: u8::try_from(places.len()).unwrap_or(u8::MAX),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::KindFilter;

    #[test]
    fn only_a_filter_by_class_alone_asks_for_the_class() {
        let monsters = Filter {
            kind: Some(KindFilter::Monster),
            ..Filter::default()
        };
        assert!(needs_only_the_class(&monsters));
        // Any card: the class does not matter.
        assert!(!needs_only_the_class(&Filter::default()));
        // A type needs the card itself, which a face-down card does not show.
        let dragons = Filter {
            types: vec![crate::card::MonsterType::Dragon],
            ..monsters
        };
        assert!(!needs_only_the_class(&dragons));
    }
}
