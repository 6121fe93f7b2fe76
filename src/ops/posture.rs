//! Standard postures at the start and end: the first (last) keyframe becomes the model's stand,
//! sit or sleep posture (the tables of `docs/formats/robots.md#standard-postures`, body pitch
//! included), or, where the motion is not already within [`MATCH_TOLERANCE_DEG`] of it, a
//! keyframe in the posture is added before (after) it with a transition. The name's postures
//! follow.

use super::common::{OpError, Outcome, design_of, with_keyframes, with_postures};
use super::concat::transition_frames;
use crate::codec::mtn::{Keyframe, Motion};
use crate::robot::models::PartialBody;
use crate::robot::postures::{MATCH_TOLERANCE_DEG, Posture, farthest_joint, posture, values_for};
use crate::robot::timing::FRAME_MS;

/// The postures a motion can be made to start or end in.
pub const NAMES: [&str; 3] = ["stand", "sit", "sleep"];

/// The posture `name` of the motion's model.
///
/// # Errors
/// An unknown name, or a model without it in the tables.
pub fn find(motion: &Motion, name: &str) -> Result<&'static Posture, OpError> {
    if !NAMES.contains(&name) {
        return Err(OpError::UnknownPosture(name.to_owned()));
    }
    let model = design_of(motion)?.model;
    posture(model, name).ok_or_else(|| OpError::NoPosture {
        model: model.name().to_owned(),
        posture: name.to_owned(),
    })
}

/// `keyframe` put in `posture`: the joints the posture lists take its values, the others keep
/// theirs; the body takes the posture's angles.
fn posed(motion: &Motion, posture: &Posture, keyframe: &Keyframe) -> Keyframe {
    let values = values_for(motion, posture);
    Keyframe {
        frames: keyframe.frames,
        body_urad: posture.body_urad(),
        angles_urad: keyframe
            .angles_urad
            .iter()
            .zip(values)
            .map(|(&own, posture)| posture.unwrap_or(own))
            .collect(),
    }
}

/// The motion made to start in `start` and end in `end` (either may be `None`).
///
/// # Errors
/// Unknown postures, a model without them, no keyframes, or a keyframe to add when no
/// transition was given.
pub fn pose(
    motion: &Motion,
    start: Option<&str>,
    end: Option<&str>,
    transition_ms: Option<u64>,
) -> Result<Outcome, OpError> {
    let design = design_of(motion)?;
    let start_posture = start.map(|name| find(motion, name)).transpose()?;
    let end_posture = end.map(|name| find(motion, name)).transpose()?;
    let mut keyframes = motion.keyframes.to_vec();
    if keyframes.is_empty() {
        return Err(OpError::Empty);
    }
    let mut notes = Vec::new();
    let mut transition = |which: &str, posture: &str, joint: &str, diff: f64| {
        let ms = transition_ms.ok_or_else(|| OpError::PoseTransition {
            which: which.to_owned(),
            posture: posture.to_owned(),
            joint: joint.to_owned(),
            degrees: diff,
        })?;
        let (frames, note) = transition_frames(ms);
        if let Some(note) = note
            && !notes.contains(&note)
        {
            notes.push(note);
        }
        u32::try_from(frames - 1).map_err(|_| OpError::TooLong(frames * FRAME_MS))
    };
    let far = |posture: &Posture, k: usize| {
        farthest_joint(motion, posture, k).filter(|(_, _, d)| *d > MATCH_TOLERANCE_DEG)
    };
    let mut added = Vec::new();
    if let Some(posture) = start_posture {
        let new = posed(motion, posture, &keyframes[0]);
        if let Some((_, joint, diff)) = far(posture, 0) {
            keyframes[0].frames = transition("start", posture.name, joint, diff)?;
            keyframes.insert(0, Keyframe { frames: 0, ..new });
            added.push(format!(
                "a {} keyframe at the start ({joint} was {diff:.1}° from it)",
                posture.name
            ));
        } else {
            keyframes[0] = new;
        }
    }
    if let Some(posture) = end_posture {
        let last = keyframes.len() - 1;
        let new = posed(motion, posture, &keyframes[last]);
        if let Some((_, joint, diff)) = far(posture, motion.keyframes.len() - 1) {
            keyframes.push(Keyframe {
                frames: transition("end", posture.name, joint, diff)?,
                ..new
            });
            added.push(format!(
                "a {} keyframe at the end ({joint} was {diff:.1}° from it)",
                posture.name
            ));
        } else {
            keyframes[last] = Keyframe {
                frames: keyframes[last].frames,
                ..new
            };
        }
    }
    for what in added {
        notes.push(format!("added {what}"));
    }
    let mut result = with_keyframes(motion, &keyframes);
    let prefix = design.partial.map_or('a', PartialBody::prefix);
    result.name = with_postures(&motion.name, prefix, start, end);
    Ok(Outcome {
        motion: result,
        notes,
    })
}
