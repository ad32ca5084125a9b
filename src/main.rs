//! The `fairduel` command: parses the command line and hands over to the crates.

mod assets;
mod cli;
mod deck_links;
mod domain_deck;
mod netcli;
mod output;
mod progress;
mod selfplay;
mod verify;

fn main() -> std::process::ExitCode {
    cli::run()
}
