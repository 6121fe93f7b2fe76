//! Standard postures (NOTES.md), in degrees, in the model's file joint order.

use super::joints::deg_to_urad;
use super::models::Model;

/// A named posture of one model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Posture {
    /// `stand`, `sit` or `sleep`.
    pub name: &'static str,
    /// The model.
    pub model: Model,
    /// Joint angles in degrees, in the order of the design label's joint list.
    pub angles_deg: &'static [f64],
    /// Body pitch in degrees (positive leans backward).
    pub body_pitch_deg: f64,
}

impl Posture {
    /// The joint angles in microradians.
    #[must_use]
    pub fn angles_urad(&self) -> Vec<i32> {
        self.angles_deg.iter().map(|&d| deg_to_urad(d)).collect()
    }

    /// Body roll, pitch, yaw in microradians.
    #[must_use]
    pub fn body_urad(&self) -> [i32; 3] {
        [0, deg_to_urad(self.body_pitch_deg), 0]
    }
}

/// ERS-7 (DRX-1000, 20 joints): head tilt1, pan, tilt2, mouth, ears | LF | LR | RF | RR | tail.
pub const ERS7_POSTURES: [Posture; 3] = [
    Posture {
        name: "stand",
        model: Model::Ers7,
        angles_deg: &[
            -20.0, 0.0, 25.0, -5.0, 0.0, 0.0, -5.0, 3.0, 30.0, -5.0, 3.0, 30.0, -5.0, 3.0, 30.0,
            -5.0, 3.0, 30.0, 5.0, 0.0,
        ],
        body_pitch_deg: -1.0,
    },
    Posture {
        name: "sit",
        model: Model::Ers7,
        angles_deg: &[
            -40.0, 0.0, 5.0, -5.0, 0.0, 0.0, -25.0, -4.0, 20.0, -78.0, 20.0, 110.0, -25.0, -4.0,
            20.0, -78.0, 20.0, 110.0, 5.0, 0.0,
        ],
        body_pitch_deg: 37.0,
    },
    Posture {
        name: "sleep",
        model: Model::Ers7,
        angles_deg: &[
            -25.0, 0.0, 25.0, -5.0, 0.0, 0.0, 59.0, 0.0, 30.0, -119.0, 4.0, 122.0, 59.0, 0.0, 30.0,
            -119.0, 4.0, 122.0, 5.0, 0.0,
        ],
        body_pitch_deg: 0.0,
    },
];

/// ERS-210 (DRX-900, 15 joints): head tilt, pan, roll | LF | LR | RF | RR.
pub const ERS210_POSTURES: [Posture; 3] = [
    Posture {
        name: "stand",
        model: Model::Ers210,
        angles_deg: &[
            0.0, 0.0, 0.0, -10.0, 0.0, 30.0, -1.0, 0.0, 25.0, -10.0, 0.0, 30.0, 0.0, 0.0, 25.0,
        ],
        body_pitch_deg: 0.0,
    },
    Posture {
        name: "sit",
        model: Model::Ers210,
        angles_deg: &[
            -25.0, 0.0, 0.0, 0.0, 0.0, 10.0, -90.0, 0.0, 135.0, -0.6, 0.0, 10.6, -90.0, 0.0, 135.0,
        ],
        body_pitch_deg: 28.0,
    },
    Posture {
        name: "sleep",
        model: Model::Ers210,
        angles_deg: &[
            -10.0, 0.0, 0.6, 60.4, 0.0, 30.8, -117.0, 5.6, 147.0, 60.0, 0.0, 30.0, -117.0, 5.0,
            147.0,
        ],
        body_pitch_deg: 0.0,
    },
];

/// The standard posture of `model` named `name`, if we have it.
#[must_use]
pub fn posture(model: Model, name: &str) -> Option<&'static Posture> {
    let table: &[Posture] = match model {
        Model::Ers7 => &ERS7_POSTURES,
        Model::Ers210 => &ERS210_POSTURES,
        Model::Ers110 | Model::Ers310 => &[],
    };
    table.iter().find(|p| p.name == name)
}

/// The locators a posture's angles are listed for: the full ERS-7 table, or the head and leg
/// joints of the ERS-210 table (Sony's 15-joint DRX-900 files).
#[must_use]
pub fn posture_locators(model: Model) -> Vec<String> {
    use super::joints::BodyPart;
    model
        .joints()
        .iter()
        .filter(|j| model != Model::Ers210 || matches!(j.part, BodyPart::Head | BodyPart::Legs))
        .map(|j| j.locator.to_owned())
        .collect()
}

/// How far (degrees, any joint) a keyframe may be from a posture and still be in it. Sony's
/// own motions that the name says start or end in a posture start or end within this of the
/// tables (the tables are rounded from them); a posture another tool wrote can differ by a
/// few tenths.
pub const MATCH_TOLERANCE_DEG: f64 = 3.0;

/// Where a keyframe is farthest from a posture: the joint's index in the motion, its name,
/// and the difference in degrees. Only joints the posture lists count; `None` when the
/// motion has none of them (or no such keyframe).
#[must_use]
pub fn farthest_joint(
    motion: &crate::codec::mtn::Motion,
    posture: &Posture,
    keyframe: usize,
) -> Option<(usize, &'static str, f64)> {
    let row = motion.keyframes.get(keyframe)?.angles_urad;
    let locators = posture_locators(posture.model);
    let mut worst: Option<(usize, &'static str, f64)> = None;
    for (joint, locator) in motion.locators.iter().enumerate() {
        let Some(at) = locators.iter().position(|l| l == locator) else {
            continue;
        };
        let Some((_, info)) = posture.model.joint_by_locator(locator) else {
            continue;
        };
        let diff = (super::urad_to_deg(row[joint]) - posture.angles_deg[at]).abs();
        if worst.is_none_or(|(_, _, w)| diff > w) {
            worst = Some((joint, info.name, diff));
        }
    }
    worst
}

/// The value each of `motion`'s joints takes in `posture`, or `None` for a joint the posture
/// does not list.
#[must_use]
pub fn values_for(motion: &crate::codec::mtn::Motion, posture: &Posture) -> Vec<Option<i32>> {
    let locators = posture_locators(posture.model);
    motion
        .locators
        .iter()
        .map(|locator| {
            let at = locators.iter().position(|l| l == locator)?;
            Some(deg_to_urad(posture.angles_deg[at]))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_posture_lists_one_angle_per_joint() {
        for posture in ERS7_POSTURES.iter().chain(&ERS210_POSTURES) {
            assert_eq!(
                posture.angles_deg.len(),
                posture_locators(posture.model).len(),
                "{} {}",
                posture.model.name(),
                posture.name
            );
        }
    }
}
