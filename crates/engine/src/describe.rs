//! Plain-words descriptions of actions and events, for logs, the terminal and the app.

use crate::action::{Action, Answer, Entry, FusionMaterial, PendulumSource, PlayMode};
use crate::agreement::{Destination, EachPlayerStep, Operation};
use crate::card::Duration;
use crate::duel::Duel;
use crate::place::{Place, Zone};
use crate::state::{Outcome, WinReason};

mod events;
mod field_text;
pub use events::describe_event;
pub use field_text::describe_field;

/// A terrain's name by its number in the format's list.
fn terrain_name(duel: &Duel, terrain: u8) -> String {
    duel.pool()
        .terrain(terrain)
        .map_or_else(|| format!("terrain {terrain}"), |t| t.name.clone())
}

fn card_name(duel: &Duel, id: crate::card::CardId) -> String {
    duel.pool()
        .get(id)
        .map_or_else(|| format!("card {id}"), |c| c.name.clone())
}

/// Describes an action as the public sees it (hidden cards stay hidden).
pub fn describe_action(duel: &Duel, action: &Action) -> String {
    match action {
        Action::Play {
            to,
            mode,
            reveal,
            tributes,
            cost,
            ..
        } => {
            let what = reveal.map_or_else(|| "a card".to_owned(), |r| card_name(duel, r.card));
            let how = match mode {
                PlayMode::Summon => "summons",
                PlayMode::SetMonsterAttack => "sets a monster face-down in attack position",
                PlayMode::SetMonsterDefence => "sets a monster face-down in defence position",
                PlayMode::SetSpellTrap => "sets a spell or trap face-down",
                PlayMode::ActivateSpell => "activates",
                PlayMode::Equip => "equips",
                PlayMode::SummonDefence => "summons in defence position",
                PlayMode::SetCardAttack => "sets a card face-down in attack position",
                PlayMode::SetCardDefence => "sets a card face-down in defence position",
            };
            let mut text = if mode.reveals() {
                format!("{how} {what} at {to}")
            } else {
                format!("{how} at {to}")
            };
            if *cost > 0 {
                text.push_str(&format!(" for {cost} summoning points"));
            }
            if !tributes.is_empty() {
                let names: Vec<String> = tributes.iter().map(ToString::to_string).collect();
                text.push_str(&format!(", tributing {}", names.join(" and ")));
            }
            text
        }
        Action::Move { from, to, flip } => match flip {
            Some(r) => format!(
                "moves {from} to {to}, flipping {} face-up",
                card_name(duel, r.card)
            ),
            None => format!("moves {from} to {to}"),
        },
        Action::Attack { from, target, .. } => format!("attacks {target} from {from}"),
        Action::ProposeEnd => "proposes to end the duel by agreement".to_owned(),
        Action::AgreeToEnd => "agrees to end the duel".to_owned(),
        Action::ChangePosition { at } => format!("changes the position of {at}"),
        Action::Flip { at, reveal } => {
            format!("flips {} face-up at {at}", card_name(duel, reveal.card))
        }
        Action::EndTurn => "ends the turn".to_owned(),
        Action::NextPhase => "moves on to the next phase".to_owned(),
        Action::Redirect { to } => format!("redirects the attack onto {to}"),
        Action::Pass => "lets it go ahead".to_owned(),
        Action::SpringTrap { at, reveal } => {
            format!("springs {} at {at}", card_name(duel, reveal.card))
        }
        Action::Discard { reveal, .. } => format!("discards {}", card_name(duel, reveal.card)),
        Action::ChooseOpponent { opponent } => format!("aims the effect at {opponent}"),
        Action::Concede => "concedes".to_owned(),
        Action::Activate { at, reveal } => {
            format!("activates {} at {at}", card_name(duel, reveal.card))
        }
        Action::ProposeOutcome { operations } if operations.is_empty() => {
            "resolves the card with no effect".to_owned()
        }
        Action::ProposeOutcome { operations } => {
            format!("proposes an outcome: {}", describe_operations(operations))
        }
        Action::AcceptOutcome => "accepts the proposed outcome".to_owned(),
        Action::RefuseOutcome => "refuses the proposed outcome: none of it happens".to_owned(),
        Action::ActivateEffect { at } => match duel.piece_at(*at).and_then(|p| p.card) {
            Some(card) => format!("activates the effect of {} at {at}", card_name(duel, card)),
            None => format!("activates the effect of the card at {at}"),
        },
        Action::CallChance {
            chance: crate::chance::Chance::Coin { call },
        } => format!("tosses a coin, calling {}", call.name()),
        Action::CallChance {
            chance: crate::chance::Chance::Die,
        } => "rolls a die".to_owned(),
        Action::CallChance {
            chance: crate::chance::Chance::DestinyPile { .. },
        } => "calls for a draw from their destiny pile".to_owned(),
        Action::CallChance {
            chance: crate::chance::Chance::EffectPick,
        } => "calls for a random pick".to_owned(),
        Action::SummonDeckMaster { to, mode, tributes } => {
            let how = match mode {
                PlayMode::SetMonsterDefence => "sets their Deck Master face-down",
                PlayMode::SummonDefence => "summons their Deck Master in defence position",
                PlayMode::ActivateSpell => "activates their Deck Master as a Pendulum Scale",
                _ => "summons their Deck Master",
            };
            let mut text = format!("{how} at {to}");
            if !tributes.is_empty() {
                let names: Vec<String> = tributes.iter().map(ToString::to_string).collect();
                text.push_str(&format!(", tributing {}", names.join(" and ")));
            }
            text
        }
        Action::ReturnDeckMaster {
            back: true,
            shown: None,
        } => "returns their Deck Master to the Deck Master Zone".to_owned(),
        Action::ReturnDeckMaster {
            back: true,
            shown: Some(_),
        } => "shows their Deck Master and returns it to the Deck Master Zone".to_owned(),
        Action::ReturnDeckMaster { back: false, .. } => {
            "keeps their Deck Master where it is".to_owned()
        }
        Action::Ritual { monster: None, .. } => {
            "lets the Ritual spell resolve with no effect".to_owned()
        }
        Action::Ritual {
            tributes,
            monster: Some((_, reveal)),
        } => {
            let names: Vec<String> = tributes.iter().map(ToString::to_string).collect();
            format!(
                "Ritual summons {} from their Extra Deck, tributing {}",
                card_name(duel, reveal.card),
                names.join(", ")
            )
        }
        Action::Fuse {
            materials,
            monster: (_, reveal),
            to,
        } => {
            let names: Vec<String> = materials
                .iter()
                .map(|m| match m {
                    FusionMaterial::Hand { reveal, .. } => {
                        format!("{} from their hand", card_name(duel, reveal.card))
                    }
                    FusionMaterial::Field { at } => {
                        match duel.state().piece_at(*at).and_then(|p| p.card) {
                            Some(id) => format!("{} at {at}", card_name(duel, id)),
                            None => format!("the monster at {at}"),
                        }
                    }
                })
                .collect();
            format!(
                "fuses {} into {} from their Extra Deck, at {to}",
                names.join(" and "),
                card_name(duel, reveal.card)
            )
        }
        Action::Transform {
            at,
            monster: (_, reveal),
        } => format!(
            "transforms the monster at {at} into {} from their Extra Deck",
            card_name(duel, reveal.card)
        ),
        Action::Revive { card } => match duel.graveyard_card(*card) {
            Some((id, owner)) => format!(
                "brings {} back from {owner}'s graveyard",
                card_name(duel, id)
            ),
            None => "brings a card back from a graveyard".to_owned(),
        },
        Action::TakeControl { target, to } if target == to => {
            format!("takes control of the card at {target}")
        }
        Action::TakeControl { target, to } => {
            format!("takes control of the card at {target} and moves it to {to}")
        }
        Action::PlaceReturned { to } => {
            format!("takes their monster back onto {to}")
        }
        Action::PlaceRevived { to } => {
            format!("brings their monster back from the graveyard onto {to}")
        }
        Action::Teleport { target, to } => {
            format!("teleports the card at {target} to {to}")
        }
        Action::PlaceMade { to } => {
            format!("puts the monster made from nothing onto {to}")
        }
        Action::ChooseDraw { destiny: true } => {
            "makes their Destiny Draw instead of their regular draw".to_owned()
        }
        Action::ChooseDraw { destiny: false } => {
            "draws as usual and keeps their Destiny Draw for later".to_owned()
        }
        Action::TakeFromDeck { taken: None } => "searches their deck and finds nothing".to_owned(),
        Action::TakeFromDeck {
            taken: Some((_, reveal)),
        } => format!(
            "searches their deck and takes {} into their hand",
            card_name(duel, reveal.card)
        ),
        Action::SwapStartingCards { take, .. } if take.is_empty() => {
            "keeps their starting hand".to_owned()
        }
        Action::SwapStartingCards { take, .. } => {
            let names: Vec<String> = take.iter().map(|(_, r)| card_name(duel, r.card)).collect();
            format!(
                "gives back {} starting card{} for {} from their Cardlist",
                take.len(),
                if take.len() == 1 { "" } else { "s" },
                names.join(" and ")
            )
        }
        Action::ActivateRuleCard { reveal, .. } => format!(
            "activates the Rule card {} from their Extra Deck into their Rule Zone",
            card_name(duel, reveal.card)
        ),
        Action::FlipFaceUp { at, defence, .. } => format!(
            "flips their Hidden monster at {at} face-up in {} Position",
            if *defence { "DEF" } else { "ATK" }
        ),
        Action::ChooseSide { side } => format!("chooses the {} side", side.name()),
        Action::JoinDuel { join: true } => "joins the duel".to_owned(),
        Action::JoinDuel { join: false } => "does not join the duel yet".to_owned(),
        Action::LeaveTriggered => {
            "lets it go ahead, leaving a trap whose Trigger it meets Set (an Idle Warning)"
                .to_owned()
        }
        Action::Detach { at, index } => {
            let card = duel
                .zone_piece(*at)
                .and_then(|p| p.attached.get(usize::from(*index)))
                .map_or_else(|| "a card".to_owned(), |a| card_name(duel, a.card));
            format!("detaches {card} from beneath their card at {at}, activating its DETACH effect")
        }
        Action::PlaySymbol { reveal, .. } => format!(
            "plays the Symbol {} from their Extra Deck to their Rule Zone",
            card_name(duel, reveal.card)
        ),
        Action::UseSymbol { charges } => format!(
            "activates an effect of their Symbol card for {charges} charge{}",
            if *charges == 1 { "" } else { "s" }
        ),
        Action::Strike { from, target } => format!(
            "STRIKEs the terrain marker over {target} with {}",
            card_at_words(Some(duel), *from)
        ),
        Action::IntegrationSummon { reveal, .. } => format!(
            "declares an Integration Summon of {} from their Extra Deck",
            card_name(duel, reveal.card)
        ),
        Action::HiddenIntegrationSummon {
            to,
            defence,
            materials,
            ..
        } => format!(
            "Integration Summons an unseen monster from their Extra Deck onto {to}, Hidden in \
             {} Position, {}",
            if *defence { "DEF" } else { "ATK" },
            match materials.len() {
                0 => "eroding no material".to_owned(),
                1 => "eroding 1 material, set apart unseen".to_owned(),
                n => format!("eroding {n} materials, set apart unseen"),
            }
        ),
        Action::JudgeMaterials { proper: true } => {
            "finds the materials set apart for the Hidden Integration Summon proper".to_owned()
        }
        Action::JudgeMaterials { proper: false } => {
            "finds the materials set apart for the Hidden Integration Summon improper".to_owned()
        }
        Action::Hide { at } => format!(
            "hides {} again in ATK Position after its battle",
            card_at_words(Some(duel), *at)
        ),
        Action::SummonFromExtraDeck { reveal, .. } => format!(
            "declares a {} Summon of {} from their Extra Deck",
            duel.summon_method(reveal.card)
                .map_or("special", |m| m.label()),
            card_name(duel, reveal.card)
        ),
        Action::PendulumSummon { monsters } => {
            let names: Vec<String> = monsters
                .iter()
                .map(|m| {
                    let (what, from) = match m.from {
                        PendulumSource::Hand { reveal, .. } => {
                            (card_name(duel, reveal.card), "from the hand")
                        }
                        PendulumSource::FaceUpExtraDeck { card_ref } => (
                            face_up_extra_deck_card(duel, card_ref)
                                .map_or_else(|| "a card".to_owned(), |id| card_name(duel, id)),
                            "face-up from the Extra Deck",
                        ),
                        PendulumSource::DeckMaster => {
                            ("their Deck Master".to_owned(), "from the Deck Master Zone")
                        }
                    };
                    let position = if m.defence { "DEF" } else { "ATK" };
                    format!("{what} {from} to {} in {position} Position", m.to)
                })
                .collect();
            format!("Pendulum Summons {}", names.join(", "))
        }
    }
}

/// The card `card_ref` is, where it lies face-up in an Extra Deck.
fn face_up_extra_deck_card(
    duel: &Duel,
    card_ref: crate::commitment::CardRef,
) -> Option<crate::card::CardId> {
    duel.state()
        .players
        .iter()
        .flat_map(|(_, p)| p.face_up_extra_deck.iter())
        .find(|slot| slot.card_ref == card_ref)
        .and_then(|slot| slot.card)
}

/// Describes an agreed outcome's operations in plain words, separated by semicolons.
pub fn describe_operations(operations: &[Operation]) -> String {
    operations
        .iter()
        .map(describe_operation)
        .collect::<Vec<_>>()
        .join("; ")
}

/// Describes an outcome not yet applied to `duel`, step by step, naming the public cards
/// each step moves as the steps before it leave the duel.
pub fn describe_steps_on(duel: &Duel, operations: &[Operation]) -> Vec<String> {
    let mut scratch = duel.clone();
    let mut out = Vec::with_capacity(operations.len());
    for operation in operations {
        out.push(describe_operation_with(Some(&scratch), operation));
        if let Ok(next) = scratch.preview_outcome(std::slice::from_ref(operation)) {
            scratch = next;
        }
    }
    out
}

/// Describes one operation of an agreed outcome.
pub fn describe_operation(operation: &Operation) -> String {
    describe_operation_with(None, operation)
}

/// "Blade Knight at seat 1's Frontrow (slot 1)" when the public knows the card there, else
/// "the card at …".
fn card_at_words(duel: Option<&Duel>, place: Place) -> String {
    let known = duel.and_then(|duel| {
        let id = match place {
            Place::Zone {
                side,
                zone: zone @ (Zone::Hand | Zone::Graveyard | Zone::Banished),
                slot,
            } => {
                let player = duel.state().players.get(side)?;
                let pile = match zone {
                    Zone::Hand => &player.hand,
                    Zone::Graveyard => &player.graveyard,
                    _ => &player.banished,
                };
                pile.get(usize::from(slot))?.card?
            }
            _ => duel.piece_at(place)?.card?,
        };
        Some(card_name(duel, id))
    });
    match known {
        Some(name) => format!("{name} at {place}"),
        None => format!("the card at {place}"),
    }
}

fn describe_operation_with(duel: Option<&Duel>, operation: &Operation) -> String {
    match operation {
        Operation::FromExtraDeck { reveal, to, .. } => {
            let card = duel.map_or_else(
                || format!("card {}", reveal.card),
                |d| card_name(d, reveal.card),
            );
            match to {
                Destination::Field { at, defence } => format!(
                    "summon {card} from the Extra Deck on {at}{}",
                    if *defence { " in DEF Position" } else { "" }
                ),
                Destination::RuleZone => {
                    format!("activate the Rule card {card} from the Extra Deck into the Rule Zone")
                }
                other => format!(
                    "take {card} out of the Extra Deck to {}",
                    destination_label(*other)
                ),
            }
        }
        Operation::ExtraDeckSummon {
            reveal,
            to,
            defence,
            materials,
            ..
        } => {
            let card = duel.map_or_else(
                || format!("card {}", reveal.card),
                |d| card_name(d, reveal.card),
            );
            let method = duel
                .and_then(|d| d.summon_method(reveal.card))
                .map_or("", |m| m.label());
            let from: Vec<String> = materials
                .iter()
                .map(|at| card_at_words(duel, *at))
                .collect();
            format!(
                "{method} Summon {card} from the Extra Deck on {to}{} with {}",
                if *defence { " in DEF Position" } else { "" },
                if from.is_empty() {
                    "no other material".to_string()
                } else {
                    from.join(", ")
                }
            )
        }
        Operation::Control {
            at,
            seat,
            to,
            for_the_turn,
        } => format!(
            "{seat} takes control of {}{}{}",
            card_at_words(duel, *at),
            if to == at {
                String::new()
            } else {
                format!(", moving it to {to}")
            },
            if *for_the_turn {
                " until the end of the turn"
            } else {
                ""
            }
        ),
        Operation::Attach { from, to } => format!(
            "attach {} beneath {}",
            card_at_words(duel, *from),
            card_at_words(duel, *to)
        ),
        Operation::Detach { at, index } => format!(
            "detach card {index} beneath {} (to its owner's graveyard)",
            card_at_words(duel, *at)
        ),
        Operation::LoseDuel { seat } => format!("{seat} loses the duel"),
        Operation::WinDuel { seat } => format!("{seat} wins the duel"),
        Operation::Equip { equip, to } => format!(
            "equip {} to {}",
            card_at_words(duel, *equip),
            card_at_words(duel, *to)
        ),
        Operation::Token { card, to, defence } => format!(
            "bring the Token {} onto {to}{}",
            duel.map_or_else(|| format!("card {card}"), |d| card_name(d, *card)),
            if *defence { " in DEF Position" } else { "" }
        ),
        Operation::Terrain { at, terrain } => format!(
            "make the terrain marker over {at} {}",
            duel.map_or_else(
                || format!("terrain {terrain}"),
                |d| terrain_name(d, *terrain)
            )
        ),
        Operation::Move { from, to } => {
            let card = card_at_words(duel, *from);
            match to {
                Destination::Hand => format!("return {card} to its owner's hand"),
                Destination::Graveyard => format!("send {card} to the graveyard"),
                Destination::Banished => format!("banish {card}"),
                Destination::Deck => format!("shuffle {card} into its owner's deck"),
                Destination::DeckTop => format!("place {card} on top of its owner's deck"),
                Destination::DeckBottom => {
                    format!("place {card} at the bottom of its owner's deck")
                }
                Destination::Field { at, defence } => format!(
                    "put {card} on {at}{}",
                    if *defence { " in DEF Position" } else { "" }
                ),
                Destination::HiddenField { at, defence } => format!(
                    "put {card} on {at} Hidden in {} Position",
                    if *defence { "DEF" } else { "ATK" }
                ),
                Destination::RuleZone => format!("put {card} in its owner's Rule Zone"),
            }
        }
        Operation::LifePoints { seat, amount } if *amount < 0 => {
            format!("{seat} loses {} LP", amount.unsigned_abs())
        }
        Operation::LifePoints { seat, amount } => format!("{seat} gains {amount} LP"),
        Operation::Stats {
            at,
            atk,
            def,
            duration,
        } => {
            format!(
                "{} gets {atk:+} ATK and {def:+} DEF {}",
                card_at_words(duel, *at),
                how_long(*duration)
            )
        }
        Operation::Level {
            at,
            change,
            duration,
        } => {
            let levels = if change.unsigned_abs() == 1 {
                "level"
            } else {
                "levels"
            };
            format!(
                "{} {} {} {levels} {}",
                card_at_words(duel, *at),
                if *change < 0 { "loses" } else { "gains" },
                change.unsigned_abs(),
                how_long(*duration)
            )
        }
        Operation::ChangePosition { at } => {
            format!("change the position of {}", card_at_words(duel, *at))
        }
        Operation::EachPlayer { step } => match step {
            EachPlayerStep::LifePoints { amount } if *amount < 0 => format!(
                "every player, in turn order, loses {} LP",
                amount.unsigned_abs()
            ),
            EachPlayerStep::LifePoints { amount } => {
                format!("every player, in turn order, gains {amount} LP")
            }
            EachPlayerStep::Draw { count: 1 } => "every player, in turn order, draws a card".into(),
            EachPlayerStep::Draw { count } => {
                format!("every player, in turn order, draws {count} cards")
            }
            EachPlayerStep::Mill { count } => format!(
                "every player, in turn order, sends the top {count} of their deck to the graveyard"
            ),
            EachPlayerStep::Shuffle => "every player's deck is shuffled".into(),
        },
        Operation::Draw { seat, count: 1 } => format!("{seat} draws a card"),
        Operation::Draw { seat, count } => format!("{seat} draws {count} cards"),
        Operation::Mill { seat, count: 1 } => {
            format!("send the top card of {seat}'s deck to the graveyard")
        }
        Operation::Mill { seat, count } => {
            format!("send the top {count} cards of {seat}'s deck to the graveyard")
        }
        Operation::Declare { text } => format!("declare \"{text}\""),
        Operation::Reveal { at } => format!("show everyone {}", card_at_words(duel, *at)),
        Operation::Flip { at } => {
            let face_up = duel.and_then(|d| d.piece_at(*at)).map(|p| p.face_up);
            let card = card_at_words(duel, *at);
            match face_up {
                Some(true) => format!("turn {card} face-down"),
                Some(false) => format!("turn {card} face-up"),
                None => format!("turn {card} over"),
            }
        }
        Operation::Search { seat } => {
            format!("{seat} searches their deck for a card and shows it (after the rest)")
        }
        Operation::Shuffle { seat } => format!("{seat} shuffles their deck"),
        Operation::Destroy {
            at,
            destruction_damage: false,
        } => format!("destroy {}", card_at_words(duel, *at)),
        Operation::Destroy {
            at,
            destruction_damage: true,
        } => format!(
            "destroy {}, applying Destruction Damage",
            card_at_words(duel, *at)
        ),
        Operation::Counters { at, change } if *change < 0 => format!(
            "remove {} counter(s) from {}",
            change.unsigned_abs(),
            card_at_words(duel, *at)
        ),
        Operation::Counters { at, change } => {
            format!("place {change} counter(s) on {}", card_at_words(duel, *at))
        }
        Operation::BattleLock { at, turns: 0 } => format!(
            "lock the battle position of {} while it stays on the field",
            card_at_words(duel, *at)
        ),
        Operation::BattleLock { at, turns: 1 } => format!(
            "lock the battle position of {} for this turn",
            card_at_words(duel, *at)
        ),
        Operation::BattleLock { at, turns } => format!(
            "lock the battle position of {} for {turns} turns",
            card_at_words(duel, *at)
        ),
    }
}

/// Describes an answer to a protocol step as the public sees it.
pub fn describe_answer(duel: &Duel, answer: &Answer) -> String {
    match answer {
        Answer::OpenDraw { opening } => {
            format!("opens a deck position: it points at card {}", opening.index)
        }
        Answer::Reveal { reveals } => {
            let names: Vec<String> = reveals.iter().map(|r| card_name(duel, r.card)).collect();
            format!("reveals {}", names.join(", "))
        }
        Answer::Declare { matching } if matching.is_empty() => {
            "declares no hidden card matches".to_owned()
        }
        Answer::Declare { matching } => {
            let names: Vec<String> = matching
                .iter()
                .map(|(c, r)| format!("{} at {c}", card_name(duel, r.card)))
                .collect();
            format!("declares {}", names.join(", "))
        }
        Answer::DeclareClass { monsters } if monsters.is_empty() => {
            "declares that none of their hidden cards asked about is a monster".to_owned()
        }
        Answer::DeclareClass { monsters } => {
            let places: Vec<String> = monsters.iter().map(|p| p.to_string()).collect();
            format!(
                "declares the hidden cards at {} are monsters (the others asked about are \
                 spells or traps)",
                places.join(", ")
            )
        }
        Answer::RecommitDeck { commitments } => format!(
            "commits again to the {} cards of their deck, to shuffle it",
            commitments.len()
        ),
        Answer::PermuteDeck { .. } => "shuffles the deck in secret".to_owned(),
        Answer::CommitShare { .. } => "commits to a secret share of the coin or die".to_owned(),
        Answer::OpenShare { .. } => "opens their share of the coin or die".to_owned(),
    }
}

/// Describes either kind of entry.
pub fn describe_entry(duel: &Duel, entry: &Entry) -> String {
    match entry {
        Entry::Action(action) => describe_action(duel, action),
        Entry::Answer(answer) => describe_answer(duel, answer),
    }
}

/// How long a change lasts, in words.
fn how_long(duration: Duration) -> String {
    match duration {
        Duration::Permanent => "while it stays on the field".to_owned(),
        Duration::EndOfTurn => "until the end of the turn".to_owned(),
        Duration::Turns(1) => "until the end of its controller's turn".to_owned(),
        Duration::Turns(n) => format!("for {n} of its controller's turns"),
    }
}

fn destination_label(to: Destination) -> String {
    match to {
        Destination::Hand => "its owner's hand".to_owned(),
        Destination::Graveyard => "the graveyard".to_owned(),
        Destination::Banished => "the banished cards".to_owned(),
        Destination::Deck => "its owner's deck".to_owned(),
        Destination::DeckTop => "the top of its owner's deck".to_owned(),
        Destination::DeckBottom => "the bottom of its owner's deck".to_owned(),
        Destination::Field { at, .. } => at.to_string(),
        Destination::HiddenField { at, .. } => format!("{at}, Hidden"),
        Destination::RuleZone => "the Rule Zone".to_owned(),
    }
}

pub fn describe_outcome(outcome: &Outcome) -> String {
    let why = match outcome.reason {
        WinReason::LifePoints => "life points ran out",
        WinReason::DeckOut => "a deck ran out",
        WinReason::LeaderTrapped => "a Deck Leader was trapped for too long",
        WinReason::Concession => "a player conceded",
        WinReason::TurnLimit => "the turn limit was reached",
        WinReason::Idleness => "a player stayed idle after an Idle Warning",
        WinReason::Agreement => "the remaining players agreed to end the duel",
        WinReason::CardEffect => "a card's effect decided the duel",
        WinReason::ImproperMaterial => {
            "the material set apart for a Hidden Integration Summon was not the proper one"
        }
    };
    match outcome.winners.len() {
        0 => format!("the duel is drawn: {why}"),
        1 => format!("{} wins: {why}", outcome.winners),
        _ => format!("{} win: {why}", outcome.winners),
    }
}

fn removal_reason(reason: WinReason) -> &'static str {
    match reason {
        WinReason::LifePoints => "no life points left",
        WinReason::DeckOut => "no card left to draw",
        WinReason::LeaderTrapped => "Deck Leader trapped too long",
        WinReason::Concession => "conceded",
        WinReason::TurnLimit => "the turn limit",
        WinReason::Idleness => "idle after an Idle Warning",
        WinReason::Agreement => "the duel ended by agreement",
        WinReason::CardEffect => "lost by a card's effect",
        WinReason::ImproperMaterial => "an improper material set apart",
    }
}
