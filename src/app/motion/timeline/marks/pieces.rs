//! Which marks a view draws: each list of runs indexed by the gaps between them, so the
//! pieces in view (runs closer than a few pixels drawn as one) come a tree descent apiece.

use crate::app::motion::timeline::thin::visible_range;
use crate::edit::Document;
use crate::robot::marks::{Run, runs_within};
use std::ops::RangeInclusive;

/// For one list of runs, the gap from each run to the next in ms, as a max tree: the pieces
/// a view draws (runs closer than a few pixels drawn as one) are then found a piece at a
/// time, however many runs each holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GapIndex {
    /// Leaves at `size..size + runs - 1`; each inner node is the larger of its two.
    tree: Vec<f64>,
    size: usize,
    gaps: usize,
}

impl GapIndex {
    /// The gaps of `runs` (sorted, disjoint) at these keyframe times; a run naming a
    /// keyframe that is gone (marks from before an edit) ends a piece.
    #[must_use]
    pub fn new(runs: &[Run], times_ms: &[u64]) -> Self {
        let gaps = runs.len().saturating_sub(1);
        let size = gaps.next_power_of_two().max(1);
        let mut tree = vec![f64::NEG_INFINITY; 2 * size];
        for (i, pair) in runs.windows(2).enumerate() {
            tree[size + i] = match (times_ms.get(pair[0].last), times_ms.get(pair[1].first)) {
                (Some(&end), Some(&start)) => start.saturating_sub(end) as f64,
                _ => f64::INFINITY,
            };
        }
        for node in (1..size).rev() {
            tree[node] = tree[2 * node].max(tree[2 * node + 1]);
        }
        Self { tree, size, gaps }
    }

    /// The first run at or after `i` whose gap to the next run is more than `join_ms`.
    #[must_use]
    pub fn next_break(&self, i: usize, join_ms: f64) -> Option<usize> {
        if i >= self.gaps {
            return None;
        }
        let mut node = self.size + i;
        if self.tree[node] > join_ms {
            return Some(i);
        }
        loop {
            if node == 1 {
                return None;
            }
            if node.is_multiple_of(2) && self.tree[node + 1] > join_ms {
                node += 1;
                break;
            }
            node /= 2;
        }
        while node < self.size {
            node = if self.tree[2 * node] > join_ms {
                2 * node
            } else {
                2 * node + 1
            };
        }
        Some(node - self.size)
    }
}

/// The keyframe ranges to draw for `runs` (with their [`GapIndex`]) in the view `[x0, x1]`:
/// runs clipped to the keyframes in view, and runs less than `join_ms` apart drawn as one
/// (they would touch on screen anyway), so a view never draws more pieces than it has
/// pixels, and finding them costs a tree descent a piece.
#[must_use]
pub fn mark_pieces(
    runs: &[Run],
    gaps: &GapIndex,
    times_ms: &[u64],
    (x0, x1): (f64, f64),
    join_ms: f64,
) -> Vec<RangeInclusive<usize>> {
    let visible = visible_range(times_ms, x0, x1);
    let mut pieces = Vec::new();
    if visible.is_empty() {
        return pieces;
    }
    let last_visible = visible.end - 1;
    let within = runs_within(runs, visible.start, last_visible);
    let mut i = within.start;
    while i < within.end {
        let first = runs[i].first.max(visible.start);
        let end = gaps
            .next_break(i, join_ms)
            .map_or(within.end - 1, |k| k.min(within.end - 1));
        let last = runs[end].last.min(last_visible);
        if first <= last {
            pieces.push(first..=last);
        }
        i = end + 1;
    }
    pieces
}

/// The gap indexes of a motion's marks, kept while its marks stay the same.
#[derive(Clone, Debug, Default)]
pub struct MarkIndex {
    key: Option<u64>,
    pub(super) out_of_range: Vec<GapIndex>,
    pub(super) too_fast: Vec<GapIndex>,
    pub(super) any_out_of_range: GapIndex,
    pub(super) any_too_fast: GapIndex,
}

impl MarkIndex {
    /// Makes the indexes again when the document's marks changed.
    pub fn refresh(&mut self, document: &Document) {
        let key = document.marks_revision();
        if self.key == Some(key) {
            return;
        }
        let (marks, times) = (document.safety_marks(), document.times_ms());
        let index = |runs: &Vec<Run>| GapIndex::new(runs, times);
        self.out_of_range = marks.out_of_range.iter().map(index).collect();
        self.too_fast = marks.too_fast.iter().map(index).collect();
        self.any_out_of_range = index(&marks.any_out_of_range);
        self.any_too_fast = index(&marks.any_too_fast);
        self.key = Some(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(
        runs: &[Run],
        times: &[u64],
        x0: f64,
        x1: f64,
        join: f64,
    ) -> Vec<RangeInclusive<usize>> {
        mark_pieces(runs, &GapIndex::new(runs, times), times, (x0, x1), join)
    }

    /// The pieces as a scan run by run finds them, what the index must agree with.
    fn scanned(
        runs: &[Run],
        times: &[u64],
        x0: f64,
        x1: f64,
        join: f64,
    ) -> Vec<RangeInclusive<usize>> {
        let visible = visible_range(times, x0, x1);
        let mut out: Vec<RangeInclusive<usize>> = Vec::new();
        if visible.is_empty() {
            return out;
        }
        let within = runs_within(runs, visible.start, visible.end - 1);
        let mut current: Option<(usize, usize)> = None;
        for run in &runs[within] {
            let joins =
                current.is_some_and(|(_, last)| match (times.get(last), times.get(run.first)) {
                    (Some(&end), Some(&start)) => start.saturating_sub(end) as f64 <= join,
                    _ => false,
                });
            current = match current {
                Some((first, _)) if joins => Some((first, run.last)),
                Some((first, last)) => {
                    out.push(first.max(visible.start)..=last.min(visible.end - 1));
                    Some((run.first, run.last))
                }
                None => Some((run.first, run.last)),
            };
        }
        if let Some((first, last)) = current {
            out.push(first.max(visible.start)..=last.min(visible.end - 1));
        }
        out.retain(|r| r.start() <= r.end());
        out
    }

    #[test]
    fn the_index_finds_the_pieces_a_run_by_run_scan_finds() {
        let times: Vec<u64> = (0..5_000).map(|k| k * 16 + (k % 7) * 3).collect();
        let mut state = 11_u64;
        let mut runs = Vec::new();
        let mut k = 0;
        while k < 5_100 {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let gap = usize::try_from(state >> 60).unwrap_or(0) + 1;
            let len = usize::try_from((state >> 40) % 5).unwrap_or(0);
            runs.push(Run {
                first: k + gap,
                last: k + gap + len,
            });
            k += gap + len + 1;
        }
        let gaps = GapIndex::new(&runs, &times);
        for (x0, x1) in [(0.0, 90_000.0), (1_000.0, 2_000.0), (40_000.0, 81_000.0)] {
            for join in [0.0, 16.0, 40.0, 100.0, 1_000.0, 1e9] {
                assert_eq!(
                    mark_pieces(&runs, &gaps, &times, (x0, x1), join),
                    scanned(&runs, &times, x0, x1, join),
                    "{x0}..{x1} join {join}"
                );
            }
        }
    }

    #[test]
    fn mark_pieces_clip_to_the_view_and_join_what_would_touch_on_screen() {
        let times: Vec<u64> = (0..100).map(|k| k * 16).collect();
        let runs = [
            Run { first: 2, last: 3 },
            Run { first: 5, last: 5 },
            Run {
                first: 40,
                last: 60,
            },
            Run {
                first: 90,
                last: 99,
            },
        ];
        // Zoomed in (a pixel is well under a frame): every run is its own piece, the long
        // one clipped to the keyframes in view (one beyond each edge).
        assert_eq!(
            pieces(&runs, &times, 0.0, 800.0, 1.0),
            vec![2..=3, 5..=5, 40..=51]
        );
        // Zoomed out (two pixels are 40 ms): runs 2..=3 and 5 are 32 ms apart and join.
        assert_eq!(
            pieces(&runs, &times, 0.0, 1_600.0, 40.0),
            vec![2..=5, 40..=60, 90..=99]
        );
        // Nothing in view, no view, no runs.
        assert!(pieces(&runs, &times, 1_000.0, 1_300.0, 1.0).is_empty());
        assert!(pieces(&runs, &[], 0.0, 100.0, 1.0).is_empty());
        assert!(pieces(&[], &times, 0.0, 100.0, 1.0).is_empty());
        // Marks naming keyframes an edit has removed are ignored, not indexed.
        let stale = [
            Run {
                first: 98,
                last: 140,
            },
            Run {
                first: 150,
                last: 160,
            },
        ];
        assert_eq!(pieces(&stale, &times, 0.0, 5_000.0, 40.0), vec![98..=99]);
    }
}
