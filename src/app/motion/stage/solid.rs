//! The robot as solid parts (boxes along its links, its torso, head, ears, mouth and tail),
//! as triangles in the floor frame, each with its colour and the joint a click on it picks.

use crate::robot::floor::settle::{self, cross, sub};
use crate::robot::floor::{Body, Rig, Settled};
use crate::robot::kinematics::{Leg, Vec3};
use egui::Color32;

/// One triangle of a part.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tri {
    /// Its corners (floor frame, mm).
    pub p: [[f32; 3]; 3],
    /// Its outward normal (unit).
    pub normal: [f32; 3],
    /// Its colour before lighting.
    pub color: Color32,
    /// The joint a click on it selects.
    pub joint: Option<usize>,
    /// Which part it belongs to (for the part's shadow).
    pub part: u16,
}

/// What colours the parts: the joint's own colour for a limb, the focused joint lit up.
pub struct Paint<'a> {
    /// The colour of a joint's limb.
    pub joint_color: &'a dyn Fn(usize) -> Color32,
    /// The focused joint.
    pub focused: Option<usize>,
    /// Every part in this colour (a ghost).
    pub ghost: Option<Color32>,
    /// The lights the LED track has on (the face and the back are lit by them).
    pub lights: Option<&'a crate::behaviour::lights::Lights>,
}

/// The colour of the brightest of `keys` that is on, at its brightness, if one is.
fn glow(lights: &crate::behaviour::lights::Lights, keys: &[u8]) -> Option<Color32> {
    let (key, level) = keys
        .iter()
        .map(|&k| (k, lights.level(k)))
        .filter(|&(_, level)| level > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    let lit = crate::app::motion::tracks::led::light_colour(key);
    Some(DARK.lerp_to_gamma(lit, 0.35 + 0.65 * level))
}

/// The face's lights: both surfaces' notes.
const FACE: [u8; 28] = [
    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57,
    58, 59, 60, 61,
];

const SHELL: Color32 = Color32::from_rgb(226, 228, 232);
const DARK: Color32 = Color32::from_rgb(70, 72, 80);
const FOCUS: Color32 = Color32::from_rgb(255, 236, 120);

/// `v` made one long (straight up for a zero vector).
fn unit(v: Vec3) -> Vec3 {
    settle::unit(v).unwrap_or([0.0, 0.0, 1.0])
}

fn along(a: Vec3, d: Vec3, k: f64) -> Vec3 {
    [a[0] + d[0] * k, a[1] + d[1] * k, a[2] + d[2] * k]
}

/// Collects a part's triangles.
struct Builder<'a> {
    settled: &'a Settled,
    paint: &'a Paint<'a>,
    tris: Vec<Tri>,
    part: u16,
}

impl Builder<'_> {
    fn color(&self, base: Color32, joint: Option<usize>) -> Color32 {
        if let Some(ghost) = self.paint.ghost {
            return ghost;
        }
        match joint {
            Some(j) if Some(j) == self.paint.focused => FOCUS,
            Some(j) if base != SHELL && base != DARK => (self.paint.joint_color)(j),
            _ => base,
        }
    }

    /// A hexahedron from its 8 body-frame corners (bottom four, then the top four above
    /// them in the same order).
    fn hexahedron(&mut self, corners: [Vec3; 8], base: Color32, joint: Option<usize>) {
        let color = self.color(base, joint);
        self.part += 1;
        let part = self.part;
        #[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
        let world = corners.map(|c| self.settled.to_floor(c).map(|v| v as f32));
        let centre = world.iter().fold([0.0_f32; 3], |s, p| {
            [s[0] + p[0] / 8.0, s[1] + p[1] / 8.0, s[2] + p[2] / 8.0]
        });
        const FACES: [[usize; 4]; 6] = [
            [0, 1, 2, 3],
            [4, 5, 6, 7],
            [0, 1, 5, 4],
            [1, 2, 6, 5],
            [2, 3, 7, 6],
            [3, 0, 4, 7],
        ];
        for [a, b, c, d] in FACES {
            for tri in [[a, b, c], [a, c, d]] {
                let p = tri.map(|i| world[i]);
                let e1 = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
                let e2 = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
                let n = [
                    e1[1] * e2[2] - e1[2] * e2[1],
                    e1[2] * e2[0] - e1[0] * e2[2],
                    e1[0] * e2[1] - e1[1] * e2[0],
                ];
                let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
                if len < 1e-6 {
                    continue;
                }
                let mut normal = n.map(|v| v / len);
                let out = [
                    p[0][0] - centre[0],
                    p[0][1] - centre[1],
                    p[0][2] - centre[2],
                ];
                if normal[0] * out[0] + normal[1] * out[1] + normal[2] * out[2] < 0.0 {
                    normal = normal.map(|v| -v);
                }
                self.tris.push(Tri {
                    p,
                    normal,
                    color,
                    joint,
                    part,
                });
            }
        }
    }

    /// A box along the segment `a`-`b`, `half` wide across (`[sideways, up]`), `up`
    /// giving which way is up across it.
    fn beam(
        &mut self,
        a: Vec3,
        b: Vec3,
        half: [f64; 2],
        up: Vec3,
        base: Color32,
        joint: Option<usize>,
    ) {
        let u = unit(sub(b, a));
        let mut v = cross(u, up);
        if v.iter().map(|c| c * c).sum::<f64>() < 1e-9 {
            v = cross(u, [1.0, 0.0, 0.0]);
        }
        let v = unit(v);
        let w = unit(cross(v, u));
        let corner =
            |end: Vec3, sv: f64, sw: f64| along(along(end, v, sv * half[0]), w, sw * half[1]);
        self.hexahedron(
            [
                corner(a, -1.0, -1.0),
                corner(a, 1.0, -1.0),
                corner(b, 1.0, -1.0),
                corner(b, -1.0, -1.0),
                corner(a, -1.0, 1.0),
                corner(a, 1.0, 1.0),
                corner(b, 1.0, 1.0),
                corner(b, -1.0, 1.0),
            ],
            base,
            joint,
        );
    }
}

/// The posed robot's triangles: `body` as it rests (`settled`), limbs coloured by `paint`.
/// `joint(name)` finds a joint's column; `degrees(column)` its value at this pose.
#[must_use]
pub fn robot(
    rig: &Rig,
    body: &Body,
    settled: &Settled,
    paint: &Paint<'_>,
    joint: &dyn Fn(&str) -> Option<usize>,
    degrees: &dyn Fn(Option<usize>) -> f64,
) -> Vec<Tri> {
    let mut b = Builder {
        settled,
        paint,
        tris: Vec::with_capacity(300),
        part: 0,
    };
    b.hexahedron(body.torso, SHELL, None);
    let limb = Color32::from_gray(150);
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        let [j1, _, j3] = rig.leg_joints(leg);
        let [shoulder, knee, end] = body.legs[i];
        let side = if matches!(leg, Leg::LeftFront | Leg::LeftHind) {
            1.0
        } else {
            -1.0
        };
        let out = [0.0, side, 0.0];
        b.beam(shoulder, knee, [15.0, 13.0], out, limb, j1);
        b.beam(knee, end, [11.0, 10.0], out, limb, j3);
        let paw = body
            .touches
            .iter()
            .find(|t| t.part == crate::robot::floor::Part::Paw(leg));
        if let Some(paw) = paw {
            let r = paw.radius.max(6.0);
            let dir = unit(sub(end, knee));
            b.beam(
                along(paw.at, dir, -r),
                along(paw.at, dir, r * 0.6),
                [r, r],
                out,
                DARK,
                j3,
            );
        }
    }
    let ([tilt, _, _], [tail_tilt, _]) = rig.head_and_tail_joints();
    let [base, top, camera] = body.head;
    b.beam(base, top, [13.0, 13.0], [1.0, 0.0, 0.0], limb, tilt);
    let forward = unit(sub(camera, top));
    let head_up = unit(cross(cross(forward, [0.0, 0.0, 1.0]), forward));
    let head_up = if head_up[2] < 0.0 {
        head_up.map(|c| -c)
    } else {
        head_up
    };
    let back = along(top, forward, -25.0);
    b.beam(
        back,
        along(camera, forward, 5.0),
        [33.0, 27.0],
        head_up,
        SHELL,
        tilt,
    );
    if let Some(lights) = paint.lights {
        // The face panel on the head's front, in its brightest light's colour.
        if let Some(face) = glow(lights, &FACE) {
            b.beam(
                along(camera, forward, 5.0),
                along(camera, forward, 7.0),
                [24.0, 16.0],
                head_up,
                face,
                None,
            );
        }
        // The back's three lights along the torso's top, front to rear.
        let top = &body.torso[4..8];
        let mid = |a: Vec3, b: Vec3| {
            [
                (a[0] + b[0]) / 2.0,
                (a[1] + b[1]) / 2.0,
                (a[2] + b[2]) / 2.0,
            ]
        };
        let (front, rear) = (mid(top[0], top[1]), mid(top[2], top[3]));
        let at = |t: f64| along(along(front, sub(rear, front), t), [0.0, 0.0, 1.0], 2.0);
        for (i, key) in [84u8, 86, 88].into_iter().enumerate() {
            #[expect(clippy::cast_precision_loss, reason = "three lights")]
            let t = 0.15 + 0.25 * i as f64;
            if let Some(lit) = glow(lights, &[key, key + 1]) {
                b.beam(at(t), at(t + 0.16), [18.0, 4.0], [0.0, 0.0, 1.0], lit, None);
            }
        }
    }
    // The mouth: a jaw under the head's front, open by the mouth joint's angle.
    let mouth = joint("MOUTH");
    let open = (-degrees(mouth)).clamp(0.0, 60.0).to_radians();
    let jaw_dir = unit(along(forward, head_up, -open.tan()));
    b.beam(
        body.chin,
        along(body.chin, jaw_dir, 40.0),
        [18.0, 6.0],
        head_up,
        DARK,
        mouth,
    );
    // Ears: flaps on the head's sides, out when the joint is up.
    for (name, side) in [("LEFT_EAR", 1.0), ("RIGHT_EAR", -1.0)] {
        let Some(ear) = joint(name) else { continue };
        let across = unit(cross(head_up, forward)).map(|c| c * side);
        let root = along(along(top, across, 28.0), head_up, 18.0);
        let lift = degrees(Some(ear)).to_radians().min(1.2);
        let tip = along(
            along(root, head_up, 30.0 * lift.cos()),
            across,
            30.0 * lift.sin() + 6.0,
        );
        b.beam(root, tip, [10.0, 3.0], forward, DARK, Some(ear));
    }
    if let Some([from, to]) = body.tail {
        b.beam(from, to, [6.0, 6.0], [1.0, 0.0, 0.0], limb, tail_tilt);
    }
    b.tris
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::behaviour::lights::Lights;
    use crate::robot::floor;

    /// The example's first pose, with `lights` on.
    fn tris(lights: Option<&Lights>) -> Vec<Tri> {
        let motion = crate::example::stand_to_sit();
        let rig = floor::rig(&motion).expect("the example is an ERS-7's");
        let values: Vec<i32> = (0..motion.locators.len())
            .map(|j| motion.keyframes.angle(0, j).unwrap_or(0))
            .collect();
        let body = rig.pose(&values);
        let settled = floor::settle(&body, [0.0; 3], None);
        let paint = Paint {
            joint_color: &|_| Color32::RED,
            focused: None,
            ghost: None,
            lights,
        };
        robot(&rig, &body, &settled, &paint, &|_| None, &|_| 0.0)
    }

    #[test]
    fn the_face_and_the_back_are_lit_in_their_lights_colours() {
        let dark = tris(None);
        assert_eq!(
            tris(Some(&Lights::default())).len(),
            dark.len(),
            "all off: unlit"
        );
        let mut lights = Lights::default();
        lights.0[60] = 127; // A13, red
        lights.0[86] = 64; // the back's middle colour light, half
        let lit = tris(Some(&lights));
        // Two boxes more, twelve triangles each.
        assert_eq!(lit.len(), dark.len() + 24);
        let red = crate::app::motion::tracks::led::light_colour(60);
        assert!(lit.iter().any(|t| t.color == red), "the face in A13's red");
        let amber = crate::app::motion::tracks::led::light_colour(86);
        assert!(
            lit.iter().any(|t| t.color != amber
                && t.color == DARK.lerp_to_gamma(amber, 0.35 + 0.65 * 64.0 / 127.0)),
            "the back's middle light, half bright"
        );
    }
}
