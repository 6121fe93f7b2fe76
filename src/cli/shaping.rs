//! Shaping on the command line: `shape`, `simplify`, `smooth` and `fix-speed`. Each makes
//! the same request the window's Motion menu makes, prints what it did (keyframes replaced
//! or removed, the largest error, segments lengthened and by how much) and writes an .mtn
//! file or, with `--entry`, the entry back into an .oda archive. Bad input writes nothing.

use super::failure::Failure;
use super::ops::{InOut, run_op};
use crate::codec::mtn::Motion;
use crate::ops::OpRequest;
use crate::ops::shape::curve::HANDLE_VALUES;
use crate::ops::shape::{Curve, DEFAULT_TOLERANCE_DEG, Handles, ShapeSpec};
use clap::{Args, Subcommand, ValueEnum};
use std::io::Write;

/// The curves `shape` offers.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum CurveName {
    /// Slow out of the start (t²).
    In,
    /// Slow into the end (1 - (1 - t)²).
    Out,
    /// Slow at both ends (3t² - 2t³).
    InOut,
    /// A smooth curve through the range's keyframes that never overshoots them.
    Spline,
    /// Two handles, as the window's custom curve: give them with --handles.
    Custom,
}

impl CurveName {
    /// The curve (`handles`: --handles, which only the custom curve takes and needs).
    fn curve(self, handles: Option<&[f64]>) -> Result<Curve, Failure> {
        let curve = match (self, handles) {
            (Self::Custom, Some(&[x1, y1, x2, y2])) => {
                let time = 0.0..=1.0;
                let fits = time.contains(&x1)
                    && time.contains(&x2)
                    && HANDLE_VALUES.contains(&y1)
                    && HANDLE_VALUES.contains(&y2);
                if !fits {
                    return Err(Failure::usage(format!(
                        "--handles: times within 0..1 and values within {}..{}, not \
                         {x1},{y1},{x2},{y2}",
                        HANDLE_VALUES.start(),
                        HANDLE_VALUES.end()
                    )));
                }
                Curve::Custom(Handles {
                    start: [x1, y1],
                    end: [x2, y2],
                })
            }
            (Self::Custom, _) => {
                return Err(Failure::usage(
                    "--curve custom needs --handles T1,V1,T2,V2 (each handle's time 0..1 and \
                     value, 0 the start's value and 1 the end's)"
                        .to_owned(),
                ));
            }
            (_, Some(_)) => {
                return Err(Failure::usage(
                    "--handles goes with --curve custom only".to_owned(),
                ));
            }
            (Self::In, None) => Curve::EaseIn,
            (Self::Out, None) => Curve::EaseOut,
            (Self::InOut, None) => Curve::EaseInOut,
            (Self::Spline, None) => Curve::Spline,
        };
        Ok(curve)
    }
}

/// A range in ms.
#[derive(Debug, Args)]
pub struct Range {
    /// Where the range starts, in ms (on 16 ms frames).
    #[arg(long)]
    pub from: u64,
    /// Where it ends, in ms.
    #[arg(long)]
    pub to: u64,
}

/// A range in ms that may be left out (then: the whole motion).
#[derive(Debug, Args)]
pub struct MaybeRange {
    /// Where the range starts, in ms.
    #[arg(long, requires = "to")]
    pub from: Option<u64>,
    /// Where it ends, in ms.
    #[arg(long, requires = "from")]
    pub to: Option<u64>,
}

impl MaybeRange {
    /// The range, when both ends were given.
    pub(super) fn span(&self) -> Option<(u64, u64)> {
        Some((self.from?, self.to?))
    }
}

/// The shaping subcommands.
#[derive(Debug, Subcommand)]
pub enum ShapingCommand {
    /// Give a range a shape (ease in, out, in-out, a spline through its keyframes, or two
    /// handles) and
    /// bake it into the fewest keyframes whose replay stays within the tolerance; the
    /// range's end values stay exactly, the keyframes strictly inside it are replaced.
    Shape {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// The range.
        #[command(flatten)]
        range: Range,
        /// The shape.
        #[arg(long, value_enum)]
        curve: CurveName,
        /// The custom curve's handles: T1,V1,T2,V2 (times 0..1; values 0 at the start's
        /// value and 1 at the end's, beyond to overshoot).
        #[arg(long, value_delimiter = ',', num_args = 1, allow_hyphen_values = true)]
        handles: Option<Vec<f64>>,
        /// The joints to shape, by name or locator (the others keep their course).
        #[arg(long, value_delimiter = ',')]
        joints: Option<Vec<String>>,
        /// How far the replay may stray from the shape, in degrees.
        #[arg(long, default_value_t = DEFAULT_TOLERANCE_DEG, allow_negative_numbers = true)]
        tolerance: f64,
        /// Ease each segment between the range's keyframes on its own, every keyframe kept
        /// (as Blender eases each key), rather than one curve over the whole range.
        #[arg(long)]
        each_segment: bool,
    },
    /// The fewest of the motion's keyframes whose replay stays within the tolerance of the
    /// motion as it is (keyframes are only removed).
    Simplify {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// Only the keyframes in this range.
        #[command(flatten)]
        range: MaybeRange,
        /// How far the replay may stray, in degrees.
        #[arg(long, default_value_t = DEFAULT_TOLERANCE_DEG, allow_negative_numbers = true)]
        tolerance: f64,
    },
    /// A low-pass over a range (for recorded or imported motions that jitter); the range's
    /// end values stay exactly.
    Smooth {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// The range.
        #[command(flatten)]
        range: Range,
        /// How far the filter spreads, in 16 ms frames (above 0, at most 50; 1 is light,
        /// 4 strong).
        #[arg(long)]
        strength: f64,
        /// How far the baked keyframes may stray from the smoothed curve, in degrees.
        #[arg(long, default_value_t = DEFAULT_TOLERANCE_DEG, allow_negative_numbers = true)]
        tolerance: f64,
    },
    /// Lengthen each segment that a joint crosses faster than its servo can follow, to the
    /// shortest whole number of 16 ms frames that it can; values and other segments stay.
    FixSpeed {
        /// Input and output.
        #[command(flatten)]
        io: InOut,
        /// Only the segments in this range.
        #[command(flatten)]
        range: MaybeRange,
    },
}

/// The columns of the joints named (friendly names or locators, any case).
fn columns(motion: &Motion, names: &[String]) -> Result<Vec<usize>, Failure> {
    let model = crate::ops::design_of(motion)
        .map_err(|e| Failure::usage(format!("--joints: {e}")))?
        .model;
    let friendly = crate::ops::joint_names(motion, model)
        .map_err(|e| Failure::usage(format!("--joints: {e}")))?;
    names
        .iter()
        .map(|name| {
            let name = name.trim();
            friendly
                .iter()
                .zip(&motion.locators)
                .position(|(f, l)| f.eq_ignore_ascii_case(name) || l.eq_ignore_ascii_case(name))
                .ok_or_else(|| {
                    Failure::usage(format!(
                        "--joints: the motion has no joint named {name} (its joints: {})",
                        friendly.join(", ")
                    ))
                })
        })
        .collect()
}

/// Runs a shaping subcommand.
///
/// # Errors
/// Unreadable input, a request that cannot be done as asked, or an output that cannot be
/// written.
pub fn run(command: ShapingCommand, out: &mut dyn Write) -> Result<u8, Failure> {
    match command {
        ShapingCommand::Shape {
            io,
            range,
            curve,
            handles,
            joints,
            tolerance,
            each_segment,
        } => run_op(&io, out, |motion| {
            let curve = curve.curve(handles.as_deref())?;
            let joints = joints.map(|names| columns(motion, &names)).transpose()?;
            Ok(OpRequest::Shape {
                spec: ShapeSpec {
                    curve,
                    joints,
                    tolerance_deg: tolerance,
                    each_segment,
                },
                span_ms: Some((range.from, range.to)),
            })
        }),
        ShapingCommand::Simplify {
            io,
            range,
            tolerance,
        } => run_op(&io, out, |_| {
            Ok(OpRequest::Simplify {
                tolerance_deg: tolerance,
                span_ms: range.span(),
            })
        }),
        ShapingCommand::Smooth {
            io,
            range,
            strength,
            tolerance,
        } => run_op(&io, out, |_| {
            Ok(OpRequest::Smooth {
                strength,
                tolerance_deg: tolerance,
                span_ms: Some((range.from, range.to)),
            })
        }),
        ShapingCommand::FixSpeed { io, range } => run_op(&io, out, |_| {
            Ok(OpRequest::FixSpeed {
                span_ms: range.span(),
            })
        }),
    }
}
