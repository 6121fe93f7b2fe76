//! What the simulation says of a motion, as problems like the others (`robot::check`): its
//! falls and its slips, marked as simulated, each at its time and its keyframe's place in
//! the file.

use super::{Event, Simulation};
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};
use crate::robot::codes::{FALLS, PAW_SLIDE};
use crate::robot::timing::keyframe_times_ms;

/// Beyond this many problems of one kind, the rest are summed up in the last one.
const MAX_LISTED: usize = 16;

/// The simulation's falls and slips of `motion` as problems (a repeated motion's are at
/// their time in the play they happen in, the keyframe of the first play).
#[must_use]
pub fn simulated_problems(motion: &Motion, offsets: &Offsets, sim: &Simulation) -> Vec<Problem> {
    let times = keyframe_times_ms(&motion.keyframes);
    let cycle_ms = sim.cycle_ticks * crate::robot::timing::TICK_MS;
    let keyframe = |ms: u64| {
        let within = if cycle_ms == 0 { ms } else { ms % cycle_ms };
        times
            .partition_point(|&t| t <= within)
            .saturating_sub(1)
            .min(motion.keyframes.len().saturating_sub(1))
    };
    let mut out = Vec::new();
    for (code, list, what, who) in [
        (FALLS, &sim.summary.falls, "falls", "the robot "),
        (PAW_SLIDE, &sim.summary.slips, "slips", ""),
    ] {
        let mut listed: Vec<Problem> = list
            .iter()
            .map(|Event { time_ms, what }| {
                Problem::new(
                    Severity::Warning,
                    code,
                    offsets.frames(keyframe(*time_ms)),
                    format!("simulated: at {time_ms} ms {who}{what}"),
                )
                .at_time(*time_ms)
            })
            .collect();
        if listed.len() > MAX_LISTED {
            let more = listed.len() - MAX_LISTED;
            listed.truncate(MAX_LISTED);
            if let Some(last) = listed.last_mut() {
                last.message
                    .push_str(&format!("; and {more} more simulated {what}"));
            }
        }
        out.extend(listed);
    }
    out
}
