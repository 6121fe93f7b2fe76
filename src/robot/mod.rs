//! What we know about the robots: design labels, joint tables, limits, postures, the
//! motion-name grammar, and the robot's own playback arithmetic. Pure data and pure functions.

pub mod check;
pub mod chunk_name;
pub mod codes;
pub mod floor;
pub mod joints;
pub mod kinematics;
pub mod leg_ik;
mod limits;
pub mod marks;
pub mod meaning;
pub mod models;
pub mod pairing;
pub mod physics;
pub mod place;
pub mod postures;
pub mod repair;
pub mod servo;
pub mod speed;
pub mod speed_bound;
pub mod timing;
pub mod verdict;

pub use joints::{BodyPart, JointInfo, Limit, SpeedLimit, deg_to_urad, urad_to_deg};
pub use limits::{servo_stops, sony_reach};
pub use models::{Design, LABELS, Model, is_ers110_label, parse_design};

/// The friendly name of a locator under a design label, falling back to the locator itself.
#[must_use]
pub fn joint_name<'a>(design: &str, locator: &'a str) -> &'a str {
    parse_design(design)
        .and_then(|d| d.model.joint_by_locator(locator))
        .map_or(locator, |(_, joint)| joint.name)
}
