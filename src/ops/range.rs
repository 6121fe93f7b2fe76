//! Time ranges: a run of keyframes copied, cut, deleted or pasted, and time inserted.
//!
//! A range is keyframes `first..=last`. Its clip keeps the segment that led into its first
//! keyframe (its lead-in), so pasting it elsewhere keeps its timing. Deleting a range closes
//! the gap: the keyframe after it is reached by the segment that reached the range.

use super::common::{OpError, Outcome, check_range, with_keyframes};
use crate::codec::mtn::{Keyframe, Motion};
use crate::robot::timing::FRAME_MS;
use serde::{Deserialize, Serialize};

/// Copied keyframes, with the joints they move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clip {
    /// The design label of the motion they came from.
    pub design: String,
    /// Their joints' locators.
    pub locators: Vec<String>,
    /// The keyframes; the first one's `frames` is the lead-in segment (0 when the range
    /// started the motion).
    pub keyframes: Vec<Keyframe>,
}

/// The lead-in a pasted clip gets when it has none: 15 interpolation frames (256 ms).
pub const DEFAULT_LEAD_FRAMES: u32 = 15;

/// First line of a clip as clipboard text.
const HEADER: &str = "mtn-studio keyframes";

impl Clip {
    /// The clip as clipboard text: a header line, then JSON.
    #[must_use]
    pub fn to_text(&self) -> String {
        format!(
            "{HEADER}\n{}",
            serde_json::to_string(self).unwrap_or_default()
        )
    }

    /// A clip from clipboard text written by [`Clip::to_text`]; `None` for other text.
    #[must_use]
    pub fn from_text(text: &str) -> Option<Self> {
        let json = text.strip_prefix(HEADER)?;
        let clip: Self = serde_json::from_str(json.trim()).ok()?;
        let joints = clip.locators.len();
        (!clip.keyframes.is_empty() && clip.keyframes.iter().all(|k| k.angles_urad.len() == joints))
            .then_some(clip)
    }
}

/// Keyframes `first..=last` as a clip.
///
/// # Errors
/// A range outside the motion.
pub fn copy(motion: &Motion, first: usize, last: usize) -> Result<Clip, OpError> {
    check_range(motion, first, last)?;
    Ok(Clip {
        design: motion.design.clone(),
        locators: motion.locators.clone(),
        keyframes: motion.keyframes.to_vec()[first..=last].to_vec(),
    })
}

/// The motion without keyframes `first..=last`; the keyframe after them is reached by the
/// segment that reached `first`, so the motion is shorter by the range's span.
///
/// # Errors
/// A range outside the motion.
pub fn delete(motion: &Motion, first: usize, last: usize) -> Result<Outcome, OpError> {
    check_range(motion, first, last)?;
    let mut keyframes = motion.keyframes.to_vec();
    let lead = keyframes[first].frames;
    keyframes.drain(first..=last);
    if let Some(next) = keyframes.get_mut(first) {
        next.frames = if first == 0 { 0 } else { lead };
    }
    Ok(Outcome::plain(with_keyframes(motion, &keyframes)))
}

/// The clip inserted after keyframe `after` (or at the start of an empty motion), the rest
/// of the motion moved later by the clip's length.
///
/// # Errors
/// A clip of other joints, or `after` outside the motion.
pub fn paste(motion: &Motion, clip: &Clip, after: usize) -> Result<Outcome, OpError> {
    if clip.locators != motion.locators {
        let from = crate::robot::parse_design(&clip.design)
            .map_or(clip.design.as_str(), |d| d.model.name());
        return Err(OpError::ClipJoints(format!(
            "{} joints of the {from}, against {} here",
            clip.locators.len(),
            motion.locators.len()
        )));
    }
    let mut keyframes = motion.keyframes.to_vec();
    let mut notes = Vec::new();
    let mut pasted = clip.keyframes.clone();
    let at = if keyframes.is_empty() {
        0
    } else {
        if after >= keyframes.len() {
            return Err(OpError::BadRange {
                first: after,
                last: after,
                len: keyframes.len(),
            });
        }
        after + 1
    };
    if let Some(first) = pasted.first_mut()
        && at > 0
        && first.frames == 0
    {
        first.frames = DEFAULT_LEAD_FRAMES;
        notes.push(format!(
            "the copied keyframes started their motion: they are reached in {} ms",
            (u64::from(DEFAULT_LEAD_FRAMES) + 1) * FRAME_MS
        ));
    }
    keyframes.splice(at..at, pasted);
    Ok(Outcome {
        motion: with_keyframes(motion, &keyframes),
        notes,
    })
}

/// `ms` more time after keyframe `after` (rounded to 16 ms frames): the segment after it
/// lasts longer, or, after the last keyframe, a copy of it holds the pose that long.
///
/// # Errors
/// `after` outside the motion, a result too long to store.
pub fn insert_time(motion: &Motion, after: usize, ms: u64) -> Result<Outcome, OpError> {
    check_range(motion, after, after)?;
    let (frames, note) = super::concat::transition_frames(ms);
    let mut keyframes = motion.keyframes.to_vec();
    let too_long = || OpError::TooLong(ms);
    if let Some(next) = keyframes.get_mut(after + 1) {
        let added = u32::try_from(frames).map_err(|_| too_long())?;
        next.frames = next.frames.checked_add(added).ok_or_else(too_long)?;
    } else {
        let hold = Keyframe {
            frames: u32::try_from(frames - 1).map_err(|_| too_long())?,
            ..keyframes[after].clone()
        };
        keyframes.push(hold);
    }
    Ok(Outcome {
        motion: with_keyframes(motion, &keyframes),
        notes: note.into_iter().collect(),
    })
}
