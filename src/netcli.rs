//! The network commands: `host`, `join`, `lan`, `resume`, and `demo` over real endpoints.
//! Each runs one match session (crates/net's driver) and shows it in the terminal; a person
//! plays by typing the number of a legal action, or a bot plays with `--bot`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::describe::{describe_action, describe_field};
use fairduel_engine::{Action, DeckList, Rules, Seat};
use fairduel_net::driver::{
    Command, DriverConfig, LinkStatus, MatchEnd, SeatView, SessionHandle, Update, verdict_text,
};
use fairduel_net::play::{
    MatchSettings, StartedMatch, gather_table, match_hello, reconnect_saved, resume_saved,
    start_hosted, start_joined, table_options,
};
use fairduel_net::store::{Durability, MatchStore, find_match, hex};
use fairduel_net::{
    EndpointOptions, Host, HostTicket, LanAdvert, NetworkMode, PlayerEndpoint, Role, join,
};
use fairduel_protocol::Identity;

use crate::assets;

/// Where this player's things live, and how the session behaves.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayerArgs {
    /// Folder for match files, records and desync reports (default: the user's data folder).
    #[arg(long, global = true)]
    pub data_dir: Option<PathBuf>,
    /// This player's key file (default: identity.key in the user's config folder; created on
    /// first use, readable by you only).
    #[arg(long, global = true)]
    pub key: Option<PathBuf>,
    /// The name the other players see (and the LAN list shows for a match you host).
    #[arg(long, global = true)]
    pub name: Option<String>,
}

/// How to reach the other player.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct NetworkArgs {
    /// No relays and no internet lookups: LAN or the same machine only.
    #[arg(long)]
    pub offline: bool,
    /// This machine only (127.0.0.1): for trying things out and for tests.
    #[arg(long, conflicts_with = "offline")]
    pub loopback: bool,
    /// Online, but never through a relay server: works only when one side can be reached
    /// directly (a public address or a forwarded port).
    #[arg(long, conflicts_with_all = ["offline", "loopback"])]
    pub no_relay: bool,
    /// Let a bot play this seat.
    #[arg(long)]
    pub bot: bool,
    /// Seed of the bot's choices.
    #[arg(long, default_value_t = 0)]
    pub bot_seed: u64,
    /// Minutes a player the match waits for may stay silent before you may close the match
    /// without them (type x; the record then says they abandoned it). Default: 10.
    #[arg(long, value_name = "MINUTES")]
    pub decision_clock: Option<u32>,
    /// The decision clock in seconds, for tests (wins over --decision-clock).
    #[arg(long, hide = true)]
    pub decision_clock_secs: Option<u64>,
    /// Seconds without a word from the other side before the link counts as lost.
    #[arg(long, default_value_t = 15, hide = true)]
    pub silence_secs: u64,
    /// Milliseconds between heartbeats when there is nothing else to send.
    #[arg(long, default_value_t = 2000, hide = true)]
    pub heartbeat_ms: u64,
}

impl NetworkArgs {
    fn endpoint_options(&self) -> EndpointOptions {
        if self.loopback {
            EndpointOptions::loopback()
        } else if self.offline {
            EndpointOptions::offline()
        } else if self.no_relay {
            EndpointOptions {
                mode: NetworkMode::OnlineWithoutRelay,
                ..EndpointOptions::online()
            }
        } else {
            EndpointOptions::online()
        }
    }
}

pub fn data_root(args: &PlayerArgs) -> PathBuf {
    args.data_dir.clone().unwrap_or_else(|| {
        dirs::data_dir()
            .map(|d| d.join("fairduel"))
            .unwrap_or_else(|| PathBuf::from("fairduel-data"))
    })
}

fn identity(args: &PlayerArgs) -> Result<Identity, String> {
    let path = args.key.clone().unwrap_or_else(|| {
        dirs::config_dir()
            .map(|d| d.join("fairduel").join("identity.key"))
            .unwrap_or_else(|| PathBuf::from("fairduel-identity.key"))
    });
    Identity::load_or_create(&path).map_err(|e| e.to_string())
}

fn settings(
    player: &PlayerArgs,
    net: &NetworkArgs,
    rules: &Arc<Rules>,
    format: &str,
    deck: DeckList,
    identity: Identity,
    name: &str,
) -> MatchSettings {
    let root = data_root(player);
    MatchSettings {
        rules: Arc::clone(rules),
        format_name: format.to_owned(),
        deck,
        identity,
        player_name: name.to_owned(),
        matches_dir: Some(root.join("matches")),
        durability: Durability::Sync,
        driver: DriverConfig {
            heartbeat: Duration::from_millis(net.heartbeat_ms.max(50)),
            silence: Duration::from_secs(net.silence_secs.max(1)),
            records_dir: Some(root.join("records")),
            reports_dir: Some(root.join("reports")),
            autopilot: net.bot,
            bot_seed: net.bot_seed,
            decision_clock: rules.format.decision_clock(
                net.decision_clock_secs.map(Duration::from_secs).or(net
                    .decision_clock
                    .map(|minutes| Duration::from_secs(u64::from(minutes) * 60))),
            ),
            ..DriverConfig::default()
        },
        waker: None,
    }
}

/// A deck by file stem from the decks folder of the format's pool, or by path.
/// The deck a player brings, and the card database it is of (empty: the format's pool).
#[derive(Debug, Clone, Copy)]
pub struct DeckArg<'a> {
    pub name: &'a str,
    pub cards: &'a [PathBuf],
}

/// The player's deck: with a card database (`cards`), a `.ydk` file or `ydke://` link of
/// its cards; otherwise a starter deck's name or a deck file.
fn deck_of(dir: &Path, rules: &Rules, name: &str, cards: &[PathBuf]) -> Result<DeckList, String> {
    if cards.is_empty() {
        deck(dir, rules, name)
    } else {
        fairduel_carddb::database_deck(rules, name)
    }
}

fn deck(dir: &Path, rules: &Rules, name: &str) -> Result<DeckList, String> {
    let as_path = Path::new(name);
    let path = if as_path.is_file() {
        as_path.to_owned()
    } else {
        assets::deck_dir(dir, rules.format.deck_folder()).join(format!("{name}.toml"))
    };
    assets::load_deck(&path, rules).map_err(|e| e.to_string())
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the network runtime: {e}"))
}

pub struct HostArgs {
    pub format: String,
    pub deck: String,
    pub name: Option<String>,
    pub ticket_file: Option<PathBuf>,
    /// Domain Format with the player's own card database (empty: the format's pool).
    pub cards: Vec<PathBuf>,
}

pub fn host(
    dir: &Path,
    player: &PlayerArgs,
    net: &NetworkArgs,
    args: HostArgs,
) -> Result<ExitCode, String> {
    let rules = assets::load_rules_with_cards(dir, &args.format, &args.cards)?;
    let deck = deck_of(dir, &rules, &args.deck, &args.cards)?;
    deck.validate(&rules.pool, &rules.format)?;
    let identity = identity(player)?;
    runtime()?.block_on(async {
        let endpoint = PlayerEndpoint::bind(identity.secret_bytes(), net.endpoint_options())
            .await
            .map_err(|e| e.to_string())?;
        // The advert carries the invite: only an offline match, meant for this network, is
        // offered to everyone on it.
        let lan_advert = net.offline.then(|| LanAdvert {
            host_name: args
                .name
                .clone()
                .unwrap_or_else(|| identity.public().fingerprint()),
            format_name: rules.format.name.clone(),
            format_hash: rules.format.hash().0,
        });
        let name = args.name.clone().unwrap_or_default();
        let options = table_options(&rules, lan_advert);
        let wanted = usize::from(options.players_wanted.max(1));
        let (ticket, host) = Host::bind(&endpoint, match_hello(&rules).with_name(&name), options)
            .await
            .map_err(|e| e.to_string())?;
        say!(
            "Hosting {} as {} with {}.",
            rules.format.name,
            identity.public().fingerprint(),
            deck.name
        );
        let admits = if wanted == 1 {
            "it admits one player, once".to_owned()
        } else {
            format!("it admits {wanted} players, one seat each")
        };
        say!("Give this ticket to the other players ({admits}):\n\n{ticket}\n");
        if let Some(file) = &args.ticket_file {
            std::fs::write(file, ticket.to_string())
                .map_err(|e| format!("cannot write the ticket to {}: {e}", file.display()))?;
        }
        say!(
            "Waiting for the table to fill (1 of {} seated)…",
            wanted + 1
        );
        let host = Arc::new(host);
        let arrivals = gather_table(&host, wanted, progress_printer())
            .await
            .map_err(|e| e.to_string())?;
        let started = start_hosted(
            settings(player, net, &rules, &args.format, deck, identity, &name),
            host,
            arrivals,
        )
        .await
        .map_err(|e| e.to_string())?;
        drive(started, net.bot, &rules).await
    })
}

pub fn join_match(
    dir: &Path,
    player: &PlayerArgs,
    net: &NetworkArgs,
    format: &str,
    deck_arg: DeckArg<'_>,
    ticket: &str,
    name: &str,
) -> Result<ExitCode, String> {
    let ticket: HostTicket = ticket.trim().parse().map_err(|e| format!("{e}"))?;
    let rules = assets::load_rules_with_cards(dir, format, deck_arg.cards)?;
    let deck = deck_of(dir, &rules, deck_arg.name, deck_arg.cards)?;
    deck.validate(&rules.pool, &rules.format)?;
    let identity = identity(player)?;
    runtime()?.block_on(async {
        let endpoint = PlayerEndpoint::bind(identity.secret_bytes(), net.endpoint_options())
            .await
            .map_err(|e| e.to_string())?;
        let seat = Seated {
            deck,
            identity,
            name: name.to_owned(),
        };
        join_with(player, net, &rules, format, seat, &endpoint, &ticket).await
    })
}

/// What a player brings to a table.
struct Seated {
    deck: DeckList,
    identity: Identity,
    name: String,
}

async fn join_with(
    player: &PlayerArgs,
    net: &NetworkArgs,
    rules: &Arc<Rules>,
    format: &str,
    seat: Seated,
    endpoint: &PlayerEndpoint,
    ticket: &HostTicket,
) -> Result<ExitCode, String> {
    say!(
        "Joining {} as {}…",
        rules.format.name,
        seat.identity.public().fingerprint()
    );
    let connection = join(endpoint, ticket, match_hello(rules).with_name(&seat.name))
        .await
        .map_err(|e| e.to_string())?;
    say!("Seated; waiting for the table to fill…");
    let started = start_joined(
        settings(
            player,
            net,
            rules,
            format,
            seat.deck,
            seat.identity,
            &seat.name,
        ),
        endpoint.clone(),
        connection,
        progress_printer(),
    )
    .await
    .map_err(|e| e.to_string())?;
    drive(started, net.bot, rules).await
}

/// Prints how full the table is each time that changes.
fn progress_printer() -> impl FnMut(usize, usize) {
    let mut last = (0, 0);
    move |seated, of| {
        if (seated, of) != last {
            last = (seated, of);
            say!("  {seated} of {of} seated");
        }
    }
}

pub fn lan(
    dir: &Path,
    player: &PlayerArgs,
    net: &NetworkArgs,
    format: &str,
    deck_arg: DeckArg<'_>,
    pick: Option<usize>,
    wait_secs: u64,
) -> Result<ExitCode, String> {
    let name = player.name.as_deref().unwrap_or_default();
    let rules = assets::load_rules_with_cards(dir, format, deck_arg.cards)?;
    let deck = deck_of(dir, &rules, deck_arg.name, deck_arg.cards)?;
    deck.validate(&rules.pool, &rules.format)?;
    let identity = identity(player)?;
    let mut options = EndpointOptions::offline();
    options.lan_discovery = true;
    runtime()?.block_on(async {
        let endpoint = PlayerEndpoint::bind(identity.secret_bytes(), options)
            .await
            .map_err(|e| e.to_string())?;
        say!("Looking for matches on this network for {wait_secs} seconds…");
        let mut watch = endpoint.watch_lan_matches().map_err(|e| e.to_string())?;
        let deadline = tokio::time::Instant::now() + Duration::from_secs(wait_secs);
        let mut found = Vec::new();
        while tokio::time::Instant::now() < deadline {
            found = watch
                .borrow()
                .iter()
                .filter(|m| m.format_hash == rules.format.hash().0)
                .cloned()
                .collect::<Vec<_>>();
            if pick.is_some_and(|p| p < found.len()) {
                break;
            }
            let _ = tokio::time::timeout_at(deadline, watch.changed()).await;
        }
        if found.is_empty() {
            say!("No open {} match found nearby. Ask the host to run `fairduel host --offline`, or join with their ticket.", rules.format.name);
            return Ok(ExitCode::FAILURE);
        }
        for (i, m) in found.iter().enumerate() {
            say!("  [{}] {} hosts {}", i + 1, m.host_name, m.format_name);
        }
        let index = match pick {
            Some(p) => p,
            None => read_number("Join which match? ", found.len())?,
        };
        let chosen = found
            .get(index)
            .ok_or_else(|| format!("there is no match number {}", index + 1))?;
        let net = NetworkArgs { offline: true, ..*net };
        let seat = Seated {
            deck,
            identity,
            name: name.to_owned(),
        };
        join_with(player, &net, &rules, format, seat, &endpoint, &chosen.ticket).await
    })
}

pub fn resume(
    dir: &Path,
    player: &PlayerArgs,
    net: &NetworkArgs,
    name: Option<&str>,
    player_name: &str,
    cards: &[PathBuf],
) -> Result<ExitCode, String> {
    let matches = data_root(player).join("matches");
    let path = match name {
        Some(name) => find_match(&matches, name)?,
        None => newest_match(&matches)?,
    };
    let saved = MatchStore::read(&path).map_err(|e| e.to_string())?;
    let meta = &saved.meta;
    let rules = assets::load_rules_with_cards(dir, &meta.format_name, cards)?;
    let identity = identity(player)?;
    let deck = DeckList::from(&meta.deck);
    say!(
        "Resuming match {} ({}, {} entries saved) as {} ({})…",
        &hex(&meta.match_id)[..12],
        rules.format.name,
        saved.entries.len(),
        meta.seat,
        match meta.role {
            Role::Host => "the host",
            Role::Joiner => "a joiner",
        }
    );
    runtime()?.block_on(async {
        let reconnect =
            reconnect_saved(meta, &identity, net.endpoint_options(), &rules, player_name).await?;
        let settings = settings(
            player,
            net,
            &rules,
            &meta.format_name,
            deck,
            identity,
            player_name,
        );
        let (started, saved) =
            resume_saved(settings, &path, reconnect).map_err(|e| e.to_string())?;
        if saved.dropped_torn_tail {
            say!("  (an entry cut short by the crash was never sent; it was dropped)");
        }
        drive(started, net.bot, &rules).await
    })
}

fn newest_match(dir: &Path) -> Result<PathBuf, String> {
    let listing = std::fs::read_dir(dir)
        .map_err(|e| format!("no saved matches in {} ({e})", dir.display()))?;
    listing
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".fdmatch"))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .max()
        .map(|(_, path)| path)
        .ok_or_else(|| format!("no saved matches in {}", dir.display()))
}

fn read_number(prompt: &str, count: usize) -> Result<usize, String> {
    use std::io::Write;
    loop {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
        let mut line = String::new();
        if std::io::stdin()
            .read_line(&mut line)
            .map_err(|e| e.to_string())?
            == 0
        {
            return Err("no answer: the input ended".to_owned());
        }
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => return Ok(n - 1),
            _ => say!("  type a number from 1 to {count}"),
        }
    }
}

/// Shows a session in the terminal until it ends; a person answers decisions by number.
pub async fn drive(started: StartedMatch, bot: bool, rules: &Rules) -> Result<ExitCode, String> {
    Ok(drive_to_record(started, bot, rules).await?.0)
}

/// [`drive`], also returning where the record was saved.
pub async fn drive_to_record(
    started: StartedMatch,
    bot: bool,
    rules: &Rules,
) -> Result<(ExitCode, Option<PathBuf>), String> {
    let StartedMatch {
        mut session,
        match_id,
        file,
    } = started;
    say!("Match {} started.", &hex(&match_id)[..12]);
    if let Some(file) = &file {
        say!(
            "  saved as it goes in {} (after a crash: `fairduel resume {}`)",
            file.display(),
            &hex(&match_id)[..12]
        );
    }
    let mut lines = (!bot).then(stdin_lines);
    // Typing goes on while others decide too (`x` closes a match whose player went silent);
    // once input has ended, only a decision of ours is waited for, and it leaves.
    let mut waiting_lines_done = bot;
    let mut offered: Vec<Action> = Vec::new();
    let mut code = ExitCode::FAILURE;
    let mut record = None;
    loop {
        tokio::select! {
            update = session.recv() => {
                let Some(update) = update else { return Ok((code, record)) };
                if let Update::Finished(end) = &update {
                    record = end.record.as_ref().ok().cloned();
                }
                if let Some(done) = show(update, &mut offered, bot, rules, &mut code) {
                    // Let the session send its goodbye and close before returning.
                    while session.recv().await.is_some() {}
                    return Ok((done, record));
                }

            }
            line = next_line(&mut lines), if !offered.is_empty() || !waiting_lines_done => {
                if line.is_none() && offered.is_empty() {
                    // Input ended while another seat decides: the next decision of ours
                    // reads the end again and leaves, as before.
                    waiting_lines_done = true;
                    continue;
                }
                answer(&session, line, &mut offered);
            }
        }
    }
}

fn show(
    update: Update,
    offered: &mut Vec<Action>,
    bot: bool,
    rules: &Rules,
    code: &mut ExitCode,
) -> Option<ExitCode> {
    match update {
        Update::View(view) => {
            for line in &view.log {
                say!("  turn {:>2}: {}", line.turn, line.text);
            }
            offered.clear();
            if !bot && view.my_decision() {
                // The card game's field, drawn in text: the grid formats are played in the
                // window, where the board is.
                if view.duel.topology().field().is_some() {
                    say!();
                    for line in describe_field(&view.duel, view.seat, &view.knowledge) {
                        say!("  {line}");
                    }
                }
                let state = view.duel.state();
                let others: Vec<String> = state
                    .seats()
                    .filter(|s| *s != view.seat)
                    .map(|s| format!("{s} {} LP", state.player(s).life_points))
                    .collect();
                say!(
                    "\nYour decision ({} LP; {}):",
                    state.player(view.seat).life_points,
                    others.join(", ")
                );
                for (i, action) in view.legal.iter().enumerate() {
                    say!("  {:>3}. {}", i + 1, offer_text(&view, action));
                }
                say!(
                    "  (number to act, c to concede, a to let the bot play, q to leave and resume later, \
                     x to close the match once the player it waits for has gone silent)"
                );
                *offered = view.legal.clone();
            }
            None
        }
        Update::Refused { command, reason } => {
            say!("  refused ({command}): {reason}");
            None
        }
        Update::Link {
            seat,
            status: LinkStatus::Connected(info),
        } => {
            say!(
                "  connected to {seat} ({}) — {}",
                info.remote_id.fmt_short(),
                info.path
            );
            None
        }
        Update::Link {
            seat,
            status: LinkStatus::Lost { reason },
        } => {
            say!("  connection to {seat} lost ({reason}); getting it back…");
            None
        }
        Update::Link {
            seat,
            status: LinkStatus::Reconnected(info),
        } => {
            say!("  reconnected to {seat} — {}", info.path);
            None
        }
        Update::Warning(message) => {
            say!("  warning: {message}");
            None
        }
        Update::Desync(report) => {
            say!("{}", report.text().trim_end());
            None
        }
        Update::Finished(end) => {
            print_end(&end, rules);
            *code = if end.audit.all_verified() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
            Some(*code)
        }
        Update::Failed(message) => {
            say!("error: {message}");
            Some(ExitCode::FAILURE)
        }
    }
}

/// An action as offered to its player: the public description, naming the hand card a
/// face-down play would keep hidden from the others.
fn offer_text(view: &SeatView, action: &Action) -> String {
    let asked_to_end = matches!(
        view.awaiting().decision(),
        Some((
            _,
            fairduel_engine::Decision::Respond {
                event: fairduel_engine::TrapEvent::EndProposed { .. },
            }
        ))
    );
    if asked_to_end && *action == Action::Pass {
        return "refuses to end the duel: play on".to_owned();
    }
    let text = describe_action(&view.duel, action);
    let Action::Play {
        hand_index,
        reveal: None,
        ..
    } = action
    else {
        return text;
    };
    let state = view.duel.state();
    let name = state
        .player(view.seat)
        .hand
        .get(usize::from(*hand_index))
        .and_then(|slot| view.knowledge.card(&state.commitment(slot.card_ref)))
        .and_then(|id| view.duel.pool().get(id))
        .map(|card| card.name.clone());
    match name {
        Some(name) => format!("{text}: {name}"),
        None => text,
    }
}

/// Who won, every seat's audit verdict, and where the record is.
fn print_end(end: &MatchEnd, rules: &Rules) {
    let me = end.my_seat;
    match end.outcome {
        Some(o) if o.is_draw() => say!("\nThe duel ended without a winner."),
        Some(o) if o.won(me) => {
            say!("\n{} won {}: you ({me}) won.", o.winners, rules.format.name)
        }
        Some(o) => say!(
            "\n{} won {}: you ({me}) lost.",
            o.winners,
            rules.format.name
        ),
        None => {
            let silent = end.audit.verdicts.iter().enumerate().find_map(|(i, v)| {
                matches!(v, fairduel_protocol::SeatVerdict::Abandoned { .. }).then(|| Seat(i as u8))
            });
            match silent {
                Some(seat) => say!(
                    "\nThe match was closed without {seat}, who stopped answering: no winner, \
                     and the record says {seat} abandoned it."
                ),
                None => say!("\nThe duel ended without a winner."),
            }
        }
    }
    for line in verdict_lines(end) {
        say!("audit: {line}");
    }
    match &end.record {
        Ok(path) => say!(
            "match record saved to {}\ncheck it yourself: fairduel verify {}",
            path.display(),
            path.display()
        ),
        Err(error) => say!("the match record could not be saved: {error}"),
    }
}

/// One line per seat: its audit verdict, as this seat's audit found it.
fn verdict_lines(end: &MatchEnd) -> Vec<String> {
    end.audit
        .verdicts
        .iter()
        .enumerate()
        .map(|(i, verdict)| {
            let seat = Seat(i as u8);
            let you = if seat == end.my_seat { " (you)" } else { "" };
            format!("{seat}{you} {}", verdict_text(verdict))
        })
        .collect()
}

fn answer(session: &SessionHandle, line: Option<String>, offered: &mut Vec<Action>) {
    let Some(line) = line else {
        let _ = session.send(Command::Leave);
        return;
    };
    let line = line.trim();
    let command = match line {
        "c" => Some(Command::Concede),
        "a" => Some(Command::Autopilot(true)),
        "q" => Some(Command::Leave),
        "x" => Some(Command::CloseAbandoned),
        number => match number.parse::<usize>() {
            Ok(n) if (1..=offered.len()).contains(&n) => Some(Command::Act(offered[n - 1].clone())),
            _ if offered.is_empty() => {
                say!(
                    "  another player is deciding; c concedes, q leaves, x closes the match if they have gone silent"
                );
                None
            }
            _ => {
                say!(
                    "  type a number from 1 to {}, or c, a, q or x",
                    offered.len()
                );
                None
            }
        },
    };
    if let Some(command) = command {
        offered.clear();
        let _ = session.send(command);
    }
}

fn stdin_lines() -> tokio::sync::mpsc::UnboundedReceiver<String> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lines() {
            match line {
                Ok(line) => {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
    });
    rx
}

async fn next_line(
    lines: &mut Option<tokio::sync::mpsc::UnboundedReceiver<String>>,
) -> Option<String> {
    match lines {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Bot players, one per seat of the format, on real iroh endpoints on this machine's
/// loopback: the host hands out one ticket, the others join with it and link to each
/// other, and they play a whole match. The host's seat is shown as it goes; at the end
/// every seat prints its own audit verdict for every seat.
pub fn demo(
    player: &PlayerArgs,
    format: &str,
    rules: &Arc<Rules>,
    decks: &[&DeckList],
    seed: u64,
    out: Option<PathBuf>,
) -> Result<ExitCode, String> {
    let rules = Arc::clone(rules);
    let players = decks.len();
    let ids = (0..players)
        .map(|_| Identity::generate().map_err(|e| e.to_string()))
        .collect::<Result<Vec<_>, _>>()?;
    let net = |bot_seed| NetworkArgs {
        offline: false,
        loopback: true,
        no_relay: false,
        bot: true,
        bot_seed,
        decision_clock: None,
        decision_clock_secs: None,
        silence_secs: 15,
        heartbeat_ms: 2000,
    };
    let names: Vec<&str> = decks.iter().map(|d| d.name.as_str()).collect();
    say!(
        "{}: {players} bot players on real iroh endpoints (loopback), {}, seed {seed}",
        rules.format.name,
        names.join(" vs ")
    );
    runtime()?.block_on(async {
        let mut endpoints = Vec::with_capacity(players);
        for id in &ids {
            endpoints.push(
                PlayerEndpoint::bind(id.secret_bytes(), EndpointOptions::loopback())
                    .await
                    .map_err(|e| e.to_string())?,
            );
        }
        let all: Vec<MatchSettings> = (0..players)
            .map(|i| {
                let mut seat = settings(
                    player,
                    &net(seed ^ (i as u64 + 1)),
                    &rules,
                    format,
                    decks[i].clone(),
                    ids[i].clone(),
                    &format!("Bot {}", i + 1),
                );
                // A demo is not resumed: no match files.
                seat.matches_dir = None;
                seat
            })
            .collect();
        let options = table_options(&rules, None);
        let (ticket, host) = Host::bind(
            &endpoints[0],
            match_hello(&rules).with_name(&all[0].player_name),
            options,
        )
        .await
        .map_err(|e| e.to_string())?;
        say!(
            "host {} made ticket {}…",
            ids[0].public().fingerprint(),
            &ticket.to_string()[..24]
        );
        let host = Arc::new(host);
        let gathering = {
            let host = Arc::clone(&host);
            tokio::spawn(async move { gather_table(&host, players - 1, |_, _| {}).await })
        };
        // The others join one by one; the host seats them in the order they say where they
        // listen, so each learns its seat from the set-up entry.
        let mut joining = Vec::new();
        for (i, seat) in all.iter().enumerate().skip(1) {
            let hello = match_hello(&rules).with_name(&seat.player_name);
            let connection = join(&endpoints[i], &ticket, hello)
                .await
                .map_err(|e| e.to_string())?;
            say!(
                "{} {} joined: {}",
                seat.player_name,
                ids[i].public().fingerprint(),
                connection.info().path
            );
            let settings = seat.clone();
            let endpoint = endpoints[i].clone();
            joining.push(tokio::spawn(async move {
                start_joined(settings, endpoint, connection, |_, _| {}).await
            }));
        }
        let arrivals = gathering
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| e.to_string())?;
        let hosted = start_hosted(all[0].clone(), host, arrivals)
            .await
            .map_err(|e| e.to_string())?;
        let mut others = Vec::new();
        for (i, joined) in joining.into_iter().enumerate() {
            let mut started = joined
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
            let name = all[i + 1].player_name.clone();
            others.push(tokio::spawn(async move {
                let mut end = None;
                while let Some(update) = started.session.recv().await {
                    match update {
                        Update::Finished(finished) => end = Some(finished),
                        Update::Failed(message) => say!("{name}: error: {message}"),
                        _ => {}
                    }
                }
                (name, end)
            }));
        }
        let (code, record) = drive_to_record(hosted, true, &rules).await?;
        let mut everyone_verified = code == ExitCode::SUCCESS;
        for task in others {
            let (name, end) = task.await.map_err(|e| e.to_string())?;
            match end {
                Some(end) => {
                    say!("{name}, at {}, audited every seat:", end.my_seat);
                    for line in verdict_lines(&end) {
                        say!("  {line}");
                    }
                    everyone_verified &= end.audit.all_verified();
                }
                None => {
                    say!("{name} did not finish");
                    everyone_verified = false;
                }
            }
        }
        if let (Some(out), Some(record)) = (&out, &record) {
            if let Some(parent) = out.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
            }
            std::fs::copy(record, out)
                .map_err(|e| format!("cannot copy the record to {}: {e}", out.display()))?;
            say!("record copied to {}", out.display());
        }
        Ok(if everyone_verified {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        })
    })
}
