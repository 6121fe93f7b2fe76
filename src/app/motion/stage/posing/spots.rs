//! Where the posing handles are: in the floor frame of the picture, and on screen.

use crate::app::motion::stage::camera::Camera;
use crate::robot::floor::{Rig, Settled};
use crate::robot::kinematics::{Leg, Vec3};
use crate::robot::place::{Frame, paws};
use egui::{Pos2, Rect};

/// A handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    /// A paw ([`Leg::ALL`]'s index).
    Paw(usize),
    /// The body.
    Body,
}

/// Where the handles are, in the floor frame the picture is drawn in, and that frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Handles {
    /// Each paw's ball centre ([`Leg::ALL`]'s order).
    pub paws: [Vec3; 4],
    /// Which paws the floor has touching.
    pub touching: [bool; 4],
    /// Which legs the motion has (all three joints).
    pub legs: [bool; 4],
    /// The body's handle: above the body's origin.
    pub body: Vec3,
    /// The frame the pose rests in.
    pub frame: Frame,
    /// The floor's up in the body frame.
    pub up: Vec3,
}

/// How far above the body's origin its handle is (mm): on the back, not inside the torso.
const BODY_HANDLE_MM: f64 = 45.0;

impl Handles {
    /// The handles of a pose `values` resting as `settled`.
    #[must_use]
    pub fn of(rig: &Rig, values: &[i32], settled: &Settled) -> Self {
        let frame = Frame::of(settled);
        let body = rig.pose(values);
        let touching = Leg::ALL.map(|leg| {
            settled.contacts.iter().any(|&c| {
                body.touches
                    .get(c)
                    .is_some_and(|t| t.part == crate::robot::floor::Part::Paw(leg))
            })
        });
        Self {
            paws: paws(rig, values, &frame),
            touching,
            legs: Leg::ALL.map(|leg| rig.leg_joints(leg).iter().all(Option::is_some)),
            body: frame.to_floor([0.0, 0.0, BODY_HANDLE_MM]),
            frame,
            up: settled.up,
        }
    }
}

/// How near a handle the pointer must be to take it (points).
pub const HANDLE_RADIUS: f32 = 8.0;

/// Where each handle is on screen.
#[must_use]
pub fn on_screen(handles: &Handles, camera: &Camera, rect: Rect) -> Vec<(Handle, Pos2)> {
    let mut out: Vec<(Handle, Pos2)> = (0..4)
        .filter(|&i| handles.legs[i])
        .filter_map(|i| {
            Some((
                Handle::Paw(i),
                camera.project(narrow(handles.paws[i]), rect)?.pos,
            ))
        })
        .collect();
    if let Some(p) = camera.project(narrow(handles.body), rect) {
        out.push((Handle::Body, p.pos));
    }
    out.retain(|(_, p)| rect.contains(*p));
    out
}

#[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
pub fn narrow(v: Vec3) -> [f32; 3] {
    v.map(|c| c as f32)
}
