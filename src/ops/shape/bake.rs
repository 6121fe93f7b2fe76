//! A range given a shape and baked into keyframes: per joint, the shape from the value at
//! the range's start to the value at its end (or a spline through its keyframes), and the
//! fewest keyframes on the 16 ms grid whose replay, tick by tick as the robot plays it, stays
//! within the tolerance of that shape. The keyframes strictly inside the range are replaced;
//! the range's end keyframes and everything outside it are kept.

use super::curve::{Curve, hermite, monotone_tangents};
use super::ticks::{bake_range, check_range_size, check_tolerance, commanded_ticks, limits_urad};
use crate::codec::mtn::Motion;
use crate::ops::common::{OpError, Outcome, check_range};
use crate::robot::timing::{self, TICK_MS};
use crate::words::plural;

/// A shape asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeSpec {
    /// The shape.
    pub curve: Curve,
    /// The joints shaped, by column (`None`: all); the others keep their course.
    pub joints: Option<Vec<usize>>,
    /// How far the replay may stray from the shape, in degrees.
    pub tolerance_deg: f64,
    /// Each segment between the range's keyframes eased on its own, every keyframe keeping
    /// its value (as Blender eases each key); else one curve over the whole range.
    pub each_segment: bool,
}

/// The shape's value for every joint at every tick of the range, from `first`'s time:
/// one row of joints per tick, the last row at the range's end.
fn target(motion: &Motion, first: usize, last: usize, spec: &ShapeSpec, ticks: u64) -> Vec<f64> {
    let keyframes = &motion.keyframes;
    let joints = keyframes.joint_count();
    let mut values = commanded_ticks(keyframes, first, last);
    let times = timing::keyframe_times_ms(keyframes);
    let limits = limits_urad(motion);
    let shaped: Vec<usize> = match &spec.joints {
        Some(columns) => columns.iter().copied().filter(|&j| j < joints).collect(),
        None => (0..joints).collect(),
    };
    // The spline's knots: the range's keyframes, and one either side for its end slopes.
    let knots: Vec<usize> =
        (first.saturating_sub(1)..=(last + 1).min(keyframes.len() - 1)).collect();
    #[expect(clippy::cast_precision_loss, reason = "times far below 2^53 ms")]
    let xs: Vec<f64> = knots.iter().map(|&k| times[k] as f64).collect();
    for &j in &shaped {
        let value = |k: usize| f64::from(keyframes.angle(k, j).unwrap_or(0));
        let (start, end) = (value(first), value(last));
        let ys: Vec<f64> = knots.iter().map(|&k| value(k)).collect();
        // Held within the joint's limits, or the keyframes' own values where they go
        // beyond (real files do): only a hand-drawn overshoot is ever cut.
        let (low, high) = limits[j].map_or((f64::MIN, f64::MAX), |(lo, hi)| {
            ys.iter()
                .fold((lo, hi), |(lo, hi), &y| (lo.min(y), hi.max(y)))
        });
        let slopes = monotone_tangents(&xs, &ys);
        for tick in 0..=ticks {
            #[expect(clippy::cast_precision_loss, reason = "tick counts far below 2^53")]
            let (t, fraction) = (
                (times[first] + tick * TICK_MS) as f64,
                tick as f64 / ticks.max(1) as f64,
            );
            let shaped = match spec.curve {
                Curve::Spline => hermite(&xs, &ys, &slopes, t),
                curve @ (Curve::EaseIn | Curve::EaseOut | Curve::EaseInOut | Curve::Custom(_)) => {
                    start + (end - start) * curve.fraction(fraction)
                }
            };
            let at = usize::try_from(tick).unwrap_or(usize::MAX) * joints + j;
            if let Some(v) = values.get_mut(at) {
                *v = shaped.clamp(low, high);
            }
        }
    }
    values
}

/// Each segment of `first..=last` shaped on its own, the last first (so that the keyframes a
/// segment's baking adds do not move those of the segments before it): every keyframe of
/// the range keeps its value and its time.
fn shape_each_segment(
    motion: &Motion,
    first: usize,
    last: usize,
    spec: &ShapeSpec,
) -> Result<Outcome, OpError> {
    check_range(motion, first, last)?;
    let mut shaped = motion.clone();
    let mut worst = 0.0f64;
    for k in (first..last).rev() {
        let (outcome, error) = shape_range(&shaped, k, k + 1, spec)?;
        worst = worst.max(error);
        shaped = outcome.motion;
    }
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let note = format!(
        "{} each of the {} segments in {}..{} ms, every keyframe kept; the replay is within \
         {worst:.3}° of the shape at every 8 ms tick",
        spec.curve.words(),
        last - first,
        times[first],
        times[last]
    );
    Ok(Outcome {
        motion: shaped,
        notes: vec![note],
    })
}

/// `motion` with keyframes `first..=last` shaped (the range's end keyframes are kept; use
/// [`super::exact_span`] for a range in ms).
///
/// # Errors
/// An empty range, a tolerance out of 0..45°, a joint column that is not the motion's, or a
/// range too long to sample.
pub fn shape(
    motion: &Motion,
    first: usize,
    last: usize,
    spec: &ShapeSpec,
) -> Result<Outcome, OpError> {
    if spec.each_segment && last > first + 1 {
        shape_each_segment(motion, first, last, spec)
    } else {
        shape_range(motion, first, last, spec).map(|(outcome, _)| outcome)
    }
}

/// [`shape`] of one curve over the range, with the largest error of its replay (degrees).
fn shape_range(
    motion: &Motion,
    first: usize,
    last: usize,
    spec: &ShapeSpec,
) -> Result<(Outcome, f64), OpError> {
    let tolerance_deg = check_tolerance(spec.tolerance_deg)?;
    check_range(motion, first, last)?;
    if first == last {
        return Err(OpError::BadRange {
            first,
            last,
            len: motion.keyframes.len(),
        });
    }
    let joints = motion.keyframes.joint_count();
    if let Some(&bad) = spec.joints.iter().flatten().find(|&&j| j >= joints) {
        return Err(OpError::UnknownJoint(format!("column {bad}")));
    }
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let (from, to) = (times[first], times[last]);
    let ticks = check_range_size(from, to, joints)?;
    let values = target(motion, first, last, spec, ticks);
    let baked = bake_range(motion, first, last, values, tolerance_deg);
    let note = format!(
        "{} {from}..{to} ms: {} inside replaced by {}; the replay is within {:.3}° of the shape at every 8 ms tick",
        spec.curve.words(),
        plural(baked.replaced, "keyframe", "keyframes"),
        baked.made,
        baked.max_error_deg
    );
    let mut notes = vec![note];
    if baked.max_error_deg > tolerance_deg {
        notes.push(format!(
            "the shape bends faster than the robot's 16 ms frames can follow: with a keyframe \
             on every frame there, the ticks between frames are up to {:.3}° off",
            baked.max_error_deg
        ));
    }
    Ok((
        Outcome {
            motion: baked.motion,
            notes,
        },
        baked.max_error_deg,
    ))
}
