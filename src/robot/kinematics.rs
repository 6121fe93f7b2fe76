//! Forward kinematics for a posed figure (`docs/formats/robots.md#kinematics`).
//!
//! Body frame: x forward, y left, z up, in millimetres; the origin is the middle of the four
//! J1 axes at shoulder height. Left legs are computed and the right ones mirrored in y:
//! front `paw = S + Ry(-J1) Rx(J2) (U + Ry(-J3) L)`, hind `paw = S + Ry(J1) Rx(J2) (U + Ry(J3) L)`.
//! Link lengths: the ERS-7 and ERS-210/220 numbers are from `docs/formats/robots.md#kinematics`
//! (Tekkotsu, Webots and rUNSWift agree); the ERS-110's are rough and partly unconfirmed;
//! nothing was published for the ERS-310, which is drawn with ERS-210 proportions.

use super::models::Model;

/// A point or vector in the body frame, in millimetres.
pub type Vec3 = [f64; 3];

/// One leg's link geometry (left side; the right side mirrors y).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LegGeometry {
    /// Shoulder (hip) position.
    pub shoulder: Vec3,
    /// Shoulder to knee at zero angles.
    pub upper: Vec3,
    /// Knee to paw at zero angles.
    pub lower: Vec3,
}

/// A model's proportions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Front legs.
    pub front: LegGeometry,
    /// Hind legs.
    pub hind: LegGeometry,
    /// Where the head's tilt/pan axis is.
    pub neck: Vec3,
    /// Where the tail joint is.
    pub tail: Vec3,
    /// Whether the numbers are measured (false: approximate, see the module doc).
    pub measured: bool,
}

/// The proportions of a model.
#[must_use]
pub fn geometry(model: Model) -> Geometry {
    match model {
        Model::Ers7 => Geometry {
            front: LegGeometry {
                shoulder: [65.0, 62.5, 0.0],
                upper: [9.0, 4.7, -69.5],
                lower: [-11.2, 0.0, -76.1],
            },
            hind: LegGeometry {
                shoulder: [-65.0, 62.5, 0.0],
                upper: [-9.0, 4.7, -69.5],
                lower: [19.8, 0.0, -76.9],
            },
            neck: [67.5, 0.0, 19.5],
            tail: [-102.0, 0.0, 33.0],
            measured: true,
        },
        Model::Ers210 | Model::Ers310 => Geometry {
            front: LegGeometry {
                shoulder: [59.5, 59.2, 0.0],
                upper: [12.8, 0.5, -64.0],
                lower: [-18.9, 0.0, -66.0],
            },
            hind: LegGeometry {
                shoulder: [-59.5, 59.2, 0.0],
                upper: [-12.8, 0.5, -64.0],
                lower: [29.4, 0.0, -70.9],
            },
            neck: [75.0, 0.0, 50.0],
            tail: [-76.9, 0.0, 53.0],
            measured: model == Model::Ers210,
        },
        Model::Ers110 => Geometry {
            front: LegGeometry {
                shoulder: [44.9, 26.5, 0.0],
                upper: [13.0, 5.5, -61.0],
                lower: [-9.5, 1.0, -58.0],
            },
            hind: LegGeometry {
                shoulder: [-44.9, 26.5, 0.0],
                upper: [-13.0, 5.5, -61.0],
                lower: [19.0, 1.0, -69.0],
            },
            neck: [55.0, 0.0, 30.0],
            tail: [-60.0, 0.0, 30.0],
            measured: false,
        },
    }
}

fn rot_y(angle: f64, v: Vec3) -> Vec3 {
    let (s, c) = angle.sin_cos();
    [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]]
}

fn rot_x(angle: f64, v: Vec3) -> Vec3 {
    let (s, c) = angle.sin_cos();
    [v[0], c * v[1] - s * v[2], s * v[1] + c * v[2]]
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Which leg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Leg {
    /// Left front.
    LeftFront,
    /// Left hind.
    LeftHind,
    /// Right front.
    RightFront,
    /// Right hind.
    RightHind,
}

impl Leg {
    /// All four.
    pub const ALL: [Self; 4] = [
        Self::LeftFront,
        Self::LeftHind,
        Self::RightFront,
        Self::RightHind,
    ];

    /// Whether this is a front leg.
    #[must_use]
    pub fn is_front(self) -> bool {
        matches!(self, Self::LeftFront | Self::RightFront)
    }

    fn is_right(self) -> bool {
        matches!(self, Self::RightFront | Self::RightHind)
    }
}

/// The shoulder, knee and paw of a leg for joint angles J1, J2, J3 in degrees.
#[must_use]
pub fn leg_points(
    geometry: &Geometry,
    leg: Leg,
    j1_deg: f64,
    j2_deg: f64,
    j3_deg: f64,
) -> [Vec3; 3] {
    let g = if leg.is_front() {
        geometry.front
    } else {
        geometry.hind
    };
    let sign = if leg.is_front() { -1.0 } else { 1.0 };
    let (j1, j2, j3) = (
        j1_deg.to_radians(),
        j2_deg.to_radians(),
        j3_deg.to_radians(),
    );
    let shoulder = g.shoulder;
    let knee = add(shoulder, rot_y(sign * j1, rot_x(j2, g.upper)));
    let lower = rot_y(sign * j3, g.lower);
    let paw = add(shoulder, rot_y(sign * j1, rot_x(j2, add(g.upper, lower))));
    let mirror = |p: Vec3| {
        if leg.is_right() {
            [p[0], -p[1], p[2]]
        } else {
            p
        }
    };
    [mirror(shoulder), mirror(knee), mirror(paw)]
}

/// How the body stands on its paws: its height above the ground and its pitch (positive
/// nose-up), from the lowest front and hind paws.
#[must_use]
pub fn stance(paws: &[Vec3; 4]) -> (f64, f64) {
    let front = paws[0][2].min(paws[2][2]);
    let hind = paws[1][2].min(paws[3][2]);
    let front_x = (paws[0][0] + paws[2][0]) / 2.0;
    let hind_x = (paws[1][0] + paws[3][0]) / 2.0;
    // Paws higher at the front (shorter front legs) put the nose down: tilting the body by
    // this angle brings both pairs of paws to the ground.
    let tilt = ((front - hind) / (front_x - hind_x)).atan();
    let height = -(front + hind) / 2.0 * tilt.cos();
    (height, -tilt.to_degrees())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paws(model: Model, legs: [[f64; 3]; 4]) -> [Vec3; 4] {
        let g = geometry(model);
        let mut out = [[0.0; 3]; 4];
        for (slot, (leg, [a, b, c])) in out.iter_mut().zip(Leg::ALL.into_iter().zip(legs)) {
            *slot = leg_points(&g, leg, a, b, c)[2];
        }
        out
    }

    #[test]
    fn ers7_stand_stands_146_mm_up_nose_down() {
        // Standard stand: J1 -5, J2 3, J3 30 on every leg
        // (docs/formats/robots.md#standard-postures).
        let p = paws(Model::Ers7, [[-5.0, 3.0, 30.0]; 4]);
        // Left and right mirror exactly.
        assert!((p[0][1] + p[2][1]).abs() < 1e-9 && (p[0][2] - p[2][2]).abs() < 1e-9);
        let (height, pitch) = stance(&p);
        // docs/formats/robots.md#kinematics: about 146 mm up and about 1.5 degrees nose-down.
        // The paw pads are modelled as points, so allow 5 mm and 1 degree.
        assert!((height - 146.0).abs() < 5.0, "height {height}");
        assert!((pitch + 1.5).abs() < 1.0, "pitch {pitch}");
    }

    #[test]
    fn ers210_stand_stands_137_mm_up() {
        // ERS-210 stand: LF -10,0,30 | LR -1,0,25 | RF -10,0,30 | RR 0,0,25.
        let p = paws(
            Model::Ers210,
            [
                [-10.0, 0.0, 30.0],
                [-1.0, 0.0, 25.0],
                [-10.0, 0.0, 30.0],
                [0.0, 0.0, 25.0],
            ],
        );
        let (height, pitch) = stance(&p);
        // docs/formats/robots.md#kinematics: about 137 mm up, about 3 degrees nose-down (point
        // paws: 6 mm, 1.5 degrees).
        assert!((height - 137.0).abs() < 6.0, "height {height}");
        assert!((pitch + 3.0).abs() < 1.5, "pitch {pitch}");
    }

    #[test]
    fn positive_angles_move_the_way_notes_say() {
        let g = geometry(Model::Ers7);
        let straight = leg_points(&g, Leg::LeftFront, 0.0, 0.0, 0.0)[2];
        let forward = leg_points(&g, Leg::LeftFront, 30.0, 0.0, 0.0)[2];
        assert!(forward[0] > straight[0], "front J1 positive swings forward");
        let backward = leg_points(&g, Leg::LeftHind, 30.0, 0.0, 0.0)[2];
        assert!(
            backward[0] < leg_points(&g, Leg::LeftHind, 0.0, 0.0, 0.0)[2][0],
            "hind J1 positive swings back"
        );
        let out = leg_points(&g, Leg::LeftFront, 0.0, 30.0, 0.0)[2];
        assert!(
            out[1] > straight[1],
            "J2 positive moves a left leg outward (left)"
        );
        let out_right = leg_points(&g, Leg::RightFront, 0.0, 30.0, 0.0)[2];
        assert!(out_right[1] < -straight[1], "and a right leg to the right");
    }
}
