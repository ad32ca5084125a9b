//! A player the match waits for who has gone silent: once the decision clock has run out,
//! the others may close the match without them (the record says they abandoned it).

use std::time::{Duration, Instant};

use egui::{RichText, Ui};

use crate::session::{Command, Silence};
use crate::theme;

/// "4:05".
fn minutes_and_seconds(duration: Duration) -> String {
    let secs = duration.as_secs();
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The offer to close the match when `silence` allows it, with a confirmation first.
/// `name` is the silent player's. Laid out right to left, beside Concede.
pub(super) fn close_silent_ui(
    ui: &mut Ui,
    name: &str,
    silence: Option<Silence>,
    confirm: &mut bool,
) -> Option<Command> {
    let Some(silence) = silence else {
        *confirm = false;
        return None;
    };
    let now = Instant::now();
    if now < silence.may_close_at {
        let left = silence.may_close_at - now;
        // Only the last minute is counted down; before that the button would be noise.
        if left <= Duration::from_secs(60) {
            ui.label(
                RichText::new(format!("closable in {}", minutes_and_seconds(left)))
                    .color(theme::TEXT_DIM),
            )
            .on_hover_text(format!(
                "If {name} stays silent, you may close the match then; the record will say \
                 they abandoned it."
            ));
        }
        ui.ctx()
            .request_repaint_after(left.min(Duration::from_secs(1)));
        return None;
    }
    let silent_for = minutes_and_seconds(now.saturating_duration_since(silence.since));
    if *confirm {
        if ui.button("No, keep waiting").clicked() {
            *confirm = false;
        }
        let close = ui
            .button(RichText::new("Yes, close the match").color(theme::THEIRS))
            .clicked();
        ui.label(format!(
            "Close it? The record is saved as it stands and says {name} abandoned the match."
        ));
        if close {
            *confirm = false;
            return Some(Command::CloseAbandoned);
        }
        return None;
    }
    if ui
        .button(format!("Close the match ({name} silent {silent_for})"))
        .on_hover_text(format!(
            "{name} has not decided anything for {silent_for}. Closing saves the record as it \
             stands; its audit says {name} abandoned the match. Until then it can go on."
        ))
        .clicked()
    {
        *confirm = true;
    }
    ui.ctx().request_repaint_after(Duration::from_secs(1));
    None
}

#[cfg(test)]
mod tests {
    use egui::accesskit::Role;
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable;
    use fairduel_engine::Seat;

    use super::*;

    struct Panel {
        silence: Option<Silence>,
        confirm: bool,
        sent: Option<Command>,
    }

    fn panel(silence: Option<Silence>) -> Harness<'static, Panel> {
        Harness::new_ui_state(
            |ui, panel: &mut Panel| {
                ui.horizontal(|ui| {
                    if let Some(command) =
                        close_silent_ui(ui, "Bob", panel.silence, &mut panel.confirm)
                    {
                        panel.sent = Some(command);
                    }
                });
            },
            Panel {
                silence,
                confirm: false,
                sent: None,
            },
        )
    }

    #[test]
    fn a_silent_player_past_the_clock_can_be_closed_out_after_a_confirmation() {
        let now = Instant::now();
        let since = now - Duration::from_secs(185);
        let mut h = panel(Some(Silence {
            seat: Seat(1),
            since,
            may_close_at: since + Duration::from_secs(120),
        }));
        h.run();
        h.get_by_role_and_label(Role::Button, "Close the match (Bob silent 3:05)")
            .click();
        h.run();
        assert!(
            h.state().sent.is_none(),
            "nothing happens before confirming"
        );
        h.get_by_role_and_label(Role::Button, "Yes, close the match")
            .click();
        h.run();
        assert_eq!(h.state().sent, Some(Command::CloseAbandoned));
    }

    #[test]
    fn before_the_clock_runs_out_there_is_nothing_to_click() {
        let now = Instant::now();
        let mut h = panel(Some(Silence {
            seat: Seat(1),
            since: now,
            may_close_at: now + Duration::from_secs(30),
        }));
        h.run();
        assert!(h.query_by_role(Role::Button).is_none());
        assert!(h.query_by_label_contains("closable in 0:").is_some());
        let mut h = panel(None);
        h.run();
        assert!(h.query_by_role(Role::Button).is_none());
    }
}
