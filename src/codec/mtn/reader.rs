//! The reader's cursor over the bytes, and how it finds the sections when the sizes a file
//! declares are wrong: header strings read forward, clamped, or recovered from the back;
//! joint lists that look like joint lists; a section-3 header near where one should be.

use super::format::{MAX_PADDING, SECTION_HEADER_LEN, SECTION1_AT};
use crate::codec::bytes::Bytes;
use crate::codec::error::DecodeError;
use crate::codec::problem::{Problem, ProblemCode, Severity};

pub(super) fn to_usize(value: u32) -> usize {
    usize::try_from(value).unwrap_or(usize::MAX)
}

/// A locator or header string that a tool could plausibly have written: printable ASCII.
pub(super) fn is_plausible_text(bytes: &[u8]) -> bool {
    bytes.iter().all(|&b| (0x20..0x7F).contains(&b))
}

pub(super) struct Reader<'a> {
    pub(super) bytes: Bytes<'a>,
    pub(super) problems: Vec<Problem>,
}

pub(super) struct Strings<'a> {
    pub(super) values: [&'a [u8]; 3],
    pub(super) starts: [usize; 3],
    pub(super) content_end: usize,
}

pub(super) struct JointList<'a> {
    pub(super) at: usize,
    pub(super) size: usize,
    pub(super) locators: Vec<&'a [u8]>,
    pub(super) starts: Vec<usize>,
    pub(super) content_end: usize,
}

impl<'a> Reader<'a> {
    pub(super) fn problem(
        &mut self,
        severity: Severity,
        code: ProblemCode,
        offset: usize,
        message: String,
    ) {
        self.problems
            .push(Problem::new(severity, code, offset, message));
    }

    pub(super) fn truncated(&self, offset: usize, what: &'static str) -> DecodeError {
        DecodeError::Truncated {
            offset: offset as u64,
            what,
            len: self.bytes.len() as u64,
        }
    }

    /// Three Pascal strings read forward from `at`.
    pub(super) fn strings_forward(&self, at: usize) -> Option<Strings<'a>> {
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
    pub(super) fn strings_clamped(&self, at: usize, end: usize) -> Strings<'a> {
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
    pub(super) fn strings_backward(&self, at: usize, end: usize) -> Option<Strings<'a>> {
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
    pub(super) fn joint_list(&self, at: usize, strict: bool) -> Option<JointList<'a>> {
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
    pub(super) fn section3_after(&self, list: &JointList<'_>) -> Option<usize> {
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
    pub(super) fn find_section2(&self, declared: Option<usize>) -> Option<usize> {
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
