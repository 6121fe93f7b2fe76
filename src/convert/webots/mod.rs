//! An AIBO motion for Webots, and back. Webots' `AiboErs7` names its motors by the OPEN-R
//! locators MTN files use, so the columns are the motion's locators.
//!
//! - Export, by default one pose per keyframe at its time: Webots interpolates linearly
//!   between poses, as the robot does. With `every_tick`, one pose per 8 ms tick: the robot's
//!   exact command stream, the values `ticks` prints; then the last keyframe at the motion's
//!   end, which the player never commands but where the motion ends (the next one starts
//!   from it), so the Webots motion lasts as long as the robot's.
//! - A binary joint (the ERS-7's ears) goes to the end of its range nearer the commanded
//!   value ([`crate::robot::Limit::nearer_end_urad`]), so it is written at its ends only; by
//!   keyframes, each flip adds a pose on the tick before it and one on the tick it happens,
//!   so Webots does not sweep the ear slowly across the segment.
//! - Import plays the poses as Webots does (linear, a `*` leaving the motor where it was) at
//!   every 8 ms tick, as a body motion whose parts are named by the columns; the importer
//!   maps them onto the model's joints by locator and reduces them to keyframes.
//! - [`project`]: a Webots project that plays the motion (a world and a controller).

mod project;

pub use project::{Project, WEBOTS_RELEASE, project_name};

use super::error::Refusal;
use super::import::MAX_IMPORT_MS;
use crate::codec::mtn::Motion;
use crate::codec::seq::BodyMotion;
use crate::codec::webots::{Pose, WebotsMotion};
use crate::robot::timing::{self, TICK_MS};
use crate::robot::{Limit, Model, parse_design};

/// The most poses `every_tick` writes: an hour of ticks (about 110 MB of text).
pub const MAX_TICK_POSES: u64 = 3_600_000 / TICK_MS;

/// The most values (ticks x columns) an import samples: 2^24, as the importer's grid.
const MAX_SAMPLES: u64 = 1 << 24;

/// The binary joints' limits, per column (`None` for the others).
fn binary_limits(motion: &Motion) -> Vec<Option<Limit>> {
    let design = parse_design(&motion.design);
    motion
        .locators
        .iter()
        .map(|locator| {
            design
                .and_then(|d| d.model.joint_by_locator(locator))
                .and_then(|(_, info)| info.limit)
                .filter(|limit| limit.binary)
        })
        .collect()
}

/// One pose's values in radians: binary joints at the end they move to.
fn pose_values(values_urad: &[i32], binary: &[Option<Limit>]) -> Vec<Option<f64>> {
    values_urad
        .iter()
        .zip(binary)
        .map(|(&v, limit)| {
            let v = limit.map_or(v, |l| l.nearer_end_urad(v));
            Some(f64::from(v) / 1e6)
        })
        .collect()
}

/// The values at tick `tick` of the motion (the last keyframe's at its end).
fn values_at(motion: &Motion, times_ms: &[u64], tick: u64) -> Vec<i32> {
    timing::values_at_tick_in(&motion.keyframes, times_ms, tick).unwrap_or_else(|| {
        let keyframes = &motion.keyframes;
        let joints = keyframes.joint_count();
        let last = keyframes.len().saturating_sub(1);
        keyframes.angles()[last * joints..(last + 1) * joints].to_vec()
    })
}

/// The ticks around each flip of a binary joint: the tick before and the tick of it.
fn flip_ticks(motion: &Motion, times_ms: &[u64], binary: &[Option<Limit>]) -> Vec<u64> {
    let keyframes = &motion.keyframes;
    let mut ticks = Vec::new();
    for (segment, &frames) in keyframes.frames().iter().enumerate().skip(1) {
        let start = times_ms[segment - 1] / TICK_MS;
        for (joint, limit) in binary.iter().enumerate() {
            let Some(limit) = limit else { continue };
            let (Some(v0), Some(v1)) = (
                keyframes.angle(segment - 1, joint),
                keyframes.angle(segment, joint),
            ) else {
                continue;
            };
            if limit.nearer_end_urad(v0) == limit.nearer_end_urad(v1) {
                // The commanded values lie between v0 and v1: no flip inside.
                continue;
            }
            let step = timing::step_urad(v0, v1, frames);
            let count = timing::segment_ticks(frames);
            let at = |index: u64| {
                let value = if index < count {
                    timing::tick_value(v0, step, index)
                } else {
                    v1
                };
                limit.nearer_end_urad(value)
            };
            if let Some(index) = (1..=count).find(|&i| at(i) != at(i - 1)) {
                ticks.extend([start + index - 1, start + index]);
            }
        }
    }
    ticks
}

/// The motion as a Webots motion: a pose per keyframe (and around each flip of a binary
/// joint), or with `every_tick` a pose per 8 ms tick and the last keyframe at the end. A
/// motion of one keyframe is one pose.
///
/// # Errors
/// A motion for another model than the ERS-7 (the one Webots has); `every_tick` on a
/// motion longer than [`MAX_TICK_POSES`] ticks.
pub fn mtn_to_webots(motion: &Motion, every_tick: bool) -> Result<WebotsMotion, Refusal> {
    // Webots' AiboErs7 finds its motors by the ERS-7's locators and ignores every other
    // column: a motion of another model would not move it at all.
    let model = parse_design(&motion.design)
        .map(|d| d.model)
        .or_else(|| crate::robot::models::model_for_locators(&motion.locators));
    if model != Some(Model::Ers7) {
        return Err(Refusal::NotErs7(model.map_or_else(
            || format!("an unknown model ({})", motion.design),
            |m| format!("the {}", m.name()),
        )));
    }
    let keyframes = &motion.keyframes;
    let times_ms = timing::keyframe_times_ms(keyframes);
    let ticks = timing::tick_count(keyframes);
    let binary = binary_limits(motion);
    let poses = if every_tick && ticks > 0 {
        if ticks > MAX_TICK_POSES {
            return Err(Refusal::TooManyTicks {
                ticks,
                max: MAX_TICK_POSES,
            });
        }
        let mut poses = Vec::with_capacity(usize::try_from(ticks + 1).unwrap_or(0));
        timing::for_each_tick(keyframes, |tick, values| {
            poses.push(Pose {
                time_ms: tick * TICK_MS,
                name: format!("tick{tick}"),
                values: pose_values(values, &binary),
            });
        });
        // The player never commands the last keyframe; the motion ends there all the same
        // (the next one starts from it), so Webots ends on it at the motion's duration.
        poses.push(Pose {
            time_ms: ticks * TICK_MS,
            name: format!("keyframe{}", keyframes.len() - 1),
            values: pose_values(&values_at(motion, &times_ms, ticks), &binary),
        });
        poses
    } else {
        let mut at: Vec<(u64, String)> = times_ms
            .iter()
            .enumerate()
            .map(|(k, &t)| (t / TICK_MS, format!("keyframe{k}")))
            .collect();
        at.extend(
            flip_ticks(motion, &times_ms, &binary)
                .into_iter()
                .map(|tick| (tick, format!("tick{tick}"))),
        );
        // A keyframe's name wins over a tick's at the same time.
        at.sort_by_key(|(tick, name)| (*tick, !name.starts_with("keyframe")));
        at.dedup_by_key(|(tick, _)| *tick);
        at.into_iter()
            .map(|(tick, name)| Pose {
                time_ms: tick * TICK_MS,
                name,
                values: pose_values(&values_at(motion, &times_ms, tick), &binary),
            })
            .collect()
    };
    Ok(WebotsMotion {
        joints: motion.locators.clone(),
        poses,
    })
}

/// The motion's text as Webots reads it.
///
/// # Errors
/// As [`mtn_to_webots`]; and a line Webots could not read (locators too long for its
/// 4,096-byte lines), or a locator with a comma.
pub fn mtn_to_webots_text(motion: &Motion, every_tick: bool) -> Result<String, Refusal> {
    crate::codec::webots::write(&mtn_to_webots(motion, every_tick)?).map_err(Refusal::Webots)
}

/// The Webots motion as Webots plays it, sampled at every 8 ms tick from 0 to its last
/// pose: a body motion at 125 fps whose parts are named by the columns. Columns that are
/// `*` throughout drive nothing and are left out (said in the notes).
///
/// # Errors
/// A motion longer than an import takes, or with too many columns for its length.
pub fn webots_to_body(motion: &WebotsMotion) -> Result<BodyMotion, Refusal> {
    let last_ms = motion.poses.last().map_or(0, |p| p.time_ms);
    if last_ms > MAX_IMPORT_MS {
        return Err(Refusal::TooLong {
            duration_ms: last_ms,
            max_ms: MAX_IMPORT_MS,
        });
    }
    let columns: Vec<usize> = (0..motion.joints.len())
        .filter(|&c| {
            motion
                .poses
                .iter()
                .any(|p| p.values.get(c).is_some_and(Option::is_some))
        })
        .collect();
    let frames = last_ms.div_ceil(TICK_MS) + 1;
    if frames.saturating_mul(columns.len() as u64) > MAX_SAMPLES {
        return Err(Refusal::TooLarge {
            joints: columns.len(),
            duration_ms: last_ms,
        });
    }
    let value =
        |pose: usize, column: usize| motion.poses[pose].values.get(column).copied().flatten();
    // Where each motor is: before its first value, at that value (the robot starts there).
    let mut held: Vec<f64> = columns
        .iter()
        .map(|&c| {
            (0..motion.poses.len())
                .find_map(|p| value(p, c))
                .unwrap_or(0.0)
        })
        .collect();
    let mut joints = Vec::with_capacity(usize::try_from(frames).unwrap_or(0) * columns.len());
    for frame in 0..frames {
        let elapsed = (frame * TICK_MS).min(last_ms);
        // Webots' motion_compute_joint_pos: the first pose before it starts, the last after
        // it ends, else the segment holding `elapsed` (the earlier one at a pose's time).
        let segment = motion.poses.partition_point(|p| p.time_ms < elapsed);
        let last = motion.poses.len() - 1;
        for (slot, &c) in held.iter_mut().zip(&columns) {
            let position = if segment == 0 {
                value(0, c)
            } else if elapsed >= last_ms {
                value(last, c)
            } else {
                let (a, b) = (&motion.poses[segment - 1], &motion.poses[segment]);
                match (value(segment - 1, c), value(segment, c)) {
                    (Some(va), Some(vb)) => Some(
                        va + (elapsed - a.time_ms) as f64 * (vb - va)
                            / (b.time_ms - a.time_ms) as f64,
                    ),
                    _ => None,
                }
            };
            if let Some(position) = position {
                *slot = position;
            }
            joints.push(*slot);
        }
    }
    let mut body = BodyMotion::from_joints(1000.0 / TICK_MS as f64, columns.len(), joints);
    body.locators = columns.iter().map(|&c| motion.joints[c].clone()).collect();
    let unset: Vec<&str> = (0..motion.joints.len())
        .filter(|c| !columns.contains(c))
        .map(|c| motion.joints[c].as_str())
        .collect();
    if !unset.is_empty() {
        body.notes.push(format!(
            "columns with no value (* throughout), left out: {}",
            unset.join(", ")
        ));
    }
    Ok(body)
}
