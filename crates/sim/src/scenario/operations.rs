//! The operations of a `propose-outcome` step, as scenario files write them:
//!
//! ```toml
//! operations = [
//!   { op = "move", from = "seat1-front2", to = "graveyard" },
//!   { op = "move", from = "seat0-hand1", to = "seat0-front3", position = "defence" },
//!   { op = "move", from = "seat0-hand2", to = "seat0-front4", position = "hidden-attack" },
//!   { op = "life-points", seat = 1, amount = -500 },
//!   { op = "stats", at = "seat0-front1", atk = 500, until = "end-of-turn" },
//!   { op = "change-position", at = "seat1-front1" },
//!   { op = "draw", seat = 0, count = 2 },
//!   { op = "declare", text = "Dragon" },
//!   { op = "search", seat = 0 },
//!   { op = "move", from = "seat0-hand2", to = "deck" },
//!   { op = "shuffle", seat = 1 },
//!   { op = "destroy", at = "seat1-front2", destruction_damage = true },
//!   { op = "battle-lock", at = "seat1-front1", turns = 2 },
//!   { op = "control", at = "seat1-front2", seat = 0, to = "seat0-front1", until = "end-of-turn" },
//!   { op = "counters", at = "seat0-back1", change = 2 },
//!   { op = "mill", seat = 1, count = 2 },
//!   { op = "level", at = "seat0-front1", change = -2, until = "end-of-turn" },
//!   { op = "move", from = "seat0-grave1", to = "deck-top" },
//!   { op = "move", from = "seat1-front1", to = "deck-bottom" },
//!   { op = "from-extra-deck", card = 501, to = "seat0-front2" },
//!   { op = "extra-deck-summon", card = 113, to = "seat0-front3",
//!     materials = ["seat0-front1", "seat0-hand2"] },
//!   { op = "terrain", at = "seat1-front2", terrain = "Forest" },
//!   { op = "equip", at = "seat0-back2", to = "seat0-front1" },
//!   { op = "lose-duel", seat = 0 },
//!   { op = "win-duel", seat = 1 },
//!   { op = "token", card = 141, to = "seat0-front4", position = "defence" },
//!   { op = "each-player-draw", count = 1 },   (also each-player-mill, each-player-shuffle,
//!                                              each-player-life-points with `amount`)
//! ]
//!
//! `from-extra-deck` takes the first copy of `card` in the proposer's Extra Deck, opened by
//! them (`to` as for `move`); `extra-deck-summon` summons it by its own mechanic (Kingdom
//! Duels' Fusion, Ritual, Alter and Integration) onto the zone `to` (`position` as for
//! `move`) from the `materials` named.
//! ```
//!
//! A hand, graveyard or banished card is `seatN-handK`, `seatN-graveK` or `seatN-banishedK`,
//! K counted from 1.

use serde::Deserialize;

use fairduel_engine::agreement::{Destination, EachPlayerStep, Operation};
use fairduel_engine::card::Duration;
use fairduel_engine::commitment::{CardRef, Reveal};
use fairduel_engine::duel::Duel;
use fairduel_engine::place::{Place, Zone};
use fairduel_engine::seat::Seat;
use fairduel_engine::source::SourceError;

use super::{Scenario, parse_place};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawOperation {
    op: String,
    from: Option<String>,
    to: Option<String>,
    at: Option<String>,
    position: Option<String>,
    seat: Option<u8>,
    amount: Option<i32>,
    atk: Option<i16>,
    def: Option<i16>,
    until: Option<String>,
    count: Option<u8>,
    text: Option<String>,
    destruction_damage: Option<bool>,
    turns: Option<u8>,
    change: Option<i8>,
    card: Option<u16>,
    materials: Option<Vec<String>>,
    terrain: Option<String>,
    /// `detach`: which card beneath, counted from 0.
    index: Option<u8>,
}

/// The proposer's Extra Deck card of a number, with its opening.
pub(super) type ExtraDeckCard<'a> = &'a dyn Fn(u16) -> Option<(CardRef, Reveal)>;

pub(super) fn parse_operations(
    sc: &Scenario,
    line: usize,
    raw: &[RawOperation],
    duel: &Duel,
    extra_deck_card: ExtraDeckCard<'_>,
) -> Result<Vec<Operation>, SourceError> {
    raw.iter()
        .map(|r| parse_operation(sc, line, r, duel, extra_deck_card))
        .collect()
}

fn parse_operation(
    sc: &Scenario,
    line: usize,
    raw: &RawOperation,
    duel: &Duel,
    extra_deck_card: ExtraDeckCard<'_>,
) -> Result<Operation, SourceError> {
    let need = |value: &Option<String>, name: &str| -> Result<String, SourceError> {
        value
            .clone()
            .ok_or_else(|| sc.err(line, format!("a \"{}\" operation needs `{name}`", raw.op)))
    };
    let seat = || -> Result<Seat, SourceError> {
        raw.seat
            .map(Seat)
            .ok_or_else(|| sc.err(line, format!("a \"{}\" operation needs `seat`", raw.op)))
    };
    Ok(match raw.op.as_str() {
        "move" => Operation::Move {
            from: card_place(sc, line, &need(&raw.from, "from")?, duel)?,
            to: destination(sc, line, raw, &need(&raw.to, "to")?, duel)?,
        },
        "from-extra-deck" => {
            let id = raw
                .card
                .ok_or_else(|| sc.err(line, "a \"from-extra-deck\" operation needs `card`"))?;
            let (card_ref, reveal) = extra_deck_card(id).ok_or_else(|| {
                sc.err(line, format!("no card {id} in the proposer's Extra Deck"))
            })?;
            Operation::FromExtraDeck {
                card_ref,
                reveal,
                to: destination(sc, line, raw, &need(&raw.to, "to")?, duel)?,
            }
        }
        "extra-deck-summon" => {
            let id = raw
                .card
                .ok_or_else(|| sc.err(line, "an \"extra-deck-summon\" operation needs `card`"))?;
            let (card_ref, reveal) = extra_deck_card(id).ok_or_else(|| {
                sc.err(line, format!("no card {id} in the proposer's Extra Deck"))
            })?;
            let materials = raw
                .materials
                .iter()
                .flatten()
                .map(|m| card_place(sc, line, m, duel))
                .collect::<Result<Vec<_>, _>>()?;
            Operation::ExtraDeckSummon {
                card_ref,
                reveal,
                to: parse_place(sc, line, &need(&raw.to, "to")?, duel)?,
                defence: defence(sc, line, raw)?,
                materials,
            }
        }
        "token" => Operation::Token {
            card: fairduel_engine::CardId(
                raw.card
                    .ok_or_else(|| sc.err(line, "a \"token\" operation needs `card`"))?,
            ),
            to: parse_place(sc, line, &need(&raw.to, "to")?, duel)?,
            defence: defence(sc, line, raw)?,
        },
        "attach" => Operation::Attach {
            from: card_place(sc, line, &need(&raw.from, "from")?, duel)?,
            to: parse_place(sc, line, &need(&raw.to, "to")?, duel)?,
        },
        "detach" => Operation::Detach {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            index: raw
                .index
                .ok_or_else(|| sc.err(line, "a \"detach\" operation needs `index`"))?,
        },
        "equip" => Operation::Equip {
            equip: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            to: parse_place(sc, line, &need(&raw.to, "to")?, duel)?,
        },
        "terrain" => {
            let name = need(&raw.terrain, "terrain")?;
            let terrain = duel.pool().terrain_by_name(&name).ok_or_else(|| {
                sc.err(line, format!("the format has no terrain named \"{name}\""))
            })?;
            Operation::Terrain {
                at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
                terrain: terrain.id,
            }
        }
        "life-points" => Operation::LifePoints {
            seat: seat()?,
            amount: raw
                .amount
                .ok_or_else(|| sc.err(line, "a \"life-points\" operation needs `amount`"))?,
        },
        "stats" => Operation::Stats {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            atk: raw.atk.unwrap_or(0),
            def: raw.def.unwrap_or(0),
            duration: lasting(sc, line, raw)?,
        },
        "level" => Operation::Level {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            change: raw
                .change
                .ok_or_else(|| sc.err(line, "a \"level\" operation needs `change`"))?,
            duration: lasting(sc, line, raw)?,
        },
        "flip" => Operation::Flip {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
        },
        "reveal" => Operation::Reveal {
            at: card_place(sc, line, &need(&raw.at, "at")?, duel)?,
        },
        "change-position" => Operation::ChangePosition {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
        },
        "draw" => Operation::Draw {
            seat: seat()?,
            count: raw.count.unwrap_or(1),
        },
        "declare" => Operation::Declare {
            text: need(&raw.text, "text")?,
        },
        "lose-duel" => Operation::LoseDuel { seat: seat()? },
        "win-duel" => Operation::WinDuel { seat: seat()? },
        "mill" => Operation::Mill {
            seat: seat()?,
            count: raw.count.unwrap_or(1),
        },
        // "Each player" / "both players": every player still in the duel, in turn order.
        "each-player-draw" => Operation::EachPlayer {
            step: EachPlayerStep::Draw {
                count: raw.count.unwrap_or(1),
            },
        },
        "each-player-mill" => Operation::EachPlayer {
            step: EachPlayerStep::Mill {
                count: raw.count.unwrap_or(1),
            },
        },
        "each-player-life-points" => Operation::EachPlayer {
            step: EachPlayerStep::LifePoints {
                amount: raw.amount.ok_or_else(|| {
                    sc.err(
                        line,
                        "an \"each-player-life-points\" operation needs `amount`",
                    )
                })?,
            },
        },
        "each-player-shuffle" => Operation::EachPlayer {
            step: EachPlayerStep::Shuffle,
        },
        "search" => Operation::Search { seat: seat()? },
        "shuffle" => Operation::Shuffle { seat: seat()? },
        "destroy" => Operation::Destroy {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            destruction_damage: raw.destruction_damage.unwrap_or(false),
        },
        "counters" => Operation::Counters {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            change: raw
                .change
                .ok_or_else(|| sc.err(line, "a \"counters\" operation needs `change`"))?,
        },
        // Control changes hands: `seat` takes the card at `at`, which goes to `to` (its own
        // zone when `to` is left out); `until = "end-of-turn"` gives it back then.
        "control" => {
            let at = parse_place(sc, line, &need(&raw.at, "at")?, duel)?;
            let to = match &raw.to {
                Some(to) => parse_place(sc, line, to, duel)?,
                None => at,
            };
            let for_the_turn = match raw.until.as_deref() {
                None | Some("leaves") => false,
                Some("end-of-turn") => true,
                Some(other) => {
                    return Err(sc.err(
                        line,
                        format!("until = \"{other}\": a control change lasts until end-of-turn or for good (leave it out)"),
                    ));
                }
            };
            Operation::Control {
                at,
                seat: seat()?,
                to,
                for_the_turn,
            }
        }
        "battle-lock" => Operation::BattleLock {
            at: parse_place(sc, line, &need(&raw.at, "at")?, duel)?,
            turns: raw.turns.unwrap_or(0),
        },
        other => {
            return Err(sc.err(
                line,
                format!(
                    "unknown operation \"{other}\" (move, life-points, stats, level, change-position, \
                     flip, reveal, draw, mill, from-extra-deck, extra-deck-summon, terrain, equip, declare, \
                     search, shuffle, destroy, battle-lock, counters, control, token, lose-duel, win-duel, each-player-draw, \
                     each-player-mill, each-player-life-points, each-player-shuffle)"
                ),
            ));
        }
    })
}

/// How long a `stats` or `level` change lasts: `until` or `turns`.
fn lasting(sc: &Scenario, line: usize, raw: &RawOperation) -> Result<Duration, SourceError> {
    Ok(match (raw.until.as_deref(), raw.turns) {
        (_, Some(n)) => Duration::Turns(n),
        (None | Some("leaves"), None) => Duration::Permanent,
        (Some("end-of-turn"), None) => Duration::EndOfTurn,
        (Some(other), None) => {
            return Err(sc.err(
                line,
                format!(
                    "until = \"{other}\": write end-of-turn or leaves (or turns = N for N of \
                     its controller's turns)"
                ),
            ));
        }
    })
}

/// Where a `move` or `from-extra-deck` sends its card.
fn destination(
    sc: &Scenario,
    line: usize,
    raw: &RawOperation,
    to: &str,
    duel: &Duel,
) -> Result<Destination, SourceError> {
    Ok(match to {
        "hand" => Destination::Hand,
        "graveyard" => Destination::Graveyard,
        "banished" => Destination::Banished,
        "deck" => Destination::Deck,
        "deck-top" => Destination::DeckTop,
        "deck-bottom" => Destination::DeckBottom,
        "rule-zone" => Destination::RuleZone,
        zone => {
            let at = parse_place(sc, line, zone, duel)?;
            match raw.position.as_deref() {
                Some("hidden-attack") => Destination::HiddenField { at, defence: false },
                Some("hidden-defence" | "hidden-defense") => {
                    Destination::HiddenField { at, defence: true }
                }
                _ => Destination::Field {
                    at,
                    defence: defence(sc, line, raw)?,
                },
            }
        }
    })
}

/// Whether `position` asks for DEF Position.
fn defence(sc: &Scenario, line: usize, raw: &RawOperation) -> Result<bool, SourceError> {
    match raw.position.as_deref() {
        None | Some("attack") => Ok(false),
        Some("defence" | "defense") => Ok(true),
        Some(other) => Err(sc.err(
            line,
            format!(
                "position \"{other}\": write attack or defence (hidden-attack or \
                 hidden-defence for a move onto a zone)"
            ),
        )),
    }
}

/// A zone of the field, `seatN-handK` / `seatN-graveK` / `seatN-banishedK`, or `seatN-dmz`
/// (the Deck Master Zone).
fn card_place(sc: &Scenario, line: usize, text: &str, duel: &Duel) -> Result<Place, SourceError> {
    let pile = text.trim().strip_prefix("seat").and_then(|rest| {
        let (seat, pile) = rest.split_once('-')?;
        let seat: u8 = seat.parse().ok()?;
        let (zone, slot) = if let Some(k) = pile.strip_prefix("hand") {
            (Zone::Hand, k)
        } else if let Some(k) = pile.strip_prefix("grave") {
            (Zone::Graveyard, k)
        } else if let Some(k) = pile.strip_prefix("banished") {
            (Zone::Banished, k)
        } else if pile == "dmz" {
            (Zone::DeckMaster, "1")
        } else if let Some(k) = pile.strip_prefix("rule") {
            (Zone::Rule, k)
        } else {
            return None;
        };
        let slot: u8 = slot.parse::<u8>().ok()?.checked_sub(1)?;
        Some(Place::Zone {
            side: Seat(seat),
            zone,
            slot,
        })
    });
    match pile {
        Some(place) => Ok(place),
        None => parse_place(sc, line, text, duel),
    }
}
