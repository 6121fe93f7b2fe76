//! Typed errors for input that cannot be read at all, and for models that cannot be written.

use thiserror::Error;

/// Why a file could not be read. Each variant says where and why.
#[derive(Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// The input is empty.
    #[error("the file is empty")]
    Empty,
    /// The input does not start with the MTN magic `OMTN`.
    #[error("not an MTN motion: byte 0 holds {found} where 'OMTN' should be")]
    NotMtn {
        /// The first bytes, shown as text and hex.
        found: String,
    },
    /// A placeholder entry (`NotOMTN `) that old tools left in archives.
    #[error("a placeholder, not a motion: the bytes are 'NotOMTN '")]
    Placeholder,
    /// The input ends before the part that must be there for a motion to be recovered.
    #[error("cut off at byte {offset} while reading {what} (the file has {len} bytes)")]
    Truncated {
        /// Where the read started.
        offset: u64,
        /// What was being read.
        what: &'static str,
        /// The input's length.
        len: u64,
    },
    /// The input is not an ODA archive.
    #[error("not an ODA archive: byte 0 holds {found} where 'ODAR' should be")]
    NotOda {
        /// The first bytes, shown as text and hex.
        found: String,
    },
    /// The archive looks encrypted (as those under `DATA/E/` on an AIBO memory stick are).
    #[error(
        "this looks like an encrypted archive (no 'ODAR' magic, the bytes look random): \
         archives from DATA/E/ on an AIBO memory stick are encrypted by Sony and cannot be read"
    )]
    Encrypted,
    /// A gzip stream is corrupt.
    #[error("gzip data starting at byte {offset} is corrupt: {reason}")]
    Gzip {
        /// Where the gzip stream starts.
        offset: u64,
        /// What the decompressor said.
        reason: String,
    },
    /// Decompressing would take more memory than any real archive needs.
    #[error("gzip data starting at byte {offset} expands past {limit} bytes; refusing to go on")]
    TooLarge {
        /// Where the gzip stream starts.
        offset: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The ODA archive's header or entry table is damaged.
    #[error("damaged archive at byte {offset}: {reason}")]
    BadArchive {
        /// Where the damage is.
        offset: u64,
        /// What is wrong.
        reason: String,
    },
}

/// Renders the first bytes of a file for an error message: as text if printable, and as hex.
#[must_use]
pub fn describe_magic(data: &[u8]) -> String {
    let head = &data[..data.len().min(4)];
    let hex: Vec<String> = head.iter().map(|b| format!("{b:02X}")).collect();
    let text: String = head
        .iter()
        .map(|&b| {
            if b.is_ascii_graphic() || b == b' ' {
                char::from(b)
            } else {
                '.'
            }
        })
        .collect();
    format!("'{text}' ({})", hex.join(" "))
}

/// Why a model could not be written.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A header string is longer than the one length byte can say.
    #[error("the {field} is {len} bytes long; an MTN string holds at most 255")]
    StringTooLong {
        /// Which string.
        field: &'static str,
        /// Its length in bytes.
        len: usize,
    },
    /// A header string has a character outside Latin-1, which the format cannot hold.
    #[error("the {field} contains '{ch}', which an MTN file cannot hold (only Latin-1 characters)")]
    StringEncoding {
        /// Which string.
        field: &'static str,
        /// The first offending character.
        ch: char,
    },
    /// More joints or keyframes than the format's 16-bit counts allow.
    #[error("{what} is {count}; the format allows at most {max}")]
    TooMany {
        /// What was counted.
        what: &'static str,
        /// How many there are.
        count: usize,
        /// The format's limit.
        max: usize,
    },
    /// The section-3 size does not fit the ERS-110's 2-byte size field.
    #[error(
        "the keyframe section is {size} bytes, too large for the ERS-110's 2-byte size field (65,535 at most)"
    )]
    Section3TooLarge {
        /// The section size in bytes.
        size: usize,
    },
    /// A JSON model is not valid.
    #[error("invalid motion JSON: {0}")]
    Json(String),
}
