//! The cheat catalogue's table: seeded peers, one per seat, each with its own bot, and a
//! simulated network that hands every entry to every other seat. A cheating seat writes
//! entries its own software never would (`Game::forge`), and `Game::honest_receives` shows
//! each of them to every other seat, which must all refuse it and change nothing.

use std::path::Path;
use std::sync::Arc;

use fairduel_engine::{
    Action, Answer, Asked, Awaiting, CardId, DeckList, Format, FusionMaterial, PendulumSource,
    Reveal, Rules, Seat,
};
use fairduel_protocol::envelope::{Body, Envelope, SignedEnvelope};
use fairduel_protocol::identity::{Identity, PlayerKey};
use fairduel_protocol::matchlog::Step;
use fairduel_protocol::peer::{Peer, PeerError};
use fairduel_protocol::seeded::{seeded_identity, seeded_peers, seeded_secrets};
use fairduel_protocol::{AuditReport, SeatVerdict, audit};
use fairduel_sim::bot::{Bot, RandomBot};

use crate::common;

/// A format and the decks to seat at it.
pub struct Table {
    pub name: &'static str,
    pub players: usize,
    pub rules: Arc<Rules>,
    pub decks: Vec<DeckList>,
}

/// The two-seat presets.
pub const TWO_SEATS: [&str; 4] = common::PRESETS;
/// A test format: Kairu's DOTR free-for-all with three players (the grid seats 2 to 4).
pub const THREE_SEATS: &str = "kairu-dotr-3p";
/// The four-seat presets: free-for-all and two teams.
pub const FOUR_SEATS: [&str; 2] = common::TABLE_PRESETS;
/// One table per seat count.
pub const BY_SEATS: [&str; 3] = ["kairu-dotr", THREE_SEATS, "kairu-dotr-4p"];

/// The card game's field: Kingdom Duels for two, its Tag Duel, its Battle Royale, its Boss
/// Duel, and Kingdom Duels with Symbol cards.
pub const FIELD: [&str; 6] = common::FIELD_PRESETS;

/// Every table the catalogue runs at: two, three and four seats, with and without teams,
/// on the grid and on the card game's field.
pub const ALL: [&str; 9] = [
    TWO_SEATS[0],
    TWO_SEATS[1],
    TWO_SEATS[2],
    THREE_SEATS,
    FOUR_SEATS[0],
    FOUR_SEATS[1],
    FIELD[0],
    FIELD[1],
    FIELD[2],
];

pub fn tables(names: &[&'static str]) -> Vec<Table> {
    names.iter().map(|name| Table::load(name)).collect()
}

/// The last seat: at two seats the joiner, at more a seat that is neither host nor next.
pub fn last(game: &Game) -> Seat {
    Seat(game.peers.len() as u8 - 1)
}

/// Plays on from `cheater`'s first main phase until it writes a signed entry (a hand-off:
/// another seat must act next), delivering the unsigned ones before it, and returns that
/// entry undelivered.
pub fn hand_off_of(game: &mut Game, cheater: Seat) -> SignedEnvelope {
    game.advance_until(|g| g.in_main(cheater));
    loop {
        let (seat, envelope) = game.honest_next().unwrap();
        if seat == cheater && envelope.is_signed() {
            return envelope;
        }
        game.deliver(seat, &envelope);
    }
}

impl Table {
    pub fn load(name: &'static str) -> Table {
        let (rules, decks) = if name == THREE_SEATS {
            let (four, decks) = common::load("kairu-dotr-4p");
            let path = common::asset_dir().join("formats/kairu-dotr-4p.toml");
            let text = read(&path)
                .replace("players = 4", "players = 3")
                .replace("id = \"kairu-dotr-4p\"", "id = \"kairu-dotr-3p\"")
                .replace("four players\"", "three players (test)\"");
            let format = Format::from_toml(name, &text).unwrap();
            assert_eq!(format.table.players, 3);
            (Rules::new(format, four.pool.clone()), decks)
        } else {
            common::load(name)
        };
        let players = usize::from(rules.format.table.players);
        Table {
            name,
            players,
            rules,
            decks,
        }
    }

    /// The decks of game `seed`, one per seat.
    pub fn seating(&self, seed: u64) -> Vec<&DeckList> {
        common::seating(&self.decks, seed, self.players)
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The next entry could not be written: the awaited seat's own software refused `body`.
pub type Refusal = (Seat, Body, PeerError);

#[derive(Clone)]
pub struct Game {
    pub name: &'static str,
    pub rules: Arc<Rules>,
    pub peers: Vec<Peer>,
    pub bots: Vec<RandomBot>,
}

impl Game {
    pub fn new(table: &Table, seed: u64) -> Game {
        let peers = seeded_peers(&table.rules, table.name, &table.seating(seed), seed).unwrap();
        Game {
            name: table.name,
            rules: Arc::clone(&table.rules),
            bots: (0..peers.len() as u64)
                .map(|i| RandomBot::new(seed + i))
                .collect(),
            peers,
        }
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        Seat::all(self.peers.len())
    }

    /// Every seat but `seat`.
    pub fn others(&self, seat: Seat) -> impl Iterator<Item = Seat> + use<> {
        self.seats().filter(move |s| *s != seat)
    }

    pub fn peer(&self, seat: Seat) -> &Peer {
        &self.peers[seat.index()]
    }

    /// The peer whose log is furthest along: the author of a run holds entries the other
    /// seats keep waiting until the run's signature arrives.
    pub fn leader(&self) -> &Peer {
        let mut lead = &self.peers[0];
        for peer in &self.peers[1..] {
            if peer.log().next_seq() > lead.log().next_seq() {
                lead = peer;
            }
        }
        lead
    }

    pub fn awaited(&self) -> Option<Seat> {
        self.leader().awaiting().0
    }

    pub fn step(&self) -> Step {
        self.leader().awaiting().1
    }

    pub fn is_complete(&self) -> bool {
        self.leader().is_complete()
    }

    pub fn in_main(&self, seat: Seat) -> bool {
        matches!(self.step(), Step::Game(a) if a.is_main_of(seat))
    }

    /// The honest next entry of the awaited seat, not yet delivered.
    pub fn honest_next(&mut self) -> Option<(Seat, SignedEnvelope)> {
        self.try_next().map(|r| {
            r.unwrap_or_else(|(seat, body, e)| panic!("{seat} could not write {body:?}: {e}"))
        })
    }

    /// The next entry, or what the awaited seat's own software refused to write.
    pub fn try_next(&mut self) -> Option<Result<(Seat, SignedEnvelope), Refusal>> {
        let seat = self.awaited()?;
        let i = seat.index();
        let peer = &mut self.peers[i];
        // What an automatic step writes, should the seat's own log refuse it.
        let intended = match peer.awaiting().1 {
            Step::Game(_) => peer
                .duel()
                .and_then(|d| d.honest_answer(seat, peer.knowledge()))
                .map(Body::Answer),
            Step::EndReveal => Some(Body::EndReveal(peer.end_reveal())),
            _ => None,
        };
        let (body, written) = match peer.next_automatic() {
            Some(written) => (intended, written),
            None => {
                let legal = peer.legal_actions();
                assert!(!legal.is_empty(), "{seat} has nothing to do");
                let duel = peer.duel().unwrap();
                let pick = self.bots[i].choose(duel, seat, peer.knowledge(), &legal);
                let action = legal[pick].clone();
                (Some(Body::Action(action.clone())), peer.decide(action))
            }
        };
        Some(match written {
            Ok((e, _)) => Ok((seat, e)),
            Err(e) => Err((seat, body.expect("a refused automatic step"), e)),
        })
    }

    /// Hands `author`'s honest entry to every other seat.
    pub fn deliver(&mut self, author: Seat, envelope: &SignedEnvelope) {
        for (i, peer) in self.peers.iter_mut().enumerate() {
            if i != author.index()
                && let Err(e) = peer.receive(envelope)
            {
                panic!("{}: seat {i} refused an honest entry: {e}", self.name);
            }
        }
    }

    /// Plays one honest entry; false when the match is complete.
    pub fn advance(&mut self) -> bool {
        let Some((seat, envelope)) = self.honest_next() else {
            return false;
        };
        self.deliver(seat, &envelope);
        true
    }

    pub fn advance_until(&mut self, mut done: impl FnMut(&Game) -> bool) {
        for _ in 0..400_000 {
            if done(self) {
                return;
            }
            assert!(self.advance(), "the match ended before the wanted moment");
        }
        panic!("the wanted moment never came");
    }

    /// Plays until `done` or the end of the match; whether `done` came.
    pub fn advance_until_or_end(&mut self, mut done: impl FnMut(&Game) -> bool) -> bool {
        loop {
            if done(self) {
                return true;
            }
            if !self.advance() {
                return false;
            }
        }
    }

    pub fn finish(&mut self) {
        while self.advance() {}
    }

    /// Plays on with `cheater` conceding at its next decision, until the match waits for
    /// `cheater`'s end reveal.
    pub fn concede_until_end_reveal(&mut self, cheater: Seat) {
        loop {
            if self.awaited() == Some(cheater) && self.peer(cheater).needs_decision() {
                let (envelope, _) = self.peers[cheater.index()].decide(Action::Concede).unwrap();
                self.deliver(cheater, &envelope);
                continue;
            }
            if self.awaited() == Some(cheater) && self.step() == Step::EndReveal {
                return;
            }
            assert!(
                self.advance(),
                "the match ended without the cheater's end reveal"
            );
        }
    }

    /// An entry by `seat` that its own engine would never write, sealed with its key.
    pub fn forge(&self, seat: Seat, body: Body) -> SignedEnvelope {
        let log = self.peer(seat).log();
        let envelope = Envelope {
            match_id: log.match_id(),
            seq: log.next_seq(),
            previous: log.last_hash(),
            author: seat,
            body,
            state_after: log.state_hash(),
        };
        SignedEnvelope::seal(&envelope, self.peer(seat).identity())
    }

    /// Like `forge`, but the cheater applies the body to its own log first without checking
    /// its own secrets, so the state hash is right and only hidden facts are false.
    pub fn forge_applied(&mut self, seat: Seat, body: Body) -> SignedEnvelope {
        let identity = self.peer(seat).identity().clone();
        let (signed, _) = self.peers[seat.index()]
            .log_mut_for_tests()
            .author(seat, body, None, &identity)
            .unwrap();
        signed
    }

    /// Shows `envelope` (the cheater's) to every other seat. All must agree: every one
    /// accepts it, or every one refuses it for the same reason, and a refusal leaves each
    /// honest log and state as they were. The refusal reads `kind: message`.
    pub fn honest_receives(
        &mut self,
        cheater: Seat,
        envelope: &SignedEnvelope,
    ) -> Result<(), String> {
        let mut verdict: Option<Result<(), String>> = None;
        for seat in self.others(cheater) {
            let honest = &mut self.peers[seat.index()];
            let before = honest.log().entries().len();
            let waiting = honest.log().pending_len();
            let hash = honest.log().state_hash();
            let result = honest.receive(envelope);
            // Whatever happened, an honest seat's state is the one its log ends with.
            let last = honest.log().entries().last().unwrap().open().unwrap();
            assert_eq!(
                honest.log().state_hash(),
                last.state_after,
                "{seat}'s state is not the one its log ends with after {result:?}"
            );
            if let Err(e) = &result {
                // An entry of another match carries none of this log's run: nothing joins,
                // whatever its number says.
                if waiting == 0 || e.violation.kind() == "wrong-match" {
                    // A refused entry leaves the honest log and state exactly as they were.
                    assert_eq!(honest.log().entries().len(), before, "{seat}: {e}");
                    assert_eq!(
                        honest.log().state_hash(),
                        hash,
                        "{seat}'s state changed: {e}"
                    );
                } else {
                    // Entries of the cheater's run before the refused one, which its
                    // signature covers, may have joined; the refused one never does.
                    let refused = e.seq.expect("a refused entry names its number");
                    assert!(honest.log().next_seq() <= refused, "{seat}: {e}");
                }
            }
            let this = result
                .map(|_| ())
                .map_err(|e| e.violation.kind().to_owned() + ": " + &e.to_string());
            match &verdict {
                None => verdict = Some(this),
                Some(first) => assert_eq!(
                    first.as_ref().map_err(|e| kind_of(e)),
                    this.as_ref().map_err(|e| kind_of(e)),
                    "{}: the honest seats disagree ({seat} differs)",
                    self.name
                ),
            }
        }
        verdict.expect("a match has at least two seats")
    }

    /// The audit of `seat`'s record of the match.
    pub fn audit_by(&self, seat: Seat) -> AuditReport {
        audit(Arc::clone(&self.rules), &self.peer(seat).record()).unwrap()
    }
}

fn kind_of(refusal: &str) -> &str {
    refusal.split(':').next().unwrap_or_default()
}

pub fn refused_as(result: Result<(), String>, kind: &str) -> String {
    match result {
        Ok(()) => panic!("the honest seats accepted a cheat that should be refused as {kind}"),
        Err(e) => {
            assert!(e.starts_with(kind), "refused, but as {e}, expected {kind}");
            e
        }
    }
}

/// The audit named `cheater` alone: it cheated (the entry and what it proves are returned)
/// and every other seat is verified.
pub fn names_only(report: &AuditReport, cheater: Seat) -> (u64, String) {
    for (i, verdict) in report.verdicts.iter().enumerate() {
        if i != cheater.index() {
            assert!(
                verdict.is_verified(),
                "seat {i} is not verified: {:?}",
                report.verdicts
            );
        }
    }
    match &report.verdicts[cheater.index()] {
        SeatVerdict::Cheated { seq, what } => (*seq, what.clone()),
        other => panic!(
            "{cheater} was not caught: {other:?} ({:?})",
            report.verdicts
        ),
    }
}

/// The audit says `quitter` alone abandoned the duel at the entry it owed, and verifies
/// every other seat.
pub fn abandoned_only(report: &AuditReport, quitter: Seat) {
    for (i, verdict) in report.verdicts.iter().enumerate() {
        if i == quitter.index() {
            assert!(
                matches!(verdict, SeatVerdict::Abandoned { .. }),
                "{:?}",
                report.verdicts
            );
        } else {
            assert!(verdict.is_verified(), "seat {i}: {:?}", report.verdicts);
        }
    }
}

/// The audit says `quitter` alone withheld (it owes its end reveal) and verifies every
/// other seat. Where the quitter's last run — the move that ended the duel, with its end
/// reveal to come — was never closed by its signature, the record holds none of it: the
/// duel has no result there, and the quitter abandoned it at that move.
pub fn withheld_only(report: &AuditReport, quitter: Seat) {
    for (i, verdict) in report.verdicts.iter().enumerate() {
        if i == quitter.index() {
            let unsigned_last_move =
                matches!(verdict, SeatVerdict::Abandoned { .. }) && report.outcome.is_none();
            assert!(
                *verdict == SeatVerdict::Withheld || unsigned_last_move,
                "{:?}",
                report.verdicts
            );
        } else {
            assert!(verdict.is_verified(), "seat {i}: {:?}", report.verdicts);
        }
    }
}

/// Whether `needle` occurs anywhere in `haystack`.
pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A match whose host (seat 0) commits `deck` even though it is not legal: a cheater's
/// client skips its own deck check and sets up under the real format's hashes.
pub fn with_cheating_host(table: &Table, deck: &DeckList) -> Game {
    let n = table.players;
    let decks = table.seating(11);
    let identities: Vec<Identity> = (0..n).map(|i| seeded_identity(11, i as u8)).collect();
    let keys: Vec<PlayerKey> = identities[1..].iter().map(Identity::public).collect();
    let (host, first) = Peer::host_without_deck_check(
        identities[0].clone(),
        Arc::clone(&table.rules),
        table.name,
        deck,
        &keys,
        seeded_secrets(11, Seat(0), n),
    )
    .unwrap();
    let mut peers = vec![host];
    for (i, identity) in identities.into_iter().enumerate().skip(1) {
        let secrets = seeded_secrets(11, Seat(i as u8), n);
        peers.push(
            Peer::join(
                identity,
                Arc::clone(&table.rules),
                decks[i],
                &first,
                secrets,
            )
            .unwrap(),
        );
    }
    Game {
        name: table.name,
        rules: Arc::clone(&table.rules),
        bots: (1..=n as u64).map(RandomBot::new).collect(),
        peers,
    }
}

/// The card openings an entry makes in public.
pub fn openings_in(body: &Body) -> Vec<Reveal> {
    match body {
        Body::Action(action) => match action {
            Action::Play { reveal, .. } => reveal.iter().copied().collect(),
            Action::Move { flip, .. } | Action::Attack { flip, .. } => {
                flip.iter().copied().collect()
            }
            Action::Flip { reveal, .. }
            | Action::FlipFaceUp { reveal, .. }
            | Action::SpringTrap { reveal, .. }
            | Action::Discard { reveal, .. }
            | Action::Activate { reveal, .. }
            | Action::PlaySymbol { reveal, .. }
            | Action::ActivateRuleCard { reveal, .. }
            | Action::IntegrationSummon { reveal, .. }
            | Action::SummonFromExtraDeck { reveal, .. } => vec![*reveal],
            Action::TakeFromDeck { taken } => taken.iter().map(|(_, r)| *r).collect(),
            Action::SwapStartingCards { take, .. } => take.iter().map(|(_, r)| *r).collect(),
            Action::Ritual { monster, .. } => monster.iter().map(|(_, r)| *r).collect(),
            Action::Transform {
                monster: (_, shown),
                ..
            } => vec![*shown],
            Action::Fuse {
                materials,
                monster: (_, shown),
                ..
            } => materials
                .iter()
                .filter_map(|m| match m {
                    FusionMaterial::Hand { reveal, .. } => Some(*reveal),
                    FusionMaterial::Field { .. } => None,
                })
                .chain([*shown])
                .collect(),
            Action::PendulumSummon { monsters } => monsters
                .iter()
                .filter_map(|m| match m.from {
                    PendulumSource::Hand { reveal, .. } => Some(reveal),
                    PendulumSource::FaceUpExtraDeck { .. } | PendulumSource::DeckMaster => None,
                })
                .collect(),
            // Listed one by one, so that a new action carrying an opening fails to compile
            // here until it is counted.
            Action::ChangePosition { .. }
            | Action::UseSymbol { .. }
            | Action::Strike { .. }
            | Action::Hide { .. }
            | Action::EndTurn
            | Action::Pass
            | Action::LeaveTriggered
            | Action::ChooseSide { .. }
            | Action::JoinDuel { .. }
            | Action::HiddenIntegrationSummon { .. }
            | Action::JudgeMaterials { .. }
            | Action::ChooseOpponent { .. }
            | Action::Redirect { .. }
            | Action::NextPhase
            | Action::ProposeEnd
            | Action::AgreeToEnd
            | Action::Concede
            | Action::ProposeOutcome { .. }
            | Action::AcceptOutcome
            | Action::RefuseOutcome
            | Action::ActivateEffect { .. }
            | Action::Detach { .. }
            | Action::Revive { .. }
            | Action::TakeControl { .. }
            | Action::PlaceReturned { .. }
            | Action::PlaceRevived { .. }
            | Action::Teleport { .. }
            | Action::PlaceMade { .. }
            | Action::ChooseDraw { .. }
            | Action::CallChance { .. }
            | Action::SummonDeckMaster { .. }
            | Action::ReturnDeckMaster { .. } => Vec::new(),
        },
        Body::Answer(Answer::Reveal { reveals }) => reveals.clone(),
        Body::Answer(Answer::Declare { matching }) => matching.iter().map(|(_, r)| *r).collect(),
        _ => Vec::new(),
    }
}

/// Plays `game` until an owner declaration is awaited; false if the match ends first.
pub fn until_declaration(game: &mut Game) -> bool {
    game.advance_until_or_end(|g| {
        matches!(
            g.step(),
            Step::Game(Awaiting::Answer {
                asked: Asked::Declare { .. },
                ..
            })
        )
    })
}

/// `table` with every deck holding three each of the four traps that destroy a monster
/// moving near them (weaker than 1000, 1500, 2000 and 3000 ATK), still legal.
pub fn with_destroy_traps(table: Table) -> Table {
    with_three_of_each(table, &[807, 808, 809, 810])
}

/// `table` with every deck holding three copies of each of `cards` (in place of others),
/// still legal.
pub fn with_three_of_each(mut table: Table, cards: &[u16]) -> Table {
    let added: Vec<CardId> = cards.iter().flat_map(|c| [CardId(*c); 3]).collect();
    for deck in &mut table.decks {
        let size = deck.main.len();
        let rest: Vec<CardId> = deck
            .main
            .iter()
            .copied()
            .filter(|c| !added.contains(c))
            .collect();
        deck.main = added.iter().copied().chain(rest).take(size).collect();
        deck.validate(&table.rules.pool, &table.rules.format)
            .unwrap();
    }
    table
}

/// Plays a match on after `liar`'s false declaration (conceding at its first decision if
/// `concede`). Returns the honest seats' refusal if the liar's software could not go on
/// (the rules revealed the card) and a tampered client sent the entry anyway.
pub fn play_on_after_lie(game: &mut Game, liar: Seat, concede: bool) -> Option<String> {
    loop {
        if concede && game.awaited() == Some(liar) && game.peer(liar).needs_decision() {
            let (envelope, _) = game.peers[liar.index()].decide(Action::Concede).unwrap();
            game.deliver(liar, &envelope);
            continue;
        }
        match game.try_next()? {
            Ok((seat, envelope)) => game.deliver(seat, &envelope),
            Err((seat, body, error)) => {
                assert_eq!(seat, liar, "an honest seat failed: {error}");
                let forced = game.forge(liar, body);
                return Some(game.honest_receives(liar, &forced).unwrap_err());
            }
        }
    }
}
