//! Where the posing handles are: in the floor frame of the picture, and on screen.

use crate::app::motion::stage::camera::Camera;
use crate::robot::floor::{Rig, Settled};
use crate::robot::kinematics::{Leg, Vec3};
use crate::robot::place::{Frame, look, paws};
use egui::{Pos2, Rect};

/// A handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handle {
    /// A paw ([`Leg::ALL`]'s index).
    Paw(usize),
    /// The body.
    Body,
    /// What the head looks at.
    Look,
    /// The tail's tip.
    Tail,
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
    /// What the head looks at: a point along its gaze (None: no head joints).
    pub look: Option<Vec3>,
    /// The tail's tip (None: no tail).
    pub tail: Option<Vec3>,
    /// The frame the pose rests in.
    pub frame: Frame,
    /// The floor's up in the body frame.
    pub up: Vec3,
}

/// How far above the body's origin its handle is (mm): on the back, not inside the torso.
const BODY_HANDLE_MM: f64 = 45.0;
/// How far ahead of the head's camera the look-at handle is (mm).
pub const LOOK_MM: f64 = 45.0;

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
            look: look::gaze_of(&body, LOOK_MM).map(|(_, at)| frame.to_floor(at)),
            tail: body.tail.map(|[_, tip]| frame.to_floor(tip)),
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
    for (handle, at) in [
        (Handle::Body, Some(handles.body)),
        (Handle::Look, handles.look),
        (Handle::Tail, handles.tail),
    ] {
        if let Some(p) = at.and_then(|at| camera.project(narrow(at), rect)) {
            out.push((handle, p.pos));
        }
    }
    out.retain(|(_, p)| rect.contains(*p));
    out
}

#[expect(clippy::cast_possible_truncation, reason = "millimetres on screen")]
/// A floor-frame point in the screen's precision.
pub fn narrow(v: Vec3) -> [f32; 3] {
    v.map(|c| c as f32)
}
