//! Why a sound, an LED pattern, a skit, a command table or a SoundFont could not be read or
//! written: each names the file (and the archive's entry), and the byte where the reader
//! below says which.

use crate::codec::DecodeError;
use crate::codec::monetcmd::CommandTableError;
use crate::codec::mwc::MwcError;
use crate::codec::oda::ArchiveError;
use crate::codec::sound::SoundError;
use std::path::PathBuf;

/// Why a part of a behaviour could not be read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BehaviourError {
    /// A file cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        #[source]
        source: std::io::Error,
    },
    /// An archive (or one of its entries) does not read.
    #[error("{}{}: {source}", path.display(), entry.as_deref().map_or_else(String::new, |e| format!(":{e}")))]
    Archive {
        /// The archive.
        path: PathBuf,
        /// The entry, when it is one entry that does not unpack.
        entry: Option<String>,
        /// Where, and what was wrong.
        #[source]
        source: DecodeError,
    },
    /// An archive cannot be written back.
    #[error("{}: {source}", path.display())]
    ArchiveWrite {
        /// The archive.
        path: PathBuf,
        /// What was wrong.
        #[source]
        source: ArchiveError,
    },
    /// The archive has no entry of that name.
    #[error("{}: no entry \"{entry}\"", path.display())]
    NoEntry {
        /// The archive.
        path: PathBuf,
        /// The name asked for.
        entry: String,
    },
    /// No entry of the archive goes with the motion by Sony's naming rule.
    #[error("{}: no {track} entry goes with {motion} (by the naming rule); choose one", path.display())]
    NoPairedEntry {
        /// The archive.
        path: PathBuf,
        /// The track (`Sound`, `LED`).
        track: &'static str,
        /// The motion's name.
        motion: String,
    },
    /// The file (or entry) is not a sound or an LED pattern.
    #[error("{label}: not a sound (WAV or MIDI), an LED pattern or an archive of them")]
    NotASound {
        /// The file, and the entry.
        label: String,
    },
    /// A sound's or an LED pattern's bytes do not decode, or a pattern does not fit MIDI.
    #[error("{label}: {source}")]
    Sound {
        /// The file, and the entry.
        label: String,
        /// Where, and what was wrong.
        #[source]
        source: SoundError,
    },
    /// Reading the part stopped on something the reader below did not expect.
    #[error("{label}: could not be read")]
    Unreadable {
        /// The file, and the entry.
        label: String,
    },
    /// A skit is not one.
    #[error("{}: not a skit: {source}", path.display())]
    Skit {
        /// The skit.
        path: PathBuf,
        /// The line and column JSON gives.
        #[source]
        source: serde_json::Error,
    },
    /// A skit newer than this mtn-studio reads.
    #[error("{}: a skit of version {version}, newer than this mtn-studio reads ({newest})", path.display())]
    SkitVersion {
        /// The skit.
        path: PathBuf,
        /// Its version.
        version: u32,
        /// The newest this reads.
        newest: u32,
    },
    /// A command table that neither reader takes (the error of the reader it looks meant
    /// for).
    #[error(transparent)]
    Table(#[from] TableError),
    /// Not a SoundFont: its first bytes say what it is.
    #[error("{}: not a SoundFont (a .sf2 file starts with RIFF and sfbk; this one with {found})", path.display())]
    NotASoundFont {
        /// The file.
        path: PathBuf,
        /// What its first bytes hold.
        found: String,
    },
    /// A SoundFont larger than this reads.
    #[error("{}: {size} bytes, more than a SoundFont this reads ({max})", path.display())]
    SoundFontTooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        size: u64,
        /// The most read.
        max: u64,
    },
    /// rustysynth cannot read the SoundFont, or play through it.
    #[error("{}: not a SoundFont this can read ({reason})", path.display())]
    SoundFontUnreadable {
        /// The file.
        path: PathBuf,
        /// What rustysynth said.
        reason: String,
    },
}

/// Why a command table does not read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// As the SDK's MONETCMD.CFG.
    #[error(transparent)]
    MonetCmd(#[from] CommandTableError),
    /// As Sony's behaviour table.
    #[error(transparent)]
    Mwc(#[from] MwcError),
}
