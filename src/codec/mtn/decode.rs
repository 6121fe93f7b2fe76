//! The lenient MTN reader: returns the model plus every problem found, recovering what real
//! files break (see `shared/spec/NOTES.md`), and fails only when no motion can be recovered.
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

fn to_usize(value: u32) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

/// A locator or header string that a tool could plausibly have written: printable ASCII.
fn is_plausible_text(bytes: &[u8]) -> bool {
    bytes.iter().all(|&b| (0x20..0x7F).contains(&b))
}

struct Reader<'a> {
    bytes: Bytes<'a>,
    problems: Vec<Problem>,
}

struct Strings<'a> {
    values: [&'a [u8]; 3],
    starts: [usize; 3],
    content_end: usize,
}

struct JointList<'a> {
    at: usize,
    size: usize,
    locators: Vec<&'a [u8]>,
    starts: Vec<usize>,
    content_end: usize,
}

impl<'a> Reader<'a> {
    fn problem(&mut self, severity: Severity, code: ProblemCode, offset: usize, message: String) {
        self.problems
            .push(Problem::new(severity, code, offset, message));
    }

    fn truncated(&self, offset: usize, what: &'static str) -> DecodeError {
        DecodeError::Truncated {
            offset: offset as u64,
            what,
            len: self.bytes.len() as u64,
        }
    }

    /// Three Pascal strings read forward from `at`.
    fn strings_forward(&self, at: usize) -> Option<Strings<'a>> {
        let mut values = [&[][..]; 3];
        let mut starts = [0; 3];
        let mut cursor = at;
        for (value, start) in values.iter_mut().zip(starts.iter_mut()) {
            *start = cursor;
            *value = self.bytes.pascal(cursor)?;
            cursor += 1 + value.len();
        }
        Some(Strings {
            values,
            starts,
            content_end: cursor,
        })
    }

    /// Three Pascal strings read forward from `at`, each cut short at `end`.
    fn strings_clamped(&self, at: usize, end: usize) -> Strings<'a> {
        let data = self.bytes.data();
        let end = end.min(data.len());
        let mut values = [&[][..]; 3];
        let mut starts = [end; 3];
        let mut cursor = at.min(end);
        for (value, start) in values.iter_mut().zip(starts.iter_mut()) {
            if cursor >= end {
                break;
            }
            *start = cursor;
            let len = usize::from(data[cursor]).min(end - cursor - 1);
            *value = &data[cursor + 1..cursor + 1 + len];
            cursor += 1 + len;
        }
        Strings {
            values,
            starts,
            content_end: cursor,
        }
    }

    /// Recovers the three strings in `[at, end)` from the back, for files whose name length
    /// byte is wrong: the design label and creator are found by their own length bytes, and
    /// the name is whatever lies before them.
    fn strings_backward(&self, at: usize, end: usize) -> Option<Strings<'a>> {
        let data = self.bytes.data();
        for padding in 0..=MAX_PADDING {
            let Some(content_end) = end.checked_sub(padding) else {
                break;
            };
            if content_end < at + 3 || !data[content_end..end].iter().all(|&b| b == 0) {
                continue;
            }
            let lowest_design = content_end.saturating_sub(256).max(at + 2);
            for design_at in (lowest_design..content_end).rev() {
                if usize::from(data[design_at]) != content_end - design_at - 1 {
                    continue;
                }
                let design = &data[design_at + 1..content_end];
                if design.is_empty() || !is_plausible_text(design) {
                    continue;
                }
                let lowest_creator = design_at.saturating_sub(256).max(at + 1);
                for creator_at in (lowest_creator..design_at).rev() {
                    if usize::from(data[creator_at]) != design_at - creator_at - 1 {
                        continue;
                    }
                    let creator = &data[creator_at + 1..design_at];
                    let name = &data[at + 1..creator_at];
                    if name.len() <= 255 && is_plausible_text(creator) && is_plausible_text(name) {
                        return Some(Strings {
                            values: [name, creator, design],
                            starts: [at, creator_at, design_at],
                            content_end,
                        });
                    }
                }
            }
        }
        None
    }

    /// A joint list at `at`. With `strict`, the section number must be 2 and every locator
    /// printable text, so that a scan for a misplaced section does not stop on garbage.
    fn joint_list(&self, at: usize, strict: bool) -> Option<JointList<'a>> {
        if strict && self.bytes.u32(at)? != 2 {
            return None;
        }
        let size = to_usize(self.bytes.u32(at + 4)?);
        let count = usize::from(self.bytes.u16(at + 8)?);
        let mut cursor = at + SECTION_HEADER_LEN + 2;
        // Every locator takes at least its length byte, so the bytes left bound the count.
        let capacity = count.min(self.bytes.len().saturating_sub(cursor));
        let mut locators = Vec::with_capacity(capacity);
        let mut starts = Vec::with_capacity(capacity);
        for _ in 0..count {
            let locator = self.bytes.pascal(cursor)?;
            if strict && (locator.is_empty() || !is_plausible_text(locator)) {
                return None;
            }
            starts.push(cursor);
            locators.push(locator);
            cursor += 1 + locator.len();
        }
        Some(JointList {
            at,
            size,
            locators,
            starts,
            content_end: cursor,
        })
    }

    /// Where section 3 starts after a joint list, if a section-3 header is near.
    fn section3_after(&self, list: &JointList<'_>) -> Option<usize> {
        let declared = list.at.checked_add(list.size)?;
        let end = list.content_end;
        if declared >= end && declared - end <= MAX_PADDING && self.bytes.u32(declared) == Some(3) {
            return Some(declared);
        }
        (end..=end + MAX_PADDING).find(|&x| {
            self.bytes.u32(x) == Some(3) && self.bytes.data()[end..x].iter().all(|&b| b == 0)
        })
    }

    /// Finds section 2: where section 1's size says, or, when that size is wrong, by a
    /// bounded scan for a joint list followed by a keyframe section.
    fn find_section2(&self, declared: Option<usize>) -> Option<usize> {
        // A section-2 header (number 2) whose joint list is followed by section 3.
        let consistent = |at: usize| {
            self.bytes.u32(at) == Some(2)
                && self
                    .joint_list(at, false)
                    .is_some_and(|list| self.section3_after(&list).is_some())
        };
        if let Some(at) = declared
            && consistent(at)
        {
            return Some(at);
        }
        // Where the header strings end, read forward, and padding.
        let forward = self.strings_forward(SECTION1_AT + SECTION_HEADER_LEN);
        if let Some(strings) = &forward {
            let end = strings.content_end;
            let after_padding = (end..=end + MAX_PADDING)
                .take_while(|&at| at == end || self.bytes.u8(at - 1) == Some(0))
                .find(|&at| consistent(at));
            if after_padding.is_some() {
                return after_padding;
            }
        }
        // Otherwise the strings are wrong too: scan for a joint list that looks like one
        // (printable locators), within three strings of at most 255 bytes and padding.
        let valid = |at: usize| {
            self.joint_list(at, true)
                .is_some_and(|list| self.section3_after(&list).is_some())
        };
        let first = SECTION1_AT + SECTION_HEADER_LEN + 3;
        let last = (SECTION1_AT + SECTION_HEADER_LEN + 3 * 256 + MAX_PADDING).min(self.bytes.len());
        let candidates: Vec<usize> = (first..last).filter(|&at| valid(at)).collect();
        candidates
            .iter()
            .copied()
            .find(|&at| {
                self.strings_backward(SECTION1_AT + SECTION_HEADER_LEN, at)
                    .is_some()
            })
            .or_else(|| candidates.first().copied())
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
            ProblemCode::Section0Header,
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
            ProblemCode::SectionNumber,
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
                    ProblemCode::NameLength,
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
                    ProblemCode::Section1Size,
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
            ProblemCode::Section1Size,
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
            ProblemCode::SectionNumber,
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
                        ProblemCode::SectionNumber,
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
            ProblemCode::Section2Size,
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
    let section2_padding = bytes
        .slice(list.content_end, at.saturating_sub(list.content_end))
        .unwrap_or(&[]);

    let first_len = FIRST_KEYFRAME_FIXED + 4 * joint_count;
    let stride = KEYFRAME_FIXED + 4 * joint_count;
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
            ProblemCode::Truncated,
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
            ProblemCode::Truncated,
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
            ProblemCode::KeyframeCount,
            SECTION0_AT + 16,
            format!(
                "the header says {header_count} keyframes but the keyframe section holds \
                 {held}; all {held} are kept"
            ),
        );
    }

    let mut keyframes = Keyframes::with_capacity(joint_count, count);
    let mut cursor = data_at;
    for index in 0..count {
        let frames = if index == 0 {
            0
        } else {
            let value = bytes.u32(cursor).unwrap_or(0);
            cursor += 4;
            value
        };
        let body = [
            bytes.i32(cursor).unwrap_or(0),
            bytes.i32(cursor + 4).unwrap_or(0),
            bytes.i32(cursor + 8).unwrap_or(0),
        ];
        cursor += 12;
        let Some(row) = bytes.slice(cursor, 4 * joint_count) else {
            break;
        };
        keyframes.push_le(frames, body, row);
        cursor += 4 * joint_count;
    }
    let content_end = cursor;

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
                    ProblemCode::Section3Size,
                    at + 4,
                    format!(
                        "section 3 declares {declared_size} bytes, but its {count} keyframes \
                         take {} (Sony's player ignores this size)",
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
            ProblemCode::TrailingBytes,
            section_end,
            format!(
                "{} bytes follow the end of the keyframe section at byte {section_end}",
                bytes.len() - section_end
            ),
        );
    }
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
            ProblemCode::Padding,
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
            ProblemCode::Padding,
            offset,
            format!(
                "{} padding bytes where 4-byte alignment needs {aligned_len}; they are kept",
                padding.len()
            ),
        );
        Padding::Bytes(padding.to_vec())
    }
}

/// How plausible one reading of the section-3 header is; higher is better, compared field by
/// field in order.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Plausibility {
    /// 2: the size field matches the keyframes exactly, as in every real file; 1: with up
    /// to 7 bytes of zero padding; 0: not at all.
    size_fits: u8,
    /// Interpolation counts no real file exceeds (read 2 bytes off, they are huge).
    sane_frames: usize,
    /// The width is the one the design label's model uses.
    label_agrees: bool,
    /// The data type reads as 0, as in every real file.
    data_type_zero: bool,
}

/// Interpolation counts above this are taken as a sign of a misaligned reading: real files
/// stay below 600 (about 10 s per segment); this allows over a minute.
const SANE_FRAMES: u32 = 4096;

/// Chooses the width of the section-3 size field. ERS-110 files use 2 bytes, all others 4;
/// the label says which to expect, but tools have relabelled files, so each reading is
/// scored on what the bytes say: a size that fits the keyframes exactly, then interpolation
/// counts that make sense; then the label, then a zero data type, break ties.
///
/// One layout is ambiguous by nature: a 2-byte size with 2 bytes of padding reads exactly
/// like a 4-byte size without. No real file and nothing we write has it; it reads as 4-byte.
fn section3_width(
    bytes: Bytes<'_>,
    at: usize,
    joint_count: usize,
    keyframe_count: usize,
    ers110: bool,
) -> SizeWidth {
    let data_len = keyframe_data_len(keyframe_count, joint_count);
    let score = |width: SizeWidth| {
        let header_len = width.header_len();
        let size = match width {
            SizeWidth::U32 => bytes.u32(at + 4).map(to_usize),
            SizeWidth::U16 => bytes.u16(at + 4).map(usize::from),
        };
        let content_end = at + header_len + data_len;
        let size_fits = size.map_or(0, |size| {
            let end = at.saturating_add(size);
            let padded = end >= content_end
                && end - content_end <= MAX_PADDING
                && bytes
                    .slice(content_end, end - content_end)
                    .is_some_and(|pad| pad.iter().all(|&b| b == 0));
            match (end == content_end && bytes.len() >= end, padded) {
                (true, _) => 2,
                (false, true) => 1,
                (false, false) => 0,
            }
        });
        let stride = KEYFRAME_FIXED + 4 * joint_count;
        let first_frames = at + header_len + FIRST_KEYFRAME_FIXED + 4 * joint_count;
        let sane_frames = (1..keyframe_count)
            .map_while(|k| bytes.u32(first_frames + (k - 1) * stride))
            .filter(|&frames| frames <= SANE_FRAMES)
            .count();
        Plausibility {
            size_fits,
            sane_frames,
            label_agrees: ers110 == (width == SizeWidth::U16),
            data_type_zero: bytes.u32(at + header_len - 4) == Some(0),
        }
    };
    if score(SizeWidth::U16) > score(SizeWidth::U32) {
        SizeWidth::U16
    } else {
        SizeWidth::U32
    }
}
