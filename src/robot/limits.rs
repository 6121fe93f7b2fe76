//! Joint limits: which keyframes take a joint outside what its model allows. Run on every
//! decode (the command line's `check`, the editor after each edit), so on the largest motion
//! it is one pass over the keyframe rows, with the bounds worked out once per joint and no
//! allocation per keyframe.

use super::joints::{LimitSource, deg_to_urad, urad_to_deg};
use super::models::Design;
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, ProblemCode, Severity};

/// How far past a limit a value may be and still count as at the limit, in degrees.
const LIMIT_SLACK_DEG: f64 = 0.05;

/// One joint's bounds in microradians, precomputed once per check.
pub(crate) struct Bounds {
    pub joint: usize,
    info: &'static crate::robot::JointInfo,
    /// Outside `[low, high]` is out of range (with the slack applied).
    low_urad: i32,
    high_urad: i32,
    /// For binary joints: the two values, and how far from them a value may be.
    ends_urad: Option<(i32, i32, i32)>,
}

impl Bounds {
    /// How far outside the limit a value is, in microradians (0 when within). Written
    /// without data-dependent branches: on a large motion this runs for every value.
    pub fn excess(&self, value: i32) -> i64 {
        let value = i64::from(value);
        match self.ends_urad {
            Some((a, b, slack)) => {
                let off = (value - i64::from(a))
                    .abs()
                    .min((value - i64::from(b)).abs());
                off * i64::from(off > i64::from(slack))
            }
            None => (i64::from(self.low_urad) - value)
                .max(value - i64::from(self.high_urad))
                .max(0),
        }
    }
}

/// The joints of `motion` that have limits under `model`, with their bounds.
pub(crate) fn limit_bounds(motion: &Motion, model: super::Model) -> Vec<Bounds> {
    // Files store whole microradians, and tools wrote limits converted with various values
    // of pi: a value within 0.05 degrees of a limit is at the limit. Binary joints (the
    // ERS-7's ears) take one of two values; half a degree either side is accepted.
    motion
        .locators
        .iter()
        .enumerate()
        .filter_map(|(joint, locator)| {
            let (_, info) = model.joint_by_locator(locator)?;
            let limit = info.limit?;
            Some(Bounds {
                joint,
                info,
                low_urad: deg_to_urad(limit.min_deg - LIMIT_SLACK_DEG),
                high_urad: deg_to_urad(limit.max_deg + LIMIT_SLACK_DEG),
                ends_urad: limit.binary.then(|| {
                    (
                        deg_to_urad(limit.min_deg),
                        deg_to_urad(limit.max_deg),
                        deg_to_urad(0.5),
                    )
                }),
            })
        })
        .collect()
}

/// Per-joint tally of out-of-range keyframes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    count: usize,
    /// The first out-of-range keyframe and its value.
    first: Option<(usize, i32)>,
    /// The value furthest out of range (the first such, on a tie).
    worst_value: i32,
}

/// Rows per tile: the pass walks tiles of this many rows against bounds repeated as many
/// times, a loop long enough for the compiler to turn into vector instructions whatever the
/// joint count.
const TILE_ROWS: usize = 8;

/// Per column of a tile: the range, and what the pass keeps.
struct Tile {
    low: Vec<i32>,
    high: Vec<i32>,
    outside: Vec<u32>,
    smallest: Vec<i32>,
    largest: Vec<i32>,
}

impl Tile {
    /// Range joints take their range; binary joints and joints without limits take every
    /// value (binary joints are tallied on their own).
    fn new(joint_count: usize, bounds: &[Bounds]) -> Self {
        let len = joint_count * TILE_ROWS;
        let mut tile = Self {
            low: vec![i32::MIN; len],
            high: vec![i32::MAX; len],
            outside: vec![0; len],
            smallest: vec![i32::MAX; len],
            largest: vec![i32::MIN; len],
        };
        for bound in bounds.iter().filter(|b| b.ends_urad.is_none()) {
            for at in (bound.joint..len).step_by(joint_count.max(1)) {
                tile.low[at] = bound.low_urad;
                tile.high[at] = bound.high_urad;
            }
        }
        tile
    }

    /// Takes in `rows`, at most a tile of them (a shorter last tile uses the first columns).
    fn take(&mut self, rows: &[i32]) {
        let n = rows.len().min(self.outside.len());
        let (rows, low, high) = (&rows[..n], &self.low[..n], &self.high[..n]);
        let outside = &mut self.outside[..n];
        let (smallest, largest) = (&mut self.smallest[..n], &mut self.largest[..n]);
        for i in 0..n {
            let value = rows[i];
            // Below or above, never both: the two comparisons add up.
            outside[i] += u32::from(value < low[i]) + u32::from(value > high[i]);
            smallest[i] = smallest[i].min(value);
            largest[i] = largest[i].max(value);
        }
    }

    /// Column `joint`'s count of values outside, smallest and largest, over every row.
    fn column(&self, joint: usize, joint_count: usize) -> (usize, i32, i32) {
        let lanes = (joint..self.outside.len()).step_by(joint_count.max(1));
        lanes.fold((0, i32::MAX, i32::MIN), |(count, min, max), at| {
            (
                count + self.outside[at] as usize,
                min.min(self.smallest[at]),
                max.max(self.largest[at]),
            )
        })
    }
}

/// A binary joint's walk of its column: how many values are out of range, and the
/// candidates for its furthest value: below the lower value the smallest, above the upper
/// the largest, between them the values nearest the middle from each side. One walk, with
/// no branch on the data.
fn binary_walk(column: impl Iterator<Item = i32>, bound: &Bounds) -> (usize, [i32; 4]) {
    let Some((a, b, slack)) = bound.ends_urad else {
        return (0, [0; 4]);
    };
    let middle = a / 2 + b / 2;
    let bands = [
        (a.saturating_sub(slack), a.saturating_add(slack)),
        (b.saturating_sub(slack), b.saturating_add(slack)),
    ];
    let mut count = 0;
    let mut candidates = [i32::MAX, i32::MIN, i32::MAX, i32::MIN];
    for value in column {
        let inside = |(low, high): (i32, i32)| (value >= low) & (value <= high);
        count += usize::from(!(inside(bands[0]) | inside(bands[1])));
        let at_or_above = value >= middle;
        candidates[0] = candidates[0].min(value);
        candidates[1] = candidates[1].max(value);
        candidates[2] = candidates[2].min(if at_or_above { value } else { i32::MAX });
        candidates[3] = candidates[3].max(if at_or_above { i32::MIN } else { value });
    }
    // A side of the middle no value is on has no candidate: stand the extreme in for it.
    if candidates[1] < middle {
        candidates[2] = candidates[1];
    }
    if candidates[0] >= middle {
        candidates[3] = candidates[0];
    }
    (count, candidates)
}

/// The tally of each of `bounds` over the keyframe-major `angles` (`joint_count` per row).
///
/// One pass over the rows keeps, per range column, the number of values outside the range
/// and its smallest and largest value: comparisons and minima the compiler turns into vector
/// instructions, with no branch on the data. A range joint's furthest value is its smallest
/// or largest. A binary joint's (two allowed values) is its smallest, its largest or one of
/// the two nearest the middle between its values; the few binary joints are walked on their
/// own. Only where a joint has values out of range is its column walked again, up to its
/// first one (and for a binary joint, to count them).
fn tallies(angles: &[i32], joint_count: usize, bounds: &[Bounds]) -> Vec<Tally> {
    if angles.len() < joint_count || joint_count == 0 {
        return vec![Tally::default(); bounds.len()];
    }
    let mut tile = Tile::new(joint_count, bounds);
    // Counters are u32: a block of this many tiles cannot overflow them.
    let block_tiles = 1 << 20;
    let mut outside = vec![0usize; joint_count];
    for block in angles.chunks(block_tiles * TILE_ROWS * joint_count) {
        for rows in block.chunks(TILE_ROWS * joint_count) {
            tile.take(rows);
        }
        for (joint, total) in outside.iter_mut().enumerate() {
            *total += tile.column(joint, joint_count).0;
        }
        tile.outside.fill(0);
    }
    let rows = || angles.chunks_exact(joint_count);
    bounds
        .iter()
        .map(|bound| {
            let column = || rows().filter_map(|row| row.get(bound.joint).copied());
            let (count, candidates) = match bound.ends_urad {
                Some(_) => {
                    let (count, candidates) = binary_walk(column(), bound);
                    (count, candidates.to_vec())
                }
                None => {
                    let (_, min, max) = tile.column(bound.joint, joint_count);
                    let count = outside.get(bound.joint).copied().unwrap_or(0);
                    (count, vec![min, max])
                }
            };
            let worst_excess = candidates
                .iter()
                .map(|&v| bound.excess(v))
                .max()
                .unwrap_or(0);
            if worst_excess == 0 {
                return Tally::default();
            }
            let worst: Vec<i32> = candidates
                .into_iter()
                .filter(|&v| bound.excess(v) == worst_excess)
                .collect();
            let worst_value = match worst.as_slice() {
                [only] => *only,
                // As far out one way as another: the one the motion reaches first.
                _ => column().find(|v| worst.contains(v)).unwrap_or(0),
            };
            Tally {
                count,
                first: column()
                    .enumerate()
                    .find(|&(_, value)| bound.excess(value) > 0),
                worst_value,
            }
        })
        .collect()
}

/// Warns of each joint of `motion` that goes outside its limit under `design`: the first
/// keyframe that does, how many do and the furthest value.
pub(super) fn check_limits(
    motion: &Motion,
    offsets: &Offsets,
    design: &Design,
    problems: &mut Vec<Problem>,
) {
    let model = design.model;
    let keyframes = &motion.keyframes;
    let joint_count = keyframes.joint_count();
    let bounds = limit_bounds(motion, model);
    if bounds.is_empty() || joint_count == 0 {
        return;
    }
    let tallies = tallies(keyframes.angles(), joint_count, &bounds);
    // Times are only needed when something is out of range.
    let times = if tallies.iter().any(|t| t.first.is_some()) {
        super::timing::keyframe_times_ms(keyframes)
    } else {
        Vec::new()
    };
    for (bound, tally) in bounds.iter().zip(&tallies) {
        let Some((keyframe, value)) = tally.first else {
            continue;
        };
        let Some(limit) = bound.info.limit else {
            continue;
        };
        let range = if limit.binary {
            format!("only {}° or {}°", limit.min_deg, limit.max_deg)
        } else {
            format!("{}° to {}°", limit.min_deg, limit.max_deg)
        };
        let source = match limit.source {
            LimitSource::Published => format!("the {} limit is {range}", model.name()),
            LimitSource::Observed => format!(
                "Sony's own {} motions stay within {range} (no limits were published)",
                model.name()
            ),
        };
        let more = if tally.count > 1 {
            format!(
                "; {} keyframes are out of range, the furthest at {:.1}°",
                tally.count,
                urad_to_deg(tally.worst_value)
            )
        } else {
            String::new()
        };
        let problem = Problem::new(
            Severity::Warning,
            ProblemCode::JointLimit,
            offsets.angle(keyframe, bound.joint),
            format!(
                "{} is {:.1}° at keyframe {keyframe}; {source}{more}",
                bound.info.name,
                urad_to_deg(value)
            ),
        );
        problems.push(match times.get(keyframe) {
            Some(&time_ms) => problem.at_time(time_ms),
            None => problem,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::Model;

    /// The tally the obvious way: every value of every bounded column, one at a time.
    fn value_by_value(angles: &[i32], joint_count: usize, bounds: &[Bounds]) -> Vec<Tally> {
        bounds
            .iter()
            .map(|bound| {
                let mut tally = Tally::default();
                let mut worst_excess = 0;
                for (row, &value) in angles
                    .iter()
                    .skip(bound.joint)
                    .step_by(joint_count)
                    .enumerate()
                {
                    let excess = bound.excess(value);
                    if excess == 0 {
                        continue;
                    }
                    tally.count += 1;
                    tally.first.get_or_insert((row, value));
                    if excess > worst_excess {
                        worst_excess = excess;
                        tally.worst_value = value;
                    }
                }
                tally
            })
            .collect()
    }

    fn same_as_value_by_value(motion: &Motion) {
        let bounds = limit_bounds(motion, Model::Ers7);
        let joint_count = motion.keyframes.joint_count();
        let angles = motion.keyframes.angles();
        let fast = tallies(angles, joint_count, &bounds);
        assert!(
            fast.iter().any(|t| t.count > 0),
            "the test motion goes out of range"
        );
        assert_eq!(fast, value_by_value(angles, joint_count, &bounds));
    }

    #[test]
    fn the_one_pass_tally_is_the_value_by_value_tally_on_the_largest_motion() {
        // Values up to +-115 degrees on every joint, the ears (binary) included.
        same_as_value_by_value(&crate::example::largest_motion());
    }

    #[test]
    fn no_keyframes_nothing_out_of_range() {
        let mut motion = crate::example::largest_motion();
        motion.keyframes = crate::codec::mtn::Keyframes::new(motion.keyframes.joint_count());
        let bounds = limit_bounds(&motion, Model::Ers7);
        let tallies = tallies(motion.keyframes.angles(), 20, &bounds);
        assert_eq!(tallies, vec![Tally::default(); bounds.len()]);
    }

    #[test]
    fn as_far_below_as_above_reports_the_one_reached_first() {
        let mut motion = crate::example::largest_motion();
        let joint_count = motion.keyframes.joint_count();
        let bounds = limit_bounds(&motion, Model::Ers7);
        let range = bounds
            .iter()
            .find(|b| b.ends_urad.is_none())
            .map(|b| (b.joint, b.low_urad, b.high_urad));
        let Some((joint, low, high)) = range else {
            panic!("the ERS-7 has range joints");
        };
        let rows: Vec<Vec<i32>> = [0, high + 7, low - 7, high + 7]
            .iter()
            .map(|&v| {
                let mut row = vec![0; joint_count];
                row[joint] = v;
                row
            })
            .collect();
        motion.keyframes = crate::codec::mtn::Keyframes::new(joint_count);
        for row in &rows {
            assert!(motion.keyframes.push(1, [0; 3], row).is_ok());
        }
        let fast = tallies(motion.keyframes.angles(), joint_count, &bounds);
        let tally = fast
            .iter()
            .zip(&bounds)
            .find(|(_, b)| b.joint == joint)
            .map(|(t, _)| *t);
        assert_eq!(
            tally,
            Some(Tally {
                count: 3,
                first: Some((1, high + 7)),
                worst_value: high + 7
            })
        );
        same_as_value_by_value(&motion);
    }
}
