//! Host tickets: what a joiner pastes to reach a host and prove it was invited.
//!
//! String form: `fairduel1` followed by lowercase base32 (no padding) of the postcard encoding of
//! the ticket, then a 4-byte checksum (the first bytes of its SHA-256). The checksum turns a
//! ticket cut short or mistyped while copying into a clear "copy it again" rather than an attempt
//! to connect to a wrong address.

use std::{fmt, net::SocketAddr, str::FromStr};

use data_encoding::{BASE32_NOPAD, BASE32_NOPAD_NOCASE};
use iroh::{EndpointAddr, EndpointId, RelayUrl, TransportAddr};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Every ticket starts with this; the digit is the ticket format version.
pub const TICKET_PREFIX: &str = "fairduel1";

/// The letters that start a ticket before the version digit.
const TICKET_NAME: &str = "fairduel";

/// The ticket format version written after [`TICKET_NAME`].
const TICKET_VERSION: u32 = 1;

const CHECKSUM_BYTES: usize = 4;

/// Bytes of an invite secret: 128 random bits, never guessed in a human lifetime.
pub const INVITE_SECRET_BYTES: usize = 16;

/// A random one-time secret that lets one player join one hosted match.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InviteSecret([u8; INVITE_SECRET_BYTES]);

impl InviteSecret {
    /// A fresh secret from the operating system's random source (via the thread RNG).
    pub fn random() -> Self {
        Self(rand::random())
    }

    /// A secret from known bytes (tests, or a ticket read from elsewhere).
    pub fn from_bytes(bytes: [u8; INVITE_SECRET_BYTES]) -> Self {
        Self(bytes)
    }

    /// The secret's bytes.
    pub fn as_bytes(&self) -> &[u8; INVITE_SECRET_BYTES] {
        &self.0
    }

    /// Compares without stopping at the first differing byte, so response timing does not tell
    /// a guesser how many leading bytes were right.
    pub fn matches(&self, other: &InviteSecret) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0_u8, |difference, (a, b)| difference | (a ^ b))
            == 0
    }
}

impl fmt::Debug for InviteSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never print a secret into a log.
        f.write_str("InviteSecret(..)")
    }
}

/// Everything a joiner needs: where the host is, who it is, and the invite secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostTicket {
    host: EndpointAddr,
    invite: InviteSecret,
}

impl HostTicket {
    /// A ticket for the host at `host` (its endpoint id plus the addresses to try).
    pub fn new(host: EndpointAddr, invite: InviteSecret) -> Self {
        Self { host, invite }
    }

    /// The host's endpoint id: its public key, also the player's signing identity.
    pub fn host_id(&self) -> EndpointId {
        self.host.id
    }

    /// The host's id and addresses.
    pub fn host_addr(&self) -> &EndpointAddr {
        &self.host
    }

    /// The one-time invite secret.
    pub fn invite(&self) -> InviteSecret {
        self.invite
    }

    fn to_wire(&self) -> TicketWire {
        let mut direct_addresses = Vec::new();
        let mut relay = None;
        for address in &self.host.addrs {
            match address {
                TransportAddr::Ip(socket) => direct_addresses.push(*socket),
                TransportAddr::Relay(url) if relay.is_none() => relay = Some(url.to_string()),
                // Only one relay is needed to reach the host; custom transports are not used.
                _ => {}
            }
        }
        TicketWire {
            host_key: *self.host.id.as_bytes(),
            direct_addresses,
            relay,
            invite: self.invite.0,
        }
    }

    fn from_wire(wire: TicketWire) -> Result<Self, TicketParseError> {
        let id =
            EndpointId::from_bytes(&wire.host_key).map_err(|_| TicketParseError::InvalidHostKey)?;
        let mut addrs: Vec<TransportAddr> = wire
            .direct_addresses
            .into_iter()
            .map(TransportAddr::Ip)
            .collect();
        if let Some(relay) = wire.relay {
            let url =
                RelayUrl::from_str(&relay).map_err(|_| TicketParseError::InvalidRelay { relay })?;
            addrs.push(TransportAddr::Relay(url));
        }
        if addrs.is_empty() {
            return Err(TicketParseError::NoAddress);
        }
        Ok(Self {
            host: EndpointAddr::from_parts(id, addrs),
            invite: InviteSecret(wire.invite),
        })
    }
}

/// The ticket's encoded fields. Our own layout, not iroh's, so an iroh upgrade cannot silently
/// change what players paste.
#[derive(Serialize, Deserialize)]
struct TicketWire {
    host_key: [u8; 32],
    direct_addresses: Vec<SocketAddr>,
    relay: Option<String>,
    invite: [u8; INVITE_SECRET_BYTES],
}

impl fmt::Display for HostTicket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Encoding a struct of byte arrays, socket addresses and a string into a Vec cannot fail.
        let mut bytes = postcard::to_stdvec(&self.to_wire()).map_err(|_| fmt::Error)?;
        let checksum = Sha256::digest(&bytes);
        bytes.extend_from_slice(&checksum[..CHECKSUM_BYTES]);
        write!(
            f,
            "{TICKET_PREFIX}{}",
            BASE32_NOPAD.encode(&bytes).to_ascii_lowercase()
        )
    }
}

impl FromStr for HostTicket {
    type Err = TicketParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Terminals and chat programs wrap long lines; spaces and line breaks are never part of
        // a ticket, so they are dropped rather than refused.
        let ticket: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if ticket.is_empty() {
            return Err(TicketParseError::Empty);
        }
        let lowercase = ticket.to_ascii_lowercase();
        let Some(after_name) = lowercase.strip_prefix(TICKET_NAME) else {
            return Err(TicketParseError::NotATicket);
        };
        // The version is one digit: the base32 body may itself start with a digit.
        match after_name.chars().next().and_then(|c| c.to_digit(10)) {
            Some(TICKET_VERSION) => {}
            Some(version) if version > TICKET_VERSION => {
                return Err(TicketParseError::NewerFormat { version });
            }
            _ => return Err(TicketParseError::NotATicket),
        }
        let body = &lowercase[TICKET_PREFIX.len()..];
        if body.is_empty() {
            return Err(TicketParseError::Incomplete);
        }
        if let Some((position, character)) = body
            .chars()
            .enumerate()
            .find(|(_, c)| !matches!(c, 'a'..='z' | '2'..='7'))
        {
            return Err(TicketParseError::BadCharacter {
                character,
                position: position + TICKET_PREFIX.len() + 1,
            });
        }
        let bytes = BASE32_NOPAD_NOCASE
            .decode(body.as_bytes())
            .map_err(|_| TicketParseError::Incomplete)?;
        let Some(split) = bytes.len().checked_sub(CHECKSUM_BYTES) else {
            return Err(TicketParseError::Incomplete);
        };
        let (content, checksum) = bytes.split_at(split);
        if Sha256::digest(content)[..CHECKSUM_BYTES] != *checksum {
            return Err(TicketParseError::ChecksumMismatch);
        }
        let wire: TicketWire =
            postcard::from_bytes(content).map_err(|_| TicketParseError::Unreadable)?;
        Self::from_wire(wire)
    }
}

/// Why a pasted ticket could not be used. Each message says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TicketParseError {
    #[error(
        "the ticket is empty: paste the whole text the host shared, starting with '{TICKET_PREFIX}'"
    )]
    Empty,
    #[error(
        "this is not a FairDuel ticket: a ticket starts with '{TICKET_PREFIX}'. Ask the host to copy it again"
    )]
    NotATicket,
    #[error(
        "this ticket comes from a newer FairDuel (ticket format {version}, this one reads format {TICKET_VERSION}): update FairDuel, then paste it again"
    )]
    NewerFormat { version: u32 },
    #[error(
        "the ticket has '{character}' at character {position}, which never appears in a ticket: it was probably mistyped, so copy and paste it instead"
    )]
    BadCharacter { character: char, position: usize },
    #[error(
        "the ticket is incomplete: part of it was lost while copying. Copy the whole ticket again"
    )]
    Incomplete,
    #[error(
        "the ticket's checksum does not match: it was cut short or changed while copying. Copy the whole ticket again"
    )]
    ChecksumMismatch,
    #[error(
        "the ticket's contents cannot be read although its checksum matches: it was made by an incompatible FairDuel"
    )]
    Unreadable,
    #[error(
        "the ticket names a host key that is not a valid public key: ask the host for a new ticket"
    )]
    InvalidHostKey,
    #[error(
        "the ticket's relay address '{relay}' is not a valid URL: ask the host for a new ticket"
    )]
    InvalidRelay { relay: String },
    #[error(
        "the ticket has no address to reach the host: the host should check its network and make a new ticket"
    )]
    NoAddress,
}

#[cfg(test)]
mod tests {
    use super::*;
    use iroh::SecretKey;

    fn sample_ticket() -> HostTicket {
        let id = SecretKey::from_bytes(&[7; 32]).public();
        let addr = EndpointAddr::new(id)
            .with_ip_addr("127.0.0.1:4433".parse().unwrap())
            .with_ip_addr("[::1]:4434".parse().unwrap())
            .with_relay_url("https://relay.example.invalid./".parse().unwrap());
        HostTicket::new(addr, InviteSecret::from_bytes([9; INVITE_SECRET_BYTES]))
    }

    #[test]
    fn a_ticket_survives_its_string_form() {
        let ticket = sample_ticket();
        let text = ticket.to_string();
        assert!(text.starts_with(TICKET_PREFIX));
        assert!(
            text.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        );
        assert_eq!(text.parse::<HostTicket>().unwrap(), ticket);
    }

    #[test]
    fn wrapped_or_shouted_tickets_still_parse() {
        let ticket = sample_ticket();
        let text = ticket.to_string();
        let (first, second) = text.split_at(30);
        let wrapped = format!("  {first}\n{}  ", second.to_uppercase());
        assert_eq!(wrapped.parse::<HostTicket>().unwrap(), ticket);
    }

    #[test]
    fn a_ticket_cut_short_is_reported_as_incomplete_or_changed() {
        let text = sample_ticket().to_string();
        for cut in [1, 2, 5, 8, 20] {
            let error = text[..text.len() - cut].parse::<HostTicket>().unwrap_err();
            assert!(
                matches!(
                    error,
                    TicketParseError::Incomplete | TicketParseError::ChecksumMismatch
                ),
                "cutting {cut} characters gave {error:?}"
            );
        }
        assert_eq!(
            TICKET_PREFIX.parse::<HostTicket>().unwrap_err(),
            TicketParseError::Incomplete
        );
    }

    #[test]
    fn a_changed_character_fails_the_checksum() {
        let text = sample_ticket().to_string();
        let mut characters: Vec<char> = text.chars().collect();
        let position = characters.len() / 2;
        characters[position] = if characters[position] == 'a' {
            'b'
        } else {
            'a'
        };
        let changed: String = characters.into_iter().collect();
        assert_eq!(
            changed.parse::<HostTicket>().unwrap_err(),
            TicketParseError::ChecksumMismatch
        );
    }

    #[test]
    fn parse_errors_say_what_is_wrong() {
        assert_eq!(
            "".parse::<HostTicket>().unwrap_err(),
            TicketParseError::Empty
        );
        assert_eq!(
            "endpointabc".parse::<HostTicket>().unwrap_err(),
            TicketParseError::NotATicket
        );
        assert_eq!(
            "fairduel7abcd".parse::<HostTicket>().unwrap_err(),
            TicketParseError::NewerFormat { version: 7 }
        );
        let text = sample_ticket().to_string();
        let typo = format!("{}0{}", &text[..12], &text[13..]);
        assert_eq!(
            typo.parse::<HostTicket>().unwrap_err(),
            TicketParseError::BadCharacter {
                character: '0',
                position: 13
            }
        );
        let message = TicketParseError::BadCharacter {
            character: '0',
            position: 13,
        }
        .to_string();
        assert!(message.contains("character 13"), "{message}");
    }

    #[test]
    fn invite_secrets_are_random_and_hidden_from_logs() {
        let first = InviteSecret::random();
        let second = InviteSecret::random();
        assert!(!first.matches(&second));
        assert!(first.matches(&first));
        assert_eq!(format!("{first:?}"), "InviteSecret(..)");
    }
}
