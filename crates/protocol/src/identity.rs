//! Player identities: one ed25519 key per player, kept in a file only its owner can read.
//! The same 32 secret bytes serve as the iroh endpoint key, so the peer at the other end of a
//! connection is the signer of its envelopes.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ed25519_dalek::{Signer, SigningKey, Verifier, VerifyingKey};
use fairduel_engine::hash::sha256;
use serde::{Deserialize, Serialize};

/// A player's public key: how every envelope's author is known.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PlayerKey(pub [u8; 32]);

impl PlayerKey {
    /// A short, human-comparable fingerprint: the first 10 bytes of SHA-256 of the key, in
    /// groups of four hex digits.
    pub fn fingerprint(&self) -> String {
        let digest = sha256(&self.0);
        let hex: String = digest.0[..10].iter().map(|b| format!("{b:02x}")).collect();
        hex.as_bytes()
            .chunks(4)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join("-")
    }

    /// Checks `signature` over `message`. Strict verification: no malleable encodings.
    /// Decompresses the key each time: hold a [`Verifier`] to check many signatures.
    pub fn verifies(&self, message: &[u8], signature: &SignatureBytes) -> bool {
        self.verifier()
            .is_some_and(|v| v.verifies(message, signature))
    }

    /// The key, decompressed once for checking many signatures; `None` if these bytes are
    /// not a valid public key, or are a weak key of small order (for which strict
    /// verification accepts no signature at all).
    pub fn verifier(&self) -> Option<KeyVerifier> {
        VerifyingKey::from_bytes(&self.0)
            .ok()
            .filter(|key| !key.is_weak())
            .map(KeyVerifier)
    }
}

/// A public key ready to check signatures (decompressing a key costs about as much as a
/// verification, so a match log keeps one per seat). Only keys that are not of small
/// order are made into one.
#[derive(Debug, Clone)]
pub struct KeyVerifier(VerifyingKey);

impl KeyVerifier {
    /// Strict verification: accepts exactly what ed25519-dalek's `verify_strict` accepts,
    /// with one square root fewer. `verify_strict` is the cofactorless check
    /// `encode([s]B - [k]A) == R` with a canonical `s`, plus three refusals: `R` does not
    /// decode, `R` is of small order, `A` is of small order. The check itself already
    /// refuses an `R` that does not decode (an encoding that matches a computed point is
    /// that point's canonical encoding); `A` was refused at [`PlayerKey::verifier`]; and a
    /// point is of small order exactly when its canonical encoding is one of the eight
    /// encodings of the points of order dividing 8, which are compared as bytes instead of
    /// decoding `R` (a square root) to multiply it by 8. A test checks the two agree.
    pub fn verifies(&self, message: &[u8], signature: &SignatureBytes) -> bool {
        if small_order_encodings().contains(&signature.0) {
            return false;
        }
        let signature = ed25519_dalek::Signature::from_bytes(&signature.to_array());
        self.0.verify(message, &signature).is_ok()
    }

    /// The same check through ed25519-dalek's own `verify_strict`, for comparison.
    pub fn verifies_with_dalek_strict(&self, message: &[u8], signature: &SignatureBytes) -> bool {
        let signature = ed25519_dalek::Signature::from_bytes(&signature.to_array());
        self.0.verify_strict(message, &signature).is_ok()
    }
}

/// The canonical encodings of the eight points of order dividing 8.
fn small_order_encodings() -> &'static [[u8; 32]; 8] {
    static ENCODINGS: OnceLock<[[u8; 32]; 8]> = OnceLock::new();
    ENCODINGS.get_or_init(|| {
        curve25519_dalek::constants::EIGHT_TORSION.map(|point| point.compress().to_bytes())
    })
}

impl fmt::Debug for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PlayerKey({})", self.fingerprint())
    }
}

impl fmt::Display for PlayerKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fingerprint())
    }
}

/// An ed25519 signature, as two 32-byte halves (serde derives stop at 32-byte arrays).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SignatureBytes(pub [u8; 32], pub [u8; 32]);

impl SignatureBytes {
    pub fn from_array(bytes: [u8; 64]) -> SignatureBytes {
        let mut r = [0; 32];
        let mut s = [0; 32];
        r.copy_from_slice(&bytes[..32]);
        s.copy_from_slice(&bytes[32..]);
        SignatureBytes(r, s)
    }

    pub fn to_array(&self) -> [u8; 64] {
        let mut out = [0; 64];
        out[..32].copy_from_slice(&self.0);
        out[32..].copy_from_slice(&self.1);
        out
    }
}

impl fmt::Debug for SignatureBytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Signature({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

/// A player's signing key.
pub struct Identity {
    key: SigningKey,
}

impl fmt::Debug for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identity({})", self.public().fingerprint())
    }
}

impl Clone for Identity {
    fn clone(&self) -> Identity {
        Identity::from_secret_bytes(self.secret_bytes())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("could not read the identity file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the identity file {path} is damaged (it should hold 32 bytes, it holds {len}); move it aside to create a new identity, or restore it from a backup"
    )]
    Damaged { path: PathBuf, len: usize },
    #[error("could not save a new identity to {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the operating system gave no randomness for a new key: {0}")]
    Entropy(String),
}

impl Identity {
    pub fn from_secret_bytes(bytes: [u8; 32]) -> Identity {
        Identity {
            key: SigningKey::from_bytes(&bytes),
        }
    }

    /// A fresh key from the operating system's randomness.
    pub fn generate() -> Result<Identity, IdentityError> {
        Ok(Identity::from_secret_bytes(
            os_entropy().map_err(|e| IdentityError::Entropy(e.to_string()))?,
        ))
    }

    /// The 32 secret bytes (also the iroh endpoint's secret key).
    pub fn secret_bytes(&self) -> [u8; 32] {
        self.key.to_bytes()
    }

    pub fn public(&self) -> PlayerKey {
        PlayerKey(self.key.verifying_key().to_bytes())
    }

    pub fn sign(&self, message: &[u8]) -> SignatureBytes {
        SignatureBytes::from_array(self.key.sign(message).to_bytes())
    }

    /// Loads the identity at `path`, creating it on first use. A new file is written to a
    /// temporary name readable by its owner only and then renamed, so a crash never leaves
    /// half a key behind; an existing file is never overwritten.
    pub fn load_or_create(path: &Path) -> Result<Identity, IdentityError> {
        match std::fs::read(path) {
            Ok(bytes) => {
                let secret: [u8; 32] =
                    bytes
                        .as_slice()
                        .try_into()
                        .map_err(|_| IdentityError::Damaged {
                            path: path.to_owned(),
                            len: bytes.len(),
                        })?;
                Ok(Identity::from_secret_bytes(secret))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                let identity = Identity::generate()?;
                write_private(path, &identity.secret_bytes()).map_err(|source| {
                    IdentityError::Write {
                        path: path.to_owned(),
                        source,
                    }
                })?;
                Ok(identity)
            }
            Err(source) => Err(IdentityError::Read {
                path: path.to_owned(),
                source,
            }),
        }
    }
}

/// 32 bytes from the operating system's random source.
pub fn os_entropy() -> Result<[u8; 32], getrandom::Error> {
    let mut bytes = [0; 32];
    getrandom::fill(&mut bytes)?;
    Ok(bytes)
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("tmp");
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(&tmp)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    drop(file);
    // `hard_link` fails if `path` appeared meanwhile, so an existing key is never replaced.
    std::fs::hard_link(&tmp, path)?;
    std::fs::remove_file(&tmp)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signatures_verify_only_for_their_message_and_key() {
        let alice = Identity::from_secret_bytes([1; 32]);
        let bob = Identity::from_secret_bytes([2; 32]);
        let signature = alice.sign(b"move a1 to a2");
        assert!(alice.public().verifies(b"move a1 to a2", &signature));
        assert!(!alice.public().verifies(b"move a1 to a3", &signature));
        assert!(!bob.public().verifies(b"move a1 to a2", &signature));
    }

    #[test]
    fn identity_is_created_once_private_and_reloaded() {
        let dir = std::env::temp_dir().join(format!("fairduel-id-{}", std::process::id()));
        let path = dir.join("identity.key");
        let _ = std::fs::remove_dir_all(&dir);
        let first = Identity::load_or_create(&path).unwrap();
        let second = Identity::load_or_create(&path).unwrap();
        assert_eq!(first.public(), second.public());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(
                mode & 0o077,
                0,
                "the key file must be readable by its owner only"
            );
        }
        std::fs::write(&path, b"short").unwrap();
        let err = Identity::load_or_create(&path).unwrap_err();
        assert!(err.to_string().contains("damaged"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn strict_checks_agree_with_ed25519_dalek_verify_strict() {
        let alice = Identity::from_secret_bytes([1; 32]);
        let bob = Identity::from_secret_bytes([2; 32]);
        let verifier = alice.public().verifier().unwrap();
        let mut cases: Vec<(Vec<u8>, SignatureBytes)> = Vec::new();
        for i in 0..40u8 {
            let message = vec![i; usize::from(i) + 1];
            let good = alice.sign(&message);
            cases.push((message.clone(), good));
            cases.push((message.clone(), bob.sign(&message)));
            // Every single-bit change of a valid signature, in R and in s.
            for bit in 0..512 {
                let mut bytes = good.to_array();
                bytes[bit / 8] ^= 1 << (bit % 8);
                cases.push((message.clone(), SignatureBytes::from_array(bytes)));
            }
            // s pushed past the group order by adding it once (non-canonical, same value).
            let mut bytes = good.to_array();
            // The group order L = 2^252 + 27742317777372353535851937790883648493, little-endian.
            let order: [u8; 32] = [
                0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
                0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
            ];
            let mut carry = 0u16;
            for k in 0..32 {
                let sum = u16::from(bytes[32 + k]) + u16::from(order[k]) + carry;
                bytes[32 + k] = sum as u8;
                carry = sum >> 8;
            }
            cases.push((message.clone(), SignatureBytes::from_array(bytes)));
        }
        // R of small order with every s from a few: never valid under strict rules.
        for encoding in small_order_encodings() {
            for s in 0..4u8 {
                let mut bytes = [0u8; 64];
                bytes[..32].copy_from_slice(encoding);
                bytes[32] = s;
                cases.push((b"x".to_vec(), SignatureBytes::from_array(bytes)));
            }
        }
        let mut accepted = 0;
        for (message, signature) in &cases {
            let ours = verifier.verifies(message, signature);
            let dalek = verifier.verifies_with_dalek_strict(message, signature);
            assert_eq!(ours, dalek, "disagree on {signature:?} over {message:?}");
            accepted += usize::from(ours);
        }
        assert_eq!(accepted, 40, "exactly the genuine signatures are accepted");
        // A weak key (small order) gives no verifier at all.
        for encoding in small_order_encodings() {
            assert!(PlayerKey(*encoding).verifier().is_none());
        }
    }

    #[test]
    fn fingerprints_are_short_and_differ() {
        let a = Identity::from_secret_bytes([1; 32]).public().fingerprint();
        let b = Identity::from_secret_bytes([2; 32]).public().fingerprint();
        assert_eq!(a.len(), 24);
        assert_ne!(a, b);
    }
}
