//! What can be wrong in a gait file: problems as values beside the model, with a stable
//! code, the byte offset and a message, as the MTN reader gives them.

use super::model::{Body, Fixed, Gait};
use crate::codec::problem::Severity;
use serde::Serialize;

/// A stable identifier for each kind of gait-file problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GaitCode {
    /// The size header disagrees with the file's length.
    SizeHeader,
    /// The TOC has no count byte (as in the images flashed onto the robot).
    NoCountByte,
    /// A TOC location past the end of the file, or inside the header or TOC.
    Location,
    /// Two sections share bytes.
    Overlap,
    /// A section runs past the end of the file (or into the next section).
    TruncatedSection,
    /// A servo whose lower limit is above its home, or home above its upper limit.
    ServoLimits,
    /// The stance controller's G^-1 is not the inverse of its G.
    Inverse,
    /// A section type the page does not name (its bytes are kept).
    UnknownType,
}

impl GaitCode {
    /// Every code, for tests that need one fixture per code.
    pub const ALL: [Self; 8] = [
        Self::SizeHeader,
        Self::NoCountByte,
        Self::Location,
        Self::Overlap,
        Self::TruncatedSection,
        Self::ServoLimits,
        Self::Inverse,
        Self::UnknownType,
    ];

    /// The stable kebab-case string.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SizeHeader => "size-header",
            Self::NoCountByte => "no-count-byte",
            Self::Location => "location",
            Self::Overlap => "overlap",
            Self::TruncatedSection => "truncated-section",
            Self::ServoLimits => "servo-limits",
            Self::Inverse => "inverse",
            Self::UnknownType => "unknown-type",
        }
    }
}

/// One problem of a gait file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GaitProblem {
    /// How much it matters.
    pub severity: Severity,
    /// What kind of problem.
    pub code: GaitCode,
    /// The byte offset it concerns.
    pub offset: usize,
    /// What was found, in words.
    pub message: String,
}

impl GaitProblem {
    pub(super) fn new(
        severity: Severity,
        code: GaitCode,
        offset: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            severity,
            code,
            offset,
            message: message.into(),
        }
    }
}

/// How far `G x G_inv` is from the identity, and how far it may be given that every entry
/// of both was rounded to 1/256: per entry (i, j) the product's deviation, less what
/// rounding each stored number by up to 1/512 can explain (`sum_k |G_ik| + |Ginv_kj|`
/// times 1/512, plus the product of two roundings). Positive: not an inverse.
#[must_use]
pub fn inverse_error(g: &[Fixed; 16], g_inv: &[Fixed; 16]) -> f64 {
    let half_step = 1.0 / 512.0;
    let mut worst = f64::NEG_INFINITY;
    for i in 0..4 {
        for j in 0..4 {
            let mut product = 0.0;
            let mut allowed = 0.0;
            for k in 0..4 {
                let (a, b) = (g[4 * i + k].value(), g_inv[4 * k + j].value());
                product += a * b;
                allowed += (a.abs() + b.abs()) * half_step + half_step * half_step;
            }
            let identity = if i == j { 1.0 } else { 0.0 };
            worst = worst.max((product - identity).abs() - allowed);
        }
    }
    worst
}

/// The problems of the sections' values: servo limits out of order, a G^-1 that is not
/// G's inverse.
pub(super) fn check_values(gait: &Gait, problems: &mut Vec<GaitProblem>) {
    for section in &gait.sections {
        let at = section.offset();
        match &section.body {
            Body::ServoConfig { home, upper, lower } => {
                let n = home.len();
                for (servo, ((&home, &upper), &lower)) in
                    home.iter().zip(upper).zip(lower).enumerate()
                {
                    if lower > home || home > upper {
                        let (kind, leg) = (servo / 4, servo % 4);
                        problems.push(GaitProblem::new(
                            Severity::Warning,
                            GaitCode::ServoLimits,
                            at + 1 + servo,
                            format!(
                                "servo {servo} (type {kind}, leg {leg}): home {home} is not \
                                 between its lower limit {lower} (byte {}) and upper limit \
                                 {upper} (byte {})",
                                at + 1 + 2 * n + servo,
                                at + 1 + n + servo
                            ),
                        ));
                    }
                }
            }
            Body::Stance { g, g_inv, .. } => {
                let error = inverse_error(g, g_inv);
                if error > 0.0 {
                    problems.push(GaitProblem::new(
                        Severity::Warning,
                        GaitCode::Inverse,
                        at + 32,
                        format!(
                            "G^-1 is not the inverse of G: G x G^-1 is off the identity by \
                             {error:.4} more than the 8.8 rounding of their numbers explains"
                        ),
                    ));
                }
            }
            Body::SensorConfig { .. }
            | Body::Detachment { .. }
            | Body::Attachment { .. }
            | Body::Bytes { .. } => {}
        }
    }
}
