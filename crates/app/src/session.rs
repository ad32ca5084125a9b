//! The app's end of a match: crates/net's session driver, on a runtime the app owns.
//!
//! Every match, against the bot or a friend, is the same thing: a protocol peer for my seat
//! run by the net crate's driver, which signs my decisions, checks every entry from the other
//! seat and audits the finished record. The app sends [`Command`]s and polls [`Update`]s; it
//! never waits on the driver, so the UI never blocks on the network. Against bots every
//! other seat is another driver in this process on in-memory links, with its autopilot on:
//! a bot plays through exactly the protocol a remote player would.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use fairduel_engine::{DeckList, Rules};
use fairduel_net::driver::{DriverConfig, SessionHandle};
use fairduel_net::play::{MatchSettings, StartError, StartedMatch, start_in_memory};
use fairduel_net::store::Durability;
use fairduel_protocol::seeded::seeded_identity;
use fairduel_protocol::{Identity, SecretStream};

pub use fairduel_net::driver::{
    Command, DesyncReport, Fairness, LinkStatus, LogLine, MatchEnd, PeerStatus, SeatView,
    SessionClosed, Silence, Update, Waker, verdict_text,
};

/// The tokio runtime that network tasks and match sessions run on, apart from the UI thread.
#[derive(Debug)]
pub struct NetRuntime {
    runtime: tokio::runtime::Runtime,
}

impl NetRuntime {
    /// Two worker threads: a match file's fsync (every entry is synced before it is sent)
    /// then never holds up the connection's own I/O. They sleep when nothing happens.
    pub fn start() -> Result<NetRuntime, std::io::Error> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("fairduel-net")
            .enable_all()
            .build()?;
        Ok(NetRuntime { runtime })
    }

    pub fn handle(&self) -> &tokio::runtime::Handle {
        self.runtime.handle()
    }
}

/// The app's end of one match.
#[derive(Debug)]
pub struct MatchSession {
    handle: SessionHandle,
    /// The bots' seats in a local match. Their updates are read and dropped, so they do not
    /// pile up; dropping them makes the bots leave.
    bots: Vec<SessionHandle>,
    pub match_id: [u8; 32],
    /// The match file, when the match is saved as it goes (network matches).
    pub file: Option<PathBuf>,
}

impl MatchSession {
    pub fn new(started: StartedMatch) -> MatchSession {
        MatchSession {
            handle: started.session,
            bots: Vec::new(),
            match_id: started.match_id,
            file: started.file,
        }
    }

    /// Queues a command; never blocks.
    pub fn send(&self, command: Command) -> Result<(), SessionClosed> {
        self.handle.send(command)
    }

    /// The next update if one has arrived; never blocks. `Err` once the session has ended
    /// and every update has been read.
    pub fn try_next(&mut self) -> Result<Option<Update>, SessionClosed> {
        for bot in &mut self.bots {
            while let Ok(Some(_)) = bot.try_recv() {}
        }
        self.handle.try_recv()
    }

    /// Waits up to `timeout` for the next update. For tests and tools; the UI uses
    /// [`MatchSession::try_next`].
    pub fn next_timeout(&mut self, timeout: Duration) -> Result<Option<Update>, SessionClosed> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(update) = self.try_next()? {
                return Ok(Some(update));
            }
            if Instant::now() >= deadline {
                return Ok(None);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

/// A match against local bots: I sit at seat 0, a bot at every other seat of the format's
/// table (a partner bot too, in a team format).
#[derive(Debug, Clone)]
pub struct BotMatch {
    pub rules: Arc<Rules>,
    /// The format preset's id, as written into the match set-up.
    pub format_name: String,
    pub my_deck: DeckList,
    /// The bots' decks: seat `i + 1` plays `bot_decks[i % len]`.
    pub bot_decks: Vec<DeckList>,
    /// Seeds the secrets of every seat (so the shuffles and the first player), the bots'
    /// identities and every bot's choices: the same seed, the same player key and the same
    /// decisions give the same match (the keys are part of the match id every secret is
    /// bound to).
    pub seed: u64,
    /// My identity; `None` plays under a key made from the seed (tests, a first run without
    /// a key file).
    pub identity: Option<Identity>,
    /// How long the bot waits before each main-phase decision (a third before a response),
    /// so a person can follow it.
    pub bot_delay: Duration,
    /// Start with a bot deciding for my seat.
    pub autopilot: bool,
    /// When set, the autopilot hands my seat back once this turn begins.
    pub autopilot_until_turn: Option<u16>,
    /// Where my seat's finished record is saved (`None`: not saved).
    pub records_dir: Option<PathBuf>,
}

/// Starts a local match: my seat hosts, the bots join over in-memory links. The first
/// update (the opening position) comes as soon as every seat has committed its deck.
pub fn start_bot_match(
    runtime: &NetRuntime,
    config: BotMatch,
    waker: Waker,
) -> Result<MatchSession, StartError> {
    let players = usize::from(config.rules.format.table.players).max(2);
    if config.bot_decks.is_empty() {
        return Err(StartError::Table(
            "a match against bots needs a deck for the bots".to_owned(),
        ));
    }
    let seat =
        |deck: DeckList, identity: Identity, driver: DriverConfig, name: String| MatchSettings {
            rules: Arc::clone(&config.rules),
            format_name: config.format_name.clone(),
            deck,
            identity,
            player_name: name,
            matches_dir: None,
            durability: Durability::Flush,
            driver,
            waker: None,
        };
    let me = MatchSettings {
        waker: Some(waker),
        ..seat(
            config.my_deck.clone(),
            config
                .identity
                .clone()
                .unwrap_or_else(|| seeded_identity(config.seed, 0)),
            DriverConfig {
                autopilot: config.autopilot,
                autopilot_until_turn: config.autopilot_until_turn,
                autopilot_pause: config.bot_delay,
                bot_seed: config.seed ^ 0xB07_0000,
                records_dir: config.records_dir.clone(),
                ..DriverConfig::default()
            },
            String::new(),
        )
    };
    let mut seats = vec![me];
    for index in 1..players {
        let deck = &config.bot_decks[(index - 1) % config.bot_decks.len()];
        seats.push(seat(
            deck.clone(),
            seeded_identity(config.seed, index as u8),
            DriverConfig {
                autopilot: true,
                autopilot_pause: config.bot_delay,
                bot_seed: config.seed ^ (0xB07_0000 + index as u64),
                ..DriverConfig::default()
            },
            String::new(),
        ));
    }
    let secrets = (0..players as u64)
        .map(|i| {
            SecretStream::from_number(config.seed.wrapping_mul(players as u64).wrapping_add(i))
        })
        .collect();
    // The drivers are tokio tasks: start them inside the app's runtime.
    let _inside = runtime.handle().enter();
    let mut started = start_in_memory(seats, secrets)?.into_iter();
    let mine = started
        .next()
        .ok_or_else(|| StartError::Table("the local table has no seat for you".to_owned()))?;
    Ok(MatchSession {
        bots: started.map(|s| s.session).collect(),
        ..MatchSession::new(mine)
    })
}

#[cfg(test)]
mod tests {
    use fairduel_engine::{Action, Seat};

    use super::*;
    use crate::catalog::Catalog;
    use crate::catalog::tests::project_assets;

    fn local(runtime: &NetRuntime, format: &str, seed: u64, autopilot: bool) -> MatchSession {
        let catalog = Catalog::load(&project_assets()).expect("assets");
        let rules = Arc::clone(&catalog.format(format).expect("format").rules);
        let decks = catalog.legal_decks(&rules);
        let config = BotMatch {
            rules,
            format_name: format.to_owned(),
            my_deck: decks[0].1.clone(),
            bot_decks: vec![decks[1].1.clone()],
            seed,
            identity: None,
            bot_delay: Duration::ZERO,
            autopilot,
            autopilot_until_turn: None,
            records_dir: None,
        };
        start_bot_match(runtime, config, Arc::new(|| {})).expect("match starts")
    }

    /// Reads updates until one satisfies `done`, failing after a generous time.
    fn wait_for(session: &mut MatchSession, mut done: impl FnMut(&Update) -> bool) -> Update {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            match session.next_timeout(Duration::from_millis(200)) {
                Ok(Some(Update::Failed(message))) => panic!("session failed: {message}"),
                Ok(Some(update)) if done(&update) => return update,
                Ok(_) => {}
                Err(SessionClosed) => panic!("session closed"),
            }
        }
        panic!("timed out waiting for the session");
    }

    fn view_where(session: &mut MatchSession, done: impl Fn(&SeatView) -> bool) -> SeatView {
        match wait_for(session, |u| matches!(u, Update::View(v) if done(v))) {
            Update::View(view) => *view,
            _ => unreachable!("wait_for returned what it was asked for"),
        }
    }

    #[test]
    fn my_decisions_come_with_legal_actions_and_only_my_hand_is_known() {
        let runtime = NetRuntime::start().expect("runtime");
        let mut session = local(&runtime, "kairu-dotr", 5, false);
        let view = view_where(&mut session, SeatView::my_decision);
        assert!(view.legal.contains(&Action::EndTurn));
        let state = view.duel.state();
        assert!(!state.player(view.seat).hand.is_empty());
        for slot in &state.player(view.seat).hand {
            let commitment = state.commitment(slot.card_ref);
            assert!(view.knowledge.card(&commitment).is_some());
        }
        let bot_seat = state
            .seats()
            .find(|s| *s != view.seat)
            .expect("a second seat");
        for slot in &state.player(bot_seat).hand {
            let commitment = state.commitment(slot.card_ref);
            assert!(view.knowledge.card(&commitment).is_none());
        }
        let others: Vec<&str> = view.fairness.peers.iter().map(|p| p.key.as_str()).collect();
        assert_eq!(others, [seeded_identity(5, 1).public().fingerprint()]);
    }

    #[test]
    fn an_action_out_of_turn_is_refused_and_ending_the_turn_hands_over() {
        let runtime = NetRuntime::start().expect("runtime");
        let mut session = local(&runtime, "dor-classic", 2, false);
        let view = view_where(&mut session, SeatView::my_decision);
        let turn = view.duel.state().turn;
        session.send(Command::Act(Action::EndTurn)).expect("send");
        view_where(&mut session, |v| v.duel.state().turn > turn);
        // A pass is never legal in the main phase, and mid-bot-turn it is not my decision.
        session.send(Command::Act(Action::Pass)).expect("send");
        let refused = wait_for(&mut session, |u| matches!(u, Update::Refused { .. }));
        let Update::Refused { command, .. } = refused else {
            unreachable!("wait_for returned what it was asked for")
        };
        assert_eq!(command, "pass");
    }

    #[test]
    fn the_autopilot_plays_my_seat_to_a_verified_end() {
        let runtime = NetRuntime::start().expect("runtime");
        let mut session = local(&runtime, "kairu-dotr", 11, true);
        let finished = wait_for(&mut session, |u| matches!(u, Update::Finished(_)));
        let Update::Finished(end) = finished else {
            unreachable!("wait_for returned what it was asked for")
        };
        assert!(end.outcome.is_some());
        assert!(end.audit.all_verified(), "{:?}", end.audit);
        assert!(end.record.is_err(), "no records folder: nothing saved");
        assert_eq!(
            end.audit.outcome, end.outcome,
            "the audit replays to the same result"
        );
    }

    #[test]
    fn a_finished_bot_match_saves_a_record_that_verifies_from_the_file() {
        let runtime = NetRuntime::start().expect("runtime");
        let dir = std::env::temp_dir().join(format!("fairduel-app-record-{}", std::process::id()));
        let catalog = Catalog::load(&project_assets()).expect("assets");
        let rules = Arc::clone(&catalog.format("dor-classic").expect("format").rules);
        let decks = catalog.legal_decks(&rules);
        let config = BotMatch {
            rules: Arc::clone(&rules),
            format_name: "dor-classic".to_owned(),
            my_deck: decks[0].1.clone(),
            bot_decks: vec![decks[1].1.clone()],
            seed: 3,
            identity: None,
            bot_delay: Duration::ZERO,
            autopilot: true,
            autopilot_until_turn: None,
            records_dir: Some(dir.clone()),
        };
        let mut session = start_bot_match(&runtime, config, Arc::new(|| {})).expect("starts");
        let Update::Finished(end) = wait_for(&mut session, |u| matches!(u, Update::Finished(_)))
        else {
            unreachable!("wait_for returned what it was asked for")
        };
        let path = end.record.clone().expect("saved");
        assert!(path.starts_with(&dir));
        let bytes = std::fs::read(&path).expect("record file");
        let record = fairduel_protocol::MatchRecord::from_bytes(&bytes).expect("parses");
        let audit = fairduel_protocol::audit(rules, &record).expect("audits");
        assert!(audit.all_verified());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_pausing_bot_shows_each_move_as_it_is_made() {
        let runtime = NetRuntime::start().expect("runtime");
        let catalog = Catalog::load(&project_assets()).expect("assets");
        let rules = Arc::clone(&catalog.format("kairu-dotr").expect("format").rules);
        let decks = catalog.legal_decks(&rules);
        let config = BotMatch {
            rules,
            format_name: "kairu-dotr".to_owned(),
            my_deck: decks[0].1.clone(),
            bot_decks: vec![decks[1].1.clone()],
            seed: 6,
            identity: None,
            bot_delay: Duration::from_millis(15),
            autopilot: false,
            autopilot_until_turn: None,
            records_dir: None,
        };
        let mut session = start_bot_match(&runtime, config, Arc::new(|| {})).expect("starts");
        // Over the bot's turns, its moves must not all arrive in one view at its turn's end:
        // with a pause, each is signed and sent as it is made. (Turns until it has made a
        // few: how many a turn holds depends on its hand.)
        let mut views_with_bot_moves = 0;
        let mut bot_moves = 0;
        view_where(&mut session, |v| v.awaiting().is_main_of(v.seat));
        for _ in 0..6 {
            if bot_moves >= 3 {
                break;
            }
            session.send(Command::Act(Action::EndTurn)).expect("send");
            loop {
                let view = view_where(&mut session, |_| true);
                let moves = view.log.iter().filter(|l| l.actor == Some(Seat(1))).count();
                bot_moves += moves;
                views_with_bot_moves += usize::from(moves > 0);
                if view.my_decision() {
                    if view.awaiting().is_main_of(view.seat) {
                        break;
                    }
                    // A trap window or another prompt in the bot's turn: let it pass.
                    let answer = view
                        .legal
                        .iter()
                        .find(|a| matches!(a, Action::Pass))
                        .unwrap_or(&view.legal[0]);
                    session.send(Command::Act(answer.clone())).expect("send");
                }
            }
        }
        assert!(bot_moves >= 3, "the bot played: {bot_moves}");
        assert!(
            views_with_bot_moves * 2 > bot_moves,
            "{bot_moves} bot moves came in only {views_with_bot_moves} views"
        );
    }

    #[test]
    fn conceding_ends_the_duel_with_the_bot_winning() {
        let runtime = NetRuntime::start().expect("runtime");
        let mut session = local(&runtime, "dor-classic", 4, false);
        view_where(&mut session, SeatView::my_decision);
        session.send(Command::Concede).expect("send");
        let end = view_where(&mut session, |v| v.outcome.is_some());
        assert_eq!(end.outcome.and_then(|o| o.sole_winner()), Some(Seat(1)));
    }
}
