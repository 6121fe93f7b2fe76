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

/// How far along its path (in robot lengths) framing the simulated robot reaches.
pub const FRAMED_REACH: f32 = 1.0;

/// What framing the simulated robot covers: the robot's own corners, and its box moved
/// along the body's path within [`FRAMED_REACH`] robot lengths of where it is (so the robot
/// is seen as it walks on; a longer path, such as ten plays of a walk, is framed a stretch at
/// a time, the stage framing the next stretch as the robot reaches its edge, rather than
/// showing the robot tiny). A followed robot stays in the middle of the stage, the floor
/// moving under it: the robot alone is framed (its path framed too would put it off the
/// middle, at the stage's edge by the walk's end).
#[must_use]
pub fn framed_corners(robot: &[Tri], sim: &Simulation, tick: &Tick, follow: bool) -> Vec<[f32; 3]> {
    let mut corners: Vec<[f32; 3]> = robot.iter().flat_map(|t| t.p).collect();
    if follow {
        return corners;
    }
    let Some(first) = corners.first().copied() else {
        return corners;
    };
    let (mut lo, mut hi) = (first, first);
    for p in &corners {
        for a in 0..3 {
            lo[a] = lo[a].min(p[a]);
            hi[a] = hi[a].max(p[a]);
        }
    }
    let (here, _) = placement(tick, follow);
    let shift = floor_shift(tick, follow);
    let reach = FRAMED_REACH * (hi[0] - lo[0]).max(hi[1] - lo[1]);
    for t in &sim.ticks {
        let at = [t.position_mm[0] + shift[0], t.position_mm[1] + shift[1]];
        let d = [at[0] - here[0], at[1] - here[1]];
        // Only where the path reaches beyond the box (a walk's ends and its sway), and not
        // further than the stretch framed.
        let beyond = d[0].abs() > 20.0 || d[1].abs() > 20.0;
        if beyond && d[0].hypot(d[1]) <= reach {
            // All eight corners of the box: a diagonal alone projects smaller than the box.
            for x in [lo[0], hi[0]] {
                for y in [lo[1], hi[1]] {
                    for z in [lo[2], hi[2]] {
                        corners.push([x + d[0], y + d[1], z]);
                    }
                }
            }
        }
    }
    corners
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
    use super::{Tri, framed_corners};
    use crate::robot::physics::{Settings, Simulation, Summary, Tick};

    fn tick(x_mm: f32) -> Tick {
        Tick {
            time_ms: 0,
            position_mm: [x_mm, 0.0],
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
            ticks: (0..=30).map(|i| tick(i as f32 * 100.0)).collect(),
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
        let reach = |follow| {
            framed_corners(&robot, &sim, &sim.ticks[0], follow)
                .iter()
                .map(|p| p[0])
                .fold(f32::MIN, f32::max)
        };
        // Not followed, the framing reaches a robot length along the path, where the
        // robot walks next, not the walk's end (the review: ten plays showed it tiny); the
        // path's ticks are 100 mm apart, the last within 250 mm at 200.
        assert_eq!(reach(false), 125.0 + 200.0);
        // Followed, the robot stays in the middle: its own corners alone.
        assert_eq!(reach(true), 125.0);
    }
}
