//! The range a generator fills, as the generators see it: its ticks and, for each joint
//! they drive, its limits, its servo's speed and what it commands now.

use crate::robot::timing::TICK_MS;

/// One driven joint as the generators see it.
#[derive(Clone, Debug)]
pub(super) struct Driven {
    /// Its friendly name.
    pub name: &'static str,
    /// The lowest and highest value it takes, µrad (the model's limits, widened to the
    /// motion's own values in the range where those go beyond, as Sony's data does).
    pub low: f64,
    /// See `low`.
    pub high: f64,
    /// How far it may move in one 8 ms tick, µrad (a little under the servo's limit), if
    /// the model gives a speed.
    pub step: Option<f64>,
    /// What it commands now at every tick of the range, µrad.
    pub course: Vec<f64>,
}

/// The range a generator fills: its ticks, its start in the motion, its joints.
#[derive(Clone, Debug)]
pub(super) struct Course {
    /// The ticks after the first (`ticks + 1` values per joint).
    pub ticks: u64,
    /// Where the range starts in the motion, ms.
    pub start_ms: u64,
    /// The motion's model.
    pub model: crate::robot::Model,
    /// The driven joints, in the order of [`Generator::joint_names`].
    pub joints: Vec<Driven>,
}

impl Course {
    /// The range's length in ms.
    pub fn length_ms(&self) -> u64 {
        self.ticks * TICK_MS
    }
}

/// The share of a joint's speed limit the generators plan for, so that the keyframes'
/// rounding stays under it.
pub(super) const SPEED_SHARE: f64 = 0.9;
