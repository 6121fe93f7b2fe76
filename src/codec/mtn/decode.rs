//! The lenient MTN reader: returns the model plus every problem found, recovering what real
//! files break (see `docs/formats/mtn.md#malformed-files-and-how-the-reader-recovers`), and
//! fails only when no motion can be recovered.
//!
//! Allocation is bounded by the input: every count read from the file is capped by the bytes
//! that are actually there before anything is reserved.

use super::encode::Offsets;
use super::format::{
    FIRST_KEYFRAME_FIXED, KEYFRAME_FIXED, MAGIC, MAX_PADDING, SECTION_HEADER_LEN, SECTION0_AT,
    SECTION0_COUNT, SECTION0_SIZE, SECTION1_AT, keyframe_data_len,
};
use super::keyframes::Keyframes;
use super::model::{Layout, Motion, Padding, SizeWidth, Version};
use super::reader::{JointList, Reader, Strings, to_usize};
use super::width::section3_width;
use crate::codec::bytes::Bytes;
use crate::codec::error::{DecodeError, describe_magic};
use crate::codec::latin1;
use crate::codec::problem::{Problem, ProblemCode, Severity};

/// A decoded motion with the problems found on the way.
#[derive(Clone, Debug)]
pub struct Decoded {
    /// The recovered motion.
    pub motion: Motion,
    /// Every problem found, in file order.
    pub problems: Vec<Problem>,
    /// Where each field was found in the file.
    pub offsets: Offsets,
}

impl Decoded {
    /// Whether the file's structure is sound: writing the model back gives the same bytes.
    #[must_use]
    pub fn is_well_formed(&self) -> bool {
        !self.problems.iter().any(|p| p.code.is_structural())
    }

    /// The most severe problem's severity, if there is any problem.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        self.problems.iter().map(|p| p.severity).max()
    }
}

/// Decodes an MTN file leniently: the motion, where each field was found, and every problem
/// of the file's structure. What the robot makes of the motion (labels, joints, limits,
/// names, speed) is checked above the codec, by `robot::check`.
///
/// # Errors
/// Only when no motion can be recovered: not an MTN file, or cut off before the joint list.
pub fn decode(data: &[u8]) -> Result<Decoded, DecodeError> {
    if data.is_empty() {
        return Err(DecodeError::Empty);
    }
    if data.starts_with(b"NotOMTN") {
        return Err(DecodeError::Placeholder);
    }
    if !data.starts_with(MAGIC) {
        return Err(DecodeError::NotMtn {
            found: describe_magic(data),
        });
    }
    let mut reader = Reader {
        bytes: Bytes::new(data),
        problems: Vec::new(),
    };
    let header = read_section0(&mut reader)?;
    let section1 = read_section1(&mut reader)?;
    let list = read_section2(&mut reader, section1.section2_at)?;
    let design = latin1::decode(section1.strings.values[2]);
    let section3 = read_section3(&mut reader, &list, &design, header.keyframe_count)?;

    let strings = &section1.strings;
    let section1_content = strings.content_end - SECTION1_AT;
    let section2_content = list.content_end - list.at;
    let section3_content = section3.content_end - section3.at;
    let paddings = [
        (section1_content, section1.padding),
        (section2_content, section3.section2_padding),
        (section3_content, section3.padding),
    ];
    // A file that leaves any section unpadded and unaligned is in the unpadded (ERS-110)
    // style; where a section's content happens to be aligned, either rule fits, and the
    // file's own style decides what an edit will do.
    let unpadded_style = paddings
        .iter()
        .any(|(content, padding)| padding.is_empty() && content % 4 != 0);
    let section_starts = [SECTION1_AT, list.at, section3.at];
    let mut policies = paddings
        .iter()
        .zip(section_starts)
        .map(|((content, padding), start)| {
            infer_padding(
                &mut reader,
                *content,
                padding,
                start + content,
                unpadded_style,
            )
        });
    let (Some(section1_padding), Some(section2_padding), Some(section3_padding)) =
        (policies.next(), policies.next(), policies.next())
    else {
        return Err(reader.truncated(SECTION1_AT, "the section layout"));
    };
    drop(policies);
    // The writer never pads a 2-byte-size keyframe section to 4 (it would read like a 4-byte
    // size); a file that has such padding keeps it as bytes.
    let section3_padding = match (section3.width, section3_padding) {
        (SizeWidth::U16, Padding::Align4) if !section3.padding.is_empty() => {
            Padding::Bytes(section3.padding.to_vec())
        }
        (_, padding) => padding,
    };

    let motion = Motion {
        name: latin1::decode(strings.values[0]),
        creator: latin1::decode(strings.values[1]),
        design,
        version: header.version,
        frame_rate: header.frame_rate,
        reserved: header.reserved,
        data_type: section3.data_type,
        locators: list.locators.iter().map(|l| latin1::decode(l)).collect(),
        keyframes: section3.keyframes,
        layout: Layout {
            section3_size: section3.width,
            section1_padding,
            section2_padding,
            section3_padding,
        },
    };
    let offsets = Offsets {
        name: strings.starts[0],
        creator: strings.starts[1],
        design: strings.starts[2],
        locators: list.starts,
        data_type: section3.at + section3.width.header_len() - 4,
        keyframes: section3.at + section3.width.header_len(),
        joint_count: motion.locators.len(),
    };
    let mut problems = reader.problems;
    problems.sort_by_key(|p| p.offset);
    Ok(Decoded {
        motion,
        problems,
        offsets,
    })
}

struct Header {
    version: Version,
    keyframe_count: usize,
    frame_rate: u16,
    reserved: u32,
}

fn read_section0(reader: &mut Reader<'_>) -> Result<Header, DecodeError> {
    let bytes = reader.bytes;
    let read = || {
        Some((
            bytes.u32(SECTION0_AT)?,
            bytes.u32(SECTION0_AT + 4)?,
            bytes.u32(SECTION0_AT + 8)?,
            bytes.u16(SECTION0_AT + 12)?,
            bytes.u16(SECTION0_AT + 14)?,
            bytes.u16(SECTION0_AT + 16)?,
            bytes.u16(SECTION0_AT + 18)?,
            bytes.u32(SECTION0_AT + 20)?,
        ))
    };
    let Some((number, size, count, major, minor, keyframe_count, frame_rate, reserved)) = read()
    else {
        return Err(reader.truncated(SECTION0_AT, "section 0 (the file header)"));
    };
    if (number, to_usize(size), count) != (0, SECTION0_SIZE, SECTION0_COUNT) {
        reader.problem(
            Severity::Warning,
            ProblemCode::SECTION0_HEADER,
            SECTION0_AT,
            format!(
                "section 0 says number {number}, size {size}, {count} sections; \
                 every MTN file has number 0, size 24, 4 sections"
            ),
        );
    }
    Ok(Header {
        version: Version { major, minor },
        keyframe_count: usize::from(keyframe_count),
        frame_rate,
        reserved,
    })
}

struct Section1<'a> {
    strings: Strings<'a>,
    padding: &'a [u8],
    section2_at: usize,
}

fn read_section1<'a>(reader: &mut Reader<'a>) -> Result<Section1<'a>, DecodeError> {
    let bytes = reader.bytes;
    let (Some(number), Some(size)) = (bytes.u32(SECTION1_AT), bytes.u32(SECTION1_AT + 4)) else {
        return Err(reader.truncated(SECTION1_AT, "section 1 (the header strings)"));
    };
    if number != 1 {
        reader.problem(
            Severity::Warning,
            ProblemCode::SECTION_NUMBER,
            SECTION1_AT,
            format!("section 1 is numbered {number}"),
        );
    }
    let strings_at = SECTION1_AT + SECTION_HEADER_LEN;
    let declared = SECTION1_AT.checked_add(to_usize(size));
    let forward = reader.strings_forward(strings_at);
    let section2_at = match reader.find_section2(declared) {
        Some(at) => at,
        None => match (&forward, declared) {
            (_, Some(at)) if bytes.u16(at + 8).is_some() => at,
            (Some(s), _) if bytes.u16(s.content_end + 8).is_some() => s.content_end,
            _ => return Err(reader.truncated(strings_at, "section 1 (the header strings)")),
        },
    };

    let fits = |s: &Strings<'_>| {
        s.content_end <= section2_at && section2_at - s.content_end <= MAX_PADDING
    };
    let strings = match forward {
        Some(s) if fits(&s) => s,
        forward => {
            if let Some(recovered) = reader.strings_backward(strings_at, section2_at) {
                let declared_len = bytes.u8(strings_at).unwrap_or(0);
                reader.problem(
                    Severity::Error,
                    ProblemCode::NAME_LENGTH,
                    strings_at,
                    format!(
                        "the motion name's length byte says {declared_len} characters, but the \
                         name runs to {} (\"{}\"); recovered the full name",
                        recovered.values[0].len(),
                        latin1::decode(recovered.values[0])
                    ),
                );
                recovered
            } else if let Some(s) = forward.filter(|s| s.content_end <= section2_at) {
                // The strings end well before section 2: long padding, kept as it is.
                s
            } else if bytes.len() >= section2_at {
                // The length bytes run past where section 2 really starts: cut the strings
                // there rather than read the joint list as text.
                let clamped = reader.strings_clamped(strings_at, section2_at);
                reader.problem(
                    Severity::Error,
                    ProblemCode::SECTION1_SIZE,
                    strings_at,
                    format!(
                        "the header strings' length bytes run past the joint list at byte \
                         {section2_at}; the strings were cut there (name \"{}\")",
                        latin1::decode(clamped.values[0])
                    ),
                );
                clamped
            } else {
                return Err(reader.truncated(strings_at, "section 1 (the header strings)"));
            }
        }
    };
    let padding = bytes
        .slice(
            strings.content_end,
            section2_at.saturating_sub(strings.content_end),
        )
        .unwrap_or(&[]);
    if declared != Some(section2_at) {
        reader.problem(
            Severity::Error,
            ProblemCode::SECTION1_SIZE,
            SECTION1_AT + 4,
            format!(
                "section 1 declares {size} bytes, but its strings and padding take {} \
                 (section 2 starts at byte {section2_at}); Sony's player would look for the \
                 joint list at byte {}",
                section2_at - SECTION1_AT,
                declared.map_or_else(|| "beyond the file".to_owned(), |d| d.to_string())
            ),
        );
    }
    Ok(Section1 {
        strings,
        padding,
        section2_at,
    })
}

fn read_section2<'a>(reader: &mut Reader<'a>, at: usize) -> Result<JointList<'a>, DecodeError> {
    let Some(number) = reader.bytes.u32(at) else {
        return Err(reader.truncated(at, "section 2 (the joint list)"));
    };
    if number != 2 {
        reader.problem(
            Severity::Warning,
            ProblemCode::SECTION_NUMBER,
            at,
            format!("section 2 is numbered {number}"),
        );
    }
    reader
        .joint_list(at, false)
        .ok_or_else(|| reader.truncated(at, "section 2 (the joint list)"))
}

struct Section3<'a> {
    at: usize,
    width: SizeWidth,
    data_type: u32,
    keyframes: Keyframes,
    content_end: usize,
    padding: &'a [u8],
    section2_padding: &'a [u8],
}

fn read_section3<'a>(
    reader: &mut Reader<'a>,
    list: &JointList<'a>,
    design: &str,
    header_count: usize,
) -> Result<Section3<'a>, DecodeError> {
    let bytes = reader.bytes;
    let joint_count = list.locators.len();
    let ers110 = super::format::is_ers110_label(design);
    let at = locate_section3(reader, list, ers110);
    let section2_padding = bytes
        .slice(list.content_end, at.saturating_sub(list.content_end))
        .unwrap_or(&[]);

    let size32 = bytes.u32(at + 4).map(to_usize);
    let size16 = bytes.u16(at + 4).map(usize::from);
    let width = section3_width(bytes, at, joint_count, header_count, ers110);
    let header_len = width.header_len();
    let data_at = at + header_len;
    let (Some(declared_size), Some(data_type)) = (
        match width {
            SizeWidth::U32 => size32,
            SizeWidth::U16 => size16,
        },
        bytes.u32(data_at - 4),
    ) else {
        reader.problem(
            Severity::Error,
            ProblemCode::TRUNCATED,
            at,
            format!(
                "the file ends at byte {} before the keyframe section; the motion has no keyframes",
                bytes.len()
            ),
        );
        return Ok(Section3 {
            at,
            width,
            data_type: 0,
            keyframes: Keyframes::new(joint_count),
            content_end: at + header_len,
            padding: &[],
            section2_padding,
        });
    };

    let area = KeyframeArea {
        at,
        data_at,
        header_len,
        declared_size,
        joint_count,
    };
    let (count, count_adjusted) = keyframe_count(reader, &area, header_count);
    let keyframes = Keyframes::read_le(joint_count, bytes.rest(data_at), count);
    let content_end = data_at + keyframe_data_len(keyframes.len(), joint_count);
    let padding = section3_padding(reader, &area, content_end, count, count_adjusted);
    Ok(Section3 {
        at,
        width,
        data_type,
        keyframes,
        content_end,
        padding,
        section2_padding,
    })
}

/// Finds where section 3 starts, and reports a section 2 size that does not lead there.
fn locate_section3(reader: &mut Reader<'_>, list: &JointList<'_>, ers110: bool) -> usize {
    let bytes = reader.bytes;
    let found = reader.section3_after(list);
    let declared = list.at.checked_add(list.size);
    let at = match found {
        Some(at) => at,
        None => match declared {
            Some(d) if d > list.content_end && d <= bytes.len() && bytes.u32(d) == Some(3) => d,
            _ => {
                let guess = if ers110 {
                    list.content_end
                } else {
                    list.content_end.next_multiple_of(4)
                };
                if bytes.len() > list.content_end {
                    let number = bytes
                        .u32(guess)
                        .map_or_else(|| "cut off".to_owned(), |n| n.to_string());
                    reader.problem(
                        Severity::Warning,
                        ProblemCode::SECTION_NUMBER,
                        guess,
                        format!("no section-3 header after the joint list (found {number} where 3 should be)"),
                    );
                }
                guess
            }
        },
    };
    if declared != Some(at) {
        reader.problem(
            Severity::Error,
            ProblemCode::SECTION2_SIZE,
            list.at + 4,
            format!(
                "section 2 declares {} bytes, but its joint list and padding take {} \
                 (section 3 starts at byte {at}); Sony's player would look for the keyframes \
                 in the wrong place",
                list.size,
                at.saturating_sub(list.at)
            ),
        );
    }
    at
}

/// Where a keyframe section's parts are: its start, its keyframe data and its declared size.
struct KeyframeArea {
    at: usize,
    data_at: usize,
    header_len: usize,
    declared_size: usize,
    joint_count: usize,
}

/// How many keyframes to read, and whether that differs from the header's count: fewer when
/// the file is cut off, more when the section holds more than the header says (reported).
fn keyframe_count(
    reader: &mut Reader<'_>,
    area: &KeyframeArea,
    header_count: usize,
) -> (usize, bool) {
    let bytes = reader.bytes;
    let &KeyframeArea {
        data_at,
        header_len,
        declared_size,
        joint_count,
        ..
    } = area;
    let first_len = FIRST_KEYFRAME_FIXED + 4 * joint_count;
    let stride = KEYFRAME_FIXED + 4 * joint_count;
    let available = bytes.len() - data_at;
    let complete = if available >= first_len {
        1 + (available - first_len) / stride
    } else {
        0
    };
    let in_section = declared_size
        .checked_sub(header_len + first_len)
        .map(|rest| (1 + rest / stride, rest % stride));
    let mut count = header_count;
    let mut count_adjusted = false;
    if header_count > complete {
        count = complete;
        count_adjusted = true;
        let partial = available - keyframe_data_len(complete, joint_count);
        reader.problem(
            Severity::Error,
            ProblemCode::TRUNCATED,
            data_at + keyframe_data_len(complete, joint_count),
            format!(
                "the file ends inside the keyframe data: the header promises {header_count} \
                 keyframes, {complete} are complete{}",
                if partial > 0 {
                    format!(" and {partial} bytes of the next one are lost")
                } else {
                    String::new()
                }
            ),
        );
    } else if let Some((held, leftover)) = in_section
        && held > header_count
        && held <= complete
        && leftover <= MAX_PADDING
    {
        count = held;
        count_adjusted = true;
        reader.problem(
            Severity::Error,
            ProblemCode::KEYFRAME_COUNT,
            SECTION0_AT + 16,
            format!(
                "the header says {} but the keyframe section holds {held}; all {held} are kept",
                crate::words::plural(header_count, "keyframe", "keyframes")
            ),
        );
    }
    (count, count_adjusted)
}

/// The padding after the keyframes (none when the declared size does not fit, reported unless
/// the count was already), and a report of any bytes after the section.
fn section3_padding<'a>(
    reader: &mut Reader<'a>,
    area: &KeyframeArea,
    content_end: usize,
    count: usize,
    count_adjusted: bool,
) -> &'a [u8] {
    let bytes = reader.bytes;
    let &KeyframeArea {
        at, declared_size, ..
    } = area;
    let declared_end = at.checked_add(declared_size);
    let (section_end, padding) = match declared_end {
        Some(end)
            if end >= content_end && end - content_end <= MAX_PADDING && end <= bytes.len() =>
        {
            (end, &bytes.data()[content_end..end])
        }
        _ => {
            if !count_adjusted {
                reader.problem(
                    Severity::Warning,
                    ProblemCode::SECTION3_SIZE,
                    at + 4,
                    format!(
                        "section 3 declares {declared_size} bytes, but its {} take {} (Sony's \
                         player ignores this size)",
                        crate::words::plural(count, "keyframe", "keyframes"),
                        content_end - at
                    ),
                );
            }
            (content_end, &[][..])
        }
    };
    if section_end < bytes.len() {
        reader.problem(
            Severity::Warning,
            ProblemCode::TRAILING_BYTES,
            section_end,
            format!(
                "{} bytes follow the end of the keyframe section at byte {section_end}",
                bytes.len() - section_end
            ),
        );
    }
    padding
}

/// Chooses the padding rule that reproduces a section's padding bytes, and reports padding
/// that is not zero or is longer than alignment needs.
fn infer_padding(
    reader: &mut Reader<'_>,
    content_len: usize,
    padding: &[u8],
    offset: usize,
    unpadded_style: bool,
) -> Padding {
    let aligned_len = (4 - content_len % 4) % 4;
    let zero = padding.iter().all(|&b| b == 0);
    if !zero {
        reader.problem(
            Severity::Info,
            ProblemCode::PADDING,
            offset,
            format!(
                "{} padding bytes are not zero; they are kept as they are",
                padding.len()
            ),
        );
        return Padding::Bytes(padding.to_vec());
    }
    if padding.is_empty() && (aligned_len != 0 || unpadded_style) {
        Padding::None
    } else if padding.len() == aligned_len {
        Padding::Align4
    } else {
        reader.problem(
            Severity::Info,
            ProblemCode::PADDING,
            offset,
            format!(
                "{} padding bytes where 4-byte alignment needs {aligned_len}; they are kept",
                padding.len()
            ),
        );
        Padding::Bytes(padding.to_vec())
    }
}
