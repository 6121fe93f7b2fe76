//! A section's values read from its bytes by its type's layout.

use super::check::{GaitCode, GaitProblem};
use super::model::{Body, Fixed, SectionType};
use crate::codec::problem::Severity;

/// Bytes the stance controller's 44 named numbers take; 52 with the page's 8 more.
pub(super) const STANCE_NAMED: usize = 88;
const STANCE_FULL: usize = 104;

/// A section's body from the `space` bytes at `at`: by its layout where they hold it, else
/// its bytes (with a problem saying so).
pub(super) fn read_body(
    data: &[u8],
    code: u8,
    at: usize,
    space: usize,
    problems: &mut Vec<GaitProblem>,
) -> Body {
    let bytes = data.get(at..at + space).unwrap_or(&[]);
    let kept = || Body::Bytes {
        bytes: bytes.to_vec(),
    };
    let Some(kind) = SectionType::from_code(code) else {
        return kept();
    };
    let Some(needed) = needed(data, code, at) else {
        return kept();
    };
    if bytes.len() < needed {
        if at < data.len() {
            problems.push(GaitProblem::new(
                Severity::Error,
                GaitCode::TruncatedSection,
                at,
                format!(
                    "the {} at byte {at} needs {needed} bytes; only {} are there before {}; \
                     its bytes are kept as they are",
                    kind.name(),
                    bytes.len(),
                    if at + space >= data.len() {
                        "the end of the file"
                    } else {
                        "the next section"
                    }
                ),
            ));
        }
        return kept();
    }
    let numbers = |from: usize, count: usize| -> Vec<Fixed> {
        bytes
            .get(from..from + 2 * count)
            .unwrap_or(&[])
            .chunks_exact(2)
            .map(|b| Fixed(i16::from_le_bytes([b[0], b[1]])))
            .collect()
    };
    let array = |from: usize| -> [Fixed; 4] {
        let values = numbers(from, 4);
        std::array::from_fn(|i| values.get(i).copied().unwrap_or_default())
    };
    match kind {
        SectionType::ServoConfig => {
            let n = needed / 3;
            Body::ServoConfig {
                home: bytes[1..=n].to_vec(),
                upper: bytes[1 + n..=2 * n].to_vec(),
                lower: bytes[1 + 2 * n..=3 * n].to_vec(),
            }
        }
        SectionType::SensorConfig => {
            let n = needed / 3;
            Body::SensorConfig {
                zero: bytes[1..=n].to_vec(),
                slope: numbers(1 + n, n),
            }
        }
        SectionType::Stance => {
            let matrix = |from: usize| -> [Fixed; 16] {
                let values = numbers(from, 16);
                std::array::from_fn(|i| values.get(i).copied().unwrap_or_default())
            };
            Body::Stance {
                g: matrix(0),
                g_inv: matrix(32),
                kg: array(64),
                fd: array(72),
                vff: array(80),
                extra: (bytes.len() >= STANCE_FULL).then(|| {
                    let values = numbers(STANCE_NAMED, 8);
                    std::array::from_fn(|i| values.get(i).copied().unwrap_or_default())
                }),
            }
        }
        SectionType::Detachment => {
            let one = |from: usize| numbers(from, 1).first().copied().unwrap_or_default();
            Body::Detachment {
                fdes: one(0),
                kstroke: one(2),
                fthresh: one(4),
                wup: array(6),
                vwing: one(14),
                fup: array(16),
                vfoot: one(24),
            }
        }
        SectionType::Attachment => {
            let one = |from: usize| numbers(from, 1).first().copied().unwrap_or_default();
            Body::Attachment {
                vstroke: one(0),
                wload: array(2),
                vwing: one(10),
            }
        }
        SectionType::Flight | SectionType::AttachmentGesture => kept(),
    }
}

/// The bytes a section of type `code` at `at` takes by its layout (`None` for a section
/// kept as bytes, which takes its whole space).
pub(super) fn needed(data: &[u8], code: u8, at: usize) -> Option<usize> {
    let count = || usize::from(data.get(at).copied().unwrap_or(0));
    match SectionType::from_code(code)? {
        SectionType::ServoConfig | SectionType::SensorConfig => Some(1 + 3 * count()),
        SectionType::Stance => Some(STANCE_NAMED),
        SectionType::Detachment => Some(26),
        SectionType::Attachment => Some(12),
        SectionType::Flight | SectionType::AttachmentGesture => None,
    }
}
