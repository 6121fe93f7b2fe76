//! Joint speed checks: how far each joint moves from one 8 ms tick to the next in the exact
//! command stream, against the model's speed limits (`docs/formats/robots.md#servo-speeds`;
//! Sony's own tools refused to save motions faster than this), each segment's fastest step
//! worked out as [`super::speed_bound`] does; and what the servo does there
//! ([`super::servo`]): a note where it still reaches every keyframe, a warning where not.

pub use super::speed_bound::fastest_step_urad;

use super::joints::urad_to_deg;
use super::models::Model;
use super::speed_bound::{SpeedBound, for_each_too_fast, speed_bounds};
use super::timing;
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};

/// How far (degrees) the servo, following at its top speed, may be from a keyframe when the
/// robot reaches it and still do what the animator asked: a joint commanded too fast is
/// then a note; past it, a warning.
pub const MISS_DEG: f64 = 3.0;

/// Speed problems of a motion, one per joint that exceeds its limit: where it first does,
/// how fast, and how often; a warning where the servo misses a keyframe by more than
/// [`MISS_DEG`], else a note of how far it lags.
#[must_use]
pub fn check_speeds(motion: &Motion, offsets: &Offsets, model: Model) -> Vec<Problem> {
    let keyframes = &motion.keyframes;
    if keyframes.len() < 2 || keyframes.joint_count() == 0 {
        return Vec::new();
    }
    let bounds = speed_bounds(motion, model);
    if bounds.is_empty() {
        return Vec::new();
    }
    let times = timing::keyframe_times_ms(keyframes);
    let mut problems = Vec::new();
    for bound in bounds {
        let mut first = None;
        let mut count = 0usize;
        let mut worst = 0i64;
        for_each_too_fast(keyframes, &bound, |k, step| {
            count += 1;
            first.get_or_insert((k, step));
            worst = worst.max(step);
        });
        let Some((k, step)) = first else {
            continue;
        };
        let SpeedBound {
            joint, name, limit, ..
        } = bound;
        let unit_ticks = f64::from(limit.per_ms) / timing::TICK_MS as f64;
        let shown = |urad: i64| urad_to_deg(i32::try_from(urad).unwrap_or(i32::MAX)) * unit_ticks;
        let more = if count > 1 {
            format!(
                "; {count} segments are too fast, the fastest at {:.2}° per {} ms",
                shown(worst),
                limit.per_ms
            )
        } else {
            String::new()
        };
        let moves = format!(
            "{name} moves {:.2}° per {} ms at {} ms (into keyframe {k}); the {} can do {:.2}° \
             per {} ms{more}",
            shown(step),
            limit.per_ms,
            times[k - 1],
            model.name(),
            limit.deg,
            limit.per_ms
        );
        // What it does on the robot: the servo follows at its top speed. Where it reaches
        // every keyframe within MISS_DEG, the robot does what was asked, a little late.
        let enough = i64::from(super::deg_to_urad(MISS_DEG));
        let (missed, miss) =
            super::servo::largest_miss(motion, &bound, &times, enough).unwrap_or((k, 0));
        let miss_deg = urad_to_deg(i32::try_from(miss).unwrap_or(i32::MAX));
        let problem = if miss > enough {
            let at = missed.max(1);
            Problem::new(
                Severity::Warning,
                crate::robot::codes::JOINT_SPEED,
                offsets.angle(at, joint),
                format!(
                    "the servo misses keyframe {missed} ({} ms) by {miss_deg:.1}°: {moves}",
                    times[missed]
                ),
            )
            .at_time(times[at - 1])
        } else {
            // At the keyframes: between them the servo falls further behind and catches up
            // (a lag of "0.0°" beside a speed over the servo's read as a contradiction).
            let reaches = if miss_deg < 0.05 {
                "the servo falls behind between keyframes and catches up by each one".to_owned()
            } else {
                format!(
                    "the servo falls behind between keyframes and reaches each one within \
                     {miss_deg:.1}° (at most {MISS_DEG}° is a note)"
                )
            };
            Problem::new(
                Severity::Info,
                crate::robot::codes::JOINT_SPEED,
                offsets.angle(k, joint),
                format!("{reaches}: {moves}"),
            )
            .at_time(times[k - 1])
        };
        problems.push(problem.of_joint(joint));
    }
    problems
}
