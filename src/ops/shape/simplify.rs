//! Simplify: the fewest of a motion's keyframes whose replay stays within a tolerance of the
//! motion as it is, at every 8 ms tick the robot commands. Keyframes are only removed (the
//! ones kept are kept exactly, their segments joined), so it never adds any.
//!
//! The check is exact and cheap: within one of the old segments both the old and the new
//! command move by a fixed step per tick, so their difference is largest at that segment's
//! first or last tick. Checking a new segment costs one look per old segment it spans, not
//! one per tick, and the largest motion the format holds is simplified in well under a
//! second.

use super::ticks::check_tolerance;
use crate::codec::mtn::{Keyframes, Motion};
use crate::convert::reduce::farthest_fit;
use crate::ops::common::{OpError, Outcome, check_range};
use crate::robot::timing::{self, FRAME_MS, TICK_MS};
use crate::words::plural;

/// The keyframes and their times, for checking joined segments.
struct Course<'a> {
    angles: &'a [i32],
    frames: &'a [u32],
    body: &'a [[i32; 3]],
    times: Vec<u64>,
    joints: usize,
    /// Per segment (by the keyframe it reaches) and joint: the old command at its last tick.
    last_ticks: Vec<i32>,
}

impl Course<'_> {
    fn value(&self, k: usize, j: usize) -> i32 {
        self.angles[k * self.joints + j]
    }

    /// The largest difference (µrad) between the old commands over keyframes `a..=b` and
    /// one segment from `a` straight to `b` (and between the body angles and the line from
    /// `a`'s to `b`'s); stops early past `limit`. `None` where no segment holds that length.
    fn error(&self, a: usize, b: usize, limit: i64) -> Option<i64> {
        let frames = u32::try_from((self.times[b] - self.times[a]) / FRAME_MS - 1).ok()?;
        // The body angles are not played, but drawn straight from keyframe to keyframe:
        // a keyframe goes only where its body angles stay within the tolerance of that line.
        let span = (self.times[b] - self.times[a]) as f64;
        let mut worst = 0i64;
        for k in a + 1..b {
            let fraction = (self.times[k] - self.times[a]) as f64 / span;
            for axis in 0..3 {
                let (from, to) = (f64::from(self.body[a][axis]), f64::from(self.body[b][axis]));
                let line = from + fraction * (to - from);
                #[expect(clippy::cast_possible_truncation, reason = "a difference of i32s")]
                let off = (f64::from(self.body[k][axis]) - line).abs().ceil() as i64;
                worst = worst.max(off);
            }
            if worst > limit {
                return Some(worst);
            }
        }
        for j in 0..self.joints {
            let (v0, v1) = (self.value(a, j), self.value(b, j));
            let step = timing::step_urad(v0, v1, frames);
            for s in a + 1..=b {
                let offset = (self.times[s - 1] - self.times[a]) / TICK_MS;
                let ticks = timing::segment_ticks(self.frames[s]);
                let from = self.value(s - 1, j);
                let old_last = self.last_ticks[s * self.joints + j];
                let new_first = timing::tick_value(v0, step, offset);
                let new_last = timing::tick_value(v0, step, offset + ticks - 1);
                let here = (i64::from(new_first) - i64::from(from))
                    .abs()
                    .max((i64::from(new_last) - i64::from(old_last)).abs());
                worst = worst.max(here);
                if worst > limit {
                    return Some(worst);
                }
            }
        }
        Some(worst)
    }
}

/// The kept keyframes of `first..=last`: from each, the farthest whose joined segment stays
/// within `limit` (galloping, then halving), at least the next.
fn keep(m: &Course<'_>, first: usize, last: usize, limit: i64) -> Vec<usize> {
    let fits = |a: usize, b: usize| m.error(a, b, limit).is_some_and(|e| e <= limit);
    let mut kept = vec![first];
    let mut a = first;
    while a < last {
        a = farthest_fit(a, last, fits);
        kept.push(a);
    }
    kept
}

/// `motion` (or keyframes `range`) simplified within `tolerance_deg`.
///
/// # Errors
/// An empty motion, a range not in it, or a tolerance out of 0..45°.
pub fn simplify(
    motion: &Motion,
    range: Option<(usize, usize)>,
    tolerance_deg: f64,
) -> Result<Outcome, OpError> {
    let tolerance_deg = check_tolerance(tolerance_deg)?;
    let len = motion.keyframes.len();
    let (first, last) = range.unwrap_or((0, len.saturating_sub(1)));
    check_range(motion, first, last)?;
    let keyframes = &motion.keyframes;
    let joints = keyframes.joint_count();
    let (angles, frames) = (keyframes.angles(), keyframes.frames());
    let mut last_ticks = vec![0; angles.len()];
    for s in 1..len {
        let ticks = timing::segment_ticks(frames[s]);
        for j in 0..joints {
            let (from, to) = (angles[(s - 1) * joints + j], angles[s * joints + j]);
            let step = timing::step_urad(from, to, frames[s]);
            last_ticks[s * joints + j] = timing::tick_value(from, step, ticks - 1);
        }
    }
    let m = Course {
        angles,
        frames,
        body: keyframes.body(),
        times: timing::keyframe_times_ms(keyframes),
        joints,
        last_ticks,
    };
    #[expect(clippy::cast_possible_truncation, reason = "at most 45° in µrad")]
    let limit = (tolerance_deg.to_radians() * 1e6).floor() as i64;
    let kept = keep(&m, first, last, limit);
    let worst = kept
        .windows(2)
        .filter_map(|w| m.error(w[0], w[1], i64::MAX))
        .max()
        .unwrap_or(0);
    // Built row by row from the motion's own arrays (no keyframe copied whole).
    let row = |k: usize| &m.angles[k * joints..(k + 1) * joints];
    let mut out = Keyframes::with_capacity(joints, len - (last - first + 1) + kept.len());
    // Every row has the motion's own joint count.
    let mut push = |frames: u32, k: usize| out.push(frames, m.body[k], row(k));
    for k in 0..first {
        push(m.frames[k], k)?;
    }
    for (i, &k) in kept.iter().enumerate() {
        let frames = match i {
            0 => m.frames[k],
            _ => u32::try_from((m.times[k] - m.times[kept[i - 1]]) / FRAME_MS - 1)
                .unwrap_or(u32::MAX),
        };
        push(frames, k)?;
    }
    for k in last + 1..len {
        push(m.frames[k], k)?;
    }
    let removed = (last - first + 1) - kept.len();
    #[expect(clippy::cast_precision_loss, reason = "at most 45° in µrad")]
    let worst_deg = (worst as f64 / 1e6).to_degrees();
    let note = if removed == 0 {
        format!(
            "no keyframe could go: each is needed to stay within {tolerance_deg}° of the motion"
        )
    } else {
        format!(
            "{} removed ({len} to {}); every 8 ms tick is within {worst_deg:.3}° of the motion as it was",
            plural(removed, "keyframe", "keyframes"),
            out.len()
        )
    };
    let mut simplified = motion.clone();
    simplified.keyframes = out;
    Ok(Outcome {
        motion: simplified,
        notes: vec![note],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn motion(rows: &[(u32, [i32; 2])]) -> Motion {
        let mut m = Motion::new(
            "a_stand#stand_x",
            "t",
            "DRX-1000",
            vec!["a".into(), "b".into()],
        );
        let mut keyframes = Keyframes::new(2);
        for (frames, values) in rows {
            keyframes.push(*frames, [0; 3], values).unwrap_or_default();
        }
        m.keyframes = keyframes;
        m
    }

    #[test]
    fn keyframes_on_a_straight_line_go_and_a_corner_stays() {
        // 0 -> 0.1 -> 0.2 rad is one line (segments of 4 ticks each); then back to 0.
        let m = motion(&[
            (0, [0, 0]),
            (1, [100_000, 0]),
            (1, [200_000, 0]),
            (1, [0, 0]),
        ]);
        let out = simplify(&m, None, 0.5).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.motion.keyframes.len(), 3, "{:?}", out.notes);
        assert_eq!(out.motion.keyframes.angle(1, 0), Some(200_000));
        assert_eq!(out.motion.keyframes.frames()[1], 3);
        assert_eq!(
            timing::duration_ms(&out.motion.keyframes),
            timing::duration_ms(&m.keyframes)
        );
    }

    #[test]
    fn a_line_recorded_a_frame_apart_becomes_two_keyframes_body_angles_and_all() {
        // Nine keyframes on one line, the body pitch on a line too (as a shape leaves it).
        let mut m = motion(&[]);
        for k in 0..9 {
            let body = [0, 10_000 * k, 0];
            m.keyframes
                .push(0, body, &[50_000 * k, -20_000 * k])
                .unwrap_or_default();
        }
        let out = simplify(&m, None, 0.5).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.motion.keyframes.len(), 2, "{:?}", out.notes);
        // A body angle off the line keeps its keyframe.
        m.keyframes.set_body(4, [0, 90_000, 0]);
        let out = simplify(&m, None, 0.5).unwrap_or_else(|e| panic!("{e}"));
        assert!(out.motion.keyframes.len() > 2, "{:?}", out.notes);
        assert!(
            (0..out.motion.keyframes.len())
                .any(|k| out.motion.keyframes.body()[k] == [0, 90_000, 0])
        );
    }

    #[test]
    fn a_tolerance_out_of_range_is_refused() {
        let m = motion(&[(0, [0, 0]), (1, [1_000, 0])]);
        assert_eq!(simplify(&m, None, 0.0), Err(OpError::BadTolerance(0.0)));
        assert!(simplify(&m, None, f64::NAN).is_err());
    }
}
