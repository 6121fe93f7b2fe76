//! Concatenate motions of one model: where one ends exactly where the next starts, the two
//! keyframes merge; otherwise a transition segment joins them.

use super::common::{OpError, Outcome, design_of, with_keyframes};
use super::retime::round_to_frames;
use crate::codec::mtn::{Keyframe, Motion};
use crate::robot::chunk_name;
use crate::robot::timing::FRAME_MS;

/// A transition in whole 16 ms frames (at least one), and a note when `ms` was not whole.
#[must_use]
pub fn transition_frames(ms: u64) -> (u64, Option<String>) {
    let frames = round_to_frames(ms).max(1);
    let note = (ms != frames * FRAME_MS).then(|| {
        format!(
            "a transition of {ms} ms is not a whole number of 16 ms frames: made {} ms",
            frames * FRAME_MS
        )
    });
    (frames, note)
}

/// The motions one after another; `labels` name them in messages.
///
/// # Errors
/// Motions of different models or joints (pointing to retarget), motions that do not meet
/// when no transition is given, or an unknown model.
pub fn concat(
    motions: &[&Motion],
    labels: &[&str],
    transition_ms: Option<u64>,
) -> Result<Outcome, OpError> {
    let label = |i: usize| labels.get(i).copied().unwrap_or("a motion").to_owned();
    let Some((first, rest)) = motions.split_first() else {
        return Err(OpError::Empty);
    };
    let design = design_of(first)?;
    let mut notes = Vec::new();
    let transition = transition_ms.map(|ms| {
        let (frames, note) = transition_frames(ms);
        notes.extend(note);
        frames
    });
    let mut keyframes: Vec<Keyframe> = first.keyframes.to_vec();
    for (i, motion) in rest.iter().enumerate() {
        let other = design_of(motion)?;
        if other.model != design.model {
            return Err(OpError::DifferentModels {
                model: design.model.name().to_owned(),
                label: design.model.label().to_owned(),
                other: label(i + 1),
                other_model: other.model.name().to_owned(),
            });
        }
        if motion.locators != first.locators {
            return Err(OpError::DifferentJoints {
                other: label(i + 1),
                found: motion.locators.len(),
                expected: first.locators.len(),
            });
        }
        let mut next = motion.keyframes.to_vec();
        if next.is_empty() {
            continue;
        }
        let meets = keyframes.last().is_none_or(|last| {
            last.angles_urad == next[0].angles_urad && last.body_urad == next[0].body_urad
        });
        if meets {
            if !keyframes.is_empty() {
                next.remove(0);
            }
        } else {
            let frames = transition.ok_or(OpError::TransitionRequired { index: i + 2 })?;
            next[0].frames =
                u32::try_from(frames - 1).map_err(|_| OpError::TooLong(frames * FRAME_MS))?;
        }
        keyframes.extend(next);
    }
    if keyframes.len() > usize::from(u16::MAX) {
        notes.push(format!(
            "the result has {} keyframes, more than an MTN file holds (65,535)",
            keyframes.len()
        ));
    }
    let mut motion = with_keyframes(first, &keyframes);
    let last = motions.last().unwrap_or(first);
    match (
        chunk_name::parse(&first.name),
        chunk_name::parse(&last.name),
    ) {
        (Some(mut head), Some(tail)) => {
            head.end = tail.end;
            motion.name = head.compose();
        }
        _ => notes.push(format!(
            "the names do not all read as start#end postures: kept \"{}\"",
            first.name
        )),
    }
    Ok(Outcome { motion, notes })
}
