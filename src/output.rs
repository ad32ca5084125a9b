//! Standard output for listings a reader may stop early (`fairduel cards | head`): once the
//! reader has gone, the listing ends quietly instead of `println!`'s panic on a closed pipe.

use std::io::{self, Write};

#[derive(Debug)]
pub struct Listing {
    out: io::StdoutLock<'static>,
    open: bool,
}

impl Listing {
    pub fn new() -> Listing {
        Listing {
            out: io::stdout().lock(),
            open: true,
        }
    }

    /// Writes one line. Returns `false` once nobody reads any more (a closed pipe, or any
    /// other failure to write, which nothing could be told of anyway); later lines are
    /// dropped.
    pub fn line(&mut self, line: std::fmt::Arguments<'_>) -> bool {
        if self.open && writeln!(self.out, "{line}").is_err() {
            self.open = false;
        }
        self.open
    }
}

/// Set once standard output's reader has gone; later lines are dropped.
static READER_GONE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// One line on standard output that never panics: once nobody reads (`fairduel verify
/// *.fdrec | head -1`), later lines are dropped and the command carries on, so a match
/// still saves its record and the exit code still says how it went.
pub fn say_line(line: std::fmt::Arguments<'_>) {
    use std::sync::atomic::Ordering;
    if READER_GONE.load(Ordering::Relaxed) {
        return;
    }
    let mut out = io::stdout().lock();
    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
        READER_GONE.store(true, Ordering::Relaxed);
    }
}

/// `println!` through [`say_line`].
macro_rules! say {
    () => {
        $crate::output::say_line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::output::say_line(format_args!($($arg)*))
    };
}
