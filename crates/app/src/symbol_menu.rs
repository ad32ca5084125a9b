//! Kingdom Duels' Symbol card from the Rule Zone: a click on my Rule Zone offers what my
//! Symbol card can do now — play it there from the Extra Deck, or activate an effect for
//! each number of charges it may spend. The engine lists what is legal; this only words it.

use fairduel_engine::Action;

use crate::game::Choice;
use crate::game::actions::action_label;
use crate::session::SeatView;

/// The choice a click on my Rule Zone opens, if my Symbol card can do anything now.
pub fn symbol_choice(view: &SeatView) -> Option<Choice> {
    let options: Vec<(String, Action)> = view
        .legal
        .iter()
        .filter(|a| matches!(a, Action::PlaySymbol { .. } | Action::UseSymbol { .. }))
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
    let title = match charges {
        Some(left) => format!("Your Symbol card ({left} charges left; one effect per round):"),
        None => "Play a Symbol card to your Rule Zone:".to_owned(),
    };
    Some(Choice { title, options })
}
