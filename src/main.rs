//! The `fairduel` command: parses the command line and hands over to the crates.

#[macro_use]
mod output;

mod assets;
mod cli;
mod deck_links;
mod desktop;
mod domain_deck;
mod netcli;
mod progress;
mod selfplay;
mod verify;

fn main() -> std::process::ExitCode {
    cli::run()
}
