//! The robot as solid parts (boxes along its links, its torso, head, ears, mouth and tail),
//! as triangles in the floor frame, each with its colour and the joint a click on it picks.

mod build;
mod rounded;

use crate::robot::floor::settle::{cross, sub};
use crate::robot::floor::{Body, Rig, Settled};
use crate::robot::kinematics::{Leg, Vec3};
use build::{Builder, DARK, FACE, SHELL, along, glow, outward, unit};
pub use build::{Paint, Tri};
use egui::Color32;

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
    // A ghost is a silhouette: the boxes draw it at a quarter of the rounded shapes' cost.
    // The models whose proportions are measured have a rounded look; the ERS-110/111 and
    // ERS-310 keep the boxes.
    let look = match rig.model {
        crate::robot::Model::Ers7 => Some(&rounded::Look::ERS7),
        crate::robot::Model::Ers210 => Some(&rounded::Look::ERS210),
        crate::robot::Model::Ers110 | crate::robot::Model::Ers310 => None,
    };
    if let Some(look) = look
        && paint.ghost.is_none()
    {
        rounded::parts(&mut b, (rig, look), body, joint, degrees);
        return b.tris;
    }
    b.hexahedron(body.torso, SHELL, None);
    let limb = Color32::from_gray(150);
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        let [j1, _, j3] = rig.leg_joints(leg);
        let [shoulder, knee, end] = body.legs[i];
        let out = outward(leg);
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
        lit_panels(&mut b, lights, body, (camera, forward, head_up));
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

/// The lights that are on: the face panel on the head's front (`camera`, looking
/// `forward`, `head_up`), in its brightest light's colour; the back's three lights along
/// the torso's top, front to rear.
fn lit_panels(
    b: &mut Builder<'_>,
    lights: &crate::behaviour::lights::Lights,
    body: &Body,
    (camera, forward, head_up): (Vec3, Vec3, Vec3),
) {
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
        // The back's light one rounded shape more (a coarse cut: 3 rings of 6 quads, less
        // the 12 triangles that close to a point at its poles); the face panel is the head's
        // own front, lit.
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
