//! Smooth: a low-pass over a range, for recorded or imported motions that jitter. The
//! robot's commands over the range, tick by tick, are filtered per joint (three running
//! means, close to a Gaussian whose spread is the strength, in 16 ms frames), bent back so
//! the range's end values stay exactly, and baked into the fewest keyframes that replay the
//! result within the tolerance.

use super::ticks::{bake_range, check_range_size, check_tolerance, commanded_ticks};
use crate::codec::mtn::Motion;
use crate::ops::common::{OpError, Outcome, check_range};
use crate::robot::timing;
use crate::words::plural;

/// The strongest smoothing: a spread of 50 frames (0.8 s).
pub const MAX_STRENGTH: f64 = 50.0;

/// The mean of each value with its `radius` neighbours either side (the ends held), in
/// place; `scratch` is reused.
fn running_mean(values: &mut [f64], radius: usize, scratch: &mut Vec<f64>) {
    let n = values.len();
    if n == 0 || radius == 0 {
        return;
    }
    scratch.clear();
    scratch.extend_from_slice(values);
    let at = |i: isize| scratch[usize::try_from(i.max(0)).unwrap_or(0).min(n - 1)];
    let r = isize::try_from(radius).unwrap_or(isize::MAX / 4);
    let mut sum: f64 = (-r..=r).map(at).sum();
    #[expect(
        clippy::cast_precision_loss,
        reason = "a window of a few hundred ticks"
    )]
    let width = (2 * radius + 1) as f64;
    for (i, value) in values.iter_mut().enumerate() {
        let i = isize::try_from(i).unwrap_or(isize::MAX / 4);
        *value = sum / width;
        sum += at(i + r + 1) - at(i - r);
    }
}

/// One joint's ticks low-passed with a spread of `sigma` ticks, the ends kept.
fn low_pass(values: &mut [f64], sigma: f64, scratch: &mut Vec<f64>) {
    let (Some(&start), Some(&end)) = (values.first(), values.last()) else {
        return;
    };
    // Three running means of width w have the variance of a Gaussian of sigma when
    // 3 (w² - 1) / 12 = sigma².
    let width = (4.0 * sigma * sigma + 1.0).sqrt();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a positive width of at most a few hundred ticks"
    )]
    let radius = ((width - 1.0) / 2.0).round().max(1.0) as usize;
    for _ in 0..3 {
        running_mean(values, radius, scratch);
    }
    // Bend the result back onto the range's ends: the error at each end, faded across.
    let (first, last) = (values[0] - start, values[values.len() - 1] - end);
    let span = (values.len() - 1).max(1);
    for (i, value) in values.iter_mut().enumerate() {
        #[expect(clippy::cast_precision_loss, reason = "tick counts far below 2^53")]
        let u = i as f64 / span as f64;
        *value -= first * (1.0 - u) + last * u;
    }
}

/// `motion`'s keyframes `range` (`None`: all) smoothed with `strength` (the filter's spread
/// in 16 ms frames), baked within `tolerance_deg`.
///
/// # Errors
/// An empty motion, a range not in it, a strength out of 0..50, a tolerance out of 0..45°,
/// or a range too long to sample.
pub fn smooth(
    motion: &Motion,
    range: Option<(usize, usize)>,
    strength: f64,
    tolerance_deg: f64,
) -> Result<Outcome, OpError> {
    let tolerance_deg = check_tolerance(tolerance_deg)?;
    if !(strength.is_finite() && strength > 0.0 && strength <= MAX_STRENGTH) {
        return Err(OpError::BadStrength {
            strength,
            max: MAX_STRENGTH,
        });
    }
    let keyframes = &motion.keyframes;
    let (first, last) = range.unwrap_or((0, keyframes.len().saturating_sub(1)));
    check_range(motion, first, last)?;
    if first == last {
        return Err(OpError::BadRange {
            first,
            last,
            len: keyframes.len(),
        });
    }
    let times = timing::keyframe_times_ms(keyframes);
    let joints = keyframes.joint_count();
    let ticks = check_range_size(times[first], times[last], joints)?;
    let rows = commanded_ticks(keyframes, first, last);
    let count = usize::try_from(ticks + 1).unwrap_or(0);
    let mut values = vec![0.0; rows.len()];
    let (mut column, mut scratch) = (Vec::with_capacity(count), Vec::with_capacity(count));
    for j in 0..joints {
        column.clear();
        column.extend(rows.iter().skip(j).step_by(joints.max(1)));
        low_pass(&mut column, strength * 2.0, &mut scratch);
        for (i, &v) in column.iter().enumerate() {
            values[i * joints + j] = v;
        }
    }
    let baked = bake_range(motion, first, last, values, tolerance_deg);
    let note = format!(
        "smoothed {}..{} ms (strength {strength}): {} inside replaced by {}; the replay is within {:.3}° of the smoothed curve at every 8 ms tick",
        times[first],
        times[last],
        plural(baked.replaced, "keyframe", "keyframes"),
        baked.made,
        baked.max_error_deg
    );
    Ok(Outcome {
        motion: baked.motion,
        notes: vec![note],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_low_pass_keeps_the_ends_and_calms_a_zigzag() {
        let mut values: Vec<f64> = (0..200)
            .map(|i| f64::from(i) * 10.0 + if i % 2 == 0 { 500.0 } else { -500.0 })
            .collect();
        let (start, end) = (values[0], values[199]);
        low_pass(&mut values, 4.0, &mut Vec::new());
        assert!((values[0] - start).abs() < 1e-9 && (values[199] - end).abs() < 1e-9);
        let jump = values
            .windows(2)
            .skip(20)
            .take(150)
            .map(|w| (w[1] - w[0]).abs())
            .fold(0.0, f64::max);
        assert!(jump < 60.0, "{jump}");
    }
}
