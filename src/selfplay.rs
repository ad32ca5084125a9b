//! `fairduel selfplay`: many seeded bot games through the referee or the fair-play protocol,
//! summed up in words or, with `--json`, as one JSON object for tools and CI.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;

use fairduel_engine::format::Family;
use fairduel_engine::{DeckList, Seat, SeatSet};
use fairduel_sim::protocol_selfplay::play_protocol_game;
use fairduel_sim::selfplay::{AgreementTally, BotKind, deck_indices, play_game};
use serde::Serialize;

use crate::cli::{Bots, CmdResult, load_with_cards, reason_name, side_name};

/// What to play.
#[derive(Debug)]
pub struct SelfplayArgs<'a> {
    pub format: &'a str,
    pub games: u64,
    pub seed: u64,
    pub bots: Bots,
    pub protocol: bool,
    pub json: bool,
    /// A card database to play Domain Format with (empty: the format's own pool).
    pub cards: &'a [std::path::PathBuf],
}

/// How a run of games went.
#[derive(Debug, Serialize)]
struct Summary {
    format: String,
    format_name: String,
    games: u64,
    /// Seeds `first_seed..first_seed + games`.
    first_seed: u64,
    bots: &'static str,
    /// Through the protocol (peers exchanging signed envelopes) rather than the referee.
    protocol: bool,
    /// Actions (referee) or envelopes (protocol) in all the games.
    steps: u64,
    steps_per_game: f64,
    /// Games each side won: a player, or a team.
    results: Vec<SideResult>,
    /// Games won by players of different sides together (a Battle Royale ended by
    /// agreement).
    shared_wins: u64,
    draws: u64,
    /// How the games ended, by reason ("life-points", "deck-out", …).
    endings: BTreeMap<String, u64>,
    /// Agreed effects, on the card game's field.
    agreed: Option<AgreementTally>,
    /// Ritual Monsters summoned, on the grid.
    ritual_summons: Option<u64>,
    /// Fusion Monsters summoned, on the grid.
    fusion_summons: Option<u64>,
    /// Monsters changed by their power-ups, on the grid.
    transformations: Option<u64>,
    /// Cards brought back from a graveyard, on the grid.
    revivals: Option<u64>,
    /// Monsters made from nothing, on the grid.
    made_from_nothing: Option<u64>,
    /// Cells effects picked at random, on the grid.
    random_picks: Option<u64>,
    /// Cards whose control changed by an effect (a defined card's on the grid, or an
    /// agreed outcome's anywhere).
    controls_taken: u64,
    /// Cards set face-down with their class hidden (the bluff).
    class_hidden_sets: u64,
    /// Class-hidden cards whose class an owner declared to an effect (the bluff).
    classes_declared: u64,
    /// Whether the format's decks may hold a Duelist Setup (Kingdom Duels' pool).
    duelist_setups: bool,
    /// Whether the format plays Symbol cards.
    symbols: bool,
    /// Games that diverged, panicked, broke a rule or got stuck.
    failures: Vec<String>,
    seconds: f64,
    games_per_second: f64,
}

#[derive(Debug, Serialize)]
struct SideResult {
    seats: Vec<u8>,
    won: u64,
}

pub fn selfplay(dir: &std::path::Path, args: &SelfplayArgs<'_>) -> CmdResult {
    let (rules, decks) = load_with_cards(dir, args.format, args.cards)?;
    let players = usize::from(rules.format.table.players);
    if decks.len() < players {
        return Err(format!(
            "{} is played by {players}; {} holds only {} decks",
            rules.format.name,
            crate::assets::deck_dir(dir, rules.format.deck_folder()).display(),
            decks.len()
        ));
    }
    let kind = match args.bots {
        Bots::Random => BotKind::Random,
        Bots::Greedy => BotKind::Greedy,
    };
    let table = fairduel_engine::TurnOrder::new(
        rules.format.table.players,
        rules.format.table.team_count(),
        rules.format.table.allies_are_opponents,
        Seat(0),
        1,
    );
    // One tally per side: a player, or a team.
    let sides: Vec<SeatSet> = (0..table.team_count())
        .map(|team| {
            table
                .seats()
                .filter(|s| table.team_of(*s) == team)
                .collect()
        })
        .collect();
    let started = Instant::now();
    let (mut steps, mut wins, mut draws, mut shared) = (0u64, vec![0u64; sides.len()], 0, 0);
    let mut endings: BTreeMap<String, u64> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut agreements = AgreementTally::default();
    let progress = crate::progress::bar(args.games, "games");
    for game in 0..args.games {
        let game_seed = args.seed.wrapping_add(game);
        let seating: Vec<&DeckList> = deck_indices(game_seed, decks.len(), players)
            .into_iter()
            .filter_map(|i| decks.get(i))
            .collect();
        let played = std::panic::catch_unwind(|| {
            if args.protocol {
                play_protocol_game(&rules, args.format, &seating, game_seed, kind, true)
                    .map_err(|e| e.to_string())
                    .and_then(|game| {
                        let outcome = game
                            .outcome
                            .ok_or_else(|| format!("game {game_seed}: the duel did not finish"))?;
                        Ok((game.entries as u64, outcome, game.agreements))
                    })
            } else {
                play_game(&rules, &seating, game_seed, kind)
                    .map(|report| (report.actions, report.outcome, report.agreements))
                    .map_err(|e| e.to_string())
            }
        });
        match played {
            Ok(Ok((game_steps, outcome, agreed))) => {
                steps += game_steps;
                agreements.add(&agreed);
                match sides.iter().position(|side| *side == outcome.winners) {
                    Some(side) => wins[side] += 1,
                    None if outcome.winners.is_empty() => draws += 1,
                    None => shared += 1,
                }
                *endings
                    .entry(reason_name(outcome.reason).replace(' ', "-"))
                    .or_default() += 1;
            }
            Ok(Err(error)) => failures.push(error),
            Err(_) => failures.push(format!("game {game_seed}: the engine panicked")),
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let summary = Summary {
        format: rules.format.id.clone(),
        format_name: rules.format.name.clone(),
        games: args.games,
        first_seed: args.seed,
        bots: match args.bots {
            Bots::Random => "random",
            Bots::Greedy => "greedy",
        },
        protocol: args.protocol,
        steps,
        steps_per_game: steps as f64 / args.games.max(1) as f64,
        results: sides
            .iter()
            .zip(&wins)
            .map(|(side, won)| SideResult {
                seats: side.iter().map(|s| s.0).collect(),
                won: *won,
            })
            .collect(),
        shared_wins: shared,
        draws,
        endings,
        agreed: Some(agreements),
        ritual_summons: (rules.format.family == Family::Grid).then_some(agreements.ritual_summons),
        fusion_summons: (rules.format.family == Family::Grid).then_some(agreements.fusion_summons),
        transformations: (rules.format.family == Family::Grid)
            .then_some(agreements.transformations),
        revivals: (rules.format.family == Family::Grid).then_some(agreements.revivals),
        made_from_nothing: (rules.format.family == Family::Grid)
            .then_some(agreements.made_from_nothing),
        random_picks: (rules.format.family == Family::Grid).then_some(agreements.random_picks),
        controls_taken: agreements.controls_taken,
        class_hidden_sets: agreements.class_hidden_sets,
        classes_declared: agreements.classes_declared,
        duelist_setups: rules.format.pool == "kingdom-duels",
        symbols: rules.format.field.symbols,
        failures,
        seconds,
        games_per_second: args.games as f64 / seconds.max(f64::EPSILON),
    };
    if args.json {
        let text = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
        say!("{text}");
    } else {
        print_summary(&summary);
    }
    Ok(if summary.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_summary(summary: &Summary) {
    for failure in &summary.failures {
        eprintln!("FAILED {failure}");
    }
    say!("format:   {} ({})", summary.format_name, summary.format);
    say!(
        "games:    {} (seeds {}..{})",
        summary.games,
        summary.first_seed,
        summary.first_seed.wrapping_add(summary.games)
    );
    let unit = if summary.protocol {
        "envelopes"
    } else {
        "actions"
    };
    say!(
        "{unit}:  {} ({:.1} per game)",
        summary.steps,
        summary.steps_per_game
    );
    let results: Vec<String> = summary
        .results
        .iter()
        .map(|r| {
            let side: SeatSet = r.seats.iter().map(|s| Seat(*s)).collect();
            format!("{} won {}", side_name(side), r.won)
        })
        .collect();
    let shared = if summary.shared_wins > 0 {
        format!(", shared wins {}", summary.shared_wins)
    } else {
        String::new()
    };
    say!(
        "results:  {}{shared}, drawn {}",
        results.join(", "),
        summary.draws
    );
    let endings: Vec<String> = summary
        .endings
        .iter()
        .map(|(k, v)| format!("{} {v}", k.replace('-', " ")))
        .collect();
    say!("endings:  {}", endings.join(", "));
    if let Some(agreements) = &summary.agreed {
        say!(
            "agreed:   {} outcomes proposed, {} accepted, {} refused; {} cards resolved with no \
             effect; {} cards searched out of decks; {} decks shuffled; {} coins and dice; {} \
             cards milled; {} placed on top of or under a deck",
            agreements.proposed,
            agreements.accepted,
            agreements.refused,
            agreements.without_effect,
            agreements.searched,
            agreements.shuffled,
            agreements.chances,
            agreements.milled,
            agreements.placed_in_deck
        );
    }
    if let (Some(rituals), Some(fusions), Some(changed)) = (
        summary.ritual_summons,
        summary.fusion_summons,
        summary.transformations,
    ) {
        say!(
            "rituals:  {rituals} Ritual Monsters summoned; {fusions} Fusion Monsters fused; \
             {changed} monsters transformed by power-ups"
        );
    }
    // The grid's own counts are left out on the card game's field, and these there.
    if let Some(agreements) = &summary.agreed
        && summary.ritual_summons.is_none()
    {
        if agreements.card_game_summons_declared > 0 {
            say!(
                "extra:    {} Synchro, Xyz and Link Summons declared, {} Extra Deck monsters \
                 summoned",
                agreements.card_game_summons_declared,
                agreements.extra_deck_summons
            );
        }
        if agreements.pendulum_summons > 0 || agreements.to_face_up_extra_deck > 0 {
            say!(
                "pendulum: {} Pendulum Summons bringing {} monsters; {} Pendulum Monsters went \
                 face-up to an Extra Deck",
                agreements.pendulum_summons,
                agreements.pendulum_summoned,
                agreements.to_face_up_extra_deck
            );
        }
        if agreements.sides_chosen > 0 || agreements.joined_later > 0 {
            say!(
                "table:    {} sides chosen (Blue and Red); {} players joined a Battle Royale \
                 later",
                agreements.sides_chosen,
                agreements.joined_later
            );
        }
        if summary.duelist_setups {
            say!(
                "setup:    {} starting hands changed by a Duelist Setup, {} Cardlist cards taken",
                agreements.starting_swaps,
                agreements.cardlist_cards_taken
            );
        }
        say!(
            "chains:   {} cards activated in response to another card, {} of them Quick \
             spells from the hand",
            agreements.chain_responses,
            agreements.hand_responses
        );
        if agreements.shown_to_teammates > 0 {
            say!(
                "shown:    {} face-down cards shown to a teammate alone (the audit of seat 0's \
                 record checks those seat 0 showed or was shown)",
                agreements.shown_to_teammates
            );
        }
        if agreements.rule_cards > 0 {
            say!(
                "rules:    {} Rule cards activated (by a KEYWORD or the card they rely on), {} \
                 went back to an Extra Deck",
                agreements.rule_cards,
                agreements.rule_cards_returned
            );
        }
        if agreements.detached > 0
            || agreements.persist_ended > 0
            || agreements.flip_effects > 0
            || agreements.flipped_before_trigger > 0
        {
            say!(
                "effects:  {} cards detached for their DETACH effects, {} Persist cards left \
                 when their time ran out, {} FLIP effects activated by themselves, {} \
                 Continuous Traps flipped before their Trigger",
                agreements.detached,
                agreements.persist_ended,
                agreements.flip_effects,
                agreements.flipped_before_trigger
            );
        }
        if agreements.opponents_targeted + agreements.no_opponent_targeted > 0 {
            say!(
                "targets:  {} activated cards targeted an opponent, {} targeted none",
                agreements.opponents_targeted,
                agreements.no_opponent_targeted
            );
        }
        if agreements.triggered_traps_left > 0 {
            say!(
                "triggers: {} traps whose Trigger was met left Set for an Idle Warning, {} of \
                 them one warning too many",
                agreements.triggered_traps_left,
                agreements.lost_leaving_triggered
            );
        }
        if agreements.tokens_created > 0 {
            say!(
                "tokens:   {} Tokens brought onto the field, {} removed from the game as they \
                 left it",
                agreements.tokens_created,
                agreements.tokens_removed
            );
        }
        if summary.symbols {
            say!(
                "symbols:  {} Symbol cards played, {} Symbol effects activated",
                agreements.symbols_played,
                agreements.symbol_effects
            );
        }
        if summary.duelist_setups {
            say!(
                "extra:    {} Extra Deck monsters summoned by Fusion, Ritual, Alter or \
                 Integration; {} Integration Summons declared; {} Hidden Integration Summons \
                 ({} judged improper)",
                agreements.extra_deck_summons,
                agreements.integrations_declared,
                agreements.hidden_integrations,
                agreements.improper_materials
            );
            say!(
                "strikes:  {} STRIKEs at a terrain marker",
                agreements.strikes
            );
            say!(
                "hidden:   {} monsters turned Hidden (by effects, or again after a battle); {} \
                 put on the field Hidden",
                agreements.hidden,
                agreements.hidden_summons
            );
        }
    }
    if let Some(revivals) = summary.revivals {
        say!("revivals: {revivals} cards brought back from a graveyard");
    }
    if let Some(made) = summary.made_from_nothing {
        say!("made:     {made} monsters made from nothing (or turned into one) by an effect");
    }
    if let Some(picks) = summary.random_picks {
        say!("random:   {picks} cells picked at random by every seat's joint draw");
    }
    say!(
        "control:  {} cards changed hands by an effect",
        summary.controls_taken
    );
    if summary.class_hidden_sets > 0 {
        say!(
            "bluff:    {} cards set face-down without showing whether they are monsters; {} \
             declared monster or not to an effect reaching cards by class",
            summary.class_hidden_sets,
            summary.classes_declared
        );
    }
    say!(
        "speed:    {:.1} games/s, {:.0} {unit}/s",
        summary.games_per_second,
        summary.steps as f64 / summary.seconds.max(f64::EPSILON)
    );
    if !summary.failures.is_empty() {
        say!(
            "FAILED:   {} game(s) diverged, panicked, broke a rule or got stuck",
            summary.failures.len()
        );
    } else if summary.protocol {
        say!(
            "every game finished with every peer accepting every envelope, and the audit verified every seat"
        );
    } else {
        say!(
            "every game finished with every seat's state hash equal to the referee's after every action"
        );
    }
}
