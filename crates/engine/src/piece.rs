//! A card on the board: who owns and controls it, how it lies, what it did this turn, what
//! binds it and what is attached to it.

use serde::{Deserialize, Serialize};

use crate::card::{Attribute, CardId, Duration, MonsterStats, MonsterType};
use crate::commitment::CardRef;
use crate::player::CardSlot;
use crate::seat::Seat;

/// Whether a card on the grid is a monster or a spell/trap. This is public even for
/// face-down cards (see docs/RULES.md, "What a face-down card shows"), except under the bluff
/// option, where a card set face-down as either is `Unknown` until it shows what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    Monster,
    SpellTrap,
    /// A face-down card set from the hand with its class kept hidden (`play.bluff`): only its
    /// owner knows whether it is a monster or a spell/trap.
    Unknown,
}

impl Class {
    /// Whether `card` lies on the field as a monster or as a spell or trap.
    pub fn of(card: &crate::card::CardDef) -> Class {
        let monster = match card.kingdom() {
            Some(k) => k.is(crate::kingdom_card::MainType::Monster),
            None => card.is_monster(),
        };
        if monster {
            Class::Monster
        } else {
            Class::SpellTrap
        }
    }

    /// The class in words, as a player would say it.
    pub fn describe(self) -> &'static str {
        match self {
            Class::Monster => "a monster",
            Class::SpellTrap => "a spell or trap",
            Class::Unknown => "a card of hidden class",
        }
    }
}

/// How long a monster stays spellbound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Bind {
    #[default]
    Free,
    /// Counters left; one comes off in each of its controller's end phases.
    Turns(u8),
    Forever,
}

/// A temporary or lasting change to a card's stats: its ATK, DEF and level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifier {
    pub atk: i16,
    pub def: i16,
    /// Levels added (negative: taken away); a level stays within [`MIN_LEVEL`] and
    /// [`MAX_LEVEL`].
    pub level: i8,
    pub duration: Duration,
}

/// The lowest level a monster's may be changed to.
pub const MIN_LEVEL: u8 = 1;
/// The highest level a monster's may be changed to.
pub const MAX_LEVEL: u8 = 12;

impl Modifier {
    /// A change of ATK and DEF alone.
    pub fn stats(atk: i16, def: i16, duration: Duration) -> Modifier {
        Modifier {
            atk,
            def,
            level: 0,
            duration,
        }
    }
}

/// A type or attribute an effect gave a face-up monster on the grid (Tao the Chanter, the
/// Zombie transformers): it shows instead of the printed one until the monster leaves the
/// field or is turned face-down (docs/RULES.md, "Types and attributes changed").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Retyped {
    pub monster_type: Option<MonsterType>,
    pub attribute: Option<Attribute>,
}

impl Retyped {
    /// The printed type and attribute, unchanged.
    pub const NONE: Retyped = Retyped {
        monster_type: None,
        attribute: None,
    };

    /// The change in words, attribute first: "DARK Zombie", "DARK", "Zombie".
    pub fn words(self) -> String {
        let words: Vec<&str> = self
            .attribute
            .map(|a| a.label())
            .into_iter()
            .chain(self.monster_type.map(|t| t.label()))
            .collect();
        words.join(" ")
    }

    /// The monster's stats with the changed type and attribute in place of the printed ones.
    pub fn apply(self, stats: MonsterStats) -> MonsterStats {
        MonsterStats {
            monster_type: self.monster_type.unwrap_or(stats.monster_type),
            attribute: self.attribute.unwrap_or(stats.attribute),
            ..stats
        }
    }
}

/// A card on the grid.
#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub owner: Seat,
    pub controller: Seat,
    pub card_ref: CardRef,
    /// `None` while the card is hidden from the public.
    pub card: Option<CardId>,
    pub class: Class,
    pub face_up: bool,
    pub defence: bool,
    pub leader: bool,
    /// The turn it entered the field (for trap delays and same-turn position changes).
    pub entered_turn: u16,
    pub moved: bool,
    pub changed_position: bool,
    pub attacked: bool,
    pub bind: Bind,
    /// The turn the current spellbind began: no counter comes off in that turn.
    pub bound_turn: u16,
    pub modifiers: Vec<Modifier>,
    /// Cards under this one: equip spells under a grid monster, in order; on the card game's
    /// field, the materials attached beneath the monster they summoned.
    pub attached: Vec<Attached>,
    /// An effect of this face-up card was activated this turn (the card game's field:
    /// once per turn).
    pub activated: bool,
    /// Battle Lock (the card game's field): the last turn its controller may not change its
    /// position; 0 for none, `u16::MAX` for as long as it stays on the field.
    pub locked_until: u16,
    /// Counters placed on it by effects (they go when it leaves the field).
    pub counters: u8,
    /// Taken by an effect that gives control back to its owner at the end of the turn
    /// (Change of Heart, Brain Control).
    pub lent: bool,
    /// Summoned from the Extra Deck (a Ritual or Fusion Monster): Kairu's extra monster
    /// slot counts these.
    pub from_extra_deck: bool,
    /// Kingdom Duels' Persist: the last turn this Spell or Trap stays on the field after its
    /// activation (it goes to the graveyard as that turn ends); 0 for none.
    pub persist_until: u16,
    /// A Battle Lock "for as long as this effect is active" (no number of turns) held by a
    /// card that stays on the field: the lock lasts while that card is there.
    pub locked_by: Option<CardRef>,
    /// Flip Summoned this turn (the DOR rule books): a Flip Summon changes the monster's
    /// battle position, so it does not move this turn (Classic rule 8), though rule 7 still
    /// lets it change position once more.
    #[serde(default)]
    pub flip_summoned: bool,
    /// Kingdom Duels: entered the field while a Fusion Monster on it held a material of its
    /// name ("this new monster can't declare an attack on the first turn it's summoned").
    #[serde(default)]
    pub entered_beside_its_fusion: bool,
    /// A type or attribute an effect changed while it is face-up.
    #[serde(default)]
    pub retyped: Retyped,
    /// How many of its controller's turns in a row began with this monster face-up in
    /// defence position, counted only since its controller turned it face-up themselves
    /// (played or flipped it; not an attack or an effect): `None` while it does not count
    /// (Yamatano Dragon Scroll, Larva of Moth, Jigen Bakudan).
    #[serde(default)]
    pub turns_in_defence: Option<u8>,
}

/// A face-up card in play but off the grid's cells: an equip spell under its monster, or a
/// Classic field spell in its zone. It keeps the commitment it entered play under, so every
/// peer can tell which card it is and it leaves for its owner's graveyard as itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attached {
    pub owner: Seat,
    pub card_ref: CardRef,
    pub card: CardId,
    /// A power-up a trap turned back: what it would raise, it lowers by as much (Reverse
    /// Trap); the life points it would take, it takes from its own player (Goblin Fan
    /// against Riryoku).
    #[serde(default)]
    pub reversed: bool,
}

impl Attached {
    /// The graveyard entry this card becomes.
    pub fn to_graveyard(self) -> CardSlot {
        CardSlot {
            card_ref: self.card_ref,
            card: Some(self.card),
        }
    }
}

impl Piece {
    /// The stats of `card`, this piece's card, as they show on the field: a changed type or
    /// attribute in place of the printed one.
    pub fn monster_stats(&self, card: &crate::card::CardDef) -> Option<MonsterStats> {
        card.monster().map(|m| self.retyped.apply(*m))
    }

    /// A card entering the field this turn, with no per-turn flags, binds or changes.
    pub fn entering(owner: Seat, card_ref: CardRef, class: Class, turn: u16) -> Piece {
        Piece {
            owner,
            controller: owner,
            card_ref,
            card: None,
            class,
            face_up: false,
            defence: false,
            leader: false,
            entered_turn: turn,
            moved: false,
            changed_position: false,
            attacked: false,
            bind: Bind::Free,
            bound_turn: 0,
            modifiers: Vec::new(),
            attached: Vec::new(),
            activated: false,
            locked_until: 0,
            counters: 0,
            lent: false,
            from_extra_deck: false,
            persist_until: 0,
            locked_by: None,
            flip_summoned: false,
            entered_beside_its_fusion: false,
            retyped: Retyped::NONE,
            turns_in_defence: None,
        }
    }

    /// A Deck Leader: public and face-up from the start.
    pub fn deck_leader(owner: Seat, card_ref: CardRef, card: CardId) -> Piece {
        Piece {
            card: Some(card),
            face_up: true,
            leader: true,
            ..Piece::entering(owner, card_ref, Class::Monster, 0)
        }
    }

    pub fn is_bound(&self) -> bool {
        self.bind != Bind::Free
    }

    pub fn is_hidden(&self) -> bool {
        self.card.is_none()
    }

    /// Whether the public cannot rule out that this card is of `class`: it is, or its class
    /// is still hidden (the bluff option).
    pub fn may_be(&self, class: Class) -> bool {
        self.class == class || self.class == Class::Unknown
    }
}

// Clone by hand so that `clone_from` reuses the target's allocations: `Duel::apply` backs
// the state up before every action this way. The destructuring lists every field, so a
// new field fails to compile until it is added here.

impl Clone for Piece {
    fn clone(&self) -> Piece {
        let Piece {
            owner,
            controller,
            card_ref,
            card,
            class,
            face_up,
            defence,
            leader,
            entered_turn,
            moved,
            changed_position,
            attacked,
            bind,
            bound_turn,
            modifiers,
            attached,
            activated,
            locked_until,
            counters,
            lent,
            from_extra_deck,
            persist_until,
            locked_by,
            flip_summoned,
            entered_beside_its_fusion,
            retyped,
            turns_in_defence,
        } = self;
        Piece {
            owner: *owner,
            controller: *controller,
            card_ref: *card_ref,
            card: *card,
            class: *class,
            face_up: *face_up,
            defence: *defence,
            leader: *leader,
            entered_turn: *entered_turn,
            moved: *moved,
            changed_position: *changed_position,
            attacked: *attacked,
            bind: *bind,
            bound_turn: *bound_turn,
            modifiers: modifiers.clone(),
            attached: attached.clone(),
            activated: *activated,
            locked_until: *locked_until,
            counters: *counters,
            lent: *lent,
            from_extra_deck: *from_extra_deck,
            persist_until: *persist_until,
            locked_by: *locked_by,
            flip_summoned: *flip_summoned,
            entered_beside_its_fusion: *entered_beside_its_fusion,
            retyped: *retyped,
            turns_in_defence: *turns_in_defence,
        }
    }

    fn clone_from(&mut self, source: &Piece) {
        let Piece {
            owner,
            controller,
            card_ref,
            card,
            class,
            face_up,
            defence,
            leader,
            entered_turn,
            moved,
            changed_position,
            attacked,
            bind,
            bound_turn,
            modifiers,
            attached,
            activated,
            locked_until,
            counters,
            lent,
            from_extra_deck,
            persist_until,
            locked_by,
            flip_summoned,
            entered_beside_its_fusion,
            retyped,
            turns_in_defence,
        } = source;
        self.owner = *owner;
        self.controller = *controller;
        self.card_ref = *card_ref;
        self.card = *card;
        self.class = *class;
        self.face_up = *face_up;
        self.defence = *defence;
        self.leader = *leader;
        self.entered_turn = *entered_turn;
        self.moved = *moved;
        self.changed_position = *changed_position;
        self.attacked = *attacked;
        self.bind = *bind;
        self.bound_turn = *bound_turn;
        self.activated = *activated;
        self.locked_until = *locked_until;
        self.counters = *counters;
        self.lent = *lent;
        self.from_extra_deck = *from_extra_deck;
        self.persist_until = *persist_until;
        self.locked_by = *locked_by;
        self.flip_summoned = *flip_summoned;
        self.entered_beside_its_fusion = *entered_beside_its_fusion;
        self.retyped = *retyped;
        self.turns_in_defence = *turns_in_defence;
        // Most pieces have neither: skip the out-of-line slice copy then.
        if !(self.modifiers.is_empty() && modifiers.is_empty()) {
            self.modifiers.clone_from(modifiers);
        }
        if !(self.attached.is_empty() && attached.is_empty()) {
            self.attached.clone_from(attached);
        }
    }
}
