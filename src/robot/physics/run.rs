//! The simulation's loop: the robot placed as the rest model has its first pose, then tick by
//! tick each servo moved toward its command by at most its top speed
//! (`docs/formats/robots.md#servo-speeds`, as the timeline's servo path does), driven there
//! with at most its torque, four physics steps to a tick; and each tick read back.

use rapier3d::prelude::*;

use super::judge::{self, Judge, Played, Reach, Stepped};
use super::model::{self, Link};
use super::simulation::{Settings, SimulateError, Simulation, Tick};
use super::world::{self, Robot};
use crate::codec::mtn::Motion;
use crate::robot::floor::{self, Rig};
use crate::robot::speed_bound::speed_bounds;
use crate::robot::timing::{TICK_MS, for_each_tick, tick_count};
use crate::robot::{deg_to_urad, urad_to_deg};

/// The most ticks simulated (with the repeats): about 17 minutes of motion, half a minute
/// of simulating.
pub const MAX_SIMULATED_TICKS: u64 = 1 << 17;
/// Ticks the first pose is held before the motion starts, for the body to settle on the
/// floor (not reported).
pub const LEAD_IN_TICKS: u64 = 32;
/// Ticks the last command is held after the motion ends (reported: a slow fall shows).
pub const TAIL_TICKS: u64 = 64;
/// A motion of one keyframe is its pose held this many ticks (one second).
const POSE_TICKS: u64 = 125;
/// Physics steps in a tick.
const STEPS_PER_TICK: u32 = 4;
/// A touch this near the floor (mm) touches it.
const TOUCH_GAP_MM: f64 = 2.0;
/// A paw the floor pushes on this hard (N, about a fifth of the ERS-7's weight) carries
/// weight: only such a paw's slide along the floor is a slip (a paw brushing the floor as
/// it lifts or lands is not).
pub const CARRYING_N: f32 = 3.0;

/// One play of the motion's commands: `ticks` rows of one value per column (µrad).
struct Commands {
    columns: usize,
    values: Vec<i32>,
}

impl Commands {
    fn of(motion: &Motion) -> Self {
        let columns = motion.keyframes.joint_count();
        let mut values = Vec::new();
        for_each_tick(&motion.keyframes, |_, row| values.extend_from_slice(row));
        if values.is_empty()
            && let Some(first) = motion.keyframes.iter().next()
        {
            for _ in 0..POSE_TICKS {
                values.extend_from_slice(first.angles_urad);
            }
        }
        Self { columns, values }
    }

    fn ticks(&self) -> u64 {
        (self.values.len() / self.columns.max(1)) as u64
    }

    fn row(&self, tick: u64) -> &[i32] {
        let ticks = self.ticks().max(1);
        let i = usize::try_from(tick % ticks).unwrap_or(0) * self.columns;
        self.values.get(i..i + self.columns).unwrap_or(&[])
    }
}

/// Radians from µrad, within a turn either way (a file's wild angle is not wound up).
#[expect(clippy::cast_possible_truncation, reason = "radians")]
fn radians(urad: i32) -> f32 {
    (urad_to_deg(urad).clamp(-180.0, 180.0).to_radians()) as f32
}

/// The torso's inertia (kg·m²) as a box of its outline's size.
pub(super) fn torso_inertia(links: &[Link]) -> Vector {
    let mut lo = [f64::MAX; 3];
    let mut hi = [f64::MIN; 3];
    if let Some(model::Shape::Hull(points)) = links.first().and_then(|l| l.shapes.first()) {
        for p in points {
            for i in 0..3 {
                lo[i] = lo[i].min(p[i]);
                hi[i] = hi[i].max(p[i]);
            }
        }
    }
    let size = [0, 1, 2].map(|i| ((hi[i] - lo[i]) / 1000.0).max(0.01));
    let m = links.first().map_or(1.0, |l| l.mass_g / 1000.0);
    let k = |a: f64, b: f64| {
        #[expect(clippy::cast_possible_truncation, reason = "kg·m²")]
        let v = (m / 12.0 * (a * a + b * b)) as f32;
        v
    };
    Vector::new(
        k(size[1], size[2]),
        k(size[0], size[2]),
        k(size[0], size[1]),
    )
}

pub(super) fn simulate(
    motion: &Motion,
    settings: Settings,
    progress: &mut dyn FnMut(f32) -> bool,
) -> Result<Simulation, SimulateError> {
    let rig = floor::rig(motion).ok_or_else(|| SimulateError::NoModel(motion.design.clone()))?;
    if motion.keyframes.is_empty() || motion.keyframes.joint_count() == 0 {
        return Err(SimulateError::Empty);
    }
    let repeat = u64::from(settings.repeat.max(1));
    let cycle = tick_count(&motion.keyframes).max(POSE_TICKS);
    let total = cycle.saturating_mul(repeat).saturating_add(TAIL_TICKS);
    if total > MAX_SIMULATED_TICKS {
        return Err(SimulateError::TooLong {
            ticks: total,
            max: MAX_SIMULATED_TICKS,
        });
    }
    let commands = Commands::of(motion);
    let rests = floor::rest_ticks(&rig, motion);
    let reach = judge::reaches(motion, rig.model);
    let mut sim = Sim::new(
        &rig,
        (motion, &commands, &reach),
        settings,
        rests.first().copied(),
    );
    let names = motion
        .locators
        .iter()
        .map(|l| crate::robot::joint_name(&motion.design, l).to_owned())
        .collect();
    let played = Played {
        cycle: commands.ticks(),
        total: cycle * repeat,
        names,
        reach,
    };
    let mut judge = Judge::new(&rig, rests, played);
    let total_usize = usize::try_from(total).unwrap_or(0);
    let mut ticks = Vec::with_capacity(total_usize);
    let last = commands.ticks().saturating_sub(1);
    for _ in 0..LEAD_IN_TICKS {
        sim.tick(commands.row(0));
    }
    sim.start_here();
    for tick in 0..total {
        let command_tick = if tick < cycle * repeat { tick } else { last };
        let row = commands.row(command_tick).to_vec();
        let stepped = sim.tick(&row);
        let state = sim.read(tick, &row, stepped);
        judge.see(&state, &stepped, &sim.torque_lags, &row);
        ticks.push(state);
        if tick % 64 == 63 {
            #[expect(clippy::cast_precision_loss, reason = "a share")]
            let done = (tick + 1) as f32 / total as f32;
            if !progress(done) {
                return Err(SimulateError::Cancelled);
            }
        }
    }
    let summary = judge.finish(&ticks);
    Ok(Simulation {
        settings,
        ticks,
        parts: rig.parts(),
        cycle_ticks: cycle,
        summary,
    })
}

/// The robot being simulated, with its servos' state.
struct Sim<'a> {
    rig: &'a Rig,
    links: Vec<Link>,
    robot: Robot,
    columns: usize,
    /// Each link's servo setpoint (radians, the file's sense).
    setpoints: Vec<f32>,
    /// The setpoints a tick ago, and the tick's speeds and a step's targets (rapier's
    /// sense): kept to be refilled, not allocated each step.
    from: Vec<f32>,
    speeds: Vec<f32>,
    targets: Vec<f32>,
    /// Each link's top speed (radians a tick).
    top_speed: Vec<f32>,
    /// Where each link's servo stops (radians, low and high; none: anywhere).
    stops: Vec<Option<(f32, f32)>>,
    /// Where the torso started (after the lead-in): position and heading.
    origin: (Vector, f32),
    heading: f32,
    /// Each column's lag behind its setpoint (degrees) at the last tick.
    torque_lags: Vec<f32>,
    paw_radius_m: f32,
}

impl<'a> Sim<'a> {
    fn new(
        rig: &'a Rig,
        (motion, commands, reach): (&Motion, &Commands, &[Option<Reach>]),
        settings: Settings,
        rest: Option<floor::Rest>,
    ) -> Self {
        let links = model::links(rig);
        #[expect(clippy::cast_possible_truncation, reason = "radians")]
        let rad = |deg: f64| deg.to_radians() as f32;
        // Each link's servo stops where its column's reach says: a command beyond goes as
        // far as the stop (the first pose too).
        let stops: Vec<Option<(f32, f32)>> = links
            .iter()
            .map(|l| {
                l.column
                    .and_then(|c| reach.get(c).copied().flatten())
                    .map(|r| (rad(r.stop_deg.0), rad(r.stop_deg.1)))
            })
            .collect();
        let first = commands.row(0);
        let setpoints: Vec<f32> = links
            .iter()
            .zip(&stops)
            .map(|(l, stop)| {
                l.column
                    .and_then(|c| first.get(c))
                    .map_or(0.0, |&v| within(radians(v), *stop))
            })
            .collect();
        let bounds = speed_bounds(motion, rig.model);
        let top_speed = links
            .iter()
            .map(|l| {
                let step = l
                    .column
                    .and_then(|c| bounds.iter().find(|b| b.joint == c))
                    .map_or(deg_to_urad(10.0), |b| b.step_urad);
                radians(step)
            })
            .collect();
        let rest = rest.unwrap_or_default();
        let up = Vector::new(rest.up[0], rest.up[1], rest.up[2]).normalize_or(Vector::Z);
        let rotation = Rotation::from_rotation_arc(up, Vector::Z);
        let pose = Pose::from_parts(
            Vector::new(0.0, 0.0, rest.height_mm / 1000.0 + 0.001),
            rotation,
        );
        #[expect(clippy::cast_possible_truncation, reason = "a coefficient")]
        let mu = settings.floor.mu() as f32;
        let angles: Vec<f32> = links
            .iter()
            .zip(&setpoints)
            .map(|(l, &s)| sign(l) * s)
            .collect();
        let robot = world::build(&links, mu, pose, &angles, torso_inertia(&links));
        #[expect(clippy::cast_possible_truncation, reason = "millimetres")]
        let paw_radius_m = (rig.paw_radius_mm() / 1000.0) as f32;
        Self {
            rig,
            columns: commands.columns,
            links,
            robot,
            from: setpoints.clone(),
            speeds: Vec::with_capacity(setpoints.len()),
            targets: Vec::with_capacity(setpoints.len()),
            stops,
            setpoints,
            top_speed,
            origin: (Vector::ZERO, 0.0),
            heading: 0.0,
            torque_lags: vec![0.0; commands.columns],
            paw_radius_m,
        }
    }

    /// One tick toward `row`'s commands: the setpoints move, the physics steps.
    fn tick(&mut self, row: &[i32]) -> Stepped {
        self.from.clone_from(&self.setpoints);
        for (((set, link), &top), stop) in self
            .setpoints
            .iter_mut()
            .zip(&self.links)
            .zip(&self.top_speed)
            .zip(&self.stops)
        {
            let Some(&command) = link.column.and_then(|c| row.get(c)) else {
                continue;
            };
            *set += (within(radians(command), *stop) - *set).clamp(-top, top);
        }
        #[expect(clippy::cast_precision_loss, reason = "a tick's length")]
        let tick_s = TICK_MS as f32 / 1000.0;
        self.speeds.clear();
        self.speeds.extend(
            self.setpoints
                .iter()
                .zip(&self.from)
                .zip(&self.links)
                .map(|((&to, &from), l)| sign(l) * (to - from) / tick_s),
        );
        // Each paw on the floor: the point of its ball touching the floor now, held by the
        // ball, to see how far the ball carries it along the floor in the tick.
        let held = self.contact_points();
        for step in 1..=STEPS_PER_TICK {
            #[expect(clippy::cast_precision_loss, reason = "a share")]
            let t = step as f32 / STEPS_PER_TICK as f32;
            self.targets.clear();
            self.targets.extend(
                self.setpoints
                    .iter()
                    .zip(&self.from)
                    .zip(&self.links)
                    .map(|((&to, &from), l)| sign(l) * (from + (to - from) * t)),
            );
            self.robot.drive(&self.targets, &self.speeds);
            self.robot.world.step();
        }
        let mut stepped = Stepped::default();
        for ((slot, at), held) in stepped
            .slide_mm
            .iter_mut()
            .zip(&mut stepped.at_mm)
            .zip(held)
        {
            let Some((body, local, was)) = held else {
                continue;
            };
            *at = Some(self.in_start_frame([was.x, was.y]));
            let Some(body) = self.robot.world.bodies.get(body) else {
                continue;
            };
            let now = body.position().transform_point(local);
            // In the frame the body started in, as its travel is.
            *slot = self.in_start_frame([now.x - was.x, now.y - was.y]);
        }
        stepped
    }

    /// For each paw on the floor carrying weight ([`CARRYING_N`]): its lower leg's body, the
    /// point of its ball touching the floor in that body's frame, and where that point is.
    fn contact_points(&self) -> [Option<(RigidBodyHandle, Vector, Vector)>; 4] {
        let mut held = [None; 4];
        for (slot, &collider) in held.iter_mut().zip(&self.robot.paws) {
            *slot = self.contact_point(collider);
        }
        held
    }

    /// [`Self::contact_points`] of one paw's ball.
    fn contact_point(&self, collider: ColliderHandle) -> Option<(RigidBodyHandle, Vector, Vector)> {
        let c = self.robot.world.colliders.get(collider)?;
        let centre = c.position().translation;
        #[expect(clippy::cast_possible_truncation, reason = "millimetres")]
        let gap = (TOUCH_GAP_MM / 1000.0) as f32;
        if centre.z - self.paw_radius_m > gap || self.robot.floor_force(collider) < CARRYING_N {
            return None;
        }
        let handle = c.parent()?;
        let body = self.robot.world.bodies.get(handle)?;
        let point = centre - Vector::Z * self.paw_radius_m;
        Some((
            handle,
            body.position().inverse_transform_point(point),
            point,
        ))
    }

    /// A vector of the floor (m) in the frame the body started in (mm: forward, left).
    fn in_start_frame(&self, [x, y]: [f32; 2]) -> [f32; 2] {
        let (s, c) = self.origin.1.sin_cos();
        [(x * c + y * s) * 1000.0, (-x * s + y * c) * 1000.0]
    }

    /// Takes where the torso is now as where it started.
    fn start_here(&mut self) {
        let pose = self.robot.torso();
        let heading = heading_of(pose.rotation);
        self.origin = (pose.translation, heading);
        self.heading = heading;
    }

    /// The robot as it is after `tick`, commanded `row`.
    fn read(&mut self, tick: u64, row: &[i32], stepped: Stepped) -> Tick {
        let pose = self.robot.torso();
        let (start, start_heading) = self.origin;
        // The heading unwound: each tick turns it by less than half a turn.
        let now = heading_of(pose.rotation);
        let mut turn = now - self.heading;
        turn -= (turn / std::f32::consts::TAU).round() * std::f32::consts::TAU;
        self.heading += turn;
        let (s, c) = start_heading.sin_cos();
        let d = pose.translation - start;
        let up = pose.rotation.inverse() * Vector::Z;
        let angles = self.robot.angles();
        let mut values = vec![0i32; self.columns];
        let mut lag_deg = vec![0.0f32; self.columns];
        for ((link, &angle), &set) in self.links.iter().zip(&angles).zip(&self.setpoints) {
            let Some(column) = link.column.filter(|&c| c < self.columns) else {
                continue;
            };
            let actual = sign(link) * angle;
            values[column] = deg_to_urad(f64::from(actual.to_degrees()));
            let command = row.get(column).map_or(0.0, |&v| radians(v));
            lag_deg[column] = (command - actual).to_degrees();
            self.torque_lags[column] = (set - actual).to_degrees();
        }
        #[expect(clippy::cast_possible_truncation, reason = "degrees")]
        let narrow = |v: f64| v as f32;
        #[expect(clippy::cast_precision_loss, reason = "a tick's length")]
        let tick_s = TICK_MS as f32 / 1000.0;
        Tick {
            time_ms: tick * TICK_MS,
            position_mm: [(d.x * c + d.y * s) * 1000.0, (-d.x * s + d.y * c) * 1000.0],
            height_mm: pose.translation.z * 1000.0,
            heading_deg: (self.heading - start_heading).to_degrees(),
            roll_deg: narrow(f64::from(up.y).atan2(f64::from(up.z)).to_degrees()),
            pitch_deg: narrow(f64::from(up.x.clamp(-1.0, 1.0)).asin().to_degrees()),
            touching: self.touching(pose, &values),
            slip_mm_s: stepped
                .slide_mm
                .map(|[x, y]| (x * x + y * y).sqrt() / tick_s),
            lag_deg,
        }
    }

    /// Which of the rig's parts touch the floor with the body at `pose` and its joints at
    /// `values`.
    fn touching(&self, pose: Pose, values: &[i32]) -> u32 {
        let body = self.rig.pose(values);
        let mut bits = 0u32;
        for (i, touch) in body.touches.iter().enumerate().take(32) {
            let at = pose.transform_point(world::metres(touch.at));
            let gap_mm = f64::from(at.z) * 1000.0 - touch.radius;
            if gap_mm < TOUCH_GAP_MM {
                bits |= 1 << i;
            }
        }
        bits
    }
}

/// An angle held within a servo's stops (radians), where it has them.
fn within(angle: f32, stop: Option<(f32, f32)>) -> f32 {
    stop.map_or(angle, |(low, high)| angle.clamp(low, high))
}

fn sign(link: &Link) -> f32 {
    if link.sign < 0.0 { -1.0 } else { 1.0 }
}

/// Where the body's nose points on the floor (radians from the floor's x).
fn heading_of(rotation: Rotation) -> f32 {
    let x = rotation * Vector::X;
    x.y.atan2(x.x)
}
