//! Hosting, joining, and the established match connection.

use std::{fmt, net::SocketAddr, time::Duration};

use iroh::{
    EndpointAddr, EndpointId, RelayUrl, TransportAddr,
    endpoint::{
        ConnectError, ConnectingError, Connection, ConnectionError, Incoming, TransportErrorCode,
        VarInt,
    },
};
use serde::{Serialize, de::DeserializeOwned};
use tokio::task::JoinSet;

use crate::{
    endpoint::{ALPN, PlayerEndpoint},
    frame::{FrameError, FrameReceiver, FrameSender, close_code, truncate_reason},
    handshake::{Greeted, HandshakeError, Hello, InviteBook, Role, greet_as_host, greet_as_joiner},
    lan::{LanAdvert, advert_user_data, closed_user_data},
    ticket::{HostTicket, InviteSecret},
};

/// How long `join` tries to reach the host before giving up.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);

/// How long `close` waits for the other side to acknowledge what was sent last.
const CLOSE_FLUSH: Duration = Duration::from_secs(3);

/// Hosting choices.
#[derive(Debug, Clone, Default)]
pub struct HostOptions {
    /// Announce the match on the LAN as open to anyone nearby (needs an endpoint with LAN
    /// discovery). `None`: only players given the ticket can join.
    pub lan_advert: Option<LanAdvert>,
    /// How many players each ticket admits: the seats to fill besides the host's (one for
    /// a two-player match; 0 is taken as 1).
    pub players_wanted: u8,
}

/// Why hosting could not start.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error(
        "this computer has no network address another player could reach: check that networking is on (or use online mode), then host again"
    )]
    NoAddress,
    #[error("the network endpoint is closed: restart networking, then host again")]
    EndpointClosed,
}

/// Why an incoming player did not become a match. Each error concerns one attempt: call
/// [`Host::accept`] again to keep waiting (except after [`AcceptError::EndpointClosed`]).
#[derive(Debug, thiserror::Error)]
pub enum AcceptError {
    #[error("the network endpoint was closed: no more players can join")]
    EndpointClosed,
    #[error("a player tried to connect but the connection failed: {0}")]
    Connecting(#[from] ConnectingError),
    #[error("a player connected with another program (protocol {alpn:?}) and was turned away")]
    WrongApplication { alpn: String },
    #[error("{0}")]
    Handshake(#[from] HandshakeError),
    #[error("a greeting stopped unexpectedly ({0}); the player can try again")]
    GreetingTask(String),
}

/// Why joining failed.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    #[error("this ticket is your own: give it to the other player instead")]
    OwnTicket,
    #[error(
        "could not reach the host within {} seconds: check that the host is still waiting and that you are on the same network (or both online), then try again",
        .after.as_secs()
    )]
    TimedOut { after: Duration },
    #[error(
        "could not reach the host: {0}. Check that the host is still waiting and that you are on the same network (or both online), then try again"
    )]
    Connect(ConnectError),
    #[error(
        "the computer at the ticket's address could not prove it is the host named in the ticket: do not play with it; ask the host for a new ticket"
    )]
    HostNotAuthenticated,
    #[error(
        "the host runs a FairDuel whose network format differs from yours ({}): the player with the older FairDuel needs to update, then join again",
        String::from_utf8_lossy(ALPN)
    )]
    IncompatibleNetworkFormat,
    #[error(
        "the computer at the ticket's address is not the host named in the ticket (expected {expected}, found {found}): do not play with it; ask the host for a new ticket"
    )]
    WrongHost { expected: String, found: String },
    #[error("{0}")]
    Handshake(#[from] HandshakeError),
}

/// At most this many greetings run at once; further connection attempts are refused until one
/// finishes, so a flood of silent connections cannot pile up.
pub const MAX_CONCURRENT_GREETINGS: usize = 8;

type Greeting = Result<MatchConnection, AcceptError>;

/// A match being hosted: hands out tickets, each admitting the players still wanted at the
/// table, one seat each; also how any seat listens for the others coming back.
///
/// Greetings run in their own tasks, so a connection that never says hello (for up to
/// [`crate::HANDSHAKE_TIMEOUT`]) does not keep the invited player waiting behind it.
#[derive(Debug)]
pub struct Host {
    endpoint: PlayerEndpoint,
    hello: Hello,
    invites: InviteBook,
    lan_advert: Option<LanAdvert>,
    /// How many players each new ticket admits.
    players_wanted: u8,
    greetings: tokio::sync::Mutex<JoinSet<Greeting>>,
}

impl Host {
    /// Starts hosting on `endpoint` (one host per endpoint at a time: it takes the endpoint's
    /// incoming connections) and makes the first ticket.
    pub async fn bind(
        endpoint: &PlayerEndpoint,
        hello: Hello,
        options: HostOptions,
    ) -> Result<(HostTicket, Host), HostError> {
        if endpoint.iroh().is_closed() {
            return Err(HostError::EndpointClosed);
        }
        let mut hello = hello;
        hello.invite = None;
        let host = Host {
            endpoint: endpoint.clone(),
            hello,
            invites: InviteBook::default(),
            lan_advert: options.lan_advert,
            players_wanted: options.players_wanted.max(1),
            greetings: tokio::sync::Mutex::new(JoinSet::new()),
        };
        let ticket = host.new_ticket().await?;
        Ok((ticket, host))
    }

    /// Listens on `endpoint` without inviting anyone: only players a match is held open for
    /// ([`Host::allow_resume`]) are admitted. How a joined seat takes the connections of the
    /// seats after it, and how any seat is found again after a restart.
    pub fn listen(endpoint: &PlayerEndpoint, hello: Hello) -> Host {
        let mut hello = hello;
        hello.invite = None;
        Host {
            endpoint: endpoint.clone(),
            hello,
            invites: InviteBook::default(),
            lan_advert: None,
            players_wanted: 1,
            greetings: tokio::sync::Mutex::new(JoinSet::new()),
        }
    }

    /// A player admitted earlier left before the match started: its seat can be taken
    /// again with the newest ticket (and the LAN advert, if any, shows the match again).
    pub fn reopen_seat(&self) {
        self.invites.reopen_one();
    }

    /// Issues another ticket (earlier unused tickets stay valid), e.g. when an invited player
    /// lost theirs. An open LAN advert now carries this one.
    pub async fn new_ticket(&self) -> Result<HostTicket, HostError> {
        let addr = self.endpoint.dialable_addr().await;
        if addr.addrs.is_empty() {
            return Err(HostError::NoAddress);
        }
        let invite = InviteSecret::random();
        self.invites.issue(invite, self.players_wanted);
        if let Some(advert) = &self.lan_advert {
            self.endpoint
                .set_lan_user_data(advert_user_data(advert, &invite));
        }
        Ok(HostTicket::new(addr, invite))
    }

    /// Holds the match `match_id` open for the player with `player_key` to come back to
    /// (after either side crashed or the connection broke): [`Host::accept`] then admits
    /// that key, and only that key, without an invite (see [`rejoin`]).
    pub fn allow_resume(&self, match_id: [u8; 32], player_key: [u8; 32]) {
        self.invites.allow_resume(match_id, player_key);
    }

    /// The endpoint this host listens on.
    pub fn endpoint(&self) -> &PlayerEndpoint {
        &self.endpoint
    }

    /// What this host says about itself in the greeting.
    pub fn hello(&self) -> &Hello {
        &self.hello
    }

    /// Waits for the next player and runs the greeting. Returns the match connection once both
    /// sides agreed; an error concerns that one attempt (see [`AcceptError`]). Cancel-safe:
    /// greetings under way when the call is dropped finish in the background and are reported
    /// by the next call.
    pub async fn accept(&self) -> Result<MatchConnection, AcceptError> {
        let mut greetings = self.greetings.lock().await;
        loop {
            tokio::select! {
                incoming = self.endpoint.iroh().accept() => {
                    let Some(incoming) = incoming else {
                        return Err(AcceptError::EndpointClosed);
                    };
                    if greetings.len() >= MAX_CONCURRENT_GREETINGS {
                        incoming.refuse();
                        continue;
                    }
                    greetings.spawn(greet_incoming(incoming, self.hello.clone(), self.invites.clone()));
                }
                Some(finished) = greetings.join_next(), if !greetings.is_empty() => {
                    let greeting = match finished {
                        Ok(greeting) => greeting,
                        Err(error) => Err(AcceptError::GreetingTask(error.to_string())),
                    };
                    if greeting.is_ok() && !self.invites.has_open_invite() {
                        self.withdraw_lan_advert();
                    }
                    return greeting;
                }
            }
        }
    }

    fn withdraw_lan_advert(&self) {
        if self.lan_advert.is_some() {
            self.endpoint.set_lan_user_data(closed_user_data());
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        // Nobody is waiting any more: the LAN must not keep listing the match.
        self.withdraw_lan_advert();
    }
}

/// Completes one incoming connection and its greeting (in its own task).
async fn greet_incoming(incoming: Incoming, hello: Hello, invites: InviteBook) -> Greeting {
    let connection = incoming.await?;
    if connection.alpn() != ALPN {
        let alpn = String::from_utf8_lossy(connection.alpn()).into_owned();
        connection.close(
            VarInt::from_u32(close_code::HANDSHAKE_FAILED),
            b"not a FairDuel connection",
        );
        return Err(AcceptError::WrongApplication { alpn });
    }
    let greeted = greet_as_host(&connection, &hello, &invites).await?;
    Ok(MatchConnection::new(connection, greeted, Role::Host))
}

/// Connects to the host named in `ticket`, checks that it is that host, and runs the greeting
/// with the ticket's invite.
pub async fn join(
    endpoint: &PlayerEndpoint,
    ticket: &HostTicket,
    hello: Hello,
) -> Result<MatchConnection, JoinError> {
    if ticket.host_id() == endpoint.id() {
        return Err(JoinError::OwnTicket);
    }
    let mut hello = hello;
    hello.invite = Some(ticket.invite());
    hello.resume = None;
    dial(endpoint, ticket.host_addr(), hello).await
}

/// Connects again to the host of match `match_id` (after a crash or a lost connection). The
/// host admits us if it holds that match open for our key ([`Host::allow_resume`]).
pub async fn rejoin(
    endpoint: &PlayerEndpoint,
    host: &EndpointAddr,
    match_id: [u8; 32],
    hello: Hello,
) -> Result<MatchConnection, JoinError> {
    if host.id == endpoint.id() {
        return Err(JoinError::OwnTicket);
    }
    let mut hello = hello;
    hello.invite = None;
    hello.resume = Some(match_id);
    dial(endpoint, host, hello).await
}

async fn dial(
    endpoint: &PlayerEndpoint,
    host: &EndpointAddr,
    hello: Hello,
) -> Result<MatchConnection, JoinError> {
    let expected = host.id;
    let connecting = endpoint.iroh().connect(host.clone(), ALPN);
    let connection = tokio::time::timeout(CONNECT_TIMEOUT, connecting)
        .await
        .map_err(|_| JoinError::TimedOut {
            after: CONNECT_TIMEOUT,
        })?
        .map_err(explain_connect_error)?;
    // iroh's TLS already proves the remote holds the key we dialled; checking again costs
    // nothing and keeps the guarantee visible here, where the ticket is.
    if connection.remote_id() != expected {
        connection.close(
            VarInt::from_u32(close_code::HANDSHAKE_FAILED),
            b"wrong host",
        );
        return Err(JoinError::WrongHost {
            expected: expected.fmt_short().to_string(),
            found: connection.remote_id().fmt_short().to_string(),
        });
    }
    let greeted = greet_as_joiner(&connection, &hello).await?;
    Ok(MatchConnection::new(connection, greeted, Role::Joiner))
}

/// How traffic currently reaches the other player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathKind {
    /// Straight to the other player's address.
    Direct(SocketAddr),
    /// Through a relay server (both ends are behind NATs that did not let a direct path open).
    Relayed(RelayUrl),
    /// No path selected at this moment (e.g. while the network changes).
    Unknown,
}

impl fmt::Display for PathKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathKind::Direct(address) => write!(f, "direct ({address})"),
            PathKind::Relayed(url) => write!(f, "relayed via {url}"),
            PathKind::Unknown => f.write_str("no path right now"),
        }
    }
}

/// What the fairness panel shows about the connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionInfo {
    pub remote_id: EndpointId,
    pub path: PathKind,
    /// Round-trip time of the selected path, as QUIC estimates it.
    pub rtt: Option<Duration>,
}

/// The connection-level half of a match connection: who is on the other end, how it is
/// reached, and closing. Cheap to clone, so a UI task can keep one.
#[derive(Debug, Clone)]
pub struct MatchLink {
    connection: Connection,
    role: Role,
    peer_hello: Hello,
}

impl MatchLink {
    /// Our end of the match.
    pub fn role(&self) -> Role {
        self.role
    }

    /// What the other side said in its greeting.
    pub fn peer_hello(&self) -> &Hello {
        &self.peer_hello
    }

    /// The other player's endpoint id, authenticated by the QUIC handshake.
    pub fn remote_id(&self) -> EndpointId {
        self.connection.remote_id()
    }

    /// The other player's public key bytes: the key its match messages must be signed with.
    pub fn remote_key_bytes(&self) -> [u8; 32] {
        *self.connection.remote_id().as_bytes()
    }

    /// The path in use and its round-trip time, right now.
    pub fn info(&self) -> ConnectionInfo {
        let paths = self.connection.paths();
        let selected = paths.iter().find(|path| path.is_selected());
        let (path, rtt) = match selected {
            Some(path) => {
                let kind = match path.remote_addr() {
                    TransportAddr::Ip(address) => PathKind::Direct(*address),
                    TransportAddr::Relay(url) => PathKind::Relayed(url.clone()),
                    _ => PathKind::Unknown,
                };
                (kind, Some(path.rtt()))
            }
            None => (PathKind::Unknown, None),
        };
        ConnectionInfo {
            remote_id: self.connection.remote_id(),
            path,
            rtt,
        }
    }

    /// Closes the connection at once with `reason` (shown to the other player). Anything not yet
    /// delivered is dropped; [`MatchConnection::close`] delivers first.
    pub fn close_now(&self, reason: &str) {
        self.connection.close(
            VarInt::from_u32(close_code::GOODBYE),
            truncate_reason(reason),
        );
    }

    /// Waits until the connection is closed, by either side or by the network.
    pub async fn closed(&self) -> iroh::endpoint::ConnectionError {
        self.connection.closed().await
    }
}

/// An agreed match connection: framed messages both ways on one stream.
#[derive(Debug)]
pub struct MatchConnection {
    link: MatchLink,
    sender: FrameSender,
    receiver: FrameReceiver,
}

impl MatchConnection {
    fn new(connection: Connection, greeted: Greeted, role: Role) -> Self {
        Self {
            link: MatchLink {
                connection,
                role,
                peer_hello: greeted.peer_hello,
            },
            sender: greeted.sender,
            receiver: greeted.receiver,
        }
    }

    /// Sends one message (any serde type; the session layer decides which).
    pub async fn send<T: Serialize + ?Sized>(&mut self, message: &T) -> Result<(), FrameError> {
        self.sender.send(message).await
    }

    /// Receives one message. Cancel-safe. A bad frame closes the connection and is reported as
    /// an error; it never panics.
    pub async fn recv<T: DeserializeOwned>(&mut self) -> Result<T, FrameError> {
        self.receiver.recv().await
    }

    /// Who, how, and closing.
    pub fn link(&self) -> &MatchLink {
        &self.link
    }

    /// Connection information for the UI.
    pub fn info(&self) -> ConnectionInfo {
        self.link.info()
    }

    /// Separates the halves so one task can receive (in a `select!`) while another sends.
    pub fn split(self) -> (MatchLink, FrameSender, FrameReceiver) {
        (self.link, self.sender, self.receiver)
    }

    /// Ends the match connection: finishes our stream, waits (up to 3 s) until the other side
    /// has everything we sent, then closes with `reason`.
    pub async fn close(mut self, reason: &str) {
        self.sender.finish_and_flush(CLOSE_FLUSH).await;
        self.link.close_now(reason);
    }
}

/// TLS alert "no_application_protocol": the other side does not speak our ALPN.
const TLS_NO_APPLICATION_PROTOCOL: u8 = 120;

/// Turns the TLS failures a player can act on into their own errors: a host that does not hold
/// the ticket's key, and a host of another network-format generation.
fn explain_connect_error(error: ConnectError) -> JoinError {
    let connection_error = match &error {
        ConnectError::Connection { source, .. } => Some(source),
        ConnectError::Connecting {
            source: ConnectingError::ConnectionError { source, .. },
            ..
        } => Some(source),
        _ => None,
    };
    let code = match connection_error {
        Some(ConnectionError::TransportError(transport)) => Some(transport.code),
        Some(ConnectionError::ConnectionClosed(close)) => Some(close.error_code),
        _ => None,
    };
    match code {
        Some(code) if code == TransportErrorCode::crypto(TLS_NO_APPLICATION_PROTOCOL) => {
            JoinError::IncompatibleNetworkFormat
        }
        // Any other TLS alert: the certificate did not match the key we dialled.
        Some(code) if (0x100..=0x1ff).contains(&u64::from(code)) => JoinError::HostNotAuthenticated,
        _ => JoinError::Connect(error),
    }
}
