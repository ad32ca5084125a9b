//! A Kingdom Duels match driven from the home screen the way a player drives it: the zone
//! board with its terrain markers, the phase bar, a summon by clicking a hand card and a
//! green zone, the Battle Phase by its button, an attack by clicking a monster and a red
//! one, the idle-warning prompt, and the verified result (egui_kittest).

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fairduel_engine::{Action, Decision, Place, PlayMode, Seat};

use crate::app::{FairDuelApp, Screen};
use crate::app_tests::{
    app, harness, labels_containing, my_turn_ready, over, pick_format, settle, start_from_home,
    step_of, step_until, view, wait_after,
};

/// My decision on the board (Main Phase or Battle Phase), answering any other prompt (a
/// redirect offer) with its first option, as a player pressing 1 would.
fn wait_for_my_board_decision(h: &mut Harness<'static, FairDuelApp>) {
    loop {
        step_until(h, "my decision", |h| my_turn_ready(h) || over(h));
        if over(h) {
            return;
        }
        let on_board = view(h).is_some_and(|v| {
            matches!(
                v.awaiting().decision(),
                Some((seat, Decision::Main | Decision::Battle)) if seat == v.seat
            )
        });
        if on_board {
            return;
        }
        let before = step_of(h);
        h.key_press(egui::Key::Num1);
        wait_after(h, before, "the prompt's answer");
    }
}

/// Waits for the result screen and the audit, which must verify every seat.
fn wait_for_every_seat_verified(h: &mut Harness<'static, FairDuelApp>) {
    step_until(h, "the result screen", |h| {
        h.state().screen == Screen::Result
    });
    step_until(h, "the audit", |h| {
        h.state()
            .game
            .as_ref()
            .is_some_and(|g| g.model.end.is_some())
    });
    h.get_by_label_contains("Every seat verified");
}

fn zone_button(h: &Harness<'static, FairDuelApp>, prefix: &str) -> String {
    labels_containing(h, prefix)
        .into_iter()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("a zone labelled {prefix}…"))
}

/// How many zones' labels start with `prefix` (log lines naming a zone do not count).
fn zone_count(h: &Harness<'static, FairDuelApp>, prefix: &str) -> usize {
    labels_containing(h, prefix)
        .into_iter()
        .filter(|l| l.starts_with(prefix))
        .count()
}

/// Lets a chain go ahead until I am asked to propose the outcome of my card: a chain window
/// of mine is passed (after `in_window` looks at it), and an outcome the bot proposes for its
/// own response, which resolves first, is accepted.
fn go_along_until_my_proposal(
    h: &mut Harness<'static, FairDuelApp>,
    in_window: impl Fn(&Harness<'static, FairDuelApp>),
) {
    loop {
        step_until(h, "the proposal editor or a chain window", |h| {
            view(h).is_some_and(|v| {
                matches!(
                    v.awaiting().decision(),
                    Some((
                        seat,
                        Decision::ProposeOutcome { .. }
                            | Decision::Respond { .. }
                            | Decision::ConsiderOutcome { .. }
                    )) if seat == v.seat
                )
            })
        });
        let decision = view(h).and_then(|v| v.awaiting().decision().map(|(_, d)| d.clone()));
        let answer = match &decision {
            Some(Decision::ConsiderOutcome { .. }) => "Accept",
            Some(Decision::Respond { .. }) => {
                in_window(h);
                "Let it go ahead"
            }
            _ => return,
        };
        settle(h);
        // The button, not the question that also names it.
        let button = labels_containing(h, answer)
            .into_iter()
            .find(|l| !l.ends_with('?'))
            .unwrap_or_else(|| panic!("no {answer:?} button for {decision:?}"));
        let before = step_of(h);
        h.get_by_role_and_label(Role::Button, &button).click();
        wait_after(h, before, "the answer");
    }
}

fn current_phase(h: &Harness<'static, FairDuelApp>) -> Vec<String> {
    labels_containing(h, " phase, now")
}

/// Summons the first monster the rules let me, by clicking it in the hand, a green
/// Frontrow zone and "Summon face-up" in the choice. Returns the zone's slot and the name.
pub(crate) fn summon_a_monster(h: &mut Harness<'static, FairDuelApp>) -> Option<(u8, String)> {
    let (hand_index, slot) = view(h)?.legal.iter().find_map(|a| match a {
        Action::Play {
            hand_index,
            to: Place::Zone { slot, .. },
            mode: PlayMode::Summon,
            ..
        } => Some((*hand_index, *slot)),
        _ => None,
    })?;
    let hand = labels_containing(h, &format!("Hand {}: ", hand_index + 1))
        .into_iter()
        .next()?;
    let name = hand
        .split_once(": ")
        .map(|(_, rest)| rest.trim_end_matches(", playable").to_owned())?;
    h.get_by_role_and_label(Role::Button, &hand).click();
    settle(h);
    // "Your Frontrow 2 under …" with terrain, "Your Frontrow 2: …" without (Domain Format).
    let target = zone_button(h, &format!("Your Frontrow {}", slot + 1));
    assert!(target.ends_with("— play here"), "{target}");
    h.get_by_role_and_label(Role::Button, &target).click();
    settle(h);
    // Two ways to summon there: face-up in attack or in defence position.
    let choice = labels_containing(h, "Summon face-up");
    assert!(!choice.is_empty(), "the summon's choice is offered");
    let before = step_of(h);
    h.key_press(egui::Key::Num1);
    wait_after(h, before, "the summon");
    Some((slot, name))
}

/// Ends my turn with Enter, answering the idle-warning prompt if it comes, and waits for
/// the next turn; returns whether the prompt came.
fn end_my_turn(h: &mut Harness<'static, FairDuelApp>) -> bool {
    let turn = view(h).map_or(0, |v| v.duel.state().turn);
    let idle = view(h).is_some_and(|v| v.duel.idleness_due(v.seat).is_some());
    h.key_press(egui::Key::Enter);
    settle(h);
    if idle {
        // The prompt (the board's own "Idle Warnings 1 of 1" may be showing too).
        h.get_by_label_contains("You have had no monster on the field this turn");
        h.get_by_role_and_label(Role::Button, "End the turn anyway")
            .click();
    }
    step_until(h, "the end of my turn", |h| {
        over(h) || view(h).is_some_and(|v| v.duel.state().turn > turn)
    });
    idle
}

#[test]
fn a_kingdom_duels_match_from_home_to_the_verified_result() {
    let mut h = harness(app(11));
    h.run();
    pick_format(&mut h, "Kingdom Duels");
    start_from_home(&mut h);
    wait_for_my_board_decision(&mut h);

    // The board: both sides' Frontrow zones under their terrain markers, each saying what
    // it boosts; the Rule Zone, deck and graveyard; the phase bar.
    let mine = labels_containing(&h, "Your Frontrow ");
    assert_eq!(zone_count(&h, "Your Frontrow "), 5, "{mine:?}");
    assert!(
        mine.iter()
            .all(|l| l.contains(" under ") && l.contains("(boosts ")),
        "{mine:?}"
    );
    assert_eq!(zone_count(&h, "Bot's Frontrow "), 5);
    assert_eq!(zone_count(&h, "Your Backrow "), 5);
    h.get_by_label_contains("Ada's deck: ");
    h.get_by_label_contains("Bot's graveyard: ");
    assert!(!labels_containing(&h, "Terrain markers").is_empty());

    let mut summoned = None;
    let mut attacked = false;
    let mut battle_phase_seen = false;
    let mut idle_prompt_seen = false;
    for _ in 0..30 {
        wait_for_my_board_decision(&mut h);
        if over(&h) {
            break;
        }
        assert_eq!(current_phase(&h), vec!["Main 1 phase, now".to_owned()]);
        if summoned.is_none()
            && let Some((slot, name)) = summon_a_monster(&mut h)
        {
            let label = zone_button(&h, &format!("Your Frontrow {} ", slot + 1));
            assert!(label.contains(&format!(": {name}, ATK ")), "{label}");
            assert!(label.contains("attack position"), "{label}");
            summoned = Some(name);
            wait_for_my_board_decision(&mut h);
        }
        if over(&h) {
            break;
        }
        if labels_containing(&h, "To the Battle Phase")
            .iter()
            .any(|l| l == "To the Battle Phase")
        {
            let before = step_of(&h);
            h.get_by_role_and_label(Role::Button, "To the Battle Phase")
                .click();
            wait_after(&mut h, before, "the Battle Phase");
            wait_for_my_board_decision(&mut h);
            if over(&h) {
                break;
            }
            assert_eq!(current_phase(&h), vec!["Battle phase, now".to_owned()]);
            battle_phase_seen = true;
            let attack = view(&h).and_then(|v| {
                v.legal.iter().find_map(|a| match a {
                    Action::Attack { from, target, .. } => Some((*from, *target)),
                    _ => None,
                })
            });
            if let Some((from, target)) = attack
                && !attacked
            {
                let (
                    Place::Zone {
                        slot: from_slot, ..
                    },
                    Place::Zone { slot: to_slot, .. },
                ) = (from, target)
                else {
                    panic!("attacks on the field are between zones");
                };
                let attacker = zone_button(&h, &format!("Your Frontrow {} ", from_slot + 1));
                h.get_by_role_and_label(Role::Button, &attacker).click();
                settle(&mut h);
                let defender = zone_button(&h, &format!("Bot's Frontrow {} ", to_slot + 1));
                assert!(defender.ends_with("— attack here"), "{defender}");
                let before = step_of(&h);
                h.get_by_role_and_label(Role::Button, &defender).click();
                wait_after(&mut h, before, "the attack");
                attacked = true;
                assert!(
                    h.state().game.as_ref().is_some_and(|g| g
                        .model
                        .log
                        .iter()
                        .any(|l| l.text.starts_with("Ada attacks") || l.text.contains("attack"))),
                    "the attack is in the log"
                );
                wait_for_my_board_decision(&mut h);
                if over(&h) {
                    break;
                }
            }
        }
        // End the turn with Enter; an idle turn asks first.
        idle_prompt_seen |= end_my_turn(&mut h);
        if summoned.is_some() && attacked {
            break;
        }
    }
    eprintln!(
        "turn {}: summoned {summoned:?}, battle phase {battle_phase_seen}, attacked {attacked}, \
         idle prompt {idle_prompt_seen}, over {}",
        view(&h).map_or(0, |v| v.duel.state().turn),
        over(&h)
    );
    assert!(summoned.is_some(), "a monster of mine was summoned");
    assert!(
        battle_phase_seen,
        "the Battle Phase was reached by its button"
    );
    assert!(attacked || over(&h), "an attack was made");

    if !over(&h) {
        h.get_by_label("Autopilot").click();
    }
    wait_for_every_seat_verified(&mut h);
    h.get_by_label("Ada (you): verified: played fairly");
    h.get_by_label("Bot: verified: played fairly");
}

/// An idle End Phase is asked about before it costs a warning, and going back keeps the
/// turn: the field's rule, seen from the player's side.
#[test]
fn ending_an_idle_turn_asks_first() {
    let mut h = harness(app(5));
    h.run();
    pick_format(&mut h, "Kingdom Duels");
    start_from_home(&mut h);
    // Pass my turns without summoning until the bot has a monster and my turn is idle.
    for _ in 0..12 {
        wait_for_my_board_decision(&mut h);
        assert!(!over(&h), "the duel lasts past a few idle turns");
        let idle = view(&h).is_some_and(|v| v.duel.idleness_due(v.seat).is_some());
        if idle {
            let turn = view(&h).map_or(0, |v| v.duel.state().turn);
            h.key_press(egui::Key::Enter);
            settle(&mut h);
            h.get_by_label_contains("gives you Idle Warning 1 of 1");
            // Going back keeps the turn.
            h.key_press(egui::Key::Escape);
            settle(&mut h);
            assert!(labels_containing(&h, "Idle Warning 1 of 1").is_empty());
            assert_eq!(view(&h).map_or(0, |v| v.duel.state().turn), turn);
            // Ending it anyway gives the warning, shown in my panel.
            h.key_press(egui::Key::Enter);
            settle(&mut h);
            h.get_by_role_and_label(Role::Button, "End the turn anyway")
                .click();
            step_until(&mut h, "the warning", |h| {
                view(h).is_some_and(|v| v.duel.state().player(v.seat).idle_warnings == 1)
            });
            h.get_by_label_contains("Idle Warnings 1 of 1: another idle turn loses the duel");
            return;
        }
        let turn = view(&h).map_or(0, |v| v.duel.state().turn);
        let before = step_of(&h);
        // Through the Battle Phase if it is offered, then the end of the turn.
        if view(&h).is_some_and(|v| v.legal.contains(&Action::EndTurn)) {
            h.key_press(egui::Key::Enter);
        }
        step_until(&mut h, "the bot's turn", |h| {
            over(h) || view(h).is_some_and(|v| v.duel.state().turn > turn) || step_of(h) > before
        });
    }
    panic!("no idle turn came up in twelve turns");
}

#[test]
fn a_monster_under_a_terrain_that_boosts_it_shows_the_field_power_bonus() {
    let mut h = harness(app(11));
    h.run();
    pick_format(&mut h, "Kingdom Duels");
    // Kaiba's Dragons starts on Dragon Valley and Factory, which its monsters like.
    h.get_by_label("Your deck").click();
    h.run();
    h.get_by_role_and_label(Role::Button, "Kaiba's Dragons")
        .click();
    h.run();
    start_from_home(&mut h);
    for _ in 0..20 {
        wait_for_my_board_decision(&mut h);
        assert!(
            !over(&h),
            "a boosted summon came up before the end: {:?}",
            view(&h).map(|v| (v.duel.state().turn, v.outcome))
        );
        let v = view(&h).expect("a view");
        // The labels name the engine's own markers, zone by zone.
        for place in v.duel.field().frontrow(v.seat) {
            let Place::Zone { slot, .. } = place else {
                continue;
            };
            let terrain = v.duel.marker_at(place).expect("a marker");
            let label = zone_button(&h, &format!("Your Frontrow {} ", slot + 1));
            let words = format!("under {} (boosts {})", terrain.name, terrain.boost_label());
            assert!(label.contains(&words), "{label}");
        }
        // A summon the marker over its zone boosts, if my hand has one.
        let boosted = v.legal.iter().find_map(|a| {
            let Action::Play {
                hand_index,
                to,
                mode: PlayMode::Summon,
                reveal: Some(reveal),
                ..
            } = a
            else {
                return None;
            };
            let card = v.duel.pool().get(reveal.card)?.kingdom()?;
            let terrain = v.duel.marker_at(*to)?;
            terrain.boosts(card).then(|| {
                (
                    *hand_index,
                    *to,
                    card.base_atk() + card.field_power_bonus().0,
                )
            })
        });
        if let Some((hand_index, to, boosted_atk)) = boosted {
            let Place::Zone { slot, .. } = to else {
                panic!("a zone");
            };
            let hand = labels_containing(&h, &format!("Hand {}: ", hand_index + 1))
                .into_iter()
                .next()
                .expect("the hand card");
            h.get_by_role_and_label(Role::Button, &hand).click();
            settle(&mut h);
            let target = zone_button(&h, &format!("Your Frontrow {} ", slot + 1));
            h.get_by_role_and_label(Role::Button, &target).click();
            settle(&mut h);
            let before = step_of(&h);
            h.key_press(egui::Key::Num1);
            wait_after(&mut h, before, "the summon");
            let label = zone_button(&h, &format!("Your Frontrow {} ", slot + 1));
            assert!(
                label.contains(&format!("ATK {boosted_atk} ")),
                "the printed 30% is added: {label}"
            );
            assert!(label.contains("Field Power Bonus"), "{label}");
            // Clicking it shows the bonus in the inspector too.
            h.get_by_role_and_label(Role::Button, &label).click();
            settle(&mut h);
            h.get_by_label("Field Power Bonus (+30%)");
            return;
        }
        // Otherwise any monster, so that the turn is not idle.
        if summon_a_monster(&mut h).is_some() {
            wait_for_my_board_decision(&mut h);
            assert!(!over(&h));
        }
        let Some(v) = view(&h) else {
            panic!("a view");
        };
        let turn = v.duel.state().turn;
        let idle = v.duel.idleness_due(v.seat).is_some();
        h.key_press(egui::Key::Enter);
        settle(&mut h);
        if idle {
            h.get_by_role_and_label(Role::Button, "End the turn anyway")
                .click();
        }
        step_until(&mut h, "the bot's turn", |h| {
            over(h) || view(h).is_some_and(|v| v.duel.state().turn > turn)
        });
    }
    panic!("no boosted summon in twenty turns");
}

/// A Boss Duel: my partner and I play one side of the field together against the boss, with
/// one count of life points; the bots finish the match and every seat is verified.
#[test]
fn a_boss_duel_puts_the_team_on_one_side_and_ends_verified() {
    let mut h = harness(app(4));
    h.run();
    pick_format(&mut h, "Kingdom Duels, Boss Duel");
    start_from_home(&mut h);
    wait_for_my_board_decision(&mut h);
    // Two sides, not three: ours (five Frontrow zones called mine) and the boss's.
    assert_eq!(zone_count(&h, "Your Frontrow "), 5);
    assert_eq!(zone_count(&h, "Bot's Frontrow "), 5);
    assert_eq!(zone_count(&h, "Partner bot's Frontrow "), 0);
    h.get_by_label_contains("Ada & Partner bot's deck: ");
    h.get_by_label_contains("Ada & Partner bot's graveyard: ");
    let v = view(&h).expect("a view");
    let partner = v
        .duel
        .state()
        .seats()
        .find(|s| *s != v.seat && !v.duel.state().table.are_opponents(v.seat, *s))
        .expect("a partner");
    assert_eq!(
        v.duel.state().player(partner).life_points,
        v.duel.state().player(v.seat).life_points,
        "one count of life points for the team"
    );
    h.get_by_label("Autopilot").click();
    wait_for_every_seat_verified(&mut h);
    h.get_by_label("Partner bot: verified: played fairly");
}

/// The names of `seat`'s face-down cards on the field that my view knows, and how many of
/// its face-down cards there are.
fn known_face_down_of(
    view: &fairduel_net::driver::SeatView,
    seat: fairduel_engine::Seat,
) -> (Vec<String>, usize) {
    let duel = &view.duel;
    let mut names = Vec::new();
    let mut count = 0;
    for place in duel.field().all_zones() {
        let Some(piece) = duel.zone_piece(place) else {
            continue;
        };
        if piece.owner != seat || piece.card.is_some() {
            continue;
        }
        count += 1;
        if let Some(card) = duel.known_card(piece, Some(&view.knowledge)) {
            names.push(card.name.clone());
        }
    }
    (names, count)
}

/// A Tag Duel: my partner's face-down cards on the field show me their names (its client
/// shows them to mine alone), the opponents' stay hidden; the bots finish the match and
/// every seat is verified.
#[test]
fn a_tag_partners_face_down_cards_show_on_my_board_and_the_opponents_stay_hidden() {
    // Which seed's bots set a card before the match ends depends on the decks and the
    // bots, so the test tries a few.
    for seed in [5, 105, 205, 305, 405] {
        let mut h = harness(app(seed));
        if partners_card_seen(&mut h) {
            wait_for_every_seat_verified(&mut h);
            return;
        }
    }
    panic!("in five matches my partner never set a card before the end");
}

/// Plays a Tag Duel on autopilot until my partner's face-down card is named on my board
/// (whether it was), checking all along that no opponent's face-down card is known.
fn partners_card_seen(h: &mut Harness<'static, FairDuelApp>) -> bool {
    h.run();
    pick_format(h, "Kingdom Duels, Tag Duel");
    start_from_home(h);
    h.get_by_label("Autopilot").click();
    let mut seen = None;
    while seen.is_none() && !over(h) {
        h.step();
        let Some(v) = view(h) else {
            continue;
        };
        let me = v.seat;
        for opponent in [Seat((me.0 + 1) % 4), Seat((me.0 + 3) % 4)] {
            let (known, _) = known_face_down_of(v, opponent);
            assert!(known.is_empty(), "I know my opponent's face-down {known:?}");
        }
        // The board names my partner's card, face-down or Hidden, as it names my own.
        let (known, _) = known_face_down_of(v, Seat((me.0 + 2) % 4));
        seen = known
            .iter()
            .find(|name| {
                labels_containing(h, &format!("{name} (")).iter().any(|l| {
                    l.contains(&format!("{name} (face-down)"))
                        || l.contains(&format!("{name} (Hidden in"))
                })
            })
            .cloned();
    }
    seen.is_some()
}

/// The proposal editor from the player's side: a spell activated from the hand, its outcome
/// written by picking a card on the board, previewed, sent, and answered by the other
/// player; the log says how it resolved, and the finished record verifies.
#[test]
fn a_spell_resolves_by_an_outcome_written_in_the_editor() {
    let mut h = harness(app(7));
    h.run();
    pick_format(&mut h, "Kingdom Duels");
    start_from_home(&mut h);
    let mut activated = false;
    for _ in 0..25 {
        wait_for_my_board_decision(&mut h);
        assert!(
            !over(&h),
            "a spell came to hand before the end: {:?}",
            view(&h).map(|v| (v.duel.state().turn, v.outcome, v.log.clone()))
        );
        let spell = view(&h).and_then(|v| {
            v.legal.iter().find_map(|a| match a {
                Action::Play {
                    hand_index,
                    to: Place::Zone { slot, .. },
                    mode: PlayMode::ActivateSpell,
                    ..
                } => Some((*hand_index, *slot)),
                _ => None,
            })
        });
        if let Some((hand_index, slot)) = spell {
            let hand = labels_containing(&h, &format!("Hand {}: ", hand_index + 1))
                .into_iter()
                .next()
                .expect("the hand card's label");
            h.get_by_role_and_label(Role::Button, &hand).click();
            settle(&mut h);
            let zone = zone_button(&h, &format!("Your Backrow {} ", slot + 1));
            h.get_by_role_and_label(Role::Button, &zone).click();
            settle(&mut h);
            let activate = labels_containing(&h, "Activate it now")
                .into_iter()
                .next()
                .expect("activating is offered beside setting");
            let before = step_of(&h);
            h.get_by_role_and_label(Role::Button, &activate).click();
            wait_after(&mut h, before, "the activation");
            activated = true;
            break;
        }
        // Stay out of the idleness rule's way: summon when I can.
        if summon_a_monster(&mut h).is_some() {
            wait_for_my_board_decision(&mut h);
            if over(&h) {
                break;
            }
        }
        end_my_turn(&mut h);
    }
    assert!(activated, "a spell was activated from the hand");
    // The spell is the first link of a chain: the bot may respond, and I am asked too while
    // I hold another Set card. Let the chain go ahead until my spell resolves.
    go_along_until_my_proposal(&mut h, |h| {
        assert!(
            !labels_containing(h, "(chain link").is_empty(),
            "the window names the chain link it answers"
        );
    });
    h.get_by_label_contains("FairDuel does not know what");
    // The card asks for a coin: every seat's client adds its share, and the result shows
    // in the editor and in the log.
    h.get_by_label("Toss a coin: call heads").click();
    step_until(&mut h, "the coin's result", |h| {
        view(h).is_some_and(|v| {
            v.duel.agreement().is_some_and(|a| a.chances.len() == 1)
                && matches!(
                    v.awaiting().decision(),
                    Some((seat, Decision::ProposeOutcome { .. })) if seat == v.seat
                )
        })
    });
    let coin = labels_containing(&h, "coin: ");
    assert!(
        coin.iter()
            .any(|l| l == "coin: heads, the call (heads) was right [O]"
                || l == "coin: tails, the call (heads) was wrong [X]"),
        "{coin:?}"
    );
    assert!(
        !labels_containing(&h, "the coin lands").is_empty(),
        "the log tells the coin's result"
    );
    // Send the activated spell itself to the graveyard: pick it on the board.
    let v = view(&h).expect("a view");
    let spell_at = v.duel.agreement().expect("an agreement").at;
    let Place::Zone { slot, .. } = spell_at else {
        panic!("the spell is in a zone");
    };
    h.get_by_label("Pick on the board").click();
    settle(&mut h);
    let zone = zone_button(&h, &format!("Your Backrow {} ", slot + 1));
    h.get_by_role_and_label(Role::Button, &zone).click();
    settle(&mut h);
    h.get_by_label("Add step").click();
    settle(&mut h);
    h.get_by_label_contains("1. Send ");
    h.get_by_label_contains("The engine can carry this outcome out");
    // The preview shows the zone emptied before anything is sent.
    h.get_by_label("Preview on the board").click();
    settle(&mut h);
    let previewed = zone_button(&h, &format!("Your Backrow {} ", slot + 1));
    assert!(previewed.contains(": empty"), "{previewed}");
    let before = step_of(&h);
    h.get_by_label("Send the proposal").click();
    wait_after(&mut h, before, "the proposal");
    let log_has = |h: &Harness<'static, FairDuelApp>, text: &str| {
        h.state()
            .game
            .as_ref()
            .is_some_and(|g| g.model.log.iter().any(|l| l.text.contains(text)))
    };
    step_until(&mut h, "the bot's answer", |h| {
        log_has(h, "accepts the proposed outcome") || log_has(h, "refuses the proposed outcome")
    });
    assert!(log_has(&h, "proposes an outcome: send"));
    if log_has(&h, "refuses the proposed outcome") {
        step_until(&mut h, "the editor again", |h| {
            view(h).is_some_and(|v| {
                matches!(
                    v.awaiting().decision(),
                    Some((seat, Decision::ProposeOutcome { .. })) if seat == v.seat
                )
            })
        });
        let before = step_of(&h);
        h.get_by_label("No effect").click();
        wait_after(&mut h, before, "no effect");
        step_until(&mut h, "the card resolving", |h| {
            log_has(h, "resolves with no effect")
        });
    } else {
        step_until(&mut h, "the card resolving", |h| {
            log_has(h, "is resolved by agreement")
        });
    }
    h.get_by_label("Autopilot").click();
    wait_for_every_seat_verified(&mut h);
}

#[test]
fn a_duelist_setup_offers_its_swap_before_the_first_turn() {
    // The starter deck I play holds a Duelist Setup: its Rule Zone names it with its
    // Cardlist, and before anyone's first turn the window asks whether to swap starting
    // cards; a swap shows what it took in my hand.
    let mut h = harness(app(11));
    h.run();
    pick_format(&mut h, "Kingdom Duels");
    start_from_home(&mut h);
    // Blue and Red come first: the first player chooses, the other belongs to the other side.
    step_until(&mut h, "my choice of side or my Duelist Setup swap", |h| {
        my_turn_ready(h)
            && view(h).is_some_and(|v| {
                matches!(
                    v.awaiting().decision(),
                    Some((_, Decision::StartingSwap | Decision::ChooseSide))
                )
            })
    });
    let choosing = view(&h)
        .is_some_and(|v| matches!(v.awaiting().decision(), Some((_, Decision::ChooseSide))));
    if choosing {
        h.get_by_label_contains("every duel has two opposing sides");
        h.get_by_label("2 Red side").click();
        step_until(&mut h, "my Duelist Setup swap", |h| {
            my_turn_ready(h)
                && view(h).is_some_and(|v| {
                    matches!(v.awaiting().decision(), Some((_, Decision::StartingSwap)))
                })
        });
    }
    // The seat panels' lines (the log says who chose too).
    let panel_lines = |side: &str| -> Vec<String> {
        labels_containing(&h, side)
            .into_iter()
            .filter(|l| l == side || l.ends_with(&format!(" · {side}")))
            .collect()
    };
    let (blue, red) = (panel_lines("Blue side"), panel_lines("Red side"));
    assert!(
        blue.len() == 1 && red.len() == 1,
        "each player's panel names their side, one Blue and one Red: {blue:?} {red:?}"
    );
    let rule_zone = labels_containing(&h, "Rule Zone: the Duelist Setup ");
    assert!(
        rule_zone.iter().any(|l| l.contains("Cardlist: ")),
        "{rule_zone:?}"
    );
    h.get_by_label_contains("replace up to 2 cards of your starting hand");
    assert_eq!(current_phase(&h), vec!["Setup phase, now".to_owned()]);
    // Give back the first two cards of my hand for the first two Cardlist cards offered.
    let v = view(&h).expect("the board");
    let state = v.duel.state();
    let name = |c| {
        v.duel
            .pool()
            .get(c)
            .map(|d| d.name.clone())
            .unwrap_or_default()
    };
    let hand: Vec<String> = state
        .player(v.seat)
        .hand
        .iter()
        .filter_map(|s| {
            s.card
                .or_else(|| v.knowledge.card(&state.commitment(s.card_ref)))
        })
        .map(name)
        .collect();
    let setup = state
        .player(v.seat)
        .duelist_setup
        .clone()
        .expect("my Duelist Setup");
    let offered: Vec<String> = setup
        .cardlist
        .iter()
        .filter(|c| {
            state
                .player(v.seat)
                .deck
                .iter()
                .any(|r| v.knowledge.card(&state.commitment(*r)) == Some(**c))
        })
        .map(|c| name(*c))
        .collect();
    assert!(offered.len() >= 2, "{offered:?}");
    let taken = vec![offered[0].clone(), offered[1].clone()];
    // The swap waits until as many cards are taken as given.
    let disabled = "Swap (pick as many cards to take as to give back)";
    assert!(h.get_by_label(disabled).accesskit_node().is_disabled());
    for card in [&hand[0], &hand[1]] {
        h.get_all_by_label(card)
            .next()
            .expect("my hand card in the panel")
            .click();
        h.run();
    }
    for card in &taken {
        h.get_all_by_label(card)
            .last()
            .expect("a Cardlist card in the panel")
            .click();
        h.run();
    }
    let swap = format!("Swap 2 for {} and {}", taken[0], taken[1]);
    let before = step_of(&h);
    h.get_by_role_and_label(Role::Button, &swap).click();
    wait_after(&mut h, before, "the swap");
    step_until(&mut h, "the first turn", |h| {
        view(h).is_some_and(|v| !v.duel.in_setup_phase())
    });
    let v = view(&h).expect("the board");
    let hand: Vec<String> = v
        .duel
        .state()
        .player(v.seat)
        .hand
        .iter()
        .filter_map(|s| s.card)
        .filter_map(|c| v.duel.pool().get(c).map(|d| d.name.clone()))
        .collect();
    for name in &taken {
        assert!(hand.contains(name), "{name} shown in my hand: {hand:?}");
    }
    h.get_by_label_contains("swaps 2 starting cards");
}

#[test]
fn a_symbol_card_is_played_and_spends_a_charge_from_the_rule_zone() {
    // Where the players agreed to Symbols, my starter deck's Symbol waits in my Extra Deck:
    // a click on my Rule Zone offers to play it there, and then to activate an effect for a
    // number of charges, which resolves by agreement and leaves that many charges fewer.
    let mut h = harness(app(13));
    h.run();
    pick_format(&mut h, "Kingdom Duels with Symbols");
    start_from_home(&mut h);
    wait_for_my_board_decision(&mut h);
    let symbol_zone = |h: &Harness<'static, FairDuelApp>| {
        labels_containing(h, "(click for your Rule cards)")
            .into_iter()
            .next()
            .expect("my Rule Zone offers my Symbol card")
    };
    let zone = symbol_zone(&h);
    h.get_by_role_and_label(Role::Button, &zone).click();
    settle(&mut h);
    let play = labels_containing(&h, "Play the Symbol ")
        .into_iter()
        .next()
        .expect("playing my Symbol is offered in my Main Phase");
    let before = step_of(&h);
    h.get_by_role_and_label(Role::Button, &play).click();
    wait_after(&mut h, before, "playing the Symbol");
    wait_for_my_board_decision(&mut h);
    let rule_zone = labels_containing(&h, "Rule Zone: ");
    let charges_before = view(&h)
        .and_then(|v| v.duel.state().player(v.seat).symbol)
        .expect("my Symbol in my Rule Zone")
        .charges;
    assert!(
        rule_zone
            .iter()
            .any(|l| l.contains(&format!("with {charges_before} charge(s) left"))),
        "{rule_zone:?}"
    );
    let zone = symbol_zone(&h);
    h.get_by_role_and_label(Role::Button, &zone).click();
    settle(&mut h);
    let one_charge = labels_containing(&h, "Activate a Symbol effect for 1 charge")
        .into_iter()
        .next()
        .expect("an effect for 1 charge is offered");
    let before = step_of(&h);
    h.get_by_role_and_label(Role::Button, &one_charge).click();
    wait_after(&mut h, before, "the Symbol effect");
    // The Symbol effect is a chain link: the bot may respond, and its response resolves
    // first. Go along with it until my Symbol's effect resolves.
    go_along_until_my_proposal(&mut h, |_| {});
    let before = step_of(&h);
    h.get_by_label("No effect").click();
    wait_after(&mut h, before, "no effect");
    let left = view(&h)
        .and_then(|v| v.duel.state().player(v.seat).symbol)
        .expect("my Symbol stays in my Rule Zone");
    assert_eq!(left.charges, charges_before - 1);
    assert!(left.used_this_round);
    h.run();
    assert!(
        labels_containing(&h, "Rule Zone: ")
            .iter()
            .any(|l| l.contains("an effect already used this round")),
        "the Rule Zone says the Symbol was used this round"
    );
}
