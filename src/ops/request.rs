//! An operation asked for, as data, and running it on a motion: the window's Motion menu
//! and dialogs and the command line's operation subcommands make the same requests and run
//! the same code.

use super::common::{OpError, Outcome};
use super::generate::Generator;
use super::range::{self, Clip};
use super::retime::Target;
use super::shape::{
    DEFAULT_TOLERANCE_DEG, ShapeSpec, Span, exact_span, keyframes_around, keyframes_within,
};
use crate::codec::mtn::Motion;
use crate::words::plural;

/// How Retime sets the new length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RetimeBy {
    /// This many ms.
    DurationMs(u64),
    /// The current length times this.
    Factor(f64),
}

impl RetimeBy {
    fn target(self) -> Target {
        match self {
            Self::DurationMs(ms) => Target::DurationMs(ms),
            Self::Factor(f) => Target::Factor(f),
        }
    }
}

/// One operation on a motion. Mirror, Reverse and Retime work on the selected time range
/// when there is one, else on the whole motion. `Other` names the motions an Append takes
/// (the window: other tabs; the command line: files); the caller reads them.
#[derive(Clone, Debug, PartialEq)]
pub enum OpRequest<Other = ()> {
    /// Left and right swapped.
    Mirror,
    /// Played backwards.
    Reverse,
    /// Stretched or squeezed.
    Retime(RetimeBy),
    /// The file's frame-rate field's durations, on the robot's 16 ms frames.
    ToRobotRate,
    /// Start and/or end in a standard posture.
    Pose {
        /// The start posture.
        start: Option<String>,
        /// The end posture.
        end: Option<String>,
        /// The segment that reaches an added posture keyframe (`None`: the posture's own).
        transition_ms: Option<u64>,
    },
    /// Other motions appended, in order.
    Append {
        /// The motions.
        others: Vec<Other>,
        /// The segment joining two that do not meet (required then).
        transition_ms: Option<u64>,
    },
    /// Converted to another model.
    Retarget {
        /// The target's design label.
        label: String,
        /// Keep the paws in place.
        keep_feet: bool,
    },
    /// The selected range's keyframes removed (and their time).
    DeleteRange,
    /// The same, after they were copied (Cut).
    CutRange,
    /// Copied keyframes inserted after the keyframe at the playhead.
    Paste(Box<Clip>),
    /// Time added after the keyframe at the playhead.
    InsertTime(u64),
    /// A range given a shape, baked into keyframes (`span_ms`: the range's times; `None`:
    /// the selected range, else the whole motion).
    Shape {
        /// The shape, the joints and the tolerance.
        spec: ShapeSpec,
        /// The range in ms.
        span_ms: Option<(u64, u64)>,
    },
    /// The fewest keyframes that replay the motion within a tolerance.
    Simplify {
        /// In degrees.
        tolerance_deg: f64,
        /// Only the keyframes within this range in ms.
        span_ms: Option<(u64, u64)>,
    },
    /// A low-pass over a range.
    Smooth {
        /// The filter's spread in 16 ms frames.
        strength: f64,
        /// How far the baked keyframes may stray from the smoothed curve, in degrees.
        tolerance_deg: f64,
        /// The range in ms.
        span_ms: Option<(u64, u64)>,
    },
    /// Too-fast segments lengthened until the servos follow.
    FixSpeed {
        /// Only the segments within this range in ms.
        span_ms: Option<(u64, u64)>,
    },
    /// Each keyframe's body pitch and roll set to how the body rests on the floor.
    BodyAngles,
    /// Keyframes made by a generator (a wag, ears, a look around, a mouth from a sound) in
    /// `span_ms`, else the selected range, else the whole motion.
    Generate {
        /// The generator and its parameters.
        generator: Generator,
        /// The range in ms.
        span_ms: Option<(u64, u64)>,
    },
}

/// The keyframe range a request without times works on: the selected one, else all.
fn selected_or_all(motion: &Motion, range: Option<(usize, usize)>) -> (usize, usize) {
    range.unwrap_or((0, motion.keyframes.len().saturating_sub(1)))
}

/// A range with exact ends: `span_ms` (keyframes added at its ends where needed), else the
/// selected keyframes, else the whole motion.
fn exact(
    motion: &Motion,
    span_ms: Option<(u64, u64)>,
    range: Option<(usize, usize)>,
) -> Result<Span, OpError> {
    if let Some((from, to)) = span_ms {
        return exact_span(motion, from, to);
    }
    let (first, last) = selected_or_all(motion, range);
    Ok(Span {
        motion: motion.clone(),
        first,
        last,
        notes: Vec::new(),
    })
}

/// The keyframes `span_ms` holds, else the selected ones (`None`: all).
fn within(
    motion: &Motion,
    span_ms: Option<(u64, u64)>,
    range: Option<(usize, usize)>,
) -> Result<Option<(usize, usize)>, OpError> {
    match span_ms {
        Some((from, to)) => keyframes_within(motion, from, to).map(Some),
        None => Ok(range),
    }
}

/// An outcome with notes of how its range was made put after its own.
fn noted(outcome: Result<Outcome, OpError>, notes: Vec<String>) -> Result<Outcome, OpError> {
    outcome.map(|mut outcome| {
        outcome.notes.extend(notes);
        outcome
    })
}

/// Where in the motion an operation works, besides the motion itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// The motion's name in messages ("this motion" in the window, the file on the command
    /// line).
    pub label: String,
    /// The selected range's keyframes (`None`: the whole motion).
    pub range: Option<(usize, usize)>,
    /// The keyframe at (or last before) the playhead.
    pub at_playhead: usize,
}

impl Context {
    /// The whole motion, named `label`.
    #[must_use]
    pub fn whole(label: &str) -> Self {
        Self {
            label: label.to_owned(),
            range: None,
            at_playhead: 0,
        }
    }
}

impl<Other> OpRequest<Other> {
    /// Runs the operation (`appended`: the motions an Append takes, with their names).
    ///
    /// # Errors
    /// What the operation refuses, with the reason.
    pub fn run(
        &self,
        motion: &Motion,
        context: &Context,
        appended: &[(String, Motion)],
    ) -> Result<Outcome, OpError> {
        use super::{concat, mirror, posture, retarget, retime, reverse, shape};
        let range = context.range;
        match self {
            Self::Mirror => match range {
                Some((first, last)) => mirror::mirror_range(motion, first, last),
                None => mirror::mirror(motion),
            },
            Self::Reverse => match range {
                Some((first, last)) => reverse::reverse_range(motion, first, last),
                None => reverse::reverse(motion),
            },
            Self::Retime(by) => match range {
                Some((first, last)) => retime::retime_range(motion, first, last, by.target()),
                None => retime::retime(motion, by.target()),
            },
            Self::ToRobotRate => retime::to_robot_rate(motion),
            Self::Pose {
                start,
                end,
                transition_ms,
            } => posture::pose(motion, start.as_deref(), end.as_deref(), *transition_ms),
            Self::Append { transition_ms, .. } => {
                if appended.is_empty() {
                    return Err(OpError::Empty);
                }
                let motions: Vec<&Motion> = std::iter::once(motion)
                    .chain(appended.iter().map(|(_, m)| m))
                    .collect();
                let labels: Vec<&str> = std::iter::once(context.label.as_str())
                    .chain(appended.iter().map(|(l, _)| l.as_str()))
                    .collect();
                concat::concat(&motions, &labels, *transition_ms)
            }
            Self::Retarget { label, keep_feet } => retarget::retarget(motion, label, *keep_feet),
            Self::DeleteRange | Self::CutRange => match range {
                Some((first, last)) => range::delete(motion, first, last),
                None => Err(OpError::Empty),
            },
            Self::Paste(clip) => range::paste(motion, clip, context.at_playhead),
            Self::InsertTime(ms) => range::insert_time(motion, context.at_playhead, *ms),
            Self::Shape { spec, span_ms } => {
                let span = exact(motion, *span_ms, range)?;
                noted(
                    shape::shape(&span.motion, span.first, span.last, spec),
                    span.notes,
                )
            }
            Self::Simplify {
                tolerance_deg,
                span_ms,
            } => shape::simplify(motion, within(motion, *span_ms, range)?, *tolerance_deg),
            Self::Smooth {
                strength,
                tolerance_deg,
                span_ms,
            } => {
                let span = exact(motion, *span_ms, range)?;
                noted(
                    shape::smooth(
                        &span.motion,
                        Some((span.first, span.last)),
                        *strength,
                        *tolerance_deg,
                    ),
                    span.notes,
                )
            }
            // Every segment the range touches, even in part.
            Self::FixSpeed { span_ms } => match span_ms {
                Some((from, to)) => {
                    shape::fix_speed(motion, Some(keyframes_around(motion, *from, *to)?))
                }
                None => shape::fix_speed(motion, range),
            },
            Self::BodyAngles => super::body_angles::from_floor(motion),
            Self::Generate { generator, span_ms } => {
                let selected = range.and_then(|(first, last)| {
                    let times = crate::robot::timing::keyframe_times_ms(&motion.keyframes);
                    Some((*times.get(first)?, *times.get(last)?))
                });
                super::generate::generate(
                    motion,
                    span_ms.or(selected),
                    generator,
                    DEFAULT_TOLERANCE_DEG,
                )
            }
        }
    }

    /// The undo menu's noun phrase.
    #[must_use]
    pub fn undo_label(&self) -> String {
        match self {
            Self::Mirror => "mirror".to_owned(),
            Self::Reverse => "reverse".to_owned(),
            Self::Retime(_) | Self::ToRobotRate => "retime".to_owned(),
            Self::Pose { .. } => "standard postures".to_owned(),
            Self::Append { .. } => "append".to_owned(),
            Self::Retarget { label, .. } => format!("conversion to {label}"),
            Self::DeleteRange => "range deletion".to_owned(),
            Self::CutRange => "range cut".to_owned(),
            Self::Paste(_) => "range paste".to_owned(),
            Self::InsertTime(_) => "time insertion".to_owned(),
            Self::Shape { spec, .. } => spec.curve.words().to_owned(),
            Self::Simplify { .. } => "simplify".to_owned(),
            Self::Smooth { .. } => "smoothing".to_owned(),
            Self::FixSpeed { .. } => "speed fix".to_owned(),
            Self::BodyAngles => "body angles from the floor".to_owned(),
            Self::Generate { generator, .. } => generator.words().to_owned(),
        }
    }

    /// The verb for "Cannot ...".
    #[must_use]
    pub fn verb(&self) -> &'static str {
        match self {
            Self::Mirror => "mirror",
            Self::Reverse => "reverse",
            Self::Retime(_) | Self::ToRobotRate => "retime",
            Self::Pose { .. } => "set the postures",
            Self::Append { .. } => "append",
            Self::Retarget { .. } => "convert",
            Self::DeleteRange => "delete the range",
            Self::CutRange => "cut the range",
            Self::Paste(_) => "paste",
            Self::InsertTime(_) => "insert time",
            Self::Shape { .. } => "shape",
            Self::Simplify { .. } => "simplify",
            Self::Smooth { .. } => "smooth",
            Self::FixSpeed { .. } => "fix the speed",
            Self::BodyAngles => "set the body angles",
            Self::Generate { .. } => "generate",
        }
    }

    /// Whether the timeline should frame the whole result (its length or joints changed
    /// a lot).
    #[must_use]
    pub fn refits(&self) -> bool {
        matches!(
            self,
            Self::Retime(_)
                | Self::ToRobotRate
                | Self::Append { .. }
                | Self::Retarget { .. }
                | Self::Generate { .. }
        )
    }

    /// The range selected after the operation (`times`: the result's keyframe times): the
    /// same keyframes, at their new times (the pasted ones after a paste; none after a
    /// deletion or a whole-motion operation).
    #[must_use]
    pub fn range_after(
        &self,
        context: &Context,
        times: &[u64],
        keyframes_before: usize,
    ) -> Option<(u64, u64)> {
        let span = |first: usize, last: usize| Some((*times.get(first)?, *times.get(last)?));
        match self {
            Self::Mirror | Self::Reverse | Self::Retime(_) => {
                let (first, last) = context.range?;
                span(first, last)
            }
            Self::Paste(clip) => {
                let first = if keyframes_before == 0 {
                    0
                } else {
                    context.at_playhead + 1
                };
                span(first, first + clip.keyframes.len() - 1)
            }
            // A generator keeps the range it wrote into, as selected, so that another can
            // be written into it (the second review: each was a drag again).
            Self::Generate { span_ms, .. } => *span_ms,
            // These keep the range's times: its keyframes inside are fewer or more.
            Self::Shape { span_ms, .. }
            | Self::Simplify { span_ms, .. }
            | Self::Smooth { span_ms, .. } => span_ms.or_else(|| {
                let (first, last) = context.range?;
                let last = (last + times.len()).checked_sub(keyframes_before)?;
                span(first, last)
            }),
            // Whole-motion operations, and those that take the range away.
            Self::ToRobotRate
            | Self::Pose { .. }
            | Self::Append { .. }
            | Self::Retarget { .. }
            | Self::DeleteRange
            | Self::CutRange
            | Self::InsertTime(_)
            | Self::FixSpeed { .. }
            | Self::BodyAngles => None,
        }
    }

    /// What the status bar says once it is done.
    #[must_use]
    pub fn done_message(&self, motion: &Motion) -> String {
        let length = format!(
            "{} ms, {}",
            crate::robot::timing::duration_ms(&motion.keyframes),
            plural(motion.keyframes.len(), "keyframe", "keyframes")
        );
        let what = match self {
            Self::Mirror => "Mirrored",
            Self::Reverse => "Reversed",
            Self::Retime(_) | Self::ToRobotRate => "Retimed",
            Self::Pose { .. } => "Set the postures",
            Self::Append { .. } => "Appended",
            Self::Retarget { .. } => "Converted",
            Self::DeleteRange => "Deleted the range",
            Self::CutRange => "Cut the range",
            Self::Paste(_) => "Pasted",
            Self::InsertTime(_) => "Inserted time",
            Self::Shape { .. } => "Shaped",
            Self::Simplify { .. } => "Simplified",
            Self::Smooth { .. } => "Smoothed",
            Self::FixSpeed { .. } => "Fixed the speed",
            Self::BodyAngles => "Set the body angles from the floor",
            Self::Generate { .. } => "Generated",
        };
        format!("{what}: now {length}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    #[test]
    fn a_whole_motion_request_runs_the_whole_motion_operation() {
        let motion = stand_to_sit();
        let whole = Context::whole("stand_to_sit.mtn");
        let mirror: OpRequest = OpRequest::Mirror;
        assert_eq!(
            mirror.run(&motion, &whole, &[]),
            super::super::mirror::mirror(&motion)
        );
        let retime: OpRequest = OpRequest::Retime(RetimeBy::Factor(2.0));
        assert_eq!(
            retime.run(&motion, &whole, &[]),
            super::super::retime::retime(&motion, Target::Factor(2.0))
        );
    }

    #[test]
    fn an_append_joins_in_order_and_needs_a_motion_to_append() {
        let motion = stand_to_sit();
        let context = Context::whole("a.mtn");
        let append = OpRequest::Append {
            others: vec!["b.mtn"],
            transition_ms: Some(320),
        };
        assert_eq!(append.run(&motion, &context, &[]), Err(OpError::Empty));
        let joined = append
            .run(&motion, &context, &[("b.mtn".to_owned(), motion.clone())])
            .map(|o| o.motion.keyframes.len());
        assert!(joined.is_ok_and(|n| n > motion.keyframes.len()));
    }
}
