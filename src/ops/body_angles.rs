//! Set Body Angles from the Floor: the body's pitch and roll at each keyframe as it rests
//! on a flat floor (`robot::floor`), written where Sony's tools wrote them. The robot does
//! not play them; other tools and the window's figure read them. Yaw is kept.

use super::common::{OpError, Outcome, design_of};
use crate::codec::mtn::Motion;
use crate::robot::deg_to_urad;
use crate::robot::floor;

/// The motion with each keyframe's body pitch and roll those of its rest on the floor.
///
/// # Errors
/// A design label that names no model.
pub fn from_floor(motion: &Motion) -> Result<Outcome, OpError> {
    design_of(motion)?;
    let rig = floor::rig(motion).ok_or_else(|| OpError::UnknownModel(motion.design.clone()))?;
    let ticks = floor::rest_ticks(&rig, motion);
    let rests = floor::rest_at_keyframes(&rig, motion, &ticks);
    let mut out = motion.clone();
    let mut changed = 0usize;
    let mut largest: f64 = 0.0;
    for (k, rest) in rests.iter().enumerate() {
        let Some(old) = motion.keyframes.body().get(k).copied() else {
            continue;
        };
        let new = [
            deg_to_urad(rest.roll_deg()),
            deg_to_urad(rest.pitch_deg()),
            old[2],
        ];
        if new != old {
            changed += 1;
            for (a, b) in [(new[0], old[0]), (new[1], old[1])] {
                largest = largest.max(crate::robot::urad_to_deg(a.wrapping_sub(b)).abs());
            }
        }
        out.keyframes.set_body(k, new);
    }
    let notes = if changed == 0 {
        vec!["the body angles were those of the floor already".to_owned()]
    } else {
        vec![format!(
            "set the body's pitch and roll of {} to how it rests on the floor (the largest \
             change {largest:.1} degrees); yaw kept",
            crate::words::plural(changed, "keyframe", "keyframes")
        )]
    };
    Ok(Outcome { motion: out, notes })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::postures::{posture, posture_locators};
    use crate::robot::{Model, urad_to_deg};

    #[test]
    fn a_stand_then_a_sit_get_their_pitches() {
        let locators = posture_locators(Model::Ers7);
        let mut motion = Motion::new("a_stand#sit_x", "t", "DRX-1000", locators);
        let stand = posture(Model::Ers7, "stand").unwrap_or_else(|| unreachable!());
        motion
            .keyframes
            .push(0, [0, 0, 7], &stand.angles_urad())
            .ok();
        let done = from_floor(&motion).unwrap_or_else(|e| panic!("{e}"));
        let body = done.motion.keyframes.body()[0];
        assert!((urad_to_deg(body[1]) + 1.4).abs() < 0.5, "{body:?}");
        assert_eq!(body[0], 0);
        assert_eq!(body[2], 7, "yaw kept");
        assert_eq!(done.motion.keyframes.angles(), motion.keyframes.angles());
    }
}
