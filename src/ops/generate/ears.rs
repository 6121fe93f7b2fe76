//! The ears in a rhythm. The ERS-7's ears only go to their two ends (0° and 20°,
//! `docs/formats/robots.md`), so each is up or down; a change falls on a 16 ms frame, where
//! the robot takes a keyframe, and takes one frame.

use super::course::Course;
use crate::ops::common::OpError;
use crate::robot::timing::{FRAME_MS, TICK_MS};
use crate::robot::{JointInfo, Model};

/// Which ears go up, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EarPattern {
    /// Both up for a moment at the start of each beat.
    Flick,
    /// One up and the other down, swapping at each half beat.
    Alternate,
    /// Both up for the first half of each beat, down for the second.
    Both,
}

impl EarPattern {
    /// Every pattern, in the order the window offers them.
    pub const ALL: [Self; 3] = [Self::Flick, Self::Alternate, Self::Both];

    /// Its name in menus and notes.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Self::Flick => "flick",
            Self::Alternate => "alternate",
            Self::Both => "both",
        }
    }
}

/// An ear rhythm's parameters.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ears {
    /// The pattern.
    pub pattern: EarPattern,
    /// One beat, ms (at least [`MIN_BEAT_MS`], at most 10 s).
    pub beat_ms: u64,
    /// This many beats from the range's start; `None`: as many as fill the range.
    pub count: Option<u32>,
}

/// How long a flick holds the ears up.
pub const FLICK_MS: u64 = 96;
/// The shortest beat: a flick up and as long down.
pub const MIN_BEAT_MS: u64 = 2 * FLICK_MS;

impl Ears {
    /// The parameters checked for `model`'s ears.
    ///
    /// # Errors
    /// A beat or count out of range, or ears whose range mtn-studio has no table of.
    pub(super) fn checked(&self, model: Model, ears: &[&JointInfo]) -> Result<Self, OpError> {
        if !(MIN_BEAT_MS..=10_000).contains(&self.beat_ms) {
            return Err(OpError::BadParameter {
                what: "the beat (ms)",
                value: self.beat_ms.to_string(),
                allowed: format!("{MIN_BEAT_MS} to 10000"),
            });
        }
        if self.count.is_some_and(|c| !(1..=1000).contains(&c)) {
            return Err(OpError::BadParameter {
                what: "the number of beats",
                value: self.count.unwrap_or_default().to_string(),
                allowed: "1 to 1000".to_owned(),
            });
        }
        if model == Model::Ers210 {
            return Err(OpError::TwoStateEars {
                model: model.name().to_owned(),
            });
        }
        if let Some(ear) = ears.iter().find(|e| e.limit.is_none()) {
            return Err(OpError::NoRange {
                joint: ear.name.to_owned(),
                model: model.name().to_owned(),
            });
        }
        Ok(self.clone())
    }

    /// Its length when it sets its own (a number of beats), ms.
    pub(super) fn own_length_ms(&self) -> Option<u64> {
        Some(u64::from(self.count?) * self.beat_ms)
    }

    /// Whether the left and right ear are up at `ms` into the range.
    fn up(&self, ms: u64) -> (bool, bool) {
        let into = ms % self.beat_ms;
        let first_half = into < self.beat_ms / 2;
        match self.pattern {
            EarPattern::Flick => (into < FLICK_MS, into < FLICK_MS),
            EarPattern::Alternate => (first_half, !first_half),
            EarPattern::Both => (first_half, first_half),
        }
    }

    /// The ears' values at every tick: each frame up or down, the tick between two frames
    /// half-way (where the robot's replay puts it), the range's last frame down.
    pub(super) fn values(&self, range: &Course) -> (Vec<Vec<f64>>, Vec<String>) {
        let frames = range.length_ms() / FRAME_MS;
        let per_frame = FRAME_MS / TICK_MS;
        let values = range
            .joints
            .iter()
            .enumerate()
            .map(|(side, joint)| {
                let at_frame = |frame: u64| {
                    let (left, right) = self.up(frame * FRAME_MS);
                    let up = if side == 0 { left } else { right };
                    if up && frame < frames {
                        joint.high
                    } else {
                        joint.low
                    }
                };
                (0..=range.ticks)
                    .map(|tick| {
                        let (frame, part) = (tick / per_frame, tick % per_frame);
                        let (a, b) = (at_frame(frame), at_frame(frame + 1));
                        #[expect(clippy::cast_precision_loss, reason = "2 ticks a frame")]
                        let share = part as f64 / per_frame as f64;
                        a + (b - a) * share
                    })
                    .collect()
            })
            .collect();
        (values, Vec::new())
    }
}
