//! How far each joint's servo turns: its limit, and the stop it turns to (the limit, or as
//! far as Sony's own motions take it).

use crate::codec::mtn::Motion;
use crate::robot::models::Model;

/// How far a column's servo turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(in crate::robot::physics) struct Reach {
    /// The joint's limit (degrees, low and high).
    pub limit_deg: (f64, f64),
    /// Where its servo stops: the limit, or as far as Sony's own motions take it.
    pub stop_deg: (f64, f64),
}

/// Commands within this of a stop (degrees) are at it (a file's rounding).
pub(super) const AT_STOP_DEG: f64 = 0.5;

/// Each of the motion's columns' reach under `model` (None for a joint of no known limit).
pub(in crate::robot::physics) fn reaches(motion: &Motion, model: Model) -> Vec<Option<Reach>> {
    motion
        .locators
        .iter()
        .map(|locator| {
            let (_, info) = model.joint_by_locator(locator)?;
            let limit = info.limit?;
            Some(Reach {
                limit_deg: (limit.min_deg, limit.max_deg),
                stop_deg: crate::robot::limits::servo_stops(model, locator)?,
            })
        })
        .collect()
}

impl Reach {
    /// The stop a command goes beyond, and the limit on that side (degrees).
    pub(super) fn beyond(&self, command_deg: f64) -> Option<(f64, f64)> {
        if command_deg < self.stop_deg.0 - AT_STOP_DEG {
            Some((self.stop_deg.0, self.limit_deg.0))
        } else if command_deg > self.stop_deg.1 + AT_STOP_DEG {
            Some((self.stop_deg.1, self.limit_deg.1))
        } else {
            None
        }
    }
}
