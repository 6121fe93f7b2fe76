//! The robot's timing: keyframe times, duration, and the exact command stream Sony's player
//! sends, tick by tick, with its integer arithmetic
//! (`docs/formats/mtn.md#timing-and-interpolation-on-the-robot`).
//!
//! One file frame is 16 ms and the robot runs 8 ms ticks. A segment of `n` interpolation
//! frames lasts `(n + 1) * 16` ms, that is `2n + 2` ticks. Per joint, `delta = (v1 - v0) /
//! (2n + 2)` with C's truncating division, and tick `i` commands `v0 + i * delta`; the
//! remainder is never spread, the next segment starts exactly at `v1`, and the final
//! keyframe's value is never commanded.

use crate::codec::mtn::Keyframes;

/// One file frame in milliseconds.
pub const FRAME_MS: u64 = 16;
/// One robot tick in milliseconds.
pub const TICK_MS: u64 = 8;

/// The number of ticks in a segment of `frames` interpolation frames.
#[must_use]
pub fn segment_ticks(frames: u32) -> u64 {
    2 * u64::from(frames) + 2
}

/// The length of a segment of `frames` interpolation frames, in ms.
#[must_use]
pub fn segment_ms(frames: u32) -> u64 {
    (u64::from(frames) + 1) * FRAME_MS
}

/// The start of each keyframe in file frames (16 ms) from the start (the first is at 0).
#[must_use]
pub fn keyframe_times_frames(keyframes: &Keyframes) -> Vec<u64> {
    let mut time = 0;
    keyframes
        .frames()
        .iter()
        .enumerate()
        .map(|(index, &frames)| {
            if index > 0 {
                time += u64::from(frames) + 1;
            }
            time
        })
        .collect()
}

/// The time of each keyframe in ms from the start (the first is at 0).
#[must_use]
pub fn keyframe_times_ms(keyframes: &Keyframes) -> Vec<u64> {
    let mut times = keyframe_times_frames(keyframes);
    for time in &mut times {
        *time *= FRAME_MS;
    }
    times
}

/// The motion's length in ms: the sum of its segments.
#[must_use]
pub fn duration_ms(keyframes: &Keyframes) -> u64 {
    keyframes
        .frames()
        .iter()
        .skip(1)
        .map(|&f| segment_ms(f))
        .sum()
}

/// The number of ticks the player commands.
#[must_use]
pub fn tick_count(keyframes: &Keyframes) -> u64 {
    keyframes
        .frames()
        .iter()
        .skip(1)
        .map(|&f| segment_ticks(f))
        .sum()
}

/// The per-tick step of one joint over one segment, as Sony's player computes it.
#[must_use]
#[expect(
    clippy::cast_possible_truncation,
    reason = "the player stores the step in a C int; the i64 division cannot exceed the i32 \
              range for i32 inputs except by one in the degenerate case, which wraps like C"
)]
pub fn step_urad(from_urad: i32, to_urad: i32, frames: u32) -> i32 {
    let divide = i64::try_from(segment_ticks(frames)).unwrap_or(i64::MAX);
    ((i64::from(to_urad) - i64::from(from_urad)) / divide) as i32
}

/// The value commanded at tick `index` of a segment (wrapping like the player's C `int`).
#[must_use]
pub fn tick_value(from_urad: i32, step: i32, index: u64) -> i32 {
    let index = i32::try_from(index).unwrap_or(i32::MAX);
    from_urad.wrapping_add(index.wrapping_mul(step))
}

/// Calls `visit(tick, values)` for every tick the player commands, in order; `values` holds
/// one commanded value per joint in microradians. Streams: nothing is stored per tick.
pub fn for_each_tick(keyframes: &Keyframes, mut visit: impl FnMut(u64, &[i32])) {
    let joint_count = keyframes.joint_count();
    let mut values = vec![0; joint_count];
    let mut steps = vec![0; joint_count];
    let mut tick = 0;
    let angles = keyframes.angles();
    for (segment, &frames) in keyframes.frames().iter().enumerate().skip(1) {
        let from = &angles[(segment - 1) * joint_count..segment * joint_count];
        let to = &angles[segment * joint_count..(segment + 1) * joint_count];
        for ((step, &v0), &v1) in steps.iter_mut().zip(from).zip(to) {
            *step = step_urad(v0, v1, frames);
        }
        for index in 0..segment_ticks(frames) {
            for ((value, &v0), &step) in values.iter_mut().zip(from).zip(&steps) {
                *value = tick_value(v0, step, index);
            }
            visit(tick, &values);
            tick += 1;
        }
    }
}

/// [`for_each_tick`] over ticks `from..to` only: the values of each, computed from the
/// segment it falls in (so a range in the middle of a long motion costs only its ticks and a
/// search for where it starts).
pub fn for_each_tick_between(
    keyframes: &Keyframes,
    from: u64,
    to: u64,
    mut visit: impl FnMut(u64, &[i32]),
) {
    let joint_count = keyframes.joint_count();
    let angles = keyframes.angles();
    let frames = keyframes.frames();
    let mut values = vec![0; joint_count];
    let mut steps = vec![0; joint_count];
    // The first tick of each segment, found by walking the segments' lengths.
    let mut start = 0u64;
    for (segment, &segment_frames) in frames.iter().enumerate().skip(1) {
        let length = segment_ticks(segment_frames);
        let end = start.saturating_add(length);
        if end > from && start < to {
            let from_values = &angles[(segment - 1) * joint_count..segment * joint_count];
            let to_values = &angles[segment * joint_count..(segment + 1) * joint_count];
            for ((step, &v0), &v1) in steps.iter_mut().zip(from_values).zip(to_values) {
                *step = step_urad(v0, v1, segment_frames);
            }
            for tick in start.max(from)..end.min(to) {
                let index = tick - start;
                for ((value, &v0), &step) in values.iter_mut().zip(from_values).zip(&steps) {
                    *value = tick_value(v0, step, index);
                }
                visit(tick, &values);
            }
        }
        if end >= to {
            break;
        }
        start = end;
    }
}

/// [`values_at_tick`] with the keyframe times already known (from [`keyframe_times_ms`]):
/// a binary search instead of a walk over the segments, for a playhead on a long motion.
#[must_use]
pub fn values_at_tick_in(keyframes: &Keyframes, times_ms: &[u64], tick: u64) -> Option<Vec<i32>> {
    let time_ms = tick.checked_mul(TICK_MS)?;
    let segment = times_ms.partition_point(|&t| t <= time_ms);
    if segment == 0 || segment >= times_ms.len() || times_ms.len() != keyframes.len() {
        return None;
    }
    let index = (time_ms - times_ms[segment - 1]) / TICK_MS;
    let frames = keyframes.frames()[segment];
    let joint_count = keyframes.joint_count();
    let angles = keyframes.angles();
    let from = &angles[(segment - 1) * joint_count..segment * joint_count];
    let to = &angles[segment * joint_count..(segment + 1) * joint_count];
    Some(
        from.iter()
            .zip(to)
            .map(|(&v0, &v1)| tick_value(v0, step_urad(v0, v1, frames), index))
            .collect(),
    )
}

/// The values commanded at one tick, computed directly (for a playhead). `None` past the
/// last commanded tick.
#[must_use]
pub fn values_at_tick(keyframes: &Keyframes, tick: u64) -> Option<Vec<i32>> {
    values_at_tick_in(keyframes, &keyframe_times_ms(keyframes), tick)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_segments() -> Keyframes {
        let mut keyframes = Keyframes::new(2);
        for (frames, angles) in [(0, [0, 100]), (1, [10, 100]), (0, [-7, 0])] {
            keyframes.push(frames, [0; 3], &angles).unwrap_or_default();
        }
        keyframes
    }

    #[test]
    fn segments_last_n_plus_one_frames() {
        let keyframes = two_segments();
        assert_eq!(keyframe_times_ms(&keyframes), vec![0, 32, 48]);
        assert_eq!(duration_ms(&keyframes), 48);
        assert_eq!(tick_count(&keyframes), 6);
    }

    #[test]
    fn ticks_truncate_toward_zero_and_never_command_the_last_keyframe() {
        let keyframes = two_segments();
        let mut seen = Vec::new();
        for_each_tick(&keyframes, |tick, values| {
            seen.push((tick, values.to_vec()));
        });
        // Segment 1: 4 ticks, delta 10/4 = 2 (remainder 2 never spread).
        // Segment 2: 2 ticks, delta (-7-10)/2 = -8 (toward zero), (0-100)/2 = -50.
        let expected = vec![
            (0, vec![0, 100]),
            (1, vec![2, 100]),
            (2, vec![4, 100]),
            (3, vec![6, 100]),
            (4, vec![10, 100]),
            (5, vec![2, 50]),
        ];
        assert_eq!(seen, expected);
        let times = keyframe_times_ms(&keyframes);
        for (tick, values) in &expected {
            assert_eq!(values_at_tick(&keyframes, *tick).as_ref(), Some(values));
            assert_eq!(
                values_at_tick_in(&keyframes, &times, *tick).as_ref(),
                Some(values)
            );
        }
        assert_eq!(values_at_tick_in(&keyframes, &times, 6), None);
        assert_eq!(values_at_tick(&keyframes, 6), None);
    }

    #[test]
    fn a_single_keyframe_commands_nothing() {
        let mut keyframes = Keyframes::new(1);
        keyframes.push(0, [0; 3], &[5]).unwrap_or_default();
        let mut count = 0;
        for_each_tick(&keyframes, |_, _| count += 1);
        assert_eq!(count, 0);
        assert_eq!(duration_ms(&keyframes), 0);
    }

    #[test]
    fn a_range_of_ticks_is_the_same_ticks_as_the_whole_stream() {
        let keyframes = two_segments();
        let mut all = Vec::new();
        for_each_tick(&keyframes, |tick, values| all.push((tick, values.to_vec())));
        let total = all.len() as u64;
        for from in 0..=total {
            for to in from..=total + 2 {
                let mut part = Vec::new();
                for_each_tick_between(&keyframes, from, to, |tick, values| {
                    part.push((tick, values.to_vec()));
                });
                let end = usize::try_from(to.min(total)).unwrap_or(usize::MAX);
                let start = usize::try_from(from).unwrap_or(usize::MAX);
                assert_eq!(part, all[start..end], "{from}..{to}");
            }
        }
    }
}
