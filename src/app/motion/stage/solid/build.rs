//! The solids' builder: parts as triangles in the floor frame, each lit by its own normal,
//! from boxes (hexahedra, beams along a link) and rounded shapes (superellipsoids).

use crate::robot::floor::Settled;
use crate::robot::floor::settle::{self, cross, sub};
use crate::robot::kinematics::Vec3;
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
pub(super) fn glow(lights: &crate::behaviour::lights::Lights, keys: &[u8]) -> Option<Color32> {
    let (key, level) = keys
        .iter()
        .map(|&k| (k, lights.level(k)))
        .filter(|&(_, level)| level > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    let lit = crate::app::motion::tracks::led::light_colour(key);
    Some(DARK.lerp_to_gamma(lit, 0.35 + 0.65 * level))
}

/// The face's lights: both surfaces' notes.
pub(super) const FACE: [u8; 28] = [
    24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57,
    58, 59, 60, 61,
];

pub(super) const SHELL: Color32 = Color32::from_rgb(226, 228, 232);
pub(super) const DARK: Color32 = Color32::from_rgb(70, 72, 80);
pub(super) const FOCUS: Color32 = Color32::from_rgb(255, 236, 120);

/// `v` made one long (straight up for a zero vector).
pub(super) fn unit(v: Vec3) -> Vec3 {
    settle::unit(v).unwrap_or([0.0, 0.0, 1.0])
}

pub(super) fn along(a: Vec3, d: Vec3, k: f64) -> Vec3 {
    [a[0] + d[0] * k, a[1] + d[1] * k, a[2] + d[2] * k]
}

/// Collects a part's triangles.
pub(super) struct Builder<'a> {
    pub(super) settled: &'a Settled,
    pub(super) paint: &'a Paint<'a>,
    pub(super) tris: Vec<Tri>,
    pub(super) part: u16,
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
    pub(super) fn hexahedron(&mut self, corners: [Vec3; 8], base: Color32, joint: Option<usize>) {
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
                self.push_facing_out(tri.map(|i| world[i]), centre, color, joint, part);
            }
        }
    }

    /// A box along the segment `a`-`b`, `half` wide across (`[sideways, up]`), `up`
    /// giving which way is up across it.
    pub(super) fn beam(
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

/// `x` to the power `p`, keeping its sign (a superellipse's coordinate).
fn signed_power(x: f64, p: f64) -> f64 {
    x.signum() * x.abs().powf(p)
}

/// How finely a rounded shape is cut: rings from pole to pole, segments around (a torso or
/// a head; a limb is cut more coarsely).
pub(super) const FINE: (usize, usize) = (6, 10);
/// A limb's or a small part's cut.
pub(super) const COARSE: (usize, usize) = (3, 6);

/// A rounded shape's triangles facing within an angle of a direction take another colour
/// (the ERS-7's face panel on its head).
#[derive(Clone, Copy)]
pub(super) struct Facing {
    /// The direction (body frame, unit).
    pub(super) toward: Vec3,
    /// The least cosine between a triangle's normal and it.
    pub(super) within: f64,
    /// The colour there.
    pub(super) color: Color32,
}

impl Builder<'_> {
    /// A rounded solid: the superellipsoid about `centre` with body-frame axes `axes` (unit,
    /// at right angles) and half-sizes `half` along them; `power` 1 is an ellipsoid, smaller
    /// is squarer (a rounded box).
    #[expect(
        clippy::too_many_arguments,
        reason = "a shape's place, size, cut and colour"
    )]
    pub(super) fn rounded(
        &mut self,
        centre: Vec3,
        axes: [Vec3; 3],
        half: [f64; 3],
        (power, (rings, segments)): (f64, (usize, usize)),
        base: Color32,
        joint: Option<usize>,
        facing: Option<Facing>,
    ) {
        let color = self.color(base, joint);
        let facing = facing.map(|f| {
            #[expect(clippy::cast_possible_truncation, reason = "a unit vector")]
            let toward = sub(
                self.settled.to_floor(f.toward),
                self.settled.to_floor([0.0; 3]),
            )
            .map(|v| v as f32);
            // The panel keeps its own colour (a light's), a ghost's aside.
            (toward, f.within, self.paint.ghost.unwrap_or(f.color))
        });
        self.part += 1;
        let part = self.part;
        let point = |ring: usize, segment: usize| {
            #[expect(clippy::cast_precision_loss, reason = "a handful of rings")]
            let theta =
                -std::f64::consts::FRAC_PI_2 + std::f64::consts::PI * ring as f64 / rings as f64;
            #[expect(clippy::cast_precision_loss, reason = "a handful of segments")]
            let phi = std::f64::consts::TAU * segment as f64 / segments as f64;
            let (st, ct) = theta.sin_cos();
            let (sp, cp) = phi.sin_cos();
            let k = [
                half[0] * signed_power(ct, power) * signed_power(cp, power),
                half[1] * signed_power(ct, power) * signed_power(sp, power),
                half[2] * signed_power(st, power),
            ];
            let body = [0, 1, 2]
                .map(|i| centre[i] + axes[0][i] * k[0] + axes[1][i] * k[1] + axes[2][i] * k[2]);
            #[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
            self.settled.to_floor(body).map(|v| v as f32)
        };
        #[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
        let middle = self.settled.to_floor(centre).map(|v| v as f32);
        // Each corner worked out once (a quad's corners are shared with its neighbours').
        let grid: Vec<[f32; 3]> = (0..=rings)
            .flat_map(|ring| (0..segments).map(move |segment| (ring, segment)))
            .map(|(ring, segment)| point(ring, segment))
            .collect();
        let at = |ring: usize, segment: usize| grid[ring * segments + segment % segments];
        let start = self.tris.len();
        for ring in 0..rings {
            for segment in 0..segments {
                let quad = [
                    at(ring, segment),
                    at(ring, segment + 1),
                    at(ring + 1, segment + 1),
                    at(ring + 1, segment),
                ];
                for p in [[quad[0], quad[1], quad[2]], [quad[0], quad[2], quad[3]]] {
                    self.push_facing_out(p, middle, color, joint, part);
                }
            }
        }
        if let Some((toward, within, other)) = facing {
            for tri in &mut self.tris[start..] {
                let n = tri.normal;
                let cos = f64::from(n[0] * toward[0] + n[1] * toward[1] + n[2] * toward[2]);
                if cos >= within {
                    tri.color = other;
                }
            }
        }
    }

    /// A triangle lit by its own normal, turned to face away from `middle`.
    pub(super) fn push_facing_out(
        &mut self,
        p: [[f32; 3]; 3],
        middle: [f32; 3],
        color: Color32,
        joint: Option<usize>,
        part: u16,
    ) {
        let e1 = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
        let e2 = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
        let n = [
            e1[1] * e2[2] - e1[2] * e2[1],
            e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0],
        ];
        let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        if len < 1e-6 {
            return;
        }
        let mut normal = n.map(|v| v / len);
        let centre = [0, 1, 2].map(|a| (p[0][a] + p[1][a] + p[2][a]) / 3.0);
        let out = [0, 1, 2].map(|a| centre[a] - middle[a]);
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

    /// A rounded limb from `a` to `b`: its cross-section `half` (`[sideways, up]`, `up`
    /// giving which way is up across it), its ends rounded.
    pub(super) fn limb(
        &mut self,
        (a, b): (Vec3, Vec3),
        half: [f64; 2],
        up: Vec3,
        base: Color32,
        joint: Option<usize>,
    ) {
        let d = sub(b, a);
        let length = d.iter().map(|c| c * c).sum::<f64>().sqrt();
        let u = unit(d);
        let mut v = cross(u, up);
        if v.iter().map(|c| c * c).sum::<f64>() < 1e-9 {
            v = cross(u, [1.0, 0.0, 0.0]);
        }
        let v = unit(v);
        let w = unit(cross(v, u));
        let centre = along(a, u, length / 2.0);
        self.rounded(
            centre,
            [u, v, w],
            [length / 2.0 + half[0].min(half[1]) * 0.5, half[0], half[1]],
            (0.6, COARSE),
            base,
            joint,
            None,
        );
    }
}

/// Which way is out from a leg, across the body: left for the left legs.
#[must_use]
pub(super) fn outward(leg: crate::robot::kinematics::Leg) -> Vec3 {
    use crate::robot::kinematics::Leg;
    let side = if matches!(leg, Leg::LeftFront | Leg::LeftHind) {
        1.0
    } else {
        -1.0
    };
    [0.0, side, 0.0]
}

/// `v` less its part along the unit `u`, made one long: what is left across `u`.
pub(super) fn across(v: Vec3, u: Vec3) -> Vec3 {
    let k = v[0] * u[0] + v[1] * u[1] + v[2] * u[2];
    unit([v[0] - u[0] * k, v[1] - u[1] * k, v[2] - u[2] * k])
}
