//! Kingdom Duels' attached cards: "Attached cards must be placed beneath their targeted
//! card", and "if a card leaves the field ... all cards attached to it are sent to the
//! Graveyard". A Fusion or Alter summon attaches its materials this way (see
//! [`crate::agreement::extra_deck_summon`]); a card moved to another zone of the field takes
//! its attached cards along.

use crate::agreement::extra_deck_summon::SummonMethod;
use crate::duel::Duel;
use crate::event::Event;
use crate::piece::{Attached, Piece};
use crate::place::Place;

impl Duel {
    /// Sends `cards`, attached beneath a card that left the field, to their owners'
    /// graveyards (a team's one graveyard where it shares a side).
    pub(crate) fn attached_to_graveyards(&mut self, cards: Vec<Attached>, events: &mut Vec<Event>) {
        for card in cards {
            let graveyard = self.side_of(card.owner);
            self.state
                .player_mut(graveyard)
                .graveyard
                .push(card.to_graveyard());
            events.push(Event::AttachedCardToGraveyard {
                owner: card.owner,
                card: card.card,
            });
        }
    }

    /// Takes the card at `place` off the field for good: the cards attached beneath it go
    /// to their owners' graveyards, and those equipped to it are destroyed. Returns it, with
    /// nothing attached any more.
    pub(crate) fn leave_field(&mut self, place: Place, events: &mut Vec<Event>) -> Option<Piece> {
        let mut piece = self.take_from_zone(place)?;
        let attached = std::mem::take(&mut piece.attached);
        self.attached_to_graveyards(attached, events);
        self.card_left_field(piece.card_ref, events);
        Some(piece)
    }

    /// "If a Fusion Material somehow enters the field as a monster while its corresponding
    /// Fusion Monster is still on the field then this new monster can't declare an attack
    /// on the first turn it's summoned": `piece` entered the field this turn while a Fusion
    /// Monster there held a material of its name attached beneath it.
    pub(crate) fn fusion_material_may_not_attack_yet(&self, piece: &Piece) -> bool {
        piece.entered_turn == self.state.turn && piece.entered_beside_its_fusion
    }

    /// A position built wholesale (a scenario's): the monsters on the card game's field that
    /// entered this turn are judged as having entered with the board as it stands.
    pub fn judge_monsters_entered_this_turn(&mut self) {
        if self.topology().field().is_none() {
            return;
        }
        let turn = self.state.turn;
        let judged: Vec<(usize, bool)> = self
            .state
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, slot)| {
                let piece = slot.as_ref().filter(|p| p.entered_turn == turn)?;
                Some((i, self.material_of_a_fusion_on_field(piece)))
            })
            .collect();
        for (i, beside) in judged {
            if let Some(Some(piece)) = self.state.cells.get_mut(i) {
                piece.entered_beside_its_fusion = beside;
            }
        }
    }

    /// Whether a face-up Fusion Monster on the field now holds a material of `piece`'s name
    /// attached beneath it (judged as `piece` enters the field).
    pub(super) fn material_of_a_fusion_on_field(&self, piece: &Piece) -> bool {
        if piece.class != crate::piece::Class::Monster {
            return false;
        }
        let Some(name) = piece.card.and_then(|c| self.printed_name(c)) else {
            return false;
        };
        let field = *self.field();
        (0..field.slot_count())
            .filter_map(|index| field.place_at(index))
            .filter_map(|place| self.zone_piece(place))
            .filter(|p| {
                p.face_up
                    && p.card.and_then(|c| self.summon_method(c)) == Some(SummonMethod::Fusion)
            })
            .flat_map(|fusion| fusion.attached.iter())
            .any(|material| self.printed_name(material.card) == Some(name))
    }

    /// The name printed on `card` (an alternate art's is its card's).
    fn printed_name(&self, card: crate::card::CardId) -> Option<&str> {
        let def = self.rules.pool.get(card)?;
        Some(self.rules.pool.printed_card(def).name.as_str())
    }
}
