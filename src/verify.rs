//! `fairduel verify`: audits match records and says, in words or with `--json` as JSON,
//! whether each seat played fairly. Exits 0 only when every seat of every record did.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use fairduel_engine::Rules;
use fairduel_protocol::{AuditReport, SeatVerdict};
use serde::Serialize;

use crate::assets;
use crate::cli::{CmdResult, reason_name, result_words};

/// The audit of one record, as `--json` prints it.
#[derive(Debug, Serialize)]
struct Verdicts {
    file: String,
    format: String,
    format_name: String,
    entries: usize,
    /// Entries whose writer differs from the previous entry's: each waits for a message to
    /// cross the network, so a match takes at least this many one-way latencies.
    hand_offs: u64,
    /// Every seat made its end reveal.
    complete: bool,
    /// Every seat verified and the record undamaged: what the exit code says.
    all_verified: bool,
    outcome: Option<JsonOutcome>,
    seats: Vec<JsonSeat>,
    damaged: Option<JsonDamage>,
    /// Face-down cards shown between teammates that the audit checked.
    disclosures_checked: usize,
    /// Kingdom Duels' Hidden Integration Summons the duel ended before anyone judged.
    unjudged: Vec<JsonUnjudged>,
}

#[derive(Debug, Serialize)]
struct JsonUnjudged {
    summoner: u8,
    /// The card names as the end reveals opened them ("unopened" where nobody did).
    monster: String,
    materials: Vec<String>,
}

#[derive(Debug, Serialize)]
struct JsonOutcome {
    winners: Vec<u8>,
    /// "life-points", "deck-out", "concession", …
    reason: String,
}

#[derive(Debug, Serialize)]
struct JsonSeat {
    seat: usize,
    /// The short fingerprint of the seat's key.
    key: String,
    /// "verified", "cheated", "withheld", "abandoned" or "checked-until-damage".
    verdict: &'static str,
    /// The entry that proves a cheat, or where the record's damage begins.
    entry: Option<u64>,
    what: Option<String>,
}

#[derive(Debug, Serialize)]
struct JsonDamage {
    entry: u64,
    what: String,
}

/// A record that cannot be audited at all, as `--json` prints it.
#[derive(Debug, Serialize)]
struct Unreadable<'a> {
    file: String,
    error: &'a str,
}

/// Audits every file in turn. One file prints one report (one JSON object); several print
/// a report each and a tally (a JSON array), with a progress bar on a terminal.
pub fn verify(
    dir: &std::path::Path,
    files: &[PathBuf],
    json: bool,
    cards: &[PathBuf],
) -> CmdResult {
    let database = if cards.is_empty() {
        None
    } else {
        Some(fairduel_carddb::load_database_pool(cards).map_err(|e| e.to_string())?)
    };
    let progress = (files.len() > 1).then(|| crate::progress::bar(files.len() as u64, "records"));
    let mut reports = Vec::with_capacity(files.len());
    let mut all_fair = true;
    for file in files {
        let audited = audit_file(dir, file, database.as_ref());
        all_fair &= audited
            .as_ref()
            .is_ok_and(|(_, report, _)| report.all_verified());
        if json {
            reports.push(match &audited {
                Ok((rules, report, hand_offs)) => {
                    serde_json::to_value(verdicts(file, rules, report, *hand_offs))
                }
                Err(error) => serde_json::to_value(Unreadable {
                    file: file.display().to_string(),
                    error,
                }),
            });
        } else if let Some(bar) = &progress {
            bar.suspend(|| {
                match &audited {
                    Ok((rules, report, _)) => print_report(file, rules, report),
                    Err(error) => say!("{}: {error}", file.display()),
                }
                say!();
            });
        } else {
            // One file keeps the exit code and message a script expects of a bad file.
            let (rules, report, _) =
                audited.map_err(|error| format!("{}: {error}", file.display()))?;
            print_report(file, &rules, &report);
        }
        if let Some(bar) = &progress {
            bar.inc(1);
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if json {
        let reports = reports
            .into_iter()
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let text = match <[serde_json::Value; 1]>::try_from(reports) {
            Ok([only]) => serde_json::to_string_pretty(&only),
            Err(many) => serde_json::to_string_pretty(&many),
        }
        .map_err(|e| e.to_string())?;
        say!("{text}");
    } else if files.len() > 1 {
        let fair = if all_fair {
            "every seat of every record verified"
        } else {
            "NOT every seat of every record verified"
        };
        say!("{} records: {fair}", files.len());
    }
    Ok(if all_fair {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn audit_file(
    dir: &std::path::Path,
    file: &std::path::Path,
    database: Option<&fairduel_engine::CardPool>,
) -> Result<(Arc<Rules>, AuditReport, u64), String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read it: {e}"))?;
    let record = fairduel_protocol::MatchRecord::from_bytes(&bytes).map_err(|e| e.to_string())?;
    let setup = fairduel_protocol::audit::record_setup(&record).map_err(|e| e.to_string())?;
    let format = assets::format_ids(dir)
        .into_iter()
        .filter_map(|id| assets::load_format(dir, &id).ok())
        .find(|f| f.hash() == setup.format_hash)
        .ok_or_else(|| {
            format!(
                "the match was played with format \"{}\" (hash {}), which is not among the formats in {}",
                setup.format_name,
                setup.format_hash.short(),
                dir.join("formats").display()
            )
        })?;
    // The card database given, for the records of matches played with it; the format's
    // own pool for any other.
    let pool = match database.map(|pool| fairduel_carddb::pool_as_played(&format, pool.clone())) {
        Some(pool) if pool.hash() == setup.pool_hash => pool,
        _ => assets::load_pool(dir, &format.pool).map_err(|e| e.to_string())?,
    };
    let rules = Rules::new(format, pool);
    if rules.pool.hash() != setup.pool_hash {
        let how = if database.is_none() {
            "verify with the FairDuel version (or assets) it was played with, or, for a match \
             played with a card database's cards, pass that database with --cards"
        } else {
            "pass --cards the card database the match was played with"
        };
        return Err(format!(
            "the match was played with card pool {}, but the pool here is {}: {how}",
            setup.pool_hash.short(),
            rules.pool.hash().short()
        ));
    }
    let report =
        fairduel_protocol::audit(Arc::clone(&rules), &record).map_err(|e| e.to_string())?;
    // Where the log's writer changes: each waits for a message to cross the network.
    let authors: Vec<_> = record
        .entries
        .iter()
        .filter_map(|e| e.open().ok().map(|envelope| envelope.author))
        .collect();
    let hand_offs = authors.windows(2).filter(|w| w[0] != w[1]).count() as u64;
    Ok((rules, report, hand_offs))
}

fn verdicts(
    file: &std::path::Path,
    rules: &Rules,
    report: &AuditReport,
    hand_offs: u64,
) -> Verdicts {
    Verdicts {
        file: file.display().to_string(),
        format: rules.format.id.clone(),
        format_name: rules.format.name.clone(),
        entries: report.entries,
        hand_offs,
        complete: report.complete,
        all_verified: report.all_verified(),
        outcome: report.outcome.map(|outcome| JsonOutcome {
            winners: outcome.winners.iter().map(|s| s.0).collect(),
            reason: reason_name(outcome.reason).replace(' ', "-"),
        }),
        seats: report
            .verdicts
            .iter()
            .enumerate()
            .map(|(seat, verdict)| {
                let (verdict, entry, what) = match verdict {
                    SeatVerdict::Verified => ("verified", None, None),
                    SeatVerdict::Cheated { seq, what } => {
                        ("cheated", Some(*seq), Some(what.clone()))
                    }
                    SeatVerdict::Withheld => ("withheld", None, None),
                    SeatVerdict::Abandoned { seq } => ("abandoned", Some(*seq), None),
                    SeatVerdict::CheckedUntilDamage { seq } => {
                        ("checked-until-damage", Some(*seq), None)
                    }
                };
                JsonSeat {
                    seat,
                    key: report
                        .setup
                        .players
                        .get(seat)
                        .map_or_else(String::new, |k| k.fingerprint()),
                    verdict,
                    entry,
                    what,
                }
            })
            .collect(),
        damaged: report.damaged.as_ref().map(|d| JsonDamage {
            entry: d.seq,
            what: d.what.clone(),
        }),
        disclosures_checked: report.disclosures_checked,
        unjudged: report
            .unjudged
            .iter()
            .map(|u| JsonUnjudged {
                summoner: u.summoner.0,
                monster: card_name(rules, u.monster),
                materials: u.materials.iter().map(|m| card_name(rules, *m)).collect(),
            })
            .collect(),
    }
}

fn card_name(rules: &Rules, card: Option<fairduel_engine::card::CardId>) -> String {
    card.and_then(|id| rules.pool.get(id))
        .map_or_else(|| "unopened".to_owned(), |c| c.name.clone())
}

fn print_report(file: &std::path::Path, rules: &Rules, report: &AuditReport) {
    say!(
        "{}: {} entries, {} ({}){}",
        file.display(),
        report.entries,
        rules.format.name,
        rules.format.id,
        if report.complete {
            ""
        } else {
            "; the match is not complete"
        }
    );
    print_verdicts(rules, report);
}

/// The verdict of every seat in words.
fn print_verdicts(rules: &Rules, report: &AuditReport) {
    match report.outcome {
        Some(outcome) => say!(
            "result: {} ({}) in {}",
            result_words(&outcome),
            reason_name(outcome.reason),
            rules.format.name
        ),
        None => say!("result: the duel did not finish"),
    }
    if report.disclosures_checked > 0 {
        let n = report.disclosures_checked;
        say!(
            "shown:  {n} face-down card{} shown to a teammate alone, each checked against the rules and the card",
            if n == 1 { "" } else { "s" }
        );
    }
    for (i, verdict) in report.verdicts.iter().enumerate() {
        let who = format!(
            "seat {i} ({})",
            report
                .setup
                .players
                .get(i)
                .map_or_else(String::new, |k| k.fingerprint())
        );
        match verdict {
            SeatVerdict::Verified => say!("audit: {who} verified — played fairly"),
            SeatVerdict::Cheated { seq, what } => {
                say!("audit: {who} CHEATED — entry {seq}: {what}")
            }
            SeatVerdict::Withheld => {
                say!("audit: {who} WITHHELD its secrets at the end (counts as a loss)")
            }
            SeatVerdict::CheckedUntilDamage { seq } => {
                say!("audit: {who} no fault before entry {seq}; the rest is unknown")
            }
            SeatVerdict::Abandoned { seq } => say!(
                "audit: {who} ABANDONED the match at entry {seq}: it owed that entry and the \
                 record stops there (everything it signed before checks)"
            ),
        }
    }
    for unjudged in &report.unjudged {
        let materials: Vec<String> = unjudged
            .materials
            .iter()
            .map(|m| card_name(rules, *m))
            .collect();
        say!(
            "unjudged: {} Integration Summoned {} unseen, eroding {}; the duel ended before \
             anyone judged the materials: compare them with the card's own list",
            unjudged.summoner,
            card_name(rules, unjudged.monster),
            if materials.is_empty() {
                "no material".to_owned()
            } else {
                materials.join(", ")
            }
        );
    }
    if let Some(damage) = &report.damaged {
        say!(
            "audit: the record is DAMAGED — {}. Entries before {} are signed and check; from \
             there on nothing can be judged, and nobody is accused on its account",
            damage.what,
            damage.seq
        );
    }
}
