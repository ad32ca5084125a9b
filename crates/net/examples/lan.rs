//! Lists open matches on the local network for a few seconds (start `host -- --lan NAME`
//! elsewhere on the network first).
//!
//! `cargo run --release -p fairduel-net --example lan [-- SECONDS]`

use std::time::Duration;

use fairduel_net::{EndpointOptions, PlayerEndpoint};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = std::env::args()
        .nth(1)
        .and_then(|text| text.parse().ok())
        .unwrap_or(10);
    let endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::offline()).await?;
    let mut matches = endpoint.watch_lan_matches()?;
    println!("Looking for matches on the local network for {seconds} s...");
    let deadline = tokio::time::sleep(Duration::from_secs(seconds));
    tokio::pin!(deadline);
    loop {
        tokio::select! {
            _ = &mut deadline => break,
            changed = matches.changed() => {
                if changed.is_err() {
                    break;
                }
                let list = matches.borrow_and_update().clone();
                println!("{} open match(es):", list.len());
                for found in list {
                    println!("  {} hosts {} ({})", found.host_name, found.format_name, found.host_id.fmt_short());
                    println!("    join with: {}", found.ticket);
                }
            }
        }
    }
    endpoint.close().await;
    Ok(())
}
