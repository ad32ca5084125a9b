//! Length-prefixed postcard frames over one QUIC bi-directional stream.
//!
//! A frame is a 4-byte big-endian length followed by that many bytes of postcard. The length is
//! checked against [`MAX_FRAME_BYTES`] as soon as its 4 bytes arrive, so a hostile length never
//! makes us allocate or wait for a gigabyte. Any bad frame ends the conversation: the stream is
//! stopped, the connection is closed with [`close_code::BAD_FRAME`] and a short reason, and every
//! later call returns [`FrameError::AlreadyFailed`]. Nothing in here panics on input.

use std::time::Duration;

use iroh::endpoint::{
    Connection, ConnectionError, ReadError, RecvStream, SendStream, VarInt, WriteError,
};
use serde::{Serialize, de::DeserializeOwned};

/// The largest frame payload either side sends or accepts: 1 MiB. A whole match setup (a deck
/// of commitments) is a few kilobytes, so anything near this is a bug or an attack.
pub const MAX_FRAME_BYTES: usize = 1024 * 1024;

/// Bytes of the length prefix in front of every frame.
pub const LENGTH_PREFIX_BYTES: usize = 4;

/// How much we ask the stream for at once while a frame is incomplete.
const READ_CHUNK_BYTES: usize = 64 * 1024;

/// QUIC application error codes FairDuel uses when it closes a stream or a connection, so the
/// other side can tell a deliberate goodbye from a crash.
pub mod close_code {
    /// The match is over or the player left: a normal goodbye.
    pub const GOODBYE: u32 = 0;
    /// The other side sent a frame we could not decode.
    pub const BAD_FRAME: u32 = 1;
    /// The version handshake refused the other side (the reason went as a frame first).
    pub const REFUSED: u32 = 2;
    /// The handshake did not complete in time or broke off.
    pub const HANDSHAKE_FAILED: u32 = 3;
}

/// What went wrong while sending or receiving one frame.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The frame announced (or, when sending, would have) more bytes than the cap allows.
    #[error(
        "the other side sent a message of {length} bytes, more than the {max} allowed; the connection was closed"
    )]
    TooLarge { length: usize, max: usize },
    /// We tried to send a message larger than the cap; nothing was sent.
    #[error(
        "this message is {length} bytes, more than the {max} a frame may carry; it was not sent"
    )]
    OutgoingTooLarge { length: usize, max: usize },
    /// The stream ended in the middle of a frame.
    #[error(
        "the other side's message was cut off after {received} of {expected} bytes; the connection was closed"
    )]
    Truncated { expected: usize, received: usize },
    /// The bytes of a complete frame are not a valid message of the expected type.
    #[error(
        "the other side sent a message this FairDuel cannot read ({reason}); the connection was closed"
    )]
    Malformed { reason: String },
    /// A message could not be encoded (a bug on our side, e.g. a type serde cannot encode).
    #[error("could not encode the message: {0}")]
    Encode(postcard::Error),
    /// The other side finished the stream cleanly between two frames: it has nothing more to say.
    #[error("the other side closed the match stream")]
    Finished,
    /// The other side closed the connection on purpose, saying why.
    #[error("the other side closed the connection: {reason}")]
    PeerClosed { code: u64, reason: String },
    /// The stream or connection broke while reading.
    #[error("lost the connection while receiving: {0}")]
    Read(ReadError),
    /// The stream or connection broke while writing.
    #[error("lost the connection while sending: {0}")]
    Write(WriteError),
    /// An earlier frame error already closed this stream.
    #[error("this match stream was already closed after an earlier error")]
    AlreadyFailed,
}

impl From<ReadError> for FrameError {
    fn from(error: ReadError) -> Self {
        match error {
            ReadError::ConnectionLost(ConnectionError::ApplicationClosed(close)) => {
                FrameError::PeerClosed {
                    code: close.error_code.into_inner(),
                    reason: String::from_utf8_lossy(&close.reason).into_owned(),
                }
            }
            other => FrameError::Read(other),
        }
    }
}

impl From<WriteError> for FrameError {
    fn from(error: WriteError) -> Self {
        match error {
            WriteError::ConnectionLost(ConnectionError::ApplicationClosed(close)) => {
                FrameError::PeerClosed {
                    code: close.error_code.into_inner(),
                    reason: String::from_utf8_lossy(&close.reason).into_owned(),
                }
            }
            other => FrameError::Write(other),
        }
    }
}

impl FrameError {
    /// Whether the error was caused by what the other side sent (as opposed to the network or us).
    pub fn is_peer_misbehaviour(&self) -> bool {
        matches!(
            self,
            FrameError::TooLarge { .. }
                | FrameError::Truncated { .. }
                | FrameError::Malformed { .. }
        )
    }
}

/// Encodes `message` as one frame: length prefix then postcard bytes.
pub fn encode_frame<T: Serialize + ?Sized>(message: &T) -> Result<Vec<u8>, FrameError> {
    let mut frame = vec![0_u8; LENGTH_PREFIX_BYTES];
    frame = postcard::to_extend(message, frame).map_err(FrameError::Encode)?;
    let length = frame.len() - LENGTH_PREFIX_BYTES;
    if length > MAX_FRAME_BYTES {
        return Err(FrameError::OutgoingTooLarge {
            length,
            max: MAX_FRAME_BYTES,
        });
    }
    // length <= MAX_FRAME_BYTES (1 MiB), so it fits a u32.
    let prefix = u32::try_from(length)
        .map_err(|_| FrameError::OutgoingTooLarge {
            length,
            max: MAX_FRAME_BYTES,
        })?
        .to_be_bytes();
    frame[..LENGTH_PREFIX_BYTES].copy_from_slice(&prefix);
    Ok(frame)
}

/// Decodes one frame payload as a `T`, refusing trailing bytes: a frame is exactly one message.
pub fn decode_payload<T: DeserializeOwned>(payload: &[u8]) -> Result<T, FrameError> {
    let (message, rest) =
        postcard::take_from_bytes::<T>(payload).map_err(|error| FrameError::Malformed {
            reason: error.to_string(),
        })?;
    if !rest.is_empty() {
        return Err(FrameError::Malformed {
            reason: format!("{} unexpected bytes after the message", rest.len()),
        });
    }
    Ok(message)
}

/// Incoming bytes not yet cut into frames. Pure (no I/O), so the cutting rules are tested
/// directly on arbitrary bytes.
#[derive(Debug, Default)]
pub struct FrameBuffer {
    pending: Vec<u8>,
}

impl FrameBuffer {
    /// Appends bytes as they arrive from the stream.
    pub fn extend(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    /// Takes the next complete frame payload, `Ok(None)` if more bytes are needed, or an error
    /// as soon as the length prefix is over the cap.
    pub fn next_frame(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        let Some(length) = self.announced_length()? else {
            return Ok(None);
        };
        let end = LENGTH_PREFIX_BYTES + length;
        if self.pending.len() < end {
            return Ok(None);
        }
        let payload = self.pending[LENGTH_PREFIX_BYTES..end].to_vec();
        self.pending.drain(..end);
        Ok(Some(payload))
    }

    /// What to report when the stream ends: nothing if we stopped between frames, otherwise the
    /// truncation.
    pub fn end_of_stream(&self) -> FrameError {
        if self.pending.is_empty() {
            return FrameError::Finished;
        }
        match self.announced_length() {
            Ok(Some(length)) => FrameError::Truncated {
                expected: LENGTH_PREFIX_BYTES + length,
                received: self.pending.len(),
            },
            Ok(None) => FrameError::Truncated {
                expected: LENGTH_PREFIX_BYTES,
                received: self.pending.len(),
            },
            Err(error) => error,
        }
    }

    fn announced_length(&self) -> Result<Option<usize>, FrameError> {
        let Some(prefix) = self.pending.first_chunk::<LENGTH_PREFIX_BYTES>() else {
            return Ok(None);
        };
        let length = u32::from_be_bytes(*prefix) as usize;
        if length > MAX_FRAME_BYTES {
            return Err(FrameError::TooLarge {
                length,
                max: MAX_FRAME_BYTES,
            });
        }
        Ok(Some(length))
    }
}

/// The sending half of a match stream.
#[derive(Debug)]
pub struct FrameSender {
    stream: SendStream,
    failed: bool,
}

impl FrameSender {
    /// Wraps the sending side of a stream.
    pub fn new(stream: SendStream) -> Self {
        Self {
            stream,
            failed: false,
        }
    }

    /// Sends one message as one frame. Not cancel-safe: once started, let it finish (a frame
    /// half-written and abandoned would desynchronise the stream, so a cancelled send poisons it).
    pub async fn send<T: Serialize + ?Sized>(&mut self, message: &T) -> Result<(), FrameError> {
        let frame = encode_frame(message)?;
        self.send_encoded(&frame).await
    }

    /// Sends bytes that are already a whole frame (prefix included). Used by tests and benches
    /// to put exact bytes on the wire.
    pub async fn send_encoded(&mut self, frame: &[u8]) -> Result<(), FrameError> {
        if self.failed {
            return Err(FrameError::AlreadyFailed);
        }
        // Poisoned until the write completes, so a cancelled write is not followed by a frame
        // that starts in the middle of the abandoned one.
        self.failed = true;
        self.stream.write_all(frame).await?;
        self.failed = false;
        Ok(())
    }

    /// Tells the other side we will send nothing more (it then reads [`FrameError::Finished`]).
    pub fn finish(&mut self) {
        // Finishing an already finished or reset stream is harmless: there is nothing to report.
        let _ = self.stream.finish();
    }

    /// Finishes the stream and waits, up to `within`, until the other side has acknowledged
    /// every byte, so closing the connection afterwards loses nothing.
    pub async fn finish_and_flush(&mut self, within: Duration) {
        self.finish();
        // Either outcome (acknowledged, stopped by the peer, connection gone, timeout) means
        // there is nothing left to wait for.
        let _ = tokio::time::timeout(within, self.stream.stopped()).await;
    }
}

/// The receiving half of a match stream.
#[derive(Debug)]
pub struct FrameReceiver {
    stream: RecvStream,
    connection: Connection,
    buffer: FrameBuffer,
    failed: bool,
}

impl FrameReceiver {
    /// Wraps the receiving side of a stream; `connection` is closed when a bad frame arrives.
    pub fn new(stream: RecvStream, connection: Connection) -> Self {
        Self {
            stream,
            connection,
            buffer: FrameBuffer::default(),
            failed: false,
        }
    }

    /// Receives the next message. Cancel-safe: bytes of a partly received frame stay buffered,
    /// so this can sit in a `tokio::select!` next to other work.
    pub async fn recv<T: DeserializeOwned>(&mut self) -> Result<T, FrameError> {
        let payload = self.recv_payload().await?;
        decode_payload(&payload).map_err(|error| self.fail(error))
    }

    /// Receives the next frame's raw payload (used by the handshake to read a greeting whose
    /// layout may come from another version).
    pub async fn recv_payload(&mut self) -> Result<Vec<u8>, FrameError> {
        if self.failed {
            return Err(FrameError::AlreadyFailed);
        }
        loop {
            match self.buffer.next_frame() {
                Ok(Some(payload)) => return Ok(payload),
                Ok(None) => {}
                Err(error) => return Err(self.fail(error)),
            }
            match self.stream.read_chunk(READ_CHUNK_BYTES).await {
                Ok(Some(chunk)) => self.buffer.extend(&chunk),
                Ok(None) => {
                    let error = self.buffer.end_of_stream();
                    return Err(if error.is_peer_misbehaviour() {
                        self.fail(error)
                    } else {
                        error
                    });
                }
                Err(error) => {
                    self.failed = true;
                    return Err(FrameError::from(error));
                }
            }
        }
    }

    /// Marks the stream dead after `error`; if the other side caused it, stops the stream and
    /// closes the connection with the reason so the other player's client can say what happened.
    pub fn fail(&mut self, error: FrameError) -> FrameError {
        self.failed = true;
        if error.is_peer_misbehaviour() {
            let code = VarInt::from_u32(close_code::BAD_FRAME);
            // Stopping a stream that is already finished or reset is fine: it is closed either way.
            let _ = self.stream.stop(code);
            let reason = format!("bad frame: {error}");
            self.connection.close(code, truncate_reason(&reason));
        }
        error
    }
}

/// A QUIC close reason must fit in one packet; keep it short.
pub(crate) fn truncate_reason(reason: &str) -> &[u8] {
    const MAX_REASON_BYTES: usize = 400;
    let bytes = reason.as_bytes();
    if bytes.len() <= MAX_REASON_BYTES {
        return bytes;
    }
    let mut end = MAX_REASON_BYTES;
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    &bytes[..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Deserialize;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Move {
        Draw,
        Summon { card: u32, row: u8, column: u8 },
        Chat(String),
    }

    fn cut_all(bytes: &[u8]) -> (Vec<Vec<u8>>, Result<(), FrameError>) {
        let mut buffer = FrameBuffer::default();
        buffer.extend(bytes);
        let mut frames = Vec::new();
        loop {
            match buffer.next_frame() {
                Ok(Some(frame)) => frames.push(frame),
                Ok(None) => return (frames, Err(buffer.end_of_stream())),
                Err(error) => return (frames, Err(error)),
            }
        }
    }

    #[test]
    fn frames_round_trip_one_byte_at_a_time() {
        let moves = [
            Move::Draw,
            Move::Summon {
                card: 417,
                row: 3,
                column: 6,
            },
            Move::Chat("gg".to_owned()),
        ];
        let mut wire = Vec::new();
        for message in &moves {
            wire.extend(encode_frame(message).unwrap());
        }
        let mut buffer = FrameBuffer::default();
        let mut received = Vec::new();
        for byte in wire {
            buffer.extend(&[byte]);
            while let Some(payload) = buffer.next_frame().unwrap() {
                received.push(decode_payload::<Move>(&payload).unwrap());
            }
        }
        assert_eq!(received, moves);
        assert!(matches!(buffer.end_of_stream(), FrameError::Finished));
    }

    #[test]
    fn an_oversized_length_is_refused_before_the_payload_arrives() {
        let (frames, end) = cut_all(&[0xff, 0xff, 0xff, 0xff]);
        assert!(frames.is_empty());
        assert!(matches!(
            end,
            Err(FrameError::TooLarge {
                length: 0xffff_ffff,
                max: MAX_FRAME_BYTES
            })
        ));
    }

    #[test]
    fn the_cap_itself_is_allowed_and_one_more_byte_is_not() {
        let at_cap = (MAX_FRAME_BYTES as u32).to_be_bytes();
        let mut buffer = FrameBuffer::default();
        buffer.extend(&at_cap);
        assert!(matches!(buffer.next_frame(), Ok(None)));
        let over_cap = (MAX_FRAME_BYTES as u32 + 1).to_be_bytes();
        let mut buffer = FrameBuffer::default();
        buffer.extend(&over_cap);
        assert!(matches!(
            buffer.next_frame(),
            Err(FrameError::TooLarge { .. })
        ));
    }

    #[test]
    fn sending_more_than_the_cap_is_refused_locally() {
        let huge = vec![7_u8; MAX_FRAME_BYTES + 1];
        assert!(matches!(
            encode_frame(&huge),
            Err(FrameError::OutgoingTooLarge { .. })
        ));
    }

    #[test]
    fn a_cut_off_frame_reports_how_much_arrived() {
        let frame = encode_frame(&Move::Chat("hello there".to_owned())).unwrap();
        let (frames, end) = cut_all(&frame[..frame.len() - 3]);
        assert!(frames.is_empty());
        match end {
            Err(FrameError::Truncated { expected, received }) => {
                assert_eq!(expected, frame.len());
                assert_eq!(received, frame.len() - 3);
            }
            other => panic!("expected a truncation, got {other:?}"),
        }
        let (_, end) = cut_all(&frame[..2]);
        assert!(matches!(
            end,
            Err(FrameError::Truncated {
                expected: 4,
                received: 2
            })
        ));
    }

    #[test]
    fn garbage_and_trailing_bytes_are_malformed() {
        assert!(matches!(
            decode_payload::<Move>(&[0xff, 0xff, 0xff]),
            Err(FrameError::Malformed { .. })
        ));
        let mut payload = postcard::to_stdvec(&Move::Draw).unwrap();
        payload.push(0);
        assert!(matches!(
            decode_payload::<Move>(&payload),
            Err(FrameError::Malformed { .. })
        ));
    }

    proptest! {
        #[test]
        fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
            let (frames, _) = cut_all(&bytes);
            for frame in frames {
                let _ = decode_payload::<Move>(&frame);
                let _ = decode_payload::<Vec<String>>(&frame);
            }
        }

        #[test]
        fn any_split_of_the_wire_gives_the_same_frames(
            texts in proptest::collection::vec(".{0,40}", 0..8),
            split in any::<prop::sample::Index>(),
        ) {
            let mut wire = Vec::new();
            for text in &texts {
                wire.extend(encode_frame(&Move::Chat(text.clone())).unwrap());
            }
            let at = split.index(wire.len() + 1);
            let mut buffer = FrameBuffer::default();
            let mut received = Vec::new();
            for part in [&wire[..at], &wire[at..]] {
                buffer.extend(part);
                while let Some(payload) = buffer.next_frame().unwrap() {
                    received.push(decode_payload::<Move>(&payload).unwrap());
                }
            }
            let expected: Vec<Move> = texts.into_iter().map(Move::Chat).collect();
            prop_assert_eq!(received, expected);
        }
    }
}
