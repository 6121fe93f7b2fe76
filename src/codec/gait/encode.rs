//! Writing a gait file: header, TOC and each section at its location, the gaps between
//! them where they were; and the repair of the size header and a missing count byte.

use super::model::{Gait, HEADER_LEN};

/// Why a gait model cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// The image would be larger than its 16-bit size header can say.
    #[error("the gait file would be {0} bytes; its size header holds at most 65,535")]
    TooLarge(usize),
    /// More sections than a count byte can count.
    #[error("{0} sections; the TOC's count byte holds at most 255")]
    TooManySections(usize),
}

/// The file's bytes. A file read from disk comes back byte for byte where it was well-formed:
/// the size header as it was, the TOC with or without its count byte, each section at its
/// location, the gaps kept.
///
/// # Errors
/// An image beyond 65,535 bytes, or more than 255 sections with a count byte.
pub fn encode(gait: &Gait) -> Result<Vec<u8>, EncodeError> {
    if gait.toc_count_byte && gait.sections.len() > 255 {
        return Err(EncodeError::TooManySections(gait.sections.len()));
    }
    let sections: Vec<(usize, Vec<u8>)> = gait
        .sections
        .iter()
        .map(|s| (s.offset(), s.bytes()))
        .collect();
    let toc_end = HEADER_LEN + gait.toc_len();
    // A section with no bytes (its location past the end) does not make the file longer.
    let len = sections
        .iter()
        .filter(|(_, bytes)| !bytes.is_empty())
        .map(|(at, bytes)| at + bytes.len())
        .chain(gait.gaps.iter().map(|g| g.offset + g.bytes.len()))
        .fold(toc_end, usize::max);
    if len > usize::from(u16::MAX) {
        return Err(EncodeError::TooLarge(len));
    }
    let mut out = vec![0u8; len];
    for gap in &gait.gaps {
        out[gap.offset..gap.offset + gap.bytes.len()].copy_from_slice(&gap.bytes);
    }
    for (at, bytes) in sections.iter().filter(|(_, bytes)| !bytes.is_empty()) {
        out[*at..at + bytes.len()].copy_from_slice(bytes);
    }
    // The header and TOC last: a section placed inside them (a bad location) cannot
    // overwrite them.
    out[..HEADER_LEN].copy_from_slice(&gait.declared_size.to_le_bytes());
    let mut at = HEADER_LEN;
    if gait.toc_count_byte {
        out[at] = u8::try_from(gait.sections.len()).unwrap_or(u8::MAX);
        at += 1;
    }
    for section in &gait.sections {
        out[at] = section.code;
        out[at + 1..at + 3].copy_from_slice(&section.location.to_le_bytes());
        at += 3;
    }
    Ok(out)
}

/// The model with its size header made true and, where the TOC lacks it, the count byte
/// added (every section and gap after the TOC moves one byte on, its location with it), with
/// a line per fix.
///
/// # Errors
/// As [`encode`], for the repaired model.
pub fn repair(gait: &Gait) -> Result<(Gait, Vec<String>), EncodeError> {
    let mut fixed = gait.clone();
    let mut fixes = Vec::new();
    if !fixed.toc_count_byte {
        let toc_end = HEADER_LEN + fixed.toc_len();
        for section in &mut fixed.sections {
            if section.offset() >= toc_end {
                section.location = section.location.saturating_add(1);
            }
        }
        for gap in &mut fixed.gaps {
            if gap.offset >= toc_end {
                gap.offset += 1;
            }
        }
        fixed.toc_count_byte = true;
        fixes.push(format!(
            "added the TOC's count byte ({} entries); every section moved one byte on",
            fixed.sections.len()
        ));
    }
    let len = encode(&fixed)?.len();
    let size = u16::try_from(len).map_err(|_| EncodeError::TooLarge(len))?;
    if fixed.declared_size != size {
        fixes.push(format!(
            "size header {} -> {size} (the file's length)",
            fixed.declared_size
        ));
        fixed.declared_size = size;
    }
    Ok((fixed, fixes))
}
