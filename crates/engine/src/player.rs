//! One player's side of the public state: life points, deck, hand, graveyard and the
//! counters the rules keep per player.

use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::commitment::CardRef;
use crate::field::DuelistSetup;
use crate::grid::Cell;
use crate::piece::Attached;
use crate::seat::Seat;

/// How a player's deck is ordered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeckOrder {
    /// `deck` is in its real order, top card last, fixed at set-up by a party every seat
    /// trusts (the local referee, a scenario file). A draw takes the top card.
    Public,
    /// `deck` holds the undrawn cards in the owner's committed order, which says nothing
    /// about the real order: that is the composition of secret permutations, one round per
    /// other seat, each committed position by position in the commitment table. A draw of
    /// position `p` waits for each permuter (the last round first) to open where `p` points.
    Permuted {
        rounds: Vec<PermutationRound>,
        /// The table entry of the owner's first committed deck card; committed index `i`
        /// is `first_card + i`.
        first_card: CardRef,
        /// Deck positions handed out so far, top first: the next draw is this position.
        next_position: u16,
        /// How many cards the owner committed to the deck (every round permutes them all).
        size: u16,
        /// Cards taken out of the deck by a search, in the order taken: a draw whose
        /// position leads to one of them moves on to the next position.
        taken: Vec<CardRef>,
        /// Cards an effect placed on top of the deck, the top one last: they lie above the
        /// permuted positions, so the next draws take them, in the open. Each is in `deck`
        /// too, until drawn; a reshuffle mixes them back in.
        top: Vec<CardRef>,
        /// Cards an effect placed at the bottom of the deck, the lowest first: drawn once
        /// every permuted position is. Each is in `deck` too.
        bottom: Vec<CardRef>,
    },
}

/// One seat's secret permutation of another seat's deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PermutationRound {
    pub permuter: Seat,
    /// The table entry of the commitment for position 0; position `p` is `first + p`.
    pub first: CardRef,
}

/// A draw waiting for permuters to open where its deck position points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawDue {
    pub owner: Seat,
    /// The round whose permuter must answer next (counting down to 0).
    pub round: u8,
    /// The position in that round's order being asked about.
    pub pointer: u16,
    /// Where the card goes once found.
    pub to: DeckTo,
}

/// Where a card taken from the top of a deck goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeckTo {
    /// A draw: into its owner's hand, known to them alone.
    Hand,
    /// Milled: into its owner's graveyard, opened for everyone.
    Graveyard,
}

/// A card off the grid (hand or graveyard): hidden from the public until revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSlot {
    pub card_ref: CardRef,
    pub card: Option<CardId>,
}

#[derive(Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerState {
    pub life_points: u32,
    pub summoning_points: u8,
    /// Top of the deck is the last element when the order is public; see [`DeckOrder`].
    pub deck: Vec<CardRef>,
    pub deck_order: DeckOrder,
    pub hand: Vec<CardSlot>,
    /// Oldest first. A card destroyed while hidden waits here for its owner's reveal.
    pub graveyard: Vec<CardSlot>,
    /// Removed from play for good (Kairu's "Shadow Realm").
    pub banished: Vec<CardSlot>,
    /// Classic: the face-up field spell in this player's Field Spell Zone.
    pub field_spell: Option<Attached>,
    pub leader: Cell,
    /// Consecutive own turns the Deck Leader ended unable to move.
    pub leader_stuck_turns: u8,
    pub cards_played: u8,
    pub monsters_played: u8,
    /// Idle Warnings collected (the card game's field).
    pub idle_warnings: u8,
    /// How many of them came in this turn: "If you already had an 'Idle Warning' prior to
    /// this turn then you lose the Duel" counts only the others.
    pub idle_warnings_this_turn: u8,
    /// Whether the player had a monster on their field at some moment of this turn.
    pub fielded_monster: bool,
    /// Attacks declared in this turn's Battle Phase (the card game's field).
    pub attacks_declared: u8,
    /// Whether the player redirected an attack since their last turn began (Battle Royale).
    pub redirected: bool,
    /// Whether the player proposed ending the duel by agreement this turn (Battle Royale).
    pub proposed_end: bool,
    /// Destruction Damage this player's effects inflicted this turn (the card game's field:
    /// at most 1000 a turn).
    pub destruction_damage: u16,
    /// Domain Format: the player's Deck Master.
    pub deck_master: Option<DeckMaster>,
    /// The Extra Deck still there, in the owner's committed order (which tells nothing):
    /// hidden from everyone else, its size public.
    pub extra_deck: Vec<CardRef>,
    /// Kingdom Duels: the Duelist Setup in the player's Rule Zone.
    pub duelist_setup: Option<DuelistSetup>,
    /// Kingdom Duels: the Field Setup Rule card in the player's Rule Zone, when their deck
    /// named the card its terrains come from.
    pub field_setup_card: Option<crate::card::CardId>,
    /// Kingdom Duels: the player still has to decide on their Duelist Setup swap.
    pub starting_swap_due: bool,
    /// Kingdom Duels: the Symbol Rule card the player played to their Rule Zone.
    pub symbol: Option<crate::field::SymbolInPlay>,
    /// Kairu's Destiny Draw: the player's destiny pile, where the format has one.
    pub destiny: Option<DestinyPile>,
    /// The card game's face-up Extra Deck: Pendulum Monsters that left the field for it,
    /// known to everyone, oldest first.
    pub face_up_extra_deck: Vec<CardSlot>,
    /// Whether the player Pendulum Summoned this turn (once per turn).
    pub pendulum_summoned: bool,
    /// Kingdom Duels' Normal Rule cards active in the Rule Zone (activated from the Extra
    /// Deck by a KEYWORD or by the card they rely on), in the order they came.
    pub rule_cards: Vec<crate::field::ActiveRuleCard>,
    /// Kingdom Duels' hard once per turn: the cards (by their printed card) whose effect
    /// the player activated this turn.
    pub effects_used: Vec<CardId>,
    /// Kingdom Duels' Blue and Red: the side the player belongs to, once chosen.
    pub side: Option<crate::field::Side>,
    /// Kingdom Duels' Battle Royale: the turn at whose end a player waiting to join was
    /// last asked whether to (0: never).
    pub join_offered_turn: u16,
    /// The last card this player played from their hand onto the grid, and in which turn
    /// (Monster Eye flips it face-up).
    #[serde(default)]
    pub last_played: Option<LastPlay>,
}

/// A card played from the hand, remembered by its commitment: it keeps it wherever it moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastPlay {
    pub card_ref: CardRef,
    pub turn: u16,
}

/// Kairu's destiny pile.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DestinyPile {
    /// The cards still there: the format's destiny list, committed card by card in an order
    /// of the owner's own, which tells nothing (a Destiny Draw takes the card at a jointly
    /// random place).
    pub cards: Vec<CardRef>,
    /// Whether the player made their one Destiny Draw of the duel.
    pub drawn: bool,
}

/// Domain Format's Deck Master: public from the start, in the Deck Master Zone apart from
/// every other zone until it is summoned from there.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DeckMaster {
    pub card: CardId,
    pub card_ref: CardRef,
    /// In the Deck Master Zone now.
    pub in_zone: bool,
    /// Where it was at the last open game state, or since it was summoned, returned or
    /// kept where it was: a change from here is what gives its owner the return choice.
    pub seen_at: DeckMasterPlace,
    /// How many times it has returned to the Deck Master Zone.
    pub returns: u8,
    /// Cards its owner drew while it was in their deck where nobody could follow it (the
    /// deck committed again since it went in): one of them may be the Deck Master, which
    /// changed zones by being drawn and may return if its owner shows it.
    #[serde(default)]
    pub drawn_unseen: Vec<CardRef>,
}

/// Where a Deck Master is, as far as the return rule cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeckMasterPlace {
    Zone,
    Field,
    Hand,
    Deck,
    Graveyard,
    Banished,
    /// In its owner's Extra Deck: face-up (a Pendulum Monster that left the field), or an
    /// Extra Deck monster sent to the hand or the deck, known to everyone as it went.
    ExtraDeck,
}

impl DeckMasterPlace {
    pub fn label(self) -> &'static str {
        match self {
            DeckMasterPlace::Zone => "the Deck Master Zone",
            DeckMasterPlace::Field => "the field",
            DeckMasterPlace::Hand => "the hand",
            DeckMasterPlace::Deck => "the deck",
            DeckMasterPlace::Graveyard => "the graveyard",
            DeckMasterPlace::Banished => "the banished cards",
            DeckMasterPlace::ExtraDeck => "the Extra Deck",
        }
    }
}

impl Clone for PlayerState {
    fn clone(&self) -> PlayerState {
        let PlayerState {
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
            idle_warnings,
            idle_warnings_this_turn,
            fielded_monster,
            attacks_declared,
            redirected,
            proposed_end,
            destruction_damage,
            deck_master,
            extra_deck,
            duelist_setup,
            field_setup_card,
            starting_swap_due,
            symbol,
            destiny,
            face_up_extra_deck,
            pendulum_summoned,
            rule_cards,
            effects_used,
            side,
            join_offered_turn,
            last_played,
        } = self;
        PlayerState {
            life_points: *life_points,
            summoning_points: *summoning_points,
            deck: deck.clone(),
            deck_order: deck_order.clone(),
            hand: hand.clone(),
            graveyard: graveyard.clone(),
            banished: banished.clone(),
            field_spell: *field_spell,
            leader: *leader,
            leader_stuck_turns: *leader_stuck_turns,
            cards_played: *cards_played,
            monsters_played: *monsters_played,
            idle_warnings: *idle_warnings,
            idle_warnings_this_turn: *idle_warnings_this_turn,
            fielded_monster: *fielded_monster,
            attacks_declared: *attacks_declared,
            redirected: *redirected,
            proposed_end: *proposed_end,
            destruction_damage: *destruction_damage,
            deck_master: deck_master.clone(),
            extra_deck: extra_deck.clone(),
            duelist_setup: duelist_setup.clone(),
            field_setup_card: *field_setup_card,
            starting_swap_due: *starting_swap_due,
            symbol: *symbol,
            destiny: destiny.clone(),
            face_up_extra_deck: face_up_extra_deck.clone(),
            pendulum_summoned: *pendulum_summoned,
            rule_cards: rule_cards.clone(),
            effects_used: effects_used.clone(),
            side: *side,
            join_offered_turn: *join_offered_turn,
            last_played: *last_played,
        }
    }

    fn clone_from(&mut self, source: &PlayerState) {
        let PlayerState {
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
            idle_warnings,
            idle_warnings_this_turn,
            fielded_monster,
            attacks_declared,
            redirected,
            proposed_end,
            destruction_damage,
            deck_master,
            extra_deck,
            duelist_setup,
            field_setup_card,
            starting_swap_due,
            symbol,
            destiny,
            face_up_extra_deck,
            pendulum_summoned,
            rule_cards,
            effects_used,
            side,
            join_offered_turn,
            last_played,
        } = source;
        self.life_points = *life_points;
        self.summoning_points = *summoning_points;
        self.deck.clone_from(deck);
        self.deck_order.clone_from(deck_order);
        self.hand.clone_from(hand);
        self.graveyard.clone_from(graveyard);
        self.banished.clone_from(banished);
        self.field_spell = *field_spell;
        self.leader = *leader;
        self.leader_stuck_turns = *leader_stuck_turns;
        self.cards_played = *cards_played;
        self.monsters_played = *monsters_played;
        self.idle_warnings = *idle_warnings;
        self.idle_warnings_this_turn = *idle_warnings_this_turn;
        self.fielded_monster = *fielded_monster;
        self.attacks_declared = *attacks_declared;
        self.redirected = *redirected;
        self.proposed_end = *proposed_end;
        self.destruction_damage = *destruction_damage;
        self.deck_master.clone_from(deck_master);
        self.extra_deck.clone_from(extra_deck);
        self.duelist_setup.clone_from(duelist_setup);
        self.field_setup_card = *field_setup_card;
        self.starting_swap_due = *starting_swap_due;
        self.symbol = *symbol;
        self.destiny.clone_from(destiny);
        self.face_up_extra_deck.clone_from(face_up_extra_deck);
        self.pendulum_summoned = *pendulum_summoned;
        self.rule_cards.clone_from(rule_cards);
        self.effects_used.clone_from(effects_used);
        self.side = *side;
        self.join_offered_turn = *join_offered_turn;
        self.last_played = *last_played;
    }
}
