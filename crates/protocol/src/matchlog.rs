//! The match log and the state it builds: the one validator that a live peer and the
//! after-match audit share. Every envelope is checked in the same order — bytes, match,
//! sequence, chain, author, signature, body, state hash — and either extends the log or
//! leaves everything as it was.

use std::collections::BTreeMap;
use std::sync::Arc;

use fairduel_engine::RuleError;
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::{DeckSetup, Duel, Knowledge, PublicSetup, Rules, SeatSetup};
use fairduel_engine::event::Event;
use fairduel_engine::hash::{Digest32, sha256_of};
use fairduel_engine::state::{Awaiting, Commitment, PositionOpening, PositionSlot, Seat};

use crate::envelope::{
    Body, DeckCommit, DecodeError, EndReveal, Envelope, MatchSetup, PROTOCOL_VERSION, RandomReveal,
    SignedEnvelope, random_commitment,
};
use crate::identity::{KeyVerifier, PlayerKey};

/// The engine plays two seats; the set-up, shuffle and reveal steps below are written for
/// any number, so more seats need only an engine that plays them.
pub const SEATS: usize = 2;

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
            Violation::UnexpectedBody { .. } => "unexpected-body",
            Violation::BadSetup(_) => "bad-setup",
            Violation::BadDeckCommit(_) => "bad-deck-commit",
            Violation::BadPermutation(_) => "bad-permutation",
            Violation::BadRandomReveal => "bad-random-reveal",
            Violation::BadCheckpoint { .. } => "bad-checkpoint",
            Violation::IllegalAction(_) => "illegal-action",
            Violation::BadEndReveal(_) => "bad-end-reveal",
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
    /// Equivocation proofs: two entries with one number, both signed by their author.
    proofs: Vec<(SignedEnvelope, SignedEnvelope)>,
    /// Each seat's key, decompressed once.
    verifiers: Vec<KeyVerifier>,
}

impl MatchLog {
    /// Starts a log from its first entry, the set-up, checking it against the rules this
    /// peer plays with.
    pub fn start(rules: Arc<Rules>, first: &SignedEnvelope) -> Result<MatchLog, Rejected> {
        let reject = |violation| Rejected {
            seq: Some(0),
            author: Some(Seat(0)),
            violation,
        };
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
        };
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

    pub fn next_seq(&self) -> u64 {
        self.entries.len() as u64
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
        let mut copy = self.clone();
        copy.check_header(signed, &envelope).ok()?;
        copy.apply(&envelope, None).ok()?;
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
        if let Some((seat, turn)) = self.checkpoints_due.first() {
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

    /// Checks a received entry and, if it holds, appends it. `author_knowledge` is what the
    /// audit knows of the author's secrets (a live peer passes `None`: it cannot check
    /// hidden claims until the reveal). On any error nothing changes, except that a proven
    /// equivocation is kept.
    pub fn receive(
        &mut self,
        signed: &SignedEnvelope,
        author_knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, Rejected> {
        let envelope = signed.open().map_err(|e| Rejected {
            seq: None,
            author: None,
            violation: e.into(),
        })?;
        let reject = |violation| Rejected {
            seq: Some(envelope.seq),
            author: Some(envelope.author),
            violation,
        };
        self.check_header(signed, &envelope).map_err(reject)?;
        let before = self.progress();
        let events = self
            .apply(&envelope, author_knowledge)
            .map_err(|v| Rejected {
                seq: Some(envelope.seq),
                author: Some(envelope.author),
                violation: v,
            })?;
        let ours = self.state_hash();
        if ours != envelope.state_after {
            self.restore(before);
            return Err(reject(Violation::StateHashMismatch {
                ours,
                theirs: envelope.state_after,
            }));
        }
        self.last_hash = signed.hash();
        self.entries.push(signed.clone());
        Ok(events)
    }

    /// Applies an entry this peer writes, then seals it with the resulting state hash.
    pub fn author(
        &mut self,
        author: Seat,
        body: Body,
        knowledge: Option<&Knowledge>,
        identity: &crate::identity::Identity,
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
        let events = self.apply(&envelope, knowledge)?;
        envelope.state_after = self.state_hash();
        let signed = SignedEnvelope::seal(&envelope, identity);
        self.last_hash = signed.hash();
        self.entries.push(signed.clone());
        Ok((signed, events))
    }

    /// Everything `apply` may change (not the entries), to put back if the state hash
    /// turns out wrong.
    fn progress(&self) -> Progress {
        Progress {
            script: self.script.clone(),
            decks: self.decks.clone(),
            permutations: self.permutations.clone(),
            random_reveals: self.random_reveals.clone(),
            duel: self.duel.clone(),
            checkpoints_due: self.checkpoints_due.clone(),
            end_reveals: self.end_reveals.clone(),
            claims_made: self.claim_origins.len(),
        }
    }

    fn restore(&mut self, p: Progress) {
        self.script = p.script;
        self.decks = p.decks;
        self.permutations = p.permutations;
        self.random_reveals = p.random_reveals;
        self.duel = p.duel;
        self.checkpoints_due = p.checkpoints_due;
        self.end_reveals = p.end_reveals;
        self.claim_origins.truncate(p.claims_made);
    }

    fn check_header(
        &mut self,
        signed: &SignedEnvelope,
        envelope: &Envelope,
    ) -> Result<(), Violation> {
        if envelope.match_id != self.match_id {
            return Err(Violation::WrongMatch);
        }
        if self.key(envelope.author).is_none() {
            return Err(Violation::UnknownSeat(envelope.author));
        }
        let next = self.next_seq();
        if envelope.seq < next {
            let logged = &self.entries[envelope.seq as usize];
            if logged == signed {
                return Err(Violation::Replayed { seq: envelope.seq });
            }
            let same_author = logged.open().is_ok_and(|e| e.author == envelope.author);
            if same_author && self.signed_by_seat(signed, envelope.author) {
                self.proofs.push((logged.clone(), signed.clone()));
                return Err(Violation::Equivocation {
                    seq: envelope.seq,
                    author: envelope.author,
                });
            }
        }
        if envelope.seq != next {
            return Err(Violation::WrongSeq {
                expected: next,
                got: envelope.seq,
            });
        }
        if envelope.previous != self.last_hash {
            return Err(Violation::BrokenChain);
        }
        let (expected, step) = self.awaiting();
        let Some(expected) = expected else {
            debug_assert!(matches!(step, Step::Complete));
            return Err(Violation::Complete);
        };
        if expected != envelope.author {
            return Err(Violation::WrongAuthor {
                expected,
                got: envelope.author,
            });
        }
        if !self.signed_by_seat(signed, envelope.author) {
            return Err(Violation::BadSignature {
                author: envelope.author,
            });
        }
        Ok(())
    }

    /// Applies a body whose header holds. Validates before it changes anything.
    fn apply(
        &mut self,
        envelope: &Envelope,
        knowledge: Option<&Knowledge>,
    ) -> Result<Vec<Event>, Violation> {
        let author = envelope.author;
        let (_, step) = self.awaiting();
        let unexpected = || Violation::UnexpectedBody {
            expected: step.name(),
            got: envelope.body.kind(),
        };
        match (&envelope.body, &step) {
            (Body::DeckCommit(deck), Step::DeckCommit) => {
                self.check_deck_commit(deck)?;
                self.decks[author.index()] = Some(deck.clone());
                self.script.pop();
                Ok(Vec::new())
            }
            (Body::Permutation(p), Step::Permutation { owner }) if p.owner == *owner => {
                let size = self.deck_commit(*owner).map_or(0, |d| d.deck.len());
                if p.positions.len() != size {
                    return Err(Violation::BadPermutation(format!(
                        "it has {} positions; {owner}'s deck has {size} cards",
                        p.positions.len()
                    )));
                }
                self.permutations
                    .insert((p.owner, author), p.positions.clone());
                self.script.pop();
                Ok(Vec::new())
            }
            (Body::RandomReveal(r), Step::RandomReveal) => {
                let committed = self
                    .deck_commit(author)
                    .map(|d| d.random)
                    .ok_or(Violation::BadRandomReveal)?;
                if random_commitment(&self.match_id, author, r) != committed {
                    return Err(Violation::BadRandomReveal);
                }
                self.random_reveals[author.index()] = Some(*r);
                self.script.pop();
                if self.script.is_empty() {
                    return self.begin_duel();
                }
                Ok(Vec::new())
            }
            (Body::Action(action), Step::Game(_)) => {
                let Some(duel) = self.duel.as_mut() else {
                    return Err(unexpected());
                };
                let events = duel
                    .apply(author, action, knowledge)
                    .map_err(Violation::IllegalAction)?;
                let over = duel.is_over();
                for event in &events {
                    match event {
                        Event::TurnStarted { turn, .. } if !over => {
                            for i in 0..self.setup.players.len() {
                                let seat = Seat(i as u8);
                                if seat != author {
                                    self.checkpoints_due.push((seat, *turn));
                                }
                            }
                        }
                        Event::ClaimRecorded { owner, commitment } => {
                            self.claim_origins.push(ClaimOrigin {
                                commitment: *commitment,
                                owner: *owner,
                                seq: envelope.seq,
                            });
                        }
                        _ => {}
                    }
                }
                Ok(events)
            }
            (Body::Checkpoint { turn }, Step::Checkpoint { turn: expected }) => {
                if turn != expected {
                    return Err(Violation::BadCheckpoint {
                        expected: *expected,
                        got: *turn,
                    });
                }
                self.checkpoints_due.remove(0);
                Ok(Vec::new())
            }
            (Body::EndReveal(reveal), Step::EndReveal) => {
                self.check_end_reveal(author, reveal)
                    .map_err(Violation::BadEndReveal)?;
                self.end_reveals[author.index()] = Some(reveal.clone());
                Ok(Vec::new())
            }
            _ => Err(unexpected()),
        }
    }

    fn check_deck_commit(&self, deck: &DeckCommit) -> Result<(), Violation> {
        let rules = &self.rules.format.deck;
        let n = deck.deck.len();
        if n < usize::from(rules.min_main) || n > usize::from(rules.max_main) {
            return Err(Violation::BadDeckCommit(format!(
                "it commits {n} cards; the format needs {} to {}",
                rules.min_main, rules.max_main
            )));
        }
        let leader = self.rules.pool.get(deck.leader).ok_or_else(|| {
            Violation::BadDeckCommit(format!(
                "the Deck Leader {} is not in the pool",
                deck.leader
            ))
        })?;
        if !leader.is_monster() || leader.level() > rules.leader_max_level {
            return Err(Violation::BadDeckCommit(format!(
                "the Deck Leader {} must be a monster of level {} or lower",
                leader.name, rules.leader_max_level
            )));
        }
        Ok(())
    }

    /// The joint random value: every seat's share, hashed together.
    fn joint_random(&self, purpose: &str) -> Digest32 {
        sha256_of(&(
            "fairduel/joint-random/v1",
            &self.match_id,
            purpose,
            &self.random_reveals,
        ))
    }

    fn begin_duel(&mut self) -> Result<Vec<Event>, Violation> {
        let seats = self.setup.players.len();
        let first = Seat(self.joint_random("first-player").0[0] % seats as u8);
        let mut setups = Vec::with_capacity(seats);
        for i in 0..seats {
            let owner = Seat(i as u8);
            let deck = self
                .deck_commit(owner)
                .ok_or_else(|| Violation::BadSetup(format!("{owner} never committed a deck")))?;
            let rounds = permuters_of(owner, seats)
                .map(|permuter| {
                    let positions = self
                        .permutations
                        .get(&(owner, permuter))
                        .cloned()
                        .unwrap_or_default();
                    (permuter, positions)
                })
                .collect();
            setups.push(SeatSetup {
                leader: deck.leader,
                leader_commitment: deck.leader_commitment,
                deck: deck.deck.clone(),
                order: DeckSetup::Permuted { rounds },
            });
        }
        let seats_array: [SeatSetup; 2] = setups
            .try_into()
            .map_err(|_| Violation::BadSetup("the engine plays exactly two seats".into()))?;
        let (duel, events) = Duel::new(
            Arc::clone(&self.rules),
            PublicSetup {
                match_id: self.match_id,
                first,
                seats: seats_array,
            },
        )
        .map_err(|e| Violation::BadSetup(e.to_string()))?;
        self.duel = Some(duel);
        Ok(events)
    }

    fn check_end_reveal(&self, author: Seat, reveal: &EndReveal) -> Result<(), String> {
        let deck = self
            .deck_commit(author)
            .ok_or_else(|| "there is no deck commitment to open".to_owned())?;
        if reveal.leader.card != deck.leader
            || !deck
                .leader_commitment
                .opens_to(&self.match_id, author, &reveal.leader)
        {
            return Err("the Deck Leader's opening does not match its commitment".into());
        }
        if reveal.deck.len() != deck.deck.len() {
            return Err(format!(
                "it opens {} deck cards; {} were committed",
                reveal.deck.len(),
                deck.deck.len()
            ));
        }
        for (i, (commitment, opening)) in deck.deck.iter().zip(&reveal.deck).enumerate() {
            if !commitment.opens_to(&self.match_id, author, opening) {
                return Err(format!(
                    "the opening of committed card {i} does not match its commitment"
                ));
            }
        }
        let list = DeckList {
            name: String::new(),
            leader: deck.leader,
            main: reveal.deck.iter().map(|r| r.card).collect(),
        };
        list.validate(&self.rules.pool, &self.rules.format)
            .map_err(|m| format!("the committed deck is not legal: {m}"))?;
        let seats = self.setup.players.len();
        for i in 0..seats {
            let owner = Seat(i as u8);
            let Some(positions) = self.permutations.get(&(owner, author)) else {
                continue;
            };
            let Some((_, openings)) = reveal.permutations.iter().find(|(o, _)| *o == owner) else {
                return Err(format!(
                    "it does not open its permutation of {owner}'s deck"
                ));
            };
            let round = permuters_of(owner, seats)
                .position(|p| p == author)
                .unwrap_or(0);
            check_permutation_opening(
                &self.match_id,
                owner,
                author,
                round as u8,
                positions,
                openings,
            )?;
        }
        Ok(())
    }
}

fn setup_state_hash(
    match_id: &Digest32,
    decks: &[Option<DeckCommit>],
    permutations: &BTreeMap<(Seat, Seat), Vec<Commitment>>,
    random_reveals: &[Option<RandomReveal>],
) -> Digest32 {
    sha256_of(&(
        "fairduel/setup-state/v1",
        match_id,
        decks,
        permutations,
        random_reveals,
    ))
}

/// Checks that `openings` open `positions` and point at every index exactly once.
pub fn check_permutation_opening(
    match_id: &Digest32,
    owner: Seat,
    permuter: Seat,
    round: u8,
    positions: &[Commitment],
    openings: &[PositionOpening],
) -> Result<(), String> {
    if openings.len() != positions.len() {
        return Err(format!(
            "it opens {} positions of {owner}'s deck; {} were committed",
            openings.len(),
            positions.len()
        ));
    }
    let mut seen = vec![false; positions.len()];
    for (p, (commitment, opening)) in positions.iter().zip(openings).enumerate() {
        let slot = PositionSlot {
            owner,
            permuter,
            round,
            position: p as u16,
        };
        if Commitment::for_position(match_id, slot, opening) != *commitment {
            return Err(format!(
                "position {p} of {owner}'s deck does not open to what was committed"
            ));
        }
        match seen.get_mut(usize::from(opening.index)) {
            Some(s) if !*s => *s = true,
            _ => {
                return Err(format!(
                    "its permutation of {owner}'s deck is not a permutation (index {} repeats or is out of range): a stacked deck",
                    opening.index
                ));
            }
        }
    }
    Ok(())
}

/// The seats that permute `owner`'s deck, in the order their rounds apply.
pub fn permuters_of(owner: Seat, seats: usize) -> impl Iterator<Item = Seat> {
    (1..seats).map(move |k| Seat(((usize::from(owner.0) + k) % seats) as u8))
}

/// The set-up steps after the set-up entry itself, in order: every seat commits its deck;
/// every deck is permuted by every other seat in turn; every seat reveals its random share.
fn setup_script(seats: usize) -> Vec<(Seat, Step)> {
    let mut script = Vec::new();
    for i in 0..seats {
        script.push((Seat(i as u8), Step::DeckCommit));
    }
    for i in 0..seats {
        let owner = Seat(i as u8);
        for permuter in permuters_of(owner, seats) {
            script.push((permuter, Step::Permutation { owner }));
        }
    }
    for i in 0..seats {
        script.push((Seat(i as u8), Step::RandomReveal));
    }
    script
}

fn check_setup(setup: &MatchSetup, rules: &Rules) -> Result<(), String> {
    if setup.protocol_version != PROTOCOL_VERSION {
        return Err(format!(
            "it speaks protocol version {}, this program speaks {PROTOCOL_VERSION}: both players need the same FairDuel version",
            setup.protocol_version
        ));
    }
    if setup.format_hash != rules.format.hash() {
        return Err(format!(
            "it plays format \"{}\" with hash {}, but ours is \"{}\" with hash {}: both players need the same format file",
            setup.format_name,
            setup.format_hash.short(),
            rules.format.name,
            rules.format.hash().short()
        ));
    }
    if setup.pool_hash != rules.pool.hash() {
        return Err(format!(
            "its card pool hash {} differs from ours {}: both players need the same card pool",
            setup.pool_hash.short(),
            rules.pool.hash().short()
        ));
    }
    if setup.players.len() != SEATS {
        return Err(format!(
            "it seats {} players; the grid formats are played by {SEATS}",
            setup.players.len()
        ));
    }
    let mut keys = setup.players.clone();
    keys.sort();
    keys.dedup();
    if keys.len() != setup.players.len() {
        return Err("the same key sits in two seats".into());
    }
    Ok(())
}

/// The end-of-match check that needs every seat's secrets: claims never revealed during the
/// duel, checked against the end reveals. Returns each false claim with the entry that made
/// it.
pub fn false_claims(log: &MatchLog, all: &Knowledge) -> Vec<(ClaimOrigin, String)> {
    let Some(duel) = log.duel() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for claim in &duel.state().claims {
        let commitment = duel.state().commitment(claim.card_ref);
        let Some(card) = all.card(&commitment) else {
            continue;
        };
        if let Err(why) = duel.check_claim(claim, card) {
            let origin = log
                .claim_origins()
                .iter()
                .rev()
                .find(|o| o.commitment == commitment)
                .copied()
                .unwrap_or(ClaimOrigin {
                    commitment,
                    owner: claim.owner,
                    seq: 0,
                });
            out.push((origin, why));
        }
    }
    out
}
