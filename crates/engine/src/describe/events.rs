//! Events in plain words: what happened, for logs, the terminal and the app.

use super::{
    card_at_words, card_name, describe_outcome, destination_label, removal_reason, terrain_name,
};
use crate::duel::Duel;
use crate::event::Event;

/// Describes an event in plain words; `None` for bookkeeping no player needs to read.
pub fn describe_event(duel: &Duel, event: &Event) -> Option<String> {
    let name = |id| card_name(duel, id);
    Some(match event {
        Event::TurnStarted { seat, turn } => format!("turn {turn}: {seat} to play"),
        Event::Battle {
            attacker,
            target,
            attack,
            defence,
        } => {
            format!("battle: {attacker} ({attack}) against {target} ({defence})")
        }
        Event::Destroyed {
            card: Some(id), at, ..
        } => format!("{} at {at} is destroyed", name(*id)),
        Event::Destroyed { card: None, at, .. } => {
            format!("the face-down card at {at} is destroyed")
        }
        Event::Damage {
            seat,
            amount,
            life_points,
        } => format!("{seat} takes {amount} damage ({life_points} LP left)"),
        Event::Healed {
            seat,
            amount,
            life_points,
        } => format!("{seat} gains {amount} LP ({life_points} LP)"),
        Event::TerrainChanged { at, terrain } => format!("{at} becomes {}", terrain.label()),
        Event::Spellbound { at } => format!("{at} is spellbound"),
        Event::TrapSprung { at, card } => format!("{} springs at {at}", name(*card)),
        Event::AttackNegated { from } => format!("the attack from {from} is stopped"),
        Event::SpellNegated { card } => format!("{} is negated", name(*card)),
        Event::Whim { at, card, change } => {
            format!(
                "{} at {at} changes its ATK and DEF by {change:+} on a whim",
                name(*card)
            )
        }
        Event::TrapNegated { at, card } => format!("{} at {at} is nullified", name(*card)),
        Event::Flipped { at, card } => format!("{} at {at} is flipped face-up", name(*card)),
        Event::TurnedFaceDown { at } => format!("the card at {at} is turned face-down"),
        Event::PickedAtRandom { card, at } => {
            format!("{} picks {at} at random", name(*card))
        }
        Event::Retyped {
            at,
            monster_type,
            attribute,
        } => {
            let kind = crate::piece::Retyped {
                monster_type: *monster_type,
                attribute: *attribute,
            }
            .words();
            format!(
                "the monster at {at} becomes {}",
                crate::text::with_article(&format!("{kind} monster"))
            )
        }
        Event::ChainLinkAdded { link, card } => {
            format!("{} is chain link {link}", name(*card))
        }
        Event::ChainLinkResolves { link, card } => {
            format!("chain link {link}, {}, resolves", name(*card))
        }
        // The action's own line says who played it and where; the event adds its charges.
        Event::SymbolPlayed { card, charges, .. } => {
            format!("the Symbol {} starts with {charges} charge(s)", name(*card))
        }
        Event::SummonedFromExtraDeck {
            seat,
            card,
            method,
            at,
            materials,
        } => format!(
            "{seat} {} Summons {} on {at} from {materials} material(s)",
            method.label(),
            name(*card)
        ),
        Event::AttachedCardToGraveyard { card, .. } => format!(
            "{} was attached beneath a card that left the field: it goes to the graveyard",
            name(*card)
        ),
        // The action's own line says who STRIKEs what with which monster; the event adds
        // the terrain and what the STRIKE costs.
        Event::Struck { seat, terrain, .. } => format!(
            "the terrain STRIKEd is {}; {seat} has no Battle Phase this turn",
            terrain_name(duel, *terrain)
        ),
        Event::MarkerChanged { at, terrain } => {
            format!(
                "the terrain marker over {at} becomes {}",
                terrain_name(duel, *terrain)
            )
        }
        Event::IntegrationSummonDeclared { seat, card } => format!(
            "{seat} declares an Integration Summon of {} from the Extra Deck",
            name(*card)
        ),
        Event::ExtraDeckSummonDeclared { seat, card } => format!(
            "{seat} declares a {} Summon of {} from the Extra Deck",
            duel.summon_method(*card).map_or("special", |m| m.label()),
            name(*card)
        ),
        Event::SymbolUsed {
            seat,
            card,
            charges,
            left,
        } => format!(
            "{seat} activates an effect of {} for {charges} charge(s) ({left} left)",
            name(*card)
        ),
        Event::ChainLinkDropped { seat, card } => {
            format!("{} leaves the chain unresolved with {seat}", name(*card))
        }
        Event::Equipped { at, card } => format!("{} is equipped to {at}", name(*card)),
        Event::RitualSummoned { seat, card, at } => {
            format!("{seat} Ritual summons {} at {at}", name(*card))
        }
        Event::FusionSummoned {
            seat,
            card,
            at,
            materials,
        } => {
            let names: Vec<String> = materials.iter().map(|m| name(*m)).collect();
            format!(
                "{seat} fuses {} into {} at {at}",
                names.join(" and "),
                name(*card)
            )
        }
        Event::Transformed {
            seat,
            at,
            from,
            into,
            power_up,
        } => format!(
            "{seat}'s {} at {at} becomes {} ({})",
            name(*from),
            name(*into),
            power_up.map_or_else(|| "its turns in defence".to_owned(), name)
        ),
        Event::BanishedOverLimit { seat, card } => format!(
            "{seat} already controls the most monsters: {} is destroyed and banished",
            name(*card)
        ),
        Event::RitualDeclined { seat, card } => {
            format!("{seat}'s {} resolves with no effect", name(*card))
        }
        Event::LeaderStuck { seat, turns } => {
            format!("{seat}'s Deck Leader could not move ({turns} turn(s))")
        }
        Event::Discarded { seat, card } => format!("{seat} discards {}", name(*card)),
        Event::DuelEnded { outcome } => describe_outcome(outcome),
        Event::AttackRedirected { seat, from, to } => {
            format!("{seat} redirects the attack from {from} onto {to}")
        }
        Event::PhaseChanged { seat, phase } => format!("{seat} enters the {}", phase.label()),
        Event::OpponentTargeted { seat, card, target } => match target {
            Some(target) => format!(
                "{seat}'s {} targets {target}: its effect affects no other opponent",
                card_name(duel, *card)
            ),
            None => format!("{seat}'s {} targets no opponent", card_name(duel, *card)),
        },
        Event::TriggeredTrapLeft { seat, warnings } => match warnings {
            Some(warnings) => format!(
                "{seat} leaves a trap whose Trigger was met Set and gets Idle Warning {warnings}"
            ),
            None => format!(
                "{seat} leaves a trap whose Trigger was met Set, one Idle Warning too many: \
                 they lose the duel"
            ),
        },
        Event::IdleWarning { seat, warnings } => {
            format!("{seat} ends the turn idle and gets Idle Warning {warnings}")
        }
        Event::EndProposed { seat } => {
            format!("{seat} proposes to end the duel here, every remaining player a winner")
        }
        Event::EndAgreed { seat } => format!("{seat} agrees to end the duel"),
        Event::EndRefused { seat } => format!("{seat} refuses to end the duel: it goes on"),
        Event::PlayerRemoved { seat, reason } => {
            format!("{seat} is out of the game ({})", removal_reason(*reason))
        }
        // The activation, the proposal and each answer are actions: the log describes
        // those already.
        Event::ResolvedByAgreement { card, agreed } => {
            let who: Vec<String> = agreed.iter().map(|s| s.to_string()).collect();
            if who.is_empty() {
                format!("{} is resolved by agreement", name(*card))
            } else {
                format!(
                    "{} is resolved by agreement (agreed: {})",
                    name(*card),
                    who.join(", ")
                )
            }
        }
        Event::ResolvedWithoutEffect { card } => format!("{} resolves with no effect", name(*card)),
        Event::OperationSkipped { index, why } => {
            format!(
                "step {} of the outcome is skipped: {why}",
                u16::from(*index) + 1
            )
        }
        Event::CardMoved {
            from,
            to,
            card: Some(id),
        } => format!(
            "{} moves from {from} to {}",
            name(*id),
            destination_label(*to)
        ),
        Event::CardMoved {
            from,
            to,
            card: None,
        } => {
            format!(
                "a hidden card moves from {from} to {}",
                destination_label(*to)
            )
        }
        Event::OpponentChosen { seat, opponent } => {
            format!("{seat} aims the effect at {opponent}")
        }
        Event::PositionPassed { owner } => {
            format!("the draw from {owner}'s deck passes over a card a search took")
        }
        Event::DeckShuffled { owner } => format!("{owner}'s deck is shuffled"),
        Event::LevelChanged { at, level } => {
            format!("{} is level {level} now", card_at_words(Some(duel), *at))
        }
        Event::Milled { seat, .. } => {
            format!("the top card of {seat}'s deck goes to the graveyard")
        }
        Event::ChanceDecided {
            chance: chance @ crate::chance::Chance::Coin { .. },
            result,
        } => format!("the coin lands {}", chance.result_words(*result)),
        Event::ChanceDecided {
            chance: crate::chance::Chance::Die,
            result,
        } => format!("the die shows {result}"),
        Event::LifePointsPaid {
            seat,
            amount,
            life_points,
        } => format!("{seat} pays {amount} life points ({life_points} left)"),
        Event::DeckMasterSummoned {
            seat,
            at,
            card,
            face_up: true,
        } => format!(
            "{seat}'s Deck Master {} leaves the Deck Master Zone for {at}",
            card_name(duel, *card)
        ),
        Event::DeckMasterSummoned { seat, at, card, .. } => format!(
            "{seat}'s Deck Master {} is Set at {at}",
            card_name(duel, *card)
        ),
        Event::DeckMasterReturned { seat, card, from } => format!(
            "{seat}'s Deck Master {} returns to the Deck Master Zone from {}",
            card_name(duel, *card),
            from.label()
        ),
        Event::DeckMasterKept { seat, at } => {
            format!("{seat} keeps their Deck Master in {}", at.label())
        }
        Event::AttachedBeneath { at, card } => {
            format!(
                "{} is attached beneath the card at {at}",
                card_name(duel, *card)
            )
        }
        Event::ClassHidden { seat, at } => {
            format!("{seat} keeps hidden whether the card at {at} is a monster or a spell/trap")
        }
        Event::ShownAsMonster { at } => format!("the card at {at} shows it is a monster"),
        Event::ClassesDeclared { seat, count } => {
            format!("{seat} declares which of their {count} hidden cards asked about are monsters")
        }
        Event::ShownAsSpellTrap { at } => {
            format!("the card at {at} is declared a spell or trap")
        }
        Event::ControlTaken {
            seat,
            card,
            from,
            to,
        } => {
            let what = card.map_or_else(|| "the card".to_owned(), &name);
            if from == to {
                format!("{seat} takes control of {what} at {from} until the end of the turn")
            } else {
                format!(
                    "{seat} takes control of {what} at {from} until the end of the turn; it \
                     moves to {to}"
                )
            }
        }
        Event::ControlReturned { owner, from, to } if from == to => {
            format!("control of the card at {from} goes back to {owner}")
        }
        Event::ControlReturned { owner, from, to } => {
            format!("control of the card at {from} goes back to {owner}; it moves to {to}")
        }
        Event::Revived {
            seat,
            card,
            from,
            at,
        } => {
            let whose = if from == seat {
                "their own".to_owned()
            } else {
                format!("{from}'s")
            };
            format!(
                "{seat} brings {} back from {whose} graveyard onto {at}",
                name(*card)
            )
        }
        Event::StartingCardsSwapped { seat, taken } => {
            let names: Vec<String> = taken.iter().map(|c| name(*c)).collect();
            format!(
                "{seat} swaps {} starting card{} for {} from their Duelist Setup's Cardlist, \
                 then shuffles their deck",
                taken.len(),
                if taken.len() == 1 { "" } else { "s" },
                names.join(" and ")
            )
        }
        Event::StartingHandKept { seat } => format!("{seat} keeps their starting hand"),
        Event::JoinedDuel { seat, after } => format!(
            "{seat} joins the duel, taking half the starting life points as damage, and plays \
             after {after}"
        ),
        // The choice itself is the action's line ("chooses the Blue side").
        Event::SideTaken { chosen: true, .. } => return None,
        Event::SideTaken {
            seat,
            side,
            chosen: false,
        } => format!("{seat} belongs to the {} side", side.name()),
        Event::PendulumSummoned { seat, summoned } => {
            let names: Vec<String> = summoned
                .iter()
                .map(|(at, card)| format!("{} to {at}", name(*card)))
                .collect();
            format!("{seat} Pendulum Summons {}", names.join(", "))
        }
        Event::RuleCardActivated {
            seat,
            card,
            keyword_card,
        } => format!(
            "{seat} activates the Rule card {} into their Rule Zone, by the Keyword of their card at {keyword_card}",
            name(*card)
        ),
        Event::RuleCardActivatedByReliance { seat, card, by } => format!(
            "{seat} activates the Rule card {} into their Rule Zone by the effect of {}, which it relies on",
            name(*card),
            name(*by)
        ),
        Event::TokenCreated { seat, at, card } => {
            format!("{} is brought onto {seat}'s field at {at}", name(*card))
        }
        Event::MonsterMade {
            seat,
            at,
            card,
            by,
            face_up,
        } => format!(
            "{} makes {} from nothing for {seat} at {at}, {}",
            name(*by),
            name(*card),
            if *face_up { "face-up" } else { "face-down" }
        ),
        Event::TurnedInto { at, from, into, by } => format!(
            "{} turns {} at {at} into {}, made from nothing",
            name(*by),
            name(*from),
            name(*into)
        ),
        Event::MadeMonsterRemoved { from, card } => format!(
            "{} was made from nothing and belongs to no hand or deck: leaving {from}, it is \
             removed from the game",
            name(*card)
        ),
        Event::TokenRemoved { at, card } => format!(
            "{} left the field at {at} and is removed from the game, as a Token is",
            name(*card)
        ),
        Event::FlippedBeforeTrigger { seat, at, card } => format!(
            "{seat} flips {} face-up at {at}: its effect waits for its Trigger",
            name(*card)
        ),
        Event::FlipEffectActivated { seat, at, card } => format!(
            "{} was flipped face-up at {at}: its FLIP effect is activated for {seat}",
            name(*card)
        ),
        Event::Detached { seat, at, card } => format!(
            "{seat} detaches {} from beneath their card at {at}: its DETACH effect is activated",
            name(*card)
        ),
        Event::PersistEnded { at, card } => format!(
            "{} at {at} has persisted for its time and goes to the graveyard",
            name(*card)
        ),
        Event::RuleCardReturned { seat, card } => format!(
            "{} leaves {seat}'s Rule Zone and goes back to their Extra Deck",
            name(*card)
        ),
        Event::ToFaceUpExtraDeck { owner, card, from } => format!(
            "{} leaves {from} and goes face-up to {owner}'s Extra Deck instead of the graveyard",
            name(*card)
        ),
        Event::DestinyDrew { seat, .. } => format!(
            "{seat} makes their Destiny Draw: a card of their destiny pile goes to their hand"
        ),
        _ => return None,
    })
}
