//! MTN and ODA strings are bytes; we read them as Latin-1 so that every byte maps to one
//! character and back, which keeps round trips exact whatever tool wrote the file.

/// Decodes bytes as Latin-1 (every byte is the character with that code point).
#[must_use]
pub fn decode(bytes: &[u8]) -> String {
    bytes.iter().copied().map(char::from).collect()
}

/// Encodes a string as Latin-1, or returns the first character that Latin-1 cannot hold.
///
/// # Errors
/// The first character above U+00FF.
pub fn encode(text: &str) -> Result<Vec<u8>, char> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).map_err(|_| c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_round_trips() {
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(encode(&decode(&all)), Ok(all));
    }

    #[test]
    fn characters_outside_latin1_are_refused() {
        assert_eq!(encode("caf\u{e9}"), Ok(vec![b'c', b'a', b'f', 0xE9]));
        assert_eq!(encode("\u{3042}"), Err('\u{3042}'));
    }
}
