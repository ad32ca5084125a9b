//! One iroh endpoint per running client, keyed by the player's identity.

use std::{
    net::{Ipv4Addr, SocketAddr, SocketAddrV4},
    time::Duration,
};

use iroh::{
    Endpoint, EndpointAddr, EndpointId, RelayMode, SecretKey, Watcher,
    address_lookup::AddressLookupBuilderError,
    endpoint::{PortmapperConfig, presets},
};
use iroh_mdns_address_lookup::MdnsAddressLookup;
use tokio::sync::watch;

use crate::lan::{LanMatch, LanWatch};

/// The ALPN every FairDuel connection negotiates. The number is the generation of this crate's
/// wire format (framing and handshake); the fair-play protocol has its own version inside
/// [`crate::Hello`], so it can change without making old and new clients unable to explain the
/// difference to each other.
pub const ALPN: &[u8] = b"fairduel/1";

/// mDNS service name FairDuel clients announce themselves under, so the LAN list only ever
/// shows FairDuel hosts and never other iroh programs.
pub const MDNS_SERVICE_NAME: &str = "fairduel1";

/// How long binding waits for the endpoint to learn an address it can put in a ticket.
const ADDRESS_WAIT: Duration = Duration::from_secs(5);

/// How long an online endpoint waits for its home relay before handing out direct-only tickets.
const RELAY_WAIT: Duration = Duration::from_secs(10);

/// Where the endpoint may reach and be reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NetworkMode {
    /// No relays and no internet lookups: direct addresses (and mDNS, if enabled) only. Two
    /// machines on one network with no uplink can play.
    Offline,
    /// The default public relays as well, for players behind NATs on different networks.
    Online,
    /// The internet without relays: gateway port mapping (UPnP, NAT-PMP, PCP) but no relay
    /// server ever sees the traffic. Works when one side is reachable directly (a mapped or
    /// forwarded port, a public address); most home networks need the relays.
    OnlineWithoutRelay,
}

/// Which local addresses the endpoint listens on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BindScope {
    /// Every interface, IPv4 and IPv6 (normal play).
    AllInterfaces,
    /// 127.0.0.1 only: tests, benchmarks, or two clients on one machine. Nothing leaves it.
    LoopbackOnly,
}

/// How to set up a player's endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointOptions {
    pub mode: NetworkMode,
    /// Announce this endpoint and listen for hosts on the local network (mDNS).
    pub lan_discovery: bool,
    pub bind: BindScope,
    /// The UDP port to listen on; 0 lets the system pick one. A host resuming a match asks
    /// for the port it had, so a waiting opponent finds it at the old address.
    pub port: u16,
}

impl EndpointOptions {
    /// Direct connections only, LAN discovery on.
    pub fn offline() -> Self {
        Self {
            mode: NetworkMode::Offline,
            lan_discovery: true,
            bind: BindScope::AllInterfaces,
            port: 0,
        }
    }

    /// Default relays and LAN discovery.
    pub fn online() -> Self {
        Self {
            mode: NetworkMode::Online,
            lan_discovery: true,
            bind: BindScope::AllInterfaces,
            port: 0,
        }
    }

    /// Offline, no mDNS, listening on 127.0.0.1 only: sends nothing off this machine.
    pub fn loopback() -> Self {
        Self {
            mode: NetworkMode::Offline,
            lan_discovery: false,
            bind: BindScope::LoopbackOnly,
            port: 0,
        }
    }

    /// The same options on a fixed UDP port (0: any).
    pub fn with_port(self, port: u16) -> Self {
        Self { port, ..self }
    }
}

/// Why the endpoint could not start.
#[derive(Debug, thiserror::Error)]
pub enum BindError {
    /// iroh could not open its sockets or set up QUIC.
    #[error(
        "could not open the network endpoint: {0}. Another program may hold the port, or networking is disabled"
    )]
    Endpoint(#[from] iroh::endpoint::BindError),
    /// The loopback address was refused by iroh's bind configuration.
    #[error("could not listen on the loopback address: {0}")]
    BindAddress(#[from] iroh::endpoint::InvalidSocketAddr),
    /// LAN discovery could not start (usually: no network interface allows multicast).
    #[error(
        "could not start LAN discovery: {0}. Turn LAN discovery off, or check that the network allows multicast"
    )]
    LanDiscovery(#[from] AddressLookupBuilderError),
    /// The endpoint was closed (by another task) before it finished starting.
    #[error("the network endpoint was closed while it was starting; start it again")]
    ClosedWhileStarting,
}

/// A player's endpoint: the player's identity on the network. Cheap to clone (shared inside).
#[derive(Debug, Clone)]
pub struct PlayerEndpoint {
    endpoint: Endpoint,
    lan: Option<LanWatch>,
    options: EndpointOptions,
}

/// Why the LAN list is not available.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LanError {
    #[error(
        "LAN discovery is off for this endpoint: restart networking with LAN discovery on to see matches nearby"
    )]
    Disabled,
}

impl PlayerEndpoint {
    /// Starts the endpoint with the player's persisted 32-byte ed25519 secret key, the same key
    /// that signs the player's match messages: the peer at the other end of a connection is
    /// therefore the signer of what arrives on it.
    pub async fn bind(secret_key: [u8; 32], options: EndpointOptions) -> Result<Self, BindError> {
        let mut builder = Endpoint::builder(presets::Minimal)
            .secret_key(SecretKey::from_bytes(&secret_key))
            .alpns(vec![ALPN.to_vec()]);
        builder = match options.mode {
            NetworkMode::Offline => builder
                .relay_mode(RelayMode::Disabled)
                // Gateway probing (UPnP, NAT-PMP, PCP) is for reaching the internet; offline it
                // is only noise on the network.
                .portmapper_config(PortmapperConfig::Disabled),
            NetworkMode::Online => builder.relay_mode(RelayMode::Default),
            NetworkMode::OnlineWithoutRelay => builder.relay_mode(RelayMode::Disabled),
        };
        match (options.bind, options.port) {
            (BindScope::LoopbackOnly, port) => {
                builder = builder
                    .clear_ip_transports()
                    .bind_addr(SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::LOCALHOST, port)))?;
            }
            (BindScope::AllInterfaces, 0) => {}
            (BindScope::AllInterfaces, port) => {
                builder =
                    builder
                        .clear_ip_transports()
                        .bind_addr(SocketAddr::V4(SocketAddrV4::new(
                            Ipv4Addr::UNSPECIFIED,
                            port,
                        )))?;
            }
        }
        let endpoint = builder.bind().await?;
        let lan = if options.lan_discovery {
            let lookup = match MdnsAddressLookup::builder()
                .service_name(MDNS_SERVICE_NAME)
                .build(endpoint.id())
            {
                Ok(lookup) => lookup,
                Err(error) => {
                    endpoint.close().await;
                    return Err(BindError::LanDiscovery(error));
                }
            };
            match endpoint.address_lookup() {
                Ok(services) => services.add(lookup.clone()),
                // Only a closed endpoint has no lookup services, and we just bound it.
                Err(_) => return Err(BindError::ClosedWhileStarting),
            }
            Some(LanWatch::start(&lookup).await)
        } else {
            None
        };
        Ok(Self {
            endpoint,
            lan,
            options,
        })
    }

    /// This player's endpoint id (its public key).
    pub fn id(&self) -> EndpointId {
        self.endpoint.id()
    }

    /// This player's public key bytes, to compare with the protocol layer's identity.
    pub fn public_key_bytes(&self) -> [u8; 32] {
        *self.endpoint.id().as_bytes()
    }

    /// The options the endpoint was started with.
    /// The UDP port this endpoint listens on (IPv4 first), 0 if none is bound.
    pub fn port(&self) -> u16 {
        let sockets = self.endpoint.bound_sockets();
        sockets
            .iter()
            .find(|a| a.is_ipv4())
            .or(sockets.first())
            .map_or(0, SocketAddr::port)
    }

    pub fn options(&self) -> EndpointOptions {
        self.options
    }

    /// The current address (id, direct addresses, relay) as others would dial it.
    pub fn addr(&self) -> EndpointAddr {
        self.endpoint.addr()
    }

    /// The address once it is worth putting in a ticket: it has a direct address (waiting up to
    /// 5 s) and, online, a home relay (waiting up to 10 s more; without one the ticket works on
    /// direct paths only).
    pub async fn dialable_addr(&self) -> EndpointAddr {
        let mut watcher = self.endpoint.watch_addr();
        let _ = tokio::time::timeout(ADDRESS_WAIT, async {
            while watcher.get().ip_addrs().next().is_none() {
                if watcher.updated().await.is_err() {
                    break;
                }
            }
        })
        .await;
        if self.options.mode == NetworkMode::Online {
            let _ = tokio::time::timeout(RELAY_WAIT, self.endpoint.online()).await;
        }
        self.endpoint.addr()
    }

    /// Whether this endpoint announces itself and listens on the LAN.
    pub fn has_lan_discovery(&self) -> bool {
        self.lan.is_some()
    }

    /// The open matches announced on the local network right now.
    pub fn lan_matches(&self) -> Result<Vec<LanMatch>, LanError> {
        Ok(self.watch_lan_matches()?.borrow().clone())
    }

    /// The open matches nearby, updated as hosts appear, fill up or leave: `changed().await`
    /// on the receiver wakes a UI task when the list changes.
    pub fn watch_lan_matches(&self) -> Result<watch::Receiver<Vec<LanMatch>>, LanError> {
        self.lan
            .as_ref()
            .map(LanWatch::subscribe)
            .ok_or(LanError::Disabled)
    }

    /// Sets what this endpoint announces over mDNS (ignored without LAN discovery).
    pub(crate) fn set_lan_user_data(&self, user_data: Option<iroh::endpoint_info::UserData>) {
        if self.lan.is_some() {
            self.endpoint.set_user_data_for_address_lookup(user_data);
        }
    }

    /// The underlying iroh endpoint, for what this crate does not wrap.
    pub fn iroh(&self) -> &Endpoint {
        &self.endpoint
    }

    /// Closes every connection and the sockets, waiting (a few seconds at most) for the other
    /// sides to learn that the connections are gone.
    pub async fn close(&self) {
        self.endpoint.close().await;
    }
}
