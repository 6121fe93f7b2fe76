//! Reading a gait file: both readings of the TOC (with and without its count byte), the one
//! whose entries and sections all fit taken, then each section by its known layout.

use super::body::{needed, read_body};
use super::check::{GaitCode, GaitProblem, check_values};
use super::model::{Body, Gait, Gap, HEADER_LEN, Section, SectionType};
use crate::codec::DecodeError;
use crate::codec::problem::Severity;

/// A gait file read, with every problem found, in file order.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded {
    /// The model.
    pub gait: Gait,
    /// What was found wrong or assumed.
    pub problems: Vec<GaitProblem>,
}

impl Decoded {
    /// Whether nothing worse than a note was found.
    #[must_use]
    pub fn is_well_formed(&self) -> bool {
        self.problems.iter().all(|p| p.severity == Severity::Info)
    }
}

/// One TOC entry: type code and location.
#[derive(Clone, Copy)]
struct Entry {
    code: u8,
    location: u16,
}

/// A reading of the TOC: its entries and where it ends (file offset).
struct Toc {
    count_byte: bool,
    entries: Vec<Entry>,
    end: usize,
}

/// Reads a gait file.
///
/// # Errors
/// The file is shorter than its 2-byte size header.
pub fn decode(data: &[u8]) -> Result<Decoded, DecodeError> {
    let [low, high, ..] = data else {
        return Err(DecodeError::Truncated {
            offset: 0,
            what: "the gait file's 2-byte size header",
            len: data.len() as u64,
        });
    };
    let declared_size = u16::from_le_bytes([*low, *high]);
    let with = toc_with_count(data);
    let without = toc_without_count(data);
    let fit = |toc: &Option<Toc>| toc.as_ref().map_or(usize::MAX, |t| misfits(data, t));
    let (with_misfits, without_misfits) = (fit(&with), fit(&without));
    // The page's layout (count byte), unless only the robot's (none) makes every entry and
    // section fit.
    let (toc, noted) = match (with, without) {
        (Some(with), Some(without)) => {
            if with_misfits > 0 && without_misfits == 0 {
                (without, true)
            } else {
                (with, false)
            }
        }
        (Some(with), None) => (with, false),
        (None, Some(without)) => (without, true),
        // Only the size header: no TOC at all.
        (None, None) => (
            Toc {
                count_byte: false,
                entries: Vec::new(),
                end: HEADER_LEN,
            },
            false,
        ),
    };
    let mut problems = Vec::new();
    if noted {
        problems.push(GaitProblem::new(
            Severity::Info,
            GaitCode::NoCountByte,
            HEADER_LEN,
            format!(
                "the table of contents has no count byte (as in the images flashed onto \
                 StickyBot): read as {} entries ending at byte {}",
                toc.entries.len(),
                toc.end
            ),
        ));
    }
    if usize::from(declared_size) != data.len() {
        problems.push(GaitProblem::new(
            Severity::Warning,
            GaitCode::SizeHeader,
            0,
            format!(
                "the size header says {declared_size} bytes; the file has {}",
                data.len()
            ),
        ));
    }
    let (sections, covered) = read_sections(data, &toc, &mut problems);
    let gait = Gait {
        declared_size,
        toc_count_byte: toc.count_byte,
        sections,
        gaps: gaps(data, &covered),
    };
    check_values(&gait, &mut problems);
    problems.sort_by_key(|p| p.offset);
    Ok(Decoded { gait, problems })
}

/// The page's TOC: a count byte, then that many entries (`None` if they do not fit).
fn toc_with_count(data: &[u8]) -> Option<Toc> {
    let count = usize::from(*data.get(HEADER_LEN)?);
    let start = HEADER_LEN + 1;
    let end = start + 3 * count;
    let entries = data.get(start..end)?.chunks_exact(3).map(entry).collect();
    Some(Toc {
        count_byte: true,
        entries,
        end,
    })
}

/// The robot's TOC: entries from the first byte on, until the first section begins or the
/// first entry that is not one: a type byte of 0 or 0xFF (padding, erased memory) or a
/// location that is not after the TOC (sections may sit at fixed addresses, with padding
/// between the TOC and the first of them).
fn toc_without_count(data: &[u8]) -> Option<Toc> {
    let mut entries = Vec::new();
    let mut end = HEADER_LEN;
    let mut first_section = data.len();
    while end + 3 <= first_section.min(data.len()) && entries.len() < 255 {
        let next = entry(&data[end..end + 3]);
        let after_toc = HEADER_LEN + usize::from(next.location) >= end + 3;
        if matches!(next.code, 0 | 0xFF) || !after_toc {
            break;
        }
        end += 3;
        first_section = first_section.min(HEADER_LEN + usize::from(next.location));
        entries.push(next);
    }
    (!entries.is_empty()).then_some(Toc {
        count_byte: false,
        entries,
        end,
    })
}

fn entry(bytes: &[u8]) -> Entry {
    match bytes {
        [code, low, high, ..] => Entry {
            code: *code,
            location: u16::from_le_bytes([*low, *high]),
        },
        _ => Entry {
            code: 0,
            location: 0,
        },
    }
}

/// How many of a reading's entries do not fit: a location inside the TOC or past the end,
/// an unknown type, a section its space cannot hold, two at one place.
fn misfits(data: &[u8], toc: &Toc) -> usize {
    let starts = starts(toc);
    toc.entries
        .iter()
        .enumerate()
        .filter(|(index, e)| {
            let at = HEADER_LEN + usize::from(e.location);
            let space = space(data, &starts, at);
            at < toc.end
                || at >= data.len()
                || SectionType::from_code(e.code).is_none()
                || needed(data, e.code, at).is_some_and(|n| n > space)
                || starts.iter().filter(|&&s| s == at).count() > 1 && *index > 0
        })
        .count()
}

/// The file offsets where sections start, sorted.
fn starts(toc: &Toc) -> Vec<usize> {
    let mut starts: Vec<usize> = toc
        .entries
        .iter()
        .map(|e| HEADER_LEN + usize::from(e.location))
        .collect();
    starts.sort_unstable();
    starts
}

/// The bytes from `at` to the next section's start or the end of the file.
fn space(data: &[u8], starts: &[usize], at: usize) -> usize {
    let next = starts
        .iter()
        .copied()
        .find(|&s| s > at)
        .unwrap_or(data.len())
        .min(data.len());
    next.saturating_sub(at)
}

/// Every section of the TOC, and the byte ranges the header, TOC and sections cover.
fn read_sections(
    data: &[u8],
    toc: &Toc,
    problems: &mut Vec<GaitProblem>,
) -> (Vec<Section>, Vec<(usize, usize)>) {
    let starts = starts(toc);
    let mut covered = vec![(0, toc.end.min(data.len()))];
    let mut sections = Vec::with_capacity(toc.entries.len());
    for (index, e) in toc.entries.iter().enumerate() {
        let toc_at = toc.end - 3 * (toc.entries.len() - index);
        let at = HEADER_LEN + usize::from(e.location);
        let kind = SectionType::from_code(e.code);
        if kind.is_none() {
            problems.push(GaitProblem::new(
                Severity::Warning,
                GaitCode::UnknownType,
                toc_at,
                format!(
                    "TOC entry {index} has type 0x{:02X}, which the page does not name; its \
                     bytes are kept as they are",
                    e.code
                ),
            ));
        }
        if at >= data.len() || at < toc.end {
            problems.push(GaitProblem::new(
                Severity::Error,
                GaitCode::Location,
                toc_at + 1,
                format!(
                    "TOC entry {index} places its section at location 0x{:04X} (byte {at}), {}",
                    e.location,
                    if at >= data.len() {
                        format!("past the end of the file ({} bytes)", data.len())
                    } else {
                        format!(
                            "inside the header or the TOC (which ends at byte {})",
                            toc.end
                        )
                    }
                ),
            ));
        }
        let space = space(data, &starts, at);
        let mut body = read_body(data, e.code, at, space, problems);
        if let Some(earlier) = toc.entries[..index]
            .iter()
            .position(|other| other.location == e.location)
        {
            problems.push(GaitProblem::new(
                Severity::Error,
                GaitCode::Overlap,
                at,
                format!("section {index} starts at byte {at}, where section {earlier} starts"),
            ));
            // The earlier section writes those bytes back; a second copy would only cost
            // memory (up to 255 copies of the file).
            if let Body::Bytes { bytes } = &mut body {
                bytes.clear();
            }
        }
        let section = Section {
            code: e.code,
            location: e.location,
            body,
        };
        let len = section.bytes().len();
        let shared = toc.entries[..index]
            .iter()
            .any(|other| other.location == e.location);
        if len > 0 && !shared {
            for &(start, end) in covered.iter().skip(1) {
                if at < end && start < at + len {
                    problems.push(GaitProblem::new(
                        Severity::Error,
                        GaitCode::Overlap,
                        at,
                        format!(
                            "section {index} (bytes {at} to {}) shares bytes with the section \
                             at bytes {start} to {}",
                            at + len - 1,
                            end - 1
                        ),
                    ));
                    break;
                }
            }
            covered.push((at, at + len));
        }
        sections.push(section);
    }
    (sections, covered)
}

/// The runs of bytes no range of `covered` holds.
fn gaps(data: &[u8], covered: &[(usize, usize)]) -> Vec<Gap> {
    let mut held = vec![false; data.len()];
    for &(start, end) in covered {
        for byte in held.iter_mut().take(end.min(data.len())).skip(start) {
            *byte = true;
        }
    }
    let mut gaps: Vec<Gap> = Vec::new();
    for (offset, (&byte, &is_held)) in data.iter().zip(&held).enumerate() {
        if is_held {
            continue;
        }
        match gaps.last_mut() {
            Some(gap) if gap.offset + gap.bytes.len() == offset => gap.bytes.push(byte),
            _ => gaps.push(Gap {
                offset,
                bytes: vec![byte],
            }),
        }
    }
    gaps
}
