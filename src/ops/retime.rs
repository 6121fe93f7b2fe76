//! Retime: segments stretched or squeezed to a target duration, values untouched.
//!
//! Segment lengths stay whole 16 ms frames. Each segment gets its exact share of the target,
//! rounded down, and the frames left over go to the largest remainders, so every segment is
//! within one frame of its share and the total is exactly the target (rounded to 16 ms).

use super::common::{OpError, Outcome, check_range, with_keyframes};
use crate::codec::mtn::Motion;
use crate::robot::timing::FRAME_MS;

/// How long the result should be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// This many milliseconds (rounded to the 16 ms grid).
    DurationMs(u64),
    /// The current duration times this.
    Factor(f64),
}

/// `ms` on the 16 ms grid (to the nearest frame).
#[must_use]
pub fn round_to_frames(ms: u64) -> u64 {
    ms.saturating_add(FRAME_MS / 2) / FRAME_MS
}

/// Splits `target` frames among segments of `lengths` frames (each at least 1) in
/// proportion: each within one frame of its exact share where every share is at least one
/// frame, the sum exactly `target`. `target` must be at least `lengths.len()`.
#[must_use]
pub fn distribute(lengths: &[u64], target: u64) -> Vec<u64> {
    let total: u128 = lengths.iter().map(|&l| u128::from(l)).sum();
    if lengths.is_empty() || total == 0 {
        return lengths.to_vec();
    }
    let target_wide = u128::from(target);
    // Exact share = l * target / total: its floor and remainder, in integers.
    let mut out: Vec<u64> = Vec::with_capacity(lengths.len());
    let mut remainders: Vec<(u128, usize)> = Vec::with_capacity(lengths.len());
    for (i, &l) in lengths.iter().enumerate() {
        let product = u128::from(l) * target_wide;
        let floor = u64::try_from(product / total).unwrap_or(u64::MAX);
        out.push(floor.max(1));
        remainders.push((product % total, i));
    }
    // Largest remainder first; ties to the earlier segment.
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut sum: u64 = out.iter().sum();
    for &(_, i) in remainders.iter().cycle().take(remainders.len() * 2) {
        if sum >= target {
            break;
        }
        let floor = u64::try_from(u128::from(lengths[i]) * target_wide / total).unwrap_or(0);
        if out[i] == floor {
            out[i] += 1;
            sum += 1;
        }
    }
    // Segments held at one frame (a share below one) can leave too many frames: take them
    // back from the smallest remainders among segments longer than one frame.
    for &(_, i) in remainders.iter().rev().cycle().take(remainders.len() * 2) {
        if sum <= target {
            break;
        }
        if out[i] > 1 {
            out[i] -= 1;
            sum -= 1;
        }
    }
    out
}

/// The whole motion retimed.
///
/// # Errors
/// See [`retime_range`].
pub fn retime(motion: &Motion, target: Target) -> Result<Outcome, OpError> {
    let last = motion
        .keyframes
        .len()
        .checked_sub(1)
        .ok_or(OpError::Empty)?;
    retime_range(motion, 0, last, target)
}

/// The segments between keyframes `first` and `last` retimed to the target.
///
/// # Errors
/// A bad factor, a target shorter than one frame per segment, a result too long to store,
/// or a range outside the motion.
pub fn retime_range(
    motion: &Motion,
    first: usize,
    last: usize,
    target: Target,
) -> Result<Outcome, OpError> {
    check_range(motion, first, last)?;
    let frames = motion.keyframes.frames();
    let lengths: Vec<u64> = frames[first + 1..=last]
        .iter()
        .map(|&f| u64::from(f) + 1)
        .collect();
    let current_ms = lengths.iter().sum::<u64>() * FRAME_MS;
    let target_frames = match target {
        Target::DurationMs(ms) => round_to_frames(ms),
        Target::Factor(f) if f.is_finite() && f > 0.0 => {
            let ms = (current_ms as f64 * f).round();
            if ms > 1e15 {
                return Err(OpError::TooLong(u64::MAX));
            }
            round_to_frames(ms as u64)
        }
        Target::Factor(f) => return Err(OpError::BadFactor(f)),
    };
    let segments = lengths.len();
    if target_frames < segments as u64 || (segments > 0 && target_frames == 0) {
        return Err(OpError::TooShort {
            target_ms: target_frames * FRAME_MS,
            segments,
            min_ms: segments as u64 * FRAME_MS,
        });
    }
    let new = distribute(&lengths, target_frames);
    let mut keyframes = motion.keyframes.to_vec();
    for (keyframe, &length) in keyframes[first + 1..=last].iter_mut().zip(&new) {
        keyframe.frames =
            u32::try_from(length - 1).map_err(|_| OpError::TooLong(length * FRAME_MS))?;
    }
    let result = with_keyframes(motion, &keyframes);
    let mut notes = Vec::new();
    if let Target::DurationMs(ms) = target
        && ms % FRAME_MS != 0
    {
        notes.push(format!(
            "{ms} ms is not a whole number of 16 ms frames: made {} ms",
            target_frames * FRAME_MS
        ));
    }
    notes.extend(super::common::new_speed_notes(motion, &result));
    Ok(Outcome {
        motion: result,
        notes,
    })
}

/// The motion on the robot's 16 ms grid keeping the durations its frame-rate field implies
/// (a segment of n interpolation frames lasting (n + 1) x field ms), with the field set to 16.
///
/// # Errors
/// A result too long to store.
pub fn to_robot_rate(motion: &Motion) -> Result<Outcome, OpError> {
    let field = u64::from(motion.frame_rate);
    if field == 16 || field == 0 {
        return Ok(Outcome {
            motion: motion.clone(),
            notes: vec![format!(
                "the frame-rate field is already {field}: the motion plays as the file says"
            )],
        });
    }
    let Some(last) = motion.keyframes.len().checked_sub(1) else {
        let mut motion = motion.clone();
        motion.frame_rate = 16;
        return Ok(Outcome::plain(motion));
    };
    let frames: u64 = motion.keyframes.frames()[1..]
        .iter()
        .map(|&f| u64::from(f) + 1)
        .sum();
    let ms = frames.saturating_mul(field);
    // Segments shorter than a robot frame become one frame: the target is at least that.
    let ms = ms.max(last as u64 * FRAME_MS);
    let mut outcome = retime_range(motion, 0, last, Target::DurationMs(ms))?;
    outcome.motion.frame_rate = 16;
    outcome.notes.insert(
        0,
        format!(
            "the file's {field} ms frames make {ms} ms; on the robot's 16 ms frames that is {} ms",
            round_to_frames(ms) * FRAME_MS
        ),
    );
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::distribute;

    #[test]
    fn distribution_is_exact_and_within_a_frame() {
        let lengths = [10, 3, 7, 1];
        for target in 4..60 {
            let out = distribute(&lengths, target);
            assert_eq!(out.iter().sum::<u64>(), target);
            let total: f64 = lengths.iter().sum::<u64>() as f64;
            for (l, o) in lengths.iter().zip(&out) {
                let share = *l as f64 * target as f64 / total;
                if share >= 1.0 {
                    assert!((*o as f64 - share).abs() < 1.0, "{target}: {o} vs {share}");
                }
                assert!(*o >= 1);
            }
        }
    }
}
