//! What happened, for logs, the app's event list and the protocol's reveal bookkeeping.

use serde::{Deserialize, Serialize};

use crate::agreement::{Destination, Operation};
use crate::card::{Attribute, CardId, MonsterType};
use crate::commitment::Commitment;
use crate::place::Place;
use crate::seat::{Seat, SeatSet};
use crate::state::{Outcome, Phase, WinReason};
use crate::terrain::Terrain;

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Event {
    TurnStarted {
        seat: Seat,
        turn: u16,
    },
    /// The top card of the deck went to the hand; only its owner learns what it is.
    Drew {
        seat: Seat,
        commitment: Commitment,
    },
    /// A monster's level changed; `level` is its level now.
    LevelChanged {
        at: Place,
        level: u8,
    },
    /// The top card of the deck went to the graveyard; its owner opens it for everyone.
    Milled {
        seat: Seat,
        commitment: Commitment,
    },
    SummoningPoints {
        seat: Seat,
        now: u8,
    },
    /// A card was played from the hand; `card` is `None` when it went down face-down.
    Played {
        seat: Seat,
        at: Place,
        card: Option<CardId>,
    },
    Equipped {
        at: Place,
        card: CardId,
    },
    /// A monster played beyond the monster limit went straight to the banished cards
    /// (Kairu's Shadow Realm).
    BanishedOverLimit {
        seat: Seat,
        card: CardId,
    },
    /// A Ritual spell summoned its Ritual Monster from `seat`'s Extra Deck onto `at`.
    RitualSummoned {
        seat: Seat,
        card: CardId,
        at: Place,
    },
    /// Two monsters fused into `card`, summoned from the Extra Deck at `at`; `materials`
    /// went to the graveyard.
    FusionSummoned {
        seat: Seat,
        card: CardId,
        at: Place,
        materials: Vec<CardId>,
    },
    /// The power-up `power_up` changed the monster `from` at `at` into `into`, from `seat`'s
    /// Extra Deck; the monster and the power-up went to the graveyard.
    Transformed {
        seat: Seat,
        at: Place,
        from: CardId,
        into: CardId,
        /// The power-up that changed it; `None` for a monster that evolved by its turns in
        /// defence.
        power_up: Option<CardId>,
    },
    /// A Ritual spell resolved with no effect: its controller summoned nothing.
    RitualDeclined {
        seat: Seat,
        card: CardId,
    },
    Moved {
        from: Place,
        to: Place,
    },
    Flipped {
        at: Place,
        card: CardId,
    },
    Revealed {
        owner: Seat,
        commitment: Commitment,
        card: CardId,
    },
    PositionChanged {
        at: Place,
        defence: bool,
    },
    AttackDeclared {
        from: Place,
        target: Place,
    },
    AttackNegated {
        from: Place,
    },
    Battle {
        attacker: Place,
        target: Place,
        attack: i32,
        defence: i32,
    },
    Destroyed {
        owner: Seat,
        card: Option<CardId>,
        at: Place,
    },
    Discarded {
        seat: Seat,
        card: CardId,
    },
    Damage {
        seat: Seat,
        amount: u32,
        life_points: u32,
    },
    Healed {
        seat: Seat,
        amount: u32,
        life_points: u32,
    },
    TerrainChanged {
        at: Place,
        terrain: Terrain,
    },
    Spellbound {
        at: Place,
    },
    Released {
        at: Place,
    },
    StatsChanged {
        at: Place,
        atk: i32,
        def: i32,
    },
    /// The face-up monster at `at` took another type or attribute (where given).
    Retyped {
        at: Place,
        monster_type: Option<MonsterType>,
        attribute: Option<Attribute>,
    },
    EffectResolved {
        card: CardId,
    },
    /// The effect of `card` picked the cell `at` at random (a joint draw of every seat).
    PickedAtRandom {
        card: CardId,
        at: Place,
    },
    SpellNegated {
        card: CardId,
    },
    /// The whim of `card` at `at` (Goddess of Whim) changed its ATK and DEF by `change` for
    /// the battle it enters.
    Whim {
        at: Place,
        card: CardId,
        change: i16,
    },
    /// The trap `card` at `at` was answered by a trap that nullifies it (Royal Decree).
    TrapNegated {
        at: Place,
        card: CardId,
    },
    TrapSprung {
        at: Place,
        card: CardId,
    },
    ResponseWindow {
        seat: Seat,
    },
    ClaimRecorded {
        owner: Seat,
        commitment: Commitment,
    },
    ClaimKept {
        commitment: Commitment,
    },
    LeaderStuck {
        seat: Seat,
        turns: u8,
    },
    Conceded {
        seat: Seat,
    },
    /// A player left the game (life points, deck out, a trapped Deck Leader, concession);
    /// the others play on where more than one side is left.
    PlayerRemoved {
        seat: Seat,
        reason: WinReason,
    },
    /// The opponent an effect that says "your opponent" is aimed at.
    OpponentChosen {
        seat: Seat,
        opponent: Seat,
    },
    DuelEnded {
        outcome: Outcome,
    },
    /// The turn player moved on to another phase.
    PhaseChanged {
        seat: Seat,
        phase: Phase,
    },
    /// `seat` redirected the attack of the monster at `from` onto its own at `to`.
    AttackRedirected {
        seat: Seat,
        from: Place,
        to: Place,
    },
    /// A player ended a turn idle (Kingdom Duels' idleness rule).
    IdleWarning {
        seat: Seat,
        warnings: u8,
    },
    /// `seat` proposed ending the duel by agreement (Battle Royale).
    EndProposed {
        seat: Seat,
    },
    /// `seat` agreed to the proposed end.
    EndAgreed {
        seat: Seat,
    },
    /// `seat` refused the proposed end: the duel goes on.
    EndRefused {
        seat: Seat,
    },
    /// `seat` activated the card at `at`.
    Activated {
        seat: Seat,
        at: Place,
        card: CardId,
    },
    /// `seat` proposed this outcome for `card`, resolving by agreement (an empty one: no
    /// effect).
    OutcomeProposed {
        seat: Seat,
        card: CardId,
        operations: Vec<Operation>,
    },
    OutcomeAccepted {
        seat: Seat,
    },
    OutcomeRefused {
        seat: Seat,
    },
    /// `card`'s effect resolved by agreement: the seats in `agreed` accepted its outcome.
    ResolvedByAgreement {
        card: CardId,
        agreed: SeatSet,
    },
    /// `card` resolved with no effect (its controller proposed none, or every proposal was
    /// refused).
    ResolvedWithoutEffect {
        card: CardId,
    },
    /// Step `index` of an accepted outcome could not be done once the hidden cards were
    /// opened, and was skipped.
    OperationSkipped {
        index: u8,
        why: String,
    },
    /// A card moved by an effect (`card` is `None` while it stays hidden).
    CardMoved {
        from: Place,
        to: Destination,
        card: Option<CardId>,
    },
    /// `seat` searched their deck and took `card` into their hand (`None`: found nothing).
    SearchedDeck {
        seat: Seat,
        card: Option<CardId>,
    },
    /// Kingdom Duels' Setup Phase: `seat` replaced as many starting cards with `taken`, the
    /// Cardlist cards of their Duelist Setup, and shuffles their deck.
    StartingCardsSwapped {
        seat: Seat,
        taken: Vec<CardId>,
    },
    /// Kingdom Duels' Setup Phase: `seat` kept their starting hand.
    StartingHandKept {
        seat: Seat,
    },
    /// A draw from `owner`'s deck reached the position of a card a search took, and moved
    /// on to the next position.
    PositionPassed {
        owner: Seat,
    },
    /// `owner`'s deck was shuffled (after a search, or by an effect).
    DeckShuffled {
        owner: Seat,
    },
    /// A coin toss or die roll called for by the effect being resolved came out `result`
    /// (a coin: 0 heads, 1 tails; a die: its face).
    ChanceDecided {
        chance: crate::chance::Chance,
        result: u8,
    },
    /// `seat` paid `amount` life points as a cost (Domain Format: a Deck Master's summon
    /// after its returns).
    LifePointsPaid {
        seat: Seat,
        amount: u32,
        life_points: u32,
    },
    /// `seat` Normal Summoned or Set its Deck Master from the Deck Master Zone at `at`.
    DeckMasterSummoned {
        seat: Seat,
        at: Place,
        card: CardId,
        face_up: bool,
    },
    /// `seat`'s Deck Master went back to the Deck Master Zone from `from`.
    DeckMasterReturned {
        seat: Seat,
        card: CardId,
        from: crate::player::DeckMasterPlace,
    },
    /// A card of a player removed from the duel left the game with them from `at`.
    LeftWithPlayer {
        owner: Seat,
        card: Option<CardId>,
        at: Place,
    },
    /// A card a removed player controlled went back to its owner, from `from` to `to`
    /// (`None`: to the owner's graveyard, no zone being free).
    ReturnedToOwner {
        owner: Seat,
        from: Place,
        to: Option<Place>,
    },
    /// `seat` kept its Deck Master where it is (`at`).
    DeckMasterKept {
        seat: Seat,
        at: crate::player::DeckMasterPlace,
    },
    /// A revival spell of `seat`'s brought `card` back from `from`'s graveyard onto `at`.
    Revived {
        seat: Seat,
        card: CardId,
        from: Seat,
        at: Place,
    },
    /// `seat` took control of the card at `from`, now at `to`.
    ControlTaken {
        seat: Seat,
        card: Option<CardId>,
        from: Place,
        to: Place,
    },
    /// The card just set at `at` keeps hidden whether it is a monster or a spell/trap (the
    /// bluff).
    ClassHidden {
        seat: Seat,
        at: Place,
    },
    /// The class-hidden card at `at` showed it is a monster by doing what only a monster
    /// does (changing its battle position, or being tributed).
    ShownAsMonster {
        at: Place,
    },
    /// The class-hidden card at `at` was declared a spell or trap (an effect reaching
    /// monsters asked its owner).
    ShownAsSpellTrap {
        at: Place,
    },
    /// `seat` declared the class of `count` class-hidden cards an effect reaching cards by
    /// their class asked about.
    ClassesDeclared {
        seat: Seat,
        count: u8,
    },
    /// Control of the card at `from` went back to its owner; it is now at `to`.
    ControlReturned {
        owner: Seat,
        from: Place,
        to: Place,
    },
    /// The face-up card at `at` was turned face-down (by an agreed outcome).
    TurnedFaceDown {
        at: Place,
    },
    /// The card game's field: `card` became link `link` of the chain (1 is the first).
    ChainLinkAdded {
        link: u8,
        card: CardId,
    },
    /// Link `link` of the chain, `card`, resolves now (the newest first).
    ChainLinkResolves {
        link: u8,
        card: CardId,
    },
    /// `card`, on the chain for `seat`, left it unresolved: `seat` left the duel.
    ChainLinkDropped {
        seat: Seat,
        card: CardId,
    },
    /// `seat` played the Symbol card `card`, with `charges` charges, to its Rule Zone.
    SymbolPlayed {
        seat: Seat,
        card: CardId,
        charges: u8,
    },
    /// `seat` activated an effect of its Symbol card `card` for `charges` charges; `left`
    /// remain.
    SymbolUsed {
        seat: Seat,
        card: CardId,
        charges: u8,
        left: u8,
    },
    /// `seat` summoned `card` from its Extra Deck onto `at` by its own mechanic, from
    /// `materials` materials.
    SummonedFromExtraDeck {
        seat: Seat,
        card: CardId,
        method: crate::agreement::extra_deck_summon::SummonMethod,
        at: Place,
        materials: u8,
    },
    /// `card`, attached beneath a card that left the field, went to its owner's graveyard.
    AttachedCardToGraveyard {
        owner: Seat,
        card: CardId,
    },
    /// `seat` declared an Integration Summon of `card`, shown from its Extra Deck: the
    /// summon itself is agreed.
    IntegrationSummonDeclared {
        seat: Seat,
        card: CardId,
    },
    /// `seat`'s `card` at `from` STRIKEd the terrain marker over `target` (terrain number
    /// `terrain`); its effect is the chain link that follows.
    Struck {
        seat: Seat,
        from: Place,
        card: CardId,
        target: Place,
        terrain: u8,
    },
    /// The card game's field: `card` at `at` is equipped to the monster at `target`.
    EquippedTo {
        card: CardId,
        at: Place,
        target: Place,
    },
    /// The card game's field: the terrain marker over `at` became terrain number `terrain`.
    MarkerChanged {
        at: Place,
        terrain: u8,
    },
    /// `seat` declared a Synchro, Xyz or Link Summon of `card`, shown from its Extra Deck:
    /// the summon itself is agreed.
    ExtraDeckSummonDeclared {
        seat: Seat,
        card: CardId,
    },
    /// `seat` made their Destiny Draw: a card of their destiny pile, taken at a jointly
    /// random place, went to their hand; only they learn what it is.
    DestinyDrew {
        seat: Seat,
        commitment: Commitment,
    },
    /// `seat` Pendulum Summoned the monsters `summoned` (each with where it went).
    PendulumSummoned {
        seat: Seat,
        summoned: Vec<(Place, CardId)>,
    },
    /// The Pendulum Monster `card` of `owner`'s, leaving the field at `from` for the
    /// graveyard, went face-up to their Extra Deck instead.
    ToFaceUpExtraDeck {
        owner: Seat,
        card: CardId,
        from: Place,
    },
    /// `seat` activated the Normal Rule card `card` from their Extra Deck into their Rule
    /// Zone, its KEYWORD condition met by their face-up card at `keyword_card`.
    RuleCardActivated {
        seat: Seat,
        card: CardId,
        keyword_card: Place,
    },
    /// An agreed outcome of `by`'s effect activated `seat`'s Normal Rule card `card` from
    /// their Extra Deck into their Rule Zone (its RELIANCE condition names `by`).
    RuleCardActivatedByReliance {
        seat: Seat,
        card: CardId,
        by: CardId,
    },
    /// `seat`'s Rule card `card` left the Rule Zone and went back to their Extra Deck
    /// (moved by an outcome, or the card it relied on left the field).
    RuleCardReturned {
        seat: Seat,
        card: CardId,
    },
    /// Kingdom Duels' Persist: the time of `card` at `at` ended with this turn, and it goes
    /// to the graveyard.
    PersistEnded {
        at: Place,
        card: CardId,
    },
    /// `card` was attached beneath the monster at `at` by an agreed outcome.
    AttachedBeneath {
        at: Place,
        card: CardId,
    },
    /// `seat` detached `card` from beneath their card at `at` into its owner's graveyard,
    /// activating its DETACH effect.
    Detached {
        seat: Seat,
        at: Place,
        card: CardId,
    },
    /// Kingdom Duels: the FLIP effect of `card`, turned face-up at `at`, is activated by
    /// itself for `seat`.
    FlipEffectActivated {
        seat: Seat,
        at: Place,
        card: CardId,
    },
    /// A Token `card` was brought onto the field at `at` for `seat` by an effect.
    TokenCreated {
        seat: Seat,
        at: Place,
        card: CardId,
    },
    /// The Token `card` left the field from `at` and was removed from the game.
    TokenRemoved {
        at: Place,
        card: CardId,
    },
    /// Kingdom Duels: `seat` flipped their Continuous Trap `card` at `at` face-up before its
    /// Trigger was met; its effect waits for the Trigger.
    FlippedBeforeTrigger {
        seat: Seat,
        at: Place,
        card: CardId,
    },
    /// Kingdom Duels: `seat` let an event go by without activating a trap whose Trigger it
    /// met, and got Idle Warning `warnings` (`None`: they already had the format's
    /// warnings, and lose the duel).
    TriggeredTrapLeft {
        seat: Seat,
        warnings: Option<u8>,
    },
    /// Domain Format: `seat`'s card `card`, just activated, targets the opponent `target`
    /// (`None`: no opponent).
    OpponentTargeted {
        seat: Seat,
        card: CardId,
        target: Option<Seat>,
    },
    /// Kingdom Duels' Setup Phase: `seat` belongs to `side`, by their own choice (`chosen`)
    /// or because the choices before settled it (a teammate's, the opposing side's).
    SideTaken {
        seat: Seat,
        side: crate::field::Side,
        chosen: bool,
    },
    /// Kingdom Duels' Battle Royale: `seat` joined the duel as `after`'s turn ended, next in
    /// the rotation.
    JoinedDuel {
        seat: Seat,
        after: Seat,
    },
    /// `seat` Integration Summoned an unseen monster from its Extra Deck onto `at`, Hidden in
    /// DEF (`defence`) or ATK Position, eroding `materials` cards set apart unseen.
    HiddenIntegrationSummoned {
        seat: Seat,
        at: Place,
        defence: bool,
        materials: u8,
    },
    /// `summoner`'s Hidden Integration Summon came to light: its materials are opened and
    /// judged.
    SetApartOpened {
        summoner: Seat,
    },
    /// `judge` found the materials set apart for `summoner`'s Hidden Integration Summon
    /// proper, or not (`proper`).
    MaterialsJudged {
        summoner: Seat,
        judge: Seat,
        proper: bool,
    },
    /// The grid: the effect of `by` made `card` from nothing for `seat` at `at`, face-up or
    /// face-down (`face_up`).
    MonsterMade {
        seat: Seat,
        at: Place,
        card: CardId,
        by: CardId,
        face_up: bool,
    },
    /// The grid: the effect of `by` turned the monster `from` at `at` into `into`, made
    /// from nothing; `from` went to its owner's graveyard.
    TurnedInto {
        at: Place,
        from: CardId,
        into: CardId,
        by: CardId,
    },
    /// The grid: `card`, made from nothing, would have gone from `from` to a hand or a deck,
    /// and was removed from the game instead.
    MadeMonsterRemoved {
        from: Place,
        card: CardId,
    },
}
