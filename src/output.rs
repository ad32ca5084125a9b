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
