//! Starting a match session: gathering the table as the host, joining it, or starting again
//! from a saved match file after a crash — and local tables in memory.
//!
//! A table forms around its host (seat 0). Each joiner, once greeted, tells the host where it
//! listens ([`PeerMessage::Arrived`]); the host tells everyone how full the table is
//! ([`PeerMessage::Waiting`]) and, once it is full, where every seat listens
//! ([`PeerMessage::Table`]) and the match's set-up entry. Then every seat links to every
//! other: each joiner dials the seats below its own, and listens for the ones above.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::{DeckList, Rules, Seat};
use fairduel_protocol::identity::os_entropy;
use fairduel_protocol::{
    Identity, PROTOCOL_VERSION, Peer, PeerError, PlayerKey, RestoreError, SecretStream,
};

use crate::EndpointAddr;
use crate::driver::{
    Dialer, DriverConfig, Mesh, PeerMessage, SessionHandle, Waker, Wire, memory_mesh, spawn_session,
};
use crate::endpoint::{EndpointOptions, PlayerEndpoint};
use crate::frame::FrameError;
use crate::handshake::{Hello, Role};
use crate::session::{AcceptError, Host, HostOptions, MatchConnection};
use crate::store::{Durability, MatchMeta, MatchStore, SavedDeck, SavedMatch, StoreError};

/// The handshake greeting for a match under `rules`: this build's protocol and program
/// versions and the content hashes of the format and the card pool, so two clients that
/// would not compute the same duel refuse each other before the match starts.
pub fn match_hello(rules: &Rules) -> Hello {
    Hello::new(
        u32::from(PROTOCOL_VERSION),
        env!("CARGO_PKG_VERSION"),
        rules.format.hash().0,
        rules.pool.hash().0,
    )
}

/// How a saved match gets its links back: this seat listens again on the UDP port the
/// others last knew (admitting only the match's players) and dials the seats below its own
/// where they listened; when that port is taken, it listens on another and dials every
/// seat. `options` is how this player reaches the network now.
pub async fn reconnect_saved(
    meta: &MatchMeta,
    identity: &Identity,
    options: EndpointOptions,
    rules: &Rules,
    player_name: &str,
) -> Result<Mesh, String> {
    let (endpoint, moved) =
        match PlayerEndpoint::bind(identity.secret_bytes(), options.with_port(meta.listen_port))
            .await
        {
            Ok(endpoint) => (endpoint, false),
            // The old port is taken (another program, or a crashed copy's socket the system
            // still holds): listen anywhere, and call every seat instead of waiting for the
            // ones above to call the address they know.
            Err(_) if meta.listen_port != 0 => (
                PlayerEndpoint::bind(identity.secret_bytes(), options.with_port(0))
                    .await
                    .map_err(|e| e.to_string())?,
                true,
            ),
            Err(e) => return Err(e.to_string()),
        };
    let hello = match_hello(rules).with_name(player_name);
    let listener = Host::listen(&endpoint, hello.clone());
    Ok(Mesh {
        listener: Some(Arc::new(listener)),
        dialer: Some(Dialer {
            endpoint,
            hello,
            listening: meta.listening.clone(),
            every_seat: moved,
        }),
    })
}

/// How long a seated player may stay silent while the table forms.
const TABLE_SILENCE: Duration = Duration::from_secs(20);

/// How often the host tells the gathered players how full the table is (which also shows
/// it is still there).
const WAITING_EVERY: Duration = Duration::from_secs(3);

/// A player admitted to the table: its connection, and where it listens.
#[derive(Debug)]
pub struct Arrival {
    pub connection: MatchConnection,
    pub listening: EndpointAddr,
}

/// Waits for `wanted` players to join `host`'s table (each with one of its tickets), telling
/// every gathered player how full the table is as it fills. A player whose connection
/// drops before the table is full frees its seat again. `progress` hears (seated, of) each
/// time that changes.
pub async fn gather_table(
    host: &Host,
    wanted: usize,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Arrival>, AcceptError> {
    let mut table: Vec<Arrival> = Vec::new();
    let mut tick = tokio::time::interval(WAITING_EVERY);
    while table.len() < wanted {
        tokio::select! {
            accepted = host.accept() => {
                let mut connection = match accepted {
                    Ok(connection) => connection,
                    Err(AcceptError::EndpointClosed) => return Err(AcceptError::EndpointClosed),
                    Err(_) => continue,
                };
                let key = connection.link().remote_key_bytes();
                let duplicate = key == *host.endpoint().id().as_bytes()
                    || table.iter().any(|a| a.connection.link().remote_key_bytes() == key);
                if duplicate {
                    connection.close("this player already has a seat at the table").await;
                    host.reopen_seat();
                    continue;
                }
                match tokio::time::timeout(TABLE_SILENCE, connection.recv::<PeerMessage>()).await {
                    Ok(Ok(PeerMessage::Arrived { listening })) if listening.id.as_bytes() == &key => {
                        table.push(Arrival { connection, listening });
                    }
                    _ => {
                        connection.close("it did not say where it listens").await;
                        host.reopen_seat();
                        continue;
                    }
                }
            }
            _ = tick.tick() => {}
        }
        // Everyone gathered hears how full the table is; whoever cannot be reached has
        // left, and its seat is free again.
        let message = PeerMessage::Waiting {
            seated: table.len() as u8 + 1,
            of: wanted as u8 + 1,
        };
        let mut still = Vec::with_capacity(table.len());
        for mut arrival in table.drain(..) {
            if arrival.connection.send(&message).await.is_ok() {
                still.push(arrival);
            } else {
                host.reopen_seat();
            }
        }
        table = still;
        progress(table.len() + 1, wanted + 1);
    }
    Ok(table)
}

/// Everything a seat brings to a match.
#[derive(Clone)]
pub struct MatchSettings {
    pub rules: Arc<Rules>,
    /// The format preset's name, as written into the match set-up.
    pub format_name: String,
    pub deck: DeckList,
    pub identity: Identity,
    /// The name this player shows the others (may be empty).
    pub player_name: String,
    /// Where match files go; `None` keeps nothing on disk (tests, benchmarks).
    pub matches_dir: Option<PathBuf>,
    pub durability: Durability,
    pub driver: DriverConfig,
    pub waker: Option<Waker>,
}

impl std::fmt::Debug for MatchSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatchSettings")
            .field("format_name", &self.format_name)
            .field("deck", &self.deck.name)
            .field("matches_dir", &self.matches_dir)
            .finish_non_exhaustive()
    }
}

/// A session that started, and what the player may want to know about it.
#[derive(Debug)]
pub struct StartedMatch {
    pub session: SessionHandle,
    pub match_id: [u8; 32],
    /// The match file, to `fairduel resume` after a crash.
    pub file: Option<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{0}")]
    Peer(#[from] PeerError),
    #[error("could not read the operating system's randomness for this match's secrets: {0}")]
    Entropy(String),
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("the connection broke while the match was being set up: {0}")]
    Frame(#[from] FrameError),
    #[error(
        "the host went quiet for {} seconds before the match started; ask the host to try again",
        .0.as_secs()
    )]
    NoFirstEntry(Duration),
    #[error("the player who joined did not say where it listens within {} seconds", .0.as_secs())]
    NoArrival(Duration),
    #[error("{0}")]
    Table(String),
    #[error("the host's first message was not the start of a match: its FairDuel may be broken")]
    UnexpectedFirstMessage,
    #[error("{0}")]
    Restore(#[from] RestoreError),
    #[error(
        "this match was played with another key ({saved}), not this player's ({ours}): resume it as the player who played it"
    )]
    OtherKey { saved: String, ours: String },
}

/// The host's side: `joiners` are the gathered players, seated in this order after the
/// host. Sets the match up, saves the match file, tells every joiner where everyone listens,
/// sends them the set-up entry and starts the driver.
pub async fn start_hosted(
    settings: MatchSettings,
    host: Arc<Host>,
    joiners: Vec<Arrival>,
) -> Result<StartedMatch, StartError> {
    let others: Vec<PlayerKey> = joiners
        .iter()
        .map(|a| PlayerKey(a.connection.link().remote_key_bytes()))
        .collect();
    let seed = os_entropy().map_err(|e| StartError::Entropy(e.to_string()))?;
    let (peer, first) = Peer::host(
        settings.identity.clone(),
        Arc::clone(&settings.rules),
        &settings.format_name,
        &settings.deck,
        &others,
        SecretStream::new(seed),
    )?;
    let match_id = peer.log().match_id().0;
    let own = host.endpoint().dialable_addr().await;
    let listening: Vec<Option<EndpointAddr>> = std::iter::once(Some(own))
        .chain(joiners.iter().map(|a| Some(a.listening.clone())))
        .collect();
    let meta = MatchMeta {
        match_id,
        format_name: settings.format_name.clone(),
        role: Role::Host,
        seat: Seat(0),
        deck: SavedDeck::from(&settings.deck),
        secret_seed: seed,
        own_key: settings.identity.public().0,
        listening: listening.clone(),
        listen_port: host.endpoint().port(),
    };
    let store = create_store(&settings, &meta, &first)?;
    let mut wires = Vec::with_capacity(joiners.len());
    for (i, mut arrival) in joiners.into_iter().enumerate() {
        arrival
            .connection
            .send(&PeerMessage::Table {
                listening: listening.clone(),
            })
            .await?;
        arrival
            .connection
            .send(&PeerMessage::Entry(first.clone()))
            .await?;
        wires.push((Seat(i as u8 + 1), Wire::Iroh(Box::new(arrival.connection))));
    }
    let mesh = Mesh {
        listener: Some(host),
        dialer: None,
    };
    Ok(started(settings, peer, store, wires, mesh, match_id))
}

/// The joiner's side, on `connection` to the host: says where it listens, waits for the
/// table to fill (`progress` hears (seated, of) as it does) and for the set-up entry,
/// joins, saves the match file, and starts the driver, which links to the other seats.
pub async fn start_joined(
    settings: MatchSettings,
    endpoint: PlayerEndpoint,
    mut connection: MatchConnection,
    mut progress: impl FnMut(usize, usize),
) -> Result<StartedMatch, StartError> {
    let hello = match_hello(&settings.rules).with_name(settings.player_name.clone());
    let listening_here = endpoint.dialable_addr().await;
    connection
        .send(&PeerMessage::Arrived {
            listening: listening_here,
        })
        .await?;
    // Listening starts now, so that the seats after ours can reach us as soon as they know
    // the table.
    let listener = Arc::new(Host::listen(&endpoint, hello.clone()));
    let mut listening = Vec::new();
    let first = loop {
        let message = tokio::time::timeout(TABLE_SILENCE, connection.recv::<PeerMessage>())
            .await
            .map_err(|_| StartError::NoFirstEntry(TABLE_SILENCE))??;
        match message {
            PeerMessage::Waiting { seated, of } => progress(usize::from(seated), usize::from(of)),
            PeerMessage::Table { listening: table } => listening = table,
            PeerMessage::Entry(first) => break first,
            _ => return Err(StartError::UnexpectedFirstMessage),
        }
    };
    let seed = os_entropy().map_err(|e| StartError::Entropy(e.to_string()))?;
    let peer = Peer::join(
        settings.identity.clone(),
        Arc::clone(&settings.rules),
        &settings.deck,
        &first,
        SecretStream::new(seed),
    )?;
    let match_id = peer.log().match_id().0;
    // Only addresses whose key is the one the set-up seats there are kept: a host cannot
    // send us to someone else (the connection would prove the key anyway).
    let players = peer.log().seats();
    if listening.len() != players {
        return Err(StartError::Table(format!(
            "the host described a table of {} seats for a match of {players}",
            listening.len()
        )));
    }
    for (i, address) in listening.iter_mut().enumerate() {
        let expected = peer.log().key(Seat(i as u8)).map(|k| k.0);
        if address.as_ref().map(|a| *a.id.as_bytes()) != expected {
            *address = None;
        }
    }
    let meta = MatchMeta {
        match_id,
        format_name: settings.format_name.clone(),
        role: Role::Joiner,
        seat: peer.seat(),
        deck: SavedDeck::from(&settings.deck),
        secret_seed: seed,
        own_key: settings.identity.public().0,
        listening: listening.clone(),
        listen_port: endpoint.port(),
    };
    let store = create_store(&settings, &meta, &first)?;
    let mesh = Mesh {
        listener: Some(listener),
        dialer: Some(Dialer {
            endpoint,
            hello,
            listening,
            every_seat: false,
        }),
    };
    let wires = vec![(Seat(0), Wire::Iroh(Box::new(connection)))];
    Ok(started(settings, peer, store, wires, mesh, match_id))
}

/// Continues a saved match: rebuilds the peer from the file, then lets the driver get the
/// links back (`mesh` says how: see [`reconnect_saved`]).
pub fn resume_saved(
    settings: MatchSettings,
    path: &Path,
    mesh: Mesh,
) -> Result<(StartedMatch, SavedMatch), StartError> {
    let (store, saved) = MatchStore::open(path, settings.durability)?;
    let ours = settings.identity.public();
    if saved.meta.own_key != ours.0 {
        return Err(StartError::OtherKey {
            saved: PlayerKey(saved.meta.own_key).fingerprint(),
            ours: ours.fingerprint(),
        });
    }
    let deck = DeckList::from(&saved.meta.deck);
    let mut peer = Peer::restore(
        settings.identity.clone(),
        Arc::clone(&settings.rules),
        &saved.meta.format_name,
        &deck,
        SecretStream::new(saved.meta.secret_seed),
        &saved.entries,
    )?;
    peer.restore_disclosures(&saved.disclosures);
    let match_id = saved.meta.match_id;
    Ok((
        started(settings, peer, Some(store), Vec::new(), mesh, match_id),
        saved,
    ))
}

/// A whole table in this process over in-memory links: a local match against bots, or a
/// reference for the network's overhead. `seats[0]` hosts; seat `i` plays `seats[i]` with
/// `secrets[i]`. Nothing is saved.
pub fn start_in_memory(
    seats: Vec<MatchSettings>,
    secrets: Vec<SecretStream>,
) -> Result<Vec<StartedMatch>, StartError> {
    start_in_memory_over(seats, secrets, memory_mesh)
}

/// [`start_in_memory`] over links on which every message takes `one_way` to arrive (see
/// [`crate::driver::memory_mesh_with_latency`]); inside a tokio runtime.
pub fn start_in_memory_with_latency(
    seats: Vec<MatchSettings>,
    secrets: Vec<SecretStream>,
    one_way: std::time::Duration,
) -> Result<Vec<StartedMatch>, StartError> {
    start_in_memory_over(seats, secrets, |players| {
        crate::driver::memory_mesh_with_latency(players, one_way)
    })
}

fn start_in_memory_over(
    seats: Vec<MatchSettings>,
    secrets: Vec<SecretStream>,
    mesh_of: impl FnOnce(usize) -> Vec<Vec<(Seat, Wire)>>,
) -> Result<Vec<StartedMatch>, StartError> {
    let mut seats = seats.into_iter();
    let mut secrets = secrets.into_iter();
    let (Some(host), Some(host_secrets)) = (seats.next(), secrets.next()) else {
        return Err(StartError::Table("a table needs a host".to_owned()));
    };
    let guests: Vec<(MatchSettings, SecretStream)> = seats.zip(secrets).collect();
    let others: Vec<PlayerKey> = guests.iter().map(|(s, _)| s.identity.public()).collect();
    let (host_peer, first) = Peer::host(
        host.identity.clone(),
        Arc::clone(&host.rules),
        &host.format_name,
        &host.deck,
        &others,
        host_secrets,
    )?;
    let match_id = host_peer.log().match_id().0;
    let mut peers = vec![(host, host_peer)];
    for (settings, secrets) in guests {
        let peer = Peer::join(
            settings.identity.clone(),
            Arc::clone(&settings.rules),
            &settings.deck,
            &first,
            secrets,
        )?;
        peers.push((settings, peer));
    }
    let mesh = mesh_of(peers.len());
    Ok(peers
        .into_iter()
        .zip(mesh)
        .map(|((settings, peer), wires)| {
            started(settings, peer, None, wires, Mesh::in_memory(), match_id)
        })
        .collect())
}

fn create_store(
    settings: &MatchSettings,
    meta: &MatchMeta,
    first: &fairduel_protocol::SignedEnvelope,
) -> Result<Option<MatchStore>, StoreError> {
    settings
        .matches_dir
        .as_ref()
        .map(|dir| MatchStore::create(dir, meta, first, settings.durability))
        .transpose()
}

fn started(
    settings: MatchSettings,
    peer: Peer,
    store: Option<MatchStore>,
    wires: Vec<(Seat, Wire)>,
    mesh: Mesh,
    match_id: [u8; 32],
) -> StartedMatch {
    let file = store.as_ref().map(|s| s.path().to_owned());
    let session = spawn_session(peer, store, wires, mesh, settings.driver, settings.waker);
    StartedMatch {
        session,
        match_id,
        file,
    }
}

/// Hosting options for a table of the format's size.
pub fn table_options(rules: &Rules, lan_advert: Option<crate::LanAdvert>) -> HostOptions {
    HostOptions {
        lan_advert,
        players_wanted: rules.format.table.players.saturating_sub(1),
    }
}
