//! Around the playhead: ghosts of the keyframes before and after it, and each paw's path
//! over the time in view (in space, and its shadow on the floor).

use super::paint::Canvas;
use super::solid::{self, Paint, Tri};
use super::{StageInput, held};
use crate::robot::floor::{self, Part, Rig};
use crate::robot::kinematics::Leg;
use crate::robot::timing::{TICK_MS, values_at_tick_in};
use crate::robot::urad_to_deg;
use egui::{Color32, Stroke};

/// The most samples along a path.
const PATH_SAMPLES: u64 = 240;

/// The ghosts of up to `count` keyframes on each side of the playhead: earlier ones blue,
/// later ones orange, fainter further away.
#[must_use]
pub fn ghosts(
    rig: &Rig,
    input: &StageInput<'_>,
    count: usize,
    index: &dyn Fn(&str) -> Option<usize>,
) -> Vec<Tri> {
    let mut out = Vec::new();
    if count == 0 {
        return out;
    }
    let times = input.times_ms;
    let split = times.partition_point(|&t| t < input.playhead_ms);
    let after = times.partition_point(|&t| t <= input.playhead_ms);
    let earlier = (split.saturating_sub(count)..split).rev();
    let later = after..(after + count).min(times.len());
    for (keyframes, rgb) in [
        (earlier.collect::<Vec<_>>(), [90, 150, 255]),
        (later.collect::<Vec<_>>(), [255, 160, 60]),
    ] {
        for (distance, k) in keyframes.into_iter().enumerate() {
            let Some(keyframe) = input.motion.keyframes.get(k) else {
                continue;
            };
            let alpha = u8::try_from(70 / (distance + 1)).unwrap_or(20);
            let ghost = Color32::from_rgba_unmultiplied(rgb[0], rgb[1], rgb[2], alpha);
            let body = rig.pose(keyframe.angles_urad);
            let tick = times[k] / TICK_MS;
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
    }
    out
}

/// The paws' paths over a stretch of ticks.
#[derive(Clone, Debug, PartialEq)]
pub struct Trails {
    /// What they were made for: the revision, whether from the tick solution, the ticks.
    key: (u64, bool, u64, u64),
    /// Each paw's lowest point at each sample (floor frame), `Leg::ALL` order.
    paths: [Vec<[f32; 3]>; 4],
}

/// Each paw's path colour, `Leg::ALL` order.
pub const LEG_COLORS: [Color32; 4] = [
    Color32::from_rgb(120, 200, 255),
    Color32::from_rgb(120, 255, 170),
    Color32::from_rgb(255, 140, 200),
    Color32::from_rgb(255, 220, 110),
];

impl Trails {
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

/// The paws' paths over the time in view, made again only when the motion, the tick
/// solution or the time in view changes.
pub fn trails<'a>(rig: &Rig, input: &StageInput<'_>, cache: &'a mut Option<Trails>) -> &'a Trails {
    let end = input.times_ms.last().copied().unwrap_or(0) / TICK_MS;
    let (from_ms, to_ms) = input.visible_ms.unwrap_or((0.0, f64::INFINITY));
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "clamped ticks"
    )]
    let tick_of = |ms: f64| ((ms.max(0.0) / TICK_MS as f64) as u64).min(end);
    let (from, to) = (tick_of(from_ms), tick_of(to_ms));
    let key = (input.revision, input.ticks.is_some(), from, to);
    if cache.as_ref().is_none_or(|t| t.key != key) {
        *cache = Some(make(rig, input, key));
    }
    cache.get_or_insert_with(|| make(rig, input, key))
}

fn make(rig: &Rig, input: &StageInput<'_>, key: (u64, bool, u64, u64)) -> Trails {
    let (_, _, from, to) = key;
    let step = ((to - from) / PATH_SAMPLES).max(1);
    let mut paths: [Vec<[f32; 3]>; 4] = Default::default();
    let keyframes = &input.motion.keyframes;
    let mut tick = from;
    while tick < to {
        let Some(values) = values_at_tick_in(keyframes, input.times_ms, tick) else {
            break;
        };
        let body = rig.pose(&values);
        let rest = usize::try_from(tick).ok().and_then(|t| input.ticks?.get(t));
        let settled = rest.map_or_else(
            || floor::settle(&body, held(None, tick, input.file_body), None),
            |r| floor::placed(r.up.map(f64::from), f64::from(r.height_mm)),
        );
        for (leg, path) in Leg::ALL.into_iter().zip(&mut paths) {
            if let Some(paw) = body.touches.iter().find(|t| t.part == Part::Paw(leg)) {
                let at = settled.to_floor(paw.at);
                #[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
                path.push([at[0] as f32, at[1] as f32, (at[2] - paw.radius) as f32]);
            }
        }
        tick += step;
    }
    Trails { key, paths }
}
