//! Moving a card by an agreed outcome: taking it out of where it is (a zone or cell, a hand,
//! a graveyard, the banished cards, a Deck Master Zone, a Rule Zone) and putting it where
//! the outcome sends it, with everything that follows its leaving the field.

use super::operations::{Run, TABLE_FULL};
use crate::agreement::Destination;
use crate::commitment::CardRef;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::piece::{Attached, Class, Piece};
use crate::place::{Place, Zone};
use crate::player::CardSlot;
use crate::seat::Seat;
use crate::state::{PendingClaim, Predicate};

/// A card taken out of where it was, on its way somewhere else.
pub(super) struct Lifted {
    pub(super) owner: Seat,
    pub(super) card_ref: CardRef,
    pub(super) card: Option<crate::card::CardId>,
    /// It lay on the field, face-down.
    pub(super) hidden_on_field: bool,
    /// It lay on the field in DEF Position.
    pub(super) defence: bool,
    pub(super) class: Option<Class>,
    /// It came out of the Extra Deck (Kairu counts such a monster apart from the five).
    pub(super) from_extra_deck: bool,
    /// The cards that lay under it: they go with it to another zone of the field, and to
    /// their owners' graveyards when it leaves the field.
    pub(super) attached: Vec<Attached>,
    /// Who controlled it, when it lay on the board, and whether that control was lent for
    /// the turn (it keeps both when moved about the grid).
    pub(super) controller: Option<Seat>,
    pub(super) lent: bool,
}

impl Lifted {
    /// A card taken off the board (a zone of the field or a grid cell), as it lay.
    fn from_board(piece: &Piece) -> Lifted {
        Lifted {
            owner: piece.owner,
            card_ref: piece.card_ref,
            card: piece.card,
            hidden_on_field: !piece.face_up,
            defence: piece.defence,
            class: Some(piece.class),
            from_extra_deck: piece.from_extra_deck,
            attached: piece.attached.clone(),
            controller: Some(piece.controller),
            lent: piece.lent,
        }
    }
}

impl Duel {
    pub(super) fn run_move(
        &mut self,
        index: usize,
        from: Place,
        to: Destination,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Place::Zone {
            side,
            zone: Zone::DeckMaster,
            ..
        } = from
        {
            self.pay_to_summon_deck_master(side, to, events)
                .map_err(|why| RuleError::BadOutcome { index, why })?;
        }
        if let Place::Zone {
            zone: Zone::Rule, ..
        } = from
        {
            return self
                .rule_card_leaves(from, to, events)
                .map_err(|why| RuleError::BadOutcome { index, why });
        }
        let lifted = self.lift(index, from)?;
        self.put_lifted(index, from, lifted, to, run, events)
    }

    /// Puts a card taken out of `from` where an outcome moves it.
    pub(super) fn put_lifted(
        &mut self,
        index: usize,
        from: Place,
        mut lifted: Lifted,
        to: Destination,
        run: &mut Run<'_>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        if to == Destination::RuleZone {
            return Err(bad(
                "only a Normal Rule card goes to the Rule Zone, taken out of its owner's Extra \
                 Deck by the effect it relies on (a from-extra-deck step)"
                    .into(),
            ));
        }
        if let Destination::Field {
            at: Place::Cell(cell),
            ..
        } = to
        {
            if !self.grid().contains(cell) {
                return Err(bad(format!("{cell} is not a cell of the board")));
            }
            let card = lifted.card.and_then(|id| self.rules.pool.get(id)).cloned();
            let monster = card.as_ref().is_none_or(crate::card::CardDef::is_monster);
            // Classic rule 13: "when Ranking up an Xyz Monster … the new monster is stacked
            // on top".
            if lifted.from_extra_deck && self.ranks_up(lifted.owner, card, cell) {
                lifted.attached = self.stack_for_rank_up(cell, events);
            } else if monster && from.cell().is_none() {
                self.place_special_summon(lifted.card_ref, cell, events)
                    .map_err(bad)?;
            }
            if self.state.piece(cell).is_some() {
                return Err(bad(format!("{cell} is not free")));
            }
        } else if let Some((at, _, hidden)) = to.on_board() {
            if hidden
                && !matches!(
                    at,
                    Place::Zone {
                        zone: Zone::Frontrow,
                        ..
                    }
                )
            {
                return Err(bad(format!(
                    "a Hidden monster goes to a Frontrow zone of the field, not {at}"
                )));
            }
            let on_field = matches!(at, Place::Zone { zone, .. } if zone.is_on_field());
            if !on_field || self.field().index(at).is_none() {
                return Err(bad(format!("{at} is not a zone of the field")));
            }
            if self.zone_piece(at).is_some() {
                return Err(bad(format!("{at} is not free")));
            }
            self.check_extra_deck_destination(from, lifted.owner, lifted.card, at)
                .map_err(bad)?;
            self.check_field_zone_destination(lifted.card, at)
                .map_err(bad)?;
        }
        let commitment = self.state.commitment(lifted.card_ref);
        // A hidden card the move shows: face-down on the field or in a hand, going anywhere
        // but a hand, or (from the field) anywhere a face-down card does not stay hidden.
        let shows = lifted.card.is_none()
            && match to {
                Destination::Hand
                | Destination::Deck
                | Destination::DeckTop
                | Destination::DeckBottom => false,
                Destination::Graveyard | Destination::Banished | Destination::RuleZone => true,
                Destination::Field { .. } => !lifted.hidden_on_field,
                // Its class is claimed, and checked when it is revealed.
                Destination::HiddenField { .. } => false,
            };
        if shows {
            run.show_hidden(lifted.owner, commitment, from)
                .map_err(bad)?;
        }
        let owner = lifted.owner;
        let mut lifted = lifted;
        if to.on_board().is_none() {
            // "If a card leaves the field, all other cards equipped to it are destroyed ...,
            // and all cards attached to it are sent to the Graveyard."
            self.attached_to_graveyards(std::mem::take(&mut lifted.attached), events);
            self.card_left_field(lifted.card_ref, events);
            // "When Tokens leave the field they are removed from the game."
            if self.removed_if_token(from, lifted.card, events) {
                return Ok(());
            }
        } else if matches!(to, Destination::HiddenField { .. }) && self.is_token(lifted.card) {
            return Err(bad("a Token is never face-down".into()));
        }
        // A grid monster made from nothing goes to no hand or deck.
        if matches!(
            to,
            Destination::Hand | Destination::Deck | Destination::DeckTop | Destination::DeckBottom
        ) && self.removed_if_made(owner, lifted.card_ref, lifted.card, from, events)
        {
            return Ok(());
        }
        // An Extra Deck monster (the card game's Fusion, Synchro, Xyz or Link Monster, or a
        // Kingdom Duels Fusion, Ritual, Alter or Integration Monster) sent to the hand or the
        // deck returns to its owner's Extra Deck instead (known to everyone: it was face-up,
        // or it is one that came out of the Extra Deck unseen, a Hidden Integration Summon's).
        let to_extra_deck = matches!(
            to,
            Destination::Hand | Destination::Deck | Destination::DeckTop | Destination::DeckBottom
        ) && match lifted.card {
            Some(id) => self
                .rules
                .pool
                .get(id)
                .is_some_and(crate::card::CardDef::returns_to_extra_deck),
            None => lifted.from_extra_deck,
        };
        if to_extra_deck {
            self.state
                .player_mut(owner)
                .extra_deck
                .push(lifted.card_ref);
            events.push(Event::CardMoved {
                from,
                to,
                card: lifted.card,
            });
            return Ok(());
        }
        match to {
            Destination::Hand => {
                self.state.player_mut(owner).hand.push(CardSlot {
                    card_ref: lifted.card_ref,
                    card: lifted.card,
                });
            }
            Destination::Deck => {
                if !self.reshuffle_fits(owner, 1) {
                    return Err(bad(TABLE_FULL.into()));
                }
                self.state.player_mut(owner).deck.push(lifted.card_ref);
                if let Run::Apply = run {
                    self.shuffle_deck(owner, events);
                }
            }
            Destination::DeckTop | Destination::DeckBottom => {
                self.place_in_deck(owner, lifted.card_ref, to == Destination::DeckTop);
            }
            Destination::Graveyard => {
                let graveyard = self.side_of(owner);
                let slot = CardSlot {
                    card_ref: lifted.card_ref,
                    card: lifted.card,
                };
                let from_field = matches!(from, Place::Zone { zone, .. } if zone.is_on_field());
                if !(from_field && self.send_to_face_up_extra_deck(owner, slot, from, events)) {
                    self.state.player_mut(graveyard).graveyard.push(slot);
                }
            }
            // Refused on the way in.
            Destination::RuleZone => {}
            Destination::Banished => {
                // Only a scratch run meets a card still unknown here; its owner opens it
                // before the outcome runs for real.
                if let Some(card) = lifted.card {
                    self.state.player_mut(owner).banished.push(CardSlot {
                        card_ref: lifted.card_ref,
                        card: Some(card),
                    });
                }
            }
            Destination::Field { at, defence } | Destination::HiddenField { at, defence } => {
                let hidden = matches!(to, Destination::HiddenField { .. });
                let class = match (lifted.class, lifted.card) {
                    (Some(class), _) => Some(class),
                    (None, Some(card)) => Some(Class::of(self.rules.card(card)?)),
                    (None, None) => None,
                };
                let zone = match at {
                    Place::Zone { zone, .. } => zone,
                    Place::Cell(_) => Zone::Frontrow,
                };
                if class == Some(Class::SpellTrap) && zone == Zone::Frontrow {
                    return Err(bad(match at {
                        Place::Cell(_) => format!(
                            "only a monster is summoned onto the grid, and {at} would take a \
                             spell or trap"
                        ),
                        Place::Zone { .. } => {
                            format!("only a monster goes to a Frontrow zone such as {at}")
                        }
                    }));
                }
                let controller = match at {
                    // The grid's cells belong to no side: a card moved about the board keeps
                    // its controller, and one an effect brings onto it (a Special Summon) is
                    // the effect's controller's, as the card game's "Special Summon ... to
                    // your field" (Monster Reborn, Call of the Haunted on an enemy's monster).
                    Place::Cell(_) => lifted.controller.unwrap_or_else(|| {
                        self.state
                            .agreement
                            .as_ref()
                            .map_or(owner, |a| a.controller)
                    }),
                    Place::Zone { .. } => self.controller_arriving_at(at, owner).map_err(bad)?,
                };
                // On the grid a monster an outcome brings needs room as any other does (the
                // five, the Extra Deck monsters beside them, DOR Modern's cap in all).
                if let Place::Cell(cell) = at
                    && class != Some(Class::SpellTrap)
                {
                    // Rule 2 speaks of summoning: a monster moved about the board (a cell
                    // to another) brings no new Extra Deck monster.
                    let from_extra_deck = from.cell().is_none()
                        && (lifted.from_extra_deck
                            || lifted
                                .card
                                .and_then(|c| self.rules.pool.get(c))
                                .is_some_and(|d| {
                                    d.is_card_game_extra_deck_monster()
                                        || d.monster().is_some_and(|m| m.ritual)
                                }));
                    if let Err(no_room) =
                        self.monster_room(controller, from_extra_deck, &[], Some(cell))
                    {
                        return Err(bad(no_room.words(controller, Some(cell))));
                    }
                }
                let turn = self.state.turn;
                if hidden && class.is_none() {
                    // "Playing a Hidden monster from your hand is considered a summon": only
                    // a monster may be, which its owner answers for when it is revealed.
                    self.state.claims.push(PendingClaim {
                        card_ref: lifted.card_ref,
                        owner,
                        predicate: Predicate::Monster,
                        turn,
                    });
                    events.push(Event::ClaimRecorded {
                        owner,
                        commitment: self.state.commitment(lifted.card_ref),
                    });
                }
                // A face-down card moved between the Field Zone and a Spell & Trap Zone
                // stays unseen: its owner answers for it fitting its new zone.
                if lifted.card.is_none()
                    && lifted.hidden_on_field
                    && lifted.class == Some(Class::SpellTrap)
                {
                    self.claim_hidden_spell_zone(lifted.card_ref, owner, at, events);
                }
                let face_up = !lifted.hidden_on_field && !hidden;
                let piece = Piece {
                    controller,
                    lent: lifted.lent && at.cell().is_some(),
                    card: lifted.card,
                    face_up,
                    from_extra_deck: lifted.from_extra_deck,
                    attached: lifted.attached,
                    defence: if hidden {
                        defence
                    } else if lifted.hidden_on_field {
                        lifted.defence
                    } else {
                        defence && class != Some(Class::SpellTrap)
                    },
                    ..Piece::entering(
                        owner,
                        lifted.card_ref,
                        class.unwrap_or(Class::Monster),
                        turn,
                    )
                };
                match at {
                    Place::Cell(cell) => self.state.put(cell, piece),
                    Place::Zone { .. } => {
                        self.put_in_zone(at, piece);
                        // "If it was a monster you also take control of all the equipped
                        // cards to it but they remain on their current zones."
                        self.equips_follow_control(lifted.card_ref, controller);
                    }
                }
            }
        }
        events.push(Event::CardMoved {
            from,
            to,
            card: lifted.card,
        });
        Ok(())
    }

    /// Takes the card at `from` out of its zone, hand or graveyard.
    pub(super) fn lift(&mut self, index: usize, from: Place) -> Result<Lifted, RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        let (side, zone, slot) = match from {
            Place::Zone { side, zone, slot } => (side, zone, slot),
            Place::Cell(cell) => return self.lift_from_grid(index, cell),
        };
        if side.index() >= self.state.seat_count() {
            return Err(RuleError::NoSuchSeat {
                seat: side,
                players: self.state.seat_count(),
            });
        }
        let on_this_field = self.field().index(from).is_some();
        match zone {
            Zone::Frontrow | Zone::Backrow | Zone::ExtraMonster | Zone::FieldSpell
                if on_this_field =>
            {
                let piece = self
                    .take_from_zone(from)
                    .ok_or_else(|| bad(format!("there is no card at {from}")))?;
                Ok(Lifted::from_board(&piece))
            }
            Zone::Hand | Zone::Graveyard | Zone::Banished => {
                let player = self.state.player_mut(side);
                let cards = match zone {
                    Zone::Hand => &mut player.hand,
                    Zone::Graveyard => &mut player.graveyard,
                    _ => &mut player.banished,
                };
                let i = usize::from(slot);
                if i >= cards.len() {
                    return Err(bad(format!(
                        "seat {} has no card {slot} in their {}",
                        side.0,
                        zone.label()
                    )));
                }
                let taken = cards.remove(i);
                Ok(Lifted {
                    owner: side,
                    card_ref: taken.card_ref,
                    card: taken.card,
                    hidden_on_field: false,
                    defence: false,
                    class: None,
                    from_extra_deck: false,
                    attached: Vec::new(),
                    controller: None,
                    lent: false,
                })
            }
            Zone::ExtraDeck => Err(bad(
                "a card leaves an Extra Deck only by its owner's from-extra-deck step, which \
                 opens it"
                    .into(),
            )),
            Zone::Frontrow | Zone::Backrow | Zone::ExtraMonster => {
                Err(bad(format!("{from} is not a zone of the field")))
            }
            Zone::Deck | Zone::FieldSpell => Err(bad(format!(
                "moving a card out of the {} is not built yet",
                zone.label()
            ))),
            Zone::Player => Err(bad(format!("{from} is a player, not a card"))),
            // A move out of a Rule Zone is taken apart (see `run_move`).
            Zone::Rule => Err(bad(format!(
                "{from} holds a Rule card, which only a move takes"
            ))),
            Zone::DeckMaster => {
                let master = self
                    .state
                    .player(side)
                    .deck_master
                    .clone()
                    .filter(|m| m.in_zone)
                    .ok_or_else(|| bad(format!("{side} has no Deck Master in its zone")))?;
                if let Some(m) = self.state.player_mut(side).deck_master.as_mut() {
                    m.in_zone = false;
                }
                Ok(Lifted {
                    owner: side,
                    card_ref: master.card_ref,
                    card: Some(master.card),
                    hidden_on_field: false,
                    defence: false,
                    class: Some(Class::Monster),
                    from_extra_deck: false,
                    attached: Vec::new(),
                    controller: None,
                    lent: false,
                })
            }
        }
    }

    /// Takes the card at a grid cell off the board; its equips go to their owners'
    /// graveyards. A Deck Leader never leaves the grid.
    fn lift_from_grid(
        &mut self,
        index: usize,
        cell: crate::grid::Cell,
    ) -> Result<Lifted, RuleError> {
        let bad = |why: String| RuleError::BadOutcome { index, why };
        match self.state.piece(cell) {
            None => return Err(bad(format!("there is no card at {cell}"))),
            Some(piece) if piece.leader => {
                return Err(bad(format!(
                    "the Deck Leader at {cell} never leaves the board"
                )));
            }
            Some(piece) if self.immune_to_destruction(piece) => {
                return Err(bad(format!(
                    "the Ritual Monster at {cell} cannot be destroyed or removed by card \
                     effects in this format"
                )));
            }
            Some(_) => {}
        }
        let mut piece = self
            .state
            .take(cell)
            .ok_or_else(|| bad(format!("there is no card at {cell}")))?;
        // A grid monster's equips never follow it off its cell.
        for equip in std::mem::take(&mut piece.attached) {
            self.state
                .player_mut(equip.owner)
                .graveyard
                .push(equip.to_graveyard());
        }
        Ok(Lifted::from_board(&piece))
    }
}
