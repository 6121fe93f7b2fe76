//! An AIBO motion as a Choreonoid body motion (the robot's exact command stream, sampled)
//! or as key poses.

use super::error::Refusal;
use crate::codec::mtn::Motion;
use crate::codec::pseq::{KeyPose, PoseSeq};
use crate::codec::seq::{self, BodyMotion};
use crate::robot::models::parse_design;
use crate::robot::timing::{self, TICK_MS};

/// One frame per 8 ms tick.
pub const DEFAULT_FPS: f64 = 125.0;

/// The motion's duration in ms.
fn duration_ms(motion: &Motion) -> u64 {
    timing::tick_count(&motion.keyframes) * TICK_MS
}

/// The body angles (rad) at `t_ms`, linear between keyframes (the robot does not play them).
fn body_at(motion: &Motion, times_ms: &[u64], t_ms: f64) -> [f64; 3] {
    let body = motion.keyframes.body();
    let next = times_ms.partition_point(|&t| (t as f64) <= t_ms);
    let urad = |b: &[i32; 3], axis: usize| f64::from(b[axis]) / 1e6;
    match (
        next.checked_sub(1).and_then(|i| body.get(i)),
        body.get(next),
    ) {
        (Some(a), Some(b)) => {
            let (t0, t1) = (times_ms[next - 1] as f64, times_ms[next] as f64);
            let f = if t1 > t0 {
                (t_ms - t0) / (t1 - t0)
            } else {
                0.0
            };
            std::array::from_fn(|axis| urad(a, axis) + f * (urad(b, axis) - urad(a, axis)))
        }
        (Some(a), None) => std::array::from_fn(|axis| urad(a, axis)),
        (None, Some(b)) => std::array::from_fn(|axis| urad(b, axis)),
        (None, None) => [0.0; 3],
    }
}

fn header_of(motion: &Motion, frame_rate: f64, parts: usize) -> BodyMotion {
    BodyMotion {
        design: Some(motion.design.clone()),
        locators: motion.locators.clone(),
        ..BodyMotion::from_joints(frame_rate, parts, Vec::new())
    }
}

/// The motion as the robot plays it, sampled at `fps` frames per second: each frame holds
/// the values commanded at the tick it falls in (the final frame, the last keyframe), in
/// radians; the root's orientation from the body roll, pitch and yaw.
///
/// # Errors
/// `fps` is not positive, or the motion would take more than [`seq::MAX_FRAMES`] frames.
pub fn mtn_to_body(motion: &Motion, fps: f64) -> Result<BodyMotion, Refusal> {
    if !(fps.is_finite() && fps > 0.0 && fps <= 10_000.0) {
        return Err(Refusal::FrameRate(fps));
    }
    let keyframes = &motion.keyframes;
    let joints = keyframes.joint_count();
    let mut body = header_of(motion, fps, joints);
    if keyframes.is_empty() {
        return Ok(body);
    }
    let duration_ms = duration_ms(motion);
    let last = (duration_ms as f64 / 1000.0 * fps + 1e-9).floor();
    if last >= seq::MAX_FRAMES as f64 {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a count of frames for the message"
        )]
        let frames = last as u64 + 1;
        return Err(Refusal::TooManyFrames {
            fps,
            duration_ms,
            frames,
            max: seq::MAX_FRAMES,
        });
    }
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "checked range"
    )]
    let frames = last as usize + 1;
    let times_ms = timing::keyframe_times_ms(keyframes);
    let final_row: Vec<i32> = keyframes.angles()[(keyframes.len() - 1) * joints..].to_vec();
    body.joints.reserve(frames * joints);
    for f in 0..frames {
        let t_ms = f as f64 * 1000.0 / fps;
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "t >= 0"
        )]
        let tick = (t_ms / TICK_MS as f64 + 1e-9).floor() as u64;
        let row = timing::values_at_tick_in(keyframes, &times_ms, tick)
            .unwrap_or_else(|| final_row.clone());
        body.joints.extend(row.iter().map(|&v| f64::from(v) / 1e6));
        let [roll, pitch, yaw] = body_at(motion, &times_ms, t_ms);
        body.root.push([0.0, 0.0, 0.0, roll, pitch, yaw]);
    }
    Ok(body)
}

/// The keyframes only, with their times in seconds (for `hasFrameTime`).
#[must_use]
pub fn mtn_keyframes_to_body(motion: &Motion) -> (BodyMotion, Vec<f64>) {
    let keyframes = &motion.keyframes;
    let mut body = header_of(motion, DEFAULT_FPS, keyframes.joint_count());
    body.joints = keyframes
        .angles()
        .iter()
        .map(|&v| f64::from(v) / 1e6)
        .collect();
    body.root = keyframes
        .body()
        .iter()
        .map(|b| {
            let [r, p, y] = b.map(|v| f64::from(v) / 1e6);
            [0.0, 0.0, 0.0, r, p, y]
        })
        .collect();
    let times = timing::keyframe_times_ms(keyframes)
        .iter()
        .map(|&t| t as f64 / 1000.0)
        .collect();
    (body, times)
}

/// An MTN motion's keyframes as a key-pose sequence (every joint in every pose).
#[must_use]
pub fn mtn_to_pseq(motion: &Motion) -> PoseSeq {
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let poses = motion
        .keyframes
        .iter()
        .zip(&times)
        .map(|(keyframe, &t)| KeyPose {
            time: t as f64 / 1000.0,
            joints: keyframe
                .angles_urad
                .iter()
                .enumerate()
                .map(|(j, &v)| (j, f64::from(v) / 1e6))
                .collect(),
        })
        .collect();
    PoseSeq {
        name: motion.name.clone(),
        target_body: parse_design(&motion.design)
            .map_or_else(|| motion.design.clone(), |d| d.model.name().to_owned()),
        poses,
        design: Some(motion.design.clone()),
        locators: motion.locators.clone(),
        notes: Vec::new(),
    }
}

/// How to export.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportOptions {
    /// Frames per second for a body motion.
    pub fps: f64,
    /// Keyframes only (with their times) for a body motion.
    pub keyframes_only: bool,
    /// formatVersion 4 rather than 2.
    pub seq_v4: bool,
    /// One pose per 8 ms tick rather than per keyframe, for a Webots motion.
    pub every_tick: bool,
}

impl Default for ExportOptions {
    fn default() -> Self {
        Self {
            fps: DEFAULT_FPS,
            keyframes_only: false,
            seq_v4: false,
            every_tick: false,
        }
    }
}
