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
use crate::player::{CardSlot, DeckMasterPlace, DeckTo, DrawDue};
use crate::seat::Seat;
use crate::state::{DuelState, Outcome, PendingClaim, Phase, Predicate, WinReason};
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
            markers,
            awaiting,
            resume,
            queue,
            claims,
            draws_due,
            reveal_due,
            windows,
            declarations,
            class_declarations,
            agreement,
            searches_due,
            reshuffles,
            joint_draw,
            joint_draws,
            attack_negated,
            spell_negated,
            spell_spares,
            gains_reversed,
            outcome,
            chain,
            equips,
            flip_effects_due,
            set_apart,
        } = state;
        self.varint(u64::from(*turn));
        self.seat(*active);
        self.phase(*phase);
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
        self.len(markers.len());
        self.bytes(markers);
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
            to,
        } in draws_due
        {
            self.seat(*owner);
            self.byte(*round);
            self.varint(u64::from(*pointer));
            self.variant(match to {
                DeckTo::Hand => 0,
                DeckTo::Graveyard => 1,
            });
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
        for list in [declarations, class_declarations] {
            self.len(list.len());
            for (seat, places) in list {
                self.seat(*seat);
                self.places(places);
            }
        }
        match agreement {
            None => self.byte(0),
            Some(agreement) => {
                self.byte(1);
                // Rare, and with many fields: postcard writes it. It fails only on
                // sequences of unknown length, which an agreement does not hold.
                if let Ok(bytes) = postcard::to_stdvec(agreement) {
                    self.bytes(&bytes);
                }
            }
        }
        self.len(searches_due.len());
        for seat in searches_due {
            self.seat(*seat);
        }
        self.len(reshuffles.len());
        for reshuffle in reshuffles {
            self.reshuffle(reshuffle);
        }
        match joint_draw {
            None => self.byte(0),
            Some(draw) => {
                self.byte(1);
                // Rare: postcard writes it (it holds no sequence of unknown length).
                if let Ok(bytes) = postcard::to_stdvec(draw) {
                    self.bytes(&bytes);
                }
            }
        }
        self.varint(u64::from(*joint_draws));
        self.bool(*attack_negated);
        self.bool(*spell_negated);
        self.byte(spell_spares.0);
        self.byte(gains_reversed.0);
        match outcome {
            None => self.byte(0),
            Some(outcome) => {
                self.byte(1);
                self.outcome(outcome);
            }
        }
        if chain.is_empty() && chain.to_ask.is_empty() {
            // Two empty sequences: the chain of nearly every state, written without postcard.
            self.byte(0);
            self.byte(0);
        } else if let Ok(bytes) = postcard::to_stdvec(chain) {
            // Rare and small: postcard writes it (no sequence of unknown length in it).
            self.bytes(&bytes);
        }
        self.len(equips.len());
        for link in equips {
            self.card_ref(link.equip);
            self.card_ref(link.target);
        }
        self.len(flip_effects_due.len());
        for crate::field::FlipEffectDue {
            controller,
            card,
            card_ref,
            at,
        } in flip_effects_due
        {
            self.seat(*controller);
            self.card_id(*card);
            self.card_ref(*card_ref);
            self.place(*at);
        }
        self.len(set_apart.len());
        for crate::state::SetApart {
            summoner,
            monster,
            materials,
            shown,
            due,
            judges,
        } in set_apart
        {
            self.seat(*summoner);
            self.card_ref(*monster);
            self.len(materials.len());
            for (owner, card_ref) in materials {
                self.seat(*owner);
                self.card_ref(*card_ref);
            }
            match shown {
                None => self.byte(0),
                Some(card) => {
                    self.byte(1);
                    self.card_id(*card);
                }
            }
            self.bool(*due);
            self.len(judges.len());
            for seat in judges {
                self.seat(*seat);
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

    fn phase(&mut self, phase: Phase) {
        self.variant(match phase {
            Phase::Main => 0,
            Phase::End => 1,
            Phase::Battle => 2,
            Phase::SecondMain => 3,
            Phase::Standby => 4,
        });
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

    fn reshuffle(&mut self, reshuffle: &crate::reshuffle::Reshuffle) {
        let crate::reshuffle::Reshuffle {
            owner,
            cards,
            first_card,
            permuters,
            rounds,
            finished,
        } = reshuffle;
        self.seat(*owner);
        self.len(cards.len());
        for card in cards {
            self.card_ref(*card);
        }
        match first_card {
            None => self.byte(0),
            Some(first) => {
                self.byte(1);
                self.card_ref(*first);
            }
        }
        self.len(permuters.len());
        for seat in permuters {
            self.seat(*seat);
        }
        self.len(rounds.len());
        for round in rounds {
            self.seat(round.permuter);
            self.card_ref(round.first);
        }
        self.bool(*finished);
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
                    Zone::Frontrow => 5,
                    Zone::Backrow => 6,
                    Zone::Player => 7,
                    Zone::DeckMaster => 8,
                    Zone::ExtraDeck => 9,
                    Zone::Rule => 10,
                    Zone::ExtraMonster => 11,
                });
                self.byte(slot);
            }
        }
    }

    fn deck_master_place(&mut self, place: DeckMasterPlace) {
        self.variant(match place {
            DeckMasterPlace::Zone => 0,
            DeckMasterPlace::Field => 1,
            DeckMasterPlace::Hand => 2,
            DeckMasterPlace::Deck => 3,
            DeckMasterPlace::Graveyard => 4,
            DeckMasterPlace::Banished => 5,
            DeckMasterPlace::ExtraDeck => 6,
        });
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
        let crate::turn_order::TurnOrderParts {
            players,
            teams,
            allies_are_opponents,
            first_attack_turn,
            removed,
            last_played,
            waiting,
            rotation,
            round_began,
        } = table.encoding_parts();
        self.byte(players);
        self.byte(teams);
        self.bool(allies_are_opponents);
        self.varint(u64::from(first_attack_turn));
        self.byte(removed.0);
        for seat in last_played {
            self.seat(*seat);
        }
        self.byte(waiting.0);
        for seat in rotation {
            self.seat(*seat);
        }
        self.varint(u64::from(round_began));
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
            attached,
            activated,
            locked_until,
            counters,
            lent,
            from_extra_deck,
            persist_until,
            locked_by,
            flip_summoned,
            entered_beside_its_fusion,
            retyped,
            turns_in_defence,
        } = piece;
        self.seat(*owner);
        self.seat(*controller);
        self.card_ref(*card_ref);
        self.option_card(*card);
        self.variant(match class {
            Class::Monster => 0,
            Class::SpellTrap => 1,
            Class::Unknown => 2,
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
        for Modifier {
            atk,
            def,
            level,
            duration,
        } in modifiers
        {
            self.zigzag_i16(*atk);
            self.zigzag_i16(*def);
            self.byte(*level as u8);
            match duration {
                Duration::Permanent => self.variant(0),
                Duration::EndOfTurn => self.variant(1),
                Duration::Turns(n) => {
                    self.variant(2);
                    self.byte(*n);
                }
            }
        }
        self.len(attached.len());
        for card in attached {
            self.attached(card);
        }
        self.bool(*activated);
        self.varint(u64::from(*locked_until));
        self.byte(*counters);
        self.bool(*lent);
        self.bool(*from_extra_deck);
        self.varint(u64::from(*persist_until));
        match locked_by {
            None => self.byte(0),
            Some(source) => {
                self.byte(1);
                self.card_ref(*source);
            }
        }
        self.bool(*flip_summoned);
        self.bool(*entered_beside_its_fusion);
        // Enum discriminants: both enums are fieldless, so `as` gives the declared order.
        match retyped.monster_type {
            None => self.byte(0),
            Some(t) => {
                self.byte(1);
                self.byte(t as u8);
            }
        }
        match retyped.attribute {
            None => self.byte(0),
            Some(a) => {
                self.byte(1);
                self.byte(a as u8);
            }
        }
        match turns_in_defence {
            None => self.byte(0),
            Some(n) => {
                self.byte(1);
                self.byte(*n);
            }
        }
    }

    #[inline(always)]
    fn attached(&mut self, attached: &Attached) {
        let Attached {
            owner,
            card_ref,
            card,
            reversed,
        } = attached;
        self.seat(*owner);
        self.card_ref(*card_ref);
        self.card_id(*card);
        self.bool(*reversed);
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
            TrapEvent::EndProposed { by } => {
                self.variant(3);
                self.seat(*by);
            }
            TrapEvent::Chained { at, by } => {
                self.variant(4);
                self.place(*at);
                self.seat(*by);
            }
            TrapEvent::Summoned { at, by } => {
                self.variant(5);
                self.place(*at);
                self.seat(*by);
            }
            TrapEvent::PhaseBegins { phase, of } => {
                self.variant(6);
                self.phase(*phase);
                self.seat(*of);
            }
            TrapEvent::PowerUp { at } => {
                self.variant(7);
                self.place(*at);
            }
            TrapEvent::TrapSprung { at } => {
                self.variant(8);
                self.place(*at);
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
                    Decision::Battle => self.variant(4),
                    Decision::ProposeOutcome { card } => {
                        self.variant(5);
                        self.card_id(*card);
                    }
                    Decision::ConsiderOutcome { by } => {
                        self.variant(6);
                        self.seat(*by);
                    }
                    Decision::SearchDeck => self.variant(7),
                    Decision::ReturnDeckMaster { at } => {
                        self.variant(8);
                        self.deck_master_place(*at);
                    }
                    Decision::Ritual { card } => {
                        self.variant(9);
                        self.card_id(*card);
                    }
                    Decision::Revive { card } => {
                        self.variant(10);
                        self.card_id(*card);
                    }
                    Decision::TakeControl { card } => {
                        self.variant(11);
                        self.card_id(*card);
                    }
                    Decision::PlaceReturned { at } => {
                        self.variant(12);
                        self.place(*at);
                    }
                    Decision::StartingSwap => self.variant(13),
                    Decision::HideAgain { at } => {
                        self.variant(14);
                        self.place(*at);
                    }
                    Decision::Replay { attacker } => {
                        self.variant(15);
                        self.place(*attacker);
                    }
                    Decision::DestinyDraw => self.variant(16),
                    Decision::ChooseSide => self.variant(17),
                    Decision::JoinDuel => self.variant(18),
                    Decision::JudgeMaterials { summoner } => {
                        self.variant(19);
                        self.seat(*summoner);
                    }
                    Decision::PlaceRevived { card, by } => {
                        self.variant(20);
                        self.card_id(*card);
                        match by {
                            None => self.byte(0),
                            Some(by) => {
                                self.byte(1);
                                self.card_id(*by);
                            }
                        }
                    }
                    Decision::Teleport { card } => {
                        self.variant(21);
                        self.card_id(*card);
                    }
                    Decision::PlaceMade { card, by } => {
                        self.variant(22);
                        self.card_id(*card);
                        self.card_id(*by);
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
                    Asked::RecommitDeck { count } => {
                        self.variant(3);
                        self.varint(u64::from(*count));
                    }
                    Asked::PermuteDeck { owner, count } => {
                        self.variant(4);
                        self.seat(*owner);
                        self.varint(u64::from(*count));
                    }
                    Asked::CommitShare => self.variant(5),
                    Asked::OpenShare => self.variant(6),
                    Asked::DeclareClass { places } => {
                        self.variant(7);
                        self.places(places);
                    }
                }
            }
            Awaiting::Finished => self.variant(2),
        }
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
            other @ (Predicate::NotMatching { .. } | Predicate::FitsEquip { .. }) => {
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
            Predicate::Monster => self.variant(6),
            Predicate::FieldSpell => self.variant(7),
            Predicate::SpellOrTrapNotFieldSpell => self.variant(8),
            Predicate::FlipMonster => self.variant(9),
            Predicate::MonsterLevelOrSpellTrap { min, max } => {
                self.variant(10);
                self.byte(*min);
                self.byte(*max);
            }
            Predicate::IntegrationMonster => self.variant(11),
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
            WinReason::Idleness => 5,
            WinReason::Agreement => 6,
            WinReason::CardEffect => 7,
            WinReason::ImproperMaterial => 8,
        });
    }
}

mod player;
mod resume;
#[cfg(test)]
mod tests;
