//! Seeded self-play through the protocol: two peers exchanging only envelopes in memory, the
//! finished record audited. The protocol's broadest test and its benchmark.

use std::sync::Arc;

use crate::selfplay::{AgreementTally, BotKind, MAX_ACTIONS, bots};
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::Rules;
use fairduel_engine::seat::Seat;
use fairduel_engine::state::Outcome;

use fairduel_protocol::audit::{AuditReport, audit};
use fairduel_protocol::matchlog::Rejected;
use fairduel_protocol::peer::PeerError;
use fairduel_protocol::record::MatchRecord;
use fairduel_protocol::seeded::seeded_peers;

#[derive(Debug, Clone)]
pub struct ProtocolGame {
    pub seed: u64,
    pub entries: usize,
    pub outcome: Option<Outcome>,
    pub record: MatchRecord,
    pub audit: Option<AuditReport>,
    pub agreements: AgreementTally,
    /// Face-down cards shown to a teammate (each showing counted once).
    pub disclosures: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolSelfPlayError {
    #[error("game {seed}: {seat} could not write its entry: {error}")]
    Peer {
        seed: u64,
        seat: Seat,
        error: PeerError,
    },
    #[error("game {seed}: {seat} refused an honest entry: {error}")]
    Refused {
        seed: u64,
        seat: Seat,
        error: Rejected,
    },
    #[error("game {seed}: {seat} had nothing to write while the log waited for it")]
    Stuck { seed: u64, seat: Seat },
    #[error("game {seed}: still running after {entries} entries")]
    TooLong { seed: u64, entries: usize },
    #[error("game {seed}: {seat} refused a card its teammate showed it: {error}")]
    Disclosure {
        seed: u64,
        seat: Seat,
        error: fairduel_protocol::DisclosureError,
    },
    #[error("game {seed}: the audit could not run: {error}")]
    Audit { seed: u64, error: String },
    #[error("game {seed}: the audit did not verify an honest match: {verdicts}")]
    NotVerified { seed: u64, verdicts: String },
}

/// Plays one seeded game between bots of `kind` through the protocol (seat `i` plays
/// `decks[i]`; every entry goes to every other seat), then audits the record if `verify` is
/// set.
pub fn play_protocol_game(
    rules: &Arc<Rules>,
    format_name: &str,
    decks: &[&DeckList],
    seed: u64,
    kind: BotKind,
    verify: bool,
) -> Result<ProtocolGame, ProtocolSelfPlayError> {
    let mut peers =
        seeded_peers(rules, format_name, decks, seed).map_err(|e| ProtocolSelfPlayError::Peer {
            seed,
            seat: e.seat,
            error: e.error,
        })?;
    let mut bots = bots(kind, seed, peers.len());
    let mut agreements = AgreementTally::default();
    let mut disclosures = 0;
    let limit = MAX_ACTIONS as usize + 10_000;
    while let Some(lead) = peers.first() {
        if lead.is_complete() {
            break;
        }
        let entries = lead.log().entries().len();
        if entries > limit {
            return Err(ProtocolSelfPlayError::TooLong { seed, entries });
        }
        let Some(seat) = lead.awaiting().0 else {
            break;
        };
        let (Some(peer), Some(bot)) = (peers.get_mut(seat.index()), bots.get_mut(seat.index()))
        else {
            return Err(ProtocolSelfPlayError::Stuck { seed, seat });
        };
        let written = match peer.next_automatic() {
            Some(result) => result,
            None if peer.needs_decision() => {
                let mut legal = peer.legal_actions();
                let Some(duel) = peer.duel() else {
                    return Err(ProtocolSelfPlayError::Stuck { seed, seat });
                };
                if legal.is_empty() {
                    return Err(ProtocolSelfPlayError::Stuck { seed, seat });
                }
                let pick = bot.choose(duel, seat, peer.knowledge(), &legal);
                let action = legal.swap_remove(pick.min(legal.len() - 1));
                peer.decide(action)
            }
            None => return Err(ProtocolSelfPlayError::Stuck { seed, seat }),
        };
        let (envelope, events) =
            written.map_err(|error| ProtocolSelfPlayError::Peer { seed, seat, error })?;
        agreements.count(&events);
        for (i, other) in peers.iter_mut().enumerate() {
            if i == seat.index() {
                continue;
            }
            other
                .receive(&envelope)
                .map_err(|error| ProtocolSelfPlayError::Refused {
                    seed,
                    seat: Seat(i as u8),
                    error,
                })?;
        }
        for i in 0..peers.len() {
            let shown = peers
                .get_mut(i)
                .map(|p| p.disclosures_due())
                .unwrap_or_default();
            for disclosure in shown {
                disclosures += 1;
                agreements.shown_to_teammates += 1;
                let to = disclosure.to;
                let Some(teammate) = peers.get_mut(to.index()) else {
                    continue;
                };
                teammate.receive_disclosure(&disclosure).map_err(|error| {
                    ProtocolSelfPlayError::Disclosure {
                        seed,
                        seat: to,
                        error,
                    }
                })?;
            }
        }
    }
    let Some(lead) = peers.first() else {
        return Err(ProtocolSelfPlayError::Stuck {
            seed,
            seat: Seat(0),
        });
    };
    let record = lead.record();
    let audit = if verify {
        let report =
            audit(Arc::clone(rules), &record).map_err(|e| ProtocolSelfPlayError::Audit {
                seed,
                error: e.to_string(),
            })?;
        if !report.all_verified() {
            return Err(ProtocolSelfPlayError::NotVerified {
                seed,
                verdicts: format!("{:?}", report.verdicts),
            });
        }
        Some(report)
    } else {
        None
    };
    Ok(ProtocolGame {
        seed,
        entries: record.entries.len(),
        outcome: lead.duel().and_then(|d| d.state().outcome),
        record,
        audit,
        agreements,
        disclosures,
    })
}
