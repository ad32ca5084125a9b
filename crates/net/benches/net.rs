//! Connection set-up and small-frame round trips between two real endpoints on 127.0.0.1
//! (offline, no relays, no mDNS). Percentiles: the `net_percentiles` bench.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use fairduel_net::{EndpointOptions, Hello, Host, HostOptions, PlayerEndpoint, join};
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
enum Move {
    Summon { card: u32, row: u8, column: u8 },
}

fn hello() -> Hello {
    Hello::new(1, "bench", [1; 32], [2; 32])
}

async fn loopback_endpoint() -> PlayerEndpoint {
    PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
        .await
        .unwrap()
}

fn connection_setup(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (host_endpoint, host, joiner_endpoint) = runtime.block_on(async {
        let host_endpoint = loopback_endpoint().await;
        let (_, host) = Host::bind(&host_endpoint, hello(), HostOptions::default())
            .await
            .unwrap();
        (host_endpoint, host, loopback_endpoint().await)
    });
    let mut group = c.benchmark_group("network");
    group
        .sample_size(30)
        .measurement_time(Duration::from_secs(15));
    group.bench_function("connect_and_greet_loopback", |b| {
        b.iter_custom(|iterations| {
            runtime.block_on(async {
                let mut total = Duration::ZERO;
                for _ in 0..iterations {
                    let ticket = host.new_ticket().await.unwrap();
                    let start = Instant::now();
                    let (hosted, joined) =
                        tokio::join!(host.accept(), join(&joiner_endpoint, &ticket, hello()));
                    total += start.elapsed();
                    let (hosted, joined) = (hosted.unwrap(), joined.unwrap());
                    joined.link().close_now("bench");
                    hosted.link().close_now("bench");
                }
                total
            })
        });
    });
    group.finish();
    drop(host);
    runtime.block_on(async {
        host_endpoint.close().await;
        joiner_endpoint.close().await;
    });
}

fn small_frame_round_trip(c: &mut Criterion) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (mut hosted, mut joined, _endpoints) = runtime.block_on(async {
        let host_endpoint = loopback_endpoint().await;
        let (ticket, host) = Host::bind(&host_endpoint, hello(), HostOptions::default())
            .await
            .unwrap();
        let joiner_endpoint = loopback_endpoint().await;
        let (hosted, joined) =
            tokio::join!(host.accept(), join(&joiner_endpoint, &ticket, hello()));
        (
            hosted.unwrap(),
            joined.unwrap(),
            (host_endpoint, joiner_endpoint, host),
        )
    });
    let summon = Move::Summon {
        card: 417,
        row: 3,
        column: 6,
    };
    let mut group = c.benchmark_group("network");
    group.bench_function("small_frame_round_trip_loopback", |b| {
        b.iter(|| {
            runtime.block_on(async {
                joined.send(&summon).await.unwrap();
                let echoed: Move = hosted.recv().await.unwrap();
                hosted.send(&echoed).await.unwrap();
                let _: Move = joined.recv().await.unwrap();
            })
        });
    });
    group.finish();
}

criterion_group!(benches, connection_setup, small_frame_round_trip);
criterion_main!(benches);
