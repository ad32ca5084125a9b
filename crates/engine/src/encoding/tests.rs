use super::*;
use crate::agreement::{Agreement, Destination, Operation};
use crate::card::{Filter, MonsterType};
use crate::commitment::Commitment;
use crate::hash::Digest32;
use crate::player::{DeckOrder, PermutationRound, PlayerState};
use crate::seat::{PerSeat, SeatSet};
use crate::state::{QueuedEffect, Resume};

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
                size: 40,
                taken: vec![CardRef(first_ref + 3), CardRef(700)],
                top: vec![CardRef(first_ref + 5)],
                bottom: vec![CardRef(first_ref + 7), CardRef(800)],
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
        banished: vec![
            CardSlot {
                card_ref: CardRef(first_ref + 70),
                card: Some(CardId(1)),
            },
            CardSlot {
                card_ref: CardRef(u16::MAX),
                card: Some(CardId(u16::MAX)),
            },
        ],
        field_spell: Some(Attached {
            owner: Seat(1),
            card_ref: CardRef(77),
            card: CardId(200),
            reversed: false,
        }),
        leader: Cell::new(6, 3),
        leader_stuck_turns: 1,
        cards_played: 2,
        monsters_played: 1,
        idle_warnings: 1,
        idle_warnings_this_turn: 1,
        fielded_monster: true,
        attacks_declared: 200,
        redirected: true,
        proposed_end: true,
        destruction_damage: 750,
        deck_master: (life_points > 0).then_some(crate::player::DeckMaster {
            card: CardId(60),
            card_ref: CardRef(first_ref + 50),
            in_zone: false,
            seen_at: crate::player::DeckMasterPlace::Graveyard,
            returns: 2,
            drawn_unseen: vec![CardRef(first_ref + 7)],
        }),
        extra_deck: vec![CardRef(first_ref + 60), CardRef(400)],
        duelist_setup: (life_points > 0).then(|| crate::field::DuelistSetup {
            card: CardId(181),
            cardlist: vec![CardId(5), CardId(688), CardId(5)],
        }),
        field_setup_card: (life_points > 0).then_some(CardId(179)),
        starting_swap_due: life_points > 0,
        symbol: (life_points > 0).then_some(crate::field::SymbolInPlay {
            card: CardId(205),
            card_ref: CardRef(first_ref + 3),
            charges: 5,
            used_this_round: life_points % 2 == 0,
        }),
        destiny: (life_points % 3 != 1).then(|| crate::player::DestinyPile {
            cards: vec![CardRef(first_ref + 70), CardRef(300)],
            drawn: life_points % 3 == 0,
        }),
        face_up_extra_deck: vec![CardSlot {
            card_ref: CardRef(first_ref + 80),
            card: Some(CardId(77)),
        }],
        pendulum_summoned: life_points % 2 == 1,
        rule_cards: Vec::new(),
        effects_used: vec![CardId(7)],
        side: Some(crate::field::Side::Red),
        join_offered_turn: 300,
        last_played: Some(crate::player::LastPlay {
            card_ref: CardRef(first_ref + 3),
            turn: 9,
        }),
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
        activated: true,
        locked_until: 9,
        locked_by: Some(CardRef(4)),
        flip_summoned: true,
        entered_beside_its_fusion: true,
        retyped: crate::piece::Retyped {
            monster_type: Some(crate::card::MonsterType::Zombie),
            attribute: Some(crate::card::Attribute::Dark),
        },
        turns_in_defence: Some(2),
        counters: 3,
        bind: Bind::Turns(3),
        bound_turn: 200,
        modifiers: vec![
            Modifier {
                atk: -500,
                def: 300,
                level: -3,
                duration: Duration::Turns(2),
            },
            Modifier {
                atk: i16::MIN,
                def: i16::MAX,
                level: i8::MIN,
                duration: Duration::EndOfTurn,
            },
            Modifier {
                atk: -1,
                def: 0,
                level: i8::MAX,
                duration: Duration::Permanent,
            },
        ],
        attached: vec![
            Attached {
                owner: Seat(1),
                card_ref: CardRef(500),
                card: CardId(300),
                reversed: false,
            },
            Attached {
                owner: Seat(0),
                card_ref: CardRef(3),
                card: CardId(3),
                reversed: true,
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
        card_ref: Some(CardRef(300)),
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
        markers: vec![1, 40, 200],
        awaiting: Awaiting::main(Seat(1)),
        resume: Resume::Nothing,
        draws_due: vec![
            DrawDue {
                owner: Seat(0),
                round: 0,
                pointer: 200,
                to: DeckTo::Hand,
            },
            DrawDue {
                owner: Seat(1),
                round: 1,
                pointer: 3,
                to: DeckTo::Graveyard,
            },
        ],
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
                card_ref: None,
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
            PendingClaim {
                card_ref: CardRef(7),
                owner: Seat(1),
                predicate: Predicate::Monster,
                turn: 9,
            },
            PendingClaim {
                card_ref: CardRef(41),
                owner: Seat(1),
                predicate: Predicate::IntegrationMonster,
                turn: 12,
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
        class_declarations: vec![(Seat(2), vec![Cell::new(5, 2).into()])],
        set_apart: vec![crate::state::SetApart {
            summoner: Seat(1),
            monster: CardRef(41),
            materials: vec![(Seat(1), CardRef(42)), (Seat(0), CardRef(7))],
            shown: Some(CardId(170)),
            due: true,
            judges: vec![Seat(0), Seat(3)],
        }],
        agreement: Some(Agreement {
            card: CardId(1200),
            card_ref: CardRef(300),
            at: Place::Zone {
                side: Seat(1),
                zone: Zone::Backrow,
                slot: 4,
            },
            controller: Seat(1),
            proposal: Some(vec![
                Operation::Move {
                    from: Place::Zone {
                        side: Seat(0),
                        zone: Zone::Hand,
                        slot: 2,
                    },
                    to: Destination::Field {
                        at: Place::Zone {
                            side: Seat(1),
                            zone: Zone::Frontrow,
                            slot: 0,
                        },
                        defence: true,
                    },
                },
                Operation::LifePoints {
                    seat: Seat(0),
                    amount: -70_000,
                },
                Operation::Stats {
                    at: Cell::new(3, 3).into(),
                    atk: -300,
                    def: 20_000,
                    duration: Duration::EndOfTurn,
                },
                Operation::ChangePosition {
                    at: Cell::new(0, 0).into(),
                },
                Operation::Draw {
                    seat: Seat(3),
                    count: 2,
                },
                Operation::Declare {
                    text: "Dragon, then 7".into(),
                },
                Operation::Search { seat: Seat(1) },
            ]),
            to_answer: vec![Seat(0), Seat(3)],
            agreed: SeatSet(0b100),
            refused: 2,
            accepted: false,
            chances: vec![
                crate::chance::ChanceResult {
                    chance: crate::chance::Chance::Coin {
                        call: crate::chance::CoinSide::Tails,
                    },
                    result: 1,
                },
                crate::chance::ChanceResult {
                    chance: crate::chance::Chance::Die,
                    result: 6,
                },
            ],
            effect: Some(effect.clone()),
            target: Some(Seat(0)),
        }),
        searches_due: vec![Seat(2), Seat(0)],
        reshuffles: vec![
            crate::reshuffle::Reshuffle {
                owner: Seat(1),
                cards: vec![CardRef(3), CardRef(300), CardRef(17)],
                first_card: Some(CardRef(900)),
                permuters: vec![Seat(2), Seat(0)],
                rounds: vec![crate::player::PermutationRound {
                    permuter: Seat(2),
                    first: CardRef(903),
                }],
                finished: false,
            },
            crate::reshuffle::Reshuffle {
                owner: Seat(0),
                cards: Vec::new(),
                first_card: None,
                permuters: vec![Seat(1)],
                rounds: Vec::new(),
                finished: true,
            },
        ],
        joint_draw: Some(crate::chance::JointDraw {
            chance: crate::chance::Chance::Die,
            number: 300,
            seats: vec![Seat(1), Seat(2), Seat(0)],
            commitments: vec![crate::chance::ShareCommitment(Digest32([7; 32]))],
            shares: vec![[0xAB; 32]],
        }),
        joint_draws: 301,
        attack_negated: true,
        spell_negated: false,
        spell_spares: SeatSet::only(Seat(2)),
        gains_reversed: SeatSet::only(Seat(1)),
        outcome: Some(Outcome {
            winners: SeatSet::only(Seat(0)),
            reason: WinReason::DeckOut,
        }),
        chain: crate::field::Chain {
            links: vec![
                crate::field::ChainLink {
                    controller: Seat(1),
                    card: CardId(274),
                    card_ref: CardRef(40),
                    at: Cell::new(0, 3).into(),
                    target: crate::field::OpponentTarget::Opponent(Seat(0)),
                },
                crate::field::ChainLink {
                    controller: Seat(0),
                    card: CardId(387),
                    card_ref: CardRef(700),
                    at: Cell::new(6, 1).into(),
                    target: crate::field::OpponentTarget::Undecided { met_by: None },
                },
            ],
            to_ask: vec![Seat(1), Seat(0)],
        },
        equips: vec![crate::field::EquipLink {
            equip: CardRef(3),
            target: CardRef(1),
        }],
        flip_effects_due: vec![crate::field::FlipEffectDue {
            controller: Seat(1),
            card: CardId(56),
            card_ref: CardRef(4),
            at: Place::Zone {
                side: Seat(1),
                zone: crate::place::Zone::Frontrow,
                slot: 2,
            },
        }],
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
            seat: Seat(3),
            decision: Decision::JudgeMaterials { summoner: Seat(1) },
        },
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
        Awaiting::Answer {
            seat: Seat(1),
            asked: Asked::DeclareClass {
                places: vec![Cell::new(3, 3).into()],
            },
        },
        Awaiting::Answer {
            seat: Seat(2),
            asked: Asked::RecommitDeck { count: 300 },
        },
        Awaiting::Answer {
            seat: Seat(1),
            asked: Asked::CommitShare,
        },
        Awaiting::Answer {
            seat: Seat(0),
            asked: Asked::OpenShare,
        },
        Awaiting::Answer {
            seat: Seat(0),
            asked: Asked::PermuteDeck {
                owner: Seat(2),
                count: 41,
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
        Awaiting::Decision {
            seat: Seat(2),
            decision: Decision::ProposeOutcome { card: CardId(900) },
        },
        Awaiting::Decision {
            seat: Seat(0),
            decision: Decision::ConsiderOutcome { by: Seat(2) },
        },
        Awaiting::Decision {
            seat: Seat(1),
            decision: Decision::SearchDeck,
        },
        Awaiting::Decision {
            seat: Seat(2),
            decision: Decision::StartingSwap,
        },
        Awaiting::Decision {
            seat: Seat(1),
            decision: Decision::HideAgain {
                at: Cell::new(3, 1).into(),
            },
        },
        Awaiting::Decision {
            seat: Seat(0),
            decision: Decision::Replay {
                attacker: Cell::new(3, 2).into(),
            },
        },
        Awaiting::Decision {
            seat: Seat(1),
            decision: Decision::DestinyDraw,
        },
        Awaiting::Decision {
            seat: Seat(0),
            decision: Decision::PlaceRevived {
                card: CardId(376),
                by: None,
            },
        },
        Awaiting::Decision {
            seat: Seat(0),
            decision: Decision::PlaceRevived {
                card: CardId(0),
                by: Some(CardId(377)),
            },
        },
        Awaiting::Decision {
            seat: Seat(1),
            decision: Decision::Teleport { card: CardId(410) },
        },
        Awaiting::Decision {
            seat: Seat(0),
            decision: Decision::PlaceMade {
                card: CardId(74),
                by: CardId(274),
            },
        },
        Awaiting::Finished,
    ];
    let resumes = [
        Resume::Nothing,
        Resume::FirstTurn { seat: Seat(1) },
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
        Resume::EffectDeclared {
            effect: effect.clone(),
            then: Box::new(Resume::AttackAfterReveal {
                attacker: Cell::new(1, 1).into(),
                target: Cell::new(2, 1).into(),
            }),
        },
        Resume::HideAgain {
            places: vec![Cell::new(1, 1).into(), Cell::new(2, 1).into()],
        },
        Resume::Replay {
            attacker: Cell::new(2, 2).into(),
        },
        Resume::DrawChoice { seat: Seat(1) },
        Resume::TakeControl {
            effect: effect.clone(),
            then: Box::new(Resume::AttackAfterWindow {
                attacker: Cell::new(1, 1).into(),
                target: Cell::new(2, 1).into(),
            }),
        },
        Resume::PlaceRevived {
            effect: effect.clone(),
            owner: Seat(1),
            from: Seat(1),
            card: CardRef(7),
            revived: CardId(376),
            then: Box::new(Resume::Nothing),
        },
        Resume::RandomEffect {
            effect: effect.clone(),
            then: Box::new(Resume::SpellAfterWindow {
                spell: effect.clone(),
            }),
        },
        Resume::Teleport {
            effect: effect.clone(),
            then: Box::new(Resume::PlaceRevived {
                effect: effect.clone(),
                owner: Seat(0),
                from: Seat(1),
                card: CardRef(300),
                revived: CardId(0),
                then: Box::new(Resume::Nothing),
            }),
        },
        Resume::Revive {
            effect: effect.clone(),
            then: Box::new(Resume::AttackAfterReveal {
                attacker: Cell::new(1, 1).into(),
                target: Cell::new(2, 1).into(),
            }),
        },
        Resume::PlaceMade {
            effect: effect.clone(),
            made: CardId(74),
            face_down: true,
            then: Box::new(Resume::Teleport {
                effect: effect.clone(),
                then: Box::new(Resume::Nothing),
            }),
        },
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
        TrapEvent::EndProposed { by: Seat(2) },
        TrapEvent::Chained {
            at: Cell::new(2, 3).into(),
            by: Seat(1),
        },
        TrapEvent::Summoned {
            at: Cell::new(2, 3).into(),
            by: Seat(1),
        },
        TrapEvent::PowerUp {
            at: Cell::new(4, 2).into(),
        },
        TrapEvent::TrapSprung {
            at: Cell::new(0, 6).into(),
        },
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
            winners: [Seat(1), Seat(2)].into_iter().collect(),
            reason: WinReason::Agreement,
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
                    .then(|| (Seat(1), events[(i + j) % events.len()]))
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
        class_declarations: Vec::new(),
        set_apart: Vec::new(),
        spell_negated: true,
        spell_spares: SeatSet::EMPTY,
        gains_reversed: SeatSet::EMPTY,
        outcome: None,
        chain: crate::field::Chain::default(),
        equips: Vec::new(),
        flip_effects_due: Vec::new(),
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
                level: (i % 5) as i8 - 2,
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
