//! Cheats that only the card game's field allows (Kingdom Duels, Domain Format).

use fairduel_engine::agreement::{Destination, Operation};
use fairduel_engine::kingdom_card::MainType;
use fairduel_engine::{Action, Awaiting, Decision, Place, PlayMode, Zone};
use fairduel_protocol::envelope::Body;

use fairduel_protocol::matchlog::Step;

use crate::harness::{Game, Table, last, names_only, play_on_after_lie, refused_as};

/// A forged Set of a hidden card: the honest side cannot tell and accepts it, play goes on
/// with the cheater conceding, and every other seat's audit names exactly that entry, in
/// words containing one of `why`.
fn the_audit_names_a_hidden_set(
    game: &mut Game,
    cheater: fairduel_engine::Seat,
    forged: &fairduel_protocol::envelope::SignedEnvelope,
    why: &[&str],
) {
    game.honest_receives(cheater, forged)
        .expect("a hidden card's claim waits for the audit");
    let lie_seq = forged.open().unwrap().seq;
    let mut run = game.clone();
    if let Some(refused) = play_on_after_lie(&mut run, cheater, true) {
        panic!("the lie was refused during play, not by the audit: {refused}");
    }
    for seat in run.others(cheater) {
        let (seq, what) = names_only(&run.audit_by(seat), cheater);
        assert_eq!(seq, lie_seq, "{what}");
        assert!(why.iter().any(|w| what.contains(w)), "{what}");
    }
}

#[test]
fn a_monster_set_as_a_spell_on_the_card_games_field_is_named_by_the_audit() {
    // Kingdom Duels: monsters are summoned face-up, and a face-down card in the Backrow is
    // claimed to be a spell or a trap. The cheater Sets a monster there instead; nobody can
    // see it, so the claim waits, and the audit, replaying with the cheater's secrets, finds
    // the Set illegal and names the entry.
    let table = Table::load("kingdom-duels");
    let mut caught = false;
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let cheater = last(&game);
        let lie = |g: &Game| -> Option<(u8, Place)> {
            if !g.in_main(cheater) {
                return None;
            }
            let legal = g.peer(cheater).legal_actions();
            let monster = legal.iter().find_map(|a| match a {
                Action::Play {
                    hand_index,
                    mode: PlayMode::Summon,
                    ..
                } => Some(*hand_index),
                _ => None,
            })?;
            let backrow = legal.iter().find_map(|a| match a {
                Action::Play {
                    to,
                    mode: PlayMode::SetSpellTrap,
                    ..
                } => Some(*to),
                _ => None,
            })?;
            Some((monster, backrow))
        };
        if !game.advance_until_or_end(|g| lie(g).is_some()) {
            continue;
        }
        let (hand_index, to) = lie(&game).unwrap();
        let forged = game.forge_applied(
            cheater,
            Body::Action(Action::Play {
                hand_index,
                to,
                mode: PlayMode::SetSpellTrap,
                cost: 0,
                tributes: Vec::new(),
                reveal: None,
            }),
        );
        // Replayed with the cheater's own secrets, the Set is illegal where it was made.
        the_audit_names_a_hidden_set(&mut game, cheater, &forged, &["spell or a trap"]);
        caught = true;
        break;
    }
    assert!(
        caught,
        "no seed gave the cheater a monster and a spell to lie with"
    );
}

#[test]
fn a_duelist_setup_swap_takes_only_cardlist_cards_opened_as_committed() {
    // The Cardlist is public from the deck commitment on, and the swap shows every card it
    // takes. A card of the deck that is not in the Cardlist (opened honestly), a Cardlist
    // card claimed for a commitment that hides another card, or a swap written by another
    // seat is refused before anything moves.
    let table = Table::load("kingdom-duels");
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let swapping = |g: &Game| match g.step() {
            Step::Game(Awaiting::Decision {
                seat,
                decision: Decision::StartingSwap,
            }) => Some(seat),
            _ => None,
        };
        if !game.advance_until_or_end(|g| swapping(g).is_some()) {
            continue;
        }
        let swapper = swapping(&game).unwrap();
        let peer = game.peer(swapper);
        let duel = peer.duel().unwrap();
        let player = duel.state().player(swapper);
        let setup = player.duelist_setup.clone().unwrap();
        let knowledge = peer.knowledge();
        let opened = |card_ref| *knowledge.get(&duel.state().commitment(card_ref)).unwrap();
        let given = vec![player.hand[0].card_ref];
        let unlisted = player
            .deck
            .iter()
            .map(|r| (*r, opened(*r)))
            .find(|(_, reveal)| !setup.lists(reveal.card));
        let Some(unlisted) = unlisted else {
            continue;
        };
        let not_listed = game.forge(
            swapper,
            Body::Action(Action::SwapStartingCards {
                give: given.clone(),
                take: vec![unlisted],
            }),
        );
        let refused = refused_as(game.honest_receives(swapper, &not_listed), "illegal-action");
        assert!(
            refused.contains("not in your Duelist Setup's Cardlist"),
            "{refused}"
        );
        // The same deck card, opened as a Cardlist card it is not.
        let mut false_opening = unlisted.1;
        false_opening.card = setup.cardlist[0];
        let lie = game.forge(
            swapper,
            Body::Action(Action::SwapStartingCards {
                give: given,
                take: vec![(unlisted.0, false_opening)],
            }),
        );
        let refused = refused_as(game.honest_receives(swapper, &lie), "illegal-action");
        assert!(refused.contains("does not"), "{refused}");
        let other = game.others(swapper).next().unwrap();
        let stranger = game.forge(
            other,
            Body::Action(Action::SwapStartingCards {
                give: Vec::new(),
                take: Vec::new(),
            }),
        );
        refused_as(game.honest_receives(other, &stranger), "wrong-author");
        assert!(game.advance());
        return;
    }
    panic!("no Duelist Setup swap came up in 40 games");
}

#[test]
fn a_symbol_card_is_opened_as_committed_and_spends_only_the_charges_it_has() {
    // Kingdom Duels with Symbols: a Symbol card comes out of the Extra Deck opened for
    // everyone, and its effects spend the charges it prints. Every peer refuses an Extra
    // Deck card opened as a Symbol it is not, and an effect that spends more charges than
    // the card has left.
    let table = Table::load("kingdom-duels-symbols");
    let mut opening_refused = false;
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let offered = |g: &Game, wanted: fn(&Action) -> bool| {
            g.seats().find_map(|s| {
                let peer = g.peer(s);
                let decides = peer.awaiting().1
                    == Step::Game(Awaiting::Decision {
                        seat: s,
                        decision: Decision::Main,
                    });
                decides
                    .then(|| peer.legal_actions().into_iter().find(&wanted))
                    .flatten()
                    .map(|a| (s, a))
            })
        };
        let is_play = |a: &Action| matches!(a, Action::PlaySymbol { .. });
        if !opening_refused {
            if !game.advance_until_or_end(|g| offered(g, is_play).is_some()) {
                continue;
            }
            let (player, action) = offered(&game, is_play).unwrap();
            let Action::PlaySymbol { card_ref, reveal } = action else {
                unreachable!("found as a PlaySymbol");
            };
            // The committed card, opened as another Symbol card of the pool.
            let mut false_opening = reveal;
            false_opening.card =
                fairduel_engine::CardId(if reveal.card.0 == 200 { 205 } else { 200 });
            let lie = game.forge(
                player,
                Body::Action(Action::PlaySymbol {
                    card_ref,
                    reveal: false_opening,
                }),
            );
            let refused = refused_as(game.honest_receives(player, &lie), "illegal-action");
            assert!(refused.contains("does not"), "{refused}");
            opening_refused = true;
        }
        let is_use = |a: &Action| matches!(a, Action::UseSymbol { .. });
        if !game.advance_until_or_end(|g| offered(g, is_use).is_some()) {
            continue;
        }
        let (player, _) = offered(&game, is_use).unwrap();
        let left = game
            .peer(player)
            .duel()
            .unwrap()
            .state()
            .player(player)
            .symbol
            .unwrap()
            .charges;
        let too_many = game.forge(
            player,
            Body::Action(Action::UseSymbol { charges: left + 1 }),
        );
        let refused = refused_as(game.honest_receives(player, &too_many), "illegal-action");
        assert!(
            refused.contains("does not have that many charges"),
            "{refused}"
        );
        assert!(game.advance());
        return;
    }
    panic!("no Symbol card was played and used in 40 games");
}

#[test]
fn a_spell_summoned_hidden_as_a_monster_is_named_by_the_audit() {
    // Kingdom Duels: an agreed effect may summon a monster from the hand Hidden. Nobody else
    // sees the card, so that it is a monster is the owner's claim. The cheater proposes a
    // Hidden summon of a spell from their hand; once the others accept, the claim waits for
    // the card's reveal, and the audit, replaying with the cheater's secrets, names the
    // proposal.
    let table = Table::load("kingdom-duels");
    let mut caught = false;
    for seed in 0..60 {
        let mut game = Game::new(&table, seed);
        let cheater = last(&game);
        let lie = |g: &Game| -> Option<Vec<Operation>> {
            let Step::Game(Awaiting::Decision {
                seat,
                decision: Decision::ProposeOutcome { .. },
            }) = g.step()
            else {
                return None;
            };
            if seat != cheater {
                return None;
            }
            let peer = g.peer(cheater);
            let duel = peer.duel()?;
            // A card the others have not seen (a shown one would be refused at once).
            let spell_slot = duel.state().player(cheater).hand.iter().position(|slot| {
                let commitment = duel.state().commitment(slot.card_ref);
                slot.card.is_none()
                    && peer
                        .knowledge()
                        .card(&commitment)
                        .and_then(|id| duel.pool().get(id))
                        .and_then(|card| card.kingdom())
                        .is_some_and(|k| !k.is(MainType::Monster))
            })?;
            let free = duel
                .field()
                .frontrow(cheater)
                .find(|at| duel.zone_piece(*at).is_none())?;
            Some(vec![Operation::Move {
                from: Place::Zone {
                    side: cheater,
                    zone: Zone::Hand,
                    slot: u8::try_from(spell_slot).ok()?,
                },
                to: Destination::HiddenField {
                    at: free,
                    defence: true,
                },
            }])
        };
        if !game.advance_until_or_end(|g| lie(g).is_some()) {
            continue;
        }
        let operations = lie(&game).unwrap();
        let forged =
            game.forge_applied(cheater, Body::Action(Action::ProposeOutcome { operations }));
        // The others cannot tell: the card stays hidden.
        game.honest_receives(cheater, &forged)
            .expect("a Hidden summon's claim waits for the reveal");
        let lie_seq = forged.open().unwrap().seq;
        let mut run = game.clone();
        if let Some(refused) = play_on_after_lie(&mut run, cheater, true) {
            // The card had to be opened during play (attacked): refused there and then.
            assert!(refused.contains("monster"), "{refused}");
            caught = true;
            break;
        }
        for seat in run.others(cheater) {
            let report = run.audit_by(seat);
            if report.all_verified() {
                // The others refused the outcome: nothing was summoned, nothing to catch.
                continue;
            }
            let (seq, what) = names_only(&report, cheater);
            // The claim is recorded when the outcome runs: at the proposal, or at the last
            // acceptance after it.
            assert!(seq >= lie_seq, "{seq} {what}");
            assert!(what.contains("was a monster"), "{what}");
            caught = true;
        }
        if caught {
            break;
        }
    }
    assert!(
        caught,
        "no seed let the cheater's Hidden summon of a spell be accepted"
    );
}

#[test]
fn a_card_set_in_the_field_zone_that_is_no_field_spell_is_named_by_the_audit() {
    // Domain Format: only a Field Spell goes to the Field Zone, and a card Set there face-down
    // is claimed to be one. The cheater Sets a spell or trap that is not a Field Spell (or a
    // monster) there; nobody can see it, and the audit, replaying with the cheater's
    // secrets, names the entry.
    let table = Table::load("domain");
    let mut caught = false;
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let cheater = last(&game);
        let lie = |g: &Game| -> Option<(u8, Place)> {
            if !g.in_main(cheater) {
                return None;
            }
            let peer = g.peer(cheater);
            let duel = peer.duel()?;
            let field_zone = duel.field().field_zone(cheater)?;
            let not_a_field_spell = duel.state().player(cheater).hand.iter().position(|slot| {
                let commitment = duel.state().commitment(slot.card_ref);
                peer.knowledge()
                    .card(&commitment)
                    .and_then(|id| duel.pool().get(id))
                    .is_some_and(|card| !card.goes_to_the_field_zone())
            })?;
            Some((u8::try_from(not_a_field_spell).ok()?, field_zone))
        };
        if !game.advance_until_or_end(|g| lie(g).is_some()) {
            continue;
        }
        let (hand_index, to) = lie(&game).unwrap();
        let forged = game.forge_applied(
            cheater,
            Body::Action(Action::Play {
                hand_index,
                to,
                mode: PlayMode::SetSpellTrap,
                cost: 0,
                tributes: Vec::new(),
                reveal: None,
            }),
        );
        the_audit_names_a_hidden_set(
            &mut game,
            cheater,
            &forged,
            &["Field Zone", "spell or a trap"],
        );
        caught = true;
        break;
    }
    assert!(caught, "no seed gave the cheater a card to lie with");
}

#[test]
fn a_pass_over_a_triggered_trap_is_named_by_the_audit() {
    // Kingdom Duels with the players' definitions giving every trap the Trigger "an attack on
    // a monster of yours": a player attacked while holding a trap Set before this turn must
    // activate it or leave it Set and take an Idle Warning. The cheater passes as if none
    // were triggered, dodging the warning; the others cannot see the Set cards, so they take
    // the pass with a claim on each, and the audit, replaying with the cheater's secrets,
    // names the pass.
    let mut table = Table::load("kingdom-duels");
    let definitions: String = table
        .rules
        .pool
        .cards()
        .filter_map(|c| c.kingdom())
        .filter(|k| k.is(MainType::Trap) && k.art_of.is_none())
        .map(|k| {
            format!(
                "[[card]]\ncode = \"{}\"\nkeywords = [\"trigger-attack-on-you\"]\n",
                k.code
            )
        })
        .collect();
    let pool = table
        .rules
        .pool
        .with_definitions("all-traps-triggered.toml", &definitions)
        .unwrap();
    table.rules = fairduel_engine::Rules::new(table.rules.format.clone(), pool);
    let mut caught = false;
    for seed in 0..80 {
        let mut game = Game::new(&table, seed);
        // Whoever is attacked while its own software refuses to let it pass.
        let must_activate = |g: &Game| -> Option<fairduel_engine::Seat> {
            let seat = g.awaited()?;
            let attacked = matches!(
                g.peer(seat).duel()?.state().awaiting,
                Awaiting::Decision {
                    decision: Decision::Respond {
                        event: fairduel_engine::TrapEvent::Attack { .. }
                    },
                    ..
                }
            );
            (attacked && !g.peer(seat).legal_actions().contains(&Action::Pass)).then_some(seat)
        };
        if !game.advance_until_or_end(|g| must_activate(g).is_some()) {
            continue;
        }
        let cheater = must_activate(&game).unwrap();
        let forged = game.forge_applied(cheater, Body::Action(Action::Pass));
        the_audit_names_a_hidden_set(
            &mut game,
            cheater,
            &forged,
            &["must spring", "had to spring", "has its Trigger met"],
        );
        caught = true;
        break;
    }
    assert!(caught, "no seed attacked a player holding a triggered trap");
}

#[test]
fn a_player_waiting_to_join_a_battle_royale_writes_only_its_answer_when_asked() {
    // A Battle Royale's kept seat is out of the duel until it joins: when it is asked at the
    // end of a turn, only it answers (another player cannot join for it), and only with that
    // answer (not a move of the turn). At any other moment an entry of its own is another
    // seat's turn to write, refused like any (`wrong-author`).
    let table = Table::load("kingdom-duels-royale-join");
    let late = fairduel_engine::Seat(3);
    for seed in 0..10 {
        let mut game = Game::new(&table, seed);
        let asked = |g: &Game| {
            matches!(
                g.step(),
                Step::Game(Awaiting::Decision {
                    seat,
                    decision: Decision::JoinDuel,
                }) if seat == late
            )
        };
        if !game.advance_until_or_end(asked) {
            continue;
        }
        let turn_move = game.forge(late, Body::Action(Action::EndTurn));
        let refused = refused_as(game.honest_receives(late, &turn_move), "illegal-action");
        assert!(refused.contains("join"), "{refused}");
        let other = game.others(late).next().unwrap();
        let for_them = game.forge(other, Body::Action(Action::JoinDuel { join: true }));
        refused_as(game.honest_receives(other, &for_them), "wrong-author");
        // The honest answer goes through.
        assert!(game.advance());
        return;
    }
    panic!("no waiting player was asked to join in 10 games");
}

/// The Hidden Integration Summon `seat` could write now from its Main Phase: of an
/// Integration Monster of its Extra Deck (`integration`), or of another Extra Deck monster.
fn hidden_integration_of(
    g: &Game,
    seat: fairduel_engine::Seat,
    integration: bool,
) -> Option<Action> {
    let Step::Game(Awaiting::Decision {
        seat: deciding,
        decision: Decision::Main,
    }) = g.step()
    else {
        return None;
    };
    if deciding != seat {
        return None;
    }
    let peer = g.peer(seat);
    let duel = peer.duel()?;
    duel.state().player(seat).duelist_setup.as_ref()?;
    let card_ref = duel
        .state()
        .player(seat)
        .extra_deck
        .iter()
        .copied()
        .find(|card_ref| {
            let card = peer
                .knowledge()
                .card(&duel.state().commitment(*card_ref))
                .and_then(|id| duel.pool().get(id));
            card.and_then(|c| c.kingdom()).is_some_and(|k| {
                k.is(MainType::Monster)
                    && (k.frame == fairduel_engine::kingdom_card::Frame::Integration) == integration
            })
        })?;
    let to = duel
        .field()
        .frontrow(seat)
        .find(|at| duel.zone_piece(*at).is_none())?;
    Some(Action::HiddenIntegrationSummon {
        card_ref,
        to,
        defence: true,
        materials: Vec::new(),
    })
}

#[test]
fn a_hidden_integration_summon_of_another_monster_is_named_by_the_audit() {
    // Kingdom Duels: a Hidden Integration Summon brings its monster face-down out of the
    // Extra Deck, unseen, and claims it is an Integration Monster. The cheater summons
    // another Extra Deck monster so (its own software refuses to); the others cannot tell
    // and accept it, and the audit, replaying with the cheater's secrets, names the entry.
    let table = Table::load("kingdom-duels");
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let cheater = last(&game);
        if !game.advance_until_or_end(|g| hidden_integration_of(g, cheater, false).is_some()) {
            continue;
        }
        let action = hidden_integration_of(&game, cheater, false).unwrap();
        // The cheater's own software knows the card and would never write it.
        let refused = game.peer(cheater).duel().unwrap().clone().apply(
            cheater,
            &action,
            Some(game.peer(cheater).knowledge()),
        );
        assert!(
            refused
                .as_ref()
                .is_err_and(|e| e.to_string().contains("Integration")),
            "{refused:?}"
        );
        let forged = game.forge_applied(cheater, Body::Action(action));
        the_audit_names_a_hidden_set(&mut game, cheater, &forged, &["Integration Monster"]);
        return;
    }
    panic!("no seed let a player with a Duelist Setup hold another Extra Deck monster");
}

#[test]
fn a_hidden_integration_summon_never_judged_is_listed_by_the_audit() {
    // An honest Hidden Integration Summon whose monster stays unseen until its player
    // concedes: nobody judged its materials, every seat verifies, and the audit lists the
    // summon with the monster the end reveals opened, for the players to judge.
    let table = Table::load("kingdom-duels");
    for seed in 0..40 {
        let mut game = Game::new(&table, seed);
        let summoner = last(&game);
        if !game.advance_until_or_end(|g| hidden_integration_of(g, summoner, true).is_some()) {
            continue;
        }
        let action = hidden_integration_of(&game, summoner, true).unwrap();
        let (written, _) = game.peers[summoner.index()]
            .decide(action)
            .expect("an honest Hidden Integration Summon");
        game.deliver(summoner, &written);
        assert!(play_on_after_lie(&mut game, summoner, true).is_none());
        for seat in game.others(summoner) {
            let report = game.audit_by(seat);
            assert!(report.all_verified(), "{:?}", report.verdicts);
            assert_eq!(report.unjudged.len(), 1, "{:?}", report.unjudged);
            assert_eq!(report.unjudged[0].summoner, summoner);
            let monster = report.unjudged[0]
                .monster
                .and_then(|id| table.rules.pool.get(id));
            assert!(
                monster
                    .and_then(|c| c.kingdom())
                    .is_some_and(|k| k.frame == fairduel_engine::kingdom_card::Frame::Integration),
                "{monster:?}"
            );
        }
        return;
    }
    panic!("no seed let a player with a Duelist Setup hold an Integration Monster");
}
