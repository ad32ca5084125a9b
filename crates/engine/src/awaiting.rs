//! The one place that knows who decides next: which seat, what kind of decision or which
//! protocol step, and what it is about. The protocol, the network and the app read this
//! instead of working it out again.

use serde::{Deserialize, Serialize};

use crate::card::CardId;
use crate::commitment::Commitment;
use crate::place::Place;
use crate::seat::{Seat, SeatSet};

/// What happened that a trap may answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TrapEvent {
    /// An enemy card ended a move on `at`.
    Moved { at: Place },
    /// An enemy monster at `attacker` declared an attack on `target`.
    Attack { attacker: Place, target: Place },
    /// The enemy activated a spell (at `at` if it is on the board).
    Spell { at: Option<Place> },
    /// `by` proposed ending the duel by agreement (Kingdom Duels' Battle Royale): every
    /// other player still in it agrees or refuses.
    EndProposed { by: Seat },
    /// The card game's field: `by` activated the card at `at`, the chain's newest link;
    /// respond with a Quick card, or pass.
    Chained { at: Place, by: Seat },
    /// The card game's field: `by` summoned the monster now at `at` (`field.summon_windows`).
    Summoned { at: Place, by: Seat },
    /// The card game's field: `of`'s `phase` (Standby, Battle or End) begins, the Trigger
    /// of some trap of the pool (Kingdom Duels' definitions).
    PhaseBegins {
        phase: crate::state::Phase,
        of: Seat,
    },
    /// The enemy powered up the monster at `at`: an equip spell joined it, the last of its
    /// equips.
    PowerUp { at: Place },
    /// The enemy sprang the trap at `at`, which has not resolved yet.
    TrapSprung { at: Place },
}

/// A choice a player makes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// The turn player's main phase: play, move, attack, flip, or end the turn.
    Main,
    /// A response window: spring a trap or pass. It opens whenever a face-down card of the
    /// seat could be a trap in reach, so its opening tells nothing.
    Respond { event: TrapEvent },
    /// Discard down to the hand limit.
    Discard { count: u8 },
    /// Name which of these opponents the effect about to resolve is aimed at.
    ChooseOpponent { among: SeatSet },
    /// The turn player's Battle Phase (the card game's field): attack, or move on.
    Battle,
    /// Propose the outcome of `card`, activated and resolving by agreement.
    ProposeOutcome { card: CardId },
    /// Accept or refuse the outcome `by` proposed.
    ConsiderOutcome { by: Seat },
    /// Search your deck: take one card into your hand, revealed, or find nothing.
    SearchDeck,
    /// Domain Format: your Deck Master changed zones (to `at`) since the game state was
    /// last open: return it to the Deck Master Zone, or keep it where it is.
    ReturnDeckMaster { at: crate::player::DeckMasterPlace },
    /// The Ritual spell `card` resolves: name its tributes and the Ritual Monster from your
    /// Extra Deck, or let it resolve with no effect.
    Ritual { card: CardId },
    /// The revival spell `card` resolves: choose the graveyard card it brings back.
    Revive { card: CardId },
    /// The card `card` resolves: choose the card you take control of (and the zone next to
    /// your Deck Leader it moves to, where the format says so).
    TakeControl { card: CardId },
    /// Control of your monster at `at` comes back to you at the end of the turn: choose the
    /// unused zone next to your Deck Leader it moves to (Classic rule 15).
    PlaceReturned { at: Place },
    /// Kingdom Duels' Setup Phase: replace up to 2 cards of your starting hand with cards of
    /// your Duelist Setup's Cardlist from your deck, or keep it.
    StartingSwap,
    /// Kingdom Duels: your monster at `at`, Hidden in ATK Position when its battle began,
    /// was revealed and is still on the field: hide it again (`Action::Hide`), or leave it
    /// face-up (`Action::Pass`).
    HideAgain { at: Place },
    /// Kingdom Duels' replay: the monster your monster at `attacker` attacked changed before
    /// the battle; choose its attack target again (`Action::Attack` from it).
    Replay { attacker: Place },
    /// Kairu: you are far enough behind to make your one Destiny Draw of the duel: draw from
    /// your destiny pile instead of your deck (`Action::ChooseDraw`), or draw as usual.
    DestinyDraw,
    /// Kingdom Duels' Setup Phase: choose the side, Blue or Red, you (and your team) belong
    /// to (`Action::ChooseSide`).
    ChooseSide,
    /// Kingdom Duels' Battle Royale: you wait to join the duel; join now, at the end of this
    /// turn, taking damage of half the starting life points and playing the next turn
    /// (`Action::JoinDuel`), or not yet.
    JoinDuel,
    /// Kingdom Duels' Hidden Integration Summon: `summoner`'s Integration Monster was
    /// revealed or left the field, and the materials set apart for it are open: say whether
    /// they were the proper ones (`Action::JudgeMaterials`); if not, `summoner` loses.
    JudgeMaterials { summoner: Seat },
    /// The monster `card` comes back out of a graveyard to you by the effect of `by` (`None`:
    /// its own, as it was destroyed): choose the unused zone of your Summoning Area it takes
    /// (`Action::PlaceRevived`).
    PlaceRevived { card: CardId, by: Option<CardId> },
    /// The effect of `card` teleports a card: choose which (where several could go) and the
    /// unused zone of the Summoning Area it goes to (`Action::Teleport`).
    Teleport { card: CardId },
    /// The effect of `by` makes the monster `card` from nothing: choose the unused zone of
    /// your Summoning Area it takes (`Action::PlaceMade`).
    PlaceMade { card: CardId, by: CardId },
}

impl Decision {
    pub fn name(&self) -> &'static str {
        match self {
            Decision::Main => "main phase",
            Decision::Respond { .. } => "response window",
            Decision::Discard { .. } => "discard",
            Decision::ChooseOpponent { .. } => "choice of opponent",
            Decision::Battle => "battle phase",
            Decision::ProposeOutcome { .. } => "proposal of an outcome",
            Decision::ConsiderOutcome { .. } => "answer to a proposed outcome",
            Decision::SearchDeck => "search of your deck",
            Decision::ReturnDeckMaster { .. } => "choice to return your Deck Master",
            Decision::Ritual { .. } => "Ritual summon",
            Decision::Revive { .. } => "choice of a card to bring back",
            Decision::TakeControl { .. } => "choice of a card to take control of",
            Decision::PlaceReturned { .. } => "choice of a zone for a monster coming back",
            Decision::StartingSwap => "Duelist Setup swap of your starting hand",
            Decision::HideAgain { .. } => "choice to hide a monster again after its battle",
            Decision::Replay { .. } => "new attack target (a replay)",
            Decision::DestinyDraw => "choice between your draw and a Destiny Draw",
            Decision::ChooseSide => "choice of your side, Blue or Red",
            Decision::JoinDuel => "choice to join the duel now",
            Decision::JudgeMaterials { .. } => "judgement of the materials set apart",
            Decision::PlaceRevived { .. } => "choice of a zone for a monster coming back",
            Decision::Teleport { .. } => "choice of a card to teleport and its zone",
            Decision::PlaceMade { .. } => "choice of a zone for a monster made from nothing",
        }
    }
}

/// A protocol step the rules ask of a seat, answered from its own secrets.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Asked {
    /// As a permuter of `owner`'s deck, open where the drawn position points.
    OpenDraw { owner: Seat },
    /// Open these commitments, in this order.
    Reveal { commitments: Vec<Commitment> },
    /// Declare which of the seat's hidden cards at these places match the effect being
    /// resolved, revealing those that do; the rest become pending claims.
    Declare { places: Vec<Place> },
    /// Commit again, with fresh salts and in a new order of your own, to the `count` cards
    /// your deck now holds: it is being shuffled.
    RecommitDeck { count: u16 },
    /// Permute `owner`'s re-committed deck of `count` cards in secret, committed position
    /// by position.
    PermuteDeck { owner: Seat, count: u16 },
    /// Commit to a fresh random share of the coin toss or die roll under way.
    CommitShare,
    /// Open the share committed to for the coin toss or die roll under way.
    OpenShare,
    /// Say which of the seat's class-hidden cards (the bluff) at these places are monsters:
    /// the effect about to resolve reaches them by their class. Their cards stay hidden; each
    /// becomes a claim checked when it is revealed and in the audit.
    DeclareClass { places: Vec<Place> },
}

impl Asked {
    pub fn name(&self) -> &'static str {
        match self {
            Asked::OpenDraw { .. } => "deck position opening",
            Asked::Reveal { .. } => "reveal",
            Asked::Declare { .. } => "owner declaration",
            Asked::DeclareClass { .. } => "declaration of which hidden cards are monsters",
            Asked::RecommitDeck { .. } => "fresh commitments to a deck being shuffled",
            Asked::PermuteDeck { .. } => "secret permutation of a deck being shuffled",
            Asked::CommitShare => "share of a coin toss, die roll or random pick",
            Asked::OpenShare => "opening of a share of a coin toss, die roll or random pick",
        }
    }
}

/// What the duel waits for. Exactly one seat may write the next entry.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Awaiting {
    /// A player's decision.
    Decision {
        seat: Seat,
        decision: Decision,
    },
    /// A protocol step: `seat` must answer from its secrets.
    Answer {
        seat: Seat,
        asked: Asked,
    },
    Finished,
}

impl Awaiting {
    pub fn main(seat: Seat) -> Awaiting {
        Awaiting::Decision {
            seat,
            decision: Decision::Main,
        }
    }

    /// The only seat allowed to write next, if any.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Awaiting::Decision { seat, .. } | Awaiting::Answer { seat, .. } => Some(*seat),
            Awaiting::Finished => None,
        }
    }

    /// The decision waited for, and whose it is.
    pub fn decision(&self) -> Option<(Seat, &Decision)> {
        match self {
            Awaiting::Decision { seat, decision } => Some((*seat, decision)),
            _ => None,
        }
    }

    /// The protocol step waited for, and whose it is.
    pub fn asked(&self) -> Option<(Seat, &Asked)> {
        match self {
            Awaiting::Answer { seat, asked } => Some((*seat, asked)),
            _ => None,
        }
    }

    /// Whether `seat` must make a decision now.
    pub fn is_decision_of(&self, seat: Seat) -> bool {
        self.decision().is_some_and(|(s, _)| s == seat)
    }

    /// Whether `seat` must answer a protocol step now.
    pub fn is_answer_of(&self, seat: Seat) -> bool {
        self.asked().is_some_and(|(s, _)| s == seat)
    }

    pub fn is_main_of(&self, seat: Seat) -> bool {
        matches!(self, Awaiting::Decision { seat: s, decision: Decision::Main } if *s == seat)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Awaiting::Decision { decision, .. } => decision.name(),
            Awaiting::Answer { asked, .. } => asked.name(),
            Awaiting::Finished => "finished",
        }
    }
}
