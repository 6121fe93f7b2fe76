//! Writes a [`Motion`] as MTN bytes: sizes and counts recomputed, padding by the layout.

use super::format::{
    FIRST_KEYFRAME_FIXED, KEYFRAME_FIXED, MAGIC, SECTION_HEADER_LEN, SECTION0_COUNT, SECTION0_SIZE,
    SECTION1_AT,
};
use super::model::{Motion, Padding, SizeWidth};
use crate::codec::error::EncodeError;
use crate::codec::latin1;

/// Where each field lands in the encoded file, so that checks on an in-memory motion can
/// name the same byte offsets as checks on a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Offsets {
    /// Offset of the motion-name length byte.
    pub name: usize,
    /// Offset of the creator length byte.
    pub creator: usize,
    /// Offset of the design-label length byte.
    pub design: usize,
    /// Offset of each locator's length byte.
    pub locators: Vec<usize>,
    /// Offset of the section-3 data-type field.
    pub data_type: usize,
    /// Offset of the first keyframe's body roll.
    pub keyframes: usize,
    /// Bytes per joint-value row: `joint_count * 4`.
    pub joint_count: usize,
}

impl Offsets {
    /// The offset of the value of `joint` in `keyframe`.
    #[must_use]
    pub fn angle(&self, keyframe: usize, joint: usize) -> usize {
        let first = FIRST_KEYFRAME_FIXED + 4 * self.joint_count;
        let stride = KEYFRAME_FIXED + 4 * self.joint_count;
        let row = if keyframe == 0 {
            self.keyframes + 12
        } else {
            self.keyframes + first + (keyframe - 1) * stride + 16
        };
        row + 4 * joint
    }

    /// The offset of the interpolation count that precedes `keyframe` (0 for the first).
    #[must_use]
    pub fn frames(&self, keyframe: usize) -> usize {
        if keyframe == 0 {
            self.keyframes
        } else {
            self.angle(keyframe, 0) - 16
        }
    }
}

/// The sizes of each section for a motion, computed before writing.
struct Plan {
    strings: [Vec<u8>; 3],
    locators: Vec<Vec<u8>>,
    section1_content: usize,
    section2_content: usize,
    section3_content: usize,
    padding: [Vec<u8>; 3],
}

fn string_bytes(field: &'static str, text: &str) -> Result<Vec<u8>, EncodeError> {
    let bytes = latin1::encode(text).map_err(|ch| EncodeError::StringEncoding { field, ch })?;
    if bytes.len() > usize::from(u8::MAX) {
        return Err(EncodeError::StringTooLong {
            field,
            len: bytes.len(),
        });
    }
    Ok(bytes)
}

fn plan(motion: &Motion) -> Result<Plan, EncodeError> {
    let strings = [
        string_bytes("motion name", &motion.name)?,
        string_bytes("creator", &motion.creator)?,
        string_bytes("design label", &motion.design)?,
    ];
    let locators = motion
        .locators
        .iter()
        .map(|l| string_bytes("joint locator", l))
        .collect::<Result<Vec<_>, _>>()?;
    let joint_count = locators.len();
    if joint_count > usize::from(u16::MAX) {
        return Err(EncodeError::TooMany {
            what: "the joint count",
            count: joint_count,
            max: usize::from(u16::MAX),
        });
    }
    let keyframe_count = motion.keyframes.len();
    if keyframe_count > usize::from(u16::MAX) {
        return Err(EncodeError::TooMany {
            what: "the keyframe count",
            count: keyframe_count,
            max: usize::from(u16::MAX),
        });
    }
    if motion.keyframes.joint_count() != joint_count {
        return Err(EncodeError::TooMany {
            what: "the joint values per keyframe",
            count: motion.keyframes.joint_count(),
            max: joint_count,
        });
    }
    let section1_content = SECTION_HEADER_LEN + strings.iter().map(|s| 1 + s.len()).sum::<usize>();
    let section2_content =
        SECTION_HEADER_LEN + 2 + locators.iter().map(|s| 1 + s.len()).sum::<usize>();
    let data_len = if keyframe_count == 0 {
        0
    } else {
        FIRST_KEYFRAME_FIXED
            + 4 * joint_count
            + (keyframe_count - 1) * (KEYFRAME_FIXED + 4 * joint_count)
    };
    let section3_content = motion.layout.section3_size.header_len() + data_len;
    let layout = &motion.layout;
    // A 2-byte section-3 size followed by 2 bytes of padding would read exactly like a
    // 4-byte size without padding, so the keyframes of a 2-byte-size file are never padded
    // to 4 (no real ERS-110 file pads them either).
    let section3_padding = match (layout.section3_size, &layout.section3_padding) {
        (SizeWidth::U16, Padding::Align4) => Vec::new(),
        (_, padding) => padding.bytes_for(section3_content),
    };
    let padding = [
        layout.section1_padding.bytes_for(section1_content),
        layout.section2_padding.bytes_for(section2_content),
        section3_padding,
    ];
    if layout.section3_size == SizeWidth::U16
        && section3_content + padding[2].len() > usize::from(u16::MAX)
    {
        return Err(EncodeError::Section3TooLarge {
            size: section3_content + padding[2].len(),
        });
    }
    Ok(Plan {
        strings,
        locators,
        section1_content,
        section2_content,
        section3_content,
        padding,
    })
}

/// Where each field of `motion` lands when it is encoded.
///
/// # Errors
/// As [`encode`].
pub fn offsets(motion: &Motion) -> Result<Offsets, EncodeError> {
    let plan = plan(motion)?;
    let name = SECTION1_AT + SECTION_HEADER_LEN;
    let creator = name + 1 + plan.strings[0].len();
    let design = creator + 1 + plan.strings[1].len();
    let section2 = SECTION1_AT + plan.section1_content + plan.padding[0].len();
    let mut locators = Vec::with_capacity(plan.locators.len());
    let mut at = section2 + SECTION_HEADER_LEN + 2;
    for locator in &plan.locators {
        locators.push(at);
        at += 1 + locator.len();
    }
    let section3 = section2 + plan.section2_content + plan.padding[1].len();
    let header_len = motion.layout.section3_size.header_len();
    Ok(Offsets {
        name,
        creator,
        design,
        locators,
        data_type: section3 + header_len - 4,
        keyframes: section3 + header_len,
        joint_count: motion.locators.len(),
    })
}

fn put_u16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put_u32(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put_size(out: &mut Vec<u8>, size: usize) {
    // Sizes were checked against the format's limits in `plan`; a u32 section size cannot
    // overflow because every count is at most 65,535 and every string at most 255 bytes.
    put_u32(out, u32::try_from(size).unwrap_or(u32::MAX));
}

fn put_pascal(out: &mut Vec<u8>, bytes: &[u8]) {
    out.push(u8::try_from(bytes.len()).unwrap_or(u8::MAX));
    out.extend_from_slice(bytes);
}

/// Encodes a motion.
///
/// # Errors
/// A string that is too long or not Latin-1, more than 65,535 joints or keyframes, or an
/// ERS-110 keyframe section too large for its 2-byte size field.
pub fn encode(motion: &Motion) -> Result<Vec<u8>, EncodeError> {
    let plan = plan(motion)?;
    let section1_size = plan.section1_content + plan.padding[0].len();
    let section2_size = plan.section2_content + plan.padding[1].len();
    let section3_size = plan.section3_content + plan.padding[2].len();
    let total = SECTION1_AT + section1_size + section2_size + section3_size;
    let mut out = Vec::with_capacity(total);
    let joint_count = plan.locators.len();
    let keyframe_count = motion.keyframes.len();

    out.extend_from_slice(MAGIC);
    put_u32(&mut out, 0);
    put_size(&mut out, SECTION0_SIZE);
    put_u32(&mut out, SECTION0_COUNT);
    put_u16(&mut out, motion.version.major);
    put_u16(&mut out, motion.version.minor);
    put_u16(&mut out, u16::try_from(keyframe_count).unwrap_or(u16::MAX));
    put_u16(&mut out, motion.frame_rate);
    put_u32(&mut out, motion.reserved);

    put_u32(&mut out, 1);
    put_size(&mut out, section1_size);
    for string in &plan.strings {
        put_pascal(&mut out, string);
    }
    out.extend_from_slice(&plan.padding[0]);

    put_u32(&mut out, 2);
    put_size(&mut out, section2_size);
    put_u16(&mut out, u16::try_from(joint_count).unwrap_or(u16::MAX));
    for locator in &plan.locators {
        put_pascal(&mut out, locator);
    }
    out.extend_from_slice(&plan.padding[1]);

    put_u32(&mut out, 3);
    match motion.layout.section3_size {
        SizeWidth::U32 => put_size(&mut out, section3_size),
        SizeWidth::U16 => put_u16(&mut out, u16::try_from(section3_size).unwrap_or(u16::MAX)),
    }
    put_u32(&mut out, motion.data_type);
    write_keyframes(&mut out, motion);
    out.extend_from_slice(&plan.padding[2]);
    debug_assert_eq!(out.len(), total);
    Ok(out)
}

/// Writes the keyframe data into a buffer sized once, row by row.
fn write_keyframes(out: &mut Vec<u8>, motion: &Motion) {
    let keyframes = &motion.keyframes;
    let joint_count = keyframes.joint_count();
    let start = out.len();
    let data_len = if keyframes.is_empty() {
        0
    } else {
        FIRST_KEYFRAME_FIXED
            + 4 * joint_count
            + (keyframes.len() - 1) * (KEYFRAME_FIXED + 4 * joint_count)
    };
    out.resize(start + data_len, 0);
    let mut at = start;
    let angles = keyframes.angles();
    for (index, (&frames, body)) in keyframes.frames().iter().zip(keyframes.body()).enumerate() {
        if index > 0 {
            out[at..at + 4].copy_from_slice(&frames.to_le_bytes());
            at += 4;
        }
        for value in body {
            out[at..at + 4].copy_from_slice(&value.to_le_bytes());
            at += 4;
        }
        let row = &angles[index * joint_count..(index + 1) * joint_count];
        let dest = &mut out[at..at + 4 * joint_count];
        for (chunk, value) in dest.chunks_exact_mut(4).zip(row) {
            chunk.copy_from_slice(&value.to_le_bytes());
        }
        at += 4 * joint_count;
    }
}
