//! Why a document could not be opened or saved. Every variant names the file (and the
//! archive entry), and a damaged file says the byte offset and what was wrong.

use crate::codec::{DecodeError, EncodeError};
use std::path::PathBuf;

/// Why opening or saving failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DocumentError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// The file is not a motion (or archive) that can be recovered.
    #[error("{}: {source}", path.display())]
    Decode {
        /// The file.
        path: PathBuf,
        /// Where and why (the byte offset is in the message).
        #[source]
        source: DecodeError,
    },
    /// A JSON file is not a motion in mtn-studio's JSON form.
    #[error("{}: not a motion in mtn-studio's JSON form: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// Where (line and column) and why.
        #[source]
        source: serde_json::Error,
    },
    /// An archive entry is not a motion that can be recovered.
    #[error("{} : {entry}: {source}", path.display())]
    EntryDecode {
        /// The archive.
        path: PathBuf,
        /// The entry.
        entry: String,
        /// Where and why.
        #[source]
        source: DecodeError,
    },
    /// The archive has no entry of that name (any more).
    #[error("{}: the archive has no entry \"{entry}\"", path.display())]
    NoEntry {
        /// The archive.
        path: PathBuf,
        /// The entry asked for.
        entry: String,
    },
    /// The motion cannot be written as MTN (a string too long, say).
    #[error("{name}: cannot be written: {source}")]
    Encode {
        /// The document's name.
        name: String,
        /// Why.
        #[source]
        source: EncodeError,
    },
    /// The archive cannot be written back (an entry or name the format cannot hold).
    #[error("{}: cannot be written: {source}", path.display())]
    Archive {
        /// The archive.
        path: PathBuf,
        /// Why.
        #[source]
        source: crate::codec::oda::ArchiveError,
    },
    /// Writing failed; the file on disk is as it was.
    #[error("{}: cannot write: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// A document that has never been saved has nowhere to go: Save As asks where.
    #[error("{name} has not been saved yet: choose where (Save As)")]
    NoPath {
        /// The document's name.
        name: String,
    },
    /// The archive already holds an entry of that name (replaced only when asked).
    #[error("{}: already holds an entry \"{entry}\"", path.display())]
    EntryExists {
        /// The archive.
        path: PathBuf,
        /// The entry.
        entry: String,
    },
}
