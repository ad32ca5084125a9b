//! What the legal actions look like on the match screen: their words, the marks they put
//! on the board, and the numbered options of a decision the board does not answer.

use std::collections::BTreeMap;

use fairduel_engine::describe::describe_steps_on;
use fairduel_engine::piece::Class;
use fairduel_engine::player::DeckMasterPlace;
use fairduel_engine::text::capitalise;
use fairduel_engine::{Action, Decision, FusionMaterial, Place, PlayMode, Seat, TrapEvent};

use super::{Choice, MatchUi, Selection};
use crate::board::Mark;
use crate::session::SeatView;

/// Short words for an action, used on buttons and in choices.
pub fn action_label(view: &SeatView, action: &Action) -> String {
    let duel = &view.duel;
    let name_at = |place: Place| {
        duel.piece_at(place)
            .and_then(|p| duel.known_card(p, Some(&view.knowledge)))
            .map_or_else(|| format!("the card at {place}"), |c| c.name.clone())
    };
    match action {
        Action::Play {
            to,
            mode,
            cost,
            tributes,
            ..
        } => {
            let mut text = match mode {
                PlayMode::Summon => "Summon face-up".to_owned(),
                PlayMode::SetMonsterAttack => "Set face-down in attack position".to_owned(),
                // Kingdom Duels: a FLIP monster summoned Hidden.
                PlayMode::SetMonsterDefence
                    if duel.format().family == fairduel_engine::format::Family::Field
                        && !duel.format().field.set_monsters =>
                {
                    "Summon Hidden in DEF Position (FLIP)".to_owned()
                }
                PlayMode::SetMonsterDefence => "Set face-down in defence position".to_owned(),
                PlayMode::SetSpellTrap => "Set face-down".to_owned(),
                PlayMode::ActivateSpell if duel.is_pendulum_zone(*to) => {
                    "Activate it as a Pendulum Scale".to_owned()
                }
                PlayMode::ActivateSpell => "Activate it now".to_owned(),
                PlayMode::Equip => format!("Equip it to {}", name_at(*to)),
                PlayMode::SummonDefence => "Summon face-up in defence position".to_owned(),
                PlayMode::SetCardAttack => {
                    "Set face-down in attack position, keeping its kind hidden".to_owned()
                }
                PlayMode::SetCardDefence => {
                    "Set face-down in defence position, keeping its kind hidden".to_owned()
                }
            };
            if *mode != PlayMode::Equip
                && duel
                    .piece_at(*to)
                    .is_some_and(|p| p.controller == view.seat && !tributes.contains(to))
            {
                text.push_str(&format!(", replacing {}", name_at(*to)));
            }
            if *cost > 0 {
                text.push_str(&format!(" ({cost} SP)"));
            }
            if !tributes.is_empty() {
                let names: Vec<String> = tributes.iter().map(|c| name_at(*c)).collect();
                text.push_str(&format!(", tributing {}", names.join(" and ")));
            }
            text
        }
        Action::Move { to, flip, .. } => match (flip, duel.piece_at(*to)) {
            (_, Some(_)) => format!("Move onto {} (it is destroyed)", name_at(*to)),
            (Some(_), None) => "Flip face-up and move".to_owned(),
            (None, None) => "Move".to_owned(),
        },
        Action::Attack { target, .. } if target.as_player().is_some() => {
            format!("Attack {target}")
        }
        Action::Attack { target, flip, .. } => match flip {
            Some(_) => format!("Flip face-up and attack {}", name_at(*target)),
            None => format!("Attack {}", name_at(*target)),
        },
        Action::ChangePosition { at } => {
            if duel.piece_at(*at).is_some_and(|p| p.defence) {
                "Change to attack position".to_owned()
            } else {
                "Change to defence position".to_owned()
            }
        }
        Action::Flip { at, .. } => match duel.piece_at(*at).map(|p| p.class) {
            Some(Class::SpellTrap) => "Activate (flip face-up)".to_owned(),
            _ => "Flip face-up".to_owned(),
        },
        Action::Ritual { monster: None, .. } => {
            "Summon nothing (the spell has no effect)".to_owned()
        }
        Action::Ritual {
            tributes,
            monster: Some((_, reveal)),
        } => {
            let monster = duel
                .pool()
                .get(reveal.card)
                .map_or_else(|| reveal.card.to_string(), |c| c.name.clone());
            let names: Vec<String> = tributes.iter().map(|c| name_at(*c)).collect();
            format!("Summon {monster}, tributing {}", names.join(", "))
        }
        Action::Fuse {
            materials,
            monster: (_, reveal),
            ..
        } => {
            let card_name = |id: fairduel_engine::CardId| {
                duel.pool()
                    .get(id)
                    .map_or_else(|| id.to_string(), |c| c.name.clone())
            };
            let names: Vec<String> = materials
                .iter()
                .map(|m| match m {
                    FusionMaterial::Hand { reveal, .. } => {
                        format!("{} from your hand", card_name(reveal.card))
                    }
                    FusionMaterial::Field { at } => format!("{} at {at}", name_at(*at)),
                })
                .collect();
            format!(
                "Fuse {} into {}",
                names.join(" and "),
                card_name(reveal.card)
            )
        }
        Action::Transform {
            monster: (_, reveal),
            ..
        } => {
            let into = duel
                .pool()
                .get(reveal.card)
                .map_or_else(|| reveal.card.to_string(), |c| c.name.clone());
            format!("Transform into {into} (from your Extra Deck)")
        }
        Action::Revive { card } => match duel.graveyard_card(*card) {
            Some((id, owner)) => {
                let name = duel
                    .pool()
                    .get(id)
                    .map_or_else(|| id.to_string(), |c| c.name.clone());
                let whose = if owner == view.seat {
                    "your".to_owned()
                } else {
                    format!("{owner}'s")
                };
                format!("Bring back {name} from {whose} graveyard")
            }
            None => "Bring back a card".to_owned(),
        },
        Action::TakeControl { target, to } if target == to => {
            format!("Take control of {}", name_at(*target))
        }
        Action::TakeControl { target, to } => {
            format!("Take control of {} and move it to {to}", name_at(*target))
        }
        Action::PlaceReturned { to } => format!("Bring it back to {to}"),
        Action::PlaceRevived { to } => format!("Bring it back onto {to}"),
        Action::PlaceMade { to } => format!("Put it onto {to}"),
        Action::Teleport { target, to } => {
            format!("Teleport {} from {target} to {to}", name_at(*target))
        }
        Action::ChooseDraw { destiny: true } => {
            "Destiny Draw: draw from your destiny pile instead".to_owned()
        }
        Action::ChooseDraw { destiny: false } => "Draw as usual".to_owned(),
        Action::PlaySymbol { reveal, .. } => match duel.pool().get(reveal.card) {
            Some(card) => format!("Play the Symbol {} to your Rule Zone", card.name),
            None => format!("Play the Symbol {} to your Rule Zone", reveal.card),
        },
        Action::ActivateRuleCard { reveal, .. } => match duel.pool().get(reveal.card) {
            Some(card) => format!("Activate the Rule card {} into your Rule Zone", card.name),
            None => format!("Activate the Rule card {} into your Rule Zone", reveal.card),
        },
        Action::FlipFaceUp { defence, .. } => format!(
            "Flip face-up in {} Position",
            if *defence { "DEF" } else { "ATK" }
        ),
        Action::Detach { at, index } => {
            match duel
                .zone_piece(*at)
                .and_then(|p| p.attached.get(usize::from(*index)))
                .and_then(|a| duel.pool().get(a.card))
            {
                Some(card) => format!("Detach {} (its DETACH effect)", card.name),
                None => "Detach a card (its DETACH effect)".to_owned(),
            }
        }
        Action::UseSymbol { charges } => format!(
            "Activate a Symbol effect for {charges} charge{}",
            if *charges == 1 { "" } else { "s" }
        ),
        Action::Strike { target, .. } => {
            let terrain = duel
                .marker_at(*target)
                .map_or_else(|| "the".to_owned(), |t| t.name.clone());
            format!(
                "STRIKE the {terrain} terrain over {} (no Battle Phase this turn)",
                place_words(view, *target)
            )
        }
        Action::IntegrationSummon { reveal, .. } => match duel.pool().get(reveal.card) {
            Some(card) => format!("Integration Summon {} (materials agreed)", card.name),
            None => format!("Integration Summon {} (materials agreed)", reveal.card),
        },
        Action::HiddenIntegrationSummon {
            card_ref,
            defence,
            materials,
            ..
        } => {
            let name = view
                .knowledge
                .card(&duel.state().commitment(*card_ref))
                .and_then(|id| duel.pool().get(id))
                .map_or_else(|| "an Integration Monster".to_owned(), |c| c.name.clone());
            let eroding = if materials.is_empty() {
                "eroding no material".to_owned()
            } else {
                let named = materials
                    .iter()
                    .map(|at| match at {
                        Place::Zone {
                            zone: fairduel_engine::Zone::Hand,
                            slot,
                            ..
                        } => view
                            .duel
                            .state()
                            .player(view.seat)
                            .hand
                            .get(usize::from(*slot))
                            .and_then(|s| {
                                s.card.or_else(|| {
                                    view.knowledge.card(&duel.state().commitment(s.card_ref))
                                })
                            })
                            .map_or_else(
                                || "a card of your hand".to_owned(),
                                |id| card_name(view, id),
                            ),
                        _ => name_at(*at),
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("eroding {named}, set apart")
            };
            format!(
                "Integration Summon {name} unseen, Hidden in {} Position, {eroding}",
                if *defence { "DEF" } else { "ATK" }
            )
        }
        Action::JudgeMaterials { proper: true } => "Proper: play on".to_owned(),
        Action::JudgeMaterials { proper: false } => {
            "Not the proper material: they lose the duel".to_owned()
        }
        Action::SummonFromExtraDeck { reveal, .. } => {
            let method = duel
                .summon_method(reveal.card)
                .map_or("Special", |m| m.label());
            match duel.pool().get(reveal.card) {
                Some(card) => format!("{method} Summon {} (materials agreed)", card.name),
                None => format!("{method} Summon {} (materials agreed)", reveal.card),
            }
        }
        Action::PendulumSummon { .. } => {
            capitalise(&fairduel_engine::describe::describe_action(duel, action))
        }
        Action::EndTurn => "End turn".to_owned(),
        Action::NextPhase => "Go to the next phase".to_owned(),
        Action::Redirect { to } => format!("Redirect the attack onto {}", name_at(*to)),
        Action::Pass if asked_about_end(view) => "Refuse: play on".to_owned(),
        Action::Pass
            if matches!(
                view.awaiting().decision(),
                Some((_, Decision::HideAgain { .. }))
            ) =>
        {
            "Leave it face-up".to_owned()
        }
        Action::Hide { at } => format!("Hide {} again in ATK Position", name_at(*at)),
        Action::Pass
            if matches!(
                view.awaiting().decision(),
                Some((_, Decision::ChooseOpponent { .. }))
            ) =>
        {
            "Target no opponent".to_owned()
        }
        Action::Pass => "Let it go ahead".to_owned(),
        Action::ChooseSide { side } => format!("{} side", side.name()),
        Action::JoinDuel { join: true } => format!(
            "Join now (take {} damage, play the next turn)",
            duel.rules().format.life_points / 2
        ),
        Action::JoinDuel { join: false } => "Not yet".to_owned(),
        Action::LeaveTriggered => match duel.idle_warning_outcome(view.seat) {
            Some(fairduel_engine::field::IdleOutcome::Loss) => {
                "Leave the trap Set (one Idle Warning too many: you lose)".to_owned()
            }
            _ => "Leave the trap Set (Idle Warning)".to_owned(),
        },
        Action::ProposeEnd => "Propose to end the duel (every remaining player wins)".to_owned(),
        Action::AgreeToEnd => "Agree to end the duel".to_owned(),
        Action::SpringTrap { at, reveal } => match duel.pool().get(reveal.card) {
            // An attacked face-down spell its owner may activate (Alternate rule 4).
            Some(card) if card.is_spell() => format!("Activate {} at {at}", card.name),
            Some(card) => format!("Spring {} at {at}", card.name),
            None => format!("Spring {} at {at}", reveal.card),
        },
        Action::Discard { reveal, .. } => {
            let name = duel
                .pool()
                .get(reveal.card)
                .map_or_else(|| reveal.card.to_string(), |c| c.name.clone());
            format!("Discard {name}")
        }
        Action::ChooseOpponent { opponent } => format!("Aim it at {opponent}"),
        Action::Concede => "Concede".to_owned(),
        Action::Activate { reveal, .. } => match duel.pool().get(reveal.card) {
            Some(card) => format!("Activate {}", card.name),
            None => format!("Activate {}", reveal.card),
        },
        Action::ProposeOutcome { operations } if operations.is_empty() => {
            "No effect: resolve it with nothing happening".to_owned()
        }
        Action::ProposeOutcome { operations } => {
            capitalise(&fairduel_engine::describe::describe_operations(operations))
        }
        Action::AcceptOutcome => "Accept".to_owned(),
        Action::RefuseOutcome => "Refuse: none of it happens".to_owned(),
        Action::ActivateEffect { at } => format!("Activate the effect of {}", name_at(*at)),
        Action::SummonDeckMaster { to, mode, tributes } => {
            let cost = duel.deck_master_cost(view.seat);
            let mut text = match mode {
                PlayMode::SetMonsterDefence => format!("Set your Deck Master at {to}"),
                PlayMode::SummonDefence => {
                    format!("Summon your Deck Master in defence position at {to}")
                }
                PlayMode::ActivateSpell => {
                    format!("Activate your Deck Master as a Pendulum Scale at {to}")
                }
                _ => format!("Summon your Deck Master at {to}"),
            };
            if !tributes.is_empty() {
                let names: Vec<String> = tributes.iter().map(|c| name_at(*c)).collect();
                text.push_str(&format!(", tributing {}", names.join(" and ")));
            }
            if cost > 0 {
                text.push_str(&format!(" (pay {cost} LP)"));
            }
            text
        }
        Action::ReturnDeckMaster { back: true, shown } => {
            let cost = duel
                .rules()
                .format
                .field
                .deck_master
                .as_ref()
                .map_or(0, |d| d.return_cost);
            let verb = if shown.is_some() {
                "Show it and return it"
            } else {
                "Return it"
            };
            format!("{verb} to the Deck Master Zone (its next summon costs {cost} LP more)")
        }
        Action::ReturnDeckMaster { back: false, .. } => "Keep it where it is".to_owned(),
        Action::SwapStartingCards { take, .. } if take.is_empty() => {
            "Keep my starting hand".to_owned()
        }
        Action::SwapStartingCards { give, take } => {
            let given: Vec<String> = give
                .iter()
                .map(|card_ref| {
                    view.knowledge
                        .card(&duel.state().commitment(*card_ref))
                        .map_or_else(|| "a hand card".to_owned(), |c| card_name(view, c))
                })
                .collect();
            let taken: Vec<String> = take.iter().map(|(_, r)| card_name(view, r.card)).collect();
            format!(
                "Give back {} for {}",
                given.join(" and "),
                taken.join(" and ")
            )
        }
        Action::TakeFromDeck { taken: None } => "Find nothing".to_owned(),
        Action::TakeFromDeck {
            taken: Some((_, reveal)),
        } => match duel.pool().get(reveal.card) {
            Some(card) => format!("Take {}", card.name),
            None => format!("Take {}", reveal.card),
        },
        Action::CallChance {
            chance: fairduel_engine::chance::Chance::Coin { call },
        } => format!("Toss a coin, calling {}", call.name()),
        Action::CallChance {
            chance: fairduel_engine::chance::Chance::Die,
        } => "Roll a die".to_owned(),
        Action::CallChance {
            chance: fairduel_engine::chance::Chance::DestinyPile { .. },
        } => "Draw from your destiny pile".to_owned(),
        Action::CallChance {
            chance: fairduel_engine::chance::Chance::EffectPick,
        } => "Pick at random".to_owned(),
    }
}

/// Where an action in the main phase (or the Battle Phase) may start, and where it lands.
/// A fusion starts from either of its materials.
pub(super) fn sources_and_target(action: &Action) -> Option<(Vec<Selection>, Place, Mark)> {
    match action {
        Action::Play { hand_index, to, .. } => {
            Some((vec![Selection::Hand(*hand_index)], *to, Mark::Play))
        }
        Action::Move { from, to, .. } => Some((vec![Selection::Board(*from)], *to, Mark::Move)),
        Action::Attack { from, target, .. } => {
            Some((vec![Selection::Board(*from)], *target, Mark::Attack))
        }
        Action::Fuse { materials, to, .. } => Some((
            materials.iter().map(material_selection).collect(),
            *to,
            Mark::Play,
        )),
        _ => None,
    }
}

/// The selection a fusion material is.
fn material_selection(material: &FusionMaterial) -> Selection {
    match material {
        FusionMaterial::Hand { hand_index, .. } => Selection::Hand(*hand_index),
        FusionMaterial::Field { at } => Selection::Board(*at),
    }
}

/// The places an action touches, for marking where the latest action happened.
pub(super) fn action_places(action: &Action) -> Vec<Place> {
    match action {
        Action::Play { to, .. } | Action::Redirect { to } | Action::Fuse { to, .. } => vec![*to],
        Action::Move { from, to, .. } => vec![*from, *to],
        Action::Attack { from, target, .. } | Action::Strike { from, target } => {
            vec![*from, *target]
        }
        Action::ChangePosition { at }
        | Action::Flip { at, .. }
        | Action::SpringTrap { at, .. }
        | Action::Activate { at, .. }
        | Action::ActivateEffect { at }
        | Action::Detach { at, .. }
        | Action::FlipFaceUp { at, .. }
        | Action::Hide { at }
        | Action::Transform { at, .. } => vec![*at],
        _ => Vec::new(),
    }
}

/// The place an action on one card is about (change position, flip, activate).
pub(super) fn untargeted_place(action: &Action) -> Option<Place> {
    match action {
        // A direct attack has no zone to click: it is one of the attacker's own choices.
        Action::Attack { from, target, .. } if target.as_player().is_some() => Some(*from),
        // A STRIKE's target is a terrain, not the card in the zone: one of the monster's own
        // choices.
        Action::Strike { from, .. } => Some(*from),
        Action::ChangePosition { at }
        | Action::Flip { at, .. }
        | Action::Activate { at, .. }
        | Action::ActivateEffect { at }
        | Action::Detach { at, .. }
        | Action::FlipFaceUp { at, .. }
        | Action::Transform { at, .. } => Some(*at),
        _ => None,
    }
}

/// The selected card's actions that need no target (change position, flip).
pub(super) fn untargeted(view: &SeatView, selection: Selection) -> Vec<&Action> {
    let Selection::Board(place) = selection else {
        return Vec::new();
    };
    view.legal
        .iter()
        .filter(|a| untargeted_place(a) == Some(place))
        .collect()
}

pub(super) fn has_any_action(view: &SeatView, selection: Selection) -> bool {
    view.legal.iter().any(|a| match (a, selection) {
        (Action::Play { hand_index, .. }, Selection::Hand(i)) => *hand_index == i,
        (Action::Fuse { materials, .. }, _) => {
            materials.iter().any(|m| material_selection(m) == selection)
        }
        (
            Action::Move { from: c, .. }
            | Action::Attack { from: c, .. }
            | Action::Strike { from: c, .. }
            | Action::ChangePosition { at: c }
            | Action::Flip { at: c, .. }
            | Action::Activate { at: c, .. }
            | Action::ActivateEffect { at: c }
            | Action::Detach { at: c, .. }
            | Action::FlipFaceUp { at: c, .. }
            | Action::Transform { at: c, .. },
            Selection::Board(place),
        ) => *c == place,
        _ => false,
    })
}

/// A card at `place` in words from my seat: "the enemy at d4" on the grid, "your Celtic
/// Guardian" or "seat 2's Dark Magician" on the card game's field (seat numbers are
/// replaced by names where the text is shown).
pub fn place_words(view: &SeatView, place: Place) -> String {
    let duel = &view.duel;
    let Place::Zone { side, .. } = place else {
        return match duel.piece_at(place) {
            Some(p) if p.controller == view.seat => format!("your card at {place}"),
            _ => format!("the enemy at {place}"),
        };
    };
    // A card is its controller's (an Extra Monster Zone is named by the first seat of the
    // pair that shares it, whoever holds the card there).
    let side = duel.piece_at(place).map_or(side, |p| p.controller);
    let whose = if side == view.seat {
        "your".to_owned()
    } else {
        format!("{side}'s")
    };
    let name = duel
        .piece_at(place)
        .and_then(|p| duel.known_card(p, Some(&view.knowledge)))
        .map_or_else(|| "Hidden card".to_owned(), |c| c.name.clone());
    format!("{whose} {name}")
}

/// Whether I am asked to agree to end the duel.
fn asked_about_end(view: &SeatView) -> bool {
    matches!(
        view.awaiting().decision(),
        Some((seat, Decision::Respond { event: TrapEvent::EndProposed { .. } })) if seat == view.seat
    )
}

/// The decision is mine and I make it myself (not the autopilot): only then do clicks and
/// keys act.
pub(crate) fn i_decide(view: &SeatView) -> bool {
    view.my_decision() && !view.autopilot
}

/// I am to act on the board: in my main phase, or choosing an attack in my Battle Phase.
pub(super) fn board_decision(view: &SeatView) -> bool {
    matches!(
        view.awaiting().decision(),
        Some((seat, Decision::Main | Decision::Battle)) if seat == view.seat
    )
}

/// The marks on the board for the current selection.
pub fn board_marks(view: &SeatView, selection: Selection) -> BTreeMap<Place, Mark> {
    let mut marks = BTreeMap::new();
    if let Some((_, action)) = &view.last_action {
        for place in action_places(action) {
            marks.insert(place, Mark::Last);
        }
    }
    if !i_decide(view) {
        return marks;
    }
    match view.awaiting().decision().map(|(_, d)| d) {
        // Attacks are chosen on the board in the card game's Battle Phase, like moves.
        Some(Decision::Main | Decision::Battle) => {
            for action in &view.legal {
                if let Some((sources, target, mark)) = sources_and_target(action) {
                    for source in sources {
                        if source == selection {
                            marks.insert(target, mark);
                        } else if let Selection::Board(from) = source
                            && marks.get(&from).is_none_or(|m| *m == Mark::Last)
                        {
                            marks.insert(from, Mark::Ready);
                        }
                    }
                }
                if let Some(at) = untargeted_place(action)
                    && marks.get(&at).is_none_or(|m| *m == Mark::Last)
                {
                    marks.insert(at, Mark::Ready);
                }
            }
            if let Selection::Board(place) = selection {
                marks.insert(place, Mark::Selected);
            }
        }
        Some(Decision::Respond { event }) => {
            let places = match event {
                TrapEvent::Moved { at }
                | TrapEvent::PowerUp { at }
                | TrapEvent::TrapSprung { at } => vec![*at],
                TrapEvent::Attack { attacker, target } => vec![*attacker, *target],
                TrapEvent::Spell { at } => at.iter().copied().collect(),
                TrapEvent::EndProposed { .. } | TrapEvent::PhaseBegins { .. } => Vec::new(),
                TrapEvent::Chained { at, .. } | TrapEvent::Summoned { at, .. } => vec![*at],
            };
            for place in places {
                marks.insert(place, Mark::Prompt);
            }
            for action in &view.legal {
                if let Action::SpringTrap { at, .. } | Action::Redirect { to: at } = action {
                    marks.insert(*at, Mark::Selected);
                }
            }
        }
        _ => {}
    }
    marks
}

/// A choice titled `title` offering every legal action.
pub(super) fn all_options(view: &SeatView, title: String) -> Choice {
    Choice {
        title,
        options: view
            .legal
            .iter()
            .map(|a| (action_label(view, a), a.clone()))
            .collect(),
    }
}

/// A card's name, or its number where the pool does not know it.
pub(super) fn card_name(view: &SeatView, card: fairduel_engine::CardId) -> String {
    view.duel
        .pool()
        .get(card)
        .map_or_else(|| card.to_string(), |c| c.name.clone())
}

/// The numbered options of the decision in front of me, if it is one the board does not
/// answer by clicking (responses, reveals, declarations, discards, a choice between ways to
/// act, or the selected card's own actions).
pub fn current_options(view: &SeatView, ui_state: &MatchUi) -> Option<Choice> {
    if !i_decide(view) {
        return None;
    }
    if let Some(choice) = &ui_state.choice {
        return Some(choice.clone());
    }
    let all = |title: String| all_options(view, title);
    let (_, decision) = view.awaiting().decision()?;
    match decision {
        Decision::Main | Decision::Battle => {
            let extra = untargeted(view, ui_state.selection);
            if extra.is_empty() {
                return None;
            }
            Some(Choice {
                title: "This card can also:".to_owned(),
                options: extra
                    .into_iter()
                    .map(|a| (action_label(view, a), a.clone()))
                    .collect(),
            })
        }
        Decision::Respond { event } => Some(super::response_prompt::response_prompt(view, event)),
        Decision::Discard { count } => Some(all(format!(
            "Your hand is over the limit: discard {count} card(s)."
        ))),
        Decision::ChooseOpponent { .. }
            if view.duel.format().family == fairduel_engine::format::Family::Field =>
        {
            Some(all(
                "Does your card's effect target an opponent? Name the one it targets (it \
                 may then affect only them), or none if its text names no opponent or \
                 reaches every field."
                    .to_owned(),
            ))
        }
        Decision::ChooseOpponent { .. } => Some(all(
            "Your card's effect names \"your opponent\": which one?".to_owned(),
        )),
        // The proposal editor answers it (`crate::proposal`); digits typed into it must not
        // pick anything.
        Decision::ProposeOutcome { .. } => None,
        Decision::ReturnDeckMaster {
            at: DeckMasterPlace::Deck,
        } if view.duel.deck_master_out_of_sight(view.seat) => Some(all(
            "Your Deck Master is somewhere in your deck since it was shuffled, or among the \
             cards you drew since you were last asked. Return it to the Deck Master Zone now, \
             showing it to everyone? If you keep it where it is, it stays until it changes \
             zones again."
                .to_owned(),
        )),
        Decision::ReturnDeckMaster { at } => Some(all(format!(
            "Your Deck Master went to {}. Return it to the Deck Master Zone now? If you keep \
             it there, it stays until it changes zones again.",
            at.label()
        ))),
        Decision::Ritual { card } => {
            let name = card_name(view, *card);
            Some(all(format!(
                "{name} resolves: choose the face-up monsters you give up for its Ritual \
                 Monster from your Extra Deck."
            )))
        }
        Decision::Revive { card } => {
            let name = card_name(view, *card);
            let sets_a_spell = view.duel.pool().get(*card).is_some_and(|c| c.is_monster());
            Some(all(if sets_a_spell {
                format!(
                    "{name} sets a spell from a graveyard in your Summoning Area: choose the \
                     spell."
                )
            } else {
                format!(
                    "{name} resolves: choose the card it brings back from a graveyard onto its \
                     zone."
                )
            }))
        }
        Decision::TakeControl { card } => {
            let name = card_name(view, *card);
            Some(all(format!(
                "{name} resolves: choose the monster you take control of until the end of \
                 the turn."
            )))
        }
        Decision::PlaceReturned { at } => Some(all(format!(
            "Your monster at {at} comes back to you: choose the zone next to your Deck \
             Leader it returns to."
        ))),
        Decision::PlaceRevived { card, by: None } => {
            let name = card_name(view, *card);
            Some(all(format!(
                "{name} was destroyed and comes back: choose the unused zone of your \
                 Summoning Area it takes (not the one it left)."
            )))
        }
        Decision::PlaceRevived { card, by: Some(by) } => {
            let (name, by) = (card_name(view, *card), card_name(view, *by));
            let spell = view.duel.pool().get(*card).is_some_and(|c| !c.is_monster());
            Some(all(if spell {
                format!(
                    "{by} sets {name} from a graveyard under your control: choose the unused \
                     zone of your Summoning Area where it lies face-down."
                )
            } else {
                format!(
                    "{by} brings {name} back from a graveyard under your control: choose the \
                     unused zone of your Summoning Area it takes."
                )
            }))
        }
        Decision::PlaceMade { card, by } => {
            let (name, by) = (card_name(view, *card), card_name(view, *by));
            Some(all(format!(
                "{by} makes {name} from nothing for you: choose the unused zone of your \
                 Summoning Area it takes."
            )))
        }
        Decision::Teleport { card } => {
            let name = card_name(view, *card);
            Some(all(format!(
                "{name} teleports a card: choose the card (where several are in reach) and the \
                 unused zone of the Summoning Area it goes to."
            )))
        }
        Decision::JudgeMaterials { summoner } => {
            let (monster, materials) = view
                .duel
                .set_apart_for_judgement(*summoner)
                .unwrap_or((None, Vec::new()));
            // Unopened only where its owner left the duel before opening it.
            let monster = monster.map_or_else(
                || "an Integration Monster nobody opened".to_owned(),
                |id| card_name(view, id),
            );
            let materials = if materials.is_empty() {
                "eroding no material".to_owned()
            } else {
                let named = materials
                    .iter()
                    .map(|m| {
                        m.map_or_else(|| "an unopened card".to_owned(), |id| card_name(view, id))
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                format!("eroding {named}, set apart")
            };
            Some(all(format!(
                "{} Integration Summoned {monster} unseen, {materials}. Were these the \
                 materials its card lists? If not, {summoner} loses the duel.",
                capitalise(&summoner.to_string())
            )))
        }
        Decision::DestinyDraw => Some(all(
            "You are far enough behind for your one Destiny Draw of the duel: take a card \
             of your destiny pile, drawn at random, instead of your regular draw?"
                .to_owned(),
        )),
        Decision::Replay { attacker } => Some(all(format!(
            "The monster {} attacked changed before the battle (it moved, changed control, went \
             into hiding or left the field): a replay. Choose its attack target again.",
            place_words(view, *attacker)
        ))),
        Decision::HideAgain { at } => Some(all(format!(
            "{} was Hidden in ATK Position when its battle began and is still on the field. \
             Hide it again (face-down, everyone has seen it), or leave it face-up?",
            capitalise(&place_words(view, *at))
        ))),
        Decision::StartingSwap => Some(all(
            "Your Duelist Setup: replace up to 2 cards of your starting hand with cards of its \
             Cardlist from your deck (everyone sees what you take), then your deck is shuffled."
                .to_owned(),
        )),
        Decision::JoinDuel => Some(all(
            "You wait to join this Battle Royale. Join as this turn ends? You take damage of \
             half the starting life points, draw your starting hand and play the next turn. \
             You are asked again at the end of every turn."
                .to_owned(),
        )),
        Decision::ChooseSide => Some(all(
            "Blue and Red: every duel has two opposing sides. Choose the one you belong to \
             (your teammates belong to it too). Some cards name a side; the players agree on \
             what they do to it."
                .to_owned(),
        )),
        Decision::SearchDeck => Some(all(
            "Search your deck: take one card into your hand (everyone sees it), or nothing."
                .to_owned(),
        )),
        Decision::ConsiderOutcome { by } => {
            let agreement = view.duel.agreement()?;
            let card = view
                .duel
                .pool()
                .get(agreement.card)
                .map_or_else(|| agreement.card.to_string(), |c| c.name.clone());
            let steps = agreement
                .proposal
                .as_deref()
                .map(|ops| describe_steps_on(&view.duel, ops))
                .unwrap_or_default();
            Some(all(format!(
                "{by} proposes this outcome for {card}: {}. Accept it?",
                steps.join("; ")
            )))
        }
    }
}

/// A click on `seat`'s Deck Master Zone (Domain Format): while I write an outcome, the Deck
/// Master is the card it picks (an effect summoning it from there); on my own turn, my
/// zone offers its summons.
pub(super) fn deck_master_click(view: &SeatView, state: &mut MatchUi, seat: Seat) {
    let writing_proposal = matches!(
        view.awaiting().decision(),
        Some((s, Decision::ProposeOutcome { .. })) if s == view.seat
    );
    if writing_proposal {
        state.proposal.take_click(Place::Zone {
            side: seat,
            zone: fairduel_engine::Zone::DeckMaster,
            slot: 0,
        });
        return;
    }
    if seat != view.seat || !i_decide(view) {
        return;
    }
    let summons: Vec<(String, Action)> = view
        .legal
        .iter()
        .filter(|a| matches!(a, Action::SummonDeckMaster { .. }))
        .map(|a| (action_label(view, a), a.clone()))
        .collect();
    if !summons.is_empty() {
        state.choice = Some(Choice {
            title: if summons.iter().any(|(_, a)| {
                matches!(
                    a,
                    Action::SummonDeckMaster {
                        mode: PlayMode::ActivateSpell,
                        ..
                    }
                )
            }) {
                "Summon your Deck Master from the Deck Master Zone, or activate it as a Pendulum \
                 Scale:"
                    .to_owned()
            } else {
                "Summon your Deck Master from the Deck Master Zone:".to_owned()
            },
            options: summons,
        });
    }
}
