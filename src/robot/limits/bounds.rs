//! Each joint's limit as bounds in microradians, worked out once per check: what the check
//! and the timeline's marks compare every value against.

use crate::codec::mtn::Motion;
use crate::robot::joints::deg_to_urad;
use crate::robot::models::Model;

/// How far past a limit a value may be and still count as at the limit, in degrees.
pub(super) const LIMIT_SLACK_DEG: f64 = 0.05;

/// One joint's bounds in microradians, precomputed once per check.
pub(crate) struct Bounds {
    pub joint: usize,
    pub(super) info: &'static crate::robot::JointInfo,
    /// Outside `[low, high]` is out of range (with the slack applied).
    pub(super) low_urad: i32,
    pub(super) high_urad: i32,
    /// For binary joints: the two values, and how far from them a value may be.
    pub(super) ends_urad: Option<(i32, i32, i32)>,
}

impl Bounds {
    /// How far outside the limit a value is, in microradians (0 when within). Written
    /// without data-dependent branches: on a large motion this runs for every value.
    pub fn excess(&self, value: i32) -> i64 {
        let value = i64::from(value);
        match self.ends_urad {
            Some((a, b, slack)) => {
                let off = (value - i64::from(a))
                    .abs()
                    .min((value - i64::from(b)).abs());
                off * i64::from(off > i64::from(slack))
            }
            None => (i64::from(self.low_urad) - value)
                .max(value - i64::from(self.high_urad))
                .max(0),
        }
    }
}

/// The joints of `motion` that have limits under `model`, with their bounds.
pub(crate) fn limit_bounds(motion: &Motion, model: Model) -> Vec<Bounds> {
    // Files store whole microradians, and tools wrote limits converted with various values
    // of pi: a value within 0.05 degrees of a limit is at the limit. Binary joints (the
    // ERS-7's ears) take one of two values; half a degree either side is accepted.
    model
        .joints_in(&motion.locators)
        .filter_map(|(joint, info)| {
            let limit = info.limit?;
            Some(Bounds {
                joint,
                info,
                low_urad: deg_to_urad(limit.min_deg - LIMIT_SLACK_DEG),
                high_urad: deg_to_urad(limit.max_deg + LIMIT_SLACK_DEG),
                ends_urad: limit.binary.then(|| {
                    (
                        deg_to_urad(limit.min_deg),
                        deg_to_urad(limit.max_deg),
                        deg_to_urad(0.5),
                    )
                }),
            })
        })
        .collect()
}
