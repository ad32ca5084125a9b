//! The bar above the board: the match, the turn or the Setup Phase, whose decision it is
//! (and for how long over the network), and the Close, Concede and Autopilot controls.

use egui::{RichText, Ui};
use fairduel_engine::{Awaiting, Decision};

use super::{MatchModel, MatchRequest, MatchUi};
use crate::session::{Command, SeatView};
use crate::theme;

pub(super) fn status_bar_ui(
    ui: &mut Ui,
    model: &MatchModel,
    view: &SeatView,
    state: &mut MatchUi,
    command: &mut Option<Command>,
    request: &mut Option<MatchRequest>,
) {
    let duel_state = view.duel.state();
    ui.horizontal_centered(|ui| {
        ui.label(RichText::new(&model.title).strong());
        ui.separator();
        if view.duel.in_setup_phase() {
            ui.label("Setup Phase");
            // What the Setup Phase waits for now: the sides (Blue and Red) come before the
            // Duelist Setup swaps.
            let step = match view.awaiting().decision() {
                Some((_, Decision::ChooseSide)) => "choosing sides, Blue or Red",
                _ => "Duelist Setup swaps",
            };
            ui.label(format!(
                "— {step}; {} goes first",
                model.name(duel_state.active)
            ));
        } else {
            ui.label(format!("Turn {}", duel_state.turn));
        }
        let phase = match (view.awaiting(), duel_state.phase) {
            _ if view.duel.in_setup_phase() => "",
            (
                Awaiting::Decision {
                    decision: Decision::Respond { .. },
                    ..
                },
                _,
            ) => "Response window",
            (Awaiting::Finished, _) => "Duel over",
            (_, phase) => phase.label(),
        };
        if !phase.is_empty() {
            ui.label(phase);
            ui.label(format!("— {} to play", model.name(duel_state.active)));
        }
        ui.separator();
        let (text, colour) = match view.deciding {
            Some(seat) if seat == view.seat && view.autopilot => {
                ("Autopilot is deciding for you".to_owned(), theme::TEXT_DIM)
            }
            Some(seat) if seat == view.seat => ("Your decision".to_owned(), theme::PROMPT),
            Some(seat) => {
                // Over the network, how long the other player has been at it: a player who
                // went quiet shows here long before the link is declared lost.
                let waited = model
                    .view_since
                    .filter(|_| model.networked)
                    .map(|since| since.elapsed().as_secs())
                    .filter(|secs| *secs >= 3);
                let text = match waited {
                    Some(secs) => format!("{} is deciding… {secs} s", model.name(seat)),
                    None => format!("{} is deciding…", model.name(seat)),
                };
                if model.networked {
                    ui.ctx()
                        .request_repaint_after(std::time::Duration::from_secs(1));
                }
                (text, theme::TEXT_DIM)
            }
            None => ("The duel is over".to_owned(), theme::TEXT),
        };
        ui.label(RichText::new(text).color(colour).strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let hint = if model.failed || model.is_over() {
                "Back to the home screen"
            } else {
                "The match goes on while you look around; \"Back to the match\" returns here"
            };
            if ui.button("Home").on_hover_text(hint).clicked() {
                *request = Some(MatchRequest::Leave);
            }
            if model.is_over() {
                if ui.button("Show the result").clicked() {
                    *request = Some(MatchRequest::ShowResult);
                }
                return;
            }
            let silent = view.silent.filter(|_| model.networked);
            let silent_name = silent.map_or("", |s| model.name(s.seat));
            if let Some(close) =
                super::silence::close_silent_ui(ui, silent_name, silent, &mut state.confirm_close)
            {
                *command = Some(close);
            }
            if state.confirm_concede {
                if ui.button("No, keep playing").clicked() {
                    state.confirm_concede = false;
                }
                if ui
                    .button(RichText::new("Yes, concede").color(theme::THEIRS))
                    .clicked()
                {
                    state.confirm_concede = false;
                    *command = Some(Command::Concede);
                }
                ui.label("Really concede?");
            } else if ui.button("Concede").clicked() {
                state.confirm_concede = true;
            }
            let mut autopilot = view.autopilot;
            if ui
                .checkbox(&mut autopilot, "Autopilot")
                .on_hover_text("Let the bot play your seat; switch it off to take over again.")
                .changed()
            {
                *command = Some(Command::Autopilot(autopilot));
            }
        });
    });
}
