//! Joins the match of the `host` example with its ticket.
//!
//! `cargo run --release -p fairduel-net --example join -- TICKET [--online]`

use fairduel_net::{EndpointOptions, Hello, HostTicket, PlayerEndpoint, join};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let Some(ticket_text) = arguments
        .iter()
        .find(|argument| !argument.starts_with("--"))
    else {
        eprintln!("usage: join TICKET [--online]");
        std::process::exit(2);
    };
    let ticket: HostTicket = match ticket_text.parse() {
        Ok(ticket) => ticket,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    let options = if arguments.iter().any(|argument| argument == "--online") {
        EndpointOptions::online()
    } else {
        EndpointOptions::offline()
    };
    let endpoint = PlayerEndpoint::bind(rand::random(), options).await?;
    let hello = Hello::new(1, env!("CARGO_PKG_VERSION"), [1; 32], [2; 32]);
    let mut connection = match join(&endpoint, &ticket, hello).await {
        Ok(connection) => connection,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    let info = connection.info();
    println!(
        "joined {}, {}, round trip {:?}",
        info.remote_id.fmt_short(),
        info.path,
        info.rtt
    );
    connection.send("hello from the joiner").await?;
    let answer: String = connection.recv().await?;
    println!("host says: {answer}");
    connection.close("example over").await;
    endpoint.close().await;
    Ok(())
}
