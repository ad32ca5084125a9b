//! Envelopes: the hash-chained, signed-at-hand-off entries of a match log.
//!
//! An envelope is `{match id, seq, previous envelope hash, author seat, body, state hash
//! after}`. Each envelope's hash covers its exact postcard bytes, and the next envelope
//! carries that hash, so a signature over one envelope's bytes commits its author to the
//! whole chain before it. Authors therefore sign only where someone else must act next (a
//! *hand-off*), at the end of the match, or before they wait; the envelopes of a run before
//! its signed one travel unsigned and are authenticated by it (see `docs/PROTOCOL.md`). The
//! log is one total order: the protocol's `awaiting()` names the single seat allowed to
//! write the next entry.

use fairduel_engine::action::{Action, Answer};
use fairduel_engine::commitment::{Commitment, PositionOpening, Reveal, Salt};
use fairduel_engine::field::DuelistSetup;
use fairduel_engine::hash::{Digest32, finish_sha256, sha256_hasher, sha256_of};
use fairduel_engine::seat::Seat;
use fairduel_engine::setup::LeaderSetup;
use serde::{Deserialize, Serialize};

use crate::identity::{Identity, KeyVerifier, PlayerKey, SignatureBytes};

/// Bumped whenever an envelope or body changes shape or the log's rules change. Peers with
/// different versions refuse to play; a record names the version it was written with.
///
/// Version 2: signatures are optional per envelope (required at hand-offs), the chain hash
/// covers the envelope's bytes only, and a turn's checkpoint comes after the draw openings
/// that start it.
///
/// Version 3: 2 to 6 seats (the set-up seats as many players as the format), a player's
/// decisions and the protocol steps answered from secrets are separate bodies, actions name
/// places instead of grid cells, the first player is drawn without modulo bias, and the
/// state (so its hash) carries the turn order and per-seat lists.
///
/// Version 4: a deck commitment names a Deck Leader only where the format has them (the
/// card game's field has none), and the state carries the field's terrain markers and
/// per-player counters.
///
/// Version 5: agreed effects. Actions activate cards on the card game's field and propose,
/// accept or refuse an outcome; the state (so its hash) carries the effect being resolved
/// by agreement.
///
/// Version 7 (unreleased until it shipped with this): Domain Format's Deck Masters; a
/// concession may come at any moment, relayed as a signed [`Resignation`] by the seat the
/// log waits for (the body was added last, so every other entry encodes as before).
///
/// Version 8: the Extra Deck, committed card by card.
///
/// Version 9: Kingdom Duels' Duelist Setup. The deck commitment carries the Duelist Setup
/// played and its Cardlist; the state, the swap of starting cards that follows the hands.
///
/// Version 10: chains on the card game's field. An activated card waits as a chain link
/// while the other players, then its controller, may respond; the state (so its hash, for
/// every family) carries the chain.
///
/// Version 11: Kingdom Duels' Extra Deck summons. An Integration Summon is declared
/// (`Action::IntegrationSummon`), and an agreed outcome may summon a Fusion, Ritual, Alter or
/// Integration Monster by its mechanic (`Operation::ExtraDeckSummon`); STRIKE
/// (`Action::Strike`), terrain changes and equips are outcome steps, and the state (so its
/// hash) carries which card is equipped to which monster.
///
/// Version 12: Kingdom Duels' Hidden monsters. A monster Hidden in ATK Position may attack
/// and, after its battle, hide again (`Action::Hide`, or `Action::Pass` to stay face-up); an
/// agreed outcome may put a monster on the field Hidden (`Destination::HiddenField`), its
/// class a pending claim (`Predicate::Monster`). A replay asks the attacker for a new target
/// (`Decision::Replay`); DOR Modern's grid has phases (`Action::NextPhase` on the grid); an
/// outcome may decide the duel (`Operation::LoseDuel`, `Operation::WinDuel`).
///
/// Version 13: the card game's Extra Deck summons. A Synchro, Xyz or Link Summon is
/// declared (`Action::SummonFromExtraDeck`) and agreed as an `Operation::ExtraDeckSummon`
/// whose mechanic the engine checks; the card game's Fusion Summon is such a step of an
/// effect's outcome. A pool may come from a player's card database (its hash in the set-up,
/// as for any pool).
///
/// Version 14: Kairu's Destiny Draw. A deck commit carries the destiny pile (one
/// commitment per card of the format's destiny list) and the end reveal opens it; a turn
/// may wait for its player's choice of draw (`Decision::DestinyDraw`, answered by
/// `Action::ChooseDraw`), and the card is taken at a jointly random place of the pile
/// (`Chance::DestinyPile`).
///
/// Version 15: Quick spells from the hand on the card game's field
/// (`field.quick_spells_from_hand`): the turn player holding a card is asked about every
/// chain link in their turn, so the same entries make another game than under version 14.
///
/// Version 16: Domain Format's Extra Monster Zones (`field.extra_monster_zones`) and Field
/// Zones (`field.field_zone`): a place may name one (`Zone::ExtraMonster`,
/// `Zone::FieldSpell`), the field's slots and so every state hash carry them, Extra Deck
/// monsters go where the Master Rule lets them, and a card Set in either kind of spell zone
/// makes its own claim.
///
/// Version 17: Domain Format's Pendulum Zones (`field.pendulum_zones`): a Pendulum Monster
/// activated as a spell in one (`Action::Play` with `PlayMode::ActivateSpell`, or
/// `Action::SummonDeckMaster` with it from the Deck Master Zone), the Pendulum Summon
/// (`Action::PendulumSummon`), and the face-up Extra Deck every player's state now carries.
///
/// Version 18: Kingdom Duels' KEYWORD Rule cards (`Action::ActivateRuleCard`), the Rule
/// cards every player's state now carries, and Trigger traps (a pass over one is refused).
///
/// Version 19: Kingdom Duels' RELIANCE Rule cards (an outcome's `from-extra-deck` step to the
/// new `Destination::RuleZone`; the Rule cards in every state carry what they rely on),
/// Persist times (every card on the field carries its last turn), DETACH effects
/// (`Action::Detach`), FLIP effects activated by themselves (the state carries those due)
/// and Hidden monsters flipped face-up by their players (`Action::FlipFaceUp`).
///
/// Version 20: response windows after summons on the card game's field
/// (`field.summon_windows`, a new `TrapEvent::Summoned` in the state), Trigger traps
/// activated only when their Trigger is met (a Continuous one may be flipped early), and
/// Tokens (an outcome's `Operation::Token`, with a public commitment added to the table).
///
/// Version 21: Kingdom Duels' Idle Warning for a trap left Set when its Trigger is met
/// (`Action::LeaveTriggered`) and the warnings of the current turn in every player's state;
/// Domain Format's opponent targeted by each chain link and agreement.
///
/// Version 22: teammates who see each other's face-down cards (Kingdom Duels' Tag and Boss
/// Duels) are shown them in signed disclosures outside the log, which the record keeps.
///
/// Version 23: Kingdom Duels' Blue and Red (`Action::ChooseSide`, the side in every
/// player's state), Triggers on a phase (`TrapEvent::PhaseBegins` windows and the card
/// game's Standby Phase in the state) and joining a Battle Royale later
/// (`Action::JoinDuel`; the waiting players and the rotation in every turn order).
///
/// Version 24: the round of the Rotation in the turn order, a monster's Flip Summon and a
/// Fusion Material's entry beside its Fusion Monster in every piece, all in every state
/// hash; rules read again from the seeds (see docs/PROTOCOL.md), so a version 23 record
/// may judge differently.
///
/// Version 28: the bluff's class declarations (`Asked::DeclareClass`,
/// `Answer::DeclareClass`, and the seats still to declare in every state hash).
///
/// Version 29: Kingdom Duels' Hidden Integration Summon (`Action::HiddenIntegrationSummon`,
/// `Action::JudgeMaterials`, and the summons still to judge in every state hash).
///
/// Version 30: Duelists of the Roses effects read again from the original effect table —
/// Nature Effects that hold only in defence position, Exodia's victory, effects that ask
/// owners which set cards are spells — and, in every state hash, what an owner declaration
/// interrupted (`Resume::EffectDeclared::then`): a version 29 peer plays these cards
/// otherwise, so the two do not play together.
///
/// Version 31: more Duelists of the Roses cards defined — types and attributes changed on
/// face-up monsters and turns counted in defence (`Piece::retyped`,
/// `Piece::turns_in_defence`, in every state hash), evolutions by those turns
/// (`Action::Transform` without a power-up), power-ups with battle effects (Sword of
/// Dragon's Soul), Shield & Sword, Creature Swap, Dimensionhole, Monster Recovery, Seal of
/// the Ancients and power-ups fitted by the original equip table: a version 30 peer
/// resolves them by agreement instead.
///
/// Version 32: revivals and teleports into a Summoning Area (`Action::PlaceRevived`,
/// `Action::Teleport`), control taken by monsters flipped in battle, cards picked at random
/// by a joint draw (`Chance::EffectPick`, `Event::PickedAtRandom`), White Hole's shield
/// (`DuelState::spell_spares`) and a destroyed card's graveyard copy in its queued effects
/// (`QueuedEffect::card_ref`), all in every state hash; control taken in another player's
/// turn lasts through the taker's next.
///
/// Version 33: traps answering power-ups and traps (`TrapEvent::PowerUp`,
/// `TrapEvent::TrapSprung`: response windows after an equip joins a monster and after a
/// trap springs), a power-up turned back (`Attached::reversed`), a spell's recovery turned
/// into a loss (`DuelState::gains_reversed`), the last card each player played
/// (`PlayerState::last_played`), a revival from any graveyard (`Resume::PlaceRevived` names
/// the graveyard and the card; `Decision::PlaceRevived` the card bringing it back), all in
/// every state hash; Goddess of Whim's draw before a battle (`Event::Whim`).
///
/// Version 34: monsters made from nothing on the grid (`Primitive::MakeMonster`,
/// `Primitive::TurnInto`): a made monster's zone waits in `Resume::PlaceMade` and
/// `Decision::PlaceMade`, in every state hash, and is chosen by `Action::PlaceMade`; the
/// made card joins the table of commitments under a public opening, as a Token does; a spell
/// set from a graveyard (`Primitive::SetSpellFromGraveyard`; `Resume::Revive` carries what
/// it holds up); a face-down card everyone knows flipped by naming it.
pub const PROTOCOL_VERSION: u16 = 34;

/// The domain of an envelope's chain hash.
const ENVELOPE_HASH_DOMAIN: &str = "fairduel/envelope/v2";

/// Everything both seats agree to before any card is committed. Its hash is the match id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSetup {
    pub protocol_version: u16,
    /// The format preset's name, for people (the hash is what binds).
    pub format_name: String,
    pub format_hash: Digest32,
    pub pool_hash: Digest32,
    /// The host's rules engine ([`crate::fingerprint::engine_fingerprint`]): every seat's
    /// must be the same, and a verifier's, for the record to be judged.
    pub engine: Digest32,
    /// Seat `i` is `players[i]`.
    pub players: Vec<PlayerKey>,
    /// Fresh randomness from the host, so no two matches share an id.
    pub nonce: [u8; 32],
}

impl MatchSetup {
    pub fn match_id(&self) -> Digest32 {
        sha256_of(&("fairduel/match/v1", self))
    }
}

/// A seat's deck, committed: the Deck Leader in the open (where the format has one), every
/// main-deck card as a salted commitment (in an order of the owner's choosing, which the
/// permutations make meaningless), and its commitment to its share of the joint random
/// values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckCommit {
    pub leader: Option<LeaderSetup>,
    /// The card game's field: the Field Setup's terrains and its Setup Rule card, when
    /// named, in the open (empty: none).
    pub field_setup: fairduel_engine::field::FieldSetup,
    pub deck: Vec<Commitment>,
    pub random: Commitment,
    /// The Extra Deck, one commitment per card, in an order of the owner's own.
    pub extra: Vec<Commitment>,
    /// Kingdom Duels: the Duelist Setup played and its Cardlist, in the open (the Setup
    /// Rule card goes from the Extra Deck to the Rule Zone before anyone draws).
    pub duelist_setup: Option<DuelistSetup>,
    /// Kairu's destiny pile: one commitment per card of the format's destiny list, in an
    /// order of the owner's own (empty where the format has none).
    pub destiny: Vec<Commitment>,
}

/// One seat's secret permutation of another seat's deck, one commitment per position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PermutationCommit {
    pub owner: Seat,
    pub positions: Vec<Commitment>,
}

/// The opening of a seat's share of the joint random values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RandomReveal {
    pub value: [u8; 32],
    pub salt: Salt,
}

/// Everything a seat kept secret, opened once the duel is over: the Deck Leader's and every
/// main-deck card's opening in committed order, every permutation it made, and the same for
/// every reshuffle during the duel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndReveal {
    pub leader: Option<Reveal>,
    pub deck: Vec<Reveal>,
    /// For each deck this seat permuted at set-up: the owner and the opening of every
    /// position.
    pub permutations: Vec<(Seat, Vec<PositionOpening>)>,
    /// The openings of every deck this seat committed to again when it was shuffled, one
    /// reshuffle after another, each in committed order.
    pub recommitted: Vec<Reveal>,
    /// Every round this seat permuted in a reshuffle, in the order it wrote them.
    pub reshuffled: Vec<ReshuffleOpening>,
    /// The Extra Deck's openings, in committed order.
    pub extra: Vec<Reveal>,
    /// The destiny pile's openings, in committed order.
    pub destiny: Vec<Reveal>,
}

/// The opening of one permutation round of a reshuffle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReshuffleOpening {
    /// Whose deck.
    pub owner: Seat,
    /// Which round of that reshuffle.
    pub round: u8,
    pub openings: Vec<PositionOpening>,
}

/// A seat's concession, signed by that seat, for whichever seat the log waits for to write
/// into it: the log has one writer at a time, so a player who gives up while another
/// decides hands its signed word to every other seat, and the next to decide relays it
/// (`Body::Resigned`) before anything else. Its signature covers only the match and the
/// seat, so it means the same wherever in the match it lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resignation {
    pub seat: Seat,
    pub signature: SignatureBytes,
}

impl Resignation {
    /// What a resignation's signature covers.
    fn message(match_id: &Digest32, seat: Seat) -> Vec<u8> {
        postcard::to_stdvec(&("fairduel/resignation/v1", match_id, seat)).unwrap_or_default()
    }

    /// `identity`'s resignation from the match `match_id`, where it sits at `seat`.
    pub fn sign(identity: &Identity, match_id: &Digest32, seat: Seat) -> Resignation {
        Resignation {
            seat,
            signature: identity.sign(&Resignation::message(match_id, seat)),
        }
    }

    /// Whether `key` (the seat's) signed this resignation from `match_id`.
    pub fn verifies(&self, match_id: &Digest32, key: &PlayerKey) -> bool {
        key.verifies(&Resignation::message(match_id, self.seat), &self.signature)
    }
}

/// What an envelope says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Body {
    /// Seq 0, by seat 0 (the host): the match set-up.
    Setup(MatchSetup),
    DeckCommit(DeckCommit),
    Permutation(PermutationCommit),
    RandomReveal(RandomReveal),
    /// A player's decision (a concession included).
    Action(Action),
    /// A protocol step answered from the author's secrets: an opened draw position, a
    /// reveal, an owner declaration.
    Answer(Answer),
    /// A seat other than the one whose envelope began turn `turn` confirms the state hash.
    Checkpoint {
        turn: u16,
    },
    EndReveal(EndReveal),
    /// Another seat's signed concession, relayed by the seat whose decision it is, in
    /// place of that decision (see [`Resignation`]).
    Resigned(Resignation),
}

impl Body {
    pub fn kind(&self) -> &'static str {
        match self {
            Body::Setup(_) => "setup",
            Body::DeckCommit(_) => "deck-commit",
            Body::Permutation(_) => "permutation",
            Body::RandomReveal(_) => "random-reveal",
            Body::Action(_) => "action",
            Body::Answer(_) => "answer",
            Body::Checkpoint { .. } => "checkpoint",
            Body::EndReveal(_) => "end-reveal",
            Body::Resigned(_) => "resignation",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope {
    pub match_id: Digest32,
    pub seq: u64,
    /// The hash of the envelope before (all zero for seq 0).
    pub previous: Digest32,
    pub author: Seat,
    pub body: Body,
    /// The author's state hash after applying `body`.
    pub state_after: Digest32,
}

/// An envelope as it travels and is stored: its exact bytes and, where its author signed
/// it, the author's signature over them. An unsigned envelope is authenticated only by a
/// later signature of the same author further down the chain; nobody acts on it before
/// that. Decoding is separate from receiving so that bad bytes never touch a log.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedEnvelope {
    pub bytes: Vec<u8>,
    pub signature: Option<SignatureBytes>,
}

impl std::fmt::Debug for SignedEnvelope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.open() {
            Ok(e) => write!(
                f,
                "SignedEnvelope(seq {}, {}, {}{})",
                e.seq,
                e.author,
                e.body.kind(),
                if self.signature.is_some() {
                    ", signed"
                } else {
                    ""
                }
            ),
            Err(_) => write!(f, "SignedEnvelope(undecodable, {} bytes)", self.bytes.len()),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("the envelope's bytes do not decode: {0}")]
    Malformed(String),
    #[error("the envelope's bytes are not in canonical form")]
    NotCanonical,
}

impl SignedEnvelope {
    /// Encodes and signs `envelope`.
    pub fn seal(envelope: &Envelope, identity: &Identity) -> SignedEnvelope {
        SignedEnvelope::unsigned(envelope).signed_with(identity)
    }

    /// Encodes `envelope` without a signature (an envelope inside its author's run).
    pub fn unsigned(envelope: &Envelope) -> SignedEnvelope {
        // Encoding into a Vec cannot fail for these plain data types.
        let bytes = postcard::to_stdvec(envelope).unwrap_or_default();
        SignedEnvelope {
            bytes,
            signature: None,
        }
    }

    /// The same envelope with `identity`'s signature over its bytes. The chain hash does
    /// not cover the signature, so signing later changes nothing else.
    pub fn signed_with(mut self, identity: &Identity) -> SignedEnvelope {
        self.signature = Some(identity.sign(&self.bytes));
        self
    }

    /// The same envelope without its signature.
    pub fn without_signature(&self) -> SignedEnvelope {
        SignedEnvelope {
            bytes: self.bytes.clone(),
            signature: None,
        }
    }

    pub fn is_signed(&self) -> bool {
        self.signature.is_some()
    }

    /// Decodes the envelope, insisting on the one canonical encoding so that the signed bytes
    /// and the meaning cannot drift apart.
    pub fn open(&self) -> Result<Envelope, DecodeError> {
        let envelope: Envelope =
            postcard::from_bytes(&self.bytes).map_err(|e| DecodeError::Malformed(e.to_string()))?;
        // Encode it again, comparing byte by byte with what came instead of writing.
        let same = postcard::serialize_with_flavor(
            &envelope,
            SameBytes {
                expected: &self.bytes,
                at: 0,
            },
        );
        if !matches!(same, Ok(true)) {
            return Err(DecodeError::NotCanonical);
        }
        Ok(envelope)
    }

    /// Whether it carries `key`'s valid signature (an unsigned envelope never does).
    pub fn signed_by(&self, key: &PlayerKey) -> bool {
        self.signature
            .as_ref()
            .is_some_and(|s| key.verifies(&self.bytes, s))
    }

    /// Whether it carries a valid signature by `verifier`'s key.
    pub fn verified_by(&self, verifier: &KeyVerifier) -> bool {
        self.signature
            .as_ref()
            .is_some_and(|s| verifier.verifies(&self.bytes, s))
    }

    /// What the next envelope's `previous` must be: SHA-256 over the domain and the
    /// envelope's bytes. The signature is not part of it, so a signature over a later
    /// envelope covers this one whether or not this one was signed.
    pub fn hash(&self) -> Digest32 {
        envelope_hash(&self.bytes)
    }

    /// The wire and file form.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_stdvec(self).unwrap_or_default()
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<SignedEnvelope, DecodeError> {
        postcard::from_bytes(bytes).map_err(|e| DecodeError::Malformed(e.to_string()))
    }
}

/// A postcard output that compares the encoding with `expected` instead of storing it:
/// finishes with `true` when they are the same bytes.
struct SameBytes<'a> {
    expected: &'a [u8],
    at: usize,
}

impl postcard::ser_flavors::Flavor for SameBytes<'_> {
    type Output = bool;

    fn try_push(&mut self, data: u8) -> postcard::Result<()> {
        self.try_extend(&[data])
    }

    fn try_extend(&mut self, data: &[u8]) -> postcard::Result<()> {
        let end = self.at + data.len();
        if self.expected.get(self.at..end) != Some(data) {
            return Err(postcard::Error::SerializeBufferFull);
        }
        self.at = end;
        Ok(())
    }

    fn finalize(self) -> postcard::Result<bool> {
        Ok(self.at == self.expected.len())
    }
}

/// The chain hash of an envelope's bytes: SHA-256 over the postcard encoding of
/// `(ENVELOPE_HASH_DOMAIN, bytes)`, fed to the hasher piece by piece instead of copied.
pub fn envelope_hash(bytes: &[u8]) -> Digest32 {
    let mut head = Vec::with_capacity(ENVELOPE_HASH_DOMAIN.len() + 12);
    push_varint(&mut head, ENVELOPE_HASH_DOMAIN.len());
    head.extend_from_slice(ENVELOPE_HASH_DOMAIN.as_bytes());
    push_varint(&mut head, bytes.len());
    finish_sha256(sha256_hasher(&head), bytes)
}

/// postcard's unsigned varint.
fn push_varint(out: &mut Vec<u8>, mut value: usize) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The commitment to a seat's share of the joint random values.
pub fn random_commitment(match_id: &Digest32, seat: Seat, reveal: &RandomReveal) -> Commitment {
    Commitment(sha256_of(&(
        "fairduel/random/v1",
        match_id,
        seat,
        &reveal.value,
        &reveal.salt,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(identity: &Identity) -> SignedEnvelope {
        SignedEnvelope::seal(
            &Envelope {
                match_id: Digest32([7; 32]),
                seq: 3,
                previous: Digest32([1; 32]),
                author: Seat(1),
                body: Body::Checkpoint { turn: 4 },
                state_after: Digest32([9; 32]),
            },
            identity,
        )
    }

    #[test]
    fn sealed_envelopes_round_trip_and_verify() {
        let id = Identity::from_secret_bytes([5; 32]);
        let signed = sample(&id);
        let again = SignedEnvelope::from_bytes(&signed.to_bytes()).unwrap();
        assert_eq!(again, signed);
        assert_eq!(again.open().unwrap().seq, 3);
        assert!(again.signed_by(&id.public()));
    }

    #[test]
    fn any_flipped_bit_breaks_the_signature_or_the_decoding() {
        let id = Identity::from_secret_bytes([5; 32]);
        let signed = sample(&id);
        for i in 0..signed.bytes.len() {
            let mut bad = signed.clone();
            bad.bytes[i] ^= 0x01;
            assert!(
                !bad.signed_by(&id.public()) || bad.open().is_err(),
                "byte {i} flipped and still accepted"
            );
            assert_ne!(
                bad.hash(),
                signed.hash(),
                "byte {i} flipped, same chain hash"
            );
        }
    }

    #[test]
    fn the_chain_hash_is_sha256_of_the_domain_and_the_bytes() {
        for len in [0usize, 1, 127, 128, 300, 20_000] {
            let bytes: Vec<u8> = (0..len).map(|i| i as u8).collect();
            assert_eq!(
                envelope_hash(&bytes),
                sha256_of(&(ENVELOPE_HASH_DOMAIN, bytes.as_slice())),
                "{len} bytes"
            );
        }
    }

    #[test]
    fn a_non_canonical_encoding_does_not_open() {
        let id = Identity::from_secret_bytes([5; 32]);
        let signed = sample(&id);
        let mut longer = signed.clone();
        longer.bytes.push(0);
        assert_eq!(longer.open().unwrap_err(), DecodeError::NotCanonical);
        // seq 3 as a two-byte varint (0x83 0x00) instead of one byte.
        let at = 32;
        assert_eq!(signed.bytes[at], 3);
        let mut overlong = signed.clone();
        overlong.bytes.splice(at..=at, [0x83, 0x00]);
        assert!(overlong.open().is_err());
    }

    #[test]
    fn the_chain_hash_ignores_the_signature_and_unsigned_envelopes_verify_for_nobody() {
        let id = Identity::from_secret_bytes([5; 32]);
        let signed = sample(&id);
        let bare = signed.without_signature();
        assert_eq!(bare.hash(), signed.hash());
        assert!(!bare.signed_by(&id.public()));
        assert!(!bare.is_signed());
        assert_eq!(
            bare.clone().signed_with(&id),
            signed,
            "signatures are deterministic"
        );
        let again = SignedEnvelope::from_bytes(&bare.to_bytes()).unwrap();
        assert_eq!(again, bare);
    }
}
