//! FairDuel's transport: one iroh endpoint per client keyed by the player's identity, host
//! tickets with one-time invites, a version handshake, length-prefixed postcard frames with a
//! size cap, and LAN discovery over mDNS.
//!
//! The crate knows nothing of the fair-play protocol: [`MatchConnection::send`] and
//! [`MatchConnection::recv`] carry any serde type, and the session layer decides which.
//!
//! ```no_run
//! # async fn demo(host_key: [u8; 32], joiner_key: [u8; 32]) -> Result<(), Box<dyn std::error::Error>> {
//! use fairduel_net::{EndpointOptions, Hello, Host, HostOptions, PlayerEndpoint, join};
//! let hello = Hello::new(1, "0.1.0", [0; 32], [0; 32]);
//! let host_endpoint = PlayerEndpoint::bind(host_key, EndpointOptions::offline()).await?;
//! let (ticket, host) = Host::bind(&host_endpoint, hello.clone(), HostOptions::default()).await?;
//! println!("give this to your opponent: {ticket}");
//! # let joiner_endpoint = PlayerEndpoint::bind(joiner_key, EndpointOptions::offline()).await?;
//! // On the other machine, with the pasted ticket:
//! let mut joined = join(&joiner_endpoint, &ticket.to_string().parse()?, hello).await?;
//! let mut hosted = host.accept().await?;
//! joined.send(&"hello").await?;
//! let greeting: String = hosted.recv().await?;
//! # Ok(()) }
//! ```

pub mod driver;
mod endpoint;
pub mod frame;
mod handshake;
mod lan;
pub mod play;
mod session;
pub mod store;
mod ticket;

pub use endpoint::{
    ALPN, BindError, BindScope, EndpointOptions, LanError, MDNS_SERVICE_NAME, NetworkMode,
    PlayerEndpoint,
};
pub use frame::{FrameError, FrameReceiver, FrameSender, MAX_FRAME_BYTES};
pub use handshake::{
    HANDSHAKE_TIMEOUT, HandshakeError, Hello, MAX_PLAYER_NAME_CHARS, Refusal, Role, Verdict,
    compare, display_name,
};
pub use lan::{LanAdvert, LanMatch, MAX_ADVERT_NAME_BYTES};
pub use session::{
    AcceptError, CONNECT_TIMEOUT, ConnectionInfo, Host, HostError, HostOptions, JoinError,
    MatchConnection, MatchLink, PathKind, join, rejoin,
};
pub use ticket::{HostTicket, INVITE_SECRET_BYTES, InviteSecret, TICKET_PREFIX, TicketParseError};

/// Re-exported so callers can name ids and addresses without depending on iroh themselves.
pub use iroh::{EndpointAddr, EndpointId};
