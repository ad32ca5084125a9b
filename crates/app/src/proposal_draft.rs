//! The outcome being written in the proposal editor, apart from the widgets that edit it:
//! which step comes next, its fields, and the engine operation they make.

use fairduel_engine::agreement::{Destination, EachPlayerStep, Operation};
use fairduel_engine::card::Duration;
use fairduel_engine::commitment::CardRef;
use fairduel_engine::format::Family;
use fairduel_engine::{Place, Seat};

use crate::session::SeatView;

/// Which operation the editor adds next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StepKind {
    #[default]
    Move,
    LifePoints,
    Stats,
    Level,
    Position,
    Flip,
    Reveal,
    Destroy,
    BattleLock,
    Counters,
    Draw,
    Mill,
    Search,
    Shuffle,
    FromExtraDeck,
    ExtraDeckSummon,
    Terrain,
    Equip,
    Declare,
    LoseDuel,
    WinDuel,
    Token,
    Control,
    Attach,
    Detach,
}

impl StepKind {
    pub(super) const ALL: [StepKind; 25] = [
        StepKind::Move,
        StepKind::LifePoints,
        StepKind::Stats,
        StepKind::Level,
        StepKind::Position,
        StepKind::Flip,
        StepKind::Reveal,
        StepKind::Destroy,
        StepKind::BattleLock,
        StepKind::Counters,
        StepKind::Draw,
        StepKind::Mill,
        StepKind::Search,
        StepKind::Shuffle,
        StepKind::FromExtraDeck,
        StepKind::ExtraDeckSummon,
        StepKind::Terrain,
        StepKind::Equip,
        StepKind::Declare,
        StepKind::LoseDuel,
        StepKind::WinDuel,
        StepKind::Token,
        StepKind::Control,
        StepKind::Attach,
        StepKind::Detach,
    ];

    /// Whether the family's rules know the step: Battle Lock, counters and Extra Deck
    /// summons by their own mechanic are the card game's field's.
    pub(super) fn in_family(self, family: Family) -> bool {
        !matches!(
            (self, family),
            (
                StepKind::BattleLock
                    | StepKind::Counters
                    | StepKind::ExtraDeckSummon
                    | StepKind::Terrain
                    | StepKind::Equip
                    | StepKind::Token,
                Family::Grid
            )
        )
    }

    pub(super) fn label(self) -> &'static str {
        match self {
            StepKind::Move => "Move a card",
            StepKind::LifePoints => "Life points",
            StepKind::Stats => "ATK / DEF",
            StepKind::Level => "Level",
            StepKind::Position => "Change position",
            StepKind::Flip => "Turn over",
            StepKind::Reveal => "Show a hidden card",
            StepKind::Destroy => "Destroy a monster",
            StepKind::BattleLock => "Battle Lock",
            StepKind::Counters => "Counters",
            StepKind::Draw => "Draw",
            StepKind::Mill => "Mill (deck to graveyard)",
            StepKind::Search => "Search a deck",
            StepKind::Shuffle => "Shuffle a deck",
            StepKind::FromExtraDeck => "From my Extra Deck",
            StepKind::ExtraDeckSummon => "Fusion, Ritual, Alter or Integration Summon",
            StepKind::Terrain => "Terrain marker",
            StepKind::Equip => "Equip to a monster",
            StepKind::Declare => "Declare",
            StepKind::LoseDuel => "A player loses the duel",
            StepKind::WinDuel => "A player wins the duel",
            StepKind::Token => "Bring a Token",
            StepKind::Control => "Take control",
            StepKind::Attach => "Attach beneath a monster",
            StepKind::Detach => "Detach a material",
        }
    }
}

/// How long an ATK/DEF change lasts, as the editor offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Lasting {
    #[default]
    WhileOnField,
    EndOfTurn,
    Turns,
}

/// Where a moved card goes, as the editor offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DestinationKind {
    Hand,
    #[default]
    Graveyard,
    Banished,
    Deck,
    DeckTop,
    DeckBottom,
    Zone,
    /// The card game's field: a Frontrow zone, the monster Hidden (face-down).
    HiddenZone,
    /// Kingdom Duels: my Rule Zone, for a Rule card of my Extra Deck.
    RuleZone,
}

impl DestinationKind {
    pub(super) const ALL: [DestinationKind; 9] = [
        DestinationKind::Hand,
        DestinationKind::Graveyard,
        DestinationKind::Banished,
        DestinationKind::Deck,
        DestinationKind::DeckTop,
        DestinationKind::DeckBottom,
        DestinationKind::Zone,
        DestinationKind::HiddenZone,
        DestinationKind::RuleZone,
    ];

    pub(super) fn label(self) -> &'static str {
        match self {
            DestinationKind::Hand => "to its owner's hand",
            DestinationKind::Graveyard => "to the graveyard",
            DestinationKind::Banished => "banished (Kingdom Duels: eroded)",
            DestinationKind::Deck => "shuffled into its owner's deck",
            DestinationKind::DeckTop => "on top of its owner's deck",
            DestinationKind::DeckBottom => "at the bottom of its owner's deck",
            DestinationKind::Zone => "to a zone",
            DestinationKind::HiddenZone => "to a zone, Hidden (face-down)",
            DestinationKind::RuleZone => "to my Rule Zone (a Rule card relying on this card)",
        }
    }
}

/// Which field of the step being written a click on the board fills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// The card the step acts on.
    Card,
    /// The zone a moved card goes to.
    Zone,
}

/// The outcome being written, and the step being added (view state of the match screen).
#[derive(Debug, Clone, Default)]
pub struct ProposalDraft {
    pub operations: Vec<Operation>,
    pub kind: StepKind,
    /// The card the step acts on.
    pub card: Option<Place>,
    /// The card of my Extra Deck a step takes out.
    pub extra_card: Option<CardRef>,
    pub destination: DestinationKind,
    pub zone: Option<Place>,
    pub defence: bool,
    pub seat: Option<Seat>,
    /// The step is for every player in turn order (life points, draws, mills, shuffles).
    pub each_player: bool,
    pub amount: i32,
    pub atk: i16,
    pub def: i16,
    /// How long an ATK/DEF change lasts.
    pub lasting: Lasting,
    /// Turns of its controller a change `Lasting::Turns` lasts.
    pub lasting_turns: u8,
    pub count: u8,
    pub text: String,
    /// A destroyed monster's controller takes Destruction Damage.
    pub destruction_damage: bool,
    /// How many turns a Battle Lock lasts (0: while the monster stays on the field).
    pub turns: u8,
    /// Counters placed (positive) or removed (negative).
    pub counters: i8,
    /// Levels added (positive) or taken away (negative).
    pub levels: i8,
    /// The materials of an Extra Deck summon, in order (an Alter Monster's first).
    pub materials: Vec<Place>,
    /// The terrain a marker becomes, by its number (0: none chosen yet).
    pub terrain: u8,
    /// The Token a step brings onto the field.
    pub token: Option<fairduel_engine::CardId>,
    /// Control changes hands until the end of the turn (else for good).
    pub until_end_of_turn: bool,
    /// Which card beneath the chosen one a detach takes, counted from 0.
    pub beneath: u8,
    /// A click on the board fills this next.
    pub picking: Option<Pick>,
    /// Show the board as the outcome would leave it.
    pub preview: bool,
}

impl ProposalDraft {
    /// Takes a click on the board if the editor is waiting for one; returns whether it did.
    pub fn take_click(&mut self, place: Place) -> bool {
        match self.picking.take() {
            Some(Pick::Card) => self.card = Some(place),
            Some(Pick::Zone) => self.zone = Some(place),
            None => return false,
        }
        true
    }

    /// How long the change being written lasts.
    pub(super) fn duration(&self) -> Duration {
        match self.lasting {
            Lasting::WhileOnField => Duration::Permanent,
            Lasting::EndOfTurn => Duration::EndOfTurn,
            Lasting::Turns => Duration::Turns(self.lasting_turns.max(1)),
        }
    }

    /// Where the step being written sends its card.
    pub(super) fn destination(&self) -> Option<Destination> {
        Some(match self.destination {
            DestinationKind::Hand => Destination::Hand,
            DestinationKind::Graveyard => Destination::Graveyard,
            DestinationKind::Banished => Destination::Banished,
            DestinationKind::Deck => Destination::Deck,
            DestinationKind::DeckTop => Destination::DeckTop,
            DestinationKind::DeckBottom => Destination::DeckBottom,
            DestinationKind::Zone => Destination::Field {
                at: self.zone?,
                defence: self.defence,
            },
            DestinationKind::HiddenZone => Destination::HiddenField {
                at: self.zone?,
                defence: self.defence,
            },
            DestinationKind::RuleZone => Destination::RuleZone,
        })
    }

    /// The step the fields describe, if they describe a whole one. `view` opens my own
    /// Extra Deck card for a step that takes one out.
    pub(super) fn step(&self, view: &SeatView) -> Option<Operation> {
        Some(match self.kind {
            StepKind::Move => Operation::Move {
                from: self.card?,
                to: self.destination()?,
            },
            StepKind::FromExtraDeck => {
                let card_ref = self.extra_card?;
                let commitment = view.duel.state().commitment(card_ref);
                Operation::FromExtraDeck {
                    card_ref,
                    reveal: *view.knowledge.get(&commitment)?,
                    to: self.destination()?,
                }
            }
            StepKind::ExtraDeckSummon => {
                let card_ref = self.extra_card?;
                let commitment = view.duel.state().commitment(card_ref);
                Operation::ExtraDeckSummon {
                    card_ref,
                    reveal: *view.knowledge.get(&commitment)?,
                    to: self.zone?,
                    defence: self.defence,
                    materials: self.materials.clone(),
                }
            }
            StepKind::Token => Operation::Token {
                card: self.token?,
                to: self.zone?,
                defence: self.defence,
            },
            StepKind::Equip => Operation::Equip {
                equip: self.card?,
                to: self.zone?,
            },
            StepKind::Terrain if self.terrain == 0 => return None,
            StepKind::Terrain => Operation::Terrain {
                at: self.zone?,
                terrain: self.terrain,
            },
            StepKind::LifePoints if self.each_player => Operation::EachPlayer {
                step: EachPlayerStep::LifePoints {
                    amount: self.amount,
                },
            },
            StepKind::Draw if self.each_player => Operation::EachPlayer {
                step: EachPlayerStep::Draw {
                    count: self.count.max(1),
                },
            },
            StepKind::Mill if self.each_player => Operation::EachPlayer {
                step: EachPlayerStep::Mill {
                    count: self.count.max(1),
                },
            },
            StepKind::Shuffle if self.each_player => Operation::EachPlayer {
                step: EachPlayerStep::Shuffle,
            },
            StepKind::LifePoints => Operation::LifePoints {
                seat: self.seat?,
                amount: self.amount,
            },
            StepKind::Stats => Operation::Stats {
                at: self.card?,
                atk: self.atk,
                def: self.def,
                duration: self.duration(),
            },
            StepKind::Level if self.levels == 0 => return None,
            StepKind::Level => Operation::Level {
                at: self.card?,
                change: self.levels,
                duration: self.duration(),
            },
            StepKind::Position => Operation::ChangePosition { at: self.card? },
            StepKind::Flip => Operation::Flip { at: self.card? },
            StepKind::Reveal => Operation::Reveal { at: self.card? },
            StepKind::Destroy => Operation::Destroy {
                at: self.card?,
                destruction_damage: self.destruction_damage,
            },
            StepKind::BattleLock => Operation::BattleLock {
                at: self.card?,
                turns: self.turns,
            },
            StepKind::Counters if self.counters == 0 => return None,
            StepKind::Counters => Operation::Counters {
                at: self.card?,
                change: self.counters,
            },
            StepKind::Draw => Operation::Draw {
                seat: self.seat?,
                count: self.count.max(1),
            },
            StepKind::Mill => Operation::Mill {
                seat: self.seat?,
                count: self.count.max(1),
            },
            StepKind::Search => Operation::Search { seat: self.seat? },
            StepKind::Shuffle => Operation::Shuffle { seat: self.seat? },
            StepKind::Control => {
                let at = self.card?;
                Operation::Control {
                    at,
                    seat: self.seat?,
                    to: self.zone.unwrap_or(at),
                    for_the_turn: self.until_end_of_turn,
                }
            }
            StepKind::Attach => Operation::Attach {
                from: self.card?,
                to: self.zone?,
            },
            StepKind::Detach => Operation::Detach {
                at: self.card?,
                index: self.beneath,
            },
            StepKind::LoseDuel => Operation::LoseDuel { seat: self.seat? },
            StepKind::WinDuel => Operation::WinDuel { seat: self.seat? },
            StepKind::Declare if self.text.trim().is_empty() => return None,
            StepKind::Declare => Operation::Declare {
                text: self.text.trim().to_owned(),
            },
        })
    }
}
