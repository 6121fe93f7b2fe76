//! A range of keyframes as the robot plays it and baked back: the checks on a range's
//! tolerance and size, its commands tick by tick, and the fewest keyframes on the 16 ms grid
//! that replay given tick values within a tolerance (what shaping and smoothing both end in).

use crate::codec::mtn::{Keyframe, Keyframes, Motion};
use crate::convert::reduce::{Method, Source, reduce_source, to_urad, total_error};
use crate::ops::common::{OpError, with_keyframes};
use crate::robot::timing::{self, TICK_MS};

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
pub(super) fn check_range_size(from_ms: u64, to_ms: u64, joints: usize) -> Result<u64, OpError> {
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

/// Keyframes `first..=last` of `motion` replaced: the ones before `first` and after `last`
/// kept, then `inner` (frames, body, values), then keyframe `last` (its values and body
/// kept) reached in `last_frames`.
fn replace_inside(
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
    with_keyframes(motion, &keyframes)
}

/// The joints' limits in µrad (where the model gives them), for holding a shape within.
pub(super) fn limits_urad(motion: &Motion) -> Vec<Option<(f64, f64)>> {
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
