//! Where a motion breaks the robot's limits, every occurrence: the problems list names the
//! first one per joint, the timeline marks them all. Kept as runs of keyframes so a motion
//! that is too fast everywhere costs one run per joint, not one mark per segment.

use super::limits::bounds::limit_bounds;
use super::parse_design;
use super::speed_bound::{for_each_too_fast, speed_bounds};
use crate::codec::mtn::Motion;
use crate::codec::{Problem, Severity};

/// Consecutive keyframes `first..=last` (indices into the motion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The first keyframe of the run.
    pub first: usize,
    /// The last keyframe of the run (inclusive).
    pub last: usize,
}

/// Every place a motion goes beyond its model's limits, per joint column.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SafetyMarks {
    /// Per joint: runs of keyframes outside the joint's range.
    pub out_of_range: Vec<Vec<Run>>,
    /// Per joint: runs of keyframes joined by segments faster than the joint's servo (a
    /// too-fast segment from keyframe `k - 1` to `k` is the run `k - 1..=k`).
    pub too_fast: Vec<Vec<Run>>,
    /// Any joint out of range: the union of `out_of_range`, for an overview strip.
    pub any_out_of_range: Vec<Run>,
    /// Any joint too fast: the union of `too_fast`.
    pub any_too_fast: Vec<Run>,
    /// Per joint: the runs whose problem is only a note (see [`SafetyMarks::fold_notes`]),
    /// taken out of `out_of_range` and `too_fast`.
    pub noted: Vec<Vec<Run>>,
}

impl SafetyMarks {
    /// True when nothing is out of range or too fast.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.any_out_of_range.is_empty() && self.any_too_fast.is_empty()
    }

    /// Takes the runs of a joint whose limit or speed problem in `problems` is a note (past
    /// its published limit no further than Sony's own motions go, a servo that reaches every
    /// keyframe within `speed::MISS_DEG`) out of the warnings' runs into `noted`, so that
    /// only warnings are marked as warnings. `len`: the motion's keyframe count.
    pub fn fold_notes(&mut self, problems: &[Problem], len: usize) {
        use crate::robot::codes::{JOINT_LIMIT, JOINT_SPEED};
        self.noted = vec![Vec::new(); self.out_of_range.len()];
        for problem in problems.iter().filter(|p| p.severity == Severity::Info) {
            let Some(j) = problem.joint else {
                continue;
            };
            let from = match problem.code {
                JOINT_LIMIT => self.out_of_range.get_mut(j),
                JOINT_SPEED => self.too_fast.get_mut(j),
                _ => None,
            };
            if let (Some(from), Some(noted)) = (from, self.noted.get_mut(j)) {
                let taken = std::mem::take(from);
                *noted = union(&[std::mem::take(noted), taken], len);
            }
        }
        self.any_out_of_range = union(&self.out_of_range, len);
        self.any_too_fast = union(&self.too_fast, len);
    }
}

/// Appends keyframes `first..=last` to sorted runs, joining it to the last run when they
/// touch or overlap.
fn push_run(runs: &mut Vec<Run>, first: usize, last: usize) {
    match runs.last_mut() {
        Some(run) if first <= run.last + 1 => run.last = run.last.max(last),
        _ => runs.push(Run { first, last }),
    }
}

/// The runs of set bits (bit `k % 64` of word `k / 64` is keyframe `k`).
fn runs_of_bits(words: &[u64]) -> Vec<Run> {
    let mut runs = Vec::new();
    let mut open: Option<usize> = None;
    for (w, &word) in words.iter().enumerate() {
        let base = w * 64;
        let mut rest = word;
        let mut at = 0u32;
        loop {
            if let Some(first) = open {
                // Inside a run: it goes on up to the next clear bit.
                let ones = (rest >> at).trailing_ones().min(64 - at);
                at += ones;
                if at == 64 {
                    break;
                }
                runs.push(Run {
                    first,
                    last: base + at as usize - 1,
                });
                open = None;
            }
            // Outside a run: the next set bit opens one.
            if at == 64 {
                break;
            }
            rest &= u64::MAX << at;
            if rest == 0 {
                break;
            }
            at = rest.trailing_zeros();
            open = Some(base + at as usize);
        }
    }
    if let Some(first) = open {
        runs.push(Run {
            first,
            last: words.len() * 64 - 1,
        });
    }
    runs
}

/// The union of every joint's runs over `len` keyframes: count the runs covering each
/// keyframe (a difference array, so long runs cost no more than short ones), and keep where
/// the count is above zero.
fn union(per_joint: &[Vec<Run>], len: usize) -> Vec<Run> {
    let mut starts_minus_ends = vec![0i32; len + 1];
    for run in per_joint.iter().flatten() {
        if run.last < len {
            starts_minus_ends[run.first] += 1;
            starts_minus_ends[run.last + 1] -= 1;
        }
    }
    let mut runs = Vec::new();
    let mut covering = 0;
    for (k, change) in starts_minus_ends.iter().take(len).enumerate() {
        covering += change;
        if covering > 0 {
            push_run(&mut runs, k, k);
        }
    }
    runs
}

/// Every out-of-range keyframe and too-fast segment of `motion` under its design label's
/// model (nothing when the label names no model).
#[must_use]
pub fn safety_marks(motion: &Motion) -> SafetyMarks {
    let joint_count = motion.keyframes.joint_count();
    let mut marks = SafetyMarks {
        out_of_range: vec![Vec::new(); joint_count],
        too_fast: vec![Vec::new(); joint_count],
        any_out_of_range: Vec::new(),
        any_too_fast: Vec::new(),
        noted: vec![Vec::new(); joint_count],
    };
    let Some(design) = parse_design(&motion.design) else {
        return marks;
    };
    let keyframes = &motion.keyframes;
    let angles = keyframes.angles();
    let bounds: Vec<_> = limit_bounds(motion, design.model)
        .into_iter()
        .filter(|bound| bound.joint < joint_count)
        .collect();
    if !bounds.is_empty() {
        // Row by row (the rows are stored keyframe-major), a bit per keyframe and joint set
        // without branching (on a noisy motion a branch per value costs more than the
        // test), then the bits read back as runs a word at a time.
        let words = keyframes.len().div_ceil(64);
        let mut bits = vec![0u64; words * bounds.len()];
        for (k, row) in angles.chunks_exact(joint_count).enumerate() {
            let (word, bit) = (k / 64, k % 64);
            for (b, bound) in bounds.iter().enumerate() {
                let out = u64::from(bound.excess(row[bound.joint]) > 0);
                bits[b * words + word] |= out << bit;
            }
        }
        for (b, bound) in bounds.iter().enumerate() {
            marks.out_of_range[bound.joint] = runs_of_bits(&bits[b * words..(b + 1) * words]);
        }
    }
    for bound in speed_bounds(motion, design.model) {
        let Some(runs) = marks.too_fast.get_mut(bound.joint) else {
            continue;
        };
        for_each_too_fast(keyframes, &bound, |k, _| push_run(runs, k - 1, k));
    }
    marks.any_out_of_range = union(&marks.out_of_range, keyframes.len());
    marks.any_too_fast = union(&marks.too_fast, keyframes.len());
    marks
}

/// The runs of `runs` (sorted, disjoint) that reach into `first..=last`, as index range.
#[must_use]
pub fn runs_within(runs: &[Run], first: usize, last: usize) -> std::ops::Range<usize> {
    let start = runs.partition_point(|run| run.last < first);
    let end = runs.partition_point(|run| run.first <= last);
    start..end.max(start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::robot::{deg_to_urad, models::Model};

    /// An ERS-7 motion of every joint at zero, with `frames` per segment.
    fn ers7(keyframe_count: usize, frames: u32) -> Motion {
        let model = Model::Ers7;
        let locators: Vec<String> = model
            .joints()
            .iter()
            .map(|joint| joint.locator.to_owned())
            .collect();
        let mut motion = Motion::new("TEST", "test", model.label(), locators);
        // Zero where the joint allows it, else its nearest limit (the mouth, the ears).
        let pose: Vec<i32> = model
            .joints()
            .iter()
            .map(|joint| {
                joint.limit.map_or(0, |limit| {
                    deg_to_urad(0.0_f64.clamp(limit.min_deg, limit.max_deg))
                })
            })
            .collect();
        for _ in 0..keyframe_count {
            motion
                .keyframes
                .push(frames, [0; 3], &pose)
                .expect("row width");
        }
        motion
    }

    fn column(motion: &Motion, name: &str) -> usize {
        let model = Model::Ers7;
        motion
            .locators
            .iter()
            .position(|locator| {
                model
                    .joint_by_locator(locator)
                    .is_some_and(|(_, info)| info.name == name)
            })
            .expect("joint")
    }

    #[test]
    fn a_motion_within_every_limit_has_no_marks() {
        let motion = ers7(10, 8);
        let marks = safety_marks(&motion);
        assert!(marks.is_empty());
        assert!(marks.out_of_range.iter().all(Vec::is_empty));
        assert!(marks.too_fast.iter().all(Vec::is_empty));
    }

    #[test]
    fn every_occurrence_is_marked_and_neighbours_join_into_runs() {
        let mut motion = ers7(12, 8);
        let knee = column(&motion, "FL_LEG_KNEE");
        let pitch = column(&motion, "HEAD_PITCH");
        // The knee goes beyond its 130 degrees at keyframes 2, 3 and 7.
        for k in [2, 3, 7] {
            assert!(motion.keyframes.set_angle(k, knee, deg_to_urad(150.0)));
        }
        // The head pitch jumps 60 degrees in one 16 ms frame into keyframe 10.
        assert!(motion.keyframes.set_frames(10, 1));
        assert!(motion.keyframes.set_angle(10, pitch, deg_to_urad(-60.0)));
        let marks = safety_marks(&motion);
        assert_eq!(
            marks.out_of_range[knee],
            vec![Run { first: 2, last: 3 }, Run { first: 7, last: 7 }]
        );
        // Out of range at 2..=3 and 7 also makes the knee too fast going there and back.
        assert_eq!(
            marks.too_fast[knee],
            vec![Run { first: 1, last: 4 }, Run { first: 6, last: 8 }]
        );
        // Into keyframe 10 in one frame, and out of it over 8: 60 deg / 16 ticks is still
        // 3.75 deg per tick, too fast for the pitch as well.
        assert_eq!(marks.too_fast[pitch], vec![Run { first: 9, last: 11 }]);
        assert_eq!(
            marks.any_out_of_range,
            vec![Run { first: 2, last: 3 }, Run { first: 7, last: 7 }]
        );
        assert_eq!(
            marks.any_too_fast,
            vec![Run { first: 1, last: 4 }, Run { first: 6, last: 11 }]
        );
        let any = &marks.any_too_fast;
        assert_eq!(runs_within(any, 0, 0), 0..0);
        assert_eq!(runs_within(any, 4, 6), 0..2);
        assert_eq!(runs_within(any, 5, 5), 1..1);
        assert_eq!(runs_within(any, 11, 20), 1..2);
    }

    #[test]
    fn runs_read_from_bits_match_a_bit_by_bit_reading() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for case in 0..200_usize {
            let len = 1 + case * 3;
            let words = len.div_ceil(64);
            // Sparse, dense and noisy patterns, including runs across word edges.
            let mut bits = vec![0u64; words];
            for k in 0..len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let density = [2, 50, 98][case % 3];
                if state % 100 < density {
                    bits[k / 64] |= 1 << (k % 64);
                }
            }
            let mut expected = Vec::new();
            for k in 0..len {
                if bits[k / 64] >> (k % 64) & 1 == 1 {
                    push_run(&mut expected, k, k);
                }
            }
            assert_eq!(runs_of_bits(&bits), expected, "case {case}");
        }
        assert_eq!(
            runs_of_bits(&[u64::MAX, u64::MAX]),
            vec![Run {
                first: 0,
                last: 127
            }]
        );
        assert_eq!(runs_of_bits(&[]), vec![]);
    }

    #[test]
    fn an_unknown_label_has_no_marks() {
        let mut motion = ers7(3, 1);
        motion.design = "DRX-9999".to_owned();
        assert!(motion.keyframes.set_angle(1, 0, deg_to_urad(170.0)));
        assert!(safety_marks(&motion).is_empty());
    }
}
