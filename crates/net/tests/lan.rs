//! LAN discovery over real mDNS, run inside a private network namespace.
//!
//! mDNS is multicast: on the machine's own network it would reach every host on the LAN. So the
//! test re-runs itself under `unshare --net`, in a namespace whose only interface is a loopback
//! with multicast turned on. Nothing it sends can leave that namespace.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::{process::Command, time::Duration};

use fairduel_net::{
    EndpointOptions, Hello, Host, HostOptions, LanAdvert, LanMatch, PlayerEndpoint, join,
};

/// Set in the child process that runs inside the namespace.
const INSIDE_NAMESPACE: &str = "FAIRDUEL_NET_TEST_INSIDE_NETNS";

const DISCOVERY_WAIT: Duration = Duration::from_secs(30);

#[test]
fn a_match_opened_on_the_lan_is_listed_joined_and_then_withdrawn() {
    if std::env::var_os(INSIDE_NAMESPACE).is_some() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(lan_scenario());
        return;
    }
    let test_binary = std::env::current_exe().unwrap();
    let setup = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && exec \"$0\" \"$@\"";
    let outcome = Command::new("unshare")
        .args(["--user", "--map-root-user", "--net", "sh", "-c", setup])
        .arg(&test_binary)
        .args([
            "--exact",
            "a_match_opened_on_the_lan_is_listed_joined_and_then_withdrawn",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(INSIDE_NAMESPACE, "1")
        .output();
    let output = match outcome {
        Ok(output) => output,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            eprintln!(
                "skipped: `unshare` (util-linux) is not installed, so mDNS cannot be sandboxed"
            );
            return;
        }
        Err(error) => panic!("could not start the namespaced run: {error}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "the LAN scenario failed inside its network namespace:\n{stdout}\n{stderr}"
    );
    assert!(
        stdout.contains("1 passed"),
        "the namespaced run did not run the scenario:\n{stdout}\n{stderr}"
    );
}

async fn wait_for_list(
    endpoint: &PlayerEndpoint,
    what: &str,
    done: impl Fn(&[LanMatch]) -> bool,
) -> Vec<LanMatch> {
    let mut watch = endpoint.watch_lan_matches().unwrap();
    tokio::time::timeout(DISCOVERY_WAIT, async {
        loop {
            let list = watch.borrow_and_update().clone();
            if done(&list) {
                return list;
            }
            watch.changed().await.unwrap();
        }
    })
    .await
    .unwrap_or_else(|_| panic!("timed out waiting for the LAN list: {what}"))
}

async fn lan_scenario() {
    let hello = Hello::new(3, "0.1.0", [0xc1; 32], [0x90; 32]);
    let host_endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::offline())
        .await
        .unwrap();
    let joiner_endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::offline())
        .await
        .unwrap();
    // A third player on the LAN who only looks.
    let onlooker_endpoint = PlayerEndpoint::bind(rand::random(), EndpointOptions::offline())
        .await
        .unwrap();
    let advert = LanAdvert {
        host_name: "Mai".to_owned(),
        format_name: "DOR Classic".to_owned(),
        format_hash: hello.format_hash,
    };
    let (_ticket, host) = Host::bind(
        &host_endpoint,
        hello.clone(),
        HostOptions {
            lan_advert: Some(advert),
            ..HostOptions::default()
        },
    )
    .await
    .unwrap();

    let listed = wait_for_list(&joiner_endpoint, "the host's match appears", |list| {
        !list.is_empty()
    })
    .await;
    assert_eq!(listed.len(), 1, "{listed:?}");
    let found = &listed[0];
    assert_eq!(found.host_id, host_endpoint.id());
    assert_eq!(found.host_name, "Mai");
    assert_eq!(found.format_name, "DOR Classic");
    assert_eq!(found.format_hash, [0xc1; 32]);
    wait_for_list(&onlooker_endpoint, "the onlooker sees the match", |list| {
        list.len() == 1
    })
    .await;
    // Endpoints that host nothing are not listed as matches.
    assert!(host_endpoint.lan_matches().unwrap().is_empty());

    let (hosted, joined) = tokio::time::timeout(DISCOVERY_WAIT, async {
        tokio::join!(host.accept(), join(&joiner_endpoint, &found.ticket, hello))
    })
    .await
    .unwrap();
    let (mut hosted, mut joined) = (hosted.unwrap(), joined.unwrap());
    joined.send("ready").await.unwrap();
    assert_eq!(hosted.recv::<String>().await.unwrap(), "ready");

    // The seat is taken: the match leaves everyone's list.
    wait_for_list(
        &onlooker_endpoint,
        "the full match disappears",
        <[LanMatch]>::is_empty,
    )
    .await;
}
