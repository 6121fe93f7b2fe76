//! The problems the robot finds in a motion, by their codes: a joint beyond its limits or
//! faster than its servo, and what the floor says of how the body rests. The file's own
//! problems are the codec's ([`ProblemCode::FILE`]).

use crate::codec::ProblemCode;

/// A joint value outside the model's limits.
pub const JOINT_LIMIT: ProblemCode = ProblemCode::new("joint-limit");
/// A joint commanded faster than the model's servos can follow.
pub const JOINT_SPEED: ProblemCode = ProblemCode::new("joint-speed");
/// The body topples: between two ticks it turns by more than 10 degrees onto other
/// parts (`robot::floor`).
pub const FALLS: ProblemCode = ProblemCode::new("falls");
/// Standing on its paws with its weight under 10 mm from tipping for over 100 ms.
pub const UNSTABLE: ProblemCode = ProblemCode::new("unstable");
/// A paw carrying weight slides along the floor by more than 5 mm between ticks.
pub const PAW_SLIDE: ProblemCode = ProblemCode::new("paw-slide");
/// The robot stands on a paw that its pose lifts more than 15 mm (`robot::physics`).
pub const PAW_LIFTED: ProblemCode = ProblemCode::new("paw-lifted");
/// A paw the pose keeps down is off the floor while the robot stands: it rocks onto its
/// other paws (`robot::physics`).
pub const PAW_OFF_FLOOR: ProblemCode = ProblemCode::new("paw-off-floor");
/// The body leans more than 15 degrees from how its pose rests while it stands on its paws
/// (`robot::physics`).
pub const BODY_TILT: ProblemCode = ProblemCode::new("body-tilt");

/// Every code the robot finds.
pub const ROBOT: [ProblemCode; 8] = [
    JOINT_LIMIT,
    JOINT_SPEED,
    FALLS,
    UNSTABLE,
    PAW_SLIDE,
    PAW_LIFTED,
    PAW_OFF_FLOOR,
    BODY_TILT,
];

/// Every code there is: the file's own, then the robot's.
#[must_use]
pub fn all() -> Vec<ProblemCode> {
    ProblemCode::FILE.iter().chain(&ROBOT).copied().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_codes_share_a_name_and_each_is_kebab_case() {
        let codes = all();
        let names: std::collections::BTreeSet<&str> = codes.iter().map(|c| c.as_str()).collect();
        assert_eq!(names.len(), codes.len());
        for code in codes {
            let json = serde_json::to_string(&code).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", code.as_str()));
            assert!(
                code.as_str()
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            );
        }
    }
}
