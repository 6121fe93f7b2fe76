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
/// end toward the last command; at most [`MAX_PATH_TICKS`] ticks).
fn follow<'a>(motion: &'a Motion, bound: &SpeedBound, k: usize) -> impl Iterator<Item = i32> + 'a {
    let limit = i64::from(bound.step_urad);
    let mut commands = commands_from(motion, bound.joint, k);
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

/// How far the servo of `bound`'s joint is from a keyframe when the robot reaches it, the
/// most over the motion (µrad), and which keyframe: the servo followed from each segment
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
                    let value = i64::from(keyframes.angle(next, bound.joint).unwrap_or(0));
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
        // An ERS-7 head tilt of 60° in one 16 ms frame, then held.
        let mut motion = crate::example::stand_to_sit();
        let joints = motion.keyframes.joint_count();
        let mut keyframes = Keyframes::new(joints);
        let still = vec![0; joints];
        let mut moved = still.clone();
        moved[0] = 1_047_198;
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
        assert_eq!(head.values.last().copied(), Some(1_047_198));
        assert!(
            head.values.len() > 4,
            "it lags: {} ticks",
            head.values.len()
        );
    }
}
