//! The robot where the physics simulation puts it (`robot::physics`): posed at the angles its
//! joints reached (the commands less their lag), turned and tilted as the simulated body
//! is, at its place on the floor; the body's path drawn on the floor; and, when asked, the
//! rest model's pose as a ghost over it. With the camera following, the robot stays in
//! the middle and the floor and the path move under it.

use super::paint::Canvas;
use super::solid::{self, Paint, Tri};
use crate::robot::floor::{self, Rig};
use crate::robot::physics::{Simulation, Tick};
use crate::robot::timing::TICK_MS;
use crate::robot::{deg_to_urad, urad_to_deg};
use egui::{Color32, Stroke};

/// What the stage is given of the simulation.
#[derive(Clone, Copy, Debug)]
pub struct SimShow<'a> {
    /// The simulation of the motion as it is now, when done.
    pub sim: Option<&'a Simulation>,
    /// Which simulation it is (it changes whenever the simulation does).
    pub generation: u64,
    /// The share of the run under way, if one is.
    pub progress: Option<f32>,
    /// Why the motion cannot be simulated, if it cannot.
    pub failed: Option<&'a crate::robot::physics::SimulateError>,
    /// The camera follows the body.
    pub follow: bool,
    /// The rest model's pose over it.
    pub rest_ghost: bool,
    /// Which of its plays the playhead is in (from 0; looping playback counts them round).
    pub play: u64,
}

impl<'a> SimShow<'a> {
    /// The simulated tick at `playhead_ms` of the play shown (the state after it), if
    /// simulated.
    #[must_use]
    pub fn tick_at(&self, playhead_ms: u64) -> Option<&'a Tick> {
        let sim = self.sim?;
        let plays = u64::from(sim.settings.repeat.max(1));
        let tick = (self.play % plays) * sim.cycle_ticks + playhead_ms / TICK_MS;
        let i = usize::try_from(tick).ok()?;
        sim.ticks.get(i).or(sim.ticks.last())
    }

    /// Which play is shown, in words (" (play 2 of 5)"), when more than one was simulated.
    #[must_use]
    pub fn play_words(&self) -> String {
        let plays = self
            .sim
            .map_or(1, |sim| u64::from(sim.settings.repeat.max(1)));
        if plays > 1 {
            format!(" (play {} of {plays})", self.play % plays + 1)
        } else {
            String::new()
        }
    }
}

/// The most points of the body's path drawn.
const MOST_PATH_POINTS: usize = 600;

/// Where the picture puts the simulated body: its place on the floor (mm) and heading
/// (radians), or the middle of the stage when the camera follows it.
#[must_use]
pub fn placement(tick: &Tick, follow: bool) -> ([f32; 2], f32) {
    let turn = tick.heading_deg.to_radians();
    if follow {
        ([0.0, 0.0], turn)
    } else {
        (tick.position_mm, turn)
    }
}

/// `p` turned by `turn` about the vertical and moved by `by` (floor frame).
fn moved(p: [f32; 3], by: [f32; 2], turn: f32) -> [f32; 3] {
    let (s, c) = turn.sin_cos();
    [
        c * p[0] - s * p[1] + by[0],
        s * p[0] + c * p[1] + by[1],
        p[2],
    ]
}

/// Every triangle turned and moved.
fn place(tris: &mut [Tri], by: [f32; 2], turn: f32) {
    let (s, c) = turn.sin_cos();
    for t in tris {
        for p in &mut t.p {
            *p = moved(*p, by, turn);
        }
        let n = t.normal;
        t.normal = [c * n[0] - s * n[1], s * n[0] + c * n[1], n[2]];
    }
}

/// The values the joints reached at `tick`: the commands less their lag.
#[must_use]
pub fn reached(values: &[i32], tick: &Tick) -> Vec<i32> {
    values
        .iter()
        .zip(tick.lag_deg.iter().chain(std::iter::repeat(&0.0)))
        .map(|(&v, &lag)| deg_to_urad(urad_to_deg(v) - f64::from(lag)))
        .collect()
}

/// The simulated robot's triangles at `tick`, posed at `values` (the commands), placed.
#[must_use]
pub fn robot(
    rig: &Rig,
    tick: &Tick,
    values: &[i32],
    paint: &Paint<'_>,
    index: &dyn Fn(&str) -> Option<usize>,
    follow: bool,
) -> Vec<Tri> {
    let values = reached(values, tick);
    let body = rig.pose(&values);
    let (roll, pitch) = (
        f64::from(tick.roll_deg).to_radians(),
        f64::from(tick.pitch_deg).to_radians(),
    );
    let up = [
        pitch.sin(),
        pitch.cos() * roll.sin(),
        pitch.cos() * roll.cos(),
    ];
    let settled = floor::placed(up, f64::from(tick.height_mm));
    let degrees = |column: Option<usize>| {
        column
            .and_then(|j| values.get(j))
            .map_or(0.0, |&v| urad_to_deg(v))
    };
    let mut tris = solid::robot(rig, &body, &settled, paint, index, &degrees);
    let (by, turn) = placement(tick, follow);
    place(&mut tris, by, turn);
    tris
}

/// The rest model's robot (`rest`, as the stage draws it at the middle) moved to where the
/// simulated one is at `tick`, turned as it is, as a ghost over it: where the two differ,
/// the simulation has the body lower, tilted or lagging.
pub fn ghost_over(rest: &mut [Tri], tick: &Tick, follow: bool) {
    let (by, turn) = placement(tick, follow);
    place(rest, by, turn);
}

/// The body's path over the whole simulation, on the floor (moved under a followed body).
pub fn path(canvas: &Canvas<'_>, sim: &Simulation, tick: &Tick, follow: bool) {
    let shift = if follow {
        [-tick.position_mm[0], -tick.position_mm[1]]
    } else {
        [0.0, 0.0]
    };
    let step = (sim.ticks.len() / MOST_PATH_POINTS).max(1);
    let points: Vec<[f32; 3]> = sim
        .ticks
        .iter()
        .step_by(step)
        .chain(sim.ticks.last())
        .map(|t| {
            [
                t.position_mm[0] + shift[0],
                t.position_mm[1] + shift[1],
                0.6,
            ]
        })
        .collect();
    let stroke = Stroke::new(2.0, Color32::from_rgb(90, 200, 230));
    for pair in points.windows(2) {
        canvas.line(pair[0], pair[1], stroke);
    }
    // Where the body is now, on its path.
    let here = [
        tick.position_mm[0] + shift[0],
        tick.position_mm[1] + shift[1],
        0.6,
    ];
    if let Some(at) = canvas.at(here) {
        canvas.add(egui::epaint::CircleShape {
            center: at.pos,
            radius: 4.0,
            fill: Color32::from_rgb(90, 200, 230),
            stroke: Stroke::new(1.0, Color32::BLACK),
        });
    }
}

/// How far along its path ahead (in robot lengths) framing the simulated robot reaches.
pub const FRAMED_REACH: f32 = 1.0;

/// How much room framing leaves around the simulated robot's box, as a share of its largest
/// side: its legs swing and its head turns beyond the pose it is framed in (the review:
/// followed, the ears touched the stage's top and a paw its bottom).
pub const FRAMED_ROOM: f32 = 0.08;

/// What framing the simulated robot covers: the robot's box with room around it, and that
/// box moved along the body's path ahead of where it is, within [`FRAMED_REACH`] robot
/// lengths (so the robot is seen walking into the picture; a longer path, such as ten plays
/// of a walk, is framed a stretch at a time, the stage framing the next stretch as the robot
/// nears its edge, rather than showing the robot tiny). A followed robot stays in the middle
/// of the stage, the floor moving under it: its box alone is framed.
///
/// Also the box where the robot will be [`SOON_MS`] on: once that leaves the picture, the
/// next stretch is framed, before the robot walks out of it however long a frame takes.
#[must_use]
pub fn framing(robot: &[Tri], sim: &Simulation, tick: &Tick, follow: bool) -> Framing {
    let mut points = robot.iter().flat_map(|t| t.p);
    let Some(first) = points.next() else {
        return Framing::default();
    };
    let (mut lo, mut hi) = (first, first);
    for p in points {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
            hi[a] = hi[a].max(p[a]);
        }
    }
    let room = FRAMED_ROOM * (0..3).map(|a| hi[a] - lo[a]).fold(0.0_f32, f32::max);
    for a in 0..3 {
        hi[a] += room;
        // Not below the floor: the floor is where the paws are.
        if a < 2 {
            lo[a] -= room;
        }
    }
    let box_at = |d: [f32; 2]| {
        [lo[0], hi[0]].into_iter().flat_map(move |x| {
            [lo[1], hi[1]].into_iter().flat_map(move |y| {
                [lo[2], hi[2]]
                    .into_iter()
                    .map(move |z| [x + d[0], y + d[1], z])
            })
        })
    };
    let mut corners: Vec<[f32; 3]> = box_at([0.0, 0.0]).collect();
    if follow {
        return Framing {
            corners,
            soon: Vec::new(),
        };
    }
    let (here, _) = placement(tick, follow);
    let from_here = |t: &Tick| [t.position_mm[0] - here[0], t.position_mm[1] - here[1]];
    // The ticks are in time order: found by halving, not walked from the first.
    let up_to = |ms: u64| sim.ticks.partition_point(|t| t.time_ms <= ms);
    let soon = up_to(tick.time_ms + SOON_MS)
        .checked_sub(1)
        .and_then(|i| sim.ticks.get(i))
        .map_or_else(Vec::new, |t| box_at(from_here(t)).collect());
    let reach = FRAMED_REACH * (hi[0] - lo[0]).max(hi[1] - lo[1]);
    for t in &sim.ticks[up_to(tick.time_ms)..] {
        let d = from_here(t);
        if d[0].hypot(d[1]) > reach {
            break;
        }
        // Only where the path reaches beyond the box (a walk's ends and its sway).
        if d[0].abs() > 20.0 || d[1].abs() > 20.0 {
            corners.extend(box_at(d));
        }
    }
    Framing { corners, soon }
}

/// How far ahead (ms) the stage looks for a walking robot leaving the picture.
pub const SOON_MS: u64 = 500;

/// What the stage frames of a simulated robot, and where it will be soon.
#[derive(Debug, Default)]
pub struct Framing {
    /// The corners framed together.
    pub corners: Vec<[f32; 3]>,
    /// The robot's box [`SOON_MS`] on (none when followed: it stays in the middle).
    pub soon: Vec<[f32; 3]>,
}

/// How the floor's grid is shifted under a followed body (mm), so the floor moves.
#[must_use]
pub fn floor_shift(tick: &Tick, follow: bool) -> [f32; 2] {
    if follow {
        [-tick.position_mm[0], -tick.position_mm[1]]
    } else {
        [0.0, 0.0]
    }
}

/// One line about the simulation, for the stage's corner and the screen reader.
#[must_use]
pub fn status(show: &SimShow<'_>, tick: Option<&Tick>) -> String {
    if let Some(why) = show.failed {
        return format!("Not simulated: {why}");
    }
    match (show.progress, tick) {
        (Some(done), _) => format!("Simulating… {:.0}%", done * 100.0),
        (None, Some(t)) => format!(
            "Simulated body: {}, {}, turned {}{}",
            crate::words::signed_mm(f64::from(t.position_mm[0]), "forward", "back"),
            crate::words::signed_mm(f64::from(t.position_mm[1]), "left", "right"),
            crate::words::signed_deg(f64::from(t.heading_deg), "left", "right"),
            show.play_words()
        ),
        (None, None) => "Simulating…".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Tri, framing};
    use crate::robot::physics::{Settings, Simulation, Summary, Tick};

    fn tick(i: u16) -> Tick {
        Tick {
            time_ms: u64::from(i) * 8,
            position_mm: [f32::from(i) * 100.0, 0.0],
            height_mm: 100.0,
            heading_deg: 0.0,
            roll_deg: 0.0,
            pitch_deg: 0.0,
            touching: 0,
            slip_mm_s: [0.0; 4],
            lag_deg: Vec::new(),
        }
    }

    #[test]
    fn a_followed_walk_frames_the_robot_alone_and_a_long_one_a_stretch_at_a_time() {
        // A robot 250 mm long at the origin, walking 3,000 mm (ten plays of a walk).
        let sim = Simulation {
            settings: Settings::default(),
            ticks: (0..=30).map(tick).collect(),
            parts: Vec::new(),
            cycle_ticks: 3,
            summary: Summary::default(),
        };
        let robot = [Tri {
            p: [
                [-125.0, -40.0, 0.0],
                [125.0, -40.0, 0.0],
                [0.0, 40.0, 200.0],
            ],
            normal: [0.0, 0.0, 1.0],
            color: egui::Color32::WHITE,
            joint: None,
            part: 0,
        }];
        // The robot drawn where the tick puts it.
        let span = |at: usize, follow: bool| {
            let tick = &sim.ticks[at];
            let mut drawn = robot;
            if !follow {
                for p in &mut drawn[0].p {
                    p[0] += tick.position_mm[0];
                }
            }
            let corners = framing(&drawn, &sim, tick, follow).corners;
            let xs = corners.iter().map(|p| p[0]);
            (
                xs.clone().fold(f32::MAX, f32::min),
                xs.fold(f32::MIN, f32::max),
                corners.iter().map(|p| p[2]).fold(f32::MAX, f32::min),
            )
        };
        // The box with room for the legs' swing: 8% of its 250 mm, 20 mm each way (and
        // none below the floor); the robot 290 mm long with it.
        // Not followed, the framing reaches a robot length along the path ahead, where
        // the robot walks next, not the walk's end (a review: ten plays showed it tiny)
        // nor behind it (another: the robot walked out of the picture before the stage
        // framed again); the path's ticks are 100 mm apart, the last within 290 mm at 200.
        assert_eq!(span(0, false), (-145.0, 145.0 + 200.0, 0.0));
        // Halfway, the same stretch ahead of where it is, nothing behind.
        assert_eq!(span(10, false), (855.0, 1000.0 + 145.0 + 200.0, 0.0));
        // At the walk's end, the robot alone.
        assert_eq!(span(30, false), (2855.0, 3145.0, 0.0));
        // Followed, the robot stays in the middle: its own box alone.
        assert_eq!(span(0, true), (-145.0, 145.0, 0.0));
        // Where it will be half a second on: its box at the tick 500 ms later (here the
        // path's end, at 240 ms); none followed.
        let soon = |at: usize, follow| framing(&robot, &sim, &sim.ticks[at], follow).soon;
        let xs: Vec<f32> = soon(0, false).iter().map(|p| p[0]).collect();
        assert_eq!(xs.len(), 8);
        assert_eq!(xs.iter().copied().fold(f32::MIN, f32::max), 3000.0 + 145.0);
        assert!(soon(0, true).is_empty());
    }
}
