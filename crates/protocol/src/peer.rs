//! A `Peer`: one seat's engine, knowledge and secrets. It turns decisions into envelopes and
//! envelopes into state, and writes the protocol's own steps (commitments, permutations,
//! draw openings, reveals, checkpoints) by itself.

use std::collections::BTreeSet;
use std::sync::Arc;

use fairduel_engine::action::{Action, Answer};
use fairduel_engine::card::CardId;
use fairduel_engine::commitment::{Commitment, PositionOpening, PositionSlot, Reveal, Salt};
use fairduel_engine::deck::DeckList;
use fairduel_engine::duel::{Duel, Rules};
use fairduel_engine::event::Event;
use fairduel_engine::field::DuelistSetup;
use fairduel_engine::knowledge::Knowledge;
use fairduel_engine::reshuffle::FreshSecrets;
use fairduel_engine::seat::Seat;
use fairduel_engine::setup::LeaderSetup;
use fairduel_engine::teammate_disclosure::DisclosureRefused;

use crate::disclosure::{Disclosure, DisclosureError};
use crate::envelope::{
    Body, DeckCommit, EndReveal, Envelope, MatchSetup, PROTOCOL_VERSION, PermutationCommit,
    RandomReveal, ReshuffleOpening, Resignation, SignedEnvelope, random_commitment,
};
use crate::identity::{Identity, PlayerKey};
use crate::matchlog::{Committed, MatchLog, Rejected, Step, Violation, permuters_of};
use crate::record::MatchRecord;
use crate::secret::SecretStream;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PeerError {
    #[error("the deck is not legal in this format: {0}")]
    IllegalDeck(String),
    #[error(
        "this match's set-up does not seat our key ({0}); the ticket or invitation was for someone else"
    )]
    NotSeated(PlayerKey),
    #[error("the match refused our own entry: {0}")]
    Refused(Violation),
    #[error("the first entry of the match is not acceptable: {0}")]
    BadStart(Rejected),
    #[error("it is not our decision now")]
    NotOurTurn,
}

/// Why a saved match could not be rebuilt into a peer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("the saved match has no entries, not even its set-up")]
    Empty,
    #[error("the saved match cannot be reopened: {0}")]
    Start(PeerError),
    #[error(
        "saved entry {seq} is not what this player's saved secrets and deck produce: the match files are damaged or belong to another player or deck"
    )]
    Diverged { seq: u64 },
    #[error("saved entry {seq} no longer checks out: {rejected}")]
    Refused { seq: u64, rejected: Rejected },
}

/// The secrets behind this seat's commitments.
#[derive(Debug, Clone)]
struct OwnSecrets {
    leader: Option<Reveal>,
    /// Public from the deck commit on; kept here with the rest of the deck.
    field_setup: fairduel_engine::field::FieldSetup,
    /// Public from the deck commit on, like the Field Setup.
    duelist_setup: Option<DuelistSetup>,
    /// Openings of the deck commitments, in committed order.
    deck: Vec<Reveal>,
    random: RandomReveal,
    permutations: Vec<(Seat, Vec<PositionOpening>)>,
    /// Openings of the decks committed again in reshuffles, one after another.
    recommitted: Vec<Reveal>,
    /// Openings of the rounds permuted in reshuffles.
    reshuffled: Vec<ReshuffleOpening>,
    /// Openings of the Extra Deck commitments, in committed order.
    extra: Vec<Reveal>,
    /// Openings of the destiny pile's commitments, in committed order.
    destiny: Vec<Reveal>,
}

#[derive(Debug, Clone)]
pub struct Peer {
    identity: Identity,
    seat: Seat,
    log: MatchLog,
    knowledge: Knowledge,
    secrets: SecretStream,
    own: OwnSecrets,
    /// Entries this peer refused, signed by their claimed author: evidence for the record.
    evidence: Vec<SignedEnvelope>,
    /// Face-down cards this seat has shown, by teammate: each is shown once.
    shown: BTreeSet<(Seat, Commitment)>,
    /// Disclosures this seat made and those it received signed by their owner, for the
    /// record (the audit checks each one).
    disclosures: Vec<Disclosure>,
}

impl Peer {
    /// Opens a match as seat 0, with `others` in seats 1, 2, … in that order, returning the
    /// set-up entry to send to all of them.
    pub fn host(
        identity: Identity,
        rules: Arc<Rules>,
        format_name: &str,
        deck: &DeckList,
        others: &[PlayerKey],
        secrets: SecretStream,
    ) -> Result<(Peer, SignedEnvelope), PeerError> {
        deck.validate(&rules.pool, &rules.format)
            .map_err(PeerError::IllegalDeck)?;
        Peer::host_without_deck_check(identity, rules, format_name, deck, others, secrets)
    }

    /// A cheating host for the cheat catalogue's tests: like [`Peer::host`] without the
    /// check of its own deck, as a tampered client would do.
    #[doc(hidden)]
    pub fn host_without_deck_check(
        identity: Identity,
        rules: Arc<Rules>,
        format_name: &str,
        deck: &DeckList,
        others: &[PlayerKey],
        mut secrets: SecretStream,
    ) -> Result<(Peer, SignedEnvelope), PeerError> {
        let setup = MatchSetup {
            protocol_version: PROTOCOL_VERSION,
            format_name: format_name.to_owned(),
            format_hash: rules.format.hash(),
            pool_hash: rules.pool.hash(),
            engine: crate::fingerprint::engine_fingerprint(&rules),
            players: std::iter::once(identity.public())
                .chain(others.iter().copied())
                .collect(),
            nonce: secrets.bytes32(),
        };
        let first = seal_setup(&setup, &identity).map_err(PeerError::BadStart)?;
        let log = MatchLog::start(Arc::clone(&rules), &first).map_err(PeerError::BadStart)?;
        Ok((Peer::seated(identity, Seat(0), log, deck, secrets), first))
    }

    /// Joins the match that `first` (its set-up entry) opens.
    pub fn join(
        identity: Identity,
        rules: Arc<Rules>,
        deck: &DeckList,
        first: &SignedEnvelope,
        secrets: SecretStream,
    ) -> Result<Peer, PeerError> {
        deck.validate(&rules.pool, &rules.format)
            .map_err(PeerError::IllegalDeck)?;
        let log = MatchLog::start(rules, first).map_err(PeerError::BadStart)?;
        let me = identity.public();
        let seat = log
            .setup()
            .players
            .iter()
            .position(|k| *k == me)
            .filter(|i| *i != 0)
            .ok_or(PeerError::NotSeated(me))?;
        Ok(Peer::seated(identity, Seat(seat as u8), log, deck, secrets))
    }

    /// Rebuilds a peer after a crash from what it saved before sending anything: its
    /// identity, deck and secret seed, and the log entries it had. Every secret derives
    /// from the seed, so re-authoring this seat's own entries must give back exactly the
    /// saved bytes (ed25519 signatures are deterministic); any difference means the saved
    /// files do not belong together.
    pub fn restore(
        identity: Identity,
        rules: Arc<Rules>,
        format_name: &str,
        deck: &DeckList,
        secrets: SecretStream,
        entries: &[SignedEnvelope],
    ) -> Result<Peer, RestoreError> {
        let first = entries.first().ok_or(RestoreError::Empty)?;
        let setup = match first.open().map(|e| e.body) {
            Ok(Body::Setup(setup)) => setup,
            _ => return Err(RestoreError::Diverged { seq: 0 }),
        };
        let me = identity.public();
        let mut peer = if setup.players.first() == Some(&me) {
            let others = setup.players.get(1..).unwrap_or_default();
            let (peer, written) = Peer::host(identity, rules, format_name, deck, others, secrets)
                .map_err(RestoreError::Start)?;
            if written != *first {
                return Err(RestoreError::Diverged { seq: 0 });
            }
            peer
        } else {
            Peer::join(identity, rules, deck, first, secrets).map_err(RestoreError::Start)?
        };
        for (seq, entry) in entries.iter().enumerate().skip(1) {
            let seq = seq as u64;
            let envelope = entry.open().map_err(|_| RestoreError::Diverged { seq })?;
            if envelope.author != peer.seat {
                peer.receive(entry)
                    .map_err(|rejected| RestoreError::Refused { seq, rejected })?;
                continue;
            }
            if peer.log.pending_len() > 0 {
                // The other side's run before this entry was never closed by a signature:
                // the file holds entries nobody should have acted on.
                return Err(RestoreError::Diverged { seq });
            }
            let written = match envelope.body {
                Body::Action(action)
                    if peer.needs_decision() || matches!(action, Action::Concede) =>
                {
                    peer.decide(action)
                }
                Body::Resigned(resignation) if peer.needs_decision() => {
                    peer.relay_resignation(resignation)
                }
                _ => peer
                    .next_automatic()
                    .ok_or(RestoreError::Diverged { seq })?,
            };
            let Ok((written, _)) = written else {
                return Err(RestoreError::Diverged { seq });
            };
            if written.bytes != entry.bytes {
                return Err(RestoreError::Diverged { seq });
            }
            match (&written.signature, &entry.signature) {
                (Some(ours), Some(saved)) if ours == saved => {}
                // Signed later, before waiting (see `Peer::sign_last`): the same signature
                // as ours would be, since ed25519 signatures are deterministic.
                (None, Some(_)) => {
                    if peer.sign_last().as_ref() != Some(entry) {
                        return Err(RestoreError::Diverged { seq });
                    }
                }
                (None, None) => {}
                // A hand-off saved without its signature, or a different signature.
                _ => return Err(RestoreError::Diverged { seq }),
            }
        }
        Ok(peer)
    }

    fn seated(
        identity: Identity,
        seat: Seat,
        log: MatchLog,
        deck: &DeckList,
        mut secrets: SecretStream,
    ) -> Peer {
        let match_id = log.match_id();
        let mut knowledge = Knowledge::new();
        let open = |card, secrets: &mut SecretStream, knowledge: &mut Knowledge| {
            let reveal = Reveal {
                card,
                salt: Salt(secrets.bytes32()),
            };
            knowledge.learn(Commitment::new(&match_id, seat, card, &reveal.salt), reveal);
            reveal
        };
        let leader = deck
            .leader
            .map(|card| open(card, &mut secrets, &mut knowledge));
        // Committed in a random order of our own: the permutations make it meaningless, and
        // a sorted order would tell a permuter where each card sits.
        let shuffled = |cards: &[CardId], secrets: &mut SecretStream, knowledge: &mut Knowledge| {
            let mut cards = cards.to_vec();
            secrets.shuffle(&mut cards);
            cards
                .into_iter()
                .map(|card| open(card, secrets, knowledge))
                .collect::<Vec<_>>()
        };
        let deck_openings = shuffled(&deck.main, &mut secrets, &mut knowledge);
        let random = RandomReveal {
            value: secrets.bytes32(),
            salt: Salt(secrets.bytes32()),
        };
        // Drawn after the rest, so that a match without an Extra Deck draws what it always
        // drew.
        let extra = shuffled(&deck.extra, &mut secrets, &mut knowledge);
        // The destiny pile last, for the same reason.
        let destiny_list: Vec<CardId> = log
            .rules()
            .format
            .destiny_draw
            .iter()
            .flat_map(|d| d.cards.iter().copied())
            .collect();
        let destiny = shuffled(&destiny_list, &mut secrets, &mut knowledge);
        Peer {
            identity,
            seat,
            log,
            knowledge,
            secrets,
            own: OwnSecrets {
                leader,
                field_setup: deck.field_setup.clone(),
                duelist_setup: deck.duelist_setup.clone(),
                deck: deck_openings,
                random,
                permutations: Vec::new(),
                recommitted: Vec::new(),
                reshuffled: Vec::new(),
                extra,
                destiny,
            },
            evidence: Vec::new(),
            shown: BTreeSet::new(),
            disclosures: Vec::new(),
        }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn key(&self) -> PlayerKey {
        self.identity.public()
    }

    pub fn log(&self) -> &MatchLog {
        &self.log
    }

    pub fn duel(&self) -> Option<&Duel> {
        self.log.duel()
    }

    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    pub fn is_complete(&self) -> bool {
        self.log.is_complete()
    }

    /// Who must write next, and what.
    pub fn awaiting(&self) -> (Option<Seat>, Step) {
        self.log.awaiting()
    }

    /// Whether the next entry is this seat's and needs a player's (or bot's) choice.
    pub fn needs_decision(&self) -> bool {
        match self.log.awaiting() {
            (Some(s), Step::Game(awaiting)) if s == self.seat => awaiting.is_decision_of(s),
            _ => false,
        }
    }

    /// What this seat may do now (empty unless [`Peer::needs_decision`]).
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.log.duel() {
            Some(duel) if self.needs_decision() => duel.legal_actions(self.seat, &self.knowledge),
            _ => Vec::new(),
        }
    }

    /// Writes the next entry if it is this seat's and needs no choice: set-up steps, draw
    /// openings, reveals the rules demand, owner declarations, checkpoints and the end
    /// reveal. `None` when there is nothing to write.
    pub fn next_automatic(&mut self) -> Option<Result<(SignedEnvelope, Vec<Event>), PeerError>> {
        let (Some(seat), step) = self.log.awaiting() else {
            return None;
        };
        if seat != self.seat {
            return None;
        }
        let body = match step {
            Step::DeckCommit => Body::DeckCommit(self.deck_commit()),
            Step::Permutation { owner } => Body::Permutation(self.permute(owner)),
            Step::RandomReveal => Body::RandomReveal(self.own.random),
            Step::Checkpoint { turn } => Body::Checkpoint { turn },
            Step::EndReveal => Body::EndReveal(self.end_reveal()),
            Step::Game(awaiting) if awaiting.is_answer_of(seat) => {
                let duel = self.log.duel()?;
                match duel.honest_answer(self.seat, &self.knowledge) {
                    Some(answer) => Body::Answer(answer),
                    None => {
                        let (answer, secrets) =
                            duel.fresh_answer(self.seat, &self.knowledge, &mut self.secrets)?;
                        self.keep_fresh_secrets(&answer, secrets);
                        Body::Answer(answer)
                    }
                }
            }
            Step::Game(_) | Step::Complete => return None,
        };
        Some(self.write(body))
    }

    /// Every secret this seat opens once the duel is over.
    pub fn end_reveal(&self) -> EndReveal {
        EndReveal {
            leader: self.own.leader,
            deck: self.own.deck.clone(),
            permutations: self.own.permutations.clone(),
            recommitted: self.own.recommitted.clone(),
            reshuffled: self.own.reshuffled.clone(),
            extra: self.own.extra.clone(),
            destiny: self.own.destiny.clone(),
        }
    }

    /// Keeps the secrets behind `answer`, a fresh answer this seat is about to write: it
    /// knows its new commitments (and so checks them as it writes them) and opens them at the
    /// end (a share, during the duel once every seat has committed).
    fn keep_fresh_secrets(&mut self, answer: &Answer, secrets: FreshSecrets) {
        match (answer, secrets) {
            (Answer::RecommitDeck { commitments }, FreshSecrets::Cards(reveals)) => {
                for (commitment, reveal) in commitments.iter().zip(&reveals) {
                    self.knowledge.learn(*commitment, *reveal);
                }
                self.own.recommitted.extend(reveals);
            }
            (
                Answer::PermuteDeck { positions },
                FreshSecrets::Positions {
                    owner,
                    round,
                    openings,
                },
            ) => {
                for (commitment, opening) in positions.iter().zip(&openings) {
                    self.knowledge.learn_position(*commitment, *opening);
                }
                self.own.reshuffled.push(ReshuffleOpening {
                    owner,
                    round,
                    openings,
                });
            }
            (
                _,
                FreshSecrets::Share {
                    commitment,
                    value,
                    salt,
                },
            ) => self.knowledge.learn_share(commitment, value, salt),
            // `Duel::fresh_answer` pairs each answer with its own kind of secrets.
            _ => {}
        }
    }

    /// Plays a decision of this seat's.
    pub fn decide(&mut self, action: Action) -> Result<(SignedEnvelope, Vec<Event>), PeerError> {
        if self.log.awaiting().0 != Some(self.seat) {
            return Err(PeerError::NotOurTurn);
        }
        self.write(Body::Action(action))
    }

    /// This seat's signed concession, for the other seats to relay into the log when it is
    /// not this seat's turn to write (see [`Resignation`]).
    pub fn resign(&self) -> Resignation {
        Resignation::sign(&self.identity, &self.log.match_id(), self.seat)
    }

    /// Whether this seat could relay `resignation` (another seat's, signed by it for this
    /// match, while it is in the duel); the reason when not.
    pub fn check_resignation(&self, resignation: &Resignation) -> Result<(), Violation> {
        self.log.check_resignation(self.seat, resignation)
    }

    /// Relays another seat's concession in place of this seat's decision.
    pub fn relay_resignation(
        &mut self,
        resignation: Resignation,
    ) -> Result<(SignedEnvelope, Vec<Event>), PeerError> {
        if !self.needs_decision() {
            return Err(PeerError::NotOurTurn);
        }
        self.write(Body::Resigned(resignation))
    }

    fn write(&mut self, body: Body) -> Result<(SignedEnvelope, Vec<Event>), PeerError> {
        self.log
            .author(self.seat, body, Some(&self.knowledge), &self.identity)
            .map_err(PeerError::Refused)
    }

    /// Takes an entry from another seat (see [`MatchLog::receive`]): an unsigned one waits
    /// for the signature that ends its author's run, and nothing is acted on before. The
    /// entries that joined the log are returned. A refused entry that its author's
    /// signature covers is kept, with that signature's run, as evidence for the record.
    pub fn receive(&mut self, signed: &SignedEnvelope) -> Result<Vec<Committed>, Rejected> {
        self.receive_observed(signed, &mut crate::matchlog::Unobserved)
    }

    /// [`Peer::receive`], telling `observer` about each entry as it joins the log.
    pub fn receive_observed(
        &mut self,
        signed: &SignedEnvelope,
        observer: &mut dyn crate::matchlog::CommitObserver,
    ) -> Result<Vec<Committed>, Rejected> {
        let result = self.log.receive_observed(signed, None, observer);
        if let Err(rejected) = &result
            && rejected.is_proven()
            && !matches!(rejected.violation, Violation::Replayed { .. })
        {
            self.evidence.extend(rejected.signed_run.iter().cloned());
        }
        result
    }

    /// Signs this seat's last entry if it went out unsigned (inside a run): before waiting
    /// for a person's decision, so the other side sees the run so far. Returns the signed
    /// copy to save and send, or `None` if there is nothing to sign.
    pub fn sign_last(&mut self) -> Option<SignedEnvelope> {
        self.log.sign_last(self.seat, &self.identity)
    }

    /// Refused entries signed by their claimed author: evidence of cheating.
    pub fn evidence(&self) -> &[SignedEnvelope] {
        &self.evidence
    }

    /// The match record: the log, plus any refused entry that proves its author cheated.
    /// Only the signatures a verifier needs are kept (see [`MatchRecord::from_log`]); this
    /// seat's own last entry is signed if it is not yet.
    pub fn record(&self) -> MatchRecord {
        let mut keep = self.log.record_signatures();
        let mut entries = self.log.entries().to_vec();
        if let Some(last) = entries.last_mut()
            && !last.is_signed()
            && last.open().is_ok_and(|e| e.author == self.seat)
        {
            *last = last.clone().signed_with(&self.identity);
            keep.push(entries.len() as u64 - 1);
        }
        let mut record = MatchRecord::from_log(entries, &keep, self.evidence.clone());
        record.disclosures = self.disclosures.clone();
        record
    }

    /// The face-down cards this seat should show its teammates now and has not shown yet,
    /// signed, each for its teammate alone (see [`crate::disclosure`]). Empty where the
    /// format does not let teammates see them. Send each only to its `to`.
    pub fn disclosures_due(&mut self) -> Vec<Disclosure> {
        let Some(duel) = self.log.duel() else {
            return Vec::new();
        };
        let teammates = duel.teammates_shown_face_down(self.seat);
        if teammates.is_empty() {
            return Vec::new();
        }
        let match_id = self.log.match_id();
        let after_entries = self.log.entries().len() as u64;
        let mut due = Vec::new();
        for commitment in duel.face_down_on_field(self.seat) {
            let Some(reveal) = self.knowledge.get(&commitment) else {
                continue;
            };
            for to in &teammates {
                if self.shown.insert((*to, commitment)) {
                    due.push(Disclosure::sign(
                        &self.identity,
                        match_id,
                        self.seat,
                        *to,
                        after_entries,
                        commitment,
                        *reveal,
                    ));
                }
            }
        }
        self.disclosures.extend(due.iter().copied());
        due
    }

    /// Takes a teammate's disclosure: checks it is for this match and this seat, signed by
    /// its owner, from a teammate the format lets show its face-down cards, and that it
    /// opens the commitment; then this seat knows the card. A signed disclosure that
    /// breaks the rules is kept for the record all the same (the audit judges its signer).
    /// That the card lies face-down on the owner's field is checked here when this seat's log
    /// stands where the owner's did, and always by the audit, against the log at the moment
    /// it was shown (this seat may not have that entry yet, or may be further on).
    pub fn receive_disclosure(&mut self, disclosure: &Disclosure) -> Result<(), DisclosureError> {
        if disclosure.match_id != self.log.match_id() {
            return Err(DisclosureError::OtherMatch);
        }
        if disclosure.to != self.seat {
            return Err(DisclosureError::NotForThisSeat { to: disclosure.to });
        }
        let from = disclosure.from;
        let key = self
            .log
            .key(from)
            .copied()
            .ok_or(DisclosureError::UnknownSeat { from })?;
        if !disclosure.verifies(&key) {
            return Err(DisclosureError::BadSignature { from });
        }
        if self.disclosures.contains(disclosure) {
            return Ok(());
        }
        let duel = self.log.duel().ok_or(DisclosureError::NoDuelYet)?;
        let refused = if !duel.teammates_shown_face_down(from).contains(&self.seat) {
            let why = duel
                .check_disclosure(from, self.seat, &disclosure.commitment)
                .err()
                .unwrap_or(DisclosureRefused::NotATeammate {
                    owner: from,
                    to: self.seat,
                });
            Some(DisclosureError::NotAllowed { from, why })
        } else if !disclosure.opens_commitment() {
            Some(DisclosureError::FalseCard { from })
        } else if self.log.entries().len() as u64 == disclosure.after_entries {
            // This seat's log stands where the owner's did: the whole rule can be checked now.
            duel.check_disclosure(from, self.seat, &disclosure.commitment)
                .err()
                .map(|why| DisclosureError::NotAllowed { from, why })
        } else {
            None
        };
        self.disclosures.push(*disclosure);
        match refused {
            Some(error) => Err(error),
            None => {
                self.knowledge
                    .learn(disclosure.commitment, disclosure.reveal);
                Ok(())
            }
        }
    }

    /// Every disclosure this seat made or received (for the match file, so a match continued
    /// after a crash keeps them).
    pub fn disclosures(&self) -> &[Disclosure] {
        &self.disclosures
    }

    /// Puts back the disclosures saved with a match being continued: the ones this seat made
    /// are not made again, and the ones it received it knows again.
    pub fn restore_disclosures(&mut self, saved: &[Disclosure]) {
        for disclosure in saved {
            if disclosure.from == self.seat {
                self.shown.insert((disclosure.to, disclosure.commitment));
                if !self.disclosures.contains(disclosure) {
                    self.disclosures.push(*disclosure);
                }
            } else {
                // Checked again as when it came; a refused one is kept for the record.
                let _ = self.receive_disclosure(disclosure);
            }
        }
    }

    fn deck_commit(&self) -> DeckCommit {
        let match_id = self.log.match_id();
        let commit = |r: &Reveal| Commitment::new(&match_id, self.seat, r.card, &r.salt);
        DeckCommit {
            leader: self.own.leader.as_ref().map(|leader| LeaderSetup {
                card: leader.card,
                commitment: commit(leader),
            }),
            field_setup: self.own.field_setup.clone(),
            duelist_setup: self.own.duelist_setup.clone(),
            deck: self.own.deck.iter().map(commit).collect(),
            random: random_commitment(&match_id, self.seat, &self.own.random),
            extra: self.own.extra.iter().map(commit).collect(),
            destiny: self.own.destiny.iter().map(commit).collect(),
        }
    }

    /// A fresh secret permutation of `owner`'s deck, committed position by position.
    fn permute(&mut self, owner: Seat) -> PermutationCommit {
        let size = self.log.deck_commit(owner).map_or(0, |d| d.deck.len());
        let round = permuters_of(owner, self.log.seats())
            .position(|p| p == self.seat)
            .unwrap_or(0) as u8;
        let mut order: Vec<u16> = (0..size as u16).collect();
        self.secrets.shuffle(&mut order);
        let match_id = self.log.match_id();
        let mut openings = Vec::with_capacity(size);
        let mut positions = Vec::with_capacity(size);
        for (p, index) in order.into_iter().enumerate() {
            let opening = PositionOpening {
                index,
                salt: Salt(self.secrets.bytes32()),
            };
            let slot = PositionSlot {
                owner,
                permuter: self.seat,
                round,
                position: p as u16,
            };
            let commitment = Commitment::for_position(&match_id, slot, &opening);
            self.knowledge.learn_position(commitment, opening);
            openings.push(opening);
            positions.push(commitment);
        }
        self.own.permutations.push((owner, openings));
        PermutationCommit { owner, positions }
    }

    /// This seat's own card commitments with their salts, for tests that look for leaks.
    pub fn own_openings(&self) -> Vec<(Commitment, Salt)> {
        let match_id = self.log.match_id();
        self.own
            .leader
            .iter()
            .chain(&self.own.deck)
            .chain(&self.own.recommitted)
            .chain(&self.own.destiny)
            .map(|r| {
                (
                    Commitment::new(&match_id, self.seat, r.card, &r.salt),
                    r.salt,
                )
            })
            .collect()
    }

    /// Test and cheat-simulation access: the identity that signs for this seat.
    pub fn identity(&self) -> &Identity {
        &self.identity
    }

    /// Test and cheat-simulation access: the log, to forge entries against.
    pub fn log_mut_for_tests(&mut self) -> &mut MatchLog {
        &mut self.log
    }
}

/// Seals the set-up entry, whose state hash is the empty set-up's.
fn seal_setup(setup: &MatchSetup, identity: &Identity) -> Result<SignedEnvelope, Rejected> {
    let mut envelope = Envelope {
        match_id: setup.match_id(),
        seq: 0,
        previous: Default::default(),
        author: Seat(0),
        body: Body::Setup(setup.clone()),
        state_after: Default::default(),
    };
    envelope.state_after = MatchLog::initial_state_hash(setup);
    Ok(SignedEnvelope::seal(&envelope, identity))
}
