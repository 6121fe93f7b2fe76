//! The lowest and highest value of every channel (each joint, then body roll, pitch and yaw)
//! over aligned blocks of keyframes, at every power-of-two block size from [`BASE`] up: a
//! min/max pyramid. The timeline draws a dense curve as the extremes of each pixel column;
//! with the pyramid a column costs a handful of lookups instead of a read of every keyframe
//! in it, so panning, zooming and dragging on the largest motion stay within a frame.
//!
//! An edit of values updates only the blocks that hold the changed keyframes (and their
//! parents); any other change (keyframes inserted or removed, undo of anything) makes the
//! pyramid afresh, which takes a few milliseconds on the largest motion.

use crate::codec::mtn::Keyframes;
use std::ops::Range;

/// The smallest block the pyramid stores; runs shorter than this are read directly.
pub const BASE: usize = 8;

/// A channel's extremes over a run of keyframes: the lowest and highest value, each with the
/// first keyframe in the run that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extremes {
    /// The lowest value, µrad.
    pub low: i32,
    /// The highest value, µrad.
    pub high: i32,
    /// The first keyframe holding `low`.
    pub low_at: u32,
    /// The first keyframe holding `high`.
    pub high_at: u32,
}

impl Extremes {
    fn single(k: usize, value: i32) -> Self {
        let at = u32::try_from(k).unwrap_or(u32::MAX);
        Self {
            low: value,
            high: value,
            low_at: at,
            high_at: at,
        }
    }

    /// The extremes of this run followed by `later` (ties keep the earlier keyframe).
    #[must_use]
    pub fn then(self, later: Self) -> Self {
        let (low, low_at) = if later.low < self.low {
            (later.low, later.low_at)
        } else {
            (self.low, self.low_at)
        };
        let (high, high_at) = if later.high > self.high {
            (later.high, later.high_at)
        } else {
            (self.high, self.high_at)
        };
        Self {
            low,
            high,
            low_at,
            high_at,
        }
    }
}

/// A channel's value at a keyframe: joints first, then body roll, pitch and yaw.
#[must_use]
pub fn channel_value(keyframes: &Keyframes, k: usize, channel: usize) -> i32 {
    let joints = keyframes.joint_count();
    if channel < joints {
        keyframes.angles().get(k * joints + channel).copied()
    } else {
        keyframes
            .body()
            .get(k)
            .and_then(|b| b.get(channel - joints).copied())
    }
    .unwrap_or(0)
}

/// The min/max pyramid of one motion's keyframes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    channels: usize,
    keyframes: usize,
    /// `levels[l]` holds blocks of `BASE << l` keyframes, channel by channel:
    /// `levels[l][c * blocks(l) + b]`.
    levels: Vec<Vec<Extremes>>,
}

impl Summary {
    /// The pyramid of `keyframes`, every channel.
    #[must_use]
    pub fn new(keyframes: &Keyframes) -> Self {
        let channels = keyframes.joint_count() + 3;
        let n = keyframes.len();
        let mut summary = Self {
            channels,
            keyframes: n,
            levels: Vec::new(),
        };
        if n < BASE {
            return summary;
        }
        // The base level row by row, in the motion's memory order.
        let blocks = n.div_ceil(BASE);
        let mut base = vec![Extremes::single(0, 0); channels * blocks];
        let mut current = vec![Extremes::single(0, 0); channels];
        for b in 0..blocks {
            let rows = b * BASE..((b + 1) * BASE).min(n);
            for k in rows.clone() {
                for (c, slot) in current.iter_mut().enumerate() {
                    let here = Extremes::single(k, channel_value(keyframes, k, c));
                    *slot = if k == rows.start {
                        here
                    } else {
                        slot.then(here)
                    };
                }
            }
            for (c, &extremes) in current.iter().enumerate() {
                base[c * blocks + b] = extremes;
            }
        }
        summary.levels.push(base);
        while summary.blocks(summary.levels.len() - 1) > 1 {
            let below = summary.levels.len() - 1;
            let (below_blocks, above_blocks) = (summary.blocks(below), summary.blocks(below + 1));
            let lower = &summary.levels[below];
            let mut level = Vec::with_capacity(channels * above_blocks);
            for c in 0..channels {
                for b in 0..above_blocks {
                    let left = lower[c * below_blocks + 2 * b];
                    level.push(match lower.get(c * below_blocks + 2 * b + 1) {
                        Some(&right) if 2 * b + 1 < below_blocks => left.then(right),
                        _ => left,
                    });
                }
            }
            summary.levels.push(level);
        }
        summary
    }

    fn blocks(&self, level: usize) -> usize {
        self.keyframes.div_ceil(BASE << level)
    }

    /// Whether the pyramid was made for keyframes of this shape (it is made afresh when not).
    #[must_use]
    pub fn fits(&self, keyframes: &Keyframes) -> bool {
        self.keyframes == keyframes.len() && self.channels == keyframes.joint_count() + 3
    }

    /// Brings the blocks that hold these `(keyframe, channel)` cells up to date after their
    /// values changed.
    pub fn update(&mut self, keyframes: &Keyframes, cells: &[(usize, usize)]) {
        if !self.fits(keyframes) {
            *self = Self::new(keyframes);
            return;
        }
        let mut touched: Vec<(usize, usize)> = cells
            .iter()
            .filter(|&&(k, c)| k < self.keyframes && c < self.channels)
            .map(|&(k, c)| (c, k / BASE))
            .collect();
        touched.sort_unstable();
        touched.dedup();
        for (c, mut b) in touched {
            if self.levels.is_empty() {
                return;
            }
            let blocks = self.blocks(0);
            let rows = b * BASE..((b + 1) * BASE).min(self.keyframes);
            let mut extremes =
                Extremes::single(rows.start, channel_value(keyframes, rows.start, c));
            for k in rows.skip(1) {
                extremes = extremes.then(Extremes::single(k, channel_value(keyframes, k, c)));
            }
            self.levels[0][c * blocks + b] = extremes;
            for level in 1..self.levels.len() {
                b /= 2;
                let (below, here) = (self.blocks(level - 1), self.blocks(level));
                let lower = &self.levels[level - 1];
                let left = lower[c * below + 2 * b];
                let node = if 2 * b + 1 < below {
                    left.then(lower[c * below + 2 * b + 1])
                } else {
                    left
                };
                self.levels[level][c * here + b] = node;
            }
        }
    }

    /// The extremes of `channel` over keyframes `range` (None when the range is empty):
    /// whole aligned blocks from the pyramid, the keyframes at the ragged ends read directly.
    #[must_use]
    pub fn extremes(
        &self,
        keyframes: &Keyframes,
        channel: usize,
        range: Range<usize>,
    ) -> Option<Extremes> {
        let end = range.end.min(self.keyframes);
        let mut at = range.start;
        let mut found: Option<Extremes> = None;
        let mut take = |e: Extremes| found = Some(found.map_or(e, |f| f.then(e)));
        while at < end {
            let fits = |level: usize| {
                let size = BASE << level;
                at.is_multiple_of(size) && at + size <= end
            };
            if self.levels.is_empty() || !fits(0) {
                take(Extremes::single(at, channel_value(keyframes, at, channel)));
                at += 1;
                continue;
            }
            let mut level = 0;
            while level + 1 < self.levels.len() && fits(level + 1) {
                level += 1;
            }
            let size = BASE << level;
            take(self.levels[level][channel * self.blocks(level) + at / size]);
            at += size;
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyframes(n: usize, joints: usize, seed: u64) -> Keyframes {
        let mut state = seed;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            i32::try_from((state >> 33) % 2_000_001).unwrap_or(0) - 1_000_000
        };
        let mut keyframes = Keyframes::new(joints);
        for _ in 0..n {
            let row: Vec<i32> = (0..joints).map(|_| next()).collect();
            let body = [next(), next(), next()];
            keyframes.push(3, body, &row).unwrap_or_default();
        }
        keyframes
    }

    fn direct(keyframes: &Keyframes, channel: usize, range: Range<usize>) -> Option<Extremes> {
        range
            .map(|k| Extremes::single(k, channel_value(keyframes, k, channel)))
            .reduce(Extremes::then)
    }

    #[test]
    fn every_range_gives_what_reading_every_keyframe_gives() {
        for n in [0, 1, 7, 8, 9, 63, 64, 65, 1000] {
            let keys = keyframes(n, 4, n as u64 + 1);
            let summary = Summary::new(&keys);
            for c in 0..7 {
                for start in (0..=n).step_by(7.max(n / 13)) {
                    for end in (start..=n).step_by(5.max(n / 17)) {
                        assert_eq!(
                            summary.extremes(&keys, c, start..end),
                            direct(&keys, c, start..end),
                            "n {n} channel {c} {start}..{end}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn ties_keep_the_first_keyframe() {
        let mut keys = Keyframes::new(1);
        for _ in 0..40 {
            keys.push(0, [0; 3], &[5]).unwrap_or_default();
        }
        let summary = Summary::new(&keys);
        let e = summary.extremes(&keys, 0, 3..40);
        assert_eq!(e.map(|e| (e.low_at, e.high_at)), Some((3, 3)));
    }

    #[test]
    fn an_update_of_some_values_equals_a_pyramid_made_afresh() {
        let mut keys = keyframes(1_000, 3, 9);
        let mut summary = Summary::new(&keys);
        let cells = [(0, 0), (517, 1), (999, 2), (640, 3), (641, 5), (8, 0)];
        for (i, &(k, c)) in cells.iter().enumerate() {
            let value = if i % 2 == 0 { 9_000_000 } else { -9_000_000 };
            if c < 3 {
                keys.set_angle(k, c, value);
            } else {
                let mut body = keys.body()[k];
                body[c - 3] = value;
                keys.set_body(k, body);
            }
        }
        summary.update(&keys, &cells);
        assert_eq!(summary, Summary::new(&keys));
    }
}
