//! Kingdom Duels' Symbol card on the action bar: a button to play it from the Extra Deck
//! to the Rule Zone, and one per number of charges an effect may spend. The engine lists
//! what is legal now; this only shows it.

use egui::Ui;
use fairduel_engine::Action;

use crate::game::actions::action_label;
use crate::session::SeatView;

/// The Symbol buttons for `view`'s legal actions; the action clicked, if any.
pub fn symbol_menu_ui(ui: &mut Ui, view: &SeatView, waiting: bool) -> Option<Action> {
    let mut chosen = None;
    let symbol_actions = view
        .legal
        .iter()
        .filter(|a| matches!(a, Action::PlaySymbol { .. } | Action::UseSymbol { .. }));
    // The bar is laid out right to left: the highest charge first keeps "1" nearest the
    // label.
    let mut uses: Vec<&Action> = Vec::new();
    for action in symbol_actions {
        match action {
            Action::PlaySymbol { .. } => {
                if ui
                    .add_enabled(!waiting, egui::Button::new(action_label(view, action)))
                    .clicked()
                {
                    chosen = Some(action.clone());
                }
            }
            _ => uses.push(action),
        }
    }
    if uses.is_empty() {
        return chosen;
    }
    for action in uses.iter().rev() {
        let Action::UseSymbol { charges } = action else {
            continue;
        };
        let clicked = ui
            .add_enabled(!waiting, egui::Button::new(charges.to_string()))
            .on_hover_text(action_label(view, action))
            .clicked();
        if clicked {
            chosen = Some((*action).clone());
        }
    }
    ui.label("Symbol effect, charges:");
    chosen
}
