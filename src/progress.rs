//! Progress bars for long jobs (self-play, verifying many records), on standard error so
//! that standard output stays the result a script reads. indicatif draws nothing when
//! standard error is not a terminal, so CI logs and pipes get no escape codes.

use indicatif::{ProgressBar, ProgressState, ProgressStyle};

/// A bar over `total` items of `what` ("games", "records").
pub fn bar(total: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let template = format!("{{bar:32}} {{pos}}/{{len}} {what} · {{rate}}/s · {{eta}} left");
    // The template is built here from a fixed pattern; a broken one would only lose the
    // bar's looks, never the job, so the default style stands in.
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(
            style
                .with_key(
                    "rate",
                    |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                        // A rate in whole items reads at a glance; indicatif's own has four decimals.
                        let _ = write!(out, "{:.0}", state.per_sec());
                    },
                )
                .progress_chars("█▌ "),
        );
    }
    bar
}
