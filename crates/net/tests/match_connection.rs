//! Real iroh endpoints on 127.0.0.1 (offline, no relays, no mDNS): hosting, joining, refusals,
//! and hostile bytes on the wire.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use fairduel_net::{
    ALPN, AcceptError, EndpointOptions, FrameError, HandshakeError, Hello, Host, HostOptions,
    HostTicket, InviteSecret, JoinError, MAX_FRAME_BYTES, MatchConnection, PathKind,
    PlayerEndpoint, Refusal, Role, join,
};
use serde::{Deserialize, Serialize};

/// A stand-in for the protocol's messages: the transport must carry any serde type.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Move {
    Draw,
    Summon { card: u32, row: u8, column: u8 },
    Chat(String),
    Deck(Vec<[u8; 32]>),
}

const WAIT: Duration = Duration::from_secs(30);

async fn endpoint() -> PlayerEndpoint {
    PlayerEndpoint::bind(rand::random(), EndpointOptions::loopback())
        .await
        .unwrap()
}

fn classic_hello() -> Hello {
    Hello::new(3, "0.1.0", [0xc1; 32], [0x90; 32])
}

async fn hosting() -> (PlayerEndpoint, HostTicket, Host) {
    let endpoint = endpoint().await;
    let (ticket, host) = Host::bind(&endpoint, classic_hello(), HostOptions::default())
        .await
        .unwrap();
    (endpoint, ticket, host)
}

/// Joins while the host accepts; returns both outcomes.
async fn attempt(
    host: &Host,
    joiner: &PlayerEndpoint,
    ticket: &HostTicket,
    hello: Hello,
) -> (
    Result<MatchConnection, AcceptError>,
    Result<MatchConnection, JoinError>,
) {
    tokio::time::timeout(WAIT, async {
        tokio::join!(host.accept(), join(joiner, ticket, hello))
    })
    .await
    .expect("host and joiner finished within the time limit")
}

async fn connected_pair() -> (
    MatchConnection,
    MatchConnection,
    PlayerEndpoint,
    PlayerEndpoint,
) {
    let (host_endpoint, ticket, host) = hosting().await;
    let joiner_endpoint = endpoint().await;
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &ticket, classic_hello()).await;
    (
        hosted.unwrap(),
        joined.unwrap(),
        host_endpoint,
        joiner_endpoint,
    )
}

#[tokio::test]
async fn a_pasted_ticket_connects_and_messages_flow_both_ways() {
    let (host_endpoint, ticket, host) = hosting().await;
    let pasted: HostTicket = ticket.to_string().parse().unwrap();
    assert_eq!(pasted.host_id(), host_endpoint.id());
    let joiner_endpoint = endpoint().await;
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &pasted, classic_hello()).await;
    let (mut hosted, mut joined) = (hosted.unwrap(), joined.unwrap());

    assert_eq!(hosted.link().role(), Role::Host);
    assert_eq!(joined.link().role(), Role::Joiner);
    assert_eq!(hosted.link().remote_id(), joiner_endpoint.id());
    assert_eq!(
        joined.link().remote_key_bytes(),
        host_endpoint.public_key_bytes()
    );
    assert_eq!(hosted.link().peer_hello().program_version, "0.1.0");
    assert!(
        hosted.link().peer_hello().invite.is_some(),
        "the joiner showed its invite"
    );
    assert_eq!(
        joined.link().peer_hello().invite,
        None,
        "the host has no invite to show"
    );

    let summon = Move::Summon {
        card: 417,
        row: 3,
        column: 6,
    };
    joined.send(&summon).await.unwrap();
    joined
        .send(&Move::Chat("good luck".to_owned()))
        .await
        .unwrap();
    assert_eq!(hosted.recv::<Move>().await.unwrap(), summon);
    assert_eq!(
        hosted.recv::<Move>().await.unwrap(),
        Move::Chat("good luck".to_owned())
    );
    hosted.send(&Move::Draw).await.unwrap();
    assert_eq!(joined.recv::<Move>().await.unwrap(), Move::Draw);

    // A whole deck of commitments is far below the cap and arrives intact.
    let deck = Move::Deck((0..40_u8).map(|card| [card; 32]).collect());
    hosted.send(&deck).await.unwrap();
    assert_eq!(joined.recv::<Move>().await.unwrap(), deck);

    let info = joined.info();
    assert_eq!(info.remote_id, host_endpoint.id());
    match info.path {
        PathKind::Direct(address) => assert!(address.ip().is_loopback(), "{address}"),
        other => panic!("a loopback match should be direct, got {other}"),
    }
    assert!(info.rtt.is_some());
}

#[tokio::test]
async fn the_connection_proves_the_signing_identity_of_the_other_player() {
    // The persisted secret is the player's ed25519 signing key; the endpoint is keyed by it.
    let joiner_secret: [u8; 32] = rand::random();
    let (_host_endpoint, ticket, host) = hosting().await;
    let joiner_endpoint = PlayerEndpoint::bind(joiner_secret, EndpointOptions::loopback())
        .await
        .unwrap();
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &ticket, classic_hello()).await;
    let (hosted, _joined) = (hosted.unwrap(), joined.unwrap());

    use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};
    let signature = SigningKey::from_bytes(&joiner_secret).sign(b"envelope 1");
    let seen_by_host = VerifyingKey::from_bytes(&hosted.link().remote_key_bytes()).unwrap();
    assert!(seen_by_host.verify(b"envelope 1", &signature).is_ok());
    let stranger = SigningKey::from_bytes(&rand::random()).sign(b"envelope 1");
    assert!(seen_by_host.verify(b"envelope 1", &stranger).is_err());
}

#[tokio::test]
async fn a_message_at_the_cap_passes_and_one_over_it_is_refused_before_sending() {
    let (mut hosted, mut joined, _host_endpoint, _joiner_endpoint) = connected_pair().await;
    // postcard writes a Vec<u8> as a 3-byte length then the bytes.
    let at_cap = vec![0x5a_u8; MAX_FRAME_BYTES - 3];
    joined.send(&at_cap).await.unwrap();
    assert_eq!(hosted.recv::<Vec<u8>>().await.unwrap(), at_cap);

    let over_cap = vec![0x5a_u8; MAX_FRAME_BYTES];
    assert!(matches!(
        joined.send(&over_cap).await,
        Err(FrameError::OutgoingTooLarge { .. })
    ));
    // Nothing was sent, so the stream is still in step.
    joined.send(&Move::Draw).await.unwrap();
    assert_eq!(hosted.recv::<Move>().await.unwrap(), Move::Draw);
}

#[tokio::test]
async fn a_wrong_invite_is_refused_and_the_real_ticket_still_works() {
    let (_host_endpoint, ticket, host) = hosting().await;
    let joiner_endpoint = endpoint().await;
    let forged = HostTicket::new(ticket.host_addr().clone(), InviteSecret::random());
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &forged, classic_hello()).await;

    let error = joined.unwrap_err();
    assert!(
        matches!(
            error,
            JoinError::Handshake(HandshakeError::RefusedByPeer {
                refusal: Refusal::WrongInvite,
                viewer: Role::Joiner
            })
        ),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("Ask the host for a new ticket"),
        "{error}"
    );
    assert!(matches!(
        hosted.unwrap_err(),
        AcceptError::Handshake(HandshakeError::RefusedByUs {
            refusal: Refusal::WrongInvite,
            ..
        })
    ));

    let (hosted, joined) = attempt(&host, &joiner_endpoint, &ticket, classic_hello()).await;
    assert!(hosted.is_ok() && joined.is_ok());
}

#[tokio::test]
async fn a_ticket_admits_one_player_only() {
    let (_host_endpoint, ticket, host) = hosting().await;
    let first = endpoint().await;
    let (hosted, joined) = attempt(&host, &first, &ticket, classic_hello()).await;
    let (_hosted, _joined) = (hosted.unwrap(), joined.unwrap());

    let second = endpoint().await;
    let (hosted, joined) = attempt(&host, &second, &ticket, classic_hello()).await;
    let error = joined.unwrap_err();
    assert!(
        matches!(
            error,
            JoinError::Handshake(HandshakeError::RefusedByPeer {
                refusal: Refusal::InviteAlreadyUsed,
                ..
            })
        ),
        "{error:?}"
    );
    assert!(error.to_string().contains("already used"), "{error}");
    assert!(hosted.is_err());

    // The same player coming back with the spent ticket is refused too: it is one-time.
    let (_, again) = attempt(&host, &first, &ticket, classic_hello()).await;
    assert!(again.is_err());

    // A fresh ticket from the host admits the second player.
    let fresh = host.new_ticket().await.unwrap();
    let (hosted, joined) = attempt(&host, &second, &fresh, classic_hello()).await;
    assert!(hosted.is_ok() && joined.is_ok());
}

#[tokio::test]
async fn a_different_format_is_refused_with_a_message_for_both_players() {
    let (_host_endpoint, ticket, host) = hosting().await;
    let joiner_endpoint = endpoint().await;
    let mut kairu = classic_hello();
    kairu.format_hash = [0x4b; 32];
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &ticket, kairu).await;

    let joiner_error = joined.unwrap_err();
    let message = joiner_error.to_string();
    assert!(matches!(
        joiner_error,
        JoinError::Handshake(HandshakeError::RefusedByPeer {
            refusal: Refusal::Format { .. },
            ..
        })
    ));
    assert!(message.contains("different formats"), "{message}");
    assert!(
        message.contains("yours 4b4b4b4b, theirs c1c1c1c1"),
        "{message}"
    );
    let host_message = hosted.unwrap_err().to_string();
    assert!(
        host_message.contains("yours c1c1c1c1, theirs 4b4b4b4b"),
        "{host_message}"
    );

    // Having picked the host's format, the same player joins with the same ticket.
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &ticket, classic_hello()).await;
    assert!(hosted.is_ok() && joined.is_ok());
}

#[tokio::test]
async fn a_different_protocol_or_card_pool_is_refused_saying_which() {
    let (_host_endpoint, ticket, host) = hosting().await;
    let joiner_endpoint = endpoint().await;

    let mut newer = classic_hello();
    newer.protocol_version = 4;
    newer.program_version = "0.2.0".to_owned();
    let (_, joined) = attempt(&host, &joiner_endpoint, &ticket, newer).await;
    let message = joined.unwrap_err().to_string();
    assert!(message.contains("match protocol 3"), "{message}");
    assert!(message.contains("(0.2.0) speaks 4"), "{message}");
    assert!(
        message.contains("older FairDuel needs to update"),
        "{message}"
    );

    let mut other_pool = classic_hello();
    other_pool.card_pool_hash = [0x11; 32];
    let (hosted, joined) = attempt(&host, &joiner_endpoint, &ticket, other_pool).await;
    let message = joined.unwrap_err().to_string();
    assert!(message.contains("card pool differs"), "{message}");
    assert!(
        hosted
            .unwrap_err()
            .to_string()
            .contains("card pool differs")
    );
}

#[tokio::test]
async fn the_joiner_checks_the_host_key_against_the_ticket() {
    let (host_endpoint, ticket, host) = hosting().await;
    let joiner_endpoint = endpoint().await;
    let impostor_id = iroh::SecretKey::from_bytes(&rand::random()).public();
    let mut addr = ticket.host_addr().clone();
    addr.id = impostor_id;
    let wrong_key = HostTicket::new(addr, ticket.invite());

    let accepted = tokio::spawn(async move {
        let outcome = tokio::time::timeout(Duration::from_secs(10), host.accept()).await;
        (outcome.map(|result| result.is_ok()), host)
    });
    let joined = tokio::time::timeout(WAIT, join(&joiner_endpoint, &wrong_key, classic_hello()))
        .await
        .expect("join gives up by itself");
    let error = joined.map(|_| ()).unwrap_err();
    assert!(
        matches!(error, JoinError::HostNotAuthenticated),
        "{error:?}"
    );
    assert!(
        error.to_string().contains("could not prove it is the host"),
        "{error}"
    );
    let (host_outcome, _host) = accepted.await.unwrap();
    assert_ne!(
        host_outcome,
        Ok(true),
        "no match may start with the wrong host key"
    );
    drop(host_endpoint);
}

#[tokio::test]
async fn a_host_of_another_network_format_is_explained() {
    let future_host = iroh::Endpoint::builder(iroh::endpoint::presets::Minimal)
        .clear_ip_transports()
        .bind_addr("127.0.0.1:0")
        .unwrap()
        .alpns(vec![b"fairduel/2".to_vec()])
        .bind()
        .await
        .unwrap();
    let address = future_host.bound_sockets()[0];
    let ticket = HostTicket::new(
        iroh::EndpointAddr::new(future_host.id()).with_ip_addr(address),
        InviteSecret::random(),
    );
    let accepting = future_host.clone();
    let refused = tokio::spawn(async move { accepting.accept().await.unwrap().await.is_err() });
    let joiner_endpoint = endpoint().await;
    let error = tokio::time::timeout(WAIT, join(&joiner_endpoint, &ticket, classic_hello()))
        .await
        .unwrap()
        .map(|_| ())
        .unwrap_err();
    assert!(
        matches!(error, JoinError::IncompatibleNetworkFormat),
        "{error:?}"
    );
    assert!(error.to_string().contains("needs to update"), "{error}");
    assert!(refused.await.unwrap());
}

#[tokio::test]
async fn a_silent_connection_does_not_keep_the_invited_player_waiting() {
    let (_host_endpoint, ticket, host) = hosting().await;
    // Host and join both run as spawned tasks, the way a session driver runs them.
    let hosting = tokio::spawn(async move { (host.accept().await, host) });
    let lurker = endpoint().await;
    let silent = lurker
        .iroh()
        .connect(ticket.host_addr().clone(), ALPN)
        .await
        .unwrap();
    let joiner_endpoint = endpoint().await;
    let joining = tokio::spawn(async move {
        let joined = join(&joiner_endpoint, &ticket, classic_hello()).await;
        (joined, joiner_endpoint)
    });
    // Far less than the 15 s the silent connection may take to time out.
    let ((hosted, _host), (joined, _joiner_endpoint)) =
        tokio::time::timeout(Duration::from_secs(5), async {
            (hosting.await.unwrap(), joining.await.unwrap())
        })
        .await
        .expect("the invited player got in while the silent one was still connected");
    let (mut hosted, mut joined) = (hosted.unwrap(), joined.unwrap());
    joined.send(&Move::Draw).await.unwrap();
    assert_eq!(hosted.recv::<Move>().await.unwrap(), Move::Draw);
    drop(silent);
}

#[tokio::test]
async fn joining_your_own_ticket_is_explained() {
    let (host_endpoint, ticket, _host) = hosting().await;
    let error = join(&host_endpoint, &ticket, classic_hello())
        .await
        .unwrap_err();
    assert!(matches!(error, JoinError::OwnTicket));
}

/// Bytes straight onto a FairDuel connection, as a broken or hostile client would send them.
async fn raw_greeting(
    ticket: &HostTicket,
    bytes: &[u8],
    finish: bool,
) -> (PlayerEndpoint, iroh::endpoint::Connection) {
    let raw = endpoint().await;
    let connection = raw
        .iroh()
        .connect(ticket.host_addr().clone(), ALPN)
        .await
        .unwrap();
    let (mut send, _recv) = connection.open_bi().await.unwrap();
    send.write_all(bytes).await.unwrap();
    if finish {
        send.finish().unwrap();
    }
    (raw, connection)
}

async fn accept_garbage(bytes: &[u8], finish: bool) -> FrameError {
    let (_host_endpoint, ticket, host) = hosting().await;
    let (accepted, (_raw_endpoint, connection)) = tokio::time::timeout(WAIT, async {
        tokio::join!(host.accept(), raw_greeting(&ticket, bytes, finish))
    })
    .await
    .unwrap();
    let error = accepted.unwrap_err();
    let AcceptError::Handshake(HandshakeError::Frame(frame_error)) = error else {
        panic!("expected a frame error, got {error:?}");
    };
    // The host hung up on the sender, saying why.
    let closed = tokio::time::timeout(WAIT, connection.closed())
        .await
        .unwrap();
    assert!(closed.to_string().contains("bad frame"), "{closed}");
    frame_error
}

#[tokio::test]
async fn an_oversized_length_prefix_is_refused_without_reading_on() {
    let two_mebibytes = (2 * 1024 * 1024_u32).to_be_bytes();
    let error = accept_garbage(&two_mebibytes, false).await;
    assert!(
        matches!(error, FrameError::TooLarge { length, max } if length == 2 * 1024 * 1024 && max == MAX_FRAME_BYTES),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_truncated_frame_is_reported_with_what_arrived() {
    let mut bytes = 100_u32.to_be_bytes().to_vec();
    bytes.extend([7_u8; 10]);
    let error = accept_garbage(&bytes, true).await;
    assert!(
        matches!(
            error,
            FrameError::Truncated {
                expected: 104,
                received: 14
            }
        ),
        "{error:?}"
    );
}

#[tokio::test]
async fn a_well_framed_but_unreadable_greeting_is_malformed() {
    // Protocol version 3 (ours) followed by an invalid string length: a broken client, not a
    // different version.
    let payload = [3_u8, 0xff, 0xff, 0xff, 0xff, 0xff];
    let mut bytes = (payload.len() as u32).to_be_bytes().to_vec();
    bytes.extend(payload);
    let error = accept_garbage(&bytes, false).await;
    assert!(matches!(error, FrameError::Malformed { .. }), "{error:?}");
}

#[tokio::test]
async fn random_bytes_give_a_typed_error_not_a_panic() {
    for _ in 0..4 {
        let bytes: [u8; 64] = rand::random();
        let error = accept_garbage(&bytes, true).await;
        assert!(error.is_peer_misbehaviour(), "{error:?}");
    }
}

#[tokio::test]
async fn bad_bytes_mid_match_close_the_connection_and_the_sender_learns_why() {
    let (hosted, mut joined, _host_endpoint, _joiner_endpoint) = connected_pair().await;
    let (_link, mut host_sender, _host_receiver) = hosted.split();
    host_sender.send(&Move::Draw).await.unwrap();
    assert_eq!(joined.recv::<Move>().await.unwrap(), Move::Draw);

    // A frame whose payload is not a Move (variant 200 does not exist).
    host_sender
        .send_encoded(&[0, 0, 0, 2, 200, 1])
        .await
        .unwrap();
    let error = joined.recv::<Move>().await.unwrap_err();
    assert!(matches!(error, FrameError::Malformed { .. }), "{error:?}");
    assert!(matches!(
        joined.recv::<Move>().await,
        Err(FrameError::AlreadyFailed)
    ));
    let sender_sees = tokio::time::timeout(WAIT, _link.closed()).await.unwrap();
    assert!(
        sender_sees.to_string().contains("bad frame"),
        "{sender_sees}"
    );
}

#[tokio::test]
async fn closing_delivers_the_last_message_and_tells_the_other_side() {
    let (mut hosted, mut joined, _host_endpoint, _joiner_endpoint) = connected_pair().await;
    joined.send(&Move::Chat("gg".to_owned())).await.unwrap();
    joined.close("match over").await;
    assert_eq!(
        hosted.recv::<Move>().await.unwrap(),
        Move::Chat("gg".to_owned())
    );
    let after = hosted.recv::<Move>().await.unwrap_err();
    match after {
        FrameError::Finished => {}
        FrameError::PeerClosed { reason, .. } => assert_eq!(reason, "match over"),
        other => panic!("expected the other side's goodbye, got {other:?}"),
    }
}
