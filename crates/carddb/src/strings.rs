//! Archetype names from `strings.conf`: `!setname 0xCODE Name` lines. Other lines (system
//! strings, counters, comments) are not ours to read and are passed over.

use fairduel_engine::domain::{ArchetypeCode, CardDatabase};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StringsError {
    #[error("line {line}: `{text}` is not `!setname 0xCODE Name` ({why})")]
    BadSetname {
        line: usize,
        text: String,
        why: &'static str,
    },
}

/// Adds every archetype name of a strings file to `db`; how many it named.
pub fn read_setnames(text: &str, db: &mut CardDatabase) -> Result<usize, StringsError> {
    let mut named = 0;
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let Some(rest) = line.strip_prefix("!setname") else {
            continue;
        };
        let bad = |why| StringsError::BadSetname {
            line: index + 1,
            text: line.to_string(),
            why,
        };
        let rest = rest.trim_start();
        let (code, name) = rest.split_once(char::is_whitespace).ok_or(bad("no name"))?;
        let hex = code
            .strip_prefix("0x")
            .or_else(|| code.strip_prefix("0X"))
            .ok_or(bad("the code is not hexadecimal"))?;
        let code =
            u16::from_str_radix(hex, 16).map_err(|_| bad("the code is not a 16-bit number"))?;
        // Some files add the Japanese name after a tab or '|': the first part is the name.
        let mut names = name
            .split(['\t', '|'])
            .map(str::trim)
            .filter(|n| !n.is_empty());
        let Some(first) = names.next() else {
            return Err(bad("no name"));
        };
        db.add_archetype(ArchetypeCode(code), first);
        named += 1;
    }
    Ok(named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setnames_are_read_and_other_lines_passed_over() {
        let mut db = CardDatabase::new();
        let text = "#comment\n!system 1 Normal\n!setname 0x8 HERO\n!setname 0xc008 Destiny HERO\n\
                    !setname 0x21 Earthbound\n!setname 0x151a Earthbound\n";
        assert_eq!(read_setnames(text, &mut db), Ok(4));
        assert_eq!(
            db.archetypes_named("destiny hero").collect::<Vec<_>>(),
            [ArchetypeCode(0xc008)]
        );
        assert_eq!(db.archetype_name(ArchetypeCode(0x8)), "HERO");
        // A name the file gives two codes stands for both.
        assert_eq!(
            db.archetypes_named("Earthbound").collect::<Vec<_>>(),
            [ArchetypeCode(0x21), ArchetypeCode(0x151a)]
        );
    }

    #[test]
    fn a_broken_setname_line_says_which_line_and_why() {
        let mut db = CardDatabase::new();
        let err = read_setnames("!setname 0x8 HERO\n!setname 8 HERO\n", &mut db).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: `!setname 8 HERO` is not `!setname 0xCODE Name` (the code is not hexadecimal)"
        );
    }
}
