//! The audit: after a match every seat has revealed its secrets, and the whole signed log is
//! replayed with the same validator the live peers used — now knowing each author's cards,
//! so every pending claim, declaration, draw opening and deck rule is checked. Anyone can run
//! it offline from the record file.

use std::sync::Arc;

use fairduel_engine::commitment::PositionSlot;
use fairduel_engine::duel::Rules;
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::seat::Seat;
use fairduel_engine::state::Outcome;

use crate::disclosure::DisclosureAudit;
use crate::envelope::{Body, DeckCommit, EndReveal, MatchSetup, PermutationCommit, SignedEnvelope};
use crate::matchlog::{MatchLog, Step, Violation, false_claims, permuters_of};
use crate::record::MatchRecord;
use fairduel_engine::commitment::Commitment;

/// What the audit says about one seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatVerdict {
    /// Every entry it wrote checks, and its secrets (where the match got that far) opened
    /// every commitment it made.
    Verified,
    /// The entry `seq` proves it broke the rules, as `what` says.
    Cheated { seq: u64, what: String },
    /// It did not reveal its secrets when the rules required (counts as a loss).
    Withheld,
    /// The record stops in the middle of the duel with this seat owing entry `seq` (a
    /// decision or an answer): it walked away, or the match was closed while it was silent.
    Abandoned { seq: u64 },
    /// Every entry of it up to where the record is damaged checks; what it wrote after that
    /// cannot be read, so nothing is known of it (see [`AuditReport::damaged`]).
    CheckedUntilDamage { seq: u64 },
}

impl SeatVerdict {
    pub fn is_verified(&self) -> bool {
        matches!(self, SeatVerdict::Verified)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditReport {
    pub setup: MatchSetup,
    pub verdicts: Vec<SeatVerdict>,
    /// The duel's result, if it got that far.
    pub outcome: Option<Outcome>,
    pub entries: usize,
    /// Whether every seat made its end reveal.
    pub complete: bool,
    /// Where the record stops being readable: bytes that no valid signature covers (a
    /// damaged or edited file). Nobody is accused on their account.
    pub damaged: Option<RecordDamage>,
    /// Face-down cards shown between teammates that the audit checked (signed by their
    /// owners, within the entries the record covers).
    pub disclosures_checked: usize,
    /// Kingdom Duels' Hidden Integration Summons the duel ended before anyone judged, with
    /// the cards the end reveals opened: whether the materials were proper is the players'
    /// judgement, which the record leaves to its readers.
    pub unjudged: Vec<UnjudgedIntegration>,
}

/// A Hidden Integration Summon never judged: its monster and materials, as the secrets
/// opened them (`None` for a card whose owner never opened it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnjudgedIntegration {
    pub summoner: Seat,
    pub monster: Option<fairduel_engine::card::CardId>,
    pub materials: Vec<Option<fairduel_engine::card::CardId>>,
}

/// Where and how a record is damaged: the entries before `seq` verify (every one of them
/// authenticated by a signature), the rest is unknown; `what` is the first thing found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordDamage {
    pub seq: u64,
    pub what: String,
}

impl AuditReport {
    pub fn all_verified(&self) -> bool {
        self.damaged.is_none() && self.verdicts.iter().all(SeatVerdict::is_verified)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuditError {
    #[error("the record is empty")]
    Empty,
    #[error("the record's first entry is not a valid match set-up: {0}")]
    BadSetup(String),
}

/// Reads the set-up from a record (to find the format and pool it names) without judging
/// anything.
pub fn record_setup(record: &MatchRecord) -> Result<MatchSetup, AuditError> {
    let first = record.entries.first().ok_or(AuditError::Empty)?;
    match first.open() {
        Ok(envelope) => match envelope.body {
            Body::Setup(setup) => Ok(setup),
            other => Err(AuditError::BadSetup(format!(
                "it holds a {} entry",
                other.kind()
            ))),
        },
        Err(e) => Err(AuditError::BadSetup(e.to_string())),
    }
}

/// Audits a record against the rules its set-up names.
///
/// Entries are authenticated through the chain: an entry counts as its author's once a
/// later (or its own) entry of that author carries a valid signature and every link in
/// between holds, so a record needs only each seat's last signature. Every signature a
/// record does carry must be valid. Entries at the end that no signature covers are not
/// part of the audited log.
pub fn audit(rules: Arc<Rules>, record: &MatchRecord) -> Result<AuditReport, AuditError> {
    let first = record.entries.first().ok_or(AuditError::Empty)?;
    let mut log = MatchLog::start(rules, first).map_err(|e| AuditError::BadSetup(e.to_string()))?;
    let setup = log.setup().clone();
    let seats = setup.players.len();
    let knowledge = knowledge_from_reveals(&log, record);
    let mut verdicts = vec![SeatVerdict::Verified; seats];
    let mut caught = false;
    let mut damaged = None;
    let mut disclosures = DisclosureAudit::new(&log, &record.disclosures);
    for signed in &record.entries[1..] {
        if let Err(rejected) = log.receive_observed(signed, Some(&knowledge), &mut disclosures) {
            let replayed = matches!(rejected.violation, Violation::Replayed { .. });
            if rejected.is_proven()
                && !replayed
                && let Some(seat) = rejected.author
            {
                // A signature of its author covers the refused entry: it wrote it.
                judge(
                    &mut verdicts,
                    seat,
                    SeatVerdict::Cheated {
                        seq: rejected.seq.unwrap_or(0),
                        what: rejected.violation.to_string(),
                    },
                );
                caught = true;
            } else {
                // Bytes no valid signature covers (a damaged or edited file, an entry out of
                // place or twice): they prove nothing about anyone. What precedes verifies.
                damaged = Some(RecordDamage {
                    seq: log.next_seq(),
                    what: rejected.to_string(),
                });
            }
            break;
        }
    }
    if !caught {
        for segment in evidence_segments(&record.evidence) {
            let Some(closer) = segment.last() else {
                continue;
            };
            let Ok(envelope) = closer.open() else {
                continue;
            };
            if envelope.match_id != log.match_id() || !log.signed_by_seat(closer, envelope.author) {
                continue;
            }
            let mut probe = log.clone();
            for signed in segment {
                match probe.receive(signed, Some(&knowledge)) {
                    Ok(_) => continue,
                    Err(rejected) => {
                        if rejected.is_proven()
                            && !matches!(rejected.violation, Violation::Replayed { .. })
                            && let Some(author) = rejected.author
                        {
                            judge(
                                &mut verdicts,
                                author,
                                SeatVerdict::Cheated {
                                    seq: rejected.seq.unwrap_or(envelope.seq),
                                    what: rejected.violation.to_string(),
                                },
                            );
                            caught = true;
                        }
                        break;
                    }
                }
            }
        }
        for (origin, why) in false_claims(&log, &all_knowledge(&knowledge)) {
            if is_verified(&verdicts, origin.owner) {
                judge(
                    &mut verdicts,
                    origin.owner,
                    SeatVerdict::Cheated {
                        seq: origin.seq,
                        what: format!("a false pending claim: {why}"),
                    },
                );
            }
        }
        for (owner, after_entries, what) in &disclosures.broken {
            if is_verified(&verdicts, *owner) {
                judge(
                    &mut verdicts,
                    *owner,
                    SeatVerdict::Cheated {
                        seq: after_entries.saturating_sub(1),
                        what: format!("a card shown outside the log: it {what}"),
                    },
                );
            }
        }
        for (proof_a, _) in log.equivocation_proofs() {
            if let Ok(e) = proof_a.open()
                && is_verified(&verdicts, e.author)
            {
                judge(
                    &mut verdicts,
                    e.author,
                    SeatVerdict::Cheated {
                        seq: e.seq,
                        what: "equivocation: two different signed entries with one number".into(),
                    },
                );
            }
        }
    }
    let complete = log.is_complete();
    if let Some(damage) = &damaged {
        for verdict in verdicts.iter_mut().filter(|v| v.is_verified()) {
            *verdict = SeatVerdict::CheckedUntilDamage { seq: damage.seq };
        }
    }
    if !caught && !complete && damaged.is_none() {
        // The match stopped while a seat owed an entry (or the signature closing its run):
        // one that owed its end reveal withheld its secrets; one that owed a move or an
        // answer in the duel abandoned it there.
        if let (Some(seat), step) = log.awaiting()
            && is_verified(&verdicts, seat)
        {
            let duel_over = log.duel().is_some_and(|d| d.is_over());
            let verdict = match step {
                Step::EndReveal => SeatVerdict::Withheld,
                // A turn checkpoint still owed once the duel has its result is part of the
                // closing, like the end reveal after it: the seat left the match finished,
                // not the duel undecided.
                Step::Checkpoint { .. } if duel_over => SeatVerdict::Withheld,
                _ => SeatVerdict::Abandoned {
                    seq: log.next_seq(),
                },
            };
            judge(&mut verdicts, seat, verdict);
        }
    }
    let unjudged = unjudged_integrations(&log, &all_knowledge(&knowledge));
    Ok(AuditReport {
        disclosures_checked: disclosures.checked,
        unjudged,
        outcome: log.duel().and_then(|d| d.state().outcome),
        entries: record.entries.len(),
        setup,
        verdicts,
        complete,
        damaged,
    })
}

/// The Hidden Integration Summons still waiting for a judgement where the log stops.
fn unjudged_integrations(log: &MatchLog, all: &Knowledge) -> Vec<UnjudgedIntegration> {
    let Some(duel) = log.duel() else {
        return Vec::new();
    };
    let state = duel.state();
    let card_of = |card_ref| all.card(&state.commitment(card_ref));
    state
        .set_apart
        .iter()
        .map(|entry| UnjudgedIntegration {
            summoner: entry.summoner,
            monster: entry.shown.or_else(|| card_of(entry.monster)),
            materials: entry
                .materials
                .iter()
                .map(|(_, card_ref)| card_of(*card_ref))
                .collect(),
        })
        .collect()
}

/// Records `verdict` for `seat` (a seat the set-up does not name has none to record).
fn judge(verdicts: &mut [SeatVerdict], seat: Seat, verdict: SeatVerdict) {
    if let Some(slot) = verdicts.get_mut(seat.index()) {
        *slot = verdict;
    }
}

fn is_verified(verdicts: &[SeatVerdict], seat: Seat) -> bool {
    verdicts
        .get(seat.index())
        .is_some_and(SeatVerdict::is_verified)
}

/// The record's evidence as runs: each ends with a signed entry, which covers the unsigned
/// ones before it.
fn evidence_segments(evidence: &[SignedEnvelope]) -> Vec<&[SignedEnvelope]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, signed) in evidence.iter().enumerate() {
        if signed.is_signed() {
            out.push(&evidence[start..=i]);
            start = i + 1;
        }
    }
    out
}

/// Every secret the record's end reveals open (each seat's deck cards and shuffle
/// positions that really open their commitments), merged: with it a replay can show every
/// card that was hidden while the match was played. Empty for seats that withheld.
pub fn revealed_knowledge(
    rules: Arc<Rules>,
    record: &MatchRecord,
) -> Result<Knowledge, AuditError> {
    let first = record.entries.first().ok_or(AuditError::Empty)?;
    let log = MatchLog::start(rules, first).map_err(|e| AuditError::BadSetup(e.to_string()))?;
    Ok(all_knowledge(&knowledge_from_reveals(&log, record)))
}

/// Each seat's own secrets as its end reveal states them — only the openings that really
/// open their commitments, so a false reveal cannot make an honest entry look wrong.
fn knowledge_from_reveals(log: &MatchLog, record: &MatchRecord) -> Vec<Knowledge> {
    let seats = log.seats();
    let match_id = log.match_id();
    let mut decks: Vec<Option<DeckCommit>> = vec![None; seats];
    let mut permutations: Vec<(Seat, PermutationCommit)> = Vec::new();
    let mut reveals: Vec<Option<EndReveal>> = vec![None; seats];
    // Deck commitments and permutations come in the set-up, before the first random
    // reveal; end reveals are the last entries. Only those ends of the record are read (an
    // entry of such a kind anywhere else is refused by the replay anyway).
    let opened = |signed: &SignedEnvelope| signed.open().ok().filter(|e| e.author.index() < seats);
    for envelope in record.entries.iter().map_while(opened) {
        let slot = envelope.author.index();
        match envelope.body {
            Body::Setup(_) => {}
            Body::DeckCommit(d) => decks[slot] = Some(d),
            Body::Permutation(p) => permutations.push((envelope.author, p)),
            _ => break,
        }
    }
    for envelope in record.entries.iter().rev().map_while(opened) {
        let slot = envelope.author.index();
        match envelope.body {
            Body::EndReveal(r) if reveals[slot].is_none() => reveals[slot] = Some(r),
            _ => break,
        }
    }
    let mut out = vec![Knowledge::new(); seats];
    for i in 0..seats {
        let seat = Seat(i as u8);
        let (Some(deck), Some(reveal)) = (&decks[i], &reveals[i]) else {
            continue;
        };
        if let (Some(leader), Some(opening)) = (deck.leader, reveal.leader)
            && leader.commitment.opens_to(&match_id, seat, &opening)
        {
            out[i].learn(leader.commitment, opening);
        }
        for (c, r) in deck
            .deck
            .iter()
            .zip(&reveal.deck)
            .chain(deck.extra.iter().zip(&reveal.extra))
            .chain(deck.destiny.iter().zip(&reveal.destiny))
        {
            if c.opens_to(&match_id, seat, r) {
                out[i].learn(*c, *r);
            }
        }
        // Reshuffle openings name no commitment: each is learnt under the commitment it
        // opens, which only the committed one matches (the end reveal's check pairs them).
        for r in &reveal.recommitted {
            out[i].learn(Commitment::new(&match_id, seat, r.card, &r.salt), *r);
        }
        for round in &reveal.reshuffled {
            for (p, o) in round.openings.iter().enumerate() {
                let slot = PositionSlot {
                    owner: round.owner,
                    permuter: seat,
                    round: round.round,
                    position: p as u16,
                };
                out[i].learn_position(Commitment::for_position(&match_id, slot, o), *o);
            }
        }
        for (owner, openings) in &reveal.permutations {
            let Some((_, commit)) = permutations
                .iter()
                .find(|(p, c)| *p == seat && c.owner == *owner)
            else {
                continue;
            };
            let round = permuters_of(*owner, seats)
                .position(|p| p == seat)
                .unwrap_or(0) as u8;
            for (p, (c, o)) in commit.positions.iter().zip(openings).enumerate() {
                let slot = PositionSlot {
                    owner: *owner,
                    permuter: seat,
                    round,
                    position: p as u16,
                };
                if Commitment::for_position(&match_id, slot, o) == *c {
                    out[i].learn_position(*c, *o);
                }
            }
        }
    }
    out
}

fn all_knowledge(each: &[Knowledge]) -> Knowledge {
    let mut all = Knowledge::new();
    for k in each {
        all.merge(k);
    }
    all
}
