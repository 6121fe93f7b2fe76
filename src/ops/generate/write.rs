//! A generator's values written into a motion: held within each joint's limits and speed,
//! put at the range's own keyframes, and each segment between them baked into the fewest
//! keyframes that replay it within the tolerance (so every joint the generator does not
//! drive keeps its commands exactly).

use super::course::{Course, Driven, SPEED_SHARE};
use crate::codec::mtn::Motion;
use crate::ops::shape::{Span, bake_range, commanded_ticks};
use crate::robot::speed::played_step_deg;
use crate::robot::timing::{self, TICK_MS};
use crate::robot::{JointInfo, deg_to_urad};
use crate::words::plural;

/// The range of `span` as the generators see it: its ticks and the driven joints' limits,
/// speeds and present commands.
pub(super) fn course(
    span: &Span,
    columns: &[(usize, &'static JointInfo)],
    model: crate::robot::Model,
) -> Course {
    let keyframes = &span.motion.keyframes;
    let times = timing::keyframe_times_ms(keyframes);
    let (start_ms, end_ms) = (times[span.first], times[span.last]);
    let ticks = (end_ms - start_ms) / TICK_MS;
    let rows = commanded_ticks(keyframes, span.first, span.last);
    let count = keyframes.joint_count().max(1);
    let joints = columns
        .iter()
        .map(|&(column, info)| {
            let course: Vec<f64> = rows.iter().skip(column).step_by(count).copied().collect();
            let (seen_low, seen_high) = course
                .iter()
                .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
            // A binary joint takes its two ends only, whatever the motion had.
            let (low, high) = info.limit.map_or((seen_low, seen_high), |limit| {
                let ends = (
                    f64::from(deg_to_urad(limit.min_deg)),
                    f64::from(deg_to_urad(limit.max_deg)),
                );
                if limit.binary {
                    ends
                } else {
                    (ends.0.min(seen_low), ends.1.max(seen_high))
                }
            });
            let step =
                played_step_deg(model, info).map(|deg| f64::from(deg_to_urad(deg)) * SPEED_SHARE);
            Driven {
                name: info.name,
                low,
                high,
                step,
                course,
            }
        })
        .collect();
    Course {
        ticks,
        start_ms,
        model,
        joints,
    }
}

/// `values` held within the joint's limits and, where it has a speed, moved at most its
/// step per tick, starting and ending where its course does. How many ticks changed by
/// more than a tenth of a degree.
fn guard(joint: &Driven, values: &mut [f64]) -> usize {
    let before = values.to_vec();
    for v in values.iter_mut() {
        *v = v.clamp(joint.low, joint.high);
    }
    if let (Some(&first), Some(&last)) = (joint.course.first(), joint.course.last()) {
        if let Some(v) = values.first_mut() {
            *v = first;
        }
        if let Some(v) = values.last_mut() {
            *v = last;
        }
    }
    if let Some(step) = joint.step {
        for i in 1..values.len() {
            values[i] = values[i].clamp(values[i - 1] - step, values[i - 1] + step);
        }
        // The end is the course's (its keyframe is kept): the pass back reaches it in time.
        if let (Some(&last), Some(v)) = (joint.course.last(), values.last_mut()) {
            *v = last;
        }
        for i in (0..values.len().saturating_sub(1)).rev() {
            values[i] = values[i].clamp(values[i + 1] - step, values[i + 1] + step);
        }
    }
    let tenth = f64::from(deg_to_urad(0.1));
    before
        .iter()
        .zip(values.iter())
        .filter(|(a, b)| (*a - *b).abs() > tenth)
        .count()
}

/// What writing made.
pub(super) struct Written {
    /// The motion.
    pub motion: Motion,
    /// Keyframes made inside the range's segments.
    pub made: usize,
    /// The range's own keyframes, kept.
    pub kept: usize,
    /// The replay's largest distance from the generated values, degrees.
    pub max_error_deg: f64,
    /// What the guard changed.
    pub notes: Vec<String>,
}

impl Written {
    /// The first note: what was generated where, and how closely the robot replays it.
    pub fn summary(&self, words: &str, course: &Course) -> String {
        let names: Vec<&str> = course.joints.iter().map(|j| j.name).collect();
        let joints = if names.len() > 3 {
            format!("{} joints", names.len())
        } else {
            names.join(" and ")
        };
        format!(
            "{words} on {joints} over {}..{} ms: {} made, the range's {} kept; the replay is \
             within {:.2}° of it at every 8 ms tick",
            course.start_ms,
            course.start_ms + course.length_ms(),
            plural(self.made, "keyframe", "keyframes"),
            plural(self.kept, "keyframe", "keyframes"),
            self.max_error_deg
        )
    }
}

/// `values` (one `Vec` per driven joint, a value per tick of the range) written into
/// `span`'s motion.
pub(super) fn write(
    span: &Span,
    course: &Course,
    columns: &[(usize, &'static JointInfo)],
    mut values: Vec<Vec<f64>>,
    tolerance_deg: f64,
) -> Written {
    let mut notes = Vec::new();
    for (joint, values) in course.joints.iter().zip(values.iter_mut()) {
        let changed = guard(joint, values);
        if changed > 0 {
            notes.push(format!(
                "{} was held to its limits and its servo's speed at {}",
                joint.name,
                plural(changed, "tick", "ticks")
            ));
        }
    }
    let mut motion = span.motion.clone();
    let count = motion.keyframes.joint_count();
    let times = timing::keyframe_times_ms(&motion.keyframes);
    let tick_of = |k: usize| usize::try_from((times[k] - course.start_ms) / TICK_MS).ok();
    let mut rows = commanded_ticks(&motion.keyframes, span.first, span.last);
    for (&(column, _), values) in columns.iter().zip(&values) {
        for (tick, &v) in values.iter().enumerate() {
            if let Some(cell) = rows.get_mut(tick * count + column) {
                *cell = v.round();
            }
        }
        for k in span.first + 1..span.last {
            if let Some(&v) = tick_of(k).and_then(|t| values.get(t)) {
                #[expect(clippy::cast_possible_truncation, reason = "held within the limits")]
                motion.keyframes.set_angle(k, column, v.round() as i32);
            }
        }
    }
    let (mut made, mut max_error_deg) = (0, 0.0f64);
    // The last segment first, so that the keyframes a segment's baking adds do not move
    // those of the segments before it.
    for k in (span.first..span.last).rev() {
        let (Some(from), Some(to)) = (tick_of(k), tick_of(k + 1)) else {
            continue;
        };
        let segment = rows
            .get(from * count..(to + 1) * count)
            .map(<[f64]>::to_vec)
            .unwrap_or_default();
        let baked = bake_range(&motion, k, k + 1, segment, tolerance_deg);
        made += baked.made;
        max_error_deg = max_error_deg.max(baked.max_error_deg);
        motion = baked.motion;
    }
    Written {
        motion,
        made,
        kept: span.last - span.first + 1,
        max_error_deg,
        notes,
    }
}
