//! What the simulation says of a motion, as problems like the others (`robot::check`): its
//! falls and its slips, marked as simulated, each at its time and its keyframe's place in
//! the file.

use super::simulation::{Event, Simulation};
use crate::codec::mtn::{Motion, Offsets};
use crate::codec::problem::{Problem, Severity};
use crate::robot::codes::{BODY_TILT, FALLS, PAW_LIFTED, PAW_OFF_FLOOR, PAW_SLIDE};
use crate::robot::timing::{TICK_MS, keyframe_times_ms};

/// Beyond this many problems of one kind, the rest are summed up in the last one.
const MAX_LISTED: usize = 16;

/// The simulation's falls and slips of `motion` as problems. A repeated motion's are at
/// their time within the play they happen in (and its keyframe), the play named: "simulated:
/// in play 3, at 744 ms …". One in the hold after the motion's end (the robot holds its last
/// command 512 ms) is at the end, and says how long after it: "simulated: 96 ms after the
/// motion's end …" (the timeline marks it there, and "go to" goes there).
#[must_use]
pub fn simulated_problems(motion: &Motion, offsets: &Offsets, sim: &Simulation) -> Vec<Problem> {
    let times = keyframe_times_ms(&motion.keyframes);
    let end_ms = times.last().copied().unwrap_or(0);
    let cycle_ms = sim.cycle_ticks * crate::robot::timing::TICK_MS;
    let plays = u64::from(sim.settings.repeat.max(1));
    // The keyframe at a time within a play (the hold after the motion: its last).
    let keyframe = |within: u64| {
        times
            .partition_point(|&t| t <= within)
            .saturating_sub(1)
            .min(motion.keyframes.len().saturating_sub(1))
    };
    let mut out = Vec::new();
    let last_ms = sim.ticks.last().map_or(0, |t| t.time_ms);
    // A paw off the floor is a note: the robot rocks, and comes down again.
    for (code, severity, list, what, who) in [
        (
            FALLS,
            Severity::Warning,
            &sim.summary.falls,
            "falls",
            "the robot ",
        ),
        (
            PAW_SLIDE,
            Severity::Warning,
            &sim.summary.slips,
            "slips",
            "",
        ),
        (
            PAW_LIFTED,
            Severity::Warning,
            &sim.summary.lifted,
            "paws stood on",
            "",
        ),
        (
            PAW_OFF_FLOOR,
            Severity::Info,
            &sim.summary.off_floor,
            "paws off the floor",
            "",
        ),
        (
            BODY_TILT,
            Severity::Warning,
            &sim.summary.tilts,
            "leans",
            "the robot ",
        ),
    ] {
        let mut listed: Vec<Problem> = list
            .iter()
            .map(
                |Event {
                     time_ms,
                     what,
                     until_ms,
                     ..
                 }| {
                    let play = (*time_ms).checked_div(cycle_ms).unwrap_or(0).min(plays - 1);
                    let within = *time_ms - play * cycle_ms;
                    let when = if within > end_ms {
                        format!("{} ms after the motion's end", within - end_ms)
                    } else {
                        format!("at {within} ms")
                    };
                    // A fall the robot gets up from says when (the stage stops saying "it has
                    // fallen" there).
                    let up = match until_ms {
                        Some(until) if code == FALLS && *until <= last_ms => {
                            format!("; on its paws again by {} ms", until - play * cycle_ms)
                        }
                        Some(_) | None => String::new(),
                    };
                    let said = if plays > 1 {
                        format!("simulated: in play {}, {when} {who}{what}{up}", play + 1)
                    } else {
                        format!("simulated: {when} {who}{what}{up}")
                    };
                    let within = within.min(end_ms);
                    Problem::new(severity, code, offsets.frames(keyframe(within)), said)
                        .at_time(within)
                },
            )
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

/// Whether the simulated robot is down from a fall at `time_ms` (from the first tick): from
/// the fall until it stands on its paws again (or to the end). The stage says "it has
/// fallen" over the same stretch the timeline marks ([`fall_spans`]).
#[must_use]
pub fn down_at(summary: &super::Summary, time_ms: u64) -> bool {
    summary
        .falls
        .iter()
        .any(|f| f.time_ms <= time_ms && f.until_ms.is_none_or(|until| time_ms < until))
}

/// Where the timeline marks the simulation's falls: each from the fall to where the robot
/// stands on its paws again, within the play it happens in (the motion's time; a fall it
/// stays down from past its play's end is marked to the motion's end), at least a tick.
#[must_use]
pub fn fall_spans(motion: &Motion, sim: &Simulation) -> Vec<[u64; 2]> {
    let end_ms = keyframe_times_ms(&motion.keyframes)
        .last()
        .copied()
        .unwrap_or(0);
    let cycle_ms = sim.cycle_ticks * TICK_MS;
    let plays = u64::from(sim.settings.repeat.max(1));
    let play_of = |t: u64| t.checked_div(cycle_ms).unwrap_or(0).min(plays - 1);
    sim.summary
        .falls
        .iter()
        .map(|fall| {
            let play = play_of(fall.time_ms);
            let from = (fall.time_ms - play * cycle_ms).min(end_ms);
            let until = fall.until_ms.unwrap_or(fall.time_ms);
            let to = if play_of(until) > play {
                end_ms
            } else {
                (until - play * cycle_ms).min(end_ms)
            };
            [from, to.max(from + TICK_MS)]
        })
        .collect()
}
