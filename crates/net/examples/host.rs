//! Hosts one match and prints its ticket; pair it with the `join` example.
//!
//! `cargo run --release -p fairduel-net --example host [-- --online] [-- --lan NAME]`
//!
//! Offline by default: the joiner must be on the same network. `--lan NAME` also announces the
//! match to the local network under the host name NAME (see the `lan` example).

use fairduel_net::{EndpointOptions, Hello, Host, HostOptions, LanAdvert, PlayerEndpoint};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let options = if arguments.iter().any(|argument| argument == "--online") {
        EndpointOptions::online()
    } else {
        EndpointOptions::offline()
    };
    let lan_name = arguments
        .iter()
        .position(|argument| argument == "--lan")
        .and_then(|index| arguments.get(index + 1));
    let hello = Hello::new(1, env!("CARGO_PKG_VERSION"), [1; 32], [2; 32]);

    // A real client loads the player's persisted key; the example makes a throwaway one.
    let endpoint = PlayerEndpoint::bind(rand::random(), options).await?;
    let lan_advert = lan_name.map(|name| LanAdvert {
        host_name: name.clone(),
        format_name: "Example format".to_owned(),
        format_hash: hello.format_hash,
    });
    let (ticket, host) = Host::bind(
        &endpoint,
        hello,
        HostOptions {
            lan_advert,
            players_wanted: 1,
        },
    )
    .await?;
    println!("Waiting for a player. Give them this ticket:\n\n{ticket}\n");

    let mut connection = loop {
        match host.accept().await {
            Ok(connection) => break connection,
            Err(error) => eprintln!("{error}"),
        }
    };
    let info = connection.info();
    println!("{} joined, {}", info.remote_id.fmt_short(), info.path);
    let greeting: String = connection.recv().await?;
    println!("they say: {greeting}");
    connection.send("welcome, let's duel").await?;
    connection.close("example over").await;
    endpoint.close().await;
    Ok(())
}
