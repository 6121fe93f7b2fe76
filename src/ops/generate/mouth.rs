//! The mouth opened with a sound: the sound's loudness every 8 ms tick (its RMS), smoothed,
//! taken relative to its loud parts (the 95th percentile), and the mouth opened that share
//! of the way from its course, moved earlier by the time its servo takes to open half-way,
//! so that it is open when the sound is loud.

use super::course::Course;
use crate::codec::sound::wave::Wave;
use crate::ops::common::OpError;
use crate::robot::timing::TICK_MS;
use crate::robot::{JointInfo, deg_to_urad};
use std::sync::Arc;

/// A sound's loudness on the robot's ticks, placed in the motion.
#[derive(Clone, Debug, PartialEq)]
pub struct Loudness {
    /// Where the sound starts in the motion, ms (its track's offset).
    pub start_ms: i64,
    /// The RMS of each 8 ms of the sound, in 0..1.
    pub per_tick: Arc<Vec<f32>>,
}

/// `wave`'s loudness, each 8 ms of it, starting `start_ms` into the motion.
#[must_use]
pub fn loudness(wave: &Wave, start_ms: i64) -> Loudness {
    loudness_of(&wave.samples, wave.info.sample_rate, start_ms)
}

/// The loudness of `samples` (mono, `rate` a second), each 8 ms of them, starting
/// `start_ms` into the motion.
#[must_use]
pub fn loudness_of(samples: &[f32], rate: u32, start_ms: i64) -> Loudness {
    let rate = u64::from(rate.max(1));
    let per_tick = usize::try_from((rate * TICK_MS).div_ceil(1000))
        .unwrap_or(1)
        .max(1);
    let per_tick = samples
        .chunks(per_tick)
        .map(|chunk| {
            let sum: f32 = chunk.iter().map(|s| s * s).sum();
            #[expect(clippy::cast_precision_loss, reason = "a chunk of a few hundred")]
            (sum / chunk.len() as f32).sqrt()
        })
        .collect();
    Loudness {
        start_ms,
        per_tick: Arc::new(per_tick),
    }
}

/// How the mouth follows a sound.
#[derive(Clone, Debug, PartialEq)]
pub struct Mouth {
    /// The sound.
    pub loudness: Loudness,
    /// How far the mouth opens at the sound's loud parts, degrees (above 0, at most 90).
    pub open_deg: f64,
    /// The loudness is averaged over this long, ms (at most 1000; 0: not smoothed).
    pub smoothing_ms: u64,
    /// How much earlier than the sound the mouth moves, ms (at most 500); `None`: the time
    /// its servo takes to open half-way at its top speed.
    pub lead_ms: Option<u64>,
}

/// The share of the loud parts' level under which the mouth stays shut.
const QUIET: f64 = 0.1;

impl Mouth {
    /// The parameters checked, and the lead worked out for `joint` where none was given.
    ///
    /// # Errors
    /// [`OpError::BadParameter`]: an opening, smoothing or lead out of range, or a sound
    /// without a sample.
    pub(super) fn fitted(&self, joint: &JointInfo) -> Result<(Self, Vec<String>), OpError> {
        let bad = |what, value: String, allowed: &str| OpError::BadParameter {
            what,
            value,
            allowed: allowed.to_owned(),
        };
        if !(self.open_deg.is_finite() && self.open_deg > 0.0 && self.open_deg <= 90.0) {
            return Err(bad(
                "the opening (°)",
                self.open_deg.to_string(),
                "above 0 and at most 90",
            ));
        }
        if self.smoothing_ms > 1000 || self.lead_ms.is_some_and(|l| l > 500) {
            return Err(bad(
                "the smoothing and the lead (ms)",
                format!("{} and {:?}", self.smoothing_ms, self.lead_ms),
                "at most 1000 and 500",
            ));
        }
        if self.loudness.per_tick.is_empty() {
            return Err(bad("the sound", "empty".to_owned(), "a sound with samples"));
        }
        let mut fitted = self.clone();
        let mut notes = Vec::new();
        if fitted.lead_ms.is_none() {
            let lead = joint.speed.map_or(0, |speed| {
                let per_ms = speed.deg / f64::from(speed.per_ms);
                #[expect(
                    clippy::cast_possible_truncation,
                    clippy::cast_sign_loss,
                    reason = "at most 90° at a servo's speed"
                )]
                let ticks = (self.open_deg / 2.0 / per_ms / TICK_MS as f64).round() as u64;
                ticks * TICK_MS
            });
            notes.push(format!(
                "the mouth moves {lead} ms before the sound: the time its servo takes to open \
                 half-way"
            ));
            fitted.lead_ms = Some(lead);
        }
        Ok((fitted, notes))
    }

    /// The loudness smoothed (a moving average over the smoothing time) and relative to the
    /// loud parts, 0..1 per tick of the sound.
    #[must_use]
    pub fn levels(&self) -> Vec<f64> {
        let raw: Vec<f64> = self
            .loudness
            .per_tick
            .iter()
            .map(|&v| f64::from(v))
            .collect();
        let half = usize::try_from(self.smoothing_ms / TICK_MS / 2).unwrap_or(0);
        let mut sums = Vec::with_capacity(raw.len() + 1);
        sums.push(0.0);
        for v in &raw {
            sums.push(sums.last().copied().unwrap_or(0.0) + v);
        }
        let smooth: Vec<f64> = (0..raw.len())
            .map(|i| {
                let (from, to) = (i.saturating_sub(half), (i + half + 1).min(raw.len()));
                #[expect(clippy::cast_precision_loss, reason = "windows of a few hundred")]
                let n = (to - from) as f64;
                (sums[to] - sums[from]) / n
            })
            .collect();
        let mut sorted = smooth.clone();
        sorted.sort_by(f64::total_cmp);
        let loud = sorted
            .get(sorted.len() * 95 / 100)
            .copied()
            .unwrap_or(0.0)
            .max(1e-6);
        smooth
            .iter()
            .map(|v| ((v / loud - QUIET) / (1.0 - QUIET)).clamp(0.0, 1.0))
            .collect()
    }

    /// The mouth's values at every tick: its course, opened by the level of the sound
    /// `lead` ms later.
    pub(super) fn values(&self, range: &Course) -> (Vec<Vec<f64>>, Vec<String>) {
        let levels = self.levels();
        let open = f64::from(deg_to_urad(self.open_deg));
        let lead = i64::try_from(self.lead_ms.unwrap_or(0)).unwrap_or(0);
        let start = i64::try_from(range.start_ms).unwrap_or(i64::MAX);
        let values = range
            .joints
            .iter()
            .map(|joint| {
                joint
                    .course
                    .iter()
                    .enumerate()
                    .map(|(tick, &closed)| {
                        let tick = i64::try_from(tick).unwrap_or(i64::MAX);
                        let heard = start + tick * 8 + lead - self.loudness.start_ms;
                        let level = usize::try_from(heard.div_euclid(8))
                            .ok()
                            .filter(|_| heard >= 0)
                            .and_then(|i| levels.get(i))
                            .copied()
                            .unwrap_or(0.0);
                        // The mouth opens downward: its range ends near -3° (shut).
                        closed - open * level
                    })
                    .collect()
            })
            .collect();
        (values, Vec::new())
    }
}
