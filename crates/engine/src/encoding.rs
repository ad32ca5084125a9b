//! The state hash's encoding of the part of the state that changes during a duel, written
//! by hand.
//!
//! The state hash is SHA-256 over postcard's encoding of the state, and every peer must
//! produce the same bytes. Going through serde, postcard spent more time per state than
//! SHA-256 itself (a generic call and a capacity check per field and per byte); this writes
//! the same bytes directly into a slice. Only a declaration claim's filter (rare, with
//! many fields) still goes through postcard.
//!
//! Postcard's rules used here: `u8` and `bool` are one byte; wider integers are LEB128
//! varints (signed ones zigzag-encoded first); an enum is its variant's index as a varint,
//! then its fields; `Option` is a 0 or 1 byte, then the value; a sequence is its length as
//! a varint, then its elements; structs, tuples and fixed arrays are their fields in order.
//! Tests compare these bytes with postcard's on hand-built states and after every action
//! of seeded games.

use crate::awaiting::{Asked, Awaiting, Decision, TrapEvent};
use crate::card::{CardId, Duration};
use crate::commitment::CardRef;
use crate::grid::Cell;
use crate::piece::{Attached, Bind, Class, Modifier, Piece};
use crate::place::{Place, Zone};
use crate::player::{CardSlot, DeckOrder, DrawDue, PermutationRound, PlayerState};
use crate::seat::Seat;
use crate::state::{
    DuelState, Outcome, PendingClaim, Phase, Predicate, QueuedEffect, Resume, WinReason,
};
use crate::terrain::Terrain;
use crate::turn_order::TurnOrder;

/// Room reserved for the encoding before the first try; a typical state needs about 600
/// bytes.
const FIRST_TRY: usize = 1024;

/// Postcard's encoding of every field of a state after `commitments`, in declaration order
/// (the bytes [`DuelState::state_hash_from`] hashes after the prefix), in a buffer that is
/// written again and again: it keeps its length, so that a new encoding needs neither
/// clearing nor zeroing first.
#[derive(Clone, Default)]
pub(crate) struct Encoded {
    buf: Vec<u8>,
    /// How much of `buf` the last encoding filled.
    len: usize,
}

impl Encoded {
    pub(crate) fn bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }

    /// Replaces the contents with the encoding of `state`'s changing part.
    pub(crate) fn encode(&mut self, state: &DuelState) {
        // Writing into a slice keeps the write position in a register (pushing to a `Vec`
        // reloads its length after every byte). A state too big for the buffer is written
        // again into as much room as the first try counted.
        if self.buf.len() < FIRST_TRY {
            self.buf.resize(FIRST_TRY, 0);
        }
        loop {
            let mut w = Writer {
                buf: &mut self.buf,
                pos: 0,
            };
            w.state(state);
            let written = w.pos;
            if written <= self.buf.len() {
                self.len = written;
                return;
            }
            self.buf.resize(written, 0);
        }
    }
}

/// A terrain's variant index: one varint byte.
fn terrain_variant(t: Terrain) -> u8 {
    match t {
        Terrain::Normal => 0,
        Terrain::Forest => 1,
        Terrain::Wasteland => 2,
        Terrain::Mountain => 3,
        Terrain::Meadow => 4,
        Terrain::Sea => 5,
        Terrain::Dark => 6,
        Terrain::Toon => 7,
        Terrain::Crush => 8,
        Terrain::Labyrinth => 9,
    }
}

/// Writes postcard's encoding of values into a slice. Bytes past its end are counted but
/// dropped: the caller tries again with more room. Every method is inlined into
/// [`Encoded::encode`] so that the writer lives in registers: a writer in memory is
/// re-read after every byte written, as the byte might have changed it.
struct Writer<'a> {
    buf: &'a mut [u8],
    pos: usize,
}

impl Writer<'_> {
    #[inline(always)]
    fn state(&mut self, state: &DuelState) {
        // Every field, so that a new one fails to compile until it is encoded here.
        let DuelState {
            match_id: _,
            format_hash: _,
            pool_hash: _,
            board_size: _,
            commitments: _,
            turn,
            active,
            phase,
            table,
            players,
            terrain,
            cells,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            windows,
            declarations,
            attack_negated,
            spell_negated,
            outcome,
        } = state;
        self.varint(u64::from(*turn));
        self.seat(*active);
        self.variant(match phase {
            Phase::Main => 0,
            Phase::End => 1,
        });
        self.turn_order(table);
        self.len(players.len());
        for player in players.values() {
            self.player(player);
        }
        self.len(terrain.len());
        self.bytes_from(terrain, |t| terrain_variant(*t));
        self.len(cells.len());
        for cell in cells {
            match cell {
                None => self.byte(0),
                Some(piece) => {
                    self.byte(1);
                    self.piece(piece);
                }
            }
        }
        self.awaiting(awaiting);
        self.resume(resume);
        self.len(queue.len());
        for effect in queue {
            self.queued_effect(effect);
        }
        self.len(claims.len());
        for claim in claims {
            self.claim(claim);
        }
        self.len(draws_due.len());
        for DrawDue {
            owner,
            round,
            pointer,
        } in draws_due
        {
            self.seat(*owner);
            self.byte(*round);
            self.varint(u64::from(*pointer));
        }
        self.len(reveal_due.len());
        for (seat, commitment) in reveal_due {
            self.seat(*seat);
            self.bytes(&commitment.0.0);
        }
        self.len(windows.len());
        for (seat, event) in windows {
            self.seat(*seat);
            self.trap_event(event);
        }
        self.len(declarations.len());
        for (seat, places) in declarations {
            self.seat(*seat);
            self.places(places);
        }
        self.bool(*attack_negated);
        self.bool(*spell_negated);
        match outcome {
            None => self.byte(0),
            Some(outcome) => {
                self.byte(1);
                self.outcome(outcome);
            }
        }
    }

    #[inline(always)]
    fn byte(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.pos) {
            *slot = b;
        }
        self.pos += 1;
    }

    #[inline(always)]
    fn bytes(&mut self, b: &[u8]) {
        if let Some(slots) = self.buf.get_mut(self.pos..self.pos + b.len()) {
            slots.copy_from_slice(b);
        }
        self.pos += b.len();
    }

    /// One byte per item.
    #[inline(always)]
    fn bytes_from<T>(&mut self, items: &[T], byte: impl Fn(&T) -> u8) {
        if let Some(slots) = self.buf.get_mut(self.pos..self.pos + items.len()) {
            for (slot, item) in slots.iter_mut().zip(items) {
                *slot = byte(item);
            }
        }
        self.pos += items.len();
    }

    #[inline(always)]
    fn bool(&mut self, b: bool) {
        self.byte(u8::from(b));
    }

    /// LEB128: seven bits per byte, lowest first, the top bit set on all but the last.
    #[inline(always)]
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.byte((v as u8) | 0x80);
            v >>= 7;
        }
        self.byte(v as u8);
    }

    #[inline(always)]
    fn zigzag_i16(&mut self, v: i16) {
        self.varint(u64::from(((v << 1) ^ (v >> 15)) as u16));
    }

    #[inline(always)]
    fn len(&mut self, len: usize) {
        self.varint(len as u64);
    }

    #[inline(always)]
    fn variant(&mut self, index: u8) {
        // Every enum here has fewer than 128 variants: a one-byte varint.
        self.byte(index);
    }

    #[inline(always)]
    fn seat(&mut self, seat: Seat) {
        self.byte(seat.0);
    }

    #[inline(always)]
    fn card_id(&mut self, id: CardId) {
        self.varint(u64::from(id.0));
    }

    #[inline(always)]
    fn card_ref(&mut self, r: CardRef) {
        self.varint(u64::from(r.0));
    }

    #[inline(always)]
    fn option_card(&mut self, card: Option<CardId>) {
        match card {
            None => self.byte(0),
            Some(id) => {
                self.byte(1);
                self.card_id(id);
            }
        }
    }

    #[inline(always)]
    fn cell(&mut self, cell: Cell) {
        self.byte(cell.row);
        self.byte(cell.col);
    }

    #[inline(always)]
    fn place(&mut self, place: Place) {
        match place {
            Place::Cell(cell) => {
                self.variant(0);
                self.cell(cell);
            }
            Place::Zone { side, zone, slot } => {
                self.variant(1);
                self.seat(side);
                self.variant(match zone {
                    Zone::Hand => 0,
                    Zone::Deck => 1,
                    Zone::Graveyard => 2,
                    Zone::Banished => 3,
                    Zone::FieldSpell => 4,
                });
                self.byte(slot);
            }
        }
    }

    #[inline(always)]
    fn option_place(&mut self, place: Option<Place>) {
        match place {
            None => self.byte(0),
            Some(p) => {
                self.byte(1);
                self.place(p);
            }
        }
    }

    #[inline(always)]
    fn places(&mut self, places: &[Place]) {
        self.len(places.len());
        for p in places {
            self.place(*p);
        }
    }

    #[inline(always)]
    fn option_seat(&mut self, seat: Option<Seat>) {
        match seat {
            None => self.byte(0),
            Some(s) => {
                self.byte(1);
                self.seat(s);
            }
        }
    }

    #[inline(always)]
    fn turn_order(&mut self, table: &TurnOrder) {
        let (players, teams, allies_are_opponents, first_attack_turn, removed, last_played) =
            table.encoding_parts();
        self.byte(players);
        self.byte(teams);
        self.bool(allies_are_opponents);
        self.varint(u64::from(first_attack_turn));
        self.byte(removed.0);
        for seat in last_played {
            self.seat(*seat);
        }
    }

    #[inline(always)]
    fn slots(&mut self, slots: &[CardSlot]) {
        self.len(slots.len());
        for CardSlot { card_ref, card } in slots {
            self.card_ref(*card_ref);
            self.option_card(*card);
        }
    }

    #[inline(always)]
    fn player(&mut self, player: &PlayerState) {
        let PlayerState {
            life_points,
            summoning_points,
            deck,
            deck_order,
            hand,
            graveyard,
            banished,
            field_spell,
            leader,
            leader_stuck_turns,
            cards_played,
            monsters_played,
        } = player;
        self.varint(u64::from(*life_points));
        self.byte(*summoning_points);
        self.len(deck.len());
        if deck.iter().all(|r| r.0 < 0x80) {
            // Every number is a one-byte varint: copy them in one go.
            self.bytes_from(deck, |r| r.0 as u8);
        } else {
            for r in deck {
                self.card_ref(*r);
            }
        }
        match deck_order {
            DeckOrder::Public => self.variant(0),
            DeckOrder::Permuted {
                rounds,
                first_card,
                next_position,
            } => {
                self.variant(1);
                self.len(rounds.len());
                for PermutationRound { permuter, first } in rounds {
                    self.seat(*permuter);
                    self.card_ref(*first);
                }
                self.card_ref(*first_card);
                self.varint(u64::from(*next_position));
            }
        }
        self.slots(hand);
        self.slots(graveyard);
        self.len(banished.len());
        for id in banished {
            self.card_id(*id);
        }
        match field_spell {
            None => self.byte(0),
            Some(attached) => {
                self.byte(1);
                self.attached(attached);
            }
        }
        self.cell(*leader);
        self.byte(*leader_stuck_turns);
        self.byte(*cards_played);
        self.byte(*monsters_played);
    }

    #[inline(always)]
    fn piece(&mut self, piece: &Piece) {
        let Piece {
            owner,
            controller,
            card_ref,
            card,
            class,
            face_up,
            defence,
            leader,
            entered_turn,
            moved,
            changed_position,
            attacked,
            bind,
            bound_turn,
            modifiers,
            equips,
        } = piece;
        self.seat(*owner);
        self.seat(*controller);
        self.card_ref(*card_ref);
        self.option_card(*card);
        self.variant(match class {
            Class::Monster => 0,
            Class::SpellTrap => 1,
        });
        self.bool(*face_up);
        self.bool(*defence);
        self.bool(*leader);
        self.varint(u64::from(*entered_turn));
        self.bool(*moved);
        self.bool(*changed_position);
        self.bool(*attacked);
        match bind {
            Bind::Free => self.variant(0),
            Bind::Turns(n) => {
                self.variant(1);
                self.byte(*n);
            }
            Bind::Forever => self.variant(2),
        }
        self.varint(u64::from(*bound_turn));
        self.len(modifiers.len());
        for Modifier { atk, def, duration } in modifiers {
            self.zigzag_i16(*atk);
            self.zigzag_i16(*def);
            match duration {
                Duration::Permanent => self.variant(0),
                Duration::EndOfTurn => self.variant(1),
                Duration::Turns(n) => {
                    self.variant(2);
                    self.byte(*n);
                }
            }
        }
        self.len(equips.len());
        for attached in equips {
            self.attached(attached);
        }
    }

    #[inline(always)]
    fn attached(&mut self, attached: &Attached) {
        let Attached {
            owner,
            card_ref,
            card,
        } = attached;
        self.seat(*owner);
        self.card_ref(*card_ref);
        self.card_id(*card);
    }

    #[inline(always)]
    fn trap_event(&mut self, event: &TrapEvent) {
        match event {
            TrapEvent::Moved { at } => {
                self.variant(0);
                self.place(*at);
            }
            TrapEvent::Attack { attacker, target } => {
                self.variant(1);
                self.place(*attacker);
                self.place(*target);
            }
            TrapEvent::Spell { at } => {
                self.variant(2);
                self.option_place(*at);
            }
        }
    }

    #[inline(always)]
    fn awaiting(&mut self, awaiting: &Awaiting) {
        match awaiting {
            Awaiting::Decision { seat, decision } => {
                self.variant(0);
                self.seat(*seat);
                match decision {
                    Decision::Main => self.variant(0),
                    Decision::Respond { event } => {
                        self.variant(1);
                        self.trap_event(event);
                    }
                    Decision::Discard { count } => {
                        self.variant(2);
                        self.byte(*count);
                    }
                    Decision::ChooseOpponent { among } => {
                        self.variant(3);
                        self.byte(among.0);
                    }
                }
            }
            Awaiting::Answer { seat, asked } => {
                self.variant(1);
                self.seat(*seat);
                match asked {
                    Asked::OpenDraw { owner } => {
                        self.variant(0);
                        self.seat(*owner);
                    }
                    Asked::Reveal { commitments } => {
                        self.variant(1);
                        self.len(commitments.len());
                        for c in commitments {
                            self.bytes(&c.0.0);
                        }
                    }
                    Asked::Declare { places } => {
                        self.variant(2);
                        self.places(places);
                    }
                }
            }
            Awaiting::Finished => self.variant(2),
        }
    }

    #[inline(always)]
    fn resume(&mut self, resume: &Resume) {
        match resume {
            Resume::Nothing => self.variant(0),
            Resume::AttackAfterWindow { attacker, target } => {
                self.variant(1);
                self.place(*attacker);
                self.place(*target);
            }
            Resume::AttackAfterReveal { attacker, target } => {
                self.variant(2);
                self.place(*attacker);
                self.place(*target);
            }
            Resume::SpellAfterWindow { spell } => {
                self.variant(3);
                self.queued_effect(spell);
            }
            Resume::DestroyDeclared { effect } => {
                self.variant(4);
                self.queued_effect(effect);
            }
        }
    }

    #[inline(always)]
    fn queued_effect(&mut self, effect: &QueuedEffect) {
        let QueuedEffect {
            card,
            index,
            controller,
            at,
            triggering,
            opponent,
            discard_after,
        } = effect;
        self.card_id(*card);
        self.byte(*index);
        self.seat(*controller);
        self.option_place(*at);
        self.option_place(*triggering);
        self.option_seat(*opponent);
        self.bool(*discard_after);
    }

    #[inline(always)]
    fn claim(&mut self, claim: &PendingClaim) {
        let PendingClaim {
            card_ref,
            owner,
            predicate,
            turn,
        } = claim;
        self.card_ref(*card_ref);
        self.seat(*owner);
        match predicate {
            Predicate::MonsterLevel { min, max } => {
                self.variant(0);
                self.byte(*min);
                self.byte(*max);
            }
            Predicate::SpellOrTrap => self.variant(1),
            Predicate::Spell => self.variant(2),
            // Rare, and a filter has many fields: postcard writes it. It fails only on
            // sequences of unknown length, which a predicate does not hold.
            other @ Predicate::NotMatching { .. } => {
                if let Ok(bytes) = postcard::to_stdvec(other) {
                    self.bytes(&bytes);
                }
            }
            Predicate::NotObligedTrap { traps } => {
                self.variant(4);
                self.len(traps.len());
                for id in traps {
                    self.card_id(*id);
                }
            }
        }
        self.varint(u64::from(*turn));
    }

    #[inline(always)]
    fn outcome(&mut self, outcome: &Outcome) {
        let Outcome { winners, reason } = outcome;
        self.byte(winners.0);
        self.variant(match reason {
            WinReason::LifePoints => 0,
            WinReason::DeckOut => 1,
            WinReason::LeaderTrapped => 2,
            WinReason::Concession => 3,
            WinReason::TurnLimit => 4,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Filter, MonsterType};
    use crate::commitment::Commitment;
    use crate::hash::Digest32;
    use crate::seat::{PerSeat, SeatSet};

    /// What postcard itself writes for the same fields.
    /// Postcard's encoding of the whole state, minus its unchanging prefix: robust to new
    /// fields, which the derived encoding picks up by itself.
    fn by_postcard(s: &DuelState) -> Vec<u8> {
        let whole = match postcard::to_stdvec(s) {
            Ok(bytes) => bytes,
            Err(e) => panic!("postcard: {e}"),
        };
        let prefix = (
            &s.match_id,
            &s.format_hash,
            &s.pool_hash,
            &s.board_size,
            &s.commitments,
        );
        let prefix = match postcard::to_stdvec(&prefix) {
            Ok(bytes) => bytes,
            Err(e) => panic!("postcard: {e}"),
        };
        assert_eq!(&whole[..prefix.len()], prefix.as_slice());
        whole[prefix.len()..].to_vec()
    }

    /// Appends the encoding to `out`.
    fn encode_changing_part(state: &DuelState, out: &mut Vec<u8>) {
        let mut encoded = Encoded::default();
        encoded.encode(state);
        out.extend_from_slice(encoded.bytes());
    }

    fn by_hand(s: &DuelState) -> Vec<u8> {
        let mut out = Vec::new();
        encode_changing_part(s, &mut out);
        out
    }

    fn player(life_points: u32, first_ref: u16) -> PlayerState {
        PlayerState {
            life_points,
            summoning_points: 7,
            deck: (first_ref..first_ref + 40).map(CardRef).collect(),
            deck_order: if life_points > 0 {
                DeckOrder::Public
            } else {
                DeckOrder::Permuted {
                    rounds: vec![PermutationRound {
                        permuter: Seat(0),
                        first: CardRef(90),
                    }],
                    first_card: CardRef(first_ref),
                    next_position: 300,
                }
            },
            hand: vec![
                CardSlot {
                    card_ref: CardRef(first_ref + 41),
                    card: None,
                },
                CardSlot {
                    card_ref: CardRef(300),
                    card: Some(CardId(688)),
                },
            ],
            graveyard: vec![CardSlot {
                card_ref: CardRef(2),
                card: Some(CardId(5)),
            }],
            banished: vec![CardId(1), CardId(130), CardId(u16::MAX)],
            field_spell: Some(Attached {
                owner: Seat(1),
                card_ref: CardRef(77),
                card: CardId(200),
            }),
            leader: Cell::new(6, 3),
            leader_stuck_turns: 1,
            cards_played: 2,
            monsters_played: 1,
        }
    }

    fn piece(turn: u16) -> Piece {
        Piece {
            controller: Seat(0),
            card: Some(CardId(129)),
            face_up: true,
            defence: true,
            moved: true,
            attacked: true,
            bind: Bind::Turns(3),
            bound_turn: 200,
            modifiers: vec![
                Modifier {
                    atk: -500,
                    def: 300,
                    duration: Duration::Turns(2),
                },
                Modifier {
                    atk: i16::MIN,
                    def: i16::MAX,
                    duration: Duration::EndOfTurn,
                },
                Modifier {
                    atk: -1,
                    def: 0,
                    duration: Duration::Permanent,
                },
            ],
            equips: vec![
                Attached {
                    owner: Seat(1),
                    card_ref: CardRef(500),
                    card: CardId(300),
                },
                Attached {
                    owner: Seat(0),
                    card_ref: CardRef(3),
                    card: CardId(3),
                },
            ],
            ..Piece::entering(Seat(1), CardRef(150), Class::Monster, turn)
        }
    }

    fn state() -> DuelState {
        let n = 7u8;
        let mut cells = vec![None; usize::from(n) * usize::from(n)];
        cells[3] = Some(Piece::deck_leader(Seat(1), CardRef(41), CardId(12)));
        cells[10] = Some(piece(130));
        cells[11] = Some(Piece {
            bind: Bind::Forever,
            changed_position: true,
            ..Piece::entering(Seat(0), CardRef(7), Class::SpellTrap, 2)
        });
        cells[45] = Some(Piece::deck_leader(Seat(0), CardRef(0), CardId(600)));
        let commitment = Commitment(Digest32([0xAB; 32]));
        let effect = QueuedEffect {
            card: CardId(400),
            index: 1,
            controller: Seat(1),
            at: Some(Cell::new(2, 5).into()),
            triggering: None,
            opponent: Some(Seat(3)),
            discard_after: true,
        };
        let mut table = TurnOrder::new(4, 2, false, Seat(2), 4);
        table.begin_turn(Seat(3));
        table.remove(Seat(1));
        DuelState {
            match_id: Digest32([1; 32]),
            format_hash: Digest32([2; 32]),
            pool_hash: Digest32([3; 32]),
            board_size: n,
            commitments: vec![commitment; 82].into(),
            turn: 300,
            active: Seat(1),
            phase: Phase::End,
            table,
            players: PerSeat::new(vec![player(8000, 1), player(0, 100)]),
            terrain: Terrain::ALL.iter().copied().cycle().take(49).collect(),
            cells,
            awaiting: Awaiting::main(Seat(1)),
            resume: Resume::Nothing,
            draws_due: vec![DrawDue {
                owner: Seat(0),
                round: 0,
                pointer: 200,
            }],
            queue: vec![
                effect.clone(),
                QueuedEffect {
                    at: None,
                    triggering: Some(Place::Zone {
                        side: Seat(5),
                        zone: Zone::Graveyard,
                        slot: 7,
                    }),
                    opponent: None,
                    discard_after: false,
                    ..effect
                },
            ],
            claims: vec![
                PendingClaim {
                    card_ref: CardRef(200),
                    owner: Seat(0),
                    predicate: Predicate::MonsterLevel { min: 5, max: 6 },
                    turn: 129,
                },
                PendingClaim {
                    card_ref: CardRef(3),
                    owner: Seat(1),
                    predicate: Predicate::SpellOrTrap,
                    turn: 4,
                },
                PendingClaim {
                    card_ref: CardRef(4),
                    owner: Seat(1),
                    predicate: Predicate::Spell,
                    turn: 5,
                },
                PendingClaim {
                    card_ref: CardRef(5),
                    owner: Seat(0),
                    predicate: Predicate::NotMatching {
                        filter: Filter {
                            types: vec![MonsterType::Dragon],
                            max_atk: Some(1500),
                            face_up_only: true,
                            ..Filter::default()
                        },
                        viewer: Seat(1),
                    },
                    turn: 6,
                },
                PendingClaim {
                    card_ref: CardRef(6),
                    owner: Seat(1),
                    predicate: Predicate::NotObligedTrap {
                        traps: vec![CardId(3), CardId(700)],
                    },
                    turn: 131,
                },
            ],
            reveal_due: vec![(Seat(0), commitment), (Seat(1), commitment)],
            windows: vec![
                (
                    Seat(0),
                    TrapEvent::Attack {
                        attacker: Cell::new(1, 1).into(),
                        target: Cell::new(1, 2).into(),
                    },
                ),
                (
                    Seat(3),
                    TrapEvent::Spell {
                        at: Some(Cell::new(6, 6).into()),
                    },
                ),
            ],
            declarations: vec![
                (
                    Seat(1),
                    vec![Cell::new(0, 1).into(), Cell::new(4, 4).into()],
                ),
                (Seat(0), Vec::new()),
            ],
            attack_negated: true,
            spell_negated: false,
            outcome: Some(Outcome {
                winners: SeatSet::only(Seat(0)),
                reason: WinReason::DeckOut,
            }),
        }
    }

    #[test]
    fn hand_written_encoding_is_postcards() {
        let base = state();
        assert_eq!(by_hand(&base), by_postcard(&base));
        let effect = base.queue[0].clone();
        let awaitings = [
            Awaiting::main(Seat(0)),
            Awaiting::Decision {
                seat: Seat(1),
                decision: Decision::Respond {
                    event: TrapEvent::Spell { at: None },
                },
            },
            Awaiting::Answer {
                seat: Seat(0),
                asked: Asked::Reveal {
                    commitments: vec![base.commitments[0]; 2],
                },
            },
            Awaiting::Answer {
                seat: Seat(1),
                asked: Asked::Declare {
                    places: vec![Cell::new(3, 3).into()],
                },
            },
            Awaiting::Decision {
                seat: Seat(0),
                decision: Decision::Discard { count: 2 },
            },
            Awaiting::Decision {
                seat: Seat(3),
                decision: Decision::ChooseOpponent {
                    among: [Seat(1), Seat(2)].into_iter().collect(),
                },
            },
            Awaiting::Answer {
                seat: Seat(1),
                asked: Asked::OpenDraw { owner: Seat(0) },
            },
            Awaiting::Finished,
        ];
        let resumes = [
            Resume::Nothing,
            Resume::AttackAfterWindow {
                attacker: Cell::new(1, 1).into(),
                target: Cell::new(2, 1).into(),
            },
            Resume::AttackAfterReveal {
                attacker: Cell::new(1, 1).into(),
                target: Cell::new(2, 1).into(),
            },
            Resume::SpellAfterWindow {
                spell: effect.clone(),
            },
            Resume::DestroyDeclared { effect },
        ];
        let events = [
            TrapEvent::Moved {
                at: Cell::new(4, 2).into(),
            },
            TrapEvent::Attack {
                attacker: Cell::new(1, 1).into(),
                target: Cell::new(1, 2).into(),
            },
            TrapEvent::Spell {
                at: Some(Cell::new(0, 6).into()),
            },
            TrapEvent::Spell { at: None },
        ];
        let outcomes = [
            None,
            Some(Outcome {
                winners: SeatSet::EMPTY,
                reason: WinReason::TurnLimit,
            }),
            Some(Outcome {
                winners: SeatSet::only(Seat(1)),
                reason: WinReason::LeaderTrapped,
            }),
            Some(Outcome {
                winners: [Seat(0), Seat(2)].into_iter().collect(),
                reason: WinReason::Concession,
            }),
            Some(Outcome {
                winners: SeatSet::only(Seat(1)),
                reason: WinReason::LifePoints,
            }),
        ];
        for (i, awaiting) in awaitings.into_iter().enumerate() {
            for (j, resume) in resumes.iter().enumerate() {
                let s = DuelState {
                    awaiting: awaiting.clone(),
                    resume: resume.clone(),
                    windows: ((i + j) % 5 != 0)
                        .then(|| (Seat(1), events[(i + j) % 4]))
                        .into_iter()
                        .collect(),
                    outcome: outcomes[(i * 2 + j) % 5],
                    ..base.clone()
                };
                assert_eq!(
                    by_hand(&s),
                    by_postcard(&s),
                    "{:?} {:?}",
                    s.awaiting,
                    s.resume
                );
            }
        }
        let empty = DuelState {
            turn: 1,
            phase: Phase::Main,
            queue: Vec::new(),
            claims: Vec::new(),
            reveal_due: Vec::new(),
            windows: Vec::new(),
            declarations: Vec::new(),
            spell_negated: true,
            outcome: None,
            cells: vec![None; 81],
            terrain: vec![Terrain::Labyrinth; 81],
            ..base.clone()
        };
        assert_eq!(by_hand(&empty), by_postcard(&empty));
    }

    /// A state bigger than the first try's room is written again with enough room, and
    /// whatever the buffer held before stays in front.
    #[test]
    fn big_states_are_written_whole() {
        let mut big = state();
        if let Some(Some(p)) = big.cells.get_mut(10) {
            p.modifiers = (0..400i16)
                .map(|i| Modifier {
                    atk: i.wrapping_mul(90).wrapping_sub(18_000),
                    def: i,
                    duration: Duration::Turns((i % 7) as u8),
                })
                .collect();
        }
        let expected = by_postcard(&big);
        assert!(expected.len() > FIRST_TRY, "{}", expected.len());
        let mut out = vec![7, 7, 7];
        encode_changing_part(&big, &mut out);
        assert_eq!(out[..3], [7, 7, 7]);
        assert_eq!(out[3..], expected[..]);
        // A buffer reused for a smaller state holds just that state's bytes.
        let small = state();
        let mut reused = Encoded::default();
        reused.encode(&big);
        reused.encode(&small);
        assert_eq!(reused.bytes(), by_postcard(&small).as_slice());
    }
}
