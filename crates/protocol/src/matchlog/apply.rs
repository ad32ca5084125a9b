//! Applying an entry to the log's state: each step of the match script (set-up, the duel's
//! decisions and answers, checkpoints, end reveals), and putting things back when the
//! entry's state hash turns out wrong.

use super::*;
use fairduel_engine::action::Action;
use fairduel_engine::commitment::Reveal;
use fairduel_engine::deck::{check_duelist_setup, check_field_setup};
use fairduel_engine::format::Family;

impl MatchLog {
    pub(super) fn undo_point(&self, step: &Step) -> UndoPoint {
        match step {
            Step::Game(_) => UndoPoint::Game {
                checkpoints_due: self.checkpoints_due.len(),
                claims_made: self.claim_origins.len(),
            },
            Step::Checkpoint { .. } => UndoPoint::Checkpoint {
                first: self.checkpoints_due.first().copied(),
            },
            _ => UndoPoint::Full(Box::new(self.progress())),
        }
    }

    /// Puts back what an entry's apply changed: on a refusal by the rules (`applied`
    /// false) only what a set-up or end step may have changed before failing, as a game
    /// step or checkpoint validates before it changes anything; after a wrong state hash
    /// everything, the engine undoing its own apply of the action.
    pub(super) fn undo(&mut self, point: UndoPoint, envelope: &Envelope, applied: bool) {
        match point {
            UndoPoint::Game {
                checkpoints_due,
                claims_made,
            } => {
                if !applied {
                    return;
                }
                if matches!(
                    envelope.body,
                    Body::Action(_) | Body::Answer(_) | Body::Resigned(_)
                ) && let Some(duel) = self.duel.as_mut()
                {
                    duel.undo_last_apply();
                }
                self.checkpoints_due.truncate(checkpoints_due);
                self.claim_origins.truncate(claims_made);
            }
            UndoPoint::Checkpoint { first } => {
                if applied && let Some(first) = first {
                    self.checkpoints_due.insert(0, first);
                }
            }
            UndoPoint::Full(progress) => self.restore(*progress),
        }
    }

    /// Everything `apply` may change (not the entries), to put back if the state hash
    /// turns out wrong.
    pub(super) fn progress(&self) -> Progress {
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

    pub(super) fn restore(&mut self, p: Progress) {
        self.script = p.script;
        self.decks = p.decks;
        self.permutations = p.permutations;
        self.random_reveals = p.random_reveals;
        self.duel = p.duel;
        self.checkpoints_due = p.checkpoints_due;
        self.end_reveals = p.end_reveals;
        self.claim_origins.truncate(p.claims_made);
    }

    /// Applies a body whose header holds. Validates before it changes anything.
    pub(super) fn apply(
        &mut self,
        envelope: &Envelope,
        knowledge: Option<&Knowledge>,
        step: &Step,
    ) -> Result<Vec<Event>, Violation> {
        let author = envelope.author;
        let unexpected = || Violation::UnexpectedBody {
            expected: step.name(),
            got: envelope.body.kind(),
        };
        match (&envelope.body, step) {
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
            (Body::Resigned(resignation), Step::Game(awaiting)) => {
                // Relayed in place of the relayer's own decision, never inside a protocol
                // step another entry is owed for.
                if !awaiting.is_decision_of(author) {
                    return Err(unexpected());
                }
                self.check_resignation(author, resignation)?;
                let Some(duel) = self.duel.as_mut() else {
                    return Err(unexpected());
                };
                let events = duel
                    .apply(resignation.seat, &Action::Concede, None)
                    .map_err(Violation::IllegalAction)?;
                Ok(self.after_game_entry(envelope, events))
            }
            (Body::Action(_) | Body::Answer(_), Step::Game(_)) => {
                let Some(duel) = self.duel.as_mut() else {
                    return Err(unexpected());
                };
                let events = match &envelope.body {
                    Body::Action(action) => duel.apply(author, action, knowledge),
                    Body::Answer(answer) => duel.answer(author, answer, knowledge),
                    _ => return Err(unexpected()),
                }
                .map_err(Violation::IllegalAction)?;
                Ok(self.after_game_entry(envelope, events))
            }
            (Body::Checkpoint { turn }, Step::Checkpoint { turn: expected }) => {
                if turn != expected {
                    return Err(Violation::BadCheckpoint {
                        expected: *expected,
                        got: *turn,
                    });
                }
                if let Some(i) = self
                    .checkpoints_due
                    .iter()
                    .position(|due| *due == (author, *turn))
                {
                    self.checkpoints_due.remove(i);
                }
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

    /// What a game entry that the duel took leaves to do: the checkpoints a new turn makes
    /// due from every other seat, and where each claim was made.
    fn after_game_entry(&mut self, envelope: &Envelope, events: Vec<Event>) -> Vec<Event> {
        let author = envelope.author;
        let over = self.duel.as_ref().is_some_and(Duel::is_over);
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
        events
    }

    /// A relayed resignation must be another seat's, signed by it for this match, while it
    /// is still in the duel.
    pub(crate) fn check_resignation(
        &self,
        relayer: Seat,
        resignation: &Resignation,
    ) -> Result<(), Violation> {
        let seat = resignation.seat;
        if seat == relayer {
            return Err(Violation::BadResignation(
                "a seat concedes for itself with a decision, not by relaying".into(),
            ));
        }
        let key = self
            .setup
            .players
            .get(seat.index())
            .ok_or(Violation::UnknownSeat(seat))?;
        if !resignation.verifies(&self.match_id, key) {
            return Err(Violation::BadResignation(format!(
                "{seat}'s signature on it is not valid for this match"
            )));
        }
        if self
            .duel
            .as_ref()
            .is_some_and(|d| !d.state().table.in_play(seat))
        {
            return Err(Violation::BadResignation(format!(
                "{seat} is already out of the duel"
            )));
        }
        Ok(())
    }

    pub(super) fn check_deck_commit(&self, deck: &DeckCommit) -> Result<(), Violation> {
        let rules = &self.rules.format.deck;
        let n = deck.deck.len();
        if n < usize::from(rules.min_main) || n > usize::from(rules.max_main) {
            return Err(Violation::BadDeckCommit(format!(
                "it commits {n} cards; the format needs {} to {}",
                rules.min_main, rules.max_main
            )));
        }
        // The Setup Rule cards played are Extra Deck cards, shown.
        let extra = deck.extra.len()
            + usize::from(deck.duelist_setup.is_some())
            + deck.field_setup.extra_deck_cards();
        if extra > usize::from(rules.max_extra) {
            return Err(Violation::BadDeckCommit(format!(
                "it commits {extra} Extra Deck cards; the format allows at most {}",
                rules.max_extra
            )));
        }
        let destiny = self
            .rules
            .format
            .destiny_draw
            .as_ref()
            .map_or(0, |d| d.cards.len());
        if deck.destiny.len() != destiny {
            return Err(Violation::BadDeckCommit(format!(
                "it commits a destiny pile of {} cards; the format's destiny list has {destiny}",
                deck.destiny.len()
            )));
        }
        if let Some(setup) = &deck.duelist_setup {
            check_duelist_setup(setup, &self.rules.pool, &self.rules.format)
                .map_err(Violation::BadDeckCommit)?;
        }
        let needs_leader = self.rules.format.family == Family::Grid
            || self.rules.format.field.deck_master.is_some();
        if needs_leader && !deck.field_setup.is_empty() {
            return Err(Violation::BadDeckCommit(
                "it plays a Field Setup; this format has none".into(),
            ));
        }
        check_field_setup(&deck.field_setup, &self.rules.pool, &self.rules.format)
            .map_err(Violation::BadDeckCommit)?;
        let Some(leader) = deck.leader else {
            return if needs_leader {
                Err(Violation::BadDeckCommit(
                    "it names no Deck Leader; every player of this format needs one".into(),
                ))
            } else {
                Ok(())
            };
        };
        if !needs_leader {
            return Err(Violation::BadDeckCommit(format!(
                "it names a Deck Leader ({}); this format has none",
                leader.card
            )));
        }
        let card = self.rules.pool.get(leader.card).ok_or_else(|| {
            Violation::BadDeckCommit(format!(
                "the Deck Leader {} is not in the pool",
                leader.card
            ))
        })?;
        if rules.domain {
            return if card.is_monster() {
                Ok(())
            } else {
                Err(Violation::BadDeckCommit(format!(
                    "the Deck Master {} must be a monster",
                    card.name
                )))
            };
        }
        if !card.is_monster() || card.level() > rules.leader_max_level {
            return Err(Violation::BadDeckCommit(format!(
                "the Deck Leader {} must be a monster of level {} or lower",
                card.name, rules.leader_max_level
            )));
        }
        Ok(())
    }

    /// A joint random number below `n` for `purpose`, from every seat's share.
    pub fn joint_below(&self, purpose: &str, n: u8) -> u8 {
        joint_below(&self.match_id, &self.random_reveals, purpose, n)
    }

    pub(super) fn begin_duel(&mut self) -> Result<Vec<Event>, Violation> {
        let seats = self.setup.players.len();
        let drawn = Seat(self.joint_below("first-player", seats as u8));
        let first = self.rules.format.table.first_player(drawn);
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
                field_setup: deck.field_setup.clone(),
                duelist_setup: deck.duelist_setup.clone(),
                extra: deck.extra.clone(),
                destiny: deck.destiny.clone(),
                deck: deck.deck.clone(),
                order: DeckSetup::Permuted { rounds },
            });
        }
        let (duel, events) = Duel::new(
            Arc::clone(&self.rules),
            PublicSetup {
                match_id: self.match_id,
                first,
                seats: setups,
            },
        )
        .map_err(|e| Violation::BadSetup(e.to_string()))?;
        self.duel = Some(duel);
        Ok(events)
    }

    /// Each of `openings` opens the commitment in the same place of `commitments`, and
    /// there are as many (`cards` names them in the error: "deck", "Extra Deck"; `card`
    /// names one of them).
    fn check_openings(
        &self,
        author: Seat,
        commitments: &[Commitment],
        openings: &[Reveal],
        cards: &str,
        card: &str,
    ) -> Result<(), String> {
        if openings.len() != commitments.len() {
            return Err(format!(
                "it opens {} {cards} cards; {} were committed",
                openings.len(),
                commitments.len()
            ));
        }
        for (i, (commitment, opening)) in commitments.iter().zip(openings).enumerate() {
            if !commitment.opens_to(&self.match_id, author, opening) {
                return Err(format!(
                    "the opening of {card} card {i} does not match its commitment"
                ));
            }
        }
        Ok(())
    }

    pub(super) fn check_end_reveal(&self, author: Seat, reveal: &EndReveal) -> Result<(), String> {
        let deck = self
            .deck_commit(author)
            .ok_or_else(|| "there is no deck commitment to open".to_owned())?;
        let leader_opens = match (deck.leader, reveal.leader) {
            (None, None) => true,
            (Some(leader), Some(opening)) => {
                opening.card == leader.card
                    && leader.commitment.opens_to(&self.match_id, author, &opening)
            }
            _ => false,
        };
        if !leader_opens {
            return Err("the Deck Leader's opening does not match its commitment".into());
        }
        self.check_openings(author, &deck.deck, &reveal.deck, "deck", "committed")?;
        self.check_openings(
            author,
            &deck.extra,
            &reveal.extra,
            "Extra Deck",
            "Extra Deck",
        )?;
        self.check_openings(
            author,
            &deck.destiny,
            &reveal.destiny,
            "destiny pile",
            "destiny pile",
        )?;
        if let Some(destiny) = &self.rules.format.destiny_draw {
            let mut listed = destiny.cards.clone();
            let mut committed: Vec<fairduel_engine::card::CardId> =
                reveal.destiny.iter().map(|r| r.card).collect();
            listed.sort();
            committed.sort();
            if listed != committed {
                return Err(
                    "the committed destiny pile is not the format's destiny list".to_owned(),
                );
            }
        }
        let list = DeckList {
            name: String::new(),
            leader: deck.leader.map(|l| l.card),
            main: reveal.deck.iter().map(|r| r.card).collect(),
            extra: reveal.extra.iter().map(|r| r.card).collect(),
            field_setup: deck.field_setup.clone(),
            duelist_setup: deck.duelist_setup.clone(),
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
        if let Some(duel) = &self.duel {
            // A destiny card, an Extra Deck card or the Deck Master (Domain's) that an agreed
            // outcome put into the deck is shuffled with it.
            let leader = deck
                .leader
                .iter()
                .map(|l| l.commitment)
                .zip(reveal.leader.iter());
            let opened = deck
                .deck
                .iter()
                .copied()
                .zip(&reveal.deck)
                .chain(deck.destiny.iter().copied().zip(&reveal.destiny))
                .chain(deck.extra.iter().copied().zip(&reveal.extra))
                .chain(leader)
                .map(|(commitment, opening)| (commitment, opening.card))
                .collect();
            super::reshuffle::check_reshuffle_openings(
                &self.match_id,
                duel.state(),
                author,
                reveal,
                opened,
            )?;
        }
        Ok(())
    }
}
