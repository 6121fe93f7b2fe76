//! Recoverable problems found in a file: values beside the model, never log lines.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How much a problem matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; the robot plays the file as intended.
    Info,
    /// The robot may play the file, but something is off (a limit, a label, a size it ignores).
    Warning,
    /// Sony's player would misread the file or lose data; repair before use.
    Error,
}

impl Severity {
    /// The lower-case word in JSON (stable: scripts match on it).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }

    /// The word people read (the CLI's text, the window): error, warning or note.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Info => "note",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A stable identifier for a kind of problem: its kebab-case name. The strings never change
/// once released: scripts and tests match on them. The codec names the problems of a file's
/// own structure and strings here; what the robot makes of a motion (its limits, its speeds,
/// the floor) is named where the robot is known ([`crate::robot::codes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProblemCode(&'static str);

impl ProblemCode {
    /// A code named `name` (kebab-case): for the layers that find problems of their own.
    #[must_use]
    pub const fn new(name: &'static str) -> Self {
        Self(name)
    }

    /// Section 0 is not {number 0, size 24, 4 sections}.
    pub const SECTION0_HEADER: Self = Self("section0-header");
    /// A section header carries the wrong section number.
    pub const SECTION_NUMBER: Self = Self("section-number");
    /// The section-1 size disagrees with the header strings it holds.
    pub const SECTION1_SIZE: Self = Self("section1-size");
    /// The motion name's length byte disagrees with the section.
    pub const NAME_LENGTH: Self = Self("name-length");
    /// The section-2 size disagrees with the joint list it holds.
    pub const SECTION2_SIZE: Self = Self("section2-size");
    /// The section-3 size disagrees with the keyframes it holds.
    pub const SECTION3_SIZE: Self = Self("section3-size");
    /// The keyframe count in section 0 disagrees with the keyframe data.
    pub const KEYFRAME_COUNT: Self = Self("keyframe-count");
    /// The file ends inside the keyframe data.
    pub const TRUNCATED: Self = Self("truncated");
    /// Bytes follow the end of the last section.
    pub const TRAILING_BYTES: Self = Self("trailing-bytes");
    /// Padding that is not zero, or longer than alignment needs.
    pub const PADDING: Self = Self("padding");
    /// A format version other than 1.0, 1.1 or 1.2.
    pub const VERSION: Self = Self("version");
    /// A frame-rate field other than 16 (or 0 on ERS-110 files).
    pub const FRAME_RATE: Self = Self("frame-rate");
    /// The reserved field in section 0 is not zero.
    pub const RESERVED: Self = Self("reserved");
    /// A data type other than 0 (angle data).
    pub const DATA_TYPE: Self = Self("data-type");
    /// A design label that names no known AIBO model.
    pub const UNKNOWN_DESIGN: Self = Self("unknown-design");
    /// A joint locator that does not belong to the design label's model.
    pub const LOCATOR_MISMATCH: Self = Self("locator-mismatch");
    /// The joints belong to the model but are not in the order its player expects.
    pub const JOINT_ORDER: Self = Self("joint-order");
    /// A motion name that does not follow `x_start#end_description`.
    pub const CHUNK_NAME: Self = Self("chunk-name");
    /// A motion with no keyframes.
    pub const EMPTY_MOTION: Self = Self("empty-motion");
    /// A header string with characters the file format cannot hold.
    pub const STRING_ENCODING: Self = Self("string-encoding");
    /// A section-3 size field of the other model's width (2 bytes outside the ERS-110, or
    /// 4 bytes on it): that model's player reads the keyframes 2 bytes off.
    pub const SECTION3_WIDTH: Self = Self("section3-width");
    /// The name says the motion starts (or ends) in a standard posture its first (last)
    /// keyframe is not in.
    pub const POSTURE_MISMATCH: Self = Self("posture-mismatch");

    /// Every code of a file's own, for tests that need one fixture per code.
    pub const FILE: [Self; 22] = [
        Self::SECTION0_HEADER,
        Self::SECTION_NUMBER,
        Self::SECTION1_SIZE,
        Self::NAME_LENGTH,
        Self::SECTION2_SIZE,
        Self::SECTION3_SIZE,
        Self::KEYFRAME_COUNT,
        Self::TRUNCATED,
        Self::TRAILING_BYTES,
        Self::PADDING,
        Self::VERSION,
        Self::FRAME_RATE,
        Self::RESERVED,
        Self::DATA_TYPE,
        Self::UNKNOWN_DESIGN,
        Self::LOCATOR_MISMATCH,
        Self::JOINT_ORDER,
        Self::CHUNK_NAME,
        Self::EMPTY_MOTION,
        Self::STRING_ENCODING,
        Self::SECTION3_WIDTH,
        Self::POSTURE_MISMATCH,
    ];

    /// The stable kebab-case string.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.0
    }

    /// Whether the problem is in the file's structure, so that writing the model back
    /// changes the bytes (sizes, counts, padding recomputed). A file with no structural
    /// problem is well-formed and round-trips byte for byte.
    #[must_use]
    pub fn is_structural(self) -> bool {
        [
            Self::SECTION0_HEADER,
            Self::SECTION_NUMBER,
            Self::SECTION1_SIZE,
            Self::NAME_LENGTH,
            Self::SECTION2_SIZE,
            Self::SECTION3_SIZE,
            Self::KEYFRAME_COUNT,
            Self::TRUNCATED,
            Self::TRAILING_BYTES,
        ]
        .contains(&self)
    }
}

impl Serialize for ProblemCode {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0)
    }
}

impl fmt::Display for ProblemCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// How much it matters.
    pub severity: Severity,
    /// What kind of problem it is.
    pub code: ProblemCode,
    /// The byte offset in the file (or archive entry) where it was found.
    pub offset: u64,
    /// A sentence for a person.
    pub message: String,
    /// Where in the motion it happens, in ms, for problems of the motion's content (a joint
    /// beyond its limit or too fast), so the editor can jump there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// The joint (its column in the file) a problem of the motion's content is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joint: Option<usize>,
}

impl Problem {
    /// Builds a problem.
    #[must_use]
    pub fn new(severity: Severity, code: ProblemCode, offset: usize, message: String) -> Self {
        Self {
            severity,
            code,
            offset: offset as u64,
            message,
            time_ms: None,
            joint: None,
        }
    }

    /// The same problem, about joint column `joint`.
    #[must_use]
    pub fn of_joint(mut self, joint: usize) -> Self {
        self.joint = Some(joint);
        self
    }

    /// The same problem, placed at a time in the motion.
    #[must_use]
    pub fn at_time(mut self, time_ms: u64) -> Self {
        self.time_ms = Some(time_ms);
        self
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} at byte {}: {}",
            self.severity, self.code, self.offset, self.message
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_and_kebab_case() {
        let strings: HashSet<&str> = ProblemCode::FILE.iter().map(|c| c.as_str()).collect();
        assert_eq!(strings.len(), ProblemCode::FILE.len());
        for code in ProblemCode::FILE {
            let json = serde_json::to_string(&code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }
}
