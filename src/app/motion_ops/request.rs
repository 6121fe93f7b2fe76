//! What the Motion menu asks for, as data, and running it on a motion.

use super::super::TabId;
use super::super::tabs::MotionTab;
use crate::codec::mtn::Motion;
use crate::edit::Document;
use crate::ops::range::{self, Clip};
use crate::ops::retime::Target;
use crate::ops::{self, OpError, Outcome};
use crate::words::plural;

/// How Retime sets the new length.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RetimeBy {
    /// This many ms.
    DurationMs(u64),
    /// The current length times this.
    Factor(f64),
}

/// One operation on a motion tab. Mirror, Reverse and Retime work on the selected time
/// range when there is one, else on the whole motion.
#[derive(Clone, Debug, PartialEq)]
pub enum OpRequest {
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
        /// The segment that reaches an added posture keyframe.
        transition_ms: u64,
    },
    /// Another open motion appended.
    Append {
        /// Its tab.
        other: TabId,
        /// The segment joining them where they do not meet.
        transition_ms: u64,
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
}

/// What an operation needs of the tab besides its motion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Context {
    /// The selected range's keyframes.
    pub range: Option<(usize, usize)>,
    /// The keyframe at (or last before) the playhead.
    pub at_playhead: usize,
}

impl Context {
    /// The context of a motion tab.
    #[must_use]
    pub fn of(tab: &MotionTab) -> Self {
        let times = tab.document.times_ms();
        let playhead = tab.playback.time_ms();
        Self {
            range: tab.view.range_keyframes(times),
            at_playhead: times.partition_point(|&t| t <= playhead).saturating_sub(1),
        }
    }
}

impl OpRequest {
    /// Runs the operation (`other`: the appended motion, with its title).
    ///
    /// # Errors
    /// What the operation refuses, with the reason.
    pub fn run(
        &self,
        motion: &Motion,
        context: &Context,
        other: Option<&(String, Motion)>,
    ) -> Result<Outcome, OpError> {
        let whole = (0, motion.keyframes.len().saturating_sub(1));
        let (first, last) = context.range.unwrap_or(whole);
        match self {
            Self::Mirror => ops::mirror::mirror_range(motion, first, last),
            Self::Reverse if context.range.is_none() => ops::reverse::reverse(motion),
            Self::Reverse => ops::reverse::reverse_range(motion, first, last),
            Self::Retime(by) => {
                let target = match *by {
                    RetimeBy::DurationMs(ms) => Target::DurationMs(ms),
                    RetimeBy::Factor(f) => Target::Factor(f),
                };
                ops::retime::retime_range(motion, first, last, target)
            }
            Self::ToRobotRate => ops::retime::to_robot_rate(motion),
            Self::Pose {
                start,
                end,
                transition_ms,
            } => ops::posture::pose(
                motion,
                start.as_deref(),
                end.as_deref(),
                Some(*transition_ms),
            ),
            Self::Append { transition_ms, .. } => {
                let Some((title, other)) = other else {
                    return Err(OpError::Empty);
                };
                ops::concat::concat(
                    &[motion, other],
                    &["this motion", title],
                    Some(*transition_ms),
                )
            }
            Self::Retarget { label, keep_feet } => {
                ops::retarget::retarget(motion, label, *keep_feet)
            }
            Self::DeleteRange | Self::CutRange => match context.range {
                Some((first, last)) => range::delete(motion, first, last),
                None => Err(OpError::Empty),
            },
            Self::Paste(clip) => range::paste(motion, clip, context.at_playhead),
            Self::InsertTime(ms) => range::insert_time(motion, context.at_playhead, *ms),
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
        }
    }

    /// Whether the timeline should frame the whole result (its length or joints changed
    /// a lot).
    #[must_use]
    pub fn refits(&self) -> bool {
        matches!(
            self,
            Self::Retime(_) | Self::ToRobotRate | Self::Append { .. } | Self::Retarget { .. }
        )
    }

    /// The range selected after the operation: the same keyframes, at their new times (the
    /// pasted ones after a paste; none after a deletion or a whole-motion operation).
    #[must_use]
    pub fn range_after(
        &self,
        context: &Context,
        document: &Document,
        keyframes_before: usize,
    ) -> Option<(u64, u64)> {
        let times = document.times_ms();
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
            _ => None,
        }
    }

    /// What the status bar says once it is done.
    #[must_use]
    pub fn done_message(&self, document: &Document) -> String {
        let motion = &document.motion;
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
        };
        format!("{what}: now {length}")
    }
}
