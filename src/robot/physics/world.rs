//! The links of [`super::model`] made into a rapier world: a rigid body per link, a
//! revolute joint with a motor between each and its parent (a constraint between two
//! bodies), and a floor.
//!
//! **Every joint is a constraint, none a multibody's.** Rapier's multibodies (a limb's chain
//! solved exactly) do not keep the robot's angular momentum when their motors turn a joint:
//! floating free, a robot swinging its front legs up at their top speed turned its torso
//! nine times as fast as the legs' inertia can turn it (a unit test holds this). On the floor
//! that tipped a sitting robot beckoning with both paws onto its chest (rapier's open issue
//! dimforge/rapier#656 describes the same). Constraints between bodies keep it.
//!
//! **Each link carries its servo's geared rotor** ([`ARMATURE_KG_M2`]): a motor's rotor seen
//! through its gearbox resists turning as a much heavier part would. Sony published neither
//! the rotors nor the gear ratios; a small motor's rotor through a gearbox of a few hundred
//! to one gives 10⁻³ kg·m² or more, so the figure here is well under what the real servos
//! have. It also holds the chains together for the solver: below about 1.5·10⁻⁵ kg·m² the
//! light leg links let the chains sag 10 to 20° under the body and Sony's walks fall in
//! their first second (measured).
//!
//! The physics works in metres, kilograms and seconds; the rest of the crate in millimetres
//! and degrees.

use rapier3d::prelude::*;

use super::model::{Link, Shape};
use crate::robot::kinematics::Vec3;

/// A physics step (s): four to a tick of 8 ms.
pub const STEP_S: f32 = 0.002;
/// How stiff a servo holds its angle (1/s², rapier's acceleration-based motor).
const SERVO_STIFFNESS: f32 = 4.0e5;
/// How a servo damps its motion (1/s).
const SERVO_DAMPING: f32 = 2.0e3;
/// The inertia each link's servo adds to it (kg·m², about every axis): its geared rotor (see
/// the module doc; an estimate, on the low side).
pub const ARMATURE_KG_M2: f32 = 4.0e-5;
/// The solver's iterations a step.
const SOLVER_ITERATIONS: usize = 4;

#[expect(clippy::cast_possible_truncation, reason = "millimetres to metres")]
pub(super) fn metres(v: Vec3) -> Vector {
    Vector::new(
        (v[0] / 1000.0) as f32,
        (v[1] / 1000.0) as f32,
        (v[2] / 1000.0) as f32,
    )
}

#[expect(clippy::cast_possible_truncation, reason = "unit vectors")]
fn direction(v: Vec3) -> Vector {
    Vector::new(v[0] as f32, v[1] as f32, v[2] as f32)
}

/// The robot in its world.
pub(super) struct Robot {
    /// The rapier world.
    pub world: PhysicsWorld,
    /// Each link's body.
    pub bodies: Vec<RigidBodyHandle>,
    /// Each link's joint (none for the torso).
    pub joints: Vec<Option<ImpulseJointHandle>>,
    /// Each link's parent and joint axis.
    links: Vec<(usize, Vector)>,
    /// The paw balls' colliders (`Leg::ALL` order), where the model has them.
    pub paws: Vec<ColliderHandle>,
    /// The floor's collider.
    pub floor: ColliderHandle,
}

pub(super) fn collider(shape: &Shape, origin: Vec3, friction: f32) -> Option<ColliderBuilder> {
    let local = |p: Vec3| metres([p[0] - origin[0], p[1] - origin[1], p[2] - origin[2]]);
    let builder = match shape {
        Shape::Ball { at, radius } => {
            #[expect(clippy::cast_possible_truncation, reason = "millimetres")]
            let r = (*radius / 1000.0) as f32;
            ColliderBuilder::ball(r).translation(local(*at))
        }
        Shape::Capsule { a, b, radius } => {
            #[expect(clippy::cast_possible_truncation, reason = "millimetres")]
            let r = (*radius / 1000.0) as f32;
            ColliderBuilder::capsule_from_endpoints(local(*a), local(*b), r)
        }
        Shape::Hull(points) => {
            let points: Vec<Vector> = points.iter().map(|&p| local(p)).collect();
            ColliderBuilder::convex_hull(&points)?
        }
    };
    Some(
        builder
            .density(0.0)
            .friction(friction)
            .restitution(0.0)
            .friction_combine_rule(CoefficientCombineRule::Min),
    )
}

/// A link's mass properties: `mass_g` at `com`, spread like a ball of 20 mm, and its
/// servo's rotor ([`ARMATURE_KG_M2`]).
#[expect(clippy::cast_possible_truncation, reason = "grams")]
fn mass(mass_g: f64, com: Vec3, origin: Vec3) -> MassProperties {
    let kg = (mass_g / 1000.0) as f32;
    let local = metres([com[0] - origin[0], com[1] - origin[1], com[2] - origin[2]]);
    let r = 0.02_f32;
    MassProperties::new(local, kg, Vector::splat(0.4 * kg * r * r + ARMATURE_KG_M2))
}

/// The robot's parts touch the floor, not each other.
fn robot_groups() -> InteractionGroups {
    InteractionGroups::new(Group::GROUP_1, Group::GROUP_2, InteractionTestMode::And)
}

/// Each link's pose in the world with the torso at `pose` and the joints at `angles`
/// (rapier's sense).
pub(super) fn link_poses(links: &[Link], pose: Pose, angles: &[f32]) -> Vec<Pose> {
    let mut poses: Vec<Pose> = Vec::with_capacity(links.len());
    for (i, link) in links.iter().enumerate() {
        if i == 0 {
            poses.push(pose);
            continue;
        }
        let parent = &links[link.parent];
        let at = poses.get(link.parent).copied().unwrap_or(pose);
        let offset = metres([
            link.origin[0] - parent.origin[0],
            link.origin[1] - parent.origin[1],
            link.origin[2] - parent.origin[2],
        ]);
        let turn =
            Rotation::from_axis_angle(direction(link.axis), angles.get(i).copied().unwrap_or(0.0));
        poses.push(at * Pose::from_parts(offset, turn));
    }
    poses
}

/// Builds the world for `links` on a floor of friction `mu`, the torso placed at `pose` and
/// each joint at `angles` (radians, in rapier's sense: already times the link's sign).
pub(super) fn build(
    links: &[Link],
    mu: f32,
    pose: Pose,
    angles: &[f32],
    torso_inertia: Vector,
) -> Robot {
    let mut world = PhysicsWorld::new();
    world.gravity = Vector::new(0.0, 0.0, -9.81);
    world.integration_parameters.dt = STEP_S;
    // The robot's size is tenths of a metre: the solver's allowed error and its contacts'
    // margins scale with this (the default, a metre, lets a paw sink 5 mm).
    world.integration_parameters.length_unit = 0.1;
    // One substep a step, solved four times over, friction held in the stabilising pass too.
    // Without that (the default), the pass that pushes the paws out of the floor let them
    // creep under the servos' load: the stand turned 25° in ten seconds unless the step was
    // cut into four substeps, at three times the cost. With it the stand moves 0.06 mm.
    world.integration_parameters.num_solver_iterations = 1;
    world.integration_parameters.num_internal_pgs_iterations = SOLVER_ITERATIONS;
    world.integration_parameters.friction_in_bias_pass = true;
    let ground =
        world.insert_body(RigidBodyBuilder::fixed().translation(Vector::new(0.0, 0.0, -0.05)));
    let floor = world.insert_collider(
        ColliderBuilder::cuboid(50.0, 50.0, 0.05)
            .friction(mu)
            .restitution(0.0)
            .friction_combine_rule(CoefficientCombineRule::Min)
            .collision_groups(InteractionGroups::new(
                Group::GROUP_2,
                Group::GROUP_1,
                InteractionTestMode::And,
            )),
        Some(ground),
    );
    let poses = link_poses(links, pose, angles);
    let mut bodies = Vec::with_capacity(links.len());
    let mut paws = Vec::new();
    for (i, (link, &at)) in links.iter().zip(&poses).enumerate() {
        let mut props = mass(link.mass_g, link.com, link.origin);
        if i == 0 {
            props = MassProperties::new(props.local_com, props.mass(), torso_inertia);
        }
        let body = RigidBodyBuilder::dynamic()
            .pose(at)
            .additional_mass_properties(props)
            .can_sleep(false);
        let handle = world.insert_body(body);
        for shape in &link.shapes {
            if let Some(c) = collider(shape, link.origin, 2.0) {
                let c = world.insert_collider(c.collision_groups(robot_groups()), Some(handle));
                if matches!(shape, Shape::Ball { .. }) {
                    paws.push(c);
                }
            }
        }
        bodies.push(handle);
    }
    let mut joints = vec![None];
    for (link, &child) in links.iter().zip(&bodies).skip(1) {
        let parent = &links[link.parent];
        let anchor = metres([
            link.origin[0] - parent.origin[0],
            link.origin[1] - parent.origin[1],
            link.origin[2] - parent.origin[2],
        ]);
        let joint = RevoluteJointBuilder::new(direction(link.axis))
            .local_anchor1(anchor)
            .local_anchor2(Vector::ZERO)
            .contacts_enabled(false)
            .motor_model(MotorModel::AccelerationBased)
            .motor_position(0.0, SERVO_STIFFNESS, SERVO_DAMPING)
            .motor_max_force(torque(link.torque_nm));
        joints.push(Some(world.insert_impulse_joint(
            bodies[link.parent],
            child,
            joint,
        )));
    }
    Robot {
        world,
        bodies,
        links: links
            .iter()
            .map(|l| (l.parent, direction(l.axis)))
            .collect(),
        joints,
        paws,
        floor,
    }
}

#[expect(clippy::cast_possible_truncation, reason = "newton-metres")]
fn torque(nm: f64) -> f32 {
    nm as f32
}

impl Robot {
    /// How hard the floor pushes on `collider` now (N): the contact impulses of the last
    /// step over its length.
    pub fn floor_force(&self, collider: ColliderHandle) -> f32 {
        self.world
            .narrow_phase
            .contact_pair(self.floor, collider)
            .map_or(0.0, |pair| pair.total_impulse_magnitude() / STEP_S)
    }

    /// Each link's joint angle (rapier's sense; 0 for the torso): its turn from its parent
    /// about its axis.
    pub fn angles(&self) -> Vec<f32> {
        let rotation = |h: RigidBodyHandle| {
            self.world
                .bodies
                .get(h)
                .map_or(Rotation::IDENTITY, |b| b.position().rotation)
        };
        self.bodies
            .iter()
            .zip(&self.links)
            .enumerate()
            .map(|(i, (&body, &(parent, axis)))| {
                if i == 0 {
                    return 0.0;
                }
                let relative = rotation(self.bodies[parent]).inverse() * rotation(body);
                let along = Vector::new(relative.x, relative.y, relative.z).dot(axis);
                2.0 * along.atan2(relative.w)
            })
            .map(|a| {
                // Within half a turn either way.
                let tau = std::f32::consts::TAU;
                a - (a / tau).round() * tau
            })
            .collect()
    }

    /// Drives each joint toward `targets` (rapier's sense) at `speeds` (rad/s).
    pub fn drive(&mut self, targets: &[f32], speeds: &[f32]) {
        for ((joint, &target), &speed) in self.joints.iter().zip(targets).zip(speeds) {
            let data = joint
                .and_then(|handle| self.world.impulse_joints.get_mut(handle, false))
                .map(|j| &mut j.data);
            if let Some(data) = data {
                data.set_motor(
                    JointAxis::AngX,
                    target,
                    speed,
                    SERVO_STIFFNESS,
                    SERVO_DAMPING,
                );
            }
        }
    }

    /// The torso's pose.
    pub fn torso(&self) -> Pose {
        self.bodies
            .first()
            .and_then(|&h| self.world.bodies.get(h))
            .map_or(Pose::IDENTITY, |b| *b.position())
    }
}
