//! Between an MTN motion and a Choreonoid body motion: export samples the robot's exact
//! command stream; import maps the file's joints onto an AIBO's and reduces its dense frames
//! to the fewest keyframes that replay, with the robot's interpolation, within a tolerance
//! of every source frame.

use crate::codec::mtn::Motion;
use crate::codec::seq::{self, BodyMotion};
use crate::robot::models::parse_design;
use crate::robot::timing::{self, FRAME_MS, TICK_MS};

/// One frame per 8 ms tick.
pub const DEFAULT_FPS: f64 = 125.0;
/// The default import tolerance in degrees.
pub const DEFAULT_TOLERANCE_DEG: f64 = 0.5;
/// The longest segment the reduction makes, in interpolation frames (real files go to 600).
pub const MAX_SEGMENT_FRAMES: usize = 600;

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
pub fn mtn_to_body(motion: &Motion, fps: f64) -> Result<BodyMotion, String> {
    if !(fps.is_finite() && fps > 0.0 && fps <= 10_000.0) {
        return Err(format!("--fps {fps}: give a frame rate from 1 to 10000"));
    }
    let keyframes = &motion.keyframes;
    let joints = keyframes.joint_count();
    let mut body = header_of(motion, fps, joints);
    if keyframes.is_empty() {
        return Ok(body);
    }
    let duration = duration_ms(motion) as f64;
    let last = (duration / 1000.0 * fps + 1e-9).floor();
    if last >= seq::MAX_FRAMES as f64 {
        return Err(format!(
            "at {fps} fps this motion ({} ms) would be {last} frames, more than {}; use a lower \
             --fps or keyframes only",
            duration,
            seq::MAX_FRAMES
        ));
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

/// How to bring a body motion onto an AIBO.
#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// The design label (`DRX-1000`); else the one the file names.
    pub design: Option<String>,
    /// Which source part drives each AIBO joint, by joint name or locator (`FL_LEG_KNEE = 3`);
    /// else the file's own names, else by order.
    pub map: Option<Vec<(String, usize)>>,
    /// The tolerance in degrees.
    pub tolerance_deg: f64,
    /// The motion name to give the result.
    pub name: String,
}

/// What the reduction achieved.
#[derive(Clone, Debug, PartialEq)]
pub struct ImportReport {
    /// Keyframes made.
    pub keyframes: usize,
    /// The largest difference from any source frame, any joint, in degrees.
    pub max_error_deg: f64,
    /// Mapping decisions and anything dropped.
    pub notes: Vec<String>,
}

/// Parses a mapping file: one `JOINT = PART` per line (joint by name or locator, part by
/// its 0-based index in the source frames); `#` starts a comment.
///
/// # Errors
/// A line that is not of that form; the message names the line.
pub fn parse_map(text: &str) -> Result<Vec<(String, usize)>, String> {
    let mut map = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let parsed = line
            .split_once('=')
            .and_then(|(j, p)| Some((j.trim(), p.trim().parse::<usize>().ok()?)));
        match parsed {
            Some((joint, part)) if !joint.is_empty() => map.push((joint.to_owned(), part)),
            _ => {
                return Err(format!(
                    "line {}: expected \"JOINT = PART\" (a joint name and a part index), found \
                     \"{line}\"",
                    n + 1
                ));
            }
        }
    }
    Ok(map)
}

/// The source, sampled: per frame, per AIBO joint, in microradians (as f64).
struct Source {
    rate: f64,
    joints: usize,
    values: Vec<f64>,
}

impl Source {
    fn frames(&self) -> usize {
        self.values.len().checked_div(self.joints).unwrap_or(0)
    }

    fn time_ms(&self, f: usize) -> f64 {
        f as f64 * 1000.0 / self.rate
    }

    fn end_ms(&self) -> f64 {
        self.time_ms(self.frames().saturating_sub(1))
    }

    /// Joint `j` at `t_ms`, linear between frames, held past the ends.
    fn at(&self, t_ms: f64, j: usize) -> f64 {
        let x = (t_ms * self.rate / 1000.0).max(0.0);
        let last = self.frames().saturating_sub(1);
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "x >= 0"
        )]
        let f = (x.floor() as usize).min(last);
        let g = (f + 1).min(last);
        let frac = (x - f as f64).clamp(0.0, 1.0);
        let a = self.values[f * self.joints + j];
        let b = self.values[g * self.joints + j];
        a + frac * (b - a)
    }
}

fn to_urad(v: f64) -> i32 {
    #[expect(clippy::cast_possible_truncation, reason = "clamped to the i32 range")]
    let v = v.round().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
    v
}

/// The grid: one value per joint at every 16 ms frame up to the end of the source.
fn grid_of(source: &Source) -> Vec<Vec<i32>> {
    let end = source.end_ms();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "end >= 0"
    )]
    let points = (end / FRAME_MS as f64 - 1e-9).ceil().max(0.0) as usize + 1;
    (0..points)
        .map(|k| {
            let t = (k as u64 * FRAME_MS) as f64;
            (0..source.joints)
                .map(|j| to_urad(source.at(t, j)))
                .collect()
        })
        .collect()
}

/// The largest error (µrad) of the robot's replay of grid points `a` to `b` against every
/// source frame in `[16a, 16b)` ms; stops early once it passes `limit`. The replay is the
/// player's exact command at each 8 ms tick, joined by straight lines as a servo moves from
/// one set point to the next (so a source frame between two ticks is compared with the
/// point between their commands, not with a value held for the whole tick).
fn segment_error(source: &Source, grid: &[Vec<i32>], a: usize, b: usize, limit: f64) -> f64 {
    let n = u32::try_from(b - a - 1).unwrap_or(u32::MAX);
    let (t0, t1) = ((a as u64 * FRAME_MS) as f64, (b as u64 * FRAME_MS) as f64);
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "t >= 0"
    )]
    let first = (t0 * source.rate / 1000.0 - 1e-9).ceil().max(0.0) as usize;
    let ticks = timing::segment_ticks(n);
    let mut worst: f64 = 0.0;
    let steps: Vec<i32> = (0..source.joints)
        .map(|j| timing::step_urad(grid[a][j], grid[b][j], n))
        .collect();
    for f in first..source.frames() {
        let t = source.time_ms(f);
        if t >= t1 {
            break;
        }
        let x = (t - t0) / TICK_MS as f64;
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "x >= 0"
        )]
        let tick = (x + 1e-9).floor() as u64;
        let frac = (x - tick as f64).clamp(0.0, 1.0);
        let row = &source.values[f * source.joints..(f + 1) * source.joints];
        for j in 0..source.joints {
            let here = f64::from(timing::tick_value(grid[a][j], steps[j], tick));
            let next = if tick + 1 >= ticks {
                f64::from(grid[b][j])
            } else {
                f64::from(timing::tick_value(grid[a][j], steps[j], tick + 1))
            };
            let replayed = here + frac * (next - here);
            worst = worst.max((replayed - row[j]).abs());
        }
        if worst > limit {
            return worst;
        }
    }
    worst
}

/// The largest error (µrad) of keyframes at these grid points, over the whole source.
fn total_error(source: &Source, grid: &[Vec<i32>], keys: &[usize]) -> f64 {
    let mut worst: f64 = 0.0;
    for pair in keys.windows(2) {
        worst = worst.max(segment_error(source, grid, pair[0], pair[1], f64::INFINITY));
    }
    if let (Some(&last), Some(f)) = (keys.last(), source.frames().checked_sub(1)) {
        // Frames at the very end (on the last grid point) are held at the last keyframe.
        let end = (last as u64 * FRAME_MS) as f64;
        if source.time_ms(f) >= end {
            let row = &source.values[f * source.joints..(f + 1) * source.joints];
            for (&held, &value) in grid[last].iter().zip(row) {
                worst = worst.max((f64::from(held) - value).abs());
            }
        }
    }
    worst
}

/// Our reduction: from each keyframe, the farthest grid point whose segment replays within
/// the tolerance (at least the next one).
fn reduce_greedy(source: &Source, grid: &[Vec<i32>], tolerance_urad: f64) -> Vec<usize> {
    let mut keys = vec![0];
    let last = grid.len().saturating_sub(1);
    let mut a = 0;
    while a < last {
        let mut b = a + 1;
        let reach = (a + MAX_SEGMENT_FRAMES + 1).min(last);
        while b < reach && segment_error(source, grid, a, b + 1, tolerance_urad) <= tolerance_urad {
            b += 1;
        }
        keys.push(b);
        a = b;
    }
    keys
}

/// The baseline: Ramer-Douglas-Peucker over the grid points (all joints at once, the
/// largest joint distance from the straight line), at the same tolerance.
#[must_use]
fn reduce_rdp(grid: &[Vec<i32>], tolerance_urad: f64) -> Vec<usize> {
    let last = grid.len().saturating_sub(1);
    let mut keep = vec![false; grid.len()];
    if grid.is_empty() {
        return Vec::new();
    }
    keep[0] = true;
    keep[last] = true;
    let mut stack = vec![(0, last)];
    while let Some((a, b)) = stack.pop() {
        if b <= a + 1 {
            continue;
        }
        let mut far = (0.0, a);
        for k in a + 1..b {
            let f = (k - a) as f64 / (b - a) as f64;
            let d = grid[k]
                .iter()
                .zip(&grid[a])
                .zip(&grid[b])
                .map(|((&v, &v0), &v1)| {
                    (f64::from(v) - (f64::from(v0) + f * (f64::from(v1) - f64::from(v0)))).abs()
                })
                .fold(0.0, f64::max);
            if d > far.0 {
                far = (d, k);
            }
        }
        if far.0 > tolerance_urad {
            keep[far.1] = true;
            stack.push((a, far.1));
            stack.push((far.1, b));
        }
    }
    (0..grid.len()).filter(|&k| keep[k]).collect()
}

/// Keyframes and maximum error of one reduction, for the bench and the report.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reduction {
    /// Keyframes used.
    pub keyframes: usize,
    /// Largest replay error, degrees.
    pub max_error_deg: f64,
}

/// Which method to reduce with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Ours (greedy farthest reach, checked against the robot's replay).
    Greedy,
    /// Plain Ramer-Douglas-Peucker on the 16 ms grid (the baseline).
    Rdp,
}

/// Reduces every part of a body motion (its own joints, no AIBO mapping) with `method`, for
/// comparing methods.
#[must_use]
pub fn reduce_body(body: &BodyMotion, tolerance_deg: f64, method: Method) -> Reduction {
    let source = Source {
        rate: body.frame_rate,
        joints: body.parts,
        values: body.joints.iter().map(|v| v * 1e6).collect(),
    };
    let (keys, grid) = reduce_source(&source, tolerance_deg, method);
    Reduction {
        keyframes: keys.len(),
        max_error_deg: total_error(&source, &grid, &keys).to_degrees() / 1e6,
    }
}

fn reduce_source(
    source: &Source,
    tolerance_deg: f64,
    method: Method,
) -> (Vec<usize>, Vec<Vec<i32>>) {
    let grid = grid_of(source);
    let tolerance = tolerance_deg.to_radians() * 1e6;
    let keys = match method {
        Method::Greedy => reduce_greedy(source, &grid, tolerance),
        Method::Rdp => reduce_rdp(&grid, tolerance),
    };
    (keys, grid)
}

/// The design label to import onto: the one given, else the one the file names.
fn design_label(options: &ImportOptions, named: Option<&str>) -> Result<String, String> {
    options
        .design
        .clone()
        .or_else(|| named.map(str::to_owned))
        .ok_or_else(|| {
            "the file does not say which AIBO it is for: give --model LABEL (e.g. DRX-1000)"
                .to_owned()
        })
}

/// The AIBO joints to fill and the source part that drives each: by the mapping given,
/// else by the names the file carries (an mtn-studio export) when it names the same model,
/// else by order.
fn targets(
    label: &str,
    options: &ImportOptions,
    own_locators: &[String],
    named: Option<&str>,
    parts: usize,
    notes: &mut Vec<String>,
) -> Result<(Vec<String>, Vec<Option<usize>>), String> {
    let design = parse_design(label)
        .ok_or_else(|| format!("unknown design label \"{label}\" (e.g. DRX-1000, DRX-900)"))?;
    Ok(if let Some(map) = &options.map {
        let joints: Vec<_> = design.allowed_joints().collect();
        let mut pairs = Vec::new();
        for (joint, part) in map {
            let Some((_, info)) = joints
                .iter()
                .find(|(_, info)| info.name == joint || info.locator == joint)
            else {
                return Err(format!(
                    "the map names \"{joint}\", which {label} does not have"
                ));
            };
            if *part >= parts {
                return Err(format!(
                    "the map gives {joint} part {part}, but the file has {parts} parts (0 to {})",
                    parts.saturating_sub(1)
                ));
            }
            pairs.push((info.locator.to_owned(), Some(*part)));
        }
        pairs.into_iter().unzip()
    } else if !own_locators.is_empty() && options.design.as_deref().is_none_or(|d| Some(d) == named)
    {
        (
            own_locators.to_vec(),
            (0..own_locators.len()).map(Some).collect(),
        )
    } else {
        let joints: Vec<String> = design
            .allowed_joints()
            .map(|(_, info)| info.locator.to_owned())
            .collect();
        if parts != joints.len() {
            notes.push(format!(
                "mapped by order: the file's first {} of {parts} parts drive {label}'s {} joints{}",
                parts.min(joints.len()),
                joints.len(),
                if parts < joints.len() {
                    "; the rest stay at 0"
                } else {
                    ""
                }
            ));
        }
        let sources = (0..joints.len())
            .map(|j| (j < parts).then_some(j))
            .collect();
        (joints, sources)
    })
}

/// Imports a key-pose sequence as an MTN motion: one keyframe per pose, its time rounded to
/// the 16 ms grid; joints a pose does not set keep their previous value (0 at first).
///
/// # Errors
/// As [`body_to_mtn`]; or no poses.
pub fn pseq_to_mtn(
    seq: &crate::codec::pseq::PoseSeq,
    options: &ImportOptions,
) -> Result<(Motion, ImportReport), String> {
    let label = design_label(options, seq.design.as_deref())?;
    let Some(first) = seq.poses.first() else {
        return Err("the sequence has no poses".into());
    };
    let parts = seq
        .poses
        .iter()
        .flat_map(|p| p.joints.iter().map(|(i, _)| i + 1))
        .max()
        .unwrap_or(0)
        .max(seq.locators.len());
    let mut notes = Vec::new();
    let (locators, sources) = targets(
        &label,
        options,
        &seq.locators,
        seq.design.as_deref(),
        parts,
        &mut notes,
    )?;
    if first.time > 0.0 {
        notes.push(format!(
            "the first pose is at {} s; the motion starts with it at 0",
            first.time
        ));
    }
    // The sequence's own name when it is a valid chunk name (an mtn-studio export's is).
    let name = if crate::robot::chunk_name::parse(&seq.name).is_some() {
        &seq.name
    } else {
        &options.name
    };
    let mut motion = Motion::new(name, "mtn-studio", &label, locators);
    let mut current = vec![0.0; parts];
    let mut rows: Vec<(u64, Vec<i32>)> = Vec::new();
    let mut moved_ms: f64 = 0.0;
    for pose in &seq.poses {
        for &(index, value) in &pose.joints {
            if let Some(slot) = current.get_mut(index) {
                *slot = value;
            }
        }
        let ms = (pose.time - first.time) * 1000.0;
        let frame_f = (ms / FRAME_MS as f64).round();
        moved_ms = moved_ms.max((frame_f * FRAME_MS as f64 - ms).abs());
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "ms >= 0"
        )]
        let frame = frame_f.min(f64::from(u32::MAX) / 2.0) as u64;
        let row: Vec<i32> = sources
            .iter()
            .map(|s| s.map_or(0, |p| to_urad(current[p] * 1e6)))
            .collect();
        match rows.last_mut() {
            Some((last, values)) if *last == frame => {
                notes.push(format!(
                    "two poses fall on the same 16 ms frame at {} s; the later one is kept",
                    pose.time
                ));
                *values = row;
            }
            _ => rows.push((frame, row)),
        }
    }
    let mut previous = 0;
    for (k, (frame, row)) in rows.iter().enumerate() {
        let frames = if k == 0 {
            0
        } else {
            u32::try_from(frame - previous - 1)
                .map_err(|_| "a pose is too far after the one before".to_owned())?
        };
        motion
            .keyframes
            .push(frames, [0; 3], row)
            .map_err(|e| e.to_string())?;
        previous = *frame;
    }
    if moved_ms > 0.5 {
        notes.push(format!(
            "pose times moved by up to {moved_ms:.1} ms onto the 16 ms grid"
        ));
    }
    Ok((
        motion,
        ImportReport {
            keyframes: rows.len(),
            max_error_deg: 0.0,
            notes,
        },
    ))
}

/// An MTN motion's keyframes as a key-pose sequence (every joint in every pose).
#[must_use]
pub fn mtn_to_pseq(motion: &Motion) -> crate::codec::pseq::PoseSeq {
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let poses = motion
        .keyframes
        .iter()
        .zip(&times)
        .map(|(keyframe, &t)| crate::codec::pseq::KeyPose {
            time: t as f64 / 1000.0,
            joints: keyframe
                .angles_urad
                .iter()
                .enumerate()
                .map(|(j, &v)| (j, f64::from(v) / 1e6))
                .collect(),
        })
        .collect();
    crate::codec::pseq::PoseSeq {
        name: motion.name.clone(),
        target_body: parse_design(&motion.design)
            .map_or_else(|| motion.design.clone(), |d| d.model.name().to_owned()),
        poses,
        design: Some(motion.design.clone()),
        locators: motion.locators.clone(),
        notes: Vec::new(),
    }
}

/// Imports a body motion as an MTN motion for an AIBO.
///
/// # Errors
/// No design label (the file names none and none was given), an unknown label, a mapping
/// that names an unknown joint or a part the file lacks, or an empty motion.
pub fn body_to_mtn(
    body: &BodyMotion,
    options: &ImportOptions,
) -> Result<(Motion, ImportReport), String> {
    let label = design_label(options, body.design.as_deref())?;
    if body.frame_count() == 0 {
        return Err("the body motion has no frames".into());
    }
    let mut notes = Vec::new();
    let (locators, sources) = targets(
        &label,
        options,
        &body.locators,
        body.design.as_deref(),
        body.parts,
        &mut notes,
    )?;
    let source = Source {
        rate: body.frame_rate,
        joints: locators.len(),
        values: (0..body.frame_count())
            .flat_map(|f| {
                let frame = body.frame(f);
                sources
                    .iter()
                    .map(move |s| s.map_or(0.0, |p| frame[p] * 1e6))
            })
            .collect(),
    };
    let (keys, grid) = reduce_source(&source, options.tolerance_deg, Method::Greedy);
    let max_error_deg = total_error(&source, &grid, &keys).to_degrees() / 1e6;
    let mut motion = Motion::new(&options.name, "mtn-studio", &label, locators);
    let root_at = |k: usize| -> [i32; 3] {
        if body.root.is_empty() {
            return [0; 3];
        }
        let t = (k as u64 * FRAME_MS) as f64;
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "t >= 0"
        )]
        let f = ((t * body.frame_rate / 1000.0).round() as usize).min(body.root.len() - 1);
        let r = body.root[f];
        [
            to_urad(r[3] * 1e6),
            to_urad(r[4] * 1e6),
            to_urad(r[5] * 1e6),
        ]
    };
    let mut previous = 0;
    for (i, &k) in keys.iter().enumerate() {
        let frames = if i == 0 {
            0
        } else {
            u32::try_from(k - previous - 1).unwrap_or(0)
        };
        motion
            .keyframes
            .push(frames, root_at(k), &grid[k])
            .map_err(|e| e.to_string())?;
        previous = k;
    }
    Ok((
        motion,
        ImportReport {
            keyframes: keys.len(),
            max_error_deg,
            notes,
        },
    ))
}

/// Which kind of file a path names, by its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// .mtn
    Mtn,
    /// .json (the whole motion, serde)
    Json,
    /// .csv
    Csv,
    /// .seq, .yaml, .yml (Choreonoid body motion)
    BodyMotion,
    /// .pseq (Choreonoid key-pose sequence)
    PoseSeq,
}

impl FileKind {
    /// The kind a path's extension names, if any.
    #[must_use]
    pub fn of(path: &std::path::Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "mtn" => Self::Mtn,
            "json" => Self::Json,
            "csv" => Self::Csv,
            "seq" | "yaml" | "yml" => Self::BodyMotion,
            "pseq" => Self::PoseSeq,
            _ => return None,
        })
    }
}

/// The most bytes read from a text motion file (a 500 fps hour is about 540 MB of .seq;
/// this is far above any real file and keeps a wrong path from filling memory).
pub const MAX_TEXT_BYTES: u64 = 256 << 20;

/// Reads a text file of at most [`MAX_TEXT_BYTES`]; errors name the file.
///
/// # Errors
/// The file cannot be read, is too large, or is not UTF-8 (the message gives the byte).
pub fn read_text(path: &std::path::Path) -> Result<String, String> {
    let shown = path.display();
    let size = std::fs::metadata(path)
        .map_err(|e| format!("{shown}: {e}"))?
        .len();
    if size > MAX_TEXT_BYTES {
        return Err(format!(
            "{shown}: {size} bytes is more than a text motion may have"
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{shown}: byte {}: not UTF-8 text",
            e.utf8_error().valid_up_to()
        )
    })
}

/// The design label a body motion or pose file names (an mtn-studio export's), if any.
#[must_use]
pub fn named_design(path: &std::path::Path) -> Option<String> {
    let file = std::fs::File::open(path).ok()?;
    let mut head = String::new();
    std::io::Read::read_to_string(&mut std::io::Read::take(file, 4096), &mut head).ok()?;
    seq::mtn_studio_comments(&head).0
}

/// Why an import failed: the file could not be read as what it claims to be, or it could
/// not be brought onto an AIBO as asked (no model, a bad map, no frames).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// The file is unreadable or malformed; the message names the file (and line).
    #[error("{0}")]
    Unreadable(String),
    /// The conversion was refused; the message says what to give.
    #[error("{0}")]
    Refused(String),
}

/// Reads a motion from a .csv, .json, .seq/.yaml or .pseq file (the window's Import and the
/// command line's `convert`), with a line describing what was done and any notes. Errors
/// name the file and line.
///
/// # Errors
/// An unknown extension, an unreadable file, or a conversion that fails.
pub fn import_path(
    path: &std::path::Path,
    options: &ImportOptions,
) -> Result<(Motion, Vec<String>), ImportError> {
    let shown = path.display();
    let unreadable = |e: &dyn std::fmt::Display| ImportError::Unreadable(format!("{shown}: {e}"));
    let refused = |e: &dyn std::fmt::Display| ImportError::Refused(format!("{shown}: {e}"));
    let text = || read_text(path).map_err(ImportError::Unreadable);
    match FileKind::of(path) {
        Some(FileKind::Csv) => Ok((
            crate::codec::csv::read(&text()?).map_err(|e| unreadable(&e))?,
            vec![format!("Imported {shown}")],
        )),
        Some(FileKind::Json) => Ok((
            serde_json::from_str(&text()?).map_err(|e| unreadable(&e))?,
            vec![format!("Imported {shown}")],
        )),
        Some(FileKind::BodyMotion) => {
            let body = seq::read(&text()?).map_err(|e| unreadable(&e))?;
            let (motion, report) = body_to_mtn(&body, options).map_err(|e| refused(&e))?;
            let mut lines = vec![format!(
                "Imported {shown}: {} frames at {} fps -> {} keyframes, largest difference \
                 {:.3} deg (tolerance {} deg)",
                body.frame_count(),
                body.frame_rate,
                report.keyframes,
                report.max_error_deg,
                options.tolerance_deg
            )];
            lines.extend(body.notes);
            lines.extend(report.notes);
            Ok((motion, lines))
        }
        Some(FileKind::PoseSeq) => {
            let poses = crate::codec::pseq::read(&text()?).map_err(|e| unreadable(&e))?;
            let (motion, report) = pseq_to_mtn(&poses, options).map_err(|e| refused(&e))?;
            let mut lines = vec![format!(
                "Imported {shown}: {} poses -> {} keyframes ({} ms)",
                poses.poses.len(),
                report.keyframes,
                timing::duration_ms(&motion.keyframes)
            )];
            lines.extend(poses.notes);
            lines.extend(report.notes);
            Ok((motion, lines))
        }
        Some(FileKind::Mtn) | None => Err(ImportError::Refused(format!(
            "{shown}: import reads .seq, .yaml, .pseq, .csv or .json (open .mtn and .oda files \
             with Open)"
        ))),
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
}

impl Default for ExportOptions {
    fn default() -> Self {
        Self {
            fps: DEFAULT_FPS,
            keyframes_only: false,
            seq_v4: false,
        }
    }
}

/// A motion in the format `path`'s extension names.
///
/// # Errors
/// An unknown extension, or a motion the format cannot hold (too many frames at this rate).
pub fn export_bytes(
    motion: &Motion,
    path: &std::path::Path,
    options: ExportOptions,
) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let version = if options.seq_v4 {
        seq::Version::V4
    } else {
        seq::Version::V2
    };
    Ok(match FileKind::of(path) {
        Some(FileKind::Mtn) => {
            crate::codec::mtn::encode(motion).map_err(|e| format!("{shown}: {e}"))?
        }
        Some(FileKind::Json) => {
            let mut text =
                serde_json::to_vec_pretty(motion).map_err(|e| format!("{shown}: {e}"))?;
            text.push(b'\n');
            text
        }
        Some(FileKind::Csv) => crate::codec::csv::write(motion).into_bytes(),
        Some(FileKind::PoseSeq) => crate::codec::pseq::write(&mtn_to_pseq(motion)).into_bytes(),
        Some(FileKind::BodyMotion) if options.keyframes_only => {
            let (body, times) = mtn_keyframes_to_body(motion);
            seq::write(&body, version, Some(&times)).into_bytes()
        }
        Some(FileKind::BodyMotion) => {
            let body = mtn_to_body(motion, options.fps).map_err(|e| format!("{shown}: {e}"))?;
            seq::write(&body, version, None).into_bytes()
        }
        None => {
            return Err(format!(
                "{shown}: export writes .seq, .yaml, .pseq, .csv, .json or .mtn"
            ));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::example::stand_to_sit;

    fn options(tolerance_deg: f64) -> ImportOptions {
        ImportOptions {
            design: None,
            map: None,
            tolerance_deg,
            name: "a_stand#sit_example".into(),
        }
    }

    #[test]
    fn an_exported_motion_imports_back_to_its_keyframes_within_the_tolerance() {
        let motion = stand_to_sit();
        let body = mtn_to_body(&motion, DEFAULT_FPS).unwrap_or_else(|e| panic!("{e}"));
        let text = seq::write(&body, seq::Version::V2, None);
        let read = seq::read(&text).unwrap_or_else(|e| panic!("{e}"));
        let (back, report) = body_to_mtn(&read, &options(0.5)).unwrap_or_else(|e| panic!("{e}"));
        assert!(report.max_error_deg <= 0.5, "{report:?}");
        assert_eq!(back.locators, motion.locators);
        assert_eq!(back.design, motion.design);
        assert_eq!(
            timing::duration_ms(&back.keyframes),
            timing::duration_ms(&motion.keyframes)
        );
        // The original keyframes are linear segments, so no more are needed than it has.
        assert!(back.keyframes.len() <= motion.keyframes.len(), "{report:?}");
        // Every original keyframe is matched within the tolerance by the replay.
        let times = timing::keyframe_times_ms(&motion.keyframes);
        let back_times = timing::keyframe_times_ms(&back.keyframes);
        for (k, &t) in times.iter().enumerate() {
            let values = timing::values_at_tick_in(&back.keyframes, &back_times, t / TICK_MS)
                .unwrap_or_else(|| {
                    back.keyframes.angles()[(back.keyframes.len() - 1) * 20..].to_vec()
                });
            for (j, &v) in values.iter().enumerate() {
                let want = motion.keyframes.angle(k, j).unwrap_or(0);
                let error = f64::from((v - want).abs()).to_degrees() / 1e6;
                assert!(error <= 0.5, "keyframe {k} joint {j}: {error} deg");
            }
        }
    }

    #[test]
    fn ours_uses_no_more_keyframes_than_rdp_and_stays_within_the_tolerance() {
        // A smooth two-joint wave at 500 fps for 2 s.
        let frames = 1000;
        let joints = (0..frames)
            .flat_map(|f| {
                let t = f64::from(f) / 500.0;
                [(t * 3.0).sin() * 0.8, (t * 5.0).cos() * 0.3]
            })
            .collect();
        let body = BodyMotion::from_joints(500.0, 2, joints);
        let ours = reduce_body(&body, 0.5, Method::Greedy);
        let rdp = reduce_body(&body, 0.5, Method::Rdp);
        assert!(ours.max_error_deg <= 0.5, "{ours:?}");
        assert!(ours.keyframes <= rdp.keyframes, "{ours:?} vs {rdp:?}");
        assert!(ours.keyframes > 2 && ours.keyframes < 200, "{ours:?}");
    }

    #[test]
    fn mapping_files_parse_and_bad_lines_are_named() {
        let map = parse_map("# AIBO from SR1\nHEAD_PITCH = 3\n FL_LEG_KNEE=10 # knee\n\n")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            map,
            vec![("HEAD_PITCH".into(), 3), ("FL_LEG_KNEE".into(), 10)]
        );
        let error = parse_map("HEAD_PITCH = 3\nKNEE three\n")
            .err()
            .unwrap_or_default();
        assert!(error.starts_with("line 2:"), "{error}");
    }

    #[test]
    fn a_motion_without_a_model_asks_for_one() {
        let body = BodyMotion::from_joints(100.0, 1, vec![0.0, 0.1]);
        let error = body_to_mtn(&body, &options(0.5)).err().unwrap_or_default();
        assert!(error.contains("--model"), "{error}");
        let mut with_model = options(0.5);
        with_model.design = Some("DRX-1000".into());
        let (motion, report) = body_to_mtn(&body, &with_model).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(motion.locators.len(), 20);
        assert!(
            report.notes.iter().any(|n| n.contains("by order")),
            "{report:?}"
        );
    }
}
