//! What the operations share: what one made (its outcome) and why one could not, and the
//! checks and helpers each of them uses on a motion.

use crate::codec::mtn::{Keyframe, Keyframes, Motion};
use crate::robot::{Design, Model, parse_design};

/// What an operation made, and what the user should know about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The new motion.
    pub motion: Motion,
    /// Sentences about what was done (values clamped, joints dropped, rounding).
    pub notes: Vec<String>,
}

impl Outcome {
    /// A result with nothing to say.
    #[must_use]
    pub fn plain(motion: Motion) -> Self {
        Self {
            motion,
            notes: Vec::new(),
        }
    }
}

/// Why one model's motions are not converted to another's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Unmapped {
    /// The motion is for that model already.
    #[error("it is already a motion for that model")]
    SameModel,
    /// The ERS-310's joints have no mapping.
    #[error("the ERS-310's joints are not mapped")]
    Ers310,
    /// Conversion goes to the ERS-110, not from it.
    #[error("motions are converted to the ERS-110, not from it")]
    FromErs110,
    /// No mapping between the two.
    #[error("no mapping between these models")]
    NoMapping,
}

/// Why an operation cannot be carried out as asked. Nothing is written then.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum OpError {
    /// The design label names no model whose joints we know.
    #[error(
        "the design label \"{0}\" names no AIBO model whose joints mtn-studio knows \
         (DRX-700, DRX-900, DRX-910, DRX-801, DRX-1000)"
    )]
    UnknownModel(String),
    /// A joint of the motion is not one of its model's joints.
    #[error("the joint {0} does not belong to the motion's model; `repair` or retarget it first")]
    UnknownJoint(String),
    /// Mirroring needs both joints of a left/right pair.
    #[error("cannot mirror: {joint} is in the motion but its partner {partner} is not")]
    NoPartner {
        /// The joint present.
        joint: String,
        /// Its missing partner.
        partner: String,
    },
    /// The motion has no keyframes.
    #[error("the motion has no keyframes")]
    Empty,
    /// A keyframe range that does not exist.
    #[error("keyframes {first}..{last} are not in a motion of {len} keyframes")]
    BadRange {
        /// First keyframe of the range.
        first: usize,
        /// Last keyframe of the range.
        last: usize,
        /// The motion's keyframe count.
        len: usize,
    },
    /// A factor that is not a positive, finite number.
    #[error("the factor must be a number above 0, not {0}")]
    BadFactor(f64),
    /// A keyframe the operation built does not fit the motion (a fault of the operation,
    /// reported rather than written).
    #[error("internal: {0}")]
    Keyframe(#[from] crate::codec::mtn::JointCountMismatch),
    /// A target too short for one 16 ms frame per segment.
    #[error(
        "{target_ms} ms is too short: the {segments} segments need at least one 16 ms frame \
         each ({min_ms} ms)"
    )]
    TooShort {
        /// The target, rounded to 16 ms.
        target_ms: u64,
        /// How many segments there are.
        segments: usize,
        /// The shortest possible duration.
        min_ms: u64,
    },
    /// A result longer than the format can store.
    #[error("{0} ms is longer than an MTN segment can hold")]
    TooLong(u64),
    /// Joining motions that do not meet needs a transition.
    #[error(
        "motion {index} does not start where the one before it ends: give a transition \
         (--transition MS) to join them"
    )]
    TransitionRequired {
        /// The 1-based position of the motion that does not meet its predecessor.
        index: usize,
    },
    /// A posture keyframe to add, and no transition to reach it.
    #[error(
        "the motion does not {which} in the {posture} posture ({joint} is {degrees:.1}° from \
         it): give a transition (--transition MS) for the keyframe that takes it there"
    )]
    PoseTransition {
        /// "start" or "end".
        which: String,
        /// The posture.
        posture: String,
        /// The joint farthest from it.
        joint: String,
        /// How far, in degrees.
        degrees: f64,
    },
    /// Motions of different models cannot be joined.
    #[error(
        "{other} is a motion for the {other_model}, not the {model}: convert it to {label} \
         first (in the window Motion > Convert to Another Model…; on the command line \
         mtn-studio retarget FILE --model {label} -o OUT)"
    )]
    DifferentModels {
        /// The first motion's model.
        model: String,
        /// Its design label.
        label: String,
        /// The motion that differs.
        other: String,
        /// Its model.
        other_model: String,
    },
    /// Motions of one model but different joint lists.
    #[error("{other} moves other joints than the first motion ({found} against {expected})")]
    DifferentJoints {
        /// The motion that differs.
        other: String,
        /// Its joint count.
        found: usize,
        /// The first motion's joint count.
        expected: usize,
    },
    /// A posture name we do not know.
    #[error("unknown posture \"{0}\": the standard postures are stand, sit and sleep")]
    UnknownPosture(String),
    /// A model without that posture in the tables.
    #[error("the {model} has no standard {posture} posture in mtn-studio's tables")]
    NoPosture {
        /// The model.
        model: String,
        /// The posture asked for.
        posture: String,
    },
    /// A conversion between models that is not supported.
    #[error("cannot convert a motion from the {from} to the {to}: {why}")]
    Retarget {
        /// The source model.
        from: String,
        /// The target model.
        to: String,
        /// Why not.
        why: Unmapped,
    },
    /// The work stopped before it was done (a background thread that failed).
    #[error("the operation stopped before it was done")]
    Interrupted,
    /// A tolerance that is not a number of degrees above 0 and at most 45.
    #[error("the tolerance must be above 0° and at most 45°, not {0}°")]
    BadTolerance(f64),
    /// A smoothing strength out of range.
    #[error("the strength must be above 0 and at most {max} frames, not {strength}")]
    BadStrength {
        /// What was asked.
        strength: f64,
        /// The most allowed.
        max: f64,
    },
    /// A time range that is not within the motion, or has no length.
    #[error(
        "the range {from_ms}..{to_ms} ms is not a stretch of this motion (0..{duration_ms} ms, \
         on 16 ms frames)"
    )]
    BadSpan {
        /// Its start, as asked.
        from_ms: u64,
        /// Its end, as asked.
        to_ms: u64,
        /// The motion's length.
        duration_ms: u64,
    },
    /// A range that ends where it starts, or before.
    #[error("the range {from_ms}..{to_ms} ms is empty: its start must come before its end")]
    EmptySpan {
        /// Its start, as asked.
        from_ms: u64,
        /// Its end, as asked.
        to_ms: u64,
    },
    /// A range too long to sample tick by tick.
    #[error("a range of {ms} ms is too long to shape here: at most {max_ms} ms at a time")]
    RangeTooLong {
        /// Its length.
        ms: u64,
        /// The longest allowed for this motion's joint count.
        max_ms: u64,
    },
    /// A segment that no length the format holds makes slow enough.
    #[error(
        "the segment into keyframe {keyframe} cannot be made slow enough for {joint}: no \
         length an MTN segment holds is"
    )]
    SpeedUnfixable {
        /// The keyframe the segment reaches.
        keyframe: usize,
        /// The joint.
        joint: String,
    },
    /// A generator drives a joint the motion or its model does not have.
    #[error("{model} has no {joint} joint for this generator to move")]
    NotOnModel {
        /// The joint.
        joint: String,
        /// The model, or the motion.
        model: String,
    },
    /// A generator drives a joint whose range is in no table.
    #[error(
        "mtn-studio has no table of the {model}'s {joint} range (none was published and Sony's \
         motions do not move it), so it cannot generate values for it"
    )]
    NoRange {
        /// The joint.
        joint: String,
        /// The model.
        model: String,
    },
    /// Ears whose two states a motion file's values cannot be told for (the ERS-210/220's).
    #[error(
        "the {model}'s ears are not generated: they are two-state (OPEN-R commands them as \
         a two-state joint, not an angle), and no source mtn-studio has says which value in \
         a motion file the robot takes as up (Sony's ERS-210 motions have no ear columns)"
    )]
    TwoStateEars {
        /// The model.
        model: String,
    },
    /// A generator's parameter out of its range.
    #[error("{what} must be {allowed}, not {value}")]
    BadParameter {
        /// The parameter.
        what: &'static str,
        /// What was asked.
        value: String,
        /// What it may be.
        allowed: String,
    },
    /// Pasting keyframes of other joints.
    #[error(
        "the copied keyframes move other joints ({0}); paste them into a motion of the same model"
    )]
    ClipJoints(String),
}

/// The motion's design label, parsed; an unknown label is an error.
///
/// # Errors
/// [`OpError::UnknownModel`].
pub fn design_of(motion: &Motion) -> Result<Design, OpError> {
    parse_design(&motion.design).ok_or_else(|| OpError::UnknownModel(motion.design.clone()))
}

/// The friendly name of each of the motion's joints under its model.
///
/// # Errors
/// An unknown model, or a locator that is not one of the model's joints.
pub fn joint_names(motion: &Motion, model: Model) -> Result<Vec<&'static str>, OpError> {
    motion
        .locators
        .iter()
        .map(|locator| {
            model
                .joint_by_locator(locator)
                .map(|(_, info)| info.name)
                .ok_or_else(|| OpError::UnknownJoint(locator.clone()))
        })
        .collect()
}

/// A motion with the same header as `motion` and these keyframes.
pub(crate) fn with_keyframes(motion: &Motion, keyframes: &[Keyframe]) -> Motion {
    let mut out = motion.clone();
    // Every keyframe was built from the motion's own rows, so the lengths agree.
    out.keyframes = Keyframes::from_vec(motion.keyframes.joint_count(), keyframes)
        .unwrap_or_else(|_| motion.keyframes.clone());
    out
}

/// Checks that `first..=last` are keyframes of `motion`.
///
/// # Errors
/// [`OpError::BadRange`] or [`OpError::Empty`].
pub fn check_range(motion: &Motion, first: usize, last: usize) -> Result<(), OpError> {
    let len = motion.keyframes.len();
    if len == 0 {
        return Err(OpError::Empty);
    }
    if first > last || last >= len {
        return Err(OpError::BadRange { first, last, len });
    }
    Ok(())
}

/// The name with its start and end postures set (either may be left as it is); a name
/// without the `start#end` grammar gets it, keeping the old name as the description.
#[must_use]
pub fn with_postures(name: &str, prefix: char, start: Option<&str>, end: Option<&str>) -> String {
    use crate::robot::chunk_name::{ChunkName, parse};
    let mut parsed = parse(name).unwrap_or_else(|| ChunkName {
        servos: Some(prefix),
        start: "stand".to_owned(),
        end: "stand".to_owned(),
        description: name.to_owned(),
    });
    if let Some(start) = start {
        start.clone_into(&mut parsed.start);
    }
    if let Some(end) = end {
        end.clone_into(&mut parsed.end);
    }
    parsed.compose()
}

/// Sentences for the joints that `after` moves faster than the servos can follow where
/// `before` did not (speed problems are per joint; their messages start with its name).
#[must_use]
pub fn new_speed_notes(before: &Motion, after: &Motion) -> Vec<String> {
    let speed = |motion: &Motion| {
        let Some(design) = parse_design(&motion.design) else {
            return Vec::new();
        };
        let offsets = crate::codec::mtn::offsets(motion).unwrap_or_default();
        crate::robot::speed::check_speeds(motion, &offsets, design.model)
    };
    let joint = |message: &str| message.split(' ').next().unwrap_or_default().to_owned();
    let old: Vec<String> = speed(before).iter().map(|p| joint(&p.message)).collect();
    speed(after)
        .into_iter()
        .filter(|p| !old.contains(&joint(&p.message)))
        .map(|p| format!("too fast for the servos now: {}", p.message))
        .collect()
}
