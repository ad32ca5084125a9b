//! Starting a match session: as the host once a player joined, as the joiner once the host
//! accepted, or again from a saved match file after a crash.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::{DeckList, Rules};
use fairduel_protocol::identity::os_entropy;
use fairduel_protocol::{
    Identity, PROTOCOL_VERSION, Peer, PeerError, PlayerKey, RestoreError, SecretStream,
};

use crate::driver::{
    DriverConfig, PeerMessage, Reconnect, Redial, SessionHandle, Waker, Wire, spawn_session,
};
use crate::endpoint::{EndpointOptions, PlayerEndpoint};
use crate::frame::FrameError;
use crate::handshake::{Hello, Role};
use crate::session::{Host, HostOptions, MatchConnection};
use crate::store::{Durability, MatchMeta, MatchStore, SavedDeck, SavedMatch, StoreError};
use crate::ticket::HostTicket;

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

/// How a saved match gets its link back: the host listens again on the UDP port the other
/// player last knew, the joiner dials the host named in its ticket. `options` is how this
/// player reaches the network now.
pub async fn reconnect_saved(
    meta: &MatchMeta,
    identity: &Identity,
    options: EndpointOptions,
    rules: &Rules,
) -> Result<Reconnect, String> {
    match meta.role {
        Role::Host => {
            let endpoint =
                PlayerEndpoint::bind(identity.secret_bytes(), options.with_port(meta.host_port))
                    .await
                    .map_err(|e| e.to_string())?;
            let (_, host) = Host::bind(&endpoint, match_hello(rules), HostOptions::default())
                .await
                .map_err(|e| e.to_string())?;
            Ok(Reconnect::Accept(Arc::new(host)))
        }
        Role::Joiner => {
            let ticket: HostTicket = meta
                .host_ticket
                .as_deref()
                .unwrap_or_default()
                .parse()
                .map_err(|e| format!("the saved match has no usable host address: {e}"))?;
            let endpoint = PlayerEndpoint::bind(identity.secret_bytes(), options)
                .await
                .map_err(|e| e.to_string())?;
            Ok(Reconnect::Dial(Box::new(Redial {
                endpoint,
                host: ticket.host_addr().clone(),
                hello: match_hello(rules),
            })))
        }
    }
}

/// How long the joiner waits for the host's first entry.
const FIRST_ENTRY_WAIT: Duration = Duration::from_secs(20);

/// Everything a seat brings to a match.
#[derive(Clone)]
pub struct MatchSettings {
    pub rules: Arc<Rules>,
    /// The format preset's name, as written into the match set-up.
    pub format_name: String,
    pub deck: DeckList,
    pub identity: Identity,
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
        "the host did not start the match within {} seconds; ask the host to try again",
        .0.as_secs()
    )]
    NoFirstEntry(Duration),
    #[error("the host's first message was not the start of a match: its FairDuel may be broken")]
    UnexpectedFirstMessage,
    #[error("{0}")]
    Restore(#[from] RestoreError),
    #[error(
        "this match was played with another key ({saved}), not this player's ({ours}): resume it as the player who played it"
    )]
    OtherKey { saved: String, ours: String },
}

/// The host's side: `connection` is the accepted player. Sets the match up, saves the
/// match file, sends the set-up entry and starts the driver.
pub async fn start_hosted(
    settings: MatchSettings,
    host: Arc<Host>,
    mut connection: MatchConnection,
) -> Result<StartedMatch, StartError> {
    let opponent = PlayerKey(connection.link().remote_key_bytes());
    let seed = os_entropy().map_err(|e| StartError::Entropy(e.to_string()))?;
    let (peer, first) = Peer::host(
        settings.identity.clone(),
        Arc::clone(&settings.rules),
        &settings.format_name,
        &settings.deck,
        &[opponent],
        SecretStream::new(seed),
    )?;
    let match_id = peer.log().match_id().0;
    let meta = MatchMeta {
        match_id,
        format_name: settings.format_name.clone(),
        role: Role::Host,
        deck: SavedDeck::from(&settings.deck),
        secret_seed: seed,
        own_key: settings.identity.public().0,
        opponent_key: opponent.0,
        host_ticket: None,
        host_port: host.endpoint().port(),
    };
    let store = create_store(&settings, &meta, &first)?;
    connection.send(&PeerMessage::Entry(first)).await?;
    Ok(started(
        settings,
        peer,
        store,
        Some(Wire::Iroh(Box::new(connection))),
        Reconnect::Accept(host),
        match_id,
    ))
}

/// The joiner's side: waits for the host's set-up entry, joins, saves the match file and
/// starts the driver.
pub async fn start_joined(
    settings: MatchSettings,
    ticket: &HostTicket,
    redial: Redial,
    mut connection: MatchConnection,
) -> Result<StartedMatch, StartError> {
    let message = tokio::time::timeout(FIRST_ENTRY_WAIT, connection.recv::<PeerMessage>())
        .await
        .map_err(|_| StartError::NoFirstEntry(FIRST_ENTRY_WAIT))??;
    let PeerMessage::Entry(first) = message else {
        return Err(StartError::UnexpectedFirstMessage);
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
    let meta = MatchMeta {
        match_id,
        format_name: settings.format_name.clone(),
        role: Role::Joiner,
        deck: SavedDeck::from(&settings.deck),
        secret_seed: seed,
        own_key: settings.identity.public().0,
        opponent_key: connection.link().remote_key_bytes(),
        host_ticket: Some(ticket.to_string()),
        host_port: 0,
    };
    let store = create_store(&settings, &meta, &first)?;
    Ok(started(
        settings,
        peer,
        store,
        Some(Wire::Iroh(Box::new(connection))),
        Reconnect::Dial(Box::new(redial)),
        match_id,
    ))
}

/// Continues a saved match: rebuilds the peer from the file, then lets the driver get the
/// link back (`reconnect` says how: wait as the host or dial as the joiner).
pub fn resume_saved(
    settings: MatchSettings,
    path: &Path,
    reconnect: Reconnect,
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
    let peer = Peer::restore(
        settings.identity.clone(),
        Arc::clone(&settings.rules),
        &saved.meta.format_name,
        &deck,
        SecretStream::new(saved.meta.secret_seed),
        &saved.entries,
    )?;
    let match_id = saved.meta.match_id;
    Ok((
        started(settings, peer, Some(store), None, reconnect, match_id),
        saved,
    ))
}

/// Two seats in this process over an in-memory link: a local match against the bot, or a
/// reference for the network's overhead. Nothing is saved.
pub fn start_in_memory(
    host: MatchSettings,
    guest: MatchSettings,
    secrets: [SecretStream; 2],
) -> Result<(StartedMatch, StartedMatch), StartError> {
    let [host_secrets, guest_secrets] = secrets;
    let (host_peer, first) = Peer::host(
        host.identity.clone(),
        Arc::clone(&host.rules),
        &host.format_name,
        &host.deck,
        &[guest.identity.public()],
        host_secrets,
    )?;
    let guest_peer = Peer::join(
        guest.identity.clone(),
        Arc::clone(&guest.rules),
        &guest.deck,
        &first,
        guest_secrets,
    )?;
    let match_id = host_peer.log().match_id().0;
    let (a, b) = crate::driver::memory_wires();
    Ok((
        started(host, host_peer, None, Some(a), Reconnect::Never, match_id),
        started(guest, guest_peer, None, Some(b), Reconnect::Never, match_id),
    ))
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
    wire: Option<Wire>,
    reconnect: Reconnect,
    match_id: [u8; 32],
) -> StartedMatch {
    let file = store.as_ref().map(|s| s.path().to_owned());
    let session = spawn_session(
        peer,
        store,
        wire,
        reconnect,
        settings.driver,
        settings.waker,
    );
    StartedMatch {
        session,
        match_id,
        file,
    }
}
