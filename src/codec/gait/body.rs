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
            problems.push(truncated(data, kind, at, space, needed));
        }
        return kept();
    }
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
                slope: numbers(bytes, 1 + n, n),
            }
        }
        SectionType::Stance => stance(bytes),
        SectionType::Detachment => detachment(bytes),
        SectionType::Attachment => attachment(bytes),
        SectionType::Flight | SectionType::AttachmentGesture => kept(),
    }
}

/// The problem of a section at `at` whose `space` bytes are fewer than the `needed` its
/// layout takes.
fn truncated(
    data: &[u8],
    kind: SectionType,
    at: usize,
    space: usize,
    needed: usize,
) -> GaitProblem {
    let there = data.get(at..at + space).unwrap_or(&[]).len();
    GaitProblem::new(
        Severity::Error,
        GaitCode::TruncatedSection,
        at,
        format!(
            "the {} at byte {at} needs {needed} bytes; only {there} are there before {}; \
             its bytes are kept as they are",
            kind.name(),
            if at + space >= data.len() {
                "the end of the file"
            } else {
                "the next section"
            }
        ),
    )
}

/// The `count` fixed-point numbers (16-bit, little-endian) at `from` in a section's
/// bytes; fewer where the bytes end.
fn numbers(bytes: &[u8], from: usize, count: usize) -> Vec<Fixed> {
    bytes
        .get(from..from + 2 * count)
        .unwrap_or(&[])
        .chunks_exact(2)
        .map(|b| Fixed(i16::from_le_bytes([b[0], b[1]])))
        .collect()
}

/// The `N` fixed-point numbers at `from`, zero where the bytes end.
fn fixed<const N: usize>(bytes: &[u8], from: usize) -> [Fixed; N] {
    let values = numbers(bytes, from, N);
    std::array::from_fn(|i| values.get(i).copied().unwrap_or_default())
}

/// The fixed-point number at `from`, zero where the bytes end.
fn one(bytes: &[u8], from: usize) -> Fixed {
    numbers(bytes, from, 1).first().copied().unwrap_or_default()
}

/// A stance controller's numbers: its matrices and gains, and the page's 8 more where the
/// section holds them.
fn stance(bytes: &[u8]) -> Body {
    Body::Stance {
        g: fixed(bytes, 0),
        g_inv: fixed(bytes, 32),
        kg: fixed(bytes, 64),
        fd: fixed(bytes, 72),
        vff: fixed(bytes, 80),
        extra: (bytes.len() >= STANCE_FULL).then(|| fixed(bytes, STANCE_NAMED)),
    }
}

/// A detachment section's numbers.
fn detachment(bytes: &[u8]) -> Body {
    Body::Detachment {
        fdes: one(bytes, 0),
        kstroke: one(bytes, 2),
        fthresh: one(bytes, 4),
        wup: fixed(bytes, 6),
        vwing: one(bytes, 14),
        fup: fixed(bytes, 16),
        vfoot: one(bytes, 24),
    }
}

/// An attachment section's numbers.
fn attachment(bytes: &[u8]) -> Body {
    Body::Attachment {
        vstroke: one(bytes, 0),
        wload: fixed(bytes, 2),
        vwing: one(bytes, 10),
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
