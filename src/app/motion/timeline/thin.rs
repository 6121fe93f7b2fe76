//! The curves the timeline draws. Only the keyframes in view are drawn, and where more of
//! them are in view than the plot has pixel columns, each bucket of keyframes is drawn as its
//! first, lowest, highest and last value (in time order), which is the same picture at a
//! fraction of the points. The extremes come from the document's min/max pyramid, so a
//! bucket costs a few lookups however many keyframes it spans; [`curves_points`] reads every
//! keyframe instead, and is what the pyramid's answer is tested against.

use crate::codec::mtn::Keyframes;
use crate::edit::summary::{Summary, channel_value};
use crate::robot::urad_to_deg;
use std::ops::Range;
use std::sync::Arc;

use super::super::view::Channel;

/// The keyframes whose time is within `[x0, x1]`, plus one on either side so the curves
/// run to the edges of the view.
#[must_use]
pub fn visible_range(times_ms: &[u64], x0: f64, x1: f64) -> Range<usize> {
    let start = times_ms
        .partition_point(|&t| (t as f64) < x0)
        .saturating_sub(1);
    let end = (times_ms.partition_point(|&t| (t as f64) <= x1) + 1).min(times_ms.len());
    start..end.max(start)
}

/// The points of one curve over `range`: every keyframe when they fit, else, per bucket of
/// keyframes, the first, lowest, highest and last (in time order), which draws the same
/// picture at a fraction of the points. See [`curves_points`].
#[must_use]
pub fn curve_points(
    times_ms: &[u64],
    range: Range<usize>,
    max_points: usize,
    value_urad: impl Fn(usize) -> i32,
) -> Vec<[f64; 2]> {
    curves_points(times_ms, range, max_points, 1, |k, out| {
        out[0] = value_urad(k);
    })
    .pop()
    .unwrap_or_default()
}

/// The buckets a range of `count` keyframes is drawn in when more of them are in view than
/// `max_points` allows: aligned blocks of a power-of-two size (so that each whole bucket is
/// one block of the min/max pyramid), the first and last cut to the range.
fn buckets(range: Range<usize>, max_points: usize) -> impl Iterator<Item = Range<usize>> {
    let wanted = (max_points / 4).max(1);
    let size = range.len().div_ceil(wanted).next_power_of_two().max(1);
    let end = range.end;
    let mut start = range.start;
    std::iter::from_fn(move || {
        if start >= end {
            return None;
        }
        let next = ((start / size + 1) * size).min(end);
        let bucket = start..next;
        start = next;
        Some(bucket)
    })
}

/// The points one bucket is drawn with: its first, lowest, highest and last value, in time
/// order, each keyframe once.
fn push_bucket(
    points: &mut Vec<[f64; 2]>,
    point: impl Fn(usize, i32) -> [f64; 2],
    mut picks: [(usize, i32); 4],
) {
    picks.sort_unstable_by_key(|p| p.0);
    let mut previous = usize::MAX;
    for (k, v) in picks {
        if k != previous {
            points.push(point(k, v));
            previous = k;
        }
    }
}

/// The points of `curves` curves at once over `range`, reduced as [`curve_points`] says,
/// reading every keyframe: the reference the pyramid's answer is tested against, and the
/// naive timeline of the benchmark. `read(k, out)` writes every curve's value at keyframe
/// `k` (in microradians) into `out`; reading all curves of a keyframe together walks the
/// motion's rows once, in memory order, rather than once per curve.
#[must_use]
pub fn curves_points(
    times_ms: &[u64],
    range: Range<usize>,
    max_points: usize,
    curves: usize,
    read: impl Fn(usize, &mut [i32]),
) -> Vec<Vec<[f64; 2]>> {
    let count = range.len();
    let point = |k: usize, v: i32| [times_ms[k] as f64, urad_to_deg(v)];
    let mut row = vec![0; curves];
    if count <= max_points.max(4) {
        let mut out: Vec<Vec<[f64; 2]>> = vec![Vec::with_capacity(count); curves];
        for k in range {
            read(k, &mut row);
            for (points, &v) in out.iter_mut().zip(&row) {
                points.push(point(k, v));
            }
        }
        return out;
    }
    let mut out: Vec<Vec<[f64; 2]>> = vec![Vec::with_capacity(max_points); curves];
    // One bucket's values, curve by curve: filled row by row (the motion's memory order),
    // then each curve's column, small enough to stay in cache, scanned for its extremes.
    let mut block = Vec::new();
    for bucket in buckets(range, max_points) {
        let (start, len) = (bucket.start, bucket.len());
        block.resize(curves * len, 0);
        for (i, k) in bucket.enumerate() {
            read(k, &mut row);
            for (c, &v) in row.iter().enumerate() {
                block[c * len + i] = v;
            }
        }
        for (c, points) in out.iter_mut().enumerate() {
            let column = &block[c * len..(c + 1) * len];
            let (Some(&low), Some(&high)) = (column.iter().min(), column.iter().max()) else {
                continue;
            };
            // The first keyframe holding the extreme, as a strict scan would pick.
            let at = |target: i32| start + column.iter().position(|&v| v == target).unwrap_or(0);
            let picks = [
                (start, column[0]),
                (at(low), low),
                (at(high), high),
                (start + len - 1, column[len - 1]),
            ];
            push_bucket(points, point, picks);
        }
    }
    out
}

/// The summary's channel index of a curve: joints first, then body roll, pitch and yaw.
#[must_use]
pub fn summary_channel(channel: Channel, joint_count: usize) -> usize {
    match channel {
        Channel::Joint(j) => j,
        Channel::Body(axis) => joint_count + axis,
    }
}

/// The points of `channels` over `range`, reduced as [`curves_points`] reduces them, with
/// each bucket's extremes taken from `summary`: a whole bucket is one block of the pyramid,
/// so a frame's curves cost a few lookups per pixel column however many keyframes are in
/// view.
#[must_use]
pub fn curves_from_summary(
    times_ms: &[u64],
    range: Range<usize>,
    max_points: usize,
    channels: &[usize],
    keyframes: &Keyframes,
    summary: &Summary,
) -> Vec<Vec<[f64; 2]>> {
    let count = range.len();
    let point = |k: usize, v: i32| [times_ms[k] as f64, urad_to_deg(v)];
    if count <= max_points.max(4) {
        return channels
            .iter()
            .map(|&c| {
                range
                    .clone()
                    .map(|k| point(k, channel_value(keyframes, k, c)))
                    .collect()
            })
            .collect();
    }
    let bounds: Vec<Range<usize>> = buckets(range, max_points).collect();
    channels
        .iter()
        .map(|&c| {
            let mut points = Vec::with_capacity(bounds.len() * 4);
            for bucket in &bounds {
                let (start, last) = (bucket.start, bucket.end - 1);
                let first = (start, channel_value(keyframes, start, c));
                let end = (last, channel_value(keyframes, last, c));
                let picks = match summary.extremes(keyframes, c, bucket.clone()) {
                    Some(e) => [
                        first,
                        (e.low_at as usize, e.low),
                        (e.high_at as usize, e.high),
                        end,
                    ],
                    None => [first, first, end, end],
                };
                push_bucket(&mut points, point, picks);
            }
            points
        })
        .collect()
}

/// A shown channel's curve as drawn: its points (time in ms, angle in degrees), reduced
/// where dense.
pub type Curve = (Channel, Arc<[[f64; 2]]>);

/// Reduced curve points, valid for one motion revision, keyframe range, point budget and
/// set of shown channels: while none of those change (playback, hovering, an idle window)
/// the curves are not made again.
#[derive(Clone, Debug, Default)]
pub struct CurveCache {
    key: Option<CurveKey>,
    curves: Vec<Curve>,
    /// How many times the curves were made: what is drawn from them is kept while it stays.
    generation: u64,
    /// Off for the benchmark that measures the cost of making the curves every frame.
    pub disabled: bool,
}

/// What reduced curves depend on: the document revision, the keyframe range, the point
/// budget and the channels shown.
pub type CurveKey = (u64, Range<usize>, usize, Vec<Channel>);

impl CurveCache {
    /// Makes the curves again with `make` (given channels, one list of points per channel,
    /// in their order) unless they were made for this key. When only the motion's values
    /// changed since (`changes` says which, and the range, the budget and the channels are
    /// the same), only the channels whose values changed are made again.
    pub fn refresh(
        &mut self,
        key: CurveKey,
        changes: &crate::edit::Changes,
        joint_count: usize,
        make: impl FnOnce(&[Channel]) -> Vec<Vec<[f64; 2]>>,
    ) {
        if !self.disabled && self.key.as_ref() == Some(&key) {
            return;
        }
        let changed = self
            .key
            .as_ref()
            .filter(|old| !self.disabled && old.1 == key.1 && old.2 == key.2 && old.3 == key.3)
            .and_then(|old| changes.cells_between(old.0, key.0))
            .map(|cells| {
                let touched: std::collections::BTreeSet<usize> =
                    cells.iter().map(|&(_, c)| c).collect();
                key.3
                    .iter()
                    .copied()
                    .filter(|&c| touched.contains(&summary_channel(c, joint_count)))
                    .collect::<Vec<Channel>>()
            });
        match changed {
            Some(channels) => {
                if !channels.is_empty() {
                    for (channel, points) in channels.iter().zip(make(&channels)) {
                        if let Some(slot) = self.curves.iter_mut().find(|(c, _)| c == channel) {
                            slot.1 = points.into();
                        }
                    }
                    self.generation += 1;
                }
            }
            None => {
                self.curves = key
                    .3
                    .iter()
                    .copied()
                    .zip(make(&key.3).into_iter().map(Into::into))
                    .collect();
                self.generation += 1;
            }
        }
        self.key = Some(key);
    }

    /// Which making of the curves is kept (it changes each time they are made again).
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// A channel's points, if it was among those made.
    #[must_use]
    pub fn curve(&self, channel: Channel) -> Option<Arc<[[f64; 2]]>> {
        self.curves
            .iter()
            .find(|(c, _)| *c == channel)
            .map(|(_, points)| points.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_range_takes_one_keyframe_beyond_each_edge() {
        let times = [0, 100, 200, 300, 400];
        assert_eq!(visible_range(&times, 150.0, 250.0), 1..4);
        assert_eq!(visible_range(&times, -50.0, 1000.0), 0..5);
        assert_eq!(visible_range(&times, 500.0, 600.0), 4..5);
        assert_eq!(visible_range(&[], 0.0, 1.0), 0..0);
    }

    #[test]
    fn curves_are_reduced_without_losing_extremes() {
        let times: Vec<u64> = (0..10_000).collect();
        let values = |k: usize| {
            if k == 5_000 {
                1_570_796
            } else if k == 7_777 {
                -1_570_796
            } else {
                i32::try_from(k % 7).unwrap_or(0)
            }
        };
        let points = curve_points(&times, 0..times.len(), 400, values);
        assert!(points.len() <= 400, "{}", points.len());
        assert!(points.iter().any(|p| (p[1] - 90.0).abs() < 1e-3));
        assert!(points.iter().any(|p| (p[1] + 90.0).abs() < 1e-3));
        assert!(
            points.windows(2).all(|w| w[0][0] <= w[1][0]),
            "in time order"
        );
        assert_eq!(points.first().map(|p| p[0]), Some(0.0));
        assert_eq!(points.last().map(|p| p[0]), Some(9_999.0));
        let few = curve_points(&times, 10..20, 400, values);
        assert_eq!(few.len(), 10);
    }

    #[test]
    fn curves_made_together_equal_curves_made_one_by_one() {
        let times: Vec<u64> = (0..5_000).map(|k| k * 16).collect();
        let value = |k: usize, c: usize| {
            let x = (k * 7919 + c * 104_729) % 10_007;
            i32::try_from(x).unwrap_or(0) * if c.is_multiple_of(2) { 1 } else { -150 }
        };
        for (range, budget) in [(0..5_000, 400), (100..900, 4000), (17..4_321, 37)] {
            let together = curves_points(&times, range.clone(), budget, 3, |k, out| {
                for (c, slot) in out.iter_mut().enumerate() {
                    *slot = value(k, c);
                }
            });
            assert_eq!(together.len(), 3);
            for (c, points) in together.iter().enumerate() {
                let alone = curve_points(&times, range.clone(), budget, |k| value(k, c));
                assert_eq!(points, &alone, "curve {c} over {range:?}");
            }
        }
    }

    #[test]
    fn the_pyramid_draws_what_reading_every_keyframe_draws() {
        let mut keyframes = Keyframes::new(3);
        let mut state = 7_u64;
        for _ in 0..20_000 {
            let mut row = [0; 3];
            for v in &mut row {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                *v = i32::try_from((state >> 40) % 3_000_000).unwrap_or(0) - 1_500_000;
            }
            keyframes
                .push(2, [row[0], -row[1], 5], &row)
                .unwrap_or_default();
        }
        let times = crate::robot::timing::keyframe_times_ms(&keyframes);
        let summary = Summary::new(&keyframes);
        let channels = [0, 2, 3, 4, 5];
        for (range, budget) in [
            (0..20_000, 2_800),
            (123..19_001, 400),
            (5_000..5_300, 4_000),
            (17..91, 8),
        ] {
            let fast = curves_from_summary(
                &times,
                range.clone(),
                budget,
                &channels,
                &keyframes,
                &summary,
            );
            let slow = curves_points(&times, range.clone(), budget, channels.len(), |k, out| {
                for (slot, &c) in out.iter_mut().zip(&channels) {
                    *slot = channel_value(&keyframes, k, c);
                }
            });
            assert_eq!(fast, slow, "{range:?} budget {budget}");
        }
    }
}
