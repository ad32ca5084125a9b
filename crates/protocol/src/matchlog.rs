//! The match log and the state it builds: the one validator that a live peer and the
//! after-match audit share. Every envelope is checked in the same order — bytes, match,
//! sequence, chain, author, signature — on arrival; an unsigned one waits, unapplied, until a
//! later signature of its author covers it through the chain (see [`MatchLog::receive`]);
//! then each is checked against the rules and the state hash and joins the log, or is
//! refused and leaves the log as it was.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

use fairduel_engine::RuleError;
use fairduel_engine::awaiting::Awaiting;
use fairduel_engine::commitment::{Commitment, PositionOpening, PositionSlot};
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::{Duel, Rules};
use fairduel_engine::event::Event;
use fairduel_engine::hash::{Digest32, sha256_of};
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::seat::Seat;
use fairduel_engine::setup::{DeckSetup, PublicSetup, SeatSetup};

use crate::envelope::{
    Body, DeckCommit, DecodeError, EndReveal, Envelope, MatchSetup, PROTOCOL_VERSION, RandomReveal,
    Resignation, SignedEnvelope, random_commitment,
};
use crate::identity::{Identity, KeyVerifier, PlayerKey};

mod apply;
mod reshuffle;
mod setup;

pub use setup::{check_permutation_opening, false_claims, joint_below, permuters_of};
use setup::{check_setup, setup_script, setup_state_hash};

/// A record keeps a seat's signature at least every this many entries (besides its last
/// one), so a record damaged or cut short still authenticates all but its last few dozen
/// entries before the damage (see [`MatchLog::record_signatures`]).
pub const RECORD_SIGNATURE_SPACING: u64 = 256;

/// At most this many received entries wait for a signature at once: more than any match
/// has, so only a peer flooding unsigned entries reaches it.
pub const MAX_PENDING: usize = 65_536;

/// What the log waits for next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    DeckCommit,
    Permutation {
        owner: Seat,
    },
    RandomReveal,
    /// A game decision: the engine's `awaiting()` says which.
    Game(Awaiting),
    Checkpoint {
        turn: u16,
    },
    EndReveal,
    /// Every seat has revealed: nothing more may be written.
    Complete,
}

impl Step {
    pub fn name(&self) -> &'static str {
        match self {
            Step::DeckCommit => "deck-commit",
            Step::Permutation { .. } => "permutation",
            Step::RandomReveal => "random-reveal",
            Step::Game(Awaiting::Answer { .. }) => "answer",
            Step::Game(_) => "action",
            Step::Checkpoint { .. } => "checkpoint",
            Step::EndReveal => "end-reveal",
            Step::Complete => "nothing (the match is complete)",
        }
    }
}

/// What rule of the protocol an envelope broke.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    #[error("{0}")]
    Undecodable(#[from] DecodeError),
    #[error("it belongs to another match")]
    WrongMatch,
    #[error("it is numbered {got}, but the next entry is {expected}")]
    WrongSeq { expected: u64, got: u64 },
    #[error("it is a copy of entry {seq}, already in the log")]
    Replayed { seq: u64 },
    #[error(
        "equivocation: {author} signed two different entries numbered {seq}; both are kept as proof"
    )]
    Equivocation { seq: u64, author: Seat },
    #[error("it does not follow the last entry (its previous-hash is wrong)")]
    BrokenChain,
    #[error("{got} wrote it, but only {expected} may write the next entry")]
    WrongAuthor { expected: Seat, got: Seat },
    #[error("it names seat {0}, which is not in this match")]
    UnknownSeat(Seat),
    #[error("its signature is not {author}'s")]
    BadSignature { author: Seat },
    #[error(
        "it differs from entry {seq} already in the log and carries no signature, so it proves nothing"
    )]
    UnsignedConflict { seq: u64 },
    #[error("more than {MAX_PENDING} entries wait for a signature: the run never closes")]
    TooManyUnsigned,
    #[error("it holds a {got} where the log expects a {expected}")]
    UnexpectedBody {
        expected: &'static str,
        got: &'static str,
    },
    #[error("bad set-up: {0}")]
    BadSetup(String),
    #[error("bad deck commitment: {0}")]
    BadDeckCommit(String),
    #[error("bad permutation: {0}")]
    BadPermutation(String),
    #[error("its random value does not open the commitment made at set-up (a biased coin)")]
    BadRandomReveal,
    #[error("it confirms turn {got}, but the turn that began is {expected}")]
    BadCheckpoint { expected: u16, got: u16 },
    #[error("illegal action: {0}")]
    IllegalAction(RuleError),
    #[error("its end-of-match reveal is false: {0}")]
    BadEndReveal(String),
    #[error("the concession it relays is not valid: {0}")]
    BadResignation(String),
    #[error(
        "its state hash {theirs} differs from ours {ours}: the author's engine disagrees (desync or tampering)"
    )]
    StateHashMismatch { ours: Digest32, theirs: Digest32 },
    #[error("the match is complete; nothing more may be written")]
    Complete,
}

impl Violation {
    /// A short kebab-case name, for tests and reports.
    pub fn kind(&self) -> &'static str {
        match self {
            Violation::Undecodable(_) => "undecodable",
            Violation::WrongMatch => "wrong-match",
            Violation::WrongSeq { .. } => "wrong-seq",
            Violation::Replayed { .. } => "replayed",
            Violation::Equivocation { .. } => "equivocation",
            Violation::BrokenChain => "broken-chain",
            Violation::WrongAuthor { .. } => "wrong-author",
            Violation::UnknownSeat(_) => "unknown-seat",
            Violation::BadSignature { .. } => "bad-signature",
            Violation::UnsignedConflict { .. } => "unsigned-conflict",
            Violation::TooManyUnsigned => "too-many-unsigned",
            Violation::UnexpectedBody { .. } => "unexpected-body",
            Violation::BadSetup(_) => "bad-setup",
            Violation::BadDeckCommit(_) => "bad-deck-commit",
            Violation::BadPermutation(_) => "bad-permutation",
            Violation::BadRandomReveal => "bad-random-reveal",
            Violation::BadCheckpoint { .. } => "bad-checkpoint",
            Violation::IllegalAction(_) => "illegal-action",
            Violation::BadEndReveal(_) => "bad-end-reveal",
            Violation::BadResignation(_) => "bad-resignation",
            Violation::StateHashMismatch { .. } => "state-hash-mismatch",
            Violation::Complete => "complete",
        }
    }
}

/// An envelope that was refused, with where it claimed to be.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {violation}", where_(*.seq, *.author))]
pub struct Rejected {
    pub seq: Option<u64>,
    pub author: Option<Seat>,
    pub violation: Violation,
    /// When the refused entry is proven to be its author's: the refused entry, then the
    /// rest of its author's run up to the signature that covers it (often just the refused
    /// entry, signed). Kept as evidence, it shows anyone that the author wrote it. Empty
    /// when the refusal proves nothing about the author (a bad signature, a broken chain,
    /// bytes that do not decode, ...).
    pub signed_run: Box<[SignedEnvelope]>,
}

impl Rejected {
    fn unproven(seq: Option<u64>, author: Option<Seat>, violation: Violation) -> Rejected {
        Rejected {
            seq,
            author,
            violation,
            signed_run: Box::default(),
        }
    }

    /// Whether the refused entry is proven to be its author's (see [`Rejected::signed_run`]).
    pub fn is_proven(&self) -> bool {
        !self.signed_run.is_empty()
    }
}

/// An entry that joined the log during a [`MatchLog::receive`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Committed {
    pub seq: u64,
    pub events: Vec<Event>,
}

/// Sees each received entry as it joins the log (a replay describing it, a session driver
/// writing its log lines). Both methods do nothing unless overridden.
pub trait CommitObserver {
    /// Just before `envelope` is applied: `log` is as it was before it.
    fn before(&mut self, _log: &MatchLog, _envelope: &Envelope) {}
    /// Just after `envelope` joined the log, with what followed from it.
    fn after(&mut self, _log: &MatchLog, _envelope: &Envelope, _events: &[Event]) {}
}

/// The observer that looks at nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unobserved;

impl CommitObserver for Unobserved {}

/// A received entry waiting for the signature that authenticates it.
#[derive(Debug, Clone)]
struct PendingEntry {
    signed: SignedEnvelope,
    envelope: Envelope,
    hash: Digest32,
}

/// What applying one entry may change besides the duel, to put back if its state hash
/// turns out wrong: everything for the rare set-up and end steps, only the small lists for
/// a game step (the engine undoes its own apply).
enum UndoPoint {
    /// A game action only adds to the due checkpoints and the claims.
    Game {
        checkpoints_due: usize,
        claims_made: usize,
    },
    /// A checkpoint only takes the first due checkpoint off.
    Checkpoint {
        first: Option<(Seat, u16)>,
    },
    Full(Box<Progress>),
}

fn where_(seq: Option<u64>, author: Option<Seat>) -> String {
    match (seq, author) {
        (Some(s), Some(a)) => format!("entry {s} (by {a})"),
        (Some(s), None) => format!("entry {s}"),
        _ => "an entry".to_owned(),
    }
}

/// A pending claim's origin: the entry that made it, so the audit can point at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimOrigin {
    pub commitment: Commitment,
    pub owner: Seat,
    pub seq: u64,
}

struct Progress {
    script: Vec<(Seat, Step)>,
    decks: Vec<Option<DeckCommit>>,
    permutations: BTreeMap<(Seat, Seat), Vec<Commitment>>,
    random_reveals: Vec<Option<RandomReveal>>,
    duel: Option<Duel>,
    checkpoints_due: Vec<(Seat, u16)>,
    end_reveals: Vec<Option<EndReveal>>,
    claims_made: usize,
}

/// The protocol state of one match: the log and everything it has established.
#[derive(Debug, Clone)]
pub struct MatchLog {
    rules: Arc<Rules>,
    setup: MatchSetup,
    match_id: Digest32,
    entries: Vec<SignedEnvelope>,
    last_hash: Digest32,
    script: Vec<(Seat, Step)>,
    decks: Vec<Option<DeckCommit>>,
    /// (owner, permuter) -> positions, in the order the rounds were committed.
    permutations: BTreeMap<(Seat, Seat), Vec<Commitment>>,
    random_reveals: Vec<Option<RandomReveal>>,
    duel: Option<Duel>,
    checkpoints_due: Vec<(Seat, u16)>,
    end_reveals: Vec<Option<EndReveal>>,
    claim_origins: Vec<ClaimOrigin>,
    /// Equivocation proofs: an entry in the log and a different one with its number, both
    /// its author's (the second signed).
    proofs: Vec<(SignedEnvelope, SignedEnvelope)>,
    /// Each seat's key, decompressed once.
    verifiers: Vec<KeyVerifier>,
    /// Received entries after `entries`, chained, not yet covered by their authors'
    /// signatures: nothing is applied or acted on until they are.
    pending: VecDeque<PendingEntry>,
    /// Per seat: the seq of its latest validly signed entry in `pending`.
    pending_signed: Vec<Option<u64>>,
    /// Per seat: the seq of its latest signed entry in `entries`.
    last_signed: Vec<Option<u64>>,
    /// Signed entries a record keeps the signature of (besides each seat's last), about
    /// one per [`RECORD_SIGNATURE_SPACING`] entries per seat.
    spaced_signatures: Vec<u64>,
    /// Per seat: the latest of its entries in `spaced_signatures`.
    last_spaced: Vec<Option<u64>>,
}

impl MatchLog {
    /// Starts a log from its first entry, the set-up, checking it against the rules this
    /// peer plays with.
    pub fn start(rules: Arc<Rules>, first: &SignedEnvelope) -> Result<MatchLog, Rejected> {
        let reject = |violation| Rejected::unproven(Some(0), Some(Seat(0)), violation);
        let envelope = first.open().map_err(|e| reject(e.into()))?;
        let Body::Setup(setup) = &envelope.body else {
            return Err(reject(Violation::UnexpectedBody {
                expected: "setup",
                got: envelope.body.kind(),
            }));
        };
        if envelope.seq != 0 {
            return Err(reject(Violation::WrongSeq {
                expected: 0,
                got: envelope.seq,
            }));
        }
        if envelope.author != Seat(0) {
            return Err(reject(Violation::WrongAuthor {
                expected: Seat(0),
                got: envelope.author,
            }));
        }
        check_setup(setup, &rules).map_err(|m| reject(Violation::BadSetup(m)))?;
        let match_id = setup.match_id();
        if envelope.match_id != match_id {
            return Err(reject(Violation::WrongMatch));
        }
        if envelope.previous != Digest32::default() {
            return Err(reject(Violation::BrokenChain));
        }
        let verifiers: Vec<KeyVerifier> = setup
            .players
            .iter()
            .map(PlayerKey::verifier)
            .collect::<Option<_>>()
            .ok_or_else(|| {
                reject(Violation::BadSetup(
                    "a seat's key is not a valid ed25519 public key".into(),
                ))
            })?;
        if !first.verified_by(&verifiers[0]) {
            return Err(reject(Violation::BadSignature { author: Seat(0) }));
        }
        let seats = setup.players.len();
        let mut log = MatchLog {
            rules,
            setup: setup.clone(),
            match_id,
            entries: vec![first.clone()],
            last_hash: first.hash(),
            script: setup_script(seats),
            decks: vec![None; seats],
            permutations: BTreeMap::new(),
            random_reveals: vec![None; seats],
            duel: None,
            checkpoints_due: Vec::new(),
            end_reveals: vec![None; seats],
            claim_origins: Vec::new(),
            proofs: Vec::new(),
            verifiers,
            pending: VecDeque::new(),
            pending_signed: vec![None; seats],
            last_signed: vec![None; seats],
            spaced_signatures: Vec::new(),
            last_spaced: vec![None; seats],
        };
        log.last_signed[0] = Some(0);
        log.script.reverse();
        let ours = log.state_hash();
        if ours != envelope.state_after {
            return Err(reject(Violation::StateHashMismatch {
                ours,
                theirs: envelope.state_after,
            }));
        }
        Ok(log)
    }

    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub fn setup(&self) -> &MatchSetup {
        &self.setup
    }

    pub fn match_id(&self) -> Digest32 {
        self.match_id
    }

    pub fn entries(&self) -> &[SignedEnvelope] {
        &self.entries
    }

    /// The number of the next entry to join the log (entries waiting for their signature
    /// are not counted).
    pub fn next_seq(&self) -> u64 {
        self.entries.len() as u64
    }

    /// Received entries waiting for the signature that covers them.
    pub fn pending_len(&self) -> usize {
        self.pending.len()
    }

    /// The seq of `seat`'s latest signed entry in the log.
    pub fn last_signed_by(&self, seat: Seat) -> Option<u64> {
        self.last_signed.get(seat.index()).copied().flatten()
    }

    /// The entries whose signatures a record of this log keeps: the set-up, each seat's
    /// last signed entry, and a signed entry of each seat about every
    /// [`RECORD_SIGNATURE_SPACING`] entries. Each seat's last signature covers all its
    /// earlier entries; the spaced ones let a damaged or truncated record still
    /// authenticate what comes before the damage.
    pub fn record_signatures(&self) -> Vec<u64> {
        let mut keep = vec![0];
        keep.extend(self.spaced_signatures.iter().copied());
        keep.extend(self.last_signed.iter().flatten().copied());
        keep.sort_unstable();
        keep.dedup();
        keep
    }

    pub fn last_hash(&self) -> Digest32 {
        self.last_hash
    }

    pub fn duel(&self) -> Option<&Duel> {
        self.duel.as_ref()
    }

    /// The duel as this log would have it after `signed`, ignoring whether the author's
    /// state hash agrees: what a desync report compares with the author's own state. `None`
    /// if the entry does not apply at all (then it is not a desync but a violation).
    pub fn duel_if_applied(&self, signed: &SignedEnvelope) -> Option<Duel> {
        let envelope = signed.open().ok()?;
        if envelope.match_id != self.match_id
            || envelope.seq != self.next_seq()
            || envelope.previous != self.last_hash
            || self.awaiting().0 != Some(envelope.author)
        {
            return None;
        }
        let mut copy = self.clone();
        let step = copy.awaiting().1;
        copy.apply(&envelope, None, &step).ok()?;
        copy.duel
    }

    /// Desync tests only: this log's engine, to perturb as a buggy or tampered client would.
    #[doc(hidden)]
    pub fn duel_mut_for_tests(&mut self) -> Option<&mut Duel> {
        self.duel.as_mut()
    }

    pub fn deck_commit(&self, seat: Seat) -> Option<&DeckCommit> {
        self.decks.get(seat.index()).and_then(Option::as_ref)
    }

    pub fn end_reveal(&self, seat: Seat) -> Option<&EndReveal> {
        self.end_reveals.get(seat.index()).and_then(Option::as_ref)
    }

    pub fn claim_origins(&self) -> &[ClaimOrigin] {
        &self.claim_origins
    }

    pub fn equivocation_proofs(&self) -> &[(SignedEnvelope, SignedEnvelope)] {
        &self.proofs
    }

    pub fn seats(&self) -> usize {
        self.setup.players.len()
    }

    pub fn key(&self, seat: Seat) -> Option<&PlayerKey> {
        self.setup.players.get(seat.index())
    }

    /// Whether `signed` carries `seat`'s signature.
    pub fn signed_by_seat(&self, signed: &SignedEnvelope, seat: Seat) -> bool {
        self.verifiers
            .get(seat.index())
            .is_some_and(|v| signed.verified_by(v))
    }

    /// The permutation positions `permuter` committed for `owner`'s deck.
    pub fn permutation(&self, owner: Seat, permuter: Seat) -> Option<&[Commitment]> {
        self.permutations.get(&(owner, permuter)).map(Vec::as_slice)
    }

    /// Who must write the next entry, and what.
    pub fn awaiting(&self) -> (Option<Seat>, Step) {
        if let Some((seat, step)) = self.script.last() {
            return (Some(*seat), step.clone());
        }
        // A turn's checkpoint is written when the log would next wait for its seat (or the
        // duel is over): the draw openings that start the turn come first, in the same run
        // as the entry that began it. With several seats owing checkpoints, the one the duel
        // waits for writes its own, oldest first.
        let duel_seat = self
            .duel
            .as_ref()
            .filter(|duel| !duel.is_over())
            .and_then(|duel| duel.awaiting().seat());
        let due = self
            .checkpoints_due
            .iter()
            .find(|(seat, _)| duel_seat.is_none_or(|s| s == *seat));
        if let Some((seat, turn)) = due {
            return (Some(*seat), Step::Checkpoint { turn: *turn });
        }
        match &self.duel {
            Some(duel) if !duel.is_over() => {
                let awaiting = duel.awaiting().clone();
                (awaiting.seat(), Step::Game(awaiting))
            }
            _ => match self.end_reveals.iter().position(Option::is_none) {
                Some(i) => (Some(Seat(i as u8)), Step::EndReveal),
                None => (None, Step::Complete),
            },
        }
    }

    pub fn is_complete(&self) -> bool {
        matches!(self.awaiting().1, Step::Complete)
    }

    /// The hash every honest peer has after the last entry: the engine's state hash once the
    /// duel has begun, before that a hash of what the set-up has established.
    pub fn state_hash(&self) -> Digest32 {
        match &self.duel {
            Some(duel) => duel.state_hash(),
            None => setup_state_hash(
                &self.match_id,
                &self.decks,
                &self.permutations,
                &self.random_reveals,
            ),
        }
    }

    /// The state hash right after the set-up entry, before anything is committed.
    pub fn initial_state_hash(setup: &MatchSetup) -> Digest32 {
        let seats = setup.players.len();
        setup_state_hash(
            &setup.match_id(),
            &vec![None; seats],
            &BTreeMap::new(),
            &vec![None; seats],
        )
    }

    /// Takes an entry from the wire or a record.
    ///
    /// On arrival it is checked for its bytes, match, number, chain link, (for the first
    /// entry after the log) author, and its signature if it carries one. An unsigned entry
    /// then waits: it is neither applied nor acted on until a later entry signed by its
    /// author arrives, whose signature covers it through the chain. Every entry so covered
    /// is then checked against the rules and the state hash, in order, and joins the log;
    /// the entries that joined are returned (none while the run is still open).
    ///
    /// `knowledge` is what the audit knows of each seat's secrets, by seat (a live peer
    /// passes `None`: it cannot check hidden claims until the reveal).
    ///
    /// On an error the log is as before this call, except that entries of the same run
    /// before a refused one, already covered and legal, stay in the log, and a proven
    /// equivocation is kept. A refused entry that its author's signature covers comes back
    /// with that proof in [`Rejected::signed_run`].
    pub fn receive(
        &mut self,
        signed: &SignedEnvelope,
        knowledge: Option<&[Knowledge]>,
    ) -> Result<Vec<Committed>, Rejected> {
        self.receive_observed(signed, knowledge, &mut Unobserved)
    }

    /// [`MatchLog::receive`], telling `observer` about each entry as it joins the log.
    pub fn receive_observed(
        &mut self,
        signed: &SignedEnvelope,
        knowledge: Option<&[Knowledge]>,
        observer: &mut dyn CommitObserver,
    ) -> Result<Vec<Committed>, Rejected> {
        let envelope = signed
            .open()
            .map_err(|e| Rejected::unproven(None, None, e.into()))?;
        let (seq, author) = (envelope.seq, envelope.author);
        let reject = |violation| Rejected::unproven(Some(seq), Some(author), violation);
        if envelope.match_id != self.match_id {
            return Err(reject(Violation::WrongMatch));
        }
        if self.key(author).is_none() {
            return Err(reject(Violation::UnknownSeat(author)));
        }
        let committed = self.next_seq();
        if seq < committed {
            return Err(self.conflict_with_log(signed, &envelope));
        }
        let next = committed + self.pending.len() as u64;
        if seq < next {
            let index = (seq - committed) as usize;
            if let Some(held) = self.pending.get(index)
                && held.signed.bytes == signed.bytes
            {
                if held.signed.is_signed() || !signed.is_signed() {
                    return Err(reject(Violation::Replayed { seq }));
                }
                // The signature for an entry we hold: it closes the run up to here.
                if !self.signed_by_seat(signed, author) {
                    return Err(reject(Violation::BadSignature { author }));
                }
                if let Some(held) = self.pending.get_mut(index) {
                    held.signed.signature = signed.signature;
                }
                self.note_pending_signature(author, seq);
                return self.commit_covered(knowledge, observer);
            }
            // A different entry in place of unauthenticated ones: nothing was acted on, so
            // they are simply dropped.
            self.pending.truncate(index);
            self.recount_pending_signatures();
        }
        let next = committed + self.pending.len() as u64;
        if seq != next {
            return Err(reject(Violation::WrongSeq {
                expected: next,
                got: seq,
            }));
        }
        let previous = self.pending.back().map_or(self.last_hash, |p| p.hash);
        if envelope.previous != previous {
            return Err(reject(Violation::BrokenChain));
        }
        if self.pending.is_empty() {
            self.check_author(author).map_err(reject)?;
        }
        if signed.is_signed() && !self.signed_by_seat(signed, author) {
            return Err(reject(Violation::BadSignature { author }));
        }
        if !signed.is_signed() && self.pending.len() >= MAX_PENDING {
            return Err(reject(Violation::TooManyUnsigned));
        }
        if signed.is_signed() {
            self.note_pending_signature(author, seq);
        }
        self.pending.push_back(PendingEntry {
            hash: signed.hash(),
            signed: signed.clone(),
            envelope,
        });
        self.commit_covered(knowledge, observer)
    }

    /// An arriving entry numbered like one already in the log: a copy (replay), a proven
    /// equivocation, or an unproven conflict.
    fn conflict_with_log(&mut self, signed: &SignedEnvelope, envelope: &Envelope) -> Rejected {
        let (seq, author) = (envelope.seq, envelope.author);
        let Some(logged) = usize::try_from(seq).ok().and_then(|i| self.entries.get(i)) else {
            return Rejected::unproven(
                Some(seq),
                Some(author),
                Violation::WrongSeq {
                    expected: self.next_seq(),
                    got: seq,
                },
            );
        };
        if logged.bytes == signed.bytes {
            return Rejected::unproven(Some(seq), Some(author), Violation::Replayed { seq });
        }
        let same_author = logged.open().is_ok_and(|e| e.author == author);
        if same_author && self.signed_by_seat(signed, author) {
            // The logged entry is its author's (covered by its signature when it joined);
            // this one carries the same author's signature: both are kept as proof.
            self.proofs.push((logged.clone(), signed.clone()));
            return Rejected {
                seq: Some(seq),
                author: Some(author),
                violation: Violation::Equivocation { seq, author },
                signed_run: Box::new([signed.clone()]),
            };
        }
        let violation = if signed.is_signed() {
            Violation::WrongSeq {
                expected: self.next_seq(),
                got: seq,
            }
        } else {
            Violation::UnsignedConflict { seq }
        };
        Rejected::unproven(Some(seq), Some(author), violation)
    }

    fn note_pending_signature(&mut self, author: Seat, seq: u64) {
        if let Some(slot) = self.pending_signed.get_mut(author.index()) {
            *slot = Some(slot.map_or(seq, |s| s.max(seq)));
        }
    }

    fn recount_pending_signatures(&mut self) {
        self.pending_signed.iter_mut().for_each(|s| *s = None);
        let signed: Vec<(Seat, u64)> = self
            .pending
            .iter()
            .filter(|p| p.signed.is_signed())
            .map(|p| (p.envelope.author, p.envelope.seq))
            .collect();
        for (author, seq) in signed {
            self.note_pending_signature(author, seq);
        }
    }

    /// Applies, in order, every waiting entry that a signature of its author covers.
    fn commit_covered(
        &mut self,
        knowledge: Option<&[Knowledge]>,
        observer: &mut dyn CommitObserver,
    ) -> Result<Vec<Committed>, Rejected> {
        let mut out = Vec::new();
        while let Some(front) = self.pending.front() {
            let (seq, author) = (front.envelope.seq, front.envelope.author);
            let covered = self
                .pending_signed
                .get(author.index())
                .copied()
                .flatten()
                .is_some_and(|s| s >= seq);
            if !covered {
                break;
            }
            let Some(entry) = self.pending.pop_front() else {
                break;
            };
            let author_knowledge = knowledge.and_then(|k| k.get(author.index()));
            match self.commit_one(entry, author_knowledge, observer) {
                Ok(events) => out.push(Committed { seq, events }),
                Err((violation, entry)) => {
                    // Proven: the signature that covered it makes it its author's. The
                    // proof is the entry and its author's run up to that signature.
                    let cover = self
                        .pending_signed
                        .get(author.index())
                        .copied()
                        .flatten()
                        .unwrap_or(seq);
                    let mut run = vec![entry.signed];
                    run.extend(
                        self.pending
                            .iter()
                            .take_while(|p| p.envelope.seq <= cover)
                            .map(|p| p.signed.clone()),
                    );
                    self.pending.clear();
                    self.recount_pending_signatures();
                    return Err(Rejected {
                        seq: Some(seq),
                        author: Some(author),
                        violation,
                        signed_run: run.into_boxed_slice(),
                    });
                }
            }
        }
        if self.pending.is_empty() {
            self.recount_pending_signatures();
        }
        Ok(out)
    }

    /// Checks an authenticated entry against the rules and the state hash and appends it;
    /// a refused one comes back with the reason.
    #[allow(clippy::result_large_err)]
    fn commit_one(
        &mut self,
        entry: PendingEntry,
        knowledge: Option<&Knowledge>,
        observer: &mut dyn CommitObserver,
    ) -> Result<Vec<Event>, (Violation, PendingEntry)> {
        let envelope = &entry.envelope;
        if envelope.previous != self.last_hash {
            return Err((Violation::BrokenChain, entry));
        }
        let step = match self.check_author(envelope.author) {
            Ok(step) => step,
            Err(violation) => return Err((violation, entry)),
        };
        observer.before(self, envelope);
        let undo = self.undo_point(&step);
        let events = match self.apply(envelope, knowledge, &step) {
            Ok(events) => events,
            Err(violation) => {
                self.undo(undo, envelope, false);
                return Err((violation, entry));
            }
        };
        let ours = self.current_state_hash();
        if ours != envelope.state_after {
            self.undo(undo, envelope, true);
            let theirs = envelope.state_after;
            return Err((Violation::StateHashMismatch { ours, theirs }, entry));
        }
        let PendingEntry {
            signed,
            envelope,
            hash,
        } = entry;
        self.push_entry(signed, hash, envelope.author);
        observer.after(self, &envelope, &events);
        Ok(events)
    }

    fn push_entry(&mut self, signed: SignedEnvelope, hash: Digest32, author: Seat) {
        if signed.is_signed() {
            self.note_signature(author, self.entries.len() as u64);
        }
        self.last_hash = hash;
        self.entries.push(signed);
    }

    /// Entry `seq` of `author` is signed in the log.
    fn note_signature(&mut self, author: Seat, seq: u64) {
        if let Some(spaced) = self.last_spaced.get_mut(author.index())
            && spaced.is_none_or(|s| seq >= s + RECORD_SIGNATURE_SPACING)
        {
            *spaced = Some(seq);
            self.spaced_signatures.push(seq);
        }
        if let Some(slot) = self.last_signed.get_mut(author.index()) {
            *slot = Some(seq);
        }
    }

    /// That `author` is the seat the log waits for; returns what it waits for.
    fn check_author(&self, author: Seat) -> Result<Step, Violation> {
        let (expected, step) = self.awaiting();
        let Some(expected) = expected else {
            debug_assert!(matches!(step, Step::Complete));
            return Err(Violation::Complete);
        };
        if expected != author {
            return Err(Violation::WrongAuthor {
                expected,
                got: author,
            });
        }
        Ok(step)
    }

    /// Applies an entry this peer writes, then seals it with the resulting state hash. It
    /// is signed where the log then waits for another seat or for nobody (a hand-off, or
    /// the end of the match); inside a run it goes unsigned, and the run's signed entry
    /// covers it.
    pub fn author(
        &mut self,
        author: Seat,
        body: Body,
        knowledge: Option<&Knowledge>,
        identity: &Identity,
    ) -> Result<(SignedEnvelope, Vec<Event>), Violation> {
        let (expected, step) = self.awaiting();
        if matches!(step, Step::Complete) {
            return Err(Violation::Complete);
        }
        if expected != Some(author) {
            return Err(Violation::WrongAuthor {
                expected: expected.unwrap_or(author),
                got: author,
            });
        }
        let mut envelope = Envelope {
            match_id: self.match_id,
            seq: self.next_seq(),
            previous: self.last_hash,
            author,
            body,
            state_after: Digest32::default(),
        };
        let undo = self.undo_point(&step);
        let events = match self.apply(&envelope, knowledge, &step) {
            Ok(events) => events,
            Err(violation) => {
                self.undo(undo, &envelope, false);
                return Err(violation);
            }
        };
        envelope.state_after = self.current_state_hash();
        let unsigned = SignedEnvelope::unsigned(&envelope);
        let signed = if self.awaiting().0 == Some(author) {
            unsigned
        } else {
            unsigned.signed_with(identity)
        };
        // Whatever was waiting from others cannot follow an entry of ours.
        self.pending.clear();
        self.recount_pending_signatures();
        let hash = signed.hash();
        self.push_entry(signed.clone(), hash, author);
        Ok((signed, events))
    }

    /// Signs the last entry of the log if `author` wrote it unsigned (the author is about
    /// to wait, e.g. for a person's decision, and the other side should see its run so
    /// far). Returns the signed copy, which replaces the unsigned one; `None` if there is
    /// nothing to sign.
    pub fn sign_last(&mut self, author: Seat, identity: &Identity) -> Option<SignedEnvelope> {
        let last = self.entries.last()?;
        if last.is_signed() || last.open().ok()?.author != author {
            return None;
        }
        let signed = last.clone().signed_with(identity);
        let seq = self.entries.len() as u64 - 1;
        if let Some(slot) = self.entries.last_mut() {
            *slot = signed.clone();
        }
        self.note_signature(author, seq);
        Some(signed)
    }

    /// The state hash now, reusing the engine's incremental hashing on the hot path.
    fn current_state_hash(&mut self) -> Digest32 {
        match &mut self.duel {
            Some(duel) => duel.update_state_hash(),
            None => self.state_hash(),
        }
    }
}
