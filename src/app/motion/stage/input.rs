//! What the stage shows: the motion at the playhead, what it knows of its ticks, and what
//! the user set it to show.

use super::model::StageModel;
use crate::app::motion::view::Channel;
use crate::codec::mtn::Motion;
use crate::robot::floor::{self, Rest};

/// What the stage shows: the motion at the playhead, and what it knows of its ticks.
pub struct StageInput<'a> {
    /// The motion.
    pub motion: &'a Motion,
    /// Its revision (the trails are kept while it stays).
    pub revision: u64,
    /// What its last changes touched (the trails follow them).
    pub changes: &'a crate::edit::Changes,
    /// The values commanded at the playhead.
    pub values: &'a [i32],
    /// The file's own body angles at the playhead.
    pub file_body: [i32; 3],
    /// The playhead (ms).
    pub playhead_ms: u64,
    /// Each keyframe's time (ms).
    pub times_ms: &'a [u64],
    /// How the body rests at every tick, when worked out for this revision.
    pub ticks: Option<&'a [Rest]>,
    /// The time range in view on the timeline (ms).
    pub visible_ms: Option<(f64, f64)>,
    /// The focused channel.
    pub focused: Option<Channel>,
    /// The lights the LED track has on at the playhead (None: no LED track).
    pub lights: Option<crate::behaviour::lights::Lights>,
    /// The ghosts and the paths, as the user set them.
    pub shows: StageModel,
    /// The simulation, while the Simulate switch is on.
    pub sim: Option<super::simulated::SimShow<'a>>,
    /// The joints' values a pose of the library would give at the playhead, while the
    /// pointer is on it (shown as a white ghost).
    pub preview: Option<Vec<i32>>,
    /// Whether the floor's verdict has the robot down from a fall at the playhead
    /// (`Document::floor_falls`).
    pub verdict_fallen: bool,
}

/// The floor's up at `tick - 1` (how the tick before left the body), else the file's own
/// body angles.
pub fn held(ticks: Option<&[Rest]>, tick: u64, file_body: [i32; 3]) -> [f64; 3] {
    usize::try_from(tick)
        .ok()
        .and_then(|t| t.checked_sub(1))
        .and_then(|t| ticks?.get(t))
        .map_or_else(|| floor::up_from_body(file_body), |r| r.up.map(f64::from))
}

#[cfg(test)]
impl<'a> StageInput<'a> {
    /// `motion` at `playhead_ms` commanding `values`, at rest (no floor worked out), with
    /// the stage's defaults: what the stage's tests draw.
    pub(super) fn still(
        motion: &'a Motion,
        (changes, values, times_ms): (&'a crate::edit::Changes, &'a [i32], &'a [u64]),
        playhead_ms: u64,
    ) -> Self {
        Self {
            motion,
            revision: 0,
            changes,
            values,
            file_body: [0; 3],
            playhead_ms,
            times_ms,
            ticks: None,
            visible_ms: None,
            focused: None,
            lights: None,
            shows: StageModel::default(),
            sim: None,
            preview: None,
            verdict_fallen: false,
        }
    }
}
