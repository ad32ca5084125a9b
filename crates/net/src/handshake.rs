//! The version handshake: the first frames of every match connection.
//!
//! 1. The joiner sends its [`Hello`] with the ticket's invite secret.
//! 2. The host checks the invite, then protocol version, format and card pool, and answers with
//!    a [`Verdict`] and (only if the invite was good) its own [`Hello`].
//! 3. The joiner makes the same comparison itself (it does not take the host's word for it) and
//!    answers with its own [`Verdict`].
//!
//! Whoever refuses sends the reason as a frame, so the other player reads the same explanation,
//! then waits briefly for the other side to hang up before closing.
//!
//! Versioning: these messages keep stable prefixes so that two different FairDuel versions can
//! still explain their difference to each other. A [`Hello`] starts with the protocol version;
//! a host's answer starts with its [`Verdict`]; [`Refusal::ProtocolVersion`] stays variant 0.

use std::{
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use iroh::endpoint::{Connection, ConnectionError, VarInt};
use serde::{Deserialize, Serialize};

use crate::{
    frame::{FrameError, FrameReceiver, FrameSender, close_code, truncate_reason},
    ticket::InviteSecret,
};

/// How long either side waits for the whole greeting before giving up.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(15);

/// After sending a refusal, how long we wait for the other side to read it and hang up.
const REFUSAL_LINGER: Duration = Duration::from_secs(2);

/// Which end of a match connection we are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Role {
    /// Made the ticket and waited.
    Host,
    /// Pasted the ticket and connected.
    Joiner,
}

/// What each side says about itself before a match. Both must agree on the protocol version,
/// the format and the card pool; the program version is informative (it goes into messages).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// Version of the fair-play match protocol (envelopes, commitments). Must stay the first
    /// field: a peer of another version reads just this to explain the difference.
    pub protocol_version: u32,
    /// The FairDuel release, e.g. "0.1.0", shown to players when something differs.
    pub program_version: String,
    /// Content hash of the format preset the match uses.
    pub format_hash: [u8; 32],
    /// Content hash of the card pool.
    pub card_pool_hash: [u8; 32],
    /// The ticket's invite secret; only the joiner sends one.
    pub invite: Option<InviteSecret>,
    /// The match a returning player continues (after a crash or a lost connection): admitted
    /// without an invite, but only with the key that match seated.
    pub resume: Option<[u8; 32]>,
    /// The name the player chose, for the other side's screen. Untrusted: shown only through
    /// [`display_name`]; the key fingerprint is what identifies a player.
    pub player_name: String,
}

/// Zero-width and text-direction characters: invisible, so a name carrying them could pass
/// for another ("Ada" and "Ada" with a zero-width space) or reorder what follows it.
fn is_invisible_format(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
}

/// The longest name shown for the other player, in characters.
pub const MAX_PLAYER_NAME_CHARS: usize = 24;

/// A name from the other side as it may be shown: control characters removed, trimmed,
/// at most [`MAX_PLAYER_NAME_CHARS`] characters; `None` when nothing is left.
pub fn display_name(raw: &str) -> Option<String> {
    // A name is read from at most its first 256 characters, however long the frame was.
    let cleaned: String = raw
        .chars()
        .take(256)
        .filter(|c| !c.is_control() && !is_invisible_format(*c))
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_PLAYER_NAME_CHARS)
        .collect();
    let cleaned = cleaned.trim_end().to_owned();
    (!cleaned.is_empty()).then_some(cleaned)
}

impl Hello {
    /// A greeting without an invite (the joiner's invite is added from the ticket by `join`).
    pub fn new(
        protocol_version: u32,
        program_version: impl Into<String>,
        format_hash: [u8; 32],
        card_pool_hash: [u8; 32],
    ) -> Self {
        Self {
            protocol_version,
            program_version: program_version.into(),
            format_hash,
            card_pool_hash,
            invite: None,
            resume: None,
            player_name: String::new(),
        }
    }

    /// The same greeting carrying the player's chosen name.
    pub fn with_name(self, player_name: impl Into<String>) -> Self {
        Self {
            player_name: player_name.into(),
            ..self
        }
    }
}

/// One side's decision after comparing greetings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    Accepted,
    Refused(Refusal),
}

/// The host's reply to the joiner's greeting. The verdict comes first (stable prefix); the host's
/// greeting is withheld from a joiner whose invite is not good.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct HostAnswer {
    verdict: Verdict,
    hello: Option<Hello>,
}

/// Why a match connection was refused. Sent over the wire, so both players see the same reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Refusal {
    /// The match protocol versions differ. Keep this variant first (see the module docs).
    ProtocolVersion {
        host_protocol: u32,
        joiner_protocol: u32,
        host_program: String,
        joiner_program: String,
    },
    /// The joiner sent no invite secret.
    NoInvite,
    /// The invite secret is not one this host issued.
    WrongInvite,
    /// The invite secret was already used by another player.
    InviteAlreadyUsed,
    /// The format presets differ.
    Format {
        host_format: [u8; 32],
        joiner_format: [u8; 32],
        host_program: String,
        joiner_program: String,
    },
    /// The card pools differ.
    CardPool {
        host_pool: [u8; 32],
        joiner_pool: [u8; 32],
        host_program: String,
        joiner_program: String,
    },
    /// A player asked to continue a match this host is not holding open for its key.
    UnknownMatch,
}

impl Refusal {
    /// The explanation for the player at `viewer`'s end: what differs and what to do.
    pub fn explain(&self, viewer: Role) -> String {
        match (self, viewer) {
            (
                Refusal::ProtocolVersion {
                    host_protocol,
                    joiner_protocol,
                    host_program,
                    joiner_program,
                },
                Role::Joiner,
            ) => format!(
                "The host's FairDuel ({host_program}) speaks match protocol {host_protocol} but yours ({joiner_program}) speaks {joiner_protocol}: the player with the older FairDuel needs to update, then join again."
            ),
            (
                Refusal::ProtocolVersion {
                    host_protocol,
                    joiner_protocol,
                    host_program,
                    joiner_program,
                },
                Role::Host,
            ) => format!(
                "A player tried to join with FairDuel {joiner_program} (match protocol {joiner_protocol}) but yours ({host_program}) speaks {host_protocol}: the player with the older FairDuel needs to update, then join again."
            ),
            (Refusal::NoInvite, Role::Joiner) => {
                "The host only admits players with a ticket: join with the ticket the host shared.".to_owned()
            }
            (Refusal::NoInvite, Role::Host) => {
                "Someone tried to join without an invite and was turned away.".to_owned()
            }
            (Refusal::WrongInvite, Role::Joiner) => "The invite in your ticket is not this host's: the ticket belongs to another match or was changed. Ask the host for a new ticket.".to_owned(),
            (Refusal::WrongInvite, Role::Host) => {
                "Someone tried to join with an invite you did not issue and was turned away.".to_owned()
            }
            (Refusal::InviteAlreadyUsed, Role::Joiner) => "This ticket was already used by another player: a ticket admits one player once. Ask the host for a new ticket.".to_owned(),
            (Refusal::InviteAlreadyUsed, Role::Host) => "Someone tried to join with a ticket that was already used and was turned away; give a new ticket to anyone else you invite.".to_owned(),
            (
                Refusal::Format {
                    host_format,
                    joiner_format,
                    host_program,
                    joiner_program,
                },
                viewer,
            ) => {
                let (mine, theirs, other) = match viewer {
                    Role::Joiner => (joiner_format, host_format, "the host"),
                    Role::Host => (host_format, joiner_format, "the joining player"),
                };
                format!(
                    "You and {other} chose different formats (yours {}, theirs {}): agree on one format preset and start again. If you already chose the same one, your FairDuel versions differ (host {host_program}, joiner {joiner_program}): update the older one.",
                    short_hash(mine),
                    short_hash(theirs)
                )
            }
            (Refusal::UnknownMatch, Role::Joiner) => "The host is not holding this match open for you: it may have finished it, or be running another match. Ask the host to resume it (Unfinished matches in the app, or `fairduel resume`), or start a new match.".to_owned(),
            (Refusal::UnknownMatch, Role::Host) => "Someone asked to continue a match you are not holding open for their key and was turned away.".to_owned(),
            (
                Refusal::CardPool {
                    host_pool,
                    joiner_pool,
                    host_program,
                    joiner_program,
                },
                viewer,
            ) => {
                let (mine, theirs, other) = match viewer {
                    Role::Joiner => (joiner_pool, host_pool, "the host"),
                    Role::Host => (host_pool, joiner_pool, "the joining player"),
                };
                format!(
                    "Your card pool differs from {other}'s (yours {}, theirs {}): both players need the same card pool. Update the older FairDuel (host {host_program}, joiner {joiner_program}) or use the same pool files, then start again. Playing Domain with your own cards (--cards), both pass the same card database folder (its .cdb files and strings.conf).",
                    short_hash(mine),
                    short_hash(theirs)
                )
            }
        }
    }
}

/// The first 4 bytes of a hash in hex: enough for two players to compare by eye.
fn short_hash(hash: &[u8; 32]) -> String {
    hash[..4].iter().map(|byte| format!("{byte:02x}")).collect()
}

/// Compares what the host and the joiner agreed to play. Invites are checked separately.
pub fn compare(host: &Hello, joiner: &Hello) -> Option<Refusal> {
    let host_program = host.program_version.clone();
    let joiner_program = joiner.program_version.clone();
    if host.protocol_version != joiner.protocol_version {
        return Some(Refusal::ProtocolVersion {
            host_protocol: host.protocol_version,
            joiner_protocol: joiner.protocol_version,
            host_program,
            joiner_program,
        });
    }
    if host.format_hash != joiner.format_hash {
        return Some(Refusal::Format {
            host_format: host.format_hash,
            joiner_format: joiner.format_hash,
            host_program,
            joiner_program,
        });
    }
    if host.card_pool_hash != joiner.card_pool_hash {
        return Some(Refusal::CardPool {
            host_pool: host.card_pool_hash,
            joiner_pool: joiner.card_pool_hash,
            host_program,
            joiner_program,
        });
    }
    None
}

/// Why the greeting did not lead to a match.
#[derive(Debug, thiserror::Error)]
pub enum HandshakeError {
    /// The other side refused us; the message explains why and what to do.
    #[error("{}", refusal.explain(*viewer))]
    RefusedByPeer { refusal: Refusal, viewer: Role },
    /// We refused the other side (and told it why).
    #[error("{}", refusal.explain(*viewer))]
    RefusedByUs { refusal: Refusal, viewer: Role },
    /// The other side's greeting could not be read although it claims our protocol version.
    #[error(
        "the other side's greeting could not be read ({reason}); it may run a modified or broken FairDuel"
    )]
    UnreadableGreeting { reason: String },
    /// No complete greeting within [`HANDSHAKE_TIMEOUT`].
    #[error(
        "the other side did not finish the greeting within {} seconds: it may have lost its connection; try again",
        .after.as_secs()
    )]
    TimedOut { after: Duration },
    /// The greeting's stream could not be opened.
    #[error("the connection broke before the greeting: {0}")]
    Connection(#[from] ConnectionError),
    /// A frame of the greeting was bad or the stream broke.
    #[error("the greeting failed: {0}")]
    Frame(#[from] FrameError),
}

/// A match held open for a returning player: (match id, that player's key).
type ResumableMatch = ([u8; 32], [u8; 32]);

/// Invites a host issued, each usable by as many players as seats were left to fill.
#[derive(Debug, Clone, Default)]
pub(crate) struct InviteBook {
    entries: Arc<Mutex<Vec<InviteEntry>>>,
    /// Matches held open for a returning player: (match id, that player's key).
    resumes: Arc<Mutex<Vec<ResumableMatch>>>,
}

#[derive(Debug)]
struct InviteEntry {
    secret: InviteSecret,
    /// Players it may still admit.
    uses_left: u8,
    /// Joiners who presented it and whose handshake is under way.
    reserved: u8,
}

impl InviteEntry {
    fn is_open(&self) -> bool {
        self.uses_left > self.reserved
    }
}

impl InviteBook {
    /// Issues an invite that admits `uses` players, one each.
    pub(crate) fn issue(&self, secret: InviteSecret, uses: u8) {
        self.lock().push(InviteEntry {
            secret,
            uses_left: uses.max(1),
            reserved: 0,
        });
    }

    /// A player admitted with the newest invite left before the match started: the seat
    /// is free again.
    pub(crate) fn reopen_one(&self) {
        if let Some(entry) = self.lock().last_mut() {
            entry.uses_left = entry.uses_left.saturating_add(1);
        }
    }

    pub(crate) fn allow_resume(&self, match_id: [u8; 32], player_key: [u8; 32]) {
        let mut resumes = self.resumes.lock().unwrap_or_else(PoisonError::into_inner);
        if !resumes.contains(&(match_id, player_key)) {
            resumes.push((match_id, player_key));
        }
    }

    pub(crate) fn may_resume(&self, match_id: &[u8; 32], player_key: &[u8; 32]) -> bool {
        self.resumes
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains(&(*match_id, *player_key))
    }

    pub(crate) fn has_open_invite(&self) -> bool {
        self.lock().iter().any(InviteEntry::is_open)
    }

    /// Holds the invite for one handshake; released again if that handshake fails, so a player
    /// whose connection broke mid-greeting can retry with the same ticket.
    pub(crate) fn reserve(&self, presented: Option<&InviteSecret>) -> Result<Reservation, Refusal> {
        let Some(presented) = presented else {
            return Err(Refusal::NoInvite);
        };
        let mut entries = self.lock();
        let Some(entry) = entries
            .iter_mut()
            .find(|entry| entry.secret.matches(presented))
        else {
            return Err(Refusal::WrongInvite);
        };
        if !entry.is_open() {
            // A player racing the last one admitted with the same ticket is as late as one
            // who comes after it: the ticket is taken.
            return Err(Refusal::InviteAlreadyUsed);
        }
        entry.reserved += 1;
        Ok(Reservation {
            book: self.clone(),
            secret: entry.secret,
            committed: false,
        })
    }

    /// Ends one reservation of `secret`, spending a use when the handshake succeeded.
    fn release(&self, secret: &InviteSecret, used: bool) {
        if let Some(entry) = self
            .lock()
            .iter_mut()
            .find(|entry| entry.secret.matches(secret))
        {
            entry.reserved = entry.reserved.saturating_sub(1);
            if used {
                entry.uses_left = entry.uses_left.saturating_sub(1);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<InviteEntry>> {
        // The list stays consistent even if a holder panicked: every update is one assignment.
        self.entries.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// An invite held for one handshake.
#[derive(Debug)]
pub(crate) struct Reservation {
    book: InviteBook,
    secret: InviteSecret,
    committed: bool,
}

impl Reservation {
    /// The handshake succeeded: one use of the invite is spent for good.
    pub(crate) fn commit(mut self) {
        self.committed = true;
        self.book.release(&self.secret, true);
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        if !self.committed {
            self.book.release(&self.secret, false);
        }
    }
}

/// The framed stream and the other side's greeting, once both sides agreed.
#[derive(Debug)]
pub(crate) struct Greeted {
    pub(crate) sender: FrameSender,
    pub(crate) receiver: FrameReceiver,
    pub(crate) peer_hello: Hello,
}

/// The host's half of the greeting on a freshly accepted connection.
pub(crate) async fn greet_as_host(
    connection: &Connection,
    ours: &Hello,
    invites: &InviteBook,
) -> Result<Greeted, HandshakeError> {
    let outcome =
        tokio::time::timeout(HANDSHAKE_TIMEOUT, host_exchange(connection, ours, invites)).await;
    finish_greeting(connection, outcome)
}

/// The joiner's half of the greeting.
pub(crate) async fn greet_as_joiner(
    connection: &Connection,
    ours: &Hello,
) -> Result<Greeted, HandshakeError> {
    let outcome = tokio::time::timeout(HANDSHAKE_TIMEOUT, joiner_exchange(connection, ours)).await;
    finish_greeting(connection, outcome)
}

fn finish_greeting(
    connection: &Connection,
    outcome: Result<Result<Greeted, HandshakeError>, tokio::time::error::Elapsed>,
) -> Result<Greeted, HandshakeError> {
    let result = outcome.unwrap_or(Err(HandshakeError::TimedOut {
        after: HANDSHAKE_TIMEOUT,
    }));
    if let Err(error) = &result {
        let code = match error {
            HandshakeError::RefusedByPeer { .. } | HandshakeError::RefusedByUs { .. } => {
                close_code::REFUSED
            }
            _ => close_code::HANDSHAKE_FAILED,
        };
        connection.close(VarInt::from_u32(code), truncate_reason(&error.to_string()));
    }
    result
}

async fn host_exchange(
    connection: &Connection,
    ours: &Hello,
    invites: &InviteBook,
) -> Result<Greeted, HandshakeError> {
    let (send, recv) = connection.accept_bi().await?;
    let mut sender = FrameSender::new(send);
    let mut receiver = FrameReceiver::new(recv, connection.clone());

    let payload = receiver.recv_payload().await?;
    let theirs = match read_hello(&payload, ours.protocol_version) {
        Ok(hello) => hello,
        Err(GreetingProblem::OtherProtocol(joiner_protocol)) => {
            let refusal = Refusal::ProtocolVersion {
                host_protocol: ours.protocol_version,
                joiner_protocol,
                host_program: ours.program_version.clone(),
                joiner_program: "of another version".to_owned(),
            };
            return Err(refuse_as_host(connection, &mut sender, refusal, None).await);
        }
        Err(GreetingProblem::Unreadable(reason)) => {
            return Err(HandshakeError::from(
                receiver.fail(FrameError::Malformed { reason }),
            ));
        }
    };

    let reservation = match theirs.resume {
        // A returning player needs no invite: the key the match seated is its proof.
        Some(match_id) if invites.may_resume(&match_id, connection.remote_id().as_bytes()) => None,
        Some(_) => {
            let refusal = Refusal::UnknownMatch;
            return Err(refuse_as_host(connection, &mut sender, refusal, None).await);
        }
        None => match invites.reserve(theirs.invite.as_ref()) {
            Ok(reservation) => Some(reservation),
            // No greeting of ours for someone without a valid invite.
            Err(refusal) => {
                return Err(refuse_as_host(connection, &mut sender, refusal, None).await);
            }
        },
    };
    let mut our_hello = ours.clone();
    our_hello.invite = None;
    if let Some(refusal) = compare(ours, &theirs) {
        return Err(refuse_as_host(connection, &mut sender, refusal, Some(our_hello)).await);
    }
    sender
        .send(&HostAnswer {
            verdict: Verdict::Accepted,
            hello: Some(our_hello),
        })
        .await?;
    match receiver.recv::<Verdict>().await? {
        Verdict::Accepted => {
            if let Some(reservation) = reservation {
                reservation.commit();
            }
            Ok(Greeted {
                sender,
                receiver,
                peer_hello: theirs,
            })
        }
        Verdict::Refused(refusal) => {
            connection.close(VarInt::from_u32(close_code::REFUSED), b"refusal received");
            Err(HandshakeError::RefusedByPeer {
                refusal,
                viewer: Role::Host,
            })
        }
    }
}

async fn refuse_as_host(
    connection: &Connection,
    sender: &mut FrameSender,
    refusal: Refusal,
    hello: Option<Hello>,
) -> HandshakeError {
    let answer = HostAnswer {
        verdict: Verdict::Refused(refusal.clone()),
        hello,
    };
    deliver_refusal(connection, sender, &answer).await;
    HandshakeError::RefusedByUs {
        refusal,
        viewer: Role::Host,
    }
}

async fn joiner_exchange(connection: &Connection, ours: &Hello) -> Result<Greeted, HandshakeError> {
    let (send, recv) = connection.open_bi().await?;
    let mut sender = FrameSender::new(send);
    let mut receiver = FrameReceiver::new(recv, connection.clone());
    sender.send(ours).await?;

    let payload = receiver.recv_payload().await?;
    let answer = match postcard::from_bytes::<HostAnswer>(&payload) {
        Ok(answer) => answer,
        Err(error) => {
            // A host of another version: its verdict still leads the answer.
            return Err(match postcard::take_from_bytes::<Verdict>(&payload) {
                Ok((Verdict::Refused(refusal), _)) => {
                    connection.close(VarInt::from_u32(close_code::REFUSED), b"refusal received");
                    HandshakeError::RefusedByPeer {
                        refusal,
                        viewer: Role::Joiner,
                    }
                }
                _ => HandshakeError::from(receiver.fail(FrameError::Malformed {
                    reason: error.to_string(),
                })),
            });
        }
    };
    let theirs = match answer {
        HostAnswer {
            verdict: Verdict::Refused(refusal),
            ..
        } => {
            // We are the last to read: hanging up lets the host stop waiting.
            connection.close(VarInt::from_u32(close_code::REFUSED), b"refusal received");
            return Err(HandshakeError::RefusedByPeer {
                refusal,
                viewer: Role::Joiner,
            });
        }
        HostAnswer {
            verdict: Verdict::Accepted,
            hello: Some(hello),
        } => hello,
        HostAnswer {
            verdict: Verdict::Accepted,
            hello: None,
        } => {
            return Err(HandshakeError::from(receiver.fail(FrameError::Malformed {
                reason: "the host accepted without sending its greeting".to_owned(),
            })));
        }
    };
    // Check for ourselves: a host that says "accepted" may run a different format all the same.
    if let Some(refusal) = compare(&theirs, ours) {
        deliver_refusal(connection, &mut sender, &Verdict::Refused(refusal.clone())).await;
        return Err(HandshakeError::RefusedByUs {
            refusal,
            viewer: Role::Joiner,
        });
    }
    sender.send(&Verdict::Accepted).await?;
    Ok(Greeted {
        sender,
        receiver,
        peer_hello: theirs,
    })
}

/// Sends the refusal, then gives the other side a moment to read it and hang up; the caller
/// closes the connection afterwards in any case.
async fn deliver_refusal<T: Serialize>(
    connection: &Connection,
    sender: &mut FrameSender,
    message: &T,
) {
    // If the refusal cannot be sent the connection is already gone: nothing more to tell.
    if sender.send(message).await.is_ok() {
        sender.finish();
        let _ = tokio::time::timeout(REFUSAL_LINGER, connection.closed()).await;
    }
}

enum GreetingProblem {
    OtherProtocol(u32),
    Unreadable(String),
}

/// Reads the joiner's greeting; if it does not decode, its leading protocol version tells
/// whether it comes from another version (explainable) or is simply broken.
fn read_hello(payload: &[u8], our_protocol: u32) -> Result<Hello, GreetingProblem> {
    match crate::frame::decode_payload::<Hello>(payload) {
        Ok(hello) => Ok(hello),
        Err(error) => match postcard::take_from_bytes::<u32>(payload) {
            Ok((protocol, _)) if protocol != our_protocol => {
                Err(GreetingProblem::OtherProtocol(protocol))
            }
            _ => Err(GreetingProblem::Unreadable(error.to_string())),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_from_the_other_side_is_cleaned_and_capped() {
        assert_eq!(display_name("  Grace  ").as_deref(), Some("Grace"));
        assert_eq!(
            display_name("Ada\u{7}\n\u{1b}[31m").as_deref(),
            Some("Ada[31m")
        );
        assert_eq!(display_name(" \t\n"), None);
        assert_eq!(display_name("Ada\u{200B}").as_deref(), Some("Ada"));
        assert_eq!(display_name("\u{202E}adA").as_deref(), Some("adA"));
        assert_eq!(display_name(""), None);
        let long = "x".repeat(200);
        assert_eq!(
            display_name(&long).map(|n| n.chars().count()),
            Some(MAX_PLAYER_NAME_CHARS)
        );
    }
}
