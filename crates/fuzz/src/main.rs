//! `cargo run -p fairduel-fuzz --release -- [--target NAME] [--inputs N] [--seed S]`: runs
//! the fuzz targets (all by default) on N mutated inputs each; a crash is written to
//! `crates/fuzz/crashes/` and the run exits non-zero.

use std::process::ExitCode;

use clap::Parser;
use fairduel_fuzz::{Context, TARGETS, assets_dir, fuzz, seeds};

#[derive(Debug, Parser)]
#[command(
    name = "fairduel-fuzz",
    about = "Fuzz what FairDuel reads from outside"
)]
struct Args {
    /// One target (see --list); all of them by default.
    #[arg(long)]
    target: Option<String>,
    /// Mutated inputs per target.
    #[arg(long, default_value_t = 1_000_000)]
    inputs: u64,
    /// Seed of the mutations: the same seed replays the same inputs.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// List the targets and stop.
    #[arg(long)]
    list: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.list {
        for target in TARGETS {
            println!("{:<11} {}", target.name, target.about);
        }
        return ExitCode::SUCCESS;
    }
    let chosen: Vec<_> = match &args.target {
        None => TARGETS.iter().collect(),
        Some(name) => match TARGETS.iter().find(|t| t.name == name) {
            Some(target) => vec![target],
            None => {
                eprintln!(
                    "error: {}",
                    fairduel_fuzz::FuzzError::UnknownTarget(name.clone())
                );
                return ExitCode::FAILURE;
            }
        },
    };
    let context = match Context::load(&assets_dir()) {
        Ok(context) => context,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    // A panic is a finding, reported below; the default hook's message would only repeat it.
    std::panic::set_hook(Box::new(|_| {}));
    for target in chosen {
        let corpus = match seeds(target) {
            Ok(corpus) => corpus,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::FAILURE;
            }
        };
        let started = std::time::Instant::now();
        match fuzz(target, &context, &corpus, args.inputs, args.seed) {
            Ok(run) => println!(
                "{:<11} {} inputs ({} seeds), {} accepted, no crash, {:.1} s",
                run.target,
                run.inputs,
                corpus.len(),
                run.accepted,
                started.elapsed().as_secs_f64()
            ),
            Err(crash) => {
                let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crashes");
                let file = dir.join(format!(
                    "{}-seed{}-{:016x}.bin",
                    crash.target,
                    args.seed,
                    fnv(&crash.input)
                ));
                let saved = std::fs::create_dir_all(&dir)
                    .and_then(|()| std::fs::write(&file, &crash.input));
                eprintln!(
                    "CRASH in {}: {} (input of {} bytes{})",
                    crash.target,
                    crash.message,
                    crash.input.len(),
                    match saved {
                        Ok(()) => format!(", saved to {}", file.display()),
                        Err(e) => format!(", not saved: {e}"),
                    }
                );
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// A short name for a crashing input.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}
