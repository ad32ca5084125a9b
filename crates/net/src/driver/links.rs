//! The links to the other seats: one per seat, each read by a task of its own that tags
//! what arrives with the seat and the link's generation (so that messages from a link
//! already replaced are ignored); the acceptor that takes the connections of the seats
//! that dial us; and the dialers that get the links to the seats below ours back.

use std::sync::Arc;
use std::time::Duration;

use fairduel_engine::Seat;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::{Dialer, Incoming, PeerMessage, Wire};
use crate::frame::FrameSender;
use crate::session::{AcceptError, ConnectionInfo, Host, MatchConnection, MatchLink, rejoin};

/// What arrives on any link, tagged with its seat and generation.
pub(super) type Tagged = (Seat, u64, Incoming);

/// An established link: where to send. What arrives goes to the driver's shared channel.
pub(super) struct Link {
    sender: LinkSender,
    pub(super) info: Option<MatchLink>,
    reader: JoinHandle<()>,
}

enum LinkSender {
    Frames(FrameSender),
    Memory(mpsc::UnboundedSender<Incoming>),
}

impl Link {
    /// Opens `wire` to `seat`: a task reads it and tags what arrives with `generation`.
    pub(super) fn open(
        wire: Wire,
        seat: Seat,
        generation: u64,
        incoming: mpsc::UnboundedSender<Tagged>,
    ) -> Link {
        match wire {
            Wire::Memory(memory) => {
                let mut from_other = memory.from_other;
                let reader = tokio::spawn(async move {
                    while let Some(message) = from_other.recv().await {
                        if incoming.send((seat, generation, message)).is_err() {
                            return;
                        }
                    }
                    let _ = incoming.send((
                        seat,
                        generation,
                        Incoming::Broken {
                            reason: "the other side is gone".to_owned(),
                            misbehaviour: false,
                        },
                    ));
                });
                Link {
                    sender: LinkSender::Memory(memory.to_other),
                    info: None,
                    reader,
                }
            }
            Wire::Iroh(connection) => {
                let (info, sender, mut receiver) = connection.split();
                // Reading frames is not cancel-safe, so a task of its own reads them and the
                // driver selects on the shared channel.
                let reader = tokio::spawn(async move {
                    loop {
                        match receiver.recv::<PeerMessage>().await {
                            Ok(message) => {
                                let message = Incoming::Message(Box::new(message));
                                if incoming.send((seat, generation, message)).is_err() {
                                    return;
                                }
                            }
                            Err(error) => {
                                let misbehaviour = error.is_peer_misbehaviour();
                                let broken = Incoming::Broken {
                                    reason: error.to_string(),
                                    misbehaviour,
                                };
                                let _ = incoming.send((seat, generation, broken));
                                return;
                            }
                        }
                    }
                });
                Link {
                    sender: LinkSender::Frames(sender),
                    info: Some(info),
                    reader,
                }
            }
        }
    }

    pub(super) async fn send(&mut self, message: &PeerMessage) -> Result<(), String> {
        match &mut self.sender {
            LinkSender::Frames(sender) => sender.send(message).await.map_err(|e| e.to_string()),
            LinkSender::Memory(sender) => sender
                .send(Incoming::Message(Box::new(message.clone())))
                .map_err(|_| "the other side is gone".to_owned()),
        }
    }

    pub(super) fn connection_info(&self) -> Option<ConnectionInfo> {
        self.info.as_ref().map(MatchLink::info)
    }

    /// Closes the link, after letting what was sent arrive (briefly).
    pub(super) async fn close(mut self, reason: &str) {
        if let LinkSender::Frames(sender) = &mut self.sender {
            sender.finish_and_flush(Duration::from_secs(2)).await;
        }
        if let Some(info) = &self.info {
            info.close_now(reason);
        }
        self.reader.abort();
    }
}

/// Everything about the link to one other seat.
pub(super) struct Slot {
    pub(super) key: [u8; 32],
    pub(super) link: Option<Link>,
    /// Counts the links this slot has had; messages tagged with an older one are dropped.
    pub(super) generation: u64,
    pub(super) last_sent: Instant,
    pub(super) last_heard: Instant,
    /// Since when no link is up (for giving up after `reconnect_for`).
    pub(super) down_since: Option<Instant>,
    /// That seat said it finished the match.
    pub(super) finished: bool,
    /// A task dialing that seat again, while one runs.
    pub(super) dialing: Option<JoinHandle<()>>,
}

impl Slot {
    pub(super) fn new(key: [u8; 32]) -> Slot {
        let now = Instant::now();
        Slot {
            key,
            link: None,
            generation: 0,
            last_sent: now,
            last_heard: now,
            down_since: Some(now),
            finished: false,
            dialing: None,
        }
    }

    pub(super) fn stop_dialing(&mut self) {
        if let Some(task) = self.dialing.take() {
            task.abort();
        }
    }
}

/// A connection some seat made to us, or we to it.
pub(super) type Arrival = (Seat, MatchConnection);

/// Accepts connections for this match, for as long as the driver runs: each one whose key
/// sits at one of `seats` is handed over with its seat; others are closed.
pub(super) fn spawn_acceptor(
    host: Arc<Host>,
    match_id: [u8; 32],
    seats: Vec<(Seat, [u8; 32])>,
    arrivals: mpsc::UnboundedSender<Arrival>,
) -> JoinHandle<()> {
    for (_, key) in &seats {
        host.allow_resume(match_id, *key);
    }
    tokio::spawn(async move {
        loop {
            match host.accept().await {
                Ok(connection) => {
                    let key = connection.link().remote_key_bytes();
                    match seats.iter().find(|(_, k)| *k == key) {
                        Some((seat, _)) => {
                            if arrivals.send((*seat, connection)).is_err() {
                                return;
                            }
                        }
                        None => {
                            connection
                                .close("this match is in progress with other players")
                                .await
                        }
                    }
                }
                Err(AcceptError::EndpointClosed) => return,
                // One failed greeting says nothing about the next.
                Err(_) => {}
            }
        }
    })
}

/// How long the first attempt to dial a seat again may take before it is retried.
const FIRST_DIAL_PATIENCE: Duration = Duration::from_secs(3);
/// The most any one attempt may take.
const MAX_DIAL_PATIENCE: Duration = Duration::from_secs(24);

/// Dials `seat` (a seat below ours) until a connection stands, then hands it over.
pub(super) fn spawn_dial(
    dialer: Dialer,
    seat: Seat,
    match_id: [u8; 32],
    arrivals: mpsc::UnboundedSender<Arrival>,
) -> Option<JoinHandle<()>> {
    let address = dialer.listening.get(seat.index()).cloned().flatten()?;
    Some(tokio::spawn(async move {
        // A dial to a seat whose program is down is not refused: it waits out the whole
        // QUIC handshake timeout. Each attempt is cut short instead, first soon (the seat
        // restarting after a crash is back within seconds), then with more patience, so a
        // slow path through a relay still gets through.
        let mut patience = FIRST_DIAL_PATIENCE;
        loop {
            let attempt = rejoin(&dialer.endpoint, &address, match_id, dialer.hello.clone());
            match tokio::time::timeout(patience, attempt).await {
                Ok(Ok(connection)) => {
                    let _ = arrivals.send((seat, connection));
                    return;
                }
                Ok(Err(_)) => tokio::time::sleep(Duration::from_millis(500)).await,
                Err(_) => patience = (patience * 2).min(MAX_DIAL_PATIENCE),
            }
        }
    }))
}
