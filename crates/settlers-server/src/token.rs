//! Unguessable identifiers: seat tokens and game ids, drawn from the operating system's
//! generator. Only a token's hash is stored, so a copy of the database plays no seat.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

/// The operating system could not give random bytes.
#[derive(Debug, thiserror::Error)]
#[error("the operating system's random generator failed: {0}")]
pub struct RandomError(String);

fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(bytes)
}

/// A seat token: 128 random bits, URL-safe base64 (22 characters).
pub fn new_token() -> Result<String, RandomError> {
    Ok(URL_SAFE_NO_PAD.encode(random_bytes::<16>()?))
}

/// A game id: 64 random bits, URL-safe base64 (11 characters). Ids are public (the spectator
/// link holds one); they are random so that games cannot be listed by counting.
pub fn new_game_id() -> Result<String, RandomError> {
    Ok(URL_SAFE_NO_PAD.encode(random_bytes::<8>()?))
}

/// A game's seed for chance.
pub fn new_seed() -> Result<u64, RandomError> {
    Ok(u64::from_le_bytes(random_bytes::<8>()?))
}

/// The stored form of a token: its SHA-256, in hex. The token has 128 bits of entropy, so a
/// plain hash is enough: there is no dictionary to try.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `token` is the one whose hash is `stored`.
pub fn matches(token: &str, stored: &str) -> bool {
    // Both sides are hashes of equal length; comparing them in constant time costs nothing
    // and leaves no timing to measure.
    let presented = hash(token);
    presented.len() == stored.len()
        && presented
            .bytes()
            .zip(stored.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_22_url_safe_characters_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert_eq!(a.len(), 22);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
        assert_ne!(a, b);
    }

    #[test]
    fn a_token_matches_its_hash_only() {
        let t = new_token().unwrap();
        let h = hash(&t);
        assert!(matches(&t, &h));
        assert!(!matches(&new_token().unwrap(), &h));
        assert!(!matches(&t, ""));
    }
}
