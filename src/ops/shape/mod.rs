//! Shaping a motion: segments given an eased, spline or hand-drawn shape and baked into
//! keyframes the robot replays within a tolerance ([`bake`]); the fewest keyframes that keep
//! a motion as it is ([`simplify`]); a low-pass over a range ([`smooth`]); and too-fast
//! segments lengthened until the servos can follow ([`speed`]).
//!
//! What the robot plays is its tick stream (`robot::timing`): every check here compares
//! commands at 8 ms ticks, never the straight lines drawn between keyframes.

pub mod bake;
pub mod curve;
pub mod simplify;
pub mod smooth;
pub mod speed;
mod ticks;

pub use bake::{ShapeSpec, shape};
pub use curve::{Curve, Handles};
pub use simplify::simplify;
pub use smooth::smooth;
pub(crate) use speed::fewest_frames;
pub use speed::fix_speed;
pub use ticks::{MAX_RANGE_VALUES, check_tolerance};
pub(crate) use ticks::{bake_range, commanded_ticks};

use super::common::OpError;
use crate::codec::mtn::{Keyframe, Motion};
use crate::robot::timing::{self, FRAME_MS, TICK_MS};

/// The tolerance shaping, simplifying and smoothing keep by default, in degrees.
pub const DEFAULT_TOLERANCE_DEG: f64 = 0.5;

/// `motion` with a keyframe at `ms` (on the 16 ms grid, within the motion): the index of the
/// keyframe there, and whether it was added. An added keyframe holds what the robot commands
/// at that moment and the body angles of the keyframe before it; the keyframe after it keeps
/// its values, its segment now starting there.
pub(crate) fn keyframe_at(motion: &Motion, ms: u64) -> (Motion, usize, bool) {
    let keyframes = &motion.keyframes;
    let times = timing::keyframe_times_ms(keyframes);
    if let Ok(k) = times.binary_search(&ms) {
        return (motion.clone(), k, false);
    }
    let next = times.partition_point(|&t| t < ms);
    let Some(values) = timing::values_at_tick_in(keyframes, &times, ms / TICK_MS) else {
        return (motion.clone(), next.saturating_sub(1), false);
    };
    let body = keyframes.body()[next - 1];
    let frames_before = u32::try_from((ms - times[next - 1]) / FRAME_MS - 1).unwrap_or(0);
    let frames_after = u32::try_from((times[next] - ms) / FRAME_MS - 1).unwrap_or(0);
    let mut out = motion.clone();
    let inserted = out
        .keyframes
        .insert(
            next,
            &Keyframe {
                frames: frames_before,
                body_urad: body,
                angles_urad: values,
            },
        )
        .is_ok();
    out.keyframes.set_frames(next + 1, frames_after);
    (out, next, inserted)
}

/// `ms` on the 16 ms grid (to the nearest frame), and whether it moved.
fn on_grid(ms: u64) -> (u64, bool) {
    let grid = ms.saturating_add(FRAME_MS / 2) / FRAME_MS * FRAME_MS;
    (grid, grid != ms)
}

/// A range in ms made a range of keyframes: the motion (with keyframes added at the ends
/// where it had none), the range's first and last keyframe, and what was done to get there.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    /// The motion, with keyframes at both ends of the range.
    pub motion: Motion,
    /// The keyframe at the range's start.
    pub first: usize,
    /// The keyframe at its end.
    pub last: usize,
    /// What was rounded or added, in words.
    pub notes: Vec<String>,
}

/// `from_ms..=to_ms` of `motion` as keyframes, both ends rounded to the 16 ms grid and a
/// keyframe added at either end where there is none (holding what the robot commands
/// there), so a shape or a smoothing can keep the range's end values exactly.
///
/// # Errors
/// [`OpError::BadSpan`]: a range outside the motion or without length.
pub fn exact_span(motion: &Motion, from_ms: u64, to_ms: u64) -> Result<Span, OpError> {
    let duration = timing::duration_ms(&motion.keyframes);
    if from_ms >= to_ms {
        return Err(OpError::EmptySpan { from_ms, to_ms });
    }
    let ((from, moved_from), (to, moved_to)) = (on_grid(from_ms), on_grid(to_ms));
    if motion.keyframes.is_empty() || from >= to || to > duration {
        return Err(OpError::BadSpan {
            from_ms,
            to_ms,
            duration_ms: duration,
        });
    }
    let mut notes = Vec::new();
    if moved_from || moved_to {
        notes.push(format!(
            "the range is {from}..{to} ms, on the robot's 16 ms frames"
        ));
    }
    let (motion, first, added_first) = keyframe_at(motion, from);
    let (motion, last, added_last) = keyframe_at(&motion, to);
    let added = usize::from(added_first) + usize::from(added_last);
    if added > 0 {
        let place = match (added_first, added_last) {
            (true, true) => "ends",
            (true, false) => "start",
            _ => "end",
        };
        notes.push(format!(
            "{} at the range's {place}, holding what the robot commands there",
            if added == 1 {
                "a keyframe added"
            } else {
                "keyframes added"
            }
        ));
    }
    Ok(Span {
        motion,
        first,
        last,
        notes,
    })
}

/// The keyframes of the segments that `from_ms..=to_ms` touches: from the last keyframe at
/// or before its start to the first at or after its end.
///
/// # Errors
/// [`OpError::BadSpan`]: a range outside the motion or without length.
pub fn keyframes_around(
    motion: &Motion,
    from_ms: u64,
    to_ms: u64,
) -> Result<(usize, usize), OpError> {
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let duration = times.last().copied().unwrap_or(0);
    if from_ms >= to_ms {
        return Err(OpError::EmptySpan { from_ms, to_ms });
    }
    if times.len() < 2 || from_ms >= duration {
        return Err(OpError::BadSpan {
            from_ms,
            to_ms,
            duration_ms: duration,
        });
    }
    let first = times.partition_point(|&t| t <= from_ms).saturating_sub(1);
    let last = times.partition_point(|&t| t < to_ms).min(times.len() - 1);
    Ok((first, last))
}

/// The keyframes whose times are within `from_ms..=to_ms` (at least one segment's worth).
///
/// # Errors
/// [`OpError::BadSpan`]: fewer than two keyframes there.
pub fn keyframes_within(
    motion: &Motion,
    from_ms: u64,
    to_ms: u64,
) -> Result<(usize, usize), OpError> {
    if from_ms >= to_ms {
        return Err(OpError::EmptySpan { from_ms, to_ms });
    }
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let first = times.partition_point(|&t| t < from_ms);
    let end = times.partition_point(|&t| t <= to_ms);
    if end < first + 2 {
        return Err(OpError::BadSpan {
            from_ms,
            to_ms,
            duration_ms: timing::duration_ms(&motion.keyframes),
        });
    }
    Ok((first, end - 1))
}
