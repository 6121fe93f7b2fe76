//! What a file is and how it opens, answered once for every entry point: the command line,
//! the window's Open, Open Recent and dropped files, the archive browser's entries and the
//! file dialogs' filters all ask [`opening`] (or [`sniff`]), so the same file gets the same
//! answer everywhere. The one real difference is an explicit option: bytes of no known kind
//! go to the MTN reader on the command line (which then says what it found at which offset),
//! and are refused in the window with the list of what it opens.

use crate::codec::kind::{FileKind, SNIFF_LEN, entry_kind_for, listed_extensions};
use crate::codec::oda::EntryKind;
use std::io::Read as _;
use std::path::Path;

/// How a file opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// An AIBO motion: a motion document.
    Motion,
    /// An ODA archive: a browser of its entries, each motion opening as a document.
    Archive,
    /// A StickyBot gait file: a gait document.
    Gait,
    /// A motion in mtn-studio's JSON form: a motion document not saved anywhere yet.
    JsonMotion,
    /// A file whose parts are brought in through Import (mapped onto joints, or a table's
    /// columns): a Choreonoid body motion or key-pose sequence, a Webots motion, a CSV
    /// table.
    Import(FileKind),
    /// A sound (WAVE, MIDI or synthesiser file): it plays from an archive; not opened alone.
    Sound,
    /// An LED pattern: likewise.
    Led,
    /// A memory stick's behaviour table or image: the stick's workspace (`crate::stick`).
    Stick,
    /// Nothing mtn-studio reads.
    Unknown,
}

/// What differs between the entry points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpenOptions {
    /// Bytes of no known kind are read as a motion (the MTN reader then says what is wrong
    /// with them); else they are [`Opening::Unknown`].
    pub unknown_as_motion: bool,
}

impl OpenOptions {
    /// The command line: a file named on purpose is read as a motion unless it says
    /// otherwise.
    pub const COMMAND_LINE: Self = Self {
        unknown_as_motion: true,
    };

    /// The window: a file of no known kind is refused with the list of what opens.
    pub const WINDOW: Self = Self {
        unknown_as_motion: false,
    };
}

/// Whether `path` opens as a memory stick's workspace (`crate::stick`): a folder (the
/// stick's, or one inside it), or a file that is [`Opening::Stick`] (a behaviour table,
/// which opens the stick it is on, or a stick image, read only).
#[must_use]
pub fn opens_as_stick(path: &Path) -> bool {
    path.is_dir() || matches!(sniff(path, OpenOptions::WINDOW), Ok(Opening::Stick))
}

/// How a file opens, from its first bytes (`head`: at least [`SNIFF_LEN`] of them where
/// the file has that many), its length and its name.
#[must_use]
pub fn opening(name: &Path, head: &[u8], len: u64, options: OpenOptions) -> Opening {
    if let Some(opening) = sound_or_led(name, head) {
        return opening;
    }
    match FileKind::detect(name, head, len) {
        Some(FileKind::Mtn) => Opening::Motion,
        Some(FileKind::Oda) => Opening::Archive,
        Some(FileKind::Gait) => Opening::Gait,
        Some(FileKind::Json) => Opening::JsonMotion,
        Some(FileKind::BehaviourTable | FileKind::StickImage) => Opening::Stick,
        Some(
            kind @ (FileKind::Csv
            | FileKind::BodyMotion
            | FileKind::PoseSeq
            | FileKind::WebotsMotion),
        ) => Opening::Import(kind),
        None if options.unknown_as_motion => Opening::Motion,
        None => Opening::Unknown,
    }
}

/// How the file at `path` opens, reading only its first bytes.
///
/// # Errors
/// The file cannot be opened or read.
pub fn sniff(path: &Path, options: OpenOptions) -> std::io::Result<Opening> {
    let file = std::fs::File::open(path)?;
    let len = file.metadata()?.len();
    let mut head = Vec::with_capacity(SNIFF_LEN);
    file.take(SNIFF_LEN as u64).read_to_end(&mut head)?;
    Ok(opening(path, &head, len, options))
}

/// How an archive's entry opens: only its motions open (as documents).
#[must_use]
pub fn entry_opening(kind: EntryKind) -> Opening {
    match kind {
        EntryKind::Motion => Opening::Motion,
        EntryKind::Wave | EntryKind::Midi | EntryKind::Synth => Opening::Sound,
        EntryKind::Led => Opening::Led,
        EntryKind::State | EntryKind::Other => Opening::Unknown,
    }
}

/// The kinds the window's Open accepts, for its file dialog's filter: every kind that
/// opens somewhere (a file to import opens the Import window, a behaviour table or an image
/// its stick).
pub const OPEN_KINDS: [FileKind; 10] = FileKind::ALL;

/// A sound or LED file, by its own header (RIFF/WAVE, MIDI: a MIDI file is an LED pattern
/// when its extension or name says so) or its extension.
fn sound_or_led(name: &Path, head: &[u8]) -> Option<Opening> {
    if head.starts_with(b"RIFF") {
        return Some(Opening::Sound);
    }
    if head.starts_with(b"MThd") {
        return Some(if entry_kind_for(name, head) == EntryKind::Led {
            Opening::Led
        } else {
            Opening::Sound
        });
    }
    match entry_opening(entry_kind_for(name, head)) {
        opening @ (Opening::Sound | Opening::Led) => Some(opening),
        Opening::Motion
        | Opening::Archive
        | Opening::Gait
        | Opening::JsonMotion
        | Opening::Import(_)
        | Opening::Stick
        | Opening::Unknown => None,
    }
}

impl Opening {
    /// Why a file that opens this way is not opened where only documents are (the
    /// command line's motion commands, the window for sounds and unknown bytes); `None`
    /// for a motion, an archive, a gait file or a JSON motion.
    #[must_use]
    pub fn refusal(self, name: &Path) -> Option<String> {
        let shown = name.display();
        match self {
            Self::Motion | Self::Archive | Self::Gait | Self::JsonMotion => None,
            Self::Import(kind) => Some(format!(
                "{shown}: a {}, not an AIBO motion; Import (or the command mtn-studio convert) \
                 makes a motion of it",
                kind.description()
            )),
            Self::Sound => Some(format!(
                "{shown}: a sound, not a motion: it goes on a motion's sound track (open the \
                 motion, then File > Add Sound or LED Pattern…); `mtn-studio info` describes \
                 it and `mtn-studio oda add` puts it in an archive"
            )),
            Self::Led => Some(format!(
                "{shown}: an LED pattern, not a motion: it goes on a motion's LED track (open \
                 the motion, then File > Add Sound or LED Pattern…); `mtn-studio info` \
                 describes it and `mtn-studio oda add` puts it in an archive"
            )),
            Self::Stick => Some(format!(
                "{shown}: a memory stick's behaviour table or image, not a motion: `mtn-studio \
                 stick list` and `stick check` read the stick (the window opens it as one)"
            )),
            Self::Unknown => Some(format!(
                "{shown}: not a file mtn-studio reads ({} open; {} import; a stick's folder, \
                 its behaviour table or image ({}) opens as a stick)",
                listed_extensions(&FileKind::DOCUMENTS),
                listed_extensions(&FileKind::IMPORTED_ONLY),
                listed_extensions(&FileKind::STICK),
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(name: &str, head: &[u8], len: u64) -> (Opening, Opening) {
        let name = Path::new(name);
        (
            opening(name, head, len, OpenOptions::COMMAND_LINE),
            opening(name, head, len, OpenOptions::WINDOW),
        )
    }

    #[test]
    fn every_kind_opens_one_way_and_only_unknown_bytes_differ() {
        let same = [
            ("a.mtn", &b"OMTN\0\0\0\0"[..], 784, Opening::Motion),
            ("a.txt", b"NotOMTN ", 8, Opening::Motion),
            ("SOUND.ODA", b"ODAR\0\0\x03\0", 99, Opening::Archive),
            ("MOTION", &[0x1f, 0x8b, 8, 0], 99, Opening::Archive),
            ("walk.gait", b"\0\0", 2, Opening::Gait),
            ("m.json", b"{", 1, Opening::JsonMotion),
            ("walk.seq", b"", 0, Opening::Import(FileKind::BodyMotion)),
            ("poses.pseq", b"", 0, Opening::Import(FileKind::PoseSeq)),
            ("m.csv", b"# name", 8, Opening::Import(FileKind::Csv)),
            ("bark.wav", b"RIFF\0\0\0\0WAVE", 99, Opening::Sound),
            ("tune.MID", b"MThd", 99, Opening::Sound),
            ("eyes.led", b"LED\0", 99, Opening::Led),
        ];
        for (name, head, len, expected) in same {
            assert_eq!(both(name, head, len), (expected, expected), "{name}");
        }
        assert_eq!(
            both("notes.txt", b"hello there", 11),
            (Opening::Motion, Opening::Unknown)
        );
    }

    #[test]
    fn only_documents_open_without_a_refusal() {
        let name = Path::new("x");
        assert!(Opening::Motion.refusal(name).is_none());
        assert!(Opening::JsonMotion.refusal(name).is_none());
        let refused = Opening::Import(FileKind::Csv).refusal(name);
        assert!(refused.is_some_and(|r| r.contains("CSV table")));
        assert!(Opening::Unknown.refusal(name).is_some());
    }

    #[test]
    fn an_archive_opens_only_its_motions() {
        assert_eq!(entry_opening(EntryKind::Motion), Opening::Motion);
        assert_eq!(entry_opening(EntryKind::Wave), Opening::Sound);
        assert_eq!(entry_opening(EntryKind::Led), Opening::Led);
        assert_eq!(entry_opening(EntryKind::Other), Opening::Unknown);
    }
}
