//! The card game's Extra Monster Zones (Domain Format, `field.extra_monster_zones`):
//! "Players make pairs sitting in front of each other. Each pair shares the extra monster
//! zones and the columns." A monster summoned from the Extra Deck goes to a free Main
//! Monster Zone of its player's or to a free Extra Monster Zone of the pair; a Link Monster
//! only to an Extra Monster Zone or to a Main Monster Zone a Link arrow points to (the card
//! game's Master Rule, as the seed's Deck Master section states it: "If it is a link
//! monster, it must be placed in either an Extra Monster Zone or a Main Monster Zone that a
//! Link Monster on the field points to"). A player uses one Extra Monster Zone at a time.
//! Nothing but a monster summoned from the Extra Deck (or from the Deck Master Zone, for an
//! Extra Deck Deck Master) enters an Extra Monster Zone.

use crate::card::{CardId, ExtraDeckSummon};
use crate::duel::Duel;
use crate::place::{Place, Zone};
use crate::seat::Seat;

impl Duel {
    /// The Extra Monster Zone holding a monster `seat` controls, if one does.
    pub fn extra_monster_zone_in_use(&self, seat: Seat) -> Option<Place> {
        self.field()
            .extra_monster_zones(self.side_of(seat))
            .find(|at| self.zone_piece(*at).is_some_and(|p| self.controls(seat, p)))
    }

    /// Why `card`, summoned from the Extra Deck for `seat`, may not go to `to`, if it may
    /// not.
    pub(crate) fn extra_deck_zone_refused(
        &self,
        seat: Seat,
        card: CardId,
        to: Place,
    ) -> Option<String> {
        let is_link = self
            .rules
            .pool
            .get(card)
            .and_then(|d| d.monster())
            .is_some_and(|m| m.extra_deck == Some(ExtraDeckSummon::Link));
        self.extra_deck_zone_refused_as(seat, to, is_link)
    }

    /// Why a monster summoned from the Extra Deck for `seat` may not go to `to`, if it may
    /// not; `needs_link_arrow`: a Main Monster Zone only where a Link arrow points (a Link
    /// Monster, a Pendulum Monster from the face-up Extra Deck).
    pub(crate) fn extra_deck_zone_refused_as(
        &self,
        seat: Seat,
        to: Place,
        needs_link_arrow: bool,
    ) -> Option<String> {
        let field = *self.field();
        let side = self.side_of(seat);
        if field.index(to).is_none() {
            return Some(format!("{to} is not a zone of the field"));
        }
        if self.zone_piece(to).is_some() {
            return Some(format!("{to} is not free"));
        }
        let own_main_zone =
            matches!(to, Place::Zone { side: s, zone: Zone::Frontrow, .. } if s == side);
        if !field.has_extra_monster_zones() {
            return (!own_main_zone)
                .then(|| format!("{to} is not a free zone of {seat}'s Frontrow"));
        }
        if field.extra_monster_zones(side).any(|at| at == to) {
            return self.extra_monster_zone_in_use(seat).map(|used| {
                format!(
                    "{seat} already has a monster in {used}: a player uses one Extra Monster \
                     Zone at a time"
                )
            });
        }
        if !own_main_zone {
            return Some(format!(
                "{to} is neither a Main Monster Zone of {seat}'s nor an Extra Monster Zone they \
                 share with the player facing them"
            ));
        }
        if needs_link_arrow && !self.linked_main_monster_zones(seat).contains(&to) {
            return Some(format!(
                "a Link Monster, or a Pendulum Monster from the face-up Extra Deck, summoned \
                 from the Extra Deck goes to an Extra Monster Zone or to a Main Monster Zone a \
                 Link arrow points to, and no Link arrow points to {to}"
            ));
        }
        None
    }

    /// The zones `card`, summoned from the Extra Deck for `seat`, may go to now: the
    /// Extra Monster Zones first.
    pub(crate) fn extra_deck_zones(&self, seat: Seat, card: CardId) -> Vec<Place> {
        let field = *self.field();
        let side = self.side_of(seat);
        field
            .extra_monster_zones(side)
            .chain(field.frontrow(side))
            .filter(|at| self.extra_deck_zone_refused(seat, card, *at).is_none())
            .collect()
    }

    /// Who controls a card of `owner`'s an outcome puts at `at`: the player whose side the
    /// zone is on, or for an Extra Monster Zone see
    /// [`Duel::extra_monster_zone_controller`].
    pub(crate) fn controller_arriving_at(&self, at: Place, owner: Seat) -> Result<Seat, String> {
        match at {
            Place::Zone {
                zone: Zone::ExtraMonster,
                ..
            } => {
                let proposer = self.state.agreement.as_ref().map(|a| a.controller);
                self.extra_monster_zone_controller(at, owner, proposer)
                    .ok_or_else(|| {
                        format!(
                            "neither the card's owner nor the player whose effect it is sits at \
                             {at}"
                        )
                    })
            }
            _ => Ok(at.side().unwrap_or(owner)),
        }
    }

    /// Who controls a card an outcome puts into the Extra Monster Zone `to`: the player whose
    /// effect it is, when they sit at that pair (as an effect summons to its player's own
    /// field), else its owner, when they do.
    pub(crate) fn extra_monster_zone_controller(
        &self,
        to: Place,
        owner: Seat,
        proposer: Option<Seat>,
    ) -> Option<Seat> {
        let Place::Zone { side: anchor, .. } = to else {
            return None;
        };
        let field = *self.field();
        let at_pair = |seat: Seat| field.pair_anchor(self.side_of(seat)) == anchor;
        [proposer, Some(owner)]
            .into_iter()
            .flatten()
            .find(|seat| at_pair(*seat))
    }

    /// Whether an outcome may put `card` (owned by `owner`), taken from `from`, into the
    /// zone `at`: only a monster coming from the Extra Deck (or an Extra Deck Deck Master
    /// from its zone) enters an Extra Monster Zone, and such a monster goes only where a
    /// summon from the Extra Deck may.
    pub(crate) fn check_extra_deck_destination(
        &self,
        from: Place,
        owner: Seat,
        card: Option<CardId>,
        at: Place,
    ) -> Result<(), String> {
        if !self.field().has_extra_monster_zones() {
            return Ok(());
        }
        let extra_deck_monster = card
            .and_then(|c| self.rules.pool.get(c))
            .is_some_and(|d| d.monster().is_some_and(|m| m.extra_deck.is_some()));
        let from_extra_deck = match from {
            Place::Zone {
                zone: Zone::ExtraDeck,
                ..
            } => true,
            Place::Zone {
                zone: Zone::DeckMaster,
                ..
            } => extra_deck_monster,
            _ => false,
        };
        let to_extra_zone = matches!(
            at,
            Place::Zone {
                zone: Zone::ExtraMonster,
                ..
            }
        );
        if !from_extra_deck {
            return if to_extra_zone {
                Err(format!(
                    "only a monster summoned from the Extra Deck goes to {at}, and the card at \
                     {from} does not come from one"
                ))
            } else {
                Ok(())
            };
        }
        let (Some(card), true) = (card, extra_deck_monster) else {
            return Ok(());
        };
        let seat = self.controller_arriving_at(at, owner)?;
        match self.extra_deck_zone_refused(seat, card, at) {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
}
