//! The robot simulated on the floor with a physics engine (rapier): rigid bodies for the
//! torso, the head and neck, each leg's links and the tail (`model`), each joint a position
//! servo that follows the robot's own 8 ms commands at most at its top speed and with at
//! most its torque (`run`), on a floor with friction. What it tells: where the body went,
//! how it tilted, what touched the floor, how the paws slipped, how far each joint lagged;
//! and from that, its falls and slips (`judge`).
//!
//! Results repeat run to run on one machine: the world is built the same way and stepped
//! with the same steps on one thread.

mod judge;
mod model;
mod problems;
mod run;
mod simulation;
mod world;

#[cfg(test)]
mod tests;

pub use judge::{
    LIFTED_MM, LIFTED_MS, LIFTED_SLACK_MS, OFF_FLOOR_MS, ON_SIDE_DEG, SLIP_MM, TILT_DEG,
};
pub use model::{HEAD_TORQUE_NM, LEG_TORQUE_NM};
pub use problems::{down_at, fall_spans, simulated_problems};
pub use run::{LEAD_IN_TICKS, MAX_SIMULATED_TICKS};
pub use simulation::{Event, Floor, Settings, SimulateError, Simulation, Summary, Tick};
pub use world::STEP_S;

use crate::codec::mtn::Motion;

/// Simulates `motion` on the floor. `progress` is told the share done now and then (0 to
/// 1); when it answers false the simulation stops ([`SimulateError::Cancelled`]).
///
/// # Errors
/// See [`SimulateError`].
pub fn simulate(
    motion: &Motion,
    settings: Settings,
    progress: &mut dyn FnMut(f32) -> bool,
) -> Result<Simulation, SimulateError> {
    run::simulate(motion, settings, progress)
}
