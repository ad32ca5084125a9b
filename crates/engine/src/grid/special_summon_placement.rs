//! DOR Classic rule 10 (the community formats' second list, rule 5): where a monster Special
//! Summoned by a card's effect appears. "Monsters Special Summoned using a card effect are
//! Summoned in the same Card Zone where the card was activated (ex. Monster Reborn). Monsters
//! Special Summoned from a card effect (Monster, Spell, or Trap Card) that is Continuous (does
//! not leave the field), are Special Summoned in an unused Card Zone adjacent to the card
//! (adjacent does not include diagonal Card Zones). Monsters Special Summoned using their own
//! effects or Field Spells that Special Summon are Summoned to an unused Card Zone adjacent to
//! your Deck Leader."
//!
//! The built revival spells place their card themselves (`revival.rs`); this file holds the
//! rule for the summons an agreed outcome makes: a monster moved onto a cell from off the
//! board (a hand, a graveyard, the banished cards, a deck or an Extra Deck) while a card's
//! effect resolves by agreement.

use crate::agreement::stays_after_resolving;
use crate::card::{CardKind, SpellKind};
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::event::Event;
use crate::grid::Cell;
use crate::place::Place;

/// Where rule 10 lets the resolving card's Special Summon go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Placement {
    /// The card's own zone, which it leaves for the graveyard as the monster takes it.
    CardsZone(Cell),
    /// An unused zone orthogonally next to this cell: the lasting card's, or the Deck
    /// Leader's.
    NextTo(Cell, &'static str),
}

impl Duel {
    /// Checks rule 10 for a monster an agreed outcome Special Summons onto `cell` (from off
    /// the board). When the monster takes the zone of the Normal spell or trap resolving,
    /// that card goes to the graveyard first, as it would once resolved. Errors say where
    /// the monster may go instead.
    pub(crate) fn place_special_summon(
        &mut self,
        summoned: CardRef,
        cell: Cell,
        events: &mut Vec<Event>,
    ) -> Result<(), String> {
        if !self.rules.format.play.special_summon_placement {
            return Ok(());
        }
        let Some(agreement) = &self.state.agreement else {
            return Ok(());
        };
        let (card, card_ref, activated_at, controller) = (
            agreement.card,
            agreement.card_ref,
            agreement.at,
            agreement.controller,
        );
        let Ok(def) = self.rules.card(card) else {
            return Ok(());
        };
        let name = def.name.clone();
        let leader = self.state.player(controller).leader;
        let field_spell = matches!(
            def.kind,
            CardKind::Spell {
                spell: SpellKind::Field
            }
        );
        let placement = match activated_at {
            // Its own effect, or a Field Spell's (whose zone is off the grid): next to the
            // leader.
            _ if summoned == card_ref || field_spell => {
                Placement::NextTo(leader, "the Deck Leader")
            }
            Place::Cell(at) if stays_after_resolving(def) => Placement::NextTo(at, "the card"),
            Place::Cell(at) => match self.state.piece(at) {
                // The first monster takes the card's own zone; a second one (the seed names
                // one zone) takes a zone next to the first.
                Some(p) if p.card_ref == card_ref => Placement::CardsZone(at),
                _ => Placement::NextTo(at, "the card's zone"),
            },
            // Resolving from off the grid (a graveyard, a hand): its player's leader.
            _ => Placement::NextTo(leader, "the Deck Leader"),
        };
        match placement {
            Placement::CardsZone(at) if at == cell => {
                self.destroy(at, Some(controller), events);
                Ok(())
            }
            Placement::CardsZone(at) => Err(format!(
                "a monster Special Summoned by {name} takes the zone where it was activated, \
                 {at} (Classic rule 10)"
            )),
            Placement::NextTo(around, what) => {
                let next_to = self.grid().neighbours(around).any(|c| c == cell);
                if next_to {
                    Ok(())
                } else {
                    let free: Vec<String> = self
                        .grid()
                        .neighbours(around)
                        .filter(|c| self.state.piece(*c).is_none())
                        .map(|c| c.to_string())
                        .collect();
                    Err(format!(
                        "a monster Special Summoned by {name} goes to an unused zone next to \
                         {what} at {around}, not {cell} (Classic rule 10; free now: {})",
                        if free.is_empty() {
                            "none".to_owned()
                        } else {
                            free.join(", ")
                        }
                    ))
                }
            }
        }
    }
}
