//! What a seat writes into a match, as plain data: a player's decision ([`Action`]) or a
//! protocol step answered from the seat's own secrets ([`Answer`]).

use serde::{Deserialize, Serialize};

use crate::agreement::Operation;
use crate::chance::{Chance, ShareCommitment};
use crate::commitment::{CardRef, Commitment, PositionOpening, Reveal, Salt};
use crate::place::Place;
use crate::seat::Seat;

/// How a card from the hand enters the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayMode {
    /// A monster, face-up in attack position (Classic's Normal Summon). Reveals the card.
    Summon,
    /// A monster, face-down in attack position.
    SetMonsterAttack,
    /// A monster, face-down in defence position.
    SetMonsterDefence,
    /// A spell or trap, face-down.
    SetSpellTrap,
    /// A spell, activated face-up at once. Reveals the card.
    ActivateSpell,
    /// An equip spell put straight onto one of your monsters. Reveals the card.
    Equip,
    /// A monster, face-up in defence position (Kingdom Duels). Reveals the card.
    SummonDefence,
    /// Any card, face-down in attack position, without saying whether it is a monster or a
    /// spell/trap (the bluff option).
    SetCardAttack,
    /// Any card, face-down in defence position, its class kept hidden (the bluff option).
    SetCardDefence,
}

impl PlayMode {
    pub fn reveals(self) -> bool {
        matches!(
            self,
            PlayMode::Summon | PlayMode::ActivateSpell | PlayMode::Equip | PlayMode::SummonDefence
        )
    }

    /// Whether the card enters with its class hidden (the bluff option).
    pub fn hides_class(self) -> bool {
        matches!(self, PlayMode::SetCardAttack | PlayMode::SetCardDefence)
    }

    /// Whether the card enters as a monster.
    pub fn is_monster(self) -> bool {
        matches!(
            self,
            PlayMode::Summon
                | PlayMode::SetMonsterAttack
                | PlayMode::SetMonsterDefence
                | PlayMode::SummonDefence
        )
    }
}

/// One decision by one player. Decisions that show a hidden card carry its opening.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Play the card at `hand_index` onto `to`. `cost` is the level paid in Summoning
    /// Points (Kairu) and must equal the monster's level; `tributes` are the monsters given
    /// up for it (Classic).
    Play {
        hand_index: u8,
        to: Place,
        mode: PlayMode,
        cost: u8,
        tributes: Vec<Place>,
        reveal: Option<Reveal>,
    },
    /// Move a card. `flip` turns a face-down card face-up as part of the move (Kairu).
    Move {
        from: Place,
        to: Place,
        flip: Option<Reveal>,
    },
    /// Attack the card at `target`. Where attacks are moves (Kairu), the attacker moves in
    /// when it wins; `flip` turns a face-down attacker face-up first.
    Attack {
        from: Place,
        target: Place,
        flip: Option<Reveal>,
    },
    /// Switch between attack and defence position.
    ChangePosition { at: Place },
    /// Turn one of your face-down cards face-up: a flip summon for a monster, activation
    /// for a spell.
    Flip { at: Place, reveal: Reveal },
    /// End the main phase and the turn.
    EndTurn,
    /// In a response window: let the action go ahead.
    Pass,
    /// In a response window: spring the face-down trap at `at`.
    SpringTrap { at: Place, reveal: Reveal },
    /// Discard a card from the hand (end of turn, over the hand limit).
    Discard { hand_index: u8, reveal: Reveal },
    /// Name the opponent an effect that says "your opponent" is aimed at.
    ChooseOpponent { opponent: Seat },
    /// Redirect the attack being declared onto your own monster at `to` (Kingdom Duels'
    /// Battle Royale, once per round).
    Redirect { to: Place },
    /// Move on to the next phase of the turn (the card game's field: from Main Phase 1 to
    /// the Battle Phase, from the Battle Phase to Main Phase 2).
    NextPhase,
    /// Propose that the duel end here with every remaining player a winner (Kingdom Duels'
    /// Battle Royale, once a player has been defeated; once per turn).
    ProposeEnd,
    /// Agree to the proposed end. Refusing it is `Pass`.
    AgreeToEnd,
    /// Give up. Allowed at any time, even out of turn. With two players (or two teams of
    /// one) the other side wins; otherwise the player leaves the game and the rest play on.
    Concede,
    /// Activate the face-down spell or trap at `at` (the card game's field), shown by
    /// `reveal`. A card whose effect FairDuel does not define resolves by agreement.
    Activate { at: Place, reveal: Reveal },
    /// Propose the outcome of the effect being resolved by agreement, as the engine's own
    /// operations. An empty list: the card resolves with no effect.
    ProposeOutcome { operations: Vec<Operation> },
    /// Accept the outcome on the table.
    AcceptOutcome,
    /// Refuse the outcome on the table: nothing of it happens.
    RefuseOutcome,
    /// Activate an effect of your face-up card at `at` (the card game's field: a monster or a
    /// spell or trap that stays on the field), once per turn in your Main Phase. It
    /// resolves by agreement.
    ActivateEffect { at: Place },
    /// Searching your deck: take the card `card_ref` (one of your deck's commitments) into
    /// your hand, shown by `reveal`; `None` finds nothing.
    TakeFromDeck { taken: Option<(CardRef, Reveal)> },
    /// Before proposing the outcome of the effect being resolved: toss a coin or roll a die,
    /// by joint randomness, as the card asks.
    CallChance { chance: Chance },
    /// Domain Format: Normal Summon (shown, `mode` `Summon` or `SummonDefence`) or Set your
    /// Deck Master from the Deck Master Zone into `to`, with its tributes, paying the life
    /// points each earlier return to the zone costs.
    SummonDeckMaster {
        to: Place,
        mode: PlayMode,
        tributes: Vec<Place>,
    },
    /// The grid: the Ritual spell being resolved summons its Ritual Monster, the Extra Deck
    /// card `monster` shown by its opening, for `tributes`. `None` (and no tributes): the
    /// spell resolves with no effect.
    Ritual {
        tributes: Vec<Place>,
        monster: Option<(CardRef, Reveal)>,
    },
    /// Domain Format: return your Deck Master to the Deck Master Zone (`back`), or keep it
    /// where it is. A Deck Master shuffled into the deck is out of sight: returning it
    /// `shown` is its card, by its opening, in the deck or among the cards drawn since.
    ReturnDeckMaster {
        back: bool,
        shown: Option<(CardRef, Reveal)>,
    },
    /// The grid: the revival spell being resolved brings back the graveyard card `card`.
    Revive { card: CardRef },
    /// The grid: the effect being resolved takes control of the card at `target`, which
    /// moves to `to` (itself, where the format leaves it in place).
    TakeControl { target: Place, to: Place },
    /// The grid: your monster whose control comes back to you moves to `to`.
    PlaceReturned { to: Place },
    /// The grid: fuse two monsters without a fusion spell (Classic rule 9; the original
    /// game's fusions from the hand) into the Fusion Monster the pool's fusion table names
    /// for them, the Extra Deck card `monster` shown by its opening. It enters at `to`
    /// face-up in attack position: a cell a material on the field leaves, or an unused cell
    /// where the player may play a card.
    Fuse {
        materials: Vec<FusionMaterial>,
        monster: (CardRef, Reveal),
        to: Place,
    },
    /// The grid: your face-up monster at `at`, carrying a power-up that changes it
    /// (Metalmorph, Cocoon of Evolution, Elegant Egotist), becomes the Extra Deck card
    /// `monster`, shown by its opening.
    Transform {
        at: Place,
        monster: (CardRef, Reveal),
    },
    /// Kingdom Duels' Duelist Setup: give the hand cards `give` back to your deck for the
    /// Cardlist cards `take` out of it (as many, at most 2, each shown), then shuffle the
    /// deck; both empty keeps the starting hand.
    SwapStartingCards {
        give: Vec<CardRef>,
        take: Vec<(CardRef, Reveal)>,
    },
    /// Kingdom Duels: play the Symbol Rule card `card_ref` of your Extra Deck, shown by
    /// `reveal`, to your Rule Zone (in your Main Phase, where the format allows Symbols).
    PlaySymbol { card_ref: CardRef, reveal: Reveal },
    /// Kingdom Duels: activate an effect of your Symbol card, spending `charges` of its
    /// charges (once per round); it resolves by agreement.
    UseSymbol { charges: u8 },
    /// Kingdom Duels: declare an Integration Summon of the Integration Monster `card_ref` of
    /// your Extra Deck, shown by `reveal` (in your Main Phase, having played a Duelist
    /// Setup); which materials it erodes is agreed, and the summon is a step of that
    /// agreed outcome.
    IntegrationSummon { card_ref: CardRef, reveal: Reveal },
    /// Kingdom Duels: your face-up ATK Position monster at `from` STRIKEs the terrain marker
    /// over the opponent's Frontrow zone `target` (Main Phase 1, once per turn; no Battle
    /// Phase follows); its effect resolves by agreement.
    Strike { from: Place, target: Place },
    /// Kingdom Duels: hide your monster at `at` again after its battle (it was Hidden in ATK
    /// Position when the battle began); it turns face-down in ATK Position, known to all.
    Hide { at: Place },
    /// The card game's field: declare a Synchro, Xyz or Link Summon of the monster `card_ref`
    /// of your Extra Deck, shown by `reveal` (in your Main Phase; no card is activated).
    /// What its text asks of the materials beyond its mechanic is agreed, and the summon is
    /// a step of that agreed outcome.
    SummonFromExtraDeck { card_ref: CardRef, reveal: Reveal },
    /// Kairu's Destiny Draw, when your turn offers it: draw from your destiny pile
    /// (`destiny`), once per duel and instead of your regular draw, or draw as usual.
    ChooseDraw { destiny: bool },
    /// The card game's Pendulum Summon (`field.pendulum_zones`): with a Pendulum Scale in
    /// both of your Pendulum Zones, summon at once any number of monsters whose Levels lie
    /// strictly between the two Scales, from your hand (each shown) and face-up from your
    /// Extra Deck, each face-up in ATK or DEF Position (in your Main Phase, once per turn;
    /// no card is activated).
    PendulumSummon { monsters: Vec<PendulumSummoned> },
    /// Kingdom Duels: activate the Normal Rule card `card_ref` of your Extra Deck (shown by
    /// `reveal`) into your Rule Zone, while a face-up card of yours has a Keyword its
    /// "KEYWORD:" condition names (a Quick Effect).
    ActivateRuleCard { card_ref: CardRef, reveal: Reveal },
    /// Kingdom Duels: detach (send to its owner's graveyard) the `index`th card attached
    /// beneath your card at `at`, a card with a DETACH effect, which is activated (a Quick
    /// Effect).
    Detach { at: Place, index: u8 },
    /// Kingdom Duels: flip your Hidden monster at `at` face-up, opened by `reveal`, in ATK
    /// or DEF Position ("When you flip a monster face-up you can flip it in either ATK or
    /// DEF position"): in your Main Phase, as its position change of the turn.
    FlipFaceUp {
        at: Place,
        reveal: Reveal,
        defence: bool,
    },
    /// Kingdom Duels, in a response window whose event meets the Trigger of one of your
    /// traps: let the event go by without activating it, taking an Idle Warning ("if the
    /// player does not activate a trap card when its Trigger is met then the player gets an
    /// Idle Warning"); with the format's warnings already taken, you lose the duel. A plain
    /// `Pass` says that none of your traps is triggered.
    LeaveTriggered,
    /// Kingdom Duels' Setup Phase: belong to `side` (for your whole team), when it is your
    /// choice.
    ChooseSide { side: crate::field::Side },
    /// Kingdom Duels' Battle Royale, asked at the end of a turn while you wait to join:
    /// join now (`true`), or not yet.
    JoinDuel { join: bool },
    /// Kingdom Duels' Hidden Integration Summon: summon the Integration Monster `card_ref`
    /// of your Extra Deck unseen, in Hidden DEF (`defence`) or Hidden ATK Position, onto
    /// your free Frontrow zone `to`, eroding the `materials` (cards of your hand, monsters
    /// you control) and setting them apart unseen; they are opened and judged once the
    /// monster is revealed or leaves the field (in your Main Phase, having played a Duelist
    /// Setup).
    HiddenIntegrationSummon {
        card_ref: CardRef,
        to: Place,
        defence: bool,
        materials: Vec<Place>,
    },
    /// Kingdom Duels: the materials set apart for a Hidden Integration Summon were the
    /// proper ones (`proper`), or not, and their summoner loses.
    JudgeMaterials { proper: bool },
    /// The grid: your monster destroyed and coming back by its own effect takes the unused
    /// zone `to` of your Summoning Area.
    PlaceRevived { to: Place },
    /// The grid: the teleport being resolved moves the card at `target` to the unused zone
    /// `to` of the Summoning Area its effect names.
    Teleport { target: Place, to: Place },
    /// The grid: the monster an effect makes from nothing (`Primitive::MakeMonster`) takes
    /// the unused zone `to` of your Summoning Area.
    PlaceMade { to: Place },
}

/// One monster of a Pendulum Summon.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PendulumSummoned {
    pub from: PendulumSource,
    /// A free Main Monster Zone of yours; for a monster from the Extra Deck, an Extra
    /// Monster Zone or a Main Monster Zone a Link arrow points to, where the field has them.
    pub to: Place,
    pub defence: bool,
}

/// Where a Pendulum Summoned monster comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PendulumSource {
    /// The hand card at `hand_index` (counted in the hand as it is before the summon),
    /// shown by `reveal`.
    Hand { hand_index: u8, reveal: Reveal },
    /// The face-up card `card_ref` of your Extra Deck.
    FaceUpExtraDeck { card_ref: CardRef },
    /// Your Deck Master, from the Deck Master Zone (a Main Deck monster; its cost is paid).
    DeckMaster,
}

/// A monster given up for a fusion.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FusionMaterial {
    /// The hand card at `hand_index` (counted in the hand as it is before the fusion),
    /// shown by `reveal`.
    Hand { hand_index: u8, reveal: Reveal },
    /// A face-up monster of the fusing player's at `at`.
    Field { at: Place },
}

impl Action {
    /// A short kind name, used by scenario files and logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Play { .. } => "play",
            Action::Move { .. } => "move",
            Action::Attack { .. } => "attack",
            Action::ChangePosition { .. } => "change-position",
            Action::Flip { .. } => "flip",
            Action::EndTurn => "end-turn",
            Action::Pass => "pass",
            Action::SpringTrap { .. } => "spring-trap",
            Action::Discard { .. } => "discard",
            Action::ChooseOpponent { .. } => "choose-opponent",
            Action::Concede => "concede",
            Action::NextPhase => "next-phase",
            Action::Redirect { .. } => "redirect",
            Action::ProposeEnd => "propose-end",
            Action::AgreeToEnd => "agree-to-end",
            Action::SummonDeckMaster { .. } => "summon-deck-master",
            Action::ReturnDeckMaster { .. } => "return-deck-master",
            Action::Activate { .. } => "activate",
            Action::ProposeOutcome { .. } => "propose-outcome",
            Action::AcceptOutcome => "accept-outcome",
            Action::RefuseOutcome => "refuse-outcome",
            Action::TakeFromDeck { .. } => "take-from-deck",
            Action::SwapStartingCards { .. } => "swap-starting-cards",
            Action::ActivateEffect { .. } => "activate-effect",
            Action::CallChance { .. } => "call-chance",
            Action::Ritual { .. } => "ritual",
            Action::Revive { .. } => "revive",
            Action::Fuse { .. } => "fuse",
            Action::Transform { .. } => "transform",
            Action::TakeControl { .. } => "take-control",
            Action::PlaceReturned { .. } => "place-returned",
            Action::PlaySymbol { .. } => "play-symbol",
            Action::UseSymbol { .. } => "use-symbol",
            Action::IntegrationSummon { .. } => "integration-summon",
            Action::Strike { .. } => "strike",
            Action::Hide { .. } => "hide",
            Action::SummonFromExtraDeck { .. } => "summon-from-extra-deck",
            Action::ChooseDraw { .. } => "choose-draw",
            Action::PendulumSummon { .. } => "pendulum-summon",
            Action::ActivateRuleCard { .. } => "activate-rule-card",
            Action::Detach { .. } => "detach",
            Action::FlipFaceUp { .. } => "flip-face-up",
            Action::LeaveTriggered => "leave-triggered",
            Action::ChooseSide { .. } => "choose-side",
            Action::JoinDuel { .. } => "join-duel",
            Action::HiddenIntegrationSummon { .. } => "hidden-integration-summon",
            Action::JudgeMaterials { .. } => "judge-materials",
            Action::PlaceRevived { .. } => "place-revived",
            Action::Teleport { .. } => "teleport",
            Action::PlaceMade { .. } => "place-made",
        }
    }
}

/// A protocol step: what a seat must answer from its own secrets before play goes on. Nobody
/// chooses it: each has exactly one honest answer, or (fresh commitments and permutations,
/// shares of a coin toss) one drawn from the seat's secret randomness; clients write it by
/// themselves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Answer {
    /// As a permuter of the drawing seat's deck, open where the drawn position points.
    OpenDraw { opening: PositionOpening },
    /// Open the commitments asked for, in the order asked.
    Reveal { reveals: Vec<Reveal> },
    /// Answer an owner declaration: the matching hidden cards, revealed.
    Declare { matching: Vec<(Place, Reveal)> },
    /// Your deck is being shuffled: one fresh commitment per card it holds, in an order of
    /// your own.
    RecommitDeck { commitments: Vec<Commitment> },
    /// Your secret permutation of a deck being shuffled, one commitment per position
    /// ([`Commitment::for_position`]).
    PermuteDeck { positions: Vec<Commitment> },
    /// Your commitment to a fresh random share of the coin toss or die roll under way.
    CommitShare { commitment: ShareCommitment },
    /// The opening of your share.
    OpenShare { value: [u8; 32], salt: Salt },
    /// Answer a class declaration: the places asked about whose cards are monsters (the
    /// others are spells or traps).
    DeclareClass { monsters: Vec<Place> },
}

impl Answer {
    pub fn kind(&self) -> &'static str {
        match self {
            Answer::OpenDraw { .. } => "open-draw",
            Answer::Reveal { .. } => "reveal",
            Answer::Declare { .. } => "declare",
            Answer::DeclareClass { .. } => "declare-class",
            Answer::RecommitDeck { .. } => "recommit-deck",
            Answer::PermuteDeck { .. } => "permute-deck",
            Answer::CommitShare { .. } => "commit-share",
            Answer::OpenShare { .. } => "open-share",
        }
    }
}

/// Either kind of entry a seat writes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entry {
    Action(Action),
    Answer(Answer),
}

impl Entry {
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Action(action) => action.kind(),
            Entry::Answer(answer) => answer.kind(),
        }
    }
}

impl From<Action> for Entry {
    fn from(action: Action) -> Entry {
        Entry::Action(action)
    }
}

impl From<Answer> for Entry {
    fn from(answer: Answer) -> Entry {
        Entry::Answer(answer)
    }
}
