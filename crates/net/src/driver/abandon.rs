//! Closing a match whose player went silent. The log has one writer at a time, so a seat
//! that stops answering (its connection up but no decision, or gone and never back) holds
//! everyone else. Once the seat the log waits for has been silent for the decision clock
//! (or, without one, for [`LONG_SILENCE`]), a waiting player may close the match: the
//! record is saved as it stands, and its audit says that seat abandoned the match at the
//! entry it owed. Nothing needs the silent seat's signature: the record ends where it
//! stopped writing, and every entry before checks. Until then the match can still resume.

use std::time::Duration;

use fairduel_engine::Seat;
use tokio::time::Instant;

use super::run::Driver;
use super::{MatchEnd, Silence, Update};

/// Without a decision clock, how long a seat must have been silent before the others may
/// claim it abandoned the match.
pub const LONG_SILENCE: Duration = Duration::from_secs(10 * 60);

/// Which seat the log waits for, since when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Owed {
    seat: Seat,
    /// Entries in the log when it began to wait for `seat`.
    entries: u64,
    since: Instant,
}

impl Driver {
    /// How long the others wait before they may close the match.
    fn close_after(&self) -> Duration {
        self.config.decision_clock.unwrap_or(LONG_SILENCE)
    }

    /// Notes when the log began waiting for its current writer.
    pub(super) fn track_silence(&mut self) {
        let waiting_for = (!self.peer.is_complete())
            .then(|| self.peer.awaiting().0)
            .flatten();
        let entries = self.entries();
        self.owed = match (waiting_for, self.owed) {
            (None, _) => None,
            (Some(seat), Some(owed)) if owed.seat == seat && owed.entries == entries => Some(owed),
            (Some(seat), _) => Some(Owed {
                seat,
                entries,
                since: Instant::now(),
            }),
        };
    }

    /// The seat the log waits for when it is another's: how long it has been silent.
    pub(super) fn silence(&self) -> Option<Silence> {
        let owed = self.owed?;
        (owed.seat != self.peer.seat()).then(|| Silence {
            seat: owed.seat,
            since: owed.since.into_std(),
            may_close_at: (owed.since + self.close_after()).into_std(),
        })
    }

    /// Closes the match if the seat it waits for has been silent long enough: saves the
    /// record as it stands and reports its audit. `Err` says why it may not be closed yet.
    pub(super) fn close_abandoned(&mut self) -> Result<(), String> {
        self.track_silence();
        let Some(owed) = self.owed else {
            return Err("the match is over: there is nothing to close".to_owned());
        };
        if owed.seat == self.peer.seat() {
            return Err("the match is waiting for you, not for a silent player".to_owned());
        }
        let silent_for = owed.since.elapsed();
        if silent_for < self.close_after() {
            return Err(format!(
                "{} has been silent for {} s; the match may be closed after {} s of silence",
                owed.seat,
                silent_for.as_secs(),
                self.close_after().as_secs()
            ));
        }
        let record = self.peer.record();
        let rules = std::sync::Arc::clone(self.peer.log().rules());
        let audit = fairduel_protocol::audit(rules, &record)
            .map_err(|e| format!("the record as it stands cannot be audited: {e}"))?;
        let end = MatchEnd {
            outcome: None,
            my_seat: self.peer.seat(),
            record: self.save_record(),
            audit,
        };
        self.updates.send(Update::Finished(Box::new(end)));
        Ok(())
    }
}
