//! What the servo really does where the commands outrun it: from the start of a segment a joint
//! crosses too fast, the joint moves toward each tick's command by at most its speed (the
//! degrees per tick of `docs/formats/robots.md#servo-speeds`) until it has caught up (past the
//! motion's end, with the last command). The timeline draws this path beside the commanded one.

use super::models::Model;
use super::speed_bound::{SpeedBound, for_each_too_fast, for_each_too_fast_in, speed_bounds};
use super::timing::{self, TICK_MS};
use crate::codec::mtn::Motion;

/// The most ticks one path is followed for (a servo that never catches up: 32 s).
const MAX_PATH_TICKS: u64 = 4_096;
/// The most paths worked out for one motion (past this, the safety marks say enough).
const MAX_PATHS: usize = 2_048;

/// One stretch where a joint lags its commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServoPath {
    /// The joint's column.
    pub joint: usize,
    /// The tick the path starts at.
    pub start_tick: u64,
    /// The joint's value at each tick from there (µrad), up to and including the tick it
    /// has caught up with the command.
    pub values: Vec<i32>,
}

impl ServoPath {
    /// The path's points as (ms, µrad).
    pub fn points(&self) -> impl Iterator<Item = (u64, i32)> + '_ {
        self.values
            .iter()
            .enumerate()
            .map(|(i, &v)| ((self.start_tick + i as u64) * TICK_MS, v))
    }
}

/// One joint's commands tick by tick from the start of keyframe `k`'s segment onward.
fn commands_from(motion: &Motion, joint: usize, k: usize) -> impl Iterator<Item = i32> + '_ {
    let keyframes = &motion.keyframes;
    let frames = keyframes.frames();
    (k..keyframes.len()).flat_map(move |s| {
        let from = keyframes.angle(s - 1, joint).unwrap_or(0);
        let to = keyframes.angle(s, joint).unwrap_or(0);
        let step = timing::step_urad(from, to, frames[s]);
        (0..timing::segment_ticks(frames[s])).map(move |i| timing::tick_value(from, step, i))
    })
}

/// The servo of `bound`'s joint followed from the start of keyframe `k`'s segment: its
/// value at each tick (the first the segment's start), moving toward each tick's command
/// by at most its speed, up to and including the tick it has caught up (past the motion's
/// end toward the last command; at most [`MAX_PATH_TICKS`] ticks). A command beyond the
/// joint's stop takes it to the stop, no further.
fn follow<'a>(motion: &'a Motion, bound: &SpeedBound, k: usize) -> impl Iterator<Item = i32> + 'a {
    let limit = i64::from(bound.step_urad);
    let (low, high) = bound.stop_urad;
    let mut commands = commands_from(motion, bound.joint, k).map(move |c| c.clamp(low, high));
    let first = commands.next();
    let mut state = first.map(|f| (i64::from(f), f, false));
    first
        .into_iter()
        .chain(std::iter::from_fn(move || {
            let (actual, last, done) = state.as_mut()?;
            if *done {
                return None;
            }
            let command = commands.next().unwrap_or(*last);
            *last = command;
            let wanted = i64::from(command) - *actual;
            *actual += wanted.clamp(-limit, limit);
            *done = *actual == i64::from(command) && wanted.abs() <= limit;
            Some(i32::try_from(*actual).unwrap_or(command))
        }))
        .take(MAX_PATH_TICKS as usize + 1)
}

/// The paths of every joint of `motion` that outruns its servo under `model`.
#[must_use]
pub fn servo_paths(motion: &Motion, model: Model) -> Vec<ServoPath> {
    servo_paths_in(motion, model, 0..motion.keyframes.len())
}

/// The paths that start in the segments into keyframes `ends` (the timeline asks only for
/// those in view, so a drag on a long motion works out a screenful each frame).
#[must_use]
pub fn servo_paths_in(
    motion: &Motion,
    model: Model,
    ends: std::ops::Range<usize>,
) -> Vec<ServoPath> {
    let keyframes = &motion.keyframes;
    let times = timing::keyframe_times_ms(keyframes);
    let mut paths = Vec::new();
    for bound in speed_bounds(motion, model) {
        let mut covered_until = 0u64;
        let mut starts = Vec::new();
        for_each_too_fast_in(keyframes, &bound, ends.clone(), |k, _| starts.push(k));
        for k in starts {
            let start_tick = times[k - 1] / TICK_MS;
            if start_tick < covered_until || paths.len() >= MAX_PATHS {
                continue;
            }
            let values: Vec<i32> = follow(motion, &bound, k).collect();
            if values.is_empty() {
                continue;
            }
            covered_until = start_tick + values.len() as u64;
            paths.push(ServoPath {
                joint: bound.joint,
                start_tick,
                values,
            });
        }
    }
    paths
}

/// How far the servo of `bound`'s joint is from a keyframe (taken at the joint's stop where
/// it is beyond) when the robot reaches it, the most over the motion (µrad), and which
/// keyframe: the servo followed from each segment
/// the joint crosses too fast, as [`servo_paths`] follows it, until it catches up. A
/// keyframe it is past by more than `enough` ends the search (that is all a check needs to
/// know), so a motion far too fast costs little. `None`: no segment is too fast.
pub(crate) fn largest_miss(
    motion: &Motion,
    bound: &SpeedBound,
    times: &[u64],
    enough: i64,
) -> Option<(usize, i64)> {
    let keyframes = &motion.keyframes;
    let mut starts = Vec::new();
    for_each_too_fast(keyframes, bound, |k, _| starts.push(k));
    let (mut covered_until, mut followed) = (0u64, 0usize);
    let mut largest: Option<(usize, i64)> = None;
    for k in starts {
        let start_tick = times[k - 1] / TICK_MS;
        if start_tick < covered_until {
            continue;
        }
        let mut next = k;
        let mut tick = start_tick;
        // The first value is the segment's own start; each after it, one tick on.
        for (i, actual) in follow(motion, bound, k).enumerate().skip(1) {
            tick = start_tick + i as u64;
            // A keyframe (not the last, which is never commanded) reached at this tick.
            while next + 1 < times.len() && times[next] / TICK_MS <= tick {
                if times[next] / TICK_MS == tick {
                    let (low, high) = bound.stop_urad;
                    let value = keyframes.angle(next, bound.joint).unwrap_or(0);
                    let value = i64::from(value.clamp(low, high));
                    let miss = (i64::from(actual) - value).abs();
                    if largest.is_none_or(|(_, m)| miss > m) {
                        largest = Some((next, miss));
                    }
                }
                next += 1;
            }
        }
        largest = largest.or(Some((k, 0)));
        covered_until = tick + 1;
        followed += 1;
        if largest.is_some_and(|(_, m)| m > enough) || followed >= MAX_PATHS {
            break;
        }
    }
    largest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::mtn::Keyframes;

    #[test]
    fn a_servo_moves_at_its_speed_and_catches_up() {
        // An ERS-7 head tilt of -60° (within its range) in one 16 ms frame, then held.
        let mut motion = crate::example::stand_to_sit();
        let joints = motion.keyframes.joint_count();
        let mut keyframes = Keyframes::new(joints);
        let still = vec![0; joints];
        let mut moved = still.clone();
        moved[0] = -1_047_198;
        for (frames, row) in [(0, &still), (0, &moved), (200, &moved)] {
            keyframes.push(frames, [0; 3], row).unwrap_or_default();
        }
        motion.keyframes = keyframes;
        let design = crate::robot::parse_design(&motion.design).map(|d| d.model);
        let paths = servo_paths(&motion, design.unwrap_or(Model::Ers7));
        let head = paths
            .iter()
            .find(|p| p.joint == 0)
            .unwrap_or_else(|| panic!("{paths:?}"));
        assert_eq!(head.start_tick, 0);
        // Never faster than the limit, ending on the command.
        let bound = speed_bounds(&motion, Model::Ers7)
            .into_iter()
            .find(|b| b.joint == 0)
            .map_or(0, |b| i64::from(b.step_urad));
        assert!(
            head.values
                .windows(2)
                .all(|w| (i64::from(w[1]) - i64::from(w[0])).abs() <= bound)
        );
        assert_eq!(head.values.last().copied(), Some(-1_047_198));
        assert!(
            head.values.len() > 4,
            "it lags: {} ticks",
            head.values.len()
        );
    }

    #[test]
    fn a_command_beyond_the_stop_is_followed_to_the_stop_and_missed_from_there() {
        // An ERS-7 stand whose BL knee is dragged to -203° in one 32 ms segment, then held:
        // the servo turns to its stop (-25°) at its speed and stays there; the keyframe is
        // reached at the stop, not 178° short of a place it cannot go.
        let mut motion = crate::robot::postures::new_motion("DRX-1000", "stand").expect("stand");
        let knee = (0..motion.locators.len())
            .find(|&j| {
                crate::robot::joint_name(&motion.design, &motion.locators[j]) == "BL_LEG_KNEE"
            })
            .expect("a BL knee");
        let mut keyframes = Keyframes::new(motion.keyframes.joint_count());
        let stand: Vec<i32> = (0..motion.keyframes.joint_count())
            .map(|j| motion.keyframes.angle(0, j).unwrap_or(0))
            .collect();
        let mut dragged = stand.clone();
        dragged[knee] = crate::robot::deg_to_urad(-203.0);
        for (frames, row) in [(0, &stand), (2, &dragged), (60, &dragged), (4, &dragged)] {
            keyframes.push(frames, [0; 3], row).expect("a keyframe");
        }
        motion.keyframes = keyframes;
        let stop = crate::robot::deg_to_urad(-25.0);
        let path = servo_paths(&motion, Model::Ers7)
            .into_iter()
            .find(|p| p.joint == knee)
            .expect("the knee outruns its servo");
        assert!(path.values.iter().all(|&v| v >= stop - 1), "{path:?}");
        assert!((path.values.last().copied().unwrap_or(0) - stop).abs() <= 1);
        let bound = speed_bounds(&motion, Model::Ers7)
            .into_iter()
            .find(|b| b.joint == knee)
            .expect("a speed limit");
        let times = timing::keyframe_times_ms(&motion.keyframes);
        let (missed, miss) = largest_miss(&motion, &bound, &times, i64::MAX).expect("too fast");
        // Keyframe 1 is missed by what the servo has not turned of the way to the stop.
        assert_eq!(missed, 1);
        let knee_was = f64::from(stand[knee]) / 17_453.3;
        let miss_deg = f64::from(i32::try_from(miss).unwrap_or(i32::MAX)) / 17_453.3;
        assert!(
            miss_deg > 0.0 && miss_deg < knee_was + 25.0,
            "{miss_deg}° from {knee_was}°"
        );
    }
}
