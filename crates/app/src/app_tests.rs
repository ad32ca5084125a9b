//! The app driven the way a player drives it: by finding buttons, cards and cells by their
//! role and label, clicking them and pressing keys (egui_kittest). The bot match runs on its
//! own thread, exactly as in the real app, so the tests step the UI until what a player
//! would wait for has appeared.

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use fairduel_engine::{Action, Cell};

use crate::app::{FairDuelApp, LaunchOptions, Screen, Settings};
use crate::catalog::tests::project_assets;
use crate::session::SeatView;

pub(crate) fn app(seed: u64) -> FairDuelApp {
    let options = LaunchOptions {
        assets: project_assets(),
        seed: Some(seed),
        bot_delay: Some(Duration::ZERO),
        ..LaunchOptions::default()
    };
    let settings = Settings {
        player_name: "Ada".to_owned(),
        bot_delay_ms: 0,
        ..Settings::default()
    };
    FairDuelApp::new(options, settings)
}

pub(crate) fn harness(app: FairDuelApp) -> Harness<'static, FairDuelApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 800.0))
        .build_ui_state(|ui, app: &mut FairDuelApp| app.show(ui), app)
}

/// Steps the UI until `done` holds (the match runs on its own thread meanwhile).
pub(crate) fn step_until(
    h: &mut Harness<'static, FairDuelApp>,
    what: &str,
    mut done: impl FnMut(&Harness<'static, FairDuelApp>) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        h.step();
        if done(h) {
            // One more frame so the screen shows what the state now says.
            h.step();
            return;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}; the match awaits {:?}",
            view(h).map(|v| v.awaiting().decision())
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A few frames, so a click's effects (and the session's answer) are drawn.
pub(crate) fn settle(h: &mut Harness<'static, FairDuelApp>) {
    for _ in 0..3 {
        h.step();
    }
}

pub(crate) fn view<'a>(h: &'a Harness<'static, FairDuelApp>) -> Option<&'a SeatView> {
    h.state().game.as_ref()?.model.view.as_ref()
}

/// Ready for my next click: my decision, nothing on its way to the session.
pub(crate) fn my_turn_ready(h: &Harness<'static, FairDuelApp>) -> bool {
    h.state()
        .game
        .as_ref()
        .is_some_and(|g| !g.model.waiting && g.model.view.as_ref().is_some_and(|v| v.my_decision()))
}

pub(crate) fn step_of(h: &Harness<'static, FairDuelApp>) -> u64 {
    view(h).map_or(0, |v| v.step)
}

/// Waits until the session has applied something after `before` and it is my decision
/// again (or the duel is over). With no bot delay a whole bot turn can pass between two
/// frames, so "not my decision" may never be seen: the action counter is what tells.
pub(crate) fn wait_after(h: &mut Harness<'static, FairDuelApp>, before: u64, what: &str) {
    step_until(h, what, |h| {
        step_of(h) > before && (my_turn_ready(h) || over(h))
    });
}

pub(crate) fn over(h: &Harness<'static, FairDuelApp>) -> bool {
    view(h).is_some_and(|v| v.outcome.is_some())
}

/// The board cell button whose label starts with the cell's name ("d7: ...").
fn click_cell(h: &mut Harness<'static, FairDuelApp>, cell: Cell) {
    let prefix = format!("{cell}: ");
    h.get_by(|node| {
        node.role() == Role::Button && node.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .click();
    settle(h);
}

fn cell_label(h: &Harness<'static, FairDuelApp>, cell: Cell) -> String {
    let prefix = format!("{cell}: ");
    h.get_by(|node| {
        node.role() == Role::Button && node.label().is_some_and(|l| l.starts_with(&prefix))
    })
    .accesskit_node()
    .label()
    .unwrap_or_default()
}

/// What a node says: its label, or for a plain label its value (AccessKit keeps a
/// label's text there).
pub(crate) fn text_of(node: &egui_kittest::Node<'_>) -> String {
    let node = node.accesskit_node();
    if node.role() == Role::Label {
        node.value().unwrap_or_default()
    } else {
        node.label().unwrap_or_default()
    }
}

pub(crate) fn labels_containing(h: &Harness<'static, FairDuelApp>, text: &str) -> Vec<String> {
    h.query_all_by_label_contains(text)
        .map(|n| text_of(&n))
        .collect()
}

/// Answers whatever is asked that is not a main-phase decision (a trap window, a reveal,
/// a discard) with its first option, by number key, as a player would.
fn answer_prompts(h: &mut Harness<'static, FairDuelApp>) {
    while my_turn_ready(h) && !view(h).is_some_and(|v| v.awaiting().is_main_of(v.seat)) {
        let before = step_of(h);
        h.key_press(egui::Key::Num1);
        wait_after(h, before, "the prompt's answer");
    }
}

fn wait_for_my_main_phase(h: &mut Harness<'static, FairDuelApp>) {
    loop {
        step_until(h, "my decision", |h| my_turn_ready(h) || over(h));
        if over(h) {
            return;
        }
        answer_prompts(h);
        if my_turn_ready(h) && view(h).is_some_and(|v| v.awaiting().is_main_of(v.seat)) {
            return;
        }
    }
}

pub(crate) fn start_from_home(h: &mut Harness<'static, FairDuelApp>) {
    h.get_by_role_and_label(Role::Button, "Start match").click();
    step_until(h, "the board", |h| view(h).is_some());
    assert_eq!(h.state().screen, Screen::Match);
}

fn first_legal(
    h: &Harness<'static, FairDuelApp>,
    wanted: impl Fn(&Action) -> bool,
) -> Option<Action> {
    view(h)?.legal.iter().find(|a| wanted(a)).cloned()
}

/// Plays a card from the hand by clicking it and a highlighted cell, picking the first way
/// to play it if asked. Returns the cell it went to.
fn play_a_card(h: &mut Harness<'static, FairDuelApp>) -> Option<(Cell, String)> {
    let playable = labels_containing(h, ", playable");
    let hand_label = playable.first()?.clone();
    let name = hand_label
        .split_once(": ")
        .map(|(_, rest)| rest.trim_end_matches(", playable").to_owned())?;
    h.get_by_role_and_label(Role::Button, &hand_label).click();
    settle(h);
    let targets = labels_containing(h, "— play here");
    assert!(!targets.is_empty(), "a playable card shows where it may go");
    let target = targets[0].clone();
    let cell_name = target.split(':').next()?.to_owned();
    let before = step_of(h);
    h.get_by_role_and_label(Role::Button, &target).click();
    settle(h);
    if step_of(h) == before && !h.state().game.as_ref()?.model.waiting {
        // Several ways to play it there: take the first, by its number key.
        h.key_press(egui::Key::Num1);
    }
    wait_after(h, before, "the play to land");
    let cell = view(h).and_then(|v| Cell::parse(&cell_name, v.duel.state().board_size))?;
    Some((cell, name))
}

#[test]
fn home_offers_the_bot_hosting_joining_and_games_nearby() {
    let mut h = harness(app(1));
    h.run();
    h.get_by_label("Play against the bot");
    h.get_by_label("Play a friend");
    for button in [
        "Start match",
        "Host a match",
        "Join",
        "Look for games on this network",
    ] {
        let node = h.get_by_role_and_label(Role::Button, button);
        assert!(!node.accesskit_node().is_disabled(), "{button} works");
    }
}

#[test]
fn a_pasted_ticket_that_is_not_one_says_so_and_stays_home() {
    let mut h = harness(app(1));
    h.run();
    h.get_by_label("Ticket").focus();
    h.run();
    h.get_by_label("Ticket").type_text("fairduel-not-a-ticket");
    h.run();
    h.get_by_role_and_label(Role::Button, "Join").click();
    h.run();
    assert_eq!(h.state().screen, Screen::Home);
    assert!(h.state().pending.is_none());
    h.get_by_label_contains("That is not a FairDuel ticket");
}

#[test]
fn a_bot_match_from_home_to_the_result_screen() {
    let mut h = harness(app(7));
    h.run();
    start_from_home(&mut h);
    assert_eq!(
        view(&h).map(|v| v.duel.state().board_size),
        Some(9),
        "Kairu's DOTR is the default"
    );
    wait_for_my_main_phase(&mut h);

    // Play a card: click it in the hand, then a green cell.
    let (cell, name) = play_a_card(&mut h).expect("a card to play on the first turn");
    let label = cell_label(&h, cell);
    assert!(label.contains(&format!("your {name}")), "{label}");
    assert!(
        label.contains("(face-down)"),
        "Kairu plays face-down, and my own face-down card still shows its name: {label}"
    );

    // End the turn with Enter; the bot plays, then it is my turn again.
    let turn = view(&h).map(|v| v.duel.state().turn).unwrap_or_default();
    answer_prompts(&mut h);
    h.key_press(egui::Key::Enter);
    step_until(&mut h, "the bot's turn to pass", |h| {
        view(h).is_some_and(|v| v.duel.state().turn > turn)
    });
    assert!(
        h.state().game.as_ref().is_some_and(|g| g
            .model
            .log
            .iter()
            .any(|l| l.text.starts_with("Ada ends the turn"))),
        "the log says in words that I ended the turn"
    );

    // Move, then attack: move a card (never the Deck Leader) towards the bot until an attack
    // is offered, then attack by clicking the card and the red cell.
    let mut moved = false;
    let mut attacked = false;
    for _ in 0..40 {
        wait_for_my_main_phase(&mut h);
        if over(&h) {
            break;
        }
        if let Some(Action::Attack { from, target, .. }) =
            first_legal(&h, |a| matches!(a, Action::Attack { .. }))
        {
            let (from, target) = (from.cell().expect("a cell"), target.cell().expect("a cell"));
            click_cell(&mut h, from);
            assert!(cell_label(&h, target).ends_with("— attack here"));
            let before = step_of(&h);
            click_cell(&mut h, target);
            wait_after(&mut h, before, "the attack");
            attacked = true;
            break;
        }
        let leader = view(&h).map(|v| {
            let bot = v
                .duel
                .state()
                .seats()
                .find(|s| *s != v.seat)
                .expect("a bot");
            v.duel.state().player(bot).leader
        });
        let my_leader = view(&h).map(|v| v.duel.state().player(v.seat).leader);
        let step = first_legal(
            &h,
            |a| matches!(a, Action::Move { from, flip: None, .. } if from.cell() != my_leader),
        );
        if let (Some(Action::Move { from, .. }), Some(enemy)) = (step, leader) {
            let from = from.cell().expect("a cell");
            // Of this card's moves, the one that gets closest to the enemy Deck Leader.
            let to = view(&h)
                .and_then(|v| {
                    v.legal
                        .iter()
                        .filter_map(|a| match a {
                            Action::Move { from: f, to, .. } if f.cell() == Some(from) => to.cell(),
                            _ => None,
                        })
                        .min_by_key(|to| to.distance(enemy))
                })
                .expect("a move from the card");
            click_cell(&mut h, from);
            assert!(cell_label(&h, to).ends_with("— move here"));
            let before = step_of(&h);
            click_cell(&mut h, to);
            if step_of(&h) == before && !h.state().game.as_ref().is_some_and(|g| g.model.waiting) {
                // Several ways to move there (as it is, or flipped face-up): take the first.
                h.key_press(egui::Key::Num1);
            }
            wait_after(&mut h, before, "the move");
            assert!(
                h.state().game.as_ref().is_some_and(|g| g
                    .model
                    .log
                    .iter()
                    .any(|l| l.text.starts_with(&format!("Ada moves {from} to {to}")))),
                "the log says in words that my card moved"
            );
            moved = true;
        }
        wait_for_my_main_phase(&mut h);
        if over(&h) {
            break;
        }
        play_a_card(&mut h);
        wait_for_my_main_phase(&mut h);
        if over(&h) {
            break;
        }
        let turn = view(&h).map_or(0, |v| v.duel.state().turn);
        h.key_press(egui::Key::Enter);
        step_until(&mut h, "the end of my turn", |h| {
            over(h) || view(h).is_some_and(|v| v.duel.state().turn > turn)
        });
    }
    eprintln!(
        "played to turn {} (moved: {moved}, attacked: {attacked}, over: {})",
        view(&h).map_or(0, |v| v.duel.state().turn),
        over(&h)
    );
    assert!(moved, "a card of mine moved");
    if !over(&h) {
        assert!(attacked, "an attack was offered and made within 40 turns");
        assert!(
            h.state().game.as_ref().is_some_and(|g| g
                .model
                .log
                .iter()
                .any(|l| l.text.starts_with("Ada attacks"))),
            "the attack is in the log"
        );
    }

    // Let the bot play my seat to the end, through the same session.
    if !over(&h) {
        h.get_by_label("Autopilot").click();
        step_until(&mut h, "the end of the match", |h| {
            h.state().screen == Screen::Result
        });
    } else {
        step_until(&mut h, "the result screen", |h| {
            h.state().screen == Screen::Result
        });
    }
    h.get_by_label("The duel is over");
    eprintln!("result: {:?}", labels_containing(&h, "win"));
    let headline = labels_containing(&h, "win");
    assert!(!headline.is_empty(), "the winner is named");
    step_until(&mut h, "the audit", |h| {
        h.state()
            .game
            .as_ref()
            .is_some_and(|g| g.model.end.is_some())
    });
    h.get_by_label_contains("Every seat verified");
    h.get_by_label("Ada (you): verified: played fairly");
    h.get_by_label("Bot: verified: played fairly");
    h.get_by_role_and_label(Role::Button, "Back to home")
        .click();
    settle(&mut h);
    assert_eq!(h.state().screen, Screen::Home);
}

#[test]
fn classic_summons_face_up_through_the_choice_and_escape_cancels() {
    let mut h = harness(app(3));
    h.run();
    pick_format(&mut h, "DOR Classic");
    start_from_home(&mut h);
    wait_for_my_main_phase(&mut h);
    assert_eq!(view(&h).map(|v| v.duel.state().board_size), Some(7));

    // Escape drops a selection.
    let hand = labels_containing(&h, ", playable");
    h.get_by_role_and_label(Role::Button, &hand[0]).click();
    settle(&mut h);
    assert!(!labels_containing(&h, "— play here").is_empty());
    h.key_press(egui::Key::Escape);
    settle(&mut h);
    assert!(labels_containing(&h, "— play here").is_empty());

    // A monster: Classic offers a face-up summon among the ways to play it.
    let monster = view(&h)
        .and_then(|v| {
            v.legal.iter().find_map(|a| match a {
                Action::Play {
                    hand_index,
                    mode: fairduel_engine::PlayMode::Summon,
                    tributes,
                    ..
                } if tributes.is_empty() => Some(hand_index),
                _ => None,
            })
        })
        .expect("a monster to summon");
    let label = labels_containing(&h, &format!("Hand {}: ", monster + 1))[0].clone();
    let name = label
        .split_once(": ")
        .map(|(_, r)| r.trim_end_matches(", playable").to_owned())
        .unwrap_or_default();
    h.get_by_role_and_label(Role::Button, &label).click();
    settle(&mut h);
    let target = labels_containing(&h, "— play here")[0].clone();
    h.get_by_role_and_label(Role::Button, &target).click();
    settle(&mut h);
    let summon = labels_containing(&h, "Summon face-up");
    assert_eq!(
        summon.len(),
        1,
        "the choice lists a face-up summon: {summon:?}"
    );
    let before = step_of(&h);
    h.get_by_role_and_label(Role::Button, &summon[0]).click();
    wait_after(&mut h, before, "the summon");
    let cell_name = target.split(':').next().unwrap_or_default().to_owned();
    let cell = Cell::parse(&cell_name, 7).expect("cell");
    let now = cell_label(&h, cell);
    assert!(now.contains(&format!("your {name}, ATK")), "{now}");
    assert!(!now.contains("face-down"), "{now}");
}

#[test]
fn conceding_asks_first_then_shows_the_loss() {
    let mut h = harness(app(5));
    h.run();
    start_from_home(&mut h);
    settle(&mut h);
    h.get_by_role_and_label(Role::Button, "Concede").click();
    settle(&mut h);
    h.get_by_label("Really concede?");
    h.get_by_role_and_label(Role::Button, "Yes, concede")
        .click();
    step_until(&mut h, "the result screen", |h| {
        h.state().screen == Screen::Result
    });
    h.get_by_label("Bot wins");
    assert!(!labels_containing(&h, "conceded").is_empty());
}

#[test]
fn the_deck_browser_searches_the_pool_and_checks_a_deck() {
    let mut h = harness(app(1));
    h.run();
    h.get_by_role_and_label(Role::Button, "Decks").click();
    h.run();
    let all = labels_containing(&h, " cards")
        .into_iter()
        .find(|l| l.contains(" of "))
        .expect("a count of the pool");
    h.get_by_label("Search by name or number").click();
    h.run();
    h.get_by_label("Search by name or number")
        .type_text("dragon");
    h.run();
    let filtered = labels_containing(&h, " cards")
        .into_iter()
        .find(|l| l.contains(" of "))
        .expect("a count of the pool");
    assert_ne!(all, filtered, "searching narrows the list");
    let first = labels_containing(&h, "Dragon —")[0].clone();
    h.get_by_label(&first).click();
    h.run();
    assert!(
        !labels_containing(&h, "Level").is_empty(),
        "the card's summary is shown"
    );
    assert!(
        !labels_containing(&h, "Legal in").is_empty()
            || !labels_containing(&h, "Not legal in").is_empty(),
        "the deck is checked against a format"
    );
}

#[test]
fn the_player_name_from_settings_is_used_in_the_match() {
    let mut h = harness(app(2));
    h.run();
    h.get_by_role_and_label(Role::Button, "Settings").click();
    h.run();
    let field = h.get_by_label("Player name");
    field.focus();
    h.run();
    h.key_combination_modifiers(egui::Modifiers::COMMAND, &[egui::Key::A]);
    h.get_by_label("Player name").type_text("Yugi");
    h.run();
    assert_eq!(h.state().settings.player_name, "Yugi");
    h.get_by_role_and_label(Role::Button, "Home").click();
    h.run();
    start_from_home(&mut h);
    settle(&mut h);
    h.get_by_label("Yugi (you)");
}

/// Picks a format on the home screen by its name, as a player would.
pub(crate) fn pick_format(h: &mut Harness<'static, FairDuelApp>, name: &str) {
    h.get_by_label("Format").click();
    h.run();
    // The list may be taller than the window: bring the preset into view first.
    h.get_by_label(name).scroll_to_me();
    h.run();
    h.get_by_label(name).click();
    h.run();
}

/// Steps until the result screen, answering whatever is still asked of my seat.
fn play_on_to_the_result(h: &mut Harness<'static, FairDuelApp>) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while h.state().screen != Screen::Result {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for the result"
        );
        if my_turn_ready(h) && !over(h) {
            let before = step_of(h);
            if view(h).is_some_and(|v| v.awaiting().is_main_of(v.seat)) {
                h.key_press(egui::Key::Enter);
            } else {
                h.key_press(egui::Key::Num1);
            }
            wait_after(h, before, "my answer");
        }
        h.step();
        if over(h) && h.state().screen == Screen::Match {
            h.get_by_role_and_label(Role::Button, "Show the result")
                .click();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    settle(h);
}

#[test]
fn a_four_player_match_shows_every_seat_and_goes_on_after_i_concede() {
    let mut h = harness(app(12));
    h.run();
    pick_format(&mut h, "Kairu's DOTR, four players");
    start_from_home(&mut h);
    assert_eq!(
        view(&h).map(|v| v.duel.state().seats().count()),
        Some(4),
        "four seats at the table"
    );
    // A panel per player, and a key per other player in the fair-play panel.
    for name in ["Ada (you)", "Bot 1", "Bot 2", "Bot 3"] {
        h.get_by_label(name);
    }
    for bot in ["Bot 1", "Bot 2", "Bot 3"] {
        assert_eq!(
            labels_containing(&h, &format!("{bot}'s key: ")).len(),
            1,
            "{bot}'s signing key is shown"
        );
    }
    for place in ["left edge", "across", "right edge"] {
        assert_eq!(labels_containing(&h, place).len(), 1, "{place}");
    }

    // My turn: play a card, end the turn, and every bot takes its turn before mine.
    wait_for_my_main_phase(&mut h);
    let turn = view(&h).map(|v| v.duel.state().turn).unwrap_or_default();
    play_a_card(&mut h).expect("a card to play on my first turn");
    answer_prompts(&mut h);
    h.key_press(egui::Key::Enter);
    step_until(&mut h, "the three bots' turns", |h| {
        view(h).is_some_and(|v| v.duel.state().turn >= turn + 4) || over(h)
    });
    let log = &h.state().game.as_ref().expect("a game").model.log;
    for bot in ["Bot 1", "Bot 2", "Bot 3"] {
        assert!(
            log.iter()
                .any(|l| l.text.starts_with(&format!("{bot} ends the turn"))),
            "{bot} played a turn, named in the log"
        );
    }
    assert!(
        log.iter().all(|l| !l.text.contains("seat ")),
        "no seat numbers in the log"
    );

    // Conceding takes me out; the others play on to a result every seat audits.
    settle(&mut h);
    if !over(&h) {
        h.get_by_role_and_label(Role::Button, "Concede").click();
        settle(&mut h);
        h.get_by_role_and_label(Role::Button, "Yes, concede")
            .click();
        step_until(&mut h, "my seat out of the duel", |h| {
            view(h).is_some_and(|v| v.duel.state().table.is_removed(v.seat)) || over(h)
        });
        // Under load a bot may be out by now too, each seat marked so.
        if !over(&h) {
            assert!(
                h.query_all_by_label("out of the duel").next().is_some(),
                "my seat is marked out of the duel"
            );
        }
    }
    play_on_to_the_result(&mut h);
    let headline = labels_containing(&h, " wins");
    assert!(
        headline.iter().any(|l| l.starts_with("Bot ")),
        "a bot won: {headline:?}"
    );
    step_until(&mut h, "the audit", |h| {
        h.state()
            .game
            .as_ref()
            .is_some_and(|g| g.model.end.is_some())
    });
    for seat in ["Ada (you): ", "Bot 1: ", "Bot 2: ", "Bot 3: "] {
        let verdict = labels_containing(&h, seat);
        assert!(
            verdict.iter().any(|v| v.contains("played fairly")),
            "{seat} {verdict:?}"
        );
    }
}

#[test]
fn two_against_two_marks_my_partner_and_ends_for_a_team() {
    let mut h = harness(app(4));
    h.run();
    pick_format(&mut h, "Kairu's DOTR, two against two");
    start_from_home(&mut h);
    h.get_by_label("Partner bot");
    // Partners sit across the board from each other; the other team at the sides.
    h.get_by_label("your edge · team A");
    h.get_by_label("across · team A · your partner");
    h.get_by_label("left edge · team B");
    h.get_by_label("right edge · team B");
    assert!(
        labels_containing(&h, ": your partner's Deck Leader").len() == 1,
        "the board names my partner's cards as my partner's"
    );
    play_on_to_the_result(&mut h);
    let won = h.query_by_label("Your team wins!").is_some();
    let lost = h.query_by_label("Bot 1 and Bot 2 win").is_some();
    assert!(won != lost, "a team wins, named as a team");
}

#[test]
fn a_simulator_card_database_in_settings_gives_cards_their_passcodes() {
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/ygopro");
    if !fixtures.is_dir() {
        eprintln!(
            "skipped: {} is absent (a fresh clone has no ../shared; CI has it)",
            fixtures.display()
        );
        return;
    }
    let mut h = harness(app(2));
    h.run();
    let before = h.state().library.passcodes.mapped_cards();
    h.get_by_role_and_label(Role::Button, "Settings").click();
    h.run();
    h.get_by_label("Database").focus();
    h.run();
    h.get_by_label("Database")
        .type_text(&fixtures.display().to_string());
    h.run();
    h.get_by_role_and_label(Role::Button, "Use this database")
        .click();
    h.run();
    let words = labels_containing(&h, "cards read");
    assert_eq!(words.len(), 1, "the screen says what the database gave");
    assert!(words[0].starts_with("222 cards read"), "{words:?}");
    assert!(h.state().library.passcodes.mapped_cards() > before);

    h.state_mut().settings.card_database = "/no/such/folder".into();
    h.run();
    h.get_by_role_and_label(Role::Button, "Use this database")
        .click();
    h.run();
    assert!(!labels_containing(&h, "no such file or folder").is_empty());
    assert_eq!(
        h.state().library.passcodes.mapped_cards(),
        before,
        "back to the shipped table"
    );
}

/// A deck with an Extra Deck: the board counts each side's Extra Deck and names mine to me
/// alone.
#[test]
fn my_extra_deck_is_named_to_me_and_counted_for_everyone() {
    let mut h = harness(app(5));
    h.run();
    pick_format(&mut h, "Kairu's DOTR");
    h.get_by_label("Your deck").click();
    h.run();
    h.get_by_label("Rites of Old").click();
    h.run();
    start_from_home(&mut h);
    h.run();
    let mine = labels_containing(&h, "Your Extra Deck: ").join(" | ");
    // Two copies of each, named once with their count, in name order.
    assert!(
        mine.contains("Millennium Shield ×2, Skull Guardian ×2, Yamadron ×2"),
        "{mine}"
    );
    // The bot's Extra Deck, if it has one, is counted but never named.
    assert_eq!(labels_containing(&h, "Your Extra Deck: ").len(), 1);
    assert!(!labels_containing(&h, "Extra Deck 6 · Banished 0").is_empty());
}
