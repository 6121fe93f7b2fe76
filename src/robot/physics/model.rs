//! The robot as rigid bodies joined by servos, built from the rig the stage and the floor
//! model use: the same link lengths ([`kinematics`]), the same outline and masses
//! (`floor::body`).
//!
//! Every link's frame is the body frame moved to its joint at zero angles, so each joint
//! turns about a fixed axis of its parent: a leg is J1 (about y) then J2 (about x) at the
//! shoulder, then J3 (about y) at the knee, as [`kinematics::leg_points`] composes them. The
//! head is tilt at the neck's base, then pan and nod at its top; the tail pan then tilt.
//!
//! **The servos' torque is an estimate.** Sony published no torque for the ERS-7's or the
//! ERS-210's servos. 1.6 N·m at a leg joint is about three times what one leg carries when
//! the robot stands on two diagonal paws (half of 16 N at about 70 mm), the least a robot
//! that trots must have; 0.8 N·m at the head and the tail holds the head out level with room
//! to spare (2.5 N at about 70 mm).

use super::super::floor::{Body, Outline, Rig};
use super::super::kinematics::{self, Leg, Vec3};

/// The torque a leg joint's servo gives at most (N·m; an estimate, see the module doc).
pub const LEG_TORQUE_NM: f64 = 1.6;
/// The torque the head's and the tail's servos give at most (N·m; an estimate).
pub const HEAD_TORQUE_NM: f64 = 0.8;
/// The mass of the gearbox between two joints at one place (a leg's J1 and J2, the head's
/// pan and nod), a link of no length: taken from the link after it, so the masses are the
/// floor model's (grams; enough for the solver to hold the chain).
const GEAR_MASS_G: f64 = 20.0;
/// The tail's gearbox (its link is light).
const TAIL_GEAR_MASS_G: f64 = 5.0;

/// One shape of a link, in the body frame at zero angles (millimetres).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Shape {
    /// A ball.
    Ball { at: Vec3, radius: f64 },
    /// A capsule from `a` to `b`.
    Capsule { a: Vec3, b: Vec3, radius: f64 },
    /// The hull of these points.
    Hull(Vec<Vec3>),
}

/// One link of the robot: a rigid body, the joint that carries it and what it touches with.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Link {
    /// The link it hangs from (an index into the links; the torso, link 0, hangs from none).
    pub parent: usize,
    /// Its joint's place in the body frame at zero angles (mm).
    pub origin: Vec3,
    /// The joint's axis.
    pub axis: Vec3,
    /// The motion's column that drives it (none: held at zero).
    pub column: Option<usize>,
    /// The joint turns by `sign` times the file's angle about `axis`.
    pub sign: f64,
    /// Its mass (grams) and where that is (body frame at zero angles, mm).
    pub mass_g: f64,
    /// Where its mass is.
    pub com: Vec3,
    /// Its shapes (the mass is not taken from them).
    pub shapes: Vec<Shape>,
    /// The servo's torque (N·m).
    pub torque_nm: f64,
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn mid(a: Vec3, b: Vec3) -> Vec3 {
    [
        (a[0] + b[0]) / 2.0,
        (a[1] + b[1]) / 2.0,
        (a[2] + b[2]) / 2.0,
    ]
}

const X: Vec3 = [1.0, 0.0, 0.0];
const Y: Vec3 = [0.0, 1.0, 0.0];
const Z: Vec3 = [0.0, 0.0, 1.0];

/// The links of a rig, the torso first.
pub(super) fn links(rig: &Rig) -> Vec<Link> {
    let zero = rig.pose(&[]);
    let build = rig.outline();
    let mut out = vec![torso_link(&zero, &build)];
    for (i, leg) in Leg::ALL.into_iter().enumerate() {
        push_leg(&mut out, rig, &zero, &build, leg);
        debug_assert!(i < 4);
    }
    push_head(&mut out, rig, &build);
    push_tail(&mut out, rig, &build);
    out
}

/// The torso's link: the drawn box, and every point of the torso the rest model rests on
/// (the belly's rear corners lie below the box's slope from the chest to the rear on the
/// ERS-210).
fn torso_link(zero: &Body, build: &Outline) -> Link {
    let torso_points: Vec<Vec3> = zero
        .torso
        .iter()
        .copied()
        .chain(
            zero.touches
                .iter()
                .filter(|t| t.part.is_torso())
                .map(|t| t.at),
        )
        .collect();
    Link {
        parent: 0,
        origin: [0.0; 3],
        axis: Z,
        column: None,
        sign: 1.0,
        mass_g: build.torso_mass_g,
        com: build.torso_com,
        shapes: vec![Shape::Hull(torso_points)],
        torque_nm: 0.0,
    }
}

/// Adds a leg's three links: the shoulder's gearbox (J1), the upper leg (J2) and the lower
/// leg with its paw (J3).
fn push_leg(out: &mut Vec<Link>, rig: &Rig, zero: &Body, build: &Outline, leg: Leg) {
    let [j1, j2, j3] = rig.leg_joints(leg);
    let [shoulder, knee, pad] = kinematics::leg_points(rig.geometry(), leg, 0.0, 0.0, 0.0);
    let ball = zero
        .touches
        .iter()
        .find(|t| t.part.is_paw() && t.part == paw_part(leg));
    let ball = ball.map_or(pad, |t| t.at);
    let front = if leg.is_front() { -1.0 } else { 1.0 };
    let right = if matches!(leg, Leg::RightFront | Leg::RightHind) {
        -1.0
    } else {
        1.0
    };
    let gear = out.len();
    out.push(Link {
        parent: 0,
        origin: shoulder,
        axis: Y,
        column: j1,
        sign: front,
        mass_g: GEAR_MASS_G,
        com: shoulder,
        shapes: Vec::new(),
        torque_nm: LEG_TORQUE_NM,
    });
    let upper = out.len();
    out.push(Link {
        parent: gear,
        origin: shoulder,
        axis: X,
        column: j2,
        sign: right,
        mass_g: build.upper_mass_g - GEAR_MASS_G,
        com: mid(shoulder, knee),
        shapes: vec![Shape::Capsule {
            a: shoulder,
            b: knee,
            radius: build.knee_radius,
        }],
        torque_nm: LEG_TORQUE_NM,
    });
    out.push(Link {
        parent: upper,
        origin: knee,
        axis: Y,
        column: j3,
        sign: front,
        mass_g: build.lower_mass_g,
        com: mid(knee, pad),
        shapes: vec![
            Shape::Capsule {
                a: knee,
                b: ball,
                radius: build.knee_radius * 0.7,
            },
            Shape::Ball {
                at: ball,
                radius: build.paw_radius,
            },
        ],
        torque_nm: LEG_TORQUE_NM,
    });
}

/// Adds the head's three links: the neck (tilt), the gearbox at its top (pan) and the head
/// (nod).
fn push_head(out: &mut Vec<Link>, rig: &Rig, build: &Outline) {
    let (head, _) = rig.head_and_tail_joints();
    let [tilt, pan, nod] = head;
    let base = rig.geometry().neck;
    let top = add(base, [0.0, 0.0, build.neck]);
    let neck = out.len();
    out.push(Link {
        parent: 0,
        origin: base,
        axis: Y,
        column: tilt,
        sign: -1.0,
        mass_g: build.neck_mass_g,
        com: mid(base, top),
        shapes: vec![Shape::Capsule {
            a: base,
            b: top,
            radius: 15.0,
        }],
        torque_nm: HEAD_TORQUE_NM,
    });
    let turn = out.len();
    out.push(Link {
        parent: neck,
        origin: top,
        axis: Z,
        column: pan,
        sign: 1.0,
        mass_g: GEAR_MASS_G,
        com: top,
        shapes: Vec::new(),
        torque_nm: HEAD_TORQUE_NM,
    });
    let camera = add(top, [build.face, 0.0, 0.0]);
    let chin = add(top, [build.chin[0], 0.0, -build.chin[1]]);
    let head_points: Vec<Vec3> = [top, camera, chin, add(top, [0.0, 0.0, 30.0])]
        .into_iter()
        .flat_map(|p| [add(p, [0.0, 30.0, 0.0]), add(p, [0.0, -30.0, 0.0])])
        .collect();
    out.push(Link {
        parent: turn,
        origin: top,
        axis: Y,
        column: nod,
        sign: -1.0,
        mass_g: build.head_mass_g - GEAR_MASS_G,
        com: mid(top, mid(camera, chin)),
        shapes: vec![Shape::Hull(head_points)],
        torque_nm: HEAD_TORQUE_NM,
    });
}

/// Adds the tail's two links (its gearbox, pan; the tail, tilt), where the rig has a tail.
fn push_tail(out: &mut Vec<Link>, rig: &Rig, build: &Outline) {
    let (_, tail) = rig.head_and_tail_joints();
    if tail[0].is_some() {
        let root = rig.geometry().tail;
        let tip = add(root, [0.0, 0.0, build.tail]);
        let swing = out.len();
        out.push(Link {
            parent: 0,
            origin: root,
            axis: Z,
            column: tail[1],
            sign: 1.0,
            mass_g: TAIL_GEAR_MASS_G,
            com: root,
            shapes: Vec::new(),
            torque_nm: HEAD_TORQUE_NM,
        });
        out.push(Link {
            parent: swing,
            origin: root,
            axis: Y,
            column: tail[0],
            sign: -1.0,
            mass_g: build.tail_mass_g - TAIL_GEAR_MASS_G,
            com: mid(root, tip),
            shapes: vec![Shape::Capsule {
                a: root,
                b: tip,
                radius: 6.0,
            }],
            torque_nm: HEAD_TORQUE_NM,
        });
    }
}

fn paw_part(leg: Leg) -> super::super::floor::Part {
    super::super::floor::Part::Paw(leg)
}
