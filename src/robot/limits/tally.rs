//! The tally of out-of-range values per joint over the keyframe rows (`joint_count` values
//! per row, keyframe-major): one pass over blocks of rows small enough to stay in the
//! first-level cache, on every core for a long motion (the calling thread taking a share).
//!
//! Per block, every column's count of values outside its range and its extremes are kept in
//! registers across the block's tiles (eight rows each), eight places at a time: comparisons
//! and minima the compiler turns into vector instructions, with no branch on the data. The
//! extremes are kept as `f32` (one instruction each on every x86-64; the 32-bit integer ones
//! came with SSE4.1): every `i32` below 2^24 in magnitude is exactly an `f32` and rounding
//! keeps order, so an extreme under 2^24 (961°) is exact, and a column with one beyond is
//! tallied again value by value. The few binary joints (two allowed values) are gathered
//! from the block while it is in the cache and walked on their own.

use super::bounds::Bounds;

/// Per-joint tally of out-of-range keyframes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Tally {
    pub count: usize,
    /// The first out-of-range keyframe and its value.
    pub first: Option<(usize, i32)>,
    /// The value furthest out of range (the first such, on a tie).
    pub worst_value: i32,
}

/// Rows per tile: the places of a tile (`TILE_ROWS * joint_count`) are a whole number of
/// lane groups whatever the joint count.
const TILE_ROWS: usize = 8;
/// Places taken together: two vector registers of `i32` or `f32`.
const LANES: usize = 8;
/// Tiles per block: 32 tiles of 8 rows of 20 joints are 20 KiB.
const BLOCK_TILES: usize = 32;
/// Rows per block.
const BLOCK_ROWS: usize = TILE_ROWS * BLOCK_TILES;
/// Blocks below which the pass stays on the calling thread.
const PARALLEL_BLOCKS: usize = 16;
/// Every `i32` of smaller magnitude is exactly an `f32`.
const EXACT_F32: f32 = 16_777_216.0;

/// Whether `value` is outside `low..=low + width`: one unsigned comparison, as the
/// distance above `low` wraps around for a value below it.
fn outside_range(value: i32, low: i32, width: u32) -> bool {
    value.wrapping_sub(low).cast_unsigned() > width
}

fn lesser(a: f32, b: f32) -> f32 {
    if b < a { b } else { a }
}

fn greater(a: f32, b: f32) -> f32 {
    if b > a { b } else { a }
}

/// What the pass compares against, per place of a tile and per binary joint.
struct Plan<'a> {
    joint_count: usize,
    /// Per place: the range as its lower end and its width (binary joints and joints
    /// without limits take every value).
    low: Vec<i32>,
    width: Vec<u32>,
    binaries: Vec<&'a Bounds>,
}

impl<'a> Plan<'a> {
    fn new(joint_count: usize, bounds: &'a [Bounds]) -> Self {
        let len = joint_count * TILE_ROWS;
        let mut plan = Self {
            joint_count,
            low: vec![i32::MIN; len],
            width: vec![u32::MAX; len],
            binaries: Vec::new(),
        };
        let bounds = bounds.iter().filter(|b| b.joint < joint_count);
        for bound in bounds {
            if bound.ends_urad.is_some() {
                plan.binaries.push(bound);
                continue;
            }
            for at in (bound.joint..len).step_by(joint_count) {
                plan.low[at] = bound.low_urad;
                plan.width[at] = bound.high_urad.abs_diff(bound.low_urad);
            }
        }
        plan
    }
}

/// A binary joint's walk: how many values are in neither band, and the candidates for its
/// furthest value: the smallest, the largest, and the values nearest the middle between its
/// two values from above and from below.
#[derive(Clone, Copy, Debug)]
struct Binary {
    outside: usize,
    least: f32,
    most: f32,
    least_above: f32,
    most_below: f32,
}

impl Binary {
    const NONE: Self = Self {
        outside: 0,
        least: f32::INFINITY,
        most: f32::NEG_INFINITY,
        least_above: f32::INFINITY,
        most_below: f32::NEG_INFINITY,
    };

    fn take(&mut self, values: &[i32], bound: &Bounds) {
        let Some((a, b, slack)) = bound.ends_urad else {
            return;
        };
        let middle = (a / 2 + b / 2) as f32;
        let bands = [
            (a.saturating_sub(slack), a.saturating_add(slack)),
            (b.saturating_sub(slack), b.saturating_add(slack)),
        ];
        // Eight lanes side by side, each field an array of its own: a reduction over one
        // lane, or lanes of whole walks, would not be vectorised.
        let mut outside = [0u32; LANES];
        let mut least = [f32::INFINITY; LANES];
        let mut most = [f32::NEG_INFINITY; LANES];
        let mut least_above = [f32::INFINITY; LANES];
        let mut most_below = [f32::NEG_INFINITY; LANES];
        let chunks = values.chunks_exact(LANES);
        let rest = chunks.remainder();
        for chunk in chunks {
            for lane in 0..LANES {
                let value = chunk[lane];
                let inside = |(low, high): (i32, i32)| (value >= low) & (value <= high);
                outside[lane] += u32::from(!(inside(bands[0]) | inside(bands[1])));
                let x = value as f32;
                let above = x >= middle;
                least[lane] = lesser(least[lane], x);
                most[lane] = greater(most[lane], x);
                // A value on the other side adds an infinity, so it never wins.
                let up = if above { 0.0 } else { f32::INFINITY };
                let down = if above { f32::NEG_INFINITY } else { 0.0 };
                least_above[lane] = lesser(least_above[lane], x + up);
                most_below[lane] = greater(most_below[lane], x + down);
            }
        }
        let mut walk = *self;
        for lane in 0..LANES {
            walk = walk.merge(Self {
                outside: outside[lane] as usize,
                least: least[lane],
                most: most[lane],
                least_above: least_above[lane],
                most_below: most_below[lane],
            });
        }
        // The values left over, each as a lane of its own.
        for &value in rest {
            let inside = |(low, high): (i32, i32)| (value >= low) & (value <= high);
            let x = value as f32;
            let above = x >= middle;
            walk = walk.merge(Self {
                outside: usize::from(!(inside(bands[0]) | inside(bands[1]))),
                least: x,
                most: x,
                least_above: if above { x } else { f32::INFINITY },
                most_below: if above { f32::NEG_INFINITY } else { x },
            });
        }
        *self = walk;
    }

    fn merge(self, other: Self) -> Self {
        Self {
            outside: self.outside + other.outside,
            least: lesser(self.least, other.least),
            most: greater(self.most, other.most),
            least_above: lesser(self.least_above, other.least_above),
            most_below: greater(self.most_below, other.most_below),
        }
    }

    fn candidates(self) -> [f32; 4] {
        // A side of the middle no value is on has no candidate: the extreme stands in.
        let least_above = if self.least_above.is_finite() {
            self.least_above
        } else {
            self.most
        };
        let most_below = if self.most_below.is_finite() {
            self.most_below
        } else {
            self.least
        };
        [self.least, self.most, least_above, most_below]
    }
}

/// What a run of rows leaves: per place of a tile, the count of values outside the range
/// and the extremes; per binary joint, its walk.
#[derive(Clone, Debug)]
struct Partial {
    outside: Vec<usize>,
    least: Vec<f32>,
    most: Vec<f32>,
    binaries: Vec<Binary>,
}

impl Partial {
    fn new(plan: &Plan<'_>) -> Self {
        let len = plan.low.len();
        Self {
            outside: vec![0; len],
            least: vec![f32::INFINITY; len],
            most: vec![f32::NEG_INFINITY; len],
            binaries: vec![Binary::NONE; plan.binaries.len()],
        }
    }

    /// Takes in a block of at most `BLOCK_ROWS` whole rows.
    fn take(mut self, block: &[i32], plan: &Plan<'_>) -> Self {
        let tile_len = plan.low.len();
        let tiles = block.chunks_exact(tile_len);
        let rest = tiles.remainder();
        for start in (0..tile_len).step_by(LANES) {
            let low = &plan.low[start..start + LANES];
            let width = &plan.width[start..start + LANES];
            let mut outside = [0u32; LANES];
            let mut least = [f32::INFINITY; LANES];
            let mut most = [f32::NEG_INFINITY; LANES];
            for tile in tiles.clone() {
                let values = &tile[start..start + LANES];
                for lane in 0..LANES {
                    let value = values[lane];
                    outside[lane] += u32::from(outside_range(value, low[lane], width[lane]));
                    let x = value as f32;
                    least[lane] = lesser(least[lane], x);
                    most[lane] = greater(most[lane], x);
                }
            }
            for lane in 0..LANES {
                let at = start + lane;
                self.outside[at] += outside[lane] as usize;
                self.least[at] = lesser(self.least[at], least[lane]);
                self.most[at] = greater(self.most[at], most[lane]);
            }
        }
        // A last tile of fewer rows uses the first places.
        for (at, &value) in rest.iter().enumerate() {
            self.outside[at] += usize::from(outside_range(value, plan.low[at], plan.width[at]));
            self.least[at] = lesser(self.least[at], value as f32);
            self.most[at] = greater(self.most[at], value as f32);
        }
        let mut column = [0i32; BLOCK_ROWS];
        for (walk, bound) in self.binaries.iter_mut().zip(&plan.binaries) {
            let rows = block.chunks_exact(plan.joint_count);
            let mut taken = 0;
            for (slot, row) in column.iter_mut().zip(rows) {
                *slot = row[bound.joint];
                taken += 1;
            }
            walk.take(&column[..taken], bound);
        }
        self
    }

    fn merge(mut self, other: Self) -> Self {
        for (mine, theirs) in self.outside.iter_mut().zip(other.outside) {
            *mine += theirs;
        }
        for (mine, theirs) in self.least.iter_mut().zip(other.least) {
            *mine = lesser(*mine, theirs);
        }
        for (mine, theirs) in self.most.iter_mut().zip(other.most) {
            *mine = greater(*mine, theirs);
        }
        for (mine, theirs) in self.binaries.iter_mut().zip(other.binaries) {
            *mine = mine.merge(theirs);
        }
        self
    }

    /// Column `joint`'s count of values outside its range, and its extremes.
    fn column(&self, joint: usize, joint_count: usize) -> (usize, [f32; 2]) {
        let places = (joint..self.outside.len()).step_by(joint_count);
        places.fold(
            (0, [f32::INFINITY, f32::NEG_INFINITY]),
            |(count, [least, most]), at| {
                (
                    count + self.outside[at],
                    [lesser(least, self.least[at]), greater(most, self.most[at])],
                )
            },
        )
    }
}

/// One joint's tally the obvious way: every value of its column, one at a time. The pass
/// falls back on it for a column with values beyond what an `f32` holds exactly.
fn value_by_value(angles: &[i32], joint_count: usize, bound: &Bounds) -> Tally {
    let mut tally = Tally::default();
    let mut worst_excess = 0;
    let column = angles.iter().skip(bound.joint).step_by(joint_count);
    for (row, &value) in column.enumerate() {
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
}

/// The tally of each of `bounds` over the keyframe-major `angles` (`joint_count` per row).
///
/// After the pass, a joint's furthest value is one of its candidates (a range joint's
/// smallest or largest; a binary joint's four); only where a joint has values out of range
/// is its column walked again, up to its first one (and to the first of two candidates as
/// far out as each other).
pub(super) fn tallies(angles: &[i32], joint_count: usize, bounds: &[Bounds]) -> Vec<Tally> {
    let Some(rows) = angles
        .len()
        .checked_div(joint_count)
        .filter(|&rows| rows > 0)
    else {
        return vec![Tally::default(); bounds.len()];
    };
    let angles = &angles[..rows * joint_count];
    let plan = Plan::new(joint_count, bounds);
    let block_len = BLOCK_ROWS * joint_count;
    let sequential = |angles: &[i32]| {
        angles
            .chunks(block_len)
            .fold(Partial::new(&plan), |partial, block| {
                partial.take(block, &plan)
            })
    };
    let partial = if rows >= PARALLEL_BLOCKS * BLOCK_ROWS {
        // The calling thread takes the first share itself while the pool takes the rest:
        // waiting for the pool to take all of it cost as much as the work where its
        // threads were asleep.
        let shares = rayon::current_num_threads().max(1);
        let share_len = rows.div_ceil(shares).div_ceil(BLOCK_ROWS) * block_len;
        let (first, rest) = angles.split_at(share_len.min(angles.len()));
        let mut others: Vec<Option<Partial>> = rest.chunks(share_len).map(|_| None).collect();
        let mine = rayon::in_place_scope(|scope| {
            for (slot, share) in others.iter_mut().zip(rest.chunks(share_len)) {
                let sequential = &sequential;
                scope.spawn(move |_| *slot = Some(sequential(share)));
            }
            sequential(first)
        });
        others.into_iter().flatten().fold(mine, Partial::merge)
    } else {
        sequential(angles)
    };
    // In the order of `bounds`, as the plan took them.
    let mut binaries = partial.binaries.iter();
    let column = |joint: usize| angles.iter().skip(joint).step_by(joint_count).copied();
    bounds
        .iter()
        .map(|bound| {
            if bound.joint >= joint_count {
                return Tally::default();
            }
            let (count, candidates) = match bound.ends_urad {
                Some(_) => match binaries.next() {
                    Some(walk) => (walk.outside, walk.candidates().to_vec()),
                    None => return value_by_value(angles, joint_count, bound),
                },
                None => {
                    let (count, extremes) = partial.column(bound.joint, joint_count);
                    (count, extremes.to_vec())
                }
            };
            if count == 0 {
                return Tally::default();
            }
            if candidates.iter().any(|c| c.abs() >= EXACT_F32) {
                return value_by_value(angles, joint_count, bound);
            }
            // Exact: every candidate is below 2^24 in magnitude.
            let mut candidates: Vec<i32> = candidates.iter().map(|&c| c as i32).collect();
            let worst_excess = candidates
                .iter()
                .map(|&v| bound.excess(v))
                .max()
                .unwrap_or(0);
            candidates.retain(|&v| bound.excess(v) == worst_excess);
            candidates.sort_unstable();
            candidates.dedup();
            let worst_value = match candidates.as_slice() {
                [only] => *only,
                // As far out one way as another: the one the motion reaches first.
                _ => column(bound.joint)
                    .find(|v| candidates.contains(v))
                    .unwrap_or(0),
            };
            Tally {
                count,
                first: column(bound.joint)
                    .enumerate()
                    .find(|&(_, v)| bound.excess(v) > 0),
                worst_value,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::bounds::limit_bounds;
    use super::*;
    use crate::codec::mtn::{Keyframes, Motion};
    use crate::robot::Model;
    use crate::robot::postures::posture_locators;
    use proptest::prelude::*;

    fn by_value(angles: &[i32], joint_count: usize, bounds: &[Bounds]) -> Vec<Tally> {
        let value_by_value = |bound| value_by_value(angles, joint_count, bound);
        bounds.iter().map(value_by_value).collect()
    }

    fn same_as_value_by_value(motion: &Motion, model: Model) -> Vec<Tally> {
        let bounds = limit_bounds(motion, model);
        let joint_count = motion.keyframes.joint_count();
        let angles = motion.keyframes.angles();
        let fast = tallies(angles, joint_count, &bounds);
        assert_eq!(fast, by_value(angles, joint_count, &bounds));
        fast
    }

    fn motion_of(model: Model, rows: &[Vec<i32>]) -> Motion {
        let locators = posture_locators(model);
        let mut motion = Motion::new("a_stand#stand_test", "test", model.label(), locators);
        for row in rows {
            assert!(motion.keyframes.push(1, [0; 3], row).is_ok());
        }
        motion
    }

    #[test]
    fn the_pass_is_the_value_by_value_tally_on_the_largest_motion() {
        // Values up to +-115 degrees on every joint, the ears (binary) included; long
        // enough to run on every core.
        let motion = crate::example::largest_motion();
        assert!(motion.keyframes.len() >= PARALLEL_BLOCKS * BLOCK_ROWS);
        let tallies = same_as_value_by_value(&motion, Model::Ers7);
        assert!(
            tallies.iter().any(|t| t.count > 0),
            "the motion goes out of range"
        );
    }

    #[test]
    fn no_keyframes_nothing_out_of_range() {
        let mut motion = crate::example::largest_motion();
        motion.keyframes = Keyframes::new(motion.keyframes.joint_count());
        let bounds = limit_bounds(&motion, Model::Ers7);
        let tallies = tallies(motion.keyframes.angles(), 20, &bounds);
        assert_eq!(tallies, vec![Tally::default(); bounds.len()]);
    }

    #[test]
    fn as_far_below_as_above_reports_the_one_reached_first() {
        let bounds = limit_bounds(&motion_of(Model::Ers7, &[]), Model::Ers7);
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
                let mut row = vec![0; 20];
                row[joint] = v;
                row
            })
            .collect();
        let tallies = same_as_value_by_value(&motion_of(Model::Ers7, &rows), Model::Ers7);
        let tally = tallies.iter().zip(&bounds).find(|(_, b)| b.joint == joint);
        let expected = Tally {
            count: 3,
            first: Some((1, high + 7)),
            worst_value: high + 7,
        };
        assert_eq!(tally.map(|(t, _)| *t), Some(expected));
    }

    #[test]
    fn values_beyond_what_an_f32_holds_are_tallied_exactly() {
        // 2^24 + 1 rounds to 2^24 as an f32: the column is tallied again value by value.
        let huge = [1 << 24, (1 << 24) + 1, i32::MAX, i32::MIN, -(1 << 24) - 1];
        for value in huge {
            let rows: Vec<Vec<i32>> = (0..300)
                .map(|row| vec![if row == 150 { value } else { 1000 }; 20])
                .collect();
            let tallies = same_as_value_by_value(&motion_of(Model::Ers7, &rows), Model::Ers7);
            assert!(
                tallies
                    .iter()
                    .all(|t| t.worst_value == value && t.count >= 1)
            );
        }
    }

    /// Values that land on, near and far from the ERS-7's limits and the ears' two values.
    fn value() -> impl Strategy<Value = i32> {
        prop_oneof![
            -2_500_000..2_500_000i32,
            prop::sample::select(vec![0, 1, -1, 1 << 24, (1 << 24) + 1, i32::MIN, i32::MAX]),
            (-8_727i32..=8_727).prop_map(|v| v * 100),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn the_pass_is_the_value_by_value_tally(
            model in prop::sample::select(vec![Model::Ers7, Model::Ers210, Model::Ers110]),
            row_count in 0usize..700,
            seed in prop::collection::vec(value(), 1..64),
        ) {
            let joint_count = posture_locators(model).len();
            let rows: Vec<Vec<i32>> = (0..row_count)
                .map(|row| {
                    (0..joint_count)
                        .map(|joint| seed[(row * 7 + joint * 13) % seed.len()])
                        .collect()
                })
                .collect();
            same_as_value_by_value(&motion_of(model, &rows), model);
        }
    }
}
