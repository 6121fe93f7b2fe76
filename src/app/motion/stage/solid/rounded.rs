//! The ERS-7 and the ERS-210/220 as rounded shapes with their silhouettes: the rounded
//! torso, the head (the ERS-7's round with its dark face panel, the ERS-210's longer, with a
//! muzzle and tall ears), the neck, the leg covers in silver over dark joints, the round
//! paws, the tail; Sony's silver and dark grey, lit and filled. Procedural: nothing here
//! comes from another project's meshes.

use super::build::{
    Builder, COARSE, DARK, FACE, FINE, Facing, SHELL, across, along, glow, outward, unit,
};
use crate::robot::floor::settle::{cross, sub};
use crate::robot::floor::{Body, Part, Rig};
use crate::robot::kinematics::{Leg, Vec3};

/// What tells one model's rounded look from another's (mm).
pub(super) struct Look {
    /// The head's half length, width and height, and how round it is (1 an ellipsoid).
    head: ([f64; 3], f64),
    /// The head's middle ahead of and above the neck's top.
    head_at: [f64; 2],
    /// The muzzle under the head's front, half sizes (none on the ERS-7).
    muzzle: Option<[f64; 3]>,
    /// An ear's length and half width and thickness, and how far up the head it sits.
    ear: (f64, [f64; 2], f64),
    /// The upper and lower legs' half widths.
    legs: [[f64; 2]; 2],
    /// The tail's half width.
    tail: f64,
}

impl Look {
    /// The ERS-7: a round head, small ears low on its sides, slim legs and tail.
    pub(super) const ERS7: Self = Self {
        head: ([45.0, 38.0, 35.0], 0.75),
        head_at: [16.0, 4.0],
        muzzle: None,
        ear: (28.0, [9.0, 3.0], 20.0),
        legs: [[16.0, 15.0], [12.0, 11.0]],
        tail: 5.0,
    };

    /// The ERS-210/220: a longer, squarer head with a muzzle, tall ears on top, stout legs
    /// and a long thin tail.
    pub(super) const ERS210: Self = Self {
        head: ([48.0, 36.0, 33.0], 0.45),
        head_at: [14.0, 10.0],
        muzzle: Some([24.0, 21.0, 15.0]),
        ear: (38.0, [12.0, 3.0], 26.0),
        legs: [[17.0, 16.0], [13.0, 12.0]],
        tail: 3.5,
    };
}

/// How far out (radians) an ear without a joint is drawn.
const EAR_AT_REST: f64 = 0.35;

/// Adds a model's parts in its rounded `look`.
pub(super) fn parts(
    b: &mut Builder<'_>,
    (rig, look): (&Rig, &Look),
    body: &Body,
    joint: &dyn Fn(&str) -> Option<usize>,
    degrees: &dyn Fn(Option<usize>) -> f64,
) {
    torso(b, body);
    legs(b, (rig, look), body);
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
    let centre = along(
        along(top, forward, look.head_at[0]),
        head_up,
        look.head_at[1],
    );
    let face = b
        .paint
        .lights
        .and_then(|lights| glow(lights, &FACE))
        .unwrap_or(DARK);
    b.rounded(
        centre,
        [forward, left, head_up],
        look.head.0,
        (look.head.1, FINE),
        SHELL,
        tilt,
        Some(Facing {
            toward: forward,
            within: 0.72,
            color: face,
        }),
    );
    // The ERS-210's muzzle: below the head's front, the jaw hinged under it.
    if let Some(half) = look.muzzle {
        let at = along(along(centre, forward, look.head.0[0] - 6.0), head_up, -10.0);
        b.rounded(
            at,
            [forward, left, head_up],
            half,
            (0.6, COARSE),
            SHELL,
            tilt,
            None,
        );
    }
    // The mouth: a jaw under the face, open by the mouth joint's angle.
    let mouth = joint("MOUTH");
    let open = (-degrees(mouth)).clamp(0.0, 60.0).to_radians();
    let jaw = unit(along(forward, head_up, -open.tan()));
    let root = along(along(centre, forward, 10.0), head_up, -look.head.0[2] + 8.0);
    b.limb(
        (root, along(root, jaw, 30.0)),
        [15.0, 5.0],
        head_up,
        DARK,
        mouth,
    );
    // The ears: dark flaps on the head's sides, out when the joint is up.
    // A motion without ear joints (the ERS-210's DRX-900 has none) shows them at rest,
    // a little out; a click on one picks no joint.
    for (name, side) in [("LEFT_EAR", 1.0), ("RIGHT_EAR", -1.0)] {
        let ear = joint(name);
        let out = left.map(|c| c * side);
        let (length, half, up) = look.ear;
        let root = along(along(centre, out, look.head.0[1] - 8.0), head_up, up);
        let lift = ear.map_or(EAR_AT_REST, |_| degrees(ear).to_radians().min(1.2));
        let tip = along(
            along(root, head_up, length * lift.cos()),
            out,
            length * lift.sin() + 6.0,
        );
        b.limb((root, tip), half, forward, DARK, ear);
    }
    if let Some([from, to]) = body.tail {
        b.limb(
            (from, to),
            [look.tail, look.tail],
            [1.0, 0.0, 0.0],
            SHELL,
            tail_tilt,
        );
    }
}

/// The four legs: the cover over each upper leg, the joint at the knee, the lower leg's
/// cover, the paw.
fn legs(b: &mut Builder<'_>, (rig, look): (&Rig, &Look), body: &Body) {
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        let [j1, _, j3] = rig.leg_joints(leg);
        let [shoulder, knee, end] = body.legs[i];
        let out = outward(leg);
        b.limb((shoulder, knee), look.legs[0], out, SHELL, j1);
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
        b.limb((knee, end), look.legs[1], out, SHELL, j3);
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
