//! Collusion at three and four seats: two seats that pool everything they hold — their
//! secrets (card openings, their permutations of every other deck) and every byte they
//! received — still cannot open a single hidden card of a third seat.
//!
//! What colluders legitimately learn: their own cards, and every opening the rules make
//! public. As permuters of every other deck they also hold their own permutation rounds; at
//! three seats the two of them are the only permuters of the third seat's deck, so together
//! they can follow every undrawn position of it down to the owner's committed card: they
//! know the order of its commitments, which card commitment each coming draw takes. That
//! order says nothing about the cards behind the commitments: the owner committed its
//! cards in an order of its own choosing, salted, and never sends a salt before the rules
//! reveal the card. At four seats a third permuter's round stays closed to them, so they do
//! not even know the order.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use fairduel_engine::player::DeckOrder;
use fairduel_engine::{CardRef, Commitment, Duel, Knowledge, Seat};
use fairduel_protocol::envelope::{Body, SignedEnvelope};

use crate::harness::{Game, Table};

/// Plays `table` game `seed` honestly; after every entry, every pair of seats is checked
/// against every other seat's hidden cards.
pub fn check_match(table: &Table, seed: u64) {
    let mut game = Game::new(table, seed);
    let seats: Vec<Seat> = game.seats().collect();
    let mut index = SaltIndex::new(&game);
    let match_id = game.peer(Seat(0)).log().match_id();
    // Commitments whose salt some entry carried so far, and those the rules made public.
    let mut salt_sent: BTreeSet<Commitment> = BTreeSet::new();
    let mut public: BTreeSet<Commitment> = BTreeSet::new();
    // Every card opening any entry carried: what anybody who received it knows.
    let mut received = Knowledge::new();
    let mut checked = 0usize;
    let mut traced = 0usize;
    // Seats that made their end reveal: the rules now show every card they committed.
    let mut revealed_all: BTreeSet<Seat> = BTreeSet::new();
    while let Some((author, envelope)) = game.honest_next() {
        game.deliver(author, &envelope);
        if matches!(
            envelope.open().unwrap().body,
            Body::Answer(fairduel_engine::Answer::RecommitDeck { .. })
        ) {
            index.add_new(&game);
        }
        index.scan(&envelope, &mut salt_sent);
        learn_openings(&envelope, &match_id, &seats, &mut received);
        if matches!(envelope.open().unwrap().body, Body::EndReveal(_)) {
            revealed_all.insert(author);
        }
        let leader = game.leader();
        let Some(duel) = leader.duel() else {
            continue;
        };
        public.extend(public_commitments(duel));
        for (i, &x) in seats.iter().enumerate() {
            for &y in &seats[i + 1..] {
                let mut pooled = game.peer(x).knowledge().clone();
                pooled.merge(game.peer(y).knowledge());
                pooled.merge(&received);
                let third = |s: &&Seat| **s != x && **s != y && !revealed_all.contains(*s);
                for &victim in seats.iter().filter(third) {
                    for c in hidden_commitments(duel, victim) {
                        let why = || {
                            format!(
                                "{} seed {seed}, seats {x} and {y}, {victim}'s card {c:?} at entry {}",
                                table.name,
                                leader.log().next_seq()
                            )
                        };
                        assert!(
                            index.owner_of(&c) == Some(victim),
                            "{}: not a commitment of its owner",
                            why()
                        );
                        if public.contains(&c) {
                            // Revealed by the rules once, hidden again: it is known.
                            continue;
                        }
                        assert!(
                            pooled.get(&c).is_none(),
                            "{}: the colluders hold its opening",
                            why()
                        );
                        assert!(
                            !salt_sent.contains(&c),
                            "{}: its salt was sent before the rules revealed it",
                            why()
                        );
                        checked += 1;
                    }
                    traced += deck_order(duel, &pooled, victim, seats.len());
                }
            }
        }
    }
    assert!(game.is_complete());
    assert!(
        checked > 1000,
        "{}: only {checked} hidden cards checked",
        table.name
    );
    assert_eq!(
        traced > 0,
        seats.len() == 3,
        "{}: {traced} draws traced",
        table.name
    );
    assert!(game.audit_by(Seat(0)).all_verified());
}

/// Checks what the pooled knowledge tells of `owner`'s undrawn deck positions: at three
/// seats where each one leads (a commitment still in the deck whose card stays unknown),
/// at more seats nothing. Returns how many positions were traced.
///
/// The deck's size is the one its owner last committed to: a reshuffle (an agreed effect's
/// search or shuffle) commits the deck again under fresh salts and new rounds.
fn deck_order(duel: &Duel, pooled: &Knowledge, owner: Seat, seats: usize) -> usize {
    let player = duel.state().player(owner);
    let DeckOrder::Permuted {
        rounds,
        first_card,
        next_position,
        size,
        taken,
        ..
    } = &player.deck_order
    else {
        panic!("a protocol deck is permuted");
    };
    let mut traced = 0;
    for position in usize::from(*next_position)..usize::from(*size) {
        let mut pointer = position as u16;
        let mut known = true;
        for round in rounds.iter().rev() {
            let c = duel.state().commitment(CardRef(round.first.0 + pointer));
            match pooled.position(&c) {
                Some(opening) => pointer = opening.index,
                None => {
                    known = false;
                    break;
                }
            }
        }
        assert_eq!(known, seats == 3, "{owner}'s deck position {position}");
        if known {
            let card = CardRef(first_card.0 + pointer);
            if taken.contains(&card) {
                // Searched out of the deck earlier: a draw passes this position by.
                continue;
            }
            assert!(
                player.deck.contains(&card),
                "position {position} leads out of the deck"
            );
            assert!(pooled.get(&duel.state().commitment(card)).is_none());
            traced += 1;
        }
    }
    traced
}

/// `seat`'s commitments that the public state still hides: its deck and destiny pile, its
/// hand and graveyard cards nobody has seen, and its face-down cards on the board.
fn hidden_commitments(duel: &Duel, seat: Seat) -> Vec<Commitment> {
    let state = duel.state();
    let player = state.player(seat);
    let slots = player.hand.iter().chain(&player.graveyard);
    let refs = player
        .deck
        .iter()
        .copied()
        .chain(player.destiny.iter().flat_map(|d| d.cards.iter().copied()))
        .chain(slots.filter(|s| s.card.is_none()).map(|s| s.card_ref))
        .chain(
            state
                .pieces()
                .filter(|(_, p)| p.owner == seat && p.is_hidden())
                .map(|(_, p)| p.card_ref),
        );
    refs.map(|r| state.commitment(r)).collect()
}

/// Commitments whose card the public state shows.
fn public_commitments(duel: &Duel) -> Vec<Commitment> {
    let state = duel.state();
    let mut refs = Vec::new();
    for (_, player) in state.players.iter() {
        let slots = player.hand.iter().chain(&player.graveyard);
        refs.extend(slots.filter(|s| s.card.is_some()).map(|s| s.card_ref));
        refs.extend(player.field_spell.iter().map(|a| a.card_ref));
    }
    for (_, piece) in state.pieces() {
        if !piece.is_hidden() {
            refs.push(piece.card_ref);
        }
        refs.extend(piece.attached.iter().map(|a| a.card_ref));
    }
    refs.into_iter().map(|r| state.commitment(r)).collect()
}

/// Learns every card opening `envelope` carries in public, for whichever seat it opens.
fn learn_openings(
    envelope: &SignedEnvelope,
    match_id: &fairduel_engine::Digest32,
    seats: &[Seat],
    into: &mut Knowledge,
) {
    let body = envelope.open().unwrap().body;
    if matches!(body, Body::EndReveal(_)) {
        return;
    }
    for reveal in crate::harness::openings_in(&body) {
        for &owner in seats {
            into.learn(
                Commitment::new(match_id, owner, reveal.card, &reveal.salt),
                reveal,
            );
        }
    }
}

/// Every seat's card salts, found in bytes by their first eight bytes.
struct SaltIndex {
    by_prefix: HashMap<[u8; 8], Vec<([u8; 32], Commitment)>>,
    owners: BTreeMap<Commitment, Seat>,
}

impl SaltIndex {
    fn new(game: &Game) -> SaltIndex {
        let mut index = SaltIndex {
            by_prefix: HashMap::new(),
            owners: BTreeMap::new(),
        };
        index.add_new(game);
        index
    }

    /// Indexes the commitments seats made since: a reshuffle commits a deck again under
    /// fresh salts.
    fn add_new(&mut self, game: &Game) {
        for seat in game.seats() {
            for (commitment, salt) in game.peer(seat).own_openings() {
                if self.owners.insert(commitment, seat).is_none() {
                    let prefix: [u8; 8] = salt.0[..8].try_into().unwrap();
                    self.by_prefix
                        .entry(prefix)
                        .or_default()
                        .push((salt.0, commitment));
                }
            }
        }
    }

    fn owner_of(&self, commitment: &Commitment) -> Option<Seat> {
        self.owners.get(commitment).copied()
    }

    /// Notes the commitment of every salt `envelope`'s bytes (signature and all) carry.
    fn scan(&self, envelope: &SignedEnvelope, into: &mut BTreeSet<Commitment>) {
        let bytes = envelope.to_bytes();
        for window in bytes.windows(32) {
            let prefix: [u8; 8] = window[..8].try_into().unwrap();
            if let Some(salts) = self.by_prefix.get(&prefix) {
                for (salt, commitment) in salts {
                    if window == salt {
                        into.insert(*commitment);
                    }
                }
            }
        }
    }
}
