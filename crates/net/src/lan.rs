//! Open matches on the local network, announced and found over mDNS.
//!
//! A host that opens its match to the LAN puts a small advert in its endpoint's mDNS user data:
//! format name and hash, host name, and the invite secret. Anyone on the LAN may therefore take
//! the seat, which is what "open on the LAN" means; a host who wants to choose its opponent
//! shares a ticket instead and does not advertise. Once the seat is taken the advert is replaced
//! by a "closed" marker (iroh's mDNS keeps the last user data it was given, so clearing it would
//! leave the old advert in place).

use std::{collections::BTreeMap, sync::Arc};

use data_encoding::{BASE32_NOPAD, BASE32_NOPAD_NOCASE};
use iroh::{EndpointAddr, EndpointId, endpoint_info::UserData};
use iroh_mdns_address_lookup::{DiscoveryEvent, MdnsAddressLookup};
use n0_future::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::{sync::watch, task::JoinHandle};

use crate::ticket::{HostTicket, INVITE_SECRET_BYTES, InviteSecret};

/// Leads every open-match advert.
const ADVERT_PREFIX: &str = "fd1.";

/// Replaces the advert once the match is full or the host stopped.
const CLOSED_MARKER: &str = "fd1-closed";

/// Names are cut to this many bytes so the advert fits in one mDNS TXT attribute.
pub const MAX_ADVERT_NAME_BYTES: usize = 32;

/// What a host tells the LAN about its open match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanAdvert {
    /// The host player's name as shown in the list.
    pub host_name: String,
    /// The format's display name, e.g. "DOR Classic".
    pub format_name: String,
    /// The format's content hash, so a client can grey out matches it cannot join.
    pub format_hash: [u8; 32],
}

/// A host found on the LAN with a free seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanMatch {
    pub host_id: EndpointId,
    pub host_name: String,
    pub format_name: String,
    pub format_hash: [u8; 32],
    /// Ready to pass to [`crate::join`].
    pub ticket: HostTicket,
}

#[derive(Serialize, Deserialize)]
struct AdvertWire {
    host_name: String,
    format_name: String,
    format_hash: [u8; 32],
    invite: [u8; INVITE_SECRET_BYTES],
}

pub(crate) fn advert_user_data(advert: &LanAdvert, invite: &InviteSecret) -> Option<UserData> {
    let wire = AdvertWire {
        host_name: cut_to_bytes(&advert.host_name, MAX_ADVERT_NAME_BYTES),
        format_name: cut_to_bytes(&advert.format_name, MAX_ADVERT_NAME_BYTES),
        format_hash: advert.format_hash,
        invite: *invite.as_bytes(),
    };
    let bytes = postcard::to_stdvec(&wire).ok()?;
    let text = format!(
        "{ADVERT_PREFIX}{}",
        BASE32_NOPAD.encode(&bytes).to_ascii_lowercase()
    );
    UserData::try_from(text).ok()
}

pub(crate) fn closed_user_data() -> Option<UserData> {
    UserData::try_from(CLOSED_MARKER.to_owned()).ok()
}

fn parse_advert(user_data: &UserData, host: EndpointAddr) -> Option<LanMatch> {
    let encoded = user_data.as_ref().strip_prefix(ADVERT_PREFIX)?;
    let bytes = BASE32_NOPAD_NOCASE.decode(encoded.as_bytes()).ok()?;
    let wire: AdvertWire = postcard::from_bytes(&bytes).ok()?;
    Some(LanMatch {
        host_id: host.id,
        host_name: wire.host_name,
        format_name: wire.format_name,
        format_hash: wire.format_hash,
        ticket: HostTicket::new(host, InviteSecret::from_bytes(wire.invite)),
    })
}

/// Cuts `text` to at most `max` bytes without splitting a character.
fn cut_to_bytes(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_owned();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_owned()
}

/// Keeps the list of open matches nearby up to date for as long as the endpoint lives.
/// iroh's mDNS only reports changes to subscribers, so the list is kept from the endpoint's
/// start rather than from whenever someone first asks.
#[derive(Debug, Clone)]
pub(crate) struct LanWatch {
    matches: watch::Receiver<Vec<LanMatch>>,
    _task: Arc<AbortOnDrop>,
}

#[derive(Debug)]
struct AbortOnDrop(JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl LanWatch {
    pub(crate) async fn start(mdns: &MdnsAddressLookup) -> Self {
        let mut events = mdns.subscribe().await;
        let (publish, matches) = watch::channel(Vec::new());
        let task = tokio::spawn(async move {
            let mut open = BTreeMap::<EndpointId, LanMatch>::new();
            while let Some(event) = events.next().await {
                match event {
                    DiscoveryEvent::Discovered { endpoint_info, .. } => {
                        let advert = endpoint_info
                            .user_data()
                            .and_then(|data| parse_advert(data, endpoint_info.to_endpoint_addr()));
                        match advert {
                            Some(found) => {
                                open.insert(found.host_id, found);
                            }
                            None => {
                                open.remove(&endpoint_info.endpoint_id);
                            }
                        }
                    }
                    DiscoveryEvent::Expired { endpoint_id } => {
                        open.remove(&endpoint_id);
                    }
                    // Future kinds of event say nothing about open matches.
                    _ => continue,
                }
                let snapshot: Vec<LanMatch> = open.values().cloned().collect();
                if publish.send(snapshot).is_err() {
                    break;
                }
            }
        });
        Self {
            matches,
            _task: Arc::new(AbortOnDrop(task)),
        }
    }

    pub(crate) fn subscribe(&self) -> watch::Receiver<Vec<LanMatch>> {
        self.matches.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use iroh::SecretKey;

    #[test]
    fn an_advert_fits_mdns_and_reads_back_even_with_long_names() {
        let advert = LanAdvert {
            host_name: "Ålesund's very long player name that goes on and on".to_owned(),
            format_name: "Kairu's DOTR with an unusually long preset title".to_owned(),
            format_hash: [0xab; 32],
        };
        let invite = InviteSecret::from_bytes([3; INVITE_SECRET_BYTES]);
        let data = advert_user_data(&advert, &invite).expect("the advert fits");
        assert!(data.as_ref().len() <= UserData::MAX_LENGTH);
        let host = EndpointAddr::new(SecretKey::from_bytes(&[1; 32]).public())
            .with_ip_addr("127.0.0.1:5000".parse().unwrap());
        let found = parse_advert(&data, host.clone()).expect("parses");
        assert!(advert.host_name.starts_with(&found.host_name));
        assert!(found.host_name.len() <= MAX_ADVERT_NAME_BYTES);
        assert_eq!(found.format_hash, [0xab; 32]);
        assert_eq!(found.ticket.host_addr(), &host);
        assert!(found.ticket.invite().matches(&invite));
    }

    #[test]
    fn the_closed_marker_and_foreign_data_are_not_matches() {
        let host = EndpointAddr::new(SecretKey::from_bytes(&[1; 32]).public());
        let closed = closed_user_data().unwrap();
        assert!(parse_advert(&closed, host.clone()).is_none());
        let foreign = UserData::try_from("some other app".to_owned()).unwrap();
        assert!(parse_advert(&foreign, host).is_none());
    }
}
