//! Around the playhead: ghosts of the keyframes before and after it, and each paw's path
//! over the time in view (in space, and its shadow on the floor).

use super::input::{StageInput, held};
use super::paint::Canvas;
use super::solid::{self, Paint, Tri};
use crate::robot::floor::{self, Part, Rig};
use crate::robot::kinematics::Leg;
use crate::robot::timing::{TICK_MS, values_at_tick_in};
use crate::robot::urad_to_deg;
use egui::{Color32, Stroke};

/// The most samples along a path.
const PATH_SAMPLES: u64 = 240;

/// The ghosts' colours: before the playhead cyan, after it amber, both light enough to
/// stand out on the dark stage, the nearest strongest.
const BEFORE: [u8; 3] = [80, 210, 255];
const AFTER: [u8; 3] = [255, 176, 40];

/// The ghost of a pose of the library the pointer is on: white, as strong as the nearest
/// ghost of the onion skin.
pub const PREVIEW: Color32 = Color32::from_rgba_unmultiplied_const(245, 245, 245, 160);

/// One ghost: the pose at a time near the playhead, and its colour.
#[derive(Clone, Debug, PartialEq)]
pub struct GhostPose {
    /// When (ms).
    pub time_ms: u64,
    /// The joints' values then (µrad): a keyframe's, or what the robot commands then.
    pub values: Vec<i32>,
    /// The body angles as the file gives them there (the keyframe at or before).
    pub body: [i32; 3],
    /// Its colour.
    pub colour: Color32,
}

/// The ghosts around the playhead: up to `count` on each side, spaced as `spacing` says,
/// those before cyan and those after amber, fainter further away.
pub fn ghost_poses(
    input: &StageInput<'_>,
    count: usize,
    spacing: super::model::Spacing,
) -> Vec<GhostPose> {
    let times = input.times_ms;
    let keyframes = &input.motion.keyframes;
    let (Some(&end), false) = (times.last(), count == 0) else {
        return Vec::new();
    };
    let tint = |rgb: [u8; 3], distance: usize| {
        let alpha = u8::try_from(160 / (distance + 1)).unwrap_or(40);
        Color32::from_rgba_unmultiplied(rgb[0], rgb[1], rgb[2], alpha)
    };
    let body_at = |t: u64| {
        let k = times.partition_point(|&x| x <= t).saturating_sub(1);
        keyframes.get(k).map_or([0; 3], |f| f.body_urad)
    };
    let now = input.playhead_ms;
    let mut out = Vec::new();
    match spacing {
        super::model::Spacing::Keyframes => {
            let split = times.partition_point(|&t| t < now);
            let after = times.partition_point(|&t| t <= now);
            let earlier = (split.saturating_sub(count)..split)
                .rev()
                .map(|k| (k, BEFORE));
            let later = (after..(after + count).min(times.len())).map(|k| (k, AFTER));
            for (distance, (k, rgb)) in earlier.enumerate().chain(later.enumerate()) {
                if let Some(keyframe) = keyframes.get(k) {
                    out.push(GhostPose {
                        time_ms: times[k],
                        values: keyframe.angles_urad.to_vec(),
                        body: keyframe.body_urad,
                        colour: tint(rgb, distance),
                    });
                }
            }
        }
        super::model::Spacing::Time(step) => {
            let step = step.max(TICK_MS);
            for i in 1..=count as u64 {
                let before = now.checked_sub(i * step).map(|t| (t, BEFORE));
                let after = Some(now + i * step)
                    .filter(|&t| t <= end)
                    .map(|t| (t, AFTER));
                for (t, rgb) in before.into_iter().chain(after) {
                    let t = t / TICK_MS * TICK_MS;
                    let values = values_at_tick_in(keyframes, times, t / TICK_MS)
                        .or_else(|| {
                            keyframes
                                .len()
                                .checked_sub(1)
                                .and_then(|k| keyframes.get(k))
                                .map(|f| f.angles_urad.to_vec())
                        })
                        .unwrap_or_default();
                    #[allow(clippy::cast_possible_truncation)]
                    let distance = i as usize - 1;
                    out.push(GhostPose {
                        time_ms: t,
                        values,
                        body: body_at(t),
                        colour: tint(rgb, distance),
                    });
                }
            }
        }
    }
    out
}

/// The ghosts ([`ghost_poses`]) as triangles.
#[must_use]
pub fn ghosts(
    rig: &Rig,
    input: &StageInput<'_>,
    poses: &[GhostPose],
    index: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Tri> {
    let mut out = Vec::new();
    for pose in poses {
        let ghost = pose.colour;
        let body = rig.pose(&pose.values);
        let tick = pose.time_ms / TICK_MS;
        let settled = floor::settle(&body, held(input.ticks, tick, pose.body), None);
        let no_color = |_: usize| ghost;
        let paint = Paint {
            joint_color: &no_color,
            focused: None,
            ghost: Some(ghost),
            lights: None,
        };
        let degrees = |column: Option<usize>| {
            column
                .and_then(|j| pose.values.get(j))
                .map_or(0.0, |&v| urad_to_deg(v))
        };
        out.extend(solid::robot(rig, &body, &settled, &paint, index, &degrees));
    }
    out
}

/// The paws' paths over a stretch of ticks.
#[derive(Clone, Debug, PartialEq)]
pub struct Trails {
    /// What they were made for: whether from the tick solution, the first and last tick.
    key: (bool, u64, u64),
    /// The motion's revision they were made for (kept whole while it stays).
    revision: u64,
    /// The samples they were made from, one per tick sampled.
    samples: Vec<Sample>,
    /// Each paw's lowest point at each sample (floor frame), `Leg::ALL` order.
    paths: [Vec<[f32; 3]>; 4],
    /// Which making of the paths this is: it changes whenever they do.
    generation: u64,
}

/// The source of [`Trails::generation`].
static GENERATIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// One tick of the paths: what decides where the paws are, and where they are.
#[derive(Clone, Debug, PartialEq)]
struct Sample {
    /// The values commanded at the tick.
    values: Vec<i32>,
    /// The floor's rest at the tick, when it was worked out: (up, height).
    rest: Option<([f32; 3], f32)>,
    /// Each paw's lowest point (floor frame), if the pose has that paw.
    paws: [Option<[f32; 3]>; 4],
}
/// Each paw's path colour, `Leg::ALL` order.
pub const LEG_COLORS: [Color32; 4] = [
    Color32::from_rgb(120, 200, 255),
    Color32::from_rgb(120, 255, 170),
    Color32::from_rgb(255, 140, 200),
    Color32::from_rgb(255, 220, 110),
];

impl Trails {
    /// Which making of the paths this is: it changes whenever they do.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Draws each path in space and its shadow on the floor.
    pub fn draw(&self, canvas: &Canvas<'_>) {
        for (path, color) in self.paths.iter().zip(LEG_COLORS) {
            for pair in path.windows(2) {
                let ground = |p: [f32; 3]| [p[0], p[1], 0.5];
                canvas.line(
                    ground(pair[0]),
                    ground(pair[1]),
                    Stroke::new(1.0, color.gamma_multiply(0.35)),
                );
                canvas.line(
                    pair[0],
                    pair[1],
                    Stroke::new(1.5, color.gamma_multiply(0.85)),
                );
            }
        }
    }
}

/// The paws' paths over the time in view, made again only when the tick solution or the
/// time in view changes. After an edit, only the samples whose pose (or rest) it changed
/// are worked out again: a drag moves one keyframe, and the other samples stay.
pub fn trails<'a>(rig: &Rig, input: &StageInput<'_>, cache: &'a mut Option<Trails>) -> &'a Trails {
    let end = input.times_ms.last().copied().unwrap_or(0) / TICK_MS;
    let (from_ms, to_ms) = input.visible_ms.unwrap_or((0.0, f64::INFINITY));
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped ticks"
    )]
    let tick_of = |ms: f64| ((ms.max(0.0) / TICK_MS as f64) as u64).min(end);
    let key = (input.ticks.is_some(), tick_of(from_ms), tick_of(to_ms));
    let kept = cache.take().filter(|t| t.key == key);
    match kept {
        Some(same) if same.revision == input.revision => cache.insert(same),
        kept => {
            // The ticks between the keyframes around each value changed since (a drag
            // changes one): only the samples there can have moved.
            let moved = kept.as_ref().and_then(|t| {
                let cells = input.changes.cells_between(t.revision, input.revision)?;
                let times = input.times_ms;
                Some(
                    cells
                        .iter()
                        .map(|&(k, _)| {
                            let before = times.get(k.saturating_sub(1)).copied().unwrap_or(0);
                            let after = times.get(k + 1).copied().unwrap_or(u64::MAX);
                            (
                                before / TICK_MS,
                                after.saturating_add(TICK_MS - 1) / TICK_MS,
                            )
                        })
                        .collect::<Vec<(u64, u64)>>(),
                )
            });
            cache.insert(make(rig, input, key, kept, moved.as_deref()))
        }
    }
}

/// The paths for `key`, reusing the samples of `kept` that are the same: when `moved` says
/// which ticks can have changed (`[from, to]` each), those outside are kept as they are.
fn make(
    rig: &Rig,
    input: &StageInput<'_>,
    key: (bool, u64, u64),
    kept: Option<Trails>,
    moved: Option<&[(u64, u64)]>,
) -> Trails {
    let (_, from, to) = key;
    let step = ((to - from) / PATH_SAMPLES).max(1);
    let (old, kept_generation) =
        kept.map_or((Vec::new(), None), |t| (t.samples, Some(t.generation)));
    let kept_count = old.len();
    let mut old = old.into_iter();
    let mut all_kept = true;
    let mut samples = Vec::new();
    let keyframes = &input.motion.keyframes;
    let mut tick = from;
    while tick < to {
        let stays = moved.is_some_and(|m| !m.iter().any(|&(a, b)| (a..=b).contains(&tick)));
        if stays && let Some(same) = old.next() {
            samples.push(same);
            tick += step;
            continue;
        }
        let Some(values) = values_at_tick_in(keyframes, input.times_ms, tick) else {
            break;
        };
        let rest = usize::try_from(tick)
            .ok()
            .and_then(|t| input.ticks?.get(t))
            .map(|r| (r.up, r.height_mm));
        let sample = match old.next() {
            Some(same) if same.values == values && same.rest == rest => same,
            _ => {
                all_kept = false;
                sample(rig, input, tick, values, rest)
            }
        };
        samples.push(sample);
        tick += step;
    }
    let mut paths: [Vec<[f32; 3]>; 4] = Default::default();
    for sample in &samples {
        for (path, paw) in paths.iter_mut().zip(sample.paws) {
            path.extend(paw);
        }
    }
    let generation = match kept_generation {
        Some(generation) if all_kept && kept_count == samples.len() => generation,
        _ => GENERATIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
    };
    Trails {
        key,
        revision: input.revision,
        samples,
        paths,
        generation,
    }
}

/// Where the paws are at `tick`, posed by `values` and resting as the tick solution says
/// (or settled afresh).
fn sample(
    rig: &Rig,
    input: &StageInput<'_>,
    tick: u64,
    values: Vec<i32>,
    rest: Option<([f32; 3], f32)>,
) -> Sample {
    let body = rig.pose(&values);
    let settled = rest.map_or_else(
        || floor::settle(&body, held(None, tick, input.file_body), None),
        |(up, height_mm)| floor::placed(up.map(f64::from), f64::from(height_mm)),
    );
    let paws = Leg::ALL.map(|leg| {
        body.touches
            .iter()
            .find(|t| t.part == Part::Paw(leg))
            .map(|paw| {
                let at = settled.to_floor(paw.at);
                #[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
                let point = [at[0] as f32, at[1] as f32, (at[2] - paw.radius) as f32];
                point
            })
    });
    Sample { values, rest, paws }
}

#[cfg(test)]
mod tests {
    use super::super::model::Spacing;
    use super::*;

    #[test]
    fn ghosts_are_spaced_in_time_or_at_keyframes_and_told_apart() {
        let motion = crate::example::stand_to_sit();
        let times = crate::robot::timing::keyframe_times_ms(&motion.keyframes);
        let changes = crate::edit::Changes::default();
        let values = motion
            .keyframes
            .get(1)
            .map(|k| k.angles_urad.to_vec())
            .unwrap();
        let input = StageInput::still(&motion, (&changes, &values, &times), 496);
        // Every 104 ms: 392 and 288 before, 600 and 704 after, each the pose the robot
        // commands then.
        let poses = ghost_poses(&input, 2, Spacing::Time(104));
        let at: Vec<u64> = poses.iter().map(|p| p.time_ms).collect();
        assert_eq!(at, [392, 600, 288, 704]);
        for pose in &poses {
            let commanded = values_at_tick_in(&motion.keyframes, &times, pose.time_ms / TICK_MS);
            assert_eq!(Some(&pose.values), commanded.as_ref());
        }
        // Before and after in colours of their own, the nearer stronger.
        // (Within the rounding of egui's premultiplied colours.)
        let near = |c: Color32, rgb: [u8; 3]| {
            let got = c.to_srgba_unmultiplied();
            (0..3).all(|i| got[i].abs_diff(rgb[i]) <= 2)
        };
        assert!(
            near(poses[0].colour, BEFORE) && near(poses[1].colour, AFTER),
            "{poses:?}"
        );
        assert!(poses[0].colour.a() > poses[2].colour.a());
        // None past the motion's ends.
        assert_eq!(
            ghost_poses(&input, 4, Spacing::Time(400)).len(),
            2,
            "96 and 896 ms"
        );
        // At keyframes: the keyframes around the playhead (256 and 752 ms here).
        let poses = ghost_poses(&input, 1, Spacing::Keyframes);
        let at: Vec<u64> = poses.iter().map(|p| p.time_ms).collect();
        assert_eq!(at, [256, 752]);
    }
}
