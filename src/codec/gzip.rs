//! Bounded gzip: archives may be gzip-compressed as a whole or per entry, and a crafted
//! stream must not make us allocate without bound.

use crate::codec::error::DecodeError;
use flate2::Compression;
use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use std::io::{Read, Write};

/// The two bytes every gzip stream starts with.
pub const MAGIC: [u8; 2] = [0x1F, 0x8B];

/// The most bytes one gzip stream may expand to. The largest motion the format allows is
/// about 6.3 MB; a whole archive of sounds and motions stays far below this.
pub const MAX_EXPANDED: u64 = 256 * 1024 * 1024;

/// Whether `data` starts like a gzip stream.
#[must_use]
pub fn is_gzip(data: &[u8]) -> bool {
    data.starts_with(&MAGIC)
}

/// Decompresses a gzip stream that starts at byte `offset` of the file (for messages).
///
/// # Errors
/// A corrupt stream, or one that expands past `limit` bytes.
pub fn decompress(data: &[u8], offset: u64, limit: u64) -> Result<Vec<u8>, DecodeError> {
    let mut out = Vec::new();
    let mut reader = MultiGzDecoder::new(data).take(limit.saturating_add(1));
    reader
        .read_to_end(&mut out)
        .map_err(|e| DecodeError::Gzip {
            offset,
            reason: e.to_string(),
        })?;
    if out.len() as u64 > limit {
        return Err(DecodeError::TooLarge { offset, limit });
    }
    Ok(out)
}

/// Compresses bytes as one gzip stream.
#[must_use]
pub fn compress(data: &[u8]) -> Vec<u8> {
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(data);
    encoder.finish().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_limits() {
        let data = vec![7u8; 10_000];
        let packed = compress(&data);
        assert!(is_gzip(&packed));
        assert_eq!(decompress(&packed, 0, 10_000), Ok(data));
        assert_eq!(
            decompress(&packed, 5, 9_999),
            Err(DecodeError::TooLarge {
                offset: 5,
                limit: 9_999
            })
        );
        assert!(matches!(
            decompress(&packed[..20], 0, 100),
            Err(DecodeError::Gzip { .. })
        ));
    }
}
