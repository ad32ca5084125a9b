//! The match session the app talks to, and a local implementation of it.
//!
//! The app never touches an engine that other seats act on. It sends [`Command`]s (an action
//! for its own seat, a concession) and receives [`Update`]s (a [`SeatView`]: what its seat
//! sees after each action). Both travel over channels, so the UI only ever polls and never
//! waits. A network session (`crates/net`) is to offer the same [`SessionHandle`]; for now
//! [`start_local_match`] plays against the engine's greedy bot on a background thread,
//! through the engine's trusted [`Referee`] (which hands each seat only what it may know).
//!
//! Dependencies point app -> net, so when the network driver lands these message types
//! (which name only engine types) move to where `crates/net` can build them, and this
//! module re-exports them; the app's side does not change.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::time::{Duration, Instant};

use fairduel_engine::describe::{describe_action, describe_event};
use fairduel_engine::state::Outcome;
use fairduel_engine::{
    Action, Awaiting, Bot, DeckList, Duel, GreedyBot, Knowledge, Referee, Rules, Seat,
};

/// What the app asks of the session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Take this action for my seat. It should be one of [`SeatView::legal`].
    Act(Action),
    /// Give up the duel (allowed at any time, even out of turn).
    Concede,
    /// Let a bot decide for my seat (`true`) or hand the decisions back (`false`). The bot
    /// sees exactly what my seat sees and acts through the same path as my own clicks.
    Autopilot(bool),
}

/// One line of the match log, in plain words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// The turn it happened in.
    pub turn: u16,
    /// Who acted, for action lines; `None` for what followed from it.
    pub actor: Option<Seat>,
    pub text: String,
}

/// What my seat sees after an action.
#[derive(Debug, Clone)]
pub struct SeatView {
    /// My seat's engine: the public state (hidden cards are commitments) and the rules.
    pub duel: Duel,
    pub seat: Seat,
    /// The openings of my own commitments: what my hand and my face-down cards are.
    pub knowledge: Knowledge,
    /// Everything I may do now (`Duel::legal_actions` for my seat); empty when the decision
    /// is not mine. Conceding is always allowed and not listed.
    pub legal: Vec<Action>,
    /// The action that led here and what followed from it, in plain words; for the first
    /// view, the set-up (opening hands, the first turn).
    pub log: Vec<LogLine>,
    /// The latest action and who took it (public: it is what every seat receives).
    pub last_action: Option<(Seat, Action)>,
    /// Who must decide next (`None` once the duel is over).
    pub deciding: Option<Seat>,
    pub outcome: Option<Outcome>,
    /// A bot is deciding for my seat.
    pub autopilot: bool,
    /// Actions applied so far.
    pub step: u64,
}

impl SeatView {
    pub fn awaiting(&self) -> &Awaiting {
        self.duel.awaiting()
    }

    pub fn my_decision(&self) -> bool {
        self.deciding == Some(self.seat)
    }
}

/// What the session tells the app.
#[derive(Debug, Clone)]
pub enum Update {
    /// The state after the latest action.
    View(Box<SeatView>),
    /// A command was refused; the state did not change.
    Refused { command: String, reason: String },
    /// The session stopped and cannot go on.
    Failed(String),
}

/// The session ended: its thread or connection is gone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the match session has ended; start a new match from the home screen")]
pub struct SessionClosed;

/// Called by the session whenever it has sent an update, so the UI can repaint (the app
/// passes a closure that asks egui for a repaint).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The app's end of a session: commands in, updates out. Dropping it ends the session.
#[derive(Debug)]
pub struct SessionHandle {
    commands: Sender<Command>,
    updates: Receiver<Update>,
}

impl SessionHandle {
    /// Builds a handle from its two channel ends; a session driver keeps the other ends.
    pub fn from_channels(commands: Sender<Command>, updates: Receiver<Update>) -> SessionHandle {
        SessionHandle { commands, updates }
    }

    /// Queues a command; never blocks.
    pub fn send(&self, command: Command) -> Result<(), SessionClosed> {
        self.commands.send(command).map_err(|_| SessionClosed)
    }

    /// The next update if one has arrived; never blocks. `Err` once the session is gone and
    /// every update has been read.
    pub fn try_next(&self) -> Result<Option<Update>, SessionClosed> {
        match self.updates.try_recv() {
            Ok(update) => Ok(Some(update)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(SessionClosed),
        }
    }

    /// Waits up to `timeout` for the next update. For tests and tools; the UI uses
    /// [`SessionHandle::try_next`].
    pub fn next_timeout(&self, timeout: Duration) -> Result<Option<Update>, SessionClosed> {
        match self.updates.recv_timeout(timeout) {
            Ok(update) => Ok(Some(update)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(SessionClosed),
        }
    }
}

/// A match against the local bot.
#[derive(Debug, Clone)]
pub struct LocalMatch {
    pub rules: Arc<Rules>,
    pub my_deck: DeckList,
    pub bot_deck: DeckList,
    /// Seeds the shuffles, the first player and both bots: the same seed and the same
    /// decisions give the same match.
    pub seed: u64,
    /// My seat (seat 0's home row is the bottom of the board).
    pub my_seat: Seat,
    /// How long the bot waits before each main-phase decision, so a person can follow it.
    /// Responses (passing a trap window, reveals) wait a third of it.
    pub bot_delay: Duration,
    /// Start with a bot deciding for my seat.
    pub autopilot: bool,
    /// When set, the autopilot hands my seat back once this turn begins.
    pub autopilot_until_turn: Option<u16>,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("could not set the match up: {0}")]
    Setup(#[from] fairduel_engine::RefereeError),
    #[error("could not start the match thread: {0}")]
    Thread(#[from] std::io::Error),
}

/// Starts a local match on a background thread and returns the app's end of it. The first
/// update (the opening position) is sent at once.
pub fn start_local_match(config: LocalMatch, waker: Waker) -> Result<SessionHandle, StartError> {
    // Seat 0 takes the first deck: put mine where my seat is.
    let mut decks = [&config.my_deck, &config.bot_deck];
    if config.my_seat.index() == 1 {
        decks.swap(0, 1);
    }
    let (referee, setup_events) = Referee::new(Arc::clone(&config.rules), decks, config.seed)?;
    let (command_tx, command_rx) = mpsc::channel();
    let (update_tx, update_rx) = mpsc::channel();
    let me = config.my_seat;
    let mut driver = LocalDriver {
        mine: referee.seat_duel(me).clone(),
        referee,
        me,
        bots: [
            GreedyBot::new(config.seed ^ 0xB07_0000),
            GreedyBot::new(config.seed ^ 0xB07_0001),
        ],
        autopilot: config.autopilot,
        autopilot_until_turn: config.autopilot_until_turn,
        bot_delay: config.bot_delay,
        last_action: None,
        updates: update_tx,
        waker,
    };
    let opening: Vec<LogLine> = driver.describe_events(None, &setup_events);
    std::thread::Builder::new()
        .name("fairduel-local-match".into())
        .spawn(move || {
            driver.publish(opening);
            driver.run(&command_rx);
        })?;
    Ok(SessionHandle::from_channels(command_tx, update_rx))
}

/// The background side of a local match.
struct LocalDriver {
    referee: Referee,
    /// My seat's own engine, fed the same actions as the referee's; the views come from it,
    /// so nothing the referee knows and my seat does not can reach the app.
    mine: Duel,
    me: Seat,
    /// One bot per seat: the opponent's, and the autopilot's for my seat.
    bots: [GreedyBot; 2],
    autopilot: bool,
    autopilot_until_turn: Option<u16>,
    bot_delay: Duration,
    last_action: Option<(Seat, Action)>,
    updates: Sender<Update>,
    waker: Waker,
}

/// Whether the driver should keep going.
enum Flow {
    Continue,
    Stop,
}

impl LocalDriver {
    fn run(&mut self, commands: &Receiver<Command>) {
        loop {
            if let Some(until) = self.autopilot_until_turn
                && self.autopilot
                && self.referee.duel().state().turn >= until
            {
                self.autopilot = false;
                self.autopilot_until_turn = None;
                self.publish(Vec::new());
            }
            let flow = match self.referee.duel().awaiting().seat() {
                // Over: answer commands until the app lets go.
                None => match commands.recv() {
                    Ok(command) => self.handle(command),
                    Err(_) => Flow::Stop,
                },
                // Opening a deck position is bookkeeping, not a choice: answer it at once.
                Some(seat)
                    if seat == self.me
                        && matches!(self.mine.awaiting(), Awaiting::OpenDraw { .. }) =>
                {
                    self.open_draw()
                }
                Some(seat) if seat == self.me && !self.autopilot => match commands.recv() {
                    Ok(command) => self.handle(command),
                    Err(_) => Flow::Stop,
                },
                Some(seat) => self.bot_turn(seat, commands),
            };
            if let Flow::Stop = flow {
                return;
            }
        }
    }

    /// Waits the bot's delay (still answering commands: a concession or the autopilot being
    /// switched off must not wait for the bot), then lets the bot act.
    fn bot_turn(&mut self, seat: Seat, commands: &Receiver<Command>) -> Flow {
        let delay = match self.referee.duel().awaiting() {
            Awaiting::Main { .. } => self.bot_delay,
            _ => self.bot_delay / 3,
        };
        let deadline = Instant::now() + delay;
        let step = self.referee.steps();
        let autopilot = self.autopilot;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            // Commands already waiting are answered even when the bot does not wait at all.
            let next = if left.is_zero() {
                match commands.try_recv() {
                    Ok(command) => Ok(command),
                    Err(TryRecvError::Empty) => Err(RecvTimeoutError::Timeout),
                    Err(TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
                }
            } else {
                commands.recv_timeout(left)
            };
            match next {
                Ok(command) => {
                    if let Flow::Stop = self.handle(command) {
                        return Flow::Stop;
                    }
                    if self.referee.steps() != step || self.autopilot != autopilot {
                        // The position or who decides changed: start over.
                        return Flow::Continue;
                    }
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Flow::Stop,
            }
        }
        let duel = self.referee.seat_duel(seat);
        let knowledge = self.referee.knowledge(seat);
        let legal = duel.legal_actions(seat, knowledge);
        if legal.is_empty() {
            self.fail(format!(
                "the bot for {seat} has no legal action; the match cannot go on"
            ));
            return Flow::Stop;
        }
        let pick = self.bots[seat.index()].choose(duel, seat, knowledge, &legal);
        let action = legal[pick.min(legal.len() - 1)].clone();
        match self.submit(seat, &action) {
            Ok(()) => Flow::Continue,
            Err(reason) => {
                self.fail(format!("the bot's move was refused: {reason}"));
                Flow::Stop
            }
        }
    }

    fn open_draw(&mut self) -> Flow {
        let knowledge = self.referee.knowledge(self.me);
        let open = self
            .mine
            .legal_actions(self.me, knowledge)
            .into_iter()
            .find(|a| matches!(a, Action::OpenDraw { .. }));
        let result = match open {
            Some(action) => self.submit(self.me, &action),
            None => Err("no opening of the drawn position is known to this seat".to_owned()),
        };
        match result {
            Ok(()) => Flow::Continue,
            Err(reason) => {
                self.fail(format!("could not open the drawn deck position: {reason}"));
                Flow::Stop
            }
        }
    }

    fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::Act(action) => {
                let deciding = self.referee.duel().awaiting().seat();
                if deciding != Some(self.me) {
                    let reason = match deciding {
                        None => "the duel is over".to_owned(),
                        Some(_) => "it is not your decision".to_owned(),
                    };
                    self.refuse(action.kind(), reason);
                } else if let Err(reason) = self.submit(self.me, &action) {
                    self.refuse(action.kind(), reason);
                }
            }
            Command::Concede => {
                if self.referee.duel().is_over() {
                    self.refuse("concede", "the duel is already over".to_owned());
                } else if let Err(reason) = self.submit(self.me, &Action::Concede) {
                    self.refuse("concede", reason);
                }
            }
            Command::Autopilot(on) => {
                self.autopilot = on;
                if !on {
                    self.autopilot_until_turn = None;
                }
                self.publish(Vec::new());
            }
        }
        Flow::Continue
    }

    /// Applies an action on the referee and on my seat's engine, then publishes the view.
    fn submit(&mut self, seat: Seat, action: &Action) -> Result<(), String> {
        let before = self.mine.clone();
        self.referee
            .submit(seat, action)
            .map_err(|e| e.to_string())?;
        // My engine applies with my knowledge only for my own actions, like a peer would.
        let own = (seat == self.me).then(|| self.referee.knowledge(self.me).clone());
        let events = match self.mine.apply(seat, action, own.as_ref()) {
            Ok(events) => events,
            Err(e) => {
                let message = format!("my seat's engine refused an action the referee took: {e}");
                self.fail(message.clone());
                return Err(message);
            }
        };
        if self.mine.state_hash() != self.referee.state_hash() {
            let message = "my seat's engine disagrees with the referee".to_owned();
            self.fail(message.clone());
            return Err(message);
        }
        let mut log = vec![LogLine {
            turn: before.state().turn,
            actor: Some(seat),
            text: describe_action(&before, action),
        }];
        log.extend(self.describe_events(Some(&before), &events));
        self.last_action = Some((seat, action.clone()));
        self.publish(log);
        Ok(())
    }

    fn describe_events(
        &self,
        before: Option<&Duel>,
        events: &[fairduel_engine::Event],
    ) -> Vec<LogLine> {
        let turn = before.map_or(1, |d| d.state().turn);
        events
            .iter()
            .filter_map(|e| describe_event(&self.mine, e))
            .map(|text| LogLine {
                turn,
                actor: None,
                text,
            })
            .collect()
    }

    fn view(&self, log: Vec<LogLine>) -> SeatView {
        let knowledge = self.referee.knowledge(self.me).clone();
        let deciding = self.mine.awaiting().seat();
        let legal = if deciding == Some(self.me) {
            self.mine.legal_actions(self.me, &knowledge)
        } else {
            Vec::new()
        };
        SeatView {
            duel: self.mine.clone(),
            seat: self.me,
            knowledge,
            legal,
            log,
            last_action: self.last_action.clone(),
            deciding,
            outcome: self.mine.state().outcome,
            autopilot: self.autopilot,
            step: self.referee.steps(),
        }
    }

    fn publish(&self, log: Vec<LogLine>) {
        self.send(Update::View(Box::new(self.view(log))));
    }

    fn refuse(&self, command: &str, reason: String) {
        self.send(Update::Refused {
            command: command.to_owned(),
            reason,
        });
    }

    fn fail(&self, message: String) {
        self.send(Update::Failed(message));
    }

    fn send(&self, update: Update) {
        // A closed channel means the app has let go; the run loop notices on its next read.
        if self.updates.send(update).is_ok() {
            (self.waker)();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::catalog::tests::project_assets;

    fn local(format: &str, seed: u64, autopilot: bool) -> SessionHandle {
        let catalog = Catalog::load(&project_assets()).expect("assets");
        let rules = Arc::clone(&catalog.format(format).expect("format").rules);
        let decks = catalog.legal_decks(&rules);
        let config = LocalMatch {
            rules,
            my_deck: decks[0].1.clone(),
            bot_deck: decks[1].1.clone(),
            seed,
            my_seat: Seat(0),
            bot_delay: Duration::ZERO,
            autopilot,
            autopilot_until_turn: None,
        };
        start_local_match(config, Arc::new(|| {})).expect("match starts")
    }

    /// Reads updates until one satisfies `done`, failing after a generous time.
    fn wait_for(session: &SessionHandle, mut done: impl FnMut(&SeatView) -> bool) -> SeatView {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            match session.next_timeout(Duration::from_millis(200)) {
                Ok(Some(Update::View(view))) if done(&view) => return *view,
                Ok(Some(Update::Failed(message))) => panic!("session failed: {message}"),
                Ok(_) => {}
                Err(SessionClosed) => panic!("session closed"),
            }
        }
        panic!("timed out waiting for the session");
    }

    #[test]
    fn my_decisions_come_with_legal_actions_and_my_hand_is_known() {
        let session = local("kairu-dotr", 5, false);
        let view = wait_for(&session, SeatView::my_decision);
        assert!(!view.legal.is_empty());
        assert!(view.legal.contains(&Action::EndTurn));
        let state = view.duel.state();
        for slot in &state.player(view.seat).hand {
            let commitment = state.commitment(slot.card_ref);
            assert!(view.knowledge.card(&commitment).is_some());
        }
        // The bot's hand stays hidden from my seat.
        for slot in &state.player(view.seat.other()).hand {
            let commitment = state.commitment(slot.card_ref);
            assert!(view.knowledge.card(&commitment).is_none());
        }
    }

    #[test]
    fn an_action_out_of_turn_is_refused_and_ending_the_turn_hands_over() {
        let session = local("dor-classic", 2, false);
        let view = wait_for(&session, SeatView::my_decision);
        let turn = view.duel.state().turn;
        session.send(Command::Act(Action::EndTurn)).expect("send");
        let after = wait_for(&session, |v| v.duel.state().turn > turn);
        assert!(after.log.iter().any(|l| l.text.contains("ends the turn")));
        // Acting while the bot decides (or after it handed back) is either refused or legal:
        // a pass is never legal in the main phase.
        session.send(Command::Act(Action::Pass)).expect("send");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            assert!(Instant::now() < deadline, "no refusal");
            if let Ok(Some(Update::Refused { command, .. })) =
                session.next_timeout(Duration::from_millis(200))
            {
                assert_eq!(command, "pass");
                break;
            }
        }
    }

    #[test]
    fn autopilot_plays_my_seat_to_the_end_and_concession_is_refused_after() {
        let session = local("kairu-dotr", 11, true);
        let end = wait_for(&session, |v| v.outcome.is_some());
        assert!(end.legal.is_empty());
        assert_eq!(end.deciding, None);
        session.send(Command::Concede).expect("send");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            assert!(Instant::now() < deadline, "no refusal");
            if let Ok(Some(Update::Refused { reason, .. })) =
                session.next_timeout(Duration::from_millis(200))
            {
                assert!(reason.contains("over"), "{reason}");
                break;
            }
        }
    }

    #[test]
    fn conceding_ends_the_duel_with_the_bot_winning() {
        let session = local("dor-classic", 4, false);
        wait_for(&session, |_| true);
        session.send(Command::Concede).expect("send");
        let end = wait_for(&session, |v| v.outcome.is_some());
        let outcome = end.outcome.expect("over");
        assert_eq!(outcome.winner, Some(Seat(1)));
    }
}
