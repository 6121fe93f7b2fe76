//! Fix Speed: each segment a joint crosses faster than its servo can follow, lengthened to
//! the shortest whole number of 16 ms frames at which no joint is too fast; every value and
//! every other segment left as it was.
//!
//! "Too fast" is the speed check's own rule (`robot::speed`): the fastest step of the
//! player's tick stream, including the step onto the next keyframe.

use crate::codec::mtn::Motion;
use crate::ops::common::{OpError, Outcome, check_range, design_of};
use crate::robot::speed_bound::{SpeedBound, fastest_step_urad, speed_bounds};
use crate::robot::timing;
use crate::words::plural;

/// How many lengths past the lower bound are tried before a segment is called unfixable
/// (only a segment so long that the player's dropped remainder alone is too fast needs any).
const MAX_TRIES: u32 = 100_000;

/// Whether every bounded joint follows the segment `from -> to` over `frames`.
fn slow_enough(from: &[i32], to: &[i32], frames: u32, last: bool, bounds: &[SpeedBound]) -> bool {
    bounds.iter().all(|b| {
        fastest_step_urad(from[b.joint], to[b.joint], frames, last) <= i64::from(b.step_urad)
    })
}

/// The fewest frames, from `frames + 1`, at which the segment is slow enough; the joint that
/// stays too fast when none is.
fn shortest(
    from: &[i32],
    to: &[i32],
    frames: u32,
    last: bool,
    bounds: &[SpeedBound],
) -> Result<u32, Stuck> {
    // A step of at most `limit` needs ticks > |v1 - v0| / (limit + 1): no shorter length
    // can work, so the search starts there.
    let lower = bounds
        .iter()
        .map(|b| {
            let delta = (i64::from(to[b.joint]) - i64::from(from[b.joint])).unsigned_abs();
            let ticks = delta / (u64::from(b.step_urad.unsigned_abs()) + 1) + 1;
            u32::try_from(ticks.div_ceil(2).saturating_sub(1)).unwrap_or(u32::MAX)
        })
        .max()
        .unwrap_or(0);
    let start = lower.max(frames.saturating_add(1));
    for n in (start..=u32::MAX).take(MAX_TRIES as usize) {
        if slow_enough(from, to, n, last, bounds) {
            return Ok(n);
        }
    }
    let stuck = bounds
        .iter()
        .find(|b| {
            fastest_step_urad(from[b.joint], to[b.joint], start, last) > i64::from(b.step_urad)
        })
        .map_or("a joint", |b| b.name);
    Err(Stuck { joint: stuck })
}

/// The fewest frames (a keyframe's `frames`, from 0) at which the segment `from -> to` is
/// slow enough for every joint `bounds` names (`last`: it ends the motion); None where no
/// length is.
pub(crate) fn fewest_frames(
    from: &[i32],
    to: &[i32],
    last: bool,
    bounds: &[SpeedBound],
) -> Option<u32> {
    if slow_enough(from, to, 0, last, bounds) {
        return Some(0);
    }
    shortest(from, to, 0, last, bounds).ok()
}

/// No length tried makes the segment slow enough: `joint` stays too fast.
struct Stuck {
    joint: &'static str,
}

/// `motion` with its too-fast segments (among keyframes `range`, `None`: all) lengthened.
///
/// # Errors
/// An unknown model, a range not in the motion, or a segment no length makes slow enough.
pub fn fix_speed(motion: &Motion, range: Option<(usize, usize)>) -> Result<Outcome, OpError> {
    let model = design_of(motion)?.model;
    let keyframes = &motion.keyframes;
    let len = keyframes.len();
    let (first, last) = range.unwrap_or((0, len.saturating_sub(1)));
    check_range(motion, first, last)?;
    let bounds = speed_bounds(motion, model);
    let joints = keyframes.joint_count();
    let mut out = motion.clone();
    let mut changed: Vec<(usize, u64, u64)> = Vec::new();
    for k in first + 1..=last {
        let from = &keyframes.angles()[(k - 1) * joints..k * joints];
        let to = &keyframes.angles()[k * joints..(k + 1) * joints];
        let frames = keyframes.frames()[k];
        let final_segment = k == len - 1;
        if slow_enough(from, to, frames, final_segment, &bounds) {
            continue;
        }
        let n = shortest(from, to, frames, final_segment, &bounds).map_err(|stuck| {
            OpError::SpeedUnfixable {
                keyframe: k,
                joint: stuck.joint.to_owned(),
            }
        })?;
        out.keyframes.set_frames(k, n);
        changed.push((k, timing::segment_ms(frames), timing::segment_ms(n)));
    }
    let note = if changed.is_empty() {
        "no segment is too fast for the servos: nothing changed".to_owned()
    } else {
        let added: u64 = changed.iter().map(|&(_, old, new)| new - old).sum();
        let shown: Vec<String> = changed
            .iter()
            .take(6)
            .map(|&(k, old, new)| format!("keyframes {}–{k} from {old} to {new} ms", k - 1))
            .collect();
        let more = if changed.len() > shown.len() {
            format!(", and {} more", changed.len() - shown.len())
        } else {
            String::new()
        };
        format!(
            "{} lengthened, {added} ms in all: {}{more}",
            plural(changed.len(), "segment", "segments"),
            shown.join(", ")
        )
    };
    Ok(Outcome {
        motion: out,
        notes: vec![note],
    })
}
