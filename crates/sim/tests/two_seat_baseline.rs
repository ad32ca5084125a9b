//! Two-seat play must not change: every seeded self-play game of the three two-seat presets
//! (1,000 random games and 30 greedy ones each, the games `fairduel selfplay --seed 0`
//! played with the five starter decks of that time) is replayed and compared, game by game,
//! with what the engine played before the seats-and-families redesign (`tests/baselines/`,
//! written at commit 64b8391): the same decks, the same number of actions and turns, the
//! same winner and ending, and the same actions in the same order (an FNV-1a digest of each
//! action written out plainly).
//!
//! A deliberate change of a rule changes games; the baseline of that preset is then taken
//! again, in the same commit as the change and saying so in its message:
//! `FAIRDUEL_RETAKE_BASELINE=dor-alternate cargo test --release -p fairduel-sim --test
//! two_seat_baseline` rewrites that preset's files from what the engine plays now.

use std::path::PathBuf;
use std::sync::Arc;

use fairduel_engine::{Action, Answer, Entry, Place, Rules};
use fairduel_sim::{Bot, GreedyBot, RandomBot, Referee};

mod common;

/// One game as the baseline file gives it.
#[derive(Debug, PartialEq, Eq)]
struct GameLine {
    text: String,
}

fn cell(place: &Place) -> String {
    match place.cell() {
        Some(cell) => format!("{},{}", cell.row, cell.col),
        None => format!("{place}"),
    }
}

fn card(reveal: Option<&fairduel_engine::Reveal>) -> String {
    reveal.map_or_else(|| "-".to_owned(), |r| r.card.0.to_string())
}

/// The entry written out from plain numbers only, so that the text stays the same however
/// the action types are reshaped.
fn plain(entry: &Entry) -> String {
    let action = match entry {
        Entry::Action(action) => action,
        Entry::Answer(answer) => return plain_answer(answer),
    };
    match action {
        Action::Play {
            hand_index,
            to,
            mode,
            cost,
            tributes,
            reveal,
        } => format!(
            "play h{hand_index} {} {mode:?} c{cost} t[{}] r{}",
            cell(to),
            tributes.iter().map(cell).collect::<Vec<_>>().join(";"),
            card(reveal.as_ref())
        ),
        Action::Move { from, to, flip } => {
            format!("move {}->{} f{}", cell(from), cell(to), card(flip.as_ref()))
        }
        Action::Attack { from, target, flip } => format!(
            "attack {}->{} f{}",
            cell(from),
            cell(target),
            card(flip.as_ref())
        ),
        Action::ChangePosition { at } => format!("pos {}", cell(at)),
        Action::Flip { at, reveal } => format!("flip {} {}", cell(at), reveal.card.0),
        Action::EndTurn => "end".into(),
        Action::Pass => "pass".into(),
        Action::LeaveTriggered => "leave-triggered".into(),
        Action::SpringTrap { at, reveal } => format!("spring {} {}", cell(at), reveal.card.0),
        Action::Discard { hand_index, reveal } => {
            format!("discard {hand_index} {}", reveal.card.0)
        }
        Action::ChooseOpponent { opponent } => format!("choose {}", opponent.0),
        Action::Concede => "concede".into(),
        Action::NextPhase => "next-phase".into(),
        Action::Redirect { to } => format!("redirect {}", cell(to)),
        Action::ProposeEnd => "propose-end".into(),
        Action::AgreeToEnd => "agree-to-end".into(),
        Action::Ritual { tributes, monster } => format!(
            "ritual t[{}] m{}",
            tributes.iter().map(cell).collect::<Vec<_>>().join(";"),
            card(monster.as_ref().map(|(_, r)| r))
        ),
        Action::Revive { card } => format!("revive r{}", card.0),
        Action::Transform {
            at,
            monster: (_, shown),
        } => format!("transform {} m{}", cell(at), shown.card.0),
        Action::Fuse {
            materials,
            monster: (_, shown),
            to,
        } => format!(
            "fuse [{}] m{} {}",
            materials
                .iter()
                .map(|m| match m {
                    fairduel_engine::FusionMaterial::Hand { hand_index, reveal } => {
                        format!("h{hand_index}:{}", reveal.card.0)
                    }
                    fairduel_engine::FusionMaterial::Field { at } => cell(at),
                })
                .collect::<Vec<_>>()
                .join(";"),
            shown.card.0,
            cell(to)
        ),
        Action::TakeControl { target, to } => format!("take {} {}", cell(target), cell(to)),
        Action::PlaceReturned { to } => format!("place-returned {}", cell(to)),
        Action::PlaceRevived { to } => format!("place-revived {}", cell(to)),
        Action::PlaceMade { to } => format!("place-made {}", cell(to)),
        Action::Teleport { target, to } => {
            format!("teleport {} to {}", cell(target), cell(to))
        }
        Action::ChooseDraw { destiny } => format!("choose-draw {destiny}"),
        // The card game's field only: a grid baseline never holds these.
        Action::Activate { .. }
        | Action::ProposeOutcome { .. }
        | Action::AcceptOutcome
        | Action::RefuseOutcome
        | Action::TakeFromDeck { .. }
        | Action::SwapStartingCards { .. }
        | Action::PlaySymbol { .. }
        | Action::ActivateRuleCard { .. }
        | Action::Detach { .. }
        | Action::FlipFaceUp { .. }
        | Action::UseSymbol { .. }
        | Action::IntegrationSummon { .. }
        | Action::SummonFromExtraDeck { .. }
        | Action::PendulumSummon { .. }
        | Action::Strike { .. }
        | Action::Hide { .. }
        | Action::ActivateEffect { .. }
        | Action::CallChance { .. }
        | Action::SummonDeckMaster { .. }
        | Action::ReturnDeckMaster { .. }
        | Action::ChooseSide { .. }
        | Action::JoinDuel { .. }
        | Action::HiddenIntegrationSummon { .. }
        | Action::JudgeMaterials { .. } => action.kind().into(),
    }
}

fn plain_answer(answer: &Answer) -> String {
    match answer {
        Answer::OpenDraw { opening } => format!("open {}", opening.index),
        Answer::Reveal { reveals } => format!(
            "reveal [{}]",
            reveals
                .iter()
                .map(|r| r.card.0.to_string())
                .collect::<Vec<_>>()
                .join(";")
        ),
        Answer::Declare { matching } => format!(
            "declare [{}]",
            matching
                .iter()
                .map(|(at, r)| format!("{} {}", cell(at), r.card.0))
                .collect::<Vec<_>>()
                .join(";")
        ),
        Answer::DeclareClass { monsters } => format!(
            "declare-class [{}]",
            monsters.iter().map(cell).collect::<Vec<_>>().join(";")
        ),
        // Never asked in the grid formats the baselines play.
        Answer::RecommitDeck { .. }
        | Answer::PermuteDeck { .. }
        | Answer::CommitShare { .. }
        | Answer::OpenShare { .. } => answer.kind().into(),
    }
}

fn fnv1a(digest: &mut u64, text: &str) {
    for byte in text.bytes().chain(std::iter::once(b'\n')) {
        *digest ^= u64::from(byte);
        *digest = digest.wrapping_mul(0x0100_0000_01b3);
    }
}

/// Plays seed `seed` as `fairduel selfplay` does and describes it as the baseline does.
fn play(
    rules: &Arc<Rules>,
    decks: &[fairduel_engine::DeckList],
    seed: u64,
    greedy: bool,
) -> GameLine {
    let n = decks.len() as u64;
    let a = (seed % n) as usize;
    let b = ((seed / n + 1 + seed) % n) as usize;
    let b = if a == b { (b + 1) % decks.len() } else { b };
    let (mut referee, _) = match Referee::new(Arc::clone(rules), &[&decks[a], &decks[b]], seed) {
        Ok(r) => r,
        Err(e) => panic!("seed {seed}: {e}"),
    };
    let mut bots: [Box<dyn Bot>; 2] = if greedy {
        [
            Box::new(GreedyBot::new(seed ^ 0xA5A5)),
            Box::new(GreedyBot::new(seed ^ 0x5A5A)),
        ]
    } else {
        [
            Box::new(RandomBot::new(seed ^ 0xA5A5)),
            Box::new(RandomBot::new(seed ^ 0x5A5A)),
        ]
    };
    let mut digest = 0xcbf2_9ce4_8422_2325u64;
    loop {
        if let Some(outcome) = referee.duel().state().outcome {
            let winner = outcome
                .sole_winner()
                .map_or_else(|| "draw".to_owned(), |s| s.0.to_string());
            return GameLine {
                text: format!(
                    "{seed} {a} {b} actions={} turns={} winner={winner} reason={:?} digest={digest:016x}",
                    referee.steps(),
                    referee.duel().state().turn,
                    outcome.reason
                ),
            };
        }
        let Some(seat) = referee.duel().awaiting().seat() else {
            panic!("seed {seed}: nobody to act in an unfinished duel");
        };
        let duel = referee.seat_duel(seat);
        let knowledge = referee.knowledge(seat);
        let bot = &mut bots[usize::from(seat.0)];
        let entry = if duel.awaiting().is_answer_of(seat) {
            let Some(answer) = duel.honest_answer(seat, knowledge) else {
                panic!("seed {seed}: {seat} cannot answer");
            };
            bot.on_answer();
            Entry::Answer(answer)
        } else {
            let legal = duel.legal_actions(seat, knowledge);
            assert!(!legal.is_empty(), "seed {seed}: {seat} has no legal action");
            let pick = bot.choose(duel, seat, knowledge, &legal);
            Entry::Action(legal[pick.min(legal.len() - 1)].clone())
        };
        fnv1a(&mut digest, &format!("{} {}", seat.0, plain(&entry)));

        if let Err(e) = referee.submit(seat, &entry) {
            panic!("seed {seed}: {e}");
        }
    }
}

fn baseline(name: &str) -> Vec<GameLine> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/baselines")
        .join(format!("{name}.txt"));
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => panic!("cannot read {}: {e}", path.display()),
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| GameLine {
            text: l.trim().to_owned(),
        })
        .collect()
}

/// The starter decks the baselines were taken with, in file-name order: a deck added
/// later (Rose Garden, fusions) would change which two decks each seed pairs.
const BASELINE_DECKS: [&str; 5] = [
    "Dragon's Hoard",
    "Forest Pack",
    "Rites of Old",
    "Shadow Court",
    "Tidal Guard",
];

fn compare(preset: &str, greedy: bool) {
    let kind = if greedy { "greedy" } else { "random" };
    let expected = baseline(&format!("{preset}-{kind}"));
    assert!(!expected.is_empty(), "{preset}-{kind}: empty baseline");
    let (rules, mut decks) = common::load(preset);
    decks.retain(|d| BASELINE_DECKS.contains(&d.name.as_str()));
    assert_eq!(
        decks.len(),
        BASELINE_DECKS.len(),
        "a baseline deck is missing from assets/decks"
    );
    if std::env::var("FAIRDUEL_RETAKE_BASELINE").is_ok_and(|p| p == preset) {
        retake(preset, kind, &rules, &decks, expected.len(), greedy);
        return;
    }
    let mut differing = Vec::new();
    for (seed, want) in expected.iter().enumerate() {
        let got = play(&rules, &decks, seed as u64, greedy);
        if got != *want {
            differing.push(format!("  was: {}\n  now: {}", want.text, got.text));
        }
    }
    assert!(
        differing.is_empty(),
        "{preset} ({kind} bots): {} of {} games play differently from before the redesign:\n{}",
        differing.len(),
        expected.len(),
        differing
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Writes `preset`'s baseline anew from what the engine plays now.
fn retake(
    preset: &str,
    kind: &str,
    rules: &Arc<Rules>,
    decks: &[fairduel_engine::DeckList],
    games: usize,
    greedy: bool,
) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/baselines")
        .join(format!("{preset}-{kind}.txt"));
    let mut text = String::from(
        "# Seeded two-seat self-play through the referee, first taken before the \
         seats-and-families redesign (commit 64b8391)\n# and taken again where a rule was \
         deliberately changed (see this file's git log): seed, decks, actions, turns,\n# \
         winner, reason, and an FNV-1a digest of every action in order.\n",
    );
    for seed in 0..games {
        text.push_str(&play(rules, decks, seed as u64, greedy).text);
        text.push('\n');
    }
    if let Err(e) = std::fs::write(&path, text) {
        panic!("cannot write {}: {e}", path.display());
    }
    eprintln!(
        "{preset} ({kind} bots): baseline taken again in {}",
        path.display()
    );
}

#[test]
fn dor_classic_plays_as_before() {
    compare("dor-classic", false);
    compare("dor-classic", true);
}

#[test]
fn dor_alternate_plays_as_before() {
    compare("dor-alternate", false);
    compare("dor-alternate", true);
}

#[test]
fn kairu_dotr_plays_as_before() {
    compare("kairu-dotr", false);
    compare("kairu-dotr", true);
}
