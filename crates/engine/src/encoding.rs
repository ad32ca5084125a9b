//! The state hash's encoding of the part of the state that changes during a duel, written
//! by hand.
//!
//! The state hash is SHA-256 over postcard's encoding of the state, and every peer must
//! produce the same bytes. Going through serde, postcard spent more time per state than
//! SHA-256 itself (a generic call and a capacity check per field and per byte); this writes
//! the same bytes directly. Rare, nested values (response windows, pending effects other
//! than the common ones, the outcome) still go through postcard, into the same buffer.
//!
//! Postcard's rules used here: `u8` and `bool` are one byte; wider integers are LEB128
//! varints (signed ones zigzag-encoded first); an enum is its variant's index as a varint,
//! then its fields; `Option` is a 0 or 1 byte, then the value; a sequence is its length as
//! a varint, then its elements; structs, tuples and fixed arrays are their fields in order.
//! Tests compare these bytes with postcard's on hand-built states and after every action
//! of seeded games.

use serde::Serialize;

use crate::card::{CardId, Duration};
use crate::state::{
    Awaiting, Bind, CardRef, CardSlot, Cell, Class, DuelState, Modifier, PendingClaim, Phase,
    Piece, PlayerState, Predicate, QueuedEffect, Resume, Seat,
};
use crate::terrain::Terrain;

/// Appends postcard's encoding of every field of `state` after `commitments`, in
/// declaration order: the bytes [`DuelState::state_hash_from`] hashes after the prefix.
pub(crate) fn encode_changing_part(state: &DuelState, out: &mut Vec<u8>) {
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
        players,
        terrain,
        cells,
        awaiting,
        resume,
        queue,
        claims,
        draws_due,
        reveal_due,
        window,
        declarations,
        attack_negated,
        spell_negated,
        outcome,
    } = state;
    let mut w = Writer(out);
    w.varint(u64::from(*turn));
    w.seat(*active);
    w.variant(match phase {
        Phase::Main => 0,
        Phase::End => 1,
    });
    for player in players {
        w.player(player);
    }
    w.len(terrain.len());
    for t in terrain {
        w.terrain(*t);
    }
    w.len(cells.len());
    for cell in cells {
        match cell {
            None => w.byte(0),
            Some(piece) => {
                w.byte(1);
                w.piece(piece);
            }
        }
    }
    w.awaiting(awaiting);
    w.resume(resume);
    w.len(queue.len());
    for effect in queue {
        w.queued_effect(effect);
    }
    w.len(claims.len());
    for claim in claims {
        w.claim(claim);
    }
    w.postcard(draws_due);
    w.len(reveal_due.len());
    for (seat, commitment) in reveal_due {
        w.seat(*seat);
        w.bytes(&commitment.0.0);
    }
    w.postcard(window);
    w.len(declarations.len());
    for (seat, cells) in declarations {
        w.seat(*seat);
        w.cells(cells);
    }
    w.bool(*attack_negated);
    w.bool(*spell_negated);
    w.postcard(outcome);
}

/// Writes postcard's encoding of values into a buffer.
struct Writer<'a>(&'a mut Vec<u8>);

impl Writer<'_> {
    fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }

    fn bool(&mut self, b: bool) {
        self.byte(u8::from(b));
    }

    /// LEB128: seven bits per byte, lowest first, the top bit set on all but the last.
    fn varint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.byte((v as u8) | 0x80);
            v >>= 7;
        }
        self.byte(v as u8);
    }

    fn zigzag_i16(&mut self, v: i16) {
        self.varint(u64::from(((v << 1) ^ (v >> 15)) as u16));
    }

    fn len(&mut self, len: usize) {
        self.varint(len as u64);
    }

    fn variant(&mut self, index: u32) {
        self.varint(u64::from(index));
    }

    fn seat(&mut self, seat: Seat) {
        self.byte(seat.0);
    }

    fn card_id(&mut self, id: CardId) {
        self.varint(u64::from(id.0));
    }

    fn card_ref(&mut self, r: CardRef) {
        self.varint(u64::from(r.0));
    }

    fn option_card(&mut self, card: Option<CardId>) {
        match card {
            None => self.byte(0),
            Some(id) => {
                self.byte(1);
                self.card_id(id);
            }
        }
    }

    fn cell(&mut self, cell: Cell) {
        self.byte(cell.row);
        self.byte(cell.col);
    }

    fn option_cell(&mut self, cell: Option<Cell>) {
        match cell {
            None => self.byte(0),
            Some(c) => {
                self.byte(1);
                self.cell(c);
            }
        }
    }

    fn cells(&mut self, cells: &[Cell]) {
        self.len(cells.len());
        for c in cells {
            self.cell(*c);
        }
    }

    fn slots(&mut self, slots: &[CardSlot]) {
        self.len(slots.len());
        for CardSlot { card_ref, card } in slots {
            self.card_ref(*card_ref);
            self.option_card(*card);
        }
    }

    fn terrain(&mut self, t: Terrain) {
        self.variant(match t {
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
        });
    }

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
        for r in deck {
            self.card_ref(*r);
        }
        self.postcard(deck_order);
        self.slots(hand);
        self.slots(graveyard);
        self.len(banished.len());
        for id in banished {
            self.card_id(*id);
        }
        self.postcard(field_spell);
        self.cell(*leader);
        self.byte(*leader_stuck_turns);
        self.byte(*cards_played);
        self.byte(*monsters_played);
    }

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
        for equip in equips {
            self.postcard(equip);
        }
    }

    fn awaiting(&mut self, awaiting: &Awaiting) {
        match awaiting {
            Awaiting::Main { seat } => {
                self.variant(0);
                self.seat(*seat);
            }
            // After Main, OpenDraw, Respond, Reveal, Declare and Discard.
            Awaiting::Finished => self.variant(6),
            other => self.postcard(other),
        }
    }

    fn resume(&mut self, resume: &Resume) {
        match resume {
            Resume::Nothing => self.variant(0),
            other => self.postcard(other),
        }
    }

    fn queued_effect(&mut self, effect: &QueuedEffect) {
        let QueuedEffect {
            card,
            index,
            controller,
            at,
            triggering,
            discard_after,
        } = effect;
        self.card_id(*card);
        self.byte(*index);
        self.seat(*controller);
        self.option_cell(*at);
        self.option_cell(*triggering);
        self.bool(*discard_after);
    }

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
            other @ (Predicate::NotMatching { .. } | Predicate::NotObligedTrap { .. }) => {
                self.postcard(other)
            }
        }
        self.varint(u64::from(*turn));
    }

    /// Anything else, through postcard itself.
    fn postcard<T: Serialize + ?Sized>(&mut self, value: &T) {
        // Postcard fails only on sequences and maps of unknown length, which the state does
        // not hold.
        let _ = postcard::serialize_with_flavor(value, AppendFlavor(self.0));
    }
}

/// A postcard output that appends to a borrowed buffer.
struct AppendFlavor<'a>(&'a mut Vec<u8>);

impl postcard::ser_flavors::Flavor for AppendFlavor<'_> {
    type Output = ();

    fn try_push(&mut self, data: u8) -> postcard::Result<()> {
        self.0.push(data);
        Ok(())
    }

    fn try_extend(&mut self, data: &[u8]) -> postcard::Result<()> {
        self.0.extend_from_slice(data);
        Ok(())
    }

    fn finalize(self) -> postcard::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{Filter, MonsterType};
    use crate::hash::Digest32;
    use crate::state::{Commitment, Outcome, TrapEvent, WinReason};

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
                crate::state::DeckOrder::Public
            } else {
                crate::state::DeckOrder::Permuted {
                    rounds: vec![crate::state::PermutationRound {
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
            field_spell: Some(crate::state::Attached {
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
                crate::state::Attached {
                    owner: Seat(1),
                    card_ref: CardRef(500),
                    card: CardId(300),
                },
                crate::state::Attached {
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
            at: Some(Cell::new(2, 5)),
            triggering: None,
            discard_after: true,
        };
        DuelState {
            match_id: Digest32([1; 32]),
            format_hash: Digest32([2; 32]),
            pool_hash: Digest32([3; 32]),
            board_size: n,
            commitments: vec![commitment; 82].into(),
            turn: 300,
            active: Seat(1),
            phase: Phase::End,
            players: [player(8000, 1), player(0, 42)],
            terrain: Terrain::ALL.iter().copied().cycle().take(49).collect(),
            cells,
            awaiting: Awaiting::Main { seat: Seat(1) },
            resume: Resume::Nothing,
            draws_due: vec![crate::state::DrawDue {
                owner: Seat(0),
                round: 0,
                pointer: 200,
            }],
            queue: vec![
                effect.clone(),
                QueuedEffect {
                    at: None,
                    triggering: Some(Cell::new(0, 0)),
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
            ],
            reveal_due: vec![(Seat(0), commitment), (Seat(1), commitment)],
            window: Some((
                Seat(0),
                TrapEvent::Attack {
                    attacker: Cell::new(1, 1),
                    target: Cell::new(1, 2),
                },
            )),
            declarations: vec![
                (Seat(1), vec![Cell::new(0, 1), Cell::new(4, 4)]),
                (Seat(0), Vec::new()),
            ],
            attack_negated: true,
            spell_negated: false,
            outcome: Some(Outcome {
                winner: Some(Seat(0)),
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
            Awaiting::Main { seat: Seat(0) },
            Awaiting::Respond {
                seat: Seat(1),
                event: TrapEvent::Spell { at: None },
            },
            Awaiting::Reveal {
                seat: Seat(0),
                commitments: vec![base.commitments[0]; 2],
            },
            Awaiting::Declare {
                seat: Seat(1),
                cells: vec![Cell::new(3, 3)],
            },
            Awaiting::Discard {
                seat: Seat(0),
                count: 2,
            },
            Awaiting::Finished,
        ];
        let resumes = [
            Resume::Nothing,
            Resume::AttackAfterWindow {
                attacker: Cell::new(1, 1),
                target: Cell::new(2, 1),
            },
            Resume::AttackAfterReveal {
                attacker: Cell::new(1, 1),
                target: Cell::new(2, 1),
            },
            Resume::SpellAfterWindow {
                spell: effect.clone(),
            },
            Resume::DestroyDeclared { effect },
        ];
        for (awaiting, resume) in awaitings.into_iter().zip(resumes.into_iter().cycle()) {
            let s = DuelState {
                awaiting,
                resume,
                ..base.clone()
            };
            assert_eq!(by_hand(&s), by_postcard(&s), "{:?}", s.awaiting);
        }
        let empty = DuelState {
            turn: 1,
            phase: Phase::Main,
            queue: Vec::new(),
            claims: Vec::new(),
            reveal_due: Vec::new(),
            window: None,
            declarations: Vec::new(),
            spell_negated: true,
            outcome: None,
            cells: vec![None; 81],
            terrain: vec![Terrain::Labyrinth; 81],
            ..base.clone()
        };
        assert_eq!(by_hand(&empty), by_postcard(&empty));
    }
}
