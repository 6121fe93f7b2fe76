//! Standard postures (`docs/formats/robots.md#standard-postures`), in degrees, in the model's
//! file joint order.

use super::joints::deg_to_urad;
use super::models::Model;
use crate::codec::mtn::Motion;

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

/// The postures a new motion can start in.
pub const POSTURE_NAMES: [&str; 3] = ["stand", "sit", "sleep"];

/// How long a new motion holds its posture: 62 interpolation frames, (62 + 1) x 16 ms.
pub const NEW_MOTION_FRAMES: u32 = 62;

/// Why a new motion cannot be made.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NewMotionError {
    /// The label is not a full-body design label.
    #[error(
        "\"{0}\" is not a full-body design label (DRX-1000, DRX-900, DRX-910, DRX-700, DRX-801) \
         nor a model (ERS-7, ERS-210, ERS-220, ERS-110, ERS-111, ERS-310)"
    )]
    Label(String),
    /// The posture table does not hold one angle per joint (a bug the tests guard).
    #[error("the {0} posture table does not fit the model's joints")]
    Table(&'static str),
    /// The model has no standard posture of that name.
    #[error("no standard \"{posture}\" posture is known for the {model} (known: {known})")]
    Posture {
        /// The posture asked for.
        posture: String,
        /// The model's name.
        model: &'static str,
        /// The postures known for it, or "none".
        known: String,
    },
}

/// A new motion for the full-body design label `label` (or a model's name, "ERS-7", for the
/// label Sony's tools write for it): the model's standard `posture`,
/// held for [`NEW_MOTION_FRAMES`], named `a_POSTURE#POSTURE_new` as Sony's player reads
/// names (start and end posture), with every joint the postures list.
pub fn new_motion(label: &str, posture_name: &str) -> Result<Motion, NewMotionError> {
    let named = super::Model::by_name(label).map(super::Model::label);
    let design = super::models::parse_design(named.unwrap_or(label))
        .filter(|d| d.partial.is_none())
        .ok_or_else(|| NewMotionError::Label(label.to_owned()))?;
    let model = design.model;
    let posture = posture(model, posture_name).ok_or_else(|| {
        let known: Vec<&str> = POSTURE_NAMES
            .into_iter()
            .filter(|name| posture(model, name).is_some())
            .collect();
        NewMotionError::Posture {
            posture: posture_name.to_owned(),
            model: model.name(),
            known: if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            },
        }
    })?;
    let mut motion = Motion::new(
        &format!("a_{0}#{0}_new", posture.name),
        "mtn-studio",
        design.base,
        posture_locators(model),
    );
    let angles = posture.angles_urad();
    for frames in [0, NEW_MOTION_FRAMES] {
        // The postures list one angle per joint of the table (a test checks it).
        motion
            .keyframes
            .push(frames, posture.body_urad(), &angles)
            .map_err(|_| NewMotionError::Table(model.name()))?;
    }
    Ok(motion)
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

    #[test]
    fn a_new_motion_holds_the_posture_under_its_name() {
        let motion = new_motion("DRX-910", "sit").expect("an ERS-220 sit");
        assert_eq!(motion.name, "a_sit#sit_new");
        assert_eq!(motion.design, "DRX-910");
        assert_eq!(motion.keyframes.len(), 2);
        let sit = posture(Model::Ers210, "sit").unwrap().angles_urad();
        for k in 0..2 {
            let row: Vec<i32> = (0..sit.len())
                .filter_map(|j| motion.keyframes.angle(k, j))
                .collect();
            assert_eq!(row, sit);
        }
        assert_eq!(
            new_motion("DRX-700", "stand"),
            Err(NewMotionError::Posture {
                posture: "stand".to_owned(),
                model: Model::Ers110.name(),
                known: "none".to_owned()
            })
        );
        assert!(matches!(
            new_motion("DRX-1000_Head", "stand"),
            Err(NewMotionError::Label(_))
        ));
        assert!(matches!(
            new_motion("DRX-1000", "walk"),
            Err(NewMotionError::Posture { .. })
        ));
        // A model's name stands for the label Sony's tools write for it.
        let named = new_motion("ers-7", "stand").expect("an ERS-7 stand");
        assert_eq!(named, new_motion("DRX-1000", "stand").expect("the same"));
        assert_eq!(
            new_motion("ERS-220", "sit").map(|m| m.design),
            Ok("DRX-900".to_owned())
        );
        assert!(matches!(
            new_motion("ERS-9", "sit"),
            Err(NewMotionError::Label(_))
        ));
    }
}
