//! Dense frames to keyframes: the fewest keyframes whose replay by the robot (its exact
//! command at each 8 ms tick, joined tick to tick as a servo moves) stays within a
//! tolerance of every source frame; and plain Ramer-Douglas-Peucker as the baseline the
//! bench measures it against.

use crate::codec::seq::BodyMotion;
use crate::robot::timing::{self, FRAME_MS, TICK_MS};

/// The longest segment the reduction makes, in interpolation frames (real files go to 600).
pub const MAX_SEGMENT_FRAMES: usize = 600;

/// The source, sampled: per frame, per AIBO joint, in microradians (as f64).
pub(crate) struct Source {
    pub(crate) rate: f64,
    pub(crate) joints: usize,
    pub(crate) values: Vec<f64>,
}

impl Source {
    fn frames(&self) -> usize {
        self.values.len().checked_div(self.joints).unwrap_or(0)
    }

    fn time_ms(&self, f: usize) -> f64 {
        f as f64 * 1000.0 / self.rate
    }

    fn end_ms(&self) -> f64 {
        self.time_ms(self.frames().saturating_sub(1))
    }

    /// Joint `j` at `t_ms`, linear between frames, held past the ends.
    fn at(&self, t_ms: f64, j: usize) -> f64 {
        let x = (t_ms * self.rate / 1000.0).max(0.0);
        let last = self.frames().saturating_sub(1);
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "x >= 0"
        )]
        let f = (x.floor() as usize).min(last);
        let g = (f + 1).min(last);
        let frac = (x - f as f64).clamp(0.0, 1.0);
        let a = self.values[f * self.joints + j];
        let b = self.values[g * self.joints + j];
        a + frac * (b - a)
    }
}

pub(crate) fn to_urad(v: f64) -> i32 {
    #[expect(clippy::cast_possible_truncation, reason = "clamped to the i32 range")]
    let v = v.round().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
    v
}

/// The grid: one value per joint at every 16 ms frame up to the end of the source.
fn grid_of(source: &Source) -> Vec<Vec<i32>> {
    let end = source.end_ms();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "end >= 0"
    )]
    let points = (end / FRAME_MS as f64 - 1e-9).ceil().max(0.0) as usize + 1;
    (0..points)
        .map(|k| {
            let t = (k as u64 * FRAME_MS) as f64;
            (0..source.joints)
                .map(|j| to_urad(source.at(t, j)))
                .collect()
        })
        .collect()
}

/// The largest error (µrad) of the robot's replay of grid points `a` to `b` against every
/// source frame in `[16a, 16b)` ms; stops early once it passes `limit`. The replay is the
/// player's exact command at each 8 ms tick, joined by straight lines as a servo moves from
/// one set point to the next (so a source frame between two ticks is compared with the
/// point between their commands, not with a value held for the whole tick).
fn segment_error(source: &Source, grid: &[Vec<i32>], a: usize, b: usize, limit: f64) -> f64 {
    let n = u32::try_from(b - a - 1).unwrap_or(u32::MAX);
    let (t0, t1) = ((a as u64 * FRAME_MS) as f64, (b as u64 * FRAME_MS) as f64);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "t >= 0"
    )]
    let first = (t0 * source.rate / 1000.0 - 1e-9).ceil().max(0.0) as usize;
    let ticks = timing::segment_ticks(n);
    let (from, to) = (&grid[a], &grid[b]);
    let steps: Vec<i32> = from
        .iter()
        .zip(to)
        .map(|(&v0, &v1)| timing::step_urad(v0, v1, n))
        .collect();
    // Where no command of the segment can leave the `int` range, the commands are exact in
    // f64 (whole numbers below 2^53), and the frame loop runs on them without branches.
    let exact = from.iter().zip(&steps).all(|(&v0, &step)| {
        i64::from(v0).abs() + i64::from(step).abs() * i64::try_from(ticks).unwrap_or(i64::MAX)
            <= i64::from(i32::MAX)
    });
    let from_f: Vec<f64> = from.iter().map(|&v| f64::from(v)).collect();
    let steps_f: Vec<f64> = steps.iter().map(|&v| f64::from(v)).collect();
    let mut worst: f64 = 0.0;
    for (f, row) in source
        .values
        .chunks_exact(source.joints.max(1))
        .enumerate()
        .skip(first)
    {
        let t = source.time_ms(f);
        if t >= t1 {
            break;
        }
        let x = (t - t0) / TICK_MS as f64;
        #[expect(clippy::cast_possible_truncation, reason = "a tick count")]
        let whole = (x + 1e-9) as i64;
        #[expect(clippy::cast_precision_loss, reason = "a tick count, far below 2^53")]
        let tick_f = whole as f64;
        let frac = (x - tick_f).clamp(0.0, 1.0);
        let tick = u64::try_from(whole).unwrap_or(0);
        let row_worst = if tick + 1 < ticks && exact {
            // The servo between this tick's command and the next, `step` further on.
            let tick = tick_f;
            row.iter()
                .zip(&from_f)
                .zip(&steps_f)
                .map(|((&value, &v0), &step)| ((v0 + tick * step) + frac * step - value).abs())
                .fold(0.0, larger)
        } else {
            // The last tick runs to the segment's end; and where the player's `int`
            // arithmetic would wrap, it is followed exactly.
            let last_tick = tick + 1 >= ticks;
            row.iter()
                .zip(from.iter().zip(to))
                .zip(&steps)
                .map(|((&value, (&v0, &v1)), &step)| {
                    let here = timing::tick_value(v0, step, tick);
                    let next = if last_tick {
                        v1
                    } else {
                        timing::tick_value(v0, step, tick + 1)
                    };
                    let here = f64::from(here);
                    (here + frac * (f64::from(next) - here) - value).abs()
                })
                .fold(0.0, f64::max)
        };
        worst = worst.max(row_worst);
        if worst > limit {
            return worst;
        }
    }
    worst
}

/// The larger of two errors. As `f64::max` where `so_far` is a number (a NaN `error` is
/// passed over), written as the comparison the processor's vector maximum makes.
fn larger(so_far: f64, error: f64) -> f64 {
    if error > so_far { error } else { so_far }
}

/// The largest error (µrad) of keyframes at these grid points, over the whole source.
pub(crate) fn total_error(source: &Source, grid: &[Vec<i32>], keys: &[usize]) -> f64 {
    let mut worst: f64 = 0.0;
    for pair in keys.windows(2) {
        worst = worst.max(segment_error(source, grid, pair[0], pair[1], f64::INFINITY));
    }
    if let (Some(&last), Some(f)) = (keys.last(), source.frames().checked_sub(1)) {
        // Frames at the very end (on the last grid point) are held at the last keyframe.
        let end = (last as u64 * FRAME_MS) as f64;
        if source.time_ms(f) >= end {
            let row = &source.values[f * source.joints..(f + 1) * source.joints];
            for (&held, &value) in grid[last].iter().zip(row) {
                worst = worst.max((f64::from(held) - value).abs());
            }
        }
    }
    worst
}

/// The farthest point from `a` up to `reach` whose segment `fits(a, b)` (at least `a + 1`),
/// found by galloping, lengths 1, 2, 4, ... while the segment fits, then halving between the
/// last that fitted and the first that did not: a segment is checked whole each time, so a
/// few long checks replace a long run of growing ones.
pub(crate) fn farthest_fit(a: usize, reach: usize, fits: impl Fn(usize, usize) -> bool) -> usize {
    let (mut good, mut step) = (a + 1, 1);
    let mut bad = None;
    while good < reach {
        let next = (good + step).min(reach);
        if fits(a, next) {
            good = next;
            step *= 2;
        } else {
            bad = Some(next);
            break;
        }
    }
    if let Some(mut bad) = bad {
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if fits(a, mid) {
                good = mid;
            } else {
                bad = mid;
            }
        }
    }
    good
}

/// Our reduction: from each keyframe, the farthest grid point whose segment replays within
/// the tolerance (at least the next one), found by [`farthest_fit`] rather than one grid
/// point at a time (on the corpus walks: the same keyframes, in fewer checks).
fn reduce_greedy(source: &Source, grid: &[Vec<i32>], tolerance_urad: f64) -> Vec<usize> {
    let mut keys = vec![0];
    let last = grid.len().saturating_sub(1);
    let mut a = 0;
    let fits =
        |a: usize, b: usize| segment_error(source, grid, a, b, tolerance_urad) <= tolerance_urad;
    while a < last {
        a = farthest_fit(a, (a + MAX_SEGMENT_FRAMES + 1).min(last), fits);
        keys.push(a);
    }
    keys
}

/// The baseline: Ramer-Douglas-Peucker over the grid points (all joints at once, the
/// largest joint distance from the straight line), at the same tolerance.
#[must_use]
fn reduce_rdp(grid: &[Vec<i32>], tolerance_urad: f64) -> Vec<usize> {
    let last = grid.len().saturating_sub(1);
    let mut keep = vec![false; grid.len()];
    if grid.is_empty() {
        return Vec::new();
    }
    keep[0] = true;
    keep[last] = true;
    let mut stack = vec![(0, last)];
    while let Some((a, b)) = stack.pop() {
        if b <= a + 1 {
            continue;
        }
        let mut far = (0.0, a);
        for k in a + 1..b {
            let f = (k - a) as f64 / (b - a) as f64;
            let d = grid[k]
                .iter()
                .zip(&grid[a])
                .zip(&grid[b])
                .map(|((&v, &v0), &v1)| {
                    (f64::from(v) - (f64::from(v0) + f * (f64::from(v1) - f64::from(v0)))).abs()
                })
                .fold(0.0, f64::max);
            if d > far.0 {
                far = (d, k);
            }
        }
        if far.0 > tolerance_urad {
            keep[far.1] = true;
            stack.push((a, far.1));
            stack.push((far.1, b));
        }
    }
    (0..grid.len()).filter(|&k| keep[k]).collect()
}

/// Keyframes and maximum error of one reduction, for the bench and the report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reduction {
    /// Keyframes used.
    pub keyframes: usize,
    /// Largest replay error, degrees.
    pub max_error_deg: f64,
}

/// Which method to reduce with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Ours (greedy farthest reach, checked against the robot's replay).
    Greedy,
    /// Plain Ramer-Douglas-Peucker on the 16 ms grid (the baseline).
    Rdp,
}

/// Reduces every part of a body motion (its own joints, no AIBO mapping) with `method`, for
/// comparing methods.
#[must_use]
pub fn reduce_body(body: &BodyMotion, tolerance_deg: f64, method: Method) -> Reduction {
    let source = Source {
        rate: body.frame_rate,
        joints: body.parts,
        values: body.joints.iter().map(|v| v * 1e6).collect(),
    };
    let (keys, grid) = reduce_source(&source, tolerance_deg, method);
    Reduction {
        keyframes: keys.len(),
        max_error_deg: total_error(&source, &grid, &keys).to_degrees() / 1e6,
    }
}

pub(crate) fn reduce_source(
    source: &Source,
    tolerance_deg: f64,
    method: Method,
) -> (Vec<usize>, Vec<Vec<i32>>) {
    let grid = grid_of(source);
    let tolerance = tolerance_deg.to_radians() * 1e6;
    let keys = match method {
        Method::Greedy => reduce_greedy(source, &grid, tolerance),
        Method::Rdp => reduce_rdp(&grid, tolerance),
    };
    (keys, grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ours_uses_no_more_keyframes_than_rdp_and_stays_within_the_tolerance() {
        // A smooth two-joint wave at 500 fps for 2 s.
        let frames = 1000;
        let joints = (0..frames)
            .flat_map(|f| {
                let t = f64::from(f) / 500.0;
                [(t * 3.0).sin() * 0.8, (t * 5.0).cos() * 0.3]
            })
            .collect();
        let body = BodyMotion::from_joints(500.0, 2, joints);
        let ours = reduce_body(&body, 0.5, Method::Greedy);
        let rdp = reduce_body(&body, 0.5, Method::Rdp);
        assert!(ours.max_error_deg <= 0.5, "{ours:?}");
        assert!(ours.keyframes <= rdp.keyframes, "{ours:?} vs {rdp:?}");
        assert!(ours.keyframes > 2 && ours.keyframes < 200, "{ours:?}");
    }
}
