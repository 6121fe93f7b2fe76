//! A motion on the stage alone, as a motion tab hands it over: the values the robot
//! commands at the playhead (the last keyframe's past the end), the keyframes' times, the
//! file's body angles of the keyframe at or before the playhead, and no floor solved yet.

use mtn_studio::app::motion::stage::StageInput;
use mtn_studio::app::motion::stage::model::StageModel;
use mtn_studio::codec::mtn::Motion;
use mtn_studio::edit::Changes;
use mtn_studio::robot::timing::{TICK_MS, keyframe_times_ms, values_at_tick_in};

pub struct OnStage {
    motion: Motion,
    times: Vec<u64>,
    values: Vec<i32>,
    changes: Changes,
    playhead_ms: u64,
}

impl OnStage {
    /// `motion` with the playhead at `playhead_ms`.
    pub fn new(motion: Motion, playhead_ms: u64) -> Self {
        let times = keyframe_times_ms(&motion.keyframes);
        let values = values_at_tick_in(&motion.keyframes, &times, playhead_ms / TICK_MS)
            .or_else(|| {
                let last = motion.keyframes.len().checked_sub(1)?;
                motion.keyframes.get(last).map(|k| k.angles_urad.to_vec())
            })
            .expect("a motion with keyframes");
        Self {
            motion,
            times,
            values,
            changes: Changes::default(),
            playhead_ms,
        }
    }

    /// What the stage is given, showing `shows`.
    pub fn input(&self, shows: StageModel) -> StageInput<'_> {
        let at = self
            .times
            .partition_point(|&t| t <= self.playhead_ms)
            .max(1)
            - 1;
        StageInput {
            motion: &self.motion,
            revision: 0,
            changes: &self.changes,
            values: &self.values,
            file_body: self
                .motion
                .keyframes
                .get(at)
                .map_or([0; 3], |k| k.body_urad),
            playhead_ms: self.playhead_ms,
            times_ms: &self.times,
            ticks: None,
            visible_ms: None,
            focused: None,
            lights: None,
            shows,
            sim: None,
            preview: None,
            verdict_fallen: false,
        }
    }
}
