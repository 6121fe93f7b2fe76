//! The parts of the body that can touch the floor, and where its mass is, for a pose.
//!
//! Positions are in the body frame of [`kinematics`] (x forward, y left, z up, millimetres,
//! origin between the four J1 axes at shoulder height).
//!
//! **The mass model is an estimate from the links' sizes**, not a measurement: Sony published
//! the ERS-7's total mass (about 1.65 kg with its battery) and the ERS-210's (about 1.5 kg) but
//! no per-part masses. The torso (with the battery, low in the belly) takes most of it, the head
//! about a sixth, each leg about 7% split between its upper and lower link, the tail little.
//! The torso's outline (its chest, belly and rear corners) is likewise estimated from the
//! shoulder and hip positions and photographs, then checked against Sony's own body angles
//! (`tests/suite/floor.rs`).

use super::super::kinematics::{self, Geometry, Leg, Vec3};
use super::super::models::Model;
use crate::robot::{joint_name, urad_to_deg};

/// A part of the body that can rest on the floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// A paw (the ball at the end of a leg).
    Paw(Leg),
    /// A front leg's elbow or a hind leg's knee.
    Knee(Leg),
    /// The underside of the head.
    Chin,
    /// The front corners of the chest (left, right).
    Chest(Side),
    /// The rear corners of the belly (left, right).
    Belly(Side),
    /// The rear corners of the body (left, right).
    Rear(Side),
    /// Where the tail leaves the body.
    TailBase,
}

/// Left or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The robot's left.
    Left,
    /// The robot's right.
    Right,
}

impl Side {
    fn sign(self) -> f64 {
        match self {
            Self::Left => 1.0,
            Self::Right => -1.0,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Self::Left => "left",
            Self::Right => "right",
        }
    }
}

/// The short name of a leg, as the joint names have it ("FL", "BR", ...).
#[must_use]
pub fn leg_name(leg: Leg) -> &'static str {
    match leg {
        Leg::LeftFront => "FL",
        Leg::LeftHind => "BL",
        Leg::RightFront => "FR",
        Leg::RightHind => "BR",
    }
}

impl Part {
    /// The part's name as the stage and the command line print it ("FL paw", "chest left").
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Self::Paw(leg) => format!("{} paw", leg_name(leg)),
            Self::Knee(leg) if matches!(leg, Leg::LeftFront | Leg::RightFront) => {
                format!("{} elbow", leg_name(leg))
            }
            Self::Knee(leg) => format!("{} knee", leg_name(leg)),
            Self::Chin => "chin".to_owned(),
            Self::Chest(side) => format!("chest {}", side.word()),
            Self::Belly(side) => format!("belly {}", side.word()),
            Self::Rear(side) => format!("rear {}", side.word()),
            Self::TailBase => "tail base".to_owned(),
        }
    }

    /// Whether this is a paw.
    #[must_use]
    pub fn is_paw(self) -> bool {
        matches!(self, Self::Paw(_))
    }

    /// Whether this is a point of the torso (a corner of the chest, the belly or the rear,
    /// or the tail's base).
    #[must_use]
    pub fn is_torso(self) -> bool {
        matches!(
            self,
            Self::Chest(_) | Self::Belly(_) | Self::Rear(_) | Self::TailBase
        )
    }

    /// Whether a body lying on this part rolled over has fallen: an elbow or a knee, the
    /// head, a corner of the chest. (Not the paws, nor the rump a sit rests on and leans
    /// over on: a sitting robot waving a paw leans 20 to 30 degrees onto a haunch.)
    #[must_use]
    pub fn is_fallen_on(self) -> bool {
        matches!(self, Self::Knee(_) | Self::Chin | Self::Chest(_))
    }
}

/// One point that can touch the floor: a ball of `radius` around `at`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    /// Which part.
    pub part: Part,
    /// Its centre in the body frame.
    pub at: Vec3,
    /// Its radius (0 for a corner).
    pub radius: f64,
}

/// The most points a pose has that can touch the floor.
pub const MAX_TOUCHES: usize = 20;

/// A posed body: what can touch the floor, its centre of mass, and the drawn links.
#[derive(Clone, Debug, PartialEq)]
pub struct Body {
    /// The points that can touch the floor.
    pub touches: Vec<Touch>,
    /// The centre of mass, body frame.
    pub com: Vec3,
    /// Each leg's shoulder, knee and end point (`Leg::ALL` order).
    pub legs: [[Vec3; 3]; 4],
    /// The neck's base, the nod joint, and the head's front (the camera).
    pub head: [Vec3; 3],
    /// The tail's base and tip (None on a model without a tail joint).
    pub tail: Option<[Vec3; 2]>,
    /// The torso's corners: bottom then top, each front-left, front-right, rear-right,
    /// rear-left.
    pub torso: [Vec3; 8],
    /// The chin (where the mouth hinges).
    pub chin: Vec3,
}

/// A model's outline and masses (see the module doc for where the numbers come from).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Build {
    /// Chest corners (front, bottom), left side.
    pub(super) chest: Vec3,
    /// Belly corners (rear, bottom), left side.
    pub(super) belly: Vec3,
    /// Rear corners (rear, up), left side.
    pub(super) rear: Vec3,
    /// Paw ball radius.
    pub(super) paw_radius: f64,
    /// How far up the lower leg from the leg's end point the ball's centre is (the ERS-7's
    /// lower leg is measured to the pad, the others' to the ball's centre).
    pub(super) ball_inset: f64,
    /// Elbow and knee radius.
    pub(super) knee_radius: f64,
    /// The neck's length to the nod joint.
    pub(super) neck: f64,
    /// Nod joint to the camera.
    pub(super) face: f64,
    /// Nod joint to the chin, in the head's frame (forward, down).
    pub(super) chin: [f64; 2],
    /// Tail length.
    pub(super) tail: f64,
    /// The torso's top, above the shoulders.
    pub(super) top: f64,
    /// Masses in grams: torso, head, neck, upper leg, lower leg, tail.
    pub(super) mass: [f64; 6],
    /// The torso's own centre of mass.
    pub(super) torso_com: Vec3,
}

pub(super) fn build(model: Model) -> Build {
    match model {
        Model::Ers7 => Build {
            chest: [86.5, 42.0, -53.5],
            belly: [-73.0, 42.0, -54.0],
            rear: [-111.5, 38.0, -44.5],
            paw_radius: 12.5,
            ball_inset: 12.5,
            knee_radius: 7.5,
            neck: 80.0,
            face: 81.0,
            chin: [45.0, 30.0],
            tail: 86.0,
            top: 35.0,
            mass: [950.0, 250.0, 50.0, 60.0, 40.0, 20.0],
            torso_com: [7.5, 0.0, -6.0],
        },
        Model::Ers210 | Model::Ers310 => Build {
            chest: [90.0, 40.0, -35.0],
            belly: [-90.0, 40.0, -35.0],
            rear: [-95.0, 35.0, 20.0],
            paw_radius: 14.0,
            ball_inset: 14.0,
            knee_radius: 10.0,
            neck: 48.0,
            face: 67.0,
            chin: [40.0, 30.0],
            tail: 60.0,
            top: 40.0,
            mass: [850.0, 230.0, 40.0, 55.0, 40.0, 15.0],
            // 10 mm ahead, not 20 as first estimated: at the middle the agreement with
            // Sony's stored body angles loses two keyframes, and at 10 mm the sit rests on
            // four paws pitched as Sony's (the README's mass model).
            torso_com: [10.0, 0.0, 0.0],
        },
        Model::Ers110 => Build {
            chest: [70.0, 30.0, -30.0],
            belly: [-80.0, 30.0, -30.0],
            rear: [-85.0, 28.0, 15.0],
            paw_radius: 12.0,
            ball_inset: 0.0,
            knee_radius: 9.0,
            neck: 40.0,
            face: 60.0,
            chin: [35.0, 25.0],
            tail: 60.0,
            top: 30.0,
            mass: [800.0, 200.0, 40.0, 50.0, 35.0, 15.0],
            torso_com: [-5.0, 0.0, 0.0],
        },
    }
}

/// A model's outline sizes (mm) and masses (grams), as the floor model has them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline {
    /// The torso's mass, with the battery.
    pub torso_mass_g: f64,
    /// The torso's own centre of mass (body frame).
    pub torso_com: Vec3,
    /// The head's mass.
    pub head_mass_g: f64,
    /// The neck's mass.
    pub neck_mass_g: f64,
    /// Each upper leg's mass.
    pub upper_mass_g: f64,
    /// Each lower leg's mass.
    pub lower_mass_g: f64,
    /// The tail's mass.
    pub tail_mass_g: f64,
    /// The elbows' and knees' radius.
    pub knee_radius: f64,
    /// The paw balls' radius.
    pub paw_radius: f64,
    /// The neck's length to the nod joint.
    pub neck: f64,
    /// Nod joint to the camera.
    pub face: f64,
    /// Nod joint to the chin (forward, down).
    pub chin: [f64; 2],
    /// The tail's length.
    pub tail: f64,
}

/// A leg's three joints by name.
const LEG_JOINTS: [&str; 3] = ["LEG_VERT", "LEG_LAT", "LEG_KNEE"];

/// A command this far beyond its servo's stop (degrees) is beyond it (a file's rounding
/// is not).
const BEYOND_STOP_DEG: f64 = 0.5;

/// Where a motion's joints are in its value rows, for posing its body quickly tick after
/// tick.
#[derive(Clone, Debug)]
pub struct Rig {
    /// The model.
    pub model: Model,
    geometry: Geometry,
    pub(super) build: Build,
    legs: [[Option<usize>; 3]; 4],
    head: [Option<usize>; 3],
    tail: [Option<usize>; 2],
    /// Where each column's servo stops (degrees; `robot::servo_stops`): a command beyond
    /// is posed at the stop, as the robot takes it.
    stops: Vec<Option<(f64, f64)>>,
}

fn scaled(v: Vec3, k: f64) -> Vec3 {
    [v[0] * k, v[1] * k, v[2] * k]
}

fn add(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

fn mid(a: Vec3, b: Vec3) -> Vec3 {
    scaled(add(a, b), 0.5)
}

fn length(v: Vec3) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

/// `v` turned about y by `angle` (radians; positive turns x toward -z, nose down).
fn rot_y(angle: f64, v: Vec3) -> Vec3 {
    let (s, c) = angle.sin_cos();
    [c * v[0] + s * v[2], v[1], -s * v[0] + c * v[2]]
}

fn rot_z(angle: f64, v: Vec3) -> Vec3 {
    let (s, c) = angle.sin_cos();
    [c * v[0] - s * v[1], s * v[0] + c * v[1], v[2]]
}

impl Body {
    /// The parts that can touch the floor, in the order of [`Body::touches`]: the same for
    /// every pose of a rig ([`Rig::parts`]), so one posed already need not be posed again.
    #[must_use]
    pub fn parts(&self) -> Vec<Part> {
        self.touches.iter().map(|t| t.part).collect()
    }
}

impl Rig {
    /// The rig of a motion's joints under `model`; joints the motion lacks stay at 0.
    #[must_use]
    pub fn new(model: Model, design: &str, locators: &[String]) -> Self {
        let index = |name: &str| locators.iter().position(|l| joint_name(design, l) == name);
        let legs = Leg::ALL
            .map(|leg| LEG_JOINTS.map(|joint| index(&format!("{}_{joint}", leg_name(leg)))));
        Self {
            model,
            geometry: kinematics::geometry(model),
            build: build(model),
            legs,
            head: ["HEAD_PITCH", "HEAD_YAW", "HEAD_PITCH2"].map(index),
            tail: ["TAIL_VERT", "TAIL_HORZ"].map(index),
            stops: locators
                .iter()
                .map(|l| crate::robot::servo_stops(model, l))
                .collect(),
        }
    }

    /// The joints it poses (legs, head, tail) commanded beyond where their servos stop in
    /// `values`: each one's column, command and stop (degrees), in column order.
    #[must_use]
    pub fn beyond_stops(&self, values: &[i32]) -> Vec<(usize, f64, f64)> {
        let mut posed: Vec<usize> = self
            .legs
            .iter()
            .flatten()
            .chain(&self.head)
            .chain(&self.tail)
            .flatten()
            .copied()
            .collect();
        posed.sort_unstable();
        posed
            .into_iter()
            .filter_map(|j| {
                let (low, high) = self.stops.get(j).copied().flatten()?;
                let deg = urad_to_deg(*values.get(j)?);
                let at = deg.max(low).min(high);
                ((deg - at).abs() > BEYOND_STOP_DEG).then_some((j, deg, at))
            })
            .collect()
    }

    /// The parts that can touch the floor, in the order of [`Body::touches`] (and of the
    /// bits of [`super::Rest::contacts`]).
    #[must_use]
    pub fn parts(&self) -> Vec<Part> {
        self.pose(&[]).parts()
    }

    /// The joint columns of a leg (J1, J2, J3), where the motion has them.
    #[must_use]
    pub fn leg_joints(&self, leg: Leg) -> [Option<usize>; 3] {
        let i = Leg::ALL.iter().position(|&l| l == leg).unwrap_or(0);
        self.legs[i]
    }

    /// The head's joint columns (tilt, pan, nod) and the tail's (tilt, pan).
    #[must_use]
    pub fn head_and_tail_joints(&self) -> ([Option<usize>; 3], [Option<usize>; 2]) {
        (self.head, self.tail)
    }

    /// The model's link lengths and joint places.
    #[must_use]
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// How far up the lower leg from its tip the paw ball's centre is (mm).
    #[must_use]
    pub fn ball_inset_mm(&self) -> f64 {
        self.build.ball_inset
    }

    /// The paw balls' radius (mm): a paw whose ball's centre is this high stands on the floor.
    #[must_use]
    pub fn paw_radius_mm(&self) -> f64 {
        self.build.paw_radius
    }

    /// The outline's sizes and the masses (see the module doc for where they come from),
    /// for the physics' bodies.
    #[must_use]
    pub fn outline(&self) -> Outline {
        let b = &self.build;
        Outline {
            torso_mass_g: b.mass[0],
            torso_com: b.torso_com,
            head_mass_g: b.mass[1],
            neck_mass_g: b.mass[2],
            upper_mass_g: b.mass[3],
            lower_mass_g: b.mass[4],
            tail_mass_g: b.mass[5],
            knee_radius: b.knee_radius,
            paw_radius: b.paw_radius,
            neck: b.neck,
            face: b.face,
            chin: b.chin,
            tail: b.tail,
        }
    }

    /// Whether the model's proportions are measured (false: approximate).
    #[must_use]
    pub fn measured(&self) -> bool {
        self.geometry.measured
    }

    /// The body posed at `values` (one per locator, microradians).
    #[must_use]
    pub fn pose(&self, values: &[i32]) -> Body {
        let b = &self.build;
        let torso = b.mass[0];
        let mut touches = Vec::with_capacity(MAX_TOUCHES);
        let mut mass = Mass {
            moment: scaled(b.torso_com, torso),
            total: torso,
        };
        let legs = self.pose_legs(values, &mut touches, &mut mass);
        push_corners(b, &mut touches);
        let (head, chin) = self.pose_head(values, &mut touches, &mut mass);
        let tail = self.pose_tail(values, &mut mass);
        touches.push(Touch {
            part: Part::TailBase,
            at: self.geometry.tail,
            radius: 0.0,
        });
        Body {
            touches,
            com: scaled(mass.moment, 1.0 / mass.total),
            legs,
            head,
            tail,
            torso: torso_box(b),
            chin,
        }
    }

    /// The angle of the joint at column `index` in `values` (degrees; 0 where the motion
    /// has no such column): a command beyond its servo's stop is posed at the stop.
    fn posed_deg(&self, values: &[i32], index: Option<usize>) -> f64 {
        let Some((j, &v)) = index.and_then(|j| Some((j, values.get(j)?))) else {
            return 0.0;
        };
        let deg = urad_to_deg(v);
        self.stops
            .get(j)
            .copied()
            .flatten()
            .map_or(deg, |(low, high)| deg.max(low).min(high))
    }

    /// Each leg's shoulder, knee and end point posed at `values`, its paw and knee added to
    /// the touches and its links' masses to the mass.
    fn pose_legs(
        &self,
        values: &[i32],
        touches: &mut Vec<Touch>,
        mass: &mut Mass,
    ) -> [[Vec3; 3]; 4] {
        let b = &self.build;
        let [_, _, _, upper_mass, lower_mass, _] = b.mass;
        let mut legs = [[[0.0; 3]; 3]; 4];
        for ((leg, joints), slot) in Leg::ALL.into_iter().zip(self.legs).zip(&mut legs) {
            let [j1, j2, j3] = joints.map(|j| self.posed_deg(values, j));
            let [shoulder, knee, pad] = kinematics::leg_points(&self.geometry, leg, j1, j2, j3);
            *slot = [shoulder, knee, pad];
            let lower = sub(pad, knee);
            let ball = add(pad, scaled(lower, -b.ball_inset / length(lower).max(1.0)));
            touches.push(Touch {
                part: Part::Paw(leg),
                at: ball,
                radius: b.paw_radius,
            });
            touches.push(Touch {
                part: Part::Knee(leg),
                at: knee,
                radius: b.knee_radius,
            });
            mass.moment = add(mass.moment, scaled(mid(shoulder, knee), upper_mass));
            mass.moment = add(mass.moment, scaled(mid(knee, pad), lower_mass));
            mass.total += upper_mass + lower_mass;
        }
        legs
    }

    /// The head posed at `values`: the neck's base, the nod joint and the camera, and the
    /// chin (added to the touches); the neck's and the head's masses added to the mass.
    /// Tilt (up is plus) turns the neck, the nod joint adds to it, pan turns the head.
    fn pose_head(
        &self,
        values: &[i32],
        touches: &mut Vec<Touch>,
        mass: &mut Mass,
    ) -> ([Vec3; 3], Vec3) {
        let b = &self.build;
        let [_, head_mass, neck_mass, _, _, _] = b.mass;
        let [tilt, pan, nod] = self.head.map(|j| self.posed_deg(values, j));
        let base = self.geometry.neck;
        let top = add(base, rot_y(-tilt.to_radians(), [0.0, 0.0, b.neck]));
        let head_turn = |v: Vec3| rot_z(pan.to_radians(), rot_y(-(tilt + nod).to_radians(), v));
        let camera = add(top, head_turn([b.face, 0.0, 0.0]));
        let chin = add(top, head_turn([b.chin[0], 0.0, -b.chin[1]]));
        touches.push(Touch {
            part: Part::Chin,
            at: chin,
            radius: 0.0,
        });
        mass.moment = add(mass.moment, scaled(mid(base, top), neck_mass));
        mass.moment = add(mass.moment, scaled(mid(top, mid(camera, chin)), head_mass));
        mass.total += neck_mass + head_mass;
        ([base, top, camera], chin)
    }

    /// The tail's base and tip posed at `values` (none on a model without a tail joint),
    /// its mass added to the mass.
    fn pose_tail(&self, values: &[i32], mass: &mut Mass) -> Option<[Vec3; 2]> {
        let b = &self.build;
        let tail = self.tail[0].map(|_| {
            let [tilt, pan] = self.tail.map(|j| self.posed_deg(values, j));
            let dir = rot_z(
                pan.to_radians(),
                rot_y(-tilt.to_radians(), [0.0, 0.0, b.tail]),
            );
            [self.geometry.tail, add(self.geometry.tail, dir)]
        });
        if let Some([from, to]) = tail {
            mass.moment = add(mass.moment, scaled(mid(from, to), b.mass[5]));
            mass.total += b.mass[5];
        }
        tail
    }
}

/// The mass of a body gathered so far: its moment (grams times millimetres, body frame)
/// and its total (grams).
struct Mass {
    moment: Vec3,
    total: f64,
}

/// Adds the torso's corners that can touch the floor: the chest's, the belly's and the
/// rear's, left then right.
fn push_corners(b: &Build, touches: &mut Vec<Touch>) {
    for side in [Side::Left, Side::Right] {
        let y = |p: Vec3| [p[0], p[1] * side.sign(), p[2]];
        for (part, at) in [
            (Part::Chest(side), b.chest),
            (Part::Belly(side), b.belly),
            (Part::Rear(side), b.rear),
        ] {
            touches.push(Touch {
                part,
                at: y(at),
                radius: 0.0,
            });
        }
    }
}

/// The torso's corners as drawn: bottom then top, each front-left, front-right, rear-right,
/// rear-left.
fn torso_box(b: &Build) -> [Vec3; 8] {
    let (front, rear) = (b.chest, b.rear);
    [
        front,
        [front[0], -front[1], front[2]],
        [rear[0], -rear[1], rear[2]],
        rear,
        [front[0] + 10.0, front[1], b.top],
        [front[0] + 10.0, -front[1], b.top],
        [rear[0], -rear[1], b.top],
        [rear[0], rear[1], b.top],
    ]
}
