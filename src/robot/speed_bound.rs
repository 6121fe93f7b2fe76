//! Each joint's speed limit as the largest step the servo follows in one 8 ms tick, and the
//! segments of a motion whose fastest step is larger.
//!
//! Within a segment the player steps every tick by the same `delta`; from the segment's last
//! tick to the next keyframe it steps `delta + remainder` (the remainder is never spread). So
//! each segment's fastest step is known without walking its ticks, and a motion of 65,535
//! keyframes is checked in one pass over its keyframes.

use super::joints::SpeedLimit;
use super::models::Model;
use super::timing;
use crate::codec::mtn::Motion;

/// The fastest step (in µrad per 8 ms tick) of one joint over the segment ending at keyframe
/// `k`, including the step onto that keyframe when the next segment starts from it. The final
/// keyframe is never commanded, so the last segment has no step onto it.
#[must_use]
pub fn fastest_step_urad(from: i32, to: i32, frames: u32, last_segment: bool) -> i64 {
    let delta = i64::from(timing::step_urad(from, to, frames));
    let ticks = i64::try_from(timing::segment_ticks(frames)).unwrap_or(i64::MAX);
    let within = if ticks > 1 { delta.abs() } else { 0 };
    if last_segment {
        return within;
    }
    // From the last tick, v0 + (ticks - 1) * delta, to v1.
    let last = i64::from(from) + (ticks - 1).saturating_mul(delta);
    within.max((i64::from(to) - last).abs())
}

/// A joint of the motion with a speed limit: its column, friendly name, limit, and the
/// limit as the largest allowed step in µrad per 8 ms tick.
#[derive(Clone, Debug)]
pub(crate) struct SpeedBound {
    pub joint: usize,
    pub name: &'static str,
    pub limit: SpeedLimit,
    pub step_urad: i32,
    /// Where its servo stops (µrad, low and high: `limits::servo_stops`; the whole range for
    /// a joint of no known limit): a command beyond is followed to the stop.
    pub stop_urad: (i32, i32),
}

/// The joints of `motion` that have speed limits under `model`.
pub(crate) fn speed_bounds(motion: &Motion, model: Model) -> Vec<SpeedBound> {
    model
        .joints_in(&motion.locators)
        .filter_map(|(joint, info)| {
            let limit = info.speed?;
            let per_tick_deg =
                limit.deg * f64::from(timing::TICK_MS as u32) / f64::from(limit.per_ms);
            let stop_urad = motion
                .locators
                .get(joint)
                .and_then(|locator| super::limits::servo_stops(model, locator))
                .map_or((i32::MIN, i32::MAX), |(low, high)| {
                    (
                        super::joints::deg_to_urad(low),
                        super::joints::deg_to_urad(high),
                    )
                });
            Some(SpeedBound {
                joint,
                name: info.name,
                limit,
                step_urad: super::joints::deg_to_urad(per_tick_deg + 0.005),
                stop_urad,
            })
        })
        .collect()
}

/// Calls `too_fast(k, step)` for every segment (ending at keyframe `k`) in which the joint
/// of `bound` steps faster than its limit, with the fastest step in µrad per tick.
pub(crate) fn for_each_too_fast(
    keyframes: &crate::codec::mtn::Keyframes,
    bound: &SpeedBound,
    too_fast: impl FnMut(usize, i64),
) {
    for_each_too_fast_in(keyframes, bound, 1..keyframes.len(), too_fast);
}

/// [`for_each_too_fast`] for the segments ending at keyframes `ends` only.
pub(crate) fn for_each_too_fast_in(
    keyframes: &crate::codec::mtn::Keyframes,
    bound: &SpeedBound,
    ends: std::ops::Range<usize>,
    mut too_fast: impl FnMut(usize, i64),
) {
    let joint_count = keyframes.joint_count();
    if keyframes.len() < 2 || bound.joint >= joint_count {
        return;
    }
    let angles = keyframes.angles();
    let frames = keyframes.frames();
    let segments = keyframes.len() - 1;
    let limit_f = f64::from(bound.step_urad);
    for k in ends.start.max(1)..ends.end.min(segments + 1) {
        let from = angles[(k - 1) * joint_count + bound.joint];
        let to = angles[k * joint_count + bound.joint];
        // Every step is at most |v1 - v0| / ticks plus the remainder (less than `ticks`):
        // a cheap bound that clears almost every segment without an integer division.
        let ticks = timing::segment_ticks(frames[k]) as f64;
        let bound_urad = (f64::from(to) - f64::from(from)).abs() / ticks + ticks;
        if bound_urad <= limit_f {
            continue;
        }
        let step = fastest_step_urad(from, to, frames[k], k == segments);
        if step > i64::from(bound.step_urad) {
            too_fast(k, step);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fastest_step_includes_the_remainder_onto_the_next_keyframe() {
        // 0 -> 1,000 over 1 frame: 4 ticks of 250; onto the keyframe 250 again.
        assert_eq!(fastest_step_urad(0, 1_000, 1, false), 250);
        // 0 -> 1,003: delta 250, the last step is 253.
        assert_eq!(fastest_step_urad(0, 1_003, 1, false), 253);
        assert_eq!(fastest_step_urad(0, 1_003, 1, true), 250);
        // Zero frames: 2 ticks; negative moves count by size.
        assert_eq!(fastest_step_urad(0, -1_001, 0, false), 501);
    }
}
