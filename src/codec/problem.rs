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
    /// The lower-case word used in the CLI and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A stable identifier for each kind of problem. The strings never change once released:
/// scripts and tests match on them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ProblemCode {
    /// Section 0 is not {number 0, size 24, 4 sections}.
    Section0Header,
    /// A section header carries the wrong section number.
    SectionNumber,
    /// The section-1 size disagrees with the header strings it holds.
    Section1Size,
    /// The motion name's length byte disagrees with the section.
    NameLength,
    /// The section-2 size disagrees with the joint list it holds.
    Section2Size,
    /// The section-3 size disagrees with the keyframes it holds.
    Section3Size,
    /// The keyframe count in section 0 disagrees with the keyframe data.
    KeyframeCount,
    /// The file ends inside the keyframe data.
    Truncated,
    /// Bytes follow the end of the last section.
    TrailingBytes,
    /// Padding that is not zero, or longer than alignment needs.
    Padding,
    /// A format version other than 1.0, 1.1 or 1.2.
    Version,
    /// A frame-rate field other than 16 (or 0 on ERS-110 files).
    FrameRate,
    /// The reserved field in section 0 is not zero.
    Reserved,
    /// A data type other than 0 (angle data).
    DataType,
    /// A design label that names no known AIBO model.
    UnknownDesign,
    /// A joint locator that does not belong to the design label's model.
    LocatorMismatch,
    /// The joints belong to the model but are not in the order its player expects.
    JointOrder,
    /// A joint value outside the model's limits.
    JointLimit,
    /// A motion name that does not follow `x_start#end_description`.
    ChunkName,
    /// A motion with no keyframes.
    EmptyMotion,
    /// A header string with characters the file format cannot hold.
    StringEncoding,
    /// A section-3 size field of the other model's width (2 bytes outside the ERS-110, or
    /// 4 bytes on it): that model's player reads the keyframes 2 bytes off.
    Section3Width,
    /// A joint commanded faster than the model's servos can follow.
    JointSpeed,
    /// The name says the motion starts (or ends) in a standard posture its first (last)
    /// keyframe is not in.
    PostureMismatch,
    /// The body topples: between two ticks it turns by more than 10 degrees onto other
    /// parts (`robot::floor`).
    Falls,
    /// Standing on its paws with its weight under 10 mm from tipping for over 100 ms.
    Unstable,
    /// A paw carrying weight slides along the floor by more than 5 mm between ticks.
    PawSlide,
}

impl ProblemCode {
    /// Every code, for tests that need one fixture per code.
    pub const ALL: [Self; 27] = [
        Self::Section0Header,
        Self::SectionNumber,
        Self::Section1Size,
        Self::NameLength,
        Self::Section2Size,
        Self::Section3Size,
        Self::KeyframeCount,
        Self::Truncated,
        Self::TrailingBytes,
        Self::Padding,
        Self::Version,
        Self::FrameRate,
        Self::Reserved,
        Self::DataType,
        Self::UnknownDesign,
        Self::LocatorMismatch,
        Self::JointOrder,
        Self::JointLimit,
        Self::ChunkName,
        Self::EmptyMotion,
        Self::StringEncoding,
        Self::Section3Width,
        Self::JointSpeed,
        Self::PostureMismatch,
        Self::Falls,
        Self::Unstable,
        Self::PawSlide,
    ];

    /// The stable kebab-case string.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Section0Header => "section0-header",
            Self::SectionNumber => "section-number",
            Self::Section1Size => "section1-size",
            Self::NameLength => "name-length",
            Self::Section2Size => "section2-size",
            Self::Section3Size => "section3-size",
            Self::KeyframeCount => "keyframe-count",
            Self::Truncated => "truncated",
            Self::TrailingBytes => "trailing-bytes",
            Self::Padding => "padding",
            Self::Version => "version",
            Self::FrameRate => "frame-rate",
            Self::Reserved => "reserved",
            Self::DataType => "data-type",
            Self::UnknownDesign => "unknown-design",
            Self::LocatorMismatch => "locator-mismatch",
            Self::JointOrder => "joint-order",
            Self::JointLimit => "joint-limit",
            Self::ChunkName => "chunk-name",
            Self::EmptyMotion => "empty-motion",
            Self::StringEncoding => "string-encoding",
            Self::Section3Width => "section3-width",
            Self::JointSpeed => "joint-speed",
            Self::PostureMismatch => "posture-mismatch",
            Self::Falls => "falls",
            Self::Unstable => "unstable",
            Self::PawSlide => "paw-slide",
        }
    }

    /// Whether the problem is in the file's structure, so that writing the model back
    /// changes the bytes (sizes, counts, padding recomputed). A file with no structural
    /// problem is well-formed and round-trips byte for byte.
    #[must_use]
    pub fn is_structural(self) -> bool {
        matches!(
            self,
            Self::Section0Header
                | Self::SectionNumber
                | Self::Section1Size
                | Self::NameLength
                | Self::Section2Size
                | Self::Section3Size
                | Self::KeyframeCount
                | Self::Truncated
                | Self::TrailingBytes
        )
    }
}

impl fmt::Display for ProblemCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found in a file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
        }
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
        let strings: HashSet<&str> = ProblemCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(strings.len(), ProblemCode::ALL.len());
        for code in ProblemCode::ALL {
            let json = serde_json::to_string(&code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
        }
    }
}
