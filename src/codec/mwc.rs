//! Sony's behaviour table (`MW/CONF/ERS-7.MWC`, `ERS-210.MWC`), read and written whole as
//! `docs/formats/behaviour-table.md#the-behaviour-table-mwc` lays it out: gzip-compressed or
//! plain; magic `MWCM`, the version and the counts of records and parts; each record `MCID`
//! (its MWCID and part count, little-endian i32s) followed by its parts, each `CMAC`, its
//! type, repeat count, start time, a reserved word, the synchronise and special fields and
//! its name. Every field is kept, so a table read and written unchanged is the same bytes
//! (and gzip where it was gzip, with its original file name).
//!
//! The reader is lenient where a table disagrees with itself: counts that differ from the
//! records and parts found are kept as stated (`stated_*`) for a check to report, and the
//! writer writes the counts of what it holds.

use super::gzip;
use flate2::GzBuilder;
use flate2::read::GzDecoder;
use std::io::{Read, Write};
use thiserror::Error;

/// The magic at the start of the (decompressed) table.
pub const MAGIC: &[u8; 4] = b"MWCM";
/// A behaviour record's tag.
pub const RECORD: &[u8; 4] = b"MCID";
/// A part's tag.
pub const PART: &[u8; 4] = b"CMAC";
/// The table's header: the magic, the version and the two counts.
pub const HEADER_LEN: usize = 16;
/// A part's fixed fields after its tag.
pub const PART_HEADER_LEN: usize = 20;
/// The most a table decompresses to (Sony's are a few hundred kB).
pub const MAX_TABLE_BYTES: u64 = 64 << 20;
/// The version Sony's tables have.
pub const VERSION: i32 = 1;

/// Why a behaviour table could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum MwcError {
    /// The gzip stream is corrupt or too large.
    #[error("{0}")]
    Gzip(String),
    /// No `MWCM` magic.
    #[error("not a behaviour table: byte 0 holds {found:?} where 'MWCM' should be")]
    NotMwc {
        /// The first bytes.
        found: Vec<u8>,
    },
    /// A record or part ends past the table.
    #[error("cut off at byte {offset} (of the decompressed table) while reading {what}")]
    Truncated {
        /// Where the read started.
        offset: usize,
        /// What was being read.
        what: &'static str,
    },
    /// Bytes that are neither a record nor a part.
    #[error("byte {offset} (of the decompressed table) holds {found:?}, not 'MCID' or 'CMAC'")]
    Unexpected {
        /// Where.
        offset: usize,
        /// The four bytes there.
        found: [u8; 4],
    },
}

/// What a part plays: its type's family (the type's top hex digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MwcKind {
    /// A motion (types 0x1000 to 0x1fff).
    Motion,
    /// A sound (0x2000 to 0x2fff).
    Sound,
    /// An LED pattern (0x3000 to 0x3fff).
    Led,
    /// A system action or another type.
    Other,
}

/// A part's type, as the table stores it (`docs/formats/behaviour-table.md#part-types`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartType(pub i32);

impl PartType {
    /// A motion of the whole body.
    pub const WHOLE_BODY: Self = Self(0x1010);
    /// A sound.
    pub const SOUND: Self = Self(0x2010);
    /// An LED pattern.
    pub const LED: Self = Self(0x3000);
    /// An LED pattern of the face's lights (eyes), as Sony's skits play theirs on both
    /// models (the commonest LED type of the corpus's tables).
    pub const FACE_LED: Self = Self(0x3030);
    /// The same pattern again on the ERS-210's other lights (its skits name the pattern
    /// under 0x3030 and 0x3050 both).
    pub const BODY_LED: Self = Self(0x3050);

    /// Its family.
    #[must_use]
    pub fn kind(self) -> MwcKind {
        match (self.0 >> 12) & 0xF {
            1 => MwcKind::Motion,
            2 => MwcKind::Sound,
            3 => MwcKind::Led,
            _ => MwcKind::Other,
        }
    }
}

/// One part of a behaviour, every field as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MwcPart {
    /// Its type.
    pub part_type: PartType,
    /// How many times it plays (-1: it loops).
    pub repeat: i32,
    /// When it starts.
    pub start: i32,
    /// The word after the start time (0 in Sony's tables).
    pub reserved: i32,
    /// The synchronise field.
    pub synchronize: i16,
    /// The special field (a system action).
    pub special: i16,
    /// The archive entry's name, as stored (at most 255 bytes).
    pub name: Vec<u8>,
}

impl MwcPart {
    /// A part of `part_type` playing the entry `name` once from the start, as Sony's tool
    /// chain writes a user's (the name cut to 255 bytes).
    #[must_use]
    pub fn new(part_type: PartType, name: &str) -> Self {
        Self {
            part_type,
            repeat: 1,
            start: 0,
            reserved: 0,
            synchronize: 0,
            special: 0,
            name: name.bytes().take(255).collect(),
        }
    }

    /// What it plays.
    #[must_use]
    pub fn kind(&self) -> MwcKind {
        self.part_type.kind()
    }

    /// Its name as text (Latin-1).
    #[must_use]
    pub fn name(&self) -> String {
        super::latin1::decode(&self.name)
    }
}

/// One behaviour: a record of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Behaviour {
    /// Its MWCID.
    pub id: u32,
    /// The part count the record states.
    pub stated_parts: u32,
    /// Its parts.
    pub parts: Vec<MwcPart>,
}

impl Behaviour {
    /// The names of its parts of `kind`.
    pub fn names(&self, kind: MwcKind) -> impl Iterator<Item = String> + '_ {
        self.parts
            .iter()
            .filter(move |p| p.kind() == kind)
            .map(MwcPart::name)
    }
}

/// How the table was stored: gzip (with the original file name and time its header holds)
/// or plain.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Stored {
    /// Plain bytes.
    #[default]
    Plain,
    /// One gzip stream.
    Gzip {
        /// The original file name in its header.
        file_name: Option<Vec<u8>>,
        /// Its modification time.
        mtime: u32,
    },
}

/// A whole behaviour table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BehaviourTable {
    /// How it was stored.
    pub stored: Stored,
    /// The header's version.
    pub version: i32,
    /// The header's record and part counts, as stated.
    pub stated: (i32, i32),
    /// The records, in order.
    pub behaviours: Vec<Behaviour>,
    /// Zero bytes after the last part.
    pub padding: usize,
}

impl BehaviourTable {
    /// An empty table of Sony's version, stored as `stored`.
    #[must_use]
    pub fn new(stored: Stored) -> Self {
        Self {
            stored,
            version: VERSION,
            stated: (0, 0),
            behaviours: Vec::new(),
            padding: 0,
        }
    }

    /// The counts of records and parts it holds.
    #[must_use]
    pub fn counts(&self) -> (usize, usize) {
        let parts = self.behaviours.iter().map(|b| b.parts.len()).sum();
        (self.behaviours.len(), parts)
    }
}

fn i32_at(data: &[u8], at: usize, what: &'static str) -> Result<i32, MwcError> {
    data.get(at..at + 4)
        .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or(MwcError::Truncated { offset: at, what })
}

fn i16_at(data: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([data[at], data[at + 1]])
}

/// Decompresses a gzip table, keeping what its header says.
fn gunzip(bytes: &[u8]) -> Result<(Vec<u8>, Stored), MwcError> {
    let data =
        gzip::decompress(bytes, 0, MAX_TABLE_BYTES).map_err(|e| MwcError::Gzip(e.to_string()))?;
    let mut decoder = GzDecoder::new(bytes);
    // The header is read with the first bytes; one byte is enough to have it.
    let mut first = [0u8; 1];
    let _ = decoder.read(&mut first);
    let stored = decoder.header().map_or(
        Stored::Gzip {
            file_name: None,
            mtime: 0,
        },
        |header| Stored::Gzip {
            file_name: header.filename().map(<[u8]>::to_vec),
            mtime: header.mtime(),
        },
    );
    Ok((data, stored))
}

/// Reads a behaviour table (gzip-compressed or not).
///
/// # Errors
/// The gzip stream is corrupt, there is no `MWCM` magic, or the header, a record or a part
/// is cut off or not where one should be.
pub fn read(bytes: &[u8]) -> Result<BehaviourTable, MwcError> {
    let (data, stored) = if gzip::is_gzip(bytes) {
        gunzip(bytes)?
    } else {
        (bytes.to_vec(), Stored::Plain)
    };
    if !data.starts_with(MAGIC) {
        return Err(MwcError::NotMwc {
            found: data.iter().take(4).copied().collect(),
        });
    }
    let mut table = BehaviourTable {
        stored,
        version: i32_at(&data, 4, "the table's version")?,
        stated: (
            i32_at(&data, 8, "the table's record count")?,
            i32_at(&data, 12, "the table's part count")?,
        ),
        behaviours: Vec::new(),
        padding: 0,
    };
    let mut at = HEADER_LEN;
    while at < data.len() {
        let tag = data.get(at..at + 4).ok_or(MwcError::Truncated {
            offset: at,
            what: "a record's tag",
        })?;
        if tag == RECORD {
            let id = i32_at(&data, at + 4, "a behaviour's id")?;
            let stated_parts = i32_at(&data, at + 8, "a behaviour's part count")?;
            table.behaviours.push(Behaviour {
                id: id.cast_unsigned(),
                stated_parts: stated_parts.cast_unsigned(),
                parts: Vec::new(),
            });
            at += 12;
        } else if tag == PART {
            let Some(behaviour) = table.behaviours.last_mut() else {
                return Err(MwcError::Unexpected {
                    offset: at,
                    found: *PART,
                });
            };
            let (part, next) = read_part(&data, at)?;
            behaviour.parts.push(part);
            at = next;
        } else if data[at..].iter().all(|&b| b == 0) {
            table.padding = data.len() - at;
            break;
        } else {
            return Err(MwcError::Unexpected {
                offset: at,
                found: [tag[0], tag[1], tag[2], tag[3]],
            });
        }
    }
    Ok(table)
}

/// The part whose tag is at `at`, and where the next tag starts.
fn read_part(data: &[u8], at: usize) -> Result<(MwcPart, usize), MwcError> {
    let fixed = at + 4;
    if data.len() < fixed + PART_HEADER_LEN {
        return Err(MwcError::Truncated {
            offset: fixed,
            what: "a part's header",
        });
    }
    let len_at = fixed + PART_HEADER_LEN;
    let len = usize::from(*data.get(len_at).ok_or(MwcError::Truncated {
        offset: len_at,
        what: "a part's name length",
    })?);
    let name = data
        .get(len_at + 1..len_at + 1 + len)
        .ok_or(MwcError::Truncated {
            offset: len_at + 1,
            what: "a part's name",
        })?;
    let part = MwcPart {
        part_type: PartType(i32_at(data, fixed, "a part's type")?),
        repeat: i32_at(data, fixed + 4, "a part's repeat count")?,
        start: i32_at(data, fixed + 8, "a part's start time")?,
        reserved: i32_at(data, fixed + 12, "a part's reserved word")?,
        synchronize: i16_at(data, fixed + 16),
        special: i16_at(data, fixed + 18),
        name: name.to_vec(),
    };
    Ok((part, len_at + 1 + len))
}

/// The table's bytes, uncompressed: its header with the counts of what it holds, its
/// records and parts, its padding.
#[must_use]
pub fn encode(table: &BehaviourTable) -> Vec<u8> {
    let (records, parts) = table.counts();
    let count = |n: usize| i32::try_from(n).unwrap_or(i32::MAX).to_le_bytes();
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&table.version.to_le_bytes());
    out.extend_from_slice(&count(records));
    out.extend_from_slice(&count(parts));
    for behaviour in &table.behaviours {
        out.extend_from_slice(RECORD);
        out.extend_from_slice(&behaviour.id.to_le_bytes());
        out.extend_from_slice(&count(behaviour.parts.len()));
        for part in &behaviour.parts {
            out.extend_from_slice(PART);
            for word in [part.part_type.0, part.repeat, part.start, part.reserved] {
                out.extend_from_slice(&word.to_le_bytes());
            }
            out.extend_from_slice(&part.synchronize.to_le_bytes());
            out.extend_from_slice(&part.special.to_le_bytes());
            let name = &part.name[..part.name.len().min(255)];
            out.push(u8::try_from(name.len()).unwrap_or(u8::MAX));
            out.extend_from_slice(name);
        }
    }
    out.resize(out.len() + table.padding, 0);
    out
}

/// The table as a file: [`encode`]d, and gzip-compressed where it was stored so, with its
/// original file name and time.
#[must_use]
pub fn write(table: &BehaviourTable) -> Vec<u8> {
    let data = encode(table);
    match &table.stored {
        Stored::Plain => data,
        Stored::Gzip { file_name, mtime } => {
            let mut builder = GzBuilder::new().mtime(*mtime);
            // (A name with a zero byte cannot be in a gzip header: it is left out.)
            if let Some(name) = file_name.as_ref().filter(|n| !n.contains(&0)) {
                builder = builder.filename(name.clone());
            }
            let mut encoder = builder.write(Vec::new(), flate2::Compression::best());
            // Writing to a Vec cannot fail.
            let _ = encoder.write_all(&data);
            encoder.finish().unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(behaviours: Vec<Behaviour>, stored: Stored) -> BehaviourTable {
        let mut table = BehaviourTable::new(stored);
        table.behaviours = behaviours;
        let (records, parts) = table.counts();
        table.stated = (records as i32, parts as i32);
        table
    }

    fn circle() -> Behaviour {
        let mut sound = MwcPart::new(PartType::SOUND, "so1_x00circle21so0_x1x");
        sound.start = 120;
        sound.synchronize = 1;
        let mut led = MwcPart::new(PartType(0x3030), "so12_x00circle21_l1f");
        led.repeat = -1;
        led.special = 3;
        Behaviour {
            id: 7,
            stated_parts: 3,
            parts: vec![
                MwcPart::new(PartType::WHOLE_BODY, "h_any#any_so0_circle21"),
                sound,
                led,
            ],
        }
    }

    #[test]
    fn a_table_reads_back_every_field_compressed_or_not() {
        let plain = table(vec![circle()], Stored::Plain);
        let bytes = write(&plain);
        assert_eq!(bytes.len(), HEADER_LEN + 12 + 3 * 25 + 22 + 22 + 20);
        assert_eq!(read(&bytes).unwrap(), plain);
        let zipped = table(
            vec![circle()],
            Stored::Gzip {
                file_name: Some(b"ERS-7.MWC".to_vec()),
                mtime: 1_100_000_000,
            },
        );
        let file = write(&zipped);
        assert!(gzip::is_gzip(&file));
        assert_eq!(read(&file).unwrap(), zipped);
        assert_eq!(gzip::decompress(&file, 0, 1 << 20).unwrap(), bytes);
        let kinds: Vec<MwcKind> = circle().parts.iter().map(MwcPart::kind).collect();
        assert_eq!(kinds, [MwcKind::Motion, MwcKind::Sound, MwcKind::Led]);
        assert_eq!(PartType(0x1140).kind(), MwcKind::Motion);
        assert_eq!(PartType(0x2100).kind(), MwcKind::Sound);
        assert_eq!(PartType(0x9000).kind(), MwcKind::Other);
        assert_eq!(
            read(b"so12_x00").unwrap_err(),
            MwcError::NotMwc {
                found: b"so12".to_vec()
            }
        );
    }

    #[test]
    fn every_cut_is_an_error_or_fewer_parts_never_a_panic() {
        let whole = table(vec![circle()], Stored::Plain);
        let bytes = write(&whole);
        for len in 0..bytes.len() {
            let _ = read(&bytes[..len]);
        }
        assert!(matches!(
            read(&bytes[..bytes.len() - 1]),
            Err(MwcError::Truncated { .. })
        ));
        assert!(matches!(
            read(&bytes[..10]),
            Err(MwcError::Truncated { offset: 8, .. })
        ));
    }
}
