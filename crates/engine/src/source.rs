//! Errors in data files (cards, formats, decks, scenarios) that name the file, the line and
//! the problem, so whoever edits the file can fix it.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SourceError {
    pub file: String,
    /// 1-based line number.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for SourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl SourceError {
    pub fn new(file: &str, line: usize, message: String) -> SourceError {
        SourceError {
            file: file.to_owned(),
            line,
            message,
        }
    }

    pub fn from_toml(file: &str, text: &str, err: &toml::de::Error) -> SourceError {
        let line = err.span().map_or(1, |span| line_of(text, span.start));
        // The TOML error's own text repeats the source excerpt; its message alone is enough
        // next to our file:line prefix.
        SourceError::new(file, line, err.message().to_owned())
    }
}

/// 1-based line number of a byte offset.
pub fn line_of(text: &str, offset: usize) -> usize {
    let end = offset.min(text.len());
    text.as_bytes()[..end]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}
