//! Posing by place (issue 35's ground floor): a paw put at a point, the body moved or turned
//! over the paws that stay planted, each leg's three joints solved in closed form within the
//! joints' limits ([`super::leg_ik`]).
//!
//! Points are in the floor frame of the pose before the change: x forward, y left, z up (mm),
//! the origin on the floor under the body's origin, as the floor model rests that pose. A paw
//! is its ball's centre (where it touches the floor from), which lies on the lower leg a fixed
//! way from the knee: the leg is solved as one whose lower link ends there.

pub mod balance;
pub mod look;

use super::floor::{Rig, Settled, settle};
use super::kinematics::{Geometry, Leg, Vec3, leg_points};
use super::leg_ik::{Ranges, solve_leg};
use super::{deg_to_urad, urad_to_deg};

/// The floor frame of a rested pose: its axes seen from the body, and the body origin's
/// height above the floor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    /// The body's axes (x, y, z) in the floor frame, as the rows' columns: `turn[i][j]` is
    /// floor axis `i` of body axis `j`.
    turn: [[f64; 3]; 3],
    /// The body origin in the floor frame.
    at: Vec3,
}

fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

fn times(m: &[[f64; 3]; 3], v: Vec3) -> Vec3 {
    [dot(m[0], v), dot(m[1], v), dot(m[2], v)]
}

fn product(a: &[[f64; 3]; 3], b: &[[f64; 3]; 3]) -> [[f64; 3]; 3] {
    let column = |j: usize| [b[0][j], b[1][j], b[2][j]];
    [0, 1, 2].map(|i| [0, 1, 2].map(|j| dot(a[i], column(j))))
}

/// The turn by roll (about x, the left side up), pitch (about y, the nose up) and yaw (about
/// z, to the left), applied in that order, as a matrix of the floor frame.
fn turn(roll_deg: f64, pitch_deg: f64, yaw_deg: f64) -> [[f64; 3]; 3] {
    let (sr, cr) = roll_deg.to_radians().sin_cos();
    let (sp, cp) = (-pitch_deg).to_radians().sin_cos();
    let (sy, cy) = yaw_deg.to_radians().sin_cos();
    let x = [[1.0, 0.0, 0.0], [0.0, cr, -sr], [0.0, sr, cr]];
    let y = [[cp, 0.0, sp], [0.0, 1.0, 0.0], [-sp, 0.0, cp]];
    let z = [[cy, -sy, 0.0], [sy, cy, 0.0], [0.0, 0.0, 1.0]];
    product(&z, &product(&y, &x))
}

impl Frame {
    /// The frame the floor model rests a pose in.
    #[must_use]
    pub fn of(settled: &Settled) -> Self {
        Self {
            turn: [settled.forward, settled.left, settled.up],
            at: [0.0, 0.0, settled.height_mm],
        }
    }

    /// A body-frame point in the floor frame.
    #[must_use]
    pub fn to_floor(&self, p: Vec3) -> Vec3 {
        let q = times(&self.turn, p);
        [q[0] + self.at[0], q[1] + self.at[1], q[2] + self.at[2]]
    }

    /// A floor-frame point in the body frame.
    #[must_use]
    pub fn to_body(&self, q: Vec3) -> Vec3 {
        let d = [q[0] - self.at[0], q[1] - self.at[1], q[2] - self.at[2]];
        let t = &self.turn;
        [0, 1, 2].map(|j| t[0][j] * d[0] + t[1][j] * d[1] + t[2][j] * d[2])
    }

    /// The frame with the body moved by `change`, turned about its own origin.
    #[must_use]
    pub fn moved(&self, change: &BodyChange) -> Self {
        let turned = product(
            &turn(change.roll_deg, change.pitch_deg, change.yaw_deg),
            &self.turn,
        );
        Self {
            turn: turned,
            at: [
                self.at[0] + change.forward_mm,
                self.at[1] + change.left_mm,
                self.at[2] + change.up_mm,
            ],
        }
    }

    /// The body's roll, pitch and yaw in the floor frame (degrees, as [`BodyChange`] turns
    /// them: roll left side up, pitch nose up, yaw to the left).
    #[must_use]
    pub fn angles(&self) -> [f64; 3] {
        let t = &self.turn;
        let pitch = t[2][0].clamp(-1.0, 1.0).asin();
        let roll = t[2][1].atan2(t[2][2]);
        let yaw = t[1][0].atan2(t[0][0]);
        [roll.to_degrees(), pitch.to_degrees(), yaw.to_degrees()]
    }

    /// The body origin's height above the floor (mm).
    #[must_use]
    pub fn height_mm(&self) -> f64 {
        self.at[2]
    }

    /// The floor's up in the body frame.
    #[must_use]
    pub fn up(&self) -> Vec3 {
        self.turn[2]
    }
}

/// How the body moves, in the floor frame: along it (mm) and turned about the body's origin
/// (degrees: roll left side up, pitch nose up, yaw to the left).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BodyChange {
    /// Forward.
    pub forward_mm: f64,
    /// To the left.
    pub left_mm: f64,
    /// Up.
    pub up_mm: f64,
    /// Roll.
    pub roll_deg: f64,
    /// Pitch.
    pub pitch_deg: f64,
    /// Yaw.
    pub yaw_deg: f64,
}

/// What the pose was asked to do, leg by leg: where each paw goes (None: it stays planted
/// where it is).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Request {
    /// Each leg's paw (in [`Leg::ALL`]'s order): where it is to be, in the floor frame.
    pub paws: [Option<Vec3>; 4],
    /// How the body moves.
    pub body: BodyChange,
    /// Legs left as they are (their joints kept: the paw goes with the body), in
    /// [`Leg::ALL`]'s order.
    pub free: [bool; 4],
}

/// A leg as solved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LegResult {
    /// How far its paw is from where it was asked to be (mm): 0 within reach.
    pub miss_mm: f64,
    /// A joint of it at its limit.
    pub at_limit: bool,
    /// Which (0 the swing, 1 the abduction, 2 the knee or elbow), the first at its limit.
    pub limit: Option<usize>,
}

/// The pose made: the values row, and each leg's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    /// The joint values (one per locator, µrad).
    pub values: Vec<i32>,
    /// Each leg, in [`Leg::ALL`]'s order (None: the motion has not its joints).
    pub legs: [Option<LegResult>; 4],
}

/// Each paw's ball centre of the pose `values` in `frame`.
#[must_use]
pub fn paws(rig: &Rig, values: &[i32], frame: &Frame) -> [Vec3; 4] {
    let ball = ball_geometry(rig);
    Leg::ALL.map(|leg| {
        let q = rig.leg_joints(leg).map(|column| {
            column
                .and_then(|j| values.get(j))
                .map_or(0.0, |&v| urad_to_deg(v))
        });
        frame.to_floor(leg_points(&ball, leg, q[0], q[1], q[2])[2])
    })
}

/// The legs' geometry with each lower link ending at its paw ball's centre.
fn ball_geometry(rig: &Rig) -> Geometry {
    let mut g = *rig.geometry();
    let inset = rig.ball_inset_mm();
    for link in [&mut g.front.lower, &mut g.hind.lower] {
        let length = dot(*link, *link).sqrt();
        if length > inset {
            let k = (length - inset) / length;
            *link = link.map(|v| v * k);
        }
    }
    g
}

/// The frame the floor model rests `values` in (starting from `held` up, as the tick before
/// left it).
#[must_use]
pub fn rest_frame(rig: &Rig, values: &[i32], held: Vec3) -> Frame {
    Frame::of(&settle(&rig.pose(values), held, None))
}

/// Poses `values` as `request` asks, in `frame` (the pose's floor frame): the body moved,
/// each paw asked for solved there, every other paw kept where it is on (or above) the floor.
#[must_use]
pub fn place(rig: &Rig, values: &[i32], frame: &Frame, request: &Request) -> Placed {
    let ball = ball_geometry(rig);
    let before = paws(rig, values, frame);
    let moved = frame.moved(&request.body);
    let mut out = values.to_vec();
    let legs = Leg::ALL.map(|leg| {
        let i = Leg::ALL.iter().position(|&l| l == leg).unwrap_or(0);
        let columns = rig.leg_joints(leg);
        let [Some(a), Some(b), Some(c)] = columns else {
            return None;
        };
        if request.free[i] {
            return Some(LegResult {
                miss_mm: 0.0,
                at_limit: false,
                limit: None,
            });
        }
        let target = request.paws[i].unwrap_or(before[i]);
        let guess = [a, b, c].map(|j| values.get(j).map_or(0.0, |&v| urad_to_deg(v)));
        // A joint the pose has beyond its limit may stay where it is (never further out):
        // a paw that does not move keeps its leg as it was.
        let mut ranges = leg_ranges(rig, leg);
        for (range, now) in ranges.iter_mut().zip(guess) {
            *range = [range[0].min(now), range[1].max(now)];
        }
        let (q, miss_mm) = solve_leg(&ball, leg, moved.to_body(target), guess, &ranges);
        for (j, v) in [a, b, c].into_iter().zip(q) {
            if let Some(slot) = out.get_mut(j) {
                *slot = deg_to_urad(v);
            }
        }
        let limit = q
            .iter()
            .zip(&ranges)
            .position(|(v, [lo, hi])| (v - lo).abs() < 0.01 || (v - hi).abs() < 0.01);
        Some(LegResult {
            miss_mm,
            at_limit: limit.is_some(),
            limit,
        })
    });
    Placed { values: out, legs }
}

/// A leg's joints' ranges (degrees) on the rig's model.
fn leg_ranges(rig: &Rig, leg: Leg) -> Ranges {
    let name = super::floor::body::leg_name(leg);
    ["LEG_VERT", "LEG_LAT", "LEG_KNEE"].map(|joint| {
        let full = format!("{name}_{joint}");
        rig.model
            .joints()
            .iter()
            .find(|j| j.name == full)
            .and_then(|j| j.limit)
            .map_or([-180.0, 180.0], |l| [l.min_deg, l.max_deg])
    })
}

#[cfg(test)]
mod tests;
