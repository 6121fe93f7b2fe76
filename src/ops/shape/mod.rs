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

pub use bake::{ShapeSpec, shape};
pub use curve::{Curve, Handles};
pub use simplify::simplify;
pub use smooth::smooth;
pub(crate) use speed::fewest_frames;
pub use speed::fix_speed;

use super::OpError;
use crate::codec::mtn::{Keyframe, Keyframes, Motion};
use crate::convert::reduce::{Method, Source, reduce_source, to_urad, total_error};
use crate::robot::timing::{self, FRAME_MS, TICK_MS};

/// The tolerance shaping, simplifying and smoothing keep by default, in degrees.
pub const DEFAULT_TOLERANCE_DEG: f64 = 0.5;

/// The most tick values (ticks times joints) a range is sampled at: 8 Mi values (64 MiB),
/// an hour of a 20-joint motion's range at 8 ms.
pub const MAX_RANGE_VALUES: u64 = 1 << 23;

/// Checks a tolerance in degrees: above 0 and at most 45.
///
/// # Errors
/// [`OpError::BadTolerance`].
pub fn check_tolerance(tolerance_deg: f64) -> Result<f64, OpError> {
    if tolerance_deg.is_finite() && tolerance_deg > 0.0 && tolerance_deg <= 45.0 {
        Ok(tolerance_deg)
    } else {
        Err(OpError::BadTolerance(tolerance_deg))
    }
}

/// The keyframe times of a range in ms and its ticks, bounded by [`MAX_RANGE_VALUES`].
///
/// # Errors
/// [`OpError::RangeTooLong`].
fn check_range_size(from_ms: u64, to_ms: u64, joints: usize) -> Result<u64, OpError> {
    let ticks = (to_ms - from_ms) / TICK_MS;
    let joints = u64::try_from(joints.max(1)).unwrap_or(u64::MAX);
    let max_ms = MAX_RANGE_VALUES / joints * TICK_MS;
    if (ticks + 1).saturating_mul(joints) > MAX_RANGE_VALUES {
        return Err(OpError::RangeTooLong {
            ms: to_ms - from_ms,
            max_ms,
        });
    }
    Ok(ticks)
}

/// The commands of keyframes `first..=last` tick by tick, one row of joints per tick from
/// the first keyframe's time to the last's (the last row: the last keyframe's values, where
/// the next segment starts).
pub(crate) fn commanded_ticks(keyframes: &Keyframes, first: usize, last: usize) -> Vec<f64> {
    let joints = keyframes.joint_count();
    let angles = keyframes.angles();
    let frames = keyframes.frames();
    let mut rows = Vec::new();
    for k in first + 1..=last {
        let from = &angles[(k - 1) * joints..k * joints];
        let to = &angles[k * joints..(k + 1) * joints];
        let steps: Vec<i32> = from
            .iter()
            .zip(to)
            .map(|(&a, &b)| timing::step_urad(a, b, frames[k]))
            .collect();
        for tick in 0..timing::segment_ticks(frames[k]) {
            rows.extend(
                from.iter()
                    .zip(&steps)
                    .map(|(&v0, &step)| f64::from(timing::tick_value(v0, step, tick))),
            );
        }
    }
    rows.extend(
        angles[last * joints..(last + 1) * joints]
            .iter()
            .map(|&v| f64::from(v)),
    );
    rows
}

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

/// Keyframes `first..=last` of `motion` replaced: the ones before `first` and after `last`
/// kept, then `inner` (frames, body, values), then keyframe `last` (its values and body
/// kept) reached in `last_frames`.
pub(crate) fn replace_inside(
    motion: &Motion,
    first: usize,
    last: usize,
    inner: Vec<Keyframe>,
    last_frames: u32,
) -> Motion {
    let all = motion.keyframes.to_vec();
    let mut keyframes: Vec<Keyframe> = Vec::with_capacity(all.len() + inner.len());
    keyframes.extend_from_slice(&all[..=first]);
    keyframes.extend(inner);
    let mut end = all[last].clone();
    end.frames = last_frames;
    keyframes.push(end);
    keyframes.extend_from_slice(&all[last + 1..]);
    super::with_keyframes(motion, &keyframes)
}

/// The joints' limits in µrad (where the model gives them), for holding a shape within.
fn limits_urad(motion: &Motion) -> Vec<Option<(f64, f64)>> {
    let model = crate::robot::parse_design(&motion.design).map(|d| d.model);
    motion
        .locators
        .iter()
        .map(|locator| {
            let (_, info) = model?.joint_by_locator(locator)?;
            let limit = info.limit?;
            Some((
                limit.min_deg.to_radians() * 1e6,
                limit.max_deg.to_radians() * 1e6,
            ))
        })
        .collect()
}

/// A range baked into keyframes: the motion, how many keyframes inside the range were
/// replaced and by how many, and the replay's largest distance from the target.
pub(crate) struct Baked {
    pub motion: Motion,
    pub replaced: usize,
    pub made: usize,
    pub max_error_deg: f64,
}

/// Keyframes `first..=last` replaced by the fewest on the 16 ms grid whose replay stays
/// within `tolerance_deg` of `values` (one row of joints per 8 ms tick from `first`'s time to
/// `last`'s, both rows included). The end keyframes are kept exactly; the body angles of the
/// new keyframes run straight from the start's to the end's.
pub(crate) fn bake_range(
    motion: &Motion,
    first: usize,
    last: usize,
    values: Vec<f64>,
    tolerance_deg: f64,
) -> Baked {
    let source = Source {
        rate: 1000.0 / TICK_MS as f64,
        joints: motion.keyframes.joint_count(),
        values,
    };
    let (keys, grid) = reduce_source(&source, tolerance_deg, Method::Greedy);
    let max_error_deg = total_error(&source, &grid, &keys).to_degrees() / 1e6;
    let body = motion.keyframes.body();
    let (body_start, body_end) = (body[first], body[last]);
    let end = keys.last().copied().unwrap_or(0);
    let mut inner = Vec::new();
    let mut previous = 0;
    for &k in keys.iter().skip(1).take(keys.len().saturating_sub(2)) {
        #[expect(clippy::cast_precision_loss, reason = "grid indices far below 2^53")]
        let fraction = k as f64 / end.max(1) as f64;
        let mut body_urad = [0; 3];
        for (b, (&s, &e)) in body_urad.iter_mut().zip(body_start.iter().zip(&body_end)) {
            *b = to_urad(f64::from(s) + fraction * (f64::from(e) - f64::from(s)));
        }
        inner.push(Keyframe {
            frames: u32::try_from(k - previous - 1).unwrap_or(0),
            body_urad,
            angles_urad: grid[k].clone(),
        });
        previous = k;
    }
    let last_frames = u32::try_from(end.saturating_sub(previous).saturating_sub(1)).unwrap_or(0);
    let made = inner.len();
    Baked {
        motion: replace_inside(motion, first, last, inner, last_frames),
        replaced: last - first - 1,
        made,
        max_error_deg,
    }
}
