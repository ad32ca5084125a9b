//! The bluff (the original game, `play.bluff`): a card set face-down from the hand without
//! saying whether it is a monster or a spell/trap. Its class stays hidden until the card
//! shows it — revealed, or doing what only a monster does — and the rules its class decides
//! are held three ways: its owner checks them before making the play (knowing the card), a
//! claim checks the card itself when it is revealed (a monster a Normal Set may bring, or a
//! spell or trap), and the audit, knowing every card, checks the zone limits and the turn's
//! one monster at the moment of the play. A monster set this way on the turn it is revealed
//! counts as that turn's monster then, so a second one shown that turn proves the cheat.

use crate::card::CardDef;
use crate::claims::predicate_holds;
use crate::duel::Duel;
use crate::error::RuleError;
use crate::event::Event;
use crate::grid::Cell;
use crate::grid::placement::PlayPlan;
use crate::knowledge::Knowledge;
use crate::piece::{Class, Piece};
use crate::seat::Seat;
use crate::state::{PendingClaim, Predicate};

impl Duel {
    /// The class of `piece` as the holder of `knowledge` sees it: its public class, or for a
    /// class-hidden card the one its card has, where they know the card.
    pub fn known_class(&self, piece: &Piece, knowledge: Option<&Knowledge>) -> Class {
        if piece.class != Class::Unknown {
            return piece.class;
        }
        self.known_card(piece, knowledge)
            .map_or(Class::Unknown, Class::of)
    }

    /// The monsters and the spells/traps `seat` holds against its limits, as the holder of
    /// `knowledge` can count them: its class-hidden cards are counted where it knows them.
    pub(super) fn class_counts(&self, seat: Seat, knowledge: Option<&Knowledge>) -> [usize; 2] {
        let mut counts = [
            self.state.count_class(seat, Class::Monster),
            self.spells_traps_counted(seat),
        ];
        for (_, piece) in self.state.pieces() {
            if piece.controller == seat && piece.class == Class::Unknown && !piece.leader {
                match self.known_class(piece, knowledge) {
                    Class::Monster => counts[0] += 1,
                    Class::SpellTrap => counts[1] += 1,
                    Class::Unknown => {}
                }
            }
        }
        counts
    }

    /// The monsters `seat` Normal Summoned or Set this turn, its class-hidden sets of this
    /// turn counted where `knowledge` shows they are monsters (once revealed, a set counts in
    /// `monsters_played` itself).
    pub(super) fn monsters_played_known(&self, seat: Seat, knowledge: Option<&Knowledge>) -> u8 {
        let hidden_monsters = self
            .state
            .pieces()
            .filter(|(_, p)| {
                p.class == Class::Unknown
                    && p.owner == seat
                    && p.entered_turn == self.state.turn
                    && self.known_class(p, knowledge) == Class::Monster
            })
            .count();
        let played = self.state.player(seat).monsters_played;
        played.saturating_add(u8::try_from(hidden_monsters).unwrap_or(u8::MAX))
    }

    /// A card set face-down with its class hidden: it pays nothing, so it is a monster a
    /// Normal Set brings without tributes — while the turn's monster is still to come — or a
    /// spell or trap. That is the claim everyone holds it to; `card`, where the player knows
    /// it, is checked against it now. (A format plays the bluff only with tribute costs:
    /// `Format` refuses it with Summoning Points.)
    pub(super) fn class_hidden_set(
        &self,
        seat: Seat,
        cost: u8,
        tribute_cells: &[Cell],
        card: Option<&CardDef>,
    ) -> Result<PlayPlan, RuleError> {
        let format = &self.rules.format;
        if cost != 0 || !tribute_cells.is_empty() {
            return Err(RuleError::WrongPlayMode {
                why: "a card set with its class hidden pays nothing: a monster that needs \
                      tributes is set as a monster",
            });
        }
        let monster_left = format
            .play
            .monsters_per_turn
            .is_none_or(|limit| self.state.player(seat).monsters_played < limit);
        let predicate = match format.levels_for_tributes(0) {
            Some((min, max)) if monster_left => Predicate::MonsterLevelOrSpellTrap { min, max },
            _ => Predicate::SpellOrTrap,
        };
        if let Some(card) = card
            && !predicate_holds(&predicate, card)
        {
            return Err(match card.monster() {
                Some(m) if format.tributes_for(m.level) > 0 => RuleError::WrongTributes {
                    level: m.level,
                    needed: format.tributes_for(m.level),
                    given: 0,
                },
                Some(_) => RuleError::MonsterPlayLimit {
                    limit: format.play.monsters_per_turn.unwrap_or(0),
                },
                None => RuleError::WrongPlayMode {
                    why: "the card does not fit that play",
                },
            });
        }
        Ok(PlayPlan {
            card: card.map(|c| c.id),
            replaces: None,
            claim: Some(predicate),
            banish: false,
            target_claim: None,
        })
    }

    /// Whether the card at `cell` may do what only a card of `class` does, as the holder of
    /// `knowledge` sees it: a card of that class, or a class-hidden one its player does not
    /// know to be otherwise (doing it then shows its class, see [`Duel::show_class`]).
    pub(super) fn may_act_as(
        &self,
        piece: &Piece,
        class: Class,
        knowledge: Option<&Knowledge>,
    ) -> bool {
        match self.known_class(piece, knowledge) {
            Class::Unknown => true,
            known => known == class,
        }
    }

    /// A class-hidden card at `cell` did what only a card of `class` does (a monster
    /// changing its battle position, or tributed): its class is public from now on, and a
    /// claim holds the card to it. A monster set this turn becomes the turn's monster.
    pub(super) fn show_class(
        &mut self,
        cell: Cell,
        class: Class,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let turn = self.state.turn;
        let Some(piece) = self.state.piece_mut(cell) else {
            return Ok(());
        };
        if piece.class != Class::Unknown {
            return Ok(());
        }
        piece.class = class;
        let (owner, card_ref, entered) = (piece.owner, piece.card_ref, piece.entered_turn);
        if class == Class::Monster {
            events.push(Event::ShownAsMonster { at: cell.into() });
        } else {
            // A spell or trap has no battle position: the one it was set in was part of the
            // bluff.
            piece.defence = false;
            events.push(Event::ShownAsSpellTrap { at: cell.into() });
        }
        let predicate = match class {
            Class::Monster => Predicate::Monster,
            _ => Predicate::SpellOrTrap,
        };
        self.record_new_claims(
            vec![PendingClaim {
                card_ref,
                owner,
                predicate,
                turn,
            }],
            events,
        );
        if class == Class::Monster && entered == turn {
            self.count_revealed_set_monster(owner)
                .map_err(|limit| RuleError::MonsterPlayLimit { limit })?;
        }
        Ok(())
    }

    /// A class-hidden card set this turn turned out to be a monster: it is the turn's Normal
    /// Set, refused (`Err` with the limit) when the turn's monsters were already played.
    pub(crate) fn count_revealed_set_monster(&mut self, owner: Seat) -> Result<(), u8> {
        let limit = self.rules.format.play.monsters_per_turn;
        let Some(player) = self.state.players.get_mut(owner) else {
            return Ok(());
        };
        if let Some(limit) = limit
            && player.monsters_played >= limit
        {
            return Err(limit);
        }
        player.monsters_played = player.monsters_played.saturating_add(1);
        Ok(())
    }
}
