//! p50 / p99 / max of connection set-up and small-frame round trips on 127.0.0.1, which
//! criterion's summary (mean and median) does not give. Run with
//! `cargo bench -p fairduel-net --bench net_percentiles`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use fairduel_net::{EndpointOptions, Hello, Host, HostOptions, PlayerEndpoint, join};

const SETUPS: usize = 200;
const COLD_JOINS: usize = 50;
const ROUND_TRIPS: usize = 5_000;

fn hello() -> Hello {
    Hello::new(1, "bench", [1; 32], [2; 32])
}

fn report(name: &str, mut samples: Vec<Duration>) {
    samples.sort();
    let at = |fraction: f64| samples[((samples.len() - 1) as f64 * fraction).round() as usize];
    println!(
        "{name}: n={} p50={:?} p90={:?} p99={:?} max={:?}",
        samples.len(),
        at(0.50),
        at(0.90),
        at(0.99),
        samples[samples.len() - 1]
    );
}

fn main() {
    // `cargo bench` passes "--bench"; a plain `cargo test --benches` run passes nothing and
    // should not spend time here.
    if !std::env::args().any(|argument| argument == "--bench") {
        return;
    }
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let host_endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
            .await
            .unwrap();
        let joiner_endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
            .await
            .unwrap();
        let (_, host) = Host::bind(&host_endpoint, hello(), HostOptions::default())
            .await
            .unwrap();

        let mut setups = Vec::with_capacity(SETUPS);
        for _ in 0..SETUPS {
            let ticket = host.new_ticket().await.unwrap();
            let start = Instant::now();
            let (hosted, joined) =
                tokio::join!(host.accept(), join(&joiner_endpoint, &ticket, hello()));
            setups.push(start.elapsed());
            hosted.unwrap().link().close_now("bench");
            joined.unwrap().link().close_now("bench");
        }
        report("connect_and_greet_loopback", setups);

        // A player's first join: a fresh endpoint (bind included) that never met the host.
        let mut cold = Vec::with_capacity(COLD_JOINS);
        for _ in 0..COLD_JOINS {
            let ticket = host.new_ticket().await.unwrap();
            let start = Instant::now();
            let fresh = PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
                .await
                .unwrap();
            let (hosted, joined) = tokio::join!(host.accept(), join(&fresh, &ticket, hello()));
            cold.push(start.elapsed());
            hosted.unwrap().link().close_now("bench");
            joined.unwrap().link().close_now("bench");
            fresh.close().await;
        }
        report("bind_connect_and_greet_fresh_endpoint_loopback", cold);

        let ticket = host.new_ticket().await.unwrap();
        let (hosted, joined) =
            tokio::join!(host.accept(), join(&joiner_endpoint, &ticket, hello()));
        let (mut hosted, mut joined) = (hosted.unwrap(), joined.unwrap());
        let mut round_trips = Vec::with_capacity(ROUND_TRIPS);
        for turn in 0..ROUND_TRIPS as u32 {
            let start = Instant::now();
            joined.send(&(turn, [7_u8; 24])).await.unwrap();
            let echoed: (u32, [u8; 24]) = hosted.recv().await.unwrap();
            hosted.send(&echoed).await.unwrap();
            let back: (u32, [u8; 24]) = joined.recv().await.unwrap();
            round_trips.push(start.elapsed());
            assert_eq!(back.0, turn);
        }
        report("small_frame_round_trip_loopback", round_trips);
        host_endpoint.close().await;
        joiner_endpoint.close().await;
    });
}
