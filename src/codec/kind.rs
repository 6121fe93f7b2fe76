//! What kind of file a path holds, answered in one place for every entry point: the command
//! line, the window's Open and Import, a file dropped on the window and the file dialogs'
//! filters.
//!
//! The bytes decide first (an MTN, ODA, behaviour table or gzip header and a FAT boot sector
//! cannot be mistaken), then the extension, then the gait file's weak signature (its first two
//! bytes hold its length), which is only trusted where neither said anything.

use super::oda::EntryKind;
use std::io::Read as _;
use std::path::Path;

/// How many leading bytes [`FileKind::sniff`] reads: a sector, which tells a stick image.
pub const SNIFF_LEN: usize = super::fat::SECTOR;

/// A kind of file mtn-studio reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FileKind {
    /// An AIBO motion (`OMTN`), or the `NotOMTN ` placeholder old tools left.
    Mtn,
    /// An ODA archive of motions, sounds and LED files: `ODAR`, or gzip-compressed.
    Oda,
    /// A StickyBot gait file (a flash image whose first two bytes hold its size).
    Gait,
    /// JSON: a motion or gait file in mtn-studio's JSON form.
    Json,
    /// CSV: a motion's keyframes as a table.
    Csv,
    /// A Choreonoid body motion (`.seq`, `.yaml`, `.yml`).
    BodyMotion,
    /// A Choreonoid key-pose sequence (`.pseq`).
    PoseSeq,
    /// A Webots motion (`.motion`, `#WEBOTS_MOTION`): poses of named motors.
    WebotsMotion,
    /// A memory stick's behaviour table (`ERS-7.MWC`: `MWCM`, or gzip-compressed): opens the
    /// stick it is on.
    BehaviourTable,
    /// A memory stick's raw image (`.img`: a FAT boot sector or a partition table): opens
    /// read-only as a stick.
    StickImage,
}

impl FileKind {
    /// Every kind.
    pub const ALL: [Self; 10] = [
        Self::Mtn,
        Self::Oda,
        Self::Gait,
        Self::Json,
        Self::Csv,
        Self::BodyMotion,
        Self::PoseSeq,
        Self::WebotsMotion,
        Self::BehaviourTable,
        Self::StickImage,
    ];

    /// What the window brings in as a new motion through File > Import.
    pub const IMPORTED: [Self; 5] = [
        Self::BodyMotion,
        Self::PoseSeq,
        Self::WebotsMotion,
        Self::Csv,
        Self::Json,
    ];

    /// What opens as a document of its own (a motion, an archive, a gait file).
    pub const DOCUMENTS: [Self; 4] = [Self::Mtn, Self::Oda, Self::Gait, Self::Json];

    /// What only Import brings in (mapped onto joints, or a table's columns).
    pub const IMPORTED_ONLY: [Self; 4] = [
        Self::BodyMotion,
        Self::PoseSeq,
        Self::WebotsMotion,
        Self::Csv,
    ];

    /// What opens a memory stick (besides its folder).
    pub const STICK: [Self; 2] = [Self::BehaviourTable, Self::StickImage];

    /// What a motion can be written as (File > Export, `convert`).
    pub const EXPORTED: [Self; 6] = [
        Self::Mtn,
        Self::Json,
        Self::Csv,
        Self::BodyMotion,
        Self::PoseSeq,
        Self::WebotsMotion,
    ];

    /// The file extensions of the kind, lower case, the usual one first.
    #[must_use]
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Mtn => &["mtn"],
            Self::Oda => &["oda"],
            Self::Gait => &["gait"],
            Self::Json => &["json"],
            Self::Csv => &["csv"],
            Self::BodyMotion => &["seq", "yaml", "yml"],
            Self::PoseSeq => &["pseq"],
            Self::WebotsMotion => &["motion"],
            Self::BehaviourTable => &["mwc"],
            Self::StickImage => &["img", "ima"],
        }
    }

    /// The kind's name for the command line's `--from` and `--to` (for the standard
    /// streams, which have no extension); none for a kind `convert` does not take.
    #[must_use]
    pub fn cli_name(self) -> Option<&'static str> {
        match self {
            Self::Mtn => Some("mtn"),
            Self::Oda => Some("oda"),
            Self::Json => Some("json"),
            Self::Csv => Some("csv"),
            Self::BodyMotion => Some("seq"),
            Self::PoseSeq => Some("pseq"),
            Self::WebotsMotion => Some("webots"),
            Self::Gait | Self::BehaviourTable | Self::StickImage => None,
        }
    }

    /// The usual file extension of the kind, lower case.
    #[must_use]
    pub fn extension(self) -> &'static str {
        self.extensions()[0]
    }

    /// A short description for dialogs and messages.
    #[must_use]
    pub fn description(self) -> &'static str {
        match self {
            Self::Mtn => "AIBO motion",
            Self::Oda => "ODA archive",
            Self::Gait => "StickyBot gait file",
            Self::Json => "JSON",
            Self::Csv => "CSV table",
            Self::BodyMotion => "Choreonoid body motion",
            Self::PoseSeq => "Choreonoid key-pose sequence",
            Self::WebotsMotion => "Webots motion",
            Self::BehaviourTable => "memory stick behaviour table",
            Self::StickImage => "memory stick image",
        }
    }

    /// The kind a path's extension names, if any (any letter case).
    #[must_use]
    pub fn by_extension(path: &Path) -> Option<Self> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Self::ALL
            .into_iter()
            .find(|kind| kind.extensions().contains(&extension.as_str()))
    }

    /// The kind of a file from its first bytes (`head`, at least [`SNIFF_LEN`] of them where
    /// the file has that many), its length and its path's extension.
    #[must_use]
    pub fn detect(path: &Path, head: &[u8], len: u64) -> Option<Self> {
        if head.starts_with(b"OMTN") || head.starts_with(b"NotOMTN") {
            return Some(Self::Mtn);
        }
        if head.starts_with(super::mwc::MAGIC) || gzipped_table(path, head) {
            return Some(Self::BehaviourTable);
        }
        if head.starts_with(b"ODAR") || head.starts_with(&[0x1f, 0x8b]) {
            return Some(Self::Oda);
        }
        if super::fat::looks_like_image(head) {
            return Some(Self::StickImage);
        }
        if head.starts_with(super::webots::HEADER.as_bytes()) {
            return Some(Self::WebotsMotion);
        }
        if let Some(kind) = Self::by_extension(path) {
            return Some(kind);
        }
        match head {
            [low, high, _, ..] if u64::from(u16::from_le_bytes([*low, *high])) == len => {
                Some(Self::Gait)
            }
            _ => None,
        }
    }

    /// The kind of the file at `path`, reading only its first bytes.
    ///
    /// # Errors
    /// The file cannot be opened or read.
    pub fn sniff(path: &Path) -> std::io::Result<Option<Self>> {
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        let mut head = Vec::with_capacity(SNIFF_LEN);
        file.take(SNIFF_LEN as u64).read_to_end(&mut head)?;
        Ok(Self::detect(path, &head, len))
    }
}

/// Whether a gzip stream is a behaviour table: by its name, or by the original name its
/// header keeps (Sony's `ERS-7.MWC` keeps `ERS-7.MWC`).
fn gzipped_table(path: &Path, head: &[u8]) -> bool {
    const FNAME: u8 = 0x08;
    let Some(&[0x1f, 0x8b, _, flags]) = head.get(..4) else {
        return false;
    };
    let named =
        |name: &[u8]| name.len() > 4 && name[name.len() - 4..].eq_ignore_ascii_case(b".mwc");
    let kept = flags & FNAME != 0
        && flags & 0x04 == 0
        && head
            .get(10..)
            .and_then(|rest| rest.split(|&b| b == 0).next())
            .is_some_and(named);
    kept || path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mwc"))
}

/// `kinds`' extensions as a message lists them: `.mtn, .json or .csv`.
#[must_use]
pub fn listed_extensions(kinds: &[FileKind]) -> String {
    let dotted: Vec<String> = kinds
        .iter()
        .flat_map(|kind| kind.extensions())
        .map(|e| format!(".{e}"))
        .collect();
    or_list(&dotted)
}

/// `kinds`' command-line names as a message lists them: `mtn, json or csv`.
#[must_use]
pub fn listed_cli_names(kinds: &[FileKind]) -> String {
    let names: Vec<String> = kinds
        .iter()
        .filter_map(|kind| kind.cli_name())
        .map(str::to_owned)
        .collect();
    or_list(&names)
}

/// `a, b or c`.
#[must_use]
pub fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// The extensions of `kinds` for a file dialog's filter, each in lower and upper case (the
/// dialogs of some desktops match case-sensitively, and AIBO files are often named `.MTN`).
#[must_use]
pub fn dialog_extensions(kinds: &[FileKind]) -> Vec<String> {
    let extensions: Vec<&str> = kinds
        .iter()
        .flat_map(|kind| kind.extensions())
        .copied()
        .collect();
    both_cases(&extensions)
}

/// Every kind of archive entry, in the order of [`entry_extensions`].
const ENTRY_KINDS: [EntryKind; 7] = [
    EntryKind::Motion,
    EntryKind::Wave,
    EntryKind::Midi,
    EntryKind::Led,
    EntryKind::Synth,
    EntryKind::State,
    EntryKind::Other,
];

/// The extensions a file holding an archive entry of `kind` goes by (what `oda extract`
/// writes and `oda add` reads), lower case, the usual one first.
#[must_use]
pub fn entry_extensions(kind: EntryKind) -> &'static [&'static str] {
    match kind {
        EntryKind::Motion => FileKind::Mtn.extensions(),
        EntryKind::Wave => &["wav"],
        EntryKind::Midi => &["mid", "midi"],
        EntryKind::Led => &["led"],
        EntryKind::Synth => &["syn"],
        EntryKind::State => &["stt"],
        EntryKind::Other => &["bin"],
    }
}

/// The entry kind a path's extension names (any letter case), if any (`.bin` names none:
/// it is what an entry of no known kind is written as).
#[must_use]
pub fn entry_kind_by_extension(path: &Path) -> Option<EntryKind> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    ENTRY_KINDS
        .into_iter()
        .filter(|kind| *kind != EntryKind::Other)
        .find(|kind| entry_extensions(*kind).contains(&extension.as_str()))
}

/// The extension of a motion's pairing with its sound and LED tracks (`walk.skit`).
pub const SKIT_EXTENSION: &str = "skit";

/// The extensions of a SoundFont, lower case.
pub const SOUNDFONT_EXTENSIONS: [&str; 1] = ["sf2"];

/// `extensions` for a file dialog's filter, each in lower and upper case.
#[must_use]
pub fn both_cases(extensions: &[&str]) -> Vec<String> {
    extensions
        .iter()
        .flat_map(|e| [(*e).to_owned(), e.to_ascii_uppercase()])
        .collect()
}

/// Whether an entry or file name says it is an LED pattern: the suffixes of
/// `docs/formats/sound-and-led.md#led-entry-names` (`_l1f` face, `_l1b` back, `_l1h` head,
/// `_l1m` mode, `_l1l` wireless, `_l20` face and back), with or without a MIDI or LED
/// extension.
#[must_use]
pub fn named_as_led(name: &str) -> bool {
    let stem = match entry_kind_by_extension(Path::new(name)) {
        Some(EntryKind::Midi | EntryKind::Led) => name.rsplit_once('.').map_or(name, |(s, _)| s),
        Some(
            EntryKind::Motion
            | EntryKind::Wave
            | EntryKind::Synth
            | EntryKind::State
            | EntryKind::Other,
        )
        | None => name,
    };
    let lower = stem.to_ascii_lowercase();
    ["_l1f", "_l1b", "_l1h", "_l1m", "_l1l", "_l20"]
        .iter()
        .any(|suffix| lower.ends_with(suffix))
}

/// The kind of archive entry a file should become, from its bytes and extension. A MIDI file
/// named as an LED pattern ([`named_as_led`]) becomes an LED entry.
#[must_use]
pub fn entry_kind_for(path: &Path, data: &[u8]) -> EntryKind {
    if data.starts_with(super::mtn::format::MAGIC) {
        return EntryKind::Motion;
    }
    let stem = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or_default();
    match entry_kind_by_extension(path) {
        Some(EntryKind::Midi) if named_as_led(stem) => EntryKind::Led,
        Some(kind) => kind,
        None => EntryKind::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(name: &str, head: &[u8], len: u64) -> Option<FileKind> {
        FileKind::detect(Path::new(name), head, len)
    }

    #[test]
    fn bytes_decide_before_the_extension() {
        assert_eq!(kind("a.mtn", b"OMTN\0\0\0\0", 784), Some(FileKind::Mtn));
        assert_eq!(kind("a.csv", b"OMTN\0\0\0\0", 784), Some(FileKind::Mtn));
        assert_eq!(kind("x", b"NotOMTN ", 8), Some(FileKind::Mtn));
        assert_eq!(kind("a.mtn", b"ODAR\0\0\x03\0", 99), Some(FileKind::Oda));
        assert_eq!(kind("MOTION", &[0x1f, 0x8b, 8, 0], 99), Some(FileKind::Oda));
        // A .mtn that is not one still goes to the MTN reader, which says what it found.
        assert_eq!(kind("broken.MTN", b"\0\0\0\0", 4), Some(FileKind::Mtn));
    }

    #[test]
    fn text_formats_by_extension_in_any_case() {
        assert_eq!(
            kind("walk.seq", b"type: Body", 9),
            Some(FileKind::BodyMotion)
        );
        assert_eq!(kind("walk.YAML", b"", 0), Some(FileKind::BodyMotion));
        assert_eq!(kind("walk.yml", b"", 0), Some(FileKind::BodyMotion));
        assert_eq!(kind("poses.pseq", b"", 0), Some(FileKind::PoseSeq));
        assert_eq!(kind("m.csv", b"# name", 8), Some(FileKind::Csv));
        assert_eq!(kind("m.json", b"{", 1), Some(FileKind::Json));
        assert_eq!(kind("walk.motion", b"", 0), Some(FileKind::WebotsMotion));
        assert_eq!(
            kind("walk.txt", b"#WEBOTS_MOTION,V1", 99),
            Some(FileKind::WebotsMotion)
        );
        assert_eq!(kind("notes.txt", b"hello", 5), None);
    }

    #[test]
    fn a_gait_file_by_extension_or_by_its_size_header() {
        assert_eq!(kind("robot.gait", b"\0\0", 2), Some(FileKind::Gait));
        assert_eq!(
            kind("flash.bin", &[10, 0, 2, 0x30], 10),
            Some(FileKind::Gait)
        );
        assert_eq!(kind("flash.bin", &[11, 0, 2, 0x30], 10), None);
        // A named text file whose first bytes happen to equal its length stays text.
        let head = b"# n";
        let len = u64::from(u16::from_le_bytes([head[0], head[1]]));
        assert_eq!(kind("m.csv", head, len), Some(FileKind::Csv));
        assert_eq!(
            kind("short", &[2, 0], 2),
            None,
            "too short for a size and a TOC"
        );
    }

    #[test]
    fn a_sticks_table_and_image_by_their_bytes_or_names() {
        let table = kind("anything", b"MWCM\x01\0\0\0", 99);
        assert_eq!(table, Some(FileKind::BehaviourTable));
        // gzip: a behaviour table by its name, or by the name its header keeps; else an ODA.
        let gzip = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3];
        assert_eq!(kind("ERS-7.MWC", &gzip, 99), Some(FileKind::BehaviourTable));
        assert_eq!(kind("MOTION.ODA", &gzip, 99), Some(FileKind::Oda));
        let mut named = vec![0x1f, 0x8b, 8, 0x08, 0, 0, 0, 0, 0, 3];
        named.extend_from_slice(b"ERS-7.MWC\0");
        assert_eq!(kind("copy.gz", &named, 99), Some(FileKind::BehaviourTable));
        named[3] = 0;
        assert_eq!(
            kind("copy.gz", &named, 99),
            Some(FileKind::Oda),
            "no FNAME flag"
        );
        // An image: a FAT boot sector, whatever its name; by name where the bytes are not.
        let mut boot = vec![0; 512];
        boot[0] = 0xEB;
        boot[11..13].copy_from_slice(&512u16.to_le_bytes());
        boot[510..512].copy_from_slice(&[0x55, 0xAA]);
        assert_eq!(
            kind("stick.bin", &boot, 16 << 20),
            Some(FileKind::StickImage)
        );
        assert_eq!(
            kind("stick.IMG", &[0; 512], 512),
            Some(FileKind::StickImage)
        );
        assert_eq!(
            kind("stick.bin", &boot[..100], 100),
            None,
            "a sector cut short"
        );
        assert_eq!(SNIFF_LEN, 512, "a sector is read");
    }

    #[test]
    fn filters_list_every_extension_in_both_cases() {
        let filters = dialog_extensions(&[FileKind::Mtn, FileKind::Oda, FileKind::Gait]);
        for e in ["mtn", "MTN", "oda", "ODA", "gait", "GAIT"] {
            assert!(filters.iter().any(|f| f == e), "{e} in {filters:?}");
        }
        assert!(!filters.iter().any(|f| f == "seq"));
        let every = dialog_extensions(&FileKind::ALL);
        for e in ["seq", "SEQ", "yml", "YML", "pseq", "csv", "JSON"] {
            assert!(every.iter().any(|f| f == e), "{e} in {every:?}");
        }
    }
}
