//! Sony's behaviour table for the ERS-7 (`MW/CONF/ERS-7.MWC`), read as
//! `docs/formats/behaviour-table.md#how-mtn-studio-reads-an-mwc` describes (inferred from the
//! data): gzip-compressed or plain, magic `MWCM`, then records `MCID` (the behaviour's id and
//! its part count, each a little-endian u32), each followed by its parts: `CMAC`, a 20-byte
//! header (byte 0 the slot, byte 1 the kind: 0x10 motion, 0x20 sound, 0x30 LED; bytes 4-7 a
//! play count, -1 looping), a length byte and the entry's name. All parts of a behaviour start
//! together.
//!
//! The reader is lenient where the layout is inferred: a part count that disagrees with the
//! parts found is reported as a problem rather than refused.

use super::gzip;
use thiserror::Error;

/// The magic at the start of the (decompressed) table.
pub const MAGIC: &[u8; 4] = b"MWCM";
/// A behaviour record's tag.
pub const RECORD: &[u8; 4] = b"MCID";
/// A part's tag.
pub const PART: &[u8; 4] = b"CMAC";
/// A part's header after its tag.
pub const PART_HEADER_LEN: usize = 20;
/// The most a table decompresses to (Sony's is a few hundred kB).
pub const MAX_TABLE_BYTES: u64 = 64 << 20;

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

/// What a part plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MwcKind {
    /// A motion (0x10).
    Motion,
    /// A sound (0x20).
    Sound,
    /// An LED pattern (0x30).
    Led,
    /// Another kind byte.
    Other(u8),
}

impl MwcKind {
    fn from_byte(byte: u8) -> Self {
        match byte {
            0x10 => Self::Motion,
            0x20 => Self::Sound,
            0x30 => Self::Led,
            other => Self::Other(other),
        }
    }
}

/// One part of a behaviour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MwcPart {
    /// The slot (header byte 0).
    pub slot: u8,
    /// What it plays.
    pub kind: MwcKind,
    /// How many times (-1: loops).
    pub count: i32,
    /// The archive entry's name.
    pub name: String,
}

/// One behaviour: its parts start together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Behaviour {
    /// Its id.
    pub id: u32,
    /// The part count the record states.
    pub stated_parts: u32,
    /// Its parts.
    pub parts: Vec<MwcPart>,
}

impl Behaviour {
    /// The names of its parts of `kind`.
    pub fn names(&self, kind: MwcKind) -> impl Iterator<Item = &str> {
        self.parts
            .iter()
            .filter(move |p| p.kind == kind)
            .map(|p| p.name.as_str())
    }
}

fn u32_at(data: &[u8], at: usize, what: &'static str) -> Result<u32, MwcError> {
    data.get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or(MwcError::Truncated { offset: at, what })
}

/// Reads a behaviour table (gzip-compressed or not).
///
/// # Errors
/// The gzip stream is corrupt, there is no `MWCM` magic, or a record or part is cut off or
/// not where one should be.
pub fn read(bytes: &[u8]) -> Result<Vec<Behaviour>, MwcError> {
    let data = if gzip::is_gzip(bytes) {
        gzip::decompress(bytes, 0, MAX_TABLE_BYTES).map_err(|e| MwcError::Gzip(e.to_string()))?
    } else {
        bytes.to_vec()
    };
    if !data.starts_with(MAGIC) {
        return Err(MwcError::NotMwc {
            found: data.iter().take(4).copied().collect(),
        });
    }
    let mut at = MAGIC.len();
    // Anything between the magic and the first record is the table's own header.
    let Some(first) = data
        .windows(4)
        .skip(at)
        .position(|w| w == RECORD)
        .map(|p| p + at)
    else {
        return Ok(Vec::new());
    };
    at = first;
    let mut behaviours: Vec<Behaviour> = Vec::new();
    while at < data.len() {
        let tag = data.get(at..at + 4).ok_or(MwcError::Truncated {
            offset: at,
            what: "a record's tag",
        })?;
        if tag == RECORD {
            let id = u32_at(&data, at + 4, "a behaviour's id")?;
            let stated_parts = u32_at(&data, at + 8, "a behaviour's part count")?;
            behaviours.push(Behaviour {
                id,
                stated_parts,
                parts: Vec::new(),
            });
            at += 12;
        } else if tag == PART {
            let header = data
                .get(at + 4..at + 4 + PART_HEADER_LEN)
                .ok_or(MwcError::Truncated {
                    offset: at + 4,
                    what: "a part's header",
                })?;
            let len_at = at + 4 + PART_HEADER_LEN;
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
            let name: String = name
                .iter()
                .take_while(|&&b| b != 0)
                .map(|&b| char::from(b))
                .collect();
            let part = MwcPart {
                slot: header[0],
                kind: MwcKind::from_byte(header[1]),
                count: i32::from_le_bytes([header[4], header[5], header[6], header[7]]),
                name,
            };
            let Some(behaviour) = behaviours.last_mut() else {
                return Err(MwcError::Unexpected {
                    offset: at,
                    found: *PART,
                });
            };
            behaviour.parts.push(part);
            at = len_at + 1 + len;
        } else if data[at..].iter().all(|&b| b == 0) {
            // Zero padding to the end.
            break;
        } else {
            return Err(MwcError::Unexpected {
                offset: at,
                found: [tag[0], tag[1], tag[2], tag[3]],
            });
        }
    }
    Ok(behaviours)
}

/// A behaviour table in the layout [`read`] takes (uncompressed, without the header's counts;
/// `docs/formats/behaviour-table.md#how-mtn-studio-reads-an-mwc`), for tests and tools.
#[must_use]
pub fn write(behaviours: &[Behaviour]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for behaviour in behaviours {
        out.extend_from_slice(RECORD);
        out.extend_from_slice(&behaviour.id.to_le_bytes());
        out.extend_from_slice(
            &u32::try_from(behaviour.parts.len())
                .unwrap_or(u32::MAX)
                .to_le_bytes(),
        );
        for part in &behaviour.parts {
            out.extend_from_slice(PART);
            let mut header = [0u8; PART_HEADER_LEN];
            header[0] = part.slot;
            header[1] = match part.kind {
                MwcKind::Motion => 0x10,
                MwcKind::Sound => 0x20,
                MwcKind::Led => 0x30,
                MwcKind::Other(b) => b,
            };
            header[4..8].copy_from_slice(&part.count.to_le_bytes());
            out.extend_from_slice(&header);
            let name: Vec<u8> = part.name.bytes().take(255).collect();
            out.push(u8::try_from(name.len()).unwrap_or(u8::MAX));
            out.extend_from_slice(&name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(kind: MwcKind, name: &str) -> MwcPart {
        MwcPart {
            slot: 0,
            kind,
            count: -1,
            name: name.to_owned(),
        }
    }

    #[test]
    fn a_table_reads_back_compressed_or_not() {
        let table = vec![Behaviour {
            id: 7,
            stated_parts: 3,
            parts: vec![
                part(MwcKind::Motion, "h_any#any_so0_circle21"),
                part(MwcKind::Sound, "so1_x00circle21so0_x1x"),
                part(MwcKind::Led, "so12_x00circle21_l1f"),
            ],
        }];
        let bytes = write(&table);
        assert_eq!(read(&bytes).unwrap(), table);
        assert_eq!(read(&gzip::compress(&bytes)).unwrap(), table);
        assert_eq!(
            read(
                &table[0]
                    .names(MwcKind::Led)
                    .map(str::to_owned)
                    .collect::<String>()
                    .into_bytes()
            )
            .unwrap_err(),
            MwcError::NotMwc {
                found: b"so12".to_vec()
            }
        );
    }

    #[test]
    fn every_cut_is_an_error_or_fewer_parts_never_a_panic() {
        let table = vec![Behaviour {
            id: 1,
            stated_parts: 2,
            parts: vec![part(MwcKind::Motion, "a"), part(MwcKind::Sound, "b")],
        }];
        let bytes = write(&table);
        for len in 0..bytes.len() {
            let _ = read(&bytes[..len]);
        }
        assert!(matches!(
            read(&bytes[..bytes.len() - 1]),
            Err(MwcError::Truncated { .. })
        ));
    }
}
