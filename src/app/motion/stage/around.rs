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

/// The keyframes whose ghosts are drawn, with their colours: up to `count` on each side
/// of the playhead, earlier ones blue, later ones orange, fainter further away.
pub fn ghost_keyframes(
    input: &StageInput<'_>,
    count: usize,
) -> impl Iterator<Item = (usize, Color32)> {
    let times = input.times_ms;
    let split = times.partition_point(|&t| t < input.playhead_ms);
    let after = times.partition_point(|&t| t <= input.playhead_ms);
    let earlier = (split.saturating_sub(count)..split).rev();
    let later = after..(after + count).min(times.len());
    let tint = |rgb: [u8; 3]| {
        move |(distance, k): (usize, usize)| {
            let alpha = u8::try_from(70 / (distance + 1)).unwrap_or(20);
            (
                k,
                Color32::from_rgba_unmultiplied(rgb[0], rgb[1], rgb[2], alpha),
            )
        }
    };
    let keyframes = input.motion.keyframes.len();
    earlier
        .enumerate()
        .map(tint([90, 150, 255]))
        .chain(later.enumerate().map(tint([255, 160, 60])))
        .filter(move |&(k, _)| k < keyframes)
}

/// The ghosts of up to `count` keyframes on each side of the playhead
/// ([`ghost_keyframes`]).
#[must_use]
pub fn ghosts(
    rig: &Rig,
    input: &StageInput<'_>,
    count: usize,
    index: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Tri> {
    let mut out = Vec::new();
    for (k, ghost) in ghost_keyframes(input, count) {
        let Some(keyframe) = input.motion.keyframes.get(k) else {
            continue;
        };
        let body = rig.pose(keyframe.angles_urad);
        let tick = input.times_ms[k] / TICK_MS;
        let settled = floor::settle(&body, held(input.ticks, tick, keyframe.body_urad), None);
        let no_color = |_: usize| ghost;
        let paint = Paint {
            joint_color: &no_color,
            focused: None,
            ghost: Some(ghost),
            lights: None,
        };
        let degrees = |column: Option<usize>| {
            column
                .and_then(|j| keyframe.angles_urad.get(j))
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
