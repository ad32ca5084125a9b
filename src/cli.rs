//! Subcommands of the `fairduel` binary.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Parser, Subcommand, ValueEnum};
use fairduel_app::lobby::Connectivity;
use fairduel_engine::state::{Outcome, WinReason};
use fairduel_engine::{DeckList, Rules, SeatSet};
use fairduel_sim::selfplay::deck_indices;

use crate::{assets, netcli};

#[derive(Debug, Parser)]
#[command(
    name = "fairduel",
    version,
    about = "Duelists of the Roses formats, peer to peer, every rule enforced"
)]
struct Cli {
    /// Folder holding formats/, cards/ and decks/ (default: those built into FairDuel, with
    /// your own from my-assets/ in the data folder added or replacing them).
    #[arg(long, global = true)]
    assets: Option<PathBuf>,
    #[command(flatten)]
    player: netcli::PlayerArgs,
    /// Without a subcommand, the desktop app opens.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum Bots {
    Random,
    Greedy,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Open the desktop app (what `fairduel` alone does), optionally straight into a match.
    App(AppArgs),
    /// Host a match: prints one ticket for the other players, waits until the table is full,
    /// then plays.
    Host {
        #[arg(long, default_value = "kairu-dotr")]
        format: String,
        /// Your deck: a starter deck's name (e.g. forest-pack) or a deck file.
        #[arg(long)]
        deck: String,
        /// Also write the ticket to this file.
        #[arg(long)]
        ticket_file: Option<PathBuf>,
        /// Domain Format or DOR Classic, Alternate and Modern with your simulator's card
        /// database (a cards.cdb, or the folder
        /// holding it and strings.conf); the deck is then a .ydk file or ydke:// link.
        #[arg(long)]
        cards: Vec<PathBuf>,
        #[command(flatten)]
        net: netcli::NetworkArgs,
    },
    /// Join a match with the ticket the host gave you.
    Join {
        ticket: String,
        #[arg(long, default_value = "kairu-dotr")]
        format: String,
        #[arg(long)]
        deck: String,
        /// Domain Format or DOR Classic, Alternate and Modern with your simulator's card
        /// database (a cards.cdb, or the folder
        /// holding it and strings.conf); the deck is then a .ydk file or ydke:// link.
        #[arg(long)]
        cards: Vec<PathBuf>,
        #[command(flatten)]
        net: netcli::NetworkArgs,
    },
    /// List matches hosted on this network (no internet needed) and join one.
    Lan {
        #[arg(long, default_value = "kairu-dotr")]
        format: String,
        #[arg(long)]
        deck: String,
        /// Join the N-th match found without asking.
        #[arg(long)]
        pick: Option<usize>,
        /// How long to look, in seconds.
        #[arg(long, default_value_t = 5)]
        wait: u64,
        /// Domain Format or DOR Classic, Alternate and Modern with your simulator's card
        /// database (a cards.cdb, or the folder
        /// holding it and strings.conf); the deck is then a .ydk file or ydke:// link.
        #[arg(long)]
        cards: Vec<PathBuf>,
        #[command(flatten)]
        net: netcli::NetworkArgs,
    },
    /// Continue a match after a crash or a lost connection (default: the newest one).
    Resume {
        /// The match id (its first characters are enough) or its file.
        r#match: Option<String>,
        /// The card database the match was played with (Domain Format or a DOR format with your own cards).
        #[arg(long)]
        cards: Vec<PathBuf>,
        #[command(flatten)]
        net: netcli::NetworkArgs,
    },
    /// Bot players on real iroh endpoints (loopback), one per seat of the format, play a
    /// full match: the host's seat is shown as it goes, then every seat's audit verdict for
    /// every seat and where the record was saved.
    Demo {
        #[arg(long, default_value = "kairu-dotr")]
        format: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where to save the match record (default: the user's data folder).
        #[arg(long)]
        record: Option<PathBuf>,
        /// Domain Format or DOR Classic, Alternate and Modern with your simulator's card
        /// database (a cards.cdb, or the folder
        /// holding it and strings.conf): every seat plays a deck built from its cards.
        #[arg(long)]
        cards: Vec<PathBuf>,
    },
    /// Audit match records: check every signature, chain link, state hash, reveal, draw,
    /// claim and deck, and say whether each seat played fairly. Exits 0 only if all did.
    Verify {
        /// One record, or many (`records/*.fdrec`): each is audited in turn.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print the verdicts as one JSON object (for tools and CI) instead of words.
        #[arg(long)]
        json: bool,
        /// The card database the match was played with, when it was played with a player's
        /// own cards (Domain Format, or DOR Classic, Alternate or Modern).
        #[arg(long)]
        cards: Vec<PathBuf>,
    },
    /// Play many seeded bot games through the referee, comparing every seat's state hash
    /// with the referee's after every action.
    Selfplay {
        #[arg(long, default_value = "dor-classic")]
        format: String,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        #[arg(long, value_enum, default_value = "random")]
        bots: Bots,
        /// Play through the fair-play protocol (a peer per seat exchanging signed envelopes
        /// in memory, every finished record audited) instead of the trusted referee.
        #[arg(long)]
        protocol: bool,
        /// Print the summary as one JSON object (for tools and CI) instead of words.
        #[arg(long)]
        json: bool,
        /// Domain Format or DOR Classic, Alternate and Modern with your simulator's card
        /// database (a cards.cdb, or the folder
        /// holding it and strings.conf): every seat plays a deck built from its cards.
        #[arg(long)]
        cards: Vec<PathBuf>,
    },
    /// Run rule scenario files.
    Scenario { files: Vec<PathBuf> },
    /// List a card pool, or show cards matching a name, number or code.
    Cards {
        query: Option<String>,
        /// The pool: a file stem of the cards folder (dor, kingdom-duels).
        #[arg(long, default_value = "dor")]
        pool: String,
    },
    /// List the format presets.
    Formats,
    /// Deck tools.
    Deck {
        #[command(subcommand)]
        command: DeckCommand,
    },
    /// Print a completion script for your shell, e.g. `fairduel completions bash >
    /// ~/.local/share/bash-completion/completions/fairduel`.
    Completions { shell: clap_complete::Shell },
    /// Put FairDuel in the desktop's application menu with its icon (Linux and other
    /// freedesktop.org desktops), or take it away again.
    Desktop {
        #[command(subcommand)]
        command: DesktopCommand,
    },
}

#[derive(Debug, Subcommand)]
enum DesktopCommand {
    /// Write the menu entry (starting this fairduel program) and the icon.
    Install {
        /// Instead of your data folder ($XDG_DATA_HOME, usually ~/.local/share).
        #[arg(long)]
        data_home: Option<PathBuf>,
    },
    /// Remove the menu entry and the icon.
    Remove {
        #[arg(long)]
        data_home: Option<PathBuf>,
    },
}

#[derive(Debug, Clone, Default, clap::Args)]
struct AppArgs {
    /// A match record (.fdrec) to audit and replay, or a deck (.ydk, or FairDuel's .toml) to
    /// open in the deck editor.
    file: Option<PathBuf>,
    /// Start a match against the bot at once in this format (e.g. kairu-dotr).
    #[arg(long)]
    format: Option<String>,
    /// Your deck for that match (a file stem from the decks folder, e.g. forest-pack).
    #[arg(long, requires = "format")]
    deck: Option<String>,
    /// The bot's deck for that match.
    #[arg(long, requires = "format")]
    bot_deck: Option<String>,
    /// Domain Format or DOR Classic, Alternate and Modern with the cards of your simulator's
    /// card database (a cards.cdb, or the folder holding it): a deck is built for each seat.
    #[arg(long, requires = "format", conflicts_with_all = ["deck", "bot_deck"])]
    cards: Option<PathBuf>,
    /// Seed for shuffles and bots, so a match can be played again the same way.
    #[arg(long)]
    seed: Option<u64>,
    /// The bot's pause before each move, in milliseconds (default: from the settings).
    #[arg(long)]
    bot_delay_ms: Option<u64>,
    /// Let the bot play your seat too (watch a match).
    #[arg(long)]
    autopilot: bool,
    /// With --autopilot: take your seat back when this turn begins.
    #[arg(long, requires = "autopilot")]
    autopilot_until_turn: Option<u16>,
    /// Play friends on this network only (overrides the setting).
    #[arg(long)]
    offline: bool,
    /// Play on this computer only: two windows side by side (give the second its own
    /// --key and --data-dir).
    #[arg(long, conflicts_with = "offline")]
    loopback: bool,
    /// Online, but never through a relay (overrides the setting).
    #[arg(long, conflicts_with_all = ["offline", "loopback"])]
    no_relay: bool,
    /// A folder of card pictures named by card number (7.png, 012.jpg); without one the
    /// app draws every card (overrides the setting).
    #[arg(long)]
    card_images: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
enum DeckCommand {
    /// Check a deck file against a format and the card pool. Exits 0 only if it is legal.
    Check {
        /// A FairDuel deck file; with a card database also a `.ydk` file or a `ydke://` link.
        file: PathBuf,
        #[arg(long, default_value = "dor-classic")]
        format: String,
        /// Your simulator's card database (a cards.cdb, or the folder holding it and
        /// strings.conf), for Domain Format (default: $FAIRDUEL_CARDS) or DOR Classic,
        /// Alternate and Modern (the Deck Leader alone in the side deck); may be given more
        /// than once.
        #[arg(long)]
        cards: Vec<PathBuf>,
    },
    /// Print a Duelists of the Roses deck file as a ydke:// link (the Deck Leader alone in
    /// its side deck).
    Link {
        file: PathBuf,
        /// A simulator's card database, for passcodes by name (default: $FAIRDUEL_CARDS).
        #[arg(long)]
        cards: Vec<PathBuf>,
    },
    /// Print a .ydk file or a ydke:// link as a FairDuel deck file of the Duelists of the
    /// Roses pool (save it with `> my-deck.toml`).
    Import {
        /// The .ydk file or the ydke:// link.
        source: String,
        /// The deck's name (default: the file's name).
        #[arg(long)]
        name: Option<String>,
        /// A simulator's card database, for passcodes by name (default: $FAIRDUEL_CARDS).
        #[arg(long)]
        cards: Vec<PathBuf>,
    },
}

pub fn run() -> ExitCode {
    let cli = Cli::parse();
    if let Some(Command::Completions { shell }) = cli.command {
        // Needs no assets: nothing is unpacked for it.
        let mut command = <Cli as clap::CommandFactory>::command();
        clap_complete::generate(shell, &mut command, "fairduel", &mut std::io::stdout());
        return ExitCode::SUCCESS;
    }
    if let Some(Command::Desktop { command }) = &cli.command {
        // Needs no assets either.
        let done = match command {
            DesktopCommand::Install { data_home } => crate::desktop::install(data_home.as_deref()),
            DesktopCommand::Remove { data_home } => crate::desktop::remove(data_home.as_deref()),
        };
        return finish(done);
    }
    let dir = match assets::asset_dir(cli.assets.as_deref(), &netcli::data_root(&cli.player)) {
        Ok(dir) => dir,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command.unwrap_or(Command::App(AppArgs::default())) {
        Command::App(args) => app(&dir, &cli.player, args),
        Command::Demo {
            format,
            seed,
            record,
            cards,
        } => load_with_cards(&dir, &format, &cards).and_then(|(rules, decks)| {
            let players = usize::from(rules.format.table.players);
            let seating: Vec<&DeckList> = deck_indices(seed, decks.len(), players)
                .into_iter()
                .filter_map(|i| decks.get(i))
                .collect();
            netcli::demo(&cli.player, &format, &rules, &seating, seed, record)
        }),
        Command::Host {
            format,
            deck,
            ticket_file,
            cards,
            net,
        } => netcli::host(
            &dir,
            &cli.player,
            &net,
            netcli::HostArgs {
                format,
                deck,
                name: cli.player.name.clone(),
                ticket_file,
                cards,
            },
        ),
        Command::Join {
            ticket,
            format,
            deck,
            cards,
            net,
        } => netcli::join_match(
            &dir,
            &cli.player,
            &net,
            &format,
            netcli::DeckArg {
                name: &deck,
                cards: &cards,
            },
            &ticket,
            cli.player.name.as_deref().unwrap_or_default(),
        ),
        Command::Lan {
            format,
            deck,
            pick,
            wait,
            cards,
            net,
        } => netcli::lan(
            &dir,
            &cli.player,
            &net,
            &format,
            netcli::DeckArg {
                name: &deck,
                cards: &cards,
            },
            pick.map(|p| p.saturating_sub(1)),
            wait,
        ),
        Command::Resume {
            r#match,
            cards,
            net,
        } => netcli::resume(
            &dir,
            &cli.player,
            &net,
            r#match.as_deref(),
            cli.player.name.as_deref().unwrap_or_default(),
            &cards,
        ),
        Command::Verify { files, json, cards } => crate::verify::verify(&dir, &files, json, &cards),
        Command::Selfplay {
            format,
            games,
            seed,
            bots,
            protocol,
            json,
            cards,
        } => crate::selfplay::selfplay(
            &dir,
            &crate::selfplay::SelfplayArgs {
                format: &format,
                games,
                seed,
                bots,
                protocol,
                json,
                cards: &cards,
            },
        ),
        Command::Completions { .. } | Command::Desktop { .. } => Ok(ExitCode::SUCCESS),
        Command::Scenario { files } => scenario(&dir, &files),
        Command::Cards { query, pool } => cards(&dir, &pool, query.as_deref()),
        Command::Formats => formats(&dir),
        Command::Deck {
            command:
                DeckCommand::Check {
                    file,
                    format,
                    cards,
                },
        } if crate::domain_deck::is_domain(&format)
            && crate::domain_deck::wants_card_database(&file, &cards) =>
        {
            crate::domain_deck::check(&file, &format, &cards)
        }
        Command::Deck {
            command:
                DeckCommand::Check {
                    file,
                    format,
                    cards,
                },
        } => deck_check(&dir, &file, &format, &cards),
        Command::Deck {
            command: DeckCommand::Link { file, cards },
        } => crate::deck_links::link(&dir, Some(&netcli::data_root(&cli.player)), &file, &cards),
        Command::Deck {
            command:
                DeckCommand::Import {
                    source,
                    name,
                    cards,
                },
        } => crate::deck_links::import(
            &dir,
            Some(&netcli::data_root(&cli.player)),
            &source,
            name.as_deref(),
            &cards,
        ),
    };
    finish(result)
}

/// The exit code of a command; its error, if any, on standard error.
fn finish(result: CmdResult) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

pub(crate) type CmdResult = Result<ExitCode, String>;

fn app(dir: &std::path::Path, player: &netcli::PlayerArgs, args: AppArgs) -> CmdResult {
    let quick_match = match args.format {
        Some(format) if args.cards.is_some() => Some(fairduel_app::home::MatchRequest {
            format,
            deck: String::new(),
            bot_deck: String::new(),
            card_database: args.cards,
        }),
        Some(format) => {
            // Missing decks: the first two starter decks legal in the format.
            let rules = assets::load_rules(dir, &format).map_err(|e| e.to_string())?;
            let legal: Vec<String> = assets::deck_paths(dir, rules.format.deck_folder())
                .iter()
                .filter(|p| assets::load_deck(p, &rules).is_ok())
                .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
                .collect();
            let pick = |given: Option<String>, skip: Option<&str>| {
                given
                    .or_else(|| legal.iter().find(|d| Some(d.as_str()) != skip).cloned())
                    .ok_or_else(|| format!("no deck in {} is legal in {format}", dir.display()))
            };
            let deck = pick(args.deck, None)?;
            let bot_deck = pick(args.bot_deck, Some(&deck))?;
            Some(fairduel_app::home::MatchRequest {
                format,
                deck,
                bot_deck,
                card_database: None,
            })
        }
        None => None,
    };
    let options = fairduel_app::LaunchOptions {
        assets: dir.to_path_buf(),
        quick_match,
        seed: args.seed,
        bot_delay: args.bot_delay_ms.map(std::time::Duration::from_millis),
        autopilot: args.autopilot,
        autopilot_until_turn: args.autopilot_until_turn,
        connectivity: if args.loopback {
            Some(Connectivity::Loopback)
        } else if args.offline {
            Some(Connectivity::Offline)
        } else if args.no_relay {
            Some(Connectivity::OnlineWithoutRelay)
        } else {
            None
        },
        data_dir: player.data_dir.clone(),
        key_file: player.key.clone(),
        card_images: args.card_images,
        open_file: args.file,
    };
    fairduel_app::run(options).map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}

/// The rules and decks of a bot match: the format's starter decks, or with a card database
/// (`cards`) decks built from its cards.
pub(crate) fn load_with_cards(
    dir: &std::path::Path,
    format: &str,
    cards: &[PathBuf],
) -> Result<(Arc<Rules>, Vec<DeckList>), String> {
    let rules = assets::load_rules_with_cards(dir, format, cards)?;
    if !cards.is_empty() {
        let seats = usize::from(rules.format.table.players).max(2);
        let decks = fairduel_carddb::database_decks(&rules, seats).map_err(|e| e.to_string())?;
        return Ok((rules, decks));
    }
    let decks = assets::starter_decks(dir, &rules).map_err(|e| e.to_string())?;
    if decks.len() < 2 {
        return Err(format!(
            "need at least two decks in {}",
            assets::deck_dir(dir, rules.format.deck_folder()).display()
        ));
    }
    Ok((rules, decks))
}

/// "seat 2", or "team seat 0 and seat 2".
pub(crate) fn side_name(side: SeatSet) -> String {
    match side.single() {
        Some(seat) => seat.to_string(),
        None => format!("team {side}"),
    }
}

/// Who won, in words.
pub(crate) fn result_words(outcome: &Outcome) -> String {
    match outcome.winners.len() {
        0 => "a draw".to_owned(),
        1 => format!("{} won", outcome.winners),
        _ => format!("team {} won", outcome.winners),
    }
}

pub(crate) fn reason_name(reason: WinReason) -> &'static str {
    match reason {
        WinReason::LifePoints => "life points",
        WinReason::DeckOut => "deck out",
        WinReason::LeaderTrapped => "leader trapped",
        WinReason::Concession => "concession",
        WinReason::TurnLimit => "turn limit",
        WinReason::Idleness => "idleness",
        WinReason::Agreement => "agreement",
        WinReason::CardEffect => "card effect",
        WinReason::ImproperMaterial => "improper material",
    }
}

fn scenario(dir: &std::path::Path, files: &[PathBuf]) -> CmdResult {
    use fairduel_sim::scenario::{Verdict, run_file};
    if files.is_empty() {
        return Err("give one or more scenario files (e.g. tests/scenarios/*.toml)".into());
    }
    let (mut passed, mut failed, mut known, mut fixed) = (0usize, 0usize, 0usize, 0usize);
    for file in files {
        match run_file(file, dir) {
            Ok(report) => {
                say!("{}", report.summary());
                match report.verdict() {
                    Verdict::Pass => passed += 1,
                    Verdict::Fail => failed += 1,
                    Verdict::KnownFailure => known += 1,
                    Verdict::UnexpectedPass => fixed += 1,
                }
            }
            Err(error) => {
                say!("ERROR {}: {error}", file.display());
                failed += 1;
            }
        }
    }
    say!(
        "{} scenario(s): {passed} passed, {failed} failed, {known} known failure(s), \
         {fixed} marked known but passing",
        files.len()
    );
    Ok(if failed > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

fn cards(dir: &std::path::Path, pool: &str, query: Option<&str>) -> CmdResult {
    use fairduel_engine::text::{card_summary, card_text_with};
    let pool = assets::load_pool(dir, pool).map_err(|e| e.to_string())?;
    let lookup = |id| pool.get(id).map(|c| c.name.clone());
    let mut out = crate::output::Listing::new();
    let mut shown = 0;
    for card in pool.cards() {
        let matches = query.is_none_or(|q| {
            card.name.to_lowercase().contains(&q.to_lowercase())
                || q.trim_start_matches('#').parse::<u16>().ok() == Some(card.id.0)
                || card
                    .kingdom()
                    .is_some_and(|k| k.code.eq_ignore_ascii_case(q))
        });
        if !matches {
            continue;
        }
        shown += 1;
        if !out.line(format_args!("{} {}", card.id, card_summary(card))) {
            return Ok(ExitCode::SUCCESS);
        }
        if query.is_some() {
            let text = card_text_with(card, &lookup);
            if !text.is_empty() {
                out.line(format_args!("    {text}"));
            }
        }
    }
    if query.is_none() {
        out.line(format_args!(
            "{} cards in \"{}\" (pool hash {}); `fairduel cards NAME` shows their text",
            pool.len(),
            pool.name(),
            pool.hash().short()
        ));
    } else if shown == 0 {
        return Err(format!(
            "no card in the pool matches \"{}\"",
            query.unwrap_or_default()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

fn formats(dir: &std::path::Path) -> CmdResult {
    let mut out = crate::output::Listing::new();
    for id in assets::format_ids(dir) {
        match assets::load_format(dir, &id) {
            Ok(f) => {
                let board = f.board_description();
                out.line(format_args!(
                    "{id:<18} {} — {board}, {} players, {} LP, format hash {}",
                    f.name,
                    f.table.players,
                    f.life_points,
                    f.hash().short()
                ))
            }
            Err(e) => out.line(format_args!("{id:<18} BROKEN: {e}")),
        };
    }
    Ok(ExitCode::SUCCESS)
}

fn deck_check(
    dir: &std::path::Path,
    file: &std::path::Path,
    format: &str,
    cards: &[PathBuf],
) -> CmdResult {
    let (rules, deck) = if cards.is_empty() {
        let rules = assets::load_rules(dir, format).map_err(|e| e.to_string())?;
        let deck = assets::load_deck(file, &rules).map_err(|e| e.to_string())?;
        (rules, deck)
    } else {
        // A DOR format with the player's own card database: a YDK file or ydke link, the
        // Deck Leader alone in its side deck.
        let rules = assets::load_rules_with_cards(dir, format, cards)?;
        let deck = fairduel_carddb::database_deck(&rules, &file.to_string_lossy())?;
        (rules, deck)
    };
    let leader = deck
        .leader
        .and_then(|id| rules.pool.get(id))
        .map(|c| {
            let role = if rules.format.deck.domain {
                "Deck Master"
            } else {
                "Deck Leader"
            };
            format!("{role} {}, ", c.name)
        })
        .unwrap_or_default();
    let duelist_setup = deck
        .duelist_setup
        .as_ref()
        .and_then(|s| Some((rules.pool.get(s.card)?, s.cardlist.len())))
        .map(|(card, listed)| {
            format!(
                ", Duelist Setup {} ({listed} cards in its Cardlist)",
                card.name
            )
        })
        .unwrap_or_default();
    say!(
        "{}: legal in {} — {leader}{} main cards, {} in the Extra Deck{duelist_setup}",
        deck.name,
        rules.format.name,
        deck.main.len(),
        deck.extra.len()
    );
    Ok(ExitCode::SUCCESS)
}
