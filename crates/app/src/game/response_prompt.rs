//! The prompt of a response window on the match screen: what the enemy did (a move, an
//! attack, a spell, a power-up, a sprung trap, a chain link …) and what I may answer with.

use fairduel_engine::text::capitalise;
use fairduel_engine::{Action, Place, TrapEvent};

use super::Choice;
use super::actions::{all_options, card_name, place_words};
use crate::session::SeatView;

/// The choice a response window to `event` puts in front of me.
pub(super) fn response_prompt(view: &SeatView, event: &TrapEvent) -> Choice {
    let what = match event {
        TrapEvent::Moved { at } => format!("An enemy card moved to {at}."),
        TrapEvent::Attack { attacker, target } => format!(
            "{} attacks {}.",
            capitalise(&place_words(view, *attacker)),
            place_words(view, *target)
        ),
        TrapEvent::Spell { .. } => "The enemy activated a spell.".to_owned(),
        TrapEvent::PowerUp { at } => {
            format!("The enemy powered up {}.", card_words(view, *at))
        }
        TrapEvent::TrapSprung { at } => {
            format!("The enemy sprang {}.", card_words(view, *at))
        }
        TrapEvent::Chained { at, by } => {
            let links = view.duel.chain().links.len();
            let who = if *by == view.seat {
                "You".to_owned()
            } else {
                by.to_string()
            };
            let what = match at {
                // A Symbol's effect, activated from its player's Rule Zone.
                Place::Zone {
                    zone: fairduel_engine::Zone::Rule,
                    ..
                } => match view.duel.chain().links.last() {
                    // A Symbol's effect, or a Rule card activated into the Rule Zone.
                    Some(link)
                        if view
                            .duel
                            .state()
                            .player(*by)
                            .symbol
                            .is_some_and(|s| s.card_ref == link.card_ref) =>
                    {
                        format!("an effect of the Symbol {}", card_name(view, link.card))
                    }
                    Some(link) => format!("the Rule card {}", card_name(view, link.card)),
                    None => "a Rule Zone card".to_owned(),
                },
                _ => place_words(view, *at),
            };
            // Domain's errata: the opponent the link's effect targets, if any.
            let target = match view.duel.chain().links.last().map(|l| l.target) {
                Some(fairduel_engine::field::OpponentTarget::Opponent(seat))
                    if seat == view.seat =>
                {
                    ", targeting you".to_owned()
                }
                Some(fairduel_engine::field::OpponentTarget::Opponent(seat)) => {
                    format!(", targeting {seat}")
                }
                _ => String::new(),
            };
            format!("{who} activated {what}{target} (chain link {links}).")
        }
        TrapEvent::Summoned { at, .. } => {
            format!("{} was summoned.", capitalise(&place_words(view, *at)))
        }
        TrapEvent::PhaseBegins { phase, of } if *of == view.seat => {
            format!("Your {} begins.", phase.label())
        }
        TrapEvent::PhaseBegins { phase, of } => {
            format!("{of}'s {} begins.", phase.label())
        }
        TrapEvent::EndProposed { by } => {
            return all_options(
                view,
                format!(
                    "{by} proposes to end the duel here, every remaining player a winner. \
                 Everyone still in it must agree."
                ),
            );
        }
    };
    // Every answer but letting it go (which a triggered trap turns into leaving it).
    let answers = view
        .legal
        .iter()
        .filter(|a| !matches!(a, Action::Pass | Action::LeaveTriggered))
        .count();
    let redirects = view
        .legal
        .iter()
        .any(|a| matches!(a, Action::Redirect { .. }));
    let on_field = view.duel.format().family == fairduel_engine::format::Family::Field;
    let from_hand = view.legal.iter().any(|a| matches!(a, Action::Play { .. }));
    let must_activate = !view.legal.iter().any(|a| matches!(a, Action::Pass));
    let may_leave = view
        .legal
        .iter()
        .any(|a| matches!(a, Action::LeaveTriggered));
    let ask = match (answers, redirects) {
        _ if may_leave => {
            "A trap of yours has its Trigger met: activate it (one of them, if \
             several are), or leave it Set and take an Idle Warning."
        }
        _ if must_activate && on_field => {
            "A trap of yours has its Trigger met: activate it (one of them, if \
             several are)."
        }
        _ if must_activate => "A trap of yours is triggered and must spring.",
        (0, _) if on_field => "Nothing of yours can answer it.",
        (0, _) => "None of your traps can answer it.",
        (_, true) => "Redirect it onto one of your monsters (once per round)?",
        (_, false) if on_field && from_hand => {
            "Respond with a Quick Set card, or a Quick spell from your hand?"
        }
        (_, false) if on_field => "Respond with a Quick Set card?",
        (_, false) => "Spring a trap?",
    };
    all_options(view, format!("{what} {ask}"))
}

/// The card at `place` by name where I know it ("Celtic Guardian at c7"), else by place.
fn card_words(view: &SeatView, place: Place) -> String {
    let duel = &view.duel;
    duel.piece_at(place)
        .and_then(|p| duel.known_card(p, Some(&view.knowledge)))
        .map_or_else(
            || format!("the card at {place}"),
            |c| format!("{} at {place}", c.name),
        )
}
