//! The robot on a floor: at every tick, how its body rests on a flat floor as a rigid body
//! would, from its pose (the points that can touch the floor and its mass, `body`; how a
//! body settles on them, `settle`); what that says of the motion (`problems`).
//!
//! A body comes to rest from how it was: each tick is let go as the tick before rested, the
//! first as the file's own body angles hold it (level where it has none). The real robot
//! does not play the body angles a file stores, but Sony's tools filled them in from how the
//! body rests: [`rest_at_keyframes`] gives what they would be.

pub mod body;
pub mod problems;
mod rest;
pub mod settle;
pub mod stance;

pub use body::{Body, Outline, Part, Rig, Side, Touch};
pub use problems::{floor_problems, floor_report};
pub use rest::{Rest, up_from_body};
pub use settle::{Settled, margin, placed, settle, settle_naive};

use super::models::parse_design;
use super::timing::{for_each_tick_between, segment_ticks, tick_count};
use crate::codec::mtn::{BodyUrad, Motion};

/// The rig of a motion, when its design label names a model.
#[must_use]
pub fn rig(motion: &Motion) -> Option<Rig> {
    parse_design(&motion.design).map(|d| Rig::new(d.model, &motion.design, &motion.locators))
}

/// The most ticks worked out one by one (about 2 h 20 min of motion, 70 MB of rests; the
/// largest motion of Sony's making is far shorter): a longer motion is solved keyframe by
/// keyframe only (see [`rest_at_keyframes`]), and has no floor problems.
pub const MAX_SOLVED_TICKS: u64 = 1 << 20;

/// Whether every tick of `motion` is worked out ([`MAX_SOLVED_TICKS`]).
#[must_use]
pub fn solvable(motion: &Motion) -> bool {
    tick_count(&motion.keyframes) <= MAX_SOLVED_TICKS
}

/// Ticks solved together, one after another: each block starts afresh (so blocks run on
/// any number of cores with the same answer).
pub const BLOCK_TICKS: u64 = 4096;
/// Ticks played before a block's first, to come to rest as the ticks before it left the
/// body (from the file's body angles there).
pub const LEAD_IN_TICKS: u64 = 128;

/// The stored body angles in force at `tick` (the keyframe at or before it).
fn body_at_tick(motion: &Motion, tick: u64) -> BodyUrad {
    let body = motion.keyframes.body();
    let mut start = 0u64;
    let mut last = body.first().copied().unwrap_or_default();
    for (k, &frames) in motion.keyframes.frames().iter().enumerate() {
        start = start.saturating_add(if k == 0 { 0 } else { segment_ticks(frames) });
        if start > tick {
            break;
        }
        last = body[k];
    }
    last
}

/// Solves ticks `from..to` into `out`.
fn solve_block(rig: &Rig, motion: &Motion, from: u64, to: u64, naive: bool, out: &mut [Rest]) {
    let lead = from.saturating_sub(LEAD_IN_TICKS);
    let mut held = up_from_body(body_at_tick(motion, lead));
    let mut hint = None;
    for_each_tick_between(&motion.keyframes, lead, to, |tick, values| {
        let body = rig.pose(values);
        let settled = if naive {
            settle_naive(&body, held)
        } else {
            settle(&body, held, hint)
        };
        held = settled.up;
        hint = settled.face;
        if let Some(slot) = tick
            .checked_sub(from)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| out.get_mut(i))
        {
            *slot = Rest::of(&settled, &body);
        }
    });
}

/// How the body rests at every tick the robot plays (see the module doc), on every core;
/// nothing for a motion of more than [`MAX_SOLVED_TICKS`].
#[must_use]
pub fn rest_ticks(rig: &Rig, motion: &Motion) -> Vec<Rest> {
    rest_ticks_with(rig, motion, false)
}

/// [`rest_ticks`], or with `naive`, the face searched from scratch at every tick (the
/// bench's baseline; the same answer).
#[must_use]
pub fn rest_ticks_with(rig: &Rig, motion: &Motion, naive: bool) -> Vec<Rest> {
    let count = tick_count(&motion.keyframes);
    let Ok(len) = usize::try_from(count) else {
        return Vec::new();
    };
    if count > MAX_SOLVED_TICKS {
        return Vec::new();
    }
    let mut out = vec![Rest::default(); len];
    let block = usize::try_from(BLOCK_TICKS).unwrap_or(usize::MAX);
    let blocks: Vec<(u64, &mut [Rest])> = out
        .chunks_mut(block)
        .zip((0..).step_by(block))
        .map(|(slice, start)| (start as u64, slice))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(blocks.len())
        .max(1);
    let queue = std::sync::Mutex::new(blocks);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let next = queue.lock().ok().and_then(|mut q| q.pop());
                    let Some((start, slice)) = next else { break };
                    let end = start + slice.len() as u64;
                    solve_block(rig, motion, start, end, naive, slice);
                }
            });
        }
    });
    stance::fill_lifts(rig, motion, &mut out);
    out
}

/// How the body rests at each keyframe: each let go as the tick before it rested (the first
/// as the file's body angles hold it). `ticks` is [`rest_ticks`]' answer; where it has no
/// tick before a keyframe (a motion too long to solve tick by tick), the keyframe is let go
/// as the keyframe before it rested.
#[must_use]
pub fn rest_at_keyframes(rig: &Rig, motion: &Motion, ticks: &[Rest]) -> Vec<Settled> {
    let mut tick = 0u64;
    let mut out: Vec<Settled> = Vec::with_capacity(motion.keyframes.len());
    for (k, keyframe) in motion.keyframes.iter().enumerate() {
        if k > 0 {
            tick = tick.saturating_add(segment_ticks(keyframe.frames));
        }
        let held = usize::try_from(tick)
            .ok()
            .and_then(|t| t.checked_sub(1))
            .and_then(|t| ticks.get(t))
            .map(|r| r.up.map(f64::from))
            .or_else(|| out.last().map(|s| s.up))
            .unwrap_or_else(|| up_from_body(motion.keyframes.body()[0]));
        out.push(settle(&rig.pose(keyframe.angles_urad), held, None));
    }
    out
}

#[cfg(test)]
mod tests;
