//! Mirror left and right: the legs and ears swap with their partners, the joints that turn
//! sideways (head pan and roll, tail pan) and the body's roll and yaw change sign.
//!
//! Joints are matched by their friendly names, so every model's joint order (the ERS-110
//! lists its right legs first) and partial-body motions are handled alike. Negation is
//! `wrapping_neg`, so mirroring twice gives back every value exactly.

use super::common::{OpError, Outcome, check_range, design_of, joint_names, with_keyframes};
use crate::codec::mtn::{BodyUrad, Motion};

/// Joints that turn sideways: their sign flips in a mirror image.
const SIDEWAYS: [&str; 3] = ["HEAD_YAW", "HEAD_ROLL", "TAIL_HORZ"];

/// The joint a joint's mirror image takes its value from.
fn partner(name: &str) -> String {
    for (left, right) in [("FL_", "FR_"), ("BL_", "BR_"), ("LEFT_", "RIGHT_")] {
        if let Some(rest) = name.strip_prefix(left) {
            return format!("{right}{rest}");
        }
        if let Some(rest) = name.strip_prefix(right) {
            return format!("{left}{rest}");
        }
    }
    name.to_owned()
}

/// For each joint of the motion: where its mirrored value comes from and whether it flips.
///
/// # Errors
/// An unknown model or joint, or a joint whose partner the motion lacks.
fn plan(motion: &Motion) -> Result<Vec<(usize, bool)>, OpError> {
    let design = design_of(motion)?;
    let names = joint_names(motion, design.model)?;
    names
        .iter()
        .map(|&name| {
            let partner_name = partner(name);
            let source = names
                .iter()
                .position(|&n| n == partner_name)
                .ok_or_else(|| OpError::NoPartner {
                    joint: name.to_owned(),
                    partner: partner_name.clone(),
                })?;
            Ok((source, SIDEWAYS.contains(&name)))
        })
        .collect()
}

/// The body's roll and yaw flip; pitch stays.
fn mirror_body(body: BodyUrad) -> BodyUrad {
    [body[0].wrapping_neg(), body[1], body[2].wrapping_neg()]
}

/// The whole motion mirrored.
///
/// # Errors
/// See [`mirror_range`].
pub fn mirror(motion: &Motion) -> Result<Outcome, OpError> {
    let last = motion
        .keyframes
        .len()
        .checked_sub(1)
        .ok_or(OpError::Empty)?;
    mirror_range(motion, 0, last)
}

/// Keyframes `first..=last` mirrored, the others as they were.
///
/// # Errors
/// An unknown model or joint, a joint without its partner, a range outside the motion.
pub fn mirror_range(motion: &Motion, first: usize, last: usize) -> Result<Outcome, OpError> {
    check_range(motion, first, last)?;
    let plan = plan(motion)?;
    let mut keyframes = motion.keyframes.to_vec();
    for keyframe in &mut keyframes[first..=last] {
        let old = keyframe.angles_urad.clone();
        for (value, &(source, flips)) in keyframe.angles_urad.iter_mut().zip(&plan) {
            *value = if flips {
                old[source].wrapping_neg()
            } else {
                old[source]
            };
        }
        keyframe.body_urad = mirror_body(keyframe.body_urad);
    }
    Ok(Outcome::plain(with_keyframes(motion, &keyframes)))
}

#[cfg(test)]
mod tests {
    use super::partner;

    #[test]
    fn partners_are_left_and_right() {
        assert_eq!(partner("FL_LEG_KNEE"), "FR_LEG_KNEE");
        assert_eq!(partner("BR_LEG_VERT"), "BL_LEG_VERT");
        assert_eq!(partner("LEFT_EAR"), "RIGHT_EAR");
        assert_eq!(partner("HEAD_YAW"), "HEAD_YAW");
    }
}
