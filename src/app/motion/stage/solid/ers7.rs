//! The ERS-7 as rounded shapes with its silhouette: the rounded torso, the round head with
//! its dark face panel, the neck, the leg covers in silver over dark joints, the round paws,
//! the slim tail; Sony's silver and dark grey, lit and filled. Procedural: nothing here comes
//! from another project's meshes.

use super::build::{
    Builder, COARSE, DARK, FACE, FINE, Facing, SHELL, across, along, glow, outward, unit,
};
use crate::robot::floor::settle::{cross, sub};
use crate::robot::floor::{Body, Part, Rig};
use crate::robot::kinematics::{Leg, Vec3};

/// Adds the ERS-7's parts.
pub(super) fn parts(
    b: &mut Builder<'_>,
    rig: &Rig,
    body: &Body,
    joint: &dyn Fn(&str) -> Option<usize>,
    degrees: &dyn Fn(Option<usize>) -> f64,
) {
    torso(b, body);
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        let [j1, _, j3] = rig.leg_joints(leg);
        let [shoulder, knee, end] = body.legs[i];
        let out = outward(leg);
        // The cover over the upper leg, the joint at the knee, the lower leg's cover.
        b.limb((shoulder, knee), [16.0, 15.0], out, SHELL, j1);
        let joint_axes = axes(sub(end, knee), out);
        b.rounded(
            knee,
            joint_axes,
            [10.0, 11.0, 11.0],
            (1.0, COARSE),
            DARK,
            j3,
            None,
        );
        b.limb((knee, end), [12.0, 11.0], out, SHELL, j3);
        if let Some(paw) = body.touches.iter().find(|t| t.part == Part::Paw(leg)) {
            let r = paw.radius.max(6.0);
            let paw_axes = axes(sub(end, knee), out);
            b.rounded(
                paw.at,
                paw_axes,
                [r * 1.1, r, r],
                (1.0, COARSE),
                DARK,
                j3,
                None,
            );
        }
    }
    let ([tilt, _, _], [tail_tilt, _]) = rig.head_and_tail_joints();
    let [base, top, camera] = body.head;
    b.limb((base, top), [11.0, 11.0], [1.0, 0.0, 0.0], DARK, tilt);
    let forward = unit(sub(camera, top));
    let mut head_up = across([0.0, 0.0, 1.0], forward);
    if head_up[2] < 0.0 {
        head_up = head_up.map(|c| -c);
    }
    let left = unit(cross(head_up, forward));
    // The head: round, a little longer than high, its crown above the neck's top; its face
    // panel dark across the front (or in its brightest light's colour).
    let centre = along(along(top, forward, 16.0), head_up, 4.0);
    let face = b
        .paint
        .lights
        .and_then(|lights| glow(lights, &FACE))
        .unwrap_or(DARK);
    b.rounded(
        centre,
        [forward, left, head_up],
        [45.0, 38.0, 35.0],
        (0.75, FINE),
        SHELL,
        tilt,
        Some(Facing {
            toward: forward,
            within: 0.72,
            color: face,
        }),
    );
    // The mouth: a jaw under the face, open by the mouth joint's angle.
    let mouth = joint("MOUTH");
    let open = (-degrees(mouth)).clamp(0.0, 60.0).to_radians();
    let jaw = unit(along(forward, head_up, -open.tan()));
    let root = along(along(centre, forward, 10.0), head_up, -27.0);
    b.limb(
        (root, along(root, jaw, 30.0)),
        [15.0, 5.0],
        head_up,
        DARK,
        mouth,
    );
    // The ears: dark flaps on the head's sides, out when the joint is up.
    for (name, side) in [("LEFT_EAR", 1.0), ("RIGHT_EAR", -1.0)] {
        let Some(ear) = joint(name) else { continue };
        let out = left.map(|c| c * side);
        let root = along(along(centre, out, 30.0), head_up, 20.0);
        let lift = degrees(Some(ear)).to_radians().min(1.2);
        let tip = along(
            along(root, head_up, 28.0 * lift.cos()),
            out,
            28.0 * lift.sin() + 6.0,
        );
        b.limb((root, tip), [9.0, 3.0], forward, DARK, Some(ear));
    }
    if let Some([from, to]) = body.tail {
        b.limb((from, to), [5.0, 5.0], [1.0, 0.0, 0.0], SHELL, tail_tilt);
    }
}

/// The torso: a rounded box over the body's outline, wider at the chest.
fn torso(b: &mut Builder<'_>, body: &Body) {
    let corners = &body.torso;
    let low = (0..3).map(|a| corners.iter().map(|c| c[a]).fold(f64::INFINITY, f64::min));
    let high = (0..3).map(|a| {
        corners
            .iter()
            .map(|c| c[a])
            .fold(f64::NEG_INFINITY, f64::max)
    });
    let (low, high): (Vec<f64>, Vec<f64>) = (low.collect(), high.collect());
    let centre = [0, 1, 2].map(|a| f64::midpoint(low[a], high[a]));
    let half = [0, 1, 2].map(|a| (high[a] - low[a]) / 2.0 + 4.0);
    b.rounded(
        centre,
        [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        half,
        (0.45, FINE),
        SHELL,
        None,
        None,
    );
    // The back's three lights along the top, front to rear.
    let Some(lights) = b.paint.lights else { return };
    for (i, key) in [84u8, 86, 88].into_iter().enumerate() {
        #[expect(clippy::cast_precision_loss, reason = "three lights")]
        let t = 0.3 - 0.3 * i as f64;
        if let Some(lit) = glow(lights, &[key, key + 1]) {
            let at = [centre[0] + half[0] * t, centre[1], high[2] + 3.0];
            b.rounded(
                at,
                [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
                [12.0, 16.0, 3.0],
                (0.6, COARSE),
                lit,
                None,
                None,
            );
        }
    }
}

/// Axes along `d` with `out` across it.
fn axes(d: Vec3, out: Vec3) -> [Vec3; 3] {
    let u = unit(d);
    let v = across(out, u);
    let w = unit(cross(u, v));
    [u, v, w]
}
