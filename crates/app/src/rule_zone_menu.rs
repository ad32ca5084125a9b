//! Kingdom Duels' Rule Zone: a click on mine offers what my Rule cards can do now — play my
//! Symbol card there from the Extra Deck, activate a Symbol effect for each number of
//! charges it may spend, activate a Normal Rule card whose KEYWORD condition one of my
//! face-up cards meets, or declare an Integration Summon (my Duelist Setup lies there). The
//! engine lists what is legal; this only words it.

use fairduel_engine::Action;

use crate::game::Choice;
use crate::game::actions::action_label;
use crate::session::SeatView;

/// Whether a click on my Rule Zone can do anything now.
pub fn rule_zone_action(action: &Action) -> bool {
    matches!(
        action,
        Action::PlaySymbol { .. }
            | Action::UseSymbol { .. }
            | Action::IntegrationSummon { .. }
            | Action::HiddenIntegrationSummon { .. }
            | Action::ActivateRuleCard { .. }
    )
}

/// The choice a click on my Rule Zone opens, if my Rule cards can do anything now.
pub fn rule_zone_choice(view: &SeatView) -> Option<Choice> {
    let options: Vec<(String, Action)> = view
        .legal
        .iter()
        .filter(|a| rule_zone_action(a))
        .map(|a| (action_label(view, a), a.clone()))
        .collect();
    if options.is_empty() {
        return None;
    }
    let charges = view
        .duel
        .state()
        .player(view.seat)
        .symbol
        .map(|s| s.charges);
    let symbols = options
        .iter()
        .any(|(_, a)| matches!(a, Action::PlaySymbol { .. } | Action::UseSymbol { .. }));
    let rule_cards = options
        .iter()
        .any(|(_, a)| matches!(a, Action::ActivateRuleCard { .. }));
    let title = match charges {
        _ if rule_cards && !symbols => "Your Rule Zone:".to_owned(),
        _ if !symbols => "Your Duelist Setup: declare an Integration Summon".to_owned(),
        Some(left) => format!("Your Symbol card ({left} charges left; one effect per round):"),
        None => "Play a Symbol card to your Rule Zone:".to_owned(),
    };
    Some(Choice { title, options })
}
