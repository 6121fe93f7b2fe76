//! ODA archives: bundles of motions, sounds and LED files (`docs/formats/oda.md`).
//!
//! A 64-byte header (`ODAR`, u16 major, u16 minor, u32 file count, u32 entry size 144, 48
//! zero bytes), then one 144-byte entry per file (u32 type magic, 128-byte zero-padded name,
//! u32 offset, u32 size, 4 reserved bytes), then the data back to back. Archives may be
//! gzip-compressed as a whole or per entry. Entries other than motions are kept and listed,
//! never parsed. Bytes that belong to no entry (padding between entries' data, bytes after
//! the last entry, as in Sony's DYNMTN.ODA) are kept in place, so an archive written back
//! unchanged is byte-identical, and one with an entry replaced differs only in that entry's
//! data and the offsets after it, when its data was laid out in entry order, as in every
//! archive we have seen. (An archive whose entries' data is out of table order, or shared
//! between entries, is written back in table order, every stray byte still kept.)

use crate::codec::bytes::Bytes;
use crate::codec::error::{DecodeError, describe_magic};
use crate::codec::gzip;
use crate::codec::latin1;
use serde::Serialize;

/// What the ODA format cannot hold, said when an entry is named or the archive written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArchiveError {
    /// A name with a character Latin-1 lacks.
    #[error("the entry name contains '{character}', which an ODA cannot hold")]
    NameCharacter {
        /// The character.
        character: char,
    },
    /// A name that is empty, holds a NUL, or does not fit the 128-byte field.
    #[error("entry names must be 1 to {} characters without NUL; \"{name}\" is {len}", NAME_LEN - 1)]
    NameLength {
        /// The name.
        name: String,
        /// Its length in bytes.
        len: usize,
    },
    /// An entry of that name exists already.
    #[error("the archive already has an entry \"{name}\"")]
    Duplicate {
        /// The name.
        name: String,
    },
    /// More than the 32-bit offsets can address.
    #[error("the archive would be {total} bytes; ODA offsets stop at 4 GiB")]
    TooLarge {
        /// The size it would have.
        total: usize,
    },
}

/// The archive magic.
pub const MAGIC: &[u8; 4] = b"ODAR";
/// The header length.
pub const HEADER_LEN: usize = 64;
/// The length of one entry in the table.
pub const ENTRY_LEN: usize = 144;
/// The length of the zero-padded name field.
pub const NAME_LEN: usize = 128;

/// What an entry holds, from its type magic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    /// `OMTN`: a motion.
    Motion,
    /// `WAVE`: a sound.
    Wave,
    /// `MIDI`: a MIDI tune.
    Midi,
    /// `LED\0`: an LED pattern.
    Led,
    /// `SYN\0`: a synthesiser file.
    Synth,
    /// `STT `: a state file.
    State,
    /// Any other magic.
    Other,
}

impl EntryKind {
    /// The kind for a type magic.
    #[must_use]
    pub fn from_magic(magic: [u8; 4]) -> Self {
        match &magic {
            b"OMTN" => Self::Motion,
            b"WAVE" => Self::Wave,
            b"MIDI" => Self::Midi,
            b"LED\0" => Self::Led,
            b"SYN\0" => Self::Synth,
            b"STT " => Self::State,
            _ => Self::Other,
        }
    }

    /// The type magic for a kind (`Other` has none of its own).
    #[must_use]
    pub fn magic(self) -> [u8; 4] {
        match self {
            Self::Motion | Self::Other => *b"OMTN",
            Self::Wave => *b"WAVE",
            Self::Midi => *b"MIDI",
            Self::Led => *b"LED\0",
            Self::Synth => *b"SYN\0",
            Self::State => *b"STT ",
        }
    }
}

/// The state of an entry's contents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Contents {
    /// Real data.
    Data,
    /// Size 0.
    Empty,
    /// The 8-byte placeholder `NotOMTN ` old tools left.
    Placeholder,
    /// Nothing but zero bytes.
    AllZero,
    /// A slot that holds no motion: the `OMTN` magic followed by one byte repeated (four
    /// times or more), or one byte other than zero repeated throughout (erased memory reads
    /// 0xFF), as the unused teaching slots of an ERS-210's `NEWMTN.ODA`.
    Blank,
    /// An empty teaching slot as Sony's ERS-210 redistribution ships them
    /// (`r_sleepd#sleepd_teaching1` to `4` in its `NEWMTN.ODA`, 18,728 bytes each): the
    /// little-endian u32 2, then zeros.
    TeachingSlot,
}

/// One entry of an archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The type magic as stored.
    pub magic: [u8; 4],
    /// The name field as stored (128 bytes), kept so an untouched entry is written back as is.
    raw_name: Vec<u8>,
    /// The 4 reserved bytes as stored.
    pub reserved: [u8; 4],
    /// The data as stored (gzip-compressed if `gzipped`).
    pub data: Vec<u8>,
    /// Where the data was in the (decompressed) archive, for messages.
    pub offset: u64,
    /// Bytes that belong to no entry, found in the file just before this entry's data
    /// (padding, a stray byte), written back before it.
    gap_before: Vec<u8>,
}

impl Entry {
    /// A new entry.
    ///
    /// # Errors
    /// A name that does not fit the 128-byte field with its terminating zero, or is not Latin-1.
    pub fn new(kind: EntryKind, name: &str, data: Vec<u8>) -> Result<Self, ArchiveError> {
        let mut entry = Self {
            magic: kind.magic(),
            raw_name: vec![0; NAME_LEN],
            reserved: [0; 4],
            data,
            offset: 0,
            gap_before: Vec::new(),
        };
        entry.set_name(name)?;
        Ok(entry)
    }

    /// The entry's kind.
    #[must_use]
    pub fn kind(&self) -> EntryKind {
        EntryKind::from_magic(self.magic)
    }

    /// The name (up to the first zero byte).
    #[must_use]
    pub fn name(&self) -> String {
        let end = self
            .raw_name
            .iter()
            .position(|&b| b == 0)
            .unwrap_or(self.raw_name.len());
        latin1::decode(&self.raw_name[..end])
    }

    /// Renames the entry.
    ///
    /// # Errors
    /// A name longer than 127 bytes, empty, or not Latin-1.
    pub fn set_name(&mut self, name: &str) -> Result<(), ArchiveError> {
        let bytes =
            latin1::encode(name).map_err(|character| ArchiveError::NameCharacter { character })?;
        if bytes.is_empty() || bytes.len() >= NAME_LEN || bytes.contains(&0) {
            return Err(ArchiveError::NameLength {
                name: name.to_owned(),
                len: bytes.len(),
            });
        }
        self.raw_name = bytes;
        self.raw_name.resize(NAME_LEN, 0);
        Ok(())
    }

    /// Whether the stored data is gzip-compressed.
    #[must_use]
    pub fn is_gzipped(&self) -> bool {
        gzip::is_gzip(&self.data)
    }

    /// The entry's contents, decompressed if needed.
    ///
    /// # Errors
    /// A corrupt or oversized gzip stream.
    pub fn contents(&self) -> Result<Vec<u8>, DecodeError> {
        if self.is_gzipped() {
            gzip::decompress(&self.data, self.offset, gzip::MAX_EXPANDED)
        } else {
            Ok(self.data.clone())
        }
    }

    /// What the contents are: data, empty, a placeholder, all zeros or a blank slot.
    #[must_use]
    pub fn contents_state(&self) -> Contents {
        let data = self.contents().unwrap_or_else(|_| self.data.clone());
        if data.is_empty() {
            Contents::Empty
        } else if data.starts_with(b"NotOMTN") {
            Contents::Placeholder
        } else if data.iter().all(|&b| b == 0) {
            Contents::AllZero
        } else if is_blank(&data) {
            Contents::Blank
        } else if is_teaching_slot(&data) {
            Contents::TeachingSlot
        } else {
            Contents::Data
        }
    }

    /// Replaces the contents, compressing them if the entry was compressed, so the archive
    /// keeps its own convention.
    pub fn set_contents(&mut self, contents: &[u8]) {
        self.data = if self.is_gzipped() {
            gzip::compress(contents)
        } else {
            contents.to_vec()
        };
    }
}

/// Whether `data` is a slot that holds no motion (see [`Contents::Blank`]).
fn is_blank(data: &[u8]) -> bool {
    let (magic, rest) = match data.strip_prefix(b"OMTN") {
        Some(rest) => (true, rest),
        None => (false, data),
    };
    let uniform = rest.windows(2).all(|pair| pair[0] == pair[1]);
    // Enough fill to be one on purpose: the magic cut off alone is a broken motion.
    uniform && rest.len() >= if magic { 4 } else { 8 }
}

/// Whether `data` is an empty teaching slot (see [`Contents::TeachingSlot`]): the u32 2,
/// then zeros, enough of them to be a slot's fill (a motion cut short after 4 bytes is not).
fn is_teaching_slot(data: &[u8]) -> bool {
    data.strip_prefix(&[2, 0, 0, 0])
        .is_some_and(|rest| rest.len() >= 60 && rest.iter().all(|&b| b == 0))
}

/// An ODA archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Archive {
    /// The archive was gzip-compressed as a whole, and is written back so.
    pub compressed: bool,
    /// Format version (0.3 in every archive seen).
    pub major: u16,
    /// Minor version.
    pub minor: u16,
    /// The 48 header bytes after the entry size, kept as stored.
    reserved: Vec<u8>,
    /// The entries, in table order.
    pub entries: Vec<Entry>,
    /// Bytes after the last entry's data that belong to no entry, written back at the end.
    tail: Vec<u8>,
}

impl Default for Archive {
    fn default() -> Self {
        Self {
            compressed: false,
            major: 0,
            minor: 3,
            reserved: vec![0; HEADER_LEN - 16],
            entries: Vec::new(),
            tail: Vec::new(),
        }
    }
}

/// Shannon entropy of the bytes in bits per byte: encrypted data is close to 8, MTN data and
/// ODA tables far below.
fn entropy_bits(data: &[u8]) -> f64 {
    let mut counts = [0u32; 256];
    for &b in data {
        counts[usize::from(b)] += 1;
    }
    let total = f64::from(u32::try_from(data.len()).unwrap_or(u32::MAX));
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / total;
            -p * p.log2()
        })
        .sum()
}

/// Whether bytes that are not an archive look encrypted rather than merely something else.
fn looks_encrypted(data: &[u8]) -> bool {
    let sample = &data[..data.len().min(64 * 1024)];
    sample.len() >= 256 && entropy_bits(sample) > 7.0
}

impl Archive {
    /// Reads an archive (gzip-compressed as a whole or not).
    ///
    /// # Errors
    /// Not an archive, an encrypted one, a corrupt gzip stream, or a damaged entry table.
    pub fn read(data: &[u8]) -> Result<Self, DecodeError> {
        if data.is_empty() {
            return Err(DecodeError::Empty);
        }
        if gzip::is_gzip(data) {
            let inner = gzip::decompress(data, 0, gzip::MAX_EXPANDED)?;
            let mut archive = Self::read_plain(&inner)?;
            archive.compressed = true;
            return Ok(archive);
        }
        Self::read_plain(data)
    }

    fn read_plain(data: &[u8]) -> Result<Self, DecodeError> {
        let bytes = Bytes::new(data);
        if !data.starts_with(MAGIC) {
            if looks_encrypted(data) {
                return Err(DecodeError::Encrypted);
            }
            return Err(DecodeError::NotOda {
                found: describe_magic(data),
            });
        }
        let bad = |offset: usize, reason: String| DecodeError::BadArchive {
            offset: offset as u64,
            reason,
        };
        let (Some(major), Some(minor), Some(count), Some(entry_len), Some(reserved)) = (
            bytes.u16(4),
            bytes.u16(6),
            bytes.u32(8),
            bytes.u32(12),
            bytes.slice(16, HEADER_LEN - 16),
        ) else {
            return Err(DecodeError::Truncated {
                offset: 0,
                what: "the archive header",
                len: data.len() as u64,
            });
        };
        if usize::try_from(entry_len).ok() != Some(ENTRY_LEN) {
            return Err(bad(
                12,
                format!("entries are {entry_len} bytes; every known archive uses 144"),
            ));
        }
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let table_end = count
            .checked_mul(ENTRY_LEN)
            .and_then(|n| n.checked_add(HEADER_LEN))
            .filter(|&end| end <= data.len())
            .ok_or_else(|| {
                bad(
                    8,
                    format!(
                        "the archive lists {count} entries, but the file ({} bytes) is too short for that table",
                        data.len()
                    ),
                )
            })?;
        let mut entries = Vec::with_capacity(count);
        for (index, at) in (HEADER_LEN..table_end).step_by(ENTRY_LEN).enumerate() {
            let (Some(magic), Some(raw_name), Some(offset), Some(size), Some(entry_reserved)) = (
                bytes.slice(at, 4),
                bytes.slice(at + 4, NAME_LEN),
                bytes.u32(at + 132),
                bytes.u32(at + 136),
                bytes.slice(at + 140, 4),
            ) else {
                return Err(bad(at, format!("entry {index} is cut off")));
            };
            let offset_usize = usize::try_from(offset).unwrap_or(usize::MAX);
            let size_usize = usize::try_from(size).unwrap_or(usize::MAX);
            let Some(entry_data) = bytes.slice(offset_usize, size_usize) else {
                let name = latin1::decode(raw_name.split(|&b| b == 0).next().unwrap_or(&[]));
                return Err(bad(
                    at + 132,
                    format!(
                        "entry {index} (\"{name}\") says its {size} bytes start at byte {offset}, \
                         past the end of the archive ({} bytes)",
                        data.len()
                    ),
                ));
            };
            let mut magic_bytes = [0; 4];
            magic_bytes.copy_from_slice(magic);
            let mut reserved_bytes = [0; 4];
            reserved_bytes.copy_from_slice(entry_reserved);
            entries.push(Entry {
                magic: magic_bytes,
                raw_name: raw_name.to_vec(),
                reserved: reserved_bytes,
                data: entry_data.to_vec(),
                offset: u64::from(offset),
                gap_before: Vec::new(),
            });
        }
        let tail = keep_stray_bytes(data, table_end, &mut entries);
        Ok(Self {
            compressed: false,
            major,
            minor,
            reserved: reserved.to_vec(),
            entries,
            tail,
        })
    }

    /// The bytes after the last entry's data that belong to no entry.
    #[must_use]
    pub fn tail(&self) -> &[u8] {
        &self.tail
    }

    /// Writes the archive: header, entry table, then each entry's data in entry order
    /// (after the stray bytes that came before it in the file), then the stray bytes that
    /// came after the last entry.
    ///
    /// # Errors
    /// An archive larger than its 32-bit offsets can address.
    pub fn write(&self) -> Result<Vec<u8>, ArchiveError> {
        let table_end = HEADER_LEN + self.entries.len() * ENTRY_LEN;
        let total = table_end
            + self
                .entries
                .iter()
                .map(|e| e.gap_before.len() + e.data.len())
                .sum::<usize>()
            + self.tail.len();
        let too_large = || ArchiveError::TooLarge { total };
        let count = u32::try_from(self.entries.len()).map_err(|_| too_large())?;
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.major.to_le_bytes());
        out.extend_from_slice(&self.minor.to_le_bytes());
        out.extend_from_slice(&count.to_le_bytes());
        out.extend_from_slice(&(ENTRY_LEN as u32).to_le_bytes());
        let mut reserved = self.reserved.clone();
        reserved.resize(HEADER_LEN - 16, 0);
        out.extend_from_slice(&reserved);
        let mut offset = table_end;
        for entry in &self.entries {
            offset += entry.gap_before.len();
            out.extend_from_slice(&entry.magic);
            out.extend_from_slice(&entry.raw_name);
            out.extend_from_slice(
                &u32::try_from(offset)
                    .map_err(|_| too_large())?
                    .to_le_bytes(),
            );
            out.extend_from_slice(
                &u32::try_from(entry.data.len())
                    .map_err(|_| too_large())?
                    .to_le_bytes(),
            );
            out.extend_from_slice(&entry.reserved);
            offset += entry.data.len();
        }
        for entry in &self.entries {
            out.extend_from_slice(&entry.gap_before);
            out.extend_from_slice(&entry.data);
        }
        out.extend_from_slice(&self.tail);
        if self.compressed {
            Ok(gzip::compress(&out))
        } else {
            Ok(out)
        }
    }

    /// The index of the entry named `name`: an exact match, else the one case-insensitive match.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<usize> {
        if let Some(index) = self.entries.iter().position(|e| e.name() == name) {
            return Some(index);
        }
        let mut matches = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.name().eq_ignore_ascii_case(name));
        match (matches.next(), matches.next()) {
            (Some((index, _)), None) => Some(index),
            _ => None,
        }
    }

    /// The motions that hold data (not placeholders, empty or all-zero entries).
    pub fn motions(&self) -> impl Iterator<Item = (usize, &Entry)> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.kind() == EntryKind::Motion && e.contents_state() == Contents::Data)
    }

    /// Adds an entry at the end.
    ///
    /// # Errors
    /// An entry of that name exists already.
    pub fn add(&mut self, entry: Entry) -> Result<(), ArchiveError> {
        let name = entry.name();
        if self.entries.iter().any(|e| e.name() == name) {
            return Err(ArchiveError::Duplicate { name });
        }
        self.entries.push(entry);
        Ok(())
    }

    /// Removes the entry named `name` and returns it. The stray bytes that came before its
    /// data stay where they were, before the next entry's data (or at the end).
    pub fn remove(&mut self, name: &str) -> Option<Entry> {
        let index = self.find(name)?;
        let mut entry = self.entries.remove(index);
        let mut gap = std::mem::take(&mut entry.gap_before);
        let after = match self.entries.get_mut(index) {
            Some(next) => &mut next.gap_before,
            None => &mut self.tail,
        };
        gap.append(after);
        *after = gap;
        Some(entry)
    }
}

/// Finds the bytes of `data` after the entry table that belong to no entry, gives each
/// entry the stray bytes just before its data (in file order), and returns those after the
/// last entry's data. Data that overlaps an earlier entry's, or lies within the table, has
/// no gap before it.
fn keep_stray_bytes(data: &[u8], table_end: usize, entries: &mut [Entry]) -> Vec<u8> {
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by_key(|&i| entries[i].offset);
    let mut cursor = table_end;
    for i in order {
        let entry = &mut entries[i];
        let start = usize::try_from(entry.offset).unwrap_or(usize::MAX);
        if start > cursor
            && let Some(gap) = data.get(cursor..start)
        {
            entry.gap_before = gap.to_vec();
        }
        cursor = cursor.max(start.saturating_add(entry.data.len()));
    }
    data.get(cursor..).unwrap_or_default().to_vec()
}

/// Whether bytes look like an ODA archive (plain or gzip-compressed) rather than a motion.
#[must_use]
pub fn is_archive(data: &[u8]) -> bool {
    data.starts_with(MAGIC) || gzip::is_gzip(data)
}

#[cfg(test)]
mod tests;
